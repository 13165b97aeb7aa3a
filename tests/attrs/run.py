#!/usr/bin/env python3
"""Corpus meaning check: the printed text must read back as the same ops with the same values.

usage: run.py TTXFORM CORPUS_DIR [DIR...] [--list-failures]

The round-trip suite compares print(in) with print(print(in)), which cannot see a printer
that changes a value into another fixed point (a `{allow_reorder = false}` printed as the
keyword `allow_reorder`, which reads back as true). This suite compares meaning instead: for
each *.mlir file under CORPUS_DIR (sections with `expected-error` dropped, as in roundtrip)
  g1 = TTXFORM --mlir-print-op-generic FILE          (the input, every op in generic form)
  p1 = TTXFORM FILE                                  (the input printed in custom form)
  g2 = TTXFORM --mlir-print-op-generic < p1          (the printed text read back, generic)
and g1 must equal g2 byte for byte: every operand, attribute and property value, result type
and region is the same. A file marked `// XFAIL: *` that fails with a located error is an
expected failure, as in roundtrip. Further DIRs (tests/attrs/ itself) add cases the corpus lacks.
A section with an op kept verbatim (no generic form) is left out and counted when the op is
not in src/ops.def (an op of a dialect this tool does not know); a registered op kept
verbatim is a failure: every op of ops.def found in the corpus has a format. Prints
`PASS path` / `FAIL path: reason` per file (with --list-failures, only the FAIL lines), then
`N passed, N failed`. Exit 1 if any failed, 77 (skip) if CORPUS_DIR does not exist.
"""
import concurrent.futures, os, re, subprocess, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "roundtrip"))
from run import LOCATED, SPLIT, TIMEOUT, XFAIL, decode, first_difference, run, split_sections  # noqa: E402

GENERIC = ["--mlir-print-op-generic"]


# Values the custom forms leave out because they are the op's default (Triton's
# DefaultValuedAttr: cache modifier NONE, eviction policy NORMAL, input precision TF32),
# as MLIR's own printer does: present with the default and absent mean the same.
DEFAULTS = {
    "tt.load": ("cache = 1 : i32", "evict = 1 : i32"),
    "tt.store": ("cache = 1 : i32", "evict = 1 : i32"),
    "tt.descriptor_load": ("cache = 1 : i32", "evict = 1 : i32"),
    "tt.dot": ("inputPrecision = 0 : i32",),
}
OP_NAME = re.compile(r'^\s*(?:%[^=]*=\s*)?"([\w.]+)"')
VERBATIM = re.compile(r"cannot print in generic form: '([\w.$-]+)'")
OPS_DEF = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "src", "ops.def")
with open(OPS_DEF, encoding="utf-8") as _f:
    REGISTERED = set(re.findall(r'^OP\(\s*\w+\s*,\s*"([\w.]+)"', _f.read(), re.M))


def normalize(text):
    out = []
    for line in text.splitlines():
        m = OP_NAME.match(line)
        for d in DEFAULTS.get(m.group(1), ()) if m else ():
            line = line.replace(d + ", ", "").replace(", " + d, "").replace("<{" + d + "}>", "")
        out.append(line)
    return "\n".join(out)


def check_section(tool, src):
    """True, "skip" (an op this tool keeps verbatim), or the failure reason."""
    try:
        g1 = run(tool, GENERIC + ["-"], src)
    except RuntimeError as e:
        m = VERBATIM.search(str(e))
        if m and m.group(1) in REGISTERED:
            return f"registered op '{m.group(1)}' kept verbatim (it has no format): {e}"
        return "skip" if m else str(e)
    p1 = run(tool, ["-"], src)
    g2 = run(tool, GENERIC + ["-"], p1)
    a, b = normalize(decode(g1)), normalize(decode(g2))
    if a != b:
        return "meaning changed by printing: " + first_difference(a, b)
    return True


def check(tool, path):
    """Return (ok, note) for one file, section by section."""
    with open(path, "rb") as f:
        text = decode(f.read())
    sections = [s for s in split_sections(text) if "expected-error" not in s]
    checked = skipped = 0
    for n, sec in enumerate(sections, 1):
        try:
            r = check_section(tool, sec.encode("utf-8", "surrogateescape"))
        except subprocess.TimeoutExpired:
            r = f"timeout after {TIMEOUT}s"
        except RuntimeError as e:
            r = str(e)
        if r == "skip":
            skipped += 1
        elif r is not True:
            if XFAIL.search(text) and LOCATED.search(r):   # a known-broken upstream test, as in roundtrip
                return None, f"section {n}: {r}"
            return False, f"section {n}: {r}"
        else:
            checked += 1
    return True, (checked, skipped)


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    only_failures = "--list-failures" in sys.argv
    if len(args) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    tool, corpus, extra = args[0], args[1], args[2:]
    if not os.path.isdir(corpus):
        print(f"SKIP: no corpus at {corpus}")
        return 77
    files = []
    for top in [corpus] + extra:
        files += sorted(os.path.join(d, f) for d, _, fs in os.walk(top) for f in fs if f.endswith(".mlir"))
    with concurrent.futures.ThreadPoolExecutor(2) as ex:
        results = list(ex.map(lambda p: check(tool, p), files))
    npass = nfail = nsec = nskip = nxfail = 0
    for path, (ok, note) in zip(files, results):
        rel = os.path.relpath(path, corpus) if path.startswith(corpus) else path
        if ok is None:
            nxfail += 1
            print(f"XFAIL {rel}: {note}")
        elif ok:
            npass += 1
            nsec += note[0]
            nskip += note[1]
            if not only_failures:
                print(f"PASS {rel}")
        else:
            nfail += 1
            print(f"FAIL {rel}: {note}")
    print(f"{nsec} sections compared, {nskip} left out (ops of unregistered dialects kept verbatim)")
    print(f"{npass} passed, {nfail} failed" + (f", {nxfail} expected failures" if nxfail else ""))
    return 1 if nfail else 0


if __name__ == "__main__":
    sys.exit(main())
