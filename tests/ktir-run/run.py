#!/usr/bin/env python3
"""`ttxform run` on KTIR, checked against NumPy.

For every samples/spyre kernel with a KTIR golden file (tests/golden/) and
every case of tests/ktir-cpu/check.py's SAMPLES table (inputs and NumPy
reference expressions, ragged sizes included), the kernel runs twice:

  1. from KTIR: the golden .ktir when the case takes the default lowering
     flags, else the KTIR that `--emit=ktir FLAGS` prints, with
     `ttxform run KERNEL.ktir --check` (the grid of the function): the JIT,
     then the interpreter on copies of the inputs, every output compared
     (within 4 ulp), the JIT's written;
  2. from TTIR: `ttxform run KERNEL.ttir --via=ktir --check --grid=G`, which
     lowers in-process, runs the KTIR on the JIT and the TTIR on the
     interpreter and compares them (cases whose flags are more than --grid
     only run 1).

Each output is compared with its NumPy reference (computed here, from the
inputs generated here) with the tolerance of its dtype.  Then the error
cases: a missing argument, a buffer of the wrong dtype, an access outside the
bound buffer (on both engines), a partial that never comes, each a located
message; and the memory semantics on both engines: a tile that reaches past
a view's coordinate_set reads zeros there and writes nothing, a coordinate
set that is not a box, a view distributed over two buffers, a transposed
tile order.

Usage: run.py TTXFORM SOURCE_ROOT [SAMPLE ...]
The last line is `N passed, N failed`; the table lists every case.
"""

import importlib.util
import os
import re
import subprocess
import sys
import tempfile

TTX, ROOT = sys.argv[1], sys.argv[2]
sys.path.insert(0, os.path.join(ROOT, "tests", "numeric"))
from harness import numpy_or_skip  # noqa: E402

np = numpy_or_skip("ktir-run")
ONLY = set(sys.argv[3:])
GOLDEN = os.path.join(ROOT, "tests", "golden")
SAMPLES_DIR = os.path.join(ROOT, "samples", "spyre")

spec = importlib.util.spec_from_file_location("ktir_cpu_check", os.path.join(ROOT, "tests", "ktir-cpu", "check.py"))
check = importlib.util.module_from_spec(spec)
spec.loader.exec_module(check)

NP = {"f16": np.float16, "f32": np.float32, "f64": np.float64, "i32": np.int32, "i64": np.int64, "i8": np.int8, "i16": np.int16}
TOL = {"float16": (2e-3, 2e-3), "float32": (2e-5, 2e-5), "int32": (0, 0), "int64": (0, 0)}
TOL_F16_MATMUL = (1e-2, 1e-2)   # f16 operands, f16 result of f32 sums

# --via=ktir without --check: the TTIR side does not run on the interpreter
# (the KTIR side is still compared with NumPy)
STICK = "the TTIR interpreter does not run tt.spyre_tensor_layout"
NO_TTIR_CHECK = {
    "gather_4d": "the TTIR interpreter runs tt.descriptor_gather on 2-D descriptors only",
    "gather_3d": "the TTIR interpreter runs tt.descriptor_gather on 2-D descriptors only",
    "gather_2d_index": "the TTIR interpreter runs tt.descriptor_gather with 1-D row indices only",
    "gather_2d_index_3d_block": "the TTIR interpreter runs tt.descriptor_gather on 2-D descriptors only",
    "scatter_3d": "the TTIR interpreter runs tt.descriptor_scatter on 2-D descriptors only",
    "inter_tile_all_reduce": "the TTIR interpreter does not run tt.inter_tile_reduce",
    "inter_tile_reduce_to_one": "the TTIR interpreter does not run tt.inter_tile_reduce",
    "inter_tile_softmax": "the TTIR interpreter does not run tt.inter_tile_reduce",
    "matmul_stick": STICK, "bmm_stick": STICK, "reduce_stick": STICK, "gather_stick": STICK,
    "neg_stick_dynamic": STICK,
    ("ptr_matmul", 0): "the TTIR's own tt.load of program 29 reads element -32 of arg1 (a lane its mask keeps)",
}
# cases beyond check.py's, so that every golden runs
EXTRA_CASES = {
    # grids with unit axes that the kernel still reads: --via=ktir lowers
    # with as many axes as the kernel reads, as --emit=ktir does (issue 30)
    "vector_add_2d_grid": [dict(label="grid=4,1 (unit second axis)", flags=["--grid=4,1"], **check._add()),
                           dict(label="grid=1,1", flags=["--grid=1,1"], **check._add())],
    "vector_add_3d_grid": [dict(label="grid=2,4,4", flags=["--grid=2,4,4"], **check._add()),
                           dict(label="grid=2,1,1 (unit second and third axes)", flags=["--grid=2,1,1"], **check._add()),
                           dict(label="grid=1,1,1", flags=["--grid=1,1,1"], **check._add())],
    "vector_add_3d_grid_dynamic": [dict(label="64x32x16,grid=2,4,4", flags=["--grid=2,4,4"],
                                        **check._add((64, 32, 16), scalars=(64, 32, 16)))],
    # n not a multiple of the 1024 block and a grid larger than needed:
    # program 0 is partial, programs 1..3 lie wholly past n (empty), so
    # their loads must stay inside the 1000-element buffers
    "ptr_vector_add": [dict(label="n=1000,grid=4 (empty trailing programs)", flags=["--grid=4"],
                            **check._add((1000,), scalars=(1000,))),
                       dict(label="n=3000,grid=3,1,1 (unit axes the kernel does not read)", flags=["--grid=3,1,1"],
                            **check._add((3000,), scalars=(3000,)))],
    "neg_stick_dynamic": [dict(label="device,m=96", flags=[],
                               inputs={"arg0": {"shape": [2, 96, 64], "dtype": "f32", "fill": "randn", "seed": 3},
                                       "arg1": {"shape": [2, 96, 64], "dtype": "f32", "fill": "zeros"},
                                       "arg2": 96},
                               reference={"arg1": "-arg0"})],
}
# goldens no case runs, and why
NOT_RUN = {}
# cases whose KTIR the interpreter rejects, with the message it must give
# (lowering issues that execution finds)
XFAIL_KTIR = {}


def fill(entry, shape, dtype, seed_base):
    rule = entry.get("fill", "zeros")
    rng = np.random.default_rng(1000 + entry.get("seed", seed_base))
    if rule == "zeros":
        a = np.zeros(shape)
    elif rule == "ones":
        a = np.ones(shape)
    elif rule in ("randn", "normal"):
        a = rng.standard_normal(shape) * entry.get("std", 1.0) + entry.get("mean", 0.0)
    elif rule == "uniform":
        a = rng.uniform(entry.get("low", 0.0), entry.get("high", 1.0), shape)
    elif rule == "values":
        a = np.array(entry["data"])
    else:
        raise ValueError(f"fill {rule}")
    return np.ascontiguousarray(a.astype(dtype).reshape(shape))


