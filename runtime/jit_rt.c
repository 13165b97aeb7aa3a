/* jit_rt.c - the JIT's bulk routines (jit_rt.h, semantics in jit.h).
 *
 * The JIT's code hands whole rows to these instead of running its own
 * unvectorised loops.  The vector bodies (jit_rt_simd.h) are compiled once
 * per instruction set; each call takes the widest copy the CPU runs. */
#include "jit_rt.h"

#include "fmath.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#if defined(__x86_64__)
#include <immintrin.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

enum { RT_LANES = 16 };
typedef float rt_vf __attribute__((vector_size(64)));
typedef int rt_vi __attribute__((vector_size(64)));
/* a vector at any float's address, for loads and stores */
typedef float rt_vfu __attribute__((vector_size(64), aligned(4), may_alias));
#define RT_LD(p) (*(const rt_vfu *)(p))
#define RT_ST(p, v) (*(rt_vfu *)(p) = (v))
/* eight floats and eight doubles, for the dot's double lanes */
typedef float rt_vf8 __attribute__((vector_size(32)));
typedef unsigned short rt_vu16 __attribute__((vector_size(32)));
typedef double rt_vd __attribute__((vector_size(64)));
typedef float rt_vf8u __attribute__((vector_size(32), aligned(4), may_alias));
#define RT_LD8(p) (*(const rt_vf8u *)(p))
#define RT_ST8(p, v) (*(rt_vf8u *)(p) = (v))

/* a load of a whole row.  Rows a program reads in a loop often lie a fixed
 * distance apart (a row per iteration, the programs' rows interleaved), which
 * the CPU's prefetchers do not follow across pages: when a stream of this
 * thread's row loads (up to four interleaved ones) took the same step twice,
 * the row one more step ahead is prefetched, so it arrives while this one is
 * worked on.  Its lines are asked for after the load (not to delay this
 * row's own), a few at once and the rest by the next bulk routine the thread
 * calls. */
static _Thread_local const char *rt_pf_next, *rt_pf_end;

/* A row store may be left pending: its values wait in this thread's staging
 * buffer and stream out a few lines at a time while the next routines
 * compute (the exp-and-sum two lines per step), so the write-combining
 * buffers drain during arithmetic instead of stalling the thread at the
 * store.  Every routine that reads or writes kernel memory first drains
 * what could overlap (a store: all of it), and the JIT's code calls
 * ttx_rt_drain before any access of its own and at the end of a launch. */
enum { RT_STAGE = 4096 };
static _Thread_local float rt_stage[RT_STAGE] __attribute__((aligned(64)));
static _Thread_local float *rt_sd;          /* the destination, 64-byte aligned, or NULL */
static _Thread_local long long rt_sn, rt_si; /* its length and the elements already out */
static _Thread_local int rt_no_defer;        /* the thread's stores were not drained by arithmetic */

/* stream up to `lines` more cache lines (all for lines < 0) of the pending store */
static void rt_drain_lines(long long lines) {
    if (!rt_sd) return;
    long long e = lines < 0 ? rt_sn : rt_si + lines * 16;
    if (e > rt_sn) e = rt_sn;
#if defined(__SSE2__)
    for (; rt_si + 16 <= e; rt_si += 16)
        for (int q = 0; q < 16; q += 4) {
            __m128i v = _mm_load_si128((const __m128i *)(rt_stage + rt_si + q));
            _mm_stream_si128((__m128i *)(rt_sd + rt_si + q), v);
        }
#endif
    if (e < rt_sn) return;
    for (; rt_si < rt_sn; rt_si++) rt_sd[rt_si] = rt_stage[rt_si];
#if defined(__SSE2__)
    _mm_sfence();
#endif
    rt_sd = NULL;
}

void jit_rt_drain(void) { rt_drain_lines(-1); }

/* all of the pending store when it overlaps [p, p + bytes), a few lines otherwise */
static void rt_drain_for(const void *p, long long bytes) {
    if (!rt_sd) return;
    const char *a = p, *s = (const char *)rt_sd;
    if (a < s + rt_sn * (long long)sizeof(float) && s < a + bytes) rt_drain_lines(-1);
    else rt_drain_lines(4);
}

/* at the entry of a routine: the rest of the next row's prefetch, and a few
 * lines of a pending store */
