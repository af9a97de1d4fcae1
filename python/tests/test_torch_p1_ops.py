"""metile.torch for the PARITY.md P1 operators with torch bindings: modulated RMSNorm (AdaLN),
GroupNorm, sparsemax, fused cross-entropy + TVD, GRPO, the fused linear KL and JSD, the MLPs and the
chunked distillation losses, on CPU tensors, against float64 PyTorch
formulas written here (values and every gradient), the modules, torch.compile, and bad inputs. Skipped when torch is absent."""

import math

import pytest

torch = pytest.importorskip("torch", reason="torch is not installed: the metile.torch tests are skipped")

import metile  # noqa: E402
import metile.torch as mt  # noqa: E402
from metile.torch import functional as F  # noqa: E402
from test_torch import DT, close, compare, gen, rms_ref  # noqa: E402


def modulated_ref(x, w, scale, shift, eps, offset=0.0):
    """AdaLN in float64; ``scale``/``shift`` broadcast over each row group (x ``[B, T, N]``,
    modulation ``[N]``, ``[B, N]`` or ``[B, T, N]``)."""
    o = rms_ref(x, w if w is not None else torch.ones(x.shape[-1], dtype=x.dtype), eps, offset)
    expand = (lambda m: m[:, None, :]) if scale.dim() == 2 and scale.shape[0] == x.shape[0] else (lambda m: m)
    y = o * (1 + expand(scale))
    return y if shift is None else y + expand(shift)


@pytest.mark.parametrize("dtype", DT)
@pytest.mark.parametrize("rows", ["shared", "sequence", "token"])
def test_modulated_rms_norm(dtype, rows):
    """Value and the gradients of x, weight, scale and shift, for modulation rows shared by all
    rows, one per sequence and one per token."""
    b, t, n = 2, 3, 40
    mod = {"shared": (n,), "sequence": (b, n), "token": (b, t, n)}[rows]
    x, w = gen(b, t, n, scale=2.0), 1 + gen(n, seed=1, scale=0.1)
    scale, shift = gen(*mod, seed=2, scale=0.3), gen(*mod, seed=3)
    fn = lambda x, w, s, h: F.modulated_rms_norm(x, w, s, h, eps=1e-6, offset=0.5)
    ref = lambda x, w, s, h: modulated_ref(x, w, s, h, 1e-6, 0.5)
    compare(fn, ref, [x, w, scale, shift], dtype)


def test_modulated_rms_norm_without_weight_or_shift():
    x, scale = gen(2, 5, 16), gen(16, seed=1, scale=0.5)
    compare(lambda x, s: F.modulated_rms_norm(x, None, s), lambda x, s: modulated_ref(x, None, s, None, 1e-6),
            [x, scale], torch.float32)


@pytest.mark.parametrize("dtype", DT)
@pytest.mark.parametrize("shape,groups", [((2, 8, 10), 4), ((3, 6, 4, 5), 3), ((1, 4, 1), 1)])
def test_group_norm(dtype, shape, groups):
    """Value and the gradients of x, weight and bias against F.group_norm in float64 (3-D and
    4-D inputs, one-element groups' spatial extent)."""
    c = shape[1]
    x, w, b = gen(*shape, scale=3.0) + 1.0, gen(c, seed=1), gen(c, seed=2)
    compare(lambda x, w, b: F.group_norm(x, w, b, groups, 1e-5),
            lambda x, w, b: torch.nn.functional.group_norm(x, groups, w, b, 1e-5), [x, w, b], dtype)


def sparsemax_ref(z):
    """Sparsemax over the last axis from the sort (Martins and Astudillo), differentiable by
    autograd almost everywhere."""
    s, _ = torch.sort(z, dim=-1, descending=True)
    k = torch.arange(1, z.shape[-1] + 1, dtype=z.dtype)
    cum = s.cumsum(-1)
    support = (1 + k * s > cum).to(z.dtype)
    kz = support.sum(-1, keepdim=True)
    tau = ((s * support).sum(-1, keepdim=True) - 1) / kz
    return torch.clamp(z - tau, min=0)


@pytest.mark.parametrize("dtype", DT)
def test_sparsemax(dtype):
    """Value and gradient over the last axis and along another axis."""
    x = gen(4, 7, 50, scale=2.0)
    compare(F.sparsemax, sparsemax_ref, [x], dtype)
    compare(lambda x: F.sparsemax(x, dim=1), lambda x: sparsemax_ref(x.movedim(1, -1)).movedim(-1, 1), [x], dtype)
    y = F.sparsemax(x.float())
    assert torch.allclose(y.sum(-1), torch.ones(4, 7), atol=1e-5) and (y == 0).any()


