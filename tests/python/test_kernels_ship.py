"""The kernels of kernels_ship.py against NumPy, on odd sizes."""
import math

import numpy as np
import pytest
import triton
from kernels_ship import casts_kernel, cross_entropy_kernel, dot_kernel, geglu_kernel, rand_kernel, trans_kernel
from ttxform.triton import tensor


def test_cross_entropy(rng):
    M, N = 37, 1000
    x = (rng.standard_normal((M, N)) * 3).astype(np.float32)
    t = rng.integers(0, N, M).astype(np.int64)
    loss = np.zeros(M, np.float32)
    cross_entropy_kernel[(M,)](tensor(x), tensor(t), tensor(loss), N, N, BLOCK=1024)
    xd = x.astype(np.float64)
    m = xd.max(axis=1)
    want = m + np.log(np.exp(xd - m[:, None]).sum(axis=1)) - xd[np.arange(M), t]
    np.testing.assert_allclose(loss, want, rtol=1e-5, atol=1e-5)


def test_geglu(rng):
    n = 3001
    a = rng.standard_normal(n, dtype=np.float32)
    b = rng.standard_normal(n, dtype=np.float32)
    out = np.zeros_like(a)
    geglu_kernel[(triton.cdiv(n, 512),)](tensor(a), tensor(b), tensor(out), n, BLOCK=512)
    erf = np.vectorize(math.erf)
    want = 0.5 * a * (1 + erf(a.astype(np.float64) / math.sqrt(2))) * b
    np.testing.assert_allclose(out, want, rtol=1e-5, atol=1e-6)


def philox(seed: int, offs: np.ndarray) -> np.ndarray:
    """Triton's tl.randint: ten Philox-4x32 rounds on (offset, 0, 0, 0) with
    the seed's halves as the key; the first word"""
    m32 = np.uint64(0xFFFFFFFF)
    c0 = offs.astype(np.uint64) & m32
    c1 = np.zeros_like(c0)
    c2 = np.zeros_like(c0)
    c3 = np.zeros_like(c0)
    k0 = np.uint64(seed & 0xFFFFFFFF)
    k1 = np.uint64((seed >> 32) & 0xFFFFFFFF)
    A, B = np.uint64(0xD2511F53), np.uint64(0xCD9E8D57)
    for _ in range(10):
        pa, pb = A * c0, B * c2
        c0, c1, c2, c3 = (pb >> np.uint64(32)) ^ c1 ^ k0, pb & m32, (pa >> np.uint64(32)) ^ c3 ^ k1, pa & m32
        k0 = (k0 + np.uint64(0x9E3779B9)) & m32
        k1 = (k1 + np.uint64(0xBB67AE85)) & m32
    return c0.astype(np.uint32)


def test_rand_is_triton_philox():
    """tl.randint bit for bit and tl.rand as Triton maps it to [0, 1)"""
    n, seed = 5000, 0x1234_5678_9ABC
    out = np.zeros(n, np.float32)
    bits = np.zeros(n, np.int32)
    rand_kernel[(triton.cdiv(n, 1024),)](tensor(out), tensor(bits), n, seed, BLOCK=1024)
    want = philox(seed, np.arange(n)).view(np.int32)
    np.testing.assert_array_equal(bits, want)
    w = np.where(want < 0, -want.astype(np.int64) - 1, want).astype(np.int32)
    np.testing.assert_array_equal(out, w.astype(np.float32) * np.float32(4.6566127342e-10))
    assert 0 <= out.min() and out.max() < 1


def bf16_bits(x: np.ndarray) -> np.ndarray:
    """f32 to bf16 rounding to nearest even, as its 16 bits"""
    u = x.view(np.uint32).astype(np.uint64)
    return ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)


def test_bf16_f16_int8_casts(rng):
    n = 1111
    x = (rng.standard_normal(n) * 100).astype(np.float32)
    i8 = rng.integers(-128, 128, n).astype(np.int8)
    f16 = rng.standard_normal(n).astype(np.float16)
    bits = np.zeros(n, np.uint16)
    back = np.zeros(n, np.float32)
    casts_kernel[(triton.cdiv(n, 256),)](tensor(x), tensor(i8), tensor(f16), tensor(bits), tensor(back), n,
                                         BLOCK=256)
    want = bf16_bits(x)
    np.testing.assert_array_equal(bits, want)
    b32 = (want.astype(np.uint32) << 16).view(np.float32)
    np.testing.assert_array_equal(back, b32 + i8.astype(np.float32) + f16.astype(np.float32))


@pytest.mark.parametrize("dtype", [np.float32, np.float16])
def test_dot(rng, dtype):
    M, N, K = 45, 37, 70
    a = rng.standard_normal((M, K)).astype(dtype)
    b = rng.standard_normal((K, N)).astype(dtype)
    c = np.zeros((M, N), dtype)
    dot_kernel[(triton.cdiv(M, 16), triton.cdiv(N, 16))](tensor(a), tensor(b), tensor(c), M, N, K,
                                                        BM=16, BN=16, BK=16)
    want = a.astype(np.float64) @ b.astype(np.float64)
    tol = 1e-4 if dtype == np.float32 else 2e-2
    np.testing.assert_allclose(c.astype(np.float64), want, rtol=tol, atol=tol)


def test_trans_with_masks(rng):
    M, N = 29, 51
    x = rng.standard_normal((M, N), dtype=np.float32)
    y = np.full((N, M), -1, np.float32)
    trans_kernel[(triton.cdiv(M, 16), triton.cdiv(N, 16))](tensor(x), tensor(y), M, N, BM=16, BN=16)
    np.testing.assert_array_equal(y, x.T)
