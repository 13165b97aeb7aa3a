/* targets/cgen/xsmt.c - the SpacemiT SMT ops as loop nests (see emit.h),
 * with the reference interpreter's semantics (runtime/interp_xsmt.c, the
 * index math of spine-triton.md 1.5): xsmt.pack, unpack and repack with
 * run-time offsets and zero padding, xsmt.mmt4d summing f16/bf16 products in
 * f32 (each sum rounded, as the interpreter does) and rounding to A's
 * element type, tle.extract_tile / insert_tile at a run-time tile index, the
 * barriers as no-ops and xsmt.get_num_of_thread as the module's
 * tt.num_threads.  A negative offset or a tile index out of range stops the
 * program (TTX_FAIL) as the interpreter's error does.
 *
 * xsmt.alloc is a zeroed local array of the program (NAME_s) with a block
 * pointer over it; xsmt.subview_pack and xsmt.subview make block pointers
 * (views, as the interpreter's: a window of a subview_pack that leaves its
 * base, or a negative offset, fails); an access through a pointer whose
 * root is an alloc is checked against that array (cg_scratch_root).
 * xsmt.alloc_copies is one zeroed local array of all its copies (NAME_s),
 * xsmt.buffer_tensor_view a block pointer over copy %i (an index out of
 * range fails), an access through it checked against that copy;
 * xsmt.mbarrier_copies emits nothing, xsmt.mbarrier_subview is the handle
 * 1 + i (checked against the count) and xsmt.barrier_set_expect a no-op. */
#include "emit.h"

#include "dialects.h"

static int64_t cdiv(int64_t a, int64_t b) { return a / b + (a % b != 0); } /* a, b > 0; no overflow near INT64_MAX */

static bool two(Op *op, const char *name, int64_t *v) {
    return op_attr_ints(op, name, v, 3) == 2 && v[0] > 0 && v[1] > 0;
}

/* a 4-index element of the array-or-virtual value v */
static const char *el4(Cg *e, Value *v, const char *a, const char *b, const char *c, const char *d) {
    const char *idx[4] = { a, b, c, d };
    return cg_ex(e, v, idx);
}
static const char *el2(Cg *e, Value *v, const char *a, const char *b) {
    const char *idx[2] = { a, b };
    return cg_ex(e, v, idx);
}

/* i64 ttx_o0, ttx_o1 from operands 1 and 2, a negative one failing */
static void offsets(Cg *e, Op *op) {
    line(e, "i64 ttx_o0 = (i64)%s, ttx_o1 = (i64)%s;", cg_ex(e, op_operand(op, 1), NULL), cg_ex(e, op_operand(op, 2), NULL));
    line(e, "if (ttx_o0 < 0 || ttx_o1 < 0) { TTX_FAIL(%d); ttx_o0 = ttx_o1 = 0; }", cg_site(e, op));
}

/* dst[T0][T1][p0][p1] := pack of the window (o, s) of the R x C source, whose
 * element (u, v) is src_at(u, v) */
static void pack_loops(Cg *e, const char *dst, int64_t R, int64_t C, const int64_t *s, const int64_t *p, Value *src, const char *tmp) {
    int64_t T0 = cdiv(s[0], p[0]), T1 = cdiv(s[1], p[1]);
    line(e, "i64 ttx_l0 = %" PRId64 " - ttx_o0, ttx_l1 = %" PRId64 " - ttx_o1;", R, C);
    line(e, "if (ttx_l0 > %" PRId64 ") ttx_l0 = %" PRId64 ";", s[0], s[0]);
    line(e, "if (ttx_l1 > %" PRId64 ") ttx_l1 = %" PRId64 ";", s[1], s[1]);
    line(e, "for (i64 i0 = 0; i0 < %" PRId64 "; i0++)", T0);
    line(e, "for (i64 i1 = 0; i1 < %" PRId64 "; i1++)", T1);
    line(e, "for (i64 i2 = 0; i2 < %" PRId64 "; i2++)", p[0]);
    line(e, "for (i64 i3 = 0; i3 < %" PRId64 "; i3++) {", p[1]);
    e->ind++;
    line(e, "i64 u = i0 * %" PRId64 " + i2, v = i1 * %" PRId64 " + i3;", p[0], p[1]);
    const char *x = tmp ? fmt(e, "%s[u * %" PRId64 " + v]", tmp, C) : el2(e, src, "(ttx_o0 + u)", "(ttx_o1 + v)");
    line(e, "%s[((i0 * %" PRId64 " + i1) * %" PRId64 " + i2) * %" PRId64 " + i3] = u < ttx_l0 && v < ttx_l1 ? %s : 0;", dst, T1, p[0], p[1], x);
    e->ind--;
    line(e, "}");
}

