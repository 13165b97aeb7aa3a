/* targets/rvv/lanes.c - the RVV strategy's loops whose lanes are
 * independent (the loop hook, cgen.h): an scf.for over blocks whose iter
 * args are 1-D f32 tensors of one length L (accumulators such as layer
 * norm's `acc += x` and `acc += (x - mean)^2`) and whose body is elementwise
 * along them (loads through pointers contiguous along the row, masks,
 * f32 arithmetic, no store and no other write) runs strip by strip:
 *
 *     for each strip [k, k + vl) of the L lanes:
 *         the iter args' strips in registers (their inits);
 *         for each iteration: the body's strip, the yield into the registers;
 *         the registers into the loop's result arrays.
 *
 * Every lane sees the same operations in the same order as the loop over
 * whole blocks (each lane's values depend on that lane alone, and nothing
 * in the body writes memory), so the bits are the same; the accumulators
 * stay in registers across the iterations, and no array is copied per
 * iteration.  When every load and select of the body is masked by one mask
 * `a < b` (or <=) with a affine, step 1 along the row, a first pass finds
 * the leading iterations whose whole block the mask keeps without
 * wrapping: they run without the mask (`_all`), the others with it. */
#include "rvv_impl.h"

/* the op defines values the strip computes (elementwise, views, loads
 * along the row), nothing else; a store when stores are allowed */
static bool lane_op(Op *o, bool st) {
    if (o->verbatim || o->nregions) return false;
    if (op_is(o, OP_tt_load)) return true;
    if (op_is(o, OP_tt_store)) return st;
    return cg_is_ew(o->info->id) || cg_is_view(o->info->id) || op_is(o, OP_arith_constant);
}

/* v is `splat(iv) + make_range(0, L)` (either order): its lane j is iv + j */
static bool offs_of(Value *v, Value *iv) {
    Op *d = v->def;
    if (!d || d->verbatim || !op_is(d, OP_arith_addi) || d->nopnds != 2) return false;
    for (int s = 0; s < 2; s++) {
        Op *a = op_operand(d, s)->def, *r = op_operand(d, 1 - s)->def;
        int64_t st;
        if (a && r && !a->verbatim && !r->verbatim && op_is(a, OP_tt_splat) && a->nopnds == 1 && op_operand(a, 0) == iv &&
            op_is(r, OP_tt_make_range) && op_attr_int(r, "start", &st) && st == 0)
            return true;
    }
    return false;
}

/* iv is used only as `splat(iv) + make_range(0, L)`: everything of the
 * body that depends on the iteration depends on it through those offsets */
static bool iv_only_offs(Value *iv) {
    for (Use *u = iv->uses; u; u = u->next) {
        Op *s = u->owner;
        if (!op_is(s, OP_tt_splat) || s->nres != 1) return false;
        for (Use *w = op_result(s, 0)->uses; w; w = w->next)
            if (!offs_of(op_result(w->owner, 0), iv)) return false;
    }
    return true;
}

typedef struct LaneLoop {
    Block *b;
    int n;          /* iter args (0: a loop of stores, flattened) */
    int lm;         /* their LMUL */
    int64_t L;
    Value *mask;    /* the one mask of the body's loads, selects and stores, or NULL */
    bool prefix;    /* ... of the `a < b` kind: the full iterations first */
    Value *bound;   /* ... `offs < bound` (or <=, le): their count in closed form */
    bool le;
    Type *t0;       /* the row's type */
} LaneLoop;

/* the strip of every value the body's lanes need (g's memo), the iter
 * args' registers ttx_aI; the yield's strips into *ys (n of them), the
 * stores written (emit), or false */
