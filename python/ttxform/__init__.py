"""ttxform: Triton IR to C, RISC-V Vector and KTIR, from Python.

A thin binding of libttxform's C API (include/ttxform.h), loaded on first use;
importing this package does no work and never imports Triton.  The Triton
backend is the subpackage ``ttxform.triton`` (docs/triton.md).

    >>> import ttxform
    >>> c_source = ttxform.compile(ttir_text, "c", file="kernel.ttir")
"""
from ._lib import (
    CompilationError,
    Context,
    Diagnostic,
    Module,
    build_id,
    compile,
    library_path,
    version,
)

__all__ = [
    "CompilationError",
    "Context",
    "Diagnostic",
    "Module",
    "build_id",
    "compile",
    "library_path",
    "version",
]
