#!/usr/bin/env python3
"""Every module of python/ttxform is installed: each .py file under it is named
in python/meson.build (pip install . installs only what that file lists, and a
backend module missing from the installed package breaks `import triton` for
every user of the environment), and each entry point of pyproject.toml names a
package that is listed.  Ends with `N passed, N failed`."""
import os
import re
import sys


def main() -> int:
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "..")
    pkg = os.path.join(root, "python")
    with open(os.path.join(pkg, "meson.build")) as f:
        listed = set(re.findall(r"'(ttxform/[^']+\.py)'", f.read()))
    passed = failed = 0
    for dp, _, fs in sorted(os.walk(os.path.join(pkg, "ttxform"))):
        for fn in sorted(fs):
            if not fn.endswith(".py"):
                continue
            rel = os.path.relpath(os.path.join(dp, fn), pkg)
            if rel in listed:
                passed += 1
            else:
                failed += 1
                print(f"FAIL {rel}: not installed (add it to python/meson.build)")
    with open(os.path.join(root, "pyproject.toml")) as f:
        eps = re.findall(r'^\s*\w+\s*=\s*"(ttxform\.[\w.]+)"', f.read(), re.M)
    for ep in eps:
        init = ep.replace(".", "/") + "/__init__.py"
        if init in listed:
            passed += 1
        else:
            failed += 1
            print(f"FAIL entry point {ep}: {init} is not installed")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