static bool lane_body(RvStrip *g, const LaneLoop *LL, const char **ys) {
    Cg *e = g->e;
    Block *b = LL->b;
    for (int i = 0; i < LL->n; i++) {
        g->mv[g->nm] = b->args[i + 1];
        g->ms[g->nm++] = g->emit ? fmt(e, "ttx_a%d", i) : "x";
    }
    for (Op *o = b->first; o && o != b->last; o = o->next) {
        if (op_is(o, OP_tt_store)) {
            Aff *pa;
            Value *val = op_operand(o, 1), *mask = o->nopnds > 2 ? op_operand(o, 2) : NULL;
            if (!rv_store_ok(e, o, &pa) || !fname_is(type_elem(val->type), "f32")) return false;
            const char *x = rv_vf(g, val), *mv = mask && mask != g->all ? rv_vm(g, mask) : NULL;
            if (!x || (mask && mask != g->all && !mv)) return false;
            if (!g->emit) continue;
            const char *zi[MAXR] = { "0" };
            const char *p = fmt(e, "(float *)(%s) + ttx_k", cg_aff_render(e, pa, type_elem(val->type), zi));
            if (mv) line(e, "__riscv_vse32_v_%s_m(%s, %s, %s, ttx_vl);", rv_sfx(e, g->lm), mv, p, x);
            else line(e, "__riscv_vse32_v_%s(%s, %s, ttx_vl);", rv_sfx(e, g->lm), p, x);
            continue;
        }
        if (!o->nres || !value_has_uses(op_result(o, 0))) continue;
        Value *v = op_result(o, 0);
        VI *x = cg_vi(e, v);
        if (x->kind != K_ARRAY) continue;   /* virtual: computed where used */
        const char *s;
        Type *el = type_elem(v->type);
        if (op_is(o, OP_tt_load)) s = rv_load_strip(g, o);
        else if (el && el->kind == T_INT && el->i.width == 1) s = rv_vm_op(g, o);
        else if (is_i32t(v->type) || rv_is_i8t(v->type)) s = rv_vi_op(g, o);
        else s = rv_vf_op(g, o);
        if (!s || g->nm >= RV_MEMO) return false;
        g->mv[g->nm] = v;
        g->ms[g->nm++] = s;
    }
    Op *y = b->last;
    for (int i = 0; i < LL->n; i++)
        if (!(ys[i] = rv_vf(g, op_operand(y, i)))) return false;
    return true;
}

/* the body's operands from outside it are scalars, values the same on
 * every lane, and the make_range of its offsets: nothing depends on the
 * lane but through `iv + lane` (a flattened loop's lanes run past L) */
static bool outside_uniform(Block *b, Value *iv) {
    for (Op *o = b->first; o; o = o->next)
        for (int i = 0; i < o->nopnds; i++) {
            Value *v = op_operand(o, i);
            if (!is_tensor(v->type) || cg_is_uniform_value(v)) continue;
            Op *d = v->def;
            Block *vb = d ? d->block : value_argblock(v);
            if (vb == b) continue;
            if (d && !d->verbatim && op_is(d, OP_tt_splat)) continue;
            if (d && op_is(d, OP_tt_make_range) && offs_of(op_result(o, 0), iv)) continue;
            return false;
        }
    return true;
}

