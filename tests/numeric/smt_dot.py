#!/usr/bin/env python3
"""A plain tt.dot of a stock Triton kernel on the SpacemiT SMT micro-kernels.

usage: smt_dot.py TTXFORM ROOT [riscv]

The kernels: Triton tutorial 03's grouped matmul as stock Triton 3.6 prints
it (../shared/corpus/real-triton/matmul.ttir: f16 in, f16 out) and its two
variants of tests/rvv/ (smt_dot_f16.ttir: f16 in, the f32 accumulator
stored; smt_dot_f32.ttir: f32 throughout), on M, N, K = 96, 80, 72 (the
last block of N and of K partial) and 64, 64, 64; i8 x i8 -> i32 dots
(tests/rvv/smt_dot_i8.ttir, 16x16x24 plus 7, and tests/rvv/dot_i8.ttir,
16x8x24, which misses K3's int8 tile), exact; tests/rvv/dot_loop.ttir
(two loop-carried 16x16x16 dots, one written in place, one whose A is its
accumulator); tests/rvv/dot.ttir (16x8x24, which misses both cores' f32 tiles; dot_loop
misses K3's).

Without `riscv`: each on the interpreter and the JIT with --check (the
same bits), outputs against NumPy (the references of this file).
With `riscv`: each under qemu-riscv64 on riscv64-rvv with --smt-arch=k1 at
VLEN 128, 256 and 512, --smt-arch=k3 at VLEN 256 and 512, --smt-arch=k1
--smt-ime=ref at VLEN 256 and --smt-arch=k3 --smt-ime=ref at VLEN 1024
(the IME code paths, vmadot's and vfwmadot's C references), every run with --check (its outputs bit for bit the host
interpreter's) and against NumPy; the C of each run (--dump-dir) calls the
micro-kernel of its core and type (the IME under --smt-ime), with no
per-element code and no note, and a dot that misses the core's tile keeps
the RVV tt.dot with one note naming that tile.  Skipped (77) without clang-19,
qemu-riscv64 or the riscv64 sysroot.

Prints `PASS name` / `FAIL name: why` and `N passed, N failed`; exits 1 if
any case failed, 77 (skip) without NumPy.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import arg_options, close, exact, numpy_or_skip, sanitizer_report, Tally  # noqa: E402

np = numpy_or_skip("smt-dot")

TTX, ROOT = sys.argv[1], sys.argv[2]
RISCV = len(sys.argv) > 3 and sys.argv[3] == "riscv"
if RISCV:
    missing = [w for w, ok in (("clang-19", shutil.which("clang-19")), ("qemu-riscv64", shutil.which("qemu-riscv64")),
                               ("the riscv64 sysroot", os.path.exists("/usr/riscv64-linux-gnu/lib/libc.a"))) if not ok]
    if missing:
        print(f"SKIP smt-dot-riscv: {', '.join(missing)} not found")
        sys.exit(77)
    # (options, the core's micro-kernel call the C must make)
    ENGINES = [(f"--target=riscv64-rvv --smt-arch=k1 --vlen={v} --check", "k1") for v in (128, 256, 512)] + \
              [(f"--target=riscv64-rvv --smt-arch=k3 --vlen={v} --check", "k3") for v in (256, 512)] + \
              [("--target=riscv64-rvv --smt-arch=k1 --smt-ime=ref --vlen=256 --check", "k1-ime"),
               ("--target=riscv64-rvv --smt-arch=k3 --smt-ime=ref --vlen=1024 --check", "k3-ime")]
else:
    ENGINES = [("--interp", None), ("--check", None)]
TMP = tempfile.mkdtemp(prefix="ttx-smt-dot-")
rng = np.random.default_rng(34)
TALLY = Tally()
report = TALLY.report
TUTORIAL = os.path.join(ROOT, "..", "shared", "corpus", "real-triton", "matmul.ttir")


def cdiv(a, b):
    return (a + b - 1) // b


def kernel_calls(text, core, kind):
    """why the C does not make the micro-kernel call of core (k1, k3, and
    -ime under --smt-ime=ref) for the operand type kind (f32, f16, i8), or
    None"""
    body = text.split("/* end of smt_kernels.c */")[-1]
    ime = core.endswith("-ime") and (kind == "i8" or (kind == "f16" and core.startswith("k3")))
    want = f"ttx_smt_{'ime' if ime else 'rvv'}_{kind}(ttx_smt_a"
    tile = {("k1", "f32"): "K1 f32 micro tile 8x8x16", ("k1", "f16"): "K1 f16 micro tile 8x16x16", ("k1", "i8"): "K1 int8 IME tile 4x8x4",
            ("k3", "f32"): "K3 f32 micro tile 8x32x32", ("k3", "f16"): "K3 f16 micro tile 16x8x32", ("k3", "i8"): "K3 int8 IME tile 8x16x8"}[(core[:2], kind)]
    if want not in body or f"tt.dot on the {tile}: packed into micro tiles" not in body:
        return f"no {want} on the {tile}"
    if "/* rvv: per-element" in body:
        return "per-element code: " + re.findall(r"/\* rvv: per-element [^*]*\*/", body)[0]
    return None


def without_dot_notes(err):
    """(stderr without the notes on a tt.dot that misses the micro tile and
    their source lines, the notes)"""
    lines, out, notes = err.split("\n"), [], []
    i = 0
    while i < len(lines):
        if ": note: tt.dot " in lines[i]:
            notes.append(lines[i])
            i += 3
            continue
        if lines[i].strip() and not lines[i].startswith("check "):
            out.append(lines[i])
        i += 1
    return "\n".join(out), notes


def run(name, kernel, grid, args, outputs, check, kind, notes=None):
    """kernel on every engine: exit 0, no sanitizer report, stderr empty but
    for the note notes[core] expects (a text it contains; under riscv
    only), check(outputs) None, and under riscv --check's `identical` and,
    without a note, the micro-kernel call in its C"""
    for eng, core in ENGINES:
        tag = re.sub(r"[^A-Za-z0-9]+", "_", f"{name}{eng}")
        dump = os.path.join(TMP, tag + "-dump")

        def save(k, v, tag=tag):
            p = os.path.join(TMP, f"{tag}-{k}.npy")
            np.save(p, v)
            return p
        cmd = [TTX, "run", kernel] + eng.split() + ["--grid=" + ",".join(map(str, grid))] + arg_options(args, save)
        if RISCV:
            cmd.append(f"--dump-dir={dump}")
        for k in outputs:
            cmd += ["--output", f"{k}={os.path.join(TMP, f'{tag}-{k}.out.npy')}"]
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
        err, got = without_dot_notes(r.stderr)
        note = (notes or {}).get(core[:2]) if core else None
        if r.returncode or sanitizer_report(r.stderr) or err or len(got) != (1 if note else 0) or (note and note not in got[0]) or \
                (RISCV and "identical" not in r.stdout + r.stderr):
            report(f"{name} {eng}", f"exit status {r.returncode}, {len(got)} notes: {r.stderr.strip()[:2000]}")
            continue
        why = check({k: np.load(os.path.join(TMP, f"{tag}-{k}.out.npy")) for k in outputs})
        if why is None and RISCV and not note:
            cs = [f for f in sorted(os.listdir(dump)) if f.endswith(".c")]
            why = kernel_calls(open(os.path.join(dump, cs[0])).read(), core, kind) if cs else "no C in --dump-dir"
        report(f"{name} {eng}", why)


def tutorial(variant, M, N, K):
    """the tutorial matmul: variant f16 (f16 out), f16acc (f16 in, f32
    out), f32; A and B random, C first filled with a marker the masked
    store leaves past M x N (C is exactly M x N here)"""
    t = np.float32 if variant == "f32" else np.float16
    a = rng.standard_normal((M, K)).astype(t)
    b = rng.standard_normal((K, N)).astype(t)
    ref = a.astype(np.float64) @ b.astype(np.float64)
    out_t = np.float16 if variant == "f16" else np.float32
    c = np.full((M, N), 7.0, out_t)
    kernel = {"f16": TUTORIAL, "f16acc": os.path.join(ROOT, "tests/rvv/smt_dot_f16.ttir"),
              "f32": os.path.join(ROOT, "tests/rvv/smt_dot_f32.ttir")}[variant]
    args = {"a_ptr": a, "b_ptr": b, "c_ptr": c, "M": M, "N": N, "K": K, "sam": K, "sbk": N, "scm": N}
    if variant == "f16":
        check = (lambda o: close(o["c_ptr"], ref.astype(np.float16), 1e-2, 2e-2))
    else:
        check = (lambda o: close(o["c_ptr"], ref, 1e-5, 1e-4))
    run(f"tutorial matmul {variant} {M}x{N}x{K}", kernel, (cdiv(M, 32) * cdiv(N, 32),), args, ["c_ptr"], check, "f32" if variant == "f32" else "f16")


def dot_loop():
    """p = dot(a, b, p) in place and q = dot(q, b, q) (A is the
    accumulator: copied into the result first), 3 iterations"""
    a, b = rng.standard_normal((16, 16)).astype(np.float32), rng.standard_normal((16, 16)).astype(np.float32)
    q0 = (0.25 * rng.standard_normal((16, 16))).astype(np.float32)
    p, q = np.zeros((16, 16), np.float64), q0.astype(np.float64)
    for _ in range(3):
        p = a.astype(np.float64) @ b.astype(np.float64) + p
        q = q @ b.astype(np.float64) + q
    args = {"a": a, "b": b, "p": np.zeros((16, 16), np.float32), "q": q0}
    run("dot_loop 16x16x16", os.path.join(ROOT, "tests/rvv/dot_loop.ttir"), (1,), args, ["p", "q"],
        lambda o: close(o["p"], p, 1e-5, 1e-4) or close(o["q"], q, 1e-4, 1e-3), "f32",
        {"k3": "must be multiples of the K3 f32 micro tile 8x32x32"})


def dot_miss():
    """16x8x24: N = 24 is not a multiple of K1's f32 nb = 16, nor K = 8 of
    K3's kb = 32: the RVV tt.dot, with one note saying so"""
    a, b = rng.standard_normal((16, 8)).astype(np.float32), rng.standard_normal((8, 24)).astype(np.float32)
    ref = a.astype(np.float64) @ b.astype(np.float64) + 0.5
    args = {"a": a, "b": b, "c": np.zeros((16, 24), np.float32)}
    run("dot 16x8x24", os.path.join(ROOT, "tests/rvv/dot.ttir"), (1,), args, ["c"], lambda o: close(o["c"], ref, 1e-5, 1e-4), "f32",
        {"k1": "must be multiples of the K1 f32 micro tile 8x8x16", "k3": "must be multiples of the K3 f32 micro tile 8x32x32"})


