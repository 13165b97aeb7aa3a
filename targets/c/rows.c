/* targets/c/rows.c - the C target's vector strategy for the JIT
 * (CEmitOpts.rt): whole arrays and contiguous rows through the bulk routines
 * of jit_rt (ttx_rt_*), which the JIT binds; the hooks of CgenStrategy. */
#include "rows.h"

#include "../cgen/emit.h"

/* the ttx_rt_f32_bin code of an f32 elementwise op (16 + the ttx_rt_f32_un
 * code for a unary one), or -1 */
static int rt_code(Op *op) {
    if (op->nres != 1 || op->verbatim || !is_tensor(op->res[0].type)) return -1;
    return cg_rt_f32_code(op);
}

/* the ttx_rt_f32_red code (0 add, 4 max, 5 min) of a tt.reduce along the
 * last axis of an f32 array with that combiner, or -1 */
static int rt_reduce_code(Cg *e, Op *op);

/* the op that uses v, when there is exactly one use */
static Op *sole_user(Value *v) { return v->uses && !v->uses->next ? v->uses->owner : NULL; }

/* the whole array of a row op left to its user (VI.dcode), computed now */
static void rt_materialize(Cg *e, Value *v, const char *at) {
    VI *x = cg_vi(e, v);
    if (!x->dcode) return;
    int64_t n = type_numel(v->type);
    if (at) n = v->type->sh.dims[v->type->sh.rank - 1];
    const char *off = at ? fmt(e, " + %s", at) : "";
    line(e, "ttx_rt_f32_bin(%d, %s%s, %s%s, 1, %s%s, %d, %" PRId64 ");", x->dcode - 1, x->name, off, x->da, off, x->db,
         x->dsb ? off : "", x->dsb, n);
}

/* a broadcast (or expand_dims, or reshape) of a one-element tensor: every
 * element is its element 0 */
static bool one_value(Value *v) {
    Op *d = v->def;
    return d && !d->verbatim && (op_is(d, OP_tt_broadcast) || op_is(d, OP_tt_expand_dims) || op_is(d, OP_tt_reshape)) &&
           d->nopnds == 1 && is_tensor(op_operand(d, 0)->type) && type_numel(op_operand(d, 0)->type) == 1;
}

/* select(mask, row, one value) of a 1-D row whose mask keeps an interval of
 * it (Triton's `cols < N`): the kept lanes as one copy and the others set,
 * instead of a test per element (layer norm's `tl.where(cols < N, x - mean,
 * 0.0)`); element by element when the interval is not exact.  Each lane gets
 * the value the per-element code gives it. */
static bool rows_select(Cg *e, Op *op, Value *v) {
    if (op->verbatim || op->nopnds != 3 || !is_tensor(v->type) || v->type->sh.rank != 1 || v->type->sh.dims[0] < 8) return false;
    Value *m = op_operand(op, 0), *xv = op_operand(op, 1), *yv = op_operand(op, 2);
    VI *xx = cg_vi(e, xv);
    int64_t L = v->type->sh.dims[0];
    if (!is_tensor(m->type) || xx->kind != K_ARRAY || xx->dcode || !cg_same_shape(xv->type, v->type) ||
        type_elem(xv->type) != type_elem(v->type) || !(cg_is_uniform_value(yv) || one_value(yv)) ||
        !cg_mask_interval(e, m, 1, NULL, L, false))
        return false;
    const char *zi[MAXR];
    for (int d = 0; d < MAXR; d++) zi[d] = "0";
    const char *name = cg_vi(e, v)->name, *y = fmt(e, "ttx_s%d", e->ntmp++);
    const char *T = cg_rtype(e, type_elem(v->type));
    if (!T) return false;
    line(e, "{");
    e->ind++;
    line(e, "%s %s = %s;", T, y, cg_ex(e, yv, zi));
    cg_mask_interval(e, m, 1, zi, L, true);
    line(e, "if (ttx_ok) {");
    line(e, "    if (ttx_hi > ttx_lo) memcpy(%s + ttx_lo, %s + ttx_lo, sizeof %s[0] * (ttx_hi - ttx_lo));", name, xx->name, name);
    line(e, "    for (i64 j = 0; j < ttx_lo; j++) %s[j] = %s;", name, y);
    line(e, "    for (i64 j = ttx_hi; j < %" PRId64 "; j++) %s[j] = %s;", L, name, y);
    line(e, "} else {");
    e->ind++;
    const char *idx[MAXR];
    int n = cg_loops_open(e, v->type->sh.dims, 1, idx);
    const char *s = cg_elem_of(e, op, idx);
    if (!s) {
        cg_unsupported(e, op, NULL);
        return true;   /* e->failed: the op is reported */
    }
    line(e, "%s[%s] = %s;", name, idx[0], s);
    cg_loops_close(e, n);
    e->ind--;
    line(e, "}");
    e->ind--;
    line(e, "}");
    return true;
}

