/* targets/cgen/ktdp.c - the ktdp ops as C (see kt.h): memory views (plain
 * and distributed), access tiles (direct and indirect), loads and stores,
 * get_compute_tile_id, inter_tile_produce / inter_tile_reduce.
 *
 * A load or store through a direct tile of a box-shaped tile set over a
 * one-partition view with a box coordinate set (what the lowering emits)
 * is a loop nest over the part of the tile inside the view's set, its
 * bounds computed once: the rest of a loaded tile is zero, and the buffer
 * is checked once (TTX_IN of the lowest and highest address).  Every other
 * access is per element: the tile's point, its view coordinate (indirect
 * coordinates read from their index views, masked as the data are), the
 * partition that holds it, one TTX_IN per element.
 *
 * Inter-tile ops need the JIT (each compute tile on its own thread):
 * inter_tile_produce hands its partials to ttx_kt_put (copied by the
 * runtime, keyed by the op's site, the occurrence number and the tile),
 * inter_tile_reduce waits for each producer of its group in tile order with
 * ttx_kt_get (NULL: the partial will never come; TTX_FAIL reports it) and
 * folds them as the interpreter does: the first partial is the start, the
 * identity only when the group has no producer. */
#include "kt.h"
#include "dialects.h"

/* ---- affine sets ------------------------------------------------------------ */

static bool ae_linear(const AExpr *x) {
    if (x->kind == AE_MOD || x->kind == AE_FLOORDIV || x->kind == AE_CEILDIV) return false;
    if (x->kind == AE_MUL && x->l->kind != AE_CONST && x->r->kind != AE_CONST) return false;
    return !x->l || (ae_linear(x->l) && ae_linear(x->r));
}
/* x at dims d with every symbol 0 (x linear) */
static int64_t ae_num(const AExpr *x, const int64_t *d) {
    switch (x->kind) {
    case AE_CONST: return x->v;
    case AE_DIM: return d[x->v];
    case AE_SYM: return 0;
    case AE_ADD: return (int64_t)((uint64_t)ae_num(x->l, d) + (uint64_t)ae_num(x->r, d));
    default: return (int64_t)((uint64_t)ae_num(x->l, d) * (uint64_t)ae_num(x->r, d));
    }
}

/* the C of "point d is in set" (syms s) */
static const char *set_cond(Cg *e, const Attr *set, const char *const *d, const char *const *s) {
    const char *acc = "1";
    for (int i = 0; i < set->set.n; i++) {
        const char *x = kt_ae(e, set->set.cons[i], d, s);
        acc = fmt(e, "%s && %s %s 0", acc, x, set->set.eq[i] ? "==" : ">=");
    }
    return acc;
}

/* declares NAME_loK / NAME_hiK, the bounds of set (syms s) per dim, as the
 * interpreter's set_box computes them (unbounded below: 0; above: the
 * largest i64); true when the set is that box */
static bool set_box(Cg *e, const Attr *set, const char *const *s, const char *name, const char **lo, const char **hi) {
    int nd = set->set.ndims;
    bool box = nd <= MAXR;
    for (int k = 0; k < nd && k < MAXR; k++) {
        lo[k] = fmt(e, "%s_lo%d", name, k);
        hi[k] = fmt(e, "%s_hi%d", name, k);
        line(e, "i64 %s = 0, %s = 0x7fffffffffffffffLL;", lo[k], hi[k]);
        line(e, "(void)%s; (void)%s;", lo[k], hi[k]);
    }
    const char *zero[MAXR];
    for (int k = 0; k < MAXR; k++) zero[k] = "0";
    for (int i = 0; box && i < set->set.n; i++) {
        const AExpr *x = set->set.cons[i];
        if (!ae_linear(x)) { box = false; break; }
        int64_t z[MAXR] = { 0 }, v0 = ae_num(x, z), c = 0;
        int which = -1;
        for (int k = 0; k < nd; k++) {
            int64_t u[MAXR] = { 0 };
            u[k] = 1;
            int64_t vk = ae_num(x, u);
            if (vk == v0) continue;
            if (which >= 0) { box = false; break; }
            which = k;
            c = vk - v0;
        }
        if (!box) break;
        const char *r = kt_ae(e, x, zero, s);   /* the constraint at d = 0 */
        if (which < 0) {
            if (nd) line(e, "if (!(%s %s 0)) { %s = 1; %s = 0; }", r, set->set.eq[i] ? "==" : ">=", lo[0], hi[0]);
            continue;
        }
        if (c != 1 && c != -1) { box = false; break; }
        /* c*d + r >= 0 */
        if (c == 1 || set->set.eq[i]) line(e, "{ i64 b = %s%s; if (b > %s) %s = b; }", c == 1 ? "-" : "", r, lo[which], lo[which]);
        if (c == -1 || set->set.eq[i]) line(e, "{ i64 b = %s%s; if (b < %s) %s = b; }", c == 1 ? "-" : "", r, hi[which], hi[which]);
    }
    return box;
}

/* ---- views ---------------------------------------------------------------------- */

