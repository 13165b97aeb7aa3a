/* targets/cgen/affine.c - affine integer and pointer tensors, and the structured pointers of --ptr-analysis (see emit.h). */
#include "emit.h"

const char *cg_tstr(Cg *e, Term t) {
    if (!t.k) return t.s;
    if (t.c == INT64_MIN) return "(-9223372036854775807LL - 1)";
    bool big = t.c > INT32_MAX || t.c < INT32_MIN;
    return fmt(e, t.c < 0 ? "(%" PRId64 "%s)" : "%" PRId64 "%s", t.c, big ? "LL" : "");
}
static Term tadd(Cg *e, Term a, Term b) {
    if (a.k && b.k) return tconst((int64_t)((uint64_t)a.c + (uint64_t)b.c));
    if (tz(a)) return b;
    if (tz(b)) return a;
    Term t = { false, 0, fmt(e, "(%s + %s)", cg_tstr(e, a), cg_tstr(e, b)) };
    return t;
}
static Term tmul(Cg *e, Term a, Term b) {
    if (a.k && b.k) return tconst((int64_t)((uint64_t)a.c * (uint64_t)b.c));
    if (tz(a) || tz(b)) return tconst(0);
    if (a.k && a.c == 1) return b;
    if (b.k && b.c == 1) return a;
    Term t = { false, 0, fmt(e, "%s * %s", cg_tstr(e, a), cg_tstr(e, b)) };
    return t;
}
static Term tneg(Cg *e, Term a) {
    if (a.k) return tconst((int64_t)(0 - (uint64_t)a.c));
    Term t = { false, 0, fmt(e, "(-%s)", a.s) };
    return t;
}

static Aff *aff_new(Cg *e, int rank) {
    Aff *a = calloc(1, sizeof *a);
    if (!a) abort();
    pv_push(&e->strs, a);
    a->rank = rank;
    a->base = tconst(0);
    for (int i = 0; i < MAXR; i++) a->co[i] = tconst(0);
    return a;
}

/* a scalar integer as a term (i64) */
static Term scalar_term(Cg *e, Value *v) {
    Attr *c = value_const(v);
    if (c && (c->kind == A_INT || c->kind == A_BOOL) && v->type && v->type->kind != T_FLOAT) return tconst(c->i);
    VI *x = cg_vi(e, v);
    Term t = { false, 0, v->type && v->type->kind == T_INDEX ? x->name : (v->type && v->type->kind == T_INT && v->type->i.width == 64 ? x->name : fmt(e, "(i64)%s", x->name)) };
    return t;
}

bool cg_uniform(const Aff *a) {
    for (int i = 0; i < a->rank; i++)
        if (!tz(a->co[i])) return false;
    return !a->ptr;
}

/* the least (kmin <= 0) and greatest (kmax >= 0) of sum co[d] * i_d over
 * the box of t; false unless every coefficient is a small constant */
bool cg_aff_extent(const Aff *a, const Type *t, int64_t *kmin, int64_t *kmax) {
    *kmin = *kmax = 0;
    if (!is_tensor(t) || a->ptr || a->rank != t->sh.rank) return false;
    for (int d = 0; d < a->rank; d++) {
        int64_t c = a->co[d].c, n = t->sh.dims[d];
        if (!a->co[d].k || n < 1 || n > ((int64_t)1 << 24) || c > ((int64_t)1 << 24) || c < -((int64_t)1 << 24)) return false;
        int64_t x = c * (n - 1);
        if (x < 0) *kmin += x;
        else *kmax += x;
    }
    return true;
}

/* every lane of a (on a tile of type t) is a constant within the signed
 * range of w bits (w < 64) */
static bool fits_width(const Aff *a, const Type *t, int w) {
    int64_t kmin, kmax, lim = (int64_t)1 << (w - 1);
    if (!a->base.k || !cg_aff_extent(a, t, &kmin, &kmax)) return false;
    /* |kmin|, kmax < 2^51: the sums cannot overflow once the base is within 2^62 */
    int64_t b = a->base.c;
    return b > -((int64_t)1 << 62) && b < ((int64_t)1 << 62) && b + kmin >= -lim && b + kmax < lim;
}

