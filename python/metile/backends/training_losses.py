"""Softmax, log-softmax, cross-entropy and fused linear cross-entropy (the library's
``softmax``, ``cross_entropy`` and ``fused_linear_cross_entropy``).

- ``softmax_forward(x)`` / ``log_softmax_forward(x)`` return ``(output, context)`` over the last
  axis; ``softmax_backward(context, output_gradient, *, grad_dtype="storage")`` returns the input
  gradient (of either).
- ``cross_entropy_forward(logits, target, weight=None, *, ignore_index=-100,
  label_smoothing=0.0, lse_square_scale=0.0, softcap=None, reduction="mean",
  token_stats=False)`` returns ``(loss, context)``: integer class ``target`` per row of
  ``logits [..., V]``; ``reduction`` ``mean`` (divides by the number of valid rows, or their
  class weights' sum), ``sum`` or ``none`` (per-row losses). Losses are FP32. If every target is
  ignored, loss and gradient are zero. The z-loss (``lse_square_scale * lse^2``, added into the
  loss) is also ``context.z_loss``; with ``token_stats`` the predicted classes and accuracy are
  ``context.predicted`` and ``context.accuracy``.
- ``cross_entropy_backward(context, loss_gradient=1.0, *, grad_dtype="storage")`` returns only
  the logits' gradient (targets and options are fixed).
- ``fused_linear_cross_entropy_forward(hidden, weight, target, bias=None, ce_weight=None, *,
  ...same options..., chunk_rows=0, chunk_mem_const=1)`` is cross-entropy on
  ``hidden @ weight.T + bias`` computed in chunks of rows, never holding the ``[N, V]`` logits;
  returns ``(loss, context)``. ``fused_linear_cross_entropy_backward(context, loss_gradient=1.0)``
  returns :class:`LinearCrossEntropyGradients` ``(hidden, weight, bias)``. Under ``mean`` and
  ``sum`` the gradients are made in the forward and the backward scales them; under ``none`` the
  backward recomputes the chunks.

Logits and hidden states f32, f16 or bf16; targets any integer dtype, each in ``0..V`` or
``ignore_index`` (else ``InputError``); ``label_smoothing`` in ``[0, 1]``; ``softcap`` None or
positive. Widths up to 16,777,216 classes.
"""

from typing import NamedTuple, Optional

from .._arrays import Context, ce_params, cotangent, prepare, run, to_numpy


class LinearCrossEntropyGradients(NamedTuple):
    """Gradients of fused linear cross-entropy: of the hidden states, the weight and the bias
    (None without bias)."""

    hidden: object
    weight: object
    bias: Optional[object]


def _softmax(op, x):
    entry = f"{op}.forward"
    tensors, device, as_numpy = prepare(entry, {"x": x})
    out = run(entry, tensors, {}, device, as_numpy)
    return out["y"], Context(op, tensors, {}, device, as_numpy)


def softmax_forward(x):
    """Softmax over the last axis; returns ``(output, context)``."""
    return _softmax("softmax", x)


def log_softmax_forward(x):
    """Log-softmax over the last axis; returns ``(output, context)``."""
    return _softmax("log_softmax", x)


def softmax_backward(context, output_gradient, *, grad_dtype="storage"):
    """The input gradient of the softmax or log-softmax forward that made ``context``."""
    _check(context, ("softmax", "log_softmax"))
    g = context.backward(f"{context.op}.backward", {"dy": output_gradient}, {"grad_dtype": grad_dtype})
    return g["dx"]


def _loss_stats(context, out):
    context.extra["z_loss"] = out["z_loss"]
    context.extra["predicted"] = out.get("predicted")
    context.extra["accuracy"] = out.get("accuracy")


def cross_entropy_forward(
    logits,
    target,
    weight=None,
    *,
    ignore_index=-100,
    label_smoothing=0.0,
    lse_square_scale=0.0,
    softcap=None,
    reduction="mean",
    token_stats=False,
):
    """Cross-entropy of ``logits`` against integer ``target``; returns ``(loss, context)``."""
    params = ce_params(ignore_index, label_smoothing, lse_square_scale, softcap, reduction)
    entry = "cross_entropy.forward"
    tensors, device, as_numpy = prepare(entry, {"logits": logits, "target": target, "weight": weight})
    raw = run(entry, tensors, dict(params, token_stats=token_stats), device, as_numpy=False)
    saved = dict(tensors, lse=raw["lse"])
    ctx = Context("cross_entropy", saved, params, device, as_numpy)
    out = {k: _as(ctx, v) for k, v in raw.items()}
    _loss_stats(ctx, out)
    return out["loss"], ctx


def _as(ctx, tensor):
    return to_numpy(tensor) if ctx.as_numpy else tensor


def cross_entropy_backward(context, loss_gradient=1.0, *, grad_dtype="storage"):
    """The logits' gradient of the forward that made ``context``, times ``loss_gradient`` (a
    scalar, or one value per row under ``reduction="none"``)."""
    _check(context, ("cross_entropy",))
    g = context.backward(
        "cross_entropy.backward", {"dloss": cotangent(loss_gradient)}, {"grad_dtype": grad_dtype}
    )
    return g["dlogits"]


def fused_linear_cross_entropy_forward(
    hidden,
    weight,
    target,
    bias=None,
    ce_weight=None,
    *,
    ignore_index=-100,
    label_smoothing=0.0,
    lse_square_scale=0.0,
    softcap=None,
    reduction="mean",
    chunk_rows=0,
    chunk_mem_const=1,
    token_stats=False,
):
    """Cross-entropy of ``hidden @ weight.T + bias`` against ``target`` in row chunks; returns
    ``(loss, context)``."""
    params = ce_params(ignore_index, label_smoothing, lse_square_scale, softcap, reduction)
    params.update(chunk_rows=int(chunk_rows), chunk_mem_const=int(chunk_mem_const))
    entry = "fused_linear_cross_entropy.forward"
    inputs = {"hidden": hidden, "weight": weight, "target": target, "bias": bias, "ce_weight": ce_weight}
    tensors, device, as_numpy = prepare(entry, inputs)
    raw = run(entry, tensors, dict(params, token_stats=token_stats), device, as_numpy=False)
    saved = dict(tensors)
    for name in ("grad_hidden", "grad_weight", "grad_bias"):
        if name in raw:
            saved[name] = raw[name]
    ctx = Context("fused_linear_cross_entropy", saved, params, device, as_numpy)
    out = {k: _as(ctx, v) for k, v in raw.items() if not k.startswith("grad_")}
    _loss_stats(ctx, out)
    return out["loss"], ctx


def fused_linear_cross_entropy_backward(context, loss_gradient=1.0):
    """The gradients of the forward that made ``context`` (see
    :class:`LinearCrossEntropyGradients`), times ``loss_gradient``."""
    _check(context, ("fused_linear_cross_entropy",))
    g = context.backward("fused_linear_cross_entropy.backward", {"dloss": cotangent(loss_gradient)})
    return LinearCrossEntropyGradients(g["dhidden"], g["dweight"], g.get("dbias"))


def _check(context, ops):
    if not isinstance(context, Context) or context.op not in ops:
        raise TypeError(f"context must come from a {' or '.join(ops)} forward of training_losses")
