/* test_interp.c - the reference interpreter (runtime/interp.c): small kernels
 * parsed from text, run over a grid, checked against plain C. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "diag.h"
#include "interp.h"
#include "parse.h"
#include "registry.h"

typedef struct Run {
    Ctx *c;
    Diag d;
    Op *m;
    int rc;
    char msg[2048];    /* the first diagnostic, "line:col: message" */
} Run;

/* parse src and run its first function over grid with args */
static void run(Run *r, const char *src, int nargs, const IArg *args, int gx, int gy, int gz) {
    memset(r, 0, sizeof *r);
    r->c = ctx_new();
    diag_init(&r->d, stderr);
    r->d.capture = true;
    r->m = parse_module(r->c, "k.ttir", src, strlen(src), 1, &r->d);
    if (!r->m || r->d.nerrors) fail_msg("parse error: %s", r->d.nrecs ? r->d.recs[0].msg : "?");
    int grid[3] = { gx, gy, gz };
    r->rc = interp_run(r->c, interp_find_func(r->m, NULL), nargs, args, grid, &r->d);
    if (r->d.nrecs)
        snprintf(r->msg, sizeof r->msg, "%d:%d: %s", r->d.recs[0].loc.line, r->d.recs[0].loc.col, r->d.recs[0].msg);
}
static void done(Run *r) {
    diag_free(&r->d);
    ctx_free(r->c);
}
static void run_ok(Run *r, const char *src, int nargs, const IArg *args, int gx, int gy, int gz) {
    run(r, src, nargs, args, gx, gy, gz);
    if (r->rc) fail_msg("interpreter error: %s", r->msg);
}
static void expect_error(const char *src, int nargs, const IArg *args, int gx, const char *part) {
    Run r;
    run(&r, src, nargs, args, gx, 1, 1);
    bool ok = r.rc != 0 && strstr(r.msg, part) != NULL;
    if (!ok) {
        char m[2048];
        snprintf(m, sizeof m, "%s", r.msg);
        done(&r);
        fail_msg("expected an error containing '%s', got rc=%d '%s'", part, r.rc, m);
    }
    done(&r);
}

static char *read_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)n + 1);
    if (s && fread(s, 1, (size_t)n, f) != (size_t)n) { free(s); s = NULL; }
    if (s) s[n] = 0;
    fclose(f);
    return s;
}

/* ---- vector add ------------------------------------------------------- */

static const char *vadd_src =
    "module {\n"
    "  tt.func @add(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32) {\n"
    "    %c256 = arith.constant 256 : i32\n"
    "    %pid = tt.get_program_id x : i32\n"
    "    %start = arith.muli %pid, %c256 : i32\n"
    "    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>\n"
    "    %s = tt.splat %start : i32 -> tensor<256xi32>\n"
    "    %offs = arith.addi %s, %r : tensor<256xi32>\n"
    "    %ns = tt.splat %n : i32 -> tensor<256xi32>\n"
    "    %mask = arith.cmpi slt, %offs, %ns : tensor<256xi32>\n"
    "    %xp0 = tt.splat %x : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>\n"
    "    %xp = tt.addptr %xp0, %offs : tensor<256x!tt.ptr<f32>>, tensor<256xi32>\n"
    "    %xv = tt.load %xp, %mask : tensor<256x!tt.ptr<f32>>\n"
    "    %yp0 = tt.splat %y : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>\n"
    "    %yp = tt.addptr %yp0, %offs : tensor<256x!tt.ptr<f32>>, tensor<256xi32>\n"
    "    %yv = tt.load %yp, %mask : tensor<256x!tt.ptr<f32>>\n"
    "    %sum = arith.addf %xv, %yv : tensor<256xf32>\n"
    "    %op0 = tt.splat %out : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>\n"
    "    %op = tt.addptr %op0, %offs : tensor<256x!tt.ptr<f32>>, tensor<256xi32>\n"
    "    tt.store %op, %sum, %mask : tensor<256x!tt.ptr<f32>>\n"
    "    tt.return\n"
    "  }\n"
    "}\n";

static void test_vector_add_masked_tail(void **state) {
    (void)state;
    enum { N = 1000 };
    float x[N], y[N], out[N + 8];
    for (int i = 0; i < N; i++) { x[i] = (float)i * 0.5f; y[i] = 1.0f / (float)(i + 1); }
    for (int i = 0; i < N + 8; i++) out[i] = -7.0f;
    IArg args[4] = { iarg_buf(x, sizeof x), iarg_buf(y, sizeof y), iarg_buf(out, N * sizeof(float)), iarg_int(N) };
    Run r;
    run_ok(&r, vadd_src, 4, args, 4, 1, 1);
    done(&r);
    for (int i = 0; i < N; i++) assert_true(out[i] == x[i] + y[i]);
    for (int i = N; i < N + 8; i++) assert_true(out[i] == -7.0f);   /* the masked tail is not written */
}

static void test_vector_add_out_of_bounds(void **state) {
    (void)state;
    /* the same kernel without masks reads past the end in the last program */
    char *src = strdup(vadd_src);
    char *p;
    while ((p = strstr(src, ", %mask :"))) memmove(p, p + 7, strlen(p + 7) + 1);
    assert_null(strstr(src, ", %mask"));
    enum { N = 1000 };
    float x[N] = { 0 }, y[N] = { 0 }, out[N];
    IArg args[4] = { iarg_buf(x, sizeof x), iarg_buf(y, sizeof y), iarg_buf(out, sizeof out), iarg_int(N) };
    /* line 13 is the first tt.load */
    expect_error(src, 4, args, 4, "13:11: tt.load: out-of-bounds access: element [232] reads element 1000 "
                 "(byte offset 4000) of argument 0, which holds 1000 elements (4000 bytes) in program (3, 0, 0)");
    free(src);
}

