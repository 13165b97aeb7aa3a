/* passes/cpu/tile.c - the `tile` pass: the tensors of a kernel cut into
 * blocks that fit vector registers, so that every op of a chain works on
 * one block at a time and no full-tensor temporary is left between them.
 *
 * A Triton kernel computes on whole tensors: `x = load(p); y = exp(x - m);
 * store(q, y)` holds 1024 elements between each pair of ops.  A vector
 * machine holds VLEN * LMUL bits in a register group (8 f32 with VLEN 256
 * and LMUL 1, the K1/K3's), so the pass rewrites the kernel to loop over
 * blocks of that many elements and run the whole chain on each block.  The
 * output is ordinary TTIR (scf.for, tt ops, arith), printable, testable
 * with FileCheck, and run by every engine and target as it is.
 *
 * Blocks.  The block of a tensor value is computed again from the block of
 * its operands, at the place of the op that needs it (rematerialisation):
 *
 *   tt.make_range {start s}     make_range {0, B} + splat(iv + s)
 *                               (make_range {o + s, o + s + B} at a
 *                               constant offset o)
 *   tt.splat %s, a splat constant    the same at the block's shape
 *   tt.expand_dims, tt.broadcast     of the operand's block; a dimension
 *                               of size 1 (the one broadcast) stays whole
 *   elementwise ops (arith, math, tt.addptr, casts, ...) and tt.load
 *                               the same op on the operands' blocks
 *   a value whose block is all of it (a scalar, a tensor along whole
 *                               dimensions) is used as it is
 *   tt.dot                      of the block's rows of A and columns of B
 * Anything else (a loop-carried tensor other than a dot's, a reduce's
 * tensor result, a dense constant) stops the rewrite of that root, which
 * is then left as it was.  A tt.load is moved only within its block, and only over
 * ops that write nothing; volatile loads and loads with a boundaryCheck
 * stay.  As on a GPU, where the elements of a program run on different
 * threads, a store is taken not to write elements the program's loads
 * read at other positions.
 *
 * Roots.
 * - `tt.store` of a 1-D or 2-D tensor becomes a strip-mined loop nest:
 *     scf.for %i = 0 to N step B : i32 { block chain; tt.store of a block }
 *   B = VLEN * LMUL / (bits of the stored element), the largest divisor of
 *   the last dimension up to that; for 2-D tensors whose rows are shorter
 *   than B, a block takes several rows (B / row length) so it still fills
 *   the register group.  A dimension the block covers has no loop.
 * - `tt.reduce` of one 1-D or 2-D tensor becomes a loop of partial
 *   reductions along its axis, with the combiner applied to whole blocks
 *   (a vector accumulator of B lanes per row, carried by the loop), then
 *   one horizontal step: the same tt.reduce on the accumulator.
 *     %acc0 = block 0
 *     %acc = scf.for %i = B to N step B iter_args(%a = %acc0) { %a op block(i) }
 *     %r = tt.reduce(%acc) along the axis
 *   This combines the elements in another order than the full reduce's
 *   halving (README: orders every engine shares), so it is done only where
 *   the order cannot show: a combiner that is one associative and
 *   commutative op, integer add, mul, and, or, xor, max and min, float
 *   maxnumf, minnumf, maximumf and minimumf (exact in any order; a tie of
 *   -0 and +0 may give either zero, as IEEE maxNum/minNum allow).  Float
 *   add and mul reductions are tiled too with `reassociate=true`; their
 *   results then differ from the untiled kernel's in rounding.
 * - `tt.store` of a value computed from a `tt.dot` becomes a register-
 *   blocked micro-kernel: the loop nest runs over blocks of tile-m rows by
 *   tile-n columns of C (default 4 by one vector group of the
 *   accumulator's elements: 4 x 8 f32 registers' worth), and a block of
 *   the dot is the dot of the block's rows of A and columns of B, the K
 *   dimension whole.  A dot in a K loop (Triton's matmul: the accumulator
 *   an iter_arg the dot yields, A and B pointers carried and advanced) is
 *   a K loop copied into each block: the accumulator carried is the
 *   block's (mr x nr), the A and B pointers those of its rows and
 *   columns, each iter_arg's block fixed by how the dot uses it, scalars
 *   of the loop computed again in the copy.  The loop must write nothing
 *   and move down to the store over no write.  tt.dot adds the products
 *   in k order, rounding after each, so a block of C has the same bits as
 *   the whole dot's.
 * Ops left dead by the rewrite (the full-tensor chains) are erased (dce).
 *
 * Options: vlen (bits, default 256), lmul (1, 2, 4 or 8, default 1),
 * reassociate (default false), tile-m (default 4) and tile-n (default 0:
 * vlen * lmul / the accumulator's bits). */
