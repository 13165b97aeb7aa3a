/* targets/cgen/linalg.c - linalg and tensor ops of KTIR as C (see kt.h),
 * with the interpreter's arithmetic (runtime/interp_linalg.c): reduce folds
 * element j with element j + ceil(n/2) while n > 1, then with the init;
 * matmul adds each product (in double) to the accumulator in k order,
 * rounding after each; a region body is written inline for each use, its
 * arguments bound to the elements it combines. */
#include "kt.h"

static void alias(Cg *e, Value *dst, Value *src) {
    VI *d = cg_vi(e, dst), *s = cg_vi(e, src);
    d->kind = s->kind;
    d->name = s->name;
}
static void virt(Cg *e, Value *v, const char *expr) {
    VI *x = cg_vi(e, v);
    x->kind = K_VIRT;
    x->name = expr;
}
static int tdims(const Type *t, int64_t *d) {
    if (!is_tensor(t)) return 0;
    for (int i = 0; i < t->sh.rank; i++) d[i] = t->sh.dims[i];
    return t->sh.rank;
}
/* element idx of tensor v */
static const char *at(Cg *e, Value *v, const char *const *idx) {
    int64_t d[MAXR];
    int r = tdims(v->type, d);
    if (cg_vi(e, v)->kind != K_ARRAY) return kt_el(e, v, "0");
    return kt_el(e, v, cg_flat(e, d, r, idx));
}

/* the body of op (a linalg region) with its arguments bound to args: the
 * yielded values' expressions in out[] */
static bool body(Cg *e, Op *op, const char *const *args, const char **out, int nout) {
    Block *b = op->regions[0].first;
    kt_bind_args(e, b, args);
    Op *t = NULL;
    if (!kt_block(e, b, &t)) return false;
    if (!t || t->nopnds != nout) return cg_unsupported(e, op, "its yield");
    for (int i = 0; i < nout; i++) out[i] = kt_el(e, op_operand(t, i), "0");
    return true;
}

/* the ttx_rt_f32_red code of a body that is one f32 add, maxnumf or minnumf of its arguments, or -1 */
int kt_simple_red(Op *op) {
    Block *b = op->regions[0].first;
    Op *o = b ? b->first : NULL;
    if (!b || b->nargs != 2 || !o || !o->next || o->next->next || o->nopnds != 2 || o->nres != 1) return -1;
    if (op_operand(o->next, 0) != op_result(o, 0) || !fname_is(o->res[0].type, "f32")) return -1;
    if (!((op_operand(o, 0) == b->args[0] && op_operand(o, 1) == b->args[1]) || (op_operand(o, 0) == b->args[1] && op_operand(o, 1) == b->args[0])))
        return -1;
    return op_is(o, OP_arith_addf) ? 0 : op_is(o, OP_arith_maxnumf) ? 4 : op_is(o, OP_arith_minnumf) ? 5 : -1;
}

/* loops over the reduced dims, inside cg_loops_open's (named i0, i1, ...): named r0, r1, ... */
static int red_loops(Cg *e, const int64_t *dims, int rank, const char **idx) {
    static const char *const RV[MAXR] = { "r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7" };
    line(e, "{");
    e->ind++;
    for (int d = 0; d < rank; d++) {
        idx[d] = RV[d];
        line(e, "for (i64 %s = 0; %s < %" PRId64 "; %s++) {", RV[d], RV[d], dims[d], RV[d]);
        e->ind++;
    }
    return rank + 1;
}