static inline void rt_prefetch_more(void) {
    for (const char *p = rt_pf_next, *e = rt_pf_end; p < e; p += 64) __builtin_prefetch(p, 0, 3);
    rt_pf_next = rt_pf_end;
    rt_drain_lines(8);
}

/* up to four interleaved streams of row loads (a kernel that loads two or
 * three rows per step, say), each its last address and step */
enum { RT_STREAMS = 4 };
static _Thread_local const char *rt_st_last[RT_STREAMS];
static _Thread_local ptrdiff_t rt_st_step[RT_STREAMS];
static _Thread_local unsigned rt_st_age[RT_STREAMS], rt_st_clock;

static void rt_prefetch_next(const char *c, long long bytes) {
    rt_pf_next = rt_pf_end;
    if (bytes < 256) return;
    int hit = -1, near = -1;
    ptrdiff_t nd = 0;
    for (int i = 0; i < RT_STREAMS; i++) {
        if (!rt_st_last[i]) continue;
        ptrdiff_t d = c - rt_st_last[i];
        if (d == rt_st_step[i] && d != 0) { hit = i; break; }
        ptrdiff_t ad = d < 0 ? -d : d;
        if (ad <= ((ptrdiff_t)1 << 26) && (near < 0 || ad < nd)) near = i, nd = ad;
    }
    int k = hit >= 0 ? hit : near;
    if (k < 0)   /* a new stream: the oldest entry */
        for (int i = k = 0; i < RT_STREAMS; i++)
            if (!rt_st_last[i] || rt_st_age[i] < rt_st_age[k]) k = i;
    if (hit >= 0) {
        ptrdiff_t step = rt_st_step[k];
        const char *p = (const char *)((uintptr_t)(c + step) & ~(uintptr_t)63), *e = c + step + bytes;
        for (int i = 0; i < 8 && p < e; i++, p += 64) __builtin_prefetch(p, 0, 3);
        rt_pf_next = p;
        rt_pf_end = e;
    } else rt_st_step[k] = rt_st_last[k] ? c - rt_st_last[k] : 0;
    rt_st_last[k] = c;
    rt_st_age[k] = ++rt_st_clock;
}

void jit_rt_copy(void *d, const void *s, long long bytes) {
    if (bytes <= 0) return;
    rt_drain_for(s, bytes);
    memcpy(d, s, (size_t)bytes);
    rt_prefetch_next(s, bytes);
}

/* a store of a whole row: past a few KiB with non-temporal stores, so the
 * destination's lines are not read first (the row is not read back soon) */
static void rt_generic_store(void *d, const void *s, long long bytes) {
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

static float rt_f32_op(int op, float x, float y) {
    switch (op) {
    case 0: return x + y;
    case 1: return x - y;
    case 2: return x * y;
    case 3: return x / y;
    case 4: return fm_maxnumf(x, y);
    case 5: return fm_minnumf(x, y);
    default: return 0;
    }
}

/* the vector bodies: a generic copy, and on x86-64 with gcc an AVX2 and an
 * AVX-512 one, each with its exp in intrinsics (fused multiply-adds exactly
 * where fmath.h has fmaf; -std=c11 keeps gcc from contracting others) */
#define RT_NAME(x) rt_generic_##x
#define RT_DOT_CHAINS 4
#include "jit_rt_simd.h"
#undef RT_DOT_CHAINS
#undef RT_NAME

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define RT_X86 1
#pragma GCC push_options
#pragma GCC target("avx2,fma")
#define RT_NAME(x) rt_avx2_##x
#define RT_OWN_EXP 1
/* sixteen ymm registers: eight accumulators, the converted b rows and a */
#define RT_DOT_CHAINS 8
#include "jit_rt_simd.h"
#undef RT_DOT_CHAINS
#undef RT_OWN_EXP
#undef RT_NAME

/* fmath.h's exp in eight lanes with AVX2 and FMA */
static inline __attribute__((always_inline)) __m256 rt_avx2_exp_v(__m256 x) {
    __m256 c = _mm256_min_ps(_mm256_max_ps(x, _mm256_set1_ps(FM_EXP_MIN)), _mm256_set1_ps(FM_EXP_MAX));
    __m256 t = _mm256_fmadd_ps(c, _mm256_set1_ps(FM_EXP_LOG2E), _mm256_set1_ps(FM_EXP_SHIFT));
    __m256 k = _mm256_sub_ps(t, _mm256_set1_ps(FM_EXP_SHIFT));
    __m256 r = _mm256_fnmadd_ps(k, _mm256_set1_ps(FM_EXP_LN2HI), c);
    r = _mm256_fnmadd_ps(k, _mm256_set1_ps(FM_EXP_LN2LO), r);
    __m256 p = _mm256_fmadd_ps(r, _mm256_set1_ps(FM_EXP_C7), _mm256_set1_ps(FM_EXP_C6));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(FM_EXP_C5));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(FM_EXP_C4));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(FM_EXP_C3));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(0.5f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.0f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.0f));
    __m256i n = _mm256_sub_epi32(_mm256_castps_si256(t), _mm256_set1_epi32(0x4b400000));
    __m256i n1 = _mm256_srai_epi32(n, 1), n2 = _mm256_sub_epi32(n, n1);
    __m256 s1 = _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_add_epi32(n1, _mm256_set1_epi32(127)), 23));
    __m256 s2 = _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_add_epi32(n2, _mm256_set1_epi32(127)), 23));
    return _mm256_mul_ps(_mm256_mul_ps(p, s1), s2);
}

