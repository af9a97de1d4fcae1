"""Rotary position embeddings (the library's ``rope``): rotate-half RoPE with partial rotary
width and position ids, Llama 4's interleaved variant and Qwen2-VL's mRoPE.

- ``rope_forward(x, cos, sin, position_ids=None)`` returns ``(output, context)``: ``x`` is
  ``[B, H, T, D]`` (any head axes; 2-D ``[T, D]`` means one batch), ``cos``/``sin`` are
  ``[1 or B, T, R]`` with ``R`` even and at most ``D``; on the first ``R`` columns
  ``y = x cos + rotate_half(x) sin``, the rest passes through. With ``position_ids`` (``[T]`` or
  ``[1 or B, T]`` ids in ``0..P``) row ``t`` reads table row ``position_ids[b, t]`` of tables
  ``[1 or B, P, R]``. Caller-expanded tables are required (no broadcasting beyond the batch).
- ``rope_backward(context, output_gradient, *, table_gradients=False)`` returns
  :class:`RopeGradients` ``(source, cos, sin)``: ``source`` is the transposed rotation; with
  ``table_gradients=True`` also the tables' FP32 gradients (not with position ids).
- ``llama4_rope_forward(x, freqs)`` (``freqs`` ``[T, D/2, 2]``: cos, sin of each interleaved
  pair) and ``mrope_forward(x, cos, sin, mrope_section=None)`` (tables ``[3, B, T, D]``,
  ``mrope_section`` three ints summing to ``D/2``, Qwen2-VL's split when None); their backward is
  ``rope_backward`` too (source only).

f32, f16 or bf16 storage; FP32 arithmetic; outputs in ``x``'s dtype.
"""

from typing import NamedTuple, Optional

from .._arrays import Context, prepare, run


class RopeGradients(NamedTuple):
    """Gradients of a rotary embedding: of ``x``, and of the tables when asked for."""

    source: object
    cos: Optional[object]
    sin: Optional[object]


def _forward(op, inputs, params, saved_names):
    entry = f"{op}.forward"
    tensors, device, as_numpy = prepare(entry, inputs)
    out = run(entry, tensors, params, device, as_numpy)
    saved = {k: v for k, v in tensors.items() if k in saved_names}
    return out["y"], Context(op, saved, params, device, as_numpy)


def rope_forward(x, cos, sin, position_ids=None):
    """Rotate-half RoPE; returns ``(output, context)``."""
    inputs = {"x": x, "cos": cos, "sin": sin, "position_ids": position_ids}
    return _forward("rope", inputs, {}, ("x", "cos", "sin", "position_ids"))


def llama4_rope_forward(x, freqs):
    """Llama 4's interleaved RoPE; returns ``(output, context)``."""
    return _forward("llama4_rope", {"x": x, "freqs": freqs}, {}, ("freqs",))


def mrope_forward(x, cos, sin, mrope_section=None):
    """Qwen2-VL's multi-axis RoPE; returns ``(output, context)``."""
    params = {}
    if mrope_section is not None:
        params["mrope_section"] = ",".join(str(int(s)) for s in mrope_section)
    return _forward("qwen2vl_mrope", {"x": x, "cos": cos, "sin": sin}, params, ("cos", "sin"))


def rope_backward(context, output_gradient, *, table_gradients=False):
    """The gradients of the forward that made ``context`` (see :class:`RopeGradients`)."""
    if not isinstance(context, Context) or context.op not in ("rope", "llama4_rope", "qwen2vl_mrope"):
        raise TypeError("context must come from a training_rope forward")
    # x is saved for the tables' gradients only: the rotation's backward reads the tables and dy.
    keep = ("cos", "sin", "position_ids", "freqs")
    g = context.backward(f"{context.op}.backward", {"dy": output_gradient}, keep=keep)
    if not table_gradients:
        return RopeGradients(g["dx"], None, None)
    if context.op != "rope":
        raise ValueError(f"table gradients are offered for rope only, not {context.op}")
    if "position_ids" in context.saved:
        raise ValueError("rope.table_backward: table gradients are not offered with position_ids")
    t = context.backward("rope.table_backward", {"dy": output_gradient}, keep=("x", "cos", "sin"))
    return RopeGradients(g["dx"], t["dcos"], t["dsin"])
