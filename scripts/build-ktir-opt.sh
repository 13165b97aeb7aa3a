#!/usr/bin/env bash
# Build ktir-opt, the ktdp dialect's own tool (../shared/third_party/ktir-mlir-frontend,
# torch-spyre/ktir-mlir-frontend, Apache-2.0), against Debian's MLIR 19, out of the source
# tree: the checkout is copied into OUT/src and llvm19.patch applied to the copy, so the
# shared checkout is never modified and none of its code enters this repository.
#
#   scripts/build-ktir-opt.sh [--src DIR] [--out DIR] [--mlir-dir DIR] [--force]
#
# OUT defaults to build-ktir-opt/ at the repository root (ignored by git, kept between the
# plain and sanitized test runs). The binary is OUT/bin/ktir-opt. A second run with the same
# sources, patch and MLIR reuses it (OUT/stamp holds their checksum); --force rebuilds.
# Needs: libmlir-19-dev mlir-19-tools llvm-19-dev cmake ninja-build g++.
# tests/ktir-opt/run.py (suite `ktir-opt`) uses the binary; docs/ktir.md says more.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
src="$root/../shared/third_party/ktir-mlir-frontend"
out="$root/build-ktir-opt"
mlir_dir=/usr/lib/llvm-19/lib/cmake/mlir
force=0
while [ $# -gt 0 ]; do
    case "$1" in
        --src) src=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        --mlir-dir) mlir_dir=$2; shift 2 ;;
        --force) force=1; shift ;;
        -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "build-ktir-opt: unknown argument '$1'" >&2; exit 2 ;;
    esac
done

if [ ! -f "$src/CMakeLists.txt" ] || [ ! -f "$src/llvm19.patch" ]; then
    echo "build-ktir-opt: no ktir-mlir-frontend checkout with llvm19.patch at $src" >&2
    exit 1
fi
if [ ! -f "$mlir_dir/MLIRConfig.cmake" ]; then
    echo "build-ktir-opt: MLIR 19 not found at $mlir_dir" \
         "(apt-get install libmlir-19-dev mlir-19-tools llvm-19-dev)" >&2
    exit 1
fi
for t in cmake ninja patch; do
    command -v "$t" >/dev/null || { echo "build-ktir-opt: $t not found" >&2; exit 1; }
done

# checksum of everything the binary depends on: the sources, the patch, the MLIR package
stamp=$( { (cd "$src" && find . -type f ! -path './.git/*' -print0 | LC_ALL=C sort -z \
               | xargs -0 sha256sum);
           dpkg-query -W -f='${Package} ${Version}\n' libmlir-19-dev llvm-19-dev 2>/dev/null || true;
           echo "$mlir_dir"; } | sha256sum | cut -d' ' -f1)
if [ "$force" = 0 ] && [ -x "$out/bin/ktir-opt" ] && [ "$(cat "$out/stamp" 2>/dev/null)" = "$stamp" ]; then
    echo "build-ktir-opt: $out/bin/ktir-opt is up to date"
    exit 0
fi

start=$(date +%s)
rm -rf "$out"
mkdir -p "$out"
cp -r "$src" "$out/src"
rm -rf "$out/src/.git"
(cd "$out/src" && patch -p1 --quiet < llvm19.patch)
cmake -S "$out/src" -B "$out/obj" -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DMLIR_DIR="$mlir_dir" -DLLVM_ENABLE_ASSERTIONS=OFF >"$out/cmake.log" 2>&1 || {
    tail -30 "$out/cmake.log" >&2; echo "build-ktir-opt: cmake failed ($out/cmake.log)" >&2; exit 1; }
ninja -C "$out/obj" ktir-opt >"$out/ninja.log" 2>&1 || {
    tail -30 "$out/ninja.log" >&2; echo "build-ktir-opt: build failed ($out/ninja.log)" >&2; exit 1; }
mkdir -p "$out/bin"
cp "$out/obj/bin/ktir-opt" "$out/bin/ktir-opt"
echo "$stamp" > "$out/stamp"
echo "build-ktir-opt: built $out/bin/ktir-opt in $(( $(date +%s) - start )) s"
