#!/bin/bash
# Session 10, call 1 (2026-11-30). (1) Never run on a GPU before: the embedding forward's
# device-index guard and RoPE's token-major default with position ids (the device-ids test), the
# RoPE/embedding FP64 checks on CUDA, RoPE with ids under the default and each kernel.
# (2) The norms (issue 3's bar): register budgets and threads per program for the forward and
# backward kernels (`METILE_CUDA_MIN_PROGRAMS`, `METILE_CUDA_THREADS`), beside the peers replayed
# from CUDA graphs in the same run; ncu of metile's and Liger's bf16 RMSNorm forward.
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
timeout 60 .device/bin/test_device_ids --nocapture > $R/device_ids.txt 2>&1; t "device ids rc=$?"; grep -E "test result|panicked" $R/device_ids.txt
timeout 150 $B check rope qwen2vl_mrope embedding --device cuda --jobs 16 > $R/check_rope.txt 2>&1; t "check rc=$?"; tail -1 $R/check_rope.txt; pack
Q="--device cuda --rows 2048 --cols 128 --dtype bf16 --lead 8,32 --reps 20"
for tm in "" 0 1; do env ${tm:+METILE_ROPE_TOKEN_MAJOR=$tm} $B bench rope $Q 2>&1 | grep -E " fwd | bwd " | sed "s/^/ids, token-major [$tm]: /"; done > $R/rope_ids.txt; cat $R/rope_ids.txt; pack
F="rms_norm_fwd=%,layer_norm_fwd=%,add_rms_norm_fwd=%"
W="rms_norm_bwd=%,layer_norm_bwd=%,add_rms_norm_bwd=%"
N="rms_norm layer_norm add_rms_norm --device cuda --rows 16384 --cols 4096 --reps 30 --json"
run() { local tag=$1; shift; for d in bf16 f32; do env "$@" $B bench $N --dtype $d 2>>$R/sweep.err | sed "s/^{/{\"tag\":\"$tag\",/"; done >> $R/sweep.jsonl; }
run base
run fmin6 METILE_CUDA_MIN_PROGRAMS=${F//%/6}
run fmin7 METILE_CUDA_MIN_PROGRAMS=${F//%/7}
run ft512 METILE_CUDA_THREADS=${F//%/512}
run ft128 METILE_CUDA_THREADS=${F//%/128}
run bmin2 METILE_CUDA_MIN_PROGRAMS=${W//%/2}
run bmin3 METILE_CUDA_MIN_PROGRAMS=${W//%/3}
run bt256 METILE_CUDA_THREADS=${W//%/256}
run bt1024 METILE_CUDA_THREADS=${W//%/1024}
run base2
t "sweep done"; pack
python3 - $R/sweep.jsonl <<'PY' | tee $R/sweep.md
import json, sys, collections
rows = [json.loads(l) for l in open(sys.argv[1]) if l.startswith('{') and '"ms"' in l]
tags = list(dict.fromkeys(r['tag'] for r in rows))
t = collections.defaultdict(dict)
for r in rows: t[(r['op'] if 'op' in r else r['entry'], r.get('dtype'), r['mode'])][r['tag']] = r['ms']
print('| op | dtype | mode | ' + ' | '.join(tags) + ' |'); print('|---|---|---|' + '---:|' * len(tags))
for k, v in t.items(): print('| ' + ' | '.join(map(str, k)) + ' | ' + ' | '.join(f"{v[g]:.4f}" if g in v else '-' for g in tags) + ' |')
PY
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
timeout 200 python3 benchmarks/peers.py --cuda-graph --ops rms_norm,layer_norm,fused_add_rms_norm --rows 16384 --cols 4096 --dtypes bf16,f32 --copy-mib 1024 --json $R/g_norms.jsonl > $R/g_norms.log 2>&1; t "peers graph rc=$?"; pack
python3 benchmarks/join.py --metile <(grep '"tag":"base"' $R/sweep.jsonl) --peers $R/g_norms.jsonl > $R/table_graph.md 2>&1; cat $R/table_graph.md | cut -c1-200
M="--clock-control none --section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats --section InstructionStats"
timeout 60 ncu $M -k regex:mt_rms_norm_fwd --launch-skip 3 --launch-count 1 $B bench rms_norm --device cuda --rows 16384 --cols 4096 --dtype bf16 --reps 1 > $R/ncu_rms_metile.txt 2>&1; t "ncu metile rc=$?"
timeout 90 ncu $M -k regex:rms_norm_forward --launch-skip 3 --launch-count 1 python3 benchmarks/peers.py --ops rms_norm --modes fwd --dtypes bf16 --rows 16384 --cols 4096 --no-compile --no-metile --quick --copy-mib 64 > $R/ncu_rms_liger.txt 2>&1; t "ncu liger rc=$?"
for f in $R/ncu_rms_*.txt; do echo "== $f"; grep -E "Duration|DRAM Throughput|Registers Per|Achieved Occupancy|Theoretical Occupancy|Executed Instructions  |Issued Warp Per|Eligible Warps|Block Size|Grid Size" $f | head -14; done; pack
