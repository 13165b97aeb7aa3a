"""The riscv64 mode of the ttxform backend: Triton's target
``GPUTarget("cpu", "riscv64-rvv", 1)``, whose kernels are RISC-V Vector C
(ttxform's ``rvv`` target) built by clang-19 for rv64gcv (``_zvfh`` when the
kernel uses f16) into an object, the kernel's binary (``kernel.asm["o"]``,
kept in Triton's cache).  ``RiscvDriver`` launches them: the object is linked
with the launcher of ``ttxform run --target=riscv64-rvv``
(``ttx_riscv_launcher_source()``) into a static riscv64 program, which runs
each launch under qemu-riscv64 at the ``vlen`` option's VLEN with the buffers
copied into a directory and back, as ``ttxform run`` does (docs/cpu.md); on a
riscv64 host the program runs as it is.

Importing this module must never fail and does no work.
"""
from __future__ import annotations

import atexit
import ctypes
import functools
import itertools
import os
import platform
import re
import shutil
import struct
import subprocess
import tempfile
import threading
from collections.abc import Callable
from typing import Any

from triton.backends.compiler import GPUTarget

from .._driver import HostUtils, kernel_args
from .driver import CPUDriver

ARCH = "riscv64-rvv"
VLENS = (128, 256, 512, 1024)
SMT_ARCHS = ("", "k1", "k3")
# as runtime/riscv/cc.c compiles: no a * b + c fused where the C does not say fma
CFLAGS = ("--target=riscv64-linux-gnu", "-O2", "-fno-ident", "-ffp-contract=off")
STACK = 64 << 20   # each thread's stack, as the host pool's (the kernels keep their tiles there)


class ToolchainError(RuntimeError):
    """a program the riscv64 mode needs is missing (the message names its package)"""


def _which(name: str, package: str) -> str:
    path = shutil.which(name)
    if path is None:
        raise ToolchainError(f"ttxform riscv64: {name} not found (apt-get install {package})")
    return path


def clang() -> str:
    return _which("clang-19", "clang-19")


def native() -> bool:
    """a riscv64 host runs the programs itself, without qemu"""
    return platform.machine() == "riscv64"


@functools.cache
def _link_flags() -> tuple[str, ...]:
    """what a static riscv64 link needs: the sysroot, libgcc and a linker
    (lld-19's ld.lld beside clang-19, else binutils')"""
    sysroot = "/usr/riscv64-linux-gnu/lib"
    if not (os.path.exists(f"{sysroot}/libc.a") and os.path.exists(f"{sysroot}/crt1.o")):
        raise ToolchainError("ttxform riscv64: the riscv64 sysroot /usr/riscv64-linux-gnu not found "
                             "(apt-get install libc6-dev-riscv64-cross)")
    gcc = "/usr/lib/gcc-cross/riscv64-linux-gnu"
    versions = os.listdir(gcc) if os.path.isdir(gcc) else []
    if not any(os.path.exists(os.path.join(gcc, v, "crtbeginT.o")) for v in versions):
        raise ToolchainError("ttxform riscv64: libgcc for riscv64 (/usr/lib/gcc-cross/riscv64-linux-gnu) not found "
                             "(apt-get install gcc-riscv64-linux-gnu)")
    if os.access(os.path.join(os.path.dirname(os.path.realpath(clang())), "ld.lld"), os.X_OK):
        return ("-fuse-ld=lld",)
    _which("riscv64-linux-gnu-ld", "lld-19")
    return ()


def qemu() -> str:
    return _which("qemu-riscv64", "qemu-user")


def check_toolchain() -> None:
    """clang-19, the sysroot, a linker and (on another host) qemu-riscv64, or ToolchainError"""
    clang()
    _link_flags()
    if not native():
        qemu()


_F16 = re.compile(r"[x<\s:,(]f16\b")


def uses_f16(ttir: str) -> bool:
    return _F16.search(ttir) is not None


def march(f16: bool) -> str:
    return "-march=rv64gcv_zvfh" if f16 else "-march=rv64gcv"


@functools.cache
def clang_identity() -> str:
    try:
        r = subprocess.run([clang(), "--version"], capture_output=True, text=True, timeout=30, check=False)
        return r.stdout.splitlines()[0] if r.stdout else "clang-19"
    except (OSError, subprocess.SubprocessError, ToolchainError):
        return "no clang-19"


def _run_clang(args: list[str], what: str) -> None:
    r = subprocess.run([clang(), *CFLAGS, *args], capture_output=True, text=True, check=False)
    if r.returncode != 0:
        raise RuntimeError(f"ttxform riscv64: clang-19 failed on {what}:\n{r.stderr[-4000:]}")


