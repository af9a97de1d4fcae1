#!/bin/bash
# Session 11, call 8 (2026-11-30): cross-entropy with its out-of-place gradient unfilled: the
# FP64 check on the H200, then metile.torch (this commit's wheel) beside eager and Liger at the
# anchor shape (torch.compile left out for time; plain do_bench, the peers' default).
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r11c8; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
timeout 100 $B check cross_entropy --device cuda --jobs 16 > $R/check.txt 2>&1; t "check ce rc=$? $(tail -1 $R/check.txt)"; grep FAIL $R/check.txt | cut -c1-200 | head -5; pack
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
timeout 90 python3 benchmarks/peers.py --ops cross_entropy --rows 8192 --cols 128256 --dtypes bf16 --no-compile --copy-mib 1024 --json $R/p_ce_bf16.jsonl > $R/p_ce_bf16.log 2>&1; t "peers ce rc=$?"; grep -E "cross_entropy|peer" $R/p_ce_bf16.log | head -12; pack
