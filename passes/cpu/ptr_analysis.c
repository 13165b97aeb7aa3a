/* passes/cpu/ptr_analysis.c - the `ptr-analysis` pass: tensors of pointers
 * become structured pointers, as triton-shared's pointer analysis
 * (triton-to-structured) makes them.
 *
 * The pointer operand of every tt.load and tt.store of a tensor of pointers
 * is traced back through its definitions and described as a base pointer
 * plus, per dimension, a size, an offset and a stride (the address of
 * element i is base + sum(offsets) + sum(i_d * strides_d), in elements):
 *
 *   tt.make_range {start}      offset start, stride 1
 *   tt.splat %s                offset %s, stride 0 (of a scalar int or pointer)
 *   arith.constant dense<c>    offset c, stride 0
 *   arith.addi / arith.subi    offsets and strides added (subtracted: the
 *                              right side must be the same for every element)
 *   arith.muli                 one side the same for every element: offsets
 *                              and strides of the other multiplied by it
 *   arith.extsi, index_cast    unchanged
 *   arith.remsi by a uniform m the one varying dimension d wraps around:
 *                              its term is (offset + i_d * stride) mod shape,
 *                              shape = m (scaled by later multiplications,
 *                              as the offset and the stride are)
 *   tt.expand_dims             a unit dimension
 *   tt.broadcast               the broadcast dimensions get stride 0
 *   tt.addptr                  the pointer's and the offset's states added
 *                              (scalar addptr chains fold into the offset)
 *   scf.for iter_args          a pointer carried by the loop and advanced by
 *                              the same loop-invariant amount u each
 *                              iteration (the yield is a chain of tt.addptr
 *                              and of inner loops that advance it so) is the
 *                              init's state plus ((iv - lb) / step) * u;
 *                              after the loop, plus the trip count times u;
 *                              u may be computed in the body from outside
 *                              values after the access (Triton 3.6 puts
 *                              BLOCK_K * stride there): such a scalar is
 *                              computed again before the access
 *
 * The mask becomes a prefix bound per dimension: `cmpi slt x, b` where x
 * steps by 1 along one dimension d from offset o bounds dimension d to
 * max(min(b - o, size_d), 0) (also sle, and sgt/sge with the sides
 * swapped); arith.andi takes the minimum of the bounds; tt.broadcast and
 * tt.expand_dims carry them along.  A tensor `other` must be a splat.
 *
 * The load or store becomes
 *   tts.make_tptr %base to sizes: [..], strides: [..], offsets: [..],
 *       shape: [..], order: [] : <T> to tensor<..x!tt.ptr<T>>
 *   "tts.load"(%tptr, %dims.., %other) / "tts.store"(%tptr, %value, %dims..)
 * with index arithmetic for the dynamic entries (arith.index_cast,
 * addi, subi, muli, divsi, ceildivsi, minsi, maxsi, remsi), in
 * triton-shared's syntax.  The loop-carried pointers themselves stay (dead
 * once their loads and stores are rewritten), where triton-shared replaces
 * them by index iter_args.
 *
 * A block pointer (tt.make_tensor_ptr, moved by tt.advance, also through
 * scf.for) whose load or store checks every dimension (boundaryCheck)
 * becomes tts.make_tptr with the tensor's shape and order and offsets
 * scaled by the strides, as triton-shared makes it; NaN padding becomes the
 * load's `other`.
 *
 * For lower-structured-pointers (ptr_analysis_spyre), what stock Triton's
 * make_ttir makes of a block pointer with a boundary check
 * (rewrite_tensor_pointer), splat(base) + sum_d X_d * splat(s_d) under the
 * mask of (X_d >= 0) & (X_d < splat(B_d)) for every d, is such a block
 * pointer again: shape B, strides s, offsets first(X_d) * s_d.  The pass
 * itself leaves it (tts semantics divide the offset by the stride).
 *
 * A 1-D integer tensor that no rule describes (indices loaded from memory,
 * say) makes its dimension irregular: the access becomes
 * tts.make_gather_scatter_tptr with that tensor as the per-index offsets
 * (times the dimension's stride); uniform offsets along it move to another
 * dimension, or for a 1-D access into the base pointer (tt.addptr).
 *
 * A 1-D i1 mask that is not a prefix (carried by expand_dims, broadcast,
 * andi) becomes the gather_scatter_mask of that dimension, which is made
 * irregular with the offsets 0, 1, .. if it is not already.
 *
 * An access that does not fit (two irregular dimensions, a mask that is not
 * a prefix in two dimensions, a block pointer checked along some dimensions
 * only) is left as it is: tt.load and tt.store already access memory
 * element by element.
 * Ops left dead by the rewrite are erased (dce). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "pass.h"
#include "ptr_checked.h"

enum { MAXR = 8 };

/* an index quantity: a constant (v == NULL) or an SSA value of type index */
typedef struct Ofr { Value *v; int64_t c; } Ofr;

static Ofr K(int64_t c) { Ofr o = { NULL, c }; return o; }
static Ofr V(Value *v) { Ofr o = { v, 0 }; return o; }
static bool is_k(Ofr o, int64_t c) { return !o.v && o.c == c; }

typedef struct St {
    int rank;                 /* 0: a scalar (its value in off[0]) */
    int64_t sizes[MAXR];
    Ofr off[MAXR], str[MAXR];
    Ofr shp[MAXR];            /* non-zero: the dimension's term wraps around
                                 (taken modulo shp, after arith.remsi) */
    Value *src;               /* pointer states: the base pointer */
    int norder;               /* block pointers: shp is the tensor's shape, */
    int64_t order[MAXR];      /* offsets are scaled by the strides */
    Value *gv;                /* an irregular dimension gd: the offset of index */
    int gd;                   /* i along it is gv[i] * gs (gv a 1-D integer */
    Ofr gs;                   /* tensor), plus off[gd] */
} St;

/* new ops go before pos; `made` lists them so that a failed analysis can
 * take them back */
typedef struct B {
    Ctx *c;
    Op *pos;
    PtrVec made;
    Value *cast_from[16], *cast_to[16];   /* index_casts made for this access */
    int ncast;
} B;

static Value *emit(B *b, Op *op) {
    op_insert_before(b->pos, op);
    pv_push(&b->made, op);
    return op->nres ? &op->res[0] : NULL;
}
static Type *idx(B *b) { return type_index(b->c); }
static Value *idx_const(B *b, int64_t v) { return emit(b, const_new(b->c, attr_int(b->c, idx(b), v), idx(b), b->pos->loc)); }
static Value *bin(B *b, const char *name, Value *x, Value *y) {
    Type *t = x->type;
    Value *o[2] = { x, y };
    Op *op = op_new(b->c, name, 1, &t, 2, o, 0, b->pos->loc);
    format_move_inherent(b->c, op);
    return emit(b, op);
}
static Value *val(B *b, Ofr x) { return x.v ? x.v : idx_const(b, x.c); }

