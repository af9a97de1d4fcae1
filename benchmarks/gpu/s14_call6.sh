#!/bin/bash
# Session 14, calls 6 and 7 (2026-12-01; call 7: JSD reusing its loss output): the distribution losses without host reads (the reduced
# forward's row sums added on the device, the backward's scalar cotangent read on the device):
# the CUDA check of KL, JSD and TVD, and KL / JSD at ANCHORS.md's shape graph-replayed (call 5
# could not capture them: the forward read its row sums on the host).
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r14c6; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
ms() { python3 -c "import sys,json; print(' '.join(r['entry'].replace('backward','bwd').replace('forward','fwd')+'='+str(round(r['ms'],4))+('' if r.get('timing')!='launch' else '(L)') for r in map(json.loads, open(sys.argv[1]))))" $1; }
timeout 60 $B check kl_div jsd tvd --device cuda --jobs 16 > $R/check.txt 2>&1; t "check rc=$? $(tail -1 $R/check.txt)"; grep FAIL $R/check.txt | cut -c1-200 | head -5; pack
D="kl_div jsd --device cuda --rows 8192 --cols 32768 --dtype f32 --reps 20 --json -p reduction=batchmean"
timeout 60 $B bench $D --cuda-graph > $R/dist_graph.jsonl 2>>$R/m.err; t "graph: $(ms $R/dist_graph.jsonl)"
timeout 60 $B bench $D > $R/dist_launch.jsonl 2>>$R/m.err; t "launched: $(ms $R/dist_launch.jsonl)"; pack
sort $R/m.err | uniq -c | head
