/* jit_rt_simd.h - the vector bodies of the JIT's bulk routines.
 *
 * jit_rt.c includes this file once per instruction set, with RT_NAME(x)
 * naming this copy's functions (and RT_OWN_EXP, RT_OWN_SUM set where the
 * copy has its own exp, sum); the vectors are 64 bytes wide (16 floats), one register with
 * AVX-512, two with AVX2, four with SSE2.  Every lane does
 * the IEEE operation of the scalar code, so all copies give the same bits. */

/* d[i] = a[i] OP b[i] (sb 1) or a[i] OP b[0] (sb 0), i < n, n a multiple of
 * RT_LANES; max/min (4, 5) as fmath.h's fm_maxminf, step by step in lanes */
static void RT_NAME(bin_rows)(int op, float *d, const float *a, const float *b, long long sb, long long n) {
    rt_vf bv;
    for (int l = 0; l < RT_LANES; l++) bv[l] = b[0];
#define RT_BIN_LOOP(EXPR)                                                          \
    do {                                                                           \
        if (sb)                                                                    \
            for (long long i = 0; i < n; i += RT_LANES) RT_ST(d + i, EXPR(RT_LD(a + i), RT_LD(b + i))); \
        else                                                                       \
            for (long long i = 0; i < n; i += RT_LANES) RT_ST(d + i, EXPR(RT_LD(a + i), bv)); \
    } while (0)
#define RT_ADD(x, y) ((x) + (y))
#define RT_SUB(x, y) ((x) - (y))
#define RT_MUL(x, y) ((x) * (y))
#define RT_DIV(x, y) ((x) / (y))
    switch (op) {
    case 0: RT_BIN_LOOP(RT_ADD); return;
    case 1: RT_BIN_LOOP(RT_SUB); return;
    case 2: RT_BIN_LOOP(RT_MUL); return;
    case 3: RT_BIN_LOOP(RT_DIV); return;
    default: break;
    }
#undef RT_ADD
#undef RT_SUB
#undef RT_MUL
#undef RT_DIV
#undef RT_BIN_LOOP
    rt_vi qnan;
    for (int l = 0; l < RT_LANES; l++) qnan[l] = 0x7fc00000;
    for (long long i = 0; i < n; i += RT_LANES) {
        rt_vf av = RT_LD(a + i);
        if (sb) bv = RT_LD(b + i);
        rt_vi x = (rt_vi)av, y = (rt_vi)bv;
        rt_vi pick = op == 4 ? av > bv : av < bv;
        rt_vi r = (x & pick) | (y & ~pick), eq = av == bv, bn = bv != bv;
        r = (((op == 4 ? x & y : x | y)) & eq) | (r & ~eq);
        r = (x & bn) | (r & ~bn);
        rt_vi rn = (rt_vf)r != (rt_vf)r;
        r = (qnan & rn) | (r & ~rn);
        RT_ST(d + i, (rt_vf)r);
    }
}

#ifndef RT_OWN_SUM
/* the halving sum of a[0 .. n) (n >= 2) with t as scratch for ceil(n/2)
 * floats: t[j] = a[j] + a[j + m], then t[j] += t[j + m] while more than one
 * is left; the lanes of a step are independent */
static float RT_NAME(sum_tree)(const float *a, long long n, float *t) {
    long long m = (n + 1) / 2, h = n - m, j = 0;
    for (; j + RT_LANES <= h; j += RT_LANES) RT_ST(t + j, RT_LD(a + j) + RT_LD(a + j + m));
    for (; j < h; j++) t[j] = a[j] + a[j + m];
    if (h < m) t[h] = a[h];
    for (n = m; n > 1; n = m) {
        m = (n + 1) / 2, h = n - m, j = 0;
        for (; j + RT_LANES <= h; j += RT_LANES) RT_ST(t + j, RT_LD(t + j) + RT_LD(t + j + m));
        for (; j < h; j++) t[j] = t[j] + t[j + m];
    }
    return t[0];
}
#endif

