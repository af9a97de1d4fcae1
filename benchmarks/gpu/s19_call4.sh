#!/bin/bash
# Session 19, call 4 (carry [".device"]): the new operators' GPU plans, A/B by environment
# (the binary of call 3): threads per program (METILE_CUDA_THREADS, forward and backward alike)
# x an L2 evict_last policy on the rows (METILE_CUDA_LOAD_HINT=mt_ld_evict_last:NAMES), for
# modulated_rms_norm 16384x4096 (8 modulation rows) and fused_ce_tvd 8192x32768; two rounds.
cd "$(dirname "$0")/../.."
R=/tmp/r19d; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
B=.device/bin/metile
G="--device cuda --reps 20 --cuda-graph --json"
run() { # op shape-args threads hint-names tag
  local op=$1 sh=$2 th=$3 hn=$4; shift 4
  for d in bf16 f32; do
    env METILE_CUDA_THREADS="${op}_fwd=$th,${op}_bwd=$th" ${hn:+METILE_CUDA_LOAD_HINT=mt_ld_evict_last:$hn} \
      timeout 40 $B bench $op $G $sh --dtype $d | sed "s/^{/{\"threads\":$th,\"hint\":\"$hn\",\"round\":$round,/" >> $R/sweep.jsonl 2>>$R/m.err
  done
}
for round in 1 2; do
  for th in 128 256 512 1024; do for hn in "" x; do run modulated_rms_norm "--rows 16384 --cols 4096" $th "$hn"; done; done
  for th in 256 512 1024; do for hn in "" student,teacher; do run fused_ce_tvd "--rows 8192 --cols 32768" $th "$hn"; done; done
  t "round $round"
done
python3 - $R/sweep.jsonl <<'PY'
import json,sys,collections
tab=collections.defaultdict(list)
for l in open(sys.argv[1]):
    try: j=json.loads(l)
    except Exception: continue
    tab[(j["op"],j["mode"],j["dtype"])].append((j["threads"],j["hint"] or "-",j["round"],round(j["ms"],4)))
for k,v in sorted(tab.items()): print(k, sorted(v))
PY
tar czf $OUT/all.tar.gz -C $R .
for th in 128 256 1024; do
  METILE_CUDA_THREADS="modulated_rms_norm_fwd=$th,modulated_rms_norm_bwd=$th,fused_ce_tvd_fwd=$th,fused_ce_tvd_bwd=$th" timeout 60 $B check modulated_rms_norm fused_ce_tvd --device cuda --jobs 16 > $R/check_$th.txt 2>&1; t "check threads $th rc=$? $(tail -1 $R/check_$th.txt)"
done
METILE_CUDA_LOAD_HINT=mt_ld_evict_last:x,student,teacher timeout 60 $B check modulated_rms_norm fused_ce_tvd --device cuda --jobs 16 > $R/check_hint.txt 2>&1; t "check hint rc=$? $(tail -1 $R/check_hint.txt)"
gzip $R/check_*.txt; tar czf $OUT/all.tar.gz -C $R .
