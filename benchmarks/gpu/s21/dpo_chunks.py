"""Session 21: chunked DPO through metile.torch at 1, 2 and 4 pairs per chunk (the peers' shape:
8 pairs of 512 tokens, H 4096, V 128256, bf16, reference model), forward+backward ms (do_bench
median) and peak extra MiB."""
import torch
from triton.testing import do_bench

import metile.torch.functional as F

torch.manual_seed(0)
pairs, t, h, v = 8, 512, 4096, 128256
dt = torch.bfloat16
x = torch.randn(2 * pairs, t, h, device="cuda", dtype=dt).requires_grad_()
w = (torch.randn(v, h, device="cuda", dtype=dt) * 0.02).requires_grad_()
tg = torch.randint(0, v, (2 * pairs, t), device="cuda")
rx = torch.randn(2 * pairs, t, h, device="cuda", dtype=dt)
rw = torch.randn(v, h, device="cuda", dtype=dt) * 0.02
cot = torch.randn((), device="cuda")
for chunk in (1, 2, 4):
    step = lambda: F.chunked_dpo(x, w, tg, ref_input=rx, ref_weight=rw, chunk_size=chunk)[0].backward(cot)
    step()
    ms = do_bench(step, warmup=200, rep=1000, grad_to_none=[x, w], return_mode="median")
    x.grad = w.grad = None
    torch.cuda.synchronize()
    torch.cuda.empty_cache()
    torch.cuda.reset_peak_memory_stats()
    base = torch.cuda.memory_allocated()
    step()
    torch.cuda.synchronize()
    peak = (torch.cuda.max_memory_allocated() - base) / 2**20
    x.grad = w.grad = None
    print(f"chunk_size {chunk}: fwd+bwd {ms:.2f} ms, peak extra {peak:.0f} MiB", flush=True)
