"""Triton language features beyond the tutorials, each a kernel launched
through the backend on odd sizes against NumPy: tl.split and tl.join,
tl.gather, tl.histogram with a mask, a noinline helper (tt.call), the layer
norm backward tutorial (a spin lock on tl.atomic_cas, tl.debug_barrier),
tl.sort, tl.associative_scan and tl.reduce with a user combine function,
tl.permute, tl.interleave, tl.flip, tl.xor_sum, tl.cumprod, a batched
tl.dot, an int8 tl.dot, tl.dot with an f16 result, 64-bit integers, bool
stores and a persistent loop over tl.range."""
import inspect

import numpy as np
import pytest
import triton
import triton.language as tl
from triton.language.extra import libdevice
from ttxform.triton import tensor


@triton.jit
def split_join_kernel(x, y, o, p, N: tl.constexpr):
    i = tl.arange(0, N)
    j = tl.join(tl.load(x + i), tl.load(y + i))
    tl.store(o + tl.arange(0, N)[:, None] * 2 + tl.arange(0, 2)[None, :], j)
    u, v = tl.split(j)
    tl.store(p + i, u * 2 - v)


def test_split_join(rng):
    a, b = rng.standard_normal(32, dtype=np.float32), rng.standard_normal(32, dtype=np.float32)
    o, p = np.zeros(64, np.float32), np.zeros(32, np.float32)
    split_join_kernel[(1,)](tensor(a), tensor(b), tensor(o), tensor(p), N=32)
    np.testing.assert_array_equal(o, np.stack([a, b], 1).ravel())
    np.testing.assert_array_equal(p, a * np.float32(2) - b)


@triton.jit
def gather_kernel(x, idx, o, N: tl.constexpr, M: tl.constexpr, AXIS: tl.constexpr):
    r = tl.arange(0, N)[:, None]
    c = tl.arange(0, M)[None, :]
    tl.store(o + r * M + c, tl.gather(tl.load(x + r * M + c), tl.load(idx + r * M + c), AXIS))


@pytest.mark.parametrize("axis", [0, 1])
def test_gather(rng, axis):
    x = rng.standard_normal((8, 16), dtype=np.float32)
    j = rng.integers(0, x.shape[axis], (8, 16)).astype(np.int32)
    o = np.zeros_like(x)
    gather_kernel[(1,)](tensor(x), tensor(j), tensor(o), N=8, M=16, AXIS=axis)
    np.testing.assert_array_equal(o, np.take_along_axis(x, j, axis))


@triton.jit
def histogram_mask_kernel(x, o, n, N: tl.constexpr, B: tl.constexpr):
    i = tl.arange(0, N)
    v = tl.load(x + i, mask=i < n, other=0)
    tl.store(o + tl.arange(0, B), tl.histogram(v, B, mask=i < n))


def test_histogram_mask(rng):
    x = rng.integers(-3, 20, 128).astype(np.int32)
    o = np.zeros(16, np.int32)
    histogram_mask_kernel[(1,)](tensor(x), tensor(o), 101, N=128, B=16)
    k = x[:101]
    np.testing.assert_array_equal(o, np.bincount(k[(k >= 0) & (k < 16)], minlength=16))


@triton.jit(noinline=True)
def scale_shift(a, b):
    return a * b, a - b


@triton.jit
def call_kernel(x, o, N: tl.constexpr):
    i = tl.arange(0, N)
    p, q = scale_shift(tl.load(x), tl.load(x + 1))
    tl.store(o + i, tl.load(x + i) * p + q)


def test_noinline_call(rng):
    x = rng.standard_normal(16, dtype=np.float32)
    o = np.zeros_like(x)
    call_kernel[(1,)](tensor(x), tensor(o), N=16)
    np.testing.assert_allclose(o, x * (x[0] * x[1]) + (x[0] - x[1]), rtol=1e-6)


@triton.jit
def ln_bwd_dx_kernel(DX, DY, DW, DB, X, W, Mean, Rstd, Lock, stride, N,
                     GROUP_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE_N)
    mask = cols < N
    X += row * stride
    DY += row * stride
    DX += row * stride
    lock_id = row % GROUP_SIZE_M
    Lock += lock_id
    Count = Lock + GROUP_SIZE_M
    DW = DW + lock_id * N + cols
    DB = DB + lock_id * N + cols
    x = tl.load(X + cols, mask=mask, other=0).to(tl.float32)
    dy = tl.load(DY + cols, mask=mask, other=0).to(tl.float32)
    w = tl.load(W + cols, mask=mask).to(tl.float32)
    mean = tl.load(Mean + row)
    rstd = tl.load(Rstd + row)
    xhat = tl.where(mask, (x - mean) * rstd, 0.)
    wdy = tl.where(mask, w * dy, 0.)
    c1 = tl.sum(xhat * wdy, axis=0) / N
    c2 = tl.sum(wdy, axis=0) / N
    tl.store(DX + cols, (wdy - (xhat * c1 + c2)) * rstd, mask=mask)
    partial_dw = (dy * xhat).to(w.dtype)
    partial_db = dy.to(w.dtype)
    while tl.atomic_cas(Lock, 0, 1) == 1:
        pass
    count = tl.load(Count)
    if count == 0:
        tl.atomic_xchg(Count, 1)
    else:
        partial_dw += tl.load(DW, mask=mask)
        partial_db += tl.load(DB, mask=mask)
    tl.store(DW, partial_dw, mask=mask)
    tl.store(DB, partial_db, mask=mask)
    tl.debug_barrier()
    tl.atomic_xchg(Lock, 0)