/* dst[s0][s1] (row stride s1) := the window at ttx_o0/ttx_o1 of the unpacked
 * 4-D value pk; elements past the packed data are left */
static void unpack_loops(Cg *e, const char *dst, Value *pk, const int64_t *s) {
    const int64_t *pd = pk->type->sh.dims;
    line(e, "i64 ttx_l0 = %" PRId64 " - ttx_o0, ttx_l1 = %" PRId64 " - ttx_o1;", pd[0] * pd[2], pd[1] * pd[3]);
    line(e, "if (ttx_l0 > %" PRId64 ") ttx_l0 = %" PRId64 ";", s[0], s[0]);
    line(e, "if (ttx_l1 > %" PRId64 ") ttx_l1 = %" PRId64 ";", s[1], s[1]);
    line(e, "for (i64 y = 0; y < ttx_l0; y++)");
    line(e, "for (i64 x = 0; x < ttx_l1; x++) {");
    e->ind++;
    line(e, "i64 u = ttx_o0 + y, v = ttx_o1 + x;");
    const char *a = el4(e, pk, fmt(e, "(u / %" PRId64 ")", pd[2]), fmt(e, "(v / %" PRId64 ")", pd[3]),
                        fmt(e, "(u %% %" PRId64 ")", pd[2]), fmt(e, "(v %% %" PRId64 ")", pd[3]));
    line(e, "%s[y * %" PRId64 " + x] = %s;", dst, s[1], a);
    e->ind--;
    line(e, "}");
}

static bool emit_pack(Cg *e, Op *op) {
    Value *x = op_operand(op, 0), *r = op_result(op, 0);
    int64_t s[2], p[2];
    if (!is_tensor(x->type) || x->type->sh.rank != 2 || op->nopnds < 3 || !two(op, "shape", s) || !two(op, "packed_size", p))
        return cg_unsupported(e, op, "malformed");
    if (!cg_declare(e, r)) return false;
    if (e->s->xsmt_copy && e->s->xsmt_copy(e, op)) return !e->failed;
    line(e, "{");
    e->ind++;
    offsets(e, op);
    pack_loops(e, cg_vi(e, r)->name, x->type->sh.dims[0], x->type->sh.dims[1], s, p, x, NULL);
    e->ind--;
    line(e, "}");
    return !e->failed;
}

static bool emit_unpack(Cg *e, Op *op) {
    Value *pk = op_operand(op, 0), *r = op_result(op, 0);
    int64_t s[2];
    if (!is_tensor(pk->type) || pk->type->sh.rank != 4 || op->nopnds < 3 || !two(op, "shape", s)) return cg_unsupported(e, op, "malformed");
    if (!cg_declare(e, r)) return false;
    if (e->s->xsmt_copy && e->s->xsmt_copy(e, op)) return !e->failed;
    const char *name = cg_vi(e, r)->name;
    line(e, "{");
    e->ind++;
    offsets(e, op);
    if (op->nopnds == 4) {
        Value *d = op_operand(op, 3);
        line(e, "for (i64 y = 0; y < %" PRId64 "; y++)", s[0]);
        line(e, "for (i64 x = 0; x < %" PRId64 "; x++) %s[y * %" PRId64 " + x] = %s;", s[1], name, s[1], el2(e, d, "y", "x"));
    } else {
        line(e, "for (i64 k = 0; k < %" PRId64 "; k++) %s[k] = 0;", s[0] * s[1], name);
    }
    unpack_loops(e, name, pk, s);
    e->ind--;
    line(e, "}");
    return !e->failed;
}