def program_source(c_source: str, params: list[str], name: str) -> str:
    """the kernel's C as the launcher calls it: its TTX_FAIL hook, then the
    C, then the stub ttx_kernel that takes each argument from the launcher's
    array (pointers as they are, integers as long long, floats as double)"""
    args = []
    for i, p in enumerate(params):
        if "*" in p:
            args.append(f"a[{i}]")
        elif p.split()[0] in ("float", "double", "_Float16", "__fp16", "__bf16"):
            args.append(f"*(const double *)a[{i}]")
        else:
            args.append(f"*(const long long *)a[{i}]")
    call = ", ".join([*args, "gx", "gy", "gz", "px", "py", "pz"])
    return ("/* the kernel's C for the riscv64 launcher */\n"
            "void ttx_fail(int site, int x, int y, int z);\n"
            "#define TTX_FAIL(site) ttx_fail(site, pidX, pidY, pidZ)\n"
            f"{c_source}\n"
            "/* the launcher's call: each argument from a void * array */\n"
            "void ttx_kernel(void *const *a, int gx, int gy, int gz, int px, int py, int pz);\n"
            "void ttx_kernel(void *const *a, int gx, int gy, int gz, int px, int py, int pz)\n"
            f"{{\n    {name}({call});\n}}\n")


def build_object(c_source: str, name: str, f16: bool) -> bytes:
    """clang-19 -c of the program's C for rv64gcv[_zvfh]: the kernel's binary"""
    clang()
    with tempfile.TemporaryDirectory(prefix="ttxform-rv-") as d:
        src, out = os.path.join(d, f"{name}.c"), os.path.join(d, f"{name}.o")
        with open(src, "w", encoding="utf-8") as f:
            f.write(c_source)
        _run_clang([march(f16), "-c", src, "-o", out], f"@{name}")
        with open(out, "rb") as f:
            return f.read()


_dir_lock = threading.Lock()
_work: str | None = None


def _workdir() -> str:
    """this process's folder of launchers and programs, removed at exit"""
    global _work
    with _dir_lock:
        if _work is None:
            _work = tempfile.mkdtemp(prefix="ttxform-rv-")
            atexit.register(shutil.rmtree, _work, True)
        return _work


@functools.cache
def _launcher_object() -> str:
    """the launcher compiled once per process"""
    from .. import _lib
    d = _workdir()
    src, out = os.path.join(d, "launcher.c"), os.path.join(d, "launcher.o")
    with open(src, "w", encoding="utf-8") as f:
        f.write(_lib.riscv_launcher_source())
    _run_clang([march(False), "-c", src, "-o", out], "the launcher")
    return out


_programs: dict[int, tuple[str, str]] = {}
_ids = itertools.count(1)


class RiscvUtils(HostUtils):
    """driver.utils: a loaded kernel is its object linked with the launcher"""

    def load_binary(self, name: str, kernel: bytes, shared: int, device: Any) -> tuple:
        check_toolchain()
        launcher = _launcher_object()
        with _dir_lock:
            handle = next(_ids)
        d = _workdir()
        obj, prog = os.path.join(d, f"{handle}-{name}.o"), os.path.join(d, f"{handle}-{name}")
        with open(obj, "wb") as f:
            f.write(kernel)
        _run_clang([march(False), "-static", *_link_flags(), obj, launcher, "-o", prog, "-lm", "-pthread"],
                   f"the link of @{name}")
        _programs[handle] = (name, prog)
        return None, handle, 0, 0, 1 << 30


def _span(v: Any, name: str) -> tuple[int, int]:
    """(address, bytes) of the memory a tensor argument covers"""
    if not (hasattr(v, "data_ptr") and hasattr(v, "stride") and hasattr(v, "shape")):
        raise TypeError(f"ttxform riscv64: argument '{name}' must be ttxform.triton.tensor(array) or a CPU tensor, "
                        f"not {type(v).__name__}")
    if getattr(v, "is_cpu", True) is False:
        raise ValueError(f"ttxform riscv64: argument '{name}' is a tensor on {getattr(v, 'device', '?')}")
    shape, strides = tuple(v.shape), tuple(v.stride())
    size = v.element_size() if hasattr(v, "element_size") else v.itemsize
    if any(s < 0 for s in strides):
        raise ValueError(f"ttxform riscv64: argument '{name}' has a negative stride (copy it first)")
    if any(d == 0 for d in shape):
        return int(v.data_ptr()), 0
    return int(v.data_ptr()), (sum((d - 1) * s for d, s in zip(shape, strides, strict=True)) + 1) * size


