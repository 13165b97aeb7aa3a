/* test_parse_print.c - parsing text with parse_module and printing it back
 * with print_module (src/parse.c, src/print.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "diag.h"
#include "parse.h"
#include "print.h"
#include "registry.h"

/* parse src and print it; returns the malloc'd text, or NULL after a parse
 * error (then the first error's message is in *err when err is not NULL) */
static char *run_opts(const char *src, const PrintOpts *o, char **err) {
    Ctx *c = ctx_new();
    Diag d;
    diag_init(&d, stderr);
    d.capture = true;
    diag_set_source(&d, "t.mlir", src, strlen(src));
    Op *m = parse_module(c, "t.mlir", src, strlen(src), 1, &d);
    char *out = NULL;
    if (m && d.nerrors == 0) {
        size_t n = 0;
        FILE *f = open_memstream(&out, &n);
        assert_non_null(f);
        print_module(f, c, m, o);
        fclose(f);
    } else if (err) {
        *err = strdup(d.nrecs ? d.recs[0].msg : "(no message)");
    }
    diag_free(&d);
    ctx_free(c);
    return out;
}

/* print(parse(src)) must equal want */
static void check_print(const char *src, const char *want, bool generic) {
    PrintOpts o = { .generic = generic };
    char *err = NULL;
    char *out = run_opts(src, &o, &err);
    if (!out) {
        char msg[512];
        snprintf(msg, sizeof msg, "%s", err ? err : "?");
        free(err);
        fail_msg("parse error: %s\n  in: %s", msg, src);
    }
    if (strcmp(out, want)) {
        fprintf(stderr, "input:\n%s\nprinted:\n%s\nexpected:\n%s\n", src, out, want);
        free(out);
        fail_msg("output differs");
    }
    free(out);
}
#define CHECK(src, want) check_print(src, want, false)
#define CHECK_GENERIC(src, want) check_print(src, want, true)

/* one attribute `x = TEXT` on an op; returns how the printer spells it */
static void check_attr(const char *text, const char *want) {
    char src[1024], exp[1024];
    snprintf(src, sizeof src, "\"t.a\"() {x = %s} : () -> ()\n", text);
    /* affine maps and sets are printed through #map / #set aliases, as MLIR does */
    if (!strncmp(want, "affine_map<", 11))
        snprintf(exp, sizeof exp, "#map = %s\nmodule {\n  \"t.a\"() {x = #map} : () -> ()\n}\n", want);
    else if (!strncmp(want, "affine_set<", 11))
        snprintf(exp, sizeof exp, "#set = %s\nmodule {\n  \"t.a\"() {x = #set} : () -> ()\n}\n", want);
    else
        snprintf(exp, sizeof exp, "module {\n  \"t.a\"() {x = %s} : () -> ()\n}\n", want);
    check_print(src, exp, false);
}

/* parse must fail; the first error is at line:col and mentions `part` */
static void check_error(const char *src, int line, int col, const char *part) {
    Ctx *c = ctx_new();
    Diag d;
    diag_init(&d, stderr);
    d.capture = true;
    Op *m = parse_module(c, "t.mlir", src, strlen(src), 1, &d);
    bool ok = m == NULL && d.nerrors > 0 && d.nrecs > 0;
    int l = ok ? d.recs[0].loc.line : -1, k = ok ? d.recs[0].loc.col : -1;
    char msg[512] = "";
    if (ok) snprintf(msg, sizeof msg, "%s", d.recs[0].msg);
    char file[64] = "";
    if (ok && loc_file(d.recs[0].loc)) snprintf(file, sizeof file, "%s", loc_file(d.recs[0].loc));
    bool file_ok = !ok || strcmp(file, "t.mlir") == 0;
    diag_free(&d);
    ctx_free(c);
    if (!ok) fail_msg("expected a parse error for:\n%s", src);
    if (l != line || (col >= 0 && k != col) || (part && !strstr(msg, part)) || !file_ok)
        fail_msg("error at %s:%d:%d '%s', expected t.mlir:%d:%d mentioning '%s'", file, l, k, msg, line, col, part ? part : "");
}

