/* passes/canonicalize/constants.c - what the folders and patterns ask of a
 * constant attribute: integer and float scalars or splats, their values,
 * zeros and booleans of a type, and an integer rounded to a float type. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "patterns.h"

/* ---- constants: integers ---------------------------------------------- */
bool int_elem(const Attr *a) { return a && (a->kind == A_INT || a->kind == A_BOOL) && int_width(a->type); }

/* a scalar integer or a splat of one (m_ConstantInt) */
bool const_int(Attr *a, uint64_t *v, int *w) {
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
bool is_zero(Attr *a) { uint64_t v; int w; return const_int(a, &v, &w) && v == 0; }
bool is_one(Attr *a) { uint64_t v; int w; return const_int(a, &v, &w) && v == 1; }
bool is_ones(Attr *a) { uint64_t v; int w; return const_int(a, &v, &w) && v == wmask(w); }
bool is_smax(Attr *a) { uint64_t v; int w; return const_int(a, &v, &w) && sext(v, w) == smax_of(w); }
bool is_smin(Attr *a) { uint64_t v; int w; return const_int(a, &v, &w) && sext(v, w) == smin_of(w); }

/* ---- constants: floats ------------------------------------------------ */
/* the float types whose arithmetic a double reproduces exactly */
bool float_ok(const Type *t) {
    if (!t || t->kind != T_FLOAT) return false;
    const char *n = t->f.name;
    return !strcmp(n, "f16") || !strcmp(n, "bf16") || !strcmp(n, "f32") || !strcmp(n, "f64");
}
int float_precision(const Type *t) {
    const char *n = t->f.name;
    return !strcmp(n, "f16") ? 11 : !strcmp(n, "bf16") ? 8 : !strcmp(n, "f32") ? 24 : 53;
}
bool float_elem(const Attr *a) { return a && a->kind == A_FLOAT && float_ok(a->type); }

bool const_float(Attr *a, double *f) {
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
bool is_neg_zero(Attr *a) { return is_fval(a, 0.0, true); }
bool is_pos_zero(Attr *a) { return is_fval(a, 0.0, false); }
bool is_fone(Attr *a) { return is_fval(a, 1.0, false); }
bool is_neg_inf(Attr *a) { return is_fval(a, -INFINITY, true); }
bool is_pos_inf(Attr *a) { return is_fval(a, INFINITY, false); }

/* an integer of magnitude mag rounded to t, nearest with ties to even
 * (APFloat::convertFromAPInt) */
double int_to_float(const Type *t, bool neg, uint64_t mag) {
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


/* the zero of an int or float type, or a splat of it (Builder::getZeroAttr) */
Attr *zero_of(Ctx *c, Type *t) {
    Type *et = type_elem(t);
    Attr *z = int_width(et) ? attr_int(c, et, 0) : et && et->kind == T_FLOAT ? attr_float(c, et, 0.0) : NULL;
    if (!z) return NULL;
    if (type_is_shaped(t)) {
        if (type_numel(t) < 0) return NULL;
        return attr_dense(c, t, 1, &z);
    }
    return z;
}


/* a bool of type t: i1 or a splat of it (getBoolAttribute) */
Attr *bool_of(Ctx *c, Type *t, bool v) {
    Attr *b = attr_int(c, type_int(c, 1, SIGNLESS), v);
    if (!type_is_shaped(t)) return b;
    if (type_numel(t) < 0) return NULL;
    return attr_dense(c, t, 1, &b);
}
