#!/usr/bin/env python3
"""The man page lists every option --help does, and `meson install` installs it.

usage: check.py TTXFORM MANPAGE BUILDDIR

- Every option name in `ttxform --help`, `ttxform run --help` and `ttxform build
  --help` (each `-x` / `--name` word, and each pass option `name=` of the passes
  list) appears in MANPAGE once its roff escapes are undone.
- groff reads MANPAGE without a warning (when groff is installed).
- `meson install --destdir D` puts the binary and the page where `meson
  introspect --installed` says, the page byte for byte as built, the binary
  running.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ttxform, manpage, builddir = sys.argv[1:4]
fails = []


def helptext(*sub):
    return subprocess.run([ttxform, *sub, "--help"], stdout=subprocess.PIPE, check=True).stdout.decode()


def unroff(s):
    s = re.sub(r"\\f[BIRP]", "", s)
    return s.replace("\\-", "-").replace("\\&", "").replace("\\e", "\\")


with open(manpage, encoding="utf-8") as f:
    man = unroff(f.read())

names = set()
for sub in ((), ("run",), ("build",)):
    h = helptext(*sub)
    names.update(re.findall(r"(?<![\w/.-])--?[A-Za-z][\w-]*", h))
    names.update(m + "=" for m in re.findall(r"(?m)^ {6}([a-z0-9-]+)=", h))
for n in sorted(names):
    if not re.search(r"(?<![\w-])" + re.escape(n) + (r"(?![\w-])" if not n.endswith("=") else ""), man):
        fails.append("the man page lacks %s, which --help lists" % n)
if len(names) < 60:
    fails.append("only %d option names found in the help texts" % len(names))

if shutil.which("groff"):
    r = subprocess.run(["groff", "-man", "-Tutf8", "-ww", "-z", manpage], stderr=subprocess.PIPE)
    if r.returncode or r.stderr:
        fails.append("groff: %s" % r.stderr.decode().strip())

with tempfile.TemporaryDirectory() as dest:
    meson = shutil.which("meson") or "meson"
    r = subprocess.run([meson, "install", "-C", builddir, "--no-rebuild", "--quiet", "--destdir", dest],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if r.returncode:
        fails.append("meson install failed: %s" % r.stdout.decode()[-2000:])
    installed = json.loads(subprocess.run([meson, "introspect", builddir, "--installed"],
                                          stdout=subprocess.PIPE, check=True).stdout)
    want = {"ttxform": None, "ttxform.1": None}
    for built, path in installed.items():
        b = os.path.basename(built)
        if b in want:
            want[b] = (built, path)
    for b, where in want.items():
        if not where:
            fails.append("meson introspect --installed does not list %s" % b)
            continue
        built, path = where
        got = os.path.join(dest, path.lstrip("/"))
        if not os.path.isfile(got):
            fails.append("%s is not installed at %s" % (b, got))
        elif b == "ttxform.1":
            if not path.endswith("/man1/ttxform.1"):
                fails.append("the man page goes to %s, not a man1 folder" % path)
            with open(got, "rb") as f1, open(manpage, "rb") as f2:
                if f1.read() != f2.read():
                    fails.append("the installed man page differs from the built one")
        else:
            v = subprocess.run([got, "--version"], stdout=subprocess.PIPE)
            if v.returncode or not v.stdout.startswith(b"ttxform "):
                fails.append("the installed binary does not run: %r" % v.stdout)

for f in fails:
    print("FAIL " + f)
print("%d option names checked, %d failures" % (len(names), len(fails)))
sys.exit(1 if fails else 0)