def dot_i8():
    """i8 x i8 -> i32 plus 7 (16x16x24, both cores' int8 IME tiles; the IME
    through its C reference under --smt-ime=ref, K1's at VLEN 256), and
    16x8x24 (K = 8 misses K3's int8 tile of K 16): exact against NumPy"""
    a = rng.integers(-128, 128, (16, 16)).astype(np.int8)
    b = rng.integers(-128, 128, (16, 24)).astype(np.int8)
    want = (a.astype(np.int64) @ b.astype(np.int64) + 7).astype(np.int32)
    args = {"a": a, "b": b, "c": np.zeros((16, 24), np.int32)}
    run("dot i8 16x16x24", os.path.join(ROOT, "tests/rvv/smt_dot_i8.ttir"), (1,), args, ["c"], lambda o: exact(o["c"], want), "i8")
    a = rng.integers(-128, 128, (16, 8)).astype(np.int8)
    b = rng.integers(-128, 128, (8, 24)).astype(np.int8)
    want = (a.astype(np.int64) @ b.astype(np.int64)).astype(np.int32)
    args = {"a": a, "b": b, "c": np.zeros((16, 24), np.int32)}
    run("dot i8 16x8x24", os.path.join(ROOT, "tests/rvv/dot_i8.ttir"), (1,), args, ["c"], lambda o: exact(o["c"], want), "i8",
        {"k3": "must be multiples of the K3 int8 IME tile 8x16x8"})


def main():
    for variant in ("f32", "f16acc", "f16"):
        tutorial(variant, 96, 80, 72)
    tutorial("f32", 64, 64, 64)
    tutorial("f16acc", 64, 64, 64)
    dot_loop()
    dot_miss()
    dot_i8()
    return TALLY.close(TMP)


if __name__ == "__main__":
    sys.exit(main())
