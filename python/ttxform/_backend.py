"""What the compilers of both Triton backends (ttxform.triton, ttxform.spyre)
share: a BaseBackend with the methods Triton asks of every backend, Triton's
TTIR passes, and the hash of a package's sources for the cache key.

Imported only by the backends' compiler modules (Triton imports them on
``import triton``), so importing it must never fail and does no work."""
from __future__ import annotations

import functools
import hashlib
import os
from collections.abc import Callable
from typing import Any

from triton.backends.compiler import BaseBackend, GPUTarget

from ._options import parse_options

try:
    from triton.backends.compiler import Language
except ImportError:  # before 3.4
    Language = None


@functools.cache
@functools.cache
def library_hash() -> str:
    """a hash of libttxform's bytes: its build id names the commit, but a
    library rebuilt from changed sources keeps it, and a kernel cached by
    the old one must not be reused"""
    from . import _lib
    h = hashlib.sha256()
    try:
        with open(_lib.library_path(), "rb") as f:
            for block in iter(lambda: f.read(1 << 20), b""):
                h.update(block)
    except OSError:
        h.update(_lib.build_id().encode())
    return h.hexdigest()[:16]


def package_hash(folder: str) -> str:
    """a hash of the .py files of folder and of this one, and of libttxform
    (the key of Triton's cache does not cover an out-of-tree backend's code)"""
    h = hashlib.sha256()
    here = os.path.dirname(os.path.abspath(__file__))
    files = [os.path.join(folder, n) for n in sorted(os.listdir(folder)) if n.endswith(".py")]
    for path in [*files, os.path.join(here, "_backend.py"), os.path.join(here, "_options.py")]:
        with open(path, "rb") as f:
            h.update(os.path.basename(path).encode() + b"\0" + f.read())
    h.update(library_hash().encode())
    return h.hexdigest()[:16]


def run_ttir_passes(mod: Any, names: tuple[tuple[str, str], ...]) -> Any:
    """Triton's passes (("common"|"ttir", "add_NAME"), ...) over mod, each
    only if the installed Triton has it"""
    from triton._C.libtriton import ir, passes
    pm = ir.pass_manager(mod.context)
    pm.enable_debug()
    for owner, name in names:
        group = getattr(passes, owner)
        if hasattr(group, name):
            getattr(group, name)(pm)
    try:
        pm.run(mod, "make_ttir")
    except TypeError:  # before 3.6 run() takes no name
        pm.run(mod)
    return mod


def entry_metadata(mod: Any, metadata: dict[str, Any]) -> str:
    """the kernel's name into the metadata, with what Triton reads there; the name"""
    name = mod.get_entry_func_name()
    metadata["name"] = name
    metadata["shared"] = 0
    metadata.setdefault("cluster_dims", (1, 1, 1))
    return name


class TtxBackend(BaseBackend):
    """a ttxform backend: the subclass names its options class, its TTIR
    passes, the stages after ``ttir`` (``later_stages``) and its part of the
    key (``hash``)"""

    options_cls: Any = None
    ttir_passes: tuple[tuple[str, str], ...] = ()
    who = "ttxform"

    def __init__(self, target: GPUTarget) -> None:
        super().__init__(target)

    def parse_options(self, opts: dict[str, Any]) -> Any:
        return parse_options(self.options_cls, opts, self.target.arch)

    def pack_metadata(self, metadata: Any) -> tuple:
        return (metadata.num_warps, metadata.num_ctas, metadata.shared)

    def get_codegen_implementation(self, options: Any) -> dict[str, Any]:
        return {"min_dot_size": lambda lhs_type, rhs_type: (1, 1, 1)}

    def get_module_map(self) -> dict[str, Any]:
        """`from triton.language.extra import libdevice` (tanh, erf, pow, ...)
        resolves to the CUDA one: its functions become tt.extern_elementwise
        of __nv_* symbols, which ttxform computes itself (a function it lacks
        is refused at the user's line)"""
        try:
            from triton.language.extra.cuda import libdevice
        except ImportError:
            return {}
        return {"triton.language.extra.libdevice": libdevice}

    def load_dialects(self, ctx: Any) -> None:
        pass

    def make_ttir(self, mod: Any, metadata: dict[str, Any], options: Any) -> Any:
        return run_ttir_passes(mod, self.ttir_passes)

    def later_stages(self, options: Any) -> list[tuple[str, Callable]]:
        """(extension, fn(src, metadata, options)) of each stage after ttir,
        the binary's last"""
        raise NotImplementedError

    def add_stages(self, stages: dict[str, Any], options: Any, language: Any = None) -> None:
        if Language is not None and language is not None and language != Language.TRITON:
            raise RuntimeError(f"{self.who}: the {language} language is not supported (Triton kernels only)")
        stages["ttir"] = lambda src, metadata: self.make_ttir(src, metadata, options)
        for ext, fn in self.later_stages(options):
            stages[ext] = lambda src, metadata, fn=fn: fn(src, metadata, options)
