"""The CPU driver's launcher: one launcher per compiled specialisation, its
argument code shared by the specialisations whose arguments go the same way
(pointer, integer, unsigned 64-bit, float), the fast path after the first
launch and the paths around it (hooks, grids out of range, failures)."""
import numpy as np
import pytest
import triton
import triton.language as tl
from kernels import add_kernel
from ttxform.triton import KernelError, tensor


@triton.jit
def put_scalar(o_ptr, s, pad):
    tl.store(o_ptr + pad, s)


@triton.jit
def put_pid(o_ptr):
    pid = tl.program_id(0) + 10 * tl.program_id(1) + 100 * tl.program_id(2)
    tl.store(o_ptr + pid, pid + 1)


@triton.jit
def check_below(x, N: tl.constexpr):
    i = tl.arange(0, N)
    tl.device_assert(tl.load(x + i) < 100, "too big")


def _put(value, dtype):
    o = np.zeros(4, dtype)
    k = put_scalar[(1,)](tensor(o), value, 3)
    return o[3], k


def test_each_specialisation_gets_its_values():
    """the same kernel with an i32, i64, u64, negative and float scalar,
    interleaved: each launch passes its own value (twice: the first launch
    of a specialisation binds it, the second takes the fast path)"""
    cases = [(7, np.int64), (2.5, np.float64), (2**40 + 3, np.int64), (2**63 + 5, np.uint64), (-2, np.int64),
             (0.1, np.float32)]
    for _ in range(2):
        for value, dtype in cases:
            got, _ = _put(value, dtype)
            assert got == dtype(value), (value, got)


def test_argument_code_is_shared_by_kind():
    """i32 and i64 scalars are integers alike: their launchers are two (one
    per compiled kernel) of one code; a float scalar's code is another"""
    _, k32 = _put(7, np.int64)
    _, k64 = _put(2**40, np.int64)
    _, kf = _put(2.5, np.float64)
    _, ku = _put(2**63 + 1, np.uint64)
    assert k32 is not k64 and k32.run is not k64.run
    assert k32.run.__code__ is k64.run.__code__
    assert kf.run.__code__ is not k32.run.__code__
    assert ku.run.__code__ is not k32.run.__code__


def test_grids():
    """numpy integers as the grid, all three extents, an empty grid; a
    negative extent and one past int32 are refused (no program runs)"""
    o = np.zeros(400, np.int32)
    put_pid[(np.int64(3), 2, 2)](tensor(o))
    want = np.zeros(400, np.int32)
    for z in range(2):
        for y in range(2):
            for x in range(3):
                want[x + 10 * y + 100 * z] = x + 10 * y + 100 * z + 1
    np.testing.assert_array_equal(o, want)
    o[:] = 0
    put_pid[(0,)](tensor(o))
    assert not o.any()
    for grid in ((-1,), (2**32 + 1,), (1, 2**31)):
        with pytest.raises(ValueError, match=r"^ttxform: invalid grid \("):
            put_pid[grid](tensor(o))
    assert not o.any()
    with pytest.raises(TypeError):
        put_pid[(1.0,)](tensor(o))


def test_failure_after_a_fast_launch():
    """a failure in a launch of a kernel already launched (the fast path)
    raises KernelError, and the next launch is clean"""
    good = tensor(np.array([1, 2, 3, 4], np.int32))
    check_below[(1,)](good, N=4, debug=True)
    check_below[(1,)](good, N=4, debug=True)
    with pytest.raises(KernelError, match=r"tt\.assert: assertion failed at element \[1\]: too big"):
        check_below[(1,)](tensor(np.array([1, 200, 3, 4], np.int32)), N=4, debug=True)
    check_below[(1,)](good, N=4, debug=True)


def test_launch_hooks():
    """Triton's launch_enter_hook and launch_exit_hook are called around the
    launch; without them the launch goes on as before"""
    from triton import knobs
    x = np.arange(16, dtype=np.float32)
    o = np.zeros_like(x)
    add_kernel[(1,)](tensor(x), tensor(x), tensor(o), 16, BLOCK_SIZE=16)
    seen = []
    knobs.runtime.launch_enter_hook = lambda md: seen.append(("enter", o[1]))
    knobs.runtime.launch_exit_hook = lambda md: seen.append(("exit", o[1]))
    try:
        o[:] = 0
        add_kernel[(1,)](tensor(x), tensor(x), tensor(o), 16, BLOCK_SIZE=16)
    finally:
        knobs.runtime.launch_enter_hook = None
        knobs.runtime.launch_exit_hook = None
    assert seen == [("enter", 0), ("exit", 2)]
    o[:] = 0
    add_kernel[(1,)](tensor(x), tensor(x), tensor(o), 16, BLOCK_SIZE=16)
    np.testing.assert_array_equal(o, 2 * x)
    assert len(seen) == 2



def test_threads_launch_at_once():
    """two Python threads launching the same kernels at once (one-program
    grids run on each calling thread, larger grids take turns on the pool):
    every launch gives its own thread's result"""
    import threading
    errors = []

    def work(seed):
        try:
            x = np.arange(64, dtype=np.float32) * seed
            for i in range(100):
                o = np.zeros_like(x)
                grid = (1,) if i % 2 else (4,)
                add_kernel[grid](tensor(x), tensor(x), tensor(o), 64, BLOCK_SIZE=64 // grid[0])
                if not np.array_equal(o, 2 * x):
                    errors.append((seed, i))
        except Exception as e:   # reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(s,)) for s in (1, 3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