/* ---- modules and SSA names ------------------------------------------ */
static void test_implicit_module(void **state) {
    (void)state;
    CHECK("", "module {\n}\n");
    CHECK("\"t.a\"() : () -> ()\n", "module {\n  \"t.a\"() : () -> ()\n}\n");
    CHECK("\"t.a\"() : () -> ()\n\"t.b\"() : () -> ()",
          "module {\n  \"t.a\"() : () -> ()\n  \"t.b\"() : () -> ()\n}\n");
    /* a lone module is the module; two are wrapped */
    CHECK("module {\n}\n", "module {\n}\n");
    CHECK("module {\n  \"t.a\"() : () -> ()\n}\n", "module {\n  \"t.a\"() : () -> ()\n}\n");
    CHECK("\"builtin.module\"() ({\n  \"t.a\"() : () -> ()\n}) : () -> ()\n",
          "module {\n  \"t.a\"() : () -> ()\n}\n");
    CHECK("module {\n}\nmodule {\n}\n", "module {\n  module {\n  }\n  module {\n  }\n}\n");
    CHECK("module @m attributes {t.x = 1 : i32} {\n  \"t.a\"() : () -> ()\n}\n",
          "module @m attributes {t.x = 1 : i32} {\n  \"t.a\"() : () -> ()\n}\n");
    /* comments and blank lines vanish */
    CHECK("// a comment\n\n\"t.a\"() : () -> () // trailing\n", "module {\n  \"t.a\"() : () -> ()\n}\n");
}

static void test_ssa_renaming(void **state) {
    (void)state;
    CHECK("%a = \"t.c\"() : () -> i32\n"
          "%long_name = \"t.d\"(%a) : (i32) -> i32\n"
          "\"t.e\"(%long_name, %a) : (i32, i32) -> ()\n",
          "module {\n"
          "  %0 = \"t.c\"() : () -> i32\n"
          "  %1 = \"t.d\"(%0) : (i32) -> i32\n"
          "  \"t.e\"(%1, %0) : (i32, i32) -> ()\n"
          "}\n");
    /* result groups, nested regions numbered after their parent region,
     * entry block arguments %argN, other block arguments numbered */
    CHECK("%a = \"t.a\"() : () -> i32\n"
          "%r:2 = \"t.two\"(%a) : (i32) -> (i32, f32)\n"
          "\"t.reg\"(%r#1) ({\n"
          "^bb0(%x: i32):\n"
          "  %q = \"t.in\"(%x, %r#0) : (i32, i32) -> i32\n"
          "  \"t.br\"(%q)[^bb1] : (i32) -> ()\n"
          "^bb1(%z: i32):\n"
          "  \"t.use\"(%z) : (i32) -> ()\n"
          "}) : (f32) -> ()\n"
          "%last = \"t.a\"() : () -> i32\n",
          "module {\n"
          "  %0 = \"t.a\"() : () -> i32\n"
          "  %1:2 = \"t.two\"(%0) : (i32) -> (i32, f32)\n"
          "  \"t.reg\"(%1#1) ({\n"
          "  ^bb0(%arg0: i32):\n"
          "    %3 = \"t.in\"(%arg0, %1#0) : (i32, i32) -> i32\n"
          "    \"t.br\"(%3)[^bb1] : (i32) -> ()\n"
          "  ^bb1(%4: i32):  // pred: ^bb0\n"
          "    \"t.use\"(%4) : (i32) -> ()\n"
          "  }) : (f32) -> ()\n"
          "  %2 = \"t.a\"() : () -> i32\n"
          "}\n");
    /* sibling functions both start at %arg0 and %0; a nested region's
     * arguments continue the count */
    CHECK("func.func @f(%a: i32) -> i32 {\n"
          "  %0 = \"t.x\"(%a) ({\n"
          "  ^bb0(%b: i32):\n"
          "    %1 = \"t.y\"(%b) : (i32) -> i32\n"
          "    \"t.yield\"(%1) : (i32) -> ()\n"
          "  }) : (i32) -> i32\n"
          "  return %0 : i32\n"
          "}\n"
          "func.func @g(%x: i32, %y: f32) {\n"
          "  \"t.z\"(%y) : (f32) -> ()\n"
          "  return\n"
          "}\n",
          "module {\n"
          "  func.func @f(%arg0: i32) -> i32 {\n"
          "    %0 = \"t.x\"(%arg0) ({\n"
          "    ^bb0(%arg1: i32):\n"
          "      %1 = \"t.y\"(%arg1) : (i32) -> i32\n"
          "      \"t.yield\"(%1) : (i32) -> ()\n"
          "    }) : (i32) -> i32\n"
          "    return %0 : i32\n"
          "  }\n"
          "  func.func @g(%arg0: i32, %arg1: f32) {\n"
          "    \"t.z\"(%arg1) : (f32) -> ()\n"
          "    return\n"
          "  }\n"
          "}\n");
    /* a forward reference in the module's graph region */
    CHECK("\"t.u\"(%later) : (i32) -> ()\n%later = \"t.d\"() : () -> i32\n",
          "module {\n  \"t.u\"(%0) : (i32) -> ()\n  %0 = \"t.d\"() : () -> i32\n}\n");
}

