#!/usr/bin/env python3
"""`ttxform run` on KTIR views of the LX scratchpads (`ct_local` / `LX`), on both engines.

Each compute tile has an LX scratchpad: 2 MiB of zeros, or what `--lx N=FILE` gives;
`--lx-out N=FILE` writes it back.  A `ct_local` view without `ct_id` is in the executing
tile's own, one with `ct_id = N` (`LX, core = N`) in tile N's.  Checked here against
NumPy on the interpreter, the JIT and `--check` (which compares every LX too): loads
and stores of a tile's own LX, a view of another tile's, the default zeroed LX, an LX
offset bound as a number, a distributed view over global memory and two LXs; and the
errors, each located: a core that is not a tile of the grid, an access past the LX
given, an L0 view, and the option errors.

Usage: lx.py TTXFORM SOURCE_ROOT
"""
import os
import re
import subprocess
import sys
import tempfile

TTX, ROOT = sys.argv[1], sys.argv[2]
sys.path.insert(0, os.path.join(ROOT, "tests", "numeric"))
from harness import Tally, numpy_or_skip, sanitizer_report  # noqa: E402

np = numpy_or_skip("ktir-lx")
T = Tally()
SET16 = "affine_set<(d0) : (d0 >= 0, -d0 + 15 >= 0)>"
MAP = "affine_map<(d0) -> (d0)>"


def view(name, off, space, n=16, t="f32"):
    return (f"    {name} = ktdp.construct_memory_view {off}, sizes: [{n}], strides: [1] {{coordinate_set = "
            f"affine_set<(d0) : (d0 >= 0, -d0 + {n - 1} >= 0)>, memory_space = {space}}} : memref<{n}x{t}>\n")


def tile(name, v, at, n=16, t="f32"):
    return (f"    {name} = ktdp.construct_access_tile {v}[{at}] {{access_tile_set = {SET16}, access_tile_order = {MAP}}} "
            f": memref<{n}x{t}> -> !ktdp.access_tile<16xindex>\n")


def kernel(tmp, name, args, body, grid=2):
    k = os.path.join(tmp, name + ".ktir")
    with open(k, "w") as f:
        f.write(f"module {{\n  func.func @{name}({args}) attributes {{grid = [{grid}]}} {{\n"
                "    %c0 = arith.constant 0 : index\n    %c16 = arith.constant 16 : index\n"
                "    %t = ktdp.get_compute_tile_id : index\n    %at = arith.muli %t, %c16 : index\n"
                f"{body}    return\n  }}\n}}\n")
    return k


def run(args):
    return subprocess.run([TTX, "run", *args], capture_output=True, text=True)


ENGINES = (("interpreter", ["--interp"]), ("JIT", ["--jit"]), ("--check", ["--check"]))


def outputs(name, kernel_file, args, want, lx_want=None, check_lines=()):
    """kernel on each engine: --output out must be want, --lx-out N = lx_want[N]"""
    for how, eng in ENGINES:
        out = os.path.join(tmp, "out.npy")
        lxo = {n: os.path.join(tmp, f"lx{n}-out.npy") for n in (lx_want or {})}
        for f in [out, *lxo.values()]:
            if os.path.exists(f):
                os.unlink(f)
        extra = [a for n, f in lxo.items() for a in ("--lx-out", f"{n}={f}")]
        r = run([kernel_file, *eng, *args, "--output", f"out={out}", *extra])
        why = None
        if r.returncode or "note:" in r.stderr or sanitizer_report(r.stderr):
            why = f"exit {r.returncode}: {r.stderr.strip()[:300]}"
        elif not np.array_equal(np.load(out), want):
            why = f"out: {np.load(out).ravel()[:8]}, expected {np.asarray(want).ravel()[:8]}"
        for n, w in (lx_want or {}).items():
            got = np.load(lxo[n]) if not why else None
            if not why and (got.shape != w.shape or got.dtype != w.dtype or not np.array_equal(got, w)):
                why = f"LX {n}: {got.dtype}{got.shape} {got.ravel()[:8]}, expected {w.dtype}{w.shape} {w.ravel()[:8]}"
        if not why and how == "--check":
            for line in check_lines:
                if line not in r.stdout:
                    why = f"no '{line}' in: {r.stdout.strip()[:300]}"
        T.report(f"{name} ({how})", why)


