/* passes/canonicalize.c - the `canonicalize` pass: MLIR's greedy pattern
 * rewrite driver with the folders and canonicalization patterns of the arith
 * ops, scf.if and scf.for, and the folders of tt.splat, tt.broadcast and
 * tt.addptr.
 *
 * The driver follows mlir::applyPatternsAndFoldGreedily (LLVM 19) closely,
 * so that the output matches `mlir-opt --canonicalize` op for op, down to the
 * order of the constants:
 *  - an iteration starts by walking the module.  Every arith.constant is
 *    uniqued in its insertion region (the entry block of the nearest
 *    enclosing op that is isolated from above or unregistered): a constant
 *    with the same value and type as one seen before is replaced by it, and
 *    a new one is moved to the top of that entry block unless the op before
 *    it is a constant already placed there (OperationFolder::
 *    insertKnownConstant).  All ops go on a LIFO worklist with set semantics,
 *    in program order (top-down) or post-order (bottom-up);
 *  - an op taken from the worklist is erased when it is trivially dead, else
 *    folded (a folded constant is materialized right before the op), else
 *    matched against the patterns.  A change queues the users of replaced
 *    values, the producers of operands left with at most one other user,
 *    ops that were inserted or moved, and the modified op itself, always
 *    together with their ancestors;
 *  - then region simplification erases unreachable blocks and dead ops;
 *  - iterations repeat while something changed, at most max-iterations.
 * When the module holds only functions (ops isolated from above), the driver
 * runs on each function alone, which gives the same result (see Job below)
 * and keeps the working set small; with threads=0 (the default) a module of
 * 20000 ops or more has its functions spread over one thread per CPU.
 *
 * Folders (as their MLIR counterparts; constants fold element-wise for
 * scalars, splats and dense tensors): the integer and float arith ops with
 * wrap-around at the type's width and no folding of a division by zero, a
 * signed overflow or an over-wide shift; cmpi, cmpf, select, the casts, and
 * the algebraic identities (x+0, x*1, x*0, x-x, x&x, x^x, x/1, ...).
 * Commutative ops get their constants moved to the right.  Floats fold for
 * f16, bf16, f32 and f64 only.
 * Patterns: those of ArithCanonicalization.td (reassociation of constants
 * in addi/subi/muli, cmpi/xori/andi/ori of extensions, select forms, cast
 * chains, ...) and CmpFIntToFPConst; for scf.if CombineIfs,
 * CombineNestedIfs, ConditionPropagation, ConvertTrivialIfToSelect,
 * RemoveEmptyElseBranch, RemoveStaticCondition, RemoveUnusedResults and
 * ReplaceIfYieldWithConditionOrValue; for scf.for ForOpIterArgsFolder and
 * SimplifyTrivialLoops.
 *
 * Where MLIR 19 is wrong this pass is not: a loop whose trip distance
 * overflows the bound type is kept (MLIR wraps it to a negative count and
 * deletes the loop), and a bitcast that would need the payload of a NaN
 * narrower than f64 is not folded (the IR keeps floats as doubles).
 *
 * Ops whose custom syntax was not understood (op->verbatim) are never folded
 * or rewritten; their results are used as opaque values, and they are erased
 * when dead and free of side effects, as MLIR does. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "greedy.h"
#include "pass.h"

/* whether v is defined inside a region of op */
static bool value_inside(Value *v, Op *op) {
    Block *b = v->def ? v->def->block : v->block;
    while (b && b->region) {
        Op *p = b->region->op;
        if (p == op) return true;
        if (!p) return false;
        b = p->block;
    }
    return false;
}

/* ---- constants: integers ---------------------------------------------- */
static int int_width(const Type *t) {
    return !t ? 0 : t->kind == T_INDEX ? 64 : t->kind == T_INT ? t->i.width : 0;
}
static uint64_t wmask(int w) { return w >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << w) - 1; }
static int64_t sext(uint64_t v, int w) {
    if (w >= 64) return (int64_t)v;
    v &= wmask(w);
    return (v >> (w - 1)) & 1 ? (int64_t)(v | ~wmask(w)) : (int64_t)v;
}
static int64_t smin_of(int w) { return w >= 64 ? INT64_MIN : -((int64_t)1 << (w - 1)); }
static int64_t smax_of(int w) { return w >= 64 ? INT64_MAX : ((int64_t)1 << (w - 1)) - 1; }

static bool int_elem(const Attr *a) { return a && (a->kind == A_INT || a->kind == A_BOOL) && int_width(a->type); }

/* a scalar integer or a splat of one (m_ConstantInt) */
static bool const_int(Attr *a, uint64_t *v, int *w) {
    if (!a) return false;
    if (a->kind == A_DENSE) {
        if (!a->dense.splat || a->dense.n < 1) return false;
        a = a->dense.elts[0];
    }
    if (!int_elem(a)) return false;
    *w = int_width(a->type);
    *v = (uint64_t)a->i & wmask(*w);
    return true;
}
static bool is_zero(Attr *a) { uint64_t v; int w; return const_int(a, &v, &w) && v == 0; }
static bool is_one(Attr *a) { uint64_t v; int w; return const_int(a, &v, &w) && v == 1; }
static bool is_ones(Attr *a) { uint64_t v; int w; return const_int(a, &v, &w) && v == wmask(w); }
static bool is_smax(Attr *a) { uint64_t v; int w; return const_int(a, &v, &w) && sext(v, w) == smax_of(w); }
static bool is_smin(Attr *a) { uint64_t v; int w; return const_int(a, &v, &w) && sext(v, w) == smin_of(w); }

/* ---- constants: floats ------------------------------------------------ */
/* the float types whose arithmetic a double reproduces exactly */
static bool float_ok(const Type *t) {
    if (!t || t->kind != T_FLOAT) return false;
    const char *n = t->f.name;
    return !strcmp(n, "f16") || !strcmp(n, "bf16") || !strcmp(n, "f32") || !strcmp(n, "f64");
}
static int float_precision(const Type *t) {
    const char *n = t->f.name;
    return !strcmp(n, "f16") ? 11 : !strcmp(n, "bf16") ? 8 : !strcmp(n, "f32") ? 24 : 53;
}
static bool float_elem(const Attr *a) { return a && a->kind == A_FLOAT && float_ok(a->type); }

static bool const_float(Attr *a, double *f) {
    if (!a) return false;
    if (a->kind == A_DENSE) {
        if (!a->dense.splat || a->dense.n < 1) return false;
        a = a->dense.elts[0];
    }
    if (!float_elem(a)) return false;
    *f = a->f;
    return true;
}
static bool is_fval(Attr *a, double x, bool neg) {
    double f;
    return const_float(a, &f) && f == x && !signbit(f) == !neg;
}
static bool is_neg_zero(Attr *a) { return is_fval(a, 0.0, true); }
static bool is_pos_zero(Attr *a) { return is_fval(a, 0.0, false); }
static bool is_fone(Attr *a) { return is_fval(a, 1.0, false); }
static bool is_neg_inf(Attr *a) { return is_fval(a, -INFINITY, true); }
static bool is_pos_inf(Attr *a) { return is_fval(a, INFINITY, false); }

/* bit patterns of the supported float types */
static uint64_t float_bits(const Type *t, double v) {
    const char *n = t->f.name;
    if (!strcmp(n, "f64")) { uint64_t u; memcpy(&u, &v, 8); return u; }
    if (!strcmp(n, "f32") || !strcmp(n, "bf16")) {
        float f = (float)v;
        uint32_t u;
        memcpy(&u, &f, 4);
        return !strcmp(n, "f32") ? u : u >> 16;
    }
    uint64_t s = signbit(v) ? 0x8000 : 0;      /* f16 */
    if (isnan(v)) return s | 0x7E00;
    if (isinf(v)) return s | 0x7C00;
    double a = fabs(v);
    if (a == 0) return s;
    int e;
    frexp(a, &e);
    int ex = e - 1;
    if (ex < -14) return s | (uint64_t)ldexp(a, 24);
    return s | (uint64_t)(ex + 15) << 10 | ((uint64_t)ldexp(a, 10 - ex) - 1024);
}
static double bits_float(const Type *t, uint64_t v) {
    const char *n = t->f.name;
    if (!strcmp(n, "f64")) { double d; memcpy(&d, &v, 8); return d; }
    if (!strcmp(n, "f32") || !strcmp(n, "bf16")) {
        uint32_t u = !strcmp(n, "f32") ? (uint32_t)v : (uint32_t)v << 16;
        float f;
        memcpy(&f, &u, 4);
        return f;
    }
    int e = (int)((v >> 10) & 31), m = (int)(v & 1023);
    double d = e == 0 ? ldexp(m, -24) : e == 31 ? (m ? NAN : INFINITY) : ldexp(1024 + m, e - 25);
    return v & 0x8000 ? -d : d;
}

/* an integer of magnitude mag rounded to t, nearest with ties to even
 * (APFloat::convertFromAPInt) */
static double int_to_float(const Type *t, bool neg, uint64_t mag) {
    int p = float_precision(t);
    double r;
    if (!mag) return 0.0;
    int msb = 63 - __builtin_clzll(mag);
    if (msb + 1 > p) {
        int sh = msb + 1 - p;
        uint64_t q = mag >> sh, rem = mag & (((uint64_t)1 << sh) - 1), half = (uint64_t)1 << (sh - 1);
        if (rem > half || (rem == half && (q & 1))) q++;
        r = ldexp((double)q, sh);
    } else r = (double)mag;
    return float_round(t, neg ? -r : r);
}

/* a NaN result: the first NaN operand, or the default NaN (positive, quiet)
 * when the operation made it, as APFloat does */
static double nan_result(double r, double a, double b, bool two) {
    if (!isnan(r)) return r;
    if (isnan(a)) return a;
    if (two && isnan(b)) return b;
    return NAN;
}

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

