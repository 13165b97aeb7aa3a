/* test_api.c - the public C API (include/ttxform.h) through libttxform:
 * loading TTIR, targets' output, pipelines, diagnostics as values at the
 * Python locations Triton attaches, contexts on two threads, the grid pool. */
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cmocka.h>

#include "ttxform.h"

/* vector add as stock Triton 3.6 prints it (trimmed), with its locations */
static const char *add_ttir =
    "#loc = loc(\"/src/add.py\":8:0)\n"
    "module {\n"
    "  tt.func public @add_kernel(%x_ptr: !tt.ptr<f32> loc(\"x_ptr\"(#loc)), %y_ptr: !tt.ptr<f32> loc(\"y_ptr\"(#loc)), %out_ptr: !tt.ptr<f32> loc(\"out_ptr\"(#loc)), %n: i32 loc(\"n\"(#loc))) attributes {noinline = false} {\n"
    "    %pid = tt.get_program_id x : i32 loc(#loc5)\n"
    "    %c = arith.constant 64 : i32 loc(#loc6)\n"
    "    %start = arith.muli %pid, %c : i32 loc(#loc6)\n"
    "    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32> loc(#loc6)\n"
    "    %s = tt.splat %start : i32 -> tensor<64xi32> loc(#loc6)\n"
    "    %offs = arith.addi %s, %r : tensor<64xi32> loc(#loc6)\n"
    "    %nn = tt.splat %n : i32 -> tensor<64xi32> loc(#loc7)\n"
    "    %mask = arith.cmpi slt, %offs, %nn : tensor<64xi32> loc(#loc7)\n"
    "    %xp = tt.splat %x_ptr : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>> loc(#loc8)\n"
    "    %xa = tt.addptr %xp, %offs : tensor<64x!tt.ptr<f32>>, tensor<64xi32> loc(#loc8)\n"
    "    %x = tt.load %xa, %mask : tensor<64x!tt.ptr<f32>> loc(#loc8)\n"
    "    %yp = tt.splat %y_ptr : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>> loc(#loc9)\n"
    "    %ya = tt.addptr %yp, %offs : tensor<64x!tt.ptr<f32>>, tensor<64xi32> loc(#loc9)\n"
    "    %y = tt.load %ya, %mask : tensor<64x!tt.ptr<f32>> loc(#loc9)\n"
    "    %PRINT\n"
    "    %op = tt.splat %out_ptr : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>> loc(#loc3)\n"
    "    %oa = tt.addptr %op, %offs : tensor<64x!tt.ptr<f32>>, tensor<64xi32> loc(#loc3)\n"
    "    %sum = arith.addf %x, %y : tensor<64xf32> loc(#loc3)\n"
    "    tt.store %oa, %sum, %mask : tensor<64x!tt.ptr<f32>> loc(#loc3)\n"
    "    tt.return loc(#loc4)\n"
    "  } loc(#loc)\n"
    "} loc(#loc)\n"
    "#loc1 = loc(\"/src/add.py\":9:24)\n"
    "#loc2 = loc(\"/src/add.py\":12:16)\n"
    "#loc3 = loc(\"/src/add.py\":15:23)\n"
    "#loc4 = loc(\"/src/add.py\":15:4)\n"
    "#loc10 = loc(\"/src/add.py\":14:8)\n"
    "#loc11 = loc(\"/usr/lib/python3/site-packages/triton/language/standard.py\":290:11)\n"
    "#loc5 = loc(\"pid\"(#loc1))\n"
    "#loc6 = loc(\"offs\"(#loc2))\n"
    "#loc7 = loc(\"mask\"(#loc2))\n"
    "#loc8 = loc(\"x\"(#loc2))\n"
    "#loc9 = loc(\"y\"(#loc2))\n"
    "#loc12 = loc(callsite(#loc11 at #loc10))\n";

/* add_ttir with line 18 (%PRINT) replaced by `with` */
static char *kernel_with(const char *with) {
    const char *at = strstr(add_ttir, "%PRINT");
    size_t n = strlen(add_ttir) - 6 + strlen(with) + 1;
    char *s = malloc(n);
    snprintf(s, n, "%.*s%s%s", (int)(at - add_ttir), add_ttir, with, at + 6);
    return s;
}

