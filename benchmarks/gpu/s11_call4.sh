#!/bin/bash
# Session 11, call 4 (2026-11-30): (1) the single-tile norm backwards' thread cap
# (`METILE_NORM_BWD_MAX_THREADS`; ptxas, f32 at 4096: 256 threads 128-134 registers, 512 threads
# 64 registers with two programs per SM); (2) issue 4's row and elementwise operators (SwiGLU,
# GeGLU, softmax, RoPE) beside the peers, all graph-replayed in one harness, with metile.torch.
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r11c4; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
N="rms_norm layer_norm add_rms_norm --device cuda --rows 16384 --cols 4096 --reps 20 --json"
run() { local tag=$1 d=$2; shift 2; local p=""; [ $d = bf16 ] && p="-p grad_dtype=storage"
  timeout 60 env "$@" $B bench $N --dtype $d $p 2>>$R/sweep.err | sed "s/^{/{\"tag\":\"$tag\",/" >> $R/sweep.jsonl; t "$tag $d rc=$?"; pack; }
MP=rms_norm_bwd=2,layer_norm_bwd=2
run def f32 X=1; run mt512 f32 METILE_NORM_BWD_MAX_THREADS=512; run mt512mp2 f32 METILE_NORM_BWD_MAX_THREADS=512 METILE_CUDA_MIN_PROGRAMS=$MP; run mt1024 f32 METILE_NORM_BWD_MAX_THREADS=1024
run def bf16 X=1; run mt512 bf16 METILE_NORM_BWD_MAX_THREADS=512
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
G="--rows 8192 --cols 14336 --dtype bf16"; S="--rows 16384 --cols 4096"
timeout 60 $B bench swiglu geglu --device cuda $G --reps 20 --json > $R/m_glu.jsonl 2>&1; t "bench glu rc=$?"
timeout 40 $B bench softmax --device cuda $S --dtype bf16 --reps 20 --json > $R/m_softmax.jsonl 2>&1; t "bench softmax rc=$?"
timeout 40 $B bench rope --lead 8,32 --rows 2048 --cols 128 --dtype bf16 --omit position_ids --device cuda --reps 20 --json > $R/m_rope.jsonl 2>&1; t "bench rope rc=$?"; pack
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
P="python3 benchmarks/peers.py --cuda-graph --copy-mib 1024"; export PYTHONUNBUFFERED=1
timeout 120 $P --ops swiglu,geglu $G --dtypes bf16 --json $R/p_glu.jsonl > $R/p_glu.log 2>&1; t "peers glu rc=$?"; pack
timeout 70 $P --ops softmax $S --dtypes bf16 --json $R/p_softmax.jsonl > $R/p_softmax.log 2>&1; t "peers softmax rc=$?"; pack
timeout 80 $P --ops rope --rows 2048 --cols 128 --dtypes bf16 --json $R/p_rope.jsonl > $R/p_rope.log 2>&1; t "peers rope rc=$?"; pack
for g in glu softmax rope; do python3 benchmarks/join.py --metile $R/m_$g.jsonl --peers $R/p_$g.jsonl > $R/table_$g.md 2>&1; grep "^|" $R/table_$g.md | grep -v "^|---" | cut -c1-240; done; pack
