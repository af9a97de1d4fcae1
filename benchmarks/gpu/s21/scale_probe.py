"""Session 21: scaling a 1 GB bf16 gradient in place by a 0-d CUDA cotangent, three ways."""
import torch

g = torch.randn(128256, 4096, device="cuda", dtype=torch.bfloat16)
h = torch.randn(8192, 4096, device="cuda", dtype=torch.bfloat16)
d = torch.randn((), device="cuda")


def timed(f, reps=10):
    f()
    a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    a.record()
    for _ in range(reps):
        f()
    b.record()
    torch.cuda.synchronize()
    return a.elapsed_time(b) / reps


print("mul_(0-d cuda bf16)  ms", round(timed(lambda: (h.mul_(d.to(h.dtype)), g.mul_(d.to(g.dtype)))), 3))
print("_foreach_mul_(0-d)   ms", round(timed(lambda: torch._foreach_mul_([h, g], d.to(g.dtype))), 3))
print("mul_(python float)   ms", round(timed(lambda: (h.mul_(0.999), g.mul_(0.999))), 3))
x = torch.randn(1000, device="cuda", dtype=torch.bfloat16)
y = x.clone()
torch._foreach_mul_([y], d.to(torch.bfloat16))
print("foreach equals mul_:", bool(torch.equal(y, x * d.to(torch.bfloat16))))