static const char *me_expr(void) { return "((i64)pidX + (i64)gridX * ((i64)pidY + (i64)gridY * (i64)pidZ))"; }

/* the byte address (u64) that element address 0 of the view's memory is at:
 * ttx_mem for global memory, ttx_lx[N] for the LX scratchpad of compute tile
 * N (a tile of the grid: else TTX_FAIL at the op); NULL after an error */
static const char *memspace(Cg *e, Op *op, const char *nm) {
    int64_t core;
    KtdpSpace k = ktdp_view_space(op, &core);
    if (k == KMS_GLOBAL) return "ttx_mem";
    if (k != KMS_LOCAL) { cg_unsupported(e, op, "a view of memory other than global memory (HBM) and the LX scratchpads"); return NULL; }
    const char *c = fmt(e, "%s_core", nm);
    if (core < 0) line(e, "i64 %s = %s;", c, me_expr());
    else line(e, "i64 %s = %" PRId64 "LL;", c, core);
    line(e, "if (%s >= (i64)gridX * gridY * gridZ) { TTX_FAIL(%d); return; }", c, cg_site(e, op));
    return fmt(e, "ttx_lx[%s]", c);
}

static KView *new_view(Cg *e) {
    KView *v = calloc(1, sizeof *v);
    if (!v) abort();
    pv_push(&e->strs, v);
    return v;
}

static bool memview(Cg *e, Op *op) {
    Type *mt = op->res[0].type;
    if (!mt || mt->kind != T_MEMREF || mt->sh.rank < 0 || mt->sh.rank > MAXR) return cg_unsupported(e, op, "its memref type");
    int R = mt->sh.rank;
    int64_t sz[MAXR], st[MAXR];
    int ns = op_attr_ints(op, "static_sizes", sz, MAXR), nt = op_attr_ints(op, "static_strides", st, MAXR);
    if ((ns != R && !(ns < 0 && !R)) || (nt != R && !(nt < 0 && !R))) return cg_unsupported(e, op, "sizes and strides that do not match the rank");
    if (!cg_msize(mt->sh.elem) || !cg_mtype(e, mt->sh.elem)) return cg_unsupported(e, op, "its element type");
    KView *v = new_view(e);
    v->rank = R;
    v->np = 1;
    v->el = mt->sh.elem;
    KPart *p = &v->p[0];
    const char *nm = fmt(e, "m%d", e->ntmp++);
    if (!(p->mem = memspace(e, op, nm))) return false;
    int next = 1;
    p->off = fmt(e, "%s_off", nm);
    line(e, "i64 %s = (i64)%s;", p->off, kt_el(e, op_operand(op, 0), "0"));
    const char *szs[MAXR];
    int nsym = 0;
    for (int k = 0; k < R; k++) {
        if (sz[k] == INT64_MIN) {
            szs[k] = fmt(e, "%s_sz%d", nm, k);
            line(e, "i64 %s = (i64)%s;", szs[k], kt_el(e, op_operand(op, next++), "0"));
            p->syms[nsym++] = szs[k];
        } else szs[k] = fmt(e, "%" PRId64 "LL", sz[k]);
    }
    for (int k = 0; k < R; k++) {
        if (st[k] == INT64_MIN) {
            p->st[k] = fmt(e, "%s_st%d", nm, k);
            line(e, "i64 %s = (i64)%s;", p->st[k], kt_el(e, op_operand(op, next++), "0"));
        } else p->st[k] = fmt(e, "%" PRId64 "LL", st[k]);
    }
    Attr *set = op_attr(op, "coordinate_set");
    if (set && set->kind == A_INTEGER_SET) {
        if (set->set.nsyms > nsym || set->set.ndims != R) return cg_unsupported(e, op, "a coordinate_set that does not fit the view");
        p->set = set;
        p->box = set_box(e, set, p->syms, nm, p->lo, p->hi);
    } else {
        p->box = true;
        for (int k = 0; k < R; k++) {
            p->lo[k] = "0";
            p->hi[k] = fmt(e, "(%s - 1)", szs[k]);
        }
    }
    VI *x = cg_vi(e, op_result(op, 0));
    x->kind = K_VIEW;
    x->kt = v;
    x->name = nm;
    return true;
}

static bool dmemview(Cg *e, Op *op) {
    Type *mt = op->res[0].type;
    if (!mt || mt->kind != T_MEMREF || !op->nopnds || op->nopnds > 8) return cg_unsupported(e, op, "its partitions");
    KView *v = new_view(e);
    v->rank = mt->sh.rank;
    v->el = mt->sh.elem;
    v->dist = true;
    for (int i = 0; i < op->nopnds; i++) {
        KView *q = kt_of(e, op_operand(op, i));
        if (!q || q->np != 1 || q->rank != v->rank) return cg_unsupported(e, op, "a partition that is not a memory view of its rank");
        v->p[v->np++] = q->p[0];
    }
    VI *x = cg_vi(e, op_result(op, 0));
    x->kind = K_VIEW;
    x->kt = v;
    return true;
}

/* ---- tiles ----------------------------------------------------------------------- */


