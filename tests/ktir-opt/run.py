#!/usr/bin/env python3
"""Every KTIR file the suite writes or keeps, verified by ktir-opt, the ktdp dialect's own tool.

ktir-opt comes from ../shared/third_party/ktir-mlir-frontend built against MLIR 19 by
scripts/build-ktir-opt.sh (build-ktir-opt/bin/ktir-opt).  It reads each file with the
dialect's parser and runs its verifier.  The files:

- tests/golden/*.ktir, as kept (the golden files of the `golden` suite);
- the KTIR `ttxform SAMPLE --emit=ktir` writes for every samples/spyre kernel, in the
  default spelling (`--grid` only for the kernels that need more than one axis);
- ktir-cpu's examples as ttxform prints them with --ktdp-memory-space=spyre (the examples
  spell memory spaces as ktir-cpu does, #ktdp.memory_space<global>, which the dialect
  does not define).

A file that uses an op this copy of the dialect predates (KNOWN_OPS) must be rejected for
that op, and is listed as such (KNOWN); so is a file in KNOWN_FILES, with its reason.
Every other file must be accepted.  Rows: ACCEPTED, KNOWN (both count as passed), FAIL.

Usage: run.py --ttxform BIN [--ktir-opt BIN] [--ktir-cpu DIR] [--skip-missing] [-v]

Without ktir-opt (not built) the run is a skip (exit 77) with a message saying how to
build it; .ci/run builds it, so CI runs the suite.  The last line is `N passed, N failed`.
"""

from __future__ import annotations

import argparse
import glob
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))

# ops of the ktdp dialect newer than the copy in ../shared/third_party/ktir-mlir-frontend
KNOWN_OPS = ("ktdp.inter_tile_produce", "ktdp.inter_tile_reduce", "ktdp.yield_partial",
             "ktdp.yield_reduced")

# file -> (a regex the rejection must match, why)
KNOWN_FILES = {
    "example:ktir/nested_yield.ktir": (
        r"'ktdp.construct_memory_view' op requires attribute 'coordinate_set'",
        "the example's memory view has no coordinate_set, which the dialect requires "
        "(ktir-cpu does not)"),
    "example:triton-ktir/indexed_add.mlir": (
        r"expected '\]' in affine map",
        "ktir-opt prints a result of a multi-result op as %0#0 inside ind(...[...]) and "
        "cannot read that back (its own output of the example fails the same way)"),
}

# kernels whose program ids have more than one axis: the grid they are lowered with,
# unless tests/golden/cases.tsv gives the sample a --grid (grid_of)
GRIDS = {"_2d_grid": "--grid=4,8", "_3d_grid": "--grid=4,2,2"}


def grid_of(name: str) -> list[str]:
    """the --grid of the sample's first golden case, else the GRIDS rule"""
    with open(os.path.join(REPO, "tests", "golden", "cases.tsv")) as f:
        for line in f:
            cols = line.rstrip("\n").split("\t")
            if len(cols) >= 2 and os.path.basename(cols[0]) == name:
                return [a for a in cols[1].split() if a.startswith("--grid=")][:1]
    return [f for k, f in GRIDS.items() if k in name][:1]


def default_ktir_opt() -> str:
    return os.path.join(REPO, "build-ktir-opt", "bin", "ktir-opt")


def files(o: argparse.Namespace, tmp: str) -> list[tuple[str, str | None, str]]:
    """(label, path or None, why it could not be written)"""
    out: list[tuple[str, str | None, str]] = []
    for g in sorted(glob.glob(os.path.join(REPO, "tests", "golden", "*.ktir"))):
        out.append(("golden:" + os.path.basename(g), g, ""))
    for s in sorted(glob.glob(os.path.join(REPO, "samples", "spyre", "*.ttir"))):
        name = os.path.basename(s)
        flags = grid_of(name)
        dst = os.path.join(tmp, "sample-" + name[:-5] + ".ktir")
        r = subprocess.run([o.ttxform, s, "--emit=ktir", *flags, "-o", dst], capture_output=True, text=True)
        out.append(("sample:" + name, dst if r.returncode == 0 else None,
                    (r.stderr.strip().splitlines() or ["exit %d" % r.returncode])[0]))
    exdir = os.path.join(o.ktir_cpu, "examples") if o.ktir_cpu else ""
    if exdir and os.path.isdir(exdir):
        for dp, _, fs in sorted(os.walk(exdir)):
            for f in sorted(fs):
                if not f.endswith((".mlir", ".ktir")):
                    continue
                src = os.path.join(dp, f)
                rel = os.path.relpath(src, exdir)
                dst = os.path.join(tmp, "example-" + os.path.splitext(rel)[0].replace("/", "-") + ".mlir")
                r = subprocess.run([o.ttxform, src, "--ktdp-memory-space=spyre", "-o", dst],
                                   capture_output=True, text=True)
                out.append(("example:" + rel, dst if r.returncode == 0 else None,
                            (r.stderr.strip().splitlines() or ["exit %d" % r.returncode])[0]))
    return out


def ops_in(path: str) -> set[str]:
    with open(path) as f:
        text = f.read()
    return {op for op in KNOWN_OPS if re.search(re.escape(op) + r"\b", text)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ttxform", required=True)
    ap.add_argument("--ktir-opt", default=default_ktir_opt())
    ap.add_argument("--ktir-cpu", default="", help="ktir-cpu checkout (its examples/ are verified too)")
    ap.add_argument("--skip-missing", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    o = ap.parse_args()
    if not os.access(o.ktir_opt, os.X_OK):
        print(f"ktir-opt not found at {o.ktir_opt}: build it with scripts/build-ktir-opt.sh "
              "(needs libmlir-19-dev mlir-19-tools llvm-19-dev cmake ninja-build; .ci/run does this)")
        return 77 if o.skip_missing else 1
    passed = failed = 0
    with tempfile.TemporaryDirectory(prefix="ktir-opt-") as tmp:
        for label, path, why in files(o, tmp):
            if path is None:
                status, note = "FAIL", "ttxform did not write it: " + why
            else:
                r = subprocess.run([o.ktir_opt, path, "-o", os.devnull], capture_output=True, text=True)
                err = next((ln for ln in r.stderr.splitlines() if "error:" in ln), r.stderr.strip())
                used = ops_in(path)
                known = KNOWN_FILES.get(label)
                if r.returncode == 0:
                    if used or known:
                        status, note = "FAIL", ("accepted, but listed as rejected: "
                                                + (", ".join(sorted(used)) if used else known[1]))
                    else:
                        status, note = "ACCEPTED", ""
                elif used:
                    op = re.search(r"custom op '([^']+)' is unknown", err)
                    if op and op.group(1) in used:
                        status, note = "KNOWN", f"uses {op.group(1)}, which this copy of the dialect predates"
                    else:
                        status, note = "FAIL", err
                elif known and re.search(known[0], err):
                    status, note = "KNOWN", known[1]
                else:
                    status, note = "FAIL", err
            if status == "FAIL":
                failed += 1
            else:
                passed += 1
            if status != "ACCEPTED" or o.verbose:
                print(f"{status:8} {label}" + (f": {note}" if note else ""), flush=True)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