/* max (op 4) or min (op 5) of a[0 .. n), n >= RT_LANES, ignoring NaNs (as
 * fm_maxnumf/fm_minnumf do) and starting from -inf (+inf for min), in four
 * independent chains of selects.  With a result that is neither zero nor
 * that start, it is the reduce's result (fmath.h's max and min give the
 * same bits in every order, and equal non-zero floats are one pattern);
 * *sure is 0 otherwise (signed zeros, all NaN, only infinities) */
static float RT_NAME(maxmin)(int op, const float *a, long long n, int *sure) {
    const float start = op == 4 ? -__builtin_inff() : __builtin_inff();
    rt_vf m0, m1, m2, m3, x0, x1, x2, x3;
    for (int l = 0; l < RT_LANES; l++) m0[l] = start;
    m1 = m2 = m3 = m0;
    long long i = 0;
#define RT_PICK(M, X, GT) do { rt_vi p = GT ? X > M : X < M; M = (rt_vf)(((rt_vi)X & p) | ((rt_vi)M & ~p)); } while (0)
#define RT_MAXMIN_LOOP(GT)                                                            \
    for (; i + 4 * RT_LANES <= n; i += 4 * RT_LANES) {                               \
        x0 = RT_LD(a + i);                                                            \
        x1 = RT_LD(a + i + RT_LANES);                                                 \
        x2 = RT_LD(a + i + 2 * RT_LANES);                                             \
        x3 = RT_LD(a + i + 3 * RT_LANES);                                             \
        RT_PICK(m0, x0, GT); RT_PICK(m1, x1, GT); RT_PICK(m2, x2, GT); RT_PICK(m3, x3, GT); \
    }                                                                                 \
    RT_PICK(m0, m1, GT); RT_PICK(m2, m3, GT); RT_PICK(m0, m2, GT);
    if (op == 4) { RT_MAXMIN_LOOP(1) } else { RT_MAXMIN_LOOP(0) }
#undef RT_MAXMIN_LOOP
#undef RT_PICK
    float r = start;
    for (int l = 0; l < RT_LANES; l++) r = (op == 4 ? m0[l] > r : m0[l] < r) ? m0[l] : r;
    for (; i < n; i++) r = (op == 4 ? a[i] > r : a[i] < r) ? a[i] : r;
    *sure = r != 0 && r != start;
    return r;
}

/* r[M,N] = c + a[M,K] x b[K,N] as jit.h defines ttx_rt_f32_dot: each
 * element adds its products in k order in double and rounds to float after
 * each (a product of two floats is exact in double, so a multiply and an add
 * of double lanes, fused or not, are the scalar code's steps).  The result
 * is cut into blocks of R rows x C groups of eight columns whose R x C
 * accumulators stay in registers for the whole k loop: independent chains,
 * RT_DOT_CHAINS of them (what the copy's registers hold) where the shape
 * allows; columns past the last group of eight go element by element.
 * Every element sees the same operations in the same order whatever block
 * it falls in, so the bits do not depend on the shape. */
#ifndef RT_CVT_PD
#define RT_CVT_PD(v) __builtin_convertvector(v, rt_vd)
#define RT_CVT_PS(v) __builtin_convertvector(v, rt_vf8)
#endif
static inline __attribute__((always_inline)) void RT_NAME(dot_blk)(int R, int C, float *r, const float *a, const float *b,
                                                                   const float *c, long long sc, long long N, long long K,
                                                                   long long i0, long long j) {
    rt_vf8 acc[RT_DOT_CHAINS][4] = {{{0}}};   /* every used element is set below */
#pragma GCC unroll 16
    for (int q = 0; q < R; q++)
#pragma GCC unroll 4
        for (int cc = 0; cc < C; cc++) {
            if (sc) acc[q][cc] = RT_LD8(c + (i0 + q) * N + j + 8 * cc);
            else
                for (int l = 0; l < 8; l++) acc[q][cc][l] = c[0];
        }
    const float *ak = a + i0 * K;
    for (long long k = 0; k < K; k++) {
        const float *bk = b + k * N + j;
        rt_vd bd[4];
#pragma GCC unroll 4
        for (int cc = 0; cc < C; cc++) bd[cc] = RT_CVT_PD(RT_LD8(bk + 8 * cc));
#pragma GCC unroll 16
        for (int q = 0; q < R; q++) {
            double x = ak[q * K + k];
            rt_vd v = { x, x, x, x, x, x, x, x };
#pragma GCC unroll 4
            for (int cc = 0; cc < C; cc++) acc[q][cc] = RT_CVT_PS(RT_CVT_PD(acc[q][cc]) + v * bd[cc]);
        }
    }
#pragma GCC unroll 16
    for (int q = 0; q < R; q++)
#pragma GCC unroll 4
        for (int cc = 0; cc < C; cc++) RT_ST8(r + (i0 + q) * N + j + 8 * cc, acc[q][cc]);
}

