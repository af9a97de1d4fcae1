#!/bin/bash
# Session 14, call 1 (2026-12-01; prepared in session 13 as next_s14.sh). Build first, here:
#   cargo build --release -p metile-cli && cp target/release/metile .device/bin/
#   cargo test --release -p metile-runtime --test cuda --test cuda_capture --no-run
#   (copy the two executables it names to .device/bin/runtime_cuda_tests and
#   .device/bin/runtime_capture_tests); carry [".device"].
# About 6 minutes. What it is for:
# (1) session 13's last commit ran on the CPU only: the mirrored programmatic chain test and the
#     refusal of a source claiming the grid wait without it (tests/cuda.rs), failed nested
#     captures retiring their graphs, a failed wait for a launch's buffers stopping the launch;
# (2) the whole CUDA check on that commit;
# (3) compute-sanitizer (memcheck, racecheck) over the norms, whose forwards are now launched as
#     programmatic dependents (not sanitized since);
# (4) programmatic launch for kernels call 3 measured only with every kernel waiting (where
#     RoPE's table backward lost 9%): RoPE's row kernels and the softmax forward alone, A/B.
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r14; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
ms() { python3 -c "import sys,json; print(' '.join(r['entry']+'='+str(round(r['ms'],4))+('' if r.get('timing')!='launch' else '(L)') for r in map(json.loads, open(sys.argv[1]))))" $1; }
for b in runtime_cuda_tests runtime_capture_tests; do
  timeout 60 .device/bin/$b --test-threads 1 > $R/$b.txt 2>&1; t "$b rc=$? $(grep '^test result' $R/$b.txt)"; grep -E "FAILED|panicked" $R/$b.txt | head -5; done; pack
timeout 170 $B check --device cuda --jobs 16 > $R/check.txt 2>&1; t "check all rc=$? $(tail -1 $R/check.txt)"; grep FAIL $R/check.txt | cut -c1-200 | head -5; pack
for tool in memcheck racecheck; do
  timeout -s INT 90 compute-sanitizer --tool $tool $B check rms_norm layer_norm --device cuda > $R/$tool.txt 2>&1; t "$tool rc=$? $(grep -E 'ERROR SUMMARY' $R/$tool.txt | tail -1) $(tail -1 $R/$tool.txt | cut -c1-80)"; done; pack
S="softmax --device cuda --rows 16384 --cols 4096 --dtype bf16 --reps 20 --json --cuda-graph"
Q="rope --lead 8,32 --rows 2048 --cols 128 --dtype bf16 --device cuda --reps 20 --json --cuda-graph"
for round in 1 2; do for v in plain wait; do
  if [ $v = wait ]; then export METILE_CUDA_GRID_WAIT=rope_fwd=1,rope_bwd=1,softmax_fwd=1; else unset METILE_CUDA_GRID_WAIT; fi
  for x in "softmax|$S" "rope|$Q"; do n=${x%%|*}
    timeout 60 $B bench ${x#*|} > $R/ab_${n}_${v}_$round.jsonl 2>>$R/m.err; t "$v $n: $(ms $R/ab_${n}_${v}_$round.jsonl)"; done; done; done; pack
sort $R/m.err | uniq -c | head