static bool lreduce(Cg *e, Op *op) {
    if (op->nopnds != 2 || op->nres != 1) return cg_unsupported(e, op, "more than one input");
    Value *src = op_operand(op, 0), *init = op_operand(op, 1), *r = op_result(op, 0);
    int64_t dd[MAXR], sd[MAXR];
    int nd = op_attr_ints(op, "dimensions", dd, MAXR), sr = tdims(src->type, sd);
    if (nd < 0 || !is_tensor(src->type)) return cg_unsupported(e, op, "its dimensions");
    bool red[MAXR] = { false };
    for (int i = 0; i < nd; i++) {
        if (dd[i] < 0 || dd[i] >= sr) return cg_unsupported(e, op, "a dimension out of range");
        red[dd[i]] = true;
    }
    int64_t kd[MAXR], rd[MAXR], len = 1;
    int nk = 0, nr = 0;
    bool trailing = true;
    for (int i = 0; i < sr; i++) {
        if (red[i]) { rd[nr++] = sd[i]; len *= sd[i]; }
        else { kd[nk++] = sd[i]; if (nr) trailing = false; }
    }
    if (!kt_decl(e, r)) return false;
    const char *R = cg_vi(e, r)->name, *T = cg_rtype(e, type_elem(r->type));
    const char *ki[MAXR];
    int nl = cg_loops_open(e, kd, nk, ki);
    const char *o = cg_flat(e, kd, nk, ki);
    const char *iv = kt_el(e, init, o), *out[1] = { NULL };
    int code = kt_simple_red(op);
    if (len == 0) {
        line(e, "%s[%s] = %s;", R, o, iv);
    } else if (kt_rt(e) && code >= 0 && trailing && cg_vi(e, src)->kind == K_ARRAY) {
        if (code == 0 && cg_vi(e, src)->ds && nk == 0) line(e, "float rr = %s;   /* computed with the exp */", cg_vi(e, src)->ds);
        else line(e, "float rr = ttx_rt_f32_red(%d, %s + (%s) * %" PRId64 ", %" PRId64 ");", code, cg_vi(e, src)->name, o, len, len);
        const char *args[2] = { iv, "rr" };
        if (!body(e, op, args, out, 1)) return false;
        line(e, "%s[%s] = %s;", R, o, out[0]);
    } else {
        line(e, "%s tmp[%" PRId64 "];", T, len);
        const char *ri[MAXR], *si[MAXR];
        int nl2 = red_loops(e, rd, nr, ri);
        int p = 0, q = 0;
        for (int i = 0; i < sr; i++) si[i] = red[i] ? ri[q++] : ki[p++];
        line(e, "tmp[%s] = %s;", cg_flat(e, rd, nr, ri), at(e, src, si));
        cg_loops_close(e, nl2);
        line(e, "for (i64 n = %" PRId64 "; n > 1;) {", len);
        e->ind++;
        line(e, "i64 m = (n + 1) / 2;");
        line(e, "for (i64 j = 0; j < n - m; j++) {");
        e->ind++;
        const char *args[2] = { "tmp[j + m]", "tmp[j]" };
        if (!body(e, op, args, out, 1)) return false;
        line(e, "tmp[j] = %s;", out[0]);
        e->ind--;
        line(e, "}");
        line(e, "n = m;");
        e->ind--;
        line(e, "}");
        const char *args2[2] = { iv, "tmp[0]" };
        if (!body(e, op, args2, out, 1)) return false;
        line(e, "%s[%s] = %s;", R, o, out[0]);
    }
    cg_loops_close(e, nl);
    return true;
}

/* broadcast (dims added) and transpose (a permutation) */
static bool lperm(Cg *e, Op *op, bool bcast) {
    Value *a = op_operand(op, 0), *r = op_result(op, 0);
    int64_t v[MAXR], rd[MAXR];
    int n = op_attr_ints(op, bcast ? "dimensions" : "permutation", v, MAXR), rr = tdims(r->type, rd);
    if (n < 0) return cg_unsupported(e, op, "its dimensions");
    if (bcast && kt_numel(a->type) == 1) { virt(e, r, kt_el(e, a, "0")); return true; }
    bool added[MAXR] = { false };
    if (bcast)
        for (int i = 0; i < n; i++) {
            if (v[i] < 0 || v[i] >= rr) return cg_unsupported(e, op, "a dimension out of range");
            added[v[i]] = true;
        }
    /* an i1 row mask broadcast to 2-D for a select of this block, its only
     * use: read through the broadcast there (kt_el), not made */
    Op *u = r->uses && !r->uses->next ? r->uses->owner : NULL;
    if (bcast && kt_rt(e) && rr == 2 && n == 1 && type_elem(r->type)->kind == T_INT && type_elem(r->type)->i.width == 1 && u &&
        op_is(u, OP_arith_select) && op_operand(u, 0) == r && u->block == op->block) {
        cg_vi(e, r)->kind = K_FUSE;
        cg_vi(e, r)->kt = op;
        return true;
    }
    if (!kt_decl(e, r)) return false;
    const char *ri[MAXR], *ai[MAXR];
    int nl = cg_loops_open(e, rd, rr, ri);
    if (bcast) { int q = 0; for (int i = 0; i < rr; i++) if (!added[i]) ai[q++] = ri[i]; }
    else for (int i = 0; i < rr; i++) ai[v[i]] = ri[i];
    line(e, "%s[%s] = %s;", cg_vi(e, r)->name, cg_flat(e, rd, rr, ri), at(e, a, ai));
    cg_loops_close(e, nl);
    return true;
}

