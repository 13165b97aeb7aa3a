"""The options both Triton backends share (ttxform.triton, ttxform.spyre):
the fields Triton's launch path passes, and their parsing.  No Triton import,
so it loads with the package."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, fields
from typing import Any

# options Triton hands over as lists that the frozen dataclasses keep as tuples
_TUPLES = ("supported_fp8_dtypes", "deprecated_fp8_dot_operand_dtypes", "allowed_dot_input_precisions",
           "cluster_dims")


@dataclass(frozen=True)
class TritonOptions:
    """the options Triton passes (kernel[grid](..., num_warps=4)); they are
    accepted and kept in the metadata, and change nothing in the output but
    the key.  Each backend's options add their own fields."""
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
    backend_name: str = "ttxform"
    enable_fp_fusion: bool = True
    launch_cooperative_grid: bool = False
    launch_pdl: bool = False
    supported_fp8_dtypes: tuple[str, ...] = ()
    deprecated_fp8_dot_operand_dtypes: tuple[str, ...] = ()
    default_dot_input_precision: str = "ieee"
    allowed_dot_input_precisions: tuple[str, ...] = ("ieee",)
    max_num_imprecise_acc_default: int = 0
    extern_libs: Any = None
    ir_override: Any = None
    maxnreg: Any = None

    def hash(self) -> str:
        key = "_".join(f"{f.name}-{getattr(self, f.name)}" for f in fields(self))
        return hashlib.sha256(key.encode()).hexdigest()


def parse_options(cls: Any, opts: dict[str, Any], arch: Any) -> Any:
    """cls(**opts) with the options cls knows (None ones left at their
    defaults), `arch` the target's, and list options as tuples"""
    known = {f.name for f in fields(cls)}
    args = {k: v for k, v in opts.items() if k in known and v is not None}
    args["arch"] = str(arch)
    for k in _TUPLES:
        if k in args:
            args[k] = tuple(args[k])
    return cls(**args)
