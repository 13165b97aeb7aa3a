/* test_ir.c - interning of types, attributes and affine expressions;
 * integer wrapping and float rounding (src/ir.c). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "ir.h"
#include "registry.h"

/* exact comparison of doubles, with both values in the failure message */
#define assert_double_exact(a, b) do { \
        double a_ = (a), b_ = (b); \
        if (!(a_ == b_ && signbit(a_) == signbit(b_))) \
            fail_msg("%s == %.17g, expected %.17g", #a, a_, b_); \
    } while (0)

static int setup(void **state) { *state = ctx_new(); return *state ? 0 : -1; }
static int teardown(void **state) { ctx_free(*state); return 0; }

/* ---- strings -------------------------------------------------------- */
static void test_intern_strings(void **state) {
    Ctx *c = *state;
    const char *a = ctx_str(c, "hello");
    char buf[] = "hello";
    assert_ptr_equal(ctx_str(c, buf), a);
    assert_ptr_not_equal(ctx_str(c, buf), buf);
    assert_ptr_equal(ctx_intern(c, "hello world", 5), a);
    assert_ptr_not_equal(ctx_str(c, "hellO"), a);
    assert_string_equal(ctx_intern(c, "abcdef", 3), "abc");
    assert_null(ctx_str(c, NULL));
    /* the empty string is a string like any other */
    assert_ptr_equal(ctx_str(c, ""), ctx_intern(c, "xyz", 0));
}

/* ---- types ---------------------------------------------------------- */
static void test_type_int_interning(void **state) {
    Ctx *c = *state;
    Type *i32 = type_int(c, 32, SIGNLESS);
    assert_non_null(i32);
    assert_int_equal(i32->kind, T_INT);
    assert_int_equal(i32->i.width, 32);
    assert_int_equal(i32->i.sign, SIGNLESS);
    assert_ptr_equal(type_int(c, 32, SIGNLESS), i32);
    assert_ptr_not_equal(type_int(c, 32, SIGNED), i32);
    assert_ptr_not_equal(type_int(c, 32, UNSIGNED), i32);
    assert_ptr_not_equal(type_int(c, 32, SIGNED), type_int(c, 32, UNSIGNED));
    assert_ptr_not_equal(type_int(c, 16, SIGNLESS), i32);
    assert_ptr_not_equal(type_int(c, 1, SIGNLESS), type_int(c, 8, SIGNLESS));
    assert_ptr_equal(type_index(c), type_index(c));
    assert_ptr_not_equal(type_index(c), type_int(c, 64, SIGNLESS));
    assert_ptr_equal(type_none(c), type_none(c));
    assert_ptr_not_equal(type_none(c), type_index(c));
}

static void test_type_float_interning(void **state) {
    Ctx *c = *state;
    Type *f32 = type_float(c, "f32");
    assert_non_null(f32);
    assert_int_equal(f32->kind, T_FLOAT);
    assert_int_equal(type_float_width(f32), 32);
    assert_ptr_equal(type_float(c, "f32"), f32);
    char name[] = "f32";
    assert_ptr_equal(type_float(c, name), f32);
    Type *f16 = type_float(c, "f16"), *bf16 = type_float(c, "bf16");
    assert_non_null(f16);
    assert_non_null(bf16);
    assert_ptr_not_equal(f16, bf16);      /* same width, different format */
    assert_ptr_not_equal(f16, f32);
    assert_int_equal(type_float_width(bf16), 16);
    assert_int_equal(type_float_width(type_float(c, "f64")), 64);
    assert_int_equal(type_float_width(type_float(c, "f8E4M3FN")), 8);
    assert_ptr_not_equal(type_float(c, "f8E4M3FN"), type_float(c, "f8E5M2"));
    assert_null(type_float(c, "f17"));
    assert_null(type_float(c, "i32"));
    assert_null(type_float(c, ""));
    assert_true(type_is_float(f32));
    assert_false(type_is_float(type_int(c, 32, SIGNLESS)));
    assert_int_equal(type_float_width(type_int(c, 32, SIGNLESS)), 0);
}

