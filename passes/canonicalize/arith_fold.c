/* passes/canonicalize/arith_fold.c - the folders of the arith ops
 * (Op::fold): element-wise folding of constant operands (scalars, splats
 * and dense tensors), cmpi, cmpf, select, the casts, and the algebraic
 * identities (x+0, x*1, x*0, x-x, x&x, x^x, x/1, ...). */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "patterns.h"

/* ---- element-wise folding ------------------------------------------- */
static Attr *elem_at(Attr *a, int64_t i) {
    if (a->kind != A_DENSE) return a;
    return a->dense.splat ? a->dense.elts[0] : a->dense.elts[i];
}

/* an attribute of type t from n computed elements (one for a scalar or a
 * splat) */
static Attr *make_value(Ctx *c, Type *t, int64_t n, Attr **elts) {
    if (!type_is_shaped(t)) return elts[0];
    return attr_dense(c, t, (int)n, elts);
}

/* the number of elements to compute for operands a and b (b may be NULL):
 * one when all are splats or scalars, else the element count; -1 when the
 * shapes do not allow folding */
static int64_t fold_count(Attr *a, Attr *b) {
    bool da = a->kind == A_DENSE, db = b && b->kind == A_DENSE;
    if (b && da != db) return -1;
    if (!da) return 1;
    if (b && a->type != b->type) return -1;
    if (a->dense.splat && (!b || b->dense.splat)) return 1;
    return type_numel(a->type);
}

typedef bool (*IntBin)(int id, int w, uint64_t a, uint64_t b, uint64_t *r);
typedef bool (*FltBin)(int id, const Type *t, double a, double b, double *r);

/* constFoldBinaryOp over integers; results have element type ret (NULL:
 * the operands' type) and the attribute type rt */
static Attr *fold_ints(Ctx *c, int id, Attr *a, Attr *b, Type *rt, Type *ret, IntBin fn) {
    if (!a || !b) return NULL;
    int64_t n = fold_count(a, b);
    if (n < 0 || n > (1 << 24)) return NULL;
    if (a->kind != A_DENSE && a->type != b->type) return NULL;
    Attr **out = malloc(sizeof(Attr *) * (size_t)(n ? n : 1));
    Attr *res = NULL;
    /* a shift folds when its amount is below the width; MLIR looks at the
     * amount of the last element computed only */
    bool shift = fn == int_bin && (id == OP_arith_shli || id == OP_arith_shrsi || id == OP_arith_shrui);
    bool bounded = true;
    /* floordivsi over several elements: MLIR's overflow flag is overwritten
     * by each element that does not divide by zero, so only a division by
     * zero or an overflow in the last such element prevents the fold */
    bool floordiv = fn == int_bin && id == OP_arith_floordivsi && n > 1, bad = false;
    for (int64_t i = 0; i < n; i++) {
        Attr *x = elem_at(a, i), *y = elem_at(b, i);
        if (!int_elem(x) || !int_elem(y) || x->type != y->type) goto done;
        int w = int_width(x->type);
        uint64_t r, xa = (uint64_t)x->i & wmask(w), ya = (uint64_t)y->i & wmask(w);
        if (floordiv) {
            bool ok = int_bin(-OP_arith_floordivsi, w, xa, ya, &r);
            bad = ya ? !ok : true;
        } else if (!fn(id, w, xa, ya, &r)) goto done;
        if (shift) bounded = ya < (uint64_t)w;
        out[i] = attr_int(c, ret ? ret : x->type, (int64_t)r);
    }
    if (bounded && !bad) res = make_value(c, rt, n, out);
done:
    free(out);
    return res;
}

static Attr *fold_floats(Ctx *c, int id, Attr *a, Attr *b, Type *rt, FltBin fn) {
    if (!a || !b) return NULL;
    int64_t n = fold_count(a, b);
    if (n < 0 || n > (1 << 24)) return NULL;
    if (a->kind != A_DENSE && a->type != b->type) return NULL;
    Attr **out = malloc(sizeof(Attr *) * (size_t)(n ? n : 1));
    Attr *res = NULL;
    for (int64_t i = 0; i < n; i++) {
        Attr *x = elem_at(a, i), *y = elem_at(b, i);
        if (!float_elem(x) || !float_elem(y) || x->type != y->type) goto done;
        double r;
        if (!fn(id, x->type, x->f, y->f, &r)) goto done;
        out[i] = attr_float(c, x->type, r);
    }
    res = make_value(c, rt, n, out);
done:
    free(out);
    return res;
}

