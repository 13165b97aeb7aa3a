#!/usr/bin/env python3
"""The layer test: the tree keeps the layers of docs/architecture.md.

    layers.py ROOT [LIB.a ...] [--selftest]

Reads the layer table of ROOT/docs/architecture.md (rows `| N | `folder/` ... | `library` | ...`)
and checks
  includes: every #include "..." of a .c, .h, .re or .y file under a layer's folders lands in
            a file of its own layer or an earlier one.  A path is looked up as the compiler
            would: next to the including file, then under each layer folder; a header that
            lemon generates from grammar/NAME.y counts as grammar/NAME.h.  An include found in
            no layer folder, or under two, is an error too.
  symbols:  (with the layer libraries of a build) `nm` finds no undefined symbol in a library
            that only the library of a later layer defines.
--selftest then proves both checks can fail: a copy of the tree in a temporary folder where
src/ir.c includes a runtime header must fail the include check, and two small archives in
which a src object calls a function only a runtime object defines must fail the symbol check
(and pass the other way round).  Ends with `N passed, N failed`; exit 1 on any failure."""
import os, re, shutil, subprocess, sys, tempfile

SOURCE_EXT = (".c", ".h", ".re", ".y")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def read_layers(root):
    """[(index, [folders], library)] in table order, from docs/architecture.md"""
    path = os.path.join(root, "docs", "architecture.md")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    m = re.search(r"^## Layers\n(.*?)(?=^## )", text, re.M | re.S)
    if not m:
        raise SystemExit(f"{path}: no '## Layers' section")
    layers = []
    for line in m.group(1).splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 3 or not cells[0].isdigit():
            continue
        folders = re.findall(r"`([A-Za-z0-9_]+)/`", cells[1])
        libs = re.findall(r"`([A-Za-z0-9_]+)`", cells[2])
        if not folders or not libs:
            raise SystemExit(f"{path}: layer row without folders or library: {line}")
        layers.append((int(cells[0]), folders, libs[0]))
    if not layers:
        raise SystemExit(f"{path}: the layer table has no rows")
    return layers


def layer_of_folder(layers):
    return {folder: i for i, (_, folders, _) in enumerate(layers) for folder in folders}


def tree_files(root, folders, ext=None):
    for folder in sorted(folders):
        top = os.path.join(root, folder)
        for d, subdirs, files in os.walk(top):
            subdirs.sort()
            for name in sorted(files):
                if ext is None or name.endswith(ext):
                    yield os.path.relpath(os.path.join(d, name), root)


def check_includes(root, layers):
    """a list of problems, one line each"""
    of = layer_of_folder(layers)
    files = list(tree_files(root, of, SOURCE_EXT))
    generated = {}
    for f in files:
        if f.endswith(".y"):
            generated[os.path.join(os.path.dirname(f), os.path.basename(f)[:-2] + ".h")] = f
    present = set(tree_files(root, of)) | set(generated)
    problems = []
    for f in files:
        layer = of[f.split(os.sep)[0]]
        with open(os.path.join(root, f), encoding="utf-8", errors="replace") as fh:
            text = fh.read()
        for m in INCLUDE.finditer(text):
            inc = m.group(1)
            line = text.count("\n", 0, m.start()) + 1
            here = os.path.normpath(os.path.join(os.path.dirname(f), inc))
            if here in present:
                hits = [here]
            else:
                hits = sorted({os.path.normpath(os.path.join(folder, inc)) for folder in of} & present)
            where = f"{f}:{line}: #include \"{inc}\""
            if not hits:
                problems.append(f"{where}: not found in any layer folder")
                continue
            if len(hits) > 1:
                problems.append(f"{where}: ambiguous ({', '.join(hits)})")
                continue
            top = hits[0].split(os.sep)[0]
            if top not in of:
                problems.append(f"{where}: {hits[0]} is outside every layer")
            elif of[top] > layer:
                problems.append(f"{where}: {hits[0]} is in layer {layers[of[top]][0]} ({layers[of[top]][2]}), "
                                f"above layer {layers[layer][0]} ({layers[layer][2]})")
    return problems, len(files)


def nm_symbols(lib):
    """(defined global symbols, [(object, undefined symbol)]) of a static library"""
    out = subprocess.run(["nm", "-A", "-g", lib], capture_output=True, text=True, check=True).stdout
    defined, undefined = set(), []
    for line in out.splitlines():
        head, _, rest = line.rpartition(":")
        parts = rest.split()
        if not parts:
            continue
        sym, kind = parts[-1], parts[-2] if len(parts) >= 2 else ""
        obj = head.split(":")[-1] if ":" in head else head
        if kind == "U":
            undefined.append((obj, sym))
        elif kind not in ("w", "v"):
            defined.add(sym)
    return defined, undefined


