/* passes/spyre/lower_structured_pointers.c - the `lower-structured-pointers`
 * pass: the loads and stores of ordinary (pointer-style) Triton kernels
 * become ktdp memory views, access tiles, ktdp.load and ktdp.store, so the
 * Spyre pipeline takes the kernels users already have, not only kernels
 * written with tensor descriptors.
 *
 * When the module loads or stores through tensors of pointers or block
 * pointers, the pass first runs `ptr-analysis`, which describes every such
 * access as triton-shared's structured pointer: a base pointer and, per
 * dimension d, a block size n_d, an offset o_d and a stride s_d (element i
 * is at base + sum o_d + sum i_d * s_d, in elements), with a wrap-around
 * modulus m_d where the kernel wrote `% M`, the tensor's shape where it is
 * a block pointer, and the mask as a prefix bound b_d per dimension (a
 * pointer tensor checked as stock Triton rewrites a block pointer's
 * boundary_check, 0 <= X_d < B_d on every dimension, is that block pointer
 * again).  Each
 * tts.load / tts.store then becomes
 *
 *   plain dims only     ktdp.construct_memory_view at base + sum o_d,
 *                       sizes [n_d], strides [s_d]; an access tile of the
 *                       block at [0, ..]; ktdp.load / ktdp.store
 *   masked dim d        o_d = c * s_d + r_d exactly (split_offset: c =
 *                       o_d / s_d when o_d is x * s_d, else floordiv by
 *                       max(s_d, 1), 0 for a stride <= 0, kept >= 0); the
 *                       view starts at base + r_d (the tensor's origin along
 *                       d when r_d is 0), the tile at c, and the view's
 *                       extent along d is c + b_d (its coordinate set
 *                       bounds d by a symbol);
 *                       the view is the only partition of a
 *                       ktdp.construct_distributed_memory_view, whose
 *                       coordinate domain is the union of its partitions'
 *                       sets, so the tile's coordinates past the bound are
 *                       outside the tensor: a load does not read them, a
 *                       store does not write them.  When b_d may be 0 (a
 *                       dynamic bound: a program whose block lies past the
 *                       end n), c + b_d = c would claim the coordinates
 *                       [n, c) the tensor does not hold, so a store is
 *                       inside scf.if b_d > 0 and a load's tile starts at
 *                       c * k, k = min(b_d, 1), in a view of extent
 *                       c * k + max(b_d, min(c, 1)): the block itself when
 *                       it holds elements, else the tensor's first element
 *                       alone (ktir-cpu rejects an access that no partition
 *                       covers and runs no scf.if with results, so an
 *                       empty load still reads one element, unused)
 *   wrapped dim d       (offset mod m_d): the view along d has extent
 *                       M = m_d / s_d and the tile starts at q mod M for
 *                       o_d = q * s_d + r (0 <= r < s_d, r added to the
 *                       base; s_d must be known to divide m_d, and o_d too
 *                       when s_d is dynamic); the distributed view has
 *                       partitions over the same memory, coordinates
 *                       [0, M), [M, 2M), .., so the rows of a block that
 *                       run past M read rows 0, 1, .. again: two for a
 *                       dynamic M, (M - 1 + n_d - 1) / M + 1 for a static
 *                       one (two wrapped dims: the products, at most 16)
 *   block pointer       the view has the tensor's shape and the tile starts
 *                       at o_d / s_d (o_d known to be a multiple of s_d, as
 *                       ptr-analysis scales it); the shape bounds every dimension, as
 *                       the load's boundaryCheck does
 *
 * A load with `other` selects it where the mask (or the block pointer's
 * bounds) excludes an element: the bounds compared with a range (a
 * constant of at most 100 elements, else row * b + column of two short
 * ones, as ktir-cpu does not read the hexadecimal form of long constants),
 * broadcast to the block (arith.cmpi, tt.expand_dims, tt.broadcast,
 * arith.andi, arith.select; lower-compute-ops lowers the
 * views afterwards).  The base pointer is a function argument plus scalar
 * tt.addptr offsets, cast to index like the descriptor lowering does.  A
 * scalar tt.store becomes a one-element view, tile and ktdp.store of
 * tensor.splat of the value.  Then the pointer values left (splats,
 * tt.addptr, loop-carried pointer tensors such as the K loop's of a
 * matmul) are dropped from the loops and erased, and each tt.make_range
 * still used (a mask the kernel computes itself) becomes such a range.
 *
 * A gather or scatter (offsets loaded from memory, which ptr-analysis
 * gives as tts.make_gather_scatter_tptr) becomes a
 * ktdp.construct_indirect_access_tile whose indices are read from the view
 * of the index load, its masks bounding the variable space (see "gathers
 * and scatters" below).
 *
 * What KTIR cannot express is an error at the op, naming the construct:
 * a gather or scatter whose offsets are not a load's result (computed from
 * loaded values, a function argument) or come through the `other` of a
 * load along a dim the gather does not mask, a mask that is not a prefix,
 * an access ptr-analysis cannot describe, a
 * wrapped dimension that is also masked, a wrapped dimension whose modulus
 * (or, for a dynamic stride, offset) is not known to divide by its stride,
 * a block pointer whose offset is not known to be a multiple of its stride, a base pointer that is not an
 * argument plus offsets, a masked scalar store, and any pointer value that
 * is still used afterwards, and a static modulus that would need more than
 * 16 partitions.  A block longer than a dynamic modulus M (n_d > M) wraps
 * more than once; its rows past 2M are outside both partitions (not read,
 * not written).  A module without pointer-style
 * accesses is left exactly as it is. */
#include <stdlib.h>
#include <string.h>

#include "ktdp_build.h"

#define MAXR 8

extern const Pass pass_dce;
bool ptr_analysis_spyre(Ctx *c, Op *m, Diag *d);   /* passes/cpu/ptr_analysis.c */

/* an index quantity: a constant (v == NULL) or an index value */
typedef struct Q { Value *v; int64_t c; } Q;

static bool ptr_tensor(const Type *t) { return t && type_is_shaped(t) && t->sh.elem->kind == T_PTR; }
static bool ptr_like(const Type *t) { return t && (t->kind == T_PTR || ptr_tensor(t)); }
static bool qk(Q q, int64_t c) { return !q.v && q.c == c; }

static Value *idx_const(Ctx *c, Op *at, int64_t v) {
    Type *i = type_index(c);
    return kb_place(c, at, const_new(c, attr_int(c, i, v), i, at->loc));
}
static Value *qval(Ctx *c, Op *at, Q q) { return q.v ? q.v : idx_const(c, at, q.c); }
static Value *ibin(Ctx *c, Op *at, const char *name, Value *x, Value *y) {
    Value *o[2] = { x, y };
    return kb_place(c, at, kb_op(c, at, name, x->type, 2, o));
}
/* arithmetic on quantities, folded when both are constants */
static Q qadd(Ctx *c, Op *at, Q a, Q b) {
    if (!a.v && !b.v) return (Q){ NULL, a.c + b.c };
    if (qk(a, 0)) return b;
    if (qk(b, 0)) return a;
    return (Q){ ibin(c, at, "arith.addi", qval(c, at, a), qval(c, at, b)), 0 };
}
/* a / s for an a the kernel scaled by s: x when a is `muli x, s` */
static Q qdiv(Ctx *c, Op *at, Q a, Q s) {
    if (qk(s, 1)) return a;
    if (!a.v && !s.v && s.c && a.c % s.c == 0) return (Q){ NULL, a.c / s.c };
    if (a.v && a.v->def && op_is(a.v->def, OP_arith_muli) && s.v) {
        Op *m = a.v->def;
        if (op_operand(m, 1) == s.v) return (Q){ op_operand(m, 0), 0 };
        if (op_operand(m, 0) == s.v) return (Q){ op_operand(m, 1), 0 };
    }
    /* exact, so floordivsi is divsi (and ktir-cpu keeps it a plain integer) */
    return (Q){ ibin(c, at, "arith.floordivsi", qval(c, at, a), qval(c, at, s)), 0 };
}
/* v is a multiple of s (s a value, or the constant sc when s is NULL) for
 * every run: s itself, 0, a constant multiple of a constant s, a product
 * one of whose factors is, a sum or difference of such; a syntactic proof,
 * so a false answer only means "not known" */
