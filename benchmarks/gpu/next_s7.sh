#!/bin/bash
# Prepared in session 6 (2026-11-30) for the next device session, not run: (1) every operator's
# CUDA check with the defaults taken after session 6's last call (RMSNorm's 16-bit backward
# prefetch, 256 threads for the f32 RMSNorm/LayerNorm backward), and cross-entropy with the
# pipelined column steps (METILE_CE_PIPELINE=1) and RoPE token-major (METILE_ROPE_TOKEN_MAJOR=1);
# RoPE's A/B at the Llama-3-8B shapes; (2) the cross-entropy A/B: pipelined or not, by
# column step (METILE_GPU_STEP); (3) the norms at their new defaults beside the peers replayed
# from CUDA graphs; (4) the convergence run with `--memory-step 2` (which lines hold metile's
# 8 MiB over Liger at the step's peak). Release binary in .device/bin/metile; wheels in .whl/
# (rebuild the metile wheel first). Carry [".device", ".whl"].
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
timeout 150 $B check --device cuda --jobs 16 > $R/check_all.txt 2>&1; t "check all rc=$? $(tail -1 $R/check_all.txt)"; grep FAIL $R/check_all.txt | cut -c1-180 | head -5
timeout 60 env METILE_CE_PIPELINE=1 $B check --device cuda --jobs 16 cross_entropy fused_linear_cross_entropy > $R/check_pipe.txt 2>&1; t "check pipelined rc=$? $(tail -1 $R/check_pipe.txt)"; pack
timeout 40 env METILE_ROPE_TOKEN_MAJOR=1 $B check --device cuda --jobs 16 rope > $R/check_rope_tm.txt 2>&1; t "check rope token-major rc=$? $(tail -1 $R/check_rope_tm.txt)"
for tm in 0 1; do for lead in 8,32 8,8; do METILE_ROPE_TOKEN_MAJOR=$tm $B bench rope --lead $lead --device cuda --rows 2048 --cols 128 --dtype bf16 --reps 20 2>&1 | grep -E "forward |backward " | sed "s/^/token-major $tm lead $lead: /"; done; done > $R/ab_rope.txt; t "rope a/b"; awk '{print $1,$2,$3,$4,$5,$6,$10}' $R/ab_rope.txt; pack
for dt in bf16 f32; do rows=$([ $dt = bf16 ] && echo 8192 || echo 4096)
  for step in 4096 8192 16384; do for pipe in 0 1; do
    METILE_CE_PIPELINE=$pipe METILE_GPU_STEP=$step $B bench cross_entropy --omit weight --device cuda --rows $rows --cols 128256 --dtype $dt --reps 10 2>&1 | grep -E "forward |backward " | sed "s/^/step $step pipe $pipe: /"
  done; done; done > $R/sweep_ce.txt; t "ce sweep"; awk '{print $1,$2,$3,$4,$5,$6,$10}' $R/sweep_ce.txt; pack
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
export PYTHONUNBUFFERED=1
N="--device cuda --rows 16384 --cols 4096 --reps 20 --json"
( $B bench rms_norm layer_norm add_rms_norm softmax $N --dtype bf16 -p grad_dtype=storage
  $B bench rms_norm layer_norm add_rms_norm $N --dtype f32 ) > $R/m.jsonl 2> $R/m.err; t "metile norms"
P="python3 benchmarks/peers.py --cuda-graph"
timeout 100 $P --dtypes bf16,f32 --ops rms_norm,layer_norm,fused_add_rms_norm --json $R/g_norms.jsonl > $R/g_norms.log 2>&1; t "graph peers norms rc=$?"
timeout 40 $P --dtypes bf16 --ops softmax --copy-mib 1024 --json $R/g_sm.jsonl > $R/g_sm.log 2>&1; t "graph peers softmax rc=$?"
cat $R/g_*.jsonl > $R/g_all.jsonl; python3 benchmarks/join.py --metile $R/m.jsonl --peers $R/g_all.jsonl > $R/table_graph.md 2>&1; grep "^|" $R/table_graph.md; pack
timeout 170 python3 benchmarks/convergence.py --memory-step 2 --json $R/convergence_bf16.json > $R/convergence_bf16.txt 2>&1; t "convergence rc=$?"; grep -v -i "warn\|backend impl" $R/convergence_bf16.txt | tail -40; pack
# (5) the distribution losses (new this session) beside Liger and torch: [4096, 32000] f32 and bf16.
D="--device cuda --rows 4096 --cols 32000 --reps 10 --json -p reduction=batchmean"
( $B bench kl_div jsd tvd $D --dtype f32; $B bench kl_div jsd tvd $D --dtype bf16 ) > $R/m_distill.jsonl 2> $R/m_distill.err; t "metile distill"
timeout 90 python3 benchmarks/peers.py --dtypes f32,bf16 --ops kl_div,jsd,tvd --rows 4096 --cols 32000 --copy-mib 1024 --json $R/p_distill.jsonl > $R/p_distill.log 2>&1; t "peers distill rc=$?"
python3 benchmarks/join.py --metile $R/m_distill.jsonl --peers $R/p_distill.jsonl > $R/table_distill.md 2>&1; grep "^|" $R/table_distill.md; pack
