/* engine_jit.c - the JIT engine of `ttxform run`: the kernel as the C target
 * writes it (with a launcher and the bounds-check hooks), compiled by libtcc
 * (jit.h) and run over the grid on a pool of threads.
 *
 * A KTIR kernel with inter-tile ops runs each compute tile on a thread of
 * its own (they wait for each other): ttx_kt_put keeps a copy of a
 * tile's partial, ttx_kt_get waits for one and returns it, or NULL when it
 * can never come (its producer finished without making it, or every
 * unfinished tile waits); the kernel then fails at the reduce.  The
 * partials are combined in producer tile order by the kernel itself, so
 * the result does not depend on the threads' timing. */
#include "run_impl.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../targets/c/c.h"
#include "jit.h"

typedef void (*LaunchFn)(void *const *args, int gx, int gy, int gz, long long first, long long end);

/* what the kernel's hooks report: the failure of the lowest program id */
typedef struct JitRun {
    const char *const *base;   /* bound buffers */
    const size_t *bytes;
    const int *argof;
    int nbufs;
    int grid[3];
    pthread_mutex_t mu;
    int64_t fail_prog;         /* INT64_MAX: none */
    int fail_site, fail_pid[3];
    long long fail_el;         /* a division by zero: the element (-1: unknown) */
    const void *fail_p;
    long long fail_n;
    bool oob;
    /* inter-tile partials (under mu) */
    pthread_cond_t cv;
    struct KtPart { int site, idx; long long seq, tile; void *data; } *parts;
    int nparts, capparts;
    bool *done;
    int64_t ntiles, ndone, nwait;   /* nwait: tiles waiting since the last put or finish (gen) */
    long long gen;
    bool deadlock;
} JitRun;

static JitRun *g_run;   /* one run per process */

static void jr_record(int site, bool oob, const void *p, long long n, long long el, int x, int y, int z) {
    JitRun *r = g_run;
    int64_t lin = x + (int64_t)r->grid[0] * (y + (int64_t)r->grid[1] * z);
    pthread_mutex_lock(&r->mu);
    if (lin < r->fail_prog) {
        __atomic_store_n(&r->fail_prog, lin, __ATOMIC_RELAXED);
        r->fail_site = site;
        r->oob = oob;
        r->fail_p = p;
        r->fail_n = n;
        r->fail_el = el;
        r->fail_pid[0] = x; r->fail_pid[1] = y; r->fail_pid[2] = z;
    }
    pthread_mutex_unlock(&r->mu);
}
static int hook_in(const void *p, long long n, int site, int x, int y, int z) {
    JitRun *r = g_run;
    const char *c = p;
    for (int i = 0; i < r->nbufs; i++)
        if (c >= r->base[i] && n >= 0 && (size_t)(c - r->base[i]) + (size_t)n <= r->bytes[i]) return 1;
    jr_record(site, true, p, n, -1, x, y, z);
    return 0;
}
/* is p[0..n) inside one bound buffer? (reports nothing: the caller falls
 * back to per-element accesses, which do) */
static int hook_inr(const void *p, long long n) {
    JitRun *r = g_run;
    uintptr_t c = (uintptr_t)p;
    for (int i = 0; i < r->nbufs; i++) {
        uintptr_t b = (uintptr_t)r->base[i];
        if (c >= b && n >= 0 && c - b <= r->bytes[i] && (size_t)n <= r->bytes[i] - (c - b)) return 1;
    }
    return 0;
}
static void hook_fail(int site, int x, int y, int z) { jr_record(site, false, NULL, 0, -1, x, y, z); }
static void hook_div0(int site, long long el, int x, int y, int z) { jr_record(site, false, NULL, 0, el, x, y, z); }

/* " at element [i, j]" for row-major element el of op's first result (a
 * scalar: [0]; tt.assert: of its condition), as the interpreter says it;
 * "" when el is unknown */
