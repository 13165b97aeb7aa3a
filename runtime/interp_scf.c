/* interp_scf.c - the interpreter's regions: a region run from its entry
 * block through cf branches, scf.for/if/while and func.call. */
#include "interp_impl.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- regions ---------------------------------------------------------- */

/* bind the arguments of block b to vals (copies) */
static bool bind_args(In *in, Op *op, Block *b, int n, RV *const *vals) {
    if (b->nargs != n) return iv_fail(in, op, "region expects %d arguments, got %d", b->nargs, n);
    RV *tmp = calloc((size_t)(n ? n : 1), sizeof(RV));
    if (!tmp) return iv_fail(in, op, "out of memory");
    for (int i = 0; i < n; i++)
        if (!iv_rv_dup(in, op, vals[i], &tmp[i])) {
            for (int j = 0; j < i; j++) free(tmp[j].e);
            free(tmp);
            return false;
        }
    bool ok = true;
    for (int i = 0; i < n; i++) {
        tmp[i].t = b->args[i]->type ? b->args[i]->type : tmp[i].t;
        if (ok) ok = iv_set(in, op, b->args[i], &tmp[i]);
        else free(tmp[i].e);
    }
    free(tmp);
    return ok;
}

/* run region r of op from its entry block with the given arguments,
 * following cf.br/cf.cond_br; *term receives the terminator reached */
bool iv_run_region(In *in, Op *op, Region *r, int n, RV *const *vals, Op **term) {
    Block *b = r->first;
    if (!b) return iv_fail(in, op, "empty region");
    if (!bind_args(in, op, b, n, vals)) return false;
    for (;;) {
        Op *o;
        for (o = b->first; o && o->next; o = o->next)
            if (!iv_run_op(in, o)) return false;
        if (!o) return iv_fail(in, op, "block without a terminator");
        if (op_is(o, OP_cf_br) || op_is(o, OP_cf_cond_br)) {
            int s = 0, first = 0;
            if (!op_succ_nargs(o) || op_nsuccs(o) < (op_is(o, OP_cf_cond_br) ? 2 : 1)) return iv_fail(in, o, "malformed branch");
            if (op_is(o, OP_cf_cond_br)) {
                RV *c = iv_opnd(in, o, 0);
                if (!c) return false;
                s = c->e[0].i ? 0 : 1;
                first = 1 + (s ? op_succ_nargs(o)[0] : 0);
            }
            int na = op_succ_nargs(o)[s];
            RV **args = calloc((size_t)(na ? na : 1), sizeof(RV *));
            if (!args) return iv_fail(in, o, "out of memory");
            bool ok = true;
            for (int i = 0; i < na && ok; i++) ok = (args[i] = iv_opnd(in, o, first + i)) != NULL;
            if (ok) ok = bind_args(in, o, op_succs(o)[s], na, args);
            free(args);
            if (!ok) return false;
            b = op_succs(o)[s];
            continue;
        }
        if (!iv_run_op(in, o)) return false;   /* terminators with effects (none today) */
        *term = o;
        return true;
    }
}

/* results of op := operands [from, from+n) of terminator t (copied first:
 * they may be bound to the very values being rebound) */
bool iv_take(In *in, Op *op, Op *t, int from, int n, Value **dst) {
    if (t->nopnds - from != n) return iv_fail(in, t, "expected %d values, got %d", n, t->nopnds - from);
    RV *tmp = calloc((size_t)(n ? n : 1), sizeof(RV));
    if (!tmp) return iv_fail(in, op, "out of memory");
    for (int i = 0; i < n; i++) {
        RV *v = iv_opnd(in, t, from + i);
        if (!v || !iv_rv_dup(in, op, v, &tmp[i])) {
            for (int j = 0; j < i; j++) free(tmp[j].e);
            free(tmp);
            return false;
        }
    }
    bool ok = true;
    for (int i = 0; i < n; i++) {
        tmp[i].t = dst[i]->type ? dst[i]->type : tmp[i].t;
        if (ok) ok = iv_set(in, op, dst[i], &tmp[i]);
        else free(tmp[i].e);
    }
    free(tmp);
    return ok;
}

bool iv_run_for(In *in, Op *op) {
    int ni = op->nopnds - 3;
    RV *lb = iv_opnd(in, op, 0), *ub = iv_opnd(in, op, 1), *st = iv_opnd(in, op, 2);
    if (!lb || !ub || !st) return false;
    Block *body = op->regions[0].first;
    if (!body || body->nargs != ni + 1) return iv_fail(in, op, "malformed loop body");
    int w = iv_kind_of(lb->et) == 'i' ? iw(lb->et) : 64;
    Type *ivt = body->args[0]->type ? body->args[0]->type : lb->t;
    bool uns = op_attr(op, "unsignedCmp") != NULL;
    int64_t l = sx(lb->e[0].i, w), u = sx(ub->e[0].i, w), s = sx(st->e[0].i, w);
    if (s <= 0 && !uns) return iv_fail(in, op, "loop step %lld is not positive", (long long)s);
    /* the results carry the iter args; start from the inits */
    Value **res = calloc((size_t)(ni + 1), sizeof(Value *));
    RV **vals = calloc((size_t)(ni + 1), sizeof(RV *));
    if (!res || !vals) { free(res); free(vals); return iv_fail(in, op, "out of memory"); }
    for (int i = 0; i < ni; i++) res[i] = op_result(op, i);
    bool ok = iv_take(in, op, op, 3, ni, res);
    for (int64_t iv = l; ok; ) {
        if (uns ? zx(iv, w) >= zx(u, w) : iv >= u) break;
        RV ivv;
        ok = iv_rv_alloc(in, op, &ivv, ivt);
        if (!ok) break;
        ivv.e[0].i = wrapt(ivv.et, iv);
        vals[0] = &ivv;
        for (int i = 0; i < ni && ok; i++) ok = (vals[i + 1] = iv_get(in, op, res[i])) != NULL;
        Op *t = NULL;
        ok = ok && iv_run_region(in, op, &op->regions[0], ni + 1, vals, &t) && iv_take(in, op, t, 0, ni, res);
        free(ivv.e);
        int64_t nx = (int64_t)((uint64_t)iv + (uint64_t)s);
        if (w < 64) nx = uns ? (int64_t)zx(nx, w) : sx(nx, w);
        if (uns ? zx(nx, w) <= zx(iv, w) : nx <= iv) break;   /* wrapped around */
        iv = nx;
    }
    free(res);
    free(vals);
    return ok;
}