static bool lmatmul(Cg *e, Op *op, bool batch) {
    Value *a = op_operand(op, 0), *b = op_operand(op, 1), *c = op_operand(op, 2), *r = op_result(op, 0);
    int64_t ad[MAXR], bd[MAXR], rd[MAXR];
    int ar = tdims(a->type, ad), br = tdims(b->type, bd), rr = tdims(r->type, rd);
    int w = batch ? 3 : 2;
    Type *el = type_elem(r->type);
    if (ar != w || br != w || rr != w || el->kind != T_FLOAT) return cg_unsupported(e, op, "operands it does not take");
    int64_t M = ad[w - 2], K = ad[w - 1], N = bd[w - 1], Bt = batch ? ad[0] : 1;
    if (bd[w - 2] != K || rd[w - 2] != M || rd[w - 1] != N) return cg_unsupported(e, op, "shapes that do not match");
    if (!kt_decl(e, r)) return false;
    const char *R = cg_vi(e, r)->name;
    VI *xa = cg_vi(e, a), *xb = cg_vi(e, b), *xc = cg_vi(e, c);
    /* f16 and bf16 operands are float arrays too: their products are the same in double */
    bool f32 = fname_is(el, "f32") && !strcmp(cg_rtype(e, type_elem(a->type)), "float") && !strcmp(cg_rtype(e, type_elem(b->type)), "float");
    line(e, "for (i64 bt = 0; bt < %" PRId64 "; bt++) {", Bt);
    e->ind++;
    if (kt_rt(e) && f32 && xa->kind == K_ARRAY && xb->kind == K_ARRAY) {
        if (xc->kind == K_ARRAY)
            line(e, "ttx_rt_f32_dot(%s + bt * %" PRId64 ", %s + bt * %" PRId64 ", %s + bt * %" PRId64 ", %s + bt * %" PRId64 ", 1, %" PRId64 ", %" PRId64 ", %" PRId64 ");",
                 R, M * N, xa->name, M * K, xb->name, K * N, xc->name, M * N, M, N, K);
        else
            line(e, "{ float c0 = %s; ttx_rt_f32_dot(%s + bt * %" PRId64 ", %s + bt * %" PRId64 ", %s + bt * %" PRId64 ", &c0, 0, %" PRId64 ", %" PRId64 ", %" PRId64 "); }",
                 kt_el(e, c, "0"), R, M * N, xa->name, M * K, xb->name, K * N, M, N, K);
    } else {
        line(e, "for (i64 i = 0; i < %" PRId64 "; i++)", M);
        line(e, "for (i64 j = 0; j < %" PRId64 "; j++) {", N);
        line(e, "    %s acc = %s;", cg_rtype(e, el), kt_el(e, c, fmt(e, "bt * %" PRId64 " + i * %" PRId64 " + j", M * N, N)));
        const char *A = kt_el(e, a, fmt(e, "bt * %" PRId64 " + i * %" PRId64 " + k", M * K, K));
        const char *B = kt_el(e, b, fmt(e, "bt * %" PRId64 " + k * %" PRId64 " + j", K * N, N));
        line(e, "    for (i64 k = 0; k < %" PRId64 "; k++) acc = %s;", K, cg_fround(e, el, fmt(e, "((double)acc + (double)%s * %s)", A, B)));
        line(e, "    %s[bt * %" PRId64 " + i * %" PRId64 " + j] = acc;", R, M * N, N);
        line(e, "}");
    }
    e->ind--;
    line(e, "}");
    return true;
}

