/* passes/dce.c - the `dce` pass (placeholder until implemented). */
#include "pass.h"

static bool run(Ctx *c, Op *m, const PassOptions *o, Diag *d) {
    (void)c; (void)m; (void)o; (void)d;
    return true;
}

const Pass pass_dce = { "dce", "not implemented yet", NULL, 0, run };
