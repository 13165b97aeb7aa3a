#!/usr/bin/env python3
"""ktir-cpu's own examples read, printed back and run by ttxform, against ktir-cpu.

For every file under ktir-cpu's examples/ folder (the KTIR its users exchange):

1. read: `ttxform FILE` prints it (the first print);
2. fixed point: the first print read back prints the same bytes;
3. run: `ttxform run FILE` (the JIT) on random inputs, and ktir-cpu's interpreter on the
   same inputs; every buffer of the table's `compare` list must agree within the
   tolerance of its dtype.

An example that cannot be compared says why in the table below (SKIPS) and is reported
as such (`RAN` when ttxform still ran it, `NOT RUN` otherwise), never left out.  A file
of the folder without an entry in CASES or SKIPS fails.

Usage: run.py --ktir-cpu DIR --ttxform BIN [--skip-missing] [-v] [NAME ...]

A kernel ktir-cpu cannot run may be checked against NumPy instead (`NUMPY`).
The last line is `N passed, N failed` (PASS, NUMPY, RAN and NOT RUN rows count as passed).
With --skip-missing a missing ktir-cpu checkout or NumPy is a skip (exit 77).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
import tempfile
import warnings
import zlib
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))

# (rtol, atol, atol relative to the largest reference magnitude): ktir-cpu computes f16
# kernels in f16 throughout (products and sums), ttxform's engines accumulate as the
# kernel declares, so sums of many products differ by f16 roundings of the largest terms
F16 = (2e-2, 2e-2, 0.0)
F16_SUMS = (2e-2, 2e-2, 1e-2)
F16_LONG_SUMS = (2e-2, 2e-2, 3e-2)   # 2048-term products summed in f16 by ktir-cpu
F32 = (1e-5, 1e-5, 0.0)


def arr(shape: tuple[int, ...], dtype: str = "f16", fill: str = "randn", **kw: Any) -> dict:
    return {"shape": shape, "dtype": dtype, "fill": fill, **kw}


# name -> arguments (arrays: arr(...); scalars: numbers), the buffers compared,
# the tolerance; `grid` only where the example's own is not run.
CASES: dict[str, dict[str, Any]] = {
    "triton-ktir/vector_add_ktir.mlir": dict(
        args={"x_ptr": arr((4096,)), "y_ptr": arr((4096,)), "output_ptr": arr((4096,), fill="zeros"),
              "BLOCK_SIZE": 128},
        compare=["output_ptr"]),
    "triton-ktir/vector_add_dynamic_ktir.mlir": dict(
        args={"x_ptr": arr((1024,), "f32"), "y_ptr": arr((1024,), "f32"),
              "output_ptr": arr((1024,), "f32", fill="zeros"), "n_elements": 1024},
        compare=["output_ptr"], tol=F32),
    "triton-ktir/softmax_fwd_ktir.mlir": dict(
        args={"output_ptr": arr((4096, 1024), fill="zeros"), "input_ptr": arr((4096, 1024)),
              "n_rows": 4096},
        compare=["output_ptr"]),
    "triton-ktir/layernorm_fwd_ktir.mlir": dict(
        args={"X": arr((1151, 8192)), "Y": arr((1151, 8192), fill="zeros"), "W": arr((1151, 8192)),
              "B": arr((1151, 8192)), "Mean": arr((1151,), fill="zeros"), "Rstd": arr((1151,), fill="zeros"),
              "N": 8192, "eps": 1e-5, "BLOCK_SIZE": 1024},
        compare=["Y", "Mean", "Rstd"]),
    "triton-ktir/matmul_fwd_ktir.mlir": dict(
        args={"a_ptr": arr((64, 2048), fill="uniform"), "b_ptr": arr((2048, 8192), fill="uniform"),
              "c_ptr": arr((64, 8192), fill="zeros"), "K": 2048, "BLOCK_SIZE_M": 32,
              "BLOCK_SIZE_N": 512, "BLOCK_SIZE_K": 128},
        compare=["c_ptr"], tol=F16_LONG_SUMS),
    "triton-ktir/sdpa_2d.mlir": dict(
        args={"q_ptr": arr((32, 64)), "k_ptr": arr((32, 64)), "v_ptr": arr((32, 64)),
              "output_ptr": arr((32, 64), fill="zeros")},
        compare=["output_ptr"]),
    "triton-ktir/indexed_add.mlir": dict(
        args={"x_ptr": arr((128, 64, 8, 128)), "y_ptr": arr((2, 32, 8, 128)),
              "index_ptr": arr((2,), "i64", fill="values", data=[5, 77]),
              "output_ptr": arr((2, 32, 8, 128), fill="zeros"), "dim1_start": 0},
        compare=["output_ptr"]),
    "triton-ktir/paged_attention.mlir": dict(
        args={"output_ptr": arr((8, 32, 128), fill="zeros"), "query_ptr": arr((8, 32, 128)),
              "key_cache_ptr": arr((64, 16, 8, 128)), "value_cache_ptr": arr((64, 16, 8, 128)),
              "block_tables_ptr": arr((1, 16), "i32", fill="values",
                                      data=[[3, 9, 1, 40, 7, 22, 63, 0, 5, 11, 17, 29, 31, 2, 50, 8]]),
              "cur_batch_start_index": 0, "block_table_offset": 0, "num_tiles": 4,
              "context_len": 48, "scale": 0.088388},
        compare=["output_ptr"]),
    "sdsc/sdpa_pv_ksplit.mlir": dict(
        args={"a_ptr": arr((1, 8192), fill="uniform"), "b_ptr": arr((8192, 128), fill="uniform"),
              "c_ptr": arr((1, 128), fill="zeros")},
        compare=["c_ptr"], tol=F16_SUMS),
    "ktir/ffn_swiglu.mlir": dict(
        args={"x_ptr": arr((1, 64), fill="uniform"), "w_gate_ptr": arr((64, 128), fill="uniform"),
              "w_up_ptr": arr((64, 128), fill="uniform"), "w_down_ptr": arr((128, 64), fill="uniform"),
              "out_ptr": arr((1, 64), fill="zeros")},
        compare=["out_ptr"], tol=F16_SUMS),
    "ktir/ffn_swiglu_4core.mlir": dict(
        args={"x_ptr": arr((4, 256), fill="uniform"), "w_gate_ptr": arr((256, 1024), fill="uniform"),
              "w_up_ptr": arr((256, 1024), fill="uniform"), "w_down_ptr": arr((1024, 256), fill="uniform"),
              "out_ptr": arr((4, 256), fill="zeros")},
        compare=["out_ptr"], tol=F16_SUMS),
    "ktir/nested_yield.ktir": dict(args={"out": arr((4,), "f32", fill="zeros")}, compare=["out"], tol=F32),
    "ktir/reduce_generic.mlir": dict(args={"arg0": arr((1, 4))}, compare=["arg0"]),
    "ktir/reduce_multiop.mlir": dict(args={"arg0": arr((1, 8))}, compare=["arg0"]),
    "ktir/ring_reduce.mlir": dict(
        args={"in_ptr": arr((4, 128)), "out_ptr": arr((1, 128), fill="zeros")}, compare=["out_ptr"]),
    "ktir/ring_reduce_inner_loop.mlir": dict(
        args={"in_ptr": arr((4, 128)), "out_ptr": arr((1, 128), fill="zeros"), "n_iters": 3},
        compare=["out_ptr"]),
    "ktir/scalar_broadcast.mlir": dict(
        args={"in_ptr": arr((1, 1)), "out_ptr": arr((4, 64), fill="zeros")}, compare=["out_ptr"]),
    "ktir/softmax_wide.mlir": dict(
        args={"output_ptr": arr((2, 262144), fill="zeros"), "input_ptr": arr((2, 262144))},
        compare=["output_ptr"]),
    "latency/matmul_small.mlir": dict(
        args={"a_ptr": arr((16, 64), fill="uniform"), "b_ptr": arr((64, 64), fill="uniform"),
              "c_ptr": arr((16, 64), fill="zeros"), "K": 64, "BLOCK_SIZE_M": 8, "BLOCK_SIZE_N": 32,
              "BLOCK_SIZE_K": 32},
        compare=["c_ptr"]),
    "latency/ring_reduce_multi_group.mlir": dict(
        args={"in_ptr": arr((16, 128)), "out_ptr": arr((4, 128), fill="zeros")}, compare=["out_ptr"]),
    "latency/rmsnorm_4core_2x2.mlir": dict(
        args={"X": arr((256, 4096)), "Y": arr((256, 4096), fill="zeros"), "W": arr((256, 4096)),
              "N": 4096, "eps": 1e-5, "BLOCK_SIZE": 1024},
        compare=["Y"]),
    "latency/rmsnorm_4core_4x1.mlir": dict(
        args={"X": arr((256, 4096)), "Y": arr((256, 4096), fill="zeros"), "W": arr((256, 4096)),
              "N": 4096, "eps": 1e-5, "BLOCK_SIZE": 1024},
        compare=["Y"]),
    "latency/rope_fwd_4x2.mlir": dict(
        args={"x_ptr": arr((163840, 128)), "cos_ptr": arr((4096, 64)), "sin_ptr": arr((4096, 64)),
              "out_ptr": arr((163840, 128), fill="zeros")},
        compare=["out_ptr"]),
    "latency/softmax_small.mlir": dict(
        args={"output_ptr": arr((64, 64), fill="zeros"), "input_ptr": arr((64, 64)), "n_rows": 64},
        compare=["output_ptr"]),
    "latency/softmax_small_explicit.mlir": dict(
        args={"output_ptr": arr((64, 64), fill="zeros"), "input_ptr": arr((64, 64)), "n_rows": 64},
        compare=["output_ptr"]),
    "rfc/distributed-view-copy-dynamic.mlir": dict(
        args={"a0_ptr": arr((64, 32)), "a1_ptr": arr((64, 32)), "b_ptr": arr((64, 64), fill="zeros"),
              "s0_in": 32},
        compare=["b_ptr"]),
    "rfc/distributed-view-copy-rowmerge-dynamic.mlir": dict(
        args={"a0_ptr": arr((64, 32)), "a1_ptr": arr((64, 32)), "b_ptr": arr((128, 32), fill="zeros"),
              "s0_in": 32},
        compare=["b_ptr"]),
    # fixed addresses: the views' offsets are constants, so the data is placed in one
    # memory image (ttxform run --memory) and, for ktir-cpu, in allocations at the same
    # byte addresses (element address times element size); a fourth field N places a
    # region in compute tile N's LX scratchpad (ttxform run --lx N=IMAGE, and ktir-cpu's
    # LX of core N)
    "rfc/add-with-control-flow.mlir": dict(
        memory=[("A", 1024, arr((96, 64))), ("B", 12288, arr((96, 64))),
                ("C", 18432, arr((96, 64), fill="zeros"))],
        compare=["C"]),
    # A's rows 96..127 in core 0's LX, column-major with a leading dimension of 64 (the
    # view reads element i + 64 j, so the 64x64 region's odd half is never read), rows
    # 128..191 in core 1's LX; both tiles copy all of A to B. The LX regions are compared
    # too (nothing may write them), and B also with A assembled by NumPy (`expect`)
    "rfc/distributed-view-copy.mlir": dict(
        memory=[("A_HBM", 0, arr((96, 64))), ("A_LX0", 12288, arr((64, 64)), 0),
                ("A_LX1", 16384, arr((64, 64)), 1), ("B", 24576, arr((192, 64), fill="zeros"))],
        compare=["B", "A_LX0", "A_LX1"],
        expect=lambda np, m: {"B": np.concatenate([m["A_HBM"], m["A_LX0"][:, :32].T, m["A_LX1"]])}),
}

# name -> why ktir-cpu and ttxform cannot be compared on it (ttxform still reads and
# prints it; `run` says whether ttxform runs it alone, with which arguments)
OVERLAP = ("its four views overlap (X at f16 element 0 holds 4096 elements, the i32 index "
           "views start at element 64 and 128, Y at 192), and ktir-cpu keeps memory as "
           "separate allocations of one dtype each, so the same bytes cannot be given to both; "
           "ttxform runs it on a zeroed memory (every index 0)")
def paged_write(np: Any, m: dict[str, Any]) -> dict[str, Any]:
    """Y[Idx[b, t // 64], h, t % 64, d] = X[b, t, h, d]"""
    y = m["Y"].copy()
    y[m["Idx"]] = m["X"].reshape(4, 32, 64, 8, 128).transpose(0, 1, 3, 2, 4)
    return {"Y": y}


PAGED = ("ktir-cpu cannot run it: it loads the whole 4x2048x8x128 f16 tile (16 MiB) into its "
         "2 MiB LX scratchpad (`LX scratchpad overflow`), and its BoxSet enumeration refuses the "
         "paged access tile (`hi[1]=2048 exceeds shape[1]=8`); ttxform's result is compared "
         "with NumPy instead")
OVERLAP_NP = (OVERLAP.split("; ttxform runs")[0] + "; ttxform's memory is compared with NumPy's gather "
              "on the same bytes instead (index words in 0..63, so X's words that are also index "
              "words are whatever those bytes say)")


def overlap_image(np: Any, rng: Any) -> Any:
    """16896 bytes: X's first 256 bytes random f16, then i32 words 0..63 up to IDX2's end"""
    img = np.zeros(16896, np.uint8)
    img[:256] = rng.standard_normal(128).astype(np.float16).view(np.uint8)
    img[256:] = rng.integers(0, 64, (16896 - 256) // 4).astype(np.int32).view(np.uint8)
    return img


def overlap_copy(np: Any, img: Any) -> Any:
    """Y[m, k] = X[IDX1[m, k], IDX2[m, k]], every view read before Y is written"""
    x = img[:8192].view(np.float16).reshape(64, 64)
    i1 = img[256:256 + 16384].view(np.int32).reshape(64, 64)
    i2 = img[512:512 + 16384].view(np.int32).reshape(64, 64)
    out = img.copy()
    out[384:384 + 8192] = x[i1, i2].view(np.uint8).ravel()
    return out


SKIPS: dict[str, dict[str, Any]] = {
    # checked against NumPy instead: the page table a permutation of 128 pages, only those
    # pages of the 10000-page tensor given (the rest is never read or written)
    "rfc/paged-tensor-copy.mlir": dict(
        why=PAGED,
        memory=[("Y", 10000000, arr((4, 2048, 8, 128), fill="zeros")),
                ("Idx", 20000000, arr((4, 32), "i32", fill="pages")),
                ("X", 30000000, arr((4 * 32, 8, 64, 128)))],
        numpy=lambda np, m: {"Y": m["X"][m["Idx"]].transpose(0, 1, 3, 2, 4).reshape(4, 2048, 8, 128)},
        compare=["Y"]),
    "rfc/paged-tensor-write.mlir": dict(
        why=PAGED,
        memory=[("X", 10000000, arr((4, 2048, 8, 128))),
                ("Idx", 30000000, arr((4, 32), "i32", fill="pages")),
                ("Y", 40000000, arr((4 * 32, 8, 64, 128), fill="zeros"))],
        numpy=paged_write,
        compare=["Y"]),
    "rfc/indirect-access-copy.mlir": dict(why=OVERLAP_NP, image=overlap_image, numpy_image=overlap_copy),
    "rfc/indirect-scatter.mlir": dict(why=OVERLAP, run=["--memory=zeros:4288:i32"]),
}


def fill(np: Any, spec: dict, rng: Any) -> Any:
    dt = {"f16": np.float16, "f32": np.float32, "i32": np.int32, "i64": np.int64}[spec["dtype"]]
    shape = spec["shape"]
    f = spec["fill"]
    if f == "zeros":
        return np.zeros(shape, dt)
    if f == "randn":
        return rng.standard_normal(shape).astype(dt)
    if f == "uniform":
        return rng.uniform(-1, 1, shape).astype(dt)
    if f == "values":
        return np.array(spec["data"], dt).reshape(shape)
    if f == "pages":    # a page table: each of its entries a different page
        return rng.permutation(int(np.prod(shape))).astype(dt).reshape(shape)
    raise ValueError(f"unknown fill {f}")


_DIGEST: dict[str, str] = {}


def cached(np: Any, ktir_cpu: str, path: str, what: Any, compute: Any) -> dict[str, Any]:
    """compute() (ktir-cpu's outputs, a dict of arrays), kept when $TTX_KTIR_CPU_CACHE
    names a folder, under a hash of the example's text, WHAT (its inputs) and
    ktir-cpu's sources: the answer does not depend on ttxform, so .ci/run's second
    build reads the first one's"""
    cache = os.environ.get("TTX_KTIR_CPU_CACHE")
    if not cache:
        return compute()
    if ktir_cpu not in _DIGEST:
        d = hashlib.sha256()
        for fn in sorted(os.path.join(dp, f) for dp, _, fs in os.walk(ktir_cpu) for f in fs if f.endswith(".py")):
            with open(fn, "rb") as f:
                d.update(fn.encode() + b"\0" + f.read())
        _DIGEST[ktir_cpu] = d.hexdigest()
    h = hashlib.sha256(_DIGEST[ktir_cpu].encode())
    with open(path, "rb") as f:
        h.update(f.read())
    h.update(repr(what).encode())
    for v in (what.values() if isinstance(what, dict) else [r[2] for r in what]):
        if isinstance(v, np.ndarray):
            h.update(v.tobytes())
    fn = os.path.join(cache, "examples-" + h.hexdigest() + ".npz")
    if os.path.exists(fn):
        with np.load(fn) as z:
            return {k: z[k] for k in z.files}
    out = compute()
    os.makedirs(cache, exist_ok=True)
    with open(fn + ".tmp", "wb") as f:
        np.savez(f, **{k: np.asarray(v) for k, v in out.items()})
    os.replace(fn + ".tmp", fn)
    return out


def run_ktir_cpu(np: Any, ktir_cpu: str, path: str, args: dict[str, Any]) -> dict[str, Any]:
    if ktir_cpu not in sys.path:
        sys.path.insert(0, ktir_cpu)
    from ktir_cpu import KTIRInterpreter  # noqa: PLC0415 (the checkout is found at run time)
    it = KTIRInterpreter()
    it.load(path)
    fn = next(iter(it.module.functions))
    kw = {k: (v.copy() if isinstance(v, np.ndarray) else v) for k, v in args.items()}
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")     # ktir-cpu's f16 exp overflows to inf, as it should
        return it.execute_function(fn, **kw)


def run_ktir_cpu_memory(np: Any, ktir_cpu: str, path: str, regions: list[tuple]) -> dict[str, Any]:
    """ktir-cpu on a kernel with fixed addresses: each region an allocation at its byte
    address (in HBM, or in a core's scratchpad), placed after the interpreter made its
    memory; the regions read back after the run.

    ktir-cpu also keeps every tile a core loads or computes in that core's LX, bump
    allocated from byte 0, so a tile would overwrite the regions placed there (in
    distributed-view-copy core 0's 24 KiB result lands on A_LX0 at byte 24576, and core 1
    then reads that); on Spyre the scratchpad planner keeps tiles off data in use, so each
    core's allocator starts past its last region, at a 128-byte boundary"""
    if ktir_cpu not in sys.path:
        sys.path.insert(0, ktir_cpu)
    from ktir_cpu import KTIRInterpreter  # noqa: PLC0415
    it = KTIRInterpreter()
    it.load(path)
    fn = next(iter(it.module.functions))
    prepare = it._prepare_execution

    def where(r: tuple) -> Any:
        return it.memory.hbm.memory if len(r) < 4 else it.memory.get_lx(r[3]).memory

    def seeded(grid: Any) -> None:
        prepare(grid)
        for r in regions:
            where(r)[r[1] * r[2].itemsize] = r[2].ravel().copy()
            if len(r) >= 4:
                lx = it.memory.get_lx(r[3])
                lx.next_ptr = max(lx.next_ptr, (r[1] * r[2].itemsize + r[2].nbytes + 127) // 128 * 128)
    it._prepare_execution = seeded
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        it.execute_function(fn)
    return {r[0]: where(r)[r[1] * r[2].itemsize].reshape(r[2].shape) for r in regions}


def compare(np: Any, name: str, a: Any, b: Any, tol: tuple[float, float, float]) -> str | None:
    if a.shape != b.shape or a.dtype != b.dtype:
        return f"{name}: {a.dtype}{a.shape} vs {b.dtype}{b.shape}"
    x, y = a.astype(np.float64), b.astype(np.float64)
    same_nan = np.isnan(x) == np.isnan(y)
    if not same_nan.all():
        return f"{name}: NaN at different places ({int((~same_nan).sum())} elements)"
    big = float(np.nanmax(np.abs(y))) if y.size else 0.0
    ok = np.isclose(x, y, rtol=tol[0], atol=tol[1] + tol[2] * big, equal_nan=True)
    if ok.all():
        return None
    d = np.abs(np.nan_to_num(x - y))
    i = int(np.argmax(d))
    return (f"{name}: {int((~ok).sum())} of {ok.size} elements differ, largest at flat index {i}: "
            f"ttxform {x.flat[i]!r}, ktir-cpu {y.flat[i]!r}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ktir-cpu", required=True, help="ktir-cpu source checkout")
    ap.add_argument("--ttxform", required=True)
    ap.add_argument("--skip-missing", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("names", nargs="*")
    o = ap.parse_args()
    exdir = os.path.join(o.ktir_cpu, "examples")
    sys.path.insert(0, os.path.join(HERE, "..", "numeric"))
    from harness import numpy_or_skip  # noqa: PLC0415 (tests/numeric, found at run time)
    try:
        np = numpy_or_skip("ktir-examples")   # re-runs this under /usr/bin/python3 when that has NumPy
    except SystemExit:
        if o.skip_missing:
            raise
        print("ktir-examples needs NumPy (--skip-missing makes that a skip)")
        return 1
    if not os.path.isdir(exdir):
        print(f"no ktir-cpu examples at {exdir}")
        return 77 if o.skip_missing else 1
    files = sorted(os.path.relpath(os.path.join(dp, f), exdir)
                   for dp, _, fs in os.walk(exdir) for f in fs if f.endswith((".mlir", ".ktir")))
    if o.names:
        files = [f for f in files if f in o.names or os.path.basename(f) in o.names]
    passed = failed = 0
    rows = []
    with tempfile.TemporaryDirectory(prefix="ktir-examples-") as tmp:
        for n, rel in enumerate(files):
            path = os.path.join(exdir, rel)
            status, notes = check_one(np, o, rel, path, os.path.join(tmp, str(n)))
            rows.append((rel, status, notes))
            if status == "FAIL":
                failed += 1
            else:
                passed += 1
            print(f"{status:8} {rel}" + (f": {notes}" if notes and (o.verbose or status != "PASS") else ""),
                  flush=True)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


def check_one(np: Any, o: argparse.Namespace, rel: str, path: str, work: str) -> tuple[str, str]:
    os.makedirs(work)
    p1 = subprocess.run([o.ttxform, path], capture_output=True, text=True)
    if p1.returncode:
        return "FAIL", "read: " + p1.stderr.strip().splitlines()[0]
    first = os.path.join(work, "first.mlir")
    with open(first, "w") as f:
        f.write(p1.stdout)
    p2 = subprocess.run([o.ttxform, first], capture_output=True, text=True)
    if p2.returncode or p2.stdout != p1.stdout:
        return "FAIL", "not a fixed point: " + (p2.stderr.strip() or "the second print differs")
    case = CASES.get(rel)
    if case is None:
        skip = SKIPS.get(rel)
        if skip is None:
            return "FAIL", "no entry in CASES or SKIPS of tests/ktir-examples/run.py"
        return skip_row(np, o, rel, path, work, skip)
    rng = np.random.default_rng(zlib.crc32(rel.encode()))
    if "memory" in case:
        return check_memory(np, o, path, work, case, rng)
    args: dict[str, Any] = {}
    cmd = [o.ttxform, "run", path]
    for k, v in case["args"].items():
        if isinstance(v, dict):
            a = fill(np, v, rng)
            args[k] = a
            fn = os.path.join(work, f"in_{k}.npy")
            np.save(fn, a)
            cmd += ["--arg", f"{k}={fn}"]
            cmd += ["--output", f"{k}={os.path.join(work, f'out_{k}.npy')}"]
        else:
            args[k] = v
            cmd += ["--arg", f"{k}={v}"]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        return "FAIL", "ttxform run: " + (r.stderr.strip().splitlines() or ["exit %d" % r.returncode])[0]
    try:
        ref = cached(np, o.ktir_cpu, path, args, lambda: run_ktir_cpu(np, o.ktir_cpu, path, args))
    except Exception as e:  # noqa: BLE001 (any failure of the other tool is reported)
        return "FAIL", f"ktir-cpu: {type(e).__name__}: {str(e)[:300]}"
    tol = case.get("tol", F16)
    errs = []
    for k in case["compare"]:
        mine = np.load(os.path.join(work, f"out_{k}.npy"))
        e = compare(np, k, mine, ref[k], tol)
        if e:
            errs.append(e)
    if errs:
        return "FAIL", "; ".join(errs)
    return "PASS", ", ".join(case["compare"]) + " agree"


def check_memory(np: Any, o: argparse.Namespace, path: str, work: str, case: dict, rng: Any) -> tuple[str, str]:
    regions = []
    for r in case["memory"]:
        a = fill(np, r[2], rng)
        regions.append((r[0], r[1], a, *r[3:]))
    # one byte image per memory: None the global memory (--memory), N tile N's LX (--lx N=)
    spaces = sorted({r[3] if len(r) > 3 else -1 for r in regions})
    cmd = [o.ttxform, "run", path]
    outs = {}
    for sp in spaces:
        mine = [r for r in regions if (r[3] if len(r) > 3 else -1) == sp]
        image = np.zeros(max(r[1] * r[2].itemsize + r[2].nbytes for r in mine), np.uint8)
        for r in mine:
            b = r[1] * r[2].itemsize
            image[b:b + r[2].nbytes] = r[2].view(np.uint8).ravel()
        tag = "memory" if sp < 0 else f"lx{sp}"
        src, outs[sp] = os.path.join(work, tag + ".npy"), os.path.join(work, tag + "-out.npy")
        np.save(src, image)
        cmd += [f"--memory={src}", f"--memory-out={outs[sp]}"] if sp < 0 else ["--lx", f"{sp}={src}", "--lx-out", f"{sp}={outs[sp]}"]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        return "FAIL", "ttxform run: " + (r.stderr.strip().splitlines() or ["exit %d" % r.returncode])[0]
    images = {sp: np.load(fn) for sp, fn in outs.items()}
    try:
        if "numpy" in case:
            ref = case["numpy"](np, {r[0]: r[2] for r in regions})
        else:
            ref = cached(np, o.ktir_cpu, path, regions,
                         lambda: run_ktir_cpu_memory(np, o.ktir_cpu, path, regions))
    except Exception as e:  # noqa: BLE001
        return "FAIL", f"ktir-cpu: {type(e).__name__}: {str(e)[:300]}"
    errs = []
    for reg in regions:
        if reg[0] not in case["compare"]:
            continue
        b = reg[1] * reg[2].itemsize
        got = images[reg[3] if len(reg) > 3 else -1]
        mine = got[b:b + reg[2].nbytes].view(reg[2].dtype).reshape(reg[2].shape)
        e = compare(np, reg[0], mine, ref[reg[0]], case.get("tol", F16))
        if e:
            errs.append(e)
        want = case["expect"](np, {r[0]: r[2] for r in regions}) if "expect" in case else {}
        if reg[0] in want and not np.array_equal(mine, want[reg[0]]):
            errs.append(f"{reg[0]}: differs from NumPy's in {int((mine != want[reg[0]]).sum())} elements")
    if errs:
        return "FAIL", "; ".join(errs)
    nlx = sum(sp >= 0 for sp in spaces)
    return "PASS", ", ".join(case["compare"]) + " agree (fixed addresses, one memory image" + (
        f" and the LX images of {nlx} tiles)" if nlx else ")") + ("; and with NumPy" if "expect" in case else "")


def skip_row(np: Any, o: argparse.Namespace, rel: str, path: str, work: str, skip: dict) -> tuple[str, str]:
    if "image" in skip:
        img = skip["image"](np, np.random.default_rng(zlib.crc32(rel.encode())))
        mem, out = os.path.join(work, "memory.npy"), os.path.join(work, "memory-out.npy")
        np.save(mem, img)
        r = subprocess.run([o.ttxform, "run", path, f"--memory={mem}", f"--memory-out={out}"],
                           capture_output=True, text=True)
        if r.returncode:
            return "FAIL", "ttxform run: " + (r.stderr.strip().splitlines() or ["exit %d" % r.returncode])[0]
        got, want = np.load(out), skip["numpy_image"](np, img)
        if got.shape != want.shape or (got != want).any():
            return "FAIL", f"memory differs from NumPy in {int((got != want).sum())} bytes"
        return "NUMPY", "memory agrees with NumPy byte for byte; " + skip["why"]
    if "numpy" in skip:
        rng = np.random.default_rng(zlib.crc32(rel.encode()))
        st, note = check_memory(np, o, path, work, skip, rng)
        return ("NUMPY" if st == "PASS" else st), (note + "; " + skip["why"]).replace(
            "agree (fixed addresses, one memory image)", "agree with NumPy (fixed addresses)")
    cmd = skip.get("run")
    if not cmd:
        return "NOT RUN", skip["why"]
    r = subprocess.run([o.ttxform, "run", path] + [c.replace("@WORK@", work) for c in cmd],
                       capture_output=True, text=True)
    if r.returncode:
        return "FAIL", "ttxform run: " + (r.stderr.strip().splitlines() or ["exit %d" % r.returncode])[0]
    return "RAN", "ttxform only: " + skip["why"]


if __name__ == "__main__":
    sys.exit(main())
