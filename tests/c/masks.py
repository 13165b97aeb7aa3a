#!/usr/bin/env python3
"""Masked loads and stores of the C target against the interpreter.

usage: masks.py TTXFORM ROOT

The C target tests once whether a load's or store's mask keeps the whole
block, and then runs the loops without the mask (each lane still passes
TTX_IN).  Each kernel of ROOT/tests/c/masks_*.ttir is emitted with
`--emit=c` (which must hold those unmasked loops), built by gcc with ASan
and UBSan and a driver whose TTX_IN fails on any access outside a buffer
(tests/diff/engines.py's `c` engine), and run on sizes that make full, partial
and empty blocks, masks with `other`, 2-D masks, windows, a scalar mask and
offsets that wrap; every output must equal the interpreter's bit for bit.
A block the mask keeps whole whose accesses leave their buffer must still be
reported by both.

Prints `PASS`/`FAIL` per case and `N passed, N failed`; 77 (skip) without
NumPy or gcc.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "numeric"))
from harness import Tally, numpy_or_skip  # noqa: E402

np = numpy_or_skip("c-masks")
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "diff"))
import engines  # noqa: E402

TTX, ROOT = sys.argv[1], sys.argv[2]
HERE = os.path.join(ROOT, "tests", "c")
T = Tally()
RNG = np.random.default_rng(33)
# unmasked lanes: a load `= TTX_IN(p, B, S) ? *p : other`, a store `if (TTX_IN(p, B, S)) *p =`
FAST_LOAD = re.compile(r"= TTX_IN\(p, \d+, \d+\) \? ")
FAST_STORE = re.compile(r"if \(TTX_IN\(p, \d+, \d+\)\) \*p = ")


def fast_paths(ttir, loads, stores):
    """why the C of ttir lacks the unmasked loops it should have, or None"""
    r = subprocess.run([TTX, ttir, "--emit=c"], capture_output=True, text=True, timeout=60)
    if r.returncode:
        return f"--emit=c: exit {r.returncode}: {r.stderr[:400]}"
    got = (len(FAST_LOAD.findall(r.stdout)), len(FAST_STORE.findall(r.stdout)))
    return None if got == (loads, stores) else f"unmasked loads, stores {got}, expected {(loads, stores)}"


def case(name, ttir, grid, args, outputs, expect_error=None):
    """args: (name, type, value) with arrays for buffers; both engines on copies"""
    work = tempfile.mkdtemp(prefix="ttx-c-masks-")
    bound = []
    for n, ty, v in args:
        if isinstance(v, np.ndarray):
            path = os.path.join(work, f"{n[1:]}.npy")
            np.save(path, v)
            v = path
        bound.append((n, ty, v))
    c = engines.Case(ttir=ttir, grid=tuple(grid + [1] * (3 - len(grid))), args=bound, outputs=outputs, exact=True,
                     work=work, valid=expect_error is None)
    ref, got = engines.run_engine(TTX, "interp", c), engines.run_engine(TTX, "c", c)
    if expect_error:
        ok = ref.kind == "error" and got.kind == "error" and expect_error in got.detail
        T.report(name, None if ok else f"expected an error naming {expect_error!r}: interp {ref.kind} {ref.detail!r}, "
                 f"c {got.kind} {got.detail!r}")
    elif ref.kind != "ok" or got.kind != "ok":
        T.report(name, f"interp {ref.kind} {ref.detail!r}, c {got.kind} {got.detail!r}")
    else:
        bad = [o for o in outputs if ref.outputs[o].tobytes() != got.outputs[o].tobytes()]
        T.report(name, f"outputs differ from the interpreter's: {bad}" if bad else None)
    shutil.rmtree(work, ignore_errors=True)


def f32(n):
    return RNG.standard_normal(n).astype(np.float32)


def main():
    if not shutil.which("gcc"):
        print("SKIP c-masks: gcc is not installed")
        return 77
    add, tile, win = (os.path.join(HERE, f"masks_{k}.ttir") for k in ("add", "tile", "window"))
    T.report("masks_add unmasked loops", fast_paths(add, 2, 1))
    T.report("masks_tile unmasked loops", fast_paths(tile, 2, 1))
    T.report("masks_window unmasked loops", fast_paths(win, 2, 1))

    # blocks of 8: none, partial, whole, and one program past the end
    for n in (0, 1, 7, 8, 9, 13, 16, 21):
        g = n // 8 + 2
        size = g * 8
        case(f"masks_add n={n}", add, [g],
             [("%x", "!tt.ptr<f32>", f32(size)), ("%y", "!tt.ptr<f32>", f32(size)),
              ("%o", "!tt.ptr<f32>", np.full(size, 123.25, np.float32)), ("%n", "i32", n)], ["%o"])
    # a whole block in the mask whose lanes leave the buffers: still reported
    case("masks_add out of bounds", add, [3],
         [("%x", "!tt.ptr<f32>", f32(16)), ("%y", "!tt.ptr<f32>", f32(16)), ("%o", "!tt.ptr<f32>", f32(16)),
          ("%n", "i32", 24)], ["%o"], expect_error="out-of-bounds")

    # 4 x 8 tiles: rows below M, columns below N (N <= 8)
    for M, N in ((4, 8), (5, 8), (8, 8), (3, 5), (7, 1), (0, 8), (6, 0), (9, 7)):
        g = (M + 3) // 4 + 1
        size = g * 4 * N + 8
        case(f"masks_tile M={M} N={N}", tile, [g],
             [("%x", "!tt.ptr<f32>", f32(size)), ("%w", "!tt.ptr<f32>", f32(8)),
              ("%y", "!tt.ptr<f32>", np.full(size, -0.0, np.float32)), ("%M", "i32", M), ("%N", "i32", N)], ["%y"])

    # windows [lo, hi] of 4 blocks of 16, programs below `progs`, and base + offs > 0
    # with offsets near INT32_MAX (the lanes past the wrap keep other)
    big = 2**31 - 1
    for base, lo, hi, progs in ((0, 0, 63, 4), (0, 5, 40, 3), (0, 16, 31, 4), (0, 20, 10, 4), (big - 20, 0, 63, 4),
                                (big - 15, 0, 63, 4), (big - 16, 0, 63, 2), (-5, 0, 63, 4), (-2**31, 3, 60, 4)):
        case(f"masks_window base={base} lo={lo} hi={hi} progs={progs}", win, [4],
             [("%x", "!tt.ptr<i32>", RNG.integers(-1000, 1000, 64, dtype=np.int32)),
              ("%o", "!tt.ptr<i32>", np.full(64, 0x5A5A5A5A, np.int32)), ("%base", "i32", base), ("%lo", "i32", lo),
              ("%hi", "i32", hi), ("%progs", "i32", progs)], ["%o"])
    return T.close()


if __name__ == "__main__":
    sys.exit(main())
