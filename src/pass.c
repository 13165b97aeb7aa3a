/* pass.c - the pass lookup, pass options, pipelines and the pass runner
 * with its debugging aids. */
#include "pass.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "print.h"

/* the concrete passes live above src/: the program hands their table over
 * at start-up (cli/registry.c); until then there is none */
static const Pass *const *registry;
static int nregistry;

void pass_registry_set(const Pass *const *all, int n) {
    registry = all;
    nregistry = n;
}

const Pass *const *pass_all(int *n) { *n = nregistry; return registry; }

const Pass *pass_lookup(const char *name) {
    for (int i = 0; i < nregistry; i++)
        if (!strcmp(registry[i]->name, name)) return registry[i];
    return NULL;
}

static int opt_index(const Pass *p, const char *name) {
    for (int i = 0; i < p->nopts; i++) if (!strcmp(p->opts[i].name, name)) return i;
    return -1;
}
const PassOptVal *popt(const PassOptions *o, const char *name) {
    int i = opt_index(o->pass, name);
    return i < 0 ? NULL : &o->v[i];
}
int64_t popt_int(const PassOptions *o, const char *name) { const PassOptVal *v = popt(o, name); return v ? v->i : 0; }
bool popt_bool(const PassOptions *o, const char *name) { const PassOptVal *v = popt(o, name); return v && v->b; }
const char *popt_str(const PassOptions *o, const char *name) { const PassOptVal *v = popt(o, name); return v ? v->s : NULL; }

static bool parse_int(const char *s, size_t n, int64_t *out) {
    char buf[32];
    if (!n || n >= sizeof buf) return false;
    memcpy(buf, s, n);
    buf[n] = 0;
    char *end;
    errno = 0;
    long long v = strtoll(buf, &end, 10);
    if (errno || *end) return false;
    *out = v;
    return true;
}

/* does the integer v pass `values` ("a|b|c", "LO..HI", "LO..")? */
static bool int_allowed(const char *values, int64_t v) {
    const char *dots = strstr(values, "..");
    if (dots) {
        int64_t lo = strtoll(values, NULL, 10);
        return v >= lo && (!dots[2] || v <= strtoll(dots + 2, NULL, 10));
    }
    for (const char *q = values; *q; q = *q ? q + 1 : q) {
        char *end;
        if (strtoll(q, &end, 10) == v) return true;
        q = end;
    }
    return false;
}

static bool word_allowed(const char *values, const char *w, size_t n) {
    for (const char *q = values;;) {
        const char *bar = strchr(q, '|');
        size_t len = bar ? (size_t)(bar - q) : strlen(q);
        if (len == n && !strncmp(q, w, n)) return true;
        if (!bar) return false;
        q = bar + 1;
    }
}

/* "expected ..." for an option's values, as --help lists them */
static void expected(const PassOptDef *d, char *buf, size_t len) {
    const char *v = d->values;
    const char *dots = v ? strstr(v, "..") : NULL;
    if (d->kind == PO_BOOL) snprintf(buf, len, "true or false");
    else if (!v) snprintf(buf, len, d->kind == PO_INTLIST ? "a comma-separated list of integers" : "an integer");
    else if (dots && dots[2]) snprintf(buf, len, "%s from %.*s to %s", d->kind == PO_INTLIST ? "a comma-separated list of integers" : "an integer", (int)(dots - v), v, dots + 2);
    else if (dots) snprintf(buf, len, "%s of at least %.*s", d->kind == PO_INTLIST ? "a comma-separated list of integers" : "an integer", (int)(dots - v), v);
    else snprintf(buf, len, "one of %s", v);
}

static bool bad_value(const Pass *p, const PassOptDef *d, const char *val, size_t n, char *err, size_t errlen) {
    char want[200];
    expected(d, want, sizeof want);
    snprintf(err, errlen, "invalid value '%.*s' for option '%s' of pass '%s': expected %s",
             (int)n, val, d->name, p->name, want);
    return false;
}

