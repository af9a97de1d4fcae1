#!/bin/bash
# Session 10, call 2 (2026-11-30): call 1's norm sweep, cut to fit (call 1 ran out of time in its
# sweep: each `metile bench` of the three norms takes ~25 s with fresh compiles). Register budgets
# for the forward (`METILE_CUDA_MIN_PROGRAMS` 6: 40 registers against 48-64) and the backward (3),
# 512 threads for the bf16 forwards; bf16 as the peers return it (`grad_dtype=storage`); then the
# peers replayed from CUDA graphs, joined with the base rows.
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r10; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
F="rms_norm_fwd=%,layer_norm_fwd=%,add_rms_norm_fwd=%"
W="rms_norm_bwd=%,layer_norm_bwd=%,add_rms_norm_bwd=%,rms_norm_in_place_bwd=%,layer_norm_in_place_bwd=%,add_rms_norm_in_place_bwd=%"
N="rms_norm layer_norm add_rms_norm --device cuda --rows 16384 --cols 4096 --reps 20 --json"
run() { local tag=$1 d=$2; shift 2; local p=""; [ $d = bf16 ] && p="-p grad_dtype=storage"
  timeout 60 env "$@" $B bench $N --dtype $d $p 2>>$R/sweep.err | sed "s/^{/{\"tag\":\"$tag\",/" >> $R/sweep.jsonl; t "$tag $d rc=$?"; pack; }
for d in bf16 f32; do run base $d; run fmin6 $d METILE_CUDA_MIN_PROGRAMS=${F//%/6}; run bmin3 $d METILE_CUDA_MIN_PROGRAMS=${W//%/3}; done
run ft512 bf16 METILE_CUDA_THREADS=${F//%/512}
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
timeout 150 python3 benchmarks/peers.py --cuda-graph --ops rms_norm,layer_norm,fused_add_rms_norm --rows 16384 --cols 4096 --dtypes bf16,f32 --copy-mib 1024 --json $R/g_norms.jsonl > $R/g_norms.log 2>&1; t "peers graph rc=$?"; pack
grep '"tag":"base"' $R/sweep.jsonl > $R/m_base.jsonl
python3 benchmarks/join.py --metile $R/m_base.jsonl --peers $R/g_norms.jsonl > $R/table_graph.md 2>&1; grep "^|" $R/table_graph.md | cut -c1-200; pack
