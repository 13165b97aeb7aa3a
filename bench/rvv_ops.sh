#!/bin/bash
# bench/rvv_ops.sh - retired riscv64 instructions of the tests/rvv kernels whose
# ops once fell back to per-element code in --emit=rvv (i8 rows, an i8 dot,
# i32 and f16 reductions, the 2-D andi mask, f16 exp), counted inside the
# kernel's code only (the counting plugin of ../shared/tools/qemu-insn-count
# with lo/hi the kernel's symbol and the end of the launcher's ttx_kernel,
# which calls it: a few instructions of call overhead), one program, one
# thread, under `ttxform run --target=riscv64-rvv` at each VLEN.
#
#   bench/rvv_ops.sh                          this tree's build/ttxform
#   TTXFORM=/other/build/ttxform bench/rvv_ops.sh    another build (before/after)
#   VLENS="256" ONLY="red_i32" BUILD=dir
# Prints `kernel vlen insns` lines.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
TTX=${TTXFORM:-$ROOT/build/ttxform}
B=${BUILD:-$ROOT/bench/out/rvv_ops}
VLENS=${VLENS:-"128 256 512"}
ONLY=${ONLY:-}
PLUGIN_SRC=${PLUGIN_SRC:-$ROOT/../shared/tools/qemu-insn-count/insncount.c}
[ -x "$TTX" ] || { echo "bench/rvv_ops.sh: $TTX not built" >&2; exit 1; }
mkdir -p "$B"
gcc -O2 -shared -fPIC -fvisibility=hidden -Wall -Wextra -o "$B"/libinsncount.so "$PLUGIN_SRC"

# name | kernel | grid | arguments
KERNELS="
i8_rows|tests/rvv/i8_rows.ttir|1|--arg x=ones:256:int8 --arg y=arange:256:int8 --arg z=zeros:256:int8 --arg n=200
dot_i8|tests/rvv/dot_i8.ttir|1|--arg a=arange:128:int8 --arg b=ones:192:int8 --arg c=zeros:384:int32
red_i32|tests/rvv/red_i32.ttir|1|--arg x=arange:528:int32 --arg s=zeros:8:int32 --arg nc=100
red_f16|tests/rvv/red_f16.ttir|1|--arg x=randn:528:float16:3 --arg s=zeros:8:float16 --arg nc=100
mask2d|tests/rvv/mask2d.ttir|1|--arg x=randn:630:float32:5 --arg y=zeros:630:float32 --arg s=70 --arg nr=6 --arg nc=50
exp_f16|tests/rvv/exp_f16.ttir|1|--arg x=randn:256:float16:7 --arg y=zeros:256:float16 --arg n=250
"
echo "$KERNELS" | while IFS='|' read -r name ttir grid args; do
    [ -n "$name" ] || continue
    if [ -n "$ONLY" ] && ! echo " $ONLY " | grep -q " $name "; then continue; fi
    for v in $VLENS; do
        cache=$B/cache-$name-$v
        rm -rf "$cache"
        # shellcheck disable=SC2086
        "$TTX" run "$ROOT/$ttir" --target=riscv64-rvv --vlen="$v" --threads=1 --cache-dir="$cache" --grid="$grid" $args
        prog=$(ls "$cache"/rv-*)
        # from the kernel's symbol to the end of ttx_kernel (the launcher's
        # call of it, into which the compiler may inline the kernel)
        read -r lo hi < <(riscv64-linux-gnu-nm -n "$prog" | awk -v f="$name" '$3 == f {lo = $1} lo && $3 == "ttx_kernel" {getline n; split(n, a, " "); print "0x" lo, "0x" a[1]; exit}')
        log=$B/$name-$v.log
        # shellcheck disable=SC2086
        QEMU_PLUGIN="$B/libinsncount.so,lo=$lo,hi=$hi" QEMU_LOG=plugin QEMU_LOG_FILENAME="$log" \
            "$TTX" run "$ROOT/$ttir" --target=riscv64-rvv --vlen="$v" --threads=1 --cache-dir="$cache" --grid="$grid" $args
        awk -v n="$name" -v v="$v" '/^range_insns:/{print n, v, $2}' "$log"
    done
done
