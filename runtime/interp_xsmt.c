/* interp_xsmt.c - the interpreter's SpacemiT SMT ops (xsmt, xsmt_async,
 * tle), with the index math of ../shared/spec/spine-triton.md 1.5:
 *
 *   xsmt.pack    P[i][j][r][c] = X[o0 + i*p0 + r][o1 + j*p1 + c] where
 *                i*p0 + r < min(s0, R - o0) and j*p1 + c < min(s1, C - o1),
 *                else 0; the result does not depend on a destination (every
 *                element of it is written).
 *   xsmt.unpack  U[u][v] = P[u/p0][v/p1][u%p0][v%p1] over [T0*p0, T1*p1],
 *                then Y[y][x] = U[o0 + y][o1 + x] for y < min(s0, T0*p0 - o0)
 *                and x < min(s1, T1*p1 - o1); the rest of Y is the
 *                destination's (0 without one).
 *   xsmt.repack  unpack of the window, then pack of it with the new tiles.
 *   xsmt.mmt4d   C4[m1][n1][m0][n0] = sum over k1, k0 of
 *                A4[m1][k1][m0][k0] * B4[n1][k1][n0][k0], summed in f32 for
 *                f16/bf16 inputs (as vfwmadot accumulates, 2.2) and in the
 *                element type otherwise, then rounded to A's element type.  A
 *                third operand is the destination, overwritten as the open
 *                lowering does (1.4), not an addend.
 *   tle.extract_tile / insert_tile  the tile at a row-major linear index of
 *                the grid source / tile.
 *   xsmt.annotation  nothing; xsmt.get_num_of_thread: the module's
 *                tt.num_threads (1 without it); the xsmt_async barriers:
 *                the programs and smt.parallel iterations run one after
 *                the other, so an mbarrier is a handle (1) and arrive, wait
 *                and release do nothing.
 *   xsmt.alloc   a scratch buffer of the program (zeros; freed when the
 *                program ends), as a block pointer over all of it: shape
 *                the result's, strides row-major, offsets 0.
 *   xsmt.subview_pack  a view, not a copy (the memref subview + expand_shape
 *                + transpose of 1.4): of the 2-D block pointer b (shape
 *                [R, C], strides [S0, S1], offsets [a0, a1]) the 4-D block
 *                pointer whose element (i, j, r, c) is b's (a0 + o0 + i*p0 + r,
 *                a1 + o1 + j*p1 + c): strides [S0*p0, S1*p1, S0, S1], shape
 *                [s0/p0, s1/p1, p0, p1], offsets 0.  A 4-D view has no 2-D
 *                bounds, so the window must lie inside b's shape (an error
 *                otherwise).
 *   xsmt.subview  of a 4-D (packed) block pointer with tiles (t0, t1): its
 *                offsets advanced by [ceil(o0/t0), ceil(o1/t1), 0, 0] (the
 *                memref.subview of 1.4; the bounds stay the base's); of a
 *                2-D one: advanced by [o0, o1], as tt.advance.
 *   xsmt.alloc_copies  `copies` scratch buffers of the program, each the
 *                shape without the copies dimension (zeros, as xsmt.alloc);
 *                xsmt.buffer_tensor_view %buf[%i]: a block pointer over all
 *                of copy %i (an index outside [0, copies) is an error at the
 *                op), so an access past the copy is one too.
 *   xsmt.mbarrier_copies  n barriers, handles 1 .. n, and
 *                xsmt.mbarrier_subview %bar[%i] the handle of barrier %i
 *                (an index outside [0, n) is an error); as the single
 *                barriers, nothing waits in serial execution, and
 *                xsmt.barrier_set_expect does nothing on the host. */
#include "interp_impl.h"

#include "dialects.h"

#include <stdlib.h>
#include <string.h>

static bool i32s(In *in, Op *op, const char *name, int64_t *v) {
    if (op_attr_ints(op, name, v, 3) != 2) return iv_fail(in, op, "bad '%s' attribute", name);
    if (v[0] <= 0 || v[1] <= 0) return iv_fail(in, op, "'%s' must be positive", name);
    return true;
}
static int64_t cdiv(int64_t a, int64_t b) { return a / b + (a % b != 0); } /* a, b > 0; no overflow near INT64_MAX */
static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }

/* the two offsets (operands 1, 2) */
static bool offsets(In *in, Op *op, int64_t *o) {
    for (int k = 0; k < 2; k++) {
        RV *x = iv_opnd(in, op, 1 + k);
        if (!x) return false;
        o[k] = x->e[0].i;
        if (o[k] < 0) return iv_fail(in, op, "offset %lld is negative", (long long)o[k]);
    }
    return true;
}

/* pack the window (o, s) of the 2-D x[R][C] into r [ceil(s0/p0), ceil(s1/p1), p0, p1] */
static bool pack2(In *in, Op *op, const El *x, int64_t R, int64_t C, const int64_t *o, const int64_t *s, const int64_t *p, RV *r) {
    int64_t T0 = cdiv(s[0], p[0]), T1 = cdiv(s[1], p[1]);
    if (r->rank != 4 || r->dims[0] != T0 || r->dims[1] != T1 || r->dims[2] != p[0] || r->dims[3] != p[1])
        return iv_fail(in, op, "result shape does not match shape and packed_size");
    int64_t lim0 = min64(s[0], R - o[0]), lim1 = min64(s[1], C - o[1]);
    for (int64_t i = 0; i < T0; i++)
        for (int64_t j = 0; j < T1; j++)
            for (int64_t rr = 0; rr < p[0]; rr++)
                for (int64_t c = 0; c < p[1]; c++) {
                    int64_t u = i * p[0] + rr, v = j * p[1] + c;
                    El *d = &r->e[((i * T1 + j) * p[0] + rr) * p[1] + c];
                    if (u < lim0 && v < lim1) *d = x[(o[0] + u) * C + o[1] + v];
                    else memset(d, 0, sizeof *d);
                }
    return true;
}

/* unpack the 4-D a into the 2-D window y[s0][s1] at o (elements past the
 * packed data are left as they are) */
static bool unpack2(In *in, Op *op, const RV *a, const int64_t *o, const int64_t *s, El *y) {
    if (a->rank != 4) return iv_fail(in, op, "the source is not a 4-D (packed) tensor");
    int64_t T1 = a->dims[1], p0 = a->dims[2], p1 = a->dims[3];
    int64_t lim0 = min64(s[0], a->dims[0] * p0 - o[0]), lim1 = min64(s[1], T1 * p1 - o[1]);
    for (int64_t yy = 0; yy < lim0; yy++)
        for (int64_t xx = 0; xx < lim1; xx++) {
            int64_t u = o[0] + yy, v = o[1] + xx;
            y[yy * s[1] + xx] = a->e[((u / p0 * T1 + v / p1) * p0 + u % p0) * p1 + v % p1];
        }
    return true;
}

static bool run_pack(In *in, Op *op, RV *r) {
    int64_t o[2], s[2], p[2];
    RV *x = iv_opnd(in, op, 0);
    if (!x || !offsets(in, op, o) || !i32s(in, op, "shape", s) || !i32s(in, op, "packed_size", p)) return false;
    if (x->rank != 2) return iv_fail(in, op, "the source is not a 2-D tensor");
    return pack2(in, op, x->e, x->dims[0], x->dims[1], o, s, p, r);
}

static bool run_unpack(In *in, Op *op, RV *r) {
    int64_t o[2], s[2];
    RV *a = iv_opnd(in, op, 0);
    if (!a || !offsets(in, op, o) || !i32s(in, op, "shape", s)) return false;
    if (r->rank != 2 || r->dims[0] != s[0] || r->dims[1] != s[1]) return iv_fail(in, op, "result shape does not match 'shape'");
    if (op->nopnds == 4) {
        RV *d = iv_opnd(in, op, 3);
        if (!d) return false;
        if (d->n != r->n) return iv_fail(in, op, "destination shape differs from the result's");
        memcpy(r->e, d->e, sizeof(El) * (size_t)r->n);
    }
    return unpack2(in, op, a, o, s, r->e);
}

