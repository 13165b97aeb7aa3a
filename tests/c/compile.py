#!/usr/bin/env python3
"""The C target's output compiles warning-free with every C compiler at hand.

usage: compile.py TTXFORM ROOT

Every kernel of ROOT/samples/vector_add.ttir, ROOT/samples/cpu/*.ttir (also
after --ptr-analysis),
ROOT/tests/numeric/*.ttir and the inputs of ROOT/tests/lit/emit-c-*.mlir
that translate is emitted with `ttxform --emit=c` and compiled with
`gcc -std=c99 -Wall -Wextra -Werror -pedantic -c`, `clang -std=c99 -Wall
-Wextra -Werror -c` and `tcc -Wall -Werror -c` (a compiler that is missing is
skipped with a note), also with the JIT's hook definitions (-DTTX_IN=...); then
every tt.func section of ROOT/../shared/corpus that the C target translates.
Also builds bench/cpu/matmul_f32.ttir's C with bench/cpu/mm_main.c (gcc and
clang, -O2 and -O3 -march=native) and runs it against a double reference,
and the C of tests/numeric/atomics_hist.ttir and atomics_lock.ttir with
tests/c/atomics_main.c (gcc, clang and tcc, -O2 -pthread), which runs them
on 16 threads and checks every histogram bin, lock count and ticket exactly.
Prints `PASS`/`FAIL` per kernel and compiler and `N passed, N failed`.
"""
import concurrent.futures
import glob
import os
import shutil
import subprocess
import sys
import tempfile

TTX, ROOT = sys.argv[1], sys.argv[2]
TMP = tempfile.mkdtemp(prefix="ttx-c-compile-")
STD = ["-std=c99", "-Wall", "-Wextra", "-Werror"]
COMPILERS = [("gcc", ["gcc"] + STD + ["-pedantic", "-O1"]), ("clang", ["clang"] + STD + ["-O1"]),
             ("tcc", ["tcc", "-Wall", "-Werror"])]
# the hooks as `ttxform run` defines them
HOOKS = ["-DTTX_IN(p,n,s)=ttx_in(p,n,s,pidX,pidY,pidZ)", "-DTTX_FAIL(s)=ttx_fail(s,pidX,pidY,pidZ)",
         "-DTTX_STOP(p)=ttx_stop(p)", "-DTTX_DIV0(s,k)=ttx_div0(s,k,pidX,pidY,pidZ)"]
HOOK_DECLS = ("int ttx_in(const void *p, long long bytes, int site, int x, int y, int z);\n"
              "void ttx_fail(int site, int x, int y, int z);\nint ttx_stop(long long program);\n"
              "void ttx_div0(int site, long long k, int x, int y, int z);\n")
passed = failed = 0


def report(name, why):
    global passed, failed
    if why is None:
        passed += 1
        print(f"PASS {name}")
    else:
        failed += 1
        print(f"FAIL {name}: {why}")


def kernels():
    ks = [os.path.join(ROOT, "samples", "vector_add.ttir")]
    ks += sorted(glob.glob(os.path.join(ROOT, "samples", "cpu", "*.ttir")))
    ks += sorted(glob.glob(os.path.join(ROOT, "tests", "numeric", "*.ttir")))
    ks += sorted(p for p in glob.glob(os.path.join(ROOT, "tests", "lit", "emit-c-*.mlir")) if "invalid" not in p)
    return ks


def compile_one(name, base, c, emit, have):
    r = subprocess.run(emit, capture_output=True, text=True, timeout=60)
    if r.returncode != 0:
        report(f"{name} emit", f"exit {r.returncode}: {r.stderr.strip()[:1000]}")
        return
    hooked = os.path.join(TMP, base + ".hooks.c")
    with open(hooked, "w") as f:
        f.write(HOOK_DECLS + open(c).read())
    for n, cmd in have:
        for src, extra, tag in ((c, [], ""), (hooked, HOOKS, "+hooks")):
            r = subprocess.run(cmd + extra + ["-c", src, "-o", os.path.join(TMP, base + ".o")],
                               capture_output=True, text=True, timeout=120)
            out = (r.stdout + r.stderr).strip()
            report(f"{name} {n}{tag}", None if r.returncode == 0 and not out else f"exit {r.returncode}: {out[:1500]}")


def main():
    have = [(n, cmd) for n, cmd in COMPILERS if shutil.which(cmd[0])]
    for n, cmd in COMPILERS:
        if not shutil.which(cmd[0]):
            print(f"NOTE {n} is not installed: skipped")
    for k in kernels():
        name = os.path.relpath(k, ROOT)
        base = name.replace("/", "_").rsplit(".", 1)[0]
        compile_one(name, base, os.path.join(TMP, base + ".c"), [TTX, "--emit=c", k, "-o", os.path.join(TMP, base + ".c")], have)
        if "/samples/cpu/" in k.replace(os.sep, "/"):
            c = os.path.join(TMP, base + "_pa.c")
            compile_one(name + " (--ptr-analysis)", base + "_pa", c, [TTX, k, "--ptr-analysis", "--emit=c", "-o", c], have)
    run_matmul(have)
    run_atomics(have)
    corpus(have)
    print(f"{passed} passed, {failed} failed")
    if not failed:
        shutil.rmtree(TMP, ignore_errors=True)
    return 1 if failed else 0


