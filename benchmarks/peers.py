#!/usr/bin/env python3
"""Times metile's peers at the shapes of shared/ANCHORS.md, in one run, beside a copy ceiling.

Peers, for each operator, dtype and mode:
  torch_eager    the faster of the plain PyTorch formula and torch's fused functional
                 (F.rms_norm, F.layer_norm) where one exists; the row names the variant that won;
  torch_compile  torch.compile (Inductor) of the plain formula;
  liger          Liger-Kernel (0.8.5 on the GPU box) functional API, when `liger_kernel` imports
                 and the device is CUDA; otherwise its rows are skipped with a note;
  metile_torch   metile through its PyTorch adapters (`metile.torch.functional`, autograd
                 Functions over torch.library custom ops), when `metile.torch` imports (the
                 installed wheel); `--no-metile` skips it. On CUDA tensors the adapters run
                 zero-copy (metile/torch/_bridge.py); their rows include the adapters' host time
                 per call, which the kernels alone (`metile bench`) do not.

Every non-eager peer's forward output is compared once with the eager formula on the same inputs
(`max_rel_err`: the largest absolute difference over the formula's largest magnitude), so that a
fast wrong result shows.

Modes: `fwd` times one forward call (inputs require grad, as in training); `fwd+bwd` times one
forward plus one backward with a random upstream gradient. The fused add's forward returns the
normed output y and the sum s = x + residual; by default both receive a random cotangent (as
metile's `add_rms_norm.backward` takes `dy` and `dresidual_out`, and as Liger's backward takes dY
and dS_out); `--add-cotangents y` gives only y one, which is what shared/tools/h200_peer_bench.py
did when it produced ANCHORS.md.

On CUDA, times are medians of `triton.testing.do_bench` (which clears the L2 cache between
repetitions and sets the listed leaves' .grad to None outside the timed region), and the peak
extra memory is what one call allocates above what was allocated before it. On the CPU, times are
medians of time.perf_counter around single calls, no peak memory is measured, and torch.compile
is off unless `--compile` is given.

`min_bytes` is the fewest bytes the operator must move: every [rows, cols] input read once and
every [rows, cols] output written once (per-column weights and per-row statistics are ignored),
as in ANCHORS.md. The copy ceiling is a device-to-device copy of a bf16 tensor (4 GiB on CUDA
by default), counted as bytes read plus bytes written.

Output: a table on stdout and, with `--json PATH`, one JSON object per line: op, mode, dtype,
shape, peer, ms, peak_extra_mib, min_bytes (plus gbps, variant, device, note where useful).

Example (GPU box, with the Liger wheel carried in .whl/, see benchmarks/fetch_wheels.sh):
  python3 benchmarks/peers.py --json $OUT/peers.jsonl
Smoke test on a CPU:
  python3 benchmarks/peers.py --device cpu --quick --rows 256 --cols 512
"""

import argparse
import json
import math
import os
import statistics
import sys
import time

import torch
import torch.nn.functional as F

# RoPE's batch, query heads and key/value heads (Llama-3-8B, as in ANCHORS.md).
ROPE_HEADS = (8, 32, 8)
# GroupNorm: x [GN_BATCH, C = rows, L = cols] in C / GN_CHANNELS_PER_GROUP groups (PARITY.md's
# benchmark shape [M, C, 512], 4 channels per group).
GN_BATCH, GN_CHANNELS_PER_GROUP = 8, 4
# Modulated RMSNorm (AdaLN): x [MOD_BATCH, rows / MOD_BATCH, cols] with one scale and shift row
# per sequence, [MOD_BATCH, cols] (rms_norm's rows and columns; `metile bench` generates the
# same 8 modulation rows for rows divisible by 8).
MOD_BATCH = 8
# GRPO: logits [GRPO_BATCH, rows / GRPO_BATCH, cols] = [B, L+1, V], Liger's defaults (dapo,
# temperature 0.9, beta 0.04, eps 0.2 / 0.4), token level, reduce=False (PARITY.md 4.9).
GRPO_BATCH = 8
GRPO_T, GRPO_BETA, GRPO_EPS_LOW, GRPO_EPS_HIGH = 0.9, 0.04, 0.2, 0.4
DPO_T, DPO_BETA = 512, 0.1  # chunked_dpo: tokens per sequence (Liger benchmark_dpo_loss), beta
OPS = ("rms_norm", "layer_norm", "fused_add_rms_norm", "swiglu", "geglu", "softmax", "cross_entropy", "rope",
       "fused_linear_cross_entropy", "kl_div", "jsd", "tvd", "group_norm", "sparsemax", "fused_ce_tvd",
       "modulated_rms_norm", "fused_linear_kl_div", "grpo_loss", "fused_linear_jsd", "fused_mlp", "chunked_dpo",
       "chunked_jsd")
DTYPES = {"bf16": torch.bfloat16, "f32": torch.float32, "f16": torch.float16}
DTYPE_ALIASES = {"fp32": "f32", "float32": "f32", "fp16": "f16", "float16": "f16", "bfloat16": "bf16"}
EPS = 1e-6


def parse_list(text, allowed, aliases=None):
    out = []
    for item in text.split(","):
        item = item.strip()
        if not item:
            continue
        item = (aliases or {}).get(item, item)
        if item not in allowed:
            raise SystemExit(f"error: unknown value `{item}`; allowed: {', '.join(allowed)}")
        if item not in out:
            out.append(item)
    return out


# ---------------------------------------------------------------------------------------------
# Timing


