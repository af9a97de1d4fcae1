"""metile.torch on CPU tensors: every autograd Function and module against PyTorch's own
float64 computation (values and gradients), torch.autograd.gradcheck for the wiring, f32 and
bf16, non-contiguous inputs, torch.compile, and bad inputs. Skipped when torch is absent."""

import math

import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="torch is not installed: the metile.torch tests are skipped")

import metile  # noqa: E402
import metile.torch as mt  # noqa: E402
from metile.torch import functional as F  # noqa: E402

U = {torch.float32: 2.0**-24, torch.bfloat16: 2.0**-8, torch.float16: 2.0**-11}


def close(got, want, dtype, k=16.0, what="value", floor=1.0):
    """``got`` within ``k`` unit roundoffs of ``dtype`` of float64 ``want`` (relative to its
    largest magnitude, at least ``floor``: 0 for values far below 1, such as a loss's gradients
    divided by the rows)."""
    got, want = got.detach().double(), want.detach().double()
    assert got.shape == want.shape, f"{what}: {tuple(got.shape)} != {tuple(want.shape)}"
    scale = max(floor, want.abs().max().item() if want.numel() else 0.0)
    err = (got - want).abs().max().item() if want.numel() else 0.0
    assert err <= k * U[dtype] * scale, f"{what}: error {err:.3g} > {k} u x {scale:.3g}"


def leaves(*tensors, dtype):
    """float64 originals (for the reference) and their rounded copies in ``dtype`` (for metile),
    both requiring grad; the reference starts from the rounded values."""
    low = [t.to(dtype).requires_grad_() for t in tensors]
    ref = [t.detach().double().requires_grad_() for t in low]
    return low, ref


def compare(metile_fn, ref_fn, inputs, dtype, k_out=16.0, k_grad=64.0, seed=0, floor=1.0):
    """Runs both on ``inputs`` (float64), backpropagates one random cotangent, compares (an
    input the reference gives no gradient must get none)."""
    low, ref = leaves(*inputs, dtype=dtype)
    out, want = metile_fn(*low), ref_fn(*ref)
    close(out, want, dtype, k_out, "forward", floor)
    g = torch.randn(want.shape, generator=torch.Generator().manual_seed(seed), dtype=torch.float64)
    out.backward(g.to(out.dtype))
    want.backward(g.to(out.dtype).double())
    for i, (a, b) in enumerate(zip(low, ref)):
        if b.grad is not None:
            assert a.grad is not None and a.grad.dtype == a.dtype, f"gradient {i}"
            close(a.grad, b.grad, dtype, k_grad, f"gradient {i}", floor)
        else:
            assert a.grad is None, f"gradient {i}: the reference has none"


def rms_ref(x, w, eps, offset=0.0):
    return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps) * (offset + w)


def gen(*shape, seed=0, scale=1.0):
    return torch.randn(*shape, generator=torch.Generator().manual_seed(seed), dtype=torch.float64) * scale


DT = [torch.float32, torch.bfloat16]


@pytest.mark.parametrize("dtype", DT)
def test_rms_norm(dtype):
    x, w = gen(2, 3, 33), 1 + gen(33, seed=1, scale=0.1)
    compare(lambda x, w: F.rms_norm(x, w, 1e-6), lambda x, w: rms_ref(x, w, 1e-6), [x, w], dtype)
    compare(lambda x, w: F.rms_norm(x, w, 1e-6, 1.0, "gemma"), lambda x, w: rms_ref(x, w, 1e-6, 1.0), [x, w], dtype)


@pytest.mark.parametrize("dtype", DT)
def test_layer_norm(dtype):
    x, w, b = gen(4, 20) + 2, gen(20, seed=1), gen(20, seed=2)
    ref = lambda x, w, b: torch.nn.functional.layer_norm(x, (20,), w, b, 1e-6)
    compare(lambda x, w, b: F.layer_norm(x, w, b, 1e-6), ref, [x, w, b], dtype)


@pytest.mark.parametrize("dtype", DT)
def test_fused_add_rms_norm_both_outputs(dtype):
    x, r, w = gen(5, 16), gen(5, 16, seed=1), gen(16, seed=2)

    def ours(x, r, w):
        y, s = F.fused_add_rms_norm(x, r, w, 1e-6)
        return torch.cat([y, 0.5 * s], -1)

    def ref(x, r, w):
        s = x + r
        return torch.cat([rms_ref(s, w, 1e-6), 0.5 * s], -1)

    compare(ours, ref, [x, r, w], dtype)


def dyt_ref(x, alpha, gamma, beta=None):
    y = gamma * torch.tanh(alpha * x)
    return y if beta is None else y + beta


def poly_norm_ref(x, w, b, eps):
    n = lambda u: u * torch.rsqrt(u.pow(2).mean(-1, keepdim=True) + eps)
    return w[0] * n(x**3) + w[1] * n(x**2) + w[2] * n(x) + b


@pytest.mark.parametrize("dtype", DT)
def test_dyt(dtype):
    """DyT's value and the gradients of x, alpha, gamma and beta (with and without beta), every
    gradient in its input's dtype."""
    x, a, g, b = gen(3, 5, 40, scale=2.0), 0.5 + gen(1, seed=1, scale=0.1), gen(40, seed=2), gen(40, seed=3)
    compare(lambda x, a, g, b: F.dyt(x, a, g, b), dyt_ref, [x, a, g, b], dtype)
    compare(lambda x, a, g: F.dyt(x, a, g), dyt_ref, [x, a, g], dtype)


@pytest.mark.parametrize("dtype", DT)
def test_poly_norm(dtype):
    """PolyNorm's value and the gradients of x, weight [3] and the 0-d bias."""
    # Small x and a large eps, so that a lost or default eps shows.
    x, w, b = gen(4, 33, scale=0.3), gen(3, seed=1), gen(1, seed=2)[0]
    compare(lambda x, w, b: F.poly_norm(x, w, b, 0.1), lambda x, w, b: poly_norm_ref(x, w, b, 0.1), [x, w, b], dtype)


def test_dyt_and_poly_norm_modules():
    """The modules have Liger's parameters and initial values and run the functionals; a bad
    parameter shape is the library's typed error."""
    m = mt.DyT(16, init_alpha=0.7)
    assert dict((n, tuple(p.shape)) for n, p in m.named_parameters()) == {"alpha": (1,), "gamma": (16,), "beta": (16,)}
    assert m.alpha.item() == pytest.approx(0.7) and m.gamma.eq(1).all() and m.beta.eq(0).all()
    assert mt.DyT(16, beta=False).beta is None
    x = gen(2, 16).float()
    assert torch.equal(m(x), F.dyt(x, m.alpha, m.gamma, m.beta))
    p = mt.PolyNorm(eps=1e-5)
    assert tuple(p.weight.shape) == (3,) and p.bias.dim() == 0 and p.bias.item() == 1.0
    assert torch.allclose(p.weight, torch.full((3,), 1 / 3))
    assert torch.equal(p(x), F.poly_norm(x, p.weight, p.bias, 1e-5))
    with pytest.raises(metile.InputError, match="weight"):
        F.poly_norm(x, torch.ones(4), torch.tensor(1.0))
    with pytest.raises(metile.InputError, match="gamma"):
        F.dyt(x, torch.ones(1), torch.ones(15))


@pytest.mark.parametrize("kind", ["sigmoid", "tanh", "relu", "silu", "gelu_tanh", "gelu_erf", "quick_gelu", "relu_squared"])
def test_activations(kind):
    refs = {
        "sigmoid": torch.sigmoid,
        "tanh": torch.tanh,
        "relu": torch.relu,
        "silu": torch.nn.functional.silu,
        "gelu_tanh": lambda x: torch.nn.functional.gelu(x, approximate="tanh"),
        "gelu_erf": torch.nn.functional.gelu,
        "quick_gelu": lambda x: x * torch.sigmoid(1.702 * x),
        "relu_squared": lambda x: torch.relu(x) ** 2,
    }
    compare(lambda x: F.activation(x, kind), refs[kind], [gen(3, 40, scale=2.0)], torch.float32)


@pytest.mark.parametrize("dtype", DT)
def test_swiglu_geglu(dtype):
    a, b = gen(3, 50), gen(3, 50, seed=1)
    silu, gelu = torch.nn.functional.silu, lambda x: torch.nn.functional.gelu(x, approximate="tanh")
    compare(lambda a, b: F.swiglu(a, b), lambda a, b: silu(a) * b, [a, b], dtype)
    compare(lambda a, b: F.geglu(a, b), lambda a, b: gelu(a) * b, [a, b], dtype)
    compare(lambda a, b: F.swiglu(a, b, 0.5, 2.0), lambda a, b: silu(0.5 * a) * b * 2.0, [a, b], dtype)


