"""Normalization pairs: RMSNorm, LayerNorm and fused add + RMSNorm (the library's ``norms``).

- ``rms_norm_forward(x, weight=None, epsilon=1e-5, *, offset=0.0, casting_mode="llama")``
  returns ``(output, context)``: ``x * inverse * (offset + weight)`` with
  ``inverse = 1 / sqrt(mean(x*x) + epsilon)`` over each row.
- ``layer_norm_forward(x, weight, bias, epsilon=1e-5)`` returns ``(output, context)``: the row
  centred by its mean, scaled by the inverse square root of the population variance of the
  centred values plus epsilon, then ``* weight + bias``.
- ``add_rms_norm_forward(x, residual, weight, epsilon=1e-5, *, offset=0.0,
  casting_mode="llama")`` returns ``(output, residual_sum, context)``: the sum ``x + residual``
  in FP32, normalized unrounded; ``residual_sum`` is that sum rounded to the input dtype.
- ``norm_backward(context, output_gradient, residual_output_gradient=None)`` returns
  :class:`NormGradients` ``(source, weight, bias, residual)``; ``residual_output_gradient``
  (fused add only, zero when absent) is added to both ``source`` and ``residual``.

Bounds (the library's, a superset of the seed's): ``x`` is ``[..., columns]`` with any leading
axes (``(rows, columns)`` in the seed), 1 to 16,777,216 columns and any number of rows (none
gives empty outputs and zero parameter gradients); weight and bias ``(columns,)``; residual and
cotangents like ``x``. Storage f32, f16 or bf16 (the residual must match ``x``; weight, bias and
cotangents may each use any of them). Statistics and sums are FP32; the output has the storage
dtype of ``x``; every gradient is FP32. ``epsilon`` must be positive and finite as an FP32
(``ParamError`` otherwise). Parameter gradients are reduced without atomics in a fixed order,
so results repeat exactly. Nothing passed in is modified; the backward recomputes the
statistics from the saved input.
"""

from typing import NamedTuple, Optional

from .._arrays import Context, prepare, run


class NormGradients(NamedTuple):
    """Gradients of a normalization: ``source`` (of ``x``), ``weight`` and ``bias`` (None when
    the forward had none), ``residual`` (fused add only; equal to ``source``)."""

    source: object
    weight: Optional[object]
    bias: Optional[object]
    residual: Optional[object]


def _forward(kind, inputs, params):
    entry = f"{kind}.forward"
    tensors, device, as_numpy = prepare(entry, inputs)
    out = run(entry, tensors, params, device, as_numpy)
    return out, Context(kind, tensors, params, device, as_numpy)


def rms_norm_forward(x, weight=None, epsilon=1e-5, *, offset=0.0, casting_mode="llama"):
    """RMSNorm; returns ``(output, context)``."""
    params = {"eps": epsilon, "offset": offset, "casting_mode": casting_mode}
    out, ctx = _forward("rms_norm", {"x": x, "weight": weight}, params)
    return out["y"], ctx


def layer_norm_forward(x, weight, bias, epsilon=1e-5):
    """LayerNorm with affine weight and bias; returns ``(output, context)``."""
    out, ctx = _forward("layer_norm", {"x": x, "weight": weight, "bias": bias}, {"eps": epsilon})
    return out["y"], ctx


def add_rms_norm_forward(x, residual, weight, epsilon=1e-5, *, offset=0.0, casting_mode="llama"):
    """Fused add + RMSNorm; returns ``(output, residual_sum, context)``."""
    params = {"eps": epsilon, "offset": offset, "casting_mode": casting_mode}
    inputs = {"x": x, "residual": residual, "weight": weight}
    out, ctx = _forward("add_rms_norm", inputs, params)
    return out["y"], out["residual_out"], ctx


def norm_backward(context, output_gradient, residual_output_gradient=None):
    """The gradients of the forward that made ``context`` (see :class:`NormGradients`)."""
    if not isinstance(context, Context) or context.op not in ("rms_norm", "layer_norm", "add_rms_norm"):
        raise TypeError("context must come from a training_norms forward")
    g = context.backward(
        f"{context.op}.backward",
        {"dy": output_gradient, "dresidual_out": residual_output_gradient},
    )
    return NormGradients(g["dx"], g.get("dweight"), g.get("dbias"), g.get("dresidual"))
