/* interp_linalg.c - the interpreter's linalg and tensor ops, as the KTIR
 * lowering emits them: linalg.fill, add/sub/mul/div/max/min, matmul and
 * batch_matmul (tt.dot's arithmetic: each product in double, each sum
 * rounded to the accumulator), reduce, broadcast, transpose, generic (with
 * linalg.index); tensor.expand_shape, collapse_shape, reshape, extract,
 * extract_slice, insert_slice, insert, from_elements and splat.
 *
 * linalg.reduce folds the reduced elements by halving, as the interpreter
 * does tt.reduce (element j with element j + ceil(n/2) while n > 1), then
 * combines the result with the init value: the reduction order is not
 * fixed by linalg, and this one makes a KTIR run agree with its TTIR
 * exactly.  A body that is one arith op on the two block arguments runs
 * without the region. */
#include "interp_impl.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void unflat(int64_t k, int rank, const int64_t *dims, int64_t *idx) {
    for (int i = rank - 1; i >= 0; i--) { idx[i] = dims[i] ? k % dims[i] : 0; k = dims[i] ? k / dims[i] : 0; }
}
static int64_t flat(int rank, const int64_t *dims, const int64_t *idx) {
    int64_t k = 0;
    for (int i = 0; i < rank; i++) k = k * dims[i] + idx[i];
    return k;
}

/* the one arith op of a body (%a, %b) { %r = OP %a, %b ; yield %r }, or 0 */
static int simple_body(Op *op) {
    if (!op->nregions || !op->regions[0].first) return 0;
    Block *b = op->regions[0].first;
    Op *o = b->first;
    if (b->nargs != 2 || !o || !o->next || o->next->next || o->nopnds != 2 || o->nres != 1) return 0;
    Op *y = o->next;
    if (y->nopnds != 1 || op_operand(y, 0) != op_result(o, 0)) return 0;
    bool args = (op_operand(o, 0) == b->args[0] && op_operand(o, 1) == b->args[1]) ||
                (op_operand(o, 0) == b->args[1] && op_operand(o, 1) == b->args[0]);
    if (!args) return 0;
    switch (o->info->id) {
    case OP_arith_addf: case OP_arith_mulf: case OP_arith_maxnumf: case OP_arith_minnumf:
    case OP_arith_maximumf: case OP_arith_minimumf:
    case OP_arith_addi: case OP_arith_muli: case OP_arith_maxsi: case OP_arith_minsi:
    case OP_arith_maxui: case OP_arith_minui: case OP_arith_andi: case OP_arith_ori: case OP_arith_xori:
        return o->info->id;
    default: return 0;
    }
}

/* x := body(x, y) for one element pair, with the fast path or the region */
static bool apply2(In *in, Op *op, int simple, Type *et, El *x, El y, RV *a, RV *b) {
    if (simple) {
        RV ra = { .t = et, .et = et, .n = 1, .e = x }, rb = { .t = et, .et = et, .n = 1, .e = &y }, rr = { .t = et, .et = et, .n = 1 };
        El out;
        rr.e = &out;
        bool ok = iv_kind_of(et) == 'f' ? iv_arith_float(in, op, simple, &ra, &rb, &rr) : iv_arith_int(in, op, simple, &ra, &rb, &rr);
        *x = out;
        return ok;
    }
    a->e[0] = y;   /* region (in, out) */
    b->e[0] = *x;
    RV *vals[2] = { a, b };
    Op *t = NULL;
    if (!iv_run_region(in, op, &op->regions[0], 2, vals, &t)) return false;
    RV *v = t->nopnds == 1 ? iv_opnd(in, t, 0) : NULL;
    if (!v) return t->nopnds == 1 ? false : iv_fail(in, t, "expected one yielded value");
    *x = v->e[0];
    return true;
}

