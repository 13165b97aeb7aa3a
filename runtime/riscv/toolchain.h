/* toolchain.h - the RISC-V cross toolchain of `ttxform build` and `ttxform
 * run --target=riscv64[-rvv]`: clang-19 (Debian's clang-19), the riscv64
 * sysroot (libc6-dev-riscv64-cross, with gcc-riscv64-linux-gnu's crt files
 * and libgcc), a linker (lld-19's ld.lld, else binutils' riscv64-linux-gnu-ld)
 * and qemu-riscv64 (qemu-user).
 *
 * Programs are looked up in PATH; clang-19 finds the sysroot itself (passing
 * --sysroot breaks its link, spec/toolchain.md 4).  Every lookup that fails
 * says which Debian package to install, as in
 *   clang-19 not found (apt-get install clang-19) */
#ifndef TTX_RISCV_TOOLCHAIN_H
#define TTX_RISCV_TOOLCHAIN_H

#include <stdbool.h>
#include <stddef.h>

enum { RV_PATH = 4096 };

typedef struct RvTools {
    char clang[RV_PATH];     /* clang-19 */
    char lld[RV_PATH];       /* ld.lld next to clang-19, or "" (then GNU ld) */
    char qemu[RV_PATH];      /* qemu-riscv64, or "" until rv_find_qemu */
} RvTools;

/* the full path of program name in PATH into out; false if none */
bool rv_which(const char *name, char *out, size_t n);

/* clang-19; false with the message in err */
bool rv_find_clang(RvTools *t, char *err, size_t errlen);
/* what linking a riscv64 program needs: the C library and start files
 * of the sysroot, libgcc and a linker; false with the message in err */
bool rv_find_sysroot(RvTools *t, char *err, size_t errlen);
/* qemu-riscv64; false with the message in err */
bool rv_find_qemu(RvTools *t, char *err, size_t errlen);

#endif
