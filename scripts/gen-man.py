#!/usr/bin/env python3
"""Write the ttxform(1) man page from the program's own --help texts.

usage: gen-man.py TTXFORM OUTPUT

The page is made of `ttxform --help`, `ttxform run --help` and `ttxform build
--help`, so it lists exactly the options the program does.  The help texts
follow one layout, which is all this script relies on:

- `usage: ...` lines (and lines indented under them) are the synopsis;
- a line indented by two spaces starts an entry (`  --opt=V   what it does`,
  or the option alone with its text on the lines below), and the more deeply
  indented lines after it continue that entry;
- in the passes section, a line indented by six spaces is an option of the
  pass above it;
- a paragraph at column 0 that ends with ':' right before entries is a heading;
  any other one is running text.

The output depends only on the help texts (no date), so a build is repeatable.
"""
import re
import subprocess
import sys


def esc(s):
    """Text for a roff line: backslashes, hyphens, leading dots and quotes."""
    s = s.replace("\\", "\\e").replace("-", "\\-")
    return "\\&" + s if s[:1] in (".", "'") else s


def helptext(ttxform, *sub):
    return subprocess.run([ttxform, *sub, "--help"], stdout=subprocess.PIPE, check=True).stdout.decode()


def indent(line):
    return len(line) - len(line.lstrip(" "))


def split_entry(line, col):
    """'  --opt=V    text' -> ('--opt=V', 'text'); the text may be empty.  The
    text starts at column col, where the entries' continued lines start (so
    that a long option followed by one space still splits), else after the
    first run of two spaces."""
    if len(line) > col and line[col - 1] == " " and line[col] != " " and line[2:col].strip():
        return line[:col].strip(), line[col:].strip()
    body = line.strip()
    m = re.match(r"^(\S(?:.*?\S)?)(?:\s{2,}(.*))?$", body)
    return m.group(1), (m.group(2) or "")


def convert(text, out, top):
    """One help text as roff: its synopsis (into `top` when given) and its body."""
    lines = text.rstrip("\n").split("\n")
    i = 0
    synopsis = []
    while i < len(lines) and (lines[i].startswith("usage:") or (synopsis and lines[i].startswith("       "))):
        synopsis.append(lines[i][len("usage:"):].strip() if lines[i].startswith("usage:") else lines[i].strip())
        i += 1
    syn = top if top is not None else out
    syn.append(".SH SYNOPSIS" if top is not None else ".PP")
    syn.append(".nf")
    syn.extend(esc(x) for x in synopsis)
    syn.append(".fi")
    deep = [indent(l) for l in lines if indent(l) >= 10 and l.strip()]
    col = max(set(deep), key=deep.count) if deep else 1000
    para = []
    entry = None   # [spec, text words, level]

    def flush_entry():
        nonlocal entry
        if entry:
            spec, words, level = entry
            if level == 2:
                out.extend([".RS", ".TP", "\\fB" + esc(spec) + "\\fR", esc(" ".join(words)), ".RE"])
            else:
                out.extend([".TP", "\\fB" + esc(spec) + "\\fR", esc(" ".join(words))])
        entry = None

    def flush_para(heading):
        nonlocal para
        if para:
            t = " ".join(p.strip() for p in para)
            if heading and t.endswith(":"):
                out.extend([".SS", esc(t[:1].upper() + t[1:-1])])
            else:
                out.extend([".PP", esc(t)])
        para = []

    for l in lines[i:]:
        if not l.strip():
            flush_entry()
            flush_para(False)
            continue
        n = indent(l)
        if n == 0:
            flush_entry()
            para.append(l)
        elif n == 2:
            flush_para(True)
            flush_entry()
            spec, rest = split_entry(l, col)
            entry = [spec, [rest] if rest else [], 1]
        elif n == 6 and re.match(r"^ {6}[a-z0-9-]+=\S", l):
            flush_para(True)
            flush_entry()
            spec, rest = split_entry(l, 1000)
            entry = [spec, [rest] if rest else [], 2]
        elif entry is not None:
            entry[1].append(l.strip())
        else:
            para.append(l)
    flush_entry()
    flush_para(False)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    ttxform, output = sys.argv[1], sys.argv[2]
    version = subprocess.run([ttxform, "--version"], stdout=subprocess.PIPE, check=True).stdout.decode().split()[-1]
    page = ['.\\" ttxform(1), written by scripts/gen-man.py from ttxform --help; do not edit',
            '.TH TTXFORM 1 "" "ttxform %s" "User Commands"' % version,
            ".nh", ".ad l",
            ".SH NAME",
            "ttxform \\- Triton IR to KTIR, C and RISC\\-V: read, transform, lower and run kernels"]
    top, body = [], []
    convert(helptext(ttxform), body, top)
    page += top + [".SH DESCRIPTION"] + body
    for sub in ("run", "build"):
        page += [".SH \"TTXFORM %s\"" % sub.upper()]
        convert(helptext(ttxform, sub), page, None)
    page += [".SH SEE ALSO", "The reference in the source tree: README.md, docs/cli.md, docs/run.md, docs/cpu.md."]
    with open(output, "w") as f:
        f.write("\n".join(page) + "\n")


if __name__ == "__main__":
    main()
