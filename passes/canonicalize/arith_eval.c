/* passes/canonicalize/arith_eval.c - the arith ops on one element, as
 * APInt and APFloat compute them in MLIR's folders: integers wrap at the
 * type's width, a division by zero, a signed overflow of a division or an
 * over-wide shift does not fold; floats compute in double and round to the
 * type, NaN operands propagate (the first one, or the default NaN) and the
 * min/max flavours keep MLIR 19's choices (maxnumf folds as maximumf). */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "patterns.h"


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


static double nan_result(double r, double a, double b, bool two) {
    if (!isnan(r)) return r;
    if (isnan(a)) return a;
    if (two && isnan(b)) return b;
    return NAN;
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

bool int_bin(int id, int w, uint64_t a, uint64_t b, uint64_t *r) {
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
bool int_cmp(int id, int w, uint64_t a, uint64_t b, uint64_t *r) {
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

bool flt_bin(int id, const Type *t, double a, double b, double *r) {
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
bool flt_cmp(int pred, double a, double b) {
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

bool cast_elem(int id, Ctx *c, Attr *e, Type *et, Attr **r) {
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

