"""Dense scaled dot-product attention, flash-style (the library's ``attention``).

- ``attention_forward(query, key, value, *, scale=None, causal=False, offset=None)`` returns
  ``(output, context)``: ``query`` ``[B, Hq, T, D]``, ``key``/``value`` ``[B, Hkv, S, D]`` (GQA:
  ``Hq`` a multiple of ``Hkv``), one storage dtype, ``1 <= D <= 256``. ``scale`` defaults to
  ``1/sqrt(D)``; with ``causal`` query ``i`` sees keys ``j <= i + offset``, ``offset``
  defaulting to ``S - T``. The log-sum-exp per row is kept for the backward.
- ``attention_backward(context, output_gradient)`` returns :class:`AttentionGradients`
  ``(query, key, value)`` in the storage dtype, accumulated in FP32 without atomics.
"""

from typing import NamedTuple

from .._arrays import Context, prepare, run, to_numpy


class AttentionGradients(NamedTuple):
    query: object
    key: object
    value: object


def attention_forward(query, key, value, *, scale=None, causal=False, offset=None):
    """Softmax attention of ``query`` over ``key``/``value``; returns ``(output, context)``."""
    params = {
        "scale": "auto" if scale is None else float(scale),
        "causal": bool(causal),
        "offset": "auto" if offset is None else int(offset),
    }
    entry = "attention.forward"
    tensors, device, as_numpy = prepare(entry, {"q": query, "k": key, "v": value})
    raw = run(entry, tensors, params, device, as_numpy=False)
    saved = dict(tensors, o=raw["o"], lse=raw["lse"])
    ctx = Context("attention", saved, params, device, as_numpy)
    return (to_numpy(raw["o"]) if as_numpy else raw["o"]), ctx


def attention_backward(context, output_gradient):
    """The gradients of the forward that made ``context``."""
    if not isinstance(context, Context) or context.op != "attention":
        raise TypeError("context must come from attention_forward")
    g = context.backward("attention.backward", {"do": output_gradient})
    return AttentionGradients(g["dq"], g["dk"], g["dv"])
