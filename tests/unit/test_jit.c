/* test_jit.c - runtime/jit.c (libtcc in memory) and the C target's launcher:
 * plain C compiled and called, errors reported, and a kernel emitted by
 * targets/c run through its launcher without the driver. */
#include <float.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../targets/c/c.h"
#include "diag.h"
#include "interp.h"
#include "fmath.h"
#include "jit.h"
#include "jit_rt.h"
#include "npy.h"
#include "parse.h"
#include "registry.h"

static void test_compile_and_call(void **state) {
    (void)state;
    char err[1024];
    Jit *j = jit_compile("double exp(double);\n"
                         "void *memset(void *, int, unsigned long);\n"
                         "double f(double x) { char b[64]; memset(b, 1, sizeof b); return exp(x) + b[63]; }\n",
                         NULL, 0, err, sizeof err);
    if (!j) fail_msg("%s", err);
    void *p = jit_symbol(j, "f");
    assert_non_null(p);
    double (*f)(double);
    memcpy(&f, &p, sizeof f);
    assert_true(f(1.5) == exp(1.5) + 1);
    assert_null(jit_symbol(j, "nope"));
    jit_free(j);
}

static int twice(int x) { return 2 * x; }

static void test_own_symbols(void **state) {
    (void)state;
    char err[1024];
    JitSym s[] = { { "twice", (void *)twice } };
    Jit *j = jit_compile("int twice(int);\nint g(int x) { return twice(x) + 1; }\n", s, 1, err, sizeof err);
    if (!j) fail_msg("%s", err);
    void *p = jit_symbol(j, "g");
    int (*g)(int);
    memcpy(&g, &p, sizeof g);
    assert_int_equal(g(20), 41);
    jit_free(j);
}

static void test_errors(void **state) {
    (void)state;
    char err[1024];
    assert_null(jit_compile("int f(void) { return }\n", NULL, 0, err, sizeof err));
    assert_non_null(strstr(err, "error"));
    /* nothing is looked up in the process: an unknown function is an error */
    assert_null(jit_compile("int puts(const char *);\nint f(void) { return puts(\"x\"); }\n", NULL, 0, err, sizeof err));
    assert_non_null(strstr(err, "undefined symbol 'puts'"));
}

/* emit C for src with the launcher, compile it, return the launcher */
typedef void (*Launch)(void *const *, int, int, int, long long, long long);
static Jit *kernel(const char *src, Launch *launch) {
    Ctx *c = ctx_new();
    Diag d;
    diag_init(&d, stderr);
    Op *m = parse_module(c, "k.ttir", src, strlen(src), 1, &d);
    assert_non_null(m);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    CEmitOpts o = { .launcher = true };
    bool ok = c_emit(f, c, m, NULL, &o, &d);
    fclose(f);
    assert_true(ok);
    char err[2048];
    Jit *j = jit_compile(text, NULL, 0, err, sizeof err);
    if (!j) fail_msg("%s\n%s", err, text);
    free(text);
    void *p = jit_symbol(j, "ttx_launch");
    assert_non_null(p);
    memcpy(launch, &p, sizeof *launch);
    diag_free(&d);
    ctx_free(c);
    return j;
}

static const char *scale_src =
    "module {\n"
    "  tt.func public @k(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %s: f32, %n: i32) {\n"
    "    %c4 = arith.constant 4 : i32\n"
    "    %p = tt.get_program_id x : i32\n"
    "    %o = arith.muli %p, %c4 : i32\n"
    "    %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>\n"
    "    %os = tt.splat %o : i32 -> tensor<4xi32>\n"
    "    %i = arith.addi %os, %r : tensor<4xi32>\n"
    "    %ns = tt.splat %n : i32 -> tensor<4xi32>\n"
    "    %m = arith.cmpi slt, %i, %ns : tensor<4xi32>\n"
    "    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>\n"
    "    %xp = tt.addptr %xs, %i : tensor<4x!tt.ptr<f32>>, tensor<4xi32>\n"
    "    %v = tt.load %xp, %m : tensor<4x!tt.ptr<f32>>\n"
    "    %ss = tt.splat %s : f32 -> tensor<4xf32>\n"
    "    %w = arith.mulf %v, %ss : tensor<4xf32>\n"
    "    %ys = tt.splat %y : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>\n"
    "    %yp = tt.addptr %ys, %i : tensor<4x!tt.ptr<f32>>, tensor<4xi32>\n"
    "    tt.store %yp, %w, %m : tensor<4x!tt.ptr<f32>>\n"
    "    tt.return\n"
    "  }\n"
    "}\n";