/* linalg.add / mul / max: elementwise */
static bool lbinary(Cg *e, Op *op) {
    Value *a = op_operand(op, 0), *b = op_operand(op, 1), *r = op_result(op, 0);
    Type *el = type_elem(r->type);
    int id = op->info->id;
    int64_t N = kt_numel(r->type);
    if (kt_numel(a->type) != N || kt_numel(b->type) != N) return cg_unsupported(e, op, "operand shapes that differ");
    if (!kt_decl(e, r)) return false;
    const char *R = cg_vi(e, r)->name;
    VI *xa = cg_vi(e, a), *xb = cg_vi(e, b);
    if (kt_rt(e) && fname_is(el, "f32") && id != OP_linalg_max && xa->kind == K_ARRAY && xb->kind == K_ARRAY &&
        fname_is(type_elem(a->type), "f32") && fname_is(type_elem(b->type), "f32")) {
        line(e, "ttx_rt_f32_bin(%d, %s, %s, 1, %s, 1, %" PRId64 ");", id == OP_linalg_add ? 0 : 2, R, xa->name, xb->name, N);
        return true;
    }
    const char *A = kt_el(e, a, "k"), *B = kt_el(e, b, "k"), *x;
    if (el->kind == T_FLOAT) {
        if (id == OP_linalg_max) x = cg_fround(e, el, fmt(e, "ttx_maximum(%s, %s)", A, B));
        else if (fname_is(el, "f32") || fname_is(el, "f64")) x = fmt(e, "(%s %s %s)", A, id == OP_linalg_add ? "+" : "*", B);
        else x = cg_fround(e, el, fmt(e, "((double)%s %s %s)", A, id == OP_linalg_add ? "+" : "*", B));
    } else if (el->kind == T_INT || el->kind == T_INDEX) {
        const char *T = cg_rtype(e, el), *U = wtype(iw(el));
        if (id == OP_linalg_max) x = fmt(e, "(%s > %s ? %s : %s)", A, B, A, B);
        else x = fmt(e, "(%s)((%s)%s %s (%s)%s)", T, U, A, id == OP_linalg_add ? "+" : "*", U, B);
    } else return cg_unsupported(e, op, "its element type");
    line(e, "for (i64 k = 0; k < %" PRId64 "; k++) %s[k] = %s;", N, R, x);
    return true;
}

static bool lgeneric(Cg *e, Op *op) {
    const int64_t *seg = op_segment_sizes(op, 2);
    Attr *maps = op_attr(op, "indexing_maps");
    if (!seg || !maps || maps->kind != A_ARRAY || maps->arr.n != op->nopnds) return cg_unsupported(e, op, "malformed");
    int nin = (int)seg[0], nout = (int)seg[1], no = op->nopnds;
    Block *b = op->regions[0].first;
    if (nout != op->nres || nout < 1 || !b || b->nargs != no || no > 16) return cg_unsupported(e, op, "its operands");
    int nl = maps->arr.elts[0]->map.ndims;
    if (nl > MAXR) return cg_unsupported(e, op, "too many loops");
    int64_t bound[MAXR];
    for (int i = 0; i < nl; i++) bound[i] = -1;
    for (int i = 0; i < no; i++) {
        Attr *m = maps->arr.elts[i];
        int64_t d[MAXR];
        int r = tdims(op_operand(op, i)->type, d);
        if (m->kind != A_AFFINE_MAP || m->map.ndims != nl || m->map.n != r) return cg_unsupported(e, op, "an indexing map that does not fit");
        for (int q = 0; q < m->map.n; q++) {
            AExpr *x = m->map.res[q];
            if (x->kind == AE_DIM && bound[x->v] < 0) bound[x->v] = d[q];
            else if (x->kind != AE_DIM && x->kind != AE_CONST) return cg_unsupported(e, op, "indexing maps other than projections");
        }
    }
    for (int i = 0; i < nl; i++) if (bound[i] < 0) return cg_unsupported(e, op, "a loop without a bound");
    for (int i = 0; i < nout; i++) {
        Value *r = op_result(op, i);
        if (!kt_decl(e, r)) return false;
        kt_copy(e, r, op_operand(op, nin + i));
    }
    const char *li[MAXR];
    int nlo = cg_loops_open(e, bound, nl, li);
    const char *args[16], *oi[16], *out[16];
    for (int i = 0; i < no; i++) {
        Attr *m = maps->arr.elts[i];
        const char *idx[MAXR];
        for (int q = 0; q < m->map.n; q++) {
            AExpr *x = m->map.res[q];
            idx[q] = x->kind == AE_DIM ? li[x->v] : fmt(e, "%" PRId64, x->v);
        }
        Value *v = i < nin ? op_operand(op, i) : op_result(op, i - nin);
        int64_t d[MAXR];
        int r = tdims(v->type, d);
        oi[i] = cg_flat(e, d, r, idx);
        args[i] = cg_vi(e, v)->kind == K_ARRAY ? fmt(e, "%s[%s]", cg_vi(e, v)->name, oi[i]) : kt_el(e, v, "0");
    }
    const char *const *saved = e->lidx;
    int snl = e->nl;
    e->lidx = li;
    e->nl = nl;
    bool ok = body(e, op, args, out, nout);
    e->lidx = saved;
    e->nl = snl;
    if (!ok) return false;
    for (int i = 0; i < nout; i++) line(e, "%s[%s] = %s;", cg_vi(e, op_result(op, i))->name, oi[nin + i], out[i]);
    cg_loops_close(e, nlo);
    return true;
}

