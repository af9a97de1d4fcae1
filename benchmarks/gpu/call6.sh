#!/bin/bash
# Session 3, last call (2026-11-30): registers and spills of the norm backwards with and without
# the aligned fast body (ptxas), then `metile train --device cuda` on a 12-layer, width-768,
# sequence-1024 model (device-resident parameters and AdamW): tokens/s and peak memory.
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
bash benchmarks/gpu/compile.sh > $R/ptxas.txt 2>&1; cat $R/ptxas.txt | cut -c1-220; pack
timeout 190 $B train --device cuda --layers 12 --dim 768 --heads 12 --kv-heads 4 --ffn 2048 --seq-len 1024 --batch 8 --steps 24 --warmup 4 --lr 6e-4 --samples 1 --checkpoint /tmp/m12.safetensors > $R/train12.txt 2>&1
t "train rc=$?"; tr '\r' '\n' < $R/train12.txt | grep -v "^\s*$" | tail -40; pack
