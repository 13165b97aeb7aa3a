#!/usr/bin/env python3
"""arith.maxnumf / minnumf on every CPU engine, bit for bit.

usage: fminmax.py TTXFORM ROOT

ttxform's definition (src/fmath.h, docs/cpu.md): a NaN loses to a number, two
NaNs give the default NaN (f32 0x7FC00000, f16 0x7E00, f64 0x7FF8...), -0 is
below +0, so max(-0, +0) = max(+0, -0) = +0 and min gives -0 (RISC-V's
fmax/vfmax, IEEE 754-2019's maximumNumber).  ROOT/tests/numeric/fminmax.ttir
(elementwise ops on rows and scalars, row and column reductions, f32, f16
and f64) runs on the interpreter, the JIT, the C target built by gcc (-O0,
and -O3 -march=native, where the loops are vectorised) with a driver written
here, and, where clang-19, qemu-riscv64 and the riscv64 sysroot are
installed, riscv64 (scalar C) and riscv64-rvv at VLEN 128 and 256 under
qemu; every output is compared with the definition written in NumPy, NaN
bits included.  The C of the kernel and of the corpus softmax calls no
libm fmax/fmin.

Prints `PASS name` / `FAIL name: why` and `N passed, N failed`; exit 1 if any
case failed, 77 (skip) without NumPy.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import numpy_or_skip, sanitizer_report, Tally  # noqa: E402

np = numpy_or_skip("fminmax")
TIMEOUT = 300
TTX, ROOT = sys.argv[1], sys.argv[2]
KERNEL = os.path.join(ROOT, "tests", "numeric", "fminmax.ttir")
TMP = tempfile.mkdtemp(prefix="ttx-fminmax-")
TALLY = Tally()
report = TALLY.report

UINT = {np.dtype(np.float16): np.uint16, np.dtype(np.float32): np.uint32, np.dtype(np.float64): np.uint64}
QNAN = {np.dtype(np.float16): 0x7E00, np.dtype(np.float32): 0x7FC00000, np.dtype(np.float64): 0x7FF8000000000000}


def maxnum(a, b, big):
    """the definition, elementwise, on the bits"""
    u = UINT[a.dtype]
    ab, bb = a.view(u), b.view(u)
    with np.errstate(invalid="ignore"):
        r = np.where(a > b if big else a < b, ab, bb)
        eq = a == b
    r = np.where(eq, (ab & bb) if big else (ab | bb), r)
    an, bn = np.isnan(a), np.isnan(b)
    r = np.where(bn, ab, r)
    r = np.where(an & bn, u(QNAN[a.dtype]), r)
    return r.astype(u).view(a.dtype)


def reduce_tree(a, big, axis):
    """tt.reduce's halving order along axis (the order cannot show with this
    definition, but it is the order every engine uses)"""
    t = np.moveaxis(a, axis, -1).copy()
    n = t.shape[-1]
    while n > 1:
        m = (n + 1) // 2
        h = n - m
        t[..., :h] = maxnum(t[..., :h], t[..., m:m + h], big)
        n = m
    return t[..., 0]


def f32(bits):
    return np.array(bits, np.uint32).view(np.float32)


rng = np.random.default_rng(20261206)
R, C = 8, 64
PZ, NZ = 0x00000000, 0x80000000
NANS = [0x7FC00000, 0xFFC00000, 0x7FC00123, 0xFFE00001, 0x7F800001, 0xFF812345]   # quiet, signalling, both signs
INF, NINF = 0x7F800000, 0xFF800000


def row(kind):
    """C values of one row of x by kind, as bits"""
    s = rng.integers(0, 1 << 30, C)
    num = rng.standard_normal(C).astype(np.float32).view(np.uint32)
    if kind == 0:   # signed zeros only
        return np.where(s & 1, PZ, NZ)
    if kind == 1:   # NaNs only
        return np.array([NANS[v % len(NANS)] for v in s], np.uint64)
    if kind == 2:   # -0 and NaNs
        return np.where(s & 3, NZ, NANS[1])
    if kind == 3:   # numbers with NaNs
        return np.where(s % 5 == 0, NANS[2], num)
    if kind == 4:   # -inf and NaNs
        return np.where(s & 1, NINF, NANS[3])
    if kind == 5:   # +0 only
        return np.full(C, PZ)
    if kind == 6:   # -0, +inf, NaN
        return np.choose(s % 3, [NZ, INF, NANS[4]])
    return np.where(s % 7 == 0, np.where(s & 8, PZ, NZ), num)   # numbers and zeros of both signs


xb = np.stack([row(k) for k in range(R)]).astype(np.uint32)
# y: x's values shuffled against other values, so that the pairs include
# (+0, -0), (-0, +0), (NaN, number), (number, NaN), (NaN, NaN) and equal numbers
pool = np.array([PZ, NZ, INF, NINF] + NANS + list(f32([0x3F800000]).view(np.uint32)), np.uint32)
pick = rng.integers(0, 4, (R, C))
yb = np.where(pick == 0, xb, np.where(pick == 1, pool[rng.integers(0, len(pool), (R, C))],
                                      np.where(pick == 2, np.roll(xb, 1, axis=1), (xb ^ 0x80000000) & 0xFFFFFFFF)))
yb = yb.astype(np.uint32)
# the first pair is -0, +0: the scalars' max is +0, their min -0
xb[0, 0], yb[0, 0] = NZ, PZ
x, y = xb.view(np.float32), yb.view(np.float32)

hpool = np.array([0x0000, 0x8000, 0x7C00, 0xFC00, 0x7E00, 0xFE01, 0x7C01, 0x3C00, 0xBC00, 0x3C00], np.uint16)
hx = hpool[rng.integers(0, len(hpool), C)].view(np.float16)
hx[:4] = np.array([0x8000, 0x0000, 0x7E00, 0x8000], np.uint16).view(np.float16)
hy = hpool[rng.integers(0, len(hpool), C)].view(np.float16)
dpool = np.array([0, 1 << 63, 0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000, 0xFFF8000000000123,
                  0x7FF0000000000001, 0x3FF0000000000000, 0xBFF0000000000000], np.uint64)
dx = dpool[rng.integers(0, len(dpool), C)].view(np.float64)
dy = dpool[rng.integers(0, len(dpool), C)].view(np.float64)

WANT = {
    "emax": maxnum(x, y, True).reshape(-1), "emin": maxnum(x, y, False).reshape(-1),
    "rmax": reduce_tree(x, True, 1), "rmin": reduce_tree(x, False, 1),
    "cmax": reduce_tree(x, True, 0), "cmin": reduce_tree(x, False, 0),
    "smax": np.array([maxnum(x[:1, 0], y[:1, 0], True)[0], maxnum(x[:1, 0], y[:1, 0], False)[0]], np.float32),
    "hmax": np.concatenate([maxnum(hx, hy, True), maxnum(hx, hy, False),
                            [reduce_tree(hx, True, 0), reduce_tree(hx, False, 0)]]).astype(np.float16),
    "dmax": np.concatenate([maxnum(dx, dy, True), maxnum(dx, dy, False)]),
}
# the order of the kernel's arguments, with inputs and output sizes
ARGS = [("x", x.reshape(-1)), ("y", y.reshape(-1)), ("emax", R * C), ("emin", R * C), ("rmax", R), ("rmin", R),
        ("cmax", C), ("cmin", C), ("smax", 2), ("hx", hx), ("hy", hy), ("hmax", 2 * C + 2), ("dx", dx), ("dy", dy),
        ("dmax", 2 * C)]
DTYPE = {"hmax": np.float16, "dmax": np.float64}


def outputs_init():
    """{name: array}: every buffer, outputs filled with 0x5A bytes"""
    bufs = {}
    for name, v in ARGS:
        if isinstance(v, int):
            dt = np.dtype(DTYPE.get(name, np.float32))
            v = np.frombuffer(b"\x5a" * (v * dt.itemsize), dt).copy()
        bufs[name] = v
    return bufs


def compare(engine, got):
    """PASS/FAIL per output: the bits of the definition (any NaN for a
    one-element reduce is not used here: every reduce has 8 or more)"""
    for name, want in WANT.items():
        g = got.get(name)
        if g is None:
            report(f"{engine}-{name}", "no output")
            continue
        u = UINT[want.dtype]
        wb, gb = want.view(u), g.view(u)
        bad = np.nonzero(wb != gb)[0]
        why = None
        if len(bad):
            i = bad[0]
            why = f"{len(bad)} of {want.size} differ; first [{i}]: got {int(gb[i]):#x}, want {int(wb[i]):#x}"
        report(f"{engine}-{name}", why)


def run_ttxform(engine, extra):
    d = os.path.join(TMP, engine)
    os.makedirs(d, exist_ok=True)
    cmd = [TTX, "run", KERNEL, "--grid=1"] + extra
    for name, v in outputs_init().items():
        p = os.path.join(d, f"in-{name}.npy")
        np.save(p, v)
        cmd += ["--arg", f"{name}={p}"]
    for name in WANT:
        cmd += ["--output", f"{name}={os.path.join(d, name + '.npy')}"]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT)
    if r.returncode != 0 or sanitizer_report(r.stderr) or "note:" in r.stderr:
        report(engine, f"exit {r.returncode}: {r.stderr.strip()[:1500]}")
        return
    compare(engine, {name: np.load(os.path.join(d, name + ".npy")) for name in WANT})


DRIVER = """#include <stdio.h>
#include <stdlib.h>
#include "k.c"
static void *rd(const char *path, long *n)
{
    FILE *f = fopen(path, "rb");
    if (!f) exit(2);
    fseek(f, 0, SEEK_END);
    *n = ftell(f);
    fseek(f, 0, SEEK_SET);
    void *p = malloc((size_t)*n);
    if (!p || fread(p, 1, (size_t)*n, f) != (size_t)*n) exit(3);
    fclose(f);
    return p;
}
int main(int argc, char **argv)
{
    void *b[NB];
    long n[NB];
    if (argc != NB + 1) return 4;
    for (int i = 0; i < NB; i++) b[i] = rd(argv[i + 1], &n[i]);
    maxnum_minnum(CALL, 1, 1, 1, 0, 0, 0);
    for (int i = 0; i < NB; i++) {
        FILE *f = fopen(argv[i + 1], "wb");
        if (!f || fwrite(b[i], 1, (size_t)n[i], f) != (size_t)n[i]) return 5;
        fclose(f);
    }
    return 0;
}
"""


def c_engine(flags, csrc):
    """the C target's kernel built by gcc with flags and run by a driver"""
    gcc = shutil.which("gcc")
    name = "c" + "".join(flags).replace("-", "").replace("=", "")
    if not gcc:
        print(f"note: gcc not found; {name} skipped")
        return
    d = os.path.join(TMP, name)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "k.c"), "w") as f:
        f.write(csrc)
    ctype = {np.dtype(np.float16): "u16", np.dtype(np.float32): "float", np.dtype(np.float64): "double"}
    call = ", ".join(f"({ctype[v.dtype]} *)b[{i}]" for i, v in enumerate(outputs_init().values()))
    with open(os.path.join(d, "main.c"), "w") as f:
        f.write(DRIVER.replace("NB", str(len(ARGS))).replace("CALL", call))
    exe = os.path.join(d, "k")
    r = subprocess.run([gcc, "-std=c11", *flags, "-I", d, os.path.join(d, "main.c"), "-o", exe, "-lm"],
                       capture_output=True, text=True, timeout=TIMEOUT)
    if r.returncode != 0:
        report(name, f"gcc: {r.stderr[:1500]}")
        return
    files = []
    for n, v in outputs_init().items():
        p = os.path.join(d, n + ".bin")
        v.tofile(p)
        files.append(p)
    r = subprocess.run([exe] + files, capture_output=True, text=True, timeout=TIMEOUT)
    if r.returncode != 0:
        report(name, f"exit {r.returncode}: {r.stderr[:500]}")
        return
    got = {}
    for (n, v), p in zip(ARGS, files):
        dt = DTYPE.get(n, np.float32) if isinstance(v, int) else v.dtype
        got[n] = np.fromfile(p, dt)
    compare(name, got)


