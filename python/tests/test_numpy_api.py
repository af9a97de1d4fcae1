"""The NumPy API against independent FP64 oracles (tests/oracles.py): forwards within a few unit
roundoffs of the storage dtype, gradients against central finite differences of the oracle,
ragged shapes, f32/f16/bf16, and bad inputs raising typed errors."""

import numpy as np
import pytest

import metile
from metile.backends import attention as attn
from metile.backends import training_activations as acts
from metile.backends import training_embedding as emb
from metile.backends import training_losses as losses
from metile.backends import training_matmul as mm
from metile.backends import training_norms as norms
from metile.backends import training_rope as rope

import oracles as o
from oracles import DTYPES, assert_close, check_gradients, store, value


def rand(rng, *shape, scale=1.0):
    return (rng.standard_normal(shape) * scale).astype(np.float32)


# ---- norms -------------------------------------------------------------------------------------


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("cols", [1, 7, 130])
def test_rms_norm(dtype, cols):
    rng = np.random.default_rng(cols)
    x, xv = store(rand(rng, 5, cols), dtype)
    w, wv = store(1 + rand(rng, cols, scale=0.1), dtype)
    dy, dyv = store(rand(rng, 5, cols), dtype)
    y, ctx = norms.rms_norm_forward(x, w, 1e-5, offset=0.5)
    assert y.dtype == x.dtype
    assert_close(y, o.rms_norm(xv, wv, 1e-5, 0.5), dtype, k=4)
    g = norms.norm_backward(ctx, dy)
    assert g.source.dtype == np.float32 and g.weight.dtype == np.float32
    assert g.bias is None and g.residual is None
    loss = lambda p: np.sum(dyv * o.rms_norm(p["x"], p["w"], 1e-5, 0.5))
    # dx = rstd (g - xhat mean(xhat g)) cancels when a row has one column: bound by the terms.
    terms = 2 * np.abs(dyv * (0.5 + wv)) / np.sqrt(np.mean(xv * xv, axis=-1, keepdims=True) + 1e-5)
    grads = {"x": g.source, "w": g.weight}
    check_gradients(loss, {"x": xv, "w": wv}, grads, "f32", magnitude={"x": terms})


def test_rms_norm_without_weight_and_3d():
    rng = np.random.default_rng(1)
    x = rand(rng, 2, 3, 9)
    y, ctx = norms.rms_norm_forward(x)
    assert_close(y, o.rms_norm(x.astype(np.float64)), "f32")
    g = norms.norm_backward(ctx, np.ones_like(x))
    assert g.weight is None and g.source.shape == x.shape


@pytest.mark.parametrize("dtype", DTYPES)
def test_layer_norm(dtype):
    rng = np.random.default_rng(2)
    x, xv = store(rand(rng, 4, 33) + 3, dtype)
    w, wv = store(rand(rng, 33), dtype)
    b, bv = store(rand(rng, 33), "f32")
    dy = rand(rng, 4, 33)
    y, ctx = norms.layer_norm_forward(x, w, b)
    assert_close(y, o.layer_norm(xv, wv, bv), dtype, k=4)
    g = norms.norm_backward(ctx, dy)
    loss = lambda p: np.sum(dy * o.layer_norm(p["x"], p["w"], p["b"]))
    grads = {"x": g.source, "w": g.weight, "b": g.bias}
    check_gradients(loss, {"x": xv, "w": wv, "b": bv}, grads, "f32", k=64)


@pytest.mark.parametrize("dtype", ["f32", "f16"])
def test_add_rms_norm_both_cotangents(dtype):
    rng = np.random.default_rng(3)
    x, xv = store(rand(rng, 6, 17), dtype)
    r, rv = store(rand(rng, 6, 17), dtype)
    w, wv = store(rand(rng, 17), dtype)
    dy, dyv = rand(rng, 6, 17), None
    ds = rand(rng, 6, 17)
    y, s, ctx = norms.add_rms_norm_forward(x, r, w)
    assert_close(s, xv + rv, dtype, k=1)
    assert_close(y, o.rms_norm(xv + rv, wv), dtype, k=4)
    g = norms.norm_backward(ctx, dy, residual_output_gradient=ds)
    np.testing.assert_array_equal(g.source, g.residual)
    loss = lambda p: np.sum(dy * o.rms_norm(p["x"] + p["r"], p["w"])) + np.sum(ds * (p["x"] + p["r"]))
    grads = {"x": g.source, "r": g.residual, "w": g.weight}
    check_gradients(loss, {"x": xv, "r": rv, "w": wv}, grads, "f32", k=64)


def test_norm_inputs_are_copied_into_the_context():
    x = np.ones((2, 4), np.float32)
    _, ctx = norms.rms_norm_forward(x)
    x[:] = np.nan
    assert np.all(np.isfinite(norms.norm_backward(ctx, np.ones((2, 4), np.float32)).source))


def test_norm_errors():
    x = np.ones((3, 7), np.float32)
    with pytest.raises(metile.ParamError, match="eps"):
        norms.rms_norm_forward(x, epsilon=0.0)
    with pytest.raises(ValueError, match="eps"):
        norms.layer_norm_forward(x, np.ones(7, np.float32), np.ones(7, np.float32), epsilon=float("inf"))
    with pytest.raises(metile.InputError, match="weight") as e:
        norms.layer_norm_forward(x, np.ones(6, np.float32), np.ones(7, np.float32))
    assert e.value.entry == "layer_norm.forward" and e.value.name == "weight"
    with pytest.raises(ValueError, match="residual"):
        norms.add_rms_norm_forward(x, np.ones((3, 6), np.float32), np.ones(7, np.float32))
    with pytest.raises(ValueError, match="columns"):
        norms.rms_norm_forward(np.ones((3, 0), np.float32))
    with pytest.raises(TypeError, match="float64"):
        norms.rms_norm_forward(x.astype(np.float64))
    with pytest.raises(TypeError, match="context"):
        norms.norm_backward(object(), x)
    _, ctx = norms.rms_norm_forward(x)
    with pytest.raises(ValueError, match="dresidual_out"):
        norms.norm_backward(ctx, x, residual_output_gradient=x)
    with pytest.raises(ValueError, match="dy"):
        norms.norm_backward(ctx, np.ones((3, 6), np.float32))


