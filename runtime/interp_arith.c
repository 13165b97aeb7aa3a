/* interp_arith.c - the interpreter's arith and math ops: integer and float
 * arithmetic wrapped or rounded to the type, comparisons, casts, constants. */
#include "interp_impl.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- arith ------------------------------------------------------------ */

bool iv_arith_int(In *in, Op *op, int id, const RV *a, const RV *b, RV *r) {
    int w = iw(r->et);
    Type *t = r->et;
    for (int64_t k = 0; k < r->n; k++) {
        int64_t x = a->e[k].i, y = b->e[b->n == 1 ? 0 : k].i, v = 0;
        int64_t sxx = sx(x, w), sy = sx(y, w);
        uint64_t ux = zx(x, w), uy = zx(y, w);
        switch (id) {
        case OP_arith_addi: v = (int64_t)((uint64_t)x + (uint64_t)y); break;
        case OP_arith_subi: v = (int64_t)((uint64_t)x - (uint64_t)y); break;
        case OP_arith_muli: v = (int64_t)((uint64_t)x * (uint64_t)y); break;
        case OP_arith_andi: v = x & y; break;
        case OP_arith_ori: v = x | y; break;
        case OP_arith_xori: v = x ^ y; break;
        case OP_arith_maxsi: v = sxx > sy ? x : y; break;
        case OP_arith_minsi: v = sxx < sy ? x : y; break;
        case OP_arith_maxui: v = ux > uy ? x : y; break;
        case OP_arith_minui: v = ux < uy ? x : y; break;
        case OP_arith_shli: v = uy >= (uint64_t)w ? 0 : (int64_t)(ux << uy); break;
        case OP_arith_shrui: v = uy >= (uint64_t)w ? 0 : (int64_t)(ux >> uy); break;
        case OP_arith_shrsi:
            if (uy >= (uint64_t)w) v = sxx < 0 ? -1 : 0;
            else v = sxx >= 0 ? sxx >> uy : ~(~sxx >> uy);
            break;
        case OP_tt_mulhiui: {
            unsigned __int128 p = (unsigned __int128)ux * uy;
            v = (int64_t)(uint64_t)(p >> w);
            break;
        }
        default: {
            bool sgn = id == OP_arith_divsi || id == OP_arith_ceildivsi || id == OP_arith_floordivsi || id == OP_arith_remsi;
            bool rem = id == OP_arith_remsi || id == OP_arith_remui;
            if ((sgn && sy == 0) || (!sgn && uy == 0)) {
                if (interp_check_div()) {
                    char idx[128];
                    iv_index_str(idx, sizeof idx, r, k);
                    return iv_fail(in, op, "division by zero at element %s", idx);
                }
                /* RISC-V's rule (docs/cpu.md): a quotient by zero is all
                 * ones, a remainder by zero the dividend */
                v = rem ? x : -1;
                break;
            }
            if (sgn) {
                if (sy == -1) { v = id == OP_arith_remsi ? 0 : (int64_t)(0 - (uint64_t)sxx); break; }
                int64_t q = sxx / sy, m = sxx % sy;
                if (id == OP_arith_divsi) v = q;
                else if (id == OP_arith_remsi) v = m;
                else if (id == OP_arith_floordivsi) v = (m != 0 && ((m < 0) != (sy < 0))) ? q - 1 : q;
                else v = (m != 0 && ((m < 0) == (sy < 0))) ? q + 1 : q;
            } else {
                if (id == OP_arith_divui) v = (int64_t)(ux / uy);
                else if (id == OP_arith_remui) v = (int64_t)(ux % uy);
                else v = (int64_t)(ux / uy + (ux % uy != 0));
            }
        }
        }
        r->e[k].i = wrapt(t, v);
    }
    return true;
}

static double max_prop_nan(double x, double y) {
    if (isnan(x) || isnan(y)) return NAN;
    if (x == 0 && y == 0) return signbit(x) ? y : x;
    return x > y ? x : y;
}
static double min_prop_nan(double x, double y) {
    if (isnan(x) || isnan(y)) return NAN;
    if (x == 0 && y == 0) return signbit(x) ? x : y;
    return x < y ? x : y;
}