static void test_version(void **state) {
    (void)state;
    assert_string_equal(ttx_version(), "0.1.0");
    assert_non_null(strstr(ttx_build_id(), ttx_version()));
    assert_int_equal(ttx_api_version(), TTX_API_VERSION);
}

static void test_compile_c(void **state) {
    (void)state;
    ttx_context *cx = ttx_context_new();
    char *k = kernel_with("");
    ttx_module *m = ttx_module_load(cx, k, strlen(k), "add.ttir");
    assert_non_null(m);
    assert_string_equal(ttx_module_kernel_name(m), "add_kernel");
    size_t len = 0;
    char *c = ttx_module_compile(m, "c", NULL, &len);
    assert_non_null(c);
    assert_int_equal(len, strlen(c));
    assert_non_null(strstr(c, "void add_kernel(float *arg0, float *arg1, float *arg2, i32 arg3,"));
    assert_int_equal(ttx_diag_count(cx), 0);
    ttx_free(c);
    ttx_free(k);
    ttx_context_free(cx);   /* frees m too */
}

/* the other outputs: KTIR with its options, C with RVV intrinsics */
static void test_compile_ktir_rvv(void **state) {
    (void)state;
    ttx_context *cx = ttx_context_new();
    char *k = kernel_with("");
    ttx_module *m = ttx_module_load(cx, k, strlen(k), "add.ttir");
    char *ktir = ttx_module_compile(m, "ktir", "grid=4", NULL);
    assert_non_null(ktir);
    assert_non_null(strstr(ktir, "grid = [4]"));
    assert_non_null(strstr(ktir, "ktdp."));
    ttx_free(ktir);
    ttx_module_free(m);
    m = ttx_module_load(cx, k, strlen(k), "add.ttir");
    char *rvv = ttx_module_compile(m, "rvv", NULL, NULL);
    assert_non_null(rvv);
    assert_non_null(strstr(rvv, "#include <riscv_vector.h>"));
    ttx_free(rvv);
    m = ttx_module_load(cx, k, strlen(k), "add.ttir");
    assert_null(ttx_module_compile(m, "ktir", "grid=4 colour=blue", NULL));
    assert_non_null(strstr(ttx_diag_get(cx, 0)->message, "unknown target option 'colour'"));
    ttx_free(k);
    ttx_context_free(cx);
}

/* smt-arch=k1|k3 for the C targets: the module's tt.arch_id, as --smt-arch
 * sets it; refused with KTIR and for another core */
static void test_smt_arch(void **state) {
    (void)state;
    ttx_context *cx = ttx_context_new();
    char *k = kernel_with("");
    ttx_module *m = ttx_module_load(cx, k, strlen(k), "add.ttir");
    assert_int_equal(ttx_module_run_target_pipeline(m, "rvv", "smt-arch=k3"), TTX_OK);
    char *mlir = ttx_module_emit(m, "mlir", NULL);
    assert_non_null(mlir);
    assert_non_null(strstr(mlir, "tt.arch_id = \"0xA064\""));
    ttx_free(mlir);
    ttx_module_free(m);
    m = ttx_module_load(cx, k, strlen(k), "add.ttir");
    char *c = ttx_module_compile(m, "c", "smt-arch=k1", NULL);
    assert_non_null(c);
    ttx_free(c);
    ttx_module_free(m);
    m = ttx_module_load(cx, k, strlen(k), "add.ttir");
    assert_null(ttx_module_compile(m, "rvv", "smt-arch=k2", NULL));
    assert_non_null(strstr(ttx_diag_get(cx, 0)->message, "smt-arch=k2: the SpacemiT core is k1 or k3"));
    ttx_diag_clear(cx);
    assert_null(ttx_module_compile(m, "ktir", "smt-arch=k1", NULL));
    assert_non_null(strstr(ttx_diag_get(cx, 0)->message, "smt-arch applies to the c and rvv targets"));
    ttx_free(k);
    ttx_context_free(cx);
}

/* the riscv64 launcher's source, as the runtime embeds it */
static void test_riscv_launcher(void **state) {
    (void)state;
    const char *s = ttx_riscv_launcher_source();
    assert_non_null(s);
    assert_non_null(strstr(s, "void ttx_kernel(void *const *args, int gx, int gy, int gz, int px, int py, int pz);"));
    assert_non_null(strstr(s, "int main("));
}