/* names that MLIR's arith.constant asks for, on ops built directly */
static void test_constant_names(void **state) {
    (void)state;
    Ctx *c = ctx_new();
    Op *m = module_new(c);
    Loc nl = {0};
    Type *i32 = type_int(c, 32, SIGNLESS), *i1 = type_int(c, 1, SIGNLESS);
    Type *idx = type_index(c), *f32 = type_float(c, "f32");
    struct { Type *t; Attr *v; } k[] = {
        { i32, attr_int(c, i32, 0) }, { i32, attr_int(c, i32, 0) }, { i32, attr_int(c, i32, -1) },
        { i1, attr_int(c, i1, 1) }, { idx, attr_int(c, idx, 5) }, { f32, attr_float(c, f32, 1.0) },
        { i32, attr_int(c, i32, 0) },
    };
    for (size_t i = 0; i < sizeof k / sizeof *k; i++) {
        Op *o = op_new(c, "arith.constant", 1, &k[i].t, 0, NULL, 0, nl);
        op_set_attr(c, o, "value", k[i].v);
        op_append(module_body(m), o);
    }
    char *out = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&out, &n);
    PrintOpts po = { .generic = false };
    print_module(f, c, m, &po);
    fclose(f);
    ctx_free(c);
    /* (in generic form MLIR numbers every value, so names are a custom-form matter) */
    const char *want =
        "module {\n"
        "  %c0_i32 = arith.constant 0 : i32\n"
        "  %c0_i32_0 = arith.constant 0 : i32\n"
        "  %c-1_i32 = arith.constant -1 : i32\n"
        "  %true = arith.constant true\n"
        "  %c5 = arith.constant 5 : index\n"
        "  %cst = arith.constant 1.000000e+00 : f32\n"
        "  %c0_i32_1 = arith.constant 0 : i32\n"
        "}\n";
    bool same = strcmp(out, want) == 0;
    if (!same) fprintf(stderr, "printed:\n%s\nexpected:\n%s\n", out, want);
    free(out);
    assert_true(same);
}

static void test_constant_names_parsed(void **state) {
    (void)state;
    CHECK("func.func @f(%a: i32) -> i32 {\n"
          "  %c = arith.constant 0 : i32\n"
          "  %d = arith.constant 0 : i32\n"
          "  %t = arith.constant true\n"
          "  %i = arith.constant 3 : index\n"
          "  %x = arith.constant 1.0 : f32\n"
          "  %n = arith.constant -1 : i32\n"
          "  %s = arith.addi %a, %c : i32\n"
          "  %u = arith.addi %s, %d : i32\n"
          "  return %u : i32\n"
          "}\n",
          "module {\n"
          "  func.func @f(%arg0: i32) -> i32 {\n"
          "    %c0_i32 = arith.constant 0 : i32\n"
          "    %c0_i32_0 = arith.constant 0 : i32\n"
          "    %true = arith.constant true\n"
          "    %c3 = arith.constant 3 : index\n"
          "    %cst = arith.constant 1.000000e+00 : f32\n"
          "    %c-1_i32 = arith.constant -1 : i32\n"
          "    %0 = arith.addi %arg0, %c0_i32 : i32\n"
          "    %1 = arith.addi %0, %c0_i32_0 : i32\n"
          "    return %1 : i32\n"
          "  }\n"
          "}\n");
    /* a name is unique across nested regions too */
    CHECK("func.func @f() {\n"
          "  %c = arith.constant 0 : i32\n"
          "  \"t.r\"() ({\n"
          "    %d = arith.constant 0 : i32\n"
          "    \"t.u\"(%c, %d) : (i32, i32) -> ()\n"
          "  }) : () -> ()\n"
          "  return\n"
          "}\n",
          "module {\n"
          "  func.func @f() {\n"
          "    %c0_i32 = arith.constant 0 : i32\n"
          "    \"t.r\"() ({\n"
          "      %c0_i32_0 = arith.constant 0 : i32\n"
          "      \"t.u\"(%c0_i32, %c0_i32_0) : (i32, i32) -> ()\n"
          "    }) : () -> ()\n"
          "    return\n"
          "  }\n"
          "}\n");
}

