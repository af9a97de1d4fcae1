"""The library's entry points as PyTorch custom operators (``torch.ops.metile.*``), and one
``torch.autograd.Function`` per operator built on them.

Custom operators: every forward and backward call is registered with ``torch.library.custom_op``
and a fake (meta) implementation giving its output shapes and dtypes, so ``torch.compile``
treats it as one opaque node instead of tracing into the Python/Rust bridge (torch >= 2.4; on an
older torch they are plain functions and compiling graph-breaks on them). Eager calls skip the
custom-op dispatch and call the implementation directly (see ``_register``). They never alias or
modify their inputs.

In-place backward (Liger's memory saving): in eager mode the gated products' backward writes
``da``/``db`` over the saved ``gate``/``up`` and the norms' backward writes ``dx`` over the incoming
gradient ``dy`` (the library's ``*.in_place_backward`` entries; under ``torch.compile`` the
out-of-place custom ops run instead). On CUDA the memory is really reused: the returned gradients
are those tensors. On the CPU the library works on copies, so the tensors may or may not be
overwritten; either way their autograd version counters are bumped afterwards
(``torch.autograd.graph.increment_version``), so a node that saved one of them fails loudly
("modified by an inplace operation") instead of reading gradients. A gated product takes this
path only for inputs made by autograd nodes (not leaves: a caller's own tensors are never
written); a norm cannot tell who else holds ``dy``: it must be a gradient no other node receives
(see ``RMSNormFunction``). Each Function's ``in_place_backward`` argument turns it off.

Functions (``Function.apply(...)``, positional arguments in the order documented on each):
:class:`RMSNormFunction`, :class:`LayerNormFunction`, :class:`FusedAddRMSNormFunction`,
:class:`DyTFunction`, :class:`PolyNormFunction`, :class:`ActivationFunction`,
:class:`SwiGLUFunction`, :class:`GeGLUFunction`, :class:`RopeFunction`, :class:`RopeQKFunction`,
:class:`SoftmaxFunction`, :class:`LogSoftmaxFunction`,
:class:`CrossEntropyFunction`, :class:`FusedLinearCrossEntropyFunction`,
:class:`KLDivFunction`, :class:`JSDFunction`, :class:`TVDFunction`, :class:`EmbeddingFunction`,
:class:`ModulatedRMSNormFunction`, :class:`GroupNormFunction`, :class:`SparsemaxFunction`,
:class:`FusedCETVDFunction`.
Gradients come back in each input's dtype (the library's FP32 parameter gradients are cast to the
parameter's dtype). Position tables, targets, class weights, indices, the distribution losses'
second distribution (``y_true``, ``target``, ``q``) and their labels get no gradient.
"""

import functools
from typing import Optional, Tuple

import torch

from .._arrays import DISTILL_PORTS, ce_params, distill_inputs, distill_params
from ._bridge import run

Tensor = torch.Tensor
_HAS_CUSTOM_OP = hasattr(torch.library, "custom_op")


def _compiling():
    return hasattr(torch, "compiler") and torch.compiler.is_compiling()


def _register(name, fake):
    """Registers the decorated function as custom op ``metile::name`` with ``fake``, and returns
    a function that calls the op while ``torch.compile`` traces (one opaque node) and the plain
    function in eager mode: the custom-op dispatch costs about 0.35 ms of host time per call
    (H200 box, torch 2.11: cProfile of ``RMSNormFunction`` forward+backward, 2026-11-30), more
    than most of the kernels it launches. The op itself is ``torch.ops.metile.<name>``."""

    def wrap(fn):
        if not _HAS_CUSTOM_OP:  # pragma: no cover - torch < 2.4
            return fn
        op = torch.library.custom_op(f"metile::{name}", mutates_args=())(fn)
        op.register_fake(fake)

        @functools.wraps(fn)
        def call(*args, **kwargs):
            return op(*args, **kwargs) if _compiling() else fn(*args, **kwargs)

        call.op = op
        return call

    return wrap


def _empty(like, dtype=None, shape=None):
    return like.new_empty(like.shape if shape is None else shape, dtype=dtype or like.dtype)


def _nothing(like):
    return like.new_empty(0, dtype=torch.float32)


def _output(out, name, like):
    """``out[name]``, or an empty placeholder when the call has no such output (made only then:
    ``dict.get`` would allocate it on every call)."""
    return out[name] if name in out else _nothing(like)


# ---- norms -------------------------------------------------------------------------------------


def _norm_inputs(kind, x, weight, bias, residual):
    return {"x": x, "weight": weight, "bias": bias if kind == "layer_norm" else None, "residual": residual}


def _norm_params(kind, eps, offset, casting):
    if kind == "layer_norm":
        return {"eps": eps}
    return {"eps": eps, "offset": offset, "casting_mode": casting}


def _norm_fwd_fake(kind, x, weight, bias, residual, eps, offset, casting):
    rows = tuple(x.shape[:-1])
    mean = _empty(x, torch.float32, rows) if kind == "layer_norm" else _nothing(x)
    stat = torch.float32 if casting != "none" or kind == "layer_norm" else x.dtype
    return (
        _empty(x),
        (_empty(x) if kind == "add_rms_norm" else _nothing(x)),
        mean,
        _empty(x, stat, rows),
    )


@_register("norm_fwd", _norm_fwd_fake)
def norm_fwd(
    kind: str,
    x: Tensor,
    weight: Optional[Tensor],
    bias: Optional[Tensor],
    residual: Optional[Tensor],
    eps: float,
    offset: float,
    casting: str,
) -> Tuple[Tensor, Tensor, Tensor, Tensor]:
    """``(y, residual_out, mean, rstd)``; the ones a kind lacks are empty."""
    out = run(f"{kind}.forward", _norm_inputs(kind, x, weight, bias, residual), _norm_params(kind, eps, offset, casting))
    return out["y"], _output(out, "residual_out", x), _output(out, "mean", x), out["rstd"]


def _norm_bwd_fake(kind, x, weight, bias, residual, dy, dres, mean, rstd, eps, offset, casting):
    cols = (x.shape[-1],)
    dw = _empty(x, torch.float32, cols) if weight is not None else _nothing(x)
    db = _empty(x, torch.float32, cols) if kind == "layer_norm" else _nothing(x)
    return _empty(x), dw, db, (_empty(x) if kind == "add_rms_norm" else _nothing(x))


@_register("norm_bwd", _norm_bwd_fake)
def norm_bwd(
    kind: str,
    x: Tensor,
    weight: Optional[Tensor],
    bias: Optional[Tensor],
    residual: Optional[Tensor],
    dy: Tensor,
    dres: Optional[Tensor],
    mean: Optional[Tensor],
    rstd: Optional[Tensor],
    eps: float,
    offset: float,
    casting: str,
) -> Tuple[Tensor, Tensor, Tensor, Tensor]:
    """``(dx, dweight, dbias, dresidual)``; ``mean``/``rstd``, the forward's FP32 statistics, are
    read instead of recomputed when given (``None`` recomputes them). The fused add's
    ``dresidual`` equals ``dx`` in a tensor of its own (the kernel stores both), so autograd need
    not copy one for the second input; the other kinds' is empty."""
    inputs = _norm_inputs(kind, x, weight, bias, residual)
    inputs.update(dy=dy, dresidual_out=dres, mean=mean, rstd=rstd)
    params = dict(_norm_params(kind, eps, offset, casting), grad_dtype="storage")
    g = run(f"{kind}.backward", inputs, params)
    return g["dx"], _output(g, "dweight", x), _output(g, "dbias", x), _output(g, "dresidual", x)


def _saved_rstd(rstd):
    """The forward's rstd if the backward may read it: FP32 only (casting mode ``none`` rounds
    it to the storage dtype; the backward then recomputes it)."""
    return rstd if rstd.dtype == torch.float32 else None


def _param_grad(g, p):
    return None if p is None or not p.requires_grad else g.to(p.dtype)


# torch >= 2.1; looked up once (the backward calls it every step).
_INCREMENT_VERSION = getattr(torch.autograd.graph, "increment_version", None)


def _consumed(*tensors):
    """Marks ``tensors`` as written in place by an in-place backward (see the module doc)."""
    if _INCREMENT_VERSION is not None:
        for t in tensors:
            _INCREMENT_VERSION(t)


def norm_bwd_in_place(kind, x, weight, bias, residual, dy, dres, mean, rstd, eps, offset, casting):
    """``norm_bwd`` with ``dx`` written over ``dy`` (eager only: not a custom op); ``dy`` is
    consumed (its version is bumped). The fused add's ``dresidual`` is ``dx`` itself."""
    inputs = _norm_inputs(kind, x, weight, bias, residual)
    inputs.update(dy=dy, dresidual_out=dres, mean=mean, rstd=rstd)
    g = run(f"{kind}.in_place_backward", inputs, _norm_params(kind, eps, offset, casting))
    _consumed(dy)
    dx = g["dx"]
    return dx, _output(g, "dweight", x), _output(g, "dbias", x), (dx if kind == "add_rms_norm" else _nothing(x))


def _in_place(ctx):
    """Whether a backward may write in place: asked to, in eager mode, and not building a graph
    of the gradients (``create_graph=True``, where they may be saved by later nodes)."""
    return ctx.in_place and not _compiling() and not torch.is_grad_enabled()


def _norm_bwd(ctx, *args):
    """The norms' backward: in place when ``_in_place(ctx)``, else the custom op."""
    if _in_place(ctx):
        return norm_bwd_in_place(*args)
    return norm_bwd(*args)


class RMSNormFunction(torch.autograd.Function):
    """``apply(x, weight, eps=1e-6, offset=0.0, casting_mode="llama", in_place_backward=True)``:
    RMSNorm over the last axis, ``x * rstd * (offset + weight)`` (weight may be None).

    ``in_place_backward`` (Liger's ``in_place``, default on as there): the backward writes ``dx``
    over the gradient ``dy`` it receives (see the module doc). Safe when no other node receives
    the same gradient tensor, as when the output feeds only linear layers (pre-norm blocks, a
    final norm); not when it feeds a residual add directly (Gemma 2's post-norms: autograd hands
    the add's one gradient to both branches), nor when the caller passes a gradient it reads
    again to ``backward()``. Turn it off there."""

    @staticmethod
    def forward(ctx, x, weight, eps=1e-6, offset=0.0, casting_mode="llama", in_place_backward=True):
        y, _, _, rstd = norm_fwd("rms_norm", x, weight, None, None, eps, offset, casting_mode)
        rstd = _saved_rstd(rstd)
        ctx.save_for_backward(x, weight, rstd)
        ctx.opts = (eps, offset, casting_mode)
        ctx.in_place = in_place_backward
        return y

    @staticmethod
    def backward(ctx, dy):
        x, weight, rstd = ctx.saved_tensors
        dx, dw, _, _ = _norm_bwd(ctx, "rms_norm", x, weight, None, None, dy, None, None, rstd, *ctx.opts)
        return dx, _param_grad(dw, weight), None, None, None, None


