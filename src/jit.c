/* jit.c - libtcc behind jit.h. */
#include "jit.h"

#include <libtcc.h>
#include <stdbool.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

struct Jit { TCCState *s; };

typedef struct ErrBuf { char *buf; size_t len, used; } ErrBuf;

static void on_error(void *opaque, const char *msg) {
    ErrBuf *e = opaque;
    if (!e->len || e->used + 1 >= e->len) return;
    int n = snprintf(e->buf + e->used, e->len - e->used, "%s%s", e->used ? "\n" : "", msg);
    if (n > 0) e->used += (size_t)n < e->len - e->used ? (size_t)n : e->len - e->used - 1;
}

/* libm through plain function pointers: the addresses of glibc's functions
 * (some are builtins or macros in <math.h>) */
static double f_exp(double x) { return exp(x); }
static double f_exp2(double x) { return exp2(x); }
static double f_expm1(double x) { return expm1(x); }
static double f_log(double x) { return log(x); }
static double f_log2(double x) { return log2(x); }
static double f_log10(double x) { return log10(x); }
static double f_log1p(double x) { return log1p(x); }
static double f_sqrt(double x) { return sqrt(x); }
static double f_sin(double x) { return sin(x); }
static double f_cos(double x) { return cos(x); }
static double f_tan(double x) { return tan(x); }
static double f_asin(double x) { return asin(x); }
static double f_acos(double x) { return acos(x); }
static double f_atan(double x) { return atan(x); }
static double f_sinh(double x) { return sinh(x); }
static double f_cosh(double x) { return cosh(x); }
static double f_tanh(double x) { return tanh(x); }
static double f_asinh(double x) { return asinh(x); }
static double f_acosh(double x) { return acosh(x); }
static double f_atanh(double x) { return atanh(x); }
static double f_erf(double x) { return erf(x); }
static double f_cbrt(double x) { return cbrt(x); }
static double f_ceil(double x) { return ceil(x); }
static double f_floor(double x) { return floor(x); }
static double f_round(double x) { return round(x); }
static double f_trunc(double x) { return trunc(x); }
static double f_fabs(double x) { return fabs(x); }
static double f_fmod(double x, double y) { return fmod(x, y); }
static double f_pow(double x, double y) { return pow(x, y); }
static double f_atan2(double x, double y) { return atan2(x, y); }
static double f_fmax(double x, double y) { return fmax(x, y); }
static double f_fmin(double x, double y) { return fmin(x, y); }
static double f_fma(double x, double y, double z) { return fma(x, y, z); }
static void *f_memcpy(void *d, const void *s, size_t n) { return memcpy(d, s, n); }
static void *f_memmove(void *d, const void *s, size_t n) { return memmove(d, s, n); }
static void *f_memset(void *d, int c, size_t n) { return memset(d, c, n); }

/* the bulk routines of jit.h: gcc compiles these, so the JIT code hands
 * whole rows to them instead of running its own unvectorised loops */
static void rt_copy(void *d, const void *s, long long bytes) {
    if (bytes > 0) memcpy(d, s, (size_t)bytes);
}

/* a store of a whole row: past a few KiB with non-temporal stores, so the
 * destination's lines are not read first (the row is not read back soon) */
static void rt_store(void *d, const void *s, long long bytes) {
#if defined(__SSE2__)
    if (bytes >= 2048) {
        char *dc = d;
        const char *sc = s;
        size_t head = (size_t)(-(uintptr_t)dc & 15);
        memcpy(dc, sc, head);
        size_t n = (size_t)bytes - head, i = 0;
        for (; i + 64 <= n; i += 64) {
            const char *q = sc + head + i;
            __m128i a = _mm_loadu_si128((const __m128i *)q), b = _mm_loadu_si128((const __m128i *)(q + 16));
            __m128i c = _mm_loadu_si128((const __m128i *)(q + 32)), e = _mm_loadu_si128((const __m128i *)(q + 48));
            char *w = dc + head + i;
            _mm_stream_si128((__m128i *)w, a);
            _mm_stream_si128((__m128i *)(w + 16), b);
            _mm_stream_si128((__m128i *)(w + 32), c);
            _mm_stream_si128((__m128i *)(w + 48), e);
        }
        _mm_sfence();
        memcpy(dc + head + i, sc + head + i, n - i);
        return;
    }
#endif
    if (bytes > 0) memcpy(d, s, (size_t)bytes);
}

typedef float rt_v4f __attribute__((vector_size(16)));
typedef int rt_v4i __attribute__((vector_size(16)));

/* four lanes of fmax (op 4) or fmin (op 5) without a call: lanes where one
 * is strictly larger, or both are equal and non-zero (same bits), are plain
 * selects; any other lane (a NaN, +0 against -0) makes the caller take
 * glibc's fmax/fmin for the group */
