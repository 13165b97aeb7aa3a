#!/usr/bin/env python3
"""Numeric tests of `ttxform run`: kernels run on .npy and generated inputs,
outputs compared with NumPy references computed here.

usage: run.py TTXFORM NUMERIC_DIR SAMPLES_DIR

Kernels: SAMPLES_DIR/vector_add.ttir and NUMERIC_DIR/*.ttir (a masked row
softmax, a tiled matmul with a K loop over a 2-D grid, an f16 scale, and an
integer/bool select).  Then error cases: each must exit with status 1 and a
message containing the expected text, write no output file, and leave no
sanitizer report.

Prints `PASS name` / `FAIL name: why` per case and a final line
`N passed, N failed`; exits 1 if any case failed.  Needs NumPy (Debian:
python3-numpy); if the running interpreter lacks it, /usr/bin/python3 is
tried, else the suite is skipped (exit 77).
"""
import math
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import close, error_reason, exact, first, numpy_or_skip, sanitizer_report, Tally  # noqa: E402

np = numpy_or_skip("numeric")

TIMEOUT = 120

TTX, NUM, SAMPLES = sys.argv[1], sys.argv[2], sys.argv[3]
TMP = tempfile.mkdtemp(prefix="ttx-numeric-")


def path(name):
    return os.path.join(TMP, name)


def kernel(name):
    return os.path.join(SAMPLES if name == "vector_add.ttir" else NUM, name)


def save(name, arr):
    p = path(name)
    np.save(p, arr)
    return p


def run_out(args):
    r = subprocess.run([TTX, "run"] + args, capture_output=True, text=True, timeout=TIMEOUT)
    return r.returncode, r.stdout, r.stderr


def ttx_run(args):
    r = subprocess.run([TTX, "run"] + args, capture_output=True, text=True, timeout=TIMEOUT)
    return r.returncode, r.stderr


TALLY = Tally()
report = TALLY.report


def case(name, args, check):
    """run `ttxform run ARGS`, which must succeed, then check() the outputs"""
    try:
        rc, err = ttx_run(args)
        if rc != 0 or sanitizer_report(err):
            report(name, f"exit status {rc}: {err.strip()[:2000]}")
            return
        if err.strip():
            report(name, f"unexpected stderr: {err.strip()[:2000]}")
            return
        report(name, check())
    except Exception as e:  # a failed comparison or a missing file
        report(name, f"{type(e).__name__}: {e}")


def error_case(name, args, message, no_file=None):
    """`ttxform run ARGS` must exit 1 with message in stderr"""
    try:
        if no_file and os.path.exists(no_file):
            os.unlink(no_file)
        rc, err = ttx_run(args)
        report(name, error_reason(rc, err, message, no_file))
    except Exception as e:
        report(name, f"{type(e).__name__}: {e}")


def load(name, dtype, shape):
    a = np.load(path(name))
    if a.dtype != np.dtype(dtype) or a.shape != tuple(shape):
        raise AssertionError(f"{name}: {a.dtype}{a.shape}, expected {np.dtype(dtype)}{tuple(shape)}")
    return a






# ---- the documented randn generator, replayed --------------------------------

M64 = (1 << 64) - 1


def randn_ref(n, seed):
    z = (seed + 0x9E3779B97F4A7C15) & M64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    s = z ^ (z >> 31)
    if s == 0:
        s = 0x9E3779B97F4A7C15
    out = []

    def nxt():
        nonlocal s
        x = s
        x ^= x >> 12
        x ^= (x << 25) & M64
        x ^= x >> 27
        s = x
        return (x * 0x2545F4914F6CDD1D) & M64

    while len(out) < n:
        u1 = ((nxt() >> 11) + 1) * 2.0 ** -53
        u2 = ((nxt() >> 11) + 1) * 2.0 ** -53
        r = math.sqrt(-2.0 * math.log(u1))
        th = 2.0 * math.pi * u2
        out.append(r * math.cos(th))
        out.append(r * math.sin(th))
    return np.array(out[:n], dtype=np.float64)


# ---- kernels -----------------------------------------------------------------