/* an f32 elementwise op over whole arrays (or one value) as one call;
 * false (nothing written) when its operands are not of that form */
bool c_rows_elementwise(Cg *e, Op *op, Value *v) {
    /* a tt.addptr of a pointer array and one offset: one call */
    if (op_is(op, OP_tt_addptr) && !op->verbatim && op->nopnds == 2 && type_elem(v->type)->kind == T_PTR &&
        cg_vi(e, op_operand(op, 0))->kind == K_ARRAY && cg_same_shape(op_operand(op, 0)->type, v->type) &&
        cg_is_uniform_value(op_operand(op, 1)) && cg_msize(type_elem(v->type)->ptr.pointee) > 0) {
        const char *zi[MAXR];
        for (int d = 0; d < MAXR; d++) zi[d] = "0";
        line(e, "ttx_rt_ptr_add((void **)%s, (void *const *)%s, (i64)(%s) * %d, %" PRId64 ");", cg_vi(e, v)->name,
             cg_vi(e, op_operand(op, 0))->name, cg_ex(e, op_operand(op, 1), zi), cg_msize(type_elem(v->type)->ptr.pointee), type_numel(v->type));
        return true;
    }
    /* f16 to f32 (a float array holds f16 values exactly): a copy; f32 to f16:
     * one rounding call */
    if ((op_is(op, OP_arith_extf) || op_is(op, OP_arith_truncf)) && !op->verbatim && op->nopnds == 1 && is_tensor(v->type) &&
        cg_vi(e, op_operand(op, 0))->kind == K_ARRAY && cg_same_shape(op_operand(op, 0)->type, v->type)) {
        Type *from = type_elem(op_operand(op, 0)->type), *to = type_elem(v->type);
        const char *src = cg_vi(e, op_operand(op, 0))->name, *dst = cg_vi(e, v)->name;
        if (op_is(op, OP_arith_extf) && fname_is(from, "f16") && fname_is(to, "f32")) {
            line(e, "memcpy(%s, %s, sizeof(float) * %" PRId64 ");", dst, src, type_numel(v->type));
            return true;
        }
        if (op_is(op, OP_arith_truncf) && fname_is(from, "f32") && fname_is(to, "f16")) {
            line(e, "ttx_rt_f16r(%s, %s, %" PRId64 ");", dst, src, type_numel(v->type));
            return true;
        }
    }
    if (op_is(op, OP_arith_select)) return rows_select(e, op, v);
    int code = rt_code(op);
    if (code < 0 || op->nopnds != (code >= 16 ? 1 : 2)) return false;
    const char *zi[MAXR];
    for (int d = 0; d < MAXR; d++) zi[d] = "0";
    const char *ptr[2];
    int stride[2];
    for (int i = 0; i < op->nopnds; i++) {
        Value *a = op_operand(op, i);
        VI *x = cg_vi(e, a);
        if (x->kind == K_ARRAY && cg_same_shape(a->type, v->type)) { ptr[i] = x->name; stride[i] = 1; }
        else if ((cg_is_uniform_value(a) || one_value(a)) && code < 16) { ptr[i] = NULL; stride[i] = 0; }
        else return false;
    }
    const char *sname = NULL;
    for (int i = 0; i < op->nopnds; i++)
        if (!ptr[i]) {
            sname = fmt(e, "ttx_s%d", e->ntmp++);
            line(e, "float %s = %s;", sname, cg_ex(e, op_operand(op, i), zi));
            ptr[i] = fmt(e, "&%s", sname);
        }
    int64_t n = type_numel(v->type);
    /* a row op on an array and one value used once in this block by an exp
     * (a subtraction), or on an array and an array or one value used once
     * in this block by a store: left to that user, which computes it in its
     * own pass over the row */
    Op *u = sole_user(v);
    bool to_exp = code == 1 && stride[1] == 0 && u && rt_code(u) == 16;
    bool to_store = u && op_is(u, OP_tt_store) && u->nopnds >= 2 && op_operand(u, 1) == v;
    if (code < 16 && stride[0] == 1 && u && u->block == op->block && (to_exp || to_store) &&
        !cg_vi(e, op_operand(op, 0))->carried && !cg_vi(e, op_operand(op, 1))->carried) {
        VI *x = cg_vi(e, v);
        x->dcode = code + 1;
        x->da = ptr[0];
        x->db = ptr[1];
        x->dsb = stride[1];
        x->ds = sname;
        line(e, "/* computed by its user */");
        return true;
    }
    VI *a0 = cg_vi(e, op_operand(op, 0));
    bool sub = a0->dcode == 2 && !a0->dsb;
    /* an exp whose result an add reduce along the last axis sums (in this
     * block): the sums row by row as the exp is computed */
    Op *sr = NULL;
    for (Use *u = code == 16 ? v->uses : NULL; u && !sr; u = u->next)
        if (rt_reduce_code(e, u->owner) == 0 && u->owner->block == op->block && value_has_uses(op_result(u->owner, 0)))
            sr = u->owner;
    if (sr) {
        Value *rv = op_result(sr, 0);
        if (!cg_declare(e, rv)) return false;
        cg_vi(e, rv)->by_producer = true;
        Type *vt = v->type;
        int r = vt->sh.rank;
        const char *idx[MAXR];
        int nl = cg_loops_open(e, vt->sh.dims, r - 1, idx);
        idx[r - 1] = "0";
        const char *row = cg_flat(e, vt->sh.dims, r, idx);
        const char *dst = is_tensor(rv->type) ? fmt(e, "%s[%s]", cg_vi(e, rv)->name, cg_flat(e, vt->sh.dims, r - 1, idx)) : cg_vi(e, rv)->name;
        line(e, "%s = ttx_rt_f32_exp_sum(&%s[%s], %s + %s, %s, %" PRId64 ");", dst, cg_vi(e, v)->name, row, sub ? a0->da : a0->name, row,
             sub ? a0->ds : "0.0f", vt->sh.dims[r - 1]);
        cg_loops_close(e, nl);
        return true;
    }
    if (code == 16 && sub) {
        line(e, "ttx_rt_f32_exp_sub(%s, %s, %s, %" PRId64 ");", cg_vi(e, v)->name, a0->da, a0->ds, n);
        return true;
    }
    if (code >= 16) line(e, "ttx_rt_f32_un(%d, %s, %s, %" PRId64 ");", code - 16, cg_vi(e, v)->name, ptr[0], n);
    else
        line(e, "ttx_rt_f32_bin(%d, %s, %s, %d, %s, %d, %" PRId64 ");", code, cg_vi(e, v)->name, ptr[0], stride[0], ptr[1], stride[1], n);
    return true;
}