static void element_str(char *out, size_t n, Op *op, long long el) {
    out[0] = 0;
    bool cond = op && op_is(op, OP_tt_assert) && op->nopnds;
    if (!op || el < 0 || (op->nres < 1 && !cond)) return;
    Type *t = cond ? op_operand(op, 0)->type : op_result(op, 0)->type;
    int r = t && t->kind == T_TENSOR && t->sh.rank > 0 ? t->sh.rank : 0;
    long long idx[16];
    if (r > 16) return;
    for (int i = r - 1; i >= 0; i--) { idx[i] = t->sh.dims[i] > 0 ? el % t->sh.dims[i] : 0; el = t->sh.dims[i] > 0 ? el / t->sh.dims[i] : 0; }
    size_t o = (size_t)snprintf(out, n, " at element [");
    if (!r && o < n) o += (size_t)snprintf(out + o, n - o, "0");
    for (int i = 0; i < r && o < n; i++) o += (size_t)snprintf(out + o, n - o, "%s%lld", i ? ", " : "", idx[i]);
    if (o < n) snprintf(out + o, n - o, "]");
}

static void hook_kt_put(int site, long long seq, long long tile, int idx, const void *data, long long bytes) {
    JitRun *r = g_run;
    void *copy = malloc(bytes > 0 ? (size_t)bytes : 1);
    pthread_mutex_lock(&r->mu);
    if (r->nparts == r->capparts) {
        int nc = r->capparts ? r->capparts * 2 : 64;
        struct KtPart *np = realloc(r->parts, sizeof *np * (size_t)nc);
        if (np) { r->parts = np; r->capparts = nc; }
    }
    if (copy && r->nparts < r->capparts) {
        memcpy(copy, data, bytes > 0 ? (size_t)bytes : 0);
        r->parts[r->nparts++] = (struct KtPart){ site, idx, seq, tile, copy };
        copy = NULL;
    }
    r->gen++;   /* every waiter looks again */
    r->nwait = 0;
    pthread_cond_broadcast(&r->cv);
    pthread_mutex_unlock(&r->mu);
    free(copy);
}
static const void *hook_kt_get(int site, long long seq, long long tile, int idx) {
    JitRun *r = g_run;
    const void *got = NULL;
    pthread_mutex_lock(&r->mu);
    for (;;) {
        for (int i = 0; i < r->nparts && !got; i++) {
            struct KtPart *p = &r->parts[i];
            if (p->site == site && p->seq == seq && p->tile == tile && p->idx == idx) got = p->data;
        }
        if (got || r->deadlock || tile < 0 || tile >= r->ntiles || r->done[tile]) break;
        if (r->nwait + 1 + r->ndone >= r->ntiles) {   /* every unfinished tile would wait */
            r->deadlock = true;
            pthread_cond_broadcast(&r->cv);
            break;
        }
        r->nwait++;
        long long g = r->gen;
        pthread_cond_wait(&r->cv, &r->mu);
        if (r->gen == g) r->nwait--;   /* woken for nothing: still counted */
    }
    pthread_mutex_unlock(&r->mu);
    return got;
}
static void kt_tile_done(int64_t tile) {
    JitRun *r = g_run;
    pthread_mutex_lock(&r->mu);
    r->done[tile] = true;
    r->ndone++;
    r->gen++;
    r->nwait = 0;
    pthread_cond_broadcast(&r->cv);
    pthread_mutex_unlock(&r->mu);
}
static void kt_reset(JitRun *r) {
    for (int i = 0; i < r->nparts; i++) free(r->parts[i].data);
    r->nparts = 0;
    if (r->done) memset(r->done, 0, sizeof *r->done * (size_t)r->ntiles);
    r->ndone = r->nwait = 0;
    r->gen++;
    r->deadlock = false;
}
static int hook_stop(long long p) { return p > __atomic_load_n(&g_run->fail_prog, __ATOMIC_RELAXED); }