/* an op the C target refuses: reported at the Python line, the TTIR as a note */
static void test_error_at_python_line(void **state) {
    (void)state;
    ttx_context *cx = ttx_context_new();
    char *k = kernel_with("tt.print \" x: \" {hex = false, isSigned = array<i32: 0>} : %xa : tensor<64x!tt.ptr<f32>> loc(#loc10)");
    ttx_module *m = ttx_module_load(cx, k, strlen(k), "add.ttir");
    assert_non_null(m);
    assert_null(ttx_module_compile(m, "c", NULL, NULL));
    assert_int_equal(ttx_diag_count(cx), 2);
    assert_int_equal(ttx_diag_error_count(cx), 1);
    const ttx_diag *e = ttx_diag_get(cx, 0), *n = ttx_diag_get(cx, 1);
    assert_int_equal(e->severity, TTX_SEV_ERROR);
    assert_string_equal(e->file, "/src/add.py");
    assert_int_equal(e->line, 14);
    assert_int_equal(e->col, 8);
    assert_string_equal(e->message, "the C target does not support 'tt.print' (printing pointers: the interpreter prints its own buffer numbers)");
    assert_int_equal(n->severity, TTX_SEV_NOTE);
    assert_string_equal(n->file, "add.ttir");
    assert_int_equal(n->line, 18);
    assert_int_equal(n->col, 5);
    assert_non_null(n->source_line);
    assert_non_null(strstr(n->source_line, "tt.print"));
    char *text = ttx_diag_format(cx);
    assert_non_null(strstr(text, "/src/add.py:14:8: error: the C target does not support 'tt.print' (printing pointers: the interpreter prints its own buffer numbers)\n"));
    assert_non_null(strstr(text, "add.ttir:18:5: note: in the Triton IR here\n    tt.print"));
    assert_non_null(strstr(text, "\n    ^\n"));
    ttx_free(text);
    ttx_diag_clear(cx);
    assert_int_equal(ttx_diag_count(cx), 0);
    ttx_free(k);
    ttx_context_free(cx);
}

/* "c-checked": the C with failure hooks and the sites' reports at the Python
 * line (a tl.device_assert here); plain "c" leaves the hooks undefined */
static void test_c_checked(void **state) {
    (void)state;
    ttx_context *cx = ttx_context_new();
    char *k = kernel_with("tt.assert %mask, \"in \\\"range\\\"\" : tensor<64xi1> loc(#loc10)");
    ttx_module *m = ttx_module_load(cx, k, strlen(k), "add.ttir");
    assert_non_null(m);
    char *c = ttx_module_compile(m, "c-checked", NULL, NULL);
    assert_non_null(c);
    assert_non_null(strstr(c, "#define TTX_ASSERT(site, k) ttx_fail_at(site, k, pidX, pidY, pidZ)\n"));
    assert_non_null(strstr(c, "TTX_ASSERT("));
    assert_non_null(strstr(c, "#define TTX_NSITES "));
    assert_non_null(strstr(c, "    \"/src/add.py:14:8: tt.assert: assertion failed\",\n"));
    assert_non_null(strstr(c, "    { 1, 64, 0, 0, 0, 0, 0, 0, 0 },\n"));
    assert_non_null(strstr(c, "    \": in \\\"range\\\"\",\n"));
    assert_non_null(strstr(c, "const char *ttx_failure(void)\n{"));
    assert_non_null(strstr(c, "void ttx_failure_clear(void)"));
    ttx_free(c);
    c = ttx_module_compile(m, "c", NULL, NULL);
    assert_non_null(c);
    assert_null(strstr(c, "ttx_failure"));
    assert_non_null(strstr(c, "#define TTX_ASSERT(site, k) ((void)0)"));
    ttx_free(c);
    assert_null(ttx_module_compile(m, "c-unchecked", NULL, NULL));
    ttx_free(k);
    ttx_context_free(cx);
}

/* in code inlined from Triton's own helpers, the user's call site */
static void test_callsite_in_triton(void **state) {
    (void)state;
    ttx_context *cx = ttx_context_new();
    char *k = kernel_with("tt.print \" x: \" {hex = false, isSigned = array<i32: 0>} : %xa : tensor<64x!tt.ptr<f32>> loc(#loc12)");
    ttx_module *m = ttx_module_load(cx, k, strlen(k), "add.ttir");
    assert_non_null(m);
    assert_null(ttx_module_compile(m, "c", NULL, NULL));
    const ttx_diag *e = ttx_diag_get(cx, 0);
    assert_non_null(e);
    assert_string_equal(e->file, "/src/add.py");
    assert_int_equal(e->line, 14);
    ttx_free(k);
    ttx_context_free(cx);
}

