/* passes/spyre/lower_descriptor_memory.c - the `lower-descriptor-memory`
 * pass: tensor descriptors become ktdp memory views, descriptor loads and
 * stores become access tiles with ktdp.load / ktdp.store.
 *
 * Each used tt.make_tensor_descriptor (nested ones too) becomes, at its own
 * position: the base pointer cast to index, an index cast of every shape and
 * stride operand that is not an arith.constant, and one
 * `ktdp.construct_memory_view` of the whole tensor in HBM.  A bridge cast
 * `memref -> !tt.tensordesc` replaces the descriptor, so its other users
 * (tt.spyre_tensor_layout) stay valid; an unused descriptor is erased.
 *
 * Each tt.descriptor_load / tt.descriptor_store then becomes, at its own
 * position: the indices cast to index, a block-shaped
 * `ktdp.construct_access_tile` anchored at them (identity order, the block's
 * range set), and `ktdp.load` / `ktdp.store`.  A descriptor not defined by
 * tt.make_tensor_descriptor is an error at the access.
 *
 * Unlike the reference, a rank-reduced load (block 1x16x16, result 16x16)
 * loads the block and collapses its unit dimensions with
 * tensor.collapse_shape, and a rank-reduced store expands its source with
 * tensor.expand_shape; any other shape mismatch is an error at the op.
 *
 * tt.descriptor_gather / tt.descriptor_scatter become one
 * `ktdp.construct_indirect_access_tile` and `ktdp.load` / `ktdp.store`.
 * The row offsets must come straight from a tt.descriptor_load: its access
 * tile gives the index buffer's view (read by the indirect base dim 0) and
 * the anchors c_x0..c_x{K-1} (its offsets); the column offset is cast to
 * index as c_y.  Over the intermediate variables d0..d{rank-1} of the
 * result shape, dim 0 reads view[c_xj + dj, ...], dim 1 is c_y + d_K and
 * every further block dim i is d_{K+i-1}.  The index load itself is left
 * for DCE.  Row offsets from anywhere else fail the conversion, as MLIR's
 * does: at the op, then at the module. */
#include <stdlib.h>
#include <string.h>

#include "ktdp_build.h"
#include "parse.h"
#include "print.h"

#define MAXR 64

static const char *const not_lowered =
    "cannot lower descriptor op: shape and stride info is only available when the descriptor is defined by tt.make_tensor_descriptor in the same block";

typedef struct Work { PtrVec mk, acc; } Work;

static bool collect(Op *op, void *ud) {
    Work *w = ud;
    if (op->verbatim) return true;
    if (op_is(op, OP_tt_make_tensor_descriptor)) pv_push(&w->mk, op);
    else if (op_is(op, OP_tt_descriptor_load) || op_is(op, OP_tt_descriptor_store) ||
             op_is(op, OP_tt_descriptor_gather) || op_is(op, OP_tt_descriptor_scatter))
        pv_push(&w->acc, op);
    return true;
}

/* the block type of a !tt.tensordesc<64x64xf32> (or, as upstream Triton
 * spells it, !tt.tensordesc<tensor<64x64xf32>>) as a ranked tensor, or NULL */
static Type *block_of(Ctx *c, Type *desc) {
    if (!desc || desc->kind != T_OPAQUE || strcmp(desc->opq.name, "!tt.tensordesc") || !desc->opq.body) return NULL;
    const char *b = desc->opq.body;
    size_t n = strlen(b);
    char *s = malloc(n + 8);
    if (!strncmp(b, "<tensor<", 8) && n > 2 && b[n - 1] == '>') {
        memcpy(s, b + 1, n - 2);
        s[n - 2] = 0;
    } else {
        memcpy(s, "tensor", 6);
        memcpy(s + 6, b, n + 1);
    }
    Type *t = parse_type_str(c, s);
    free(s);
    if (!t || t->kind != T_TENSOR || t->sh.rank < 0 || t->sh.rank > MAXR) return NULL;
    for (int i = 0; i < t->sh.rank; i++) if (t->sh.dims[i] == DYN) return NULL;
    return t;
}

/* the static value of a shape or stride operand: a materialised integer constant */
static bool static_int(Value *v, int64_t *out) {
    Attr *a = value_const(v);
    if (!a || a->kind != A_INT) return false;
    *out = a->i;
    return true;
}