/* the JIT's report as a diagnostic at the op */
static void jr_report(JitRun *r, const PtrVec *sites, Diag *d) {
    Op *op = r->fail_site >= 0 && r->fail_site < sites->n ? sites->v[r->fail_site] : NULL;
    Loc l = op ? op->loc : (Loc){ 0 };
    const char *nm = op ? op_name(op) : "kernel";
    if (!r->oob) {
        const char *what = c_fail_reason(op);
        char at[256];
        element_str(at, sizeof at, op, r->fail_el);
        Attr *msg = op && op_is(op, OP_tt_assert) ? op_attr(op, "message") : NULL;   /* tl.device_assert's text */
        bool m = msg && msg->kind == A_STRING;
        diag_error(d, l, "%s: %s%s%s%.*s in program (%d, %d, %d)", nm, what, at, m ? ": " : "", m ? (int)msg->str.len : 0,
                   m ? msg->str.s : "", r->fail_pid[0], r->fail_pid[1], r->fail_pid[2]);
        return;
    }
    /* the nearest buffer */
    int best = -1;
    long long bestd = 0, off = 0;
    const char *c = r->fail_p;
    for (int i = 0; i < r->nbufs; i++) {
        long long o = (long long)(c - r->base[i]);
        long long dist = o < 0 ? -o : o > (long long)r->bytes[i] ? o - (long long)r->bytes[i] : 0;
        if (best < 0 || dist < bestd) { best = i; bestd = dist; off = o; }
    }
    const char *what = op && (op_is(op, OP_tt_store) || op_is(op, OP_ktdp_store)) ? "writes" : "reads";
    long long sz = r->fail_n > 0 ? r->fail_n : 1;
    if (best < 0) {
        diag_error(d, l, "%s: out-of-bounds access: %s %lld bytes outside every bound buffer in program (%d, %d, %d)%s", nm, what,
                   r->fail_n, r->fail_pid[0], r->fail_pid[1], r->fail_pid[2],
                   r->nbufs ? "" : " (no buffer is bound: a kernel whose views have fixed addresses runs in --memory=FILE.npy)");
        return;
    }
    long long ei = off >= 0 ? off / sz : -((-off + sz - 1) / sz);
    char whose[64];
    if (r->argof[best] < -1) snprintf(whose, sizeof whose, "the LX scratchpad of core %d", -2 - r->argof[best]);
    else if (r->argof[best] < 0) snprintf(whose, sizeof whose, "the memory (--memory)");
    else snprintf(whose, sizeof whose, "argument %d", r->argof[best]);
    long long held = (long long)(r->bytes[best] / (size_t)sz);
    diag_error(d, l, "%s: out-of-bounds access: %s element %lld (byte offset %lld) of %s, which holds %lld element%s "
               "(%zu byte%s) in program (%d, %d, %d)", nm, what, ei, off, whose, held, held == 1 ? "" : "s",
               r->bytes[best], r->bytes[best] == 1 ? "" : "s", r->fail_pid[0], r->fail_pid[1], r->fail_pid[2]);
}

typedef struct Pool {
    LaunchFn launch;
    void *const *args;
    int grid[3];
    int64_t total, chunk, next;
    const char *name;
    Trace *tr;       /* per worker */
    bool cotiles;    /* one tile per thread, tile tid - 1 */
    /* the workers stay for every launch of a run: a launch is a new
     * generation, each worker takes chunks of it and the last to finish
     * says so (a small grid's launch then costs no thread starts) */
    pthread_mutex_t mu;
    pthread_cond_t go, idle;
    int64_t gen;
    int busy;
    bool quit;
} Pool;
typedef struct Worker { Pool *p; int tid; Trace tr; } Worker;

static void *worker_main(void *arg) {
    Worker *w = arg;
    Pool *p = w->p;
    if (p->cotiles) {
        double t0 = now_us();
        p->launch(p->args, p->grid[0], p->grid[1], p->grid[2], w->tid - 1, w->tid);
        kt_tile_done(w->tid - 1);
        if (p->tr) ev_add(&w->tr, "programs", "chunk", t0, now_us(), w->tid, w->tid - 1, w->tid);
        return NULL;
    }
    for (int64_t seen = 0;;) {
        pthread_mutex_lock(&p->mu);
        while (!p->quit && p->gen == seen) pthread_cond_wait(&p->go, &p->mu);
        seen = p->gen;
        bool quit = p->quit;
        pthread_mutex_unlock(&p->mu);
        if (quit) return NULL;
        for (;;) {
            int64_t first = __atomic_fetch_add(&p->next, p->chunk, __ATOMIC_RELAXED);
            if (first >= p->total) break;
            int64_t end = first + p->chunk < p->total ? first + p->chunk : p->total;
            double t0 = now_us();
            p->launch(p->args, p->grid[0], p->grid[1], p->grid[2], first, end);
            if (p->tr) ev_add(&w->tr, "programs", "chunk", t0, now_us(), w->tid, first, end);
        }
        pthread_mutex_lock(&p->mu);
        if (--p->busy == 0) pthread_cond_signal(&p->idle);
        pthread_mutex_unlock(&p->mu);
    }
}

