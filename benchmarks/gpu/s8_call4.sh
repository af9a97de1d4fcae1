#!/bin/bash
# Session 8, call 4: RoPE's q and k in one launch (run_pair), checked and timed beside the peers;
# a rows-per-program sweep; ncu of the pair's forward and of torch.compile's kernel; metile.torch's
# CUDA tests; the convergence run (200 steps: time and peak; 32 steps at lr 1e-4: Liger's test).
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
timeout 60 $B check --device cuda --jobs 16 rope > $R/check.txt 2>&1; t "check rope rc=$? $(tail -1 $R/check.txt)"; grep FAIL $R/check.txt | cut -c1-180 | head -5
Q="--device cuda --rows 2048 --cols 128 --dtype bf16 --reps 20"
for r in 16 64 128; do METILE_ROPE_ROWS_PER_PROGRAM=$r $B bench rope --lead 8,32 $Q 2>&1 | grep -E "forward |backward " | sed "s/^/rows $r: /"; done > $R/rows_sweep.txt; t "rows sweep"; cat $R/rows_sweep.txt
$B bench rope --lead 8,32 $Q --json > $R/m_rope.jsonl 2> $R/m_rope.err; t "bench rope (pair)"
$B bench rope --lead 8,32 $Q --omit x2 --omit dy2 2>&1 | grep -E "forward |backward " | sed "s/^/q alone: /"
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
export PYTHONUNBUFFERED=1
timeout 70 python3 benchmarks/peers.py --dtypes bf16 --ops rope --rows 2048 --cols 128 --copy-mib 1024 --json $R/p_rope.jsonl > $R/p_rope.log 2>&1; t "peers rope rc=$?"
python3 benchmarks/join.py --metile $R/m_rope.jsonl --peers $R/p_rope.jsonl > $R/table_rope.md 2>&1; grep "^|" $R/table_rope.md | cut -c1-230; pack
M="--clock-control none --section SpeedOfLight --section Occupancy --section WarpStateStats --section MemoryWorkloadAnalysis"
timeout 90 ncu $M -k regex:mt_rope_fwd --launch-skip 3 --launch-count 1 $B bench rope --lead 8,32 $Q --reps 1 > $R/ncu_rope_metile.txt 2>&1; t "ncu metile rc=$?"
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
timeout 120 ncu $M -k regex:triton --launch-skip 3 --launch-count 1 python3 /tmp/rc.py > $R/ncu_rope_compile.txt 2>&1; t "ncu compile rc=$?"
for f in metile compile; do echo "== $f"; grep -E "Duration|DRAM Throughput|Memory Throughput|L2 Hit|Achieved Occupancy|Registers Per|Block Size|Grid Size|Theoretical Occupancy|Warp Cycles Per Issued|Stall|L1/TEX Hit" $R/ncu_rope_$f.txt | head -24; done; pack
timeout 70 python3 -m pytest -q -rs python/tests/test_torch.py -k cuda > $R/pytest_cuda.txt 2>&1; t "pytest cuda rc=$?"; grep -E "passed|failed|Error" $R/pytest_cuda.txt | tail -4; pack
timeout 200 python3 benchmarks/convergence.py --memory-step 2 --json $R/convergence_bf16.json > $R/convergence_bf16.txt 2>&1; t "convergence rc=$?"; grep -v -i "warn\|backend impl" $R/convergence_bf16.txt | grep -A5 "^way " | cut -c1-200; pack
timeout 100 python3 benchmarks/convergence.py --steps 32 --lr 1e-4 --ways torch,control,metile,liger --json $R/convergence_32.json > $R/convergence_32.txt 2>&1; t "convergence 32 rc=$?"; grep -v -i "warn\|backend impl" $R/convergence_32.txt | grep -A5 "^way " | cut -c1-200; pack
