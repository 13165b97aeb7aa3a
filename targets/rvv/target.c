/* targets/rvv/target.c - the RVV target (--emit=rvv, -o FILE.rvv.c): the
 * shared emitter (targets/cgen/) with the RVV vector strategy (rows.c), C
 * for clang 19 with <riscv_vector.h> and __riscv_ intrinsics only. */
#include "pass.h"
#include "prelude.h"
#include "rvv.h"
#include "target.h"

static void rvv_prelude(FILE *out, const char *body, size_t blen) {
    fputs(rvv_prelude_banner, out);
    cgen_prelude(out, c_prelude_head, c_helpers, sizeof c_helpers / sizeof *c_helpers, body, blen);
}

static const CgenStrategy rvv_strategy = { .name = "rvv", .prelude = rvv_prelude, .gather_rows = true, .elementwise = rvv_elementwise };

static bool rvv_pipeline(Pipeline *pl, const TargetOpts *o, char *err, size_t errlen) {
    (void)pl; (void)o; (void)err; (void)errlen;
    return true;
}
static bool rvv_precheck(Op *module, Diag *d) { (void)module; (void)d; return true; }
static bool rvv_emit(FILE *out, Ctx *c, Op *module, Diag *d) {
    CgenOpts go = { .launcher = false };
    return cgen_emit(out, c, module, NULL, &rvv_strategy, &go, d);
}

const Target target_rvv = {
    .name = "rvv",
    .suffix = ".rvv.c",
    .pipeline = rvv_pipeline,
    .precheck = rvv_precheck,
    .emit = rvv_emit,
};