static bool multiple_of(Value *v, Value *s, int64_t sc, int depth) {
    if (depth > 32 || !v) return false;
    if (s && v == s) return true;
    Attr *k = value_const(v);
    if (k && k->kind == A_INT) return k->i == 0 || (!s && sc && k->i % sc == 0);
    Op *d = v->def;
    if (!d || d->verbatim || d->nopnds != 2) return false;
    if (op_is(d, OP_arith_muli))
        return multiple_of(op_operand(d, 0), s, sc, depth + 1) || multiple_of(op_operand(d, 1), s, sc, depth + 1);
    if (op_is(d, OP_arith_addi) || op_is(d, OP_arith_subi))
        return multiple_of(op_operand(d, 0), s, sc, depth + 1) && multiple_of(op_operand(d, 1), s, sc, depth + 1);
    return false;
}
static bool q_multiple(Q a, Q s) {
    if (!s.v && (s.c == 1 || s.c == -1)) return true;
    if (!a.v) return a.c == 0 || (!s.v && s.c && a.c % s.c == 0);
    return s.v ? multiple_of(a.v, s.v, 0, 0) : s.c != 0 && multiple_of(a.v, NULL, s.c, 0);
}

/* v >= 0 for every run: non-negative constants, program ids (tile ids),
 * and sums, products, quotients, minima and maxima of such (a syntactic
 * proof; false means "not known") */
static bool nonneg(Value *v, int depth) {
    if (depth > 32 || !v) return false;
    Attr *k = value_const(v);
    if (k && k->kind == A_INT) return k->i >= 0;
    Op *d = v->def;
    if (!d) {
        /* the induction variable of an scf.for from a lower bound >= 0 up
         * by a step >= 0 */
        Block *b = value_argblock(v);
        Op *l = b && b->region ? b->region->op : NULL;
        if (!l || l->verbatim || !op_is(l, OP_scf_for) || l->nopnds < 3 || b->nargs < 1 || b->args[0] != v) return false;
        return nonneg(op_operand(l, 0), depth + 1) && nonneg(op_operand(l, 2), depth + 1);
    }
    if (d->verbatim) return false;
    if (op_is(d, OP_ktdp_get_compute_tile_id) || op_is(d, OP_tt_get_program_id) || op_is(d, OP_tt_get_num_programs)) return true;
    if (op_is(d, OP_arith_index_cast) || op_is(d, OP_arith_extsi) || op_is(d, OP_arith_extui))
        return d->nopnds == 1 && nonneg(op_operand(d, 0), depth + 1);
    if (d->nopnds != 2) return false;
    bool a = nonneg(op_operand(d, 0), depth + 1);
    if (op_is(d, OP_arith_maxsi)) return a || nonneg(op_operand(d, 1), depth + 1);
    if (op_is(d, OP_arith_addi) || op_is(d, OP_arith_muli) || op_is(d, OP_arith_minsi) || op_is(d, OP_arith_divsi) ||
        op_is(d, OP_arith_floordivsi) || op_is(d, OP_arith_ceildivsi))
        return a && nonneg(op_operand(d, 1), depth + 1);
    return false;
}

/* an offset o along a dim of stride s as a tile coordinate q and a rest r
 * added to the view's base address: o = q * s + r exactly, for any o and
 * s, as r is computed from the q chosen (element i of the dim is then at
 * base + r + (q + i) * s = base + o + i * s).  q is o / s when o is known
 * to be a multiple of s without dividing by a dynamic s (o = x * s: q = x,
 * r = 0), else floordiv(o, max(s, 1)), 0 when a dynamic s is <= 0 (no
 * division by a zero or negative stride: r takes up the difference), and it is
 * kept >= 0 (max(q, 0)) unless o is known to be: a tile coordinate below 0
 * lies outside the view's coordinate set, where a load reads nothing.  A
 * static stride <= 0 gives q = 0, r = o.  This is what keeps an offset
 * that is not a multiple of the stride (a column read x[i * 10 + 3], a
 * uniform advance of a loop-carried pointer that ptr-analysis adds to
 * another dim's offset) exact: floordiv alone would drop the remainder. */
static void split_offset(Ctx *c, Op *at, Q o, Q s, Q *q, Q *r) {
    if (qk(o, 0)) {
        *q = *r = (Q){ NULL, 0 }; return;
    } else if (qk(s, 1)) {
        if (!o.v || nonneg(o.v, 0)) { *q = o; *r = (Q){ NULL, 0 }; return; }
    } else if (!s.v && s.c <= 0) {
        *q = (Q){ NULL, 0 }; *r = o; return;
    } else if (!o.v && !s.v) {
        int64_t fq = o.c / s.c - (o.c % s.c < 0);
        if (fq < 0) fq = 0;
        *q = (Q){ NULL, fq }; *r = (Q){ NULL, o.c - fq * s.c }; return;
    } else if (q_multiple(o, s) && (!s.v || (o.v->def && op_is(o.v->def, OP_arith_muli) &&
                                           (op_operand(o.v->def, 0) == s.v || op_operand(o.v->def, 1) == s.v)))) {
        /* exact without a division by a dynamic s (o = x * s, or s a
         * constant > 0): r = 0 */
        *q = qdiv(c, at, o, s);
        if (!q->v || nonneg(q->v, 0)) { *r = (Q){ NULL, 0 }; return; }
        *q = (Q){ ibin(c, at, "arith.maxsi", q->v, idx_const(c, at, 0)), 0 };
        *r = (Q){ ibin(c, at, "arith.subi", qval(c, at, o), ibin(c, at, "arith.muli", q->v, qval(c, at, s))), 0 };
        return;
    }
    Value *ov = qval(c, at, o), *sv = qval(c, at, s);
    Value *dv = s.v ? ibin(c, at, "arith.maxsi", sv, idx_const(c, at, 1)) : sv;
    Value *qv = qk(s, 1) ? ov : ibin(c, at, "arith.floordivsi", ov, dv);
    /* a dynamic s <= 0: q = 0 (times min(max(s, 0), 1)), r = o, so the
     * view's coordinate 0 is the block's first element (an empty load
     * reads it, unused) rather than an address r far from the block */
    if (s.v) qv = ibin(c, at, "arith.muli", qv, ibin(c, at, "arith.minsi", ibin(c, at, "arith.maxsi", sv, idx_const(c, at, 0)), idx_const(c, at, 1)));
    if (!o.v || !nonneg(o.v, 0)) qv = ibin(c, at, "arith.maxsi", qv, idx_const(c, at, 0));
    *q = (Q){ qv, 0 };
    *r = (Q){ ibin(c, at, "arith.subi", ov, qk(s, 1) ? qv : ibin(c, at, "arith.muli", qv, sv)), 0 };
}

