/* parse_par.c - reading a large module on several threads.
 *
 * A text of the usual shape, aliases then one `module ... {` whose body
 * holds many top-level ops (functions), is read in pieces: the module's
 * header and closing brace (with the aliases and file metadata) on the
 * calling thread, skipping the body, then the body cut at line starts
 * between top-level ops into pieces that worker threads read into the same
 * context (ctx_share: interning is serialised, each thread allocates from
 * its own chunks).  The pieces' ops are appended to the module's body in
 * text order, so the IR is the one a serial read builds.
 *
 * Anything unusual falls back to the serial reader, which then reports
 * exactly what it always reports: a text that does not have that shape, a
 * body line at the top level that starts an alias or a value outside any
 * op, or any diagnostic at all from a piece (errors, warnings, notes).  The
 * IR a failed attempt built stays in the arena unused. */
#include <pthread.h>
#include <stdatomic.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "parse.h"
#include "parse_impl.h"

static int par_threads;   /* 0: one per CPU, at most PAR_MAX_THREADS */
void parse_set_threads(int n) { par_threads = n; }
static _Thread_local int last_threads;
int parse_last_threads(void) { return last_threads; }

enum {
    PAR_MIN_BYTES = 1 << 20,      /* below this a serial read is as fast */
    PAR_MAX_THREADS = 8,
    PAR_PIECES_PER_THREAD = 4,    /* pieces are taken in order as threads free up */
    PAR_MAX_PIECES = PAR_MAX_THREADS * PAR_PIECES_PER_THREAD,
};
#define PAR_STACK ((size_t)512 << 20)   /* deeply nested functions recurse in the reader */

typedef struct Piece {
    char *s;          /* starts at a line start; s[len] is the '\n' replaced by a NUL while read */
    size_t len;
    int line;
    Block *top;       /* its top-level ops, NULL when it failed */
    Diag d;
} Piece;

typedef struct Plan {
    const char *body;       /* just past the module's `{` */
    const char *close;      /* the start of the line of the module's `}` */
    int close_line;
    int npieces;
    const char *cut[PAR_MAX_PIECES + 1];
    int cutline[PAR_MAX_PIECES + 1];
} Plan;

/* past a string literal starting at p (at '"'); NULL if it does not end on its line */
static const char *skip_string(const char *p, const char *e) {
    for (p++; p < e && *p != '"'; p++) {
        if (*p == '\n') return NULL;
        if (*p == '\\' && p + 1 < e) p++;
    }
    return p < e ? p + 1 : NULL;
}

static const char *skip_blanks(const char *p, const char *e) {
    while (p < e && (*p == ' ' || *p == '\t' || *p == '\r')) p++;
    return p;
}

/* true when from p to the end of its line there is nothing but blanks or a comment */
static bool line_rest_empty(const char *p, const char *e) {
    p = skip_blanks(p, e);
    return p >= e || *p == '\n' || (p + 1 < e && p[0] == '/' && p[1] == '/');
}

