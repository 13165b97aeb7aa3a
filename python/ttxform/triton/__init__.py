"""ttxform as a backend of stock Triton: ``@triton.jit`` kernels compiled to C
by ttxform and run on the CPU's threads (docs/triton.md).

Triton finds it through the ``triton.backends`` entry point ``ttxform``
(``ttxform.triton.compiler`` and ``ttxform.triton.driver``).  Its driver,
``CPUDriver``, is active by itself when no GPU driver is; else::

    import triton
    from ttxform.triton import CPUDriver, tensor
    triton.runtime.driver.set_active(CPUDriver())
    add_kernel[grid](tensor(x), tensor(y), tensor(out), n, BLOCK=1024)

Nothing here imports Triton until CPUDriver is asked for.
"""
from __future__ import annotations

from typing import Any

from ._tensor import Tensor, tensor

__all__ = ["CPUDriver", "Tensor", "tensor"]


def __getattr__(name: str) -> Any:
    if name == "CPUDriver":
        from .driver import CPUDriver
        return CPUDriver
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