static void test_parse_error(void **state) {
    (void)state;
    ttx_context *cx = ttx_context_new();
    const char *bad = "module {\n  tt.func @f() {\n    %0 = arith.constant : i32\n    tt.return\n  }\n}\n";
    assert_null(ttx_module_load(cx, bad, strlen(bad), "bad.ttir"));
    assert_true(ttx_diag_error_count(cx) >= 1);
    const ttx_diag *e = ttx_diag_get(cx, 0);
    assert_string_equal(e->file, "bad.ttir");
    assert_int_equal(e->line, 3);
    assert_true(e->col > 0);
    assert_non_null(e->source_line);
    ttx_context_free(cx);
}

static void test_pipeline_and_emit(void **state) {
    (void)state;
    ttx_context *cx = ttx_context_new();
    char *k = kernel_with("");
    ttx_module *m = ttx_module_load(cx, k, strlen(k), "add.ttir");
    assert_non_null(m);
    assert_int_equal(ttx_module_run_pipeline(m, "builtin.module(canonicalize,cse)"), TTX_OK);
    char *t = ttx_module_emit(m, "mlir", NULL);
    assert_non_null(t);
    assert_non_null(strstr(t, "tt.func public @add_kernel"));
    ttx_free(t);
    assert_int_equal(ttx_module_run_pipeline(m, "no-such-pass"), TTX_ERROR);
    assert_int_equal(ttx_diag_error_count(cx), 1);
    assert_non_null(strstr(ttx_diag_get(cx, 0)->message, "no-such-pass"));
    ttx_diag_clear(cx);
    assert_null(ttx_module_emit(m, "llvm", NULL));
    assert_non_null(strstr(ttx_diag_get(cx, 0)->message, "unknown output 'llvm'"));
    ttx_diag_clear(cx);
    assert_int_equal(ttx_module_run_target_pipeline(m, "c", "grid=4"), TTX_ERROR);
    assert_non_null(strstr(ttx_diag_get(cx, 0)->message, "ktir target"));
    ttx_module_free(m);
    ttx_free(k);
    ttx_context_free(cx);
}

/* an atomic whose result is unused is a side effect: the C keeps it (a
 * read-modify-write of the runtime or the compiler's atomics) */
static void test_atomic_kept(void **state) {
    (void)state;
    ttx_context *cx = ttx_context_new();
    char *k = kernel_with("%h = tt.atomic_rmw fadd, acq_rel, gpu, %xa, %y, %mask : (tensor<64x!tt.ptr<f32>>, tensor<64xf32>, tensor<64xi1>) -> tensor<64xf32> loc(#loc10)");
    ttx_module *m = ttx_module_load(cx, k, strlen(k), "add.ttir");
    assert_non_null(m);
    char *c = ttx_module_compile(m, "c", NULL, NULL);
    assert_non_null(c);
    assert_non_null(strstr(c, "atomic"));
    ttx_free(c);
    ttx_module_free(m);
    ttx_free(k);
    ttx_context_free(cx);
}

/* two contexts compiling at once on two threads give the same C */
static void *compile_many(void *arg) {
    char **out = arg;
    ttx_context *cx = ttx_context_new();
    char *k = kernel_with("");
    for (int i = 0; i < 20; i++) {
        ttx_module *m = ttx_module_load(cx, k, strlen(k), "add.ttir");
        char *c = m ? ttx_module_compile(m, "c", NULL, NULL) : NULL;
        ttx_module_free(m);
        if (!c || (*out && strcmp(c, *out))) { ttx_free(c); ttx_free(*out); *out = NULL; break; }
        ttx_free(*out);
        *out = c;
    }
    ttx_free(k);
    ttx_context_free(cx);
    return NULL;
}

static void test_two_threads(void **state) {
    (void)state;
    char *a = NULL, *b = NULL;
    pthread_t ta, tb;
    assert_int_equal(pthread_create(&ta, NULL, compile_many, &a), 0);
    assert_int_equal(pthread_create(&tb, NULL, compile_many, &b), 0);
    pthread_join(ta, NULL);
    pthread_join(tb, NULL);
    assert_non_null(a);
    assert_non_null(b);
    assert_string_equal(a, b);
    ttx_free(a);
    ttx_free(b);
}