/* a mod m in [0, m): a - floordiv(a, m) * m (remsi for the a >= 0 that
 * address the tensor; ktir-cpu's remsi gives an array, not an index) */
static Q qrem(Ctx *c, Op *at, Q a, Q m) {
    if (!a.v && !m.v && m.c) return (Q){ NULL, ((a.c % m.c) + m.c) % m.c };
    Value *av = qval(c, at, a), *mv = qval(c, at, m);
    Value *q = ibin(c, at, "arith.floordivsi", av, mv);
    return (Q){ ibin(c, at, "arith.subi", av, ibin(c, at, "arith.muli", q, mv)), 0 };
}

/* a mixed static/dynamic list of a tts op: the static entries of prop
 * `name`, the dynamic ones (INT64_MIN) the next operands from *next */
static int mixed(Op *op, const char *name, Q *out, int *next) {
    Attr *a = op_attr(op, name);
    if (!a || a->kind != A_DENSE_ARRAY || (a->darr.n && !a->darr.i) || a->darr.n > MAXR) return -1;
    for (int i = 0; i < a->darr.n; i++) {
        if (a->darr.i[i] == INT64_MIN) {
            if (*next >= op->nopnds) return -1;
            out[i] = (Q){ op_operand(op, (*next)++), 0 };
        } else out[i] = (Q){ NULL, a->darr.i[i] };
    }
    return a->darr.n;
}

/* a structured pointer, read back from tts.make_tptr */
typedef struct TP {
    Value *base;
    int rank;
    int64_t sizes[MAXR];
    Q str[MAXR], off[MAXR], shp[MAXR];
    bool block;                 /* a block pointer: shp is the tensor's shape */
} TP;

static bool read_tptr(Op *op, TP *t) {
    memset(t, 0, sizeof *t);
    if (!op_is(op, OP_tts_make_tptr) || op->nopnds < 1) return false;
    t->base = op_operand(op, 0);
    int next = 1;
    int64_t sz[MAXR];
    int n = op_attr_ints(op, "sizes", sz, MAXR);
    if (n < 1 || n > MAXR) return false;
    t->rank = n;
    memcpy(t->sizes, sz, sizeof sz);
    if (mixed(op, "static_strides", t->str, &next) != n || mixed(op, "static_offsets", t->off, &next) != n ||
        mixed(op, "static_shape", t->shp, &next) != n || next != op->nopnds) return false;
    Attr *ord = op_attr(op, "order");
    t->block = ord && ord->kind == A_DENSE_ARRAY && ord->darr.n > 0;
    return true;
}

/* the index address of a scalar pointer: a function argument plus the
 * offsets of its tt.addptr chain, root first; NULL for anything else */
static Value *ptr_address(Ctx *c, Op *at, Value *p) {
    Value *offs[64];
    int n = 0;
    while (p->def && !p->def->verbatim && op_is(p->def, OP_tt_addptr) && p->def->nopnds == 2 && n < 64 &&
           op_operand(p->def, 0)->type && op_operand(p->def, 0)->type->kind == T_PTR) {
        offs[n++] = op_operand(p->def, 1);
        p = op_operand(p->def, 0);
    }
    if (p->def || !value_argblock(p) || !value_argblock(p)->region || !value_argblock(p)->region->op ||
        !(op_is(value_argblock(p)->region->op, OP_tt_func) || op_is(value_argblock(p)->region->op, OP_func_func)))
        return NULL;
    Value *addr = kb_cast(c, at, p, type_index(c));
    for (int i = n - 1; i >= 0; i--) addr = ibin(c, at, "arith.addi", addr, kb_index(c, at, offs[i]));
    return addr;
}

typedef enum { D_PLAIN, D_MASKED, D_WRAP, D_BLOCK } DimKind;

/* the bounds of one partition along a dim: [lo, hi) over the symbols; along
 * a wrapped dim, copy j of the tensor's M rows: [j M, (j + 1) M) */
static void dim_cons(Ctx *c, AExpr **cons, int d, DimKind k, Q ext, int copy, int *ns) {
    AExpr *x = ae_dim(c, d);
    AExpr *e = ext.v ? ae_sym(c, (*ns)++) : ae_const(c, ext.c);
    if (k == D_WRAP && copy) {
        cons[0] = ae_sub(c, x, ae_mul(c, e, ae_const(c, copy)));                          /* d - j M >= 0 */
        cons[1] = ae_add(c, ae_sub(c, ae_mul(c, e, ae_const(c, copy + 1)), x), ae_const(c, -1));  /* (j + 1) M - 1 - d >= 0 */
    } else {
        cons[0] = x;
        cons[1] = ae_add(c, ae_sub(c, e, x), ae_const(c, -1));
    }
}

/* a load along a masked dim whose dynamic bound b may be 0 (a program
 * whose block lies past the end): the view [0, o + b) would then claim
 * the coordinates [n, o) past the tensor's end n <= o, and ktir-cpu
 * rejects an access that no partition covers, so the access is kept
 * inside the tensor: with k = min(b, 1) (1 for a block that holds
 * elements, else 0) the tile starts at o * k and the view's extent is
 * o * k + max(b, min(o, 1)), that is [o, o + b) as before when b > 0 and
 * the tensor's first element alone (nothing when o is 0 too) when b is 0;
 * the element it reads there is not used (the store is skipped, `other`
 * replaces it); along a stride <= 0 (offset all in the base) it is the
 * block's first element alone */
static void load_empty_block(Ctx *c, Op *op, Value *b, Q stride, Q *coord, Q *ext) {
    Value *one = idx_const(c, op, 1), *o = qval(c, op, *coord);
    Value *k = ibin(c, op, "arith.minsi", b, one);
    Value *t = ibin(c, op, "arith.muli", o, k);
    Value *first = ibin(c, op, "arith.minsi", o, one);
    /* a stride <= 0 puts the whole offset in the base (split_offset): the
     * view's coordinate 0 is then the block's first element, read alone */
    if (stride.v) first = ibin(c, op, "arith.maxsi", first, ibin(c, op, "arith.subi", one,
                               ibin(c, op, "arith.minsi", ibin(c, op, "arith.maxsi", stride.v, idx_const(c, op, 0)), one)));
    else if (stride.c <= 0) first = one;
    *coord = (Q){ t, 0 };
    *ext = (Q){ ibin(c, op, "arith.addi", t, ibin(c, op, "arith.maxsi", b, first)), 0 };
}

static Value *tt_op(Ctx *c, Op *at, const char *name, Type *rt, int n, Value *const *o) {
    return kb_place(c, at, kb_op(c, at, name, rt, n, o));
}
static Value *dense_range(Ctx *c, Op *at, int64_t start, int64_t n, Type *et) {
    Attr **el = malloc(sizeof(Attr *) * (size_t)n);
    for (int64_t i = 0; i < n; i++) el[i] = attr_int(c, et, start + i);
    Type *t = type_tensor(c, 1, &n, et);
    Value *v = kb_place(c, at, const_new(c, attr_dense(c, t, (int)n, el), t, at->loc));
    free(el);
    return v;
}
static Value *expand(Ctx *c, Op *at, Value *v, int axis) {
    Type *t = v->type;
    int64_t d[MAXR + 1];
    int r = t->sh.rank, k = 0;
    for (int i = 0; i <= r; i++) d[i] = i == axis ? 1 : t->sh.dims[k++];
    Op *ex = kb_op(c, at, "tt.expand_dims", type_tensor(c, r + 1, d, t->sh.elem), 1, &v);
    op_set_attr(c, ex, "axis", attr_int(c, type_int(c, 32, SIGNLESS), axis));
    return kb_place(c, at, ex);
}

