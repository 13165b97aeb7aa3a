#!/usr/bin/env python3
"""Check the producer_dependency_per_consumer sets of lower-inter-tile with
ktir-cpu's own reader.

Each section of tests/lit/spyre-lower-inter-tile.mlir that carries a
depWkSlices attribute is lowered with `ttxform --lower-inter-tile`.  The
emitted producer, consumer and dependency sets are read with ktir-cpu's
affine-set parser and evaluated with its CommPlan.for_reduce, the code that
builds the per-consumer dependencies when ktir-cpu runs the op.  The result
is compared with the dependencies computed here from the op's attributes:
consumer c of group g waits for producer p of g when the axis coordinate of
p is listed under the axis coordinate of c in depWkSlices.

Usage:
    check_deps.py --ktir-cpu DIR [--ttxform BIN] [-v]

Exit status: 0 when every set matches, 1 otherwise.  The meson suite runs it
(`ktir-cpu-deps`) with --skip-missing: a missing ktir-cpu checkout, or no
Python with NumPy (this one, or /usr/bin/python3, which it then re-runs
under), is a skip (exit 77) instead of an error.
"""

import argparse
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
LIT = os.path.join(REPO, "tests", "lit", "spyre-lower-inter-tile.mlir")


def parse_dict(text):
    """{a = 1 : i64, b = 2 : i64} -> {"a": 1, "b": 2}"""
    return {k: int(v) for k, v in re.findall(r'"?(\w+)"?\s*=\s*(-?\d+)', text)}


def expected(section):
    """{(g, c): set(p)} from the op's attributes, or None without depWkSlices."""
    m = re.search(r"depWkSlices = \{(.*?)\}\}", section)
    if not m:
        return None
    axis = re.search(r'axis = "(\w+)"', section).group(1)
    mode = re.search(r'mode = "(\w+)"', section).group(1)
    W = parse_dict(re.search(r"numWkSlicesPerDim = (\{[^}]*\})", section).group(1))
    C = [parse_dict(e) for e in re.findall(r"\{[^{}]*\}", re.search(r"coreIdToWkSlice = \[(.*?)\]", section).group(1))]
    D = {int(k): [int(x) for x in re.findall(r"-?\d+(?= : i64)", v)]
         for k, v in re.findall(r'"(\d+)" = \[([^\]]*)\]', m.group(1))}
    G = W[axis]
    deps = {}
    for g in range(len(C) // G):
        members = range(g * G, (g + 1) * G)
        for c in members:
            if mode == "reduce_to_one" and C[c][axis] != 0:
                continue
            deps[(g, c)] = {p for p in members if C[p][axis] in D.get(C[c][axis], [])}
    return deps, len(C)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ktir-cpu", default=os.environ.get("KTIR_CPU_DIR"), required=False)
    ap.add_argument("--ttxform", default=os.path.join(REPO, "build", "ttxform"))
    ap.add_argument("-v", action="store_true")
    ap.add_argument("--skip-missing", action="store_true",
                    help="exit 77 (skip) when ktir-cpu or NumPy is missing")
    args = ap.parse_args()
    if not args.ktir_cpu:
        ap.error("--ktir-cpu DIR is required")
    if not os.path.isdir(os.path.join(args.ktir_cpu, "ktir_cpu")):
        if args.skip_missing:
            print(f"skip: no ktir-cpu checkout at {args.ktir_cpu}")
            return 77
        ap.error(f"no ktir-cpu checkout at {args.ktir_cpu}")
    try:
        import numpy  # noqa: F401  (ktir-cpu's only dependency)
    except ImportError:
        other = "/usr/bin/python3"
        if os.path.realpath(sys.executable) != os.path.realpath(other) and os.path.exists(other) \
                and subprocess.run([other, "-c", "import numpy"], capture_output=True).returncode == 0:
            return subprocess.run([other] + sys.argv).returncode
        if args.skip_missing:
            print("skip: no Python with NumPy (apt-get install python3-numpy)")
            return 77
        ap.error("ktir-cpu needs NumPy (apt-get install python3-numpy)")
    sys.path.insert(0, args.ktir_cpu)
    from ktir_cpu.parser_ast import parse_affine_set
    from ktir_cpu.ops.comm_ops import CommPlan

    sections = open(LIT, encoding="utf-8").read().split("// -----\n")
    passed = failed = 0
    for sec in sections:
        exp = expected(sec)
        if exp is None:
            continue
        want, ntiles = exp
        name = re.search(r"tt\.func @(\w+)", sec).group(1)
        src = "\n".join(l for l in sec.splitlines() if not l.lstrip().startswith("//"))
        r = subprocess.run([args.ttxform, "-", "--lower-inter-tile"], input=src,
                           capture_output=True, text=True)
        if r.returncode:
            print(f"FAIL {name}: ttxform: {r.stderr.strip()}")
            failed += 1
            continue
        aliases = dict(re.findall(r"^(#\w+) = (affine_set<.*>)$", r.stdout, re.M))
        op = re.search(r"ktdp\.inter_tile_produce producer_tiles_per_group = (#\w+)", r.stdout)
        red = re.search(r"consumer_tiles_per_group = (#\w+), producer_dependency_per_consumer = (#\w+)", r.stdout)
        prod = parse_affine_set(aliases[op.group(1)])
        cons = parse_affine_set(aliases[red.group(1)])
        dep = parse_affine_set(aliases[red.group(2)])
        got = {}
        for g in sorted({g for g, _ in want}):
            plan = CommPlan.for_reduce(producer_set=prod, consumer_set=cons, group_idx=g,
                                       num_cores=ntiles, dep_set=dep)
            for c, ps in plan.deps.items():
                got[(g, c)] = set(ps)
        ok = got == want
        passed += ok
        failed += not ok
        print(f"{'PASS' if ok else 'FAIL'} {name}: {len(want)} consumers, {aliases[red.group(2)]}")
        if args.v or not ok:
            for k in sorted(set(want) | set(got)):
                print(f"    group {k[0]} consumer {k[1]}: want {sorted(want.get(k, []))} got {sorted(got.get(k, []))}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
