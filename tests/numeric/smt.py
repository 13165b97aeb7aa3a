#!/usr/bin/env python3
"""The SpacemiT SMT kernels (samples/riscv) and the xsmt/tle ops on the host.

usage: smt.py TTXFORM SAMPLES_RISCV_DIR [riscv]

1. Every sample of samples/riscv (spine-triton's mm_kernel in f32 and f16,
   an addmm, a bmm, a kernel with smt.parallel) runs under `ttxform run` on
   each engine of ENGINES (the interpreter, the JIT, and --check, which
   compares the two), on inputs made here with sizes that leave partial
   blocks (mm_double_buffer: B's tile in two xsmt.alloc_copies copies
   alternating per K step, on one to four K steps), and its output is compared with a NumPy reference computed here
   (f16 kernels: the reference rounds where the kernel's IR does, the
   per-block product and the f16 accumulator).
   mm_parallel (smt.parallel) also runs on 1, 2 and 3 threads: the same
   bits each time, and on the JIT programs x threads sub-block tasks (its
   trace); the JIT's C makes the f32 mmt4d dot calls.
2. The ops one by one on small kernels written here: xsmt.pack with offsets
   and a window past the source (zero padding), xsmt.unpack with offsets
   and a destination, xsmt.repack, xsmt.mmt4d with a destination operand
   (overwritten), tle.extract_tile / tle.insert_tile with a run-time index,
   xsmt.alloc_copies / buffer_tensor_view (a store lands in its copy only,
   the others stay zero) with mbarrier_copies / mbarrier_subview /
   barrier_set_expect, their indices out of range located run-time errors,
   xsmt.get_num_of_thread; each on every engine against NumPy code of the index math of
   spine-triton.md 1.5 written here.
3. Bad shapes are located errors (FILE:LINE:COL, exit status 1, no output
   file): a packed window not divisible by its micro tile on a SpacemiT core,
   an mmt4d output over K3's 8192 elements (the same kernel runs on K1), a
   tile index out of range at run time (interpreter and JIT).

With `riscv`, the samples of 1 run under qemu-riscv64 on the riscv64
and riscv64-rvv targets (`ttxform run --target=... --check`: the kernel's C
built with clang-19, its outputs compared with the host interpreter's) and
against the same NumPy references: riscv64-rvv at VLEN 128, 256 and 512
(the RVV micro-kernels of targets/rvv/smt_kernels.c) and with
--smt-ime=ref (the K3 IME code path, its instruction a C function).  The
rvv C of each sample is checked to call the micro-kernel of its core and
type, and the bad shapes of 3 are located errors under --target too;
skipped (77) without clang-19, qemu-riscv64 or the riscv64 sysroot.

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
from harness import arg_options, close, error_reason, exact, numpy_or_skip, sanitizer_report, Tally  # noqa: E402

np = numpy_or_skip("smt")

TTX, SAMPLES = sys.argv[1], sys.argv[2]
TMP = tempfile.mkdtemp(prefix="ttx-smt-")
rng = np.random.default_rng(14)
ENGINES = ["--interp", "--jit", "--check"]
RISCV = len(sys.argv) > 3 and sys.argv[3] == "riscv"
if RISCV:
    missing = [w for w, ok in (("clang-19", shutil.which("clang-19")), ("qemu-riscv64", shutil.which("qemu-riscv64")),
                               ("the riscv64 sysroot", os.path.exists("/usr/riscv64-linux-gnu/lib/libc.a"))) if not ok]
    if missing:
        print(f"SKIP smt-riscv: {', '.join(missing)} not found")
        sys.exit(77)
    # the RVV micro-kernels at three VLENs, and the K3 IME code path with the
    # C reference of its instruction (--smt-ime=ref; the other kernels do not
    # have one and take the RVV kernel there too)
    ENGINES = ["--target=riscv64 --check", "--target=riscv64-rvv --check", "--target=riscv64-rvv --vlen=128 --check",
               "--target=riscv64-rvv --vlen=512 --check", "--target=riscv64-rvv --smt-ime=ref --check"]

TALLY = Tally()
report = TALLY.report


def write(name, text):
    p = os.path.join(TMP, name)
    with open(p, "w") as f:
        f.write(text)
    return p


def run(kernel, tag, engine, grid, args, outputs):
    """returns (rc, stderr, {argN: ndarray})"""
    def save(k, v):
        p = os.path.join(TMP, f"{tag}-{k}.npy")
        np.save(p, v)
        return p
    cmd = [TTX, "run", kernel] + engine.split() + ["--grid=" + ",".join(map(str, grid))] + arg_options(args, save)
    for k in outputs:
        cmd += ["--output", f"{k}={os.path.join(TMP, f'{tag}-{k}.out.npy')}"]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    outs = {}
    if r.returncode == 0:
        outs = {k: np.load(os.path.join(TMP, f"{tag}-{k}.out.npy")) for k in outputs}
    return r.returncode, r.stderr, outs


def without_tile_notes(err):
    """stderr without the rvv target's note (and its source lines) on an
    xsmt.mmt4d tile that is not the core's micro tile"""
    lines, out = err.split("\n"), []
    i = 0
    while i < len(lines):
        if ": note: xsmt.mmt4d tile " in lines[i]:
            i += 3
            continue
        out.append(lines[i])
        i += 1
    return "\n".join(out)


def case(name, kernel, grid, args, outputs, check):
    for eng in ENGINES:
        tag = re.sub(r"[^A-Za-z0-9]+", "_", f"{name}{eng}")
        try:
            rc, err, outs = run(kernel, tag, eng, grid, args, outputs)
            err = without_tile_notes(err)
            if rc != 0 or sanitizer_report(err) or err.strip():
                report(f"{name} {eng}", f"exit status {rc}: {err.strip()[:2000]}")
                continue
            report(f"{name} {eng}", check(outs))
        except Exception as e:  # noqa: BLE001
            report(f"{name} {eng}", f"{type(e).__name__}: {e}")


def error_case(name, kernel, grid, args, message, engine=None):
    """the run on ENGINE (--interp; under riscv: --target=riscv64-rvv) fails
    with MESSAGE (which names file:line:col) and writes no output"""
    engine = engine or ("--target=riscv64-rvv" if RISCV else "--interp")
    name += f" {engine}" if RISCV else ""
    tag = re.sub(r"[^A-Za-z0-9]+", "_", name)
    out = os.path.join(TMP, f"{tag}.out.npy")

    def save(k, v):
        p = os.path.join(TMP, f"{tag}-{k}.npy")
        np.save(p, v)
        return p
    first_ptr = next(k for k, v in args.items() if isinstance(v, np.ndarray))
    cmd = [TTX, "run", kernel] + engine.split() + ["--grid=" + ",".join(map(str, grid))] + arg_options(args, save) + \
        ["--output", f"{first_ptr}={out}"]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    report(name, error_reason(r.returncode, r.stderr, message, no_file=out))


