/* interp_ktdp.c - the interpreter's ktdp ops (KTIR, ../shared/spec/ktir-dialect.md):
 * memory views (plain and distributed), access tiles (direct and indirect),
 * loads and stores through them, get_compute_tile_id, and
 * inter_tile_produce / inter_tile_reduce across the compute tiles.
 *
 * A buffer bound to an `index` base-address argument N is the address
 * (N + 1) << KADDR_SHIFT, in elements: the kernel's pointer arithmetic
 * (`arith.addi %ptr, %rows`) moves within it, and an access decodes the
 * argument from the high bits and the element from the low ones.
 *
 * A view value holds its partitions (one for construct_memory_view, several
 * for construct_distributed_memory_view): per partition the memory (global,
 * or the LX scratchpad of compute tile N: `ct_local` / `LX`, with `ct_id` /
 * `core = N`, or without it the executing tile's own), the offset, the
 * coordinate set (as a box [lo, hi] per dim when every constraint bounds one
 * dim, else the set itself, evaluated per coordinate) and the strides.  A
 * tile value holds a copy of its view and, per element, the view
 * coordinates, or a masked mark for a point of the tile's own set that is
 * not in it.  A load or store accesses each coordinate in the view's
 * coordinate set (in the partition that holds it; partition-local
 * coordinates are relative to the partition set's lower corner); an element
 * outside every set is masked: a load reads 0, a store skips it.  A
 * coordinate inside the set whose address is outside the bound buffer is an
 * error at the op.
 *
 * Inter-tile ops: when the function has any, each compute tile runs on its
 * own thread, but only one runs at a time (a baton handed round in tile
 * order), so a run is deterministic and sequential: a tile that reaches
 * inter_tile_reduce waits until every producer of its group has produced
 * that future, and the others run meanwhile.  The partials are combined in
 * producer tile order, the first partial being the start (the identity when
 * the group has no producer), so every consumer gets the same result. */
#include "interp_impl.h"
#include "dialects.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

enum { VB = 5 + 4 * MAX_RANK };   /* one partition: offset, set, nsyms, boxok, space, lo[], hi[], strides[], syms[] */
enum { V_OFF, V_SET, V_NSYM, V_BOX, V_SPACE, V_LO, V_HI = V_LO + MAX_RANK, V_ST = V_HI + MAX_RANK, V_SYM = V_ST + MAX_RANK };
/* a view value: e[0] partitions, e[1] rank, e[2] distributed, then the partitions */
enum { VH = 3 };
/* a tile value: e[0] elements, e[1] rank, e[2] view length, e[3] element type, then the view, then the coordinates */
enum { TH = 4 };
#define MASKED INT64_MIN

/* ---- affine expressions and sets ----------------------------------------- */

static bool ae_eval(const AExpr *e, const int64_t *d, const int64_t *s, int64_t *out) {
    int64_t l, r;
    switch (e->kind) {
    case AE_CONST: *out = e->v; return true;
    case AE_DIM: *out = d[e->v]; return true;
    case AE_SYM: *out = s ? s[e->v] : 0; return s != NULL;
    default: break;
    }
    if (!ae_eval(e->l, d, s, &l) || !ae_eval(e->r, d, s, &r)) return false;
    switch (e->kind) {
    case AE_ADD: *out = (int64_t)((uint64_t)l + (uint64_t)r); return true;
    case AE_MUL: *out = (int64_t)((uint64_t)l * (uint64_t)r); return true;
    case AE_MOD: if (!r) return false; *out = l % r; if (*out && ((*out < 0) != (r < 0))) *out += r; return true;
    case AE_FLOORDIV: if (!r) return false; *out = l / r - ((l % r) && ((l < 0) != (r < 0))); return true;
    case AE_CEILDIV: if (!r) return false; *out = l / r + ((l % r) && ((l < 0) == (r < 0))); return true;
    default: return false;
    }
}
static bool ae_linear(const AExpr *e) {
    if (e->kind == AE_MOD || e->kind == AE_FLOORDIV || e->kind == AE_CEILDIV) return false;
    if (e->kind == AE_MUL && e->l->kind != AE_CONST && e->r->kind != AE_CONST) return false;
    return !e->l || (ae_linear(e->l) && ae_linear(e->r));
}
static bool set_has(const Attr *set, const int64_t *d, const int64_t *s) {
    for (int i = 0; i < set->set.n; i++) {
        int64_t v;
        if (!ae_eval(set->set.cons[i], d, s, &v)) return false;
        if (set->set.eq[i] ? v != 0 : v < 0) return false;
    }
    return true;
}
/* the set as a box: true when every constraint bounds one dim (coefficient
 * +-1); lo/hi are the bounds (INT64_MIN/MAX when open) either way */
