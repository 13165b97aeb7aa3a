/* llvm.c - the ops of MLIR's upstream dialects that Triton prints in TTIR:
 * llvm.intr.assume (from tl.assume), a promise that an i1 holds (the C
 * target writes nothing for it and the interpreter checks it: a false
 * assumption is an error there), and gpu.barrier (from tl.debug_barrier),
 * a barrier between the threads of one program, of which ttxform's
 * engines run one: nothing to do.  Each is read, verified and printed
 * back as mlir-opt prints it. */
#include "dialects.h"

#include <stdio.h>
#include <string.h>

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

/* gpu.barrier attr-dict */
static bool dec_barrier(Dec *d) {
    Attr *a = dict_opt(d);
    if (!at_end(d) || !results_n(d, 0)) return false;
    merge_attrs(d, a);
    return true;
}
static bool fit_barrier(Op *op) { return !op->nopnds && !op->nres && !op->nregions; }
static void pr_barrier(Printer *p, Op *op) {
    print_name(p, op);
    print_attrs(p, op, NULL, 0);
}

/* ttg.barrier SPACE[|SPACE...] attr-dict (Triton 3.7+ for tl.debug_barrier:
 * `ttg.barrier all`); the spaces kept as the string attribute addrSpace */
static bool dec_ttg_barrier(Dec *d) {
    char buf[256];
    size_t n = 0;
    for (;;) {
        Elem *e = d->e;
        if (!e || e->kind != E_WORD || !e->text) { want_el(d, "a memory space (all, local, global_read, ...)"); return false; }
        size_t l = strlen(e->text);
        if (n + l + 2 > sizeof buf) { want_el(d, "a shorter list of memory spaces"); return false; }
        memcpy(buf + n, e->text, l);
        n += l;
        d->e = e->next;
        if (!eat(d, "|")) break;
        buf[n++] = '|';
    }
    Attr *a = dict_opt(d);
    if (!at_end(d) || !results_n(d, 0)) return false;
    merge_attrs(d, a);
    op_set_attr(d->c, d->op, "addrSpace", attr_string(d->c, buf, n));
    return true;
}
static bool fit_ttg_barrier(Op *op) {
    Attr *a = op_attr(op, "addrSpace");
    return !op->nopnds && !op->nres && !op->nregions && a && a->kind == A_STRING && a->str.len;
}
static void pr_ttg_barrier(Printer *p, Op *op) {
    static const char *const elide[] = { "addrSpace" };
    Attr *a = op_attr(op, "addrSpace");
    char buf[256];
    snprintf(buf, sizeof buf, " %.*s", (int)a->str.len, a->str.s);
    print_name(p, op);
    P(p, buf);
    print_attrs(p, op, elide, 1);
}

static const OpFormat formats[] = {
    { "llvm_assume", dec_assume, pr_assume, fit_assume },
    { "gpu_barrier", dec_barrier, pr_barrier, fit_barrier },
    { "ttg_barrier", dec_ttg_barrier, pr_ttg_barrier, fit_ttg_barrier },
};

void dialect_llvm_register(void) { format_register(formats, sizeof formats / sizeof *formats); }
