#!/usr/bin/env python3
"""f32 math.exp of the C target, bit for bit against ttxform's definition.

usage: expf_c.py TTXFORM ROOT

The C that --emit=c writes for an exp of 1024 floats (the prelude's
ttx_expf) is built by gcc at -O0 (scalar) and at -O3 -march=native (the loop
vectorised: 16 lanes with AVX-512), and by clang and tcc where installed, with
a driver that also includes ROOT/src/fmath.h, the definition the interpreter
computes with (fm_expf); the driver runs the kernel on 2^22 floats spread over
every exponent and sign (all 2^32 patterns by a stride, both NaN signs with
payloads, infinities, zeros, subnormals, the clamps -104 and 89 and their
neighbours, the whole range [-110, 95] densely) and counts the results whose
bits differ.  Prints `PASS name` / `FAIL name: why` and `N passed, N failed`;
exit 1 if any case failed.
"""
import os
import shutil
import subprocess
import sys
import tempfile

TTX, ROOT = sys.argv[1], sys.argv[2]
TMP = tempfile.mkdtemp(prefix="ttx-expf-c-")

KERNEL = """module {
  tt.func public @ex(%x: !tt.ptr<f32>) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %xp = tt.addptr %xs, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %xv = tt.load %xp : tensor<1024x!tt.ptr<f32>>
    %e = math.exp %xv : tensor<1024xf32>
    tt.store %xp, %e : tensor<1024x!tt.ptr<f32>>
    tt.return
  }
}
"""

DRIVER = r"""
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include "fmath.h"
void ex(float *arg0, int gridX, int gridY, int gridZ, int pidX, int pidY, int pidZ);
static float buf[1024], in[1024];
static long bad, total;
static void chunk(void) {
    memcpy(buf, in, sizeof buf);
    ex(buf, 1, 1, 1, 0, 0, 0);
    for (int i = 0; i < 1024; i++) {
        float e = fm_expf(in[i]);
        total++;
        if (memcmp(&e, &buf[i], 4)) {
            uint32_t u, g, w;
            memcpy(&u, &in[i], 4); memcpy(&g, &buf[i], 4); memcpy(&w, &e, 4);
            if (bad++ < 5) printf("x %08x: got %08x, fm_expf %08x\n", u, g, w);
        }
    }
}
static int n;
static void put(uint32_t u) { memcpy(&in[n++], &u, 4); if (n == 1024) { chunk(); n = 0; } }
static void putf(float f) { uint32_t u; memcpy(&u, &f, 4); put(u); }
int main(void) {
    static const uint32_t special[] = { 0, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u,
        0xffc00000u, 0x7f800001u, 0xff800001u, 0x7fa00001u, 0xffffffffu, 1, 0x80000001u,
        0x007fffffu, 0x807fffffu, 0x7f7fffffu, 0xff7fffffu };
    for (unsigned i = 0; i < sizeof special / sizeof special[0]; i++) put(special[i]);
    const float edge[] = { -104.0f, 89.0f, -103.97f, 88.72f, -87.34f, -87.33f, 88.7228f };
    for (unsigned i = 0; i < sizeof edge / sizeof edge[0]; i++) {
        uint32_t u;
        memcpy(&u, &edge[i], 4);
        for (int d = -64; d <= 64; d++) put(u + (uint32_t)d);
    }
    for (uint64_t u = 0; u < (1ull << 32); u += 4099) put((uint32_t)u);
    for (int i = 0; i < 2000000; i++) putf(-110.0f + 205.0f * (float)i / 2000000.0f);
    while (n) put(0);
    printf("%ld of %ld differ\n", bad, total);
    return bad != 0;
}
"""


def main():
    passed = failed = 0
    ttir = os.path.join(TMP, "ex.ttir")
    with open(ttir, "w") as f:
        f.write(KERNEL)
    c = os.path.join(TMP, "ex.c")
    p = subprocess.run([TTX, ttir, "--emit=c", "-o", c], capture_output=True, text=True, timeout=60)
    if p.returncode:
        print(f"FAIL emit: {p.stderr.strip()[:500]}")
        return 1
    drv = os.path.join(TMP, "main.c")
    with open(drv, "w") as f:
        f.write(DRIVER)
    inc = os.path.join(ROOT, "src")
    builds = [("gcc -O0", ["gcc", "-O0"]), ("gcc -O3 -march=native", ["gcc", "-O3", "-march=native"])]
    if shutil.which("clang-19"):
        builds.append(("clang-19 -O3 -march=native", ["clang-19", "-O3", "-march=native"]))
    if shutil.which("tcc"):
        builds.append(("tcc", ["tcc"]))
    for name, cc in builds:
        exe = os.path.join(TMP, "ex_" + name.replace(" ", "_").replace("=", "_"))
        # the kernel alone with the flags; the driver (fm_expf, the reference) at -O0
        # with gcc, so the reference never depends on the build under test
        obj = exe + ".o"
        b = subprocess.run(cc + ["-c", c, "-o", obj], capture_output=True, text=True, timeout=120)
        if b.returncode:
            print(f"FAIL {name}: build: {b.stderr.strip()[:500]}")
            failed += 1
            continue
        b = subprocess.run(["gcc", "-O0", "-I", inc, drv, obj, "-o", exe, "-lm"], capture_output=True,
                           text=True, timeout=120)
        if b.returncode:
            print(f"FAIL {name}: link: {b.stderr.strip()[:500]}")
            failed += 1
            continue
        r = subprocess.run([exe], capture_output=True, text=True, timeout=300)
        if r.returncode:
            print(f"FAIL {name}: {r.stdout.strip()[:800]}")
            failed += 1
        else:
            print(f"PASS {name}: {r.stdout.strip()}")
            passed += 1
    shutil.rmtree(TMP, ignore_errors=True)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