class LayerNormFunction(torch.autograd.Function):
    """``apply(x, weight, bias, eps=1e-6, in_place_backward=False)``: LayerNorm over the last axis
    with affine weight and bias. ``in_place_backward`` as ``RMSNormFunction``'s (off by default:
    Liger's LayerNorm has no such option)."""

    @staticmethod
    def forward(ctx, x, weight, bias, eps=1e-6, in_place_backward=False):
        y, _, mean, rstd = norm_fwd("layer_norm", x, weight, bias, None, eps, 0.0, "llama")
        ctx.save_for_backward(x, weight, bias, mean, rstd)
        ctx.eps = eps
        ctx.in_place = in_place_backward
        return y

    @staticmethod
    def backward(ctx, dy):
        x, weight, bias, mean, rstd = ctx.saved_tensors
        dx, dw, db, _ = _norm_bwd(ctx, "layer_norm", x, weight, bias, None, dy, None, mean, rstd, ctx.eps, 0.0, "llama")
        return dx, _param_grad(dw, weight), _param_grad(db, bias), None, None


class FusedAddRMSNormFunction(torch.autograd.Function):
    """``apply(x, residual, weight, eps=1e-6, offset=0.0, casting_mode="llama",
    in_place_backward=True)`` returns ``(y, residual_out)``: ``residual_out = x + residual``
    (rounded to x's dtype) and ``y`` its RMSNorm (of the unrounded sum). Both outputs'
    cotangents reach ``x`` and ``residual``. ``in_place_backward`` as ``RMSNormFunction``'s
    (``dx`` over ``y``'s gradient)."""

    @staticmethod
    def forward(ctx, x, residual, weight, eps=1e-6, offset=0.0, casting_mode="llama", in_place_backward=True):
        y, s, _, rstd = norm_fwd("add_rms_norm", x, weight, None, residual, eps, offset, casting_mode)
        rstd = _saved_rstd(rstd)
        ctx.save_for_backward(x, residual, weight, rstd)
        ctx.opts = (eps, offset, casting_mode)
        ctx.in_place = in_place_backward
        return y, s

    @staticmethod
    def backward(ctx, dy, ds):
        x, residual, weight, rstd = ctx.saved_tensors
        if dy is None:
            dy = torch.zeros_like(x)
        dx, dw, _, dres = _norm_bwd(ctx, "add_rms_norm", x, weight, None, residual, dy, ds, None, rstd, *ctx.opts)
        return dx, dres, _param_grad(dw, weight), None, None, None, None


# ---- DyT and PolyNorm --------------------------------------------------------------------------


@_register("dyt_fwd", lambda x, alpha, gamma, beta: _empty(x))
def dyt_fwd(x: Tensor, alpha: Tensor, gamma: Tensor, beta: Optional[Tensor]) -> Tensor:
    return run("dyt.forward", {"x": x, "alpha": alpha, "gamma": gamma, "beta": beta})["y"]


def _dyt_bwd_fake(x, alpha, gamma, beta, dy):
    f32 = lambda t: _empty(x, torch.float32, tuple(t.shape))
    return _empty(x), f32(alpha), f32(gamma), (f32(beta) if beta is not None else _nothing(x))


@_register("dyt_bwd", _dyt_bwd_fake)
def dyt_bwd(x: Tensor, alpha: Tensor, gamma: Tensor, beta: Optional[Tensor],
            dy: Tensor) -> Tuple[Tensor, Tensor, Tensor, Tensor]:
    """``(dx, dalpha, dgamma, dbeta)``, the parameters' in FP32 (``dbeta`` empty without beta)."""
    g = run("dyt.backward", {"x": x, "alpha": alpha, "gamma": gamma, "beta": beta, "dy": dy})
    return g["dx"], g["dalpha"], g["dgamma"], _output(g, "dbeta", x)


class DyTFunction(torch.autograd.Function):
    """``apply(x, alpha, gamma, beta=None)``: DyT, ``gamma * tanh(alpha * x) + beta`` over the last
    axis (``alpha`` one element, ``gamma``/``beta`` ``[cols]``; Liger's ``LigerDyTFunction``).
    Every gradient comes back in its input's dtype (Liger returns ``dalpha`` and ``dbeta`` in x's,
    which PARITY.md lists as a bug not to copy)."""

    @staticmethod
    def forward(ctx, x, alpha, gamma, beta=None):
        ctx.save_for_backward(x, alpha, gamma, beta)
        return dyt_fwd(x, alpha.reshape(-1), gamma, beta)

    @staticmethod
    def backward(ctx, dy):
        x, alpha, gamma, beta = ctx.saved_tensors
        dx, da, dg, db = dyt_bwd(x, alpha.reshape(-1), gamma, beta, dy)
        return (dx, _param_grad(da.reshape(alpha.shape), alpha), _param_grad(dg, gamma),
                _param_grad(db, beta))


@_register("poly_norm_fwd", lambda x, weight, bias, eps: _empty(x))
def poly_norm_fwd(x: Tensor, weight: Tensor, bias: Tensor, eps: float) -> Tensor:
    return run("poly_norm.forward", {"x": x, "weight": weight, "bias": bias}, {"eps": eps})["y"]


def _poly_norm_bwd_fake(x, weight, bias, dy, eps):
    return _empty(x), _empty(x, torch.float32, (3,)), _empty(x, torch.float32, (1,))


@_register("poly_norm_bwd", _poly_norm_bwd_fake)
def poly_norm_bwd(x: Tensor, weight: Tensor, bias: Tensor, dy: Tensor, eps: float) -> Tuple[Tensor, Tensor, Tensor]:
    """``(dx, dweight, dbias)``, the parameters' in FP32."""
    g = run("poly_norm.backward", {"x": x, "weight": weight, "bias": bias, "dy": dy}, {"eps": eps})
    return g["dx"], g["dweight"], g["dbias"]


class PolyNormFunction(torch.autograd.Function):
    """``apply(x, weight, bias, eps=1e-6)``: PolyNorm, ``w0 n(x^3) + w1 n(x^2) + w2 n(x) + b`` with
    ``n(u) = u rsqrt(mean(u^2) + eps)`` over the last axis (``weight`` ``[3]``, ``bias`` one
    element, a 0-d tensor as Liger's module keeps it; Liger's ``LigerPolyNormFunction``, without
    its in-place backward). Gradients in each input's dtype."""

    @staticmethod
    def forward(ctx, x, weight, bias, eps=1e-6):
        ctx.save_for_backward(x, weight, bias)
        ctx.eps = eps
        return poly_norm_fwd(x, weight, bias.reshape(-1), eps)

    @staticmethod
    def backward(ctx, dy):
        x, weight, bias = ctx.saved_tensors
        dx, dw, db = poly_norm_bwd(x, weight, bias.reshape(-1), dy, ctx.eps)
        return dx, _param_grad(dw, weight), _param_grad(db.reshape(bias.shape), bias), None


# ---- activations -------------------------------------------------------------------------------


@_register("act_fwd", lambda kind, x: _empty(x))
def act_fwd(kind: str, x: Tensor) -> Tensor:
    return run(f"{kind}.forward", {"x": x})["y"]


@_register("act_bwd", lambda kind, x, dy: _empty(x))
def act_bwd(kind: str, x: Tensor, dy: Tensor) -> Tensor:
    return run(f"{kind}.backward", {"x": x, "dy": dy})["dx"]


def _gated_params(kind, gm, dm):
    return {"gate_multiplier": gm, "down_multiplier": dm} if kind == "swiglu" else {}


@_register("gated_fwd", lambda kind, a, b, gm, dm: _empty(a))
def gated_fwd(kind: str, a: Tensor, b: Tensor, gm: float, dm: float) -> Tensor:
    return run(f"{kind}.forward", {"a": a, "b": b}, _gated_params(kind, gm, dm))["c"]


@_register("gated_bwd", lambda kind, a, b, dc, gm, dm: (_empty(a), _empty(b)))
def gated_bwd(kind: str, a: Tensor, b: Tensor, dc: Tensor, gm: float, dm: float) -> Tuple[Tensor, Tensor]:
    g = run(f"{kind}.backward", {"a": a, "b": b, "dc": dc}, _gated_params(kind, gm, dm))
    return g["da"], g["db"]


def gated_bwd_in_place(kind, a, b, dc, gm, dm):
    """``gated_bwd`` with ``da``/``db`` written over ``a``/``b`` (eager only: not a custom op);
    ``a`` and ``b`` are consumed (their versions are bumped)."""
    g = run(f"{kind}.in_place_backward", {"a": a, "b": b, "dc": dc}, _gated_params(kind, gm, dm))
    _consumed(a, b)
    return g["da"], g["db"]


def _gated_bwd(ctx, kind, a, b, dc, gm, dm):
    """The gated backward: in place when ``_in_place(ctx)`` and ``a`` and ``b`` were made by
    autograd nodes (not leaves: never a caller's own tensors); else the custom op."""
    if _in_place(ctx) and not a.is_leaf and not b.is_leaf:
        return gated_bwd_in_place(kind, a, b, dc, gm, dm)
    return gated_bwd(kind, a, b, dc, gm, dm)


class ActivationFunction(torch.autograd.Function):
    """``apply(x, kind)``: an elementwise activation (``sigmoid``, ``tanh``, ``relu``,
    ``relu_squared``, ``silu``, ``gelu_tanh``, ``gelu_erf``, ``quick_gelu``)."""

    @staticmethod
    def forward(ctx, x, kind):
        ctx.save_for_backward(x)
        ctx.kind = kind
        return act_fwd(kind, x)

    @staticmethod
    def backward(ctx, dy):
        (x,) = ctx.saved_tensors
        return act_bwd(ctx.kind, x, dy), None


class SwiGLUFunction(torch.autograd.Function):
    """``apply(gate, up, gate_multiplier=1.0, down_multiplier=1.0, in_place_backward=True)``:
    ``silu(gm * gate) * up * dm``. ``in_place_backward`` (as Liger's ``LigerSiLUMulFunction``
    always does): the backward writes the gradients over ``gate`` and ``up`` when autograd
    nodes made them (see the module doc); the caller must not read them after the backward."""

    @staticmethod
    def forward(ctx, a, b, gate_multiplier=1.0, down_multiplier=1.0, in_place_backward=True):
        ctx.save_for_backward(a, b)
        ctx.m = (gate_multiplier, down_multiplier)
        ctx.in_place = in_place_backward
        return gated_fwd("swiglu", a, b, gate_multiplier, down_multiplier)

    @staticmethod
    def backward(ctx, dc):
        a, b = ctx.saved_tensors
        da, db = _gated_bwd(ctx, "swiglu", a, b, dc, *ctx.m)
        return da, db, None, None, None


