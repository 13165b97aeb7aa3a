"""The ttxform backend of Triton: TTIR -> C (ttxform, in-process) -> a shared
object (the system C compiler, or tcc with the option ``cc="tcc"``).

Stages: ``ttir`` (Triton's own TTIR passes), ``c`` (ttxform's C target, with a
small entry ``ttx_program`` that unpacks the launcher's argument array, and
``ttx_launch``, which runs the grid and checks for a failure in one call) and
``so`` (``cc -O3 -march=native -ffp-contract=off -shared -fPIC``), each kept in
Triton's cache and shown in ``kernel.asm``.  The cache key (``hash()``) holds
ttxform's version and build id, this package's sources, the C compilers and
the CPU.  The target ``GPUTarget("cpu", "riscv64-rvv", 1)`` has the stages
``ttir``, ``c`` (RVV C) and ``o`` instead (riscv.py).

Importing this module must never fail (Triton imports every backend on
``import triton``), so it only defines things.
"""
from __future__ import annotations

import functools
import hashlib
import os
import platform
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from typing import Any

from triton.backends.compiler import GPUTarget

from .._backend import TtxBackend, entry_metadata, package_hash
from .._options import TritonOptions
from . import riscv


def host_arch() -> str:
    return platform.machine() or "unknown"


def c_compiler() -> str:
    return os.environ.get("TTXFORM_CC") or os.environ.get("CC") or "cc"


def tcc_compiler() -> str:
    return os.environ.get("TTXFORM_TCC") or "tcc"


# -ffp-contract=off: no `a * b + c` fused where the C does not ask for it (as
# the interpreter computes, and as tcc, which never fuses, compiles it)
C_FLAGS = ("-O3", "-march=native", "-ffp-contract=off", "-shared", "-fPIC")
TCC_FLAGS = ("-shared", "-fPIC")
CC_CHOICES = ("", "tcc")


def is_tcc(cc: str) -> bool:
    return os.path.basename(cc).startswith("tcc")


def compiler_for(option: str) -> tuple[str, tuple[str, ...]]:
    """the C compiler of the ``cc`` option and its flags: "" the system's
    ($TTXFORM_CC, else $CC, else cc; tcc's flags when that is a tcc), "tcc"
    the Tiny C Compiler ($TTXFORM_TCC, else tcc)"""
    cc = tcc_compiler() if option == "tcc" else c_compiler()
    return cc, TCC_FLAGS if is_tcc(cc) else C_FLAGS


@functools.cache
def _cc_identity(cc: str) -> str:
    try:
        r = subprocess.run([cc, "-v" if is_tcc(cc) else "--version"], capture_output=True, text=True, timeout=30)
        out = r.stdout or r.stderr
        return out.splitlines()[0] if out else cc
    except (OSError, subprocess.SubprocessError):
        return cc


# ttx_fma32 (the C target's helper for a dot's a * b + c) is __builtin_fmaf,
# one rounding, where the compiler defines __FMA__ and is GCC or Clang; tcc
# takes the other branch (the sum in double, then rounded to float), which
# can differ in the last bit.  So that a kernel gives the same bits with
# tcc, tcc gets libm's fmaf (one rounding) when the system compiler fuses.
_FMA_GUARD = "#if defined(__FMA__) && defined(__GNUC__) && !defined(__TINYC__)\n"


@functools.cache
def _system_cc_fuses() -> bool:
    """whether the system compiler with C_FLAGS defines __FMA__"""
    cc = c_compiler()
    if is_tcc(cc):
        return False
    try:
        r = subprocess.run([cc, *C_FLAGS[:2], "-dM", "-E", "-x", "c", os.devnull], capture_output=True, text=True,
                           timeout=60)
    except (OSError, subprocess.SubprocessError):
        return False
    return r.returncode == 0 and "#define __FMA__ 1" in r.stdout


def tcc_source(c_source: str) -> str:
    """the C as tcc compiles it: ttx_fma32 rounding as the system compiler's"""
    if "ttx_fma32" not in c_source or not _system_cc_fuses():
        return c_source
    if _FMA_GUARD not in c_source:
        raise RuntimeError("ttxform: the C's ttx_fma32 helper is not the one the tcc option knows "
                           "(its guard line changed); compile without cc='tcc'")
    return ("/* tcc: ttx_fma32 through libm's fmaf, one rounding, as the system compiler's */\n"
            "float fmaf(float, float, float);\n#define __builtin_fmaf fmaf\n"
            + c_source.replace(_FMA_GUARD, "#if 1\n", 1))


