/* passes/test_break_dominance.c - `test-break-dominance`: moves the first op
 * that has a use in its own block after that use, so that the verifier run
 * after each pass has something to catch.  For tests only. */
#include "pass.h"

static bool first_movable(Op *op, void *ud) {
    Op **found = ud;
    if (*found || !op->block || !op->nres || !op->res[0].uses) return true;
    Op *user = op->res[0].uses->owner;
    if (user->block != op->block) return true;
    *found = op;
    return false;
}

static bool run(Ctx *c, Op *m, const PassOptions *o, Diag *d) {
    (void)c; (void)o; (void)d;
    Op *found = NULL;
    op_walk(m, first_movable, &found);
    if (!found) return true;
    Op *user = found->res[0].uses->owner;
    op_unlink(found);
    op_insert_after(user, found);
    return true;
}

const Pass pass_test_break_dominance = {
    "test-break-dominance", "for tests: move a definition below one of its uses", NULL, 0, run,
};