static bool order_perm(Cg *e, Op *op, const Attr *order, int R, int *perm) {
    for (int j = 0; j < R; j++) perm[j] = j;
    if (!order) return true;
    if (order->kind != A_AFFINE_MAP || order->map.n != R) return cg_unsupported(e, op, "a tile order that does not fit the tile");
    for (int j = 0; j < R; j++) {
        if (order->map.res[j]->kind != AE_DIM) return cg_unsupported(e, op, "a tile order that is not a permutation");
        perm[j] = (int)order->map.res[j]->v;
    }
    return true;
}

static KTile *new_tile(Cg *e, Op *op, bool indirect) {
    KTile *t = calloc(1, sizeof *t);
    if (!t) abort();
    pv_push(&e->strs, t);
    t->v = kt_of(e, op_operand(op, 0));
    t->indirect = indirect;
    t->op = op;
    if (!t->v) { cg_unsupported(e, op, "a base that is not a memory view"); return NULL; }
    if (!ktdp_tile_shape(op->res[0].type, t->dims, MAXR, &t->rank)) { cg_unsupported(e, op, "its tile type"); return NULL; }
    VI *x = cg_vi(e, op_result(op, 0));
    x->kind = K_TILE;
    x->kt = t;
    x->name = fmt(e, "a%d", e->ntmp++);
    return t;
}

static bool atile(Cg *e, Op *op) {
    KTile *t = new_tile(e, op, false);
    if (!t) return false;
    int R = t->v->rank;
    if (t->rank != R) return cg_unsupported(e, op, "a tile rank that differs from the view's");
    const int64_t *seg = op_segment_sizes(op, 3);
    Attr *bm = op_attr(op, "base_map");
    if (!seg || !bm || bm->kind != A_AFFINE_MAP || bm->map.n != R || seg[1] > 16 || seg[2] > 16) return cg_unsupported(e, op, "its base map");
    const char *idx[16], *nm = cg_vi(e, op_result(op, 0))->name;
    for (int i = 0; i < seg[1]; i++) idx[i] = kt_el(e, op_operand(op, 1 + i), "0");
    for (int i = 0; i < seg[2]; i++) t->syms[i] = kt_el(e, op_operand(op, 1 + (int)seg[1] + i), "0");
    t->nsym = (int)seg[2];
    for (int k = 0; k < R; k++) {
        t->base[k] = fmt(e, "%s_b%d", nm, k);
        line(e, "i64 %s = %s;", t->base[k], kt_ae(e, bm->map.res[k], idx, t->syms));
    }
    t->set = op_attr(op, "access_tile_set");
    if (!t->set || t->set->kind != A_INTEGER_SET || t->set->set.ndims != R) return cg_unsupported(e, op, "its access_tile_set");
    if (!order_perm(e, op, op_attr(op, "access_tile_order"), R, t->perm)) return false;
    t->box = set_box(e, t->set, t->syms, nm, t->lo, t->hi);
    return true;
}

static bool itile(Cg *e, Op *op) {
    KTile *t = new_tile(e, op, true);
    if (!t) return false;
    const int64_t *seg = op_segment_sizes(op, 4);
    Attr *kinds = op_attr(op, "per_dim_subscript_kinds"), *maps = op_attr(op, "per_dim_subscript_maps");
    int R = t->v->rank;
    if (!seg || !kinds || !maps || kinds->kind != A_ARRAY || maps->kind != A_ARRAY || kinds->arr.n != R || maps->arr.n != R)
        return cg_unsupported(e, op, "its subscripts");
    if (seg[2] + t->rank > 16 || seg[3] > 16) return cg_unsupported(e, op, "too many variables");
    t->set = op_attr(op, "variables_space_set");
    if (!t->set || t->set->kind != A_INTEGER_SET || t->set->set.ndims != t->rank) return cg_unsupported(e, op, "its variables_space_set");
    if (!order_perm(e, op, op_attr(op, "variables_space_order"), t->rank, t->perm)) return false;
    t->nsym = (int)seg[3];
    for (int i = 0; i < seg[3]; i++) t->syms[i] = kt_el(e, op_operand(op, 1 + (int)(seg[1] + seg[2]) + i), "0");
    for (int i = 0; i < seg[1]; i++) {
        KView *iv = kt_of(e, op_operand(op, 1 + i));
        if (!iv || iv->el->kind != T_INT) return cg_unsupported(e, op, "an index view that is not a memory view of integers");
    }
    t->box = set_box(e, t->set, t->syms, cg_vi(e, op_result(op, 0))->name, t->lo, t->hi);
    return true;
}

/* ---- load and store ----------------------------------------------------------------- */

/* the element of memory type el at byte address a*size, as a register value */
static const char *mem_read(Cg *e, const Type *el, const char *ptr) {
    if (fname_is(el, "f16")) return fmt(e, "ttx_h2f(*%s)", ptr);
    if (fname_is(el, "bf16")) return fmt(e, "ttx_bf2f(*%s)", ptr);
    if (el->kind == T_INT && el->i.width == 1) return fmt(e, "(_Bool)(*%s & 1)", ptr);
    return fmt(e, "*%s", ptr);
}
static const char *mem_conv(Cg *e, const Type *el, const char *x) {
    if (fname_is(el, "f16")) return fmt(e, "ttx_f2h(%s)", x);
    if (fname_is(el, "bf16")) return fmt(e, "ttx_f2bf(%s)", x);
    if (el->kind == T_INT && el->i.width == 1) return fmt(e, "(u8)%s", x);
    return x;
}

