/* passes/spyre/lower_compute_ops.c - the `lower-compute-ops` pass: Triton
 * shape and compute ops become tensor and linalg ops.
 *
 *   tt.splat %s        -> tensor.empty + linalg.fill ins(%s) outs(%e)
 *   tt.reshape         -> one `arith.constant d : index` per result dim,
 *                         tensor.from_elements, tensor.reshape
 *   tt.expand_dims a   -> tensor.expand_shape; input dim i goes to output
 *                         group [i, i+1] when i == a (or a == rank and i is
 *                         the last dim), else [i] below a and [i+1] above
 *   tt.broadcast       -> tensor.collapse_shape dropping the broadcast dims
 *                         (in 1, out not 1; each group closes at a kept dim,
 *                         trailing broadcast dims join the last group), then
 *                         tensor.empty + linalg.broadcast dimensions = [...];
 *                         no broadcast dim: the input itself
 *   tt.trans order     -> tensor.empty + linalg.transpose permutation = order
 *   tt.join %a, %b     -> tensor.expand_shape of each (a trailing unit dim),
 *                         tensor.concat along it
 *   tt.split %t        -> per half, tensor.extract_slice of the last dim at
 *                         0 or 1 and tensor.collapse_shape dropping it
 *   tt.reduce axis     -> per operand an arith.constant of the combiner's
 *                         neutral value, tensor.empty and linalg.fill; one
 *                         linalg.reduce dimensions = [axis] whose body is the
 *                         combiner (tt.reduce.return becomes linalg.yield);
 *                         rank-0 results are read with tensor.extract
 *   tt.dot             -> linalg.batch_matmul (rank 3) or linalg.matmul
 *
 * The neutral value of a reduce operand comes from the op in the combiner
 * that defines its returned value: maxnumf and minnumf NaN (their true
 * identity; -inf / +inf, the reference's choice, turn a reduce over elements
 * that are all NaN into -inf / +inf: docs/differences.md), an integer
 * select of its own comparison (select(cmpi P a b, a, b), a max or min) the
 * least or greatest value of P's order, any other integer select -1 (the
 * argmin/argmax index lane), else MLIR's neutral element of
 * addf/mulf/maximumf/minimumf (finite under `ninf`) and addi/ori/xori/andi/
 * maxsi/minsi/maxui/minui/muli.  A combiner without one fails the pass with
 * MLIR's conversion errors, and the module is left as it was; the first
 * error says why (why_not): the construct, and what the KTIR form lacks.
 *
 * Named linalg ops get the payload MLIR gives them (matmul inputs cast to
 * the accumulator type), so later passes can ask whether a body reads its
 * outputs.  After the conversion every trivially dead op in the module is
 * erased, inner blocks first and each block from its end. */
#include <math.h>
#include <float.h>
#include <stdlib.h>
#include <string.h>

#include "dialects.h"
#include "format.h"
#include "pass.h"

typedef struct L { Ctx *c; Diag *d; PtrVec ops; } L;

static bool illegal(const Op *op) {
    switch (op->info->id) {
    case OP_tt_splat: case OP_tt_reshape: case OP_tt_expand_dims: case OP_tt_broadcast: case OP_tt_trans:
    case OP_tt_join: case OP_tt_split: case OP_tt_reduce: case OP_tt_dot:
        return true;
    default:
        return false;
    }
}

static bool collect(Op *op, void *ud) {
    if (illegal(op)) pv_push(&((L *)ud)->ops, op);
    return true;
}

static bool static_tensor(const Type *t) {
    if (!t || t->kind != T_TENSOR || t->sh.rank < 0) return false;
    for (int i = 0; i < t->sh.rank; i++) if (t->sh.dims[i] < 0) return false;
    return true;
}
static Type *i64t(Ctx *c) { return type_int(c, 64, SIGNLESS); }
static Attr *i64s(Ctx *c, int n, const int64_t *v) { return attr_dense_array(c, i64t(c), n, v, NULL); }
static Attr *segs(Ctx *c, int n, const int64_t *v) { return attr_dense_array(c, type_int(c, 32, SIGNLESS), n, v, NULL); }
static Type *with_dims(Ctx *c, Type *like, int rank, const int64_t *dims) { return type_tensor(c, rank, dims, like->sh.elem); }

