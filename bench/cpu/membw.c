/* bench/cpu/membw.c - the machine's copy bandwidth, the ceiling that
 * bench/cpu.sh sets the vector add and softmax kernels against.
 *
 * usage: membw MIB THREADS REPS
 * Copies a MIB-MiB buffer into another with memcpy, split evenly over
 * THREADS threads, REPS times after one warm-up copy, and prints the best
 * rate as `copy_gbps N` (bytes read + bytes written per second, 1e9). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct { char *dst; const char *src; size_t n; } Part;

static void *copy_part(void *p) {
    Part *q = p;
    memcpy(q->dst, q->src, q->n);
    return NULL;
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    if (argc != 4) { fprintf(stderr, "usage: membw MIB THREADS REPS\n"); return 2; }
    size_t bytes = (size_t)atol(argv[1]) << 20;
    int nt = atoi(argv[2]), reps = atoi(argv[3]);
    if (!bytes || nt < 1 || nt > 256 || reps < 1) { fprintf(stderr, "membw: bad arguments\n"); return 2; }
    char *src = malloc(bytes), *dst = malloc(bytes);
    if (!src || !dst) { fprintf(stderr, "membw: out of memory\n"); return 1; }
    memset(src, 1, bytes);
    memset(dst, 2, bytes);
    Part parts[256];
    pthread_t th[256];
    size_t per = bytes / (size_t)nt;
    for (int i = 0; i < nt; i++) {
        parts[i].dst = dst + per * (size_t)i;
        parts[i].src = src + per * (size_t)i;
        parts[i].n = i == nt - 1 ? bytes - per * (size_t)i : per;
    }
    double best = 1e30;
    for (int r = 0; r <= reps; r++) {
        double t0 = now();
        for (int i = 0; i < nt; i++) pthread_create(&th[i], NULL, copy_part, &parts[i]);
        for (int i = 0; i < nt; i++) pthread_join(th[i], NULL);
        double t = now() - t0;
        if (r > 0 && t < best) best = t;   /* the first copy is a warm-up */
    }
    printf("copy_gbps %.2f\n", 2.0 * (double)bytes / best / 1e9);
    free(src);
    free(dst);
    return 0;
}