static void rt_avx2_exp(float *d, const float *a, float b, long long n) {
    const __m256 bv = _mm256_set1_ps(b);
    long long i = 0;
    for (; i + 16 <= n; i += 16) {
        __m256 x0 = _mm256_sub_ps(_mm256_loadu_ps(a + i), bv), x1 = _mm256_sub_ps(_mm256_loadu_ps(a + i + 8), bv);
        if (_mm256_movemask_ps(_mm256_cmp_ps(x0, x0, _CMP_UNORD_Q)) | _mm256_movemask_ps(_mm256_cmp_ps(x1, x1, _CMP_UNORD_Q))) {
            for (int l = 0; l < 16; l++) d[i + l] = fm_expf(a[i + l] - b);
            continue;
        }
        __m256 y0 = rt_avx2_exp_v(x0), y1 = rt_avx2_exp_v(x1);
        _mm256_storeu_ps(d + i, y0);
        _mm256_storeu_ps(d + i + 8, y1);
    }
    for (; i < n; i++) d[i] = fm_expf(a[i] - b);
}
#pragma GCC pop_options
#pragma GCC push_options
#pragma GCC target("avx512f,avx512vl,avx512dq,avx512bw,avx2,fma")
#define RT_NAME(x) rt_avx512_##x
#define RT_OWN_EXP 1
#define RT_OWN_SUM 1
/* thirty-two zmm registers: sixteen accumulators; eight floats to eight
 * doubles and back in one instruction each */
#define RT_DOT_CHAINS 16
#define RT_CVT_PD(v) ((rt_vd)_mm512_cvtps_pd((__m256)(v)))
#define RT_CVT_PS(v) ((rt_vf8)_mm512_cvtpd_ps((__m512d)(v)))
#include "jit_rt_simd.h"
#undef RT_DOT_CHAINS
#undef RT_OWN_SUM
#undef RT_OWN_EXP
#undef RT_NAME

/* fmath.h's exp in sixteen lanes: vscalefps scales in one instruction, and
 * four vectors at a time give the CPU four independent chains of the
 * polynomial */
static inline __attribute__((always_inline)) __m512 rt_avx512_exp_v(__m512 x) {
    __m512 c = _mm512_min_ps(_mm512_max_ps(x, _mm512_set1_ps(FM_EXP_MIN)), _mm512_set1_ps(FM_EXP_MAX));
    __m512 t = _mm512_fmadd_ps(c, _mm512_set1_ps(FM_EXP_LOG2E), _mm512_set1_ps(FM_EXP_SHIFT));
    __m512 k = _mm512_sub_ps(t, _mm512_set1_ps(FM_EXP_SHIFT));
    __m512 r = _mm512_fnmadd_ps(k, _mm512_set1_ps(FM_EXP_LN2HI), c);
    r = _mm512_fnmadd_ps(k, _mm512_set1_ps(FM_EXP_LN2LO), r);
    __m512 p = _mm512_fmadd_ps(r, _mm512_set1_ps(FM_EXP_C7), _mm512_set1_ps(FM_EXP_C6));
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(FM_EXP_C5));
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(FM_EXP_C4));
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(FM_EXP_C3));
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(0.5f));
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(1.0f));
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(1.0f));
    /* p * 2^k rounded once, as p * 2^(k >> 1) * 2^(k - (k >> 1)) is (the
     * first product is exact) */
    return _mm512_scalef_ps(p, k);
}

