#!/usr/bin/env bash
# Downloads the wheels benchmarks/peers.py needs on the GPU box but the box lacks, into the
# repository's .whl/ folder (git-ignored), for Python 3.12 on x86-64 manylinux.
#
# Liger-Kernel 0.8.5 is a pure-Python wheel. Its declared needs, torch and triton, are installed
# on the GPU box, and so is `packaging`, which it imports without declaring; nothing else is
# fetched. Run it here (where pip reaches the registry), then carry `.whl` in the device call:
#
#   python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade \
#       --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site || exit;
#   python3 benchmarks/peers.py --json $OUT/peers.jsonl
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

if ! git check-ignore -q .whl/probe.whl 2>/dev/null; then
    echo "warning: .whl/ is not git-ignored here; add /.whl/ to .git/info/exclude or .gitignore" >&2
fi

wheels=("liger-kernel==0.8.5")

python3 -m pip download --no-deps --only-binary=:all: --python-version 3.12 --implementation cp \
    --platform manylinux_2_28_x86_64 --platform manylinux_2_27_x86_64 \
    --platform manylinux_2_17_x86_64 --platform manylinux2014_x86_64 --platform manylinux1_x86_64 \
    -d .whl "${wheels[@]}"

# Two versions of one package stop the whole install on the device: refuse to leave them.
dupes="$(ls .whl/*.whl | xargs -n1 basename | awk -F- '{print tolower($1)}' | sort | uniq -d)"
if [ -n "$dupes" ]; then
    echo "error: several versions in .whl/ of: $dupes; keep one of each" >&2
    exit 1
fi

echo "wheels in .whl/:"
ls -l .whl/*.whl
du -ch .whl/*.whl | tail -1
