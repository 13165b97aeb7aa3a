#!/usr/bin/env python3
"""The triton-shared corpus through the Spyre pipeline: which pointer-style kernels lower.

usage: ktir_tally.py TTXFORM CORPUS [--update]

Every `// -----` section of CORPUS/triton-shared/**/*.mlir that holds a tt.func with a
tt.load, tt.store or tt.atomic_* and no tts op (pointer-style TTIR as Triton prints it,
not triton-shared's intermediate forms) is written alone to a file and run through
`TTXFORM FILE --emit=ktir -o OUT`.  Its outcome is `lowered` (exit 0, KTIR written)
or the first diagnostic, with the SSA names taken out (`rejected: 'tt.load': ...`).
A lowered kernel also runs as `TTXFORM run FILE --via=ktir --check` on generated
arguments (262144-element buffers: randn floats, arange integers; integer scalars 8,
float scalars 1.5; two programs per grid axis it reads), which runs the KTIR and the
TTIR on the interpreter and compares every buffer: `KTIR and TTIR agree`, `differ`,
or `not run (why)` when the arguments cannot be generated or the TTIR run fails.
The run takes --threads=1: with these arguments the programs of some kernels store to
the same elements, which on several threads land in no fixed order.  A command that
takes longer than 120 s fails its case (`timed out`).

Each section is one case, which passes when
  * the outcome is the one recorded in ktir-tally.tsv beside this script, and
  * a rejection is located (`FILE:LINE:COL: error: `), names the construct (an op
    such as 'tt.load' or tt.reduce in the message; for a parse error, the op of the
    line it points at, added to the outcome), exits 1 and writes no output file.
--update rewrites ktir-tally.tsv from this run (review the diff).  The table is also
the tally that scripts/gen-patterns.py shows in docs/patterns.md.  The last line is
`N passed, N failed`.
"""
import os, re, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TABLE = os.path.join(HERE, "ktir-tally.tsv")
POINTER = re.compile(r"\btt\.(load|store|atomic_\w+)\b")
DTYPES = {"f16": "float16", "f32": "float32", "f64": "float64", "i1": "bool", "i8": "int8", "i16": "int16",
          "i32": "int32", "i64": "int64"}
TIMEOUT = 120
CONSTRUCT = re.compile(r"'[a-z_]+\.[a-z_.]+'|\btt\.[a-z_]+\b")


def sections(corpus):
    root = os.path.join(corpus, "triton-shared")
    for dp, dn, fn in os.walk(root):
        dn.sort()
        for f in sorted(fn):
            if not f.endswith(".mlir"):
                continue
            path = os.path.join(dp, f)
            rel = os.path.relpath(path, corpus)
            text = open(path, encoding="utf-8").read()
            for i, s in enumerate(re.split(r"^// -----.*$", text, flags=re.M)):
                if "tt.func" in s and POINTER.search(s) and "tts." not in s:
                    yield rel, i, s


def arguments(text):
    """--arg values for the first tt.func's arguments, or a reason why not"""
    m = re.search(r"tt\.func\s+(?:public\s+)?@[\w.$-]+\s*\((.*?)\)\s*(?:->[^{]*)?(?:attributes[^{]*)?\{", text, re.S)
    if not m:
        return None, "no function signature"
    out = []
    for i, (name, ty) in enumerate(re.findall(r"%([\w.$-]+)\s*:\s*(!tt\.ptr<[^>]*>|tensor<[^>]*>|\w+)", m.group(1))):
        if ty.startswith("!tt.ptr<"):
            d = DTYPES.get(ty[8:-1])
            if not d:
                return None, f"no generator for {ty}"
            gen = (f"randn:262144:{d}:{i + 1}" if d.startswith("float") else
                   "ones:262144:bool" if d == "bool" else f"arange:262144:{d}")
            out.append(f"{name}={gen}")
        elif ty in ("i8", "i16", "i32", "i64", "index"):
            out.append(f"{name}=8")
        elif ty in ("f16", "f32", "f64"):
            out.append(f"{name}=1.5")
        elif ty == "i1":
            out.append(f"{name}=true")
        else:
            return None, f"an argument of type {ty}"
    return out, None


