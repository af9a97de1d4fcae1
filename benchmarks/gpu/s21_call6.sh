#!/bin/bash
# Session 21, call 6 (carry [".device", ".whl"]): the new operators on CUDA — metile check for
# fused_mlp/tiled_mlp, the chunked distillation and preference losses, and the fused linear losses
# whose chunk loop they share; the metile.torch tests (CPU float64 comparisons and the CUDA
# cases); then the peers for fused_mlp, chunked_dpo and chunked_jsd.
cd "$(dirname "$0")/../.."
R=/tmp/r21f; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl .device/wheels/*.whl && export PYTHONPATH=/tmp/site
export PYTHONUNBUFFERED=1
B=.device/bin/metile
check() { local name=$1; shift; timeout ${TMO:-150} $B check --device cuda "$@" > $R/check_$name.txt 2>&1; t "check $name rc=$?"; grep -E "passed|failed|FAIL" $R/check_$name.txt | tail -3; pack; }
check mlp fused_mlp tiled_mlp
check distill chunked_jsd chunked_cosine_similarity
check pref chunked_dpo chunked_cpo chunked_orpo chunked_simpo chunked_kto
TMO=200 check fl fused_linear_cross_entropy fused_linear_kl_div fused_linear_jsd
timeout 200 python3 -m pytest -q -x python/tests/test_torch_p1_ops.py -k "mlp or chunked" > $R/pytest_cpu.txt 2>&1; t "pytest cpu rc=$?"; tail -15 $R/pytest_cpu.txt; pack
timeout 120 python3 -m pytest -q python/tests/test_torch.py -k "cuda_tensors_match_cpu and (mlp or chunked)" > $R/pytest_cuda.txt 2>&1; t "pytest cuda rc=$?"; tail -8 $R/pytest_cuda.txt; pack
P="python3 benchmarks/peers.py --cols 4096 --dtypes bf16 --copy-mib 1024"
timeout 150 $P --ops fused_mlp --rows 8192 --inter 14336 --json $R/p_mlp.jsonl > $R/p_mlp.log 2>&1; t "peers mlp rc=$?"; pack
timeout 150 $P --ops chunked_dpo --rows 8192 --vocab 128256 --json $R/p_dpo.jsonl > $R/p_dpo.log 2>&1; t "peers dpo rc=$?"; pack
timeout 150 $P --ops chunked_jsd --rows 8192 --vocab 128256 --json $R/p_cjsd.jsonl > $R/p_cjsd.log 2>&1; t "peers cjsd rc=$?"; pack
python3 - $R <<'PY'
import json, sys, glob
for f in sorted(glob.glob(sys.argv[1] + "/p_*.jsonl")):
    for l in open(f):
        d = json.loads(l)
        if d.get("op") == "copy" or d.get("op") == "_meta":
            continue
        print(d["op"], d["mode"], d["peer"], round(d["ms"], 2) if d.get("ms") else d.get("error", "")[:150],
              round(d.get("peak_extra_mib") or 0), d.get("max_rel_err", ""))
PY
grep -h FAILED $R/p_*.log | cut -c1-300
pack