#include <stdlib.h>
#include <string.h>

#include "pass.h"

enum { MAXR = 2, MAXL = 3, MAXARGS = 16, MAXDEPTH = 256 };

/* the block: per logical dimension (the root's, and a dot's K as the
 * third) its size and where it starts, offv + offc (offv NULL: the
 * constant offc alone) */
typedef struct Tile {
    int rank;
    int64_t shape[MAXL], size[MAXL];
    Value *offv[MAXL];
    int64_t offc[MAXL];
} Tile;

/* a value's dimensions as logical ones: the logical dimension of each, -1
 * for a dimension of size 1 */
typedef struct Map { int rank, d[MAXR]; } Map;

static const Map SCALAR = { 0, { 0 } };

typedef struct Memo { Value *v; int key; Value *b; } Memo;

typedef struct Tiler {
    Ctx *c;
    Op *root;
    Op *pos;            /* new ops go before it; NULL: only checking */
    Op *outer;          /* the outermost new loop: ops that do not depend on
                         * it go before it (hoisted), or NULL */
    Tile t;
    Memo *memo;
    int nmemo, capmemo;
    /* the dot loop of a store (the scf.for whose result ia a tt.dot
     * yields) rebuilt per block, and the maps of its iter_args */
    Op *src;
    int ia;
    Map argmap[MAXARGS];
    bool argset[MAXARGS];
    int64_t tile_m, tile_n;
} Tiler;

/* v is defined in the dot loop being rebuilt (its arguments included) */
static bool inside_src(Tiler *T, Value *v) {
    if (!T->src) return false;
    Op *o = v->def ? v->def : value_argblock(v) && value_argblock(v)->region ? value_argblock(v)->region->op : NULL;
    return o && (o == T->src || op_is_ancestor(T->src, o));
}

static int map_key(const Map *m) {
    int k = m->rank;
    for (int i = 0; i < m->rank; i++) k = k * 8 + m->d[i] + 1;
    return k;
}

/* v is defined in the new loop nest (its induction variables included) */
static bool inside(Tiler *T, Value *v) {
    Op *o = v->def ? v->def : value_argblock(v) && value_argblock(v)->region ? value_argblock(v)->region->op : NULL;
    return o && (o == T->outer || op_is_ancestor(T->outer, o));
}

static Value *put_here(Tiler *T, Op *op) {
    op_insert_before(T->pos, op);
    return op->nres ? &op->res[0] : NULL;
}

/* op placed before T->pos, or before the loop nest when it does not
 * depend on it */
static Value *put(Tiler *T, Op *op) {
    bool hoist = T->outer != NULL;
    for (int i = 0; hoist && i < op->nopnds; i++) hoist = !inside(T, op_operand(op, i));
    if (!hoist) return put_here(T, op);
    op_insert_before(T->outer, op);
    return op->nres ? &op->res[0] : NULL;
}

static Value *const_i32(Tiler *T, int64_t v) {
    Type *i32 = type_int(T->c, 32, SIGNLESS);
    return put(T, const_new(T->c, attr_int(T->c, i32, v), i32, T->root->loc));
}

static int elem_bits(Type *t) {
    Type *e = type_elem(t);
    int b = 32;
    if (e->kind == T_PTR) b = 64;
    else if (e->kind == T_INT) b = e->i.width;
    else if (e->kind == T_INDEX) b = 64;
    else if (e->kind == T_FLOAT) b = type_float_width(e);
    return b < 8 ? 8 : b;
}

/* the largest divisor of n that is at most l */
static int64_t pick(int64_t n, int64_t l) {
    int64_t b = n < l ? n : l;
    if (b < 1) b = 1;
    while (n % b) b--;
    return b;
}

