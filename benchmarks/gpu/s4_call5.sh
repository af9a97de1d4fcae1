#!/bin/bash
# Session 4 (2026-11-30), fifth call: metile.torch after eager calls skip the custom-op dispatch
# (python/metile/torch/ops.py from the working tree over the installed wheel's): host time per
# call, the convergence run's step time, and the adapters beside the peers. Carry [".whl"].
cd "$(dirname "$0")/../.."
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
cp python/metile/torch/*.py /tmp/site/metile/torch/; export PYTHONUNBUFFERED=1
R=/tmp/r; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
timeout 40 python3 benchmarks/gpu/s4_overhead.py 2>&1 | grep -E "ms/call|backend_impl|call_allocating" | cut -c1-160
timeout 90 python3 benchmarks/convergence.py --json $R/convergence_bf16.json > $R/convergence_bf16.txt 2>&1; t "convergence rc=$?"; grep -v Warning $R/convergence_bf16.txt | tail -7
timeout 50 python3 benchmarks/peers.py --quick --dtypes bf16 --modes fwd,fwd+bwd --copy-mib 1024 --ops rms_norm,layer_norm,fused_add_rms_norm --rows 16384 --cols 4096 --json $R/a_norms.jsonl > $R/a_norms.log 2>&1; t "adapters rc=$?"
python3 benchmarks/join.py --peers $R/a_norms.jsonl 2>&1 | grep "^|"; tar czf $OUT/all.tar.gz -C $R .
