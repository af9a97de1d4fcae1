#!/bin/bash
# Session 11, call 1 (2026-11-30): (1) the norm backwards with every row sum in one barrier
# round (LayerNorm's c1 from sum(c0 g) - delta sum(g); the CUDA emitter groups up to four
# sibling reductions) and the saved statistics prefetched with the next row, A/B against the
# previous commit's binary (`metile_base`) in one run; (2) the FP64 check of the norms and
# PolyNorm on the H200; (3) cross-entropy's in-place backward host time (no host read since
# e07c26b); (4) the norms' peers replayed from CUDA graphs, joined with the new rows.
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r11c1; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
N="rms_norm layer_norm add_rms_norm --device cuda --rows 16384 --cols 4096 --reps 20 --json"
run() { local tag=$1 bin=$2 d=$3; local p=""; [ $d = bf16 ] && p="-p grad_dtype=storage"
  timeout 60 $bin bench $N --dtype $d $p 2>>$R/ab.err | sed "s/^{/{\"tag\":\"$tag\",/" >> $R/ab.jsonl; t "$tag $d rc=$?"; pack; }
for d in bf16 f32; do run base .device/bin/metile_base $d; run new $B $d; done
python3 - $R/ab.jsonl <<'PY' | tee $R/ab.md
import json, sys, collections
rows = [json.loads(l) for l in open(sys.argv[1]) if l.startswith('{') and '"ms"' in l]
tags = list(dict.fromkeys(r['tag'] for r in rows))
t = collections.defaultdict(dict)
for r in rows: t[(r['op'], r.get('dtype'), r['mode'])][r['tag']] = r['ms']
print('| op | dtype | mode | ' + ' | '.join(tags) + ' |'); print('|---|---|---|' + '---:|' * len(tags))
for k, v in t.items(): print('| ' + ' | '.join(map(str, k)) + ' | ' + ' | '.join(f"{v[g]:.4f}" if g in v else '-' for g in tags) + ' |')
PY
pack
timeout 90 $B check rms_norm layer_norm add_rms_norm poly_norm --device cuda --jobs 16 > $R/check.txt 2>&1; t "check norms rc=$? $(tail -1 $R/check.txt)"; grep FAIL $R/check.txt | cut -c1-200 | head -5; pack
C="cross_entropy --device cuda --cols 128256 --reps 10 --json -p grad_in_forward=true"
timeout 60 $B bench $C --rows 4096 --dtype f32 > $R/m_ce_inplace.jsonl 2>&1; t "ce in-place rc=$?"
python3 -c "import json; [print(r['mode'], round(r['ms'],4), 'host_us', r.get('host_us')) for r in map(json.loads, (l for l in open('$R/m_ce_inplace.jsonl') if l.startswith('{')))]"; pack
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
timeout 110 python3 benchmarks/peers.py --no-metile --cuda-graph --ops rms_norm,layer_norm,fused_add_rms_norm --rows 16384 --cols 4096 --dtypes bf16,f32 --copy-mib 1024 --json $R/g_norms.jsonl > $R/g_norms.log 2>&1; t "peers graph rc=$?"; pack
grep '"tag":"new"' $R/ab.jsonl > $R/m_new.jsonl
python3 benchmarks/join.py --metile $R/m_new.jsonl --peers $R/g_norms.jsonl > $R/table_graph.md 2>&1; grep "^|" $R/table_graph.md | cut -c1-200; pack
# (5) ncu of the forwards that trail: metile's bf16 and f32 RMSNorm forward, Liger's bf16 and
# torch.compile's f32 (their best peers).
M="--clock-control none --section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats --section InstructionStats --section MemoryWorkloadAnalysis"
for d in bf16 f32; do timeout 45 ncu $M -k regex:mt_rms_norm_fwd --launch-skip 3 --launch-count 1 $B bench rms_norm --device cuda --rows 16384 --cols 4096 --dtype $d --reps 1 > $R/ncu_rms_metile_$d.txt 2>&1; t "ncu metile $d rc=$?"; done; pack
timeout 70 ncu $M -k regex:rms_norm_forward --launch-skip 3 --launch-count 1 python3 benchmarks/peers.py --ops rms_norm --modes fwd --dtypes bf16 --rows 16384 --cols 4096 --no-compile --no-metile --quick --copy-mib 64 > $R/ncu_rms_liger_bf16.txt 2>&1; t "ncu liger rc=$?"; pack
timeout 100 ncu $M -k regex:triton_ --launch-skip 3 --launch-count 1 python3 benchmarks/peers.py --ops rms_norm --modes fwd --dtypes f32 --rows 16384 --cols 4096 --no-liger --no-metile --quick --copy-mib 64 > $R/ncu_rms_compile_f32.txt 2>&1; t "ncu compile rc=$?"; pack
for f in $R/ncu_rms_*.txt; do echo "== $f"; grep -E "^  [a-z_]+.*\(|Duration|DRAM Throughput|Memory Throughput|Registers Per|Achieved Occupancy|Executed Instructions  |Issued Warp Per|Eligible Warps|Block Size|Grid Size|L2 Hit|L1/TEX Hit|Stall" $f | head -24; done
