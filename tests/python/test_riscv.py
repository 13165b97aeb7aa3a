"""The riscv64 mode (GPUTarget("cpu", "riscv64-rvv", 1), RiscvDriver): the
tutorials' kernels as RVV C built by clang-19, run under qemu-riscv64 at
VLEN 128 and 512, against NumPy; the matmul also with the SMT cores k1 and
k3.  Skipped (with the reason) without clang-19, the riscv64 sysroot or
qemu-riscv64 (test_missing_tools runs without them)."""
import os
import shutil
import subprocess
import sys
import textwrap

import numpy as np
import pytest
import triton
import ttxform.triton
from kernels import add_kernel, check_layer_norm, layer_norm_case, layer_norm_fwd_fused, matmul_kernel, softmax_kernel
from kernels_more import histogram_kernel
from ttxform.triton import riscv, tensor


def _missing():
    try:
        riscv.check_toolchain()
    except riscv.ToolchainError as e:
        return str(e)
    return None


needs_tools = pytest.mark.skipif(_missing() is not None, reason=f"{_missing()}")

VLENS = [128, 512]


@pytest.fixture
def riscv_driver():
    before = triton.runtime.driver.active
    triton.runtime.driver.set_active(riscv.RiscvDriver())
    yield
    triton.runtime.driver.set_active(before)


@needs_tools
@pytest.mark.usefixtures("riscv_driver")
@pytest.mark.parametrize("vlen", VLENS)
def test_vector_add(rng, vlen):
    n = 1000
    x = rng.random(n, dtype=np.float32)
    y = rng.random(n, dtype=np.float32)
    out = np.full_like(x, -1.0)
    k = add_kernel[(triton.cdiv(n, 256),)](tensor(x), tensor(y), tensor(out), n, BLOCK_SIZE=256, vlen=vlen)
    np.testing.assert_array_equal(out, x + y)
    assert k.metadata.target.arch == "riscv64-rvv" and k.metadata.vlen == vlen
    assert ttxform.triton.RiscvDriver is riscv.RiscvDriver and not riscv.RiscvDriver.is_active()
    assert "#include <riscv_vector.h>" in k.asm["c"] and "void ttx_kernel(" in k.asm["c"]
    assert k.asm["o"][:4] == b"\x7fELF" and k.asm["o"][18] == 243   # e_machine: RISC-V


@needs_tools
@pytest.mark.usefixtures("riscv_driver")
@pytest.mark.parametrize("vlen", VLENS)
def test_softmax(rng, vlen):
    x = rng.standard_normal((13, 100), dtype=np.float32)
    y = np.zeros_like(x)
    softmax_kernel[(4,)](tensor(y), tensor(x), 100, 100, 13, 100, BLOCK_SIZE=128, num_stages=1, vlen=vlen)
    e = np.exp(x - x.max(axis=1, keepdims=True))
    np.testing.assert_allclose(y, e / e.sum(axis=1, keepdims=True), rtol=1e-5, atol=1e-6)


@needs_tools
@pytest.mark.usefixtures("riscv_driver")
@pytest.mark.parametrize("vlen", VLENS)
def test_layer_norm(rng, vlen):
    M, N = 5, 300
    x, w, b, y, mean, rstd = layer_norm_case(rng, M, N)
    layer_norm_fwd_fused[(M,)](tensor(x), tensor(y), tensor(w), tensor(b), tensor(mean), tensor(rstd),
                               N, N, 1e-5, BLOCK_SIZE=128, vlen=vlen)
    check_layer_norm(x, w, b, y, mean, rstd, 1e-5)


def _matmul(rng, dtype, vlen, smt_arch="", bm=16, bn=16, bk=16):
    M, N, K = 40, 33, 37
    a = rng.standard_normal((M, K)).astype(dtype)
    b = rng.standard_normal((K, N)).astype(dtype)
    c = np.zeros((M, N), dtype)
    grid = (triton.cdiv(M, bm) * triton.cdiv(N, bn),)
    k = matmul_kernel[grid](tensor(a), tensor(b), tensor(c), M, N, K, K, 1, N, 1, N, 1,
                            BLOCK_SIZE_M=bm, BLOCK_SIZE_N=bn, BLOCK_SIZE_K=bk, GROUP_SIZE_M=2,
                            vlen=vlen, smt_arch=smt_arch)
    ref = a.astype(np.float32) @ b.astype(np.float32)
    if dtype == np.float16:
        assert k.metadata.rv_f16
        want = ref.astype(np.float16).astype(np.float32)
        np.testing.assert_allclose(c.astype(np.float32), want, rtol=1e-2, atol=1e-2)
    else:
        np.testing.assert_allclose(c, ref, rtol=1e-4, atol=1e-4)
    return k


@needs_tools
@pytest.mark.usefixtures("riscv_driver")
@pytest.mark.parametrize("vlen", VLENS)
@pytest.mark.parametrize("dtype", [np.float32, np.float16], ids=["f32", "f16"])
def test_matmul(rng, vlen, dtype):
    _matmul(rng, dtype, vlen)


@needs_tools
@pytest.mark.usefixtures("riscv_driver")
@pytest.mark.parametrize("smt_arch,dtype", [("k1", np.float32), ("k3", np.float32), ("k3", np.float16)],
                         ids=["k1-f32", "k3-f32", "k3-f16"])
def test_matmul_smt_arch(rng, smt_arch, dtype):
    """the tutorial's plain tl.dot on the SpacemiT micro-kernels (16x32x32
    blocks fit the K1 and K3 micro tiles of f32 and f16), against NumPy"""
    k = _matmul(rng, dtype, 512 if smt_arch == "k1" else 1024, smt_arch, bm=16, bn=32, bk=32)
    assert k.metadata.smt_arch == smt_arch
    kernel = "ttx_smt_rvv_f16" if dtype == np.float16 else "ttx_smt_rvv_f32"
    assert f"{kernel}(" in k.asm["c"], "the dot did not take the micro-kernel"