static bool run_repack(In *in, Op *op, RV *r) {
    int64_t o[2], s[2], p[2], z[2] = { 0, 0 };
    RV *a = iv_opnd(in, op, 0);
    if (!a || !offsets(in, op, o) || !i32s(in, op, "shape", s) || !i32s(in, op, "packed_size", p)) return false;
    El *y = calloc((size_t)(s[0] * s[1]), sizeof(El));
    if (!y) return iv_fail(in, op, "out of memory");
    bool ok = unpack2(in, op, a, o, s, y) && pack2(in, op, y, s[0], s[1], z, s, p, r);
    free(y);
    return ok;
}

static bool run_mmt4d(In *in, Op *op, RV *r) {
    RV *a = iv_opnd(in, op, 0), *b = a ? iv_opnd(in, op, 1) : NULL;
    if (!a || !b) return false;
    if (a->rank != 4 || b->rank != 4 || r->rank != 4) return iv_fail(in, op, "operands are not 4-D (packed) tensors");
    int64_t MB = a->dims[0], KB = a->dims[1], mb = a->dims[2], kb = a->dims[3], NB = b->dims[0], nb = b->dims[2];
    if (b->dims[1] != KB || b->dims[3] != kb || r->dims[0] != MB || r->dims[1] != NB || r->dims[2] != mb || r->dims[3] != nb)
        return iv_fail(in, op, "operand shapes do not match");
    bool fl = iv_kind_of(r->et) == 'f';
    if (fl != (iv_kind_of(a->et) == 'f') || fl != (iv_kind_of(b->et) == 'f')) return iv_fail(in, op, "mixed int and float operands");
    Type *acc_t = r->et;
    if (fl && type_float_width(r->et) < 32) acc_t = type_float(in->c, "f32");
    int wa = fl ? 0 : iw(a->et), wb = fl ? 0 : iw(b->et);
    for (int64_t m1 = 0; m1 < MB; m1++)
        for (int64_t n1 = 0; n1 < NB; n1++)
            for (int64_t m0 = 0; m0 < mb; m0++)
                for (int64_t n0 = 0; n0 < nb; n0++) {
                    double acc = 0;
                    uint64_t iacc = 0;
                    for (int64_t k1 = 0; k1 < KB; k1++) {
                        const El *ar = &a->e[((m1 * KB + k1) * mb + m0) * kb];
                        const El *br = &b->e[((n1 * KB + k1) * nb + n0) * kb];
                        for (int64_t k0 = 0; k0 < kb; k0++) {
                            if (fl) acc = fround(acc_t, acc + ar[k0].f * br[k0].f);
                            else iacc += (uint64_t)sx(ar[k0].i, wa) * (uint64_t)sx(br[k0].i, wb);
                        }
                    }
                    El *d = &r->e[((m1 * NB + n1) * mb + m0) * nb + n0];
                    if (fl) d->f = fround(r->et, acc);
                    else d->i = wrapt(r->et, (int64_t)iacc);
                }
    return true;
}

/* ---- scratch buffers and pointer views ---- */

enum { MAX_SCRATCH = 1 << 28 };   /* bytes of xsmt.alloc buffers in one program */

void iv_scratch_free(In *in) {
    for (int i = 0; i < in->nscr; i++) free(in->scr[i].data);
    free(in->scr);
    in->scr = NULL;
    in->nscr = 0;
    in->scr_bytes = 0;
}

/* a new zeroed scratch buffer of `bytes` bytes of elements et: its number */
static bool scratch_new(In *in, Op *op, Type *et, size_t bytes, int32_t *buf) {
    if (in->scr_bytes + bytes > MAX_SCRATCH)
        return iv_fail(in, op, "the program's xsmt.alloc buffers exceed %d bytes", MAX_SCRATCH);
    Buf *nb = realloc(in->scr, sizeof *nb * (size_t)(in->nscr + 1));
    if (!nb) return iv_fail(in, op, "out of memory");
    in->scr = nb;
    void *data = calloc(bytes ? bytes : 1, 1);
    if (!data) return iv_fail(in, op, "out of memory");
    in->scr[in->nscr] = (Buf){ data, bytes, et };
    *buf = in->nargs + in->nscr++;
    in->scr_bytes += bytes;
    return true;
}

