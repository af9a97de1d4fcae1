#!/bin/bash
# Session 20, call 2 (carry [".device", ".whl"]): (1) the CUDA check of sparsemax (now on
# cross_entropy::RowTiles) and modulated_rms_norm (forward now a programmatic dependent);
# (2) the modulated forward, 8x2048x4096, graph-timed: programmatic launch on / off
# (METILE_CUDA_PDL=0) x register budgets (METILE_CUDA_MIN_PROGRAMS 0/4/5/6), two rounds; (3) the
# peers at the same shape in the same run.
cd "$(dirname "$0")/../.."
R=/tmp/r20b; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
B=.device/bin/metile
timeout 120 $B check sparsemax modulated_rms_norm --device cuda --jobs 16 > $R/check.txt 2>&1; t "check rc=$? $(tail -1 $R/check.txt)"; grep FAIL $R/check.txt | cut -c1-200 | head -5; gzip $R/check.txt; pack
G="--device cuda --reps 20 --cuda-graph --lead 8 --rows 2048 --cols 4096"
for round in 1 2; do for d in bf16 f32; do
  for pdl in 1 0; do for mp in 0 4 5 6; do
    [ $pdl = 0 ] && [ $mp != 0 ] && continue
    r=$(METILE_CUDA_PDL=$pdl METILE_CUDA_MIN_PROGRAMS=modulated_rms_norm_fwd=$mp timeout 30 $B bench modulated_rms_norm $G --dtype $d 2>&1 | grep -E "\.forward " | head -1)
    echo "round $round $d pdl $pdl min $mp: $r"
  done; done
done; done > $R/sweep.txt; t sweep; cut -c1-160 $R/sweep.txt; pack
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
export PYTHONUNBUFFERED=1
for d in bf16 f32; do timeout 30 $B bench modulated_rms_norm $G --dtype $d --json >> $R/m_mod.jsonl 2>>$R/m.err; done
timeout 90 python3 benchmarks/peers.py --cuda-graph --copy-mib 1024 --dtypes bf16,f32 --no-metile --ops modulated_rms_norm --rows 16384 --cols 4096 --json $R/p_mod.jsonl > $R/p_mod.log 2>&1; t "peers rc=$?"
python3 benchmarks/join.py --metile $R/m_mod.jsonl --peers $R/p_mod.jsonl > $R/table_mod.md 2>&1; grep "^|" $R/table_mod.md | grep -v "^|---" | cut -d'|' -f2-13; pack
