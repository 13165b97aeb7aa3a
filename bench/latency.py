"""The latency table of bench/triton.py: where a first call's time goes, and
what a cached launch costs.

A first call (a fresh Triton cache, in a fresh process) is split into
Triton's frontend (the kernel's Python to TTIR, with make_ttir's passes),
ttxform's share (the backend's make_c: TTIR text through the C API: parse,
passes, C), the C compiler (make_so: cc -O3 -march=native -shared) and the
rest (loading the shared object, binding, the launch itself).  The backend's
two stages are timed by wrapping them in the child process; the frontend is
timed by asking Triton for the TTIR alone first.  A cached launch is the
median over many calls of an empty kernel and of a vector add of 1,024
elements, and the driver's launcher alone (the rest being Triton's
JITFunction.run).  Run by bench/triton.py; `python3 bench/latency.py --child NAME`
is the child it starts."""
from __future__ import annotations

import inspect
import json
import os
import subprocess
import sys
import time
from typing import Any, Callable

# bench/triton.py sits next to this file: its folder must not shadow triton
_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != _HERE]

import triton  # noqa: E402
import triton.language as tl  # noqa: E402,F401


@triton.jit
def empty_kernel(x_ptr):
    pass


KERNELS = ("vector add", "fused softmax", "layer norm", "grouped matmul f16")


def _launcher(name: str, np: Any) -> Callable[[], Any]:
    from kernels import add_kernel, layer_norm_fwd_fused, matmul_kernel, softmax_kernel
    from ttxform.triton import tensor
    if name == "vector add":
        x = np.ones(4096, np.float32)
        a, b, o = tensor(x), tensor(x.copy()), tensor(np.empty_like(x))
        return lambda: add_kernel[(4,)](a, b, o, 4096, BLOCK_SIZE=1024)
    if name == "fused softmax":
        x = np.ones((64, 1024), np.float32)
        a, o = tensor(x), tensor(np.empty_like(x))
        return lambda: softmax_kernel[(8,)](o, a, 1024, 1024, 64, 1024, BLOCK_SIZE=1024, num_stages=2)
    if name == "layer norm":
        x = np.ones((64, 1024), np.float32)
        t = [tensor(v) for v in (x, np.empty_like(x), np.ones(1024, np.float32), np.ones(1024, np.float32),
                                 np.empty(64, np.float32), np.empty(64, np.float32))]
        return lambda: layer_norm_fwd_fused[(64,)](*t, 1024, 1024, 1e-5, BLOCK_SIZE=1024, num_warps=8)
    a = np.ones((256, 256), np.float16)
    ta, tb, tc = tensor(a), tensor(a.copy()), tensor(np.empty_like(a))
    return lambda: matmul_kernel[(4,)](ta, tb, tc, 256, 256, 256, 256, 1, 256, 1, 256, 1, BLOCK_SIZE_M=128,
                                        BLOCK_SIZE_N=128, BLOCK_SIZE_K=32, GROUP_SIZE_M=8, num_stages=3)


def child(name: str) -> None:
    """one first call, its parts as JSON on stdout"""
    import numpy as np
    from ttxform.triton import CPUDriver
    from ttxform.triton import compiler as comp
    if not isinstance(triton.runtime.driver.active, CPUDriver):
        triton.runtime.driver.set_active(CPUDriver())
    spent = {"make_c": 0.0, "make_so": 0.0, "make_ttir": 0.0}

    def timed(key: str, f: Callable[..., Any], static: bool) -> Any:
        def g(*a: Any, **k: Any) -> Any:
            t0 = time.perf_counter()
            try:
                return f(*a, **k)
            finally:
                spent[key] += time.perf_counter() - t0
        return staticmethod(g) if static else g
    for key in spent:   # make_c and make_so are static methods, make_ttir is the shared base's method
        raw = inspect.getattr_static(comp.CPUBackend, key)
        static = isinstance(raw, staticmethod)
        setattr(comp.CPUBackend, key, timed(key, raw.__func__ if static else raw, static))
    run = _launcher(name, np)
    t0 = time.perf_counter()
    run()
    first = time.perf_counter() - t0
    t0 = time.perf_counter()
    run()
    second = time.perf_counter() - t0
    print(json.dumps({"first": first, "second": second, **spent}))