/* ---- the neutral element of a combiner -------------------------------- */

static bool has_ninf(const Op *op) {
    Attr *a = op_attr(op, "fastmath");
    if (!a || a->kind != A_OPAQUE) return false;
    const char *s = strchr(a->str.s, '<');
    return s && (strstr(s, "ninf") || strstr(s, "fast"));
}

static double largest(const Type *t) {
    const char *n = t->f.name;
    if (!strcmp(n, "f16")) return 65504.0;
    if (!strcmp(n, "bf16")) return 3.38953138925153547590470800371487866880e38;
    if (!strcmp(n, "f32") || !strcmp(n, "tf32")) return !strcmp(n, "f32") ? FLT_MAX : 3.40116213421299587e38;
    if (!strcmp(n, "f64")) return DBL_MAX;
    return INFINITY;
}

static Attr *neutral(Ctx *c, const Op *def, Type *t) {
    if (!def) return NULL;
    bool fl = t->kind == T_FLOAT, in = t->kind == T_INT || t->kind == T_INDEX;
    int w = t->kind == T_INT ? t->i.width : 64;
    int64_t smin = w >= 64 ? INT64_MIN : -((int64_t)1 << (w - 1));
    int64_t smax = w >= 64 ? INT64_MAX : ((int64_t)1 << (w - 1)) - 1;
    switch (def->info->id) {
    /* NaN, not -inf / +inf: maxnumf(NaN, x) is x for every x, NaN included,
     * so a reduce over elements that are all NaN stays NaN as Triton's does */
    case OP_arith_maxnumf: case OP_arith_minnumf: return fl ? attr_float(c, t, NAN) : NULL;
    case OP_arith_select: {
        if (t->kind != T_INT) return NULL;
        /* select(cmpi P a b, a, b) is a max or min of a and b: the smallest
         * or largest value of the order; any other select (an index lane) -1 */
        Op *cmp = def->nopnds == 3 ? op_operand(def, 0)->def : NULL;
        int64_t p = -1;
        if (cmp && !cmp->verbatim && op_is(cmp, OP_arith_cmpi) && cmp->nopnds == 2 && op_attr_int(cmp, "predicate", &p) && p >= 2 && p <= 9) {
            bool same = op_operand(cmp, 0) == op_operand(def, 1) && op_operand(cmp, 1) == op_operand(def, 2);
            bool swapped = op_operand(cmp, 0) == op_operand(def, 2) && op_operand(cmp, 1) == op_operand(def, 1);
            if (same || swapped) {
                /* slt 2, sle 3, sgt 4, sge 5, ult 6, ule 7, ugt 8, uge 9; a max keeps the greater */
                bool greater = (p >= 4 && p <= 5) || p >= 8;
                bool max = greater == same, sgn = p <= 5;
                return attr_int(c, t, sgn ? (max ? smin : smax) : (max ? 0 : -1));
            }
        }
        return attr_int(c, t, -1);
    }
    case OP_arith_addf: return fl ? attr_float(c, t, 0.0) : NULL;
    case OP_arith_mulf: return fl ? attr_float(c, t, 1.0) : NULL;
    case OP_arith_maximumf: return fl ? attr_float(c, t, has_ninf(def) ? -largest(t) : -INFINITY) : NULL;
    case OP_arith_minimumf: return fl ? attr_float(c, t, has_ninf(def) ? largest(t) : INFINITY) : NULL;
    case OP_arith_addi: case OP_arith_ori: case OP_arith_xori: case OP_arith_maxui: return in ? attr_int(c, t, 0) : NULL;
    case OP_arith_andi: case OP_arith_minui: return in ? attr_int(c, t, -1) : NULL;
    case OP_arith_maxsi: return in ? attr_int(c, t, smin) : NULL;
    case OP_arith_minsi: return in ? attr_int(c, t, smax) : NULL;
    case OP_arith_muli: return in ? attr_int(c, t, 1) : NULL;
    default: return NULL;
    }
}

/* ---- can op be converted?  (checked for all ops before any change) ---- */

static Block *combiner(const Op *red) {
    if (red->verbatim || red->nregions != 1) return NULL;
    Block *b = red->regions[0].first;
    if (!b || b->next || b->nargs != 2 * red->nopnds || !b->last || !op_is(b->last, OP_tt_reduce_return)) return NULL;
    if (b->last->nopnds != red->nopnds) return NULL;
    return b;
}

