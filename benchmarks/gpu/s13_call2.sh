#!/bin/bash
# Session 13, call 2 (2026-11-30): programmatic dependent launch (PDL). Every generated kernel
# now starts with `griddepcontrol.wait` (and then `launch_dependents`), and the runtime launches
# it with cuLaunchKernelEx's programmatic stream serialization, so that each kernel's programs
# are scheduled while the one before drains. (1) the runtime's CUDA tests (graph capture with
# PDL launches; the capture test's fix: graphs dropped inside a capture are destroyed after
# it); (2) the whole CUDA check under PDL; (3) A/B, graph-timed: METILE_CUDA_PDL=1 / 0 on the
# norms (bf16, f32), softmax, RoPE, SwiGLU / GeGLU, and launched on the bf16 norms; (4) the
# norms beside the peers (graph-replayed, metile.torch from this commit's wheel), joined.
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r13c2; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
ms() { python3 -c "import sys,json; print(' '.join(r['entry'].replace('_norm','').replace('backward','bwd').replace('forward','fwd')+'='+str(round(r['ms'],4))+('' if r.get('timing')!='launch' else '(L)') for r in map(json.loads, open(sys.argv[1]))))" $1; }
for b in runtime_cuda_tests runtime_capture_tests; do
  timeout 60 .device/bin/$b --test-threads 1 > $R/$b.txt 2>&1; t "$b rc=$? $(grep '^test result' $R/$b.txt)"; grep -E "FAILED|panicked" $R/$b.txt | head -5; done; pack
timeout 170 $B check --device cuda --jobs 16 > $R/check.txt 2>&1; t "check all rc=$? $(tail -1 $R/check.txt)"; grep FAIL $R/check.txt | cut -c1-200 | head -5; pack
N="rms_norm layer_norm add_rms_norm --device cuda --rows 16384 --cols 4096 --reps 20 --json"
G="swiglu geglu --device cuda --rows 8192 --cols 14336 --dtype bf16 --reps 20 --json --cuda-graph"
S="softmax --device cuda --rows 16384 --cols 4096 --dtype bf16 --reps 20 --json --cuda-graph"
Q="rope --lead 8,32 --rows 2048 --cols 128 --dtype bf16 --device cuda --reps 20 --json --cuda-graph"
for pdl in 1 0 1 0; do export METILE_CUDA_PDL=$pdl
  for x in "nb|$N --cuda-graph --dtype bf16 -p grad_dtype=storage" "nf|$N --cuda-graph --dtype f32" "sm|$S" "rope|$Q" "glu|$G"; do
    n=${x%%|*}; timeout 60 $B bench ${x#*|} > $R/ab_${n}_$pdl.jsonl 2>>$R/m.err; t "pdl=$pdl $n: $(ms $R/ab_${n}_$pdl.jsonl)"; cat $R/ab_${n}_$pdl.jsonl >> $R/ab_all_$pdl.jsonl; done; pack
  timeout 60 $B bench $N --dtype bf16 -p grad_dtype=storage > $R/ab_launch_$pdl.jsonl 2>>$R/m.err; t "pdl=$pdl launched nb: $(ms $R/ab_launch_$pdl.jsonl)"; done
unset METILE_CUDA_PDL
METILE_CUDA_MIN_PROGRAMS=rms_norm_fwd=6 timeout 60 $B bench rms_norm --device cuda --rows 16384 --cols 4096 --reps 20 --json --cuda-graph --dtype bf16 > $R/minp6.jsonl 2>>$R/m.err; t "rms bf16 min programs 6: $(ms $R/minp6.jsonl)"; pack
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
P="python3 benchmarks/peers.py --cuda-graph --copy-mib 1024"; export PYTHONUNBUFFERED=1
timeout 150 $P --ops rms_norm,layer_norm,fused_add_rms_norm --rows 16384 --cols 4096 --dtypes bf16,f32 --json $R/p_norms.jsonl > $R/p_norms.log 2>&1; t "peers norms rc=$?"
cat $R/ab_nb_1.jsonl $R/ab_nf_1.jsonl > $R/mg_norms.jsonl
python3 benchmarks/join.py --metile $R/mg_norms.jsonl --peers $R/p_norms.jsonl > $R/table_norms.md 2>&1; grep "^|" $R/table_norms.md | grep -v "^|---\|operator" | cut -d'|' -f2-12; pack
sort $R/m.err | uniq -c | head
