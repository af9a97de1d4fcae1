"""Moving torch tensors through the library: ``run(entry, inputs, params)`` calls a registered entry
point on torch tensors and returns torch tensors on the inputs' device.

Layout: the library takes contiguous row-major tensors. A non-contiguous input (e.g. HF's
``q.transpose(1, 2)``) is copied with ``.contiguous()`` first, explicitly, as Liger does; the
caller's tensor is never written.

CPU tensors run on the library's CPU target with no copies: each input is read in place
(``Tensor.borrow_host`` over ``data_ptr()``, holding the torch tensor for the call); each output's
memory is handed over to the torch tensor that views it (``Tensor.take_host_array``, NumPy's array
interface), and the library never touches it again. The library never writes an input's memory:
an in-place entry (``*.in_place_backward``) writes over a copy it makes first, so its outputs are
fresh tensors and the caller's are not written.

CUDA tensors run on the library's CUDA target (``cuda:N`` for the tensor's device N) with no
copies:

- Inputs are borrowed (``Tensor.borrow_cuda``): the kernels read the torch tensor's memory in
  place, and the library tensor keeps the torch tensor alive.
- Every allocation of the call, outputs and scratch, is ``torch.empty(n, dtype=torch.uint8)`` on
  the device (``call_allocating``): torch's caching allocator on torch's current stream, so
  ``torch.cuda.max_memory_allocated`` counts the library's memory as it counts Liger's. Each
  output becomes a tensor over its uint8 tensor's storage (``storage_owner``; a fresh tensor
  sharing the storage, not an autograd view). An output the allocator did not make (an empty
  one) takes the copy path.
- In-place entries (``*.in_place_backward``) write their outputs over borrowed inputs (the
  binding hands the inputs over, ``EntryPoint::call_owned``): such an output is that input's
  memory, and comes back as the input tensor itself, the caller's tensor (or the contiguous copy
  ``_prepare`` made of it), now holding the output. An input that shares memory with another
  input is copied by the library first, and its output is allocator memory as above.
- Ordering. The library queues all its work on its own stream L (``stream_handle``, seen by torch
  as a ``torch.cuda.ExternalStream``); torch's current stream is S. Before the call, L waits for
  an event recorded on S, after the last input was made (so the kernels read what S wrote, and
  memory torch hands the library is free of S's earlier users); after the call, S waits for an
  event recorded on L, so whatever S does next (reading the outputs, reusing freed memory) runs
  after the library's work. Neither wait blocks the host: the host waits only where the library
  itself reads a device value (e.g. validating cross-entropy targets) or an output takes the copy
  path.
- Memory torch frees. Freed memory goes back to torch's caching allocator, which hands it out
  again for work on S, so nothing the library's queued work still uses may be freed before S
  waits for L: the inputs (and contiguous copies of them) stay referenced here until then; scratch
  the library frees during the call is held by the binding, reused by the same call's later
  allocations (ordered on L), and handed back here as ``released``, dropped only after S waits for
  L. After that wait every freed block is ordered after the library's work on S, as torch
  assumes. If the call fails, the binding waits for L (a host synchronisation on the error path
  only) before it drops what it holds. Outputs are ordinary tensors of S from then on.
  Tensors used on other streams follow torch's usual rules (``record_stream``): the library orders
  itself with the current stream only.

This path runs on the lead's H200 (``python/tests/test_torch.py``'s CUDA tests); the build
machine has no GPU. Set ``METILE_TORCH_CUDA=0`` to refuse CUDA tensors instead.
"""

import math
import os

import numpy as np
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

# The library's stream of each CUDA device, as torch sees it.
_STREAMS = {}


def library_device(device):
    """The library's device name for a torch device."""
    if device.type == "cpu":
        return "cpu"
    if device.type == "cuda":
        if os.environ.get("METILE_TORCH_CUDA", "1") == "0":
            raise RuntimeError("metile: CUDA tensors are refused (METILE_TORCH_CUDA=0)")
        return f"cuda:{device.index if device.index is not None else torch.cuda.current_device()}"
    raise RuntimeError(f"metile: tensors on {device.type} are not supported; use cpu or cuda")


def _prepare(t, what):
    """``t`` as the library takes it: a supported dtype (other integers as int64), detached and
    contiguous (a copy when it is not)."""
    if t.dtype not in _TO_METILE:
        if t.dtype.is_floating_point or t.dtype.is_complex:
            raise TypeError(f"{what}: dtype {t.dtype} is not supported; use float32, float16 or bfloat16")
        t = t.to(torch.int64)
    t = t.detach()
    return t if t.is_contiguous() else t.contiguous()