/* v as base + sum co[d] * i_d over its dims (pointers: ptr + that), or NULL */
Aff *cg_aff_of(Cg *e, Value *v) {
    VI *x = cg_vi(e, v);
    if (x->aff_done) return x->aff;
    x->aff_done = true;
    Type *t = v->type;
    if (x->carried) {
        /* the init's pointers advanced by the offset the loop carries */
        Aff *p = cg_aff_of(e, x->carried);
        if (!p) return NULL;
        Aff *a = aff_new(e, p->rank);
        *a = *p;
        Term c = { false, 0, x->name };
        a->base = tadd(e, a->base, c);
        x->aff = a;
        return a;
    }
    if (!is_tensor(t) || t->sh.rank > MAXR || !v->def) return NULL;
    Type *el = t->sh.elem;
    bool isptr = el->kind == T_PTR && !is_bptr(el);
    if (!isptr && !((el->kind == T_INT && el->i.width >= 8) || el->kind == T_INDEX)) return NULL;
    Op *op = v->def;
    int r = t->sh.rank, id = op->info->id;
    if (op->verbatim) return NULL;
    Aff *a = NULL, *p, *q;
    switch (id) {
    case OP_tt_make_range: {
        int64_t s;
        if (!op_attr_int(op, "start", &s) || r != 1) return NULL;
        a = aff_new(e, 1);
        a->base = tconst(s);
        a->co[0] = tconst(1);
        break;
    }
    case OP_tt_splat: {
        Value *s = op_operand(op, 0);
        if (!s->type || s->type->kind == T_TENSOR) return NULL;
        a = aff_new(e, r);
        if (isptr) a->ptr = cg_vi(e, s)->name;
        else a->base = scalar_term(e, s);
        break;
    }
    case OP_arith_constant: {
        Attr *c = op_attr(op, "value");
        if (!c || c->kind != A_DENSE || isptr) return NULL;
        Attr *el0 = c->dense.elts[0];
        if (el0->kind != A_INT && el0->kind != A_BOOL) return NULL;
        a = aff_new(e, r);
        a->base = tconst(el0->i);
        if (c->dense.n == 1) break;
        /* a 1-D progression b + s * i (KTIR's iota) */
        if (r != 1 || c->dense.n != t->sh.dims[0]) return NULL;
        int64_t step = (int64_t)((uint64_t)c->dense.elts[1]->i - (uint64_t)el0->i);
        for (int i = 0; i < c->dense.n; i++)
            if (c->dense.elts[i]->kind != A_INT || c->dense.elts[i]->i != (int64_t)((uint64_t)el0->i + (uint64_t)step * (uint64_t)i)) return NULL;
        a->co[0] = tconst(step);
        break;
    }
    case OP_tt_broadcast: {
        Value *s = op_operand(op, 0);
        if (!is_tensor(s->type) || s->type->sh.rank != r || !(p = cg_aff_of(e, s))) return NULL;
        a = aff_new(e, r);
        *a = *p;
        for (int d = 0; d < r; d++)
            if (s->type->sh.dims[d] == 1) a->co[d] = tconst(0);
        break;
    }
    case OP_tt_expand_dims: {
        int64_t ax;
        Value *s = op_operand(op, 0);
        if (!op_attr_int(op, "axis", &ax) || ax < 0 || ax >= r || !(p = cg_aff_of(e, s))) return NULL;
        a = aff_new(e, r);
        a->ptr = p->ptr;
        a->base = p->base;
        for (int d = 0, k = 0; d < r; d++) a->co[d] = d == ax ? tconst(0) : p->co[k++];
        break;
    }
    case OP_tt_trans: {
        int64_t order[MAXR];
        if (op_attr_ints(op, "order", order, MAXR) != r || !(p = cg_aff_of(e, op_operand(op, 0)))) return NULL;
        a = aff_new(e, r);
        a->ptr = p->ptr;
        a->base = p->base;
        for (int d = 0; d < r; d++) {
            if (order[d] < 0 || order[d] >= r) return NULL;
            a->co[d] = p->co[order[d]];
        }
        break;
    }
    case OP_arith_addi: case OP_arith_subi:
        if (isptr || !(p = cg_aff_of(e, op_operand(op, 0))) || !(q = cg_aff_of(e, op_operand(op, 1))) || p->ptr || q->ptr) return NULL;
        a = aff_new(e, r);
        a->base = tadd(e, p->base, id == OP_arith_subi ? tneg(e, q->base) : q->base);
        for (int d = 0; d < r; d++) a->co[d] = tadd(e, p->co[d], id == OP_arith_subi ? tneg(e, q->co[d]) : q->co[d]);
        break;
    case OP_arith_muli:
        if (isptr || !(p = cg_aff_of(e, op_operand(op, 0))) || !(q = cg_aff_of(e, op_operand(op, 1))) || p->ptr || q->ptr) return NULL;
        if (!cg_uniform(q)) { Aff *s = p; p = q; q = s; }
        if (!cg_uniform(q)) return NULL;
        a = aff_new(e, r);
        a->base = tmul(e, p->base, q->base);
        for (int d = 0; d < r; d++) a->co[d] = tmul(e, p->co[d], q->base);
        break;
    case OP_arith_extsi: case OP_arith_index_cast: {
        /* the source's lanes are its affine form wrapped to its width: the
         * same form only when no lane can wrap (a narrower source whose
         * terms are constants and whose tile stays within its range) */
        Value *s = op_operand(op, 0);
        int sw = is_tensor(s->type) ? iw(type_elem(s->type)) : 0;
        if (!sw || sw > iw(el) || !(p = cg_aff_of(e, s))) return NULL;
        if (sw < 64 && !fits_width(p, s->type, sw)) return NULL;
        a = p;
        break;
    }
    /* the KTIR forms of iota, splat and broadcast: a dense 1-D progression,
     * linalg.fill, linalg.broadcast, and the reshapes (row-major order kept) */
    case OP_linalg_fill: {
        Value *s = op_operand(op, 0);
        if (isptr || !s->type || s->type->kind == T_TENSOR) return NULL;
        a = aff_new(e, r);
        a->base = scalar_term(e, s);
        break;
    }
    case OP_linalg_broadcast: {
        int64_t dd[MAXR];
        Value *s = op_operand(op, 0);
        int nd = op_attr_ints(op, "dimensions", dd, MAXR);
        if (isptr || nd < 0 || !is_tensor(s->type) || s->type->sh.rank + nd != r || !(p = cg_aff_of(e, s))) return NULL;
        a = aff_new(e, r);
        a->base = p->base;
        for (int d = 0, k = 0; d < r; d++) {
            bool added = false;
            for (int i = 0; i < nd; i++) added |= dd[i] == d;
            if (!added) a->co[d] = p->co[k++];
        }
        break;
    }
    case OP_tensor_expand_shape: case OP_tensor_collapse_shape: case OP_tensor_reshape: {
        /* affine in the flat index: each dim's coefficient that flat one times its row-major stride */
        Value *s = op_operand(op, 0);
        if (isptr || !is_tensor(s->type) || !(p = cg_aff_of(e, s))) return NULL;
        const Type *st = s->type;
        Term cf = tconst(0);
        bool have = false;
        int64_t stride = 1;
        for (int d = st->sh.rank - 1; d >= 0; d--) {
            if (st->sh.dims[d] < 0) return NULL;
            if (st->sh.dims[d] != 1) {
                if (!p->co[d].k) return NULL;
                if (!have) {
                    if (p->co[d].c % stride) return NULL;
                    cf = tconst(p->co[d].c / stride);
                    have = true;
                } else if ((uint64_t)p->co[d].c != (uint64_t)cf.c * (uint64_t)stride) return NULL;
            }
            stride *= st->sh.dims[d];
        }
        a = aff_new(e, r);
        a->base = p->base;
        stride = 1;
        for (int d = r - 1; d >= 0; d--) {
            if (t->sh.dims[d] < 0) return NULL;
            if (t->sh.dims[d] != 1) a->co[d] = tconst((int64_t)((uint64_t)cf.c * (uint64_t)stride));
            stride *= t->sh.dims[d];
        }
        break;
    }
    case OP_tt_addptr:
        if (!isptr || !(p = cg_aff_of(e, op_operand(op, 0))) || !(q = cg_aff_of(e, op_operand(op, 1))) || !p->ptr || q->ptr) return NULL;
        a = aff_new(e, r);
        a->ptr = p->ptr;
        a->base = tadd(e, p->base, q->base);
        for (int d = 0; d < r; d++) a->co[d] = tadd(e, p->co[d], q->co[d]);
        break;
    default:
        return NULL;
    }
    x->aff = a;
    return a;
}

