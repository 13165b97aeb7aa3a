#!/usr/bin/env python3
"""The `tile` pass keeps what a kernel computes.

usage: tile.py TTXFORM ROOT

For every kernel of tests/numeric/jit.py's list (samples/vector_add.ttir,
samples/cpu/*.ttir, tests/numeric/*.ttir, with its inputs) and each option
set below, `ttxform KERNEL --tile=OPTIONS` is run by the interpreter
(`--interp`) and by the JIT, and every output must have the same bytes as
the untiled kernel's on the interpreter; the tiled kernel must still have
the ops it had before only where the pass leaves them (it must have
tiled the kernels listed in TILED).  With `reassociate=true` float add
reductions change their order: the outputs are compared within the
tolerances of `--check` (4 ulp) instead.

Prints `PASS name` / `FAIL name: why` and `N passed, N failed`; exit status
1 if any case failed, 77 (skipped) without NumPy.
"""
import os
import re
import subprocess
import sys

TTX, ROOT = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
sys.path.insert(0, os.path.join(ROOT, "tests", "numeric"))
from harness import numpy_or_skip, sanitizer_report, Tally  # noqa: E402

np = numpy_or_skip("tile")
sys.argv = [sys.argv[0], TTX, ROOT]
import jit  # noqa: E402

TALLY = Tally()
report = TALLY.report
OPTIONS = ("", "vlen=128", "vlen=512 lmul=2", "vlen=64 lmul=8", "vlen=128 reassociate=true", "tile-m=2 tile-n=4",
           "tile-m=8 tile-n=16")
# kernels tiled by the defaults (an elementwise store, a matmul's register
# blocks): scf.for loops the untiled kernel does not have
TILED = {"vector_add", "cpu-vector_add", "cpu-softmax", "cpu-activations", "cpu-layernorm", "numeric-softmax",
         "numeric-scale_f16", "cpu-matmul", "numeric-matmul"}


def ttx(args, stdin=None):
    r = subprocess.run([TTX] + args, capture_output=True, text=True, timeout=300, input=stdin)
    return r.returncode, r.stdout, r.stderr


def positional(file, args, outs):
    """args and outputs by position: the printed IR names arguments %argN"""
    sig = re.search(r"tt\.func public @\w+\((.*?)\)\s*(attributes|\{)", open(file).read(), re.S)
    names = re.findall(r"%(\w+):", sig.group(1)) if sig else []
    pos = {n: f"arg{i}" for i, n in enumerate(names)}
    return {pos.get(k, k): v for k, v in args.items()}, [pos.get(k, k) for k in outs]


def outputs(kernel, grid, args, outs, engine, tag):
    paths = {k: jit.path(f"tile-{tag}-{k}.npy") for k in outs}
    cmd = ["run", kernel, engine, "--grid=" + ",".join(map(str, grid))] + jit.arglist(args)
    for k, p in paths.items():
        cmd += ["--output", f"{k}={p}"]
    rc, out, err = ttx(cmd)
    if rc != 0 or sanitizer_report(err) or "error" in err:
        return None, f"exit {rc}: {err.strip()[:1500]}"
    return {k: np.load(p) for k, p in paths.items()}, None


def ulps(a, b):
    """the largest distance in ulp between two float arrays of one dtype
    (NaNs in both places agree)"""
    it = {2: np.int16, 4: np.int32, 8: np.int64}[a.dtype.itemsize]
    sign = np.int64(1) << (8 * a.dtype.itemsize - 1)

    def ordered(x):
        i = x.view(it).astype(np.int64)
        return np.where(i < 0, -(i & (sign - 1)), i)
    both = np.isnan(a) & np.isnan(b)
    d = np.abs(ordered(a) - ordered(b))[~both]
    return int(d.max()) if d.size else 0


def compare(got, want, tolerant):
    """None when got has want's bytes (with tolerant, floats within 4 ulp)"""
    for k in want:
        g, w = got[k], want[k]
        if g.shape != w.shape or g.dtype != w.dtype:
            return f"{k}: {g.dtype}{g.shape} against {w.dtype}{w.shape}"
        if g.tobytes() == w.tobytes():
            continue
        if tolerant and w.dtype.kind == "f":
            # another summation order: within 4 ulp, or 1e-5 of the
            # magnitudes where a sum cancels
            u = ulps(g, w)
            if u <= 4 or np.allclose(g.astype(np.float64), w.astype(np.float64), rtol=1e-5, atol=1e-5, equal_nan=True):
                continue
            return f"{k}: {u} ulp apart"
        gb = g.reshape(-1).view(np.uint8).reshape(g.size, -1)
        wb = w.reshape(-1).view(np.uint8).reshape(w.size, -1)
        diff = np.flatnonzero((gb != wb).any(axis=1))
        i = int(diff[0])
        return f"{k}: {diff.size} elements differ, first (flat) {i}: {g.flat[i]!r} against {w.flat[i]!r}"
    return None


def main():
    jit.covered()
    for name, file, grid, args, outs, _check in jit.KERNELS:
        args, outs = positional(file, args, outs)
        want, why = outputs(file, grid, args, outs, "--interp", f"{name}-ref")
        if why:
            report(f"{name}-reference", why)
            continue
        before = open(file).read().count("scf.for")
        for opt in OPTIONS:
            tag = f"{name}-{opt.replace(' ', '_').replace('=', '')}" if opt else f"{name}-default"
            tiled = jit.path(f"{tag}.mlir")
            rc, out, err = ttx([file, "--tile" + (f"={opt}" if opt else ""), "-o", tiled])
            if rc != 0:
                report(f"tile-{tag}", f"exit {rc}: {err.strip()[:1500]}")
                continue
            text = open(tiled).read()
            if not opt and name in TILED and text.count("scf.for") <= before:
                report(f"tile-{tag}", "not tiled")
                continue
            for engine in ("--interp", "--jit"):
                got, why = outputs(tiled, grid, args, outs, engine, f"{tag}{engine}")
                if not why:
                    why = compare(got, want, "reassociate" in opt)
                report(f"tile-{tag}{engine.replace('--', '-')}", why)
    return TALLY.close(jit.TMP)


if __name__ == "__main__":
    sys.exit(main())