/* the range start, start + 1, .. of n elements of type et (i32): a constant
 * of at most 100 elements, which prints as a list (larger ones print as
 * hexadecimal data, which ktir-cpu does not read); a longer range is
 * a * b elements (a, b <= 100, b the divisor nearest sqrt(n) from below)
 * computed as row * b + column over a broadcast a x b tensor and reshaped */
static Value *range_of(Ctx *c, Op *at, int64_t start, int64_t n, Type *et) {
    int64_t a = 0;
    /* the factor b nearest sqrt(n) from below */
    if (n > 100)
        for (int64_t k = 1; k * k <= n; k++) if (n % k == 0 && n / k <= 100) a = n / k;
    if (!a) return dense_range(c, at, start, n, et);
    int64_t b = n / a, ab[2] = { a, b };
    Type *t2 = type_tensor(c, 2, ab, et);
    Value *rows = expand(c, at, dense_range(c, at, 0, a, et), 1);
    Value *cols = expand(c, at, dense_range(c, at, start, b, et), 0);
    rows = tt_op(c, at, "tt.broadcast", t2, 1, &rows);
    cols = tt_op(c, at, "tt.broadcast", t2, 1, &cols);
    Attr *bk = attr_int(c, et, b);
    Value *bs = kb_place(c, at, const_new(c, attr_dense(c, t2, 1, &bk), t2, at->loc));
    Value *o[2] = { rows, bs };
    Value *m = tt_op(c, at, "arith.muli", t2, 2, o);
    Value *o2[2] = { m, cols };
    Value *sum = tt_op(c, at, "arith.addi", t2, 2, o2);
    return tt_op(c, at, "tt.reshape", type_tensor(c, 1, &n, et), 1, &sum);
}

/* the i1 tensor of a block's elements that lie in [lo_d, hi_d) along each
 * bounded dim (relative to the block's first element): a range compared
 * with the bounds, given the block's rank (tt.expand_dims) and shape
 * (tt.broadcast), the dims combined with arith.andi */
static Value *bounds_mask(Ctx *c, Op *at, int rank, const int64_t *sizes, const bool *bnd, const Q *lo, const Q *hi) {
    Type *i32 = type_int(c, 32, SIGNLESS), *i1 = type_int(c, 1, SIGNLESS);
    Value *all = NULL;
    for (int d = 0; d < rank; d++) {
        if (!bnd[d]) continue;
        int64_t n = sizes[d];
        Type *vt = type_tensor(c, 1, &n, i32), *mt = type_tensor(c, 1, &n, i1);
        Value *iota = range_of(c, at, 0, n, i32);
        Value *m = NULL;
        for (int side = 0; side < 2; side++) {
            Q q = side ? hi[d] : lo[d];
            if (!side && qk(q, 0)) continue;
            Value *b = qval(c, at, q);
            Value *b32 = tt_op(c, at, "arith.index_cast", i32, 1, &b);
            Value *sp = tt_op(c, at, "tt.splat", vt, 1, &b32);
            Value *o[2] = { iota, sp };
            Op *cmp = kb_op(c, at, "arith.cmpi", mt, 2, o);
            op_set_prop(c, cmp, "predicate", attr_int(c, type_int(c, 64, SIGNLESS), side ? 2 : 5));  /* slt, sge */
            Value *r = kb_place(c, at, cmp);
            m = m ? ibin(c, at, "arith.andi", m, r) : r;
        }
        /* a unit dim for every other axis, then the block's shape */
        for (int k = 0; k < rank; k++) if (k != d) m = expand(c, at, m, k);
        if (rank > 1) m = tt_op(c, at, "tt.broadcast", type_tensor(c, rank, sizes, i1), 1, &m);
        all = all ? ibin(c, at, "arith.andi", all, m) : m;
    }
    return all;
}

typedef struct Ctl { Ctx *c; Diag *d; bool ok; } Ctl;

static void fail(Ctl *k, Op *op, const char *msg) {
    /* a tts access is named as the kernel wrote it */
    const char *name = op_is(op, OP_tts_load) ? "tt.load" : op_is(op, OP_tts_store) ? "tt.store" : op->info->name;
    diag_error(k->d, op->loc, "'%s': %s", name, msg);
    k->ok = false;
}

/* the mask of a tts.load / tts.store of rank R over a block of `sizes`:
 * bound[d] and masked[d] per dim, and a load's `other` (NULL if none) */
static bool access_mask(Ctl *k, Op *op, int R, const int64_t *sizes, Q *bound, bool *masked, Value **other) {
    bool st = op_is(op, OP_tts_store);
    int next = st ? 2 : 1;
    Attr *sm = op_attr(op, "static_mask_dims");
    int nm = sm && sm->kind == A_DENSE_ARRAY ? sm->darr.n : 0;
    if (nm && nm != R) { fail(k, op, "the mask's rank differs from the pointer's"); return false; }
    if (nm && mixed(op, "static_mask_dims", bound, &next) != R) { fail(k, op, "malformed mask dims"); return false; }
    for (int d = 0; d < R; d++) masked[d] = d < nm && !qk(bound[d], sizes[d]);
    *other = !st && next < op->nopnds ? op_operand(op, next) : NULL;
    return true;
}

/* ---- gathers and scatters ------------------------------------------------

 * tts.make_gather_scatter_tptr: along its gather dim g the offset of index
 * i is gv[i] * s_g, where gv is a 1-D integer tensor; the other dims are
 * strided.  KTIR reads the indices of an indirect tile from a memory view,
 * so gv must be the result of a load this pass has lowered (through integer
 * extensions and index casts; through the `other` of a masked load only when
 * the gather masks its dim g too, as the same lanes are then excluded): its
 * access tile gives the index view and the anchor c.  The access becomes
 *
 *   ktdp.construct_memory_view at base + sum o_d, strides [s_d], sizes
 *       [n_d] with GATHER_EXTENT along g (the indices address the buffer)
 *   ktdp.construct_indirect_access_tile intermediate_variables(v..)
 *       view[.., ind(idx_view[c + v_g]), .., (v_d), ..] symbols(b..)
 *       with the variable space v_d in [0, n_d), or [0, b_d) where the mask
 *       bounds dim d (b_d a symbol when it is dynamic)
 *   ktdp.load (with `other` selected where the mask excludes an element,
 *       as for direct tiles) or ktdp.store
 *
 * so a masked lane is not a point of the variable space: a load does not
 * read it, a store does not write it. */
#define GATHER_EXTENT (INT64_C(1) << 30)

/* the access tile of the lowered load whose result gv is (through integer
 * extensions and index casts, and through the select of a load's `other`,
 * reported by *through_other) of n elements; NULL if gv is not such a load */
