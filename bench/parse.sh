#!/usr/bin/env bash
# Parse+print speed and peak memory of ttxform and mlir-opt-19 on synthetic modules:
# both tools on the same files (the custom form and the generic form), threads on
# and off (--mlir-disable-threading, which both take), then the instruction counts
# of each at 100k ops under callgrind (when valgrind is installed).
# usage: bench/parse.sh [--quick]       (--quick: 10k and 100k ops only)
# TTXFORM=path overrides build/ttxform. Files go to bench/out/. Prints markdown tables.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
out=$here/out
ttxform=${TTXFORM:-$root/build/ttxform}
mlir_opt=$(command -v mlir-opt-19 || true)
sizes=(10000 100000 1000000)
[ "${1:-}" = --quick ] && sizes=(10000 100000)
runs=3
notes=()

if [ ! -x "$ttxform" ]; then
    notes+=("ttxform not found at $ttxform (meson setup build && ninja -C build): its rows are skipped.")
    ttxform=""
fi
if [ -z "$mlir_opt" ]; then
    notes+=("mlir-opt-19 not found (apt-get install mlir-19-tools): its rows are skipped.")
fi
if [ ! -x /usr/bin/time ]; then
    notes+=("GNU time not found (apt-get install time): peak RSS includes about 14 MiB of the Python driver.")
fi
mkdir -p "$out"

# row OPS TOOL INPUT THREADS FILE CMD...: measure CMD and print one table row.
row() {
    local ops=$1 tool=$2 input=$3 threads=$4 file=$5 res
    shift 5
    if ! res=$(python3 "$here/measure.py" -n "$runs" "$@"); then
        echo "| $ops | $tool | $input | $threads | | failed | | | |"
        return
    fi
    read -r wall rss <<<"$res"
    awk -v ops="$ops" -v tool="$tool" -v input="$input" -v threads="$threads" -v bytes="$(stat -c %s "$file")" \
        -v wall="$wall" -v rss="$rss" 'BEGIN {
        printf "| %d | %s | %s | %s | %.1f | %.3f | %.0f | %.1f | %.0f |\n",
            ops, tool, input, threads, bytes / 1e6, wall, ops / wall, rss / 1024, rss * 1024 / ops }'
}

# both rows (threads on, off) of one tool on one file
rows2() {
    local ops=$1 tool=$2 input=$3 file=$4
    shift 4
    row "$ops" "$tool" "$input" on "$file" "$@" "$file"
    row "$ops" "$tool" "$input" off "$file" "$@" --mlir-disable-threading "$file"
}

# instructions of CMD under callgrind (all threads), or "-"
insns() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
        sed -n 's/.*Collected : *\([0-9]*\).*/\1/p' | tail -1
}

rev=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo "no commit")
echo "$(date -u +%Y-%m-%d) $(uname -m), $(nproc) CPUs, ttxform at $rev, best wall of $runs runs"
echo
echo "| ops | tool | input | threads | MB | wall (s) | ops/s | peak RSS (MiB) | RSS bytes/op |"
echo "|---:|---|---|---|---:|---:|---:|---:|---:|"
for n in "${sizes[@]}"; do
    custom=$out/mod_$n.mlir generic=$out/mod_$n.generic.mlir tt=$out/tt_$n.mlir
    ops=$(python3 "$here/gen_module.py" "$n" 2>&1 >"$custom" | awk '{print $1}')
    tt_ops=$(python3 "$here/gen_module.py" --tt "$n" 2>&1 >"$tt" | awk '{print $1}')
    rm -f "$generic"
    if [ -n "$mlir_opt" ]; then
        "$mlir_opt" --mlir-print-op-generic "$custom" >"$generic"
    elif [ -n "$ttxform" ]; then
        "$ttxform" --mlir-print-op-generic "$custom" >"$generic"
    fi
    if [ -n "$ttxform" ]; then
        rows2 "$ops" ttxform custom "$custom" "$ttxform"
        [ -s "$generic" ] && rows2 "$ops" ttxform generic "$generic" "$ttxform"
        row "$tt_ops" ttxform "tt custom" on "$tt" "$ttxform" "$tt"
    fi
    if [ -n "$mlir_opt" ]; then
        rows2 "$ops" mlir-opt-19 custom "$custom" "$mlir_opt" --allow-unregistered-dialect
        rows2 "$ops" mlir-opt-19 generic "$generic" "$mlir_opt" --allow-unregistered-dialect
    fi
done
if command -v valgrind >/dev/null && [ -s "$out/mod_100000.mlir" ]; then
    custom=$out/mod_100000.mlir generic=$out/mod_100000.generic.mlir
    echo
    echo "Instructions at 100k ops (valgrind --tool=callgrind, every thread counted, threads off):"
    echo
    echo "| tool | input | instructions | mlir-opt-19 / ttxform |"
    echo "|---|---|---:|---:|"
    for input in custom generic; do
        f=$custom
        [ $input = generic ] && f=$generic
        [ -s "$f" ] || continue
        t=$([ -n "$ttxform" ] && insns "$ttxform" --mlir-disable-threading "$f" || echo "")
        m=$([ -n "$mlir_opt" ] && insns "$mlir_opt" --allow-unregistered-dialect --mlir-disable-threading "$f" || echo "")
        [ -n "$t" ] && echo "| ttxform | $input | $t | |"
        if [ -n "$m" ]; then
            ratio=$([ -n "$t" ] && awk -v m="$m" -v t="$t" 'BEGIN { printf "%.2fx", m / t }' || echo "")
            echo "| mlir-opt-19 | $input | $m | $ratio |"
        fi
    done
else
    notes+=("valgrind not found (or no 100k module): no instruction counts.")
fi
echo
echo "Each run parses the file and prints it to /dev/null. Peak RSS includes the process's"
echo "fixed start-up memory, so bytes/op is only meaningful at the larger sizes."
[ -n "$mlir_opt" ] || [ -z "$ttxform" ] || notes+=("Generic files were written by ttxform itself.")
for note in "${notes[@]}"; do echo "- $note"; done
