/* fmath.h - ttxform's f32 exp and float max/min, one definition for every
 * engine.
 *
 * math.exp on f32 is computed the same way by the interpreter, by the C the
 * C target writes (its helper ttx_expf) and by the JIT's vectorised bulk
 * routine (jit_rt.c, jit_rt_simd.h), so all three give the same bits.  The
 * result is faithful: within one ulp of the exact exp(x) and of the
 * correctly rounded float, checked over all 2^32 inputs
 * (tests/exhaustive/expf.c).
 *
 * x is clamped to [-104, 89] (NaN comes back quieted); n = round(x / ln 2)
 * by the 1.5 * 2^23 shift; r = x - n ln 2 with ln 2 in two parts; p(r) = the
 * Taylor polynomial of degree 7 (truncation under 0.1 ulp for |r| <= ln 2 /
 * 2) in Horner's scheme; the result p * 2^n, computed as p * 2^(n >> 1) *
 * 2^(n - (n >> 1)) so that a subnormal result is rounded once (the first
 * product is exact).  At the clamps the formula gives +0 (exp(-104) is below
 * half the least subnormal) and +inf.  Every multiply-add is one fused
 * multiply-add (fmaf, rounded once), so CPUs that have the instruction do
 * each step in one. */
#ifndef TTX_FMATH_H
#define TTX_FMATH_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#define FM_EXP_MIN -104.0f
#define FM_EXP_MAX 89.0f
#define FM_EXP_LOG2E 0x1.715476p+0f
#define FM_EXP_SHIFT 0x1.8p23f
#define FM_EXP_LN2HI 0x1.62e43p-1f
#define FM_EXP_LN2LO -0x1.05c61p-29f
#define FM_EXP_C7 0x1.a01a02p-13f
#define FM_EXP_C6 0x1.6c16c2p-10f
#define FM_EXP_C5 0x1.111112p-7f
#define FM_EXP_C4 0x1.555556p-5f
#define FM_EXP_C3 0x1.555556p-3f

static inline float fm_expf(float x) {
    if (x != x) return x + x;
    x = x < FM_EXP_MIN ? FM_EXP_MIN : x > FM_EXP_MAX ? FM_EXP_MAX : x;
    float t = fmaf(x, FM_EXP_LOG2E, FM_EXP_SHIFT);
    float k = t - FM_EXP_SHIFT;
    float r = fmaf(-k, FM_EXP_LN2HI, x);
    r = fmaf(-k, FM_EXP_LN2LO, r);
    float p = fmaf(r, FM_EXP_C7, FM_EXP_C6);
    p = fmaf(p, r, FM_EXP_C5);
    p = fmaf(p, r, FM_EXP_C4);
    p = fmaf(p, r, FM_EXP_C3);
    p = fmaf(p, r, 0.5f);
    p = fmaf(p, r, 1.0f);
    p = fmaf(p, r, 1.0f);
    int32_t ti;
    memcpy(&ti, &t, sizeof ti);
    int32_t n = ti - 0x4b400000, n1 = (n - (n & 1)) / 2, n2 = n - n1;
    uint32_t b1 = (uint32_t)(n1 + 127) << 23, b2 = (uint32_t)(n2 + 127) << 23;
    float s1, s2;
    memcpy(&s1, &b1, sizeof s1);
    memcpy(&s2, &b2, sizeof s2);
    return p * s1 * s2;
}

/* arith.maxnumf and minnumf.  A NaN loses to a number; two NaNs give the
 * default NaN (0x7FC00000 as f32, 0x7FF8000000000000 as f64, 0x7E00 once
 * rounded to f16); -0 is below +0, so max(+0, -0) and max(-0, +0) are +0
 * and min gives -0.  This is RISC-V's fmax/fmin and vfmax/vfmin (IEEE
 * 754-2019's maximumNumber, the default NaN for two NaNs), so the riscv64
 * and RVV targets compute it with one instruction; MLIR lets either zero
 * come out of a tie, glibc's fmax returns its first operand there (a
 * compiler may swap fmax's operands).  The operation is commutative and
 * associative, so a max or min reduction has these bits in any order.
 * The engines on x86 compute it with the same steps (the interpreter on
 * doubles, the C prelude's ttx_fmaxf/ttx_fminf, the JIT's vector rows),
 * selects that vectorise: the larger (a > b ? a : b, which is b on a tie
 * or a NaN), on a tie the AND (max) or OR (min) of the two patterns
 * (+0 AND -0 = +0, equal non-zero floats are one pattern), a when b is a
 * NaN, and the default NaN when the result is still a NaN (both were). */
static inline float fm_maxminf(float a, float b, int max) {
    uint32_t x, y, r;
    float m = max ? (a > b ? a : b) : (a < b ? a : b);
    memcpy(&x, &a, sizeof x);
    memcpy(&y, &b, sizeof y);
    memcpy(&r, &m, sizeof r);
    r = a == b ? (max ? x & y : x | y) : r;
    r = b != b ? x : r;
    memcpy(&m, &r, sizeof m);
    return m != m ? (float)NAN : m;
}
static inline float fm_maxnumf(float a, float b) { return fm_maxminf(a, b, 1); }
static inline float fm_minnumf(float a, float b) { return fm_maxminf(a, b, 0); }

/* the same on doubles (the interpreter holds every float type as a double:
 * a result is one of the operands or the default NaN, exact in each type) */
static inline double fm_maxmin(double a, double b, int max) {
    uint64_t x, y, r;
    double m = max ? (a > b ? a : b) : (a < b ? a : b);
    memcpy(&x, &a, sizeof x);
    memcpy(&y, &b, sizeof y);
    memcpy(&r, &m, sizeof r);
    r = a == b ? (max ? x & y : x | y) : r;
    r = b != b ? x : r;
    memcpy(&m, &r, sizeof m);
    return m != m ? (double)NAN : m;
}
static inline double fm_maxnum(double a, double b) { return fm_maxmin(a, b, 1); }
static inline double fm_minnum(double a, double b) { return fm_maxmin(a, b, 0); }

#endif