static int ncpus(void) {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 64 ? 64 : (int)n;
}

/* the prologue the JIT puts before the emitted C: the hooks as calls */
static const char *jit_hooks =
    "int ttx_in(const void *p, long long bytes, int site, int x, int y, int z);\n"
    "void ttx_fail(int site, int x, int y, int z);\n"
    "void ttx_div0(int site, long long k, int x, int y, int z);\n"
    "int ttx_stop(long long program);\n"
    "#define TTX_FAIL(site) ttx_fail(site, pidX, pidY, pidZ)\n"
    "#define TTX_ASSERT(site, k) ttx_div0(site, k, pidX, pidY, pidZ)\n"
    "#define TTX_STOP(p) ttx_stop(p)\n";
static const char *jit_bounds = "#define TTX_IN(p, bytes, site) ttx_in(p, bytes, site, pidX, pidY, pidZ)\n"
                                "int ttx_inr(const void *p, long long bytes);\n"
                                "#define TTX_INR(p, bytes) ttx_inr(p, bytes)\n";
static const char *jit_nobounds = "#define TTX_INR(p, bytes) 1\n";

/* the stack of a thread that runs programs: the C keeps tensors in local
 * arrays, so twice their bytes (scratch of reductions, scans and copies)
 * and 8 MiB, at least 64 MiB; 0 after a located error (a tensor over the
 * engines' limit) */
size_t jit_stack_bytes(Op *module, Diag *d) {
    int64_t b = 0;
    if (!interp_check_sizes(module, &b, d)) return 0;
    uint64_t s = 2 * (uint64_t)b + ((uint64_t)8 << 20);
    if (s < ((uint64_t)64 << 20)) s = (uint64_t)64 << 20;
    return (size_t)((s + 0xffff) & ~(uint64_t)0xffff);
}

