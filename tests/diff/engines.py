"""Running one kernel on every engine and comparing the outputs with the interpreter's.

Engines (ENGINES): `interp` (`ttxform run --interp`, the reference), `jit` (the default
engine), `c` (`--emit=c` built by gcc with ASan and UBSan and a small driver that calls the
kernel for every program, x fastest), `ktir` (`run --via=ktir`, when `--emit=ktir` takes the
kernel at that grid) and `rvv` (`run --target=riscv64-rvv --vlen=256` under qemu).

An engine's outcome is `ok` (outputs), `error` (exit 1 with a located `error:`), `refused`
(the engine does not take the kernel: a located error from the lowering or the C target,
or the JIT's note that it ran the interpreter) or `crash` (any other exit, a signal, a
sanitizer report, no answer in time, exit 1 without a located error).  `compare` turns the
outcomes into a list of disagreements.
"""
from __future__ import annotations

import dataclasses
import os
import re
import shutil
import subprocess
import tempfile

import numpy as np

ENGINES = ("interp", "jit", "c", "ktir", "rvv")
LOCATED = re.compile(r"^[^\s:][^:\n]*:\d+:\d+: error: ", re.MULTILINE)
SANITIZER = ("Sanitizer", "runtime error:")
TIMEOUT = 60
DTYPES = {"f16": "float16", "f32": "float32", "f64": "float64", "i1": "bool", "i8": "int8",
          "i16": "int16", "i32": "int32", "i64": "int64"}
CTYPES = {"i1": "_Bool", "i8": "signed char", "i16": "short", "i32": "int", "i64": "long long",
          "f16": "unsigned short", "f32": "float", "f64": "double"}


@dataclasses.dataclass
class Outcome:
    kind: str                              # ok, error, refused, crash
    detail: str = ""
    outputs: dict[str, np.ndarray] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass
class Case:
    """a kernel on disk with its bindings: args are (name, type, value) where value is a
    path to a .npy file for buffers and a number for scalars"""
    ttir: str
    grid: tuple[int, int, int]
    args: list[tuple[str, str, object]]
    outputs: list[str]
    exact: bool
    work: str
    valid: bool = False
    zeros_any: bool = False
    grid_text: str = ""         # the --grid option, as the kernel's grid_arg() gives it

    def grid_arg(self) -> str:
        """--grid with as many axes as the kernel reads"""
        return self.grid_text or "--grid=" + ",".join(map(str, self.grid))

    def run_args(self) -> list[str]:
        a = [self.grid_arg()]
        for name, _, v in self.args:
            a += ["--arg", f"{name[1:]}={v}"]
        return a

    def out_args(self, tag: str) -> list[str]:
        a = []
        for name in self.outputs:
            a += ["--output", f"{name[1:]}={os.path.join(self.work, f'{tag}.{name[1:]}.npy')}"]
        return a

    def read_outputs(self, tag: str) -> dict[str, np.ndarray]:
        return {n: np.load(os.path.join(self.work, f"{tag}.{n[1:]}.npy")) for n in self.outputs}


def run(cmd: list[str], timeout: int = TIMEOUT) -> tuple[int | None, str]:
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, errors="replace", check=False)
    except subprocess.TimeoutExpired:
        return None, f"no answer within {timeout} s"
    return p.returncode, p.stdout + p.stderr


def classify(rc: int | None, text: str, refusal: bool = False) -> Outcome | None:
    """None when the run succeeded cleanly; else the outcome"""
    if rc is None:
        return Outcome("crash", text)
    if any(s in text for s in SANITIZER):
        return Outcome("crash", "sanitizer report: " + first(text, SANITIZER))
    if rc == 0:
        return None
    if rc == 1 and LOCATED.search(text):
        return Outcome("refused" if refusal else "error", first(text, (": error: ",)))
    if rc == 1:
        return Outcome("crash", "exit 1 without a located error: " + text.strip()[-400:])
    return Outcome("crash", f"exit {rc} (signal {-rc})" if rc < 0 else f"exit {rc}: " + text.strip()[-400:])


def first(text: str, marks: tuple[str, ...]) -> str:
    for line in text.splitlines():
        if any(m in line for m in marks):
            return line.strip()[:300]
    return text.strip()[:300]


# an engine that says it lacks an op (a located error) refuses the kernel: counted, not a failure
UNSUPPORTED = re.compile(r"not (translated|supported|lowered)|does not (support|take|translate)|lacks|unsupported")


def run_ttxform(ttx: str, case: Case, tag: str, extra: list[str]) -> Outcome:
    rc, text = run([ttx, "run", case.ttir, *extra, *case.run_args(), *case.out_args(tag)])
    bad = classify(rc, text)
    if bad:
        return bad
    o = Outcome("ok", outputs=case.read_outputs(tag))
    if "note:" in text and "interpreter" in text:
        o.detail = "fallback"
    return o