# ---- activations -------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", acts.KINDS)
def test_unary_activations(kind):
    rng = np.random.default_rng(4)
    x = rand(rng, 3, 127, scale=2.0)
    dy = rand(rng, 3, 127)
    y, ctx = acts.activation_forward(x, kind)
    f = o.ACTIVATIONS[kind]
    assert_close(y, f(x.astype(np.float64)), "f32", k=16)
    g = acts.activation_backward(ctx, dy)
    assert g.multiplier is None
    check_gradients(lambda p: np.sum(dy * f(p["x"])), {"x": x.astype(np.float64)}, {"x": g.source}, "f32", k=64)


@pytest.mark.parametrize("dtype", DTYPES)
def test_swiglu_with_multipliers(dtype):
    rng = np.random.default_rng(5)
    a, av = store(rand(rng, 4, 65), dtype)
    b, bv = store(rand(rng, 4, 65), dtype)
    dc = rand(rng, 4, 65)
    gm, dm = 0.75, 1.5
    silu = o.ACTIVATIONS["silu"]
    c, ctx = acts.swiglu_forward(a, b, gate_multiplier=gm, down_multiplier=dm)
    assert_close(c, silu(gm * av) * bv * dm, dtype, k=8)
    g = acts.activation_backward(ctx, dc, grad_dtype="f32")
    loss = lambda p: np.sum(dc * silu(gm * p["a"]) * p["b"] * dm)
    check_gradients(loss, {"a": av, "b": bv}, {"a": g.source, "b": g.multiplier}, "f32", k=64)


def test_geglu_and_packed_layout():
    rng = np.random.default_rng(6)
    x = rand(rng, 3, 2 * 21)
    gelu = o.ACTIVATIONS["gelu_tanh"]
    a, b = x[:, :21], x[:, 21:]
    c, ctx = acts.geglu_forward(a, b)
    p, pctx = acts.packed_forward(x, "gelu_tanh")
    want = gelu(a.astype(np.float64)) * b
    assert_close(c, want, "f32", k=8)
    assert_close(p, want, "f32", k=8)
    dy = rand(rng, 3, 21)
    g = acts.activation_backward(ctx, dy)
    gp = acts.activation_backward(pctx, dy)
    np.testing.assert_allclose(gp.source, np.concatenate([g.source, g.multiplier], axis=1), rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(3, 1), (4, 127), (2, 3, 5)])
def test_geglu_packed_against_oracle(dtype, shape):
    """Packed gate|up GeGLU ``x [..., 2F] -> gelu_tanh(a) * b``: forward and ``[da | db]`` against
    the FP64 chain rule, and the gradient's direction against finite differences."""
    rng = np.random.default_rng(shape[-1])
    f = shape[-1]
    x, xv = store(rand(rng, *shape[:-1], 2 * f, scale=2.0), dtype)
    dy, dyv = store(rand(rng, *shape), dtype)
    gelu = o.ACTIVATIONS["gelu_tanh"]
    geglu = lambda v: gelu(v[..., :f]) * v[..., f:]
    a, b = xv[..., :f], xv[..., f:]
    y, ctx = acts.packed_forward(x, "gelu_tanh")
    assert y.dtype == x.dtype and y.shape == shape
    assert_close(y, geglu(xv), dtype, k=4, what="y")
    want = np.concatenate([dyv * b * o.gelu_tanh_derivative(a), dyv * gelu(a)], axis=-1)
    for grad_dtype in ("storage", "f32"):
        g = acts.activation_backward(ctx, dy, grad_dtype=grad_dtype)
        unit = dtype if grad_dtype == "storage" else "f32"
        assert g.multiplier is None and g.source.shape == x.shape
        # Rounding to the gradient's dtype (4 u), plus the FP32 evaluation of gelu_tanh' (about
        # 20 roundings of terms no larger than the result's scale: 16 u_f32).
        k = 4 + 16 * o.UNIT["f32"] / o.UNIT[unit]
        assert_close(g.source, want, unit, k=k, what=f"dx ({grad_dtype})")
        check_gradients(lambda p: np.sum(dyv * geglu(p["x"])), {"x": xv}, {"x": g.source}, unit, k=k)


def test_activation_errors():
    x = np.ones((2, 3), np.float32)
    with pytest.raises(ValueError, match="unknown activation"):
        acts.activation_forward(x, "swish")
    with pytest.raises(ValueError, match="no gated form"):
        acts.activation_forward(x, "tanh", x)
    with pytest.raises(ValueError, match="shape"):
        acts.swiglu_forward(x, np.ones((2, 4), np.float32))
    with pytest.raises(ValueError, match="2F"):
        acts.packed_forward(np.ones((2, 3), np.float32))
    with pytest.raises(ValueError, match="multiplier"):
        acts.activation_forward(x, "gelu_tanh", x, gate_multiplier=2.0)
    with pytest.raises(ValueError, match="gate_multiplier"):
        acts.swiglu_forward(x, x, gate_multiplier=float("nan"))


# ---- softmax and losses ------------------------------------------------------------------------


@pytest.mark.parametrize("log", [False, True])
@pytest.mark.parametrize("dtype", DTYPES)
def test_softmax(log, dtype):
    rng = np.random.default_rng(7)
    x, xv = store(rand(rng, 5, 257, scale=3.0), dtype)
    dy = rand(rng, 5, 257)
    fwd = losses.log_softmax_forward if log else losses.softmax_forward
    f = o.log_softmax if log else o.softmax
    y, ctx = fwd(x)
    assert_close(y, f(xv), dtype, k=8)
    dx = losses.softmax_backward(ctx, dy, grad_dtype="f32")
    # The backward reads y as stored: FP32-exact for those values, and the gradient of the
    # forward up to y's rounding to the storage dtype.
    yv = value(y)
    p = np.exp(yv) if log else yv
    c = np.sum(dy if log else dy * yv, axis=-1, keepdims=True)
    assert_close(dx, dy - p * c if log else yv * (dy - c), "f32", k=64, what="dx from y")
    check_gradients(lambda q: np.sum(dy * f(q["x"])), {"x": xv}, {"x": dx}, dtype, k=64)


CE_CASES = [
    dict(),
    dict(label_smoothing=0.1, lse_square_scale=1e-3),
    dict(softcap=5.0, reduction="sum"),
    dict(reduction="none", label_smoothing=0.2),
]