static Type *block_type(Tiler *T, Value *v, const Map *m) {
    if (!type_is_shaped(v->type)) return v->type;
    int64_t dims[MAXR];
    for (int i = 0; i < m->rank; i++) dims[i] = m->d[i] < 0 ? 1 : T->t.size[m->d[i]];
    return type_shaped(T->c, T_TENSOR, m->rank, dims, v->type->sh.elem, v->type->sh.enc, NULL);
}

/* v's block is all of v */
static bool covers(Tiler *T, const Map *m) {
    for (int i = 0; i < m->rank; i++)
        if (m->d[i] >= 0 && T->t.size[m->d[i]] != T->t.shape[m->d[i]]) return false;
    return true;
}

/* a read of a tt.load may move down to the root: same block, no write
 * between (or in the dot loop, which has no write and moves as a whole) */
static bool load_movable(Op *ld, Op *root, bool in_src) {
    if (op_attr(ld, "boundaryCheck")) return false;
    Attr *vol = op_attr(ld, "isVolatile");
    if (vol && vol->i) return false;
    if (in_src) return true;
    if (ld->block != root->block) return false;
    Op *o = ld->next;
    for (; o && o != root; o = o->next)
        if (op_has_write_effect(o)) return false;
    return o == root;
}

static Value *blk(Tiler *T, Value *v, const Map *m, int depth);

/* the block of each operand of the elementwise op d at v's map, into ops */
static bool blk_operands(Tiler *T, Op *d, const Map *m, Value **ops, int depth) {
    for (int i = 0; i < d->nopnds; i++) {
        Value *o = op_operand(d, i);
        if (!o->type) return false;
        if (!type_is_shaped(o->type)) {
            /* only a select's condition may be one value for all elements
             * (a block pointer, say, is no tensor of elements) */
            if (m->rank && (!(op_is(d, OP_arith_select) && i == 0) || o->type->kind == T_PTR)) return false;
            if (!(ops[i] = blk(T, o, &SCALAR, depth + 1))) return false;
            continue;
        }
        if (o->type->kind != T_TENSOR || o->type->sh.rank != m->rank || !m->rank) return false;
        if (!(ops[i] = blk(T, o, m, depth + 1))) return false;
    }
    return true;
}

static Value *clone_with(Tiler *T, Op *d, Value **ops, Type *bt, bool here) {
    Op *n = op_clone(T->c, d);
    for (int i = 0; i < d->nopnds; i++) op_set_operand(n, i, ops[i]);
    n->res[0].type = bt;
    return here ? put_here(T, n) : put(T, n);
}

static void memo_put(Tiler *T, Value *v, int key, Value *b) {
    if (T->nmemo == T->capmemo) {
        T->capmemo = T->capmemo ? 2 * T->capmemo : 32;
        T->memo = realloc(T->memo, sizeof *T->memo * (size_t)T->capmemo);
    }
    T->memo[T->nmemo++] = (Memo){ v, key, b };
}

/* an argument of the dot loop's body: its induction variable, or an
 * iter_arg, whose map the first use fixes (when checking); when building,
 * the copy's arguments are in the memo already */
static Value *blk_arg(Tiler *T, Value *v, const Map *m) {
    if (T->pos || !T->src || !value_argblock(v) || value_argblock(v)->region != &T->src->regions[0]) return NULL;
    if (value_index(v) == 0) return m->rank == 0 ? v : NULL;
    int j = value_index(v) - 1;
    if (j >= MAXARGS || m->rank == 0) return NULL;
    if (!T->argset[j]) { T->argmap[j] = *m; T->argset[j] = true; return v; }
    return map_key(&T->argmap[j]) == map_key(m) ? v : NULL;
}

/* the K loop of a matmul: an scf.for whose result r is what a tt.dot in
 * its body yields, accumulating into iter_arg r.  It is copied for the
 * block, every iter_arg as its block: the accumulator mr x nr, the
 * pointers of the A and B tiles their rows and columns of the block */
