#!/bin/bash
# Session 21, call 3 (carry [".device", ".whl"]): benchmarks/gpu/s21/profile_fl.py for fused
# linear KL and fused linear cross-entropy through metile.torch (call 2's run of it failed on the
# import).
cd "$(dirname "$0")/../.."
R=/tmp/r21c; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl .device/wheels/*.whl && export PYTHONPATH=/tmp/site
export PYTHONUNBUFFERED=1
for op in fused_linear_cross_entropy fused_linear_kl_div; do
  timeout 200 python3 benchmarks/gpu/s21/profile_fl.py $op > $R/prof_$op.txt 2>&1; t "prof $op rc=$?"
  head -6 $R/prof_$op.txt; grep -v "^-" $R/prof_$op.txt | sed -n 7,26p | cut -c1-60,100-230; pack
done
