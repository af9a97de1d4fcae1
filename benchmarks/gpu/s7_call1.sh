#!/bin/bash
# Session 7, first device call (2026-11-30): (1) every operator's CUDA check at session 6's new
# defaults (RMSNorm's 16-bit backward prefetch, 256 threads for the f32 RMSNorm/LayerNorm backward;
# kl_div, jsd, tvd, dyt and poly_norm for the first time on a GPU), cross-entropy/FLCE with the
# pipelined column steps (METILE_CE_PIPELINE=1) and RoPE token-major; (2) RoPE token-major A/B
# and the cross-entropy pipeline A/B by column step; (3) the distribution losses beside Liger and
# torch; (4) an ncu per-kernel breakdown of fused linear cross-entropy at Liger's chunk (256 rows,
# bf16, N 8192, H 4096, V 128256): where its 55.8 ms go. Release binary in .device/bin/metile;
# wheels in .whl/. Carry [".device", ".whl"]. (Prepared as next_s7.sh in session 6; the norms
# table and convergence run moved to the second call.)
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
timeout 150 $B check --device cuda --jobs 16 > $R/check_all.txt 2>&1; t "check all rc=$? $(tail -1 $R/check_all.txt)"; grep FAIL $R/check_all.txt | cut -c1-180 | head -5
timeout 60 env METILE_CE_PIPELINE=1 $B check --device cuda --jobs 16 cross_entropy fused_linear_cross_entropy > $R/check_pipe.txt 2>&1; t "check pipelined rc=$? $(tail -1 $R/check_pipe.txt)"; pack
timeout 40 env METILE_ROPE_TOKEN_MAJOR=1 $B check --device cuda --jobs 16 rope > $R/check_rope_tm.txt 2>&1; t "check rope token-major rc=$? $(tail -1 $R/check_rope_tm.txt)"
for tm in 0 1; do for lead in 8,32 8,8; do METILE_ROPE_TOKEN_MAJOR=$tm $B bench rope --lead $lead --device cuda --rows 2048 --cols 128 --dtype bf16 --reps 20 2>&1 | grep -E "forward |backward " | sed "s/^/token-major $tm lead $lead: /"; done; done > $R/ab_rope.txt; t "rope a/b"; awk '{print $1,$2,$3,$4,$5,$6,$10}' $R/ab_rope.txt; pack
for dt in bf16 f32; do rows=$([ $dt = bf16 ] && echo 8192 || echo 4096)
  for step in 4096 8192 16384; do for pipe in 0 1; do
    METILE_CE_PIPELINE=$pipe METILE_GPU_STEP=$step $B bench cross_entropy --omit weight --device cuda --rows $rows --cols 128256 --dtype $dt --reps 10 2>&1 | grep -E "forward |backward " | sed "s/^/step $step pipe $pipe: /"
  done; done; done > $R/sweep_ce.txt; t "ce sweep"; awk '{print $1,$2,$3,$4,$5,$6,$10}' $R/sweep_ce.txt; pack
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
export PYTHONUNBUFFERED=1
# (5) the distribution losses (new this session) beside Liger and torch: [4096, 32000] f32 and bf16.
D="--device cuda --rows 4096 --cols 32000 --reps 10 --json -p reduction=batchmean"
( $B bench kl_div jsd tvd $D --dtype f32; $B bench kl_div jsd tvd $D --dtype bf16 ) > $R/m_distill.jsonl 2> $R/m_distill.err; t "metile distill"
timeout 90 python3 benchmarks/peers.py --dtypes f32,bf16 --ops kl_div,jsd,tvd --rows 4096 --cols 32000 --copy-mib 1024 --json $R/p_distill.jsonl > $R/p_distill.log 2>&1; t "peers distill rc=$?"
python3 benchmarks/join.py --metile $R/m_distill.jsonl --peers $R/p_distill.jsonl > $R/table_distill.md 2>&1; grep "^|" $R/table_distill.md; pack
F="fused_linear_cross_entropy --rows 8192 --cols 4096 --out-cols 128256 --dtype bf16 --omit bias --omit ce_weight -p param_grad_dtype=storage --device cuda"
$B bench $F --reps 5 > $R/flce_bench.txt 2>&1; t "flce bench"; grep -E "forward |backward " $R/flce_bench.txt
timeout 200 ncu --clock-control none --launch-count 600 --metrics gpu__time_duration.sum --csv --print-units base $B bench $F --reps 1 > $R/flce_ncu.csv 2> $R/flce_ncu.err; t "flce ncu rc=$?"; tail -3 $R/flce_ncu.err
python3 - $R/flce_ncu.csv <<'PY'
import csv, sys, collections
rows = [r for r in csv.reader(open(sys.argv[1])) if len(r) > 10]
hdr = rows[0]; ix = {h: i for i, h in enumerate(hdr)}
tot = collections.defaultdict(lambda: [0, 0.0])
for r in rows[1:]:
    if r[ix["Metric Name"]] != "gpu__time_duration.sum": continue
    key = (r[ix["Kernel Name"]][:70], r[ix["Grid Size"]])
    tot[key][0] += 1; tot[key][1] += float(r[ix["Metric Value"]]) / 1e6
s = sum(v[1] for v in tot.values())
print(f"first 600 launches (about two FLCE calls): kernel time {s:.2f} ms over {sum(v[0] for v in tot.values())} launches")
for (k, g), (n, ms) in sorted(tot.items(), key=lambda kv: -kv[1][1])[:25]:
    print(f"{ms:9.3f} ms {n:5d}x  {g:>16}  {k}")
PY
pack