static void test_sample_vector_add(void **state) {
    (void)state;
    char *src = read_file(SAMPLES_DIR "/vector_add.ttir");
    assert_non_null(src);
    enum { N = 2500 };
    float *x = malloc(N * sizeof(float)), *y = malloc(N * sizeof(float)), *out = calloc(N, sizeof(float));
    for (int i = 0; i < N; i++) { x[i] = sinf((float)i); y[i] = (float)(i % 17) - 3.25f; }
    IArg args[4] = { iarg_buf(x, N * sizeof(float)), iarg_buf(y, N * sizeof(float)), iarg_buf(out, N * sizeof(float)), iarg_int(N) };
    Run r;
    run_ok(&r, src, 4, args, (N + 1023) / 1024, 1, 1);
    done(&r);
    for (int i = 0; i < N; i++) assert_true(out[i] == x[i] + y[i]);
    /* one program too many: every lane of program 3 is masked off */
    run_ok(&r, src, 4, args, 4, 1, 1);
    done(&r);
    /* n one past the end of the buffers: the mask lets one read through */
    args[3] = iarg_int(N + 1);
    run(&r, src, 4, args, 3, 1, 1);
    assert_int_equal(r.rc, -1);
    assert_non_null(strstr(r.msg, "reads element 2500 (byte offset 10000) of argument 0"));
    assert_non_null(strstr(r.msg, "program (2, 0, 0)"));
    done(&r);
    free(x); free(y); free(out); free(src);
}

/* ---- row softmax ------------------------------------------------------ */

static const char *softmax_src =
    "module {\n"
    "  tt.func @softmax(%out: !tt.ptr<f32>, %in: !tt.ptr<f32>, %ncols: i32) {\n"
    "    %pid = tt.get_program_id x : i32\n"
    "    %row = arith.muli %pid, %ncols : i32\n"
    "    %base = tt.addptr %in, %row : !tt.ptr<f32>, i32\n"
    "    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>\n"
    "    %nc = tt.splat %ncols : i32 -> tensor<128xi32>\n"
    "    %m = arith.cmpi slt, %r, %nc : tensor<128xi32>\n"
    "    %bp = tt.splat %base : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>\n"
    "    %p = tt.addptr %bp, %r : tensor<128x!tt.ptr<f32>>, tensor<128xi32>\n"
    "    %ninf = arith.constant dense<0xFF800000> : tensor<128xf32>\n"
    "    %x = tt.load %p, %m, %ninf : tensor<128x!tt.ptr<f32>>\n"
    "    %mx = \"tt.reduce\"(%x) <{axis = 0 : i32}> ({\n"
    "    ^bb0(%a0: f32, %b0: f32):\n"
    "      %t0 = arith.maxnumf %a0, %b0 : f32\n"
    "      tt.reduce.return %t0 : f32\n"
    "    }) : (tensor<128xf32>) -> f32\n"
    "    %mxs = tt.splat %mx : f32 -> tensor<128xf32>\n"
    "    %d = arith.subf %x, %mxs : tensor<128xf32>\n"
    "    %e = math.exp %d : tensor<128xf32>\n"
    "    %s = \"tt.reduce\"(%e) <{axis = 0 : i32}> ({\n"
    "    ^bb0(%a1: f32, %b1: f32):\n"
    "      %t1 = arith.addf %a1, %b1 : f32\n"
    "      tt.reduce.return %t1 : f32\n"
    "    }) : (tensor<128xf32>) -> f32\n"
    "    %ss = tt.splat %s : f32 -> tensor<128xf32>\n"
    "    %y = arith.divf %e, %ss : tensor<128xf32>\n"
    "    %obase = tt.addptr %out, %row : !tt.ptr<f32>, i32\n"
    "    %obp = tt.splat %obase : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>\n"
    "    %q = tt.addptr %obp, %r : tensor<128x!tt.ptr<f32>>, tensor<128xi32>\n"
    "    tt.store %q, %y, %m : tensor<128x!tt.ptr<f32>>\n"
    "    tt.return\n"
    "  }\n"
    "}\n";

static void test_row_softmax(void **state) {
    (void)state;
    enum { R = 5, C = 100 };
    float in[R * C], out[R * C];
    for (int i = 0; i < R * C; i++) in[i] = (float)((i * 37) % 23) * 0.25f - 2.0f;
    IArg args[3] = { iarg_buf(out, sizeof out), iarg_buf(in, sizeof in), iarg_int(C) };
    Run r;
    run_ok(&r, softmax_src, 3, args, R, 1, 1);
    done(&r);
    for (int i = 0; i < R; i++) {
        double mx = -INFINITY, sum = 0;
        for (int j = 0; j < C; j++) mx = fmax(mx, in[i * C + j]);
        for (int j = 0; j < C; j++) sum += exp(in[i * C + j] - mx);
        double tot = 0;
        for (int j = 0; j < C; j++) {
            double want = exp(in[i * C + j] - mx) / sum;
            assert_true(fabs(out[i * C + j] - want) <= 1e-6 * want + 1e-9);
            tot += out[i * C + j];
        }
        assert_true(fabs(tot - 1.0) < 1e-5);
    }
}

/* ---- matmul with tt.dot and a K loop ---------------------------------- */

