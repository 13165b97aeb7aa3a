/* jit.c - libtcc behind jit.h. */
#include "jit.h"
#include "jit_rt.h"

#include <libtcc.h>
#include <stdbool.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

struct Jit { TCCState *s; };

typedef struct ErrBuf { char *buf; size_t len, used; } ErrBuf;

static void on_error(void *opaque, const char *msg) {
    ErrBuf *e = opaque;
    if (!e->len || e->used + 1 >= e->len) return;
    int n = snprintf(e->buf + e->used, e->len - e->used, "%s%s", e->used ? "\n" : "", msg);
    if (n > 0) e->used += (size_t)n < e->len - e->used ? (size_t)n : e->len - e->used - 1;
}

/* libm through plain function pointers: the addresses of glibc's functions
 * (some are builtins or macros in <math.h>) */
static double f_exp(double x) { return exp(x); }
static double f_exp2(double x) { return exp2(x); }
static double f_expm1(double x) { return expm1(x); }
static double f_log(double x) { return log(x); }
static double f_log2(double x) { return log2(x); }
static double f_log10(double x) { return log10(x); }
static double f_log1p(double x) { return log1p(x); }
static double f_sqrt(double x) { return sqrt(x); }
static double f_sin(double x) { return sin(x); }
static double f_cos(double x) { return cos(x); }
static double f_tan(double x) { return tan(x); }
static double f_asin(double x) { return asin(x); }
static double f_acos(double x) { return acos(x); }
static double f_atan(double x) { return atan(x); }
static double f_sinh(double x) { return sinh(x); }
static double f_cosh(double x) { return cosh(x); }
static double f_tanh(double x) { return tanh(x); }
static double f_asinh(double x) { return asinh(x); }
static double f_acosh(double x) { return acosh(x); }
static double f_atanh(double x) { return atanh(x); }
static double f_erf(double x) { return erf(x); }
static double f_cbrt(double x) { return cbrt(x); }
static double f_ceil(double x) { return ceil(x); }
static double f_floor(double x) { return floor(x); }
static double f_round(double x) { return round(x); }
static double f_trunc(double x) { return trunc(x); }
static double f_fabs(double x) { return fabs(x); }
static double f_fmod(double x, double y) { return fmod(x, y); }
static double f_pow(double x, double y) { return pow(x, y); }
static double f_atan2(double x, double y) { return atan2(x, y); }
static double f_fmax(double x, double y) { return fmax(x, y); }
static double f_fmin(double x, double y) { return fmin(x, y); }
static double f_fma(double x, double y, double z) { return fma(x, y, z); }
static float f_fmaf(float x, float y, float z) { return fmaf(x, y, z); }
static void *f_memcpy(void *d, const void *s, size_t n) { return memcpy(d, s, n); }
static void *f_memmove(void *d, const void *s, size_t n) { return memmove(d, s, n); }
static void *f_memset(void *d, int c, size_t n) { return memset(d, c, n); }

static const JitSym builtin[] = {
    { "ttx_rt_copy", (void *)jit_rt_copy }, { "ttx_rt_drain", (void *)jit_rt_drain },
    { "ttx_rt_ptr_add", (void *)jit_rt_ptr_add }, { "ttx_rt_h2f", (void *)jit_rt_h2f }, { "ttx_rt_copy_red", (void *)jit_rt_copy_red }, { "ttx_rt_store", (void *)jit_rt_store }, { "ttx_rt_f32_dot", (void *)jit_rt_f32_dot },
    { "ttx_rt_f32_bin", (void *)jit_rt_f32_bin }, { "ttx_rt_f32_un", (void *)jit_rt_f32_un }, { "ttx_rt_f32_red", (void *)jit_rt_f32_red },
    { "ttx_rt_f32_exp_sub", (void *)jit_rt_f32_exp_sub },
    { "ttx_rt_f32_exp_sum", (void *)jit_rt_f32_exp_sum }, { "ttx_rt_f32_bin_store", (void *)jit_rt_f32_bin_store },
    { "exp", (void *)f_exp }, { "exp2", (void *)f_exp2 }, { "expm1", (void *)f_expm1 }, { "log", (void *)f_log },
    { "log2", (void *)f_log2 }, { "log10", (void *)f_log10 }, { "log1p", (void *)f_log1p }, { "sqrt", (void *)f_sqrt },
    { "sin", (void *)f_sin }, { "cos", (void *)f_cos }, { "tan", (void *)f_tan }, { "asin", (void *)f_asin },
    { "acos", (void *)f_acos }, { "atan", (void *)f_atan }, { "sinh", (void *)f_sinh }, { "cosh", (void *)f_cosh },
    { "tanh", (void *)f_tanh }, { "asinh", (void *)f_asinh }, { "acosh", (void *)f_acosh }, { "atanh", (void *)f_atanh },
    { "erf", (void *)f_erf }, { "cbrt", (void *)f_cbrt }, { "ceil", (void *)f_ceil }, { "floor", (void *)f_floor },
    { "round", (void *)f_round }, { "trunc", (void *)f_trunc }, { "fabs", (void *)f_fabs }, { "fmod", (void *)f_fmod },
    { "pow", (void *)f_pow }, { "atan2", (void *)f_atan2 }, { "fmax", (void *)f_fmax }, { "fmin", (void *)f_fmin },
    { "fma", (void *)f_fma }, { "fmaf", (void *)f_fmaf }, { "memcpy", (void *)f_memcpy }, { "memmove", (void *)f_memmove },
    { "memset", (void *)f_memset },
};

Jit *jit_compile(const char *src, const JitSym *syms, int nsyms, char *err, size_t errlen) {
    ErrBuf eb = { err, errlen, 0 };
    if (errlen) err[0] = 0;
    TCCState *s = tcc_new();
    if (!s) { snprintf(err, errlen, "cannot create a libtcc state"); return NULL; }
    tcc_set_error_func(s, &eb, on_error);
    tcc_set_options(s, "-nostdlib");
    tcc_set_output_type(s, TCC_OUTPUT_MEMORY);
    bool ok = tcc_compile_string(s, src) == 0;
    for (size_t i = 0; ok && i < sizeof builtin / sizeof *builtin; i++) tcc_add_symbol(s, builtin[i].name, builtin[i].addr);
    for (int i = 0; ok && i < nsyms; i++) tcc_add_symbol(s, syms[i].name, syms[i].addr);
    ok = ok && tcc_relocate(s, TCC_RELOCATE_AUTO) >= 0;
    if (!ok) {
        if (!eb.used) snprintf(err, errlen, "libtcc failed");
        tcc_delete(s);
        return NULL;
    }
    Jit *j = malloc(sizeof *j);
    if (!j) { tcc_delete(s); snprintf(err, errlen, "out of memory"); return NULL; }
    j->s = s;
    return j;
}

void *jit_symbol(Jit *j, const char *name) { return j ? tcc_get_symbol(j->s, name) : NULL; }

void jit_free(Jit *j) {
    if (!j) return;
    tcc_delete(j->s);
    free(j);
}