def ce_tvd_ref(s, t, y, ignore_index=-100):
    keep = (y != ignore_index).to(s.dtype)
    ce = torch.nn.functional.cross_entropy(s, y.clamp(min=0), reduction="none") * keep
    tvd = 0.5 * (torch.softmax(s, -1) - torch.softmax(t, -1)).abs().sum(-1) * keep
    return ce, tvd


@pytest.mark.parametrize("dtype", DT)
def test_fused_ce_tvd(dtype):
    """Both per-row outputs and the student's gradient under random cotangents of each, with an
    ignored row; the teacher gets no gradient."""
    s, t = gen(6, 33, scale=2.0), gen(6, 33, seed=1, scale=2.0)
    y = torch.tensor([0, 5, -100, 32, 7, 7])
    s_low, t_low = s.to(dtype).requires_grad_(), t.to(dtype).requires_grad_()
    s_ref, t_ref = s_low.detach().double().requires_grad_(), t_low.detach().double()
    ce, tvd = F.fused_ce_tvd(s_low, t_low, y)
    ce_w, tvd_w = ce_tvd_ref(s_ref, t_ref, y)
    close(ce, ce_w, torch.float32, 64.0, "ce", floor=1.0)
    close(tvd, tvd_w, torch.float32, 64.0, "tvd", floor=1.0)
    assert ce.dtype == tvd.dtype == torch.float32 and ce[2] == 0 and tvd[2] == 0
    # Each output's gradient alone (the TVD term's is small beside the cross-entropy's).
    for i, cot in enumerate([gen(6, seed=4), gen(6, seed=5)]):
        s_low.grad = s_ref.grad = None
        ce, tvd = F.fused_ce_tvd(s_low, t_low, y)
        ce_w, tvd_w = ce_tvd_ref(s_ref, t_ref, y)
        ((ce, tvd)[i] * cot.float()).sum().backward()
        ((ce_w, tvd_w)[i] * cot).sum().backward()
        close(s_low.grad, s_ref.grad, dtype, 16.0, ("dce", "dtvd")[i] + " -> dstudent")
    assert s_low.grad.dtype == dtype and t_low.grad is None
    assert s_low.grad[2].eq(0).all()


def test_modules():
    g = mt.GroupNorm(8, 4, eps=1e-5)
    assert dict((n, tuple(p.shape)) for n, p in g.named_parameters()) == {"weight": (8,), "bias": (8,)}
    x = gen(2, 8, 6).float()
    assert torch.equal(g(x), F.group_norm(x, g.weight, g.bias, 4, 1e-5))
    with pytest.raises(ValueError, match="multiple"):
        mt.GroupNorm(6, 4)
    assert torch.equal(mt.Sparsemax(dim=0)(x[0]), F.sparsemax(x[0], dim=0))
    s, t, y = gen(3, 10).float(), gen(3, 10, seed=1).float(), torch.tensor([1, -100, 9])
    ce, tvd = mt.FusedCETVDLoss()(s, t, y)
    assert torch.equal(ce, F.fused_ce_tvd(s, t, y)[0]) and torch.equal(tvd, F.fused_ce_tvd(s, t, y)[1])


def test_bad_inputs_raise_typed_errors():
    x = torch.ones(2, 3, 8)
    with pytest.raises(metile.InputError, match="scale"):
        F.modulated_rms_norm(x, None, torch.ones(4, 8))  # 4 modulation rows do not divide 6 rows
    with pytest.raises(metile.MetileError):
        F.group_norm(torch.ones(2, 6, 4), torch.ones(6), torch.ones(6), 4)  # 6 channels in 4 groups
    with pytest.raises(metile.InputError, match="target"):
        F.fused_ce_tvd(torch.ones(2, 5), torch.ones(2, 5), torch.tensor([0, 5]))


def test_custom_ops_are_registered():
    for name in ("modulated_rms_norm_fwd", "modulated_rms_norm_bwd", "group_norm_fwd", "group_norm_bwd",
                 "sparsemax_fwd", "sparsemax_bwd", "fused_ce_tvd_fwd", "fused_ce_tvd_bwd"):
        assert hasattr(torch.ops.metile, name)


