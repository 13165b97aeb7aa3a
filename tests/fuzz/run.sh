#!/usr/bin/env bash
# Run one fuzz target for a while.
#
#   tests/fuzz/run.sh BUILD TARGET SECONDS WORK [LIBFUZZER-OPTION...]
#
# BUILD: a build directory configured with -Dfuzz=true (CC=clang); TARGET: reader,
# ktir, passes or c; WORK: a scratch directory that keeps, between runs, the seeds
# (WORK/seeds, built by seeds.py when missing), the target's corpus
# (WORK/corpus-TARGET) and what it found (WORK/artifacts-TARGET/crash-*, leak-*,
# timeout-*, oom-*). The exit status is libFuzzer's: 0 when the time ran out with
# no crash, hang (10 s for one input), leak, out-of-memory or sanitizer report.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
[ $# -ge 4 ] || { sed -n '2,12p' "${BASH_SOURCE[0]}" >&2; exit 2; }
build=$1 target=$2 secs=$3 work=$4
shift 4
exe="$build/tests/fuzz/fuzz_$target"
[ -x "$exe" ] || { echo "run.sh: no $exe (meson setup BUILD -Dfuzz=true with CC=clang)" >&2; exit 2; }
mkdir -p "$work/corpus-$target" "$work/artifacts-$target"
[ -d "$work/seeds" ] || python3 "$here/seeds.py" "$work/seeds"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
exec "$exe" -dict="$here/mlir.dict" -max_len=16384 -timeout=10 -rss_limit_mb=2048 \
    -max_total_time="$secs" -print_final_stats=1 -artifact_prefix="$work/artifacts-$target/" \
    "$@" "$work/corpus-$target" "$work/seeds" "$here/regressions"
