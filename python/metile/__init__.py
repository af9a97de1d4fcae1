"""metile: LLM training kernels (forward and explicit backward pairs) compiled from a tile DSL,
for NumPy and PyTorch.

- ``metile.backends.training_norms``, ``training_activations``, ``training_losses``,
  ``training_matmul``, ``training_rope``, ``training_embedding``, ``attention``: the NumPy API
  (arrays in, arrays out; a forward returns its result and a context for the backward).
- ``metile.torch``: ``torch.autograd.Function``s, modules and functionals over the same kernels,
  and ``metile.torch.apply(model)`` to patch Hugging Face models.
- ``metile.call(entry, inputs, params)``: any registered entry point by name (the list:
  ``metile.entry_points()``, as ``metile ops`` prints it).
- ``metile.Tensor``: a library tensor on a device (``cpu``, ``cuda:N``); every API accepts one
  in place of an array and then answers with Tensors on the same device.

Dtypes and the bfloat16 convention: see ``metile._arrays``. Errors: ``metile.errors``.
"""

from . import errors
from ._arrays import Tensor, call, to_numpy, to_tensor
from ._metile import describe, entry_points, synchronize
from .errors import DeviceError, InputError, MetileError, ParamError, UnknownEntryError

try:
    from importlib.metadata import version as _version

    __version__ = _version("metile")
except Exception:  # pragma: no cover - not installed as a distribution
    __version__ = "0.0.0"

__all__ = [
    "Tensor",
    "call",
    "describe",
    "entry_points",
    "errors",
    "synchronize",
    "to_numpy",
    "to_tensor",
    "DeviceError",
    "InputError",
    "MetileError",
    "ParamError",
    "UnknownEntryError",
]
