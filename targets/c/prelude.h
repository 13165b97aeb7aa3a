/* targets/c/prelude.h - the text of the portable C's prelude: the scalar
 * types and hooks, and the helpers (cgen_prelude emits those the code
 * mentions).  Included by targets/c/target.c only. */
#ifndef TTX_TARGETS_C_PRELUDE_H
#define TTX_TARGETS_C_PRELUDE_H

#include "fmath.h"
#include "../cgen/cgen.h"
#include "atomics.h"

static const char c_prelude_head[] =
    "typedef signed char i8;\ntypedef short i16;\ntypedef int i32;\ntypedef long long i64;\n"
    "typedef unsigned char u8;\ntypedef unsigned short u16;\ntypedef unsigned int u32;\n"
    "typedef unsigned long long u64;\n\n"
    "#ifndef TTX_IN\n#define TTX_IN(p, bytes, site) 1\n#endif\n"
    "#ifndef TTX_FAIL\n#define TTX_FAIL(site) ((void)0)\n#endif\n"
    "#ifndef TTX_DIV0\n#define TTX_DIV0(site, k) ((void)0)\n#endif\n"
    "#ifndef TTX_ASSERT\n#define TTX_ASSERT(site, k) ((void)0)\n#endif\n"
    "#ifndef TTX_STOP\n#define TTX_STOP(program) 0\n#endif\n";

/* the text of a constant of src/fmath.h */
#define S(x) S_(x)
#define S_(x) #x

/* the prelude's helpers; one is emitted when its name occurs in the code
 * (or in another emitted helper) */
