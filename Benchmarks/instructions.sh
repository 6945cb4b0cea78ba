#!/usr/bin/env bash
# Counts the instructions of single benchmark scenarios under callgrind: the measured call alone
# (callgrind collects only inside the benchmark's `countedCall`, set up and teardown excluded).
# Instruction counts do not move with the machine's load, as times do.
#
#   Benchmarks/instructions.sh                    # every scenario
#   Benchmarks/instructions.sh nochange-10k ...   # the ones named
#
# Prints one line a scenario: `instructions scenario=NAME ir=N`.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
command -v valgrind >/dev/null || { echo "error: valgrind (callgrind) is not installed" >&2; exit 1; }
swift build -c release --package-path "$here" >&2
bin="$(swift build -c release --package-path "$here" --show-bin-path)/tabula-benchmarks"
if [ "$#" -gt 0 ]; then
    scenarios=("$@")
else
    scenarios=(build-100k-uuid delete-5k-of-10k reload-5k-of-10k nochange-10k nochange-100k apply-nochange-10k
        apply-nochange-100k onechange-100k-uuid
        churn10-100k-uuid churn10-100k-uuid-full compare-10k compare-100k floor-100k-uuid)
fi
echo "load averages (1/5/15 min) at start: $(cut -d' ' -f1-3 /proc/loadavg)"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
for name in "${scenarios[@]}"; do
    valgrind --tool=callgrind --toggle-collect='*countedCall*' --callgrind-out-file="$out/$name" \
        "$bin" --instructions "$name" >"$out/$name.log" 2>&1 || { cat "$out/$name.log" >&2; exit 1; }
    ir="$(awk '/^(summary|totals):/ { print $2; exit }' "$out/$name")"
    echo "instructions scenario=$name ir=$ir"
done
echo "load averages (1/5/15 min) at end: $(cut -d' ' -f1-3 /proc/loadavg)"