def vector_add_cases():
    n = 2500
    rng = np.random.default_rng(1)
    x = rng.standard_normal(n).astype(np.float32)
    y = rng.standard_normal(n).astype(np.float32)
    xp, yp = save("va_x.npy", x), save("va_y.npy", y)
    k = kernel("vector_add.ttir")
    case("vector_add-npy", [k, "--grid=3", "--arg", f"arg0={xp}", "--arg", f"arg1={yp}",
                            "--arg", "arg2=zeros:2500", "--arg", f"arg3={n}", "--output", f"arg2={path('va_o.npy')}"],
         lambda: exact(load("va_o.npy", np.float32, (n,)), x + y))
    # positions, %argN, generators with a dtype, 2-D shapes, --interp, --opt=VALUE forms
    case("vector_add-generated", [k, "--interp", "--grid", "2", "--arg=0=arange:2000:float32", "--arg", "%arg1=ones:2000:f32",
                                  "--arg", "2=zeros:40x50:float32", "--arg", "arg3=2000",
                                  "--output=arg2=" + path("va_g.npy"), "--output", "0=" + path("va_gx.npy")],
         lambda: first(exact(load("va_g.npy", np.float32, (40, 50)), (np.arange(2000, dtype=np.float32) + 1).reshape(40, 50)),
                       exact(load("va_gx.npy", np.float32, (2000,)), np.arange(2000, dtype=np.float32))))
    # randn: deterministic, the documented generator; masked tail left as bound
    want_x = randn_ref(1000, 7).astype(np.float32)
    want_y = randn_ref(1000, 12345678901234567890).astype(np.float32)
    case("vector_add-randn", [k, "--grid=1", "--arg", "arg0=randn:1000:float32:7",
                              "--arg", "arg1=randn:1000:f32:12345678901234567890",
                              "--arg", "arg2=ones:1001", "--arg", "arg3=1000",
                              "--output", "arg0=" + path("rx.npy"), "--output", "arg1=" + path("ry.npy"),
                              "--output", "arg2=" + path("ro.npy")],
         lambda: first(exact(load("rx.npy", np.float32, (1000,)), want_x),
                       exact(load("ry.npy", np.float32, (1000,)), want_y),
                       exact(load("ro.npy", np.float32, (1001,)), np.append(want_x + want_y, np.float32(1)))))
    # the default seed is 0 and the dtype defaults to the pointee type
    case("randn-default-seed", [k, "--grid=1", "--arg", "arg0=randn:999", "--arg", "arg1=zeros:999",
                                "--arg", "arg2=zeros:999", "--arg", "arg3=999", "--output", "arg0=" + path("rd.npy")],
         lambda: first(exact(load("rd.npy", np.float32, (999,)), randn_ref(999, 0).astype(np.float32)),
                       None if abs(float(randn_ref(4096, 0).mean())) < 0.1 and abs(float(randn_ref(4096, 0).std()) - 1) < 0.1
                       else "randn is not standard normal"))


def softmax_cases():
    rows, cols = 6, 100
    x = (np.random.default_rng(2).standard_normal((rows, cols)) * 3).astype(np.float32)
    xp = save("sm_in.npy", x)
    e = np.exp(x.astype(np.float64) - x.max(axis=1, keepdims=True))
    want = e / e.sum(axis=1, keepdims=True)
    # the TTIR's own argument names (%out, %in, %ncols)
    case("softmax-masked-rows", [kernel("softmax.ttir"), f"--grid={rows}", "--arg", f"in={xp}",
                                 "--arg", f"out=zeros:{rows}x{cols}", "--arg", f"ncols={cols}",
                                 "--output", "out=" + path("sm_out.npy")],
         lambda: first(close(load("sm_out.npy", np.float32, (rows, cols)), want, 1e-5, 1e-7),
                       close(load("sm_out.npy", np.float32, (rows, cols)).sum(axis=1), np.ones(rows), 1e-5, 1e-5)))
    # a .npy in version 2.0 of the format
    p2 = path("sm_in_v2.npy")
    with open(p2, "wb") as f:
        np.lib.format.write_array(f, x, version=(2, 0))
    case("softmax-npy-v2", [kernel("softmax.ttir"), f"--grid={rows}", "--arg", f"in={p2}",
                            "--arg", f"out=zeros:{rows},{cols}", "--arg", f"ncols={cols}",
                            "--output", "out=" + path("sm_out2.npy")],
         lambda: close(load("sm_out2.npy", np.float32, (rows, cols)), want, 1e-5, 1e-7))


