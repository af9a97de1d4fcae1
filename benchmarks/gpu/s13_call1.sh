#!/bin/bash
# Prepared in session 12 (2026-11-30) as next_s13.sh; run as session 13's first call. Build first, here:
#   cargo build --release -p metile-cli && cp target/release/metile .device/bin/
#   cargo test --release -p metile-runtime --test cuda --test cuda_capture --no-run
#   (copy the two executables it names to .device/bin/runtime_cuda_tests and
#   .device/bin/runtime_capture_tests), and the wheels into .whl (benchmarks/fetch_wheels.sh; the
#   metile wheel from `cd python && maturin build --release`); carry [".device", ".whl"].
# About 7 minutes. What it is for: session 12's last changes ran on the CPU only:
# (1) the own-stream capture test (tests/cuda_capture.rs: pool buffers released inside a
#     capture kept by the graph, scratch replayed, failures and a panic leaving the device
#     usable) and the reworked capture bookkeeping;
# (2) `metile bench --cuda-graph` on the entries that now reuse their outputs (cross-entropy's
#     forward, the norms' in-place backwards, RoPE's table backward): each row should say
#     "timing":"graph" with no "not captured" note;
# (3) cross-entropy beside the peers timed plainly (the peers' CE does not survive capture).
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r13; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
for b in runtime_cuda_tests runtime_capture_tests; do
  timeout 60 .device/bin/$b --test-threads 1 > $R/$b.txt 2>&1; t "$b rc=$? $(grep '^test result' $R/$b.txt)"; grep -E "FAILED|panicked" $R/$b.txt | head -5; done; pack
timeout 170 $B check --device cuda --jobs 16 > $R/check.txt 2>&1; t "check all rc=$? $(tail -1 $R/check.txt)"; grep FAIL $R/check.txt | cut -c1-200 | head -5; pack
N="rms_norm layer_norm add_rms_norm --device cuda --rows 16384 --cols 4096 --reps 20 --json --cuda-graph"
for d in bf16 f32; do p=""; [ $d = bf16 ] && p="-p grad_dtype=storage"; timeout 60 $B bench $N --dtype $d $p >> $R/mg_norms.jsonl 2>>$R/m.err; t "bench graph norms $d rc=$?"; done
timeout 60 $B bench rope --lead 8,32 --rows 2048 --cols 128 --dtype bf16 --device cuda --reps 20 --json --cuda-graph > $R/mg_rope.jsonl 2>>$R/m.err; t "bench graph rope rc=$?"
C="cross_entropy --omit weight --device cuda --cols 128256 --reps 10 --json --cuda-graph"
timeout 60 $B bench $C --rows 8192 --dtype bf16 > $R/mg_ce_bf16.jsonl 2>>$R/m.err; t "bench graph ce bf16 rc=$?"
timeout 60 $B bench $C --rows 4096 --dtype f32 > $R/mg_ce_f32.jsonl 2>>$R/m.err; t "bench graph ce f32 rc=$?"; pack
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
P="python3 benchmarks/peers.py --copy-mib 1024 --no-metile"; export PYTHONUNBUFFERED=1
timeout 90 $P --ops cross_entropy --rows 8192 --cols 128256 --dtypes bf16 --json $R/p_ce_bf16.jsonl > $R/p_ce_bf16.log 2>&1; t "peers ce bf16 rc=$?"; pack
timeout 70 $P --ops cross_entropy --rows 4096 --cols 128256 --dtypes f32 --json $R/p_ce_f32.jsonl > $R/p_ce_f32.log 2>&1; t "peers ce f32 rc=$?"; pack
for n in ce_bf16 ce_f32; do python3 benchmarks/join.py --metile $R/mg_$n.jsonl --peers $R/p_$n.jsonl > $R/table_$n.md 2>&1
  grep "^|" $R/table_$n.md | grep -v "^|---\|operator" | cut -d'|' -f2-12; done; pack
grep -h '"timing"' $R/mg_*.jsonl | python3 -c "import sys,json; [print(r['entry'], r['dtype'], r['timing'], round(r['ms'],4)) for r in map(json.loads, sys.stdin)]"
sort $R/m.err | uniq -c | head
# (4) Norm forwards at narrower programs (32 / 64 / 128 threads: one warp holding a whole row
# needs no barrier), graph-timed, against the model's 256.
for d in bf16 f32; do for th in 32 64 128 256; do
  METILE_CUDA_THREADS=$th timeout 60 $B bench rms_norm layer_norm add_rms_norm --device cuda --rows 16384 --cols 4096 --reps 20 --json --cuda-graph --dtype $d > $R/thr_${d}_$th.jsonl 2>>$R/m.err
  t "fwd $d threads $th: $(python3 -c "import sys,json; print(' '.join(r['entry']+'='+str(round(r['ms'],4)) for r in map(json.loads, open(sys.argv[1])) if r['mode']=='fwd'))" $R/thr_${d}_$th.jsonl)"; done; done; pack
