#!/usr/bin/env python3
"""A large module read and printed on several threads gives what a serial run gives.

usage: check.py TTXFORM GEN_MODULE

Generates a module of about 5 MB (bench/gen_module.py), then for each case
runs ttxform twice, by default and with --mlir-disable-threading, and
requires the same exit status, output and diagnostics, byte for byte. The
cases: tt kernels in two print forms, the module as generated in three print forms (custom, generic, with
locations, which checks every op's line and column), and variants the
threaded reader must hand back to the serial one: an error in a middle
function, an undefined value, an alias defined inside the module, a
verifier error late in the file, text after the module, an unindented body,
and top-level lines that only look like op starts. Where the machine has
more than one CPU, `--timing` must show the threaded read and print were
used on the valid module.
"""
import os, subprocess, sys, tempfile

ttxform, gen = sys.argv[1], sys.argv[2]
fails = 0
checks = 0


def run(args):
    p = subprocess.run([ttxform] + args, capture_output=True)
    return p.returncode, p.stdout, p.stderr


def same(name, path, extra=(), want_rc=None, want_err=None):
    global fails, checks
    checks += 1
    a = run(list(extra) + [path])
    b = run(["--mlir-disable-threading"] + list(extra) + [path])
    problems = []
    if a != b:
        problems.append("threaded and serial reads differ: status %d/%d, %d/%d output bytes, stderr %r / %r"
                        % (a[0], b[0], len(a[1]), len(b[1]), a[2][:300], b[2][:300]))
    if want_rc is not None and b[0] != want_rc:
        problems.append("exit status %d, want %d" % (b[0], want_rc))
    if want_err is not None and want_err.encode() not in b[2]:
        problems.append("stderr lacks %r: %r" % (want_err, b[2][:300]))
    if want_rc == 1 and b[1]:
        problems.append("output written despite the error")
    print("%s: %s" % ("ok" if not problems else "FAIL", name))
    for p in problems:
        print("    " + p)
    fails += bool(problems)


with tempfile.TemporaryDirectory() as tmp:
    base = os.path.join(tmp, "mod.mlir")
    with open(base, "w") as f:
        subprocess.run([sys.executable, gen, "125000"], stdout=f, stderr=subprocess.DEVNULL, check=True)
    text = open(base).read()
    lines = text.split("\n")
    assert len(text) > 4 << 20, "the module must be large enough for the threaded read"

    def variant(name, new_lines):
        p = os.path.join(tmp, name + ".mlir")
        with open(p, "w") as f:
            f.write("\n".join(new_lines))
        return p

    # the line index of an op inside a function about `frac` of the way through
    def op_line(frac, needle):
        i = int(len(lines) * frac)
        while needle not in lines[i]:
            i += 1
        return i

    tt = os.path.join(tmp, "tt.mlir")
    with open(tt, "w") as f:
        subprocess.run([sys.executable, gen, "--tt", "100000"], stdout=f, stderr=subprocess.DEVNULL, check=True)
    same("tt kernels", tt)
    same("tt kernels, generic form", tt, ["--mlir-print-op-generic"])

    same("custom form", base)
    same("generic form", base, ["--mlir-print-op-generic"])
    same("with locations", base, ["--mlir-print-debuginfo"])

    if (os.cpu_count() or 1) > 1:
        checks += 1
        rc, _, err = run(["--timing", "-o", os.devnull, base])
        ok = rc == 0 and all(k + b" (" in err for k in (b"parse", b"verify", b"print")) and b"threads)" in err
        print("%s: threaded read, verify and print used (--timing)" % ("ok" if ok else "FAIL"))
        if not ok:
            print("    " + err.decode(errors="replace")[-400:])
            fails += 1

    v = list(lines)
    i = op_line(0.5, "arith.addf")
    v[i] = v[i].replace("arith.addf %", "arith.addf ,%", 1)
    same("syntax error in a middle function", variant("syntax", v), want_rc=1, want_err="error:")

    v = list(lines)
    i = op_line(0.7, "arith.select")
    head, _, tail = v[i].partition("arith.select ")
    v[i] = head + "arith.select %undefined_value, " + tail.split(", ", 1)[1]
    same("undefined value late in the file", variant("undef", v), want_rc=1, want_err="error:")

    v = list(lines)
    i = op_line(0.4, "func.func")
    v.insert(i, "  #inner = 1 : i32")
    same("alias defined inside the module", variant("alias", v), want_rc=1, want_err="error:")

    v = list(lines)
    i = op_line(0.9, "arith.trunci")
    v[i] = v[i].replace(": i64 to i32", ": i64 to i64", 1)
    same("verifier error late in the file", variant("verify", v), want_rc=1, want_err="error:")

    v = list(lines) + ["// a comment after the module"]
    same("comment after the module", variant("trailing", v))

    v = [l[2:] if l.startswith("  ") else l for l in lines]
    same("unindented body", variant("flat", v))

    # lines inside functions indented as top-level ops are: the guessed cuts fall inside ops
    v = []
    for l in lines:
        v.append(l[2:] if l.startswith("    %") else l)
    same("body lines at the top-level indentation", variant("shallow", v))

    v = list(lines)
    v.append("{-#\n  dialect_resources: {}\n#-}")
    same("file metadata after the module", variant("meta", v))

print("%d passed, %d failed" % (checks - fails, fails))
sys.exit(1 if fails else 0)