class Timer:
    def __init__(self, device, quick, cuda_graph=False):
        self.device = device
        # Why the last `median_ms` under --cuda-graph timed launched calls instead (None: it
        # did not).
        self.not_captured = None
        self.cuda = device.type == "cuda"
        self.quick = quick
        self.cuda_graph = cuda_graph and self.cuda
        if self.cuda:
            from triton.testing import do_bench, do_bench_cudagraph

            self._do_bench = do_bench
            self._do_bench_graph = do_bench_cudagraph

    def sync(self):
        if self.cuda:
            torch.cuda.synchronize()

    def median_ms(self, fn, leaves=(), slow=False, eager=False, call_ms=None):
        """Median milliseconds of fn(); leaves' .grad is set to None before each call, untimed.
        ``slow`` (a call known to take longer than --slow-ms): the median of 3 calls, each
        bracketed by synchronisation, instead of do_bench's dozens. ``eager``: do_bench even under
        --cuda-graph (a call long enough that the host's launch cost does not show).
        ``call_ms`` (a warm call's time): do_bench's warm-up and repeat budgets (milliseconds)
        grow to at least 3 and 15 such calls, so that a call of tens of milliseconds is the median
        of about 15 runs, not of the one or two that 25 + 100 ms allow (fused linear KL through
        metile.torch read 43 to 52 ms from run to run that way)."""
        leaves = list(leaves)
        self.not_captured = None
        if slow:
            times = []
            for _ in range(3):
                for t in leaves:
                    t.grad = None
                self.sync()
                t0 = time.perf_counter()
                fn()
                self.sync()
                times.append(time.perf_counter() - t0)
            return statistics.median(times) * 1e3
        if self.cuda:
            warmup, rep = (5, 20) if self.quick else (25, 100)
            if call_ms is not None and not self.quick:
                warmup, rep = max(warmup, 3 * call_ms), max(rep, 15 * call_ms)
            self.sync()
            if self.cuda_graph and not eager:
                # Replayed from a CUDA graph: the host's launch cost is out of the figure, so it
                # is the kernels' own time whatever the machine's CPU. A call that cannot be
                # captured (one that reads a device value) is timed launched instead, and the
                # row says so (`not_captured`); a failed capture can leave the process's CUDA
                # state unusable for later captures, so run such peers without --cuda-graph.
                try:
                    return float(
                        self._do_bench_graph(fn, rep=rep, grad_to_none=leaves or None, return_mode="median")
                    )
                except Exception as e:  # noqa: BLE001 - any capture failure falls back
                    self.not_captured = f"{type(e).__name__}: {str(e)[:200]}"
                    self.sync()
            return float(
                self._do_bench(fn, warmup=warmup, rep=rep, grad_to_none=leaves or None, return_mode="median")
            )
        warm, reps = (1, 3) if self.quick else (2, 15)
        for _ in range(warm):
            for t in leaves:
                t.grad = None
            fn()
        times = []
        for _ in range(reps):
            for t in leaves:
                t.grad = None
            t0 = time.perf_counter()
            fn()
            times.append(time.perf_counter() - t0)
        return statistics.median(times) * 1e3

    def peak_extra_mib(self, fn, leaves=()):
        """MiB allocated above the current allocation during one call (CUDA only)."""
        if not self.cuda:
            return None
        for t in leaves:
            t.grad = None
        self.sync()
        torch.cuda.empty_cache()
        torch.cuda.reset_peak_memory_stats()
        base = torch.cuda.memory_allocated()
        fn()
        self.sync()
        extra = (torch.cuda.max_memory_allocated() - base) / 2**20
        for t in leaves:
            t.grad = None
        return extra


# ---------------------------------------------------------------------------------------------
# Operators: inputs, formulas and peers


def rms_formula(x, w):
    xf = x.float()
    return w * (xf * torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + EPS)).to(x.dtype)


def mod_rms_formula(x, w, scale, shift):
    """RMSNorm (llama casting) of x [B, T, N], then * (1 + scale) + shift per sequence in fp32."""
    o = rms_formula(x, w).float()
    return (o * (1 + scale.float().unsqueeze(1)) + shift.float().unsqueeze(1)).to(x.dtype)


def layer_formula(x, w, b):
    xf = x.float()
    mean = xf.mean(-1, keepdim=True)
    xc = xf - mean
    var = xc.pow(2).mean(-1, keepdim=True)
    return (xc * torch.rsqrt(var + EPS) * w.float() + b.float()).to(x.dtype)


def add_rms_formula(x, r, w):
    s = x + r
    sf = s.float()
    return w * (sf * torch.rsqrt(sf.pow(2).mean(-1, keepdim=True) + EPS)).to(s.dtype), s