static bool convertible(Ctx *c, const Op *op) {
    if (op->verbatim) return false;
    Type *r0 = op->nres ? op->res[0].type : NULL;
    Type *a0 = op->nopnds ? op_operand(op, 0)->type : NULL;
    switch (op->info->id) {
    case OP_tt_splat: /* a splat of a pointer has no linalg.fill form */
        return op->nopnds == 1 && op->nres == 1 && static_tensor(r0) && r0->sh.elem->kind != T_PTR;
    case OP_tt_reshape: case OP_tt_trans: case OP_tt_broadcast:
        if (op->nopnds != 1 || op->nres != 1 || !static_tensor(a0) || !static_tensor(r0)) return false;
        if (op_is(op, OP_tt_broadcast)) return a0->sh.rank == r0->sh.rank;
        if (op_is(op, OP_tt_trans)) {
            Attr *o = op_attr(op, "order");
            return o && o->kind == A_DENSE_ARRAY && o->darr.i && o->darr.n == r0->sh.rank;
        }
        return true;
    case OP_tt_expand_dims: {
        Attr *ax = op_attr(op, "axis");
        return op->nopnds == 1 && op->nres == 1 && static_tensor(a0) && static_tensor(r0) && ax && ax->kind == A_INT &&
               ax->i >= 0 && ax->i <= a0->sh.rank && r0->sh.rank == a0->sh.rank + 1;
    }
    case OP_tt_join:
        return op->nopnds == 2 && op->nres == 1 && static_tensor(a0) && static_tensor(r0) && r0->sh.rank == a0->sh.rank + 1;
    case OP_tt_split:
        return op->nopnds == 1 && op->nres == 2 && static_tensor(a0) && a0->sh.rank >= 1 && a0->sh.dims[a0->sh.rank - 1] == 2 &&
               static_tensor(r0) && static_tensor(op->res[1].type);
    case OP_tt_dot:
        /* linalg.matmul (rank 2) or linalg.batch_matmul (rank 3) only */
        return op->nopnds == 3 && op->nres == 1 && a0 && a0->kind == T_TENSOR && r0 && r0->kind == T_TENSOR &&
               (a0->sh.rank == 2 || a0->sh.rank == 3) && r0->sh.rank == a0->sh.rank;
    case OP_tt_reduce: {
        Block *b = combiner(op);
        Attr *ax = op_attr(op, "axis");
        if (!b || !op->nopnds || op->nres != op->nopnds || !ax || ax->kind != A_INT || !static_tensor(a0)) return false;
        if (ax->i < 0 || ax->i >= a0->sh.rank) return false;
        for (int i = 0; i < op->nopnds; i++) {
            Value *v = op_operand(b->last, i);
            Type *t = op_operand(op, i)->type;
            if (!static_tensor(t) || t->sh.rank != a0->sh.rank) return false;
            if (!v->def || v->def->block != b || !neutral(c, v->def, t->sh.elem)) return false;
        }
        return true;
    }
    default:
        return false;
    }
}

/* why op is not convertible (convertible() false): what the construct is
 * and what the KTIR form lacks, appended to MLIR's conversion error */