def sample(name):
    return os.path.join(SAMPLES, name)


def randn(*shape, dtype=np.float32):
    return rng.standard_normal(shape).astype(dtype)


def cdiv(a, b):
    return (a + b - 1) // b


# ---- 1. the samples --------------------------------------------------------

def mm_f32():
    M, N, K = 40, 48, 48     # partial blocks in M and N, a partial K slice
    a, b = randn(M, K), randn(K, N)
    c = np.full((M, N), 7.0, np.float32)
    want = a.astype(np.float64) @ b.astype(np.float64)
    args = {"arg0": a, "arg1": b, "arg2": c, "arg3": M, "arg4": N, "arg5": K, "arg6": K, "arg7": N, "arg8": N}
    case("mm_kernel_f32", sample("mm_kernel_f32.ttir"), (cdiv(M, 32), cdiv(N, 32)), args, ["arg2"],
         lambda o: close(o["arg2"], want, 1e-5, 1e-4))


def randi8(*shape):
    return rng.integers(-128, 128, shape).astype(np.int8)


def mm_i8():
    """int8 x int8 -> int32 (the IME vmadot family): exact against NumPy's
    int64 product"""
    for M, N, K in ((40, 48, 48), (64, 32, 64), (8, 72, 20)):
        a, b = randi8(M, K), randi8(K, N)
        want = (a.astype(np.int64) @ b.astype(np.int64)).astype(np.int32)
        args = {"arg0": a, "arg1": b, "arg2": np.full((M, N), 7, np.int32), "arg3": M, "arg4": N, "arg5": K, "arg6": K, "arg7": N,
                "arg8": N}
        case(f"mm_kernel_i8 {M}x{N}x{K}", sample("mm_kernel_i8.ttir"), (cdiv(M, 32), cdiv(N, 32)), args, ["arg2"],
             lambda o, want=want: exact(o["arg2"], want))


def op_mmt4d_i8():
    """xsmt.mmt4d of i8 operands into i32 on each core's int8 IME tile (K1
    4x8x4, K3 8x16x8, and multiples in M and N), and into i8 (wrapping in 8
    bits; the loops), against NumPy"""
    for arch, A, B, C in (("0xA03C", (2, 3, 4, 8), (5, 3, 4, 8), (2, 5, 4, 4)), ("0xA064", (2, 2, 8, 16), (3, 2, 8, 16), (2, 3, 8, 8)),
                          ("0xA03C", (1, 2, 8, 8), (2, 2, 12, 8), (1, 2, 8, 12)), ("0xA064", (1, 1, 16, 16), (1, 1, 8, 16), (1, 1, 16, 8))):
        for rt in ("i32",) + (("i8",) if arch == "0xA03C" and A[2] == 4 else ()):
            body = load_flat("%arg0", A, "a", "i8") + load_flat("%arg1", B, "b", "i8") + \
                f"    %m = xsmt.mmt4d %a, %b : {ty(A, 'i8')}, {ty(B, 'i8')} -> {ty(C, rt)}\n" + store_flat("%arg2", C, "m", rt)
            k = write(f"mmt4d_i8_{arch}_{A[2]}x{A[3]}x{B[2]}_{rt}.ttir",
                      func("mmt4d", f"%arg0: !tt.ptr<i8>, %arg1: !tt.ptr<i8>, %arg2: !tt.ptr<{rt}>", body, f' attributes {{tt.arch_id = "{arch}"}}'))
            a, b = randi8(*A), randi8(*B)
            want = np.einsum("aKmk,bKnk->abmn", a.astype(np.int64), b.astype(np.int64)).astype(np.int32 if rt == "i32" else np.int8)
            case(f"xsmt.mmt4d i8 -> {rt} {A[2]}x{A[3]}x{B[2]} tt.arch_id {arch}", k, (1,),
                 {"arg0": a, "arg1": b, "arg2": np.zeros(want.size, want.dtype)}, ["arg2"],
                 lambda out, want=want: exact(out["arg2"], want.reshape(-1)))
            if RISCV and rt == "i32":
                r = subprocess.run([TTX, "--emit=rvv", k], capture_output=True, text=True)
                body_c = r.stdout.split("/* end of smt_kernels.c */")[-1]
                report(f"xsmt.mmt4d i8 {A[2]}x{A[3]}x{B[2]} on {arch}: --emit=rvv calls ttx_smt_rvv_i8 and ttx_smt_ime_i8",
                       None if r.returncode == 0 and "ttx_smt_rvv_i8(" in body_c and "ttx_smt_ime_i8(" in body_c else f"exit {r.returncode}: {r.stderr[:300]}")


def f16_blocked_ref(a, b, kstep):
    """f16 A @ B as the f16 SPLIT_K kernels compute it: per K slice an f32
    product rounded to f16, added to an f16 accumulator"""
    acc = np.zeros((a.shape[0], b.shape[1]), np.float16)
    for k0 in range(0, a.shape[1], kstep):
        p = (a[:, k0:k0 + kstep].astype(np.float32) @ b[k0:k0 + kstep].astype(np.float32)).astype(np.float16)
        acc = (acc.astype(np.float32) + p.astype(np.float32)).astype(np.float16)
    return acc


def mm_f16():
    M, N, K = 48, 96, 64
    a, b = randn(M, K, dtype=np.float16), randn(K, N, dtype=np.float16)
    c = np.zeros((M, N), np.float16)
    want = f16_blocked_ref(a, b, 32)
    args = {"arg0": a, "arg1": b, "arg2": c, "arg3": M, "arg4": N, "arg5": K, "arg6": K, "arg7": N, "arg8": N}
    case("mm_kernel_f16", sample("mm_kernel_f16.ttir"), (cdiv(M, 32), cdiv(N, 64)), args, ["arg2"],
         lambda o: close(o["arg2"], want, 2e-3, 2e-2))


def addmm():
    M, N, K = 64, 40, 96
    a, b, bias = randn(M, K), randn(K, N), randn(M, N)
    out = np.zeros((M, N), np.float32)
    alpha, beta = 0.5, -1.25
    want = beta * bias.astype(np.float64) + alpha * (a.astype(np.float64) @ b.astype(np.float64))
    args = {"arg0": a, "arg1": b, "arg2": bias, "arg3": out, "arg4": M, "arg5": N, "arg6": K, "arg7": alpha,
            "arg8": beta, "arg9": K, "arg10": N, "arg11": N, "arg12": N}
    case("addmm", sample("addmm.ttir"), (cdiv(M, 32), cdiv(N, 32)), args, ["arg3"],
         lambda o: close(o["arg3"], want, 1e-5, 1e-4))


