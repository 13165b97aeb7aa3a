/* smt_driver.c - the riscv64 program bench/smt.sh counts: C = A @ B with
 * M = N = 128, K = 64 through one kernel of the spine-triton ABI, its whole
 * grid serially.
 *   -DSMT: mm_kernel (samples/riscv/mm_kernel_*.ttir), grid
 *          (M / 32, N / BN), BN = 32 (f32) or 64 (f16)
 *   else:  matmul_kernel (samples/cpu/matmul.ttir, or its f32 derivation),
 *          grid M / 32 * N / 32
 *   -DF16: f16 A, B, C (uint16 bit patterns), else f32
 * usage: prog MODE; MODE 0 sets up the inputs only (the baseline of the
 * count), 1 also runs the grid, c runs it and prints the largest
 * difference from a double reference (relative to the largest |C|). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned short u16;
#ifdef F16
typedef u16 T;
static float h2f(u16 h) {
    uint32_t s = (uint32_t)(h & 0x8000u) << 16, e = (h >> 10) & 31u, m = h & 1023u, u;
    float f;
    if (e == 31) u = s | 0x7f800000u | (m << 13);
    else if (e) u = s | ((e + 112) << 23) | (m << 13);
    else { f = (float)m * 0x1p-24f; return s ? -f : f; }
    memcpy(&f, &u, 4);
    return f;
}
/* exact for the values made here: multiples of 1/1024 in [-1, 1) */
static u16 f2h(float f) { _Float16 h = (_Float16)f; u16 b; memcpy(&b, &h, 2); return b; }
#define TO_F(v) h2f(v)
#define FROM_F(v) f2h(v)
#define BN 64
#else
typedef float T;
#define TO_F(v) (v)
#define FROM_F(v) (v)
#define BN 32
#endif

#ifdef SMT
#define KERNEL mm_kernel
#else
#define KERNEL matmul_kernel
#endif
void KERNEL(T *a, T *b, T *c, int m, int n, int k, int sa, int sb, int sc, int gx, int gy, int gz, int px, int py, int pz);

enum { M = 128, N = 128, K = 64 };
static T A[M * K], B[K * N], C[M * N];

__attribute__((noinline)) static void run_grid(void) {
#ifdef SMT
    for (int y = 0; y < N / BN; y++)
        for (int x = 0; x < M / 32; x++) KERNEL(A, B, C, M, N, K, K, N, N, M / 32, N / BN, 1, x, y, 0);
#else
    int g = (M / 32) * (N / 32);
    for (int p = 0; p < g; p++) KERNEL(A, B, C, M, N, K, K, N, N, g, 1, 1, p, 0, 0);
#endif
}

int main(int argc, char **argv) {
    if (argc != 2) return 2;
    uint64_t st = 0x9E3779B97F4A7C15ull;
    for (int i = 0; i < M * K + K * N; i++) {
        st = st * 6364136223846793005ull + 1442695040888963407ull;
        float v = (float)((int)(st >> 54) - 512) / 1024.0f;
        if (i < M * K) A[i] = FROM_F(v);
        else B[i - M * K] = FROM_F(v);
    }
    if (argv[1][0] != '0') run_grid();
    if (argv[1][0] != 'c') return 0;
    double err = 0, big = 0;
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) {
            double s = 0;
            for (int k = 0; k < K; k++) s += (double)TO_F(A[i * K + k]) * (double)TO_F(B[k * N + j]);
            err = fmax(err, fabs(s - (double)TO_F(C[i * N + j])));
            big = fmax(big, fabs(s));
        }
    printf("%.3g\n", err / big);
    return 0;
}
