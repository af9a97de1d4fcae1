#!/bin/bash
# Session 17, call 7: (1) the f32 backwards with the read-only path kept beside the L2 evict_last
# policy (.device/bin/metile_b: weight, statistics through __ldg; x and dy evict_last) against the
# committed choice (the policy replaces the read-only path), interleaved; (2) the whole CUDA check
# of the committed binary (the prelude changed for every kernel). Carry [".device"].
cd "$(dirname "$0")/../.."
R=/tmp/r17g; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
for round in 1 2; do for b in metile metile_b; do
  timeout 40 .device/bin/$b bench rms_norm layer_norm --device cuda --rows 16384 --cols 4096 --dtype f32 --reps 20 --json --cuda-graph > $R/${b}_$round.jsonl 2>>$R/m.err; done; done; t "A/B"; pack
for f in $R/metile*.jsonl; do python3 -c "
import json
for l in open('$f'): r=json.loads(l); print('$(basename $f .jsonl)'.ljust(12), r['entry'].ljust(30), round(r['ms'],4))"; done | sort -k2,2 -k1,1
timeout 200 .device/bin/metile check --device cuda --jobs 16 > $R/check.txt 2>&1; t "check all rc=$? $(tail -1 $R/check.txt)"; grep FAIL $R/check.txt | cut -c1-200 | head -5; gzip $R/check.txt; pack