def matmul_cases():
    m, k, n = 16, 24, 32
    rng = np.random.default_rng(3)
    a = rng.integers(-5, 6, (m, k)).astype(np.float32)
    b = (rng.integers(-6, 7, (k, n)) * 0.5).astype(np.float32)
    ap, bp = save("mm_a.npy", a), save("mm_b.npy", b)
    # small integers and halves: exact in f32 whatever the order of the sums
    case("matmul-k-loop", [kernel("matmul.ttir"), f"--grid={m // 8},{n // 8}", "--arg", f"a={ap}", "--arg", f"b={bp}",
                           "--arg", f"c=zeros:{m}x{n}", "--arg", f"K={k}", "--arg", f"N={n}",
                           "--output", "c=" + path("mm_c.npy")],
         lambda: exact(load("mm_c.npy", np.float32, (m, n)), a @ b))
    # randn inputs: compared with a float64 product
    ra = randn_ref(m * k, 11).astype(np.float32).reshape(m, k)
    rb = randn_ref(k * n, 12).astype(np.float32).reshape(k, n)
    case("matmul-randn", [kernel("matmul.ttir"), f"--grid={m // 8},{n // 8},1", "--arg", f"a=randn:{m}x{k}:f32:11",
                          "--arg", f"b=randn:{k}x{n}:f32:12", "--arg", f"c=zeros:{m}x{n}", "--arg", f"K={k}",
                          "--arg", f"N={n}", "--output", "c=" + path("mm_rc.npy")],
         lambda: close(load("mm_rc.npy", np.float32, (m, n)), ra.astype(np.float64) @ rb.astype(np.float64), 1e-5, 1e-5))


def f16_cases():
    n = 300
    x = (np.random.default_rng(4).standard_normal(n) * 100).astype(np.float16)
    x[:4] = [np.float16(65504), np.float16(-0.0), np.float16(6e-8), np.float16(1e-4)]
    xp = save("h_x.npy", x)
    s = 0.3
    want = (x.astype(np.float32) * np.float32(s)).astype(np.float16)
    case("f16-scale", [kernel("scale_f16.ttir"), "--grid=5", "--arg", f"arg0={xp}", "--arg", "arg1=zeros:300",
                       "--arg", f"arg2={s}", "--arg", f"arg3={n}", "--output", "arg1=" + path("h_y.npy")],
         lambda: exact(load("h_y.npy", np.float16, (n,)).view(np.uint16), want.view(np.uint16)))
    # the generator's f16 rounding agrees with NumPy's
    case("f16-randn", [kernel("scale_f16.ttir"), "--grid=1", "--arg", "arg0=randn:64:float16:5",
                       "--arg", "arg1=zeros:64", "--arg", "arg2=1e3", "--arg", "arg3=64",
                       "--output", "arg0=" + path("h_r.npy"), "--output", "arg1=" + path("h_r1.npy")],
         lambda: first(exact(load("h_r.npy", np.float16, (64,)).view(np.uint16),
                             randn_ref(64, 5).astype(np.float16).view(np.uint16)),
                       exact(load("h_r1.npy", np.float16, (64,)).view(np.uint16),
                             (randn_ref(64, 5).astype(np.float16).astype(np.float32) * np.float32(1e3))
                             .astype(np.float16).view(np.uint16))))