static bool is_word_at(const char *p, const char *e, const char *w) {
    size_t n = strlen(w);
    if ((size_t)(e - p) < n || memcmp(p, w, n)) return false;
    if (p + n == e) return true;
    char c = p[n];
    return !((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.' || c == '$');
}

/* the newlines in [p, e), eight bytes at a time: a byte of x is 0x80 exactly
 * where the word had a '\n' (no carry crosses bytes: each byte's low seven
 * bits plus 0x7f stay below 0x100); x >> 7 adds 1 to a byte counter per
 * '\n', and the counters are summed before any can pass 255.  A memchr per
 * line costs its call on every short line: 3 ms for a 4 MB module. */
static int count_lines(const char *p, const char *e) {
    const uint64_t lo7 = 0x7f7f7f7f7f7f7f7full, nl = 0x0a0a0a0a0a0a0a0aull, m16 = 0x00ff00ff00ff00ffull;
    size_t n = 0;
#ifdef __SSE2__
    /* the same, sixteen bytes at a time: a match is -1 in its byte */
    const __m128i nlv = _mm_set1_epi8('\n'), zero = _mm_setzero_si128();
    while (e - p >= 16) {
        __m128i acc = zero;
        for (int k = 0; k < 255 && e - p >= 16; k++, p += 16)
            acc = _mm_sub_epi8(acc, _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(const void *)p), nlv));
        __m128i sums = _mm_sad_epu8(acc, zero);   /* two 64-bit sums of eight bytes */
        n += (size_t)_mm_cvtsi128_si32(sums) + (size_t)_mm_extract_epi16(sums, 4);
    }
#endif
    while (e - p >= 8) {
        uint64_t acc = 0;
        for (int k = 0; k < 255 && e - p >= 8; k++, p += 8) {
            uint64_t w;
            memcpy(&w, p, 8);
            w ^= nl;                                  /* a '\n' byte is now 0 */
            acc += ~(((w & lo7) + lo7) | w | lo7) >> 7;
        }
        uint64_t pairs = (acc & m16) + ((acc >> 8) & m16);   /* four 16-bit sums, each <= 510 */
        n += (size_t)((pairs * 0x0001000100010001ull) >> 48);
    }
    for (; p < e; p++) n += *p == '\n';
    return (int)n;
}

/* the start of the line after the one p is on (e if none) */
static const char *next_line(const char *p, const char *e) {
    const char *nl = memchr(p, '\n', (size_t)(e - p));
    return nl ? nl + 1 : e;
}

/* Finds the module's body and line starts in it where top-level ops begin;
 * false when the text is not of the shape this reader handles.  The header
 * (aliases, `module ... {` ending its line) is scanned with its brackets;
 * the module's `}` is the text's last one, alone on its line, with nothing
 * but blanks or file metadata after it; the cuts are lines indented as the
 * body's first op is, a guess the pieces' read confirms (a cut inside an op
 * leaves an op unfinished, which is an error, and the read falls back). */
static bool plan(const char *src, size_t len, int first_line, int npieces, Plan *pl) {
    const char *p = src, *e = src + len;
    int line = first_line, depth = 0;
    bool seen_module = false;
    pl->body = NULL;
    while (p < e && !pl->body) {
        char c = *p;
        if (c == '\n') { line++; p++; continue; }
        if (c == '/' && p + 1 < e && p[1] == '/') { while (p < e && *p != '\n') p++; continue; }
        if (c == '"') { if (!(p = skip_string(p, e))) return false; continue; }
        if (depth == 0 && !seen_module && is_word_at(p, e, "module")) { seen_module = true; p += 6; continue; }
        if (c == '{' && p + 2 < e && p[1] == '-' && p[2] == '#') return false;   /* metadata before the module */
        if (c == '{' || c == '(' || c == '[') {
            if (c == '{' && depth == 0 && seen_module && line_rest_empty(p + 1, e)) { pl->body = p + 1; break; }
            depth++;
        } else if (c == '}' || c == ')' || c == ']') {
            if (--depth < 0) return false;
        }
        p++;
    }
    if (!pl->body) return false;
    int body_line = line;
    /* the end, backwards: blanks, one optional {-# ... #-}, blanks, the module's `}` */
    const char *q = e;
    while (q > pl->body && (q[-1] == ' ' || q[-1] == '\t' || q[-1] == '\r' || q[-1] == '\n')) q--;
    if (q - pl->body >= 3 && !memcmp(q - 3, "#-}", 3)) {
        const char *m = q - 3;
        while (m > pl->body && !(m[0] == '{' && m[1] == '-' && m[2] == '#')) m--;
        if (m <= pl->body) return false;
        q = m;
        while (q > pl->body && (q[-1] == ' ' || q[-1] == '\t' || q[-1] == '\r' || q[-1] == '\n')) q--;
    }
    if (q <= pl->body || q[-1] != '}') return false;
    const char *close = q - 1, *ls = close;
    while (ls > pl->body && (ls[-1] == ' ' || ls[-1] == '\t')) ls--;
    if (ls <= pl->body || ls[-1] != '\n') return false;   /* not alone on its line */
    pl->close = ls;
    /* the first op of the body gives the indentation of top-level lines */
    const char *f = next_line(pl->body, e);
    int fline = body_line + 1;
    for (;;) {
        if (f >= pl->close) return false;
        const char *t = skip_blanks(f, e);
        if (*t != '\n' && !(t[0] == '/' && t[1] == '/')) break;
        f = next_line(f, e); fline++;
    }
    size_t indent = (size_t)(skip_blanks(f, e) - f);
    if (!indent) return false;
    /* the cuts: from evenly spaced points, the next line so indented that starts an op */
    int n = 0;
    pl->cut[n] = pl->body; pl->cutline[n] = body_line; n++;
    size_t body_len = (size_t)(pl->close - pl->body);
    const char *from = f;
    int from_line = fline;
    (void)from_line;
    for (int k = 1; k < npieces; k++) {
        const char *want = pl->body + body_len / (size_t)npieces * (size_t)k;
        if (want <= from) continue;
        /* count the lines on the way (line numbers of the pieces) */
        const char *r = memrchr(from, '\n', (size_t)(want - from));
        r = r ? r + 1 : from;
        int rl = 0;   /* line numbers: counted later, on the threads (parse_module_par) */
        const char *cut = NULL;
        while (r < pl->close) {
            const char *t = skip_blanks(r, e);
            if ((size_t)(t - r) == indent && t < pl->close && *t != '\n' && *t != '}' && *t != '/' &&
                *t != '#' && *t != '!' && *t != '{' && *t != ')' && *t != ']' && *t != ':') { cut = r; break; }
            r = next_line(r, e); rl++;
        }
        if (!cut) break;
        pl->cut[n] = cut; pl->cutline[n] = rl; n++;
        from = next_line(cut, e); from_line = rl + 1;
    }
    if (n < 2) return false;
    pl->cut[n] = pl->close;
    pl->npieces = n;
    return true;
}