static Op *index_source(Value *gv, int64_t n, bool *through_other) {
    *through_other = false;
    for (int depth = 0; depth < 32 && gv->def && !gv->def->verbatim; depth++) {
        Op *d = gv->def;
        if (op_is(d, OP_arith_extsi) || op_is(d, OP_arith_extui) || op_is(d, OP_arith_index_cast)) { gv = op_operand(d, 0); continue; }
        if (op_is(d, OP_arith_select) && d->nopnds == 3) { *through_other = true; gv = op_operand(d, 1); continue; }
        Type *lt = d->nres == 1 ? d->res[0].type : NULL;
        if (!op_is(d, OP_ktdp_load) || d->nopnds != 1 || !lt || lt->kind != T_TENSOR || lt->sh.rank != 1 || lt->sh.dims[0] != n) return NULL;
        Op *t = op_operand(d, 0)->def;
        if (!t || t->verbatim || !op_is(t, OP_ktdp_construct_access_tile) || t->nopnds != 2) return NULL;
        Type *vt = op_operand(t, 0)->type;
        if (!vt || vt->kind != T_MEMREF || vt->sh.rank != 1) return NULL;
        return t;
    }
    return NULL;
}

static void lower_gather(Ctl *k, Op *op, Op *gs) {
    Ctx *c = k->c;
    bool st = op_is(op, OP_tts_store);
    const char *what = st ? "a scatter" : "a gather";
    int64_t sizes[MAXR];
    int R = op_attr_ints(gs, "sizes", sizes, MAXR);
    int64_t g = -1;
    Attr *seg = op_attr(gs, "operandSegmentSizes");
    Q str[MAXR], off[MAXR];
    int next = 2;
    if (R < 1 || R > MAXR || !op_attr_int(gs, "gather_scatter_dim", &g) || g < 0 || g >= R || !seg || seg->kind != A_DENSE_ARRAY ||
        seg->darr.n != 5 || !seg->darr.i || gs->nopnds < 2 || mixed(gs, "static_strides", str, &next) != R ||
        mixed(gs, "static_offsets", off, &next) != R || next + seg->darr.i[4] != gs->nopnds) {
        fail(k, op, "the structured pointer is not a tts.make_gather_scatter_tptr this pass can read");
        return;
    }
    if (seg->darr.i[4]) {
        diag_error(k->d, op->loc, "'%s': a %s through a tensor of pointers whose mask is not a prefix (an arbitrary i1 tensor along one dimension) is not lowered to KTIR: a KTIR tile bounds its coordinates by prefixes only",
                   st ? "tt.store" : "tt.load", st ? "store" : "load");
        k->ok = false;
        return;
    }
    Q bound[MAXR];
    bool masked[MAXR] = { false };
    Value *other;
    if (!access_mask(k, op, R, sizes, bound, masked, &other)) return;
    bool through_other;
    Op *it = index_source(op_operand(gs, 1), sizes[g], &through_other);
    if (!it) {
        diag_error(k->d, op->loc, "'%s': %s whose offsets are not the result of a tt.load (computed from loaded values, say) is not lowered to KTIR: an indirect tile reads its indices from a memory view",
                   st ? "tt.store" : "tt.load", what);
        k->ok = false;
        return;
    }
    if (through_other && !masked[g]) {
        diag_error(k->d, op->loc, "'%s': %s whose offsets come from a masked tt.load with `other`, along a dimension the %s does not mask, is not lowered to KTIR: the indirect tile would not read the `other` lanes",
                   st ? "tt.store" : "tt.load", what, st ? "store" : "load");
        k->ok = false;
        return;
    }
    Value *base = ptr_address(c, op, op_operand(gs, 0));
    if (!base) {
        fail(k, op, "the base pointer is not a function argument plus tt.addptr offsets (a pointer loaded from memory, carried by a loop or made by tt.int_to_ptr), which a KTIR memory view cannot address");
        return;
    }
    for (int d = 0; d < R; d++) base = qval(c, op, qadd(c, op, (Q){ base, 0 }, off[d]));
    Type *elem = st ? type_elem(op_operand(op, 1)->type) : type_elem(op->res[0].type);
    int64_t vsz[MAXR], vst[MAXR];
    Value *dst[MAXR];
    int ndt = 0;
    for (int d = 0; d < R; d++) {
        vsz[d] = d == g ? GATHER_EXTENT : sizes[d];
        if (str[d].v) { vst[d] = KB_DYN; dst[ndt++] = str[d].v; } else vst[d] = str[d].c;
    }
    Value *view = kb_memory_view(c, op, base, R, vsz, NULL, vst, dst, elem);
    /* operands: view, index view, the anchor (captured), the dynamic bounds (symbols) */
    Value *opnds[3 + MAXR];
    int n = 0, ns = 0;
    opnds[n++] = view;
    opnds[n++] = op_operand(it, 0);
    opnds[n++] = op_operand(it, 1);
    AExpr *cons[2 * MAXR], *res;
    bool eq[2 * MAXR] = { false };
    Attr *kinds[MAXR], *maps[MAXR];
    for (int d = 0; d < R; d++) {
        AExpr *v = ae_dim(c, 1 + d), *hi;
        if (masked[d] && bound[d].v) { hi = ae_sym(c, ns++); opnds[n++] = bound[d].v; }
        else hi = ae_const(c, masked[d] ? bound[d].c : sizes[d]);
        cons[2 * d] = ae_dim(c, d);
        cons[2 * d + 1] = ae_add(c, ae_sub(c, hi, ae_dim(c, d)), ae_const(c, -1));
        res = d == g ? ae_add(c, ae_dim(c, 0), v) : v;
        kinds[d] = attr_bool(c, d == g);
        maps[d] = attr_map(c, 1 + R, 0, 1, &res);
    }
    Value *tile = kb_indirect_tile(c, op, R, sizes, opnds, 1, 1, ns, R, kinds, maps, attr_set(c, R, ns, 2 * R, cons, eq));
    if (st) {
        kb_store(c, op, op_operand(op, 1), tile);
        op_erase(op);
        return;
    }
    Type *rt = op->res[0].type;
    Value *v = kb_load(c, op, tile, rt);
    bool any = false;
    for (int d = 0; d < R; d++) any |= masked[d];
    if (other && any) {
        Q lo[MAXR];
        for (int d = 0; d < R; d++) lo[d] = (Q){ NULL, 0 };
        Value *sel[3] = { bounds_mask(c, op, R, sizes, masked, lo, bound), v, tt_op(c, op, "tt.splat", rt, 1, &other) };
        v = tt_op(c, op, "arith.select", rt, 3, sel);
    }
    value_replace_all_uses(&op->res[0], v);
    op_erase(op);
}

