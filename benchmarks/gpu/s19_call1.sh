#!/bin/bash
# Session 19, call 1 (carry [".device", ".whl"]): sparsemax on CUDA for the first time:
# (1) metile check sparsemax on CUDA; (2) bench 16384x4096 and 1024x65536 (stepped rows), bf16
# and f32, with a threads sweep; (3) the peers (sort formula eager/compile, Liger) in one run.
cd "$(dirname "$0")/../.."
R=/tmp/r19a; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
B=.device/bin/metile
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total --format=csv,noheader
timeout 120 $B check sparsemax --device cuda --jobs 16 > $R/check_sp.txt 2>&1; t "check sparsemax rc=$? $(tail -1 $R/check_sp.txt)"; grep FAIL $R/check_sp.txt | cut -c1-240 | head -8; gzip $R/check_sp.txt
SP="--device cuda --reps 20 --cuda-graph --json"
for d in bf16 f32; do
  timeout 60 $B bench sparsemax $SP --rows 16384 --cols 4096 --dtype $d >> $R/m.jsonl 2>>$R/m.err
  timeout 60 $B bench sparsemax $SP --rows 1024 --cols 65536 --dtype $d >> $R/mw.jsonl 2>>$R/m.err
  for th in 128 512 1024; do METILE_CUDA_THREADS=$th timeout 60 $B bench sparsemax $SP --rows 16384 --cols 4096 --dtype $d | sed "s/^{/{\"threads\":$th,/" >> $R/sweep.jsonl 2>>$R/m.err; done
done; t "bench"; pack
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
export PYTHONUNBUFFERED=1
timeout 200 python3 benchmarks/peers.py --cuda-graph --copy-mib 1024 --ops sparsemax --rows 16384 --cols 4096 --dtypes bf16,f32 --no-metile --json $R/p.jsonl > $R/p.log 2>&1; t "peers rc=$?"; tail -3 $R/p.log
timeout 120 python3 benchmarks/peers.py --cuda-graph --copy-mib 1024 --ops sparsemax --rows 1024 --cols 65536 --dtypes bf16,f32 --no-metile --json $R/pw.jsonl > $R/pw.log 2>&1; t "peers wide rc=$?"; tail -3 $R/pw.log
python3 benchmarks/join.py --metile $R/m.jsonl --peers $R/p.jsonl > $R/table.md 2>&1; grep "^|" $R/table.md | cut -d'|' -f2-13
python3 benchmarks/join.py --metile $R/mw.jsonl --peers $R/pw.jsonl > $R/table_w.md 2>&1; grep "^|" $R/table_w.md | cut -d'|' -f2-13
python3 - $R/sweep.jsonl <<'PY'
import json,sys
for l in open(sys.argv[1]):
    try: j=json.loads(l)
    except Exception: continue
    print(j.get("threads"), j.get("entry", j.get("name")), j.get("dtype"), j.get("ms", j.get("median_ms")))
PY
pack
