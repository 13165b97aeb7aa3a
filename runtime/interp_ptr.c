/* interp_ptr.c - the interpreter's structured pointers: tt block pointers
 * (make_tensor_ptr, advance, boundary checks), tensor descriptors, and
 * triton-shared's tts pointers (wrap-around, gather/scatter, mask dims). */
#include "interp_impl.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- block pointers, descriptors, structured pointers ------------------ */

static int blk_rank(const RV *b) { return (int)((b->n - 1) / 3); }
/* the same for a product (wa: interp_impl.h) */
static int64_t wm(int64_t x, int64_t y) { return (int64_t)((uint64_t)x * (uint64_t)y); }

/* the tensor of element pointers of a block of `shape` starting at the block
 * value's offsets (plus `at`, if given), and in `inb` (if given) whether each
 * lane lies inside the shape along the dimensions of `check` */
static bool block_lanes(In *in, Op *op, const RV *b, Type *elem, int rank, const int64_t *dims, const int64_t *at,
                        const bool *check, RV *ptrs, unsigned char **inb) {
    int R = blk_rank(b);
    if (R != rank) return iv_fail(in, op, "block rank %d does not match the tensor rank %d", R, rank);
    Type *pt = type_ptr(in->c, elem, 1);
    if (!iv_rv_alloc(in, op, ptrs, type_tensor(in->c, rank, dims, pt))) return false;
    if (inb && !(*inb = calloc((size_t)(ptrs->n ? ptrs->n : 1), 1))) { free(ptrs->e); ptrs->e = NULL; return iv_fail(in, op, "out of memory"); }
    int64_t sz = iv_elem_bytes(elem);
    for (int64_t k = 0; k < ptrs->n; k++) {
        int64_t rem = k, off = 0;
        bool ok = true;
        for (int d = rank - 1; d >= 0; d--) {
            int64_t i = rem % dims[d];
            rem /= dims[d];
            int64_t pos = wa(wa(b->e[1 + 2 * R + d].i, at ? at[d] : 0), i);
            if (check && check[d] && (pos < 0 || pos >= b->e[1 + d].i)) ok = false;
            off = wa(off, wm(pos, b->e[1 + R + d].i));
        }
        ptrs->e[k].p.buf = b->e[0].p.buf;
        ptrs->e[k].p.off = wa(b->e[0].p.off, wm(off, sz));
        if (inb) (*inb)[k] = ok;
    }
    return true;
}

/* read through pointer tensor p into r (lanes with on[k] == 0 take pad), or
 * write v through it (lanes with on[k] == 0 are skipped) */
static bool access_lanes(In *in, Op *op, const RV *p, const unsigned char *on, const El *pad, RV *r, const RV *v) {
    Type *pe = iv_pointee_of(in, op, p->et);
    if (!pe) return false;
    for (int64_t k = 0; k < p->n; k++) {
        if (on && !on[k]) {
            if (r) { if (pad) r->e[k] = *pad; else memset(&r->e[k], 0, sizeof(El)); }
            continue;
        }
        unsigned char *a = iv_mem_at(in, op, p, k, pe, r ? "reads" : "writes");
        if (!a) return false;
        if (r ? !iv_mem_read(in, op, a, pe, &r->e[k]) : !iv_mem_write(in, op, a, pe, v->e[v->n == 1 ? 0 : k])) return false;
    }
    return true;
}

bool iv_make_tensor_ptr(In *in, Op *op, RV *r) {
    int R = blk_rank(r);
    if (op->nopnds != 1 + 3 * R) return iv_fail(in, op, "expected %d operands", 1 + 3 * R);
    for (int i = 0; i < op->nopnds; i++) {
        RV *v = iv_opnd(in, op, i);
        if (!v) return false;
        if (!i) { r->e[0] = v->e[0]; continue; }
        int w = iv_kind_of(v->et) == 'i' ? iw(v->et) : 64;
        r->e[i].i = sx(v->e[0].i, w);
    }
    return true;
}

bool iv_advance(In *in, Op *op, RV *r) {
    RV *b = iv_opnd(in, op, 0);
    if (!b) return false;
    int R = blk_rank(b);
    if (b->n != r->n || op->nopnds != 1 + R) return iv_fail(in, op, "expected %d offsets", R);
    memcpy(r->e, b->e, sizeof(El) * (size_t)r->n);
    for (int d = 0; d < R; d++) {
        RV *o = iv_opnd(in, op, 1 + d);
        if (!o) return false;
        r->e[1 + 2 * R + d].i = wa(r->e[1 + 2 * R + d].i, sx(o->e[0].i, iw(o->et)));
    }
    return true;
}