static bool lreduce(In *in, Op *op, RV *r) {
    if (op->nopnds != 2 || op->nres != 1) return iv_fail(in, op, "the interpreter runs linalg.reduce with one input and one init");
    RV *src = iv_opnd(in, op, 0), *init = src ? iv_opnd(in, op, 1) : NULL;
    if (!init) return false;
    int64_t dd[MAX_RANK];
    int nd = op_attr_ints(op, "dimensions", dd, MAX_RANK);
    if (nd < 0) return iv_fail(in, op, "missing 'dimensions'");
    if (init->n != r->n) return iv_fail(in, op, "the init and the result differ in shape");
    bool red[MAX_RANK] = { false };
    for (int i = 0; i < nd; i++) {
        if (dd[i] < 0 || dd[i] >= src->rank) return iv_fail(in, op, "dimension %lld out of range", (long long)dd[i]);
        red[dd[i]] = true;
    }
    int64_t len = 1;
    int64_t kd[MAX_RANK], rd[MAX_RANK];
    int nk = 0, nr = 0;
    for (int i = 0; i < src->rank; i++) {
        if (red[i]) { rd[nr++] = src->dims[i]; len *= src->dims[i]; }
        else kd[nk++] = src->dims[i];
    }
    int simple = simple_body(op);
    Block *b = op->regions[0].first;
    RV a = { 0 }, bb = { 0 };
    El *tmp = malloc(sizeof(El) * (size_t)(len ? len : 1));
    bool ok = tmp != NULL;
    if (!ok) return iv_fail(in, op, "out of memory");
    if (!simple) ok = iv_rv_alloc(in, op, &a, b->args[0]->type) && iv_rv_alloc(in, op, &bb, b->args[1]->type);
    int64_t ki[MAX_RANK], ri[MAX_RANK], si[MAX_RANK];
    for (int64_t o = 0; ok && o < r->n; o++) {
        unflat(o, nk, kd, ki);
        for (int64_t j = 0; j < len; j++) {
            unflat(j, nr, rd, ri);
            int p = 0, q = 0;
            for (int i = 0; i < src->rank; i++) si[i] = red[i] ? ri[q++] : ki[p++];
            tmp[j] = src->e[flat(src->rank, src->dims, si)];
        }
        for (int64_t n = len; ok && n > 1;) {
            int64_t m = (n + 1) / 2;
            for (int64_t j = 0; ok && j < n - m; j++) ok = apply2(in, op, simple, r->et, &tmp[j], tmp[j + m], &a, &bb);
            n = m;
        }
        El acc = init->e[o];
        if (ok && len) {
            El x = tmp[0];
            ok = apply2(in, op, simple, r->et, &x, acc, &a, &bb);
            acc = x;
        }
        r->e[o] = acc;
    }
    free(tmp);
    free(a.e);
    free(bb.e);
    return ok;
}

/* out[i] = in[j]: broadcast (dims added) and transpose (permutation) */
static bool lperm(In *in, Op *op, bool bcast, RV *r) {
    RV *a = iv_opnd(in, op, 0);
    if (!a) return false;
    int64_t v[MAX_RANK];
    int n = op_attr_ints(op, bcast ? "dimensions" : "permutation", v, MAX_RANK);
    if (n < 0) return iv_fail(in, op, "missing '%s'", bcast ? "dimensions" : "permutation");
    if (bcast ? a->rank + n != r->rank : (n != r->rank || a->rank != r->rank)) return iv_fail(in, op, "operand shapes differ");
    bool added[MAX_RANK] = { false };
    if (bcast) for (int i = 0; i < n; i++) { if (v[i] < 0 || v[i] >= r->rank) return iv_fail(in, op, "bad dimension"); added[v[i]] = true; }
    int64_t ri[MAX_RANK], ai[MAX_RANK];
    for (int64_t k = 0; k < r->n; k++) {
        unflat(k, r->rank, r->dims, ri);
        if (bcast) { int q = 0; for (int i = 0; i < r->rank; i++) if (!added[i]) ai[q++] = ri[i]; }
        else for (int i = 0; i < r->rank; i++) ai[v[i]] = ri[i];
        r->e[k] = a->e[flat(a->rank, a->dims, ai)];
    }
    return true;
}