static void test_generic_round_trip(void **state) {
    (void)state;
    const char *src =
        "%a = \"t.c\"() : () -> i32\n"
        "%b = \"foo.bar\"(%a) {x = 1 : i32} : (i32) -> i32\n";
    CHECK(src,
          "module {\n"
          "  %0 = \"t.c\"() : () -> i32\n"
          "  %1 = \"foo.bar\"(%0) {x = 1 : i32} : (i32) -> i32\n"
          "}\n");
    CHECK_GENERIC(src,
          "\"builtin.module\"() ({\n"
          "  %0 = \"t.c\"() : () -> i32\n"
          "  %1 = \"foo.bar\"(%0) {x = 1 : i32} : (i32) -> i32\n"
          "}) : () -> ()\n");
    /* the generic output reads back to itself */
    const char *gen =
        "\"builtin.module\"() ({\n"
        "  %0 = \"t.c\"() : () -> i32\n"
        "  %1 = \"foo.bar\"(%0) {x = 1 : i32} : (i32) -> i32\n"
        "}) : () -> ()\n";
    CHECK_GENERIC(gen, gen);
    /* properties, attributes sorted, unit attributes, successors, regions */
    CHECK("%0 = \"t.c\"() : () -> i32\n"
          "\"t.p\"(%0) <{p = 2 : i64, a = \"s\"}> {z, b = [1, 2]} : (i32) -> ()\n",
          "module {\n"
          "  %0 = \"t.c\"() : () -> i32\n"
          "  \"t.p\"(%0) <{a = \"s\", p = 2 : i64}> {b = [1, 2], z} : (i32) -> ()\n"
          "}\n");
    CHECK("\"t.r\"() ({\n"
          "^bb0:\n"
          "  \"t.x\"() : () -> ()\n"
          "}, {\n"
          "  \"t.y\"()[^bb2] : () -> ()\n"
          "^bb2:\n"
          "  \"t.y\"()[^bb2] : () -> ()\n"
          "^bb3:\n"
          "  \"t.z\"() : () -> ()\n"
          "}) : () -> ()\n",
          "module {\n"
          "  \"t.r\"() ({\n"
          "    \"t.x\"() : () -> ()\n"
          "  }, {\n"
          "    \"t.y\"()[^bb1] : () -> ()\n"
          "  ^bb1:  // 2 preds: ^bb0, ^bb1\n"
          "    \"t.y\"()[^bb1] : () -> ()\n"
          "  ^bb2:  // no predecessors\n"
          "    \"t.z\"() : () -> ()\n"
          "  }) : () -> ()\n"
          "}\n");
    /* a block with no ops keeps its label */
    CHECK("\"t.r\"() ({\n^bb0:\n}) : () -> ()\n",
          "module {\n  \"t.r\"() ({\n  ^bb0:\n  }) : () -> ()\n}\n");
}

/* a region with no blocks, as MLIR prints external functions in generic
 * form, stays without blocks */
static void test_empty_region(void **state) {
    (void)state;
    CHECK("\"t.r\"() ({\n}) : () -> ()\n", "module {\n  \"t.r\"() ({\n  }) : () -> ()\n}\n");
    CHECK("\"func.func\"() <{function_type = () -> (), sym_name = \"ext\", sym_visibility = \"private\"}> ({\n}) : () -> ()\n",
          "module {\n  func.func private @ext()\n}\n");
}

static void test_custom_form_kept(void **state) {
    (void)state;
    CHECK("func.func @f(%a: i32, %b: i32) -> i32 {\n"
          "  %x = arith.addi %a, %b : i32\n"
          "  return %x : i32\n"
          "}\n",
          "module {\n"
          "  func.func @f(%arg0: i32, %arg1: i32) -> i32 {\n"
          "    %0 = arith.addi %arg0, %arg1 : i32\n"
          "    return %0 : i32\n"
          "  }\n"
          "}\n");
}

/* types built directly, printed with print_type_str */
static void check_type(Ctx *c, Type *t, const char *want) {
    char *s = print_type_str(c, t);
    bool same = strcmp(s, want) == 0;
    if (!same) fprintf(stderr, "printed '%s', expected '%s'\n", s, want);
    free(s);
    assert_true(same);
}