/* casts: one element of a (integer or float) to the element type et */
typedef bool (*CastFn)(int id, Ctx *c, Attr *e, Type *et, Attr **r);

static Attr *fold_cast(Ctx *c, int id, Attr *a, Type *rt, CastFn fn) {
    if (!a) return NULL;
    int64_t n = fold_count(a, NULL);
    if (n < 0 || n > (1 << 24)) return NULL;
    if ((a->kind == A_DENSE) != type_is_shaped(rt)) return NULL;
    Attr **out = malloc(sizeof(Attr *) * (size_t)(n ? n : 1));
    Attr *res = NULL;
    for (int64_t i = 0; i < n; i++)
        if (!fn(id, c, elem_at(a, i), type_elem(rt), &out[i])) goto done;
    res = make_value(c, rt, n, out);
done:
    free(out);
    return res;
}


/* ---- folders ---------------------------------------------------------- */
static const int cmpi_swapped[10] = { 0, 1, 4, 5, 2, 3, 8, 9, 6, 7 };

static FoldKind fold_cmpi(Ctx *c, Op *op, Attr **k, Folded *f) {
    Attr *pa = op_attr(op, "predicate");
    if (!pa || pa->kind != A_INT || pa->i < 0 || pa->i > 9) return NO_FOLD;
    int pred = (int)pa->i;
    Value *lhs = opnd(op, 0), *rhs = opnd(op, 1);
    Type *rt = op->res[0].type;
    if (lhs == rhs) {
        bool v = pred == 0 || pred == 3 || pred == 5 || pred == 7 || pred == 9;
        return fold_attr(f, bool_of(c, rt, v));
    }
    if (is_zero(k[1])) {
        /* ext(%x : i1) != 0 -> %x, for scalars and vectors */
        Op *e = def_of(lhs, OP_arith_extsi);
        if (!e) e = def_of(lhs, OP_arith_extui);
        if (e && pred == 1) {
            Type *it = opnd(e, 0)->type;
            if (type_is_int(it, 1) || (it && it->kind == T_VECTOR && type_is_int(it->sh.elem, 1)))
                return fold_value(f, opnd(e, 0));
        }
    }
    if (k[0] && !k[1]) {   /* constant to the right */
        op_set_prop(c, op, "predicate", attr_int(c, pa->type, cmpi_swapped[pred]));
        op_set_operand(op, 0, rhs);
        op_set_operand(op, 1, lhs);
        return f->k = FOLD_IN_PLACE;
    }
    if (k[0] && k[1]) return fold_attr(f, fold_ints(c, pred, k[0], k[1], rt, type_int(c, 1, SIGNLESS), int_cmp));
    return NO_FOLD;
}

static FoldKind fold_cmpf(Ctx *c, Op *op, Attr **k, Folded *f) {
    Attr *pa = op_attr(op, "predicate");
    if (!pa || pa->kind != A_INT || pa->i < 0 || pa->i > 15) return NO_FOLD;
    Attr *l = float_elem(k[0]) ? k[0] : NULL, *r = float_elem(k[1]) ? k[1] : NULL;
    /* one NaN operand decides an ordered or unordered result by itself */
    if (l && isnan(l->f)) r = l;
    if (r && isnan(r->f)) l = r;
    if (!l || !r) return NO_FOLD;
    return fold_attr(f, attr_int(c, type_int(c, 1, SIGNLESS), flt_cmp((int)pa->i, l->f, r->f)));
}