/* an array into an array of its type, as one copy (both are declared from
 * the same type) (CgenStrategy.copy) */
bool c_rows_copy(Cg *e, const char *dst, Value *src, Type *t) {
    /* an array of zeros (an accumulator's start, tl.zeros): one memset, as
     * +0.0 and integer 0 are all bits zero */
    if (is_tensor(t) && cg_is_uniform_value(src) && type_elem(src->type) == type_elem(t)) {
        const char *zi[MAXR];
        for (int d = 0; d < MAXR; d++) zi[d] = "0";
        const char *z = cg_ex(e, src, zi);
        if (!strcmp(z, "0") || !strcmp(z, "0.0f") || !strcmp(z, "0.0")) {
            line(e, "memset(%s, 0, sizeof %s[0] * %" PRId64 ");", dst, dst, type_numel(t));
            return true;
        }
    }
    if (!is_tensor(t) || cg_vi(e, src)->kind != K_ARRAY || !cg_same_shape(src->type, t) || type_elem(src->type) != type_elem(t)) return false;
    line(e, "memcpy(%s, %s, sizeof %s[0] * %" PRId64 ");", dst, cg_vi(e, src)->name, dst, type_numel(t));
    return true;
}

/* a row load's lanes outside the kept interval [ttx_lo, ttx_hi): dflt */
static void rt_fill_row(Cg *e, const char *name, const char *row, int64_t L, const char *dflt) {
    line(e, "for (i64 j = 0; j < ttx_lo; j++) %s[%s + j] = %s;", name, row, dflt);
    line(e, "for (i64 j = ttx_hi; j < %" PRId64 "; j++) %s[%s + j] = %s;", L, name, row, dflt);
}