static bool emit_repack(Cg *e, Op *op) {
    Value *pk = op_operand(op, 0), *r = op_result(op, 0);
    int64_t s[2], p[2];
    if (!is_tensor(pk->type) || pk->type->sh.rank != 4 || op->nopnds < 3 || !two(op, "shape", s) || !two(op, "packed_size", p))
        return cg_unsupported(e, op, "malformed");
    const char *T = cg_rtype(e, pk->type->sh.elem);
    if (!T) return cg_unsupported(e, op, "its element type");
    if (!cg_declare(e, r)) return false;
    if (e->s->xsmt_copy && e->s->xsmt_copy(e, op)) return !e->failed;
    line(e, "{");
    e->ind++;
    line(e, "%s ttx_w[%" PRId64 "];", T, s[0] * s[1]);
    line(e, "for (i64 k = 0; k < %" PRId64 "; k++) ttx_w[k] = 0;", s[0] * s[1]);
    line(e, "{");
    e->ind++;
    offsets(e, op);
    unpack_loops(e, "ttx_w", pk, s);
    e->ind--;
    line(e, "}");
    line(e, "i64 ttx_o0 = 0, ttx_o1 = 0;");
    pack_loops(e, cg_vi(e, r)->name, s[0], s[1], s, p, NULL, "ttx_w");
    e->ind--;
    line(e, "}");
    return !e->failed;
}

static bool emit_mmt4d(Cg *e, Op *op) {
    Value *a = op_operand(op, 0), *b = op_operand(op, 1), *r = op_result(op, 0);
    Type *rt = r->type;
    if (!is_tensor(a->type) || !is_tensor(b->type) || !is_tensor(rt) || a->type->sh.rank != 4 || b->type->sh.rank != 4 || rt->sh.rank != 4)
        return cg_unsupported(e, op, "these operand shapes");
    const int64_t *ad = a->type->sh.dims, *bd = b->type->sh.dims;
    Type *el = rt->sh.elem;
    bool fl = el->kind == T_FLOAT;
    if (fl != (a->type->sh.elem->kind == T_FLOAT) || fl != (b->type->sh.elem->kind == T_FLOAT)) return cg_unsupported(e, op, "mixed integer and float operands");
    const char *T = cg_rtype(e, el);
    if (!T) return cg_unsupported(e, op, "its element type");
    if (!cg_declare(e, r)) return false;
    if (e->s->mmt4d && e->s->mmt4d(e, op)) return !e->failed;
    int64_t MB = ad[0], KB = ad[1], mb = ad[2], kb = ad[3], NB = bd[0], nb = bd[2];
    bool wide = fl && fname_is(el, "f64");
    line(e, "for (i64 m1 = 0; m1 < %" PRId64 "; m1++)", MB);
    line(e, "for (i64 n1 = 0; n1 < %" PRId64 "; n1++)", NB);
    line(e, "for (i64 m0 = 0; m0 < %" PRId64 "; m0++)", mb);
    line(e, "for (i64 n0 = 0; n0 < %" PRId64 "; n0++) {", nb);
    e->ind++;
    line(e, "%s acc = 0;", fl ? (wide ? "double" : "float") : "u64");
    line(e, "for (i64 k1 = 0; k1 < %" PRId64 "; k1++)", KB);
    line(e, "for (i64 k0 = 0; k0 < %" PRId64 "; k0++)", kb);
    const char *x = el4(e, a, "m1", "k1", "m0", "k0"), *y = el4(e, b, "n1", "k1", "n0", "k0");
    if (wide) line(e, "    acc = acc + (double)%s * (double)%s;", x, y);
    else if (fl) line(e, "    acc = (float)((double)acc + (double)%s * (double)%s);", x, y);
    else line(e, "    acc += (u64)(i64)%s * (u64)(i64)%s;", x, y);
    const char *res = fl ? cg_fround(e, el, fl && !wide ? "(double)acc" : "acc") : fmt(e, "(%s)acc", T);
    line(e, "%s[((m1 * %" PRId64 " + n1) * %" PRId64 " + m0) * %" PRId64 " + n0] = %s;", cg_vi(e, r)->name, NB, mb, nb, res);
    e->ind--;
    line(e, "}");
    return !e->failed;
}

