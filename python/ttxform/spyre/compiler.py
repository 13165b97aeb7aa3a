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

import hashlib
import os
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from triton.backends.compiler import BaseBackend, GPUTarget

from .._options import parse_options

try:
    from triton.backends.compiler import Language
except ImportError:  # before 3.4
    Language = None

# the Spyre pipeline's core passes and fix passes, by binding name (ttxform
# also takes the pass flags: the C API's `fix=PASS@ANCHOR`)
CORE_PASSES = ("lower_structured_pointers", "lower_descriptor_memory", "lower_scalar_load", "lower_compute_ops",
               "rewrite_descriptor_layout", "lower_inter_tile", "convert_functions")
FIX_PASSES = ("convert_elementwise_to_linalg", "unalias_linalg_outs", "materialize_base_addresses")


def _package_hash() -> str:
    h = hashlib.sha256()
    here = os.path.dirname(os.path.abspath(__file__))
    for name in sorted(os.listdir(here)):
        if name.endswith(".py"):
            with open(os.path.join(here, name), "rb") as f:
                h.update(name.encode() + b"\0" + f.read())
    return h.hexdigest()[:16]


@dataclass(frozen=True)
class SpyreOptions:
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
    num_warps: int = 1
    num_ctas: int = 1
    num_stages: int = 1
    warp_size: int = 1
    cluster_dims: tuple = (1, 1, 1)
    debug: bool = False
    sanitize_overflow: bool = False
    instrumentation_mode: str = ""
    fpsan_homomorphic_casts: bool = False   # 3.9+
    arch: str = ""
    backend_name: str = "spyre"
    enable_fp_fusion: bool = True
    launch_cooperative_grid: bool = False
    launch_pdl: bool = False
    supported_fp8_dtypes: tuple = ()
    deprecated_fp8_dot_operand_dtypes: tuple = ()
    default_dot_input_precision: str = "ieee"
    allowed_dot_input_precisions: tuple = ("ieee",)
    max_num_imprecise_acc_default: int = 0
    extern_libs: Any = None
    ir_override: Any = None
    maxnreg: Any = None

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

    def hash(self) -> str:
        key = "_".join(f"{f.name}-{getattr(self, f.name)}" for f in fields(self))
        return hashlib.sha256(key.encode()).hexdigest()


class SpyreBackend(BaseBackend):
    """Triton's target GPUTarget("spyre", ...) through ttxform"""

    binary_ext = "ktir"

    @staticmethod
    def supports_target(target: GPUTarget) -> bool:
        return target.backend == "spyre"

    def __init__(self, target: GPUTarget) -> None:
        super().__init__(target)

    def hash(self) -> str:
        from .. import _lib
        return f"ttxform-spyre-{_lib.build_id()}-{_package_hash()}-{self.target.arch}"

    def parse_options(self, opts: dict[str, Any]) -> SpyreOptions:
        return parse_options(SpyreOptions, opts, self.target.arch)

    def pack_metadata(self, metadata: Any) -> tuple:
        return (metadata.num_warps, metadata.num_ctas, metadata.shared)

    def get_codegen_implementation(self, options: Any) -> dict[str, Any]:
        return {"min_dot_size": lambda lhs_type, rhs_type: (1, 1, 1)}

    def get_module_map(self) -> dict[str, Any]:
        return {}

    def load_dialects(self, ctx: Any) -> None:
        pass

    @staticmethod
    def make_ttir(mod: Any, metadata: dict[str, Any], options: SpyreOptions) -> Any:
        """the Spyre backend's list: no tensor-pointer or descriptor rewrite,
        no loop unrolling, so tt.make_tensor_descriptor and its loads stay"""
        from triton._C.libtriton import ir, passes
        pm = ir.pass_manager(mod.context)
        pm.enable_debug()
        common, ttir = passes.common, passes.ttir
        for owner, name in ((common, "add_inliner"), (common, "add_canonicalizer"), (ttir, "add_combine"),
                            (ttir, "add_reorder_broadcast"), (common, "add_cse"), (common, "add_symbol_dce")):
            getattr(owner, name)(pm)
        try:
            pm.run(mod, "make_ttir")
        except TypeError:  # before 3.6 run() takes no name
            pm.run(mod)
        return mod

    @staticmethod
    def make_ktir(mod: Any, metadata: dict[str, Any], options: SpyreOptions) -> str:
        from .. import _lib
        name = mod.get_entry_func_name()
        metadata["name"] = name
        metadata["shared"] = 0
        metadata.setdefault("cluster_dims", (1, 1, 1))
        with _lib.Context() as ctx:
            return ctx.load(str(mod), f"{name}.ttir").compile("ktir", options.pipeline_options())

    def add_stages(self, stages: dict[str, Any], options: SpyreOptions, language: Any = None) -> None:
        if Language is not None and language is not None and language != Language.TRITON:
            raise RuntimeError(f"ttxform spyre: the {language} language is not supported (Triton kernels only)")
        stages["ttir"] = lambda src, metadata: self.make_ttir(src, metadata, options)
        stages["ktir"] = lambda src, metadata: self.make_ktir(src, metadata, options)
