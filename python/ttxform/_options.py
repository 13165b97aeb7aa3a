"""The option parsing both Triton backends share (ttxform.triton, ttxform.spyre):
no Triton import, so it loads with the package."""
from dataclasses import fields
from typing import Any

# options Triton hands over as lists that the frozen dataclasses keep as tuples
_TUPLES = ("supported_fp8_dtypes", "deprecated_fp8_dot_operand_dtypes", "allowed_dot_input_precisions",
           "cluster_dims")


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