def make_op(op, rows, cols, dtype, device, liger, add_cotangents, vocab=128256, mt=None, rope_views=False,
            inter=14336):
    """(make_inputs, eager variants {name: fn}, formula, liger fn or None, metile fn or None,
    min_bytes {mode: n}); ``mt`` is ``metile.torch.functional`` or None; ``rope_views``: RoPE's q
    and k as Hugging Face hands them over, ``[B, H, T, D]`` views of ``[B, T, H, D]`` memory."""
    es = torch.empty((), dtype=dtype).element_size()
    nh = rows * cols * es

    def t(*shape):
        return torch.randn(*shape, device=device, dtype=dtype, requires_grad=True)

    if op == "rms_norm":
        make = lambda: (t(rows, cols), t(cols))
        eager = {"formula": rms_formula, "F.rms_norm": lambda x, w: F.rms_norm(x, (cols,), w, EPS)}
        formula = rms_formula
        lig = (lambda x, w: liger.liger_rms_norm(x, w, EPS)) if liger else None
        mtl = (lambda x, w: mt.rms_norm(x, w, EPS)) if mt else None
        min_bytes = {"fwd": 2 * nh, "fwd+bwd": 5 * nh}
    elif op == "layer_norm":
        make = lambda: (t(rows, cols), t(cols), t(cols))
        eager = {
            "formula": layer_formula,
            "F.layer_norm": lambda x, w, b: F.layer_norm(x, (cols,), w, b, EPS),
        }
        formula = layer_formula
        lig = (lambda x, w, b: liger.liger_layer_norm(x, w, b, EPS)) if liger else None
        mtl = (lambda x, w, b: mt.layer_norm(x, w, b, EPS)) if mt else None
        min_bytes = {"fwd": 2 * nh, "fwd+bwd": 5 * nh}
    elif op == "fused_add_rms_norm":
        make = lambda: (t(rows, cols), t(rows, cols), t(cols))

        def add_then_f(x, r, w):
            s = x + r
            return F.rms_norm(s, (cols,), w, EPS), s

        eager = {"formula": add_rms_formula, "add+F.rms_norm": add_then_f}
        formula = add_rms_formula
        lig = (lambda x, r, w: liger.liger_fused_add_rms_norm(x, r, w, EPS)) if liger else None
        mtl = (lambda x, r, w: mt.fused_add_rms_norm(x, r, w, EPS)) if mt else None
        # fwd reads x, r and writes y, s; bwd reads s, dy (and ds) and writes dx (= dresidual).
        bwd = 4 * nh if add_cotangents == "both" else 3 * nh
        min_bytes = {"fwd": 4 * nh, "fwd+bwd": 4 * nh + bwd}
    elif op == "modulated_rms_norm":
        seq = max(rows // MOD_BATCH, 1)
        make = lambda: (t(MOD_BATCH, seq, cols), t(cols), t(MOD_BATCH, cols), t(MOD_BATCH, cols))

        def f_rms_then_modulate(x, w, scale, shift):
            o = F.rms_norm(x, (cols,), w, EPS)
            return o * (1 + scale.unsqueeze(1)) + shift.unsqueeze(1)

        eager = {"formula": mod_rms_formula, "F.rms_norm+modulate": f_rms_then_modulate}
        formula = mod_rms_formula
        f = getattr(liger, "liger_modulated_rms_norm", None) if liger else None
        lig = (lambda x, w, scale, shift: f(x, w, scale, shift, EPS)) if f else None
        g = getattr(mt, "modulated_rms_norm", None) if mt else None
        mtl = (lambda x, w, scale, shift: g(x, w, scale, shift, EPS)) if g else None
        # As rms_norm: fwd reads x, writes y; bwd reads x, dy and writes dx (scale and shift
        # are per sequence, ignored like the weight).
        nh = MOD_BATCH * seq * cols * es
        min_bytes = {"fwd": 2 * nh, "fwd+bwd": 5 * nh}
    elif op == "group_norm":
        groups = rows // GN_CHANNELS_PER_GROUP
        make = lambda: (t(GN_BATCH, rows, cols), t(rows), t(rows))
        formula = lambda x, w, b: F.group_norm(x.float(), groups, w.float(), b.float(), EPS)
        eager = {"F.group_norm": lambda x, w, b: F.group_norm(x, groups, w, b, EPS)}
        lig = (lambda x, w, b: liger.liger_group_norm(x, w, b, rows, groups, EPS)) if liger else None
        g = getattr(mt, "group_norm", None) if mt else None
        mtl = (lambda x, w, b: g(x, w, b, groups, EPS)) if g else None
        # fwd reads x, writes y; bwd reads x, dy and writes dx.
        min_bytes = {"fwd": 2 * GN_BATCH * nh, "fwd+bwd": 5 * GN_BATCH * nh}
    elif op in ("swiglu", "geglu"):
        make = lambda: (t(rows, cols), t(rows, cols))
        if op == "swiglu":
            formula = lambda a, b: F.silu(a) * b
            lig = (lambda a, b: liger.liger_swiglu(a, b)) if liger else None
            mtl = (lambda a, b: mt.swiglu(a, b)) if mt else None
        else:
            formula = lambda a, b: F.gelu(a, approximate="tanh") * b
            lig = (lambda a, b: liger.liger_geglu(a, b)) if liger else None
            mtl = (lambda a, b: mt.geglu(a, b)) if mt else None
        eager = {"formula": formula}
        # fwd reads a, b and writes c; bwd reads a, b, dc and writes da, db.
        min_bytes = {"fwd": 3 * nh, "fwd+bwd": 8 * nh}
    elif op == "softmax":
        make = lambda: (t(rows, cols),)
        formula = lambda x: torch.softmax(x, -1)
        eager = {"torch.softmax": formula}
        lig = (lambda x: liger.liger_softmax(x)) if liger else None
        mtl = (lambda x: mt.softmax(x)) if mt else None
        # fwd reads x, writes y; bwd reads y, dy and writes dx.
        min_bytes = {"fwd": 2 * nh, "fwd+bwd": 5 * nh}
    elif op == "sparsemax":
        make = lambda: (t(rows, cols),)

        def formula(x):
            # Sort-based, in fp32 (PARITY.md 2.6): tau = (sum of the top k - 1) / k.
            z = x.float()
            zs = torch.sort(z, dim=-1, descending=True).values
            cs = zs.cumsum(-1) - 1
            r = torch.arange(1, cols + 1, device=z.device, dtype=z.dtype)
            k = (zs > cs / r).sum(-1, keepdim=True)
            tau = cs.gather(-1, k - 1) / k
            return (z - tau).clamp_min(0).to(x.dtype)

        eager = {"sort formula": formula}
        f = getattr(liger, "liger_sparsemax", None) if liger else None
        lig = (lambda x: f(x)) if f else None
        mtl = (lambda x: mt.sparsemax(x)) if mt and hasattr(mt, "sparsemax") else None
        # fwd reads x, writes y; bwd reads y, dy and writes dx.
        min_bytes = {"fwd": 2 * nh, "fwd+bwd": 5 * nh}
    elif op == "cross_entropy":
        # Mean over valid rows, every 7th row ignored (as in ANCHORS.md).
        def make():
            target = torch.randint(0, cols, (rows,), device=device)
            target[::7] = -100
            return (t(rows, cols), target)

        formula = lambda lg, tg: F.cross_entropy(lg.float(), tg, ignore_index=-100)
        eager = {
            "F.cross_entropy(float)": formula,
            "F.cross_entropy": lambda lg, tg: F.cross_entropy(lg, tg, ignore_index=-100),
        }
        lig = (lambda lg, tg: liger.liger_cross_entropy(lg, tg, ignore_index=-100)) if liger else None
        mtl = (lambda lg, tg: mt.cross_entropy(lg, tg, ignore_index=-100)) if mt else None
        # fwd reads the logits; fwd+bwd also writes their gradient.
        min_bytes = {"fwd": nh, "fwd+bwd": 2 * nh}
    elif op == "fused_linear_cross_entropy":
        # hidden [rows, cols] x weight [vocab, cols] -> mean CE over all rows (as in ANCHORS.md);
        # the floor here is the matrix rate, so min_bytes is left out.
        def make():
            h = t(rows, cols)
            w = (torch.randn(vocab, cols, device=device, dtype=dtype) * 0.02).requires_grad_()
            return (h, w, torch.randint(0, vocab, (rows,), device=device))

        formula = lambda h, w, tg: F.cross_entropy((h @ w.t()).float(), tg)
        eager = {"matmul+F.cross_entropy(float)": formula}
        flce = None
        if liger:
            from liger_kernel.transformers.fused_linear_cross_entropy import LigerFusedLinearCrossEntropyLoss

            flce = LigerFusedLinearCrossEntropyLoss()
        lig = (lambda h, w, tg: flce(w, h, tg)) if flce else None
        mtl = (lambda h, w, tg: mt.fused_linear_cross_entropy(h, w, tg)) if mt else None
        min_bytes = {"fwd": None, "fwd+bwd": None}
    elif op == "fused_linear_kl_div":
        # hidden [rows, cols] x weight [vocab, cols] against frozen teacher probabilities
        # [rows, vocab] (the softmax of random logits, in the input dtype): batchmean, T = 1, no
        # labels (PARITY.md 4.11). As fused_linear_cross_entropy's, the floor is the matrix rate,
        # so min_bytes is left out.
        def make():
            h = t(rows, cols)
            w = (torch.randn(vocab, cols, device=device, dtype=dtype) * 0.02).requires_grad_()
            q = torch.softmax(torch.randn(rows, vocab, device=device), -1).to(dtype)
            return (h, w, q)

        def formula(h, w, q):
            log_p = torch.log_softmax((h @ w.t()).float(), -1)
            return F.kl_div(log_p, q.float(), reduction="batchmean")

        eager = {"matmul+F.kl_div(float)": formula}
        f = getattr(liger, "liger_fused_linear_kl_div", None) if liger else None
        lig = (lambda h, w, q: f(h, w, q, reduction="batchmean")) if f else None
        if liger and lig is None:
            try:
                from liger_kernel.transformers import LigerFusedLinearKLDivLoss

                flkl = LigerFusedLinearKLDivLoss()
                lig = lambda h, w, q: flkl(h, w, q)
            except ImportError:
                lig = None
        g = getattr(mt, "fused_linear_kl_div", None) if mt else None
        mtl = (lambda h, w, q: g(h, w, q)) if g else None
        min_bytes = {"fwd": None, "fwd+bwd": None}
    elif op == "fused_linear_jsd":
        # Student hidden [rows, cols] x weight [vocab, cols] against a frozen teacher of the same
        # shapes: beta 0.5, T = 1, no labels (PARITY.md 4.7); the student gets the gradients. As
        # fused_linear_cross_entropy's, the floor is the matrix rate, so min_bytes is left out.
        def make():
            h = t(rows, cols)
            w = (torch.randn(vocab, cols, device=device, dtype=dtype) * 0.02).requires_grad_()
            ht = torch.randn(rows, cols, device=device, dtype=dtype)
            wt = torch.randn(vocab, cols, device=device, dtype=dtype) * 0.02
            return (h, w, ht, wt)

        def formula(h, w, ht, wt):
            x = torch.log_softmax((h @ w.t()).float(), -1)
            y = torch.log_softmax((ht @ wt.t()).float(), -1)
            log_m = torch.logsumexp(torch.stack([x, y]), 0) - math.log(2.0)
            return 0.5 * ((y.exp() * (y - log_m)).sum() + (x.exp() * (x - log_m)).sum()) / x.shape[0]

        eager = {"matmul+jsd formula(float)": formula}
        f = getattr(liger, "liger_fused_linear_jsd", None) if liger else None
        lig = (lambda h, w, ht, wt: f(h, w, ht, wt, jsd_beta=0.5)) if f else None
        g = getattr(mt, "fused_linear_jsd", None) if mt else None
        mtl = (lambda h, w, ht, wt: g(h, w, ht, wt)) if g else None
        min_bytes = {"fwd": None, "fwd+bwd": None}
    elif op == "fused_mlp":
        # Llama's SwiGLU MLP on [rows, cols] tokens with intermediate size --inter (PARITY.md 7.1):
        # out = (silu(x Wg^T) * (x Wu^T)) Wd^T; every input gets a gradient. Matrix-bound, so
        # min_bytes is left out. Liger's LigerMLPFunction takes [B, S, dim].
        def make():
            x = t(rows, cols)
            w = lambda r, c: (torch.randn(r, c, device=device, dtype=dtype) * 0.02).requires_grad_()
            return (x, w(inter, cols), w(inter, cols), w(cols, inter))

        def formula(x, wg, wu, wd):
            return F.linear(F.silu(F.linear(x, wg)) * F.linear(x, wu), wd)

        eager = {"F.linear+silu": formula}
        lig = None
        if liger:
            try:
                from liger_kernel.ops import LigerMLPFunction

                lig = lambda x, wg, wu, wd: LigerMLPFunction.apply(x.view(1, rows, cols), wg, wu, wd).view(rows, cols)
            except ImportError:
                lig = None
        g = getattr(mt, "fused_mlp", None) if mt else None
        mtl = (lambda x, wg, wu, wd: g(x, wg, wu, wd)) if g else None
        min_bytes = {"fwd": None, "fwd+bwd": None}
    elif op == "chunked_dpo":
        # DPO (sigmoid, beta 0.1) on a fused LM head with a frozen reference model, as Liger's
        # benchmark: pairs of sequences of DPO_T tokens, --rows tokens in all (chosen then
        # rejected), hidden --cols, vocabulary --vocab, one pair per chunk; the policy's hidden
        # states and weight get gradients. Matrix-bound: min_bytes is left out.
        pairs = max(1, rows // (2 * DPO_T))

        def make():
            h = t(2 * pairs, DPO_T, cols)
            w = (torch.randn(vocab, cols, device=device, dtype=dtype) * 0.02).requires_grad_()
            tg = torch.randint(0, vocab, (2 * pairs, DPO_T), device=device)
            rh = torch.randn(2 * pairs, DPO_T, cols, device=device, dtype=dtype)
            rw = torch.randn(vocab, cols, device=device, dtype=dtype) * 0.02
            return (h, w, tg, rh, rw)

        def seq_logps(h, w, tg):
            logp = torch.log_softmax((h @ w.t()).float(), -1)
            return logp.gather(-1, tg.unsqueeze(-1)).squeeze(-1).sum(-1)

        def formula(h, w, tg, rh, rw):
            lp = seq_logps(h, w, tg)
            with torch.no_grad():
                ref = seq_logps(rh, rw, tg)
            d = DPO_BETA * ((lp[:pairs] - ref[:pairs]) - (lp[pairs:] - ref[pairs:]))
            return -F.logsigmoid(d).mean()

        eager = {"matmul+log_softmax(float)": formula}
        lig = None
        if liger:
            try:
                from liger_kernel.chunked_loss import LigerFusedLinearDPOLoss

                dpo = LigerFusedLinearDPOLoss(beta=DPO_BETA)
                lig = lambda h, w, tg, rh, rw: dpo(w, h, tg, None, rh, rw)[0]
            except ImportError:
                lig = None
        g = getattr(mt, "chunked_dpo", None) if mt else None
        mtl = (lambda h, w, tg, rh, rw: g(h, w, tg, ref_input=rh, ref_weight=rw, beta=DPO_BETA)[0]) if g else None
        min_bytes = {"fwd": None, "fwd+bwd": None}
    elif op == "chunked_jsd":
        # Distillation JSD (beta 0.5, hard and soft weights 0.5, T = 1) on fused LM heads: student
        # and teacher [rows, cols] x [vocab, cols], true labels, as Liger's chunked_loss benchmark;
        # the student gets the gradients. Matrix-bound: min_bytes is left out.
        def make():
            h = t(rows, cols)
            w = (torch.randn(vocab, cols, device=device, dtype=dtype) * 0.02).requires_grad_()
            ht = torch.randn(rows, cols, device=device, dtype=dtype)
            wt = torch.randn(vocab, cols, device=device, dtype=dtype) * 0.02
            y = torch.randint(0, vocab, (rows,), device=device)
            return (h, w, ht, wt, y)

        def formula(h, w, ht, wt, y):
            x = torch.log_softmax((h @ w.t()).float(), -1)
            z = torch.log_softmax((ht @ wt.t()).float(), -1)
            log_m = torch.logsumexp(torch.stack([x, z]), 0) - math.log(2.0)
            soft = 0.5 * ((z.exp() * (z - log_m)).sum() + (x.exp() * (x - log_m)).sum()) / x.shape[0]
            hard = F.nll_loss(x, y)
            return 0.5 * hard + 0.5 * soft

        eager = {"matmul+jsd+nll(float)": formula}
        lig = None
        if liger:
            try:
                from liger_kernel.chunked_loss import LigerFusedLinearJSDLoss

                jsd = LigerFusedLinearJSDLoss(weight_hard_loss=0.5, weight_soft_loss=0.5, beta=0.5)
                lig = lambda h, w, ht, wt, y: jsd(h, w, ht, wt, y)
            except ImportError:
                lig = None
        g = getattr(mt, "chunked_jsd", None) if mt else None
        mtl = (lambda h, w, ht, wt, y: g(h, w, ht, wt, y)) if g else None
        min_bytes = {"fwd": None, "fwd+bwd": None}
    elif op == "rope":
        # q [B, 32, T, D] and k [B, 8, T, D] with T = rows, D = cols, tables [1, T, D] (Llama 3's
        # theta), both rotated by one call as in ANCHORS.md.
        b, hq, hk = ROPE_HEADS

        def heads(h):
            if not rope_views:
                return t(b, h, rows, cols)
            # The view itself is the leaf, so that each repetition's gradient replaces the last.
            x = torch.randn(b, rows, h, cols, device=device, dtype=dtype).transpose(1, 2)
            return x.requires_grad_()

        def make():
            inv = 1.0 / (500000 ** (torch.arange(0, cols, 2, device=device).float() / cols))
            fr = torch.outer(torch.arange(rows, device=device).float(), inv)
            emb = torch.cat((fr, fr), -1)
            return (heads(hq), heads(hk), emb.cos()[None].to(dtype), emb.sin()[None].to(dtype))

        def rot(x):
            x1, x2 = x[..., : x.shape[-1] // 2], x[..., x.shape[-1] // 2 :]
            return torch.cat((-x2, x1), -1)

        def formula(q, k, c, s):
            c, s = c.unsqueeze(1), s.unsqueeze(1)
            return q * c + rot(q) * s, k * c + rot(k) * s

        eager = {"formula": formula}
        lig = (lambda q, k, c, s: liger.liger_rope(q, k, c, s)) if liger else None
        mtl = (lambda q, k, c, s: mt.apply_rotary_pos_emb(q, k, c, s)) if mt else None
        qk = b * (hq + hk) * rows * cols * es
        # fwd reads q, k and writes both; bwd reads their cotangents and writes dq, dk.
        min_bytes = {"fwd": 2 * qk, "fwd+bwd": 4 * qk}
    elif op in ("kl_div", "jsd", "tvd"):
        # Rows of `cols` classes: the student's log-probabilities (or probabilities, TVD) get the
        # gradient, the teacher's are frozen; batchmean (KL, TVD) and beta 0.5 (JSD), no labels.
        def dist(log, grad):
            z = torch.randn(rows, cols, device=device)
            v = torch.log_softmax(z, -1) if log else torch.softmax(z, -1)
            return v.to(dtype).requires_grad_(grad)

        lfn = lambda name: getattr(liger, name, None) if liger else None
        if op == "kl_div":
            make = lambda: (dist(True, True), dist(False, False))
            formula = lambda yp, yt: F.kl_div(yp.float(), yt.float(), reduction="batchmean")
            eager = {"F.kl_div": lambda yp, yt: F.kl_div(yp, yt, reduction="batchmean")}
            f = lfn("liger_kl_div")
            lig = (lambda yp, yt: f(yp, yt, reduction="batchmean")) if f else None
            mtl = (lambda yp, yt: mt.kl_div(yp, yt, reduction="batchmean")) if mt else None
            # fwd reads both; the gradient (-y_true / rows) reads y_true and writes dy_pred.
            min_bytes = {"fwd": 2 * nh, "fwd+bwd": 4 * nh}
        elif op == "jsd":
            make = lambda: (dist(True, True), dist(True, False))

            def formula(x, y):
                x, y = x.float(), y.float()
                log_m = torch.logsumexp(torch.stack([x, y]), 0) - math.log(2.0)
                return 0.5 * ((y.exp() * (y - log_m)).sum() + (x.exp() * (x - log_m)).sum()) / x.shape[0]

            eager = {"formula": formula}
            f = lfn("liger_jsd")
            lig = (lambda x, y: f(x, y, beta=0.5)) if f else None
            mtl = (lambda x, y: mt.jsd(x, y, beta=0.5)) if mt else None
            # fwd reads both; fwd+bwd also reads both again (or keeps dX) and writes dX.
            min_bytes = {"fwd": 2 * nh, "fwd+bwd": 3 * nh}
        else:
            make = lambda: (dist(False, True), dist(False, False))
            formula = lambda p_, q_: 0.5 * (p_.float() - q_.float()).abs().sum() / p_.shape[0]
            eager = {"formula": formula}
            f = lfn("liger_tvd")
            lig = (lambda p_, q_: f(p_, q_, reduction="batchmean")) if f else None
            mtl = (lambda p_, q_: mt.tvd(p_, q_, reduction="batchmean")) if mt else None
            min_bytes = {"fwd": 2 * nh, "fwd+bwd": 3 * nh}
    elif op == "fused_ce_tvd":
        # Student logits (get the gradient) and frozen teacher logits [rows, cols], every 7th row
        # ignored; per-row CE and TVD, unreduced (PARITY.md 4.10), each given a random cotangent.
        def make():
            target = torch.randint(0, cols, (rows,), device=device)
            target[::7] = -100
            teacher = torch.randn(rows, cols, device=device, dtype=dtype)
            return (t(rows, cols), teacher, target)

        def formula(s_, t_, tg):
            ce = F.cross_entropy(s_.float(), tg, ignore_index=-100, reduction="none")
            p_, q_ = torch.softmax(s_.float(), -1), torch.softmax(t_.float(), -1)
            tvd = (0.5 * (p_ - q_).abs().sum(-1)).masked_fill(tg == -100, 0.0)
            return ce, tvd

        eager = {"F.cross_entropy(none)+tvd formula": formula}
        lig = None
        if liger:
            try:
                from liger_kernel.ops import LigerFusedCETVDFunction as cetvd

                lig = lambda s_, t_, tg: cetvd.apply(s_, t_, tg, -100)
            except ImportError:
                lig = None
        f = getattr(mt, "fused_ce_tvd", None) if mt else None
        mtl = (lambda s_, t_, tg: f(s_, t_, tg, ignore_index=-100)) if f else None
        # fwd reads both logits; the backward reads them again and writes the student's gradient.
        min_bytes = {"fwd": 2 * nh, "fwd+bwd": 5 * nh}
    elif op == "grpo_loss":
        # Policy logits [B, L+1, V] (get the gradient), sampled ids, per-sequence advantages, an
        # int32 completion mask (each sequence's tail after a random length masked), old and
        # reference log-probabilities near the policy's own (ratios on both sides of the clip
        # range). Every peer returns the per-token loss times the mask (Liger's first output,
        # reduce=False); only it gets a cotangent.
        b = GRPO_BATCH
        seq = max(rows // b, 2)
        n_tok = seq - 1

        def make():
            ids = torch.randint(0, cols, (b, n_tok), device=device)
            lengths = torch.randint(1, n_tok + 1, (b, 1), device=device)
            mask = (torch.arange(n_tok, device=device) < lengths).to(torch.int32)
            adv = torch.randn(b, device=device)
            base = -math.log(cols)
            old = base + 0.5 * torch.randn(b, n_tok, device=device)
            ref = base + 0.5 * torch.randn(b, n_tok, device=device)
            return (t(b, seq, cols), ids, adv, mask, old, ref)

        def formula(z, ids, adv, mask, old, ref):
            logp = torch.log_softmax(z[:, :-1].float() / GRPO_T, -1)
            logp = logp.gather(-1, ids.unsqueeze(-1)).squeeze(-1)
            r = torch.exp(logp - old)
            a = adv.unsqueeze(1)
            loss = -torch.minimum(r * a, r.clamp(1 - GRPO_EPS_LOW, 1 + GRPO_EPS_HIGH) * a)
            d = ref - logp
            loss = loss + GRPO_BETA * (torch.exp(d) - d - 1)
            return loss * mask.float()

        eager = {"log_softmax+gather+ppo formula": formula}
        lig = None
        if liger:
            try:
                from liger_kernel.transformers.grpo_loss import triton_grpo_loss

                # inplace=False: the gradient goes to a new tensor, as metile's does (Liger's
                # default writes it over the logits).
                lig = lambda z, ids, adv, mask, old, ref: triton_grpo_loss(
                    z, old, ref, ids, adv, mask, temperature=GRPO_T, beta=GRPO_BETA,
                    eps_low=GRPO_EPS_LOW, eps_high=GRPO_EPS_HIGH, inplace=False, loss_type="dapo",
                    reduce=False)[0]
            except ImportError:
                lig = None
        f = getattr(mt, "grpo_loss", None) if mt else None
        # metile.torch.functional.grpo_loss takes triton_grpo_loss's argument order and names.
        mtl = (lambda z, ids, adv, mask, old, ref: f(
            z, old, ref, ids, adv, mask, temperature=GRPO_T, beta=GRPO_BETA, eps_low=GRPO_EPS_LOW,
            eps_high=GRPO_EPS_HIGH, loss_type="dapo")[0]) if f else None
        # fwd reads the logits once; the backward reads them again and writes their gradient
        # (the [B, L] per-token tensors are ignored, as per-row statistics are elsewhere).
        nh = b * seq * cols * es
        min_bytes = {"fwd": nh, "fwd+bwd": 3 * nh}
    else:
        raise ValueError(op)
    return make, eager, formula, lig, mtl, min_bytes


def row_shape_of(op, rows, cols):
    """The shape a row reports, and for RoPE the parts metile times as separate calls."""
    if op == "rope":
        b, hq, hk = ROPE_HEADS
        return [b, hq + hk, rows, cols], [[b, hq, rows, cols], [b, hk, rows, cols]]
    if op == "group_norm":
        return [GN_BATCH, rows, cols], None
    if op == "modulated_rms_norm":
        return [MOD_BATCH, max(rows // MOD_BATCH, 1), cols], None
    if op == "grpo_loss":
        return [GRPO_BATCH, max(rows // GRPO_BATCH, 2), cols], None
    if op == "chunked_dpo":
        return [2 * max(1, rows // (2 * DPO_T)), DPO_T, cols], None
    return [rows, cols], None


def forward_error(fn, formula, inputs):
    """Largest |fn - formula| over the formula's largest magnitude, on the first output."""
    with torch.no_grad():
        got, want = fn(*inputs), formula(*inputs)
    got = got[0] if isinstance(got, (tuple, list)) else got
    want = (want[0] if isinstance(want, (tuple, list)) else want).float()
    return float((got.float() - want).abs().max() / want.abs().max().clamp_min(1e-30))


def fwd_bwd_step(fn, inputs, cotangents, add_cotangents):
    """One forward and one backward; cotangents are cached per output shape and dtype."""

    def step():
        out = fn(*inputs)
        outs = list(out) if isinstance(out, (tuple, list)) else [out]
        if add_cotangents == "y":
            outs = outs[:1]
        grads = []
        for i, o in enumerate(outs):
            key = (i, tuple(o.shape), o.dtype)
            if key not in cotangents:
                cotangents[key] = torch.randn_like(o)
            grads.append(cotangents[key])
        torch.autograd.backward(outs, grads)

    return step


# ---------------------------------------------------------------------------------------------


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--ops", default=",".join(OPS), help=f"comma-separated, of: {', '.join(OPS)}")
    p.add_argument("--dtypes", default="bf16,f32", help="comma-separated, of: bf16, f32, f16 (fp32 accepted)")
    p.add_argument("--modes", default="fwd,fwd+bwd", help="comma-separated, of: fwd, fwd+bwd")
    p.add_argument("--rows", type=int, default=16384)
    p.add_argument("--cols", type=int, default=4096)
    p.add_argument("--device", default=None, help="cuda or cpu (default: cuda when available)")
    p.add_argument("--json", metavar="PATH", help="write one JSON object per row (JSON lines)")
    p.add_argument("--quick", action="store_true", help="fewer repetitions, for a smoke test")
    p.add_argument(
        "--cuda-graph",
        action="store_true",
        help="CUDA: time replays of a captured CUDA graph (triton's do_bench_cudagraph) instead of "
        "launches from Python, so that peers' figures do not follow the host's speed",
    )
    p.add_argument(
        "--compile",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="time torch.compile of the formula (default: on for CUDA, off for CPU)",
    )
    p.add_argument("--no-liger", action="store_true", help="skip Liger-Kernel even when it imports")
    p.add_argument("--no-metile", action="store_true", help="skip metile's torch adapters even when they import")
    p.add_argument(
        "--copy-mib",
        type=int,
        default=None,
        help="size of the copy ceiling's source tensor (default: 4096 on CUDA, 256 on CPU)",
    )
    p.add_argument(
        "--add-cotangents",
        choices=("both", "y"),
        default="both",
        help="fused_add_rms_norm fwd+bwd: cotangents for y and s (default) or y only",
    )
    p.add_argument("--vocab", type=int, default=128256, help="fused_linear_cross_entropy, fused_linear_kl_div, fused_linear_jsd: rows of the weight")
    p.add_argument("--inter", type=int, default=14336, help="fused_mlp: the intermediate size I")
    p.add_argument("--rope-views", action="store_true",
                   help="rope: q and k as HF hands them over, [B, H, T, D] views of [B, T, H, D] memory")
    p.add_argument("--slow-ms", type=float, default=100.0,
                   help="a peer whose warm call took longer is timed by 3 synchronised calls (default 100)")
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args(argv)

    ops = parse_list(args.ops, OPS)
    dtypes = parse_list(args.dtypes, tuple(DTYPES), DTYPE_ALIASES)
    modes = parse_list(args.modes, ("fwd", "fwd+bwd"))
    if args.rows < 1 or args.cols < 1:
        raise SystemExit("error: --rows and --cols must be at least 1")
    device = torch.device(args.device or ("cuda" if torch.cuda.is_available() else "cpu"))
    if device.type == "cuda" and not torch.cuda.is_available():
        raise SystemExit("error: --device cuda but torch sees no CUDA device")
    cuda = device.type == "cuda"
    use_compile = cuda if args.compile is None else args.compile
    copy_mib = args.copy_mib if args.copy_mib is not None else (4096 if cuda else 256)
    torch.manual_seed(args.seed)
    timer = Timer(device, args.quick, args.cuda_graph)
    dev_name = torch.cuda.get_device_name(device) if cuda else f"cpu ({torch.get_num_threads()} threads)"

    notes = []
    liger = None
    liger_version = None
    if args.no_liger:
        notes.append("liger: skipped (--no-liger)")
    elif not cuda:
        notes.append("liger: skipped (Liger-Kernel runs on CUDA only)")
    else:
        try:
            import liger_kernel
            from liger_kernel.transformers import functional as liger

            liger_version = getattr(liger_kernel, "__version__", None)
            if liger_version is None:
                try:
                    from importlib.metadata import version

                    liger_version = version("liger_kernel")
                except Exception:
                    liger_version = "?"
        except Exception as e:  # missing or broken: the other peers still run
            liger = None
            notes.append(f"liger: skipped (cannot import liger_kernel: {type(e).__name__}: {e})")
    mt = None
    metile_version = None
    if args.no_metile:
        notes.append("metile_torch: skipped (--no-metile)")
    else:
        try:
            import metile
            from metile.torch import functional as mt

            metile_version = getattr(metile, "__version__", "?")
        except Exception as e:
            notes.append(f"metile_torch: skipped (cannot import metile.torch: {type(e).__name__}: {e})")
    print(
        f"torch {torch.__version__}; device {dev_name}; liger {liger_version or 'none'}; "
        f"metile {metile_version or 'none'}; "
        f"torch.compile {'on' if use_compile else 'off'}; shape {args.rows}x{args.cols}; "
        f"{'quick' if args.quick else 'full'} repetitions",
        flush=True,
    )
    for n in notes:
        print(f"note: {n}", flush=True)

    rows_out = []
    json_file = open(args.json, "w") if args.json else None
    if json_file:  # the meta line first, then each row as it is measured (a run cut off keeps its rows)
        meta = dict(
            op="_meta", torch=torch.__version__, device=dev_name, liger=liger_version, metile=metile_version,
            compile=use_compile, quick=args.quick, add_cotangents=args.add_cotangents, notes=notes,
        )
        json_file.write(json.dumps(meta) + "\n")

    def emit(r):
        rows_out.append(r)
        if json_file:
            json_file.write(json.dumps(r) + "\n")
            json_file.flush()

    def record(op, mode, dtype, peer, ms, peak, min_bytes, row_shape, **extra):
        r = dict(
            op=op,
            mode=mode,
            dtype=dtype,
            shape=row_shape,
            peer=peer,
            ms=ms,
            peak_extra_mib=peak,
            min_bytes=min_bytes,
            gbps=(min_bytes / (ms * 1e-3) / 1e9) if (ms and min_bytes) else None,
            device=dev_name,
        )
        r.update(extra)
        emit(r)
        peak_s = f"{peak:9.1f}" if peak is not None else f"{'-':>9}"
        gbps_s = f"{r['gbps']:9.1f}" if r["gbps"] is not None else f"{'-':>9}"
        ms_s = f"{ms:10.4f}" if ms is not None else f"{'-':>10}"
        note = extra.get("variant") or extra.get("note") or ""
        if extra.get("max_rel_err") is not None:
            note += f" (max_rel_err {extra['max_rel_err']:.1e})"
        print(f"{op:20s} {mode:8s} {dtype:5s} {peer:14s} {ms_s} {gbps_s} {peak_s}  {note}", flush=True)

    print(f"{'op':20s} {'mode':8s} {'dtype':5s} {'peer':14s} {'ms':>10} {'GB/s':>9} {'peak MiB':>9}", flush=True)

    # The copy ceiling, measured in this run.
    n = copy_mib * 2**20 // 2
    try:
        a = torch.empty(n, dtype=torch.bfloat16, device=device).normal_()
        b = torch.empty_like(a)
        # Eager under --cuda-graph too: a 4 GiB copy hides any launch cost, and the graph-replayed
        # copy read 2775 GB/s against 4222 eager in one session (2026-11-30), unexplained.
        ms = timer.median_ms(lambda: b.copy_(a), eager=True)
        record("copy", "copy", "bf16", "torch", ms, None, 2 * a.numel() * 2, row_shape=[n])
        del a, b
    except Exception as e:
        print(f"note: copy ceiling FAILED: {type(e).__name__}: {str(e)[:200]}", flush=True)
    if cuda:
        torch.cuda.empty_cache()

    failures = 0
    for dt_name in dtypes:
        dtype = DTYPES[dt_name]
        for op in ops:
            make, eager, formula, lig, mtl, min_bytes = make_op(
                op, args.rows, args.cols, dtype, device, liger, args.add_cotangents, args.vocab, mt,
                args.rope_views, args.inter,
            )
            op_shape, parts = row_shape_of(op, args.rows, args.cols)
            shaped = {"row_shape": op_shape, **({"parts": parts} if parts else {})}
            peers = [("torch_eager", name, fn) for name, fn in eager.items()]
            if use_compile:
                peers.append(("torch_compile", "formula", torch.compile(formula, dynamic=False)))
            if lig is not None:
                peers.append(("liger", "liger", lig))
            if mtl is not None:
                peers.append(("metile_torch", "metile.torch", mtl))
            for mode in modes:
                # Best eager variant per mode; the others are printed but not recorded as rows.
                best = None
                for peer, variant, fn in peers:
                    try:
                        inputs = make()
                        leaves = [t for t in inputs if t.requires_grad]
                        if mode == "fwd":
                            call = lambda fn=fn, inputs=inputs: fn(*inputs)
                        else:
                            call = fwd_bwd_step(fn, inputs, {}, args.add_cotangents)
                        call()  # compile / autotune / allocate outside the timings
                        timer.sync()
                        # Whether the peer is slow is judged on a warm call: the first includes
                        # torch.compile's, Triton's and metile's compiles, which would send every
                        # compiled peer to the 3-call timing (launch latency included).
                        t0 = time.perf_counter()
                        call()
                        timer.sync()
                        first_ms = (time.perf_counter() - t0) * 1e3
                        err = forward_error(fn, formula, inputs) if peer != "torch_eager" and mode == "fwd" else None
                        timer.sync()
                        ms = timer.median_ms(call, leaves, slow=first_ms > args.slow_ms, call_ms=first_ms)
                        peak = timer.peak_extra_mib(call, leaves)
                        for t in leaves:
                            t.grad = None
                        del inputs, leaves, call
                        if cuda:
                            torch.cuda.empty_cache()
                    except Exception as e:  # the failure is part of the record
                        failures += 1
                        msg = f"{type(e).__name__}: {str(e)[:300]}"
                        print(f"{op:20s} {mode:8s} {dt_name:5s} {peer:14s} FAILED ({variant}): {msg}", flush=True)
                        emit(dict(op=op, mode=mode, dtype=dt_name, shape=op_shape, peer=peer, variant=variant, error=msg))
                        continue
                    if peer == "torch_eager":
                        print(f"  {op} {mode} {dt_name} eager variant {variant}: {ms:.4f} ms", flush=True)
                        if best is None or ms < best[0]:
                            best = (ms, peak, variant)
                        continue
                    extra = {} if err is None else {"max_rel_err": err}
                    if first_ms > args.slow_ms:
                        extra["timing"] = "median of 3 synchronised calls"
                    elif timer.not_captured:
                        extra["timing"] = "launched: not captured (" + timer.not_captured + ")"
                    record(op, mode, dt_name, peer, ms, peak, min_bytes[mode], variant=variant, **shaped, **extra)
                if best is not None:
                    record(op, mode, dt_name, "torch_eager", best[0], best[1], min_bytes[mode], variant=best[2], **shaped)
                if mtl is None and not args.no_metile:
                    emit(
                        dict(op=op, mode=mode, dtype=dt_name, shape=op_shape, peer="metile_torch", ms=None,
                             peak_extra_mib=None, min_bytes=min_bytes[mode], note="skipped: " + "; ".join(notes))
                    )
                if lig is None and not args.no_liger:
                    emit(
                        dict(op=op, mode=mode, dtype=dt_name, shape=op_shape, peer="liger", ms=None,
                             peak_extra_mib=None, min_bytes=min_bytes[mode], note="skipped: " + "; ".join(notes))
                    )

    if json_file:
        json_file.close()
        print(f"wrote {len(rows_out) + 1} JSON lines to {args.json}", flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