static void test_launcher(void **state) {
    (void)state;
    Launch launch;
    Jit *j = kernel(scale_src, &launch);
    float x[10], y[11];
    for (int i = 0; i < 10; i++) x[i] = (float)i + 0.5f;
    for (int i = 0; i < 11; i++) y[i] = -1;
    double s = 3;
    int64_t n = 10;
    void *args[4] = { x, y, &s, &n };
    /* programs 0..2 of a grid of 3 (x fastest), in two launches */
    launch(args, 3, 1, 1, 0, 1);
    launch(args, 3, 1, 1, 1, 3);
    for (int i = 0; i < 10; i++) assert_true(y[i] == x[i] * 3.0f);
    assert_true(y[10] == -1);   /* masked */
    jit_free(j);
}

static const char *f16_src =
    "module {\n"
    "  tt.func public @h(%x: !tt.ptr<f32>, %y: !tt.ptr<f16>) {\n"
    "    %p = tt.get_program_id x : i32\n"
    "    %c = arith.constant 256 : i32\n"
    "    %o = arith.muli %p, %c : i32\n"
    "    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>\n"
    "    %os = tt.splat %o : i32 -> tensor<256xi32>\n"
    "    %i = arith.addi %os, %r : tensor<256xi32>\n"
    "    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>\n"
    "    %xp = tt.addptr %xs, %i : tensor<256x!tt.ptr<f32>>, tensor<256xi32>\n"
    "    %v = tt.load %xp : tensor<256x!tt.ptr<f32>>\n"
    "    %h = arith.truncf %v : tensor<256xf32> to tensor<256xf16>\n"
    "    %ys = tt.splat %y : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>>\n"
    "    %yp = tt.addptr %ys, %i : tensor<256x!tt.ptr<f16>>, tensor<256xi32>\n"
    "    tt.store %yp, %h : tensor<256x!tt.ptr<f16>>\n"
    "    tt.return\n"
    "  }\n"
    "}\n";

/* the prelude's f16 rounding agrees with npy's on every f16 boundary region:
 * each f16 value, the midpoints between neighbours (ties to even) and
 * values just off them, subnormals, overflow, infinities and NaN */
static void test_f16_rounding(void **state) {
    (void)state;
    Launch launch;
    Jit *j = kernel(f16_src, &launch);
    enum { N = 65536 * 4 };
    float *x = malloc(sizeof *x * N);
    uint16_t *y = malloc(sizeof *y * N);
    assert_non_null(x);
    assert_non_null(y);
    for (int h = 0; h < 65536; h++) {
        double v = npy_f16_to_double((uint16_t)h), nx = npy_f16_to_double((uint16_t)(h + 1 < 65536 ? h + 1 : h));
        double mid = isfinite(v) && isfinite(nx) ? (v + nx) / 2 : v;
        x[4 * h] = (float)v;
        x[4 * h + 1] = (float)mid;
        x[4 * h + 2] = nextafterf((float)mid, INFINITY);
        x[4 * h + 3] = nextafterf((float)mid, -INFINITY);
    }
    void *args[2] = { x, y };
    launch(args, N / 256, 1, 1, 0, N / 256);
    int bad = 0;
    for (int i = 0; i < N; i++) {
        uint16_t want = npy_f16_from_double(x[i]);
        if (isnan(x[i])) { bad += (y[i] & 0x7c00) != 0x7c00 || !(y[i] & 0x3ff); continue; }
        if (y[i] != want && bad++ < 5) print_error("x=%a: got 0x%04x, want 0x%04x\n", (double)x[i], y[i], want);
    }
    assert_int_equal(bad, 0);
    free(x);
    free(y);
    jit_free(j);
}

/* the bulk f16 conversions (KTIR tiles) agree with npy's rounding on the
 * same boundary values, and on a spread of other float bit patterns */
