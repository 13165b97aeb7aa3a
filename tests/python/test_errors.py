"""What the user sees when a kernel cannot run: ttxform's diagnostic at the
user's Python line with the TTIR line as a note; Triton's own errors for a bad
argument or an unknown keyword."""
import inspect

import numpy as np
import pytest
import triton
import triton.language as tl
import ttxform
from kernels import add_kernel
from ttxform.triton import tensor


@triton.jit
def print_kernel(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.device_print("x", x_ptr + offs)  # the C target refuses printing pointers


def test_unsupported_op_points_at_python_line():
    x = np.zeros(16, np.float32)
    lines, first = inspect.getsourcelines(print_kernel.fn)
    line = first + next(i for i, t in enumerate(lines) if "tl.device_print" in t)
    with pytest.raises(ttxform.CompilationError) as e:
        print_kernel[(1,)](tensor(x), 16, BLOCK=16)
    msg = str(e.value)
    head = msg.splitlines()[0]
    assert head.startswith(f"{__file__}:{line}:"), msg
    assert "error: the C target does not support 'tt.print' (printing pointers" in head
    assert 'tl.device_print("x", x_ptr + offs)' in msg
    assert "print_kernel.ttir:" in msg and "note: in the Triton IR here" in msg
    assert "    tt.print" in msg
    d = e.value.diagnostics
    assert (d[0].severity, d[0].file, d[0].line) == ("error", __file__, line)
    assert d[1].severity == "note" and d[1].file == "print_kernel.ttir"


def test_numpy_array_needs_the_wrapper():
    x = np.zeros(16, np.float32)
    with pytest.raises(TypeError, match=r"^failed to specialize argument of type: (numpy\.)?ndarray$"):
        add_kernel[(1,)](x, x, x, 16, BLOCK_SIZE=16)


def test_python_list_is_refused():
    x = tensor(np.zeros(16, np.float32))
    with pytest.raises(TypeError, match="^failed to specialize argument of type: list$"):
        add_kernel[(1,)]([1.0] * 16, x, x, 16, BLOCK_SIZE=16)


def test_float64_array_gets_its_own_kernel():
    """Triton has no declared argument types: a float64 array specialises the
    kernel on `*fp64` (a second compilation), which computes in f64"""
    x = np.linspace(0, 1, 37)
    out = np.zeros_like(x)
    k = add_kernel[(1,)](tensor(x), tensor(x), tensor(out), 37, BLOCK_SIZE=64)
    np.testing.assert_array_equal(out, x + x)
    assert "double" in k.asm["c"]


def test_unknown_keyword_is_an_error():
    x = tensor(np.zeros(16, np.float32))
    with pytest.raises(KeyError, match="^'Keyword argument no_such_option was specified but unrecognised'$"):
        add_kernel[(1,)](x, x, x, 16, BLOCK_SIZE=16, no_such_option=3)


def test_triton_options_are_accepted():
    x = np.arange(16, dtype=np.float32)
    out = np.zeros_like(x)
    k = add_kernel[(1,)](tensor(x), tensor(x), tensor(out), 16, BLOCK_SIZE=16, num_warps=8, num_stages=4,
                         num_ctas=1, enable_fp_fusion=False, debug=False)
    np.testing.assert_array_equal(out, 2 * x)
    assert k.metadata.num_warps == 8 and k.metadata.num_stages == 4
