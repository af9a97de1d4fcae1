#!/bin/bash
# One call: GPU correctness of every operator, metile's bench and the peers (PyTorch eager,
# torch.compile, Liger-Kernel) at the ANCHORS.md shapes in the same run, the joined table, and a
# bounded memcheck. Needs the release binary in .device/bin and Liger's wheel in .whl/.
cd "$(dirname "$0")/../.."
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
B=${METILE:-.device/bin/metile}
s=$(date +%s)
timeout 200 $B check --device cuda > $OUT/check_cuda.txt 2>&1; echo "check rc=$? $(tail -1 $OUT/check_cuda.txt) in $(( $(date +%s) - s )) s"
grep FAIL $OUT/check_cuda.txt | head -20
N="--rows 16384 --cols 4096"; G="--rows 8192 --cols 14336 --dtype bf16"
for d in bf16 f32; do $B bench rms_norm layer_norm add_rms_norm --device cuda $N --dtype $d --reps 20 --json > $OUT/m_norms_$d.jsonl 2>&1; done
$B bench swiglu geglu --device cuda $G --reps 20 --json > $OUT/m_glu.jsonl 2>&1
$B bench softmax --device cuda $N --dtype bf16 --reps 20 --json > $OUT/m_softmax.jsonl 2>&1
$B bench cross_entropy --omit weight --device cuda --rows 8192 --cols 128256 --dtype bf16 --reps 10 --json > $OUT/m_ce_bf16.jsonl 2>&1
$B bench cross_entropy --omit weight --device cuda --rows 4096 --cols 128256 --dtype f32 --reps 10 --json > $OUT/m_ce_f32.jsonl 2>&1
# RoPE as the peers run it: no position ids (theirs gather none).
$B bench rope --lead 8,32 --rows 2048 --cols 128 --dtype bf16 --omit position_ids --device cuda --reps 20 --json > $OUT/m_rope.jsonl 2>&1
echo "metile bench done in $(( $(date +%s) - s )) s"
P="python3 benchmarks/peers.py"; export PYTHONUNBUFFERED=1
timeout 200 $P --json $OUT/p_norms.jsonl > $OUT/p_norms.log 2>&1; echo "peers norms rc=$? at $(( $(date +%s) - s )) s"
timeout 90 $P --ops swiglu,geglu $G --dtypes bf16 --copy-mib 1024 --json $OUT/p_glu.jsonl > $OUT/p_glu.log 2>&1; echo "peers glu rc=$? at $(( $(date +%s) - s )) s"
timeout 50 $P --ops softmax $N --dtypes bf16 --copy-mib 1024 --json $OUT/p_softmax.jsonl > $OUT/p_softmax.log 2>&1; echo "peers softmax rc=$? at $(( $(date +%s) - s )) s"
timeout 60 $P --ops cross_entropy --rows 8192 --cols 128256 --dtypes bf16 --copy-mib 1024 --json $OUT/p_ce_bf16.jsonl > $OUT/p_ce_bf16.log 2>&1; echo "peers ce bf16 rc=$? at $(( $(date +%s) - s )) s"
timeout 60 $P --ops cross_entropy --rows 4096 --cols 128256 --dtypes f32 --copy-mib 1024 --json $OUT/p_ce_f32.jsonl > $OUT/p_ce_f32.log 2>&1; echo "peers ce f32 rc=$? at $(( $(date +%s) - s )) s"
timeout 60 $P --ops rope --rows 2048 --cols 128 --dtypes bf16 --copy-mib 1024 --json $OUT/p_rope.jsonl > $OUT/p_rope.log 2>&1; echo "peers rope rc=$? at $(( $(date +%s) - s )) s"
for g in norms glu softmax ce_bf16 ce_f32 rope; do
  M=$(ls $OUT/m_*.jsonl | grep -E "m_(${g}|${g}_.*)\.jsonl" | sed 's/^/--metile /' | tr '\n' ' ')
  [ $g = norms ] && M="--metile $OUT/m_norms_bf16.jsonl --metile $OUT/m_norms_f32.jsonl"
  python3 benchmarks/join.py $M --peers $OUT/p_$g.jsonl > $OUT/table_$g.md 2>&1
  cat $OUT/table_$g.md
done
timeout -s INT 40 compute-sanitizer --tool memcheck $B check llama4_rope qwen2vl_mrope swiglu_packed --device cuda > $OUT/memcheck.txt 2>&1; echo "memcheck rc=$?"; grep -E "ERROR SUMMARY|passed" $OUT/memcheck.txt | tail -2
