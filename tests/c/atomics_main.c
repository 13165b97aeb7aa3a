/* tests/c/atomics_main.c - runs the C that ttxform emits for
 * tests/numeric/atomics_hist.ttir (-DHIST) or atomics_lock.ttir (-DLOCK)
 * over a grid of 2048 programs on 16 threads (program p on thread p % 16,
 * all starting at a barrier), 20 times, and checks the results exactly: a histogram built with
 * unused tt.atomic_rmw adds; a spin lock of tt.atomic_cas and exchange
 * around a plain read-modify-write, tickets from an atomic counter (its old
 * values used), and a relaxed i64 sum and a max.  Any lost update shows.
 *
 * Build: CC -O2 -pthread -DHIST -DKERNEL='"hist.c"' tests/c/atomics_main.c
 * Exit 0 and `ok` when every run is exact. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include KERNEL

enum { THREADS = 16, GRID = 2048, RUNS = 20, N = (GRID - 2) * 64 - 7 };

static pthread_barrier_t start;

static i32 x[GRID * 64], out[16];
static i32 lk, count, tickets, slots[GRID];
static i64 total[2];

static void *worker(void *arg) {
    int t = (int)(long)arg;
    pthread_barrier_wait(&start);
    for (int p = t; p < GRID; p += THREADS) {
#ifdef HIST
        atomics_hist(x, out, N, GRID, 1, 1, p, 0, 0);
#else
        atomics_lock(&lk, &count, &tickets, slots, total, GRID, 1, 1, p, 0, 0);
#endif
    }
    return NULL;
}

int main(void) {
    for (int i = 0; i < GRID * 64; i++) x[i] = (i32)((i * 7919u) % 1000u);
    if (pthread_barrier_init(&start, NULL, THREADS)) { fprintf(stderr, "pthread_barrier_init failed\n"); return 1; }
    for (int run = 0; run < RUNS; run++) {
        memset(out, 0, sizeof out);
        lk = count = tickets = 0;
        memset(slots, 0, sizeof slots);
        memset(total, 0, sizeof total);
        pthread_t th[THREADS];
        for (long t = 0; t < THREADS; t++)
            if (pthread_create(&th[t], NULL, worker, (void *)t)) { fprintf(stderr, "pthread_create failed\n"); return 1; }
        for (int t = 0; t < THREADS; t++) pthread_join(th[t], NULL);
#ifdef HIST
        i32 ref[16] = { 0 };
        for (int i = 0; i < N; i++) ref[x[i] % 16]++;
        for (int b = 0; b < 16; b++)
            if (out[b] != ref[b]) { printf("run %d: bin %d is %d, not %d\n", run, b, out[b], ref[b]); return 1; }
#else
        if (lk || count != GRID || tickets != GRID) { printf("run %d: lock %d, count %d, tickets %d\n", run, lk, count, tickets); return 1; }
        for (int p = 0; p < GRID; p++)
            if (slots[p] != 1) { printf("run %d: ticket %d taken %d times\n", run, p, slots[p]); return 1; }
        if (total[0] != (i64)GRID * (GRID - 1) / 2 || total[1] != GRID - 1) { printf("run %d: total %lld, max %lld\n", run, total[0], total[1]); return 1; }
#endif
    }
    printf("ok\n");
    return 0;
}
