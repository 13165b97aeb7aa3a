/* passes/canonicalize/scf.c - the folder of scf.if and the patterns of scf.if
 * (CombineIfs, CombineNestedIfs, ConditionPropagation,
 * ConvertTrivialIfToSelect, RemoveEmptyElseBranch, RemoveStaticCondition,
 * RemoveUnusedResults, ReplaceIfYieldWithConditionOrValue) and scf.for
 * (ForOpIterArgsFolder, SimplifyTrivialLoops). */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "patterns.h"

/* whether v is defined inside a region of op */
static bool value_inside(Value *v, Op *op) {
    Block *b = v->def ? v->def->block : value_argblock(v);
    while (b && b->region) {
        Op *p = b->region->op;
        if (p == op) return true;
        if (!p) return false;
        b = p->block;
    }
    return false;
}

/* ---- region inlining, static conditions, scf.for ------------------------ */
/* a region with one block ending in a decoded terminator with n operands */
static bool simple_region(Region *r, int n) {
    Block *b = r->first;
    if (!b || b != r->last) return false;
    Op *t = block_terminator(b);
    return t && !t->verbatim && t->nopnds == n && op_nsuccs(t) == 0;
}

/* replaceOpWithRegion: the block of r moves before op, its arguments
 * replaced by args, and the values it yields replace op's results */
static void inline_region(Rewriter *rw, Op *op, Region *r, Value *const *args) {
    Block *b = r->first;
    Op *term = b->last;
    int n = term->nopnds;
    Value **res = malloc(sizeof(Value *) * (size_t)(n ? n : 1));
    for (int i = 0; i < b->nargs; i++) rw_replace_value(rw, b->args[i], args[i]);
    for (int i = 0; i < n; i++) res[i] = opnd(term, i);
    while (b->first) {
        Op *o = b->first;
        op_unlink(o);
        op_insert_before(op, o);
        rw_notify(rw, o);
    }
    block_unlink(b);
    rw_replace_op(rw, op, res);
    rw_erase(rw, term);
    free(res);
}

/* scf.if on a constant condition (RemoveStaticCondition) */
static bool if_static_condition(Rewriter *rw, Op *op) {
    Attr *k = value_const(opnd(op, 0));
    if (!k || !int_elem(k) || !type_is_int(k->type, 1)) return false;
    Region *r = k->i ? &op->regions[0] : op->nregions > 1 ? &op->regions[1] : NULL;
    if (r && r->first) {
        if (!simple_region(r, op->nres)) return false;
        inline_region(rw, op, r, NULL);
    } else {
        if (op->nres) return false;
        rw_erase(rw, op);
    }
    return true;
}

static bool const_sint(Value *v, int64_t *out) {
    Attr *k = value_const(v);
    if (!k || k->kind == A_DENSE || !int_elem(k)) return false;
    *out = sext((uint64_t)k->i, int_width(k->type));
    return true;
}

/* scf.for that runs zero times, once, or has an empty body yielding values
 * from outside (SimplifyTrivialLoops) */
static bool for_trivial(Rewriter *rw, Op *op) {
    Value *lb = opnd(op, 0), *ub = opnd(op, 1), *step = opnd(op, 2);
    Value **inits = op->nopnds > 3 ? (Value **)malloc(sizeof(Value *) * (size_t)(op->nopnds - 3)) : NULL;
    int ninit = op->nopnds - 3;
    bool done = false;
    for (int i = 0; i < ninit; i++) inits[i] = opnd(op, 3 + i);
    Region *body = &op->regions[0];
    if (!simple_region(body, op->nres) || body->first->nargs != 1 + ninit || ninit != op->nres) goto out;
    if (lb == ub) { rw_replace_op(rw, op, inits); done = true; goto out; }
    /* the trip distance, from constants or ub = lb + c */
    int64_t l, u, s, diff;
    Op *add;
    if (const_sint(lb, &l) && const_sint(ub, &u)) {
        if (__builtin_sub_overflow(u, l, &diff)) goto out;
    } else if ((add = def_of(ub, OP_arith_addi)) && opnd(add, 0) == lb && const_sint(opnd(add, 1), &diff)) {
    } else if (add && opnd(add, 1) == lb && const_sint(opnd(add, 0), &diff)) {
    } else goto out;
    if (diff <= 0) { rw_replace_op(rw, op, inits); done = true; goto out; }
    if (!const_sint(step, &s)) goto out;
    if (s >= diff) {
        Value **args = malloc(sizeof(Value *) * (size_t)(1 + ninit));
        args[0] = lb;
        for (int i = 0; i < ninit; i++) args[1 + i] = inits[i];
        inline_region(rw, op, body, args);
        free(args);
        done = true;
        goto out;
    }
    /* more iterations: an empty body that yields values defined outside */
    Block *b = body->first;
    if (b->first != b->last) goto out;
    Op *y = b->last;
    for (int i = 0; i < y->nopnds; i++) if (value_inside(opnd(y, i), op)) goto out;
    for (int i = 0; i < ninit; i++) inits[i] = opnd(y, i);
    rw_replace_op(rw, op, inits);
    done = true;
out:
    free(inits);
    return done;
}