static void why_not(Ctx *c, const Op *op, char *buf, size_t n) {
    Type *r0 = op->nres ? op->res[0].type : NULL;
    Type *a0 = op->nopnds ? op_operand(op, 0)->type : NULL;
    switch (op->info->id) {
    case OP_tt_splat:
        if (r0 && r0->kind == T_TENSOR && r0->sh.elem && r0->sh.elem->kind == T_PTR) {
            snprintf(buf, n, "a splat of a pointer has no KTIR form (linalg.fill makes tensors of numbers; a pointer tensor that reaches here was not turned into a memory view)");
            return;
        }
        break;
    case OP_tt_trans:
        if (static_tensor(a0) && static_tensor(r0)) { snprintf(buf, n, "its 'order' is not a permutation of the %d dims (linalg.transpose needs one)", r0->sh.rank); return; }
        break;
    case OP_tt_broadcast:
        if (static_tensor(a0) && static_tensor(r0)) { snprintf(buf, n, "it changes the rank (%d to %d), which linalg.broadcast of tt.broadcast's form does not", a0->sh.rank, r0->sh.rank); return; }
        break;
    case OP_tt_dot:
        snprintf(buf, n, "only a tt.dot of rank 2 (linalg.matmul) or 3 (linalg.batch_matmul) on tensors is lowered");
        return;
    case OP_tt_reduce: {
        Block *b = combiner(op);
        Attr *ax = op_attr(op, "axis");
        if (!b || !op->nopnds || op->nres != op->nopnds) { snprintf(buf, n, "its combiner is not one block of 2 x %d arguments ending in tt.reduce.return of %d values", op->nopnds, op->nopnds); return; }
        if (!static_tensor(a0) || !ax || ax->kind != A_INT || ax->i < 0 || ax->i >= a0->sh.rank) break;
        for (int i = 0; i < op->nopnds; i++) {
            Value *v = op_operand(b->last, i);
            Type *t = op_operand(op, i)->type;
            if (!static_tensor(t) || t->sh.rank != a0->sh.rank) break;
            if (!v->def || v->def->block != b) {
                snprintf(buf, n, "the combiner's result %d is one of its arguments (or a value from outside), not computed by an op, so there is no neutral element to start linalg.reduce's init from (KTIR's reduce has an init; Triton's has none)", i);
                return;
            }
            if (neutral(c, v->def, t->sh.elem)) continue;
            bool fsel = op_is(v->def, OP_arith_select) && t->sh.elem->kind == T_FLOAT;
            Op *cmp = fsel && v->def->nopnds == 3 ? op_operand(v->def, 0)->def : NULL;
            bool own = cmp && !cmp->verbatim && op_is(cmp, OP_arith_cmpf) && cmp->nopnds == 2 &&
                       ((op_operand(cmp, 0) == op_operand(v->def, 1) && op_operand(cmp, 1) == op_operand(v->def, 2)) ||
                        (op_operand(cmp, 0) == op_operand(v->def, 2) && op_operand(cmp, 1) == op_operand(v->def, 1)));
            if (own)
                snprintf(buf, n, "the combiner's result %d is a float max or min written as a select of its own comparison (select(a > b, a, b)), which has no neutral element to start linalg.reduce's init from (KTIR's reduce has an init; Triton's has none, and an init of -inf or +inf changes the answer wherever an element is NaN); a combiner of arith.maxnumf / minnumf or maximumf / minimumf is lowered", i);
            else if (fsel && op->nopnds >= 2)
                snprintf(buf, n, "the combiner's result %d is an arith.select of floats: a reduce that carries values and indices together (tl.argmax / tl.argmin with Triton's tie-break combiner, select(a > b or (a == b and ia < ib), ..)) has no neutral element to start linalg.reduce's init from (KTIR's reduce has an init; Triton's has none, and an init of -inf with any index changes the answer wherever an element is NaN), so it is not lowered; a kernel can take the maximum first (tl.max) and then the least index that holds it (tl.min of tl.where)", i);
            else
                snprintf(buf, n, "the combiner's result %d is computed by '%s' on %s, which has no neutral element to start linalg.reduce's init from (KTIR's reduce has an init; Triton's has none): only add, mul, min, max, and/or/xor and the select forms of min/max have one",
                         i, v->def->info->name, t->sh.elem->kind == T_FLOAT ? "floats" : "integers");
            return;
        }
        break;
    }
    default: break;
    }
    snprintf(buf, n, "its operands or results are not tensors of static shape (the tensor and linalg ops of KTIR need static shapes)");
}

/* ---- builders ---------------------------------------------------------- */

static Op *emit_r(Ctx *c, Op *pos, const char *name, int nres, Type *const *rt, int nop, Value *const *ops, int nreg) {
    Op *o = op_new(c, name, nres, rt, nop, ops, nreg, pos->loc);
    op_insert_before(pos, o);
    return o;
}
static Op *emit(Ctx *c, Op *pos, const char *name, int nres, Type *const *rt, int nop, Value *const *ops) {
    Op *o = op_new(c, name, nres, rt, nop, ops, 0, pos->loc);
    op_insert_before(pos, o);
    return o;
}
static Value *done(Ctx *c, Op *o) { format_move_inherent(c, o); return o->nres ? &o->res[0] : NULL; }

