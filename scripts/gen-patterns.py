#!/usr/bin/env python3
"""Generate docs/patterns.md, the catalogue of supported and rejected patterns, from
the lit tests tests/lit/spyre-*.mlir and tests/lit/ktir-*.mlir.

usage: gen-patterns.py [--ttxform PATH] [--root DIR] [--output FILE] [--check]

Each `// -----` section of a test file is one pattern. Its input is the section without
the test annotations (RUN, FileCheck and expected-* lines, and the plain comments, which
become the pattern's description). The input is run through ttxform with the pass flags
of the file's first RUN line (without --split-input-file and --verify-diagnostics). A
run that exits 0 is a supported pattern and its output is shown; a run that fails is a
rejected pattern and its diagnostics are shown. A section with expected-error
annotations must fail and one without must succeed, or the generator stops.
The last section counts the outcomes that tests/corpus/ktir-tally.tsv records for the
triton-shared corpus (tests/corpus/ktir_tally.py).

Without --check, the file is (re)written. With --check, nothing is written: the file is
compared with what would be generated, a diff is printed when they differ, and the last
line is `1 passed, 0 failed` (exit 0) or `0 passed, 1 failed` (exit 1).

Defaults: --root is the parent of this script's directory, --ttxform is ROOT/build/ttxform,
--output is ROOT/docs/patterns.md.
"""
import argparse, difflib, glob, os, re, shlex, subprocess, sys, textwrap

# Order of the pass headings: the Spyre pipeline, then the optional passes, then the
# whole pipeline and plain parse + print. Other passes follow in name order.
PASS_ORDER = [
    "lower-descriptor-memory", "lower-scalar-load", "lower-compute-ops",
    "convert-ttir-functions", "distribute-work-to-spyre-cores",
    "materialize-base-addresses", "convert-elementwise-to-linalg", "unalias-linalg-outs",
    "emit=ktir", "",
]
PASS_TITLE = {
    "emit=ktir": "`--emit=ktir` (the whole Spyre pipeline)",
    "": "No pass (parse and print)",
}
# flags that only change how the IR is printed or read, not which passes run
PRINT_FLAGS = {"emit", "mlir-print-op-generic", "mlir-print-debuginfo", "ktdp-memory-space", "ktir-cpu",
               "allow-unregistered-dialect", "verify-each", "grid", "base-addresses",
               "data-layout", "fix"}
DROP_FLAGS = {"--split-input-file", "--verify-diagnostics"}
SUFFIXES = r"(?:-(?:NEXT|SAME|LABEL|DAG|NOT|EMPTY|COUNT-\d+))?"
SEPARATOR = re.compile(r"^// -----\s*$")
RUN = re.compile(r"^\s*//\s*RUN:\s?(.*)$")
EXPECTED = re.compile(r"^\s*//\s*expected-(error|warning|note|remark)\b")
FUNC = re.compile(r"\b(?:tt|func)\.func\s+(?:(?:public|private|nested)\s+)?@([\w$.-]+)"
                  r"|\"(?:tt|func)\.func\"\s*\(\)\s*<?\{[^\n]*?sym_name\s*=\s*\"([^\"]+)\"")
TIMEOUT = 60


class GenError(Exception):
    pass


def run_lines(lines):
    """The RUN commands of a file, with `\\` continuations joined."""
    out, cur = [], ""
    for line in lines:
        m = RUN.match(line)
        if not m:
            continue
        part = m.group(1).rstrip()
        if part.endswith("\\"):
            cur += part[:-1] + " "
            continue
        out.append((cur + part).strip())
        cur = ""
    if cur:
        out.append(cur.strip())
    return out


def ttxform_flags(cmd):
    """The flags of the ttxform invocation at the start of a RUN command."""
    words = shlex.split(cmd)
    if "ttxform" not in words:
        raise GenError(f"RUN line does not run ttxform: {cmd}")
    flags = []
    for w in words[words.index("ttxform") + 1:]:
        if w in ("|", "||", "&&", ";") or w.startswith((">", "<", "2>", "1>")):
            break
        if w in ("%s", "-") or w in DROP_FLAGS:
            continue
        flags.append(w)
    if "-o" in flags:
        raise GenError(f"first RUN line writes a file; expected stdout: {cmd}")
    return flags


