/* api.c - the public C API (include/ttxform.h): contexts, modules loaded from
 * TTIR text, pipelines, targets' output, and diagnostics as values.  It only
 * drives the layers below, as cli/main.c does: parse_module, verify_module,
 * a target's precheck and pipeline, pipeline_run, then the target's emit or
 * print_module.  Diagnostics are captured (Diag.capture) and turned into
 * ttx_diag records; one on a line of TTIR whose op carries a Python location
 * is moved to that location, with the TTIR line as a note. */
#include "api_impl.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialects.h"
#include "parse.h"
#include "pass.h"
#include "print.h"
#include "registry.h"
#include "target.h"
#include "verify.h"

/* runtime/riscv/launcher.c, embedded by the build (api/meson.build) */
extern const char ttx_rv_launcher_text[];

#ifndef TTX_VERSION_STR
#define TTX_VERSION_STR "0.0.0"
#endif
#ifndef TTX_VCS_ID
#define TTX_VCS_ID "unknown"
#endif

static pthread_once_t registry_once = PTHREAD_ONCE_INIT;
/* registration, then one small module read and verified, so that tables the
 * layers below fill on first use (the verifier's op families) are filled
 * here, on one thread, before contexts run on several */
static void registry_once_fn(void) {
    registry_init();
    static const char warm[] = "module {\n  %0 = arith.constant 1 : i32\n  %1 = arith.addi %0, %0 : i32\n"
                               "  %2 = arith.cmpi slt, %0, %1 : i32\n  %3 = arith.select %2, %0, %1 : i32\n"
                               "  %4 = arith.extsi %3 : i32 to i64\n}\n";
    Ctx *c = ctx_new();
    Diag d;
    diag_init(&d, stderr);
    d.capture = true;
    Op *m = parse_module(c, "<warm-up>", warm, sizeof warm - 1, 1, &d);
    if (m) verify_module(c, m, &d);
    diag_free(&d);
    ctx_free(c);
}

const char *ttx_version(void) { return TTX_VERSION_STR; }
const char *ttx_build_id(void) { return TTX_VERSION_STR "+" TTX_VCS_ID " " __DATE__ " " __TIME__; }
int ttx_api_version(void) { return TTX_API_VERSION; }
void ttx_free(void *p) { free(p); }

/* ---- contexts --------------------------------------------------------- */
ttx_context *ttx_context_new(void) {
    pthread_once(&registry_once, registry_once_fn);
    ttx_context *cx = calloc(1, sizeof *cx);
    if (!cx) return NULL;
    pthread_mutex_init(&cx->mu, NULL);
    return cx;
}

static void module_free_locked(ttx_module *m);
static void diags_clear(ttx_context *cx);

void ttx_context_free(ttx_context *cx) {
    if (!cx) return;
    pthread_mutex_lock(&cx->mu);
    while (cx->modules) module_free_locked(cx->modules);
    diags_clear(cx);
    free(cx->diags);
    pthread_mutex_unlock(&cx->mu);
    pthread_mutex_destroy(&cx->mu);
    free(cx);
}

/* ---- diagnostics ------------------------------------------------------ */
static void diags_clear(ttx_context *cx) {
    for (int i = 0; i < cx->ndiags; i++) {
        free((char *)cx->diags[i].file);
        free((char *)cx->diags[i].message);
        free((char *)cx->diags[i].source_line);
    }
    cx->ndiags = 0;
    cx->nerrors = 0;
}

static char *dup_or_null(const char *s) { return s ? strdup(s) : NULL; }

/* takes ownership of source_line */
static void diag_add(ttx_context *cx, ttx_severity sev, const char *file, int line, int col,
                     const char *msg, char *source_line) {
    if (cx->ndiags == cx->capdiags) {
        int cap = cx->capdiags ? cx->capdiags * 2 : 8;
        ttx_diag *d = realloc(cx->diags, sizeof *d * (size_t)cap);
        if (!d) { free(source_line); return; }
        cx->diags = d;
        cx->capdiags = cap;
    }
    ttx_diag *d = &cx->diags[cx->ndiags++];
    d->severity = sev;
    d->file = dup_or_null(file);
    d->line = line;
    d->col = col;
    d->message = strdup(msg ? msg : "");
    d->source_line = source_line;
    if (sev == TTX_SEV_ERROR) cx->nerrors++;
}