static bool set_box(const Attr *set, const int64_t *s, int64_t *lo, int64_t *hi) {
    int nd = set->set.ndims;
    bool box = nd <= MAX_RANK;
    for (int k = 0; k < nd && k < MAX_RANK; k++) { lo[k] = INT64_MIN; hi[k] = INT64_MAX; }
    for (int i = 0; box && i < set->set.n; i++) {
        const AExpr *e = set->set.cons[i];
        int64_t z[MAX_RANK] = { 0 }, v0, c = 0;
        int which = -1;
        if (!ae_linear(e) || !ae_eval(e, z, s, &v0)) { box = false; break; }
        for (int k = 0; k < nd; k++) {
            int64_t u[MAX_RANK] = { 0 }, vk;
            u[k] = 1;
            if (!ae_eval(e, u, s, &vk)) { box = false; break; }
            if (vk == v0) continue;
            if (which >= 0) { box = false; break; }
            which = k;
            c = vk - v0;
        }
        if (!box) break;
        if (which < 0) { if (set->set.eq[i] ? v0 != 0 : v0 < 0) { lo[0] = 1; hi[0] = 0; } continue; }
        if (c != 1 && c != -1) { box = false; break; }
        /* c*d + v0 >= 0 */
        if (c == 1 || set->set.eq[i]) { int64_t b = c == 1 ? -v0 : v0; if (b > lo[which]) lo[which] = b; }
        if (c == -1 || set->set.eq[i]) { int64_t b = c == 1 ? -v0 : v0; if (b < hi[which]) hi[which] = b; }
    }
    return box;
}

/* ---- helpers --------------------------------------------------------------- */

static bool opnd_int(In *in, Op *op, int i, int64_t *v) {
    RV *a = iv_opnd(in, op, i);
    if (!a) return false;
    if (a->n != 1 || iv_kind_of(a->et) != 'i') return iv_fail(in, op, "operand %d is not an integer", i);
    *v = a->e[0].i;
    return true;
}
static bool new_rv(In *in, Op *op, RV *r, Type *t, int64_t n) {
    memset(r, 0, sizeof *r);
    r->t = t;
    r->et = type_index(in->c);
    r->n = n;
    r->e = calloc((size_t)(n ? n : 1), sizeof(El));
    return r->e ? true : iv_fail(in, op, "out of memory");
}
static bool is_view(const RV *v) { return v && v->t && v->t->kind == T_MEMREF && v->n >= VH; }
static bool is_tile(const RV *v) { return v && v->t && v->t->kind == T_OPAQUE && v->t->opq.name && !strcmp(v->t->opq.name, "!ktdp.access_tile") && v->n >= TH; }

/* ---- views ------------------------------------------------------------------ */

/* the memory of a view: -1 global, else the compute tile whose LX it is in */
static bool memspace(In *in, Op *op, int64_t *space) {
    int64_t core;
    KtdpSpace k = ktdp_view_space(op, &core);
    *space = -1;
    if (k == KMS_GLOBAL) return true;
    int64_t nt = (int64_t)in->grid[0] * in->grid[1] * in->grid[2];
    if (k == KMS_LOCAL) {
        *space = core < 0 ? iv_linear_tile(in) : core;
        if (*space >= nt) return iv_fail(in, op, "the view is in the LX scratchpad of core %lld, which is not a compute tile of the grid (%lld tiles)", (long long)core, (long long)nt);
        if (!in->lx || *space >= in->nlx) return iv_fail(in, op, "the view is in the LX scratchpad of core %lld, and this run has no LX scratchpads", (long long)*space);
        return true;
    }
    Attr *ms = op_attr(op, "memory_space");
    char t[256] = "";
    if (ms && ms->kind == A_OPAQUE) snprintf(t, sizeof t, "%.*s", (int)ms->str.len, ms->str.s);
    else if (!ms) snprintf(t, sizeof t, "of its memref type");
    return iv_fail(in, op, "memory space '%s': the interpreter runs views of global memory (HBM) and of the LX scratchpads (ct_local / LX) only", t);
}

static bool memview(In *in, Op *op, RV *r) {
    Type *mt = op->res[0].type;
    if (!mt || mt->kind != T_MEMREF || mt->sh.rank < 0 || mt->sh.rank > MAX_RANK) return iv_fail(in, op, "expected a memref of rank 0 to %d", MAX_RANK);
    int64_t space;
    if (!memspace(in, op, &space)) return false;
    int R = mt->sh.rank, ns = 0, nt = 0;
    int64_t sz[MAX_RANK], st[MAX_RANK];
    ns = op_attr_ints(op, "static_sizes", sz, MAX_RANK);
    nt = op_attr_ints(op, "static_strides", st, MAX_RANK);
    if ((ns != R && !(ns < 0 && !R)) || (nt != R && !(nt < 0 && !R))) return iv_fail(in, op, "sizes and strides do not match the memref rank");
    int next = 1;
    int64_t off = 0;
    if (!opnd_int(in, op, 0, &off)) return false;
    for (int k = 0; k < R; k++) if (sz[k] == INT64_MIN && !opnd_int(in, op, next++, &sz[k])) return false;
    for (int k = 0; k < R; k++) if (st[k] == INT64_MIN && !opnd_int(in, op, next++, &st[k])) return false;
    if (!new_rv(in, op, r, mt, VH + VB)) return false;
    r->e[0].i = 1;
    r->e[1].i = R;
    El *p = r->e + VH;
    p[V_OFF].i = off;
    p[V_SPACE].i = space;
    for (int k = 0; k < R; k++) p[V_ST + k].i = st[k];
    Attr *set = op_attr(op, "coordinate_set");
    if (set && set->kind == A_INTEGER_SET) {
        /* symbols bind to the dynamic sizes, left to right */
        int nsym = 0;
        int64_t syms[MAX_RANK], lo[MAX_RANK], hi[MAX_RANK];
        int64_t ssz[MAX_RANK];
        op_attr_ints(op, "static_sizes", ssz, MAX_RANK);
        for (int k = 0; k < R; k++) if (ssz[k] == INT64_MIN) syms[nsym++] = sz[k];
        if (set->set.nsyms > nsym) return iv_fail(in, op, "coordinate_set has %d symbols, the view %d dynamic sizes", set->set.nsyms, nsym);
        if (set->set.ndims != R) return iv_fail(in, op, "coordinate_set has %d dims, the view rank %d", set->set.ndims, R);
        bool box = set_box(set, syms, lo, hi);
        p[V_SET].i = (int64_t)(intptr_t)set;
        p[V_NSYM].i = nsym;
        p[V_BOX].i = box;
        for (int k = 0; k < R; k++) { p[V_LO + k].i = lo[k]; p[V_HI + k].i = hi[k]; }
        for (int k = 0; k < nsym; k++) p[V_SYM + k].i = syms[k];
    } else {
        p[V_BOX].i = 1;
        for (int k = 0; k < R; k++) { p[V_LO + k].i = 0; p[V_HI + k].i = sz[k] - 1; }
    }
    for (int k = 0; k < R; k++) if (p[V_LO + k].i == INT64_MIN) p[V_LO + k].i = 0;
    return true;
}