static Value *empty(Ctx *c, Op *pos, Type *t) { return done(c, emit(c, pos, "tensor.empty", 1, &t, 0, NULL)); }

static Value *index_const(Ctx *c, Op *pos, int64_t v) {
    Op *k = const_new(c, attr_int(c, type_index(c), v), type_index(c), pos->loc);
    op_insert_before(pos, k);
    return &k->res[0];
}

static Block *body(Ctx *c, Op *o, int n, Value *const *vals) {
    Block *b = block_new(c);
    region_append_block(&o->regions[0], b);
    for (int i = 0; i < n; i++) block_add_arg(c, b, type_elem(vals[i]->type), o->loc);
    return b;
}
static void yield(Ctx *c, Block *b, Value *v, Loc l) {
    Op *y = op_new(c, "linalg.yield", 0, NULL, v ? 1 : 0, &v, 0, l);
    format_move_inherent(c, y);
    op_append(b, y);
}
static Value *scalar(Ctx *c, Block *b, const char *name, Type *t, int n, Value *const *in, Loc l) {
    Op *o = op_new(c, name, 1, &t, n, in, 0, l);
    format_move_inherent(c, o);
    op_append(b, o);
    return &o->res[0];
}

/* the payload of linalg ops whose body copies their input */
static void copy_body(Ctx *c, Op *o) {
    Block *b = body(c, o, o->nopnds, (Value *[]){ op_operand(o, 0), op_operand(o, 1) });
    yield(c, b, b->args[0], o->loc);
}

/* linalg.fill ins(%s) outs(%init) */
static Value *fill(Ctx *c, Op *pos, Value *s, Value *init) {
    Value *ops[2] = { s, init };
    Op *f = emit_r(c, pos, "linalg.fill", 1, &init->type, 2, ops, 1);
    op_set_prop(c, f, "operandSegmentSizes", segs(c, 2, (int64_t[]){ 1, 1 }));
    copy_body(c, f);
    return done(c, f);
}

/* MLIR's cast_signed of a matmul operand to the accumulator type */

/* reassociation [[..], ...] from groups given as (first index, size) */
static Attr *reassoc(Ctx *c, int ng, const int *start, const int *size) {
    Attr **g = malloc(sizeof(Attr *) * (size_t)(ng + 1));
    for (int k = 0; k < ng; k++) {
        Attr *e[64];
        for (int i = 0; i < size[k] && i < 64; i++) e[i] = attr_int(c, i64t(c), start[k] + i);
        g[k] = attr_array(c, size[k], e);
    }
    Attr *r = attr_array(c, ng, g);
    free(g);
    return r;
}
static Attr *reassoc_list(Ctx *c, int ng, Attr *const *groups) { return attr_array(c, ng, groups); }

static Value *expand(Ctx *c, Op *pos, Value *src, Type *rt, Attr *ra) {
    Op *e = emit(c, pos, "tensor.expand_shape", 1, &rt, 1, &src);
    op_set_prop(c, e, "reassociation", ra);
    op_set_prop(c, e, "static_output_shape", i64s(c, rt->sh.rank, rt->sh.dims));
    return done(c, e);
}
static Value *collapse(Ctx *c, Op *pos, Value *src, Type *rt, Attr *ra) {
    Op *e = emit(c, pos, "tensor.collapse_shape", 1, &rt, 1, &src);
    op_set_prop(c, e, "reassociation", ra);
    return done(c, e);
}

/* [[0], ..., [r-2], [r-1, r]]: the last dim of a rank-r shape and a new unit dim */
static Attr *last_pair(Ctx *c, int r) {
    if (r <= 0) return attr_array(c, 0, NULL);
    int *st = malloc(sizeof(int) * (size_t)r), *sz = malloc(sizeof(int) * (size_t)r);
    for (int i = 0; i < r; i++) { st[i] = i; sz[i] = i == r - 1 ? 2 : 1; }
    Attr *a = reassoc(c, r, st, sz);
    free(st); free(sz);
    return a;
}

/* ---- the patterns ------------------------------------------------------ */

static void replace(Op *op, Value *const *vals) {
    for (int i = 0; i < op->nres; i++) value_replace_all_uses(&op->res[i], vals[i]);
    op_erase(op);
}