/* one tts.load or tts.store */
static void lower_access(Ctl *k, Op *op) {
    Ctx *c = k->c;
    bool st = op_is(op, OP_tts_store);
    Value *tp = op_operand(op, 0);
    if (tp->def && op_is(tp->def, OP_tts_make_gather_scatter_tptr)) { lower_gather(k, op, tp->def); return; }
    TP t;
    if (!tp->def || !read_tptr(tp->def, &t)) { fail(k, op, "the structured pointer is not a tts.make_tptr this pass can read"); return; }
    int R = t.rank;
    /* the mask: static_mask_dims, dynamic entries from the operands */
    Q bound[MAXR];
    bool masked[MAXR] = { false };
    Value *other;
    if (!access_mask(k, op, R, t.sizes, bound, masked, &other)) return;

    Value *base = ptr_address(c, op, t.base);
    if (!base) {
        fail(k, op, "the base pointer is not a function argument plus tt.addptr offsets (a pointer loaded from memory, carried by a loop or made by tt.int_to_ptr), which a KTIR memory view cannot address");
        return;
    }
    DimKind kind[MAXR];
    Q ext[MAXR], coord[MAXR], lo[MAXR], hi[MAXR];
    bool bnd[MAXR] = { false };
    int nwrap = 0, wrapdim[MAXR];
    bool dist = false;
    for (int d = 0; d < R; d++) {
        lo[d] = (Q){ NULL, 0 };
        if (t.block) {
            kind[d] = D_BLOCK;
            ext[d] = t.shp[d];
            /* ptr-analysis scales a block pointer's offsets by the strides,
             * so the element offset is o / s exactly; what cannot be shown
             * to divide (a stride of 0) is refused, not rounded */
            if (qk(t.str[d], 0) || !q_multiple(t.off[d], t.str[d])) {
                fail(k, op, "a block pointer whose offset along a dimension is not known to be a multiple of its stride (a stride of 0, say) is not lowered to KTIR: the tile's coordinate and its bounds check would be rounded");
                return;
            }
            coord[d] = qdiv(c, op, t.off[d], t.str[d]);
            /* element i is inside when 0 <= coord + i < shape */
            Value *neg[2] = { idx_const(c, op, 0), qval(c, op, coord[d]) };
            lo[d] = (Q){ ibin(c, op, "arith.subi", neg[0], neg[1]), 0 };
            hi[d] = (Q){ ibin(c, op, "arith.subi", qval(c, op, ext[d]), neg[1]), 0 };
            bnd[d] = true;
            dist = true;
            if (masked[d]) { fail(k, op, "a block pointer access with a mask is not lowered to KTIR"); return; }
        } else if (!qk(t.shp[d], 0)) {
            if (masked[d]) {
                fail(k, op, "a wrap-around dimension (offsets taken % N) that is also masked is not lowered to KTIR: the tile's bound would not be a prefix of the wrapped coordinates");
                return;
            }
            /* the term is (o + i s) mod m: with s > 0 dividing m, o =
             * q s + r (0 <= r < s) and M = m / s it is ((q + i) mod M) s
             * + r, as (q + i) s mod m <= m - s; so the view has extent M,
             * the tile starts at q mod M and r goes to the base address.
             * A dividend below 0 (remsi's result then negative) would
             * address memory before the base pointer, outside the tensor.
             * What cannot be shown to divide is refused. */
            if ((!t.str[d].v && t.str[d].c <= 0) || (!t.shp[d].v && t.shp[d].c <= 0)) {
                fail(k, op, "a wrap-around dimension (offsets taken % N) whose stride or modulus is not positive is not lowered to KTIR");
                return;
            }
            if (!q_multiple(t.shp[d], t.str[d])) {
                fail(k, op, "a wrap-around dimension (offsets taken % N) whose modulus is not known to be a multiple of its stride is not lowered to KTIR: the wrapped rows would not be whole rows of the view");
                return;
            }
            Q wq, wr = { NULL, 0 };
            if (q_multiple(t.off[d], t.str[d])) wq = qdiv(c, op, t.off[d], t.str[d]);
            else if (!t.str[d].v) {
                Value *ov = qval(c, op, t.off[d]), *sv = qval(c, op, t.str[d]);
                if (!t.off[d].v) wq = (Q){ NULL, t.off[d].c / t.str[d].c - (t.off[d].c % t.str[d].c < 0) };
                else wq = (Q){ ibin(c, op, "arith.floordivsi", ov, sv), 0 };
                wr = wq.v ? (Q){ ibin(c, op, "arith.subi", ov, ibin(c, op, "arith.muli", wq.v, sv)), 0 }
                          : (Q){ NULL, t.off[d].c - wq.c * t.str[d].c };
            } else {
                fail(k, op, "a wrap-around dimension (offsets taken % N) whose offset is not known to be a multiple of its dynamic stride is not lowered to KTIR: the part of the offset below the stride would be lost");
                return;
            }
            kind[d] = D_WRAP;
            ext[d] = qdiv(c, op, t.shp[d], t.str[d]);
            coord[d] = qrem(c, op, wq, ext[d]);
            base = qval(c, op, qadd(c, op, (Q){ base, 0 }, wr));
            wrapdim[nwrap++] = d;
            dist = true;
        } else {
            kind[d] = masked[d] ? D_MASKED : D_PLAIN;
            if (masked[d]) {
                /* the view starts at the tensor's origin along d and ends
                 * where the mask does: the tile at o_d / s_d, the extent
                 * that plus b_d (so the domain is empty only when the
                 * tensor is) */
                Q rest;
                split_offset(c, op, t.off[d], t.str[d], &coord[d], &rest);
                base = qval(c, op, qadd(c, op, (Q){ base, 0 }, rest));
                ext[d] = qadd(c, op, coord[d], bound[d]);
                if (!st && bound[d].v) load_empty_block(c, op, bound[d].v, t.str[d], &coord[d], &ext[d]);
                bnd[d] = true;
                hi[d] = bound[d];
                dist = true;
            } else {
                ext[d] = (Q){ NULL, t.sizes[d] };
                coord[d] = (Q){ NULL, 0 };
                base = qval(c, op, qadd(c, op, (Q){ base, 0 }, t.off[d]));
            }
        }
    }
    if (nwrap > 2) { fail(k, op, "more than two wrap-around dimensions are not lowered to KTIR"); return; }
    /* copies of a wrapped dim's M rows that the block reaches from its start
     * in [0, M): (M - 1 + n - 1) / M + 1 for a static M, 2 for a dynamic one
     * (a block longer than M then reads rows past 2M as outside the view) */
    int copies[MAXR], np = 1;
    for (int w = 0; w < nwrap; w++) {
        int d = wrapdim[w];
        int64_t m = ext[d].c;
        copies[w] = ext[d].v || m <= 0 ? 2 : (int)((m - 1 + t.sizes[d] - 1) / m + 1);
        if (copies[w] < 2) copies[w] = 2;
        np *= copies[w];
    }
    if (np > 16) { fail(k, op, "a wrap-around dimension whose block spans more than 16 partitions (the block much longer than its modulus) is not lowered to KTIR"); return; }
    Type *elem = st ? type_elem(op_operand(op, 1)->type) : type_elem(op->res[0].type);
    /* the view's (or each partition's) sizes and strides */
    int64_t ssz[MAXR], sst[MAXR], vdims[MAXR];
    Value *dsz[MAXR], *dst[MAXR];
    int nds = 0, ndt = 0;
    for (int d = 0; d < R; d++) {
        if (ext[d].v) { ssz[d] = KB_DYN; dsz[nds++] = ext[d].v; } else ssz[d] = ext[d].c;
        if (t.str[d].v) { sst[d] = KB_DYN; dst[ndt++] = t.str[d].v; } else sst[d] = t.str[d].c;
        vdims[d] = ext[d].v || (kind[d] == D_WRAP) ? DYN : ext[d].c;
        for (int w = 0; w < nwrap; w++) if (wrapdim[w] == d && !ext[d].v) vdims[d] = copies[w] * ext[d].c;
    }
    /* a dynamic bound may be 0: a store is then skipped (scf.if b > 0); a
     * load's view and tile were moved to the tensor's first element above */
    Op *at = op;
    Type *rt = st ? NULL : op->res[0].type;
    Value *cond = NULL;
    for (int d = 0; st && d < R; d++) {
        if (kind[d] != D_MASKED || !bound[d].v) continue;
        Value *o[2] = { bound[d].v, idx_const(c, op, 0) };
        Op *cmp = kb_op(c, op, "arith.cmpi", type_int(c, 1, SIGNLESS), 2, o);
        op_set_prop(c, cmp, "predicate", attr_int(c, type_int(c, 64, SIGNLESS), 4));   /* sgt */
        Value *ne = kb_place(c, op, cmp);
        cond = cond ? ibin(c, op, "arith.andi", cond, ne) : ne;
    }
    if (cond) {
        Op *ifop = op_new(c, "scf.if", 0, NULL, 1, &cond, 2, op->loc);
        op_set_locattr(c, ifop, op_locattr(op));
        op_insert_before(op, ifop);
        Block *b = block_new(c);
        region_append_block(&ifop->regions[0], b);
        Op *y = op_new(c, "scf.yield", 0, NULL, 0, NULL, 0, op->loc);
        op_set_locattr(c, y, op_locattr(op));
        op_append(b, y);
        at = y;
    }
    Value *view;
    if (!dist) {
        view = kb_memory_view(c, at, base, R, ssz, dsz, sst, dst, elem);
    } else {
        Value *parts[16];
        for (int p = 0; p < np; p++) {
            Value *v = kb_memory_view(c, at, base, R, ssz, dsz, sst, dst, elem);
            AExpr *cons[2 * MAXR];
            bool eq[2 * MAXR] = { false };
            int ns = 0;
            for (int d = 0; d < R; d++) {
                int copy = 0, q = p;
                for (int w = 0; w < nwrap; w++) {
                    if (wrapdim[w] == d) copy = q % copies[w];
                    q /= copies[w];
                }
                dim_cons(c, cons + 2 * d, d, kind[d], ext[d], copy, &ns);
            }
            op_set_prop(c, v->def, "coordinate_set", attr_set(c, R, ns, 2 * R, cons, eq));
            parts[p] = v;
        }
        Type *gt = type_shaped(c, T_MEMREF, R, vdims, elem, NULL, NULL);
        view = kb_place(c, at, kb_op(c, at, "ktdp.construct_distributed_memory_view", gt, np, parts));
    }
    Value *ci[MAXR];
    for (int d = 0; d < R; d++) ci[d] = qval(c, at, coord[d]);
    Value *tile = kb_access_tile(c, at, view, R, ci, t.sizes);
    if (st) {
        kb_store(c, at, op_operand(op, 1), tile);
        op_erase(op);
        return;
    }
    Value *v = kb_load(c, at, tile, rt);
    bool any = false;
    for (int d = 0; d < R; d++) any |= bnd[d];
    if (other && any) {
        Value *sel[3] = { bounds_mask(c, at, R, t.sizes, bnd, lo, hi), v, tt_op(c, at, "tt.splat", rt, 1, &other) };
        v = tt_op(c, at, "arith.select", rt, 3, sel);
    }
    value_replace_all_uses(&op->res[0], v);
    op_erase(op);
}

