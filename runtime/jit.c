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
#define LIBM(name, k) LIBM##k(name)
#define LIBM1(name) static double f_##name(double x) { return name(x); }
#define LIBM2(name) static double f_##name(double x, double y) { return name(x, y); }
#define LIBM3(name) static double f_##name(double x, double y, double z) { return name(x, y, z); }
#include "../targets/cgen/libm.def"
#undef LIBM
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
    { "ttx_rt_f2h", (void *)jit_rt_f2h }, { "ttx_rt_f16r", (void *)jit_rt_f16r },
#define LIBM(name, k) { #name, (void *)f_##name },
#include "../targets/cgen/libm.def"
#undef LIBM
    { "fmaf", (void *)f_fmaf }, { "memcpy", (void *)f_memcpy }, { "memmove", (void *)f_memmove },
    { "memset", (void *)f_memset }, { "printf", (void *)printf },
#define AT_SYMS(N, T)                                                                                                  \
    { "ttx_at_add_" #N, (void *)jit_rt_at_add_##N }, { "ttx_at_and_" #N, (void *)jit_rt_at_and_##N },                  \
    { "ttx_at_or_" #N, (void *)jit_rt_at_or_##N }, { "ttx_at_xor_" #N, (void *)jit_rt_at_xor_##N },                    \
    { "ttx_at_xchg_" #N, (void *)jit_rt_at_xchg_##N }, { "ttx_at_load_" #N, (void *)jit_rt_at_load_##N },              \
    { "ttx_at_cas_" #N, (void *)jit_rt_at_cas_##N },
    JIT_RT_ATOMIC_TYPES(AT_SYMS)
#undef AT_SYMS
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
