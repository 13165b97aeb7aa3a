/* engine.c - rv_run (runtime/riscv) called directly, without the command
 * line: samples/cpu/vector_add.ttir on both targets at VLEN 128 and 512, a
 * masked tail, against the sum computed here; then the interpreter's answer
 * on the same inputs.  Prints `PASS`/`FAIL` lines and `N passed, N failed`;
 * exit status 77 (skipped) when the toolchain is missing.
 *
 * usage: engine SAMPLES_DIR */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cc.h"
#include "interp.h"
#include "parse.h"
#include "pass.h"
#include "riscv.h"
#include "toolchain.h"
#include "registry.h"

static int passed, failed;

static void report(const char *name, const char *why) {
    if (why) { failed++; printf("FAIL %s: %s\n", name, why); }
    else { passed++; printf("PASS %s\n", name); }
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: engine SAMPLES_DIR\n"); return 2; }
    registry_init();
    RvTools t;
    char err[512];
    if (!rv_find_clang(&t, err, sizeof err) || !rv_find_sysroot(&t, err, sizeof err) || !rv_find_qemu(&t, err, sizeof err)) {
        printf("SKIP riscv engine: %s\n", err);
        return 77;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/cpu/vector_add.ttir", argv[1]);
    size_t len = 0;
    char *src = rv_read_file(path, &len);
    if (!src) { printf("FAIL read: cannot read %s\n", path); return 1; }
    Diag d;
    diag_init(&d, stderr);
    diag_set_source(&d, path, src, len);
    Ctx *c = ctx_new();
    Op *m = parse_module(c, path, src, len, 1, &d);
    Op *f = m && verify_module(c, m, &d) ? interp_find_func(m, NULL) : NULL;
    if (!f) { printf("FAIL parse\n0 passed, 1 failed\n"); return 1; }
    enum { N = 1500, PAD = 9 };
    float *x = malloc(sizeof *x * N), *y = malloc(sizeof *y * N), *o = malloc(sizeof *o * (N + PAD));
    float *ref = malloc(sizeof *ref * (N + PAD));
    for (int i = 0; i < N; i++) { x[i] = (float)i * 0.25f - 100.0f; y[i] = 1.0f / (float)(i + 1); }
    const int grid[3] = { 2, 1, 1 };
    static const struct { RvArch arch; int vlen; const char *name; } cases[] = {
        { RV_SCALAR, 128, "riscv64-vlen128" }, { RV_RVV, 128, "riscv64-rvv-vlen128" }, { RV_RVV, 512, "riscv64-rvv-vlen512" },
    };
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        for (int i = 0; i < N + PAD; i++) o[i] = -3.0f;
        IArg args[4] = { iarg_buf(x, sizeof *x * N), iarg_buf(y, sizeof *y * N), iarg_buf(o, sizeof *o * (N + PAD)), iarg_int(N) };
        RvOpts ro = { .arch = cases[k].arch, .vlen = cases[k].vlen, .threads = 2 };
        Op *unsup = NULL;
        int r = rv_run(c, m, f, 4, args, grid, &ro, &unsup, &d);
        char why[256] = "";
        if (r != 0) snprintf(why, sizeof why, "rv_run returned %d", r);
        for (int i = 0; i < N + PAD && !why[0]; i++) {
            float want = i < N ? x[i] + y[i] : -3.0f;
            if (memcmp(&o[i], &want, sizeof want)) snprintf(why, sizeof why, "element %d is %g, want %g", i, o[i], want);
        }
        report(cases[k].name, why[0] ? why : NULL);
    }
    /* the interpreter on the same inputs gives the same bits */
    for (int i = 0; i < N + PAD; i++) ref[i] = -3.0f;
    IArg iargs[4] = { iarg_buf(x, sizeof *x * N), iarg_buf(y, sizeof *y * N), iarg_buf(ref, sizeof *ref * (N + PAD)), iarg_int(N) };
    int ir = interp_run(c, f, 4, iargs, grid, &d);
    report("interpreter-agrees", ir == 0 && !memcmp(ref, o, sizeof *o * (N + PAD)) ? NULL : "the buffers differ");
    free(x);
    free(y);
    free(o);
    free(ref);
    diag_free(&d);
    ctx_free(c);
    free(src);
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
