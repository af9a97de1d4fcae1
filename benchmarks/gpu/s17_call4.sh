#!/bin/bash
# Session 17, call 4: call 3 found that torch.compile's 2% on the f32 RMSNorm forward is the L2
# evict_last policy on its loads of x (hand-written, 512 threads: 0.1265 ms with it, 0.1286
# without). metile with the new `mt_ld_evict_last` hint (METILE_CUDA_LOAD_HINT) on x, with 512
# threads for the f32 forwards (METILE_CUDA_THREADS), both, and the hint on every read-only
# buffer of other kernels; interleaved rounds. Carry [".device"].
cd "$(dirname "$0")/../.."
R=/tmp/r17d; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
B=.device/bin/metile
N="rms_norm layer_norm add_rms_norm --device cuda --rows 16384 --cols 4096 --reps 20 --json --cuda-graph"
T512="rms_norm_fwd=512,layer_norm_fwd=512,add_rms_norm_fwd=512"
cfg() { case $1 in D) ;; H) export METILE_CUDA_LOAD_HINT=mt_ld_evict_last:x,residual ;; T) export METILE_CUDA_THREADS=$T512 ;;
  TH) export METILE_CUDA_THREADS=$T512 METILE_CUDA_LOAD_HINT=mt_ld_evict_last:x,residual ;; HA) export METILE_CUDA_LOAD_HINT=mt_ld_evict_last ;; esac; }
for round in 1 2; do
  for c in D H T TH; do (cfg $c; timeout 60 $B bench $N --dtype f32 > $R/m_${c}_f32_$round.jsonl 2>>$R/m.err); done
  for c in D H HA; do (cfg $c; timeout 60 $B bench $N --dtype bf16 -p grad_dtype=storage > $R/m_${c}_bf16_$round.jsonl 2>>$R/m.err); done
  t "norms round $round"; pack
done
for c in D HA; do (cfg $c
  timeout 60 $B bench softmax --device cuda --rows 16384 --cols 4096 --dtype bf16 --reps 20 --json --cuda-graph > $R/o_${c}_softmax.jsonl 2>>$R/m.err
  timeout 60 $B bench swiglu geglu --device cuda --rows 8192 --cols 14336 --dtype bf16 --reps 20 --json --cuda-graph > $R/o_${c}_gated.jsonl 2>>$R/m.err
  timeout 60 $B bench rope --device cuda --lead 8,32 --rows 2048 --cols 128 --dtype bf16 --reps 20 --json --cuda-graph > $R/o_${c}_rope.jsonl 2>>$R/m.err
  timeout 60 $B bench cross_entropy --device cuda --rows 8192 --cols 128256 --dtype bf16 --reps 10 --json --cuda-graph > $R/o_${c}_ce.jsonl 2>>$R/m.err); t "others $c"; done; pack
python3 - $R <<'PY'
import json, sys, glob, collections
R = sys.argv[1]; rows = collections.defaultdict(dict)
for f in sorted(glob.glob(R + '/[mo]_*.jsonl')):
    tag = f.split('/')[-1][2:].rsplit('.', 1)[0]
    cfg = tag.split('_')[0]; rnd = tag.split('_')[-1]
    for line in open(f):
        r = json.loads(line); rows[(r['entry'], r['dtype'])].setdefault(cfg, []).append(r['ms'])
for k, v in sorted(rows.items()):
    print(k[0].ljust(30), k[1].ljust(5), '  '.join(f"{c}=" + '/'.join(f'{x:.4f}' for x in v[c]) for c in v))
PY
sort $R/m.err | uniq -c | head
