"""The ttxform driver of Triton: kernels of the ``cpu`` target run on the
host's threads.

``CPUDriver.is_active()`` is true when no other backend's driver is active
(never beside a GPU driver: two active drivers stop Triton), unless
``TTXFORM_TRITON_AUTO=0``.  ``triton.runtime.driver.set_active(CPUDriver())``
selects it in any case.  Importing this module must never fail (Triton
imports every backend on ``import triton``), so it only defines things.
"""
from __future__ import annotations

import atexit
import ctypes
import functools
import json
import operator
import os
import platform
import struct
import tempfile
import threading
import time
from collections.abc import Callable
from typing import Any

from triton.backends.compiler import GPUTarget

from .._driver import HostDriver, HostUtils, kernel_args
from ._tensor import Tensor

_PY_TO_C = {
    "i1": "int32_t", "i8": "int8_t", "i16": "int16_t", "i32": "int32_t", "i64": "int64_t",
    "u1": "int32_t", "u8": "uint8_t", "u16": "uint16_t", "u32": "uint32_t", "u64": "uint64_t",
    "fp16": "float", "bf16": "float", "fp32": "float", "f32": "float", "fp64": "double",
}


class KernelError(RuntimeError):
    """a program of the kernel could not go on as Triton's semantics say: a
    false tl.device_assert (debug=True), a tl.gather index out of range, a
    float that does not fit its integer type, a loop step <= 0.  The message
    is ttxform's report at the user's Python line, with the program id; the
    outputs are not to be trusted."""


class _Module:
    """a loaded kernel: the shared object (kept open while Triton holds it),
    its ttx_launch bound to the process's pool, and its failure report"""

    def __init__(self, path: str, name: str) -> None:
        self.lib = ctypes.CDLL(path, mode=os.RTLD_LOCAL | os.RTLD_NOW)
        self.program = ctypes.cast(self.lib.ttx_program, ctypes.c_void_p).value
        try:
            launch, bind = self.lib.ttx_launch, self.lib.ttx_launch_bind
        except AttributeError:
            raise RuntimeError(f"ttxform: @{name}: the shared object has no ttx_launch (built by another "
                               "version of ttxform.triton; clear Triton's cache)") from None
        bind.restype = None
        bind.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
        bind(*_pool_launch())
        # called with one bytes object, the grid and the arguments packed: no
        # argtypes, so that ctypes converts nothing it need not
        launch.restype = ctypes.c_int
        self.launch = launch
        self.failure = self.lib.ttx_failure
        self.failure.restype = ctypes.c_char_p
        self.failure.argtypes = []
        self.clear = self.lib.ttx_failure_clear
        self.clear.restype = None
        self.clear.argtypes = []
        _modules[self.program] = self


# ttx_program's address (the `function` Triton hands the launcher) -> its _Module
_modules: dict[int, _Module] = {}


class CPUUtils(HostUtils):
    """driver.utils: loading kernels (the shared objects)"""

    def load_binary(self, name: str, kernel: bytes, shared: int, device: Any) -> tuple:
        if kernel[:4] == b"\x7fELF" and kernel[16:17] == b"\x01":   # ET_REL: the riscv64 mode's object
            raise RuntimeError(f"ttxform: @{name} was compiled for riscv64-rvv; launch it with "
                               "ttxform.triton.RiscvDriver")
        fd, path = tempfile.mkstemp(prefix=f"ttxform-{name}-", suffix=".so")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(kernel)
            mod = _Module(path, name)
        finally:
            os.unlink(path)
        return mod, mod.program, 0, 0, 1 << 30


_pool_lock = threading.Lock()
_pool: tuple[int, int] | None = None


def _pool_launch() -> tuple[int, int]:
    """(ttx_pool_launch's address, the process's thread pool): the pool of
    TTXFORM_THREADS threads, else one per CPU, made when the first kernel is
    loaded"""
    global _pool
    if _pool is None:
        with _pool_lock:
            if _pool is None:
                from .. import _lib
                lib = _lib.lib()
                n = int(os.environ.get("TTXFORM_THREADS", "0") or 0)
                pool = lib.ttx_pool_new(n)
                if not pool:
                    raise MemoryError("ttxform: ttx_pool_new")
                _pool = (ctypes.cast(lib.ttx_pool_launch, ctypes.c_void_p).value, pool)
    return _pool