def expect(name, args, pattern, engines=ENGINES, absent=()):
    for how, eng in engines:
        r = run([*args[:1], *eng, *args[1:]])
        ok = r.returncode == 1 and re.search(pattern, r.stderr) is not None and not sanitizer_report(r.stderr)
        ok = ok and not any(os.path.exists(f) for f in absent)
        T.report(f"error: {name} ({how})", None if ok else (r.stderr.strip()[:300] or f"exit {r.returncode}, no message"))


tmp = tempfile.mkdtemp(prefix="ktir-lx-")
l0 = np.arange(32, dtype=np.float32) + 100
l1 = np.arange(32, dtype=np.float32) + 200
np.save(os.path.join(tmp, "l0.npy"), l0)
np.save(os.path.join(tmp, "l1.npy"), l1)
LX = ["--lx", f"0={os.path.join(tmp, 'l0.npy')}", "--lx", f"1={os.path.join(tmp, 'l1.npy')}"]

# each tile: its own LX's elements 0..15 to out[16 t..], and those plus 1 to its LX at 16
own = kernel(tmp, "own", "%out: index", view("%g", "%out", "#ktdp.memory_space<global>", 32)
             + view("%l", "%c0", "#ktdp.memory_space<ct_local>", 32)
             + view("%m", "%c0", "#ktdp.spyre_memory_space<LX>", 32)
             + tile("%tl", "%l", "%c0", 32) + "    %x = ktdp.load %tl : !ktdp.access_tile<16xindex> -> tensor<16xf32>\n"
             + tile("%tg", "%g", "%at", 32) + "    ktdp.store %x, %tg : tensor<16xf32>, !ktdp.access_tile<16xindex>\n"
             + "    %one = arith.constant dense<1.0> : tensor<16xf32>\n    %y = arith.addf %x, %one : tensor<16xf32>\n"
             + tile("%tm", "%m", "%c16", 32) + "    ktdp.store %y, %tm : tensor<16xf32>, !ktdp.access_tile<16xindex>\n")
w0, w1 = l0.copy(), l1.copy()
w0[16:], w1[16:] = l0[:16] + 1, l1[:16] + 1
outputs("a tile's own LX (ct_local, LX): loads, stores, --lx-out", own, LX + ["--arg", "out=zeros:32"],
        np.concatenate([l0[:16], l1[:16]]), {0: w0, 1: w1},
        ["check lx0 float32 (32,): identical", "check lx1 float32 (32,): identical"])

# every tile reads tile 1's LX (ct_id = 1), an offset bound as a number
other = kernel(tmp, "other", "%out: index, %o: index", view("%g", "%out", "#ktdp.memory_space<global>", 32)
               + view("%l", "%o", "#ktdp.memory_space<ct_local, ct_id = 1>", 16)
               + tile("%tl", "%l", "%c0") + "    %x = ktdp.load %tl : !ktdp.access_tile<16xindex> -> tensor<16xf32>\n"
               + tile("%tg", "%g", "%at", 32) + "    ktdp.store %x, %tg : tensor<16xf32>, !ktdp.access_tile<16xindex>\n")
outputs("another tile's LX (ct_id = 1), its offset a number", other, LX + ["--arg", "out=zeros:32", "--arg", "o=8"],
        np.concatenate([l1[8:24], l1[8:24]]))

# no --lx: 2 MiB of zeros per tile, written back as uint8; a store into tile 1's LX
zero = kernel(tmp, "zero", "%out: index", view("%g", "%out", "#ktdp.memory_space<global>", 32)
              + view("%l", "%c0", "#ktdp.spyre_memory_space<LX, core = 1>", 32)
              + tile("%tg", "%g", "%at", 32) + "    %x = ktdp.load %tg : !ktdp.access_tile<16xindex> -> tensor<16xf32>\n"
              + tile("%tl", "%l", "%at", 32) + "    ktdp.store %x, %tl : tensor<16xf32>, !ktdp.access_tile<16xindex>\n")
