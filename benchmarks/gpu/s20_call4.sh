#!/bin/bash
# Session 20, call 4 (carry [".device", ".whl"]): fused_linear_jsd and fused linear CE (chunk
# rows now shared) under the CUDA check; metile.torch's CUDA tests (wheel of this commit); a
# threads sweep of GRPO's kernels (metile bench, every token kept); then GRPO, fused linear KL and
# fused linear JSD beside the peers with metile.torch's row, which runs on the peers' own inputs.
cd "$(dirname "$0")/../.."
R=/tmp/r20d; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
B=.device/bin/metile
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl .device/wheels/*.whl && export PYTHONPATH=/tmp/site
export PYTHONUNBUFFERED=1
timeout 150 $B check fused_linear_jsd fused_linear_cross_entropy --device cuda --jobs 16 > $R/check.txt 2>&1; t "check rc=$? $(tail -1 $R/check.txt)"; grep FAIL $R/check.txt | cut -c1-220 | head -8; gzip $R/check.txt; pack
timeout 100 python3 -m pytest -q -rs python/tests/test_torch.py -k cuda > $R/pytest.txt 2>&1; t "pytest rc=$? $(tail -1 $R/pytest.txt)"; grep -E "FAILED|Error" $R/pytest.txt | head -8; pack
G="--device cuda --reps 20 --cuda-graph --lead 8 --rows 513 --cols 32000 --dtype bf16"
for th in 128 256 512 1024; do
  METILE_CUDA_THREADS=grpo_loss_fwd=$th,grpo_loss_bwd=$th timeout 30 $B bench grpo_loss $G 2>&1 | grep -E "\.(forward|backward) " | sed "s/^/threads $th: /"
done > $R/sweep_grpo.txt; t "grpo sweep"; cut -c1-150 $R/sweep_grpo.txt; pack
P="python3 benchmarks/peers.py --copy-mib 1024 --dtypes bf16"
timeout 90 $P --cuda-graph --ops grpo_loss --rows 4104 --cols 32000 --json $R/p_grpo.jsonl > $R/p_grpo.log 2>&1; t "peers grpo rc=$?"; pack
timeout 120 $P --ops fused_linear_kl_div --rows 8192 --cols 4096 --vocab 128256 --json $R/p_flkl.jsonl > $R/p_flkl.log 2>&1; t "peers flkl rc=$?"; pack
timeout 150 $P --ops fused_linear_jsd --rows 8192 --cols 4096 --vocab 128256 --json $R/p_fljsd.jsonl > $R/p_fljsd.log 2>&1; t "peers fljsd rc=$?"; pack
for o in grpo flkl fljsd; do grep -vE "^ " $R/p_$o.log | grep -E "fwd|skip|rror" | cut -c1-120; done
pack
