#!/bin/bash
# Session 17, call 8 (the last device minutes): torch.compile's kernels for what is still tied or
# behind, for the next session to replicate by hand as calls 1-3 did for the forwards: the f32
# RMSNorm and LayerNorm forward+backward, and RoPE's bf16 forward (Triton source, PTX, launch
# metadata, graph-replayed times). No carry needed.
cd "$(dirname "$0")/../.."
R=/tmp/r17h; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz --exclude='*.cubin' --exclude='*.llir' --exclude='*.ttir' -C $R .; }
export PYTHONUNBUFFERED=1
TRITON_CACHE_DIR=$R/tc_norm TORCH_LOGS=output_code timeout 70 python3 benchmarks/peers.py --ops rms_norm,layer_norm --modes fwd+bwd --dtypes f32 --rows 16384 --cols 4096 --no-liger --no-metile --cuda-graph --copy-mib 256 > $R/norm_bwd.txt 2>&1; t "norms rc=$?"; pack
TRITON_CACHE_DIR=$R/tc_rope TORCH_LOGS=output_code timeout 60 python3 benchmarks/peers.py --ops rope --modes fwd --dtypes bf16 --no-liger --no-metile --cuda-graph --copy-mib 256 > $R/rope.txt 2>&1; t "rope rc=$?"; pack
grep -E "^(rms|layer|rope|copy)" $R/norm_bwd.txt $R/rope.txt | grep -v variant
