#!/usr/bin/env python3
"""Replay the fuzz targets' findings through the command line.

usage: replay.py TTXFORM DIR

Every file of DIR (the minimized inputs of tests/fuzz/regressions/) runs
through each command line the fuzz targets stand for, with
--split-input-file as the targets split their input:

    (reader)   ttxform F                    ttxform --mlir-print-op-generic F
    (ktir)     ttxform --emit=ktir F
    (passes)   ttxform --inline --canonicalize --cse --dce --symbol-dce F
    (c)        ttxform --emit=c F           ttxform --ptr-analysis --emit=c F

A case passes when ttxform exits 0, or exits 1 with an `error:` line on
stderr, within 20 seconds, with no signal and no sanitizer report.
Prints `PASS`/`FAIL` per case and a final line `N passed, N failed`.
"""
import os
import subprocess
import sys

TIMEOUT = 20
SANITIZER = ("Sanitizer", "runtime error:")
MODES = [
    ("reader", []),
    ("generic", ["--mlir-print-op-generic"]),
    ("ktir", ["--emit=ktir"]),
    ("passes", ["--inline", "--canonicalize", "--cse", "--dce", "--symbol-dce"]),
    ("c", ["--emit=c"]),
    ("ptr-c", ["--ptr-analysis", "--emit=c"]),
]


def check(tool, path, args):
    try:
        r = subprocess.run([tool, "--split-input-file", *args, path, "-o", os.devnull],
                           stdin=subprocess.DEVNULL, capture_output=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return "no answer within %d s" % TIMEOUT
    err = r.stderr.decode("utf-8", "replace")
    if any(s in err for s in SANITIZER):
        return "sanitizer report: " + err[:400]
    if r.returncode not in (0, 1):
        return "exit status %d: %s" % (r.returncode, err[:400])
    if r.returncode == 1 and "error:" not in err:
        return "exit 1 without an error: line: " + err[:400]
    return None


def main():
    tool, d = sys.argv[1], sys.argv[2]
    files = sorted(f for f in os.listdir(d) if not f.startswith(".") and f != "README.md")
    passed = failed = 0
    for f in files:
        for name, args in MODES:
            why = check(tool, os.path.join(d, f), args)
            if why:
                print("FAIL %s [%s]: %s" % (f, name, why))
                failed += 1
            else:
                print("PASS %s [%s]" % (f, name))
                passed += 1
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