typedef struct Shared {
    Ctx *c;
    const char *file;
    Piece *pieces;
    int npieces;
    atomic_int next;
    atomic_bool failed;
    ParseProgressFn progress;
    void *progress_ud;
} Shared;

/* first the newlines of each piece, for the pieces' first line numbers */
typedef struct Count { const Plan *pl; int *nl; atomic_int next; } Count;
static void *count_worker(void *arg) {
    Count *ct = arg;
    for (;;) {
        int i = atomic_fetch_add(&ct->next, 1);
        if (i >= ct->pl->npieces) break;
        ct->nl[i] = count_lines(ct->pl->cut[i], ct->pl->cut[i + 1]);
    }
    return NULL;
}

/* runs fn(arg) on n threads, the calling one included; the count that ran */
static int run_threads(int n, void *(*fn)(void *), void *arg) {
    pthread_t th[PAR_MAX_THREADS];
    pthread_attr_t at;
    pthread_attr_init(&at);
    pthread_attr_setstacksize(&at, PAR_STACK);
    int started = 0;
    for (int i = 0; i < n - 1; i++) if (!pthread_create(&th[started], &at, fn, arg)) started++;
    pthread_attr_destroy(&at);
    fn(arg);
    for (int i = 0; i < started; i++) pthread_join(th[i], NULL);
    return started + 1;
}

static void *worker(void *arg) {
    Shared *sh = arg;
    parse_set_progress(sh->progress, sh->progress_ud);
    for (;;) {
        int i = atomic_fetch_add(&sh->next, 1);
        if (i >= sh->npieces || atomic_load(&sh->failed)) break;
        Piece *pc = &sh->pieces[i];
        pc->top = parse_text(sh->c, sh->file, pc->s, pc->len, pc->line, &pc->d, NULL, 1);
        if (!pc->top || pc->d.nrecs) atomic_store(&sh->failed, true);
        /* the piece is read: its text may go (the caller drops whole pages only) */
        else if (sh->progress) sh->progress(sh->progress_ud, pc->s, pc->s + pc->len);
    }
    parse_set_progress(NULL, NULL);
    ctx_thread_done(sh->c);
    return NULL;
}

static int alias_count(Ctx *c) {
    int n = 0;
    for (Alias *a = ctx_aliases(c); a; a = a->next) n++;
    return n;
}