/* a KTIR kernel whose linalg.generic reads its loop indices (linalg.index):
 * tests/golden/softmax.linalg.ktir with the first generic's body adding its
 * column index */
static char *linalg_index_ktir(void) {
    FILE *f = fopen(TTX_SOFTMAX_KTIR, "rb");
    if (!f) return NULL;
    char *text = calloc(1, 1 << 16);
    size_t n = text ? fread(text, 1, (1 << 16) - 1, f) : 0;
    fclose(f);
    const char *body = "        %33 = arith.extf %arg5 : f16 to f32\n        linalg.yield %33 : f32\n";
    const char *with = "        %i = linalg.index 1 : index\n        %ii = arith.index_cast %i : index to i32\n"
                       "        %if = arith.sitofp %ii : i32 to f32\n        %33 = arith.extf %arg5 : f16 to f32\n"
                       "        %34 = arith.addf %33, %if : f32\n        linalg.yield %34 : f32\n";
    char *at = n ? strstr(text, body) : NULL;
    if (!at) { free(text); return NULL; }
    char *out = malloc(n + strlen(with) + 1);
    size_t pre = (size_t)(at - text);
    memcpy(out, text, pre);
    strcpy(out + pre, with);
    strcat(out, at + strlen(body));
    free(text);
    return out;
}

static void *compile_linalg_many(void *arg) {
    char **out = arg;
    char *k = linalg_index_ktir();
    ttx_context *cx = ttx_context_new();
    for (int i = 0; k && i < 30; i++) {
        ttx_module *m = ttx_module_load(cx, k, strlen(k), "softmax.ktir");
        char *c = m ? ttx_module_compile(m, "c", NULL, NULL) : NULL;
        ttx_module_free(m);
        if (!c || (*out && strcmp(c, *out))) { ttx_free(c); ttx_free(*out); *out = NULL; break; }
        ttx_free(*out);
        *out = c;
    }
    free(k);
    ttx_context_free(cx);
    return NULL;
}

/* two contexts writing C for a linalg.index kernel at once: each gives the C
 * one context alone gives (the loop indices linalg.index reads are kept in
 * each emitter's state, no longer in statics shared by all) */
static void test_two_threads_linalg(void **state) {
    (void)state;
    char *one = NULL, *a = NULL, *b = NULL;
    compile_linalg_many(&one);
    assert_non_null(one);
    assert_non_null(strstr(one, "(i32)((i64)i"));
    pthread_t ta, tb;
    assert_int_equal(pthread_create(&ta, NULL, compile_linalg_many, &a), 0);
    assert_int_equal(pthread_create(&tb, NULL, compile_linalg_many, &b), 0);
    pthread_join(ta, NULL);
    pthread_join(tb, NULL);
    assert_non_null(a);
    assert_non_null(b);
    assert_string_equal(a, one);
    assert_string_equal(b, one);
    ttx_free(one);
    ttx_free(a);
    ttx_free(b);
}

/* every program of a grid runs exactly once, with its coordinates */
static atomic_int seen[5 * 3 * 2];
static void program(const ttx_arg *args, int32_t gx, int32_t gy, int32_t gz, int32_t x, int32_t y, int32_t z) {
    (void)gz;
    int64_t base = args[0].i;
    atomic_fetch_add(&seen[x + gx * (y + gy * z)], (int)base);
}

static void test_pool(void **state) {
    (void)state;
    ttx_pool *p = ttx_pool_new(3);
    assert_non_null(p);
    assert_int_equal(ttx_pool_threads(p), 3);
    ttx_arg args[1] = { { .i = 1 } };
    for (int round = 0; round < 50; round++)
        assert_int_equal(ttx_pool_launch(p, program, args, 5, 3, 2), TTX_OK);
    for (int i = 0; i < 30; i++) assert_int_equal(atomic_load(&seen[i]), 50);
    assert_int_equal(ttx_pool_launch(p, program, args, 1, 1, 1), TTX_OK);
    assert_int_equal(atomic_load(&seen[0]), 51);
    assert_int_equal(ttx_pool_launch(p, program, args, 0, 4, 4), TTX_OK);
    assert_int_equal(ttx_pool_launch(p, program, args, -1, 1, 1), TTX_ERROR);
    ttx_pool_free(p);
}