/* the dimensions named by an array attribute (boundaryCheck) as flags */
static bool dims_flags(In *in, Op *op, const char *name, int rank, bool *fl) {
    int64_t v[MAX_RANK];
    for (int d = 0; d < rank; d++) fl[d] = false;
    Attr *a = op_attr(op, name);
    if (!a) return true;
    int n = op_attr_ints(op, name, v, MAX_RANK);
    if (n < 0) return iv_fail(in, op, "bad '%s'", name);
    for (int i = 0; i < n; i++) {
        if (v[i] < 0 || v[i] >= rank) return iv_fail(in, op, "'%s' names dimension %lld of a rank-%d block", name, (long long)v[i], rank);
        fl[v[i]] = true;
    }
    return true;
}

bool iv_block_load(In *in, Op *op, RV *b, RV *r) {
    bool chk[MAX_RANK];
    if (b->t->kind != T_PTR) return iv_fail(in, op, "expected a block pointer");
    if (!dims_flags(in, op, "boundaryCheck", r->rank, chk)) return false;
    Type *elem = b->t->ptr.pointee->sh.elem;
    RV p;
    unsigned char *on = NULL;
    if (!block_lanes(in, op, b, elem, r->rank, r->dims, NULL, chk, &p, &on)) return false;
    int64_t pad = 0;
    op_attr_int(op, "padding", &pad);
    El pv;
    memset(&pv, 0, sizeof pv);
    if (iv_kind_of(r->et) == 'f') pv.f = pad == 2 ? NAN : 0.0;
    bool ok = access_lanes(in, op, &p, on, &pv, r, NULL);
    free(p.e);
    free(on);
    return ok;
}

bool iv_block_store(In *in, Op *op, RV *b, RV *v) {
    bool chk[MAX_RANK];
    if (b->t->kind != T_PTR) return iv_fail(in, op, "expected a block pointer");
    if (!dims_flags(in, op, "boundaryCheck", v->rank, chk)) return false;
    Type *elem = b->t->ptr.pointee->sh.elem;
    RV p;
    unsigned char *on = NULL;
    if (!block_lanes(in, op, b, elem, v->rank, v->dims, NULL, chk, &p, &on)) return false;
    bool ok = access_lanes(in, op, &p, on, NULL, NULL, v);
    free(p.e);
    free(on);
    return ok;
}

/* tt.make_tensor_descriptor %base, [shape], [strides] */
bool iv_make_desc(In *in, Op *op, RV *r) {
    int R = blk_rank(r);
    if (op->nopnds != 1 + 2 * R) return iv_fail(in, op, "expected %d operands", 1 + 2 * R);
    for (int i = 0; i < op->nopnds; i++) {
        RV *v = iv_opnd(in, op, i);
        if (!v) return false;
        if (!i) r->e[0] = v->e[0];
        else r->e[i].i = sx(v->e[0].i, iv_kind_of(v->et) == 'i' ? iw(v->et) : 64);
    }
    return true;
}

/* tt.descriptor_load/_store/_gather/_scatter: blocks at element coordinates,
 * everything outside the descriptor's shape padded with zeros (loads) or
 * dropped (stores); gather/scatter take a tensor of row indices */
