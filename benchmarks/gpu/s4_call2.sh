#!/bin/bash
# Session 4 (2026-11-30), second device call: (1) why cross-entropy cases of 4097 and 70000
# columns never finish on CUDA (every launch traced and waited for, `METILE_CUDA_TRACE`, with
# the sources dumped); (2) norm sweeps: per-row parameter loads (`METILE_NORM_RELOAD_PARAMS`,
# now the GPU forward's default), backward threads and programs per SM. Carry [".device"].
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
C=.device/ce; D="--device cuda"; export METILE_DUMP_DIR=$R/dump
tr() { name=$1; shift; METILE_CUDA_TRACE=1 timeout 20 $B run "$@" $D -o $R/o_$name > $R/run_$name.txt 2>&1; t "$name rc=$?"; tail -4 $R/run_$name.txt; }
tr f127 cross_entropy.forward -i logits=$C/x127.npy -i target=$C/t4.npy
tr f4097 cross_entropy.forward -i logits=$C/x4097.npy -i target=$C/t5.npy
tr b4097 cross_entropy.backward -i logits=$C/x4097.npy -i target=$C/t5.npy -i dloss=$C/dl.npy
tr f70000 cross_entropy.forward -i logits=$C/x70000.npy -i target=$C/t3.npy
tr f4097ts cross_entropy.forward -i logits=$C/x4097.npy -i target=$C/t5.npy -p token_stats=true
tr f4097g cross_entropy.forward -i logits=$C/x4097.npy -i target=$C/t5.npy -p grad_in_forward=true
METILE_CUDA_TRACE=1 timeout 40 $B check $D --jobs 1 --log cross_entropy > $R/ce_check.txt 2> $R/ce_check.log; t "ce check rc=$?"; grep -v "^done\|^launch" $R/ce_check.log | tail -3; tail -4 $R/ce_check.log
unset METILE_DUMP_DIR; pack
N="$D --rows 16384 --cols 4096 --reps 10"
for dt in bf16 f32; do for rp in 0 1; do
  METILE_NORM_RELOAD_PARAMS=$rp $B bench rms_norm layer_norm add_rms_norm $N --dtype $dt > $R/fwd_${dt}_r$rp.txt 2>&1
  t "$dt reload=$rp"; grep -E "forward " $R/fwd_${dt}_r$rp.txt | awk '{print "  " $1, $5}'; done; done
for th in 256 512 1024; do for pu in 2 4 8; do for rp in 0 1; do
  METILE_CUDA_THREADS=$th METILE_NORM_BWD_PROGRAMS_PER_UNIT=$pu METILE_NORM_RELOAD_PARAMS=$rp $B bench rms_norm layer_norm add_rms_norm $N --dtype bf16 > $R/bwd_${th}_${pu}_$rp.txt 2>&1
  echo "bwd th=$th pu=$pu reload=$rp: $(grep -E 'backward ' $R/bwd_${th}_${pu}_$rp.txt | awk '{printf "%s %s  ", $1, $5}')"; done; done; done
pack; t done