src = np.arange(32, dtype=np.float32) - 7
np.save(os.path.join(tmp, "src.npy"), src)
z1 = np.zeros(2 << 20, np.uint8)
z1[:128] = src.view(np.uint8)
outputs("the default LX (2 MiB of zeros), stored into through core = 1", zero, ["--arg", f"out={os.path.join(tmp, 'src.npy')}"],
        src, {0: np.zeros(2 << 20, np.uint8), 1: z1}, ["check lx1 uint8 (2097152,): identical"])

# a distributed view: rows 0..15 in global memory, 16..23 in tile 0's LX, 24..31 in tile 1's
dist = kernel(tmp, "dist", "%a: index, %out: index", view("%p0", "%a", "#ktdp.memory_space<global>", 16)
              + "    %p1 = ktdp.construct_memory_view %c16, sizes: [8], strides: [1] {coordinate_set = affine_set<(d0) : "
              "(d0 - 16 >= 0, -d0 + 23 >= 0)>, memory_space = #ktdp.memory_space<ct_local, ct_id = 0>} : memref<8xf32>\n"
              + "    %p2 = ktdp.construct_memory_view %c0, sizes: [8], strides: [2] {coordinate_set = affine_set<(d0) : "
              "(d0 - 24 >= 0, -d0 + 31 >= 0)>, memory_space = #ktdp.memory_space<ct_local, ct_id = 1>} : memref<8xf32>\n"
              + "    %d = ktdp.construct_distributed_memory_view (%p0, %p1, %p2 : memref<16xf32>, memref<8xf32>, memref<8xf32>) "
              ": memref<32xf32>\n"
              + view("%g", "%out", "#ktdp.memory_space<global>", 32)
              + tile("%td", "%d", "%at", 32) + "    %x = ktdp.load %td : !ktdp.access_tile<16xindex> -> tensor<16xf32>\n"
              + tile("%tg", "%g", "%at", 32) + "    ktdp.store %x, %tg : tensor<16xf32>, !ktdp.access_tile<16xindex>\n")
a16 = np.arange(16, dtype=np.float32) * 3
np.save(os.path.join(tmp, "a16.npy"), a16)
outputs("a distributed view over global memory and two LXs (one strided)", dist,
        LX + ["--arg", f"a={os.path.join(tmp, 'a16.npy')}", "--arg", "out=zeros:32"],
        np.concatenate([a16, l0[16:24], l1[0:16:2]]))

# errors, each at the op or the option
bad_core = kernel(tmp, "badcore", "", view("%l", "%c0", "#ktdp.memory_space<ct_local, ct_id = 5>")
                  + tile("%tl", "%l", "%c0") + "    %x = ktdp.load %tl : !ktdp.access_tile<16xindex> -> tensor<16xf32>\n")
expect("a core that is not a tile of the grid", [bad_core], r"badcore\.ktir:7:10: error: ktdp\.construct_memory_view: the view is in the LX "
       r"scratchpad of core 5, which is not a compute tile of the grid \(2 tiles\) in program \(0, 0, 0\)", ENGINES[:1])
expect("a core that is not a tile of the grid", [bad_core], r"badcore\.ktir:7:10: error: ktdp\.construct_memory_view: the view is in the LX "
       r"scratchpad of a core that is not a compute tile of the grid in program \(0, 0, 0\)", ENGINES[1:2])
small = os.path.join(tmp, "small.npy")
np.save(small, np.arange(8, dtype=np.float32))
lxo = os.path.join(tmp, "never.npy")
expect("a load past the LX given", [own, "--lx", f"0={small}", "--arg", "out=zeros:32", "--lx-out", f"0={lxo}"],
       r"own\.ktir:\d+:\d+: error: ktdp\.load: out-of-bounds access: tile element \[8\] reads view coordinate \(8\), element 8 of the LX "
       r"scratchpad of core 0, which holds 8 elements of f32 in program \(0, 0, 0\)", ENGINES[:1], absent=[lxo])