/* ---- for the strategies' mmt4d micro-kernels (emit.h) ---- */

/* v as a contiguous row-major array of C type T: its own array when it is
 * one of type T already, else a local copy (declared here) */
const char *cg_mmt4d_array(Cg *e, Value *v, const char *T, bool own_ok, const char *tmp) {
    if (own_ok && cg_vi(e, v)->kind == K_ARRAY) return cg_vi(e, v)->name;
    const int64_t *d = v->type->sh.dims;
    line(e, "%s %s[%" PRId64 "];", T, tmp, type_numel(v->type));
    const char *idx[4];
    int n = cg_loops_open(e, d, 4, idx);
    line(e, "%s[%s] = (%s)%s;", tmp, cg_flat(e, d, 4, idx), T, cg_ex(e, v, idx));
    cg_loops_close(e, n);
    return tmp;
}

/* B [NB][KB][nb][kb] in the Bn layout [KB][NB][kb][nb]: the array of the
 * pack under a tt.trans [1, 0, 3, 2], else a transposing copy */
const char *cg_mmt4d_bn(Cg *e, Value *b, const char *T, bool own_ok, const char *tmp) {
    Op *t = b->def;
    int64_t ord[4];
    if (own_ok && t && op_is(t, OP_tt_trans) && op_attr_ints(t, "order", ord, 4) == 4 && ord[0] == 1 && ord[1] == 0 &&
        ord[2] == 3 && ord[3] == 2 && cg_vi(e, op_operand(t, 0))->kind == K_ARRAY)
        return cg_vi(e, op_operand(t, 0))->name;
    const int64_t *d = b->type->sh.dims;
    int64_t kd[4] = { d[1], d[0], d[3], d[2] };
    line(e, "%s %s[%" PRId64 "];", T, tmp, type_numel(b->type));
    const char *idx[4];
    int n = cg_loops_open(e, kd, 4, idx);
    const char *bi[4] = { idx[1], idx[0], idx[3], idx[2] };
    line(e, "%s[%s] = (%s)%s;", tmp, cg_flat(e, kd, 4, idx), T, cg_ex(e, b, bi));
    cg_loops_close(e, n);
    return tmp;
}

/* ---- scratch buffers and pointer views ---- */

Value *cg_scratch_root(Value *p) {
    for (int k = 0; p && p->def && k < 64; k++) {
        Op *d = p->def;
        if (op_is(d, OP_xsmt_alloc) || op_is(d, OP_xsmt_buffer_tensor_view)) return p;
        if (!op_is(d, OP_xsmt_subview) && !op_is(d, OP_xsmt_subview_pack) && !op_is(d, OP_tt_advance)) return NULL;
        p = op_operand(d, 0);
    }
    return NULL;
}

/* name's shape, row-major strides and zero offsets: a dense block of type pt */
static void bptr_dense(Cg *e, const char *name, Type *pt) {
    int64_t st = 1;
    for (int d = pt->sh.rank - 1; d >= 0; d--) {
        line(e, "%s.shape[%d] = %" PRId64 "; %s.stride[%d] = %" PRId64 "; %s.off[%d] = 0;", name, d, pt->sh.dims[d], name, d, st, name, d);
        st *= pt->sh.dims[d];
    }
}

static bool emit_alloc(Cg *e, Op *op) {
    Value *r = op_result(op, 0);
    Type *pt = r->type->ptr.pointee;
    const char *mt = cg_mtype(e, pt->sh.elem);
    int R = pt->sh.rank;
    if (!mt || R < 1 || R > MAXR) return cg_unsupported(e, op, "its result type");
    VI *x = cg_vi(e, r);
    x->kind = K_BPTR;
    line(e, "%s %s_s[%" PRId64 "] = { 0 };", mt, x->name, type_numel(pt));
    line(e, "ttx_bptr %s;", x->name);
    line(e, "%s.base = %s_s;", x->name, x->name);
    bptr_dense(e, x->name, pt);
    return !e->failed;
}

