#!/usr/bin/env python3
"""Run the cases (sections) of corpus files one by one through their RUN line.

usage: cases.py TTXFORM [--markdown] FILE...

For each `// -----` section of each FILE: the section goes through the file's RUN
command (the reference tool replaced by TTXFORM, `%s` by the section) and FileCheck with
the section's own CHECK lines.  Prints one line per case and `N passed, N failed`.
This records which upstream cases ttxform handles; it is a report, not a gate.
"""
import os, re, shutil, subprocess, sys, tempfile

TOOLS = ("triton-opt", "spyre-triton-opt", "triton-shared-opt")


def filecheck():
    for n in ("FileCheck", "FileCheck-19", "FileCheck-16", "FileCheck-14"):
        p = shutil.which(n)
        if p:
            return p
    return None


def run_line(text):
    lines = [m.group(1).rstrip() for m in re.finditer(r"^\s*//\s*RUN:\s?(.*)$", text, re.M)]
    return " ".join(l[:-1] if l.endswith("\\") else l for l in lines)


def main():
    args = sys.argv[1:]
    md = "--markdown" in args
    args = [a for a in args if a != "--markdown"]
    tool, files = os.path.abspath(args[0]), args[1:]
    fc = filecheck()
    passed = failed = 0
    with tempfile.TemporaryDirectory() as td:
        for path in files:
            text = open(path, encoding="utf-8").read()
            run = run_line(text)
            sections = re.split(r"^// -----\s*$", text, flags=re.M)
            for i, sec in enumerate(sections):
                m = re.search(r"CHECK-LABEL:\s*(.*)", sec)
                name = m.group(1).strip() if m else f"section {i + 1}"
                if "CHECK" not in sec or "expected-error" in sec:
                    continue
                f = os.path.join(td, "case.mlir")
                with open(f, "w") as o:
                    o.write(sec)
                cmd = run.replace("%s", f).replace("-split-input-file", "").replace("--split-input-file", "")
                for t in TOOLS:
                    cmd = re.sub(r"(?<![\w./-])" + re.escape(t) + r"(?![\w-])", tool, cmd)
                cmd = re.sub(r"(?<![\w./-])FileCheck(?![\w-])", fc, cmd)
                p = subprocess.run(["bash", "-o", "pipefail", "-c", cmd], capture_output=True, text=True, timeout=60)
                ok = p.returncode == 0
                passed += ok
                failed += not ok
                if md:
                    print(f"| `{os.path.basename(path)}` {name} | {'pass' if ok else 'fail'} |")
                else:
                    print(("PASS " if ok else "FAIL ") + f"{path}: {name}")
    print(f"{passed} passed, {failed} failed")


if __name__ == "__main__":
    main()
