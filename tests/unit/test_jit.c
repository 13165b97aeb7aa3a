/* test_jit.c - src/jit.c (libtcc in memory) and the C target's launcher:
 * plain C compiled and called, errors reported, and a kernel emitted by
 * targets/c run through its launcher without the driver. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../targets/c/c.h"
#include "diag.h"
#include "interp.h"
#include "jit.h"
#include "npy.h"
#include "parse.h"

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

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_compile_and_call),
        cmocka_unit_test(test_own_symbols),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_launcher),
        cmocka_unit_test(test_f16_rounding),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
