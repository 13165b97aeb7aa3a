#!/usr/bin/env bash
# TTIR -> KTIR lowering time per kernel, process start included, and peak RSS.
# usage: bench/lower.sh [RUNS]     (default 50; TTXFORM=path overrides build/ttxform)
# Every samples/spyre/*.ttir runs as `ttxform FILE --emit=ktir` plus the extra arguments
# of its first line in tests/golden/cases.tsv. Prints a markdown table of the median
# wall time of RUNS runs per kernel, and of all kernels run one after another.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
ttxform=${TTXFORM:-$root/build/ttxform}
runs=${1:-50}
cases=$root/tests/golden/cases.tsv
out=$here/out
target_ms=1
notes=()
mkdir -p "$out"

if [ ! -x "$ttxform" ]; then
    echo "ttxform not found at $ttxform (meson setup build && ninja -C build)" >&2
    exit 1
fi
[ -x /usr/bin/time ] || notes+=("GNU time not found (apt-get install time): peak RSS is not measured.")

# extra_args SAMPLE: the arguments of SAMPLE's first line in cases.tsv, with --emit=ktir
extra_args() {
    local args
    args=$(awk -F'\t' -v f="$1" '!/^#/ && $1 == f { print $2; exit }' "$cases" 2>/dev/null)
    case " $args " in *" --emit=ktir "*) ;; *) args="--emit=ktir${args:+ $args}" ;; esac
    echo "$args"
}

q() { printf '%q' "$1"; }

cmds=$out/lower.cmds
: >"$cmds"
names=() argl=() lines=()
for f in "$root"/samples/spyre/*.ttir; do
    [ -e "$f" ] || continue
    rel=${f#"$root"/}
    args=$(extra_args "$rel")
    # shellcheck disable=SC2086
    if ! "$ttxform" "$f" $args >/dev/null 2>"$out/lower.err"; then
        notes+=("\`$rel\` fails with \`$args\`: $(head -n 1 "$out/lower.err" | sed "s|$root/||g"); left out.")
        continue
    fi
    names+=("$(basename "$f")") argl+=("$args") lines+=("$(wc -l <"$f")")
    echo "$(q "$ttxform") $(q "$f") $args" >>"$cmds"
done
if [ ${#names[@]} = 0 ]; then
    echo "no sample of samples/spyre/ lowers" >&2
    exit 1
fi
printf '%s\n%s --version\n' /bin/true "$(q "$ttxform")" >"$out/start.cmds"

# the same kernels with several inputs per process (`ttxform --emit=ktir ARGS A.ttir
# B.ttir ... -o DIR`), one process per distinct set of arguments
bcmds=$out/batch.cmds
: >"$bcmds"
mkdir -p "$out/batch"
declare -A group=()
for i in "${!names[@]}"; do group["${argl[$i]}"]+=" $(q "$root/samples/spyre/${names[$i]}")"; done
for a in "${!group[@]}"; do echo "$(q "$ttxform") $a${group[$a]} -o $(q "$out/batch")" >>"$bcmds"; done
nproc_batch=${#group[@]}

res=$(python3 "$here/spawn_time.py" -n "$runs" "$cmds")
bres=$(python3 "$here/spawn_time.py" -n "$runs" "$bcmds")
start=$(python3 "$here/spawn_time.py" -n "$runs" "$out/start.cmds")

rev=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo "no commit")
dirty=$(git -C "$root" status --porcelain -- src passes targets grammar meson.build 2>/dev/null | head -n 1)
[ -n "$dirty" ] && rev="$rev + local changes"
btype=$(python3 -c 'import json, sys
for o in json.load(open(sys.argv[1])):
    if o["name"] == "buildtype": print(o["value"])' \
    "$(dirname "$ttxform")/meson-info/intro-buildoptions.json" 2>/dev/null || echo "unknown")
echo "$(date -u +%Y-%m-%d) $(uname -m), $(nproc) CPUs, ttxform at $rev ($btype build), median of $runs runs"
echo
echo "| kernel | arguments | lines | median (ms) | min (ms) | max (ms) | peak RSS (MiB) |"
echo "|---|---|---:|---:|---:|---:|---:|"
rss_fmt='function mib(k) { return k == "-" ? "-" : sprintf("%.1f", k / 1024) }'
i=0
while read -r med min max rss; do
    [ "$med" = all ] && break
    awk -v n="${names[$i]}" -v a="${argl[$i]}" -v l="${lines[$i]}" -v med="$med" -v min="$min" \
        -v max="$max" -v rss="$rss" "$rss_fmt"' BEGIN {
        printf "| `%s` | `%s` | %d | %.2f | %.2f | %.2f | %s |\n", n, a, l, med, min, max, mib(rss) }'
    i=$((i + 1))
done <<<"$res"
read -r _ amed amin amax arss < <(grep '^all ' <<<"$res")
awk -v k="${#names[@]}" -v med="$amed" -v min="$amin" -v max="$amax" -v rss="$arss" "$rss_fmt"' BEGIN {
    printf "| all %d, one after another | | | %.2f | %.2f | %.2f | %s |\n", k, med, min, max, mib(rss)
    printf "| all, per kernel | | | %.2f | %.2f | %.2f | |\n", med / k, min / k, max / k }'
read -r _ bmed bmin bmax brss < <(grep '^all ' <<<"$bres")
awk -v k="${#names[@]}" -v p="$nproc_batch" -v med="$bmed" -v min="$bmin" -v max="$bmax" -v rss="$brss" "$rss_fmt"' BEGIN {
    printf "| all %d, several inputs per process (%d processes) | | | %.2f | %.2f | %.2f | %s |\n", k, p, med, min, max, mib(rss)
    printf "| all, several inputs per process, per kernel | | | %.2f | %.2f | %.2f | |\n", med / k, min / k, max / k }'
{ read -r tmed tmin tmax trss; read -r vmed vmin vmax vrss; } <<<"$start"
awk -v med="$tmed" -v min="$tmin" -v max="$tmax" -v rss="$trss" "$rss_fmt"' BEGIN {
    printf "| `/bin/true` (process start alone) | | | %.2f | %.2f | %.2f | %s |\n", med, min, max, mib(rss) }'
awk -v med="$vmed" -v min="$vmin" -v max="$vmax" -v rss="$vrss" "$rss_fmt"' BEGIN {
    printf "| `ttxform --version` (no input) | | | %.2f | %.2f | %.2f | %s |\n", med, min, max, mib(rss) }'
echo
worst=$(head -n "${#names[@]}" <<<"$res" | sort -g -k1,1 | tail -n 1 | awk '{print $1}')
per=$(awk -v m="$bmed" -v k="${#names[@]}" 'BEGIN { printf "%.2f", m / k }')
verdict() { awk -v w="$1" -v t="$target_ms" 'BEGIN { exit !(w < t) }' && echo "met" || echo "**not met**"; }
echo "Target (under $target_ms ms per kernel, process start included):"
echo "- all samples together, several inputs per process: $(verdict "$per"), $per ms per kernel;"
echo "- one process per kernel: $(verdict "$worst"), slowest median $worst ms (\`/bin/true\` alone: $tmed ms)."
echo
echo "Each run is timed from posix_spawn to wait4, output to /dev/null; rounds run every"
echo "kernel once in turn after one warm-up run each. Peak RSS is from one run under GNU time."
echo "The \"several inputs per process\" rows lower the same kernels with one \`ttxform\` per"
echo "distinct set of arguments, every kernel of the set an input (\`-o DIR\`)."
for note in "${notes[@]}"; do echo "- $note"; done