static inline rt_v4f rt_v4_maxmin(int op, rt_v4f x, rt_v4f y, int *odd) {
    rt_v4i gt = x > y, lt = x < y, eq = (x == y) & (x != 0);
    rt_v4i pick = op == 4 ? gt : lt;
    rt_v4i fine = gt | lt | eq;
    *odd = !(fine[0] & fine[1] & fine[2] & fine[3]);
    return (rt_v4f)(((rt_v4i)x & pick) | ((rt_v4i)y & ~pick));
}

static float rt_f32_op(int op, float x, float y) {
    switch (op) {
    case 0: return x + y;
    case 1: return x - y;
    case 2: return x * y;
    case 3: return x / y;
    case 4: return (float)fmax(x, y);
    case 5: return (float)fmin(x, y);
    default: return 0;
    }
}

static void rt_f32_bin(int op, float *d, const float *a, long long sa, const float *b, long long sb, long long n) {
    if (op < 0 || op > 5) return;
    long long i = 0;
    /* a row against a row or against a scalar: four lanes at a time, each
     * lane the same IEEE operation as the scalar loop (d may be a or b: each
     * group is read before it is written) */
    if (sa == 1 && (sb == 0 || sb == 1) && n >= 4) {
        rt_v4f bv = { b[0], b[0], b[0], b[0] };
        for (; i + 4 <= n; i += 4) {
            rt_v4f av, r;
            memcpy(&av, a + i, sizeof av);
            if (sb) memcpy(&bv, b + i, sizeof bv);
            int odd = 0;
            switch (op) {
            case 0: r = av + bv; break;
            case 1: r = av - bv; break;
            case 2: r = av * bv; break;
            case 3: r = av / bv; break;
            default: r = rt_v4_maxmin(op, av, bv, &odd); break;
            }
            if (odd)
                for (int l = 0; l < 4; l++) r[l] = rt_f32_op(op, av[l], bv[l]);
            memcpy(d + i, &r, sizeof r);
        }
    }
    switch (op) {
    case 0: for (; i < n; i++) d[i] = a[i * sa] + b[i * sb]; break;
    case 1: for (; i < n; i++) d[i] = a[i * sa] - b[i * sb]; break;
    case 2: for (; i < n; i++) d[i] = a[i * sa] * b[i * sb]; break;
    case 3: for (; i < n; i++) d[i] = a[i * sa] / b[i * sb]; break;
    case 4: for (; i < n; i++) d[i] = (float)fmax(a[i * sa], b[i * sb]); break;
    case 5: for (; i < n; i++) d[i] = (float)fmin(a[i * sa], b[i * sb]); break;
    default: break;
    }
}

static float rt_f32_red(int op, const float *a, long long n) {
    float acc = a[0];
    /* max/min: with no NaN in the row and a non-zero result every order gives
     * the same bits (equal non-zero floats are one pattern), so four lanes of
     * selects; a NaN or a zero result (+0 and -0 compare equal) goes the
     * sequential way below */
    if ((op == 4 || op == 5) && n >= 8) {
        rt_v4f m, nanacc = { 0, 0, 0, 0 };
        memcpy(&m, a, sizeof m);
        long long i = 4;
        for (; i + 4 <= n; i += 4) {
            rt_v4f x;
            memcpy(&x, a + i, sizeof x);
            rt_v4i pick = op == 4 ? x > m : x < m;
            m = (rt_v4f)(((rt_v4i)x & pick) | ((rt_v4i)m & ~pick));
            nanacc = (rt_v4f)((rt_v4i)nanacc | (x != x));
        }
        rt_v4i nan = (rt_v4i)nanacc | (m != m);
        if (!(nan[0] | nan[1] | nan[2] | nan[3])) {
            float r = m[0];
            for (int l = 1; l < 4; l++) r = (op == 4 ? m[l] > r : m[l] < r) ? m[l] : r;
            for (; i < n; i++) {
                if (a[i] != a[i]) break;
                r = (op == 4 ? a[i] > r : a[i] < r) ? a[i] : r;
            }
            if (i == n && r != 0) return r;
        }
    }
    switch (op) {
    case 0: for (long long i = 1; i < n; i++) acc = acc + a[i]; break;
    case 4: for (long long i = 1; i < n; i++) acc = (float)fmax(acc, a[i]); break;
    case 5: for (long long i = 1; i < n; i++) acc = (float)fmin(acc, a[i]); break;
    default: break;
    }
    return acc;
}