def bmm():
    B, M, N, K = 3, 24, 40, 32
    a, b = randn(B, M, K, dtype=np.float16), randn(B, K, N, dtype=np.float16)
    c = np.zeros((B, M, N), np.float16)
    want = np.stack([(a[i].astype(np.float32) @ b[i].astype(np.float32)).astype(np.float16) for i in range(B)])
    args = {"arg0": a, "arg1": b, "arg2": c, "arg3": M, "arg4": N, "arg5": K, "arg6": M * K, "arg7": K * N,
            "arg8": M * N, "arg9": K, "arg10": N, "arg11": N}
    case("bmm", sample("bmm.ttir"), (cdiv(M, 16), cdiv(N, 32), B), args, ["arg2"],
         lambda o: close(o["arg2"], want, 2e-3, 1e-2))


def parallel():
    for M in (96, 80):   # the last program runs 2, then 1 of its 4 sub-blocks
        N, K = 64, 32
        a, b = randn(M, K), randn(K, N)
        c = np.full((M, N), -3.0, np.float32)
        want = a.astype(np.float64) @ b.astype(np.float64)
        args = {"arg0": a, "arg1": b, "arg2": c, "arg3": M, "arg4": N, "arg5": K, "arg6": K, "arg7": N, "arg8": N}
        case(f"mm_parallel M={M}", sample("mm_parallel.ttir"), (cdiv(M, 64), cdiv(N, 32)), args, ["arg2"],
             lambda o, want=want: close(o["arg2"], want, 1e-5, 1e-4))


def split_mn():
    """the SPLIT_MN kernel: B through an xsmt.alloc buffer seen packed
    (subview_pack, then a subview per sub-block), written by the first row
    of sub-blocks and read by all; partial blocks in M, N and K, and on 3
    threads (a kernel whose iterations share an alloc runs them in order in
    its program's task)"""
    for M, N, K in ((48, 80, 32), (64, 128, 24), (20, 40, 32)):
        a, b = randn(M, K), randn(K, N)
        want = a.astype(np.float64) @ b.astype(np.float64)
        args = {"arg0": a, "arg1": b, "arg2": np.full((M, N), -3.0, np.float32), "arg3": M, "arg4": N, "arg5": K, "arg6": K,
                "arg7": N, "arg8": N}
        case(f"mm_split_mn {M}x{N}x{K}", sample("mm_split_mn.ttir"), (cdiv(M, 32), cdiv(N, 64)), args, ["arg2"],
             lambda o, want=want: close(o["arg2"], want, 1e-5, 1e-4))
    M, N, K = 64, 128, 32
    a, b = randn(M, K), randn(K, N)
    want = a.astype(np.float64) @ b.astype(np.float64)
    eng = "--target=riscv64-rvv --threads=3" if RISCV else "--jit --threads=3"
    args = {"arg0": a, "arg1": b, "arg2": np.zeros((M, N), np.float32), "arg3": M, "arg4": N, "arg5": K, "arg6": K, "arg7": N, "arg8": N}
    rc, err, o = run(sample("mm_split_mn.ttir"), "splitmn3", eng, (2, 2), args, ["arg2"])
    report(f"mm_split_mn {eng}", f"exit status {rc}: {err[:1000]}" if rc else close(o["arg2"], want, 1e-5, 1e-4))


def double_buffer():
    """the double-buffered matmul: B's tile in two xsmt.alloc_copies copies
    alternating per K step (one, two, three and four K steps; partial
    blocks in M, N and K)"""
    for M, N, K in ((40, 48, 72), (32, 32, 32), (64, 40, 64), (24, 56, 100)):
        a, b = randn(M, K), randn(K, N)
        want = a.astype(np.float64) @ b.astype(np.float64)
        args = {"arg0": a, "arg1": b, "arg2": np.full((M, N), 7.0, np.float32), "arg3": M, "arg4": N, "arg5": K, "arg6": K,
                "arg7": N, "arg8": N}
        case(f"mm_double_buffer {M}x{N}x{K}", sample("mm_double_buffer.ttir"), (cdiv(M, 32), cdiv(N, 32)), args, ["arg2"],
             lambda o, want=want: close(o["arg2"], want, 1e-5, 1e-4))


def parallel_threads():
    """smt.parallel (bind_sub_block) over the threads: each program's loop
    is cut into as many sub-blocks as threads, each run as a task (on the
    JIT the trace's chunks cover programs x threads tasks), and the result
    is the same bits for 1, 2 and 3 threads and matches NumPy"""
    M, N, K = 80, 64, 32
    a, b = randn(M, K), randn(K, N)
    want = a.astype(np.float64) @ b.astype(np.float64)
    grid = (cdiv(M, 64), cdiv(N, 32))
    engines = ["--target=riscv64-rvv", "--target=riscv64"] if RISCV else ["--jit"]
    for eng in engines:
        outs = {}
        for t in (1, 2, 3):
            args = {"arg0": a, "arg1": b, "arg2": np.full((M, N), -3.0, np.float32), "arg3": M, "arg4": N, "arg5": K,
                    "arg6": K, "arg7": N, "arg8": N}
            trace = os.path.join(TMP, f"par-{t}.json")
            extra = f" --threads={t}" + ("" if RISCV else f" --trace={trace}")
            tag = re.sub(r"[^A-Za-z0-9]+", "_", f"par{eng}{t}")
            rc, err, o = run(sample("mm_parallel.ttir"), tag, eng + extra, grid, args, ["arg2"])
            if rc:
                report(f"mm_parallel {eng} --threads={t}", f"exit status {rc}: {err.strip()[:1000]}")
                continue
            outs[t] = o["arg2"]
            report(f"mm_parallel {eng} --threads={t} against NumPy", close(o["arg2"], want, 1e-5, 1e-4))
            if not RISCV:
                import json
                ev = [e["args"] for e in json.load(open(trace))["traceEvents"] if e.get("cat") == "chunk"]
                tasks = sorted(x for e in ev for x in range(e["first"], e["end"]))
                report(f"mm_parallel --jit --threads={t}: {grid[0] * grid[1]} programs x {t} sub-blocks run as tasks",
                       None if tasks == list(range(grid[0] * grid[1] * t)) else f"tasks {tasks}")
        if len(outs) == 3:
            report(f"mm_parallel {eng}: the same bits on 1, 2 and 3 threads",
                   None if all(np.array_equal(outs[1], outs[t]) for t in (2, 3)) else "the outputs differ")
    if RISCV:   # the program built has the launcher's sub-block entry
        d = os.path.join(TMP, "par-dump")
        args = {"arg0": a, "arg1": b, "arg2": np.zeros((M, N), np.float32), "arg3": M, "arg4": N, "arg5": K, "arg6": K,
                "arg7": N, "arg8": N}
        rc, err, _ = run(sample("mm_parallel.ttir"), "pardump", f"--target=riscv64-rvv --threads=2 --dump-dir={d}", grid, args, ["arg2"])
        text = open(os.path.join(d, "01-mm_kernel.c")).read() if rc == 0 else ""
        report("mm_parallel --target=riscv64-rvv: the stub defines ttx_kernel_sub",
               None if "void ttx_kernel_sub(" in text and "mm_kernel_sub(" in text else f"exit {rc}: {err[:500]}")
    # the C: the sub-block loop and the entry points
    r = subprocess.run([TTX, "--emit=c", sample("mm_parallel.ttir")], capture_output=True, text=True)
    want_lines = ["void mm_kernel_sub(", "for (i64 t19 = 0 + (i64)ttx_sub * 1; t19 < v17; t19 += (i64)ttx_nsub * 1) {",
                  "void mm_kernel(", "mm_kernel_sub(arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, gridX, gridY, gridZ, pidX, pidY, pidZ, 0, 1);"]
    got = [l.strip() for l in r.stdout.split("\n") if any(l.strip().startswith(w) for w in want_lines)]
    ok = len(got) == len(want_lines) and all(g.startswith(w) for g, w in zip(got, want_lines))
    report("mm_parallel --emit=c: NAME_sub runs sub-block ttx_sub of ttx_nsub, NAME all of them",
           None if ok else f"lines {got}")