/* scf.for loop-carried values that are only passed along: the body yields
 * the iteration argument, or the argument is unused and the body yields the
 * initial value or the result is unused too (ForOpIterArgsFolder).  The loop
 * is rebuilt without them. */
static void filter_yield(Rewriter *rw, Op *y, const bool *keep, bool replaced);

static bool for_iter_args(Rewriter *rw, Op *op) {
    Region *body = &op->regions[0];
    int n = op->nres;
    if (n < 1 || op->nopnds != 3 + n || !simple_region(body, n) || body->first->nargs != 1 + n) return false;
    Block *b = body->first;
    Op *y = b->last;
    bool *keep = calloc((size_t)n, sizeof(bool));
    int nkeep = 0;
    for (int i = 0; i < n; i++) {
        Value *init = opnd(op, 3 + i), *arg = b->args[1 + i], *yv = opnd(y, i);
        keep[i] = !(arg == yv || (!arg->uses && (init == yv || !op->res[i].uses)));
        nkeep += keep[i];
    }
    if (nkeep == n) { free(keep); return false; }
    Ctx *c = rw_ctx(rw);
    Type **rt = malloc(sizeof(Type *) * (size_t)(nkeep + 1));
    Value **ops = malloc(sizeof(Value *) * (size_t)(3 + nkeep));
    Value **repl = malloc(sizeof(Value *) * (size_t)n);
    for (int i = 0; i < 3; i++) ops[i] = opnd(op, i);
    for (int i = 0, j = 0; i < n; i++)
        if (keep[i]) { rt[j] = opnd(op, 3 + i)->type; ops[3 + j] = opnd(op, 3 + i); j++; }
    Op *nf = op_new(c, "scf.for", nkeep, rt, 3 + nkeep, ops, 1, op->loc);
    op_set_locattr(c, nf, op_locattr(op));
    for (int i = 0; i < op->nattrs; i++) op_set_attr(c, nf, op->attrs[i].name, op->attrs[i].value);
    for (int i = 0; i < op->nprops; i++) op_set_prop(c, nf, op_props(op)[i].name, op_props(op)[i].value);
    nf->has_props = op->has_props;
    op_insert_before(op, nf);
    rw_notify(rw, nf);
    block_unlink(b);
    region_append_block(&nf->regions[0], b);
    for (int i = n - 1; i >= 0; i--) {
        if (keep[i]) continue;
        rw_replace_value(rw, b->args[1 + i], opnd(op, 3 + i));
        block_erase_arg(b, 1 + i);
    }
    for (Op *o = b->first; o; o = o->next) rw_notify(rw, o);
    filter_yield(rw, y, keep, true);
    for (int i = 0, j = 0; i < n; i++) repl[i] = keep[i] ? &nf->res[j++] : opnd(op, 3 + i);
    rw_replace_op(rw, op, repl);
    free(keep); free(rt); free(ops); free(repl);
    return true;
}

/* ---- scf.if ------------------------------------------------------------ */
/* a decoded scf.if whose regions have the expected shape */
static bool if_ok(const Op *op) {
    if (op->verbatim || op->nregions != 2 || op->nopnds != 1) return false;
    if (!simple_region(&op->regions[0], op->nres)) return false;
    if (op->regions[1].first) return simple_region(&op->regions[1], op->nres);
    return op->nres == 0;
}
static Op *then_yield(Op *op) { return op->regions[0].first->last; }
static Op *else_yield(Op *op) { return op->regions[1].first ? op->regions[1].first->last : NULL; }