static void test_type_tensor_interning(void **state) {
    Ctx *c = *state;
    Type *f32 = type_float(c, "f32"), *i8 = type_int(c, 8, SIGNLESS);
    int64_t d1[] = { 4, 8 };
    int64_t d2[] = { 4, 8 };
    Type *t = type_tensor(c, 2, d1, f32);
    assert_non_null(t);
    assert_int_equal(t->kind, T_TENSOR);
    assert_int_equal(t->sh.rank, 2);
    assert_ptr_equal(type_tensor(c, 2, d2, f32), t);   /* equal dims from another array */
    /* the type keeps its own copy of the dimensions */
    assert_ptr_not_equal(t->sh.dims, d1);
    d1[0] = 99;
    assert_int_equal(t->sh.dims[0], 4);
    assert_ptr_equal(type_tensor(c, 2, d2, f32), t);
    int64_t d3[] = { 8, 4 };
    assert_ptr_not_equal(type_tensor(c, 2, d3, f32), t);
    assert_ptr_not_equal(type_tensor(c, 2, d2, i8), t);
    assert_ptr_not_equal(type_tensor(c, 1, d2, f32), t);
    int64_t dyn[] = { DYN, 8 };
    Type *td = type_tensor(c, 2, dyn, f32);
    assert_ptr_not_equal(td, t);
    assert_ptr_equal(type_tensor(c, 2, dyn, f32), td);
    /* rank 0 and unranked */
    Type *t0 = type_tensor(c, 0, NULL, f32);
    assert_ptr_equal(type_tensor(c, 0, NULL, f32), t0);
    Type *tu = type_tensor(c, -1, NULL, f32);
    assert_ptr_equal(type_tensor(c, -1, NULL, f32), tu);
    assert_ptr_not_equal(t0, tu);
    /* tensor, memref and vector of the same shape are different types */
    assert_ptr_not_equal(type_shaped(c, T_MEMREF, 2, d2, f32, NULL, NULL), t);
    assert_ptr_not_equal(type_shaped(c, T_VECTOR, 2, d2, f32, NULL, NULL),
                         type_shaped(c, T_MEMREF, 2, d2, f32, NULL, NULL));
    assert_ptr_equal(type_shaped(c, T_TENSOR, 2, d2, f32, NULL, NULL), t);
    /* an encoding makes another type */
    Attr *enc = attr_opaque(c, "#blocked");
    Type *te = type_shaped(c, T_TENSOR, 2, d2, f32, enc, NULL);
    assert_ptr_not_equal(te, t);
    assert_ptr_equal(type_shaped(c, T_TENSOR, 2, d2, f32, attr_opaque(c, "#blocked"), NULL), te);
    /* queries */
    assert_true(type_is_shaped(t));
    assert_false(type_is_shaped(f32));
    assert_ptr_equal(type_elem(t), f32);
    assert_ptr_equal(type_elem(f32), f32);
    assert_int_equal(type_numel(t), 32);
    assert_int_equal(type_numel(t0), 1);
    assert_int_equal(type_numel(f32), 1);
    assert_int_equal(type_numel(td), -1);
    assert_int_equal(type_numel(tu), -1);
}

static void test_type_func_interning(void **state) {
    Ctx *c = *state;
    Type *i32 = type_int(c, 32, SIGNLESS), *f32 = type_float(c, "f32");
    Type *in1[] = { i32, f32 }, *in2[] = { i32, f32 };
    Type *out1[] = { f32 }, *out2[] = { f32 };
    Type *fn = type_func(c, 2, in1, 1, out1);
    assert_non_null(fn);
    assert_int_equal(fn->kind, T_FUNC);
    assert_ptr_equal(type_func(c, 2, in2, 1, out2), fn);
    assert_ptr_not_equal(fn->fn.in, in1);
    in1[0] = f32;                        /* the type owns a copy */
    assert_ptr_equal(fn->fn.in[0], i32);
    Type *sw[] = { f32, i32 };
    assert_ptr_not_equal(type_func(c, 2, sw, 1, out2), fn);
    assert_ptr_not_equal(type_func(c, 2, in2, 0, NULL), fn);
    assert_ptr_not_equal(type_func(c, 2, in2, 1, (Type *[]){ i32 }), fn);
    /* (i32) -> () and () -> (i32) */
    Type *a = type_func(c, 1, (Type *[]){ i32 }, 0, NULL);
    Type *b = type_func(c, 0, NULL, 1, (Type *[]){ i32 });
    assert_ptr_not_equal(a, b);
    assert_ptr_equal(type_func(c, 0, NULL, 0, NULL), type_func(c, 0, NULL, 0, NULL));
}

static void test_type_ptr_interning(void **state) {
    Ctx *c = *state;
    Type *f32 = type_float(c, "f32"), *f16 = type_float(c, "f16");
    Type *p = type_ptr(c, f32, 1);
    assert_non_null(p);
    assert_int_equal(p->kind, T_PTR);
    assert_ptr_equal(p->ptr.pointee, f32);
    assert_ptr_equal(type_ptr(c, f32, 1), p);
    assert_ptr_not_equal(type_ptr(c, f32, 3), p);
    assert_ptr_not_equal(type_ptr(c, f16, 1), p);
    Type *pp = type_ptr(c, p, 1);
    assert_ptr_equal(type_ptr(c, type_ptr(c, f32, 1), 1), pp);
    assert_ptr_not_equal(pp, p);
}

static void test_type_other_interning(void **state) {
    Ctx *c = *state;
    Type *i32 = type_int(c, 32, SIGNLESS), *f32 = type_float(c, "f32");
    assert_ptr_equal(type_complex(c, f32), type_complex(c, f32));
    assert_ptr_not_equal(type_complex(c, f32), type_complex(c, type_float(c, "f64")));
    Type *tu = type_tuple(c, 2, (Type *[]){ i32, f32 });
    assert_ptr_equal(type_tuple(c, 2, (Type *[]){ i32, f32 }), tu);
    assert_ptr_not_equal(type_tuple(c, 2, (Type *[]){ f32, i32 }), tu);
    Type *o = type_opaque(c, "!tt.foo", "<1>");
    char name[] = "!tt.foo", body[] = "<1>";
    assert_ptr_equal(type_opaque(c, name, body), o);
    assert_ptr_not_equal(type_opaque(c, "!tt.foo", "<2>"), o);
    assert_ptr_not_equal(type_opaque(c, "!tt.foo", NULL), o);
    assert_ptr_equal(type_opaque(c, "!tt.foo", NULL), type_opaque(c, "!tt.foo", NULL));
    assert_true(type_is_int(i32, 32));
    assert_true(type_is_int(i32, 0));
    assert_false(type_is_int(i32, 64));
    assert_false(type_is_int(f32, 0));
    assert_false(type_is_int(NULL, 0));
}

