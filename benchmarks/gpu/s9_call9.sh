#!/bin/bash
# Session 9, call 9 (2026-11-30): RoPE with position ids, row kernel against token-major (one id
# and one table row per token, every head); cross-entropy f32 beside the peers in one run (its
# host wait on the targets, call 6).
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
Q="--device cuda --rows 2048 --cols 128 --dtype bf16 --lead 8,32 --reps 20"
for tm in 0 1; do METILE_ROPE_TOKEN_MAJOR=$tm $B bench rope $Q 2>&1 | grep -E " fwd | bwd |fwd\+bwd" | sed "s/^/ids, token-major $tm: /"; done > $R/rope_ids.txt; t "rope ids"; awk '{print $1,$2,$3,$4,$5,$6,$10}' $R/rope_ids.txt; pack
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
$B bench cross_entropy --omit weight --device cuda --rows 4096 --cols 128256 --dtype f32 --reps 10 --json > $R/m_ce_f32.jsonl 2>&1
timeout 100 python3 benchmarks/peers.py --ops cross_entropy --rows 4096 --cols 128256 --dtypes f32 --copy-mib 1024 --json $R/p_ce_f32.jsonl > $R/p_ce_f32.log 2>&1; t "peers ce rc=$?"
python3 benchmarks/join.py --metile $R/m_ce_f32.jsonl --peers $R/p_ce_f32.jsonl > $R/table_ce_f32.md 2>&1; grep "^| cross" $R/table_ce_f32.md | cut -c1-220; pack