/* the address (elements) of view coordinate c in *ad, the byte address of
 * its memory in *mb, and the flag *in: the first partition whose set holds c */
static void view_addr(Cg *e, KView *v, const char *const *c, const char *ad, const char *mb, const char *in) {
    line(e, "i64 %s = 0; u64 %s = ttx_mem; int %s = 0; (void)%s;", ad, mb, in, mb);
    for (int q = 0; q < v->np; q++) {
        KPart *p = &v->p[q];
        const char *cond = "1";
        if (p->box)
            for (int k = 0; k < v->rank; k++) cond = fmt(e, "%s && %s >= %s && %s <= %s", cond, c[k], p->lo[k], c[k], p->hi[k]);
        else cond = set_cond(e, p->set, c, p->syms);
        const char *sum = p->off;
        for (int k = 0; k < v->rank; k++)
            sum = fmt(e, "%s + (%s%s%s) * %s", sum, c[k], v->dist ? " - " : "", v->dist ? p->lo[k] : "", p->st[k]);
        line(e, "if (!%s && %s) { %s = 1; %s = %s; %s = %s; }", in, cond, in, ad, sum, mb, p->mem);
    }
}

/* the point of tile t at tile index a[] into p-names, and *ok */
static void tile_point(Cg *e, KTile *t, const char *const *a, const char **p, const char *ok) {
    int R = t->rank;
    for (int j = 0; j < R; j++) {
        int d = t->perm[j];
        p[d] = fmt(e, "p%d_%d", e->ntmp, d);
        line(e, "i64 %s = %s + %s;", p[d], t->lo[d], a[j]);
    }
    e->ntmp++;
    const char *cond = "1";
    if (t->box)
        for (int d = 0; d < R; d++) cond = fmt(e, "%s && %s <= %s", cond, p[d], t->hi[d]);
    else cond = set_cond(e, t->set, p, t->syms);
    line(e, "int %s = %s;", ok, cond);
}

/* the view coordinate c[] of tile element a[] (after tile_point), masked through *ok */
static bool tile_coord(Cg *e, KTile *t, const char *const *p, const char **c, const char *ok, int site) {
    int R = t->v->rank;
    if (!t->indirect) {
        for (int d = 0; d < R; d++) {
            c[d] = fmt(e, "c%d_%d", e->ntmp, d);
            line(e, "i64 %s = %s + %s;", c[d], p[d], t->base[d]);
        }
        e->ntmp++;
        return true;
    }
    Op *op = t->op;
    const int64_t *seg = op_segment_sizes(op, 4);
    Attr *kinds = op_attr(op, "per_dim_subscript_kinds"), *maps = op_attr(op, "per_dim_subscript_maps");
    const char *vars[32];
    int ncap = (int)seg[2], nind = (int)seg[1];
    for (int i = 0; i < ncap; i++) vars[i] = kt_el(e, op_operand(op, 1 + nind + i), "0");
    for (int i = 0; i < t->rank; i++) vars[ncap + i] = p[i];
    int j = 0, id = e->ntmp++;
    for (int d = 0; d < R; d++) {
        const Attr *mp = maps->arr.elts[d];
        bool ind = kinds->arr.elts[d]->kind == A_BOOL && kinds->arr.elts[d]->i;
        if (mp->kind != A_AFFINE_MAP || mp->map.n < 1 || mp->map.n > MAXR) return cg_unsupported(e, op, "its subscript maps");
        c[d] = fmt(e, "c%d_%d", id, d);
        if (!ind) { line(e, "i64 %s = %s;", c[d], kt_ae(e, mp->map.res[0], vars, t->syms)); continue; }
        if (j >= nind) return cg_unsupported(e, op, "more indirect subscripts than index views");
        KView *iv = kt_of(e, op_operand(op, 1 + j));
        if (mp->map.n != iv->rank) return cg_unsupported(e, op, "an indirect subscript that does not fit its index view");
        const char *sub[MAXR];
        for (int q = 0; q < mp->map.n; q++) {
            sub[q] = fmt(e, "s%d_%d_%d", id, d, q);
            line(e, "i64 %s = %s;", sub[q], kt_ae(e, mp->map.res[q], vars, t->syms));
        }
        const char *ad = fmt(e, "ia%d_%d", id, d), *in = fmt(e, "ii%d_%d", id, d), *mb = fmt(e, "im%d_%d", id, d);
        line(e, "i64 %s = 0;", c[d]);
        view_addr(e, iv, sub, ad, mb, in);
        const char *it = cg_mtype(e, iv->el);
        int isz = cg_msize(iv->el);
        line(e, "if (%s && !%s) %s = 0;", ok, in, ok);
        line(e, "if (%s) {", ok);
        line(e, "    const %s *ip = (const %s *)(u64)(%s + (u64)%s * %d);", it, it, mb, ad, isz);
        line(e, "    if (TTX_IN(ip, %d, %d)) %s = (i64)*ip; else %s = 0;", isz, site, c[d], ok);
        line(e, "}");
        j++;
    }
    return true;
}

