#!/usr/bin/env python3
"""Triton kernels on the CPU through ttxform, against torch (or NumPy).

    python3 bench/triton.py [--lib build/api/libttxform.so] [--quick] [--only NAME,...]

Prints markdown tables on stdout (the machine, kernel speed, latency).  The
kernels are stock Triton's (@triton.jit, the tutorials' and the ones of
tests/python/kernels*.py), compiled by Triton's frontend and this tree's
ttxform backend (python/ttxform with the given libttxform, registered through
a temporary entry point as tests/python/run.sh does) and launched on NumPy
arrays.  The reference is torch on the CPU when it imports, else NumPy (and
its BLAS); the tables say which.  Without triton in this Python, the script
runs itself again under $TTXFORM_BENCH_PYTHON, ./venv/bin/python or
/work/venv/bin/python, the first that has triton.  See bench/README.md.
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any, Callable

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
# this file is named triton.py: its folder must not shadow the triton package
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != HERE]


def _reexec() -> None:
    if importlib.util.find_spec("triton") and importlib.util.find_spec("numpy"):
        return
    for py in (os.environ.get("TTXFORM_BENCH_PYTHON"), os.path.join(ROOT, "venv/bin/python"), "/work/venv/bin/python"):
        if py and os.path.exists(py) and not os.environ.get("TTXFORM_BENCH_REEXEC"):
            os.environ["TTXFORM_BENCH_REEXEC"] = py
            os.execv(py, [py, *sys.argv])
    sys.exit("bench/triton.py: no Python with triton and numpy (set TTXFORM_BENCH_PYTHON)")


def _register(lib: str) -> str:
    """this tree's package and library as Triton's `ttxform` backend"""
    tmp = tempfile.mkdtemp(prefix="ttxform-bench-")
    di = os.path.join(tmp, "ep", "ttxform_dev-0.0.dist-info")
    os.makedirs(di)
    with open(os.path.join(di, "METADATA"), "w") as f:
        f.write("Metadata-Version: 2.1\nName: ttxform-dev\nVersion: 0.0\n")
    with open(os.path.join(di, "entry_points.txt"), "w") as f:
        f.write("[triton.backends]\nttxform = ttxform.triton\n")
    os.environ["TTXFORM_LIBRARY"] = os.path.abspath(lib)
    os.environ.setdefault("TRITON_CACHE_DIR", os.path.join(tmp, "cache"))
    sys.path[:0] = [os.path.join(ROOT, "python"), os.path.join(tmp, "ep"), os.path.join(ROOT, "tests", "python")]
    os.environ["PYTHONPATH"] = os.pathsep.join(sys.path[:3] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p])
    return tmp


# ---- timing -----------------------------------------------------------------

def best_median(fn: Callable[[], Any], min_time: float = 0.25, max_reps: int = 200) -> tuple[float, float]:
    """(best, median) seconds of fn() over repeats: one warm-up call, then
    calls until min_time has passed (at least 5)"""
    fn()
    ts: list[float] = []
    start = time.perf_counter()
    while len(ts) < 5 or (time.perf_counter() - start < min_time and len(ts) < max_reps):
        t0 = time.perf_counter()
        fn()
        ts.append(time.perf_counter() - t0)
    return min(ts), statistics.median(ts)


def copy_bandwidth(np: Any, mib: int = 256) -> float:
    """bytes read + written per second of a large copy (NumPy's, one thread,
    and bench/cpu/membw.c's on all CPUs when a C compiler is here: the larger)"""
    a = np.ones(mib << 18, np.float32)
    b = np.empty_like(a)
    t, _ = best_median(lambda: np.copyto(b, a), 0.3, 20)
    best = 2 * a.nbytes / t
    cc = shutil.which(os.environ.get("CC", "cc"))
    if cc:
        with tempfile.TemporaryDirectory() as d:
            exe = os.path.join(d, "membw")
            r = subprocess.run([cc, "-O2", "-pthread", "-o", exe, os.path.join(HERE, "cpu", "membw.c")], capture_output=True)
            if r.returncode == 0:
                out = subprocess.run([exe, str(mib), str(os.cpu_count() or 1), "5"], capture_output=True, text=True).stdout
                for line in out.splitlines():
                    if line.startswith("copy_gbps"):
                        best = max(best, float(line.split()[1]) * 1e9)
    return best


# ---- the kernels ------------------------------------------------------------

class Case:
    def __init__(self, name: str, run: Callable[[], Any], ref: Callable[[], Any] | None, bytes_moved: float = 0,
                 flops: float = 0, check: Callable[[], None] | None = None, ref_name: str = "") -> None:
        self.name, self.run, self.ref, self.bytes, self.flops, self.check, self.ref_name = \
            name, run, ref, bytes_moved, flops, check, ref_name


def cases(np: Any, torch: Any, quick: bool) -> list[Case]:
    import triton
    from kernels import add_kernel, layer_norm_fwd_fused, matmul_kernel, softmax_kernel
    from kernels_more import attn_fwd_kernel, rms_norm_kernel
    from ttxform.triton import tensor
    rng = np.random.default_rng(0)
    out: list[Case] = []
    T = torch
    tn = (lambda a: T.from_numpy(a)) if T else None
    refname = "torch" if T else "NumPy"

    # vector add 2^24 f32
    n = 1 << (20 if quick else 24)
    x, y = rng.random(n, dtype=np.float32), rng.random(n, dtype=np.float32)
    o = np.empty_like(x)
    tx, ty, to = tensor(x), tensor(y), tensor(o)
    grid = (triton.cdiv(n, 1024),)
    run = lambda: add_kernel[grid](tx, ty, to, n, BLOCK_SIZE=1024)  # noqa: E731
    if T:
        a, b, c = tn(x), tn(y), tn(o.copy())
        ref = lambda a=a, b=b, c=c: T.add(a, b, out=c)  # noqa: E731
    else:
        r = np.empty_like(x)
        ref = lambda: np.add(x, y, out=r)  # noqa: E731
    out.append(Case(f"vector add 2^{n.bit_length() - 1} f32", run, ref, 3 * x.nbytes,
                    check=lambda: np.testing.assert_array_equal(o, x + y), ref_name=refname))

    # fused softmax 4096x1024
    M, N = (512, 1024) if quick else (4096, 1024)
    xs = rng.standard_normal((M, N), dtype=np.float32)
    ys = np.empty_like(xs)
    txs, tys = tensor(xs), tensor(ys)
    nprog = min(M, 4 * (os.cpu_count() or 1) * 8)
    run = lambda: softmax_kernel[(nprog,)](tys, txs, N, N, M, N, BLOCK_SIZE=1024, num_stages=2)  # noqa: E731
    if T:
        a = tn(xs)
        ref = lambda a=a: T.softmax(a, dim=1)  # noqa: E731
    else:
        def ref() -> Any:
            e = np.exp(xs - xs.max(axis=1, keepdims=True))
            return e / e.sum(axis=1, keepdims=True)

    def chk_soft() -> None:
        e = np.exp(xs - xs.max(axis=1, keepdims=True))
        np.testing.assert_allclose(ys, e / e.sum(axis=1, keepdims=True), rtol=1e-5, atol=1e-6)
    out.append(Case(f"fused softmax {M}x{N} f32", run, ref, 2 * xs.nbytes, check=chk_soft, ref_name=refname))

    # layer norm forward 4096x1024 (tutorial 05: BLOCK_SIZE = 1024)
    xl = rng.standard_normal((M, N), dtype=np.float32)
    w, bb = rng.random(N, dtype=np.float32), rng.random(N, dtype=np.float32)
    yl = np.empty_like(xl)
    mean, rstd = np.empty(M, np.float32), np.empty(M, np.float32)
    args = [tensor(v) for v in (xl, yl, w, bb, mean, rstd)]
    run = lambda: layer_norm_fwd_fused[(M,)](*args, N, N, 1e-5, BLOCK_SIZE=1024, num_warps=8)  # noqa: E731
    if T:
        a, tw, tb = tn(xl), tn(w), tn(bb)
        ref = lambda a=a, tw=tw, tb=tb: T.nn.functional.layer_norm(a, (N,), tw, tb, 1e-5)  # noqa: E731
    else:
        def ref() -> Any:
            mu = xl.mean(axis=1, keepdims=True)
            d = xl - mu
            return d / np.sqrt((d * d).mean(axis=1, keepdims=True) + 1e-5) * w + bb

    def chk_ln() -> None:
        mu = xl.mean(axis=1, keepdims=True)
        d = xl - mu
        np.testing.assert_allclose(yl, d / np.sqrt((d * d).mean(axis=1, keepdims=True) + 1e-5) * w + bb, rtol=1e-4, atol=1e-4)
    out.append(Case(f"layer norm forward {M}x{N} f32", run, ref, 2 * xl.nbytes, check=chk_ln, ref_name=refname))

    # rms norm 4096x1024
    xr = rng.standard_normal((M, N), dtype=np.float32)
    yr = np.empty_like(xr)
    targs = [tensor(xr), tensor(w), tensor(yr)]
    run = lambda: rms_norm_kernel[(M,)](*targs, N, N, 1e-6, BLOCK=N)  # noqa: E731
    if T:
        a, tw = tn(xr), tn(w)
        ref = lambda a=a, tw=tw: T.nn.functional.rms_norm(a, (N,), tw, 1e-6)  # noqa: E731
    else:
        ref = lambda: xr / np.sqrt((xr * xr).mean(axis=1, keepdims=True) + 1e-6) * w  # noqa: E731
    out.append(Case(f"rms norm {M}x{N} f32", run, ref, 2 * xr.nbytes,
                    check=lambda: np.testing.assert_allclose(yr, xr / np.sqrt((xr * xr).mean(axis=1, keepdims=True) + 1e-6) * w,
                                                             rtol=1e-4, atol=1e-5), ref_name=refname))

    # grouped matmul (tutorial 03), f32 and f16 inputs, f32 accumulator
    S = 256 if quick else 1024
    for dt in (np.float32, np.float16):
        A = rng.standard_normal((S, S)).astype(dt)
        B = rng.standard_normal((S, S)).astype(dt)
        C = np.empty((S, S), dt)
        tA, tB, tC = tensor(A), tensor(B), tensor(C)
        bm = bn = 128   # a configuration of the tutorial's autotune list
        bk = 32
        g = (triton.cdiv(S, bm) * triton.cdiv(S, bn),)
        run = (lambda tA=tA, tB=tB, tC=tC, g=g: matmul_kernel[g](tA, tB, tC, S, S, S, S, 1, S, 1, S, 1,  # noqa: E731
                                                            BLOCK_SIZE_M=bm, BLOCK_SIZE_N=bn, BLOCK_SIZE_K=bk,
                                                            GROUP_SIZE_M=8, num_stages=3))
        A32, B32 = A.astype(np.float32), B.astype(np.float32)
        if T:
            ta, tb = tn(A), tn(B)
            ref = lambda ta=ta, tb=tb: T.mm(ta, tb)  # noqa: E731
            rn = f"torch {'f32' if dt == np.float32 else 'f16'}"
        else:
            R = np.empty((S, S), np.float32)
            ref = lambda A32=A32, B32=B32, R=R: np.matmul(A32, B32, out=R)  # noqa: E731
            rn = "NumPy f32 (BLAS)"
        tol = 1e-3 if dt == np.float32 else 2e-2
        out.append(Case(f"grouped matmul {S}^3, {'f32' if dt == np.float32 else 'f16'} in, f32 acc", run, ref,
                        flops=2.0 * S ** 3,
                        check=(lambda C=C, A32=A32, B32=B32, tol=tol:
                               np.testing.assert_allclose(C.astype(np.float32), A32 @ B32, rtol=tol, atol=tol * S ** 0.5)),
                        ref_name=rn))

    # flash-attention forward (one head, f32)
    ctx, head = (512, 64) if quick else (4096, 64)
    q, k, v = (rng.standard_normal((ctx, head), dtype=np.float32) for _ in range(3))
    oa = np.empty_like(q)
    scale = float(1 / np.sqrt(head))
    targs2 = [tensor(t) for t in (q, k, v, oa)]
    run = lambda: attn_fwd_kernel[(triton.cdiv(ctx, 64),)](*targs2, ctx, scale, BLOCK_M=64, BLOCK_N=64, HEAD=head)  # noqa: E731
    if T:
        tq, tk, tv = (tn(t).reshape(1, 1, ctx, head) for t in (q, k, v))
        ref = lambda tq=tq, tk=tk, tv=tv: T.nn.functional.scaled_dot_product_attention(tq, tk, tv)  # noqa: E731
    else:
        def ref() -> Any:
            s = q @ k.T * scale
            p = np.exp(s - s.max(axis=1, keepdims=True))
            return (p / p.sum(axis=1, keepdims=True)) @ v

    def chk_attn() -> None:
        s = q @ k.T * scale
        p = np.exp(s - s.max(axis=1, keepdims=True))
        np.testing.assert_allclose(oa, (p / p.sum(axis=1, keepdims=True)) @ v, rtol=1e-3, atol=1e-3)
    out.append(Case(f"flash-attention forward {ctx}x{head}, 1 head f32", run, ref, flops=4.0 * ctx * ctx * head,
                    check=chk_attn, ref_name=refname))
    return out


def fmt_t(s: float) -> str:
    return f"{s * 1e3:.3f} ms"


def machine(np: Any, bw: float, torch: Any) -> list[str]:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    import triton
    ref = f"torch {torch.__version__} ({torch.get_num_threads()} threads)" if torch else \
        "NumPy " + np.__version__ + " (torch is not installed: the reference is NumPy and its BLAS)"
    return [f"machine: {cpu}, {os.cpu_count()} CPUs, copy bandwidth {bw / 1e9:.1f} GB/s, "
            f"load {load:.2f} at the start; Triton {triton.__version__}, reference {ref}; "
            f"ttxform threads: {os.environ.get('TTXFORM_THREADS') or os.cpu_count()}; "
            f"C compiler: {os.environ.get('TTXFORM_CC') or os.environ.get('CC') or 'cc'} -O3 -march=native"]


def speed_table(np: Any, torch: Any, bw: float, quick: bool, only: list[str]) -> list[str]:
    rows = ["| kernel | ttxform best | median | rate | reference | ref best | ttxform / ref speed | target | met? |",
            "|---|---:|---:|---:|---|---:|---:|---|---|"]
    for c in cases(np, torch, quick):
        if only and not any(o in c.name for o in only):
            continue
        c.run()
        if c.check:
            c.check()
        tb, tm = best_median(c.run)
        rb, _ = best_median(c.ref) if c.ref else (float("nan"), 0)
        ratio = rb / tb
        if c.bytes:
            rate = f"{c.bytes / tb / 1e9:.1f} GB/s ({c.bytes / tb / bw * 100:.0f}% of copy)"
            target = ">= 90% of copy bw, >= 1x ref"
            met = c.bytes / tb >= 0.9 * bw and ratio >= 1
        else:
            rate = f"{c.flops / tb / 1e9:.1f} GFLOP/s"
            if "matmul" in c.name:
                target = ">= 0.6x BLAS f32" if "f32 in" in c.name else "(no target)"
                met = ratio >= 0.6 if "f32 in" in c.name else None
            else:
                target = ">= 1x ref"
                met = ratio >= 1
        m = "-" if met is None else "yes" if met else "**no**"
        rows.append(f"| {c.name} | {fmt_t(tb)} | {fmt_t(tm)} | {rate} | {c.ref_name} | {fmt_t(rb)} | {ratio:.2f}x | {target} | {m} |")
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--lib", default=os.path.join(ROOT, "build", "api", "libttxform.so"), help="libttxform.so to use")
    ap.add_argument("--quick", action="store_true", help="small sizes (a smoke run, not for the tables)")
    ap.add_argument("--only", default="", help="parts of kernel names, separated by ;")
    ap.add_argument("--tables", default="speed,latency", help="speed, latency (comma-separated)")
    o = ap.parse_args()
    _reexec()
    if not os.path.exists(o.lib):
        sys.exit(f"bench/triton.py: {o.lib} not found (build it: ninja -C build)")
    tmp = _register(o.lib)
    import numpy as np
    try:
        import torch
    except ImportError:
        torch = None
    import triton
    from ttxform.triton import CPUDriver
    if not isinstance(triton.runtime.driver.active, CPUDriver):
        triton.runtime.driver.set_active(CPUDriver())
    bw = copy_bandwidth(np)
    out = ["## Machine", "", *machine(np, bw, torch), ""]
    tables = o.tables.split(",")
    if "speed" in tables:
        out += ["## Kernel speed", "", *speed_table(np, torch, bw, o.quick, [s for s in o.only.split(";") if s]), ""]
    if "latency" in tables:
        spec = importlib.util.spec_from_file_location("ttx_bench_latency", os.path.join(HERE, "latency.py"))
        lat = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(lat)
        out += lat.latency_tables(np, best_median)
    print("\n".join(out))
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