/* f32 exp, bit for bit (float)exp((double)x) with glibc's exp, in two passes
 * over chunks of the row.  The first one is branch-free and vectorised: for x
 * in [-87, 88] (results well inside the normal floats) it computes exp in
 * double as 2^k * p(r), k = round(x / ln 2), r = x - k ln 2 (Cody-Waite, k ln2hi
 * exact, |r| <= 0.3466) and p the Taylor polynomial of degree 13 (truncation
 * below 5e-18 relative; with rounding under 4.5e-16 relative over every float
 * x in range), then rounds that to float.  Such a result y can round otherwise
 * than glibc's only if a midpoint between two adjacent floats lies between y
 * and the true exp(x), give or take glibc's own error (under one double ulp):
 * so an element whose x is out of range (NaN, inf, overflow, subnormal
 * results) or whose y lies within EXP_TOL double ulps (about 2^-44 relative,
 * far above both errors) of such a midpoint, about one in four million, is
 * flagged, and the second pass recomputes the flagged elements with glibc. */
typedef double rt_v4d __attribute__((vector_size(32)));
typedef long long rt_v4l __attribute__((vector_size(32)));
enum { EXP_CHUNK = 256, EXP_TOL = 256 };

/* exp of four floats into dst; all-ones lanes in *bad where glibc must
 * decide.  The polynomial is evaluated in Estrin's scheme: short dependency
 * chains, so the groups of a row overlap in the CPU */
static inline __attribute__((always_inline)) void rt_exp4(const float *src, float *dst, rt_v4l *bad) {
    const double log2e = 0x1.71547652b82fep0, shift = 0x1.8p52;
    const double ln2hi = 0x1.62e42fefa3800p-1, ln2lo = 0x1.ef35793c7673p-45;
    rt_v4f xf;
    memcpy(&xf, src, sizeof xf);
    rt_v4d x = __builtin_convertvector(xf, rt_v4d);
    rt_v4l ok = (x >= -87.0) & (x <= 88.0);
    x = (rt_v4d)((rt_v4l)x & ok);
    rt_v4d t = x * log2e + shift;
    rt_v4d k = t - shift;
    rt_v4d r = (x - k * ln2hi) - k * ln2lo;
    rt_v4d r2 = r * r, r4 = r2 * r2, r8 = r4 * r4;
    rt_v4d q0 = r + 1.0, q1 = r * (1.0 / 6.0) + 0.5;
    rt_v4d q2 = r * (1.0 / 120.0) + 1.0 / 24.0, q3 = r * (1.0 / 5040.0) + 1.0 / 720.0;
    rt_v4d q4 = r * (1.0 / 362880.0) + 1.0 / 40320.0, q5 = r * (1.0 / 39916800.0) + 1.0 / 3628800.0;
    rt_v4d q6 = r * (1.0 / 6227020800.0) + 1.0 / 479001600.0;
    rt_v4d s0 = q1 * r2 + q0, s1 = q3 * r2 + q2, s2 = q5 * r2 + q4;
    rt_v4d u0 = s1 * r4 + s0, u1 = q6 * r4 + s2;
    rt_v4d p = u1 * r8 + u0;
    rt_v4l scale = ((rt_v4l)t + 1023) << 52;
    rt_v4d y = p * (rt_v4d)scale;
    /* the 29 bits a rounding to float drops, as a double (2^52 + bits - 2^52,
     * exact; SSE2 has no 64-bit integer compare); 2^28 is a midpoint */
    rt_v4d low = (rt_v4d)(((rt_v4l)y & 0x1fffffff) | 0x4330000000000000LL) - (0x1p52 + 0x1p28);
    rt_v4f yf = __builtin_convertvector(y, rt_v4f);
    memcpy(dst, &yf, sizeof yf);
    *bad = ~ok | ((low >= -EXP_TOL) & (low <= EXP_TOL));
}

static inline __attribute__((always_inline)) void rt_exp_f32_body(float *d, const float *a, long long n) {
    float buf[EXP_CHUNK];
    rt_v4l bad[EXP_CHUNK / 4];
    for (long long base = 0; base < n; base += EXP_CHUNK) {
        long long m = n - base < EXP_CHUNK ? n - base : EXP_CHUNK, m4 = m & ~3LL;
        const float *src = a + base;
        rt_v4l any = { 0, 0, 0, 0 };
        for (long long i = 0; i < m4; i += 4) {
            rt_exp4(src + i, buf + i, &bad[i / 4]);
            any |= bad[i / 4];
        }
        if (any[0] | any[1] | any[2] | any[3])
            for (long long i = 0; i < m4; i++)
                if (bad[i / 4][i % 4]) buf[i] = (float)exp(src[i]);
        for (long long i = m4; i < m; i++) buf[i] = (float)exp(src[i]);
        memcpy(d + base, buf, (size_t)m * sizeof *buf);
    }
}