/* closes a row's one-call branch and opens the per-element one (which
 * first finishes a pending store) */
static void rt_else_row(Cg *e) {
    e->ind--;
    line(e, "} else {");
    e->ind++;
    line(e, "ttx_rt_drain();");
}

/* the per-element loop over the last axis, idx[r - 1] its index */
static void rt_row_loop(Cg *e, const char **idx, int r, int64_t L) {
    idx[r - 1] = LOOPV[r - 1];
    line(e, "for (i64 %s = 0; %s < %" PRId64 "; %s++) {", idx[r - 1], idx[r - 1], L, idx[r - 1]);
    e->ind++;
}

/* a load or store by rows (CgenStrategy.access_rows) */
bool c_rows_access(Cg *e, CgAccess *a) {
    Op *op = a->op;
    bool store = a->store, tts = a->tts, blk = a->blk, ten = a->ten;
    int nmd = a->nmd, sz = a->sz, r = a->r;
    int64_t L = a->L;
    Value *pv = a->pv, *mask = a->mask, *other = a->other, *val = a->val;
    Type *vt = a->vt, *el = a->el;
    const char *mt = a->mt, *name = a->name;
    const char **idx = a->idx;
    int n = 0;
    /* whole rows through ttx_rt_copy when the pointers are contiguous along
     * the last axis, the mask keeps an interval of it and other is one value;
     * the per-element loop below stays for the rows where that is not known */
    Aff *pa = ten && !tts && !blk && !nmd ? cg_aff_of(e, pv) : NULL;
    bool plain = !(el->kind == T_INT && el->i.width == 1) && !is_f16ish(el);
    bool rows = pa && pa->ptr && pa->rank == r && pa->co[r - 1].k && pa->co[r - 1].c == 1 && L >= 8 && plain &&
                (!other || cg_is_uniform_value(other)) && (!store || (cg_vi(e, val)->kind == K_ARRAY && cg_same_shape(val->type, vt))) &&
                cg_mask_interval(e, mask, r, NULL, L, false);
    /* a load through an array of pointers (JIT): a row whose kept interval
     * turns out to be consecutive pointers inside the bound buffers is one
     * copy (f32) or one conversion (f16); the others element by element */
    bool prow = !rows && !store && ten && !tts && !blk && !nmd && cg_vi(e, pv)->kind == K_ARRAY && L >= 8 &&
                (fname_is(el, "f32") || fname_is(el, "f16")) && (!other || cg_is_uniform_value(other)) &&
                cg_mask_interval(e, mask, r, NULL, L, false);
    const char *fr_after = NULL;   /* the reduce's line after the per-element rows */
    /* a max/min reduce of the loaded rows in this block: computed while
     * they are copied */
    Op *fr = NULL;
    int frc = -1;
    for (Use *u = rows && !store ? val->uses : NULL; u && !fr; u = u->next) {
        Op *w = u->owner;
        int c = rt_reduce_code(e, w);
        if ((c == 4 || c == 5) && w->block == op->block && value_has_uses(op_result(w, 0))) fr = w, frc = c;
    }
    if (fr) {
        if (!cg_declare(e, op_result(fr, 0))) return false;
        cg_vi(e, op_result(fr, 0))->by_producer = true;
    }
    if (prow) {
        n = cg_loops_open(e, vt->sh.dims, r - 1, idx);
        idx[r - 1] = "0";
        const char *row = cg_flat(e, vt->sh.dims, r, idx);
        cg_mask_interval(e, mask, r, idx, L, true);
        const char *dflt = other ? cg_ex(e, other, idx) : "0";
        line(e, "%s *const *ttx_pr = &%s[%s];", mt, cg_vi(e, pv)->name, row);
        line(e, "int ttx_c = ttx_ok;");
        line(e, "for (i64 j = ttx_lo + 1; ttx_c && j < ttx_hi; j++) ttx_c = (u64)ttx_pr[j] == (u64)ttx_pr[ttx_lo] + (u64)(j - ttx_lo) * %d;", sz);
        line(e, "if (ttx_c && (ttx_hi == ttx_lo || TTX_INR(ttx_pr[ttx_lo], (ttx_hi - ttx_lo) * %d))) {", sz);
        e->ind++;
        if (fname_is(el, "f16")) line(e, "if (ttx_hi > ttx_lo) ttx_rt_h2f(&%s[%s + ttx_lo], ttx_pr[ttx_lo], ttx_hi - ttx_lo);", name, row);
        else line(e, "if (ttx_hi > ttx_lo) ttx_rt_copy(&%s[%s + ttx_lo], ttx_pr[ttx_lo], (ttx_hi - ttx_lo) * %d);", name, row, sz);
        rt_fill_row(e, name, row, L, dflt);
        rt_else_row(e);
        rt_row_loop(e, idx, r, L);
        n += 2;
    }
    if (rows) {
        n = cg_loops_open(e, vt->sh.dims, r - 1, idx);
        idx[r - 1] = "0";
        const char *row = cg_flat(e, vt->sh.dims, r, idx);
        const char *fres = NULL;
        if (fr) {
            Value *rv = op_result(fr, 0);
            fres = is_tensor(rv->type) ? fmt(e, "%s[%s]", cg_vi(e, rv)->name, cg_flat(e, vt->sh.dims, r - 1, idx)) : cg_vi(e, rv)->name;
        }
        cg_mask_interval(e, mask, r, idx, L, true);
        if (fr) fr_after = fmt(e, "%s = ttx_rt_f32_red(%d, &%s[%s], %" PRId64 ");", fres, frc, name, row, L);
        {
            line(e, "%s%s *ttx_rp = %s;", store ? "" : "const ", mt, cg_aff_render(e, pa, el, idx));
            line(e, "if (ttx_ok && (ttx_hi == ttx_lo || TTX_INR(ttx_rp + ttx_lo, (ttx_hi - ttx_lo) * %d))) {", sz);
            e->ind++;
            if (store && cg_vi(e, val)->dcode) {
                VI *x = cg_vi(e, val);
                line(e, "ttx_rt_f32_bin_store(%d, ttx_rp + ttx_lo, %s + %s + ttx_lo, %s%s, %d, ttx_hi - ttx_lo);", x->dcode - 1, x->da,
                     row, x->db, x->dsb ? fmt(e, " + %s + ttx_lo", row) : "", x->dsb);
            } else if (store) line(e, "ttx_rt_store(ttx_rp + ttx_lo, &%s[%s + ttx_lo], (ttx_hi - ttx_lo) * %d);", cg_vi(e, val)->name, row, sz);
            else if (fr) {
                const char *dflt = other ? cg_ex(e, other, idx) : "0";
                line(e, "%s = ttx_rt_copy_red(%d, &%s[%s], ttx_rp, ttx_lo, ttx_hi, %" PRId64 ", %s);", fres, frc, name, row, L, dflt);
            } else {
                const char *dflt = other ? cg_ex(e, other, idx) : "0";
                line(e, "ttx_rt_copy(&%s[%s + ttx_lo], ttx_rp + ttx_lo, (ttx_hi - ttx_lo) * %d);", name, row, sz);
                rt_fill_row(e, name, row, L, dflt);
            }
            rt_else_row(e);
            if (store) rt_materialize(e, val, row);
            rt_row_loop(e, idx, r, L);
            n += 2;
        }
    }
    /* an array of pointers: a row whose pointers turn out consecutive is read
     * or written through one pointer, which a compiler vectorises; the
     * others element by element */
    if (store && !rows) rt_materialize(e, val, NULL);
    if (!rows && !prow) line(e, "ttx_rt_drain();");
    a->n = n;
    a->after_row = fr_after;
    return rows || prow;
}