def run_matmul(have):
    """the emitted f32 matmul (bench/cpu/matmul_f32.ttir: rows through arrays of
    pointers, the blocked dot) built by each compiler, with and without
    -march=native (fmaf), run on sizes whose last tiles wrap around (the
    element-by-element rows) and on multiples of the tile; bench/cpu/mm_main.c
    compares every product with one computed in double and fails beyond 1e-5"""
    c = os.path.join(TMP, "mm_f32.c")
    r = subprocess.run([TTX, "--emit=c", os.path.join(ROOT, "bench", "cpu", "matmul_f32.ttir"), "-o", c],
                       capture_output=True, text=True, timeout=60)
    if r.returncode != 0:
        report("run matmul_f32", r.stderr[:600])
        return
    for n, cmd in have:
        if n == "tcc":
            continue
        for flags in (["-O2"], ["-O3", "-march=native"]):
            exe = os.path.join(TMP, f"mm_{n}{len(flags)}")
            b = subprocess.run([n, *flags, f"-DKERNEL=\"{c}\"", "-o", exe, os.path.join(ROOT, "bench", "cpu", "mm_main.c"), "-lm"],
                               capture_output=True, text=True, timeout=120)
            why = None if b.returncode == 0 else f"build: {b.stderr[:600]}"
            for size in ("100", "64", "37"):
                if why:
                    break
                x = subprocess.run([exe, size, "1"], capture_output=True, text=True, timeout=120)
                if x.returncode != 0:
                    why = f"mm {size}: exit {x.returncode}: {x.stdout} {x.stderr[:300]}"
            report(f"run matmul_f32 ({n} {' '.join(flags)})", why)


def run_atomics(have):
    """the emitted atomics (a histogram of unused adds; a compare-and-swap
    spin lock, tickets and sums) built by each compiler (tcc: its locked
    cmpxchg) and run on 16 threads by tests/c/atomics_main.c, exact"""
    for kern, flag in (("atomics_hist", "HIST"), ("atomics_lock", "LOCK")):
        c = os.path.join(TMP, f"{kern}.c")
        r = subprocess.run([TTX, "--emit=c", os.path.join(ROOT, "tests", "numeric", f"{kern}.ttir"), "-o", c],
                           capture_output=True, text=True, timeout=60)
        if r.returncode != 0:
            report(f"run {kern}", r.stderr[:600])
            continue
        for n, _ in have:
            exe = os.path.join(TMP, f"{kern}_{n}")
            b = subprocess.run([n, "-O2", "-pthread", f"-D{flag}", f"-DKERNEL=\"{c}\"", "-o", exe,
                                os.path.join(ROOT, "tests", "c", "atomics_main.c"), "-lm"], capture_output=True, text=True, timeout=120)
            if b.returncode != 0:
                report(f"run {kern} ({n} -O2, 16 threads)", f"build: {b.stderr[:600]}")
                continue
            try:
                x = subprocess.run([exe], capture_output=True, text=True, timeout=120)
                why = None if x.returncode == 0 and x.stdout.strip() == "ok" else f"exit {x.returncode}: {x.stdout[:300]} {x.stderr[:300]}"
            except subprocess.TimeoutExpired:
                why = "timed out (a lost update in the spin lock?)"
            report(f"run {kern} ({n} -O2, 16 threads)", why)


def corpus(have):
    """every tt.func section of ../shared/corpus that the C target translates
    compiles too (one case per compiler)"""
    root = os.path.join(ROOT, "..", "shared", "corpus")
    if not os.path.isdir(root):
        print("NOTE ../shared/corpus not found: the corpus kernels are skipped")
        return
    srcs = []
    for f in sorted(glob.glob(os.path.join(root, "**", "*.mlir"), recursive=True)):
        for i, sec in enumerate(open(f, errors="replace").read().split("\n// -----")):
            if "tt.func" in sec and "expected-error" not in sec:
                base = os.path.join(TMP, "corpus_" + os.path.relpath(f, root).replace("/", "_") + f"_{i}")
                with open(base + ".mlir", "w") as o:
                    o.write(sec)
                srcs.append(base)

    def emit(base):
        r = subprocess.run([TTX, "--emit=c", base + ".mlir", "-o", base + ".c"], capture_output=True, text=True, timeout=60)
        return base if r.returncode == 0 else None

    def build(job):
        (n, cmd), base = job
        r = subprocess.run(cmd + ["-c", base + ".c", "-o", base + "." + n + ".o"], capture_output=True, text=True, timeout=120)
        out = (r.stdout + r.stderr).strip()
        return None if r.returncode == 0 and not out else f"{os.path.basename(base)}: {out[:600]}"

    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as ex:
        ok = [b for b in ex.map(emit, srcs) if b]
        for n, cmd in have:
            errs = [e for e in ex.map(build, [((n, cmd), b) for b in ok]) if e]
            report(f"corpus: {len(ok)} of {len(srcs)} kernels translated, {n}", None if not errs else f"{len(errs)} failed; " + "; ".join(errs[:3]))


if __name__ == "__main__":
    sys.exit(main())