bool iv_arith_float(In *in, Op *op, int id, const RV *a, const RV *b, RV *r) {
    for (int64_t k = 0; k < r->n; k++) {
        double x = a->e[k].f, y = b ? b->e[b->n == 1 ? 0 : k].f : 0, v;
        switch (id) {
        case OP_arith_addf: v = x + y; break;
        case OP_arith_subf: v = x - y; break;
        case OP_arith_mulf: v = x * y; break;
        case OP_arith_divf: case OP_tt_precise_divf: v = x / y; break;
        case OP_arith_remf: v = fmod(x, y); break;
        case OP_arith_maxnumf: v = fm_maxnum(x, y); break;   /* src/fmath.h */
        case OP_arith_minnumf: v = fm_minnum(x, y); break;
        case OP_arith_maximumf: v = max_prop_nan(x, y); break;
        case OP_arith_minimumf: v = min_prop_nan(x, y); break;
        case OP_math_powf: v = pow(x, y); break;
        case OP_math_atan2: v = atan2(x, y); break;
        case OP_arith_negf: v = -x; break;
        case OP_math_absf: v = fabs(x); break;
        case OP_math_acos: v = acos(x); break;
        case OP_math_acosh: v = acosh(x); break;
        case OP_math_asin: v = asin(x); break;
        case OP_math_asinh: v = asinh(x); break;
        case OP_math_atan: v = atan(x); break;
        case OP_math_atanh: v = atanh(x); break;
        case OP_math_cbrt: v = cbrt(x); break;
        case OP_math_ceil: v = ceil(x); break;
        case OP_math_cos: v = cos(x); break;
        case OP_math_cosh: v = cosh(x); break;
        case OP_math_erf: v = erf(x); break;
        case OP_math_exp: v = !strcmp(r->et->f.name, "f32") ? fm_expf((float)x) : exp(x); break;
        case OP_math_exp2: v = exp2(x); break;
        case OP_math_expm1: v = expm1(x); break;
        case OP_math_floor: v = floor(x); break;
        case OP_math_log: v = log(x); break;
        case OP_math_log10: v = log10(x); break;
        case OP_math_log1p: v = log1p(x); break;
        case OP_math_log2: v = log2(x); break;
        case OP_math_round: v = round(x); break;
        case OP_math_rsqrt: v = 1.0 / sqrt(x); break;
        case OP_math_sin: v = sin(x); break;
        case OP_math_sinh: v = sinh(x); break;
        case OP_math_sqrt: case OP_tt_precise_sqrt: v = sqrt(x); break;
        case OP_math_tan: v = tan(x); break;
        case OP_math_tanh: v = tanh(x); break;
        case OP_math_trunc: v = trunc(x); break;
        default: return iv_fail(in, op, "unexpected float op");
        }
        r->e[k].f = fround(r->et, v);
    }
    return true;
}

bool iv_cmpi(int p, int64_t x, int64_t y, int w) {
    int64_t a = sx(x, w), b = sx(y, w);
    uint64_t ua = zx(x, w), ub = zx(y, w);
    switch (p) {
    case 0: return ua == ub;
    case 1: return ua != ub;
    case 2: return a < b;
    case 3: return a <= b;
    case 4: return a > b;
    case 5: return a >= b;
    case 6: return ua < ub;
    case 7: return ua <= ub;
    case 8: return ua > ub;
    default: return ua >= ub;
    }
}
bool iv_cmpf(int p, double x, double y) {
    bool un = isnan(x) || isnan(y);
    switch (p) {
    case 0: return false;
    case 1: return !un && x == y;
    case 2: return !un && x > y;
    case 3: return !un && x >= y;
    case 4: return !un && x < y;
    case 5: return !un && x <= y;
    case 6: return !un && x != y;
    case 7: return !un;
    case 8: return un || x == y;
    case 9: return un || x > y;
    case 10: return un || x >= y;
    case 11: return un || x < y;
    case 12: return un || x <= y;
    case 13: return un || x != y;
    case 14: return un;
    default: return true;
    }
}

static bool fp_to_int(In *in, Op *op, double x, const Type *to, bool uns, int64_t *out, int64_t k, const RV *r) {
    int w = iw(to);
    double t = trunc(x);
    double lo = uns ? 0 : -ldexp(1, w - 1), hi = uns ? ldexp(1, w) : ldexp(1, w - 1);
    if (w == 1) { lo = uns ? 0 : -1; hi = uns ? 2 : 1; }
    if (isnan(t) || t < lo || t >= hi) {
        char idx[128];
        iv_index_str(idx, sizeof idx, r, k);
        return iv_fail(in, op, "value %g at element %s does not fit the result type", x, idx);
    }
    if (uns) *out = wrapt(to, (int64_t)(uint64_t)t);
    else *out = wrapt(to, (int64_t)t);
    return true;
}