static void test_print_types(void **state) {
    (void)state;
    Ctx *c = ctx_new();
    Type *i32 = type_int(c, 32, SIGNLESS), *f32 = type_float(c, "f32");
    check_type(c, i32, "i32");
    check_type(c, type_int(c, 8, SIGNED), "si8");
    check_type(c, type_int(c, 16, UNSIGNED), "ui16");
    check_type(c, type_int(c, 1, SIGNLESS), "i1");
    check_type(c, type_index(c), "index");
    check_type(c, type_none(c), "none");
    check_type(c, type_float(c, "bf16"), "bf16");
    check_type(c, type_float(c, "f8E4M3FN"), "f8E4M3FN");
    check_type(c, type_tensor(c, 2, (int64_t[]){ 4, DYN }, f32), "tensor<4x?xf32>");
    check_type(c, type_tensor(c, 0, NULL, f32), "tensor<f32>");
    check_type(c, type_tensor(c, -1, NULL, f32), "tensor<*xf32>");
    check_type(c, type_shaped(c, T_MEMREF, 1, (int64_t[]){ 8 }, i32, NULL, NULL), "memref<8xi32>");
    check_type(c, type_shaped(c, T_VECTOR, 2, (int64_t[]){ 2, 4 }, f32, NULL, NULL), "vector<2x4xf32>");
    check_type(c, type_shaped(c, T_TENSOR, 1, (int64_t[]){ 8 }, f32, attr_opaque(c, "#blocked"), NULL),
               "tensor<8xf32, #blocked>");
    check_type(c, type_complex(c, f32), "complex<f32>");
    check_type(c, type_tuple(c, 2, (Type *[]){ i32, f32 }), "tuple<i32, f32>");
    check_type(c, type_tuple(c, 0, NULL), "tuple<>");
    check_type(c, type_ptr(c, f32, 1), "!tt.ptr<f32>");
    check_type(c, type_ptr(c, f32, 3), "!tt.ptr<f32, 3>");
    check_type(c, type_opaque(c, "!tt.foo", "<1, 2>"), "!tt.foo<1, 2>");
    check_type(c, type_func(c, 1, &i32, 1, &f32), "(i32) -> f32");
    check_type(c, type_func(c, 0, NULL, 0, NULL), "() -> ()");
    check_type(c, type_func(c, 2, (Type *[]){ i32, f32 }, 2, (Type *[]){ f32, i32 }), "(i32, f32) -> (f32, i32)");
    Type *fn = type_func(c, 0, NULL, 0, NULL);
    check_type(c, type_func(c, 1, &fn, 1, &fn), "(() -> ()) -> (() -> ())");
    ctx_free(c);
}

/* ---- attributes ----------------------------------------------------- */
static void test_attr_ints(void **state) {
    (void)state;
    check_attr("1 : i32", "1 : i32");
    check_attr("-5 : i64", "-5 : i64");
    check_attr("-128 : i8", "-128 : i8");
    check_attr("255 : i8", "-1 : i8");              /* signless keeps the bits */
    check_attr("0xFF : i8", "-1 : i8");
    check_attr("255 : ui8", "255 : ui8");
    check_attr("-3 : si8", "-3 : si8");
    check_attr("5 : index", "5 : index");
    check_attr("1 : i1", "true");
    check_attr("0 : i1", "false");
    check_attr("true", "true");
    CHECK("\"t.a\"() {x = unit} : () -> ()\n", "module {\n  \"t.a\"() {x} : () -> ()\n}\n");
    check_attr("[unit]", "[unit]");
    check_attr("@sym::@inner", "@sym::@inner");
    check_attr("i32", "i32");
    check_attr("tensor<4x?xf32>", "tensor<4x?xf32>");
    check_attr("[1 : i64, \"x\", unit, [], {}]", "[1, \"x\", unit, [], {}]");   /* i64 elided in arrays */
    check_attr("[2 : i32, 1.5 : f64, 2.5 : f32]", "[2 : i32, 1.500000e+00, 2.500000e+00 : f32]");
    check_attr("{b = 1 : i32, a, \"c d\" = 2 : i8}", "{a, b = 1 : i32, \"c d\" = 2 : i8}");
}

static void test_attr_int_range_errors(void **state) {
    (void)state;
    check_error("\"t.a\"() {x = 300 : i8} : () -> ()\n", 1, -1, "out of range");
    check_error("\"t.a\"() {x = 128 : si8} : () -> ()\n", 1, -1, "out of range");
    check_error("\"t.a\"() {x = 2 : i1} : () -> ()\n", 1, -1, "out of range");
    check_error("\"t.a\"() {x = -1 : ui8} : () -> ()\n", 1, -1, NULL);
    check_error("\"t.a\"() {x = 1.5 : i32} : () -> ()\n", 1, -1, NULL);
    check_error("\"t.a\"() {x, x} : () -> ()\n", 1, 13, "duplicate key 'x'");
}

/* MLIR reports an out-of-range integer at the literal */
static void test_attr_int_range_error_location(void **state) {
    (void)state;
    check_error("\"t.a\"() {x = 300 : i8} : () -> ()\n", 1, 14, "out of range");
    check_error("\"t.a\"() {\n  x = 128 : si8} : () -> ()\n", 2, 7, "out of range");
}

