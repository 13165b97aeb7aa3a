"""ctypes binding of libttxform (include/ttxform.h).

The library is found next to this file (where ``pip install .`` puts it) or at
``$TTXFORM_LIBRARY``; it is loaded on the first call that needs it, never at
import.
"""
from __future__ import annotations

import ctypes
import os
import threading
from dataclasses import dataclass

_lock = threading.Lock()
_lib: ctypes.CDLL | None = None


class _Diag(ctypes.Structure):
    _fields_ = [
        ("severity", ctypes.c_int),
        ("file", ctypes.c_char_p),
        ("line", ctypes.c_int),
        ("col", ctypes.c_int),
        ("message", ctypes.c_char_p),
        ("source_line", ctypes.c_char_p),
    ]


class ttx_arg(ctypes.Union):
    """one kernel argument as ttx_pool_launch takes it"""
    _fields_ = [("p", ctypes.c_void_p), ("i", ctypes.c_int64), ("f", ctypes.c_double)]


PROGRAM_FN = ctypes.CFUNCTYPE(None, ctypes.POINTER(ttx_arg), ctypes.c_int32, ctypes.c_int32, ctypes.c_int32,
                              ctypes.c_int32, ctypes.c_int32, ctypes.c_int32)


def library_path() -> str:
    """the libttxform this package uses"""
    env = os.environ.get("TTXFORM_LIBRARY")
    if env:
        return env
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "libttxform.so")


def _declare(lib: ctypes.CDLL) -> None:
    vp, cp, sz = ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t
    sigs = {
        "ttx_version": (cp, []),
        "ttx_build_id": (cp, []),
        "ttx_api_version": (ctypes.c_int, []),
        "ttx_free": (None, [vp]),
        "ttx_context_new": (vp, []),
        "ttx_context_free": (None, [vp]),
        "ttx_module_load": (vp, [vp, cp, sz, cp]),
        "ttx_module_free": (None, [vp]),
        "ttx_module_kernel_name": (cp, [vp]),
        "ttx_module_run_pipeline": (ctypes.c_int, [vp, cp]),
        "ttx_module_run_target_pipeline": (ctypes.c_int, [vp, cp, cp]),
        "ttx_module_emit": (vp, [vp, cp, ctypes.POINTER(sz)]),
        "ttx_module_compile": (vp, [vp, cp, cp, ctypes.POINTER(sz)]),
        "ttx_diag_count": (ctypes.c_int, [vp]),
        "ttx_diag_get": (ctypes.POINTER(_Diag), [vp, ctypes.c_int]),
        "ttx_diag_error_count": (ctypes.c_int, [vp]),
        "ttx_diag_clear": (None, [vp]),
        "ttx_diag_format": (vp, [vp]),
        "ttx_pool_new": (vp, [ctypes.c_int]),
        "ttx_pool_free": (None, [vp]),
        "ttx_pool_threads": (ctypes.c_int, [vp]),
        "ttx_pool_launch": (ctypes.c_int, [vp, vp, vp, ctypes.c_int32, ctypes.c_int32, ctypes.c_int32]),
        "ttx_riscv_launcher_source": (cp, []),
    }
    for name, (res, args) in sigs.items():
        f = getattr(lib, name)
        f.restype = res
        f.argtypes = args


def lib() -> ctypes.CDLL:
    """libttxform, loaded once"""
    global _lib
    if _lib is None:
        with _lock:
            if _lib is None:
                path = library_path()
                try:
                    handle = ctypes.CDLL(path)
                except OSError as e:
                    raise ImportError(f"ttxform: cannot load libttxform ({path}): {e}") from e
                _declare(handle)
                _lib = handle
    return _lib


def _take_text(ptr: int | None) -> str | None:
    """a malloc'd string from the library, decoded and freed"""
    if not ptr:
        return None
    try:
        return ctypes.string_at(ptr).decode("utf-8", "replace")
    finally:
        lib().ttx_free(ptr)


def version() -> str:
    """the version of libttxform"""
    return lib().ttx_version().decode()


def riscv_launcher_source() -> str:
    """the C of the riscv64 launcher of `ttxform run --target=riscv64-rvv`"""
    return lib().ttx_riscv_launcher_source().decode()


def build_id() -> str:
    """what identifies this build of libttxform (version, commit, build time)"""
    return lib().ttx_build_id().decode()


SEVERITIES = ("error", "warning", "note", "remark")