static bool lower_make(Ctx *c, Op *mk, Diag *d) {
    if (!value_has_uses(&mk->res[0])) { op_erase(mk); return true; }
    Type *blk = block_of(c, mk->res[0].type);
    if (!blk) {
        diag_error(d, mk->loc, "cannot lower descriptor op: the descriptor type must be !tt.tensordesc of a static block shape");
        return false;
    }
    Attr *segattr = op_attr(mk, "operandSegmentSizes");
    int ns = segattr && segattr->kind == A_DENSE_ARRAY && segattr->darr.n == 3 && segattr->darr.i ? (int)segattr->darr.i[1] : (mk->nopnds - 1) / 2;
    int nt = mk->nopnds - 1 - ns;
    int rank = ns ? ns : blk->sh.rank;
    if ((ns && ns != blk->sh.rank) || (nt && nt != rank) || rank > MAXR) {
        diag_error(d, mk->loc, "cannot lower descriptor op: %d shape and %d stride operands for a rank-%d block", ns, nt, blk->sh.rank);
        return false;
    }
    Value *base = kb_cast(c, mk, op_operand(mk, 0), type_index(c));
    int64_t sz[MAXR], st[MAXR];
    Value *dsz[MAXR], *dst[MAXR];
    int nds = 0, ndt = 0;
    for (int i = 0; i < ns; i++) {
        Value *v = op_operand(mk, 1 + i);
        if (static_int(v, &sz[i])) {
            if (sz[i] < 0) {
                diag_error(d, mk->loc, "cannot lower descriptor op: shape %d is negative (%lld)", i, (long long)sz[i]);
                return false;
            }
        } else { sz[i] = KB_DYN; dsz[nds++] = kb_index(c, mk, v); }
    }
    for (int i = 0; i < nt; i++) {
        Value *v = op_operand(mk, 1 + ns + i);
        if (!static_int(v, &st[i])) { st[i] = KB_DYN; dst[ndt++] = kb_index(c, mk, v); }
    }
    if (!ns) for (int i = 0; i < rank; i++) sz[i] = blk->sh.dims[i];
    if (!nt) {
        /* row-major strides of the shape; a dynamic size makes the outer strides unknown */
        int64_t acc = 1;
        for (int i = rank - 1; i >= 0; i--) {
            if (acc == KB_DYN) {
                diag_error(d, mk->loc, "cannot lower descriptor op: no strides given for a dynamic shape");
                return false;
            }
            st[i] = acc;
            acc = sz[i] == KB_DYN ? KB_DYN : acc * sz[i];
        }
    }
    Value *view = kb_memory_view(c, mk, base, rank, sz, dsz, st, dst, blk->sh.elem);
    Value *bridge = kb_place(c, mk, kb_op(c, mk, "builtin.unrealized_conversion_cast", mk->res[0].type, 1, &view));
    value_replace_all_uses(&mk->res[0], bridge);
    op_erase(mk);
    return true;
}

/* the memory view behind a lowered descriptor, or NULL */
static Value *view_of(Value *desc) {
    Op *def = desc ? desc->def : NULL;
    if (!def || def->verbatim || !op_is(def, OP_unrealized_cast) || def->nopnds != 1 || def->nres != 1) return NULL;
    Value *v = op_operand(def, 0);
    return v && v->type && v->type->kind == T_MEMREF ? v : NULL;
}

/* the reassociation that collapses `from` (the block) into `to` when `to`
 * is `from` with some unit dimensions dropped, else NULL */
static Attr *unit_reassoc(Ctx *c, Type *from, Type *to) {
    int R = from->sh.rank, r = to->sh.rank;
    if (r >= R) return NULL;
    int grp[MAXR], j = 0;
    for (int i = 0; i < R; i++) {
        if (j < r && from->sh.dims[i] == to->sh.dims[j]) grp[i] = j++;
        else if (from->sh.dims[i] == 1) grp[i] = -1;
        else return NULL;
    }
    if (j != r) return NULL;
    /* an unmatched unit dim joins the group of the next matched dim, trailing ones the last group */
    int next = r ? r - 1 : -1;
    for (int i = R - 1; i >= 0; i--) {
        if (grp[i] >= 0) next = grp[i];
        else grp[i] = next;
    }
    Type *i64 = type_int(c, 64, SIGNLESS);
    Attr *groups[MAXR];
    for (int g = 0; g < r; g++) {
        Attr *el[MAXR];
        int n = 0;
        for (int i = 0; i < R; i++) if (grp[i] == g) el[n++] = attr_int(c, i64, i);
        groups[g] = attr_array(c, n, el);
    }
    return attr_array(c, r, groups);
}

/* the data type of an access (load result or store source) against the
 * block: equal, or rank-reduced (*re set), else an error */