/* removes the aliases after the first n (those the skeleton defined) */
static void drop_aliases(Ctx *c, int n) {
    PtrVec names = {0};
    int i = 0;
    for (Alias *a = ctx_aliases(c); a; a = a->next) if (i++ >= n) pv_push(&names, (void *)a->name);
    for (int k = 0; k < names.n; k++) ctx_remove_alias(c, names.v[k]);
    pv_free(&names);
}

static int thread_count(void) {
    int n = par_threads;
    if (n <= 0) {
        long cpus = sysconf(_SC_NPROCESSORS_ONLN);
        n = cpus > 0 ? (int)cpus : 1;
    }
    return n > PAR_MAX_THREADS ? PAR_MAX_THREADS : n;
}

Op *parse_module_par(Ctx *c, const char *file, const char *src, size_t len, int first_line, Diag *d) {
    last_threads = 1;
    int nth = thread_count();
    if (nth < 2 || len < PAR_MIN_BYTES) return NULL;
    Plan *pl = malloc(sizeof *pl);
    if (!pl) return NULL;
    if (!plan(src, len, first_line, nth * PAR_PIECES_PER_THREAD, pl)) { free(pl); return NULL; }
    {
        int nl[PAR_MAX_PIECES];
        Count ct = { pl, nl, 0 };
        atomic_init(&ct.next, 0);
        run_threads(nth < pl->npieces ? nth : pl->npieces, count_worker, &ct);
        for (int i = 0; i < pl->npieces; i++) pl->cutline[i + 1] = pl->cutline[i] + nl[i];
        pl->close_line = pl->cutline[pl->npieces];
    }
    /* the skeleton: everything but the body, diagnostics kept (a failure is read again serially) */
    int aliases0 = alias_count(c);
    Diag sd;
    diag_init(&sd, d->out);
    sd.capture = true;
    ParseSkip skip = { pl->body, pl->close, pl->close_line };
    ParseProgressFn pfn;
    void *pud;
    parse_progress_get(&pfn, &pud);
    parse_set_progress(NULL, NULL);   /* the body is still to be read */
    Block *stop = parse_text(c, file, src, len, first_line, &sd, &skip, 0);
    parse_set_progress(pfn, pud);
    bool ok = stop && !sd.nrecs && stop->first && !stop->first->next && op_is(stop->first, OP_module);
    diag_free(&sd);
    if (!ok) { drop_aliases(c, aliases0); free(pl); return NULL; }
    Op *m = parse_wrap_module(c, stop);
    /* the pieces, each ended by a NUL in place of its last '\n' */
    int np = pl->npieces;
    Piece *pieces = calloc((size_t)np, sizeof *pieces);
    Shared sh = { .c = c, .file = file, .pieces = pieces, .npieces = np };
    parse_progress_get(&sh.progress, &sh.progress_ud);
    atomic_init(&sh.next, 0);
    atomic_init(&sh.failed, false);
    for (int i = 0; i < np; i++) {
        Piece *pc = &pieces[i];
        pc->s = (char *)pl->cut[i];
        pc->len = (size_t)(pl->cut[i + 1] - pl->cut[i]) - 1;
        pc->line = pl->cutline[i];
        diag_init(&pc->d, d->out);
        pc->d.capture = true;
        pc->s[pc->len] = 0;
    }
    ctx_share(c, true);
    int running = run_threads(nth < np ? nth : np, worker, &sh);
    ctx_share(c, false);
    for (int i = 0; i < np; i++) pieces[i].s[pieces[i].len] = '\n';
    ok = !atomic_load(&sh.failed) && atomic_load(&sh.next) >= np;
    if (ok) {
        Block *body = module_body(m);
        for (int i = 0; i < np; i++)
            while (pieces[i].top->first) { Op *o = pieces[i].top->first; op_unlink(o); op_append(body, o); }
    }
    for (int i = 0; i < np; i++) diag_free(&pieces[i].d);
    free(pieces);
    free(pl);
    if (!ok) { drop_aliases(c, aliases0); return NULL; }
    last_threads = running;
    return m;
}