static void rt_avx512_exp16(float *d, const float *a, float b, long long n) {
    const __m512 bv = _mm512_set1_ps(b);
    long long i = 0;
    for (; i + 64 <= n; i += 64) {
        __m512 x0 = _mm512_sub_ps(_mm512_loadu_ps(a + i), bv), x1 = _mm512_sub_ps(_mm512_loadu_ps(a + i + 16), bv);
        __m512 x2 = _mm512_sub_ps(_mm512_loadu_ps(a + i + 32), bv), x3 = _mm512_sub_ps(_mm512_loadu_ps(a + i + 48), bv);
        if (_mm512_cmp_ps_mask(x0, x0, _CMP_UNORD_Q) | _mm512_cmp_ps_mask(x1, x1, _CMP_UNORD_Q) |
            _mm512_cmp_ps_mask(x2, x2, _CMP_UNORD_Q) | _mm512_cmp_ps_mask(x3, x3, _CMP_UNORD_Q)) {
            for (int l = 0; l < 64; l++) d[i + l] = fm_expf(a[i + l] - b);
            continue;
        }
        __m512 y0 = rt_avx512_exp_v(x0), y1 = rt_avx512_exp_v(x1), y2 = rt_avx512_exp_v(x2), y3 = rt_avx512_exp_v(x3);
        _mm512_storeu_ps(d + i, y0);
        _mm512_storeu_ps(d + i + 16, y1);
        _mm512_storeu_ps(d + i + 32, y2);
        _mm512_storeu_ps(d + i + 48, y3);
    }
    for (; i + 16 <= n; i += 16) {
        __m512 x = _mm512_sub_ps(_mm512_loadu_ps(a + i), bv);
        if (_mm512_cmp_ps_mask(x, x, _CMP_UNORD_Q))
            for (int l = 0; l < 16; l++) d[i + l] = fm_expf(a[i + l] - b);
        else _mm512_storeu_ps(d + i, rt_avx512_exp_v(x));
    }
    for (; i < n; i++) d[i] = fm_expf(a[i] - b);
}
/* a row store with whole-line streaming stores: plain up to the first line
 * boundary and after the last */
static void rt_avx512_store(void *d, const void *s, long long bytes) {
    if (bytes < 2048) {
        if (bytes > 0) memcpy(d, s, (size_t)bytes);
        return;
    }
    char *dc = d;
    const char *sc = s;
    size_t head = (size_t)(-(uintptr_t)dc & 63), n = (size_t)bytes, i = head;
    memcpy(dc, sc, head);
    for (; i + 64 <= n; i += 64) _mm512_stream_si512((__m512i *)(dc + i), _mm512_loadu_si512(sc + i));
    _mm_sfence();
    memcpy(dc + i, sc + i, n - i);
}

/* the halving sum as the portable body computes it, with the last five
 * steps of a 32-element level in registers (the scalar steps would read
 * back lanes a vector store just wrote) */
static float rt_avx512_sum_tree(const float *a, long long n, float *t) {
    const float *src = a;
    while (n > 32) {
        long long m = (n + 1) / 2, h = n - m, j = 0;
        for (; j + 16 <= h; j += 16) _mm512_storeu_ps(t + j, _mm512_add_ps(_mm512_loadu_ps(src + j), _mm512_loadu_ps(src + j + m)));
        for (; j < h; j++) t[j] = src[j] + src[j + m];
        if (h < m) t[h] = src[h];
        src = t;
        n = m;
    }
    if (n == 32) {
        __m512 s16 = _mm512_add_ps(_mm512_loadu_ps(src), _mm512_loadu_ps(src + 16));
        __m256 s8 = _mm256_add_ps(_mm512_castps512_ps256(s16), _mm512_extractf32x8_ps(s16, 1));
        __m128 s4 = _mm_add_ps(_mm256_castps256_ps128(s8), _mm256_extractf128_ps(s8, 1));
        __m128 s2 = _mm_add_ps(s4, _mm_movehl_ps(s4, s4));
        __m128 s1 = _mm_add_ss(s2, _mm_shuffle_ps(s2, s2, 1));
        return _mm_cvtss_f32(s1);
    }
    float w[32];
    memcpy(w, src, (size_t)n * sizeof *w);
    for (long long m; n > 1; n = m) {
        m = (n + 1) / 2;
        for (long long j = 0; j < n - m; j++) w[j] = w[j] + w[j + m];
    }
    return w[0];
}

