"""The cc="tcc" option: the kernel's C compiled by the Tiny C Compiler, with
the same bits as the system compiler's shared object and as NumPy.  Skipped
when tcc is not installed."""
import shutil

import numpy as np
import pytest
import triton
from kernels import add_kernel, check_layer_norm, layer_norm_case, layer_norm_fwd_fused, matmul_kernel, softmax_kernel
from kernels_more import histogram_kernel
from ttxform.triton import tensor

pytestmark = pytest.mark.skipif(shutil.which("tcc") is None, reason="tcc is not installed (apt-get install tcc)")


def both(launch):
    """launch(cc) with the system compiler and with tcc: the kernels and the
    arrays each wrote"""
    k_cc, out_cc = launch("")
    k_tcc, out_tcc = launch("tcc")
    assert k_tcc.metadata.cc == "tcc" and k_cc.metadata.cc == ""
    assert b"GCC: (" not in k_tcc.asm["so"], "the tcc kernel was built by GCC"
    assert k_tcc.asm["c"] == k_cc.asm["c"]
    for a, b in zip(out_cc, out_tcc, strict=True):
        np.testing.assert_array_equal(a.view(np.uint8), b.view(np.uint8))
    return out_tcc


def test_vector_add(rng):
    n = 10007
    x = rng.random(n, dtype=np.float32)
    y = rng.random(n, dtype=np.float32)

    def launch(cc):
        out = np.full_like(x, -1.0)
        k = add_kernel[(triton.cdiv(n, 1024),)](tensor(x), tensor(y), tensor(out), n, BLOCK_SIZE=1024, cc=cc)
        return k, [out]

    (out,) = both(launch)
    np.testing.assert_array_equal(out, x + y)


def test_softmax(rng):
    x = rng.standard_normal((97, 781), dtype=np.float32)

    def launch(cc):
        y = np.zeros_like(x)
        k = softmax_kernel[(8,)](tensor(y), tensor(x), x.strides[0] // 4, y.strides[0] // 4, 97, 781,
                                 BLOCK_SIZE=1024, num_stages=2, cc=cc)
        return k, [y]

    (y,) = both(launch)
    e = np.exp(x - x.max(axis=1, keepdims=True))
    np.testing.assert_allclose(y, e / e.sum(axis=1, keepdims=True), rtol=1e-5, atol=1e-6)


def test_layer_norm(rng):
    M, N = 37, 1151
    x, w, b, _, _, _ = layer_norm_case(rng, M, N)

    def launch(cc):
        _, _, _, y, mean, rstd = layer_norm_case(rng, M, N)
        k = layer_norm_fwd_fused[(M,)](tensor(x), tensor(y), tensor(w), tensor(b), tensor(mean), tensor(rstd),
                                       x.strides[0] // 4, N, 1e-5, BLOCK_SIZE=1024, cc=cc)
        return k, [y, mean, rstd]

    y, mean, rstd = both(launch)
    check_layer_norm(x, w, b, y, mean, rstd, 1e-5)


@pytest.mark.parametrize("dtype", [np.float32, np.float16])
def test_matmul(rng, dtype):
    M, N, K = 75, 129, 67
    a = rng.standard_normal((M, K)).astype(dtype)
    b = rng.standard_normal((K, N)).astype(dtype)

    def launch(cc):
        c = np.zeros((M, N), dtype)
        grid = (triton.cdiv(M, 32) * triton.cdiv(N, 32),)
        k = matmul_kernel[grid](tensor(a), tensor(b), tensor(c), M, N, K, K, 1, N, 1, N, 1,
                                BLOCK_SIZE_M=32, BLOCK_SIZE_N=32, BLOCK_SIZE_K=16, GROUP_SIZE_M=4, cc=cc)
        assert "ttx_fma32(" in k.asm["c"]   # the dot's fused multiply-add, as tcc_source handles it
        return k, [c]

    (c,) = both(launch)
    ref = a.astype(np.float32) @ b.astype(np.float32)
    tol = 1e-4 if dtype == np.float32 else 1e-2
    np.testing.assert_allclose(c.astype(np.float32), ref.astype(dtype).astype(np.float32), rtol=tol, atol=tol)


def test_atomic_histogram(rng):
    n, bins = 300000, 16
    x = rng.integers(0, bins, n).astype(np.int32)

    def launch(cc):
        hist = np.zeros(bins, np.int32)
        k = histogram_kernel[(triton.cdiv(n, 256),)](tensor(x), tensor(hist), n, BLOCK=256, cc=cc)
        return k, [hist]

    (hist,) = both(launch)
    np.testing.assert_array_equal(hist, np.bincount(x, minlength=bins))


def test_bad_cc_value():
    x = np.zeros(4, np.float32)
    with pytest.raises(ValueError, match="the C compiler is '' .* or 'tcc'"):
        add_kernel[(1,)](tensor(x), tensor(x), tensor(x), 4, BLOCK_SIZE=4, cc="clang")


def test_matmul_one_rounding():
    """1 + a * b where the sum rounded to double is a tie between two floats:
    a fused multiply-add (one rounding, the system compiler's on a CPU with
    FMA) gives 1 + 2^-23, the sum in double then in float 1; tcc gives what
    the system compiler's kernel gives"""
    M = N = K = 32
    a = np.zeros((M, K), np.float32)
    b = np.zeros((K, N), np.float32)
    a[0, 0] = b[0, 0] = 1                       # the accumulator becomes 1
    a[0, 1] = np.float32(1 + 2.0 ** -12)         # (2^23 + 2^11) * 2^-23
    b[1, 0] = np.float32((2 ** 24 - 4095) * 2.0 ** -48)  # a * b = 2^-24 + 2^-60

    def launch(cc):
        c = np.zeros((M, N), np.float32)
        k = matmul_kernel[(1,)](tensor(a), tensor(b), tensor(c), M, N, K, K, 1, N, 1, N, 1,
                                BLOCK_SIZE_M=32, BLOCK_SIZE_N=32, BLOCK_SIZE_K=32, GROUP_SIZE_M=4, cc=cc)
        return k, [c]

    (c,) = both(launch)
    assert c[0, 0] in (np.float32(1), np.float32(1 + 2.0 ** -23))