/* the i64 expression of a at idx */
const char *cg_aff_sum(Cg *e, const Aff *a, const char *const *idx) {
    const char *s = NULL;
    if (!tz(a->base)) s = cg_tstr(e, a->base);
    for (int d = 0; d < a->rank; d++) {
        if (tz(a->co[d]) || is0(idx[d])) continue;
        const char *term = a->co[d].k && a->co[d].c == 1 ? idx[d] : fmt(e, "%s * %s", idx[d], cg_tstr(e, a->co[d]));
        s = s ? fmt(e, "%s + %s", s, term) : term;
    }
    return s ? s : "0";
}
const char *cg_aff_render(Cg *e, const Aff *a, Type *el, const char *const *idx) {
    const char *s = cg_aff_sum(e, a, idx);
    if (a->ptr) return is0(s) ? a->ptr : fmt(e, "%s + %s", a->ptr, s);
    if (el->kind == T_INT && el->i.width < 64) return fmt(e, "(%s)(%s)", cg_rtype(e, el), s);
    return fmt(e, "(%s)", s);
}

/* a static list with INT64_MIN for the entries given by operands next,
 * next+1, ... (below end): each entry as an i64 C expression */
int cg_mixed(Cg *e, Op *op, const char *name, int *next, int end, const char **out) {
    Attr *a = op_attr(op, name);
    if (!a || a->kind != A_DENSE_ARRAY || (a->darr.n && !a->darr.i) || a->darr.n > MAXR) return -1;
    for (int i = 0; i < a->darr.n; i++) {
        if (a->darr.i[i] != INT64_MIN) { out[i] = cg_tstr(e, tconst(a->darr.i[i])); continue; }
        if (*next >= end) return -1;
        Value *v = op_operand(op, (*next)++);
        if (is_tensor(v->type)) return -1;
        out[i] = scalar_term(e, v).k ? cg_tstr(e, scalar_term(e, v)) : scalar_term(e, v).s;
    }
    return a->darr.n;
}