def run_c(ttx: str, case: Case, cc: str = "gcc") -> Outcome:
    """--emit=c, a driver that reads each buffer's raw bytes, runs the grid and writes them
    back, built with ASan and UBSan"""
    c = os.path.join(case.work, "k.c")
    rc, text = run([ttx, "--emit=c", case.ttir, "-o", c])
    bad = classify(rc, text, refusal=True)
    if bad:
        return bad
    with open(c) as f:
        m = re.search(r"^void (\w+)\(", f.read(), re.MULTILINE)
    if not m:
        return Outcome("crash", "no kernel function in the C")
    nbuf = sum(1 for _, ty, _ in case.args if ty.startswith("!tt.ptr<"))
    # the hooks as `ttxform run` uses them: every access inside a bound buffer, a failure
    # (division by zero, a float-to-int conversion out of range, ...) an error at its site
    lines = ["#include <stdio.h>", "#include <stdlib.h>",
             f"static const char *buf_lo[{max(nbuf, 1)}]; static long long buf_n[{max(nbuf, 1)}];",
             "static int ttx_in(const void *p, long long bytes) {",
             f"    for (int i = 0; i < {nbuf}; i++)",
             "        if ((const char *)p >= buf_lo[i] && (const char *)p + bytes <= buf_lo[i] + buf_n[i]) return 1;",
             '    fprintf(stderr, "driver.c:1:1: error: out-of-bounds access\\n"); exit(1);', "}",
             "static void ttx_fail(int site) {",
             '    fprintf(stderr, "driver.c:1:1: error: the kernel reports failure %d\\n", site); exit(1);', "}",
             "#define TTX_IN(p, bytes, site) ttx_in(p, bytes)", "#define TTX_FAIL(site) ttx_fail(site)",
             f'#include "{c}"', "int main(int argc, char **argv) {", "    (void)argc;"]
    call = []
    files = []
    for i, (name, ty, v) in enumerate(case.args):
        if ty.startswith("!tt.ptr<"):
            ety = ty[8:-1]
            arr = np.load(str(v))
            raw = os.path.join(case.work, f"c.{name[1:]}.bin")
            arr.tofile(raw)
            files.append((i, raw, arr.nbytes, name))
            lines += [f"    {CTYPES[ety]} *a{i} = malloc({max(arr.nbytes, 1)});",
                      (f"    {{ FILE *f = fopen(argv[{len(files)}], \"rb\"); if (!f || fread(a{i}, 1, {arr.nbytes}, f) != "
                       f"{arr.nbytes}) return 3; fclose(f); }}")]
            lines.append(f"    buf_lo[{len(files) - 1}] = (const char *)a{i}; buf_n[{len(files) - 1}] = {arr.nbytes};")
            call.append(f"a{i}")
        else:
            call.append(f"({CTYPES.get(ty, 'long long')}){int(v) if not isinstance(v, float) else v}")
    gx, gy, gz = case.grid
    lines += [f"    for (int z = 0; z < {gz}; z++) for (int y = 0; y < {gy}; y++) for (int x = 0; x < {gx}; x++)",
              f"        {m.group(1)}({', '.join(call)}, {gx}, {gy}, {gz}, x, y, z);"]
    for j, (i, raw, n, name) in enumerate(files):
        lines.append(f"    {{ FILE *f = fopen(argv[{j + 1}], \"wb\"); if (!f || fwrite(a{i}, 1, {n}, f) != {n}) return 3; "
                     f"fclose(f); free(a{i}); }}")
    lines += ["    return 0;", "}", ""]
    drv = os.path.join(case.work, "driver.c")
    with open(drv, "w") as f:
        f.write("\n".join(lines))
    exe = os.path.join(case.work, "driver")
    rc, text = run([cc, "-std=gnu11", "-O1", "-fsanitize=address,undefined", "-fno-sanitize-recover=all",
                    "-fno-omit-frame-pointer", "-w", "-o", exe, drv, "-lm"], timeout=120)
    if rc != 0:
        return Outcome("crash", f"{cc} failed on the emitted C: " + text.strip()[-600:])
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0")
    try:
        p = subprocess.run([exe, *[raw for _, raw, _, _ in files]], capture_output=True, text=True,
                           timeout=TIMEOUT, env=env, errors="replace", check=False)
    except subprocess.TimeoutExpired:
        return Outcome("crash", f"the gcc build gave no answer within {TIMEOUT} s")
    bad = classify(p.returncode, p.stderr)
    if bad:
        bad.detail = "gcc build: " + bad.detail
        return bad
    outs = {}
    for _, raw, _, name in files:
        if name in case.outputs:
            ref = np.load({a[0]: a[2] for a in case.args}[name])
            outs[name] = np.fromfile(raw, dtype=ref.dtype).reshape(ref.shape)
    return Outcome("ok", outputs=outs)


def run_ktir(ttx: str, case: Case) -> Outcome:
    k = os.path.join(case.work, "k.ktir")
    rc, text = run([ttx, case.ttir, "--emit=ktir", case.grid_arg(), "-o", k])
    bad = classify(rc, text, refusal=True)
    if bad:
        return bad
    o = run_ttxform(ttx, case, "ktir", ["--via=ktir"])
    if o.kind == "error" and UNSUPPORTED.search(o.detail):
        o.kind = "refused"
    return o