/* r: a block pointer over all of buffer `buf` of shape dims (row-major, offsets 0) */
static void whole_block(RV *r, int32_t buf, int R, const int64_t *dims) {
    r->e[0].p.buf = buf;
    r->e[0].p.off = 0;
    int64_t st = 1;
    for (int d = R - 1; d >= 0; d--) {
        r->e[1 + d].i = dims[d];
        r->e[1 + R + d].i = st;
        r->e[1 + 2 * R + d].i = 0;
        st *= dims[d];
    }
}

static bool run_alloc(In *in, Op *op, RV *r) {
    Type *pt = op->res[0].type->ptr.pointee;
    int R = pt->sh.rank;
    if (r->n != 1 + 3 * R) return iv_fail(in, op, "bad result type");
    int32_t buf;
    if (!scratch_new(in, op, pt->sh.elem, (size_t)type_numel(pt) * (size_t)iv_elem_bytes(pt->sh.elem), &buf)) return false;
    whole_block(r, buf, R, pt->sh.dims);
    return true;
}

/* xsmt.alloc_copies: `copies` scratch buffers (numbers k .. k + copies - 1),
 * the value the number of the first */
static bool run_alloc_copies(In *in, Op *op) {
    XsmtBuffer b;
    if (!xsmt_buffer_of(in->c, op->res[0].type, &b) || b.rank < 2 || b.copies != b.shape[0] || b.copies <= 0)
        return iv_fail(in, op, "bad result type");
    int64_t n = 1;
    for (int d = 1; d < b.rank; d++) n *= b.shape[d];
    RV r = { .t = op->res[0].type, .et = b.elem, .n = 1, .e = calloc(1, sizeof(El)) };
    if (!r.e) return iv_fail(in, op, "out of memory");
    for (int64_t k = 0; k < b.copies; k++) {
        int32_t buf;
        if (!scratch_new(in, op, b.elem, (size_t)n * (size_t)iv_elem_bytes(b.elem), &buf)) { free(r.e); return false; }
        if (!k) r.e[0].p.buf = buf;
    }
    return res_set(in, op, 0, &r);
}

/* xsmt.buffer_tensor_view: a block pointer over copy %i */
static bool run_buffer_view(In *in, Op *op, RV *r) {
    RV *b = iv_opnd(in, op, 0), *ix = b ? iv_opnd(in, op, 1) : NULL;
    XsmtBuffer bt;
    if (!ix || !xsmt_buffer_of(in->c, op_operand(op, 0)->type, &bt)) return ix ? iv_fail(in, op, "the operand is not an !xsmt.buffer") : false;
    Type *pt = op->res[0].type->ptr.pointee;
    int R = pt->sh.rank;
    if (r->n != 1 + 3 * R) return iv_fail(in, op, "bad result type");
    int64_t k = sx(ix->e[0].i, iw(ix->et));
    if (k < 0 || k >= bt.copies) return iv_fail(in, op, "buffer index %lld is out of range [0, %lld)", (long long)k, (long long)bt.copies);
    whole_block(r, b->e[0].p.buf + (int32_t)k, R, pt->sh.dims);
    return true;
}

/* xsmt.mbarrier_copies: n barriers, handles 1 .. n (the value holds 1);
 * xsmt.mbarrier_subview: barrier %i's handle */
static bool run_mbarrier_copies(In *in, Op *op) {
    RV r = { .t = op->res[0].type, .et = type_int(in->c, 64, SIGNLESS), .n = 1, .e = calloc(1, sizeof(El)) };
    if (!r.e) return iv_fail(in, op, "out of memory");
    r.e[0].i = 1;
    return res_set(in, op, 0, &r);
}
static bool run_mbarrier_subview(In *in, Op *op, RV *r) {
    RV *b = iv_opnd(in, op, 0), *ix = b ? iv_opnd(in, op, 1) : NULL;
    if (!ix) return false;
    int64_t n = xsmt_mbarrier_count(op_operand(op, 0)->type);
    int64_t k = ix->et->kind == T_INDEX ? ix->e[0].i : sx(ix->e[0].i, iw(ix->et));
    if (k < 0 || k >= n) return iv_fail(in, op, "barrier index %lld is out of range [0, %lld)", (long long)k, (long long)n);
    r->e[0].i = b->e[0].i + k;
    return true;
}

