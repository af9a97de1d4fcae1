#!/bin/bash
# Session 11, call 3 (2026-11-30): (1) the whole FP64 check on the H200 (the emitter's four-way
# sibling reductions touch every kernel with row sums; unfilled outputs); (2) the metile.torch
# CUDA tests (outputs now unfilled on a GPU); (3) the norms with this commit's binary and
# metile.torch (this commit's wheel) beside the peers, all graph-replayed in one harness.
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r11c3; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
timeout 200 $B check --device cuda --jobs 16 > $R/check.txt 2>&1; t "check all rc=$? $(tail -1 $R/check.txt)"; grep FAIL $R/check.txt | cut -c1-200 | head -5; pack
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
timeout 100 python3 -m pytest -q -rs python/tests/test_torch.py -k cuda > $R/pytest_cuda.txt 2>&1; t "pytest cuda rc=$?"; tail -3 $R/pytest_cuda.txt; pack
N="rms_norm layer_norm add_rms_norm --device cuda --rows 16384 --cols 4096 --reps 20 --json"
for d in bf16 f32; do p=""; [ $d = bf16 ] && p="-p grad_dtype=storage"; timeout 60 $B bench $N --dtype $d $p >> $R/m_norms.jsonl 2>>$R/m_norms.err; t "bench $d rc=$?"; done; pack
timeout 200 python3 benchmarks/peers.py --cuda-graph --ops rms_norm,layer_norm,fused_add_rms_norm --rows 16384 --cols 4096 --dtypes bf16,f32 --copy-mib 1024 --json $R/g_norms.jsonl > $R/g_norms.log 2>&1; t "peers graph (metile.torch) rc=$?"; pack
python3 benchmarks/join.py --metile $R/m_norms.jsonl --peers $R/g_norms.jsonl > $R/table_graph.md 2>&1; grep "^|" $R/table_graph.md | cut -c1-240; pack