static const CgenHelper c_helpers[] = {
    TTX_ATOMIC_HELPERS,
    { "ttx_bptr", "/* a block pointer: base, then shape, strides and offsets in elements */\n"
                  "typedef struct ttx_bptr { void *base; i64 shape[8], stride[8], off[8]; } ttx_bptr;\n" },
    { "printf", "int printf(const char *, ...);   /* tt.print */\n" },
    { "ttx_f32", "static inline float ttx_f32(u32 u) { union { u32 u; float f; } v; v.u = u; return v.f; }\n" },
    { "ttx_f64", "static inline double ttx_f64(u64 u) { union { u64 u; double f; } v; v.u = u; return v.f; }\n" },
    { "ttx_bits32", "static inline u32 ttx_bits32(float f) { union { u32 u; float f; } v; v.f = f; return v.u; }\n" },
    { "ttx_bits64", "static inline u64 ttx_bits64(double f) { union { u64 u; double f; } v; v.f = f; return v.u; }\n" },
    { "ttx_h2f", "/* IEEE half precision bits to float */\n"
                 "static inline float ttx_h2f(u16 h)\n{\n"
                 "    union { u32 u; float f; } v;\n"
                 "    u32 e = (u32)(h >> 10) & 31u, m = (u32)h & 1023u;\n"
                 "    if (e == 31) v.u = 0x7f800000u | (m << 13);\n"
                 "    else if (e) v.u = ((e + 112) << 23) | (m << 13);\n"
                 "    else v.f = (float)m * 5.9604644775390625e-8f;\n"
                 "    v.u |= (u32)(h & 0x8000u) << 16;\n"
                 "    return v.f;\n}\n" },
    { "ttx_f2h", "/* a double to IEEE half precision bits, to nearest even; a NaN keeps\n   the top of its payload, quiet bit set */\n"
                 "static inline u16 ttx_f2h(double x)\n{\n"
                 "    union { double d; u64 u; } v;\n"
                 "    v.d = x;\n"
                 "    u16 s = (u16)((v.u >> 48) & 0x8000u);\n"
                 "    int e = (int)((v.u >> 52) & 0x7ff) - 1023;\n"
                 "    u64 m = (v.u & 0xfffffffffffffull) | (1ull << 52);\n"
                 "    if (e == 1024) return (u16)(s | ((v.u & 0xfffffffffffffull) ? 0x7e00u | ((v.u >> 42) & 0x3ffu) : 0x7c00u));\n"
                 "    if (e > 15) return (u16)(s | 0x7c00u);\n"
                 "    if (e < -25) return s;\n"
                 "    int sh = e >= -14 ? 42 : 28 - e;\n"
                 "    u64 q = m >> sh, r = m & ((1ull << sh) - 1), half = 1ull << (sh - 1);\n"
                 "    if (r > half || (r == half && (q & 1))) q++;\n"
                 "    if (e >= -14) q += (u64)(e + 14) << 10;\n"
                 "    return (u16)(q >= 0x7c00 ? (s | 0x7c00u) : (s | q));\n}\n" },
    { "ttx_hbits", "/* the bits of an f16 value held as a float: a NaN keeps the top of its\n"
                   "   payload, quiet bit set, read from its bits (RISC-V's float to double\n"
                   "   conversion would make it the default NaN) */\n"
                   "static inline u16 ttx_hbits(float x)\n{\n"
                   "    union { u32 u; float f; } v;\n"
                   "    v.f = x;\n"
                   "    if ((v.u & 0x7fffffffu) > 0x7f800000u) return (u16)(((v.u >> 16) & 0x8000u) | 0x7e00u | ((v.u >> 13) & 0x3ffu));\n"
                   "    return ttx_f2h(x);\n}\n" },
    { "ttx_f2d", "/* float to double, a NaN keeping its payload, quiet bit set, as on x86\n"
                 "   (RISC-V's conversion would give the default NaN) */\n"
                 "static inline double ttx_f2d(float x)\n{\n"
                 "    union { u32 u; float f; } v;\n"
                 "    union { u64 u; double d; } r;\n"
                 "    v.f = x;\n"
                 "    if ((v.u & 0x7fffffffu) <= 0x7f800000u) return (double)x;\n"
                 "    r.u = ((u64)(v.u >> 31) << 63) | 0x7ff8000000000000ull | ((u64)(v.u & 0x7fffffu) << 29);\n"
                 "    return r.d;\n}\n" },
    { "ttx_d2f", "/* double to float, a NaN keeping the top of its payload, quiet bit set */\n"
                 "static inline float ttx_d2f(double x)\n{\n"
                 "    union { u64 u; double d; } v;\n"
                 "    union { u32 u; float f; } r;\n"
                 "    v.d = x;\n"
                 "    if ((v.u & 0x7fffffffffffffffull) <= 0x7ff0000000000000ull) return (float)x;\n"
                 "    r.u = (u32)((v.u >> 32) & 0x80000000u) | 0x7fc00000u | (u32)((v.u >> 29) & 0x7fffffu);\n"
                 "    return r.f;\n}\n" },
    { "ttx_f16r", "static inline float ttx_f16r(double x) { return ttx_h2f(ttx_f2h(x)); }\n" },
    { "ttx_bf2f", "static inline float ttx_bf2f(u16 h) { union { u32 u; float f; } v; v.u = (u32)h << 16; return v.f; }\n" },
    { "ttx_f2bf", "/* a double to bfloat16 bits (through float), to nearest even */\n"
                  "static inline u16 ttx_f2bf(double x)\n{\n"
                  "    union { u32 u; float f; } v;\n"
                  "    v.f = (float)x;\n"
                  "    if (v.f != v.f) return (u16)((v.u >> 16) | 0x40u);\n"
                  "    return (u16)((v.u + 0x7fffu + ((v.u >> 16) & 1u)) >> 16);\n}\n" },
    { "ttx_bf16r", "static inline float ttx_bf16r(double x) { return ttx_bf2f(ttx_f2bf(x)); }\n" },
    { "ttx_fma32", "/* a * b + c for floats: the exact product added in double, rounded to float; a\n"
                   " * compiler with a fused multiply-add instruction rounds once instead */\n"
                   "#if defined(__FMA__) && defined(__GNUC__) && !defined(__TINYC__)\n"
                   "#define ttx_fma32(a, b, c) __builtin_fmaf(a, b, c)\n"
                   "#else\n"
                   "static inline float ttx_fma32(float a, float b, float c) { return (float)((double)c + (double)a * (double)b); }\n"
                   "#endif\n" },
    /* the f32 tt.dot: register blocks of 4 rows x 4 vectors with x86's FMA
     * (one rounding, which is what ttx_fma32 is there), elsewhere and for the
     * edges element by element with ttx_fma32; every element adds its
     * products in k order either way */
    { "ttx_dot32", "/* r[M,N] = c + a[M,K] b[K,N], row-major floats (c one value when sc is 0; r\n"
                   " * may be c): every element adds its products in k order, each step\n"
                   " * ttx_fma32, in vector registers where the compiler has x86's FMA */\n"
                   "#if defined(__FMA__) && defined(__GNUC__) && !defined(__TINYC__) && (defined(__AVX512F__) || defined(__AVX2__))\n"
                   "#include <immintrin.h>\n"
                   "#if defined(__AVX512F__)\n"
                   "#define TTX_VL 16   /* 16 floats a vector, 4 x 4 in 16 of the 32 registers */\n"
                   "#define TTX_DV 4\n"
                   "typedef __m512 ttx_vf;\n"
                   "#define ttx_vld _mm512_loadu_ps\n"
                   "#define ttx_vst _mm512_storeu_ps\n"
                   "#define ttx_vset _mm512_set1_ps\n"
                   "#define ttx_vfma _mm512_fmadd_ps\n"
                   "#else\n"
                   "#define TTX_VL 8   /* 8 floats a vector, 4 x 2 in 8 of the 16 registers */\n"
                   "#define TTX_DV 2\n"
                   "typedef __m256 ttx_vf;\n"
                   "#define ttx_vld _mm256_loadu_ps\n"
                   "#define ttx_vst _mm256_storeu_ps\n"
                   "#define ttx_vset _mm256_set1_ps\n"
                   "#define ttx_vfma _mm256_fmadd_ps\n"
                   "#endif\n"
                   "/* R (<= 4) rows x V (<= 4) vectors of columns at r, a, b and c (c[0] when sc\n"
                   " * is 0): its accumulators stay in registers for the whole k loop */\n"
                   "static inline __attribute__((always_inline)) void ttx_dot32_blk(int R, int V, float *r, const float *a,\n"
                   "    const float *b, const float *c, i64 sc, i64 N, i64 K)\n{\n"
                   "    ttx_vf acc[4][4];\n"
                   "    for (int q = 0; q < R; q++)\n"
                   "        for (int v = 0; v < V; v++) acc[q][v] = sc ? ttx_vld(c + q * N + v * TTX_VL) : ttx_vset(c[0]);\n"
                   "    for (i64 k = 0; k < K; k++, b += N) {\n"
                   "        ttx_vf bv[4];\n"
                   "        for (int v = 0; v < V; v++) bv[v] = ttx_vld(b + v * TTX_VL);\n"
                   "        for (int q = 0; q < R; q++) {\n"
                   "            ttx_vf av = ttx_vset(a[q * K + k]);\n"
                   "            for (int v = 0; v < V; v++) acc[q][v] = ttx_vfma(av, bv[v], acc[q][v]);\n"
                   "        }\n"
                   "    }\n"
                   "    for (int q = 0; q < R; q++)\n"
                   "        for (int v = 0; v < V; v++) ttx_vst(r + q * N + v * TTX_VL, acc[q][v]);\n"
                   "}\n"
                   "/* the rows of the columns j .. j + V * TTX_VL: four at a time, then one */\n"
                   "#define TTX_DOT32_PANEL(V)                                                                      \\\n"
                   "    do {                                                                                        \\\n"
                   "        float *rp = r + j;                                                                      \\\n"
                   "        const float *ap = a, *cp = sc ? c + j : c;                                              \\\n"
                   "        i64 i = 0, cs = sc ? N : 0;                                                             \\\n"
                   "        for (; i + 4 <= M; i += 4, rp += 4 * N, ap += 4 * K, cp += 4 * cs)                      \\\n"
                   "            ttx_dot32_blk(4, (V), rp, ap, b + j, cp, sc, N, K);                                 \\\n"
                   "        for (; i < M; i++, rp += N, ap += K, cp += cs) ttx_dot32_blk(1, (V), rp, ap, b + j, cp, sc, N, K); \\\n"
                   "    } while (0)\n"
                   "#define TTX_DOT32_ATTR __attribute__((noinline, noclone))\n"
                   "#else\n"
                   "#define TTX_DOT32_ATTR\n"
                   "#endif\n"
                   "static TTX_DOT32_ATTR void ttx_dot32(float *r, const float *a, const float *b, const float *c, i64 sc, i64 M, i64 N, i64 K)\n{\n"
                   "    i64 j = 0;\n"
                   "#ifdef TTX_VL\n"
                   "    for (; j + TTX_DV * TTX_VL <= N; j += TTX_DV * TTX_VL) TTX_DOT32_PANEL(TTX_DV);\n"
                   "    for (; j + TTX_VL <= N; j += TTX_VL) TTX_DOT32_PANEL(1);\n"
                   "#endif\n"
                   "    for (i64 i = 0; i < M; i++)\n"
                   "        for (i64 jj = j; jj < N; jj++) {\n"
                   "            float acc = c[(i * N + jj) * sc];\n"
                   "            for (i64 k = 0; k < K; k++) acc = ttx_fma32(a[i * K + k], b[k * N + jj], acc);\n"
                   "            r[i * N + jj] = acc;\n"
                   "        }\n"
                   "}\n" },
    { "ttx_expf", "/* f32 exp, within one ulp: ttxform's definition (src/fmath.h), which the\n"
                  " * interpreter and the JIT compute with the same operations; a NaN is\n"
                  " * tested once at the end (the clamp makes it -104 in between), so the\n"
                  " * clamp is two selects and vectorised lanes need no early exit */\n"
                  "float fmaf(float, float, float);\n"
                  "static inline float ttx_expf(float x)\n{\n"
                  "    union { float f; i32 i; u32 u; } t, s1, s2;\n"
                  "    float c = x > " S(FM_EXP_MIN) " ? x : " S(FM_EXP_MIN) ";\n"
                  "    c = c < " S(FM_EXP_MAX) " ? c : " S(FM_EXP_MAX) ";\n"
                  "    t.f = fmaf(c, " S(FM_EXP_LOG2E) ", " S(FM_EXP_SHIFT) ");\n"
                  "    float k = t.f - " S(FM_EXP_SHIFT) ";\n"
                  "    float r = fmaf(-k, " S(FM_EXP_LN2HI) ", c);\n"
                  "    r = fmaf(-k, " S(FM_EXP_LN2LO) ", r);\n"
                  "    float p = fmaf(r, " S(FM_EXP_C7) ", " S(FM_EXP_C6) ");\n"
                  "    p = fmaf(p, r, " S(FM_EXP_C5) ");\n"
                  "    p = fmaf(p, r, " S(FM_EXP_C4) ");\n"
                  "    p = fmaf(p, r, " S(FM_EXP_C3) ");\n"
                  "    p = fmaf(p, r, 0.5f);\n"
                  "    p = fmaf(p, r, 1.0f);\n"
                  "    p = fmaf(p, r, 1.0f);\n"
                  "    i32 n = t.i - 0x4b400000, n1 = (n - (n & 1)) / 2;\n"
                  "    s1.u = (u32)(n1 + 127) << 23;\n"
                  "    s2.u = (u32)(n - n1 + 127) << 23;\n"
                  "    p = p * s1.f * s2.f;\n"
                  "    return x != x ? x + x : p;\n}\n" },
    { "ttx_fmaxf", "/* arith.maxnumf and minnumf: ttxform's definition (src/fmath.h), the steps\n"
                   " * the interpreter and the JIT take: a NaN loses to a number, two NaNs give\n"
                   " * the default NaN, -0 is below +0 (as RISC-V computes it): a NaN operand\n"
                   " * replaced by the other, the larger both ways round (the two differ\n"
                   " * only on a tie), a zero result the sum of the two (+0 + -0 = +0 when\n"
                   " * rounding to nearest; min negates twice for -0); float selects, with\n"
                   " * no branch or integer register in scalar loops, that vectorise */\n"
                   "static inline float ttx_fmaxf(float a, float b)\n{\n"
                   "    a = a != a ? b : a;\n"
                   "    b = b != b ? a : b;\n"
                   "    float x = a > b ? a : b, y = b > a ? b : a;\n"
                   "    x = x == 0.0f ? x + y : x;\n"
                   "    return x != x ? ttx_f32(0x7fc00000u) : x;\n}\n" },
    { "ttx_fminf", "static inline float ttx_fminf(float a, float b)\n{\n"
                   "    a = a != a ? b : a;\n"
                   "    b = b != b ? a : b;\n"
                   "    float x = a < b ? a : b, y = b < a ? b : a;\n"
                   "    x = x == 0.0f ? -(-x - y) : x;\n"
                   "    return x != x ? ttx_f32(0x7fc00000u) : x;\n}\n" },
    { "ttx_fmax", "static inline double ttx_fmax(double a, double b)\n{\n"
                  "    a = a != a ? b : a;\n"
                  "    b = b != b ? a : b;\n"
                  "    double x = a > b ? a : b, y = b > a ? b : a;\n"
                  "    x = x == 0.0 ? x + y : x;\n"
                  "    return x != x ? ttx_f64(0x7ff8000000000000ull) : x;\n}\n" },
    { "ttx_fmin", "static inline double ttx_fmin(double a, double b)\n{\n"
                  "    a = a != a ? b : a;\n"
                  "    b = b != b ? a : b;\n"
                  "    double x = a < b ? a : b, y = b < a ? b : a;\n"
                  "    x = x == 0.0 ? -(-x - y) : x;\n"
                  "    return x != x ? ttx_f64(0x7ff8000000000000ull) : x;\n}\n" },
    { "ttx_divs", "/* integer division as arith defines it, with RISC-V's rule where C has none:\n"
                  " * x / 0 = -1, x % 0 = x, INT_MIN / -1 = INT_MIN, INT_MIN % -1 = 0 (TTX_DIV0\n"
                  " * may report a zero divisor) */\n"
                  "static inline i64 ttx_divs(i64 a, i64 b) { return b == 0 ? -1 : b == -1 ? (i64)(0 - (u64)a) : a / b; }\n" },
    { "ttx_rems", "static inline i64 ttx_rems(i64 a, i64 b) { return b == 0 ? a : b == -1 ? 0 : a % b; }\n" },
    { "ttx_floordivs", "static inline i64 ttx_floordivs(i64 a, i64 b)\n{\n"
                       "    if (b == 0 || b == -1) return ttx_divs(a, b);\n"
                       "    return a % b != 0 && ((a % b < 0) != (b < 0)) ? a / b - 1 : a / b;\n}\n" },
    { "ttx_ceildivs", "static inline i64 ttx_ceildivs(i64 a, i64 b)\n{\n"
                      "    if (b == 0 || b == -1) return ttx_divs(a, b);\n"
                      "    return a % b != 0 && ((a % b < 0) == (b < 0)) ? a / b + 1 : a / b;\n}\n" },
    { "ttx_divu", "static inline u64 ttx_divu(u64 a, u64 b) { return b ? a / b : ~(u64)0; }\n" },
    { "ttx_remu", "static inline u64 ttx_remu(u64 a, u64 b) { return b ? a % b : a; }\n" },
    { "ttx_ceildivu", "static inline u64 ttx_ceildivu(u64 a, u64 b) { return b ? a / b + (a % b != 0) : ~(u64)0; }\n" },
    { "ttx_u64tod", "static inline double ttx_u64tod(u64 x)\n{\n"
                    "    return (i64)x >= 0 ? (double)(i64)x : 2.0 * (double)(i64)((x >> 1) | (x & 1));\n}\n" },
    { "ttx_dtou64", "static inline u64 ttx_dtou64(double x)\n{\n"
                    "    return x < 9223372036854775808.0 ? (u64)(i64)x : (u64)(i64)(x - 9223372036854775808.0) ^ 0x8000000000000000ull;\n}\n" },
    { "ttx_signbit", "static inline int ttx_signbit(double x) { union { double d; u64 u; } v; v.d = x; return (int)(v.u >> 63); }\n" },
    { "ttx_maximum", "/* NaN if either is NaN; -0 below +0 */\n"
                     "static inline double ttx_maximum(double a, double b)\n{\n"
                     "    if (a != a || b != b) return a + b;\n"
                     "    if (a == 0 && b == 0) return ttx_signbit(a) ? b : a;\n"
                     "    return a > b ? a : b;\n}\n" },
    { "ttx_minimum", "static inline double ttx_minimum(double a, double b)\n{\n"
                     "    if (a != a || b != b) return a + b;\n"
                     "    if (a == 0 && b == 0) return ttx_signbit(a) ? a : b;\n"
                     "    return a < b ? a : b;\n}\n" },
};

#undef S
#undef S_

#endif