/* the offsets of a subview (operands 1, 2), which may not be negative */
static bool view_offsets(In *in, Op *op, int64_t *o) {
    for (int k = 0; k < 2; k++) {
        RV *x = iv_opnd(in, op, 1 + k);
        if (!x) return false;
        o[k] = sx(x->e[0].i, iw(x->et));
        if (o[k] < 0) return iv_fail(in, op, "offset %lld is negative", (long long)o[k]);
    }
    return true;
}

static bool run_subview(In *in, Op *op, RV *r) {
    RV *b = iv_opnd(in, op, 0);
    int64_t o[2];
    if (!b || !view_offsets(in, op, o)) return false;
    if (b->n != r->n || (b->n != 7 && b->n != 13)) return iv_fail(in, op, "the base and the result are not block pointers of one rank");
    memcpy(r->e, b->e, sizeof(El) * (size_t)r->n);
    int R = (int)((b->n - 1) / 3);
    const int64_t *pd = op_operand(op, 0)->type->ptr.pointee->sh.dims;
    for (int k = 0; k < 2; k++) r->e[1 + 2 * R + k].i += R == 4 ? cdiv(o[k], pd[2 + k]) : o[k];
    return true;
}

static bool run_subview_pack(In *in, Op *op, RV *r) {
    RV *b = iv_opnd(in, op, 0);
    int64_t o[2], s[2], p[2];
    if (!b || !view_offsets(in, op, o) || !i32s(in, op, "shape", s) || !i32s(in, op, "packed_size", p)) return false;
    if (b->n != 7 || r->n != 13) return iv_fail(in, op, "expected a 2-D block pointer and a 4-D result");
    int64_t at[2];
    for (int k = 0; k < 2; k++) {
        at[k] = b->e[5 + k].i + o[k];
        if (at[k] < 0 || at[k] + s[k] > b->e[1 + k].i)
            return iv_fail(in, op, "the window [%lld, %lld) x [%lld, %lld) leaves the base's shape [%lld, %lld]",
                           (long long)(b->e[5].i + o[0]), (long long)(b->e[5].i + o[0] + s[0]), (long long)(b->e[6].i + o[1]),
                           (long long)(b->e[6].i + o[1] + s[1]), (long long)b->e[1].i, (long long)b->e[2].i);
    }
    int64_t S0 = b->e[3].i, S1 = b->e[4].i;
    int64_t esz = iv_elem_bytes(op_operand(op, 0)->type->ptr.pointee->sh.elem);
    r->e[0] = b->e[0];
    r->e[0].p.off += (at[0] * S0 + at[1] * S1) * esz;
    int64_t shp[4] = { s[0] / p[0], s[1] / p[1], p[0], p[1] }, str[4] = { S0 * p[0], S1 * p[1], S0, S1 };
    for (int d = 0; d < 4; d++) {
        r->e[1 + d].i = shp[d];
        r->e[5 + d].i = str[d];
        r->e[9 + d].i = 0;
    }
    return true;
}

/* the row-major tile `k` of src's grid of tiles of tile's shape: the flat
 * index in src of the tile's element `e` */
