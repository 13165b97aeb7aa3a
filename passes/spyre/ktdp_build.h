/* passes/spyre/ktdp_build.h - builders shared by the Spyre passes that emit
 * ktdp memory ops: the pointer cast, index casts, range sets, memory views,
 * access tiles, ktdp.load and ktdp.store, each built the way the parser
 * represents it, so it prints in custom form. */
#ifndef TTX_KTDP_BUILD_H
#define TTX_KTDP_BUILD_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "pass.h"

#define KB_DYN INT64_MIN   /* a dynamic entry of static_sizes / static_strides */

/* a new op placed before `at`, with at's location */
static inline Op *kb_op(Ctx *c, Op *at, const char *name, Type *rt, int n, Value *const *opnds) {
    Op *op = op_new(c, name, rt ? 1 : 0, rt ? &rt : NULL, n, opnds, 0, at->loc);
    op_set_locattr(c, op, op_locattr(at));
    return op;
}
static inline Value *kb_place(Ctx *c, Op *at, Op *op) {
    format_move_inherent(c, op);
    op_insert_before(at, op);
    return op->nres ? &op->res[0] : NULL;
}

/* `builtin.unrealized_conversion_cast v : T to R` (v itself when it already has type R) */
static inline Value *kb_cast(Ctx *c, Op *at, Value *v, Type *to) {
    if (v->type == to) return v;
    return kb_place(c, at, kb_op(c, at, "builtin.unrealized_conversion_cast", to, 1, &v));
}
/* `arith.index_cast v : iN to index` (v itself when it is an index) */
static inline Value *kb_index(Ctx *c, Op *at, Value *v) {
    Type *idx = type_index(c);
    if (v->type == idx) return v;
    return kb_place(c, at, kb_op(c, at, "arith.index_cast", idx, 1, &v));
}

/* the range set of a shape: di >= 0 and (ni - 1) - di >= 0 per axis; a
 * dynamic axis uses the next symbol: -di + sK - 1 >= 0.  Rank 0 gives the
 * trivially true set (0 >= 0). */
static inline Attr *kb_range_set(Ctx *c, int n, const int64_t *dims) {
    AExpr *cons[128];
    bool eq[128] = { false };
    if (n <= 0) {
        cons[0] = ae_const(c, 0);
        return attr_set(c, 0, 0, 1, cons, eq);
    }
    int ns = 0;
    for (int i = 0; i < n && i < 64; i++) {
        AExpr *d = ae_dim(c, i);
        cons[2 * i] = d;
        if (dims[i] == DYN) cons[2 * i + 1] = ae_add(c, ae_add(c, ae_neg(c, d), ae_sym(c, ns++)), ae_const(c, -1));
        else cons[2 * i + 1] = ae_add(c, ae_neg(c, d), ae_const(c, dims[i] - 1));
    }
    return attr_set(c, n, ns, 2 * n, cons, eq);
}
static inline Attr *kb_identity(Ctx *c, int n) {
    AExpr *res[64];
    for (int i = 0; i < n && i < 64; i++) res[i] = ae_dim(c, i);
    return attr_map(c, n, 0, n, res);
}

/* `!ktdp.access_tile<64x64xindex>` */
static inline Type *kb_tile_type(Ctx *c, int n, const int64_t *dims) {
    char buf[1024];
    size_t k = 0;
    buf[k++] = '<';
    for (int i = 0; i < n && k < sizeof buf - 32; i++) {
        if (dims[i] == DYN) k += (size_t)snprintf(buf + k, sizeof buf - k, "?x");
        else k += (size_t)snprintf(buf + k, sizeof buf - k, "%lldx", (long long)dims[i]);
    }
    snprintf(buf + k, sizeof buf - k, "index>");
    return type_opaque(c, "!ktdp.access_tile", buf);
}

/* ktdp.construct_memory_view base, sizes: [...], strides: [...] in HBM:
 * sizes[i]/strides[i] is static unless it is KB_DYN, then the next value of
 * dsz/dst gives it.  The result is memref<dims x elem>. */