static bool lgeneric(In *in, Op *op, RV *r) {
    const int64_t *seg = op_segment_sizes(op, 2);
    Attr *maps = op_attr(op, "indexing_maps");
    if (!seg || !maps || maps->kind != A_ARRAY || maps->arr.n != op->nopnds) return iv_fail(in, op, "malformed linalg.generic");
    int nin = (int)seg[0], nout = (int)seg[1], no = op->nopnds;
    if (nout != op->nres || nout < 1) return iv_fail(in, op, "the interpreter runs linalg.generic on tensors");
    Block *b = op->regions[0].first;
    if (!b || b->nargs != no) return iv_fail(in, op, "the body takes %d arguments, expected %d", b ? b->nargs : 0, no);
    int nl = maps->arr.elts[0]->map.ndims;
    if (nl > MAX_RANK) return iv_fail(in, op, "too many loops");
    int64_t bound[MAX_RANK];
    for (int i = 0; i < nl; i++) bound[i] = -1;
    RV **ops = calloc((size_t)no, sizeof(RV *)), *outs = calloc((size_t)nout, sizeof(RV)), *args = calloc((size_t)no, sizeof(RV));
    RV **pa = calloc((size_t)no, sizeof(RV *));
    bool ok = ops && outs && args && pa;
    if (!ok) iv_fail(in, op, "out of memory");
    for (int i = 0; ok && i < no; i++) {
        ops[i] = iv_opnd(in, op, i);
        Attr *m = maps->arr.elts[i];
        if (!ops[i]) { ok = false; break; }
        if (m->kind != A_AFFINE_MAP || m->map.ndims != nl || m->map.n != ops[i]->rank) { ok = iv_fail(in, op, "indexing map %d does not fit its operand", i); break; }
        for (int q = 0; q < m->map.n; q++)
            if (m->map.res[q]->kind == AE_DIM && bound[m->map.res[q]->v] < 0) bound[m->map.res[q]->v] = ops[i]->dims[q];
        ok = iv_rv_alloc(in, op, &args[i], b->args[i]->type);
        pa[i] = &args[i];
    }
    for (int i = 0; ok && i < nl; i++) if (bound[i] < 0) ok = iv_fail(in, op, "loop %d has no bound", i);
    for (int i = 0; ok && i < nout; i++) ok = iv_rv_dup(in, op, ops[nin + i], &outs[i]);
    int64_t total = 1;
    for (int i = 0; ok && i < nl; i++) total *= bound[i];
    int64_t li[MAX_RANK], oi[MAX_RANK], dims0[MAX_RANK] = { 0 };
    const int64_t *saved = in->lidx;
    in->lidx = li;
    for (int64_t k = 0; ok && k < total; k++) {
        unflat(k, nl, bound, li);
        int64_t where[16];
        for (int i = 0; ok && i < no; i++) {
            Attr *m = maps->arr.elts[i];
            for (int q = 0; q < m->map.n; q++) {
                AExpr *x = m->map.res[q];
                if (x->kind == AE_DIM) oi[q] = li[x->v];
                else if (x->kind == AE_CONST) oi[q] = x->v;
                else { ok = iv_fail(in, op, "the interpreter takes projections as indexing maps"); break; }
            }
            RV *src = i < nin ? ops[i] : &outs[i - nin];
            int64_t f = flat(src->rank, src->dims, oi);
            if (i >= nin && i - nin < 16) where[i - nin] = f;
            args[i].e[0] = src->e[f];
        }
        Op *t = NULL;
        if (ok) ok = iv_run_region(in, op, &op->regions[0], no, pa, &t);
        if (ok && t->nopnds != nout) ok = iv_fail(in, t, "expected %d yielded values", nout);
        for (int i = 0; ok && i < nout && i < 16; i++) {
            RV *v = iv_opnd(in, t, i);
            if (!v) ok = false;
            else outs[i].e[where[i]] = v->e[0];
        }
    }
    (void)dims0;
    in->lidx = saved;
    if (ok && r) memcpy(r->e, outs[0].e, sizeof(El) * (size_t)r->n);
    for (int i = 1; ok && i < nout; i++) {
        RV rr;
        ok = iv_res_alloc(in, op, i, &rr);
        if (ok) { memcpy(rr.e, outs[i].e, sizeof(El) * (size_t)rr.n); ok = res_set(in, op, i, &rr); free(rr.e); }
    }
    for (int i = 0; outs && i < nout; i++) free(outs[i].e);
    for (int i = 0; args && i < no; i++) free(args[i].e);
    free(ops); free(outs); free(args); free(pa);
    return ok;
}

