#!/bin/bash
# Session 18, call 6 (carry [".device", ".whl"]): the final code. (1) metile check on CUDA of
# RoPE (16 rows per program at 16 bits) and GroupNorm; (2) the joined tables beside the peers
# in one run: RoPE q 8x32 / k 8x8 x2048x128 and GroupNorm [8, 4096, 512] in 1,024 groups
# (PARITY.md's shape; peers.py's new group_norm), bf16 and f32.
cd "$(dirname "$0")/../.."
R=/tmp/r18f; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
B=.device/bin/metile
timeout 200 $B check rope group_norm --device cuda --jobs 16 > $R/check.txt 2>&1; t "check rc=$? $(tail -1 $R/check.txt)"
grep FAIL $R/check.txt | cut -c1-200 | head -5; gzip $R/check.txt; pack
Q="--device cuda --rows 2048 --cols 128 --reps 20 --cuda-graph --omit position_ids --json"
GN="--device cuda --lead 8 --rows 4096 --cols 512 -p num_groups=1024 --reps 20 --cuda-graph --json"
for d in bf16 f32; do
  timeout 60 $B bench rope --lead 8,32 $Q --dtype $d >> $R/mg.jsonl 2>>$R/m.err
  timeout 60 $B bench group_norm $GN --dtype $d >> $R/mg.jsonl 2>>$R/m.err
done; t "metile bench"; pack
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
export PYTHONUNBUFFERED=1
timeout 150 python3 benchmarks/peers.py --cuda-graph --copy-mib 1024 --ops rope --rows 2048 --cols 128 --dtypes bf16,f32 --no-metile --json $R/p_rope.jsonl > $R/p_rope.log 2>&1; t "peers rope rc=$?"
timeout 200 python3 benchmarks/peers.py --cuda-graph --copy-mib 1024 --ops group_norm --rows 4096 --cols 512 --dtypes bf16,f32 --no-metile --json $R/p_gn.jsonl > $R/p_gn.log 2>&1; t "peers group_norm rc=$?"
python3 benchmarks/join.py --metile $R/mg.jsonl --peers $R/p_rope.jsonl --peers $R/p_gn.jsonl > $R/table.md 2>&1; grep "^|" $R/table.md | cut -d'|' -f2-13; pack
grep -E "^(group_norm|rope)" $R/p_gn.log $R/p_rope.log | cut -c1-150
sort $R/m.err | uniq -c | head
