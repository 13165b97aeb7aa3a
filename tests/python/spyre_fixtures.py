"""The torch-spyre fixtures (../shared/corpus/spyre-fixtures), read where they
are at test time: each folder's meta.py imported as a package (its kernel.py
beside it), its VARIANTS expanded as FIXTURES.md says (``base`` chains,
shallow merge over the base, one case per combination of ``params``)."""
from __future__ import annotations

import importlib
import importlib.util
import itertools
import os
import sys
from dataclasses import dataclass
from typing import Any

ROOT = os.environ.get("TTXFORM_SPYRE_FIXTURES") or os.path.normpath(
    os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared", "corpus", "spyre-fixtures"))
FOLDERS = ("vector_add", "softmax", "matmul")


@dataclass
class Case:
    id: str
    variant: dict
    signature: dict
    params: dict


def _load_meta(folder: str) -> Any:
    pkg = f"ttxform_spyre_fixture_{folder}"
    if pkg + ".meta" in sys.modules:
        return sys.modules[pkg + ".meta"]
    path = os.path.join(ROOT, folder)
    spec = importlib.util.spec_from_file_location(pkg, os.path.join(path, "__init__.py"),
                                                  submodule_search_locations=[path])
    mod = importlib.util.module_from_spec(spec)
    sys.modules[pkg] = mod
    spec.loader.exec_module(mod)
    return importlib.import_module(pkg + ".meta")


def _resolve(variants: dict, name: str, seen: tuple = ()) -> dict:
    if name in seen:
        raise ValueError(f"circular base chain: {' -> '.join(seen + (name,))}")
    v = dict(variants[name])
    if name == "default":
        return v
    base = _resolve(variants, v.pop("base", "default"), seen + (name,))
    base.update(v)
    return base


def cases() -> list[Case]:
    out = []
    for folder in FOLDERS:
        meta = _load_meta(folder)
        for name in meta.VARIANTS:
            v = _resolve(meta.VARIANTS, name)
            sig = v.get("SIGNATURE", meta.SIGNATURE)
            keys = list(v["params"])
            combos = list(itertools.product(*(v["params"][k] for k in keys)))
            for combo in combos:
                params = dict(zip(keys, combo))
                cid = folder if name == "default" else f"{folder}__{name}"
                if len(combos) > 1:
                    cid += "[" + ",".join(f"{k}={params[k]}" for k in keys if len(v["params"][k]) > 1) + "]"
                out.append(Case(cid, v, sig, params))
    return out