static void test_rt_f2h(void **state) {
    (void)state;
    enum { N = 65536 * 4 + (1 << 20) };
    float *x = malloc(sizeof *x * N), *r = malloc(sizeof *r * N);
    uint16_t *y = malloc(sizeof *y * N);
    assert_true(x && r && y);
    for (int h = 0; h < 65536; h++) {
        double v = npy_f16_to_double((uint16_t)h), nx = npy_f16_to_double((uint16_t)(h + 1 < 65536 ? h + 1 : h));
        double mid = isfinite(v) && isfinite(nx) ? (v + nx) / 2 : v;
        x[4 * h] = (float)v;
        x[4 * h + 1] = (float)mid;
        x[4 * h + 2] = nextafterf((float)mid, INFINITY);
        x[4 * h + 3] = nextafterf((float)mid, -INFINITY);
    }
    for (uint32_t i = 0; i < (1u << 20); i++) {
        uint32_t u = i * 4099u + (i >> 3) * 2654435761u;
        memcpy(&x[65536 * 4 + i], &u, 4);
    }
    jit_rt_f2h(y, x, N);
    jit_rt_f16r(r, x, N);
    int bad = 0;
    for (int i = 0; i < N; i++) {
        if (isnan(x[i])) { bad += (y[i] & 0x7c00) != 0x7c00 || !(y[i] & 0x3ff) || !isnan(r[i]); continue; }
        uint16_t want = npy_f16_from_double(x[i]);
        float wr = (float)npy_f16_to_double(want);
        if ((y[i] != want || memcmp(&r[i], &wr, 4)) && bad++ < 5)
            print_error("x=%a: got 0x%04x %a, want 0x%04x %a\n", (double)x[i], y[i], (double)r[i], want, (double)wr);
    }
    assert_int_equal(bad, 0);
    free(x);
    free(r);
    free(y);
}

/* the bulk routines through the JIT, as the emitted C calls them */
typedef void (*UnFn)(int, float *, const float *, long long);
typedef void (*BinFn)(int, float *, const float *, long long, const float *, long long, long long);
typedef float (*RedFn)(int, const float *, long long);

static Jit *rt_jit(UnFn *un, BinFn *bin, RedFn *red) {
    char err[1024];
    Jit *j = jit_compile("void ttx_rt_f32_un(int, float *, const float *, long long);\n"
                         "void ttx_rt_f32_bin(int, float *, const float *, long long, const float *, long long, long long);\n"
                         "float ttx_rt_f32_red(int, const float *, long long);\n"
                         "void *un(void) { return (void *)ttx_rt_f32_un; }\n"
                         "void *bin(void) { return (void *)ttx_rt_f32_bin; }\n"
                         "void *red(void) { return (void *)ttx_rt_f32_red; }\n",
                         NULL, 0, err, sizeof err);
    if (!j) print_error("%s\n", err);
    assert_non_null(j);
    void *(*get)(void);
    void *p = jit_symbol(j, "un");
    memcpy(&get, &p, sizeof get);
    p = get();
    memcpy(un, &p, sizeof *un);
    p = jit_symbol(j, "bin");
    memcpy(&get, &p, sizeof get);
    p = get();
    memcpy(bin, &p, sizeof *bin);
    p = jit_symbol(j, "red");
    memcpy(&get, &p, sizeof get);
    p = get();
    memcpy(red, &p, sizeof *red);
    return j;
}

static float bits_f(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static uint32_t f_bits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }

/* the distance in ulps of two non-NaN floats (adjacent floats are 1 apart,
 * +0 and -0 are 0 apart) */
static int64_t ulps(float a, float b) {
    int32_t u, v;
    memcpy(&u, &a, 4);
    memcpy(&v, &b, 4);
    int64_t x = u < 0 ? -(int64_t)(u & 0x7fffffff) : u, y = v < 0 ? -(int64_t)(v & 0x7fffffff) : v;
    return x > y ? x - y : y - x;
}

static long exp_off_by_one;

/* ttx_rt_f32_un(0, ...) against fmath.h's definition bit for bit, and
 * against (float)exp((double)x): within one ulp, NaNs in the same bits; the
 * count of the elements that are not */
static long exp_mismatches(UnFn un, float *x, float *y, long n) {
    un(0, y, x, n);
    long bad = 0;
    for (long i = 0; i < n; i++) {
        float def = fm_expf(x[i]);
        if (f_bits(y[i]) != f_bits(def) && bad++ < 5) print_error("exp(%a): got %a, defined %a\n", (double)x[i], (double)y[i], (double)def);
        float want = (float)exp(x[i]);
        int64_t d = isnan(want) || isnan(y[i]) ? (f_bits(y[i]) != f_bits(want)) * 2 : ulps(y[i], want);
        exp_off_by_one += d == 1;
        if (d > 1 && bad++ < 5) print_error("exp(%a): got %a, want %a\n", (double)x[i], (double)y[i], (double)want);
    }
    return bad;
}

