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
- Ordering. The library queues the call's work (launches, copies, memsets, cuBLAS products) on
  torch's current stream S of the device (``torch.cuda.current_stream(device)``, passed to
  ``call_allocating`` as ``stream``): in S's order after whatever S queued before (so the kernels
  read what S wrote) and before whatever S queues next (reading the outputs). No events, no
  waits: the host waits only where the library itself reads a device value (e.g. validating
  cross-entropy targets) or an output takes the copy path. Like any torch operator, the call
  orders itself with the current stream only: tensors made or used on other streams follow
  torch's usual rules (``wait_stream``, ``record_stream``).
- Memory torch frees. All the call's memory is torch's, allocated on S (the allocator runs with
  S current) and used only by work on S, so freeing it is ordered as torch assumes: the inputs
  and outputs are ordinary tensors of S, and scratch the library frees during the call (reused
  by the same call's later allocations, then handed back as ``released``) goes back to the
  caching allocator as soon as the call returns, for work on S to reuse in S's order. On an
  error nothing needs waiting for either.
- CUDA graphs. With nothing but S touched, a call can be captured by ``torch.cuda.graph`` (warm
  it up once first, so its kernels are compiled and loaded before capture), unless the entry
  reads device values on the host or uploads host data (capture forbids host waits and pageable
  copies): by their host code the norms, activations and RoPE are capturable; cross-entropy,
  fused linear cross-entropy and the distillation losses (which read values on the host) and
  embedding's backward (which uploads an index built on the host) are not.
  ``python/tests/test_torch.py`` captures ``rms_norm.forward``.
- ``METILE_TORCH_STREAM=library`` (the default is ``current``) restores the earlier protocol:
  the library queues its work on its own stream L (``stream_handle``, seen by torch as a
  ``torch.cuda.ExternalStream``); L waits for S before the call and S waits for L after it (two
  event waits per call, not capturable), and the inputs and ``released`` stay referenced until S
  waits for L, because torch would hand freed memory to work on S while L may still use it (if
  the call fails, the binding waits for L before it drops what it holds).

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


def _prepare(t, entry, name):
    """``t`` (input ``name`` of ``entry``) as the library takes it: a supported dtype (other
    integers as int64), detached and contiguous (a copy when it is not)."""
    if t.dtype not in _TO_METILE:
        if t.dtype.is_floating_point or t.dtype.is_complex:
            raise TypeError(f"{entry}: input `{name}`: dtype {t.dtype} is not supported; "
                            "use float32, float16 or bfloat16")
        t = t.to(torch.int64)
    t = t.detach()
    return t if t.is_contiguous() else t.contiguous()


def to_library(t, entry, name):
    """A library cpu tensor that reads CPU tensor ``t`` (input ``name`` of ``entry``) in place
    (``Tensor.borrow_host``, holding ``t``; the library copies it before writing it; see the
    module doc for layout)."""
    t = _prepare(t, entry, name)  # a CPU tensor (CUDA ones are borrowed), now contiguous
    return _metile.Tensor.borrow_host(_TO_METILE[t.dtype], list(t.shape), t.data_ptr(), t)


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


def stream_mode():
    """Where CUDA calls queue their work: ``current`` (torch's current stream, the default) or
    ``library`` (the library's stream, ordered with torch's by events), from
    ``METILE_TORCH_STREAM``, read at every call."""
    mode = os.environ.get("METILE_TORCH_STREAM", "current")
    if mode not in ("current", "library"):
        raise ValueError(f"metile: METILE_TORCH_STREAM={mode!r}; use 'current' or 'library'")
    return mode


def _current_stream(device):
    """The raw ``CUstream`` of torch's current stream on ``device``: ``torch.cuda.current_stream
    (device).cuda_stream``, through torch's own raw getter where it has one (what its compiled
    code calls; about 0.3 us against 6 us per call, H200 box, torch 2.11)."""
    raw = getattr(torch._C, "_cuda_getCurrentRawStream", None)
    if raw is None:  # pragma: no cover - a torch without the getter
        return torch.cuda.current_stream(device).cuda_stream
    return raw(device.index if device.index is not None else torch.cuda.current_device())


def _run_cuda(entry, given, text, device, lib_device):
    """``run`` on CUDA tensors: no copies; see the module doc for the ordering."""
    tensors = {k: _prepare(v, entry, k) for k, v in given.items()}
    if stream_mode() == "current":
        stream = _current_stream(device)
        lib = {k: borrow(t, lib_device) for k, t in tensors.items()}
        # Everything freed during the call is ordered on the current stream: `released` may go.
        out, _released = _metile.call_allocating(entry, lib, text, lib_device, allocator(device), stream)
        return {k: to_torch(v, device) for k, v in out.items()}
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
    lib = {k: to_library(v, entry, k) for k, v in given.items()}
    out = _metile.call(entry, lib, text, lib_device)
    return {k: to_torch(v, device) for k, v in out.items()}