def differential(ttxform, src, text):
    """`run --via=ktir --check` on generated arguments: 262144-element buffers
    (randn floats, arange integers), integer scalars 8, float scalars 1.5, two
    programs per axis the kernel reads"""
    args, why = arguments(text)
    if args is None:
        return f"not run ({why})"
    axes = sum(1 for x in "xyz" if re.search(r"get_program_id " + x, text))
    grid = ",".join(["2"] * axes) if axes else "1"
    cmd = [ttxform, "run", src, "--via=ktir", "--check", "--threads=1", "--grid=" + grid]
    cmd += [a for x in args for a in ("--arg", x)]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT)
    if r.returncode == 0:
        return "run --via=ktir --check: KTIR and TTIR agree"
    if "MISMATCH" in r.stdout:
        return "run --via=ktir --check: KTIR and TTIR differ"
    err = next((l for l in r.stderr.splitlines() if "error: " in l), r.stderr.strip()[:120])
    err = re.sub(r"^.*?error: ", "", err.replace(src, "FILE"))
    err = re.sub(r"%[\w.$-]+", "%", err)
    return f"not run ({err})"


def outcome(ttxform, td, n, text):
    """(outcome, problem or None)"""
    src, out = os.path.join(td, f"{n}.mlir"), os.path.join(td, f"{n}.ktir")
    with open(src, "w", encoding="utf-8") as f:
        f.write(text)
    try:
        r = subprocess.run([ttxform, src, "--emit=ktir", "-o", out], capture_output=True, text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return "timed out", f"--emit=ktir took more than {TIMEOUT} s"
    if r.returncode == 0:
        if not os.path.exists(out):
            return "lowered", "exit 0 but no output file"
        try:
            return "lowered; " + differential(ttxform, src, text), None
        except subprocess.TimeoutExpired:
            return "lowered; timed out", f"run --via=ktir --check took more than {TIMEOUT} s"
    first = next((l for l in r.stderr.splitlines() if ": error: " in l), r.stderr.strip()[:200])
    m = re.match(re.escape(src) + r":(\d+):(\d+): error: (.*)$", first)
    msg = re.sub(r"%[\w.$-]+", "%", m.group(3) if m else first)
    res = f"rejected: {msg}"
    if r.returncode != 1:
        return res, f"exit {r.returncode}"
    if not m:
        return res, "the error is not located (FILE:LINE:COL: error:)"
    if not CONSTRUCT.search(msg):
        # a parse error names the op of its line
        lines = text.splitlines()
        ln = int(m.group(1))
        op = re.search(r"\b([a-z_]+\.[a-z_.]+)\b", lines[ln - 1]) if 0 < ln <= len(lines) else None
        if not op:
            return res, "the error names no construct"
        res = f"{res} (at {op.group(1)})"
    if os.path.exists(out):
        return res, "an output file was written"
    return res, None


def main():
    args = [a for a in sys.argv[1:] if a != "--update"]
    update = "--update" in sys.argv
    ttxform, corpus = os.path.abspath(args[0]), args[1]
    want = {}
    if os.path.exists(TABLE):
        for line in open(TABLE, encoding="utf-8"):
            if line.startswith("#") or not line.strip():
                continue
            path, sec, res = line.rstrip("\n").split("\t")
            want[(path, int(sec))] = res
    rows, passed, failed = [], 0, 0
    with tempfile.TemporaryDirectory() as td:
        for n, (rel, i, text) in enumerate(sections(corpus)):
            res, problem = outcome(ttxform, td, n, text)
            rows.append((rel, i, res))
            if problem is None and not update and want.get((rel, i)) != res:
                problem = f"recorded: {want.get((rel, i), '(no row)')}"
            name = f"{rel} section {i}: {res}"
            if problem:
                failed += 1
                print(f"not ok {n + 1} - {name}\n# {problem}")
            else:
                passed += 1
                print(f"ok {n + 1} - {name}")
    seen = {(r[0], r[1]) for r in rows}
    for key in sorted(set(want) - seen):
        if not update:
            failed += 1
            print(f"not ok - {key[0]} section {key[1]}: recorded but no longer a pointer-style section")
    if update:
        with open(TABLE, "w", encoding="utf-8") as f:
            f.write("# corpus file\tsection\toutcome of --emit=ktir (tests/corpus/ktir_tally.py --update)\n")
            for r in rows:
                f.write(f"{r[0]}\t{r[1]}\t{r[2]}\n")
        print(f"wrote {TABLE}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
