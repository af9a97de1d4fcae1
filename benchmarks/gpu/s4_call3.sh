#!/bin/bash
# Session 4 (2026-11-30), third device call: the zero-copy runtime's GPU tests (runtime cuda and
# kernels zero_copy test binaries built here), the cross-entropy check after the shuffle fix, then
# metile bench and the peers in the same command (norms bf16/f32, then cross-entropy, SwiGLU/GeGLU
# and softmax while time is left), joined into one table. Carry [".device", ".whl"].
cd "$(dirname "$0")/../.."
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/liger*.whl && export PYTHONPATH=/tmp/site
B=.device/bin/metile; R=/tmp/r; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
left() { echo $(( 430 - ($(date +%s) - s) )); }
timeout 60 .device/bin/test_runtime_cuda --test-threads 1 > $R/test_runtime_cuda.txt 2>&1; t "runtime cuda tests rc=$?"; grep -E "test result|FAILED|panicked" $R/test_runtime_cuda.txt | head -5
timeout 60 .device/bin/test_zero_copy --test-threads 1 > $R/test_zero_copy.txt 2>&1; t "zero_copy tests rc=$?"; grep -E "test result|FAILED|panicked|skipped" $R/test_zero_copy.txt | head -8
timeout 90 $B check --device cuda --jobs 16 cross_entropy > $R/check_ce.txt 2>&1; t "check cross_entropy rc=$? $(tail -1 $R/check_ce.txt)"; grep FAIL $R/check_ce.txt | head -3
pack
N="--device cuda --rows 16384 --cols 4096"
( $B bench rms_norm layer_norm add_rms_norm $N --dtype bf16 --reps 20 --json
  $B bench rms_norm layer_norm add_rms_norm $N --dtype f32 --reps 20 --json ) > $R/m.jsonl 2> $R/m.err; t "metile norms"
P="python3 benchmarks/peers.py"; export PYTHONUNBUFFERED=1
timeout 110 $P --dtypes bf16,f32 --ops rms_norm,layer_norm,fused_add_rms_norm --json $R/p_norms.jsonl > $R/p_norms.log 2>&1; t "peers norms rc=$?"
cat $R/p_*.jsonl > $R/p_all.jsonl; python3 benchmarks/join.py --metile $R/m.jsonl --peers $R/p_all.jsonl > $R/table.md 2>&1; cat $R/table.md; pack
[ $(left) -gt 70 ] && { $B bench cross_entropy --omit weight --device cuda --rows 8192 --cols 128256 --dtype bf16 --reps 10 --json >> $R/m.jsonl 2>> $R/m.err
  timeout 50 $P --ops cross_entropy --rows 8192 --cols 128256 --dtypes bf16 --copy-mib 1024 --json $R/p_ce16.jsonl > $R/p_ce16.log 2>&1; t "ce bf16 rc=$?"; }
[ $(left) -gt 80 ] && { $B bench swiglu geglu --device cuda --rows 8192 --cols 14336 --dtype bf16 --reps 10 --json >> $R/m.jsonl 2>> $R/m.err
  timeout 55 $P --dtypes bf16 --ops swiglu,geglu --rows 8192 --cols 14336 --copy-mib 1024 --json $R/p_glu.jsonl > $R/p_glu.log 2>&1; t "glu rc=$?"; }
[ $(left) -gt 50 ] && { $B bench softmax $N --dtype bf16 --reps 20 --json >> $R/m.jsonl 2>> $R/m.err
  timeout 40 $P --dtypes bf16 --ops softmax --copy-mib 1024 --json $R/p_sm.jsonl > $R/p_sm.log 2>&1; t "softmax rc=$?"; }
cat $R/p_*.jsonl > $R/p_all.jsonl; python3 benchmarks/join.py --metile $R/m.jsonl --peers $R/p_all.jsonl > $R/table.md 2>&1; tail -n +1 $R/table.md | grep -v "rms_norm\|layer_norm" ; pack; t done
