/* targets/cgen/kfunc.c - KTIR functions as C (see kt.h): the function and
 * its launcher, blocks, constants, scalar and elementwise arith/math, scf. */
#include "kt.h"

int64_t kt_numel(const Type *t) { return is_tensor(t) ? type_numel(t) : 1; }

bool cgen_has_ktdp(Op *op) {
    if (!strncmp(op->info->name, "ktdp.", 5)) return true;
    for (int r = 0; r < op->nregions; r++)
        for (Block *b = op->regions[r].first; b; b = b->next)
            for (Op *o = b->first; o; o = o->next)
                if (cgen_has_ktdp(o)) return true;
    return false;
}
bool kt_is_ktdp_func(Op *func) { return op_is(func, OP_func_func) && cgen_has_ktdp(func); }

static const char *newname(Cg *e) { return fmt(e, "v%d", e->nextv++); }

const char *kt_el(Cg *e, Value *v, const char *k) {
    VI *x = cg_vi(e, v);
    if (x->kind == K_ARRAY) return fmt(e, "%s[%s]", x->name, k);
    if (x->kind == K_FUSE && op_is(x->kt, OP_linalg_broadcast)) {
        /* a 2-D broadcast of a row (dim 0 added) or a column (dim 1) */
        int64_t dd[1], L = v->type->sh.dims[1];
        op_attr_ints(x->kt, "dimensions", dd, 1);
        return kt_el(e, op_operand(x->kt, 0), fmt(e, dd[0] == 0 ? "(%s) %% %" PRId64 : "(%s) / %" PRId64, k, L));
    }
    if (x->kind == K_FUSE) {
        Op *op = x->kt;
        const char *a[4];
        for (int i = 0; i < op->nopnds && i < 4; i++) a[i] = kt_el(e, op_operand(op, i), k);
        return cg_op_expr(e, op, a);
    }
    return x->name ? x->name : "0";
}

bool kt_decl(Cg *e, Value *v) {
    VI *x = cg_vi(e, v);
    if (!x->name) x->name = newname(e);
    const char *dl = cg_decl(e, x->name, v->type);
    if (!dl) {
        Op *at = v->def ? v->def : (value_argblock(v) && value_argblock(v)->region ? value_argblock(v)->region->op : NULL);
        return at ? cg_unsupported(e, at, "a value of this type") : false;
    }
    x->kind = is_tensor(v->type) ? K_ARRAY : K_SCALAR;
    line(e, "%s;", dl);
    line(e, "(void)%s;", x->name);
    return true;
}

void kt_copy(Cg *e, Value *dst, Value *src) {
    VI *d = cg_vi(e, dst), *s = cg_vi(e, src);
    if (d->name && s->name && !strcmp(d->name, s->name)) return;
    if (!is_tensor(dst->type)) { line(e, "%s = %s;", d->name, kt_el(e, src, "0")); return; }
    int64_t n = kt_numel(dst->type);
    if (s->kind == K_ARRAY && kt_rt(e) && type_elem(dst->type) == type_elem(src->type))
        line(e, "memcpy(%s, %s, sizeof %s[0] * %" PRId64 ");", d->name, s->name, d->name, n);
    else if (s->kind == K_ARRAY) line(e, "for (i64 k = 0; k < %" PRId64 "; k++) %s[k] = %s[k];", n, d->name, s->name);
    else line(e, "for (i64 k = 0; k < %" PRId64 "; k++) %s[k] = %s;", n, d->name, kt_el(e, src, "0"));
}

const char *kt_zero(Cg *e, const char *x, int64_t n) {
    if (kt_rt(e)) return fmt(e, "memset(%s, 0, sizeof %s[0] * %" PRId64 ");", x, x, n);
    return fmt(e, "for (i64 k = 0; k < %" PRId64 "; k++) %s[k] = 0;", n, x);
}

void kt_bind_args(Cg *e, Block *b, const char *const *exprs) {
    for (int i = 0; i < b->nargs; i++) {
        VI *x = cg_vi(e, b->args[i]);
        x->kind = K_VIRT;
        x->name = exprs[i];
    }
}