bool iv_desc_access(In *in, Op *op, bool gather, RV *r) {
    bool st = op_is(op, OP_tt_descriptor_store) || op_is(op, OP_tt_descriptor_scatter);
    RV *b = iv_opnd(in, op, 0);
    if (!b) return false;
    if (iv_kind_of(b->t) != 'b' || b->gs || b->n > 1 + 3 * MAX_RANK) return iv_fail(in, op, "expected a tensor descriptor");
    int R = blk_rank(b);
    int first = 1, nidx = op->nopnds - 1 - (st ? 1 : 0);
    RV *v = NULL;
    if (st) {
        /* descriptor_store (desc, src, indices...); descriptor_scatter (desc, rows, col, src) */
        bool scatter = op_is(op, OP_tt_descriptor_scatter);
        v = iv_opnd(in, op, scatter ? op->nopnds - 1 : 1);
        nidx = op->nopnds - 2;
        if (!scatter) first = 2;
        if (!v) return false;
    }
    RV *data = st ? v : r;
    Type *elem = data->et;
    bool chk[MAX_RANK];
    for (int d = 0; d < MAX_RANK; d++) chk[d] = true;
    RV blk = *b;
    El e[1 + 3 * MAX_RANK];
    memcpy(e, b->e, sizeof(El) * (size_t)b->n);
    blk.e = e;
    if (!gather) {
        if (nidx != R) return iv_fail(in, op, "expected %d indices", R);
        if (data->rank < R) return iv_fail(in, op, "block rank below the descriptor rank");
        for (int d = 0; d < R; d++) {
            RV *x = iv_opnd(in, op, first + d);
            if (!x) return false;
            e[1 + 2 * R + d].i = sx(x->e[0].i, iw(x->et));
        }
        /* the block may have leading unit dimensions beyond the descriptor's */
        int64_t dims[MAX_RANK];
        int lead = data->rank - R;
        for (int d = 0; d < lead; d++) if (data->dims[d] != 1) return iv_fail(in, op, "block shape does not match the descriptor");
        for (int d = 0; d < R; d++) dims[d] = data->dims[lead + d];
        RV p;
        unsigned char *on = NULL;
        if (!block_lanes(in, op, &blk, elem, R, dims, NULL, chk, &p, &on)) return false;
        El z;
        memset(&z, 0, sizeof z);
        bool ok = access_lanes(in, op, &p, on, &z, st ? NULL : r, st ? v : NULL);
        free(p.e);
        free(on);
        return ok;
    }
    /* gather/scatter: rows from a tensor, one column offset */
    if (R != 2 || nidx != 2 || data->rank != 2) return iv_fail(in, op, "expected a 2-D descriptor, row indices and a column offset");
    RV *rows = iv_opnd(in, op, first), *col = iv_opnd(in, op, first + 1);
    if (!rows || !col) return false;
    if (rows->n != data->dims[0]) return iv_fail(in, op, "%lld row indices for %lld rows", (long long)rows->n, (long long)data->dims[0]);
    int64_t dims[2] = { 1, data->dims[1] };
    for (int64_t i = 0; i < rows->n; i++) {
        e[1 + 2 * R].i = sx(rows->e[i].i, iw(rows->et));
        e[1 + 2 * R + 1].i = sx(col->e[0].i, iw(col->et));
        RV p;
        unsigned char *on = NULL;
        if (!block_lanes(in, op, &blk, elem, 2, dims, NULL, chk, &p, &on)) return false;
        RV sub = *data;
        sub.e = data->e + i * data->dims[1];
        sub.n = data->dims[1];
        El z;
        memset(&z, 0, sizeof z);
        bool ok = access_lanes(in, op, &p, on, &z, st ? NULL : &sub, st ? &sub : NULL);
        free(p.e);
        free(on);
        if (!ok) return false;
    }
    return true;
}

/* a mixed static/dynamic index list of tts ops: static entries from the
 * array attribute, INT64_MIN ones from the next dynamic operand */
static bool mixed_list(In *in, Op *op, const char *name, int *next, int end, int64_t *out, int *n) {
    Attr *a = op_attr(op, name);
    if (!a || a->kind != A_DENSE_ARRAY || (a->darr.n && !a->darr.i) || a->darr.n > MAX_RANK) return iv_fail(in, op, "missing or bad '%s'", name);
    *n = a->darr.n;
    for (int i = 0; i < a->darr.n; i++) {
        if (a->darr.i[i] != INT64_MIN) { out[i] = a->darr.i[i]; continue; }
        if (*next >= end) return iv_fail(in, op, "too few operands for '%s'", name);
        RV *v = iv_opnd(in, op, (*next)++);
        if (!v) return false;
        out[i] = sx(v->e[0].i, iv_kind_of(v->et) == 'i' ? iw(v->et) : 64);
    }
    return true;
}

/* tts.make_tptr: element i is base + sum(offsets) + sum(i_d * strides_d)
 * (offsets already scaled by their strides); with an order, a block pointer */
