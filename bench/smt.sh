#!/bin/bash
# bench/smt.sh - the SMT matmul (samples/riscv/mm_kernel_*.ttir, spine-triton's
# mm_kernel) against the RVV-only matmul of the same shape (Triton tutorial 03
# with tt.dot, samples/cpu/matmul.ttir, and its f32 derivation), C = A @ B with
# M = N = 128, K = 64:
# 1. retired riscv64 instructions under qemu-riscv64 (the counting plugin of
#    ../shared/tools/qemu-insn-count; insns of `prog 1` minus `prog 0`, under
#    env -i) of the --emit=rvv C built with clang-19 -O3, at VLEN 128, 256, 512
#    and 1024 (bench/smt_driver.c runs the whole grid serially): the SMT sample
#    with its micro-kernel (the module's core and tile), the same sample with
#    tt.arch_id removed (the portable mmt4d loops, clang's vectoriser), the
#    tt.dot matmul, and the same tt.dot matmul with --smt-arch (the plain dot
#    packed into micro tiles, on the same micro-kernel: K1 for f32, K3 for
#    f16, as the SMT samples); each run checked against a double reference; for the
#    micro-kernel rows also the instructions inside the kernel function (a
#    second build with it not inlined, counted over its symbol's range);
# 2. host GFLOP/s of `ttxform run --jit` on the f32 sample (M = N = 512, K = 64,
#    the best of --repeat launches, 1 and 2 threads) against OpenBLAS's
#    cblas_sgemm of the same shape (bench/sgemm_openblas.c, -lopenblas, 1 and
#    2 threads, its result checked against a double product) and
#    numpy.matmul (/usr/bin/python3; the BLAS numpy links is printed); the
#    load (uptime) before and after.
#
#   bench/smt.sh        VLENS="256" REPEAT=5 BUILD=dir TTXFORM=path/to/ttxform PARTS="1 2"
# Writes $BUILD/smt.tsv and prints the tables.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
B=${BUILD:-$ROOT/bench/out/smt}
VLENS=${VLENS:-"128 256 512 1024"}
REPEAT=${REPEAT:-5}
TTX=${TTXFORM:-$ROOT/build/ttxform}
CC=${CC:-clang-19}
T="--target=riscv64-linux-gnu"
[ -x "$TTX" ] || { echo "bench/smt.sh: $TTX not built (ninja -C build)" >&2; exit 1; }
PARTS=${PARTS:-"1 2"}
mkdir -p "$B"
if [[ " $PARTS " == *" 1 "* ]]; then
PLUG=$B/libinsncount.so
gcc -O2 -shared -fPIC -fvisibility=hidden -Wall -Wextra -o "$PLUG" "$ROOT"/../shared/tools/qemu-insn-count/insncount.c

count() {  # count BIN MODE CPU [lo=..,hi=..] -> insns vector_insns range_insns
    local log
    log=$(mktemp)
    env -i qemu-riscv64 -cpu "$3" -plugin "$PLUG${4:+,$4}" -d plugin -D "$log" "$1" "$2" >/dev/null
    awk '/^insns:/{a=$2} /^vector_insns:/{b=$2} /^range_insns:/{c=$2} END{print a, b, c}' "$log"
    rm -f "$log"
}

# the kernels: name | ttir | driver flags | ttxform options
sed -e '/arith.truncf %47#0/d' -e 's/tt.store %57, %48, %64/tt.store %57, %47#0, %64/' -e 's/f16/f32/g' \
    "$ROOT"/samples/cpu/matmul.ttir > "$B"/matmul_f32.ttir
for s in f32 f16; do
    sed -e 's/, tt.arch_id = "0x[0-9A-Fa-f]*"//' "$ROOT"/samples/riscv/mm_kernel_$s.ttir > "$B"/mm_kernel_${s}_noarch.ttir
