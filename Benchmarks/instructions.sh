#!/usr/bin/env bash
# Counts the instructions of single benchmark scenarios under callgrind: the measured call alone
# (callgrind counts from entering the benchmark's `countingStarts` to entering `countingEnds`, the
# markers around the call inside `countedCall`; set up and teardown excluded).
# Instruction counts do not move with the machine's load, as times do.
#
# The `observe-*` scenarios are rounds of the `observe scenario=cell-10k` line: one property's
# change, and the update it schedules on the main actor (the cell's `CellObserver.flush`, the
# list's `ListObservation.schedule`). They run in their own executable
# (`tabula-observe-instructions`); callgrind counts inside `countedChange` and inside those two
# updates, between entering `countingStarts` and entering `countingEnds`, divided by the rounds
# run: both paths without the executor's machinery between change and update. The benchmark's
# own call in the cells' configuration (`ShownTitle.configured`, which reads the clock and wakes
# the round) toggles collection off again, inside either update.
#
#   Benchmarks/instructions.sh                    # every scenario
#   Benchmarks/instructions.sh nochange-10k ...   # the ones named
#
# The `debug-*` scenarios are the scenario after `debug-` in a Debug build of this package (every
# module `-Onone`, as an app is developed): `debug-apply-churn10-100k-uuid` is the path of the
# `debug scenario=100k … mode=build+adapter` line, counted.
#
# Prints one line a scenario: `instructions scenario=NAME ir=N` (per round for `observe-*`).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
command -v valgrind >/dev/null || { echo "error: valgrind (callgrind) is not installed" >&2; exit 1; }
swift build -c release --package-path "$here" >&2
bins="$(swift build -c release --package-path "$here" --show-bin-path)"
bin="$bins/tabula-benchmarks"
if [ "$#" -gt 0 ]; then
    scenarios=("$@")
else
    scenarios=(build-100k-uuid delete-5k-of-10k reload-5k-of-10k nochange-10k nochange-100k apply-nochange-10k
        apply-nochange-100k onechange-100k-uuid apply-onechange-100k-uuid apply-churn10-100k-uuid
        append-one-100k append-1000-one-by-one identifiers-10x100 update-one-100k update-one-100k-headless update-one-100k-headless-selected update-one-100k-headless-focused update-one-100k-headless-announced delete-one-100k churn10-100k-uuid churn10-100k-uuid-full nochange-plain-100k-uuid compare-10k
        compare-100k floor-100k-uuid observe-cell-10k observe-follow-10k
        debug-apply-churn10-100k-uuid)
    # ListKit's and DifferenceKit's shapes (the `shape scenario=…` lines): the app's path (build +
    # diff, or build + edit), the diff of prebuilt snapshots, and the hash floor.
    for shape in overlap50-10k overlap50-50k nochange-10k shuffle-10k churn20-10k churn50-10k churn20-50k churn10-10k \
        churn10-100k; do
        scenarios+=("shape-$shape" "shape-$shape-diff" "shape-$shape-floor")
    done
    for shape in build-10k build-50k build-100x100 delete-5k-of-10k reload-5k-of-10k; do
        scenarios+=("shape-$shape" "shape-$shape-floor")
    done
fi
echo "load averages (1/5/15 min) at start: $(cut -d' ' -f1-3 /proc/loadavg)"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
for name in "${scenarios[@]}"; do
    case "$name" in
    observe-*)
        # Deterministic hashing: the same dictionaries, run after run.
        SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*countedChange*' \
            --toggle-collect='*CellObserverC5flush*' --toggle-collect='*ListObservationC8schedule*' \
            --toggle-collect='*ShownTitleC10configured*' \
            --zero-before='*countingStarts*' --dump-before='*countingEnds*' \
            --callgrind-out-file="$out/$name" "$bins/tabula-observe-instructions" "$name" >"$out/$name.log" 2>&1 ||
            { cat "$out/$name.log" >&2; exit 1; }
        rounds="$(sed -n 's/^rounds=//p' "$out/$name.log")"
        total="$(awk '/^(summary|totals):/ { print $2; exit }' "$out/$name.1")"
        echo "instructions scenario=$name ir=$((total / rounds)) rounds=$rounds"
        ;;
    debug-*)
        if [ -z "${debug_bin:-}" ]; then
            swift build -c debug --package-path "$here" >&2
            debug_bin="$(swift build -c debug --package-path "$here" --show-bin-path)/tabula-benchmarks"
        fi
        valgrind --tool=callgrind --zero-before='*countingStarts*' --dump-before='*countingEnds*' \
            --callgrind-out-file="$out/$name" "$debug_bin" --instructions "${name#debug-}" >"$out/$name.log" 2>&1 ||
            { cat "$out/$name.log" >&2; exit 1; }
        ir="$(awk '/^(summary|totals):/ { print $2; exit }' "$out/$name.1")"
        echo "instructions scenario=$name ir=$ir config=debug-Onone"
        ;;
    *)
        valgrind --tool=callgrind --zero-before='*countingStarts*' --dump-before='*countingEnds*' \
            --callgrind-out-file="$out/$name" "$bin" --instructions "$name" >"$out/$name.log" 2>&1 ||
            { cat "$out/$name.log" >&2; exit 1; }
        ir="$(awk '/^(summary|totals):/ { print $2; exit }' "$out/$name.1")"
        echo "instructions scenario=$name ir=$ir"
        ;;
    esac
done
echo "load averages (1/5/15 min) at end: $(cut -d' ' -f1-3 /proc/loadavg)"
