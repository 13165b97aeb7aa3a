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
import json
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


# ttx_program's address -> the loaded kernel's (ttx_failure, ttx_failure_clear)
_failures: dict[int, tuple[Callable, Callable]] = {}


class _Module:
    """a loaded kernel: the shared object, kept open while Triton holds it"""

    def __init__(self, path: str) -> None:
        self.lib = ctypes.CDLL(path, mode=os.RTLD_LOCAL | os.RTLD_NOW)
        self.program = ctypes.cast(self.lib.ttx_program, ctypes.c_void_p).value
        fail = getattr(self.lib, "ttx_failure", None)
        if fail is not None and self.program:
            fail.restype = ctypes.c_char_p
            fail.argtypes = []
            _failures[self.program] = (fail, self.lib.ttx_failure_clear)


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
            mod = _Module(path)
        finally:
            os.unlink(path)
        return mod, mod.program, 0, 0, 1 << 30


_pool_lock = threading.Lock()
_pool: int | None = None
_launch: Callable | None = None


def _get_launch() -> Callable:
    """ttx_pool_launch bound to the process's thread pool (TTXFORM_THREADS
    threads, else one per CPU), made on the first launch"""
    global _pool, _launch
    if _launch is None:
        with _pool_lock:
            if _launch is None:
                from .. import _lib
                lib = _lib.lib()
                n = int(os.environ.get("TTXFORM_THREADS", "0") or 0)
                _pool = lib.ttx_pool_new(n)
                fn = lib.ttx_pool_launch
                pool = _pool
                _launch = lambda f, buf, gx, gy, gz: fn(pool, f, buf, gx, gy, gz)  # noqa: E731
    return _launch


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
    if arg is None:
        return 0
    if isinstance(arg, int):
        return arg
    if hasattr(arg, "data_ptr"):
        return int(arg.data_ptr())
    raise TypeError(f"ttxform: argument '{name}' must be a tensor (with data_ptr()), "
                    f"ttxform.triton.tensor(array) or an int address, not {type(arg).__name__}")


def _f64_bits(v: float) -> int:
    return struct.unpack("<q", struct.pack("<d", float(v)))[0]


class CPULauncher:
    """called as Triton calls a launcher: (gridX, gridY, gridZ, stream, function,
    packed_metadata, launch_metadata, enter_hook, exit_hook, *args), args being
    every bound argument in order, constexprs included (they are dropped)"""

    def __init__(self, src: Any, metadata: Any) -> None:
        self.plan: list[tuple] = []
        for i, n, ty in kernel_args(src, "ttxform"):
            if ty.startswith("*"):
                self.plan.append((i, n, "p"))
            elif ty.startswith(("fp", "bf")):
                self.plan.append((i, n, "f"))
            elif ty[0] in "iu":
                self.plan.append((i, n, "i"))
            else:
                raise TypeError(f"ttxform: argument '{n}' of type {ty} is not supported")
        self.nargs = len(self.plan)
        self.array_t = ctypes.c_int64 * max(1, self.nargs)
        self.name = getattr(metadata, "name", "kernel")
        self.trace = _get_trace()

    def __call__(self, gridX: int, gridY: int, gridZ: int, stream: Any, function: int, packed_metadata: Any,
                 launch_metadata: Any, launch_enter_hook: Callable | None, launch_exit_hook: Callable | None,
                 *args: Any) -> None:
        buf = self.array_t()
        slot = 0
        for i, n, kind in self.plan:
            v = args[i]
            if kind == "p":
                if hasattr(v, "data_ptr"):
                    if getattr(v, "is_cpu", True) is False:
                        dev = getattr(v, "device", "another device")
                        raise ValueError(f"ttxform: argument '{n}' is a tensor on {dev};"
                                         " the ttxform backend runs kernels on the CPU (move it with .cpu())")
                    buf[slot] = v.data_ptr()
                else:
                    buf[slot] = _pointer(v, n)
            elif kind == "f":
                buf[slot] = _f64_bits(v)
            else:
                buf[slot] = int(v)
            slot += 1
        if launch_enter_hook is not None:
            launch_enter_hook(launch_metadata)
        if self.trace is None:
            rc = (_launch or _get_launch())(function, buf, gridX, gridY, gridZ)
        else:
            start = time.perf_counter_ns()
            rc = (_launch or _get_launch())(function, buf, gridX, gridY, gridZ)
            self.trace.add(self.name, (gridX, gridY, gridZ), start, time.perf_counter_ns())
        if launch_exit_hook is not None:
            launch_exit_hook(launch_metadata)
        if rc != 0:
            raise ValueError(f"ttxform: invalid grid ({gridX}, {gridY}, {gridZ})")
        check = _failures.get(function)
        if check is not None:
            msg = check[0]()
            if msg:
                check[1]()
                raise KernelError(msg.decode("utf-8", "replace"))


class CPUDriver(HostDriver):
    """Triton's driver for the host CPU through ttxform"""

    utils_cls = CPUUtils
    launcher_cls = CPULauncher

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
