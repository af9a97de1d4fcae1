#!/bin/bash
# Session 9, call 1 (2026-11-30). Rebuild first:
# `cargo build --release -p metile-cli` -> .device/bin/metile; `cargo test --release -p
# metile-kernels --test zero_copy --no-run` -> .device/bin/test_zero_copy; the wheel into .whl/.
# Carry [".device", ".whl"].
# (1) Never run on a GPU: the FLCE window review mends (the zero-copy test compares windows with
#     copies under sum, none with z-loss rows, and the backward under none), metile.torch's DyT
#     and PolyNorm on CUDA tensors, RopeQKFunction's mends (unused output not rotated, dtypes).
# (2) RoPE's forward (1.8x torch.compile): ncu of our q+k kernel beside compile's (s8_call4.sh's
#     ncu run failed on a duplicated --reps).
# (3) Host time per call and the convergence run after the session's last changes.
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
timeout 60 .device/bin/test_zero_copy > $R/zero_copy.txt 2>&1; t "zero copy rc=$?"; grep -E "test result|FAILED|panicked" $R/zero_copy.txt | head -5
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
export PYTHONUNBUFFERED=1
timeout 60 python3 -m pytest -q -rs python/tests/test_torch.py -k "cuda or rope or dyt or poly" > $R/pytest_cuda.txt 2>&1; t "pytest rc=$?"; grep -E "passed|failed|Error" $R/pytest_cuda.txt | tail -4; pack
M="--clock-control none --section SpeedOfLight --section Occupancy --section WarpStateStats --section MemoryWorkloadAnalysis --section SourceCounters --section LaunchStats --section SchedulerStats"
timeout 120 ncu $M -k regex:mt_rope_fwd --launch-skip 3 --launch-count 1 $B bench rope --lead 8,32 --device cuda --rows 2048 --cols 128 --dtype bf16 --reps 1 > $R/ncu_rope_metile.txt 2>&1; t "ncu metile rc=$?"
grep -E "Duration|DRAM Throughput|L2 Hit|Achieved Occupancy|Registers Per|Block Size|Grid Size|Theoretical Occupancy|Warp Cycles Per Issued|L1/TEX Hit" $R/ncu_rope_metile.txt | head -16; pack
cat > /tmp/rc.py <<'PY'
import torch
b,hq,hk,T,D=8,32,8,2048,128
q=torch.randn(b,hq,T,D,device="cuda",dtype=torch.bfloat16); k=torch.randn(b,hk,T,D,device="cuda",dtype=torch.bfloat16)
c=torch.randn(1,T,D,device="cuda",dtype=torch.bfloat16); s=torch.randn(1,T,D,device="cuda",dtype=torch.bfloat16)
def rot(x): return torch.cat((-x[...,D//2:], x[...,:D//2]),-1)
@torch.compile
def f(q,k,c,s):
    c,s=c.unsqueeze(1),s.unsqueeze(1); return q*c+rot(q)*s, k*c+rot(k)*s
for _ in range(5): f(q,k,c,s)
torch.cuda.synchronize()
PY
timeout 150 ncu $M -k regex:triton --launch-skip 2 --launch-count 2 python3 /tmp/rc.py > $R/ncu_rope_compile.txt 2>&1; t "ncu compile rc=$?"
TORCHINDUCTOR_CACHE_DIR=/tmp/ind python3 -c "exec(open('/tmp/rc.py').read())" ; find /tmp/ind -name "*.py" -newer /tmp/rc.py | xargs grep -l "def triton" | head -3 | xargs -I{} cp {} $R/ 2>/dev/null
for f in metile compile; do echo "== $f"; grep -E "Duration|DRAM Throughput|Memory Throughput|L2 Hit|Achieved Occupancy|Registers Per|Block Size|Grid Size|Warp Cycles Per Issued|L1/TEX Hit|Issued Ipc|Eligible" $R/ncu_rope_$f.txt | head -30; done; pack
# The library's own host time per call (`host_us`, new in session 8) at the convergence run's shapes.
C="--device cuda --dtype bf16 --reps 20 --json"
( $B bench rms_norm --rows 4096 --cols 256 $C; $B bench swiglu --rows 4096 --cols 688 $C
  $B bench rope --lead 8,4 --rows 512 --cols 64 $C ) > $R/host_us.jsonl 2>&1
python3 -c "import json,sys; [print(r['entry'], r['mode'], round(r['ms']*1e3,1), 'us;', round(r['host_us'],1), 'us host') for r in map(json.loads, open('$R/host_us.jsonl')) if r.get('host_us') is not None]"
timeout 90 python3 benchmarks/host_overhead.py > $R/host_overhead.txt 2>&1; t "host overhead rc=$?"; grep "^|" $R/host_overhead.txt | tail -16; pack