/* offsets, sizes and strides of extract_slice / insert_slice (first dynamic operand at `next`) */
static bool slice_params(In *in, Op *op, int next, int rank, int64_t *off, int64_t *sz, int64_t *st) {
    int64_t *arrs[3] = { off, sz, st };
    static const char *const names[3] = { "static_offsets", "static_sizes", "static_strides" };
    for (int w = 0; w < 3; w++) {
        if (op_attr_ints(op, names[w], arrs[w], MAX_RANK) != rank) return iv_fail(in, op, "malformed '%s'", names[w]);
        for (int i = 0; i < rank; i++)
            if (arrs[w][i] == INT64_MIN) {
                RV *v = iv_opnd(in, op, next++);
                if (!v) return false;
                arrs[w][i] = v->e[0].i;
            }
    }
    return true;
}
/* element k of the slice (its full-rank index into big) */
static int64_t slice_elem(int64_t k, int rank, const int64_t *sz, const int64_t *off, const int64_t *st, const RV *big) {
    int64_t si[MAX_RANK];
    unflat(k, rank, sz, si);
    for (int i = 0; i < rank; i++) si[i] = off[i] + si[i] * st[i];
    return flat(rank, big->dims, si);
}
static bool slice_ok(In *in, Op *op, int rank, const int64_t *off, const int64_t *sz, const int64_t *st, const RV *big, int64_t n) {
    int64_t m = 1;
    for (int i = 0; i < rank; i++) {
        m *= sz[i];
        if (sz[i] && (off[i] < 0 || off[i] + (sz[i] - 1) * st[i] >= big->dims[i] || off[i] + (sz[i] - 1) * st[i] < 0))
            return iv_fail(in, op, "slice out of bounds in dimension %d", i);
    }
    return m == n ? true : iv_fail(in, op, "the slice has %lld elements, the small tensor %lld", (long long)m, (long long)n);
}

static bool tensor_op(In *in, Op *op, int id, RV *r) {
    RV *a = op->nopnds ? iv_opnd(in, op, 0) : NULL;
    if (op->nopnds && !a) return false;
    switch (id) {
    case OP_tensor_expand_shape: case OP_tensor_collapse_shape: case OP_tensor_reshape:
        if (a->n != r->n) return iv_fail(in, op, "element counts differ");
        memcpy(r->e, a->e, sizeof(El) * (size_t)r->n);
        return true;
    case OP_tensor_splat:
        if (a->n != 1) return iv_fail(in, op, "splat of a non-scalar");
        for (int64_t k = 0; k < r->n; k++) r->e[k] = a->e[0];
        return true;
    case OP_tensor_from_elements:
        if (op->nopnds != r->n) return iv_fail(in, op, "%d elements for %lld", op->nopnds, (long long)r->n);
        for (int i = 0; i < op->nopnds; i++) { RV *v = iv_opnd(in, op, i); if (!v) return false; r->e[i] = v->e[0]; }
        return true;
    case OP_tensor_extract: case OP_tensor_insert: {
        RV *t = id == OP_tensor_insert ? iv_opnd(in, op, 1) : a;
        int first = id == OP_tensor_insert ? 2 : 1;
        if (!t) return false;
        if (op->nopnds - first != t->rank) return iv_fail(in, op, "expected %d indices", t->rank);
        int64_t idx[MAX_RANK];
        for (int i = 0; i < t->rank; i++) {
            RV *v = iv_opnd(in, op, first + i);
            if (!v) return false;
            idx[i] = v->e[0].i;
            if (idx[i] < 0 || idx[i] >= t->dims[i]) return iv_fail(in, op, "index %lld out of bounds in dimension %d", (long long)idx[i], i);
        }
        int64_t f = flat(t->rank, t->dims, idx);
        if (id == OP_tensor_extract) { r->e[0] = t->e[f]; return true; }
        memcpy(r->e, t->e, sizeof(El) * (size_t)r->n);
        r->e[f] = a->e[0];
        return true;
    }
    case OP_tensor_extract_slice: {
        int rank = a->rank;
        int64_t off[MAX_RANK], sz[MAX_RANK], st[MAX_RANK];
        if (!slice_params(in, op, 1, rank, off, sz, st) || !slice_ok(in, op, rank, off, sz, st, a, r->n)) return false;
        for (int64_t k = 0; k < r->n; k++) r->e[k] = a->e[slice_elem(k, rank, sz, off, st, a)];
        return true;
    }
    case OP_tensor_insert_slice: {
        RV *d = iv_opnd(in, op, 1);
        if (!d) return false;
        int rank = d->rank;
        int64_t off[MAX_RANK], sz[MAX_RANK], st[MAX_RANK];
        if (!slice_params(in, op, 2, rank, off, sz, st) || !slice_ok(in, op, rank, off, sz, st, d, a->n)) return false;
        memcpy(r->e, d->e, sizeof(El) * (size_t)r->n);
        for (int64_t k = 0; k < a->n; k++) r->e[slice_elem(k, rank, sz, off, st, d)] = a->e[k];
        return true;
    }
    default: return iv_unsupported(in, op);
    }
}