class _Trace:
    """TTXFORM_TRACE=FILE.json (or Proton's PROTON_KERNEL_CAPTURE=1
    PROTON_OUTPUT=FILE.json): every launch through the driver as a Chrome
    trace event (name, grid, start, duration), written when the process exits"""

    def __init__(self, path: str) -> None:
        self.path = path
        self.events: list[dict] = []
        self.lock = threading.Lock()
        self.t0 = time.perf_counter_ns()
        atexit.register(self.write)

    def add(self, name: str, grid: tuple, start: int, end: int) -> None:
        ev = {"name": name, "cat": "kernel", "ph": "X", "pid": os.getpid(), "tid": threading.get_ident() % 100000,
              "ts": (start - self.t0) / 1000.0, "dur": (end - start) / 1000.0, "args": {"grid": list(grid)}}
        with self.lock:
            self.events.append(ev)

    def write(self) -> None:
        with self.lock:
            data = {"traceEvents": list(self.events), "displayTimeUnit": "ms"}
        tmp = self.path + ".tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(data, f)
        os.replace(tmp, self.path)


_trace: _Trace | None = None
_trace_checked = False


def _get_trace() -> _Trace | None:
    global _trace, _trace_checked
    if not _trace_checked:
        with _pool_lock:
            if not _trace_checked:
                path = os.environ.get("TTXFORM_TRACE")
                if not path and os.environ.get("PROTON_KERNEL_CAPTURE", "").lower() in ("1", "true", "on"):
                    path = os.environ.get("PROTON_OUTPUT") or "proton.json"
                _trace = _Trace(path) if path else None
                _trace_checked = True
    return _trace


def _pointer(arg: Any, name: str) -> int:
    """the address a pointer argument passes: a tensor's data_ptr() (a tensor
    on another device refused), an int address, 0 for None"""
    if arg is None:
        return 0
    if isinstance(arg, int):
        return arg
    if hasattr(arg, "data_ptr"):
        if getattr(arg, "is_cpu", True) is False:
            dev = getattr(arg, "device", "another device")
            raise ValueError(f"ttxform: argument '{name}' is a tensor on {dev};"
                             " the ttxform backend runs kernels on the CPU (move it with .cpu())")
        return int(arg.data_ptr())
    raise TypeError(f"ttxform: argument '{name}' must be a tensor (with data_ptr()), "
                    f"ttxform.triton.tensor(array) or an int address, not {type(arg).__name__}")


def _failed(function: int, rc: int, grid: tuple) -> None:
    """ttx_launch's rc (not 0) as the error"""
    if rc == 1:
        raise ValueError(f"ttxform: invalid grid ({grid[0]}, {grid[1]}, {grid[2]})")
    mod = _modules[function]
    msg = mod.failure()
    mod.clear()
    raise KernelError(msg.decode("utf-8", "replace") if msg else "ttxform: a program of the kernel failed")


# how each kind of argument goes into the array ttx_program reads (ttx_arg:
# 8 bytes each): a pointer and an unsigned 64-bit integer as uint64, other
# integers as int64, floats as double
_FORMAT = {"p": "Q", "u": "Q", "i": "q", "f": "d"}
_U64 = (1 << 64) - 1
# what the fast path leaves to the general one: a value or grid extent that
# struct does not pack as it is (a float for an integer, an int out of
# range: struct.error), an argument refused (TypeError: raised again there)
_FALLBACK = (struct.error, TypeError)


@functools.cache
def _hook_chain() -> type:
    """the class of Triton's knobs.runtime.launch_enter_hook and
    launch_exit_hook (a HookChain in Triton 3.6 and 3.9, never None): a
    chain with no hooks in it is taken as no hook"""
    try:
        from triton.knobs import HookChain
    except ImportError:
        return type(None)
    return HookChain


@functools.cache
def _launch_code(nparams: int, kinds: tuple[tuple[int, str], ...]) -> Callable:
    """the maker of a launcher for kernels whose arguments go this way
    (kinds: (position among the bound arguments, kind) of each argument the
    kernel takes; nparams: the positions up to the last of them), compiled
    once per process: the launcher takes Triton's arguments by name and packs
    the kernel's in one struct call, with no loop and no ctypes object"""
    params = "".join(f", a{i}" for i in range(nparams))
    every = "".join(f"a{i}, " for i in range(nparams))
    vals = ", ".join(f"a{i}._ptr if a{i}.__class__ is Tensor else pointer(a{i}, {slot})" if kind == "p" else f"a{i}"
                     for slot, (i, kind) in enumerate(kinds))
    src = f"""
def make(pack, Tensor, pointer, failed, general, fallback, Chain):
    bound = run = None

    def launch(gridX, gridY, gridZ, stream, function, packed_metadata, launch_metadata, enter_hook, exit_hook{params},
               *rest):
        if (function == bound and (enter_hook.__class__ is Chain and not enter_hook.calls or enter_hook is None)
                and (exit_hook.__class__ is Chain and not exit_hook.calls or exit_hook is None)):
            try:
                rc = run(pack(gridX, gridY, gridZ{", " + vals if vals else ""}))
            except fallback:
                pass
            else:
                if rc:
                    failed(function, rc, (gridX, gridY, gridZ))
                return
        general(gridX, gridY, gridZ, function, launch_metadata, enter_hook, exit_hook, ({every}) + rest)

    def bind(function, launch_fn):
        nonlocal bound, run
        run = launch_fn
        bound = function

    return launch, bind
"""
    ns: dict[str, Any] = {}
    exec(compile(src, f"<ttxform launcher {''.join(k for _, k in kinds)}>", "exec"), ns)
    return ns["make"]


