#!/usr/bin/env python3
"""The rvv target: its C compiles for rv64gcv with clang 19, and the vector
strategy's loops appear (CHECK lines in each input: the strings that must
occur in the output, in order).  Exit 77 (skipped) without clang-19."""
import os, shutil, subprocess, sys, tempfile

ttx, root = sys.argv[1], sys.argv[2]
cc = shutil.which("clang-19")
if not cc:
    print("clang-19 not found: skipping the rvv compile test")
    sys.exit(77)

cases = [
    ("tests/rvv/add2.ttir", ["#include <riscv_vector.h>", "__riscv_vsetvl_e32m8(n - k)",
                             "__riscv_vle32_v_f32m8(", "__riscv_vse32_v_f32m8(", "__riscv_vfadd_vv_f32m8("]),
    ("samples/vector_add.ttir", ["#include <riscv_vector.h>", "add_kernel("]),
] + [("samples/cpu/" + n, ["#include <riscv_vector.h>"])
     for n in sorted(os.listdir(os.path.join(root, "samples/cpu"))) if n.endswith(".ttir")]
fails = 0
with tempfile.TemporaryDirectory() as tmp:
    for src, checks in cases:
        out = os.path.join(tmp, os.path.basename(src) + ".rvv.c")
        r = subprocess.run([ttx, os.path.join(root, src), "-o", out], capture_output=True, text=True)
        if r.returncode:
            print(f"FAIL {src}: ttxform exit {r.returncode}\n{r.stderr}")
            fails += 1
            continue
        text = open(out).read()
        pos = 0
        for c in checks:
            k = text.find(c, pos)
            if k < 0:
                print(f"FAIL {src}: CHECK not found after offset {pos}: {c}")
                fails += 1
                break
            pos = k + len(c)
        r = subprocess.run([cc, "--target=riscv64-linux-gnu", "-march=rv64gcv", "-O2", "-Wall", "-Werror",
                            "-c", out, "-o", os.path.join(tmp, "k.o")], capture_output=True, text=True)
        if r.returncode:
            print(f"FAIL {src}: clang-19 rejects the output\n{r.stderr}")
            fails += 1
        else:
            print(f"ok {src}")
sys.exit(1 if fails else 0)
