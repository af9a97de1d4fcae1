#!/usr/bin/env python3
"""A markdown table of a tuning sweep: `metile bench --json` rows, each tagged with the variant
that produced it (`{"tag": ..., ...}`, as the device scripts write them), one column per tag in
the order first seen, one row per (operator, dtype, mode), ms.

Usage: python3 benchmarks/sweep_table.py sweep.jsonl
"""

import collections
import json
import sys


def main(path):
    rows = [json.loads(l) for l in open(path) if l.startswith("{") and '"ms"' in l]
    tags = list(dict.fromkeys(r["tag"] for r in rows))
    table = collections.defaultdict(dict)
    for r in rows:
        table[(r["op"], r.get("dtype"), r["mode"])][r["tag"]] = r["ms"]
    print("| op | dtype | mode | " + " | ".join(tags) + " |")
    print("|---|---|---|" + "---:|" * len(tags))
    for k, v in table.items():
        cells = (f"{v[g]:.4f}" if g in v else "-" for g in tags)
        print("| " + " | ".join(map(str, k)) + " | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main(sys.argv[1])