static const char *matmul_src =
    "module {\n"
    "  tt.func @matmul(%a: !tt.ptr<f32>, %b: !tt.ptr<f32>, %c: !tt.ptr<f32>, %K: i32) {\n"
    "    %pid = tt.get_program_id x : i32\n"
    "    %c8 = arith.constant 8 : i32\n"
    "    %c0 = arith.constant 0 : i32\n"
    "    %zero = arith.constant dense<0.000000e+00> : tensor<8x8xf32>\n"
    "    %r8 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>\n"
    "    %pm = arith.muli %pid, %c8 : i32\n"
    "    %pms = tt.splat %pm : i32 -> tensor<8xi32>\n"
    "    %rm = arith.addi %pms, %r8 : tensor<8xi32>\n"
    "    %rme = tt.expand_dims %rm {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>\n"
    "    %Ks = tt.splat %K : i32 -> tensor<8x1xi32>\n"
    "    %arow = arith.muli %rme, %Ks : tensor<8x1xi32>\n"
    "    %rk = tt.expand_dims %r8 {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>\n"
    "    %arowb = tt.broadcast %arow : tensor<8x1xi32> -> tensor<8x8xi32>\n"
    "    %rkb = tt.broadcast %rk : tensor<1x8xi32> -> tensor<8x8xi32>\n"
    "    %aoff = arith.addi %arowb, %rkb : tensor<8x8xi32>\n"
    "    %rkc = tt.expand_dims %r8 {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>\n"
    "    %n8 = arith.constant dense<8> : tensor<8x1xi32>\n"
    "    %brow = arith.muli %rkc, %n8 : tensor<8x1xi32>\n"
    "    %browb = tt.broadcast %brow : tensor<8x1xi32> -> tensor<8x8xi32>\n"
    "    %boff = arith.addi %browb, %rkb : tensor<8x8xi32>\n"
    "    %ap0 = tt.splat %a : !tt.ptr<f32> -> tensor<8x8x!tt.ptr<f32>>\n"
    "    %ap = tt.addptr %ap0, %aoff : tensor<8x8x!tt.ptr<f32>>, tensor<8x8xi32>\n"
    "    %bp0 = tt.splat %b : !tt.ptr<f32> -> tensor<8x8x!tt.ptr<f32>>\n"
    "    %bp = tt.addptr %bp0, %boff : tensor<8x8x!tt.ptr<f32>>, tensor<8x8xi32>\n"
    "    %res:3 = scf.for %k = %c0 to %K step %c8 iter_args(%acc = %zero, %pa = %ap, %pb = %bp) -> "
    "(tensor<8x8xf32>, tensor<8x8x!tt.ptr<f32>>, tensor<8x8x!tt.ptr<f32>>) : i32 {\n"
    "      %av = tt.load %pa : tensor<8x8x!tt.ptr<f32>>\n"
    "      %bv = tt.load %pb : tensor<8x8x!tt.ptr<f32>>\n"
    "      %acc2 = tt.dot %av, %bv, %acc : tensor<8x8xf32> * tensor<8x8xf32> -> tensor<8x8xf32>\n"
    "      %st = arith.constant dense<8> : tensor<8x8xi32>\n"
    "      %pa2 = tt.addptr %pa, %st : tensor<8x8x!tt.ptr<f32>>, tensor<8x8xi32>\n"
    "      %st64 = arith.constant dense<64> : tensor<8x8xi32>\n"
    "      %pb2 = tt.addptr %pb, %st64 : tensor<8x8x!tt.ptr<f32>>, tensor<8x8xi32>\n"
    "      scf.yield %acc2, %pa2, %pb2 : tensor<8x8xf32>, tensor<8x8x!tt.ptr<f32>>, tensor<8x8x!tt.ptr<f32>>\n"
    "    }\n"
    "    %crow = arith.muli %rme, %n8 : tensor<8x1xi32>\n"
    "    %crowb = tt.broadcast %crow : tensor<8x1xi32> -> tensor<8x8xi32>\n"
    "    %coff = arith.addi %crowb, %rkb : tensor<8x8xi32>\n"
    "    %cp0 = tt.splat %c : !tt.ptr<f32> -> tensor<8x8x!tt.ptr<f32>>\n"
    "    %cp = tt.addptr %cp0, %coff : tensor<8x8x!tt.ptr<f32>>, tensor<8x8xi32>\n"
    "    tt.store %cp, %res#0 : tensor<8x8x!tt.ptr<f32>>\n"
    "    tt.return\n"
    "  }\n"
    "}\n";

static void test_matmul_dot_k_loop(void **state) {
    (void)state;
    enum { M = 16, K = 32, N = 8 };
    float a[M * K], b[K * N], c[M * N];
    for (int i = 0; i < M * K; i++) a[i] = (float)((i * 7) % 11) - 5.0f;
    for (int i = 0; i < K * N; i++) b[i] = (float)((i * 5) % 13) * 0.5f - 3.0f;
    IArg args[4] = { iarg_buf(a, sizeof a), iarg_buf(b, sizeof b), iarg_buf(c, sizeof c), iarg_int(K) };
    Run r;
    run_ok(&r, matmul_src, 4, args, M / 8, 1, 1);
    done(&r);
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) {
            float want = 0;      /* small integers and halves: exact in f32 */
            for (int k = 0; k < K; k++) want += a[i * K + k] * b[k * N + j];
            assert_true(c[i * N + j] == want);
        }
    /* K = 40 makes the last iteration read past the end of b */
    args[3] = iarg_int(40);
    expect_error(matmul_src, 4, args, 1, "tt.load: out-of-bounds access: element [0, 0] reads element 256");
}

/* ---- reductions -------------------------------------------------------- */

