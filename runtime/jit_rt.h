/* jit_rt.h - the bulk routines the JIT's code calls (see jit.h for what
 * each computes).  They are compiled into ttxform by gcc, once per
 * instruction set (SSE2, AVX2, AVX-512) where the compiler allows it; the
 * first call picks the widest one the CPU has. */
#ifndef TTX_JIT_RT_H
#define TTX_JIT_RT_H

#include <stdint.h>

void jit_rt_copy(void *d, const void *s, long long bytes);
void jit_rt_drain(void);
void jit_rt_ptr_add(void **d, void *const *a, long long bytes, long long n);
void jit_rt_h2f(float *d, const unsigned short *h, long long n);
float jit_rt_copy_red(int op, float *d, const float *s, long long lo, long long hi, long long n, float other);
void jit_rt_store(void *d, const void *s, long long bytes);
void jit_rt_f32_bin(int op, float *d, const float *a, long long sa, const float *b, long long sb, long long n);
void jit_rt_f32_un(int op, float *d, const float *a, long long n);
float jit_rt_f32_red(int op, const float *a, long long n);
void jit_rt_f32_exp_sub(float *d, const float *a, float b, long long n);
float jit_rt_f32_exp_sum(float *d, const float *a, float b, long long n);
void jit_rt_f32_bin_store(int op, float *d, const float *a, const float *b, long long sb, long long n);
void jit_rt_f2h(unsigned short *d, const float *s, long long n);   /* jit_rt_f16.c */
void jit_rt_f16r(float *d, const float *s, long long n);
void jit_rt_f32_dot(float *restrict r, const float *restrict a, const float *restrict b, const float *restrict c, long long sc,
                    long long M, long long N, long long K);

/* jit_rt_atomic.c: the atomic primitives of the JIT's code (the names it
 * calls them by: ttx_at_OP_uW, targets/c/atomics.h), per word type */
#define JIT_RT_ATOMIC_TYPES(X) X(u8, uint8_t) X(u16, uint16_t) X(u32, uint32_t) X(u64, uint64_t)
#define JIT_RT_ATOMIC_DECL(N, T)                                  \
    T jit_rt_at_add_##N(T *p, T v, int mo);                       \
    T jit_rt_at_and_##N(T *p, T v, int mo);                       \
    T jit_rt_at_or_##N(T *p, T v, int mo);                        \
    T jit_rt_at_xor_##N(T *p, T v, int mo);                       \
    T jit_rt_at_xchg_##N(T *p, T v, int mo);                      \
    T jit_rt_at_load_##N(T *p, int mo);                           \
    int jit_rt_at_cas_##N(T *p, T *e, T v, int mo, int fmo);
JIT_RT_ATOMIC_TYPES(JIT_RT_ATOMIC_DECL)

/* which set the routines run with: "avx512", "avx2" or "generic" */
const char *jit_rt_isa(void);
/* for tests: run the routines with the named set from now on (NULL: the
 * widest the CPU has again); 0 when this build or this CPU lacks it.  Not
 * to be called while routines run on other threads. */
int jit_rt_use(const char *isa);

#endif
