/* targets/cgen/compute.c - tt.reduce, tt.scan and tt.dot as loop nests (see emit.h). */
#include "emit.h"

/* one level of a reduce's halving: ttx_rI[j] = combine(inI[j], inI[j + m])
 * for j < cnt, each operand I < k */
static bool reduce_level(Cg *e, Op *op, Block *blk, int k, const char *in, const char *m, const char *cnt, const char *const *sidx) {
    line(e, "for (i64 j = 0; j < %s; j++) {", cnt);
    e->ind++;
    for (int i = 0; i < k; i++) {
        line(e, "%s = %s%d[j];", cg_vi(e, blk->args[i])->name, in, i);
        const char *dl = cg_decl(e, cg_vi(e, blk->args[k + i])->name, blk->args[k + i]->type);
        if (!dl) return cg_unsupported(e, op, "its element type");
        line(e, "%s = %s%d[j + %s];", dl, in, i, m);
        line(e, "(void)%s;", cg_vi(e, blk->args[k + i])->name);
    }
    Op *t = NULL;
    if (!cg_emit_block(e, blk, &t)) return false;
    if (!t || t->nopnds != k) return cg_unsupported(e, op, "its combiner");
    for (int i = 0; i < k; i++) line(e, "ttx_r%d[j] = %s;", i, cg_ex(e, op_operand(t, i), sidx));
    e->ind--;
    line(e, "}");
    return !e->failed;
}

/* tt.reduce and tt.scan: a scan starts from the first element along the
 * axis and applies the combiner region's ops with each next one (storing
 * every prefix; `reverse` walks the axis backwards); a reduce combines the
 * elements pairwise by halving, in the interpreter's order */
