/* trace.c - what `ttxform run` records: the Chrome trace (--trace), the
 * --bench lines and the --dump-dir files. */
#include "run_impl.h"

#include "print.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

double now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}


void ev_add(Trace *t, const char *name, const char *cat, double t0, double t1, int tid, int64_t first, int64_t end) {
    if (!t) return;
    if (t->n == t->cap) {
        int nc = t->cap ? t->cap * 2 : 64;
        Ev *ne = realloc(t->ev, sizeof *ne * (size_t)nc);
        if (!ne) return;
        t->ev = ne;
        t->cap = nc;
    }
    t->ev[t->n++] = (Ev){ name, cat, t0, t1 - t0, tid, first, end };
}

static void json_str(FILE *f, const char *s) {
    fputc('"', f);
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\') fprintf(f, "\\%c", ch);
        else if (ch < 0x20) fprintf(f, "\\u%04x", ch);
        else fputc(ch, f);
    }
    fputc('"', f);
}

bool trace_write(FILE *f, const Trace *t, const char *engine, int nthreads, const int grid[3]) {
    fputs("{\"traceEvents\": [\n", f);
    fprintf(f, "  {\"name\": \"process_name\", \"ph\": \"M\", \"pid\": 1, \"tid\": 0, \"args\": {\"name\": \"ttxform run\"}},\n");
    fprintf(f, "  {\"name\": \"thread_name\", \"ph\": \"M\", \"pid\": 1, \"tid\": 0, \"args\": {\"name\": \"host\"}}");
    for (int i = 1; i <= nthreads; i++)
        fprintf(f, ",\n  {\"name\": \"thread_name\", \"ph\": \"M\", \"pid\": 1, \"tid\": %d, \"args\": {\"name\": \"worker %d\"}}", i, i);
    for (int i = 0; i < t->n; i++) {
        const Ev *e = &t->ev[i];
        fputs(",\n  {\"name\": ", f);
        json_str(f, e->name);
        fprintf(f, ", \"cat\": \"%s\", \"ph\": \"X\", \"ts\": %.3f, \"dur\": %.3f, \"pid\": 1, \"tid\": %d", e->cat,
                e->ts - t->t0, e->dur, e->tid);
        if (e->end > e->first) fprintf(f, ", \"args\": {\"first\": %" PRId64 ", \"end\": %" PRId64 "}", e->first, e->end);
        fputc('}', f);
    }
    fprintf(f, "\n], \"displayTimeUnit\": \"ms\", \"metadata\": {\"engine\": \"%s\", \"num_threads\": %d, "
            "\"grid\": [%d, %d, %d]}}\n", engine, nthreads, grid[0], grid[1], grid[2]);
    return !ferror(f);
}

/* --bench: one line on stderr with the best and median launch time */
static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

void bench_print(const char *kernel, const char *engine, int nthreads, double *t, int n) {
    qsort(t, (size_t)n, sizeof *t, cmp_double);
    double med = n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
    fprintf(stderr, "bench %s: %s, %d thread%s, %d launch%s: best %.3f ms, median %.3f ms\n", kernel, engine, nthreads,
            nthreads == 1 ? "" : "s", n, n == 1 ? "" : "es", t[0] / 1000, med / 1000);
}

/* ---- --dump-dir ------------------------------------------------------------ */

bool mkdirs(const char *dir) {
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", dir);
    for (char *p = buf + 1; *p; p++)
        if (*p == '/') { *p = 0; mkdir(buf, 0777); *p = '/'; }
    return mkdir(buf, 0777) == 0 || errno == EEXIST;
}

bool dump_file(const char *dir, const char *name, const char *text, size_t len) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f) { errorf("cannot write '%s': %s", path, strerror(errno)); return false; }
    bool ok = fwrite(text, 1, len, f) == len;
    ok = fclose(f) == 0 && ok;
    if (!ok) errorf("cannot write '%s': %s", path, strerror(errno));
    return ok;
}

bool dump_input(const char *dir, Ctx *c, Op *m) {
    if (!mkdirs(dir)) { errorf("cannot create '%s': %s", dir, strerror(errno)); return false; }
    char *txt = NULL;
    size_t tl = 0;
    FILE *mf = open_memstream(&txt, &tl);
    PrintOpts po = { 0 };
    bool ok = mf && print_module(mf, c, m, &po);
    if (mf) { fputc('\n', mf); fclose(mf); }
    ok = ok && dump_file(dir, "00-input.mlir", txt, tl);
    free(txt);
    return ok;
}
