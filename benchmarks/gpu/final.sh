#!/bin/bash
# One call: GPU correctness with the final defaults, metile's bench, the peers in the same run,
# the joined table, and a bounded compute-sanitizer pass.
cd "$(dirname "$0")/../.."
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
B=${METILE:-.device/bin/metile}
$B check --device cuda > $OUT/check_cuda.txt 2>&1; echo "check rc=$? $(tail -1 $OUT/check_cuda.txt)"
for d in bf16 f32; do
  $B bench --device cuda --rows 16384 --cols 4096 --dtype $d --reps 20 --json > $OUT/m_$d.jsonl 2>&1
done
PYTHONUNBUFFERED=1 timeout 290 python3 benchmarks/peers.py --json $OUT/peers.jsonl > $OUT/peers.log 2>&1; echo "peers rc=$?"
python3 benchmarks/join.py --metile $OUT/m_bf16.jsonl --metile $OUT/m_f32.jsonl --peers $OUT/peers.jsonl > $OUT/table.md 2>&1
cat $OUT/table.md
timeout -s INT 70 compute-sanitizer --tool memcheck $B check add_rms_norm --device cuda > $OUT/memcheck.txt 2>&1; echo "memcheck rc=$?"; grep -E "ERROR SUMMARY|Invalid|passed" $OUT/memcheck.txt | tail -3