static void test_attr_floats(void **state) {
    (void)state;
    check_attr("1.0 : f32", "1.000000e+00 : f32");
    check_attr("0.1 : f32", "1.000000e-01 : f32");
    check_attr("0.1 : f64", "1.000000e-01 : f64");
    check_attr("-2.5 : f16", "-2.500000e+00 : f16");
    check_attr("1.0e-10 : f32", "1.000000e-10 : f32");
    check_attr("1.0e100 : f64", "1.000000e+100 : f64");
    check_attr("-0.0 : f32", "-0.000000e+00 : f32");
    check_attr("0.0 : f64", "0.000000e+00 : f64");
    /* rounded to the type first */
    check_attr("0.1 : f16", "9.997550e-02 : f16");
    check_attr("0.1 : bf16", "1.000980e-01 : bf16");
    check_attr("1.00390625 : bf16", "1.000000e+00 : bf16");
    /* values that need more digits than %e's six */
    check_attr("3.14159265 : f32", "3.14159274 : f32");
    check_attr("0.123456789 : f64", "0.123456789 : f64");
    check_attr("12345.678 : f64", "12345.678 : f64");
    check_attr("1.2345678901e-10 : f64", "1.2345678901E-10 : f64");
    check_attr("1.1 : f16", "1.099610e+00 : f16");
    /* no short decimal form: the bits, as MLIR prints them */
    check_attr("16777217.0 : f32", "0x4B800000 : f32");
    check_attr("123456789.0 : f32", "0x4CEB79A3 : f32");
    check_attr("0x7FC00000 : f32", "0x7FC00000 : f32");
    check_attr("0xFF800000 : f32", "0xFF800000 : f32");
    check_attr("0x7FF0000000000000 : f64", "0x7FF0000000000000 : f64");
    check_attr("0x3F800000 : f32", "1.000000e+00 : f32");
    check_attr("0x7C00 : f16", "0x7C00 : f16");
}

/* a literal without a type is i64 or f64 (MLIR's parseAttribute); at the
 * top of an attribute the type is printed, inside an array it is elided
 * unless the value had to be printed as bits */
static void test_attr_untyped_literals(void **state) {
    (void)state;
    check_attr("[1, 0.5, -2]", "[1, 5.000000e-01, -2]");
    check_attr("1", "1 : i64");
    check_attr("0.1", "1.000000e-01 : f64");
    check_attr("0x10", "16 : i64");
}

/* inside an array the f64 type is elided only when the value is printed
 * in decimal: bits alone would read back as an i64 */
static void test_attr_hex_float_in_array(void **state) {
    (void)state;
    check_attr("[0x7FF0000000000000 : f64]", "[0x7FF0000000000000 : f64]");
    check_attr("[1.0 : f64, 0xFFF0000000000000 : f64]", "[1.000000e+00, 0xFFF0000000000000 : f64]");
}

static void test_attr_strings(void **state) {
    (void)state;
    check_attr("\"plain\"", "\"plain\"");
    check_attr("\"a\\nb\"", "\"a\\0Ab\"");
    check_attr("\"q\\\"q\"", "\"q\\22q\"");
    check_attr("\"back\\\\slash\"", "\"back\\\\slash\"");
    check_attr("\"tab\\there\"", "\"tab\\09here\"");
    check_attr("\"\\01\\7f\\80\\FF\"", "\"\\01\\7F\\80\\FF\"");
    check_attr("\"\xC3\xA9\"", "\"\\C3\\A9\"");
    check_attr("\"\"", "\"\"");
}

static void test_attr_dense_array(void **state) {
    (void)state;
    check_attr("dense<1.0> : tensor<4xf32>", "dense<1.000000e+00> : tensor<4xf32>");
    check_attr("dense<[1.0, 1.0]> : tensor<2xf32>", "dense<1.000000e+00> : tensor<2xf32>");
    check_attr("dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>", "dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>");
    check_attr("dense<[[[1], [2]], [[3], [4]]]> : tensor<2x2x1xi8>", "dense<[[[1], [2]], [[3], [4]]]> : tensor<2x2x1xi8>");
    check_attr("dense<[1.0, 2.5]> : tensor<2xf32>", "dense<[1.000000e+00, 2.500000e+00]> : tensor<2xf32>");
    check_attr("dense<[true, false]> : tensor<2xi1>", "dense<[true, false]> : tensor<2xi1>");
    check_attr("dense<true> : tensor<4xi1>", "dense<true> : tensor<4xi1>");
    check_attr("dense<[-1, 2]> : tensor<2xi64>", "dense<[-1, 2]> : tensor<2xi64>");
    check_attr("dense<5> : tensor<i32>", "dense<5> : tensor<i32>");
    check_attr("dense<[]> : tensor<0xf32>", "dense<> : tensor<0xf32>");
    check_attr("array<i32: 1, 2>", "array<i32: 1, 2>");
    check_attr("array<i64>", "array<i64>");
    check_attr("array<i1: true, false>", "array<i1: true, false>");
    check_attr("array<f32: 1.0, 0.5>", "array<f32: 1.000000e+00, 5.000000e-01>");
}