/* constants fold with the wrap-around of index arithmetic */
static int64_t wadd(int64_t x, int64_t y) { return (int64_t)((uint64_t)x + (uint64_t)y); }
static int64_t wmul(int64_t x, int64_t y) { return (int64_t)((uint64_t)x * (uint64_t)y); }

static Ofr add(B *b, Ofr x, Ofr y) {
    if (!x.v && !y.v) return K(wadd(x.c, y.c));
    if (is_k(x, 0)) return y;
    if (is_k(y, 0)) return x;
    return V(bin(b, "arith.addi", val(b, x), val(b, y)));
}
static Ofr sub(B *b, Ofr x, Ofr y) {
    if (!x.v && !y.v) return K(wadd(x.c, (int64_t)(0 - (uint64_t)y.c)));
    if (is_k(y, 0)) return x;
    return V(bin(b, "arith.subi", val(b, x), val(b, y)));
}
static Ofr mul(B *b, Ofr x, Ofr y) {
    if (!x.v && !y.v) return K(wmul(x.c, y.c));
    if (is_k(x, 0) || is_k(y, 0)) return K(0);
    if (is_k(x, 1)) return y;
    if (is_k(y, 1)) return x;
    return V(bin(b, "arith.muli", val(b, x), val(b, y)));
}
static Ofr minmax(B *b, bool mx, Ofr x, Ofr y) {
    if (!x.v && !y.v) return K(mx ? (x.c > y.c ? x.c : y.c) : (x.c < y.c ? x.c : y.c));
    return V(bin(b, mx ? "arith.maxsi" : "arith.minsi", val(b, x), val(b, y)));
}

/* the definition of v comes before op pos (in its block or an enclosing one) */
static bool dominates(const Value *v, const Op *pos) {
    if (!v->def) {
        const Block *blk = value_argblock((Value *)v);
        for (const Op *p = pos; p; p = p->block && p->block->region ? p->block->region->op : NULL)
            if (p->block == blk) return true;
        return false;
    }
    for (const Op *p = pos; p; p = p->block && p->block->region ? p->block->region->op : NULL)
        if (p->block == v->def->block) {
            for (const Op *q = v->def; q; q = q->next)
                if (q == p) return q != v->def;
            return false;
        }
    return false;
}

static bool scalar(B *b, Value *v, Ofr *out);

/* a scalar integer defined after the access (an amount a loop computes in
 * its body after the load, loop-invariant): computed again before it */
static bool scalar_again(B *b, Value *v, Ofr *out, int depth) {
    Op *d = v->def;
    if (depth > 16 || !d || d->verbatim) return false;
    if (op_is(d, OP_arith_extsi) || op_is(d, OP_arith_index_cast)) {
        if (depth >= 16) return false;
        Value *x = op_operand(d, 0);
        return dominates(x, b->pos) ? scalar(b, x, out) : scalar_again(b, x, out, depth + 1);
    }
    if (!op_is(d, OP_arith_addi) && !op_is(d, OP_arith_subi) && !op_is(d, OP_arith_muli)) return false;
    Ofr xy[2];
    for (int i = 0; i < 2; i++) {
        Value *x = op_operand(d, i);
        if (!(dominates(x, b->pos) || value_const(x) ? scalar(b, x, &xy[i]) : scalar_again(b, x, &xy[i], depth + 1))) return false;
    }
    *out = op_is(d, OP_arith_addi) ? add(b, xy[0], xy[1]) : op_is(d, OP_arith_subi) ? sub(b, xy[0], xy[1]) : mul(b, xy[0], xy[1]);
    return true;
}

/* a scalar integer as an index quantity */
static bool scalar(B *b, Value *v, Ofr *out) {
    Attr *a = value_const(v);
    if (a && (a->kind == A_INT || a->kind == A_BOOL)) { *out = K(a->i); return true; }
    if (!v->type) return false;
    if (v->def && v->type->kind == T_INT && !dominates(v, b->pos)) return scalar_again(b, v, out, 0);
    if (v->type->kind == T_INDEX) { *out = V(v); return true; }
    if (v->type->kind != T_INT || v->type->i.width < 2) return false;
    for (int i = 0; i < b->ncast; i++)
        if (b->cast_from[i] == v && b->cast_to[i]->def && b->cast_to[i]->def->block) { *out = V(b->cast_to[i]); return true; }
    Type *t = idx(b);
    Op *op = op_new(b->c, "arith.index_cast", 1, &t, 1, &v, 0, b->pos->loc);
    format_move_inherent(b->c, op);
    *out = V(emit(b, op));
    if (b->ncast < 16) { b->cast_from[b->ncast] = v; b->cast_to[b->ncast++] = out->v; }
    return true;
}

static int shape_of(const Type *t, int64_t *dims) {
    if (!t || t->kind != T_TENSOR || t->sh.rank < 0 || t->sh.rank > MAXR) return -1;
    for (int i = 0; i < t->sh.rank; i++) {
        if (t->sh.dims[i] < 0) return -1;
        dims[i] = t->sh.dims[i];
    }
    return t->sh.rank;
}

static void st_scalar(St *s, Ofr v) {
    memset(s, 0, sizeof *s);
    s->off[0] = v;
    s->str[0] = K(0);
    s->shp[0] = K(0);
}
/* a state of v's shape, every offset and stride zero */
static bool st_zero(St *s, const Type *t) {
    memset(s, 0, sizeof *s);
    if ((s->rank = shape_of(t, s->sizes)) < 0) return false;
    for (int d = 0; d < MAXR; d++) { s->off[d] = K(0); s->str[d] = K(0); s->shp[d] = K(0); }
    s->gs = K(0);
    return true;
}

/* the state of tt.expand_dims or tt.broadcast op (result type t) from the
 * state x of its operand: offsets and pointers follow the same shape rules */
static bool reshape_state(Op *op, const Type *t, const St *x, St *s) {
    if (!st_zero(s, t)) return false;
    if (op_is(op, OP_tt_expand_dims)) {
        Attr *ax = op_attr(op, "axis");
        if (!ax || ax->kind != A_INT || ax->i < 0 || ax->i > x->rank || s->rank != x->rank + 1) return false;
        for (int d = 0, k = 0; d < s->rank; d++) {
            if (d == ax->i) continue;
            s->off[d] = x->off[k];
            s->str[d] = x->str[k];
            s->shp[d] = x->shp[k];
            k++;
        }
        if (x->gv) { s->gv = x->gv; s->gs = x->gs; s->gd = x->gd + (ax->i <= x->gd); }
        return true;
    }
    if (x->rank != s->rank || (x->gv && x->sizes[x->gd] != s->sizes[x->gd])) return false;
    if (x->gv) { s->gv = x->gv; s->gs = x->gs; s->gd = x->gd; }
    for (int d = 0; d < s->rank; d++) {
        if (x->sizes[d] != s->sizes[d] && x->sizes[d] != 1) return false;
        s->shp[d] = x->shp[d];
        s->off[d] = x->off[d];
        s->str[d] = x->sizes[d] == s->sizes[d] ? x->str[d] : K(0);
    }
    return true;
}