static Value *blk_loop(Tiler *T, Value *v, const Map *m, int depth) {
    Op *l = v->def;
    Ctx *c = T->c;
    int n = l->nres, r = value_index(v);
    Block *body = l->nregions == 1 ? l->regions[0].first : NULL;
    if (l->verbatim || !body || body->next || l->nopnds != 3 + n || body->nargs != 1 + n || n > MAXARGS || m->rank != 2)
        return NULL;
    Op *y = block_terminator(body);
    if (!y || !op_is(y, OP_scf_yield) || y->nopnds != n) return NULL;
    Op *dot = op_operand(y, r)->def;
    if (!op_is(dot, OP_tt_dot) || dot->block != body || op_operand(dot, 2) != body->args[1 + r]) return NULL;
    if (!T->pos) {
        /* checking: one dot loop per store, moved down to the store over no
         * write, with nothing in it that writes */
        if (T->src || l->block != T->root->block) return NULL;
        Op *o = l->next;
        for (; o && o != T->root; o = o->next) if (op_has_write_effect(o)) return NULL;
        if (o != T->root) return NULL;
        for (Op *b = body->first; b; b = b->next) if (op_has_write_effect(b) || b->nregions) return NULL;
        T->src = l;
        T->ia = r;
        memset(T->argset, 0, sizeof T->argset);
        T->argmap[r] = *m;
        T->argset[r] = true;
        if (!blk(T, op_operand(y, r), m, depth + 1)) return NULL;
        for (int j = 0; j < n; j++) {
            if (j == r) continue;
            if (!T->argset[j]) return NULL;
            if (!blk(T, op_operand(y, j), &T->argmap[j], depth + 1)) return NULL;
        }
        for (int j = 0; j < n; j++) {
            Map am = T->argmap[j];
            if (!blk(T, op_operand(l, 3 + j), &am, depth + 1)) return NULL;
        }
        return v;
    }
    if (l != T->src || r != T->ia || map_key(m) != map_key(&T->argmap[r])) return NULL;
    Value *ops[3 + MAXARGS];
    Type *rt[MAXARGS];
    for (int i = 0; i < 3; i++) ops[i] = op_operand(l, i);
    for (int j = 0; j < n; j++) {
        Map am = T->argmap[j];
        if (!(ops[3 + j] = blk(T, op_operand(l, 3 + j), &am, depth + 1))) return NULL;
        rt[j] = ops[3 + j]->type;
    }
    Loc loc = T->root->loc;
    Op *f = op_new(c, "scf.for", n, rt, 3 + n, ops, 1, loc);
    Block *nb = block_new(c);
    region_append_block(&f->regions[0], nb);
    Value *iv = block_add_arg(c, nb, body->args[0]->type, loc);
    int mark = T->nmemo;
    memo_put(T, body->args[0], 0, iv);
    for (int j = 0; j < n; j++) memo_put(T, body->args[1 + j], map_key(&T->argmap[j]), block_add_arg(c, nb, rt[j], loc));
    Op *ny = op_new(c, "scf.yield", 0, NULL, n, NULL, 0, loc);
    op_append(nb, ny);
    put_here(T, f);
    Op *pos = T->pos;
    T->pos = ny;
    bool ok = true;
    for (int j = 0; ok && j < n; j++) {
        Map am = T->argmap[j];
        Value *yv = blk(T, op_operand(y, j), &am, depth + 1);
        if (yv) op_set_operand(ny, j, yv);
        else ok = false;
    }
    T->pos = pos;
    /* what was built in the copy's body is not seen from after it */
    T->nmemo = mark;
    return ok ? &f->res[r] : NULL;
}