const char *kt_ae(Cg *e, const AExpr *x, const char *const *d, const char *const *s) {
    switch (x->kind) {
    case AE_CONST: return x->v < 0 ? fmt(e, "(%" PRId64 "LL)", x->v) : fmt(e, "%" PRId64 "LL", x->v);
    case AE_DIM: return fmt(e, "(i64)(%s)", d[x->v]);
    case AE_SYM: return fmt(e, "(i64)(%s)", s ? s[x->v] : "0");
    default: break;
    }
    const char *l = kt_ae(e, x->l, d, s), *r = kt_ae(e, x->r, d, s);
    switch (x->kind) {
    case AE_ADD: return fmt(e, "(%s + %s)", l, r);
    case AE_MUL: return fmt(e, "(%s * %s)", l, r);
    case AE_MOD: return fmt(e, "((%s %% %s + %s) %% %s)", l, r, r, r);
    case AE_FLOORDIV: return fmt(e, "ttx_floordivs(%s, %s)", l, r);
    default: return fmt(e, "ttx_ceildivs(%s, %s)", l, r);
    }
}

/* ---- arith and math ------------------------------------------------------ */


static bool emit_arith(Cg *e, Op *op) {
    Value *v = op_result(op, 0);
    VI *x = cg_vi(e, v);
    int n = op->nopnds;
    if (n > 4) return cg_unsupported(e, op, NULL);
    if (!is_tensor(v->type)) {
        const char *a[4];
        for (int i = 0; i < n; i++) a[i] = kt_el(e, op_operand(op, i), "0");
        const char *ex = cg_op_expr(e, op, a);
        if (!ex) return cg_unsupported(e, op, NULL);
        const char *T = cg_rtype(e, v->type);
        x->name = newname(e);
        x->kind = K_SCALAR;
        if (cg_needs_check(op->info->id) && n == 2 && type_elem(v->type)->kind != T_FLOAT)
            line(e, "if (%s == 0) TTX_DIV0(%d, 0);", a[1], cg_site(e, op));
        line(e, "%s %s = %s;", T, x->name, ex);
        line(e, "(void)%s;", x->name);
        return true;
    }
    /* every operand one value: so is the result */
    bool allv = true;
    for (int i = 0; i < n; i++) { int kd = cg_vi(e, op_operand(op, i))->kind; allv &= kd != K_ARRAY && kd != K_FUSE && kd != K_SUB; }
    if (allv && !cg_needs_check(op->info->id)) {
        const char *a[4];
        for (int i = 0; i < n; i++) a[i] = kt_el(e, op_operand(op, i), "0");
        const char *ex = cg_op_expr(e, op, a);
        if (!ex) return cg_unsupported(e, op, NULL);
        x->name = newname(e);
        x->kind = K_VIRT;
        line(e, "%s %s = %s;", cg_rtype(e, type_elem(v->type)), x->name, ex);
        line(e, "(void)%s;", x->name);
        return true;
    }
    int64_t N = kt_numel(v->type);
    Value *a0 = op_operand(op, 0);
    int id = op->info->id;
    /* a mask (i1) used once, by an elementwise op of its block: computed in that op's loop */
    Op *u = v->uses && !v->uses->next ? v->uses->owner : NULL;
    if (u && u->block == op->block && u->nres == 1 && is_tensor(u->res[0].type) && !cg_needs_check(u->info->id) &&
        (!strncmp(u->info->name, "arith.", 6) || !strncmp(u->info->name, "math.", 5)) && type_elem(v->type)->kind == T_INT &&
        type_elem(v->type)->i.width == 1 && !cg_needs_check(id) && cg_op_expr(e, op, (const char *const[4]){ "a", "b", "c", "d" })) {
        x->kind = K_FUSE;
        x->kt = op;
        return true;
    }
    /* f16 -> f32: the floats already hold the values */
    if ((id == OP_arith_extf || (id == OP_arith_truncf && fname_is(type_elem(a0->type), "f32") && fname_is(type_elem(v->type), "f32"))) &&
        !strcmp(cg_rtype(e, type_elem(v->type)), cg_rtype(e, type_elem(a0->type)))) {
        x->kind = cg_vi(e, a0)->kind;
        x->name = cg_vi(e, a0)->name;
        return true;
    }
    /* truncf to f16 for a store only: the store rounds (the same bits) */
    if (id == OP_arith_truncf && u && op_is(u, OP_ktdp_store) && op_operand(u, 0) == v && fname_is(type_elem(v->type), "f16") &&
        fname_is(type_elem(a0->type), "f32") && cg_vi(e, a0)->kind == K_ARRAY) {
        x->kind = K_ARRAY;
        x->name = cg_vi(e, a0)->name;
        return true;
    }
    int code0 = cg_rt_f32_code(op);
    /* x - s for an exp: left to it */
    if (kt_rt(e) && code0 == 1 && u && op_is(u, OP_math_exp) && cg_rt_f32_code(u) == 16 && cg_vi(e, a0)->kind == K_ARRAY &&
        cg_vi(e, op_operand(op, 1))->kind != K_ARRAY && cg_vi(e, op_operand(op, 1))->kind != K_FUSE) {
        x->kind = K_SUB;
        x->kt = op;
        return true;
    }
    const char *yd = cg_yield_dest(e, op, v);
    /* select(mask, row, one value) where the mask keeps an interval of the
     * row (KTIR's masked rows: an iota compared with a bound): the kept
     * lanes as one copy, or none when the row is a load used only here
     * (then filled in place), and the others set; element by element when
     * the interval is not exact (cg_mask_interval, shared with c/rows.c) */
    bool msel = false, inplace = false, bycol = true;
    Value *m1 = a0;            /* the 1-D mask */
    int64_t rows = 1, L = N;   /* the select's rows and their length */
    if (kt_rt(e) && id == OP_arith_select && (v->type->sh.rank == 1 || v->type->sh.rank == 2) && N >= 8) {
        Value *xv = op_operand(op, 1), *yv = op_operand(op, 2);
        VI *xx = cg_vi(e, xv), *xm = cg_vi(e, a0);
        int yk = cg_vi(e, yv)->kind;
        msel = xx->kind == K_ARRAY && yk != K_ARRAY && yk != K_FUSE && yk != K_SUB && cg_same_shape(xv->type, v->type);
        if (v->type->sh.rank == 2) {
            /* a row or column mask broadcast (linalg.c leaves it to this select) */
            int64_t dd[1];
            msel &= xm->kind == K_FUSE && op_is(xm->kt, OP_linalg_broadcast) && op_attr_ints(xm->kt, "dimensions", dd, 1) == 1;
            if (msel) {
                m1 = op_operand(xm->kt, 0);
                rows = v->type->sh.dims[0];
                L = v->type->sh.dims[1];
                bycol = dd[0] == 0;
            }
        }
        /* through reshapes that keep a 1-D mask's order (to 1xL and back) */
        while (m1->def && (op_is(m1->def, OP_tensor_expand_shape) || op_is(m1->def, OP_tensor_collapse_shape)) &&
               is_tensor(op_operand(m1->def, 0)->type) && kt_numel(op_operand(m1->def, 0)->type) == kt_numel(m1->type))
            m1 = op_operand(m1->def, 0);
        msel = msel && is_tensor(m1->type) && m1->type->sh.rank == 1 && cg_mask_interval(e, m1, 1, NULL, bycol ? L : rows, false);
        inplace = msel && !yd && xv->def && op_is(xv->def, OP_ktdp_load) && xv->def->block == op->block && xv->uses && !xv->uses->next;
    }
    if (inplace) {
        x->kind = K_ARRAY;
        x->name = cg_vi(e, op_operand(op, 1))->name;
    } else if (yd) {
        x->kind = K_ARRAY;
        x->name = yd;
    } else if (!kt_decl(e, v)) return false;
    if (msel) {
        const char *zero[1] = { "0" };
        const char *xn = cg_vi(e, op_operand(op, 1))->name, *y = kt_el(e, op_operand(op, 2), "0");
        line(e, "{");
        e->ind++;
        cg_mask_interval(e, m1, 1, zero, bycol ? L : rows, true);
        line(e, "if (ttx_ok) {");
        if (!inplace && rows == 1)
            line(e, "    if (ttx_hi > ttx_lo) ttx_rt_copy(%s + ttx_lo, %s + ttx_lo, (ttx_hi - ttx_lo) * (i64)sizeof %s[0]);", x->name, xn, x->name);
        else if (!inplace) line(e, "    memcpy(%s, %s, sizeof %s[0] * %" PRId64 ");", x->name, xn, x->name, N);
        if (bycol) {
            line(e, "    for (i64 i = 0; i < %" PRId64 "; i++) {", rows);
            line(e, "        for (i64 j = 0; j < ttx_lo; j++) %s[i * %" PRId64 " + j] = %s;", x->name, L, y);
            line(e, "        for (i64 j = ttx_hi; j < %" PRId64 "; j++) %s[i * %" PRId64 " + j] = %s;", L, x->name, L, y);
            line(e, "    }");
        } else {
            line(e, "    for (i64 i = 0; i < %" PRId64 "; i++)", rows);
            line(e, "        if (i < ttx_lo || i >= ttx_hi) for (i64 j = 0; j < %" PRId64 "; j++) %s[i * %" PRId64 " + j] = %s;", L, x->name, L, y);
        }
        line(e, "} else {");
        e->ind++;
    }
    if (code0 == 16 && kt_rt(e) && (cg_vi(e, a0)->kind == K_SUB || cg_vi(e, a0)->kind == K_ARRAY)) {
        /* with a one-value add reduce of the result among its users: the sum too */
        Op *red = NULL;
        for (Use *us = v->uses; us && !red; us = us->next)
            if (op_is(us->owner, OP_linalg_reduce) && op_operand(us->owner, 0) == v && kt_simple_red(us->owner) == 0 &&
                kt_numel(us->owner->res[0].type) == 1)
                red = us->owner;
        VI *xa = cg_vi(e, a0);
        const char *src = xa->kind == K_SUB ? cg_vi(e, op_operand(xa->kt, 0))->name : xa->name;
        const char *sub = xa->kind == K_SUB ? kt_el(e, op_operand(xa->kt, 1), "0") : "0.0f";
        if (red) {
            x->ds = fmt(e, "s%s", x->name);
            line(e, "float %s = ttx_rt_f32_exp_sum(%s, %s, %s, %" PRId64 ");", x->ds, x->name, src, sub, N);
        } else if (xa->kind == K_SUB) line(e, "ttx_rt_f32_exp_sub(%s, %s, %s, %" PRId64 ");", x->name, src, sub, N);
        else line(e, "ttx_rt_f32_un(0, %s, %s, %" PRId64 ");", x->name, src, N);
        return true;
    }
    if (kt_rt(e) && id == OP_arith_truncf && fname_is(type_elem(v->type), "f16") && fname_is(type_elem(a0->type), "f32") &&
        cg_vi(e, a0)->kind == K_ARRAY) {
        line(e, "ttx_rt_f16r(%s, %s, %" PRId64 ");", x->name, cg_vi(e, a0)->name, N);
        return true;
    }
    int code = cg_rt_f32_code(op);
    if (kt_rt(e) && code >= 0) {
        Value *a1 = n > 1 ? op_operand(op, 1) : NULL;
        VI *xa = cg_vi(e, a0), *xb = a1 ? cg_vi(e, a1) : NULL;
        if (code == 16 && xa->kind == K_ARRAY) {
            line(e, "ttx_rt_f32_un(0, %s, %s, %" PRId64 ");", x->name, xa->name, N);
            return true;
        }
        bool comm = code == 0 || code == 2 || code == 4 || code == 5;
        if (code < 16 && xa->kind != K_ARRAY && comm) { VI *t = xa; xa = xb; xb = t; }
        if (code < 16 && xa->kind == K_ARRAY) {
            if (xb->kind == K_ARRAY) line(e, "ttx_rt_f32_bin(%d, %s, %s, 1, %s, 1, %" PRId64 ");", code, x->name, xa->name, xb->name, N);
            else line(e, "{ float s = %s; ttx_rt_f32_bin(%d, %s, %s, 1, &s, 0, %" PRId64 "); }", xb->name, code, x->name, xa->name, N);
            return true;
        }
    }
    const char *a[4];
    for (int i = 0; i < n; i++) a[i] = kt_el(e, op_operand(op, i), "k");
    const char *ex = cg_op_expr(e, op, a);
    if (!ex) return cg_unsupported(e, op, NULL);
    line(e, "for (i64 k = 0; k < %" PRId64 "; k++) {", N);
    if (cg_needs_check(op->info->id) && n == 2 && type_elem(v->type)->kind != T_FLOAT)
        line(e, "    if (%s == 0) TTX_DIV0(%d, k);", a[1], cg_site(e, op));
    line(e, "    %s[k] = %s;", x->name, ex);
    line(e, "}");
    if (msel) {
        e->ind--;
        line(e, "}");
        e->ind--;
        line(e, "}");
    }
    return true;
}

