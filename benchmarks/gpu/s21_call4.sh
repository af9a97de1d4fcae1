#!/bin/bash
# Session 21, call 4 (carry [".device", ".whl"]): the cotangent scaling of the fused linear
# losses' backwards by torch._foreach_mul_ (benchmarks/gpu/s21/scale_probe.py), then
# profile_fl.py and the peers' fused linear KL and cross-entropy tables with the new wheel.
cd "$(dirname "$0")/../.."
R=/tmp/r21d; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl .device/wheels/*.whl && export PYTHONPATH=/tmp/site
export PYTHONUNBUFFERED=1
timeout 60 python3 benchmarks/gpu/s21/scale_probe.py > $R/scale.txt 2>&1; t "scale rc=$?"; cat $R/scale.txt; pack
for op in fused_linear_cross_entropy fused_linear_kl_div; do
  timeout 200 python3 benchmarks/gpu/s21/profile_fl.py $op > $R/prof_$op.txt 2>&1; t "prof $op rc=$?"
  head -6 $R/prof_$op.txt; grep -E "elementwise|foreach|multi_tensor" $R/prof_$op.txt | cut -c1-60,100-230; pack
done
for op in fused_linear_kl_div fused_linear_cross_entropy; do
  timeout 240 python3 benchmarks/peers.py --ops $op --rows 8192 --cols 4096 --vocab 128256 --dtypes bf16 --copy-mib 1024 --json $R/p_$op.jsonl > $R/p_$op.log 2>&1; t "peers $op rc=$?"
  grep -v "^ " $R/p_$op.log | tail -4; pack
done
python3 - $R <<'PY'
import json, sys, glob
for f in sorted(glob.glob(sys.argv[1] + "/p_*.jsonl")):
    for l in open(f):
        d = json.loads(l)
        if d.get("ms") and d.get("op") != "copy":
            print(d["op"], d["mode"], d["peer"], round(d["ms"], 2), round(d.get("peak_extra_mib") or 0))
PY
