"""Moving torch tensors through the library: ``run(entry, inputs, params)`` calls a registered
entry point on torch tensors and returns torch tensors on the inputs' device.

Layout: the library takes contiguous row-major tensors. A non-contiguous input (e.g. HF's
``q.transpose(1, 2)``) is copied with ``.contiguous()`` first, explicitly, as Liger does; the
caller's tensor is never written.

CPU tensors run on the library's CPU target: their bytes are copied into a library tensor and
the results copied back (no torch memory is shared with the library).

CUDA tensors run on the library's CUDA target (``cuda:N`` for the tensor's device N), staged
through host memory: each input is copied to the host (``.cpu()``, which waits for torch's
current stream), uploaded to the library's device, the kernels run on the library's own stream,
and the results are downloaded (waiting for that stream) and copied back to the tensor's
device. This is correct stream ordering but **not zero-copy**, and it is **untested here** (no
GPU on the build machine): the zero-copy path needs a runtime API that wraps a foreign device
pointer as a borrowed buffer and launches on a caller's stream, which ``metile_runtime`` does
not offer yet. Set ``METILE_TORCH_CUDA=0`` to refuse CUDA tensors instead.
"""

import os

import torch

from .. import _metile
from .._arrays import param_text

_TO_METILE = {
    torch.float32: "f32",
    torch.float16: "f16",
    torch.bfloat16: "bf16",
    torch.int32: "i32",
    torch.int64: "i64",
    torch.bool: "bool",
}
_TO_TORCH = {v: k for k, v in _TO_METILE.items()}


def library_device(device):
    """The library's device name for a torch device."""
    if device.type == "cpu":
        return "cpu"
    if device.type == "cuda":
        if os.environ.get("METILE_TORCH_CUDA", "1") == "0":
            raise RuntimeError("metile: CUDA tensors are refused (METILE_TORCH_CUDA=0)")
        return f"cuda:{device.index if device.index is not None else torch.cuda.current_device()}"
    raise RuntimeError(f"metile: tensors on {device.type} are not supported; use cpu or cuda")


def to_library(t, lib_device, what):
    """A library tensor holding ``t``'s values (see the module doc for layout and devices)."""
    if t.dtype not in _TO_METILE:
        if t.dtype.is_floating_point or t.dtype.is_complex:
            raise TypeError(f"{what}: dtype {t.dtype} is not supported; use float32, float16 or bfloat16")
        t = t.to(torch.int64)
    t = t.detach()
    if not t.is_contiguous():
        t = t.contiguous()
    host = t.cpu().reshape(-1)
    data = host.view(torch.uint8).numpy().tobytes() if host.numel() else b""
    return _metile.Tensor.from_bytes(_TO_METILE[t.dtype], list(t.shape), data, lib_device)


def to_torch(lt, device):
    """A torch tensor on ``device`` holding library tensor ``lt``'s values."""
    dtype = _TO_TORCH[lt.dtype]
    shape = tuple(lt.shape)
    data = lt.to_bytes()
    if len(data) == 0:
        return torch.empty(shape, dtype=dtype, device=device)
    t = torch.frombuffer(data, dtype=dtype).reshape(shape)
    return t if device.type == "cpu" else t.to(device)


def run(entry, inputs, params=None):
    """Runs ``entry`` on torch ``inputs`` (name -> tensor, or None when absent) with ``params``;
    returns the outputs by name as torch tensors on the inputs' device."""
    given = {k: v for k, v in inputs.items() if v is not None}
    devices = {v.device for v in given.values()}
    if len(devices) != 1:
        raise ValueError(f"{entry}: inputs must be on one device, got {sorted(map(str, devices))}")
    device = devices.pop()
    lib_device = library_device(device)
    lib = {k: to_library(v, lib_device, f"{entry}: input `{k}`") for k, v in given.items()}
    text = {k: param_text(v) for k, v in (params or {}).items() if v is not None}
    out = _metile.call(entry, lib, text, lib_device)
    return {k: to_torch(v, device) for k, v in out.items()}
