/* bench/cpu/mm_main.c - times the C that ttxform emits for
 * bench/cpu/matmul_f32.ttir, run over its whole grid on one thread.
 *
 * Build: gcc -O3 -march=native -DKERNEL='"mm.c"' -o mm bench/cpu/mm_main.c
 * usage: mm N REPS   (C[N,N] = A[N,N] * B[N,N], f32, row-major)
 * Checks C against a double-precision product and prints the best of REPS
 * runs (after one warm-up) as `gflops N` and the largest relative error as
 * `max_rel_err E`. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include KERNEL

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: mm N REPS\n"); return 2; }
    int n = atoi(argv[1]), reps = atoi(argv[2]);
    if (n < 1 || reps < 1) { fprintf(stderr, "mm: bad arguments\n"); return 2; }
    size_t nn = (size_t)n * (size_t)n;
    float *a = malloc(nn * sizeof *a), *b = malloc(nn * sizeof *b), *c = calloc(nn, sizeof *c);
    if (!a || !b || !c) { fprintf(stderr, "mm: out of memory\n"); return 1; }
    for (size_t i = 0; i < nn; i++) { a[i] = (float)(i % 7) * 0.25f - 0.5f; b[i] = (float)(i % 5) * 0.5f - 1.0f; }
    int tiles = (n + 31) / 32, grid = tiles * tiles;
    double best = 1e30;
    for (int r = 0; r <= reps; r++) {
        double t0 = now();
        for (int pid = 0; pid < grid; pid++)
            matmul_kernel(a, b, c, n, n, n, n, n, n, grid, 1, 1, pid, 0, 0);
        double t = now() - t0;
        if (r > 0 && t < best) best = t;
    }
    double err = 0;
    for (int i = 0; i < n; i += 7)
        for (int j = 0; j < n; j++) {
            double s = 0, mag = 0;
            for (int k = 0; k < n; k++) { s += (double)a[(size_t)i * n + k] * b[(size_t)k * n + j]; mag += fabs((double)a[(size_t)i * n + k] * b[(size_t)k * n + j]); }
            double e = fabs(c[(size_t)i * n + j] - s) / (mag > 0 ? mag : 1);
            if (e > err) err = e;
        }
    printf("gflops %.2f\nmax_rel_err %.3g\n", 2.0 * n * (double)n * n / best / 1e9, err);
    free(a); free(b); free(c);
    return err < 1e-5 ? 0 : 1;
}
