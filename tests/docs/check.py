#!/usr/bin/env python3
"""README.md and docs/: the first screen and the links.

usage: check.py ROOT [TTXFORM]
       check.py --selftest   (a made-up tree with each fault must give each error)

- The first screen of README.md (its first 80 lines) holds the sections "What works
  today" and "Set up" whole (and "From Python" when there is one: a pip install and one
  python block that parses, with a @triton.jit kernel and a launch on tensor(...)); "Set up" has exactly two commands, the one that builds and
  runs the main job on an embedded sample (run here with TTXFORM when given, from ROOT)
  and `.ci/run`.
- README.md has no table: the reference tables live in docs/.
- Every `build/ttxform run` command of README.md's code blocks is complete (no `...`
  standing for arguments) and, with TTXFORM, runs from a scratch directory (a
  `--target` one only where clang-19 and qemu-riscv64 are installed) and exits 0.
- Every markdown link of README.md and docs/*.md points into the repository, at a file
  that exists, and at a heading of it when it has a #fragment.
"""
import os
import re
import subprocess
import sys

SCREEN = 80

errors = []


def error(msg):
    errors.append(msg)


def sections(lines):
    """[(title, first line index, end index)] for the '## ' headings."""
    heads = [(i, l[3:].strip()) for i, l in enumerate(lines) if l.startswith("## ")]
    out = []
    for k, (i, title) in enumerate(heads):
        end = heads[k + 1][0] if k + 1 < len(heads) else len(lines)
        out.append((title, i, end))
    return out


def code_blocks(lines):
    """[(first line index, [lines])] of the fenced blocks."""
    blocks, cur, start = [], None, 0
    for i, l in enumerate(lines):
        if l.startswith("```"):
            if cur is None:
                cur, start = [], i
            else:
                blocks.append((start, cur))
                cur = None
        elif cur is not None:
            cur.append(l)
    return blocks


