/* jit.h - C compiled in memory with libtcc.
 *
 * The code is compiled with -nostdlib: no libc, no libtcc1.a, nothing read
 * from disk, so it works the same in a static ttxform.  Every function the
 * code may call is given to tcc by address: the double libm functions the C
 * target declares (exp, log, sqrt, ...), memcpy/memmove/memset (tcc calls
 * them for struct copies), the bulk routines below and the caller's own
 * symbols.
 *
 * The bulk routines (the C target calls them when CEmitOpts.rt is set) are
 * compiled into ttxform (jit_rt.c), so they run at the speed of gcc's code; each
 * gives the same bits as the C target's own loop for the same op:
 *   void ttx_rt_copy(void *d, const void *s, long long bytes);
 *       memcpy; when a stream of the thread's row loads (up to four
 *       interleaved ones) took the same step twice, the row a step ahead is
 *       prefetched
 *   float ttx_rt_copy_red(int op, float *d, const float *s, long long lo,
 *                         long long hi, long long n, float other);
 *       a row load and the max (op 4) or min (op 5) of the row in one pass:
 *       d[lo .. hi) = s[lo .. hi) (as ttx_rt_copy), the rest of d[0 .. n)
 *       other, and the result ttx_rt_f32_red(op, d, n) gives
 *   void ttx_rt_store(void *d, const void *s, long long bytes);
 *       the same copy, with non-temporal stores for a long one
 *   void ttx_rt_ptr_add(void **d, void *const *a, long long bytes, long long n);
 *       d[i] = a[i] advanced by `bytes` (a tt.addptr of a pointer array
 *       and one offset, any pointee type)
 *   void ttx_rt_drain(void);
 *       finishes a row store the routines left pending (ttx_rt_f32_bin_store
 *       may, with AVX-512): the JIT's code calls it before any memory access
 *       of its own and at the end of a launch; the routines that read or
 *       write memory drain what they could see themselves
 *   void ttx_rt_f32_bin(int op, float *d, const float *a, long long sa,
 *                       const float *b, long long sb, long long n);
 *       d[i] = a[i*sa] OP b[i*sb], OP: 0 +, 1 -, 2 *, 3 /, 4 max, 5 min (arith.maxnumf,
 *       minnumf: fm_maxnumf, fm_minnumf of src/fmath.h)
 *   void ttx_rt_f32_un(int op, float *d, const float *a, long long n);
 *       d[i] = fm_expf(a[i]) for op 0 (fmath.h), 16 lanes at a time
 *   void ttx_rt_f32_exp_sub(float *d, const float *a, float b, long long n);
 *       d[i] = fm_expf(a[i] - b): a subtraction of one value fused into the exp
 *   float ttx_rt_f32_exp_sum(float *d, const float *a, float b, long long n);
 *       the same d, and its sum as ttx_rt_f32_red(0, d, n) gives: an add
 *       reduce of an exp's result computed with it
 *   void ttx_rt_f32_bin_store(int op, float *d, const float *a, const float *b,
 *                             long long sb, long long n);
 *       d[i] = a[i] OP b[i*sb] (as ttx_rt_f32_bin) written to memory as
 *       ttx_rt_store writes: an elementwise op fused into the store of its result
 *   float ttx_rt_f32_red(int op, const float *a, long long n);
 *       the reduce of tt.reduce's order (op 0 +, 4 max, 5 min): while
 *       n > 1, a[j] = a[j] OP a[j + m] for j < n - m, m = ceil(n / 2), and
 *       n = m; the result is a[0] (on a copy: a is not written)
 *   void ttx_rt_f32_dot(float *r, const float *a, const float *b,
 *                       const float *c, long long sc, long long M, long long N, long long K);
 *       r[M,N] = c + a[M,K] x b[K,N] (c[i] at c[i*sc]): each element adds
 *       its products in k order, in double, rounded to float after each */
#ifndef TTX_JIT_H
#define TTX_JIT_H

#include <stddef.h>

typedef struct Jit Jit;

typedef struct JitSym { const char *name; void *addr; } JitSym;

/* compile and relocate src; NULL with tcc's messages in err on failure */
Jit *jit_compile(const char *src, const JitSym *syms, int nsyms, char *err, size_t errlen);
/* the address of a global symbol of the compiled code, or NULL */
void *jit_symbol(Jit *j, const char *name);
/* frees the code: no function of it may run afterwards */
void jit_free(Jit *j);

#endif