static bool set_value(const Pass *p, int k, const char *val, size_t n, PassOptVal *v, char *err, size_t errlen) {
    const PassOptDef *d = &p->opts[k];
    switch (d->kind) {
    case PO_INT:
        if (!parse_int(val, n, &v->i) || (d->values && !int_allowed(d->values, v->i))) return bad_value(p, d, val, n, err, errlen);
        break;
    case PO_BOOL:
        if (n == 4 && !strncmp(val, "true", 4)) v->b = true;
        else if (n == 5 && !strncmp(val, "false", 5)) v->b = false;
        else return bad_value(p, d, val, n, err, errlen);
        break;
    case PO_STRING: {
        if (d->values && !word_allowed(d->values, val, n)) return bad_value(p, d, val, n, err, errlen);
        char *s = malloc(n + 1);
        memcpy(s, val, n);
        s[n] = 0;
        v->s = s;   /* owned by the pipeline (pipeline_free) */
        break;
    }
    case PO_INTLIST: {
        v->nlist = 0;
        const char *q = val, *e = val + n;
        while (q < e) {
            const char *c = memchr(q, ',', (size_t)(e - q));
            if (!c) c = e;
            if (v->nlist == 64 || !parse_int(q, (size_t)(c - q), &v->list[v->nlist]) ||
                (d->values && !int_allowed(d->values, v->list[v->nlist])))
                return bad_value(p, d, val, n, err, errlen);
            v->nlist++;
            q = c + 1;
        }
        if (!v->nlist) { snprintf(err, errlen, "empty value for option '%s' of pass '%s'", d->name, p->name); return false; }
        break;
    }
    }
    return true;
}

bool pass_options_parse(const Pass *pass, const char *text, PassOptions *o, char *err, size_t errlen) {
    memset(o, 0, sizeof *o);
    o->pass = pass;
    for (int i = 0; i < pass->nopts; i++) {
        const char *d = pass->opts[i].dflt;
        if (d && *d && !set_value(pass, i, d, strlen(d), &o->v[i], err, errlen)) return false;
        if (pass->opts[i].kind == PO_STRING && !d) o->v[i].s = NULL;
    }
    const char *q = text ? text : "";
    for (;;) {
        while (*q == ' ' || *q == '\t') q++;
        if (!*q) break;
        const char *eq = q;
        while (*eq && *eq != '=' && *eq != ' ') eq++;
        size_t klen = (size_t)(eq - q);
        char key[64];
        if (klen >= sizeof key) klen = sizeof key - 1;
        memcpy(key, q, klen);
        key[klen] = 0;
        int k = opt_index(pass, key);
        if (k < 0) { snprintf(err, errlen, "pass '%s' has no option '%s'", pass->name, key); return false; }
        const char *val, *ve;
        if (*eq == '=') {
            val = eq + 1;
            if (*val == '"' || *val == '\'') {
                char qc = *val++;
                ve = strchr(val, qc);
                if (!ve) { snprintf(err, errlen, "unterminated quote in options of pass '%s'", pass->name); return false; }
                q = ve + 1;
            } else {
                ve = val;
                while (*ve && *ve != ' ') ve++;
                q = ve;
            }
        } else {
            if (pass->opts[k].kind != PO_BOOL) { snprintf(err, errlen, "option '%s' of pass '%s' needs a value", key, pass->name); return false; }
            val = "true"; ve = val + 4; q = eq;
        }
        if (pass->opts[k].kind == PO_STRING && o->v[k].s) { free((char *)o->v[k].s); o->v[k].s = NULL; }
        if (!set_value(pass, k, val, (size_t)(ve - val), &o->v[k], err, errlen)) return false;
        o->v[k].set = true;
    }
    return true;
}

bool pipeline_add(Pipeline *pl, const char *name, const char *opts, char *err, size_t errlen) {
    const Pass *p = pass_lookup(name);
    if (!p) { snprintf(err, errlen, "unknown pass '%s'", name); return false; }
    if (pl->n == pl->cap) {
        pl->cap = pl->cap ? pl->cap * 2 : 8;
        pl->p = realloc(pl->p, sizeof(PassOptions) * (size_t)pl->cap);
    }
    if (!pass_options_parse(p, opts, &pl->p[pl->n], err, errlen)) {
        for (int i = 0; i < p->nopts; i++) if (p->opts[i].kind == PO_STRING) free((char *)pl->p[pl->n].v[i].s);
        return false;
    }
    pl->n++;
    return true;
}