/* a scalar tt.store: a one-element view, tile and store of tensor.splat */
static void lower_scalar_store(Ctl *k, Op *op) {
    Ctx *c = k->c;
    if (op->nopnds != 2) {
        fail(k, op, "a masked scalar store is not lowered to KTIR");
        return;
    }
    Value *addr = ptr_address(c, op, op_operand(op, 0));
    if (!addr) {
        fail(k, op, "the pointer is not a function argument plus tt.addptr offsets, which a KTIR memory view cannot address");
        return;
    }
    Value *val = op_operand(op, 1);
    const int64_t one[1] = { 1 };
    Value *c0 = idx_const(c, op, 0);
    Value *view = kb_memory_view(c, op, addr, 1, one, NULL, one, NULL, val->type);
    Value *tile = kb_access_tile(c, op, view, 1, &c0, one);
    Value *t = kb_place(c, op, kb_op(c, op, "tensor.splat", type_tensor(c, 1, one, val->type), 1, &val));
    kb_store(c, op, t, tile);
    op_erase(op);
}

typedef struct Scan { PtrVec acc, sst, loops, ranges; bool any; } Scan;

static bool scan(Op *op, void *ud) {
    Scan *s = ud;
    if (op->verbatim) return true;
    switch (op->info->id) {
    case OP_tt_load: case OP_tt_store:
        if (op->nopnds && op_operand(op, 0)->type) {
            Type *p = op_operand(op, 0)->type;
            if (ptr_tensor(p) || (p->kind == T_PTR && p->ptr.pointee && p->ptr.pointee->kind == T_TENSOR)) s->any = true;
            if (op_is(op, OP_tt_store) && p->kind == T_PTR && p->ptr.pointee && p->ptr.pointee->kind != T_TENSOR) {
                pv_push(&s->sst, op);
                s->any = true;
            }
        }
        break;
    case OP_tts_load: case OP_tts_store: pv_push(&s->acc, op); s->any = true; break;
    case OP_tt_make_range: pv_push(&s->ranges, op); s->any = true; break;
    case OP_tt_make_tensor_ptr: case OP_tts_make_tptr: case OP_tts_make_gather_scatter_tptr: s->any = true; break;
    case OP_scf_for: pv_push(&s->loops, op); break;
    default: break;
    }
    return true;
}

/* scf.for without its pointer iteration arguments: inside, each one is the
 * initial value (only dead pointer arithmetic uses it once the accesses are
 * rewritten); the loop's results are too */
static void drop_pointer_iter_args(Ctx *c, Op *op) {
    int n = op->nres;
    Region *body = &op->regions[0];
    if (op->verbatim || n < 1 || op->nopnds != 3 + n || !body->first || body->first != body->last ||
        body->first->nargs != 1 + n || !body->first->last || !op_is(body->first->last, OP_scf_yield) ||
        body->first->last->nopnds != n) return;
    bool keep[64];
    int nkeep = 0;
    if (n > 64) return;
    for (int i = 0; i < n; i++) { keep[i] = !ptr_like(op->res[i].type); nkeep += keep[i]; }
    if (nkeep == n) return;
    Block *b = body->first;
    Op *y = b->last;
    Type *rt[64];
    Value *ops[67];
    for (int i = 0; i < 3; i++) ops[i] = op_operand(op, i);
    for (int i = 0, j = 0; i < n; i++)
        if (keep[i]) { rt[j] = op->res[i].type; ops[3 + j] = op_operand(op, 3 + i); j++; }
    Op *nf = op_new(c, "scf.for", nkeep, rt, 3 + nkeep, ops, 1, op->loc);
    op_set_locattr(c, nf, op_locattr(op));
    for (int i = 0; i < op->nattrs; i++) op_set_attr(c, nf, op->attrs[i].name, op->attrs[i].value);
    for (int i = 0; i < op->nprops; i++) op_set_prop(c, nf, op_props(op)[i].name, op_props(op)[i].value);
    nf->has_props = op->has_props;
    op_insert_before(op, nf);
    block_unlink(b);
    region_append_block(&nf->regions[0], b);
    for (int i = n - 1; i >= 0; i--) {
        if (keep[i]) continue;
        op_remove_operand(y, i);
        value_replace_all_uses(b->args[1 + i], op_operand(op, 3 + i));
        block_erase_arg(b, 1 + i);
    }
    for (int i = 0, j = 0; i < n; i++) {
        Value *to = keep[i] ? &nf->res[j++] : op_operand(op, 3 + i);
        value_replace_all_uses(&op->res[i], to);
    }
    op_erase(op);
}

