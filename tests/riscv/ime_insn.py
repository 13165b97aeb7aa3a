#!/usr/bin/env python3
"""The SpacemiT IME instructions the rvv target writes with `.insn`, checked
against the spec's bit layout.

usage: ime_insn.py TTXFORM ROOT

1. An encoder written here from the field table of spine-triton.md 2.3
   (R-type: funct7[31:25] vs2[24:20] vs1[19:15] funct3[14:12] vd[11:7]
   opcode[6:0], custom-1 = 0x2b; vfwmadot funct3 4 funct7 0x4f, vmadot*
   funct7 0x71 funct3 0 uu / 1 us / 2 su / 3 ss, int4 funct7 0x61)
   reproduces the spec's check words (vfwmadot v2, v3, v4 = 0x9E41C12B,
   vmadot v16, v0, v8 = 0xE280382B, vmadotu v18, v1, v9 = 0xE290892B,
   int4 vmadot v2, v0, v0 = 0xC200312B).
2. Each `.insn r` line of the rvv C of the K3 f16 sample (its vfwmadot)
   and of the int8 sample (its vmadot, signed x signed), and a `.insn r`
   for each check word, assembled by clang-19 --target=riscv64 give the
   encoder's word, byte for byte.
3. `ttxform build --target=riscv64-rvv --smt-ime=hw` of each sample gives
   an object whose .text holds its word (vd v16, vs1 v0, vs2 v1) once per
   use; with --smt-ime=ref and without --smt-ime it holds none.

Prints `PASS name` / `FAIL name: why` and `N passed, N failed`; exits 1 on
a failure, 77 (skip) without clang-19 or the riscv64 binutils.
"""
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile

TTX, ROOT = sys.argv[1], sys.argv[2]
CLANG, OBJCOPY = shutil.which("clang-19"), shutil.which("riscv64-linux-gnu-objcopy")
if not CLANG or not OBJCOPY:
    print("SKIP ime-insn: clang-19 or riscv64-linux-gnu-objcopy not found")
    sys.exit(77)
TMP = tempfile.mkdtemp(prefix="ttx-ime-")
passed, failed = 0, 0


def report(name, why):
    global passed, failed
    if why is None:
        passed += 1
        print(f"PASS {name}")
    else:
        failed += 1
        print(f"FAIL {name}: {why}")


def encode(f7, f3, vd, vs1, vs2, opcode=0x2B):
    """the R-type word of spine-triton.md 2.3"""
    for v, bits in ((f7, 7), (f3, 3), (vd, 5), (vs1, 5), (vs2, 5), (opcode, 7)):
        assert 0 <= v < (1 << bits)
    return (f7 << 25) | (vs2 << 20) | (vs1 << 15) | (f3 << 12) | (vd << 7) | opcode


# mnemonic -> (funct7, funct3)
TABLE = {"vfwmadot": (0x4F, 4), "vmadotu": (0x71, 0), "vmadotus": (0x71, 1), "vmadotsu": (0x71, 2),
         "vmadot": (0x71, 3), "vmadot.i4": (0x61, 3)}
CHECKS = [("vfwmadot", 2, 3, 4, 0x9E41C12B), ("vmadot", 16, 0, 8, 0xE280382B), ("vmadotu", 18, 1, 9, 0xE290892B),
          ("vmadot.i4", 2, 0, 0, 0xC200312B)]


def text_words(obj):
    """the 32-bit words of obj's .text"""
    raw = os.path.join(TMP, "text.bin")
    subprocess.run([OBJCOPY, "-O", "binary", "-j", ".text", obj, raw], check=True)
    data = open(raw, "rb").read()
    return data, [struct.unpack_from("<I", data, i)[0] for i in range(0, len(data) - 3, 2)]


def assemble(lines):
    """the bytes clang-19 assembles the lines to (no compressed instructions)"""
    s = os.path.join(TMP, "t.s")
    with open(s, "w") as f:
        f.write(".option norvc\n.text\n" + "".join(l + "\n" for l in lines))
    o = os.path.join(TMP, "t.o")
    r = subprocess.run([CLANG, "--target=riscv64-linux-gnu", "-march=rv64gcv", "-c", s, "-o", o], capture_output=True, text=True)
    if r.returncode:
        raise RuntimeError(r.stderr.strip()[:1000])
    return text_words(o)[0]