/* the zero of an int or float type, or a splat of it (Builder::getZeroAttr) */
static Attr *zero_of(Ctx *c, Type *t) {
    Type *et = type_elem(t);
    Attr *z = int_width(et) ? attr_int(c, et, 0) : et && et->kind == T_FLOAT ? attr_float(c, et, 0.0) : NULL;
    if (!z) return NULL;
    if (type_is_shaped(t)) {
        if (type_numel(t) < 0) return NULL;
        return attr_dense(c, t, 1, &z);
    }
    return z;
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
static bool int_bin(int id, int w, uint64_t a, uint64_t b, uint64_t *r);
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

/* ---- the element operations ----------------------------------------- */
static bool ceildivsi(int w, int64_t a, int64_t b, int64_t *r) {
    if (!b) return false;
    if (!a) { *r = 0; return true; }
    /* MLIR negates the negative operands first and gives up when that
     * overflows */
    if ((a < 0 && a == smin_of(w)) || (b < 0 && b == smin_of(w))) return false;
    int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) == (b < 0))) q++;
    *r = q;
    return true;
}

static bool int_bin(int id, int w, uint64_t a, uint64_t b, uint64_t *r) {
    int64_t sa = sext(a, w), sb = sext(b, w);
    switch (id) {
    case OP_arith_addi: *r = a + b; return true;
    case OP_arith_subi: *r = a - b; return true;
    case OP_arith_muli: *r = a * b; return true;
    case OP_arith_andi: *r = a & b; return true;
    case OP_arith_ori: *r = a | b; return true;
    case OP_arith_xori: *r = a ^ b; return true;
    case OP_arith_divui: if (!b) return false; *r = a / b; return true;
    case OP_arith_remui: if (!b) return false; *r = a % b; return true;
    case OP_arith_ceildivui:
        if (!b) return false;
        *r = a / b + (a % b != 0);   /* cannot overflow: a / b < max when a % b != 0 */
        return true;
    case OP_arith_divsi:
        if (!b || (sa == smin_of(w) && sb == -1)) return false;
        *r = (uint64_t)(sa / sb);
        return true;
    case OP_arith_remsi:
        if (!b) return false;
        *r = sb == -1 ? 0 : (uint64_t)(sa % sb);
        return true;
    case OP_arith_floordivsi: {
        if (!b || (sa == smin_of(w) && sb == -1)) return false;
        int64_t q = sa / sb;
        if ((sa % sb != 0) && ((sa < 0) != (sb < 0))) q--;
        *r = (uint64_t)q;
        return true;
    }
    case -OP_arith_floordivsi: {   /* the element-wise form, see fold_ints */
        if (!b) { *r = a; return false; }
        if (sa == smin_of(w) && sb == -1) { *r = a; return false; }
        return int_bin(OP_arith_floordivsi, w, a, b, r);
    }
    case OP_arith_ceildivsi: {
        int64_t q;
        if (!ceildivsi(w, sa, sb, &q)) return false;
        *r = (uint64_t)q;
        return true;
    }
    /* an amount of the width or more shifts everything out (APInt) */
    case OP_arith_shli: *r = b >= (uint64_t)w ? 0 : a << b; return true;
    case OP_arith_shrui: *r = b >= (uint64_t)w ? 0 : a >> b; return true;
    case OP_arith_shrsi: *r = (uint64_t)(sa >> (b >= (uint64_t)w ? w - 1 : (int)b)); return true;
    case OP_arith_maxsi: *r = sa > sb ? a : b; return true;
    case OP_arith_minsi: *r = sa < sb ? a : b; return true;
    case OP_arith_maxui: *r = a > b ? a : b; return true;
    case OP_arith_minui: *r = a < b ? a : b; return true;
    }
    return false;
}

/* cmpi: id is the predicate (eq ne slt sle sgt sge ult ule ugt uge) */
static bool int_cmp(int id, int w, uint64_t a, uint64_t b, uint64_t *r) {
    int64_t sa = sext(a, w), sb = sext(b, w);
    bool v;
    switch (id) {
    case 0: v = a == b; break;
    case 1: v = a != b; break;
    case 2: v = sa < sb; break;
    case 3: v = sa <= sb; break;
    case 4: v = sa > sb; break;
    case 5: v = sa >= sb; break;
    case 6: v = a < b; break;
    case 7: v = a <= b; break;
    case 8: v = a > b; break;
    case 9: v = a >= b; break;
    default: return false;
    }
    *r = v;
    return true;
}

static bool flt_bin(int id, const Type *t, double a, double b, double *r) {
    double x;
    switch (id) {
    case OP_arith_addf: x = nan_result(a + b, a, b, true); break;
    case OP_arith_subf: x = nan_result(a - b, a, b, true); break;
    case OP_arith_mulf: x = nan_result(a * b, a, b, true); break;
    case OP_arith_divf: x = nan_result(a / b, a, b, true); break;
    case OP_arith_remf: x = nan_result(fmod(a, b), a, b, true); break;
    case OP_arith_minnumf:
        if (isnan(a)) x = b;
        else if (isnan(b)) x = a;
        else if (a == 0 && b == 0 && signbit(a) != signbit(b)) x = signbit(a) ? a : b;
        else x = b < a ? b : a;
        break;
    /* MLIR 19 folds maxnumf with llvm::maximum, NaN propagating: same here */
    case OP_arith_maxnumf:
    case OP_arith_maximumf:
        if (isnan(a)) x = a;
        else if (isnan(b)) x = b;
        else if (a == 0 && b == 0 && signbit(a) != signbit(b)) x = signbit(a) ? b : a;
        else x = a < b ? b : a;
        break;
    case OP_arith_minimumf:
        if (isnan(a)) x = a;
        else if (isnan(b)) x = b;
        else if (a == 0 && b == 0 && signbit(a) != signbit(b)) x = signbit(a) ? a : b;
        else x = b < a ? b : a;
        break;
    default: return false;
    }
    *r = float_round(t, x);
    return true;
}

/* cmpf predicates, in the order of the enum: false oeq ogt oge olt ole one
 * ord ueq ugt uge ult ule une uno true */
static bool flt_cmp(int pred, double a, double b) {
    bool un = isnan(a) || isnan(b), lt = !un && a < b, gt = !un && a > b, eq = !un && a == b;
    switch (pred) {
    case 0: return false;
    case 1: return eq;
    case 2: return gt;
    case 3: return gt || eq;
    case 4: return lt;
    case 5: return lt || eq;
    case 6: return lt || gt;
    case 7: return !un;
    case 8: return un || eq;
    case 9: return un || gt;
    case 10: return un || gt || eq;
    case 11: return un || lt;
    case 12: return un || lt || eq;
    case 13: return !eq;
    case 14: return un;
    default: return true;
    }
}

static bool cast_elem(int id, Ctx *c, Attr *e, Type *et, Attr **r) {
    switch (id) {
    case OP_arith_negf:
        if (!float_elem(e)) return false;
        *r = attr_float(c, e->type, -e->f);
        return true;
    case OP_arith_extsi: case OP_arith_extui: case OP_arith_trunci:
    case OP_arith_index_cast: case OP_arith_index_castui: {
        if (!int_elem(e) || !int_width(et)) return false;
        int w = int_width(e->type);
        uint64_t v = (uint64_t)e->i & wmask(w);
        bool sgn = id == OP_arith_extsi || id == OP_arith_index_cast;
        *r = attr_int(c, et, sgn ? sext(v, w) : (int64_t)v);
        return true;
    }
    case OP_arith_sitofp: case OP_arith_uitofp: {
        if (!int_elem(e) || !float_ok(et)) return false;
        int w = int_width(e->type);
        uint64_t v = (uint64_t)e->i & wmask(w);
        bool neg = id == OP_arith_sitofp && sext(v, w) < 0;
        uint64_t mag = neg ? (uint64_t)0 - (uint64_t)sext(v, w) : v;
        *r = attr_float(c, et, int_to_float(et, neg, mag));
        return true;
    }
    case OP_arith_fptosi: case OP_arith_fptoui: {
        if (!float_elem(e) || !int_width(et)) return false;
        int w = int_width(et);
        double t = trunc(e->f);
        if (!isfinite(t)) return false;
        if (id == OP_arith_fptosi) {
            if (t < ldexp(-1.0, w - 1) || t >= ldexp(1.0, w - 1)) return false;
            *r = attr_int(c, et, (int64_t)t);
        } else {
            if (t < 0 || t >= ldexp(1.0, w)) return false;
            *r = attr_int(c, et, (int64_t)(uint64_t)t);
        }
        return true;
    }
    case OP_arith_extf: case OP_arith_truncf: {
        if (!float_elem(e) || !float_ok(et)) return false;
        double v = float_round(et, e->f);
        /* truncf folds only when the value converts exactly */
        if (!(v == e->f || isnan(e->f)) || (v == 0 && signbit(v) != signbit(e->f))) return false;
        *r = attr_float(c, et, isnan(e->f) ? e->f : v);
        return true;
    }
    case OP_arith_bitcast: {
        /* a NaN of a type narrower than f64 does not keep its payload in the
         * IR's double, so its bits are not known exactly: no fold */
        uint64_t bits;
        int w;
        if (int_elem(e)) { w = int_width(e->type); bits = (uint64_t)e->i & wmask(w); }
        else if (float_elem(e) && !(isnan(e->f) && e->type->f.width < 64)) { w = e->type->f.width; bits = float_bits(e->type, e->f); }
        else return false;
        if (int_width(et) == w) *r = attr_int(c, et, (int64_t)bits);
        else if (float_ok(et) && et->f.width == w) {
            double d = bits_float(et, bits);
            if (isnan(d) && float_bits(et, d) != bits) return false;
            *r = attr_float(c, et, d);
        } else return false;
        return true;
    }
    }
    return false;
}

/* ---- folders ---------------------------------------------------------- */
static FoldKind fold_value(Folded *f, Value *v) { f->v = v; return f->k = FOLD_VALUE; }
static FoldKind fold_attr(Folded *f, Attr *a) { if (!a) return NO_FOLD; f->a = a; return f->k = FOLD_ATTR; }

static Value *opnd(const Op *op, int i) { return op->opnds[i].value; }

/* the decoded op of kind id that defines v, or NULL */
static Op *def_of(Value *v, int id) {
    return v && v->def && op_is(v->def, id) && !v->def->verbatim ? v->def : NULL;
}

