/* passes/symbol_dce.c - the `symbol-dce` pass (placeholder until implemented). */
#include "pass.h"

static bool run(Ctx *c, Op *m, const PassOptions *o, Diag *d) {
    (void)c; (void)m; (void)o; (void)d;
    return true;
}

const Pass pass_symbol_dce = { "symbol-dce", "not implemented yet", NULL, 0, run };