def int_cases():
    n = 29
    a = np.random.default_rng(5).integers(-100, 100, 32).astype(np.int32)
    flag = np.arange(32) % 3 == 0
    ap, fp = save("i_a.npy", a), save("i_f.npy", flag)
    s = np.where(flag, a * 3, -a).astype(np.int32)
    pre_low = np.full(32, 7, dtype=np.int8)
    lp = save("i_low.npy", pre_low)

    def check():
        wide = load("i_wide.npy", np.int64, (32,))
        low = load("i_lowo.npy", np.int8, (32,))
        pos = load("i_pos.npy", np.bool_, (4, 8)).reshape(32)   # the shape it was bound with
        want_low = pre_low.copy()
        want_low[:n] = s[:n].astype(np.int8)
        want_pos = np.zeros(32, np.bool_)
        want_pos[:n] = a[:n] > 0
        want_wide = np.zeros(32, np.int64)
        want_wide[:n] = s[:n].astype(np.int64) * 10**9
        return first(exact(wide, want_wide), exact(low, want_low), exact(pos, want_pos))
    case("int-bool-select", [kernel("select_int.ttir"), "--grid=1", "--arg", f"a={ap}", "--arg", f"flag={fp}",
                             "--arg", "wide=zeros:32", "--arg", f"low={lp}", "--arg", "pos=zeros:4x8:bool",
                             "--arg", f"n={n}", "--output", "wide=" + path("i_wide.npy"),
                             "--output", "low=" + path("i_lowo.npy"), "--output", "pos=" + path("i_pos.npy")],
         check)
    # a signless i8 buffer may be uint8
    case("int-uint8-for-i8", [kernel("select_int.ttir"), "--grid=1", "--arg", "a=arange:32:int32", "--arg", "flag=ones:32",
                              "--arg", "wide=zeros:32", "--arg", "low=zeros:32:uint8", "--arg", "pos=zeros:32",
                              "--arg", "n=0x20", "--output", "low=" + path("i_u8.npy")],
         lambda: exact(load("i_u8.npy", np.uint8, (32,)), (np.arange(32) * 3).astype(np.uint8)))


# ---- errors ------------------------------------------------------------------