static Region *parent_region(Value *v) { return v->def ? (v->def->block ? v->def->block->region : NULL) : value_argblock(v) ? value_argblock(v)->region : NULL; }

static void move_body(Region *from, Region *to) {
    while (from->first) {
        Block *b = from->first;
        block_unlink(b);
        region_append_block(to, b);
    }
}

/* drop the operands of a yield whose keep flag is false.  With replaced,
 * the queue sees what MLIR does when it builds a new yield and erases the
 * old one; else the yield was modified in place. */
static void filter_yield(Rewriter *rw, Op *y, const bool *keep, bool replaced) {
    if (replaced) {
        for (int i = 0; i < y->nopnds; i++) {
            Value *v = opnd(y, i);
            bool kept = false;
            for (int j = 0; j < y->nopnds && !kept; j++) kept = keep[j] && opnd(y, j) == v;
            if (v && v->def && rw_few_users(v, y, kept ? y : NULL)) rw_notify(rw, v->def);
        }
    }
    for (int i = y->nopnds - 1; i >= 0; i--)
        if (!keep[i]) op_remove_operand(y, i);
    rw_notify(rw, y);
}

/* a copy of scf.if op with only the results whose keep flag is set, taking
 * over op's regions; the yields are trimmed to match.  replaced: as if new
 * yields replaced the old ones, and the regions were moved whole (else op
 * by op, each op queued) */
static Op *if_rebuild(Rewriter *rw, Op *op, const bool *keep, bool replaced) {
    int n = 0;
    Type **rt = malloc(sizeof(Type *) * (size_t)(op->nres + 1));
    for (int i = 0; i < op->nres; i++) if (keep[i]) rt[n++] = op->res[i].type;
    Value *cond = opnd(op, 0);
    Op *nif = op_new(rw_ctx(rw), "scf.if", n, rt, 1, &cond, 2, op->loc);
    free(rt);
    op_set_locattr(rw_ctx(rw), nif, op_locattr(op));
    for (int i = 0; i < op->nattrs; i++) op_set_attr(rw_ctx(rw), nif, op->attrs[i].name, op->attrs[i].value);
    op_insert_before(op, nif);
    rw_notify(rw, nif);
    for (int r = 0; r < 2; r++) {
        move_body(&op->regions[r], &nif->regions[r]);
        if (nif->regions[r].first) {
            if (!replaced)
                for (Op *o = nif->regions[r].first->first; o; o = o->next) rw_notify(rw, o);
            filter_yield(rw, nif->regions[r].first->last, keep, replaced);
        }
    }
    return nif;
}

/* if (!c) A else B -> if c B else A (IfOp::fold) */
FoldKind scf_if_fold(Op *op, Folded *f) {
    if (!if_ok(op) || !op->regions[1].first) return NO_FOLD;
    Op *x = def_of(opnd(op, 0), OP_arith_xori);
    if (!x || !is_one(value_const(opnd(x, 1)))) return NO_FOLD;
    op_set_operand(op, 0, opnd(x, 0));
    Block *t = op->regions[0].first, *e = op->regions[1].first;
    block_unlink(t);
    block_unlink(e);
    region_append_block(&op->regions[0], e);
    region_append_block(&op->regions[1], t);
    return f->k = FOLD_IN_PLACE;
}

/* uses of the condition inside the branches become true or false
 * (ConditionPropagation) */
static bool if_condition_propagation(Rewriter *rw, Op *op) {
    Value *cond = opnd(op, 0);
    if (value_const(cond)) return false;
    Region *end = parent_region(cond);
    Value *vt = NULL, *vf = NULL;
    bool changed = false;
    for (Use *u = cond->uses, *nx; u; u = nx) {
        nx = u->next;
        int side = -1;
        for (Region *r = u->owner->block ? u->owner->block->region : NULL; r && r != end;) {
            if (r == &op->regions[0]) { side = 1; break; }
            if (r == &op->regions[1]) { side = 0; break; }
            Op *p = r->op;
            r = p && p->block ? p->block->region : NULL;
        }
        if (side < 0) continue;
        Value **k = side ? &vt : &vf;
        if (!*k) *k = rw_const_before(rw, op, attr_int(rw_ctx(rw), type_int(rw_ctx(rw), 1, SIGNLESS), side), type_int(rw_ctx(rw), 1, SIGNLESS));
        Op *owner = u->owner;
        op_set_operand(owner, use_index(u), *k);
        rw_notify(rw, owner);
        changed = true;
    }
    return changed;
}