static bool wraps(const St *s) {
    for (int d = 0; d < s->rank; d++) if (!is_k(s->shp[d], 0)) return true;
    return false;
}
/* add u to every element: to the offset of a dimension that does not wrap */
static bool add_uniform(B *b, St *s, Ofr u) {
    if (is_k(u, 0)) return true;
    for (int d = 0; d < (s->rank ? s->rank : 1); d++)
        if (is_k(s->shp[d], 0)) { s->off[d] = add(b, s->off[d], u); return true; }
    return false;
}
/* x + y elementwise into s; a wrapping dimension takes only uniform
 * additions, which move to a dimension that does not wrap */
static bool add_states(B *b, const St *x, const St *y, St *s) {
    if (x->rank != y->rank || (x->gv && y->gv)) return false;
    *s = *x;
    if (y->gv) {   /* the other side may only add the same to every index of the irregular dimension */
        if (!is_k(x->str[y->gd], 0) || !is_k(x->shp[y->gd], 0)) return false;
        s->gv = y->gv; s->gd = y->gd; s->gs = y->gs;
    } else if (x->gv && (!is_k(y->str[x->gd], 0) || !is_k(y->shp[x->gd], 0))) return false;
    Ofr moved = K(0);
    for (int d = 0; d < x->rank; d++) {
        bool wx = !is_k(x->shp[d], 0), wy = !is_k(y->shp[d], 0);
        if (wx && wy) return false;
        if (wx || wy) {
            const St *w = wx ? x : y, *o = wx ? y : x;
            if (!is_k(o->str[d], 0)) return false;
            s->off[d] = w->off[d];
            s->str[d] = w->str[d];
            s->shp[d] = w->shp[d];
            moved = add(b, moved, o->off[d]);
            continue;
        }
        s->off[d] = add(b, x->off[d], y->off[d]);
        s->str[d] = add(b, x->str[d], y->str[d]);
    }
    return add_uniform(b, s, moved);
}
static bool uniform(const St *s) {
    if (s->gv) return false;
    for (int d = 0; d < s->rank; d++) if (!is_k(s->str[d], 0)) return false;
    return true;
}
/* the one value of a uniform state */
static Ofr total(B *b, const St *s) {
    Ofr t = s->off[0];
    for (int d = 1; d < s->rank; d++) t = add(b, t, s->off[d]);
    return t;
}

static bool visit_ptr(B *b, Value *v, St *s, int depth);

static bool visit_int_rules(B *b, Value *v, St *s, int depth);

/* take back the ops made since mark */
static void rollback(B *b, int mark) {
    while (b->made.n > mark) op_erase(b->made.v[--b->made.n]);
}

/* the state of an integer value (tensor or scalar); a 1-D tensor that no
 * rule describes (loaded indices, say) becomes an irregular dimension */
static bool visit_int(B *b, Value *v, St *s, int depth) {
    int mark = b->made.n;
    if (visit_int_rules(b, v, s, depth)) return true;
    rollback(b, mark);
    Type *t = v->type;
    if (depth > 64 || !t || t->kind != T_TENSOR || t->sh.rank != 1 || t->sh.dims[0] < 1 || !t->sh.elem ||
        t->sh.elem->kind != T_INT || t->sh.elem->i.width < 8 || !st_zero(s, t))
        return false;
    s->gv = v;
    s->gd = 0;
    s->gs = K(1);
    return true;
}

static bool visit_int_rules(B *b, Value *v, St *s, int depth) {
    if (depth > 64 || !v->type) return false;
    if (v->type->kind != T_TENSOR) {          /* a scalar */
        Ofr o;
        if (!scalar(b, v, &o)) return false;
        st_scalar(s, o);
        return true;
    }
    Op *op = v->def;
    if (!op || op->verbatim) return false;
    if (op_is(op, OP_arith_constant)) {
        Attr *a = op_attr(op, "value");
        if (!a || a->kind != A_DENSE || a->dense.n != 1 || a->dense.elts[0]->kind != A_INT) return false;
        if (!st_zero(s, v->type)) return false;
        s->off[0] = K(a->dense.elts[0]->i);
        return true;
    }
    if (op_is(op, OP_tt_make_range)) {
        Attr *st = op_attr(op, "start");
        if (!st || st->kind != A_INT || !st_zero(s, v->type) || s->rank != 1) return false;
        s->off[0] = K(st->i);
        s->str[0] = K(1);
        return true;
    }
    if (op_is(op, OP_tt_splat)) {
        Ofr o;
        if (!st_zero(s, v->type) || !scalar(b, op_operand(op, 0), &o)) return false;
        s->off[0] = o;
        return true;
    }
    if (op_is(op, OP_arith_extsi) || op_is(op, OP_arith_index_cast))
        return visit_int(b, op_operand(op, 0), s, depth + 1);
    if (op_is(op, OP_arith_addi) || op_is(op, OP_arith_subi) || op_is(op, OP_arith_muli) || op_is(op, OP_arith_remsi)) {
        St x, y;
        if (!visit_int(b, op_operand(op, 0), &x, depth + 1) || !visit_int(b, op_operand(op, 1), &y, depth + 1)) return false;
        if (x.rank != y.rank) return false;
        *s = x;
        if (op_is(op, OP_arith_addi)) return add_states(b, &x, &y, s);
        if (op_is(op, OP_arith_subi)) {
            if (!uniform(&y) || wraps(&y)) return false;
            return add_uniform(b, s, sub(b, K(0), total(b, &y)));
        }
        if (op_is(op, OP_arith_remsi)) {
            /* (o + i_d * s_d) mod m along the one dimension that varies */
            if (!uniform(&y) || wraps(&y) || wraps(&x) || x.gv) return false;
            Ofr m = total(b, &y), t = total(b, &x);
            if (is_k(m, 0)) return false;
            int dd = -1;
            for (int d = 0; d < x.rank; d++) {
                if (is_k(x.str[d], 0) || x.sizes[d] == 1) continue;
                if (dd >= 0) return false;
                dd = d;
            }
            for (int d = 0; d < x.rank; d++) { s->off[d] = K(0); if (d != dd) s->str[d] = K(0); }
            if (dd < 0) {   /* the same for every element */
                s->off[0] = !t.v && !m.v && m.c ? K(m.c == -1 ? 0 : t.c % m.c) : V(bin(b, "arith.remsi", val(b, t), val(b, m)));
                return true;
            }
            s->off[dd] = t;
            s->shp[dd] = m;
            return true;
        }
        const St *u = uniform(&y) && !wraps(&y) ? &y : uniform(&x) && !wraps(&x) ? &x : NULL, *o = u == &y ? &x : &y;
        if (!u) return false;
        Ofr k = total(b, u);
        *s = *o;
        for (int d = 0; d < o->rank; d++) {
            s->off[d] = mul(b, o->off[d], k);
            s->str[d] = mul(b, o->str[d], k);
            s->shp[d] = mul(b, o->shp[d], k);
        }
        if (o->gv) s->gs = mul(b, o->gs, k);
        return true;
    }
    if (op_is(op, OP_tt_expand_dims) || op_is(op, OP_tt_broadcast)) {
        St x;
        return visit_int(b, op_operand(op, 0), &x, depth + 1) && reshape_state(op, v->type, &x, s);
    }
    return false;
}

