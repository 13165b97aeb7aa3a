"""Shrinking a failing generated kernel (delta debugging) and keeping it as a regression.

`minimise(kernel, fails)` removes segments (ddmin over the segment list), then
shrinks each segment's size, the grid, the block and the features, keeping every
step after which `fails(kernel)` still holds (the same engines still disagree).
`save(...)` writes tests/diff/regressions/NAME.ttir (the kernel, its `// RUN:`
command, the engines it runs on and, for a known defect, `// XFAIL: reason`) and
the NAME.argN.npy inputs next to it.
"""
from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable

import numpy as np
from gen import Kernel

Pred = Callable[[Kernel], bool]


def with_(k: Kernel, **kw: object) -> Kernel:
    return dataclasses.replace(k, b=None, **kw)  # type: ignore[arg-type]


def ddmin(items: list, test: Callable[[list], bool]) -> list:
    """the classic ddmin: a 1-minimal sublist of items for which test holds"""
    n = 2
    while len(items) >= 2:
        chunk = max(1, len(items) // n)
        subsets = [items[i:i + chunk] for i in range(0, len(items), chunk)]
        done = False
        for i in range(len(subsets)):
            complement = [x for j, s in enumerate(subsets) if j != i for x in s]
            if test(subsets[i]):
                items, n, done = subsets[i], 2, True
                break
            if len(subsets) > 2 and test(complement):
                items, n, done = complement, max(n - 1, 2), True
                break
        if not done:
            if n >= len(items):
                break
            n = min(len(items), n * 2)
    return items


def minimise(k: Kernel, fails: Pred, log: Callable[[str], None] = lambda s: None) -> Kernel:
    segs = ddmin(list(k.segs), lambda s: bool(s) and fails(with_(k, segs=list(s))))
    k = with_(k, segs=segs)
    log(f"segments: {len(segs)}")
    for i, (kind, s, size) in enumerate(k.segs):
        for z in range(1, size):
            c = with_(k, segs=k.segs[:i] + [(kind, s, z)] + k.segs[i + 1:])
            if fails(c):
                k = c
                break
    for grid in ((1, 1, 1), (2, 1, 1), (k.grid[0], 1, 1), (1, k.grid[1], 1), (1, 1, k.grid[2])):
        if grid != k.grid and all(g <= h for g, h in zip(grid, k.grid)):
            ratio = (grid[0] * grid[1] * grid[2]) / (k.grid[0] * k.grid[1] * k.grid[2])
            c = with_(k, grid=grid, n_valid=max(0, min(k.n_valid, int(k.n_valid * ratio) + 1)))
            if fails(c):
                k = c
                break
    for block in (16, 32, 64):
        if block < k.block:
            c = with_(k, block=block, n_valid=min(k.n_valid, block * k.grid[0] * k.grid[1] * k.grid[2]))
            if fails(c):
                k = c
                break
    total = k.block * k.grid[0] * k.grid[1] * k.grid[2]
    for n in (total, 1):
        if n != k.n_valid:
            c = with_(k, n_valid=n)
            if fails(c):
                k = c
                break
    for f in sorted(k.feats):
        c = with_(k, feats=k.feats - {f})
        if fails(c):
            k = c
    log(f"minimised: segments {k.segs}, grid {k.grid}, block {k.block}, n {k.n_valid}, "
        f"features {' '.join(sorted(k.feats))}")
    return k


def save(k: Kernel, folder: str, name: str, engines: list[str], xfail: str | None,
         disagree: list[str]) -> str:
    """NAME.ttir and its NAME.argN.npy inputs in folder; returns the .ttir path"""
    os.makedirs(folder, exist_ok=True)
    b = k.build()
    rel = os.path.relpath(folder, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
    run = [k.grid_arg()]
    for a in b.args:
        if isinstance(a.value, np.ndarray):
            f = f"{name}.{a.name[1:]}.npy"
            np.save(os.path.join(folder, f), a.value)
            run.append(f"--arg {a.name[1:]}={rel}/{f}")
        else:
            run.append(f"--arg {a.name[1:]}={a.value}")
    for a in b.args:
        if a.output:
            run.append(f"--output {a.name[1:]}=OUT.{a.name[1:]}.npy")
    text = k.render()
    head = [f"// RUN: ttxform run {rel}/{name}.ttir " + " ".join(run),
            "// ENGINES: " + " ".join(engines),
            "// EXACT: " + ("yes" if b.exact else "no"),
            "// VALID: " + ("yes" if k.valid else "no")]
    if b.zeros_any:
        head.append("// ZEROS: any")
    if xfail:
        head.append(f"// XFAIL: {xfail}")
    if disagree:
        head += [f"// FOUND: {d[:300]}" for d in disagree]
    path = os.path.join(folder, name + ".ttir")
    with open(path, "w") as f:
        f.write("\n".join(head) + "\n" + text)
    return path