/* ---- integers ------------------------------------------------------- */
static void test_int_wrap(void **state) {
    (void)state;
    assert_int_equal(int_wrap(300, 8, SIGNLESS), 44);
    assert_int_equal(int_wrap(255, 8, SIGNLESS), -1);
    assert_int_equal(int_wrap(128, 8, SIGNLESS), -128);
    assert_int_equal(int_wrap(127, 8, SIGNLESS), 127);
    assert_int_equal(int_wrap(-129, 8, SIGNED), 127);
    assert_int_equal(int_wrap(255, 8, UNSIGNED), 255);
    assert_int_equal(int_wrap(256, 8, UNSIGNED), 0);
    assert_int_equal(int_wrap(-1, 8, UNSIGNED), 255);
    assert_int_equal(int_wrap(-1, 16, UNSIGNED), 65535);
    assert_int_equal(int_wrap(0x80000000LL, 32, SIGNLESS), INT32_MIN);
    assert_int_equal(int_wrap(0xFFFFFFFFLL, 32, UNSIGNED), 0xFFFFFFFFLL);
    assert_int_equal(int_wrap(-1, 63, UNSIGNED), INT64_MAX);
    assert_int_equal(int_wrap(1LL << 62, 63, SIGNLESS), INT64_MIN / 2);
    /* i1 holds 0 or 1 */
    assert_int_equal(int_wrap(1, 1, SIGNLESS), 1);
    assert_int_equal(int_wrap(2, 1, SIGNLESS), 0);
    assert_int_equal(int_wrap(3, 1, SIGNLESS), 1);
    assert_int_equal(int_wrap(-1, 1, SIGNLESS), 1);
    /* 64 bits and unknown widths are unchanged */
    assert_int_equal(int_wrap(INT64_MIN, 64, SIGNLESS), INT64_MIN);
    assert_int_equal(int_wrap(-5, 64, UNSIGNED), -5);
    assert_int_equal(int_wrap(12345, 0, SIGNLESS), 12345);
}

static void test_attr_int_wraps(void **state) {
    Ctx *c = *state;
    Type *i8 = type_int(c, 8, SIGNLESS), *ui8 = type_int(c, 8, UNSIGNED);
    Type *i1 = type_int(c, 1, SIGNLESS), *i32 = type_int(c, 32, SIGNLESS);
    Attr *a = attr_int(c, i8, 300);
    assert_int_equal(a->kind, A_INT);
    assert_ptr_equal(a->type, i8);
    assert_int_equal(a->i, 44);
    assert_ptr_equal(attr_int(c, i8, 44), a);
    assert_ptr_equal(attr_int(c, i8, 44 + 256 * 7), a);
    assert_int_equal(attr_int(c, i8, 200)->i, -56);
    assert_int_equal(attr_int(c, ui8, 200)->i, 200);
    assert_int_equal(attr_int(c, ui8, -1)->i, 255);
    assert_ptr_not_equal(attr_int(c, ui8, 44), a);     /* another type */
    assert_ptr_not_equal(attr_int(c, i32, 44), a);
    assert_int_equal(attr_int(c, i1, 1)->i, 1);
    assert_int_equal(attr_int(c, i1, 2)->i, 0);
    assert_int_equal(attr_int(c, i1, 3)->i, 1);
    assert_int_equal(attr_int(c, i1, -1)->i, 1);
    assert_ptr_equal(attr_int(c, i1, 3), attr_int(c, i1, 1));
    assert_int_equal(attr_int(c, type_index(c), INT64_MIN)->i, INT64_MIN);
    assert_int_equal(attr_int(c, NULL, 1LL << 40)->i, 1LL << 40);
    /* bool is its own kind */
    assert_ptr_equal(attr_bool(c, true), attr_bool(c, true));
    assert_ptr_not_equal(attr_bool(c, true), attr_bool(c, false));
    assert_ptr_not_equal(attr_bool(c, true), attr_int(c, i1, 1));
}

/* ---- floats --------------------------------------------------------- */
static void test_float_round_f16(void **state) {
    Ctx *c = *state;
    Type *f16 = type_float(c, "f16");
    assert_double_exact(float_round(f16, 0.1), 0.0999755859375);
    assert_double_exact(float_round(f16, 1.0), 1.0);
    assert_double_exact(float_round(f16, 1.0 + 0x1p-11), 1.0);          /* tie to even */
    assert_double_exact(float_round(f16, 1.0 + 3 * 0x1p-11), 1.0 + 0x1p-9);
    assert_double_exact(float_round(f16, 65504.0), 65504.0);            /* largest */
    assert_double_exact(float_round(f16, 65519.0), 65504.0);
    assert_true(isinf(float_round(f16, 65520.0)));                      /* rounds up past the largest */
    assert_true(float_round(f16, -1e6) < 0 && isinf(float_round(f16, -1e6)));
    assert_double_exact(float_round(f16, 0x1p-24), 0x1p-24);            /* smallest subnormal */
    assert_double_exact(float_round(f16, 3 * 0x1p-26), 0x1p-24);
    assert_double_exact(float_round(f16, 0x1p-25), 0.0);                /* tie to even: zero */
    assert_double_exact(float_round(f16, 2.0e-7), 3 * 0x1p-24);
    assert_double_exact(float_round(f16, -0.0), -0.0);
    assert_true(isnan(float_round(f16, NAN)));
    assert_true(isinf(float_round(f16, INFINITY)));
}