bool iv_run_if(In *in, Op *op) {
    RV *c = iv_opnd(in, op, 0);
    if (!c) return false;
    Region *r = &op->regions[c->e[0].i ? 0 : 1];
    if (op->nregions < 2 && !c->e[0].i) r = NULL;
    if (!r || !r->first) {
        if (op->nres) return iv_fail(in, op, "scf.if with results needs an else region");
        return true;
    }
    Op *t = NULL;
    Value **res = calloc((size_t)(op->nres + 1), sizeof(Value *));
    if (!res) return iv_fail(in, op, "out of memory");
    for (int i = 0; i < op->nres; i++) res[i] = op_result(op, i);
    bool ok = iv_run_region(in, op, r, 0, NULL, &t) && iv_take(in, op, t, 0, op->nres, res);
    free(res);
    return ok;
}

bool iv_run_while(In *in, Op *op) {
    if (op->nregions != 2) return iv_fail(in, op, "malformed scf.while");
    Block *before = op->regions[0].first, *after = op->regions[1].first;
    if (!before || !after) return iv_fail(in, op, "malformed scf.while");
    int n = op->nopnds;
    /* the before-region arguments hold the loop state */
    Value **state = calloc((size_t)(n + 1), sizeof(Value *));
    Value **res = calloc((size_t)(op->nres + 1), sizeof(Value *));
    Value **aargs = calloc((size_t)(after->nargs + 1), sizeof(Value *));
    RV **vals = calloc((size_t)(n + after->nargs + 1), sizeof(RV *));
    bool ok = state && res && aargs && vals;
    if (!ok) iv_fail(in, op, "out of memory");
    if (ok && before->nargs != n) ok = iv_fail(in, op, "malformed scf.while");
    for (int i = 0; ok && i < n; i++) state[i] = before->args[i];
    for (int i = 0; ok && i < op->nres; i++) res[i] = op_result(op, i);
    for (int i = 0; ok && i < after->nargs; i++) aargs[i] = after->args[i];
    ok = ok && iv_take(in, op, op, 0, n, state);
    while (ok) {
        for (int i = 0; i < n && ok; i++) ok = (vals[i] = iv_get(in, op, state[i])) != NULL;
        Op *t = NULL;
        if (!ok || !iv_run_region(in, op, &op->regions[0], n, vals, &t)) { ok = false; break; }
        if (!op_is(t, OP_scf_condition)) { ok = iv_fail(in, t, "expected scf.condition"); break; }
        RV *c = iv_opnd(in, t, 0);
        if (!c) { ok = false; break; }
        if (!c->e[0].i) { ok = iv_take(in, op, t, 1, op->nres, res); break; }
        /* the after region's arguments are the condition's values */
        int na = after->nargs;
        if (t->nopnds - 1 != na) { ok = iv_fail(in, t, "scf.condition forwards %d values, the after region takes %d", t->nopnds - 1, na); break; }
        for (int i = 0; i < na && ok; i++) ok = (vals[i] = iv_opnd(in, t, 1 + i)) != NULL;
        if (!ok || !iv_run_region(in, op, &op->regions[1], na, vals, &t)) { ok = false; break; }
        ok = iv_take(in, op, t, 0, n, state);
    }
    free(state); free(res); free(aargs); free(vals);
    return ok;
}

bool iv_run_call(In *in, Op *op) {
    Attr *cal = op_attr(op, "callee");
    if (!cal || cal->kind != A_SYMREF || cal->sym.n != 1) return iv_fail(in, op, "missing callee");
    Op *m = op_parent(in->func);
    Op *f = NULL;
    if (m) for (Op *o = module_body(m)->first; o; o = o->next) {
        Attr *nm = op_attr(o, "sym_name");
        if ((op_is(o, OP_tt_func) || op_is(o, OP_func_func)) && nm && nm->kind == A_STRING &&
            nm->str.len == strlen(cal->sym.names[0]) && !memcmp(nm->str.s, cal->sym.names[0], nm->str.len)) f = o;
    }
    if (!f || !f->nregions || !f->regions[0].first) return iv_fail(in, op, "callee @%s not found", cal->sym.names[0]);
    if (in->depth >= MAX_DEPTH) return iv_fail(in, op, "calls nested too deeply");
    RV **vals = calloc((size_t)(op->nopnds + 1), sizeof(RV *));
    Value **res = calloc((size_t)(op->nres + 1), sizeof(Value *));
    bool ok = vals && res;
    if (!ok) iv_fail(in, op, "out of memory");
    for (int i = 0; ok && i < op->nopnds; i++) ok = (vals[i] = iv_opnd(in, op, i)) != NULL;
    for (int i = 0; ok && i < op->nres; i++) res[i] = op_result(op, i);
    Op *t = NULL;
    in->depth++;
    ok = ok && iv_run_region(in, op, &f->regions[0], op->nopnds, vals, &t) && iv_take(in, op, t, 0, op->nres, res);
    in->depth--;
    free(vals); free(res);
    return ok;
}
