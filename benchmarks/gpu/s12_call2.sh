#!/bin/bash
# Session 12, call 2 (2026-11-30): cache-policy A/B (`METILE_CUDA_LOAD_HINT`,
# `METILE_CUDA_STORE_HINT`: vector loads and stores through __ldcs/__ldlu/__ldg and __stcs) and
# the f32 forwards' weight loaded after the reduction (`METILE_NORM_RELOAD_PARAMS=1`), on the
# norms (f32, bf16), softmax (bf16) and RoPE (bf16, also token-major and its register budget).
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r12c2; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
NORMS="rms_norm layer_norm add_rms_norm --rows 16384 --cols 4096"
SOFT="softmax --rows 16384 --cols 4096"
ROPE="rope --lead 8,32 --rows 2048 --cols 128"
run() { local tag=$1 what=$2 d=$3; shift 3; local p=""; [ $d = bf16 ] && p="-p grad_dtype=storage"
  timeout 60 env "$@" $B bench $what --device cuda --dtype $d --reps 20 --json $p 2>>$R/sweep.err | sed "s/^{/{\"tag\":\"$tag\",/" >> $R/sweep.jsonl; t "$tag ${what%% *} $d rc=$?"; pack; }
IN=x,residual,dy
for d in f32 bf16; do
  run def "$NORMS" $d X=1
  run stcs "$NORMS" $d METILE_CUDA_STORE_HINT=stcs
  run ldcs "$NORMS" $d METILE_CUDA_LOAD_HINT=ldcs:$IN
  run ldcs+stcs "$NORMS" $d METILE_CUDA_LOAD_HINT=ldcs:$IN METILE_CUDA_STORE_HINT=stcs
  run ldlu "$NORMS" $d METILE_CUDA_LOAD_HINT=ldlu:$IN
  run ldg "$NORMS" $d METILE_CUDA_LOAD_HINT=ldg
  [ $d = f32 ] && run rp1 "$NORMS" $d METILE_NORM_RELOAD_PARAMS=1
  run def2 "$NORMS" $d X=1
done
run def "$SOFT" bf16 X=1; run stcs "$SOFT" bf16 METILE_CUDA_STORE_HINT=stcs; run ldcs "$SOFT" bf16 METILE_CUDA_LOAD_HINT=ldcs:x,y,dy
run ldcs+stcs "$SOFT" bf16 METILE_CUDA_LOAD_HINT=ldcs:x,y,dy METILE_CUDA_STORE_HINT=stcs; run def2 "$SOFT" bf16 X=1
RM=rope_fwd=4,rope_bwd=4; RM6=rope_fwd=6,rope_bwd=6; RM8=rope_fwd=8,rope_bwd=8
run def "$ROPE" bf16 X=1; run stcs "$ROPE" bf16 METILE_CUDA_STORE_HINT=stcs; run ldcs+stcs "$ROPE" bf16 METILE_CUDA_LOAD_HINT=ldcs:x,x2,dy,dy2 METILE_CUDA_STORE_HINT=stcs
run tm "$ROPE" bf16 METILE_ROPE_TOKEN_MAJOR=1; run tm4 "$ROPE" bf16 METILE_ROPE_TOKEN_MAJOR=1 METILE_CUDA_MIN_PROGRAMS=$RM
run tm6 "$ROPE" bf16 METILE_ROPE_TOKEN_MAJOR=1 METILE_CUDA_MIN_PROGRAMS=$RM6; run tm8 "$ROPE" bf16 METILE_ROPE_TOKEN_MAJOR=1 METILE_CUDA_MIN_PROGRAMS=$RM8
run def2 "$ROPE" bf16 X=1
python3 benchmarks/sweep_table.py $R/sweep.jsonl | tee $R/sweep.md
pack