/* per element: any tile, any view */
static bool access_general(Cg *e, KTile *t, Value *x, bool load, int site) {
    KView *v = t->v;
    const char *mt = cg_mtype(e, v->el);
    int sz = cg_msize(v->el);
    const char *a[MAXR];
    int nl = cg_loops_open(e, t->dims, t->rank, a);
    const char *k = cg_flat(e, t->dims, t->rank, a);
    const char *p[MAXR], *c[MAXR];
    const char *ok = fmt(e, "ok%d", e->ntmp++);
    tile_point(e, t, a, p, ok);
    if (!tile_coord(e, t, p, c, ok, site)) return false;
    const char *ad = fmt(e, "ad%d", e->ntmp), *in = fmt(e, "in%d", e->ntmp), *mb = fmt(e, "mb%d", e->ntmp);
    e->ntmp++;
    view_addr(e, v, c, ad, mb, in);
    line(e, "%s *P = (%s *)(u64)(%s + (u64)%s * %d);", mt, mt, mb, ad, sz);
    if (load) {
        line(e, "%s[%s] = 0;", cg_vi(e, x)->name, k);
        line(e, "if (%s && %s && TTX_IN(P, %d, %d)) %s[%s] = %s;", ok, in, sz, site, cg_vi(e, x)->name, k, mem_read(e, v->el, "P"));
    } else {
        line(e, "if (%s && %s && TTX_IN(P, %d, %d)) *P = %s;", ok, in, sz, site, mem_conv(e, v->el, kt_el(e, x, k)));
    }
    cg_loops_close(e, nl);
    return true;
}

/* one partition (of a plain or distributed view), box sets, a direct tile:
 * the loops over the part inside */
