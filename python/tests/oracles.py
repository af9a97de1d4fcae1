"""Independent FP64 NumPy oracles for the metile operators, written from the contracts (never
from the library's code), and the helpers the tests share: storage rounding per dtype, unit
roundoffs, and a directional finite-difference check of gradients."""

import math

import numpy as np

# Unit roundoff of each storage dtype (half a unit in the last place at 1).
UNIT = {"f32": 2.0**-24, "f16": 2.0**-11, "bf16": 2.0**-8}
DTYPES = ("f32", "f16", "bf16")


def bf16_bits(x):
    """float32 values rounded to nearest even bfloat16, as uint16 bit patterns."""
    u = np.ascontiguousarray(x, dtype=np.float32).view(np.uint32).astype(np.uint64)
    rounded = (u + 0x7FFF + ((u >> 16) & 1)) >> 16
    return rounded.astype(np.uint16)


def bf16_value(bits):
    """uint16 bfloat16 bit patterns as float32 values."""
    return (np.asarray(bits).astype(np.uint32) << 16).view(np.float32)


def store(x, dtype):
    """``(array to pass to metile, its exact values in float64)`` for float32 data ``x``
    rounded to storage ``dtype`` (bf16 goes as uint16 bit patterns, the convention without
    ml_dtypes)."""
    x = np.asarray(x, dtype=np.float32)
    if dtype == "f32":
        return x, x.astype(np.float64)
    if dtype == "f16":
        h = x.astype(np.float16)
        return h, h.astype(np.float64)
    bits = bf16_bits(x)
    return bits, bf16_value(bits).astype(np.float64)


def value(array):
    """Values of a metile result (bf16 as uint16 bits or ml_dtypes) in float64."""
    a = np.asarray(array)
    if a.dtype == np.uint16:
        return bf16_value(a).astype(np.float64)
    return a.astype(np.float64)


def assert_close(got, want, dtype, k=4.0, what="value"):
    """``got`` within ``k`` unit roundoffs of ``dtype`` of ``want``, relative to ``want``'s
    largest magnitude (at least 1)."""
    got, want = value(got), np.asarray(want, dtype=np.float64)
    assert got.shape == want.shape, f"{what}: shape {got.shape} != {want.shape}"
    assert np.all(np.isfinite(got)), f"{what}: non-finite values"
    scale = max(1.0, float(np.max(np.abs(want), initial=0.0)))
    err = float(np.max(np.abs(got - want), initial=0.0))
    bound = k * UNIT[dtype] * scale
    assert err <= bound, f"{what}: max error {err:.3g} > {bound:.3g} ({k} u_{dtype} x {scale:.3g})"


def check_gradients(loss, point, grads, dtype, k=16.0, directions=3, seed=0, magnitude=None):
    """Checks gradients against central finite differences of an FP64 oracle.

    ``loss(values) -> float`` is the oracle's scalar ``sum(cotangent * f(values))``; ``point``
    maps input names to float64 values; ``grads`` the library's gradients for those names. For
    random directions ``v``, ``sum_i <grads_i, v_i>`` must match ``(loss(p + h v) - loss(p - h
    v)) / 2h`` within six standard deviations of what elementwise errors of ``k`` unit roundoffs
    of ``dtype`` (one, or one per gradient by name) can add: ``6 k u ||m_i||_2``, where ``m_i`` is
    ``|grads_i|``, or ``magnitude[i]`` when given: the size of the terms a gradient is the
    difference of, when that difference cancels (an RMSNorm row of one column).
    """
    magnitude = magnitude or {}
    unit = {n: UNIT[dtype[n] if isinstance(dtype, dict) else dtype] for n in grads}
    rng = np.random.default_rng(seed)
    h = 1e-6
    for _ in range(directions):
        v = {n: rng.standard_normal(np.shape(point[n])) for n in grads}
        plus = {n: p + h * v[n] if n in v else p for n, p in point.items()}
        minus = {n: p - h * v[n] if n in v else p for n, p in point.items()}
        fd = (loss(plus) - loss(minus)) / (2 * h)
        dot = sum(float(np.sum(value(grads[n]) * v[n])) for n in grads)
        # Elementwise errors e_i <= k u m_i, fixed before v is drawn: sum_i e_i v_i is normal with
        # standard deviation at most k u ||m||_2, so 6 of those bound it; a wrong gradient errs by
        # about its own norm and fails. (The worst case sum_i k u |m_i v_i| grows like n, not
        # sqrt(n), and let a sign-flipped gradient pass.)
        bound = 1e-7 * (abs(fd) + 1) + 6.0 * k * sum(
            unit[n] * float(np.sqrt(np.sum(np.square(magnitude.get(n, value(grads[n])))))) for n in grads
        )
        assert abs(dot - fd) <= bound, f"directional derivative {dot:.9g} vs finite difference {fd:.9g}"


# ---- forward oracles (float64) ----------------------------------------------------------------