@pytest.mark.parametrize("opts", CE_CASES)
@pytest.mark.parametrize("dtype", ["f32", "bf16"])
def test_cross_entropy(opts, dtype):
    rng = np.random.default_rng(8)
    logits, lv = store(rand(rng, 6, 31, scale=2.0), dtype)
    target = np.array([3, -100, 0, 30, 7, 7])
    loss, ctx = losses.cross_entropy_forward(logits, target, **opts)
    assert loss.dtype == np.float32
    want = o.cross_entropy(lv, target, **opts)
    assert_close(loss, want, "f32", k=64)
    dl = rand(rng, 6) if opts.get("reduction") == "none" else 0.5
    g = losses.cross_entropy_backward(ctx, dl, grad_dtype="f32")
    assert g.shape == logits.shape and np.all(g[1] == 0)
    loss_fn = lambda p: np.sum(dl * o.cross_entropy(p["x"], target, **opts))
    check_gradients(loss_fn, {"x": lv}, {"x": g}, "f32", k=64)


def test_cross_entropy_weights_all_ignored_and_stats():
    rng = np.random.default_rng(9)
    logits = rand(rng, 4, 5)
    w = np.abs(rand(rng, 5)) + 0.5
    target = np.array([1, 2, 4, 0], dtype=np.int32)
    loss, ctx = losses.cross_entropy_forward(logits, target, w, token_stats=True)
    assert_close(loss, o.cross_entropy(logits.astype(np.float64), target, w), "f32", k=64)
    assert ctx.predicted.dtype == np.int64
    np.testing.assert_array_equal(ctx.predicted, np.argmax(logits, axis=1))
    ignored = np.full(4, -100)
    loss, ctx = losses.cross_entropy_forward(logits, ignored)
    assert loss == 0.0 and np.all(losses.cross_entropy_backward(ctx) == 0)


def test_cross_entropy_errors():
    logits = np.ones((2, 4), np.float32)
    with pytest.raises(ValueError, match="target"):
        losses.cross_entropy_forward(logits, np.array([0, 4]))
    with pytest.raises(ValueError, match="reduction"):
        losses.cross_entropy_forward(logits, np.array([0, 1]), reduction="avg")
    with pytest.raises(ValueError, match="label_smoothing"):
        losses.cross_entropy_forward(logits, np.array([0, 1]), label_smoothing=1.5)
    with pytest.raises(metile.ParamError, match="softcap"):
        losses.cross_entropy_forward(logits, np.array([0, 1]), softcap=-1.0)
    with pytest.raises(TypeError, match="target"):
        losses.cross_entropy_forward(logits, np.array([0.0, 1.0]))


@pytest.mark.parametrize("reduction", ["mean", "none"])
def test_fused_linear_cross_entropy(reduction):
    rng = np.random.default_rng(10)
    n, h, v = 9, 8, 13
    x, w, b = rand(rng, n, h), rand(rng, v, h, scale=0.3), rand(rng, v)
    target = rng.integers(0, v, n)
    target[2] = -100
    loss, ctx = losses.fused_linear_cross_entropy_forward(
        x, w, target, b, reduction=reduction, label_smoothing=0.05, chunk_rows=4
    )
    logits = lambda p: p["x"] @ p["w"].T + p["b"]
    f64 = {"x": x.astype(np.float64), "w": w.astype(np.float64), "b": b.astype(np.float64)}
    assert_close(loss, o.cross_entropy(logits(f64), target, reduction=reduction, label_smoothing=0.05), "f32", k=64)
    dl = rand(rng, n) if reduction == "none" else 2.0
    g = losses.fused_linear_cross_entropy_backward(ctx, dl)
    loss_fn = lambda p: np.sum(dl * o.cross_entropy(logits(p), target, reduction=reduction, label_smoothing=0.05))
    check_gradients(loss_fn, f64, {"x": g.hidden, "w": g.weight, "b": g.bias}, "f32", k=128)


# ---- distribution losses -----------------------------------------------------------------------


def distributions(rng, *shape, log=True, scale=2.0):
    """Random rows of log-probabilities (or probabilities) as float32."""
    lp = o.log_softmax(rng.standard_normal(shape) * scale)
    return (lp if log else np.exp(lp)).astype(np.float32)


def cotangent_for(reduction, rng, shape):
    return rand(rng, *shape) if reduction == "none" else 0.5


REDUCTIONS = ["none", "sum", "mean", "batchmean"]


@pytest.mark.parametrize("log_target", [False, True])
@pytest.mark.parametrize("reduction", REDUCTIONS)
@pytest.mark.parametrize("dtype", ["f32", "bf16"])
def test_kl_div(reduction, log_target, dtype):
    rng = np.random.default_rng(11)
    shape = (3, 5, 37)
    y, yv = store(distributions(rng, *shape), dtype)
    t, tv = store(distributions(rng, *shape, log=log_target), dtype)
    loss, ctx = losses.kl_div_forward(y, t, reduction=reduction, log_target=log_target)
    assert loss.dtype == np.float32 and loss.shape == (shape if reduction == "none" else ())
    assert_close(loss, o.kl_div(yv, tv, reduction, log_target), "f32", k=64)
    dl = cotangent_for(reduction, rng, shape)
    g = losses.kl_div_backward(ctx, dl)
    assert g.shape == shape and g.dtype == y.dtype
    loss_fn = lambda p: np.sum(dl * o.kl_div(p["y"], tv, reduction, log_target))
    check_gradients(loss_fn, {"y": yv}, {"y": g}, dtype)


def test_kl_div_floors_the_target_at_eps():
    """Zero probabilities add nothing (``0 * log(eps)``); ``eps`` is the floor inside the log."""
    y = np.log(np.full((2, 4), 0.25, np.float32))
    t = np.array([[0.5, 0.5, 0.0, 0.0], [1e-6, 1.0 - 1e-6, 0.0, 0.0]], np.float32)
    for eps in (1e-10, 1e-3):
        loss, _ = losses.kl_div_forward(y, t, reduction="none", eps=eps)
        assert_close(loss, o.kl_div(y.astype(np.float64), t.astype(np.float64), "none", eps=eps), "f32", k=16)


