#!/bin/bash
# Session 7, third device call (2026-11-30): (1) cross-entropy and FLCE checks at the new default
# (16-bit forwards pipeline their column steps); (2) occupancy sweeps with the new
# METILE_CUDA_MIN_PROGRAMS hint (launch bounds): RoPE q/k forward and backward (75 registers at
# 256 threads in bf16) by threads x hint, and the norms' forwards by hint; (3) FLCE bf16 at Liger's
# chunk at the new default; (4) the norms and softmax at their current defaults beside the peers
# replayed from CUDA graphs. Release binary in .device/bin/metile; wheels in .whl/.
# Carry [".device", ".whl"].
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r3; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
timeout 60 $B check --device cuda --jobs 16 cross_entropy fused_linear_cross_entropy > $R/check_ce.txt 2>&1; t "check ce/flce rc=$? $(tail -1 $R/check_ce.txt)"; grep FAIL $R/check_ce.txt | cut -c1-180 | head -5
Q="--device cuda --rows 2048 --cols 128 --dtype bf16 --reps 20"
for th in 128 256 512; do for mp in 0 2 4 6; do for lead in 8,32 8,8; do
  METILE_CUDA_THREADS=rope_fwd=$th,rope_bwd=$th METILE_CUDA_MIN_PROGRAMS=rope_fwd=$mp,rope_bwd=$mp $B bench rope --lead $lead $Q 2>&1 | grep -E "rope.forward |rope.backward " | sed "s/^/threads $th min $mp lead $lead: /"
done; done; done > $R/sweep_rope.txt; t "rope sweep"; awk '{print $2,$4,$6,$7,$11}' $R/sweep_rope.txt | sort -k3,4 -k5n | awk '{k=$3" "$4; if (n[k]++ < 3) print}'; pack
N="--device cuda --rows 16384 --cols 4096 --reps 20"
for dt in bf16 f32; do for mp in 0 5 6 8; do
  METILE_CUDA_MIN_PROGRAMS=rms_norm_fwd=$mp,layer_norm_fwd=$mp,add_rms_norm_fwd=$mp $B bench rms_norm layer_norm add_rms_norm $N --dtype $dt 2>&1 | grep -E "\.forward " | sed "s/^/$dt min $mp: /"
done; done > $R/sweep_norms.txt; t "norms sweep"; awk '{print $1,$2,$3,$4,$8}' $R/sweep_norms.txt; pack
F="fused_linear_cross_entropy --rows 8192 --cols 4096 --out-cols 128256 --dtype bf16 --omit bias --omit ce_weight -p param_grad_dtype=storage --device cuda"
timeout 60 $B bench $F --reps 5 > $R/flce_bench.txt 2>&1; t "flce bench"; grep -E "forward |backward " $R/flce_bench.txt; pack
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
export PYTHONUNBUFFERED=1
N="--device cuda --rows 16384 --cols 4096 --reps 20 --json"
( $B bench rms_norm layer_norm add_rms_norm softmax $N --dtype bf16 -p grad_dtype=storage
  $B bench rms_norm layer_norm add_rms_norm $N --dtype f32 ) > $R/m.jsonl 2> $R/m.err; t "metile norms"
P="python3 benchmarks/peers.py --cuda-graph"
timeout 110 $P --dtypes bf16,f32 --ops rms_norm,layer_norm,fused_add_rms_norm --json $R/g_norms.jsonl > $R/g_norms.log 2>&1; t "graph peers norms rc=$?"
timeout 40 $P --dtypes bf16 --ops softmax --copy-mib 1024 --json $R/g_sm.jsonl > $R/g_sm.log 2>&1; t "graph peers softmax rc=$?"
cat $R/g_*.jsonl > $R/g_all.jsonl; python3 benchmarks/join.py --metile $R/m.jsonl --peers $R/g_all.jsonl > $R/table_graph.md 2>&1; grep "^|" $R/table_graph.md; pack
