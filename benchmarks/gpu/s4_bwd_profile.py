"""Host-time profile of metile.torch's RMSNorm backward alone on CUDA (session 4)."""
import cProfile, pstats, torch
from metile.torch.ops import RMSNormFunction
x = torch.randn(8, 256, device="cuda", dtype=torch.bfloat16, requires_grad=True)
w = torch.randn(256, device="cuda", dtype=torch.bfloat16, requires_grad=True)
dy = torch.randn_like(x)
ys = [RMSNormFunction.apply(x, w) for _ in range(110)]
for y in ys[:10]: y.backward(dy)
torch.cuda.synchronize()
cProfile.run("for y in ys[10:]: y.backward(dy)", "/tmp/prof")
pstats.Stats("/tmp/prof").sort_stats("tottime").print_stats(22)