def no_libm_maxmin():
    """the C of the kernel and of the corpus softmax calls no fmax/fmin"""
    out = {}
    for k in (KERNEL, os.path.join(ROOT, "..", "shared", "corpus", "real-triton", "softmax.ttir")):
        if not os.path.exists(k):
            print(f"note: {k} not found; skipped")
            continue
        r = subprocess.run([TTX, "--emit=c", k], capture_output=True, text=True, timeout=TIMEOUT)
        calls = re.findall(r"\bfm(?:ax|in)f?\s*\(", r.stdout)
        report(f"no-libm-{os.path.basename(k)}", f"exit {r.returncode}: {r.stderr[:500]}" if r.returncode
               else f"calls {sorted(set(calls))}" if calls else None)
        out[k] = r.stdout
    return out.get(KERNEL)


def have_riscv():
    return bool(shutil.which("clang-19") and shutil.which("qemu-riscv64") and os.path.isdir("/usr/riscv64-linux-gnu"))


def main():
    csrc = no_libm_maxmin()
    run_ttxform("interp", ["--interp"])
    run_ttxform("jit", [])
    run_ttxform("jit-1thread", ["--threads=1", "--no-bounds-check"])
    if csrc:
        c_engine(["-O0"], csrc)
        c_engine(["-O3", "-march=native"], csrc)
    if have_riscv():
        run_ttxform("riscv64", ["--target=riscv64"])
        for vlen in (128, 256):
            run_ttxform(f"rvv{vlen}", ["--target=riscv64-rvv", f"--vlen={vlen}"])
    else:
        print("note: clang-19, qemu-riscv64 or the riscv64 sysroot missing; the riscv64 engines skipped")
    sys.exit(TALLY.close(TMP))


main()