static bool emit_subview(Cg *e, Op *op) {
    Value *b = op_operand(op, 0), *r = op_result(op, 0);
    Type *bt = b->type->ptr.pointee;
    if (op->nopnds != 3 || !is_bptr(b->type) || (bt->sh.rank != 2 && bt->sh.rank != 4)) return cg_unsupported(e, op, "malformed");
    VI *x = cg_vi(e, r);
    x->kind = K_BPTR;
    line(e, "ttx_bptr %s = %s;", x->name, cg_vi(e, b)->name);
    line(e, "{");
    e->ind++;
    offsets(e, op);
    if (bt->sh.rank == 4)
        for (int k = 0; k < 2; k++)
            line(e, "%s.off[%d] += (ttx_o%d + %" PRId64 ") / %" PRId64 ";", x->name, k, k, bt->sh.dims[2 + k] - 1, bt->sh.dims[2 + k]);
    else
        for (int k = 0; k < 2; k++) line(e, "%s.off[%d] += ttx_o%d;", x->name, k, k);
    e->ind--;
    line(e, "}");
    return !e->failed;
}

static bool emit_subview_pack(Cg *e, Op *op) {
    Value *b = op_operand(op, 0), *r = op_result(op, 0);
    int64_t s[2], p[2];
    if (op->nopnds != 3 || !is_bptr(b->type) || b->type->ptr.pointee->sh.rank != 2 || !two(op, "shape", s) || !two(op, "packed_size", p) ||
        s[0] % p[0] || s[1] % p[1])
        return cg_unsupported(e, op, "malformed");
    Type *el = b->type->ptr.pointee->sh.elem;
    VI *x = cg_vi(e, r);
    const char *bn = cg_vi(e, b)->name;
    x->kind = K_BPTR;
    line(e, "ttx_bptr %s;", x->name);
    line(e, "{");
    e->ind++;
    line(e, "i64 ttx_o0 = %s.off[0] + (i64)%s, ttx_o1 = %s.off[1] + (i64)%s;", bn, cg_ex(e, op_operand(op, 1), NULL), bn,
         cg_ex(e, op_operand(op, 2), NULL));
    line(e, "if (ttx_o0 < 0 || ttx_o1 < 0 || ttx_o0 + %" PRId64 " > %s.shape[0] || ttx_o1 + %" PRId64 " > %s.shape[1]) { TTX_FAIL(%d); ttx_o0 = ttx_o1 = 0; }",
         s[0], bn, s[1], bn, cg_site(e, op));
    line(e, "%s.base = (char *)%s.base + (ttx_o0 * %s.stride[0] + ttx_o1 * %s.stride[1]) * %d;", x->name, bn, bn, bn, cg_msize(el));
    int64_t shp[4] = { s[0] / p[0], s[1] / p[1], p[0], p[1] };
    for (int d = 0; d < 4; d++) line(e, "%s.shape[%d] = %" PRId64 "; %s.off[%d] = 0;", x->name, d, shp[d], x->name, d);
    for (int d = 0; d < 2; d++) {
        line(e, "%s.stride[%d] = %s.stride[%d] * %" PRId64 ";", x->name, d, bn, d, p[d]);
        line(e, "%s.stride[%d] = %s.stride[%d];", x->name, d + 2, bn, d);
    }
    e->ind--;
    line(e, "}");
    return !e->failed;
}

/* the check that the element at p (sz bytes) lies in the scratch array of
 * root (cg_scratch_root), else TTX_FAIL(id) */
const char *cg_scratch_check(Cg *e, Value *root, int sz, int id) {
    const char *sn = cg_vi(e, root)->name;
    if (op_is(root->def, OP_xsmt_alloc))
        return fmt(e, "((const char *)p >= (const char *)%s_s && (const char *)p + %d <= (const char *)%s_s + sizeof %s_s ? 1 : (TTX_FAIL(%d), 0))",
                   sn, sz, sn, sn, id);
    Type *pt = root->type->ptr.pointee;   /* a copy of an alloc_copies buffer */
    int64_t bytes = type_numel(pt) * cg_msize(pt->sh.elem);
    return fmt(e, "((const char *)p >= (const char *)%s.base && (const char *)p + %d <= (const char *)%s.base + %" PRId64 " ? 1 : (TTX_FAIL(%d), 0))",
               sn, sz, sn, bytes, id);
}