/* `builtin.module(a, b{x=1 y=2}, func.func(c))`: anchors are accepted and
 * their passes run on the whole module */
static bool parse_list(Pipeline *pl, const char **sp, char *err, size_t errlen, int depth) {
    const char *s = *sp;
    for (;;) {
        while (*s == ' ' || *s == ',') s++;
        if (!*s || *s == ')') break;
        const char *b = s;
        while (*s && *s != '(' && *s != ')' && *s != '{' && *s != ',' && *s != ' ') s++;
        size_t n = (size_t)(s - b);
        char name[128];
        if (!n || n >= sizeof name) { snprintf(err, errlen, "malformed pass pipeline near '%.20s'", b); return false; }
        memcpy(name, b, n);
        name[n] = 0;
        while (*s == ' ') s++;
        if (*s == '(') {   /* an op anchor */
            s++;
            if (depth > 8 || !parse_list(pl, &s, err, errlen, depth + 1)) return false;
            if (*s != ')') { snprintf(err, errlen, "malformed pass pipeline: missing ')' after '%s('", name); return false; }
            s++;
            continue;
        }
        char *opts = NULL;
        if (*s == '{') {
            const char *e = strchr(s, '}');
            if (!e) { snprintf(err, errlen, "malformed pass pipeline: missing '}' after '%s{'", name); return false; }
            opts = strndup(s + 1, (size_t)(e - s - 1));
            s = e + 1;
        }
        bool ok = pipeline_add(pl, name, opts, err, errlen);
        free(opts);
        if (!ok) return false;
    }
    *sp = s;
    return true;
}

bool pipeline_parse(Pipeline *pl, const char *text, char *err, size_t errlen) {
    const char *s = text;
    if (!parse_list(pl, &s, err, errlen, 0)) return false;
    while (*s == ' ') s++;
    if (*s) { snprintf(err, errlen, "malformed pass pipeline: unexpected '%c'", *s); return false; }
    return true;
}

void pipeline_free(Pipeline *pl) {
    for (int i = 0; i < pl->n; i++)
        for (int k = 0; k < pl->p[i].pass->nopts; k++)
            if (pl->p[i].pass->opts[k].kind == PO_STRING) free((char *)pl->p[i].v[k].s);
    free(pl->p);
    pl->p = NULL; pl->n = pl->cap = 0;
}

/* an option's values as --help lists them: the `values` of its definition
 * ("a|b", "<int 1..1024>"), true|false for a bool, or <int>, <int list>,
 * <string>; returns the width printed */
int pass_print_values(FILE *f, const PassOptDef *d) {
    static const char *kinds[] = { "int", "bool", "string", "int list" };
    if (d->kind == PO_BOOL) return fprintf(f, "true|false");
    if (!d->values) return fprintf(f, "<%s>", kinds[d->kind]);
    if (strstr(d->values, "..")) return fprintf(f, "<%s %s>", kinds[d->kind], d->values);
    return fprintf(f, "%s", d->values);
}

void pass_print_help(FILE *f) {
    int n;
    const Pass *const *all = pass_all(&n);
    fprintf(f, "passes (run in the order given; options as --name=opt=value or --name='a=1 b=2'):\n");
    for (int i = 0; i < n; i++) {
        if (!strncmp(all[i]->name, "test-", 5)) continue;
        fprintf(f, "  --%-34s %s\n", all[i]->name, all[i]->summary);
        for (int k = 0; k < all[i]->nopts; k++) {
            const PassOptDef *d = &all[i]->opts[k];
            fprintf(f, "      %s=", d->name);
            int w = pass_print_values(f, d);
            fprintf(f, "%*s %s (default: %s)\n", 27 - (int)strlen(d->name) - w > 0 ? 27 - (int)strlen(d->name) - w : 1, "",
                    d->help, d->dflt && *d->dflt ? d->dflt : "none");
        }
    }
}