def test_torch_compile():
    """Each operator stays one opaque node under torch.compile (fullgraph) and gives the eager
    results."""
    x, s = torch.randn(2, 3, 16), torch.randn(16)
    w, b = torch.randn(16), torch.randn(16)

    def f(x, s, w, b):
        a = F.modulated_rms_norm(x, None, s)
        g = F.group_norm(x.transpose(1, 2).contiguous(), w, b, 4)
        return a.sum() + g.sum() + F.sparsemax(x).sum()

    want = f(x, s, w, b)
    got = torch.compile(f, fullgraph=True, backend="eager")(x, s, w, b)
    assert torch.allclose(got, want)


def grpo_ref(z, old, ref, ids, adv, mask, t=0.9, beta=0.04, lo=0.2, hi=0.4):
    """Per-token DAPO loss times the mask in float64 (PARITY.md 4.9), the detached ratio base
    as Liger's (``old`` given)."""
    logp = torch.log_softmax(z[:, :-1] / t, -1).gather(-1, ids.unsqueeze(-1)).squeeze(-1)
    r = torch.exp(logp - old)
    a = adv.unsqueeze(1)
    loss = -torch.minimum(r * a, r.clamp(1 - lo, 1 + hi) * a)
    d = ref - logp
    return (loss + beta * (torch.exp(d) - d - 1)) * mask


@pytest.mark.parametrize("dtype", DT)
def test_grpo_loss(dtype):
    """The per-token loss and the logits' gradient under a random cotangent, with masked tokens
    (whose ids may be anything) and ratios on both sides of the clip range."""
    b, n, v = 3, 5, 37
    z = gen(b, n + 1, v, scale=2.0)
    ids = torch.randint(0, v, (b, n), generator=torch.Generator().manual_seed(1))
    mask = torch.tensor([[1, 1, 1, 0, 0], [1, 1, 1, 1, 1], [1, 0, 0, 0, 0]], dtype=torch.int32)
    ids[mask == 0] = 10**6  # masked tokens' ids are never read
    logp = torch.log_softmax(z[:, :-1] / 0.9, -1).gather(-1, ids.clamp(max=v - 1).unsqueeze(-1)).squeeze(-1)
    old, ref = logp + 0.4 * gen(b, n, seed=2), logp + 0.3 * gen(b, n, seed=3)
    adv = gen(b, seed=4)
    z_low = z.to(dtype).requires_grad_()
    z_ref = z_low.detach().double().requires_grad_()
    loss, kl, clipped = F.grpo_loss(z_low, old.float(), ref.float(), ids, adv.float(), mask)
    want = grpo_ref(z_ref, old, ref, ids.clamp(max=v - 1), adv, mask.double())
    close(loss, want, torch.float32, 64.0, "loss")
    assert loss.dtype == kl.dtype == clipped.dtype == torch.float32 and loss.shape == (b, n)
    assert not kl.requires_grad and not clipped.requires_grad
    cot = gen(b, n, seed=5)
    (loss * cot.float()).sum().backward()
    (want * cot).sum().backward()
    close(z_low.grad, z_ref.grad, dtype, 16.0, "dlogits")
    assert z_low.grad[:, -1].eq(0).all() and z_low.grad[0, 3:5].eq(0).all()


@pytest.mark.parametrize("dtype", DT)
def test_fused_linear_kl_div(dtype):
    """The loss and the gradients of the hidden states and the weight against the materialised
    float64 formula, with an ignored row, a temperature and chunks smaller than the rows."""
    n, h, v = 7, 16, 41
    x, w = gen(n, h), gen(v, h, seed=1, scale=0.3)
    q = torch.softmax(gen(n, v, seed=2, scale=2.0), -1)
    labels = torch.tensor([1, -100, 3, 4, 5, 6, 7])

    def ref(x, w):
        keep = (labels != -100).double()
        logq = torch.log(q.clamp(min=1e-10))
        z = (x @ w.T) / 0.7
        per_row = (q * (logq - z)).sum(-1) + torch.logsumexp(z, -1) * q.sum(-1)
        return (per_row * keep).sum() / keep.sum()

    def fn(x, w):
        return ops_flkl(x, w, q.to(dtype), labels)

    compare(fn, ref, [x, w], dtype)


def ops_flkl(x, w, q, labels):
    return mt.ops.FusedLinearKLDivFunction.apply(x, w, q, labels, "batchmean", -100, 0.7, 1e-10, 3, 16)


