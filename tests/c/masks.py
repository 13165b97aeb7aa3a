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


CT = {"f32": "float", "i32": "int", "i64": "long long", "f16": "unsigned short"}


FUSED = re.compile(r"\] = (ttx_h2f\()?\*\(")


def fused_paths(ttir, lanes, streams):
    """why the C of ttir lacks its fused loads (lines that read a lane into a load's array
    inside the store's loop, unmasked and masked) or its streaming stores (each streamed
    store twice: with its loads fused, and after them), or None"""
    r = subprocess.run([TTX, ttir, "--emit=c"], capture_output=True, text=True, timeout=60)
    if r.returncode:
        return f"--emit=c: exit {r.returncode}: {r.stderr[:400]}"
    got = (len(FUSED.findall(r.stdout)), r.stdout.count("__builtin_ia32_movntdq512"))
    return None if got[0] >= lanes and got[1] == streams else f"fused lane reads, streaming stores {got}, expected " \
        f">= {lanes}, {streams}"


def run_plain(ttir, grid, args, outputs, work, cc):
    """--emit=c built by cc (-O2 -march=native -ffp-contract=off as the Triton backend, ASan and UBSan) without hooks (TTX_IN the default
    1, so loads fuse into their store) and with TTX_STREAM_BYTES=0 (every unmasked contiguous
    store streamed where the CPU has AVX-512): {output: array}, or a string saying what failed"""
    c = os.path.join(work, "plain.c")
    r = subprocess.run([TTX, "--emit=c", ttir, "-o", c], capture_output=True, text=True, timeout=60)
    if r.returncode:
        return f"--emit=c: {r.stderr[:300]}"
    fn = re.search(r"^void (\w+)\(", open(c).read(), re.MULTILINE).group(1)
    lines = ["#include <stdio.h>", "#include <stdlib.h>", f'#include "{c}"', "int main(int argc, char **argv) {",
             "    (void)argc;"]
    call, files = [], []
    for i, (name, ty, v) in enumerate(args):
        if isinstance(v, np.ndarray):
            raw = os.path.join(work, f"plain.{name[1:]}.bin")
            v.tofile(raw)
            files.append((i, raw, v, name))
            k = len(files)
            lines += [f"    {CT[ty[8:-1]]} *a{i} = malloc({max(v.nbytes, 1)});",
                      f"    {{ FILE *f = fopen(argv[{k}], \"rb\"); if (!f || fread(a{i}, 1, {v.nbytes}, f) != {v.nbytes}) "
                      "return 3; fclose(f); }"]
            call.append(f"a{i}")
        else:
            call.append(f"({CT[ty]}){v}")
    g = grid + [1] * (3 - len(grid))
    lines += [f"    for (int z = 0; z < {g[2]}; z++) for (int y = 0; y < {g[1]}; y++) for (int x = 0; x < {g[0]}; x++)",
              f"        {fn}({', '.join(call)}, {g[0]}, {g[1]}, {g[2]}, x, y, z);"]
    for k, (i, raw, v, _) in enumerate(files):
        lines.append(f"    {{ FILE *f = fopen(argv[{k + 1}], \"wb\"); if (!f || fwrite(a{i}, 1, {v.nbytes}, f) != {v.nbytes}) "
                     f"return 3; fclose(f); free(a{i}); }}")
    lines += ["    return 0;", "}", ""]
    drv, exe = os.path.join(work, "plain_main.c"), os.path.join(work, "plain")
    with open(drv, "w") as f:
        f.write("\n".join(lines))
    r = subprocess.run([cc, "-std=gnu11", "-O2", "-march=native", "-ffp-contract=off", "-DTTX_STREAM_BYTES=0",
                        "-fsanitize=address,undefined",
                        "-fno-sanitize-recover=all", "-w", "-o", exe, drv, "-lm"], capture_output=True, text=True, timeout=120)
    if r.returncode:
        return f"{cc}: {r.stderr[-600:]}"
    r = subprocess.run([exe, *[raw for _, raw, _, _ in files]], capture_output=True, text=True, timeout=60,
                       env=dict(os.environ, ASAN_OPTIONS="detect_leaks=0"))
    if r.returncode or r.stderr:
        return f"the {cc} build: exit {r.returncode}: {r.stderr[-600:]}"
    return {name: np.fromfile(raw, dtype=v.dtype) for _, raw, v, name in files if name in outputs}


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
        for cc in [c for c in ("gcc", "clang") if shutil.which(c)]:
            plain = run_plain(ttir, grid, args, outputs, work, cc)
            if isinstance(plain, str):
                T.report(f"{name} ({cc}, no hooks)", plain)
                continue
            bad = [o for o in outputs if ref.outputs[o].tobytes() != plain[o].tobytes()]
            T.report(f"{name} ({cc}, no hooks)", f"outputs differ from the interpreter's: {bad}" if bad else None)
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
    # layer norm's loops: carried rows updated in place, rows shorter than, as long as and
    # longer than a block, and none
    car = os.path.join(HERE, "masks_carried.ttir")
    for n in (0, 1, 63, 64, 65, 200):
        g = 3
        case(f"masks_carried n={n}", car, [g],
             [("%x", "!tt.ptr<f32>", f32(g * n + 1)), ("%s", "!tt.ptr<f32>", np.full(2 * g, 7.5, np.float32)),
              ("%y", "!tt.ptr<f32>", np.full(g * 64, -1.0, np.float32)), ("%n", "i32", n)], ["%s", "%y"])
    # reduces along odd and even rows (one loop per halving level), values of many magnitudes
    odd = os.path.join(ROOT, "tests", "numeric", "reduce_odd.ttir")
    xo = (f32(52) * np.float32(2.0) ** RNG.integers(-20, 20, 52)).astype(np.float32)
    case("reduce_odd", odd, [1], [("%x", "!tt.ptr<f32>", xo), ("%rs", "!tt.ptr<f32>", np.zeros(4, np.float32)),
                                  ("%cs", "!tt.ptr<f32>", np.zeros(13, np.float32)),
                                  ("%am", "!tt.ptr<i32>", np.zeros(4, np.int32))], ["%rs", "%cs", "%am"])
    # loads fused into their store: in place, overlapping both ways, apart; blocks of 256
    inp, wid = os.path.join(HERE, "masks_inplace.ttir"), os.path.join(HERE, "masks_widen.ttir")
    T.report("masks_inplace fused and streamed", fused_paths(inp, 1, 2))
    T.report("masks_widen fused and streamed", fused_paths(wid, 3, 4))
    for n, a, b in ((1000, 0, 0), (1000, 0, 1), (1000, 1, 0), (1024, 0, 255), (700, 255, 0), (1024, 0, 256),
                    (1000, 0, 300), (513, 5, 5)):
        g = (n + 255) // 256 + 1
        case(f"masks_inplace n={n} a={a} b={b}", inp, [g],
             [("%x", "!tt.ptr<f32>", f32(g * 256 + 300)), ("%n", "i32", n), ("%a", "i32", a), ("%b", "i32", b)], ["%x"])
    for n in (0, 5, 127, 128, 300, 512):
        g = (n + 127) // 128 + 1
        size = g * 128
        h = (RNG.standard_normal(size) * 4).astype(np.float16)
        case(f"masks_widen n={n}", wid, [g],
             [("%h", "!tt.ptr<f16>", h), ("%f", "!tt.ptr<f32>", f32(size)), ("%o", "!tt.ptr<f32>", f32(size)),
              ("%oh", "!tt.ptr<f16>", np.zeros(size, np.float16)), ("%n", "i32", n)], ["%o", "%oh"])
    return T.close()


if __name__ == "__main__":
    sys.exit(main())