static void test_float_round_bf16_f32(void **state) {
    Ctx *c = *state;
    Type *bf16 = type_float(c, "bf16"), *f32 = type_float(c, "f32");
    assert_double_exact(float_round(bf16, 1.0 + 0x1p-9), 1.0);
    assert_double_exact(float_round(bf16, 1.0 + 0x1p-8), 1.0);          /* tie to even */
    assert_double_exact(float_round(bf16, 1.0 + 3 * 0x1p-8), 1.0 + 0x1p-6);
    assert_double_exact(float_round(bf16, 1.0 + 3 * 0x1p-9), 1.0 + 0x1p-7);
    assert_double_exact(float_round(bf16, 0.1), 0.10009765625);
    assert_double_exact(float_round(bf16, 257.0), 256.0);
    assert_double_exact(float_round(bf16, 3.0e38), ldexp(226.0, 120));     /* bf16 has f32's range */
    assert_true(isinf(float_round(bf16, 1.0e39)));
    assert_double_exact(float_round(f32, 0.1), (double)0.1f);
    assert_double_exact(float_round(f32, 0.1), 0.100000001490116119384765625);
    assert_double_exact(float_round(f32, 16777217.0), 16777216.0);
    assert_double_exact(float_round(f32, 1.5), 1.5);
    /* f64 and non-float types leave the value alone */
    assert_double_exact(float_round(type_float(c, "f64"), 0.1), 0.1);
    assert_double_exact(float_round(type_int(c, 32, SIGNLESS), 0.1), 0.1);
    assert_double_exact(float_round(NULL, 0.1), 0.1);
}

static void test_float_round_f8(void **state) {
    Ctx *c = *state;
    Type *e5m2 = type_float(c, "f8E5M2");
    Type *e4m3fn = type_float(c, "f8E4M3FN");
    assert_double_exact(float_round(e5m2, 0.1), 0.09375);
    assert_double_exact(float_round(e5m2, 57344.0), 57344.0);
    assert_true(isinf(float_round(e5m2, 65536.0)));
    assert_double_exact(float_round(e4m3fn, 448.0), 448.0);
    assert_double_exact(float_round(e4m3fn, 0.3), 0.3125);
    assert_double_exact(float_round(e4m3fn, 0x1p-9), 0x1p-9);          /* smallest subnormal */
}

/* f8E4M3 is IEEE-like: bias 7, largest finite 240, overflow to infinity */
static void test_float_round_f8e4m3_range(void **state) {
    Ctx *c = *state;
    Type *t = type_float(c, "f8E4M3");
    assert_double_exact(float_round(t, 240.0), 240.0);
    assert_double_exact(float_round(t, 247.0), 240.0);
    assert_true(isinf(float_round(t, 256.0)));
}

/* f8E4M3FN has no infinity: largest finite 448, overflow gives NaN */
static void test_float_round_f8e4m3fn_overflow(void **state) {
    Ctx *c = *state;
    Type *t = type_float(c, "f8E4M3FN");
    assert_double_exact(float_round(t, 448.0), 448.0);
    assert_double_exact(float_round(t, 460.0), 448.0);
    assert_true(isnan(float_round(t, 500.0)));
}

/* the FNUZ formats have bias 2^(e-1): one more binade below (smallest
 * subnormal 2^-10 for f8E4M3FNUZ, 2^-17 for f8E5M2FNUZ) */
static void test_float_round_f8_fnuz(void **state) {
    Ctx *c = *state;
    Type *e4m3fnuz = type_float(c, "f8E4M3FNUZ");
    Type *e5m2fnuz = type_float(c, "f8E5M2FNUZ");
    assert_double_exact(float_round(e4m3fnuz, 0x1p-10), 0x1p-10);
    assert_double_exact(float_round(e4m3fnuz, 0.3), 0.3125);
    assert_double_exact(float_round(e5m2fnuz, 0.1), 0.09375);
    assert_double_exact(float_round(e5m2fnuz, 0x1p-17), 0x1p-17);
}

