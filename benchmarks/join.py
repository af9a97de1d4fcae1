#!/usr/bin/env python3
"""Joins `metile bench --json` output with benchmarks/peers.py JSON into one markdown table.

One row per operator, mode and dtype (and shape): metile's ms, metile's ms through its PyTorch
adapters in the peers' process (peers.py's `metile_torch` rows: not a peer, never the best peer;
it includes the adapters' host time per call), each peer's ms (torch eager,
torch.compile, Liger), the best peer, the ratio metile / best peer (below 1: metile is faster),
metile's achieved GB/s and its fraction of the copy bandwidth measured in the same run, and the
peak extra memory where known: the peers' and, last, metile's (`metile bench` measures it per
entry on CUDA, the first call with fresh outputs; not for its fwd+bwd pairs).

A peer row with `parts` (RoPE: q and k rotated by one call) takes as metile's time the sum of
metile's rows at those shapes (one call per tensor).

Achieved GB/s counts the fewest bytes the operator must move (peers.py's `min_bytes`, the same
count for every peer, as in shared/ANCHORS.md) when the peers file has the row; otherwise metile's
own count (every input read once, every output written once, statistics and weights included)
is used and the figure is marked with `*`. The copy bandwidth is peers.py's `copy` row (a
device-to-device copy, bytes read plus written); without one, metile's own copy timing beside
each row is used and the fraction is marked with `+`.

Usage:
  python3 benchmarks/join.py --metile metile_bf16.jsonl --metile metile_f32.jsonl \
      --peers peers.jsonl [--modes fwd,fwd+bwd] [--out table.md]
"""

import argparse
import json
import sys

# metile operator names -> the names peers.py uses.
OP_ALIASES = {"add_rms_norm": "fused_add_rms_norm"}
DTYPE_ALIASES = {"fp32": "f32", "float32": "f32", "fp16": "f16", "float16": "f16", "bfloat16": "bf16"}
PEERS = (("torch_eager", "eager"), ("torch_compile", "compile"), ("liger", "Liger"))


def read_lines(paths, what):
    rows = []
    for path in paths:
        f = sys.stdin if path == "-" else open(path)
        with f:
            for n, line in enumerate(f, 1):
                line = line.strip()
                if not line:
                    continue
                try:
                    v = json.loads(line)
                except json.JSONDecodeError:
                    print(f"note: {path}:{n}: not JSON, skipped: {line[:80]}", file=sys.stderr)
                    continue
                if isinstance(v, dict):
                    rows.append(v)
    if not rows:
        print(f"note: no {what} rows read", file=sys.stderr)
    return rows


def norm_op(op):
    return OP_ALIASES.get(op, op)


def norm_dtype(dt):
    return DTYPE_ALIASES.get(dt, dt)


def key_of(r):
    return (norm_op(r.get("op", "")), r.get("mode", ""), norm_dtype(r.get("dtype", "")), tuple(r.get("shape") or ()))


def fmt_ms(ms):
    if ms is None:
        return "—"
    return f"{ms:.3f}" if ms >= 0.01 else f"{ms:.4f}"


def fmt_num(x, digits=0):
    return "—" if x is None else f"{x:.{digits}f}"


def cell(r):
    """A peers.py row as a table cell: its ms, or why there is none."""
    if r is None:
        return "—"
    if r.get("error"):
        return "failed"
    return "skipped" if r.get("ms") is None else fmt_ms(r["ms"])