@functools.cache
def _cpu_identity() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as f:
            for line in f:
                if line.startswith(("model name", "flags", "isa", "uarch")):
                    return hashlib.sha256(line.encode()).hexdigest()[:16]
    except OSError:
        pass
    return platform.processor() or host_arch()


@dataclass(frozen=True)
class CPUOptions(TritonOptions):
    """Triton's options (kept, changing nothing in the C but the key) and the
    backend's own"""
    # kernel[grid](..., cc="tcc"): the C compiled by the Tiny C Compiler
    # (fast compiles, slower code, the same results); "" the system's
    cc: str = ""
    # the riscv64-rvv target: the VLEN qemu-riscv64 emulates, and the
    # SpacemiT core of the SMT ops ("k1", "k3"; ttxform --smt-arch)
    vlen: int = 256
    smt_arch: str = ""
    # the riscv64-rvv target: SpacemiT's matrix instructions (IME) for the
    # micro-kernels that have them: "hw" the instructions (a K3 board),
    # "ref" their C reference (runs under qemu); "" the vector kernels
    # (ttxform build --smt-ime)
    smt_ime: str = ""

    def __post_init__(self) -> None:
        if self.cc not in CC_CHOICES:
            raise ValueError(f"ttxform: cc={self.cc!r}: the C compiler is '' (the system's) or 'tcc'")
        if self.vlen not in (128, 256, 512, 1024):
            raise ValueError(f"ttxform: vlen={self.vlen!r}: the VLEN is 128, 256, 512 or 1024")
        if self.smt_arch not in ("", "k1", "k3"):
            raise ValueError(f"ttxform: smt_arch={self.smt_arch!r}: the SpacemiT core is 'k1' or 'k3'")
        if self.smt_ime not in ("", "hw", "ref"):
            raise ValueError(f"ttxform: smt_ime={self.smt_ime!r}: SpacemiT's IME is 'hw' (the instructions) or "
                             "'ref' (their C reference)")


# the C parameters of the kernel: `void NAME(T a0, T a1, ..., i32 gridX, ...`
_PROTO = re.compile(r"^void\s+([A-Za-z_][A-Za-z0-9_]*)\s*\(([^)]*?)\bi32 gridX,", re.M | re.S)
_FLOAT_TYPES = ("float", "double", "_Float16", "__fp16", "__bf16")


def kernel_params(c_source: str, name: str) -> list[str]:
    """the C parameters of the kernel NAME before its grid's"""
    proto = None
    for m in _PROTO.finditer(c_source):
        if m.group(1) == name:
            proto = m
    if proto is None:
        raise RuntimeError(f"ttxform: no function '{name}' with the kernel ABI in the C output")
    return [p.strip() for p in proto.group(2).split(",") if p.strip()]


