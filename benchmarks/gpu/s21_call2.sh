#!/bin/bash
# Session 21, call 2 (carry [".device", ".whl"]): fused linear cross-entropy through metile.torch
# beside the peers (memory at Liger's chunk), and where fused linear KL's forward+backward spends
# its time (benchmarks/gpu/s21/profile_fl.py), then the peers' KL table again.
cd "$(dirname "$0")/../.."
R=/tmp/r21b; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl .device/wheels/*.whl && export PYTHONPATH=/tmp/site
export PYTHONUNBUFFERED=1
timeout 150 python3 benchmarks/gpu/s21/profile_fl.py fused_linear_kl_div > $R/prof_flkl.txt 2>&1; t "prof flkl rc=$?"; head -8 $R/prof_flkl.txt; grep -v "^-" $R/prof_flkl.txt | sed -n 9,30p | cut -c1-200; pack
timeout 150 python3 benchmarks/gpu/s21/profile_fl.py fused_linear_cross_entropy > $R/prof_flce.txt 2>&1; t "prof flce rc=$?"; head -8 $R/prof_flce.txt; pack
B=.device/bin/metile
F="fused_linear_cross_entropy --device cuda --rows 8192 --cols 4096 --out-cols 128256 --dtype bf16 --reps 5 --omit bias --omit ce_weight -p param_grad_dtype=storage --json"
timeout 60 $B bench $F > $R/m_flce.jsonl 2> $R/m_flce.err; t "metile flce"
timeout 240 python3 benchmarks/peers.py --ops fused_linear_cross_entropy --rows 8192 --cols 4096 --vocab 128256 --dtypes bf16 --copy-mib 1024 --json $R/p_flce.jsonl > $R/p_flce.log 2>&1; t "peers flce rc=$?"
python3 benchmarks/join.py --metile $R/m_flce.jsonl --peers $R/p_flce.jsonl > $R/table_flce.md 2>&1; cat $R/table_flce.md; pack
