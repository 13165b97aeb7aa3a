/* pool.c - running a kernel's grid on threads (ttx_pool_launch).  The
 * workers are made once per pool and wait on a condition variable; a launch
 * hands them the grid, and each takes the next run of programs by an atomic
 * counter (programs in the order x fastest, then y, then z; a run is a
 * sixteenth of a thread's share, so each thread streams through contiguous
 * memory where programs take consecutive blocks, and a program waiting for
 * a lower one, as Triton's locks do, still always has it started) until
 * none is left.  The
 * calling thread takes programs too, and a one-program grid is a plain call
 * on it (no lock, no wake-up) when its stack is large enough.
 * Kernels keep their tiles in local arrays, so every worker's stack is 64 MiB
 * (address space only until touched); the calling thread's is its own. */
#include "../include/ttxform.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <unistd.h>

#define POOL_STACK ((size_t)64 << 20)
/* a caller with this much stack (the main thread's 8 MiB) runs programs itself */
#define CALLER_STACK ((size_t)4 << 20)

struct ttx_pool {
    pthread_mutex_t mu, launch_mu;
    pthread_cond_t go, done;
    pthread_t *threads;
    int nthreads;                 /* workers (the caller is one more) */
    unsigned long gen;            /* bumped by every launch */
    bool quit;
    int busy;                     /* workers still inside the current launch */
    /* the current launch */
    ttx_program_fn fn;
    const ttx_arg *args;
    int32_t gx, gy, gz;
    int64_t total, chunk;
    atomic_llong next;
};

static void run_programs(ttx_pool *p) {
    for (;;) {
        int64_t i = atomic_fetch_add(&p->next, p->chunk), end = i + p->chunk;
        if (i >= p->total) return;
        if (end > p->total) end = p->total;
        for (; i < end; i++) {
            int32_t x = (int32_t)(i % p->gx), y = (int32_t)(i / p->gx % p->gy), z = (int32_t)(i / ((int64_t)p->gx * p->gy));
            p->fn(p->args, p->gx, p->gy, p->gz, x, y, z);
        }
    }
}

static void *worker(void *arg) {
    ttx_pool *p = arg;
    unsigned long seen = 0;
    pthread_mutex_lock(&p->mu);
    for (;;) {
        while (!p->quit && p->gen == seen) pthread_cond_wait(&p->go, &p->mu);
        if (p->quit) break;
        seen = p->gen;
        pthread_mutex_unlock(&p->mu);
        run_programs(p);
        pthread_mutex_lock(&p->mu);
        if (--p->busy == 0) pthread_cond_signal(&p->done);
    }
    pthread_mutex_unlock(&p->mu);
    return NULL;
}

ttx_pool *ttx_pool_new(int threads) {
    if (threads <= 0) {
        long n = sysconf(_SC_NPROCESSORS_ONLN);
        threads = n > 0 ? (int)n : 1;
    }
    if (threads > 256) threads = 256;
    ttx_pool *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    pthread_mutex_init(&p->mu, NULL);
    pthread_mutex_init(&p->launch_mu, NULL);
    pthread_cond_init(&p->go, NULL);
    pthread_cond_init(&p->done, NULL);
    p->threads = calloc((size_t)threads, sizeof *p->threads);
    pthread_attr_t at;
    pthread_attr_init(&at);
    pthread_attr_setstacksize(&at, POOL_STACK);
    for (int i = 0; p->threads && i < threads - 1; i++) {
        if (pthread_create(&p->threads[i], &at, worker, p)) break;
        p->nthreads++;
    }
    pthread_attr_destroy(&at);
    return p;
}

int ttx_pool_threads(ttx_pool *p) { return p ? p->nthreads + 1 : 0; }

void ttx_pool_free(ttx_pool *p) {
    if (!p) return;
    pthread_mutex_lock(&p->mu);
    p->quit = true;
    pthread_cond_broadcast(&p->go);
    pthread_mutex_unlock(&p->mu);
    for (int i = 0; i < p->nthreads; i++) pthread_join(p->threads[i], NULL);
    free(p->threads);
    pthread_cond_destroy(&p->go);
    pthread_cond_destroy(&p->done);
    pthread_mutex_destroy(&p->mu);
    pthread_mutex_destroy(&p->launch_mu);
    free(p);
}

/* the caller's share runs on a thread of POOL_STACK too when it has only a
 * small stack of its own: run programs there */
static void *caller_share(void *arg) { run_programs(arg); return NULL; }

/* whether the calling thread's stack takes programs: a Python thread's may
 * be small.  Asked once per thread (for the main thread glibc reads
 * /proc/self/maps). */
static bool caller_stack_ok(void) {
    static _Thread_local size_t have;
    static _Thread_local bool known;
    if (!known) {
        pthread_attr_t at;
        if (!pthread_getattr_np(pthread_self(), &at)) {
            pthread_attr_getstacksize(&at, &have);
            pthread_attr_destroy(&at);
        }
        known = true;
    }
    return have >= CALLER_STACK;
}

int ttx_pool_launch(ttx_pool *p, ttx_program_fn fn, const ttx_arg *args, int32_t gx, int32_t gy, int32_t gz) {
    if (!p || !fn || gx < 0 || gy < 0 || gz < 0) return TTX_ERROR;
    int64_t total = (int64_t)gx * gy * gz;
    if (total == 0) return TTX_OK;
    bool here = caller_stack_ok();
    if (total == 1 && here) {   /* one program: called here, the pool's state untouched */
        fn(args, 1, 1, 1, 0, 0, 0);
        return TTX_OK;
    }
    pthread_mutex_lock(&p->launch_mu);
    p->fn = fn;
    p->args = args;
    p->gx = gx; p->gy = gy; p->gz = gz;
    p->total = total;
    p->chunk = total / (16 * (int64_t)(p->nthreads + 1));
    if (p->chunk < 1) p->chunk = 1;
    atomic_store(&p->next, 0);
    int wake = total - 1 < p->nthreads ? (int)(total - 1) : p->nthreads;
    if (wake > 0) {
        pthread_mutex_lock(&p->mu);
        p->busy = p->nthreads;
        p->gen++;
        pthread_cond_broadcast(&p->go);
        pthread_mutex_unlock(&p->mu);
    }
    if (here) {
        run_programs(p);
    } else {
        pthread_t t;
        pthread_attr_t at;
        pthread_attr_init(&at);
        pthread_attr_setstacksize(&at, POOL_STACK);
        if (pthread_create(&t, &at, caller_share, p)) run_programs(p);
        else pthread_join(t, NULL);
        pthread_attr_destroy(&at);
    }
    if (wake > 0) {
        pthread_mutex_lock(&p->mu);
        while (p->busy > 0) pthread_cond_wait(&p->done, &p->mu);
        pthread_mutex_unlock(&p->mu);
    }
    pthread_mutex_unlock(&p->launch_mu);
    return TTX_OK;
}