static Value *blk_def(Tiler *T, Value *v, const Map *m, int depth) {
    Ctx *c = T->c;
    Op *d = v->def;
    bool dry = !T->pos;
    if (!d) return blk_arg(T, v, m);
    if (op_is(d, OP_scf_for)) return blk_loop(T, v, m, depth);
    if (d->verbatim || d->nres != 1 || d->nregions) return NULL;
    Type *bt = block_type(T, v, m);
    Loc loc = T->root->loc;
    if (m->rank == 0) {
        /* a scalar computed in the dot loop: any pure op of scalars */
        Value *ops[8];
        if (!(d->info->traits & TR_PURE) || d->nopnds > 8 || !blk_operands(T, d, m, ops, depth)) return NULL;
        return dry ? v : clone_with(T, d, ops, bt, false);
    }
    if (op_is(d, OP_tt_dot)) {
        Value *a = op_operand(d, 0), *b = op_operand(d, 1);
        if (d->nopnds != 3 || m->rank != 2 || !a->type || a->type->kind != T_TENSOR || a->type->sh.rank != 2) return NULL;
        int64_t K = a->type->sh.dims[1];
        if (T->t.rank == 2) {
            T->t.rank = 3;
            T->t.shape[2] = T->t.size[2] = K;
            T->t.offv[2] = NULL;
            T->t.offc[2] = 0;
        } else if (T->t.rank != 3 || T->t.shape[2] != K) {
            return NULL;
        }
        int kd = K == 1 ? -1 : 2;
        Map am = { 2, { m->d[0], kd } }, bm = { 2, { kd, m->d[1] } };
        Value *ops[3] = { blk(T, a, &am, depth + 1), blk(T, b, &bm, depth + 1), blk(T, op_operand(d, 2), m, depth + 1) };
        if (!ops[0] || !ops[1] || !ops[2]) return NULL;
        return dry ? v : clone_with(T, d, ops, bt, false);
    }
    if (op_is(d, OP_arith_constant)) {
        Attr *a = op_attr(d, "value");
        if (!a || a->kind != A_DENSE || (!a->dense.splat && a->dense.n != 1)) return NULL;
        return dry ? v : put(T, const_new(c, attr_dense(c, bt, 1, &a->dense.elts[0]), bt, loc));
    }
    if (op_is(d, OP_tt_splat)) {
        Value *s = op_operand(d, 0);
        if (!s->type || type_is_shaped(s->type) || !(s = blk(T, s, &SCALAR, depth + 1))) return NULL;
        return dry ? v : put(T, op_new(c, "tt.splat", 1, &bt, 1, &s, 0, loc));
    }
    if (op_is(d, OP_tt_make_range)) {
        int64_t s, e;
        if (m->rank != 1 || m->d[0] < 0 || !op_attr_int(d, "start", &s) || !op_attr_int(d, "end", &e)) return NULL;
        if (dry) return v;
        int r = m->d[0];
        int64_t size = T->t.size[r], o = T->t.offc[r] + s;
        Type *i32 = type_int(c, 32, SIGNLESS);
        Op *mr = op_new(c, "tt.make_range", 1, &bt, 0, NULL, 0, loc);
        int64_t lo = T->t.offv[r] ? 0 : o;
        op_set_prop(c, mr, "start", attr_int(c, i32, lo));
        op_set_prop(c, mr, "end", attr_int(c, i32, lo + size));
        Value *b = put(T, mr);
        if (!T->t.offv[r]) return b;
        Value *iv = T->t.offv[r];
        if (o) {
            Value *ab[2] = { iv, const_i32(T, o) };
            iv = put(T, op_new(c, "arith.addi", 1, &i32, 2, ab, 0, loc));
        }
        Value *sp = put(T, op_new(c, "tt.splat", 1, &bt, 1, &iv, 0, loc));
        Value *ab[2] = { sp, b };
        return put(T, op_new(c, "arith.addi", 1, &bt, 2, ab, 0, loc));
    }
    if (op_is(d, OP_tt_expand_dims) || op_is(d, OP_tt_broadcast)) {
        Value *x = op_operand(d, 0);
        if (!x->type || x->type->kind != T_TENSOR) return NULL;
        Map xm = { x->type->sh.rank, { 0 } };
        if (op_is(d, OP_tt_expand_dims)) {
            int64_t axis;
            if (!op_attr_int(d, "axis", &axis) || axis < 0 || axis >= m->rank || xm.rank != m->rank - 1) return NULL;
            for (int k = 0; k < xm.rank; k++) xm.d[k] = m->d[k < axis ? k : k + 1];
        } else {
            if (xm.rank != m->rank) return NULL;
            for (int k = 0; k < xm.rank; k++) xm.d[k] = x->type->sh.dims[k] == 1 ? -1 : m->d[k];
        }
        Value *xb = blk(T, x, &xm, depth + 1);
        if (!xb || dry) return xb ? v : NULL;
        if (op_is(d, OP_tt_broadcast) && xb->type == bt) return xb;
        return clone_with(T, d, &xb, bt, false);
    }
    if (op_is(d, OP_tt_load) && !load_movable(d, T->root, inside_src(T, v))) return NULL;
    if (!op_is(d, OP_tt_load) && (!(d->info->traits & TR_ELEMWISE) || !(d->info->traits & TR_PURE))) return NULL;
    if (d->nopnds > 8) return NULL;
    Value *ops[8];
    if (!blk_operands(T, d, m, ops, depth)) return NULL;
    return dry ? v : clone_with(T, d, ops, bt, false);
}