static bool emit_constant(Cg *e, Op *op) {
    Value *v = op_result(op, 0);
    VI *x = cg_vi(e, v);
    Attr *c = op_attr(op, "value");
    Type *el = type_elem(v->type);
    if (!c) return cg_unsupported(e, op, "its value");
    if (!is_tensor(v->type) || (c->kind == A_DENSE && c->dense.n == 1)) {
        Attr *a = c->kind == A_DENSE ? c->dense.elts[0] : c;
        const char *l = cg_lit_attr(e, a, el);
        if (!l) return cg_unsupported(e, op, "its value");
        x->kind = is_tensor(v->type) ? K_VIRT : K_SCALAR;
        x->name = l;
        return true;
    }
    if (c->kind != A_DENSE || c->dense.n != kt_numel(v->type)) return cg_unsupported(e, op, "its value");
    x->name = newname(e);
    x->kind = K_ARRAY;
    const char *dl = cg_decl(e, x->name, v->type);
    if (!dl) return cg_unsupported(e, op, "its type");
    fprintf(e->f, "%*sstatic const %s = {", e->ind * 4, "", dl);
    for (int i = 0; i < c->dense.n; i++) {
        const char *l = cg_lit_attr(e, c->dense.elts[i], el);
        if (!l) return cg_unsupported(e, op, "its value");
        fprintf(e->f, "%s%s", i ? ", " : "", l);
    }
    fputs("};\n", e->f);
    return true;
}