/* a tensor-descriptor load or store by rows (CgenStrategy.desc_rows): a row
 * whose other coordinates are inside the descriptor's shape and whose last
 * stride is 1 is one copy (f32, i32) or conversion (f16) of the interval
 * of it inside the shape, the rest of a loaded row zero; the other rows
 * element by element */
bool c_rows_desc(Cg *e, CgAccess *a) {
    Type *el = a->el;
    bool f16 = fname_is(el, "f16"), plain = fname_is(el, "f32") || (el->kind == T_INT && el->i.width == 32);
    int r = a->r;
    if (!a->ten || a->by_index || r < 1 || a->L < 8 || (!f16 && !plain)) return false;
    if (a->store && (cg_vi(e, a->val)->kind != K_ARRAY || !cg_same_shape(a->val->type, a->vt))) return false;
    const char **idx = a->idx, *b = a->bpn, *mt = a->mt, *name = a->name;
    int64_t L = a->L;
    int sz = a->sz;
    int n = cg_loops_open(e, a->vt->sh.dims, r - 1, idx);
    idx[r - 1] = "0";
    const char *row = cg_flat(e, a->vt->sh.dims, r, idx);
    const char *ok = fmt(e, "%s.stride[%d] == 1", b, r - 1), *off = fmt(e, "%s.off[%d]", b, r - 1);
    for (int d = 0; d < r - 1; d++) {
        const char *c = fmt(e, "(%s.off[%d] + %s)", b, d, idx[d]);
        ok = fmt(e, "%s && %s >= 0 && %s < %s.shape[%d]", ok, c, c, b, d);
        off = fmt(e, "%s + %s * %s.stride[%d]", off, c, b, d);
    }
    line(e, "i64 ttx_lo = -%s.off[%d], ttx_hi = %s.shape[%d] - %s.off[%d];", b, r - 1, b, r - 1, b, r - 1);
    line(e, "if (ttx_lo < 0) ttx_lo = 0;");
    line(e, "if (ttx_lo > %" PRId64 ") ttx_lo = %" PRId64 ";", L, L);
    line(e, "if (ttx_hi > %" PRId64 ") ttx_hi = %" PRId64 ";", L, L);
    line(e, "if (ttx_hi < ttx_lo) ttx_hi = ttx_lo;");
    line(e, "%s%s *ttx_rp = (%s%s *)%s.base + %s;", a->store ? "" : "const ", mt, a->store ? "" : "const ", mt, b, off);
    line(e, "if (%s && (ttx_hi == ttx_lo || TTX_INR(ttx_rp + ttx_lo, (ttx_hi - ttx_lo) * %d))) {", ok, sz);
    e->ind++;
    const char *v = a->store ? cg_vi(e, a->val)->name : name;
    if (a->store && f16) {   /* ttx_rt_f2h writes at once: a pending row store goes first */
        line(e, "ttx_rt_drain();");
        line(e, "if (ttx_hi > ttx_lo) ttx_rt_f2h(ttx_rp + ttx_lo, &%s[%s + ttx_lo], ttx_hi - ttx_lo);", v, row);
    }
    else if (a->store) line(e, "if (ttx_hi > ttx_lo) ttx_rt_store(ttx_rp + ttx_lo, &%s[%s + ttx_lo], (ttx_hi - ttx_lo) * %d);", v, row, sz);
    else {
        if (f16) line(e, "if (ttx_hi > ttx_lo) ttx_rt_h2f(&%s[%s + ttx_lo], ttx_rp + ttx_lo, ttx_hi - ttx_lo);", name, row);
        else line(e, "if (ttx_hi > ttx_lo) ttx_rt_copy(&%s[%s + ttx_lo], ttx_rp + ttx_lo, (ttx_hi - ttx_lo) * %d);", name, row, sz);
        rt_fill_row(e, name, row, L, "0");
    }
    rt_else_row(e);
    rt_row_loop(e, idx, r, L);
    a->n = n + 2;
    a->after_row = NULL;
    return true;
}

