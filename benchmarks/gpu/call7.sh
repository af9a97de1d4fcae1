#!/bin/bash
# Session 3 (2026-11-30): steady-state `metile train --device cuda` figures for the 12-layer,
# width-768, sequence-1024 model: a 2-step run fills the kernel cache (NVRTC), then a 60-step run
# with the same shapes reports tokens/s without compilation, and peak memory.
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
C="--device cuda --layers 12 --dim 768 --heads 12 --kv-heads 4 --ffn 2048 --seq-len 1024 --batch 8 --warmup 6 --lr 6e-4 --samples 1"
timeout 60 $B train $C --steps 2 --checkpoint /tmp/w.safetensors > $R/warm.txt 2>&1; t "warm rc=$? $(grep trained $R/warm.txt)"
timeout 90 $B train $C --steps 60 --checkpoint /tmp/m12.safetensors > $R/train60.txt 2>&1; t "train rc=$?"
tr '\r' '\n' < $R/train60.txt | grep -v "^\s*$" | grep -v "^ *[0-9.]* |" | tail -12; pack