/* d[i] = exp(a[i] - b) for i < n (n >= 2) and their sum in tt.reduce's
 * order, the first halving step (d[j] + d[j + m]) taken while the pairs are
 * computed; t is scratch for ceil(n / 2) floats.  Each step also streams
 * out two lines of a pending store and asks for two of the next row */
static float rt_avx512_exp_sum(float *d, const float *a, float b, long long n, float *t) {
    const __m512 bv = _mm512_set1_ps(b);
    long long m = (n + 1) / 2, h = n - m, j = 0;
    /* the pending prefetch of the next row, two lines per step, so that its
     * requests are spread over this row's arithmetic */
    const char *pf = rt_pf_next, *pe = rt_pf_end;
    for (; j + 16 <= h; j += 16) {
        if (pf < pe) {
            __builtin_prefetch(pf, 0, 3);
            __builtin_prefetch(pf + 64, 0, 3);
            pf += 128;
        }
        if (rt_sd && rt_si + 32 <= rt_sn) {
            _mm512_stream_ps(rt_sd + rt_si, _mm512_load_ps(rt_stage + rt_si));
            _mm512_stream_ps(rt_sd + rt_si + 16, _mm512_load_ps(rt_stage + rt_si + 16));
            rt_si += 32;
        }
        __m512 x0 = _mm512_sub_ps(_mm512_loadu_ps(a + j), bv), x1 = _mm512_sub_ps(_mm512_loadu_ps(a + j + m), bv);
        if (_mm512_cmp_ps_mask(x0, x0, _CMP_UNORD_Q) | _mm512_cmp_ps_mask(x1, x1, _CMP_UNORD_Q)) {
            for (int l = 0; l < 16; l++) {
                d[j + l] = fm_expf(a[j + l] - b);
                d[j + m + l] = fm_expf(a[j + m + l] - b);
                t[j + l] = d[j + l] + d[j + m + l];
            }
            continue;
        }
        __m512 y0 = rt_avx512_exp_v(x0), y1 = rt_avx512_exp_v(x1);
        _mm512_storeu_ps(d + j, y0);
        _mm512_storeu_ps(d + j + m, y1);
        _mm512_storeu_ps(t + j, _mm512_add_ps(y0, y1));
    }
    for (; j < h; j++) {
        d[j] = fm_expf(a[j] - b);
        d[j + m] = fm_expf(a[j + m] - b);
        t[j] = d[j] + d[j + m];
    }
    if (h < m) t[h] = d[h] = fm_expf(a[h] - b);
    rt_pf_next = pf < pe ? pf : pe;
    return m > 1 ? rt_avx512_sum_tree(t, m, t) : t[0];
}

/* d[0 .. n) = s[0 .. n) and its max (op 4) or min (op 5) by selects, from
 * start (-inf or +inf) */
static float rt_avx512_copy_maxmin(int op, float *d, const float *s, long long n, float start) {
    __m512 m0 = _mm512_set1_ps(start), m1 = m0;
    long long i = 0;
    for (; i + 32 <= n; i += 32) {
        __m512 a = _mm512_loadu_ps(s + i), b = _mm512_loadu_ps(s + i + 16);
        _mm512_storeu_ps(d + i, a);
        _mm512_storeu_ps(d + i + 16, b);
        /* max_ps(x, m) is x > m ? x : m, a select that skips NaNs */
        if (op == 4) m0 = _mm512_max_ps(a, m0), m1 = _mm512_max_ps(b, m1);
        else m0 = _mm512_min_ps(a, m0), m1 = _mm512_min_ps(b, m1);
    }
    m0 = op == 4 ? _mm512_max_ps(m0, m1) : _mm512_min_ps(m0, m1);
    float lanes[16], r = start;
    _mm512_storeu_ps(lanes, m0);
    for (int l = 0; l < 16; l++) r = (op == 4 ? lanes[l] > r : lanes[l] < r) ? lanes[l] : r;
    for (; i < n; i++) {
        d[i] = s[i];
        r = (op == 4 ? s[i] > r : s[i] < r) ? s[i] : r;
    }
    return r;
}