class GeGLUFunction(torch.autograd.Function):
    """``apply(gate, up, in_place_backward=True)``: ``gelu_tanh(gate) * up``;
    ``in_place_backward`` as ``SwiGLUFunction``'s."""

    @staticmethod
    def forward(ctx, a, b, in_place_backward=True):
        ctx.save_for_backward(a, b)
        ctx.in_place = in_place_backward
        return gated_fwd("geglu", a, b, 1.0, 1.0)

    @staticmethod
    def backward(ctx, dc):
        a, b = ctx.saved_tensors
        da, db = _gated_bwd(ctx, "geglu", a, b, dc, 1.0, 1.0)
        return da, db, None


# ---- rope --------------------------------------------------------------------------------------


@_register("rope_fwd", lambda x, cos, sin, position_ids, layout: _empty(x))
def rope_fwd(x: Tensor, cos: Tensor, sin: Tensor, position_ids: Optional[Tensor], layout: str) -> Tensor:
    params = {"layout": layout}
    return run("rope.forward", {"x": x, "cos": cos, "sin": sin, "position_ids": position_ids}, params)["y"]


@_register("rope_bwd", lambda cos, sin, position_ids, dy, layout: _empty(dy))
def rope_bwd(cos: Tensor, sin: Tensor, position_ids: Optional[Tensor], dy: Tensor, layout: str) -> Tensor:
    params = {"layout": layout}
    return run("rope.backward", {"cos": cos, "sin": sin, "position_ids": position_ids, "dy": dy}, params)["dx"]


@_register("rope_pair_fwd", lambda q, k, cos, sin, position_ids, layout: (_empty(q), _empty(k)))
def rope_pair_fwd(q: Tensor, k: Tensor, cos: Tensor, sin: Tensor, position_ids: Optional[Tensor],
                  layout: str) -> Tuple[Tensor, Tensor]:
    """``rope_fwd`` of q and k (their own head counts) in one launch."""
    inputs = {"x": q, "x2": k, "cos": cos, "sin": sin, "position_ids": position_ids}
    out = run("rope.forward", inputs, {"layout": layout})
    return out["y"], out["y2"]


@_register("rope_pair_bwd", lambda cos, sin, position_ids, dq, dk, layout: (_empty(dq), _empty(dk)))
def rope_pair_bwd(cos: Tensor, sin: Tensor, position_ids: Optional[Tensor], dq: Tensor, dk: Tensor,
                  layout: str) -> Tuple[Tensor, Tensor]:
    """``rope_bwd`` of q's and k's cotangents in one launch."""
    inputs = {"cos": cos, "sin": sin, "position_ids": position_ids, "dy": dq, "dy2": dk}
    out = run("rope.backward", inputs, {"layout": layout})
    return out["dx"], out["dx2"]


def _heads_layout(x):
    """``x [B, H, T, D]`` as the library reads it in place: ``("bthd", x.transpose(1, 2))`` when
    ``x`` is a transposed view of contiguous ``[B, T, H, D]`` memory (HF's q and k: the
    projections' output viewed per head), else ``("bhtd", x)`` (copied if not contiguous)."""
    if x.dim() == 4 and not x.is_contiguous() and x.transpose(1, 2).is_contiguous():
        return "bthd", x.transpose(1, 2)
    return "bhtd", x


class RopeFunction(torch.autograd.Function):
    """``apply(x, cos, sin, position_ids=None)``: rotate-half RoPE of ``x [B, H, T, D]`` with
    tables ``[1 or B, T, R]`` (``R <= D`` rotated columns); the tables are constants. A
    transposed view of ``[B, T, H, D]`` memory (HF's q and k) is rotated in that memory's order
    (``layout=bthd``: no contiguous copy) and comes back as the same kind of view; so does its
    gradient when it arrives so laid out."""

    @staticmethod
    def forward(ctx, x, cos, sin, position_ids=None):
        ctx.save_for_backward(cos, sin, position_ids)
        return _rotate_both(False, x, None, cos, sin, position_ids)[0]

    @staticmethod
    def backward(ctx, dy):
        cos, sin, position_ids = ctx.saved_tensors
        return _rotate_both(True, dy, None, cos, sin, position_ids)[0], None, None, None


def _layouts_alike(a, b):
    """``_heads_layout`` of ``a`` and ``b`` (either may be None), the same for both where that
    reads in place: a tensor with a single head is contiguous as ``[B, H, T, D]`` and as
    ``[B, T, H, D]`` alike, so it follows the other when that one is HF's transposed view."""
    la = None if a is None else _heads_layout(a)
    lb = None if b is None else _heads_layout(b)
    if la is None or lb is None or la[0] == lb[0]:
        return la, lb
    # Layouts differ: one is "bthd" (never contiguous), the other contiguous "bhtd".
    if la[0] == "bthd" and b.transpose(1, 2).is_contiguous():
        return la, ("bthd", b.transpose(1, 2))
    if lb[0] == "bthd" and a.transpose(1, 2).is_contiguous():
        return ("bthd", a.transpose(1, 2)), lb
    return la, lb


def _back(layout, t):
    """``t``, laid out as ``layout`` (``_heads_layout``), as the ``[B, H, T, D]`` view it came as."""
    return t.transpose(1, 2) if layout == "bthd" else t


class RopeQKFunction(torch.autograd.Function):
    """``apply(q, k, cos, sin, position_ids=None)`` returns ``(q_rot, k_rot)``: ``RopeFunction``
    of q and k (their own head counts; the same batch, time and head dimension) in one call and
    one launch each way, as Liger's ``liger_rotary_pos_emb`` takes both. When q and k are laid
    out differently (one a transposed view, the other contiguous) or differ in dtype, they go as
    two calls."""

    @staticmethod
    def forward(ctx, q, k, cos, sin, position_ids=None):
        ctx.save_for_backward(cos, sin, position_ids)
        # An output that reaches no loss gets no cotangent (None), and no rotation.
        ctx.set_materialize_grads(False)
        return _rotate_both(False, q, k, cos, sin, position_ids)

    @staticmethod
    def backward(ctx, dq, dk):
        cos, sin, position_ids = ctx.saved_tensors
        return (*_rotate_both(True, dq, dk, cos, sin, position_ids), None, None, None)


def _rotate_both(backward, a, b, cos, sin, position_ids):
    """RoPE of ``a`` and ``b`` (the backward's rotation of cotangents when ``backward``; either
    may be None, which stays None): one call when they read alike (``_layouts_alike``, one
    dtype), else one each; each comes back as the kind of view it came as."""
    la, lb = _layouts_alike(a, b)
    if la is not None and lb is not None and la[0] == lb[0] and a.dtype == b.dtype:
        lay = la[0]
        if backward:
            ra, rb = rope_pair_bwd(cos, sin, position_ids, la[1], lb[1], lay)
        else:
            ra, rb = rope_pair_fwd(la[1], lb[1], cos, sin, position_ids, lay)
        return _back(lay, ra), _back(lay, rb)

    def one(laid):
        if laid is None:
            return None
        lay, t = laid
        r = rope_bwd(cos, sin, position_ids, t, lay) if backward else rope_fwd(t, cos, sin, position_ids, lay)
        return _back(lay, r)

    return one(la), one(lb)


# ---- softmax -----------------------------------------------------------------------------------


@_register("softmax_fwd", lambda kind, x: _empty(x))
def softmax_fwd(kind: str, x: Tensor) -> Tensor:
    return run(f"{kind}.forward", {"x": x})["y"]


@_register("softmax_bwd", lambda kind, y, dy: _empty(y))
def softmax_bwd(kind: str, y: Tensor, dy: Tensor) -> Tensor:
    return run(f"{kind}.backward", {"y": y, "dy": dy})["dx"]