bool iv_linalg_op(In *in, Op *op) {
    int id = op->info->id;
    if (id == OP_linalg_yield) return true;
    if (op->nres != 1) return id == OP_linalg_generic ? lgeneric(in, op, NULL) : iv_unsupported(in, op);
    RV r;
    if (!iv_res_alloc(in, op, 0, &r)) return false;
    bool ok = true;
    switch (id) {
    case OP_linalg_fill: {
        RV *v = iv_opnd(in, op, 0);
        if (!v) { ok = false; break; }
        El x = v->e[0];
        if (iv_kind_of(r.et) == 'f') x.f = fround(r.et, iv_kind_of(v->et) == 'f' ? x.f : (double)x.i);
        for (int64_t k = 0; k < r.n; k++) r.e[k] = x;
        break;
    }
    case OP_linalg_add: case OP_linalg_mul: case OP_linalg_max: {
        RV *a = iv_opnd(in, op, 0), *b = a ? iv_opnd(in, op, 1) : NULL;
        if (!b) { ok = false; break; }
        if (a->n != r.n || b->n != r.n) { ok = iv_fail(in, op, "operand shapes differ"); break; }
        bool fl = iv_kind_of(r.et) == 'f';
        int aid = id == OP_linalg_add ? (fl ? OP_arith_addf : OP_arith_addi) : id == OP_linalg_mul ? (fl ? OP_arith_mulf : OP_arith_muli)
                : (fl ? OP_arith_maximumf : OP_arith_maxsi);
        ok = fl ? iv_arith_float(in, op, aid, a, b, &r) : iv_arith_int(in, op, aid, a, b, &r);
        break;
    }
    case OP_linalg_matmul: case OP_linalg_batch_matmul: {
        RV *a = iv_opnd(in, op, 0), *b = a ? iv_opnd(in, op, 1) : NULL, *c = b ? iv_opnd(in, op, 2) : NULL;
        ok = c && iv_dot(in, op, a, b, c, &r);
        break;
    }
    case OP_linalg_reduce: ok = lreduce(in, op, &r); break;
    case OP_linalg_broadcast: ok = lperm(in, op, true, &r); break;
    case OP_linalg_transpose: ok = lperm(in, op, false, &r); break;
    case OP_linalg_generic: ok = lgeneric(in, op, &r); break;
    case OP_linalg_index: {
        int64_t dim;
        if (!op_attr_int(op, "dim", &dim) || !in->lidx || dim < 0 || dim >= MAX_RANK) { ok = iv_fail(in, op, "linalg.index outside linalg.generic"); break; }
        r.e[0].i = in->lidx[dim];
        break;
    }
    default: ok = tensor_op(in, op, id, &r); break;
    }
    if (ok) ok = res_set(in, op, 0, &r);
    free(r.e);
    return ok;
}
