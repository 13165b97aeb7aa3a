#!/usr/bin/env python3
"""`ttxform run` on the JIT (the default engine): libtcc-compiled C.

usage: jit.py TTXFORM ROOT

- `--check` (JIT and interpreter on copies of the inputs, every output
  compared) on every kernel: ROOT/samples/vector_add.ttir,
  ROOT/tests/numeric/*.ttir and ROOT/samples/cpu/*.ttir;
- the JIT's outputs against NumPy references computed here for the CPU
  samples (sizes that are not multiples of the blocks), also after
  --ptr-analysis (tts.make_tptr/load/store), with --check;
- the same outputs on 1 and on 3 threads, and with --no-bounds-check;
- --trace (valid Chrome-trace JSON: a compile, a launch, chunks that cover
  every program once) and --dump-dir (the input IR and the C);
- --repeat/--bench: one launch event per repeat, a best/median line per
  engine on stderr, the outputs of the last run;
- ROOT/tests/numeric/rt_rows.ttir against NumPy: the rows, tiles and
  reductions the JIT hands to its bulk routines (ttx_rt_*), with masks that
  keep an interval of each row and one that does not;
- atomics (tests/numeric/atomics_*.ttir) in the list above, and the
  histogram and the compare-and-swap spin lock on 16 threads (--check,
  20 launches on the same buffers; the C the JIT ran calls the runtime's
  atomics);
- errors: bad --threads or --repeat, an unwritable --trace or --dump-dir, two engines,
  out-of-bounds accesses, division by zero and a zero loop step found by the
  JIT's checks (located at the op), an op the C target lacks (a note and the
  interpreter; an error under --check).

Prints `PASS name` / `FAIL name: why` and `N passed, N failed`; exits 1 if
any case failed, 77 (skip) without NumPy.
"""
import glob
import json
import math
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import arg_options, close, error_reason, exact, first, numpy_or_skip, sanitizer_report, Tally  # noqa: E402

np = numpy_or_skip("jit")
TIMEOUT = 300
TTX, ROOT = sys.argv[1], sys.argv[2]
CPU = os.path.join(ROOT, "samples", "cpu")
NUM = os.path.join(ROOT, "tests", "numeric")
TMP = tempfile.mkdtemp(prefix="ttx-jit-")
rng = np.random.default_rng(20261203)


TALLY = Tally()
report = TALLY.report


def path(name):
    return os.path.join(TMP, name)


def run(args):
    r = subprocess.run([TTX, "run"] + args, capture_output=True, text=True, timeout=TIMEOUT)
    return r.returncode, r.stdout, r.stderr


def arglist(args):
    def save(k, v):
        p = path(f"in-{k}-{abs(hash(v.tobytes())) % 10**9}.npy")
        np.save(p, v)
        return p
    return arg_options(args, save)






def randn(*shape, dtype=np.float32, scale=1.0):
    return (rng.standard_normal(shape) * scale).astype(dtype)


# ---- the kernels, their arguments and NumPy references -------------------------

KERNELS = []   # (name, file, grid, args, outputs, check or None)


def kernel(name, file, grid, args, outputs, check=None):
    KERNELS.append((name, file, grid, args, outputs, check))


n = 2500
x, y = randn(n), randn(n)
o0 = np.full(n + 7, 42.0, np.float32)
va = o0.copy()
va[:n] = x + y
kernel("vector_add", os.path.join(ROOT, "samples", "vector_add.ttir"), [3],
       {"arg0": x, "arg1": y, "arg2": o0, "arg3": n}, ["arg2"], lambda o: exact(o["arg2"], va))
kernel("cpu-vector_add", os.path.join(CPU, "vector_add.ttir"), [3],
       {"arg0": x, "arg1": y, "arg2": o0, "arg3": n}, ["arg2"], lambda o: exact(o["arg2"], va))

rows, cols, istride, ostride = 11, 100, 104, 112
xin = randn(rows, istride, scale=4.0)
so0 = np.full((rows, ostride), -7.0, np.float32)
e = np.exp(xin[:, :cols].astype(np.float64) - xin[:, :cols].max(axis=1, keepdims=True))
sm = so0.astype(np.float64)
sm[:, :cols] = e / e.sum(axis=1, keepdims=True)
kernel("cpu-softmax", os.path.join(CPU, "softmax.ttir"), [4],
       {"arg0": so0, "arg1": xin, "arg2": istride, "arg3": ostride, "arg4": rows, "arg5": cols}, ["arg0"],
       lambda o: first(close(o["arg0"], sm, 2e-6, 1e-7), exact(o["arg0"][:, cols:], so0[:, cols:])))

M, N, K = 70, 50, 80
a16, b16 = randn(M, K, dtype=np.float16), randn(K, N, dtype=np.float16)
mm = a16.astype(np.float64) @ b16.astype(np.float64)
mm_args = {"arg0": a16, "arg1": b16, "arg2": np.zeros((M, N), np.float16), "arg3": M, "arg4": N, "arg5": K,
           "arg6": K, "arg7": N, "arg8": N}
grid_mm = [math.ceil(M / 32) * math.ceil(N / 32)]
kernel("cpu-matmul", os.path.join(CPU, "matmul.ttir"), grid_mm, mm_args, ["arg2"], lambda o: close(o["arg2"], mm, 2e-3, 2e-3))
kernel("cpu-matmul_block_ptr", os.path.join(CPU, "matmul_block_ptr.ttir"), grid_mm, mm_args, ["arg2"],
       lambda o: close(o["arg2"], mm, 2e-3, 2e-3))

R, C, stride = 5, 300, 320
X = randn(R, stride, scale=2.0) + np.float32(0.5)
W, B = randn(C), randn(C)
Xd = X[:, :C].astype(np.float64)
mean = Xd.mean(axis=1)
rstd = 1 / np.sqrt(((Xd - mean[:, None]) ** 2).mean(axis=1) + 1e-5)
Y0 = np.full((R, stride), 3.0, np.float32)
Yw = Y0.astype(np.float64)
Yw[:, :C] = (Xd - mean[:, None]) * rstd[:, None] * W + B
kernel("cpu-layernorm", os.path.join(CPU, "layernorm.ttir"), [R],
       {"arg0": X, "arg1": Y0, "arg2": W, "arg3": B, "arg4": np.zeros(R, np.float32), "arg5": np.zeros(R, np.float32),
        "arg6": stride, "arg7": C, "arg8": 1e-5}, ["arg1", "arg4", "arg5"],
       lambda o: first(close(o["arg1"], Yw, 1e-5, 1e-5), close(o["arg4"], mean, 1e-5, 1e-6), close(o["arg5"], rstd, 1e-5, 1e-6)))

na = 1500
xa = randn(na, scale=3.0)
r = np.maximum(xa.astype(np.float64), 0)
g = 0.5 * r * (1 + np.vectorize(math.erf)(r / math.sqrt(2)))
act = g / (1 + np.exp(-g))
ya0 = np.full(na + 3, -1.0, np.float32)
kernel("cpu-activations", os.path.join(CPU, "activations.ttir"), [math.ceil(na / 512)], {"arg0": xa, "arg1": ya0, "arg2": na},
       ["arg1"], lambda o: first(close(o["arg1"][:na], act, 2e-6, 1e-6), exact(o["arg1"][na:], ya0[na:])))

Mv, Nv, sam = 40, 150, 160
A = randn(Mv, sam)
xv = randn(Nv)
yv0 = np.full(Mv + 2, 9.0, np.float32)
mv = A[:, :Nv].astype(np.float64) @ xv.astype(np.float64)
kernel("cpu-matvec", os.path.join(CPU, "matvec.ttir"), [math.ceil(Mv / 16)],
       {"arg0": A, "arg1": xv, "arg2": yv0, "arg3": Mv, "arg4": Nv, "arg5": sam}, ["arg2"],
       lambda o: first(close(o["arg2"][:Mv], mv, 1e-5, 1e-5), exact(o["arg2"][Mv:], yv0[Mv:])))

kernel("numeric-softmax", os.path.join(NUM, "softmax.ttir"), [6],
       {"in": randn(6, 100, scale=3.0), "out": np.zeros((6, 100), np.float32), "ncols": 100}, ["out"])
kernel("numeric-matmul", os.path.join(NUM, "matmul.ttir"), [2, 4],
       {"a": randn(16, 24), "b": randn(24, 32), "c": np.zeros((16, 32), np.float32), "K": 24, "N": 32}, ["c"])
kernel("numeric-scale_f16", os.path.join(NUM, "scale_f16.ttir"), [5],
       {"arg0": randn(300, dtype=np.float16, scale=100.0), "arg1": np.zeros(300, np.float16), "arg2": 0.3, "arg3": 300},
       ["arg1"])
kernel("numeric-select_int", os.path.join(NUM, "select_int.ttir"), [1],
       {"a": rng.integers(-100, 100, 32).astype(np.int32), "flag": np.arange(32) % 3 == 0, "wide": np.zeros(32, np.int64),
        "low": np.zeros(32, np.int8), "pos": np.zeros(32, np.bool_), "n": 29}, ["wide", "low", "pos"])

