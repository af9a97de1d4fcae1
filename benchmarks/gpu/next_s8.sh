#!/bin/bash
# Prepared in session 7 (2026-11-30) for the next device session, not run. Rebuild first:
# `cargo build --release -p metile-cli`, copy to .device/bin/metile; `cargo test --release -p
# metile-runtime --test cuda --no-run`, copy the printed binary to .device/bin/test_runtime_cuda;
# rebuild the metile wheel into .whl/. Carry [".device", ".whl"].
# (1) What s7_call5.sh was to verify: the runtime's CUDA tests (stream scopes captured in
#     thread-local mode; a second replay with new inputs; cuBLAS without a workspace while
#     capturing) and metile.torch's CUDA tests in both stream modes.
# (2) Never run on a GPU yet: RoPE layout=bthd (every multi-head check case in both layouts) and
#     the distribution losses' pipelined reduced forward (the new default for 16-bit inputs).
# (3) The distribution losses' pipeline A/B (METILE_CE_PIPELINE=0 against the default).
# (4) RoPE beside the peers with the metile.torch column, on contiguous q/k and on HF's views
#     (`--rope-views`: the adapter now rotates those in place, no contiguous copies), and the
#     convergence run whose peak breakdown now names metile's ops (the 8.2 MiB over Liger).
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
timeout 30 .device/bin/test_runtime_cuda > $R/runtime_cuda.txt 2>&1; t "runtime cuda tests rc=$?"; grep -E "test result|FAILED|panicked" $R/runtime_cuda.txt | head -8; pack
timeout 60 $B check --device cuda --jobs 16 rope kl_div jsd tvd cross_entropy > $R/check.txt 2>&1; t "check rc=$? $(tail -1 $R/check.txt)"; grep FAIL $R/check.txt | cut -c1-180 | head -5; pack
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
export PYTHONUNBUFFERED=1
timeout 40 python3 -m pytest -q -rs python/tests/test_torch.py -k cuda > $R/pytest_cuda.txt 2>&1; t "pytest cuda (current) rc=$?"; grep -E "passed|failed|Error" $R/pytest_cuda.txt | tail -4
timeout 40 env METILE_TORCH_STREAM=library python3 -m pytest -q -rs python/tests/test_torch.py -k cuda > $R/pytest_cuda_library.txt 2>&1; t "pytest cuda (library) rc=$?"; grep -E "passed|failed|Error" $R/pytest_cuda_library.txt | tail -4; pack
D="--device cuda --rows 4096 --cols 32000 --reps 10 -p reduction=batchmean"
for dt in bf16 f32; do for pipe in 0 default; do
  ( [ $pipe = 0 ] && export METILE_CE_PIPELINE=0; $B bench kl_div jsd tvd $D --dtype $dt 2>&1 | grep -E "\.forward " | sed "s/^/$dt pipe $pipe: /" )
done; done > $R/ab_distill.txt; t "distill a/b"; awk '{print $1,$2,$3,$4,$8}' $R/ab_distill.txt; pack
Q="--device cuda --rows 2048 --cols 128 --dtype bf16 --reps 20 --json"
( $B bench rope --lead 8,32 $Q; $B bench rope --lead 8,8 $Q ) > $R/m_rope.jsonl 2> $R/m_rope.err
timeout 60 python3 benchmarks/peers.py --dtypes bf16 --ops rope --rows 2048 --cols 128 --copy-mib 1024 --json $R/p_rope.jsonl > $R/p_rope.log 2>&1; t "peers rope rc=$?"
python3 benchmarks/join.py --metile $R/m_rope.jsonl --peers $R/p_rope.jsonl > $R/table_rope.md 2>&1; grep "^|" $R/table_rope.md
# q and k as HF hands them over (views of [B, T, H, D]): metile.torch rotates them as layout=bthd.
timeout 60 python3 benchmarks/peers.py --dtypes bf16 --ops rope --rows 2048 --cols 128 --copy-mib 1024 --rope-views > $R/p_rope_views.log 2>&1; t "peers rope views rc=$?"; grep -E "^rope" $R/p_rope_views.log; pack
timeout 150 python3 benchmarks/convergence.py --memory-step 2 --json $R/convergence_bf16.json > $R/convergence_bf16.txt 2>&1; t "convergence rc=$?"; grep -v -i "warn\|backend impl" $R/convergence_bf16.txt | tail -45; pack