static void test_attr_float_rounds(void **state) {
    Ctx *c = *state;
    Type *f16 = type_float(c, "f16"), *f32 = type_float(c, "f32"), *f64 = type_float(c, "f64");
    Attr *a = attr_float(c, f16, 0.1);
    assert_int_equal(a->kind, A_FLOAT);
    assert_double_exact(a->f, 0.0999755859375);
    assert_ptr_equal(attr_float(c, f16, 0.0999755859375), a);
    assert_ptr_equal(attr_float(c, f16, 0.09997), a);       /* rounds to the same f16 */
    assert_ptr_not_equal(attr_float(c, f32, 0.1), a);
    assert_double_exact(attr_float(c, f32, 0.1)->f, (double)0.1f);
    assert_double_exact(attr_float(c, f64, 0.1)->f, 0.1);
    /* +0 and -0 are different attributes */
    assert_ptr_not_equal(attr_float(c, f32, 0.0), attr_float(c, f32, -0.0));
    assert_ptr_equal(attr_float(c, f32, -0.0), attr_float(c, f32, -0.0));
    assert_ptr_equal(attr_float(c, f32, NAN), attr_float(c, f32, NAN));
}

/* ---- other attributes ----------------------------------------------- */
static void test_attr_simple_interning(void **state) {
    Ctx *c = *state;
    assert_ptr_equal(attr_unit(c), attr_unit(c));
    Attr *s = attr_string(c, "abc", 3);
    char buf[] = "abcdef";
    assert_ptr_equal(attr_string(c, buf, 3), s);
    assert_ptr_not_equal(s->str.s, buf);
    assert_int_equal(s->str.len, 3);
    assert_ptr_not_equal(attr_string(c, buf, 4), s);
    /* raw bytes, embedded NUL included */
    Attr *z1 = attr_string(c, "a\0b", 3), *z2 = attr_string(c, "a\0c", 3);
    assert_ptr_not_equal(z1, z2);
    assert_int_equal(z1->str.len, 3);
    assert_memory_equal(z1->str.s, "a\0b", 3);
    assert_ptr_not_equal(attr_string(c, "a", 1), z1);
    Type *i32 = type_int(c, 32, SIGNLESS);
    assert_ptr_equal(attr_type(c, i32), attr_type(c, i32));
    assert_ptr_not_equal(attr_type(c, i32), attr_type(c, type_index(c)));
    Attr *e[] = { attr_int(c, i32, 1), s };
    Attr *arr = attr_array(c, 2, e);
    assert_ptr_equal(attr_array(c, 2, (Attr *[]){ attr_int(c, i32, 1), attr_string(c, "abc", 3) }), arr);
    assert_ptr_not_equal(attr_array(c, 2, (Attr *[]){ s, attr_int(c, i32, 1) }), arr);
    assert_ptr_not_equal(attr_array(c, 1, e), arr);
    assert_ptr_equal(attr_array(c, 0, NULL), attr_array(c, 0, NULL));
    const char *n1[] = { ctx_str(c, "a"), ctx_str(c, "b") };
    assert_ptr_equal(attr_symref(c, 2, n1), attr_symref(c, 2, (const char *[]){ ctx_str(c, "a"), ctx_str(c, "b") }));
    assert_ptr_not_equal(attr_symref(c, 1, n1), attr_symref(c, 2, n1));
    assert_ptr_equal(attr_opaque(c, "#foo<1>"), attr_opaque(c, "#foo<1>"));
    assert_ptr_not_equal(attr_opaque(c, "#foo<1>"), attr_loc(c, "#foo<1>"));
}

static void test_attr_dict_sorted(void **state) {
    Ctx *c = *state;
    Type *i32 = type_int(c, 32, SIGNLESS);
    const char *a = ctx_str(c, "a"), *b = ctx_str(c, "b"), *cc = ctx_str(c, "c");
    Attr *v1 = attr_int(c, i32, 1), *v2 = attr_int(c, i32, 2), *v3 = attr_int(c, i32, 3);
    NamedAttr in1[] = { { b, v2 }, { cc, v3 }, { a, v1 } };
    NamedAttr in2[] = { { cc, v3 }, { a, v1 }, { b, v2 } };
    Attr *d1 = attr_dict(c, 3, in1);
    assert_int_equal(d1->kind, A_DICT);
    assert_int_equal(d1->dict.n, 3);
    assert_string_equal(d1->dict.ents[0].name, "a");
    assert_string_equal(d1->dict.ents[1].name, "b");
    assert_string_equal(d1->dict.ents[2].name, "c");
    assert_ptr_equal(d1->dict.ents[0].value, v1);
    assert_ptr_equal(d1->dict.ents[2].value, v3);
    assert_ptr_equal(attr_dict(c, 3, in2), d1);
    /* the input is not reordered */
    assert_ptr_equal(in1[0].name, b);
    assert_ptr_equal(in2[0].name, cc);
    assert_ptr_equal(dict_get(d1, "b"), v2);
    assert_null(dict_get(d1, "d"));
    assert_null(dict_get(v1, "a"));
    NamedAttr in3[] = { { a, v1 }, { b, v3 }, { cc, v3 } };
    assert_ptr_not_equal(attr_dict(c, 3, in3), d1);
    assert_ptr_not_equal(attr_dict(c, 2, in2), d1);
    assert_ptr_equal(attr_dict(c, 0, NULL), attr_dict(c, 0, NULL));
    assert_int_equal(attr_dict(c, 0, NULL)->dict.n, 0);
    /* names compare by bytes when sorting: upper case first */
    NamedAttr in4[] = { { ctx_str(c, "b"), v1 }, { ctx_str(c, "B"), v1 }, { ctx_str(c, "a_b"), v1 }, { ctx_str(c, "a"), v1 } };
    Attr *d4 = attr_dict(c, 4, in4);
    assert_string_equal(d4->dict.ents[0].name, "B");
    assert_string_equal(d4->dict.ents[1].name, "a");
    assert_string_equal(d4->dict.ents[2].name, "a_b");
    assert_string_equal(d4->dict.ents[3].name, "b");
}