def pipeline_passes(spec):
    """Pass names of a --pass-pipeline value such as builtin.module(a,b{x=1})."""
    spec = re.sub(r"\{[^}]*\}", "", spec)
    names = re.findall(r"[A-Za-z][\w.-]*(?=\s*[,()]|\s*$)", spec)
    return [n for n in names if n not in ("builtin.module", "func.func", "tt.func")]


def pass_of(flags):
    """The pass a RUN line tests: the last pass it runs ('emit=ktir' for the whole
    pipeline, '' for none)."""
    if "--emit=ktir" in flags:
        return "emit=ktir"
    passes = []
    for f in flags:
        if not f.startswith("--"):
            continue
        name, _, value = f[2:].partition("=")
        if name == "pass-pipeline":
            passes += pipeline_passes(value)
        elif name not in PRINT_FLAGS:
            passes.append(name)
    return passes[-1] if passes else ""


def check_prefixes(runs):
    prefixes = {"CHECK"}
    for cmd in runs:
        for m in re.finditer(r"--check-prefix(?:es)?[= ]([\w,-]+)", cmd):
            prefixes.update(m.group(1).split(","))
    return prefixes


def first_prefixes(cmd):
    """The prefixes FileCheck uses on the first RUN line."""
    found = re.findall(r"--check-prefix(?:es)?[= ]([\w,-]+)", cmd)
    return {p for f in found for p in f.split(",")} or {"CHECK"}


def check_prefix(line, prefixes):
    """The FileCheck prefix of a check line, or None."""
    m = re.match(r"^\s*//\s*([\w-]+?)" + SUFFIXES + r":", line)
    if m and m.group(1) in prefixes:
        return m.group(1)
    return None


def split_sections(lines):
    sections, cur = [], []
    for line in lines:
        if SEPARATOR.match(line):
            sections.append(cur)
            cur = []
        else:
            cur.append(line)
    sections.append(cur)
    return sections


def comment_text(line):
    return re.sub(r"^\s*//\s?", "", line).rstrip()


def analyse(section, prefixes, own):
    """Split a section into (code lines, description lines, expects errors).

    Plain comment paragraphs become the description, except a paragraph directly
    followed by check lines of another RUN line's prefix (it describes that run)."""
    kinds = []
    for line in section:
        if RUN.match(line):
            kinds.append("run")
        elif EXPECTED.match(line):
            kinds.append("expected")
        elif check_prefix(line, prefixes):
            kinds.append("check")
        elif line.lstrip().startswith("//"):
            kinds.append("comment")
        elif not line.strip():
            kinds.append("blank")
        else:
            kinds.append("code")
    code, desc, paragraph = [], [], []
    for i, (line, kind) in enumerate(zip(section, kinds)):
        if kind == "code" or (kind == "blank" and code):
            code.append(line.rstrip())
        if kind == "comment":
            paragraph.append(comment_text(line))
        if paragraph and (i + 1 == len(section) or kinds[i + 1] != "comment"):
            nxt = next((j for j in range(i + 1, len(section)) if kinds[j] != "blank"), None)
            other = nxt is not None and kinds[nxt] == "check" and \
                check_prefix(section[nxt], prefixes) not in own
            if not other:
                desc += paragraph
            paragraph = []
    while code and not code[-1].strip():
        code.pop()
    errors = any(k == "expected" for k in kinds)
    return code, desc, errors


def header_of(lines):
    """The plain comment lines at the top of a file, before its first blank or code line."""
    out = []
    for line in lines:
        if not line.lstrip().startswith("//"):
            break
        if not RUN.match(line) and not EXPECTED.match(line):
            out.append(comment_text(line))
    return out


def title_of(code, desc, index):
    names = []
    for m in FUNC.finditer("\n".join(code)):
        name = m.group(1) or m.group(2)
        if name not in names:
            names.append(name)
    if names:
        return ", ".join(f"`@{n}`" for n in names)
    if desc:
        first = " ".join(desc)
        return re.split(r"(?<=[.:;])\s", first, maxsplit=1)[0].rstrip(".:;")
    return f"section {index}"