static void test_attr_affine(void **state) {
    (void)state;
    check_attr("affine_map<(d0) -> (d0 - 1)>", "affine_map<(d0) -> (d0 - 1)>");
    check_attr("affine_map<(d0, d1) -> (d1, d0)>", "affine_map<(d0, d1) -> (d1, d0)>");
    check_attr("affine_map<(d0, d1)[s0] -> (d0 * 4 + d1 - s0, d0 mod 2, (d0 + 1) floordiv 3)>",
               "affine_map<(d0, d1)[s0] -> (d0 * 4 + d1 - s0, d0 mod 2, (d0 + 1) floordiv 3)>");
    check_attr("affine_map<(d0) -> (2 + d0 + 3)>", "affine_map<(d0) -> (d0 + 5)>");
    check_attr("affine_map<(d0) -> ((d0 * 2) * 3)>", "affine_map<(d0) -> (d0 * 6)>");
    check_attr("affine_map<(d0, d1) -> (d0 - d1 * 3)>", "affine_map<(d0, d1) -> (d0 - d1 * 3)>");
    check_attr("affine_map<(d0, d1) -> (d1 - (d0 + 1))>", "affine_map<(d0, d1) -> (d1 - (d0 + 1))>");
    check_attr("affine_map<(d0, d1) -> (-(d0 + d1))>", "affine_map<(d0, d1) -> (-(d0 + d1))>");
    check_attr("affine_map<(d0, d1) -> (d0 * -2 + d1)>", "affine_map<(d0, d1) -> (d0 * -2 + d1)>");
    check_attr("affine_map<(d0) -> (d0 mod 1, d0 floordiv 1, 7 floordiv 2, -7 mod 3)>",
               "affine_map<(d0) -> (0, d0, 3, 2)>");
    check_attr("affine_map<(d0) -> (d0 ceildiv 4)>", "affine_map<(d0) -> (d0 ceildiv 4)>");
    check_attr("affine_map<() -> ()>", "affine_map<() -> ()>");
    check_attr("affine_map<()[s0, s1] -> (s0, 0)>", "affine_map<()[s0, s1] -> (s0, 0)>");
    check_attr("affine_set<(d0) : (d0 - 3 >= 0, -d0 + 127 >= 0)>",
               "affine_set<(d0) : (d0 - 3 >= 0, -d0 + 127 >= 0)>");
    check_attr("affine_set<(d0, d1)[s0] : (d0 - s0 == 0, d1 >= 0)>",
               "affine_set<(d0, d1)[s0] : (d0 - s0 == 0, d1 >= 0)>");
    check_attr("affine_set<() : (0 == 0)>", "affine_set<() : (0 == 0)>");
}

/* MLIR simplifies while parsing (AffineExpr operator+ and friends): a
 * symbol goes right of a dimension, like terms combine, multiples divide */
static void test_attr_affine_simplified_like_mlir(void **state) {
    (void)state;
    check_attr("affine_map<(d0)[s0] -> (s0 + d0)>", "affine_map<(d0)[s0] -> (d0 + s0)>");
    check_attr("affine_map<(d0)[s0] -> (s0 * d0)>", "affine_map<(d0)[s0] -> (d0 * s0)>");
    check_attr("affine_map<(d0) -> (d0 - d0)>", "affine_map<(d0) -> (0)>");
    check_attr("affine_map<(d0) -> (d0 + d0)>", "affine_map<(d0) -> (d0 * 2)>");
    check_attr("affine_map<(d0) -> (d0 * 2 + d0 * 3)>", "affine_map<(d0) -> (d0 * 5)>");
    check_attr("affine_map<(d0) -> ((d0 * 4) floordiv 2)>", "affine_map<(d0) -> (d0 * 2)>");
    check_attr("affine_map<(d0) -> ((d0 * 4) mod 2)>", "affine_map<(d0) -> (0)>");
}

static void test_aliases(void **state) {
    (void)state;
    CHECK("#map = affine_map<(d0) -> (d0 + 1)>\n"
          "\"t.a\"() {m = #map, n = affine_map<(d0) -> (d0 + 1)>} : () -> ()\n",
          "#map = affine_map<(d0) -> (d0 + 1)>\n"
          "module {\n"
          "  \"t.a\"() {m = #map, n = #map} : () -> ()\n"
          "}\n");
}

/* parse_attr_str/parse_type_str read a lone attribute or type; what they
 * return prints as itself, and the context gains no alias from it */
