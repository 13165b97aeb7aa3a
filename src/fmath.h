/* fmath.h - ttxform's f32 exp, one definition for every engine.
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

#endif