bool iv_make_tptr(In *in, Op *op, RV *r) {
    const int64_t *sg = op_segment_sizes(op, 4);
    if (!sg || sg[0] != 1) return iv_fail(in, op, "bad 'operandSegmentSizes'");
    RV *b = iv_opnd(in, op, 0);
    if (!b) return false;
    int64_t sizes[MAX_RANK], str[MAX_RANK], off[MAX_RANK], shp[MAX_RANK], ord[MAX_RANK];
    int ns, nst, no, nsh, nord;
    int next = 1;
    if (!mixed_list(in, op, "sizes", &next, 1, sizes, &ns) || !(next = 1) ||
        !mixed_list(in, op, "static_strides", &next, (int)(1 + sg[1]), str, &nst) ||
        !mixed_list(in, op, "static_offsets", &next, (int)(1 + sg[1] + sg[2]), off, &no) ||
        !mixed_list(in, op, "static_shape", &next, op->nopnds, shp, &nsh))
        return false;
    nord = op_attr_ints(op, "order", ord, MAX_RANK);
    if (ns != nst || ns != no || ns != nsh) return iv_fail(in, op, "sizes, strides, offsets and shape differ in length");
    Type *bt = op_operand(op, 0)->type;
    if (!bt || bt->kind != T_PTR) return iv_fail(in, op, "base is not a pointer");
    if (nord > 0) {   /* block pointer */
        if (blk_rank(r) != ns) return iv_fail(in, op, "rank mismatch");
        r->e[0] = b->e[0];
        for (int d = 0; d < ns; d++) {
            r->e[1 + d].i = shp[d];
            r->e[1 + ns + d].i = str[d];
            r->e[1 + 2 * ns + d].i = str[d] && !(str[d] == -1 && off[d] == INT64_MIN) ? off[d] / str[d] : 0;
        }
        return true;
    }
    if (r->rank != ns) return iv_fail(in, op, "rank mismatch");
    for (int d = 0; d < ns; d++)
        if (sizes[d] != r->dims[d]) return iv_fail(in, op, "sizes do not match the result type");
    int64_t sz = iv_elem_bytes(bt->ptr.pointee);
    /* a non-zero shape wraps the dimension's term around (remainder) */
    for (int64_t k = 0; k < r->n; k++) {
        int64_t rem = k, o = 0;
        for (int d = ns - 1; d >= 0; d--) {
            int64_t t = wa(off[d], wm(rem % r->dims[d], str[d]));
            if (shp[d]) t = shp[d] == -1 ? 0 : t % shp[d];
            o = wa(o, t);
            rem /= r->dims[d];
        }
        r->e[k].p.buf = b->e[0].p.buf;
        r->e[k].p.off = wa(b->e[0].p.off, wm(o, sz));
    }
    return true;
}

/* tts.make_gather_scatter_tptr: along gather_scatter_dim g the offset of
 * index i is gather_scatter_offset[i] * stride_g; lanes of rows whose
 * gather_scatter_mask entry is false are not accessed */
bool iv_make_gs_tptr(In *in, Op *op, RV *r) {
    const int64_t *sg = op_segment_sizes(op, 5);
    if (!sg || sg[0] != 1 || sg[1] != 1) return iv_fail(in, op, "bad 'operandSegmentSizes'");
    RV *b = iv_opnd(in, op, 0), *go = iv_opnd(in, op, 1), *gm = sg[4] ? iv_opnd(in, op, (int)(2 + sg[2] + sg[3])) : NULL;
    if (!b || !go || (sg[4] && !gm)) return false;
    int64_t sizes[MAX_RANK], str[MAX_RANK], off[MAX_RANK], g;
    int ns, nst, no, next = 1;
    if (!mixed_list(in, op, "sizes", &next, 1, sizes, &ns) || !(next = 2) ||
        !mixed_list(in, op, "static_strides", &next, (int)(2 + sg[2]), str, &nst) ||
        !mixed_list(in, op, "static_offsets", &next, (int)(2 + sg[2] + sg[3]), off, &no))
        return false;
    if (!op_attr_int(op, "gather_scatter_dim", &g) || g < 0 || g >= ns) return iv_fail(in, op, "bad 'gather_scatter_dim'");
    Type *rt = op->res[0].type, *bt = op_operand(op, 0)->type;
    if (ns != nst || ns != no || blk_rank(r) != ns || !bt || bt->kind != T_PTR) return iv_fail(in, op, "sizes, strides and offsets differ in length");
    const int64_t *dims = rt->ptr.pointee->sh.dims;
    int64_t n = 1;
    for (int d = 0; d < ns; d++) { if (dims[d] != sizes[d]) return iv_fail(in, op, "sizes do not match the result type"); n *= dims[d]; }
    if (go->n != sizes[g] || (gm && gm->n != sizes[g])) return iv_fail(in, op, "the gather/scatter offsets have %lld elements, dimension %lld has %lld",
                                                                     (long long)go->n, (long long)g, (long long)sizes[g]);
    El *e = calloc((size_t)(n > 0 ? 2 * n : 1), sizeof(El));
    if (!e) return iv_fail(in, op, "out of memory");
    free(r->e);
    r->e = e;
    r->n = 2 * n;
    r->gs = true;
    int64_t sz = iv_elem_bytes(bt->ptr.pointee), w = iw(go->et);
    for (int64_t k = 0; k < n; k++) {
        int64_t rem = k, o = 0, row = 0;
        for (int d = ns - 1; d >= 0; d--) {
            int64_t i = rem % dims[d];
            rem /= dims[d];
            if (d == g) { row = i; o = wa(o, wm(sx(go->e[i].i, (int)w), str[d])); }
            else o = wa(o, wa(off[d], wm(i, str[d])));
        }
        e[k].p.buf = b->e[0].p.buf;
        e[k].p.off = wa(b->e[0].p.off, wm(o, sz));
        e[n + k].i = gm ? gm->e[row].i != 0 : 1;
    }
    return true;
}

