#!/usr/bin/env bash
# The CPU path in one run: JIT compile time per kernel, the machine's copy
# bandwidth, vector add and softmax throughput of `ttxform run` against it,
# and matmul GFLOP/s of the emitted C (gcc -O3 -march=native) against
# OpenBLAS single-threaded sgemm.
# usage: bench/cpu.sh [REPEATS [ROUNDS]]   (default 20 and 3; TTXFORM=path overrides
# build/ttxform)
# Needs gcc and libopenblas-dev (Debian). Prints markdown tables.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
ttxform=${TTXFORM:-$root/build/ttxform}
reps=${1:-20}
rounds=${2:-3}
if [ ! -x "$ttxform" ]; then
    echo "ttxform not found at $ttxform (meson setup build && ninja -C build)" >&2
    exit 1
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ttx-bench-cpu-XXXXXX")
trap 'rm -rf "$tmp"' EXIT
cflags="-O3 -march=native"

# the programs, built with the same compiler flags as the emitted matmul
gcc $cflags -o "$tmp/membw" "$here/cpu/membw.c" -lpthread
gcc $cflags -o "$tmp/sgemm_blas" "$here/cpu/sgemm_blas.c" -lopenblas
"$ttxform" "$here/cpu/matmul_f32.ttir" --emit=c -o "$tmp/mm.c"
gcc $cflags -DKERNEL="\"$tmp/mm.c\"" -o "$tmp/mm" "$here/cpu/mm_main.c" -lm

threads=$(nproc)
[ "$threads" -gt 64 ] && threads=64

echo "## CPU path, $(date -u +%Y-%m-%d) $(uname -m), $(nproc) CPUs ($(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')),"
echo "## ttxform at $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown), load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "### JIT compile time"
echo
"$here/jit.sh" 10
echo

# best launch time (ms) from `ttxform run --repeat --bench`
best_ms() {
    "$ttxform" run "$@" --repeat="$reps" --bench --threads="$threads" --no-bounds-check 2>&1 >/dev/null |
        sed -n 's/^bench .* best \([0-9.]*\) ms.*/\1/p'
}

# softmax on rows of 1024 columns: the sample with BLOCK_SIZE 1024
sed 's/128/1024/g' "$root/samples/cpu/softmax.ttir" > "$tmp/softmax_1024.ttir"
n=$((1 << 24))
rows=16384 cols=1024

# the measurements take turns for $rounds rounds, so the copy bandwidth and the
# kernels see the same spells of this shared machine; each figure is the best
# of all its rounds, and every round is listed
copy=0 va_ms=1e9 sm_ms=1e9 mm=0 blas=0
echo "### Rounds (best of $reps each)"
echo
echo "| round | copy (GB/s) | vector add (ms) | softmax (ms) | matmul (GFLOP/s) | OpenBLAS (GFLOP/s) |"
echo "|---|---:|---:|---:|---:|---:|"
for r in $(seq "$rounds"); do
    c=$("$tmp/membw" 256 "$threads" "$reps" | sed -n 's/^copy_gbps //p')
    v=$(best_ms "$root/samples/cpu/vector_add.ttir" --grid=$((n / 1024)) \
        --arg arg0=ones:$n --arg arg1=ones:$n --arg arg2=zeros:$n --arg arg3=$n)
    s=$(best_ms "$tmp/softmax_1024.ttir" --grid=256 \
        --arg arg0=zeros:${rows}x$cols --arg arg1=ones:${rows}x$cols --arg arg2=$cols --arg arg3=$cols \
        --arg arg4=$rows --arg arg5=$cols)
    m=$("$tmp/mm" 512 "$reps" | sed -n 's/^gflops //p')
    b=$("$tmp/sgemm_blas" 512 "$reps" | sed -n 's/^gflops //p')
    echo "| $r | $c | $v | $s | $m | $b |"
    read -r copy va_ms sm_ms mm blas < <(python3 -c "import sys; a = [float(x) for x in sys.argv[1:]]; \
print(max(a[0], a[5]), min(a[1], a[6]), min(a[2], a[7]), max(a[3], a[8]), max(a[4], a[9]))" \
        "$copy" "$va_ms" "$sm_ms" "$mm" "$blas" "$c" "$v" "$s" "$m" "$b")
done
echo

python3 - "$copy" "$va_ms" "$sm_ms" "$mm" "$blas" "$n" "$rows" "$cols" "$threads" "$reps" "$rounds" <<'PY'
import sys
copy, va_ms, sm_ms, mm, blas = (float(x) for x in sys.argv[1:6])
n, rows, cols, threads, reps, rounds = (int(x) for x in sys.argv[6:12])
va = 3 * 4 * n / (va_ms * 1e-3) / 1e9
sm = 2 * 4 * rows * cols / (sm_ms * 1e-3) / 1e9
def met(x, t): return "met" if x >= t else "not met"
print(f"### Throughput ({threads} threads, best of {rounds} rounds of {reps})")
print()
print("| measurement | value | vs reference | target |")
print("|---|---:|---:|---|")
print(f"| copy bandwidth (memcpy, 256 MiB) | {copy:.2f} GB/s | 100% | |")
print(f"| vector add, 2^24 f32 (`ttxform run`, JIT) | {va:.2f} GB/s ({va_ms:.3f} ms) | {100 * va / copy:.1f}% of copy | >= 70%: {met(va / copy, 0.7)} |")
print(f"| softmax, {rows}x{cols} f32 (`ttxform run`, JIT) | {sm:.2f} GB/s ({sm_ms:.3f} ms) | {100 * sm / copy:.1f}% of copy | >= 70%: {met(sm / copy, 0.7)} |")
print(f"| matmul 512^3 f32, emitted C, gcc -O3 -march=native, 1 thread | {mm:.2f} GFLOP/s | {100 * mm / blas:.1f}% of OpenBLAS | >= 25%: {met(mm / blas, 0.25)} |")
print(f"| OpenBLAS cblas_sgemm 512^3, 1 thread | {blas:.2f} GFLOP/s | 100% | |")
PY