def insn_fields(line):
    """(f3, f7, vd, vs1, vs2) of `.insn r 0x2b, F3, F7, xVD, xVS1, xVS2`"""
    m = re.search(r"\.insn r (0x[0-9a-f]+|\d+), (\d+), (0x[0-9a-f]+|\d+), x(\d+), x(\d+), x(\d+)", line)
    return None if not m else tuple(int(g, 0) for g in m.groups())


def main():
    # 1. the encoder against the spec's check words
    for mn, vd, vs1, vs2, word in CHECKS:
        f7, f3 = TABLE[mn]
        got = encode(f7, f3, vd, vs1, vs2)
        report(f"encoder: {mn} v{vd}, v{vs1}, v{vs2} = {word:#010x}", None if got == word else f"got {got:#010x}")

    # 2. the rvv C's .insn lines and the check words, assembled by clang-19
    samples = (("mm_kernel_f16.ttir", "vfwmadot"), ("mm_kernel_i8.ttir", "vmadot"))
    for name, mn in samples:
        k = os.path.join(ROOT, "samples", "riscv", name)
        r = subprocess.run([TTX, "--emit=rvv", k], capture_output=True, text=True)
        # the asm string literals' .insn lines
        insns = sorted(set(re.findall(r'"(\.insn [^"\\]*)', r.stdout)))
        # the kernels' text (smt_kernels.c) holds every IME .insn; each must
        # be a known instruction, and the sample's among them
        byname = {}
        for line in insns:
            fl = insn_fields(line)
            byname[next((m for m, t in TABLE.items() if fl and (fl[0], fl[2], fl[1]) == (0x2B, *t)), line)] = line
        report(f"{name}: its rvv C has the .insn of {mn} and only known ones",
               None if r.returncode == 0 and mn in byname and set(byname) <= set(TABLE) else f"{insns}")
        for line in insns if name == samples[0][0] else []:
            fl = insn_fields(line)
            if not fl:
                report(f"'{line}' is an R-type .insn", "not of the form .insn r OP, F3, F7, xD, xS1, xS2")
                continue
            op, f3, f7, vd, vs1, vs2 = fl
            want = encode(f7, f3, vd, vs1, vs2, op)
            which = next((m for m, t in TABLE.items() if (op, f7, f3) == (0x2B, *t)), None)
            ok = which in ("vfwmadot", "vmadot") and vd % 2 == 0 and vd not in (vs1, vs2) and vd + 1 not in (vs1, vs2)
            report(f"'{line}' is {which} with an even vd pair apart from vs1, vs2", None if ok else f"fields {fl}")
            try:
                got = assemble([line])
                report(f"clang-19 assembles '{line}' to {want:#010x}",
                       None if got == struct.pack("<I", want) else f"bytes {got.hex()}")
            except RuntimeError as e:
                report(f"clang-19 assembles '{line}'", str(e))
    for mn, vd, vs1, vs2, word in CHECKS:
        f7, f3 = TABLE[mn]
        line = f".insn r 0x2b, {f3}, {f7:#x}, x{vd}, x{vs1}, x{vs2}"
        try:
            got = assemble([line])
            report(f"clang-19: {line} = {mn} {word:#010x}", None if got == struct.pack("<I", word) else f"bytes {got.hex()}")
        except RuntimeError as e:
            report(f"clang-19: {line}", str(e))

    # 3. the built object holds the word with --smt-ime=hw only
    for name, mn in samples:
        k = os.path.join(ROOT, "samples", "riscv", name)
        word = encode(*TABLE[mn], 16, 0, 1)
        for ime, n in (("hw", None), ("ref", 0), (None, 0)):
            o = os.path.join(TMP, f"k-{mn}-{ime}.o")
            cmd = [TTX, "build", k, "--target=riscv64-rvv", "-o", o] + ([f"--smt-ime={ime}"] if ime else [])
            r = subprocess.run(cmd, capture_output=True, text=True)
            if r.returncode:
                report(f"{name}: build --smt-ime={ime}", r.stderr.strip()[:1000])
                continue
            data, _ = text_words(o)
            count = data.count(struct.pack("<I", word))
            ok = count >= 1 if n is None else count == n
            report(f"{name}: build {'--smt-ime=' + ime if ime else 'without --smt-ime'}: {mn} v16, v0, v1 ({word:#010x}) "
                   f"{'in' if n is None else 'not in'} .text", None if ok else f"{count} times")

    shutil.rmtree(TMP, ignore_errors=True)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
