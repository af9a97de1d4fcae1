#!/bin/bash
# Session 13, call 4 (2026-11-30), the final code: programmatic launch only where call 3
# measured it paying (the LayerNorm and RMSNorm forwards at bf16 and f32; RMSNorm's bf16 with
# six programs per SM asked of ptxas). (1) the runtime's CUDA tests (a chain of 64 programmatic
# launches among them) and the capture test; (2) the whole CUDA check; (3) the norms,
# graph-timed, beside the peers (metile.torch from this commit's wheel), joined.
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r13c4; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
for b in runtime_cuda_tests runtime_capture_tests; do
  timeout 60 .device/bin/$b --test-threads 1 > $R/$b.txt 2>&1; t "$b rc=$? $(grep '^test result' $R/$b.txt)"; grep -E "FAILED|panicked" $R/$b.txt | head -5; done; pack
timeout 170 $B check --device cuda --jobs 16 > $R/check.txt 2>&1; t "check all rc=$? $(tail -1 $R/check.txt)"; grep FAIL $R/check.txt | cut -c1-200 | head -5; pack
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
N="rms_norm layer_norm add_rms_norm --device cuda --rows 16384 --cols 4096 --reps 20 --json --cuda-graph"
for d in bf16 f32; do p=""; [ $d = bf16 ] && p="-p grad_dtype=storage"; timeout 60 $B bench $N --dtype $d $p >> $R/mg_norms.jsonl 2>>$R/m.err; t "bench graph norms $d rc=$?"; done; pack
P="python3 benchmarks/peers.py --cuda-graph --copy-mib 1024"; export PYTHONUNBUFFERED=1
timeout 150 $P --ops rms_norm,layer_norm,fused_add_rms_norm --rows 16384 --cols 4096 --dtypes bf16,f32 --json $R/p_norms.jsonl > $R/p_norms.log 2>&1; t "peers norms rc=$?"
python3 benchmarks/join.py --metile $R/mg_norms.jsonl --peers $R/p_norms.jsonl > $R/table_norms.md 2>&1; grep "^|" $R/table_norms.md | grep -v "^|---\|operator" | cut -d'|' -f2-12; pack
grep -h '"timing"' $R/mg_*.jsonl | python3 -c "import sys,json; [print(r['entry'], r['dtype'], r['timing'], round(r['ms'],4)) for r in map(json.loads, sys.stdin)]"
sort $R/m.err | uniq -c | head