/* ---- scf -------------------------------------------------------------------- */

/* the yield's operands into dst[] (through temporaries when there are several) */
static void yield_into(Cg *e, Value *const *dst, Op *y, int n) {
    if (n <= 1) {
        for (int i = 0; i < n; i++) kt_copy(e, dst[i], op_operand(y, i));
        return;
    }
    line(e, "{");
    e->ind++;
    const char **tmp = calloc((size_t)n, sizeof *tmp);
    if (!tmp) abort();
    for (int i = 0; i < n; i++) {
        Value *s = op_operand(y, i);
        tmp[i] = fmt(e, "y%d", e->ntmp++);
        const char *dl = cg_decl(e, tmp[i], dst[i]->type);
        line(e, "%s;", dl);
        if (is_tensor(dst[i]->type)) line(e, "for (i64 k = 0; k < %" PRId64 "; k++) %s[k] = %s;", kt_numel(dst[i]->type), tmp[i], kt_el(e, s, "k"));
        else line(e, "%s = %s;", tmp[i], kt_el(e, s, "0"));
    }
    for (int i = 0; i < n; i++) {
        const char *d = cg_vi(e, dst[i])->name;
        if (is_tensor(dst[i]->type)) line(e, "for (i64 k = 0; k < %" PRId64 "; k++) %s[k] = %s[k];", kt_numel(dst[i]->type), d, tmp[i]);
        else line(e, "%s = %s;", d, tmp[i]);
    }
    free(tmp);
    e->ind--;
    line(e, "}");
}

