/* bench/sgemm_openblas.c - the OpenBLAS side of bench/smt.sh part 2:
 * C = A @ B in f32 by cblas_sgemm (row-major, no transposes), the best
 * wall time of R calls on T threads, and the largest difference from a
 * double-precision product over the largest |C| (so the timed call is
 * known to compute the product).  A and B hold a fixed pseudo-random
 * sequence in [-1, 1).
 *
 *   gcc -O2 bench/sgemm_openblas.c -lopenblas -o sgemm_openblas
 *   ./sgemm_openblas M N K R T   ->  "openblas T: MS ms, GF GFLOP/s, rel_err E"  */
#include <cblas.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

void openblas_set_num_threads(int n);
char *openblas_get_config(void);

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

int main(int argc, char **argv) {
    if (argc != 6) { fprintf(stderr, "usage: %s M N K REPEAT THREADS\n", argv[0]); return 2; }
    int M = atoi(argv[1]), N = atoi(argv[2]), K = atoi(argv[3]), R = atoi(argv[4]), T = atoi(argv[5]);
    if (M < 1 || N < 1 || K < 1 || R < 1 || T < 1) { fprintf(stderr, "bad sizes\n"); return 2; }
    float *a = malloc(sizeof *a * (size_t)M * K), *b = malloc(sizeof *b * (size_t)K * N), *c = malloc(sizeof *c * (size_t)M * N);
    if (!a || !b || !c) return 1;
    unsigned s = 12345;
    for (long i = 0; i < (long)M * K; i++) a[i] = (float)((s = s * 1103515245u + 12345u) >> 8) / (float)(1u << 23) - 1.0f;
    for (long i = 0; i < (long)K * N; i++) b[i] = (float)((s = s * 1103515245u + 12345u) >> 8) / (float)(1u << 23) - 1.0f;
    openblas_set_num_threads(T);
    double best = 1e300;
    for (int r = 0; r < R; r++) {
        double t0 = now_ms();
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, M, N, K, 1.0f, a, K, b, N, 0.0f, c, N);
        double t = now_ms() - t0;
        if (t < best) best = t;
    }
    double err = 0, big = 0;
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) {
            double x = 0;
            for (int k = 0; k < K; k++) x += (double)a[(long)i * K + k] * b[(long)k * N + j];
            err = fmax(err, fabs(x - c[(long)i * N + j]));
            big = fmax(big, fabs(x));
        }
    printf("openblas %d (%s): %.3f ms, %.3f GFLOP/s, rel_err %.2e\n", T, openblas_get_config(), best,
           2.0 * M * N * K / (best * 1e6), big ? err / big : err);
    free(a);
    free(b);
    free(c);
    return err > 1e-4 * (big ? big : 1) ? 1 : 0;
}