static void test_parse_attr_str_no_alias(void **state) {
    (void)state;
    Ctx *c = ctx_new();
    Attr *a = parse_attr_str(c, "1 : i32");
    assert_non_null(a);
    assert_ptr_equal(a, attr_int(c, type_int(c, 32, SIGNLESS), 1));
    Type *t = parse_type_str(c, "tensor<4xf32>");
    assert_non_null(t);
    char *as = print_attr_str(c, a), *ts = print_type_str(c, t);
    Op *m = module_new(c);
    char *out = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&out, &n);
    PrintOpts po = {0};
    print_module(f, c, m, &po);
    fclose(f);
    bool aok = strcmp(as, "1 : i32") == 0, tok = strcmp(ts, "tensor<4xf32>") == 0;
    bool mok = strcmp(out, "module {\n}\n") == 0;
    char msg[512];
    snprintf(msg, sizeof msg, "attr '%s', type '%s', module '%s'", as, ts, out);
    free(as); free(ts); free(out);
    ctx_free(c);
    if (!aok || !tok || !mok) fail_msg("%s", msg);
}

/* ---- errors --------------------------------------------------------- */
static void test_error_undefined_value(void **state) {
    (void)state;
    check_error("\"t.a\"() : () -> ()\n  \"t.b\"(%zz) : (i32) -> ()\n", 2, 9, "%zz");
    /* a value defined inside a region is not visible after it */
    check_error("\"t.a\"() ({\n  %x = \"t.b\"() : () -> i32\n}) : () -> ()\n\"t.c\"(%x) : (i32) -> ()\n",
                4, 7, "%x");
    check_error("%0:2 = \"t.a\"() : () -> (i32, i32)\n\"t.b\"(%0#2) : (i32) -> ()\n", 2, 7, "%0");
    check_error("\"t.r\"() ({\n  \"t.br\"()[^bb9] : () -> ()\n}) : () -> ()\n", 2, 12, "^bb9");
}

static void test_error_redefinition(void **state) {
    (void)state;
    check_error("%0 = \"t.a\"() : () -> i32\n%0 = \"t.a\"() : () -> i32\n", 2, 1, "redefinition");
    check_error("func.func @f(%a: i32) {\n  %a = \"t.a\"() : () -> i32\n  return\n}\n", 2, 3, "redefinition");
}

static void test_error_type_mismatch(void **state) {
    (void)state;
    check_error("%0 = \"t.a\"() : () -> i32\n\"t.b\"(%0) : (f32) -> ()\n", 2, 7, "expects different type");
}

/* MLIR reports a forward reference of the wrong type at the definition:
 * "definition of SSA value '%0#0' has type 'i32'" */
static void test_error_forward_ref_type(void **state) {
    (void)state;
    check_error("\"t.b\"(%0) : (f32) -> ()\n%0 = \"t.a\"() : () -> i32\n", 2, 1, "definition of SSA value");
}

static void test_error_braces(void **state) {
    (void)state;
    check_error("func.func @f() {\n  \"t.a\"() : () -> ()\n", 3, 1, NULL);
    check_error("func.func @f() {\n  \"t.a\"() : () -> ()\n}\n}\n", 4, 1, "'}'");
    check_error("\"t.a\"() ({\n  \"t.b\"() : () -> ()\n : () -> ()\n", 3, 2, NULL);
    check_error("\"t.a\"() {x = [1, 2} : () -> ()\n", 1, 19, NULL);
    check_error("\"t.a\"() {x = \"open} : () -> ()\n", 1, 14, "unterminated string");
}

int main(void) {
    registry_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_implicit_module),
        cmocka_unit_test(test_ssa_renaming),
        cmocka_unit_test(test_constant_names),
        cmocka_unit_test(test_constant_names_parsed),
        cmocka_unit_test(test_generic_round_trip),
        cmocka_unit_test(test_empty_region),
        cmocka_unit_test(test_custom_form_kept),
        cmocka_unit_test(test_print_types),
        cmocka_unit_test(test_attr_ints),
        cmocka_unit_test(test_attr_int_range_errors),
        cmocka_unit_test(test_attr_int_range_error_location),
        cmocka_unit_test(test_attr_floats),
        cmocka_unit_test(test_attr_untyped_literals),
        cmocka_unit_test(test_attr_hex_float_in_array),
        cmocka_unit_test(test_attr_strings),
        cmocka_unit_test(test_attr_dense_array),
        cmocka_unit_test(test_attr_affine),
        cmocka_unit_test(test_attr_affine_simplified_like_mlir),
        cmocka_unit_test(test_aliases),
        cmocka_unit_test(test_parse_attr_str_no_alias),
        cmocka_unit_test(test_error_undefined_value),
        cmocka_unit_test(test_error_redefinition),
        cmocka_unit_test(test_error_type_mismatch),
        cmocka_unit_test(test_error_forward_ref_type),
        cmocka_unit_test(test_error_braces),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