static void test_attr_dense_splat(void **state) {
    Ctx *c = *state;
    Type *i32 = type_int(c, 32, SIGNLESS);
    int64_t dims[] = { 4 };
    Type *t = type_tensor(c, 1, dims, i32);
    Attr *one = attr_int(c, i32, 1), *two = attr_int(c, i32, 2);
    Attr *same[] = { one, one, one, one };
    Attr *d = attr_dense(c, t, 4, same);
    assert_int_equal(d->kind, A_DENSE);
    assert_true(d->dense.splat);
    assert_int_equal(d->dense.n, 1);
    assert_ptr_equal(d->dense.elts[0], one);
    assert_ptr_equal(d->type, t);
    assert_ptr_equal(attr_dense(c, t, 1, &one), d);
    Attr *mixed[] = { one, two, one, one };
    Attr *m = attr_dense(c, t, 4, mixed);
    assert_false(m->dense.splat);
    assert_int_equal(m->dense.n, 4);
    assert_ptr_equal(m->dense.elts[1], two);
    assert_ptr_equal(attr_dense(c, t, 4, (Attr *[]){ one, two, one, one }), m);
    assert_ptr_not_equal(attr_dense(c, t, 4, (Attr *[]){ two, one, one, one }), m);
    int64_t dims2[] = { 2, 2 };
    assert_ptr_not_equal(attr_dense(c, type_tensor(c, 2, dims2, i32), 4, mixed), m);
    Attr *e = attr_dense(c, type_tensor(c, 1, (int64_t[]){ 0 }, i32), 0, NULL);
    assert_false(e->dense.splat);
    assert_int_equal(e->dense.n, 0);
}

static void test_attr_dense_array(void **state) {
    Ctx *c = *state;
    Type *i32 = type_int(c, 32, SIGNLESS), *i64 = type_int(c, 64, SIGNLESS), *f32 = type_float(c, "f32");
    int64_t v[] = { 1, 2 };
    Attr *a = attr_dense_array(c, i32, 2, v, NULL);
    assert_int_equal(a->kind, A_DENSE_ARRAY);
    assert_ptr_equal(attr_dense_array(c, i32, 2, (int64_t[]){ 1, 2 }, NULL), a);
    assert_ptr_not_equal(attr_dense_array(c, i64, 2, v, NULL), a);
    assert_ptr_not_equal(attr_dense_array(c, i32, 2, (int64_t[]){ 2, 1 }, NULL), a);
    v[0] = 7;
    assert_int_equal(a->darr.i[0], 1);
    Attr *f = attr_dense_array(c, f32, 2, NULL, (double[]){ 1.0, 0.5 });
    assert_ptr_equal(attr_dense_array(c, f32, 2, NULL, (double[]){ 1.0, 0.5 }), f);
    assert_ptr_equal(attr_dense_array(c, i64, 0, NULL, NULL), attr_dense_array(c, i64, 0, NULL, NULL));
    assert_ptr_not_equal(attr_dense_array(c, i64, 0, NULL, NULL), attr_dense_array(c, f32, 0, NULL, NULL));
}

/* ---- affine expressions --------------------------------------------- */
static void test_ae_interning(void **state) {
    Ctx *c = *state;
    assert_ptr_equal(ae_dim(c, 0), ae_dim(c, 0));
    assert_ptr_not_equal(ae_dim(c, 0), ae_dim(c, 1));
    assert_ptr_not_equal(ae_dim(c, 0), ae_sym(c, 0));
    assert_ptr_not_equal(ae_dim(c, 0), ae_const(c, 0));
    assert_ptr_equal(ae_const(c, -3), ae_const(c, -3));
    assert_int_equal(ae_const(c, -3)->v, -3);
    AExpr *m = ae_bin(c, AE_MOD, ae_dim(c, 0), ae_const(c, 4));
    assert_int_equal(m->kind, AE_MOD);
    assert_ptr_equal(ae_bin(c, AE_MOD, ae_dim(c, 0), ae_const(c, 4)), m);
    assert_ptr_not_equal(ae_bin(c, AE_FLOORDIV, ae_dim(c, 0), ae_const(c, 4)), m);
    AExpr *r[] = { ae_dim(c, 1), ae_dim(c, 0) };
    Attr *map = attr_map(c, 2, 0, 2, r);
    assert_ptr_equal(attr_map(c, 2, 0, 2, (AExpr *[]){ ae_dim(c, 1), ae_dim(c, 0) }), map);
    assert_ptr_not_equal(attr_map(c, 2, 1, 2, r), map);
    assert_ptr_not_equal(attr_map(c, 3, 0, 2, r), map);
    bool eq[] = { false, true };
    Attr *set = attr_set(c, 2, 0, 2, r, eq);
    assert_ptr_equal(attr_set(c, 2, 0, 2, r, (bool[]){ false, true }), set);
    assert_ptr_not_equal(attr_set(c, 2, 0, 2, r, (bool[]){ true, true }), set);
}

