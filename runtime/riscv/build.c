/* build.c - `ttxform build`: a kernel's C compiled for riscv64 by clang-19
 * (see riscv.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cc.h"
#include "dialects.h"
#include "diag.h"
#include "parse.h"
#include "pass.h"
#include "riscv.h"
#include "target.h"
#include "toolchain.h"

static const char *build_usage =
    "usage: ttxform build KERNEL.ttir --target=riscv64|riscv64-rvv -o K.o|K.so|K.s\n"
    "\n"
    "Emits the kernel's C (every tt.func, as --emit=c does, or --emit=rvv for\n"
    "riscv64-rvv) and compiles it with clang-19 --target=riscv64-linux-gnu -O2.\n"
    "KERNEL '-' is stdin.\n"
    "\n"
    "options:\n"
    "  --target=riscv64       scalar code: -march=rv64gc\n"
    "  --target=riscv64-rvv   RVV 1.0: the --emit=rvv C (RVV intrinsics where the\n"
    "                         rvv target has a vector form of an op, the portable\n"
    "                         C's loops elsewhere, which clang vectorises), built\n"
    "                         -march=rv64gcv (rv64gcv_zvfh when the kernel uses f16)\n"
    "  -o FILE                the output; its suffix picks the kind: .o an object,\n"
    "                         .so a shared library (-shared -fPIC), .s assembly.\n"
    "                         Written atomically: not at all when the build fails\n"
    "  --smt-arch=k1|k3       the SpacemiT core of the SMT ops (the module's\n"
    "                         tt.arch_id in its place): K1 \"0xA03C\", K3 \"0xA064\";\n"
    "                         riscv64-rvv: the micro-kernels of xsmt.mmt4d and of a\n"
    "                         plain tt.dot whose shapes fit the micro tile\n"
    "  --smt-ime=hw|ref       riscv64-rvv: an xsmt.mmt4d (or a plain tt.dot) on the\n"
    "                         K3 f16 micro tile\n"
    "                         or an int8 IME tile uses the matrix unit: hw its\n"
    "                         vfwmadot or vmadot instruction (.insn; vfwmadot for\n"
    "                         a K3 A100 core, VLEN 1024; vmadot on K1 at VLEN 256,\n"
    "                         K3 at 1024), ref a C\n"
    "                         function of the instruction's semantics in its place\n"
    "                         (TTX_SMT_HW, and TTX_SMT_IME_REF, defined at the top\n"
    "                         of the C); without it the RVV micro-kernel\n"
    "  -h, --help             show this help\n"
    "\n"
    "Needs clang-19 (apt-get install clang-19); a .so also needs the riscv64\n"
    "sysroot (libc6-dev-riscv64-cross, gcc-riscv64-linux-gnu) and a linker (lld-19).\n"
    "Exit status: 0 on success, 1 on any error.\n";

static int errorf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int errorf(const char *fmt, ...) {
    if (rv_interrupted()) return 1;   /* clang killed by the signal: no message */
    va_list ap;
    va_start(ap, fmt);
    fputs("ttxform: error: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return 1;
}

static int usage_error(const char *fmt, const char *arg) {
    fputs("ttxform: error: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\nTry 'ttxform build --help'.\n", stderr);
    return 1;
}

static bool ends_with(const char *s, const char *suf) {
    size_t n = strlen(s), k = strlen(suf);
    return n > k && !strcmp(s + n - k, suf);
}

static char *read_input(const char *path, size_t *len) {
    if (strcmp(path, "-")) return rv_read_file(path, len);
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    while (buf) {
        if (n == cap) {
            char *nb = realloc(buf, cap * 2 + 1);
            if (!nb) { free(buf); return NULL; }
            buf = nb;
            cap *= 2;
        }
        size_t r = fread(buf + n, 1, cap - n, stdin);
        n += r;
        if (!r) break;
    }
    if (!buf) return NULL;
    buf[n] = 0;
    *len = n;
    return buf;
}

