/* harness.c - see harness.h.  Everything an input allocates lives in its
 * Ctx (freed after each section) or is freed here, so LeakSanitizer sees
 * every leak of the code under test.  Diagnostics and output go to
 * /dev/null (to stderr with TTX_FUZZ_VERBOSE=1 in the environment). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "harness.h"
#include "ir.h"
#include "parse.h"
#include "pass.h"
#include "print.h"
#include "registry.h"
#include "target.h"

static FILE *sink;           /* diagnostics */
static FILE *out;            /* printed IR and C */
static Pipeline pl_ktir, pl_passes, pl_c, pl_ptr;
static const Target *t_ktir, *t_c;

static void fail(const char *what, const char *err) {
    fprintf(stderr, "fuzz harness: %s: %s\n", what, err);
    abort();
}

static void build(Pipeline *pl, const char *text) {
    char err[512];
    if (!pipeline_parse(pl, text, err, sizeof err)) fail(text, err);
}

static void release(void) {
    pipeline_free(&pl_ktir);
    pipeline_free(&pl_passes);
    pipeline_free(&pl_c);
    pipeline_free(&pl_ptr);
}

void fuzz_init(FuzzKind k) {
    registry_init();
    const char *v = getenv("TTX_FUZZ_VERBOSE");
    bool verbose = v && *v && strcmp(v, "0");
    sink = verbose ? stderr : fopen("/dev/null", "w");
    out = verbose ? stdout : sink;
    if (!sink) fail("/dev/null", "cannot open");
    char err[512];
    TargetOpts to = {0};
    switch (k) {
    case FUZZ_READER: break;
    case FUZZ_KTIR:
        t_ktir = target_by_name("ktir");
        if (!t_ktir || !t_ktir->pipeline(&pl_ktir, &to, err, sizeof err)) fail("ktir pipeline", err);
        break;
    case FUZZ_PASSES:
        build(&pl_passes, "inline,canonicalize,cse,dce,symbol-dce");
        break;
    case FUZZ_C:
        t_c = target_by_name("c");
        if (!t_c || !t_c->pipeline(&pl_c, &to, err, sizeof err)) fail("c pipeline", err);
        build(&pl_ptr, "ptr-analysis");
        break;
    }
    atexit(release);
}

static bool not_verbatim(Op *op, void *ud) { (void)ud; return !op->verbatim; }

/* one section: what main.c's process() does for it */
static void section(FuzzKind k, const char *src, size_t len, int line, int variant) {
    Diag d;
    diag_init(&d, sink);
    diag_set_source(&d, "fuzz", src, len);
    Ctx *c = ctx_new();
    RunOpts ro = { .verify_each = true };
    PrintOpts po = {0};
    Op *m = parse_module(c, "fuzz", src, len, line, &d);
    switch (k) {
    case FUZZ_READER:
        if (m && !d.nerrors && verify_module(c, m, &d)) {
            print_module(out, c, m, &po);
            if (op_walk(m, not_verbatim, NULL)) {
                po.generic = true;
                print_module(out, c, m, &po);
            }
        }
        break;
    case FUZZ_KTIR:
        if (m && !d.nerrors && t_ktir->precheck(m, &d) && pipeline_run(&pl_ktir, c, m, &ro, &d))
            print_module(out, c, m, &po);
        break;
    case FUZZ_PASSES:
        if (m && !d.nerrors && pipeline_run(&pl_passes, c, m, &ro, &d))
            print_module(out, c, m, &po);
        break;
    case FUZZ_C:
        /* --emit=c runs the target's pipeline and precheck; an explicit
         * pipeline (--ptr-analysis) replaces both */
        if (variant == 0) {
            if (m && !d.nerrors && t_c->precheck(m, &d) && pipeline_run(&pl_c, c, m, &ro, &d))
                t_c->emit(out, c, m, &d);
        } else if (m && !d.nerrors && pipeline_run(&pl_ptr, c, m, &ro, &d)) {
            t_c->emit(out, c, m, &d);
        }
        break;
    }
    diag_free(&d);
    ctx_free(c);
}

static bool is_marker(const char *p, const char *e) {
    if (e - p < 8 || strncmp(p, "// -----", 8)) return false;
    for (p += 8; p < e; p++) if (*p != ' ' && *p != '\t' && *p != '\r') return false;
    return true;
}

typedef struct Job { FuzzKind k; char *buf; size_t len; } Job;

static void *job(void *arg) {
    Job *j = arg;
    char *p = j->buf, *start = p, *lim = p + j->len;
    int line = 1, startline = 1;
    for (;;) {
        char *e = p < lim ? memchr(p, '\n', (size_t)(lim - p)) : NULL;
        if (!e) e = lim;
        bool last = e == lim;
        if (is_marker(p, e) || last) {
            char *end = last && !is_marker(p, e) ? lim : p;
            char saved = *end;
            *end = 0;   /* the reader wants a NUL after the text */
            for (int v = 0; v < (j->k == FUZZ_C ? 2 : 1); v++)
                section(j->k, start, (size_t)(end - start), startline, v);
            *end = saved;
            start = e < lim ? e + 1 : e;
            startline = line + 1;
        }
        if (last) break;
        line++;
        p = e + 1;
    }
    return NULL;
}

void fuzz_one(FuzzKind k, const uint8_t *data, size_t size) {
    Job j = { k, malloc(size + 1), size };
    if (!j.buf) return;
    memcpy(j.buf, data, size);
    j.buf[size] = 0;
    /* deep nesting recurses in the reader and printer: the command line
     * gives such inputs a 1 GiB stack, so the harness does too */
    pthread_attr_t at;
    pthread_t th;
    pthread_attr_init(&at);
    pthread_attr_setstacksize(&at, (size_t)1 << 30);
    if (pthread_create(&th, &at, job, &j) == 0) pthread_join(th, NULL);
    else job(&j);
    pthread_attr_destroy(&at);
    free(j.buf);
}