static void test_ae_add(void **state) {
    Ctx *c = *state;
    AExpr *d0 = ae_dim(c, 0), *d1 = ae_dim(c, 1);
    AExpr *k2 = ae_const(c, 2), *k3 = ae_const(c, 3);
    assert_ptr_equal(ae_add(c, k2, k3), ae_const(c, 5));
    /* the constant goes to the right */
    AExpr *e = ae_add(c, k2, d0);
    assert_int_equal(e->kind, AE_ADD);
    assert_ptr_equal(e->l, d0);
    assert_ptr_equal(e->r, k2);
    assert_ptr_equal(ae_add(c, d0, k2), e);
    /* x + 0 == x, 0 + x == x */
    assert_ptr_equal(ae_add(c, d0, ae_const(c, 0)), d0);
    assert_ptr_equal(ae_add(c, ae_const(c, 0), d0), d0);
    /* (x + 2) + 3 == x + 5 */
    AExpr *x5 = ae_add(c, ae_add(c, d0, k2), k3);
    assert_int_equal(x5->kind, AE_ADD);
    assert_ptr_equal(x5->l, d0);
    assert_ptr_equal(x5->r, ae_const(c, 5));
    /* (x + 2) - 2 == x */
    assert_ptr_equal(ae_add(c, ae_add(c, d0, k2), ae_const(c, -2)), d0);
    /* (x + 2) + y == (x + y) + 2, as MLIR brings the constant out */
    AExpr *f = ae_add(c, ae_add(c, d0, k2), d1);
    assert_int_equal(f->kind, AE_ADD);
    assert_ptr_equal(f->r, k2);
    assert_ptr_equal(f->l, ae_add(c, d0, d1));
    assert_ptr_equal(f->l->l, d0);
    assert_ptr_equal(f->l->r, d1);
}

static void test_ae_mul(void **state) {
    Ctx *c = *state;
    AExpr *d0 = ae_dim(c, 0);
    assert_ptr_equal(ae_mul(c, ae_const(c, 3), ae_const(c, 4)), ae_const(c, 12));
    assert_ptr_equal(ae_mul(c, d0, ae_const(c, 1)), d0);
    assert_ptr_equal(ae_mul(c, ae_const(c, 1), d0), d0);
    assert_ptr_equal(ae_mul(c, d0, ae_const(c, 0)), ae_const(c, 0));
    AExpr *m = ae_mul(c, ae_const(c, 2), d0);
    assert_int_equal(m->kind, AE_MUL);
    assert_ptr_equal(m->l, d0);
    assert_ptr_equal(m->r, ae_const(c, 2));
    assert_ptr_equal(ae_mul(c, d0, ae_const(c, 2)), m);
    /* (x * 2) * 3 == x * 6 */
    assert_ptr_equal(ae_mul(c, m, ae_const(c, 3)), ae_mul(c, d0, ae_const(c, 6)));
    /* negation and subtraction */
    AExpr *n = ae_neg(c, d0);
    assert_ptr_equal(n, ae_mul(c, d0, ae_const(c, -1)));
    assert_ptr_equal(ae_neg(c, n), d0);
    assert_ptr_equal(ae_neg(c, ae_const(c, 4)), ae_const(c, -4));
    assert_ptr_equal(ae_sub(c, ae_const(c, 5), ae_const(c, 3)), ae_const(c, 2));
    assert_ptr_equal(ae_sub(c, d0, ae_const(c, 1)), ae_add(c, d0, ae_const(c, -1)));
    AExpr *s = ae_sub(c, d0, ae_dim(c, 1));
    assert_int_equal(s->kind, AE_ADD);
    assert_ptr_equal(s->l, d0);
    assert_ptr_equal(s->r, ae_mul(c, ae_dim(c, 1), ae_const(c, -1)));
    /* ae_bin dispatches */
    assert_ptr_equal(ae_bin(c, AE_ADD, ae_const(c, 2), d0), ae_add(c, d0, ae_const(c, 2)));
    assert_ptr_equal(ae_bin(c, AE_MUL, ae_const(c, 2), d0), m);
}

static void test_ae_div_mod(void **state) {
    Ctx *c = *state;
    AExpr *d0 = ae_dim(c, 0);
#define K(v) ae_const(c, v)
    assert_ptr_equal(ae_bin(c, AE_MOD, K(7), K(3)), K(1));
    assert_ptr_equal(ae_bin(c, AE_MOD, K(-7), K(3)), K(2));
    assert_ptr_equal(ae_bin(c, AE_FLOORDIV, K(7), K(2)), K(3));
    assert_ptr_equal(ae_bin(c, AE_FLOORDIV, K(-7), K(2)), K(-4));
    assert_ptr_equal(ae_bin(c, AE_CEILDIV, K(7), K(2)), K(4));
    assert_ptr_equal(ae_bin(c, AE_CEILDIV, K(-7), K(2)), K(-3));
    assert_ptr_equal(ae_bin(c, AE_CEILDIV, K(8), K(2)), K(4));
    assert_ptr_equal(ae_bin(c, AE_MOD, d0, K(1)), K(0));
    assert_ptr_equal(ae_bin(c, AE_FLOORDIV, d0, K(1)), d0);
    assert_ptr_equal(ae_bin(c, AE_CEILDIV, d0, K(1)), d0);
    AExpr *fd = ae_bin(c, AE_FLOORDIV, d0, K(4));
    assert_int_equal(fd->kind, AE_FLOORDIV);
    assert_ptr_equal(fd->l, d0);
    assert_ptr_equal(fd->r, K(4));
    /* division by zero is kept, not folded */
    AExpr *z = ae_bin(c, AE_MOD, K(5), K(0));
    assert_int_equal(z->kind, AE_MOD);
#undef K
}