static bool dmemview(In *in, Op *op, RV *r) {
    Type *mt = op->res[0].type;
    if (!mt || mt->kind != T_MEMREF || !op->nopnds) return iv_fail(in, op, "expected memref partitions");
    if (!new_rv(in, op, r, mt, VH + (int64_t)op->nopnds * VB)) return false;
    r->e[0].i = op->nopnds;
    r->e[1].i = mt->sh.rank;
    r->e[2].i = 1;
    for (int i = 0; i < op->nopnds; i++) {
        RV *v = iv_opnd(in, op, i);
        if (!v) return false;
        if (!is_view(v) || v->e[0].i != 1 || v->e[1].i != mt->sh.rank) return iv_fail(in, op, "partition %d is not a memory view of rank %d", i, mt->sh.rank);
        memcpy(r->e + VH + (int64_t)i * VB, v->e + VH, sizeof(El) * VB);
    }
    return true;
}

/* the address of view coordinate c and its memory (-1 global, else the LX
 * of that tile): false when no partition holds it */
static bool view_addr(const El *v, const int64_t *c, int64_t *addr, int64_t *space) {
    int P = (int)v[0].i, R = (int)v[1].i;
    bool dist = v[2].i != 0;
    for (int q = 0; q < P; q++) {
        const El *p = v + VH + (int64_t)q * VB;
        bool in = true;
        if (p[V_BOX].i) {
            for (int k = 0; k < R && in; k++) in = c[k] >= p[V_LO + k].i && c[k] <= p[V_HI + k].i;
        } else {
            int64_t syms[MAX_RANK];
            for (int k = 0; k < p[V_NSYM].i; k++) syms[k] = p[V_SYM + k].i;
            in = set_has((const Attr *)(intptr_t)p[V_SET].i, c, syms);
        }
        if (!in) continue;
        int64_t a = p[V_OFF].i;
        for (int k = 0; k < R; k++) a += (c[k] - (dist ? p[V_LO + k].i : 0)) * p[V_ST + k].i;
        *addr = a;
        *space = p[V_SPACE].i;
        return true;
    }
    return false;
}

/* "tile element [i] reads view coordinate (c0, c1)": for messages */
static void where(char *out, size_t sz, const RV *t, int64_t k, const int64_t *c, int R, const char *what) {
    char idx[128];
    iv_index_str(idx, sizeof idx, t, k);
    size_t o = (size_t)snprintf(out, sz, "tile element %s %s view coordinate (", idx, what);
    for (int i = 0; i < R && o < sz; i++) o += (size_t)snprintf(out + o, sz - o, "%s%lld", i ? ", " : "", (long long)c[i]);
    if (o < sz) snprintf(out + o, sz - o, ")");
}

/* the bytes at element address a of a view of element type et in memory
 * space (-1 global, else the LX scratchpad of that compute tile) */
static unsigned char *elem_at(In *in, Op *op, int64_t a, int64_t space, Type *et, const RV *t, int64_t k, const int64_t *c, int R, const char *what) {
    int64_t buf = (a >> KADDR_SHIFT) - 1, e = a & (((int64_t)1 << KADDR_SHIFT) - 1), sz = iv_elem_bytes(et);
    if (space >= 0) {   /* in->lx[space] exists: memspace checked it */
        const Buf *lx = &in->lx[space];
        if (a >= 0 && (uint64_t)a * (uint64_t)sz + (uint64_t)sz <= lx->bytes) return (unsigned char *)lx->data + a * sz;
        char w[512];
        where(w, sizeof w, t, k, c, R, what);
        iv_fail(in, op, "out-of-bounds access: %s, element %lld of the LX scratchpad of core %lld, which holds %lld elements of %s", w, (long long)a,
                (long long)space, (long long)(sz ? (int64_t)lx->bytes / sz : 0), et->kind == T_FLOAT ? et->f.name : "integers");
        return NULL;
    }
    if (buf >= 0 && buf < in->nargs && in->args[buf].kind == IARG_BUF && (uint64_t)e * (uint64_t)sz + (uint64_t)sz <= in->args[buf].buf.bytes)
        return (unsigned char *)in->args[buf].buf.data + e * sz;
    if (buf == -1 && in->mem && (uint64_t)e * (uint64_t)sz + (uint64_t)sz <= in->mem->bytes) return (unsigned char *)in->mem->data + e * sz;
    char w[512];
    where(w, sizeof w, t, k, c, R, what);
    if (buf == -1 && in->mem) {
        iv_fail(in, op, "out-of-bounds access: %s, element %lld of the memory (--memory), which holds %lld elements of %s", w, (long long)e,
                (long long)(sz ? (int64_t)in->mem->bytes / sz : 0), et->kind == T_FLOAT ? et->f.name : "integers");
        return NULL;
    }
    if (buf < 0 || buf >= in->nargs || in->args[buf].kind != IARG_BUF) {
        iv_fail(in, op, "%s at address %lld, which is in no bound buffer%s", w, (long long)a,
                buf == -1 && a >= 0 ? " (a fixed address: give --memory=FILE.npy, the device memory it is in)" : "");
        return NULL;
    }
    iv_fail(in, op, "out-of-bounds access: %s, element %lld of argument %lld, which holds %lld elements of %s", w, (long long)e,
            (long long)buf, (long long)(sz ? (int64_t)in->args[buf].buf.bytes / sz : 0), et->kind == T_FLOAT ? et->f.name : "integers");
    return NULL;
}

