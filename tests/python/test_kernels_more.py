"""Kernels of the kinds people ship, on odd sizes, against NumPy."""
import numpy as np
import pytest
import triton
from kernels_more import (
    argmax_kernel,
    attn_fwd_kernel,
    cast_kernel,
    cumsum_kernel,
    dropout_kernel,
    histogram_kernel,
    relu_where_kernel,
    rms_norm_kernel,
    rotary_kernel,
    swiglu_kernel,
    transpose_kernel,
)
from ttxform.triton import tensor


def test_rms_norm(rng):
    M, N = 13, 300
    x = rng.standard_normal((M, N), dtype=np.float32)
    w = rng.random(N, dtype=np.float32)
    y = np.zeros_like(x)
    rms_norm_kernel[(M,)](tensor(x), tensor(w), tensor(y), N, N, 1e-6, BLOCK=512)
    ref = x / np.sqrt((x * x).mean(axis=1, keepdims=True) + 1e-6) * w
    np.testing.assert_allclose(y, ref, rtol=1e-5, atol=1e-5)


def test_swiglu(rng):
    n = 1000
    a = rng.standard_normal(n, dtype=np.float32)
    b = rng.standard_normal(n, dtype=np.float32)
    out = np.zeros_like(a)
    swiglu_kernel[(triton.cdiv(n, 256),)](tensor(a), tensor(b), tensor(out), n, BLOCK=256)
    np.testing.assert_allclose(out, a / (1 + np.exp(-a)) * b, rtol=1e-5, atol=1e-6)


def test_rotary(rng):
    rows, half = 7, 32
    x = rng.standard_normal((rows, 2 * half), dtype=np.float32)
    ang = rng.random((rows, half), dtype=np.float32) * 6
    c, s = np.cos(ang).astype(np.float32), np.sin(ang).astype(np.float32)
    out = np.zeros_like(x)
    rotary_kernel[(rows,)](tensor(x), tensor(c), tensor(s), tensor(out), 2 * half, HALF=half)
    x1, x2 = x[:, :half], x[:, half:]
    np.testing.assert_allclose(out, np.concatenate([x1 * c - x2 * s, x1 * s + x2 * c], axis=1), rtol=1e-5, atol=1e-6)


def test_cumsum(rng):
    M, N = 5, 100
    x = rng.standard_normal((M, N), dtype=np.float32)
    out = np.zeros_like(x)
    cumsum_kernel[(M,)](tensor(x), tensor(out), N, BLOCK=128)
    np.testing.assert_allclose(out, np.cumsum(x, axis=1), rtol=1e-4, atol=1e-4)


def test_argmax(rng):
    M, N = 9, 333
    x = rng.standard_normal((M, N), dtype=np.float32)
    out = np.zeros(M, np.int32)
    argmax_kernel[(M,)](tensor(x), tensor(out), N, BLOCK=512)
    np.testing.assert_array_equal(out, x.argmax(axis=1))


def test_transpose(rng):
    M, N = 45, 70
    x = rng.standard_normal((M, N), dtype=np.float32)
    y = np.zeros((N, M), np.float32)
    transpose_kernel[(triton.cdiv(M, 16), triton.cdiv(N, 32))](tensor(x), tensor(y), M, N, BM=16, BN=32)
    np.testing.assert_array_equal(y, x.T)


def test_casts(rng):
    n = 500
    x = np.clip(rng.standard_normal(n) * 50, -128.9, 127.9).astype(np.float32)
    i8 = np.zeros(n, np.int8)
    f16 = np.zeros(n, np.float16)
    cast_kernel[(triton.cdiv(n, 128),)](tensor(x), tensor(i8), tensor(f16), n, BLOCK=128)
    np.testing.assert_array_equal(i8, np.trunc(x).astype(np.int8))
    np.testing.assert_array_equal(f16, x.astype(np.float16))


def test_cast_out_of_range_raises(rng):
    """a float that does not fit int8 (a GPU saturates it, C leaves it
    undefined): KernelError at the cast's line, as `ttxform run` reports it"""
    from ttxform.triton import KernelError
    x = np.array([1.5, 130.0, -3.0, 4.0], np.float32)
    with pytest.raises(KernelError, match=r"kernels_more\.py:\d+:\d+: arith\.fptosi: a value does not fit the "
                                          r"result type in program \(0, 0, 0\)"):
        cast_kernel[(1,)](tensor(x), tensor(np.zeros(4, np.int8)), tensor(np.zeros(4, np.float16)), 4, BLOCK=4)


def test_where(rng):
    n = 777
    x = rng.standard_normal(n, dtype=np.float32)
    out = np.zeros_like(x)
    relu_where_kernel[(triton.cdiv(n, 256),)](tensor(x), tensor(out), n, BLOCK=256)
    np.testing.assert_allclose(out, np.where(x > 0, x, np.float32(0.1) * x), rtol=1e-6)


def test_atomic_histogram(rng):
    """tl.atomic_add with its result unused, over many programs on the thread
    pool: every count exact"""
    n, bins = 300000, 16
    x = rng.integers(0, bins, n).astype(np.int32)
    hist = np.zeros(bins, np.int32)
    histogram_kernel[(triton.cdiv(n, 256),)](tensor(x), tensor(hist), n, BLOCK=256)
    np.testing.assert_array_equal(hist, np.bincount(x, minlength=bins))


def test_dropout(rng):
    n, p = 4096, 0.3
    x = rng.random(n, dtype=np.float32) + 1
    out = np.zeros_like(x)
    dropout_kernel[(triton.cdiv(n, 1024),)](tensor(x), tensor(out), n, p, 123, BLOCK=1024)
    kept = out != 0
    assert 0.6 < kept.mean() < 0.8
    np.testing.assert_allclose(out[kept], x[kept] / (1 - p), rtol=1e-6)


def test_flash_attention_forward(rng):
    n_ctx, head = 100, 32
    q = rng.standard_normal((n_ctx, head), dtype=np.float32)
    k = rng.standard_normal((n_ctx, head), dtype=np.float32)
    v = rng.standard_normal((n_ctx, head), dtype=np.float32)
    o = np.zeros_like(q)
    scale = 1 / np.sqrt(head)
    attn_fwd_kernel[(triton.cdiv(n_ctx, 32),)](tensor(q), tensor(k), tensor(v), tensor(o), n_ctx, scale,
                                               BLOCK_M=32, BLOCK_N=32, HEAD=head)
    s = q @ k.T * scale
    p = np.exp(s - s.max(axis=1, keepdims=True))
    np.testing.assert_allclose(o, (p / p.sum(axis=1, keepdims=True)) @ v, rtol=1e-4, atol=1e-4)
