# Shared by the sanitizer device scripts (s16_call2.sh .. s16_call4.sh); source it from the
# repository root with `R` (a results folder) set. Each sanitized `metile check` process is
# CPU-bound, so `run` starts one in the background per operator group and `summarize` waits
# for them all. A process cut off by the time limit `T` (seconds) reports no summary: its
# `--log` lines say which cases finished, and hazards are printed as they are found.
B=$PWD/.device/bin/metile; rm -rf $R; mkdir -p $R; started=$(date +%s)

# run NAME TOOL CASE OP...: compute-sanitizer's TOOL over `metile check OP... --device cuda`,
# the cases whose label contains CASE (`x`: every case), into $R/NAME.txt.
run() {
  local name=$1 tool=$2 case=$3; shift 3
  local filter=(); [ "$case" = x ] || filter=(--case "$case")
  ( timeout -s INT $T compute-sanitizer --tool $tool --print-limit 20 $B check "$@" --device cuda --jobs 2 "${filter[@]}" --log > $R/$name.txt 2>&1; echo "rc=$?" >> $R/$name.txt ) &
}

# summarize ARCHIVE: waits for every run, prints one line per process (the tool's summary, cases
# finished, hazard lines, exit status, rows passed) and packs $R into $OUT/ARCHIVE.
summarize() {
  wait
  echo "[$(( $(date +%s) - started )) s] done"
  for f in $R/*.txt; do
    n=$(grep -c "^case " $f); h=$(grep -cE "Race reported|Uninitialized|Invalid" $f)
    echo "$(basename $f .txt): $(grep -E 'SUMMARY' $f | tail -1 | sed 's/=* *//') | cases finished $n | hazard lines $h | $(tail -1 $f) | $(grep -E 'passed, [0-9]+ failed' $f | tail -1)"
  done
  grep -hE "Race reported|Uninitialized|Invalid" $R/*.txt | sort | uniq -c | head -20
  tar czf $OUT/$1 -C $R .
}