def view_shapes(ktir):
    """argN -> (shape, dtype) of the first static memory view on it"""
    out = {}
    for m in re.finditer(r"construct_memory_view %arg(\d+), sizes: \[([0-9, ]+)\], strides: \[[^\]]*\][^:]*: memref<([0-9x]+)x(\w+)>", ktir):
        name = "arg" + m.group(1)
        if name not in out:
            out[name] = (tuple(int(s) for s in m.group(2).split(",")), m.group(4))
    return out


def helpers():
    def softmax(x, axis=-1):
        e = np.exp(x - x.max(axis=axis, keepdims=True))
        return e / e.sum(axis=axis, keepdims=True)

    def layernorm(x, w=None, b=None, eps=1e-5, axis=-1):
        mu = x.mean(axis=axis, keepdims=True)
        y = (x - mu) / np.sqrt(x.var(axis=axis, keepdims=True) + eps)
        return y * (1 if w is None else w) + (0 if b is None else b)
    return {"np": np, "softmax": softmax, "layernorm": layernorm,
            "f32": lambda a: np.asarray(a, np.float32), "f64": lambda a: np.asarray(a, np.float64)}


def run(args, **kw):
    return subprocess.run([TTX] + args, capture_output=True, text=True, **kw)


rows, npass, nfail = [], 0, 0


def record(name, ok, note):
    global npass, nfail
    rows.append((name, "PASS" if ok else "FAIL", note))
    if ok:
        npass += 1
    else:
        nfail += 1


def compare(got, ref, dt, tol):
    ref = np.asarray(ref, np.float64)
    if got.shape != ref.shape:
        if got.size != ref.size:
            return False, f"shape {got.shape} vs reference {ref.shape}"
        ref = ref.reshape(got.shape)
    rtol, atol = tol or TOL.get(dt, (1e-5, 1e-5))
    g = got.astype(np.float64)
    err = np.abs(g - ref)
    bad = ~(err <= atol + rtol * np.abs(ref))
    return (not bad.any()), f"max abs err {err.max() if err.size else 0:.3g} (rtol {rtol}, atol {atol}), {int(bad.sum())} mismatches"


def golden_rows():
    """(sample, lowering flags that change the kernel, golden file) of cases.tsv"""
    rows = []
    for line in open(os.path.join(GOLDEN, "cases.tsv")):
        if line.startswith("#") or not line.strip():
            continue
        inp, extra, gold = line.rstrip("\n").split("\t")
        flags = [f for f in extra.split() if f != "--emit=ktir"]
        sem = [f for f in flags if not f.startswith("--fix=") and f != "--mlir-print-op-generic"]
        rows.append((os.path.basename(inp)[:-5], sem, gold))
    return rows


GOLDEN_ROWS = golden_rows()
USED_GOLDENS = set()


def same_flags(a, b):
    def norm(fl):
        return sorted(f for f in fl if f != "--grid=32")
    return norm(a) == norm(b)


def run_case(tmp, sample, case, idx):
    flags = list(case.get("flags", []))
    grid_flags = [f for f in flags if f.startswith("--grid=")]
    other = [f for f in flags if not f.startswith("--grid=")]
    ttir = os.path.join(SAMPLES_DIR, sample + ".ttir")
    goldens = [g for (smp, sem, g) in GOLDEN_ROWS if smp == sample and same_flags(sem, flags)]
    if goldens:
        kpaths = [(f"golden {g}", os.path.join(GOLDEN, g)) for g in goldens]
        USED_GOLDENS.update(goldens)
    else:
        kp = os.path.join(tmp, f"{sample}.{idx}.ktir")
        r = run([ttir, "--emit=ktir", *flags, "-o", kp])
        if r.returncode:
            record(f"{sample} [{case['label']}] emit", False, r.stderr.strip()[:200])
            return
        kpaths = [("ktir (--emit=ktir " + " ".join(flags) + ")", kp)]
    kpath = kpaths[0][1]
    ktir = open(kpath).read()
    shapes = view_shapes(ktir)
    env = {}
    argv = []
    for i, (name, entry) in enumerate(case["inputs"].items()):
        if isinstance(entry, dict):
            shape, dt = entry.get("shape"), entry.get("dtype")
            if shape is None or dt is None:
                s, d = shapes[name]
                shape, dt = shape or s, dt or d
            a = fill(entry, tuple(shape), NP[dt], i)
            env[name] = a
            f = os.path.join(tmp, f"{sample}.{idx}.{name}.npy")
            np.save(f, a)
            argv += ["--arg", f"{name}={f}"]
        else:
            env[name] = entry
            argv += ["--arg", f"{name}={entry}"]
    outs = list(case["reference"])
    refs = {o: eval(case["reference"][o], {**helpers(), **env}) for o in outs}
    tol = TOL_F16_MATMUL if case.get("tol_dtype", (None,))[0] == "f16/f16-matmul" else None
    runs = [(how + " --check (jit, interp)", [p, "--check"]) for how, p in kpaths]
    if not other:
        g = grid_flags[0] if grid_flags else "--grid=32"
        why = NO_TTIR_CHECK.get(sample) or NO_TTIR_CHECK.get((sample, idx))
        if why:
            runs.append((f"via=ktir (no --check: {why})", [ttir, "--via=ktir", g]))
        else:
            runs.append(("via=ktir --check", [ttir, "--via=ktir", "--check", g]))
        # the TTIR itself on the JIT (tensor descriptors are block pointers in the C)
        if not why:
            runs.append(("ttir --check (jit, interp)", [ttir, "--check", g]))
    xf = XFAIL_KTIR.get((sample, idx))
    for how, head in runs:
        oargs = []
        for o in outs:
            oargs += ["--output", f"{o}={os.path.join(tmp, f'{sample}.{idx}.{o}.out.npy')}"]
        r = run(["run", *head, *argv, *oargs])
        name = f"{sample} [{case['label']}] {how}"
        if xf:
            ok = r.returncode == 1 and re.search(xf, r.stderr) is not None
            record(name + " (XFAIL: the lowering reads past the buffer in an empty program)", ok,
                   (r.stderr.strip().splitlines() or ["no error"])[0][:200])
            continue
        if r.returncode:
            record(name, False, (r.stderr.strip() or r.stdout.strip())[:300])
            continue
        notes, ok = [], True
        if "--check" in head and "check " not in r.stdout:
            ok, notes = False, ["--check printed no comparison"]
        if "note:" in r.stderr:   # the KTIR must run on the JIT, not fall back to the interpreter
            ok, notes = False, notes + [r.stderr.strip()[:200]]
        for o in outs:
            got = np.load(os.path.join(tmp, f"{sample}.{idx}.{o}.out.npy"))
            good, note = compare(got, refs[o], str(got.dtype), tol)
            ok &= good
            notes.append(f"{o}: {note}")
        record(name, ok, "; ".join(notes))