static bool lfill(Cg *e, Op *op) {
    Value *s = op_operand(op, 0), *r = op_result(op, 0);
    Type *el = type_elem(r->type), *st = type_elem(s->type);
    const char *x = kt_el(e, s, "0");
    if (el->kind == T_FLOAT && !(st->kind == T_FLOAT && !strcmp(st->f.name, el->f.name))) {
        const char *v = fmt(e, "v%d", e->nextv++);
        line(e, "%s %s = %s;", cg_rtype(e, el), v, cg_fround(e, el, fmt(e, "(double)%s", x)));
        x = v;
    }
    virt(e, r, x);
    return true;
}

bool kt_emit_linalg(Cg *e, Op *op) {
    switch (op->info->id) {
    case OP_linalg_fill: return lfill(e, op);
    case OP_linalg_reduce: return lreduce(e, op);
    case OP_linalg_broadcast: return lperm(e, op, true);
    case OP_linalg_transpose: return lperm(e, op, false);
    case OP_linalg_matmul: return lmatmul(e, op, false);
    case OP_linalg_batch_matmul: return lmatmul(e, op, true);
    case OP_linalg_add: case OP_linalg_mul: case OP_linalg_max: return lbinary(e, op);
    case OP_linalg_generic: return lgeneric(e, op);
    case OP_linalg_index: {
        int64_t dim;
        if (!op_attr_int(op, "dim", &dim) || !e->lidx || dim < 0 || dim >= e->nl) return cg_unsupported(e, op, "linalg.index outside linalg.generic");
        VI *x = cg_vi(e, op_result(op, 0));
        x->kind = K_SCALAR;
        x->name = fmt(e, "((i64)%s)", e->lidx[dim]);
        return true;
    }
    default: return cg_unsupported(e, op, NULL);
    }
}

/* ---- tensor -------------------------------------------------------------------------- */

/* offsets, sizes, strides of a slice (dynamic ones from operand `next` on) */
static bool slice_params(Cg *e, Op *op, int next, int rank, const char **off, int64_t *sz, const char **st) {
    int64_t o[MAXR], s[MAXR], t[MAXR];
    if (op_attr_ints(op, "static_offsets", o, MAXR) != rank || op_attr_ints(op, "static_sizes", s, MAXR) != rank ||
        op_attr_ints(op, "static_strides", t, MAXR) != rank)
        return cg_unsupported(e, op, "its offsets, sizes or strides");
    for (int i = 0; i < rank; i++) off[i] = o[i] == INT64_MIN ? fmt(e, "(i64)%s", kt_el(e, op_operand(op, next++), "0")) : fmt(e, "%" PRId64, o[i]);
    for (int i = 0; i < rank; i++) {
        if (s[i] == INT64_MIN) return cg_unsupported(e, op, "a dynamic size");
        sz[i] = s[i];
    }
    for (int i = 0; i < rank; i++) st[i] = t[i] == INT64_MIN ? fmt(e, "(i64)%s", kt_el(e, op_operand(op, next++), "0")) : fmt(e, "%" PRId64, t[i]);
    return true;
}