def entry_source(c_source: str, name: str) -> str:
    """`ttx_program(args, grid, pid)`: the kernel NAME called with its
    arguments taken from the launcher's array (pointers, integers, floats);
    and `ttx_launch(a)`, the one call of a launch (driver.py): a[0..2] the
    grid's extents, the kernel's arguments after them; the grid on the pool
    given once to `ttx_launch_bind`, then the failure check of the c-checked
    C: 0 done, 1 an invalid grid, 2 a program failed (`ttx_failure()` says
    how)"""
    params = kernel_params(c_source, name)
    args = []
    for i, p in enumerate(params):
        if "*" in p:
            args.append(f"a[{i}].p")
        elif p.split()[0] in _FLOAT_TYPES:
            args.append(f"a[{i}].f")
        else:
            args.append(f"a[{i}].i")
    call_args = ", ".join(args + ["gx", "gy", "gz", "x", "y", "z"])
    return (
        "\n/* the entry the ttxform launcher calls for each program of the grid */\n"
        "typedef union { void *p; long long i; double f; } ttx_arg_t;\n"
        "void ttx_program(const ttx_arg_t *a, int gx, int gy, int gz, int x, int y, int z);\n"
        "void ttx_program(const ttx_arg_t *a, int gx, int gy, int gz, int x, int y, int z)\n"
        f"{{\n    (void)a;\n    {name}({call_args});\n}}\n"
        "\n/* the launcher's call: a[0..2] the grid's extents, then the arguments; the\n"
        " * grid on libttxform's pool (ttx_pool_launch), then the failure check:\n"
        " * 0 done, 1 an invalid grid, 2 a program failed */\n"
        "typedef int (*ttx_pool_launch_t)(void *, void (*)(const ttx_arg_t *, int, int, int, int, int, int),\n"
        "                                 const ttx_arg_t *, int, int, int);\n"
        "static ttx_pool_launch_t ttx_l_launch;\n"
        "static void *ttx_l_pool;\n"
        "void ttx_launch_bind(ttx_pool_launch_t launch, void *pool);\n"
        "void ttx_launch_bind(ttx_pool_launch_t launch, void *pool)\n"
        "{\n    ttx_l_launch = launch;\n    ttx_l_pool = pool;\n}\n"
        "int ttx_launch(const ttx_arg_t *a);\n"
        "int ttx_launch(const ttx_arg_t *a)\n"
        "{\n    long long gx = a[0].i, gy = a[1].i, gz = a[2].i;\n"
        "    if (gx < 0 || gy < 0 || gz < 0 || gx > 0x7fffffff || gy > 0x7fffffff || gz > 0x7fffffff) return 1;\n"
        "    if (ttx_l_launch(ttx_l_pool, ttx_program, a + 3, (int)gx, (int)gy, (int)gz)) return 1;\n"
        "    return ttx_failure() ? 2 : 0;\n}\n"
    )


def dump_stage(metadata: dict[str, Any], ext: str, data: str | bytes) -> None:
    """TTXFORM_DUMP_DIR=DIR: the stage's output kept as DIR/NAME-HASH/NAME.EXT
    (HASH: the first 16 digits of Triton's hash of the compilation)"""
    root = os.environ.get("TTXFORM_DUMP_DIR")
    if not root:
        return
    name = metadata.get("name", "kernel")
    d = os.path.join(root, f"{name}-{str(metadata.get('hash', 'nohash'))[:16]}")
    os.makedirs(d, exist_ok=True)
    mode, enc = ("wb", None) if isinstance(data, bytes) else ("w", "utf-8")
    with open(os.path.join(d, f"{name}.{ext}"), mode, encoding=enc) as f:
        f.write(data)


def compile_shared_object(c_source: str, name: str, option: str = "") -> bytes:
    cc, flags = compiler_for(option)
    if shutil.which(cc) is None and not os.path.exists(cc):
        if option == "tcc":
            raise RuntimeError(f"ttxform: the option cc='tcc' needs the Tiny C Compiler: '{cc}' was not found "
                               "(apt-get install tcc, or set TTXFORM_TCC)")
        raise RuntimeError(f"ttxform: the C compiler '{cc}' was not found (set CC or TTXFORM_CC)")
    if is_tcc(cc):
        c_source = tcc_source(c_source)
    with tempfile.TemporaryDirectory(prefix="ttxform-") as d:
        src = os.path.join(d, f"{name}.c")
        out = os.path.join(d, f"{name}.so")
        with open(src, "w", encoding="utf-8") as f:
            f.write(c_source)
        cmd = [cc, *flags, "-o", out, src, "-lm"]
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            raise RuntimeError(f"ttxform: {' '.join(cmd)} failed:\n{r.stderr[-4000:]}")
        with open(out, "rb") as f:
            return f.read()


# Triton's TTIR passes for the C targets (those of the NVIDIA backend)
TTIR_PASSES = (
    ("common", "add_inliner"),
    ("ttir", "add_rewrite_tensor_pointer"),
    ("ttir", "add_rewrite_tensor_descriptor_to_pointer"),
    ("common", "add_canonicalizer"),
    ("ttir", "add_combine"),
    ("ttir", "add_reorder_broadcast"),
    ("common", "add_cse"),
    ("common", "add_symbol_dce"),
    ("ttir", "add_loop_unroll"),
)


