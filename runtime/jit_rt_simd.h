/* jit_rt_simd.h - the vector bodies of the JIT's bulk routines.
 *
 * jit_rt.c includes this file once per instruction set, with RT_NAME(x)
 * naming this copy's functions (and RT_OWN_EXP, RT_OWN_SUM set where the
 * copy has its own exp, sum); the vectors are 64 bytes wide (16 floats), one register with
 * AVX-512, two with AVX2, four with SSE2.  Every lane does
 * the IEEE operation of the scalar code, so all copies give the same bits. */

/* d[i] = a[i] OP b[i] (sb 1) or a[i] OP b[0] (sb 0), i < n, n a multiple of
 * RT_LANES; max/min lanes that are not plain selects go through glibc */
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
    for (long long i = 0; i < n; i += RT_LANES) {
        rt_vf av = RT_LD(a + i), r;
        if (sb) bv = RT_LD(b + i);
        /* a lane where one is strictly larger, or both are equal and
         * non-zero (the same bits), is a select; a NaN or +0 against -0
         * sends the group to glibc's fmax/fmin */
        rt_vi gt = av > bv, lt = av < bv, eq = (av == bv) & (av != 0);
        rt_vi pick = op == 4 ? gt : lt;
        rt_vi odd = ~(gt | lt | eq);
        r = (rt_vf)(((rt_vi)av & pick) | ((rt_vi)bv & ~pick));
        int any = 0;
        for (int l = 0; l < RT_LANES; l++) any |= odd[l];
        if (any)
            for (int l = 0; l < RT_LANES; l++) r[l] = rt_f32_op(op, av[l], bv[l]);
        RT_ST(d + i, r);
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
 * fmax/fmin do) and starting from -inf (+inf for min), in four independent
 * chains of selects.  With a result that is neither zero nor that start,
 * every order of fmax/fmin gives these bits (equal non-zero floats are one
 * pattern); *sure is 0 otherwise (signed zeros, all NaN, only infinities) */
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
 * of double lanes are the scalar code's steps).  Blocks of 4 rows x 32
 * columns keep their sixteen accumulators of eight in registers for the
 * whole k loop: sixteen independent chains; the rest row by row */
#define RT_DOT_STEP(ACC, AV, BD) ACC = __builtin_convertvector(__builtin_convertvector(ACC, rt_vd) + (AV) * (BD), rt_vf8)
static void RT_NAME(dot)(float *r, const float *a, const float *b, const float *c, long long sc, long long M, long long N,
                         long long K) {
    long long i0 = 0;
    if (N >= 32)
        for (; i0 + 4 <= M; i0 += 4) {
            long long j = 0;
            for (; j + 32 <= N; j += 32) {
                rt_vf8 acc[4][4];
                for (int q = 0; q < 4; q++)
                    for (int cc = 0; cc < 4; cc++) {
                        if (sc) acc[q][cc] = RT_LD8(c + (i0 + q) * N + j + 8 * cc);
                        else
                            for (int l = 0; l < 8; l++) acc[q][cc][l] = c[0];
                    }
                rt_vf8 a00 = acc[0][0], a01 = acc[0][1], a02 = acc[0][2], a03 = acc[0][3];
                rt_vf8 a10 = acc[1][0], a11 = acc[1][1], a12 = acc[1][2], a13 = acc[1][3];
                rt_vf8 a20 = acc[2][0], a21 = acc[2][1], a22 = acc[2][2], a23 = acc[2][3];
                rt_vf8 a30 = acc[3][0], a31 = acc[3][1], a32 = acc[3][2], a33 = acc[3][3];
                for (long long k = 0; k < K; k++) {
                    const float *bk = b + k * N + j;
                    rt_vd b0 = __builtin_convertvector(RT_LD8(bk), rt_vd), b1 = __builtin_convertvector(RT_LD8(bk + 8), rt_vd);
                    rt_vd b2 = __builtin_convertvector(RT_LD8(bk + 16), rt_vd), b3 = __builtin_convertvector(RT_LD8(bk + 24), rt_vd);
                    double x0 = a[i0 * K + k], x1 = a[(i0 + 1) * K + k], x2 = a[(i0 + 2) * K + k], x3 = a[(i0 + 3) * K + k];
                    rt_vd v0 = { x0, x0, x0, x0, x0, x0, x0, x0 }, v1 = { x1, x1, x1, x1, x1, x1, x1, x1 };
                    rt_vd v2 = { x2, x2, x2, x2, x2, x2, x2, x2 }, v3 = { x3, x3, x3, x3, x3, x3, x3, x3 };
                    RT_DOT_STEP(a00, v0, b0); RT_DOT_STEP(a01, v0, b1); RT_DOT_STEP(a02, v0, b2); RT_DOT_STEP(a03, v0, b3);
                    RT_DOT_STEP(a10, v1, b0); RT_DOT_STEP(a11, v1, b1); RT_DOT_STEP(a12, v1, b2); RT_DOT_STEP(a13, v1, b3);
                    RT_DOT_STEP(a20, v2, b0); RT_DOT_STEP(a21, v2, b1); RT_DOT_STEP(a22, v2, b2); RT_DOT_STEP(a23, v2, b3);
                    RT_DOT_STEP(a30, v3, b0); RT_DOT_STEP(a31, v3, b1); RT_DOT_STEP(a32, v3, b2); RT_DOT_STEP(a33, v3, b3);
                }
                float *r0 = r + i0 * N + j, *r1 = r0 + N, *r2 = r1 + N, *r3 = r2 + N;
                RT_ST8(r0, a00); RT_ST8(r0 + 8, a01); RT_ST8(r0 + 16, a02); RT_ST8(r0 + 24, a03);
                RT_ST8(r1, a10); RT_ST8(r1 + 8, a11); RT_ST8(r1 + 16, a12); RT_ST8(r1 + 24, a13);
                RT_ST8(r2, a20); RT_ST8(r2 + 8, a21); RT_ST8(r2 + 16, a22); RT_ST8(r2 + 24, a23);
                RT_ST8(r3, a30); RT_ST8(r3 + 8, a31); RT_ST8(r3 + 16, a32); RT_ST8(r3 + 24, a33);
            }
            for (int q = 0; q < 4; q++)
                for (long long jj = j; jj < N; jj++) {
                    long long i = i0 + q;
                    float acc = c[(i * N + jj) * sc];
                    for (long long k = 0; k < K; k++) acc = (float)((double)acc + (double)a[i * K + k] * (double)b[k * N + jj]);
                    r[i * N + jj] = acc;
                }
        }
    for (long long i = i0; i < M; i++) {
        float *ri = r + i * N;
        for (long long j = 0; j < N; j++) ri[j] = c[(i * N + j) * sc];
        for (long long k = 0; k < K; k++) {
            double aik = a[i * K + k];
            rt_vd av;
            for (int l = 0; l < 8; l++) av[l] = aik;
            const float *bk = b + k * N;
            long long j = 0;
            for (; j + 8 <= N; j += 8) {
                rt_vd cd = __builtin_convertvector(RT_LD8(ri + j), rt_vd) + av * __builtin_convertvector(RT_LD8(bk + j), rt_vd);
                RT_ST8(ri + j, __builtin_convertvector(cd, rt_vf8));
            }
            for (; j < N; j++) ri[j] = (float)((double)ri[j] + aik * (double)bk[j]);
        }
    }
}
#undef RT_DOT_STEP

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
