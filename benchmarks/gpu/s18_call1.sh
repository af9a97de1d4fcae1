#!/bin/bash
# Session 18, call 1: session 17's prepared next_s18.sh (the hand-written f32 RMSNorm backward
# variants, torch.compile's RoPE forward captured, two programs per SM for the f32 norm
# backwards), then whether FLCE's per-chunk products overlap on two streams (s18/flce_streams.py).
# Carry [".device"].
cd "$(dirname "$0")/../.."
bash benchmarks/gpu/next_s18.sh
timeout 200 python3 benchmarks/gpu/s18/flce_streams.py 2>&1 | tee /tmp/r18/flce_streams.txt
tar czf $OUT/all.tar.gz --exclude='*.cubin' --exclude='*.llir' --exclude='*.ttir' --exclude=nv -C /tmp/r18 .
