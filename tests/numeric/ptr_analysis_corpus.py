#!/usr/bin/env python3
"""--ptr-analysis keeps the meaning of real kernels: every tt.func of the
triton-shared and spine-triton tests in the corpus is run by the reference
interpreter before and after the pass, on the same inputs, and every buffer
must come out bit for bit the same.

usage: ptr_analysis_corpus.py TTXFORM CORPUS_DIR [PASS]

PASS (default ptr-analysis) is the pass run, with its options
(`tile=vlen=128`); the `tile` suite runs it with `tile`.

Inputs: each pointer argument a buffer of 4096 elements (floats 0, 1, 2, ...;
integers 0, 1, ..., 6, 0, 1, ...: in range as gather indices), each integer
argument a small odd number (3, 5, 7, ...),
each float 0.5; a 2x2 grid.  A kernel that the interpreter cannot run as it
is (an op it does not support, an access outside these buffers) is skipped,
and counted.  Prints one line per kernel whose outputs differ or whose
rewritten form fails, then `N passed, N failed` (N kernels compared, how
many had accesses rewritten, how many skipped); exit status 1 on a failure.
TTX_VERBOSE=1 also prints why each skipped kernel does not run.
"""
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import numpy_or_skip, sanitizer_report  # noqa: E402

np = numpy_or_skip("ptr-analysis-corpus")

TTX, CORPUS = sys.argv[1], sys.argv[2]
PASS = sys.argv[3] if len(sys.argv) > 3 else "ptr-analysis"
PNAME = PASS.split("=")[0]
TMP = tempfile.mkdtemp(prefix="ttx-pa-corpus-")
N = 4096
DTYPES = {"f32": np.float32, "f16": np.float16, "f64": np.float64, "i32": np.int32, "i64": np.int64,
          "i16": np.int16, "i8": np.int8, "i1": np.bool_}

FUNC = re.compile(r"tt\.func\s+(?:public\s+)?@([\w$.]+)\s*\(")


def split_args(text, start):
    """the argument list text of the function whose '(' is at start"""
    depth = 0
    for i in range(start, len(text)):
        c = text[i]
        if c in "(<[{":
            depth += 1
        elif c in ")>]}":
            depth -= 1
            if depth == 0:
                return text[start + 1:i]
    return None


def arg_types(args):
    out, depth, cur = [], 0, ""
    for c in args:
        if c in "(<[{":
            depth += 1
        elif c in ")>]}":
            depth -= 1
        if c == "," and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += c
    if cur.strip():
        out.append(cur)
    types = []
    for a in out:
        m = re.match(r"\s*%[\w$.]+\s*:\s*(.*)$", a, re.S)
        if not m:
            return None
        t = re.sub(r"\{.*\}|loc\(.*\)", "", m.group(1)).strip()
        types.append(t)
    return types


def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    return r.returncode, r.stderr


def main():
    files = []
    for sub in ("triton-shared", "spine-triton"):
        for root, _, names in os.walk(os.path.join(CORPUS, sub)):
            files += [os.path.join(root, n) for n in sorted(names) if n.endswith(".mlir")]
    compared = rewritten = skipped = failed = 0
    for f in sorted(files):
        text = open(f).read()
        if "expected-error" in text:
            continue
        for si, sec in enumerate(re.split(r"^// -----\s*$", text, flags=re.M)):
            for m in FUNC.finditer(sec):
                name = m.group(1)
                args = split_args(sec, m.end() - 1)
                types = arg_types(args) if args is not None else None
                tag = f"{os.path.relpath(f, CORPUS)}#{si}@{name}"
                if types is None:
                    skipped += 1
                    continue
                src = os.path.join(TMP, f"k{compared + skipped + failed}.mlir")
                with open(src, "w") as fh:
                    fh.write(sec)
                base = ["--interp", f"--function={name}", "--grid=2,2"]
                outs, ok = [], True
                for i, t in enumerate(types):
                    pm = re.fullmatch(r"!tt\.ptr<(\w+)>", t)
                    if pm:
                        dt = DTYPES.get(pm.group(1))
                        if dt is None:
                            ok = False
                            break
                        arr = (np.arange(N) % 2048).astype(dt) if np.dtype(dt).kind == "f" else (np.arange(N) % 7).astype(dt)
                        p = os.path.join(TMP, f"in{i}.npy")
                        np.save(p, arr)
                        base += ["--arg", f"{i}={p}"]
                        outs.append(i)
                    elif re.fullmatch(r"i\d+|index", t):
                        base += ["--arg", f"{i}={2 * i + 3}"]
                    elif re.fullmatch(r"f\d+|bf16", t):
                        base += ["--arg", f"{i}=0.5"]
                    else:
                        ok = False
                        break
                if not ok:
                    skipped += 1
                    continue
                after = src + ".pa.mlir"
                rc, err = run([TTX, src, "--" + PASS, "-o", after])
                if rc != 0 or sanitizer_report(err):
                    failed += 1
                    print(f"FAIL {tag}: --{PASS}: {err.strip()[:500]}")
                    continue
                res = {}
                for k, kern in (("before", src), ("after", after)):
                    cmd = [TTX, "run", kern] + base
                    for i in outs:
                        cmd += ["--output", f"{i}={os.path.join(TMP, f'{k}{i}.npy')}"]
                    res[k] = run(cmd)
                if sanitizer_report(res["before"][1] + res["after"][1]):
                    failed += 1
                    print(f"FAIL {tag}: sanitizer report")
                    continue
                if res["before"][0] != 0:
                    skipped += 1
                    if os.environ.get("TTX_VERBOSE"):
                        print(f"SKIP {tag}: rc {res['before'][0]}: {(res['before'][1].strip().splitlines() or [''])[0][:300]}")
                    continue
                if res["after"][0] != 0:
                    failed += 1
                    print(f"FAIL {tag}: the rewritten kernel fails: {res['after'][1].strip()[:500]}")
                    continue
                bad = [i for i in outs if not np.array_equal(np.load(os.path.join(TMP, f"before{i}.npy")),
                                                             np.load(os.path.join(TMP, f"after{i}.npy")), equal_nan=True)]
                if bad:
                    failed += 1
                    print(f"FAIL {tag}: buffers {bad} differ after --{PASS}")
                    continue
                compared += 1
                done = open(after).read()
                if PNAME == "tile" and done.count("scf.for") > sec.count("scf.for") or PNAME != "tile" and '"tts.' in done:
                    rewritten += 1
    what = "tiled" if PNAME == "tile" else "with accesses rewritten"
    print(f"{compared} kernels compared ({rewritten} {what}), {skipped} skipped")
    print(f"{compared} passed, {failed} failed")
    return 1 if failed else 0


sys.exit(main())