/* d[i] = a[i] OP b[i * sb] (OP 0-3) straight to whole-line streaming stores */
static void rt_avx512_bin_store(int op, float *d, const float *a, const float *b, long long sb, long long n) {
    long long i = 0;
    if (n * 4 >= 2048 && op >= 0 && op <= 3 && (sb == 0 || sb == 1)) {
        const __m512 bv = _mm512_set1_ps(b[0]);
        for (; i < n && ((uintptr_t)(d + i) & 63); i++) d[i] = rt_f32_op(op, a[i], b[i * sb]);
#define RT_STREAM(F)                                                                                             \
    if (sb)                                                                                                      \
        for (; i + 16 <= n; i += 16) _mm512_stream_ps(d + i, F(_mm512_loadu_ps(a + i), _mm512_loadu_ps(b + i))); \
    else                                                                                                         \
        for (; i + 16 <= n; i += 16) _mm512_stream_ps(d + i, F(_mm512_loadu_ps(a + i), bv));
        switch (op) {
        case 0: RT_STREAM(_mm512_add_ps); break;
        case 1: RT_STREAM(_mm512_sub_ps); break;
        case 2: RT_STREAM(_mm512_mul_ps); break;
        default: RT_STREAM(_mm512_div_ps); break;
        }
#undef RT_STREAM
        _mm_sfence();
    } else if (n >= 16 && op >= 0 && op <= 5 && (sb == 0 || sb == 1)) {
        /* a short row: whole vectors with plain stores (the lanes do the
         * scalar code's operations) */
        i = n / 16 * 16;
        rt_avx512_bin_rows(op, d, a, b, sb, i);
    }
    for (; i < n; i++) d[i] = rt_f32_op(op, a[i], b[i * sb]);
}
#pragma GCC pop_options
#endif

typedef struct RtImpl {
    const char *name;
    void (*bin_rows)(int, float *, const float *, const float *, long long, long long);
    float (*sum_tree)(const float *, long long, float *);
    float (*maxmin)(int, const float *, long long, int *);
    void (*exp)(float *, const float *, float, long long);
    void (*store)(void *, const void *, long long);
    void (*bin_store)(int, float *, const float *, const float *, long long, long long);
    float (*copy_maxmin)(int, float *, const float *, long long, float);
    float (*exp_sum)(float *, const float *, float, long long, float *);
    int defer;   /* row stores are left pending (its exp-and-sum streams them) */
    void (*dot)(float *, const float *, const float *, const float *, long long, long long, long long, long long);
    void (*h2f)(float *, const unsigned short *, long long);
} RtImpl;

static float rt_generic_exp_sum(float *d, const float *a, float b, long long n, float *t);

static float rt_generic_copy_maxmin(int op, float *d, const float *s, long long n, float start);

static void rt_generic_bin_store(int op, float *d, const float *a, const float *b, long long sb, long long n);

static const RtImpl rt_generic = { "generic", rt_generic_bin_rows, rt_generic_sum_tree, rt_generic_maxmin, rt_generic_exp, rt_generic_store,
                                   rt_generic_bin_store, rt_generic_copy_maxmin, rt_generic_exp_sum, 0, rt_generic_dot,
                                   rt_generic_h2f };
#ifdef RT_X86
static const RtImpl rt_avx2 = { "avx2", rt_avx2_bin_rows, rt_avx2_sum_tree, rt_avx2_maxmin, rt_avx2_exp, rt_generic_store, rt_generic_bin_store,
                                rt_generic_copy_maxmin, rt_generic_exp_sum, 0, rt_avx2_dot, rt_avx2_h2f };
static const RtImpl rt_avx512 = { "avx512", rt_avx512_bin_rows, rt_avx512_sum_tree, rt_avx512_maxmin, rt_avx512_exp16, rt_avx512_store,
                                  rt_avx512_bin_store, rt_avx512_copy_maxmin, rt_avx512_exp_sum, 1,
                                  rt_avx512_dot, rt_avx512_h2f };
#endif

static const RtImpl *rt_forced;

/* the widest copy this CPU runs (a few loads once the CPU model is read) */
static const RtImpl *rt_widest(void) {
#ifdef RT_X86
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq") &&
        __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("fma"))
        return &rt_avx512;
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) return &rt_avx2;
#endif
    return &rt_generic;
}

static const RtImpl *rt_impl(void) { return rt_forced ? rt_forced : rt_widest(); }

const char *jit_rt_isa(void) { return rt_impl()->name; }