def _softmax_function(kind):
    """The autograd Function of ``kind`` (``softmax`` or ``log_softmax``) over the last axis:
    ``apply(x)``. (Static methods: torch.compile's ``fullgraph`` tracing fails on an
    autograd.Function whose forward is a classmethod.)"""

    class Function(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            y = softmax_fwd(kind, x)
            ctx.save_for_backward(y)  # the backward reads the output, as Liger's and torch's do
            return y

        @staticmethod
        def backward(ctx, dy):
            (y,) = ctx.saved_tensors
            return softmax_bwd(kind, y, dy)

    Function.__name__ = Function.__qualname__ = "".join(w.title() for w in kind.split("_")) + "Function"
    Function.__doc__ = f"``apply(x)``: {kind.replace('_', '-')} over the last axis."
    return Function


SoftmaxFunction = _softmax_function("softmax")
LogSoftmaxFunction = _softmax_function("log_softmax")


# ---- cross-entropy -----------------------------------------------------------------------------


def _loss_shape(target, reduction):
    return tuple(target.shape) if reduction == "none" else ()


def _ce_fwd_fake(logits, target, weight, ignore_index, ls, lss, softcap, reduction):
    loss = _empty(logits, torch.float32, _loss_shape(target, reduction))
    return loss, torch.empty_like(loss), _empty(logits, torch.float32, tuple(target.shape))


@_register("ce_fwd", _ce_fwd_fake)
def ce_fwd(
    logits: Tensor,
    target: Tensor,
    weight: Optional[Tensor],
    ignore_index: int,
    ls: float,
    lss: float,
    softcap: float,
    reduction: str,
) -> Tuple[Tensor, Tensor, Tensor]:
    out = run(
        "cross_entropy.forward",
        {"logits": logits, "target": target, "weight": weight},
        ce_params(ignore_index, ls, lss, softcap, reduction),
    )
    return out["loss"], out["z_loss"], out["lse"]


@_register("ce_bwd", lambda logits, target, weight, dloss, lse, *opts: _empty(logits))
def ce_bwd(
    logits: Tensor,
    target: Tensor,
    weight: Optional[Tensor],
    dloss: Tensor,
    lse: Tensor,
    ignore_index: int,
    ls: float,
    lss: float,
    softcap: float,
    reduction: str,
) -> Tensor:
    inputs = {"logits": logits, "target": target, "weight": weight, "dloss": dloss, "lse": lse}
    params = dict(ce_params(ignore_index, ls, lss, softcap, reduction), grad_dtype="storage")
    return run("cross_entropy.backward", inputs, params)["dlogits"]


class CrossEntropyFunction(torch.autograd.Function):
    """``apply(logits [N, V], target [N], weight=None, ignore_index=-100, label_smoothing=0.0,
    lse_square_scale=0.0, softcap=0.0, reduction="mean")`` returns the FP32 loss (``softcap`` 0
    means none; the z-loss ``lse_square_scale * lse^2`` is added into the loss)."""

    @staticmethod
    def forward(ctx, logits, target, weight=None, ignore_index=-100, label_smoothing=0.0,
                lse_square_scale=0.0, softcap=0.0, reduction="mean"):
        opts = (ignore_index, label_smoothing, lse_square_scale, softcap, reduction)
        loss, _, lse = ce_fwd(logits, target, weight, *opts)
        ctx.save_for_backward(logits, target, weight, lse)
        ctx.opts = opts
        return loss

    @staticmethod
    def backward(ctx, dloss):
        logits, target, weight, lse = ctx.saved_tensors
        dlogits = ce_bwd(logits, target, weight, dloss.float(), lse, *ctx.opts)
        return (dlogits,) + (None,) * 7


def _param_grad_dtype(hidden, param_grad_dtype):
    return hidden.dtype if param_grad_dtype == "storage" else torch.float32


def _flce_fwd_fake(hidden, weight, target, bias, ce_weight, ignore_index, ls, lss, softcap, reduction, chunk_rows,
                   chunk_mem_const, param_grad_dtype):
    loss = _empty(hidden, torch.float32, _loss_shape(target, reduction))
    if reduction == "none":
        return loss, torch.empty_like(loss), _nothing(hidden), _nothing(hidden), _nothing(hidden)
    pd = _param_grad_dtype(hidden, param_grad_dtype)
    gb = _empty(hidden, pd, (weight.shape[0],)) if bias is not None else _nothing(hidden)
    return loss, torch.empty_like(loss), _empty(hidden), _empty(weight, pd), gb


@_register("flce_fwd", _flce_fwd_fake)
def flce_fwd(
    hidden: Tensor,
    weight: Tensor,
    target: Tensor,
    bias: Optional[Tensor],
    ce_weight: Optional[Tensor],
    ignore_index: int,
    ls: float,
    lss: float,
    softcap: float,
    reduction: str,
    chunk_rows: int,
    chunk_mem_const: int,
    param_grad_dtype: str,
) -> Tuple[Tensor, Tensor, Tensor, Tensor, Tensor]:
    inputs = {"hidden": hidden, "weight": weight, "target": target, "bias": bias, "ce_weight": ce_weight}
    params = dict(ce_params(ignore_index, ls, lss, softcap, reduction), chunk_rows=chunk_rows,
                  chunk_mem_const=chunk_mem_const, param_grad_dtype=param_grad_dtype)
    out = run("fused_linear_cross_entropy.forward", inputs, params)
    grads = [_output(out, k, hidden) for k in ("grad_hidden", "grad_weight", "grad_bias")]
    return (out["loss"], out["z_loss"], *grads)


def _flce_bwd_fake(hidden, weight, target, bias, ce_weight, dloss, *opts):
    pd = _param_grad_dtype(hidden, opts[-1])
    gb = _empty(hidden, pd, (weight.shape[0],)) if bias is not None else _nothing(hidden)
    return _empty(hidden), _empty(weight, pd), gb


@_register("flce_bwd", _flce_bwd_fake)
def flce_bwd(
    hidden: Tensor,
    weight: Tensor,
    target: Tensor,
    bias: Optional[Tensor],
    ce_weight: Optional[Tensor],
    dloss: Tensor,
    ignore_index: int,
    ls: float,
    lss: float,
    softcap: float,
    reduction: str,
    chunk_rows: int,
    chunk_mem_const: int,
    param_grad_dtype: str,
) -> Tuple[Tensor, Tensor, Tensor]:
    inputs = {"hidden": hidden, "weight": weight, "target": target, "bias": bias, "ce_weight": ce_weight, "dloss": dloss}
    params = dict(ce_params(ignore_index, ls, lss, softcap, reduction), chunk_rows=chunk_rows,
                  chunk_mem_const=chunk_mem_const, param_grad_dtype=param_grad_dtype)
    g = run("fused_linear_cross_entropy.backward", inputs, params)
    return g["dhidden"], g["dweight"], _output(g, "dbias", hidden)


def _scale_by_cotangent(grads, dloss):
    """Multiplies the tensors of ``grads`` (``None`` skipped) in place by the scalar cotangent
    ``dloss`` (a 0-d tensor on their device), read from device memory (no host wait). One
    ``torch._foreach_mul_`` per dtype: on CUDA a vectorised multi-tensor kernel, where
    ``t.mul_(dloss)`` with a 0-d CUDA operand takes TensorIterator's broadcast path, which read
    and wrote a 1 GB bf16 weight gradient in 1.47 ms on the H200 (BENCHMARKS.md, twenty-first
    session). The cotangent is rounded to each group's dtype first, as ``mul_`` does."""
    by_dtype = {}
    for g in grads:
        if g is not None:
            by_dtype.setdefault(g.dtype, []).append(g)
    d = dloss.reshape(())
    for dtype, group in by_dtype.items():
        torch._foreach_mul_(group, d.to(dtype))


class FusedLinearCrossEntropyFunction(torch.autograd.Function):
    """``apply(hidden [N, H], weight [V, H], target [N], bias=None, ce_weight=None,
    ignore_index=-100, label_smoothing=0.0, lse_square_scale=0.0, softcap=0.0,
    reduction="mean", chunk_rows=0, chunk_mem_const=1, param_grad_dtype="storage")``:
    cross-entropy of ``hidden @ weight.T + bias`` without holding the ``[N, V]`` logits. Under
    ``mean``/``sum`` the gradients are made in the forward (as Liger) and the backward scales
    them in place (so a second backward through the same graph raises torch's in-place error
    instead of giving doubled gradients); under ``none`` it recomputes. ``param_grad_dtype``:
    ``"storage"`` accumulates the weight and bias gradients in the hidden states' dtype, one
    rounding per chunk, as Liger does (half the memory of ``"f32"`` at 16 bits); ``"f32"`` keeps
    FP32 sums and casts once at the end."""

    @staticmethod
    def forward(ctx, hidden, weight, target, bias=None, ce_weight=None, ignore_index=-100,
                label_smoothing=0.0, lse_square_scale=0.0, softcap=0.0, reduction="mean",
                chunk_rows=0, chunk_mem_const=1, param_grad_dtype="storage"):
        opts = (ignore_index, label_smoothing, lse_square_scale, softcap, reduction, chunk_rows, chunk_mem_const,
                param_grad_dtype)
        loss, _, gh, gw, gb = flce_fwd(hidden, weight, target, bias, ce_weight, *opts)
        ctx.opts = opts
        ctx.has_bias = bias is not None
        if reduction == "none":
            ctx.save_for_backward(hidden, weight, target, bias, ce_weight)
        else:
            ctx.save_for_backward(gh, gw, gb if bias is not None else None, weight, bias)
        return loss

    @staticmethod
    def backward(ctx, dloss):
        if ctx.opts[4] == "none":
            hidden, weight, target, bias, ce_weight = ctx.saved_tensors
            dh, dw, db = flce_bwd(hidden, weight, target, bias, ce_weight, dloss.float(), *ctx.opts)
        else:
            # The forward's gradients are this Function's own: scaled in place, no new memory.
            dh, dw, db, weight, bias = ctx.saved_tensors
            _scale_by_cotangent([dh, dw, db], dloss)
        dw = dw.to(weight.dtype)
        db = db.to(bias.dtype) if ctx.has_bias and db is not None else None
        return (dh, dw, None, db) + (None,) * 9


# ---- distribution losses -----------------------------------------------------------------------


def _distill_fwd_fake(kind, x, y, labels, reduction, log_target, eps, beta, ignore_index):
    if kind == "jsd":
        return _empty(x, shape=())
    return _empty(x, torch.float32, tuple(x.shape) if reduction == "none" else ())


@_register("distill_fwd", _distill_fwd_fake)
def distill_fwd(
    kind: str,
    x: Tensor,
    y: Tensor,
    labels: Optional[Tensor],
    reduction: str,
    log_target: bool,
    eps: float,
    beta: float,
    ignore_index: int,
) -> Tensor:
    """The loss of ``kind`` (``kl_div``, ``jsd``, ``tvd``) of ``x`` against ``y``; each kind
    reads only its own options."""
    params = distill_params(kind, reduction, log_target, eps, beta, ignore_index)
    return run(f"{kind}.forward", distill_inputs(kind, x, y, labels), params)["loss"]


@_register("distill_bwd", lambda kind, x, y, labels, dloss, *opts: _empty(x))
def distill_bwd(
    kind: str,
    x: Tensor,
    y: Tensor,
    labels: Optional[Tensor],
    dloss: Tensor,
    reduction: str,
    log_target: bool,
    eps: float,
    beta: float,
    ignore_index: int,
) -> Tensor:
    """The gradient of ``x`` (in its dtype) for the loss cotangent ``dloss``."""
    inputs = dict(distill_inputs(kind, x, y, labels), dloss=dloss)
    params = distill_params(kind, reduction, log_target, eps, beta, ignore_index)
    return run(f"{kind}.backward", inputs, params)[DISTILL_PORTS[kind][2]]


def _distill_forward(ctx, kind, x, y, labels, opts):
    ctx.save_for_backward(x, y, labels)
    ctx.kind, ctx.opts = kind, opts
    return distill_fwd(kind, x, y, labels, *opts)


class _DistillFunction(torch.autograd.Function):
    """A distribution loss: ``x`` gets the gradient, recomputed from the saved inputs in the
    backward (no ``[..., V]`` gradient is held from forward to backward). Static methods only:
    dynamo passes the class twice to a classmethod ``forward`` (torch 2.15)."""

    @staticmethod
    def backward(ctx, dloss):
        x, y, labels = ctx.saved_tensors
        dx = distill_bwd(ctx.kind, x, y, labels, dloss, *ctx.opts) if ctx.needs_input_grad[0] else None
        return dx, None, None, None, None


class KLDivFunction(_DistillFunction):
    """``apply(y_pred, y_true, reduction="batchmean", log_target=False, eps=1e-10)`` (Liger's
    ``LigerKLDivLossFunction``; its functional form and module default to ``mean``): KL
    divergence of log-probabilities ``y_pred`` against ``y_true`` (log-probabilities with
    ``log_target``), FP32; ``none`` gives the ``[..., V]`` elements."""

    @staticmethod
    def forward(ctx, y_pred, y_true, reduction="batchmean", log_target=False, eps=1e-10):
        return _distill_forward(ctx, "kl_div", y_pred, y_true, None, (reduction, log_target, eps, 0.5, -100))


class JSDFunction(_DistillFunction):
    """``apply(input, target, shift_labels=None, beta=0.5, ignore_index=-100)`` (Liger's
    ``LigerJSDFunction``): generalised JSD of student ``input = log Q`` and teacher ``target =
    log P``, averaged over the rows whose label is not ``ignore_index``; a scalar in ``input``'s
    dtype."""

    @staticmethod
    def forward(ctx, input, target, shift_labels=None, beta=0.5, ignore_index=-100):
        return _distill_forward(ctx, "jsd", input, target, shift_labels, ("mean", False, 1e-10, beta, ignore_index))


class TVDFunction(_DistillFunction):
    """``apply(p, q, shift_labels=None, reduction="batchmean", ignore_index=-100)`` (Liger's
    ``LigerTVDLossFunction``; its functional form defaults to ``mean``): ``0.5 |p - q|`` on the
    rows not ignored, FP32; ``none`` gives the ``[..., V]`` elements."""

    @staticmethod
    def forward(ctx, p, q, shift_labels=None, reduction="batchmean", ignore_index=-100):
        return _distill_forward(ctx, "tvd", p, q, shift_labels, (reduction, False, 1e-10, 0.5, ignore_index))


# ---- embedding ---------------------------------------------------------------------------------


def _emb_params(padding_idx):
    return {"padding_idx": "none" if padding_idx < 0 else padding_idx}


@_register("emb_fwd", lambda weight, indices, padding_idx: weight.new_empty(tuple(indices.shape) + (weight.shape[1],)))
def emb_fwd(weight: Tensor, indices: Tensor, padding_idx: int) -> Tensor:
    return run("embedding.forward", {"weight": weight, "indices": indices}, _emb_params(padding_idx))["out"]


@_register("emb_bwd", lambda weight, indices, dout, padding_idx: _empty(weight, torch.float32))
def emb_bwd(weight: Tensor, indices: Tensor, dout: Tensor, padding_idx: int) -> Tensor:
    inputs = {"weight": weight, "indices": indices, "dout": dout}
    return run("embedding.backward", inputs, _emb_params(padding_idx))["dweight"]


class EmbeddingFunction(torch.autograd.Function):
    """``apply(weight [V, D], indices, padding_idx=-1)``: rows of ``weight`` (Liger's argument
    order); rows at ``padding_idx`` (``-1``: none) are zero and get no gradient. The table
    gradient is summed in a fixed order (deterministic, no atomics)."""

    @staticmethod
    def forward(ctx, weight, indices, padding_idx=-1):
        ctx.save_for_backward(weight, indices)
        ctx.padding_idx = padding_idx
        return emb_fwd(weight, indices, padding_idx)

    @staticmethod
    def backward(ctx, dout):
        weight, indices = ctx.saved_tensors
        dw = emb_bwd(weight, indices, dout, ctx.padding_idx)
        return dw.to(weight.dtype), None, None


# ---- modulated RMSNorm and GroupNorm -----------------------------------------------------------


def _rows_f32(x, shape):
    return _empty(x, torch.float32, tuple(shape))


def _mod_params(eps, offset, casting):
    return {"eps": eps, "offset": offset, "casting_mode": casting}


@_register("modulated_rms_norm_fwd",
           lambda x, weight, scale, shift, eps, offset, casting: (
               _empty(x), _empty(x, x.dtype if casting == "none" else torch.float32, tuple(x.shape[:-1]))))
def modulated_rms_norm_fwd(x: Tensor, weight: Optional[Tensor], scale: Tensor, shift: Optional[Tensor], eps: float,
                           offset: float, casting: str) -> Tuple[Tensor, Tensor]:
    """``(y, rstd)``; ``rstd`` FP32, or x's dtype in casting mode ``none``."""
    out = run("modulated_rms_norm.forward", {"x": x, "weight": weight, "scale": scale, "shift": shift},
              _mod_params(eps, offset, casting))
    return out["y"], out["rstd"]


def _mod_bwd_fake(x, weight, scale, shift, dy, rstd, eps, offset, casting):
    f32 = lambda t: _rows_f32(x, t.shape) if t is not None else _nothing(x)
    return _empty(x), f32(weight), f32(scale), f32(shift)


@_register("modulated_rms_norm_bwd", _mod_bwd_fake)
def modulated_rms_norm_bwd(x: Tensor, weight: Optional[Tensor], scale: Tensor, shift: Optional[Tensor], dy: Tensor,
                           rstd: Optional[Tensor], eps: float, offset: float,
                           casting: str) -> Tuple[Tensor, Tensor, Tensor, Tensor]:
    """``(dx, dweight, dscale, dshift)``: dx in x's dtype, the others FP32 (empty when absent)."""
    inputs = {"x": x, "weight": weight, "scale": scale, "shift": shift, "dy": dy, "rstd": rstd}
    params = dict(_mod_params(eps, offset, casting), grad_dtype="storage")
    g = run("modulated_rms_norm.backward", inputs, params)
    return g["dx"], _output(g, "dweight", x), g["dscale"].reshape(scale.shape), _output(g, "dshift", x)


class ModulatedRMSNormFunction(torch.autograd.Function):
    """``apply(x, weight, scale, shift=None, eps=1e-6, offset=0.0, casting_mode="llama")``: AdaLN,
    ``RMSNorm(x) * (1 + scale) + shift`` over the last axis (Liger's
    ``LigerModulatedRMSNormFunction``, without its in-place backward). ``weight`` may be None;
    ``scale``/``shift`` rows are shared by row groups: ``[N]`` or ``[1, N]`` for every row,
    ``[B, N]`` (or ``[B, 1, N]``) per sequence of x ``[B, T, N]``, or one row per token. The
    parameter gradients are summed deterministically in FP32 (no atomics) and returned in each
    input's dtype."""

    @staticmethod
    def forward(ctx, x, weight, scale, shift=None, eps=1e-6, offset=0.0, casting_mode="llama"):
        y, rstd = modulated_rms_norm_fwd(x, weight, scale, shift, eps, offset, casting_mode)
        ctx.save_for_backward(x, weight, scale, shift, _saved_rstd(rstd))
        ctx.opts = (eps, offset, casting_mode)
        return y

    @staticmethod
    def backward(ctx, dy):
        x, weight, scale, shift, rstd = ctx.saved_tensors
        dx, dw, ds, dh = modulated_rms_norm_bwd(x, weight, scale, shift, dy, rstd, *ctx.opts)
        return (dx, _param_grad(dw, weight), _param_grad(ds, scale),
                _param_grad(dh.reshape(shift.shape) if shift is not None else dh, shift), None, None, None)


def _group_stats_fake(x, num_groups):
    return _rows_f32(x, (x.shape[0], num_groups))


@_register("group_norm_fwd",
           lambda x, weight, bias, num_groups, eps: (
               _empty(x), _group_stats_fake(x, num_groups), _group_stats_fake(x, num_groups)))
def group_norm_fwd(x: Tensor, weight: Tensor, bias: Tensor, num_groups: int,
                   eps: float) -> Tuple[Tensor, Tensor, Tensor]:
    """``(y, mean, rstd)``, the statistics FP32 ``[B, G]``."""
    out = run("group_norm.forward", {"x": x, "weight": weight, "bias": bias}, {"num_groups": num_groups, "eps": eps})
    return out["y"], out["mean"], out["rstd"]


@_register("group_norm_bwd",
           lambda x, weight, bias, dy, mean, rstd, num_groups, eps: (
               _empty(x), _rows_f32(x, weight.shape), _rows_f32(x, bias.shape)))
def group_norm_bwd(x: Tensor, weight: Tensor, bias: Tensor, dy: Tensor, mean: Tensor, rstd: Tensor, num_groups: int,
                   eps: float) -> Tuple[Tensor, Tensor, Tensor]:
    """``(dx, dweight, dbias)``, the parameters' in FP32."""
    inputs = {"x": x, "weight": weight, "bias": bias, "dy": dy, "mean": mean, "rstd": rstd}
    g = run("group_norm.backward", inputs, {"num_groups": num_groups, "eps": eps})
    return g["dx"], g["dweight"], g["dbias"]


class GroupNormFunction(torch.autograd.Function):
    """``apply(x, weight, bias, num_groups, eps=1e-6)``: GroupNorm of x ``[B, C, *]`` in
    ``num_groups`` groups of channels with per-channel affine ``weight``/``bias`` ``[C]`` (Liger's
    ``liger_group_norm`` without its ``num_channels`` argument, which is x's axis 1). Statistics
    are FP32 and two-pass (Liger's are one-pass in x's dtype); ``dweight``/``dbias`` are summed
    deterministically (Liger uses atomics)."""

    @staticmethod
    def forward(ctx, x, weight, bias, num_groups, eps=1e-6):
        y, mean, rstd = group_norm_fwd(x, weight, bias, int(num_groups), eps)
        ctx.save_for_backward(x, weight, bias, mean, rstd)
        ctx.opts = (int(num_groups), eps)
        return y

    @staticmethod
    def backward(ctx, dy):
        x, weight, bias, mean, rstd = ctx.saved_tensors
        dx, dw, db = group_norm_bwd(x, weight, bias, dy, mean, rstd, *ctx.opts)
        return dx, _param_grad(dw, weight), _param_grad(db, bias), None, None


# ---- sparsemax ---------------------------------------------------------------------------------


@_register("sparsemax_fwd", lambda x: _empty(x))
def sparsemax_fwd(x: Tensor) -> Tensor:
    return run("sparsemax.forward", {"x": x})["y"]


@_register("sparsemax_bwd", lambda y, dy: _empty(y))
def sparsemax_bwd(y: Tensor, dy: Tensor) -> Tensor:
    return run("sparsemax.backward", {"y": y, "dy": dy})["dx"]


class SparsemaxFunction(torch.autograd.Function):
    """``apply(x)``: sparsemax over the last axis (the Euclidean projection onto the simplex;
    Liger's ``LigerSparsemaxFunction``), found without a sort; the backward reads only the
    output: ``dx = dy - mean(dy over y > 0)`` on the support, 0 off it (the mean FP32, where
    Liger rounds it to the output dtype)."""

    @staticmethod
    def forward(ctx, x):
        y = sparsemax_fwd(x)
        ctx.save_for_backward(y)
        return y

    @staticmethod
    def backward(ctx, dy):
        (y,) = ctx.saved_tensors
        return sparsemax_bwd(y, dy)


# ---- fused cross-entropy + TVD -----------------------------------------------------------------


def _ce_tvd_rows_fake(student):
    return _rows_f32(student, student.shape[:-1])


@_register("fused_ce_tvd_fwd",
           lambda student, teacher, target, ignore_index: tuple(_ce_tvd_rows_fake(student) for _ in range(5)))
def fused_ce_tvd_fwd(student: Tensor, teacher: Tensor, target: Tensor,
                     ignore_index: int) -> Tuple[Tensor, Tensor, Tensor, Tensor, Tensor]:
    """``(ce, tvd, lse_s, lse_t, sigma)``, each FP32 over the rows."""
    out = run("fused_ce_tvd.forward", {"student": student, "teacher": teacher, "target": target},
              {"ignore_index": ignore_index})
    return out["ce"], out["tvd"], out["lse_s"], out["lse_t"], out["sigma"]


@_register("fused_ce_tvd_bwd",
           lambda student, teacher, target, lse_s, lse_t, sigma, dce, dtvd, ignore_index: _empty(student))
def fused_ce_tvd_bwd(student: Tensor, teacher: Tensor, target: Tensor, lse_s: Tensor, lse_t: Tensor, sigma: Tensor,
                     dce: Tensor, dtvd: Tensor, ignore_index: int) -> Tensor:
    inputs = {"student": student, "teacher": teacher, "target": target, "lse_s": lse_s, "lse_t": lse_t,
              "sigma": sigma, "dce": dce, "dtvd": dtvd}
    return run("fused_ce_tvd.backward", inputs, {"ignore_index": ignore_index})["dstudent"]


class FusedCETVDFunction(torch.autograd.Function):
    """``apply(student, teacher, target, ignore_index=-100)`` returns ``(ce, tvd)``, FP32 per row
    and unreduced (Liger 0.8.5's ``LigerFusedCETVDFunction``): the student's cross-entropy
    against ``target`` and ``0.5 sum |softmax(student) - softmax(teacher)|``, 0 on ignored rows.
    Only the student gets a gradient. Unlike Liger, a target outside ``[0, V)`` that is not
    ``ignore_index`` is an error (CPU tensors) or NaN rows (device tensors), never a read out of
    the row."""

    @staticmethod
    def forward(ctx, student, teacher, target, ignore_index=-100):
        ce, tvd, lse_s, lse_t, sigma = fused_ce_tvd_fwd(student, teacher, target, int(ignore_index))
        ctx.save_for_backward(student, teacher, target, lse_s, lse_t, sigma)
        ctx.ignore_index = int(ignore_index)
        return ce, tvd

    @staticmethod
    def backward(ctx, dce, dtvd):
        student, teacher, target, lse_s, lse_t, sigma = ctx.saved_tensors
        dce = torch.zeros_like(lse_s) if dce is None else dce
        dtvd = torch.zeros_like(lse_s) if dtvd is None else dtvd
        ds = fused_ce_tvd_bwd(student, teacher, target, lse_s, lse_t, sigma, dce, dtvd, ctx.ignore_index)
        return ds, None, None, None


# ---- GRPO loss on materialised logits ----------------------------------------------------------


def _grpo_params(temperature, beta, eps_low, eps_high, loss_type, delta, bias_kl, sapo_pos, sapo_neg):
    return {"temperature": temperature, "beta": beta, "eps_low": eps_low, "eps_high": eps_high,
            "loss_type": loss_type, "delta": "none" if delta is None else delta,
            "use_bias_correction_kl": "true" if bias_kl else "false",
            "sapo_temperature_pos": sapo_pos, "sapo_temperature_neg": sapo_neg}


def _grpo_inputs(logits, ids, adv, mask, old, ref):
    return {"logits": logits, "completion_ids": ids, "advantages": adv, "completion_mask": mask,
            "old_logp": old, "ref_logp": ref}


def _grpo_fwd_fake(logits, ids, adv, mask, old, ref, *params):
    tok = lambda: _rows_f32(logits, ids.shape)
    return tok(), tok(), tok(), tok()


@_register("grpo_fwd", _grpo_fwd_fake)
def grpo_fwd(logits: Tensor, ids: Tensor, adv: Tensor, mask: Optional[Tensor], old: Optional[Tensor],
             ref: Optional[Tensor], temperature: float, beta: float, eps_low: float, eps_high: float, loss_type: str,
             delta: Optional[float], bias_kl: bool, sapo_pos: float,
             sapo_neg: float) -> Tuple[Tensor, Tensor, Tensor, Tensor]:
    """``(loss, kl, is_clipped, lse)``, FP32 ``[B, L]``, the first three times the mask."""
    out = run("grpo_loss.forward", _grpo_inputs(logits, ids, adv, mask, old, ref),
              _grpo_params(temperature, beta, eps_low, eps_high, loss_type, delta, bias_kl, sapo_pos, sapo_neg))
    return out["loss"], out["kl"], out["is_clipped"], out["lse"]


@_register("grpo_bwd", lambda logits, ids, adv, mask, old, ref, lse, dloss, *params: _empty(logits))
def grpo_bwd(logits: Tensor, ids: Tensor, adv: Tensor, mask: Optional[Tensor], old: Optional[Tensor],
             ref: Optional[Tensor], lse: Tensor, dloss: Tensor, temperature: float, beta: float, eps_low: float,
             eps_high: float, loss_type: str, delta: Optional[float], bias_kl: bool, sapo_pos: float,
             sapo_neg: float) -> Tensor:
    inputs = dict(_grpo_inputs(logits, ids, adv, mask, old, ref), lse=lse, dloss=dloss)
    params = _grpo_params(temperature, beta, eps_low, eps_high, loss_type, delta, bias_kl, sapo_pos, sapo_neg)
    return run("grpo_loss.backward", inputs, params)["dlogits"]


class GRPOLossFunction(torch.autograd.Function):
    """``apply(logits [B, L+1, V], old_logp, ref_logp, completion_ids [B, L], advantages [B],
    completion_mask=None, temperature=0.9, beta=0.04, eps_low=0.2, eps_high=0.4,
    loss_type="dapo", delta=None, use_bias_correction_kl=False, sapo_temperature_pos=1.0,
    sapo_temperature_neg=1.05)`` returns ``(loss, kl, is_clipped)``, FP32 ``[B, L]`` per token,
    each times the mask (Liger's ``triton_grpo_loss`` with ``reduce=False``, token level; the
    reductions are the caller's). Only the logits get a gradient, and only through ``loss``
    (``kl`` and ``is_clipped`` are metrics, as in Liger). The gradient is a new tensor (Liger's
    default ``inplace=True`` writes it over the logits); masked tokens are never read."""

    @staticmethod
    def forward(ctx, logits, old_logp, ref_logp, completion_ids, advantages, completion_mask=None, temperature=0.9,
                beta=0.04, eps_low=0.2, eps_high=0.4, loss_type="dapo", delta=None, use_bias_correction_kl=False,
                sapo_temperature_pos=1.0, sapo_temperature_neg=1.05):
        params = (float(temperature), float(beta), float(eps_low), float(eps_high), str(loss_type),
                  None if delta is None else float(delta), bool(use_bias_correction_kl), float(sapo_temperature_pos),
                  float(sapo_temperature_neg))
        loss, kl, clipped, lse = grpo_fwd(logits, completion_ids, advantages, completion_mask, old_logp, ref_logp,
                                          *params)
        ctx.save_for_backward(logits, completion_ids, advantages, completion_mask, old_logp, ref_logp, lse)
        ctx.params = params
        ctx.mark_non_differentiable(kl, clipped)
        return loss, kl, clipped

    @staticmethod
    def backward(ctx, dloss, _dkl, _dclipped):
        logits, ids, adv, mask, old, ref, lse = ctx.saved_tensors
        dloss = torch.zeros_like(lse) if dloss is None else dloss
        dz = grpo_bwd(logits, ids, adv, mask, old, ref, lse, dloss, *ctx.params)
        return (dz,) + (None,) * 14


# ---- fused linear KL divergence ----------------------------------------------------------------


def _flkl_fwd_fake(hidden, weight, target, labels, reduction, ignore_index, temperature, eps, chunk_rows,
                   chunk_mem_const):
    return hidden.new_empty((), dtype=torch.float32), _empty(hidden), _empty(weight)


@_register("flkl_fwd", _flkl_fwd_fake)
def flkl_fwd(hidden: Tensor, weight: Tensor, target: Tensor, labels: Optional[Tensor], reduction: str,
             ignore_index: int, temperature: float, eps: float, chunk_rows: int,
             chunk_mem_const: int) -> Tuple[Tensor, Tensor, Tensor]:
    """``(loss, grad_hidden, grad_weight)``: the FP32 loss and both gradients (hidden's and
    weight's dtypes), made in the forward as Liger does."""
    params = {"reduction": reduction, "ignore_index": ignore_index, "temperature": temperature, "eps": eps,
              "chunk_rows": chunk_rows, "chunk_mem_const": chunk_mem_const, "param_grad_dtype": "storage"}
    out = run("fused_linear_kl_div.forward", {"hidden": hidden, "weight": weight, "target": target, "labels": labels},
              params)
    return out["loss"], out["grad_hidden"], out["grad_weight"]


def _save_grads(ctx, gh, gw, gb, has_bias):
    """Saves the forward's gradients ``(grad_hidden, grad_weight, grad_bias)`` for
    ``_scaled_grads`` (``grad_bias`` only with a bias)."""
    ctx.has_bias = has_bias
    ctx.save_for_backward(gh, gw, gb if has_bias else None)


def _scaled_grads(ctx, dloss):
    """The gradients ``_save_grads`` kept, times the cotangent in place (as
    ``_scaled_in_place``): ``(grad_hidden, grad_weight, grad_bias or None)``."""
    gh, gw, gb = ctx.saved_tensors
    _scale_by_cotangent([gh, gw, gb], dloss)
    return gh, gw, (gb if ctx.has_bias else None)


def _scaled_in_place(ctx, dloss):
    """The forward's saved gradients ``(grad_hidden, grad_weight)`` times the cotangent, in place:
    they are the Function's own (no copy of the 1 GB weight gradient; a second backward through
    the same graph raises torch's in-place error instead of scaling twice), as
    ``FusedLinearCrossEntropyFunction`` does."""
    gh, gw = ctx.saved_tensors
    _scale_by_cotangent([gh, gw], dloss)
    return gh, gw


class FusedLinearKLDivFunction(torch.autograd.Function):
    """``apply(student_input [N, H], student_weight [V, H], target [N, V], shift_labels=None,
    reduction="batchmean", ignore_index=-100, temperature=1.0, eps=1e-10, chunk_rows=0,
    chunk_mem_const=16)``: ``KL(target || softmax(x W^T / T))`` against teacher probabilities
    without holding the ``[N, V]`` logits (Liger 0.8.5's ``LigerFusedLinearKLDivFunction``;
    ``none`` is refused, as there). The gradients are made in the forward (the weight's
    accumulated in its dtype, one rounding per chunk, as Liger's default) and scaled by the
    backward's cotangent; the target and labels get none."""

    @staticmethod
    def forward(ctx, student_input, student_weight, target, shift_labels=None, reduction="batchmean",
                ignore_index=-100, temperature=1.0, eps=1e-10, chunk_rows=0, chunk_mem_const=16):
        loss, gh, gw = flkl_fwd(student_input, student_weight, target, shift_labels, str(reduction), int(ignore_index),
                                float(temperature), float(eps), int(chunk_rows), int(chunk_mem_const))
        ctx.save_for_backward(gh, gw)
        return loss

    @staticmethod
    def backward(ctx, dloss):
        return _scaled_in_place(ctx, dloss) + (None,) * 8


# ---- fused linear JSD --------------------------------------------------------------------------


def _fljsd_fwd_fake(hidden, weight, teacher_hidden, teacher_weight, labels, beta, ignore_index, temperature,
                    chunk_rows, chunk_mem_const):
    return hidden.new_empty((), dtype=torch.float32), _empty(hidden), _empty(weight)


@_register("fljsd_fwd", _fljsd_fwd_fake)
def fljsd_fwd(hidden: Tensor, weight: Tensor, teacher_hidden: Tensor, teacher_weight: Tensor, labels: Optional[Tensor],
              beta: float, ignore_index: int, temperature: float, chunk_rows: int,
              chunk_mem_const: int) -> Tuple[Tensor, Tensor, Tensor]:
    """``(loss, grad_hidden, grad_weight)`` of the student, made in the forward."""
    params = {"beta": beta, "ignore_index": ignore_index, "temperature": temperature, "chunk_rows": chunk_rows,
              "chunk_mem_const": chunk_mem_const, "param_grad_dtype": "storage"}
    inputs = {"hidden": hidden, "weight": weight, "teacher_hidden": teacher_hidden, "teacher_weight": teacher_weight,
              "labels": labels}
    out = run("fused_linear_jsd.forward", inputs, params)
    return out["loss"], out["grad_hidden"], out["grad_weight"]


class FusedLinearJSDFunction(torch.autograd.Function):
    """``apply(student_input [N, Hs], student_weight [V, Hs], teacher_input [N, Ht],
    teacher_weight [V, Ht], shift_labels=None, jsd_beta=0.5, ignore_index=-100, temperature=1.0,
    chunk_rows=0, chunk_mem_const=1)``: the generalised JSD of the student's
    ``log_softmax(x_s W_s^T / T)`` against the teacher's, over the rows not ignored, without
    either ``[N, V]`` logits (Liger's ``LigerFusedLinearJSDFunction``). The student's gradients
    are made in the forward (the weight's in its dtype) and scaled by the backward's cotangent;
    the teacher gets none."""

    @staticmethod
    def forward(ctx, student_input, student_weight, teacher_input, teacher_weight, shift_labels=None, jsd_beta=0.5,
                ignore_index=-100, temperature=1.0, chunk_rows=0, chunk_mem_const=1):
        loss, gh, gw = fljsd_fwd(student_input, student_weight, teacher_input, teacher_weight, shift_labels,
                                 float(jsd_beta), int(ignore_index), float(temperature), int(chunk_rows),
                                 int(chunk_mem_const))
        ctx.save_for_backward(gh, gw)
        return loss

    @staticmethod
    def backward(ctx, dloss):
        return _scaled_in_place(ctx, dloss) + (None,) * 8


# ---- MLP ---------------------------------------------------------------------------------------


def _mlp_inputs(x, wg, wu, wd):
    return {"x": x, "wg": wg, "wu": wu, "wd": wd}


def _mlp_params(activation, gate_multiplier, down_multiplier, **more):
    return {"activation": activation, "gate_multiplier": gate_multiplier, "down_multiplier": down_multiplier,
            **more}


def _mlp_fwd_fake(x, wg, wu, wd, activation, gate_multiplier, down_multiplier, save_preact):
    gu = _empty(x, shape=(*x.shape[:-1], 2 * wg.shape[0])) if save_preact else _nothing(x)
    return _empty(x), gu


@_register("mlp_fwd", _mlp_fwd_fake)
def mlp_fwd(x: Tensor, wg: Tensor, wu: Tensor, wd: Tensor, activation: str, gate_multiplier: float,
            down_multiplier: float, save_preact: bool) -> Tuple[Tensor, Tensor]:
    """``(out, gu)``: the MLP's output and, with ``save_preact``, ``[x wg^T | x wu^T]``."""
    out = run("fused_mlp.forward", _mlp_inputs(x, wg, wu, wd),
              _mlp_params(activation, gate_multiplier, down_multiplier, save_preact=save_preact))
    return out["out"], _output(out, "gu", x)


def _mlp_bwd_fake(x, wg, wu, wd, gu, dout, activation, gate_multiplier, down_multiplier):
    return _empty(x), _empty(wg), _empty(wu), _empty(wd)


@_register("mlp_bwd", _mlp_bwd_fake)
def mlp_bwd(x: Tensor, wg: Tensor, wu: Tensor, wd: Tensor, gu: Tensor, dout: Tensor, activation: str,
            gate_multiplier: float, down_multiplier: float) -> Tuple[Tensor, Tensor, Tensor, Tensor]:
    """``(dx, dwg, dwu, dwd)`` in the inputs' dtypes (``gu`` is read, not written)."""
    inputs = _mlp_inputs(x, wg, wu, wd)
    inputs.update(gu=gu, dout=dout)
    g = run("fused_mlp.backward", inputs,
            _mlp_params(activation, gate_multiplier, down_multiplier, param_grad_dtype="storage"))
    return g["dx"], g["dwg"], g["dwu"], g["dwd"]


def mlp_bwd_in_place(x, wg, wu, wd, gu, dout, activation, gate_multiplier, down_multiplier):
    """``mlp_bwd`` writing ``[dG | dU]`` over ``gu`` (eager only: not a custom op); ``gu`` is
    consumed (its version is bumped)."""
    inputs = _mlp_inputs(x, wg, wu, wd)
    inputs.update(gu=gu, dout=dout)
    g = run("fused_mlp.in_place_backward", inputs,
            _mlp_params(activation, gate_multiplier, down_multiplier, param_grad_dtype="storage"))
    _consumed(gu)
    return g["dx"], g["dwg"], g["dwu"], g["dwd"]


class FusedMLPFunction(torch.autograd.Function):
    """``apply(x [..., dim], wg [I, dim], wu [I, dim], wd [dim, I], gate_multiplier=1.0,
    down_multiplier=1.0, activation="swiglu")``: ``(act(gm x wg^T) * (x wu^T) * dm) wd^T`` with
    ``act`` silu (``"swiglu"``, Liger's ``LigerMLPFunction``) or tanh-GELU (``"geglu"``). The
    forward saves ``[x wg^T | x wu^T]`` (``2 I`` values per row, Liger keeps ``3 I``); in eager
    mode the backward writes ``[dG | dU]`` over it (``fused_mlp.in_place_backward``). Every input
    gets a gradient, in its dtype (FP32 sums rounded once)."""

    @staticmethod
    def forward(ctx, x, wg, wu, wd, gate_multiplier=1.0, down_multiplier=1.0, activation="swiglu"):
        opts = (str(activation), float(gate_multiplier), float(down_multiplier))
        out, gu = mlp_fwd(x, wg, wu, wd, *opts, True)
        ctx.save_for_backward(x, wg, wu, wd, gu)
        ctx.opts = opts
        ctx.in_place = True
        return out

    @staticmethod
    def backward(ctx, dout):
        x, wg, wu, wd, gu = ctx.saved_tensors
        bwd = mlp_bwd_in_place if _in_place(ctx) else mlp_bwd
        dx, dwg, dwu, dwd = bwd(x, wg, wu, wd, gu, dout.contiguous(), *ctx.opts)
        return dx, dwg, dwu, dwd, None, None, None


def _tiled_mlp_fwd_fake(x, wg, wu, wd, activation, gate_multiplier, down_multiplier, shards):
    return _empty(x)


@_register("tiled_mlp_fwd", _tiled_mlp_fwd_fake)
def tiled_mlp_fwd(x: Tensor, wg: Tensor, wu: Tensor, wd: Tensor, activation: str, gate_multiplier: float,
                  down_multiplier: float, shards: str) -> Tensor:
    """The MLP's output, computed in row shards; nothing but ``x`` needs keeping."""
    out = run("tiled_mlp.forward", _mlp_inputs(x, wg, wu, wd),
              _mlp_params(activation, gate_multiplier, down_multiplier, shards=shards))
    return out["out"]


def _tiled_mlp_bwd_fake(x, wg, wu, wd, dout, activation, gate_multiplier, down_multiplier, shards):
    return _empty(x), _empty(wg), _empty(wu), _empty(wd)


@_register("tiled_mlp_bwd", _tiled_mlp_bwd_fake)
def tiled_mlp_bwd(x: Tensor, wg: Tensor, wu: Tensor, wd: Tensor, dout: Tensor, activation: str,
                  gate_multiplier: float, down_multiplier: float, shards: str) -> Tuple[Tensor, Tensor, Tensor, Tensor]:
    """``(dx, dwg, dwu, dwd)``, every shard's intermediates recomputed."""
    inputs = _mlp_inputs(x, wg, wu, wd)
    inputs.update(dout=dout)
    g = run("tiled_mlp.backward", inputs,
            _mlp_params(activation, gate_multiplier, down_multiplier, shards=shards, param_grad_dtype="storage"))
    return g["dx"], g["dwg"], g["dwu"], g["dwd"]


class TiledMLPFunction(torch.autograd.Function):
    """``apply(x, wg, wu, wd, gate_multiplier=1.0, down_multiplier=1.0, activation="swiglu",
    shards="auto")``: ``FusedMLPFunction``'s MLP in row shards (Liger's ``LigerTiledMLPFunction``
    behind ``LigerTiledSwiGLUMLP``/``LigerTiledGEGLUMLP``; ``auto``: ``max(1, ceil(T / dim))``
    shards): only ``x`` is saved and the backward recomputes each shard. The weight gradients are
    returned (Liger writes ``.grad`` as a side effect)."""

    @staticmethod
    def forward(ctx, x, wg, wu, wd, gate_multiplier=1.0, down_multiplier=1.0, activation="swiglu", shards="auto"):
        opts = (str(activation), float(gate_multiplier), float(down_multiplier), str(shards))
        out = tiled_mlp_fwd(x, wg, wu, wd, *opts)
        ctx.save_for_backward(x, wg, wu, wd)
        ctx.opts = opts
        return out

    @staticmethod
    def backward(ctx, dout):
        x, wg, wu, wd = ctx.saved_tensors
        dx, dwg, dwu, dwd = tiled_mlp_bwd(x, wg, wu, wd, dout.contiguous(), *ctx.opts)
        return dx, dwg, dwu, dwd, None, None, None, None


# ---- chunked distillation (chunked_jsd, chunked_cosine_similarity) -----------------------------


def _distill_fwd_fake(kind, hidden, weight, teacher_hidden, teacher_weight, labels, bias, teacher_bias, weight_hard,
                      weight_soft, beta, ignore_index, temperature, compute_ce_loss, chunk_size):
    grad_bias = _empty(bias) if bias is not None else _nothing(hidden)
    return hidden.new_empty((), dtype=torch.float32), _empty(hidden), _empty(weight), grad_bias


@_register("chunked_distill_fwd", _distill_fwd_fake)
def chunked_distill_fwd(kind: str, hidden: Tensor, weight: Tensor, teacher_hidden: Tensor, teacher_weight: Tensor,
                        labels: Tensor, bias: Optional[Tensor], teacher_bias: Optional[Tensor], weight_hard: float,
                        weight_soft: float, beta: float, ignore_index: int, temperature: float, compute_ce_loss: bool,
                        chunk_size: int) -> Tuple[Tensor, Tensor, Tensor, Tensor]:
    """``(loss, grad_hidden, grad_weight, grad_bias)`` of the student under ``kind``
    (``chunked_jsd`` or ``chunked_cosine_similarity``), made in the forward; ``grad_bias`` is an
    empty placeholder without ``bias``."""
    params = {"weight_hard_loss": weight_hard, "weight_soft_loss": weight_soft, "beta": beta,
              "ignore_index": ignore_index, "temperature": temperature, "compute_ce_loss": compute_ce_loss,
              "chunk_size": chunk_size, "param_grad_dtype": "storage"}
    inputs = {"hidden": hidden, "weight": weight, "teacher_hidden": teacher_hidden, "teacher_weight": teacher_weight,
              "labels": labels, "bias": bias, "teacher_bias": teacher_bias}
    out = run(f"{kind}.forward", inputs, params)
    return out["loss"], out["grad_hidden"], out["grad_weight"], _output(out, "grad_bias", hidden)


class ChunkedDistillFunction(torch.autograd.Function):
    """``apply(kind, student_input [N, Hs], student_weight [V_s, Hs], teacher_input [N, Ht],
    teacher_weight [V_t, Ht], true_labels [N], student_bias=None, teacher_bias=None,
    weight_hard_loss=0.5, weight_soft_loss=0.5, beta=0.5, ignore_index=-100, temperature=1.0,
    compute_ce_loss=True, chunk_size=1024)``: Liger's chunked distillation losses (``kind``
    ``"chunked_jsd"``: ``LigerFusedLinearJSDFunction`` of ``chunked_loss``; or
    ``"chunked_cosine_similarity"``), ``weight_hard * NLL + weight_soft * soft``, each over the
    rows not ignored, without the ``[N, V]`` logits. The student's gradients are made in the
    forward (the weight's and bias's in their dtype) and scaled by the backward's cotangent;
    the teacher and labels get none."""

    @staticmethod
    def forward(ctx, kind, student_input, student_weight, teacher_input, teacher_weight, true_labels,
                student_bias=None, teacher_bias=None, weight_hard_loss=0.5, weight_soft_loss=0.5, beta=0.5,
                ignore_index=-100, temperature=1.0, compute_ce_loss=True, chunk_size=1024):
        loss, gh, gw, gb = chunked_distill_fwd(
            str(kind), student_input, student_weight, teacher_input, teacher_weight, true_labels, student_bias,
            teacher_bias, float(weight_hard_loss), float(weight_soft_loss), float(beta), int(ignore_index),
            float(temperature), bool(compute_ce_loss), int(chunk_size))
        _save_grads(ctx, gh, gw, gb, student_bias is not None)
        return loss

    @staticmethod
    def backward(ctx, dloss):
        gh, gw, gb = _scaled_grads(ctx, dloss)
        return (None, gh, gw, None, None, None, gb) + (None,) * 8


# ---- chunked preference losses (chunked_dpo, chunked_cpo, chunked_orpo, chunked_simpo) ---------

_PREF_AUX = ("chosen_logps", "rejected_logps", "chosen_logits_mean", "rejected_logits_mean", "nll", "chosen_rewards",
             "rejected_rewards", "log_odds_ratio", "log_odds_chosen")


def _pref_params(text):
    """``"name=value;..."`` (the custom op's one string argument) as the entry's parameters."""
    return dict(item.split("=", 1) for item in text.split(";") if item)


def _pref_fwd_fake(kind, hidden, weight, target, bias, ref_hidden, ref_weight, ref_bias, params):
    pairs = hidden.shape[0] // 2
    scalar = lambda: hidden.new_empty((), dtype=torch.float32)
    per_pair = lambda: hidden.new_empty((pairs,), dtype=torch.float32)
    aux = (per_pair(), per_pair(), scalar(), scalar(), scalar(), per_pair(), per_pair(), scalar(), scalar())
    grad_bias = _empty(bias) if bias is not None else _nothing(hidden)
    return (scalar(),) + aux + (_empty(hidden), _empty(weight), grad_bias)


@_register("pref_fwd", _pref_fwd_fake)
def pref_fwd(kind: str, hidden: Tensor, weight: Tensor, target: Tensor, bias: Optional[Tensor],
             ref_hidden: Optional[Tensor], ref_weight: Optional[Tensor], ref_bias: Optional[Tensor],
             params: str) -> Tuple[Tensor, Tensor, Tensor, Tensor, Tensor, Tensor, Tensor, Tensor, Tensor, Tensor,
                                   Tensor, Tensor, Tensor]:
    """``(loss, *aux, grad_hidden, grad_weight, grad_bias)`` of ``kind``'s forward, the aux
    outputs in ``_PREF_AUX`` order (ORPO's log-odds are zeros for the other losses, ``grad_bias``
    an empty placeholder without ``bias``)."""
    inputs = {"hidden": hidden, "weight": weight, "target": target, "bias": bias, "ref_hidden": ref_hidden,
              "ref_weight": ref_weight, "ref_bias": ref_bias}
    out = run(f"{kind}.forward", inputs, {**_pref_params(params), "param_grad_dtype": "storage"})
    zero = lambda: hidden.new_zeros((), dtype=torch.float32)
    aux = tuple(out[k] if k in out else zero() for k in _PREF_AUX)
    return (out["loss"],) + aux + (out["grad_hidden"], out["grad_weight"], _output(out, "grad_bias", hidden))


class PreferenceFunction(torch.autograd.Function):
    """``apply(kind, hidden [2B, T, H], weight [V, H], target [2B, T], bias, ref_hidden,
    ref_weight, ref_bias, params)``: Liger's paired chunked preference losses (``kind``
    ``chunked_dpo``, ``chunked_cpo``, ``chunked_orpo``, ``chunked_simpo``; chosen sequences
    first) with the entry's parameters as ``"name=value;..."``. Returns ``(loss, *aux)``, the
    aux outputs in ``_PREF_AUX`` order without gradients; the loss's gradients of ``hidden``,
    ``weight`` and ``bias`` are made in the forward (the weight's and bias's in their dtype) and
    scaled by the backward's cotangent; the reference model and targets get none."""

    @staticmethod
    def forward(ctx, kind, hidden, weight, target, bias, ref_hidden, ref_weight, ref_bias, params):
        loss, *rest = pref_fwd(kind, hidden, weight, target, bias, ref_hidden, ref_weight, ref_bias, params)
        aux = rest[:-3]
        _save_grads(ctx, *rest[-3:], bias is not None)
        ctx.mark_non_differentiable(*aux)
        return (loss, *aux)

    @staticmethod
    def backward(ctx, dloss, *_):
        gh, gw, gb = _scaled_grads(ctx, dloss)
        return None, gh, gw, None, gb, None, None, None, None


_KTO_AUX = ("chosen_logps_sum", "rejected_logps_sum", "chosen_logits_sum", "rejected_logits_sum", "chosen_rewards_sum",
            "rejected_rewards_sum")


def _kto_fwd_fake(hidden, weight, target, labels, bias, ref_hidden, ref_weight, ref_bias, kl, params):
    scalar = lambda: hidden.new_empty((), dtype=torch.float32)
    grad_bias = _empty(bias) if bias is not None else _nothing(hidden)
    return (scalar(),) + tuple(scalar() for _ in _KTO_AUX) + (_empty(hidden), _empty(weight), grad_bias)


@_register("kto_fwd", _kto_fwd_fake)
def kto_fwd(hidden: Tensor, weight: Tensor, target: Tensor, labels: Tensor, bias: Optional[Tensor],
            ref_hidden: Optional[Tensor], ref_weight: Optional[Tensor], ref_bias: Optional[Tensor], kl: Optional[Tensor],
            params: str) -> Tuple[Tensor, Tensor, Tensor, Tensor, Tensor, Tensor, Tensor, Tensor, Tensor, Tensor]:
    """``(loss, *aux, grad_hidden, grad_weight, grad_bias)`` of ``chunked_kto.forward``, the aux
    sums in ``_KTO_AUX`` order (``grad_bias`` an empty placeholder without ``bias``)."""
    inputs = {"hidden": hidden, "weight": weight, "target": target, "preference_labels": labels, "bias": bias,
              "ref_hidden": ref_hidden, "ref_weight": ref_weight, "ref_bias": ref_bias, "kl": kl}
    out = run("chunked_kto.forward", inputs, {**_pref_params(params), "param_grad_dtype": "storage"})
    return ((out["loss"],) + tuple(out[k] for k in _KTO_AUX)
            + (out["grad_hidden"], out["grad_weight"], _output(out, "grad_bias", hidden)))


class KTOFunction(torch.autograd.Function):
    """``apply(hidden [B, T, H], weight, target [B, T], preference_labels [B], bias, ref_hidden,
    ref_weight, ref_bias, kl, params)``: Liger's ``LigerFusedLinearKTOFunction`` (``params`` as
    ``PreferenceFunction``'s). Returns ``(loss, *aux)`` (``_KTO_AUX``, no gradients); gradients
    of ``hidden``, ``weight`` and ``bias`` as the paired losses'."""

    @staticmethod
    def forward(ctx, hidden, weight, target, labels, bias, ref_hidden, ref_weight, ref_bias, kl, params):
        loss, *rest = kto_fwd(hidden, weight, target, labels, bias, ref_hidden, ref_weight, ref_bias, kl, params)
        aux = rest[:-3]
        _save_grads(ctx, *rest[-3:], bias is not None)
        ctx.mark_non_differentiable(*aux)
        return (loss, *aux)

    @staticmethod
    def backward(ctx, dloss, *_):
        gh, gw, gb = _scaled_grads(ctx, dloss)
        return gh, gw, None, None, gb, None, None, None, None, None