def run_engine(ttx: str, engine: str, case: Case, vlen: int = 256, cache: str | None = None) -> Outcome:
    if engine == "interp":
        return run_ttxform(ttx, case, "interp", ["--interp"])
    if engine == "jit":
        return run_ttxform(ttx, case, "jit", [])
    if engine == "c":
        return run_c(ttx, case)
    if engine == "ktir":
        return run_ktir(ttx, case)
    if engine == "rvv":
        extra = ["--target=riscv64-rvv", f"--vlen={vlen}"] + ([f"--cache-dir={cache}"] if cache else [])
        o = run_ttxform(ttx, case, "rvv", extra)
        if o.kind == "error" and UNSUPPORTED.search(o.detail):
            o.kind = "refused"
        return o
    raise ValueError(engine)


def have_rvv() -> bool:
    return bool(shutil.which("clang-19") and shutil.which("qemu-riscv64")
                and os.path.isdir("/usr/riscv64-linux-gnu"))


def ulps(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """the distance in ulps of two float arrays of one dtype (as ordered integers)"""
    it = {2: np.int16, 4: np.int32, 8: np.int64}[a.dtype.itemsize]
    ia, ib = a.view(it).astype(np.int64), b.view(it).astype(np.int64)
    top = np.int64(1) << (8 * a.dtype.itemsize - 1)
    ia = np.where(ia < 0, -(ia + top), ia)
    ib = np.where(ib < 0, -(ib + top), ib)
    return np.abs(ia - ib)


def differ(ref: np.ndarray, got: np.ndarray, exact: bool, zeros_any: bool = False) -> str | None:
    """why two outputs differ, or None: integers bit for bit; floats with NaNs in the
    same places (any NaN), the other elements bit for bit when exact, else within 4 ulp
    (-0.0 and +0.0 equal then, and with zeros_any)"""
    if ref.dtype != got.dtype or ref.shape != got.shape:
        return f"dtype/shape {got.dtype}{got.shape}, expected {ref.dtype}{ref.shape}"
    if ref.dtype.kind != "f":
        bad = np.nonzero(ref.reshape(-1) != got.reshape(-1))[0]
        if len(bad):
            i = bad[0]
            return f"{len(bad)} of {ref.size} elements differ; first [{i}]: {got.reshape(-1)[i]}, expected {ref.reshape(-1)[i]}"
        return None
    r, g = ref.reshape(-1), got.reshape(-1)
    rn, gn = np.isnan(r), np.isnan(g)
    d = ulps(np.where(rn, 0, r).astype(r.dtype), np.where(gn, 0, g).astype(g.dtype))
    it = {2: np.uint16, 4: np.uint32, 8: np.uint64}[r.dtype.itemsize]
    far = (r.view(it) != g.view(it)) if exact else (d > 4)   # exact: -0.0 is not 0.0
    if zeros_any:
        far &= ~((r == 0) & (g == 0))
    bad = np.nonzero((rn != gn) | (~rn & ~gn & far))[0]
    if len(bad):
        i = bad[0]
        return (f"{len(bad)} of {ref.size} elements differ (max {int(d[~rn & ~gn].max()) if (~rn & ~gn).any() else 0} ulp); "
                f"first [{i}]: {g[i]!r}, expected {r[i]!r}")
    return None


def compare(outs: dict[str, Outcome], exact: bool, valid: bool = False, zeros_any: bool = False) -> list[str]:
    """the disagreements of every engine with the interpreter, and every crash; for a
    valid kernel (no defined error possible) an error of any engine too"""
    fails = []
    ref = outs.get("interp")
    if valid:
        fails += [f"{e}: fails a valid kernel: {o.detail}" for e, o in outs.items() if o.kind == "error"]
        if fails:
            return fails + [f"{e}: {o.detail}" for e, o in outs.items() if o.kind == "crash"]
    for e, o in outs.items():
        if o.kind == "crash":
            fails.append(f"{e}: {o.detail}")
    if ref is None or ref.kind == "crash":
        return fails
    for e, o in outs.items():
        if e == "interp" or o.kind in ("crash", "refused"):
            continue
        if ref.kind == "error" and o.kind == "ok":
            fails.append(f"{e}: ran, the interpreter reports {ref.detail}")
        elif ref.kind == "ok" and o.kind == "error":
            fails.append(f"{e}: {o.detail} (the interpreter runs the kernel)")
        elif ref.kind == "ok" and o.kind == "ok":
            for name, r in ref.outputs.items():
                why = differ(r, o.outputs[name], exact, zeros_any) if name in o.outputs else "missing"
                if why:
                    fails.append(f"{e} vs interp: {name}: {why}")
    return fails


def scratch() -> str:
    return tempfile.mkdtemp(prefix="ttx-diff-")