/* the block of v (a value of the root's chain with map m), built before
 * T->pos, or when checking (T->pos NULL) v itself; NULL if there is none */
static Value *blk(Tiler *T, Value *v, const Map *m, int depth) {
    if (!v->type) return NULL;
    bool in = inside_src(T, v);
    if (!type_is_shaped(v->type)) {
        if (!in) return v;
        m = &SCALAR;    /* a scalar of the dot loop: computed again in its copy */
    } else {
        if (v->type->kind != T_TENSOR || v->type->sh.rank != m->rank) return NULL;
        for (int i = 0; i < m->rank; i++) {
            int64_t n = v->type->sh.dims[i];
            if (n == 1 ? m->d[i] >= 0 && T->t.shape[m->d[i]] != 1 : m->d[i] < 0 || n != T->t.shape[m->d[i]]) return NULL;
        }
        if (covers(T, m) && !in) return v;
    }
    if (depth > MAXDEPTH) return NULL;
    int key = map_key(m);
    for (int i = 0; i < T->nmemo; i++)
        if (T->memo[i].v == v && T->memo[i].key == key) return T->memo[i].b;
    Value *b = blk_def(T, v, m, depth);
    memo_put(T, v, key, b);
    return b;
}

static Map root_map(const Tile *t) {
    Map m = { t->rank, { 0 } };
    for (int i = 0; i < t->rank; i++) m.d[i] = t->shape[i] == 1 ? -1 : i;
    return m;
}

/* scf.for %iv = lb to ub step st : i32 [iter_args(%a = init)] before pos;
 * its body's yield in *yield */
static Op *new_loop(Tiler *T, int64_t lb, int64_t ub, int64_t st, Value *init, Value **iv, Value **arg, Op **yield) {
    Ctx *c = T->c;
    Loc loc = T->root->loc;
    Value *ops[4] = { const_i32(T, lb), const_i32(T, ub), const_i32(T, st), init };
    Type *rt = init ? init->type : NULL;
    Op *f = op_new(c, "scf.for", init ? 1 : 0, init ? &rt : NULL, init ? 4 : 3, ops, 1, loc);
    Block *b = block_new(c);
    region_append_block(&f->regions[0], b);
    *iv = block_add_arg(c, b, type_int(c, 32, SIGNLESS), loc);
    if (init) *arg = block_add_arg(c, b, rt, loc);
    Op *y = op_new(c, "scf.yield", 0, NULL, init ? 1 : 0, init ? &init : NULL, 0, loc);
    op_append(b, y);
    put_here(T, f);
    *yield = y;
    return f;
}

static void memo_reset(Tiler *T) { T->nmemo = 0; }

/* ---- tt.store -------------------------------------------------------------- */

/* the tt.dot that v is computed from, directly or as a K loop's result
 * (then the block is a dot's mr x nr micro-tile), or NULL */
static Op *find_dot(Value *v, unsigned epoch, int depth) {
    Op *d = v->def;
    if (!d || depth > MAXDEPTH || d->mark == epoch) return NULL;
    d->mark = epoch;
    if (op_is(d, OP_tt_dot)) return d;
    if (op_is(d, OP_scf_for) && d->nregions == 1 && d->regions[0].first) {
        Op *y = block_terminator(d->regions[0].first);
        if (y && op_is(y, OP_scf_yield) && value_index(v) < y->nopnds) {
            Op *in = op_operand(y, value_index(v))->def;
            return op_is(in, OP_tt_dot) ? in : NULL;
        }
        return NULL;
    }
    if (d->nregions) return NULL;
    for (int i = 0; i < d->nopnds; i++) {
        Value *o = op_operand(d, i);
        if (!o->type || o->type->kind != T_TENSOR) continue;
        Op *f = find_dot(o, epoch, depth + 1);
        if (f) return f;
    }
    return NULL;
}

