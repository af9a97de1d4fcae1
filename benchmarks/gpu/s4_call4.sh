#!/bin/bash
# Session 4 (2026-11-30), fourth and last device call, in priority order under one deadline:
#   1. metile check on CUDA of every operator whose kernels the emitter changes touched (shuffle
#      statements, sibling reductions sharing a barrier, LayerNorm's 256-thread backward);
#   2. the convergence run (benchmarks/convergence.py: torch / control / metile zero-copy / Liger);
#   3. norms bf16: metile bench and the peers in the same command, joined;
#   4. the metile.torch CUDA tests (zero-copy path);
#   5. fused linear cross-entropy 8192x4096x128256 bf16 (metile bench, peak extra memory);
#   6. metile through its torch adapters beside the peers (norms, cross-entropy).
# Carry [".device", ".whl"] (release binary, metile/Liger/pytest wheels).
cd "$(dirname "$0")/../.."
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
export PYTHONUNBUFFERED=1
B=.device/bin/metile; R=/tmp/r; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
lim() { local left=$(( 525 - ($(date +%s) - s) )); [ $left -lt $1 ] && echo $(( left > 10 ? left : 0 )) || echo $1; }
for op in layer_norm rms_norm add_rms_norm cross_entropy softmax log_softmax fused_linear_cross_entropy adamw attention; do
  timeout $(lim 40) $B check --device cuda --jobs 16 $op > $R/check_$op.txt 2>&1; echo "check $op rc=$? $(tail -1 $R/check_$op.txt)"; grep FAIL $R/check_$op.txt | head -3; done; t checks; pack
L=$(lim 170); [ $L -gt 0 ] && { timeout $L python3 benchmarks/convergence.py --json $R/convergence_bf16.json > $R/convergence_bf16.txt 2>&1
  t "convergence rc=$?"; grep -v Warning $R/convergence_bf16.txt | tail -14; }; pack
N="--device cuda --rows 16384 --cols 4096"
$B bench rms_norm layer_norm add_rms_norm $N --dtype bf16 --reps 20 --json > $R/m.jsonl 2> $R/m.err
timeout $(lim 60) python3 benchmarks/peers.py --dtypes bf16 --ops rms_norm,layer_norm,fused_add_rms_norm --json $R/p_norms.jsonl > $R/p_norms.log 2>&1; t "norms peers rc=$?"
python3 benchmarks/join.py --metile $R/m.jsonl --peers $R/p_norms.jsonl > $R/table.md 2>&1; grep "^|" $R/table.md; pack
timeout $(lim 60) python3 -m pytest -q -rs -x python/tests/test_torch.py -k cuda > $R/pytest_cuda.txt 2>&1; t "pytest cuda rc=$?"; grep -E "passed|failed|FAILED|Error" $R/pytest_cuda.txt | head -12; pack
[ $(lim 40) -gt 30 ] && { timeout $(lim 40) $B bench fused_linear_cross_entropy --device cuda --rows 8192 --cols 4096 --out-cols 128256 --dtype bf16 --reps 3 --omit bias > $R/m_flce.txt 2>&1
  t "flce rc=$?"; cat $R/m_flce.txt; }
[ $(lim 40) -gt 30 ] && { timeout $(lim 60) python3 benchmarks/peers.py --quick --dtypes bf16 --modes fwd,fwd+bwd --copy-mib 1024 --ops rms_norm,layer_norm --rows 16384 --cols 4096 --json $R/a_norms.jsonl > $R/a_norms.log 2>&1; t "adapters rc=$?"
  python3 benchmarks/join.py --peers $R/a_norms.jsonl 2>&1 | grep "^|"; }
pack; t done