/* results yielded from outside the if become selects (ConvertTrivialIfToSelect) */
static bool if_to_select(Rewriter *rw, Op *op) {
    int n = op->nres;
    if (n < 1) return false;
    Op *ty = then_yield(op), *ey = else_yield(op);
    bool *keep = malloc(sizeof(bool) * (size_t)n);
    int nkeep = 0;
    for (int i = 0; i < n; i++) {
        keep[i] = parent_region(opnd(ty, i)) == &op->regions[0] || parent_region(opnd(ey, i)) == &op->regions[1];
        nkeep += keep[i];
    }
    if (nkeep == n) { free(keep); return false; }
    Value **vals = malloc(sizeof(Value *) * (size_t)(2 * n));
    for (int i = 0; i < n; i++) { vals[2 * i] = opnd(ty, i); vals[2 * i + 1] = opnd(ey, i); }
    Op *nif = if_rebuild(rw, op, keep, true);
    Value **res = malloc(sizeof(Value *) * (size_t)n);
    Value *cond = opnd(op, 0);
    for (int i = 0, j = 0; i < n; i++) {
        Value *tv = vals[2 * i], *fv = vals[2 * i + 1];
        if (keep[i]) res[i] = &nif->res[j++];
        else if (tv == fv) res[i] = tv;
        else {
            Value *ops[3] = { cond, tv, fv };
            res[i] = &rw_create_before(rw, nif, "arith.select", op->res[i].type, 3, ops)->res[0];
        }
    }
    rw_replace_op(rw, op, res);
    free(keep); free(vals); free(res);
    return true;
}

/* an else branch that only yields goes (RemoveEmptyElseBranch) */
static bool if_empty_else(Rewriter *rw, Op *op) {
    Block *eb = op->regions[1].first;
    if (op->nres || !eb || eb->first != eb->last) return false;
    rw_erase(rw, eb->last);
    block_unlink(eb);
    rw_notify(rw, op);
    return true;
}

/* results without uses go (RemoveUnusedResults) */
static bool if_unused_results(Rewriter *rw, Op *op) {
    int n = op->nres, used = 0;
    if (n < 1) return false;
    bool *keep = malloc(sizeof(bool) * (size_t)n);
    for (int i = 0; i < n; i++) used += keep[i] = op->res[i].uses != NULL;
    if (used == n) { free(keep); return false; }
    Op *nif = if_rebuild(rw, op, keep, false);
    Value **res = malloc(sizeof(Value *) * (size_t)n);
    for (int i = 0, j = 0; i < n; i++) res[i] = keep[i] ? &nif->res[j++] : NULL;
    rw_replace_op(rw, op, res);
    free(keep); free(res);
    return true;
}

static void replace_uses_quietly(Value *from, Value *to) { value_replace_all_uses(from, to); }

/* results that are the same value in both branches, or the condition or its
 * negation (ReplaceIfYieldWithConditionOrValue) */
static bool if_yield_condition(Rewriter *rw, Op *op) {
    if (!op->nres) return false;
    Op *ty = then_yield(op), *ey = else_yield(op);
    Value *cond = opnd(op, 0);
    bool changed = false;
    for (int i = 0; i < op->nres; i++) {
        Value *tv = opnd(ty, i), *fv = opnd(ey, i), *res = &op->res[i];
        if (tv == fv) {
            if (res->uses) { replace_uses_quietly(res, tv); changed = true; }
            continue;
        }
        Attr *a = value_const(tv), *b = value_const(fv);
        if (!a || !b || !int_elem(a) || !int_elem(b) || !type_is_int(a->type, 1) || !type_is_int(b->type, 1)) continue;
        if (!a->i && b->i && res->uses) {
            Type *i1 = type_int(rw_ctx(rw), 1, SIGNLESS);
            Value *ops[2] = { cond, rw_const_before(rw, op, attr_int(rw_ctx(rw), i1, 1), i1) };
            replace_uses_quietly(res, &rw_create_before(rw, op, "arith.xori", i1, 2, ops)->res[0]);
            changed = true;
        }
        if (a->i && !b->i && res->uses) {
            replace_uses_quietly(res, cond);
            changed = true;
        }
    }
    return changed;
}