/* each tt.make_range still used (a mask the kernel computes itself)
 * becomes a range (range_of) */
static void lower_range(Ctx *c, Op *op) {
    int64_t s = 0, e = 0;
    Type *t = op->res[0].type;
    if (!op_attr_int(op, "start", &s) || !op_attr_int(op, "end", &e) || e <= s || !type_is_shaped(t) || t->sh.rank != 1) return;
    Value *v = range_of(c, op, s, e - s, type_elem(t));
    value_replace_all_uses(&op->res[0], v);
    op_erase(op);
}

/* what is left after the rewrite, reported in three rounds: unlowered
 * loads and stores; else ops that use a pointer tensor for something other
 * than pointer arithmetic; else any op that still makes one */
typedef struct Left { Ctl *k; int round; bool found; } Left;

static bool block_ptr(const Type *t) { return t && t->kind == T_PTR && t->ptr.pointee && t->ptr.pointee->kind == T_TENSOR; }
static bool plumbing(const Op *op) {
    switch (op->info->id) {
    case OP_tt_splat: case OP_tt_addptr: case OP_tt_broadcast: case OP_tt_expand_dims: case OP_tt_reshape:
    case OP_tt_trans: case OP_tt_advance: case OP_tt_make_tensor_ptr: case OP_scf_yield: case OP_scf_for:
    case OP_scf_if: case OP_arith_select:
        return true;
    default: return false;
    }
}

/* a pointer tensor that is a block argument (a function's or a loop's),
 * behind tt.addptr, tt.broadcast, tt.expand_dims and tt.reshape */
static bool ptr_tensor_argument(Value *p) {
    for (int depth = 0; depth < 64 && p->def; depth++) {
        Op *d = p->def;
        if (d->verbatim || d->nopnds < 1 || !(op_is(d, OP_tt_addptr) || op_is(d, OP_tt_broadcast) ||
                                             op_is(d, OP_tt_expand_dims) || op_is(d, OP_tt_reshape)))
            return false;
        p = op_operand(d, 0);
    }
    return !p->def && ptr_tensor(p->type) && value_argblock(p) && value_argblock(p)->region && value_argblock(p)->region->op &&
           (op_is(value_argblock(p)->region->op, OP_tt_func) || op_is(value_argblock(p)->region->op, OP_func_func));
}

static bool find_left(Op *op, void *ud) {
    Left *l = ud;
    if (op->verbatim) return true;
    const char *why = NULL;
    if (l->round == 0 && (op_is(op, OP_tt_load) || op_is(op, OP_tt_store)) && op->nopnds) {
        Type *p = op_operand(op, 0)->type;
        bool ld = op_is(op, OP_tt_load);
        if (block_ptr(p))
            why = "a block pointer access that does not check every dimension (boundaryCheck) is not lowered to KTIR";
        else if (ptr_tensor(p) && ptr_tensor_argument(op_operand(op, 0)))
            why = ld ? "a load through a tensor of pointers that is a function argument (not built from a base pointer) is not lowered to KTIR: a memory view needs the base pointer and the strides"
                     : "a store through a tensor of pointers that is a function argument (not built from a base pointer) is not lowered to KTIR: a memory view needs the base pointer and the strides";
        else if (ptr_tensor(p))
            why = ld ? "a load through a tensor of pointers that ptr-analysis cannot describe as a base, offsets and strides (two irregular dimensions, a mask that is not a prefix along two dimensions, an `other` that is not a splat, pointers made by tt.int_to_ptr or tt.bitcast) is not lowered to KTIR"
                     : "a store through a tensor of pointers that ptr-analysis cannot describe as a base, offsets and strides (two irregular dimensions, a mask that is not a prefix along two dimensions, an `other` that is not a splat, pointers made by tt.int_to_ptr or tt.bitcast) is not lowered to KTIR";
    } else if (l->round == 1 && (op_is(op, OP_tt_atomic_rmw) || op_is(op, OP_tt_atomic_cas))) {
        why = "an atomic read-modify-write of memory (tl.atomic_add, tl.atomic_max, tl.atomic_xchg, tl.atomic_cas, ..) is not lowered to KTIR: ktdp.load and ktdp.store move whole tiles and KTIR has no atomic update, so programs that update the same element (a histogram's bins) would lose each other's updates";
    } else if (l->round == 1 && !plumbing(op) && !op_is(op, OP_tt_load) && !op_is(op, OP_tt_store)) {
        for (int i = 0; i < op->nopnds && !why; i++)
            if (ptr_tensor(op_operand(op, i)->type) || block_ptr(op_operand(op, i)->type))
                why = "a use of a pointer tensor other than a load or a store (a call, a comparison, a conversion to integers) is not lowered to KTIR";
    } else if (l->round == 2) {
        for (int i = 0; i < op->nres && !why; i++)
            if (ptr_tensor(op->res[i].type) || block_ptr(op->res[i].type))
                why = "a pointer tensor that is still used after the loads and stores are lowered is not lowered to KTIR";
    }
    if (why) { fail(l->k, op, why); l->found = true; }
    return !(why && l->round == 2);
}

static bool run(Ctx *c, Op *m, const PassOptions *o, Diag *d) {
    (void)o;
    Scan s = { 0 };
    op_walk(m, scan, &s);
    if (!s.any) { pv_free(&s.acc); pv_free(&s.sst); pv_free(&s.loops); pv_free(&s.ranges); return true; }
    pv_free(&s.acc); pv_free(&s.sst); pv_free(&s.loops); pv_free(&s.ranges);
    if (!ptr_analysis_spyre(c, m, d)) return false;
    memset(&s, 0, sizeof s);
    op_walk(m, scan, &s);
    Ctl k = { c, d, true };
    for (int i = 0; i < s.acc.n; i++) lower_access(&k, s.acc.v[i]);
    for (int i = 0; i < s.sst.n; i++) lower_scalar_store(&k, s.sst.v[i]);
    if (k.ok) {
        /* inner loops first: an inner loop's pointer init may be an outer one's argument */
        for (int i = s.loops.n - 1; i >= 0; i--) drop_pointer_iter_args(c, s.loops.v[i]);
        k.ok = pass_dce.run(c, m, NULL, d);
    }
    if (k.ok) {
        PtrVec r = { 0 };
        Scan s2 = { 0 };
        op_walk(m, scan, &s2);
        for (int i = 0; i < s2.ranges.n; i++) lower_range(c, s2.ranges.v[i]);
        pv_free(&s2.acc); pv_free(&s2.sst); pv_free(&s2.loops); pv_free(&s2.ranges);
        pv_free(&r);
        Left l = { &k, 0, false };
        for (; l.round < 3 && !l.found; l.round++) op_walk(m, find_left, &l);
    }
    pv_free(&s.acc); pv_free(&s.sst); pv_free(&s.loops); pv_free(&s.ranges);
    return k.ok;
}

const Pass pass_lower_structured_pointers = {
    "lower-structured-pointers",
    "pointer-style loads and stores (tensors of pointers, block pointers, scalar stores) become ktdp memory views, access tiles, ktdp.load and ktdp.store, through ptr-analysis; masks and wrap-around offsets bound the views' coordinate sets",
    NULL, 0, run,
};