static bool tile_store(Tiler *T, Op *st, int64_t lanes_bits) {
    Value *p = op_operand(st, 0), *val = op_operand(st, 1);
    if (st->verbatim || !p->type || p->type->kind != T_TENSOR || op_attr(st, "boundaryCheck") || !val->type) return false;
    int r = p->type->sh.rank;
    if (r < 1 || r > MAXR) return false;
    Tile *t = &T->t;
    memset(t, 0, sizeof *t);
    t->rank = r;
    for (int i = 0; i < r; i++) t->shape[i] = t->size[i] = p->type->sh.dims[i];
    for (int i = 0; i < r; i++) if (t->shape[i] < 1) return false;
    int64_t lanes = lanes_bits / elem_bits(val->type);
    if (lanes < 1) lanes = 1;
    t->size[r - 1] = pick(t->shape[r - 1], lanes);
    if (r == 2) t->size[0] = pick(t->shape[0], lanes / t->size[1] > 0 ? lanes / t->size[1] : 1);
    Op *dot = r == 2 ? find_dot(val, pass_epoch(), 0) : NULL;
    if (dot) {
        /* a register block of tile-m rows of accumulators, each tile-n
         * (default: one vector group of the accumulator's elements) wide */
        int64_t nl = lanes_bits / elem_bits(dot->res[0].type);
        t->size[0] = pick(t->shape[0], T->tile_m);
        t->size[1] = pick(t->shape[1], T->tile_n ? T->tile_n : nl < 1 ? 1 : nl);
    }
    bool whole = true;
    for (int i = 0; i < r; i++) whole &= t->size[i] == t->shape[i];
    if (whole) return false;
    if (st->nopnds > 8) return false;
    Map m = root_map(t);
    T->root = st;
    T->pos = T->outer = NULL;
    T->src = NULL;
    memo_reset(T);
    for (int i = 0; i < st->nopnds; i++)
        if (!blk(T, op_operand(st, i), &m, 0)) return false;
    memo_reset(T);
    T->pos = st;
    for (int i = 0; i < r; i++) {
        if (t->size[i] == t->shape[i]) continue;
        Value *iv, *arg;
        Op *y;
        Op *l = new_loop(T, 0, t->shape[i], t->size[i], NULL, &iv, &arg, &y);
        if (!T->outer) T->outer = l;
        t->offv[i] = iv;
        T->pos = y;
    }
    Value *ops[8];
    for (int i = 0; i < st->nopnds; i++)
        if (!(ops[i] = blk(T, op_operand(st, i), &m, 0)))
            return true;    /* cannot happen after the check; the store stays, what was built is dead */
    Op *n = op_clone(T->c, st);
    for (int i = 0; i < st->nopnds; i++) op_set_operand(n, i, ops[i]);
    put_here(T, n);
    op_erase(st);
    return true;
}

/* ---- tt.reduce ------------------------------------------------------------- */

/* the combiner's one op, if it is one the tiled order cannot change */
static Op *exact_combiner(Op *red, bool reassociate) {
    if (red->nregions != 1) return NULL;
    Block *b = red->regions[0].first;
    if (!b || b->next || b->nargs != 2) return NULL;
    Op *x = b->first;
    if (!x || !x->next || x->next->next || !op_is(x->next, OP_tt_reduce_return)) return NULL;
    Op *ret = x->next;
    if (x->verbatim || x->nres != 1 || x->nopnds != 2 || ret->nopnds != 1 || op_operand(ret, 0) != &x->res[0]) return NULL;
    Value *a0 = op_operand(x, 0), *a1 = op_operand(x, 1);
    if (!((a0 == b->args[0] && a1 == b->args[1]) || (a0 == b->args[1] && a1 == b->args[0]))) return NULL;
    switch (x->info->id) {
    case OP_arith_addi: case OP_arith_muli: case OP_arith_andi: case OP_arith_ori: case OP_arith_xori:
    case OP_arith_maxsi: case OP_arith_maxui: case OP_arith_minsi: case OP_arith_minui:
    case OP_arith_maxnumf: case OP_arith_minnumf: case OP_arith_maximumf: case OP_arith_minimumf:
        return x;
    case OP_arith_addf: case OP_arith_mulf:
        return reassociate ? x : NULL;
    default:
        return NULL;
    }
}