static bool emit_op(Cg *e, Op *op);

/* an op that could run before a loop it is in: pure, no region, no check
 * that could fail */
static bool hoistable(Op *op) {
    const char *nm = op->info->name;
    int id = op->info->id;
    /* (linalg's named ops may carry their implicit body) */
    bool named = id == OP_linalg_fill || id == OP_linalg_broadcast || id == OP_linalg_transpose;
    if ((op->nregions && !named) || op->nres != 1 || op->verbatim || cg_needs_check(op->info->id)) return false;
    return !strncmp(nm, "arith.", 6) || !strncmp(nm, "math.", 5) || id == OP_tensor_empty || id == OP_tensor_expand_shape ||
           id == OP_tensor_collapse_shape || id == OP_tensor_reshape || id == OP_tensor_from_elements || id == OP_tensor_splat ||
           id == OP_linalg_fill || id == OP_linalg_broadcast || id == OP_linalg_transpose;
}
static bool inside(Value *v, Block *body) {
    for (Block *q = v->def ? v->def->block : value_argblock(v); q; q = q->region && q->region->op ? q->region->op->block : NULL)
        if (q == body) return true;
    return false;
}

static bool emit_for(Cg *e, Op *op) {
    Block *b = op->regions[0].first;
    int ni = op->nopnds - 3;
    if (!b || b->nargs != ni + 1 || op->nres != ni) return cg_unsupported(e, op, "malformed");
    if (op_attr(op, "unsignedCmp")) return cg_unsupported(e, op, "unsigned loop bounds");
    /* the loop-invariant ops first (the masks of a row kernel, say): those
     * whose operands are defined outside the body or by such ops; marked
     * done by their result's VI.decided */
    PtrVec inv = { 0 };
    for (bool more = true; more;) {
        more = false;
        for (Op *o = b->first; o; o = o->next) {
            if (!hoistable(o) || cg_vi(e, op_result(o, 0))->decided) continue;
            bool ok = true;
            for (int i = 0; ok && i < o->nopnds; i++) {
                Value *v = op_operand(o, i);
                ok = !inside(v, b) || (v->def && v->def->nres == 1 && cg_vi(e, v)->decided);
            }
            if (!ok) continue;
            cg_vi(e, op_result(o, 0))->decided = true;
            pv_push(&inv, o);
            more = true;
        }
    }
    for (int i = 0; i < inv.n; i++)
        if (!emit_op(e, inv.v[i])) { pv_free(&inv); return false; }
    pv_free(&inv);
    for (int i = 0; i < ni; i++) {
        Value *r = op_result(op, i);
        if (!kt_decl(e, r)) return false;
        kt_copy(e, r, op_operand(op, 3 + i));
        VI *a = cg_vi(e, b->args[i + 1]);
        a->kind = cg_vi(e, r)->kind;
        a->name = cg_vi(e, r)->name;
    }
    const char *lb = kt_el(e, op_operand(op, 0), "0"), *ub = kt_el(e, op_operand(op, 1), "0"), *st = kt_el(e, op_operand(op, 2), "0");
    const char *cnt = fmt(e, "t%d", e->ntmp++);
    Attr *sc = value_const(op_operand(op, 2));
    if (!(sc && sc->kind == A_INT && sc->i > 0)) {
        line(e, "if (%s <= 0) TTX_FAIL(%d);", st, cg_site(e, op));
        line(e, "else");
    }
    line(e, "for (i64 %s = %s; %s < %s; %s += %s) {", cnt, lb, cnt, ub, cnt, st);
    e->ind++;
    Value *iv = b->args[0];
    VI *xi = cg_vi(e, iv);
    xi->kind = K_SCALAR;
    xi->name = newname(e);
    const char *T = cg_rtype(e, iv->type);
    if (!T) return cg_unsupported(e, op, "its induction variable type");
    line(e, "%s %s = (%s)%s;", T, xi->name, T, cnt);
    line(e, "(void)%s;", xi->name);
    Op *t = NULL;
    if (!kt_block(e, b, &t)) return false;
    if (!t || t->nopnds != ni) return cg_unsupported(e, op, "its yield");
    Value **dst = calloc((size_t)ni + 1, sizeof *dst);
    if (!dst) abort();
    for (int i = 0; i < ni; i++) dst[i] = op_result(op, i);
    yield_into(e, dst, t, ni);
    free(dst);
    e->ind--;
    line(e, "}");
    return !e->failed;
}

