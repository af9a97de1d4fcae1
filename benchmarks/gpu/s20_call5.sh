#!/bin/bash
# Session 20, call 5 (carry [".device", ".whl"]): fused linear KL and JSD beside the peers again,
# metile.torch's backward now scaling the forward's gradients in place; the modulated RMSNorm
# and GroupNorm rows with metile.torch's column (zero-copy overhead over metile bench).
cd "$(dirname "$0")/../.."
R=/tmp/r20e; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl .device/wheels/*.whl && export PYTHONPATH=/tmp/site
export PYTHONUNBUFFERED=1
P="python3 benchmarks/peers.py --copy-mib 1024 --dtypes bf16"
timeout 110 $P --ops fused_linear_kl_div --rows 8192 --cols 4096 --vocab 128256 --json $R/p_flkl.jsonl > $R/p_flkl.log 2>&1; t "peers flkl rc=$?"; pack
timeout 150 $P --ops fused_linear_jsd --rows 8192 --cols 4096 --vocab 128256 --json $R/p_fljsd.jsonl > $R/p_fljsd.log 2>&1; t "peers fljsd rc=$?"; pack
timeout 50 $P --cuda-graph --dtypes bf16,f32 --ops group_norm --rows 4096 --cols 512 --json $R/p_gn.jsonl > $R/p_gn.log 2>&1; t "peers gn rc=$?"; pack
timeout 50 $P --cuda-graph --dtypes bf16,f32 --ops modulated_rms_norm --rows 16384 --cols 4096 --json $R/p_mod.jsonl > $R/p_mod.log 2>&1; t "peers mod rc=$?"; pack
for o in flkl fljsd gn mod; do grep -vE "^ " $R/p_$o.log | grep -E "fwd|rror" | grep -v Backend | cut -c1-120; done
