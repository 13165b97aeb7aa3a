"""What the drivers of both Triton backends (ttxform.triton, ttxform.spyre)
share: a DriverBase for a device that is this host (one device, one stream,
synchronous launches, host timers for do_bench), the utils Triton asks of
every driver, and the reading of a kernel's signature by its launcher.

Imported only by the backends' driver modules (Triton imports them on
``import triton``), so importing it must never fail and does no work."""
from __future__ import annotations

import ctypes
import os
import time
from collections.abc import Callable
from typing import Any

from triton.backends.driver import DriverBase


class _Event:
    """a host timer with the interface triton.testing.do_bench uses"""

    __slots__ = ("t",)

    def __init__(self, enable_timing: bool = True) -> None:
        self.t = 0.0

    def record(self, stream: Any = None) -> None:
        self.t = time.perf_counter()

    def elapsed_time(self, end: _Event) -> float:
        return (end.t - self.t) * 1000.0

    def synchronize(self) -> None:
        pass


class DeviceInterface:
    """what do_bench asks of torch.cuda: launches are synchronous here"""
    Event = _Event

    @staticmethod
    def synchronize(device: Any = None) -> None:
        pass

    @staticmethod
    def current_device() -> int:
        return 0

    @staticmethod
    def device_count() -> int:
        return 1


class HostUtils:
    """driver.utils but load_binary, which each driver has"""

    processors = 0   # multiprocessor_count; 0: the host's CPUs

    def unload_module(self, module: Any) -> None:
        pass

    def get_device_properties(self, device: Any) -> dict:
        n = self.processors or os.cpu_count() or 1
        return {"max_shared_mem": 1 << 30, "multiprocessor_count": n, "max_num_regs": 1 << 16,
                "warpSize": 1, "sm_clock_rate": 0, "mem_clock_rate": 0, "mem_bus_width": 0}

    def set_printf_fifo_size(self, size: int) -> None:
        pass


def kernel_args(src: Any, who: str) -> list[tuple[int, str, str]]:
    """the arguments the kernel takes, as (position among every bound
    argument, name, Triton type): the constexprs (and the arguments Triton
    specialised to constants) dropped; a tuple argument is refused"""
    constants = getattr(src, "constants", {}) or {}
    const_idx = {k[0] for k in constants if isinstance(k, tuple) and len(k) == 1}
    out = []
    for i, (n, ty) in enumerate(src.signature.items()):
        if ty == "constexpr" or i in const_idx:
            continue
        if not isinstance(ty, str):
            raise TypeError(f"{who}: argument '{n}' of type {ty} (a tuple) is not supported yet")
        out.append((i, n, ty))
    return out


class HostDriver(DriverBase):
    """a Triton driver whose device is this host; the subclass names its
    utils_cls and launcher_cls and its target (get_current_target, which
    keeps this class abstract for Triton's discovery of the one concrete
    driver of a module)"""

    utils_cls: Any = HostUtils
    launcher_cls: Any = None

    def __init__(self) -> None:
        super().__init__()
        self.utils = self.utils_cls()

    @classmethod
    def is_active(cls) -> bool:
        """not by itself: triton.runtime.driver.set_active(driver)"""
        return False

    def map_python_to_cpp_type(self, ty: str) -> str:
        return "void*" if ty.startswith("*") else ty

    def get_current_device(self) -> int:
        return 0

    def set_current_device(self, device: Any) -> None:
        pass

    def get_current_stream(self, device: Any = None) -> int:
        return 0

    def get_active_torch_device(self) -> Any:
        try:
            import torch
        except ImportError:
            return "cpu"
        return torch.device("cpu")

    def get_device_interface(self) -> Any:
        return DeviceInterface

    def get_benchmarker(self) -> Callable:
        from triton.testing import do_bench
        return do_bench

    def get_empty_cache_for_benchmark(self) -> Any:
        """the buffer do_bench clears between runs (TTXFORM_BENCH_FLUSH_BYTES, default 32 MiB)"""
        size = int(os.environ.get("TTXFORM_BENCH_FLUSH_BYTES", str(32 << 20)))
        return bytearray(size)

    def clear_cache(self, cache: Any) -> None:
        n = len(cache)
        if n:
            ctypes.memset((ctypes.c_char * n).from_buffer(cache), 0, n)
