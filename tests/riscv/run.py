#!/usr/bin/env python3
"""RISC-V: `ttxform build` and `ttxform run --target=riscv64[-rvv]` (clang-19
for riscv64, qemu-riscv64 7.2).

usage: run.py TTXFORM ROOT

- every kernel of tests/numeric/jit.py's list (samples/vector_add.ttir,
  samples/cpu/*.ttir, tests/numeric/*.ttir, with its inputs and NumPy
  references) under qemu on both targets at VLEN 128, 256 and 512:
  `--check` against the host interpreter (its tolerances) and the outputs
  against the NumPy reference where the list has one;
- the CPU samples after `--tile=vlen=N` (the tile pass) under qemu at
  VLEN N on riscv64-rvv, the same checks;
- edge sizes around the vector length (n = 0, 1 and VLMAX-1, VLMAX, VLMAX+1
  for LMUL 1, 2, 4 and 8 at each VLEN) of the vector add and of the
  softmax's masked row, with the elements past n checked untouched;
- i32 rows (tests/rvv/int32.ttir) and f16 rows (tests/numeric/scale_f16.ttir)
  at the same edge sizes, exact against NumPy, the tail untouched;
- the rvv target's own kernels (tests/rvv/): 2-D masked rows with a min
  reduction, select, cmpf and exp at edge sizes, an f32 tt.dot whose 24
  columns leave a tail, and its vector exp bit for bit against the
  interpreter's (NaN, infinities, the clamps, subnormal results, a sweep),
  its vector erf likewise (specials, the table's sixteenths' edges, a sweep);
  loop-carried dots (tests/rvv/dot_loop.ttir), one written in place into
  its carried array and one whose accumulator is also its A operand; the
  f32 matmul (the CPU sample with f32 for f16) at sizes whose dots read
  through the pointer rows (K not a multiple of the block) and at sizes
  whose last blocks wrap (their rows gathered); its accumulators held in
  registers across the K loop (several K blocks, the last one masked, M
  and N ragged so the generic loop runs in some programs) bit for bit the
  interpreter's and the generic loop's (a variant the pattern does not
  take: a division in the K loop's body);
  `ttxform run --target=riscv64-rvv --dump-dir` shows that the program
  built is the --emit=rvv C (RVV intrinsics);
- 1 and 3 threads, and the atomics' histogram and spin lock
  (tests/numeric/atomics_*.ttir) on 16 threads on both targets;
  `--dump-dir`; the program cache (`--cache-dir`), which
  also keeps this suite's compiles to one per kernel and target;
- `ttxform build` to .o, .so and .s on both targets (a riscv64 ELF; vector
  instructions with riscv64-rvv only; zvfh for f16);
- errors: a missing clang-19 or qemu-riscv64 (PATH without them), bad
  --target, bad --vlen, --vlen without --target, an unknown output suffix,
  a kernel that does not parse (no output file), a division by zero found
  under qemu at the op, an out-of-bounds access found by --check's
  interpreter, and no temporary directory left behind.

Prints `PASS name` / `FAIL name: why` and `N passed, N failed`; exit
status 1 if any case failed, 77 (skipped) when clang-19, the riscv64
sysroot, qemu-riscv64 or NumPy is missing.
"""
import os
import shutil
import subprocess
import sys
import tempfile

TTX, ROOT = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
sys.path.insert(0, os.path.join(ROOT, "tests", "numeric"))
from harness import close, error_reason, exact, first, numpy_or_skip, sanitizer_report, Tally  # noqa: E402

np = numpy_or_skip("riscv")

missing = [w for w, ok in (("clang-19 (apt-get install clang-19)", shutil.which("clang-19")),
                           ("qemu-riscv64 (apt-get install qemu-user)", shutil.which("qemu-riscv64")),
                           ("the riscv64 sysroot (apt-get install libc6-dev-riscv64-cross)",
                            os.path.exists("/usr/riscv64-linux-gnu/lib/libc.a"))) if not ok]
if missing:
    print(f"SKIP riscv: {', '.join(missing)} not found")
    sys.exit(77)

# the kernels, inputs and NumPy references of the JIT's suite
sys.argv = [sys.argv[0], TTX, ROOT]
import jit  # noqa: E402

TIMEOUT = 600
TMP = tempfile.mkdtemp(prefix="ttx-riscv-")
CACHE = os.path.join(TMP, "cache")
RUNTMP = os.path.join(TMP, "runtmp")      # TMPDIR of every run: must stay empty
os.mkdir(RUNTMP)
ENV = dict(os.environ, TMPDIR=RUNTMP)
TARGETS = ("riscv64", "riscv64-rvv")
VLENS = (128, 256, 512)
TALLY = Tally()
report = TALLY.report
CPU = os.path.join(ROOT, "samples", "cpu")


def path(name):
    return os.path.join(TMP, name)


def ttx(args, env=None):
    r = subprocess.run([TTX] + args, capture_output=True, text=True, timeout=TIMEOUT, env=env or ENV)
    return r.returncode, r.stdout, r.stderr


def checked_run(name, file, grid, args, outputs, target, vlen, check=None, extra=(), identical=False, note=None):
    """--check under qemu (identical: every output bit for bit the
    interpreter's), then the NumPy check on the outputs; stderr empty, or
    holding the one line `note` (and the note's source lines) when given"""
    outs = {k: path(f"{name}-{k}.npy") for k in outputs}
    cmd = ["run", file, "--check", f"--target={target}", f"--vlen={vlen}", f"--cache-dir={CACHE}",
           "--grid=" + ",".join(map(str, grid))] + list(extra) + jit.arglist(args)
    for k, p in outs.items():
        cmd += ["--output", f"{k}={p}"]
    try:
        rc, out, err = ttx(cmd)
        lines = [ln for ln in out.splitlines() if ln.startswith("check ")]
        if note is not None:
            if err.count(": note: ") != 1 or note not in err or "error" in err:
                return f"expected one note '{note}': {err.strip()[:1500]}"
            err = ""
        if rc != 0 or err.strip() or sanitizer_report(err):
            return f"exit {rc}: {err.strip()[:1500]} {out[:500]}"
        if len(lines) != len(outputs) or not all(ln.endswith("identical") or (": ok:" in ln and not identical) for ln in lines):
            return f"unexpected report: {out[:1500]}"
        if check is not None:
            return check({k: np.load(p) for k, p in outs.items()})
        return None
    except Exception as ex:
        return f"{type(ex).__name__}: {ex}"