def slug(heading):
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to '-'."""
    s = heading.strip().lower()
    s = re.sub(r"[^\w\- ]", "", s)
    return s.replace(" ", "-")


def anchors(path):
    out = set()
    fenced = False
    with open(path, encoding="utf-8") as f:
        for l in f:
            if l.startswith("```"):
                fenced = not fenced
            elif not fenced and l.startswith("#"):
                out.add(slug(l.lstrip("#")))
    return out


LINK = re.compile(r"!?\[(?:[^\]\\]|\\.)*\]\(([^)\s]*)(?:\s+\"[^\"]*\")?\)")
REFDEF = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*(\S+)")
CODESPAN = re.compile(r"`[^`]*`")


def links(path):
    """[(line number, target)] of the links outside code."""
    out = []
    fenced = False
    with open(path, encoding="utf-8") as f:
        for n, l in enumerate(f, 1):
            if l.startswith("```"):
                fenced = not fenced
                continue
            if fenced:
                continue
            l = CODESPAN.sub("", l)
            out += [(n, m.group(1)) for m in LINK.finditer(l)]
            m = REFDEF.match(l)
            if m:
                out.append((n, m.group(1)))
    return out


def check_link(root, path, n, target):
    where = "%s:%d" % (os.path.relpath(path, root), n)
    if re.match(r"^[A-Za-z][A-Za-z0-9+.-]*:", target) or target.startswith("//"):
        error("%s: link '%s' points outside the repository" % (where, target))
        return
    file_part, _, frag = target.partition("#")
    if file_part.startswith("/"):
        error("%s: link '%s' is an absolute path" % (where, target))
        return
    dest = os.path.normpath(os.path.join(os.path.dirname(path), file_part)) if file_part else path
    real_root = os.path.realpath(root)
    if os.path.commonpath([os.path.realpath(dest), real_root]) != real_root:
        error("%s: link '%s' points outside the repository" % (where, target))
        return
    if not os.path.exists(dest):
        error("%s: link '%s': no such file" % (where, target))
        return
    if frag and dest.endswith(".md") and frag not in anchors(dest):
        error("%s: link '%s': %s has no heading '#%s'" %
              (where, target, os.path.relpath(dest, root), frag))


def check_readme(root, ttxform):
    path = os.path.join(root, "README.md")
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    secs = {t: (a, b) for t, a, b in sections(lines)}
    for title in ("What works today", "Set up"):
        if title not in secs:
            error("README.md: no section '## %s'" % title)
            continue
        a, b = secs[title]
        # the section ends where the next heading starts; trailing blank lines do not count
        while b > a and not lines[b - 1].strip():
            b -= 1
        if b > SCREEN:
            error("README.md: section '%s' ends on line %d, after the first screen (%d lines)"
                  % (title, b, SCREEN))
    if "From Python" in secs:
        # the Python route: one python block that parses, with a kernel and a launch
        # (tests/python/test_readme.py runs it)
        a, b = secs["From Python"]
        while b > a and not lines[b - 1].strip():
            b -= 1
        if b > SCREEN:
            error("README.md: section 'From Python' ends on line %d, after the first screen (%d lines)"
                  % (b, SCREEN))
        py = [bl for i, bl in code_blocks(lines) if a < i < b and lines[i].strip() == "```python"]
        if len(py) != 1:
            error("README.md: 'From Python' has %d python blocks, not one" % len(py))
        else:
            src = "\n".join(py[0]) + "\n"
            try:
                compile(src, "README.md", "exec")
            except SyntaxError as e:
                error("README.md: the 'From Python' snippet does not parse: %s" % e)
            for need in ("@triton.jit", "from ttxform.triton import tensor", "](tensor("):
                if need not in src:
                    error("README.md: the 'From Python' snippet has no '%s'" % need)
        if "pip install" not in "\n".join(lines[a:b]):
            error("README.md: 'From Python' does not say how to install (pip install)")
    if "Set up" in secs:
        a, b = secs["Set up"]
        blocks = [(i, bl) for i, bl in code_blocks(lines) if a < i < b]
        cmds = [" ".join(bl).strip() for _, bl in blocks]
        if len(cmds) != 2:
            error("README.md: 'Set up' has %d commands, not the two (build and run a sample; "
                  "run all tests)" % len(cmds))
        else:
            m = re.search(r"meson setup build && ninja -C build && "
                          r"(build/ttxform (\S+) (--emit=\S+))$", cmds[0])
            if not m:
                error("README.md: the first set-up command does not build and run "
                      "build/ttxform on a sample: %s" % cmds[0])
            elif not os.path.isfile(os.path.join(root, m.group(2))):
                error("README.md: the set-up command's sample %s does not exist" % m.group(2))
            elif ttxform:
                r = subprocess.run([ttxform, m.group(2), m.group(3)], cwd=root,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE)
                if r.returncode != 0 or not r.stdout:
                    error("README.md: the set-up command's run fails (exit %d): %s"
                          % (r.returncode, r.stderr.decode(errors="replace")))
            if cmds[1] != ".ci/run":
                error("README.md: the second set-up command is not '.ci/run': %s" % cmds[1])
            elif not os.access(os.path.join(root, ".ci/run"), os.X_OK):
                error("README.md: .ci/run is not an executable file")
    fenced = False
    for n, l in enumerate(lines, 1):
        if l.startswith("```"):
            fenced = not fenced
        elif not fenced and re.match(r"^\s*\|[\s:|-]*-{3,}[\s:|-]*\|\s*$", l):
            error("README.md:%d: a table; the reference tables belong in docs/" % n)


def run_commands(lines):
    """[(line number, argv)] of the `build/ttxform run` commands of the
    fenced blocks, continuation lines joined and comments dropped"""
    import shlex
    out = []
    for i, bl in code_blocks(lines):
        k = 0
        while k < len(bl):
            start, text = k, bl[k]
            while text.rstrip().endswith("\\") and k + 1 < len(bl):
                k += 1
                text = text.rstrip()[:-1] + " " + bl[k]
            k += 1
            try:
                argv = shlex.split(text, comments=True)
            except ValueError:
                continue
            if argv[:2] == ["build/ttxform", "run"]:
                out.append((i + 2 + start, argv))
    return out


def check_run_commands(root, ttxform):
    import shutil
    import tempfile
    path = os.path.join(root, "README.md")
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    riscv = shutil.which("clang-19") and shutil.which("qemu-riscv64")
    for n, argv in run_commands(lines):
        if any("..." in a for a in argv):
            error("README.md:%d: an incomplete command ('...' in place of arguments): %s" % (n, " ".join(argv)))
            continue
        if not ttxform or (any(a.startswith("--target") for a in argv) and not riscv):
            continue
        with tempfile.TemporaryDirectory() as d:
            os.symlink(os.path.join(root, "samples"), os.path.join(d, "samples"))
            r = subprocess.run([ttxform] + argv[1:], cwd=d, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               timeout=50)
            if r.returncode != 0:
                error("README.md:%d: the command fails (exit %d): %s" % (n, r.returncode, r.stderr.decode(errors="replace")[:500]))


def check_tree(root, ttxform):
    check_readme(root, ttxform)
    check_run_commands(root, ttxform)
    docs = os.path.join(root, "docs")
    files = [os.path.join(root, "README.md")]
    files += sorted(os.path.join(docs, f) for f in os.listdir(docs) if f.endswith(".md"))
    count = 0
    for path in files:
        for n, target in links(path):
            count += 1
            check_link(root, path, n, target)
    return len(files), count


def selftest():
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        os.makedirs(os.path.join(d, "docs"))
        os.makedirs(os.path.join(d, ".ci"))
        with open(os.path.join(d, ".ci/run"), "w") as f:
            f.write("#!/bin/sh\n")
        os.chmod(os.path.join(d, ".ci/run"), 0o755)
        with open(os.path.join(d, "docs/a.md"), "w") as f:
            f.write("# A\n\n## Some heading\n\n[ok](a.md#some-heading) [bad](a.md#nope)\n"
                    "[up](../../x.md) `[code](../y.md)`\n")
        readme = ["# t", "", "## What works today", "", "all of it", "", "## Set up", "",
                  "```sh", "meson setup build && ninja -C build && build/ttxform s.ttir --emit=ktir",
                  "```", "", "```sh", ".ci/run", "```", "", "| a | b |", "|---|---|",
                  "[d](docs/a.md) [w](https://example.org) [m](missing.md) [abs](/etc/passwd)"]
        with open(os.path.join(d, "README.md"), "w") as f:
            f.write("\n".join(readme + [""] * 80 + ["## Tests", "", "```sh", "build/ttxform run s.ttir --target=riscv64 \\",
                                                     "    --grid=4 --arg ...  # qemu", "```", ""]))
        check_tree(d, None)
        want = ["sample s.ttir does not exist", "README.md:18: a table", "README.md:103: an incomplete command",
                "link 'https://example.org' points outside", "link 'missing.md': no such file",
                "link '/etc/passwd' is an absolute path", "has no heading '#nope'",
                "link '../../x.md' points outside"]
        got = list(errors)
        del errors[:]
        missing = [w for w in want if not any(w in e for e in got)]
        if missing or len(got) != len(want):
            print("selftest: wanted %s\ngot %s" % (want, got))
            sys.exit(1)
        # the first screen: a set-up section past line 80, and three commands
        with open(os.path.join(d, "README.md"), "w") as f:
            f.write("\n".join(["# t"] + [""] * 80 + readme[2:14] + ["```", "", "```", "x", "```"]))
        check_readme(d, None)
        got = list(errors)
        del errors[:]
        if not (any("ends on line" in e for e in got) and any("has 3 commands" in e for e in got)):
            print("selftest: the first-screen faults not found: %s" % got)
            sys.exit(1)
    print("selftest: every fault found")


def main():
    if sys.argv[1:] == ["--selftest"]:
        selftest()
        return
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    root = os.path.abspath(sys.argv[1])
    ttxform = os.path.abspath(sys.argv[2]) if len(sys.argv) == 3 else None
    nfiles, count = check_tree(root, ttxform)
    for e in errors:
        print("error: " + e)
    print("%d files, %d links checked, %d errors" % (nfiles, count, len(errors)))
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