done
KERNELS="
smt_f32_microkernel|$ROOT/samples/riscv/mm_kernel_f32.ttir|-DSMT
smt_f32_loops|$B/mm_kernel_f32_noarch.ttir|-DSMT
rvv_f32_tt.dot|$B/matmul_f32.ttir|
smt_f32_tt.dot_k1|$B/matmul_f32.ttir||--smt-arch=k1
smt_f16_microkernel|$ROOT/samples/riscv/mm_kernel_f16.ttir|-DSMT -DF16
smt_f16_loops|$B/mm_kernel_f16_noarch.ttir|-DSMT -DF16
rvv_f16_tt.dot|$ROOT/samples/cpu/matmul.ttir|-DF16
smt_f16_tt.dot_k3|$ROOT/samples/cpu/matmul.ttir|-DF16|--smt-arch=k3
"
printf 'kernel\tvlen\tinsns\tvec_insns\tin_microkernel\trel_err\n' > "$B"/smt.tsv
echo "$KERNELS" | while IFS='|' read -r name ttir flags topts; do
    [ -n "$name" ] || continue
    m=rv64gcv; case "$flags" in *F16*) m=rv64gcv_zvfh;; esac
    # shellcheck disable=SC2086
    "$TTX" "$ttir" --emit=rvv $topts -o "$B"/$name.rvv.c
    # shellcheck disable=SC2086
    $CC $T -march=$m -O3 -static $flags "$ROOT"/bench/smt_driver.c "$B"/$name.rvv.c -lm -o "$B"/$name
    # the micro-kernel not inlined, to count its own instructions (the range of its symbol)
    range=
    if grep -q 'ttx_smt_rvv_f..(' "$B"/$name.rvv.c; then
        sed -e 's/^static inline __attribute__((unused)) void NAME(/static __attribute__((noinline, unused)) void NAME(/' \
            "$B"/$name.rvv.c > "$B"/$name.noinline.rvv.c
        # shellcheck disable=SC2086
        $CC $T -march=$m -O3 -static $flags "$ROOT"/bench/smt_driver.c "$B"/$name.noinline.rvv.c -lm -o "$B"/$name.noinline
        read -r lo sz <<<"$(riscv64-linux-gnu-nm -S "$B"/$name.noinline | awk '$4 ~ /^ttx_smt_rvv_f(32|16)$/ {print $1, $2}')"
        range=$(printf 'lo=0x%x,hi=0x%x' $((0x$lo)) $((0x$lo + 0x$sz)))
    fi
    for V in $VLENS; do
        cpu="rv64,v=true,vlen=$V,vext_spec=v1.0,Zfh=true"
        err=$(env -i qemu-riscv64 -cpu "$cpu,rvv_ta_all_1s=true,rvv_ma_all_1s=true" "$B"/$name c)
        read -r t0 v0 _ <<<"$(count "$B"/$name 0 "$cpu")"
        read -r t1 v1 _ <<<"$(count "$B"/$name 1 "$cpu")"
        k=-
        if [ -n "$range" ]; then read -r _ _ k <<<"$(count "$B"/$name.noinline 1 "$cpu" "$range")"; fi
        printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$V" $((t1 - t0)) $((v1 - v0)) "$k" "$err" >> "$B"/smt.tsv
    done
done
echo "retired instructions, C = A @ B, M = N = 128, K = 64 (the whole grid; in_microkernel: those in"
echo "ttx_smt_rvv_f32/f16, not inlined; rel_err: max |C - ref| / max |ref|)"
column -t -s $'\t' "$B"/smt.tsv
fi
[[ " $PARTS " == *" 2 "* ]] || exit 0

# 2. the host JIT against numpy
M=512 N=512 K=64
A="--arg arg0=randn:${M}x${K} --arg arg1=randn:${K}x${N}:f32:2 --arg arg2=zeros:${M}x${N} --arg arg3=$M --arg arg4=$N"
A="$A --arg arg5=$K --arg arg6=$K --arg arg7=$N --arg arg8=$N"
flop=$((2 * M * N * K))
gcc -O2 -I/usr/include/x86_64-linux-gnu/openblas-pthread "$ROOT"/bench/sgemm_openblas.c -lopenblas -lm -o "$B"/sgemm_openblas
echo
echo "host, C = A @ B f32, M = N = $M, K = $K ($flop flop), best of $REPEAT; load: $(uptime | sed 's/.*load/load/')"
for th in 1 2; do
    # shellcheck disable=SC2086
    line=$("$TTX" run "$ROOT"/samples/riscv/mm_kernel_f32.ttir --jit --no-bounds-check --threads=$th --bench \
        --repeat="$REPEAT" --grid=$((M / 32)),$((N / 32)) $A 2>&1 >/dev/null | grep '^bench')
    ms=$(echo "$line" | sed -e 's/.*best \([0-9.]*\) ms.*/\1/')
    echo "ttxform run --jit --threads=$th: $ms ms, $(awk -v f=$flop -v t="$ms" 'BEGIN{printf "%.3f", f / (t * 1e6)}') GFLOP/s"
done
/usr/bin/python3 - "$M" "$N" "$K" "$REPEAT" <<'PY'
import os, sys, time
import numpy as np
M, N, K, R = map(int, sys.argv[1:])
a = np.random.default_rng(1).standard_normal((M, K)).astype(np.float32)
b = np.random.default_rng(2).standard_normal((K, N)).astype(np.float32)
best = min((lambda t0: (np.matmul(a, b), time.perf_counter() - t0)[1])(time.perf_counter()) for _ in range(R))
libs = sorted({l.split()[-1] for l in open("/proc/self/maps") if "blas" in l or "lapack" in l})
blas = [os.path.realpath(p) for p in libs if "blas" in os.path.basename(p)]
print(f"numpy.matmul ({', '.join(blas) or 'no BLAS library mapped'}): {best * 1e3:.3f} ms, {2 * M * N * K / best / 1e9:.3f} GFLOP/s")
PY
for th in 1 2; do "$B"/sgemm_openblas $M $N $K "$REPEAT" $th; done
echo "load after: $(uptime | sed 's/.*load/load/')"