static inline Value *kb_memory_view(Ctx *c, Op *at, Value *base, int rank,
                                    const int64_t *sizes, Value *const *dsz,
                                    const int64_t *strides, Value *const *dst, Type *elem) {
    Value *opnds[129];
    int64_t dims[64];
    int n = 0, nds = 0, ndt = 0;
    opnds[n++] = base;
    for (int i = 0; i < rank; i++) {
        dims[i] = sizes[i] == KB_DYN ? DYN : sizes[i];
        if (sizes[i] == KB_DYN) opnds[n++] = dsz[nds++];
    }
    for (int i = 0; i < rank; i++) if (strides[i] == KB_DYN) opnds[n++] = dst[ndt++];
    Type *mt = type_shaped(c, T_MEMREF, rank, dims, elem, NULL, NULL);
    Op *v = kb_op(c, at, "ktdp.construct_memory_view", mt, n, opnds);
    Type *i64 = type_int(c, 64, SIGNLESS), *i32 = type_int(c, 32, SIGNLESS);
    int64_t seg[3] = { 1, nds, ndt };
    op_set_prop(c, v, "static_sizes", attr_dense_array(c, i64, rank, sizes, NULL));
    op_set_prop(c, v, "static_strides", attr_dense_array(c, i64, rank, strides, NULL));
    op_set_prop(c, v, "operandSegmentSizes", attr_dense_array(c, i32, 3, seg, NULL));
    op_set_attr(c, v, "coordinate_set", kb_range_set(c, rank, dims));
    op_set_attr(c, v, "memory_space", attr_opaque(c, "#ktdp.spyre_memory_space<HBM>"));
    return kb_place(c, at, v);
}

/* ktdp.construct_access_tile view[idx...] over a tile of shape dims, with
 * identity base map and order and the tile's range set */
static inline Value *kb_access_tile(Ctx *c, Op *at, Value *view, int n, Value *const *idx, const int64_t *dims) {
    Value *opnds[65];
    opnds[0] = view;
    for (int i = 0; i < n; i++) opnds[1 + i] = idx[i];
    Op *t = kb_op(c, at, "ktdp.construct_access_tile", kb_tile_type(c, n, dims), 1 + n, opnds);
    int64_t seg[3] = { 1, n, 0 };
    op_set_prop(c, t, "base_map", kb_identity(c, n));
    op_set_prop(c, t, "operandSegmentSizes", attr_dense_array(c, type_int(c, 32, SIGNLESS), 3, seg, NULL));
    op_set_attr(c, t, "access_tile_order", kb_identity(c, n));
    op_set_attr(c, t, "access_tile_set", kb_range_set(c, n, dims));
    return kb_place(c, at, t);
}

/* ktdp.construct_indirect_access_tile over a tile of shape dims (rank
 * intermediate variables, identity order, variable space `set`): operands
 * base view, nind index views, ncap captured values, nsym symbols (in that
 * order in opnds), per base dim (R of them) its subscript kind and map */
static inline Value *kb_indirect_tile(Ctx *c, Op *at, int rank, const int64_t *dims, Value *const *opnds,
                                      int nind, int ncap, int nsym, int R, Attr **kinds, Attr **maps, Attr *set) {
    Type *tt = kb_tile_type(c, rank, dims);
    Op *t = op_new(c, "ktdp.construct_indirect_access_tile", 1, &tt, 1 + nind + ncap + nsym, opnds, 1, at->loc);
    op_set_locattr(c, t, op_locattr(at));
    Block *b = block_new(c);
    region_append_block(&t->regions[0], b);
    for (int i = 0; i < rank; i++) block_add_arg(c, b, type_index(c), at->loc);
    op_append(b, op_new(c, "ktdp.region_terminator", 0, NULL, 0, NULL, 0, at->loc));
    int64_t seg[4] = { 1, nind, ncap, nsym };
    op_set_prop(c, t, "operandSegmentSizes", attr_dense_array(c, type_int(c, 32, SIGNLESS), 4, seg, NULL));
    op_set_prop(c, t, "per_dim_subscript_kinds", attr_array(c, R, kinds));
    op_set_prop(c, t, "per_dim_subscript_maps", attr_array(c, R, maps));
    op_set_attr(c, t, "variables_space_order", kb_identity(c, rank));
    op_set_attr(c, t, "variables_space_set", set);
    return kb_place(c, at, t);
}

static inline Value *kb_load(Ctx *c, Op *at, Value *tile, Type *rt) {
    return kb_place(c, at, kb_op(c, at, "ktdp.load", rt, 1, &tile));
}
static inline void kb_store(Ctx *c, Op *at, Value *data, Value *tile) {
    Value *o[2] = { data, tile };
    kb_place(c, at, kb_op(c, at, "ktdp.store", NULL, 2, o));
}

#endif
