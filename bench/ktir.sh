#!/bin/sh
# bench/ktir.sh - `ttxform run` on KTIR against ktir-cpu on the same KTIR and
# inputs, and against the same kernel's TTIR on the JIT (see bench/README.md).
#
#   bench/ktir.sh [--quick]        # --quick: smaller sizes
#   TTXFORM=... KTIR_CPU_DIR=... PYTHON=... bench/ktir.sh
#
# Each kernel is lowered once with `--emit=ktir --ktir-cpu` (the form
# ktir-cpu reads; ttxform runs it too).  Columns: ktir-cpu's execute time
# (one run, the parse excluded; wall and process CPU time), ttxform's KTIR
# run (--bench, best of 10 launches, the parse and binding excluded; and the
# CPU time of a whole one-launch process), the TTIR on `ttxform run --jit`
# (best of 10 on the JIT, of 5 on the interpreter, where a kernel the C
# target does not take runs, said in the engine column), the ratios against the targets (>= 200x
# ktir-cpu in wall time, x_cpu the same in CPU time, a lower bound as it
# charges ttxform its parse and input generation; <= 1.5x the TTIR), and
# the largest difference between the two
# KTIR runs' outputs.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$HERE")
TTX=${TTXFORM:-$ROOT/build/ttxform}
KC=${KTIR_CPU_DIR:-$ROOT/../shared/third_party/ktir-cpu}
PY=${PYTHON:-/usr/bin/python3}
OUT=$ROOT/bench/out/ktir
mkdir -p "$OUT"
QUICK=0
[ "${1:-}" = "--quick" ] && QUICK=1
if [ ! -f "$KC/ktir_cpu/__init__.py" ]; then echo "ktir-cpu not found at $KC (set KTIR_CPU_DIR)"; exit 1; fi

if [ $QUICK = 1 ]; then SM_ROWS=512; LN_ROWS=256; else SM_ROWS=4096; LN_ROWS=1151; fi

# name sample grid out-arg "inputs (NAME=SPEC, SPEC: SHAPE:DTYPE:FILL or a number)"
kernels() {
    echo "softmax softmax 32 arg0 arg0=${SM_ROWS}x1024:float16:zeros arg1=${SM_ROWS}x1024:float16:randn arg2=$SM_ROWS arg3=1024"
    echo "layernorm layernorm 32 arg0 arg0=${LN_ROWS}x1024:float32:zeros arg1=${LN_ROWS}x1024:float32:randn arg2=1024:float32:randn arg3=1024:float32:randn arg4=$LN_ROWS arg5=1e-05"
    echo "matmul matmul 32 arg2 arg0=512x64:float32:randn arg1=64x256:float32:randn arg2=512x256:float32:zeros"
    echo "vector_add vector_add_1d 32 arg2 arg0=2097152:float32:randn arg1=2097152:float32:randn arg2=2097152:float32:zeros"
    # the pointer-style samples, whose TTIR the JIT takes
    echo "ptr_vadd ptr_vector_add 32 arg2 arg0=32768:float32:randn arg1=32768:float32:randn arg2=32768:float32:zeros arg3=32768"
    echo "ptr_softmax ptr_softmax 32 arg0 arg0=${SM_ROWS}x128:float32:zeros arg1=${SM_ROWS}x128:float32:randn arg2=128 arg3=128 arg4=$SM_ROWS arg5=128"
    echo "ptr_matmul ptr_matmul 32 arg2 arg0=128x512:float16:randn arg1=512x128:float16:randn arg2=128x128:float16:zeros arg3=128 arg4=128 arg5=512 arg6=512 arg7=128 arg8=128"
    echo "ptr_lnorm ptr_layernorm 32 arg1 arg0=32x8192:float32:randn arg1=32x8192:float32:zeros arg2=8192:float32:randn arg3=8192:float32:randn arg4=32:float32:zeros arg5=32:float32:zeros arg6=8192 arg7=8192 arg8=1e-05"
}