/* ---- access tiles ------------------------------------------------------------ */

/* the points of `set` (with symbols) in the order of `order`, shaped dims[R]:
 * pts[k*R + d] = point k's dim d, or pts[k*R] = MASKED */
static bool enum_points(In *in, Op *op, const Attr *set, const Attr *order, const int64_t *syms, const int64_t *dims, int R, int64_t n, int64_t *pts) {
    if (!set || set->kind != A_INTEGER_SET || set->set.ndims != R) return iv_fail(in, op, "the tile's set must have %d dims", R);
    int perm[MAX_RANK];
    for (int j = 0; j < R; j++) perm[j] = j;
    if (order) {
        if (order->kind != A_AFFINE_MAP || order->map.n != R) return iv_fail(in, op, "the tile's order must have %d results", R);
        for (int j = 0; j < R; j++) {
            const AExpr *x = order->map.res[j];
            if (x->kind != AE_DIM) return iv_fail(in, op, "the interpreter takes permutations as tile orders only");
            perm[j] = (int)x->v;
        }
    }
    int64_t lo[MAX_RANK], hi[MAX_RANK];
    bool box = set_box(set, syms, lo, hi);
    for (int k = 0; k < R; k++) if (lo[k] == INT64_MIN) lo[k] = 0;
    int64_t a[MAX_RANK] = { 0 }, p[MAX_RANK];
    for (int64_t k = 0; k < n; k++) {
        int CR = R ? R : 1;
        for (int j = 0; j < R; j++) p[perm[j]] = lo[perm[j]] + a[j];
        bool ok = true;
        if (box) for (int d = 0; d < R && ok; d++) ok = p[d] <= hi[d];
        else ok = set_has(set, p, syms);
        if (ok) { pts[k * CR] = 0; memcpy(pts + k * CR, p, sizeof(int64_t) * (size_t)R); }
        else pts[k * CR] = MASKED;
        for (int j = R - 1; j >= 0; j--) { if (++a[j] < dims[j]) break; a[j] = 0; }
    }
    return true;
}

static bool tile_alloc(In *in, Op *op, RV *r, const RV *view, int64_t n, int R, int64_t **coords) {
    Type *mt = view->t;
    if (!new_rv(in, op, r, op->res[0].type, TH + view->n + n * (R ? R : 1))) return false;
    r->e[0].i = n;
    r->e[1].i = R;
    r->e[2].i = view->n;
    r->e[3].i = (int64_t)(intptr_t)mt->sh.elem;
    memcpy(r->e + TH, view->e, sizeof(El) * (size_t)view->n);
    *coords = &r->e[TH + view->n].i;
    return true;
}

/* an access tile's memory view (operand 0), its rank *R, and the static
 * shape dims (rank *TR) of the tile the op makes; false after an error */
static bool tile_view(In *in, Op *op, RV **view, int *R, int64_t *dims, int *TR) {
    RV *v = *view = iv_opnd(in, op, 0);
    if (!v) return false;
    if (!is_view(v)) return iv_fail(in, op, "the base must be a memory view (tensor bases are not supported)");
    *R = (int)v->e[1].i;
    if (!ktdp_tile_shape(op->res[0].type, dims, MAX_RANK, TR)) return iv_fail(in, op, "the interpreter needs a static access tile shape");
    return true;
}

static bool atile(In *in, Op *op, RV *r) {
    RV *view;
    int R = 0, TR = 0;
    int64_t dims[MAX_RANK];
    if (!tile_view(in, op, &view, &R, dims, &TR)) return false;
    if (TR != R) return iv_fail(in, op, "the tile rank %d differs from the view rank %d", TR, R);
    const int64_t *seg = op_segment_sizes(op, 3);
    Attr *bm = op_attr(op, "base_map");
    if (!seg || !bm || bm->kind != A_AFFINE_MAP || bm->map.n != R) return iv_fail(in, op, "malformed base map");
    int64_t idx[64], syms[64], base[MAX_RANK];
    for (int i = 0; i < seg[1] && i < 64; i++) if (!opnd_int(in, op, 1 + i, &idx[i])) return false;
    for (int i = 0; i < seg[2] && i < 64; i++) if (!opnd_int(in, op, 1 + (int)seg[1] + i, &syms[i])) return false;
    for (int k = 0; k < R; k++) if (!ae_eval(bm->map.res[k], idx, syms, &base[k])) return iv_fail(in, op, "cannot evaluate the base map");
    int64_t n = 1;
    for (int k = 0; k < R; k++) n *= dims[k];
    if (n > MAX_ELEMS) return iv_fail(in, op, "tile too large");
    int64_t *co;
    if (!tile_alloc(in, op, r, view, n, R, &co)) return false;
    if (!enum_points(in, op, op_attr(op, "access_tile_set"), op_attr(op, "access_tile_order"), syms, dims, R, n, co)) return false;
    int CR = R ? R : 1;
    for (int64_t k = 0; k < n; k++)
        if (co[k * CR] != MASKED)
            for (int d = 0; d < R; d++) co[k * CR + d] += base[d];
    return true;
}

