"""Matrix product with a fused bias and activation (a linear layer; the library's ``matmul``).

- ``matmul_forward(x, weight, bias=None, *, activation="none", layout="nk", save_preact=True)``
  returns ``(output, context)``: ``act(x @ weight.T + bias)`` for ``layout="nk"`` (weight
  ``[N, K]``, PyTorch ``Linear``), ``act(x @ weight + bias)`` for ``layout="kn"`` (weight
  ``[K, N]``). ``x`` is ``[..., K]``; ``activation`` one of ``none``, ``relu``, ``silu``,
  ``quick_gelu``, ``gelu_tanh``. With an activation the pre-activation is kept for the backward
  unless ``save_preact=False`` (then the backward recomputes it).
- ``matmul_backward(context, output_gradient, *, grad_dtype="storage")`` returns
  :class:`MatmulGradients` ``(source, weight, bias)``: ``source`` in the storage dtype (FP32 with
  ``grad_dtype="f32"``), ``weight`` and ``bias`` FP32 (``bias`` None without bias).

``x``, ``weight`` and ``bias`` share one storage dtype (f32, f16 or bf16); products accumulate in
FP32 in a fixed order (deterministic); any sizes including 0.
"""

from typing import NamedTuple, Optional

from .._arrays import Context, prepare, run, take_numpy


class MatmulGradients(NamedTuple):
    """Gradients of a matrix product: of ``x``, the weight, and the bias (None without one)."""

    source: object
    weight: object
    bias: Optional[object]


def matmul_forward(x, weight, bias=None, *, activation="none", layout="nk", save_preact=True):
    """``act(x W^T + bias)`` (or ``x W`` with ``layout="kn"``); returns ``(output, context)``."""
    params = {"activation": activation, "layout": layout}
    entry = "matmul.forward"
    tensors, device, as_numpy = prepare(entry, {"x": x, "w": weight, "bias": bias})
    raw = run(entry, tensors, dict(params, save_preact=save_preact), device, as_numpy=False)
    saved = dict(tensors)
    if "z" in raw:
        saved["z"] = raw["z"]
    ctx = Context("matmul", saved, params, device, as_numpy)
    # `y` is not saved: handed over to NumPy without a copy.
    return (take_numpy(raw["y"]) if as_numpy else raw["y"]), ctx


def matmul_backward(context, output_gradient, *, grad_dtype="storage"):
    """The gradients of the forward that made ``context`` (see :class:`MatmulGradients`)."""
    if not isinstance(context, Context) or context.op != "matmul":
        raise TypeError("context must come from matmul_forward")
    g = context.backward("matmul.backward", {"dy": output_gradient}, {"grad_dtype": grad_dtype})
    return MatmulGradients(g["dx"], g["dw"], g.get("dbias"))