/* defined outside loop op `l` (or a constant) */
static bool outside(Value *v, Op *l) {
    if (value_const(v)) return true;
    Op *def = v->def ? v->def : (value_argblock(v) && value_argblock(v)->region ? value_argblock(v)->region->op : NULL);
    return def && def != l && !op_is_ancestor(l, def);
}

/* computed from values defined outside loop `l` only: shape ops and
 * integer arithmetic over constants and outside scalars */
static bool invariant(Value *v, Op *l, int depth) {
    if (outside(v, l)) return true;
    Op *d = v->def;
    if (depth > 64 || !d || d->verbatim || !v->type) return false;
    if (v->type->kind == T_INT) {          /* a scalar computed in the loop from outside values */
        if (!op_is(d, OP_arith_addi) && !op_is(d, OP_arith_subi) && !op_is(d, OP_arith_muli) && !op_is(d, OP_arith_extsi))
            return false;
    } else if (v->type->kind != T_TENSOR)
        return false;
    if (!op_is(d, OP_tt_splat) && !op_is(d, OP_tt_broadcast) && !op_is(d, OP_tt_expand_dims) && !op_is(d, OP_arith_constant) &&
        !op_is(d, OP_tt_make_range) && !op_is(d, OP_arith_addi) && !op_is(d, OP_arith_subi) && !op_is(d, OP_arith_muli) &&
        !op_is(d, OP_arith_extsi))
        return false;
    for (int i = 0; i < d->nopnds; i++)
        if (!invariant(op_operand(d, i), l, depth + 1)) return false;
    return true;
}

/* the iterations of scf.for l: max(ceildiv(ub - lb, step), 0) */
static bool trips(B *b, Op *l, Ofr *n) {
    Ofr lb, ub, step;
    if (!scalar(b, op_operand(l, 0), &lb) || !scalar(b, op_operand(l, 1), &ub) || !scalar(b, op_operand(l, 2), &step)) return false;
    Ofr d = sub(b, ub, lb);
    if (!d.v && !step.v) {
        if (step.c <= 0) return false;
        *n = K(d.c > 0 ? d.c / step.c + (d.c % step.c != 0) : 0);
        return true;
    }
    if (!is_k(step, 1)) d = V(bin(b, "arith.ceildivsi", val(b, d), val(b, step)));
    *n = minmax(b, true, d, K(0));
    return true;
}

/* the iterations of loop l done: all of them for its result (result), else
 * those before the current one, (iv - lb) / step */
static bool iterations(B *b, Op *l, bool result, Ofr *n) {
    if (result) return trips(b, l, n);
    Ofr iv, lb, step;
    if (!scalar(b, l->regions[0].first->args[0], &iv) || !scalar(b, op_operand(l, 0), &lb) ||
        !scalar(b, op_operand(l, 2), &step)) return false;
    *n = sub(b, iv, lb);
    if (!is_k(step, 1)) *n = V(bin(b, "arith.divsi", val(b, *n), val(b, step)));
    return true;
}

/* the advance per iteration of loop l of its pointer argument v, yielded
 * as `cur`: a chain of tt.addptr of amounts that are the same for every
 * element and invariant in loop `inv`, and of inner scf.for loops that
 * advance the pointer in the same way */
static bool chain_inc(B *b, Op *l, Op *inv, Value *v, Value *cur, Ofr *inc, int depth) {
    *inc = K(0);
    for (int k = 0; cur != v; k++) {
        Op *d = cur->def;
        if (k > 64 || depth > 16 || !d || d->verbatim) return false;
        if (op_is(d, OP_tt_addptr)) {
            St u;
            if (!invariant(op_operand(d, 1), inv, 0)) return false;
            if (!visit_int(b, op_operand(d, 1), &u, depth + 1) || !uniform(&u) || wraps(&u)) return false;
            *inc = add(b, *inc, total(b, &u));
            cur = op_operand(d, 0);
            continue;
        }
        if (op_is(d, OP_scf_for) && op_is_ancestor(l, d)) {
            int j = value_index(cur);
            Block *body = d->regions[0].first;
            Op *y = body ? block_terminator(body) : NULL;
            if (!op_is(y, OP_scf_yield) || j >= y->nopnds || 3 + j >= d->nopnds || body->nargs <= 1 + j) return false;
            for (int q = 0; q < 3; q++) if (!outside(op_operand(d, q), inv)) return false;
            Ofr in2, n2;
            if (!chain_inc(b, d, inv, body->args[1 + j], op_operand(y, j), &in2, depth + 1)) return false;
            if (!is_k(in2, 0)) {
                if (!trips(b, d, &n2)) return false;
                *inc = add(b, *inc, mul(b, n2, in2));
            }
            cur = op_operand(d, 3 + j);
            continue;
        }
        return false;
    }
    return true;
}

/* argument v (or with `result`, result v) of an scf.for: the init's state
 * plus the iterations done times the advance per iteration */
static bool visit_loop_value(B *b, Value *v, bool result, St *s, int depth) {
    Op *l;
    int i;
    if (result) {
        l = v->def;
        i = value_index(v);
    } else {
        Block *body = value_argblock(v);
        l = body && body->region ? body->region->op : NULL;
        if (!l || body != l->regions[0].first) return false;
        i = value_index(v) - 1;
    }
    if (!op_is(l, OP_scf_for) || l->verbatim || i < 0) return false;
    Block *body = l->regions[0].first;
    Op *y = body ? block_terminator(body) : NULL;
    if (!op_is(y, OP_scf_yield) || i >= y->nopnds || 3 + i >= l->nopnds || body->nargs <= 1 + i) return false;
    Ofr inc;
    if (!chain_inc(b, l, l, body->args[1 + i], op_operand(y, i), &inc, depth + 1)) return false;
    if (!visit_ptr(b, op_operand(l, 3 + i), s, depth + 1)) return false;
    if (is_k(inc, 0)) return true;
    Ofr n;
    if (!iterations(b, l, result, &n)) return false;
    return add_uniform(b, s, mul(b, n, inc));
}