static int64_t tile_index(const RV *src, const int64_t *tdims, int64_t k, int64_t e) {
    int rank = src->rank;
    int64_t grid[MAX_RANK], tc[MAX_RANK], ec[MAX_RANK];
    for (int i = 0; i < rank; i++) grid[i] = src->dims[i] / tdims[i];
    for (int i = rank - 1; i >= 0; i--) { tc[i] = k % grid[i]; k /= grid[i]; ec[i] = e % tdims[i]; e /= tdims[i]; }
    int64_t f = 0;
    for (int i = 0; i < rank; i++) f = f * src->dims[i] + tc[i] * tdims[i] + ec[i];
    return f;
}
static bool tile_args(In *in, Op *op, const RV *src, const int64_t *tdims, int trank, const RV *idx, int64_t *k) {
    if (src->rank != trank || src->rank < 1) return iv_fail(in, op, "source and tile ranks differ");
    int64_t n = 1;
    for (int i = 0; i < src->rank; i++) {
        if (tdims[i] <= 0 || src->dims[i] % tdims[i]) return iv_fail(in, op, "the source shape is not divisible by the tile shape");
        n *= src->dims[i] / tdims[i];
    }
    *k = idx->e[0].i;
    if (*k < 0 || *k >= n) return iv_fail(in, op, "tile index %lld is out of range [0, %lld)", (long long)*k, (long long)n);
    return true;
}
static bool run_extract_tile(In *in, Op *op, RV *r) {
    RV *src = iv_opnd(in, op, 0), *idx = src ? iv_opnd(in, op, 1) : NULL;
    int64_t k;
    if (!src || !idx || !tile_args(in, op, src, r->dims, r->rank, idx, &k)) return false;
    for (int64_t e = 0; e < r->n; e++) r->e[e] = src->e[tile_index(src, r->dims, k, e)];
    return true;
}
static bool run_insert_tile(In *in, Op *op, RV *r) {
    RV *src = iv_opnd(in, op, 0), *tile = src ? iv_opnd(in, op, 1) : NULL, *idx = tile ? iv_opnd(in, op, 2) : NULL;
    int64_t k;
    if (!src || !tile || !idx || !tile_args(in, op, src, tile->dims, tile->rank, idx, &k)) return false;
    if (r->n != src->n) return iv_fail(in, op, "result shape differs from the source's");
    memcpy(r->e, src->e, sizeof(El) * (size_t)r->n);
    for (int64_t e = 0; e < tile->n; e++) r->e[tile_index(src, tile->dims, k, e)] = tile->e[e];
    return true;
}

bool iv_run_xsmt(In *in, Op *op) {
    int id = op->info->id;
    switch (id) {
    case OP_xsmt_annotation: case OP_xsmt_async_mbarrier_arrive: case OP_xsmt_async_mbarrier_wait:
    case OP_xsmt_async_mbarrier_release: case OP_xsmt_barrier_set_expect:
        return true;
    case OP_xsmt_alloc_copies: return run_alloc_copies(in, op);
    case OP_xsmt_mbarrier_copies: return run_mbarrier_copies(in, op);
    case OP_xsmt_buffer_tensor_view: case OP_xsmt_mbarrier_subview:
    case OP_xsmt_pack: case OP_xsmt_unpack: case OP_xsmt_repack: case OP_xsmt_mmt4d:
    case OP_tle_extract_tile: case OP_tle_insert_tile: case OP_xsmt_get_num_of_thread:
    case OP_xsmt_async_mbarrier_alloc: case OP_xsmt_alloc: case OP_xsmt_subview: case OP_xsmt_subview_pack:
        break;
    default:
        return iv_unsupported(in, op);
    }
    if (op->nres != 1) return iv_unsupported(in, op);
    RV r;
    if (!iv_res_alloc(in, op, 0, &r)) return false;
    bool ok;
    switch (id) {
    case OP_xsmt_pack: ok = run_pack(in, op, &r); break;
    case OP_xsmt_unpack: ok = run_unpack(in, op, &r); break;
    case OP_xsmt_repack: ok = run_repack(in, op, &r); break;
    case OP_xsmt_mmt4d: ok = run_mmt4d(in, op, &r); break;
    case OP_tle_extract_tile: ok = run_extract_tile(in, op, &r); break;
    case OP_tle_insert_tile: ok = run_insert_tile(in, op, &r); break;
    case OP_xsmt_alloc: ok = run_alloc(in, op, &r); break;
    case OP_xsmt_subview: ok = run_subview(in, op, &r); break;
    case OP_xsmt_subview_pack: ok = run_subview_pack(in, op, &r); break;
    case OP_xsmt_buffer_tensor_view: ok = run_buffer_view(in, op, &r); break;
    case OP_xsmt_mbarrier_subview: ok = run_mbarrier_subview(in, op, &r); break;
    case OP_xsmt_get_num_of_thread: r.e[0].i = wrapt(r.et, module_num_threads(op)); ok = true; break;
    default: r.e[0].i = 1; ok = true; break;   /* mbarrier_alloc: a handle */
    }
    if (ok) ok = res_set(in, op, 0, &r);
    free(r.e);
    return ok;
}