@pytest.mark.parametrize("dtype", DT)
@pytest.mark.parametrize("beta", [0.0, 0.3, 1.0])
def test_fused_linear_jsd(dtype, beta):
    """The loss and the student's gradients against the materialised float64 generalised JSD
    (``beta KL(P||M) + (1 - beta) KL(Q||M)``, Q the student), a teacher of another width, an
    ignored row and a temperature; the teacher gets no gradient."""
    n, hs, ht, v = 6, 12, 20, 33
    xs, ws = gen(n, hs), gen(v, hs, seed=1, scale=0.3)
    xt, wt = gen(n, ht, seed=2).to(dtype), (gen(v, ht, seed=3, scale=0.3)).to(dtype)
    labels = torch.tensor([1, 2, -100, 4, 5, 6])

    def ref(xs, ws):
        x = torch.log_softmax((xs @ ws.T) / 0.8, -1)
        y = torch.log_softmax((xt.double() @ wt.double().T) / 0.8, -1)
        q, p = x.exp(), y.exp()
        if beta == 0:
            e = p * (y - x)
        elif beta == 1:
            e = q * (x - y)
        else:
            log_m = torch.log(beta * p + (1 - beta) * q)
            e = beta * p * (y - log_m) + (1 - beta) * q * (x - log_m)
        keep = (labels != -100).double()
        return (e.sum(-1) * keep).sum() / keep.sum()

    fn = lambda xs, ws: F.fused_linear_jsd(xs, ws, xt, wt, labels, jsd_beta=beta, temperature=0.8)
    compare(fn, ref, [xs, ws], dtype)


def mlp_ref(x, wg, wu, wd, gm=1.0, dm=1.0, activation="swiglu"):
    """The gated MLP in float64 (PARITY.md 7.1)."""
    g = gm * (x @ wg.t())
    a = torch.nn.functional.silu(g) if activation == "swiglu" else torch.nn.functional.gelu(g, approximate="tanh")
    return (a * (x @ wu.t()) * dm) @ wd.t()


@pytest.mark.parametrize("dtype", DT)
@pytest.mark.parametrize("activation", ["swiglu", "geglu"])
@pytest.mark.parametrize("tiled", [False, True])
def test_mlp(dtype, activation, tiled):
    """Value and the gradients of x and the three weights against float64, multipliers != 1,
    ragged sizes (17 rows in 3 shards for the tiled form); the fused form's backward writes
    [dG | dU] over its saved preactivations."""
    x = gen(17, 24, scale=1.0)
    wg, wu, wd = gen(40, 24, seed=1, scale=0.3), gen(40, 24, seed=2, scale=0.3), gen(24, 40, seed=3, scale=0.3)
    if tiled:
        fn = lambda x, wg, wu, wd: F.tiled_mlp(x, wg, wu, wd, 1.5, 0.5, activation, shards=3)
    else:
        fn = lambda x, wg, wu, wd: F.fused_mlp(x, wg, wu, wd, 1.5, 0.5, activation)
    compare(fn, lambda x, wg, wu, wd: mlp_ref(x, wg, wu, wd, 1.5, 0.5, activation), [x, wg, wu, wd], dtype)


def test_mlp_bad_inputs_and_compile():
    x, w = torch.ones(3, 8), torch.ones(5, 8)
    with pytest.raises(metile.MetileError):
        F.fused_mlp(x, w, w, torch.ones(8, 4))  # down weight [dim, I] with I = 4, not 5
    with pytest.raises(metile.MetileError):
        F.tiled_mlp(x, w, w, torch.ones(8, 5), shards=0)
    for name in ("mlp_fwd", "mlp_bwd", "tiled_mlp_fwd", "tiled_mlp_bwd"):
        assert hasattr(torch.ops.metile, name)
    x, wg, wu, wd = torch.randn(4, 8), torch.randn(6, 8), torch.randn(6, 8), torch.randn(8, 6)
    f = lambda *a: F.fused_mlp(*a).sum() + F.tiled_mlp(*a, shards=2).sum()
    assert torch.allclose(torch.compile(f, fullgraph=True, backend="eager")(x, wg, wu, wd), f(x, wg, wu, wd))