/* compiled for AVX2 only: without it gcc splits the 256-bit compares into
 * scalar code, and glibc's exp one element at a time is as fast */
#if defined(__x86_64__) && defined(__GNUC__)
__attribute__((target("avx2"))) static void rt_exp_f32_avx2(float *d, const float *a, long long n) { rt_exp_f32_body(d, a, n); }
#endif

static void rt_f32_un(int op, float *d, const float *a, long long n) {
    if (op != 0) return;
#if defined(__x86_64__) && defined(__GNUC__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2")) {
        rt_exp_f32_avx2(d, a, n);
        return;
    }
#endif
    for (long long i = 0; i < n; i++) d[i] = (float)exp(a[i]);
}

static void rt_f32_dot(float *restrict r, const float *restrict a, const float *restrict b, const float *restrict c, long long sc,
                       long long M, long long N, long long K) {
    for (long long i = 0; i < M; i++) {
        float *restrict ri = r + i * N;
        for (long long j = 0; j < N; j++) ri[j] = c[(i * N + j) * sc];
        for (long long k = 0; k < K; k++) {
            double aik = a[i * K + k];
            const float *restrict bk = b + k * N;
            for (long long j = 0; j < N; j++) ri[j] = (float)((double)ri[j] + aik * (double)bk[j]);
        }
    }
}

static const JitSym builtin[] = {
    { "ttx_rt_copy", (void *)rt_copy }, { "ttx_rt_store", (void *)rt_store }, { "ttx_rt_f32_dot", (void *)rt_f32_dot }, { "ttx_rt_f32_bin", (void *)rt_f32_bin }, { "ttx_rt_f32_un", (void *)rt_f32_un },
    { "ttx_rt_f32_red", (void *)rt_f32_red },
    { "exp", (void *)f_exp }, { "exp2", (void *)f_exp2 }, { "expm1", (void *)f_expm1 }, { "log", (void *)f_log },
    { "log2", (void *)f_log2 }, { "log10", (void *)f_log10 }, { "log1p", (void *)f_log1p }, { "sqrt", (void *)f_sqrt },
    { "sin", (void *)f_sin }, { "cos", (void *)f_cos }, { "tan", (void *)f_tan }, { "asin", (void *)f_asin },
    { "acos", (void *)f_acos }, { "atan", (void *)f_atan }, { "sinh", (void *)f_sinh }, { "cosh", (void *)f_cosh },
    { "tanh", (void *)f_tanh }, { "asinh", (void *)f_asinh }, { "acosh", (void *)f_acosh }, { "atanh", (void *)f_atanh },
    { "erf", (void *)f_erf }, { "cbrt", (void *)f_cbrt }, { "ceil", (void *)f_ceil }, { "floor", (void *)f_floor },
    { "round", (void *)f_round }, { "trunc", (void *)f_trunc }, { "fabs", (void *)f_fabs }, { "fmod", (void *)f_fmod },
    { "pow", (void *)f_pow }, { "atan2", (void *)f_atan2 }, { "fmax", (void *)f_fmax }, { "fmin", (void *)f_fmin },
    { "fma", (void *)f_fma }, { "memcpy", (void *)f_memcpy }, { "memmove", (void *)f_memmove },
    { "memset", (void *)f_memset },
};

Jit *jit_compile(const char *src, const JitSym *syms, int nsyms, char *err, size_t errlen) {
    ErrBuf eb = { err, errlen, 0 };
    if (errlen) err[0] = 0;
    TCCState *s = tcc_new();
    if (!s) { snprintf(err, errlen, "cannot create a libtcc state"); return NULL; }
    tcc_set_error_func(s, &eb, on_error);
    tcc_set_options(s, "-nostdlib");
    tcc_set_output_type(s, TCC_OUTPUT_MEMORY);
    bool ok = tcc_compile_string(s, src) == 0;
    for (size_t i = 0; ok && i < sizeof builtin / sizeof *builtin; i++) tcc_add_symbol(s, builtin[i].name, builtin[i].addr);
    for (int i = 0; ok && i < nsyms; i++) tcc_add_symbol(s, syms[i].name, syms[i].addr);
    ok = ok && tcc_relocate(s, TCC_RELOCATE_AUTO) >= 0;
    if (!ok) {
        if (!eb.used) snprintf(err, errlen, "libtcc failed");
        tcc_delete(s);
        return NULL;
    }
    Jit *j = malloc(sizeof *j);
    if (!j) { tcc_delete(s); snprintf(err, errlen, "out of memory"); return NULL; }
    j->s = s;
    return j;
}

void *jit_symbol(Jit *j, const char *name) { return j ? tcc_get_symbol(j->s, name) : NULL; }

void jit_free(Jit *j) {
    if (!j) return;
    tcc_delete(j->s);
    free(j);
}
