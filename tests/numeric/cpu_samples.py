#!/usr/bin/env python3
"""Numeric tests of the CPU samples (samples/cpu/*.ttir) under `ttxform run`.

usage: cpu_samples.py TTXFORM SAMPLES_CPU_DIR

Each sample (the Triton tutorials' vector add, fused softmax, matmul with
pointers and with block pointers, layernorm forward, an activation chain,
a matrix-vector product) runs on inputs generated here with sizes that are
not multiples of the block sizes, so every mask and boundary check matters.
Its outputs are compared with a NumPy reference computed here (exact where
the result does not depend on the order of the sums, else a tight
tolerance).  The sample is then rewritten with `--ptr-analysis`, the printed
IR must contain the structured ops the pass is expected to produce, and the
rewritten kernel must give bit-identical outputs, also after --canonicalize
--cse.  Outputs that the kernel must not write (a row stride longer than the
row) must keep their initial values.

Prints `PASS name` / `FAIL name: why` and a final `N passed, N failed`;
exits 1 if any case failed, 77 (skip) without NumPy.
"""
import math
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import arg_options, close, exact, first, numpy_or_skip, sanitizer_report, Tally  # noqa: E402

np = numpy_or_skip("cpu_samples")

TIMEOUT = 300
TTX, SAMPLES = sys.argv[1], sys.argv[2]
TMP = tempfile.mkdtemp(prefix="ttx-cpu-samples-")


TALLY = Tally()
report = TALLY.report


def path(name):
    return os.path.join(TMP, name)


def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT)
    if r.returncode != 0 or sanitizer_report(r.stderr) or r.stderr.strip():
        raise AssertionError(f"{' '.join(cmd[:3])}...: exit status {r.returncode}: {r.stderr.strip()[:2000]}")
    return r.stdout






def sample(name, grid, args, outputs, check, expect_tts, absent=("tt.load ",)):
    """run samples/cpu/NAME.ttir with ARGS ({argN: ndarray | int | float});
    OUTPUTS names the pointer arguments to read back; check(outs) compares
    them with the reference.  Then the same after --ptr-analysis, whose
    output must contain every string of EXPECT_TTS and none of ABSENT, bit
    for bit the same."""
    src = os.path.join(SAMPLES, name + ".ttir")

    def run_kernel(kernel, tag):
        def save(k, v):
            np.save(path(f"{name}-{k}.npy"), v)
            return path(f"{name}-{k}.npy")
        cmd = [TTX, "run", kernel, "--interp", "--grid=" + ",".join(map(str, grid))] + arg_options(args, save)
        for k in outputs:
            cmd += ["--output", f"{k}={path(f'{name}-{tag}-{k}.out.npy')}"]
        run(cmd)
        return {k: np.load(path(f"{name}-{tag}-{k}.out.npy")) for k in outputs}

    try:
        outs = run_kernel(src, "ref")
        report(name, check(outs))
    except Exception as e:
        report(name, f"{type(e).__name__}: {e}")
        return
    try:
        rewritten = path(name + ".ptr-analysis.ttir")
        run([TTX, src, "--ptr-analysis", "-o", rewritten])
        text = open(rewritten).read()
        missing = [s for s in expect_tts if s not in text]
        if missing:
            report(name + "-ptr-analysis", f"the rewritten kernel lacks {missing}")
            return
        left = [s for s in absent if s in text]
        if left:
            report(name + "-ptr-analysis", f"the rewritten kernel still has {left}")
            return
        outs2 = run_kernel(rewritten, "pa")
        report(name + "-ptr-analysis", first(*[exact(outs2[k], outs[k]) for k in outputs]))
    except Exception as e:
        report(name + "-ptr-analysis", f"{type(e).__name__}: {e}")
        return
    # and with the index arithmetic folded and shared
    try:
        cleaned = path(name + ".ptr-analysis-canonical.ttir")
        run([TTX, src, "--ptr-analysis", "--canonicalize", "--cse", "-o", cleaned])
        outs3 = run_kernel(cleaned, "pac")
        report(name + "-ptr-analysis-canonicalize-cse", first(*[exact(outs3[k], outs[k]) for k in outputs]))
    except Exception as e:
        report(name + "-ptr-analysis-canonicalize-cse", f"{type(e).__name__}: {e}")


rng = np.random.default_rng(20261202)


def randn(*shape, dtype=np.float32, scale=1.0):
    return (rng.standard_normal(shape) * scale).astype(dtype)


# ---- vector add: exact (one f32 addition per element) ----------------------
n = 2500
x, y = randn(n), randn(n)
out0 = np.full(n + 7, 42.0, np.float32)
want = out0.copy()
want[:n] = x + y
sample("vector_add", [3], {"arg0": x, "arg1": y, "arg2": out0, "arg3": n}, ["arg2"],
       lambda o: exact(o["arg2"], want),
       ["tts.make_tptr %arg0 to sizes: [1024]", '"tts.load"', '"tts.store"'])