static const char *reduce_src =
    "module {\n"
    "  tt.func @red(%in: !tt.ptr<i32>, %rows: !tt.ptr<i32>, %cols: !tt.ptr<i32>, %f: !tt.ptr<f32>, %idx: !tt.ptr<i32>) {\n"
    "    %r4 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>\n"
    "    %r8 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>\n"
    "    %re = tt.expand_dims %r4 {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>\n"
    "    %c8 = arith.constant dense<8> : tensor<4x1xi32>\n"
    "    %ro = arith.muli %re, %c8 : tensor<4x1xi32>\n"
    "    %rob = tt.broadcast %ro : tensor<4x1xi32> -> tensor<4x8xi32>\n"
    "    %ce = tt.expand_dims %r8 {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>\n"
    "    %ceb = tt.broadcast %ce : tensor<1x8xi32> -> tensor<4x8xi32>\n"
    "    %off = arith.addi %rob, %ceb : tensor<4x8xi32>\n"
    "    %p0 = tt.splat %in : !tt.ptr<i32> -> tensor<4x8x!tt.ptr<i32>>\n"
    "    %p = tt.addptr %p0, %off : tensor<4x8x!tt.ptr<i32>>, tensor<4x8xi32>\n"
    "    %x = tt.load %p : tensor<4x8x!tt.ptr<i32>>\n"
    "    %rs = \"tt.reduce\"(%x) <{axis = 1 : i32}> ({\n"
    "    ^bb0(%a: i32, %b: i32):\n"
    "      %t = arith.addi %a, %b : i32\n"
    "      tt.reduce.return %t : i32\n"
    "    }) : (tensor<4x8xi32>) -> tensor<4xi32>\n"
    "    %xt = tt.trans %x {order = array<i32: 1, 0>} : tensor<4x8xi32> -> tensor<8x4xi32>\n"
    "    %cs = \"tt.reduce\"(%xt) <{axis = 1 : i32}> ({\n"
    "    ^bb0(%a2: i32, %b2: i32):\n"
    "      %t2 = arith.maxsi %a2, %b2 : i32\n"
    "      tt.reduce.return %t2 : i32\n"
    "    }) : (tensor<8x4xi32>) -> tensor<8xi32>\n"
    "    %rp0 = tt.splat %rows : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>\n"
    "    %rp = tt.addptr %rp0, %r4 : tensor<4x!tt.ptr<i32>>, tensor<4xi32>\n"
    "    tt.store %rp, %rs : tensor<4x!tt.ptr<i32>>\n"
    "    %cp0 = tt.splat %cols : !tt.ptr<i32> -> tensor<8x!tt.ptr<i32>>\n"
    "    %cp = tt.addptr %cp0, %r8 : tensor<8x!tt.ptr<i32>>, tensor<8xi32>\n"
    "    tt.store %cp, %cs : tensor<8x!tt.ptr<i32>>\n"
    "    %fp0 = tt.splat %f : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>\n"
    "    %fp = tt.addptr %fp0, %r8 : tensor<8x!tt.ptr<f32>>, tensor<8xi32>\n"
    "    %fv = tt.load %fp : tensor<8x!tt.ptr<f32>>\n"
    "    %am:2 = \"tt.reduce\"(%fv, %r8) <{axis = 0 : i32}> ({\n"
    "    ^bb0(%va: f32, %ia: i32, %vb: f32, %ib: i32):\n"
    "      %gt = arith.cmpf ogt, %vb, %va : f32\n"
    "      %v = arith.select %gt, %vb, %va : f32\n"
    "      %i = arith.select %gt, %ib, %ia : i32\n"
    "      tt.reduce.return %v, %i : f32, i32\n"
    "    }) : (tensor<8xf32>, tensor<8xi32>) -> (f32, i32)\n"
    "    tt.store %idx, %am#1 : !tt.ptr<i32>\n"
    "    tt.return\n"
    "  }\n"
    "}\n";

static void test_reduce(void **state) {
    (void)state;
    int32_t in[32], rows[4], cols[8], idx = -1;
    float f[8] = { 1, -2, 7.5f, 3, 7.5f, -9, 0, 2 };
    for (int i = 0; i < 32; i++) in[i] = (i * 13) % 29 - 10;
    IArg args[5] = { iarg_buf(in, sizeof in), iarg_buf(rows, sizeof rows), iarg_buf(cols, sizeof cols),
                     iarg_buf(f, sizeof f), iarg_buf(&idx, sizeof idx) };
    Run r;
    run_ok(&r, reduce_src, 5, args, 1, 1, 1);
    done(&r);
    for (int i = 0; i < 4; i++) {
        int s = 0;
        for (int j = 0; j < 8; j++) s += in[i * 8 + j];
        assert_int_equal(rows[i], s);
    }
    for (int j = 0; j < 8; j++) {
        int m = in[j];
        for (int i = 1; i < 4; i++) if (in[i * 8 + j] > m) m = in[i * 8 + j];
        assert_int_equal(cols[j], m);
    }
    /* the halving order: pairs (0,4) (1,5) (2,6) (3,7), then (0,2) (1,3),
     * then (0,1); the combiner keeps its left operand on a tie, so the
     * maximum at 4 (paired with element 0 first) wins over the one at 2 */
    assert_int_equal(idx, 4);
}

/* ---- integer semantics ------------------------------------------------- */

