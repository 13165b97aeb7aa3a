/* smt_kernels.c - the micro-kernels of xsmt.mmt4d on SpacemiT micro tiles
 * (../shared/spec/spine-triton.md 1.6), as the rvv target writes them into
 * its output when a kernel has such an mmt4d (targets/rvv/smt.c).
 *
 * Not compiled into ttxform: the build embeds this file as a string
 * (runtime/riscv/embed.py) and the rvv target copies it after its prelude.
 * The packed layouts are those of spine-triton.md 1.5:
 *   A  [MB][KB][mb][kb]   row-major micro tiles of A
 *   Bn [KB][NB][kb][nb]   B packed as xsmt.pack writes it (before tt.trans)
 *   Bt [NB][KB][nb][kb]   B as xsmt.mmt4d takes it (each tile is B transposed)
 *   C  [MB][NB][mb][nb]   the f32 sums, which the caller rounds to the result
 *                         (f16: ttx_smt_round_f16)
 * and each element of C is summed over k1, then k0, from 0, one f32 rounding
 * per step (a fused multiply-add; an f16 product is exact in f32): the
 * order and the roundings of the reference interpreter.
 * With ldc > 0 (a plain tt.dot, targets/rvv/smt_dot.c) C is instead the
 * row-major M x N matrix (f32; i32 for int8), rows ldc elements apart, and
 * each element's sum starts from C's value there (the dot's accumulator)
 * and replaces it: again one rounding per step in k order, as the
 * interpreter's tt.dot.
 *
 * ttx_smt_rvv_f32 / ttx_smt_rvv_f16: RVV 1.0, VLEN-agnostic.  Rows of a
 * micro tile are blocked by 8 (8 accumulators of nb lanes, strip-mined by
 * vsetvl at LMUL 2), each step a vfmacc.vf (f32) or vfwmacc.vf (f16 to f32)
 * of one element of A and one row of Bn.
 *
 * ttx_smt_ime_f16 (with TTX_SMT_HW defined): the K3 A100 matrix unit, for
 * the K3 f16 micro tile (kb = 8; mb, nb multiples of 8): each 8x8 block of
 * C is one vfwmadot accumulator pair (v16, v17) chained over k1, its A and
 * Bt tiles one register each (VLEN 1024: 64 f16), the instruction written
 * with `.insn r` (custom-1 0x2b, funct3 4, funct7 0x4f; spine-triton.md
 * 2.3) as no stock assembler knows it.  With TTX_SMT_IME_REF also defined,
 * ttx_ime_vfwmadot, a C function with the instruction's semantics (2.2),
 * stands in for the instruction on the same data (memory images of the
 * registers), so the path runs under qemu-riscv64, which has no IME.
 *
 * int8 (i8 x i8 -> i32, the sums wrapping within 32 bits as the IME
 * accumulator does, 2.2):
 * ttx_smt_rvv_i8: RVV 1.0, VLEN-agnostic: per row of A and strip of nb
 *   lanes an i32 accumulator (LMUL 2), each step a vwmacc.vx of A's element
 *   and the row of Bn sign-extended to i16 (vsext.vf2).
 * ttx_smt_ime_i8 (TTX_SMT_HW): the vmadot instruction (signed x signed;
 *   custom-1 0x2b, funct3 3, funct7 0x71) on the core's int8 tile M x K x N
 *   (K1 A60, VLEN 256: 4 x 8 x 4; K3 A100, VLEN 1024: 8 x 16 x 8; A and Bt
 *   one register each at e8, C the i32 pair v16, v17), each M x N block of C
 *   chained over k1; with TTX_SMT_IME_REF, ttx_ime_vmadot, its C model. */
#include <riscv_vector.h>
#include <stddef.h>

#define TTX_SMT_ROWS(X) X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7)
#define TTX_SMT_DECL(r) vfloat32m2_t c##r;
#define TTX_SMT_ZERO(r) c##r = __riscv_vfmv_v_f_f32m2(0.0f, vl);
#define TTX_SMT_LOAD(r) c##r = __riscv_vle32_v_f32m2(ct + (m0 + r) * ld + j, vl);
#define TTX_SMT_STORE(r) __riscv_vse32_v_f32m2(ct + (m0 + r) * ld + j, c##r, vl);

/* the whole mmt4d on C, B in the Bn layout; MACC(r) adds A's element of row
 * m0 + r at k0 times the row vb.  ldc 0: C packed, the sums from 0; else C
 * row-major with rows ldc apart, the sums from its values */