static void lower_splat(Ctx *c, Op *op) {
    Value *e = empty(c, op, op->res[0].type);
    Value *r = fill(c, op, op_operand(op, 0), e);
    replace(op, &r);
}

static void lower_reshape(Ctx *c, Op *op) {
    Type *rt = op->res[0].type;
    int n = rt->sh.rank;
    Value **ks = malloc(sizeof(Value *) * (size_t)(n + 1));
    for (int i = 0; i < n; i++) ks[i] = index_const(c, op, rt->sh.dims[i]);
    int64_t sd = n;
    Type *st = type_tensor(c, 1, &sd, type_index(c));
    Value *shape = done(c, emit(c, op, "tensor.from_elements", 1, &st, n, ks));
    Value *ops[2] = { op_operand(op, 0), shape };
    Value *r = done(c, emit(c, op, "tensor.reshape", 1, &rt, 2, ops));
    free(ks);
    replace(op, &r);
}

static void lower_expand_dims(Ctx *c, Op *op) {
    Value *src = op_operand(op, 0);
    int r = src->type->sh.rank, a = (int)op_attr(op, "axis")->i;
    int *st = malloc(sizeof(int) * (size_t)(r + 1)), *sz = malloc(sizeof(int) * (size_t)(r + 1));
    for (int i = 0; i < r; i++) {
        if (i == a || (a == r && i == r - 1)) { st[i] = i; sz[i] = 2; }
        else { st[i] = i < a ? i : i + 1; sz[i] = 1; }
    }
    Value *v = expand(c, op, src, op->res[0].type, reassoc(c, r, st, sz));
    free(st); free(sz);
    replace(op, &v);
}

static void lower_broadcast(Ctx *c, Op *op) {
    Value *src = op_operand(op, 0);
    Type *in = src->type, *out = op->res[0].type;
    int r = in->sh.rank, nb = 0, nk = 0;
    int64_t *bd = malloc(sizeof(int64_t) * (size_t)(r + 1)), *kd = malloc(sizeof(int64_t) * (size_t)(r + 1));
    for (int i = 0; i < r; i++) {
        if (in->sh.dims[i] == 1 && out->sh.dims[i] != 1) bd[nb++] = i;
        else kd[nk++] = in->sh.dims[i];
    }
    if (!nb) { free(bd); free(kd); replace(op, &src); return; }
    /* groups close at each kept dim; trailing broadcast dims join the last */
    Attr **groups = malloc(sizeof(Attr *) * (size_t)(r + 1));
    Attr *cur[64];
    int ng = 0, nc = 0;
    for (int i = 0; i < r && nc < 64; i++) {
        cur[nc++] = attr_int(c, i64t(c), i);
        bool b = in->sh.dims[i] == 1 && out->sh.dims[i] != 1;
        if (!b) { groups[ng++] = attr_array(c, nc, cur); nc = 0; }
    }
    if (nc && ng) {
        Attr *last = groups[ng - 1], *m[128];
        int k = 0;
        for (int i = 0; i < last->arr.n && k < 128; i++) m[k++] = last->arr.elts[i];
        for (int i = 0; i < nc && k < 128; i++) m[k++] = cur[i];
        groups[ng - 1] = attr_array(c, k, m);
    }
    Value *col = collapse(c, op, src, with_dims(c, in, nk, kd), reassoc_list(c, ng, groups));
    Value *e = empty(c, op, out);
    Value *ops[2] = { col, e };
    Op *b = emit_r(c, op, "linalg.broadcast", 1, &out, 2, ops, 1);
    op_set_prop(c, b, "dimensions", i64s(c, nb, bd));
    copy_body(c, b);
    Value *res = done(c, b);
    free(bd); free(kd); free(groups);
    replace(op, &res);
}

static void lower_trans(Ctx *c, Op *op) {
    Type *out = op->res[0].type;
    Attr *o = op_attr(op, "order");
    Value *e = empty(c, op, out);
    Value *ops[2] = { op_operand(op, 0), e };
    Op *t = emit_r(c, op, "linalg.transpose", 1, &out, 2, ops, 1);
    op_set_prop(c, t, "permutation", i64s(c, o->darr.n, o->darr.i));
    copy_body(c, t);
    Value *res = done(c, t);
    replace(op, &res);
}