def build(metile_rows, peer_rows, modes):
    meta = next((r for r in peer_rows if r.get("op") == "_meta"), {})
    copy = next((r for r in peer_rows if r.get("op") == "copy" and r.get("ms")), None)
    copy_gbps = copy["min_bytes"] / (copy["ms"] * 1e-3) / 1e9 if copy else None

    order = []
    peers = {}
    for r in peer_rows:
        if r.get("op") in ("_meta", "copy") or r.get("mode") not in modes:
            continue
        k = key_of(r)
        if k not in peers:
            peers[k] = {}
            order.append(k)
        peers[k][r.get("peer")] = r

    metile = {}
    for r in metile_rows:
        if "entry" not in r or r.get("mode") not in modes:
            continue
        if "op" not in r:  # older bench output: the op is the entry's prefix
            r = dict(r, op=r["entry"].split(".")[0])
        k = key_of(r)
        if k in metile:
            print(f"note: several metile rows for {k}; the first is used", file=sys.stderr)
            continue
        metile[k] = r
        if k not in peers:
            order.append(k)

    # A peer row timed as one call over several tensors (RoPE's q and k) lists their shapes as
    # `parts`; metile times each part as its own call, and the row takes the sum of those calls.
    for k, pr in peers.items():
        parts = next((r.get("parts") for r in pr.values() if r.get("parts")), None)
        if not parts or k in metile:
            continue
        op, mode, dtype, _ = k
        found = [metile.get((op, mode, dtype, tuple(part))) for part in parts]
        missing = [p for p, m in zip(parts, found) if m is None]
        if missing and len(missing) < len(parts):
            print(f"note: {op} {mode} {dtype}: no metile rows for parts {missing}; not summed", file=sys.stderr)
        if all(found):
            metile[k] = dict(
                found[0],
                shape=list(k[3]),
                ms=sum(m["ms"] for m in found),
                bytes=sum(m.get("bytes") or 0 for m in found) or None,
                copy_ms=None,
                peak_extra_mib=None,
            )
            for part in parts:
                key = (op, mode, dtype, tuple(part))
                if key in order and key not in peers:
                    order.remove(key)

    lines = []
    head = []
    if meta:
        head.append(
            f"Peers: torch {meta.get('torch', '?')}, Liger {meta.get('liger') or 'not run'}, "
            f"torch.compile {'on' if meta.get('compile') else 'off'}, on {meta.get('device', '?')}"
            + (" (quick repetitions)" if meta.get("quick") else "")
            + "."
        )
        for n in meta.get("notes") or []:
            head.append(f"Note: {n}.")
    devices = sorted({r.get("device") for r in metile.values() if r.get("device")})
    if devices:
        head.append(f"metile on device: {', '.join(devices)}.")
    timings = sorted({r.get("timing") or "launch" for r in metile.values()})
    if timings:
        how = {"graph": "replayed from CUDA graphs (`metile bench --cuda-graph`)",
               "launch": "calls launched one after another (`metile bench`)", "host": "run on the host"}
        head.append("metile ms: " + "; ".join(how.get(t, t) for t in timings) + ".")
    if copy_gbps:
        head.append(f"Copy ceiling in the peers' run: {copy_gbps:.0f} GB/s (bytes read + written).")
    lines += head
    if head:
        lines.append("")
    lines.append(
        "| operator (shape) | mode | dtype | metile ms | metile.torch ms | torch eager | torch.compile | Liger "
        "| best peer | metile / best | metile GB/s | of copy | peak extra MiB eager / compile / Liger / metile.torch / metile |"
    )
    lines.append("|---|---|---|---:|---:|---:|---:|---:|---|---:|---:|---:|---|")
    used = {"*": False, "+": False}
    for k in order:
        op, mode, dtype, shape = k
        pr = peers.get(k, {})
        m = metile.get(k)
        m_ms = m.get("ms") if m else None

        cells = [cell(pr.get("metile_torch"))]
        best = None
        for peer, short in PEERS:
            r = pr.get(peer)
            cells.append(cell(r))
            if r is not None and not r.get("error") and r.get("ms") is not None:
                if best is None or r["ms"] < best[1]:
                    best = (short, r["ms"])
        min_bytes = next((r.get("min_bytes") for r in pr.values() if r.get("min_bytes")), None)

        gbps = frac = None
        gbps_mark = frac_mark = ""
        if m_ms:
            if min_bytes:
                gbps = min_bytes / (m_ms * 1e-3) / 1e9
            elif m.get("bytes"):
                gbps = m["bytes"] / (m_ms * 1e-3) / 1e9
                gbps_mark = "*"
            if gbps is not None and copy_gbps:
                frac = gbps / copy_gbps
            elif gbps is not None and m.get("copy_ms"):
                # metile's own copy of its own byte count: fraction = copy_ms / ms, rescaled to
                # the byte count used for gbps.
                own = m["bytes"] / (m["copy_ms"] * 1e-3) / 1e9
                frac = gbps / own
                frac_mark = "+"
        used["*"] |= bool(gbps_mark)
        used["+"] |= bool(frac_mark)
        peaks = [pr.get(p, {}).get("peak_extra_mib") for p in [p for p, _ in PEERS] + ["metile_torch"]]
        peaks.append(m.get("peak_extra_mib") if m else None)
        peak_cell = " / ".join(fmt_num(x) for x in peaks) if any(x is not None for x in peaks) else ""
        shape_s = "x".join(str(s) for s in shape)
        lines.append(
            "| "
            + " | ".join(
                [
                    f"{op} ({shape_s})",
                    mode,
                    dtype,
                    fmt_ms(m_ms),
                    *cells,
                    f"{best[0]} {fmt_ms(best[1])}" if best else "—",
                    f"{m_ms / best[1]:.2f}" if (best and m_ms) else "—",
                    (fmt_num(gbps, 0 if gbps >= 100 else 1) + gbps_mark) if gbps is not None else "—",
                    (f"{frac:.2f}" + frac_mark) if frac is not None else "—",
                    peak_cell,
                ]
            )
            + " |"
        )
    marks = []
    if used["*"]:
        marks.append("`*`: metile's own byte count (no peer row gave the fewest bytes).")
    if used["+"]:
        marks.append("`+`: against metile's own copy timing (no copy row in the peers file).")
    if marks:
        lines.append("")
        lines += marks
    return "\n".join(lines) + "\n"


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--metile", action="append", default=[], metavar="PATH", help="`metile bench --json` output (repeatable; - for stdin)")
    p.add_argument("--peers", action="append", default=[], metavar="PATH", help="peers.py --json output (repeatable)")
    p.add_argument("--modes", default="fwd,fwd+bwd", help="comma-separated modes to show (fwd, bwd, fwd+bwd)")
    p.add_argument("--out", metavar="PATH", help="write the table here instead of stdout")
    args = p.parse_args(argv)
    if not args.metile and not args.peers:
        p.error("give --metile and/or --peers")
    modes = {m.strip() for m in args.modes.split(",") if m.strip()}
    table = build(read_lines(args.metile, "metile"), read_lines(args.peers, "peer"), modes)
    if args.out:
        with open(args.out, "w") as f:
            f.write(table)
    else:
        sys.stdout.write(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