def error_cases(tmp):
    vadd = os.path.join(GOLDEN, "vector_add_1d_dynamic.ktir")
    x = os.path.join(tmp, "x.npy")
    np.save(x, np.arange(3000, dtype=np.float32))
    xh = os.path.join(tmp, "xh.npy")
    np.save(xh, np.arange(3000, dtype=np.float16))
    small = os.path.join(tmp, "small.npy")
    np.save(small, np.arange(100, dtype=np.float32))

    def expect(name, args, pattern):
        r = run(["run", *args])
        ok = r.returncode == 1 and re.search(pattern, r.stderr) is not None
        record("error: " + name, ok, r.stderr.strip().splitlines()[0][:200] if r.stderr.strip() else f"exit {r.returncode}, no message")
    expect("missing argument", [vadd, "--arg", f"arg0={x}", "--arg", f"arg1={x}", "--arg", "arg3=3000"],
           r"vector_add_1d_dynamic\.ktir:5:\d+: error: argument 'arg2' \(index, the base address of a buffer\) is not bound")
    expect("wrong dtype", [vadd, "--arg", f"arg0={xh}", "--arg", f"arg1={x}", "--arg", f"arg2={x}", "--arg", "arg3=3000"],
           r"vector_add_1d_dynamic\.ktir:5:\d+: error: argument 'arg0' is the base address of f32 elements: '.*xh\.npy' holds float16, expected float32")
    expect("out-of-bounds access (interpreter)", [vadd, "--interp", "--arg", f"arg0={small}", "--arg", f"arg1={x}", "--arg", f"arg2={x}", "--arg", "arg3=3000"],
           r"vector_add_1d_dynamic\.ktir:\d+:\d+: error: ktdp.load: out-of-bounds access: tile element \[100\] reads view coordinate \(100\), "
           r"element 100 of argument 0, which holds 100 elements of f32 in program \(0, 0, 0\)")
    # the JIT checks a tile's rows once: it names the highest element the tile reaches
    expect("out-of-bounds access (JIT)", [vadd, "--jit", "--arg", f"arg0={small}", "--arg", f"arg1={x}", "--arg", f"arg2={x}", "--arg", "arg3=3000"],
           r"vector_add_1d_dynamic\.ktir:28:\d+: error: ktdp.load: out-of-bounds access: reads element 1023 \(byte offset 4092\) of argument 0, "
           r"which holds 100 elements \(400 bytes\) in program \(0, 0, 0\)")
    expect("out-of-bounds store (JIT)", [vadd, "--arg", f"arg0={x}", "--arg", f"arg1={x}", "--arg", f"arg2={small}", "--arg", "arg3=3000"],
           r"vector_add_1d_dynamic\.ktir:\d+:\d+: error: ktdp.store: out-of-bounds access: writes element 1023 \(byte offset 4092\) of argument 2, "
           r"which holds 100 elements \(400 bytes\) in program \(0, 0, 0\)")
    # the JIT's options on KTIR: one thread, the C it compiled, no bounds checks
    dd = os.path.join(tmp, "dump")
    o = os.path.join(tmp, "vo.npy")
    r = run(["run", vadd, "--threads=1", f"--dump-dir={dd}", "--no-bounds-check", "--bench", "--arg", f"arg0={x}", "--arg", f"arg1={x}",
             "--arg", "arg2=zeros:3000", "--arg", "arg3=3000", "--output", f"arg2={o}"])
    c = os.path.join(dd, "01-add_kernel.c")
    ok = (r.returncode == 0 and np.array_equal(np.load(o), 2 * np.arange(3000, dtype=np.float32)) and os.path.exists(c)
          and "void ttx_launch(" in open(c).read() and re.search(r"\(ktir\): jit, 1 thread, 1 launch:", r.stderr) is not None)
    record("--threads=1 --dump-dir --no-bounds-check --bench on KTIR", ok, r.stderr.strip()[:200])
    expect("--via on KTIR", [vadd, "--via=ktir", "--grid=4", "--arg", f"arg0={x}"], r"is already KTIR")

    # masking: a 1024-element tile over a 1000-element view reads zeros past
    # the coordinate_set and stores nothing there
    k = os.path.join(tmp, "mask.ktir")
    open(k, "w").write("""#map = affine_map<(d0) -> (d0)>
module {
  func.func @mask(%a: index, %b: index, %n: index) attributes {grid = [2]} {
    %t = ktdp.get_compute_tile_id : index
    %c512 = arith.constant 512 : index
    %off = arith.muli %t, %c512 : index
    %va = ktdp.construct_memory_view %a, sizes: [%n], strides: [1] {coordinate_set = affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<?xf32>
    %vb = ktdp.construct_memory_view %b, sizes: [%n], strides: [1] {coordinate_set = affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<?xf32>
    %ta = ktdp.construct_access_tile %va[%off] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 511 >= 0)>, access_tile_order = #map} : memref<?xf32> -> !ktdp.access_tile<512xindex>
    %x = ktdp.load %ta : !ktdp.access_tile<512xindex> -> tensor<512xf32>
    %one = arith.constant dense<1.0> : tensor<512xf32>
    %y = arith.addf %x, %one : tensor<512xf32>
    %tb = ktdp.construct_access_tile %vb[%off] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 511 >= 0)>, access_tile_order = #map} : memref<?xf32> -> !ktdp.access_tile<512xindex>
    ktdp.store %y, %tb : tensor<512xf32>, !ktdp.access_tile<512xindex>
    return
  }
}
""")
    a = np.arange(1000, dtype=np.float32)
    np.save(os.path.join(tmp, "ma.npy"), a)
    both("masking: tile past the coordinate_set (both memory-space spellings)", tmp, k,
         ["--arg", f"a={os.path.join(tmp, 'ma.npy')}", "--arg", "b=zeros:1000", "--arg", "n=1000"], "b", a + 1)
    # views of the LX scratchpads (ct_local / LX) are in lx.py (suite ktir-lx)
    # a transposed access tile order
    k2 = os.path.join(tmp, "trans.ktir")
    open(k2, "w").write("""module {
  func.func @tr(%a: index, %b: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %va = ktdp.construct_memory_view %a, sizes: [8, 4], strides: [4, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 3 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<8x4xf32>
    %vb = ktdp.construct_memory_view %b, sizes: [4, 8], strides: [8, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 7 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<4x8xf32>
    %ta = ktdp.construct_access_tile %va[%c0, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 3 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d1, d0)>} : memref<8x4xf32> -> !ktdp.access_tile<4x8xindex>
    %x = ktdp.load %ta : !ktdp.access_tile<4x8xindex> -> tensor<4x8xf32>
    %tb = ktdp.construct_access_tile %vb[%c0, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 7 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<4x8xf32> -> !ktdp.access_tile<4x8xindex>
    ktdp.store %x, %tb : tensor<4x8xf32>, !ktdp.access_tile<4x8xindex>
    return
  }
}
""")
    a = np.arange(32, dtype=np.float32).reshape(8, 4)
    np.save(os.path.join(tmp, "ta.npy"), a)
    both("transposed access_tile_order", tmp, k2, ["--arg", f"0={os.path.join(tmp, 'ta.npy')}", "--arg", "1=zeros:4x8"], "1", a.T)
    memory_cases(tmp, expect)
    fixed_address_cases(tmp, expect)