printf '%-11s %-10s %10s %10s %10s %10s %-7s %10s %8s %8s %8s %10s\n' kernel size kcpu_s kcpu_cpu ktir_ms ktir_cpu ttir_eng ttir_ms x_kcpu x_cpu x_ttir max_diff
kernels | while read -r name sample grid outarg rest; do
    k=$OUT/$name.ktir
    "$TTX" "$ROOT/samples/spyre/$sample.ttir" --emit=ktir --ktir-cpu --grid="$grid" -o "$k"
    targs=""; kargs=""; size=""
    for a in $rest; do
        n=${a%%=*}; v=${a#*=}
        case "$v" in
        *:*:*)
            f=$OUT/$name.$n.npy
            "$PY" -c "
import numpy as np, sys
shape, dt, fill = sys.argv[2].split(':')
shape = tuple(int(s) for s in shape.split('x'))
rng = np.random.default_rng(7)
a = np.zeros(shape) if fill == 'zeros' else rng.standard_normal(shape)
np.save(sys.argv[1], a.astype(dt))" "$f" "$v"
            [ "$n" = "$outarg" ] && size=${v%%:*}
            targs="$targs --arg $n=$f"; kargs="$kargs $n=$f";;
        *) targs="$targs --arg $n=$v"; kargs="$kargs $n=$v";;
        esac
    done
    kcl=$("$PY" "$HERE/ktir_cpu_time.py" "$KC" "$k" --save "$outarg=$OUT/$name.kc.npy" $kargs | grep '^ktir-cpu execute')
    kc=$(echo "$kcl" | sed -n 's/^ktir-cpu execute \([0-9.]*\) s.*/\1/p')
    kcc=$(echo "$kcl" | sed -n 's/.*cpu \([0-9.]*\) s$/\1/p')
    # shellcheck disable=SC2086
    tk=$("$TTX" run "$k" $targs --output "$outarg=$OUT/$name.ttx.npy" --bench --repeat=10 2>&1 | sed -n 's/.*best \([0-9.]*\) ms.*/\1/p')
    # the whole process's CPU time for one launch (parse, inputs and output included)
    # shellcheck disable=SC2086
    /usr/bin/time -o "$OUT/time.txt" -f 'cpu %U %S' "$TTX" run "$k" $targs >/dev/null 2>&1
    tkc=$(awk '/^cpu/ { printf "%.3f", $2 + $3 }' "$OUT/time.txt")
    # shellcheck disable=SC2086
    # the pointer samples run on the JIT: as many launches as the KTIR's
    case $name in ptr_*) tr=10;; *) tr=5;; esac
    tj_line=$("$TTX" run "$ROOT/samples/spyre/$sample.ttir" --grid="$grid" $targs --bench --repeat=$tr 2>&1 | grep '^bench')
    tj=$(echo "$tj_line" | sed -n 's/.*best \([0-9.]*\) ms.*/\1/p')
    eng=$(echo "$tj_line" | sed -n 's/.*: \([a-z]*\), .*/\1/p')
    diff=$("$PY" -c "
import numpy as np, sys
a = np.load(sys.argv[1]).astype(np.float64); b = np.load(sys.argv[2]).astype(np.float64).reshape(a.shape)
print('%.3g' % np.abs(a - b).max())" "$OUT/$name.kc.npy" "$OUT/$name.ttx.npy")
    printf '%-11s %-10s %10s %10s %10s %10s %-7s %10s %8s %8s %8s %10s\n' "$name" "$size" "$kc" "$kcc" "$tk" "$tkc" "$eng" "$tj" \
        "$(awk -v a="$kc" -v b="$tk" 'BEGIN { printf "%.2f", a * 1000 / b }')" \
        "$(awk -v a="$kcc" -v b="$tkc" 'BEGIN { printf "%.2f", a / b }')" \
        "$(awk -v a="$tk" -v b="$tj" 'BEGIN { printf "%.2f", a / b }')" "$diff"
done
