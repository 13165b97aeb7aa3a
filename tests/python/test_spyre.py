"""The spyre target (ttxform.spyre): TTIR with its tensor descriptors and KTIR
from triton.compile, SpyreOptions as the Spyre backend takes them, and the
driver's launches on ttxform's KTIR engine."""
import os
import subprocess
import sys

import pytest

triton = pytest.importorskip("triton")
np = pytest.importorskip("numpy")
import triton.language as tl
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource


@triton.jit
def add2d(x_ptr, y_ptr, o_ptr, M: tl.constexpr, N: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr):
    pm = tl.program_id(0)
    pn = tl.program_id(1)
    x = tl.make_tensor_descriptor(x_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    y = tl.make_tensor_descriptor(y_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    o = tl.make_tensor_descriptor(o_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    a = x.load([pm * BM, pn * BN])
    b = y.load([pm * BM, pn * BN])
    o.store([pm * BM, pn * BN], a * b + a)


@triton.jit
def add1d(x_ptr, o_ptr, n: tl.constexpr, B: tl.constexpr):
    d = tl.make_tensor_descriptor(x_ptr, shape=[n], strides=[1], block_shape=[B])
    o = tl.make_tensor_descriptor(o_ptr, shape=[n], strides=[1], block_shape=[B])
    for i in range(tl.program_id(0), n // B, tl.num_programs(0)):
        o.store([i * B], d.load([i * B]) + 1.0)


SIG = {"x_ptr": "*fp32", "y_ptr": "*fp32", "o_ptr": "*fp32", "M": "constexpr", "N": "constexpr",
       "BM": "constexpr", "BN": "constexpr"}
CONST = {"M": 64, "N": 128, "BM": 16, "BN": 16}


def compile_spyre(**options):
    return triton.compile(ASTSource(add2d, SIG, CONST), target=GPUTarget("spyre", 1, 1), options=options)


def ktir(ck):
    k = ck.asm["ktir"]
    return k.decode() if isinstance(k, bytes) else k


def test_stages_keep_descriptors():
    ck = compile_spyre(grid=(4, 8))
    assert "tt.make_tensor_descriptor" in ck.asm["ttir"]
    assert "tt.descriptor_load" in ck.asm["ttir"]
    k = ktir(ck)
    assert "grid = [4, 8]" in k
    assert "ktdp.construct_memory_view" in k and "tt." not in k
    assert ck.metadata.name == "add2d"


def test_default_grid_is_32():
    sig = {"x_ptr": "*fp32", "o_ptr": "*fp32", "n": "constexpr", "B": "constexpr"}
    ck = triton.compile(ASTSource(add1d, sig, {"n": 4096, "B": 64}), target=GPUTarget("spyre", 1, 1))
    assert "grid = [32]" in ktir(ck)


def test_data_layout_and_base_addresses():
    assert "grid = [4, 8]" in ktir(compile_spyre(grid=(4, 8), data_layout="host"))
    k = ktir(compile_spyre(grid=(4, 8), base_addresses=(0, 8192, 16384)))
    assert "func.func @add2d()" in k
    assert "arith.constant 8192 : index" in k


def test_bad_data_layout_is_an_error():
    with pytest.raises(ValueError, match="data_layout"):
        compile_spyre(data_layout="rowmajor")


def test_required_fixes():
    k = ktir(compile_spyre(grid=(4, 8), required_fixes={"convert_elementwise_to_linalg": "lower_compute_ops"}))
    assert "linalg.generic" in k
    # an anchor that is no core pass is an error, not a fix silently dropped
    with pytest.raises(ValueError, match="anchor 'convert_elementwise_to_linalg'"):
        compile_spyre(required_fixes={"unalias_linalg_outs": "convert_elementwise_to_linalg"})
    with pytest.raises(ValueError, match="anchor 'distribute_work'"):
        compile_spyre(required_fixes={"convert_elementwise_to_linalg": "distribute_work"})
    with pytest.raises(ValueError, match="not a fix pass"):
        compile_spyre(required_fixes={"canonicalize": "lower_compute_ops"})


@pytest.fixture
def spyre_driver():
    from ttxform.spyre import SpyreDriver
    old = triton.runtime.driver.active
    triton.runtime.driver.set_active(SpyreDriver())
    yield
    triton.runtime.driver.set_active(old)


def test_driver_is_never_active_by_itself():
    from ttxform.spyre import SpyreDriver
    assert SpyreDriver.is_active() is False
    assert not isinstance(triton.runtime.driver.active, SpyreDriver)


def test_launch_runs_the_ktir(spyre_driver, rng):
    from ttxform.triton import tensor
    x = rng.standard_normal((64, 128), dtype=np.float32)
    y = rng.standard_normal((64, 128), dtype=np.float32)
    o = np.zeros_like(x)
    add2d[(4, 8)](tensor(x), tensor(y), tensor(o), **CONST, spyre_grid=(4, 8))
    np.testing.assert_allclose(o, x * y + x, rtol=1e-6)


def test_launch_grid_must_match(spyre_driver):
    from ttxform.triton import tensor
    x = np.zeros((64, 128), np.float32)
    with pytest.raises(ValueError, match=r"launch grid \(8, 4, 1\) is not the grid \(4, 8\)"):
        add2d[(8, 4)](tensor(x), tensor(x), tensor(x), **CONST, spyre_grid=(4, 8))


def test_launch_default_grid(spyre_driver, rng):
    from ttxform.triton import tensor
    x = rng.standard_normal(4096, dtype=np.float32)
    o = np.zeros_like(x)
    add1d[(32,)](tensor(x), tensor(o), n=4096, B=64)
    np.testing.assert_array_equal(o, x + 1.0)


def test_import_without_triton():
    code = ("import sys; sys.modules['triton'] = None\n"
            "import ttxform.spyre\n"
            "assert 'triton' not in [m for m in sys.modules if sys.modules[m] is not None]\n"
            "try:\n    ttxform.spyre.SpyreDriver\nexcept ImportError:\n    print('ok')\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=dict(os.environ), check=False)
    assert r.stdout.strip() == "ok", r.stderr