/* the state of a pointer value (a tensor of pointers or a scalar pointer) */
static bool visit_ptr(B *b, Value *v, St *s, int depth) {
    if (depth > 64 || !v->type) return false;
    Op *op = v->def;
    if (v->type->kind == T_PTR) {             /* a scalar pointer */
        if (v->type->ptr.pointee && v->type->ptr.pointee->kind == T_TENSOR) return false;
        if (op_is(op, OP_tt_addptr) && !op->verbatim) {
            St o;
            if (!visit_ptr(b, op_operand(op, 0), s, depth + 1) || !visit_int(b, op_operand(op, 1), &o, depth + 1)) return false;
            s->off[0] = add(b, s->off[0], o.off[0]);
            return true;
        }
        if (!op && value_argblock(v) && value_argblock(v)->region && op_is(value_argblock(v)->region->op, OP_scf_for) && value_index(v) > 0) {
            St t;
            PtrVec keep = b->made;
            b->made = (PtrVec){ 0 };
            bool ok = visit_loop_value(b, v, false, &t, depth);
            /* not a regular loop-carried pointer: the argument is the base */
            if (!ok) {
                for (int k = b->made.n - 1; k >= 0; k--) op_erase(b->made.v[k]);
                pv_free(&b->made);
                b->made = keep;
                st_scalar(s, K(0));
                s->src = v;
                return true;
            }
            for (int k = 0; k < b->made.n; k++) pv_push(&keep, b->made.v[k]);
            pv_free(&b->made);
            b->made = keep;
            *s = t;
            return true;
        }
        st_scalar(s, K(0));
        s->src = v;
        return true;
    }
    if (v->type->kind != T_TENSOR || !v->type->sh.elem || v->type->sh.elem->kind != T_PTR) return false;
    if (!op) return visit_loop_value(b, v, false, s, depth);
    if (op->verbatim) return false;
    if (op_is(op, OP_scf_for)) return visit_loop_value(b, v, true, s, depth);
    if (op_is(op, OP_tt_splat)) {
        St p;
        if (!visit_ptr(b, op_operand(op, 0), &p, depth + 1) || !st_zero(s, v->type)) return false;
        s->off[0] = p.off[0];
        s->src = p.src;
        return true;
    }
    if (op_is(op, OP_tt_addptr)) {
        St p, o;
        if (!visit_ptr(b, op_operand(op, 0), &p, depth + 1) || !visit_int(b, op_operand(op, 1), &o, depth + 1)) return false;
        if (!add_states(b, &p, &o, s)) return false;
        s->src = p.src;
        return true;
    }
    if (op_is(op, OP_tt_expand_dims) || op_is(op, OP_tt_broadcast)) {
        St p;
        if (!visit_ptr(b, op_operand(op, 0), &p, depth + 1) || !reshape_state(op, v->type, &p, s)) return false;
        s->src = p.src;
        return true;
    }
    return false;
}

/* ---- block pointers -------------------------------------------------------- */

static int block_rank(const Type *t) {
    return t && t->kind == T_PTR && t->ptr.pointee && t->ptr.pointee->kind == T_TENSOR ? t->ptr.pointee->sh.rank : -1;
}

static bool visit_block(B *b, Value *v, St *s, int depth);

/* a block pointer carried by scf.for (argument, or with `result` the loop's
 * result) and moved by tt.advance of loop-invariant amounts each iteration */
static bool visit_block_loop(B *b, Value *v, bool result, St *s, int depth) {
    Op *l;
    int i;
    if (result) { l = v->def; i = value_index(v); }
    else {
        l = value_argblock(v) && value_argblock(v)->region ? value_argblock(v)->region->op : NULL;
        if (!l || value_argblock(v) != l->regions[0].first) return false;
        i = value_index(v) - 1;
    }
    if (!op_is(l, OP_scf_for) || l->verbatim || i < 0) return false;
    Block *body = l->regions[0].first;
    Op *y = body ? block_terminator(body) : NULL;
    if (!op_is(y, OP_scf_yield) || i >= y->nopnds || 3 + i >= l->nopnds || body->nargs <= 1 + i) return false;
    int R = block_rank(v->type);
    if (R < 1 || R > MAXR) return false;
    Ofr inc[MAXR];
    for (int d = 0; d < R; d++) inc[d] = K(0);
    Value *cur = op_operand(y, i);
    for (int k = 0; cur != body->args[1 + i]; k++) {
        Op *a = cur->def;
        if (k > 64 || !op_is(a, OP_tt_advance) || a->verbatim || a->nopnds != 1 + R) return false;
        for (int d = 0; d < R; d++) {
            Ofr o;
            if (!outside(op_operand(a, 1 + d), l) || !scalar(b, op_operand(a, 1 + d), &o)) return false;
            inc[d] = add(b, inc[d], o);
        }
        cur = op_operand(a, 0);
    }
    if (!visit_block(b, op_operand(l, 3 + i), s, depth + 1)) return false;
    Ofr n;
    if (!iterations(b, l, result, &n)) return false;
    for (int d = 0; d < R; d++)
        if (!is_k(inc[d], 0)) s->off[d] = add(b, s->off[d], mul(b, mul(b, n, inc[d]), s->str[d]));
    return true;
}

/* the state of a block pointer: tt.make_tensor_ptr, moved by tt.advance and
 * through loops; offsets scaled by the strides, as triton-shared keeps them */
static bool visit_block(B *b, Value *v, St *s, int depth) {
    int R = block_rank(v->type);
    if (depth > 64 || R < 1 || R > MAXR) return false;
    Op *op = v->def;
    if (!op) return visit_block_loop(b, v, false, s, depth);
    if (op->verbatim) return false;
    if (op_is(op, OP_scf_for)) return visit_block_loop(b, v, true, s, depth);
    if (op_is(op, OP_tt_advance)) {
        if (op->nopnds != 1 + R || !visit_block(b, op_operand(op, 0), s, depth + 1)) return false;
        for (int d = 0; d < R; d++) {
            Ofr o;
            if (!scalar(b, op_operand(op, 1 + d), &o)) return false;
            s->off[d] = add(b, s->off[d], mul(b, o, s->str[d]));
        }
        return true;
    }
    if (!op_is(op, OP_tt_make_tensor_ptr) || op->nopnds != 1 + 3 * R) return false;
    memset(s, 0, sizeof *s);
    s->rank = R;
    s->src = op_operand(op, 0);
    for (int d = 0; d < R; d++) {
        Ofr o;
        s->sizes[d] = v->type->ptr.pointee->sh.dims[d];
        if (s->sizes[d] < 0 || !scalar(b, op_operand(op, 1 + d), &s->shp[d]) || !scalar(b, op_operand(op, 1 + R + d), &s->str[d]) ||
            !scalar(b, op_operand(op, 1 + 2 * R + d), &o))
            return false;
        s->off[d] = mul(b, o, s->str[d]);
    }
    int64_t ord[MAXR];
    Attr *a = op_attr(op, "order");
    if (!a || a->kind != A_DENSE_ARRAY || !a->darr.i || a->darr.n != R) return false;
    for (int d = 0; d < R; d++) ord[d] = a->darr.i[d];
    s->norder = R;
    memcpy(s->order, ord, sizeof ord);
    return true;
}

/* ---- masks -------------------------------------------------------------- */

/* a prefix bound per dimension; um (if set): along dimension ud, an
 * arbitrary 1-D i1 tensor (a gather/scatter mask) */