@pytest.mark.parametrize("beta", [0.0, 0.3, 1.0])
@pytest.mark.parametrize("dtype", ["f32", "bf16"])
@pytest.mark.parametrize("labelled", [False, True])
def test_jsd(beta, dtype, labelled):
    rng = np.random.default_rng(12)
    shape = (7, 130)
    x, xv = store(distributions(rng, *shape), dtype)
    y, yv = store(distributions(rng, *shape), "f32")
    labels = np.array([3, -100, 0, 129, -100, 5, 7]) if labelled else None
    loss, ctx = losses.jsd_forward(x, y, labels, beta=beta)
    assert loss.shape == () and loss.dtype == x.dtype, "the loss is in the input's dtype"
    want = o.jsd(xv, yv, labels, beta)
    assert_close(loss, want, dtype, k=2 if dtype == "bf16" else 64)
    g = losses.jsd_backward(ctx, 2.0)
    assert g.shape == shape and g.dtype == x.dtype
    if labelled:
        assert np.all(value(g)[labels == -100] == 0)
    loss_fn = lambda p: 2.0 * o.jsd(p["x"], yv, labels, beta)
    check_gradients(loss_fn, {"x": xv}, {"x": g}, dtype)


@pytest.mark.parametrize("reduction", REDUCTIONS)
@pytest.mark.parametrize("dtype", ["f32", "bf16"])
def test_tvd(reduction, dtype):
    rng = np.random.default_rng(13)
    shape = (2, 3, 41)
    p, pv = store(distributions(rng, *shape, log=False), dtype)
    q, qv = store(distributions(rng, *shape, log=False), "f16")
    labels = np.array([[1, -100, 40], [0, 2, -100]], np.int32)
    loss, ctx = losses.tvd_forward(p, q, labels, reduction=reduction)
    assert loss.dtype == np.float32
    assert_close(loss, o.tvd(pv, qv, labels, reduction), "f32", k=64)
    dl = cotangent_for(reduction, rng, shape)
    g = losses.tvd_backward(ctx, dl)
    assert g.shape == shape and g.dtype == p.dtype
    assert np.all(value(g)[labels == -100] == 0)
    loss_fn = lambda v: np.sum(dl * o.tvd(v["p"], qv, labels, reduction))
    check_gradients(loss_fn, {"p": pv}, {"p": g}, dtype)


def test_tvd_gradient_is_zero_where_p_equals_q():
    p = np.array([[0.25, 0.5, 0.25]], np.float32)
    q = np.array([[0.25, 0.25, 0.5]], np.float32)
    _, ctx = losses.tvd_forward(p, q, reduction="sum")
    np.testing.assert_array_equal(losses.tvd_backward(ctx), [[0.0, 0.5, -0.5]])


def test_distribution_losses_with_every_row_ignored_are_zero():
    x = np.log(np.full((3, 4), 0.25, np.float32))
    y = np.log(np.array([[0.1, 0.2, 0.3, 0.4]] * 3, np.float32))
    ignored = np.full(3, -1, np.int64)
    loss, ctx = losses.jsd_forward(x, y, ignored, ignore_index=-1)
    assert loss == 0.0 and np.all(losses.jsd_backward(ctx) == 0)
    for reduction in ("mean", "batchmean"):
        loss, ctx = losses.tvd_forward(np.exp(x), np.exp(y), ignored, reduction=reduction, ignore_index=-1)
        assert loss == 0.0 and np.all(losses.tvd_backward(ctx) == 0)


def test_distribution_loss_errors():
    x = np.log(np.full((2, 4), 0.25, np.float32))
    with pytest.raises(metile.InputError, match="y_true") as e:
        losses.kl_div_forward(x, np.ones((2, 5), np.float32))
    assert e.value.entry == "kl_div.forward" and e.value.name == "y_true"
    with pytest.raises(metile.ParamError, match="eps"):
        losses.kl_div_forward(x, x, eps=0.0)
    with pytest.raises(metile.ParamError, match="reduction"):
        losses.kl_div_forward(x, x, reduction="avg")
    with pytest.raises(metile.ParamError, match="beta"):
        losses.jsd_forward(x, x, beta=1.5)
    with pytest.raises(metile.InputError, match="`labels`: row 1: class 4 is outside"):
        losses.jsd_forward(x, x, np.array([0, 4]))
    with pytest.raises(metile.InputError, match=r"`labels`: shape \[3\]"):
        losses.tvd_forward(x, x, np.array([0, 1, 2]))
    with pytest.raises(metile.InputError, match="`p`: dtype i32"):
        losses.tvd_forward(np.ones((2, 4), np.int32), x)
    with pytest.raises(TypeError, match="float64"):
        losses.tvd_forward(x.astype(np.float64), x)
    with pytest.raises(TypeError, match="context"):
        losses.jsd_backward(losses.tvd_forward(x, x)[1])
    _, ctx = losses.kl_div_forward(x, x, reduction="none")
    with pytest.raises(metile.InputError, match="`dloss`: shape"):
        losses.kl_div_backward(ctx, 1.0)


# ---- matmul ------------------------------------------------------------------------------------


@pytest.mark.parametrize("activation", ["none", "relu", "silu", "quick_gelu", "gelu_tanh"])
@pytest.mark.parametrize("layout", ["nk", "kn"])
def test_matmul(activation, layout):
    rng = np.random.default_rng(11)
    x, b = rand(rng, 2, 5, 19), rand(rng, 7)
    w = rand(rng, 7, 19) if layout == "nk" else rand(rng, 19, 7)
    act = (lambda z: z) if activation == "none" else o.ACTIVATIONS[activation]
    fwd = lambda p: act(p["x"] @ (p["w"].T if layout == "nk" else p["w"]) + p["b"])
    f64 = {"x": x.astype(np.float64), "w": w.astype(np.float64), "b": b.astype(np.float64)}
    y, ctx = mm.matmul_forward(x, w, b, activation=activation, layout=layout)
    assert_close(y, fwd(f64), "f32", k=64)
    dy = rand(rng, 2, 5, 7)
    g = mm.matmul_backward(ctx, dy, grad_dtype="f32")
    check_gradients(lambda p: np.sum(dy * fwd(p)), f64, {"x": g.source, "w": g.weight, "b": g.bias}, "f32", k=128)


def test_matmul_bf16_and_errors():
    rng = np.random.default_rng(12)
    x, xv = store(rand(rng, 3, 8), "bf16")
    w, wv = store(rand(rng, 4, 8), "bf16")
    y, _ = mm.matmul_forward(x, w)
    assert y.dtype == metile._arrays.numpy_dtype("bf16")  # uint16 words, or ml_dtypes.bfloat16
    assert_close(y, xv @ wv.T, "bf16", k=4)
    with pytest.raises(ValueError):
        mm.matmul_forward(x, store(rand(rng, 4, 9), "bf16")[0])
    with pytest.raises(ValueError, match="activation"):
        mm.matmul_forward(rand(rng, 3, 8), rand(rng, 4, 8), activation="gelu")


