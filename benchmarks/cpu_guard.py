"""A CPU performance regression guard: times a fixed set of `metile bench` entries and compares
each one's time over a memory copy measured beside it ("x copy", which carries over between
machines far better than milliseconds: this workplace's 2-core machines differ by 2x) with a
recorded baseline.

    python3 benchmarks/cpu_guard.py            # compare with benchmarks/cpu_guard_baseline.json
    python3 benchmarks/cpu_guard.py --record   # write the baseline from this run

Each side is the median of several runs per entry (`--runs`). It prints one line per entry and
exits 1 when an entry is slower than its baseline by more than `--factor` (default 1.6: runs on
these machines vary by up to ~1.3x). It is a benchmark,
run by hand before and after executor changes, not a test: CI does not run it. What it would have
caught: the embedding forward's 20x regression (0.8 -> 12 x copy) found on 2026-12-01.
"""
import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
BASELINE = os.path.join(HERE, "cpu_guard_baseline.json")

# (arguments after `metile bench`): each group small enough that the guard runs in about a
# minute on 2 cores, large enough that per-call overhead does not dominate.
GROUPS = [
    "rms_norm layer_norm softmax --rows 1024 --cols 4096 --reps 5",
    "rms_norm layer_norm softmax --rows 1024 --cols 4096 --dtype bf16 --reps 5",
    "swiglu silu --rows 1024 --cols 4096 --reps 5",
    "cross_entropy --omit weight --rows 256 --cols 32000 --reps 5",
    "rope --rows 2048 --cols 128 --reps 9",
    "rope --lead 2,8 --rows 256 --cols 128 --dtype bf16 --reps 9",
    "matmul --rows 512 --cols 512 --reps 5",
    "embedding --rows 2048 --cols 2048 --reps 5",
    "attention --lead 16,4 --rows 128 --cols 32 -p causal=true --reps 5",
]


def run(binary, runs):
    """Median `x_copy` (and ms) per entry over `runs` runs of every group."""
    samples = {}
    for _ in range(runs):
        for key, r in run_once(binary).items():
            samples.setdefault(key, []).append(r)
    med = lambda v: sorted(v)[len(v) // 2]
    return {
        k: {"ms": med([r["ms"] for r in v]), "x_copy": med([r["x_copy"] for r in v])}
        for k, v in samples.items()
    }


def run_once(binary):
    rows = {}
    for group in GROUPS:
        out = subprocess.run(
            [binary, "bench", *group.split(), "--json"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        for line in out.splitlines():
            if not line.startswith("{"):
                continue
            r = json.loads(line)
            key = f"{r['entry']} {r['dtype']} {'x'.join(map(str, r['shape']))}"
            rows[key] = {"ms": r["ms"], "x_copy": r["x_copy"]}
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--record", action="store_true", help="write the baseline from this run")
    ap.add_argument("--factor", type=float, default=1.6, help="slower than this many times the baseline fails")
    ap.add_argument(
        "--runs",
        type=int,
        help="runs per entry, the median kept (default: 5 to record, 3 to compare)",
    )
    ap.add_argument(
        "--binary",
        default=os.path.join(HERE, "..", "target", "release", "metile"),
        help="the metile binary (default: the release build)",
    )
    args = ap.parse_args()
    now = run(args.binary, args.runs or (5 if args.record else 3))
    if args.record:
        with open(BASELINE, "w") as f:
            json.dump(now, f, indent=1, sort_keys=True)
            f.write("\n")
        print(f"recorded {len(now)} entries in {BASELINE}")
        return 0
    with open(BASELINE) as f:
        base = json.load(f)
    slower = []
    print(f"{'entry':58s} {'base x copy':>11s} {'now x copy':>10s} {'ratio':>6s}")
    for key in sorted(set(base) | set(now)):
        if key not in now or key not in base:
            print(f"{key:58s} {'missing now' if key not in now else 'new':>30s}")
            continue
        b, n = base[key]["x_copy"], now[key]["x_copy"]
        ratio = n / b
        flag = "  SLOWER" if ratio > args.factor else ""
        print(f"{key:58s} {b:11.2f} {n:10.2f} {ratio:6.2f}{flag}")
        if flag:
            slower.append(key)
    if slower:
        print(f"{len(slower)} entries slower than {args.factor}x their baseline", file=sys.stderr)
        return 1
    print("no entry slower than its baseline by more than", args.factor)
    return 0


if __name__ == "__main__":
    sys.exit(main())