/* each case defines %vN : i32 from its own ops; the kernel stores it to out[N] */
static const struct { const char *ops; int32_t want; } int_cases[] = {
    { "%a0 = arith.constant 100 : i8\n %s0 = arith.addi %a0, %a0 : i8\n %v0 = arith.extsi %s0 : i8 to i32", -56 },
    { "%a1 = arith.constant 300 : i32\n %t1 = arith.trunci %a1 : i32 to i8\n %v1 = arith.extsi %t1 : i8 to i32", 44 },
    { "%a2 = arith.constant 2147483647 : i32\n %b2 = arith.constant 1 : i32\n %v2 = arith.addi %a2, %b2 : i32", INT32_MIN },
    { "%a3 = arith.constant -7 : i32\n %b3 = arith.constant 2 : i32\n %v3 = arith.divsi %a3, %b3 : i32", -3 },
    { "%a4 = arith.constant -7 : i32\n %b4 = arith.constant 2 : i32\n %v4 = arith.remsi %a4, %b4 : i32", -1 },
    { "%a5 = arith.constant -7 : i32\n %b5 = arith.constant 2 : i32\n %v5 = arith.floordivsi %a5, %b5 : i32", -4 },
    { "%a6 = arith.constant 7 : i32\n %b6 = arith.constant 2 : i32\n %v6 = arith.ceildivsi %a6, %b6 : i32", 4 },
    { "%a7 = arith.constant -1 : i32\n %b7 = arith.constant 2 : i32\n %v7 = arith.divui %a7, %b7 : i32", INT32_MAX },
    { "%a8 = arith.constant -8 : i32\n %b8 = arith.constant 1 : i32\n %v8 = arith.shrsi %a8, %b8 : i32", -4 },
    { "%a9 = arith.constant -8 : i32\n %b9 = arith.constant 28 : i32\n %v9 = arith.shrui %a9, %b9 : i32", 15 },
    { "%a10 = arith.constant -1 : i8\n %v10 = arith.extui %a10 : i8 to i32", 255 },
    { "%a11 = arith.constant -1 : i32\n %b11 = arith.constant 1 : i32\n %c11 = arith.cmpi ult, %a11, %b11 : i32\n"
      " %v11 = arith.extui %c11 : i1 to i32", 0 },
    { "%a12 = arith.constant -1 : i32\n %b12 = arith.constant 1 : i32\n %c12 = arith.cmpi slt, %a12, %b12 : i32\n"
      " %v12 = arith.extui %c12 : i1 to i32", 1 },
    { "%a13 = arith.constant -1 : i32\n %b13 = arith.constant 5 : i32\n %v13 = arith.maxui %a13, %b13 : i32", -1 },
    { "%a14 = arith.constant 300 : i16\n %m14 = arith.muli %a14, %a14 : i16\n %v14 = arith.extsi %m14 : i16 to i32", 24464 },
    { "%a15 = arith.constant -2.7 : f32\n %v15 = arith.fptosi %a15 : f32 to i32", -2 },
    { "%a16 = arith.constant 1.0 : f32\n %v16 = arith.bitcast %a16 : f32 to i32", 0x3F800000 },
    { "%a17 = arith.constant -2147483648 : i32\n %b17 = arith.constant -1 : i32\n %v17 = arith.divsi %a17, %b17 : i32", INT32_MIN },
    { "%a18 = arith.constant 255 : i8\n %b18 = arith.constant 1 : i8\n %c18 = arith.cmpi ugt, %a18, %b18 : i8\n"
      " %v18 = arith.extsi %c18 : i1 to i32", -1 },
    { "%a19 = arith.constant -3 : i32\n %v19 = math.absi %a19 : i32", 3 },
    { "%a20 = arith.constant 3000000000 : i64\n %b20 = arith.constant 3 : i64\n %m20 = arith.muli %a20, %b20 : i64\n"
      " %v20 = arith.trunci %m20 : i64 to i32", (int32_t)(uint32_t)(9000000000ull & 0xffffffffu) },
    { "%a21 = arith.constant 1 : i32\n %b21 = arith.constant 31 : i32\n %v21 = arith.shli %a21, %b21 : i32", INT32_MIN },
    { "%a22 = arith.constant -7 : i32\n %b22 = arith.constant -2 : i32\n %v22 = arith.ceildivsi %a22, %b22 : i32", 4 },
    { "%a23 = arith.constant 3.5 : f32\n %b23 = arith.constant -2.5 : f32\n %r23 = math.round %b23 : f32\n"
      " %s23 = arith.addf %a23, %r23 : f32\n %v23 = arith.fptosi %s23 : f32 to i32", 0 },
};

static void test_integer_semantics(void **state) {
    (void)state;
    enum { NC = sizeof int_cases / sizeof *int_cases };
    size_t cap = 16384, n = 0;
    char *src = malloc(cap);
    n += (size_t)snprintf(src + n, cap - n, "module {\n  tt.func @ints(%%out: !tt.ptr<i32>) {\n");
    for (int i = 0; i < NC; i++)
        n += (size_t)snprintf(src + n, cap - n, " %s\n %%k%d = arith.constant %d : i32\n"
                              " %%p%d = tt.addptr %%out, %%k%d : !tt.ptr<i32>, i32\n tt.store %%p%d, %%v%d : !tt.ptr<i32>\n",
                              int_cases[i].ops, i, i, i, i, i, i);
    n += (size_t)snprintf(src + n, cap - n, "  tt.return\n  }\n}\n");
    assert_true(n < cap);
    int32_t out[NC];
    memset(out, 0x55, sizeof out);
    IArg a = iarg_buf(out, sizeof out);
    Run r;
    run_ok(&r, src, 1, &a, 1, 1, 1);
    done(&r);
    for (int i = 0; i < NC; i++) {
        if (out[i] != int_cases[i].want) fail_msg("case %d: got %d, want %d", i, out[i], int_cases[i].want);
    }
    free(src);
}

static void test_division_by_zero(void **state) {
    (void)state;
    const char *src =
        "module {\n"
        "  tt.func @k(%out: !tt.ptr<i32>, %d: i32) {\n"
        "    %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>\n"
        "    %ds = tt.splat %d : i32 -> tensor<4xi32>\n"
        "    %e = arith.subi %r, %ds : tensor<4xi32>\n"
        "    %q = arith.remui %r, %e : tensor<4xi32>\n"
        "    %p0 = tt.splat %out : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>\n"
        "    %p = tt.addptr %p0, %r : tensor<4x!tt.ptr<i32>>, tensor<4xi32>\n"
        "    tt.store %p, %q : tensor<4x!tt.ptr<i32>>\n"
        "    tt.return\n"
        "  }\n"
        "}\n";
    int32_t out[4];
    IArg args[2] = { iarg_buf(out, sizeof out), iarg_int(-10) };
    Run r;
    run_ok(&r, src, 2, args, 1, 1, 1);
    done(&r);
    for (int i = 0; i < 4; i++) assert_int_equal(out[i], i % (i + 10));
    /* a zero divisor: RISC-V's x % 0 = x, or the error when asked for */
    args[1] = iarg_int(2);
    run_ok(&r, src, 2, args, 1, 1, 1);
    done(&r);
    assert_int_equal(out[2], 2);
    interp_set_check_div(true);
    expect_error(src, 2, args, 1, "6:10: arith.remui: division by zero at element [2] in program (0, 0, 0)");
    interp_set_check_div(false);
}

/* interp_track_writes: which buffers a run stored to, and whether two
 * programs stored to one element (--check's note on threads) */