def error_cases():
    k = kernel("vector_add.ttir")
    x = save("e_x.npy", np.zeros(16, np.float32))
    out = path("e_out.npy")
    good = ["--arg", f"arg0={x}", "--arg", f"arg1={x}", "--arg", "arg2=zeros:16", "--arg", "arg3=16"]
    error_case("error-missing-arg", [k, "--grid=1"] + good[:6] + ["--output", f"arg2={out}"],
               "argument 'arg3' (i32) is not bound", out)
    error_case("error-missing-pointer-arg", [k, "--grid=1"] + good[2:],
               "argument 'arg0' (!tt.ptr<f32>) is not bound", None)
    error_case("error-wrong-dtype", [k, "--grid=1", "--arg", f"arg0={save('e_f64.npy', np.zeros(16))}"] + good[2:]
               + ["--output", f"arg2={out}"], "holds float64, expected float32", out)
    error_case("error-generator-dtype", [k, "--grid=1", "--arg", "arg0=zeros:16:int32"] + good[2:],
               "holds int32, expected float32")
    error_case("error-unreadable-file", [k, "--grid=1", "--arg", f"arg0={path('missing.npy')}"] + good[2:],
               f"cannot read '{path('missing.npy')}': No such file or directory")
    error_case("error-directory", [k, "--grid=1", "--arg", f"arg0={TMP}"] + good[2:], f"cannot read '{TMP}'")
    with open(path("e_text.npy"), "w") as f:
        f.write("hello\n")
    error_case("error-not-npy", [k, "--grid=1", "--arg", f"arg0={path('e_text.npy')}"] + good[2:], "not a .npy file")
    raw = open(x, "rb").read()
    with open(path("e_trunc.npy"), "wb") as f:
        f.write(raw[:-6])
    error_case("error-truncated-npy", [k, "--grid=1", "--arg", f"arg0={path('e_trunc.npy')}"] + good[2:],
               "truncated .npy file: shape (16,) of float32 needs 64 bytes of data, the file has 58")
    with open(path("e_trunc_hdr.npy"), "wb") as f:
        f.write(raw[:40])
    error_case("error-truncated-header", [k, "--grid=1", "--arg", f"arg0={path('e_trunc_hdr.npy')}"] + good[2:],
               "truncated .npy file: the header needs")
    fo = save("e_fortran.npy", np.asfortranarray(np.zeros((4, 4), np.float32)))
    error_case("error-fortran-order", [k, "--grid=1", "--arg", f"arg0={fo}"] + good[2:], "Fortran-order arrays are not supported")
    error_case("error-big-endian", [k, "--grid=1", "--arg", f"arg0={save('e_be.npy', np.zeros(16, '>f4'))}"] + good[2:],
               "big-endian data ('>f4') is not supported")
    error_case("error-unsupported-dtype", [k, "--grid=1", "--arg", f"arg0={save('e_c.npy', np.zeros(16, np.complex64))}"] + good[2:],
               "unsupported dtype '<c8'")
    error_case("error-structured-dtype", [k, "--grid=1", "--arg",
                                          f"arg0={save('e_s.npy', np.zeros(4, [('a', '<f4'), ('b', '<i4')]))}"] + good[2:],
               "structured dtypes are not supported")
    error_case("error-bad-shape", [k, "--grid=1", "--arg", "arg0=zeros:4y8"] + good[2:], "bad shape '4y8'")
    error_case("error-unknown-generator", [k, "--grid=1", "--arg", "arg0=fill:16:f32"] + good[2:], "unknown generator 'fill'")
    error_case("error-randn-int", [k, "--grid=1", "--arg", "arg0=randn:16:int32:1"] + good[2:], "randn needs a float dtype")
    error_case("error-bad-seed", [k, "--grid=1", "--arg", "arg0=randn:16:f32:-1"] + good[2:], "bad seed '-1'")
    error_case("error-unknown-dtype", [k, "--grid=1", "--arg", "arg0=ones:16:float8"] + good[2:], "unknown dtype 'float8'")
    error_case("error-generator-fields", [k, "--grid=1", "--arg", "arg0=zeros:16:f32:3"] + good[2:],
               "bad generator 'zeros:16:f32:3' (expected zeros:SHAPE[:DTYPE])")
    error_case("error-scalar-not-number", [k, "--grid=1"] + good[:6] + ["--arg", "arg3=abc"],
               "argument 'arg3' is a scalar i32: expected an integer, not 'abc'")
    error_case("error-scalar-float-for-int", [k, "--grid=1"] + good[:6] + ["--arg", "arg3=1.5"], "expected an integer, not '1.5'")
    error_case("error-scalar-range", [k, "--grid=1"] + good[:6] + ["--arg", "arg3=5000000000"], "5000000000 is out of range")
    error_case("error-scalar-for-pointer", [k, "--grid=1", "--arg", "arg0=3"] + good[2:], "cannot read '3'")
    error_case("error-unknown-arg", [k, "--grid=1"] + good + ["--arg", "x=1"],
               "@add_kernel has no argument 'x' (its arguments: arg0: !tt.ptr<f32>, arg1: !tt.ptr<f32>, arg2: !tt.ptr<f32>, arg3: i32)")
    error_case("error-arg-twice", [k, "--grid=1"] + good + ["--arg", "3=1"], "is bound twice")
    error_case("error-output-scalar", [k, "--grid=1"] + good + ["--output", f"arg3={out}"], "argument 'arg3' is i32, not a pointer", out)
    error_case("error-output-unwritable", [k, "--grid=1"] + good + ["--output", f"arg2={path('nodir/o.npy')}"],
               f"cannot write '{path('nodir/o.npy')}'")
    error_case("error-missing-grid", [k] + good, "missing --grid")
    error_case("error-bad-grid", [k, "--grid=0"] + good, "bad grid '0'")
    error_case("error-bad-grid-4d", [k, "--grid=1,1,1,1"] + good, "bad grid")
    # --output NAME=- is an error (a .npy is binary), and no file '-' is made
    dash = os.path.join(os.getcwd(), "-")
    error_case("error-output-dash", [k, "--grid=1"] + good + ["--output", "arg2=-"],
               "--output 'arg2=-' names no file", dash)
    # a float the scalar's type rounds to infinity is out of range, as an
    # integer past its type is; "inf" itself is a number
    sc = os.path.join(NUM, "scale_f16.ttir")
    sgood = ["--arg", "arg0=zeros:64:f16", "--arg", "arg1=zeros:64:f16", "--arg", "arg3=64"]
    for v, t in (("1e40", "f32"), ("-3.5e38", "f32"), ("1e400", "f32")):
        error_case(f"error-float-out-of-range-{v}", [sc, "--grid=1", "--arg", f"arg2={v}"] + sgood,
                   f"argument 'arg2' is a scalar f32: {v} is out of range (it rounds to infinity in {t})")
    for v in ("inf", "-inf", "3.4e38", "1e-50"):
        rc, err = ttx_run([sc, "--grid=1", "--arg", f"arg2={v}"] + sgood)
        report(f"float-in-range-{v}", None if rc == 0 and not err.strip() else f"exit {rc}: {err[:300]}")
    # one element, one byte: singular
    one = save("e_one.npy", np.zeros(1, np.int8).view(np.bool_))
    sel = os.path.join(NUM, "select_int.ttir")
    for eng in ("--interp", "--jit"):
        error_case(f"error-holds-1-element{eng}", [sel, "--grid=1", eng, "--arg", "a=zeros:32:int32", "--arg", f"flag={one}",
                                                    "--arg", "wide=zeros:32", "--arg", "low=zeros:32:int8", "--arg", "pos=zeros:32",
                                                    "--arg", "n=32"],
                   "which holds 1 element (1 byte) in program (0, 0, 0)")
    # --check without --output reports the buffers the kernel writes, not its inputs
    rc, o, err = run_out([k, "--grid=1", "--check"] + good)
    lines = [l.split(":")[0] for l in o.splitlines() if l.startswith("check ")]
    report("check-reports-written-buffers", None if rc == 0 and lines == ["check arg2 float32 (16,)"]
           else f"exit {rc}: {err[:300]} {o[:300]}")
    # Triton's launch limits (x < 2^31, y and z < 65536) on every engine, and
    # a product that wrapped to nothing (it ran no program and exited 0)
    for g, why in (("2147483647,2147483647,4", "Y is at most 65535"), ("2147483648", "X is at most 2147483647"),
                   ("1,65536", "Y is at most 65535"), ("1,1,65536", "Z is at most 65535"),
                   ("2147483647,65535,65535", "9223090559730712575 programs in all: at most 2^53")):
        for eng in (["--jit"], ["--interp"], ["--check"], ["--via=ktir"], ["--target=riscv64"]):
            error_case(f"error-grid-{g}{eng[0]}", [k, f"--grid={g}"] + eng + good, f"bad grid '{g}' ({why}", out)
    error_case("error-no-equals", [k, "--grid=1", "--arg", "arg0"] + good[2:], "bad --arg 'arg0' (expected NAME=VALUE)")
    error_case("error-unknown-option", [k, "--grid=1", "--frobnicate"] + good, "unknown option '--frobnicate'")
    error_case("error-unknown-function", [k, "--grid=1", "--function=nope"] + good, "has no function @nope")
    error_case("error-unreadable-kernel", [path("nope.ttir"), "--grid=1"] + good, "cannot read")
    bad_ir = path("bad.ttir")
    with open(bad_ir, "w") as f:
        f.write("module {\n  tt.func @k(%a: i32) {\n    %0 = arith.addi %a, %zz : i32\n    tt.return\n  }\n}\n")
    error_case("error-kernel-parse", [bad_ir, "--grid=1", "--arg", "a=1"], "bad.ttir:3:")
    # the interpreter's out-of-bounds check: n past the end of the buffers
    error_case("error-out-of-bounds", [k, "--grid=1"] + good[:6] + ["--arg", "arg3=17", "--output", f"arg2={out}"],
               "out-of-bounds access", out)


def main():
    vector_add_cases()
    softmax_cases()
    matmul_cases()
    f16_cases()
    int_cases()
    error_cases()
    # help
    try:
        r = subprocess.run([TTX, "run", "--help"], capture_output=True, text=True, timeout=TIMEOUT)
        report("run-help", None if r.returncode == 0 and "--interp" in r.stdout and "randn:SHAPE" in r.stdout
               else f"exit {r.returncode}: {r.stdout[:500]}")
        r = subprocess.run([TTX, "--help"], capture_output=True, text=True, timeout=TIMEOUT)
        report("main-help-mentions-run", None if r.returncode == 0 and "run KERNEL" in r.stdout else "no 'run' in --help")
    except Exception as e:
        report("run-help", f"{type(e).__name__}: {e}")
    return TALLY.close(TMP)


if __name__ == "__main__":
    sys.exit(main())
