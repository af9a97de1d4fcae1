#!/bin/bash
# Session 13, call 3 (2026-11-30): is the wait for the prior grid worth its place in the source?
# Call 2 found programmatic dependent launch gaining 1-2% on the forwards (same source, launch
# attribute on/off) but the source with the wait slower than call 1's without it (ptxas gives
# bf16 RMSNorm's forward 44 registers instead of 40, its backward 76 instead of 70). A/B,
# graph-timed, two rounds: the source with the wait, launched as programmatic dependents (the
# default) against the source without it (METILE_CUDA_GRID_WAIT=0, launched plainly); bf16
# RMSNorm's forward with 6 programs per SM asked of ptxas; launched norms. Then the peers of the
# norms, softmax, RoPE, SwiGLU / GeGLU in the same run (graph-replayed).
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r13c3; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
ms() { python3 -c "import sys,json; print(' '.join(r['entry'].replace('_norm','').replace('backward','bwd').replace('forward','fwd')+'='+str(round(r['ms'],4))+('' if r.get('timing')!='launch' else '(L)') for r in map(json.loads, open(sys.argv[1]))))" $1; }
N="rms_norm layer_norm add_rms_norm --device cuda --rows 16384 --cols 4096 --reps 20 --json"
G="swiglu geglu --device cuda --rows 8192 --cols 14336 --dtype bf16 --reps 20 --json --cuda-graph"
S="softmax --device cuda --rows 16384 --cols 4096 --dtype bf16 --reps 20 --json --cuda-graph"
Q="rope --lead 8,32 --rows 2048 --cols 128 --dtype bf16 --device cuda --reps 20 --json --cuda-graph"
for v in wait plain wait plain; do if [ $v = plain ]; then export METILE_CUDA_GRID_WAIT=0; else unset METILE_CUDA_GRID_WAIT; fi
  for x in "nb|$N --cuda-graph --dtype bf16 -p grad_dtype=storage" "nf|$N --cuda-graph --dtype f32" "softmax|$S" "rope|$Q" "glu|$G"; do
    n=${x%%|*}; timeout 60 $B bench ${x#*|} > $R/ab_${n}_$v.jsonl 2>>$R/m.err; t "$v $n: $(ms $R/ab_${n}_$v.jsonl)"; done; pack
  timeout 60 $B bench $N --dtype bf16 -p grad_dtype=storage > $R/ab_launch_$v.jsonl 2>>$R/m.err; t "$v launched nb: $(ms $R/ab_launch_$v.jsonl)"; done
unset METILE_CUDA_GRID_WAIT
METILE_CUDA_MIN_PROGRAMS=rms_norm_fwd=6 timeout 60 $B bench rms_norm --device cuda --rows 16384 --cols 4096 --reps 20 --json --cuda-graph --dtype bf16 -p grad_dtype=storage > $R/minp6.jsonl 2>>$R/m.err; t "wait, rms bf16 fwd 6 programs: $(ms $R/minp6.jsonl)"; pack
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
P="python3 benchmarks/peers.py --cuda-graph --copy-mib 1024"; export PYTHONUNBUFFERED=1
timeout 150 $P --ops rms_norm,layer_norm,fused_add_rms_norm --rows 16384 --cols 4096 --dtypes bf16,f32 --json $R/p_norms.jsonl > $R/p_norms.log 2>&1; t "peers norms rc=$?"; pack
P="$P --no-metile"
timeout 60 $P --ops softmax --rows 16384 --cols 4096 --dtypes bf16 --json $R/p_softmax.jsonl > $R/p_softmax.log 2>&1; t "peers softmax rc=$?"; pack
timeout 60 $P --ops rope --rows 2048 --cols 128 --dtypes bf16 --json $R/p_rope.jsonl > $R/p_rope.log 2>&1; t "peers rope rc=$?"; pack
timeout 90 $P --ops swiglu,geglu --rows 8192 --cols 14336 --dtypes bf16 --json $R/p_glu.jsonl > $R/p_glu.log 2>&1; t "peers glu rc=$?"; pack
for v in wait plain; do cat $R/ab_nb_$v.jsonl $R/ab_nf_$v.jsonl > $R/mg_norms_$v.jsonl
  for n in norms softmax rope glu; do m=$R/mg_${n}_$v.jsonl; [ $n = norms ] || m=$R/ab_${n}_$v.jsonl
    python3 benchmarks/join.py --metile $m --peers $R/p_$n.jsonl > $R/table_${n}_$v.md 2>&1; echo "== $v $n"; grep "^|" $R/table_${n}_$v.md | grep -v "^|---\|operator" | cut -d'|' -f2-12; done; done; pack
sort $R/m.err | uniq -c | head
