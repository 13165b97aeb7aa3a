#!/usr/bin/env python3
"""Every pass option takes exactly the values `ttxform --help` lists for it.

usage: pass_options.py TTXFORM

For each option line of the help's passes section (`NAME=VALUES  help`), each
listed value (both ends of a range) must be accepted on an empty module, and
values just outside must be refused at the option: exit 1, nothing on stdout,
`ttxform: error: invalid value 'V' for option 'NAME' of pass 'PASS'` and no
diagnostic at the input.  `<string>` options take any text (the pass checks it).
"""
import re
import subprocess
import sys

ttxform = sys.argv[1]
failures = []
cases = 0


def run(args, stdin="module {\n}\n"):
    return subprocess.run([ttxform] + args + ["-"], input=stdin.encode(),
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def accept(p, name, v):
    global cases
    cases += 1
    r = run(["--%s=%s=%s" % (p, name, v)])
    if r.returncode != 0:
        failures.append("--%s=%s=%s: listed by --help but refused: %s" % (p, name, v, r.stderr.decode().strip()))


def refuse(p, name, v):
    global cases
    cases += 1
    for args in (["--%s=%s=%s" % (p, name, v)], ["--pass-pipeline=builtin.module(%s{%s=%s})" % (p, name, v)]):
        r = run(args)
        err = r.stderr.decode()
        want = "ttxform: error: invalid value '%s' for option '%s' of pass '%s': expected " % (v, name, p)
        if r.returncode != 1 or r.stdout or not err.startswith(want) or "<stdin>:" in err:
            failures.append("%s: not listed by --help, so it must be refused at the option; got exit %d, "
                            "stderr %r" % (" ".join(args), r.returncode, err))


def main():
    h = subprocess.run([ttxform, "--help"], stdout=subprocess.PIPE, check=True).stdout.decode()
    h = h[h.index("\npasses "):]
    opts = []
    p = None
    for line in h.split("\n"):
        m = re.match(r"^  --([a-z0-9-]+)\s", line)
        if m:
            p = m.group(1)
            continue
        m = re.match(r"^      ([a-z0-9-]+)=(\S+(?: [^\s]+)?)\s", line)
        if m and p:
            vals = m.group(2)
            if vals.startswith("<") and not vals.endswith(">"):
                vals = line.split("=", 1)[1].split(">")[0] + ">"
            opts.append((p, m.group(1), vals))
    if len(opts) < 10:
        sys.exit("only %d pass options found in --help" % len(opts))
    for p, name, vals in opts:
        m = re.match(r"^<int(?: list)?(?: (-?\d+)\.\.(-?\d+)?)?>$", vals)
        if vals == "true|false":
            for v in ("true", "false"):
                accept(p, name, v)
            for v in ("1", "0", "yes", "True"):
                refuse(p, name, v)
        elif m:
            lo, hi = m.group(1), m.group(2)
            refuse(p, name, "x")
            if lo is not None:
                accept(p, name, lo)
                refuse(p, name, str(int(lo) - 1))
            if hi is not None:
                accept(p, name, hi)
                refuse(p, name, str(int(hi) + 1))
        elif vals == "<string>":
            continue
        elif "|" in vals or re.match(r"^[a-z0-9-]+$", vals):
            listed = vals.split("|")
            for v in listed:
                accept(p, name, v)
            refuse(p, name, "nope")
            if all(re.match(r"^-?\d+$", v) for v in listed):
                ints = [int(v) for v in listed]
                outside = [n for n in (min(ints) - 1, max(ints) + 1) + tuple(a + 1 for a in ints) if n not in ints]
                refuse(p, name, str(outside[0]))
                refuse(p, name, str(outside[-1]))
            else:
                refuse(p, name, listed[0].upper())
                if name == "region-simplify":
                    refuse(p, name, "false")
        else:
            failures.append("--%s: option %s: values '%s' are not in a form --help uses" % (p, name, vals))
    for f in failures:
        print("FAIL " + f)
    print("%d options, %d cases, %d failures" % (len(opts), cases, len(failures)))
    sys.exit(1 if failures else 0)


main()
