#!/usr/bin/env python3
"""Build the fuzz targets' seed directory.

usage: seeds.py OUTDIR [--max-len N]

Gathers the .mlir and .ttir files of ../shared/corpus, samples/ and tests/,
splits each at its `// -----` lines (the targets split their input the same
way, but one section per seed lets the fuzzer mutate them one at a time),
drops sections longer than N bytes (default 16384, the targets' -max_len)
and writes each distinct section once to OUTDIR/SHA1.  Nothing is kept in
the repository: CI and the runs by hand build it afresh.
"""
import hashlib
import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
MARKER = re.compile(rb"^// -----[ \t\r]*$", re.M)


def sources():
    dirs = [os.path.join(ROOT, "..", "shared", "corpus"), os.path.join(ROOT, "samples"),
            os.path.join(ROOT, "tests")]
    for d in dirs:
        for top, subdirs, files in os.walk(d):
            subdirs.sort()
            for f in sorted(files):
                if f.endswith((".mlir", ".ttir")):
                    yield os.path.join(top, f)


def main():
    args = sys.argv[1:]
    max_len = 16384
    if "--max-len" in args:
        i = args.index("--max-len")
        max_len = int(args[i + 1])
        del args[i:i + 2]
    if len(args) != 1:
        sys.exit(__doc__)
    out = args[0]
    os.makedirs(out, exist_ok=True)
    seen = set()
    nfiles = 0
    for path in sources():
        nfiles += 1
        with open(path, "rb") as f:
            data = f.read()
        for sec in MARKER.split(data):
            sec = sec.strip(b"\n") + b"\n"
            if len(sec) > max_len or len(sec) < 8:
                continue
            h = hashlib.sha1(sec).hexdigest()
            if h in seen:
                continue
            seen.add(h)
            with open(os.path.join(out, h), "wb") as f:
                f.write(sec)
    print("seeds: %d sections from %d files in %s" % (len(seen), nfiles, out))


if __name__ == "__main__":
    main()