static bool access_box(Cg *e, KTile *t, Value *x, bool load, int site, int q, bool zero) {
    KView *v = t->v;
    KPart *pp = &v->p[q];
    int R = t->rank, id = e->ntmp++;
    const char *mt = cg_mtype(e, v->el);
    int sz = cg_msize(v->el);
    const char *lo[MAXR], *hi[MAXR], *o = fmt(e, "o%d", id);
    line(e, "{");
    e->ind++;
    const char *full = "1", *empty = "0";
    const char *sum = pp->off;
    for (int j = 0; j < R; j++) {
        int d = t->perm[j];
        lo[j] = fmt(e, "l%d_%d", id, j);
        hi[j] = fmt(e, "h%d_%d", id, j);
        /* tile index a: point t->lo[d] + a, coordinate + base */
        line(e, "i64 %s = %s - %s - %s; if (%s < 0) %s = 0;", lo[j], pp->lo[d], t->base[d], t->lo[d], lo[j], lo[j]);
        line(e, "i64 %s = %" PRId64 ";", hi[j], t->dims[j]);
        line(e, "if (%s - %s < %s - 1) %s = %s - %s + 1;", t->hi[d], t->lo[d], hi[j], hi[j], t->hi[d], t->lo[d]);
        line(e, "if (%s - %s - %s < %s - 1) %s = %s - %s - %s + 1;", pp->hi[d], t->base[d], t->lo[d], hi[j], hi[j], pp->hi[d], t->base[d], t->lo[d]);
        full = fmt(e, "%s && %s == 0 && %s == %" PRId64, full, lo[j], hi[j], t->dims[j]);
        empty = fmt(e, "%s || %s >= %s", empty, lo[j], hi[j]);
        sum = fmt(e, "%s + (%s + %s%s%s) * %s", sum, t->base[d], t->lo[d], v->dist ? " - " : "", v->dist ? pp->lo[d] : "", pp->st[d]);
    }
    line(e, "i64 %s = %s;", o, sum);
    const char *X = cg_vi(e, x)->name;
    int64_t N = kt_numel(x->type);
    if (load && zero) line(e, "if (!(%s)) %s", full, kt_zero(e, X, N));
    line(e, "if (!(%s)) {", empty);
    e->ind++;
    line(e, "i64 amin = %s, amax = %s;", o, o);
    line(e, "(void)amin; (void)amax;");
    for (int j = 0; j < R; j++) {
        const char *s = pp->st[t->perm[j]];
        line(e, "if (%s > 0) { amin += %s * %s; amax += (%s - 1) * %s; } else { amin += (%s - 1) * %s; amax += %s * %s; }", s, lo[j], s,
             hi[j], s, hi[j], s, lo[j], s);
    }
    line(e, "%s *P = (%s *)(u64)(%s + (u64)%s * %d);", mt, mt, pp->mem, o, sz);
    line(e, "if (TTX_IN((%s *)(u64)(%s + (u64)amax * %d), %d, %d) && TTX_IN((%s *)(u64)(%s + (u64)amin * %d), (amax - amin + 1) * %d, %d)) {", mt, pp->mem, sz, sz,
         site, mt, pp->mem, sz, sz, site);
    e->ind++;
    const char *a[MAXR];
    for (int j = 0; j < R - 1; j++) {
        a[j] = fmt(e, "a%d_%d", id, j);
        line(e, "for (i64 %s = %s; %s < %s; %s++) {", a[j], lo[j], a[j], hi[j], a[j]);
        e->ind++;
    }
    /* the row: tile index a[0..R-1) and the last axis [lo, hi) */
    const char *mo = "0", *xo = "0";
    for (int j = 0; j < R - 1; j++) {
        mo = fmt(e, "%s + %s * %s", mo, a[j], pp->st[t->perm[j]]);
        int64_t s = 1;
        for (int q = j + 1; q < R; q++) s *= t->dims[q];
        xo = fmt(e, "%s + %s * %" PRId64, xo, a[j], s);
    }
    if (R == 0) {
        if (load) line(e, "%s[0] = %s;", X, mem_read(e, v->el, "P"));
        else line(e, "*P = %s;", mem_conv(e, v->el, kt_el(e, x, "0")));
    } else {
        const char *L = pp->st[t->perm[R - 1]], *ll = lo[R - 1], *hh = hi[R - 1];
        line(e, "%s *row = P + (%s); i64 xr = %s; (void)xr;", mt, mo, xo);
        const char *rt = cg_rtype(e, v->el);
        bool same = !strcmp(rt, mt);
        bool arr = cg_vi(e, x)->kind == K_ARRAY;
        if (kt_rt(e) && load && same) line(e, "if (%s == 1) ttx_rt_copy(%s + xr + %s, row + %s, (%s - %s) * %d); else", L, X, ll, ll, hh, ll, sz);
        else if (kt_rt(e) && load && fname_is(v->el, "f16")) line(e, "if (%s == 1) ttx_rt_h2f(%s + xr + %s, row + %s, %s - %s); else", L, X, ll, ll, hh, ll);
        else if (kt_rt(e) && !load && same && arr) line(e, "if (%s == 1) ttx_rt_copy(row + %s, %s + xr + %s, (%s - %s) * %d); else", L, ll, X, ll, hh, ll, sz);
        else if (kt_rt(e) && !load && arr && fname_is(v->el, "f16")) line(e, "if (%s == 1) ttx_rt_f2h(row + %s, %s + xr + %s, %s - %s); else", L, ll, X, ll, hh, ll);
        if (load) line(e, "for (i64 j = %s; j < %s; j++) %s[xr + j] = %s;", ll, hh, X, mem_read(e, v->el, fmt(e, "(row + j * %s)", L)));
        else line(e, "for (i64 j = %s; j < %s; j++) row[j * %s] = %s;", ll, hh, L, mem_conv(e, v->el, kt_el(e, x, "xr + j")));
    }
    for (int j = 0; j < R - 1; j++) { e->ind--; line(e, "}"); }
    e->ind--;
    /* outside the buffer (reported by TTX_IN): the tile is zeros */
    if (load) line(e, "} else %s", kt_zero(e, X, N));
    else line(e, "}");
    e->ind--;
    line(e, "}");
    e->ind--;
    line(e, "}");
    return true;
}

static bool kaccess(Cg *e, Op *op, bool load) {
    Value *tv = op_operand(op, load ? 0 : 1), *x = load ? op_result(op, 0) : op_operand(op, 0);
    KTile *t = kt_of(e, tv);
    if (!t || cg_vi(e, tv)->kind != K_TILE) return cg_unsupported(e, op, "an access tile it cannot follow");
    int64_t n = 1;
    for (int j = 0; j < t->rank; j++) n *= t->dims[j];
    if (n != kt_numel(x->type)) return cg_unsupported(e, op, "data of another size than the tile");
    if (load) {
        Type *xt = x->type;
        if (!is_tensor(xt)) return cg_unsupported(e, op, "a scalar result");
        if (!kt_decl(e, x)) return false;
    }
    Type *et = type_elem(x->type);
    if (et->kind != t->v->el->kind || cg_msize(et) != cg_msize(t->v->el)) return cg_unsupported(e, op, "an element type other than the view's");
    int site = cg_site(e, op);
    KView *v = t->v;
    bool fast = !t->indirect && t->box && t->rank == v->rank;
    for (int q = 0; q < v->np; q++) fast &= v->p[q].box;
    line(e, "/* %s */", op_name(op));
    if (!fast) return access_general(e, t, x, load, site);
    if (v->np == 1) return access_box(e, t, x, load, site, 0, true);
    /* several partitions: each one's part of the tile, the first partition
     * holding a coordinate winning (a load writes them last to first); a
     * store so only when the partitions are disjoint */
    if (load) {
        line(e, "%s", kt_zero(e, cg_vi(e, x)->name, kt_numel(x->type)));
        for (int q = v->np - 1; q >= 0; q--)
            if (!access_box(e, t, x, load, site, q, false)) return false;
        return true;
    }
    const char *dj = "1";
    for (int a = 0; a < v->np; a++)
        for (int b = a + 1; b < v->np; b++) {
            const char *any = "0";
            for (int k = 0; k < v->rank; k++)
                any = fmt(e, "%s || %s < %s || %s < %s", any, v->p[a].hi[k], v->p[b].lo[k], v->p[b].hi[k], v->p[a].lo[k]);
            dj = fmt(e, "%s && (%s)", dj, any);
        }
    line(e, "if (%s) {", dj);
    e->ind++;
    for (int q = 0; q < v->np; q++)
        if (!access_box(e, t, x, load, site, q, false)) return false;
    e->ind--;
    line(e, "} else {");
    e->ind++;
    if (!access_general(e, t, x, load, site)) return false;
    e->ind--;
    line(e, "}");
    return true;
}