static void lower_join(Ctx *c, Op *op) {
    Type *in = op_operand(op, 0)->type, *out = op->res[0].type;
    int r = in->sh.rank;
    int64_t dims[65];
    for (int i = 0; i < r && i < 64; i++) dims[i] = in->sh.dims[i];
    dims[r] = 1;
    Type *xt = with_dims(c, in, r + 1, dims);
    Value *x[2];
    for (int k = 0; k < 2; k++) x[k] = expand(c, op, op_operand(op, k), xt, last_pair(c, r));
    Op *cat = emit(c, op, "tensor.concat", 1, &out, 2, x);
    op_set_prop(c, cat, "dim", attr_int(c, i64t(c), r));
    Value *res = done(c, cat);
    replace(op, &res);
}

static void lower_split(Ctx *c, Op *op) {
    Value *src = op_operand(op, 0);
    Type *in = src->type;
    int r = in->sh.rank;
    int64_t off[64], size[64], one[64];
    for (int i = 0; i < r && i < 64; i++) { off[i] = 0; size[i] = in->sh.dims[i]; one[i] = 1; }
    size[r - 1] = 1;
    Type *st = with_dims(c, in, r, size);
    Value *res[2];
    for (int k = 0; k < 2; k++) {
        off[r - 1] = k;
        Op *s = emit(c, op, "tensor.extract_slice", 1, &st, 1, &src);
        op_set_prop(c, s, "static_offsets", i64s(c, r, off));
        op_set_prop(c, s, "static_sizes", i64s(c, r, size));
        op_set_prop(c, s, "static_strides", i64s(c, r, one));
        op_set_prop(c, s, "operandSegmentSizes", segs(c, 4, (int64_t[]){ 1, 0, 0, 0 }));
        Value *sl = done(c, s);
        /* [[0], ..., [r-3], [r-2, r-1]] */
        res[k] = collapse(c, op, sl, op->res[k].type, last_pair(c, r - 1));
    }
    replace(op, res);
}

static void lower_dot(Ctx *c, Op *op) {
    Value *a = op_operand(op, 0), *b = op_operand(op, 1), *acc = op_operand(op, 2);
    Type *rt = op->res[0].type;
    bool batch = a->type->sh.rank == 3;
    Value *ops[3] = { a, b, acc };
    Op *m = emit_r(c, op, batch ? "linalg.batch_matmul" : "linalg.matmul", 1, &rt, 3, ops, 1);
    op_set_prop(c, m, "operandSegmentSizes", segs(c, 2, (int64_t[]){ 2, 1 }));
    Block *bb = body(c, m, 3, ops);
    Type *et = bb->args[2]->type;
    bool fl = et->kind == T_FLOAT;
    Value *x = linalg_payload_cast(c, bb, bb->args[0], et, op->loc), *y = linalg_payload_cast(c, bb, bb->args[1], et, op->loc);
    Value *mul = scalar(c, bb, fl ? "arith.mulf" : "arith.muli", et, 2, (Value *[]){ x, y }, op->loc);
    Value *add = scalar(c, bb, fl ? "arith.addf" : "arith.addi", et, 2, (Value *[]){ bb->args[2], mul }, op->loc);
    yield(c, bb, add, op->loc);
    Value *res = done(c, m);
    replace(op, &res);
}