@dataclass(frozen=True)
class Diagnostic:
    severity: str
    file: str | None
    line: int
    col: int
    message: str
    source_line: str | None

    def __str__(self) -> str:
        where = self.file or "<input>"
        if self.line > 0:
            where += f":{self.line}:{self.col}"
        return f"{where}: {self.severity}: {self.message}"


class CompilationError(RuntimeError):
    """ttxform could not read or lower the input; the message is its
    diagnostics (file:line:col: error: ..., the source line and a caret)"""

    def __init__(self, message: str, diagnostics: list[Diagnostic]):
        super().__init__(message)
        self.diagnostics = diagnostics


class Context:
    """a ttxform context: modules loaded into it and their diagnostics.  One
    thread at a time may use a context; separate contexts run in parallel."""

    def __init__(self) -> None:
        self._lib = lib()
        self._h = self._lib.ttx_context_new()
        if not self._h:
            raise MemoryError("ttx_context_new")

    def close(self) -> None:
        if self._h:
            self._lib.ttx_context_free(self._h)
            self._h = None

    def __enter__(self) -> Context:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:
            pass

    @property
    def diagnostics(self) -> list[Diagnostic]:
        def dec(b: bytes | None) -> str | None:
            return b.decode("utf-8", "replace") if b is not None else None

        out = []
        for i in range(self._lib.ttx_diag_count(self._h)):
            d = self._lib.ttx_diag_get(self._h, i).contents
            out.append(Diagnostic(SEVERITIES[d.severity], dec(d.file), d.line, d.col, dec(d.message) or "",
                                  dec(d.source_line)))
        return out

    def diagnostics_text(self) -> str:
        return _take_text(self._lib.ttx_diag_format(self._h)) or ""

    def clear(self) -> None:
        self._lib.ttx_diag_clear(self._h)

    def _error(self, what: str) -> CompilationError:
        text = self.diagnostics_text().rstrip("\n") or f"ttxform: {what} failed"
        err = CompilationError(text, self.diagnostics)
        self.clear()
        return err

    def load(self, text: str, file: str = "<input>") -> Module:
        """read and verify TTIR (or other MLIR text ttxform reads)"""
        data = text.encode("utf-8")
        h = self._lib.ttx_module_load(self._h, data, len(data), file.encode("utf-8"))
        if not h:
            raise self._error("reading")
        return Module(self, h)


class Module:
    """IR loaded into a Context; freed with it or by close()"""

    def __init__(self, ctx: Context, handle: int) -> None:
        self._ctx = ctx
        self._h = handle

    def close(self) -> None:
        if self._h and self._ctx._h:
            self._ctx._lib.ttx_module_free(self._h)
        self._h = None

    @property
    def kernel_name(self) -> str | None:
        n = self._ctx._lib.ttx_module_kernel_name(self._h)
        return n.decode() if n else None

    def run_pipeline(self, pipeline: str) -> None:
        """passes as `builtin.module(a,b{opt=v})` or `a,b{opt=v}`"""
        if self._ctx._lib.ttx_module_run_pipeline(self._h, pipeline.encode()) != 0:
            raise self._ctx._error("the pipeline")

    def run_target_pipeline(self, target: str, options: str = "") -> None:
        if self._ctx._lib.ttx_module_run_target_pipeline(self._h, target.encode(), options.encode()) != 0:
            raise self._ctx._error(f"the {target} pipeline")

    def emit(self, target: str) -> str:
        """the module as text: "c", "rvv", "ktir" or "mlir" (after its pipeline)"""
        n = ctypes.c_size_t()
        s = _take_text(self._ctx._lib.ttx_module_emit(self._h, target.encode(), ctypes.byref(n)))
        if s is None:
            raise self._ctx._error(f"writing {target}")
        return s

    def compile(self, target: str, options: str = "") -> str:
        """the target's pipeline, then its text"""
        n = ctypes.c_size_t()
        s = _take_text(self._ctx._lib.ttx_module_compile(self._h, target.encode(), options.encode(),
                                                          ctypes.byref(n)))
        if s is None:
            raise self._ctx._error(f"compiling to {target}")
        return s


def compile(text: str, target: str = "c", file: str = "<input>", options: str = "") -> str:
    """TTIR text to the target's text in one call; CompilationError on errors"""
    with Context() as ctx:
        return ctx.load(text, file).compile(target, options)