def fixed_address_cases(tmp, expect):
    """--memory: the device memory of KTIR whose base addresses are constants
    (the vector_add_1d.grid4 golden, lowered with --base-addresses=0,4096,8192:
    three overlapping 2097152-element views), and base-address arguments
    bound to element addresses in it"""
    g4 = os.path.join(GOLDEN, "vector_add_1d.grid4.ktir")
    USED_GOLDENS.add("vector_add_1d.grid4.ktir")
    n, a_at, b_at, o_at = 2097152, 0, 4096, 8192
    rng = np.random.default_rng(44)
    mem0 = np.abs(rng.standard_normal(o_at + n)).astype(np.float32)   # positive: the sums grow, never NaN
    mi = os.path.join(tmp, "mem.npy")
    np.save(mi, mem0)
    # NumPy: the programs in grid order, each its 512 blocks of 1024 in turn (a
    # block loads both operands, then stores): the views overlap, so order matters
    want = mem0.copy()
    for p in range(4):
        for it in range(p * 512, min(p * 512 + 512, 2048)):
            s0 = it * 1024
            x, y = want[a_at + s0:a_at + s0 + 1024].copy(), want[b_at + s0:b_at + s0 + 1024].copy()
            want[o_at + s0:o_at + s0 + 1024] = x + y
    for how, eng in (("interpreter", ["--interp"]), ("JIT", ["--jit"]), ("JIT, --check", ["--check"]), ("JIT, --threads=1", ["--threads=1"])):
        mo = os.path.join(tmp, "memout.npy")
        if os.path.exists(mo):
            os.unlink(mo)
        r = run(["run", g4, *eng, f"--memory={mi}", f"--memory-out={mo}"])
        ok = r.returncode == 0 and os.path.exists(mo)
        got = np.load(mo) if ok else None
        ok = ok and got.dtype == np.float32 and got.shape == want.shape and np.array_equal(got.view(np.uint32), want.view(np.uint32))
        if ok and "--check" in eng:
            ok = "check memory float32 (2105344,): identical" in r.stdout
        record(f"--memory: vector_add_1d.grid4 golden, fixed addresses ({how})", ok,
               r.stderr.strip()[:200] or (f"{int((got != want).sum())} elements differ" if got is not None and not ok else "exact"))
    # base-address arguments as element addresses in the memory
    vadd = os.path.join(GOLDEN, "vector_add_1d_dynamic.ktir")
    m2 = np.arange(9000, dtype=np.float32)
    m2i = os.path.join(tmp, "mem2.npy")
    np.save(m2i, m2)
    w2 = m2.copy()
    w2[6000:9000] = m2[0:3000] + m2[3000:6000]
    for how, eng in (("interpreter", ["--interp"]), ("JIT, --check", ["--check"])):
        mo = os.path.join(tmp, "mem2out.npy")
        r = run(["run", vadd, *eng, f"--memory={m2i}", f"--memory-out={mo}", "--arg", "arg0=0", "--arg", "arg1=3000", "--arg", "arg2=6000",
                 "--arg", "arg3=3000"])
        ok = r.returncode == 0 and np.array_equal(np.load(mo), w2)
        record(f"--memory: base addresses bound to element addresses ({how})", ok, r.stderr.strip()[:200] or "exact")
    # a generator as the memory, no output: the run succeeds and writes nothing
    r = run(["run", g4, "--memory=zeros:2105344:f32", "--check"])
    record("--memory: a generator (zeros), --check", r.returncode == 0 and "check memory float32 (2105344,): identical" in r.stdout,
           r.stderr.strip()[:200] or "ok")
    # errors
    expect("fixed addresses without --memory (interpreter)", [g4, "--interp"],
           r"vector_add_1d\.grid4\.ktir:\d+:\d+: error: ktdp\.load: tile element \[0\] reads view coordinate \(0\) at address 0, which is in no "
           r"bound buffer \(a fixed address: give --memory=FILE\.npy, the device memory it is in\) in program \(0, 0, 0\)")
    expect("fixed addresses without --memory (JIT)", [g4, "--jit"],
           r"vector_add_1d\.grid4\.ktir:\d+:\d+: error: ktdp\.load: out-of-bounds access: reads \d+ bytes outside every bound buffer in program "
           r"\(0, 0, 0\) \(no buffer is bound: a kernel whose views have fixed addresses runs in --memory=FILE\.npy\)")
    small = os.path.join(tmp, "memsmall.npy")
    np.save(small, np.zeros(8192 + 1000, np.float32))
    expect("memory too small (interpreter)", [g4, "--interp", f"--memory={small}"],
           r"error: ktdp\.store: out-of-bounds access: tile element \[1000\] writes view coordinate \(1000\), element 9192 of the memory "
           r"\(--memory\), which holds 9192 elements of f32 in program \(0, 0, 0\)")
    expect("memory too small (JIT)", [g4, "--jit", f"--memory={small}"],
           r"error: ktdp\.(load|store): out-of-bounds access: (reads|writes) element \d+ \(byte offset \d+\) of the memory \(--memory\), "
           r"which holds 9192 elements \(36768 bytes\) in program \(0, 0, 0\)")
    expect("--memory: a buffer for a base address", [vadd, f"--memory={m2i}", "--arg", f"arg0={m2i}", "--arg", "arg1=0", "--arg", "arg2=0",
                                                      "--arg", "arg3=10"],
           r"vector_add_1d_dynamic\.ktir:5:\d+: error: argument 'arg0' is a base address in the memory \(--memory\): give an element address")
    expect("--memory: a negative address", [vadd, f"--memory={m2i}", "--arg", "arg0=-4", "--arg", "arg1=0", "--arg", "arg2=0", "--arg", "arg3=10"],
           r"argument 'arg0' is a base address in the memory \(--memory\): give an element address, a number from 0 \(it is negative\)")
    expect("--memory with --output", [vadd, f"--memory={m2i}", "--arg", "arg0=0", "--arg", "arg1=0", "--arg", "arg2=0", "--arg", "arg3=10",
                                      "--output", f"arg2={os.path.join(tmp, 'o.npy')}"],
           r"ttxform run: error: --output arg2: with --memory the buffers are in the memory; write it with --memory-out=FILE\.npy")
    expect("--memory-out without --memory", [g4, f"--memory-out={os.path.join(tmp, 'o.npy')}"],
           r"--memory-out writes the memory that --memory=FILE\.npy gives; give both")
    expect("--memory: unreadable file", [g4, f"--memory={os.path.join(tmp, 'nope.npy')}"], r"ttxform run: error: --memory: cannot read '.*nope\.npy'")
    expect("--memory on TTIR", [os.path.join(ROOT, "samples", "spyre", "vector_add_1d.ttir"), f"--memory={m2i}", "--grid=4"],
           r"ttxform run: error: --memory applies to KTIR \(a module with ktdp ops\)")
    expect("--memory with --via", [os.path.join(ROOT, "samples", "spyre", "vector_add_1d.ttir"), "--via=ktir", f"--memory={m2i}", "--grid=4"],
           r"ttxform run: error: --memory is the device memory of a KTIR kernel")
    for f in ("o.npy",):
        if os.path.exists(os.path.join(tmp, f)):
            record("--memory: nothing written after an error", False, f)


