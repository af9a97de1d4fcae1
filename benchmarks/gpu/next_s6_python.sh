#!/bin/bash
# Prepared in session 5 (2026-11-30) for the next device session, not run: the Python adapters
# after the session's last changes, none of which a GPU has run (tanh-GELU as x sigmoid(2u),
# rsqrtf, the single conversion at 16-bit stores). Rebuild the wheel first
# (`python3 -m pip wheel --no-deps --no-build-isolation ./python -w .whl/`, one metile wheel in
# .whl/). Carry [".device", ".whl"].
#   1. the metile.torch CUDA tests;
#   2. the convergence run: step time and peak memory against Liger (issue 6's bar);
#   3. the adapters beside the peers for SwiGLU and GeGLU.
cd "$(dirname "$0")/../.."
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
export PYTHONUNBUFFERED=1; R=/tmp/r; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
timeout 90 python3 -m pytest -q -rs python/tests/test_torch.py -k cuda > $R/pytest_cuda.txt 2>&1; t "pytest cuda rc=$?"; tail -3 $R/pytest_cuda.txt
timeout 150 python3 benchmarks/convergence.py --json $R/convergence_bf16.json > $R/convergence_bf16.txt 2>&1; t "convergence rc=$?"; grep -v Warning $R/convergence_bf16.txt | tail -8; pack
timeout 60 python3 benchmarks/peers.py --dtypes bf16 --modes fwd,fwd+bwd --copy-mib 1024 --ops swiglu,geglu --rows 8192 --cols 14336 --json $R/a_glu.jsonl > $R/a_glu.log 2>&1; t "glu rc=$?"
python3 benchmarks/join.py --peers $R/a_glu.jsonl 2>&1 | grep "^|"; pack
