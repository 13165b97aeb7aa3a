"""The Spyre backend of Triton through ttxform: TTIR (Triton's passes, tensor
descriptors kept, as the Spyre backend's make_ttir runs them) -> KTIR
(ttxform's Spyre pipeline, in-process through libttxform's ``ktir`` target).

Stages: ``ttir`` and ``ktir``, each in Triton's cache and in ``kernel.asm``;
the binary is the KTIR text.  Options are those of the Spyre backend's
``SpyreOptions``: ``grid`` (default ``(32,)``), ``base_addresses``,
``required_fixes`` ({fix pass: core pass it runs after}; a name or an anchor
that is not one is an error), ``lx_size`` and ``data_layout`` (device|host).  A launch
(``kernel[grid](...)``) gives the grid as ``spyre_grid=``, Triton's launch
keeping ``grid`` for itself.

Importing this module must never fail (Triton imports every backend on
``import triton``), so it only defines things.
"""
from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from triton.backends.compiler import GPUTarget

from .._backend import TtxBackend, entry_metadata, package_hash
from .._options import TritonOptions

# the Spyre pipeline's core passes and fix passes, by binding name (ttxform
# also takes the pass flags: the C API's `fix=PASS@ANCHOR`)
CORE_PASSES = ("lower_structured_pointers", "lower_descriptor_memory", "lower_scalar_load", "lower_compute_ops",
               "rewrite_descriptor_layout", "lower_inter_tile", "convert_functions")
FIX_PASSES = ("convert_elementwise_to_linalg", "unalias_linalg_outs", "materialize_base_addresses")


@dataclass(frozen=True)
class SpyreOptions(TritonOptions):
    """the Spyre backend's options, plus those Triton's launch path passes
    (kept, and changing nothing but the key)"""
    grid: tuple = (32,)
    base_addresses: tuple = ()
    required_fixes: Any = field(default_factory=dict)
    lx_size: int = 2 * 1024 * 1024
    data_layout: str = "device"
    # kernel[grid](..., spyre_grid=(4, 8)): Triton's launch takes `grid` for
    # itself, so a launch names the option this way; it replaces `grid`
    spyre_grid: tuple = ()
    backend_name: str = "spyre"

    def __post_init__(self) -> None:
        if self.spyre_grid:
            object.__setattr__(self, "grid", self.spyre_grid)
            object.__setattr__(self, "spyre_grid", ())
        object.__setattr__(self, "grid", tuple(int(g) for g in self.grid))
        object.__setattr__(self, "base_addresses", tuple(int(a) for a in self.base_addresses))
        if not 1 <= len(self.grid) <= 3 or any(g < 1 for g in self.grid):
            raise ValueError(f"ttxform spyre: grid {self.grid} must have 1 to 3 positive axes")
        if self.data_layout not in ("device", "host"):
            raise ValueError(f"ttxform spyre: data_layout must be 'device' or 'host', not {self.data_layout!r}")
        fixes = self.required_fixes
        if not isinstance(fixes, Mapping):
            fixes = dict(fixes)
        for fix, anchor in fixes.items():
            if fix not in FIX_PASSES:
                raise ValueError(f"ttxform spyre: required_fixes: {fix!r} is not a fix pass ({', '.join(FIX_PASSES)})")
            if anchor not in CORE_PASSES:
                raise ValueError(f"ttxform spyre: required_fixes: the anchor {anchor!r} of {fix!r} is not a core "
                                 f"pass of the Spyre pipeline ({', '.join(CORE_PASSES)})")
        object.__setattr__(self, "required_fixes", tuple(fixes.items()))

    def pipeline_options(self) -> str:
        """the C API's options of the ``ktir`` target"""
        opts = ["grid=" + ",".join(str(g) for g in self.grid), f"data-layout={self.data_layout}"]
        if self.base_addresses:
            opts.append("base-addresses=" + ",".join(str(a) for a in self.base_addresses))
        opts += [f"fix={fix}@{anchor}" for fix, anchor in self.required_fixes]
        return " ".join(opts)


# the Spyre backend's list: no tensor-pointer or descriptor rewrite, no loop
# unrolling, so tt.make_tensor_descriptor and its loads stay
TTIR_PASSES = (("common", "add_inliner"), ("common", "add_canonicalizer"), ("ttir", "add_combine"),
               ("ttir", "add_reorder_broadcast"), ("common", "add_cse"), ("common", "add_symbol_dce"))


class SpyreBackend(TtxBackend):
    """Triton's target GPUTarget("spyre", ...) through ttxform"""

    binary_ext = "ktir"
    options_cls = SpyreOptions
    ttir_passes = TTIR_PASSES
    who = "ttxform spyre"

    @staticmethod
    def supports_target(target: GPUTarget) -> bool:
        return target.backend == "spyre"

    def hash(self) -> str:
        from .. import _lib
        here = os.path.dirname(os.path.abspath(__file__))
        return f"ttxform-spyre-{_lib.build_id()}-{package_hash(here)}-{self.target.arch}"

    @staticmethod
    def make_ktir(mod: Any, metadata: dict[str, Any], options: SpyreOptions) -> str:
        from .. import _lib
        name = entry_metadata(mod, metadata)
        with _lib.Context() as ctx:
            return ctx.load(str(mod), f"{name}.ttir").compile("ktir", options.pipeline_options())

    def later_stages(self, options: SpyreOptions) -> list[tuple[str, Any]]:
        return [("ktir", self.make_ktir)]
