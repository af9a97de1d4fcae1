#!/bin/bash
# Session 8, call 5: the emitter's fast body as its own entry point (chosen by the launcher).
# (1) runtime tests and the whole CUDA check (every kernel now launches through the new choice);
# (2) A/B against METILE_CUDA_SPLIT=0 (one entry point, device-side test) for RoPE (q+k pair),
#     the norms, SwiGLU/GeGLU and softmax;
# (3) the norms and softmax beside the peers replayed from CUDA graphs (as s7_call3.sh).
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
timeout 40 .device/bin/test_runtime_cuda > $R/runtime_cuda.txt 2>&1; t "runtime cuda tests rc=$?"; grep -E "test result|FAILED|panicked" $R/runtime_cuda.txt | head -5
timeout 170 $B check --device cuda --jobs 16 > $R/check.txt 2>&1; t "check all rc=$? $(tail -1 $R/check.txt)"; grep FAIL $R/check.txt | cut -c1-180 | head -5; pack
Q="--device cuda --rows 2048 --cols 128 --dtype bf16 --reps 20"
N="--device cuda --rows 16384 --cols 4096 --reps 20"
G="--device cuda --rows 8192 --cols 14336 --dtype bf16 --reps 20"
for sp in 0 1; do
  export METILE_CUDA_SPLIT=$sp
  $B bench rope --lead 8,32 $Q 2>&1 | grep -E "forward |backward " | sed "s/^/split $sp: /"
  $B bench rms_norm layer_norm add_rms_norm softmax $N --dtype bf16 -p grad_dtype=storage 2>&1 | grep -E "forward |backward " | sed "s/^/split $sp bf16: /"
  $B bench rms_norm layer_norm add_rms_norm $N --dtype f32 2>&1 | grep -E "forward |backward " | sed "s/^/split $sp f32: /"
  $B bench swiglu geglu $G 2>&1 | grep -E "forward |backward " | sed "s/^/split $sp: /"
done > $R/ab_split.txt; unset METILE_CUDA_SPLIT; t "split a/b"; awk '{print $1,$2,$3,$4,$5,$6,$7,$10}' $R/ab_split.txt; pack
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
export PYTHONUNBUFFERED=1
N="--device cuda --rows 16384 --cols 4096 --reps 20 --json"
( $B bench rms_norm layer_norm add_rms_norm softmax $N --dtype bf16 -p grad_dtype=storage
  $B bench rms_norm layer_norm add_rms_norm $N --dtype f32 ) > $R/m.jsonl 2> $R/m.err; t "metile norms"
P="python3 benchmarks/peers.py --cuda-graph"
timeout 110 $P --dtypes bf16,f32 --ops rms_norm,layer_norm,fused_add_rms_norm --json $R/g_norms.jsonl > $R/g_norms.log 2>&1; t "graph peers norms rc=$?"
timeout 40 $P --dtypes bf16 --ops softmax --copy-mib 1024 --json $R/g_sm.jsonl > $R/g_sm.log 2>&1; t "graph peers softmax rc=$?"
cat $R/g_*.jsonl > $R/g_all.jsonl; python3 benchmarks/join.py --metile $R/m.jsonl --peers $R/g_all.jsonl > $R/table_graph.md 2>&1; grep "^|" $R/table_graph.md | cut -c1-200; pack
