"""The ``spyre`` target of stock Triton through ttxform: ``@triton.jit``
kernels compiled to KTIR for IBM Spyre (``ck.asm["ktir"]``), and run on the
CPU by ttxform's KTIR engine (docs/spyre.md).

Triton finds it through the ``triton.backends`` entry point
``ttxform_spyre`` (``ttxform.spyre.compiler`` and ``ttxform.spyre.driver``)::

    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource
    ck = triton.compile(ASTSource(fn, signature, constexprs),
                        target=GPUTarget("spyre", 1, 1), options={"grid": (4, 8)})
    print(ck.asm["ktir"])

Its driver, ``SpyreDriver``, is never active by itself; select it with
``triton.runtime.driver.set_active(SpyreDriver())``, then
``kernel[grid](tensor(x), ...)`` runs the kernel's KTIR.

Nothing here imports Triton until SpyreDriver or SpyreOptions is asked for.
"""
from __future__ import annotations

import importlib
from typing import Any

__all__ = ["SpyreDriver", "SpyreOptions"]


_LAZY = {"SpyreDriver": ".driver", "SpyreOptions": ".compiler"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