typedef struct Mask { int rank; int64_t sizes[MAXR]; Ofr dims[MAXR]; Value *um; int ud; } Mask;

static bool visit_mask_rules(B *b, Value *m, Mask *k, int depth);

static bool visit_mask(B *b, Value *m, Mask *k, int depth) {
    int mark = b->made.n;
    if (visit_mask_rules(b, m, k, depth)) return true;
    rollback(b, mark);
    /* a 1-D mask that is not a prefix: per-index lanes of a gather/scatter */
    Type *t = m->type;
    if (depth > 64 || !t || t->kind != T_TENSOR || t->sh.rank != 1 || t->sh.dims[0] < 1 || !type_is_int(t->sh.elem, 1)) return false;
    memset(k, 0, sizeof *k);
    k->rank = 1;
    k->sizes[0] = t->sh.dims[0];
    k->dims[0] = K(k->sizes[0]);
    k->um = m;
    k->ud = 0;
    return true;
}

static bool visit_mask_rules(B *b, Value *m, Mask *k, int depth) {
    Op *op = m->def;
    if (depth > 64 || !op || op->verbatim) return false;
    memset(k, 0, sizeof *k);
    if ((k->rank = shape_of(m->type, k->sizes)) < 0) return false;
    for (int d = 0; d < k->rank; d++) k->dims[d] = K(k->sizes[d]);
    if (op_is(op, OP_arith_cmpi)) {
        Attr *p = op_attr(op, "predicate");
        if (!p || p->kind != A_INT) return false;
        /* slt 2, sle 3, sgt 4, sge 5 */
        int pr = (int)p->i;
        if (pr < 2 || pr > 5) return false;
        bool swap = pr >= 4;
        bool incl = pr == 3 || pr == 5;
        St x, y;
        if (!visit_int(b, op_operand(op, swap ? 1 : 0), &x, depth + 1) || !visit_int(b, op_operand(op, swap ? 0 : 1), &y, depth + 1))
            return false;
        if (x.rank != k->rank || !uniform(&y) || wraps(&x) || wraps(&y) || x.gv || (y.rank && y.rank != k->rank)) return false;
        int dd = -1;
        for (int d = 0; d < k->rank; d++) {
            if (k->sizes[d] == 1 || is_k(x.str[d], 0)) continue;
            if (dd >= 0 || !is_k(x.str[d], 1)) return false;
            dd = d;
        }
        if (dd < 0) return false;
        Ofr bound = sub(b, y.rank ? total(b, &y) : y.off[0], total(b, &x));
        if (incl) bound = add(b, bound, K(1));
        k->dims[dd] = minmax(b, true, minmax(b, false, bound, K(k->sizes[dd])), K(0));
        return true;
    }
    if (op_is(op, OP_arith_andi)) {
        Mask x, y;
        if (!visit_mask(b, op_operand(op, 0), &x, depth + 1) || !visit_mask(b, op_operand(op, 1), &y, depth + 1)) return false;
        if (x.rank != k->rank || y.rank != k->rank || (x.um && y.um)) return false;
        if (x.um || y.um) { k->um = x.um ? x.um : y.um; k->ud = x.um ? x.ud : y.ud; }
        for (int d = 0; d < k->rank; d++) {
            if (is_k(x.dims[d], k->sizes[d])) k->dims[d] = y.dims[d];
            else if (is_k(y.dims[d], k->sizes[d])) k->dims[d] = x.dims[d];
            else k->dims[d] = minmax(b, false, x.dims[d], y.dims[d]);
        }
        return true;
    }
    if (op_is(op, OP_tt_broadcast) || op_is(op, OP_tt_expand_dims)) {
        Mask x;
        if (!visit_mask(b, op_operand(op, 0), &x, depth + 1)) return false;
        if (op_is(op, OP_tt_expand_dims)) {
            Attr *ax = op_attr(op, "axis");
            if (!ax || ax->kind != A_INT || ax->i < 0 || ax->i > x.rank || k->rank != x.rank + 1) return false;
            for (int d = 0, j = 0; d < k->rank; d++) if (d != ax->i) k->dims[d] = x.dims[j++];
            if (x.um) { k->um = x.um; k->ud = x.ud + (ax->i <= x.ud); }
            return true;
        }
        if (x.rank != k->rank) return false;
        if (x.um) {
            if (x.sizes[x.ud] != k->sizes[x.ud]) return false;
            k->um = x.um;
            k->ud = x.ud;
        }
        for (int d = 0; d < k->rank; d++) {
            if (x.sizes[d] == k->sizes[d]) k->dims[d] = x.dims[d];
            else if (x.sizes[d] == 1) k->dims[d] = mul(b, x.dims[d], K(k->sizes[d]));   /* all or nothing */
            else return false;
        }
        return true;
    }
    return false;
}

/* ---- the rewrite ---------------------------------------------------------- */

/* the scalar that a splat `other` repeats */
static Value *scalar_other(B *b, Value *o) {
    Op *op = o->def;
    if (!op || op->verbatim) return NULL;
    if (op_is(op, OP_tt_splat)) return op_operand(op, 0);
    if (op_is(op, OP_arith_constant)) {
        Attr *a = op_attr(op, "value");
        Type *et = type_elem(o->type);
        if (!a || a->kind != A_DENSE || a->dense.n != 1) return NULL;
        return emit(b, const_new(b->c, a->dense.elts[0], et, b->pos->loc));
    }
    return NULL;
}

static Attr *i64s(Ctx *c, int n, const int64_t *v) { return attr_dense_array(c, type_int(c, 64, SIGNLESS), n, v, NULL); }
static Attr *i32s(Ctx *c, int n, const int64_t *v) { return attr_dense_array(c, type_int(c, 32, SIGNLESS), n, v, NULL); }

/* mixed static/dynamic lists: static values, dynamic ones as INT64_MIN */
static int mixed(B *b, int n, const Ofr *o, int64_t *st, Value **dyn) {
    int nd = 0;
    (void)b;
    for (int i = 0; i < n; i++) {
        if (o[i].v) { st[i] = INT64_MIN; dyn[nd++] = o[i].v; }
        else st[i] = o[i].c;
    }
    return nd;
}

