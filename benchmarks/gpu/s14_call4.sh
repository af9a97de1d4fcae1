#!/bin/bash
# Session 14, call 4 (2026-12-01): softmax's backward from the forward's saved output (new: one
# row sum, y and dy loaded together; it recomputed the row's max and sum from x before) and the
# programmatic launch of RoPE and softmax's forward. The CUDA check of softmax, log-softmax and
# RoPE; softmax's backward at five programs per SM (default, 48 registers) against six asked
# (METILE_CUDA_MIN_PROGRAMS), two rounds; then the peers of softmax (with metile.torch, this
# session's wheel) and RoPE in the same run, joined. Carry [".device", ".whl"].
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r14c4; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
ms() { python3 -c "import sys,json; print(' '.join(r['entry'].replace('backward','bwd').replace('forward','fwd')+'='+str(round(r['ms'],4))+('' if r.get('timing')!='launch' else '(L)') for r in map(json.loads, open(sys.argv[1]))))" $1; }
timeout 120 $B check softmax log_softmax rope --device cuda --jobs 16 > $R/check.txt 2>&1; t "check rc=$? $(tail -1 $R/check.txt)"; grep FAIL $R/check.txt | cut -c1-200 | head -5; pack
S="softmax log_softmax --device cuda --rows 16384 --cols 4096 --dtype bf16 --reps 20 --json --cuda-graph"
Q="rope --lead 8,32 --rows 2048 --cols 128 --dtype bf16 --device cuda --reps 20 --json --cuda-graph"
for round in 1 2; do for v in default minp6; do
  if [ $v = minp6 ]; then export METILE_CUDA_MIN_PROGRAMS=softmax_bwd=6,log_softmax_bwd=6; else unset METILE_CUDA_MIN_PROGRAMS; fi
  timeout 60 $B bench $S > $R/softmax_${v}_$round.jsonl 2>>$R/m.err; t "$v softmax: $(ms $R/softmax_${v}_$round.jsonl)"; done; done
unset METILE_CUDA_MIN_PROGRAMS
timeout 60 $B bench $Q > $R/rope.jsonl 2>>$R/m.err; t "rope: $(ms $R/rope.jsonl)"; pack
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
P="python3 benchmarks/peers.py --cuda-graph --copy-mib 1024"; export PYTHONUNBUFFERED=1
timeout 120 $P --ops softmax --rows 16384 --cols 4096 --dtypes bf16 --json $R/p_softmax.jsonl > $R/p_softmax.log 2>&1; t "peers softmax rc=$?"; pack
timeout 90 $P --no-metile --ops rope --rows 2048 --cols 128 --dtypes bf16 --json $R/p_rope.jsonl > $R/p_rope.log 2>&1; t "peers rope rc=$?"; pack
grep -h '"softmax\.' $R/softmax_default_1.jsonl > $R/mg_softmax.jsonl
for n in softmax rope; do m=$R/mg_$n.jsonl; [ $n = rope ] && m=$R/rope.jsonl
  python3 benchmarks/join.py --metile $m --peers $R/p_$n.jsonl > $R/table_$n.md 2>&1; echo "== $n"; grep "^|" $R/table_$n.md | grep -v "^|---\|operator" | cut -d'|' -f2-14; done; pack
sort $R/m.err | uniq -c | head
