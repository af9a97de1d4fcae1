#!/bin/bash
# Session 14, call 5 (2026-12-01): (1) every row kernel's forward runs at 96% of the copy whatever
# its width, occupancy, prefetch or per-load cache hint; A/B ptxas's default load caching
# (`-dlcm=ca`) against L2-only loads (`METILE_NVRTC_FLAGS=-Xptxas=-dlcm=cg`) on the norms,
# softmax and RoPE, graph-timed, two rounds. (2) For planning (no open issue's bar): KL and JSD at
# ANCHORS.md's shape (8192x32768 f32) beside the peers, with the column step swept
# (METILE_GPU_STEP 4096 default / 8192 / 16384).
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r14c5; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
ms() { python3 -c "import sys,json; print(' '.join(r['entry'].replace('_norm','').replace('backward','bwd').replace('forward','fwd')+'='+str(round(r['ms'],4)) for r in map(json.loads, open(sys.argv[1])) if 'in_place' not in r['entry']))" $1; }
N="rms_norm layer_norm add_rms_norm --device cuda --rows 16384 --cols 4096 --reps 20 --json --cuda-graph"
S="softmax --device cuda --rows 16384 --cols 4096 --dtype bf16 --reps 20 --json --cuda-graph"
Q="rope --lead 8,32 --rows 2048 --cols 128 --dtype bf16 --device cuda --reps 20 --json --cuda-graph"
for round in 1 2; do for v in ca cg; do
  if [ $v = cg ]; then export METILE_NVRTC_FLAGS=-Xptxas=-dlcm=cg; else unset METILE_NVRTC_FLAGS; fi
  for x in "nb|$N --dtype bf16 -p grad_dtype=storage" "nf|$N --dtype f32" "softmax|$S" "rope|$Q"; do n=${x%%|*}
    timeout 60 $B bench ${x#*|} > $R/${n}_${v}_$round.jsonl 2>>$R/m.err; t "$v $n: $(ms $R/${n}_${v}_$round.jsonl)"; done; done; pack; done
unset METILE_NVRTC_FLAGS
D="kl_div jsd --device cuda --rows 8192 --cols 32768 --dtype f32 --reps 20 --json --cuda-graph -p reduction=batchmean"
for st in 4096 8192 16384; do
  METILE_GPU_STEP=$st timeout 60 $B bench $D > $R/dist_$st.jsonl 2>>$R/m.err; t "step $st: $(ms $R/dist_$st.jsonl)"; done; pack
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
timeout 150 python3 benchmarks/peers.py --cuda-graph --copy-mib 1024 --no-metile --ops kl_div,jsd --rows 8192 --cols 32768 --dtypes f32 --json $R/p_dist.jsonl > $R/p_dist.log 2>&1; t "peers dist rc=$?"; pack
python3 benchmarks/join.py --metile $R/dist_4096.jsonl --peers $R/p_dist.jsonl > $R/table_dist.md 2>&1; grep "^|" $R/table_dist.md | grep -v "^|---\|operator" | cut -d'|' -f2-12; pack
sort $R/m.err | uniq -c | head
