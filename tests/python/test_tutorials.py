"""The tutorials' kernels on the CPU backend, on odd sizes, against NumPy."""
import numpy as np
import pytest
import triton
from kernels import (
    add_kernel,
    check_layer_norm,
    layer_norm_case,
    layer_norm_fwd_fused,
    matmul_kernel,
    scale_kernel,
    softmax_kernel,
)
from ttxform.triton import CPUDriver, tensor


def test_driver_is_cpu():
    assert isinstance(triton.runtime.driver.active, CPUDriver)
    t = triton.runtime.driver.active.get_current_target()
    assert t.backend == "cpu"


@pytest.mark.parametrize("n", [1, 98, 1024, 10007])
def test_vector_add(rng, n):
    x = rng.random(n, dtype=np.float32)
    y = rng.random(n, dtype=np.float32)
    out = np.full_like(x, -1.0)
    grid = lambda meta: (triton.cdiv(n, meta["BLOCK_SIZE"]),)  # noqa: E731 (as the tutorial)
    k = add_kernel[grid](tensor(x), tensor(y), tensor(out), n, BLOCK_SIZE=1024)
    np.testing.assert_array_equal(out, x + y)
    assert "tt.func public @add_kernel" in k.asm["ttir"]
    assert "void add_kernel(" in k.asm["c"]
    assert k.metadata.name == "add_kernel"


@pytest.mark.parametrize("shape", [(1, 7), (97, 781), (64, 1024)])
def test_fused_softmax(rng, shape):
    x = rng.standard_normal(shape, dtype=np.float32)
    y = np.zeros_like(x)
    n_rows, n_cols = shape
    block = triton.next_power_of_2(n_cols)
    softmax_kernel[(min(n_rows, 8),)](tensor(y), tensor(x), x.strides[0] // 4, y.strides[0] // 4, n_rows, n_cols,
                                      BLOCK_SIZE=block, num_stages=2, num_warps=4)
    e = np.exp(x - x.max(axis=1, keepdims=True))
    np.testing.assert_allclose(y, e / e.sum(axis=1, keepdims=True), rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("M,N", [(3, 100), (37, 1151)])
def test_layer_norm_forward(rng, M, N):
    x, w, b, y, mean, rstd = layer_norm_case(rng, M, N)
    eps = 1e-5
    block = min(1024, triton.next_power_of_2(N))
    layer_norm_fwd_fused[(M,)](tensor(x), tensor(y), tensor(w), tensor(b), tensor(mean), tensor(rstd),
                               x.strides[0] // 4, N, eps, BLOCK_SIZE=block, num_warps=8)
    check_layer_norm(x, w, b, y, mean, rstd, eps)


def _matmul(a, b, c, bm, bn, bk):
    M, K = a.shape
    _, N = b.shape
    grid = lambda meta: (triton.cdiv(M, meta["BLOCK_SIZE_M"]) * triton.cdiv(N, meta["BLOCK_SIZE_N"]),)  # noqa: E731
    isz = a.itemsize
    matmul_kernel[grid](tensor(a), tensor(b), tensor(c), M, N, K,
                        a.strides[0] // isz, a.strides[1] // isz, b.strides[0] // isz, b.strides[1] // isz,
                        c.strides[0] // c.itemsize, c.strides[1] // c.itemsize,
                        BLOCK_SIZE_M=bm, BLOCK_SIZE_N=bn, BLOCK_SIZE_K=bk, GROUP_SIZE_M=4, num_stages=3)


@pytest.mark.parametrize("M,N,K", [(64, 64, 64), (75, 129, 67), (1, 33, 5)])
def test_matmul_f32(rng, M, N, K):
    a = rng.standard_normal((M, K), dtype=np.float32)
    b = rng.standard_normal((K, N), dtype=np.float32)
    c = np.zeros((M, N), np.float32)
    _matmul(a, b, c, 32, 32, 16)
    np.testing.assert_allclose(c, a @ b, rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("M,N,K", [(64, 64, 64), (75, 129, 67)])
def test_matmul_f16(rng, M, N, K):
    a = rng.standard_normal((M, K)).astype(np.float16)
    b = rng.standard_normal((K, N)).astype(np.float16)
    c = np.zeros((M, N), np.float16)
    _matmul(a, b, c, 32, 32, 32)
    ref = (a.astype(np.float32) @ b.astype(np.float32)).astype(np.float16)
    np.testing.assert_allclose(c.astype(np.float32), ref.astype(np.float32), rtol=1e-2, atol=1e-2)


def test_scalars_and_none(rng):
    n = 300
    x = rng.random(n, dtype=np.float32)
    bias = rng.random(n, dtype=np.float32)
    out = np.zeros_like(x)
    scale_kernel[(triton.cdiv(n, 128),)](tensor(x), tensor(out), None, n, 2.5, BLOCK=128)
    np.testing.assert_allclose(out, x * 2.5, rtol=1e-6)
    scale_kernel[(triton.cdiv(n, 128),)](tensor(x), tensor(out), tensor(bias), n, -0.5, BLOCK=128)
    np.testing.assert_allclose(out, x * -0.5 + bias, rtol=1e-6)
    # alpha == 1 is specialised to a constexpr by Triton
    scale_kernel[(triton.cdiv(n, 128),)](tensor(x), tensor(out), None, n, 1, BLOCK=128)
    np.testing.assert_allclose(out, x, rtol=1e-6)


def test_grid_on_threads(rng):
    """a 2-D grid of many programs: each block written exactly once"""
    n = 1 << 16
    x = rng.random(n, dtype=np.float32)
    y = rng.random(n, dtype=np.float32)
    out = np.zeros_like(x)
    add_kernel[(n // 64,)](tensor(x), tensor(y), tensor(out), n, BLOCK_SIZE=64)
    np.testing.assert_array_equal(out, x + y)


def test_do_bench(rng):
    n = 4096
    x = rng.random(n, dtype=np.float32)
    y = rng.random(n, dtype=np.float32)
    out = np.zeros_like(x)
    args = (tensor(x), tensor(y), tensor(out), n)
    ms = triton.testing.do_bench(lambda: add_kernel[(4,)](*args, BLOCK_SIZE=1024), warmup=5, rep=20)
    assert 0 < ms < 1000
    lo, mid, hi = triton.testing.do_bench(lambda: add_kernel[(4,)](*args, BLOCK_SIZE=1024), warmup=5, rep=20,
                                          quantiles=[0.2, 0.5, 0.8])
    assert 0 < lo <= mid <= hi
    np.testing.assert_array_equal(out, x + y)