expect("a load past the LX given", [own, "--lx", f"0={small}", "--arg", "out=zeros:32", "--lx-out", f"0={lxo}"],
       r"own\.ktir:\d+:\d+: error: ktdp\.load: out-of-bounds access: reads element 15 \(byte offset 60\) of the LX scratchpad of core 0, "
       r"which holds 8 elements \(32 bytes\) in program \(0, 0, 0\)", ENGINES[1:2], absent=[lxo])
l0v = kernel(tmp, "lzero", "", view("%l", "%c0", "#ktdp.spyre_memory_space<L0>")
             + tile("%tl", "%l", "%c0") + "    %x = ktdp.load %tl : !ktdp.access_tile<16xindex> -> tensor<16xf32>\n")
expect("an L0 view", [l0v], r"lzero\.ktir:7:10: error: ktdp\.construct_memory_view: memory space '#ktdp\.spyre_memory_space<L0>': the "
       r"interpreter runs views of global memory \(HBM\) and of the LX scratchpads \(ct_local / LX\) only in program \(0, 0, 0\)", ENGINES[:2])
big = os.path.join(tmp, "big.npy")
np.save(big, np.zeros((2 << 20) + 1, np.uint8))
expect("--lx larger than 2 MiB", [own, "--lx", f"0={big}", "--arg", "out=zeros:32"],
       r"ttxform run: error: --lx 0: '.*big\.npy' holds 2097153 bytes; an LX scratchpad holds 2 MiB \(2097152 bytes\)", ENGINES[:1])
expect("--lx of a tile past the grid", [own, "--lx", f"2={small}", "--arg", "out=zeros:32"],
       r"ttxform run: error: --lx 2=.*small\.npy: the grid has 2 compute tiles \(0 to 1\)", ENGINES[:1])
expect("--lx-out of a tile past the grid", [own, "--lx-out", f"7={lxo}", "--arg", "out=zeros:32"],
       r"ttxform run: error: --lx-out 7=.*never\.npy: the grid has 2 compute tiles \(0 to 1\)", ENGINES[:1])
vadd = os.path.join(ROOT, "tests", "golden", "vector_add_1d_dynamic.ktir")
expect("--lx on a kernel without LX views", [vadd, "--lx", f"0={small}", "--arg", "arg0=zeros:8", "--arg", "arg1=zeros:8",
                                             "--arg", "arg2=zeros:8", "--arg", "arg3=8"],
       r"ttxform run: error: --lx: the kernel has no view in an LX scratchpad \(ct_local / LX\)", ENGINES[:1])
ttir = os.path.join(ROOT, "samples", "spyre", "vector_add_1d.ttir")
expect("--lx on TTIR", [ttir, "--grid=4", "--lx", f"0={small}"], r"ttxform run: error: --lx applies to KTIR", ENGINES[:1])
expect("--lx with --via", [ttir, "--via=ktir", "--grid=4", "--lx", f"0={small}"],
       r"ttxform run: error: --lx is the LX scratchpad of a tile of a KTIR kernel; with --via=ktir", ENGINES[:1])
expect("--lx without a tile", [own, f"--lx={small}"], r"bad --lx '.*small\.npy' \(expected N=FILE\.npy", ENGINES[:1])
expect("--lx twice for one tile", [own, "--lx", f"0={small}", "--lx", f"0={small}"], r"two --lx options give the LX of tile 0", ENGINES[:1])
expect("--lx unreadable", [own, "--lx", f"1={os.path.join(tmp, 'nope.npy')}", "--arg", "out=zeros:32"],
       r"ttxform run: error: --lx 1: cannot read '.*nope\.npy'", ENGINES[:1])
sys.exit(T.close(tmp))