static void lower_reduce(Ctx *c, Op *op) {
    int n = op->nopnds, axis = (int)op_attr(op, "axis")->i;
    Block *comb = combiner(op);
    Type *in = op_operand(op, 0)->type;
    int r = in->sh.rank - 1;
    int64_t dims[64];
    for (int i = 0, k = 0; i <= r && i < 64; i++) if (i != axis) dims[k++] = in->sh.dims[i];
    Value **ops = malloc(sizeof(Value *) * (size_t)(2 * n));
    Type **rts = malloc(sizeof(Type *) * (size_t)n);
    for (int i = 0; i < n; i++) {
        Type *et = op_operand(op, i)->type->sh.elem;
        rts[i] = type_tensor(c, r, dims, et);
        ops[i] = op_operand(op, i);
        Op *kop = const_new(c, neutral(c, op_operand(comb->last, i)->def, et), et, op->loc);
        op_insert_before(op, kop);
        Value *k = &kop->res[0];
        ops[n + i] = fill(c, op, k, empty(c, op, rts[i]));
    }
    Op *red = emit_r(c, op, "linalg.reduce", n, rts, 2 * n, ops, 1);
    op_set_prop(c, red, "dimensions", i64s(c, 1, (int64_t[]){ axis }));
    block_unlink(comb);
    region_append_block(&red->regions[0], comb);
    Op *ret = comb->last;
    Value **ys = malloc(sizeof(Value *) * (size_t)n);
    for (int i = 0; i < n; i++) ys[i] = op_operand(ret, i);
    Op *y = op_new(c, "linalg.yield", 0, NULL, n, ys, 0, ret->loc);
    format_move_inherent(c, y);
    op_insert_before(ret, y);
    op_erase(ret);
    format_move_inherent(c, red);
    Value **res = malloc(sizeof(Value *) * (size_t)n);
    for (int i = 0; i < n; i++) {
        res[i] = &red->res[i];
        if (r == 0) res[i] = done(c, emit(c, op, "tensor.extract", 1, &rts[i]->sh.elem, 1, &res[i]));
    }
    replace(op, res);
    free(ops); free(rts); free(ys); free(res);
}

/* ---- dead code --------------------------------------------------------- */

/* linalg ops on tensors only have no memory effects beyond their body's */
static bool tensor_linalg(const Op *op) {
    if (strncmp(op->info->name, "linalg.", 7) || (op->info->traits & TR_UNREGISTERED)) return false;
    for (int i = 0; i < op->nopnds; i++) {
        Type *t = op_operand(op, i)->type;
        if (!t || t->kind == T_MEMREF || t->kind == T_OPAQUE || t->kind == T_PTR) return false;
    }
    for (int r = 0; r < op->nregions; r++)
        for (Block *b = op->regions[r].first; b; b = b->next)
            for (Op *o = b->first; o; o = o->next)
                if (!(o->info->traits & (TR_PURE | TR_TERMINATOR)) || o->nregions) return false;
    return true;
}

static bool dead(const Op *op) {
    if (op_has_verbatim(op) || !op_results_unused(op)) return false;
    return op_would_be_trivially_dead(op) || (op->nres && tensor_linalg(op));
}

static void sweep(Block *b) {
    Op *prev;
    for (Op *op = b->last; op; op = prev) {
        for (int r = 0; r < op->nregions; r++)
            for (Block *ib = op->regions[r].last; ib; ib = ib->prev) sweep(ib);
        prev = op->prev;
        if (dead(op)) op_erase(op);
    }
}

/* ---- the pass ---------------------------------------------------------- */

static bool run(Ctx *c, Op *module, const PassOptions *o, Diag *d) {
    (void)o;
    L s = { .c = c, .d = d };
    op_walk(module, collect, &s);
    for (int i = 0; i < s.ops.n; i++) {
        Op *op = s.ops.v[i];
        if (convertible(c, op)) continue;
        char why[640];
        why_not(c, op, why, sizeof why);
        diag_error(d, op->loc, "failed to legalize operation '%s' that was explicitly marked illegal: %s", op_name(op), why);
        diag_error(d, module->loc, "LowerComputeOps: failed to convert compute ops");
        pv_free(&s.ops);
        return false;
    }
    for (int i = 0; i < s.ops.n; i++) {
        Op *op = s.ops.v[i];
        switch (op->info->id) {
        case OP_tt_splat: lower_splat(c, op); break;
        case OP_tt_reshape: lower_reshape(c, op); break;
        case OP_tt_expand_dims: lower_expand_dims(c, op); break;
        case OP_tt_broadcast: lower_broadcast(c, op); break;
        case OP_tt_trans: lower_trans(c, op); break;
        case OP_tt_join: lower_join(c, op); break;
        case OP_tt_split: lower_split(c, op); break;
        case OP_tt_dot: lower_dot(c, op); break;
        case OP_tt_reduce: lower_reduce(c, op); break;
        }
    }
    pv_free(&s.ops);
    for (int r = 0; r < module->nregions; r++)
        for (Block *b = module->regions[r].last; b; b = b->prev) sweep(b);
    return true;
}

const Pass pass_lower_compute_ops = {
    "lower-compute-ops",
    "lower tt shape, reduce and dot ops to tensor and linalg ops",
    NULL, 0, run,
};