/* an f32 tt.reduce along the last axis of an array whose combiner is one
 * addf, maxnumf or minnumf of its two arguments: ttx_rt_f32_red per row */
static int rt_reduce_code(Cg *e, Op *op) {
    int64_t axis, rev = 0;
    if (!op_is(op, OP_tt_reduce) || op->nopnds != 1 || op->nres != 1 || op->nregions != 1 || !op->regions[0].first ||
        !op_attr_int(op, "axis", &axis))
        return -1;
    op_attr_int(op, "reverse", &rev);
    Value *s0 = op_operand(op, 0);
    Type *st = s0->type;
    if (!is_tensor(st) || rev) return -1;
    int r = st->sh.rank;
    Block *blk = op->regions[0].first;
    Op *c = blk->first, *t = c ? c->next : NULL;
    if (blk->nargs != 2 || axis != r - 1 || cg_vi(e, s0)->kind != K_ARRAY || !fname_is(st->sh.elem, "f32") || !c || !t || t->next ||
        !op_is(t, OP_tt_reduce_return) || t->nopnds != 1 || op_operand(t, 0) != op_result(c, 0) || c->nopnds != 2 || c->verbatim)
        return -1;
    int code = op_is(c, OP_arith_addf) ? 0 : op_is(c, OP_arith_maxnumf) ? 4 : op_is(c, OP_arith_minnumf) ? 5 : -1;
    if (code < 0 || !fname_is(op_result(c, 0)->type, "f32") || !((op_operand(c, 0) == blk->args[0] && op_operand(c, 1) == blk->args[1]) ||
                                                                 (op_operand(c, 0) == blk->args[1] && op_operand(c, 1) == blk->args[0])))
        return -1;
    return code;
}