#define TTX_SMT_RVV(NAME, T, VB_T, LOADB, MACC1)                                                     \
static inline __attribute__((unused)) void NAME(const T *a, const T *b, float *c, long MB, long NB, long KB, long mb, long nb, long kb, \
                                                long ldc)                                             \
{                                                                                                     \
    const long ld = ldc ? ldc : nb;                                                                   \
    for (long m1 = 0; m1 < MB; m1++)                                                                  \
        for (long n1 = 0; n1 < NB; n1++) {                                                            \
            float *ct = ldc ? c + m1 * mb * ldc + n1 * nb : c + (m1 * NB + n1) * mb * nb;             \
            long m0 = 0;                                                                              \
            for (; m0 + 8 <= mb; m0 += 8)                                                             \
                for (long j = 0; j < nb;) {                                                           \
                    size_t vl = __riscv_vsetvl_e32m2((size_t)(nb - j));                               \
                    TTX_SMT_ROWS(TTX_SMT_DECL)                                                        \
                    if (ldc) {                                                                        \
                        TTX_SMT_ROWS(TTX_SMT_LOAD)                                                    \
                    } else {                                                                          \
                        TTX_SMT_ROWS(TTX_SMT_ZERO)                                                    \
                    }                                                                                 \
                    for (long k1 = 0; k1 < KB; k1++) {                                                \
                        const T *at = a + ((m1 * KB + k1) * mb + m0) * kb;                            \
                        const T *bt = b + (k1 * NB + n1) * kb * nb + j;                               \
                        for (long k0 = 0; k0 < kb; k0++) {                                            \
                            VB_T vb = LOADB(bt + k0 * nb, vl);                                        \
                            c0 = MACC1(c0, at[k0], vb, vl);                                           \
                            c1 = MACC1(c1, at[kb + k0], vb, vl);                                      \
                            c2 = MACC1(c2, at[2 * kb + k0], vb, vl);                                  \
                            c3 = MACC1(c3, at[3 * kb + k0], vb, vl);                                  \
                            c4 = MACC1(c4, at[4 * kb + k0], vb, vl);                                  \
                            c5 = MACC1(c5, at[5 * kb + k0], vb, vl);                                  \
                            c6 = MACC1(c6, at[6 * kb + k0], vb, vl);                                  \
                            c7 = MACC1(c7, at[7 * kb + k0], vb, vl);                                  \
                        }                                                                             \
                    }                                                                                 \
                    TTX_SMT_ROWS(TTX_SMT_STORE)                                                       \
                    j += (long)vl;                                                                    \
                }                                                                                     \
            for (; m0 < mb; m0++)                                                                     \
                for (long j = 0; j < nb;) {                                                           \
                    size_t vl = __riscv_vsetvl_e32m2((size_t)(nb - j));                               \
                    vfloat32m2_t c0 = ldc ? __riscv_vle32_v_f32m2(ct + m0 * ld + j, vl) : __riscv_vfmv_v_f_f32m2(0.0f, vl); \
                    for (long k1 = 0; k1 < KB; k1++) {                                                \
                        const T *at = a + ((m1 * KB + k1) * mb + m0) * kb;                            \
                        const T *bt = b + (k1 * NB + n1) * kb * nb + j;                               \
                        for (long k0 = 0; k0 < kb; k0++) c0 = MACC1(c0, at[k0], LOADB(bt + k0 * nb, vl), vl); \
                    }                                                                                 \
                    __riscv_vse32_v_f32m2(ct + m0 * ld + j, c0, vl);                                  \
                    j += (long)vl;                                                                    \
                }                                                                                     \
        }                                                                                             \
}

TTX_SMT_RVV(ttx_smt_rvv_f32, float, vfloat32m2_t, __riscv_vle32_v_f32m2, __riscv_vfmacc_vf_f32m2)
#if defined(__riscv_zvfh)
TTX_SMT_RVV(ttx_smt_rvv_f16, _Float16, vfloat16m1_t, __riscv_vle16_v_f16m1, __riscv_vfwmacc_vf_f32m2)

/* d[0..n) = s[0..n) rounded to f16 (to nearest even, vfncvt), as floats */
static inline __attribute__((unused)) void ttx_smt_round_f16(float *d, const float *s, long n)
{
    for (long i = 0; i < n;) {
        size_t vl = __riscv_vsetvl_e32m4((size_t)(n - i));
        vfloat16m2_t h = __riscv_vfncvt_f_f_w_f16m2(__riscv_vle32_v_f32m4(s + i, vl), vl);
        __riscv_vse32_v_f32m4(d + i, __riscv_vfwcvt_f_f_v_f32m4(h, vl), vl);
        i += (long)vl;
    }
}
#endif

#if defined(TTX_SMT_HW)
#if defined(TTX_SMT_IME_REF)
/* vfwmadot vd, vs1, vs2 on the A100 (VLEN 1024, M = N = K = 8): the f32
 * accumulator pair vd, vd + 1 (64 elements, row-major 8x8) plus A (vs1, 8x8
 * row-major f16) times B (vs2, 8x8 f16, row n holding column n of B):
 *   C[p] += sum_q A[(p / 8) * 8 + q] * Bt[(p % 8) * 8 + q], q = 0 .. 7 */