def check_symbols(libs, layers):
    by_name = {f"lib{n}.a": i for i, (_, _, n) in enumerate(layers)}
    got = {}
    problems = []
    for lib in libs:
        base = os.path.basename(lib)
        if base not in by_name:
            problems.append(f"{lib}: not a library of the layer table ({', '.join(sorted(by_name))})")
            continue
        got[by_name[base]] = (lib, *nm_symbols(lib))
    for i in sorted(got):
        lib, _, undefined = got[i]
        below = set().union(*(got[j][1] for j in got if j <= i))
        for obj, sym in undefined:
            if sym in below:
                continue
            above = [got[j][0] for j in sorted(got) if j > i and sym in got[j][1]]
            if above:
                problems.append(f"{os.path.basename(lib)}({obj}): uses {sym}, defined only in "
                                f"{os.path.basename(above[0])}, a later layer")
    return problems


def selftest(root, layers):
    """[(case, problems)]: the include check and the symbol check, each failing when it should"""
    bad = []
    with tempfile.TemporaryDirectory() as td:
        copy = os.path.join(td, "tree")
        keep = set(layer_of_folder(layers)) | {"docs"}
        os.makedirs(copy)
        for name in keep:
            if os.path.isdir(os.path.join(root, name)):
                shutil.copytree(os.path.join(root, name), os.path.join(copy, name))
        problems, _ = check_includes(copy, layers)
        if problems:
            bad.append("selftest: the copy of the tree fails the include check: " + "; ".join(problems))
        ir = os.path.join(copy, "src", "ir.c")
        with open(ir, "a", encoding="utf-8") as f:
            f.write('\n#include "../runtime/interp.h"\n')
        problems, _ = check_includes(copy, layers)
        caught = [p for p in problems if p.startswith(os.path.join("src", "ir.c")) and "runtime/interp.h" in p]
        if not caught:
            bad.append("selftest: src/ir.c including ../runtime/interp.h passed the include check")
        else:
            print("selftest: a forbidden include is caught:", caught[0])
        cases = [("selftest: a forbidden include fails the include check", bad)]
        bad = []

        # two archives: the first layer's object calls a function only the runtime's defines
        # (the runtime's library, whatever layers are stacked above it)
        low = layers[0][2]
        high = next((lib for _, folders, lib in layers if "runtime" in folders), layers[-1][2])
        cc = os.environ.get("CC", "cc")
        def archive(name, code):
            c = os.path.join(td, name + ".c")
            o = os.path.join(td, name + ".o")
            a = os.path.join(td, f"lib{name}.a")
            with open(c, "w") as f:
                f.write(code)
            subprocess.run([cc, "-c", "-o", o, c], check=True)
            subprocess.run(["ar", "rcs", a, o], check=True)
            return a
        up = os.path.join(td, "up")
        os.makedirs(up)
        os.chdir(up)
        a_low = archive(low, "int layer_selftest_up(void);\nint layer_selftest_low(void) { return layer_selftest_up(); }\n")
        a_high = archive(high, "int layer_selftest_up(void) { return 1; }\n")
        problems = check_symbols([a_low, a_high], layers)
        if not any("layer_selftest_up" in p for p in problems):
            bad.append(f"selftest: lib{low}.a calling a function of lib{high}.a passed the symbol check")
        else:
            print("selftest: a call to a later layer is caught:", problems[0])
        down = os.path.join(td, "down")
        os.makedirs(down)
        os.chdir(down)
        a_low = archive(low, "int layer_selftest_down(void) { return 1; }\n")
        a_high = archive(high, "int layer_selftest_down(void);\nint layer_selftest_high(void) { return layer_selftest_down(); }\n")
        problems = check_symbols([a_low, a_high], layers)
        if problems:
            bad.append("selftest: a later layer calling an earlier one failed the symbol check: " + "; ".join(problems))
        os.chdir(root)
    cases.append(("selftest: a call to a later layer fails the symbol check", bad))
    return cases


def main():
    args = sys.argv[1:]
    want_selftest = "--selftest" in args
    args = [a for a in args if a != "--selftest"]
    if not args:
        raise SystemExit(__doc__)
    root, libs = os.path.abspath(args[0]), args[1:]
    layers = read_layers(root)
    passed = failed = 0

    def case(name, problems):
        nonlocal passed, failed
        for p in problems:
            print(p)
        print(f"{'FAIL' if problems else 'ok'}: {name}")
        if problems:
            failed += 1
        else:
            passed += 1

    problems, n = check_includes(root, layers)
    case(f"includes of {n} files follow the layers", problems)
    if libs:
        case(f"symbols of {len(libs)} libraries follow the layers", check_symbols(libs, layers))
    if want_selftest:
        for name, problems in selftest(root, layers):
            case(name, problems)
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
