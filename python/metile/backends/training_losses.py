"""Softmax, log-softmax, cross-entropy, fused linear cross-entropy and the distribution losses
(the library's ``softmax``, ``cross_entropy``, ``fused_linear_cross_entropy``, ``kl_div``,
``jsd`` and ``tvd``).

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

The distribution losses of distillation (the library's ``kl_div``, ``jsd`` and ``tvd``), over rows
of two same-shape ``[..., V]`` distributions (f32, f16 or bf16; the two may differ in dtype):

- ``kl_div_forward(y_pred, y_true, *, reduction="mean", log_target=False, eps=1e-10)``:
  ``y_pred`` log-probabilities, ``y_true`` probabilities (log-probabilities with
  ``log_target``); elementwise ``t (ln max(t, eps) - y)`` or ``e^t (t - y)``; ``reduction``
  ``none`` (the elements), ``sum``, ``mean`` (divided by rows * V) or ``batchmean`` (by rows).
- ``jsd_forward(input, target, shift_labels=None, *, beta=0.5, ignore_index=-100)``: generalised
  JSD of student ``input = log Q`` and teacher ``target = log P`` (``beta`` 0: KL(P||Q), 1:
  KL(Q||P)), summed over the rows whose label is not ``ignore_index`` (all rows without labels)
  and divided by their count; a scalar in ``input``'s dtype.
- ``tvd_forward(p, q, shift_labels=None, *, reduction="mean", ignore_index=-100)``:
  ``0.5 |p - q|`` on the rows not ignored; ``mean`` divides by valid rows * V, ``batchmean`` by
  valid rows, ``none`` gives the ``[..., V]`` elements.
- ``kl_div_backward``, ``jsd_backward``, ``tvd_backward(context, loss_gradient=1.0)`` return the
  gradient of the first distribution only, in its dtype (the other distribution and the labels get
  none); ``loss_gradient`` is a scalar, or an array of the inputs' shape under ``none``.

KL and TVD losses are FP32. Labels are integers, one per row, each in ``0..V`` or
``ignore_index`` (else ``InputError``); ``beta`` in ``[0, 1]`` and ``eps`` positive (else
``ParamError``). If every row is ignored, loss and gradient are zero.
"""

from typing import NamedTuple, Optional

from .._arrays import (
    DISTILL_PORTS,
    Context,
    ce_params,
    cotangent,
    distill_inputs,
    distill_params,
    prepare,
    run,
    to_numpy,
)


class LinearCrossEntropyGradients(NamedTuple):
    """Gradients of fused linear cross-entropy: of the hidden states, the weight and the bias
    (None without bias)."""

    hidden: object
    weight: object
    bias: Optional[object]


def _softmax(op, x):
    entry = f"{op}.forward"
    tensors, device, as_numpy = prepare(entry, {"x": x})
    y = run(entry, tensors, {}, device, as_numpy=False)["y"]
    # The backward reads the forward's output; the caller gets a copy of it for NumPy input.
    return (to_numpy(y) if as_numpy else y), Context(op, {"y": y}, {}, device, as_numpy)


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


def _distill_forward(kind, x, y, labels, params):
    entry = f"{kind}.forward"
    tensors, device, as_numpy = prepare(entry, distill_inputs(kind, x, y, labels))
    out = run(entry, tensors, params, device, as_numpy)
    return out["loss"], Context(kind, tensors, params, device, as_numpy)


def _distill_backward(kind, context, loss_gradient):
    _check(context, (kind,))
    g = context.backward(f"{kind}.backward", {"dloss": cotangent(loss_gradient)})
    return g[DISTILL_PORTS[kind][2]]


def kl_div_forward(y_pred, y_true, *, reduction="mean", log_target=False, eps=1e-10):
    """KL divergence of log-probabilities ``y_pred`` against ``y_true``; returns ``(loss,
    context)``."""
    params = distill_params("kl_div", reduction=reduction, log_target=log_target, eps=eps)
    return _distill_forward("kl_div", y_pred, y_true, None, params)


def kl_div_backward(context, loss_gradient=1.0):
    """The gradient of ``y_pred`` of the forward that made ``context``."""
    return _distill_backward("kl_div", context, loss_gradient)


def jsd_forward(input, target, shift_labels=None, *, beta=0.5, ignore_index=-100):
    """Generalised JSD of log-probabilities ``input`` (student) and ``target`` (teacher); returns
    ``(loss, context)``."""
    params = distill_params("jsd", beta=beta, ignore_index=ignore_index)
    return _distill_forward("jsd", input, target, shift_labels, params)


def jsd_backward(context, loss_gradient=1.0):
    """The gradient of ``input`` of the forward that made ``context``."""
    return _distill_backward("jsd", context, loss_gradient)


def tvd_forward(p, q, shift_labels=None, *, reduction="mean", ignore_index=-100):
    """Total variation distance of probabilities ``p`` and ``q``; returns ``(loss, context)``."""
    params = distill_params("tvd", reduction=reduction, ignore_index=ignore_index)
    return _distill_forward("tvd", p, q, shift_labels, params)


def tvd_backward(context, loss_gradient=1.0):
    """The gradient of ``p`` of the forward that made ``context``."""
    return _distill_backward("tvd", context, loss_gradient)


def _check(context, ops):
    if not isinstance(context, Context) or context.op not in ops:
        raise TypeError(f"context must come from a {' or '.join(ops)} forward of training_losses")