static FoldKind fold_select(Ctx *c, Op *op, Attr **k, Folded *f) {
    Value *cond = opnd(op, 0), *tv = opnd(op, 1), *fv = opnd(op, 2);
    Type *rt = op->res[0].type;
    if (tv == fv) return fold_value(f, tv);
    if (is_one(k[0])) return fold_value(f, tv);
    if (is_zero(k[0])) return fold_value(f, fv);
    if (type_is_int(rt, 1) && is_one(k[1]) && is_zero(k[2])) return fold_value(f, cond);
    Op *cmp = def_of(cond, OP_arith_cmpi);
    Attr *pa = cmp ? op_attr(cmp, "predicate") : NULL;
    if (pa && pa->kind == A_INT && (pa->i == 0 || pa->i == 1)) {
        Value *cl = opnd(cmp, 0), *cr = opnd(cmp, 1);
        if ((cl == tv && cr == fv) || (cr == tv && cl == fv)) return fold_value(f, pa->i == 1 ? tv : fv);
    }
    /* a constant mask over constant operands */
    if (k[0] && k[1] && k[2] && k[0]->kind == A_DENSE && k[1]->kind == A_DENSE && k[2]->kind == A_DENSE &&
        k[1]->type == rt && k[2]->type == rt) {
        int64_t n = type_numel(rt);
        if (n < 0 || n > (1 << 24)) return NO_FOLD;
        Attr **out = malloc(sizeof(Attr *) * (size_t)(n ? n : 1));
        for (int64_t i = 0; i < n; i++) {
            Attr *b = elem_at(k[0], i);
            out[i] = elem_at(b->i ? k[1] : k[2], i);
        }
        Attr *a = attr_dense(c, rt, (int)n, out);
        free(out);
        return fold_attr(f, a);
    }
    return NO_FOLD;
}

/* the op's fastmath flags include contract (fast includes all) */
static bool has_contract(const Op *op) {
    Attr *a = op_attr(op, "fastmath");
    if (!a || a->kind != A_OPAQUE) return false;
    const char *s = strchr(a->str.s, '<');
    while (s && *s && *s != '>') {
        s++;
        while (*s == ' ') s++;
        size_t n = strcspn(s, ",> ");
        if ((n == 8 && !strncmp(s, "contract", 8)) || (n == 4 && !strncmp(s, "fast", 4))) return true;
        s += n;
        while (*s == ' ') s++;
    }
    return false;
}

bool is_cast(int id) {
    switch (id) {
    case OP_arith_extsi: case OP_arith_extui: case OP_arith_extf: case OP_arith_trunci:
    case OP_arith_truncf: case OP_arith_sitofp: case OP_arith_uitofp: case OP_arith_fptosi:
    case OP_arith_fptoui: case OP_arith_index_cast: case OP_arith_index_castui: case OP_arith_bitcast:
        return true;
    }
    return false;
}