/* ---- inter-tile ------------------------------------------------------------------------ */

/* declares g: the group of tile `who` in set (i)[g], or -1 */
static void group_of(Cg *e, const Attr *set, const char *who, const char *g) {
    const char *q = fmt(e, "%s_q", g);
    const char *d[1] = { who }, *s[1] = { q };
    line(e, "i64 %s = -1;", g);
    line(e, "for (i64 %s = 0; %s < (i64)gridX * gridY * gridZ; %s++) if (%s) { %s = %s; break; }", q, q, q, set_cond(e, set, d, s), g, q);
}

static bool produce(Cg *e, Op *op) {
    if (!kt_rt(e)) return cg_unsupported(e, op, "inter-tile ops need the JIT, which runs each compute tile on its own thread");
    Attr *set = op_attr(op, "producer_tiles_per_group");
    if (!set || set->kind != A_INTEGER_SET || set->set.ndims != 1 || set->set.nsyms != 1) return cg_unsupported(e, op, "its producer set");
    int site = cg_site(e, op), id = e->ntmp++;
    VI *x = cg_vi(e, op_result(op, 0));
    x->kind = K_FUTURE;
    x->name = fmt(e, "f%d", id);
    x->inst = site;
    fprintf(e->kt_pro, "    i64 n%d = 0;   /* the futures this tile made with op %d */\n", id, site);
    line(e, "i64 %s = n%d++;", x->name, id);
    const char *g = fmt(e, "g%d", id);
    group_of(e, set, me_expr(), g);
    Block *b = op->nregions ? op->regions[0].first : NULL;
    if (!b) return cg_unsupported(e, op, "a missing region");
    line(e, "if (%s >= 0) {", g);
    e->ind++;
    const char *ga[1] = { g };
    if (b->nargs) kt_bind_args(e, b, ga);
    Op *t = NULL;
    if (!kt_block(e, b, &t)) return false;
    if (!t) return cg_unsupported(e, op, "a region without yield_partial");
    for (int i = 0; i < t->nopnds; i++) {
        Value *p = op_operand(t, i);
        VI *pv = cg_vi(e, p);
        int64_t n = kt_numel(p->type);
        const char *T = cg_rtype(e, type_elem(p->type));
        if (pv->kind == K_ARRAY) line(e, "ttx_kt_put(%d, %s, %s, %d, %s, (i64)sizeof(%s) * %" PRId64 ");", site, x->name, me_expr(), i, pv->name, T, n);
        else line(e, "{ %s s[%" PRId64 "]; for (i64 k = 0; k < %" PRId64 "; k++) s[k] = %s; ttx_kt_put(%d, %s, %s, %d, s, sizeof s); }", T, n, n, kt_el(e, p, "0"), site, x->name, me_expr(), i);
    }
    e->ind--;
    line(e, "}");
    return true;
}

