#!/usr/bin/env python3
"""What `ttxform` writes: an explicit `--emit` always wins over the suffix of `-o`.

usage: output_kind.py TTXFORM ROOT

- `--emit=mlir`, `--emit=generic`, `--emit=c` and `--emit=rvv` with
  `-o x.ktir` write what they write to stdout (not the Spyre pipeline's
  KTIR), and `--emit=ktir -o x.c` writes KTIR;
- with no `--emit`, the suffix still picks the kind (`-o x.ktir`: KTIR,
  `-o x.c`: C);
- `--emit=NAME` of an unknown NAME lists every output kind, rvv included.

Prints `PASS name` / `FAIL name: why` and `N passed, N failed`; exits 1 if
any case failed.
"""
import os
import subprocess
import sys
import tempfile

TTX, ROOT = sys.argv[1], sys.argv[2]
KERNEL = os.path.join(ROOT, "samples", "spyre", "vector_add_1d.ttir")
TMP = tempfile.mkdtemp(prefix="ttx-kind-")
passed = failed = 0


def report(name, why):
    global passed, failed
    if why is None:
        passed += 1
        print(f"PASS {name}")
    else:
        failed += 1
        print(f"FAIL {name}: {why}")


def run(args):
    r = subprocess.run([TTX] + args, capture_output=True, text=True, timeout=60)
    return r.returncode, r.stdout, r.stderr


def written(args, out):
    if os.path.exists(out):
        os.unlink(out)
    rc, _, err = run(args + ["-o", out])
    if rc != 0 or not os.path.exists(out):
        return None, f"exit {rc}: {err[:500]}"
    with open(out) as f:
        return f.read(), None


def main():
    stdout = {}
    for kind in ("mlir", "generic", "ktir", "c", "rvv"):
        rc, o, err = run([KERNEL, f"--emit={kind}"])
        stdout[kind] = o if rc == 0 else None
        report(f"stdout-{kind}", None if rc == 0 and o else f"exit {rc}: {err[:500]}")
    for kind, suffix in (("mlir", ".ktir"), ("generic", ".ktir"), ("c", ".ktir"), ("rvv", ".ktir"), ("ktir", ".c"),
                         ("mlir", ".c"), ("c", ".rvv.c")):
        got, why = written([KERNEL, f"--emit={kind}"], os.path.join(TMP, "x" + suffix))
        if why is None and got != stdout[kind]:
            why = f"-o x{suffix} wrote something else than --emit={kind} to stdout:\n{got[:300]}"
        report(f"emit-{kind}-wins-over{suffix}", why)
    for suffix, kind in ((".ktir", "ktir"), (".c", "c"), (".mlir", "mlir")):
        got, why = written([KERNEL], os.path.join(TMP, "y" + suffix))
        if why is None and got != stdout[kind]:
            why = f"-o y{suffix} did not write {kind}:\n{got[:300]}"
        report(f"suffix{suffix}-picks-{kind}", why)
    rc, o, err = run([KERNEL, "--emit=foo"])
    miss = [k for k in ("mlir", "generic", "ktir", "c", "rvv") if k not in err.split("expected", 1)[-1]]
    report("emit-unknown-lists-every-kind", None if rc == 1 and not o and "'--emit=foo'" in err and not miss
           else f"exit {rc}, missing {miss}: {err[:300]}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