static void rt_exp_case(void) {
    exp_off_by_one = 0;
    UnFn un; BinFn bin; RedFn red;
    Jit *j = rt_jit(&un, &bin, &red);
    enum { N = 1 << 22 };
    float *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y);
    assert_non_null(x);
    assert_non_null(y);
    long bad = 0, total = 0;
    /* one float in every 257 over all 2^32 bit patterns: every exponent, both
     * signs, NaNs, infinities, subnormals */
    uint64_t u = 0;
    while (u < (1ull << 32)) {
        long n = 0;
        for (; n < N && u < (1ull << 32); n++, u += 257) x[n] = bits_f((uint32_t)u);
        bad += exp_mismatches(un, x, y, n);
        total += n;
    }
    long uniform_off_by_one = exp_off_by_one, uniform_total = total;
    /* every float in 2^20-wide runs around 0, around |x| = 2^-25 (where exp
     * leaves 1), around the fast path's limits (-87, 88), the overflow
     * (88.72), the first subnormal result (-87.34), the last non-zero one
     * (-103.97), and 1, -1, 10, -10, -20 */
    const float centers[] = { 0x1p-25f, -0x1p-25f, -87.0f, 88.0f, 88.7228394f, -87.3365479f, -103.972084f, 1.0f, -1.0f, 10.0f,
                              -10.0f, -20.0f };
    for (size_t c = 0; c < sizeof centers / sizeof *centers; c++) {
        uint32_t mid = f_bits(centers[c]);
        for (long i = 0; i < 1 << 20; i++) x[i] = bits_f(mid - (1u << 19) + (uint32_t)i);
        bad += exp_mismatches(un, x, y, 1 << 20);
        total += 1 << 20;
    }
    for (long i = 0; i < 1 << 20; i++) x[i] = bits_f((uint32_t)i), x[(1 << 20) + i] = bits_f(0x80000000u + (uint32_t)i);
    bad += exp_mismatches(un, x, y, 1 << 21);
    total += 1 << 21;
    /* softmax-like inputs (x - max <= 0), random */
    uint64_t s = 0x9e3779b97f4a7c15ull;
    for (long i = 0; i < N; i++) {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        x[i] = -(float)((double)(s >> 11) * 0x1p-53 * 30.0);
    }
    bad += exp_mismatches(un, x, y, N);
    total += N;
    /* specials, odd lengths, offsets and d == a */
    const float sp[] = { NAN, -NAN, INFINITY, -INFINITY, 0.0f, -0.0f, FLT_MAX, -FLT_MAX, FLT_MIN, 0x1p-149f, -0x1p-149f, 88.7228394f,
                         88.7228470f, -87.3365448f, -103.972076f, -104.0f, 89.0f, -88.0f, 0.5f, -0.5f, 3.0f };
    for (long len = 1; len <= 300; len += 7) {
        for (long i = 0; i < len; i++) x[i] = sp[(i * 5 + len) % (long)(sizeof sp / sizeof *sp)];
        bad += exp_mismatches(un, x + 1, y + 3, len - 1 > 0 ? len - 1 : 0);
        for (long i = 0; i < len; i++) y[i] = x[i];
        un(0, y, y, len);   /* in place */
        for (long i = 0; i < len; i++) {
            float want = (float)exp(x[i]);
            bad += isnan(want) ? f_bits(y[i]) != f_bits(want) : ulps(y[i], want) > 1;
            /* 0, the infinities and what over- or underflows are exact */
            if (x[i] == 0 || isinf(x[i]) || x[i] >= 89.0f || x[i] <= -104.0f) bad += f_bits(y[i]) != f_bits(want);
        }
        total += 2 * len;
    }
    assert_true(total > 30000000);
    assert_int_equal(bad, 0);
    /* faithful, and nearly always the correctly rounded float (over all
     * inputs, one in 400 is one ulp off) */
    assert_true(uniform_off_by_one < uniform_total / 100);
    free(x);
    free(y);
    jit_free(j);
}

/* tt.reduce's order, written out: while n > 1, t[j] = t[j] OP t[j + m] for
 * j < n - m, m = ceil(n / 2) */
