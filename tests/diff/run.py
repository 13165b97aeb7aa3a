#!/usr/bin/env python3
"""Differential testing of ttxform's engines on generated kernels.

usage: run.py TTXFORM [--seeds=A:B] [--minutes=M] [--features=F,...] [--engines=E,...]
              [--regressions=DIR] [--replay-only] [--minimise] [--save=NAME] [--keep]

Each seed is a random, valid TTIR kernel (gen.py, segments.py) run on every engine
(engines.py: the interpreter as the reference, the JIT, --emit=c built by gcc with the
sanitizers, --via=ktir when --emit=ktir takes the kernel, riscv64-rvv under qemu at VLEN
256), the outputs compared with the interpreter's: integers bit for bit, floats bit for bit
unless the kernel has math functions or dots (then within 4 ulp, the tolerance of --check),
NaNs wherever the interpreter has them.  A disagreement, a crash, a sanitizer report, a
hang, or an exit 1 without a located `error:` fails the seed.  Then every regression of
DIR (default: regressions/ next to this file) is replayed; one marked `// XFAIL: reason`
passes while it still fails (and says XPASS once it agrees).

--seeds=A:B   the seeds A..B-1 (default 0:40); `--minutes=M` instead runs consecutive
              seeds from A for M minutes and prints the figures of the run.
--minimise    shrink each failing kernel (minimise.py) and print it; with --save=NAME
              also write it to DIR as NAME-SEED.ttir with its inputs.
Prints `PASS`/`FAIL` per seed and regression and `N passed, N failed`.
"""
from __future__ import annotations

import argparse
import collections
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


class Runner:
    def __init__(self, ttx: str, engines: list[str], keep: bool) -> None:
        import engines as eng
        self.eng = eng
        self.ttx = os.path.abspath(ttx)
        self.engines = engines
        self.keep = keep
        self.counts: dict[str, collections.Counter] = {e: collections.Counter() for e in engines}
        self.cache = eng.scratch()

    def case_of(self, k, work: str):
        import numpy as np
        b = k.build()
        path = os.path.join(work, "k.ttir")
        with open(path, "w") as f:
            f.write(k.render())
        args = []
        for a in b.args:
            if isinstance(a.value, np.ndarray):
                f = os.path.join(work, f"in.{a.name[1:]}.npy")
                np.save(f, a.value)
                args.append((a.name, a.ty, f))
            else:
                args.append((a.name, a.ty, a.value))
        return self.eng.Case(path, k.grid, args, [a.name for a in b.args if a.output], b.exact, work, k.valid, b.zeros_any,
                             k.grid_arg())

    def run_case(self, case) -> tuple[dict, list[str]]:
        outs = {}
        for e in self.engines:
            outs[e] = self.eng.run_engine(self.ttx, e, case, cache=self.cache)
        return outs, self.eng.compare(outs, case.exact, case.valid, case.zeros_any)

    def run_kernel(self, k) -> tuple[dict, list[str]]:
        work = self.eng.scratch()
        try:
            return self.run_case(self.case_of(k, work))
        finally:
            if not self.keep:
                import shutil
                shutil.rmtree(work, ignore_errors=True)


def failing_engines(fails: list[str]) -> set[str]:
    return {f.split(":")[0].split(" ")[0] for f in fails}


def replay(r: Runner, path: str) -> tuple[str | None, str]:
    """(why it failed or None, a note) for one regression file"""
    import shlex

    import numpy as np
    head = {}
    with open(path) as f:
        for line in f:
            if not line.startswith("// "):
                break
            key, _, val = line[3:].partition(":")
            head.setdefault(key.strip(), val.strip())
    words = shlex.split(head["RUN"])
    root = os.path.normpath(os.path.join(HERE, "..", ".."))
    grid = (1, 1, 1)
    grid_text = ""
    args, outs = [], []
    work = r.eng.scratch()
    tys = {}
    with open(path) as f:
        text = f.read()
    import re
    m = re.search(r"tt\.func public @\w+\((.*?)\) attributes", text)
    for part in (m.group(1) if m else "").split(", %"):
        nm, _, ty = part.lstrip("%").partition(": ")
        tys["%" + nm] = ty.split(" {")[0]
    for i, w in enumerate(words):
        if w.startswith("--grid="):
            g = [int(x) for x in w[7:].split(",")]
            grid = tuple(g + [1] * (3 - len(g)))  # type: ignore[assignment]
            grid_text = w
        elif w == "--arg":
            nm, _, v = words[i + 1].partition("=")
            val: object = os.path.join(root, v) if v.endswith(".npy") else int(v)
            args.append(("%" + nm, tys["%" + nm], val))
        elif w == "--output":
            outs.append("%" + words[i + 1].partition("=")[0])
    for j, (nm, ty, v) in enumerate(args):
        if isinstance(v, str):   # copy: the engines must not write into the repository
            c = os.path.join(work, f"in.{nm[1:]}.npy")
            np.save(c, np.load(v))
            args[j] = (nm, ty, c)
    engines = [e for e in head.get("ENGINES", "").split() if e in r.engines]
    case = r.eng.Case(path, grid, args, outs, head.get("EXACT", "yes") == "yes", work, head.get("VALID", "yes") == "yes",
                      head.get("ZEROS", "") == "any", grid_text)
    saved, r.engines = r.engines, engines
    try:
        _, fails = r.run_case(case)
    finally:
        r.engines = saved
        if not r.keep:
            __import__("shutil").rmtree(work, ignore_errors=True)
    xfail = head.get("XFAIL")
    if xfail:
        return None, ("XFAIL (" + xfail + "): " + "; ".join(fails)[:300]) if fails else "XPASS: agrees now; remove its XFAIL line"
    return ("; ".join(fails) if fails else None), ""


