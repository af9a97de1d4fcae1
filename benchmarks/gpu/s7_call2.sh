#!/bin/bash
# Session 7, second device call (2026-11-30): what s7_call1.sh did not reach in its 600 s (its
# cross-entropy sweep took 430 s: host-side inputs of 1 G logits per run): (1) an ncu per-kernel
# breakdown of fused linear cross-entropy at Liger's chunk (256 rows, bf16, N 8192, H 4096,
# V 128256): where its 55.8 ms go; (2) the distribution losses beside Liger and torch.
# Same binary and wheels as s7_call1.sh. Carry [".device", ".whl"].
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
F="fused_linear_cross_entropy --rows 8192 --cols 4096 --out-cols 128256 --dtype bf16 --omit bias --omit ce_weight -p param_grad_dtype=storage --device cuda"
$B bench $F --reps 5 > $R/flce_bench.txt 2>&1; t "flce bench"; grep -E "forward |backward " $R/flce_bench.txt
timeout 200 ncu --clock-control none --launch-count 700 --metrics gpu__time_duration.sum --csv --print-units base $B bench $F --reps 1 > $R/flce_ncu.csv 2> $R/flce_ncu.err; t "flce ncu rc=$?"; tail -3 $R/flce_ncu.err
python3 - $R/flce_ncu.csv <<'PY'
import csv, sys, collections
rows = [r for r in csv.reader(open(sys.argv[1])) if len(r) > 10]
hdr = rows[0]; ix = {h: i for i, h in enumerate(hdr)}
tot = collections.defaultdict(lambda: [0, 0.0])
for r in rows[1:]:
    if r[ix["Metric Name"]] != "gpu__time_duration.sum": continue
    key = (r[ix["Kernel Name"]][:90], r[ix["Grid Size"]], r[ix["Block Size"]])
    tot[key][0] += 1; tot[key][1] += float(r[ix["Metric Value"]]) / 1e6
s = sum(v[1] for v in tot.values())
print(f"first 700 launches (two to three FLCE calls): kernel time {s:.2f} ms over {sum(v[0] for v in tot.values())} launches")
for (k, g, b), (n, ms) in sorted(tot.items(), key=lambda kv: -kv[1][1])[:25]:
    print(f"{ms:9.3f} ms {n:5d}x {ms/n:8.4f} ms/launch {g:>16} {b:>12}  {k}")
PY
pack
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
export PYTHONUNBUFFERED=1
D="--device cuda --rows 4096 --cols 32000 --reps 10 --json -p reduction=batchmean"
( $B bench kl_div jsd tvd $D --dtype f32; $B bench kl_div jsd tvd $D --dtype bf16 ) > $R/m_distill.jsonl 2> $R/m_distill.err; t "metile distill"
timeout 90 python3 benchmarks/peers.py --dtypes f32,bf16 --ops kl_div,jsd,tvd --rows 4096 --cols 32000 --copy-mib 1024 --json $R/p_distill.jsonl > $R/p_distill.log 2>&1; t "peers distill rc=$?"
python3 benchmarks/join.py --metile $R/m_distill.jsonl --peers $R/p_distill.jsonl > $R/table_distill.md 2>&1; grep "^|" $R/table_distill.md; pack