static float tree_red(int op, const float *a, long n) {
    float *t = malloc((size_t)(n ? n : 1) * sizeof *t);
    assert_non_null(t);
    memcpy(t, a, (size_t)n * sizeof *t);
    for (long m; n > 1; n = m) {
        m = (n + 1) / 2;
        for (long j = 0; j < n - m; j++)
            t[j] = op == 0 ? t[j] + t[j + m] : op == 4 ? fm_maxnumf(t[j], t[j + m]) : fm_minnumf(t[j], t[j + m]);
    }
    float r = t[0];
    free(t);
    return r;
}

/* sums in tt.reduce's order, bit for bit: every length up to 300, then long
 * rows (past the routine's stack scratch), values of mixed magnitude so the
 * order shows in the bits */
static void rt_sum_case(void) {
    UnFn un; BinFn bin; RedFn red;
    Jit *j = rt_jit(&un, &bin, &red);
    enum { N = 20011 };
    float *a = malloc(N * sizeof *a);
    assert_non_null(a);
    uint64_t s = 99;
    for (int i = 0; i < N; i++) {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        a[i] = (float)ldexp((double)(s >> 40) - 0x1p23, (int)(s >> 20 & 31) - 40);
    }
    int bad = 0, differs = 0;
    const long lens[] = { 1000, 1024, 1025, 4095, 8191, 8192, 8193, 8194, 9000, 16385, N };
    for (long n = 1; n <= 300 + (long)(sizeof lens / sizeof *lens); n++) {
        long len = n <= 300 ? n : lens[n - 301];
        for (int off = 0; off < 2; off++) {
            if (off + len > N) continue;
            float want = tree_red(0, a + off, len), got = red(0, a + off, len);
            if (f_bits(got) != f_bits(want) && bad++ < 5) print_error("sum of %ld: got %a, want %a\n", len, (double)got, (double)want);
            float seq = a[off];
            for (long i = 1; i < len; i++) seq += a[off + i];
            differs += f_bits(seq) != f_bits(want);
        }
    }
    assert_int_equal(bad, 0);
    assert_true(differs > 100);   /* the data tells the orders apart */
    free(a);
    jit_free(j);
}

/* max/min rows and reductions (vectorised, with NaNs and signed zeros)
 * against fmath.h's fm_maxnumf/fm_minnumf, bit for bit; those against the
 * definition's cases written out */
static void rt_maxmin_case(void) {
    /* the definition: a NaN loses, two NaNs give the default NaN, -0 < +0 */
    const float qn = NAN, nz = -0.0f;
    const uint32_t other = 0xffc00123u;
    float on;
    memcpy(&on, &other, sizeof on);
    assert_int_equal(f_bits(fm_maxnumf(0.0f, nz)), 0);
    assert_int_equal(f_bits(fm_maxnumf(nz, 0.0f)), 0);
    assert_int_equal(f_bits(fm_minnumf(0.0f, nz)), 0x80000000u);
    assert_int_equal(f_bits(fm_minnumf(nz, 0.0f)), 0x80000000u);
    assert_int_equal(f_bits(fm_maxnumf(nz, nz)), 0x80000000u);
    assert_int_equal(f_bits(fm_maxnumf(on, -2.0f)), f_bits(-2.0f));
    assert_int_equal(f_bits(fm_minnumf(-2.0f, on)), f_bits(-2.0f));
    assert_int_equal(f_bits(fm_maxnumf(on, qn)), 0x7fc00000u);
    assert_int_equal(f_bits(fm_minnumf(on, on)), 0x7fc00000u);
    assert_int_equal(f_bits(fm_maxnumf(3.0f, -INFINITY)), f_bits(3.0f));
    assert_true(signbit(fm_minnum(0.0, -0.0)) && !signbit(fm_maxnum(-0.0, 0.0)));
    assert_true(fm_maxnum(on, 1.5) == 1.5 && isnan(fm_minnum(qn, on)));
    UnFn un; BinFn bin; RedFn red;
    Jit *j = rt_jit(&un, &bin, &red);
    enum { N = 1031 };
    static float a[N], b[N], d[N];
    const float sp[] = { NAN, 0.0f, -0.0f, INFINITY, -INFINITY, 1.0f, -1.0f, 2.5f };
    uint64_t s = 12345;
    int bad = 0;
    for (int round = 0; round < 400; round++) {
        int n = 1 + round * 37 % N, kind = round % 5;
        for (int i = 0; i < n; i++) {
            s = s * 6364136223846793005ull + 1442695040888963407ull;
            float r = (float)((double)(s >> 11) * 0x1p-53 * 8.0 - 4.0);
            if (kind == 1 && (s >> 60) == 0) r = sp[(s >> 32) % 8];
            if (kind == 2) r = sp[(s >> 32) % 3 + 1];   /* only zeros */
            if (kind == 3) r = (s >> 62) ? -r * r - 1 : sp[(s >> 32) % 3];
            if (kind == 4 && i == n / 2) r = NAN;
            a[i] = r;
            b[i] = (s >> 40) & 1 ? r : sp[(s >> 33) % 8];
        }
        for (int op = 4; op <= 5; op++) {
            for (int sb = 0; sb <= 1; sb++) {
                bin(op, d, a, 1, b, sb, n);
                for (int i = 0; i < n; i++) {
                    float w = op == 4 ? fm_maxnumf(a[i], b[i * sb]) : fm_minnumf(a[i], b[i * sb]);
                    if (f_bits(d[i]) != f_bits(w) && bad++ < 5) print_error("op %d: %a, %a: got %a, want %a\n", op, (double)a[i], (double)b[i * sb], (double)d[i], (double)w);
                }
            }
            float acc = tree_red(op, a, n);
            float got = red(op, a, n);
            bool same = f_bits(got) == f_bits(acc);
            if (!same && bad++ < 5) print_error("red %d, n %d: got %a, want %a\n", op, n, (double)got, (double)acc);
        }
        /* the other elementwise ops, row against row and against a scalar */
        for (int op = 0; op <= 3; op++) {
            bin(op, d, a, 1, b, 0, n);
            for (int i = 0; i < n; i++) {
                float w = op == 0 ? a[i] + b[0] : op == 1 ? a[i] - b[0] : op == 2 ? a[i] * b[0] : a[i] / b[0];
                bad += f_bits(d[i]) != f_bits(w) && !(isnan(d[i]) && isnan(w));
            }
        }
    }
    assert_int_equal(bad, 0);
    jit_free(j);
}