def both(name, tmp, kernel, args, out, want):
    """kernel on the interpreter, and on the JIT checked against the interpreter (--check): output out
    (or each (out, want) of a list) must equal want on both"""
    outs = out if isinstance(out, list) else [(out, want)]
    for how, eng in (("interpreter", ["--interp"]), ("JIT, --check", ["--check"])):
        oargs = []
        for i, (o, _) in enumerate(outs):
            f = os.path.join(tmp, f"both.out{i}.npy")
            if os.path.exists(f):
                os.unlink(f)
            oargs += ["--output", f"{o}={f}"]
        r = run(["run", kernel, *eng, *args, *oargs])
        ok = r.returncode == 0 and "note:" not in r.stderr
        note = r.stderr.strip()[:200] or "exact"
        for i, (o, w) in enumerate(outs):
            if ok and not np.array_equal(np.load(os.path.join(tmp, f"both.out{i}.npy")), w):
                ok, note = False, f"{o}: got {np.load(os.path.join(tmp, f'both.out{i}.npy')).ravel()[:12]}"
        record(f"{name} ({how})", ok, note)


def dot_ref(a, b, c):
    """r = c + a @ b with the interpreter's arithmetic: each element adds its
    products in k order in double and rounds to f32 after each"""
    acc = c.astype(np.float32).copy()
    for k in range(a.shape[1]):
        acc = (acc.astype(np.float64) + a[:, k, None].astype(np.float64) * b[None, k, :].astype(np.float64)).astype(np.float32)
    return acc


