"""Torch CPU tensors as arguments (skipped without torch), and what any object
with data_ptr()/dtype/is_cpu gets: a tensor not on the CPU is refused."""
import numpy as np
import pytest
import triton
from kernels import add_kernel
from ttxform.triton import tensor


class DeviceTensor:
    """the attributes Triton and the launcher read of a torch tensor, for one
    that lives on a GPU (its memory here is a NumPy array)"""

    def __init__(self, a: np.ndarray, device: str) -> None:
        self.a = a
        self.dtype = a.dtype
        self.device = device
        self.is_cpu = device == "cpu"

    def data_ptr(self) -> int:
        return self.a.__array_interface__["data"][0]


def test_tensor_on_another_device_is_refused():
    x = np.zeros(16, np.float32)
    g = DeviceTensor(x, "cuda:0")
    with pytest.raises(ValueError, match=r"^ttxform: argument 'x_ptr' is a tensor on cuda:0; the ttxform backend "
                                         r"runs kernels on the CPU \(move it with \.cpu\(\)\)$"):
        add_kernel[(1,)](g, tensor(x), tensor(x), 16, BLOCK_SIZE=16)


def test_duck_typed_cpu_tensor_runs():
    x = np.arange(20, dtype=np.float32)
    out = np.zeros_like(x)
    c = DeviceTensor(out, "cpu")
    assert tensor(c) is c
    add_kernel[(1,)](DeviceTensor(x, "cpu"), tensor(x), c, 20, BLOCK_SIZE=32)
    np.testing.assert_array_equal(out, 2 * x)


def test_torch_cpu_tensors():
    torch = pytest.importorskip("torch", reason="torch is not installed")
    n = 1000
    x = torch.rand(n)
    y = torch.rand(n)
    out = torch.empty(n)
    add_kernel[(triton.cdiv(n, 256),)](x, y, out, n, BLOCK_SIZE=256)
    assert torch.equal(out, x + y)
    h = torch.rand(n).to(torch.float16)
    oh = torch.empty_like(h)
    add_kernel[(triton.cdiv(n, 256),)](h, h, oh, n, BLOCK_SIZE=256)
    assert torch.equal(oh, h + h)