/* read element c of index view v (false: masked) */
static bool read_index(In *in, Op *op, const RV *v, const int64_t *c, const RV *t, int64_t k, int64_t *out, bool *err) {
    int64_t a, sp;
    *err = false;
    if (!view_addr(v->e, c, &a, &sp)) return false;
    Type *et = v->t->sh.elem;
    unsigned char *m = elem_at(in, op, a, sp, et, t, k, c, (int)v->e[1].i, "reads the index view at");
    El x;
    if (!m || !iv_mem_read(in, op, m, et, &x)) { *err = true; return false; }
    *out = x.i;
    return true;
}

static bool itile(In *in, Op *op, RV *r) {
    const int64_t *seg = op_segment_sizes(op, 4);
    if (!seg) return iv_fail(in, op, "malformed operand groups");
    RV *view;
    int R = 0, TR = 0;
    int64_t dims[MAX_RANK];
    if (!tile_view(in, op, &view, &R, dims, &TR)) return false;
    Attr *kinds = op_attr(op, "per_dim_subscript_kinds"), *maps = op_attr(op, "per_dim_subscript_maps");
    if (!kinds || !maps || kinds->kind != A_ARRAY || maps->kind != A_ARRAY || kinds->arr.n != R || maps->arr.n != R)
        return iv_fail(in, op, "malformed subscripts");
    int nind = (int)seg[1], ncap = (int)seg[2], nsym = (int)seg[3];
    if (ncap + TR > 64 || nsym > 64) return iv_fail(in, op, "too many variables");
    int64_t vars[64], syms[64];
    for (int i = 0; i < ncap; i++) if (!opnd_int(in, op, 1 + nind + i, &vars[i])) return false;
    for (int i = 0; i < nsym; i++) if (!opnd_int(in, op, 1 + nind + ncap + i, &syms[i])) return false;
    RV *iv[MAX_RANK];
    for (int i = 0; i < nind && i < MAX_RANK; i++) {
        iv[i] = iv_opnd(in, op, 1 + i);
        if (!iv[i]) return false;
        if (!is_view(iv[i]) || iv_kind_of(iv[i]->t->sh.elem) != 'i') return iv_fail(in, op, "index view %d must be a memory view of integers", i);
    }
    int64_t n = 1;
    for (int k = 0; k < TR; k++) n *= dims[k];
    if (n > MAX_ELEMS) return iv_fail(in, op, "tile too large");
    int64_t *pts = malloc(sizeof(int64_t) * (size_t)(n * TR > 0 ? n * TR : 1));
    if (!pts) return iv_fail(in, op, "out of memory");
    int64_t *co;
    bool ok = tile_alloc(in, op, r, view, n, R, &co) &&
              enum_points(in, op, op_attr(op, "variables_space_set"), op_attr(op, "variables_space_order"), syms, dims, TR, n, pts);
    for (int64_t k = 0; ok && k < n; k++) {
        if (pts[k * TR] == MASKED) { co[k * R] = MASKED; continue; }
        memcpy(vars + ncap, pts + k * TR, sizeof(int64_t) * (size_t)TR);
        int j = 0;
        for (int d = 0; ok && d < R; d++) {
            const Attr *mp = maps->arr.elts[d];
            bool ind = kinds->arr.elts[d]->kind == A_BOOL && kinds->arr.elts[d]->i;
            if (mp->kind != A_AFFINE_MAP) { ok = iv_fail(in, op, "subscript %d is not an affine map", d); break; }
            int64_t sub[MAX_RANK];
            if (mp->map.n > MAX_RANK) { ok = iv_fail(in, op, "subscript %d has too many results", d); break; }
            for (int q = 0; q < mp->map.n; q++)
                if (!ae_eval(mp->map.res[q], vars, syms, &sub[q])) { ok = iv_fail(in, op, "cannot evaluate subscript %d", d); break; }
            if (!ok) break;
            if (!ind) { co[k * R + d] = sub[0]; continue; }
            if (j >= nind) { ok = iv_fail(in, op, "more indirect subscripts than index views"); break; }
            if (mp->map.n != iv[j]->e[1].i) { ok = iv_fail(in, op, "subscript %d has %d results, its index view rank %lld", d, mp->map.n, (long long)iv[j]->e[1].i); break; }
            bool err;
            RV shape = { .rank = TR, .dims = dims, .n = n };
            if (!read_index(in, op, iv[j], sub, &shape, k, &co[k * R + d], &err)) {
                if (err) ok = false;
                else { co[k * R] = MASKED; break; }
            }
            j++;
        }
    }
    free(pts);
    return ok;
}

/* ---- load and store ------------------------------------------------------------- */