def main() -> int:
    sys.path.insert(0, os.path.join(HERE, "..", "numeric"))
    from harness import numpy_or_skip  # noqa: PLC0415 (tests/numeric, found at run time)
    numpy_or_skip("diff")   # re-runs this under /usr/bin/python3 when that has NumPy
    sys.path.insert(0, HERE)
    import engines as eng
    import gen
    import minimise

    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("ttxform")
    p.add_argument("--seeds", default="0:40")
    p.add_argument("--minutes", type=float)
    p.add_argument("--features", default=",".join(gen.DEFAULT))
    p.add_argument("--engines", default=",".join(eng.ENGINES))
    p.add_argument("--regressions", default=os.path.join(HERE, "regressions"))
    p.add_argument("--replay-only", action="store_true")
    p.add_argument("--no-replay", action="store_true")
    p.add_argument("--minimise", action="store_true")
    p.add_argument("--save")
    p.add_argument("--keep", action="store_true")
    a = p.parse_args()
    feats = tuple(f for f in a.features.split(",") if f)
    for f in feats:
        if f not in gen.FEATURES:
            p.error(f"unknown feature {f!r} (features: {', '.join(gen.FEATURES)})")
    engines = [e for e in a.engines.split(",") if e]
    if "rvv" in engines and not eng.have_rvv():
        print("NOTE clang-19, qemu-riscv64 or the riscv64 sysroot is missing: the rvv engine is skipped")
        engines.remove("rvv")
    if "c" in engines and not __import__("shutil").which("gcc"):
        print("NOTE gcc is missing: the c engine is skipped")
        engines.remove("c")
    r = Runner(a.ttxform, engines, a.keep)
    passed = failed = 0
    start = time.time()
    lo, _, hi = a.seeds.partition(":")
    seed, end = int(lo), int(hi or int(lo) + 1)
    kernels = 0
    # seeds of the default features that fail with a defect kept in regressions/ (known.tsv:
    # SEED<TAB>REGRESSION<TAB>reason): counted as passing while they fail
    known: dict[int, str] = {}
    kf = os.path.join(HERE, "known.tsv")
    if os.path.exists(kf):
        with open(kf) as f:
            rows = f.read().splitlines()
        for line in rows:
            if line.strip() and not line.startswith("#"):
                s_, reg, why = (line.rstrip("\n").split("\t") + ["", ""])[:3]
                known[int(s_)] = f"known: {reg}: {why}"
    found: list[str] = []
    while not a.replay_only:
        if a.minutes is not None:
            if time.time() - start > a.minutes * 60:
                break
        elif seed >= end:
            break
        k = gen.generate(seed, feats)
        kernels += 1
        outs, fails = r.run_kernel(k)
        for e, o in outs.items():
            r.counts[e][o.kind + ("+" + o.detail if o.detail == "fallback" else "")] += 1
        if fails and seed in known and set(feats) == set(gen.DEFAULT):
            passed += 1
            print(f"XFAIL seed {seed}: {known[seed]} (" + " | ".join(fails)[:300] + ")")
        elif fails:
            failed += 1
            print(f"FAIL seed {seed} ({' '.join(x for x, _, _ in k.segs)}): " + " | ".join(fails)[:1500])
            print(f"  repro: {sys.argv[0]} {a.ttxform} --seeds={seed}:{seed + 1} --features={','.join(sorted(k.feats))} --keep")
            if a.minimise:
                bad = failing_engines(fails)

                def still(c: gen.Kernel, bad: set[str] = bad) -> bool:
                    _, f2 = r.run_kernel(c)
                    return bool(failing_engines(f2) & bad)
                m = minimise.minimise(k, still, log=lambda s: print("  " + s))
                _, mf = r.run_kernel(m)
                found.append(f"seed {seed}: {' | '.join(mf)[:400]}")
                if a.save:
                    path = minimise.save(m, a.regressions, f"{a.save}-{seed}", engines, None, mf)
                    print(f"  saved {os.path.relpath(path)}")
                else:
                    print("\n".join("  | " + line for line in m.render().splitlines()))
        else:
            passed += 1
            kinds = " ".join(f"{e}={o.kind}" for e, o in outs.items())
            print(f"PASS seed {seed} ({' '.join(x for x, _, _ in k.segs)}; {kinds})")
        seed += 1
    if not a.no_replay and os.path.isdir(a.regressions):
        for f in sorted(os.listdir(a.regressions)):
            if f.endswith(".ttir"):
                why, note = replay(r, os.path.join(a.regressions, f))
                if why:
                    failed += 1
                    print(f"FAIL regression {f}: {why[:1500]}")
                else:
                    passed += 1
                    print(f"PASS regression {f}" + (f" {note}" if note else ""))
    if a.minutes is not None or kernels > 50:
        print(f"figures: {kernels} kernels (seeds {lo}..{seed - 1}) in {time.time() - start:.0f} s; per engine:")
        for e in engines:
            print(f"  {e}: " + ", ".join(f"{k} {v}" for k, v in sorted(r.counts[e].items())))
        for f in found:
            print("  found " + f)
    print(f"{passed} passed, {failed} failed")
    __import__("shutil").rmtree(r.cache, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
