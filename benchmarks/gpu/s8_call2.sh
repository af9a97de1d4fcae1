#!/bin/bash
# Session 8, call 2: host time per call (benchmarks/host_overhead.py), then the rest of
# next_s8.sh: the distribution losses' pipeline A/B and RoPE beside the peers (contiguous and
# on HF's views, the adapter's bthd path).
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
export PYTHONUNBUFFERED=1
timeout 120 python3 benchmarks/host_overhead.py > $R/host_overhead.txt 2>&1; t "host overhead rc=$?"; grep -v -i warn $R/host_overhead.txt | tail -25; pack
D="--device cuda --rows 4096 --cols 32000 --reps 10 -p reduction=batchmean"
for dt in bf16 f32; do for pipe in 0 default; do
  ( [ $pipe = 0 ] && export METILE_CE_PIPELINE=0; timeout 60 $B bench kl_div jsd tvd $D --dtype $dt 2>&1 | grep -E "\.forward " | sed "s/^/$dt pipe $pipe: /" )
done; done > $R/ab_distill.txt; t "distill a/b"; awk '{print $1,$2,$3,$4,$8}' $R/ab_distill.txt; pack
Q="--device cuda --rows 2048 --cols 128 --dtype bf16 --reps 20 --json"
( $B bench rope --lead 8,32 $Q; $B bench rope --lead 8,8 $Q ) > $R/m_rope.jsonl 2> $R/m_rope.err
timeout 60 python3 benchmarks/peers.py --dtypes bf16 --ops rope --rows 2048 --cols 128 --copy-mib 1024 --json $R/p_rope.jsonl > $R/p_rope.log 2>&1; t "peers rope rc=$?"
python3 benchmarks/join.py --metile $R/m_rope.jsonl --peers $R/p_rope.jsonl > $R/table_rope.md 2>&1; grep "^|" $R/table_rope.md | cut -c1-200
timeout 60 python3 benchmarks/peers.py --dtypes bf16 --ops rope --rows 2048 --cols 128 --copy-mib 1024 --rope-views > $R/p_rope_views.log 2>&1; t "peers rope views rc=$?"; grep -E "^rope" $R/p_rope_views.log | cut -c1-200; pack