static void diag_addf(ttx_context *cx, const char *file, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void diag_addf(ttx_context *cx, const char *file, const char *fmt, ...) {
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    diag_add(cx, TTX_SEV_ERROR, file, 0, 0, buf, NULL);
}

/* the text of line `line` of src[0..len), malloc'd, or NULL */
static char *text_line(const char *src, size_t len, int line) {
    if (!src || line <= 0) return NULL;
    const char *p = src, *lim = src + len;
    for (int l = 1; l < line; l++) {
        const char *nl = memchr(p, '\n', (size_t)(lim - p));
        if (!nl) return NULL;
        p = nl + 1;
    }
    const char *e = memchr(p, '\n', (size_t)(lim - p));
    if (!e) e = lim;
    if (e > p && e[-1] == '\r') e--;
    return strndup(p, (size_t)(e - p));
}

/* the captured records of d into the context; a record on a TTIR line with a
 * source location is reported there, the TTIR line as a note after it */
static void diags_take(ttx_context *cx, ttx_module *mod, Diag *d) {
    for (int i = 0; i < d->nrecs; i++) {
        DiagRec *r = &d->recs[i];
        const char *lf = loc_file(r->loc);
        const char *file = lf ? lf : d->file;
        ttx_severity sev = (ttx_severity)r->sev;
        bool in_ttir = mod && file && !strcmp(file, mod->file);
        const SrcLoc *sl = in_ttir && r->loc.line > 0 && r->loc.line < mod->nlines && mod->lines[r->loc.line].file
            ? &mod->lines[r->loc.line] : NULL;
        char *ttir_line = in_ttir ? text_line(mod->src, mod->len, r->loc.line) : NULL;
        if (sl) {
            diag_add(cx, sev, sl->file, sl->line, sl->col, r->msg, srcloc_read_line(sl->file, sl->line));
            /* a note on the same line as what it notes needs no second TTIR note */
            bool same = sev == TTX_SEV_NOTE && i > 0 && d->recs[i - 1].loc.line == r->loc.line &&
                        d->recs[i - 1].loc.file == r->loc.file;
            if (same) free(ttir_line);
            else diag_add(cx, TTX_SEV_NOTE, file, r->loc.line, r->loc.col, "in the Triton IR here", ttir_line);
        } else {
            diag_add(cx, sev, file, r->loc.line, r->loc.col, r->msg, ttir_line);
        }
    }
}

int ttx_diag_count(ttx_context *cx) {
    pthread_mutex_lock(&cx->mu);
    int n = cx->ndiags;
    pthread_mutex_unlock(&cx->mu);
    return n;
}

const ttx_diag *ttx_diag_get(ttx_context *cx, int i) {
    pthread_mutex_lock(&cx->mu);
    const ttx_diag *d = i >= 0 && i < cx->ndiags ? &cx->diags[i] : NULL;
    pthread_mutex_unlock(&cx->mu);
    return d;
}

int ttx_diag_error_count(ttx_context *cx) {
    pthread_mutex_lock(&cx->mu);
    int n = cx->nerrors;
    pthread_mutex_unlock(&cx->mu);
    return n;
}

void ttx_diag_clear(ttx_context *cx) {
    pthread_mutex_lock(&cx->mu);
    diags_clear(cx);
    pthread_mutex_unlock(&cx->mu);
}

static const char *sev_word[] = { "error", "warning", "note", "remark" };

char *ttx_diag_format(ttx_context *cx) {
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) return NULL;
    pthread_mutex_lock(&cx->mu);
    for (int i = 0; i < cx->ndiags; i++) {
        const ttx_diag *d = &cx->diags[i];
        const char *file = d->file ? d->file : "<input>";
        if (d->line > 0) fprintf(f, "%s:%d:%d: %s: %s\n", file, d->line, d->col, sev_word[d->severity], d->message);
        else fprintf(f, "%s: %s: %s\n", file, sev_word[d->severity], d->message);
        if (d->source_line) {
            fprintf(f, "%s\n", d->source_line);
            int col = d->col > 0 ? d->col - 1 : 0;
            for (int k = 0; k < col; k++) fputc(d->source_line[k] == '\t' ? '\t' : ' ', f);
            fputs("^\n", f);
        }
    }
    pthread_mutex_unlock(&cx->mu);
    fclose(f);
    return buf;
}

/* ---- modules ---------------------------------------------------------- */
static void module_free_locked(ttx_module *m) {
    ttx_context *cx = m->cx;
    if (m->prev) m->prev->next = m->next; else cx->modules = m->next;
    if (m->next) m->next->prev = m->prev;
    ctx_free(m->c);
    free(m->file);
    free(m->src);
    free(m->lines);
    free(m->kernel);
    free(m);
}

void ttx_module_free(ttx_module *m) {
    if (!m) return;
    ttx_context *cx = m->cx;
    pthread_mutex_lock(&cx->mu);
    module_free_locked(m);
    pthread_mutex_unlock(&cx->mu);
}

