"""Runs Liger-Kernel's softmax and LayerNorm forwards (bf16, 16384x4096) a few times, for ncu to
profile beside metile's kernels (session 5, second device call)."""
import torch
from liger_kernel.transformers import functional as LF

x = torch.randn(16384, 4096, device="cuda", dtype=torch.bfloat16)
w = torch.randn(4096, device="cuda", dtype=torch.bfloat16)
b = torch.randn(4096, device="cuda", dtype=torch.bfloat16)
for _ in range(3):
    LF.liger_softmax(x)
    LF.liger_layer_norm(x, w, b, 1e-6)
torch.cuda.synchronize()
