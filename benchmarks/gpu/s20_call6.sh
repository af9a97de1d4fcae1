#!/bin/bash
# Session 20, call 6 (carry [".device", ".whl"]): grpo_loss's final kernels (constants instead of
# logp * 0 + 1) under the CUDA check and metile.torch's CUDA test, and beside the peers again.
cd "$(dirname "$0")/../.."
R=/tmp/r20f; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
B=.device/bin/metile
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl .device/wheels/*.whl && export PYTHONPATH=/tmp/site
export PYTHONUNBUFFERED=1
timeout 100 $B check grpo_loss --device cuda --jobs 16 > $R/check.txt 2>&1; t "check rc=$? $(tail -1 $R/check.txt)"; grep FAIL $R/check.txt | cut -c1-220 | head -8; gzip $R/check.txt; pack
timeout 80 python3 -m pytest -q -rs python/tests/test_torch.py -k "cuda and (grpo or linear)" > $R/pytest.txt 2>&1; t "pytest rc=$? $(tail -1 $R/pytest.txt)"; pack
timeout 80 python3 benchmarks/peers.py --copy-mib 1024 --dtypes bf16,f32 --cuda-graph --ops grpo_loss --rows 4104 --cols 32000 --json $R/p_grpo.jsonl > $R/p_grpo.log 2>&1; t "peers grpo rc=$?"
grep -vE "^ " $R/p_grpo.log | grep -E "fwd" | cut -c1-120; pack