/* ---- running -------------------------------------------------------- */
static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void dump(const RunOpts *ro, Ctx *c, Op *m, int stage, const char *name, Diag *d) {
    PrintOpts po = { .debuginfo = ro->debuginfo };
    if (ro->dump_dir) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s%02d-%s.mlir", ro->dump_dir, ro->dump_prefix ? ro->dump_prefix : "", stage, name);
        FILE *f = fopen(path, "w");
        if (!f) { Loc l = {0}; diag_error(d, l, "cannot write '%s': %s", path, strerror(errno)); return; }
        print_module(f, c, m, &po);
        fclose(f);
    }
}

/* the IR as the failing stage left it: NN-PASS.failed.mlir */
static void dump_failed(const RunOpts *ro, Ctx *c, Op *m, int stage, const char *name, Diag *d) {
    char n[300];
    snprintf(n, sizeof n, "%s.failed", name);
    dump(ro, c, m, stage, n, d);
}

static bool mkdir_p(const char *dir) {
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", dir);
    for (char *p = buf + 1; *p; p++) {
        if (*p != '/') continue;
        *p = 0;
        if (mkdir(buf, 0777) && errno != EEXIST) return false;
        *p = '/';
    }
    return !mkdir(buf, 0777) || errno == EEXIST;
}

void pipeline_dump_early(const RunOpts *ro, Ctx *c, Op *m, const char *stage, Diag *d) {
    if (!ro->dump_dir) return;
    if (!mkdir_p(ro->dump_dir)) {
        Loc l = {0};
        diag_error(d, l, "cannot create dump directory '%s': %s", ro->dump_dir, strerror(errno));
        return;
    }
    dump(ro, c, m, 0, "input", d);
    if (stage) dump_failed(ro, c, m, 1, stage, d);
}

bool pipeline_run(const Pipeline *pl, Ctx *c, Op *m, const RunOpts *ro, Diag *d) {
    PrintOpts po = { .debuginfo = ro->debuginfo };
    if (ro->dump_dir && !mkdir_p(ro->dump_dir)) {
        Loc l = {0};
        diag_error(d, l, "cannot create dump directory '%s': %s", ro->dump_dir, strerror(errno));
        return false;
    }
    /* the input is dumped even when it does not verify */
    dump(ro, c, m, 0, "input", d);
    double tv = now();
    bool vok = verify_module(c, m, d);
    if (ro->times) ro->times[pl->n] += now() - tv;
    if (!vok) return false;
    for (int i = 0; i < pl->n; i++) {
        const Pass *p = pl->p[i].pass;
        if (ro->print_before) {
            fprintf(stderr, "// -----// IR Dump Before %s //----- //\n", p->name);
            print_module(stderr, c, m, &po);
            fputc('\n', stderr);
        }
        double t0 = now();
        bool ok = p->run(c, m, &pl->p[i], d) && !d->nerrors;
        if (ro->times) ro->times[i] += now() - t0;
        if (!ok) {
            Loc l = {0};
            if (!d->nerrors) diag_error(d, l, "pass '%s' failed", p->name);
            dump_failed(ro, c, m, i + 1, p->name, d);
            return false;
        }
        if (ro->print_after) {
            fprintf(stderr, "// -----// IR Dump After %s //----- //\n", p->name);
            print_module(stderr, c, m, &po);
            fputc('\n', stderr);
        }
        tv = now();
        vok = !ro->verify_each || verify_module(c, m, d);
        if (ro->times) ro->times[pl->n] += now() - tv;
        if (!vok) {
            dump_failed(ro, c, m, i + 1, p->name, d);
            Loc l = {0};
            diag_emit(d, SEV_NOTE, l, "the IR was broken by pass '%s'", p->name);
            return false;
        }
        dump(ro, c, m, i + 1, p->name, d);
    }
    return true;
}
