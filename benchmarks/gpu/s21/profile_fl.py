"""Session 21: where fused linear KL's forward+backward spends its time through metile.torch.

Times the forward (with gradients made, as in peers.py's fwd mode) and forward+backward
alternately with CUDA events (bf16, N 8192, H 4096, V 128256, the peers' inputs), then profiles
three forward+backward steps with torch.profiler and prints the kernels by CUDA time.
Usage: python3 profile_fl.py [fused_linear_kl_div|fused_linear_cross_entropy|liger_fused_linear_cross_entropy]
"""
import sys

import torch
import metile.torch.functional as mt
from torch.profiler import ProfilerActivity, profile

op = sys.argv[1] if len(sys.argv) > 1 else "fused_linear_kl_div"
torch.manual_seed(0)
N, H, V = 8192, 4096, 128256
dev, dt = "cuda", torch.bfloat16
h = torch.randn(N, H, device=dev, dtype=dt).requires_grad_()
w = (torch.randn(V, H, device=dev, dtype=dt) * 0.02).requires_grad_()
if op == "fused_linear_kl_div":
    q = torch.softmax(torch.randn(N, V, device=dev), -1).to(dt)
    fn = lambda: mt.fused_linear_kl_div(h, w, q)
elif op == "liger_fused_linear_cross_entropy":
    from liger_kernel.transformers.fused_linear_cross_entropy import LigerFusedLinearCrossEntropyLoss

    tg = torch.randint(0, V, (N,), device=dev)
    liger = LigerFusedLinearCrossEntropyLoss()
    fn = lambda: liger(w, h, tg)
else:
    tg = torch.randint(0, V, (N,), device=dev)
    fn = lambda: mt.fused_linear_cross_entropy(h, w, tg)
cot = torch.randn((), device=dev)


def fwd():
    return fn()


def fwd_bwd():
    fn().backward(cot)
    h.grad = None
    w.grad = None


def timed(f, reps=5):
    out = []
    for _ in range(reps):
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        a.record()
        f()
        b.record()
        torch.cuda.synchronize()
        out.append(a.elapsed_time(b))
    return sorted(out)


for f in (fwd, fwd_bwd):
    f()
torch.cuda.synchronize()
for rnd in range(2):
    print(op, "round", rnd, "fwd ms", [round(x, 2) for x in timed(fwd)])
    print(op, "round", rnd, "fwd+bwd ms", [round(x, 2) for x in timed(fwd_bwd)])
torch.cuda.reset_peak_memory_stats()
base = torch.cuda.memory_allocated()
fwd_bwd()
torch.cuda.synchronize()
print(op, "peak extra MiB fwd+bwd", round((torch.cuda.max_memory_allocated() - base) / 2**20, 1))
with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
    for _ in range(3):
        fwd_bwd()
    torch.cuda.synchronize()
print(prof.key_averages().table(sort_by="cuda_time_total", row_limit=25, max_name_column_width=70))

# Where the GPU waits: gaps between consecutive device activities of the profiled steps.
import json
import os
import tempfile

path = os.path.join(tempfile.mkdtemp(), "trace.json")
prof.export_chrome_trace(path)
events = json.load(open(path))["traceEvents"]
gpu = sorted((e for e in events if e.get("cat") in ("kernel", "gpu_memcpy", "gpu_memset") and "dur" in e),
             key=lambda e: e["ts"])
gaps = []
for a, b in zip(gpu, gpu[1:]):
    gap = b["ts"] - (a["ts"] + a["dur"])
    if gap > 0:
        gaps.append((gap, a["name"][:50], b["name"][:50]))
busy = sum(e["dur"] for e in gpu)
span = gpu[-1]["ts"] + gpu[-1]["dur"] - gpu[0]["ts"]
print(f"device span {span / 1e3:.2f} ms over 3 steps, busy {busy / 1e3:.2f} ms, idle {(span - busy) / 1e3:.2f} ms "
      f"in {sum(1 for g in gaps if g[0] > 20)} gaps over 20 us")
for gap, a, b in sorted(gaps, reverse=True)[:12]:
    print(f"  gap {gap / 1e3:8.3f} ms after {a} before {b}")
