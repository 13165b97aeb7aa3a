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
    run_dot_tiles(have)
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
    # the K loop writes its carried arrays in place: the accumulator (the
    # dot's result and third operand one array) and both pointer arrays
    import re
    src = open(c).read()
    dot = re.search(r"ttx_dot32\((v\d+), v\d+, v\d+, \1, 1, 32, 32, 32\);", src)
    adv = re.findall(r"(v\d+)\[i0 \* 32 \+ i1\] = \(\1\[i0 \* 32 \+ i1\] \+ ", src)
    report("matmul_f32: the K loop's accumulator and pointer arrays updated in place",
           None if dot and len(adv) == 2 else f"dot in place: {bool(dot)}, pointer arrays advanced in place: {len(adv)} of 2")
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


def run_dot_tiles(have):
    """the emitted f32 dot of tests/numeric/dot_tiles.ttir (6x8 by 8x80: a
    register block and single rows, a 64-column panel and 16-column ones; an
    accumulator carried through a K loop, written in place: the call's result
    and accumulator are one array) built with tests/c/dot_main.c by each
    compiler: with -O2 (no FMA: each step in double, as the interpreter) the
    bits of `ttxform run --interp`; with -O3 -march=native (fmaf where the CPU
    has it) within 1e-5 of them"""
    import re
    import struct
    k = os.path.join(ROOT, "tests", "numeric", "dot_tiles.ttir")
    c = os.path.join(TMP, "dot_tiles.c")
    r = subprocess.run([TTX, "--emit=c", k, "-o", c], capture_output=True, text=True, timeout=60)
    if r.returncode != 0:
        report("run dot_tiles", r.stderr[:600])
        return
    src = open(c).read()
    inplace = re.search(r"ttx_dot32\((v\d+), v\d+, v\d+, \1, 1, 6, 80, 8\);", src)
    report("dot_tiles: the K loop's accumulator written in place by ttx_dot32", None if inplace else "no such call in the C")
    io = {x: os.path.join(TMP, f"dot_{x}.npy") for x in "abcoz"}
    shapes = {"a": 48, "b": 640, "c": 480, "o": 480, "z": 480}
    args = [a for x in "abc" for a in ("--arg", f"{x}=randn:{shapes[x]}:f32:{ord(x)}")]
    args += ["--arg", "o=zeros:480", "--arg", "z=zeros:480", "--arg", "n=3"]
    args += [a for x in "abcoz" for a in ("--output", f"{x}={io[x]}")]
    r = subprocess.run([TTX, "run", "--interp", k, "--grid=1", *args], capture_output=True, text=True, timeout=120)
    if r.returncode != 0:
        report("run dot_tiles (interpreter)", r.stderr[:600])
        return

    def floats(path, n, skip_header):
        with open(path, "rb") as f:
            data = f.read()
        off = 10 + (data[8] | data[9] << 8) if skip_header else 0
        return struct.unpack(f"<{n}f", data[off:off + 4 * n])
    want = floats(io["o"], 480, True) + floats(io["z"], 480, True)
    for n, cmd in have:
        if n == "tcc":
            continue
        for flags in (["-O2"], ["-O3", "-march=native"]):
            exe, out = os.path.join(TMP, f"dot_{n}{len(flags)}"), os.path.join(TMP, f"dot_{n}{len(flags)}.bin")
            b = subprocess.run([n, *flags, f"-DKERNEL=\"{c}\"", "-o", exe, os.path.join(ROOT, "tests", "c", "dot_main.c"), "-lm"],
                               capture_output=True, text=True, timeout=120)
            why = None if b.returncode == 0 else f"build: {b.stderr[:600]}"
            if not why:
                x = subprocess.run([exe, io["a"], io["b"], io["c"], out], capture_output=True, text=True, timeout=60)
                why = None if x.returncode == 0 else f"exit {x.returncode}: {x.stderr[:300]}"
            if not why:
                got = floats(out, 960, False)
                for i, (g, w) in enumerate(zip(got, want)):
                    exact = len(flags) == 1
                    if (g != w) if exact else not abs(g - w) <= 1e-5 * max(1.0, abs(w)):
                        why = f"element {i}: {g!r}, the interpreter {w!r}"
                        break
            report(f"run dot_tiles ({n} {' '.join(flags)})", why)


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
