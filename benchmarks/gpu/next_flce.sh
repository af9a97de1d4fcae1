#!/bin/bash
# Prepared 2026-11-30 for the next session: fused linear cross-entropy at the ANCHORS.md shape
# (N = 8192, H = 4096, V = 128256, bf16), metile (FP32 parameter gradients, then
# param_grad_dtype=storage as Liger keeps them) and the peers (eager, torch.compile, Liger) in one
# command, with each side's peak extra memory (the bar: torch.compile's 40.3 ms at most, Liger's
# 1.1 GiB extra at most). Release binary in .device/bin/metile; Liger wheel in .whl/.
cd "$(dirname "$0")/../.."
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/liger*.whl && export PYTHONPATH=/tmp/site
B=.device/bin/metile; R=/tmp/r; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
F="fused_linear_cross_entropy --device cuda --rows 8192 --cols 4096 --out-cols 128256 --dtype bf16 --reps 5 --omit bias --omit ce_weight"
( $B bench $F --json; $B bench $F -p param_grad_dtype=storage --json | sed 's/"op":"fused_linear_cross_entropy"/"op":"fused_linear_cross_entropy(storage grads)"/' ) > $R/m_flce.jsonl 2> $R/m_flce.err
t "metile flce done"; cat $R/m_flce.jsonl | cut -c1-260; pack
timeout 240 python3 benchmarks/peers.py --ops fused_linear_cross_entropy --rows 8192 --cols 4096 --vocab 128256 --dtypes bf16 --copy-mib 1024 --json $R/p_flce.jsonl > $R/p_flce.log 2>&1; t "peers flce rc=$?"
grep -v "^ " $R/p_flce.log | tail -8
python3 benchmarks/join.py --metile $R/m_flce.jsonl --peers $R/p_flce.jsonl > $R/table_flce.md 2>&1; cat $R/table_flce.md; pack