static bool is_not_of(Value *v, Value *x) {
    Op *d = def_of(v, OP_arith_xori);
    return d && opnd(d, 0) == x && is_one(value_const(opnd(d, 1)));
}

static bool region_contains(Region *r, Op *op) {
    for (Region *q = op->block ? op->block->region : NULL; q;) {
        if (q == r) return true;
        Op *p = q->op;
        q = p && p->block ? p->block->region : NULL;
    }
    return false;
}

/* a yield of the operands of a followed by those of b at the end of block
 * dst; a and b are erased */
static void merge_yields(Rewriter *rw, Block *dst, Op *a, Op *b) {
    int n = a->nopnds + b->nopnds;
    Value **v = malloc(sizeof(Value *) * (size_t)(n ? n : 1));
    for (int i = 0; i < a->nopnds; i++) v[i] = opnd(a, i);
    for (int i = 0; i < b->nopnds; i++) v[a->nopnds + i] = opnd(b, i);
    Op *y = op_new(rw_ctx(rw), "scf.yield", 0, NULL, n, v, 0, b->loc);
    op_append(dst, y);
    rw_notify(rw, y);
    free(v);
    rw_erase(rw, a);
    rw_erase(rw, b);
}

/* two adjacent ifs on the same (or the negated) condition become one
 * (CombineIfs) */
static bool if_combine(Rewriter *rw, Op *next) {
    Op *prev = next->prev;
    if (!prev || !op_is(prev, OP_scf_if) || !if_ok(prev)) return false;
    Value *pc = opnd(prev, 0), *nc = opnd(next, 0);
    Block *nthen = NULL, *nelse = NULL;
    if (nc == pc) {
        nthen = next->regions[0].first;
        nelse = next->regions[1].first;
    }
    if (is_not_of(nc, pc) || is_not_of(pc, nc)) {
        nelse = next->regions[0].first;
        nthen = next->regions[1].first;
    }
    if (!nthen && !nelse) return false;
    /* uses of prev's results inside next see the yielded values */
    if (prev->regions[1].first) {
        Op *pty = then_yield(prev), *pey = else_yield(prev);
        for (int i = 0; i < prev->nres; i++)
            for (Use *u = prev->res[i].uses, *nx; u; u = nx) {
                nx = u->next;
                Op *owner = u->owner;
                Value *to = NULL;
                if (nthen && region_contains(nthen->region, owner)) to = opnd(pty, i);
                else if (nelse && region_contains(nelse->region, owner)) to = opnd(pey, i);
                if (!to) continue;
                op_set_operand(owner, use_index(u), to);
                rw_notify(rw, owner);
            }
    }
    int n = prev->nres + next->nres;
    Type **rt = malloc(sizeof(Type *) * (size_t)(n + 1));
    for (int i = 0; i < prev->nres; i++) rt[i] = prev->res[i].type;
    for (int i = 0; i < next->nres; i++) rt[prev->nres + i] = next->res[i].type;
    Op *comb = op_new(rw_ctx(rw), "scf.if", n, rt, 1, &pc, 2, next->loc);
    free(rt);
    op_set_locattr(rw_ctx(rw), comb, op_locattr(next));
    op_insert_before(next, comb);
    rw_notify(rw, comb);
    move_body(&prev->regions[0], &comb->regions[0]);
    if (nthen) {
        Block *tb = comb->regions[0].first;
        Op *y1 = tb->last, *y2 = nthen->last;
        rw_merge_blocks(rw, nthen, tb);
        merge_yields(rw, tb, y1, y2);
    }
    move_body(&prev->regions[1], &comb->regions[1]);
    if (nelse) {
        if (!comb->regions[1].first) move_body(nelse->region, &comb->regions[1]);
        else {
            Block *eb = comb->regions[1].first;
            Op *y1 = eb->last, *y2 = nelse->last;
            rw_merge_blocks(rw, nelse, eb);
            merge_yields(rw, eb, y1, y2);
        }
    }
    Value **res = malloc(sizeof(Value *) * (size_t)(n ? n : 1));
    for (int i = 0; i < n; i++) res[i] = &comb->res[i];
    rw_replace_op(rw, prev, res);
    rw_replace_op(rw, next, res + (n - next->nres));
    free(res);
    return true;
}

