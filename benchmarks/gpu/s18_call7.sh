#!/bin/bash
# Session 18, call 7 (carry [".device", ".whl"]): GroupNorm's sums as whole-tile reductions:
# (1) metile check group_norm on CUDA; (2) GroupNorm [8, 4096, 512] in 1,024 groups beside the
# peers, bf16 and f32; (3) the whole CUDA check with the session's final binary.
cd "$(dirname "$0")/../.."
R=/tmp/r18g; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
B=.device/bin/metile
timeout 100 $B check group_norm --device cuda --jobs 16 > $R/check_gn.txt 2>&1; t "check gn rc=$? $(tail -1 $R/check_gn.txt)"; grep FAIL $R/check_gn.txt | cut -c1-200 | head -5; gzip $R/check_gn.txt
GN="--device cuda --lead 8 --rows 4096 --cols 512 -p num_groups=1024 --reps 20 --cuda-graph --json"
for d in bf16 f32; do timeout 60 $B bench group_norm $GN --dtype $d >> $R/mg.jsonl 2>>$R/m.err; done; t "bench"; pack
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
export PYTHONUNBUFFERED=1
timeout 150 python3 benchmarks/peers.py --cuda-graph --copy-mib 1024 --ops group_norm --rows 4096 --cols 512 --dtypes bf16,f32 --no-metile --json $R/p_gn.jsonl > $R/p_gn.log 2>&1; t "peers rc=$?"
python3 benchmarks/join.py --metile $R/mg.jsonl --peers $R/p_gn.jsonl > $R/table.md 2>&1; grep "^|" $R/table.md | cut -d'|' -f2-13; pack
timeout 280 $B check --device cuda --jobs 16 > $R/check.txt 2>&1; t "check all rc=$? $(tail -1 $R/check.txt)"; grep FAIL $R/check.txt | cut -c1-200 | head -5; gzip $R/check.txt; pack
