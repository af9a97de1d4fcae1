#!/bin/bash
# Session 19, call 2 (carry [".device"]): sparsemax's forward and backward threads per program,
# 32 / 64 / 128 / 256 (METILE_CUDA_THREADS), 16384x4096 and 1024x65536, bf16 and f32; the
# forward computes d = z - max once for a one-tile row (call 1 recomputed it per pass).
cd "$(dirname "$0")/../.."
R=/tmp/r19b; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
B=.device/bin/metile
SP="--device cuda --reps 20 --cuda-graph --json"
for round in 1 2; do for d in bf16 f32; do for th in 32 64 128 256; do
  for shape in "16384 4096" "1024 65536"; do set -- $shape
    METILE_CUDA_THREADS=$th timeout 60 $B bench sparsemax $SP --rows $1 --cols $2 --dtype $d | sed "s/^{/{\"threads\":$th,\"round\":$round,/" >> $R/sweep.jsonl 2>>$R/m.err
  done; done; done; done; t "sweep"
python3 - $R/sweep.jsonl <<'PY'
import json,sys,collections
tab=collections.defaultdict(list)
for l in open(sys.argv[1]):
    try: j=json.loads(l)
    except Exception: continue
    tab[(j["mode"],j["dtype"],"x".join(map(str,j["shape"])))].append((j["threads"],j["round"],round(j["ms"],4)))
for k,v in sorted(tab.items()): print(k, sorted(v))
PY
tar czf $OUT/all.tar.gz -C $R .