/* ktdp.load (r: the result) and ktdp.store (r NULL: operand 0 is the data) */
static bool kaccess(In *in, Op *op, RV *r) {
    bool load = r != NULL;
    RV *x = load ? r : iv_opnd(in, op, 0), *t = x ? iv_opnd(in, op, load ? 0 : 1) : NULL;
    if (!t) return false;
    if (!is_tile(t)) return iv_fail(in, op, "operand %d is not an access tile", load ? 0 : 1);
    int64_t n = t->e[0].i;
    int R = (int)t->e[1].i;
    const char *what = load ? "the result" : "the data";
    if (x->n != n) return iv_fail(in, op, "%s has %lld elements, the tile %lld", what, (long long)x->n, (long long)n);
    const El *v = t->e + TH;
    const int64_t *co = &t->e[TH + t->e[2].i].i;
    Type *et = (Type *)(intptr_t)t->e[3].i;
    if (iv_kind_of(et) != iv_kind_of(x->et) || iv_elem_bytes(et) != iv_elem_bytes(x->et)) return iv_fail(in, op, "%s's element type differs from the view's", what);
    for (int64_t k = 0; k < n; k++) {
        int64_t a, sp;
        const int64_t *ck = co + k * (R ? R : 1);
        if (ck[0] == MASKED || !view_addr(v, ck, &a, &sp)) {   /* masked */
            if (load) { x->e[k].i = 0; x->e[k].f = 0; }
            continue;
        }
        unsigned char *m = elem_at(in, op, a, sp, et, x, k, ck, R, load ? "reads" : "writes");
        if (!m || !(load ? iv_mem_read(in, op, m, x->et, &x->e[k]) : iv_mem_write(in, op, m, et, x->e[k]))) return false;
    }
    return true;
}

/* ---- inter-tile ------------------------------------------------------------------- */

typedef struct Partial { Op *op; int64_t seq; int tile; int n; RV *v; } Partial;
typedef struct Cotile { pthread_t th; int state; In *in; bool ok; } Cotile;   /* state: 0 ready, 1 running, 2 waiting, 3 done */
struct Itc {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    int ntiles, turn;
    Cotile *t;
    Partial *p;
    int np, cap;
    int64_t steps;           /* futures made and reductions done: progress */
    bool abort;
};

int64_t iv_linear_tile(const In *in) { return in->pid[0] + (int64_t)in->grid[0] * (in->pid[1] + (int64_t)in->grid[1] * in->pid[2]); }

/* the group of tile i in `set` (i)[g] over the group ids of `groups` (g): -1 if none */
static int64_t group_of(const Attr *set, const Attr *groups, int64_t i, int64_t ntiles) {
    for (int64_t g = 0; g < ntiles; g++) {
        int64_t gg = g;
        if (groups && groups->kind == A_INTEGER_SET && !set_has(groups, &gg, NULL)) continue;
        if (set_has(set, &i, &gg)) return g;
    }
    return -1;
}

static bool produce(In *in, Op *op, RV *r) {
    Attr *set = op_attr(op, "producer_tiles_per_group");
    if (!set || set->kind != A_INTEGER_SET || set->set.ndims != 1 || set->set.nsyms != 1) return iv_fail(in, op, "producer_tiles_per_group must be a set (i)[g]");
    if (!in->itc) return iv_fail(in, op, "inter-tile ops need the tiles run together");
    int64_t me = iv_linear_tile(in), nt = in->itc->ntiles;
    int64_t g = group_of(set, NULL, me, nt);
    if (!new_rv(in, op, r, op->res[0].type, 3)) return false;
    struct Itc *x = in->itc;
    if (x->np == x->cap) {
        int nc = x->cap ? x->cap * 2 : 64;
        Partial *np = realloc(x->p, sizeof *np * (size_t)nc);
        if (!np) return iv_fail(in, op, "out of memory");
        x->p = np;
        x->cap = nc;
    }
    /* the occurrence number: the futures this tile already made with op */
    int64_t seq = 0;
    for (int i = 0; i < x->np; i++) seq += x->p[i].op == op && x->p[i].tile == me;
    r->e[0].i = seq;
    r->e[1].i = g;
    r->e[2].i = me;
    x->steps++;
    if (g < 0) {   /* not a producer */
        x->p[x->np++] = (Partial){ op, seq, (int)me, -1, NULL };
        return true;
    }
    RV gid;
    if (!new_rv(in, op, &gid, type_index(in->c), 1)) return false;
    gid.e[0].i = g;
    RV *gp = &gid;
    Op *term = NULL;
    Block *b = op->nregions ? op->regions[0].first : NULL;
    bool ok = b && iv_run_region(in, op, &op->regions[0], b->nargs ? 1 : 0, &gp, &term);
    free(gid.e);
    if (!ok) return b ? false : iv_fail(in, op, "missing region");
    Partial *p = &x->p[x->np];
    *p = (Partial){ op, seq, (int)me, term->nopnds, calloc((size_t)(term->nopnds ? term->nopnds : 1), sizeof(RV)) };
    if (!p->v) return iv_fail(in, op, "out of memory");
    x->np++;
    for (int i = 0; i < term->nopnds; i++) {
        RV *v = iv_opnd(in, term, i);
        if (!v || !iv_rv_dup(in, op, v, &p->v[i])) return false;
    }
    return true;
}

static Partial *find_partial(struct Itc *x, Op *op, int64_t seq, int tile) {
    for (int i = 0; i < x->np; i++)
        if (x->p[i].op == op && x->p[i].seq == seq && x->p[i].tile == tile && x->p[i].n >= 0) return &x->p[i];
    return NULL;
}

