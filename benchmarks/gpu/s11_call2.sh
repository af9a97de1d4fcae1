#!/bin/bash
# Session 11, call 2 (2026-11-30): (1) norm sweep at 16384x4096 after call 1 (backwards with one
# barrier round): the saved statistics' prefetch off (`ps0`), two programs per SM forced on the
# backwards (`mp2`: __launch_bounds__(t, 2)), bf16 LayerNorm/fused-add backwards prefetching
# their rows (`pf16`), f32 forwards at 512 and 1024 threads (`t512`, `t1024`: ptxas gives 32
# registers there, four programs per SM at 512, against 48 at 256; torch.compile's f32 kernel
# runs 512 threads at 92% occupancy); (2) metile.torch (this commit's wheel) beside the peers,
# all replayed from CUDA graphs in one harness (`peers.py --cuda-graph`).
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r11c2; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
N="rms_norm layer_norm add_rms_norm --device cuda --rows 16384 --cols 4096 --reps 20 --json"
run() { local tag=$1 d=$2; shift 2; local p=""; [ $d = bf16 ] && p="-p grad_dtype=storage"
  timeout 60 env "$@" $B bench $N --dtype $d $p 2>>$R/sweep.err | sed "s/^{/{\"tag\":\"$tag\",/" >> $R/sweep.jsonl; t "$tag $d rc=$?"; pack; }
BW=rms_norm_bwd=2,layer_norm_bwd=2,add_rms_norm_bwd=2
F5=rms_norm_fwd=512,layer_norm_fwd=512,add_rms_norm_fwd=512
F10=rms_norm_fwd=1024,layer_norm_fwd=1024,add_rms_norm_fwd=1024
run def bf16 X=1; run ps0 bf16 METILE_NORM_BWD_PREFETCH_STATS=0; run mp2 bf16 METILE_CUDA_MIN_PROGRAMS=$BW; run pf16 bf16 METILE_NORM_BWD_PREFETCH16=1
run def f32 X=1; run ps0 f32 METILE_NORM_BWD_PREFETCH_STATS=0; run mp2 f32 METILE_CUDA_MIN_PROGRAMS=$BW; run t512 f32 METILE_CUDA_THREADS=$F5; run t1024 f32 METILE_CUDA_THREADS=$F10
python3 - $R/sweep.jsonl <<'PY' | tee $R/sweep.md
import json, sys, collections
rows = [json.loads(l) for l in open(sys.argv[1]) if l.startswith('{') and '"ms"' in l]
tags = list(dict.fromkeys(r['tag'] for r in rows))
t = collections.defaultdict(dict)
for r in rows: t[(r['op'], r.get('dtype'), r['mode'])][r['tag']] = r['ms']
print('| op | dtype | mode | ' + ' | '.join(tags) + ' |'); print('|---|---|---|' + '---:|' * len(tags))
for k, v in t.items(): print('| ' + ' | '.join(map(str, k)) + ' | ' + ' | '.join(f"{v[g]:.4f}" if g in v else '-' for g in tags) + ' |')
PY
pack
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
python3 -c "import metile, metile.torch; print('metile', metile.__file__)" 2>&1 | tail -1
timeout 200 python3 benchmarks/peers.py --cuda-graph --ops rms_norm,layer_norm,fused_add_rms_norm --rows 16384 --cols 4096 --dtypes bf16,f32 --copy-mib 1024 --json $R/g_norms.jsonl > $R/g_norms.log 2>&1; t "peers graph (metile.torch) rc=$?"; pack
grep '"tag":"def"' $R/sweep.jsonl > $R/m_def.jsonl
python3 benchmarks/join.py --metile $R/m_def.jsonl --peers $R/g_norms.jsonl > $R/table_graph.md 2>&1; grep "^|" $R/table_graph.md | cut -c1-220; pack