int jit_run(Ctx *c, Op *module, Op *func, int nargs, const IArg *args, const int grid[3], const JitOpts *jo,
            Op **unsup, Diag *d) {
    size_t stack = jit_stack_bytes(module, d);
    if (!stack) return -1;
    PtrVec sites = { 0 };
    char *src = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&src, &len);
    if (!f) { errorf("out of memory"); return -1; }
    fputs(jit_hooks, f);
    fputs(jo->no_bounds ? jit_nobounds : jit_bounds, f);
    if (interp_check_div()) fputs("#define TTX_DIV0(site, k) ttx_div0(site, k, pidX, pidY, pidZ)\n", f);
    CEmitOpts co = { .launcher = true, .sites = &sites, .unsupported = unsup, .rt = true };
    bool ok = c_emit(f, c, module, func, &co, d);
    fclose(f);
    if (!ok) {
        free(src);
        pv_free(&sites);
        return *unsup ? 1 : -1;
    }
    char fname[256];
    c_func_name(func, fname, sizeof fname);
    if (jo->dump_dir) {
        char name[300];
        snprintf(name, sizeof name, "01-%s.c", fname);
        if (!dump_file(jo->dump_dir, name, src, len)) { free(src); pv_free(&sites); return -1; }
    }
    JitRun r = { .grid = { grid[0], grid[1], grid[2] }, .fail_prog = INT64_MAX, .fail_site = -1 };
    pthread_mutex_init(&r.mu, NULL);
    pthread_cond_init(&r.cv, NULL);
    g_run = &r;
    JitSym syms[] = { { "ttx_in", (void *)hook_in }, { "ttx_fail", (void *)hook_fail }, { "ttx_stop", (void *)hook_stop },
                      { "ttx_div0", (void *)hook_div0 },
                      { "ttx_inr", (void *)hook_inr }, { "ttx_kt_put", (void *)hook_kt_put }, { "ttx_kt_get", (void *)hook_kt_get } };
    char err[4096];
    double t0 = now_us();
    Jit *j = jit_compile(src, syms, (int)(sizeof syms / sizeof *syms), err, sizeof err);
    double t1 = now_us();
    free(src);
    if (!j) {
        errorf("the JIT could not compile the C of @%s:\n%s", fname, err);
        pv_free(&sites);
        pthread_mutex_destroy(&r.mu);
        pthread_cond_destroy(&r.cv);
        return -1;
    }
    ev_add(jo->trace, "compile (libtcc)", "compile", t0, t1, 0, 0, 0);
    LaunchFn launch;
    void *sym = jit_symbol(j, "ttx_launch");
    memcpy(&launch, &sym, sizeof launch);
    /* the buffers, for the bounds check and the launcher */
    void **av = calloc((size_t)nargs + 1, sizeof *av);
    size_t nb = (size_t)nargs + 2 + (size_t)jo->nlx;
    const char **base = calloc(nb, sizeof *base);
    size_t *bytes = calloc(nb, sizeof *bytes);
    int *argof = calloc(nb, sizeof *argof);
    uint64_t *lxa = calloc((size_t)jo->nlx + 1, sizeof *lxa);
    int rc = -1;
    if (!av || !base || !bytes || !argof || !lxa || !sym) { errorf(sym ? "out of memory" : "the JIT lost the launcher"); goto done; }
    for (int i = 0; i < nargs; i++) {
        if (args[i].kind == IARG_BUF && jo->mem && !args[i].buf.bytes) av[i] = args[i].buf.data;   /* an address in the memory */
        else if (args[i].kind == IARG_BUF) {
            av[i] = args[i].buf.data;
            base[r.nbufs] = args[i].buf.data;
            bytes[r.nbufs] = args[i].buf.bytes;
            argof[r.nbufs++] = i;
        } else av[i] = (void *)(args[i].kind == IARG_INT ? (const void *)&args[i].i : (const void *)&args[i].f);
    }
    if (jo->mem) {   /* --memory: the flat device memory a fixed address (element a: byte a * S) is in */
        uint64_t *mp = jit_symbol(j, "ttx_mem");
        if (mp) *mp = (uint64_t)(uintptr_t)jo->mem;
        base[r.nbufs] = jo->mem;
        bytes[r.nbufs] = jo->mem_bytes;
        argof[r.nbufs++] = -1;
    }
    for (int i = 0; i < jo->nlx; i++) {   /* the LX scratchpads: tile i's is argof -2 - i */
        lxa[i] = (uint64_t)(uintptr_t)jo->lx[i].data;
        base[r.nbufs] = jo->lx[i].data;
        bytes[r.nbufs] = jo->lx[i].bytes;
        argof[r.nbufs++] = -2 - i;
    }
    uint64_t **lxp = jo->nlx ? jit_symbol(j, "ttx_lx") : NULL;
    if (lxp) *lxp = lxa;
    r.base = base;
    r.bytes = bytes;
    r.argof = argof;
    int nt = jo->threads ? jo->threads : ncpus();
    Pool p = { .launch = launch, .args = av, .grid = { grid[0], grid[1], grid[2] } };
    p.total = (int64_t)grid[0] * grid[1] * grid[2];
    /* smt.parallel loops (cgen_sub_blocks): one task per sub-block of a
     * program, as many sub-blocks as threads */
    int32_t *nsub = jit_symbol(j, "ttx_nsub");
    if (nsub) {
        *nsub = nt;
        p.total *= nt;
    }
    if (nt > p.total) nt = (int)p.total;
    if (nt < 1) nt = 1;
    if (jo->nthreads_out) *jo->nthreads_out = nt;
    p.chunk = p.total / ((int64_t)nt * 4);
    if (p.chunk < 1) p.chunk = 1;
    if (jo->cotiles) {   /* every tile at once, each on its own thread */
        p.cotiles = true;
        nt = (int)p.total;
        r.ntiles = p.total;
        r.done = calloc((size_t)p.total, sizeof *r.done);
        if (!r.done) { errorf("out of memory"); goto done; }
        if (jo->nthreads_out) *jo->nthreads_out = nt;
    }
    p.tr = jo->trace;
    Worker *w = calloc((size_t)nt, sizeof *w);
    pthread_t *th = calloc((size_t)nt, sizeof *th);
    if (!w || !th) { free(w); free(th); errorf("out of memory"); goto done; }
    pthread_attr_t at;
    pthread_attr_init(&at);
    pthread_attr_setstacksize(&at, stack);   /* tensors are local arrays */
    int started = 0, terr = 0;
    char *kn = jo->trace ? malloc(strlen(fname) + 64) : NULL;
    if (kn) {
        sprintf(kn, "%s[%d,%d,%d]", fname, grid[0], grid[1], grid[2]);
        pv_push(&jo->trace->names, kn);
    }
    pthread_mutex_init(&p.mu, NULL);
    pthread_cond_init(&p.go, NULL);
    pthread_cond_init(&p.idle, NULL);
    /* the pool's threads start with the first launch (which includes their
     * start) and serve the repeats; co-resident tiles start theirs each time */
    for (int rep = 0; rep < (jo->repeat > 0 ? jo->repeat : 1); rep++) {
        p.next = 0;
        kt_reset(&r);
        double l0 = now_us();
        if (p.cotiles || !started) started = 0;
        if (!started)
            for (int i = 0; i < nt; i++) {
                w[i].p = &p;
                w[i].tid = i + 1;
                if ((terr = pthread_create(&th[i], &at, worker_main, &w[i])) != 0) break;
                started++;
            }
        if (p.cotiles) {
            for (int i = 0; i < started; i++) pthread_join(th[i], NULL);
        } else if (started) {
            pthread_mutex_lock(&p.mu);
            p.busy = started;
            p.gen++;
            pthread_cond_broadcast(&p.go);
            while (p.busy) pthread_cond_wait(&p.idle, &p.mu);
            pthread_mutex_unlock(&p.mu);
        }
        double l1 = now_us();
        if (jo->times) jo->times[rep] = l1 - l0;
        if (kn) ev_add(jo->trace, kn, "kernel", l0, l1, 0, 0, 0);
        if (!started || r.fail_prog != INT64_MAX) break;
    }
    if (!p.cotiles && started) {
        pthread_mutex_lock(&p.mu);
        p.quit = true;
        pthread_cond_broadcast(&p.go);
        pthread_mutex_unlock(&p.mu);
        for (int i = 0; i < started; i++) pthread_join(th[i], NULL);
    }
    pthread_mutex_destroy(&p.mu);
    pthread_cond_destroy(&p.go);
    pthread_cond_destroy(&p.idle);
    pthread_attr_destroy(&at);
    if (!started) errorf("cannot start a thread with a stack of %zu MiB (the kernel's tensors are on it): %s", stack >> 20, strerror(terr ? terr : errno));
    else {
        if (jo->trace) {
            for (int i = 0; i < nt; i++)
                for (int k = 0; k < w[i].tr.n; k++) {
                    Ev e = w[i].tr.ev[k];
                    ev_add(jo->trace, e.name, e.cat, e.ts, e.ts + e.dur, e.tid, e.first, e.end);
                }
        }
        if (r.fail_prog != INT64_MAX) jr_report(&r, &sites, d);
        else rc = 0;
    }
    for (int i = 0; i < nt; i++) free(w[i].tr.ev);
    free(w);
    free(th);
done:
    free(av);
    free(base);
    free(bytes);
    free(argof);
    free(lxa);
    jit_free(j);
    kt_reset(&r);
    free(r.parts);
    free(r.done);
    g_run = NULL;
    pthread_mutex_destroy(&r.mu);
    pthread_cond_destroy(&r.cv);
    pv_free(&sites);
    return rc;
}
