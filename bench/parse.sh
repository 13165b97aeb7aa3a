#!/usr/bin/env bash
# Parse+print speed and peak memory of ttxform and mlir-opt-19 on synthetic modules.
# usage: bench/parse.sh [--quick]       (--quick: 10k and 100k ops only)
# TTXFORM=path overrides build/ttxform. Files go to bench/out/. Prints a markdown table.
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

# row OPS TOOL INPUT FILE CMD...: measure CMD and print one table row.
row() {
    local ops=$1 tool=$2 input=$3 file=$4 res
    shift 4
    if ! res=$(python3 "$here/measure.py" -n "$runs" "$@"); then
        echo "| $ops | $tool | $input | | failed | | | |"
        return
    fi
    read -r wall rss <<<"$res"
    awk -v ops="$ops" -v tool="$tool" -v input="$input" -v bytes="$(stat -c %s "$file")" \
        -v wall="$wall" -v rss="$rss" 'BEGIN {
        printf "| %d | %s | %s | %.1f | %.3f | %.0f | %.1f | %.0f |\n",
            ops, tool, input, bytes / 1e6, wall, ops / wall, rss / 1024, rss * 1024 / ops }'
}

rev=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo "no commit")
echo "$(date -u +%Y-%m-%d) $(uname -m), $(nproc) CPUs, ttxform at $rev, best wall of $runs runs"
echo
echo "| ops | tool | input | MB | wall (s) | ops/s | peak RSS (MiB) | RSS bytes/op |"
echo "|---:|---|---|---:|---:|---:|---:|---:|"
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
        row "$ops" ttxform custom "$custom" "$ttxform" "$custom"
        [ -s "$generic" ] && row "$ops" ttxform generic "$generic" "$ttxform" "$generic"
        row "$tt_ops" ttxform "tt custom" "$tt" "$ttxform" "$tt"
    fi
    if [ -n "$mlir_opt" ]; then
        row "$ops" mlir-opt-19 generic "$generic" "$mlir_opt" --allow-unregistered-dialect "$generic"
    fi
done
echo
echo "Each run parses the file and prints it to /dev/null. Peak RSS includes the process's"
echo "fixed start-up memory, so bytes/op is only meaningful at the larger sizes."
[ -n "$mlir_opt" ] || [ -z "$ttxform" ] || notes+=("Generic files were written by ttxform itself.")
for note in "${notes[@]}"; do echo "- $note"; done