static bool ktreduce(Cg *e, Op *op) {
    if (!kt_rt(e)) return cg_unsupported(e, op, "inter-tile ops need the JIT, which runs each compute tile on its own thread");
    Value *fv = op_operand(op, 0);
    Op *prod = fv->def;
    VI *f = cg_vi(e, fv);
    if (!prod || !op_is(prod, OP_ktdp_inter_tile_produce) || f->kind != K_FUTURE) return cg_unsupported(e, op, "a future not made by inter_tile_produce");
    Attr *cset = op_attr(op, "consumer_tiles_per_group"), *pset = op_attr(prod, "producer_tiles_per_group");
    if (!cset || cset->kind != A_INTEGER_SET || cset->set.ndims != 1 || cset->set.nsyms != 1) return cg_unsupported(e, op, "its consumer set");
    int nres = op->nres;
    if (op->nopnds - 1 != nres) return cg_unsupported(e, op, "identities that do not match its results");
    Block *b = op->nregions ? op->regions[0].first : NULL;
    if (!b || b->nargs != 2 * nres) return cg_unsupported(e, op, "its region");
    int site = cg_site(e, op), id = e->ntmp++;
    for (int i = 0; i < nres; i++) {
        if (!kt_decl(e, op_result(op, i))) return false;
        kt_copy(e, op_result(op, i), op_operand(op, 1 + i));
    }
    const char *g = fmt(e, "g%d", id), *p = fmt(e, "p%d", id), *have = fmt(e, "h%d", id);
    group_of(e, cset, me_expr(), g);
    line(e, "int %s = 0;", have);
    line(e, "for (i64 %s = 0; %s >= 0 && %s < (i64)gridX * gridY * gridZ; %s++) {", p, g, p, p);
    e->ind++;
    const char *pd[1] = { p }, *ps[1] = { g };
    line(e, "if (!(%s)) continue;", set_cond(e, pset, pd, ps));
    const char **args = calloc((size_t)(2 * nres + 1), sizeof *args);
    if (!args) abort();
    for (int i = 0; i < nres; i++) {
        Value *r = op_result(op, i);
        const char *T = cg_rtype(e, type_elem(r->type));
        const char *q = fmt(e, "pp%d_%d", id, i);
        line(e, "const %s *%s = (const %s *)ttx_kt_get(%d, %s, %s, %d);", T, q, T, f->inst, f->name, p, i);
        line(e, "if (!%s) { TTX_FAIL(%d); return; }", q, site);
        args[i] = cg_vi(e, r)->name;
        args[nres + i] = q;
    }
    line(e, "if (!%s) {", have);
    for (int i = 0; i < nres; i++)
        line(e, "    for (i64 k = 0; k < %" PRId64 "; k++) %s[k] = %s[k];", kt_numel(op_result(op, i)->type), args[i], args[nres + i]);
    line(e, "    %s = 1;", have);
    line(e, "    continue;");
    line(e, "}");
    for (int i = 0; i < 2 * nres; i++) {
        VI *x = cg_vi(e, b->args[i]);
        x->kind = is_tensor(b->args[i]->type) ? K_ARRAY : K_VIRT;
        x->name = is_tensor(b->args[i]->type) ? args[i] : fmt(e, "%s[0]", args[i]);
    }
    free(args);
    Op *t = NULL;
    if (!kt_block(e, b, &t)) return false;
    if (!t || t->nopnds != nres) return cg_unsupported(e, op, "its yield_reduced");
    Value **dst = calloc((size_t)nres + 1, sizeof *dst);
    if (!dst) abort();
    for (int i = 0; i < nres; i++) dst[i] = op_result(op, i);
    for (int i = 0; i < nres; i++) {
        Value *s = op_operand(t, i);
        line(e, "for (i64 k = 0; k < %" PRId64 "; k++) %s[k] = %s;", kt_numel(dst[i]->type), cg_vi(e, dst[i])->name, kt_el(e, s, "k"));
    }
    free(dst);
    e->ind--;
    line(e, "}");
    return true;
}

/* ---- dispatch and the base-address arguments ---------------------------------------------- */

bool kt_emit_ktdp(Cg *e, Op *op) {
    switch (op->info->id) {
    case OP_ktdp_construct_memory_view: return memview(e, op);
    case OP_ktdp_construct_distributed_memory_view: return dmemview(e, op);
    case OP_ktdp_construct_access_tile: return atile(e, op);
    case OP_ktdp_construct_indirect_access_tile: return itile(e, op);
    case OP_ktdp_load: return kaccess(e, op, true);
    case OP_ktdp_store: return kaccess(e, op, false);
    case OP_ktdp_inter_tile_produce: return produce(e, op);
    case OP_ktdp_inter_tile_reduce: return ktreduce(e, op);
    case OP_ktdp_get_compute_tile_id: {
        static const char *const pid[] = { "pidX", "pidY", "pidZ" };
        for (int i = 0; i < op->nres; i++) {
            VI *x = cg_vi(e, op_result(op, i));
            x->kind = K_SCALAR;
            x->name = i < 3 ? fmt(e, "((i64)%s)", pid[i]) : "0";
        }
        return true;
    }
    default: return cg_unsupported(e, op, NULL);
    }
}

static bool marks(Value *v, Value *arg, int depth) {
    if (!v || depth > 32) return false;
    if (v == arg) return true;
    if (!v->def || strncmp(v->def->info->name, "arith.", 6)) return false;
    for (int i = 0; i < v->def->nopnds; i++)
        if (marks(op_operand(v->def, i), arg, depth + 1)) return true;
    return false;
}
static Type *base_in(Op *op, Value *arg) {
    int64_t core;
    if (op_is(op, OP_ktdp_construct_memory_view) && op->nopnds && op->res[0].type && op->res[0].type->kind == T_MEMREF &&
        ktdp_view_space(op, &core) != KMS_LOCAL && marks(op_operand(op, 0), arg, 0))
        return op->res[0].type->sh.elem;
    for (int r = 0; r < op->nregions; r++)
        for (Block *b = op->regions[r].first; b; b = b->next)
            for (Op *o = b->first; o; o = o->next) {
                Type *t = base_in(o, arg);
                if (t) return t;
            }
    return NULL;
}
Type *kt_base_type(Op *func, int arg) {
    Block *entry = func->nregions ? func->regions[0].first : NULL;
    if (!entry || arg >= entry->nargs || !entry->args[arg]->type || entry->args[arg]->type->kind != T_INDEX) return NULL;
    return base_in(func, entry->args[arg]);
}
