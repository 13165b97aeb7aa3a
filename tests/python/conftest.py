"""The Triton backend's tests: stock Triton's @triton.jit kernels launched on
NumPy arrays through ttxform.triton, compared with NumPy.

They need triton and numpy; without triton the whole folder is skipped (run.sh
says so).  Triton's cache goes to a fresh folder for the session, unless
TRITON_CACHE_DIR is set."""
import os
import tempfile

import pytest

triton = pytest.importorskip("triton", reason="triton is not installed: the backend's tests need it")
np = pytest.importorskip("numpy")

if "TRITON_CACHE_DIR" not in os.environ:
    os.environ["TRITON_CACHE_DIR"] = tempfile.mkdtemp(prefix="ttxform-triton-cache-")


@pytest.fixture(scope="session", autouse=True)
def cpu_driver():
    """the CPU driver, as Triton picked it on a machine without a GPU; set
    explicitly when another driver is active (a GPU machine)"""
    from ttxform.triton import CPUDriver
    if not isinstance(triton.runtime.driver.active, CPUDriver):
        triton.runtime.driver.set_active(CPUDriver())
    yield


@pytest.fixture
def rng():
    return np.random.default_rng(1234)