bool iv_cast(In *in, Op *op, int id, const RV *a, RV *r) {
    Type *from = a->et, *to = r->et;
    int64_t rm = 1;   /* tt.fp_to_fp rounding: 0 rtz, 1 rtne */
    op_attr_int(op, "rounding", &rm);
    bool rtz = rm == 0;
    int wf = iv_kind_of(from) == 'i' ? iw(from) : 0;
    for (int64_t k = 0; k < r->n; k++) {
        El x = a->e[k], *y = &r->e[k];
        switch (id) {
        case OP_arith_extsi: case OP_arith_index_cast: case OP_arith_trunci:
            y->i = wrapt(to, sx(x.i, wf)); break;
        case OP_arith_extui: case OP_arith_index_castui:
            y->i = wrapt(to, (int64_t)zx(x.i, wf)); break;
        case OP_arith_extf: case OP_arith_truncf: case OP_tt_fp_to_fp:
            y->f = fround(to, x.f);
            if (id == OP_tt_fp_to_fp && rtz && isfinite(x.f) && fabs(y->f) > fabs(x.f)) {
                /* rounding = rtz: one step back toward zero in the target format */
                int64_t bits;
                if (!iv_float_bits(to, y->f, &bits) || !iv_float_from_bits(to, (uint64_t)(bits - 1), &y->f))
                    return iv_fail(in, op, "unsupported rounding");
            }
            break;
        case OP_arith_sitofp: y->f = fround(to, (double)sx(x.i, wf)); break;
        case OP_arith_uitofp: y->f = fround(to, (double)zx(x.i, wf)); break;
        case OP_arith_fptosi: if (!fp_to_int(in, op, x.f, to, false, &y->i, k, r)) return false; break;
        case OP_arith_fptoui: if (!fp_to_int(in, op, x.f, to, true, &y->i, k, r)) return false; break;
        case OP_arith_bitcast: case OP_tt_bitcast: {
            int kf = iv_kind_of(from), kt = iv_kind_of(to);
            if (kf == 'i' && kt == 'i') y->i = wrapt(to, x.i);
            else if (kf == 'f' && kt == 'i') {
                int64_t bits;
                if (!iv_float_bits(from, x.f, &bits)) return iv_fail(in, op, "unsupported bitcast");
                y->i = wrapt(to, bits);
            } else if (kf == 'i' && kt == 'f') {
                if (!iv_float_from_bits(to, zx(x.i, wf), &y->f)) return iv_fail(in, op, "unsupported bitcast");
            } else if (kf == 'f' && kt == 'f') {
                int64_t bits;
                if (!iv_float_bits(from, x.f, &bits) || !iv_float_from_bits(to, (uint64_t)bits, &y->f))
                    return iv_fail(in, op, "unsupported bitcast");
            } else if (kf == 'p' && kt == 'p') *y = x;
            else return iv_fail(in, op, "unsupported bitcast");
            break;
        }
        default: return iv_fail(in, op, "unexpected cast");
        }
    }
    return true;
}

bool iv_constant(In *in, Op *op, RV *r) {
    Attr *v = op_attr(op, "value");
    if (!v) return iv_fail(in, op, "constant without a value");
    int k = iv_kind_of(r->et);
    if (k == 'p') return iv_fail(in, op, "pointer constants are not supported");
    Attr *const *elts = NULL;
    int n = 1;
    Attr *one = v;
    if (v->kind == A_DENSE) {
        elts = v->dense.elts;
        n = v->dense.n;
        if (n != 1 && n != r->n) return iv_fail(in, op, "dense constant has %d elements, its type %lld", n, (long long)r->n);
    }
    for (int64_t i = 0; i < r->n; i++) {
        if (elts) one = elts[n == 1 ? 0 : i];
        if (one->kind == A_FLOAT) {
            if (k == 'f') r->e[i].f = fround(r->et, one->f);
            else return iv_fail(in, op, "float value for an integer constant");
        } else if (one->kind == A_INT || one->kind == A_BOOL) {
            if (k == 'f') r->e[i].f = fround(r->et, (double)one->i);
            else r->e[i].i = wrapt(r->et, one->i);
        } else return iv_fail(in, op, "unsupported constant value");
    }
    return true;
}
