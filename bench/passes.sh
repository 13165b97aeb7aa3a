#!/usr/bin/env bash
# canonicalize + cse on the synthetic module, ttxform next to mlir-opt-19 in the same run.
# usage: bench/passes.sh [OPS]     (default 1000000; TTXFORM=path overrides build/ttxform)
# Both tools parse the same custom-form file (func/arith/scf only), run the two passes and
# print to /dev/null; a second pair of rows runs parse+print alone, so the pass time is the
# difference.  ttxform's own --timing gives the pass time directly (last row).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
ttxform=${TTXFORM:-$root/build/ttxform}
mlir_opt=$(command -v mlir-opt-19 || true)
n=${1:-1000000}
out=$here/out
mkdir -p "$out"
mod=$out/mod_$n.mlir
[ -f "$mod" ] || python3 "$here/gen_module.py" "$n" > "$mod" 2>/dev/null

row() {   # row LABEL CMD...
    local label=$1 res wall rss
    shift
    if ! res=$(python3 "$here/measure.py" -n 3 "$@"); then echo "| $label | failed | |"; return; fi
    read -r wall rss <<<"$res"
    awk -v l="$label" -v w="$wall" -v r="$rss" 'BEGIN { printf "| %s | %.3f | %.1f |\n", l, w, r / 1024 }'
}

rev=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo "no commit")
echo "$(date -u +%Y-%m-%d) $(uname -m), $(nproc) CPUs, ttxform at $rev, $n ops, best wall of 3 runs"
echo
echo "| run | wall (s) | peak RSS (MiB) |"
echo "|---|---:|---:|"
row "ttxform parse+print" "$ttxform" "$mod"
row "ttxform --canonicalize --cse" "$ttxform" --canonicalize --cse "$mod"
if [ -n "$mlir_opt" ]; then
    row "mlir-opt-19 parse+print" "$mlir_opt" "$mod"
    row "mlir-opt-19 --canonicalize --cse" "$mlir_opt" --canonicalize --cse "$mod"
else
    echo
    echo "mlir-opt-19 not found (apt-get install mlir-19-tools): its rows are skipped."
fi

# pass time alone, best of 3: ttxform's --timing and mlir-opt's --mlir-timing
best_pass() {   # best_pass NAME_REGEX CMD...: the smallest sum of the matching rows' seconds
    local re=$1 best="" t
    shift
    for _ in 1 2 3; do
        t=$("$@" 2>&1 >/dev/null | awk -v re="$re" '$NF ~ re && $1 ~ /^[0-9.]+$/ { s += $1 } END { printf "%.4f", s }')
        if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$t; fi
    done
    echo "$best"
}
tp=$(best_pass '^(canonicalize|cse)$' "$ttxform" --canonicalize --cse --timing "$mod")
echo
echo "Pass time alone (canonicalize + cse, best of 3):"
echo
echo "| tool | pass time (s) |"
echo "|---|---:|"
tp1=$(best_pass '^(canonicalize|cse)$' "$ttxform" --canonicalize=threads=1 --cse --timing "$mod")
echo "| ttxform (--timing; canonicalize on one thread per CPU, $(nproc) here) | $tp |"
echo "| ttxform (--timing; canonicalize=threads=1) | $tp1 |"
if [ -n "$mlir_opt" ]; then
    mp=$(best_pass '^(Canonicalizer|CSE)$' "$mlir_opt" --canonicalize --cse --mlir-timing "$mod")
    echo "| mlir-opt-19 (--mlir-timing: Canonicalizer + CSE) | $mp |"
    echo
    awk -v t="$tp" -v m="$mp" 'BEGIN { r = m / t; printf "ttxform is %.1fx faster in the passes (target: 5x, %s)", r, (r >= 5 ? "met" : "not met") }'
    awk -v t="$tp1" -v m="$mp" 'BEGIN { printf "; %.1fx on one thread.\n", m / t }'
fi
echo
echo "ttxform --timing (one run):"
echo '```'
"$ttxform" --canonicalize --cse --timing "$mod" 2>&1 >/dev/null | sed -n '/Wall Time/,$p'
echo '```'