/* lanes inside the mask dims (a prefix along each dimension) */
static unsigned char *prefix_lanes(In *in, Op *op, int rank, const int64_t *dims, int64_t n, const int64_t *md, int nmd) {
    unsigned char *on = calloc((size_t)(n ? n : 1), 1);
    if (!on) { iv_fail(in, op, "out of memory"); return NULL; }
    for (int64_t k = 0; k < n; k++) {
        int64_t rem = k;
        bool ok = true;
        for (int d = rank - 1; d >= 0; d--) {
            int64_t i = rem % dims[d];
            rem /= dims[d];
            if (nmd && i >= md[d]) ok = false;
        }
        on[k] = ok;
    }
    return on;
}

/* tts.load / tts.store */
bool iv_tts_access(In *in, Op *op, RV *r) {
    bool st = op_is(op, OP_tts_store);
    RV *p = iv_opnd(in, op, 0), *v = st ? iv_opnd(in, op, 1) : NULL;
    if (!p || (st && !v)) return false;
    RV *data = st ? v : r;
    int64_t md[MAX_RANK];
    int nmd, next = st ? 2 : 1, end = op->nopnds;
    const int64_t *sg = st ? NULL : op_segment_sizes(op, 3);
    if (!st && !sg) return iv_fail(in, op, "bad 'operandSegmentSizes'");
    if (!st) end = (int)(1 + sg[1]);
    if (!mixed_list(in, op, "static_mask_dims", &next, end, md, &nmd)) return false;
    if (nmd && nmd != data->rank) return iv_fail(in, op, "%d mask dims for a rank-%d tensor", nmd, data->rank);
    El pad;
    memset(&pad, 0, sizeof pad);
    if (!st && sg[2]) {
        RV *o = iv_opnd(in, op, (int)(1 + sg[1]));
        if (!o) return false;
        pad = o->e[0];
    }
    unsigned char *on = prefix_lanes(in, op, data->rank, data->dims, data->n, md, nmd);
    if (!on) return false;
    bool ok;
    if (p->gs) {   /* gather/scatter: the element pointers and their lanes */
        if (p->n != 2 * data->n) ok = iv_fail(in, op, "operand shapes differ");
        else {
            RV q = *data;
            q.e = p->e;
            q.et = type_ptr(in->c, data->et, 1);
            for (int64_t k = 0; k < data->n; k++) on[k] = on[k] && p->e[data->n + k].i;
            ok = access_lanes(in, op, &q, on, &pad, st ? NULL : r, st ? v : NULL);
        }
    } else if (iv_kind_of(p->et) == 'b' && p->t->kind != T_PTR) {
        ok = iv_fail(in, op, "expected a pointer");
    } else if (iv_kind_of(p->et) == 'b') {   /* a block pointer: the shape bounds every dimension */
        bool chk[MAX_RANK];
        for (int d = 0; d < MAX_RANK; d++) chk[d] = true;
        RV q;
        unsigned char *inb = NULL;
        ok = block_lanes(in, op, p, p->t->ptr.pointee->sh.elem, data->rank, data->dims, NULL, chk, &q, &inb);
        if (ok) {
            for (int64_t k = 0; k < data->n; k++) on[k] = on[k] && inb[k];
            ok = access_lanes(in, op, &q, on, &pad, st ? NULL : r, st ? v : NULL);
            free(q.e);
        }
        free(inb);
    } else {
        if (p->n != data->n) ok = iv_fail(in, op, "operand shapes differ");
        else ok = access_lanes(in, op, p, on, &pad, st ? NULL : r, st ? v : NULL);
    }
    free(on);
    return ok;
}
