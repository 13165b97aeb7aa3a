#!/usr/bin/env python3
"""canonicalize drives each function alone (and on several threads) when a
module holds only functions; this checks that the result is the one of a
single driver over the whole module.

usage: split.py TTXFORM GEN_MODULE_PY CORPUS_DIR

Inputs: modules written by bench/gen_module.py (arith/scf/func ops, many
functions, several seeds and sizes, plain and with tt ops) and every corpus
file that canonicalizes.  For each input, three runs of
`--canonicalize --cse`:
  - the default (one driver per function; threads when the module is large),
  - `threads=4` (one driver per function on four threads, whatever the size),
  - `max-num-rewrites=1000000000` (a cap never reached, which keeps the
    single driver over the whole module: the reference behaviour),
must print the same bytes.  Prints PASS/FAIL per input, then
`N passed, N failed`.
"""
import os, subprocess, sys, tempfile

VARIANTS = [
    ("default", "--canonicalize"),
    ("threads=4", "--canonicalize=threads=4"),
    ("one driver", "--canonicalize=max-num-rewrites=1000000000"),
]


def run(tool, flag, path):
    p = subprocess.run([tool, "--split-input-file", "--allow-unregistered-dialect", flag, "--cse", path],
                       capture_output=True, timeout=300)
    return p.returncode, p.stdout, p.stderr


def main():
    tool, gen, corpus = sys.argv[1:4]
    inputs = []
    tmp = tempfile.mkdtemp(prefix="ttx-split-")
    for n, seed, tt in [(2000, 1, False), (20000, 2, False), (30000, 3, True), (60000, 4, False)]:
        path = os.path.join(tmp, f"gen_{n}_{seed}{'_tt' if tt else ''}.mlir")
        with open(path, "w") as f:
            subprocess.run([sys.executable, gen, str(n), "--seed", str(seed)] + (["--tt"] if tt else []),
                           stdout=f, stderr=subprocess.DEVNULL, check=True)
        inputs.append(path)
    if os.path.isdir(corpus):
        for root, _, files in sorted(os.walk(corpus)):
            inputs += [os.path.join(root, f) for f in sorted(files) if f.endswith(".mlir")]
    passed = failed = 0
    for path in inputs:
        outs = [(name, run(tool, flag, path)) for name, flag in VARIANTS]
        base_name, base = outs[0]
        if base[0] != 0 and all(o[1][0] != 0 for o in outs):
            continue  # does not canonicalize (verifier-error tests, unknown syntax): nothing to compare
        bad = [name for name, o in outs[1:] if o[:2] != base[:2]]
        label = os.path.relpath(path, corpus) if path.startswith(corpus) else os.path.basename(path)
        if bad:
            failed += 1
            print(f"FAIL {label}: {', '.join(bad)} differ from {base_name}")
        else:
            passed += 1
            print(f"PASS {label}")
    for f in os.listdir(tmp):
        os.remove(os.path.join(tmp, f))
    os.rmdir(tmp)
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