static inline __attribute__((unused)) void ttx_ime_vfwmadot(float *vd, const _Float16 *vs1, const _Float16 *vs2)
{
    for (int p = 0; p < 64; p++) {
        float s = vd[p];
        for (int q = 0; q < 8; q++) s += (float)vs1[(p / 8) * 8 + q] * (float)vs2[(p % 8) * 8 + q];
        vd[p] = s;
    }
}
#endif

/* acc (an 8x8 f32 block) += the n products of the A tiles a, a + as, ...
 * and the Bt tiles b, b + bs, ... (strides in elements) */
static inline __attribute__((unused)) void ttx_ime_f16_chain(float *acc, const _Float16 *a, long as, const _Float16 *b, long bs, long n)
{
#if defined(TTX_SMT_IME_REF)
    for (long i = 0; i < n; i++) ttx_ime_vfwmadot(acc, a + i * as, b + i * bs);
#else
    long vl = 64, ab = as * 2, bb = bs * 2;
    __asm__ volatile(
        "vsetvli zero, %[vl], e32, m2, ta, ma\n\t"
        "vle32.v v16, (%[c])\n\t"
        "vsetvli zero, %[vl], e16, m1, ta, ma\n\t"
        "1:\n\t"
        "vle16.v v0, (%[a])\n\t"
        "vle16.v v1, (%[b])\n\t"
        ".insn r 0x2b, 4, 0x4f, x16, x0, x1\n\t" /* vfwmadot v16, v0, v1 */
        "add %[a], %[a], %[ab]\n\t"
        "add %[b], %[b], %[bb]\n\t"
        "addi %[n], %[n], -1\n\t"
        "bnez %[n], 1b\n\t"
        "vsetvli zero, %[vl], e32, m2, ta, ma\n\t"
        "vse32.v v16, (%[c])\n\t"
        : [a] "+r"(a), [b] "+r"(b), [n] "+r"(n)
        : [c] "r"(acc), [ab] "r"(ab), [bb] "r"(bb), [vl] "r"(vl)
        : "v0", "v1", "v16", "v17", "memory");
#endif
}

/* the whole mmt4d on C, B in the Bt layout, kb = 8; ldc as in TTX_SMT_RVV
 * (0: C packed, from 0; else row-major, rows ldc apart, from its values) */
static inline __attribute__((unused)) void ttx_smt_ime_f16(const _Float16 *a, const _Float16 *b, float *c, long MB, long NB, long KB, long mb, long nb,
                                                           long ldc)
{
    const long ld = ldc ? ldc : nb;
    for (long m1 = 0; m1 < MB; m1++)
        for (long n1 = 0; n1 < NB; n1++)
            for (long i = 0; i < mb / 8; i++)
                for (long j = 0; j < nb / 8; j++) {
                    float acc[64] __attribute__((aligned(64)));
                    float *ct = (ldc ? c + m1 * mb * ldc + n1 * nb : c + (m1 * NB + n1) * mb * nb) + i * 8 * ld + j * 8;
                    for (int r = 0; r < 8; r++)
                        for (int s = 0; s < 8; s++) acc[r * 8 + s] = ldc ? ct[r * ld + s] : 0.0f;
                    ttx_ime_f16_chain(acc, a + (m1 * KB * mb + i * 8) * 8, mb * 8, b + (n1 * KB * nb + j * 8) * 8, nb * 8, KB);
                    for (int r = 0; r < 8; r++)
                        for (int s = 0; s < 8; s++) ct[r * ld + s] = acc[r * 8 + s];
                }
}
#endif

/* i8 A [MB][KB][mb][kb] times Bn [KB][NB][kb][nb] into the i32 C; ldc as
 * in TTX_SMT_RVV (0: C packed, from 0; else row-major, rows ldc apart,
 * from its values) */
static inline __attribute__((unused)) void ttx_smt_rvv_i8(const signed char *a, const signed char *b, int *c, long MB, long NB, long KB, long mb, long nb, long kb,
                                                          long ldc)
{
    const long ld = ldc ? ldc : nb;
    for (long m1 = 0; m1 < MB; m1++)
        for (long n1 = 0; n1 < NB; n1++) {
            int *ct = ldc ? c + m1 * mb * ldc + n1 * nb : c + (m1 * NB + n1) * mb * nb;
            for (long m0 = 0; m0 < mb; m0++)
                for (long j = 0; j < nb;) {
                    size_t vl = __riscv_vsetvl_e32m2((size_t)(nb - j));
                    vint32m2_t acc = ldc ? __riscv_vle32_v_i32m2(ct + m0 * ld + j, vl) : __riscv_vmv_v_x_i32m2(0, vl);
                    for (long k1 = 0; k1 < KB; k1++) {
                        const signed char *at = a + ((m1 * KB + k1) * mb + m0) * kb;
                        const signed char *bt = b + (k1 * NB + n1) * kb * nb + j;
                        for (long k0 = 0; k0 < kb; k0++) {
                            vint16m1_t vb = __riscv_vsext_vf2_i16m1(__riscv_vle8_v_i8mf2(bt + k0 * nb, vl), vl);
                            acc = __riscv_vwmacc_vx_i32m2(acc, (short)at[k0], vb, vl);
                        }
                    }
                    __riscv_vse32_v_i32m2(ct + m0 * ld + j, acc, vl);
                    j += (long)vl;
                }
        }
}

