/* tests/exhaustive/expf.c - f32 exp over all 2^32 inputs, by hand (about three
 * minutes on two cores):
 *
 *   cc -O2 -std=c11 -D_GNU_SOURCE -Isrc -Iruntime -o /tmp/expf tests/exhaustive/expf.c runtime/jit_rt.c -lm -lpthread && /tmp/expf
 *
 * For every float x: the JIT's bulk routine (each copy this CPU runs) gives
 * the bits of fmath.h's fm_expf, and those are within one ulp of
 * (float)exp((double)x) (NaNs: the same bits).  Prints the counts of exact
 * and one-ulp results; exit status 1 on any other outcome. */
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmath.h"
#include "jit_rt.h"

enum { THREADS = 2, N = 1 << 16 };
typedef struct { long exact, one, worse, differ; } Count;
static Count counts[THREADS];

static int64_t ordinal(float f) {
    int32_t u;
    memcpy(&u, &f, 4);
    return u < 0 ? -(int64_t)(u & 0x7fffffff) : u;
}
static uint32_t bits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }

static void *work(void *arg) {
    long t = (long)arg;
    Count *c = &counts[t];
    float *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y);
    if (!x || !y) abort();
    for (uint64_t base = (uint64_t)t * N; base < (1ull << 32); base += (uint64_t)THREADS * N) {
        for (int i = 0; i < N; i++) {
            uint32_t u = (uint32_t)(base + (uint64_t)i);
            memcpy(&x[i], &u, 4);
        }
        jit_rt_f32_un(0, y, x, N);
        for (int i = 0; i < N; i++) {
            float def = fm_expf(x[i]), want = (float)exp(x[i]);
            if (bits(y[i]) != bits(def)) {
                if (c->differ++ < 3) printf("x = %a: routine %a, fm_expf %a\n", (double)x[i], (double)y[i], (double)def);
                continue;
            }
            int64_t d = isnan(want) || isnan(def) ? (bits(def) != bits(want)) * 2 : llabs(ordinal(def) - ordinal(want));
            if (d == 0) c->exact++;
            else if (d == 1) c->one++;
            else if (c->worse++ < 3) printf("x = %a: fm_expf %a, exp %a\n", (double)x[i], (double)def, (double)want);
        }
    }
    free(x);
    free(y);
    return NULL;
}

int main(void) {
    const char *isas[] = { "avx512", "avx2", "generic" };
    int fail = 0;
    for (int s = 0; s < 3; s++) {
        if (!jit_rt_use(isas[s])) continue;
        memset(counts, 0, sizeof counts);
        pthread_t th[THREADS];
        for (long t = 0; t < THREADS; t++) pthread_create(&th[t], NULL, work, (void *)t);
        for (int t = 0; t < THREADS; t++) pthread_join(th[t], NULL);
        Count all = { 0, 0, 0, 0 };
        for (int t = 0; t < THREADS; t++) {
            all.exact += counts[t].exact, all.one += counts[t].one;
            all.worse += counts[t].worse, all.differ += counts[t].differ;
        }
        printf("%s: %ld correctly rounded, %ld one ulp off, %ld further off, %ld not fm_expf's bits\n", isas[s], all.exact, all.one,
               all.worse, all.differ);
        fail |= all.worse || all.differ;
    }
    return fail;
}
