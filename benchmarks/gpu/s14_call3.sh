#!/bin/bash
# Session 14, call 3 (2026-12-01): cache hints on RoPE (whose table rows are read from L2 once per
# row of x: L2 88-91% busy in session 12's ncu), softmax's backward (behind Liger's by 3 us) and
# the stores of the f32 norm forwards (3% behind torch.compile). A/B, graph-timed, two rounds.
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r14c3; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
ms() { python3 -c "import sys,json; print(' '.join(r['entry'].replace('_norm','').replace('backward','bwd').replace('forward','fwd')+'='+str(round(r['ms'],4)) for r in map(json.loads, open(sys.argv[1])) if sys.argv[2] in r['entry']))" $1 "$2"; }
S="softmax --device cuda --rows 16384 --cols 4096 --dtype bf16 --reps 20 --json --cuda-graph"
Q="rope --lead 8,32 --rows 2048 --cols 128 --dtype bf16 --device cuda --reps 20 --json --cuda-graph"
N="rms_norm layer_norm --device cuda --rows 16384 --cols 4096 --reps 20 --json --cuda-graph --dtype f32"
for round in 1 2; do
  for h in none ldg:cos,sin ldg ldca:cos,sin; do [ $h = none ] && unset METILE_CUDA_LOAD_HINT || export METILE_CUDA_LOAD_HINT=$h
    timeout 60 $B bench $Q > $R/rope_${h%%:*}_$round.jsonl 2>>$R/m.err; t "rope $h: $(ms $R/rope_${h%%:*}_$round.jsonl .)"; done
  for h in none ldg ldcs ldlu; do [ $h = none ] && unset METILE_CUDA_LOAD_HINT || export METILE_CUDA_LOAD_HINT=$h
    timeout 60 $B bench $S > $R/sm_${h}_$round.jsonl 2>>$R/m.err; t "softmax $h: $(ms $R/sm_${h}_$round.jsonl .)"; done
  unset METILE_CUDA_LOAD_HINT
  for h in none stcg stwt; do [ $h = none ] && unset METILE_CUDA_STORE_HINT || export METILE_CUDA_STORE_HINT=$h
    timeout 60 $B bench $N > $R/nf_${h}_$round.jsonl 2>>$R/m.err; t "f32 norms store $h: $(ms $R/nf_${h}_$round.jsonl .forward)"; done
  unset METILE_CUDA_STORE_HINT; pack; done
sort $R/m.err | uniq -c | head