static bool emit_if(Cg *e, Op *op) {
    for (int i = 0; i < op->nres; i++)
        if (!kt_decl(e, op_result(op, i))) return false;
    Value **dst = calloc((size_t)op->nres + 1, sizeof *dst);
    if (!dst) abort();
    for (int i = 0; i < op->nres; i++) dst[i] = op_result(op, i);
    bool ok = true;
    for (int r = 0; r < op->nregions && r < 2 && ok; r++) {
        Block *b = op->regions[r].first;
        if (!b) continue;
        if (r == 0) line(e, "if (%s) {", kt_el(e, op_operand(op, 0), "0"));
        else line(e, "} else {");
        e->ind++;
        Op *t = NULL;
        ok = kt_block(e, b, &t);
        if (ok && (!t || t->nopnds != op->nres)) ok = cg_unsupported(e, op, "its yield");
        if (ok) yield_into(e, dst, t, op->nres);
        e->ind--;
    }
    line(e, "}");
    free(dst);
    return ok && !e->failed;
}

/* ---- blocks ------------------------------------------------------------------ */

static bool emit_op(Cg *e, Op *op) {
    int id = op->info->id;
    const char *nm = op->info->name;
    if (op->verbatim) return cg_unsupported(e, op, NULL);
    if (id == OP_arith_constant) return emit_constant(e, op);
    if (id == OP_scf_for) return emit_for(e, op);
    if (id == OP_scf_if) return emit_if(e, op);
    if (id == OP_func_return) {
        if (op->nopnds) return cg_unsupported(e, op, "a function that returns values");
        if (op->next || !op_is(op->block->region->op, OP_func_func)) line(e, "return;");
        return true;
    }
    if (!strncmp(nm, "ktdp.", 5)) return kt_emit_ktdp(e, op);
    if (!strncmp(nm, "linalg.", 7)) return kt_emit_linalg(e, op);
    if (!strncmp(nm, "tensor.", 7)) return kt_emit_tensor(e, op);
    if (op->nres == 1 && (!strncmp(nm, "arith.", 6) || !strncmp(nm, "math.", 5))) {
        if (op_results_unused(op) && !cg_needs_check(id)) return true;
        return emit_arith(e, op);
    }
    return cg_unsupported(e, op, NULL);
}

