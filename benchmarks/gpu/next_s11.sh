#!/bin/bash
# Prepared in session 10 (2026-11-30) for the next device session, not run. Rebuild first:
# `cargo build --release -p metile-cli` -> .device/bin/metile; carry [".device", ".whl"].
# Budget: each `metile bench` of the three norms takes 20-30 s on the device (compiles and
# inputs); this script fits one call of about 6 minutes. Pack after every step.
# (1) cross-entropy's in-place backward with its in-kernel skip (no host read since e07c26b):
#     host_us should fall from ~1,100 to a few tens of us;
# (2) ncu of metile's and Liger's bf16 RMSNorm forward (the last ~4% of issue 3's forward gap);
# (3) ncu of the bf16 cross-entropy forward (2.2 TB/s: per-element work, not memory?);
# (4) the LayerNorm f32 backward's threads per program (the largest norm gap, fwd+bwd 1.16).
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r11; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
C="cross_entropy --device cuda --cols 128256 --reps 10 --json -p grad_in_forward=true"
timeout 60 $B bench $C --rows 4096 --dtype f32 > $R/m_ce_inplace.jsonl 2>&1; t "ce in-place rc=$?"
python3 -c "import json; [print(r['mode'], round(r['ms'],4), 'host_us', r.get('host_us')) for r in map(json.loads, (l for l in open('$R/m_ce_inplace.jsonl') if l.startswith('{')))]"; pack
M="--clock-control none --section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats --section InstructionStats"
timeout 60 ncu $M -k regex:mt_rms_norm_fwd --launch-skip 3 --launch-count 1 $B bench rms_norm --device cuda --rows 16384 --cols 4096 --dtype bf16 --reps 1 > $R/ncu_rms_metile.txt 2>&1; t "ncu metile rc=$?"; pack
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
timeout 90 ncu $M -k regex:rms_norm_forward --launch-skip 3 --launch-count 1 python3 benchmarks/peers.py --ops rms_norm --modes fwd --dtypes bf16 --rows 16384 --cols 4096 --no-compile --no-metile --quick --copy-mib 64 > $R/ncu_rms_liger.txt 2>&1; t "ncu liger rc=$?"
for f in $R/ncu_rms_*.txt; do echo "== $f"; grep -E "Duration|DRAM Throughput|Registers Per|Achieved Occupancy|Executed Instructions  |Issued Warp Per|Eligible Warps|Block Size|Grid Size" $f | head -12; done; pack
timeout 60 ncu $M -k regex:mt_cross_entropy_fwd --launch-skip 2 --launch-count 1 $B bench cross_entropy --device cuda --rows 8192 --cols 128256 --dtype bf16 --reps 1 > $R/ncu_ce_bf16.txt 2>&1; t "ncu ce bf16 rc=$?"
grep -E "Duration|DRAM Throughput|Registers Per|Achieved Occupancy|Executed Instructions  |Issued Warp Per|Eligible Warps" $R/ncu_ce_bf16.txt | head -8; pack
for th in 256 512 1024; do timeout 45 env METILE_CUDA_THREADS=layer_norm_bwd=$th $B bench layer_norm --device cuda --rows 16384 --cols 4096 --dtype f32 --reps 20 2>&1 | grep -E " bwd | fwd\+bwd " | sed "s/^/bwd threads $th: /"; done | tee $R/ln_bwd_threads.txt; t "ln bwd threads"; pack