/* xsmt.alloc_copies: one zeroed local array NAME_s of all the copies */
static bool emit_alloc_copies(Cg *e, Op *op) {
    Value *r = op_result(op, 0);
    XsmtBuffer b;
    if (!xsmt_buffer_of(e->c, r->type, &b) || b.rank < 2 || b.copies != b.shape[0] || b.copies <= 0) return cg_unsupported(e, op, "its result type");
    const char *mt = cg_mtype(e, b.elem);
    if (!mt || b.rank - 1 > MAXR) return cg_unsupported(e, op, "its result type");
    int64_t n = 1;
    for (int d = 0; d < b.rank; d++) n *= b.shape[d];
    line(e, "%s %s_s[%" PRId64 "] = { 0 };", mt, cg_vi(e, r)->name, n);
    return !e->failed;
}

/* xsmt.buffer_tensor_view %buf[%i]: a block pointer over copy %i (an index
 * out of range fails) */
static bool emit_buffer_view(Cg *e, Op *op) {
    Value *bv = op_operand(op, 0), *r = op_result(op, 0);
    XsmtBuffer b;
    if (!xsmt_buffer_of(e->c, bv->type, &b) || !bv->def || !op_is(bv->def, OP_xsmt_alloc_copies) || !is_bptr(r->type))
        return cg_unsupported(e, op, "a buffer not made by xsmt.alloc_copies here");
    Type *pt = r->type->ptr.pointee;
    int R = pt->sh.rank;
    if (R < 1 || R > MAXR) return cg_unsupported(e, op, "its result type");
    VI *x = cg_vi(e, r);
    x->kind = K_BPTR;
    line(e, "ttx_bptr %s;", x->name);
    line(e, "{");
    e->ind++;
    line(e, "i64 ttx_k = (i64)%s;", cg_ex(e, op_operand(op, 1), NULL));
    line(e, "if (ttx_k < 0 || ttx_k >= %" PRId64 ") { TTX_FAIL(%d); ttx_k = 0; }", b.copies, cg_site(e, op));
    line(e, "%s.base = %s_s + ttx_k * %" PRId64 ";", x->name, cg_vi(e, bv)->name, type_numel(pt));
    e->ind--;
    line(e, "}");
    bptr_dense(e, x->name, pt);
    return !e->failed;
}

/* xsmt.mbarrier_subview %bar[%i]: the handle 1 + i of barrier i (as the
 * interpreter's; an index out of range fails) */
static bool emit_mbarrier_subview(Cg *e, Op *op) {
    Value *v = op_result(op, 0);
    int64_t n = xsmt_mbarrier_count(op_operand(op, 0)->type);
    const char *dl = cg_decl(e, cg_vi(e, v)->name, v->type);
    if (!dl || n <= 0) return cg_unsupported(e, op, "its types");
    line(e, "%s = (i64)%s;", dl, cg_ex(e, op_operand(op, 1), NULL));
    line(e, "if (%s < 0 || %s >= %" PRId64 ") { TTX_FAIL(%d); %s = 0; }", cg_vi(e, v)->name, cg_vi(e, v)->name, n, cg_site(e, op), cg_vi(e, v)->name);
    line(e, "%s += 1;", cg_vi(e, v)->name);
    return !e->failed;
}