int rv_build_main(int argc, char **argv) {
    const char *kernel = NULL, *out = NULL, *target = NULL, *smt_arch = NULL, *smt_ime = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) { fputs(build_usage, stdout); return 0; }
        if (!strcmp(a, "-o")) {
            if (++i >= argc) return usage_error("option '%s' needs a file name", a);
            out = argv[i];
        } else if (!strncmp(a, "-o", 2) && a[2]) out = a + 2;
        else if (!strncmp(a, "--target=", 9)) target = a + 9;
        else if (!strncmp(a, "--smt-arch=", 11)) {
            smt_arch = a + 11;
            if (strcmp(smt_arch, "k1") && strcmp(smt_arch, "k3")) return usage_error("bad --smt-arch '%s' (expected k1 or k3)", smt_arch);
        } else if (!strncmp(a, "--smt-ime=", 10)) {
            smt_ime = a + 10;
            if (strcmp(smt_ime, "hw") && strcmp(smt_ime, "ref")) return usage_error("bad --smt-ime '%s' (expected hw or ref)", smt_ime);
        }
        else if (!strcmp(a, "--target")) {
            if (++i >= argc) return usage_error("option '%s' needs a value", a);
            target = argv[i];
        } else if (!strcmp(a, "-") || a[0] != '-') {
            if (kernel) return usage_error("more than one kernel file: '%s'", a);
            kernel = a;
        } else return usage_error("unknown option '%s'", a);
    }
    RvArch arch;
    if (!kernel) return usage_error("%s", "no kernel file given");
    if (!target) return usage_error("%s", "missing --target=riscv64|riscv64-rvv");
    if (!rv_parse_target(target, &arch)) return usage_error("unknown target '%s' (expected riscv64 or riscv64-rvv)", target);
    if (!out) return usage_error("%s", "missing -o K.o|K.so|K.s");
    if (smt_ime && arch != RV_RVV) return usage_error("%s", "--smt-ime applies to --target=riscv64-rvv");
    RvOut kind = ends_with(out, ".o") ? RV_OUT_OBJ : ends_with(out, ".so") ? RV_OUT_SO : ends_with(out, ".s") ? RV_OUT_ASM : RV_OUT_EXE;
    if (kind == RV_OUT_EXE) return usage_error("cannot tell the output kind from '%s' (expected K.o, K.so or K.s)", out);

    RvTools t;
    char err[512];
    if (!rv_find_clang(&t, err, sizeof err)) return errorf("%s", err);
    if (kind == RV_OUT_SO && !rv_find_sysroot(&t, err, sizeof err)) return errorf("%s", err);

    const char *fname = strcmp(kernel, "-") ? kernel : "<stdin>";
    size_t len = 0;
    char *src = read_input(kernel, &len);
    if (!src) return errorf("cannot read '%s': %s", fname, strerror(errno));
    int rc = 1;
    Diag d;
    diag_init(&d, stderr);
    diag_set_source(&d, fname, src, len);
    Ctx *c = ctx_new();
    char *csrc = NULL;
    size_t clen = 0;
    char dir[RV_PATH] = "";
    char tmp[RV_PATH] = "";
    Op *m = parse_module(c, fname, src, len, 1, &d);
    if (m && smt_arch) xsmt_set_core(c, m, smt_arch);
    if (!m || d.nerrors || !verify_module(c, m, &d) || d.nerrors) goto out;
    /* the portable C target's output, as --emit=c writes it; for riscv64-rvv
     * the rvv target's, as --emit=rvv writes it */
    const Target *tg = target_by_name(arch == RV_RVV ? "rvv" : "c");
    FILE *f = open_memstream(&csrc, &clen);
    if (!f) { errorf("out of memory"); goto out; }
    if (smt_ime) fprintf(f, "/* --smt-ime=%s */\n#define TTX_SMT_HW 1\n%s", smt_ime, strcmp(smt_ime, "ref") ? "" : "#define TTX_SMT_IME_REF 1\n");
    bool ok = tg && tg->emit(f, c, m, &d);
    fclose(f);
    if (!ok || d.nerrors) goto out;
    if (!rv_tmpdir(dir, sizeof dir)) { errorf("cannot create a temporary directory: %s", strerror(errno)); dir[0] = 0; goto out; }
    char kc[RV_PATH];
    snprintf(kc, sizeof kc, "%s/kernel.c", dir);
    if (!rv_write_file(kc, csrc, clen)) { errorf("cannot write '%s': %s", kc, strerror(errno)); goto out; }
    /* a temporary file next to the output, renamed into place; made first,
     * so that an output in a missing or unwritable directory is an error
     * naming it (clang would name the temporary file) */
    snprintf(tmp, sizeof tmp, "%s.tmp%ld", out, (long)getpid());
    int tfd = open(tmp, O_WRONLY | O_CREAT | O_EXCL, 0666);
    if (tfd < 0) {
        errorf("cannot write '%s': %s", out, strerror(errno));
        tmp[0] = 0;
        goto out;
    }
    close(tfd);
    const char *srcs[] = { kc };
    char *msg = NULL;
    if (!rv_compile(&t, arch, rv_uses_f16(m, NULL), srcs, 1, tmp, kind, dir, &msg)) {
        errorf("cannot build '%s' for %s: %s", fname, target, msg ? msg : "out of memory");
        free(msg);
        goto out;
    }
    if (rename(tmp, out) != 0) { errorf("cannot write '%s': %s", out, strerror(errno)); goto out; }
    tmp[0] = 0;
    rc = 0;
out:
    if (tmp[0]) unlink(tmp);
    if (dir[0]) rv_rmdir(dir);
    rv_reraise();
    free(csrc);
    diag_free(&d);
    ctx_free(c);
    free(src);
    return rc;
}