bool cg_emit_reduce(Cg *e, Op *op) {
    bool scan = op_is(op, OP_tt_scan);
    int k = op->nopnds;
    int64_t axis, rev = 0;
    Block *blk = op->nregions == 1 ? op->regions[0].first : NULL;
    if (!op_attr_int(op, "axis", &axis) || k < 1 || op->nres != k || !blk || blk->nargs != 2 * k || blk->next)
        return cg_unsupported(e, op, "malformed");
    if (scan) op_attr_int(op, "reverse", &rev);
    Value *s0 = op_operand(op, 0);
    Type *st = s0->type;
    if (!is_tensor(st) || axis < 0 || axis >= st->sh.rank || st->sh.rank > MAXR) return cg_unsupported(e, op, "its operand");
    if (k > 16) return cg_unsupported(e, op, "more than 16 operands");
    int r = st->sh.rank;
    int64_t len = st->sh.dims[axis];
    if (e->s->reduce && e->s->reduce(e, op, scan)) return !e->failed;
    for (int i = 0; i < k; i++) {
        if (!value_has_uses(op_result(op, i)) && k == 1) return true;
        if (!cg_declare(e, op_result(op, i))) return false;
        if (!value_has_uses(op_result(op, i))) line(e, "(void)%s;", cg_vi(e, op_result(op, i))->name);
    }
    /* loops over the source dims without the axis */
    int64_t rd[MAXR];
    int rr = 0;
    for (int d = 0; d < r; d++)
        if (d != axis) rd[rr++] = st->sh.dims[d];
    const char *ridx[MAXR];
    line(e, "{");
    e->ind++;
    int n = cg_loops_open(e, rd, rr, ridx);
    const char *sidx[MAXR];
    const char *first = rev ? cg_tstr(e, tconst(len - 1)) : "0";
    const char *at = rev ? fmt(e, "(%" PRId64 " - j)", len - 1) : "j";
    for (int d = 0, q = 0; d < r; d++) sidx[d] = d == axis ? first : ridx[q++];
    for (int i = 0; i < k; i++) {
        const char *dl = cg_decl(e, cg_vi(e, blk->args[i])->name, blk->args[i]->type);
        if (!dl) return cg_unsupported(e, op, "its element type");
        if (!scan && len > 1) line(e, "%s;", dl);
        else line(e, "%s = %s;", dl, cg_ex(e, op_operand(op, i), sidx));
        line(e, "(void)%s;", cg_vi(e, blk->args[i])->name);
        if (scan) line(e, "%s[%s] = %s;", cg_vi(e, op_result(op, i))->name, cg_flat(e, st->sh.dims, r, sidx), cg_vi(e, blk->args[i])->name);
    }
    if (!scan && len > 1) {
        /* the interpreter's order: halving, element j with element j + m
         * (m = ceil(n / 2)) while n > 1 elements are left */
        /* operands held in arrays, reduced along their last dim: the first
         * level reads the row in place (ttx_s: the row, then the scratch
         * of ceil(n / 2)), else the row is copied into the scratch first */
        bool direct = axis == r - 1;
        const char *row[16];
        for (int i = 0; i < k && direct; i++) {
            Value *v = op_operand(op, i);
            Type *el = st->sh.elem;
            const char *T = cg_rtype(e, v->type->sh.elem);
            direct = cg_vi(e, v)->kind == K_ARRAY && T && (el->kind == T_FLOAT || el->kind == T_INT || el->kind == T_INDEX);
            sidx[axis] = "0";
            if (direct) row[i] = fmt(e, "&%s[%s]", cg_vi(e, v)->name, cg_flat(e, st->sh.dims, r, sidx));
        }
        int64_t m0 = (len + 1) / 2;
        for (int i = 0; i < k; i++) {
            const char *dl = cg_decl(e, fmt(e, "ttx_r%d[%" PRId64 "]", i, direct ? m0 : len), blk->args[i]->type);
            if (!dl) return cg_unsupported(e, op, "its element type");
            line(e, "%s;", dl);
            if (direct) {
                line(e, "const %s *ttx_s%d = %s;", cg_rtype(e, op_operand(op, i)->type->sh.elem), i, row[i]);
                if (len % 2) line(e, "ttx_r%d[%" PRId64 "] = ttx_s%d[%" PRId64 "];", i, m0 - 1, i, m0 - 1);
            }
        }
        sidx[axis] = "j";
        if (!direct) {
            line(e, "for (i64 j = 0; j < %" PRId64 "; j++) {", len);
            e->ind++;
            for (int i = 0; i < k; i++) line(e, "ttx_r%d[j] = %s;", i, cg_ex(e, op_operand(op, i), sidx));
            e->ind--;
            line(e, "}");
        }
        const char *in = direct ? "ttx_s" : "ttx_r";
        /* a small combiner over a row of at most 4096: one loop per level
         * with constant bounds (the compiler sees that j and j + m never
         * meet, and unrolls the short levels), else one loop over the levels */
        int nops = 0;
        for (Op *q = blk->first; q; q = q->next) nops++;
        if (len <= 4096 && nops <= 8) {
            bool first = true;
            for (int64_t nn = len, mm; nn > 1; nn = mm, first = false) {
                mm = (nn + 1) / 2;
                if (!reduce_level(e, op, blk, k, first && direct ? "ttx_s" : "ttx_r", cg_tstr(e, tconst(mm)), cg_tstr(e, tconst(nn - mm)), sidx))
                    return false;
            }
        } else {
            line(e, "for (i64 ttx_n = %" PRId64 ", ttx_m; ttx_n > 1; ttx_n = ttx_m) {", len);
            e->ind++;
            line(e, "ttx_m = (ttx_n + 1) / 2;");
            if (!reduce_level(e, op, blk, k, in, "ttx_m", "ttx_n - ttx_m", sidx)) return false;
            if (direct)
                for (int i = 0; i < k; i++) line(e, "ttx_s%d = ttx_r%d;", i, i);
            e->ind--;
            line(e, "}");
        }
        for (int i = 0; i < k; i++) line(e, "%s = ttx_r%d[0];", cg_vi(e, blk->args[i])->name, i);
    } else if (len > 1) {
        line(e, "for (i64 j = 1; j < %" PRId64 "; j++) {", len);
        e->ind++;
        sidx[axis] = at;
        for (int i = 0; i < k; i++) {
            const char *dl = cg_decl(e, cg_vi(e, blk->args[k + i])->name, blk->args[k + i]->type);
            if (!dl) return cg_unsupported(e, op, "its element type");
            line(e, "%s = %s;", dl, cg_ex(e, op_operand(op, i), sidx));
            line(e, "(void)%s;", cg_vi(e, blk->args[k + i])->name);
        }
        Op *t = NULL;
        if (!cg_emit_block(e, blk, &t)) return false;
        if (!t || t->nopnds != k) return cg_unsupported(e, op, "its combiner");
        Value *dst[16], *src[16];
        for (int i = 0; i < k; i++) { dst[i] = blk->args[i]; src[i] = op_operand(t, i); }
        cg_assign_all(e, dst, src, k);
        if (scan)
            for (int i = 0; i < k; i++)
                line(e, "%s[%s] = %s;", cg_vi(e, op_result(op, i))->name, cg_flat(e, st->sh.dims, r, sidx), cg_vi(e, blk->args[i])->name);
        e->ind--;
        line(e, "}");
    }
    for (int i = 0; i < k && !scan; i++) {
        Value *res = op_result(op, i);
        if (is_tensor(res->type))
            line(e, "%s[%s] = %s;", cg_vi(e, res)->name, cg_flat(e, rd, rr, ridx), cg_vi(e, blk->args[i])->name);
        else line(e, "%s = %s;", cg_vi(e, res)->name, cg_vi(e, blk->args[i])->name);
    }
    cg_loops_close(e, n);
    e->ind--;
    line(e, "}");
    return !e->failed;
}