static void test_track_writes(void **state) {
    (void)state;
    const char *src =
        "module {\n"
        "  tt.func @k(%in: !tt.ptr<i32>, %out: !tt.ptr<i32>, %stride: i32) {\n"
        "    %pid = tt.get_program_id x : i32\n"
        "    %o = arith.muli %pid, %stride : i32\n"
        "    %pi = tt.addptr %in, %pid : !tt.ptr<i32>, i32\n"
        "    %v = tt.load %pi : !tt.ptr<i32>\n"
        "    %po = tt.addptr %out, %o : !tt.ptr<i32>, i32\n"
        "    tt.store %po, %v : !tt.ptr<i32>\n"
        "    tt.return\n"
        "  }\n"
        "}\n";
    int32_t in[4] = { 1, 2, 3, 4 }, out[4] = { 0 };
    IArg args[3] = { iarg_buf(in, sizeof in), iarg_buf(out, sizeof out), iarg_int(1) };
    Run r;
    assert_int_equal(interp_writes_overlap(), -1);
    interp_track_writes(true);
    run_ok(&r, src, 3, args, 4, 1, 1);
    done(&r);
    assert_int_equal(interp_writes_overlap(), 0);
    assert_int_equal(interp_wrote_arg(0), 0);
    assert_int_equal(interp_wrote_arg(1), 1);
    args[2] = iarg_int(0);   /* every program stores to out[0] */
    run_ok(&r, src, 3, args, 4, 1, 1);
    done(&r);
    assert_int_equal(interp_writes_overlap(), 1);
    assert_int_equal(out[0], 4);
    interp_track_writes(false);
    run_ok(&r, src, 3, args, 4, 1, 1);
    done(&r);
    assert_int_equal(interp_writes_overlap(), -1);
    assert_int_equal(interp_wrote_arg(1), -1);
}

static void test_unsupported_op(void **state) {
    (void)state;
    const char *src =
        "module {\n"
        "  tt.func @k(%out: !tt.ptr<i32>) {\n"
        "    %c = arith.constant 1 : i32\n"
        "    %h = \"tt.frobnicate\"(%c) : (i32) -> i32\n"
        "    tt.store %out, %h : !tt.ptr<i32>\n"
        "    tt.return\n"
        "  }\n"
        "}\n";
    int32_t out;
    IArg a = iarg_buf(&out, sizeof out);
    expect_error(src, 1, &a, 1, "4:10: interpreter does not support 'tt.frobnicate'");
}

/* ---- control flow: scf.while and scf.if --------------------------------- */

static void test_while_if_gcd(void **state) {
    (void)state;
    const char *src =
        "module {\n"
        "  tt.func @gcd(%a: !tt.ptr<i32>, %b: !tt.ptr<i32>, %o: !tt.ptr<i32>) {\n"
        "    %pid = tt.get_program_id x : i32\n"
        "    %pidy = tt.get_program_id y : i32\n"
        "    %nx = tt.get_num_programs x : i32\n"
        "    %row = arith.muli %pidy, %nx : i32\n"
        "    %i = arith.addi %row, %pid : i32\n"
        "    %pa = tt.addptr %a, %i : !tt.ptr<i32>, i32\n"
        "    %pb = tt.addptr %b, %i : !tt.ptr<i32>, i32\n"
        "    %x = tt.load %pa : !tt.ptr<i32>\n"
        "    %y = tt.load %pb : !tt.ptr<i32>\n"
        "    %c0 = arith.constant 0 : i32\n"
        "    %r:2 = scf.while (%u = %x, %v = %y) : (i32, i32) -> (i32, i32) {\n"
        "      %nz = arith.cmpi ne, %v, %c0 : i32\n"
        "      scf.condition(%nz) %u, %v : i32, i32\n"
        "    } do {\n"
        "    ^bb0(%u1: i32, %v1: i32):\n"
        "      %m = arith.remsi %u1, %v1 : i32\n"
        "      scf.yield %v1, %m : i32, i32\n"
        "    }\n"
        "    %neg = arith.cmpi slt, %r#0, %c0 : i32\n"
        "    %g = scf.if %neg -> (i32) {\n"
        "      %n = arith.subi %c0, %r#0 : i32\n"
        "      scf.yield %n : i32\n"
        "    } else {\n"
        "      scf.yield %r#0 : i32\n"
        "    }\n"
        "    %po = tt.addptr %o, %i : !tt.ptr<i32>, i32\n"
        "    tt.store %po, %g : !tt.ptr<i32>\n"
        "    tt.return\n"
        "  }\n"
        "}\n";
    enum { N = 12 };
    int32_t a[N], b[N], o[N];
    for (int i = 0; i < N; i++) { a[i] = (i * 36 + 12) * (i % 3 ? 1 : -1); b[i] = i * 8 + 4; o[i] = 0; }
    b[5] = 0;
    IArg args[3] = { iarg_buf(a, sizeof a), iarg_buf(b, sizeof b), iarg_buf(o, sizeof o) };
    Run r;
    run_ok(&r, src, 3, args, 4, 3, 1);
    done(&r);
    for (int i = 0; i < N; i++) {
        int u = a[i], v = b[i];
        while (v) { int t = u % v; u = v; v = t; }
        assert_int_equal(o[i], u < 0 ? -u : u);
    }
}

/* ---- f16 and bf16 memory, rounding, math ------------------------------- */