def run_ttxform(ttxform, flags, text):
    try:
        r = subprocess.run([ttxform, "-"] + flags, input=text.encode(), capture_output=True,
                           timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        raise GenError(f"ttxform {' '.join(flags)} timed out after {TIMEOUT} s")
    return r.returncode, r.stdout.decode(errors="replace"), r.stderr.decode(errors="replace")


def fence(lang, text):
    text = text.rstrip("\n")
    ticks = "```"
    while ticks in text:
        ticks += "`"
    return f"{ticks}{lang}\n{text}\n{ticks}\n"


def collect(root, ttxform):
    """All patterns, as {pass: [pattern dict]}."""
    files = sorted(glob.glob(os.path.join(root, "tests", "lit", "spyre-*.mlir")) +
                   glob.glob(os.path.join(root, "tests", "lit", "ktir-*.mlir")))
    if not files:
        raise GenError(f"no tests/lit/spyre-*.mlir or ktir-*.mlir under {root}")
    groups = {}
    for path in files:
        rel = os.path.relpath(path, root)
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
        runs = run_lines(lines)
        if not runs:
            raise GenError(f"{rel}: no RUN line")
        flags = ttxform_flags(runs[0])
        prefixes = check_prefixes(runs)
        own = first_prefixes(runs[0])
        header = header_of(lines)
        cmd = " ".join(["ttxform"] + [shlex.quote(f) for f in flags])
        for n, section in enumerate(split_sections(lines), 1):
            code, desc, errors = analyse(section, prefixes, own)
            if not any(l.strip() for l in code):
                continue
            if n == 1 and not desc:
                desc = header
            text = textwrap.dedent("\n".join(code) + "\n")
            rc, out, err = run_ttxform(ttxform, flags, text)
            where = f"{rel} section {n}"
            if rc != 0 and not err.strip():
                raise GenError(f"{where}: `{cmd}` failed with exit {rc} and no diagnostic")
            if errors and rc == 0:
                raise GenError(f"{where}: has expected-error annotations but `{cmd}` succeeds")
            if not errors and rc != 0:
                raise GenError(f"{where}: `{cmd}` fails:\n{err}")
            groups.setdefault(pass_of(flags), []).append({
                "title": title_of(code, desc, n), "file": rel, "section": n, "cmd": cmd,
                "desc": desc, "input": text, "ok": rc == 0, "output": out, "stderr": err,
            })
    return groups


def pass_key(name):
    return (PASS_ORDER.index(name), "") if name in PASS_ORDER else (len(PASS_ORDER), name)


def tally(root):
    """The corpus section: outcomes of tests/corpus/ktir-tally.tsv, counted"""
    path = os.path.join(root, "tests", "corpus", "ktir-tally.tsv")
    if not os.path.exists(path):
        return []
    rows = [l.rstrip("\n").split("\t") for l in open(path, encoding="utf-8") if l.strip() and not l.startswith("#")]
    counts = {}
    for r in rows:
        counts[r[2]] = counts.get(r[2], 0) + 1
    lowered = sum(n for k, n in counts.items() if k.startswith("lowered"))
    out = ["## The triton-shared corpus through `--emit=ktir`\n",
           f"Of the {len(rows)} pointer-style sections of `../shared/corpus/triton-shared` (a `tt.func` with",
           "`tt.load`, `tt.store` or an atomic and no `tts` op), " + f"{lowered} lower to KTIR and {len(rows) - lowered} are rejected",
           "with a located error naming the construct. Each lowered kernel also runs as",
           "`ttxform run --via=ktir --check` on generated arguments (the KTIR and the TTIR on the",
           "interpreter, every buffer compared). `tests/corpus/ktir_tally.py` (the `ktir-corpus` test)",
           "checks these outcomes, recorded per section in `tests/corpus/ktir-tally.tsv`.\n",
           "| sections | outcome |", "|---:|---|"]
    for k in sorted(counts, key=lambda k: (not k.startswith("lowered"), -counts[k], k)):
        cell = k.replace("|", "\\|")
        out.append(f"| {counts[k]} | {cell} |")
    out.append("")
    return out


def render(groups, root=None):
    order = sorted(groups, key=pass_key)
    out = ["# Supported and rejected patterns\n",
           "What each Spyre pass of ttxform does with the inputs of its lit tests: for every",
           "`// -----` section of `tests/lit/spyre-*.mlir` and `tests/lit/ktir-*.mlir`, the",
           "input TTIR and either the output ttxform prints (a supported pattern) or the",
           "diagnostic it reports (a rejected pattern). Each input is run alone with the pass",
           "flags of its file's first RUN line; the test annotations (RUN, CHECK and",
           "`expected-error` lines) are left out of the input, and its plain comments are the",
           "description.\n",
           "This file is generated; do not edit it by hand. After changing a pass or a lit",
           "test, rebuild and regenerate it:\n",
           "```sh",
           "ninja -C build && python3 scripts/gen-patterns.py",
           "```\n",
           "`meson test -C build patterns-doc` (part of `meson test -C build`) fails when this",
           "file is out of date (`python3 scripts/gen-patterns.py --check` shows the diff).\n",
           "| pass | supported | rejected |",
           "|---|---:|---:|"]
    for name in order:
        pats = groups[name]
        ok = sum(p["ok"] for p in pats)
        out.append(f"| {PASS_TITLE.get(name, f'`{name}`')} | {ok} | {len(pats) - ok} |")
    out.append("")
    for name in order:
        pats = groups[name]
        out.append(f"## {PASS_TITLE.get(name, f'`{name}`')}\n")
        for ok, label in ((True, "Supported"), (False, "Rejected")):
            chosen = [p for p in pats if p["ok"] == ok]
            if not chosen:
                continue
            out.append(f"### {label}\n")
            for p in chosen:
                out.append(f"#### {p['title']}\n")
                out.append(f"From `{p['file']}`, section {p['section']}; run as `{p['cmd']}`.\n")
                if p["desc"]:
                    out.append(" ".join(l.strip() for l in p["desc"] if l.strip()) + "\n")
                out.append("Input:\n")
                out.append(fence("mlir", p["input"]))
                if ok:
                    out.append("Output:\n")
                    out.append(fence("mlir", p["output"]))
                    if p["stderr"].strip():
                        out.append("Diagnostics:\n")
                        out.append(fence("text", p["stderr"]))
                else:
                    out.append("Diagnostic:\n")
                    out.append(fence("text", p["stderr"]))
    if root:
        out.extend(tally(root))
    return "\n".join(out).rstrip("\n") + "\n"


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--root", default=os.path.dirname(here), help="source root")
    ap.add_argument("--ttxform", help="the ttxform binary (default ROOT/build/ttxform)")
    ap.add_argument("--output", help="the generated file (default ROOT/docs/patterns.md)")
    ap.add_argument("--check", action="store_true",
                    help="compare instead of writing; exit 1 when the file is out of date")
    a = ap.parse_args()
    root = os.path.abspath(a.root)
    ttxform = os.path.abspath(a.ttxform) if a.ttxform else os.path.join(root, "build", "ttxform")
    output = a.output or os.path.join(root, "docs", "patterns.md")
    try:
        if not os.access(ttxform, os.X_OK):
            raise GenError(f"ttxform not found at {ttxform} (ninja -C build, or --ttxform PATH)")
        text = render(collect(root, ttxform), root)
    except GenError as e:
        print(f"gen-patterns: {e}", file=sys.stderr)
        if a.check:
            print("0 passed, 1 failed")
        return 1
    if not a.check:
        with open(output + ".tmp", "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(output + ".tmp", output)
        print(f"wrote {os.path.relpath(output)}")
        return 0
    try:
        with open(output, encoding="utf-8") as f:
            old = f.read()
    except FileNotFoundError:
        old = ""
    rel = os.path.relpath(output, root)
    if old == text:
        print(f"ok 1 - {rel} is up to date")
        print("1 passed, 0 failed")
        return 0
    diff = list(difflib.unified_diff(old.splitlines(True), text.splitlines(True),
                                     rel, rel + " (generated)"))
    print(f"not ok 1 - {rel} is out of date; regenerate with: python3 scripts/gen-patterns.py")
    sys.stdout.writelines("# " + l if l.endswith("\n") else "# " + l + "\n" for l in diff[:200])
    if len(diff) > 200:
        print(f"# ... {len(diff) - 200} more diff lines")
    print("0 passed, 1 failed")
    return 1


if __name__ == "__main__":
    sys.exit(main())
