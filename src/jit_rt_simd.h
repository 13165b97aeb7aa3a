/* jit_rt_simd.h - the vector bodies of the JIT's bulk routines.
 *
 * jit_rt.c includes this file once per instruction set, with RT_NAME(x)
 * naming this copy's functions and RT_EXP_VECTOR set where the vectorised
 * exp pays off; the vectors are 64 bytes wide (16 floats, 8 doubles), one
 * register with AVX-512, two with AVX2, four with SSE2.  Every lane does
 * the IEEE operation of the scalar code, so all copies give the same bits. */

/* d[i] = a[i] OP b[i] (sb 1) or a[i] OP b[0] (sb 0), i < n, n a multiple of
 * RT_LANES; max/min lanes that are not plain selects go through glibc */
static void RT_NAME(bin_rows)(int op, float *d, const float *a, const float *b, long long sb, long long n) {
    rt_vf bv;
    for (int l = 0; l < RT_LANES; l++) bv[l] = b[0];
#define RT_BIN_LOOP(EXPR)                                   \
    for (long long i = 0; i < n; i += RT_LANES) {           \
        rt_vf av, r;                                        \
        memcpy(&av, a + i, sizeof av);                      \
        if (sb) memcpy(&bv, b + i, sizeof bv);              \
        r = EXPR;                                           \
        memcpy(d + i, &r, sizeof r);                        \
    }
    switch (op) {
    case 0: RT_BIN_LOOP(av + bv); break;
    case 1: RT_BIN_LOOP(av - bv); break;
    case 2: RT_BIN_LOOP(av * bv); break;
    case 3: RT_BIN_LOOP(av / bv); break;
    default:
        for (long long i = 0; i < n; i += RT_LANES) {
            rt_vf av, r;
            memcpy(&av, a + i, sizeof av);
            if (sb) memcpy(&bv, b + i, sizeof bv);
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
            memcpy(d + i, &r, sizeof r);
        }
        break;
    }
#undef RT_BIN_LOOP
}

/* the halving sum of a[0 .. n) (n >= 2) with t as scratch for ceil(n/2)
 * floats: t[j] = a[j] + a[j + m], then t[j] += t[j + m] while more than one
 * is left; the lanes of a step are independent */
static float RT_NAME(sum_tree)(const float *a, long long n, float *t) {
    long long m = (n + 1) / 2, h = n - m, j = 0;
    for (; j + RT_LANES <= h; j += RT_LANES) {
        rt_vf x, y;
        memcpy(&x, a + j, sizeof x);
        memcpy(&y, a + j + m, sizeof y);
        x += y;
        memcpy(t + j, &x, sizeof x);
    }
    for (; j < h; j++) t[j] = a[j] + a[j + m];
    if (h < m) t[h] = a[h];
    for (n = m; n > 1; n = m) {
        m = (n + 1) / 2, h = n - m, j = 0;
        for (; j + RT_LANES <= h; j += RT_LANES) {
            rt_vf x, y;
            memcpy(&x, t + j, sizeof x);
            memcpy(&y, t + j + m, sizeof y);
            x += y;
            memcpy(t + j, &x, sizeof x);
        }
        for (; j < h; j++) t[j] = t[j] + t[j + m];
    }
    return t[0];
}

/* max (op 4) or min (op 5) of a[0 .. n), n >= RT_LANES, ignoring NaNs (as
 * fmax/fmin do) and starting from -inf (+inf for min), in four independent
 * chains of selects.  With a result that is neither zero nor that start,
 * every order of fmax/fmin gives these bits (equal non-zero floats are one
 * pattern); *sure is 0 otherwise (signed zeros, all NaN, only infinities) */
static float RT_NAME(maxmin)(int op, const float *a, long long n, int *sure) {
    const float start = op == 4 ? -__builtin_inff() : __builtin_inff();
    rt_vf m[4];
    for (int c = 0; c < 4; c++)
        for (int l = 0; l < RT_LANES; l++) m[c][l] = start;
    long long i = 0;
    if (op == 4)
        for (; i + 4 * RT_LANES <= n; i += 4 * RT_LANES)
            for (int c = 0; c < 4; c++) {
                rt_vf x;
                memcpy(&x, a + i + c * RT_LANES, sizeof x);
                rt_vi pick = x > m[c];
                m[c] = (rt_vf)(((rt_vi)x & pick) | ((rt_vi)m[c] & ~pick));
            }
    else
        for (; i + 4 * RT_LANES <= n; i += 4 * RT_LANES)
            for (int c = 0; c < 4; c++) {
                rt_vf x;
                memcpy(&x, a + i + c * RT_LANES, sizeof x);
                rt_vi pick = x < m[c];
                m[c] = (rt_vf)(((rt_vi)x & pick) | ((rt_vi)m[c] & ~pick));
            }
    float r = start;
    for (int c = 0; c < 4; c++)
        for (int l = 0; l < RT_LANES; l++) r = (op == 4 ? m[c][l] > r : m[c][l] < r) ? m[c][l] : r;
    for (; i < n; i++) r = (op == 4 ? a[i] > r : a[i] < r) ? a[i] : r;
    *sure = r != 0 && r != start;
    return r;
}

/* f32 exp as fmath.h defines it, the same operations in float lanes */
static void RT_NAME(exp)(float *d, const float *a, long long n) {
    long long i = 0;
    for (; i + RT_LANES <= n; i += RT_LANES) {
        rt_vf x, y;
        memcpy(&x, a + i, sizeof x);
        rt_vi lo = x < -104.0f, hi = x > 89.0f, nan = x != x, odd = lo | hi | nan;
        rt_vf c = (rt_vf)((rt_vi)x & ~odd);
        rt_vf t = c * FM_EXP_LOG2E + FM_EXP_SHIFT;
        rt_vf k = t - FM_EXP_SHIFT;
        rt_vf r = c - k * FM_EXP_LN2HI;
        r = r - k * FM_EXP_LN2LO;
        rt_vf p = r * FM_EXP_C7 + FM_EXP_C6;
        p = p * r + FM_EXP_C5;
        p = p * r + FM_EXP_C4;
        p = p * r + FM_EXP_C3;
        p = p * r + 0.5f;
        p = p * r + 1.0f;
        p = p * r + 1.0f;
        rt_vi ni = (rt_vi)t - 0x4b400000, n1 = ni >> 1, n2 = ni - n1;
        y = p * (rt_vf)((n1 + 127) << 23) * (rt_vf)((n2 + 127) << 23);
        y = (rt_vf)(((rt_vi)y & ~odd) | ((rt_vi)(x + x) & nan) | (hi & 0x7f800000));
        memcpy(d + i, &y, sizeof y);
    }
    for (; i < n; i++) d[i] = fm_expf(a[i]);
}
