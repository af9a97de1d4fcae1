#!/bin/bash
# Session 10, call 4 (2026-11-30): (1) the norm forwards without the row loop on a GPU
# (`NormSpec::one_row`, default; `METILE_NORM_FWD_ONE_ROW=0` is the loop form) A/B in one run,
# bf16 (as the peers return it) and f32; (2) the whole FP64 check on the H200 (cross-entropy's
# device-side targets and cotangents, the one-row norm forwards, LayerNorm's register budget);
# (3) the norms' peers replayed from CUDA graphs, joined with the default rows.
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r10c4; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
N="rms_norm layer_norm add_rms_norm --device cuda --rows 16384 --cols 4096 --reps 20 --json"
run() { local tag=$1 d=$2; shift 2; local p=""; [ $d = bf16 ] && p="-p grad_dtype=storage"
  timeout 60 env "$@" $B bench $N --dtype $d $p 2>>$R/ab.err | sed "s/^{/{\"tag\":\"$tag\",/" >> $R/ab.jsonl; t "$tag $d rc=$?"; pack; }
for d in bf16 f32; do run loop $d METILE_NORM_FWD_ONE_ROW=0; run one_row $d METILE_NORM_FWD_ONE_ROW=1; done
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
timeout 170 $B check --device cuda --jobs 16 > $R/check.txt 2>&1; t "check all rc=$? $(tail -1 $R/check.txt)"; grep FAIL $R/check.txt | cut -c1-200 | head -5; pack
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
timeout 110 python3 benchmarks/peers.py --no-metile --cuda-graph --ops rms_norm,layer_norm,fused_add_rms_norm --rows 16384 --cols 4096 --dtypes bf16,f32 --copy-mib 1024 --json $R/g_norms.jsonl > $R/g_norms.log 2>&1; t "peers graph rc=$?"; pack
grep '"tag":"one_row"' $R/ab.jsonl > $R/m_one_row.jsonl
python3 benchmarks/join.py --metile $R/m_one_row.jsonl --peers $R/g_norms.jsonl > $R/table_graph.md 2>&1; grep "^|" $R/table_graph.md | cut -c1-200; pack