# ---- 2. the ops one by one -------------------------------------------------

def ref_pack(x, o, s, p):
    """spine-triton.md 1.5: P[i][j][r][c] = X[o0+i*p0+r][o1+j*p1+c] inside min(s, dims - o), else 0"""
    R, C = x.shape
    T0, T1 = cdiv(s[0], p[0]), cdiv(s[1], p[1])
    P = np.zeros((T0, T1, p[0], p[1]), x.dtype)
    lim0, lim1 = min(s[0], R - o[0]), min(s[1], C - o[1])
    for i in range(T0):
        for j in range(T1):
            for r in range(p[0]):
                for c in range(p[1]):
                    u, v = i * p[0] + r, j * p[1] + c
                    if u < lim0 and v < lim1:
                        P[i, j, r, c] = x[o[0] + u, o[1] + v]
    return P


def ref_unpack(P, o, s, dest):
    """U[u][v] = P[u/p0][v/p1][u%p0][v%p1]; Y[y][x] = U[o0+y][o1+x] inside min(s, T*p - o); the rest from dest"""
    T0, T1, p0, p1 = P.shape
    U = np.zeros((T0 * p0, T1 * p1), P.dtype)
    for u in range(T0 * p0):
        for v in range(T1 * p1):
            U[u, v] = P[u // p0, v // p1, u % p0, v % p1]
    Y = dest.copy()
    l0, l1 = min(s[0], T0 * p0 - o[0]), min(s[1], T1 * p1 - o[1])
    Y[:l0, :l1] = U[o[0]:o[0] + l0, o[1]:o[1] + l1]
    return Y


def ty(shape, dt="f32"):
    return "tensor<" + "x".join(map(str, shape)) + "x" + dt + ">"


def load_flat(ptr, shape, name, dt="f32"):
    """TTIR lines loading the dense tensor SHAPE at PTR into %NAME"""
    n = int(np.prod(shape))
    return f"""    %{name}_r = tt.make_range {{end = {n} : i32, start = 0 : i32}} : tensor<{n}xi32>
    %{name}_s = tt.splat {ptr} : !tt.ptr<{dt}> -> tensor<{n}x!tt.ptr<{dt}>>
    %{name}_p = tt.addptr %{name}_s, %{name}_r : tensor<{n}x!tt.ptr<{dt}>>, tensor<{n}xi32>
    %{name}_l = tt.load %{name}_p : tensor<{n}x!tt.ptr<{dt}>>
    %{name} = tt.reshape %{name}_l : tensor<{n}x{dt}> -> {ty(shape, dt)}
"""


def store_flat(ptr, shape, val, dt="f32"):
    n = int(np.prod(shape))
    return f"""    %st_{val}_r = tt.make_range {{end = {n} : i32, start = 0 : i32}} : tensor<{n}xi32>
    %st_{val}_s = tt.splat {ptr} : !tt.ptr<{dt}> -> tensor<{n}x!tt.ptr<{dt}>>
    %st_{val}_p = tt.addptr %st_{val}_s, %st_{val}_r : tensor<{n}x!tt.ptr<{dt}>>, tensor<{n}xi32>
    %st_{val}_v = tt.reshape %{val} : {ty(shape, dt)} -> tensor<{n}x{dt}>
    tt.store %st_{val}_p, %st_{val}_v : tensor<{n}x!tt.ptr<{dt}>>
"""


def func(name, params, body, attrs=""):
    return f"module{attrs} {{\n  tt.func public @{name}({params}) {{\n{body}    tt.return\n  }}\n}}\n"


def op_pack():
    # a window that runs past the source (zero padding) and does not fill the last tiles
    for (R, C), s, p in (((12, 20), (10, 16), (4, 8)), ((16, 16), (16, 16), (8, 4)), ((9, 7), (8, 8), (3, 5))):
        T = (cdiv(s[0], p[0]), cdiv(s[1], p[1]), p[0], p[1])
        body = load_flat("%arg0", (R, C), "x") + \
            f"    %pk = xsmt.pack %x, [%arg2, %arg3], [{s[0]}, {s[1]}], [{p[0]}, {p[1]}] : {ty((R, C))} -> {ty(T)}\n" + \
            store_flat("%arg1", T, "pk")
        k = write(f"pack_{R}x{C}_{p[0]}x{p[1]}.ttir", func("pack", "%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: i32, %arg3: i32", body))
        for o in ((0, 0), (3, 5), (R - 2, C - 1)):
            x = randn(R, C)
            want = ref_pack(x, o, s, p).reshape(-1)
            case(f"xsmt.pack {R}x{C} offsets {o} window {s} tile {p}", k, (1,),
                 {"arg0": x, "arg1": np.full(want.size, 9.0, np.float32), "arg2": o[0], "arg3": o[1]}, ["arg1"],
                 lambda out, want=want: exact(out["arg1"], want))


def op_unpack_repack():
    P = (3, 2, 4, 8)
    for o, s in (((0, 0), (12, 16)), ((2, 3), (10, 13)), ((5, 9), (10, 10))):
        body = load_flat("%arg0", P, "pk") + load_flat("%arg2", s, "d") + \
            f"    %u = xsmt.unpack %pk, [%arg3, %arg4] into(%d : {ty(s)}), [{s[0]}, {s[1]}] : {ty(P)} -> {ty(s)}\n" + \
            store_flat("%arg1", s, "u")
        k = write(f"unpack_{o[0]}_{s[0]}x{s[1]}.ttir", func("unpack", "%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: !tt.ptr<f32>, %arg3: i32, %arg4: i32", body))
        x, dest = randn(*P), randn(*s)
        want = ref_unpack(x, o, s, dest).reshape(-1)
        case(f"xsmt.unpack offsets {o} shape {s} into a destination", k, (1,),
             {"arg0": x, "arg1": np.zeros(want.size, np.float32), "arg2": dest, "arg3": o[0], "arg4": o[1]}, ["arg1"],
             lambda out, want=want: exact(out["arg1"], want))
    # repack: the window of the unpacked tensor packed with other tiles
    o, s, q = (2, 4), (9, 12), (4, 4)
    T = (cdiv(s[0], q[0]), cdiv(s[1], q[1]), q[0], q[1])
    body = load_flat("%arg0", P, "pk") + \
        f"    %rp = xsmt.repack %pk, [%arg2, %arg3], [{s[0]}, {s[1]}], [{q[0]}, {q[1]}] : {ty(P)} -> {ty(T)}\n" + \
        store_flat("%arg1", T, "rp")
    k = write("repack.ttir", func("repack", "%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: i32, %arg3: i32", body))
    x = randn(*P)
    win = ref_unpack(x, o, s, np.zeros(s, np.float32))
    want = ref_pack(win, (0, 0), s, q).reshape(-1)
    case(f"xsmt.repack offsets {o} shape {s} tile {q}", k, (1,),
         {"arg0": x, "arg1": np.zeros(want.size, np.float32), "arg2": o[0], "arg3": o[1]}, ["arg1"],
         lambda out: exact(out["arg1"], want))


def ref_view(x, at, s, p):
    """xsmt.subview_pack of the block of x at `at` (the pointer's offsets plus
    the op's): V[i][j][r][c] = x[at0 + i*p0 + r][at1 + j*p1 + c]"""
    V = np.zeros((s[0] // p[0], s[1] // p[1], p[0], p[1]), x.dtype)
    for i in range(V.shape[0]):
        for j in range(V.shape[1]):
            V[i, j] = x[at[0] + i * p[0]:at[0] + (i + 1) * p[0], at[1] + j * p[1]:at[1] + (j + 1) * p[1]]
    return V


def view_kernel(R, C, s, p, w):
    """X[R][C] through a block pointer at (arg2, arg3), its subview_pack at
    (arg4, arg5) of shape s, tile p, and the subview at (arg6, arg7) of
    shape w of that; both views loaded and stored flat"""
    V = (s[0] // p[0], s[1] // p[1], p[0], p[1])
    W = (cdiv(w[0], p[0]), cdiv(w[1], p[1]), p[0], p[1])
    body = f"""    %c1_i64 = arith.constant 1 : i64
    %cR = arith.constant {R} : i64
    %cC = arith.constant {C} : i64
    %bp = tt.make_tensor_ptr %arg0, [%cR, %cC], [%cC, %c1_i64], [%arg2, %arg3] {{order = array<i32: 1, 0>}} : <tensor<{R}x{C}xf32>>
    %v = xsmt.subview_pack %bp, [%arg4, %arg5], [[{s[0]}, {s[1]}]], [[{p[0]}, {p[1]}]] : !tt.ptr<{ty((R, C))}> -> !tt.ptr<{ty(V)}>
    %w = xsmt.subview %v, [%arg6, %arg7], [[{w[0]}, {w[1]}]] : !tt.ptr<{ty(V)}> -> !tt.ptr<{ty(W)}>
    %lv = tt.load %v {{boundaryCheck = array<i32: 0, 1, 2, 3>}} : !tt.ptr<{ty(V)}>
    %lw = tt.load %w {{boundaryCheck = array<i32: 0, 1, 2, 3>}} : !tt.ptr<{ty(W)}>
""" + store_flat("%arg1", V, "lv") + store_flat("%arg8", W, "lw")
    params = "%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: i32, %arg3: i32, %arg4: i32, %arg5: i32, %arg6: i32, %arg7: i32, %arg8: !tt.ptr<f32>"
    return write(f"views_{R}x{C}_{p[0]}x{p[1]}.ttir", func("views", params, body)), V, W


def op_views():
    """xsmt.subview_pack of a block pointer is a view (its loads the index
    math of the memref subview + expand_shape + transpose of 1.4), and
    xsmt.subview of that view moves its offsets by whole tiles (ceil(o/t));
    the part of a subview past the view is padding under boundaryCheck"""
    R, C, s, p, w = 24, 40, (16, 32), (8, 16), (8, 32)
    k, V, W = view_kernel(R, C, s, p, w)
    for a, o, q in (((0, 0), (0, 0), (0, 0)), ((3, 2), (5, 6), (8, 16)), ((1, 4), (7, 4), (3, 17))):
        x = randn(R, C)
        at = (a[0] + o[0], a[1] + o[1])
        v = ref_view(x, at, s, p)
        wt = np.zeros(W, np.float32)
        q0, q1 = cdiv(q[0], p[0]), cdiv(q[1], p[1])
        part = v[q0:q0 + W[0], q1:q1 + W[1]]
        wt[:part.shape[0], :part.shape[1]] = part
        args = {"arg0": x, "arg1": np.zeros(v.size, np.float32), "arg2": a[0], "arg3": a[1], "arg4": o[0], "arg5": o[1],
                "arg6": q[0], "arg7": q[1], "arg8": np.zeros(wt.size, np.float32)}
        case(f"xsmt.subview_pack at {a}+{o}, xsmt.subview at {q}", k, (1,), args, ["arg1", "arg8"],
             lambda out, v=v, wt=wt: exact(out["arg1"], v.reshape(-1)) or exact(out["arg8"], wt.reshape(-1)))
    x = randn(R, C)
    args = {"arg0": x, "arg1": np.zeros(int(np.prod(V)), np.float32), "arg2": 4, "arg3": 0, "arg4": 5, "arg5": 0, "arg6": 0,
            "arg7": 0, "arg8": np.zeros(int(np.prod(W)), np.float32)}
    error_case("xsmt.subview_pack window past the base at run time", k, (1,), args,
               f"views_{R}x{C}_8x16.ttir:7:10: error: xsmt.subview_pack: the window [9, 25) x [0, 32) leaves the base's shape [24, 40] in program (0, 0, 0)")
    error_case("xsmt.subview_pack window past the base at run time --jit", k, (1,), args,
               f"views_{R}x{C}_8x16.ttir:7:10: error: xsmt.subview_pack: the window leaves the base's shape, or an offset is negative in program (0, 0, 0)",
               "--jit")


def op_alloc():
    """xsmt.alloc is a zeroed scratch buffer; a packed tensor stored through
    its subview_pack view lands in it in the 2-D layout (a view, not a
    copy): a 2-D load of the buffer is the unpacked matrix, a load of the
    view the packed one, and the part not written stays 0"""
    R, C, p = 16, 32, (8, 16)
    V = (R // p[0], C // p[1], p[0], p[1])
    body = load_flat("%arg0", (R, C), "x") + f"""    %c0_i32 = arith.constant 0 : i32
    %al = xsmt.alloc [[{R + 8}, {C}]] storage("l2") : !tt.ptr<tensor<{R + 8}x{C}xf32>>
    %v = xsmt.subview_pack %al, [%arg3, %c0_i32], [[{R}, {C}]], [[{p[0]}, {p[1]}]] : !tt.ptr<tensor<{R + 8}x{C}xf32>> -> !tt.ptr<{ty(V)}>
    %pk = xsmt.pack %x, [%c0_i32, %c0_i32], [{R}, {C}], [{p[0]}, {p[1]}] : {ty((R, C))} -> {ty(V)}
    tt.store %v, %pk {{boundaryCheck = array<i32: 0, 1, 2, 3>}} : !tt.ptr<{ty(V)}>
    %y = tt.load %al {{boundaryCheck = array<i32: 0, 1>}} : !tt.ptr<tensor<{R + 8}x{C}xf32>>
    %z = tt.load %v {{boundaryCheck = array<i32: 0, 1, 2, 3>}} : !tt.ptr<{ty(V)}>
""" + store_flat("%arg1", (R + 8, C), "y") + store_flat("%arg2", V, "z")
    k = write("alloc.ttir", func("alloc", "%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: !tt.ptr<f32>, %arg3: i32", body))
    for row in (0, 8, 3):
        x = randn(R, C)
        y = np.zeros((R + 8, C), np.float32)
        y[row:row + R] = x
        z = ref_view(x, (0, 0), (R, C), p)
        case(f"xsmt.alloc + subview_pack at row {row}: store, then load", k, (1,),
             {"arg0": x, "arg1": np.full(y.size, 5.0, np.float32), "arg2": np.zeros(z.size, np.float32), "arg3": row}, ["arg1", "arg2"],
             lambda out, y=y, z=z: exact(out["arg1"], y.reshape(-1)) or exact(out["arg2"], z.reshape(-1)))


def copies_kernel():
    """X stored into copy %arg2 of a 3-copy alloc_copies buffer, then every
    copy loaded and stored flat (copy k to arg1[k]); barrier %arg3 of an
    mbarrier_copies(2) set, arrived at and waited on"""
    R, C = 8, 16
    t = f'!xsmt.buffer<shape=[3, {R}, {C}], elementType=f32, copies=3, storageKind="l2">'
    body = load_flat("%arg0", (R, C), "x") + f"""    %c0_i16 = arith.constant 0 : i16
    %c1_i16 = arith.constant 1 : i16
    %buf = xsmt.alloc_copies [[3, {R}, {C}]] storage("l2") : {t}
    %bars = xsmt.mbarrier_copies copies(2) flag(0) arrive(0) txn(0) expect(1) : !xsmt.mbarrier<2>
    %bar = xsmt.mbarrier_subview %bars[%arg3] : (!xsmt.mbarrier<2>, i32) -> i64
    xsmt.barrier_set_expect %bar, %c1_i16 : i64
    %w = xsmt.buffer_tensor_view %buf[%arg2] : {t} -> !tt.ptr<{ty((R, C))}>
    tt.store %w, %x {{boundaryCheck = array<i32: 0, 1>}} : !tt.ptr<{ty((R, C))}>
    "xsmt_async.mbarrier_arrive"(%bar) : (i64) -> ()
    "xsmt_async.mbarrier_wait"(%bar, %c1_i16, %c0_i16) : (i64, i16, i16) -> ()
"""
    for k in range(3):
        body += f"""    %k{k} = arith.constant {k} : i32
    %v{k} = xsmt.buffer_tensor_view %buf[%k{k}] : {t} -> !tt.ptr<{ty((R, C))}>
    %l{k} = tt.load %v{k} {{boundaryCheck = array<i32: 0, 1>}} : !tt.ptr<{ty((R, C))}>
""" + store_flat(f"%arg1_{k}", (R, C), f"l{k}").replace(f"%arg1_{k}", f"%p{k}")
        body = body.replace(f"    %st_l{k}_r", f"    %o{k} = arith.constant {k * R * C} : i32\n    %p{k} = tt.addptr %arg1, %o{k} : !tt.ptr<f32>, i32\n    %st_l{k}_r", 1)
    return write("copies.ttir", func("copies", "%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: i32, %arg3: i32", body)), R, C


def op_copies():
    """xsmt.alloc_copies is `copies` zeroed buffers: what is stored through
    buffer_tensor_view %buf[i] is in copy i only, the others stay 0; an
    index out of range of the copies or of the barriers is a located error
    at run time (interpreter and JIT)"""
    k, R, C = copies_kernel()
    for i, bar in ((0, 0), (1, 1), (2, 0)):
        x = randn(R, C)
        want = np.zeros((3, R, C), np.float32)
        want[i] = x
        case(f"xsmt.alloc_copies: stored into copy {i}, every copy loaded", k, (1,),
             {"arg0": x, "arg1": np.full(3 * R * C, 5.0, np.float32), "arg2": i, "arg3": bar}, ["arg1"],
             lambda out, want=want: exact(out["arg1"], want.reshape(-1)))
    args = {"arg0": randn(R, C), "arg1": np.zeros(3 * R * C, np.float32), "arg2": 3, "arg3": 0}
    error_case("xsmt.buffer_tensor_view index out of range at run time", k, (1,), args,
               "copies.ttir:14:10: error: xsmt.buffer_tensor_view: buffer index 3 is out of range [0, 3) in program (0, 0, 0)")
    error_case("xsmt.buffer_tensor_view index out of range at run time --jit", k, (1,), args,
               "copies.ttir:14:10: error: xsmt.buffer_tensor_view: the buffer index is out of range in program (0, 0, 0)", "--jit")
    args = {"arg0": randn(R, C), "arg1": np.zeros(3 * R * C, np.float32), "arg2": 0, "arg3": -1}
    error_case("xsmt.mbarrier_subview index out of range at run time", k, (1,), args,
               "copies.ttir:12:12: error: xsmt.mbarrier_subview: barrier index -1 is out of range [0, 2) in program (0, 0, 0)")
    error_case("xsmt.mbarrier_subview index out of range at run time --jit", k, (1,), args,
               "copies.ttir:12:12: error: xsmt.mbarrier_subview: the barrier index is out of range in program (0, 0, 0)", "--jit")


def op_mmt4d():
    A, B, C = (2, 3, 4, 8), (5, 3, 2, 8), (2, 5, 4, 2)
    for dt, npdt in (("f32", np.float32), ("f16", np.float16)):
        body = load_flat("%arg0", A, "a", dt) + load_flat("%arg1", B, "b", dt) + load_flat("%arg2", C, "c", dt) + \
            f"    %m = xsmt.mmt4d %a, %b, %c : {ty(A, dt)}, {ty(B, dt)}, {ty(C, dt)} -> {ty(C, dt)}\n" + \
            store_flat("%arg3", C, "m", dt)
        k = write(f"mmt4d_{dt}.ttir", func("mmt4d", f"%arg0: !tt.ptr<{dt}>, %arg1: !tt.ptr<{dt}>, %arg2: !tt.ptr<{dt}>, %arg3: !tt.ptr<{dt}>", body))
        a, b, c = randn(*A, dtype=npdt), randn(*B, dtype=npdt), randn(*C, dtype=npdt)
        # C4[m1][n1][m0][n0] = sum_{k1,k0} A4[m1][k1][m0][k0] * B4[n1][k1][n0][k0]; the destination is overwritten
        want = np.einsum("aKmk,bKnk->abmn", a.astype(np.float64), b.astype(np.float64))
        case(f"xsmt.mmt4d {dt} with a destination", k, (1,),
             {"arg0": a, "arg1": b, "arg2": c, "arg3": np.zeros(int(np.prod(C)), npdt)}, ["arg3"],
             lambda out, want=want, npdt=npdt: close(out["arg3"].astype(np.float64), want.astype(npdt).reshape(-1).astype(np.float64),
                                                     1e-5 if npdt == np.float32 else 1e-3, 1e-5 if npdt == np.float32 else 4e-3))


def op_tiles():
    S, T = (8, 12), (4, 3)
    grid = (S[0] // T[0], S[1] // T[1])
    body = load_flat("%arg0", S, "src") + load_flat("%arg1", T, "t") + \
        f"    %e = tle.extract_tile %src[%arg4] {{tile_shape = array<i64: {T[0]}, {T[1]}>}} : {ty(S)}, i32 -> {ty(T)}\n" + \
        f"    %i = tle.insert_tile %src[%arg4] = %t : {ty(S)}, i32, {ty(T)} -> {ty(S)}\n" + \
        store_flat("%arg2", T, "e") + store_flat("%arg3", S, "i")
    k = write("tiles.ttir", func("tiles", "%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: !tt.ptr<f32>, %arg3: !tt.ptr<f32>, %arg4: i32", body))
    for idx in (0, 5, grid[0] * grid[1] - 1):
        src, t = randn(*S), randn(*T)
        r, c = divmod(idx, grid[1])
        we = src[r * T[0]:(r + 1) * T[0], c * T[1]:(c + 1) * T[1]].reshape(-1)
        wi = src.copy()
        wi[r * T[0]:(r + 1) * T[0], c * T[1]:(c + 1) * T[1]] = t
        case(f"tle.extract_tile/insert_tile index {idx}", k, (1,),
             {"arg0": src, "arg1": t, "arg2": np.zeros(we.size, np.float32), "arg3": np.zeros(wi.size, np.float32), "arg4": idx},
             ["arg2", "arg3"], lambda out, we=we, wi=wi: exact(out["arg2"], we) or exact(out["arg3"], wi.reshape(-1)))
    error_case("tle.extract_tile index out of range at run time", k, (1,),
               {"arg0": randn(*S), "arg1": randn(*T), "arg2": np.zeros(12, np.float32), "arg3": np.zeros(96, np.float32), "arg4": 8},
               "tiles.ttir:13:10: error: tle.extract_tile: tile index 8 is out of range [0, 8) in program (0, 0, 0)")
    error_case("tle.extract_tile index out of range at run time --jit", k, (1,),
               {"arg0": randn(*S), "arg1": randn(*T), "arg2": np.zeros(12, np.float32), "arg3": np.zeros(96, np.float32), "arg4": -1},
               "tiles.ttir:13:10: error: tle.extract_tile: the tile index is out of range in program (0, 0, 0)", "--jit")


def op_threads():
    body = "    %n = xsmt.get_num_of_thread\n    %z = tt.splat %n : i32 -> tensor<1xi32>\n" + \
        "    %r = tt.make_range {end = 1 : i32, start = 0 : i32} : tensor<1xi32>\n" + \
        "    %s = tt.splat %arg0 : !tt.ptr<i32> -> tensor<1x!tt.ptr<i32>>\n" + \
        "    %p = tt.addptr %s, %r : tensor<1x!tt.ptr<i32>>, tensor<1xi32>\n    tt.store %p, %z : tensor<1x!tt.ptr<i32>>\n"
    for attrs, n in ((" attributes {tt.num_threads = 8 : i32}", 8), ("", 1)):
        k = write(f"threads{n}.ttir", func("threads", "%arg0: !tt.ptr<i32>", body, attrs))
        case(f"xsmt.get_num_of_thread = {n}", k, (1,), {"arg0": np.zeros(1, np.int32)}, ["arg0"],
             lambda out, n=n: exact(out["arg0"], np.array([n], np.int32)))


# ---- 3. bad shapes ---------------------------------------------------------

def bad_micro_tile():
    text = open(sample("mm_kernel_f32.ttir")).read()
    bad = text.replace("[%c0_i32, %22], [32, 32], [8, 8]", "[%c0_i32, %22], [32, 28], [8, 8]")
    assert bad != text
    line = next(i for i, l in enumerate(bad.split("\n"), 1) if "[32, 28]" in l)
    col = bad.split("\n")[line - 1].index("xsmt.pack") + 1
    k = write("mm_kernel_f32_bad_tile.ttir", bad)
    args = {"arg0": randn(32, 64), "arg1": randn(64, 32), "arg2": np.zeros((32, 32), np.float32), "arg3": 32, "arg4": 32,
            "arg5": 64, "arg6": 64, "arg7": 32, "arg8": 32}
    error_case("window not divisible by the micro tile (K1)", k, (1, 1), args,
               f"mm_kernel_f32_bad_tile.ttir:{line}:{col}: error: 'xsmt.pack' op shape [32, 28] is not divisible by the micro tile [8, 8]")


def big_tile(arch):
    """a 128x128 f16 block (16384 output elements) in one mmt4d, K = 32"""
    body = f"""    %c0_i32 = arith.constant 0 : i32
    %c1_i64 = arith.constant 1 : i64
    %c128_i64 = arith.constant 128 : i64
    %c32_i64 = arith.constant 32 : i64
    %a_bp = tt.make_tensor_ptr %arg0, [%c128_i64, %c32_i64], [%c32_i64, %c1_i64], [%c0_i32, %c0_i32] {{order = array<i32: 1, 0>}} : <tensor<128x32xf16>>
    %a = tt.load %a_bp {{boundaryCheck = array<i32: 0, 1>}} : !tt.ptr<tensor<128x32xf16>>
    %b_bp = tt.make_tensor_ptr %arg1, [%c32_i64, %c128_i64], [%c128_i64, %c1_i64], [%c0_i32, %c0_i32] {{order = array<i32: 1, 0>}} : <tensor<32x128xf16>>
    %b = tt.load %b_bp {{boundaryCheck = array<i32: 0, 1>}} : !tt.ptr<tensor<32x128xf16>>
    %a4 = xsmt.pack %a, [%c0_i32, %c0_i32], [128, 32], [16, 8] : tensor<128x32xf16> -> tensor<8x4x16x8xf16>
    %b4 = xsmt.pack %b, [%c0_i32, %c0_i32], [32, 128], [8, 32] : tensor<32x128xf16> -> tensor<4x4x8x32xf16>
    %bt = tt.trans %b4 {{order = array<i32: 1, 0, 3, 2>}} : tensor<4x4x8x32xf16> -> tensor<4x4x32x8xf16>
    %d = xsmt.mmt4d %a4, %bt : tensor<8x4x16x8xf16>, tensor<4x4x32x8xf16> -> tensor<8x4x16x32xf16>
    %c = xsmt.unpack %d, [%c0_i32, %c0_i32], [128, 128] : tensor<8x4x16x32xf16> -> tensor<128x128xf16>
    %c_bp = tt.make_tensor_ptr %arg2, [%c128_i64, %c128_i64], [%c128_i64, %c1_i64], [%c0_i32, %c0_i32] {{order = array<i32: 1, 0>}} : <tensor<128x128xf16>>
    tt.store %c_bp, %c {{boundaryCheck = array<i32: 0, 1>}} : !tt.ptr<tensor<128x128xf16>>
"""
    return write(f"big_tile_{arch}.ttir", func("mm", "%arg0: !tt.ptr<f16>, %arg1: !tt.ptr<f16>, %arg2: !tt.ptr<f16>", body,
                                               f' attributes {{tt.arch_id = "{arch}"}}'))


def k3_limit():
    a, b = randn(128, 32, dtype=np.float16), randn(32, 128, dtype=np.float16)
    args = {"arg0": a, "arg1": b, "arg2": np.zeros((128, 128), np.float16)}
    error_case("mmt4d output over the K3 limit of 8192 elements", big_tile("0xA064"), (1,), args,
               f"big_tile_0xA064.ttir:14:10: error: 'xsmt.mmt4d' op output tile of 16384 elements exceeds the K3 limit of 8192")
    # the core named by --smt-arch in place of tt.arch_id
    k = big_tile("none").replace("big_tile_none", "big_tile_noarch")
    text = open(big_tile("none")).read().replace(' attributes {tt.arch_id = "none"}', "")
    k = write("big_tile_noarch.ttir", text)
    error_case("--smt-arch=k3: the K3 limit without tt.arch_id", k, (1,), args,
               f"big_tile_noarch.ttir:14:10: error: 'xsmt.mmt4d' op output tile of 16384 elements exceeds the K3 limit of 8192",
               ("--target=riscv64-rvv" if RISCV else "--interp") + " --smt-arch=k3")
    want = (a.astype(np.float32) @ b.astype(np.float32)).astype(np.float16)
    case("the same 128x128 block on K1", big_tile("0xA03C"), (1,), args, ["arg2"], lambda o: close(o["arg2"], want, 2e-3, 1e-2))


def kernels_called():
    """the rvv C of each sample calls the micro-kernel of its core and element
    type (once per mmt4d), the K3 f16 one behind TTX_SMT_HW; with the other
    core (--smt-arch) the micro tile does not match: the RVV micro-kernel
    (never the IME one) and one note on stderr"""
    want = {"mm_kernel_f32.ttir": ("k1", ["ttx_smt_rvv_f32("]), "mm_double_buffer.ttir": ("k1", ["ttx_smt_rvv_f32("]),
            "mm_split_mn.ttir": ("k1", ["ttx_smt_rvv_f32("]), "mm_parallel.ttir": ("k1", ["ttx_smt_rvv_f32("]),
            "addmm.ttir": ("k3", ["ttx_smt_rvv_f32("]), "bmm.ttir": ("k1", ["ttx_smt_rvv_f16("]),
            "mm_kernel_f16.ttir": ("k3", ["#if defined(TTX_SMT_HW)", "ttx_smt_ime_f16(", "#else", "ttx_smt_rvv_f16(", "#endif"]),
            "mm_kernel_i8.ttir": ("k3", ["#if defined(TTX_SMT_HW)", "ttx_smt_ime_i8(", "#else", "ttx_smt_rvv_i8(", "#endif"])}
    for name, (core, calls) in want.items():
        r = subprocess.run([TTX, "--emit=rvv", sample(name)], capture_output=True, text=True)
        body = r.stdout.split("/* end of smt_kernels.c */")[-1]
        got = [l.strip() for l in body.split("\n") if any(l.strip().startswith(c) for c in calls)]
        ok = r.returncode == 0 and [next(c for c in calls if g.startswith(c)) for g in got] == calls
        report(f"{name}: --emit=rvv calls {calls[-1] if len(calls) == 1 else calls[1][:-1] + ' / ' + calls[3][:-1]}",
               None if ok else f"exit {r.returncode}, calls {got}: {r.stderr[:500]}")
        other = "k3" if core == "k1" else "k1"
        r = subprocess.run([TTX, "--emit=rvv", f"--smt-arch={other}", sample(name)], capture_output=True, text=True)
        body = r.stdout.split("/* end of smt_kernels.c */")[-1]
        report(f"{name}: --smt-arch={other} takes the RVV micro-kernel and says so",
               None if r.returncode == 0 and "ttx_smt_rvv_" in body and "ttx_smt_ime_" not in body
               and r.stderr.count(": note: xsmt.mmt4d tile ") == 1 and "is not the micro tile" in r.stderr
               else f"exit {r.returncode}: {r.stderr[:500]}")


def jit_dot_used():
    """the JIT's C makes each f32 mmt4d of the samples dot calls (targets/c/smt.c)"""
    M, N, K = 32, 32, 64
    d = os.path.join(TMP, "jit-dump")
    args = {"arg0": randn(M, K), "arg1": randn(K, N), "arg2": np.zeros((M, N), np.float32), "arg3": M, "arg4": N, "arg5": K,
            "arg6": K, "arg7": N, "arg8": N}
    rc, err, _ = run(sample("mm_kernel_f32.ttir"), "jitdump", f"--jit --dump-dir={d}", (1, 1), args, ["arg2"])
    text = open(os.path.join(d, "01-mm_kernel.c")).read() if rc == 0 else ""
    report("mm_kernel_f32 --jit: the mmt4d is ttx_rt_f32_dot calls",
           None if "ttx_rt_f32_dot(dst, " in text else f"exit {rc}: {err[:500]}")


def main():
    tests = (mm_f32, mm_f16, mm_i8, addmm, bmm, parallel, parallel_threads, split_mn, double_buffer, op_mmt4d_i8)
    if not RISCV:
        tests += (op_pack, op_unpack_repack, op_views, op_alloc, op_copies, op_mmt4d, op_tiles, op_threads, bad_micro_tile, k3_limit, jit_dot_used)
    else:
        tests += (kernels_called, bad_micro_tile, k3_limit)
    for f in tests:
        f()
    # every sample of samples/riscv was run above
    names = sorted(n for n in os.listdir(SAMPLES) if n.endswith(".ttir"))
    want = ["addmm.ttir", "bmm.ttir", "mm_double_buffer.ttir", "mm_kernel_f16.ttir", "mm_kernel_f32.ttir", "mm_kernel_i8.ttir", "mm_parallel.ttir", "mm_split_mn.ttir"]
    report("every sample of samples/riscv has a case", None if names == want else f"samples {names}, cases for {want}")
    return TALLY.close(TMP)


if __name__ == "__main__":
    sys.exit(main())
