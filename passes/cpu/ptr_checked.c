/* passes/cpu/ptr_checked.c - the form stock Triton gives a checked block
 * pointer, as ptr_checked.h describes it: a structural match on the SSA
 * values (the same X_d in the offsets and in both comparisons), no
 * arithmetic; the caller describes X_d with its own rules. */
#include <string.h>

#include "ptr_checked.h"

typedef struct Chk { PtrChecked *k; bool lo[PTR_CHECKED_MAX]; } Chk;

/* the term X's index, added when new (-1: too many) */
static int find(PtrChecked *k, Value *x) {
    for (int i = 0; i < k->n; i++) if (k->x[i] == x) return i;
    if (k->n >= PTR_CHECKED_MAX) return -1;
    k->x[k->n] = x;
    return k->n++;
}

/* offsets: a sum (arith.addi, through tt.broadcast) of X * splat(s) */
static bool offsets(PtrChecked *k, Value *v, int depth) {
    Op *d = v->def;
    if (depth > 16 || !d || d->verbatim) return false;
    if (op_is(d, OP_tt_broadcast)) return offsets(k, op_operand(d, 0), depth + 1);
    if (op_is(d, OP_arith_addi)) return offsets(k, op_operand(d, 0), depth + 1) && offsets(k, op_operand(d, 1), depth + 1);
    if (!op_is(d, OP_arith_muli) || d->nopnds != 2) return false;
    for (int j = 0; j < 2; j++) {
        Op *sp = op_operand(d, 1 - j)->def;
        if (!sp || !op_is(sp, OP_tt_splat) || sp->verbatim) continue;
        int i = find(k, op_operand(d, j));
        if (i < 0 || k->s[i]) return false;
        k->s[i] = op_operand(sp, 0);
        return true;
    }
    return false;
}

/* mask: a conjunction (arith.andi, through tt.broadcast) of X >= 0 and
 * X < splat(B) */
static bool mask(Chk *ck, Value *m, int depth) {
    PtrChecked *k = ck->k;
    Op *d = m->def;
    if (depth > 32 || !d || d->verbatim) return false;
    if (op_is(d, OP_tt_broadcast)) return mask(ck, op_operand(d, 0), depth + 1);
    if (op_is(d, OP_arith_andi)) return mask(ck, op_operand(d, 0), depth + 1) && mask(ck, op_operand(d, 1), depth + 1);
    Attr *p = op_attr(d, "predicate");
    /* slt 2, sge 5 */
    if (!op_is(d, OP_arith_cmpi) || d->nopnds != 2 || !p || p->kind != A_INT || (p->i != 2 && p->i != 5)) return false;
    int i = find(k, op_operand(d, 0));
    Op *y = op_operand(d, 1)->def;
    if (i < 0 || !y || y->verbatim) return false;
    if (p->i == 5) {
        Attr *z = op_is(y, OP_arith_constant) ? op_attr(y, "value") : NULL;
        if (!z || z->kind != A_DENSE || z->dense.n != 1 || z->dense.elts[0]->kind != A_INT || z->dense.elts[0]->i != 0) return false;
        ck->lo[i] = true;
        return true;
    }
    if (!op_is(y, OP_tt_splat) || k->hi[i]) return false;
    k->hi[i] = op_operand(y, 0);
    return true;
}

bool ptr_checked_match(Value *p, Value *m, PtrChecked *k) {
    memset(k, 0, sizeof *k);
    Op *ap = p->def;
    if (!ap || ap->verbatim || !op_is(ap, OP_tt_addptr) || ap->nopnds != 2) return false;
    Op *sp = op_operand(ap, 0)->def;
    if (!sp || sp->verbatim || !op_is(sp, OP_tt_splat)) return false;
    k->base = op_operand(sp, 0);
    if (!offsets(k, op_operand(ap, 1), 0)) return false;
    int n = k->n;
    Chk ck = { .k = k };
    if (!mask(&ck, m, 0) || k->n != n) return false;
    for (int i = 0; i < n; i++)
        if (!ck.lo[i] || !k->hi[i] || !k->s[i]) return false;
    return true;
}