static void yield_turn(struct Itc *x, Cotile *me, int state);

static bool ktreduce(In *in, Op *op) {
    struct Itc *x = in->itc;
    if (!x) return iv_fail(in, op, "inter-tile ops need the tiles run together");
    RV *f = iv_opnd(in, op, 0);
    if (!f) return false;
    Value *fv = op_operand(op, 0);
    Op *prod = fv->def;
    if (!prod || !op_is(prod, OP_ktdp_inter_tile_produce)) return iv_fail(in, op, "the future must come from ktdp.inter_tile_produce");
    Attr *cset = op_attr(op, "consumer_tiles_per_group"), *pset = op_attr(prod, "producer_tiles_per_group");
    if (!cset || cset->kind != A_INTEGER_SET || cset->set.ndims != 1) return iv_fail(in, op, "consumer_tiles_per_group must be a set (i)[g]");
    int64_t me = iv_linear_tile(in), nt = x->ntiles;
    int64_t g = group_of(cset, NULL, me, nt);
    int nres = op->nres, nid = op->nopnds - 1;
    if (nid != nres) return iv_fail(in, op, "expected %d identity values, got %d", nres, nid);
    RV *acc = calloc((size_t)(nres ? nres : 1), sizeof(RV));
    if (!acc) return iv_fail(in, op, "out of memory");
    bool ok = true, have = false;
    for (int i = 0; i < nres && ok; i++) {
        RV *id = iv_opnd(in, op, 1 + i);
        ok = id && iv_rv_dup(in, op, id, &acc[i]);
    }
    int64_t seq = f->e[0].i;
    for (int64_t p = 0; ok && g >= 0 && p < nt; p++) {
        int64_t gg = g;
        if (!set_has(pset, &p, &gg)) continue;
        Partial *pp;
        while (!(pp = find_partial(x, prod, seq, (int)p)) && !x->abort) {
            if (x->t[p].state == 3) {
                ok = iv_fail(in, op, "tile %lld of group %lld finished without producing this future", (long long)p, (long long)g);
                break;
            }
            yield_turn(x, &x->t[me], 2);
        }
        if (!ok) break;
        if (x->abort) { ok = false; break; }
        if (pp->n != nres) { ok = iv_fail(in, op, "the producer yields %d partials, the reduce takes %d", pp->n, nres); break; }
        if (!have) {
            for (int i = 0; i < nres; i++) { free(acc[i].e); ok = ok && iv_rv_dup(in, op, &pp->v[i], &acc[i]); }
            have = true;
            continue;
        }
        RV **vals = calloc((size_t)(2 * nres), sizeof(RV *));
        if (!vals) { ok = iv_fail(in, op, "out of memory"); break; }
        for (int i = 0; i < nres; i++) { vals[i] = &acc[i]; vals[nres + i] = &pp->v[i]; }
        Op *term = NULL;
        ok = iv_run_region(in, op, &op->regions[0], 2 * nres, vals, &term);
        free(vals);
        for (int i = 0; ok && i < nres; i++) {
            RV *v = iv_opnd(in, term, i);
            if (!v) { ok = false; break; }
            free(acc[i].e);
            ok = iv_rv_dup(in, op, v, &acc[i]);
        }
    }
    x->steps++;
    for (int i = 0; ok && i < nres; i++) {
        RV r;
        if (!iv_res_alloc(in, op, i, &r)) { ok = false; break; }
        if (r.n != acc[i].n) { free(r.e); ok = iv_fail(in, op, "result %d has %lld elements, the partials %lld", i, (long long)r.n, (long long)acc[i].n); break; }
        memcpy(r.e, acc[i].e, sizeof(El) * (size_t)r.n);
        ok = res_set(in, op, i, &r);
        free(r.e);
    }
    for (int i = 0; i < nres; i++) free(acc[i].e);
    free(acc);
    return ok;
}

/* ---- the cooperative tiles --------------------------------------------------------- */

/* give the baton back to the scheduler and wait for it */
static void yield_turn(struct Itc *x, Cotile *me, int state) {
    int idx = (int)(me - x->t);
    me->state = state;
    pthread_cond_broadcast(&x->cv);
    while (!(x->turn == idx && me->state == 1) && !x->abort) pthread_cond_wait(&x->cv, &x->mu);
}

typedef struct TileArg { struct Itc *x; int idx; In *in; Op *func; int nargs; RV **pv; } TileArg;

static void *tile_main(void *p) {
    TileArg *a = p;
    struct Itc *x = a->x;
    pthread_mutex_lock(&x->mu);
    while (!(x->turn == a->idx && x->t[a->idx].state == 1) && !x->abort) pthread_cond_wait(&x->cv, &x->mu);
    bool ok = false;
    if (!x->abort) {
        Op *t = NULL;
        ok = iv_run_region(a->in, a->func, &a->func->regions[0], a->nargs, a->pv, &t);
    }
    x->t[a->idx].ok = ok;
    if (!ok) x->abort = true;
    x->t[a->idx].state = 3;
    pthread_cond_broadcast(&x->cv);
    pthread_mutex_unlock(&x->mu);
    return NULL;
}