/* a bool of type t: i1 or a splat of it (getBoolAttribute) */
static Attr *bool_of(Ctx *c, Type *t, bool v) {
    Attr *b = attr_int(c, type_int(c, 1, SIGNLESS), v);
    if (!type_is_shaped(t)) return b;
    if (type_numel(t) < 0) return NULL;
    return attr_dense(c, t, 1, &b);
}

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

static bool is_cast(int id) {
    switch (id) {
    case OP_arith_extsi: case OP_arith_extui: case OP_arith_extf: case OP_arith_trunci:
    case OP_arith_truncf: case OP_arith_sitofp: case OP_arith_uitofp: case OP_arith_fptosi:
    case OP_arith_fptoui: case OP_arith_index_cast: case OP_arith_index_castui: case OP_arith_bitcast:
        return true;
    }
    return false;
}

/* the op's own folder (Op::fold); NO_FOLD when it does not apply */
static FoldKind fold_own(Ctx *c, Op *op, Attr **k, Folded *f) {
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
    case OP_tt_splat:
        if (k[0] && (k[0]->kind == A_INT || k[0]->kind == A_FLOAT) && type_is_shaped(rt) &&
            type_numel(rt) >= 0 && k[0]->type == type_elem(rt))
            return fold_attr(f, attr_dense(c, rt, 1, &k[0]));
        return NO_FOLD;
    case OP_tt_broadcast:
        if (lhs->type == rt) return fold_value(f, lhs);
        if (k[0] && k[0]->kind == A_DENSE && k[0]->dense.splat && type_is_shaped(rt) && type_numel(rt) >= 0)
            return fold_attr(f, attr_dense(c, rt, 1, &k[0]->dense.elts[0]));
        return NO_FOLD;
    case OP_tt_addptr:
        if (is_zero(k[1])) return fold_value(f, lhs);
        return NO_FOLD;
    case OP_tt_fp_to_fp: {
        /* Triton's folder: a no-op cast, and +0 / -0 in any float type (a type
         * without a negative zero, the FNUZ formats, takes +0) */
        if (lhs->type == rt) return fold_value(f, lhs);
        bool pz = is_pos_zero(k[0]), nz = !pz && is_neg_zero(k[0]);
        Type *et = type_elem(rt);
        if ((!pz && !nz) || !et || et->kind != T_FLOAT) return NO_FOLD;
        if (nz && strstr(et->f.name, "FNUZ")) nz = false;
        Attr *z = attr_float(c, et, nz ? -0.0 : 0.0);
        if (!type_is_shaped(rt)) return fold_attr(f, z);
        if (type_numel(rt) < 0) return NO_FOLD;
        return fold_attr(f, attr_dense(c, rt, 1, &z));
    }
    case OP_tt_expand_dims: case OP_tt_reshape: case OP_tt_trans:
        /* Triton's folders: a splat constant takes the new shape */
        if (k[0] && k[0]->kind == A_DENSE && k[0]->dense.splat && type_is_shaped(rt) && type_numel(rt) >= 0)
            return fold_attr(f, attr_dense(c, rt, 1, &k[0]->dense.elts[0]));
        return NO_FOLD;
    case OP_tt_make_range: {
        /* a range of one element is a constant */
        Attr *st = op_attr(op, "start"), *en = op_attr(op, "end");
        if (st && en && st->kind == A_INT && en->kind == A_INT && en->i - st->i == 1 && type_is_shaped(rt) && type_numel(rt) == 1) {
            Attr *e = attr_int(c, type_elem(rt), st->i);
            return fold_attr(f, attr_dense(c, rt, 1, &e));
        }
        return NO_FOLD;
    }
    case OP_tt_int_to_ptr:
        /* int_to_ptr(ptr_to_int(p)) -> p */
        if ((d = def_of(lhs, OP_tt_ptr_to_int)) && opnd(d, 0)->type == rt) return fold_value(f, opnd(d, 0));
        return NO_FOLD;
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

/* Operation::fold: the op's folder, then the folders of its traits */
static FoldKind fold_if(Op *op, Folded *f);

static FoldKind fold_op(Ctx *c, Op *op, Folded *f) {
    if (op_is(op, OP_scf_if) && !op->verbatim) return fold_if(op, f);
    if (op->verbatim || op->nres != 1 || op->info->id < 0) return NO_FOLD;
    for (int i = 0; i < op->nopnds; i++) if (!opnd(op, i)) return NO_FOLD;
    Attr *k[3] = { NULL, NULL, NULL };
    for (int i = 0; i < op->nopnds && i < 3; i++) k[i] = value_const(opnd(op, i));
    f->k = NO_FOLD;
    FoldKind r = fold_own(c, op, k, f);
    if (r != NO_FOLD && !(r == FOLD_VALUE && f->v == &op->res[0])) return r;
    if (r == FOLD_VALUE) r = f->k = FOLD_IN_PLACE;
    int id = op->info->id;
    /* commutative: constants move behind the other operands, in order */
    if ((op->info->traits & TR_COMMUTATIVE) && op->nopnds >= 2 && op->nopnds <= 3) {
        Value *v[3];
        int n = 0;
        for (int i = 0; i < op->nopnds; i++) if (!k[i]) v[n++] = opnd(op, i);
        for (int i = 0; i < op->nopnds; i++) if (k[i]) v[n++] = opnd(op, i);
        bool moved = false;
        for (int i = 0; i < op->nopnds; i++) if (v[i] != opnd(op, i)) moved = true;
        if (moved) {
            for (int i = 0; i < op->nopnds; i++) op_set_operand(op, i, v[i]);
            return f->k = FOLD_IN_PLACE;
        }
    }
    /* idempotent: x & x, x | x */
    if ((id == OP_arith_andi || id == OP_arith_ori) && opnd(op, 0) == opnd(op, 1)) return fold_value(f, opnd(op, 0));
    /* a cast to its own type */
    if (is_cast(id) && opnd(op, 0)->type == op->res[0].type) return fold_value(f, opnd(op, 0));
    return r;
}

/* ---- patterns --------------------------------------------------------- */
/* a region with one block ending in a decoded terminator with n operands */
static bool simple_region(Region *r, int n) {
    Block *b = r->first;
    if (!b || b != r->last) return false;
    Op *t = block_terminator(b);
    return t && !t->verbatim && t->nopnds == n && t->nsuccs == 0;
}

/* replaceOpWithRegion: the block of r moves before op, its arguments
 * replaced by args, and the values it yields replace op's results */
static void inline_region(Rewriter *rw, Op *op, Region *r, Value *const *args) {
    Block *b = r->first;
    Op *term = b->last;
    int n = term->nopnds;
    Value **res = malloc(sizeof(Value *) * (size_t)(n ? n : 1));
    for (int i = 0; i < b->nargs; i++) rw_replace_value(rw, b->args[i], args[i]);
    for (int i = 0; i < n; i++) res[i] = opnd(term, i);
    while (b->first) {
        Op *o = b->first;
        op_unlink(o);
        op_insert_before(op, o);
        rw_notify(rw, o);
    }
    block_unlink(b);
    rw_replace_op(rw, op, res);
    rw_erase(rw, term);
    free(res);
}

/* scf.if on a constant condition (RemoveStaticCondition) */
static bool if_static_condition(Rewriter *rw, Op *op) {
    Attr *k = value_const(opnd(op, 0));
    if (!k || !int_elem(k) || !type_is_int(k->type, 1)) return false;
    Region *r = k->i ? &op->regions[0] : op->nregions > 1 ? &op->regions[1] : NULL;
    if (r && r->first) {
        if (!simple_region(r, op->nres)) return false;
        inline_region(rw, op, r, NULL);
    } else {
        if (op->nres) return false;
        rw_erase(rw, op);
    }
    return true;
}

static bool const_sint(Value *v, int64_t *out) {
    Attr *k = value_const(v);
    if (!k || k->kind == A_DENSE || !int_elem(k)) return false;
    *out = sext((uint64_t)k->i, int_width(k->type));
    return true;
}

/* scf.for that runs zero times, once, or has an empty body yielding values
 * from outside (SimplifyTrivialLoops) */
static bool for_trivial(Rewriter *rw, Op *op) {
    Value *lb = opnd(op, 0), *ub = opnd(op, 1), *step = opnd(op, 2);
    Value **inits = op->nopnds > 3 ? (Value **)malloc(sizeof(Value *) * (size_t)(op->nopnds - 3)) : NULL;
    int ninit = op->nopnds - 3;
    bool done = false;
    for (int i = 0; i < ninit; i++) inits[i] = opnd(op, 3 + i);
    Region *body = &op->regions[0];
    if (!simple_region(body, op->nres) || body->first->nargs != 1 + ninit || ninit != op->nres) goto out;
    if (lb == ub) { rw_replace_op(rw, op, inits); done = true; goto out; }
    /* the trip distance, from constants or ub = lb + c */
    int64_t l, u, s, diff;
    Op *add;
    if (const_sint(lb, &l) && const_sint(ub, &u)) {
        if (__builtin_sub_overflow(u, l, &diff)) goto out;
    } else if ((add = def_of(ub, OP_arith_addi)) && opnd(add, 0) == lb && const_sint(opnd(add, 1), &diff)) {
    } else if (add && opnd(add, 1) == lb && const_sint(opnd(add, 0), &diff)) {
    } else goto out;
    if (diff <= 0) { rw_replace_op(rw, op, inits); done = true; goto out; }
    if (!const_sint(step, &s)) goto out;
    if (s >= diff) {
        Value **args = malloc(sizeof(Value *) * (size_t)(1 + ninit));
        args[0] = lb;
        for (int i = 0; i < ninit; i++) args[1 + i] = inits[i];
        inline_region(rw, op, body, args);
        free(args);
        done = true;
        goto out;
    }
    /* more iterations: an empty body that yields values defined outside */
    Block *b = body->first;
    if (b->first != b->last) goto out;
    Op *y = b->last;
    for (int i = 0; i < y->nopnds; i++) if (value_inside(opnd(y, i), op)) goto out;
    for (int i = 0; i < ninit; i++) inits[i] = opnd(y, i);
    rw_replace_op(rw, op, inits);
    done = true;
out:
    free(inits);
    return done;
}

/* scf.for loop-carried values that are only passed along: the body yields
 * the iteration argument, or the argument is unused and the body yields the
 * initial value or the result is unused too (ForOpIterArgsFolder).  The loop
 * is rebuilt without them. */
static void filter_yield(Rewriter *rw, Op *y, const bool *keep, bool replaced);

static bool for_iter_args(Rewriter *rw, Op *op) {
    Region *body = &op->regions[0];
    int n = op->nres;
    if (n < 1 || op->nopnds != 3 + n || !simple_region(body, n) || body->first->nargs != 1 + n) return false;
    Block *b = body->first;
    Op *y = b->last;
    bool *keep = calloc((size_t)n, sizeof(bool));
    int nkeep = 0;
    for (int i = 0; i < n; i++) {
        Value *init = opnd(op, 3 + i), *arg = b->args[1 + i], *yv = opnd(y, i);
        keep[i] = !(arg == yv || (!arg->uses && (init == yv || !op->res[i].uses)));
        nkeep += keep[i];
    }
    if (nkeep == n) { free(keep); return false; }
    Ctx *c = rw_ctx(rw);
    Type **rt = malloc(sizeof(Type *) * (size_t)(nkeep + 1));
    Value **ops = malloc(sizeof(Value *) * (size_t)(3 + nkeep));
    Value **repl = malloc(sizeof(Value *) * (size_t)n);
    for (int i = 0; i < 3; i++) ops[i] = opnd(op, i);
    for (int i = 0, j = 0; i < n; i++)
        if (keep[i]) { rt[j] = opnd(op, 3 + i)->type; ops[3 + j] = opnd(op, 3 + i); j++; }
    Op *nf = op_new(c, "scf.for", nkeep, rt, 3 + nkeep, ops, 1, op->loc);
    nf->locattr = op->locattr;
    for (int i = 0; i < op->nattrs; i++) op_set_attr(c, nf, op->attrs[i].name, op->attrs[i].value);
    for (int i = 0; i < op->nprops; i++) op_set_prop(c, nf, op->props[i].name, op->props[i].value);
    nf->has_props = op->has_props;
    op_insert_before(op, nf);
    rw_notify(rw, nf);
    block_unlink(b);
    region_append_block(&nf->regions[0], b);
    for (int i = n - 1; i >= 0; i--) {
        if (keep[i]) continue;
        rw_replace_value(rw, b->args[1 + i], opnd(op, 3 + i));
        block_erase_arg(b, 1 + i);
    }
    for (Op *o = b->first; o; o = o->next) rw_notify(rw, o);
    filter_yield(rw, y, keep, true);
    for (int i = 0, j = 0; i < n; i++) repl[i] = keep[i] ? &nf->res[j++] : opnd(op, 3 + i);
    rw_replace_op(rw, op, repl);
    free(keep); free(rt); free(ops); free(repl);
    return true;
}

/* ---- scf.if ------------------------------------------------------------ */
/* a decoded scf.if whose regions have the expected shape */
static bool if_ok(const Op *op) {
    if (op->verbatim || op->nregions != 2 || op->nopnds != 1) return false;
    if (!simple_region(&op->regions[0], op->nres)) return false;
    if (op->regions[1].first) return simple_region(&op->regions[1], op->nres);
    return op->nres == 0;
}
static Op *then_yield(Op *op) { return op->regions[0].first->last; }
static Op *else_yield(Op *op) { return op->regions[1].first ? op->regions[1].first->last : NULL; }

static Region *parent_region(Value *v) { return v->def ? (v->def->block ? v->def->block->region : NULL) : v->block ? v->block->region : NULL; }

static void move_body(Region *from, Region *to) {
    while (from->first) {
        Block *b = from->first;
        block_unlink(b);
        region_append_block(to, b);
    }
}

/* drop the operands of a yield whose keep flag is false.  With replaced,
 * the queue sees what MLIR does when it builds a new yield and erases the
 * old one; else the yield was modified in place. */
static void filter_yield(Rewriter *rw, Op *y, const bool *keep, bool replaced) {
    if (replaced) {
        for (int i = 0; i < y->nopnds; i++) {
            Value *v = opnd(y, i);
            bool kept = false;
            for (int j = 0; j < y->nopnds && !kept; j++) kept = keep[j] && opnd(y, j) == v;
            if (v && v->def && rw_few_users(v, y, kept ? y : NULL)) rw_notify(rw, v->def);
        }
    }
    for (int i = y->nopnds - 1; i >= 0; i--)
        if (!keep[i]) op_remove_operand(y, i);
    rw_notify(rw, y);
}

/* a copy of scf.if op with only the results whose keep flag is set, taking
 * over op's regions; the yields are trimmed to match.  replaced: as if new
 * yields replaced the old ones, and the regions were moved whole (else op
 * by op, each op queued) */
static Op *if_rebuild(Rewriter *rw, Op *op, const bool *keep, bool replaced) {
    int n = 0;
    Type **rt = malloc(sizeof(Type *) * (size_t)(op->nres + 1));
    for (int i = 0; i < op->nres; i++) if (keep[i]) rt[n++] = op->res[i].type;
    Value *cond = opnd(op, 0);
    Op *nif = op_new(rw_ctx(rw), "scf.if", n, rt, 1, &cond, 2, op->loc);
    free(rt);
    nif->locattr = op->locattr;
    for (int i = 0; i < op->nattrs; i++) op_set_attr(rw_ctx(rw), nif, op->attrs[i].name, op->attrs[i].value);
    op_insert_before(op, nif);
    rw_notify(rw, nif);
    for (int r = 0; r < 2; r++) {
        move_body(&op->regions[r], &nif->regions[r]);
        if (nif->regions[r].first) {
            if (!replaced)
                for (Op *o = nif->regions[r].first->first; o; o = o->next) rw_notify(rw, o);
            filter_yield(rw, nif->regions[r].first->last, keep, replaced);
        }
    }
    return nif;
}

/* if (!c) A else B -> if c B else A (IfOp::fold) */
static FoldKind fold_if(Op *op, Folded *f) {
    if (!if_ok(op) || !op->regions[1].first) return NO_FOLD;
    Op *x = def_of(opnd(op, 0), OP_arith_xori);
    if (!x || !is_one(value_const(opnd(x, 1)))) return NO_FOLD;
    op_set_operand(op, 0, opnd(x, 0));
    Block *t = op->regions[0].first, *e = op->regions[1].first;
    block_unlink(t);
    block_unlink(e);
    region_append_block(&op->regions[0], e);
    region_append_block(&op->regions[1], t);
    return f->k = FOLD_IN_PLACE;
}

/* uses of the condition inside the branches become true or false
 * (ConditionPropagation) */
static bool if_condition_propagation(Rewriter *rw, Op *op) {
    Value *cond = opnd(op, 0);
    if (value_const(cond)) return false;
    Region *end = parent_region(cond);
    Value *vt = NULL, *vf = NULL;
    bool changed = false;
    for (Use *u = cond->uses, *nx; u; u = nx) {
        nx = u->next;
        int side = -1;
        for (Region *r = u->owner->block ? u->owner->block->region : NULL; r && r != end;) {
            if (r == &op->regions[0]) { side = 1; break; }
            if (r == &op->regions[1]) { side = 0; break; }
            Op *p = r->op;
            r = p && p->block ? p->block->region : NULL;
        }
        if (side < 0) continue;
        Value **k = side ? &vt : &vf;
        if (!*k) *k = rw_const_before(rw, op, attr_int(rw_ctx(rw), type_int(rw_ctx(rw), 1, SIGNLESS), side), type_int(rw_ctx(rw), 1, SIGNLESS));
        Op *owner = u->owner;
        op_set_operand(owner, u->index, *k);
        rw_notify(rw, owner);
        changed = true;
    }
    return changed;
}

/* results yielded from outside the if become selects (ConvertTrivialIfToSelect) */
static bool if_to_select(Rewriter *rw, Op *op) {
    int n = op->nres;
    if (n < 1) return false;
    Op *ty = then_yield(op), *ey = else_yield(op);
    bool *keep = malloc(sizeof(bool) * (size_t)n);
    int nkeep = 0;
    for (int i = 0; i < n; i++) {
        keep[i] = parent_region(opnd(ty, i)) == &op->regions[0] || parent_region(opnd(ey, i)) == &op->regions[1];
        nkeep += keep[i];
    }
    if (nkeep == n) { free(keep); return false; }
    Value **vals = malloc(sizeof(Value *) * (size_t)(2 * n));
    for (int i = 0; i < n; i++) { vals[2 * i] = opnd(ty, i); vals[2 * i + 1] = opnd(ey, i); }
    Op *nif = if_rebuild(rw, op, keep, true);
    Value **res = malloc(sizeof(Value *) * (size_t)n);
    Value *cond = opnd(op, 0);
    for (int i = 0, j = 0; i < n; i++) {
        Value *tv = vals[2 * i], *fv = vals[2 * i + 1];
        if (keep[i]) res[i] = &nif->res[j++];
        else if (tv == fv) res[i] = tv;
        else {
            Value *ops[3] = { cond, tv, fv };
            res[i] = &rw_create_before(rw, nif, "arith.select", op->res[i].type, 3, ops)->res[0];
        }
    }
    rw_replace_op(rw, op, res);
    free(keep); free(vals); free(res);
    return true;
}

/* an else branch that only yields goes (RemoveEmptyElseBranch) */
static bool if_empty_else(Rewriter *rw, Op *op) {
    Block *eb = op->regions[1].first;
    if (op->nres || !eb || eb->first != eb->last) return false;
    rw_erase(rw, eb->last);
    block_unlink(eb);
    rw_notify(rw, op);
    return true;
}

/* results without uses go (RemoveUnusedResults) */
static bool if_unused_results(Rewriter *rw, Op *op) {
    int n = op->nres, used = 0;
    if (n < 1) return false;
    bool *keep = malloc(sizeof(bool) * (size_t)n);
    for (int i = 0; i < n; i++) used += keep[i] = op->res[i].uses != NULL;
    if (used == n) { free(keep); return false; }
    Op *nif = if_rebuild(rw, op, keep, false);
    Value **res = malloc(sizeof(Value *) * (size_t)n);
    for (int i = 0, j = 0; i < n; i++) res[i] = keep[i] ? &nif->res[j++] : NULL;
    rw_replace_op(rw, op, res);
    free(keep); free(res);
    return true;
}

static void replace_uses_quietly(Value *from, Value *to) { value_replace_all_uses(from, to); }

/* results that are the same value in both branches, or the condition or its
 * negation (ReplaceIfYieldWithConditionOrValue) */
static bool if_yield_condition(Rewriter *rw, Op *op) {
    if (!op->nres) return false;
    Op *ty = then_yield(op), *ey = else_yield(op);
    Value *cond = opnd(op, 0);
    bool changed = false;
    for (int i = 0; i < op->nres; i++) {
        Value *tv = opnd(ty, i), *fv = opnd(ey, i), *res = &op->res[i];
        if (tv == fv) {
            if (res->uses) { replace_uses_quietly(res, tv); changed = true; }
            continue;
        }
        Attr *a = value_const(tv), *b = value_const(fv);
        if (!a || !b || !int_elem(a) || !int_elem(b) || !type_is_int(a->type, 1) || !type_is_int(b->type, 1)) continue;
        if (!a->i && b->i && res->uses) {
            Type *i1 = type_int(rw_ctx(rw), 1, SIGNLESS);
            Value *ops[2] = { cond, rw_const_before(rw, op, attr_int(rw_ctx(rw), i1, 1), i1) };
            replace_uses_quietly(res, &rw_create_before(rw, op, "arith.xori", i1, 2, ops)->res[0]);
            changed = true;
        }
        if (a->i && !b->i && res->uses) {
            replace_uses_quietly(res, cond);
            changed = true;
        }
    }
    return changed;
}

static bool is_not_of(Value *v, Value *x) {
    Op *d = def_of(v, OP_arith_xori);
    return d && opnd(d, 0) == x && is_one(value_const(opnd(d, 1)));
}

static bool region_contains(Region *r, Op *op) {
    for (Region *q = op->block ? op->block->region : NULL; q;) {
        if (q == r) return true;
        Op *p = q->op;
        q = p && p->block ? p->block->region : NULL;
    }
    return false;
}

/* a yield of the operands of a followed by those of b at the end of block
 * dst; a and b are erased */
static void merge_yields(Rewriter *rw, Block *dst, Op *a, Op *b) {
    int n = a->nopnds + b->nopnds;
    Value **v = malloc(sizeof(Value *) * (size_t)(n ? n : 1));
    for (int i = 0; i < a->nopnds; i++) v[i] = opnd(a, i);
    for (int i = 0; i < b->nopnds; i++) v[a->nopnds + i] = opnd(b, i);
    Op *y = op_new(rw_ctx(rw), "scf.yield", 0, NULL, n, v, 0, b->loc);
    op_append(dst, y);
    rw_notify(rw, y);
    free(v);
    rw_erase(rw, a);
    rw_erase(rw, b);
}

/* two adjacent ifs on the same (or the negated) condition become one
 * (CombineIfs) */
static bool if_combine(Rewriter *rw, Op *next) {
    Op *prev = next->prev;
    if (!prev || !op_is(prev, OP_scf_if) || !if_ok(prev)) return false;
    Value *pc = opnd(prev, 0), *nc = opnd(next, 0);
    Block *nthen = NULL, *nelse = NULL;
    if (nc == pc) {
        nthen = next->regions[0].first;
        nelse = next->regions[1].first;
    }
    if (is_not_of(nc, pc) || is_not_of(pc, nc)) {
        nelse = next->regions[0].first;
        nthen = next->regions[1].first;
    }
    if (!nthen && !nelse) return false;
    /* uses of prev's results inside next see the yielded values */
    if (prev->regions[1].first) {
        Op *pty = then_yield(prev), *pey = else_yield(prev);
        for (int i = 0; i < prev->nres; i++)
            for (Use *u = prev->res[i].uses, *nx; u; u = nx) {
                nx = u->next;
                Op *owner = u->owner;
                Value *to = NULL;
                if (nthen && region_contains(nthen->region, owner)) to = opnd(pty, i);
                else if (nelse && region_contains(nelse->region, owner)) to = opnd(pey, i);
                if (!to) continue;
                op_set_operand(owner, u->index, to);
                rw_notify(rw, owner);
            }
    }
    int n = prev->nres + next->nres;
    Type **rt = malloc(sizeof(Type *) * (size_t)(n + 1));
    for (int i = 0; i < prev->nres; i++) rt[i] = prev->res[i].type;
    for (int i = 0; i < next->nres; i++) rt[prev->nres + i] = next->res[i].type;
    Op *comb = op_new(rw_ctx(rw), "scf.if", n, rt, 1, &pc, 2, next->loc);
    free(rt);
    comb->locattr = next->locattr;
    op_insert_before(next, comb);
    rw_notify(rw, comb);
    move_body(&prev->regions[0], &comb->regions[0]);
    if (nthen) {
        Block *tb = comb->regions[0].first;
        Op *y1 = tb->last, *y2 = nthen->last;
        rw_merge_blocks(rw, nthen, tb);
        merge_yields(rw, tb, y1, y2);
    }
    move_body(&prev->regions[1], &comb->regions[1]);
    if (nelse) {
        if (!comb->regions[1].first) move_body(nelse->region, &comb->regions[1]);
        else {
            Block *eb = comb->regions[1].first;
            Op *y1 = eb->last, *y2 = nelse->last;
            rw_merge_blocks(rw, nelse, eb);
            merge_yields(rw, eb, y1, y2);
        }
    }
    Value **res = malloc(sizeof(Value *) * (size_t)(n ? n : 1));
    for (int i = 0; i < n; i++) res[i] = &comb->res[i];
    rw_replace_op(rw, prev, res);
    rw_replace_op(rw, next, res + (n - next->nres));
    free(res);
    return true;
}

/* an if whose then block holds only another if becomes one if on the
 * conjunction (CombineNestedIfs) */
static bool if_combine_nested(Rewriter *rw, Op *op) {
    Block *tb = op->regions[0].first, *eb = op->regions[1].first;
    if (!tb->first || tb->first->next != tb->last) return false;
    if (eb && eb->first != eb->last) return false;
    Op *nested = tb->first;
    if (!op_is(nested, OP_scf_if) || !if_ok(nested)) return false;
    Block *neb = nested->regions[1].first;
    if (neb && neb->first != neb->last) return false;
    int n = op->nres;
    Value **ty = malloc(sizeof(Value *) * (size_t)(2 * n + 1)), **ey = ty + n;
    bool *upgrade = calloc((size_t)n + 1, sizeof(bool));
    bool ok = true;
    for (int i = 0; i < n; i++) {
        ty[i] = opnd(then_yield(op), i);
        ey[i] = opnd(else_yield(op), i);
    }
    for (int i = 0; i < n && ok; i++) {
        if (ty[i]->def == nested) {
            int k = ty[i]->index;
            if (opnd(else_yield(nested), k) != ey[i]) ok = false;
            else ty[i] = opnd(then_yield(nested), k);
            continue;
        }
        if (parent_region(ty[i]) == &op->regions[0]) ok = false;
        else upgrade[i] = true;
    }
    if (!ok) { free(ty); free(upgrade); return false; }
    Type *i1 = type_int(rw_ctx(rw), 1, SIGNLESS);
    Value *cops[2] = { opnd(op, 0), opnd(nested, 0) };
    Value *cond = &rw_create_before(rw, op, "arith.andi", i1, 2, cops)->res[0];
    Type **rt = malloc(sizeof(Type *) * (size_t)(n + 1));
    for (int i = 0; i < n; i++) rt[i] = op->res[i].type;
    Op *nif = op_new(rw_ctx(rw), "scf.if", n, rt, 1, &cond, 2, op->loc);
    free(rt);
    nif->locattr = op->locattr;
    op_insert_before(op, nif);
    rw_notify(rw, nif);
    Block *nb = block_new(rw_ctx(rw));
    region_append_block(&nif->regions[0], nb);
    Value **res = malloc(sizeof(Value *) * (size_t)(n + 1));
    for (int i = 0; i < n; i++) {
        res[i] = &nif->res[i];
        if (upgrade[i]) {
            Value *sops[3] = { opnd(op, 0), ty[i], ey[i] };
            res[i] = &rw_create_before(rw, nif, "arith.select", op->res[i].type, 3, sops)->res[0];
        }
    }
    rw_merge_blocks(rw, nested->regions[0].first, nb);
    Op *oy = nb->last;
    Op *y = op_new(rw_ctx(rw), "scf.yield", 0, NULL, n, ty, 0, oy->loc);
    op_insert_before(oy, y);
    rw_notify(rw, y);
    rw_erase(rw, oy);
    if (n > 0) {
        Block *b2 = block_new(rw_ctx(rw));
        region_append_block(&nif->regions[1], b2);
        Op *y2 = op_new(rw_ctx(rw), "scf.yield", 0, NULL, n, ey, 0, op->loc);
        op_append(b2, y2);
        rw_notify(rw, y2);
    }
    rw_replace_op(rw, op, res);
    free(ty); free(upgrade); free(res);
    return true;
}

/* ---- arith patterns (ArithCanonicalization.td and ArithOps.cpp) -------- */
/* a scalar integer constant (IntegerAttr) */
static Attr *kint(Value *v) {
    Attr *a = value_const(v);
    return a && a->kind != A_DENSE && int_elem(a) ? a : NULL;
}

static Value *make(Rewriter *rw, Op *pos, const char *name, Type *rt, Value *a, Value *b, Value *c) {
    Value *ops[3] = { a, b, c };
    int n = c ? 3 : b ? 2 : 1;
    return &rw_create_before(rw, pos, name, rt, n, ops)->res[0];
}

/* the overflow flags of an addi/subi/muli: bit 0 nsw, bit 1 nuw */
static int ovf_flags(const Op *op) {
    Attr *a = op_attr(op, "overflowFlags");
    if (!a || a->kind != A_OPAQUE) return 0;
    return (strstr(a->str.s, "nsw") ? 1 : 0) | (strstr(a->str.s, "nuw") ? 2 : 0);
}
/* make, with the flags both matched ops have (MergeOverflow) */
static Value *make_merged(Rewriter *rw, Op *pos, Op *inner, const char *name, Type *rt, Value *a, Value *b) {
    Value *v = make(rw, pos, name, rt, a, b, NULL);
    static const char *const text[4] = { "#arith.overflow<none>", "#arith.overflow<nsw>",
                                         "#arith.overflow<nuw>", "#arith.overflow<nsw, nuw>" };
    op_set_prop(rw_ctx(rw), v->def, "overflowFlags", attr_opaque(rw_ctx(rw), text[ovf_flags(pos) & ovf_flags(inner)]));
    return v;
}
static Value *make_const(Rewriter *rw, Op *pos, Attr *a) { return rw_const_before(rw, pos, a, a->type); }
static void replace_by(Rewriter *rw, Op *op, Value *v) { rw_replace_op(rw, op, &v); }

static Attr *int_add(Ctx *c, Type *t, Attr *a, Attr *b) { return attr_int(c, t, (int64_t)((uint64_t)a->i + (uint64_t)b->i)); }
static Attr *int_sub(Ctx *c, Type *t, Attr *a, Attr *b) { return attr_int(c, t, (int64_t)((uint64_t)a->i - (uint64_t)b->i)); }

/* op(inner(x, c0), c1) with inner of kind id and both constants scalar */
static Op *inner_const(Op *op, int id, Attr **c0, Attr **c1, bool const_lhs) {
    Op *in = def_of(opnd(op, 0), id);
    if (!in || !(*c1 = kint(opnd(op, 1)))) return NULL;
    *c0 = kint(opnd(in, const_lhs ? 0 : 1));
    return *c0 ? in : NULL;
}

static bool addi_patterns(Rewriter *rw, Op *op) {
    Ctx *c = rw_ctx(rw);
    Type *t = op->res[0].type;
    Attr *c0, *c1;
    Op *in;
    if ((in = inner_const(op, OP_arith_addi, &c0, &c1, false))) {          /* addi(addi(x, c0), c1) */
        Value *k = make_const(rw, op, int_add(c, t, c0, c1));
        replace_by(rw, op, make_merged(rw, op, in, "arith.addi", t, opnd(in, 0), k));
        return true;
    }
    if ((in = inner_const(op, OP_arith_subi, &c0, &c1, false))) {          /* addi(subi(x, c0), c1) */
        Value *k = make_const(rw, op, int_sub(c, t, c1, c0));
        replace_by(rw, op, make_merged(rw, op, in, "arith.addi", t, opnd(in, 0), k));
        return true;
    }
    if ((in = inner_const(op, OP_arith_subi, &c0, &c1, true))) {           /* addi(subi(c0, x), c1) */
        Value *k = make_const(rw, op, int_add(c, t, c0, c1));
        replace_by(rw, op, make_merged(rw, op, in, "arith.subi", t, k, opnd(in, 1)));
        return true;
    }
    for (int side = 1; side >= 0; side--) {                                /* addi(x, muli(y, -1)) */
        Op *m = def_of(opnd(op, side), OP_arith_muli);
        if (m && is_ones(value_const(opnd(m, 1)))) {
            replace_by(rw, op, make(rw, op, "arith.subi", t, opnd(op, 1 - side), opnd(m, 0), NULL));
            return true;
        }
    }
    return false;
}

static bool subi_patterns(Rewriter *rw, Op *op) {
    Ctx *c = rw_ctx(rw);
    Type *t = op->res[0].type;
    Value *lhs = opnd(op, 0), *rhs = opnd(op, 1);
    Attr *c0, *c1;
    Op *in;
    if ((in = inner_const(op, OP_arith_addi, &c0, &c1, false))) {          /* subi(addi(x, c0), c1) */
        Value *k = make_const(rw, op, int_sub(c, t, c0, c1));
        replace_by(rw, op, make(rw, op, "arith.addi", t, opnd(in, 0), k, NULL));
        return true;
    }
    Op *rin = def_of(rhs, OP_arith_addi);
    if ((c1 = kint(lhs)) && rin && (c0 = kint(opnd(rin, 1)))) {             /* subi(c1, addi(x, c0)) */
        Value *k = make_const(rw, op, int_sub(c, t, c1, c0));
        replace_by(rw, op, make_merged(rw, op, rin, "arith.subi", t, k, opnd(rin, 0)));
        return true;
    }
    if ((in = inner_const(op, OP_arith_subi, &c0, &c1, false))) {          /* subi(subi(x, c0), c1) */
        Value *k = make_const(rw, op, int_add(c, t, c0, c1));
        replace_by(rw, op, make_merged(rw, op, in, "arith.subi", t, opnd(in, 0), k));
        return true;
    }
    if ((in = inner_const(op, OP_arith_subi, &c0, &c1, true))) {           /* subi(subi(c0, x), c1) */
        Value *k = make_const(rw, op, int_sub(c, t, c0, c1));
        replace_by(rw, op, make_merged(rw, op, in, "arith.subi", t, k, opnd(in, 1)));
        return true;
    }
    rin = def_of(rhs, OP_arith_subi);
    if ((c1 = kint(lhs)) && rin && (c0 = kint(opnd(rin, 1)))) {             /* subi(c1, subi(x, c0)) */
        Value *k = make_const(rw, op, int_add(c, t, c0, c1));
        replace_by(rw, op, make_merged(rw, op, rin, "arith.subi", t, k, opnd(rin, 0)));
        return true;
    }
    if ((c1 = kint(lhs)) && rin && (c0 = kint(opnd(rin, 0)))) {             /* subi(c1, subi(c0, x)) */
        Value *k = make_const(rw, op, int_sub(c, t, c1, c0));
        replace_by(rw, op, make_merged(rw, op, rin, "arith.addi", t, opnd(rin, 1), k));
        return true;
    }
    Op *ls = def_of(lhs, OP_arith_subi);
    if (ls && opnd(ls, 0) == rhs) {                                        /* subi(subi(x, y), x) */
        Attr *z = zero_of(c, opnd(ls, 1)->type);
        if (z) {
            Value *k = make_const(rw, op, z);
            replace_by(rw, op, make_merged(rw, op, ls, "arith.subi", t, k, opnd(ls, 1)));
            return true;
        }
    }
    return false;
}

/* binop(ext(x), ext(y)) -> ext(binop(x, y)) for ext of kind ext */
static bool ext_of_both(Rewriter *rw, Op *op, int ext, const char *extname) {
    Op *a = def_of(opnd(op, 0), ext), *b = def_of(opnd(op, 1), ext);
    if (!a || !b || opnd(a, 0)->type != opnd(b, 0)->type) return false;
    Value *in = make(rw, op, op->info->name, opnd(a, 0)->type, opnd(a, 0), opnd(b, 0), NULL);
    replace_by(rw, op, make(rw, op, extname, op->res[0].type, in, NULL, NULL));
    return true;
}

static const int cmpi_inverted[10] = { 1, 0, 5, 4, 3, 2, 9, 8, 7, 6 };

static Op *make_cmpi(Rewriter *rw, Op *pos, int pred, Type *rt, Value *a, Value *b) {
    Value *ops[2] = { a, b };
    Op *o = rw_create_before(rw, pos, "arith.cmpi", rt, 2, ops);
    op_set_prop(rw_ctx(rw), o, "predicate", attr_int(rw_ctx(rw), type_int(rw_ctx(rw), 64, SIGNLESS), pred));
    return o;
}

static bool xori_patterns(Rewriter *rw, Op *op) {
    if (ext_of_both(rw, op, OP_arith_extui, "arith.extui") || ext_of_both(rw, op, OP_arith_extsi, "arith.extsi"))
        return true;
    /* not(cmpi(pred, a, b)) -> cmpi(~pred, a, b) */
    Op *cmp = def_of(opnd(op, 0), OP_arith_cmpi);
    Attr *k = kint(opnd(op, 1)), *pa = cmp ? op_attr(cmp, "predicate") : NULL;
    if (cmp && k && type_is_int(k->type, 1) && (k->i & 1) && pa && pa->kind == A_INT && pa->i >= 0 && pa->i < 10) {
        replace_by(rw, op, &make_cmpi(rw, op, cmpi_inverted[pa->i], op->res[0].type, opnd(cmp, 0), opnd(cmp, 1))->res[0]);
        return true;
    }
    return false;
}

static bool cmpi_patterns(Rewriter *rw, Op *op) {
    Attr *pa = op_attr(op, "predicate");
    if (!pa || pa->kind != A_INT || (pa->i != 0 && pa->i != 1)) return false;
    for (int e = 0; e < 2; e++) {
        int id = e ? OP_arith_extui : OP_arith_extsi;
        Op *a = def_of(opnd(op, 0), id), *b = def_of(opnd(op, 1), id);
        if (a && b && opnd(a, 0)->type == opnd(b, 0)->type) {
            replace_by(rw, op, &make_cmpi(rw, op, (int)pa->i, op->res[0].type, opnd(a, 0), opnd(b, 0))->res[0]);
            return true;
        }
    }
    return false;
}

static bool select_patterns(Rewriter *rw, Op *op) {
    Value *p = opnd(op, 0), *a = opnd(op, 1), *b = opnd(op, 2);
    Type *t = op->res[0].type;
    Op *s;
    if ((s = def_of(b, OP_arith_select)) && opnd(s, 0) == p) {             /* select(p, a, select(p, b, c)) */
        replace_by(rw, op, make(rw, op, "arith.select", t, p, a, opnd(s, 2)));
        return true;
    }
    if ((s = def_of(a, OP_arith_select)) && opnd(s, 0) == p) {             /* select(p, select(p, a, b), c) */
        replace_by(rw, op, make(rw, op, "arith.select", t, p, opnd(s, 1), b));
        return true;
    }
    Op *x = def_of(p, OP_arith_xori);
    Attr *k = x ? kint(opnd(x, 1)) : NULL;
    if (k && is_ones(k)) {                                                 /* select(not(p), a, b) */
        replace_by(rw, op, make(rw, op, "arith.select", t, opnd(x, 0), b, a));
        return true;
    }
    Attr *ka = kint(a), *kb = kint(b);
    Type *i1 = type_int(rw_ctx(rw), 1, SIGNLESS);
    if (ka && kb && type_is_int(t, 1) && ka->i == 0 && kb->i == 1) {      /* select(p, false, true) */
        Value *one = make_const(rw, op, attr_int(rw_ctx(rw), i1, 1));
        replace_by(rw, op, make(rw, op, "arith.xori", i1, p, one, NULL));
        return true;
    }
    if (t->kind == T_INT && !type_is_int(t, 1) && ka && kb) {
        if (is_one(ka) && is_zero(kb)) {                                   /* select(p, 1, 0) -> extui p */
            replace_by(rw, op, make(rw, op, "arith.extui", t, p, NULL, NULL));
            return true;
        }
        if (is_zero(ka) && is_one(kb)) {                                   /* select(p, 0, 1) -> extui(not p) */
            Value *one = make_const(rw, op, attr_int(rw_ctx(rw), p->type, 1));
            Value *n = make(rw, op, "arith.xori", p->type, p, one, NULL);
            replace_by(rw, op, make(rw, op, "arith.extui", t, n, NULL, NULL));
            return true;
        }
    }
    return false;
}

static int elem_width(Type *t) { return int_width(type_elem(t)); }

static bool cast_patterns(Rewriter *rw, Op *op) {
    int id = op->info->id;
    Value *x = opnd(op, 0);
    Type *t = op->res[0].type;
    Op *in;
    switch (id) {
    case OP_arith_index_cast: case OP_arith_index_castui: {
        int ext = id == OP_arith_index_cast ? OP_arith_extsi : OP_arith_extui;
        if ((in = def_of(x, id)) && opnd(in, 0)->type == t) { replace_by(rw, op, opnd(in, 0)); return true; }
        if ((in = def_of(x, ext))) { replace_by(rw, op, make(rw, op, op->info->name, t, opnd(in, 0), NULL, NULL)); return true; }
        return false;
    }
    case OP_arith_bitcast:
        if ((in = def_of(x, OP_arith_bitcast))) { replace_by(rw, op, make(rw, op, "arith.bitcast", t, opnd(in, 0), NULL, NULL)); return true; }
        return false;
    case OP_arith_extsi:
        if ((in = def_of(x, OP_arith_extui))) { replace_by(rw, op, make(rw, op, "arith.extui", t, opnd(in, 0), NULL, NULL)); return true; }
        return false;
    case OP_arith_trunci: {
        for (int e = 0; e < 2; e++) {          /* only extension bits are dropped */
            int ext = e ? OP_arith_extui : OP_arith_extsi;
            if ((in = def_of(x, ext))) {
                int we = elem_width(x->type), wt = elem_width(t), wx = elem_width(opnd(in, 0)->type);
                if (we > wt && wt > 0 && wt > wx && wx > 0) {
                    replace_by(rw, op, make(rw, op, e ? "arith.extui" : "arith.extsi", t, opnd(in, 0), NULL, NULL));
                    return true;
                }
            }
        }
        uint64_t sh;
        int w;
        if ((in = def_of(x, OP_arith_shrsi)) && const_int(value_const(opnd(in, 1)), &sh, &w) &&
            (uint64_t)(elem_width(opnd(in, 0)->type) - elem_width(t)) == sh) {   /* trunci(shrsi(x, c)) */
            Value *k = make_const(rw, op, value_const(opnd(in, 1)));
            Value *s = make(rw, op, "arith.shrui", opnd(in, 0)->type, opnd(in, 0), k, NULL);
            replace_by(rw, op, make(rw, op, "arith.trunci", t, s, NULL, NULL));
            return true;
        }
        return false;
    }
    }
    return false;
}

/* cmpf(sitofp/uitofp(x), c) -> cmpi(x, c') or a constant, when the
 * conversion cannot change the outcome (CmpFIntToFPConst) */
static bool cmpf_int_const(Rewriter *rw, Op *op) {
    Attr *k = value_const(opnd(op, 1)), *pa = op_attr(op, "predicate");
    if (!k || !float_elem(k) || isnan(k->f) || !pa || pa->kind != A_INT) return false;
    double rhs = k->f;
    Type *ft = k->type;
    int mant = float_precision(ft);
    bool uns = false;
    Op *cv = def_of(opnd(op, 0), OP_arith_sitofp);
    if (!cv) { cv = def_of(opnd(op, 0), OP_arith_uitofp); uns = true; }
    if (!cv || !opnd(cv, 0)->type || opnd(cv, 0)->type->kind != T_INT) return false;
    Value *iv = opnd(cv, 0);
    Type *it = iv->type, *i1 = type_int(rw_ctx(rw), 1, SIGNLESS);
    int w = it->i.width, vbits = uns ? w : w - 1;
    if (w > mant) {   /* the conversion rounds: can that matter here? */
        if (isinf(rhs)) {
            int maxe = !strcmp(ft->f.name, "f16") ? 15 : !strcmp(ft->f.name, "f64") ? 1023 : 127;
            if (maxe < vbits) return false;
        } else if (rhs != 0) {
            int e = ilogb(rhs);
            if (mant <= e && e <= vbits) return false;
        }
    }
    int pred;
    switch (pa->i) {
    case 7: replace_by(rw, op, make_const(rw, op, attr_int(rw_ctx(rw), i1, 1))); return true;   /* ord */
    case 14: replace_by(rw, op, make_const(rw, op, attr_int(rw_ctx(rw), i1, 0))); return true;  /* uno */
    case 1: case 8: pred = 0; break;                       /* oeq ueq: eq */
    case 2: case 9: pred = uns ? 8 : 4; break;             /* ogt ugt: ugt sgt */
    case 3: case 10: pred = uns ? 9 : 5; break;            /* oge uge: uge sge */
    case 4: case 11: pred = uns ? 6 : 2; break;            /* olt ult: ult slt */
    case 5: case 12: pred = uns ? 7 : 3; break;            /* ole ule: ule sle */
    case 6: case 13: pred = 1; break;                      /* one une: ne */
    default: return false;
    }
    /* beyond the range of the integer type the answer is known */
    double hi = uns ? int_to_float(ft, false, wmask(w)) : int_to_float(ft, false, (uint64_t)smax_of(w));
    double lo = uns ? 0.0 : int_to_float(ft, true, (uint64_t)0 - (uint64_t)smin_of(w));
    int known = -1;
    if (hi < rhs) known = pred == 1 || pred == (uns ? 6 : 2) || pred == (uns ? 7 : 3);
    else if (lo > rhs) known = pred == 1 || pred == (uns ? 8 : 4) || pred == (uns ? 9 : 5);
    if (known >= 0) { replace_by(rw, op, make_const(rw, op, attr_int(rw_ctx(rw), i1, known))); return true; }
    /* the constant as an integer, truncated toward zero */
    double t = trunc(rhs);
    if (uns ? (t < 0 && t != 0) || t >= ldexp(1.0, w) : t < ldexp(-1.0, w - 1) || t >= ldexp(1.0, w - 1)) return false;
    int64_t ri = uns ? (int64_t)(uint64_t)t : (int64_t)t;
    if (rhs != 0) {
        bool neg = signbit(rhs);
        double back = uns || ri >= 0 ? int_to_float(ft, false, (uint64_t)ri) : int_to_float(ft, true, (uint64_t)0 - (uint64_t)ri);
        if (back != rhs) {   /* a fractional constant */
            switch (pred) {
            case 1: replace_by(rw, op, make_const(rw, op, attr_int(rw_ctx(rw), i1, 1))); return true;
            case 0: replace_by(rw, op, make_const(rw, op, attr_int(rw_ctx(rw), i1, 0))); return true;
            case 7: if (neg) { replace_by(rw, op, make_const(rw, op, attr_int(rw_ctx(rw), i1, 0))); return true; } break;
            case 3: if (neg) pred = 2; break;
            case 6: if (neg) { replace_by(rw, op, make_const(rw, op, attr_int(rw_ctx(rw), i1, 0))); return true; } pred = 7; break;
            case 2: if (!neg) pred = 3; break;
            case 8: if (neg) { replace_by(rw, op, make_const(rw, op, attr_int(rw_ctx(rw), i1, 1))); return true; } break;
            case 4: if (neg) pred = 5; break;
            case 9: if (neg) { replace_by(rw, op, make_const(rw, op, attr_int(rw_ctx(rw), i1, 1))); return true; } pred = 8; break;
            case 5: if (!neg) pred = 4; break;
            }
        }
    }
    Value *kc = make_const(rw, op, attr_int(rw_ctx(rw), it, ri));
    replace_by(rw, op, &make_cmpi(rw, op, pred, op->res[0].type, iv, kc)->res[0]);
    return true;
}

/* mulf/divf(negf(x), negf(y)) -> mulf/divf(x, y) */
static bool negf_pair(Rewriter *rw, Op *op) {
    Op *a = def_of(opnd(op, 0), OP_arith_negf), *b = def_of(opnd(op, 1), OP_arith_negf);
    if (!a || !b || opnd(a, 0)->type != opnd(b, 0)->type) return false;
    Value *ops[2] = { opnd(a, 0), opnd(b, 0) };
    Op *n = rw_create_before(rw, op, op->info->name, op->res[0].type, 2, ops);
    Attr *fm = op_attr(op, "fastmath");
    if (fm) op_set_prop(rw_ctx(rw), n, "fastmath", fm);
    replace_by(rw, op, &n->res[0]);
    return true;
}

/* Triton: int_to_ptr(addi(v, C)) -> addptr(int_to_ptr(v), C / element
 * bytes) when the constant byte offset C is a multiple of the pointee size */
static bool int_to_ptr_add(Rewriter *rw, Op *op) {
    Op *add = def_of(opnd(op, 0), OP_arith_addi);
    if (!add || add->verbatim || op->nres != 1) return false;
    Value *kv = opnd(add, 1);
    Attr *k = value_const(kv);
    if (k && k->kind == A_DENSE) k = k->dense.splat && k->dense.n >= 1 ? k->dense.elts[0] : NULL;
    if (!k || k->kind != A_INT) return false;
    Type *rt = op->res[0].type, *pt = type_elem(rt);
    if (!pt || pt->kind != T_PTR || !pt->ptr.pointee) return false;
    Type *pe = pt->ptr.pointee;
    int64_t bits = pe->kind == T_INT ? pe->i.width : pe->kind == T_FLOAT ? pe->f.width : pe->kind == T_PTR ? 64 : -1;
    if (bits < 0) return false;
    int64_t bytes = bits / 8 > 1 ? bits / 8 : 1, off = k->i;
    if (off % bytes) return false;
    Value *v = opnd(add, 0);
    Op *base = rw_create_before(rw, op, "tt.int_to_ptr", rt, 1, &v);
    Attr *e = attr_int(rw_ctx(rw), type_elem(kv->type), off / bytes);
    Value *ev = rw_const_before(rw, op, type_is_shaped(kv->type) ? attr_dense(rw_ctx(rw), kv->type, 1, &e) : e, kv->type);
    Value *ops[2] = { &base->res[0], ev };
    Op *ap = rw_create_before(rw, op, "tt.addptr", rt, 2, ops);
    replace_by(rw, op, &ap->res[0]);
    return true;
}

/* the layout of expand_dims(x, axis) when x has layout `enc`: for a
 * `#ttg.slice<{dim = axis, parent = P}>` it is P (named by an alias of the
 * input); other layouts are not inferred here (NULL) */
static Attr *expand_dims_encoding(Ctx *c, Attr *enc, int64_t axis) {
    if (enc->kind != A_OPAQUE || !enc->str.s || enc->str.len >= 512) return NULL;
    char t[512];
    memcpy(t, enc->str.s, enc->str.len);
    t[enc->str.len] = 0;
    if (strncmp(t, "#ttg.slice<{", 12)) return NULL;
    const char *dp = strstr(t, "dim"), *pp = strstr(t, "parent");
    if (!dp || !pp) return NULL;
    dp += strspn(dp + 3, " =") + 3;
    pp += strspn(pp + 6, " =") + 6;
    char *end;
    long dim = strtol(dp, &end, 10);
    if (end == dp || dim != axis) return NULL;
    size_t n = strcspn(pp, ", }");
    if (*pp != '#' || n < 2) return NULL;
    for (Alias *al = ctx_aliases(c); al; al = al->next)
        if (al->attr && strlen(al->name) == n && !strncmp(al->name, pp, n)) return al->attr;
    return NULL;
}

/* Triton's shape patterns: a splat or broadcast feeding a broadcast,
 * expand_dims or reshape is rebuilt from the original source */
static bool shape_patterns(Rewriter *rw, Op *op) {
    if (op->nres != 1 || op->nopnds != 1) return false;
    Value *src = opnd(op, 0);
    Type *rt = op->res[0].type;
    int id = op->info->id;
    if (id == OP_tt_reshape && op_attr(op, "efficient_layout")) return false;
    Op *d = src->def;
    if (!d || d->verbatim || d->nopnds != 1) return false;
    if (op_is(d, OP_tt_splat)) {
        /* broadcast / expand_dims / reshape of a splat is a splat */
        Value *x = opnd(d, 0);
        replace_by(rw, op, &rw_create_before(rw, op, "tt.splat", rt, 1, &x)->res[0]);
        return true;
    }
    if (id == OP_tt_broadcast && op_is(d, OP_tt_broadcast)) {
        Value *x = opnd(d, 0);
        replace_by(rw, op, &rw_create_before(rw, op, "tt.broadcast", rt, 1, &x)->res[0]);
        return true;
    }
    if (id == OP_tt_reshape && op_is(d, OP_tt_reshape)) {
        Value *x = opnd(d, 0);
        bool reorder = op_attr(op, "allow_reorder") || op_attr(d, "allow_reorder");
        Op *n = rw_create_before(rw, op, "tt.reshape", rt, 1, &x);
        if (reorder) op_set_prop(rw_ctx(rw), n, "allow_reorder", attr_unit(rw_ctx(rw)));
        replace_by(rw, op, &n->res[0]);
        return true;
    }
    if (id == OP_tt_expand_dims && op_is(d, OP_tt_broadcast)) {
        /* expand_dims(broadcast(x)) -> broadcast(expand_dims(x)); with a
         * layout encoding the new one would have to be inferred: left alone */
        Value *x = opnd(d, 0);
        Type *xt = x->type;
        Attr *ax = op_attr(op, "axis");
        if (!xt || xt->kind != T_TENSOR || !ax || ax->kind != A_INT) return false;
        Attr *enc = NULL;
        if (xt->sh.enc && !(enc = expand_dims_encoding(rw_ctx(rw), xt->sh.enc, ax->i))) return false;
        int r = xt->sh.rank;
        if (ax->i < 0 || ax->i > r || r >= 16) return false;
        int64_t dims[17];
        for (int i = 0, j = 0; i <= r; i++) dims[i] = i == ax->i ? 1 : xt->sh.dims[j++];
        Type *et = type_shaped(rw_ctx(rw), T_TENSOR, r + 1, dims, xt->sh.elem, enc, NULL);
        Op *e = rw_create_before(rw, op, "tt.expand_dims", et, 1, &x);
        op_set_prop(rw_ctx(rw), e, "axis", ax);
        Value *ev = &e->res[0];
        replace_by(rw, op, &rw_create_before(rw, op, "tt.broadcast", rt, 1, &ev)->res[0]);
        return true;
    }
    return false;
}

static bool apply_patterns(Rewriter *rw, Op *op) {
    if (op->verbatim) return false;
    for (int i = 0; i < op->nopnds; i++) if (!opnd(op, i)) return false;
    switch (op->info->id) {
    case OP_scf_if:
        if (!if_ok(op)) return false;
        return if_combine(rw, op) || if_combine_nested(rw, op) || if_condition_propagation(rw, op) ||
               if_to_select(rw, op) || if_empty_else(rw, op) || if_static_condition(rw, op) ||
               if_unused_results(rw, op) || if_yield_condition(rw, op);
    case OP_scf_for: return for_iter_args(rw, op) || for_trivial(rw, op);
    case OP_arith_addi: return addi_patterns(rw, op);
    case OP_arith_subi: return subi_patterns(rw, op);
    case OP_arith_muli: {
        Attr *c0, *c1;
        Op *in = inner_const(op, OP_arith_muli, &c0, &c1, false);
        Type *t = op->res[0].type;
        if (!in || c0->type != t || c1->type != t) return false;
        Value *k = make_const(rw, op, attr_int(rw_ctx(rw), t, (int64_t)((uint64_t)c0->i * (uint64_t)c1->i)));
        replace_by(rw, op, make_merged(rw, op, in, "arith.muli", t, opnd(in, 0), k));
        return true;
    }
    case OP_arith_xori: return xori_patterns(rw, op);
    case OP_arith_andi: case OP_arith_ori:
        return ext_of_both(rw, op, OP_arith_extui, "arith.extui") || ext_of_both(rw, op, OP_arith_extsi, "arith.extsi");
    case OP_arith_cmpi: return cmpi_patterns(rw, op);
    case OP_arith_select: return select_patterns(rw, op);
    case OP_arith_mulf: case OP_arith_divf: return negf_pair(rw, op);
    case OP_arith_cmpf: return cmpf_int_const(rw, op);
    case OP_tt_int_to_ptr: return int_to_ptr_add(rw, op);
    case OP_tt_broadcast: case OP_tt_expand_dims: case OP_tt_reshape: return shape_patterns(rw, op);
    default: return is_cast(op->info->id) && cast_patterns(rw, op);
    }
}


/* ---- the pass --------------------------------------------------------- */
static const PassOptDef opts[] = {
    { "top-down", PO_BOOL, "true", "seed the worklist in program order (else post-order)" },
    { "region-simplify", PO_STRING, "normal", "disabled, normal or aggressive (as normal: blocks are not merged): erase unreachable blocks and dead ops after each iteration" },
    { "max-iterations", PO_INT, "10", "iterations of the worklist and region simplification at most (-1: no limit)" },
    { "max-num-rewrites", PO_INT, "-1", "pattern rewrites per iteration at most (-1: no limit)" },
    { "test-convergence", PO_BOOL, "false", "fail when the rewrites do not converge" },
    { "threads", PO_INT, "0", "functions rewritten at once: 0 = one thread per CPU for modules of 20000 ops or more, 1 = one at a time" },
};

static const GreedyPatterns patterns = { fold_op, apply_patterns, NULL };

static bool run(Ctx *c, Op *m, const PassOptions *o, Diag *d) {
    int64_t max_it = popt_int(o, "max-iterations"), max_rw = popt_int(o, "max-num-rewrites");
    int64_t want = popt_int(o, "threads");
    const char *rs = popt_str(o, "region-simplify");
    GreedySimplify level;
    if (!rs || !strcmp(rs, "normal") || !strcmp(rs, "true") || !strcmp(rs, "1")) level = GREEDY_SIMPLIFY_NORMAL;
    else if (!strcmp(rs, "disabled") || !strcmp(rs, "false") || !strcmp(rs, "0")) level = GREEDY_SIMPLIFY_DISABLED;
    else if (!strcmp(rs, "aggressive")) level = GREEDY_SIMPLIFY_AGGRESSIVE;
    else {
        diag_error(d, m->loc, "invalid value '%s' for option 'region-simplify' of pass 'canonicalize': expected disabled, normal or aggressive", rs);
        return false;
    }
    if (want < 0) {
        diag_error(d, m->loc, "invalid value '%lld' for option 'threads' of pass 'canonicalize': expected 0 (one per CPU for large modules) or more", (long long)want);
        return false;
    }
    GreedyConfig cfg = { .top_down = popt_bool(o, "top-down"), .simplify = level,
                         .max_iterations = max_it, .max_rewrites = max_rw, .threads = want };
    if (!greedy_rewrite(c, m, &patterns, &cfg) && popt_bool(o, "test-convergence")) {
        diag_error(d, m->loc, "Canonicalizer failed to converge");
        return false;
    }
    return true;
}

const Pass pass_canonicalize = {
    "canonicalize",
    "fold constants, simplify arith/scf/tt ops and erase dead code, as MLIR's canonicalizer",
    opts, (int)(sizeof opts / sizeof *opts), run,
};