# ---- fused softmax: rows walked with a num_programs stride -------------------
rows, cols, istride, ostride = 11, 100, 104, 112
xin = randn(rows, istride, scale=4.0)
o0 = np.full((rows, ostride), -7.0, np.float32)
e = np.exp(xin[:, :cols].astype(np.float64) - xin[:, :cols].max(axis=1, keepdims=True))
sm = o0.astype(np.float64)
sm[:, :cols] = e / e.sum(axis=1, keepdims=True)
sample("softmax", [4], {"arg0": o0, "arg1": xin, "arg2": istride, "arg3": ostride, "arg4": rows, "arg5": cols},
       ["arg0"],
       lambda o: first(close(o["arg0"], sm, 2e-6, 1e-7), exact(o["arg0"][:, cols:], o0[:, cols:])),
       ['"tts.load"', '"tts.store"', "tts.make_tptr"])

# ---- matmul, pointers and block pointers: f16 in, f32 accumulate, f16 out ---
M, N, K = 70, 50, 80
a16, b16 = randn(M, K, dtype=np.float16), randn(K, N, dtype=np.float16)
ref = a16.astype(np.float64) @ b16.astype(np.float64)
c0 = np.zeros((M, N), np.float16)


def mm_check(o):
    c = o["arg2"]
    if c.dtype != np.float16:
        return f"dtype {c.dtype}"
    # f32 accumulation, one f16 rounding at the end
    return close(c, ref, 2e-3, 2e-3)


mm_args = {"arg0": a16, "arg1": b16, "arg2": c0, "arg3": M, "arg4": N, "arg5": K, "arg6": K, "arg7": N, "arg8": N}
grid_mm = [math.ceil(M / 32) * math.ceil(N / 32)]
# the A rows and B columns are taken modulo M and N: wrap-around shapes;
# the K loop carries the A/B pointers; the C tile has a 2-D mask
sample("matmul", grid_mm, mm_args, ["arg2"], mm_check,
       ["tts.make_tptr %arg0 to sizes: [32, 32]", "tts.make_tptr %arg1 to sizes: [32, 32]", "shape: [%",
        "tts.make_tptr %arg2 to sizes: [32, 32]", '"tts.store"'])
# block pointers checked along every dimension: tts.make_tptr with the order
# and the shape; the K loop's tt.advance becomes an offset
sample("matmul_block_ptr", grid_mm, mm_args, ["arg2"], mm_check,
       ["tts.make_tptr %arg0 to sizes: [32, 32]", "order: [1, 0] : <f16> to !tt.ptr<tensor<32x32xf16>>", '"tts.store"'])

# ---- layernorm forward ------------------------------------------------------
R, C, stride = 5, 300, 320
X = randn(R, stride, scale=2.0) + np.float32(0.5)
W, B = randn(C), randn(C)
eps = 1e-5
Xd = X[:, :C].astype(np.float64)
mean = Xd.mean(axis=1)
var = ((Xd - mean[:, None]) ** 2).mean(axis=1)
rstd = 1 / np.sqrt(var + eps)
Y0 = np.full((R, stride), 3.0, np.float32)
Yw = Y0.astype(np.float64)
Yw[:, :C] = (Xd - mean[:, None]) * rstd[:, None] * W + B
sample("layernorm", [R],
       {"arg0": X, "arg1": Y0, "arg2": W, "arg3": B, "arg4": np.zeros(R, np.float32), "arg5": np.zeros(R, np.float32),
        "arg6": stride, "arg7": C, "arg8": eps},
       ["arg1", "arg4", "arg5"],
       lambda o: first(close(o["arg1"], Yw, 1e-5, 1e-5), close(o["arg4"], mean, 1e-5, 1e-6),
                       close(o["arg5"], rstd, 1e-5, 1e-6), exact(o["arg1"][:, C:], Y0[:, C:])),
       ['"tts.load"', '"tts.store"'])

# ---- activation chain: relu -> gelu (erf) -> silu ----------------------------
n = 1500
xa = randn(n, scale=3.0)
r = np.maximum(xa.astype(np.float64), 0)
g = 0.5 * r * (1 + np.vectorize(math.erf)(r / math.sqrt(2)))
act = g / (1 + np.exp(-g))
ya0 = np.full(n + 3, -1.0, np.float32)
sample("activations", [math.ceil(n / 512)], {"arg0": xa, "arg1": ya0, "arg2": n}, ["arg1"],
       lambda o: first(close(o["arg1"][:n], act, 2e-6, 1e-6), exact(o["arg1"][n:], ya0[n:])),
       ['"tts.load"', '"tts.store"'])

# ---- matrix-vector product -----------------------------------------------------
M, N, sam = 40, 150, 160
A = randn(M, sam)
xv = randn(N)
yv0 = np.full(M + 2, 9.0, np.float32)
mv = A[:, :N].astype(np.float64) @ xv.astype(np.float64)
sample("matvec", [math.ceil(M / 16)], {"arg0": A, "arg1": xv, "arg2": yv0, "arg3": M, "arg4": N, "arg5": sam},
       ["arg2"],
       lambda o: first(close(o["arg2"][:M], mv, 1e-5, 1e-5), exact(o["arg2"][M:], yv0[M:])),
       ['"tts.load"', '"tts.store"', "tts.make_tptr %arg0 to sizes: [16, 64]"])

sys.exit(TALLY.close())