bool kt_block(Cg *e, Block *b, Op **term) {
    *term = NULL;
    for (Op *o = b->first; o; o = o->next) {
        if (!o->next && (o->info->traits & TR_TERMINATOR) && !op_is(o, OP_func_return)) { *term = o; break; }
        if (o->nres == 1 && cg_vi(e, op_result(o, 0))->decided) continue;   /* hoisted before its loop */
        if (!emit_op(e, o)) return false;
    }
    return !e->failed;
}

/* ---- the function --------------------------------------------------------------- */

static const char *ptype(Cg *e, Type *t) {
    if (t->kind == T_INT && t->i.width == 1) return "i32";
    if (is_f16ish(t)) return "float";
    return cg_rtype(e, t);
}

bool kt_emit_func(Cg *e, Op *func, FILE *out, bool launcher) {
    char nm[256];
    cgen_func_name(func, nm, sizeof nm);
    if (!func->nregions || !func->regions[0].first) return cg_unsupported(e, func, "a declaration without a body");
    Block *entry = func->regions[0].first;
    if (entry->next) return cg_unsupported(e, func, "several blocks");
    for (int i = 0; i < entry->nargs; i++) {
        Type *at = entry->args[i]->type;
        if (!at || !ptype(e, at) || at->kind == T_PTR) return cg_unsupported(e, func, "an argument of this type");
        VI *x = cg_vi(e, entry->args[i]);
        x->kind = K_SCALAR;
        x->name = fmt(e, "arg%d", i);
    }
    char *body = NULL;
    size_t blen = 0;
    FILE *saved = e->f;
    e->f = open_memstream(&body, &blen);
    if (!e->f) abort();
    char *pro = NULL;
    size_t plen = 0;
    e->kt_pro = open_memstream(&pro, &plen);
    if (!e->kt_pro) abort();
    e->ind = 1;
    Op *t = NULL;
    bool ok = kt_block(e, entry, &t);
    fclose(e->f);
    fclose(e->kt_pro);
    e->kt_pro = NULL;
    e->f = saved;
    if (!ok || e->failed) { free(body); free(pro); return false; }
    if (strstr(body, "ttx_rt_f2h") || strstr(body, "ttx_rt_f16r"))
        fputs("/* f16 conversions of the JIT */\n"
              "void ttx_rt_f2h(u16 *d, const float *s, i64 n);\n"
              "void ttx_rt_f16r(float *d, const float *s, i64 n);\n\n", out);
    if (strstr(body, "ttx_kt_"))
        fputs("/* the partials of the inter-tile ops (the JIT's runtime) */\n"
              "void ttx_kt_put(int site, i64 seq, i64 tile, int idx, const void *data, i64 bytes);\n"
              "const void *ttx_kt_get(int site, i64 seq, i64 tile, int idx);\n\n", out);
    if (strstr(body, "ttx_mem") || launcher)
        fputs("#ifndef TTX_MEM\n#define TTX_MEM\n"
              "/* the device memory: element address a of S-byte elements is the byte\n"
              " * ttx_mem + a * S (0 when the buffers' own addresses are passed) */\n"
              "u64 ttx_mem;\n#endif\n\n", out);
    if (strstr(body, "ttx_lx"))
        fputs("#ifndef TTX_LX\n#define TTX_LX\n"
              "/* the LX scratchpad of each compute tile (ct_local views): element address\n"
              " * a of S-byte elements in tile N's is the byte ttx_lx[N] + a * S */\n"
              "u64 *ttx_lx;\n#endif\n\n", out);
    fprintf(out, "void %s(", nm);
    for (int i = 0; i < entry->nargs; i++) {
        const char *pt = ptype(e, entry->args[i]->type);
        fprintf(out, "%s%s arg%d", i ? ", " : "", pt, i);
    }
    fprintf(out, "%si32 gridX, i32 gridY, i32 gridZ, i32 pidX, i32 pidY, i32 pidZ)\n{\n", entry->nargs ? ",\n        " : "");
    fputs("    (void)gridX; (void)gridY; (void)gridZ; (void)pidX; (void)pidY; (void)pidZ;\n", out);
    for (int i = 0; i < entry->nargs; i++) fprintf(out, "    (void)arg%d;\n", i);
    fwrite(pro, 1, plen, out);
    free(pro);
    fwrite(body, 1, blen, out);
    fputs("}\n", out);
    free(body);
    if (!launcher) return true;
    fputs("\n/* runs compute tiles [first, end) of the grid, x fastest; a base-address\n"
          " * argument is the buffer's address (from ttx_mem), passed on in elements */\n"
          "void ttx_launch(void *const *args, i32 gx, i32 gy, i32 gz, i64 first, i64 end)\n{\n"
          "    for (i64 p = first; p < end; p++) {\n", out);
    if (e->s->drain) fprintf(out, "        if (TTX_STOP(p)) { %s return; }\n", e->s->drain);
    else fputs("        if (TTX_STOP(p)) return;\n", out);
    fprintf(out, "        %s(", nm);
    for (int i = 0; i < entry->nargs; i++) {
        Type *at = entry->args[i]->type;
        Type *bt = kt_base_type(func, i);
        if (bt) fprintf(out, "(i64)(((u64)args[%d] - ttx_mem) / %d)", i, cg_msize(bt));
        else if (is_f16ish(at)) fprintf(out, "ttx_%sr(*(const double *)args[%d])", fname_is(at, "f16") ? "f16" : "bf16", i);
        else if (at->kind == T_FLOAT) fprintf(out, "(%s)*(const double *)args[%d]", ptype(e, at), i);
        else fprintf(out, "(%s)*(const i64 *)args[%d]", ptype(e, at), i);
        fputs(", ", out);
    }
    fputs("gx, gy, gz, (i32)(p % gx), (i32)(p / gx % gy), (i32)(p / ((i64)gx * gy)));\n    }\n", out);
    if (e->s->drain) fprintf(out, "    %s\n", e->s->drain);
    fputs("}\n", out);
    return true;
}