def distill_ref(kind, h, w, ht, wt, y, wh=0.5, ws=0.5, beta=0.5, t=1.0, ignore=-100):
    """Liger's chunked distillation loss in float64 (PARITY.md 5.3): the hard NLL on the
    unscaled student logits, the soft JSD or cosine on logits / t (the student zero-padded to the
    teacher's vocabulary), each summed over the rows not ignored and divided by their count."""
    z, u = h @ w.t(), ht @ wt.t()
    valid = y != ignore
    n = max(int(valid.sum()), 1)
    lz = torch.log_softmax(z, -1)
    hard = -(lz.gather(-1, y.clamp_min(0).unsqueeze(-1)).squeeze(-1) * valid).sum() / n
    s = torch.nn.functional.pad(z / t, (0, u.shape[-1] - z.shape[-1]))
    tt = u / t
    if kind == "chunked_jsd":
        x, yy = torch.log_softmax(s, -1), torch.log_softmax(tt, -1)
        if beta == 0:
            row = (yy.exp() * (yy - x)).sum(-1)
        elif beta == 1:
            row = (x.exp() * (x - yy)).sum(-1)
        else:
            log_m = torch.logsumexp(torch.stack([yy + math.log(beta), x + math.log(1 - beta)]), 0)
            row = (beta * yy.exp() * (yy - log_m) + (1 - beta) * x.exp() * (x - log_m)).sum(-1)
    else:
        row = beta * (1 - torch.nn.functional.cosine_similarity(s, tt, dim=-1))
    return wh * hard + ws * (row * valid).sum() / n


@pytest.mark.parametrize("dtype", DT)
@pytest.mark.parametrize("kind,beta", [("chunked_jsd", 0.5), ("chunked_jsd", 0.0), ("chunked_jsd", 1.0),
                                       ("chunked_cosine_similarity", 0.7)])
def test_chunked_distillation(dtype, kind, beta):
    """The loss and the student's input, weight and bias gradients against float64, temperature
    2, an ignored row, a teacher vocabulary wider than the student's (zero padding), chunks of 4
    rows over 11."""
    h, w, b = gen(11, 24), gen(50, 24, seed=1, scale=0.3), gen(50, seed=2, scale=0.1)
    ht, wt = gen(11, 20, seed=3), gen(53, 20, seed=4, scale=0.3)
    y = torch.tensor([3, -100, 0, 49, 12, 5, 7, 1, 2, 30, 44])
    fn = F.chunked_jsd if kind == "chunked_jsd" else F.chunked_cosine_similarity
    ours = lambda h, w, b: fn(h, w, ht.to(h.dtype), wt.to(h.dtype), y, student_bias=b, weight_hard_loss=0.3,
                              weight_soft_loss=0.7, beta=beta, temperature=2.0, chunk_size=4)

    def ref(h, w, b):
        # The bias as one more input column of ones, so that distill_ref's logits include it.
        hb = torch.cat([h, torch.ones(h.shape[0], 1, dtype=h.dtype)], -1)
        wb = torch.cat([w, b[:, None]], -1)
        return distill_ref(kind, hb, wb, ht.to(dtype).double(), wt.to(dtype).double(), y, 0.3, 0.7, beta, 2.0)

    compare(ours, ref, [h, w, b], dtype, floor=0.0)


def preference_ref(kind, h, w, tg, ref=None, beta=0.1, alpha=1.0, nll=False, average=False, ls=0.0, gamma=0.5):
    """Liger's paired preference losses in float64 (PARITY.md 5.1): per-sequence masked
    log-probabilities (averaged where the loss says), the chosen half's NLL over its unmasked
    tokens, and the mean pair loss."""
    def seq_logps(h, w):
        lz = torch.log_softmax(h @ w.t(), -1)
        mask = tg != -100
        tok = lz.gather(-1, tg.clamp_min(0).unsqueeze(-1)).squeeze(-1) * mask
        lp = tok.sum(-1)
        return (lp / mask.sum(-1).clamp_min(1) if average else lp), tok, mask

    lp, tok, mask = seq_logps(h, w)
    b = h.shape[0] // 2
    c, r = lp[:b], lp[b:]
    ls_ = torch.nn.functional.logsigmoid
    if kind == "chunked_dpo":
        with torch.no_grad():
            rlp = seq_logps(*ref)[0] if ref is not None else torch.zeros_like(lp)
        pair = -ls_(beta * ((c - rlp[:b]) - (r - rlp[b:])))
    elif kind == "chunked_orpo":
        lo = (c - r) - (torch.log1p(-torch.exp(c)) - torch.log1p(-torch.exp(r)))
        pair = -beta * ls_(lo)
    else:
        d = beta * (c - r) - (gamma if kind == "chunked_simpo" else 0.0)
        pair = -(1 - ls) * ls_(d) - ls * ls_(-d)
    n = -tok[:b].sum() / mask[:b].sum() if nll else 0.0
    return alpha * n + pair.mean()


