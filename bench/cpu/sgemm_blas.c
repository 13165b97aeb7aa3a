/* bench/cpu/sgemm_blas.c - OpenBLAS's single-threaded cblas_sgemm, the
 * reference for the generated matmul in bench/cpu.sh.
 *
 * usage: sgemm_blas N REPS      (C[N,N] = A[N,N] * B[N,N], row-major, f32)
 * Prints the best of REPS runs (after one warm-up) as `gflops N`. */
#include <cblas.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

void openblas_set_num_threads(int);

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: sgemm_blas N REPS\n"); return 2; }
    int n = atoi(argv[1]), reps = atoi(argv[2]);
    if (n < 1 || reps < 1) { fprintf(stderr, "sgemm_blas: bad arguments\n"); return 2; }
    openblas_set_num_threads(1);
    size_t nn = (size_t)n * (size_t)n;
    float *a = malloc(nn * sizeof *a), *b = malloc(nn * sizeof *b), *c = malloc(nn * sizeof *c);
    if (!a || !b || !c) { fprintf(stderr, "sgemm_blas: out of memory\n"); return 1; }
    for (size_t i = 0; i < nn; i++) { a[i] = (float)(i % 7) * 0.25f; b[i] = (float)(i % 5) * 0.5f; c[i] = 0; }
    double best = 1e30;
    for (int r = 0; r <= reps; r++) {
        double t0 = now();
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f, a, n, b, n, 0.0f, c, n);
        double t = now() - t0;
        if (r > 0 && t < best) best = t;
    }
    printf("gflops %.2f\n", 2.0 * n * (double)n * n / best / 1e9);
    free(a); free(b); free(c);
    return 0;
}