# ---- rope --------------------------------------------------------------------------------------


def tables(rng, b, t, r):
    theta = rng.uniform(0, 6.3, (b, t, r // 2)).astype(np.float32)
    theta = np.concatenate([theta, theta], axis=-1)
    return np.cos(theta), np.sin(theta)


@pytest.mark.parametrize("dtype", DTYPES)
def test_rope_partial_with_table_gradients(dtype):
    rng = np.random.default_rng(13)
    x, xv = store(rand(rng, 2, 3, 5, 12), dtype)
    cos, sin = tables(rng, 2, 5, 8)
    dy, _ = store(rand(rng, 2, 3, 5, 12), dtype)  # the table backward takes dy in x's dtype
    y, ctx = rope.rope_forward(x, cos, sin)
    c64, s64 = cos.astype(np.float64), sin.astype(np.float64)
    assert_close(y, o.rope(xv, c64, s64), dtype, k=8)
    g = rope.rope_backward(ctx, dy, table_gradients=True)
    # dx is dy rotated back (its own dtype's rounding), which finite differences alone bound
    # only loosely in 16 bits.
    assert_close(g.source, o.rope(value(dy), c64, -s64), dtype, k=8, what="dx")
    loss = lambda p: np.sum(value(dy) * o.rope(p["x"], p["c"], p["s"]))
    grads = {"x": g.source, "c": g.cos, "s": g.sin}
    units = {"x": dtype, "c": "f32", "s": "f32"}  # dx in x's dtype, table gradients FP32
    check_gradients(loss, {"x": xv, "c": c64, "s": s64}, grads, units, k=8)


def test_rope_position_ids_and_errors():
    rng = np.random.default_rng(14)
    x = rand(rng, 1, 2, 4, 8)
    cos, sin = tables(rng, 1, 10, 8)
    ids = np.array([7, 0, 3, 3])
    y, ctx = rope.rope_forward(x, cos, sin, position_ids=ids)
    want = o.rope(x.astype(np.float64), cos[:, ids].astype(np.float64), sin[:, ids].astype(np.float64))
    assert_close(y, want, "f32", k=8)
    assert rope.rope_backward(ctx, np.ones_like(x)).source.shape == x.shape
    with pytest.raises(ValueError, match="position_ids"):
        rope.rope_backward(ctx, np.ones_like(x), table_gradients=True)
    with pytest.raises(ValueError, match="position_ids"):
        rope.rope_forward(x, cos, sin, position_ids=np.array([0, 1, 2, 10]))
    with pytest.raises(ValueError):
        rope.rope_forward(x, cos[:, :4, :7], sin[:, :4, :7])


def test_rope_backward_needs_no_x():
    """The rotation's backward reads the tables, position ids and dy (which gives the shape):
    the entry takes no ``x``, and its ``dx`` is the inverse rotation of ``dy``."""
    rng = np.random.default_rng(22)
    x, dy = rand(rng, 2, 3, 4, 8), rand(rng, 2, 3, 4, 8)
    cos, sin = tables(rng, 1, 10, 6)
    ids = np.array([[9, 0, 4, 4], [1, 2, 3, 8]])
    entry = next(e for e in metile.entry_points() if e["name"] == "rope.backward")
    assert [p["name"] for p in entry["inputs"]] == ["cos", "sin", "position_ids", "dy", "dy2"]
    dx = metile.call("rope.backward", {"cos": cos, "sin": sin, "position_ids": ids, "dy": dy})["dx"]
    c = cos[0, ids].astype(np.float64)  # [B, T, R]: each batch entry's rows
    s = sin[0, ids].astype(np.float64)
    assert_close(dx, o.rope(dy.astype(np.float64), c, -s), "f32", k=8)
    _, ctx = rope.rope_forward(x, cos, sin, position_ids=ids)
    np.testing.assert_array_equal(rope.rope_backward(ctx, dy).source, dx)
    with pytest.raises(metile.InputError, match="unknown input `x`"):
        metile.call("rope.backward", {"x": x, "cos": cos, "sin": sin, "dy": dy})


def test_llama4_and_mrope():
    rng = np.random.default_rng(15)
    x = rand(rng, 1, 3, 2, 8)  # Llama 4 layout [B, T, H, D]
    theta = rng.uniform(0, 6.3, (3, 4)).astype(np.float32)
    freqs = np.stack([np.cos(theta), np.sin(theta)], axis=-1)
    y, ctx = rope.llama4_rope_forward(x, freqs)
    re, im = x[..., 0::2].astype(np.float64), x[..., 1::2].astype(np.float64)
    c, s = np.cos(theta)[:, None].astype(np.float64), np.sin(theta)[:, None].astype(np.float64)
    want = np.stack([re * c - im * s, re * s + im * c], axis=-1).reshape(x.shape)
    assert_close(y, want, "f32", k=8)
    dy = rand(rng, *x.shape)
    dx = rope.rope_backward(ctx, dy).source
    assert abs(np.sum(dx * x) - np.sum(dy * value(y))) < 1e-4  # a rotation: <dx, x> = <dy, y>
    x = x.transpose(0, 2, 1, 3).copy()  # mRoPE takes [B, H, T, D]
    cos, sin = tables(rng, 3, 3, 8)
    cos, sin = cos[:, None], sin[:, None]  # [3, B=1, T, D]
    y, ctx = rope.mrope_forward(x, cos, sin, mrope_section=(1, 1, 2))
    # Every plane equal: mRoPE is plain RoPE with that table.
    same, _ = rope.mrope_forward(x, np.repeat(cos[:1], 3, 0), np.repeat(sin[:1], 3, 0))
    assert_close(same, o.rope(x.astype(np.float64), cos[0].astype(np.float64), sin[0].astype(np.float64)), "f32", k=8)
    assert y.shape == x.shape
    with pytest.raises(ValueError, match="mrope_section"):
        rope.mrope_forward(x, cos, sin, mrope_section=(1, 1, 1))


def test_llama4_rope_errors():
    """Llama 4's RoPE: an odd head dimension, a table of the wrong shape (too few positions, the
    wrong D/2, not (cos, sin) pairs), integer x and a cotangent of another shape are typed
    errors naming the input."""
    rng = np.random.default_rng(24)
    x, freqs = rand(rng, 1, 3, 2, 8), rand(rng, 3, 4, 2)
    with pytest.raises(metile.InputError, match="must be even"):
        rope.llama4_rope_forward(rand(rng, 1, 3, 2, 7), rand(rng, 3, 3, 2))
    for bad in (rand(rng, 2, 4, 2), rand(rng, 3, 3, 2), rand(rng, 3, 4, 3)):
        with pytest.raises(metile.InputError, match="input `freqs`"):
            rope.llama4_rope_forward(x, bad)
    with pytest.raises(metile.InputError, match="dtype i32"):
        rope.llama4_rope_forward(np.ones(x.shape, np.int32), freqs)
    _, ctx = rope.llama4_rope_forward(x, freqs)
    with pytest.raises(metile.InputError):
        rope.rope_backward(ctx, rand(rng, 1, 3, 2, 6))


def mrope_tables(positions, d, base=10000.0):
    """Qwen2-VL's tables from ``positions [3, B, T]`` (temporal, height, width ids): per plane
    ``cat(freqs, freqs)`` of ``freqs = position * base^(-2i/D)``, as HF's rotary embedding makes
    them; ``(cos, sin)`` of shape ``[3, B, T, D]``, float32."""
    inv_freq = base ** (-np.arange(0, d, 2) / d)
    freqs = positions[..., None].astype(np.float64) * inv_freq
    emb = np.concatenate([freqs, freqs], axis=-1)
    return np.cos(emb).astype(np.float32), np.sin(emb).astype(np.float32)


def mrope_positions(rng, b, t):
    """Distinct ids per axis (a video-like grid: time steps, rows and columns of patches)."""
    return np.stack([rng.integers(0, 4, (b, t)), rng.integers(0, 9, (b, t)), rng.integers(0, 13, (b, t))])


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("d, section", [(16, (2, 3, 3)), (16, (0, 5, 3)), (32, (4, 6, 6)), (128, None)])
def test_mrope_sections_against_hf_oracle(dtype, d, section):
    rng = np.random.default_rng(d + sum(section or ()))
    x, xv = store(rand(rng, 2, 3, 5, d), dtype)
    cos, sin = mrope_tables(mrope_positions(rng, 2, 5), d)
    split = section or (d // 8, 3 * d // 16, d // 2 - d // 8 - 3 * d // 16)  # Qwen2-VL's: 16,24,24 at 128
    c64, s64 = cos.astype(np.float64), sin.astype(np.float64)
    y, ctx = rope.mrope_forward(x, cos, sin, mrope_section=section)
    assert y.dtype == x.dtype
    assert_close(y, o.mrope(xv, c64, s64, split), dtype, k=8, what="y")
    dy, dyv = store(rand(rng, *x.shape), dtype)
    g = rope.rope_backward(ctx, dy)
    assert g.cos is None and g.sin is None
    assert_close(g.source, o.mrope(dyv, c64, -s64, split), dtype, k=8, what="dx")
    loss = lambda p: np.sum(dyv * o.mrope(p["x"], c64, s64, split))
    check_gradients(loss, {"x": xv}, {"x": g.source}, dtype, k=8)


def test_mrope_each_section_reads_its_own_axis():
    """Moving one position axis changes exactly the columns of that axis's section (and their
    partners in the second half), whatever the other axes do."""
    rng = np.random.default_rng(21)
    d, section = 16, (2, 3, 3)
    x = rand(rng, 1, 2, 6, d)
    positions = mrope_positions(rng, 1, 6)
    y, _ = rope.mrope_forward(x, *mrope_tables(positions, d), mrope_section=section)
    bounds = np.cumsum((0,) + section)
    for axis in range(3):
        moved = positions.copy()
        moved[axis] += 5
        y2, _ = rope.mrope_forward(x, *mrope_tables(moved, d), mrope_section=section)
        changed = np.any(y2 != y, axis=(0, 1, 2))
        half = np.zeros(d // 2, bool)
        half[bounds[axis]:bounds[axis + 1]] = True
        assert np.array_equal(changed, np.concatenate([half, half])), (axis, changed)


# ---- embedding and attention -------------------------------------------------------------------


@pytest.mark.parametrize("dtype", DTYPES)
def test_embedding_accumulates_repeats(dtype):
    rng = np.random.default_rng(16)
    w, wv = store(rand(rng, 6, 5), dtype)
    idx = np.array([[1, 4, 1], [0, 1, 5]], dtype=np.int32)
    out, ctx = emb.embedding_forward(w, idx, padding_idx=5)
    want = wv[idx]
    want[1, 2] = 0
    assert_close(out, want, dtype, k=0)
    dout = rand(rng, 2, 3, 5)
    dw = emb.embedding_backward(ctx, dout)
    expect = np.zeros((6, 5))
    for i, j in np.ndindex(idx.shape):
        if idx[i, j] != 5:
            expect[idx[i, j]] += dout[i, j]
    assert_close(dw, expect, "f32", k=4)
    with pytest.raises(ValueError, match="indices"):
        emb.embedding_forward(w, np.array([6]))


@pytest.mark.parametrize("causal", [False, True])
def test_attention_gqa(causal):
    rng = np.random.default_rng(17)
    q, k, v = rand(rng, 1, 4, 5, 8), rand(rng, 1, 2, 7, 8), rand(rng, 1, 2, 7, 8)
    f64 = {"q": q.astype(np.float64), "k": k.astype(np.float64), "v": v.astype(np.float64)}
    out, ctx = attn.attention_forward(q, k, v, causal=causal)
    fwd = lambda p: o.attention(p["q"], p["k"], p["v"], causal=causal)
    assert_close(out, fwd(f64), "f32", k=64)
    do = rand(rng, *out.shape)
    g = attn.attention_backward(ctx, do)
    check_gradients(lambda p: np.sum(do * fwd(p)), f64, {"q": g.query, "k": g.key, "v": g.value}, "f32", k=256)


def test_attention_errors_and_rows_that_see_no_key():
    """Bad shapes, dtypes and parameters are typed errors naming the input; a causal row with
    ``i + offset < 0`` attends no key: its output and every gradient through it are zero."""
    rng = np.random.default_rng(23)
    q, k, v = rand(rng, 1, 4, 5, 8), rand(rng, 1, 2, 7, 8), rand(rng, 1, 2, 7, 8)
    with pytest.raises(metile.InputError, match="KV heads do not divide"):
        attn.attention_forward(q, rand(rng, 1, 3, 7, 8), rand(rng, 1, 3, 7, 8))
    with pytest.raises(metile.InputError, match="input `k`"):
        attn.attention_forward(q, rand(rng, 1, 2, 7, 6), rand(rng, 1, 2, 7, 6))
    with pytest.raises(metile.InputError, match="input `v`"):
        attn.attention_forward(q, k, rand(rng, 1, 2, 6, 8))
    with pytest.raises(metile.InputError, match="dtype f16 must match"):
        attn.attention_forward(q, k.astype(np.float16), v)
    with pytest.raises(metile.InputError, match=r"\[B, Hq, T, D\]"):
        attn.attention_forward(q[0], k[0], v[0])
    with pytest.raises(metile.ParamError, match="scale"):
        attn.attention_forward(q, k, v, scale=float("nan"))
    with pytest.raises(TypeError, match="context"):
        attn.attention_backward(object(), q)
    _, ctx = attn.attention_forward(q, k, v)
    with pytest.raises(metile.InputError, match="input `do`"):
        attn.attention_backward(ctx, rand(rng, 1, 4, 5, 7))
    # offset -3: rows 0..2 see no key, rows 3 and 4 see keys 0 and 0..1.
    out, ctx = attn.attention_forward(q, k, v, causal=True, offset=-3)
    # Rows 3.. of that are the rows of q[:, :, 3:] at offset 0.
    want = o.attention(q[:, :, 3:].astype(np.float64), k.astype(np.float64), v.astype(np.float64), causal=True,
                       offset=0)
    assert np.all(np.asarray(out)[:, :, :3] == 0)
    assert_close(np.asarray(out)[:, :, 3:], want, "f32", k=64)
    g = attn.attention_backward(ctx, rand(rng, *q.shape))
    assert np.all(np.asarray(g.query)[:, :, :3] == 0)
    assert np.all(np.asarray(g.key)[:, :, 2:] == 0) and np.all(np.asarray(g.value)[:, :, 2:] == 0)


def assert_within_terms(got, want, terms, dtype, k, what):
    """Elementwise ``|got - want| <= k u_dtype max(terms)``: errors of a sum are bounded by the
    size of the terms it adds (``terms`` like ``want``), not by the sum, which may cancel."""
    got = value(got)
    assert got.shape == want.shape and np.all(np.isfinite(got)), what
    err, bound = float(np.max(np.abs(got - want))), k * o.UNIT[dtype] * float(np.max(terms))
    assert err <= bound, f"{what}: max error {err:.3g} > {bound:.3g} ({k} u_{dtype} x {np.max(terms):.3g})"


@pytest.mark.parametrize("dtype", ["f16", "bf16"])
@pytest.mark.parametrize("causal", [False, True])
@pytest.mark.parametrize("dims", [(1, 4, 2, 5, 7, 8), (2, 2, 1, 17, 33, 20)])
def test_attention_16_bit(dtype, causal, dims):
    """f16/bf16 storage against the FP64 oracle: the kernel rounds ``p`` (and ``ds``) to the
    storage dtype before their products and its results once more, so ``o`` errs by about
    ``3 u`` of the terms ``p |v|`` it sums and the gradients by ``5 u`` of theirs (FP32 sums add
    far less); the gradients' direction is checked against finite differences too."""
    b, hq, hkv, t, s, d = dims
    rng = np.random.default_rng(t * s)
    (q, qv), (k, kv), (v, vv) = (store(rand(rng, *shape), dtype) for shape in
                                 [(b, hq, t, d), (b, hkv, s, d), (b, hkv, s, d)])
    do, dov = store(rand(rng, b, hq, t, d), dtype)
    out, ctx = attn.attention_forward(q, k, v, causal=causal)
    assert out.dtype == q.dtype
    (dq, dk, dv), mags = o.attention_backward(qv, kv, vv, dov, causal=causal)
    assert_within_terms(out, o.attention(qv, kv, vv, causal=causal), mags["o"], dtype, 3, "o")
    g = attn.attention_backward(ctx, do)
    for name, got, want in (("dq", g.query, dq), ("dk", g.key, dk), ("dv", g.value, dv)):
        assert np.asarray(got).dtype == q.dtype, name
        assert_within_terms(got, want, mags[name], dtype, 5, name)
    loss = lambda p: np.sum(dov * o.attention(p["q"], p["k"], p["v"], causal=causal))
    # One input at a time, so that no gradient hides in the error allowance of the others.
    for name, grad in (("q", g.query), ("k", g.key), ("v", g.value)):
        check_gradients(loss, {"q": qv, "k": kv, "v": vv}, {name: grad}, dtype, k=5,
                        magnitude={name: mags["d" + name]})


# ---- the generic interface ---------------------------------------------------------------------


def test_entry_points_and_call():
    names = {e["name"] for e in metile.entry_points()}
    assert {"rms_norm.forward", "cross_entropy.backward", "embedding.backward"} <= names
    out = metile.call("silu.forward", {"x": np.array([0.0, 1.0], np.float32)})
    assert_close(out["y"], [0.0, 1 / (1 + np.exp(-1.0))], "f32")
    with pytest.raises(metile.UnknownEntryError):
        metile.call("nope.forward", {})
    with pytest.raises(metile.InputError, match="unknown input"):
        metile.call("silu.forward", {"z": np.ones(2, np.float32)})
    with pytest.raises(metile.ParamError, match="unknown parameter"):
        metile.call("silu.forward", {"x": np.ones(2, np.float32)}, {"eps": 1})


def test_metile_tensors_stay_tensors():
    x = metile.to_tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    assert x.shape == [2, 3] and x.dtype == "f32" and x.device == "cpu"
    y, ctx = norms.rms_norm_forward(x)
    assert isinstance(y, metile.Tensor)
    g = norms.norm_backward(ctx, metile.to_tensor(np.ones((2, 3), np.float32)))
    assert isinstance(g.source, metile.Tensor)
    np.testing.assert_allclose(metile.to_numpy(y), o.rms_norm(np.arange(6.0).reshape(2, 3)), rtol=1e-6)
    # A tensor passed under two names is lent once and copied once; both survive the call.
    out = metile.call("swiglu.forward", {"a": x, "b": x})
    assert out["c"].shape == [2, 3] and x.shape == [2, 3]


def test_in_place_entries_take_the_tensors_they_write_over():
    """An in-place entry's outputs are its inputs' memory: NumPy inputs are read in place and
    copied before any write, so the arrays are untouched; metile Tensors written over are empty
    afterwards (the outputs are them), the others stay. Values: the out-of-place backward's."""
    rng = np.random.default_rng(3)
    a, b, dc = rand(rng, 4, 9), rand(rng, 4, 9), rand(rng, 4, 9)
    kept = a.copy()
    want = metile.call("swiglu.backward", {"a": a, "b": b, "dc": dc})
    got = metile.call("swiglu.in_place_backward", {"a": a, "b": b, "dc": dc})
    assert np.array_equal(a, kept)
    assert np.array_equal(got["da"], want["da"]) and np.array_equal(got["db"], want["db"])
    ta, tb, tdc = (metile.to_tensor(v) for v in (a, b, dc))
    out = metile.call("swiglu.in_place_backward", {"a": ta, "b": tb, "dc": tdc})
    assert np.array_equal(metile.to_numpy(out["da"]), want["da"])
    with pytest.raises(RuntimeError, match="in-place entry"):
        ta.shape
    assert tdc.shape == [4, 9], "a read input is put back"
    # The same Tensor under two names: the second is a copy, so neither is written through both.
    same = metile.to_tensor(a)
    twice = metile.call("swiglu.in_place_backward", {"a": same, "b": same, "dc": dc})
    pair = metile.call("swiglu.backward", {"a": a, "b": a, "dc": dc})
    assert np.array_equal(metile.to_numpy(twice["db"]), pair["db"])


def test_cuda_device_is_a_typed_error_without_a_gpu():
    try:
        metile.describe("cuda")
    except metile.DeviceError as e:
        assert "cuda" in str(e)
    else:  # pragma: no cover - a machine with a GPU
        pytest.skip("a CUDA device is present")


@pytest.mark.parametrize("dtype", ["bf16", "f32"])
def test_gradient_check_catches_wrong_gradients(dtype):
    """The shared finite-difference check passes a gradient rounded to ``dtype`` and fails one
    with its sign flipped or doubled (360 elements, as the RoPE tests use)."""
    rng = np.random.default_rng(3)
    c = rng.standard_normal(360)
    x = rng.standard_normal(360)
    loss = lambda p: float(np.sum(c * np.sin(p["x"])))
    exact = c * np.cos(x)
    check_gradients(loss, {"x": x}, {"x": store(exact, dtype)[0]}, dtype, k=8.0)
    for wrong in (-exact, 2.0 * exact):
        with pytest.raises(AssertionError):
            check_gradients(loss, {"x": x}, {"x": store(wrong, dtype)[0]}, dtype, k=8.0)


@pytest.mark.parametrize(
    "values",
    [
        np.arange(6, dtype=np.float32).reshape(2, 3),
        np.arange(6, dtype=np.float16).reshape(3, 2),
        np.array([0x3FC0, 0x8000], dtype=np.uint16),
        np.array([[7, -1]], dtype=np.int64),
        np.array([-3, 4, 5], dtype=np.int32),
        np.array([True, False]),
        np.zeros((0, 4), dtype=np.float32),
        np.array(2.5, dtype=np.float32),
    ],
)
def test_outputs_are_handed_over_without_a_copy(values):
    """A call's output becomes a NumPy array over the library's own memory: same values,
    writable, alive after the library tensor is gone, and the emptied tensor refuses use."""
    import gc

    from metile._arrays import take_numpy

    t = metile.to_tensor(values)
    expected_dtype = metile._arrays.numpy_dtype(t.dtype)
    arr = take_numpy(t)
    assert arr.dtype == expected_dtype and arr.shape == values.shape
    assert arr.flags.writeable
    np.testing.assert_array_equal(arr.view(values.dtype) if arr.dtype != values.dtype else arr, values)
    with pytest.raises(RuntimeError, match="handed over"):
        t.shape
    if arr.size:
        flat = arr.reshape(-1)
        flat[0] = flat[-1]
    del t
    gc.collect()
    # The memory lives as long as the array (its base keeps the library's handle).
    if arr.size:
        assert arr.reshape(-1)[0] == arr.reshape(-1)[-1]
    assert arr.base is not None


def test_host_memory_is_read_in_place_by_borrowed_tensors_only():
    """``Tensor.borrow_host`` reads an array's memory in place (calls use it for their inputs);
    ``own`` gives the tensor its own copy; ``to_tensor`` copies; a misaligned address is copied."""
    a = np.arange(8, dtype=np.float32)
    t = metile.Tensor.borrow_host("f32", [8], a.ctypes.data, a)
    assert t.borrows_host_memory
    a[0] = 42.0
    assert metile.to_numpy(t)[0] == 42.0, "a borrowed tensor reads the array in place"
    t.own()
    a[1] = -1.0
    assert not t.borrows_host_memory and metile.to_numpy(t)[1] == 1.0
    c = metile.to_tensor(a)
    a[2] = 7.0
    assert not c.borrows_host_memory and metile.to_numpy(c)[2] == 2.0
    raw = np.zeros(8 * 4 + 1, np.uint8)
    odd = raw[1:].view(np.float32)
    odd[:] = np.arange(8, dtype=np.float32)
    assert odd.ctypes.data % 4 != 0
    m = metile.Tensor.borrow_host("f32", [8], odd.ctypes.data, odd)
    assert not m.borrows_host_memory
    assert np.array_equal(metile.to_numpy(m), np.arange(8, dtype=np.float32))
    # A call reads its NumPy inputs in place and never writes them, even an in-place entry; and
    # one that leaves its input unwritten (a scale by 1) returns memory of its own.
    g = np.linspace(-1.0, 1.0, 15, dtype=np.float32).reshape(3, 5)
    kept = g.copy()
    for dloss, want in ((2.0, 2.0 * kept), (1.0, kept)):
        out = metile.call("cross_entropy.in_place_backward", {"dlogits": g, "dloss": np.float32(dloss)})
        assert np.array_equal(g, kept), "the caller's array is not written"
        assert np.array_equal(out["dlogits"], want)
        g[0, 0] = 9.0  # the output does not read the array
        assert out["dlogits"][0, 0] == want[0, 0]
        g[0, 0] = kept[0, 0]