bool iv_run_cotiles(In *base, Op *func, int nargs, RV **pv) {
    int nt = base->grid[0] * base->grid[1] * base->grid[2];
    struct Itc x = { .ntiles = nt, .turn = -1 };
    pthread_mutex_init(&x.mu, NULL);
    pthread_cond_init(&x.cv, NULL);
    x.t = calloc((size_t)(nt ? nt : 1), sizeof(Cotile));
    In *ins = calloc((size_t)(nt ? nt : 1), sizeof(In));
    TileArg *ta = calloc((size_t)(nt ? nt : 1), sizeof(TileArg));
    if (!x.t || !ins || !ta) { free(x.t); free(ins); free(ta); return iv_fail(base, func, "out of memory"); }
    pthread_attr_t at;
    pthread_attr_init(&at);
    pthread_attr_setstacksize(&at, (size_t)16 << 20);
    int started = 0;
    bool ok = true;
    pthread_mutex_lock(&x.mu);
    for (int k = 0; k < nt; k++) {
        ins[k] = *base;
        ins[k].s = NULL; ins[k].cap = ins[k].n = 0;
        ins[k].pid[0] = k % base->grid[0];
        ins[k].pid[1] = (k / base->grid[0]) % base->grid[1];
        ins[k].pid[2] = k / (base->grid[0] * base->grid[1]);
        ins[k].itc = &x;
        ta[k] = (TileArg){ &x, k, &ins[k], func, nargs, pv };
        if (pthread_create(&x.t[k].th, &at, tile_main, &ta[k])) { ok = iv_fail(base, func, "cannot start a thread for tile %d", k); x.abort = true; break; }
        started++;
    }
    /* round robin: each ready or waiting tile in turn, until all are done */
    while (ok && !x.abort) {
        bool any = false, progress = false;
        for (int k = 0; k < nt && !x.abort; k++) {
            if (x.t[k].state == 3) continue;
            any = true;
            int64_t before = x.steps;
            int was = x.t[k].state;
            x.turn = k;
            x.t[k].state = 1;
            pthread_cond_broadcast(&x.cv);
            while (x.t[k].state == 1 && !x.abort) pthread_cond_wait(&x.cv, &x.mu);
            if (x.steps != before || x.t[k].state == 3 || was == 0) progress = true;
        }
        if (!any) break;
        if (!progress && !x.abort) {
            In *w = NULL;
            for (int k = 0; k < nt && !w; k++) if (x.t[k].state == 2) w = &ins[k];
            if (w) iv_fail(w, func, "deadlock: every unfinished tile waits in ktdp.inter_tile_reduce for partials no tile will produce");
            ok = false;
            x.abort = true;
        }
    }
    x.abort = x.abort || !ok;
    pthread_cond_broadcast(&x.cv);
    pthread_mutex_unlock(&x.mu);
    for (int k = 0; k < started; k++) pthread_join(x.t[k].th, NULL);
    for (int k = 0; k < nt; k++) {
        if (k < started && !x.t[k].ok) ok = false;
        for (size_t i = 0; i < ins[k].cap; i++) if (ins[k].s[i].k) free(ins[k].s[i].v.e);
        free(ins[k].s);
    }
    for (int i = 0; i < x.np; i++) {
        for (int j = 0; j < x.p[i].n; j++) free(x.p[i].v[j].e);
        free(x.p[i].v);
    }
    free(x.p);
    pthread_attr_destroy(&at);
    pthread_cond_destroy(&x.cv);
    pthread_mutex_destroy(&x.mu);
    free(x.t);
    free(ins);
    free(ta);
    return ok;
}

bool iv_func_has_inter_tile(Op *op) {
    if (op_is(op, OP_ktdp_inter_tile_produce) || op_is(op, OP_ktdp_inter_tile_reduce)) return true;
    for (int r = 0; r < op->nregions; r++)
        for (Block *b = op->regions[r].first; b; b = b->next)
            for (Op *o = b->first; o; o = o->next)
                if (iv_func_has_inter_tile(o)) return true;
    return false;
}

/* ---- dispatch ----------------------------------------------------------------------- */

bool iv_ktdp_op(In *in, Op *op) {
    int id = op->info->id;
    if (id == OP_ktdp_store) return kaccess(in, op, NULL);
    if (id == OP_ktdp_inter_tile_reduce) return ktreduce(in, op);
    if (id == OP_ktdp_region_terminator || id == OP_ktdp_yield_partial || id == OP_ktdp_yield_reduced) return true;
    if (id == OP_ktdp_get_compute_tile_id) {
        for (int i = 0; i < op->nres; i++) {
            RV r;
            if (!iv_res_alloc(in, op, i, &r)) return false;
            r.e[0].i = i < 3 ? in->pid[i] : 0;
            if (!res_set(in, op, i, &r)) { free(r.e); return false; }
        }
        return true;
    }
    if (op->nres != 1) return iv_unsupported(in, op);
    RV r = { 0 };
    bool ok;
    switch (id) {
    case OP_ktdp_construct_memory_view: ok = memview(in, op, &r); break;
    case OP_ktdp_construct_distributed_memory_view: ok = dmemview(in, op, &r); break;
    case OP_ktdp_construct_access_tile: ok = atile(in, op, &r); break;
    case OP_ktdp_construct_indirect_access_tile: ok = itile(in, op, &r); break;
    case OP_ktdp_load: ok = iv_res_alloc(in, op, 0, &r) && kaccess(in, op, &r); break;
    case OP_ktdp_inter_tile_produce: ok = produce(in, op, &r); break;
    default: return iv_unsupported(in, op);
    }
    if (ok) ok = res_set(in, op, 0, &r);
    free(r.e);
    return ok;
}