static void test_half_floats(void **state) {
    (void)state;
    const char *src =
        "module {\n"
        "  tt.func @h(%x: !tt.ptr<f16>, %y: !tt.ptr<f16>, %z: !tt.ptr<bf16>, %w: !tt.ptr<f32>, %s: f32) {\n"
        "    %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>\n"
        "    %xp0 = tt.splat %x : !tt.ptr<f16> -> tensor<4x!tt.ptr<f16>>\n"
        "    %xp = tt.addptr %xp0, %r : tensor<4x!tt.ptr<f16>>, tensor<4xi32>\n"
        "    %v = tt.load %xp : tensor<4x!tt.ptr<f16>>\n"
        "    %sq = arith.mulf %v, %v : tensor<4xf16>\n"
        "    %yp0 = tt.splat %y : !tt.ptr<f16> -> tensor<4x!tt.ptr<f16>>\n"
        "    %yp = tt.addptr %yp0, %r : tensor<4x!tt.ptr<f16>>, tensor<4xi32>\n"
        "    tt.store %yp, %sq : tensor<4x!tt.ptr<f16>>\n"
        "    %e = arith.extf %sq : tensor<4xf16> to tensor<4xf32>\n"
        "    %ss = tt.splat %s : f32 -> tensor<4xf32>\n"
        "    %f = math.fma %e, %ss, %ss : tensor<4xf32>\n"
        "    %q = math.sqrt %f : tensor<4xf32>\n"
        "    %wp0 = tt.splat %w : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>\n"
        "    %wp = tt.addptr %wp0, %r : tensor<4x!tt.ptr<f32>>, tensor<4xi32>\n"
        "    tt.store %wp, %q : tensor<4x!tt.ptr<f32>>\n"
        "    %b = arith.truncf %q : tensor<4xf32> to tensor<4xbf16>\n"
        "    %zp0 = tt.splat %z : !tt.ptr<bf16> -> tensor<4x!tt.ptr<bf16>>\n"
        "    %zp = tt.addptr %zp0, %r : tensor<4x!tt.ptr<bf16>>, tensor<4xi32>\n"
        "    tt.store %zp, %b : tensor<4x!tt.ptr<bf16>>\n"
        "    tt.return\n"
        "  }\n"
        "}\n";
    /* 1 + 2^-10, 1.5, -3, 300: squares 1 + 2^-9 (rounded), 2.25, 9, 90000 -> inf */
    uint16_t x[4] = { 0x3C01, 0x3E00, 0xC200, 0x5CB0 }, y[4] = { 0 }, z[4] = { 0 };
    float w[4];
    IArg args[5] = { iarg_buf(x, sizeof x), iarg_buf(y, sizeof y), iarg_buf(z, sizeof z), iarg_buf(w, sizeof w), iarg_float(2.0) };
    Run r;
    run_ok(&r, src, 5, args, 1, 1, 1);
    done(&r);
    assert_int_equal(y[0], 0x3C02);
    assert_int_equal(y[1], 0x4080);
    assert_int_equal(y[2], 0x4880);
    assert_int_equal(y[3], 0x7C00);
    float sq[3] = { 1.001953125f, 2.25f, 9.0f };
    for (int i = 0; i < 3; i++) assert_true(w[i] == sqrtf(sq[i] * 2.0f + 2.0f));
    assert_true(isinf(w[3]));
    /* bf16: the top half of the f32 bits, rounded to nearest even */
    for (int i = 0; i < 3; i++) {
        uint32_t u;
        memcpy(&u, &w[i], 4);
        uint32_t want = (u + 0x7fff + ((u >> 16) & 1)) >> 16;
        assert_int_equal(z[i], want);
    }
    assert_int_equal(z[3], 0x7F80);
}


/* ---- scan, join/reshape, calls, branches, NaN, index loops ------------ */