static bool slice(Cg *e, Op *op, bool insert) {
    Value *small = insert ? op_operand(op, 0) : op_result(op, 0), *big = insert ? op_operand(op, 1) : op_operand(op, 0);
    Value *r = op_result(op, 0);
    int64_t bd[MAXR], sz[MAXR];
    int rank = tdims(big->type, bd);
    const char *off[MAXR], *st[MAXR];
    if (!slice_params(e, op, insert ? 2 : 1, rank, off, sz, st)) return false;
    int64_t n = 1;
    for (int i = 0; i < rank; i++) n *= sz[i];
    if (n != kt_numel(small->type)) return cg_unsupported(e, op, "a slice whose size differs from the small tensor's");
    if (!kt_decl(e, r)) return false;
    if (insert) kt_copy(e, r, big);
    int site = cg_site(e, op);
    for (int i = 0; i < rank; i++)
        if (sz[i]) line(e, "if (%s < 0 || %s + %" PRId64 " * %s >= %" PRId64 " || %s + %" PRId64 " * %s < 0) TTX_FAIL(%d); else", off[i], off[i], sz[i] - 1, st[i],
                        bd[i], off[i], sz[i] - 1, st[i], site);
    line(e, "{");
    e->ind++;
    const char *si[MAXR], *bi[MAXR];
    int nl = cg_loops_open(e, sz, rank, si);
    for (int i = 0; i < rank; i++) bi[i] = fmt(e, "(%s + %s * %s)", off[i], si[i], st[i]);
    const char *k = cg_flat(e, sz, rank, si), *K = cg_flat(e, bd, rank, bi);
    if (insert) line(e, "%s[%s] = %s;", cg_vi(e, r)->name, K, kt_el(e, small, k));
    else line(e, "%s[%s] = %s;", cg_vi(e, r)->name, k, kt_el(e, big, K));
    cg_loops_close(e, nl);
    e->ind--;
    line(e, "}");
    return true;
}

/* extract (a scalar) and insert (one element) */
static bool element(Cg *e, Op *op, bool insert) {
    Value *t = op_operand(op, insert ? 1 : 0), *r = op_result(op, 0);
    int first = insert ? 2 : 1;
    int64_t d[MAXR];
    int rank = tdims(t->type, d);
    if (op->nopnds - first != rank) return cg_unsupported(e, op, "indices that do not match the rank");
    const char *idx[MAXR], *cond = "0";
    for (int i = 0; i < rank; i++) {
        idx[i] = fmt(e, "(i64)%s", kt_el(e, op_operand(op, first + i), "0"));
        cond = fmt(e, "%s || %s < 0 || %s >= %" PRId64, cond, idx[i], idx[i], d[i]);
    }
    const char *f = fmt(e, "x%d", e->ntmp++);
    int site = cg_site(e, op);
    line(e, "i64 %s = %s;", f, cg_flat(e, d, rank, idx));
    line(e, "if (%s) { TTX_FAIL(%d); %s = 0; }", cond, site, f);
    if (!kt_decl(e, r)) return false;
    if (!insert) { line(e, "%s = %s;", cg_vi(e, r)->name, kt_el(e, t, f)); return true; }
    kt_copy(e, r, t);
    line(e, "%s[%s] = %s;", cg_vi(e, r)->name, f, kt_el(e, op_operand(op, 0), "0"));
    return true;
}

bool kt_emit_tensor(Cg *e, Op *op) {
    Value *r = op->nres ? op_result(op, 0) : NULL;
    switch (op->info->id) {
    case OP_tensor_empty: virt(e, r, "0"); return true;
    case OP_tensor_expand_shape: case OP_tensor_collapse_shape: case OP_tensor_reshape:
        if (kt_numel(op_operand(op, 0)->type) != kt_numel(r->type)) return cg_unsupported(e, op, "element counts that differ");
        alias(e, r, op_operand(op, 0));
        return true;
    case OP_tensor_splat: virt(e, r, kt_el(e, op_operand(op, 0), "0")); return true;
    case OP_tensor_from_elements:
        if (op->nopnds != kt_numel(r->type)) return cg_unsupported(e, op, "an element count that differs");
        if (!kt_decl(e, r)) return false;
        for (int i = 0; i < op->nopnds; i++) line(e, "%s[%d] = %s;", cg_vi(e, r)->name, i, kt_el(e, op_operand(op, i), "0"));
        return true;
    case OP_tensor_extract: return element(e, op, false);
    case OP_tensor_insert: return element(e, op, true);
    case OP_tensor_extract_slice: return slice(e, op, false);
    case OP_tensor_insert_slice: return slice(e, op, true);
    default: return cg_unsupported(e, op, NULL);
    }
}