@pytest.mark.parametrize("dtype", DT)
@pytest.mark.parametrize("kind", ["chunked_dpo", "chunked_cpo", "chunked_orpo", "chunked_simpo"])
def test_chunked_preference(dtype, kind):
    """The loss and the hidden and weight gradients against float64: 3 pairs of 5 tokens with
    masked tokens, chunks of 2 pairs, DPO with a reference model and NLL, CPO with label
    smoothing, ORPO and SimPO with their length averaging."""
    h, w = gen(6, 5, 16), gen(30, 16, seed=1, scale=0.4)
    tg = torch.randint(0, 30, (6, 5), generator=torch.Generator().manual_seed(5))
    tg[0, 4], tg[3, 0], tg[5, 2] = -100, -100, -100
    rh, rw = gen(6, 5, 12, seed=2), gen(30, 12, seed=3, scale=0.4)
    if kind == "chunked_dpo":
        ours = lambda h, w: F.chunked_dpo(h, w, tg, ref_input=rh.to(h.dtype), ref_weight=rw.to(h.dtype),
                                          compute_nll_loss=True, alpha=0.7, chunk_size=2)[0]
        ref = lambda h, w: preference_ref(kind, h, w, tg, (rh.to(dtype).double(), rw.to(dtype).double()),
                                          alpha=0.7, nll=True)
    elif kind == "chunked_cpo":
        ours = lambda h, w: F.chunked_cpo(h, w, tg, label_smoothing=0.2, chunk_size=2)[0]
        ref = lambda h, w: preference_ref(kind, h, w, tg, nll=True, ls=0.2)
    elif kind == "chunked_orpo":
        ours = lambda h, w: F.chunked_orpo(h, w, tg, chunk_size=2)[0]
        ref = lambda h, w: preference_ref(kind, h, w, tg, nll=True, average=True)
    else:
        ours = lambda h, w: F.chunked_simpo(h, w, tg, chunk_size=2)[0]
        ref = lambda h, w: preference_ref(kind, h, w, tg, average=True)
    compare(ours, ref, [h, w], dtype, floor=0.0)


def test_chunked_preference_outputs():
    """Liger's output structure: (loss, (chosen_logps [B], rejected_logps [B], chosen mean,
    rejected mean, nll, *aux)), ORPO with two more; an odd batch is a typed error."""
    h, w = torch.randn(4, 3, 8), torch.randn(10, 8)
    tg = torch.randint(0, 10, (4, 3))
    loss, aux = F.chunked_dpo(h, w, tg)
    assert loss.dim() == 0 and len(aux) == 7 and aux[0].shape == (2,)
    assert len(F.chunked_orpo(h, w, tg)[1]) == 9
    with pytest.raises(metile.MetileError):
        F.chunked_cpo(torch.randn(3, 3, 8), w, torch.randint(0, 10, (3, 3)))


@pytest.mark.parametrize("dtype", DT)
def test_chunked_kto(dtype):
    """KTO's loss and gradients against float64: 4 sequences (two desirable), a reference
    model, a scalar kl, a masked token, chunks of 3 sequences."""
    h, w = gen(4, 5, 16), gen(30, 16, seed=1, scale=0.4)
    tg = torch.randint(0, 30, (4, 5), generator=torch.Generator().manual_seed(6))
    tg[1, 3] = -100
    labels = torch.tensor([True, False, True, False])
    rh, rw = gen(4, 5, 12, seed=2), gen(30, 12, seed=3, scale=0.4)

    def lp_of(h, w):
        lz = torch.log_softmax(h @ w.t(), -1)
        return (lz.gather(-1, tg.clamp_min(0).unsqueeze(-1)).squeeze(-1) * (tg != -100)).sum(-1)

    def ref(h, w):
        with torch.no_grad():
            lr_ref = lp_of(rh.to(dtype).double(), rw.to(dtype).double())
        sign = labels.double() * 2 - 1
        return (1 - torch.sigmoid(0.1 * (lp_of(h, w) - lr_ref - 0.05) * sign)).mean()

    ours = lambda h, w: F.chunked_kto(h, w, tg, labels, ref_input=rh.to(h.dtype), ref_weight=rw.to(h.dtype), kl=0.05,
                                      chunk_size=3)[0]
    compare(ours, ref, [h, w], dtype, floor=0.0)