/* a caller with a small stack (256 KiB): its share of the programs runs on
 * a thread of the pool's stack size, and every program still runs once */
static void *launch_from_small_stack(void *arg) {
    ttx_pool *p = arg;
    ttx_arg args[1] = { { .i = 2 } };
    for (int i = 0; i < 30; i++) atomic_store(&seen[i], 0);
    ttx_pool_launch(p, program, args, 5, 3, 2);
    ttx_pool_launch(p, program, args, 1, 1, 1);
    return NULL;
}

static void test_pool_small_caller_stack(void **state) {
    (void)state;
    ttx_pool *p = ttx_pool_new(2);
    pthread_attr_t at;
    pthread_t t;
    pthread_attr_init(&at);
    pthread_attr_setstacksize(&at, 256 << 10);
    assert_int_equal(pthread_create(&t, &at, launch_from_small_stack, p), 0);
    pthread_join(t, NULL);
    pthread_attr_destroy(&at);
    assert_int_equal(atomic_load(&seen[0]), 4);
    for (int i = 1; i < 30; i++) assert_int_equal(atomic_load(&seen[i]), 2);
    ttx_pool_free(p);
}

/* a one-program grid runs on the calling thread without waiting for the
 * pool: here while another thread's launch holds it (its programs wait, up
 * to 2 s, for the one-program launch to have run) */
static atomic_int single_ran, held_waited_out;
static void held_program(const ttx_arg *args, int32_t gx, int32_t gy, int32_t gz, int32_t x, int32_t y,
                         int32_t z) {
    (void)args; (void)gx; (void)gy; (void)gz; (void)x; (void)y; (void)z;
    for (int i = 0; i < 2000 && !atomic_load(&single_ran); i++) {
        struct timespec ms = { 0, 1000000 };
        nanosleep(&ms, NULL);
    }
    if (!atomic_load(&single_ran)) atomic_store(&held_waited_out, 1);
}
static void single_program(const ttx_arg *args, int32_t gx, int32_t gy, int32_t gz, int32_t x, int32_t y,
                           int32_t z) {
    (void)args;
    assert_true(gx == 1 && gy == 1 && gz == 1 && x == 0 && y == 0 && z == 0);
    atomic_store(&single_ran, 1);
}
static atomic_int held_started;
static void started_program(const ttx_arg *args, int32_t gx, int32_t gy, int32_t gz, int32_t x, int32_t y,
                            int32_t z) {
    atomic_store(&held_started, 1);
    held_program(args, gx, gy, gz, x, y, z);
}
static void *launch_held_started(void *arg) {
    ttx_arg args[1] = { { .i = 0 } };
    ttx_pool_launch(arg, started_program, args, 2, 1, 1);
    return NULL;
}

static void test_pool_single_program_inline(void **state) {
    (void)state;
    ttx_pool *p = ttx_pool_new(2);
    pthread_t t;
    assert_int_equal(pthread_create(&t, NULL, launch_held_started, p), 0);
    while (!atomic_load(&held_started)) sched_yield();
    ttx_arg args[1] = { { .i = 0 } };
    assert_int_equal(ttx_pool_launch(p, single_program, args, 1, 1, 1), TTX_OK);
    pthread_join(t, NULL);
    assert_int_equal(atomic_load(&single_ran), 1);
    assert_int_equal(atomic_load(&held_waited_out), 0);
    ttx_pool_free(p);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_version),
        cmocka_unit_test(test_compile_c),
        cmocka_unit_test(test_compile_ktir_rvv),
        cmocka_unit_test(test_smt_arch),
        cmocka_unit_test(test_riscv_launcher),
        cmocka_unit_test(test_error_at_python_line),
        cmocka_unit_test(test_c_checked),
        cmocka_unit_test(test_callsite_in_triton),
        cmocka_unit_test(test_parse_error),
        cmocka_unit_test(test_atomic_kept),
        cmocka_unit_test(test_pipeline_and_emit),
        cmocka_unit_test(test_two_threads),
        cmocka_unit_test(test_two_threads_linalg),
        cmocka_unit_test(test_pool),
        cmocka_unit_test(test_pool_small_caller_stack),
        cmocka_unit_test(test_pool_single_program_inline),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