/* the arith op's own folder (Op::fold); NO_FOLD when it does not apply */
FoldKind arith_fold(Ctx *c, Op *op, Attr **k, Folded *f) {
    int id = op->info->id;
    Value *lhs = op->nopnds > 0 ? opnd(op, 0) : NULL, *rhs = op->nopnds > 1 ? opnd(op, 1) : NULL;
    Type *rt = op->res[0].type;
    Op *d;
    switch (id) {
    case OP_arith_addi:
        if (is_zero(k[1])) return fold_value(f, lhs);
        if ((d = def_of(lhs, OP_arith_subi)) && opnd(d, 1) == rhs) return fold_value(f, opnd(d, 0));
        if ((d = def_of(rhs, OP_arith_subi)) && opnd(d, 1) == lhs) return fold_value(f, opnd(d, 0));
        break;
    case OP_arith_subi:
        if (lhs == rhs) {
            Attr *z = zero_of(c, rt);
            if (z) return fold_attr(f, z);
        }
        if (is_zero(k[1])) return fold_value(f, lhs);
        if ((d = def_of(lhs, OP_arith_addi))) {
            if (rhs == opnd(d, 1)) return fold_value(f, opnd(d, 0));
            if (rhs == opnd(d, 0)) return fold_value(f, opnd(d, 1));
        }
        break;
    case OP_arith_muli:
        if (is_zero(k[1])) return fold_value(f, rhs);
        if (is_one(k[1])) return fold_value(f, lhs);
        break;
    case OP_arith_divsi: case OP_arith_divui: case OP_arith_ceildivsi:
    case OP_arith_ceildivui: case OP_arith_floordivsi:
        if (is_one(k[1])) return fold_value(f, lhs);
        break;
    case OP_arith_remsi: case OP_arith_remui:
        if (is_one(k[1])) return fold_attr(f, zero_of(c, rt));
        break;
    case OP_arith_andi: {
        if (is_zero(k[1])) return fold_value(f, rhs);
        if (is_ones(k[1])) return fold_value(f, lhs);
        /* and(x, not(x)) -> 0 */
        if ((d = def_of(rhs, OP_arith_xori)) && opnd(d, 0) == lhs && is_ones(value_const(opnd(d, 1))))
            return fold_attr(f, zero_of(c, rt));
        if ((d = def_of(lhs, OP_arith_xori)) && opnd(d, 0) == rhs && is_ones(value_const(opnd(d, 1))))
            return fold_attr(f, zero_of(c, rt));
        /* and(a, and(a, b)) -> and(a, b) */
        for (int rev = 0; rev < 2; rev++) {
            Op *prev = def_of(rev ? rhs : lhs, OP_arith_andi);
            Value *other = rev ? lhs : rhs;
            if (prev && (other == opnd(prev, 0) || other == opnd(prev, 1))) return fold_value(f, &prev->res[0]);
        }
        break;
    }
    case OP_arith_ori:
        if (is_zero(k[1])) return fold_value(f, lhs);
        if (is_ones(k[1])) return fold_attr(f, k[1]);
        /* or(x, xor(x, 1)) -> 1 */
        if ((d = def_of(rhs, OP_arith_xori)) && opnd(d, 0) == lhs && is_ones(value_const(opnd(d, 1))))
            return fold_value(f, opnd(d, 1));
        if ((d = def_of(lhs, OP_arith_xori)) && opnd(d, 0) == rhs && is_ones(value_const(opnd(d, 1))))
            return fold_value(f, opnd(d, 1));
        break;
    case OP_arith_xori:
        if (is_zero(k[1])) return fold_value(f, lhs);
        if (lhs == rhs) {
            Attr *z = zero_of(c, rt);
            if (z) return fold_attr(f, z);
        }
        if ((d = def_of(lhs, OP_arith_xori))) {
            if (opnd(d, 1) == rhs) return fold_value(f, opnd(d, 0));
            if (opnd(d, 0) == rhs) return fold_value(f, opnd(d, 1));
        }
        if ((d = def_of(rhs, OP_arith_xori))) {
            if (opnd(d, 1) == lhs) return fold_value(f, opnd(d, 0));
            if (opnd(d, 0) == lhs) return fold_value(f, opnd(d, 1));
        }
        break;
    case OP_arith_shli: case OP_arith_shrsi: case OP_arith_shrui:
        if (is_zero(k[1])) return fold_value(f, lhs);
        break;
    case OP_arith_maxsi:
        if (lhs == rhs) return fold_value(f, rhs);
        if (is_smax(k[1])) return fold_value(f, rhs);
        if (is_smin(k[1])) return fold_value(f, lhs);
        break;
    case OP_arith_minsi:
        if (lhs == rhs) return fold_value(f, rhs);
        if (is_smin(k[1])) return fold_value(f, rhs);
        if (is_smax(k[1])) return fold_value(f, lhs);
        break;
    case OP_arith_maxui:
        if (lhs == rhs) return fold_value(f, rhs);
        if (is_ones(k[1])) return fold_value(f, rhs);
        if (is_zero(k[1])) return fold_value(f, lhs);
        break;
    case OP_arith_minui:
        if (lhs == rhs) return fold_value(f, rhs);
        if (is_zero(k[1])) return fold_value(f, rhs);
        if (is_ones(k[1])) return fold_value(f, lhs);
        break;
    case OP_arith_cmpi: return fold_cmpi(c, op, k, f);
    case OP_arith_cmpf: return fold_cmpf(c, op, k, f);
    case OP_arith_select: return fold_select(c, op, k, f);
    case OP_arith_addf:
        if (is_neg_zero(k[1])) return fold_value(f, lhs);
        break;
    case OP_arith_subf:
        if (is_pos_zero(k[1])) return fold_value(f, lhs);
        break;
    case OP_arith_mulf: case OP_arith_divf:
        if (is_fone(k[1])) return fold_value(f, lhs);
        break;
    case OP_arith_maximumf: case OP_arith_maxnumf:
        if (lhs == rhs) return fold_value(f, rhs);
        if (is_neg_inf(k[1])) return fold_value(f, lhs);
        break;
    case OP_arith_minimumf: case OP_arith_minnumf:
        if (lhs == rhs) return fold_value(f, rhs);
        if (is_pos_inf(k[1])) return fold_value(f, lhs);
        break;
    case OP_arith_negf:
        if ((d = def_of(lhs, OP_arith_negf))) return fold_value(f, opnd(d, 0));
        return fold_attr(f, fold_cast(c, id, k[0], rt, cast_elem));
    case OP_arith_extui: case OP_arith_extsi:
        /* ext(ext(x)) -> ext(x) */
        if ((d = def_of(lhs, id))) { op_set_operand(op, 0, opnd(d, 0)); return f->k = FOLD_IN_PLACE; }
        break;
    case OP_arith_trunci: {
        d = def_of(lhs, OP_arith_extui);
        if (!d) d = def_of(lhs, OP_arith_extsi);
        if (d) {
            Value *src = opnd(d, 0);
            int sw = int_width(type_elem(src->type)), dw = int_width(type_elem(rt));
            if (sw > dw) { op_set_operand(op, 0, src); return f->k = FOLD_IN_PLACE; }
            if (type_elem(src->type) == type_elem(rt)) return fold_value(f, src);
        }
        if ((d = def_of(lhs, OP_arith_trunci))) { op_set_operand(op, 0, opnd(d, 0)); return f->k = FOLD_IN_PLACE; }
        break;
    }
    case OP_arith_truncf:
        if ((d = def_of(lhs, OP_arith_extf))) {
            Value *src = opnd(d, 0);
            Type *st = type_elem(src->type), *it = type_elem(d->res[0].type), *dt = type_elem(rt);
            /* the source converts exactly to the intermediate type */
            bool exact = float_ok(st) && float_ok(it) && float_precision(st) <= float_precision(it) &&
                         (!strcmp(st->f.name, "bf16") ? strcmp(it->f.name, "f16") : true);
            if (exact && st->f.width > dt->f.width) { op_set_operand(op, 0, src); return f->k = FOLD_IN_PLACE; }
            if (exact && st == dt) return fold_value(f, src);
        }
        break;
    case OP_arith_extf:
        /* extf(truncf(x)) -> x when both allow contraction */
        if ((d = def_of(lhs, OP_arith_truncf)) && opnd(d, 0)->type == rt && has_contract(op) && has_contract(d))
            return fold_value(f, opnd(d, 0));
        break;
    default:
        break;
    }
    /* constant operands */
    switch (id) {
    case OP_arith_addi: case OP_arith_subi: case OP_arith_muli: case OP_arith_divsi:
    case OP_arith_divui: case OP_arith_ceildivsi: case OP_arith_ceildivui: case OP_arith_floordivsi:
    case OP_arith_remsi: case OP_arith_remui: case OP_arith_andi: case OP_arith_ori:
    case OP_arith_xori: case OP_arith_shli: case OP_arith_shrsi: case OP_arith_shrui:
    case OP_arith_maxsi: case OP_arith_maxui: case OP_arith_minsi: case OP_arith_minui:
        return fold_attr(f, fold_ints(c, id, k[0], k[1], rt, NULL, int_bin));
    case OP_arith_addf: case OP_arith_subf: case OP_arith_mulf: case OP_arith_divf:
    case OP_arith_remf: case OP_arith_maxnumf: case OP_arith_minnumf: case OP_arith_maximumf:
    case OP_arith_minimumf:
        return fold_attr(f, fold_floats(c, id, k[0], k[1], rt, flt_bin));
    }
    if (is_cast(id)) return fold_attr(f, fold_cast(c, id, k[0], rt, cast_elem));
    return NO_FOLD;
}