/* the fused routines against the plain ones, bit for bit: exp with its sum
 * (lengths up to 300 and past the stack scratch, NaNs and infinities in
 * places), a load with its max/min (partial rows, NaN padding, zeros of
 * both signs) and an op fused into a row store */
static void rt_fused_case(void) {
    enum { N = 20011 };
    float *a = malloc(N * sizeof *a), *d1 = malloc(N * sizeof *d1), *d2 = malloc(N * sizeof *d2);
    assert_non_null(a);
    assert_non_null(d1);
    assert_non_null(d2);
    uint64_t s = 7;
    for (int i = 0; i < N; i++) {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        a[i] = (float)((double)(s >> 11) * 0x1p-53 * 40.0 - 30.0);
    }
    a[77] = NAN, a[150] = INFINITY, a[151] = -INFINITY, a[9000] = NAN;
    int bad = 0;
    const long lens[] = { 1000, 1024, 1025, 8191, 8192, 8193, 9000, 16385, N };
    for (long k = 1; k <= 300 + (long)(sizeof lens / sizeof *lens); k++) {
        long n = k <= 300 ? k : lens[k - 301];
        float b = k % 3 ? 1.5f : 0.0f;
        float got = jit_rt_f32_exp_sum(d1, a, b, n);
        jit_rt_f32_exp_sub(d2, a, b, n);
        float want = jit_rt_f32_red(0, d2, n);
        if ((f_bits(got) != f_bits(want) || memcmp(d1, d2, (size_t)n * sizeof *d1)) && bad++ < 5)
            print_error("exp_sum of %ld: %a, want %a\n", n, (double)got, (double)want);
    }
    const float others[] = { -INFINITY, INFINITY, NAN, 0.0f, -0.0f, 2.0f };
    for (int op = 4; op <= 5; op++)
        for (long n = 1; n <= 200; n += 13)
            for (long lo = 0; lo <= n; lo += 1 + n / 3)
                for (long hi = lo; hi <= n; hi += 1 + n / 4)
                    for (int o = 0; o < 6; o++) {
                        for (long i = 0; i < n; i++) d2[i] = i < lo || i >= hi ? others[o] : a[i + 60];
                        if (o == 3 && n / 2 >= lo && n / 2 < hi) d2[n / 2] = -0.0f;   /* against +0 padding */
                        float want = jit_rt_f32_red(op, d2, n);
                        memcpy(d2 + N / 2, d2, (size_t)n * sizeof *d2);   /* the source row */
                        float got = jit_rt_copy_red(op, d1, d2 + N / 2, lo, hi, n, others[o]);
                        if ((f_bits(got) != f_bits(want) || memcmp(d1, d2, (size_t)n * sizeof *d1)) && bad++ < 5)
                            print_error("copy_red %d of %ld [%ld, %ld): %a, want %a\n", op, n, lo, hi, (double)got, (double)want);
                    }
    for (int op = 0; op <= 3; op++)
        for (long n = 1; n <= 3000; n += 331)
            for (int sb = 0; sb <= 1; sb++) {
                jit_rt_f32_bin(op, d2, a + 1, 1, a + 2, sb, n);
                jit_rt_f32_bin_store(op, d1 + 3, a + 1, a + 2, sb, n);   /* an unaligned row */
                if (memcmp(d1 + 3, d2, (size_t)n * sizeof *d1) && bad++ < 5) print_error("bin_store %d of %ld\n", op, n);
            }
    /* a store the routines may leave pending: whole after ttx_rt_drain, and
     * seen by a row load of the same memory (which drains what it overlaps) */
    float *al = aligned_alloc(64, 4096 * sizeof *al), *back = malloc(4096 * sizeof *back);
    assert_non_null(al);
    assert_non_null(back);
    for (long n = 512; n <= 4096; n += 1531) {
        memset(al, 0, 4096 * sizeof *al);
        jit_rt_f32_bin(2, d2, a, 1, a + 1, 0, n);
        jit_rt_f32_bin_store(2, al, a, a + 1, 0, n);
        jit_rt_copy(back, al, n * (long long)sizeof *al);
        if (memcmp(back, d2, (size_t)n * sizeof *d2) && bad++ < 5) print_error("row load after a store of %ld\n", n);
        memset(back, 0, 4096 * sizeof *back);
        jit_rt_f32_bin_store(3, al, a, a + 2, 0, n);
        jit_rt_f32_bin(3, d2, a, 1, a + 2, 0, n);
        float r = jit_rt_copy_red(4, back, al + 8, 0, n - 8, n - 8, 0.0f);
        if ((memcmp(back, d2 + 8, (size_t)(n - 8) * sizeof *d2) || f_bits(r) != f_bits(jit_rt_f32_red(4, d2 + 8, n - 8))) && bad++ < 5)
            print_error("row load-max after a store of %ld\n", n);
        jit_rt_f32_bin_store(0, al, a, a + 3, 1, n);
        jit_rt_drain();
        jit_rt_f32_bin(0, d2, a, 1, a + 3, 1, n);
        if (memcmp(al, d2, (size_t)n * sizeof *d2) && bad++ < 5) print_error("store of %ld after ttx_rt_drain\n", n);
    }
    assert_int_equal(bad, 0);
    free(al);
    free(back);
    free(a);
    free(d1);
    free(d2);
}

