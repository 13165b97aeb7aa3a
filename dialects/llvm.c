/* llvm.c - the one op of MLIR's llvm dialect that Triton prints in TTIR:
 * llvm.intr.assume (from tl.assume), a promise that an i1 holds.  It is read,
 * verified and printed back; the C target writes nothing for it and the
 * interpreter checks it (a false assumption is an error there). */
#include "dialects.h"

#include "format_lib.h"

/* llvm.intr.assume %cond : i1 attr-dict  (no operand bundles) */
static bool dec_assume(Dec *d) {
    if (!uses_n(d, 1)) return false;
    if (!eat(d, ":")) return false;
    Type *t = type_el(d);
    if (!t) return false;
    Attr *a = dict_opt(d);
    if (!at_end(d) || !results_n(d, 0)) return false;
    want_type(d, 0, t);
    merge_attrs(d, a);
    return true;
}
static bool fit_assume(Op *op) { return op->nopnds == 1 && !op->nres; }
static void pr_assume(Printer *p, Op *op) {
    print_name(p, op);
    P(p, " ");
    print_operands(p, op, 0, 1);
    P(p, " : ");
    print_type(p, op->opnds[0].value->type);
    print_attrs(p, op, NULL, 0);
}

static const OpFormat formats[] = {
    { "llvm_assume", dec_assume, pr_assume, fit_assume },
};

void dialect_llvm_register(void) { format_register(formats, sizeof formats / sizeof *formats); }
