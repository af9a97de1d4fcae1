#!/bin/bash
# The Python package on the H200 (issue 6, items 3, 5 and 6), within about 8 minutes:
#   1. the metile.torch CUDA tests (every functional on CUDA tensors against the CPU; pytest), then
#      the rest of the Python suite on the box's Python;
#   2. the convergence run (benchmarks/convergence.py: 200 bf16 steps, unpatched / eager-attention
#      control / metile.torch.apply / Liger);
#   3. metile through its torch adapters beside torch eager, torch.compile and Liger at the
#      ANCHORS.md shapes (benchmarks/peers.py, bf16, quick repetitions), joined into one table;
#   4. if time is left, the convergence run in amp (FP32 weights, bf16 autocast), 100 steps.
# Needs in .whl/: the metile wheel built on the build machine (abi3, runs on the box's 3.12; build
# with `python3 -m pip wheel --no-deps --no-build-isolation ./python -w .whl/`, release profile)
# and liger_kernel-0.8.5 (benchmarks/fetch_wheels.sh); one version of each. pytest must be on the
# box or in .whl/ (pytest, pluggy, iniconfig); without it step 1 is reported as skipped.
# Every step has a time limit under an overall deadline; results land in $OUT/python_h200.tar.gz.
cd "$(dirname "$0")/../.."
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl \
  && export PYTHONPATH=/tmp/site || { echo "wheel install failed"; exit 1; }
export PYTHONUNBUFFERED=1
R=/tmp/r; mkdir -p $R; s=$(date +%s); DEADLINE=${DEADLINE:-470}
t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/python_h200.tar.gz -C $R .; }
# lim N: N seconds, or what is left before the deadline (0: skip the step).
lim() { local left=$(( DEADLINE - ($(date +%s) - s) )); [ $left -lt $1 ] && echo $(( left > 10 ? left : 0 )) || echo $1; }
python3 -c "import metile, metile.torch, torch; print('metile', metile.__version__, metile.__file__); print('torch', torch.__version__, torch.cuda.get_device_name())" 2>&1 | tee $R/env.txt

if python3 -c "import pytest" 2>/dev/null; then
  timeout $(lim 150) python3 -m pytest -q -rs python/tests/test_torch.py -k cuda > $R/pytest_cuda.txt 2>&1
  t "pytest cuda rc=$?"; grep -E "passed|failed|FAILED|Error" $R/pytest_cuda.txt | head -30
  timeout $(lim 60) python3 -m pytest -q -rs python/tests -k "not cuda_tensors" > $R/pytest_rest.txt 2>&1
  t "pytest rest rc=$?"; tail -3 $R/pytest_rest.txt
else
  t "pytest is not installed: CUDA tests skipped (put pytest, pluggy, iniconfig wheels in .whl/)"
fi
pack

L=$(lim 170); [ $L -gt 0 ] && { timeout $L python3 benchmarks/convergence.py --json $R/convergence_bf16.json > $R/convergence_bf16.txt 2>&1
  t "convergence bf16 rc=$?"; grep -v Warning $R/convergence_bf16.txt | tail -12; }
pack

P="python3 benchmarks/peers.py --quick --dtypes bf16 --modes fwd,fwd+bwd --copy-mib 1024"
pr() { local name=$1 l=$(lim $2); shift 2; [ $l -eq 0 ] && { t "adapters $name: no time left"; return; }
  timeout $l $P "$@" --json $R/a_$name.jsonl > $R/a_$name.log 2>&1; t "adapters $name rc=$?"; }
pr norms 70 --ops rms_norm,layer_norm,softmax --rows 16384 --cols 4096
pr swiglu 40 --ops swiglu --rows 8192 --cols 14336
pr ce 50 --ops cross_entropy --rows 8192 --cols 128256
pr flce 70 --ops fused_linear_cross_entropy --rows 8192 --cols 4096 --vocab 128256
cat $R/a_*.jsonl > $R/adapters.jsonl 2>/dev/null
python3 benchmarks/join.py --peers $R/adapters.jsonl > $R/adapters.md 2>&1; cat $R/adapters.md
grep -h FAILED $R/a_*.log | head -10
pack

L=$(lim 70); [ $L -gt 0 ] && { timeout $L python3 benchmarks/convergence.py --precision amp --steps 100 --json $R/convergence_amp.json > $R/convergence_amp.txt 2>&1
  t "convergence amp rc=$?"; grep -v Warning $R/convergence_amp.txt | tail -8; }
pack; t "done"
