#!/usr/bin/env python3
"""What metile.torch costs on CPU tensors beyond its kernel: ``F.rms_norm`` on a 4096x4096 f32
CPU tensor, and the bridge's input copy (outputs are handed over without one), each the mean of
5 calls. Compare with ``metile bench rms_norm --rows 4096 --cols 4096`` (the kernel alone)."""
import time

import torch

from metile.torch import _bridge
from metile.torch import functional as F


def mean_ms(fn, n=5):
    fn()
    t = time.perf_counter()
    for _ in range(n):
        fn()
    return (time.perf_counter() - t) / n * 1e3


x, w = torch.randn(4096, 4096), torch.randn(4096)
print(f"rms_norm forward through metile.torch: {mean_ms(lambda: F.rms_norm(x, w)):.1f} ms")
print(f"input into the library:               {mean_ms(lambda: _bridge.to_library(x, 'cpu', 'x')):.1f} ms")