def rms_norm(x, w=None, eps=1e-5, offset=0.0):
    inv = 1.0 / np.sqrt(np.mean(x * x, axis=-1, keepdims=True) + eps)
    return x * inv * ((offset + w) if w is not None else 1.0)


def layer_norm(x, w, b, eps=1e-5):
    c = x - np.mean(x, axis=-1, keepdims=True)
    return c / np.sqrt(np.mean(c * c, axis=-1, keepdims=True) + eps) * w + b


def sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


ACTIVATIONS = {
    "sigmoid": sigmoid,
    "tanh": np.tanh,
    "relu": lambda x: np.maximum(x, 0.0),
    "relu_squared": lambda x: np.maximum(x, 0.0) ** 2,
    "silu": lambda x: x * sigmoid(x),
    "gelu_tanh": lambda x: 0.5 * x * (1 + np.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x**3))),
    "gelu_erf": lambda x: 0.5 * x * (1 + np.vectorize(math.erf)(x / math.sqrt(2))),
    "quick_gelu": lambda x: x * sigmoid(1.702 * x),
}


def softmax(x):
    e = np.exp(x - np.max(x, axis=-1, keepdims=True))
    return e / np.sum(e, axis=-1, keepdims=True)


def log_softmax(x):
    m = np.max(x, axis=-1, keepdims=True)
    return x - m - np.log(np.sum(np.exp(x - m), axis=-1, keepdims=True))


def cross_entropy(logits, target, weight=None, ignore_index=-100, label_smoothing=0.0,
                  lse_square_scale=0.0, softcap=None, reduction="mean"):
    """Per the contract: returns the reduced loss (or per-row losses under ``none``)."""
    z = softcap * np.tanh(logits / softcap) if softcap else logits
    v = z.shape[-1]
    z = z.reshape(-1, v)
    t = np.asarray(target).reshape(-1)
    w = np.ones(v) if weight is None else np.asarray(weight, dtype=np.float64)
    m = np.max(z, axis=-1)
    lse = m + np.log(np.sum(np.exp(z - m[:, None]), axis=-1))
    valid = t != ignore_index
    ty = np.where(valid, t, 0)
    eps = label_smoothing / v
    ce = (1 - label_smoothing) * w[ty] * (lse - z[np.arange(len(t)), ty]) + eps * (
        lse * w.sum() - z @ w
    )
    zl = lse_square_scale * lse**2
    ce, zl = np.where(valid, ce, 0.0), np.where(valid, zl, 0.0)
    if reduction == "none":
        return (ce + zl).reshape(np.shape(target))
    if reduction == "sum":
        return ce.sum() + zl.sum()
    n = valid.sum()
    wsum = w[ty][valid].sum()
    return (ce.sum() / wsum if wsum != 0 else 0.0) + (zl.sum() / n if n else 0.0)


def rotate_half(x):
    h = x.shape[-1] // 2
    return np.concatenate([-x[..., h:], x[..., :h]], axis=-1)


def rope(x, cos, sin):
    """x ``[B, H, T, D]``, tables ``[1 or B, T, R]``: rotate-half on the first R columns."""
    r = cos.shape[-1]
    c, s = cos[:, None], sin[:, None]
    head = x[..., :r] * c + rotate_half(x[..., :r]) * s
    return np.concatenate([head, x[..., r:]], axis=-1)


def attention(q, k, v, causal=False, scale=None, offset=None):
    """Causal rows attend keys ``j <= i + offset`` (``offset`` default ``S - T``)."""
    b, hq, t, d = q.shape
    hkv, s = k.shape[1], k.shape[2]
    g = hq // hkv
    kk, vv = np.repeat(k, g, axis=1), np.repeat(v, g, axis=1)
    scores = (q @ kk.transpose(0, 1, 3, 2)) * (scale if scale else 1 / math.sqrt(d))
    if causal:
        offset = s - t if offset is None else offset
        mask = np.arange(s)[None, :] > np.arange(t)[:, None] + offset
        scores = np.where(mask, -np.inf, scores)
    return softmax(scores) @ vv


def mrope(x, cos, sin, section):
    """Qwen2-VL mRoPE as HF writes it (``apply_multimodal_rotary_pos_emb``): the section list
    doubled splits the last axis of the ``[3, B, T, D]`` tables into chunks, chunk ``i`` taken from
    plane ``i % 3`` (temporal, height, width), then rotate-half RoPE of ``x [B, H, T, D]``."""
    cuts = np.cumsum(list(section) * 2)[:-1]

    def pick(table):
        return np.concatenate([c[i % 3] for i, c in enumerate(np.split(table, cuts, axis=-1))], axis=-1)

    return rope(x, pick(cos), pick(sin))


