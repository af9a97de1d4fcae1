#!/bin/bash
# Session 19, call 5 (carry [".device", ".whl"]): the final plans of modulated_rms_norm and
# fused_ce_tvd (call 4's sweep): their CUDA check, then metile and the peers in one run.
cd "$(dirname "$0")/../.."
R=/tmp/r19e; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
B=.device/bin/metile
timeout 60 $B check modulated_rms_norm fused_ce_tvd --device cuda --jobs 16 > $R/check.txt 2>&1; t "check rc=$? $(tail -1 $R/check.txt)"; grep FAIL $R/check.txt | cut -c1-200 | head -5; gzip $R/check.txt; pack
G="--device cuda --reps 20 --cuda-graph --json"
for d in bf16 f32; do
  timeout 30 $B bench modulated_rms_norm $G --lead 8 --rows 2048 --cols 4096 --dtype $d >> $R/m_mod.jsonl 2>>$R/m.err
  timeout 40 $B bench fused_ce_tvd $G --rows 8192 --cols 32768 --dtype $d >> $R/m_tvd.jsonl 2>>$R/m.err
done; t "bench"; pack
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
export PYTHONUNBUFFERED=1
P="--cuda-graph --copy-mib 1024 --dtypes bf16,f32 --no-metile"
timeout 60 python3 benchmarks/peers.py $P --ops modulated_rms_norm --rows 16384 --cols 4096 --json $R/p_mod.jsonl > $R/p_mod.log 2>&1; t "peers mod rc=$?"; pack
timeout 70 python3 benchmarks/peers.py $P --ops fused_ce_tvd --rows 8192 --cols 32768 --json $R/p_tvd.jsonl > $R/p_tvd.log 2>&1; t "peers tvd rc=$?"
for o in mod tvd; do python3 benchmarks/join.py --metile $R/m_$o.jsonl --peers $R/p_$o.jsonl > $R/table_$o.md 2>&1; grep "^|" $R/table_$o.md | grep -v "^|---" | cut -d'|' -f2-13; done
pack
