"""metile for PyTorch: autograd Functions (``metile.torch.ops``), functionals
(``metile.torch.functional``), drop-in modules (``metile.torch.modules``) and
``metile.torch.apply(model)``, which patches Hugging Face Llama, Mistral, Qwen2/Qwen3 and Gemma
models by structure (see ``metile.torch.patch``).

CPU tensors run on the library's CPU target; CUDA tensors on its CUDA target with no copies
(inputs borrowed, outputs and scratch from torch's caching allocator, ordered with torch's
current stream by events; see ``metile.torch._bridge``). Non-contiguous inputs are made
contiguous (a copy) first. Every call is a ``torch.library`` custom operator, so
``torch.compile`` keeps it as one node.
"""

from . import functional, modules, ops
from .modules import (
    CrossEntropyLoss,
    DyT,
    Embedding,
    FusedAddRMSNorm,
    FusedCETVDLoss,
    FusedLinearCrossEntropyLoss,
    GeGLUMLP,
    GroupNorm,
    JSDLoss,
    KLDivLoss,
    LayerNorm,
    PolyNorm,
    RMSNorm,
    Softmax,
    Sparsemax,
    SwiGLUMLP,
    TVDLoss,
)
from .patch import Patch, apply, apply_to_gemma, apply_to_llama, apply_to_mistral, apply_to_qwen2, apply_to_qwen3

__all__ = [
    "functional",
    "modules",
    "ops",
    "apply",
    "apply_to_gemma",
    "apply_to_llama",
    "apply_to_mistral",
    "apply_to_qwen2",
    "apply_to_qwen3",
    "Patch",
    "CrossEntropyLoss",
    "DyT",
    "Embedding",
    "FusedAddRMSNorm",
    "FusedCETVDLoss",
    "FusedLinearCrossEntropyLoss",
    "GeGLUMLP",
    "GroupNorm",
    "JSDLoss",
    "KLDivLoss",
    "LayerNorm",
    "PolyNorm",
    "RMSNorm",
    "Softmax",
    "Sparsemax",
    "SwiGLUMLP",
    "TVDLoss",
]