#if defined(TTX_SMT_HW)
#if defined(TTX_SMT_IME_REF)
/* vmadot vd, vs1, vs2 (signed x signed) on an M x K x N tile: the i32
 * accumulator pair vd, vd + 1 (M x N row-major) plus A (vs1, M x K
 * row-major) times B (vs2, N x K: row n holds column n of B), wrapping:
 *   C[p] += sum_q A[(p / N) * K + q] * Bt[(p % N) * K + q], q = 0 .. K - 1 */
static inline __attribute__((unused)) void ttx_ime_vmadot(int *vd, const signed char *vs1, const signed char *vs2, int M, int K, int N)
{
    for (int p = 0; p < M * N; p++) {
        unsigned s = (unsigned)vd[p];
        for (int q = 0; q < K; q++) s += (unsigned)(vs1[(p / N) * K + q] * vs2[(p % N) * K + q]);
        vd[p] = (int)s;
    }
}
#endif

/* acc (an M x N i32 block) += the n products of the A tiles a, a + as, ...
 * and the Bt tiles b, b + bs, ... (strides in bytes) */
static inline __attribute__((unused)) void ttx_ime_i8_chain(int *acc, const signed char *a, long as, const signed char *b, long bs, long n, int M, int K, int N)
{
#if defined(TTX_SMT_IME_REF)
    for (long i = 0; i < n; i++) ttx_ime_vmadot(acc, a + i * as, b + i * bs, M, K, N);
#else
    long vla = (long)M * K, vlc = (long)M * N;
    __asm__ volatile(
        "vsetvli zero, %[vlc], e32, m2, ta, ma\n\t"
        "vle32.v v16, (%[c])\n\t"
        "vsetvli zero, %[vla], e8, m1, ta, ma\n\t"
        "1:\n\t"
        "vle8.v v0, (%[a])\n\t"
        "vle8.v v1, (%[b])\n\t"
        ".insn r 0x2b, 3, 0x71, x16, x0, x1\n\t" /* vmadot v16, v0, v1 */
        "add %[a], %[a], %[as]\n\t"
        "add %[b], %[b], %[bs]\n\t"
        "addi %[n], %[n], -1\n\t"
        "bnez %[n], 1b\n\t"
        "vsetvli zero, %[vlc], e32, m2, ta, ma\n\t"
        "vse32.v v16, (%[c])\n\t"
        : [a] "+r"(a), [b] "+r"(b), [n] "+r"(n)
        : [c] "r"(acc), [as] "r"(as), [bs] "r"(bs), [vla] "r"(vla), [vlc] "r"(vlc)
        : "v0", "v1", "v16", "v17", "memory");
#endif
}

/* the whole mmt4d on C, B in the Bt layout, kb = K; mb, nb multiples of M,
 * N; ldc as in ttx_smt_rvv_i8 */
static inline __attribute__((unused)) void ttx_smt_ime_i8(const signed char *a, const signed char *b, int *c, long MB, long NB, long KB, long mb, long nb, int M, int K, int N,
                                                          long ldc)
{
    const long ld = ldc ? ldc : nb;
    for (long m1 = 0; m1 < MB; m1++)
        for (long n1 = 0; n1 < NB; n1++)
            for (long i = 0; i < mb / M; i++)
                for (long j = 0; j < nb / N; j++) {
                    int acc[64] __attribute__((aligned(64)));
                    int *ct = (ldc ? c + m1 * mb * ldc + n1 * nb : c + (m1 * NB + n1) * mb * nb) + i * M * ld + j * N;
                    for (int r = 0; r < M; r++)
                        for (int s = 0; s < N; s++) acc[r * N + s] = ldc ? ct[r * ld + s] : 0;
                    ttx_ime_i8_chain(acc, a + (m1 * KB * mb + i * M) * K, mb * K, b + (n1 * KB * nb + j * N) * K, nb * K, KB, M, K, N);
                    for (int r = 0; r < M; r++)
                        for (int s = 0; s < N; s++) ct[r * ld + s] = acc[r * N + s];
                }
}
#endif
/* end of smt_kernels.c */