/* the loop f, when its lanes are independent */
static bool lane_ok(Cg *e, Op *f, LaneLoop *LL) {
    Block *b = f->regions[0].first;
    int n = f->nopnds - 3;
    Attr *sc = value_const(op_operand(f, 2));
    if (n < 0 || n > 4 || !b || b->nargs != n + 1 || f->nres != n || !sc || sc->kind != A_INT || sc->i <= 0) return false;
    Op *y = b->last;
    if (!y || !op_is(y, OP_scf_yield) || y->nopnds != n) return false;
    Value *iv = b->args[0];
    LL->b = b;
    LL->n = n;
    LL->lm = n <= 1 ? 8 : n == 2 ? 4 : 2;
    LL->L = 0;
    for (int i = 0; i < n; i++) {
        Value *a = b->args[i + 1];
        Type *t = a->type;
        if (!is_tensor(t) || t->sh.rank != 1 || !fname_is(type_elem(t), "f32") || cg_vi(e, a)->carried || cg_vi(e, a)->kind != K_ARRAY) return false;
        if (i && t->sh.dims[0] != LL->L) return false;
        LL->L = t->sh.dims[0];
    }
    LL->mask = LL->bound = NULL;
    LL->prefix = LL->le = false;
    bool many = false, stores = false;
    for (Op *o = b->first; o && o != y; o = o->next) {
        if (!lane_op(o, n == 0)) return false;
        stores |= op_is(o, OP_tt_store);
        if (op_is(o, OP_tt_store)) {
            Type *vt = op_operand(o, 1)->type;
            if (!is_tensor(vt) || vt->sh.rank != 1 || (LL->L && vt->sh.dims[0] != LL->L)) return false;
            LL->L = vt->sh.dims[0];
        }
        if (cg_is_view(o->info->id))   /* a view of the body's lanes would read their arrays */
            for (int i = 0; i < o->nopnds; i++) {
                Value *x = op_operand(o, i);
                Block *xb = x->def ? x->def->block : value_argblock(x);
                if (is_tensor(x->type) && xb == b) return false;
            }
        for (int r = 0; r < o->nres; r++) {
            Type *rt = op_result(o, r)->type;
            if (!is_tensor(rt) || rt->sh.rank != 1 || (LL->L && rt->sh.dims[0] != LL->L)) {
                /* a scalar or another shape: only views feeding the lanes */
                if (!cg_is_view(o->info->id) && !op_is(o, OP_arith_constant)) return false;
            }
        }
        Value *m = op_is(o, OP_tt_load) && o->nopnds > 1 ? op_operand(o, 1)
                   : op_is(o, OP_arith_select)           ? op_operand(o, 0)
                   : op_is(o, OP_tt_store) && o->nopnds > 2 ? op_operand(o, 2) : NULL;
        if (m && is_tensor(m->type)) {
            if (LL->mask && LL->mask != m) many = true;
            LL->mask = m;
        }
    }
    if (LL->L < 1) return false;
    /* a loop of stores alone: flattened, which needs every lane's value to
     * depend on the iteration through `iv + lane` and the step to be L */
    if (n == 0 && (!stores || sc->i != LL->L || !iv_only_offs(iv) || !outside_uniform(b, iv) || many || (LL->mask && !value_has_uses(iv))))
        return false;
    if (many) LL->mask = NULL;
    if (LL->mask) {
        LL->prefix = rv_prefix_cmp(e, LL->mask, 1, LL->L, NULL, false);
        Op *d = LL->mask->def;
        int64_t p;
        if (LL->prefix && iv_only_offs(iv) && d && op_is(d, OP_arith_cmpi) && op_attr_int(d, "predicate", &p)) {
            Value *a = op_operand(d, 0), *bd = op_operand(d, 1);
            if (p == 4 || p == 5) { Value *t = a; a = bd; bd = t; p = p == 4 ? 2 : 3; }
            Op *bs = bd->def;
            if ((p == 2 || p == 3) && offs_of(a, iv) && cg_is_uniform_value(bd) && !(bs && op_is(bs, OP_tt_splat) && op_operand(bs, 0) == iv)) {
                LL->bound = bd;
                LL->le = p == 3;
            }
        }
    }
    if (n == 0 && LL->mask && !LL->bound) return false;
    Type *t0 = n ? b->args[1]->type : NULL;
    for (Op *o = b->first; o && !t0; o = o->next)
        if (op_is(o, OP_tt_store)) t0 = op_operand(o, 1)->type;
    LL->t0 = t0;
    /* the check: every strip computable */
    const char *ys[4];
    RvStrip g;
    rv_strip_init(&g, e, false, LL->lm, t0, NULL);
    if (!lane_body(&g, LL, ys)) return false;
    for (int i = 0; i < n; i++) {
        rv_strip_init(&g, e, false, LL->lm, t0, NULL);
        if (!rv_vf(&g, op_operand(f, 3 + i))) return false;
    }
    if (LL->prefix) {
        rv_strip_init(&g, e, false, LL->lm, t0, NULL);
        g.all = LL->mask;
        if (!lane_body(&g, LL, ys)) return false;
    }
    return true;
}

static const char *iv_decl(Cg *e, Value *iv, const char *cnt) {
    return fmt(e, "%s %s = (%s)%s;", cg_rtype(e, iv->type), cg_vi(e, iv)->name, cg_rtype(e, iv->type), cnt);
}

/* the strips of one row of L lanes (of n lanes from 0 when n is not NULL)
 * of the body at the current iteration (all: without the mask) */
static bool lane_strips(Cg *e, const LaneLoop *LL, Type *t0, bool all, const char *n) {
    strip_open(e, LL->lm, n ? n : fmt(e, "%" PRId64, LL->L));
    RvStrip g;
    rv_strip_init(&g, e, true, LL->lm, t0, NULL);
    if (all) g.all = LL->mask;
    const char *ys[4];
    if (!lane_body(&g, LL, ys)) return false;
    close1(e);
    return true;
}