def kernel_cases():
    jit.covered()   # every kernel file has an entry in the list
    for name, file, grid, args, outputs, check in jit.KERNELS:
        for target in TARGETS:
            for vlen in VLENS:
                report(f"{name}-{target}-vlen{vlen}", checked_run(name, file, grid, args, outputs, target, vlen, check))


def tiled_cases():
    """the CPU samples after --tile=vlen=N, run under qemu at VLEN N"""
    for name, file, grid, args, outputs, check in jit.KERNELS:
        if not name.startswith("cpu-"):
            continue
        for vlen in VLENS:
            tiled = path(f"tiled-{name}-{vlen}.mlir")
            rc, out, err = ttx([file, f"--tile=vlen={vlen}", "-o", tiled])
            if rc != 0:
                report(f"tiled-{name}-vlen{vlen}", f"exit {rc}: {err[:1000]}")
                continue
            report(f"tiled-{name}-vlen{vlen}", checked_run(f"tiled-{name}", tiled, grid, args, outputs, "riscv64-rvv", vlen, check))


def edge_cases():
    """sizes around VLMAX = VLEN / 32 * LMUL for f32, masked tails"""
    k = os.path.join(CPU, "vector_add.ttir")
    rng = np.random.default_rng(13)
    for vlen in VLENS:
        sizes = sorted({0, 1} | {v + d for lm in (1, 2, 4, 8) for v in [vlen // 32 * lm] for d in (-1, 0, 1)})
        for target in TARGETS:
            for n in sizes:
                x = rng.standard_normal(max(n, 1)).astype(np.float32)
                y = rng.standard_normal(max(n, 1)).astype(np.float32)
                o0 = np.full(n + 5, 7.5, np.float32)
                want = o0.copy()
                want[:n] = x[:n] + y[:n]
                report(f"edge-vector_add-n{n}-{target}-vlen{vlen}",
                       checked_run(f"edge-va-{n}", k, [max(1, -(-n // 1024))],
                                   {"arg0": x, "arg1": y, "arg2": o0, "arg3": n}, ["arg2"], target, vlen,
                                   lambda o, want=want: exact(o["arg2"], want)))
            # the softmax's row of 128 columns, masked at the same sizes
            for n in [s for s in sizes if s <= 128]:
                rows = 3
                xin = (rng.standard_normal((rows, 130)) * 3).astype(np.float32)
                so0 = np.full((rows, 132), -2.0, np.float32)
                want = so0.astype(np.float64)
                if n:
                    e = np.exp(xin[:, :n].astype(np.float64) - xin[:, :n].max(axis=1, keepdims=True))
                    want[:, :n] = e / e.sum(axis=1, keepdims=True)
                report(f"edge-softmax-n{n}-{target}-vlen{vlen}",
                       checked_run(f"edge-sm-{n}", os.path.join(CPU, "softmax.ttir"), [rows],
                                   {"arg0": so0, "arg1": xin, "arg2": 130, "arg3": 132, "arg4": rows, "arg5": n},
                                   ["arg0"], target, vlen,
                                   lambda o, want=want, n=n: first(close(o["arg0"], want, 2e-6, 1e-7),
                                                                   exact(o["arg0"][:, n:], so0[:, n:]))))


RVV = os.path.join(ROOT, "tests", "rvv")


def identical_run(name, file, grid, args, outputs, vlen):
    """--check under qemu on riscv64-rvv must report every output identical"""
    cmd = ["run", file, "--check", "--target=riscv64-rvv", f"--vlen={vlen}", f"--cache-dir={CACHE}",
           "--grid=" + ",".join(map(str, grid))] + jit.arglist(args)
    rc, out, err = ttx(cmd)
    lines = [ln for ln in out.splitlines() if ln.startswith("check ")]
    if rc != 0 or err.strip():
        return f"exit {rc}: {err.strip()[:1500]}"
    if len(lines) < len(outputs) or not all(ln.endswith("identical") for ln in lines):
        return f"not identical: {out[:1500]}"
    return None


def rvv_cases():
    rng = np.random.default_rng(29)
    # the vector exp: the interpreter's bits on every lane
    sp = np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 88.72, 88.73, 89.0, 89.5, -87.3, -87.4, -100.0, -103.9,
                   -104.0, -104.5, -1e30, 1e30, 1e-30, -1e-30, 0.5, -0.5, 1.0, 2.0 ** -24], np.float32)
    sweep = np.linspace(-110, 95, 2000, dtype=np.float32)
    wide = (rng.standard_normal(1000) * 30).astype(np.float32)
    xe = np.concatenate([sp, sweep, wide]).astype(np.float32)
    n = len(xe)
    for vlen in VLENS:
        report(f"rvv-exp-bits-vlen{vlen}",
               identical_run("rvv-exp", os.path.join(RVV, "exp.ttir"), [-(-n // 256)],
                             {"x": xe, "y": np.zeros(n, np.float32), "n": n}, ["y"], vlen))
    # the vector erf (f64 Taylor table): the interpreter's bits on every lane
    # (NaN, infinities, signed zero, subnormals, the sixteenths' edges, 3.9193
    # where erf rounds to 1, a sweep of [-5, 5], random points)
    sp = np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 1e-45, -1e-45, 1e-38, 1e-30, -1e-20, 0.25, 0.2499999, 0.75,
                   1.0, 2.0, 3.75, 3.9192998, 3.9193, 3.91931, -3.9193, 3.9375, 4.0, 5.0, 1e30, -1e30], np.float32)
    edges = np.arange(65, dtype=np.float32) / np.float32(16)   # the table's sixteenths of [0, 4)
    edges = np.concatenate([edges, np.nextafter(edges, np.float32(9)), np.nextafter(edges, np.float32(-9))])
    xr = np.concatenate([sp, edges, -edges, np.linspace(-5, 5, 20001, dtype=np.float32),
                         (rng.standard_normal(20000) * 2).astype(np.float32)]).astype(np.float32)
    n = len(xr)
    for vlen in VLENS:
        report(f"rvv-erf-bits-vlen{vlen}",
               identical_run("rvv-erf", os.path.join(RVV, "erf.ttir"), [-(-n // 256)],
                             {"x": xr, "y": np.zeros(n, np.float32), "n": n}, ["y"], vlen))
    # loops whose lanes are independent (strip by strip, accumulators in
    # registers) and sums of rows in registers: bit for bit at edge sizes
    for vlen in VLENS:
        for n in (0, 1, 63, 64, 65, 200):
            xv, yv = (rng.standard_normal(n + 1) * 3).astype(np.float32), rng.standard_normal(n + 1).astype(np.float32)
            report(f"rvv-lanes2-n{n}-vlen{vlen}",
                   identical_run("rvv-lanes2", os.path.join(RVV, "lanes2.ttir"), [1],
                                 {"x": xv, "y": yv, "out": np.zeros(64, np.float32), "n": n}, ["out"], vlen))
        for c in (1, 127, 128, 129):
            X = (rng.standard_normal((3, 136)) * 2).astype(np.float32)
            report(f"rvv-layernorm-c{c}-vlen{vlen}",
                   identical_run("rvv-layernorm", os.path.join(ROOT, "samples/cpu/layernorm.ttir"), [3],
                                 {"arg0": X, "arg1": np.full((3, 136), 3.0, np.float32), "arg2": rng.standard_normal(c).astype(np.float32),
                                  "arg3": rng.standard_normal(c).astype(np.float32), "arg4": np.zeros(3, np.float32),
                                  "arg5": np.zeros(3, np.float32), "arg6": 136, "arg7": c, "arg8": 1e-5}, ["arg1", "arg4", "arg5"], vlen))
        for nv in (1, 63, 64, 65, 130):
            A = rng.standard_normal((20, 136)).astype(np.float32)
            report(f"rvv-matvec-n{nv}-vlen{vlen}",
                   identical_run("rvv-matvec", os.path.join(ROOT, "samples/cpu/matvec.ttir"), [2],
                                 {"arg0": A, "arg1": rng.standard_normal(nv).astype(np.float32), "arg2": np.zeros(22, np.float32),
                                  "arg3": 20, "arg4": nv, "arg5": 136}, ["arg2"], vlen))
    # 2-D masked rows: min along rows, select(x > 0, exp(x - min), -x)
    k = os.path.join(RVV, "rows2d.ttir")
    for vlen in VLENS:
        sizes = sorted({0, 1, 64} | {v + d for v in (vlen // 32, vlen // 4) for d in (-1, 0, 1) if v + d <= 64})
        for nc in sizes:
            x = (rng.standard_normal((5, 70)) * 2).astype(np.float32)
            y0 = np.full((5, 66), 3.25, np.float32)
            nr = 3
            want = y0.astype(np.float64)
            if nc:
                xs = x[:nr, :nc].astype(np.float64)
                mn = xs.min(axis=1, keepdims=True)
                want[:nr, :nc] = np.where(xs > 0, np.exp(xs - mn), -xs)
            report(f"rvv-rows2d-nc{nc}-vlen{vlen}",
                   checked_run(f"rvv-rows2d-{nc}", k, [1], {"x": x, "y": y0, "sx": 70, "sy": 66, "nr": nr, "nc": nc},
                               ["y"], "riscv64-rvv", vlen,
                               lambda o, want=want, nc=nc: first(close(o["y"], want, 1e-6, 1e-6),
                                                                 exact(o["y"][:, nc:], y0[:, nc:]), exact(o["y"][3:], y0[3:]))))
    # i32 rows (tests/rvv/int32.ttir) and f16 rows (tests/numeric/scale_f16.ttir:
    # vle16 widened, the product rounded to f16, vse16) at the edge sizes,
    # the elements past n untouched
    for vlen in VLENS:
        sizes = sorted({0, 1} | {v + d for lm in (1, 2, 4, 8) for v in [vlen // 32 * lm] for d in (-1, 0, 1)})
        for n in sizes:
            ai = rng.integers(-2 ** 31, 2 ** 31, max(n, 1), dtype=np.int64).astype(np.int32)
            bi = rng.integers(-300, 300, max(n, 1)).astype(np.int32)
            y0 = np.full(n + 3, -5, np.int32)
            a64, b64 = ai[:n].astype(np.int64), bi[:n].astype(np.int64)
            d = (a64 * 3 - b64 + 2 ** 31) % 2 ** 32 - 2 ** 31
            xl = np.maximum(a64 ^ b64, 7) & 255
            want = y0.copy()
            want[:n] = ((np.where(a64 > b64, d, xl) + np.minimum(a64, b64) + 2 ** 31) % 2 ** 32 - 2 ** 31).astype(np.int32)
            report(f"rvv-int32-n{n}-vlen{vlen}",
                   checked_run(f"rvv-int32-{n}", os.path.join(RVV, "int32.ttir"), [max(1, -(-n // 256))],
                               {"a": ai, "b": bi, "y": y0, "n": n}, ["y"], "riscv64-rvv", vlen,
                               lambda o, want=want: exact(o["y"], want)))
            xh = (rng.standard_normal(max(n, 1)) * 100).astype(np.float16)
            h0 = np.full(n + 3, 1.5, np.float16)
            want = h0.copy()
            want[:n] = (xh[:n].astype(np.float32) * np.float32(0.3)).astype(np.float16)
            report(f"rvv-f16-n{n}-vlen{vlen}",
                   checked_run(f"rvv-f16-{n}", os.path.join(ROOT, "tests", "numeric", "scale_f16.ttir"), [max(1, -(-n // 64))],
                               {"arg0": xh, "arg1": h0, "arg2": 0.3, "arg3": n}, ["arg1"], "riscv64-rvv", vlen,
                               lambda o, want=want: exact(o["arg1"], want)))
    # an f32 dot with a column tail
    a = rng.standard_normal((16, 8)).astype(np.float32)
    b = rng.standard_normal((8, 24)).astype(np.float32)
    want = a.astype(np.float64) @ b.astype(np.float64) + 0.5
    for vlen in VLENS:
        report(f"rvv-dot24-vlen{vlen}",
               checked_run("rvv-dot24", os.path.join(RVV, "dot.ttir"), [1], {"a": a, "b": b, "c": np.zeros((16, 24), np.float32)},
                           ["c"], "riscv64-rvv", vlen, lambda o: close(o["c"], want, 1e-5, 1e-5)))
    # loop-carried dots: one written in place, one whose C is also its A
    a = (rng.standard_normal((16, 16)) * 0.5).astype(np.float32)
    b = (rng.standard_normal((16, 16)) * 0.5).astype(np.float32)
    q0 = (rng.standard_normal((16, 16)) * 0.5).astype(np.float32)
    pw, qw = np.zeros((16, 16)), q0.astype(np.float64)
    for _ in range(3):
        pw = a.astype(np.float64) @ b + pw
        qw = qw @ b + qw
    for vlen in VLENS:
        report(f"rvv-dot-loop-vlen{vlen}",
               checked_run("rvv-dot-loop", os.path.join(RVV, "dot_loop.ttir"), [1],
                           {"a": a, "b": b, "p": np.zeros((16, 16), np.float32), "q": q0}, ["p", "q"], "riscv64-rvv", vlen,
                           lambda o: first(close(o["p"], pw, 1e-5, 1e-5), close(o["q"], qw, 1e-4, 1e-4))))
    # the f32 matmul (the sample with f32 for f16, the truncf dropped): its
    # dot reads A's scalars and B's rows through the pointer rows when they
    # are consecutive; 64 x 64 with K = 45 (the last K block masked) and A's
    # rows 48 apart takes that path in every program; 40 x 40 x 70 wraps the
    # rows and columns of the last blocks (their pointer rows gathered)
    with open(os.path.join(CPU, "matmul.ttir")) as f:
        src = f.read()
    src = src.replace("%48 = arith.truncf %47#0 : tensor<32x32xf32> to tensor<32x32xf16>\n", "")
    src = src.replace("tt.store %57, %48, %64", "tt.store %57, %47#0, %64").replace("f16", "f32")
    mm32 = path("matmul_f32.ttir")
    with open(mm32, "w") as f:
        f.write(src)
    for M, N, K, lda in ((64, 64, 45, 48), (40, 40, 70, 70)):
        a = rng.standard_normal((M, lda)).astype(np.float32)
        b = rng.standard_normal((K, N)).astype(np.float32)
        want = a[:, :K].astype(np.float64) @ b.astype(np.float64)
        args = {"arg0": a, "arg1": b, "arg2": np.zeros((M, N), np.float32), "arg3": M, "arg4": N, "arg5": K,
                "arg6": lda, "arg7": N, "arg8": N}
        for vlen in VLENS:
            report(f"rvv-matmul-f32-{M}x{N}x{K}-vlen{vlen}",
                   checked_run(f"rvv-mm32-{M}", mm32, [-(-M // 32) * -(-N // 32)], args, ["arg2"], "riscv64-rvv", vlen,
                               lambda o, want=want: close(o["arg2"], want, 1e-5, 1e-4)))
    # the dot's accumulators held in registers across the K loop (the K loop
    # inside the dot's row blocks), bit for bit the interpreter's: K = 100
    # and 70 (several K blocks, the last one masked); M = 48 (the last row
    # block's rows wrap, still consecutive: the registers); N = 40 (B's rows
    # wrap in the last column block: the generic loop in those programs);
    # and the same matmul with a division by 1 in the K loop's body, which
    # the registers' path does not take (the generic loop everywhere): the
    # same bits as the registers' path
    nr = src.replace("%67 = arith.subi %arg5, %66 : i32", "%k1 = arith.divsi %66, %c1_i32 : i32\n      %67 = arith.subi %arg5, %k1 : i32")
    mm32nr = path("matmul_f32_generic_loop.ttir")
    with open(mm32nr, "w") as f:
        f.write(nr.replace("f16", "f32"))
    texts = {}
    for name, file in (("mm32", mm32), ("mm32nr", mm32nr)):
        rc, out, err = ttx([file, "--emit=rvv", "-o", "-"])
        texts[name] = out if rc == 0 else ""
    report("rvv-matmul-f32-registers-emitted", None if "int v51_rl = v52_ra && v53_ru;" in texts["mm32"] else "no registers' path")
    report("rvv-matmul-f32-generic-loop-emitted", None if "_rl = " not in texts["mm32nr"] and "int ttx_dd = v52_ra && v53_ru;" in texts["mm32nr"]
           else "the registers' path taken for a loop with a division")
    for M, N, K, lda in ((64, 64, 100, 104), (48, 64, 100, 100), (64, 40, 70, 70)):
        a = rng.standard_normal((M, lda)).astype(np.float32)
        b = rng.standard_normal((K, N)).astype(np.float32)
        want = a[:, :K].astype(np.float64) @ b.astype(np.float64)
        args = {"arg0": a, "arg1": b, "arg2": np.zeros((M, N), np.float32), "arg3": M, "arg4": N, "arg5": K,
                "arg6": lda, "arg7": N, "arg8": N}
        grid = [-(-M // 32) * -(-N // 32)]
        for vlen in VLENS:
            got = {}
            for name, file in (("mm32", mm32), ("mm32nr", mm32nr)):
                def keep(o, name=name, want=want):
                    got[name] = o["arg2"]
                    return close(o["arg2"], want, 1e-5, 1e-4)
                report(f"rvv-matmul-f32-{name}-{M}x{N}x{K}-vlen{vlen}",
                       checked_run(f"rvv-{name}-{M}-{N}", file, grid, args, ["arg2"], "riscv64-rvv", vlen, keep, identical=True))
            report(f"rvv-matmul-f32-registers-vs-generic-{M}x{N}x{K}-vlen{vlen}",
                   exact(got["mm32"], got["mm32nr"]) if len(got) == 2 else "a run failed")
    # the program riscv64-rvv builds is the rvv target's C
    d = path("dump-rvv")
    va = os.path.join(CPU, "vector_add.ttir")
    rc, out, err = ttx(["run", va, "--target=riscv64-rvv", f"--dump-dir={d}", "--grid=1", "--arg", "arg0=ones:16",
                        "--arg", "arg1=ones:16", "--arg", "arg2=zeros:16", "--arg", "arg3=16"])
    c = os.path.join(d, "01-add_kernel.c")
    text = open(c).read() if os.path.exists(c) else ""
    report("rvv-target-builds-emit-rvv", None if rc == 0 and "#include <riscv_vector.h>" in text
           and "__riscv_vle32_v_f32m8(" in text and "__riscv_vse32_v_f32m8_m(" in text else f"exit {rc}: {err[:500]}")
    d = path("dump-scalar")
    rc, out, err = ttx(["run", va, "--target=riscv64", f"--dump-dir={d}", "--grid=1", "--arg", "arg0=ones:16",
                        "--arg", "arg1=ones:16", "--arg", "arg2=zeros:16", "--arg", "arg3=16"])
    c = os.path.join(d, "01-add_kernel.c")
    text = open(c).read() if os.path.exists(c) else ""
    report("scalar-target-builds-portable-c", None if rc == 0 and text and "riscv_vector" not in text else f"exit {rc}: {err[:500]}")


def slow_path_cases():
    """the ops that once fell back to per-element code in --emit=rvv
    (tests/rvv/): i8 loads and stores, an i8 x i8 -> i32 tt.dot, i32 and f16
    reductions, a 2-D mask built by arith.andi of broadcast i1 values, f16
    math.exp; every output bit for bit the interpreter's (--check) and
    against NumPy, at each VLEN"""
    rng = np.random.default_rng(41)
    for vlen in VLENS + (1024,):
        sizes = sorted({0, 1, 300} | {v + d for lm in (2, 8) for v in [vlen // 8 * lm] for d in (-1, 0, 1)})
        for n in sizes:
            x = rng.integers(-128, 128, max(n, 1)).astype(np.int8)
            y = rng.integers(-128, 128, max(n, 1)).astype(np.int8)
            z0 = np.full(n + 3, 77, np.int8)
            want = z0.copy()
            want[:n] = (x[:n].astype(np.int32) + 3 * y[:n].astype(np.int32)).astype(np.int8)
            report(f"rvv-i8-rows-n{n}-vlen{vlen}",
                   checked_run(f"rvv-i8-{n}", os.path.join(RVV, "i8_rows.ttir"), [max(1, -(-n // 256))],
                               {"x": x, "y": y, "z": z0, "n": n}, ["z"], "riscv64-rvv", vlen,
                               lambda o, want=want: exact(o["z"], want), identical=True))
        a = rng.integers(-128, 128, (16, 8)).astype(np.int8)
        b = rng.integers(-128, 128, (8, 24)).astype(np.int8)
        report(f"rvv-dot-i8-vlen{vlen}",
               checked_run("rvv-dot-i8", os.path.join(RVV, "dot_i8.ttir"), [1],
                           {"a": a, "b": b, "c": np.zeros((16, 24), np.int32)}, ["c"], "riscv64-rvv", vlen,
                           lambda o, a=a, b=b: exact(o["c"], a.astype(np.int32) @ b.astype(np.int32)), identical=True))
        for nc in (0, 1, 31, 100):
            xi = rng.integers(-2 ** 31, 2 ** 31, (4, 100), dtype=np.int64).astype(np.int32)
            xi[0, :3] = [2 ** 31 - 1, 2 ** 31 - 1, -2 ** 31]
            ws = xi[:, :nc].astype(np.int64).sum(axis=1).astype(np.int32) if nc else np.zeros(4, np.int32)
            wm = np.maximum(xi[:, :nc].max(axis=1), 0) if nc else np.zeros(4, np.int32)
            flat = np.concatenate([xi.reshape(-1), np.zeros(128, np.int32)])
            report(f"rvv-reduce-i32-nc{nc}-vlen{vlen}",
                   checked_run(f"rvv-red-i32-{nc}", os.path.join(RVV, "red_i32.ttir"), [1],
                               {"x": flat, "s": np.full(8, 9, np.int32), "nc": nc}, ["s"], "riscv64-rvv", vlen,
                               lambda o, ws=ws, wm=wm: exact(o["s"], np.concatenate([ws, wm]).astype(np.int32)),
                               identical=True))
            xh = (rng.standard_normal(4 * 100 + 128) * 4).astype(np.float16)
            xh[3] = np.float16(60000.0)
            xh[5] = np.float16(30000.0)
            # the f16 sum in the interpreter's halving order (n = 128 lanes,
            # the masked-off ones 0), each addition rounded to f16
            wh = []
            with np.errstate(over="ignore"):
                for r in range(4):
                    v = [xh[r * 100 + j] if j < nc else np.float16(0) for j in range(128)]
                    while len(v) > 1:
                        m = (len(v) + 1) // 2
                        v = [np.float16(v[j] + v[j + m]) if j + m < len(v) else v[j] for j in range(m)]
                    wh.append(v[0])
            mh = [max([float(xh[r * 100 + j]) for j in range(nc)] + [0.0]) for r in range(4)]
            wh = np.array(wh + mh, np.float16)
            report(f"rvv-reduce-f16-nc{nc}-vlen{vlen}",
                   checked_run(f"rvv-red-f16-{nc}", os.path.join(RVV, "red_f16.ttir"), [1],
                               {"x": xh, "s": np.full(8, 9, np.float16), "nc": nc}, ["s"], "riscv64-rvv", vlen,
                               lambda o, wh=wh: exact(o["s"].view(np.uint16), wh.view(np.uint16)), identical=True))
        for nr, nc in ((8, 64), (3, 17), (0, 5), (5, 0), (7, vlen // 32 + 1)):
            xm = rng.standard_normal((9, 70)).astype(np.float32)
            y0 = np.full((9, 70), -1.5, np.float32)
            want = y0.copy()
            want[:nr, :nc] = xm[:nr, :nc] * 2
            report(f"rvv-mask2d-{nr}x{nc}-vlen{vlen}",
                   checked_run(f"rvv-mask2d-{nr}-{nc}", os.path.join(RVV, "mask2d.ttir"), [1],
                               {"x": xm, "y": y0, "s": 70, "nr": nr, "nc": nc}, ["y"], "riscv64-rvv", vlen,
                               lambda o, want=want: exact(o["y"], want), identical=True))
        # f16 exp on every f16 value (NaNs, infinities, overflow, subnormal
        # and zero results, the lanes near a rounding boundary)
        xe = np.arange(65536, dtype=np.uint32).astype(np.uint16).view(np.float16)
        n = len(xe)
        with np.errstate(over="ignore", invalid="ignore"):
            we = np.exp(xe.astype(np.float64)).astype(np.float16)
        report(f"rvv-exp-f16-vlen{vlen}",
               checked_run("rvv-exp-f16", os.path.join(RVV, "exp_f16.ttir"), [-(-n // 256)],
                           {"x": xe, "y": np.zeros(n, np.float16), "n": n}, ["y"], "riscv64-rvv", vlen,
                           lambda o, we=we: exact(o["y"].view(np.uint16) & 0xffff,
                                                  np.where(np.isnan(we), o["y"], we).view(np.uint16)),
                           identical=True))
    # SMT tiles that miss the matrix unit (no core, or another core's tile):
    # the RVV micro-kernels, a note on stderr, the interpreter's bits
    for vlen in VLENS:
        a = rng.standard_normal((16, 16)).astype(np.float32)
        b = rng.standard_normal((16, 16)).astype(np.float32)
        want = a.astype(np.float64) @ b + a.astype(np.float64) @ a.T.astype(np.float64)
        report(f"smt-miss-two-vlen{vlen}",
               checked_run("smt-two", os.path.join(RVV, "mmt4d_two.ttir"), [1],
                           {"a": a, "b": b, "c": np.zeros((16, 16), np.float32)}, ["c"], "riscv64-rvv", vlen,
                           lambda o, want=want: close(o["c"], want, 1e-5, 1e-4), identical=True,
                           note="the module names no core"))
        M, N, K = 40, 48, 48
        for dt, sample, arch, grid in ((np.float32, "mm_kernel_f32.ttir", "k3", (2, 2)),
                                       (np.float16, "mm_kernel_f16.ttir", "k1", (2, 1)),
                                       (np.int8, "mm_kernel_i8.ttir", "k1", (2, 2))):
            if dt == np.int8:
                a = rng.integers(-128, 128, (M, K)).astype(np.int8)
                b = rng.integers(-128, 128, (K, N)).astype(np.int8)
                c0, want = np.zeros((M, N), np.int32), a.astype(np.int32) @ b.astype(np.int32)
                chk = (lambda o, want=want: exact(o["arg2"], want))
            else:
                a = rng.standard_normal((M, K)).astype(dt)
                b = rng.standard_normal((K, N)).astype(dt)
                c0, want = np.zeros((M, N), dt), a.astype(np.float64) @ b.astype(np.float64)
                tol = 2e-2 if dt == np.float16 else 1e-5
                chk = (lambda o, want=want, tol=tol: close(o["arg2"].astype(np.float64), want, tol, tol * 10))
            args = {"arg0": a, "arg1": b, "arg2": c0, "arg3": M, "arg4": N, "arg5": K, "arg6": K, "arg7": N, "arg8": N}
            report(f"smt-miss-{sample[:-5]}-{arch}-vlen{vlen}",
                   checked_run(f"smt-miss-{sample}", os.path.join(ROOT, "samples", "riscv", sample), list(grid), args,
                               ["arg2"], "riscv64-rvv", vlen, chk, extra=[f"--smt-arch={arch}"], identical=True,
                               note="is not the micro tile"))
    # VLEN 1024 (K3's IME instructions need it): the K3 f16 SMT sample on
    # the IME code path (its C reference), bit for bit the interpreter's
    M, N, K = 48, 96, 64
    a = rng.standard_normal((M, K)).astype(np.float16)
    b = rng.standard_normal((K, N)).astype(np.float16)
    want = np.zeros((M, N), np.float32)
    for k0 in range(0, K, 32):
        p = (a[:, k0:k0 + 32].astype(np.float32) @ b[k0:k0 + 32].astype(np.float32)).astype(np.float16)
        want = (want + p.astype(np.float32)).astype(np.float16).astype(np.float32)
    args = {"arg0": a, "arg1": b, "arg2": np.zeros((M, N), np.float16), "arg3": M, "arg4": N, "arg5": K, "arg6": K,
            "arg7": N, "arg8": N}
    report("smt-ime-ref-vlen1024",
           checked_run("smt-ime-1024", os.path.join(ROOT, "samples", "riscv", "mm_kernel_f16.ttir"),
                       [-(-M // 32), -(-N // 64)], args, ["arg2"], "riscv64-rvv", 1024,
                       lambda o: close(o["arg2"].astype(np.float32), want, 2e-3, 2e-2), extra=["--smt-ime=ref"],
                       identical=True))


def thread_cases():
    name, file, grid, args, outputs, check = next(k for k in jit.KERNELS if k[0] == "cpu-layernorm")
    for t in (1, 3):
        report(f"threads{t}-layernorm", checked_run(name, file, grid, args, outputs, "riscv64-rvv", 256, check,
                                                    [f"--threads={t}"]))
    name, file, grid, args, outputs, check = next(k for k in jit.KERNELS if k[0] == "cpu-matmul")
    report("threads3-matmul", checked_run(name, file, grid, args, outputs, "riscv64-rvv", 128, check, ["--threads", "3"]))
    # atomics on 16 threads (qemu-user runs them in parallel): the histogram of
    # unused adds and the compare-and-swap spin lock, exact on both targets
    for kname in ("numeric-atomics_hist", "numeric-atomics_lock"):
        name, file, grid, args, outputs, check = next(k for k in jit.KERNELS if k[0] == kname)
        for target in TARGETS:
            report(f"threads16-{kname}-{target}", checked_run(name, file, grid, args, outputs, target, 256, check, ["--threads=16"],
                                                            identical=True))


def dump_and_cache():
    k = os.path.join(CPU, "vector_add.ttir")
    good = ["--grid=1", "--arg", "arg0=ones:16", "--arg", "arg1=ones:16", "--arg", "arg2=zeros:16", "--arg", "arg3=16"]
    d = path("dump")
    rc, out, err = ttx(["run", k, "--target=riscv64-rvv", f"--dump-dir={d}"] + good)
    c = os.path.join(d, "01-add_kernel.c")
    text = open(c).read() if os.path.exists(c) else ""
    report("dump-dir", None if rc == 0 and os.path.exists(os.path.join(d, "00-input.mlir")) and "void ttx_kernel(" in text
           and "void add_kernel(" in text else f"exit {rc}: {err[:500]} {os.listdir(d) if os.path.isdir(d) else ''}")
    cache = path("cache2")
    for i in range(2):
        rc, out, err = ttx(["run", k, "--target=riscv64", f"--cache-dir={cache}"] + good)
        if rc != 0:
            break
    files = os.listdir(cache) if os.path.isdir(cache) else []
    report("cache-one-program", None if rc == 0 and len(files) == 1 and files[0].startswith("rv-")
           else f"exit {rc}: {err[:500]} {files}")
    # the environment variable names the cache too
    env = dict(ENV, TTXFORM_CACHE_DIR=cache)
    rc, out, err = ttx(["run", k, "--target=riscv64"] + good, env)
    report("cache-env", None if rc == 0 and len(os.listdir(cache)) == 1 else f"exit {rc}: {err[:500]} {os.listdir(cache)}")
    # a relative cache directory (qemu runs in the temporary directory: it
    # failed with "exit status 1"), as the option and the variable
    for how in ("option", "env"):
        args = ["run", k, "--target=riscv64"] + good + (["--cache-dir=relcache"] if how == "option" else [])
        env = dict(ENV, TTXFORM_CACHE_DIR="relcache") if how == "env" else ENV
        r = subprocess.run([TTX] + args, capture_output=True, text=True, timeout=TIMEOUT, env=env, cwd=TMP)
        files = os.listdir(path("relcache")) if os.path.isdir(path("relcache")) else []
        report(f"cache-relative-{how}", None if r.returncode == 0 and len(files) == 1
               else f"exit {r.returncode}: {r.stderr[:500]} {files}")


def interrupted():
    """SIGTERM to ttxform while qemu-riscv64 runs: qemu is killed, the
    temporary directory removed, and ttxform dies of the signal.  The kernel
    is a linear congruential recurrence over 2e9 steps, which no compiler
    folds into a closed form (a plain sum was folded, and the run ended before
    the signal on a loaded machine)"""
    import signal
    import time
    slow = path("slow.ttir")
    with open(slow, "w") as f:
        f.write("""module {
  tt.func public @slow(%p: !tt.ptr<i32>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %cm = arith.constant 1103515245 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0) -> (i32) : i32 {
      %b = arith.muli %a, %cm : i32
      %d = arith.addi %b, %i : i32
      scf.yield %d : i32
    }
    tt.store %p, %r : !tt.ptr<i32>
    tt.return
  }
}
""")
    for sig in (signal.SIGTERM, signal.SIGINT):
        p = subprocess.Popen([TTX, "run", slow, "--target=riscv64", "--grid=1", "--arg", "p=zeros:1:int32", "--arg", "n=2000000000"],
                             env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
        qemu = None
        for _ in range(600):
            time.sleep(0.1)
            r = subprocess.run(["pgrep", "-P", str(p.pid), "qemu-riscv64"], capture_output=True, text=True)
            if r.stdout.strip():
                qemu = int(r.stdout.split()[0])
                break
            if p.poll() is not None:
                break
        if qemu is None:
            p.kill()
            p.communicate()
            report(f"interrupted-{sig.name}", "qemu-riscv64 never started")
            continue
        p.send_signal(sig)
        try:
            _, err = p.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            p.kill()
            p.communicate()
            report(f"interrupted-{sig.name}", "ttxform did not end")
            continue
        time.sleep(0.3)
        alive = os.path.exists(f"/proc/{qemu}") and "zombie" not in open(f"/proc/{qemu}/status").read()
        left = os.listdir(RUNTMP)
        report(f"interrupted-{sig.name}", None if p.returncode == -sig and not alive and not left and not err
               else f"exit {p.returncode}, qemu alive {alive}, left {left}: {err.decode()[:300]}")


def elf_machine(p):
    with open(p, "rb") as f:
        h = f.read(20)
    return h[:4] == b"\x7fELF" and int.from_bytes(h[18:20], "little") == 243   # EM_RISCV


def build_cases():
    for kname in ("vector_add", "matmul"):
        k = os.path.join(CPU, f"{kname}.ttir")
        for target in TARGETS:
            for suffix in (".o", ".so", ".s"):
                out = path(f"b-{kname}-{target}{suffix}")
                rc, o, err = ttx(["build", k, f"--target={target}", "-o", out])
                why = None
                if rc != 0 or err.strip():
                    why = f"exit {rc}: {err[:1000]}"
                elif suffix == ".s":
                    text = open(out).read()
                    vec = "vsetvli" in text
                    if vec != (target == "riscv64-rvv"):
                        why = f"vector instructions: {vec}"
                    elif kname == "matmul" and target == "riscv64-rvv" and "zvfh" not in text:
                        why = "an f16 kernel built without zvfh"
                    elif "add_kernel" not in text and "matmul_kernel" not in text:
                        why = "no kernel symbol"
                elif not elf_machine(out):
                    why = "not a riscv64 ELF file"
                report(f"build-{kname}-{target}{suffix}", why)
    k = os.path.join(CPU, "vector_add.ttir")
    out = path("b-stdin.o")
    with open(k) as f:
        r = subprocess.run([TTX, "build", "-", "--target", "riscv64", f"-o{out}"], stdin=f, capture_output=True, text=True,
                           timeout=TIMEOUT, env=ENV)
    report("build-stdin", None if r.returncode == 0 and elf_machine(out) else f"exit {r.returncode}: {r.stderr[:500]}")
    rc, o, err = ttx(["build", "--help"])
    report("build-help", None if rc == 0 and "--target=riscv64" in o and ".so" in o else f"exit {rc}")
    rc, o, err = ttx(["--help"])
    report("help-build", None if rc == 0 and all(w in o for w in ("build KERNEL", "--target=", "--vlen=")) else "missing")
    rc, o, err = ttx(["run", "--help"])
    report("run-help-riscv", None if rc == 0 and all(w in o for w in ("--target=", "--vlen=", "--cache-dir=")) else "missing")


def error_case(name, args, message, no_file=None, env=None):
    try:
        if no_file and os.path.exists(no_file):
            os.unlink(no_file)
        rc, out, err = ttx(args, env)
        report(name, error_reason(rc, err, message, no_file))
    except Exception as ex:
        report(name, f"{type(ex).__name__}: {ex}")


def error_cases():
    k = os.path.join(CPU, "vector_add.ttir")
    # an output in a missing directory: the user's path, not clang's temporary file
    missing = path("missing/dir/k.o")
    rc, o, err = ttx(["build", k, "--target=riscv64", "-o", missing])
    report("error-build-missing-dir", None if rc == 1 and err.startswith(f"ttxform: error: cannot write '{missing}': No such file")
           and "clang" not in err and ".tmp" not in err else f"exit {rc}: {err[:500]}")
    # --check on a kernel the C target lacks an op of: refused before the interpreter runs
    pr = path("print.ttir")
    with open(pr, "w") as f:
        f.write("""module {
  tt.func public @pr(%p: !tt.ptr<i32>, %n: i32) {
    tt.print " p: " {hex = false, isSigned = array<i32: 0>} : %p : !tt.ptr<i32>
    tt.store %p, %n : !tt.ptr<i32>
    tt.return
  }
}
""")
    rc, o, err = ttx(["run", pr, "--target=riscv64", "--check", "--grid=1", "--arg", "p=zeros:1:int32", "--arg", "n=3"])
    report("error-check-unsupported-first", None if rc == 1 and not o and
           "print.ttir:3:5: error: the C target does not support 'tt.print' (printing pointers: the interpreter prints its own buffer numbers), so the kernel cannot run under qemu-riscv64" in err
           else f"exit {rc}: {o[:200]} {err[:500]}")
    good = ["--grid=1", "--arg", "arg0=zeros:16", "--arg", "arg1=zeros:16", "--arg", "arg2=zeros:16", "--arg", "arg3=16"]
    out = path("e.o")
    nopath = dict(ENV, PATH=path("empty-bin"))
    os.makedirs(path("empty-bin"), exist_ok=True)
    error_case("error-build-no-clang", ["build", k, "--target=riscv64", "-o", out],
               "ttxform: error: clang-19 not found (apt-get install clang-19)", out, nopath)
    error_case("error-run-no-clang", ["run", k, "--target=riscv64"] + good,
               "clang-19 not found (apt-get install clang-19)", None, nopath)
    only_clang = path("clang-bin")
    os.makedirs(only_clang, exist_ok=True)
    if not os.path.exists(os.path.join(only_clang, "clang-19")):
        os.symlink(shutil.which("clang-19"), os.path.join(only_clang, "clang-19"))
    error_case("error-run-no-qemu", ["run", k, "--target=riscv64-rvv"] + good,
               "qemu-riscv64 not found (apt-get install qemu-user)", None, dict(ENV, PATH=only_clang))
    # clang alone builds an object (no linker, no sysroot needed)
    rc, o, err = ttx(["build", k, "--target=riscv64-rvv", "-o", out], dict(ENV, PATH=only_clang))
    report("build-object-with-clang-only", None if rc == 0 and elf_machine(out) else f"exit {rc}: {err[:500]}")
    error_case("error-run-bad-target", ["run", k, "--target=x86"] + good, "unknown target 'x86' (expected riscv64 or riscv64-rvv)")
    error_case("error-build-bad-target", ["build", k, "--target=riscv32", "-o", out], "unknown target 'riscv32'", out)
    error_case("error-build-no-target", ["build", k, "-o", out], "missing --target=riscv64|riscv64-rvv", out)
    error_case("error-bad-vlen", ["run", k, "--target=riscv64-rvv", "--vlen=100"] + good,
               "bad --vlen '100' (expected 128, 256, 512 or 1024)")
    error_case("error-bad-vlen-2048", ["run", k, "--target=riscv64-rvv", "--vlen", "2048"] + good, "bad --vlen '2048'")
    error_case("error-vlen-without-target", ["run", k, "--vlen=256"] + good, "--vlen and --cache-dir apply to --target")
    error_case("error-target-interp", ["run", k, "--target=riscv64", "--interp"] + good, "--interp runs it on the host")
    error_case("error-build-suffix", ["build", k, "--target=riscv64", "-o", path("e.bin")],
               "cannot tell the output kind from", path("e.bin"))
    bad = path("bad.ttir")
    with open(bad, "w") as f:
        f.write("module {\n  tt.func public @k(%p: !tt.ptr<f32>) {\n    %x = arith.addf %y, %y : f32\n    tt.return\n  }\n}\n")
    with open(out, "wb") as f:
        f.write(b"old")
    rc, o, err = ttx(["build", bad, "--target=riscv64", "-o", out])
    report("error-build-parse-keeps-output", None if rc == 1 and "bad.ttir:3:" in err and open(out, "rb").read() == b"old"
           else f"exit {rc}: {err[:500]}")
    div = path("div.ttir")
    with open(div, "w") as f:
        f.write("""module {
  tt.func public @div(%p: !tt.ptr<i32>, %d: i32) {
    %r = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %ds = tt.splat %d : i32 -> tensor<8xi32>
    %q = arith.divsi %r, %ds : tensor<8xi32>
    %s = tt.splat %p : !tt.ptr<i32> -> tensor<8x!tt.ptr<i32>>
    %a = tt.addptr %s, %r : tensor<8x!tt.ptr<i32>>, tensor<8xi32>
    tt.store %a, %q : tensor<8x!tt.ptr<i32>>
    tt.return
  }
}
""")
    npy = path("div-out.npy")
    for tgt in ("riscv64", "riscv64-rvv"):
        error_case(f"error-qemu-division-by-zero-{tgt}", ["run", div, f"--target={tgt}", "--check-div-by-zero", "--grid=3",
                                                          "--arg", "p=zeros:8:int32", "--arg", "d=0", "--output", f"p={npy}"],
                   "div.ttir:5:10: error: arith.divsi: division by zero in program (0, 0, 0) (under qemu-riscv64)", npy)
        # without the option: RISC-V's x / 0 = -1, as every engine gives
        rc, o, err = ttx(["run", div, f"--target={tgt}", "--grid=1", "--arg", "p=zeros:8:int32", "--arg", "d=0",
                          "--output", f"p={npy}"])
        got = list(np.load(npy)) if rc == 0 and os.path.exists(npy) else None
        report(f"qemu-divsi-by-zero-{tgt}", None if got == [-1] * 8 else f"exit {rc}: {err[:500]} {got}")
    # 2^24 f32 in local arrays: the launcher's threads get the stack they
    # need (64 MiB was too little: a segfault); 2^30, a located error first
    big = path("big.ttir")
    with open(big, "w") as f:
        f.write(jit.BIG_TTIR.replace("N", str(1 << 24)))
    huge = path("huge.ttir")
    with open(huge, "w") as f:
        f.write(jit.BIG_TTIR.replace("N", str(1 << 30)))
    for tgt in ("riscv64", "riscv64-rvv"):
        bnpy = path("big-y.npy")
        rc, o, err = ttx(["run", big, f"--target={tgt}", "--grid=1", "--arg", f"x=ones:{1 << 24}", "--arg", "y=zeros:1",
                          "--output", f"y={bnpy}"])
        got = list(np.load(bnpy)) if rc == 0 and os.path.exists(bnpy) else None
        report(f"big-tensor-{tgt}", None if got == [1 << 24] else f"exit {rc}: {err[:500]} {got}")
        error_case(f"error-huge-tensor-{tgt}", ["run", huge, f"--target={tgt}", "--grid=1", "--arg", "x=ones:16", "--arg", "y=zeros:1",
                                                "--output", f"y={bnpy}"],
                   "huge.ttir:3:10: error: tt.make_range: tensor too large", bnpy)
    # --grid=2147483647: the launcher counts programs in 64 bits; the
    # kernel's own pid * 1024 wraps at program 2^21 to an access 8 GiB before
    # its buffer, which faults (no bounds checks under qemu): the program named
    for tgt in ("riscv64", "riscv64-rvv"):
        error_case(f"error-grid-x-max-{tgt}", ["run", k, f"--target={tgt}", "--threads=1", "--grid=2147483647", "--arg", "arg0=zeros:8",
                                               "--arg", "arg1=zeros:8", "--arg", "arg2=zeros:8", "--arg", "arg3=8"],
                   "@add_kernel under qemu-riscv64 failed: signal 11 (Segmentation fault) in program (2097152, 0, 0)")
    error_case("error-check-out-of-bounds", ["run", k, "--target=riscv64-rvv", "--check"] + good[:7] + ["--arg", "arg3=17"],
               "vector_add.ttir:15:10: error: tt.load: out-of-bounds access: element [16] reads element 16")
    left = os.listdir(RUNTMP)
    report("no-temporary-directory-left", None if not left else f"left behind: {left}")


def main():
    try:
        kernel_cases()
        tiled_cases()
        edge_cases()
        rvv_cases()
        slow_path_cases()
        thread_cases()
        dump_and_cache()
        interrupted()
        build_cases()
        error_cases()
    finally:
        shutil.rmtree(jit.TMP, ignore_errors=True)
    return TALLY.close(TMP)


if __name__ == "__main__":
    sys.exit(main())