/* element idx of a structured tts.make_tptr: base + sum over d of
 * offsets[d] + idx[d] * strides[d] (modulo shape[d] when it is not 0) */
const char *cg_tptr_elem(Cg *e, Op *op, const char *const *idx) {
    const int64_t *sg = op_segment_sizes(op, 4);
    if (!sg || sg[0] != 1) return NULL;
    const char *str[MAXR], *off[MAXR], *shp[MAXR];
    int next = 1;
    int nst = cg_mixed(e, op, "static_strides", &next, (int)(1 + sg[1]), str);
    int no = cg_mixed(e, op, "static_offsets", &next, (int)(1 + sg[1] + sg[2]), off);
    int nsh = cg_mixed(e, op, "static_shape", &next, op->nopnds, shp);
    int64_t ord[MAXR];
    Value *res = op_result(op, 0);
    if (!is_tensor(res->type) || nst != res->type->sh.rank || no != nst || nsh != nst ||
        (op_attr(op, "order") && op_attr_ints(op, "order", ord, MAXR) > 0))
        return NULL;
    const char *sum = NULL;
    for (int d = 0; d < nst; d++) {
        const char *term = !strcmp(str[d], "1") ? idx[d] : fmt(e, "%s * %s", idx[d], str[d]);
        const char *t = is0(idx[d]) || is0(str[d]) ? off[d] : is0(off[d]) ? term : fmt(e, "%s + %s", off[d], term);
        if (!is0(shp[d])) t = !strcmp(shp[d], "(-1)") ? "0" : fmt(e, "(%s) %% %s", t, shp[d]);
        if (is0(t)) continue;
        sum = sum ? fmt(e, "%s + %s", sum, t) : t;
    }
    const char *base = cg_ex(e, op_operand(op, 0), NULL);
    return sum ? fmt(e, "%s + (%s)", base, sum) : base;
}

/* lines that set `i64 ttx_lo, ttx_hi` to the lanes [lo, hi) of the last axis
 * that the mask keeps in the row at ridx (its last index "0"), and `int
 * ttx_ok` to whether that interval is exact; false when the mask is not a
 * comparison of two affine integer tensors whose difference grows by 0 or 1
 * along the last axis */