static Value *make_tptr(B *b, const St *s, Type *rt) {
    int64_t ss[MAXR], so[MAXR], sh[MAXR];
    Value *ds[MAXR], *dof[MAXR], *dsh[MAXR], *opnds[1 + 3 * MAXR];
    int nds = mixed(b, s->rank, s->str, ss, ds), ndo = mixed(b, s->rank, s->off, so, dof);
    int nsh = mixed(b, s->rank, s->shp, sh, dsh);
    int n = 0;
    opnds[n++] = s->src;
    for (int i = 0; i < nds; i++) opnds[n++] = ds[i];
    for (int i = 0; i < ndo; i++) opnds[n++] = dof[i];
    for (int i = 0; i < nsh; i++) opnds[n++] = dsh[i];
    Op *op = op_new(b->c, "tts.make_tptr", 1, &rt, n, opnds, 0, b->pos->loc);
    op_set_prop(b->c, op, "sizes", i64s(b->c, s->rank, s->sizes));
    op_set_prop(b->c, op, "static_strides", i64s(b->c, s->rank, ss));
    op_set_prop(b->c, op, "static_offsets", i64s(b->c, s->rank, so));
    op_set_prop(b->c, op, "static_shape", i64s(b->c, s->rank, sh));
    op_set_prop(b->c, op, "order", i32s(b->c, s->norder, s->order));
    int64_t seg[4] = { 1, nds, ndo, nsh };
    op_set_prop(b->c, op, "operandSegmentSizes", i32s(b->c, 4, seg));
    return emit(b, op);
}

/* tts.make_gather_scatter_tptr for a state with an irregular dimension: its
 * uniform offset moves to another dimension (offsets of the regular
 * dimensions are summed) or, for a 1-D access, into the base pointer */
static Value *make_gs_tptr(B *b, St *s, Type *elem, Value *mask) {
    int g = s->gd;
    if (!is_k(s->off[g], 0)) {
        if (s->rank > 1) {
            int d = g == 0 ? 1 : 0;
            s->off[d] = add(b, s->off[d], s->off[g]);
        } else {
            Type *i64 = type_int(b->c, 64, SIGNLESS);
            Value *o = val(b, s->off[g]);
            Op *cast = op_new(b->c, "arith.index_cast", 1, &i64, 1, &o, 0, b->pos->loc);
            format_move_inherent(b->c, cast);
            Value *o64 = emit(b, cast);
            Type *pt = s->src->type;
            Value *ap[2] = { s->src, o64 };
            Op *add = op_new(b->c, "tt.addptr", 1, &pt, 2, ap, 0, b->pos->loc);
            format_move_inherent(b->c, add);
            s->src = emit(b, add);
        }
        s->off[g] = K(0);
    }
    Ofr str[MAXR];
    for (int d = 0; d < s->rank; d++) str[d] = d == g ? s->gs : s->str[d];
    int64_t ss[MAXR], so[MAXR];
    Value *ds[MAXR], *dof[MAXR], *opnds[3 + 2 * MAXR];
    int nds = mixed(b, s->rank, str, ss, ds), ndo = mixed(b, s->rank, s->off, so, dof);
    int n = 0;
    opnds[n++] = s->src;
    opnds[n++] = s->gv;
    for (int i = 0; i < nds; i++) opnds[n++] = ds[i];
    for (int i = 0; i < ndo; i++) opnds[n++] = dof[i];
    if (mask) opnds[n++] = mask;
    Type *rt = type_ptr(b->c, type_tensor(b->c, s->rank, s->sizes, elem), s->src->type->ptr.space);
    Op *op = op_new(b->c, "tts.make_gather_scatter_tptr", 1, &rt, n, opnds, 0, b->pos->loc);
    op_set_prop(b->c, op, "sizes", i64s(b->c, s->rank, s->sizes));
    op_set_prop(b->c, op, "gather_scatter_dim", attr_int(b->c, type_int(b->c, 32, SIGNLESS), g));
    op_set_prop(b->c, op, "static_strides", i64s(b->c, s->rank, ss));
    op_set_prop(b->c, op, "static_offsets", i64s(b->c, s->rank, so));
    int64_t seg[5] = { 1, 1, nds, ndo, mask ? 1 : 0 };
    op_set_prop(b->c, op, "operandSegmentSizes", i32s(b->c, 5, seg));
    return emit(b, op);
}

static void undo(B *b) {
    for (int k = b->made.n - 1; k >= 0; k--) op_erase(b->made.v[k]);
    b->made.n = 0;
}

/* op, a tt.load or tt.store (st), becomes tts.load or tts.store with the
 * operands opnds[0..n) (pointer, stored value, ndm dynamic mask dims, other)
 * and the static mask dims sm[0..nsm); a load's uses move to the new op */
static void replace_by_tts(Ctx *c, Op *op, bool st, Value *const *opnds, int n, int nsm, const int64_t *sm,
                           int ndm, bool other) {
    Type *rt = st ? NULL : op->res[0].type;
    Op *nw = op_new(c, st ? "tts.store" : "tts.load", st ? 0 : 1, st ? NULL : &rt, n, opnds, 0, op->loc);
    op_set_locattr(c, nw, op_locattr(op));
    op_set_prop(c, nw, "static_mask_dims", i64s(c, nsm, sm));
    if (!st) {
        int64_t seg[3] = { 1, ndm, other ? 1 : 0 };
        op_set_prop(c, nw, "operandSegmentSizes", i32s(c, 3, seg));
    }
    op_insert_before(op, nw);
    if (!st) value_replace_all_uses(&op->res[0], &nw->res[0]);
    op_erase(op);
}

/* rewrite one tt.load / tt.store; false: left as it is */
/* a load or store through a block pointer that checks every dimension:
 * tts.make_tptr with the order and the shape, and tts.load (NaN padding as
 * `other`) or tts.store */
static bool rewrite_block(Ctx *c, Op *op) {
    bool st = op_is(op, OP_tt_store);
    Value *p = op_operand(op, 0);
    int R = block_rank(p->type);
    Attr *bc = op_attr(op, "boundaryCheck");
    if (R < 1 || op->nopnds != (st ? 2 : 1) || !bc || bc->kind != A_DENSE_ARRAY || !bc->darr.i || bc->darr.n != R) return false;
    bool seen[MAXR] = { false };
    for (int d = 0; d < R; d++) {
        if (bc->darr.i[d] < 0 || bc->darr.i[d] >= R) return false;
        seen[bc->darr.i[d]] = true;
    }
    for (int d = 0; d < R; d++) if (!seen[d]) return false;
    Attr *pad = op_attr(op, "padding");
    B b = { .c = c, .pos = op };
    St s;
    if (!visit_block(&b, p, &s, 0)) { undo(&b); pv_free(&b.made); return false; }
    Value *tp = make_tptr(&b, &s, p->type);
    Value *ov = NULL;
    if (!st && pad && pad->kind == A_INT && pad->i == 2) {
        Type *et = type_elem(op->res[0].type);
        ov = emit(&b, const_new(c, attr_float(c, et, NAN), et, op->loc));
    }
    Value *opnds[3] = { tp, st ? op_operand(op, 1) : ov, NULL };
    replace_by_tts(c, op, st, opnds, st || ov ? 2 : 1, 0, NULL, 0, ov != NULL);
    pv_free(&b.made);
    return true;
}

/* a pointer tensor checked as stock Triton rewrites a block pointer's
 * boundary_check (ptr_checked.h): that block pointer again, shape B,
 * strides s, offsets first(X_d) * s_d */
