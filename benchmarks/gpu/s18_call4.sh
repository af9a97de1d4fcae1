#!/bin/bash
# Session 18, call 4 (carry [".device", ".whl"]): (1) metile check on CUDA of what changed
# (the norms, DyT and PolyNorm: the partial-row sum's new default tile; RoPE: its fast body
# as an entry point of its own and the shared tables' 32-bit offsets; GroupNorm, new);
# (2) RoPE A/B of the split entry (METILE_CUDA_SPLIT=rope_fwd=0,rope_bwd=0), interleaved;
# (3) the joined table beside the peers: norms 16384x4096 and RoPE q 8x32 / k 8x8 x2048x128,
# bf16 and f32.
cd "$(dirname "$0")/../.."
R=/tmp/r18d; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
B=.device/bin/metile
G=""; $B ops 2>/dev/null | grep -q "^group_norm .*paired" && G=group_norm
timeout 240 $B check rms_norm layer_norm add_rms_norm dyt poly_norm rope $G --device cuda --jobs 16 > $R/check.txt 2>&1; t "check rc=$? $(tail -1 $R/check.txt)"
grep FAIL $R/check.txt | cut -c1-200 | head -5; gzip $R/check.txt; pack
Q="--device cuda --rows 2048 --cols 128 --reps 20 --cuda-graph --omit position_ids"
for round in 1 2; do for d in bf16 f32; do
  timeout 60 $B bench rope --lead 8,32 $Q --dtype $d > $R/rope_${d}_split_$round.txt 2>&1
  METILE_CUDA_SPLIT=rope_fwd=0,rope_bwd=0 timeout 60 $B bench rope --lead 8,32 $Q --dtype $d > $R/rope_${d}_single_$round.txt 2>&1
done; done
grep -H -E "forward |backward |forward\+backward" $R/rope_*.txt | grep -v table | sed 's/  */ /g' | cut -c1-110; t "rope A/B"; pack
N="rms_norm layer_norm add_rms_norm --device cuda --rows 16384 --cols 4096 --reps 20 --json --cuda-graph"
for d in bf16 f32; do p=""; [ $d = bf16 ] && p="-p grad_dtype=storage"; timeout 60 $B bench $N --dtype $d $p >> $R/mg.jsonl 2>>$R/m.err
  timeout 60 $B bench rope --lead 8,32 $Q --dtype $d --json >> $R/mg.jsonl 2>>$R/m.err; done; t "metile bench"; pack
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
export PYTHONUNBUFFERED=1
timeout 200 python3 benchmarks/peers.py --cuda-graph --copy-mib 1024 --ops rms_norm,layer_norm,fused_add_rms_norm --rows 16384 --cols 4096 --dtypes bf16,f32 --no-metile --json $R/p.jsonl > $R/p.log 2>&1; t "peers norms rc=$?"
timeout 120 python3 benchmarks/peers.py --cuda-graph --copy-mib 1024 --ops rope --rows 2048 --cols 128 --dtypes bf16,f32 --no-metile --json $R/p.jsonl > $R/p_rope.log 2>&1; t "peers rope rc=$?"
python3 benchmarks/join.py --metile $R/mg.jsonl --peers $R/p.jsonl > $R/table.md 2>&1; grep "^|" $R/table.md | cut -d'|' -f2-11; pack
sort $R/m.err | uniq -c | head