/* the name of a float array holding the 2-D tensor v: its own (f32, or f16
 * values held in floats), or a new one written element by element */
static const char *dot_operand(Cg *e, Value *v) {
    VI *x = cg_vi(e, v);
    const char *T = cg_rtype(e, type_elem(v->type));
    if (x->kind == K_ARRAY && T && !strcmp(T, "float")) return x->name;   /* f32, or f16 held in floats */
    const char *t = fmt(e, "ttx_d%d", e->ntmp++), *idx[MAXR];
    line(e, "float %s[%" PRId64 "];", t, type_numel(v->type));
    int n = cg_loops_open(e, v->type->sh.dims, 2, idx);
    line(e, "%s[%s] = %s;", t, cg_flat(e, v->type->sh.dims, 2, idx), cg_ex(e, v, idx));
    cg_loops_close(e, n);
    return t;
}

bool cg_emit_dot(Cg *e, Op *op) {
    if (op->nopnds < 3 || op->nres != 1) return cg_unsupported(e, op, "malformed");
    Value *a = op_operand(op, 0), *b = op_operand(op, 1), *c = op_operand(op, 2), *r = op_result(op, 0);
    Type *rt = r->type;
    if (!is_tensor(rt) || !is_tensor(a->type) || !is_tensor(b->type) || (rt->sh.rank != 2 && rt->sh.rank != 3))
        return cg_unsupported(e, op, "these operand shapes");
    int o = rt->sh.rank - 2;
    int64_t K = a->type->sh.dims[o + 1];
    Type *el = rt->sh.elem, *ae = a->type->sh.elem;
    bool fl = el->kind == T_FLOAT;
    if (fl != (ae->kind == T_FLOAT)) return cg_unsupported(e, op, "mixed integer and float operands");
    /* the accumulator of a K loop (acc = tt.dot(a, b, acc), yielded): the
     * result written into the carried array itself, which every path below
     * reads before it writes (not with a strategy's own dot, whose routine
     * may not take r and c the same) */
    const char *yd = !e->s->dot ? cg_yield_dest(e, op, r) : NULL;
    if (yd) {
        cg_vi(e, r)->kind = K_ARRAY;
        cg_vi(e, r)->name = yd;
    } else if (!cg_declare(e, r)) return false;
    /* row by row: acc[j] += a[i][k] * b[k][j] for k in order, so every
     * element sums its products in the same order as the interpreter */
    int64_t N = rt->sh.dims[o + 1];
    const char *idx[MAXR];
    int n;
    Type *be = b->type->sh.elem;
    bool small = (fname_is(ae, "f32") || is_f16ish(ae)) && (fname_is(be, "f32") || is_f16ish(be));
    int64_t M = rt->sh.dims[o];
    if (e->s->dot && e->s->dot(e, op)) return !e->failed;
    if (!o && fname_is(el, "f32") && small) {
        /* one call of the prelude's ttx_dot32 (register blocks where the
         * compiler has FMA) on float arrays: operands that are not one
         * (f16, or computed where used) are written into one first */
        const char *zi[2] = { "0", "0" }, *sc = "1";
        const char *an = dot_operand(e, a), *bn = dot_operand(e, b), *cn;
        if (cg_is_uniform_value(c)) {
            cn = fmt(e, "ttx_s%d", e->ntmp++);
            line(e, "float %s = %s;", cn, cg_ex(e, c, zi));
            cn = fmt(e, "&%s", cn);
            sc = "0";
        } else cn = dot_operand(e, c);
        line(e, "ttx_dot32(%s, %s, %s, %s, %s, %" PRId64 ", %" PRId64 ", %" PRId64 ");", cg_vi(e, r)->name, an, bn, cn, sc, M, N, K);
        return !e->failed;
    }
    if (fname_is(el, "f32") && small && M % 4 == 0) {
        /* four rows at a time, k outside and the columns inside, so a
         * compiler keeps the rows in registers and vectorises over j; each
         * element still adds its products in k order, each rounded once
         * (ttx_fma32) as the interpreter does */
        int64_t dims[3];
        for (int d = 0; d < rt->sh.rank; d++) dims[d] = rt->sh.dims[d];
        dims[o] = M / 4;
        n = cg_loops_open(e, dims, rt->sh.rank - 1, idx);
        const char *row = idx[o];
        const char *ai[4][3], *ci[4][3], *bk[3];
        if (o) bk[0] = idx[0];
        bk[o] = "k";
        bk[o + 1] = "j";
        for (int q = 0; q < 4; q++) {
            if (o) ai[q][0] = ci[q][0] = idx[0];
            ai[q][o] = ci[q][o] = fmt(e, "(%s * 4 + %d)", row, q);
            ai[q][o + 1] = "k";
            ci[q][o + 1] = "j";
        }
        line(e, "float c0[%" PRId64 "], c1[%" PRId64 "], c2[%" PRId64 "], c3[%" PRId64 "];", N, N, N, N);
        line(e, "for (i64 j = 0; j < %" PRId64 "; j++) {", N);
        for (int q = 0; q < 4; q++) line(e, "    c%d[j] = %s;", q, cg_ex(e, c, ci[q]));
        line(e, "}");
        line(e, "for (i64 k = 0; k < %" PRId64 "; k++) {", K);
        e->ind++;
        for (int q = 0; q < 4; q++) line(e, "float a%d = %s;", q, cg_ex(e, a, ai[q]));
        line(e, "for (i64 j = 0; j < %" PRId64 "; j++) {", N);
        e->ind++;
        line(e, "float bv = %s;", cg_ex(e, b, bk));
        for (int q = 0; q < 4; q++) line(e, "c%d[j] = ttx_fma32(a%d, bv, c%d[j]);", q, q, q);
        e->ind--;
        line(e, "}");
        e->ind--;
        line(e, "}");
        line(e, "for (i64 j = 0; j < %" PRId64 "; j++) {", N);
        for (int q = 0; q < 4; q++) line(e, "    %s[%s] = c%d[j];", cg_vi(e, r)->name, cg_flat(e, rt->sh.dims, rt->sh.rank, ci[q]), q);
        line(e, "}");
        cg_loops_close(e, n);
        return !e->failed;
    }
    n = cg_loops_open(e, rt->sh.dims, rt->sh.rank - 1, idx);
    idx[o + 1] = "j";
    const char *aidx[3], *bidx[3];
    if (o) { aidx[0] = bidx[0] = idx[0]; }
    aidx[o] = idx[o];
    aidx[o + 1] = "k";
    bidx[o] = "k";
    bidx[o + 1] = "j";
    const char *T = cg_rtype(e, el);
    line(e, "%s acc[%" PRId64 "];", T, N);
    line(e, "for (i64 j = 0; j < %" PRId64 "; j++) acc[j] = %s;", N, cg_ex(e, c, idx));
    line(e, "for (i64 k = 0; k < %" PRId64 "; k++) {", K);
    e->ind++;
    line(e, "%s a = %s;", T, cg_ex(e, a, aidx));
    const char *B = cg_ex(e, b, bidx), *upd;
    if (fl) upd = cg_fround(e, el, fmt(e, "((double)acc[j] + (double)a * %s)", B));
    else upd = fmt(e, "(%s)((u64)acc[j] + (u64)(i64)a * (u64)(i64)%s)", T, B);
    line(e, "for (i64 j = 0; j < %" PRId64 "; j++) acc[j] = %s;", N, upd);
    e->ind--;
    line(e, "}");
    line(e, "for (i64 j = 0; j < %" PRId64 "; j++) %s[%s] = acc[j];", N, cg_vi(e, r)->name, cg_flat(e, rt->sh.dims, rt->sh.rank, idx));
    cg_loops_close(e, n);
    return !e->failed;
}

int cg_rt_f32_code(Op *op) {
    if (op->nres != 1 || !fname_is(type_elem(op->res[0].type), "f32")) return -1;
    for (int i = 0; i < op->nopnds; i++)
        if (!fname_is(type_elem(op_operand(op, i)->type), "f32")) return -1;
    switch (op->info->id) {
    case OP_arith_addf: return 0;
    case OP_arith_subf: return 1;
    case OP_arith_mulf: return 2;
    case OP_arith_divf: return 3;
    case OP_arith_maxnumf: return 4;
    case OP_arith_minnumf: return 5;
    case OP_math_exp: return 16;
    default: return -1;
    }
}