/* the f32 dot against its definition written out: each element adds its
 * products in k order in double, rounded to float after each; shapes with
 * and without a multiple of eight columns, an accumulator array or value */
static void rt_dot_case(void) {
    enum { MAXD = 37 };
    static float a[MAXD * MAXD], b[MAXD * MAXD], c[MAXD * MAXD], r[MAXD * MAXD], w[MAXD * MAXD];
    uint64_t s = 3;
    for (int i = 0; i < MAXD * MAXD; i++) {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        a[i] = (float)((double)(s >> 11) * 0x1p-53 * 4.0 - 2.0);
        b[i] = (float)((double)(s >> 20) * 0x1p-44 * 3.0 - 1.0);
        c[i] = (float)((double)(s >> 30) * 0x1p-34 - 0.5);
    }
    /* zeros of both signs: a product of -0 added to -0 keeps the sign (it
     * shows in the result where k has one step) */
    for (int i = 0; i < MAXD * MAXD; i += 7) a[i] = -0.0f, c[i] = -0.0f, b[i + 3 < MAXD * MAXD ? i + 3 : i] = 0.0f;
    b[0] = 1.0f;
    const long shapes[][3] = { { 32, 32, 32 }, { 4, 8, 16 }, { 5, 13, 7 }, { 1, 37, 3 }, { 37, 9, 1 }, { 16, 17, 33 },
                               { 8, 35, 4 }, { 4, 32, 1 }, { 8, 40, 1 },
                               /* register blocks of every panel width with row and column rests */
                               { 16, 16, 16 }, { 19, 24, 5 }, { 33, 40, 3 }, { 17, 56, 23 }, { 18, 20, 37 }, { 2, 8, 37 } };
    int bad = 0;
    for (size_t t = 0; t < sizeof shapes / sizeof *shapes; t++)
        for (int sc = 0; sc <= 1; sc++) {
            long M = shapes[t][0], N = shapes[t][1], K = shapes[t][2];
            for (long i = 0; i < M; i++)
                for (long j = 0; j < N; j++) {
                    float acc = c[(i * N + j) * sc];
                    for (long k = 0; k < K; k++) acc = (float)((double)acc + (double)a[i * K + k] * (double)b[k * N + j]);
                    w[i * N + j] = acc;
                }
            jit_rt_f32_dot(r, a, b, c, sc, M, N, K);
            if (memcmp(r, w, (size_t)(M * N) * sizeof *r) && bad++ < 5) print_error("dot %ldx%ldx%ld sc %d\n", M, N, K, sc);
        }
    assert_int_equal(bad, 0);
}

