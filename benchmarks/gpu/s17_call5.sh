#!/bin/bash
# Session 17, call 5: the L2 evict_last policy as the kernels now ask for it (norm forwards but
# LayerNorm 16-bit, LayerNorm f32 and fused-add bf16 backwards, bf16 softmax/log-softmax).
# (1) the CUDA check of those operators; (2) the joined table beside the peers (Liger carried);
# (3) exploration for RMSNorm's f32 backward and RoPE's forward through METILE_CUDA_LOAD_HINT.
# Carry [".device", ".whl"].
cd "$(dirname "$0")/../.."
R=/tmp/r17e; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
B=.device/bin/metile
timeout 200 $B check rms_norm layer_norm add_rms_norm softmax log_softmax --device cuda --jobs 16 > $R/check.txt 2>&1; t "check rc=$? $(tail -1 $R/check.txt)"; grep FAIL $R/check.txt | cut -c1-200 | head -5; gzip $R/check.txt; pack
N="rms_norm layer_norm add_rms_norm --device cuda --rows 16384 --cols 4096 --reps 20 --json --cuda-graph"
for d in bf16 f32; do p=""; [ $d = bf16 ] && p="-p grad_dtype=storage"; timeout 60 $B bench $N --dtype $d $p >> $R/mg.jsonl 2>>$R/m.err
  timeout 60 $B bench softmax log_softmax --device cuda --rows 16384 --cols 4096 --dtype $d --reps 20 --json --cuda-graph >> $R/mg.jsonl 2>>$R/m.err; done; t "metile bench"; pack
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
export PYTHONUNBUFFERED=1
timeout 200 python3 benchmarks/peers.py --cuda-graph --copy-mib 1024 --ops rms_norm,layer_norm,fused_add_rms_norm,softmax --rows 16384 --cols 4096 --dtypes bf16,f32 --no-metile --json $R/p.jsonl > $R/p.log 2>&1; t "peers rc=$?"
python3 benchmarks/join.py --metile $R/mg.jsonl --peers $R/p.jsonl > $R/table.md 2>&1; grep "^|" $R/table.md | cut -d'|' -f2-14; pack
for h in x dy x,dy weight,rstd; do METILE_CUDA_LOAD_HINT=mt_ld_evict_last:$h timeout 60 $B bench rms_norm --device cuda --rows 16384 --cols 4096 --dtype f32 --reps 20 --json --cuda-graph > $R/x_rms_$h.jsonl 2>>$R/m.err; done
timeout 60 $B bench rms_norm --device cuda --rows 16384 --cols 4096 --dtype f32 --reps 20 --json --cuda-graph > $R/x_rms_default.jsonl 2>>$R/m.err
for h in default x cos,sin; do e=""; [ $h != default ] && e="METILE_CUDA_LOAD_HINT=mt_ld_evict_last:$h"
  env $e timeout 60 $B bench rope --device cuda --lead 8,32 --rows 2048 --cols 128 --dtype bf16 --reps 20 --json --cuda-graph > $R/x_rope_$h.jsonl 2>>$R/m.err; done; t "exploration"; pack
for f in $R/x_*.jsonl; do python3 -c "
import json,sys
for l in open('$f'): r=json.loads(l); print('$(basename $f .jsonl)'.ljust(22), r['entry'].ljust(30), round(r['ms'],4))"; done
sort $R/m.err | uniq -c | head