x3 = randn(2, 4, 8)
e3 = np.exp(x3.astype(np.float64))
kernel("numeric-rank3", os.path.join(NUM, "rank3.ttir"), [1],
       {"x": x3, "y": np.zeros(64, np.float32), "z": np.zeros(32, np.float32), "w": np.zeros(16, np.float32)},
       ["y", "z", "w"],
       lambda o: first(close(o["y"].reshape(2, 4, 8), e3, 1e-6, 1e-7),
                       close(o["z"].reshape(2, 4, 4), 1 + x3.astype(np.float64) @ e3.transpose(0, 2, 1), 1e-5, 1e-5),
                       close(o["w"].reshape(2, 8), x3.astype(np.float64).sum(axis=1), 1e-5, 1e-6)))

kk = rng.integers(-50, 50, 64).astype(np.int32)
kk[kk == 0] = 7
kk[3], kk[4] = -1, 1 << 20
xo = randn(64, scale=5.0)
xo[6], xo[7], xo[8] = -0.0, 0.0, 40.0
ops_args = {"x": xo, "k": kk, "oi": np.zeros(64, np.int32), "of": np.zeros(64, np.float32),
            "oh": np.zeros(64, np.float16), "od": np.zeros(64, np.float64), "ol": np.zeros(1, np.int64)}
for nn, base in ((5, 5 * 120), (-3, -1)):
    kernel(f"numeric-c_ops-n{nn}", os.path.join(NUM, "c_ops.ttir"), [1], dict(ops_args, n=nn), ["oi", "of", "oh", "od", "ol"],
           lambda o, base=base: exact(o["ol"], np.array([base + int(np.argmax(xo)) + int(xo.max())], np.int64)))

xs4 = randn(4, 8)
ks4 = rng.integers(-1000, 1000, (4, 8)).astype(np.int32)
kernel("numeric-scan", os.path.join(NUM, "scan.ttir"), [1],
       {"x": xs4, "k": ks4, "s": np.zeros((4, 8), np.float32), "m": np.zeros((4, 8), np.int32)}, ["s", "m"],
       lambda o: first(close(o["s"], np.cumsum(xs4.astype(np.float64), axis=1), 1e-6, 1e-6),
                       exact(o["m"], np.maximum.accumulate(ks4[::-1], axis=0)[::-1])))

ca, cb = rng.integers(-9, 9, 8).astype(np.int32), rng.integers(-9, 9, 8).astype(np.int32)
kernel("numeric-cat_join", os.path.join(NUM, "cat_join.ttir"), [1],
       {"a": ca, "b": cb, "c": np.zeros(16, np.int32), "j": np.zeros(16, np.int32), "u": np.zeros(1, np.int32)},
       ["c", "j", "u"],
       lambda o: first(exact(o["c"], np.concatenate([ca, cb])), exact(o["j"], np.stack([ca, cb], axis=1).reshape(16)),
                       exact(o["u"], np.array([2 * ca[3]], np.int32))))