/* tle: the tile at a row-major linear index of the grid */
static bool emit_tile(Cg *e, Op *op) {
    bool ins = op_is(op, OP_tle_insert_tile);
    Value *src = op_operand(op, 0), *r = op_result(op, 0), *idx = op_operand(op, ins ? 2 : 1);
    Type *st = src->type, *tt = ins ? op_operand(op, 1)->type : r->type;
    if (!is_tensor(st) || !is_tensor(tt) || st->sh.rank != tt->sh.rank || st->sh.rank > MAXR || st->sh.rank < 1) return cg_unsupported(e, op, "these operand shapes");
    int rank = st->sh.rank;
    int64_t ntiles = 1, grid[MAXR];
    for (int d = 0; d < rank; d++) {
        if (tt->sh.dims[d] <= 0 || st->sh.dims[d] % tt->sh.dims[d]) return cg_unsupported(e, op, "these operand shapes");
        grid[d] = st->sh.dims[d] / tt->sh.dims[d];
        ntiles *= grid[d];
    }
    if (!cg_declare(e, r)) return false;
    const char *name = cg_vi(e, r)->name;
    line(e, "{");
    e->ind++;
    line(e, "i64 ttx_k = (i64)%s;", cg_ex(e, idx, NULL));
    line(e, "if (ttx_k < 0 || ttx_k >= %" PRId64 ") { TTX_FAIL(%d); ttx_k = 0; }", ntiles, cg_site(e, op));
    for (int d = rank - 1; d >= 0; d--) line(e, "i64 ttx_t%d = ttx_k %% %" PRId64 "; ttx_k /= %" PRId64 ";", d, grid[d], grid[d]);
    if (ins) {
        const char *all[MAXR];
        int n = cg_loops_open(e, st->sh.dims, rank, all);
        line(e, "%s[%s] = %s;", name, cg_flat(e, st->sh.dims, rank, all), cg_ex(e, src, all));
        cg_loops_close(e, n);
    }
    const char *ti[MAXR], *si[MAXR];
    int n = cg_loops_open(e, tt->sh.dims, rank, ti);
    for (int d = 0; d < rank; d++) si[d] = fmt(e, "(ttx_t%d * %" PRId64 " + %s)", d, tt->sh.dims[d], ti[d]);
    if (ins) line(e, "%s[%s] = %s;", name, cg_flat(e, st->sh.dims, rank, si), cg_ex(e, op_operand(op, 1), ti));
    else line(e, "%s[%s] = %s;", name, cg_flat(e, tt->sh.dims, rank, ti), cg_ex(e, src, si));
    cg_loops_close(e, n);
    e->ind--;
    line(e, "}");
    return !e->failed;
}

/* a scalar result set to the constant k */
static bool scalar_const(Cg *e, Op *op, int64_t k) {
    Value *v = op_result(op, 0);
    const char *dl = op->nres == 1 ? cg_decl(e, cg_vi(e, v)->name, v->type) : NULL;
    if (!dl || is_tensor(v->type)) return cg_unsupported(e, op, "its result type");
    line(e, "%s = %" PRId64 ";", dl, k);
    return true;
}

bool cg_emit_xsmt(Cg *e, Op *op) {
    if (op->verbatim) return cg_unsupported(e, op, NULL);
    if (op->loc.line > 0) line(e, "/* %s (%s:%d:%d) */", op_name(op), loc_file(op->loc) ? loc_file(op->loc) : "?", op->loc.line, op->loc.col);
    switch (op->info->id) {
    case OP_xsmt_pack: return emit_pack(e, op);
    case OP_xsmt_unpack: return emit_unpack(e, op);
    case OP_xsmt_repack: return emit_repack(e, op);
    case OP_xsmt_mmt4d: return emit_mmt4d(e, op);
    case OP_xsmt_alloc: return emit_alloc(e, op);
    case OP_xsmt_subview: return emit_subview(e, op);
    case OP_xsmt_subview_pack: return emit_subview_pack(e, op);
    case OP_tle_extract_tile: case OP_tle_insert_tile: return emit_tile(e, op);
    case OP_xsmt_get_num_of_thread: return scalar_const(e, op, module_num_threads(op));
    case OP_xsmt_async_mbarrier_alloc: return scalar_const(e, op, 1);   /* a handle: the programs run as the interpreter's do */
    case OP_xsmt_annotation: case OP_xsmt_async_mbarrier_arrive: case OP_xsmt_async_mbarrier_wait:
    case OP_xsmt_async_mbarrier_release: case OP_xsmt_barrier_set_expect:
        return true;
    case OP_xsmt_alloc_copies: return emit_alloc_copies(e, op);
    case OP_xsmt_buffer_tensor_view: return emit_buffer_view(e, op);
    case OP_xsmt_mbarrier_copies: return true;   /* the barriers are handles 1 .. n, made by mbarrier_subview */
    case OP_xsmt_mbarrier_subview: return emit_mbarrier_subview(e, op);
    default: return cg_unsupported(e, op, NULL);
    }
}