bool c_rows_reduce(Cg *e, Op *op, bool scan) {
    if (scan) return false;
    int code = rt_reduce_code(e, op);
    if (code < 0) return false;
    Value *s0 = op_operand(op, 0), *res = op_result(op, 0);
    Type *st = s0->type;
    int r = st->sh.rank;
    if (cg_vi(e, res)->by_producer) {
        line(e, "/* computed with its operand */");
        return true;
    }
    if (!value_has_uses(res)) return true;
    if (!cg_declare(e, res)) return false;
    int64_t len = st->sh.dims[r - 1];
    const char *idx[MAXR];
    int n = cg_loops_open(e, st->sh.dims, r - 1, idx);
    idx[r - 1] = "0";
    const char *src = fmt(e, "&%s[%s]", cg_vi(e, s0)->name, cg_flat(e, st->sh.dims, r, idx));
    if (is_tensor(res->type))
        line(e, "%s[%s] = ttx_rt_f32_red(%d, %s, %" PRId64 ");", cg_vi(e, res)->name, cg_flat(e, st->sh.dims, r - 1, idx), code, src, len);
    else line(e, "%s = ttx_rt_f32_red(%d, %s, %" PRId64 ");", cg_vi(e, res)->name, code, src, len);
    cg_loops_close(e, n);
    return true;
}

