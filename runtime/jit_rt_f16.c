/* jit_rt_f16.c - the JIT's bulk f16 conversions of float arrays (KTIR
 * tiles of f16 are float arrays of f16 values; see targets/cgen/kt.h):
 *   void ttx_rt_f2h(unsigned short *d, const float *s, long long n);
 *       d[i] = the f16 bits of s[i], to nearest even (the C target's
 *       ttx_f2h((double)s[i]))
 *   void ttx_rt_f16r(float *d, const float *s, long long n);
 *       d[i] = s[i] rounded to f16 (ttx_f16r) */
#include "jit_rt.h"

#include <stdint.h>
#include <string.h>

static inline uint16_t f2h(float f) {
    uint32_t x;
    memcpy(&x, &f, 4);
    uint32_t s = (x >> 16) & 0x8000u, a = x & 0x7fffffffu;
    if (a >= 0x7f800000u)                                    /* a NaN keeps its payload's top, quiet */
        return (uint16_t)(s | (a > 0x7f800000u ? 0x7e00u | ((a >> 13) & 0x3ffu) : 0x7c00u));
    if (a >= 0x477ff000u) return (uint16_t)(s | 0x7c00u);   /* 65520 and up round to infinity */
    if (a < 0x38800000u) {                                   /* below 2^-14: a subnormal (or 0) */
        float v;
        memcpy(&v, &a, 4);
        v = v * 16777216.0f;                                 /* in units of 2^-24, exact */
        v = (v + 8388608.0f) - 8388608.0f;                   /* to nearest even */
        return (uint16_t)(s | (uint32_t)v);
    }
    uint32_t r = a - 0x38000000u;                            /* the exponent rebiased */
    return (uint16_t)(s | ((r + 0x0fffu + ((r >> 13) & 1u)) >> 13));
}
static inline float h2f(uint16_t h) {
    uint32_t e = (uint32_t)(h >> 10) & 31u, m = (uint32_t)h & 1023u, u;
    float f;
    if (e == 31) u = 0x7f800000u | (m << 13);
    else if (e) u = ((e + 112) << 23) | (m << 13);
    else {
        f = (float)m * 5.9604644775390625e-8f;
        memcpy(&u, &f, 4);
    }
    u |= (uint32_t)(h & 0x8000u) << 16;
    memcpy(&f, &u, 4);
    return f;
}

void jit_rt_f2h(unsigned short *d, const float *s, long long n) {
    for (long long i = 0; i < n; i++) d[i] = f2h(s[i]);
}
void jit_rt_f16r(float *d, const float *s, long long n) {
    for (long long i = 0; i < n; i++) d[i] = h2f(f2h(s[i]));
}