static bool rewrite_checked(Ctx *c, Op *op, bool st, Value *p, Value *m, Value *other) {
    PtrChecked k;
    if (!m || !ptr_checked_match(p, m, &k)) return false;
    B b = { .c = c, .pos = op };
    St s = { 0 }, base;
    if ((s.rank = shape_of(p->type, s.sizes)) < 1 || s.rank != k.n || s.rank > MAXR) return false;
    bool seen[MAXR] = { false }, ok = visit_ptr(&b, k.base, &base, 0) && base.src && is_k(base.off[0], 0);
    for (int i = 0; ok && i < k.n; i++) {
        St x;
        int dd = -1;
        if ((x.rank = shape_of(k.x[i]->type, x.sizes)) != s.rank) { ok = false; break; }
        for (int d = 0; d < s.rank; d++) if (x.sizes[d] != 1) dd = dd < 0 && x.sizes[d] == s.sizes[d] ? d : MAXR;
        if (dd < 0 || dd >= MAXR || seen[dd] || !visit_int(&b, k.x[i], &x, 0) || wraps(&x) || x.gv || !is_k(x.str[dd], 1)) { ok = false; break; }
        seen[dd] = true;
        Ofr o = K(0);
        for (int d = 0; d < x.rank; d++) o = add(&b, o, x.off[d]);
        ok = scalar(&b, k.s[i], &s.str[dd]) && scalar(&b, k.hi[i], &s.shp[dd]);
        if (ok) s.off[dd] = mul(&b, o, s.str[dd]);
    }
    Value *ov = NULL;
    if (ok && other) ok = (ov = scalar_other(&b, other)) != NULL;
    if (!ok) { undo(&b); pv_free(&b.made); return false; }
    s.src = base.src;
    s.norder = s.rank;
    for (int d = 0; d < s.rank; d++) s.order[d] = s.rank - 1 - d;
    Value *tp = make_tptr(&b, &s, type_ptr(c, type_tensor(c, s.rank, s.sizes, p->type->sh.elem->ptr.pointee), p->type->sh.elem->ptr.space));
    Value *opnds[2] = { tp, st ? op_operand(op, 1) : ov };
    replace_by_tts(c, op, st, opnds, st || ov ? 2 : 1, 0, NULL, 0, ov != NULL);
    pv_free(&b.made);
    return true;
}

static bool rewrite(Ctx *c, Op *op, bool checked) {
    bool st = op_is(op, OP_tt_store);
    Value *p = op_operand(op, 0);
    Attr *vol = op_attr(op, "isVolatile");
    if (op->verbatim || !p->type || (vol && vol->i)) return false;
    if (block_rank(p->type) > 0) return rewrite_block(c, op);
    if (p->type->kind != T_TENSOR || op_attr(op, "boundaryCheck")) return false;
    int nm = op->nopnds - (st ? 2 : 1);
    Value *m = nm > 0 ? op_operand(op, st ? 2 : 1) : NULL, *other = !st && nm > 1 ? op_operand(op, 2) : NULL;
    B b = { .c = c, .pos = op };
    St s;
    Mask k;
    bool ok = visit_ptr(&b, p, &s, 0) && s.src && s.rank >= 1;
    if (ok && m) ok = visit_mask(&b, m, &k, 0) && k.rank == s.rank;
    Value *ov = NULL;
    if (ok && other) ok = (ov = scalar_other(&b, other)) != NULL;
    /* a gather/scatter mask goes with the irregular dimension; a regular
     * dimension becomes irregular with the offsets 0, 1, .. for it */
    if (ok && m && k.um) {
        if (s.gv ? s.gd != k.ud : !is_k(s.shp[k.ud], 0)) ok = false;
        else if (!is_k(k.dims[k.ud], k.sizes[k.ud])) ok = false;
        else if (!s.gv) {
            Type *rt = type_tensor(c, 1, &s.sizes[k.ud], type_int(c, 32, SIGNLESS));
            Op *r = op_new(c, "tt.make_range", 1, &rt, 0, NULL, 0, op->loc);
            op_set_prop(c, r, "start", attr_int(c, type_int(c, 32, SIGNLESS), 0));
            op_set_prop(c, r, "end", attr_int(c, type_int(c, 32, SIGNLESS), s.sizes[k.ud]));
            s.gv = emit(&b, r);
            s.gd = k.ud;
            s.gs = s.str[k.ud];
            s.str[k.ud] = K(0);
        }
    }
    if (ok && s.gv && (wraps(&s) || !s.src->type || s.src->type->kind != T_PTR)) ok = false;
    if (!ok) { undo(&b); pv_free(&b.made); return checked && rewrite_checked(c, op, st, p, m, other); }
    Value *tp = s.gv ? make_gs_tptr(&b, &s, p->type->sh.elem->ptr.pointee, m && k.um ? k.um : NULL) : make_tptr(&b, &s, p->type);
    int64_t sm[MAXR];
    Value *dm[MAXR];
    bool full = true;   /* a mask that bounds nothing is left out */
    for (int d = 0; m && d < k.rank; d++) if (!is_k(k.dims[d], k.sizes[d])) full = false;
    if (m && full) m = NULL;
    int ndm = m ? mixed(&b, k.rank, k.dims, sm, dm) : 0;
    Value *opnds[2 + MAXR + 1];
    int n = 0;
    opnds[n++] = tp;
    if (st) opnds[n++] = op_operand(op, 1);
    for (int i = 0; i < ndm; i++) opnds[n++] = dm[i];
    if (ov) opnds[n++] = ov;
    replace_by_tts(c, op, st, opnds, n, m ? k.rank : 0, sm, ndm, ov != NULL);
    pv_free(&b.made);
    return true;
}

static bool collect(Op *op, void *ud) {
    if ((op_is(op, OP_tt_load) || op_is(op, OP_tt_store)) && !op->verbatim) pv_push(ud, op);
    return true;
}

extern const Pass pass_dce;

static bool analyse(Ctx *c, Op *m, bool checked, Diag *d) {
    PtrVec work = { 0 };
    op_walk(m, collect, &work);
    int n = 0;
    for (int i = 0; i < work.n; i++) n += rewrite(c, work.v[i], checked);
    pv_free(&work);
    return !n || pass_dce.run(c, m, NULL, d);
}

static bool run(Ctx *c, Op *m, const PassOptions *o, Diag *d) {
    (void)o;
    return analyse(c, m, false, d);
}

/* ptr-analysis with the checked pointers of Triton's rewritten block
 * pointers made block pointers again (for lower-structured-pointers only:
 * tts semantics find a block pointer's position as offset / stride, which
 * a stride of 0 at run time would make 0, while the KTIR lowering takes
 * first(X_d) itself from offset = first(X_d) * s_d) */
bool ptr_analysis_spyre(Ctx *c, Op *m, Diag *d) { return analyse(c, m, true, d); }

const Pass pass_ptr_analysis = {
    "ptr-analysis",
    "tensors of pointers become structured pointers (tts.make_tptr, tts.load, tts.store) with prefix masks, as triton-shared's pointer analysis makes them",
    NULL, 0, run
};
