#!/usr/bin/env python3
"""Corpus round trip: print every .mlir file, print the result again, compare.

usage: run.py TTXFORM CORPUS_DIR [--list-failures]

For each *.mlir file under CORPUS_DIR (recursive, sorted):
  p1 = TTXFORM --split-input-file --allow-unregistered-dialect FILE
  p2 = the same command on p1's output (stdin)
Both must exit 0 and p1 must equal p2 byte for byte. Sections of a file that
contain `expected-error` are dropped first (the rest goes through stdin), so
verifier-error tests don't count against the parser. Each printed section must
also keep every op: the multiset of dialect-prefixed op names at op position
equals that of the input section.

A file marked `// XFAIL: *` (its upstream test is known broken) may instead
fail to read with a located `error:` (FILE:LINE:COL); that is reported as
`XFAIL path: reason` and does not count as a failure.

Prints `PASS path` / `FAIL path: reason` per file (with --list-failures, only
the FAIL lines), then `N passed, N failed`. Exit 1 if any failed, 77 (skip) if
CORPUS_DIR does not exist.
"""
import collections, concurrent.futures, os, re, subprocess, sys

SPLIT = "// -----"
FLAGS = ["--split-input-file", "--allow-unregistered-dialect"]
TIMEOUT = 60
XFAIL = re.compile(r"^// XFAIL: \*$", re.M)
LOCATED = re.compile(r":\d+:\d+: error: ")

RESULTS = r"(?:%[\w$.-]+(?::\d+)?(?:\s*,\s*%[\w$.-]+(?::\d+)?)*\s*=\s*)?"
OP_AT_LINE_START = re.compile(
    r"^" + RESULTS + r'"?([a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)*)"?(?=[\s(<{:"]|$)(?!\s*=)')
IGNORED = {"module", "builtin.module"}


def strip_comment(line):
    """Drop a `//` comment, but not `//` inside a string literal."""
    if "//" not in line:
        return line
    in_str = False
    i = 0
    while i < len(line):
        c = line[i]
        if in_str and c == "\\":
            i += 1
        elif c == '"':
            in_str = not in_str
        elif not in_str and line.startswith("//", i):
            return line[:i]
        i += 1
    return line


def op_names(text):
    ops = collections.Counter()
    for line in text.splitlines():
        m = OP_AT_LINE_START.match(strip_comment(line).strip())
        if not m:
            continue
        name = m.group(1)
        if name == "return":
            name = "func.return"
        if "." in name and name not in IGNORED:
            ops[name] += 1
    return ops


def split_sections(text):
    sections, cur = [], []
    for line in text.splitlines(keepends=True):
        if line.rstrip("\r\n") == SPLIT:
            sections.append("".join(cur))
            cur = []
        else:
            cur.append(line)
    sections.append("".join(cur))
    return sections


def run(tool, args, stdin=None):
    p = subprocess.run([tool] + FLAGS + args, input=stdin, capture_output=True,
                       timeout=TIMEOUT)
    if p.returncode != 0:
        err = next((l for l in decode(p.stderr).splitlines() if l.strip()), "no stderr")
        raise RuntimeError(f"exit {p.returncode}: {err}")
    return p.stdout


def decode(b):
    return b.decode("utf-8", "surrogateescape")


def first_difference(a, b):
    la, lb = a.splitlines(keepends=True), b.splitlines(keepends=True)
    for n, (x, y) in enumerate(zip(la, lb), 1):
        if x != y:
            return f"line {n}: {x.strip()[:60]!r} vs {y.strip()[:60]!r}"
    n = min(len(la), len(lb)) + 1
    return f"line {n}: {len(la)} lines vs {len(lb)} lines"


def counter_diff(want, got):
    parts = [f"-{k} x{want[k] - got[k]}" for k in sorted(want) if want[k] > got[k]]
    parts += [f"+{k} x{got[k] - want[k]}" for k in sorted(got) if got[k] > want[k]]
    return ", ".join(parts)


def check(tool, path):
    """Return (ok, note): note is the failure reason, or a remark on a pass."""
    with open(path, "rb") as f:
        text = decode(f.read())
    sections = split_sections(text)
    kept = [s for s in sections if "expected-error" not in s]
    if not kept:
        return True, "only diagnostic sections, nothing to print"
    try:
        if len(kept) == len(sections):
            p1 = run(tool, [path])
        else:
            joined = ("\n" + SPLIT + "\n").join(kept)
            p1 = run(tool, ["-"], joined.encode("utf-8", "surrogateescape"))
        p2 = run(tool, ["-"], p1)
    except subprocess.TimeoutExpired:
        return False, f"timeout after {TIMEOUT}s"
    except RuntimeError as e:
        if XFAIL.search(text) and LOCATED.search(str(e)):
            return None, str(e)
        return False, str(e)
    if p1 != p2:
        return False, "second print differs, " + first_difference(decode(p1), decode(p2))
    printed = split_sections(decode(p1))
    if len(printed) != len(kept):
        return False, f"{len(kept)} sections in, {len(printed)} out"
    for i, (src, out) in enumerate(zip(kept, printed), 1):
        want, got = op_names(src), op_names(out)
        # an scf.yield without operands is implicit: MLIR elides it too
        if got["scf.yield"] <= want["scf.yield"]:
            want["scf.yield"] = got["scf.yield"]
        if want != got:
            return False, f"section {i}: ops differ: {counter_diff(want, got)}"
    dropped = len(sections) - len(kept)
    return True, f"{dropped} diagnostic sections skipped" if dropped else ""


def main():
    args = [a for a in sys.argv[1:] if a != "--list-failures"]
    only_failures = len(args) < len(sys.argv) - 1
    if len(args) != 2:
        sys.exit(__doc__.split("\n\n")[1])
    tool, corpus = args
    if not os.path.isdir(corpus):
        print(f"corpus {corpus} not found, skipping")
        sys.exit(77)
    files = sorted(os.path.join(d, f) for d, _, fs in os.walk(corpus)
                   for f in fs if f.endswith(".mlir"))
    passed = failed = xfailed = 0
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        for path, (ok, note) in zip(files, pool.map(lambda p: check(tool, p), files)):
            rel = os.path.relpath(path, corpus)
            if ok is None:
                xfailed += 1
                print(f"XFAIL {rel}: {note}", flush=True)
            elif ok:
                passed += 1
                if not only_failures:
                    print(f"PASS {rel}" + (f" ({note})" if note else ""), flush=True)
            else:
                failed += 1
                print(f"FAIL {rel}: {note}", flush=True)
    print(f"{passed} passed, {failed} failed" + (f", {xfailed} expected failures" if xfailed else ""))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