Ns, Ms, Bs = 8, 16, 16
xsh = randn(Ns, Ms)
i0s = rng.integers(0, Ns, (Ns, Ms)).astype(np.int32)
i1s = rng.integers(0, Ms, (Ns, Ms)).astype(np.int32)
hvs = rng.integers(-4, 20, Ns * Ms).astype(np.int32)
hkeep = hvs[:100]
pairs = xsh.reshape(Ns, Ms // 2, 2)
kernel("numeric-shuffle", os.path.join(NUM, "shuffle.ttir"), [1],
       {"x": xsh, "idx0": i0s, "idx1": i1s, "hv": hvs, "o_split": np.zeros((Ns, Ms // 2), np.float32),
        "o_g0": np.zeros((Ns, Ms), np.float32), "o_g1": np.zeros((Ns, Ms), np.float32), "o_hist": np.full(Bs, 7, np.int32),
        "n": 100}, ["o_split", "o_g0", "o_g1", "o_hist"],
       lambda o: first(exact(o["o_split"], pairs[..., 0] * np.float32(2) - pairs[..., 1]),
                       exact(o["o_g0"], np.take_along_axis(xsh, i0s, 0)), exact(o["o_g1"], np.take_along_axis(xsh, i1s, 1)),
                       exact(o["o_hist"], np.bincount(hkeep[(hkeep >= 0) & (hkeep < Bs)], minlength=Bs).astype(np.int32))))

xc = randn(16)
kernel("numeric-call", os.path.join(NUM, "call.ttir"), [1], {"x": xc, "o": np.zeros(16, np.float32)}, ["o"],
       lambda o: close(o["o"], (xc.astype(np.float64) * 2 + 1) * (float(xc[0]) * float(xc[1])) + (float(xc[0]) - float(xc[1])),
                       1e-5, 1e-6))

# tt.print: its lines are compared in print_lines(); here --check runs both engines on it
kernel("numeric-print", os.path.join(NUM, "print.ttir"), [2],
       {"x": np.array([[1.5, -2], [np.inf, np.nan]], np.float32), "h": np.array([0.1, -65504], np.float16),
        "b": np.array([1, 0], np.int32)}, ["b"])

# maxnumf/minnumf with signed zeros and NaNs (fminmax.ttir; fminmax.py checks every engine bit for bit)
xm, ym = randn(8, 64), randn(8, 64)
xm[:, ::3], ym[:, 1::3], xm[::2, ::5], ym[1::2, ::4] = 0.0, -0.0, np.nan, np.nan
kernel("numeric-fminmax", os.path.join(NUM, "fminmax.ttir"), [1],
       {"x": xm, "y": ym, "hx": xm[0].astype(np.float16), "hy": ym[0].astype(np.float16), "dx": xm[1].astype(np.float64),
        "dy": ym[1].astype(np.float64), **{k: np.zeros(n, t) for k, n, t in (
            ("emax", 512, np.float32), ("emin", 512, np.float32), ("rmax", 8, np.float32), ("rmin", 8, np.float32),
            ("cmax", 64, np.float32), ("cmin", 64, np.float32), ("smax", 2, np.float32), ("hmax", 130, np.float16),
            ("dmax", 128, np.float64))}},
       ["emax", "emin", "rmax", "rmin", "cmax", "cmin", "smax", "hmax", "dmax"])

# reduces along rows of odd length (reduce_odd.ttir): the halving order, bit for bit
def halving_sum(a, axis):
    t = np.moveaxis(a, axis, -1).copy()
    n = t.shape[-1]
    while n > 1:
        m = (n + 1) // 2
        t[..., :n - m] = t[..., :n - m] + t[..., m:n]
        n = m
    return t[..., 0]


xo13 = (randn(4, 13) * np.float32(2.0) ** rng.integers(-20, 20, (4, 13))).astype(np.float32)
kernel("numeric-reduce_odd", os.path.join(NUM, "reduce_odd.ttir"), [1],
       {"x": xo13, "rs": np.zeros(4, np.float32), "cs": np.zeros(13, np.float32), "am": np.zeros(4, np.int32)},
       ["rs", "cs", "am"],
       lambda o: first(exact(o["rs"], halving_sum(xo13, 1)), exact(o["cs"], halving_sum(xo13, 0)),
                       exact(o["am"], np.argmax(xo13, axis=1).astype(np.int32))))

# rows handed to the JIT's bulk routines (ttx_rt_*): interval masks of
# every kind, a mask that is not one, f32 elementwise ops, exp, reductions
Rr, Sr = 8, 20
xr = randn(Rr, Sr, scale=2.0)
def rt_rows_ref(n, lo, m):
    j = np.arange(16)[None, :]
    i = np.arange(Rr)[:, None]
    v = xr[:, :16].astype(np.float32)
    a = np.where(j < n, v, np.float32(-1.5))
    b = np.where(j >= lo, v, np.float32(2.0))
    c = np.where(i < m, v, np.float32(0))
    d = np.where(j <= n, v, np.float32(0))
    e = np.where(n > j, v, np.float32(0.5))
    s1 = a - b
    s3 = s1 * c + d
    s8 = np.exp(np.minimum(np.maximum(s3, e), 2).astype(np.float64) * 0.5) / 2
    y = np.zeros((Rr, Sr))
    y[:, :16] = np.where(j < n, s8, 0)
    r = np.stack([s8.sum(axis=1), s3.max(axis=1), s1.min(axis=1)], axis=1)
    return y, r
for n_, lo_, m_ in ((16, 0, 8), (10, 3, 5), (0, 0, 0), (-4, 20, 9), (30, -2, 8), (5, 5, 1)):
    yr, rr = rt_rows_ref(n_, lo_, m_)
    kernel(f"numeric-rt_rows-{n_}-{lo_}-{m_}", os.path.join(NUM, "rt_rows.ttir"), [2],
           {"x": xr, "y": np.zeros((Rr, Sr), np.float32), "r": np.zeros((Rr, 3), np.float32), "stride": Sr, "n": n_,
            "lo": lo_, "m": m_}, ["y", "r"],
           lambda o, yr=yr, rr=rr: first(close(o["y"], yr, 1e-6, 1e-6), close(o["r"], rr, 1e-5, 1e-5)))

# f32 dots whose sizes are not multiples of the C target's register blocks
# (dot_tiles.ttir: 6x8 by 8x80, an accumulator carried through 3 K steps)
da, db, dc = randn(6, 8), randn(8, 80), randn(6, 80)
dp = da.astype(np.float64) @ db.astype(np.float64)
kernel("numeric-dot_tiles", os.path.join(NUM, "dot_tiles.ttir"), [1],
       {"a": da, "b": db, "c": dc, "o": np.zeros((6, 80), np.float32), "z": np.zeros((6, 80), np.float32), "n": 3},
       ["o", "z"], lambda o: first(close(o["o"], dc + 3 * dp, 1e-5, 1e-5), close(o["z"], dp, 1e-5, 1e-5)))

# selects of a row whose mask keeps an interval (rt_select.ttir), as one copy
# of the kept lanes on the JIT, accumulated into tl.zeros arrays; the last
# mask's comparison wraps inside the row at off = 2^31 - 20
xsel = randn(64, scale=2.0)
def rt_select_ref(n, lo, off, v, iters):
    f = np.float32
    j = np.arange(32, dtype=np.int64)
    lhs = ((j + off + 2**31) % 2**32) - 2**31
    xx = xsel.reshape(2, 32) - f(v)
    a, b = np.where(j < n, xx, f(0)), np.where(j >= lo, xx, f(-1.5))
    c, d, e = np.where(n > j, xx, f(v)), np.where(j <= n, xx, f(0)), np.where(lhs < n, xx, f(v))
    t = ((a * a + b * b) - e * e) + (c * c + d * d)
    acc = np.zeros((2, 32), np.float32)
    for _ in range(iters):
        acc = acc + t
    return acc.reshape(64), np.tile((lhs < n).astype(np.int32) * iters, 2)
for n_, lo_, off_, it_ in ((32, 0, 0, 3), (10, 3, 0, 2), (0, 40, 5, 1), (-4, -9, 0, 2), (40, 31, 2**31 - 20, 3), (12, 12, -20, 0)):
    yr, sr = rt_select_ref(n_, lo_, off_, 0.25, it_)
    kernel(f"numeric-rt_select-{n_}-{lo_}-{off_}-{it_}", os.path.join(NUM, "rt_select.ttir"), [2],
           {"x": xsel, "y": np.full(64, 7.0, np.float32), "s": np.full(64, 9, np.int32), "n": n_, "lo": lo_, "off": off_,
            "v": 0.25, "iters": it_}, ["y", "s"],
           lambda o, yr=yr, sr=sr: first(close(o["y"], yr, 1e-6, 1e-6), exact(o["s"], sr)))

# exp(x - max) and the division by the sum fused by the JIT (rt_fused.ttir):
# masks that keep an interval of the row, and with n = 10, off = 2^31 - 60 one
# whose comparison wraps inside the row (cols + off < n holds for the last 4
# lanes only, where the sum wraps): the per-element store
Rf = 5
xf = randn(Rf, 64, scale=3.0)
def rt_fused_ref(n, off):
    j = np.arange(64, dtype=np.int64)
    lhs = ((j + off + 2**31) % 2**32) - 2**31
    keep = lhs < n
    v = np.where(keep[None, :], xf.astype(np.float64), -np.inf)
    e = np.exp(v - v.max(axis=1, keepdims=True))
    q = e / e.sum(axis=1, keepdims=True)
    return np.where(keep[None, :], q, 5.0)
for n_, off_ in ((64, 0), (37, 0), (1, 0), (10, 2**31 - 60)):
    fr = rt_fused_ref(n_, off_)
    kernel(f"numeric-rt_fused-{n_}-{off_}", os.path.join(NUM, "rt_fused.ttir"), [Rf],
           {"x": xf, "y": np.full((Rf, 64), 5.0, np.float32), "n": n_, "off": off_}, ["y"],
           lambda o, fr=fr: close(o["y"], fr, 2e-6, 1e-7))

# row max and min computed by the JIT while it copies the rows of a 4x32 tile
# (rt_fused2d.ttir), with masks that keep some, all or none of each row, and
# rows with NaNs, infinities and zeros of both signs
x2 = randn(8, 32, scale=2.0)
x2[1, 3], x2[2, :] = np.nan, 0.0
x2[2, 5::3] = -0.0
x2[3, :] = np.nan
x2[4, 7] = np.inf
x2[5, 0] = -np.inf
for n_ in (32, 20, 0):
    keep = np.arange(32)[None, :] < n_
    mx_ref = np.where(keep, x2, -np.inf).astype(np.float64)
    mn_ref = np.where(keep, x2, np.inf).astype(np.float64)
    mx_ref = np.array([np.nanmax(r) if not np.all(np.isnan(r)) else np.nan for r in mx_ref])
    mn_ref = np.array([np.nanmin(r) if not np.all(np.isnan(r)) else np.nan for r in mn_ref])
    se_ref = np.exp(np.where(keep, x2, -np.inf).astype(np.float64)).sum(axis=1)
    kernel(f"numeric-rt_fused2d-{n_}", os.path.join(NUM, "rt_fused2d.ttir"), [2],
           {"x": x2, "mx": np.zeros(8, np.float32), "mn": np.zeros(8, np.float32), "se": np.zeros(8, np.float32), "n": n_},
           ["mx", "mn", "se"],
           lambda o, a=mx_ref.astype(np.float32), b=mn_ref.astype(np.float32), c=se_ref:
               first(exact(o["mx"], a), exact(o["mn"], b), exact(np.isnan(o["se"]), np.isnan(c)),
                     exact(np.isinf(o["se"]), np.isinf(c)), close(o["se"][np.isfinite(c)], c[np.isfinite(c)], 1e-6, 1e-6)))

# a row store the JIT may leave pending, read back by the same program as a
# row and as one element (rt_defer.ttir)
xd = randn(3, 1024)
yd = (xd / np.float32(3.0)).astype(np.float32)
kernel("numeric-rt_defer", os.path.join(NUM, "rt_defer.ttir"), [3],
       {"x": xd, "y": np.zeros((3, 1024), np.float32), "z": np.zeros((3, 1024), np.float32), "w": np.zeros(3, np.float32),
        "s": 3.0}, ["y", "z", "w"],
       lambda o: first(exact(o["y"], yd), exact(o["z"], yd * np.float32(2)), exact(o["w"], yd[:, 0].copy())))

# tensor descriptors (block pointers in the C): blocks that start before the
# shape and reach past it (zeros read, nothing written there), a gather whose
# row indices leave the table (zero rows), row strides wider than the rows
# (desc_edges.ttir); and the same kernel with the rows the JIT copies whole
# shifted by an odd column offset
def desc_edges_ref(xv, y0, gv, iv, mx, nx, m, n_, oy, ox, gridx, gridy):
    y = y0.astype(np.float64).copy()
    gpad = np.zeros(16)
    for py in range(gridy):
        for px in range(gridx):
            for i in range(8):
                r = py * 8 + oy + i
                gi = iv[i]
                grow = gv[gi].astype(np.float64) if 0 <= gi < gv.shape[0] else gpad
                for j in range(16):
                    c = px * 16 + ox + j
                    if 0 <= r < m and 0 <= c < n_:
                        xs = xv[r, c] if r < mx and c < nx else np.float32(0)
                        y[r, c] = np.float64(np.float32(np.float32(xs) + np.float32(grow[j])))
    return y.astype(np.float32)
dm, dn = 21, 37
xe = randn(dm, 40)
ge = randn(5, 16, dtype=np.float16)
ie = np.array([0, 4, -1, 2, 5, 100, 3, 1], np.int32)
for oy_, ox_ in ((0, 0), (-3, -5), (2, 7)):
    gx_, gy_ = 3, 3
    y0e = np.full((dm, 44), 9.0, np.float32)
    ref = desc_edges_ref(xe, y0e, ge, ie, dm - 4, dn - 6, dm, dn, oy_, ox_, gx_, gy_)
    kernel(f"numeric-desc_edges-{oy_}-{ox_}", os.path.join(NUM, "desc_edges.ttir"), [gx_, gy_],
           {"x": xe, "y": y0e, "g": ge, "idx": ie, "mx": dm - 4, "nx": dn - 6, "m": dm, "n": dn, "sx": 40, "sy": 44, "oy": oy_, "ox": ox_, "gm": 5}, ["y"],
           lambda o, ref=ref: exact(o["y"], ref))

# integer division and remainder by zero and INT_MIN / -1 (div_zero.ttir):
# RISC-V's rule on every engine, also in lanes a mask leaves out (issue 30)
def div_ref(op, a, b, w):
    """op of arith on w-bit a, b (Python ints, signed) with RISC-V's rule"""
    mask, smin = (1 << w) - 1, -(1 << (w - 1))
    def s(v):
        v &= mask
        return v - (1 << w) if v >> (w - 1) else v
    ua, ub = a & mask, b & mask
    if op in ("divui", "remui", "ceildivui"):
        if ub == 0:
            return s(ua) if op == "remui" else -1
        return s(ua // ub if op == "divui" else ua % ub if op == "remui" else -(-ua // ub))
    if b == 0:
        return a if op == "remsi" else -1
    if a == smin and b == -1:
        return 0 if op == "remsi" else smin
    q = abs(a) // abs(b) * (1 if (a < 0) == (b < 0) else -1)
    r = a - q * b
    if op == "divsi":
        return q
    if op == "remsi":
        return r
    if op == "floordivsi":
        return q - 1 if r != 0 and (r < 0) != (b < 0) else q
    return q + 1 if r != 0 and (r < 0) == (b < 0) else q


DIV32 = ["divsi", "remsi", "divui", "remui", "floordivsi", "ceildivsi", "ceildivui"]
DIV64 = ["divsi", "remsi", "divui", "remui", "floordivsi", "ceildivsi"]
dza = [7, -7, -2**31, -2**31, 5, 0, -1, 100, 7, -7, 13, -13, -2**31, 2**31 - 1, 3, -3]
dzb = [0, 0, -1, 0, 2, 0, 0, -7, -1, 3, -4, 4, 1, -1, 0, 0]
dza64 = [v if abs(v) < 2**31 - 1 else (-2**63 if v < 0 else 2**63 - 1) for v in dza]
dz_o = np.array([div_ref(op, x_, y_, 32) for op in DIV32 for x_, y_ in zip(dza, dzb)], np.int32)
dz_l = np.array([div_ref(op, x_, y_, 64) for op in DIV64 for x_, y_ in zip(dza64, dzb)], np.int64)
for nn in (6, 16, 0):
    mq = [div_ref("divsi", dza[i], dzb[i], 32) for i in range(nn)]
    dz_m = np.full(17, 99, np.int32)
    dz_m[:nn] = [(q + div_ref("remui", q, dzb[i], 32) + 2**31) % 2**32 - 2**31 for i, q in enumerate(mq)]
    dz_m[16] = div_ref("divsi", nn, 0, 32) + div_ref("remsi", nn, 0, 32)
    if nn == 6:
        DZ_M6 = dz_m
    kernel(f"numeric-div_zero-n{nn}", os.path.join(NUM, "div_zero.ttir"), [1],
           {"a": np.array(dza, np.int32), "b": np.array(dzb, np.int32), "o": np.zeros(112, np.int32),
            "a64": np.array(dza64, np.int64), "b64": np.array(dzb, np.int64), "o64": np.zeros(96, np.int64),
            "m": np.full(17, 99, np.int32), "n": nn}, ["o", "o64", "m"],
           lambda o, dz_m=dz_m: first(exact(o["o"], dz_o), exact(o["o64"], dz_l), exact(o["m"], dz_m)))


# atomics (tests/numeric/atomics_*.ttir, as Triton 3.6 prints them): a
# histogram of unused tt.atomic_rmw adds over 128 programs; every rmw kind on
# i32, u32, i64, u64 and float add/max/min on f32, f16, bf16 (through an i16
# buffer), f64, masked, into slots every program updates (small integers, so
# float sums are exact in any order); the old values of xchg, add, max,
# compare-and-swap on lanes of their own; a compare-and-swap spin lock,
# tickets (old values used) and scalar sums; a float add after a row store
hx = rng.integers(0, 1000, 128 * 64).astype(np.int32)
kernel("numeric-atomics_hist", os.path.join(NUM, "atomics_hist.ttir"), [128],
       {"x": hx, "out": np.zeros(16, np.int32), "n": 8000}, ["out"],
       lambda o: exact(o["out"], np.bincount(hx[:8000] % 16, minlength=16).astype(np.int32)))

def atomics_kinds_ref(a):
    G, B, n = 64, 16, a["n"]
    m = np.arange(G * B) < n
    x = a["v"].astype(np.int64)[m].reshape(-1)
    j = np.arange(G * B)[m] % B
    acc, uacc = a["acc"].astype(np.int64), a["uacc"].astype(np.int64) & 0xFFFFFFFF
    acc64, uacc64 = a["acc64"].astype(object), [int(t) & (2**64 - 1) for t in a["uacc64"]]
    accf, acch, accd = a["accf"].astype(np.float64), a["acch"].astype(np.float64), a["accd"].astype(np.float64)
    accb = np.zeros(16)
    def s32(t):
        return ((t + 2**31) % 2**32) - 2**31
    def s64(t):
        return ((t + 2**63) % 2**64) - 2**63
    for xi, ji in zip(x, j):
        xi = int(xi)
        acc[ji] &= xi | 0x7FFF0000
        acc[B + ji] |= xi & 0x0F0F0F0F
        acc[2 * B + ji] ^= xi
        acc[3 * B + ji] = s32(acc[3 * B + ji] + xi)
        acc[4 * B + ji] = max(acc[4 * B + ji], xi)
        acc[5 * B + ji] = min(acc[5 * B + ji], xi)
        uacc[ji] = max(uacc[ji], xi & 0xFFFFFFFF)
        uacc[B + ji] = min(uacc[B + ji], xi & 0xFFFFFFFF)
        w = xi * 1000003
        acc64[ji] = s64(int(acc64[ji]) + w)
        acc64[B + ji] = max(int(acc64[B + ji]), w)
        acc64[2 * B + ji] = min(int(acc64[2 * B + ji]), w)
        acc64[3 * B + ji] = s64(int(acc64[3 * B + ji]) ^ w)
        uacc64[ji] = max(uacc64[ji], w & (2**64 - 1))
        uacc64[B + ji] = min(uacc64[B + ji], w & (2**64 - 1))
        f = float(np.float32(xi))
        accf[ji] += xi & 3
        accf[B + ji] = max(accf[B + ji], f)
        accf[2 * B + ji] = min(accf[2 * B + ji], f)
        accf[3 * B + ji] = np.fmax(accf[3 * B + ji], f)
        accf[4 * B + ji] = np.fmin(accf[4 * B + ji], f)
        acch[ji] += xi & 3
        accb[ji] += xi & 1
        accd[ji] += xi & 3
        accd[B + ji] = np.fmax(accd[B + ji], float(xi))
    bf = ((accb.astype(np.float32).view(np.uint32) >> 16).astype(np.uint16)).view(np.int16)
    return first(exact(np.asarray(a["out_acc"]), s32(acc).astype(np.int32)),
                 exact(np.asarray(a["out_uacc"]), uacc.astype(np.uint32).view(np.int32)),
                 exact(np.asarray(a["out_acc64"]), np.array([s64(int(t)) for t in acc64], np.int64)),
                 exact(np.asarray(a["out_uacc64"]), np.array(uacc64, np.uint64).view(np.int64)),
                 exact(np.asarray(a["out_accf"]), accf.astype(np.float32)), exact(np.asarray(a["out_acch"]), acch.astype(np.float16)),
                 exact(np.asarray(a["out_accb16"]), bf), exact(np.asarray(a["out_accd"]), accd))

kv = rng.integers(-2**31, 2**31, 64 * 16, dtype=np.int64).astype(np.int32)
kv[::7] = rng.integers(-20, 20, len(kv[::7]))
kargs = {"acc": rng.integers(-2**31, 2**31, 96, dtype=np.int64).astype(np.int32),
         "uacc": rng.integers(-2**31, 2**31, 32, dtype=np.int64).astype(np.int32),
         "acc64": rng.integers(-2**62, 2**62, 64, dtype=np.int64), "uacc64": rng.integers(-2**62, 2**62, 32, dtype=np.int64),
         "accf": rng.integers(-100, 100, 80).astype(np.float32), "acch": rng.integers(-100, 100, 16).astype(np.float16),
         "accb16": np.zeros(16, np.int16), "accd": rng.integers(-100, 100, 32).astype(np.float64), "v": kv, "n": 1000}
kargs["accf"][3 * 16 + 8] = np.nan   # fmax: a NaN loses
kargs["accd"][16 + 2] = np.nan
kernel("numeric-atomics_kinds", os.path.join(NUM, "atomics_kinds.ttir"), [64], kargs,
       ["acc", "uacc", "acc64", "uacc64", "accf", "acch", "accb16", "accd"],
       lambda o: atomics_kinds_ref(dict(kargs, **{"out_" + k: v for k, v in o.items()})))

def atomics_old_ref(a, o):
    n = a["n"]
    x = a["v"][:n].astype(np.int64)
    bi = a["bi"][:n].astype(np.int64)
    o3 = np.where(2 * x > 3 * x, 2 * x, 3 * x)
    bf0, bh0, bd0 = a["bf"][:n], a["bh"][:n], a["bd"][:n]
    xf = x.astype(np.float32) * np.float32(0.25)
    f1 = bf0 + xf
    xh = x.astype(np.float16) * np.float16(0.5)
    h1 = (bh0.astype(np.float64) + xh.astype(np.float64)).astype(np.float16)
    xd = x.astype(np.float64) / 3
    return first(exact(o["oi"][:4 * n], np.concatenate([bi, x, 2 * x, o3]).astype(np.int32)),
                 exact(o["bi"][:n], np.where(o3 == 3 * x, x - 5, o3).astype(np.int32)),
                 exact(o["of"][:3 * n], np.concatenate([bf0, f1, -xf])), exact(o["bf"][:n], xf + np.float32(1)),
                 exact(o["oh"][:2 * n], np.concatenate([bh0, h1])), exact(o["bh"][:n], xh),
                 exact(o["od"][:2 * n], np.concatenate([bd0, bd0 + xd])), exact(o["bd"][:n], xd))

oargs = {"bi": rng.integers(-1000, 1000, 2048).astype(np.int32), "bf": randn(2048), "bh": randn(2048, dtype=np.float16),
         "bd": rng.standard_normal(2048), "v": rng.integers(-1000, 1000, 2048).astype(np.int32),
         "oi": np.zeros(8192, np.int32), "of": np.zeros(6144, np.float32), "oh": np.zeros(4096, np.float16),
         "od": np.zeros(4096, np.float64), "n": 2000}
kernel("numeric-atomics_old", os.path.join(NUM, "atomics_old.ttir"), [64], oargs,
       ["bi", "bf", "bh", "bd", "oi", "of", "oh", "od"], lambda o: atomics_old_ref(oargs, o))

# a row store (which the JIT may leave pending) then a float add to the same
# elements: the atomic sees the stored row
xq = randn(4096)
kernel("numeric-atomics_defer", os.path.join(NUM, "atomics_defer.ttir"), [4], {"x": xq, "y": np.zeros(4096, np.float32)}, ["y"],
       lambda o: exact(o["y"], xq * xq + np.float32(1)))

# i16 and i8 words (16- and 8-bit atomics): add, umin, signed max, and a
# compare-and-swap that swaps the lanes whose value matches, once
v16 = rng.integers(-30000, 30000, 32).astype(np.int16)
v16[v16 == 0] = 5
o16 = v16.copy()
o16[::2] = 0
a16 = rng.integers(-30000, 30000, 16).astype(np.int16)
def atomics_small_ref(o):
    a = a16.astype(np.int64)
    b = np.zeros(8, np.int64)
    for r in range(32):
        j = r % 7
        a[j] += 5 * int(v16[r])
        a[8 + j] = min(a[8 + j] & 0xFFFF, int(v16[r]) & 0xFFFF)
        b[j] = max(b[j], int(np.int8(v16[r] & 0xFF if (v16[r] & 0xFF) < 128 else (v16[r] & 0xFF) - 256)))
    a = ((a + 2**15) % 2**16) - 2**15
    return first(exact(o["a"], a.astype(np.int16)), exact(o["b"], b.astype(np.int8)),
                 exact(o["o"], np.where(np.arange(32) % 2 == 1, v16 ^ 1, 0).astype(np.int16)))
kernel("numeric-atomics_small", os.path.join(NUM, "atomics_small.ttir"), [5],
       {"a": a16, "b": np.zeros(8, np.int8), "v": v16, "o": o16}, ["a", "b", "o"], atomics_small_ref)

GL = 200
kernel("numeric-atomics_lock", os.path.join(NUM, "atomics_lock.ttir"), [GL],
       {"lock": np.zeros(1, np.int32), "count": np.zeros(1, np.int32), "tickets": np.zeros(1, np.int32),
        "slots": np.zeros(GL, np.int32), "total": np.zeros(2, np.int64)}, ["lock", "count", "tickets", "slots", "total"],
       lambda o: first(exact(o["lock"], np.zeros(1, np.int32)), exact(o["count"], np.array([GL], np.int32)),
                       exact(o["tickets"], np.array([GL], np.int32)), exact(o["slots"], np.ones(GL, np.int32)),
                       exact(o["total"], np.array([GL * (GL - 1) // 2, GL - 1], np.int64))))


def covered():
    """every kernel file of the three places is listed above"""
    listed = {os.path.realpath(k[1]) for k in KERNELS}
    files = [os.path.join(ROOT, "samples", "vector_add.ttir")] + glob.glob(os.path.join(NUM, "*.ttir")) + \
        glob.glob(os.path.join(CPU, "*.ttir"))
    missing = sorted(os.path.relpath(f, ROOT) for f in files if os.path.realpath(f) not in listed)
    report("every-kernel-listed", None if not missing else f"no --check case for {missing}")


def check_cases():
    for name, file, grid, args, outputs, check in KERNELS:
        outs = [f"{k}={path(f'{name}-{k}.jit.npy')}" for k in outputs]
        cmd = [file, "--check", "--grid=" + ",".join(map(str, grid))] + arglist(args)
        for o in outs:
            cmd += ["--output", o]
        try:
            rc, out, err = run(cmd)
            lines = [l for l in out.splitlines() if l.startswith("check ")]
            if rc != 0 or err.strip() or sanitizer_report(err):
                report(f"{name}-check", f"exit {rc}: {err.strip()[:1500]} {out[:500]}")
            elif len(lines) != len(outputs) or not all(l.endswith("identical") or ": ok:" in l for l in lines):
                report(f"{name}-check", f"unexpected report: {out[:1500]}")
            else:
                report(f"{name}-check", None)
        except Exception as ex:
            report(f"{name}-check", f"{type(ex).__name__}: {ex}")
        if check is None:
            continue
        # after --ptr-analysis: tts.make_tptr / tts.load / tts.store on the JIT
        if os.path.dirname(os.path.realpath(file)) == os.path.realpath(CPU):
            try:
                pa = path(f"{name}.pa.ttir")
                r = subprocess.run([TTX, file, "--ptr-analysis", "-o", pa], capture_output=True, text=True, timeout=TIMEOUT)
                if r.returncode != 0:
                    raise AssertionError(f"--ptr-analysis: {r.stderr[:1000]}")
                cmd = [pa, "--check", "--grid=" + ",".join(map(str, grid))] + arglist(args)
                for k in outputs:
                    cmd += ["--output", f"{k}={path(f'{name}-{k}.pa.npy')}"]
                rc, out, err = run(cmd)
                if rc != 0 or err.strip():
                    report(f"{name}-ptr-analysis-check", f"exit {rc}: {err.strip()[:1500]} {out[:500]}")
                else:
                    o = {k: np.load(path(f"{name}-{k}.pa.npy")) for k in outputs}
                    report(f"{name}-ptr-analysis-check", check(o))
            except Exception as ex:
                report(f"{name}-ptr-analysis-check", f"{type(ex).__name__}: {ex}")
        # the JIT alone (the default engine) against NumPy, on 1 and 3 threads
        for tag, extra in (("jit", []), ("jit-threads1", ["--threads=1"]), ("jit-threads3", ["--threads", "3"]),
                           ("jit-unchecked", ["--no-bounds-check"])):
            try:
                cmd = [file, "--grid=" + ",".join(map(str, grid))] + extra + arglist(args)
                for k in outputs:
                    cmd += ["--output", f"{k}={path(f'{name}-{k}.{tag}.npy')}"]
                rc, out, err = run(cmd)
                if rc != 0 or err.strip():
                    report(f"{name}-{tag}", f"exit {rc}: {err.strip()[:1500]}")
                    continue
                o = {k: np.load(path(f"{name}-{k}.{tag}.npy")) for k in outputs}
                report(f"{name}-{tag}", check(o))
            except Exception as ex:
                report(f"{name}-{tag}", f"{type(ex).__name__}: {ex}")


def rows_select_code():
    """the C the JIT compiles for rt_select.ttir and for the layer norm Triton
    3.6 prints (../shared/corpus/real-triton): every select of an interval
    mask is a copy of the kept lanes, every tl.zeros start one memset"""
    import re
    cases = [("rt_select", os.path.join(NUM, "rt_select.ttir"), 5, 2,
              ["x=randn:64", "y=zeros:64", "s=zeros:64:i32", "n=10", "lo=3", "off=0", "v=0.5", "iters=2"]),
             ("layernorm", os.path.join(ROOT, "..", "shared", "corpus", "real-triton", "layernorm.ttir"), 1, 2,
              ["X=randn:3x300", "Y=zeros:3x300", "W=randn:300", "B=randn:300", "Mean=zeros:3", "Rstd=zeros:3",
               "stride=300", "N=300", "eps=1e-5"])]
    for name, k, nsel, nzero, args in cases:
        if not os.path.exists(k):
            report(f"rows-select-code-{name}", None)   # the shared corpus is not here
            continue
        dd = path(f"dump-sel-{name}")
        rc, out, err = run([k, "--grid=2", "--check", "--dump-dir=" + dd] + [a for x in args for a in ("--arg", x)])
        cs = glob.glob(os.path.join(dd, "01-*.c"))
        c = open(cs[0]).read() if cs else ""
        sel = len(re.findall(r"/\* arith\.select [^\n]*\n(?:[^\n]*\n){0,14}?[^\n]*if \(ttx_hi > ttx_lo\) memcpy\(", c))
        zero = len(re.findall(r"memset\(v\d+, 0, ", c))
        why = None
        if rc != 0 or "identical" not in out:
            why = f"exit {rc}: {(out + err).strip()[:1500]}"
        elif sel != nsel or zero != nzero:
            why = f"{sel} selects as copies (want {nsel}), {zero} arrays zeroed by memset (want {nzero})"
        report(f"rows-select-code-{name}", why)


def trace_and_dump():
    k = os.path.join(ROOT, "samples", "vector_add.ttir")
    tr, dd = path("t.json"), path("dump/sub")
    rc, out, err = run([k, "--grid=7", "--threads=2", "--trace=" + tr, "--dump-dir=" + dd, "--arg", "arg0=randn:7000",
                        "--arg", "arg1=randn:7000", "--arg", "arg2=zeros:7000", "--arg", "arg3=7000"])
    if rc != 0 or err.strip():
        report("trace", f"exit {rc}: {err.strip()[:1500]}")
        return
    try:
        t = json.load(open(tr))
        ev = [e for e in t["traceEvents"] if e.get("ph") == "X"]
        cats = sorted({e["cat"] for e in ev})
        progs = sorted(p for e in ev if e["cat"] == "chunk" for p in range(e["args"]["first"], e["args"]["end"]))
        why = None
        if cats != ["chunk", "compile", "kernel"]:
            why = f"event categories {cats}"
        elif progs != list(range(7)):
            why = f"the chunks cover programs {progs}"
        elif not any(e["name"] == "add_kernel[7,1,1]" for e in ev):
            why = "no launch event add_kernel[7,1,1]"
        elif any(e["dur"] < 0 or e["ts"] < 0 for e in ev) or t["metadata"]["num_threads"] != 2:
            why = "bad times or metadata"
        report("trace", why)
    except Exception as ex:
        report("trace", f"{type(ex).__name__}: {ex}")
    files = sorted(os.listdir(dd)) if os.path.isdir(dd) else []
    c = open(os.path.join(dd, "01-add_kernel.c")).read() if "01-add_kernel.c" in files else ""
    report("dump-dir", None if files == ["00-input.mlir", "01-add_kernel.c"] and "void ttx_launch" in c and "tt.func" in
           open(os.path.join(dd, "00-input.mlir")).read() else f"files {files}")
    # --repeat: one launch event per run of the grid; --bench: best and median on stderr
    for eng, lines in (("--jit", ["jit"]), ("--interp", ["interp"]), ("--check", ["jit", "interp"])):
        o = path("rep_out.npy")
        threads = [] if eng == "--interp" else ["--threads=2"]   # no effect (an error) with --interp
        rc, out, err = run([k, eng, "--grid=3", "--repeat=4", "--bench"] + threads + ["--trace=" + tr, "--arg",
                            "arg0=ones:2500", "--arg", "arg1=ones:2500", "--arg", "arg2=zeros:2500", "--arg", "arg3=2500",
                            "--output", f"arg2={o}"])
        try:
            t = json.load(open(tr))
            launches = [e for e in t["traceEvents"] if e.get("cat") == "kernel"]
            got = [l.split(":", 1)[1].split(",")[0].strip() for l in err.splitlines() if l.startswith("bench add_kernel[3,1,1]:")]
            ok_lines = all(" 4 launches: best " in l and " ms, median " in l for l in err.splitlines() if l.startswith("bench "))
            y = np.load(o) if rc == 0 else None
            report(f"repeat-bench{eng}", None if rc == 0 and len(launches) == 4 * len(lines) and got == lines and ok_lines
                   and exact(y, np.full(2500, 2, np.float32)) is None else f"exit {rc}: {err[:800]} {len(launches)} launches")
        except Exception as ex:
            report(f"repeat-bench{eng}", f"{type(ex).__name__}: {ex}")
    # the interpreter's trace: one launch event
    rc, out, err = run([k, "--interp", "--grid=1", "--trace=" + tr, "--arg", "arg0=ones:16", "--arg", "arg1=ones:16",
                        "--arg", "arg2=zeros:16", "--arg", "arg3=16"])
    try:
        t = json.load(open(tr))
        ev = [e for e in t["traceEvents"] if e.get("ph") == "X"]
        report("trace-interp", None if rc == 0 and len(ev) == 1 and t["metadata"]["engine"] == "interp" else f"exit {rc}: {err} {ev}")
    except Exception as ex:
        report("trace-interp", f"{type(ex).__name__}: {ex}")


def error_case(name, args, message, no_file=None, rc_want=1):
    try:
        if no_file and os.path.exists(no_file):
            os.unlink(no_file)
        rc, out, err = run(args)
        report(name, error_reason(rc, err, message, no_file, rc_want))
    except Exception as ex:
        report(name, f"{type(ex).__name__}: {ex}")


def write(name, text):
    p = path(name)
    with open(p, "w") as f:
        f.write(text)
    return p


def error_cases():
    k = os.path.join(ROOT, "samples", "vector_add.ttir")
    out = path("e_out.npy")
    good = ["--arg", "arg0=zeros:16", "--arg", "arg1=zeros:16", "--arg", "arg2=zeros:16", "--arg", "arg3=16"]
    error_case("error-threads-zero", [k, "--grid=1", "--threads=0"] + good, "bad --threads '0'")
    error_case("error-threads-text", [k, "--grid=1", "--threads", "many"] + good, "bad --threads 'many'")
    error_case("error-repeat-zero", [k, "--grid=1", "--repeat=0"] + good, "bad --repeat '0'")
    error_case("error-repeat-text", [k, "--grid=1", "--repeat", "x3"] + good, "bad --repeat 'x3'")
    error_case("error-repeat-huge", [k, "--grid=1", "--repeat=1000001"] + good, "bad --repeat '1000001'")
    error_case("error-repeat-missing", [k, "--grid=1"] + good + ["--repeat"], "option '--repeat' needs a value")
    error_case("error-bench-value", [k, "--grid=1", "--bench=3"] + good, "unknown option '--bench=3'")
    # a row that leaves the buffers: the bulk copy is skipped and the element is reported
    error_case("error-jit-oob-row", [os.path.join(NUM, "rt_rows.ttir"), "--grid=2", "--arg", "x=zeros:8x20", "--arg",
                                     "y=zeros:8x20", "--arg", "r=zeros:8x3", "--arg", "stride=21", "--arg", "n=16",
                                     "--arg", "lo=0", "--arg", "m=8"],
               "rt_rows.ttir:36:10: error: tt.load: out-of-bounds access: reads element 160 (byte offset 640) of argument 0, "
               "which holds 160 elements (640 bytes) in program (1, 0, 0)")
    # the division fused into a row store that leaves the buffer: the checked
    # per-element store computes it and reports the first element outside
    error_case("error-jit-oob-fused-store", [os.path.join(NUM, "rt_fused.ttir"), "--grid=5", "--arg", "x=zeros:5x64", "--arg",
                                             "y=zeros:4x64", "--arg", "n=64", "--arg", "off=0"],
               "rt_fused.ttir:39:5: error: tt.store: out-of-bounds access: writes element 256 (byte offset 1024) of argument 1, "
               "which holds 256 elements (1024 bytes) in program (4, 0, 0)")
    # the addition of two rows fused into a store that leaves its buffer
    error_case("error-jit-oob-fused-add-store", [k, "--grid=1", "--arg", "arg0=zeros:32", "--arg", "arg1=zeros:32", "--arg",
                                                 "arg2=zeros:16", "--arg", "arg3=32"],
               "vector_add.ttir:21:5: error: tt.store: out-of-bounds access: writes element 16 (byte offset 64) of argument 2, "
               "which holds 16 elements (64 bytes) in program (0, 0, 0)")
    # tiles loaded through pointer arrays (a row of consecutive pointers is one
    # conversion): a B with too few rows is reported at its load, first element out
    error_case("error-jit-oob-pointer-rows", [os.path.join(CPU, "matmul.ttir"), "--grid=4", "--arg", "arg0=zeros:64x64:f16",
                                              "--arg", "arg1=zeros:60x64:f16", "--arg", "arg2=zeros:64x64:f16"] +
               [a for i in range(3, 9) for a in ("--arg", f"arg{i}=64")],
               "matmul.ttir:73:13: error: tt.load: out-of-bounds access: reads element 3840 (byte offset 7680) of argument 1, "
               "which holds 3840 elements (7680 bytes) in program (0, 0, 0)")
    # a row load that computes the row max, leaving its buffer
    error_case("error-jit-oob-fused-load-max", [os.path.join(NUM, "rt_fused.ttir"), "--grid=5", "--arg", "x=zeros:4x64", "--arg",
                                                "y=zeros:5x64", "--arg", "n=64", "--arg", "off=0"],
               "rt_fused.ttir:21:10: error: tt.load: out-of-bounds access: reads element 256 (byte offset 1024) of argument 0, "
               "which holds 256 elements (1024 bytes) in program (4, 0, 0)")
    error_case("error-trace-unwritable", [k, "--grid=1", "--trace=" + path("nodir/t.json")] + good,
               f"cannot write '{path('nodir/t.json')}'")
    error_case("error-trace-empty", [k, "--grid=1", "--trace="] + good, "needs a file name")
    blocker = write("blocker", "a file, not a directory\n")
    error_case("error-dump-dir", [k, "--grid=1", "--dump-dir=" + blocker + "/d"] + good, "cannot create")
    error_case("error-two-engines", [k, "--grid=1", "--jit", "--interp"] + good, "more than one engine")
    tr = path("e_trace.json")
    error_case("error-jit-out-of-bounds", [k, "--grid=1", "--jit", "--trace=" + tr] + good[:6] +
               ["--arg", "arg3=17", "--output", f"arg2={out}"],
               "vector_add.ttir:14:10: error: tt.load: out-of-bounds access: reads element 16 (byte offset 64) of argument 0, "
               "which holds 16 elements (64 bytes) in program (0, 0, 0)", out)
    report("error-no-trace-after-failure", None if not os.path.exists(tr) else "the trace of a failed run was kept")
    # --grid=2147483647: programs counted in 64 bits; the kernel's own i32
    # pid * 1024 wraps at program 2^21, an out-of-bounds access at the op
    error_case("error-jit-grid-x-max", [os.path.join(CPU, "vector_add.ttir"), "--grid=2147483647", "--arg", "arg0=zeros:8",
                                        "--arg", "arg1=zeros:8", "--arg", "arg2=zeros:8", "--arg", "arg3=8"],
               "vector_add.ttir:15:10: error: tt.load: out-of-bounds access: reads element -2147483648 (byte offset -8589934592) "
               "of argument 0, which holds 8 elements (32 bytes) in program (2097152, 0, 0)")
    # the lowest failing program is reported, whatever the threads
    error_case("error-jit-oob-lowest-program", [k, "--grid=8", "--threads=4"] + good[:6] + ["--arg", "arg3=8192"],
               "in program (0, 0, 0)")
    div = write("div.ttir", """module {
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
    # a division by zero gives RISC-V's result (x / 0 = -1) unless
    # --check-div-by-zero asks for the error, which names the element as the
    # interpreter's does
    error_case("error-jit-division-by-zero", [div, "--grid=2", "--check-div-by-zero", "--arg", "p=zeros:8:int32", "--arg", "d=0",
                                              "--output", f"p={out}"],
               "div.ttir:5:10: error: arith.divsi: division by zero at element [0] in program (0, 0, 0)", out)
    error_case("error-interp-division-by-zero", [div, "--grid=2", "--interp", "--check-div-by-zero", "--arg", "p=zeros:8:int32",
                                                 "--arg", "d=0", "--output", f"p={out}"],
               "div.ttir:5:10: error: arith.divsi: division by zero at element [0] in program (0, 0, 0)", out)
    error_case("error-check-division-by-zero", [div, "--grid=2", "--check", "--check-div-by-zero", "--arg", "p=zeros:8:int32",
                                                "--arg", "d=0", "--output", f"p={out}"],
               "div.ttir:5:10: error: arith.divsi: division by zero at element [0] in program (0, 0, 0)", out)
    for eng in ("--jit", "--interp", "--check"):
        rc, o, err = run([div, "--grid=2", eng, "--arg", "p=zeros:8:int32", "--arg", "d=0", "--output", f"p={out}"])
        got = np.load(out) if rc == 0 and os.path.exists(out) else None
        report(f"divsi-by-zero-gives-minus-one{eng}", None if got is not None and list(got) == [-1] * 8
               else f"exit {rc}: {err} {got}")
    rc, o, err = run([div, "--grid=1", "--check", "--arg", "p=zeros:8:int32", "--arg", "d=-3", "--output", f"p={out}"])
    got = np.load(out) if rc == 0 and os.path.exists(out) else None
    report("jit-divsi-truncates", None if got is not None and list(got) == [0, 0, 0, -1, -1, -1, -2, -2]
           else f"exit {rc}: {err} {got}")
    loop = write("loop.ttir", """module {
  tt.func public @loop(%p: !tt.ptr<i32>, %step: i32) {
    %c0 = arith.constant 0 : i32
    %c10 = arith.constant 10 : i32
    %r = scf.for %i = %c0 to %c10 step %step iter_args(%a = %c0) -> (i32) : i32 {
      %b = arith.addi %a, %i : i32
      scf.yield %b : i32
    }
    tt.store %p, %r : !tt.ptr<i32>
    tt.return
  }
}
""")
    error_case("error-jit-loop-step", [loop, "--grid=1", "--arg", "p=zeros:1:int32", "--arg", "step=0"],
               "loop.ttir:5:10: error: scf.for: the loop step is not positive in program (0, 0, 0)")
    rc, o, err = run([loop, "--grid=1", "--check", "--arg", "p=zeros:1:int32", "--arg", "step=3", "--output", f"p={out}"])
    got = np.load(out) if rc == 0 and os.path.exists(out) else None
    report("jit-scalar-loop", None if got is not None and list(got) == [0 + 3 + 6 + 9] else f"exit {rc}: {err} {got}")
    hist = write("hist.ttir", """module {
  tt.func public @hist(%p: !tt.ptr<i32>, %q: !tt.ptr<i32>) {
    %r = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %s = tt.splat %p : !tt.ptr<i32> -> tensor<8x!tt.ptr<i32>>
    %a = tt.addptr %s, %r : tensor<8x!tt.ptr<i32>>, tensor<8xi32>
    %v = tt.load %a : tensor<8x!tt.ptr<i32>>
    %h = tt.histogram %v : tensor<8xi32> -> tensor<4xi32>
    tt.print " p: " {hex = false, isSigned = array<i32: 0>} : %a : tensor<8x!tt.ptr<i32>>
    %r4 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %qs = tt.splat %q : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
    %qa = tt.addptr %qs, %r4 : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
    tt.store %qa, %h : tensor<4x!tt.ptr<i32>>
    tt.return
  }
}
""")
    hv = save_int("hist_in.npy", [0, 1, 1, 3, 3, 3, 7, -1])
    rc, o, err = run([hist, "--grid=1", "--arg", f"p={hv}", "--arg", "q=zeros:4:int32", "--output", f"q={out}"])
    got = np.load(out) if rc == 0 and os.path.exists(out) else None
    report("fallback-to-interpreter", None if got is not None and list(got) == [1, 2, 0, 3] and
           "hist.ttir:8:5: note: the C target does not support 'tt.print' (printing pointers: the interpreter prints its own buffer numbers); running the kernel on the interpreter" in err
           else f"exit {rc}: {err} {got}")
    error_case("error-check-unsupported", [hist, "--grid=1", "--check", "--arg", f"p={hv}", "--arg", "q=zeros:4:int32"],
               "hist.ttir:8:5: error: the C target does not support 'tt.print' (printing pointers: the interpreter prints its own buffer numbers), so --check cannot compare the engines")


# one program's lines of print.ttir ({p}: its program id), in grid order
PRINT_PROGRAM = """\
pid ({p}, 0, 0) idx (0, 0) v=: 1.5
pid ({p}, 0, 0) idx (0, 1) v=: -2
pid ({p}, 0, 0) idx (1, 0) v=: inf
pid ({p}, 0, 0) idx (1, 1) v=: nan
pid ({p}, 0, 0) idx (0) pid: {p}
pid ({p}, 0, 0) idx (0, 0) hex: 0x3fc00000
pid ({p}, 0, 0) idx (0, 1) hex: 0xc0000000
pid ({p}, 0, 0) idx (1, 0) hex: 0x7f800000
pid ({p}, 0, 0) idx (1, 1) hex: 0x7fc00000
pid ({p}, 0, 0) idx (0) half % "q": 0.0999755859
pid ({p}, 0, 0) idx (1) half % "q": -65504
pid ({p}, 0, 0) idx (0) bits: 1
pid ({p}, 0, 0) idx (1) bits: 0
pid ({p}, 0, 0) idx (0) neg: -2
pid ({p}, 0, 0) idx (1) neg: -1
"""
PRINT_EXPECTED = PRINT_PROGRAM.format(p=0) + PRINT_PROGRAM.format(p=1)


ASSERT_TTIR = """module {
  tt.func public @k_debug_assert(%x: !tt.ptr<i32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %cst = arith.constant dense<100> : tensor<4xi32>
    %i = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %v = tt.splat %x : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
    %v_0 = tt.addptr %v, %i : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
    %v_1 = tt.load %v_0 : tensor<4x!tt.ptr<i32>>
    %0 = arith.cmpi slt, %v_1, %cst : tensor<4xi32>
    tt.assert %0, "too big" : tensor<4xi1>
    tt.return
  }
}
"""


def asserts():
    """tt.assert (tl.device_assert with debug=True, as Triton 3.6 prints it):
    the JIT stops with the interpreter's report, and passes when it holds"""
    k = write("assert.ttir", ASSERT_TTIR)
    bad, good = save_int("assert_bad.npy", [1, 2, 300, 4]), save_int("assert_good.npy", [1, 2, 3, 4])
    msg = "assert.ttir:9:5: error: tt.assert: assertion failed at element [2]: too big in program (0, 0, 0)"
    for tag, eng in (("interp", ["--interp"]), ("jit", []), ("jit-threads1", ["--threads=1"])):
        error_case(f"assert-{tag}", [k, "--grid=3", *eng, "--arg", f"x={bad}"], msg)
        rc, out, err = run([k, "--grid=3", *eng, "--arg", f"x={good}"])
        report(f"assert-holds-{tag}", None if rc == 0 and not err.strip() else f"exit {rc}: {err[:400]}")


def print_lines():
    """tt.print on the interpreter and the JIT (one thread: grid order) prints
    the same lines, and these: Triton's format, f16 at its value, NaN, inf,
    hex bits, a prefix with % and quotes, i1 unsigned, i8 signed"""
    x = np.array([[1.5, -2], [np.inf, np.nan]], np.float32)
    h = np.array([0.1, -65504], np.float16)
    b = np.array([1, 0], np.int32)
    files = []
    for nm, a in (("x", x), ("h", h), ("b", b)):
        files.append(path(f"print_{nm}.npy"))
        np.save(files[-1], a)
    args = ["--grid=2", "--arg", f"x={files[0]}", "--arg", f"h={files[1]}", "--arg", f"b={files[2]}"]
    k = os.path.join(NUM, "print.ttir")
    for tag, eng in (("interp", ["--interp"]), ("jit", ["--threads=1"])):
        rc, out, err = run([k, *eng, *args])
        report(f"print-{tag}", None if rc == 0 and out == PRINT_EXPECTED else f"exit {rc}: {err[:400]}\n{out[:2000]}")


def atomics_threads():
    """the histogram and the spin lock on 16 threads: exact, with --check
    (identical to the interpreter) and over 20 launches on the same buffers;
    the C the JIT ran holds the atomics (no fallback to the interpreter)"""
    hist = os.path.join(NUM, "atomics_hist.ttir")
    ha = arglist({"x": hx, "out": np.zeros(16, np.int32), "n": 8000})
    ref = np.bincount(hx[:8000] % 16, minlength=16).astype(np.int32)
    for tag, extra, times in (("check", ["--check"], 1), ("repeat20", ["--repeat=20"], 20)):
        o = path(f"atomics-hist-16-{tag}.npy")
        rc, out, err = run([hist, "--grid=128", "--threads=16", *extra, *ha, "--output", f"out={o}"])
        ok = rc == 0 and not err.strip() and (tag != "check" or out.strip().endswith("identical"))
        report(f"atomics-hist-threads16-{tag}", exact(np.load(o), ref * times) if ok else f"exit {rc}: {err[:800]} {out[:400]}")
    dd = path("atomics-dump")
    lock = os.path.join(NUM, "atomics_lock.ttir")
    o = path("atomics-lock-16.npy")
    rc, out, err = run([lock, "--grid=1000", "--threads=16", "--dump-dir=" + dd, "--arg", "lock=zeros:1:i32",
                        "--arg", "count=zeros:1:i32", "--arg", "tickets=zeros:1:i32", "--arg", "slots=zeros:1000:i32",
                        "--arg", "total=zeros:2:i64", "--output", f"count={o}"])
    try:
        c = open(os.path.join(dd, "01-atomics_lock.c")).read()
        why = None if rc == 0 and not err.strip() else f"exit {rc}: {err[:800]}"
        why = why or exact(np.load(o), np.array([1000], np.int32))
        why = why or (None if "ttx_at_cas_u32(" in c and "TTX_RT_ATOMICS" in c else "the dumped C has no runtime atomics")
        report("atomics-lock-threads16", why)
    except OSError as ex:
        report("atomics-lock-threads16", f"exit {rc}: {err[:800]} {ex}")


def save_int(name, values):
    p = path(name)
    np.save(p, np.array(values, np.int32))
    return p


BIG_TTIR = """module {
  tt.func public @big(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>) {
    %r = tt.make_range {end = N : i32, start = 0 : i32} : tensor<Nxi32>
    %s = tt.splat %x : !tt.ptr<f32> -> tensor<Nx!tt.ptr<f32>>
    %p = tt.addptr %s, %r : tensor<Nx!tt.ptr<f32>>, tensor<Nxi32>
    %v = tt.load %p : tensor<Nx!tt.ptr<f32>>
    %m = "tt.reduce"(%v) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      tt.reduce.return %t : f32
    }) : (tensor<Nxf32>) -> f32
    tt.store %y, %m : !tt.ptr<f32>
    tt.return
  }
}
"""


def big_tensors():
    """a load and reduce of 2^24 f32 (the C's local arrays need more than the
    64 MiB stack the threads had: exit 139) on the JIT, on 1 and 2 threads;
    2^30 elements, past every engine's limit (2^26), a located error"""
    big = write("big.ttir", BIG_TTIR.replace("N", str(1 << 24)))
    out = path("big-y.npy")
    for extra in ([], ["--threads=2"]):
        rc, o, err = run([big, "--grid=2", "--arg", f"x=ones:{1 << 24}", "--arg", "y=zeros:1", "--output", f"y={out}"] + extra)
        got = np.load(out) if rc == 0 and os.path.exists(out) else None
        report(f"big-tensor-jit{''.join(extra)}", None if got is not None and got[0] == 1 << 24 and not err
               else f"exit {rc}: {err[:500]} {got}")
    huge = write("huge.ttir", BIG_TTIR.replace("N", str(1 << 30)))
    for eng in ("--jit", "--interp", "--check"):
        error_case(f"error-huge-tensor{eng}", [huge, "--grid=1", eng, "--arg", "x=ones:16", "--arg", "y=zeros:1", "--output", f"y={out}"],
                   "huge.ttir:3:10: error: tt.make_range: tensor too large: its result has 1073741824 elements or more, "
                   "the limit is 2^26 (67108864)", out)


def div_zero_gcc_ubsan():
    """div_zero.ttir's --emit=c built by gcc with UBSan: no report, and the
    results of every engine (RISC-V's rule, no undefined behaviour in C)"""
    import shutil
    gcc = shutil.which("gcc")
    if not gcc:
        print("note: gcc not found; div-zero-gcc-ubsan skipped")
        return
    c = path("div_zero.c")
    r = subprocess.run([TTX, "--emit=c", os.path.join(NUM, "div_zero.ttir"), "-o", c], capture_output=True, text=True,
                       timeout=TIMEOUT)
    if r.returncode != 0:
        report("div-zero-gcc-ubsan", f"--emit=c: exit {r.returncode}: {r.stderr[:500]}")
        return
    with open(path("div_zero_main.c"), "w") as f:
        f.write('#include <stdio.h>\n#include "div_zero.c"\n'
                "int main(void) {\n"
                f"    i32 a[16] = {{ {', '.join(map(str, dza))} }}, b[16] = {{ {', '.join(map(str, dzb))} }};\n"
                f"    i64 a64[16] = {{ {', '.join(f'{v}ll' if v != -2**63 else '(-9223372036854775807ll - 1)' for v in dza64)} }};\n"
                f"    i64 b64[16] = {{ {', '.join(map(str, dzb))} }};\n"
                "    i32 o[112] = { 0 }, m[17]; i64 o64[96] = { 0 };\n"
                "    for (int i = 0; i < 17; i++) m[i] = 99;\n"
                "    div_zero(a, b, o, a64, b64, o64, m, 6, 1, 1, 1, 0, 0, 0);\n"
                "    for (int i = 0; i < 112; i++) printf(\"%d\\n\", o[i]);\n"
                "    for (int i = 0; i < 96; i++) printf(\"%lld\\n\", o64[i]);\n"
                "    for (int i = 0; i < 17; i++) printf(\"%d\\n\", m[i]);\n"
                "    return 0;\n}\n")
    exe = path("div_zero_ubsan")
    r = subprocess.run([gcc, "-std=c99", "-O1", "-fsanitize=undefined", "-fno-sanitize-recover=all", "-I", TMP,
                        path("div_zero_main.c"), "-o", exe, "-lm"], capture_output=True, text=True, timeout=TIMEOUT)
    if r.returncode != 0:
        report("div-zero-gcc-ubsan", f"gcc: {r.stderr[:800]}")
        return
    r = subprocess.run([exe], capture_output=True, text=True, timeout=TIMEOUT)
    got = [int(v) for v in r.stdout.split()]
    want = [int(v) for v in dz_o] + [int(v) for v in dz_l] + [int(v) for v in DZ_M6]
    report("div-zero-gcc-ubsan", None if r.returncode == 0 and not r.stderr and got == want
           else f"exit {r.returncode}: {r.stderr[:800]} {got} != {want}")


def main():
    covered()
    div_zero_gcc_ubsan()
    big_tensors()
    check_cases()
    atomics_threads()
    print_lines()
    asserts()
    trace_and_dump()
    rows_select_code()
    error_cases()
    r = subprocess.run([TTX, "run", "--help"], capture_output=True, text=True, timeout=TIMEOUT)
    want = ["--jit", "--interp", "--check", "--check-div-by-zero", "--threads=N", "--trace=FILE.json", "--dump-dir=DIR", "--no-bounds-check",
            "--repeat=N", "--bench"]
    miss = [w for w in want if w not in r.stdout]
    report("run-help-options", None if r.returncode == 0 and not miss else f"missing {miss}")
    return TALLY.close(TMP)


if __name__ == "__main__":
    sys.exit(main())