static bool first_public_func(Op *op, void *ud) {
    char **out = ud;
    if (*out) return false;
    if (strcmp(op->info->name, "tt.func") && strcmp(op->info->name, "func.func")) return true;
    Attr *vis = op_attr(op, "sym_visibility");
    Attr *name = op_attr(op, "sym_name");
    if (vis && vis->kind == A_STRING && vis->str.len == 7 && !memcmp(vis->str.s, "private", 7)) return true;
    if (name && name->kind == A_STRING) *out = strndup(name->str.s, name->str.len);
    return !*out;
}

ttx_module *ttx_module_load(ttx_context *cx, const char *text, size_t len, const char *file) {
    if (!cx || (!text && len)) return NULL;
    pthread_mutex_lock(&cx->mu);
    ttx_module *mod = calloc(1, sizeof *mod);
    if (!mod || !(mod->src = malloc(len + 1)) || !(mod->file = strdup(file ? file : "<input>"))) {
        if (mod) { free(mod->src); free(mod); }
        diag_addf(cx, file, "out of memory");
        pthread_mutex_unlock(&cx->mu);
        return NULL;
    }
    if (len) memcpy(mod->src, text, len);
    mod->src[len] = 0;
    mod->len = len;
    mod->cx = cx;
    mod->c = ctx_new();
    Diag d;
    diag_init(&d, stderr);
    d.capture = true;
    diag_set_source(&d, mod->file, mod->src, len);
    Op *m = parse_module(mod->c, mod->file, mod->src, len, 1, &d);
    if (m && !d.nerrors) {
        mod->m = m;
        srcloc_map(mod);
        verify_module(mod->c, m, &d);
    }
    diags_take(cx, mod, &d);
    bool ok = m && !d.nerrors;
    diag_free(&d);
    if (!ok) {
        ctx_free(mod->c);
        free(mod->src);
        free(mod->file);
        free(mod->lines);
        free(mod);
        pthread_mutex_unlock(&cx->mu);
        return NULL;
    }
    op_walk(m, first_public_func, &mod->kernel);
    mod->next = cx->modules;
    if (cx->modules) cx->modules->prev = mod;
    cx->modules = mod;
    pthread_mutex_unlock(&cx->mu);
    return mod;
}

const char *ttx_module_kernel_name(ttx_module *m) { return m ? m->kernel : NULL; }

static int run_pl(ttx_module *mod, Pipeline *pl, Diag *d) {
    RunOpts ro = { .verify_each = true };
    return pipeline_run(pl, mod->c, mod->m, &ro, d) && !d->nerrors ? TTX_OK : TTX_ERROR;
}

int ttx_module_run_pipeline(ttx_module *mod, const char *pipeline) {
    if (!mod) return TTX_ERROR;
    ttx_context *cx = mod->cx;
    pthread_mutex_lock(&cx->mu);
    Pipeline pl = {0};
    char err[512];
    int rc = TTX_ERROR;
    if (!pipeline_parse(&pl, pipeline ? pipeline : "", err, sizeof err)) {
        diag_addf(cx, NULL, "%s", err);
    } else {
        Diag d;
        diag_init(&d, stderr);
        d.capture = true;
        diag_set_source(&d, mod->file, mod->src, mod->len);
        rc = run_pl(mod, &pl, &d);
        diags_take(cx, mod, &d);
        diag_free(&d);
    }
    pipeline_free(&pl);
    pthread_mutex_unlock(&cx->mu);
    return rc;
}

/* KTIR's options, "grid=4,2 data-layout=host base-addresses=0,4096 fix=P@A",
 * and the C targets' "smt-arch=k1|k3" (into *smt); the strings point into buf */
static bool target_opts_parse(char *buf, TargetOpts *to, const char **smt, char *err, size_t errlen) {
    for (char *save = NULL, *w = strtok_r(buf, " \t\n", &save); w; w = strtok_r(NULL, " \t\n", &save)) {
        char *eq = strchr(w, '=');
        if (!eq || eq == w || !eq[1]) { snprintf(err, errlen, "target option '%s' is not NAME=VALUE", w); return false; }
        *eq = 0;
        const char *v = eq + 1;
        if (w[0] == '-' && w[1] == '-') w += 2;
        if (!strcmp(w, "grid")) to->grid = v;
        else if (!strcmp(w, "base-addresses")) to->base_addresses = v;
        else if (!strcmp(w, "data-layout")) to->data_layout = v;
        else if (!strcmp(w, "fix") && to->nfix < 16) to->fix[to->nfix++] = v;
        else if (!strcmp(w, "smt-arch")) *smt = v;
        else {
            snprintf(err, errlen, "unknown target option '%s' (grid, base-addresses, data-layout, fix, smt-arch)", w);
            return false;
        }
    }
    return true;
}

