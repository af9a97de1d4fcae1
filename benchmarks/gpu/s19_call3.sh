#!/bin/bash
# Session 19, call 3 (carry [".device", ".whl"]): the session's final binary:
# (1) metile bench of sparsemax (the capped forward), modulated_rms_norm and fused_ce_tvd (new);
# (2) their peers in the same run; (3) the whole CUDA check (every operator).
cd "$(dirname "$0")/../.."
R=/tmp/r19c; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
B=.device/bin/metile
G="--device cuda --reps 20 --cuda-graph --json"
for d in bf16 f32; do
  timeout 30 $B bench sparsemax $G --rows 16384 --cols 4096 --dtype $d >> $R/m_sp.jsonl 2>>$R/m.err
  timeout 30 $B bench sparsemax $G --rows 1024 --cols 65536 --dtype $d >> $R/m_spw.jsonl 2>>$R/m.err
  timeout 30 $B bench modulated_rms_norm $G --rows 16384 --cols 4096 --dtype $d >> $R/m_mod.jsonl 2>>$R/m.err
  timeout 40 $B bench fused_ce_tvd $G --rows 8192 --cols 32768 --dtype $d >> $R/m_tvd.jsonl 2>>$R/m.err
done; t "bench"; tail -3 $R/m.err; pack
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
export PYTHONUNBUFFERED=1
P="--cuda-graph --copy-mib 1024 --dtypes bf16,f32 --no-metile"
timeout 60 python3 benchmarks/peers.py $P --ops sparsemax --rows 16384 --cols 4096 --json $R/p_sp.jsonl > $R/p_sp.log 2>&1; t "peers sp rc=$?"
timeout 75 python3 benchmarks/peers.py $P --ops modulated_rms_norm --rows 16384 --cols 4096 --json $R/p_mod.jsonl > $R/p_mod.log 2>&1; t "peers mod rc=$?"; tail -2 $R/p_mod.log
timeout 90 python3 benchmarks/peers.py $P --ops fused_ce_tvd --rows 8192 --cols 32768 --json $R/p_tvd.jsonl > $R/p_tvd.log 2>&1; t "peers tvd rc=$?"; tail -2 $R/p_tvd.log
for o in sp mod tvd; do python3 benchmarks/join.py --metile $R/m_$o.jsonl --peers $R/p_$o.jsonl > $R/table_$o.md 2>&1; grep "^|" $R/table_$o.md | grep -v "^|---" | cut -d'|' -f2-13; done
grep -h '"ms"' $R/m_spw.jsonl | python3 -c "import sys,json; [print(j['entry'],j['dtype'],round(j['ms'],4)) for j in map(json.loads,sys.stdin)]"
pack
timeout 270 $B check --device cuda --jobs 16 > $R/check.txt 2>&1; t "check all rc=$? $(tail -1 $R/check.txt)"; grep FAIL $R/check.txt | cut -c1-220 | head -8; gzip $R/check.txt; pack
