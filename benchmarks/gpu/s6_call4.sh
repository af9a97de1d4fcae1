#!/bin/bash
# Session 6 (2026-11-30), fourth device call: (1) the in-place backward variants on CUDA (the
# oracle check of the ops that have them, the metile.torch CUDA tests) and the convergence run
# against Liger (step time, peak memory: issue 6's bar); (2) the norm backward's launch shape swept
# (threads per program by METILE_CUDA_THREADS, programs per SM by
# METILE_NORM_BWD_PROGRAMS_PER_UNIT; ncu: f32 RMSNorm backward at 512 threads and 74 registers
# runs 1 program per SM, 25% occupancy, 70% of DRAM) and the 16-bit prefetch trial
# (METILE_NORM_BWD_PREFETCH16=1); RoPE's threads; (3) the GLU and RMSNorm adapters beside the
# peers. Wheel rebuilt first. Carry [".device", ".whl"].
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
timeout 60 $B check --device cuda --jobs 16 swiglu geglu swiglu_packed geglu_packed rms_norm layer_norm add_rms_norm cross_entropy > $R/check_inplace.txt 2>&1; t "check rc=$? $(tail -1 $R/check_inplace.txt)"; grep FAIL $R/check_inplace.txt | cut -c1-180 | head -4
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
export PYTHONUNBUFFERED=1
timeout 100 python3 -m pytest -q -rs python/tests/test_torch.py -k cuda > $R/pytest_cuda.txt 2>&1; t "pytest cuda rc=$?"; grep -E "passed|failed|Error" $R/pytest_cuda.txt | tail -4; pack
timeout 150 python3 benchmarks/convergence.py --json $R/convergence_bf16.json > $R/convergence_bf16.txt 2>&1; t "convergence rc=$?"; grep -v Warning $R/convergence_bf16.txt | tail -10; pack
N="--device cuda --rows 16384 --cols 4096 --reps 10 -p grad_dtype=storage"
timeout 40 env METILE_NORM_BWD_PREFETCH16=1 $B check --device cuda --jobs 16 rms_norm layer_norm add_rms_norm > $R/check_pf16.txt 2>&1; t "check prefetch16 rc=$? $(tail -1 $R/check_pf16.txt)"
for op in rms_norm layer_norm add_rms_norm; do for th in 0 256 512; do for pf in 0 1; do
  e="env METILE_NORM_BWD_PREFETCH16=$pf"; [ $th -gt 0 ] && e="$e METILE_CUDA_THREADS=$th"
  $e $B bench $op $N --dtype bf16 2>&1 | grep -E "\.backward " | sed "s/^/threads $th prefetch16 $pf: /"
done; done; done > $R/sweep_pf16.txt; t "prefetch16 sweep"; awk '{print $1,$2,$3,$4,$5,$7,$9}' $R/sweep_pf16.txt; pack
for op in rms_norm layer_norm; do for th in 256 512; do for p in 0 2 4; do
  e="env METILE_CUDA_THREADS=$th"; [ $p -gt 0 ] && e="$e METILE_NORM_BWD_PROGRAMS_PER_UNIT=$p"
  $e $B bench $op $N --dtype f32 2>&1 | grep -E "\.backward " | sed "s/^/threads $th per_sm $p: /"
done; done; done > $R/sweep_norm.txt; t "f32 norm sweep"; awk '{print $1,$2,$3,$4,$5,$7,$9}' $R/sweep_norm.txt; pack
for th in 128 256 512 1024; do METILE_CUDA_THREADS=$th $B bench rope --lead 8,32 --device cuda --rows 2048 --cols 128 --dtype bf16 --reps 20 2>&1 | grep -E "forward |backward " | sed "s/^/rope threads $th: /"; done > $R/sweep_rope.txt; t "rope sweep"; awk '{print $1,$2,$3,$4,$5,$9}' $R/sweep_rope.txt; pack
timeout 60 python3 benchmarks/peers.py --dtypes bf16 --modes fwd,fwd+bwd --copy-mib 1024 --ops swiglu,geglu --rows 8192 --cols 14336 --json $R/a_glu.jsonl > $R/a_glu.log 2>&1; t "adapters rc=$?"
python3 benchmarks/join.py --peers $R/a_glu.jsonl 2>&1 | grep "^|"; pack