static int target_pipeline_locked(ttx_module *mod, const char *target, const char *options) {
    ttx_context *cx = mod->cx;
    if (target && !strcmp(target, "c-checked")) target = "c";
    const Target *t = target ? target_by_name(target) : NULL;
    if (!t) {
        diag_addf(cx, NULL, "unknown target '%s' (c, rvv or ktir)", target ? target : "(null)");
        return TTX_ERROR;
    }
    char err[512];
    char *obuf = strdup(options ? options : "");
    TargetOpts to = {0};
    const char *smt = NULL;
    Pipeline pl = {0};
    int rc = TTX_ERROR;
    if (!obuf) { diag_addf(cx, NULL, "out of memory"); return TTX_ERROR; }
    if (!target_opts_parse(obuf, &to, &smt, err, sizeof err)) diag_addf(cx, NULL, "%s", err);
    else if (strcmp(t->name, "ktir") && (to.grid || to.base_addresses || to.data_layout || to.nfix))
        diag_addf(cx, NULL, "target options apply to the ktir target, not to '%s'", t->name);
    else if (smt && !strcmp(t->name, "ktir"))
        diag_addf(cx, NULL, "smt-arch applies to the c and rvv targets, not to 'ktir'");
    else if (smt && !xsmt_set_core(mod->c, mod->m, smt))
        diag_addf(cx, NULL, "smt-arch=%s: the SpacemiT core is k1 or k3", smt);
    else if (!t->pipeline(&pl, &to, err, sizeof err)) diag_addf(cx, NULL, "%s", err);
    else {
        Diag d;
        diag_init(&d, stderr);
        d.capture = true;
        diag_set_source(&d, mod->file, mod->src, mod->len);
        if (verify_module(mod->c, mod->m, &d) && t->precheck(mod->m, &d) && !d.nerrors) rc = run_pl(mod, &pl, &d);
        diags_take(cx, mod, &d);
        diag_free(&d);
    }
    pipeline_free(&pl);
    free(obuf);
    return rc;
}

int ttx_module_run_target_pipeline(ttx_module *mod, const char *target, const char *options) {
    if (!mod) return TTX_ERROR;
    pthread_mutex_lock(&mod->cx->mu);
    int rc = target_pipeline_locked(mod, target, options);
    pthread_mutex_unlock(&mod->cx->mu);
    return rc;
}

static char *emit_locked(ttx_module *mod, const char *target, size_t *lenp) {
    ttx_context *cx = mod->cx;
    const Target *t = NULL;
    bool checked = target && !strcmp(target, "c-checked");
    if (!target || (strcmp(target, "mlir") && !checked && !(t = target_by_name(target)))) {
        diag_addf(cx, NULL, "unknown output '%s' (c, c-checked, rvv, ktir or mlir)", target ? target : "(null)");
        return NULL;
    }
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) { diag_addf(cx, NULL, "out of memory"); return NULL; }
    Diag d;
    diag_init(&d, stderr);
    d.capture = true;
    diag_set_source(&d, mod->file, mod->src, mod->len);
    bool ok;
    if (checked) {
        ok = api_emit_c_checked(mod, f, &d);
    } else if (t && t->emit) {
        ok = t->emit(f, mod->c, mod->m, &d);
    } else {
        PrintOpts po = {0};
        if (t && t->print_opts) t->print_opts(&po);
        ok = print_module(f, mod->c, mod->m, &po);
        fputc('\n', f);
        if (!ok) diag_error(&d, mod->m->loc, "cannot print the module faithfully: an op written in a custom syntax this tool does not understand would lose information");
    }
    fclose(f);
    ok = ok && !d.nerrors;
    diags_take(cx, mod, &d);
    diag_free(&d);
    if (!ok) { free(buf); return NULL; }
    if (lenp) *lenp = len;
    return buf;
}

char *ttx_module_emit(ttx_module *mod, const char *target, size_t *len) {
    if (!mod) return NULL;
    pthread_mutex_lock(&mod->cx->mu);
    char *s = emit_locked(mod, target, len);
    pthread_mutex_unlock(&mod->cx->mu);
    return s;
}

char *ttx_module_compile(ttx_module *mod, const char *target, const char *options, size_t *len) {
    if (!mod) return NULL;
    pthread_mutex_lock(&mod->cx->mu);
    char *s = target_pipeline_locked(mod, target, options) == TTX_OK ? emit_locked(mod, target, len) : NULL;
    pthread_mutex_unlock(&mod->cx->mu);
    return s;
}

const char *ttx_riscv_launcher_source(void) { return ttx_rv_launcher_text; }