/* one inner loop over the iterations [from, to) of f, the body's strip
 * (all: without the mask) into the registers */
static bool lane_iters(Cg *e, Op *f, const LaneLoop *LL, const char *from, const char *to, bool all) {
    Block *b = LL->b;
    const char *st = cg_ex(e, op_operand(f, 2), NULL);
    const char *cnt = fmt(e, "t%s", cg_vi(e, b->args[0])->name + 1);
    line(e, "for (i64 %s = %s; %s < %s; %s += %s) {", cnt, from, cnt, to, cnt, st);
    e->ind++;
    Value *iv = b->args[0];
    if (value_has_uses(iv)) line(e, "%s", iv_decl(e, iv, cnt));
    if (LL->n == 0) {
        if (!lane_strips(e, LL, LL->t0, all, NULL)) return false;
        close1(e);
        return true;
    }
    RvStrip g;
    rv_strip_init(&g, e, true, LL->lm, b->args[1]->type, NULL);
    if (all) g.all = LL->mask;
    const char *ys[4];
    if (!lane_body(&g, LL, ys)) return false;
    for (int i = 0; i < LL->n; i++) line(e, "ttx_a%d = %s;", i, ys[i]);
    close1(e);
    return true;
}

/* lines setting i64 ttx_tf to the end of the leading iterations whose
 * whole block the mask keeps (none: lb) */
static void full_iters(Cg *e, Op *f, const LaneLoop *LL, const char *lb, const char *ub, const char *st) {
    Value *iv = LL->b->args[0];
    if (LL->bound) {
        /* offs < B: iteration t is full when t + L - 1 < B (<= B) and
         * t + L - 1 does not pass INT32_MAX */
        const char *zi[MAXR] = { "0" };
        line(e, "i64 ttx_tf = %s;", lb);
        line(e, "{");
        e->ind++;
        line(e, "i64 ttx_lim = (i64)(i32)(%s) - %" PRId64 ";", cg_ex(e, LL->bound, zi), LL->le ? LL->L - 1 : LL->L);
        line(e, "if (ttx_lim > 2147483647LL - %" PRId64 ") ttx_lim = 2147483647LL - %" PRId64 ";", LL->L - 1, LL->L - 1);
        line(e, "i64 ttx_ni = %s > %s ? (%s - %s + %s - 1) / %s : 0, ttx_nf = ttx_lim >= %s ? (ttx_lim - %s) / %s + 1 : 0;", ub, lb, ub, lb, st, st,
             lb, lb, st);
        line(e, "ttx_tf = %s + (ttx_nf < ttx_ni ? ttx_nf : ttx_ni) * %s;", lb, st);
        close1(e);
        return;
    }
    const char *zi[MAXR] = { "0" };
    line(e, "i64 ttx_tf = %s;", lb);
    line(e, "for (; ttx_tf < %s; ttx_tf += %s) {", ub, st);
    e->ind++;
    if (value_has_uses(iv)) line(e, "%s", iv_decl(e, iv, "ttx_tf"));
    rv_prefix_cmp(e, LL->mask, 1, LL->L, zi, true);
    line(e, "if (!ttx_ok || ttx_hi != %" PRId64 ") break;", LL->L);
    close1(e);
    (void)f;
}

/* the start (as const char *) of the row of each load and store of the
 * body at the current iteration, into *p (loads' and stores' counts) */
static int rows_of(Cg *e, Block *b, const char **p, bool *isst, int max) {
    int n = 0;
    const char *zi[MAXR] = { "0" };
    for (Op *o = b->first; o && n < max; o = o->next) {
        Aff *pa;
        if (op_is(o, OP_tt_store) && rv_store_ok(e, o, &pa)) isst[n] = true;
        else if (op_is(o, OP_tt_load) && rv_load_ok(e, o, &pa)) isst[n] = false;
        else continue;
        p[n++] = fmt(e, "(const char *)(%s)", cg_aff_render(e, pa, type_elem(op_operand(o, op_is(o, OP_tt_store) ? 1 : 0)->type), zi));
    }
    return n;
}