def _child_run(name: str, env: dict[str, str]) -> dict[str, float]:
    import tempfile
    with tempfile.TemporaryDirectory(prefix="ttxform-lat-") as d:
        e = dict(env, TRITON_CACHE_DIR=d)
        r = subprocess.run([sys.executable, os.path.abspath(__file__), "--child", name], capture_output=True,
                           text=True, env=e)
        if r.returncode != 0:
            raise RuntimeError(f"latency child {name}: {r.stderr[-2000:]}")
        return json.loads(r.stdout.strip().splitlines()[-1])


def _us(s: float) -> str:
    return f"{s * 1e6:.1f} us"


def _ms(s: float) -> str:
    return f"{s * 1e3:.1f} ms"


def _launcher_call(launch: Callable[[], Any]) -> Callable[[], Any] | None:
    """the compiled kernel's launcher called as Triton calls it in launch()
    (its arguments recorded from one launch), or None when this Triton's
    CompiledKernel keeps its launcher elsewhere than in _run"""
    kernel = launch()
    if not hasattr(kernel, "_run"):
        return None
    run = kernel.run
    seen: list[tuple] = []
    kernel._run = lambda *args: seen.append(args)
    try:
        launch()
    finally:
        kernel._run = run
    args = seen[0]
    return lambda: run(*args)


def latency_tables(np: Any, best_median: Callable[..., tuple[float, float]]) -> list[str]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    rows = ["## Latency", "",
            "First call of each kernel in a fresh process with an empty Triton cache (best of 3 processes by total):",
            "Triton's frontend is make_ttir and what comes before it (the kernel's Python to TTIR); ttxform is the",
            "backend's make_c (TTIR text -> parse, passes, C, through the C API); the C compiler is make_so;",
            "the rest is loading the object and the launch.", "",
            "| kernel | first call | Triton frontend | ttxform (parse, passes, C) | C compiler | rest | "
            "ttxform / frontend | target < 10% |",
            "|---|---:|---:|---:|---:|---:|---:|---|"]
    for name in KERNELS:
        runs = [_child_run(name, env) for _ in range(3)]
        r = min(runs, key=lambda x: x["first"])
        fe = r["first"] - r["make_c"] - r["make_so"] - r["second"]
        rest = r["second"]
        share = r["make_c"] / fe if fe > 0 else float("nan")
        rows.append(f"| {name} | {_ms(r['first'])} | {_ms(fe)} | {_ms(r['make_c'])} | {_ms(r['make_so'])} | "
                    f"{_ms(rest)} | {share * 100:.1f}% | {'yes' if share < 0.1 else '**no**'} |")
    rows += ["", "Triton's frontend here includes make_ttir's passes and Python's first imports of the compile path;",
             "the rest is a second (cached) call's time.", ""]
    from kernels import add_kernel
    from ttxform.triton import tensor
    x = np.ones(1024, np.float32)
    a, b, o = tensor(x), tensor(x.copy()), tensor(np.empty_like(x))
    e = tensor(np.empty(1, np.float32))
    rows += ["Cached launch (the kernel compiled; median of the calls of 0.5 s, after a warm-up); the launcher",
             "is the driver's part alone (argument packing, the ctypes call, the kernel itself, the failure check),",
             "called with the arguments Triton gave it; the rest is Triton's JITFunction.run (binding, specialisation",
             "key, cache lookup, launch metadata):", "",
             "| kernel | best | median | launcher best | launcher median | Triton's run (median) | target < 10 us |",
             "|---|---:|---:|---:|---:|---:|---|"]
    for name, f in (("empty kernel, grid (1,)", lambda: empty_kernel[(1,)](e)),
                    ("vector add 1024 f32, grid (1,)", lambda: add_kernel[(1,)](a, b, o, 1024, BLOCK_SIZE=1024))):
        best, med = best_median(f, 0.5, 100000)
        launcher = _launcher_call(f)
        if launcher is None:
            lb = lm = rest = "-"
        else:
            lbest, lmed = best_median(launcher, 0.5, 100000)
            lb, lm, rest = _us(lbest), _us(lmed), _us(med - lmed)
        rows.append(f"| {name} | {_us(best)} | {_us(med)} | {lb} | {lm} | {rest} | "
                    f"{'yes' if med < 10e-6 else '**no**'} |")
    rows += ["", "Triton has no figure of its own for these launches on this machine (no GPU): not compared.", ""]
    return rows


if __name__ == "__main__" and len(sys.argv) == 3 and sys.argv[1] == "--child":
    child(sys.argv[2])