/* every half-precision pattern to float: the exact value (NaNs: the
 * payload in the top mantissa bits), as ttx_h2f gives it */
static void rt_h2f_case(void) {
    static unsigned short h[65536 + 7];
    static float f[65536 + 7];
    for (int i = 0; i < 65536; i++) h[i] = (unsigned short)i;
    jit_rt_h2f(f, h, 65536);
    int bad = 0;
    for (int i = 0; i < 65536; i++) {
        int e = (i >> 10) & 31, m = i & 1023;
        uint32_t want;
        if (e == 31) want = 0x7f800000u | (uint32_t)m << 13;
        else if (e) want = (uint32_t)(e + 112) << 23 | (uint32_t)m << 13;
        else want = f_bits((float)ldexp(m, -24));
        want |= (uint32_t)(i & 0x8000) << 16;
        if (f_bits(f[i]) != want && bad++ < 5) print_error("h2f(%#x): %#x, want %#x\n", i, f_bits(f[i]), want);
    }
    float g[40];
    jit_rt_h2f(g + 1, h + 0x3c00 + 3, 37);   /* unaligned, with a tail */
    for (int i = 0; i < 37; i++) bad += f_bits(g[1 + i]) != f_bits(f[0x3c00 + 3 + i]);
    assert_int_equal(bad, 0);
}

/* a pointer array advanced by one offset, both ways */
static void test_rt_ptr_add(void **state) {
    (void)state;
    static short buf[16];
    void *pa[9], *pd[9];
    for (int i = 0; i < 9; i++) pa[i] = &buf[i + 4];
    jit_rt_ptr_add(pd, pa, -3 * (long long)sizeof *buf, 9);
    for (int i = 0; i < 9; i++) assert_ptr_equal(pd[i], &buf[i + 1]);
    jit_rt_ptr_add(pa, pa, 2 * (long long)sizeof *buf, 9);   /* in place */
    for (int i = 0; i < 9; i++) assert_ptr_equal(pa[i], &buf[i + 6]);
}

/* a case once with every copy of the routines this CPU runs */
static void each_isa(void (*f)(void)) {
    const char *isas[] = { "generic", "avx2", "avx512" };
    int ran = 0;
    for (int i = 0; i < 3; i++)
        if (jit_rt_use(isas[i])) {
            assert_string_equal(jit_rt_isa(), isas[i]);
            f();
            ran++;
        }
    jit_rt_use(NULL);
    assert_true(ran >= 1);
}
static void test_rt_exp(void **state) { (void)state; each_isa(rt_exp_case); }
static void test_rt_sum(void **state) { (void)state; each_isa(rt_sum_case); }
static void test_rt_maxmin(void **state) { (void)state; each_isa(rt_maxmin_case); }
static void test_rt_fused(void **state) { (void)state; each_isa(rt_fused_case); }
static void test_rt_dot(void **state) { (void)state; each_isa(rt_dot_case); }
static void test_rt_h2f(void **state) { (void)state; each_isa(rt_h2f_case); }

int main(void) {
    registry_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_compile_and_call),
        cmocka_unit_test(test_own_symbols),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_launcher),
        cmocka_unit_test(test_f16_rounding),
        cmocka_unit_test(test_rt_exp),
        cmocka_unit_test(test_rt_maxmin),
        cmocka_unit_test(test_rt_sum),
        cmocka_unit_test(test_rt_fused),
        cmocka_unit_test(test_rt_dot),
        cmocka_unit_test(test_rt_ptr_add),
        cmocka_unit_test(test_rt_h2f),
        cmocka_unit_test(test_rt_f2h),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
