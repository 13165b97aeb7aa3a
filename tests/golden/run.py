#!/usr/bin/env python3
"""Golden-file tests: run ttxform on each case of cases.tsv and compare its
output byte for byte with the golden file.  Each case runs twice, once to
stdout and once with -o FILE, and both must match.  --update rewrites the
golden files (review the diff before committing)."""
import difflib, os, shlex, subprocess, sys, tempfile

def main():
    args = [a for a in sys.argv[1:] if a != "--update"]
    update = "--update" in sys.argv
    ttxform, root = args[0], args[1]
    here = os.path.dirname(os.path.abspath(__file__))
    passed = failed = 0
    with open(os.path.join(here, "cases.tsv"), encoding="utf-8") as f:
        rows = [l.rstrip("\n").split("\t") for l in f if l.strip() and not l.startswith("#")]
    with tempfile.TemporaryDirectory() as td:
        for n, (inp, extra, golden) in enumerate(rows):
            name = f"{golden} ({inp} {extra})"
            cmd = [ttxform, os.path.join(root, inp)] + shlex.split(extra)
            r = subprocess.run(cmd, capture_output=True)
            out = os.path.join(td, f"{n}.out")
            r2 = subprocess.run(cmd + ["-o", out], capture_output=True)
            gpath = os.path.join(here, golden)
            if update and r.returncode == 0:
                with open(gpath, "wb") as g:
                    g.write(r.stdout)
            problems = []
            if r.returncode != 0 or r2.returncode != 0:
                problems.append(f"exit {r.returncode}/{r2.returncode}: {r.stderr.decode(errors='replace')}")
            elif r.stderr:
                problems.append("unexpected stderr: " + r.stderr.decode(errors="replace"))
            else:
                want = open(gpath, "rb").read() if os.path.exists(gpath) else b""
                got2 = open(out, "rb").read()
                if r.stdout != want:
                    d = difflib.unified_diff(want.decode().splitlines(True), r.stdout.decode().splitlines(True), golden, "stdout")
                    problems.append("".join(d))
                if got2 != r.stdout:
                    problems.append("-o FILE differs from stdout")
            if problems:
                failed += 1
                print(f"not ok {n + 1} - {name}\n" + "".join("# " + l + "\n" for p in problems for l in p.splitlines()))
            else:
                passed += 1
                print(f"ok {n + 1} - {name}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0

if __name__ == "__main__":
    sys.exit(main())
