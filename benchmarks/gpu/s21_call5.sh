#!/bin/bash
# Session 21, call 5 (carry [".device", ".whl"]): the device's idle gaps in fused linear
# cross-entropy's steps through metile.torch (profile_fl.py), then the peers' fused linear
# cross-entropy and KL tables with peers.py's longer do_bench budgets.
cd "$(dirname "$0")/../.."
R=/tmp/r21e; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl .device/wheels/*.whl && export PYTHONPATH=/tmp/site
export PYTHONUNBUFFERED=1
timeout 200 python3 benchmarks/gpu/s21/profile_fl.py fused_linear_cross_entropy > $R/prof_flce.txt 2>&1; t "prof rc=$?"
head -6 $R/prof_flce.txt; grep -A13 "device span" $R/prof_flce.txt; pack
B=.device/bin/metile
F="--device cuda --rows 8192 --cols 4096 --out-cols 128256 --dtype bf16 --reps 9 --json"
timeout 100 $B bench fused_linear_cross_entropy $F --omit bias --omit ce_weight -p param_grad_dtype=storage > $R/m_flce.jsonl 2> $R/m_flce.err; t "metile flce"
for op in fused_linear_cross_entropy fused_linear_kl_div; do
  timeout 240 python3 benchmarks/peers.py --ops $op --rows 8192 --cols 4096 --vocab 128256 --dtypes bf16 --copy-mib 1024 --json $R/p_$op.jsonl > $R/p_$op.log 2>&1; t "peers $op rc=$?"; pack
done
python3 benchmarks/join.py --metile $R/m_flce.jsonl --peers $R/p_fused_linear_cross_entropy.jsonl > $R/table_flce.md 2>&1; cat $R/table_flce.md
python3 - $R <<'PY'
import json, sys, glob
for f in sorted(glob.glob(sys.argv[1] + "/p_*.jsonl")):
    for l in open(f):
        d = json.loads(l)
        if d.get("ms") and d.get("op") != "copy":
            print(d["op"], d["mode"], d["peer"], round(d["ms"], 2), round(d.get("peak_extra_mib") or 0))
PY
pack
