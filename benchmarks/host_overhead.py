#!/usr/bin/env python3
"""Host time per call of metile.torch beside Liger-Kernel and PyTorch eager, at the convergence
run's shapes (benchmarks/convergence.py: batch 8 x 512 tokens, hidden 256, 4 heads of 64, 2 KV
heads, intermediate 688, vocabulary 32000), where a training step is bound by the host: what
each call costs the CPU before the GPU sees its work.

Per row: the median over ``--reps`` rounds of (host time of ``--calls`` calls queued back to back,
without a synchronisation) / calls, in microseconds, then one synchronisation per round. The
GPU work of these calls is a few microseconds, so the queue never fills and the figure is the
host's. metile's rows are split into its layers, innermost last:

  functional   ``metile.torch.functional.*`` (autograd Function, bridge, binding);
  run          ``metile.torch._bridge.run`` on the same inputs (no autograd Function);
  binding      ``_metile.call_allocating`` on inputs borrowed once, outside the timing (the Rust
               side: parameter parsing, validation, allocation through torch's allocator,
               launch);
  stream       ``torch.cuda.current_stream(device).cuda_stream`` alone (paid once per call).

Usage (H200): python3 benchmarks/host_overhead.py [--calls 100] [--reps 7]
"""

import argparse
import statistics
import sys
import time

import torch


def timed(fn, calls, reps):
    """Median host microseconds per call of ``fn`` (see the module doc)."""
    for _ in range(3):
        fn()
    torch.cuda.synchronize()
    per = []
    for _ in range(reps):
        t0 = time.perf_counter()
        for _ in range(calls):
            fn()
        per.append((time.perf_counter() - t0) / calls * 1e6)
        torch.cuda.synchronize()
    return statistics.median(per)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--calls", type=int, default=100)
    p.add_argument("--reps", type=int, default=7)
    args = p.parse_args(argv)
    if not torch.cuda.is_available():
        print("host_overhead.py: no CUDA device; nothing to time", file=sys.stderr)
        return 0
    import metile
    import metile.torch.functional as mf
    from metile.torch import _bridge

    dev = torch.device("cuda")
    bf = torch.bfloat16
    g = torch.Generator(device=dev).manual_seed(0)
    r = lambda *s: torch.randn(*s, device=dev, dtype=bf, generator=g)
    x, w = r(8, 512, 256), r(256)
    gate, up = r(8, 512, 688), r(8, 512, 688)
    q, k = r(8, 4, 512, 64), r(8, 2, 512, 64)
    cos, sin = r(1, 512, 64), r(1, 512, 64)
    hidden, lm = r(4096, 256), r(32000, 256)
    target = torch.randint(0, 32000, (4096,), device=dev, generator=g)

    rows = []

    def add(op, who, fn, calls=None):
        try:
            us = timed(fn, calls or args.calls, args.reps)
        except Exception as e:  # a missing peer is a row that says so
            rows.append((op, who, None, f"{type(e).__name__}: {str(e)[:80]}"))
            return
        rows.append((op, who, us, ""))

    def hf_rms(t, weight, eps=1e-5):
        v = t.float().pow(2).mean(-1, keepdim=True)
        return weight * (t.float() * torch.rsqrt(v + eps)).to(t.dtype)

    def rot_half(t):
        a, b = t.chunk(2, dim=-1)
        return torch.cat((-b, a), dim=-1)

    def hf_rope(qq, kk, c, s):
        c, s = c.unsqueeze(1), s.unsqueeze(1)
        return qq * c + rot_half(qq) * s, kk * c + rot_half(kk) * s

    try:
        from liger_kernel.ops.rms_norm import LigerRMSNormFunction
        from liger_kernel.ops.rope import LigerRopeFunction
        from liger_kernel.ops.swiglu import LigerSiLUMulFunction
        from liger_kernel.ops.fused_linear_cross_entropy import LigerFusedLinearCrossEntropyFunction
        liger = True
    except ImportError as e:
        liger = False
        print(f"note: Liger-Kernel not importable ({e})")

    lib_dev = _bridge.library_device(dev)
    borrowed = {"x": _bridge.borrow(x, lib_dev), "weight": _bridge.borrow(w, lib_dev)}
    norm_params = {"eps": "1e-05", "offset": "0", "casting_mode": "llama"}
    alloc = _bridge.allocator(dev)
    stream = torch.cuda.current_stream(dev).cuda_stream

    with torch.no_grad():
        add("rms_norm fwd", "torch eager (HF)", lambda: hf_rms(x, w))
        if liger:
            add("rms_norm fwd", "liger", lambda: LigerRMSNormFunction.apply(x, w, 1e-5, 0.0, "llama", False))
        add("rms_norm fwd", "metile functional", lambda: mf.rms_norm(x, w, 1e-5))
        add("rms_norm fwd", "metile run", lambda: _bridge.run("rms_norm.forward", {"x": x, "weight": w},
                                                              {"eps": 1e-5, "offset": 0.0, "casting_mode": "llama"}))
        add("rms_norm fwd", "metile binding", lambda: metile._metile.call_allocating(
            "rms_norm.forward", borrowed, norm_params, lib_dev, alloc, stream))
        add("(per call)", "metile stream", lambda: torch.cuda.current_stream(dev).cuda_stream)
        add("(per call)", "metile borrow x", lambda: _bridge.borrow(x, lib_dev))

        add("swiglu fwd", "torch eager (HF)", lambda: torch.nn.functional.silu(gate) * up)
        if liger:
            add("swiglu fwd", "liger", lambda: LigerSiLUMulFunction.apply(gate, up))
        add("swiglu fwd", "metile functional", lambda: mf.swiglu(gate, up))

        add("rope fwd (q, k)", "torch eager (HF)", lambda: hf_rope(q, k, cos, sin))
        if liger:
            add("rope fwd (q, k)", "liger", lambda: LigerRopeFunction.apply(q, k, cos, sin))
        add("rope fwd (q, k)", "metile functional", lambda: mf.apply_rotary_pos_emb(q, k, cos, sin))

    hid = hidden.detach().requires_grad_()
    lmw = lm.detach().requires_grad_()
    add("flce fwd (grads)", "metile functional", lambda: mf.fused_linear_cross_entropy(hid, lmw, target), 10)
    if liger:
        add("flce fwd (grads)", "liger", lambda: LigerFusedLinearCrossEntropyFunction.apply(hid, lmw, target), 10)

    print(f"torch {torch.__version__}; {torch.cuda.get_device_name(dev)}; metile {getattr(metile, '__version__', '?')}; "
          f"{args.calls} calls x {args.reps} rounds")
    print(f"| op | who | host us/call | note |\n|---|---|---:|---|")
    for op, who, us, note in rows:
        print(f"| {op} | {who} | {'-' if us is None else f'{us:.1f}'} | {note} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
