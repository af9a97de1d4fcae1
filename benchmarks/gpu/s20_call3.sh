#!/bin/bash
# Session 20, call 3 (carry [".device", ".whl"]): the two new operators (grpo_loss,
# fused_linear_kl_div) and fused linear CE (its chunk loop now shared) under the CUDA check;
# metile.torch's CUDA tests from the wheel built here (.device/wheels); then each new operator
# beside the peers at Liger's benchmark shapes, bf16: GRPO logits [8, 513, 32000]; fused linear
# KL h [8192, 4096] x W [128256, 4096] against bf16 teacher probabilities.
cd "$(dirname "$0")/../.."
R=/tmp/r20c; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
B=.device/bin/metile
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl .device/wheels/*.whl && export PYTHONPATH=/tmp/site
export PYTHONUNBUFFERED=1
timeout 200 $B check grpo_loss fused_linear_kl_div fused_linear_cross_entropy --device cuda --jobs 16 > $R/check.txt 2>&1; t "check rc=$? $(tail -1 $R/check.txt)"; grep FAIL $R/check.txt | cut -c1-220 | head -8; gzip $R/check.txt; pack
timeout 150 python3 -m pytest -q -rs python/tests/test_torch.py python/tests/test_torch_p1_ops.py -k "cuda or p1" > $R/pytest.txt 2>&1; t "pytest rc=$? $(tail -1 $R/pytest.txt)"; grep -E "FAILED|Error" $R/pytest.txt | head -8; pack
G="--device cuda --reps 20 --json"
timeout 60 $B bench grpo_loss $G --cuda-graph --lead 8 --rows 513 --cols 32000 --dtype bf16 > $R/m_grpo.jsonl 2> $R/m_grpo.err; t "metile grpo rc=$?"
timeout 90 $B bench fused_linear_kl_div --device cuda --reps 5 --json --rows 8192 --cols 4096 --out-cols 128256 --dtype bf16 > $R/m_flkl.jsonl 2> $R/m_flkl.err; t "metile flkl rc=$?"
cut -c1-250 $R/m_grpo.jsonl $R/m_flkl.jsonl; tail -3 $R/m_grpo.err $R/m_flkl.err; pack
timeout 100 python3 benchmarks/peers.py --cuda-graph --copy-mib 1024 --dtypes bf16 --ops grpo_loss --rows 4104 --cols 32000 --json $R/p_grpo.jsonl > $R/p_grpo.log 2>&1; t "peers grpo rc=$?"; pack
timeout 150 python3 benchmarks/peers.py --copy-mib 1024 --dtypes bf16 --ops fused_linear_kl_div --rows 8192 --cols 4096 --vocab 128256 --json $R/p_flkl.jsonl > $R/p_flkl.log 2>&1; t "peers flkl rc=$?"
for o in grpo flkl; do python3 benchmarks/join.py --metile $R/m_$o.jsonl --peers $R/p_$o.jsonl > $R/table_$o.md 2>&1; grep "^|" $R/table_$o.md | grep -v "^|---" | cut -d'|' -f2-13,15; done
grep -v "^ " $R/p_grpo.log $R/p_flkl.log | grep -iE "error|skip|liger" | head -6
pack