bool cg_mask_interval(Cg *e, Value *mask, int r, const char *const *ridx, int64_t L, bool emit) {
    Op *d = mask ? mask->def : NULL;
    /* a broadcast comparison (Triton's masks of a K loop): the comparison of
     * the unbroadcast operands, at index 0 along the broadcast dims */
    const char *bidx[MAXR];
    if (d && !d->verbatim && op_is(d, OP_tt_broadcast) && r <= MAXR) {
        Type *st = op_operand(d, 0)->type;
        if (!is_tensor(st) || st->sh.rank != r || (st->sh.dims[r - 1] != L && st->sh.dims[r - 1] != 1)) return false;
        for (int k = 0; k < r; k++) bidx[k] = st->sh.dims[k] == 1 ? "0" : ridx ? ridx[k] : NULL;
        if (ridx) ridx = bidx;
        mask = op_operand(d, 0);
        d = mask->def;
    }
    int64_t pred = -1, c = 0;
    Aff *al = NULL, *ar = NULL;
    if (mask) {
        if (!d || d->verbatim || !op_is(d, OP_arith_cmpi) || !op_attr_int(d, "predicate", &pred) || pred < 2 || pred > 5) return false;
        al = cg_aff_of(e, op_operand(d, 0));
        ar = cg_aff_of(e, op_operand(d, 1));
        if (!al || !ar || al->ptr || ar->ptr || al->rank != r || ar->rank != r) return false;
        if (!al->co[r - 1].k || !ar->co[r - 1].k) return false;
        c = al->co[r - 1].c - ar->co[r - 1].c;
        if (c == -1) {   /* n > i as i < n: the sides swapped, the predicate mirrored */
            Aff *t = al;
            al = ar, ar = t, c = 1;
            pred = pred == 2 ? 4 : pred == 3 ? 5 : pred == 4 ? 2 : 3;
        }
        if (c != 0 && c != 1) return false;
    }
    if (!emit) return true;
    line(e, "i64 ttx_lo = 0, ttx_hi = %" PRId64 ";", L);
    line(e, "int ttx_ok = 1;");
    if (!mask) return true;
    int w = iw(type_elem(op_operand(d, 0)->type));
    line(e, "i64 ttx_ml = %s, ttx_mr = %s, ttx_md = ttx_ml - ttx_mr;", cg_aff_sum(e, al, ridx), cg_aff_sum(e, ar, ridx));
    if (w < 64) {
        /* the comparison is of w-bit values: exact when neither side wraps along the row */
        int64_t lo = -((int64_t)1 << (w - 1)), hi = ((int64_t)1 << (w - 1)) - 1;
        int64_t el = al->co[r - 1].c * (L - 1), er = ar->co[r - 1].c * (L - 1);
        line(e, "ttx_ok = ttx_ml >= %" PRId64 " && ttx_ml <= %" PRId64 " && ttx_ml + %" PRId64 " >= %" PRId64 " && ttx_ml + %" PRId64
             " <= %" PRId64 " && ttx_mr >= %" PRId64 " && ttx_mr <= %" PRId64 " && ttx_mr + %" PRId64 " >= %" PRId64 " && ttx_mr + %" PRId64
             " <= %" PRId64 ";", lo, hi, el, lo, el, hi, lo, hi, er, lo, er, hi);
    }
    static const char *const cop[] = { "<", "<=", ">", ">=" };
    if (c == 0) line(e, "if (!(ttx_md %s 0)) ttx_hi = 0;", cop[pred - 2]);
    else if (pred == 2) line(e, "if (-ttx_md < ttx_hi) ttx_hi = -ttx_md;");
    else if (pred == 3) line(e, "if (1 - ttx_md < ttx_hi) ttx_hi = 1 - ttx_md;");
    else if (pred == 4) line(e, "if (1 - ttx_md > ttx_lo) ttx_lo = 1 - ttx_md;");
    else line(e, "if (-ttx_md > ttx_lo) ttx_lo = -ttx_md;");
    line(e, "if (ttx_lo > %" PRId64 ") ttx_lo = %" PRId64 ";", L, L);
    line(e, "if (ttx_hi < ttx_lo) ttx_hi = ttx_lo;");
    return true;
}