def to_library(t, lib_device, what):
    """A library tensor of CPU tensor ``t``'s values (see the module doc for layout): on the
    library's cpu device it reads ``t``'s memory in place (``Tensor.borrow_host``, holding ``t``;
    the library copies it before writing it), on another device a copy."""
    t = _prepare(t, what)  # a CPU tensor (CUDA ones are borrowed), now contiguous
    if lib_device == "cpu":
        return _metile.Tensor.borrow_host(_TO_METILE[t.dtype], list(t.shape), t.data_ptr(), t)
    return _metile.Tensor.from_host_memory(_TO_METILE[t.dtype], list(t.shape), t.data_ptr(), t, lib_device)


def borrow(t, lib_device):
    """A library tensor over CUDA tensor ``t``'s memory (``t`` prepared: contiguous, a library
    dtype), keeping ``t`` alive; no copy."""
    return _metile.Tensor.borrow_cuda(_TO_METILE[t.dtype], list(t.shape), t.data_ptr(), lib_device, t)


def over_storage(owner, offset, dtype, shape):
    """A ``dtype`` tensor of ``shape`` over uint8 tensor ``owner``'s storage from byte ``offset``
    (not an autograd view: it shares the storage); ``None`` when it would not fit or align."""
    size = dtype.itemsize
    nbytes = math.prod(shape) * size
    start = owner.storage_offset() + offset
    if owner.dtype != torch.uint8 or start % size or offset + nbytes > owner.numel():
        return None
    strides = [1] * len(shape)
    for i in range(len(shape) - 2, -1, -1):
        strides[i] = strides[i + 1] * shape[i + 1]
    t = torch.empty(0, dtype=dtype, device=owner.device)
    return t.set_(owner.untyped_storage(), start // size, shape, strides)


def to_torch(lt, device):
    """A torch tensor on ``device`` holding the values of ``lt``, a call's own output: on the
    CPU its memory (``lt`` is emptied); on CUDA, an output written over a borrowed input is that
    input tensor, an output over memory the allocator made is that memory; anything else is
    copied."""
    dtype = _TO_TORCH[lt.dtype]
    shape = tuple(lt.shape)
    if device.type == "cpu":
        # A call's own output: its memory becomes the tensor's (no copy; `lt` is emptied).
        t = torch.from_numpy(np.asarray(lt.take_host_array()))
        return t.view(torch.bfloat16) if dtype == torch.bfloat16 else t
    if device.type == "cuda":
        held = lt.storage_owner()
        if held is not None and isinstance(held[0], torch.Tensor) and held[0].device == device:
            owner, offset = held
            if owner.dtype == dtype and tuple(owner.shape) == shape and offset == 0:
                # A borrowed input an in-place entry wrote over (the allocator's blocks are
                # uint8, a dtype no output has).
                return owner
            t = over_storage(owner, offset, dtype, shape)
            if t is not None:
                return t
    data = lt.to_bytes()
    if len(data) == 0:
        return torch.empty(shape, dtype=dtype, device=device)
    return torch.frombuffer(data, dtype=dtype).reshape(shape).to(device)


def library_stream(device, lib_device):
    """The library's stream of CUDA device ``device`` as a torch stream."""
    s = _STREAMS.get(lib_device)
    if s is None:
        s = _STREAMS[lib_device] = torch.cuda.ExternalStream(_metile.stream_handle(lib_device), device=device)
    return s


def allocator(device):
    """The allocator of a call on ``device``: torch's caching allocator, on torch's current stream."""
    return lambda nbytes: torch.empty(nbytes, dtype=torch.uint8, device=device)


def _run_cuda(entry, given, text, device, lib_device):
    """``run`` on CUDA tensors: no copies; see the module doc for the ordering."""
    tensors = {k: _prepare(v, f"{entry}: input `{k}`") for k, v in given.items()}
    torch_stream = torch.cuda.current_stream(device)
    lib_stream = library_stream(device, lib_device)
    lib_stream.wait_stream(torch_stream)
    lib = {k: borrow(t, lib_device) for k, t in tensors.items()}
    released = None
    try:
        out, released = _metile.call_allocating(entry, lib, text, lib_device, allocator(device))
        return {k: to_torch(v, device) for k, v in out.items()}
    finally:
        torch_stream.wait_stream(lib_stream)
        # Only now may torch reuse what the library's work used.
        del released, lib, tensors


def run(entry, inputs, params=None):
    """Runs ``entry`` on torch ``inputs`` (name -> tensor, or None when absent) with ``params``;
    returns the outputs by name as torch tensors on the inputs' device."""
    given = {k: v for k, v in inputs.items() if v is not None}
    devices = {v.device for v in given.values()}
    if len(devices) != 1:
        raise ValueError(f"{entry}: inputs must be on one device, got {sorted(map(str, devices))}")
    device = devices.pop()
    lib_device = library_device(device)
    text = {k: param_text(v) for k, v in (params or {}).items() if v is not None}
    if device.type == "cuda":
        return _run_cuda(entry, given, text, device, lib_device)
    lib = {k: to_library(v, lib_device, f"{entry}: input `{k}`") for k, v in given.items()}
    out = _metile.call(entry, lib, text, lib_device)
    return {k: to_torch(v, device) for k, v in out.items()}