int jit_rt_use(const char *isa) {
    const RtImpl *all[] = {
#ifdef RT_X86
        &rt_avx512, &rt_avx2,
#endif
        &rt_generic,
    };
    const RtImpl *w = rt_widest();
    if (!isa) { rt_forced = NULL; return 1; }
    int usable = 0;
    for (size_t i = 0; i < sizeof all / sizeof *all; i++) {
        usable |= all[i] == w;   /* the widest and every narrower one */
        if (usable && !strcmp(all[i]->name, isa)) { rt_forced = all[i]; return 1; }
    }
    return 0;
}

void jit_rt_f32_bin(int op, float *d, const float *a, long long sa, const float *b, long long sb, long long n) {
    rt_prefetch_more();
    if (op < 0 || op > 5) return;
    long long i = 0;
    /* a row against a row or against a scalar: whole vectors, then the rest
     * (d may be a or b: each group is read before it is written) */
    if (sa == 1 && (sb == 0 || sb == 1) && n >= RT_LANES) {
        i = n / RT_LANES * RT_LANES;
        rt_impl()->bin_rows(op, d, a, b, sb, i);
    }
    for (; i < n; i++) d[i] = rt_f32_op(op, a[i * sa], b[i * sb]);
}

/* the halving order without scratch: element j of level L+1 (n[L+1] =
 * ceil(n[L] / 2) elements) combines elements j and j + n[L+1] of level L
 * when j < n[L] - n[L+1], else it is element j of level L */
static float rt_tree_at(int op, const float *a, const long long *lv, int level, long long j) {
    if (level == 0) return a[j];
    if (j < lv[level - 1] - lv[level])
        return rt_f32_op(op, rt_tree_at(op, a, lv, level - 1, j), rt_tree_at(op, a, lv, level - 1, j + lv[level]));
    return rt_tree_at(op, a, lv, level - 1, j);
}

float jit_rt_f32_red(int op, const float *a, long long n) {
    rt_prefetch_more();
    if (n <= 1) return n == 1 ? a[0] : 0;
    const RtImpl *im = rt_impl();
    if ((op == 4 || op == 5) && n >= RT_LANES) {
        int sure = 0;
        float r = im->maxmin(op, a, n, &sure);
        if (sure) return r;
        if (r == 0) {
            /* a zero result: the chains kept the first zero they met; with
             * both +0 and -0 in the row, max is +0 and min -0 */
            int pos = 0, neg = 0;
            for (long long i = 0; i < n; i++)
                if (a[i] == 0) {
                    if (signbit(a[i])) neg = 1;
                    else pos = 1;
                }
            return pos && neg ? (op == 4 ? 0.0f : -0.0f) : r;
        }
    }
    float stack[4096], *t = stack;
    long long half = (n + 1) / 2;
    if (half > 4096 && !(t = malloc((size_t)half * sizeof *t))) {
        long long lv[64];
        int levels = 0;
        for (lv[0] = n; lv[levels] > 1; levels++) lv[levels + 1] = (lv[levels] + 1) / 2;
        return rt_tree_at(op, a, lv, levels, 0);
    }
    float r;
    if (op == 0) r = im->sum_tree(a, n, t);
    else {
        long long m = half, h = n - m;
        for (long long j = 0; j < h; j++) t[j] = rt_f32_op(op, a[j], a[j + m]);
        if (h < m) t[h] = a[h];
        for (n = m; n > 1; n = m) {
            m = (n + 1) / 2, h = n - m;
            for (long long j = 0; j < h; j++) t[j] = rt_f32_op(op, t[j], t[j + m]);
        }
        r = t[0];
    }
    if (t != stack) free(t);
    return r;
}

static float rt_generic_copy_maxmin(int op, float *d, const float *s, long long n, float start) {
    memcpy(d, s, (size_t)n * sizeof *d);
    float r = start;
    for (long long i = 0; i < n; i++) r = (op == 4 ? s[i] > r : s[i] < r) ? s[i] : r;
    return r;
}