static const char *misc_src =
    "module {\n"
    "  tt.func private @twice(%v: f32) -> f32 {\n"
    "    %t = arith.addf %v, %v : f32\n"
    "    tt.return %t : f32\n"
    "  }\n"
    "  tt.func @misc(%x: !tt.ptr<f32>, %o: !tt.ptr<f32>, %flags: !tt.ptr<i8>, %n: i32) {\n"
    "    %r4 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>\n"
    "    %r8 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>\n"
    "    %xp0 = tt.splat %x : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>\n"
    "    %xp = tt.addptr %xp0, %r4 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>\n"
    "    %xv = tt.load %xp : tensor<4x!tt.ptr<f32>>\n"
    "    %cs = \"tt.scan\"(%xv) <{axis = 0 : i32, reverse = false}> ({\n"
    "    ^bb0(%a: f32, %b: f32):\n"
    "      %s = arith.addf %a, %b : f32\n"
    "      tt.scan.return %s : f32\n"
    "    }) : (tensor<4xf32>) -> tensor<4xf32>\n"
    "    %j = tt.join %xv, %cs : tensor<4xf32> -> tensor<4x2xf32>\n"
    "    %fl = tt.reshape %j : tensor<4x2xf32> -> tensor<8xf32>\n"
    "    %op0 = tt.splat %o : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>\n"
    "    %op = tt.addptr %op0, %r8 : tensor<8x!tt.ptr<f32>>, tensor<8xi32>\n"
    "    tt.store %op, %fl : tensor<8x!tt.ptr<f32>>\n"
    "    %c8 = arith.constant 8 : i32\n"
    "    %e0 = tt.addptr %o, %c8 : !tt.ptr<f32>, i32\n"
    "    %x0 = tt.load %x : !tt.ptr<f32>\n"
    "    %tw = tt.call @twice(%x0) : (f32) -> f32\n"
    "    tt.store %e0, %tw : !tt.ptr<f32>\n"
    "    %nan = arith.constant 0x7FC00000 : f32\n"
    "    %one = arith.constant 1.0 : f32\n"
    "    %c1 = arith.cmpf olt, %nan, %one : f32\n"
    "    %c2 = arith.cmpf ult, %nan, %one : f32\n"
    "    %c3 = arith.cmpf uno, %nan, %one : f32\n"
    "    %mx = arith.maximumf %nan, %one : f32\n"
    "    %mn = arith.maxnumf %nan, %one : f32\n"
    "    %c4 = arith.cmpf uno, %mx, %mx : f32\n"
    "    %c5 = arith.cmpf oeq, %mn, %one : f32\n"
    "    %fs = tt.splat %flags : !tt.ptr<i8> -> tensor<8x!tt.ptr<i8>>\n"
    "    %fp = tt.addptr %fs, %r8 : tensor<8x!tt.ptr<i8>>, tensor<8xi32>\n"
    "    %f8 = arith.constant dense<[0, 0, 0, 0, 0, 0, 0, 0]> : tensor<8xi8>\n"
    "    tt.store %fp, %f8 : tensor<8x!tt.ptr<i8>>\n"
    "    %k0 = arith.constant 0 : i32\n"
    "    %k1 = arith.constant 1 : i32\n"
    "    %k2 = arith.constant 2 : i32\n"
    "    %k3 = arith.constant 3 : i32\n"
    "    %k4 = arith.constant 4 : i32\n"
    "    %q0 = tt.addptr %flags, %k0 : !tt.ptr<i8>, i32\n"
    "    %q1 = tt.addptr %flags, %k1 : !tt.ptr<i8>, i32\n"
    "    %q2 = tt.addptr %flags, %k2 : !tt.ptr<i8>, i32\n"
    "    %q3 = tt.addptr %flags, %k3 : !tt.ptr<i8>, i32\n"
    "    %q4 = tt.addptr %flags, %k4 : !tt.ptr<i8>, i32\n"
    "    %b1 = arith.extui %c1 : i1 to i8\n"
    "    %b2 = arith.extui %c2 : i1 to i8\n"
    "    %b3 = arith.extui %c3 : i1 to i8\n"
    "    %b4 = arith.extui %c4 : i1 to i8\n"
    "    %b5 = arith.extui %c5 : i1 to i8\n"
    "    tt.store %q0, %b1 : !tt.ptr<i8>\n"
    "    tt.store %q1, %b2 : !tt.ptr<i8>\n"
    "    tt.store %q2, %b3 : !tt.ptr<i8>\n"
    "    tt.store %q3, %b4 : !tt.ptr<i8>\n"
    "    tt.store %q4, %b5 : !tt.ptr<i8>\n"
    "    %lb = arith.constant 0 : index\n"
    "    %ub = arith.index_cast %n : i32 to index\n"
    "    %st = arith.constant 3 : index\n"
    "    %zero = arith.constant 0.0 : f32\n"
    "    %sum = scf.for %i = %lb to %ub step %st iter_args(%acc = %zero) -> (f32) {\n"
    "      %ii = arith.index_cast %i : index to i64\n"
    "      %fi = arith.sitofp %ii : i64 to f32\n"
    "      %acc2 = arith.addf %acc, %fi : f32\n"
    "      scf.yield %acc2 : f32\n"
    "    }\n"
    "    %c9 = arith.constant 9 : i32\n"
    "    %e9 = tt.addptr %o, %c9 : !tt.ptr<f32>, i32\n"
    "    %pos = arith.cmpf ogt, %sum, %zero : f32\n"
    "    cf.cond_br %pos, ^bb1(%sum : f32), ^bb2\n"
    "  ^bb1(%w: f32):\n"
    "    tt.store %e9, %w : !tt.ptr<f32>\n"
    "    tt.return\n"
    "  ^bb2:\n"
    "    tt.store %e9, %one : !tt.ptr<f32>\n"
    "    tt.return\n"
    "  }\n"
    "}\n";

static void test_misc_ops(void **state) {
    (void)state;
    float x[4] = { 1.5f, -2.0f, 0.25f, 8.0f }, o[10] = { 0 };
    int8_t flags[8];
    IArg args[4] = { iarg_buf(x, sizeof x), iarg_buf(o, sizeof o), iarg_buf(flags, sizeof flags), iarg_int(10) };
    Ctx *c = ctx_new();
    Diag d;
    diag_init(&d, stderr);
    Op *m = parse_module(c, "m.ttir", misc_src, strlen(misc_src), 1, &d);
    assert_non_null(m);
    assert_non_null(interp_find_func(m, "misc"));
    assert_null(interp_find_func(m, "nope"));
    assert_ptr_equal(interp_find_func(m, NULL), interp_find_func(m, "misc"));   /* @twice is private */
    int grid[3] = { 1, 1, 1 };
    assert_int_equal(interp_run(c, interp_find_func(m, "misc"), 4, args, grid, &d), 0);
    diag_free(&d);
    ctx_free(c);
    float run_sum = 0;
    for (int i = 0; i < 4; i++) {
        run_sum += x[i];
        assert_true(o[2 * i] == x[i]);
        assert_true(o[2 * i + 1] == run_sum);
    }
    assert_true(o[8] == 3.0f);
    assert_true(o[9] == 0 + 3 + 6 + 9);
    int8_t want[8] = { 0, 1, 1, 1, 1, 0, 0, 0 };
    assert_memory_equal(flags, want, 8);
    /* n = 0: the loop does not run, the branch takes ^bb2 */
    args[3] = iarg_int(0);
    c = ctx_new();
    diag_init(&d, stderr);
    m = parse_module(c, "m.ttir", misc_src, strlen(misc_src), 1, &d);
    assert_int_equal(interp_run(c, interp_find_func(m, "misc"), 4, args, grid, &d), 0);
    diag_free(&d);
    ctx_free(c);
    assert_true(o[9] == 1.0f);
}

int main(void) {
    registry_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vector_add_masked_tail),
        cmocka_unit_test(test_vector_add_out_of_bounds),
        cmocka_unit_test(test_sample_vector_add),
        cmocka_unit_test(test_row_softmax),
        cmocka_unit_test(test_matmul_dot_k_loop),
        cmocka_unit_test(test_reduce),
        cmocka_unit_test(test_integer_semantics),
        cmocka_unit_test(test_division_by_zero),
        cmocka_unit_test(test_track_writes),
        cmocka_unit_test(test_unsupported_op),
        cmocka_unit_test(test_while_if_gcd),
        cmocka_unit_test(test_half_floats),
        cmocka_unit_test(test_misc_ops),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
