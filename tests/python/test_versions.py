"""What differs between the Triton versions (3.6 and 3.9 are tested): block
pointers (tt.make_tensor_ptr, rewritten by a TTIR pass in 3.6; refused by
Triton's frontend in 3.9) and tensor descriptors (`!tt.tensordesc<tensor<AxBxT>>` up to
3.7, `!tt.tensordesc<AxBxT>` from 3.8).  Each kernel runs against NumPy; for
the descriptors ttxform also reads the TTIR Triton printed before its passes
(kernel.asm["source"], where they are still descriptors) and writes C for it."""
import numpy as np
import pytest
import triton
import triton.language as tl
import ttxform
from ttxform.triton import tensor


@triton.jit
def block_ptr_rowsum_kernel(x_ptr, out_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    pid = tl.program_id(0)
    p = tl.make_block_ptr(x_ptr, shape=(M, N), strides=(N, 1), offsets=(pid * BM, 0), block_shape=(BM, BN),
                          order=(1, 0))
    acc = tl.zeros((BM,), dtype=tl.float32)
    for _ in range(0, N, BN):
        acc += tl.sum(tl.load(p, boundary_check=(0, 1), padding_option="zero"), axis=1)
        p = tl.advance(p, (0, BN))
    o = tl.make_block_ptr(out_ptr, shape=(M,), strides=(1,), offsets=(pid * BM,), block_shape=(BM,), order=(0,))
    tl.store(o, acc, boundary_check=(0,))


@triton.jit
def desc_scale_kernel(x_ptr, y_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    dx = tl.make_tensor_descriptor(x_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    dy = tl.make_tensor_descriptor(y_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    pm = tl.program_id(0) * BM
    pn = tl.program_id(1) * BN
    dy.store([pm, pn], dx.load([pm, pn]) * 3.0)


def reads_source(k) -> None:
    src = k.asm["source"]
    c = ttxform.compile(src, "c", file=f"{k.name}.source.ttir")
    assert f"void {k.name}(" in c


def version() -> tuple:
    return tuple(int(v) for v in triton.__version__.split(".")[:2])


def test_block_pointers(rng):
    """3.6: tt.make_tensor_ptr in the TTIR Triton prints, rewritten to plain
    pointers by make_ttir; 3.9: Triton itself refuses tl.make_block_ptr"""
    M, N = 45, 70
    x = rng.standard_normal((M, N), dtype=np.float32)
    out = np.zeros(M, np.float32)
    launch = lambda: block_ptr_rowsum_kernel[(triton.cdiv(M, 16),)](tensor(x), tensor(out), M, N,  # noqa: E731
                                                                   BM=16, BN=32)
    if version() >= (3, 9):
        with pytest.raises(triton.compiler.errors.CompilationError,
                           match="Block pointers have been removed in favor of the tensor descriptor API"):
            launch()
        return
    k = launch()
    np.testing.assert_allclose(out, x.sum(axis=1), rtol=1e-5, atol=1e-5)
    if version() <= (3, 6):
        assert "tt.make_tensor_ptr" in k.asm["source"]
    assert "tt.make_tensor_ptr" not in k.asm["ttir"]


def test_tensor_descriptors(rng):
    M, N = 40, 72
    x = rng.standard_normal((M, N), dtype=np.float32)
    y = np.zeros_like(x)
    k = desc_scale_kernel[(triton.cdiv(M, 16), triton.cdiv(N, 32))](tensor(x), tensor(y), M, N, BM=16, BN=32)
    np.testing.assert_array_equal(y, x * np.float32(3))
    src = k.asm["source"]
    new_syntax = version() >= (3, 8)
    assert ("!tt.tensordesc<16x32xf32>" in src) == new_syntax, src
    assert ("!tt.tensordesc<tensor<16x32xf32>>" in src) == (not new_syntax), src
    reads_source(k)