class CPUBackend(TtxBackend):
    """Triton's target GPUTarget("cpu", <host arch>, 1) through ttxform, and
    GPUTarget("cpu", "riscv64-rvv", 1), the riscv64 mode (riscv.py)"""

    binary_ext = "so"
    options_cls = CPUOptions
    ttir_passes = TTIR_PASSES

    @staticmethod
    def supports_target(target: GPUTarget) -> bool:
        return target.backend == "cpu"

    def __init__(self, target: GPUTarget) -> None:
        super().__init__(target)
        self.riscv = target.arch == riscv.ARCH
        if self.riscv:
            self.binary_ext = "o"

    def hash(self) -> str:
        from .. import _lib
        here = package_hash(os.path.dirname(os.path.abspath(__file__)))
        if self.riscv:
            return f"ttxform-{_lib.build_id()}-{here}-{self.target.arch}-{riscv.clang_identity()}"
        cc, flags = compiler_for("")
        tcc, tflags = compiler_for("tcc")
        return (f"ttxform-{_lib.build_id()}-{here}-{self.target.arch}-{_cc_identity(cc)}-{' '.join(flags)}-"
                f"{_cc_identity(tcc)}-{' '.join(tflags)}-{_cpu_identity()}")

    @staticmethod
    def make_c(mod: Any, metadata: dict[str, Any], options: CPUOptions) -> str:
        from .. import _lib
        if options.smt_ime:
            raise ValueError(f"ttxform: smt_ime={options.smt_ime!r} is for the {riscv.ARCH} target (RiscvDriver)")
        name = entry_metadata(mod, metadata)
        text = str(mod)
        dump_stage(metadata, "ttir", text)
        with _lib.Context() as ctx:
            # the C with its failure hooks: a gather index out of range, a
            # false tl.device_assert, ... raise after the launch (driver.py)
            c_source = ctx.load(text, f"{name}.ttir").compile("c-checked", _smt_option(options))
        c_source += entry_source(c_source, name)
        dump_stage(metadata, "c", c_source)
        return c_source

    @staticmethod
    def make_rvv_c(mod: Any, metadata: dict[str, Any], options: CPUOptions) -> str:
        """the riscv64 mode's C: the rvv target's, with the launcher's stub"""
        from .. import _lib
        if options.cc:
            raise ValueError(f"ttxform: cc={options.cc!r} is for the host target; the {riscv.ARCH} target "
                             "compiles with clang-19")
        if options.smt_ime and not options.smt_arch:
            raise ValueError(f"ttxform: smt_ime={options.smt_ime!r} needs smt_arch ('k1' or 'k3'): the IME "
                             "instructions are a SpacemiT core's")
        name = entry_metadata(mod, metadata)
        text = str(mod)
        metadata["rv_f16"] = riscv.uses_f16(text)
        dump_stage(metadata, "ttir", text)
        with _lib.Context() as ctx:
            c_source = ctx.load(text, f"{name}.ttir").compile("rvv", _smt_option(options))
        c_source = riscv.program_source(c_source, kernel_params(c_source, name), name)
        if options.smt_ime:   # as ttxform build --smt-ime writes it
            c_source = (f"/* smt_ime={options.smt_ime} */\n#define TTX_SMT_HW 1\n"
                        + ("#define TTX_SMT_IME_REF 1\n" if options.smt_ime == "ref" else "") + c_source)
        dump_stage(metadata, "c", c_source)
        return c_source

    @staticmethod
    def make_object(src: str, metadata: dict[str, Any], options: CPUOptions) -> bytes:
        obj = riscv.build_object(src, metadata["name"], metadata["rv_f16"])
        dump_stage(metadata, "o", obj)
        return obj

    @staticmethod
    def make_so(src: str, metadata: dict[str, Any], options: CPUOptions) -> bytes:
        so = compile_shared_object(src, metadata["name"], options.cc)
        dump_stage(metadata, "so", so)
        return so

    def later_stages(self, options: CPUOptions) -> list[tuple[str, Any]]:
        if self.riscv:
            riscv.clang()   # a missing clang-19 is an error before any work
            return [("c", self.make_rvv_c), ("o", self.make_object)]
        return [("c", self.make_c), ("so", self.make_so)]


def _smt_option(options: CPUOptions) -> str:
    return f"smt-arch={options.smt_arch}" if options.smt_arch else ""
