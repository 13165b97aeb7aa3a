/* toolchain.c - finding the RISC-V cross toolchain (see toolchain.h). */
#include "toolchain.h"

#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static bool fail(char *err, size_t errlen, const char *what, const char *pkg) {
    snprintf(err, errlen, "%s not found (apt-get install %s)", what, pkg);
    return false;
}

bool rv_which(const char *name, char *out, size_t n) {
    const char *path = getenv("PATH");
    if (!path || !*path) return false;
    for (const char *p = path;;) {
        const char *e = strchr(p, ':');
        size_t l = e ? (size_t)(e - p) : strlen(p);
        if (l) {
            int k = snprintf(out, n, "%.*s/%s", (int)l, p, name);
            if (k > 0 && (size_t)k < n && access(out, X_OK) == 0) return true;
        }
        if (!e) break;
        p = e + 1;
    }
    out[0] = 0;
    return false;
}

static bool exists(const char *p) { return access(p, R_OK) == 0; }

bool rv_find_clang(RvTools *t, char *err, size_t errlen) {
    if (!rv_which("clang-19", t->clang, sizeof t->clang)) return fail(err, errlen, "clang-19", "clang-19");
    return true;
}

/* crtbeginT.o (a static link's start file) of some gcc-cross version */
static bool have_libgcc(void) {
    const char *dir = "/usr/lib/gcc-cross/riscv64-linux-gnu";
    DIR *d = opendir(dir);
    if (!d) return false;
    bool ok = false;
    for (struct dirent *e; !ok && (e = readdir(d));) {
        if (e->d_name[0] == '.') continue;
        char p[RV_PATH];
        snprintf(p, sizeof p, "%s/%s/crtbeginT.o", dir, e->d_name);
        ok = exists(p);
    }
    closedir(d);
    return ok;
}

bool rv_find_sysroot(RvTools *t, char *err, size_t errlen) {
    if (!exists("/usr/riscv64-linux-gnu/lib/libc.a") || !exists("/usr/riscv64-linux-gnu/lib/crt1.o"))
        return fail(err, errlen, "the riscv64 sysroot /usr/riscv64-linux-gnu", "libc6-dev-riscv64-cross");
    if (!have_libgcc()) return fail(err, errlen, "libgcc for riscv64 (/usr/lib/gcc-cross/riscv64-linux-gnu)", "gcc-riscv64-linux-gnu");
    /* lld-19 installs ld.lld beside the clang-19 it belongs to */
    t->lld[0] = 0;
    char real[PATH_MAX];
    if (t->clang[0] && realpath(t->clang, real)) {
        char *s = strrchr(real, '/');
        if (s) {
            *s = 0;
            size_t l = strlen(real);
            if (l + 8 <= sizeof t->lld) {
                memcpy(t->lld, real, l);
                memcpy(t->lld + l, "/ld.lld", 8);
                if (access(t->lld, X_OK) != 0) t->lld[0] = 0;
            }
        }
    }
    char gld[RV_PATH];
    if (!t->lld[0] && !rv_which("riscv64-linux-gnu-ld", gld, sizeof gld))
        return fail(err, errlen, "a riscv64 linker (ld.lld or riscv64-linux-gnu-ld)", "lld-19");
    return true;
}

bool rv_find_qemu(RvTools *t, char *err, size_t errlen) {
    if (!rv_which("qemu-riscv64", t->qemu, sizeof t->qemu)) return fail(err, errlen, "qemu-riscv64", "qemu-user");
    return true;
}
