#!/usr/bin/env bash
# JIT compile time per kernel: the libtcc compile of the C that `ttxform run`
# emits (tcc_new + compile + relocate, no process start), read from the
# "compile (libtcc)" event of --trace; and the C's size.
# usage: bench/jit.sh [RUNS]     (default 30; TTXFORM=path overrides build/ttxform)
# Prints a markdown table: lines of C, min and median compile time over RUNS runs.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
ttxform=${TTXFORM:-$root/build/ttxform}
runs=${1:-30}
if [ ! -x "$ttxform" ]; then
    echo "ttxform not found at $ttxform (meson setup build && ninja -C build)" >&2
    exit 1
fi

python3 - "$ttxform" "$root" "$runs" <<'PY'
import json, os, statistics, subprocess, sys, tempfile
ttx, root, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
cpu = os.path.join(root, "samples", "cpu")
num = os.path.join(root, "tests", "numeric")
mm = ["arg0=zeros:70x80:f16", "arg1=zeros:80x50:f16", "arg2=zeros:70x50", "arg3=70", "arg4=50", "arg5=80",
      "arg6=80", "arg7=50", "arg8=50"]
kernels = [
    ("samples/vector_add.ttir", "1", ["arg0=zeros:1024", "arg1=zeros:1024", "arg2=zeros:1024", "arg3=1024"]),
    ("samples/cpu/softmax.ttir", "1", ["arg0=zeros:1x128", "arg1=zeros:1x128", "arg2=128", "arg3=128", "arg4=1", "arg5=100"]),
    ("samples/cpu/matmul.ttir", "1", mm),
    ("samples/cpu/matmul_block_ptr.ttir", "1", mm),
    ("samples/cpu/layernorm.ttir", "1", ["arg0=zeros:1x300", "arg1=zeros:1x300", "arg2=zeros:300", "arg3=zeros:300",
                                          "arg4=zeros:1", "arg5=zeros:1", "arg6=300", "arg7=300", "arg8=1e-5"]),
    ("samples/cpu/activations.ttir", "1", ["arg0=zeros:512", "arg1=zeros:512", "arg2=512"]),
    ("samples/cpu/matvec.ttir", "1", ["arg0=zeros:16x64", "arg1=zeros:64", "arg2=zeros:16", "arg3=16", "arg4=64", "arg5=64"]),
    ("tests/numeric/matmul.ttir", "1", ["a=zeros:8x8", "b=zeros:8x8", "c=zeros:8x8", "K=8", "N=8"]),
]
tmp = tempfile.mkdtemp(prefix="ttx-bench-jit-")
print(f"| kernel | lines of C | min compile (ms) | median compile (ms) |")
print(f"|---|---|---|---|")
for rel, grid, args in kernels:
    path = os.path.join(root, rel)
    if not os.path.exists(path):
        continue
    tr = os.path.join(tmp, "t.json")
    times = []
    for i in range(runs):
        cmd = [ttx, "run", path, "--grid=" + grid, "--threads=1", "--trace=" + tr]
        for a in args:
            cmd += ["--arg", a]
        if i == 0:
            cmd += ["--dump-dir=" + os.path.join(tmp, "d")]
        subprocess.run(cmd, check=True, capture_output=True)
        ev = json.load(open(tr))["traceEvents"]
        times += [e["dur"] / 1000 for e in ev if e.get("cat") == "compile"]
    cfile = [f for f in os.listdir(os.path.join(tmp, "d")) if f.endswith(".c")][0]
    lines = sum(1 for _ in open(os.path.join(tmp, "d", cfile)))
    os.unlink(os.path.join(tmp, "d", cfile))
    print(f"| {rel} | {lines} | {min(times):.3f} | {statistics.median(times):.3f} |")
PY