class RiscvLauncher:
    """called as Triton calls a launcher: (gridX, gridY, gridZ, stream,
    function, packed_metadata, launch_metadata, enter_hook, exit_hook, *args)"""

    def __init__(self, src: Any, metadata: Any) -> None:
        self.plan = []
        for i, n, ty in kernel_args(src, "ttxform riscv64"):
            kind = "p" if ty.startswith("*") else "f" if ty.startswith(("fp", "bf")) else "i"
            self.plan.append((i, n, kind))
        self.vlen = int(getattr(metadata, "vlen", 256))
        self.f16 = bool(getattr(metadata, "rv_f16", False))

    def __call__(self, gridX: int, gridY: int, gridZ: int, stream: Any, function: int, packed_metadata: Any,
                 launch_metadata: Any, launch_enter_hook: Callable | None, launch_exit_hook: Callable | None,
                 *args: Any) -> None:
        if min(gridX, gridY, gridZ) < 0:
            raise ValueError(f"ttxform: invalid grid ({gridX}, {gridY}, {gridZ})")
        name, prog = _programs[function]
        total = gridX * gridY * gridZ
        if launch_enter_hook is not None:
            launch_enter_hook(launch_metadata)
        if total:
            self._run(name, prog, (gridX, gridY, gridZ), total, args)
        if launch_exit_hook is not None:
            launch_exit_hook(launch_metadata)

    def _run(self, name: str, prog: str, grid: tuple[int, int, int], total: int, args: tuple) -> None:
        threads = int(os.environ.get("TTXFORM_THREADS", "0") or 0) or os.cpu_count() or 1
        threads = max(1, min(threads, 64, total))
        lines = ["ttxform-riscv 2", "grid {} {} {}".format(*grid), f"threads {threads}", f"stack {STACK}",
                 f"args {len(self.plan)}"]
        bufs = []
        with tempfile.TemporaryDirectory(prefix="ttxform-rv-run-") as d:
            for pos, (i, n, kind) in enumerate(self.plan):
                v = args[i]
                if kind == "p":
                    ptr, nbytes = _span(v, n)
                    with open(os.path.join(d, f"arg{pos}.bin"), "wb") as f:
                        f.write(ctypes.string_at(ptr, nbytes) if nbytes else b"")
                    lines.append(f"buf {pos} {nbytes}")
                    bufs.append((pos, ptr, nbytes))
                elif kind == "f":
                    lines.append(f"float {pos} {struct.unpack('<Q', struct.pack('<d', float(v)))[0]:x}")
                else:
                    lines.append(f"int {pos} {int(v)}")
            with open(os.path.join(d, "manifest"), "w", encoding="utf-8") as f:
                f.write("\n".join(lines) + "\n")
            cmd = [prog, d]
            if not native():
                cpu = (f"rv64,v=true,vlen={self.vlen},vext_spec=v1.0,rvv_ta_all_1s=true,rvv_ma_all_1s=true"
                       + (",Zfh=true" if self.f16 else ""))
                cmd = [qemu(), "-cpu", cpu, *cmd]
            r = subprocess.run(cmd, cwd=d, capture_output=True, text=True, check=False)
            result = ""
            if os.path.exists(os.path.join(d, "result")):
                with open(os.path.join(d, "result"), encoding="utf-8") as f:
                    result = f.read().strip()
            where = "under qemu-riscv64" if not native() else "on riscv64"
            if r.returncode == 3 and result.startswith("crash"):
                sig, x, y, z = result.split()[1:5]
                raise RuntimeError(f"ttxform riscv64: @{name} {where} failed: signal {sig} in program ({x}, {y}, {z})"
                                   " (memory accesses are not checked there)")
            if r.returncode != 0 or not result:
                raise RuntimeError(f"ttxform riscv64: @{name} {where} failed (exit status {r.returncode}):\n"
                                   f"{(r.stderr or r.stdout)[-4000:]}")
            if result.startswith("fail"):
                x, y, z = result.split()[2:5]
                raise RuntimeError(f"ttxform riscv64: @{name}: a float-to-integer conversion out of range or a loop "
                                   f"step that is not positive in program ({x}, {y}, {z}) {where}")
            for pos, ptr, nbytes in bufs:
                with open(os.path.join(d, f"arg{pos}.bin"), "rb") as f:
                    data = f.read()
                if len(data) != nbytes:
                    raise RuntimeError(f"ttxform riscv64: @{name}: the launcher left arg{pos}.bin with the wrong size")
                if nbytes:
                    ctypes.memmove(ptr, data, nbytes)


class RiscvDriver(CPUDriver):
    """Triton's driver for the riscv64-rvv target: kernels run under
    qemu-riscv64 (natively on a riscv64 host).  Never active by itself:
    ``triton.runtime.driver.set_active(RiscvDriver())``.  Its device is 1, so
    that Triton keeps its kernels apart from the host driver's (device 0)."""

    utils_cls = RiscvUtils
    launcher_cls = RiscvLauncher

    @classmethod
    def is_active(cls) -> bool:
        return False   # not CPUDriver's: never by itself

    def get_current_target(self) -> GPUTarget:
        return GPUTarget("cpu", ARCH, 1)

    def get_current_device(self) -> int:
        return 1
