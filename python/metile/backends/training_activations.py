"""Activation pairs (the library's ``activations``): elementwise activations and the gated
products SwiGLU and GeGLU.

- ``activation_forward(source, kind="silu", multiplier=None, *, gate_multiplier=1.0,
  down_multiplier=1.0)`` returns ``(output, context)``. Without ``multiplier``: ``kind(source)``
  elementwise for ``kind`` in :data:`KINDS`. With ``multiplier`` (the up projection, same shape
  and dtype): the gated product ``kind(gate_multiplier * source) * multiplier *
  down_multiplier``, for ``kind`` ``silu`` (SwiGLU; the multipliers are Liger's Falcon-H1
  options) or ``gelu_tanh`` (GeGLU, multipliers 1).
- ``activation_backward(context, output_gradient, *, grad_dtype="storage")`` returns
  :class:`ActivationGradients` ``(source, multiplier)`` (``multiplier`` None when not gated).
- ``swiglu_forward(gate, up)`` and ``geglu_forward(gate, up)`` are the gated forms by name.
- ``packed_forward(x, kind="silu")`` / ``activation_backward``: the packed gate|up layout
  ``x [..., 2F] -> [..., F]`` whose backward gives one ``[..., 2F]`` source gradient.

Any shape; f32, f16 or bf16 storage; FP32 arithmetic; outputs in the storage dtype of the
source, gradients too unless ``grad_dtype="f32"``. Nothing is modified in place.
"""

from typing import NamedTuple, Optional

from .._arrays import Context, prepare, run

KINDS = ("sigmoid", "tanh", "relu", "relu_squared", "silu", "gelu_tanh", "gelu_erf", "quick_gelu")
_GATED = {"silu": "swiglu", "gelu_tanh": "geglu"}


class ActivationGradients(NamedTuple):
    """Gradients of an activation: of the source (the gate), and of the multiplier (the up
    projection) for a gated product."""

    source: object
    multiplier: Optional[object]


def _op(kind, gated):
    if kind not in KINDS:
        raise ValueError(f"unknown activation kind {kind!r}; kinds are {', '.join(KINDS)}")
    if not gated:
        return kind
    if kind not in _GATED:
        raise ValueError(f"kind {kind!r} has no gated form; gated kinds are silu, gelu_tanh")
    return _GATED[kind]


def _multipliers(op, gate_multiplier, down_multiplier):
    if op == "swiglu":
        return {"gate_multiplier": gate_multiplier, "down_multiplier": down_multiplier}
    if gate_multiplier != 1.0 or down_multiplier != 1.0:
        raise ValueError(f"{op}: gate_multiplier and down_multiplier are SwiGLU's options")
    return {}


def activation_forward(source, kind="silu", multiplier=None, *, gate_multiplier=1.0, down_multiplier=1.0):
    """``kind(source)``, or the gated product with ``multiplier``; returns ``(output, context)``."""
    gated = multiplier is not None
    op = _op(kind, gated)
    params = _multipliers(op, gate_multiplier, down_multiplier)
    entry = f"{op}.forward"
    names = ("a", "b") if gated else ("x",)
    tensors, device, as_numpy = prepare(entry, dict(zip(names, (source, multiplier))))
    out = run(entry, tensors, params, device, as_numpy)
    return out["c" if gated else "y"], Context(op, tensors, params, device, as_numpy)


def swiglu_forward(gate, up, *, gate_multiplier=1.0, down_multiplier=1.0):
    """``silu(gate_multiplier * gate) * up * down_multiplier``; returns ``(output, context)``."""
    return activation_forward(
        gate, "silu", up, gate_multiplier=gate_multiplier, down_multiplier=down_multiplier
    )


def geglu_forward(gate, up):
    """``gelu_tanh(gate) * up``; returns ``(output, context)``."""
    return activation_forward(gate, "gelu_tanh", up)


def packed_forward(x, kind="silu", *, gate_multiplier=1.0, down_multiplier=1.0):
    """The gated product on a packed ``[..., 2F]`` gate|up input; returns ``(output, context)``."""
    op = _op(kind, True)
    params = _multipliers(op, gate_multiplier, down_multiplier)
    entry = f"{op}_packed.forward"
    tensors, device, as_numpy = prepare(entry, {"x": x})
    out = run(entry, tensors, params, device, as_numpy)
    return out["y"], Context(f"{op}_packed", tensors, params, device, as_numpy)


def activation_backward(context, output_gradient, *, grad_dtype="storage"):
    """The gradients of the forward that made ``context`` (see :class:`ActivationGradients`)."""
    if not isinstance(context, Context) or context.op.split("_packed")[0] not in KINDS + ("swiglu", "geglu"):
        raise TypeError("context must come from a training_activations forward")
    entry = f"{context.op}.backward"
    gated = context.op in ("swiglu", "geglu")
    name = "dc" if gated else "dy"
    g = context.backward(entry, {name: output_gradient}, {"grad_dtype": grad_dtype})
    if gated:
        return ActivationGradients(g["da"], g["db"])
    return ActivationGradients(g["dx"], None)