/* the rows of the column panel j .. j + 8C: blocks of R rows, then one at a time */
#define RT_DOT_PANEL(R, C)                                                                   \
    do {                                                                                     \
        long long i = 0;                                                                     \
        for (; i + (R) <= M; i += (R)) RT_NAME(dot_blk)((R), (C), r, a, b, c, sc, N, K, i, j); \
        for (; i < M; i++) RT_NAME(dot_blk)(1, (C), r, a, b, c, sc, N, K, i, j);             \
    } while (0)
static void RT_NAME(dot)(float *r, const float *a, const float *b, const float *c, long long sc, long long M, long long N,
                         long long K) {
    long long j = 0;
    for (; j + 32 <= N; j += 32) RT_DOT_PANEL(RT_DOT_CHAINS / 4, 4);
    if (j + 16 <= N) { RT_DOT_PANEL(RT_DOT_CHAINS / 2, 2); j += 16; }
    if (j + 8 <= N) { RT_DOT_PANEL(RT_DOT_CHAINS, 1); j += 8; }
    for (long long i = 0; i < M; i++)
        for (long long jj = j; jj < N; jj++) {
            float acc = c[(i * N + jj) * sc];
            for (long long k = 0; k < K; k++) acc = (float)((double)acc + (double)a[i * K + k] * (double)b[k * N + jj]);
            r[i * N + jj] = acc;
        }
}
#undef RT_DOT_PANEL
#undef RT_CVT_PD
#undef RT_CVT_PS

/* IEEE half-precision bits to floats, as the C target's ttx_h2f: exact,
 * NaNs keep their payload */
static void RT_NAME(h2f)(float *d, const unsigned short *h, long long n) {
    long long i = 0;
    for (; i + RT_LANES <= n; i += RT_LANES) {
        rt_vu16 hv;
        memcpy(&hv, h + i, sizeof hv);
        rt_vi x = __builtin_convertvector(hv, rt_vi);
        rt_vi e = (x >> 10) & 31, m = x & 1023;
        rt_vi big = 0x7f800000 | (m << 13), nrm = ((e + 112) << 23) | (m << 13);
        rt_vi sub = (rt_vi)(__builtin_convertvector(m, rt_vf) * 0x1p-24f);
        rt_vi is31 = e == 31, is0 = e == 0;
        rt_vi v = (big & is31) | (nrm & ~is31 & ~is0) | (sub & is0);
        v |= (x & 0x8000) << 16;
        RT_ST(d + i, (rt_vf)v);
    }
    for (; i < n; i++) {
        unsigned x = h[i], e = (x >> 10) & 31, m = x & 1023, u;
        float f;
        if (e == 31) u = 0x7f800000u | (m << 13);
        else if (e) u = ((e + 112) << 23) | (m << 13);
        else {
            f = (float)m * 0x1p-24f;
            memcpy(&u, &f, sizeof u);
        }
        u |= (x & 0x8000u) << 16;
        memcpy(&f, &u, sizeof f);
        d[i] = f;
    }
}

#ifndef RT_OWN_EXP
/* d[i] = exp(a[i] - b) (b 0 when absent) as fmath.h defines exp, element by
 * element (its fused multiply-adds have no portable vector form) */
static void RT_NAME(exp)(float *d, const float *a, float b, long long n) {
    for (long long i = 0; i < n; i++) d[i] = fm_expf(a[i] - b);
}
#endif
