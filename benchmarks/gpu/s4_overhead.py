"""Where metile.torch spends its host time on CUDA (session 4, 2026-11-30): the RMSNorm forward and
forward+backward through the adapters at 16384x4096 bf16 and at a tiny shape (launch-bound),
timed per call, then cProfile and torch.profiler of the forward+backward loop."""
import cProfile, pstats, time, torch
from metile.torch.ops import RMSNormFunction

def timed(fn, n=50):
    for _ in range(5): fn()
    torch.cuda.synchronize(); t = time.perf_counter()
    for _ in range(n): fn()
    host = (time.perf_counter() - t) / n
    torch.cuda.synchronize(); total = (time.perf_counter() - t) / n
    return host * 1e3, total * 1e3

for rows, cols in [(16384, 4096), (8, 256)]:
    x = torch.randn(rows, cols, device="cuda", dtype=torch.bfloat16, requires_grad=True)
    w = torch.randn(cols, device="cuda", dtype=torch.bfloat16, requires_grad=True)
    dy = torch.randn_like(x)
    fwd = lambda: RMSNormFunction.apply(x, w)
    def fb():
        y = RMSNormFunction.apply(x, w); y.backward(dy)
    def bwd_only(y=[None]):
        pass
    for name, fn in [("fwd", fwd), ("fwd+bwd", fb)]:
        h, t = timed(fn)
        print(f"{rows}x{cols} {name}: host {h:.3f} ms/call, with GPU {t:.3f} ms/call")

x = torch.randn(8, 256, device="cuda", dtype=torch.bfloat16, requires_grad=True)
w = torch.randn(256, device="cuda", dtype=torch.bfloat16, requires_grad=True)
dy = torch.randn_like(x)
def fb():
    y = RMSNormFunction.apply(x, w); y.backward(dy)
for _ in range(10): fb()
cProfile.run("for _ in range(100): fb()", "/tmp/prof")
pstats.Stats("/tmp/prof").sort_stats("tottime").print_stats(14)
from torch.profiler import profile, ProfilerActivity
with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as p:
    for _ in range(20): fb()
    torch.cuda.synchronize()
print(p.key_averages().table(sort_by="self_cpu_time_total", row_limit=18))