static bool lane_loop(Cg *e, Op *f, bool *late) {
    LaneLoop LL;
    if (!lane_ok(e, f, &LL)) return false;
    int n = LL.n;
    if (late) {
        for (int i = 0; i < n; i++) late[i] = true;
        return true;
    }
    Block *b = LL.b;
    Value *iv = b->args[0];
    const char *lb = cg_ex(e, op_operand(f, 0), NULL), *ub = cg_ex(e, op_operand(f, 1), NULL), *st = cg_ex(e, op_operand(f, 2), NULL);
    const char *vt = rv_vt(e, LL.lm), *sfx = rv_sfx(e, LL.lm);
    const char *tf = ub;
    if (n == 0) {
        /* stores alone, when at run time no store overlaps another access
         * of any iteration but at the same address (a store strip must not
         * write what a later strip reads): the leading full blocks as one
         * range of (tf - lb) / L * L lanes from iv = lb (the rows' lane j
         * is iv + j), by strips, the other iterations block by block; else
         * the loop as the C target writes it */
        line(e, "/* the full blocks as one row of strips, the rest block by block, when no");
        line(e, " * store overlaps another access of any iteration but at the same address */");
        const char *p[16];
        bool isst[16];
        int np = rows_of(e, b, p, isst, 16);
        const char *fl = fmt(e, "ttx_fl_%s", cg_vi(e, iv)->name);
        line(e, "int %s = 1;", fl);
        line(e, "{");
        e->ind++;
        if (value_has_uses(iv)) line(e, "%s", iv_decl(e, iv, lb));
        line(e, "const i64 ttx_na = %s > %s ? ((i64)%s - (i64)%s + %s - 1) / %s * %" PRId64 " : 0;", ub, lb, ub, lb, st, st, LL.L);
        for (int i = 0; i < np; i++)
            for (int j = 0; j < np; j++)
                if (isst[i] && (j > i || !isst[j]))
                    line(e, "%s &= %s == %s || %s + ttx_na * 4 <= %s || %s + ttx_na * 4 <= %s;", fl, p[i], p[j], p[i], p[j], p[j], p[i]);
        close1(e);
        line(e, "if (%s) {", fl);
        e->ind++;
        if (LL.mask) full_iters(e, f, &LL, lb, ub, st);
        else line(e, "i64 ttx_tf = %s > %s ? %s + (%s - %s + %s - 1) / %s * %s : %s;", ub, lb, lb, ub, lb, st, st, st, lb);
        line(e, "i64 ttx_from = %s;", lb);
        line(e, "if (ttx_tf > %s) {", lb);
        e->ind++;
        if (value_has_uses(iv)) line(e, "%s", iv_decl(e, iv, lb));
        line(e, "const i64 ttx_nl = (ttx_tf - %s) / %s * %" PRId64 ";", lb, st, LL.L);
        if (!lane_strips(e, &LL, LL.t0, LL.mask != NULL, "ttx_nl")) return false;
        line(e, "ttx_from = ttx_tf;");
        close1(e);
        if (!lane_iters(e, f, &LL, "ttx_from", ub, false)) return false;
        e->ind--;
        line(e, "} else {");
        return !e->failed;
    }
    line(e, "/* the lanes are independent: strip by strip, the iter args in registers across the iterations */");
    line(e, "if (1) {");
    e->ind++;
    if (LL.prefix) {
        full_iters(e, f, &LL, lb, ub, st);
        tf = "ttx_tf";
    }
    strip_open(e, LL.lm, fmt(e, "%" PRId64, LL.L));
    for (int i = 0; i < n; i++) {
        RvStrip g;
        rv_strip_init(&g, e, true, LL.lm, LL.t0, NULL);
        line(e, "%s ttx_a%d = %s;", vt, i, rv_vf(&g, op_operand(f, 3 + i)));
    }
    if (LL.prefix && !lane_iters(e, f, &LL, lb, tf, true)) return false;
    if (!lane_iters(e, f, &LL, LL.prefix ? tf : lb, ub, false)) return false;
    for (int i = 0; i < n; i++) line(e, "__riscv_vse32_v_%s(&%s[0] + ttx_k, ttx_a%d, ttx_vl);", sfx, cg_vi(e, b->args[i + 1])->name, i);
    close1(e);
    e->ind--;
    line(e, "} else {");
    return !e->failed;
}

bool rvv_loops(Cg *e, Op *f, bool *late) {
    if (lane_loop(e, f, late)) return true;
    if (e->failed) return false;
    return rvv_loop(e, f, late);
}