@triton.jit
def ln_bwd_dwdb_kernel(DW, DB, FINAL_DW, FINAL_DB, M, N, BLOCK_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr):
    cols = tl.program_id(0) * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)
    dw = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
    db = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
    for i in range(0, M, BLOCK_SIZE_M):
        rows = i + tl.arange(0, BLOCK_SIZE_M)
        mask = (rows[:, None] < M) & (cols[None, :] < N)
        offs = rows[:, None] * N + cols[None, :]
        dw += tl.load(DW + offs, mask=mask, other=0.)
        db += tl.load(DB + offs, mask=mask, other=0.)
    tl.store(FINAL_DW + cols, tl.sum(dw, axis=0), mask=cols < N)
    tl.store(FINAL_DB + cols, tl.sum(db, axis=0), mask=cols < N)


def test_layer_norm_backward(rng):
    M, N, G = 301, 100, 16
    x = rng.standard_normal((M, N), dtype=np.float32)
    w = rng.standard_normal(N, dtype=np.float32)
    dy = rng.standard_normal((M, N), dtype=np.float32)
    mean = x.mean(1).astype(np.float32)
    rstd = (1 / np.sqrt(x.var(1) + 1e-5)).astype(np.float32)
    locks = np.zeros(2 * G, np.int32)
    pdw, pdb = np.zeros((G, N), np.float32), np.zeros((G, N), np.float32)
    dx = np.zeros_like(x)
    ln_bwd_dx_kernel[(M,)](tensor(dx), tensor(dy), tensor(pdw), tensor(pdb), tensor(x), tensor(w), tensor(mean),
                           tensor(rstd), tensor(locks), N, N, GROUP_SIZE_M=G, BLOCK_SIZE_N=128)
    dw, db = np.zeros(N, np.float32), np.zeros(N, np.float32)
    ln_bwd_dwdb_kernel[(triton.cdiv(N, 32),)](tensor(pdw), tensor(pdb), tensor(dw), tensor(db), G, N,
                                              BLOCK_SIZE_M=32, BLOCK_SIZE_N=32)
    xhat = (x.astype(np.float64) - mean[:, None]) * rstd[:, None]
    wdy = w * dy.astype(np.float64)
    c1 = (xhat * wdy).sum(1, keepdims=True) / N
    c2 = wdy.sum(1, keepdims=True) / N
    np.testing.assert_allclose(dx, (wdy - (xhat * c1 + c2)) * rstd[:, None], rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(dw, (dy * xhat).sum(0), rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(db, dy.astype(np.float64).sum(0), rtol=1e-4, atol=1e-4)
    np.testing.assert_array_equal(locks[:G], 0)


@triton.jit
def _max_combine(a, b):
    return tl.maximum(a, b)


@triton.jit
def sort_scan_kernel(x, s, m, r, N: tl.constexpr, M: tl.constexpr):
    rows = tl.arange(0, N)[:, None]
    cols = tl.arange(0, M)[None, :]
    v = tl.load(x + rows * M + cols)
    tl.store(s + rows * M + cols, tl.sort(v, 1))
    tl.store(m + rows * M + cols, tl.associative_scan(v, 1, _max_combine))
    tl.store(r + tl.arange(0, N), tl.reduce(v, 1, _max_combine))


def test_sort_scan_reduce(rng):
    x = rng.standard_normal((4, 32), dtype=np.float32)
    s, m, r = np.zeros_like(x), np.zeros_like(x), np.zeros(4, np.float32)
    sort_scan_kernel[(1,)](tensor(x), tensor(s), tensor(m), tensor(r), N=4, M=32)
    np.testing.assert_array_equal(s, np.sort(x, 1))
    np.testing.assert_array_equal(m, np.maximum.accumulate(x, 1))
    np.testing.assert_array_equal(r, x.max(1))


@triton.jit
def shapes_kernel(x, y, p, q, f, A: tl.constexpr, B: tl.constexpr, C: tl.constexpr):
    a = tl.arange(0, A)[:, None, None]
    b = tl.arange(0, B)[None, :, None]
    c = tl.arange(0, C)[None, None, :]
    v = tl.load(x + a * B * C + b * C + c)
    c2 = tl.arange(0, C)[:, None, None]
    a2 = tl.arange(0, A)[None, :, None]
    b2 = tl.arange(0, B)[None, None, :]
    tl.store(p + c2 * A * B + a2 * B + b2, tl.permute(v, (2, 0, 1)))
    i = tl.arange(0, C)
    u = tl.load(x + i)
    w = tl.load(y + i)
    tl.store(q + tl.arange(0, 2 * C), tl.interleave(u, w))
    tl.store(f + i, tl.flip(u, 0))


def test_permute_interleave_flip(rng):
    x = rng.standard_normal((2, 4, 8), dtype=np.float32)
    y = rng.standard_normal(8, dtype=np.float32)
    p, q, f = np.zeros(64, np.float32), np.zeros(16, np.float32), np.zeros(8, np.float32)
    shapes_kernel[(1,)](tensor(x), tensor(y), tensor(p), tensor(q), tensor(f), A=2, B=4, C=8)
    np.testing.assert_array_equal(p, x.transpose(2, 0, 1).ravel())
    np.testing.assert_array_equal(q, np.stack([x.ravel()[:8], y], 1).ravel())
    np.testing.assert_array_equal(f, x.ravel()[:8][::-1])


@triton.jit
def int_kernel(x, c, o, N: tl.constexpr):
    i = tl.arange(0, N)
    v = tl.load(x + i)
    tl.store(o, tl.xor_sum(v, 0))
    tl.store(c + i, tl.cumprod(v % 5 + 1, 0, reverse=True))


def test_xor_sum_cumprod(rng):
    x = rng.integers(0, 1000, 64).astype(np.int32)
    c, o = np.zeros(64, np.int32), np.zeros(1, np.int32)
    int_kernel[(1,)](tensor(x), tensor(c), tensor(o), N=64)
    assert o[0] == np.bitwise_xor.reduce(x)
    with np.errstate(over="ignore"):
        np.testing.assert_array_equal(c, np.cumprod((x % 5 + 1)[::-1], dtype=np.int32)[::-1])


@triton.jit
def dots_kernel(a, b, c, i8a, i8b, i8c, ha, hb, hc,
                NB: tl.constexpr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    bb = tl.arange(0, NB)[:, None, None]
    m3 = tl.arange(0, M)[None, :, None]
    k3 = tl.arange(0, K)[None, None, :]
    kk = tl.arange(0, K)[None, :, None]
    n3 = tl.arange(0, N)[None, None, :]
    A = tl.load(a + bb * M * K + m3 * K + k3)
    B = tl.load(b + bb * K * N + kk * N + n3)
    tl.store(c + bb * M * N + m3 * N + n3, tl.dot(A, B))
    m = tl.arange(0, M)[:, None]
    n = tl.arange(0, N)[None, :]
    k = tl.arange(0, K)
    tl.store(i8c + m * N + n, tl.dot(tl.load(i8a + m * K + k[None, :]), tl.load(i8b + k[:, None] * N + n)))
    hd = tl.dot(tl.load(ha + m * K + k[None, :]), tl.load(hb + k[:, None] * N + n), out_dtype=tl.float16)
    tl.store(hc + m * N + n, hd)


def test_dots(rng):
    a = rng.standard_normal((2, 16, 32), dtype=np.float32)
    b = rng.standard_normal((2, 32, 16), dtype=np.float32)
    ia = rng.integers(-128, 128, (16, 32)).astype(np.int8)
    ib = rng.integers(-128, 128, (32, 16)).astype(np.int8)
    ha = (rng.random((16, 32)) / 4).astype(np.float16)
    hb = (rng.random((32, 16)) / 4).astype(np.float16)
    c, ic, hc = np.zeros((2, 16, 16), np.float32), np.zeros((16, 16), np.int32), np.zeros((16, 16), np.float16)
    dots_kernel[(1,)](tensor(a), tensor(b), tensor(c), tensor(ia), tensor(ib), tensor(ic), tensor(ha), tensor(hb),
                      tensor(hc), NB=2, M=16, N=16, K=32)
    np.testing.assert_allclose(c, a.astype(np.float64) @ b, rtol=1e-5, atol=1e-5)
    np.testing.assert_array_equal(ic, ia.astype(np.int32) @ ib.astype(np.int32))
    np.testing.assert_allclose(hc.astype(np.float32), ha.astype(np.float32) @ hb.astype(np.float32),
                               rtol=2e-3, atol=2e-3)


@triton.jit
def wide_kernel(x, u, o, uo, b, N: tl.constexpr):
    pid = tl.program_id(0).to(tl.int64)
    i = pid * N + tl.arange(0, N)
    v = tl.load(x + i)
    tl.store(o + i, v * 3_000_000_000 + (v < 0).to(tl.int64))
    w = tl.load(u + i)
    tl.store(uo + i, (w >> 60) + (w << 3) + w // 3)
    tl.store(b + i, v > 0)


def test_64_bit_and_bool(rng):
    x = rng.integers(-2**40, 2**40, 96).astype(np.int64)
    u = rng.integers(0, 2**63, 96, dtype=np.uint64) * np.uint64(2) + np.uint64(1)
    o, uo, b = np.zeros_like(x), np.zeros_like(u), np.zeros(96, np.bool_)
    wide_kernel[(3,)](tensor(x), tensor(u), tensor(o), tensor(uo), tensor(b), N=32)
    np.testing.assert_array_equal(o, x * 3_000_000_000 + (x < 0))
    with np.errstate(over="ignore"):
        np.testing.assert_array_equal(uo, (u >> np.uint64(60)) + (u << np.uint64(3)) + u // np.uint64(3))
    np.testing.assert_array_equal(b, x > 0)


@triton.jit
def persistent_kernel(x, o, tiles, N: tl.constexpr):
    for s in tl.range(tl.program_id(0), tiles, tl.num_programs(0), num_stages=2):
        i = s * N + tl.arange(0, N)
        tl.store(o + i, tl.load(x + i) * 3)


def test_persistent_range(rng):
    x = rng.standard_normal(17 * 8, dtype=np.float32)
    o = np.zeros_like(x)
    persistent_kernel[(3,)](tensor(x), tensor(o), 17, N=8)
    np.testing.assert_array_equal(o, x * np.float32(3))


@triton.jit
def assert_kernel(x, N: tl.constexpr):
    i = tl.arange(0, N)
    tl.device_assert(tl.load(x + i) < 100, "too big")


def test_device_assert_raises():
    """with debug=True a false tl.device_assert raises KernelError at the
    user's line (with the element and the program); it holds: no error"""
    from ttxform.triton import KernelError
    lines, first = inspect.getsourcelines(assert_kernel.fn)
    line = first + next(i for i, t in enumerate(lines) if "tl.device_assert" in t)
    x = np.array([1, 2, 300, 4], np.int32)
    with pytest.raises(KernelError) as e:
        assert_kernel[(3,)](tensor(x), N=4, debug=True)
    msg = str(e.value)
    assert msg.startswith(f"{__file__}:{line}:"), msg
    assert "tt.assert: assertion failed at element [2]: too big in program (" in msg, msg
    assert_kernel[(3,)](tensor(np.array([1, 2, 3, 4], np.int32)), N=4, debug=True)
    assert_kernel[(3,)](tensor(x), N=4)   # without debug Triton drops the assertion


def test_gather_out_of_range_raises(rng):
    from ttxform.triton import KernelError
    x = rng.standard_normal((8, 16), dtype=np.float32)
    j = rng.integers(0, 16, (8, 16)).astype(np.int32)
    j[2, 3] = 16
    with pytest.raises(KernelError, match=r"tt\.gather: an index is out of range in program \(0, 0, 0\)"):
        gather_kernel[(1,)](tensor(x), tensor(j), tensor(np.zeros_like(x)), N=8, M=16, AXIS=1)
    j[2, 3] = 0   # the kernel's next launch is not affected by the last one's failure
    o = np.zeros_like(x)
    gather_kernel[(1,)](tensor(x), tensor(j), tensor(o), N=8, M=16, AXIS=1)
    np.testing.assert_array_equal(o, np.take_along_axis(x, j, 1))


@triton.jit
def libdevice_kernel(x, o, N: tl.constexpr):
    i = tl.arange(0, N)
    v = tl.load(x + i)
    t = libdevice.tanh(0.7978845608 * (v + 0.044715 * v * v * v))
    tl.store(o + i, 0.5 * v * (1 + t) + libdevice.erf(v) + libdevice.pow(v, 2.0))


def test_libdevice(rng):
    """triton.language.extra.libdevice (GELU's tanh, erf, pow), as Liger's kernels import it"""
    import math
    x = rng.standard_normal(100, dtype=np.float32)
    o = np.zeros(128, np.float32)
    libdevice_kernel[(1,)](tensor(np.pad(x, (0, 28))), tensor(o), N=128)
    d = x.astype(np.float64)
    ref = 0.5 * d * (1 + np.tanh(0.7978845608 * (d + 0.044715 * d ** 3))) + np.vectorize(math.erf)(d) + d ** 2
    np.testing.assert_allclose(o[:100], ref, rtol=1e-5, atol=1e-6)