def fast_path_cases(tmp):
    """the JIT's bulk routines on shapes that cut across their blocks: a
    linalg.matmul of one MxK and KxN tile (the dot routine's register blocks
    are 1-16 rows x 8, 16 or 32 columns, so ragged M, N and K leave rests of
    each), exact against the interpreter's arithmetic computed here"""
    for M, N, K in ((19, 44, 5), (16, 16, 16), (33, 56, 37), (7, 9, 3), (17, 24, 1), (5, 72, 19)):
        k = os.path.join(tmp, f"dot{M}x{N}x{K}.ktir")
        def view(arg, r, c):
            return (f"ktdp.construct_memory_view %{arg}, sizes: [{r}, {c}], strides: [{c}, 1] {{coordinate_set = "
                    f"affine_set<(d0, d1) : (d0 >= 0, -d0 + {r - 1} >= 0, d1 >= 0, -d1 + {c - 1} >= 0)>, "
                    f"memory_space = #ktdp.memory_space<global>}} : memref<{r}x{c}xf32>")

        def tile(v, r, c):
            return (f"ktdp.construct_access_tile %{v}[%c0, %c0] {{access_tile_order = affine_map<(d0, d1) -> (d0, d1)>, "
                    f"access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + {r - 1} >= 0, d1 >= 0, -d1 + {c - 1} >= 0)>}} "
                    f": memref<{r}x{c}xf32> -> !ktdp.access_tile<{r}x{c}xindex>")
        open(k, "w").write(f"""module {{
  func.func @dot(%a: index, %b: index, %c: index, %r: index) attributes {{grid = [1]}} {{
    %c0 = arith.constant 0 : index
    %va = {view("a", M, K)}
    %vb = {view("b", K, N)}
    %vc = {view("c", M, N)}
    %vr = {view("r", M, N)}
    %ta = {tile("va", M, K)}
    %tb = {tile("vb", K, N)}
    %tc = {tile("vc", M, N)}
    %tr = {tile("vr", M, N)}
    %x = ktdp.load %ta : <{M}x{K}xindex> -> tensor<{M}x{K}xf32>
    %y = ktdp.load %tb : <{K}x{N}xindex> -> tensor<{K}x{N}xf32>
    %z = ktdp.load %tc : <{M}x{N}xindex> -> tensor<{M}x{N}xf32>
    %p = linalg.matmul ins(%x, %y : tensor<{M}x{K}xf32>, tensor<{K}x{N}xf32>) outs(%z : tensor<{M}x{N}xf32>) -> tensor<{M}x{N}xf32>
    ktdp.store %p, %tr : tensor<{M}x{N}xf32>, <{M}x{N}xindex>
    return
  }}
}}
""")
        rng = np.random.default_rng(M * 10000 + N * 100 + K)
        arrs = {"a": rng.standard_normal((M, K)), "b": rng.standard_normal((K, N)) * 3, "c": rng.standard_normal((M, N))}
        args = []
        for n, v in arrs.items():
            v = v.astype(np.float32)
            v.ravel()[::7] = -0.0
            arrs[n] = v
            f = os.path.join(tmp, f"dot.{n}.npy")
            np.save(f, v)
            args += ["--arg", f"{n}={f}"]
        both(f"fast path: linalg.matmul {M}x{N}x{K} (ragged register blocks)", tmp, k, args + ["--arg", f"r=zeros:{M}x{N}"], "r",
             dot_ref(arrs["a"], arrs["b"], arrs["c"]))

    # arith.select of a loaded row, by a mask that compares an iota (shifted
    # by off) with n, against one value: the kept interval as one copy (r1:
    # the row has another use) or filled in place (r0: the select is the
    # load's only use); bounds below, inside and past the row, and an off
    # near the i32 limit, where the iota wraps and the interval is not exact
    def view1(arg):
        return (f"ktdp.construct_memory_view %{arg}, sizes: [128], strides: [1] {{coordinate_set = "
                f"affine_set<(d0) : (d0 >= 0, -d0 + 127 >= 0)>, memory_space = #ktdp.memory_space<global>}} : memref<128xf32>")

    def tile1(v):
        return (f"ktdp.construct_access_tile %{v}[%c0] {{access_tile_order = affine_map<(d0) -> (d0)>, "
                f"access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 127 >= 0)>}} : memref<128xf32> -> !ktdp.access_tile<128xindex>")
    iota = ", ".join(str(i) for i in range(128))
    k = os.path.join(tmp, "msel.ktir")
    open(k, "w").write(f"""module {{
  func.func @msel(%a: index, %r0: index, %r1: index, %r2: index, %n: i32, %off: i32) attributes {{grid = [1]}} {{
    %c0 = arith.constant 0 : index
    %iota = arith.constant dense<[{iota}]> : tensor<128xi32>
    %ninf = arith.constant 0xFF800000 : f32
    %zero = arith.constant dense<0.000000e+00> : tensor<128xf32>
    %va = {view1("a")}
    %v0 = {view1("r0")}
    %v1 = {view1("r1")}
    %v2 = {view1("r2")}
    %ta = {tile1("va")}
    %t0 = {tile1("v0")}
    %t1 = {tile1("v1")}
    %t2 = {tile1("v2")}
    %ei = tensor.empty() : tensor<128xi32>
    %offs = linalg.fill ins(%off : i32) outs(%ei : tensor<128xi32>) -> tensor<128xi32>
    %idx = arith.addi %iota, %offs : tensor<128xi32>
    %ns = linalg.fill ins(%n : i32) outs(%ei : tensor<128xi32>) -> tensor<128xi32>
    %m0 = arith.cmpi slt, %idx, %ns : tensor<128xi32>
    %m1 = arith.cmpi sge, %idx, %ns : tensor<128xi32>
    %x0 = ktdp.load %ta : <128xindex> -> tensor<128xf32>
    %x1 = ktdp.load %ta : <128xindex> -> tensor<128xf32>
    %ef = tensor.empty() : tensor<128xf32>
    %fi = linalg.fill ins(%ninf : f32) outs(%ef : tensor<128xf32>) -> tensor<128xf32>
    %s0 = arith.select %m0, %x0, %fi : tensor<128xi1>, tensor<128xf32>
    %s1 = arith.select %m1, %x1, %zero : tensor<128xi1>, tensor<128xf32>
    %d = arith.addf %x1, %x1 : tensor<128xf32>
    ktdp.store %s0, %t0 : tensor<128xf32>, <128xindex>
    ktdp.store %s1, %t1 : tensor<128xf32>, <128xindex>
    ktdp.store %d, %t2 : tensor<128xf32>, <128xindex>
    return
  }}
}}
""")
    a = np.random.default_rng(5).standard_normal(128).astype(np.float32)
    fa = os.path.join(tmp, "msel.a.npy")
    np.save(fa, a)
    for n, off in ((100, 0), (0, 0), (-5, 0), (200, 0), (128, 0), (37, 20), (5, -10), (130, -3), (10, 2147483600)):
        idx = ((np.arange(128, dtype=np.int64) + off + 2**31) % 2**32 - 2**31)
        want = [("r0", np.where(idx < n, a, np.float32(-np.inf)).astype(np.float32)),
                ("r1", np.where(idx >= n, a, np.float32(0)).astype(np.float32)), ("r2", a + a)]
        args = ["--arg", f"a={fa}", "--arg", "r0=zeros:128", "--arg", "r1=zeros:128", "--arg", "r2=zeros:128",
                "--arg", f"n={n}", "--arg", f"off={off}"]
        both(f"fast path: masked row select n={n} off={off}", tmp, k, args, want, None)

    # the 2-D form (ptr_matmul's K masks): a 1-D mask (n > iota, through a
    # 1xL reshape and back) broadcast over the rows (r0, in place), and one
    # over the columns (iota + off < m) selecting a row used twice (r1); an
    # equality mask keeps no interval: element by element through the broadcast (r3)
    def view2(arg):
        return (f"ktdp.construct_memory_view %{arg}, sizes: [16, 24], strides: [24, 1] {{coordinate_set = "
                f"affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 23 >= 0)>, memory_space = #ktdp.memory_space<global>}} : memref<16x24xf32>")

    def tile2(v):
        return (f"ktdp.construct_access_tile %{v}[%c0, %c0] {{access_tile_order = affine_map<(d0, d1) -> (d0, d1)>, "
                f"access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 23 >= 0)>}} : memref<16x24xf32> -> !ktdp.access_tile<16x24xindex>")
    k = os.path.join(tmp, "msel2.ktir")
    open(k, "w").write(f"""module {{
  func.func @msel2(%a: index, %r0: index, %r1: index, %r2: index, %r3: index, %n: i32, %m: i32, %off: i32) attributes {{grid = [1]}} {{
    %c0 = arith.constant 0 : index
    %i24 = arith.constant dense<[{", ".join(str(i) for i in range(24))}]> : tensor<24xi32>
    %i16 = arith.constant dense<[{", ".join(str(i) for i in range(16))}]> : tensor<16xi32>
    %mone = arith.constant -1.500000e+00 : f32
    %zero = arith.constant 0.000000e+00 : f32
    %va = {view2("a")}
    %v0 = {view2("r0")}
    %v1 = {view2("r1")}
    %v2 = {view2("r2")}
    %v3 = {view2("r3")}
    %ta = {tile2("va")}
    %t0 = {tile2("v0")}
    %t1 = {tile2("v1")}
    %t2 = {tile2("v2")}
    %t3 = {tile2("v3")}
    %e24 = tensor.empty() : tensor<24xi32>
    %ns = linalg.fill ins(%n : i32) outs(%e24 : tensor<24xi32>) -> tensor<24xi32>
    %c = arith.cmpi sgt, %ns, %i24 : tensor<24xi32>
    %c2 = tensor.expand_shape %c [[0, 1]] output_shape [1, 24] : tensor<24xi1> into tensor<1x24xi1>
    %c3 = tensor.collapse_shape %c2 [[0, 1]] : tensor<1x24xi1> into tensor<24xi1>
    %eb = tensor.empty() : tensor<16x24xi1>
    %mc = linalg.broadcast ins(%c3 : tensor<24xi1>) outs(%eb : tensor<16x24xi1>) dimensions = [0]
    %e16 = tensor.empty() : tensor<16xi32>
    %offs = linalg.fill ins(%off : i32) outs(%e16 : tensor<16xi32>) -> tensor<16xi32>
    %ri = arith.addi %i16, %offs : tensor<16xi32>
    %ms = linalg.fill ins(%m : i32) outs(%e16 : tensor<16xi32>) -> tensor<16xi32>
    %r = arith.cmpi slt, %ri, %ms : tensor<16xi32>
    %mr = linalg.broadcast ins(%r : tensor<16xi1>) outs(%eb : tensor<16x24xi1>) dimensions = [1]
    %q = arith.cmpi eq, %ns, %i24 : tensor<24xi32>
    %mq = linalg.broadcast ins(%q : tensor<24xi1>) outs(%eb : tensor<16x24xi1>) dimensions = [0]
    %x0 = ktdp.load %ta : <16x24xindex> -> tensor<16x24xf32>
    %x1 = ktdp.load %ta : <16x24xindex> -> tensor<16x24xf32>
    %ef = tensor.empty() : tensor<16x24xf32>
    %f0 = linalg.fill ins(%zero : f32) outs(%ef : tensor<16x24xf32>) -> tensor<16x24xf32>
    %f1 = linalg.fill ins(%mone : f32) outs(%ef : tensor<16x24xf32>) -> tensor<16x24xf32>
    %s0 = arith.select %mc, %x0, %f0 : tensor<16x24xi1>, tensor<16x24xf32>
    %s1 = arith.select %mr, %x1, %f1 : tensor<16x24xi1>, tensor<16x24xf32>
    %d = arith.addf %x1, %x1 : tensor<16x24xf32>
    %s3 = arith.select %mq, %x1, %f1 : tensor<16x24xi1>, tensor<16x24xf32>
    ktdp.store %s3, %t3 : tensor<16x24xf32>, <16x24xindex>
    ktdp.store %s0, %t0 : tensor<16x24xf32>, <16x24xindex>
    ktdp.store %s1, %t1 : tensor<16x24xf32>, <16x24xindex>
    ktdp.store %d, %t2 : tensor<16x24xf32>, <16x24xindex>
    return
  }}
}}
""")
    a = np.random.default_rng(6).standard_normal((16, 24)).astype(np.float32)
    fa = os.path.join(tmp, "msel2.a.npy")
    np.save(fa, a)
    for n, m, off in ((17, 9, 0), (0, 0, 0), (-3, 20, 0), (30, 16, 0), (24, 5, 3), (1, 2, -4), (8, 10, 2147483640)):
        ri = ((np.arange(16, dtype=np.int64) + off + 2**31) % 2**32 - 2**31)
        want = [("r0", np.where((n > np.arange(24))[None, :], a, np.float32(0)).astype(np.float32)),
                ("r1", np.where((ri < m)[:, None], a, np.float32(-1.5)).astype(np.float32)), ("r2", a + a),
                ("r3", np.where((n == np.arange(24))[None, :], a, np.float32(-1.5)).astype(np.float32))]
        args = ["--arg", f"a={fa}", "--arg", "r0=zeros:16x24", "--arg", "r1=zeros:16x24", "--arg", "r2=zeros:16x24",
                "--arg", "r3=zeros:16x24", "--arg", f"n={n}", "--arg", f"m={m}", "--arg", f"off={off}"]
        both(f"fast path: masked 2-D select n={n} m={m} off={off}", tmp, k, args, want, None)