@needs_tools
@pytest.mark.usefixtures("riscv_driver")
def test_matmul_smt_ime_ref(rng):
    """K3's IME (vfwmadot) for the tutorial's f16 dot, through its C
    reference under qemu at VLEN 1024 (smt_ime="ref")"""
    M, N, K = 40, 33, 37
    a = rng.standard_normal((M, K)).astype(np.float16)
    b = rng.standard_normal((K, N)).astype(np.float16)
    c = np.zeros((M, N), np.float16)
    grid = (triton.cdiv(M, 16) * triton.cdiv(N, 32),)
    k = matmul_kernel[grid](tensor(a), tensor(b), tensor(c), M, N, K, K, 1, N, 1, N, 1,
                            BLOCK_SIZE_M=16, BLOCK_SIZE_N=32, BLOCK_SIZE_K=32, GROUP_SIZE_M=2,
                            vlen=1024, smt_arch="k3", smt_ime="ref")
    assert "#define TTX_SMT_IME_REF 1" in k.asm["c"] and "ttx_smt_ime_f16(" in k.asm["c"]
    want = (a.astype(np.float32) @ b.astype(np.float32)).astype(np.float16).astype(np.float32)
    np.testing.assert_allclose(c.astype(np.float32), want, rtol=1e-2, atol=1e-2)


@needs_tools
@pytest.mark.usefixtures("riscv_driver")
@pytest.mark.parametrize("vlen", VLENS)
def test_atomic_histogram(rng, vlen):
    n, bins = 20000, 16
    x = rng.integers(0, bins, n).astype(np.int32)
    hist = np.zeros(bins, np.int32)
    histogram_kernel[(triton.cdiv(n, 256),)](tensor(x), tensor(hist), n, BLOCK=256, vlen=vlen)
    np.testing.assert_array_equal(hist, np.bincount(x, minlength=bins))


@needs_tools
@pytest.mark.usefixtures("riscv_driver")
def test_bad_options():
    x = np.zeros(4, np.float32)
    with pytest.raises(ValueError, match="the VLEN is 128, 256, 512 or 1024"):
        add_kernel[(1,)](tensor(x), tensor(x), tensor(x), 4, BLOCK_SIZE=4, vlen=64)
    with pytest.raises(ValueError, match="the SpacemiT core is 'k1' or 'k3'"):
        add_kernel[(1,)](tensor(x), tensor(x), tensor(x), 4, BLOCK_SIZE=4, smt_arch="k2")
    with pytest.raises(ValueError, match="cc='tcc' is for the host target"):
        add_kernel[(1,)](tensor(x), tensor(x), tensor(x), 4, BLOCK_SIZE=4, cc="tcc")
    with pytest.raises(ValueError, match="SpacemiT's IME is 'hw'"):
        add_kernel[(1,)](tensor(x), tensor(x), tensor(x), 4, BLOCK_SIZE=4, smt_ime="on")
    with pytest.raises(ValueError, match="smt_ime='ref' needs smt_arch"):
        add_kernel[(1,)](tensor(x), tensor(x), tensor(x), 4, BLOCK_SIZE=4, smt_ime="ref")


MISSING = textwrap.dedent('''
    import numpy as np, triton, triton.language as tl
    from ttxform.triton import tensor
    from ttxform.triton.riscv import RiscvDriver, ToolchainError

    @triton.jit
    def twice(x_ptr, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) * 2, mask=offs < n)

    triton.runtime.driver.set_active(RiscvDriver())
    x = np.ones(10, np.float32)
    try:
        twice[(1,)](tensor(x), 10, BLOCK=16)
    except ToolchainError as e:
        print(e)
''')


@pytest.mark.parametrize("have", ["nothing", "clang-19"])
def test_missing_tools(tmp_path, have):
    """no clang-19: the compile says so; clang-19 but no qemu-riscv64: the load says so"""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    if have == "clang-19":
        clang = shutil.which("clang-19")
        if clang is None or riscv.native():
            pytest.skip("needs clang-19 on a host that is not riscv64")
        (bin_dir / "clang-19").symlink_to(clang)
    script = tmp_path / "k.py"
    script.write_text(MISSING)
    env = dict(os.environ, PATH=str(bin_dir), TRITON_CACHE_DIR=str(tmp_path / "cache"))
    r = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=300, check=False)
    want = ("ttxform riscv64: clang-19 not found (apt-get install clang-19)" if have == "nothing"
            else "ttxform riscv64: qemu-riscv64 not found (apt-get install qemu-user)")
    assert r.stdout.strip() == want, r.stderr[-2000:]


@needs_tools
def test_host_driver_refuses_a_riscv_kernel():
    """a kernel compiled for riscv64-rvv launched by the host driver: refused, naming RiscvDriver"""
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource
    src = ASTSource(add_kernel, {"x_ptr": "*fp32", "y_ptr": "*fp32", "output_ptr": "*fp32", "n_elements": "i32",
                                 "BLOCK_SIZE": "constexpr"}, {"BLOCK_SIZE": 64})
    ck = triton.compile(src, target=GPUTarget("cpu", riscv.ARCH, 1))
    assert ck.asm["o"][:4] == b"\x7fELF"
    x = np.zeros(64, np.float32)
    with pytest.raises(RuntimeError, match="compiled for riscv64-rvv; launch it with ttxform.triton.RiscvDriver"):
        ck[(1, 1, 1)](tensor(x), tensor(x), tensor(x), 64)
