#!/bin/bash
# Session 17, call 2: call 1 found a hand-written 512-thread one-pass RMSNorm forward (39
# registers, three programs per SM) 2% faster than the replica of metile's 256-thread kernel.
# (1) the harness with programs per SM capped (dynamic shared memory) and a replica of
# torch.compile's PTX; (2) metile's norm forwards at 512 threads (METILE_CUDA_THREADS) against the
# default, interleaved, f32 and bf16; (3) the peers in the same run. Carry [".device", ".whl"].
cd "$(dirname "$0")/../.."
R=/tmp/r17b; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
nvcc -O3 -std=c++17 -arch=sm_90 -Xptxas -v -o $R/nv benchmarks/gpu/s17/norm_fwd_variants.cu > $R/ptxas.txt 2>&1; t "nvcc rc=$?"
$R/nv > $R/variants.txt; t "variants rc=$?"; grep -E "^--|copy" $R/variants.txt; grep -A30 "round 1" $R/variants.txt | cut -c1-110; pack
B=.device/bin/metile
T512="rms_norm_fwd=512,layer_norm_fwd=512,add_rms_norm_fwd=512"
N="rms_norm layer_norm add_rms_norm --device cuda --rows 16384 --cols 4096 --reps 20 --json --cuda-graph"
for round in 1 2; do for d in f32 bf16; do p=""; [ $d = bf16 ] && p="-p grad_dtype=storage"
  timeout 60 $B bench $N --dtype $d $p > $R/m_default_${d}_$round.jsonl 2>>$R/m.err
  METILE_CUDA_THREADS=$T512 timeout 60 $B bench $N --dtype $d $p > $R/m_t512_${d}_$round.jsonl 2>>$R/m.err
done; done; t "metile A/B"; pack
python3 - $R <<'PY'
import json, sys, glob, collections
R = sys.argv[1]; rows = collections.defaultdict(dict)
for f in sorted(glob.glob(R + '/m_*.jsonl')):
    tag = f.split('/m_')[1].rsplit('.', 1)[0]
    for line in open(f):
        r = json.loads(line); rows[(r['entry'], r['dtype'])][tag] = r['ms']
for k, v in sorted(rows.items()):
    print(k[0].ljust(30), k[1], '  '.join(f"{t}={v[t]:.4f}" for t in sorted(v)))
PY
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
export PYTHONUNBUFFERED=1
timeout 150 python3 benchmarks/peers.py --cuda-graph --copy-mib 1024 --ops rms_norm,layer_norm,fused_add_rms_norm --rows 16384 --cols 4096 --dtypes bf16,f32 --no-metile --json $R/p_norms.jsonl > $R/p_norms.log 2>&1; t "peers rc=$?"
grep -E "^(rms|layer|fused|copy)" $R/p_norms.log | grep -v "variant" ; pack