def cpu_launcher(src: Any, metadata: Any) -> Callable:
    """Triton's launcher_cls: the launcher of one compiled kernel, called as
    Triton calls a launcher: (gridX, gridY, gridZ, stream, function,
    packed_metadata, launch_metadata, enter_hook, exit_hook, *args), args
    being every bound argument in order, constexprs included (dropped).

    Its first launch takes the general path, which finds the loaded kernel
    by `function` and binds the launcher to it; later launches without
    Triton's launch hooks or a trace pack the grid and the arguments with
    one struct call and make one ctypes call (ttx_launch: the grid's check,
    the grid, then the failure check).  Anything the fast path does not
    take as it is (a value to convert, another function) goes the general
    way, with the same results and errors."""
    plan: list[tuple[int, str, str]] = []
    for i, n, ty in kernel_args(src, "ttxform"):
        if ty.startswith("*"):
            plan.append((i, n, "p"))
        elif ty.startswith(("fp", "bf")):
            plan.append((i, n, "f"))
        elif ty == "u64":
            plan.append((i, n, "u"))
        elif ty[0] in "iu":
            plan.append((i, n, "i"))
        else:
            raise TypeError(f"ttxform: argument '{n}' of type {ty} is not supported")
    names = tuple(n for _, n, _ in plan)
    kinds = tuple((i, k) for i, _, k in plan)
    # the array ttx_launch reads: the grid's three extents, then the arguments
    pack = struct.Struct("<qqq" + "".join(_FORMAT[k] for _, k in kinds)).pack
    general_pack = struct.Struct("<qqq" + "".join("d" if k == "f" else "Q" for _, k in kinds)).pack
    name = getattr(metadata, "name", "kernel")
    trace = _get_trace()

    def pointer(arg: Any, slot: int) -> int:
        return _pointer(arg, names[slot])

    def general(gridX: Any, gridY: Any, gridZ: Any, function: int, launch_metadata: Any,
                enter_hook: Callable | None, exit_hook: Callable | None, args: tuple) -> None:
        mod = _modules.get(function)
        if mod is None:
            raise RuntimeError(f"ttxform: @{name}: no kernel of this driver is loaded at {function!r}")
        vals = []
        for i, n, kind in plan:
            v = args[i]
            if kind == "p":
                vals.append(_pointer(v, n) & _U64)
            elif kind == "f":
                vals.append(float(v))
            else:
                vals.append(int(v) & _U64)
        grid = (operator.index(gridX), operator.index(gridY), operator.index(gridZ))
        if any(not 0 <= g < 1 << 31 for g in grid):
            raise ValueError(f"ttxform: invalid grid ({grid[0]}, {grid[1]}, {grid[2]})")
        data = general_pack(*grid, *vals)
        if trace is None:
            bind(function, mod.launch)
        if enter_hook is not None:
            enter_hook(launch_metadata)
        start = time.perf_counter_ns()
        rc = mod.launch(data)
        if trace is not None:
            trace.add(name, grid, start, time.perf_counter_ns())
        if exit_hook is not None:
            exit_hook(launch_metadata)
        if rc:
            _failed(function, rc, grid)

    launch, bind = _launch_code(max((i + 1 for i, _ in kinds), default=0), kinds)(
        pack, Tensor, pointer, _failed, general, _FALLBACK, _hook_chain())
    return launch


class CPUDriver(HostDriver):
    """Triton's driver for the host CPU through ttxform"""

    utils_cls = CPUUtils
    launcher_cls = staticmethod(cpu_launcher)

    @classmethod
    def is_active(cls) -> bool:
        if os.environ.get("TTXFORM_TRITON_AUTO", "1") == "0":
            return False
        try:
            from triton.backends import backends
        except Exception:
            return False
        for b in backends.values():
            drv = getattr(b, "driver", None)
            if drv is None or drv is cls or (isinstance(drv, type) and issubclass(drv, CPUDriver)):
                continue
            try:
                if drv.is_active():
                    return False
            except Exception:
                continue
        return True

    def map_python_to_cpp_type(self, ty: str) -> str:
        if ty.startswith("*"):
            return "void*"
        return _PY_TO_C.get(ty, ty)

    def get_current_target(self) -> GPUTarget:
        return GPUTarget("cpu", platform.machine() or "unknown", 1)