/* MLIR's simplifyAdd/simplifyMul (ir.h: ae_bin "simplifies as MLIR
 * does"): when only one operand is symbolic, it goes to the right */
static void test_ae_symbol_to_the_right(void **state) {
    Ctx *c = *state;
    AExpr *d0 = ae_dim(c, 0), *s0 = ae_sym(c, 0);
    AExpr *a = ae_add(c, s0, d0);
    assert_int_equal(a->kind, AE_ADD);
    assert_ptr_equal(a->l, d0);
    assert_ptr_equal(a->r, s0);
    AExpr *m = ae_mul(c, s0, d0);
    assert_int_equal(m->kind, AE_MUL);
    assert_ptr_equal(m->l, d0);
    assert_ptr_equal(m->r, s0);
}

/* MLIR's simplifyAdd: c1 * x + c2 * x folds to x * (c1 + c2) */
static void test_ae_combine_like_terms(void **state) {
    Ctx *c = *state;
    AExpr *d0 = ae_dim(c, 0);
#define K(v) ae_const(c, v)
    assert_ptr_equal(ae_sub(c, d0, d0), K(0));
    assert_ptr_equal(ae_add(c, d0, d0), ae_mul(c, d0, K(2)));
    assert_ptr_equal(ae_add(c, ae_mul(c, d0, K(2)), ae_mul(c, d0, K(3))), ae_mul(c, d0, K(5)));
#undef K
}

/* MLIR's simplifyFloorDiv/CeilDiv/Mod: (x * 4) floordiv 2 == x * 2,
 * (x * 4) mod 2 == 0 */
static void test_ae_divide_multiples(void **state) {
    Ctx *c = *state;
    AExpr *d0 = ae_dim(c, 0);
#define K(v) ae_const(c, v)
    AExpr *x4 = ae_mul(c, d0, K(4));
    assert_ptr_equal(ae_bin(c, AE_FLOORDIV, x4, K(2)), ae_mul(c, d0, K(2)));
    assert_ptr_equal(ae_bin(c, AE_CEILDIV, x4, K(2)), ae_mul(c, d0, K(2)));
    assert_ptr_equal(ae_bin(c, AE_MOD, x4, K(2)), K(0));
#undef K
}

int main(void) {
    registry_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_intern_strings, setup, teardown),
        cmocka_unit_test_setup_teardown(test_type_int_interning, setup, teardown),
        cmocka_unit_test_setup_teardown(test_type_float_interning, setup, teardown),
        cmocka_unit_test_setup_teardown(test_type_tensor_interning, setup, teardown),
        cmocka_unit_test_setup_teardown(test_type_func_interning, setup, teardown),
        cmocka_unit_test_setup_teardown(test_type_ptr_interning, setup, teardown),
        cmocka_unit_test_setup_teardown(test_type_other_interning, setup, teardown),
        cmocka_unit_test(test_int_wrap),
        cmocka_unit_test_setup_teardown(test_attr_int_wraps, setup, teardown),
        cmocka_unit_test_setup_teardown(test_float_round_f16, setup, teardown),
        cmocka_unit_test_setup_teardown(test_float_round_bf16_f32, setup, teardown),
        cmocka_unit_test_setup_teardown(test_float_round_f8, setup, teardown),
        cmocka_unit_test_setup_teardown(test_float_round_f8e4m3_range, setup, teardown),
        cmocka_unit_test_setup_teardown(test_float_round_f8e4m3fn_overflow, setup, teardown),
        cmocka_unit_test_setup_teardown(test_float_round_f8_fnuz, setup, teardown),
        cmocka_unit_test_setup_teardown(test_attr_float_rounds, setup, teardown),
        cmocka_unit_test_setup_teardown(test_attr_simple_interning, setup, teardown),
        cmocka_unit_test_setup_teardown(test_attr_dict_sorted, setup, teardown),
        cmocka_unit_test_setup_teardown(test_attr_dense_splat, setup, teardown),
        cmocka_unit_test_setup_teardown(test_attr_dense_array, setup, teardown),
        cmocka_unit_test_setup_teardown(test_ae_interning, setup, teardown),
        cmocka_unit_test_setup_teardown(test_ae_add, setup, teardown),
        cmocka_unit_test_setup_teardown(test_ae_mul, setup, teardown),
        cmocka_unit_test_setup_teardown(test_ae_div_mod, setup, teardown),
        cmocka_unit_test_setup_teardown(test_ae_symbol_to_the_right, setup, teardown),
        cmocka_unit_test_setup_teardown(test_ae_combine_like_terms, setup, teardown),
        cmocka_unit_test_setup_teardown(test_ae_divide_multiples, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