float jit_rt_copy_red(int op, float *d, const float *s, long long lo, long long hi, long long n, float other) {
    if (op != 4 && op != 5) return 0;
    if (hi > lo) rt_drain_for(s + lo, (hi - lo) * (long long)sizeof *s);
    const float start = op == 4 ? -__builtin_inff() : __builtin_inff();
    float r = start;
    if (hi > lo) {
        r = rt_impl()->copy_maxmin(op, d + lo, s + lo, hi - lo, start);
        rt_prefetch_next((const char *)(s + lo), (hi - lo) * (long long)sizeof *s);
    }
    for (long long j = 0; j < lo; j++) d[j] = other;
    for (long long j = hi; j < n; j++) d[j] = other;
    if (lo > 0 || hi < n) r = (op == 4 ? other > r : other < r) ? other : r;
    /* as jit_rt_f32_red decides: a result that is neither zero nor the start
     * has these bits in every order */
    if (r != 0 && r != start) return r;
    return jit_rt_f32_red(op, d, n);
}

void jit_rt_f32_un(int op, float *d, const float *a, long long n) {
    rt_prefetch_more();
    if (op == 0) rt_impl()->exp(d, a, 0.0f, n);
}

void jit_rt_f32_exp_sub(float *d, const float *a, float b, long long n) {
    rt_prefetch_more();
    rt_impl()->exp(d, a, b, n);
}

/* exp, then the halving sum: the same bits as the two routines one after the other */
static float rt_generic_exp_sum(float *d, const float *a, float b, long long n, float *t) {
    rt_prefetch_more();
    rt_impl()->exp(d, a, b, n);
    return rt_impl()->sum_tree(d, n, t);
}

float jit_rt_f32_exp_sum(float *d, const float *a, float b, long long n) {
    if (n <= 1) {
        if (n == 1) return d[0] = fm_expf(a[0] - b);
        return 0;
    }
    float stack[4096], *t = stack;
    long long half = (n + 1) / 2;
    if (half > 4096 && !(t = malloc((size_t)half * sizeof *t))) {
        jit_rt_f32_exp_sub(d, a, b, n);
        return jit_rt_f32_red(0, d, n);
    }
    float r = rt_impl()->exp_sum(d, a, b, n, t);
    if (t != stack) free(t);
    return r;
}

/* a chunk at a time into the cache, then to memory as a row store */
static void rt_generic_bin_store(int op, float *d, const float *a, const float *b, long long sb, long long n) {
    float buf[512];
    for (long long i = 0; i < n; i += 512) {
        long long m = n - i < 512 ? n - i : 512;
        jit_rt_f32_bin(op, buf, a + i, 1, b + i * sb, sb, m);
        rt_generic_store(d + i, buf, m * (long long)sizeof *buf);
    }
}

void jit_rt_store(void *d, const void *s, long long bytes) {
    rt_prefetch_more();
    rt_drain_lines(-1);
    rt_impl()->store(d, s, bytes);
}

void jit_rt_f32_bin_store(int op, float *d, const float *a, const float *b, long long sb, long long n) {
    /* a pending store that the routines since did not stream out for the
     * most part gains nothing by waiting: this thread stores at once from
     * now on (a vector add, say, has no arithmetic to hide its stores in) */
    if (rt_sd && rt_si * 2 < rt_sn) rt_no_defer = 1;
    rt_prefetch_more();
    rt_drain_lines(-1);
    const RtImpl *im = rt_impl();
    if (im->defer && !rt_no_defer && n * 4 >= 2048 && n <= RT_STAGE && op >= 0 && op <= 3 && !((uintptr_t)d & 63)) {
        jit_rt_f32_bin(op, rt_stage, a, 1, b, sb, n);
        rt_sd = d;
        rt_sn = n;
        rt_si = 0;
        return;
    }
    im->bin_store(op, d, a, b, sb, n);
}

void jit_rt_h2f(float *d, const unsigned short *h, long long n) {
    if (n <= 0) return;
    rt_drain_for(h, n * (long long)sizeof *h);
    rt_prefetch_next((const char *)h, n * (long long)sizeof *h);
    rt_impl()->h2f(d, h, n);
}

void jit_rt_ptr_add(void **d, void *const *a, long long bytes, long long n) {
    /* the pointers as integers: a pointer array of any pointee type */
    for (long long i = 0; i < n; i++) {
        uintptr_t p;
        memcpy(&p, (const char *)a + i * (long long)sizeof p, sizeof p);
        p += (uintptr_t)bytes;
        memcpy((char *)d + i * (long long)sizeof p, &p, sizeof p);
    }
}

void jit_rt_f32_dot(float *restrict r, const float *restrict a, const float *restrict b, const float *restrict c, long long sc,
                    long long M, long long N, long long K) {
    rt_impl()->dot(r, a, b, c, sc, M, N, K);
}