def gelu_tanh_derivative(x):
    """d/dx of ``ACTIVATIONS["gelu_tanh"]``."""
    k, c = math.sqrt(2 / math.pi), 0.044715
    t = np.tanh(k * (x + c * x**3))
    return 0.5 * (1 + t) + 0.5 * x * (1 - t * t) * k * (1 + 3 * c * x * x)


def attention_backward(q, k, v, do, causal=False, scale=None):
    """Gradients ``(dq, dk, dv)`` of ``sum(do * attention(q, k, v))`` by the chain rule, and the
    sizes of the terms each element sums (``p |v|`` for ``o``; for the gradients the same sums
    over absolute values, ``ds`` taken as ``p (|do| |v| + |do| . |o|)``), which bound the rounding
    of a kernel that forms them: ``(grads, magnitudes)`` with ``magnitudes`` keyed o, dq, dk, dv."""
    b, hq, t, d = q.shape
    g = hq // k.shape[1]
    kk, vv = np.repeat(k, g, axis=1), np.repeat(v, g, axis=1)
    scale = scale if scale else 1 / math.sqrt(d)
    scores = (q @ kk.transpose(0, 1, 3, 2)) * scale
    if causal:
        s = k.shape[2]
        mask = np.arange(s)[None, :] > np.arange(t)[:, None] + (s - t)
        scores = np.where(mask, -np.inf, scores)
    p = softmax(scores)
    o = p @ vv
    dp = do @ vv.transpose(0, 1, 3, 2)
    delta = np.sum(do * o, axis=-1, keepdims=True)
    ds = p * (dp - delta)
    dq = scale * ds @ kk
    fold = lambda a: a.reshape(b, k.shape[1], g, *a.shape[2:]).sum(axis=2)  # sum a KV head's group
    dk = fold(scale * ds.transpose(0, 1, 3, 2) @ q)
    dv = fold(p.transpose(0, 1, 3, 2) @ do)
    ads = p * (np.abs(do) @ np.abs(vv).transpose(0, 1, 3, 2) + np.sum(np.abs(do * o), axis=-1, keepdims=True))
    mags = {
        "o": p @ np.abs(vv),
        "dq": abs(scale) * ads @ np.abs(kk),
        "dk": fold(abs(scale) * ads.transpose(0, 1, 3, 2) @ np.abs(q)),
        "dv": fold(p.transpose(0, 1, 3, 2) @ np.abs(do)),
    }
    return (dq, dk, dv), mags


# ---- distribution losses (float64) ------------------------------------------------------------


def _rows_kept(shape, labels, ignore_index):
    """A ``[..., 1]`` 0/1 mask of the rows whose label is not ``ignore_index`` (all without
    labels), and their count."""
    rows = shape[:-1]
    keep = np.ones(rows) if labels is None else (np.asarray(labels) != ignore_index).astype(np.float64)
    return keep[..., None], int(keep.sum())


def _divided(total, divisor):
    return total / divisor if divisor else 0.0


def kl_div(y_pred, y_true, reduction="mean", log_target=False, eps=1e-10):
    """``KL(true || pred)`` elementwise with ``y_pred`` log-probabilities: ``p (log p - y)``,
    ``p = y_true`` (floored at ``eps`` inside the log) or ``exp(y_true)`` with ``log_target``."""
    if log_target:
        p, log_p = np.exp(y_true), y_true
    else:
        p, log_p = y_true, np.log(np.maximum(y_true, eps))
    e = p * (log_p - y_pred)
    if reduction == "none":
        return e
    rows = e.size // e.shape[-1]
    return _divided(e.sum(), {"sum": 1, "mean": e.size, "batchmean": rows}[reduction])


def jsd(x, y, labels=None, beta=0.5, ignore_index=-100):
    """Generalised JSD of ``Q = exp(x)`` (student) and ``P = exp(y)`` (teacher): ``beta KL(P||M)
    + (1 - beta) KL(Q||M)`` with ``M = beta P + (1 - beta) Q`` (``KL(P||Q)`` at 0, ``KL(Q||P)``
    at 1), per row, averaged over the rows kept."""
    q, p = np.exp(x), np.exp(y)
    if beta == 0:
        e = p * (y - x)
    elif beta == 1:
        e = q * (x - y)
    else:
        log_m = np.log(beta * p + (1 - beta) * q)
        e = beta * p * (y - log_m) + (1 - beta) * q * (x - log_m)
    keep, n = _rows_kept(np.shape(x), labels, ignore_index)
    return _divided(np.sum(e * keep), n)


def tvd(p, q, labels=None, reduction="mean", ignore_index=-100):
    """Total variation ``|p - q| / 2`` elementwise, 0 on the rows not kept; ``mean`` divides by
    the kept rows times V, ``batchmean`` by the kept rows."""
    keep, n = _rows_kept(np.shape(p), labels, ignore_index)
    e = 0.5 * np.abs(p - q) * keep
    if reduction == "none":
        return e
    return _divided(e.sum(), {"sum": 1, "mean": n * e.shape[-1], "batchmean": n}[reduction])
