#!/bin/bash
# Session 10, call 3 (2026-11-30): cross-entropy with targets left in device memory (row factors
# and sums on the device, guarded targets, dloss read in the kernel), checked against the FP64
# oracle on the H200 and timed beside the peers (host_us shows whether the host still waits);
# LayerNorm's bf16 forward under its new register budget, checked and timed beside the peers
# replayed from CUDA graphs.
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r10c3; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
timeout 150 $B check cross_entropy layer_norm --device cuda --jobs 16 > $R/check.txt 2>&1; t "check rc=$? $(tail -1 $R/check.txt)"; grep FAIL $R/check.txt | cut -c1-200 | head -5; pack
C="cross_entropy --omit weight --device cuda --cols 128256 --reps 10 --json"
timeout 60 $B bench $C --rows 8192 --dtype bf16 > $R/m_ce_bf16.jsonl 2>&1; t "bench ce bf16 rc=$?"
timeout 60 $B bench $C --rows 4096 --dtype f32 > $R/m_ce_f32.jsonl 2>&1; t "bench ce f32 rc=$?"
cat $R/m_ce_*.jsonl | python3 -c "import sys,json; [print(r['dtype'], r['mode'], round(r['ms'],4), 'host_us', r.get('host_us')) for r in map(json.loads, (l for l in sys.stdin if l.startswith('{')))]"; pack
timeout 45 $B bench layer_norm --device cuda --rows 16384 --cols 4096 --dtype bf16 -p grad_dtype=storage --reps 20 --json > $R/m_ln.jsonl 2>&1; t "bench ln rc=$?"; pack
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
P="python3 benchmarks/peers.py --no-metile"; export PYTHONUNBUFFERED=1
timeout 70 $P --ops cross_entropy --rows 8192 --cols 128256 --dtypes bf16 --copy-mib 1024 --json $R/p_ce_bf16.jsonl > $R/p_ce_bf16.log 2>&1; t "peers ce bf16 rc=$?"; pack
timeout 70 $P --ops cross_entropy --rows 4096 --cols 128256 --dtypes f32 --copy-mib 1024 --json $R/p_ce_f32.jsonl > $R/p_ce_f32.log 2>&1; t "peers ce f32 rc=$?"; pack
timeout 60 $P --cuda-graph --ops layer_norm --rows 16384 --cols 4096 --dtypes bf16 --copy-mib 1024 --json $R/g_ln.jsonl > $R/g_ln.log 2>&1; t "peers ln graph rc=$?"; pack
for g in ce_bf16 ce_f32; do python3 benchmarks/join.py --metile $R/m_$g.jsonl --peers $R/p_$g.jsonl > $R/table_$g.md 2>&1; grep "^| cross" $R/table_$g.md | cut -c1-220; done
python3 benchmarks/join.py --metile $R/m_ln.jsonl --peers $R/g_ln.jsonl > $R/table_ln.md 2>&1; grep "^| layer" $R/table_ln.md | cut -c1-220; pack