def hf_rotate_half(x):
    x1, x2 = x[..., : x.shape[-1] // 2], x[..., x.shape[-1] // 2 :]
    return torch.cat((-x2, x1), dim=-1)


def hf_rope(q, k, cos, sin, unsqueeze_dim=1):
    cos, sin = cos.unsqueeze(unsqueeze_dim), sin.unsqueeze(unsqueeze_dim)
    return q * cos + hf_rotate_half(q) * sin, k * cos + hf_rotate_half(k) * sin


@pytest.mark.parametrize("dtype", DT)
def test_rope_matches_hf_on_transposed_views(dtype):
    b, t, hq, hkv, d = 2, 5, 4, 2, 8
    theta = gen(b, t, d // 2, seed=3)
    cos, sin = torch.cat([theta, theta], -1).cos().to(dtype), torch.cat([theta, theta], -1).sin().to(dtype)
    # HF's layout: [B, T, H, D] projections viewed as [B, H, T, D] (not contiguous).
    q, k = gen(b, t, hq, d), gen(b, t, hkv, d, seed=1)

    def ours(q, k):
        qr, kr = F.apply_rotary_pos_emb(q.transpose(1, 2), k.transpose(1, 2), cos, sin)
        return torch.cat([qr.flatten(), kr.flatten()])

    def ref(q, k):
        qr, kr = hf_rope(q.transpose(1, 2), k.transpose(1, 2), cos.double(), sin.double())
        return torch.cat([qr.flatten(), kr.flatten()])

    compare(ours, ref, [q, k], dtype)


def test_rope_reads_hf_views_in_place_and_returns_views_alike():
    """A ``[B, H, T, D]`` view of ``[B, T, H, D]`` memory is rotated as ``layout=bthd`` (no
    contiguous copy) and comes back as the same kind of view, bit for bit the contiguous input's
    result; the gradient is right in either layout it arrives in."""
    from metile.torch import ops

    b, t, h, d = 2, 5, 3, 8
    theta = gen(1, t, d // 2, seed=3).float()
    cos, sin = torch.cat([theta, theta], -1).cos(), torch.cat([theta, theta], -1).sin()
    mem = gen(b, t, h, d).float().requires_grad_()
    view = mem.transpose(1, 2)
    assert ops._heads_layout(view)[0] == "bthd" and ops._heads_layout(view.contiguous())[0] == "bhtd"
    y = F.rope(view, cos, sin)
    assert y.shape == (b, h, t, d) and y.transpose(1, 2).is_contiguous()
    assert torch.equal(y, F.rope(view.detach().contiguous(), cos, sin))
    m64 = mem.detach().double().requires_grad_()
    y64 = hf_rope(m64.transpose(1, 2), m64.transpose(1, 2), cos.double(), sin.double())[0]
    assert torch.allclose(y.double(), y64, atol=1e-5)
    # A contiguous cotangent, and one laid out as HF's views are.
    for dy in (gen(b, h, t, d, seed=4).float(), gen(b, t, h, d, seed=4).float().transpose(1, 2)):
        (g,) = torch.autograd.grad(y, mem, dy, retain_graph=True)
        (g64,) = torch.autograd.grad(y64, m64, dy.double(), retain_graph=True)
        assert torch.allclose(g.double(), g64, atol=1e-5)


@pytest.mark.parametrize("hq,hk", [(3, 1), (3, 2), (1, 2)])
@pytest.mark.parametrize("layouts", [("bhtd", "bhtd"), ("bthd", "bthd"), ("bthd", "bhtd"), ("bhtd", "bthd")])
def test_rope_rotates_q_and_k_in_one_call(layouts, hq, hk, monkeypatch):
    """``apply_rotary_pos_emb`` rotates q and k (their own head counts) with one library call each
    way when they are laid out alike (contiguous, or both HF's transposed views; a single head
    reads either way), two when not; values and gradients match HF's formula in FP64, also when
    only q reaches the loss."""
    from metile.torch import ops

    calls = []
    real = ops.run
    monkeypatch.setattr(ops, "run", lambda entry, inputs, *a: calls.append((entry, sorted(k for k, v in inputs.items() if v is not None))) or real(entry, inputs, *a))
    b, t, d = 2, 5, 8
    theta = gen(1, t, d // 2, seed=3).float()
    cos, sin = torch.cat([theta, theta], -1).cos(), torch.cat([theta, theta], -1).sin()

    def heads(h, layout, seed):
        x = gen(b, t, h, d, seed=seed).float()
        return (x.transpose(1, 2) if layout == "bthd" else x.transpose(1, 2).contiguous()).detach().requires_grad_()

    q, k = heads(hq, layouts[0], 1), heads(hk, layouts[1], 2)
    q64, k64 = [v.detach().double().requires_grad_() for v in (q, k)]
    yq, yk = F.apply_rotary_pos_emb(q, k, cos, sin)
    wq, wk = hf_rope(q64, k64, cos.double(), sin.double())
    assert torch.allclose(yq.double(), wq, atol=1e-5) and torch.allclose(yk.double(), wk, atol=1e-5)
    dq, dk = gen(b, hq, t, d, seed=4).float(), gen(b, hk, t, d, seed=5).float()
    got = torch.autograd.grad((yq, yk), (q, k), (dq, dk), retain_graph=True)
    want = torch.autograd.grad((wq, wk), (q64, k64), (dq.double(), dk.double()), retain_graph=True)
    for g, w in zip(got, want):
        assert torch.allclose(g.double(), w, atol=1e-5)
    # The cotangents are contiguous: the backward is one call whatever the inputs' layouts.
    pair_fwd, pair_bwd = ("rope.forward", ["cos", "sin", "x", "x2"]), ("rope.backward", ["cos", "dy", "dy2", "sin"])
    one = ("rope.forward", ["cos", "sin", "x"])
    rope_calls = [c for c in calls if c[0].startswith("rope.")]
    # A single head reads in either layout and follows the other tensor's.
    paired = layouts[0] == layouts[1] or min(hq, hk) == 1
    assert rope_calls == ([pair_fwd] if paired else [one, one]) + [pair_bwd], rope_calls
    # Only q reaches the loss: k gets no gradient and no rotation (one backward call, q's).
    calls.clear()
    gq, gk = torch.autograd.grad(yq, (q, k), dq, allow_unused=True)
    assert torch.allclose(gq.double(), want[0], atol=1e-5)
    assert gk is None
    assert [c for c in calls if c[0].startswith("rope.")] == [("rope.backward", ["cos", "dy", "sin"])]


def test_softmax_and_log_softmax_any_dim():
    x = gen(3, 7, 5, scale=3.0)
    compare(lambda x: F.softmax(x, dim=1), lambda x: torch.softmax(x, dim=1), [x], torch.float32)
    compare(lambda x: F.log_softmax(x), lambda x: torch.log_softmax(x, -1), [x], torch.float32)


@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
@pytest.mark.parametrize("dtype", DT)
def test_cross_entropy(reduction, dtype):
    logits = gen(2, 6, 30, scale=2.0)
    target = torch.randint(0, 30, (2, 6), generator=torch.Generator().manual_seed(0))
    target[0, 1] = -100
    ref = lambda x: torch.nn.functional.cross_entropy(x.reshape(-1, 30), target.reshape(-1), reduction=reduction, label_smoothing=0.1).reshape(-1 if reduction == "none" else ())
    ours = lambda x: F.cross_entropy(x, target, reduction=reduction, label_smoothing=0.1).reshape(-1 if reduction == "none" else ())
    compare(ours, ref, [logits], dtype, k_out=64 if dtype == torch.float32 else 4)


@pytest.mark.parametrize("reduction", ["mean", "none"])
def test_fused_linear_cross_entropy(reduction):
    h, w, b = gen(9, 16), gen(40, 16, seed=1, scale=0.3), gen(40, seed=2)
    target = torch.randint(0, 40, (9,), generator=torch.Generator().manual_seed(1))
    target[3] = -100
    ref = lambda h, w, b: torch.nn.functional.cross_entropy(h @ w.T + b, target, reduction=reduction)
    ours = lambda h, w, b: F.fused_linear_cross_entropy(h, w, target, b, reduction=reduction, chunk_rows=4)
    compare(ours, ref, [h, w, b], torch.float32, k_out=128, k_grad=256)


@pytest.mark.parametrize("param_grad_dtype", ["storage", "f32"])
def test_fused_linear_cross_entropy_bf16(param_grad_dtype):
    """bf16 against torch's float64 computation, with the weight and bias gradients accumulated
    in bf16 (``storage``, the default, as Liger) or in FP32."""
    h, w, b = gen(12, 16), gen(40, 16, seed=1, scale=0.3), gen(40, seed=2)
    target = torch.randint(0, 40, (12,), generator=torch.Generator().manual_seed(1))
    target[5] = -100
    ref = lambda h, w, b: torch.nn.functional.cross_entropy(h @ w.T + b, target)
    ours = lambda h, w, b: F.fused_linear_cross_entropy(h, w, target, b, chunk_rows=4, param_grad_dtype=param_grad_dtype)
    compare(ours, ref, [h, w, b], torch.bfloat16, k_out=16, k_grad=16)


def test_fused_linear_cross_entropy_backward_scales_once():
    """The backward scales the forward's gradients by ``dloss`` in place: ``3 * loss`` gives 3
    times the gradients of ``loss`` (exactly, in f32), the two ``param_grad_dtype`` choices give
    different bf16 sums (the parameter is passed on), and a second backward through the same
    graph is refused instead of scaling twice."""
    h, w = gen(12, 16), gen(40, 16, seed=1, scale=0.3)
    target = torch.randint(0, 40, (12,), generator=torch.Generator().manual_seed(1))

    def grads(dtype, factor, param_grad_dtype="storage", retain=False):
        hh, ww = h.to(dtype).requires_grad_(), w.to(dtype).requires_grad_()
        loss = F.fused_linear_cross_entropy(hh, ww, target, chunk_rows=4, param_grad_dtype=param_grad_dtype)
        (factor * loss).backward(retain_graph=retain)
        return hh.grad, ww.grad, loss

    one, three = grads(torch.float32, 1.0), grads(torch.float32, 3.0)
    assert torch.equal(3 * one[0], three[0]) and torch.equal(3 * one[1], three[1])
    assert not torch.equal(grads(torch.bfloat16, 1.0)[1], grads(torch.bfloat16, 1.0, "f32")[1])
    *_, loss = grads(torch.float32, 1.0, retain=True)
    with pytest.raises(RuntimeError, match="inplace|in-place"):
        loss.backward()


# ---- distribution losses -----------------------------------------------------------------------


def log_probs(*shape, seed=0):
    return torch.log_softmax(gen(*shape, seed=seed, scale=2.0), -1)


def jsd_ref(x, y, labels=None, beta=0.5, ignore_index=-100):
    """Generalised JSD in float64 torch ops: ``beta KL(P||M) + (1 - beta) KL(Q||M)``."""
    q, p = x.exp(), y.exp()
    if beta == 0:
        e = p * (y - x)
    elif beta == 1:
        e = q * (x - y)
    else:
        log_m = torch.log(beta * p + (1 - beta) * q)
        e = beta * p * (y - log_m) + (1 - beta) * q * (x - log_m)
    keep = torch.ones(x.shape[:-1], dtype=x.dtype) if labels is None else (labels != ignore_index).to(x.dtype)
    return (e * keep.unsqueeze(-1)).sum() / keep.sum()


def tvd_ref(p, q, labels=None, reduction="mean", ignore_index=-100):
    keep = torch.ones(p.shape[:-1], dtype=p.dtype) if labels is None else (labels != ignore_index).to(p.dtype)
    e = 0.5 * (p - q).abs() * keep.unsqueeze(-1)
    n = keep.sum()
    return {"none": e, "sum": e.sum(), "mean": e.sum() / (n * p.shape[-1]), "batchmean": e.sum() / n}[reduction]


@pytest.mark.filterwarnings("ignore:reduction. 'mean' divides the total loss")
@pytest.mark.parametrize("log_target", [False, True])
@pytest.mark.parametrize("reduction", ["none", "sum", "mean", "batchmean"])
@pytest.mark.parametrize("dtype", DT)
def test_kl_div(reduction, log_target, dtype):
    """Against ``torch.nn.functional.kl_div`` on ``[rows, V]`` (torch's ``batchmean`` divides by
    ``size(0)``: the rows of a 2-D input). ``y_true`` gets no gradient."""
    y = log_probs(6, 53)
    t = log_probs(6, 53, seed=1)
    t = t if log_target else t.exp()
    ref = lambda y, t: torch.nn.functional.kl_div(y, t.detach(), reduction=reduction, log_target=log_target)
    ours = lambda y, t: F.kl_div(y, t, reduction=reduction, log_target=log_target)
    compare(ours, ref, [y, t], dtype, k_out=64, k_grad=16, floor=0.0)


@pytest.mark.parametrize("beta", [0.0, 0.4, 1.0])
@pytest.mark.parametrize("dtype", DT)
def test_jsd(beta, dtype):
    x, y = log_probs(2, 5, 67), log_probs(2, 5, 67, seed=1)
    labels = torch.tensor([[1, -100, 3, 66, 0], [-100, 2, 2, 9, 8]])
    ref = lambda x, y: jsd_ref(x, y.detach(), labels, beta)
    ours = lambda x, y: F.jsd(x, y, labels, beta=beta)
    compare(ours, ref, [x, y], dtype, k_out=2 if dtype == torch.bfloat16 else 64, k_grad=16, floor=0.0)


@pytest.mark.parametrize("reduction", ["none", "sum", "mean", "batchmean"])
@pytest.mark.parametrize("dtype", DT)
def test_tvd(reduction, dtype):
    p, q = log_probs(9, 40).exp(), log_probs(9, 40, seed=1).exp()
    labels = torch.tensor([1, -100, 3, 39, 0, -100, 2, 2, 7], dtype=torch.int32)
    ref = lambda p, q: tvd_ref(p, q.detach(), labels, reduction)
    ours = lambda p, q: F.tvd(p, q, labels, reduction=reduction)
    compare(ours, ref, [p, q], dtype, k_grad=4, floor=0.0)


def test_distribution_loss_gradients_only_reach_the_first_input(monkeypatch):
    x = log_probs(4, 11).float().requires_grad_()
    y = log_probs(4, 11, seed=1).float().requires_grad_()
    for loss in (F.kl_div(x, y.exp()), F.jsd(x, y), F.tvd(x.exp(), y.exp())):
        x.grad = None
        loss.backward()
        assert x.grad is not None and y.grad is None
    # Without a gradient wanted for the first input, the backward computes nothing: no library
    # backward runs.
    from metile.torch import ops

    calls = []
    monkeypatch.setattr(ops, "distill_bwd", lambda *a: calls.append(a))
    F.jsd(x.detach(), y).backward()
    assert y.grad is None and calls == []
    # (The same patch does see a backward that is wanted.)
    F.jsd(x, y.detach()).backward()
    assert len(calls) == 1


@pytest.mark.filterwarnings("ignore:reduction. 'mean' divides the total loss")
def test_distribution_loss_defaults_and_modules():
    """Liger's defaults: the functionals ``mean``, ``KLDivFunction`` and ``TVDLoss`` ``batchmean``,
    ``KLDivLoss`` an ``nn.KLDivLoss`` (``mean``) with ``eps`` first, ``JSDLoss(beta, ignore_index)``."""
    x, y = log_probs(4, 11).float(), log_probs(4, 11, seed=1).float()
    p, q = x.exp(), y.exp()
    kl = torch.nn.functional.kl_div
    assert torch.allclose(F.kl_div(x, q), kl(x, q, reduction="mean"), atol=1e-7)
    assert torch.allclose(mt.ops.KLDivFunction.apply(x, q), kl(x, q, reduction="batchmean"), atol=1e-6)
    module = mt.KLDivLoss(1e-10, reduction="sum", log_target=True)
    assert isinstance(module, torch.nn.KLDivLoss) and mt.KLDivLoss().reduction == "mean"
    assert torch.allclose(module(x, y), kl(x, y, reduction="sum", log_target=True), atol=1e-5)
    labels = torch.tensor([0, -1, 3, 2])
    assert torch.allclose(mt.JSDLoss(0.2, -1)(x, y, labels), jsd_ref(x.double(), y.double(), labels, 0.2, -1).float())
    assert torch.allclose(F.tvd(p, q), tvd_ref(p.double(), q.double()).float())
    assert torch.allclose(mt.TVDLoss()(p, q), tvd_ref(p.double(), q.double(), reduction="batchmean").float())
    assert torch.allclose(mt.TVDLoss("sum", -1)(p, q, labels), tvd_ref(p.double(), q.double(), labels, "sum", -1).float())


def test_distribution_loss_gradcheck():
    opts = dict(eps=1e-3, atol=3e-3, rtol=3e-3)
    x, y = log_probs(3, 7).requires_grad_(), log_probs(3, 7, seed=1)
    f32 = lambda fn: lambda a: fn(a.float()).double()
    assert torch.autograd.gradcheck(f32(lambda a: F.kl_div(a, y.exp().float(), reduction="none")), (x,), **opts)
    assert torch.autograd.gradcheck(f32(lambda a: F.jsd(a, y.float(), beta=0.3)), (x,), **opts)


def test_distribution_loss_bad_inputs_raise_typed_errors():
    x = torch.full((2, 4), 0.25)
    with pytest.raises(metile.InputError, match="y_true"):
        F.kl_div(x.log(), torch.ones(2, 5))
    with pytest.raises(metile.ParamError, match="beta"):
        F.jsd(x.log(), x.log(), beta=2.0)
    with pytest.raises(metile.InputError, match="labels"):
        F.tvd(x, x, torch.tensor([0, 4]))
    with pytest.raises(metile.ParamError, match="reduction"):
        mt.TVDLoss("avg")(x, x)
    with pytest.raises(TypeError, match="float64"):
        F.tvd(x.double(), x)


def test_embedding_with_padding_and_repeats():
    w = gen(10, 6)
    idx = torch.tensor([[1, 2, 1], [9, 1, 0]])
    ref = lambda w: torch.nn.functional.embedding(idx, w, padding_idx=9)
    compare(lambda w: F.embedding(idx, w, padding_idx=-1), lambda w: ref(w) * (idx != 9).unsqueeze(-1), [w], torch.float32)


def test_gradcheck_wiring():
    """torch.autograd.gradcheck (finite differences of the f32 kernels, taken in f64). It
    backpropagates through one graph many times, which an in-place backward refuses (it
    consumes what it saved; test_in_place_backward_* compare it with this out-of-place one)."""
    opts = dict(eps=1e-3, atol=3e-3, rtol=3e-3)
    x, w, b = gen(3, 6).requires_grad_(), gen(6, seed=1).requires_grad_(), gen(6, seed=2).requires_grad_()
    f32 = lambda fn: lambda *a: fn(*[t.float() for t in a]).double()
    once = dict(in_place_backward=False)
    assert torch.autograd.gradcheck(f32(lambda x, w: F.rms_norm(x, w, **once)), (x, w), **opts)
    assert torch.autograd.gradcheck(f32(lambda x, w, b: F.layer_norm(x, w, b)), (x, w, b), **opts)
    up = gen(3, 6, seed=3).requires_grad_()
    assert torch.autograd.gradcheck(f32(lambda a, b: F.swiglu(a, b, **once)), (x, up), **opts)
    assert torch.autograd.gradcheck(f32(lambda x: F.softmax(x)), (x,), **opts)
    t = torch.tensor([0, 5, 2])
    assert torch.autograd.gradcheck(f32(lambda x: F.cross_entropy(x, t)), (x,), **opts)
    alpha, bias = torch.full((1,), 0.7, dtype=torch.float64).requires_grad_(), torch.tensor(0.2, dtype=torch.float64).requires_grad_()
    assert torch.autograd.gradcheck(f32(lambda x, a, w, b: F.dyt(x, a, w, b)), (x, alpha, w, b), **opts)
    w3 = gen(3, seed=4).requires_grad_()
    assert torch.autograd.gradcheck(f32(lambda x, w, b: F.poly_norm(0.5 * x, w, b, 0.1)), (x, w3, bias), **opts)


def test_modules_are_drop_in():
    torch.manual_seed(0)
    x = torch.randn(2, 4, 16)
    norm = mt.RMSNorm(16, eps=1e-6)
    assert torch.allclose(norm(x), rms_ref(x.double(), norm.weight.double(), 1e-6).float(), atol=1e-5)
    ln, ref_ln = mt.LayerNorm(16), torch.nn.LayerNorm(16, eps=1e-6)
    assert torch.allclose(ln(x), ref_ln(x), atol=1e-5)
    mlp = mt.SwiGLUMLP(16, 24)
    want = mlp.down_proj(torch.nn.functional.silu(mlp.gate_proj(x)) * mlp.up_proj(x))
    assert torch.allclose(mlp(x), want, atol=1e-5)
    assert set(dict(mlp.named_parameters())) == {"gate_proj.weight", "up_proj.weight", "down_proj.weight"}
    y, s = mt.FusedAddRMSNorm(16)(x, x)
    assert torch.allclose(s, 2 * x)
    logits, target = torch.randn(5, 11), torch.tensor([1, 2, 3, -100, 10])
    assert torch.allclose(mt.CrossEntropyLoss()(logits, target), torch.nn.functional.cross_entropy(logits, target), atol=1e-5)
    w = torch.randn(11, 16)
    h = x.reshape(-1, 16)[:5]
    flce = mt.FusedLinearCrossEntropyLoss()(w, h, target)
    assert torch.allclose(flce, torch.nn.functional.cross_entropy(h @ w.T, target), atol=1e-5)
    assert torch.allclose(mt.Softmax()(logits), torch.softmax(logits, -1), atol=1e-6)
    emb = mt.Embedding(7, 3, padding_idx=0)
    assert torch.all(emb(torch.tensor([0, 0])) == 0)


def _grads_both_ways(fn, inputs, cots, **kw):
    """Gradients of ``fn(*made, **kw)`` for inputs made by autograd nodes (``leaf * 1``, so an
    in-place backward may take them) with ``in_place_backward`` on and off: ``(on, off, made)``
    where ``made`` are the intermediate tensors of the in-place run."""
    runs = []
    for in_place in (True, False):
        leaves_ = [t.clone().requires_grad_() for t in inputs]
        made = [t * 1 for t in leaves_]
        out = fn(*made, in_place_backward=in_place, **kw)
        outs = list(out) if isinstance(out, (tuple, list)) else [out]
        torch.autograd.backward(outs, [c.clone() for c in cots[: len(outs)]])
        runs.append(([t.grad for t in leaves_], made))
    (on, made), (off, _) = runs
    return on, off, made


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16, torch.float16])
def test_in_place_backward_gives_the_same_gradients(dtype):
    """The in-place backward (eager) gives the out-of-place gradients exactly; the tensors it
    took have their versions bumped (the proof that it ran); leaves are never taken."""
    a, b = gen(3, 7, 50, scale=2.0).to(dtype), gen(3, 7, 50, seed=1).to(dtype)
    dc = [gen(3, 7, 50, seed=2).to(dtype)]
    for fn, kw in [(F.swiglu, {}), (F.swiglu, {"gate_multiplier": 0.5, "down_multiplier": 2.0}), (F.geglu, {})]:
        on, off, made = _grads_both_ways(fn, [a, b], dc, **kw)
        for g_on, g_off in zip(on, off):
            assert g_on.dtype == dtype and torch.equal(g_on, g_off), fn.__name__
        assert all(t._version > 0 for t in made), "a and b were consumed"
    # Leaves (a caller's own tensors) keep their values and versions.
    la, lb = a.clone().requires_grad_(), b.clone().requires_grad_()
    F.swiglu(la, lb).backward(dc[0])
    assert la._version == 0 and lb._version == 0 and torch.equal(la.detach(), a)

    x, r, w, bias = gen(4, 6, 33).to(dtype), gen(4, 6, 33, seed=3).to(dtype), gen(33, seed=4).to(dtype), gen(33, seed=5).to(dtype)
    dy = [gen(4, 6, 33, seed=6).to(dtype), gen(4, 6, 33, seed=7).to(dtype)]
    norms = [
        (lambda x, **k: F.rms_norm(x, w, 1e-6, **k), [x]),
        (lambda x, **k: F.rms_norm(x, None, 1e-6, 1.0, "gemma", **k), [x]),
        (lambda x, **k: F.layer_norm(x, w, bias, 1e-6, **k), [x]),
        (lambda x, r, **k: F.fused_add_rms_norm(x, r, w, 1e-6, **k), [x, r]),
    ]
    for k, (fn, inputs) in enumerate(norms):
        on, off, _ = _grads_both_ways(fn, inputs, dy)
        for g_on, g_off in zip(on, off):
            assert torch.equal(g_on, g_off), f"norm {k}"


def test_in_place_backward_makes_other_savers_of_its_inputs_fail_loudly():
    """A node that saved ``gate`` and runs after the in-place backward raises torch's in-place
    error instead of reading gradients; the out-of-place backward leaves it working. The norm's
    incoming gradient is bumped likewise."""
    x = gen(4, 16).float().requires_grad_()
    for in_place, fails in [(True, True), (False, False)]:
        a, b = x * 1.5, x * 0.5
        s = a.sin()  # saves a; made first, so its backward runs after the gated product's
        loss = F.swiglu(a, b, in_place_backward=in_place).sum() + s.sum()
        if fails:
            with pytest.raises(RuntimeError, match="modified by an inplace operation"):
                loss.backward()
        else:
            loss.backward()
        x.grad = None
    g = gen(4, 16, seed=1).float()
    F.rms_norm(x, None).backward(g)
    assert g._version == 1, "dy consumed"
    g = gen(4, 16, seed=1).float()
    F.rms_norm(x, None, in_place_backward=False).backward(g)
    assert g._version == 0
    # Building a graph of the gradients (create_graph) never writes in place.
    a = x * 1.0
    torch.autograd.grad(F.swiglu(a, a * 2).sum(), a, create_graph=True)
    assert a._version == 0


def test_a_second_backward_through_an_in_place_graph_fails_loudly():
    """The gated product's saved tensors hold gradients after an in-place backward: a second
    pass through the retained graph raises instead of computing with them."""
    x = gen(4, 16).float().requires_grad_()
    loss = F.swiglu(x * 1.5, x * 0.5).sum()
    loss.backward(retain_graph=True)
    with pytest.raises(RuntimeError, match="modified by an inplace operation"):
        loss.backward()


def test_in_place_backward_options_reach_the_modules():
    assert mt.RMSNorm(8).in_place_backward and mt.FusedAddRMSNorm(8).in_place_backward
    assert not mt.LayerNorm(8).in_place_backward
    assert mt.SwiGLUMLP(8, 12).in_place_backward and not mt.GeGLUMLP(8, 12, in_place_backward=False).in_place_backward
    torch.manual_seed(0)
    x = torch.randn(2, 5, 8)
    grads = []
    for in_place in (True, False):
        mlp = mt.SwiGLUMLP(8, 12, in_place_backward=in_place)
        if grads:
            mlp.load_state_dict(state)
        state = mlp.state_dict()
        xi = x.clone().requires_grad_()
        mlp(xi).square().sum().backward()
        grads.append([xi.grad] + [p.grad for p in mlp.parameters()])
    for g_on, g_off in zip(*grads):
        assert torch.equal(g_on, g_off)


def test_noncontiguous_inputs_are_copied_not_refused():
    x = torch.randn(8, 6)
    w = torch.ones(8)
    assert torch.equal(F.rms_norm(x.T, w), F.rms_norm(x.T.contiguous(), w))


def test_bad_inputs_raise_typed_errors():
    with pytest.raises(TypeError, match="float64"):
        F.rms_norm(torch.ones(2, 3, dtype=torch.float64), None)
    with pytest.raises(ValueError, match="weight"):
        F.rms_norm(torch.ones(2, 3), torch.ones(4))
    with pytest.raises(metile.InputError, match="target"):
        F.cross_entropy(torch.ones(2, 3), torch.tensor([0, 3]))
    with pytest.raises(metile.ParamError, match="eps"):
        F.layer_norm(torch.ones(2, 3), torch.ones(3), torch.ones(3), eps=-1.0)


def test_custom_ops_are_registered():
    for name in ("norm_fwd", "norm_bwd", "gated_fwd", "rope_fwd", "ce_fwd", "flce_fwd", "emb_bwd", "distill_fwd",
                 "distill_bwd"):
        assert hasattr(torch.ops.metile, name)


def _compiled_graph_ops(fn, args):
    """Compiles ``fn`` with ``fullgraph=True`` (no graph break) on the aot_eager path (dynamo, the
    fake implementations and AOTAutograd, without compiling C++: inductor would add a minute on
    this machine), checks its gradients against eager ones, and returns the call targets of the
    forward and backward graphs."""
    eager_args = [a.clone().requires_grad_(a.is_floating_point()) for a in args]
    compiled_args = [a.clone().requires_grad_(a.is_floating_point()) for a in args]
    fn(*eager_args).backward()
    seen = []

    def recording(gm, example_inputs):
        from functorch.compile import make_boxed_func

        seen.extend(str(n.target) for n in gm.graph.nodes if n.op == "call_function")
        return make_boxed_func(gm.forward)

    from torch._dynamo.backends.common import aot_autograd

    compiled = torch.compile(fn, backend=aot_autograd(fw_compiler=recording, bw_compiler=recording), fullgraph=True)
    compiled(*compiled_args).backward()
    for a, b in zip(eager_args, compiled_args):
        assert (a.grad is None) == (b.grad is None)
        if a.grad is not None:
            assert torch.allclose(a.grad, b.grad, atol=1e-6)
    return seen


def test_torch_compile_fullgraph():
    """torch.compile traces through the Functions and treats the custom ops as nodes; the graphs
    hold the custom ops (eager calls skip them; a compiled graph must not)."""

    def block(x, w, g, u):
        return F.swiglu(F.rms_norm(x, w) @ g, F.rms_norm(x, w) @ u).sum()

    torch.manual_seed(0)
    seen = _compiled_graph_ops(block, [torch.randn(4, 8), torch.randn(8), torch.randn(8, 5), torch.randn(8, 5)])
    assert any("metile.norm_fwd" in t for t in seen), seen
    assert any("metile.norm_bwd" in t for t in seen), seen


def test_torch_compile_distribution_losses():
    """A distillation step (student logits from a projection, a JSD plus a TVD against a frozen
    teacher) compiles to one graph holding the distribution losses' custom ops."""

    def step(h, w, teacher, labels):
        student = torch.log_softmax(h @ w, -1)
        return F.jsd(student, teacher, labels, beta=0.3) + F.tvd(student.exp(), teacher.exp(), labels)

    torch.manual_seed(0)
    labels = torch.tensor([1, -100, 4, 0])
    seen = _compiled_graph_ops(step, [torch.randn(4, 8), torch.randn(8, 6), torch.log_softmax(torch.randn(4, 6), -1),
                                      labels])
    assert any("metile.distill_fwd" in t for t in seen), seen
    assert any("metile.distill_bwd" in t for t in seen), seen


def test_torch_compile_rope_on_hf_views():
    """RoPE on HF's q/k views (the ``bthd`` path, chosen from the strides while tracing) compiles
    to one graph holding RoPE's custom ops, forward and backward."""
    torch.manual_seed(0)
    theta = gen(1, 5, 4, seed=3).float()
    cos, sin = torch.cat([theta, theta], -1).cos(), torch.cat([theta, theta], -1).sin()

    def step(x, wq):
        q = (x @ wq).view(2, 5, 3, 8).transpose(1, 2)
        return (F.rope(q, cos, sin) * torch.arange(8.0)).sum()

    seen = _compiled_graph_ops(step, [torch.randn(2, 5, 16), torch.randn(16, 24)])
    assert any("metile.rope_fwd" in t for t in seen), seen
    assert any("metile.rope_bwd" in t for t in seen), seen


def test_torch_compile_rope_pair_dyt_and_poly_norm():
    """RoPE's q+k call (HF's views), DyT and PolyNorm compile to graphs holding their custom ops,
    forward and backward."""
    torch.manual_seed(0)
    theta = gen(1, 5, 4, seed=3).float()
    cos, sin = torch.cat([theta, theta], -1).cos(), torch.cat([theta, theta], -1).sin()

    def attn(x, wq, wk):
        q = (x @ wq).view(2, 5, 3, 8).transpose(1, 2)
        k = (x @ wk).view(2, 5, 2, 8).transpose(1, 2)
        qr, kr = F.apply_rotary_pos_emb(q, k, cos, sin)
        return (qr * torch.arange(8.0)).sum() + (kr * kr).sum()

    seen = _compiled_graph_ops(attn, [torch.randn(2, 5, 16), torch.randn(16, 24), torch.randn(16, 16)])
    assert any("metile.rope_pair_fwd" in t for t in seen), seen
    assert any("metile.rope_pair_bwd" in t for t in seen), seen

    def norms(x, a, g, w, b):
        return (F.poly_norm(F.dyt(x, a, g), w, b) * torch.arange(6.0)).sum()

    seen = _compiled_graph_ops(norms, [torch.randn(4, 6), torch.full((1,), 0.5), torch.randn(6), torch.randn(3),
                                       torch.tensor(0.3)])
    for op in ("dyt_fwd", "dyt_bwd", "poly_norm_fwd", "poly_norm_bwd"):
        assert any(f"metile.{op}" in t for t in seen), (op, seen)


def test_torch_compile_softmax():
    """Softmax and log-softmax compile to one graph each (their Functions were classmethods,
    which torch.compile's fullgraph tracing rejects)."""
    torch.manual_seed(0)
    for fn, op in ((F.softmax, "softmax"), (F.log_softmax, "log_softmax")):
        seen = _compiled_graph_ops(lambda x, w, fn=fn: (fn(x @ w) * torch.arange(6.0)).sum(), [torch.randn(4, 8), torch.randn(8, 6)])
        assert any("metile.softmax_fwd" in t for t in seen), (op, seen)
        assert any("metile.softmax_bwd" in t for t in seen), (op, seen)


def _cuda_cases():
    """(name, fn, float inputs, other inputs): every functional, ragged shapes; ``fn`` returns a
    tensor or a tuple of tensors."""
    cos, sin = gen(1, 7, 16, seed=4).cos(), gen(1, 7, 16, seed=4).sin()
    target = torch.tensor([3, -100, 0, 70, 12, 5, 69, -100, 1, 2, 3])
    return [
        ("rms_norm", lambda x, w: F.rms_norm(x, w), [gen(3, 5, 67), gen(67, seed=1)], []),
        ("layer_norm", lambda x, w, b: F.layer_norm(x, w, b), [gen(7, 67) + 1, gen(67, seed=1), gen(67, seed=2)], []),
        ("fused_add_rms_norm", lambda x, r, w: F.fused_add_rms_norm(x, r, w),
         [gen(7, 67), gen(7, 67, seed=1), gen(67, seed=2)], []),
        ("dyt", lambda x, a, g, b: F.dyt(x, a, g, b), [gen(5, 67), 0.5 + gen(1, seed=1, scale=0.1), gen(67, seed=2),
                                                        gen(67, seed=3)], []),
        ("poly_norm", lambda x, w, b: F.poly_norm(x, w, b), [gen(5, 67, scale=0.8), gen(3, seed=1), gen(1, seed=2)[0]], []),
        ("silu", lambda x: F.activation(x, "silu"), [gen(5, 129, scale=2.0)], []),
        ("swiglu", F.swiglu, [gen(5, 129, scale=2.0), gen(5, 129, seed=1)], []),
        ("geglu", F.geglu, [gen(5, 129, scale=2.0), gen(5, 129, seed=1)], []),
        ("rope", lambda x, c, s: F.rope(x, c, s), [gen(2, 3, 7, 16)], [cos, sin]),
        ("softmax", F.softmax, [gen(9, 257, scale=3.0)], []),
        ("log_softmax", F.log_softmax, [gen(9, 257, scale=3.0)], []),
        ("cross_entropy", lambda x, t: F.cross_entropy(x, t), [gen(11, 71, scale=3.0)], [target]),
        ("fused_linear_cross_entropy", lambda h, w, t: F.fused_linear_cross_entropy(h, w, t),
         [gen(11, 33), gen(71, 33, seed=1, scale=0.3)], [target]),
        ("embedding", lambda w, i: F.embedding(i, w), [gen(13, 33)], [torch.tensor([[0, 5, 12], [5, 5, 1]])]),
        ("kl_div", lambda y, t: F.kl_div(y, t, reduction="batchmean"), [log_probs(11, 71)],
         [log_probs(11, 71, seed=1).exp()]),
        ("jsd", lambda x, y, t: F.jsd(x, y, t, beta=0.3), [log_probs(11, 71)], [log_probs(11, 71, seed=1), target]),
        ("tvd", lambda p, q, t: F.tvd(p, q, t, reduction="none"), [log_probs(11, 71).exp()],
         [log_probs(11, 71, seed=1).exp(), target]),
        ("modulated_rms_norm", lambda x, w, s, h: F.modulated_rms_norm(x, w, s, h),
         [gen(2, 3, 67), gen(67, seed=1), gen(2, 67, seed=2, scale=0.3), gen(2, 67, seed=3)], []),
        ("group_norm", lambda x, w, b: F.group_norm(x, w, b, 4), [gen(3, 8, 37) + 1, gen(8, seed=1), gen(8, seed=2)], []),
        ("sparsemax", F.sparsemax, [gen(9, 257, scale=3.0)], []),
        ("fused_ce_tvd", lambda s, t, y: F.fused_ce_tvd(s, t, y), [gen(11, 71, scale=3.0)],
         [gen(11, 71, seed=1, scale=3.0), target]),
        ("grpo_loss", lambda z, old, ref, ids, adv, mask: F.grpo_loss(z, old, ref, ids, adv, mask)[0],
         [gen(2, 6, 71, scale=2.0)], [gen(2, 5, seed=1) - 4.0, gen(2, 5, seed=2) - 4.0,
                                      torch.tensor([[3, 0, 70, 12, 5], [69, 1, 2, 3, 4]]), gen(2, seed=3),
                                      torch.tensor([[1, 1, 1, 0, 0], [1, 1, 1, 1, 1]], dtype=torch.int32)]),
        ("fused_linear_kl_div", lambda h, w, q: F.fused_linear_kl_div(h, w, q),
         [gen(11, 33), gen(71, 33, seed=1, scale=0.3)], [log_probs(11, 71, seed=2).exp()]),
        ("fused_linear_jsd", lambda h, w, ht, wt: F.fused_linear_jsd(h, w, ht, wt, jsd_beta=0.3),
         [gen(11, 33), gen(71, 33, seed=1, scale=0.3)], [gen(11, 17, seed=2), gen(71, 17, seed=3, scale=0.3)]),
        ("chunked_jsd", lambda h, w, ht, wt, y: F.chunked_jsd(h, w, ht, wt, y, temperature=2.0, chunk_size=4),
         [gen(11, 33), gen(71, 33, seed=1, scale=0.3)], [gen(11, 17, seed=2), gen(71, 17, seed=3, scale=0.3), target]),
        ("chunked_cosine_similarity",
         lambda h, w, ht, wt, y: F.chunked_cosine_similarity(h, w, ht, wt, y, beta=0.7, chunk_size=4),
         [gen(11, 33), gen(71, 33, seed=1, scale=0.3)], [gen(11, 17, seed=2), gen(71, 17, seed=3, scale=0.3), target]),
        ("fused_mlp", lambda x, wg, wu, wd: F.fused_mlp(x, wg, wu, wd, 1.5, 0.5),
         [gen(2, 9, 40), gen(70, 40, seed=1, scale=0.3), gen(70, 40, seed=2, scale=0.3), gen(40, 70, seed=3, scale=0.3)],
         []),
        ("tiled_mlp", lambda x, wg, wu, wd: F.tiled_mlp(x, wg, wu, wd, activation="geglu", shards=4),
         [gen(2, 9, 40), gen(70, 40, seed=1, scale=0.3), gen(70, 40, seed=2, scale=0.3), gen(40, 70, seed=3, scale=0.3)],
         []),
    ]


@pytest.mark.skipif(not torch.cuda.is_available(), reason="no CUDA device: the CUDA path is untested here")
@pytest.mark.parametrize("dtype", DT)
@pytest.mark.parametrize("case", _cuda_cases(), ids=lambda c: c[0])
def test_cuda_tensors_match_cpu(case, dtype):  # pragma: no cover - needs a GPU
    """For the H200: every functional on CUDA tensors against the same call on CPU tensors (values,
    and gradients of one random cotangent per output), within the CPU tests' bounds."""
    name, fn, floats, others = case
    results = []
    for device in ("cpu", "cuda"):
        leaves_ = [t.to(device=device, dtype=dtype).requires_grad_() for t in floats]
        rest = [t.to(device=device, dtype=dtype if t.is_floating_point() else t.dtype) for t in others]
        out = fn(*leaves_, *rest)
        outs = list(out) if isinstance(out, (tuple, list)) else [out]
        assert all(o.device.type == device for o in outs), f"{name}: output left {device}"
        cots = [torch.randn(o.shape, generator=torch.Generator().manual_seed(7 + k)).to(device, o.dtype)
                for k, o in enumerate(outs)]
        torch.autograd.backward(outs, cots)
        results.append(([o.detach().cpu() for o in outs], [t.grad.cpu() for t in leaves_]))
    (cpu_out, cpu_grad), (gpu_out, gpu_grad) = results
    for k, (a, b) in enumerate(zip(gpu_out, cpu_out)):
        close(a, b, dtype, 16.0, f"{name} output {k}")
    for k, (a, b) in enumerate(zip(gpu_grad, cpu_grad)):
        assert a.dtype == b.dtype, f"{name} gradient {k}: {a.dtype} != {b.dtype}"
        close(a, b, dtype, 64.0, f"{name} gradient {k}")


# ---- the zero-copy CUDA path (metile.torch._bridge) --------------------------------------------

from metile import _metile  # noqa: E402
from metile.torch import _bridge  # noqa: E402

CUDA = pytest.mark.skipif(not torch.cuda.is_available(), reason="no CUDA device: the CUDA path is untested here")


def test_outputs_share_the_allocator_storage_without_being_views():
    owner = torch.arange(32, dtype=torch.uint8)
    t = _bridge.over_storage(owner, 8, torch.float32, (2, 3))
    assert t._base is None and t.shape == (2, 3) and t.is_contiguous()
    assert t.data_ptr() == owner.data_ptr() + 8
    t.fill_(0.0)
    assert owner[8:32].eq(0).all() and owner[:8].eq(torch.arange(8, dtype=torch.uint8)).all()
    assert _bridge.over_storage(owner, 0, torch.bfloat16, ()).shape == ()
    assert _bridge.over_storage(owner, 0, torch.bool, (32,)).dtype == torch.bool
    assert _bridge.over_storage(owner, 2, torch.float32, (1,)) is None, "misaligned"
    assert _bridge.over_storage(owner, 8, torch.float32, (7,)) is None, "beyond the storage"
    assert _bridge.over_storage(owner.float(), 0, torch.float32, (1,)) is None, "not a uint8 block"


def test_zero_copy_needs_cuda_and_can_be_refused(monkeypatch):
    with pytest.raises(metile.DeviceError, match="needs a CUDA device"):
        _metile.Tensor.borrow_cuda("f32", [2], 0x1000, "cpu", torch.zeros(2))
    assert _metile.stream_handle("cpu") is None
    x = _bridge.to_library(torch.ones(2, 3), "test", "x")
    assert x.borrows_host_memory and x.storage_owner() is None, "host memory has no device owner"
    monkeypatch.setenv("METILE_TORCH_CUDA", "0")
    with pytest.raises(RuntimeError, match="METILE_TORCH_CUDA=0"):
        _bridge.library_device(torch.device("cuda", 0))


def test_call_allocating_on_the_cpu_is_call():
    def refuse(nbytes):
        raise AssertionError("the cpu never draws on the allocator")

    x = _bridge.to_library(gen(3, 7).float(), "test", "x")
    out, released = _metile.call_allocating("rms_norm.forward", {"x": x}, {}, "cpu", refuse)
    want = _metile.call("rms_norm.forward", {"x": x}, {}, "cpu")
    assert released == [] and out.keys() == want.keys()
    assert all(out[k].to_bytes() == want[k].to_bytes() for k in out)
    # The cpu has no stream: a stream handle changes nothing.
    out, released = _metile.call_allocating("rms_norm.forward", {"x": x}, {}, "cpu", refuse, 0)
    assert released == [] and all(out[k].to_bytes() == want[k].to_bytes() for k in out)


def test_the_stream_mode_is_read_from_the_environment(monkeypatch):
    monkeypatch.delenv("METILE_TORCH_STREAM", raising=False)
    assert _bridge.stream_mode() == "current"
    monkeypatch.setenv("METILE_TORCH_STREAM", "library")
    assert _bridge.stream_mode() == "library"
    monkeypatch.setenv("METILE_TORCH_STREAM", "mine")
    with pytest.raises(ValueError, match="METILE_TORCH_STREAM='mine'"):
        _bridge.stream_mode()


def _recording_allocator(monkeypatch):
    """Every block the bridge's allocator makes, in a list the test reads."""
    made, real = [], _bridge.allocator

    def recording(device):
        alloc = real(device)

        def record(nbytes):
            made.append(alloc(nbytes))
            return made[-1]

        return record

    monkeypatch.setattr(_bridge, "allocator", recording)
    return made


@CUDA
def test_cuda_inputs_are_borrowed_and_outputs_are_allocator_memory(monkeypatch):  # pragma: no cover
    made = _recording_allocator(monkeypatch)
    dev = torch.device("cuda", 0)
    x, w = gen(33, 1000).float().to(dev), gen(1000, seed=1).float().to(dev)
    lt = _bridge.borrow(x, "cuda:0")
    owner, offset = lt.storage_owner()
    assert owner is x and offset == 0, "a borrowed tensor is the torch tensor's memory"
    y = F.rms_norm(x, w)
    assert y.device == dev and y._base is None
    assert y.untyped_storage().data_ptr() in {t.data_ptr() for t in made}, "y is an allocator block"
    # Only the outputs (y and the row statistics) were allocated: the inputs were not copied.
    assert sum(t.numel() for t in made) < 2 * x.numel() * x.element_size()
    close(y.cpu(), F.rms_norm(x.cpu(), w.cpu()).double(), torch.float32, 16.0, "rms_norm on cuda")


STREAM_MODES = pytest.mark.parametrize("mode", ["current", "library"])


@CUDA
@STREAM_MODES
def test_cuda_calls_order_with_a_side_stream(mode, monkeypatch):  # pragma: no cover - needs a GPU
    """On a non-default stream: the library's work runs after the input being written there (the
    stream is kept busy first), and what the stream does next runs after the library's work.
    In the default mode the work is queued on that stream itself: the library's own stream stays
    idle while the side stream is still busy, and synchronising the side stream alone is enough
    to read the result."""
    monkeypatch.setenv("METILE_TORCH_STREAM", mode)
    dev = torch.device("cuda", 0)
    torch.cuda.synchronize(dev)  # no earlier test's work left on any stream (the library's too)
    x_cpu, w_cpu = gen(64, 4097).float(), gen(4097, seed=1).float()
    want = F.rms_norm(x_cpu, w_cpu).double()
    library = torch.cuda.ExternalStream(_metile.stream_handle("cuda:0"), device=dev)
    s = torch.cuda.Stream(dev)
    with torch.cuda.stream(s):
        assert _bridge._current_stream(dev) == s.cuda_stream != torch.cuda.default_stream(dev).cuda_stream
        src, w = x_cpu.to(dev), w_cpu.to(dev)
        # Compile the library's kernels and load torch's (lazily loaded modules may synchronise
        # the context at their first use, which would wait out the sleep below).
        F.rms_norm(src * 1.0, w) * 2.0
        torch.full_like(src, 0.0)
        s.synchronize()
        torch.cuda._sleep(200_000_000)
        x = src * 1.0
        y = F.rms_norm(x, w)
        if mode == "current":
            assert not s.query(), "the side stream is still busy with the sleep"
            assert library.query(), "nothing was queued on the library's stream"
        z = y * 2.0
        del x, y
        # May reuse the freed blocks on s: ordered after the library's kernels.
        junk = torch.full_like(src, float("nan"))
    s.synchronize()
    assert junk.isnan().all()
    # Read on the default stream, which torch's side streams do not wait for: only the side
    # stream's synchronisation orders the read.
    close((z / 2).cpu(), want, torch.float32, 16.0, "rms_norm on a side stream")


@CUDA
def test_cuda_calls_can_be_captured_in_a_graph():  # pragma: no cover - needs a GPU
    """A call on torch's current stream is captured by ``torch.cuda.graph`` (warmed up on a side
    stream first, as torch asks): the replay recomputes the output from the static input's new
    values. ``rms_norm.forward`` here; see ``metile.torch._bridge`` for which entries capture."""
    dev = torch.device("cuda", 0)
    x, w = gen(33, 1000).float().to(dev), gen(1000, seed=1).float().to(dev)
    side = torch.cuda.Stream(dev)
    side.wait_stream(torch.cuda.current_stream(dev))
    with torch.cuda.stream(side):
        for _ in range(2):
            F.rms_norm(x, w)
    torch.cuda.current_stream(dev).wait_stream(side)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        y = F.rms_norm(x, w)
    new = gen(33, 1000, seed=9).float()
    x.copy_(new.to(dev))
    graph.replay()
    torch.cuda.synchronize(dev)
    close(y.cpu(), F.rms_norm(new, w.cpu()).double(), torch.float32, 16.0, "rms_norm replayed")
    x.mul_(2.0)
    graph.replay()
    torch.cuda.synchronize(dev)
    close(y.cpu(), F.rms_norm(new * 2.0, w.cpu()).double(), torch.float32, 16.0, "rms_norm replayed twice")


@CUDA
def test_cuda_memory_is_torchs_and_comes_back():  # pragma: no cover - needs a GPU
    dev = torch.device("cuda", 0)
    x, w = gen(256, 4096).float().to(dev), gen(4096, seed=1).float().to(dev)
    h, lw = gen(200, 64).to(dev, torch.bfloat16), gen(1000, 64, seed=2, scale=0.3).to(dev, torch.bfloat16)
    t = torch.arange(200, device=dev) % 1000
    F.rms_norm(x, w), F.fused_linear_cross_entropy(h, lw, t)  # compile the kernels first
    torch.cuda.synchronize(dev)
    base = torch.cuda.memory_allocated(dev)
    torch.cuda.reset_peak_memory_stats(dev)
    y = F.rms_norm(x, w)
    grown = torch.cuda.max_memory_allocated(dev) - base
    assert grown >= y.numel() * y.element_size(), f"the library's memory counts in torch's: {grown}"
    del y
    assert torch.cuda.memory_allocated(dev) == base, "every block came back"
    for _ in range(3):
        loss = F.fused_linear_cross_entropy(h, lw, t)
        assert loss.isfinite()
        del loss
        assert torch.cuda.memory_allocated(dev) == base, "scratch released after the call"


@CUDA
@STREAM_MODES
def test_cuda_errors_release_memory_and_keep_the_allocators_exception(mode, monkeypatch):  # pragma: no cover
    monkeypatch.setenv("METILE_TORCH_STREAM", mode)
    dev = torch.device("cuda", 0)
    # Targets in device memory are not read on the host (a class out of range gives NaN in its
    # row), so the failing call is one target short of the rows: a validation error.
    logits, targets = gen(4, 10).float().to(dev), torch.tensor([0, 1, 9, 2], device=dev)
    F.cross_entropy(logits, targets)
    torch.cuda.synchronize(dev)
    base = torch.cuda.memory_allocated(dev)
    with pytest.raises(ValueError):
        F.cross_entropy(logits, targets[:3])
    assert torch.cuda.memory_allocated(dev) == base, "a refused call allocates nothing"

    # A call that fails after an allocation (RMSNorm's second output refused) frees the first.
    real = _bridge.allocator

    def second_refused(device):
        inner, calls = real(device), []

        def alloc(nbytes):
            calls.append(nbytes)
            if len(calls) > 1:
                raise torch.cuda.OutOfMemoryError(f"test: {nbytes} bytes refused")
            return inner(nbytes)

        return alloc

    monkeypatch.setattr(_bridge, "allocator", second_refused)
    with pytest.raises(torch.cuda.OutOfMemoryError, match="test: .* bytes refused"):
        F.rms_norm(logits, None)
    monkeypatch.setattr(_bridge, "allocator", real)
    torch.cuda.synchronize(dev)
    assert torch.cuda.memory_allocated(dev) == base, "a failed call frees what it allocated"

    def oom(device):
        def alloc(nbytes):
            raise torch.cuda.OutOfMemoryError(f"test: {nbytes} bytes refused")

        return alloc

    monkeypatch.setattr(_bridge, "allocator", oom)
    with pytest.raises(torch.cuda.OutOfMemoryError, match="test: .* bytes refused"):
        F.rms_norm(logits, None)
    monkeypatch.undo()
    close(F.rms_norm(logits, None).cpu(), F.rms_norm(logits.cpu(), None).double(), torch.float32)


@CUDA
def test_cuda_in_place_entries_return_their_inputs(monkeypatch):  # pragma: no cover - needs a GPU
    """On CUDA an in-place entry's outputs are the torch tensors it was given (no copy, no new
    memory beyond the parameter gradients), holding the out-of-place backward's values (the
    elementwise ones bit for bit; the norm's within the CPU tests' bounds: its parameter
    gradient sums one partial row per program, and the two kernels' occupancy may differ);
    gate and up given as one tensor are copied first and left alone."""
    made = _recording_allocator(monkeypatch)
    dev = torch.device("cuda", 0)
    for dtype in (torch.float32, torch.bfloat16):
        a, b, dc = (gen(5, 7, 129, seed=k).to(dev, dtype) for k in range(3))
        want = _bridge.run("swiglu.backward", {"a": a, "b": b, "dc": dc})
        made.clear()
        got = _bridge.run("swiglu.in_place_backward", {"a": a, "b": b, "dc": dc})
        assert got["da"] is not None and got["da"].data_ptr() == a.data_ptr() and got["da"].shape == a.shape
        assert got["db"].data_ptr() == b.data_ptr() and made == [], "written over a and b, nothing allocated"
        assert torch.equal(got["da"], want["da"]) and torch.equal(got["db"], want["db"])
        assert torch.equal(a, want["da"]), "a itself holds da"

        x, w, dy = gen(9, 67).to(dev, dtype), gen(67, seed=1).to(dev, dtype), gen(9, 67, seed=2).to(dev, dtype)
        want = _bridge.run("rms_norm.backward", {"x": x, "weight": w, "dy": dy}, {"grad_dtype": "storage"})
        got = _bridge.run("rms_norm.in_place_backward", {"x": x, "weight": w, "dy": dy})
        assert got["dx"].data_ptr() == dy.data_ptr()
        close(got["dx"], want["dx"].double(), dtype, 2.0, "rms_norm dx")
        close(got["dweight"], want["dweight"].double(), torch.float32, 64.0, "rms_norm dweight")

        same = gen(5, 7, 129, seed=3).to(dev, dtype)
        before = same.clone()
        want = _bridge.run("swiglu.backward", {"a": same, "b": same, "dc": dc})
        got = _bridge.run("swiglu.in_place_backward", {"a": same, "b": same, "dc": dc})
        assert got["da"].data_ptr() != same.data_ptr() and torch.equal(same, before), "copied, not written"
        assert torch.equal(got["da"], want["da"]) and torch.equal(got["db"], want["db"])


@CUDA
def test_cuda_in_place_mlp_backward_matches_and_saves_memory():  # pragma: no cover - needs a GPU
    """A norm and an MLP on CUDA: the same gradients in place and out of place (within the CUDA
    tests' bounds: the norm's weight gradient may sum its partial rows in other groups), and a lower
    backward peak in place. Expected saving: one intermediate-sized tensor (out of place the
    peak holds dc, da and db once the product's output is freed; in place the peak is dc with
    that output, while down_proj's backward runs); the test asks for half of it, so that the
    weight gradients' timing cannot decide it. The out-of-place run goes first (cuBLAS's
    workspace is made then)."""
    dev = torch.device("cuda", 0)
    hidden, inter, tokens = 256, 4096, 1024
    torch.manual_seed(0)
    x = torch.randn(tokens, hidden, device=dev, dtype=torch.bfloat16)
    results = []
    for in_place in (False, True):
        torch.manual_seed(1)
        norm = mt.RMSNorm(hidden, in_place_backward=in_place).to(dev, torch.bfloat16)
        mlp = mt.SwiGLUMLP(hidden, inter, in_place_backward=in_place).to(dev, torch.bfloat16)
        xi = x.clone().requires_grad_()
        loss = mlp(norm(xi)).float().square().mean()
        torch.cuda.synchronize(dev)
        base = torch.cuda.memory_allocated(dev)
        torch.cuda.reset_peak_memory_stats(dev)
        loss.backward()
        torch.cuda.synchronize(dev)
        peak = torch.cuda.max_memory_allocated(dev) - base
        results.append(([xi.grad] + [p.grad for p in (*norm.parameters(), *mlp.parameters())], peak))
    (g_off, peak_off), (g_on, peak_on) = results
    for k, (a, b) in enumerate(zip(g_on, g_off)):
        close(a, b.double(), torch.bfloat16, 64.0, f"gradient {k}")
    intermediate = tokens * inter * 2
    assert peak_off - peak_on >= intermediate // 2, (peak_on, peak_off, intermediate)