/* an if whose then block holds only another if becomes one if on the
 * conjunction (CombineNestedIfs) */
static bool if_combine_nested(Rewriter *rw, Op *op) {
    Block *tb = op->regions[0].first, *eb = op->regions[1].first;
    if (!tb->first || tb->first->next != tb->last) return false;
    if (eb && eb->first != eb->last) return false;
    Op *nested = tb->first;
    if (!op_is(nested, OP_scf_if) || !if_ok(nested)) return false;
    Block *neb = nested->regions[1].first;
    if (neb && neb->first != neb->last) return false;
    int n = op->nres;
    Value **ty = malloc(sizeof(Value *) * (size_t)(2 * n + 1)), **ey = ty + n;
    bool *upgrade = calloc((size_t)n + 1, sizeof(bool));
    bool ok = true;
    for (int i = 0; i < n; i++) {
        ty[i] = opnd(then_yield(op), i);
        ey[i] = opnd(else_yield(op), i);
    }
    for (int i = 0; i < n && ok; i++) {
        if (ty[i]->def == nested) {
            int k = value_index(ty[i]);
            if (opnd(else_yield(nested), k) != ey[i]) ok = false;
            else ty[i] = opnd(then_yield(nested), k);
            continue;
        }
        if (parent_region(ty[i]) == &op->regions[0]) ok = false;
        else upgrade[i] = true;
    }
    if (!ok) { free(ty); free(upgrade); return false; }
    Type *i1 = type_int(rw_ctx(rw), 1, SIGNLESS);
    Value *cops[2] = { opnd(op, 0), opnd(nested, 0) };
    Value *cond = &rw_create_before(rw, op, "arith.andi", i1, 2, cops)->res[0];
    Type **rt = malloc(sizeof(Type *) * (size_t)(n + 1));
    for (int i = 0; i < n; i++) rt[i] = op->res[i].type;
    Op *nif = op_new(rw_ctx(rw), "scf.if", n, rt, 1, &cond, 2, op->loc);
    free(rt);
    op_set_locattr(rw_ctx(rw), nif, op_locattr(op));
    op_insert_before(op, nif);
    rw_notify(rw, nif);
    Block *nb = block_new(rw_ctx(rw));
    region_append_block(&nif->regions[0], nb);
    Value **res = malloc(sizeof(Value *) * (size_t)(n + 1));
    for (int i = 0; i < n; i++) {
        res[i] = &nif->res[i];
        if (upgrade[i]) {
            Value *sops[3] = { opnd(op, 0), ty[i], ey[i] };
            res[i] = &rw_create_before(rw, nif, "arith.select", op->res[i].type, 3, sops)->res[0];
        }
    }
    rw_merge_blocks(rw, nested->regions[0].first, nb);
    Op *oy = nb->last;
    Op *y = op_new(rw_ctx(rw), "scf.yield", 0, NULL, n, ty, 0, oy->loc);
    op_insert_before(oy, y);
    rw_notify(rw, y);
    rw_erase(rw, oy);
    if (n > 0) {
        Block *b2 = block_new(rw_ctx(rw));
        region_append_block(&nif->regions[1], b2);
        Op *y2 = op_new(rw_ctx(rw), "scf.yield", 0, NULL, n, ey, 0, op->loc);
        op_append(b2, y2);
        rw_notify(rw, y2);
    }
    rw_replace_op(rw, op, res);
    free(ty); free(upgrade); free(res);
    return true;
}


bool scf_patterns(Rewriter *rw, Op *op) {
    switch (op->info->id) {
    case OP_scf_if:
        if (!if_ok(op)) return false;
        return if_combine(rw, op) || if_combine_nested(rw, op) || if_condition_propagation(rw, op) ||
               if_to_select(rw, op) || if_empty_else(rw, op) || if_static_condition(rw, op) ||
               if_unused_results(rw, op) || if_yield_condition(rw, op);
    case OP_scf_for: return for_iter_args(rw, op) || for_trivial(rw, op);
    default: return false;
    }
}
