"""ttxform as a backend of stock Triton: ``@triton.jit`` kernels compiled to C
by ttxform and run on the CPU's threads (docs/triton.md).

Triton finds it through the ``triton.backends`` entry point ``ttxform``
(``ttxform.triton.compiler`` and ``ttxform.triton.driver``).  Its driver,
``CPUDriver``, is active by itself when no GPU driver is; else::

    import triton
    from ttxform.triton import CPUDriver, tensor
    triton.runtime.driver.set_active(CPUDriver())
    add_kernel[grid](tensor(x), tensor(y), tensor(out), n, BLOCK=1024)

``RiscvDriver`` (``ttxform.triton.riscv``) is the riscv64 mode: kernels as
RISC-V Vector C built by clang-19 and run under qemu-riscv64::

    triton.runtime.driver.set_active(RiscvDriver())
    add_kernel[grid](tensor(x), tensor(y), tensor(out), n, BLOCK=1024, vlen=512)

Nothing here imports Triton until CPUDriver or RiscvDriver is asked for.
"""
from __future__ import annotations

import importlib
from typing import Any

from ._tensor import Tensor, tensor

__all__ = ["CPUDriver", "KernelError", "RiscvDriver", "Tensor", "tensor"]


_LAZY = {"CPUDriver": ".driver", "KernelError": ".driver", "RiscvDriver": ".riscv"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