/* an f32 tt.dot of two arrays as one call (CgenStrategy.dot), its result
 * declared */
bool c_rows_dot(Cg *e, Op *op) {
    Value *a = op_operand(op, 0), *b = op_operand(op, 1), *c = op_operand(op, 2), *r = op_result(op, 0);
    Type *rt = r->type;
    int o = rt->sh.rank - 2;
    int64_t K = a->type->sh.dims[o + 1], N = rt->sh.dims[o + 1], M = rt->sh.dims[o];
    Type *el = rt->sh.elem, *ae = a->type->sh.elem, *be = b->type->sh.elem;
    bool small = (fname_is(ae, "f32") || is_f16ish(ae)) && (fname_is(be, "f32") || is_f16ish(be));
    if (!o && fname_is(el, "f32") && small && cg_vi(e, a)->kind == K_ARRAY && cg_vi(e, b)->kind == K_ARRAY &&
        ((cg_vi(e, c)->kind == K_ARRAY && cg_same_shape(c->type, rt)) || cg_is_uniform_value(c))) {
        const char *cp = cg_vi(e, c)->name, *sc = "1";
        if (cg_vi(e, c)->kind != K_ARRAY) {
            const char *zi[2] = { "0", "0" };
            const char *t = fmt(e, "ttx_s%d", e->ntmp++);
            line(e, "float %s = %s;", t, cg_ex(e, c, zi));
            cp = fmt(e, "&%s", t);
            sc = "0";
        }
        line(e, "ttx_rt_f32_dot(%s, %s, %s, %s, %s, %" PRId64 ", %" PRId64 ", %" PRId64 ");", cg_vi(e, r)->name, cg_vi(e, a)->name,
             cg_vi(e, b)->name, cp, sc, M, N, K);
        return true;
    }
    return false;
}

bool c_rows_fills_array(Cg *e, Op *op) { (void)e; return rt_code(op) >= 0; }

const char c_rows_decls[] =
    "/* bulk routines of the JIT */\n"
    "void *memcpy(void *d, const void *s, unsigned long n);\n"
    "void *memset(void *d, int c, unsigned long n);\n"
    "void ttx_rt_copy(void *d, const void *s, i64 bytes);\n"
    "void ttx_rt_drain(void);\n"
    "void ttx_rt_ptr_add(void **d, void *const *a, i64 bytes, i64 n);\n"
    "void ttx_rt_h2f(float *d, const u16 *h, i64 n);\n"
    "void ttx_rt_f2h(u16 *d, const float *s, i64 n);\n"
    "void ttx_rt_f16r(float *d, const float *s, i64 n);\n"
    "float ttx_rt_copy_red(int op, float *d, const float *s, i64 lo, i64 hi, i64 n, float other);\n"
    "void ttx_rt_store(void *d, const void *s, i64 bytes);\n"
    "void ttx_rt_f32_bin(int op, float *d, const float *a, i64 sa, const float *b, i64 sb, i64 n);\n"
    "void ttx_rt_f32_un(int op, float *d, const float *a, i64 n);\n"
    "float ttx_rt_f32_red(int op, const float *a, i64 n);\n"
    "void ttx_rt_f32_exp_sub(float *d, const float *a, float b, i64 n);\n"
    "float ttx_rt_f32_exp_sum(float *d, const float *a, float b, i64 n);\n"
    "void ttx_rt_f32_bin_store(int op, float *d, const float *a, const float *b, i64 sb, i64 n);\n"
    "void ttx_rt_f32_dot(float *r, const float *a, const float *b, const float *c, i64 sc, i64 M, i64 N, i64 K);\n\n";
