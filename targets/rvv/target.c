/* targets/rvv/target.c - the RVV target (--emit=rvv, -o FILE.rvv.c): the
 * shared emitter (targets/cgen/) with the RVV vector strategy (rows.c), C
 * for clang 19 with <riscv_vector.h> and __riscv_ intrinsics only. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pass.h"
#include "prelude.h"
#include "rvv.h"
#include "target.h"

static void rvv_prelude(FILE *out, const char *body, size_t blen) {
    fputs(rvv_prelude_banner, out);
    cgen_prelude(out, c_prelude_head, c_helpers, sizeof c_helpers / sizeof *c_helpers, body, blen);
    /* the vector exp at each LMUL the code calls it with */
    bool any = false;
    for (int lm = 1; lm <= 8; lm *= 2) {
        char nm[32];
        int n = snprintf(nm, sizeof nm, "ttx_vexpf_m%d(", lm);
        bool used = false;
        for (size_t i = 0; i + (size_t)n <= blen && !used; i++) used = !memcmp(body + i, nm, (size_t)n);
        if (!used) continue;
        if (!any) fputs(rvv_vexp_text, out);
        any = true;
        fprintf(out, "TTX_VEXP(%d, %d)\n", lm, 32 / lm);
    }
    if (any) fputc('\n', out);
    /* the vector erf: LMUL 4 and 8 are made of the LMUL 2 one */
    bool erf_used[9] = { false };
    for (int lm = 1; lm <= 8; lm *= 2) {
        char nm[32];
        int n = snprintf(nm, sizeof nm, "ttx_verff_m%d(", lm);
        for (size_t i = 0; i + (size_t)n <= blen && !erf_used[lm]; i++) erf_used[lm] = !memcmp(body + i, nm, (size_t)n);
    }
    if (erf_used[1] || erf_used[2] || erf_used[4] || erf_used[8]) {
        fputs(rvv_verf_text, out);
        if (erf_used[1]) fputs("TTX_VERF(1, 2, 32)\n", out);
        if (erf_used[2] || erf_used[4] || erf_used[8]) fputs("TTX_VERF(2, 4, 16)\n", out);
        if (erf_used[4] || erf_used[8]) fputs(rvv_verf_part_text, out);
        if (erf_used[4]) fputs(rvv_verf_m4_text, out);
        if (erf_used[8]) fputs(rvv_verf_m8_text, out);
        fputc('\n', out);
    }
    rvv_smt_prelude(out, body, blen);
}

/* a tt.dot: the note when the module names a core whose micro tile it
 * misses, then rows.c (which hands a dot that fits to smt_dot.c) */
static bool rvv_dot_smt(Cg *e, Op *op) {
    rvv_smt_dot_note(e, op);
    return rvv_dot(e, op);
}

static const CgenStrategy rvv_strategy = {
    .name = "rvv", .prelude = rvv_prelude, .gather_rows = true, .elementwise = rvv_elementwise, .copy = rvv_copy,
    .access_rows = rvv_access, .reduce = rvv_reduce, .dot = rvv_dot_smt, .defer = rvv_defer,
    .mmt4d = rvv_mmt4d, .xsmt_copy = rvv_xsmt_copy, .loop = rvv_loops,
};

static bool rvv_pipeline(Pipeline *pl, const TargetOpts *o, char *err, size_t errlen) {
    (void)pl; (void)o; (void)err; (void)errlen;
    return true;
}
static bool rvv_precheck(Op *module, Diag *d) { (void)module; (void)d; return true; }
bool rvv_emit_c(FILE *out, Ctx *c, Op *module, Op *func, const CgenOpts *o, Diag *d) {
    CgenOpts none = { .launcher = false };
    return cgen_emit(out, c, module, func, &rvv_strategy, o ? o : &none, d);
}
/* --smt-ime=hw|ref (the module's ttx.smt_ime, set by the command line): the
 * macros `ttxform build --smt-ime` defines, at the top of the C; the C is
 * written only when the whole of it was made */
static bool rvv_emit(FILE *out, Ctx *c, Op *module, Diag *d) {
    Attr *a = op_attr(module, "ttx.smt_ime");
    if (!a || a->kind != A_STRING) return rvv_emit_c(out, c, module, NULL, NULL, d);
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    if (!mem) return rvv_emit_c(out, c, module, NULL, NULL, d);
    bool ok = rvv_emit_c(mem, c, module, NULL, NULL, d);
    fclose(mem);
    if (ok) {
        bool ref = a->str.len == 3 && !strncmp(a->str.s, "ref", 3);
        fprintf(out, "/* --smt-ime=%s */\n#define TTX_SMT_HW 1\n%s", ref ? "ref" : "hw", ref ? "#define TTX_SMT_IME_REF 1\n" : "");
        fwrite(buf, 1, len, out);
    }
    free(buf);
    return ok;
}

const Target target_rvv = {
    .name = "rvv",
    .suffix = ".rvv.c",
    .pipeline = rvv_pipeline,
    .precheck = rvv_precheck,
    .emit = rvv_emit,
};