static bool check_data(Ctx *c, Op *op, Type *data, Type *blk, Attr **re, Diag *d) {
    *re = NULL;
    if (data == blk) return true;
    if (data && data->kind == T_TENSOR && data->sh.rank >= 0 && data->sh.elem == blk->sh.elem &&
        (*re = unit_reassoc(c, blk, data)))
        return true;
    char *ds = print_type_str(c, data), *bs = print_type_str(c, op_operand(op, 0)->type);
    diag_error(d, op->loc, "cannot lower descriptor op: %s type %s does not match the block of %s (it must be the block type, or the block with unit dimensions dropped)",
               op_is(op, OP_tt_descriptor_load) ? "result" : "source", ds, bs);
    free(ds);
    free(bs);
    return false;
}

static bool lower_access(Ctx *c, Op *op, Diag *d) {
    bool load = op_is(op, OP_tt_descriptor_load);
    Value *view = view_of(op_operand(op, 0));
    Type *blk = block_of(c, op_operand(op, 0)->type);
    if (!blk) {
        diag_error(d, op->loc, "cannot lower descriptor op: the descriptor type must be !tt.tensordesc of a static block shape");
        return false;
    }
    int first = load ? 1 : 2, n = op->nopnds - first, rank = blk->sh.rank;
    if (n != rank || view->type->sh.rank != rank) {
        diag_error(d, op->loc, "cannot lower descriptor op: %d indices for a rank-%d block", n, rank);
        return false;
    }
    Type *data = load ? op->res[0].type : op_operand(op, 1)->type;
    Attr *re;
    if (!check_data(c, op, data, blk, &re, d)) return false;
    Value *idx[MAXR];
    for (int i = 0; i < n; i++) idx[i] = kb_index(c, op, op_operand(op, first + i));
    Value *tile = kb_access_tile(c, op, view, n, idx, blk->sh.dims);
    if (load) {
        Value *v = kb_load(c, op, tile, blk);
        if (re) {
            Op *cs = kb_op(c, op, "tensor.collapse_shape", data, 1, &v);
            op_set_prop(c, cs, "reassociation", re);
            v = kb_place(c, op, cs);
        }
        value_replace_all_uses(&op->res[0], v);
    } else {
        Value *src = op_operand(op, 1);
        if (re) {
            Op *es = kb_op(c, op, "tensor.expand_shape", blk, 1, &src);
            op_set_prop(c, es, "reassociation", re);
            op_set_prop(c, es, "static_output_shape", attr_dense_array(c, type_int(c, 64, SIGNLESS), rank, blk->sh.dims, NULL));
            src = kb_place(c, op, es);
        }
        kb_store(c, op, src, tile);
    }
    op_erase(op);
    return true;
}

/* the row offsets of a gather / scatter come straight from a descriptor load */
static bool offsets_traceable(Op *op) {
    Op *def = op_operand(op, 1)->def;
    return def && !def->verbatim && op_is(def, OP_tt_descriptor_load);
}

/* the lowered index load behind the row offsets: its access tile, or NULL */
static Op *index_tile(Value *x) {
    Op *ld = x->def;
    if (!ld || ld->verbatim || !op_is(ld, OP_ktdp_load) || ld->nopnds != 1) return NULL;
    Op *t = op_operand(ld, 0)->def;
    if (!t || t->verbatim || !op_is(t, OP_ktdp_construct_access_tile)) return NULL;
    Attr *seg = op_attr(t, "operandSegmentSizes");
    if (!seg || seg->kind != A_DENSE_ARRAY || seg->darr.n != 3 || !seg->darr.i || 1 + seg->darr.i[1] + seg->darr.i[2] != t->nopnds) return NULL;
    Value *iv = op_operand(t, 0);
    if (!iv->type || iv->type->kind != T_MEMREF || iv->type->sh.rank != seg->darr.i[1]) return NULL;
    return t;
}

