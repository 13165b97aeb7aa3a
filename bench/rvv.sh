#!/bin/bash
# bench/rvv.sh - retired riscv64 instructions per kernel under qemu-riscv64 (the
# counting plugin of ../shared/tools/qemu-insn-count), at VLEN 128, 256 and 512:
# ttxform's RVV (--emit=rvv) against its portable C built -march=rv64gc -O3
# (scalar) and -march=rv64gcv -O3 (clang's auto-vectoriser), and the hand-written
# RVV references.  Those three come from the anchors' own script
# (../shared/tools/rvv-anchors/run.sh, called on this tree); the RVV column uses
# the same drivers, sizes, counting (insns of `1 m` minus insns of `0 m`, under
# env -i) and checks (main and ragged size, rvv_ta_all_1s/rvv_ma_all_1s).
#
#   bench/rvv.sh                 all kernels (about 3 minutes on one core)
#   ONLY="softmax vector_add" VLENS="256" bench/rvv.sh
#   BUILD=dir ANCHORS=dir TTXFORM=path/to/ttxform
# Writes $BUILD/anchors/ (run.sh's files), $BUILD/rvv.tsv and prints the table.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
A=${ANCHORS:-$ROOT/../shared/tools/rvv-anchors}
B=${BUILD:-$ROOT/bench/out/rvv}
VLENS=${VLENS:-"128 256 512"}
ONLY=${ONLY:-}
TTX=${TTXFORM:-$ROOT/build/ttxform}
CC=${CC:-clang-19}
T="--target=riscv64-linux-gnu"
[ -d "$A" ] || { echo "bench/rvv.sh: the anchors are not at $A (set ANCHORS=)" >&2; exit 1; }
[ -x "$TTX" ] || { echo "bench/rvv.sh: $TTX not built (ninja -C build)" >&2; exit 1; }
mkdir -p "$B"/gen "$B"/bin

# scalar, autovec and hand: the anchors' script on this checkout
PROJ=$ROOT BUILD=$B/anchors VLENS="$VLENS" ONLY="$ONLY" "$A"/run.sh > "$B"/anchors.txt
PLUG=$B/anchors/libinsncount.so

count() {  # count BIN MODE CPU -> insns
    local log
    log=$(mktemp)
    env -i qemu-riscv64 -cpu "$3" -plugin "$PLUG" -d plugin -D "$log" "$1" "$2" m >/dev/null
    awk '/^insns:/{a=$2} /^vector_insns:/{b=$2} END{print a, b}' "$log"
    rm -f "$log"
}

# name | ttir | f16 (the kernels and drivers of run.sh)
KERNELS="
vector_add|samples/cpu/vector_add.ttir|0
vector_add_top|samples/vector_add.ttir|0
softmax|samples/cpu/softmax.ttir|0
matmul_f16|samples/cpu/matmul.ttir|1
matmul_f32|$B/anchors/gen/matmul_f32.ttir|0
layernorm|samples/cpu/layernorm.ttir|0
matvec|samples/cpu/matvec.ttir|0
activations|samples/cpu/activations.ttir|0
"
printf 'kernel\tvlen\tinsns\tvec_insns\tcheck_main\tcheck_ragged\n' > "$B"/rvv.tsv
echo "$KERNELS" | while IFS='|' read -r name ttir f16; do
    [ -n "$name" ] || continue
    if [ -n "$ONLY" ] && ! echo " $ONLY " | grep -q " $name "; then continue; fi
    case $ttir in /*) src=$ttir;; *) src=$ROOT/$ttir;; esac
    "$TTX" "$src" --emit=rvv -o "$B"/gen/$name.rvv.c
    m=rv64gcv; [ "$f16" = 1 ] && m=rv64gcv_zvfh
    $CC $T -march=$m -O3 -c "$B"/gen/$name.rvv.c -o "$B"/gen/$name.rvv.o
    bin=$B/bin/$name.rvv
    $CC $T -static -march=$m "$B"/anchors/obj/drv_$name.o "$B"/gen/$name.rvv.o -lm -o "$bin"
    for V in $VLENS; do
        cpu="rv64,v=true,vlen=$V,vext_spec=v1.0,Zfh=true"
        cm=$(env -i qemu-riscv64 -cpu "$cpu,rvv_ta_all_1s=true,rvv_ma_all_1s=true" "$bin" c m 2>&1 || true)
        cr=$(env -i qemu-riscv64 -cpu "$cpu,rvv_ta_all_1s=true,rvv_ma_all_1s=true" "$bin" c r 2>&1 || true)
        read -r t0 v0 <<<"$(count "$bin" 0 "$cpu")"
        read -r t1 v1 <<<"$(count "$bin" 1 "$cpu")"
        printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$V" $((t1 - t0)) $((v1 - v0)) \
            "$(echo "$cm" | awk '{print $1; exit}')" "$(echo "$cr" | awk '{print $1; exit}')" >> "$B"/rvv.tsv
    done
    echo "done $name" >&2
done
python3 "$ROOT"/bench/rvv_table.py "$B"/anchors/results.tsv "$B"/rvv.tsv