def memory_cases(tmp, expect):
    # a coordinate_set that is not a box (the lower triangle, d1 <= d0): the
    # per-element path masks the rest on load and on store
    k = os.path.join(tmp, "tri.ktir")
    open(k, "w").write("""module {
  func.func @tri(%a: index, %b: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %va = ktdp.construct_memory_view %a, sizes: [8, 8], strides: [8, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, d0 - d1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<8x8xf32>
    %vb = ktdp.construct_memory_view %b, sizes: [8, 8], strides: [8, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 7 >= 0, d0 - d1 + 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<8x8xf32>
    %ta = ktdp.construct_access_tile %va[%c0, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 7 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<8x8xf32> -> !ktdp.access_tile<8x8xindex>
    %x = ktdp.load %ta : !ktdp.access_tile<8x8xindex> -> tensor<8x8xf32>
    %one = arith.constant dense<1.0> : tensor<8x8xf32>
    %y = arith.addf %x, %one : tensor<8x8xf32>
    %tb = ktdp.construct_access_tile %vb[%c0, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 7 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<8x8xf32> -> !ktdp.access_tile<8x8xindex>
    ktdp.store %y, %tb : tensor<8x8xf32>, !ktdp.access_tile<8x8xindex>
    return
  }
}
""")
    a = np.arange(64, dtype=np.float32).reshape(8, 8) + 100
    np.save(os.path.join(tmp, "tria.npy"), a)
    want = np.where(np.tri(8, 8, 1, dtype=bool), np.tril(a) + 1, -5).astype(np.float32)
    np.save(os.path.join(tmp, "trib.npy"), np.full((8, 8), -5, np.float32))
    both("a coordinate_set that is not a box", tmp, k, ["--arg", f"a={os.path.join(tmp, 'tria.npy')}", "--arg", f"b={os.path.join(tmp, 'trib.npy')}"], "b", want)
    # a view distributed over two buffers: coordinates 0..3 in the first,
    # 4..7 in the second (relative to its corner, 4); 8..9 in none (masked)
    k = os.path.join(tmp, "dist.ktir")
    open(k, "w").write("""module {
  func.func @dist(%a: index, %b: index, %o: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %va = ktdp.construct_memory_view %a, sizes: [4], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<4xf32>
    %vb = ktdp.construct_memory_view %b, sizes: [4], strides: [1] {coordinate_set = affine_set<(d0) : (d0 - 4 >= 0, -d0 + 7 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<4xf32>
    %vd = ktdp.construct_distributed_memory_view (%va, %vb : memref<4xf32>, memref<4xf32>) : memref<10xf32>
    %vo = ktdp.construct_memory_view %o, sizes: [10], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 9 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<10xf32>
    %t = ktdp.construct_access_tile %vd[%c0] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 9 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<10xf32> -> !ktdp.access_tile<10xindex>
    %x = ktdp.load %t : !ktdp.access_tile<10xindex> -> tensor<10xf32>
    %to = ktdp.construct_access_tile %vo[%c0] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 9 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<10xf32> -> !ktdp.access_tile<10xindex>
    ktdp.store %x, %to : tensor<10xf32>, !ktdp.access_tile<10xindex>
    return
  }
}
""")
    np.save(os.path.join(tmp, "da.npy"), np.arange(4, dtype=np.float32))
    np.save(os.path.join(tmp, "db.npy"), np.arange(4, dtype=np.float32) + 10)
    both("a view distributed over two buffers", tmp, k,
         ["--arg", f"a={os.path.join(tmp, 'da.npy')}", "--arg", f"b={os.path.join(tmp, 'db.npy')}", "--arg", "o=ones:10"], "o",
         np.array([0, 1, 2, 3, 10, 11, 12, 13, 0, 0], np.float32))
    # overlapping partitions: coordinates 3..5 are in both, and belong to the
    # first (a load reads them there, a store writes them only there)
    k = os.path.join(tmp, "overlap.ktir")
    sets = "{coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 5 >= 0)>, memory_space = #ktdp.memory_space<global>}"
    setb = "{coordinate_set = affine_set<(d0) : (d0 - 3 >= 0, -d0 + 7 >= 0)>, memory_space = #ktdp.memory_space<global>}"
    tile = "{access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 9 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>}"
    open(k, "w").write(f"""module {{
  func.func @overlap(%a: index, %b: index, %oa: index, %ob: index) attributes {{grid = [1]}} {{
    %c0 = arith.constant 0 : index
    %va = ktdp.construct_memory_view %a, sizes: [6], strides: [1] {sets} : memref<6xf32>
    %vb = ktdp.construct_memory_view %b, sizes: [5], strides: [1] {setb} : memref<5xf32>
    %vd = ktdp.construct_distributed_memory_view (%va, %vb : memref<6xf32>, memref<5xf32>) : memref<10xf32>
    %t = ktdp.construct_access_tile %vd[%c0] {tile} : memref<10xf32> -> !ktdp.access_tile<10xindex>
    %x = ktdp.load %t : !ktdp.access_tile<10xindex> -> tensor<10xf32>
    %wa = ktdp.construct_memory_view %oa, sizes: [6], strides: [1] {sets} : memref<6xf32>
    %wb = ktdp.construct_memory_view %ob, sizes: [5], strides: [1] {setb} : memref<5xf32>
    %wd = ktdp.construct_distributed_memory_view (%wa, %wb : memref<6xf32>, memref<5xf32>) : memref<10xf32>
    %to = ktdp.construct_access_tile %wd[%c0] {tile} : memref<10xf32> -> !ktdp.access_tile<10xindex>
    ktdp.store %x, %to : tensor<10xf32>, !ktdp.access_tile<10xindex>
    return
  }}
}}
""")
    np.save(os.path.join(tmp, "oa.npy"), np.arange(6, dtype=np.float32) + 1)
    np.save(os.path.join(tmp, "ob.npy"), np.arange(5, dtype=np.float32) + 11)
    np.save(os.path.join(tmp, "oo.npy"), np.full(5, -1, np.float32))
    both("overlapping partitions of a distributed view", tmp, k,
         ["--arg", f"a={os.path.join(tmp, 'oa.npy')}", "--arg", f"b={os.path.join(tmp, 'ob.npy')}", "--arg", "oa=zeros:6",
          "--arg", f"ob={os.path.join(tmp, 'oo.npy')}"],
         [("oa", np.arange(6, dtype=np.float32) + 1), ("ob", np.array([-1, -1, -1, 14, 15], np.float32))], None)
    # a reduce over the first dim with a body that is not add/max/min: the
    # generic loops (the halving order), exact on powers of two
    k = os.path.join(tmp, "red0.ktir")
    open(k, "w").write("""module {
  func.func @red0(%a: index, %o: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %one = arith.constant 1.0 : f32
    %va = ktdp.construct_memory_view %a, sizes: [5, 8], strides: [8, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 4 >= 0, d1 >= 0, -d1 + 7 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<5x8xf32>
    %vo = ktdp.construct_memory_view %o, sizes: [8], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 7 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<8xf32>
    %ta = ktdp.construct_access_tile %va[%c0, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 4 >= 0, d1 >= 0, -d1 + 7 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<5x8xf32> -> !ktdp.access_tile<5x8xindex>
    %x = ktdp.load %ta : !ktdp.access_tile<5x8xindex> -> tensor<5x8xf32>
    %e = tensor.empty() : tensor<8xf32>
    %i = linalg.fill ins(%one : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
    %r = linalg.reduce ins(%x : tensor<5x8xf32>) outs(%i : tensor<8xf32>) dimensions = [0]
      (%p: f32, %q: f32) {
        %m = arith.mulf %p, %q : f32
        linalg.yield %m : f32
      }
    %to = ktdp.construct_access_tile %vo[%c0] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 7 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<8xf32> -> !ktdp.access_tile<8xindex>
    ktdp.store %r, %to : tensor<8xf32>, !ktdp.access_tile<8xindex>
    return
  }
}
""")
    a = np.array([[2, 0.5, 1, 2, 4, 1, 0.25, 2]] * 5, np.float32) * np.array([[1], [2], [0.5], [1], [2]], np.float32)
    np.save(os.path.join(tmp, "r0.npy"), a)
    both("linalg.reduce over the first dim, a mulf body", tmp, k, ["--arg", f"a={os.path.join(tmp, 'r0.npy')}", "--arg", "o=zeros:8"], "o",
         np.prod(a, axis=0).astype(np.float32))
    # inter-tile: tile 1 skips its produce, so tile 0 (its group's consumer) never gets it
    k = os.path.join(tmp, "never.ktir")
    open(k, "w").write("""module {
  func.func @never(%a: index) attributes {grid = [2]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %id = arith.constant dense<0.0> : tensor<4xf32>
    %t = ktdp.get_compute_tile_id : index
    %skip = arith.cmpi eq, %t, %c1 : index
    %v = ktdp.construct_memory_view %a, sizes: [4], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<4xf32>
    %at = ktdp.construct_access_tile %v[%c0] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<4xf32> -> !ktdp.access_tile<4xindex>
    %x = ktdp.load %at : !ktdp.access_tile<4xindex> -> tensor<4xf32>
    scf.if %skip {
    } else {
      %f = ktdp.inter_tile_produce producer_tiles_per_group = affine_set<(d0)[s0] : (d0 >= 0, -d0 + 1 >= 0, s0 == 0)> -> <(tensor<4xf32>), groups = affine_set<(d0) : (d0 == 0)>> {
      ^bb0(%g: index):
        ktdp.yield_partial %x : tensor<4xf32>
      }
      %r = ktdp.inter_tile_reduce(%f) consumer_tiles_per_group = affine_set<(d0)[s0] : (d0 >= 0, -d0 + 1 >= 0, s0 == 0)>, identity(%id : tensor<4xf32>) : <(tensor<4xf32>), groups = affine_set<(d0) : (d0 == 0)>> -> tensor<4xf32> {
      ^bb0(%p: tensor<4xf32>, %q: tensor<4xf32>):
        %e = tensor.empty() : tensor<4xf32>
        %s = linalg.add ins(%p, %q : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
        ktdp.yield_reduced %s : tensor<4xf32>
      }
      ktdp.store %r, %at : tensor<4xf32>, !ktdp.access_tile<4xindex>
    }
    return
  }
}
""")
    expect("inter-tile: a partial that never comes (interpreter)", [k, "--interp", "--arg", "a=ones:4"],
           r"never\.ktir:17:\d+: error: ktdp\.inter_tile_reduce: tile 1 of group 0 finished without producing this future in program \(0, 0, 0\)")
    expect("inter-tile: a partial that never comes (JIT)", [k, "--jit", "--arg", "a=ones:4"],
           r"never\.ktir:17:\d+: error: ktdp\.inter_tile_reduce: a partial of its group never comes \(its producer finished without making it, "
           r"or every unfinished tile waits\) in program \(0, 0, 0\)")


def main():
    with tempfile.TemporaryDirectory() as tmp:
        for sample, cases in check.SAMPLES.items():
            if ONLY and sample not in ONLY:
                continue
            if not os.path.exists(os.path.join(GOLDEN, sample + ".ktir")):
                continue
            for idx, case in enumerate(cases + EXTRA_CASES.get(sample, [])):
                run_case(tmp, sample, case, idx)
        if not ONLY:
            error_cases(tmp)
            fast_path_cases(tmp)
            for smp, sem, g in GOLDEN_ROWS:
                if g not in USED_GOLDENS:
                    print(f"not run: golden {g} ({smp}, {' '.join(sem)}): {NOT_RUN.get(g, 'no case with these flags')}")
    w = max(len(r[0]) for r in rows) if rows else 10
    for name, st, note in rows:
        print(f"{name:<{w}}  {st}  {note}")
    print(f"{npass} passed, {nfail} failed")
    return 1 if nfail else 0


if __name__ == "__main__":
    sys.exit(main())