static bool lower_indirect(Ctx *c, Op *m, Op *op, Diag *d) {
    bool gather = op_is(op, OP_tt_descriptor_gather);
    Op *it = index_tile(op_operand(op, 1));
    if (!it) {
        diag_error(d, op->loc, "failed to legalize operation '%s' that was explicitly marked illegal: the tt.descriptor_load of its row offsets did not become a ktdp.load of an access tile, so there is no index view for a KTIR indirect access tile to read its rows from", op_name(op));
        diag_error(d, m->loc, "LowerDescriptorMemory: failed to convert descriptor ops");
        return false;
    }
    Value *view = view_of(op_operand(op, 0));
    Type *data = gather ? op->res[0].type : op_operand(op, 3)->type;
    int K = (int)op_attr(it, "operandSegmentSizes")->darr.i[1];
    int rank = data && data->kind == T_TENSOR ? data->sh.rank : -1, R = rank - K + 1;
    bool ok = rank > 0 && rank <= 32 && R >= 2 && view->type->sh.rank == R;
    for (int i = 0; ok && i < rank; i++) ok = data->sh.dims[i] != DYN;
    if (!ok) {
        char *ds = print_type_str(c, data), *bs = print_type_str(c, op_operand(op, 0)->type);
        diag_error(d, op->loc, "cannot lower descriptor op: %s type %s does not fit %d row offset dimensions over %s",
                   gather ? "result" : "source", ds, K, bs);
        free(ds);
        free(bs);
        return false;
    }
    /* captured: c_x0..c_x{K-1}, c_y (each value once); then d0..d{rank-1} */
    Value *cap[33];
    int dimof[33], nc = 0;
    for (int j = 0; j <= K; j++) {
        Value *v = j < K ? op_operand(it, 1 + j) : kb_index(c, op, op_operand(op, 2));
        int k = 0;
        while (k < nc && cap[k] != v) k++;
        if (k == nc) cap[nc++] = v;
        dimof[j] = k;
    }
    AExpr *res[32];
    Attr *kinds[32], *maps[32];
    for (int j = 0; j < K; j++) res[j] = ae_add(c, ae_dim(c, dimof[j]), ae_dim(c, nc + j));
    kinds[0] = attr_bool(c, true);
    maps[0] = attr_map(c, nc + rank, 0, K, res);
    for (int i = 1; i < R; i++) {
        AExpr *x = ae_dim(c, nc + K + i - 1);
        if (i == 1) x = ae_add(c, ae_dim(c, dimof[K]), x);
        kinds[i] = attr_bool(c, false);
        maps[i] = attr_map(c, nc + rank, 0, 1, &x);
    }
    Value *opnds[2 + 33];
    int n = 0;
    opnds[n++] = view;
    opnds[n++] = op_operand(it, 0);
    for (int i = 0; i < nc; i++) opnds[n++] = cap[i];
    Value *tile = kb_indirect_tile(c, op, rank, data->sh.dims, opnds, 1, nc, 0, R, kinds, maps,
                                   kb_range_set(c, rank, data->sh.dims));
    if (gather) value_replace_all_uses(&op->res[0], kb_load(c, op, tile, data));
    else kb_store(c, op, op_operand(op, 3), tile);
    op_erase(op);
    return true;
}

static bool run(Ctx *c, Op *m, const PassOptions *o, Diag *d) {
    (void)o;
    Work w = { {0}, {0} };
    op_walk(m, collect, &w);
    bool ok = true;
    for (int i = 0; i < w.mk.n; i++) ok = lower_make(c, w.mk.v[i], d) && ok;
    if (ok)
        for (int i = 0; i < w.acc.n; i++) {
            Op *op = w.acc.v[i];
            if (!view_of(op_operand(op, 0))) { diag_error(d, op->loc, "%s", not_lowered); ok = false; }
        }
    /* row offsets that cannot be traced fail before any access is converted */
    for (int i = 0; ok && i < w.acc.n; i++) {
        Op *op = w.acc.v[i];
        if ((op_is(op, OP_tt_descriptor_gather) || op_is(op, OP_tt_descriptor_scatter)) && !offsets_traceable(op)) {
            diag_error(d, op->loc, "failed to legalize operation '%s' that was explicitly marked illegal: its row offsets do not come straight from a tt.descriptor_load (they are computed, or a function argument), and a KTIR indirect access tile reads its indices from a memory view", op_name(op));
            diag_error(d, m->loc, "LowerDescriptorMemory: failed to convert descriptor ops");
            ok = false;
        }
    }
    if (ok)
        for (int i = 0; i < w.acc.n; i++) {
            Op *op = w.acc.v[i];
            if (op_is(op, OP_tt_descriptor_gather) || op_is(op, OP_tt_descriptor_scatter)) ok = lower_indirect(c, m, op, d) && ok;
            else ok = lower_access(c, op, d) && ok;
        }
    pv_free(&w.mk);
    pv_free(&w.acc);
    return ok;
}

const Pass pass_lower_descriptor_memory = {
    "lower-descriptor-memory",
    "tensor descriptors become ktdp memory views; descriptor loads and stores become access tiles with ktdp.load / ktdp.store",
    NULL, 0, run,
};