static bool tile_reduce(Tiler *T, Op *red, int64_t lanes_bits, bool reassociate) {
    int64_t axis;
    if (red->verbatim || red->nopnds != 1 || red->nres != 1 || !op_attr_int(red, "axis", &axis)) return false;
    Value *x = op_operand(red, 0);
    if (!x->type || x->type->kind != T_TENSOR) return false;
    int r = x->type->sh.rank;
    if (r < 1 || r > MAXR || axis < 0 || axis >= r) return false;
    Op *comb = exact_combiner(red, reassociate);
    if (!comb) return false;
    Tile *t = &T->t;
    memset(t, 0, sizeof *t);
    t->rank = r;
    for (int i = 0; i < r; i++) t->shape[i] = t->size[i] = x->type->sh.dims[i];
    for (int i = 0; i < r; i++) if (t->shape[i] < 1) return false;
    int64_t lanes = lanes_bits / elem_bits(x->type);
    t->size[axis] = pick(t->shape[axis], lanes < 1 ? 1 : lanes);
    if (t->size[axis] == t->shape[axis]) return false;
    Map m = root_map(t);
    T->root = red;
    T->pos = T->outer = NULL;
    T->src = NULL;
    memo_reset(T);
    if (!blk(T, x, &m, 0)) return false;
    /* block 0, then the loop over the others */
    memo_reset(T);
    T->pos = red;
    Value *init = blk(T, x, &m, 0);
    if (!init) return true;     /* cannot happen after the check; what was built is dead */
    Value *iv, *acc;
    Op *y;
    Op *loop = new_loop(T, t->size[axis], t->shape[axis], t->size[axis], init, &iv, &acc, &y);
    memo_reset(T);
    T->pos = y;
    T->outer = loop;
    t->offv[axis] = iv;
    Value *xb = blk(T, x, &m, 0);
    if (!xb) return true;
    Block *cb = red->regions[0].first;
    Value *ops[2];
    for (int i = 0; i < 2; i++) ops[i] = op_operand(comb, i) == cb->args[0] ? acc : xb;
    Value *nv = clone_with(T, comb, ops, init->type, true);
    op_set_operand(y, 0, nv);
    Op *n = op_clone(T->c, red);
    op_set_operand(n, 0, &loop->res[0]);
    op_insert_before(red, n);
    value_replace_all_uses(&red->res[0], &n->res[0]);
    op_erase(red);
    return true;
}

/* ---- the pass --------------------------------------------------------------- */

static bool collect(Op *op, void *ud) {
    if ((op_is(op, OP_tt_store) || op_is(op, OP_tt_reduce)) && !op->verbatim) pv_push(ud, op);
    return true;
}

extern const Pass pass_dce;

static bool run(Ctx *c, Op *m, const PassOptions *o, Diag *d) {
    int64_t vlen = popt_int(o, "vlen"), lmul = popt_int(o, "lmul");
    /* vlen, lmul, tile-m and tile-n were checked with the options (opts[].values) */
    bool reassociate = popt_bool(o, "reassociate");
    int64_t tm = popt_int(o, "tile-m"), tn = popt_int(o, "tile-n");
    PtrVec work = { 0 };
    op_walk(m, collect, &work);
    Tiler T = { .c = c, .tile_m = tm, .tile_n = tn };
    int n = 0;
    for (int i = 0; i < work.n; i++) {
        Op *op = work.v[i];
        n += op_is(op, OP_tt_store) ? tile_store(&T, op, vlen * lmul) : tile_reduce(&T, op, vlen * lmul, reassociate);
    }
    free(T.memo);
    pv_free(&work);
    return !n || pass_dce.run(c, m, NULL, d);
}

static const PassOptDef opts[] = {
    { "vlen", PO_INT, "256", "64|128|256|512|1024|2048|4096|8192|16384|32768|65536", "vector register length in bits (256: SpacemiT K1/K3)" },
    { "lmul", PO_INT, "1", "1|2|4|8", "registers per vector group; a block holds vlen * lmul bits" },
    { "reassociate", PO_BOOL, "false", NULL, "tile float add and mul reductions too (their rounding then differs from the untiled kernel's)" },
    { "tile-m", PO_INT, "4", "1..1024", "rows of a tt.dot's register block (its micro-tile)" },
    { "tile-n", PO_INT, "0", "0..1024", "columns of a tt.dot's register block; 0: one vector group of the accumulator's elements (vlen * lmul / bits)" },
};

const Pass pass_tile = {
    "tile",
    "tensors cut into blocks of vlen * lmul bits: an elementwise chain ending in a store becomes a strip-mined loop over blocks, a reduce a loop of vector partial reductions and one horizontal step",
    opts, (int)(sizeof opts / sizeof *opts), run
};
