/* diag.c - printing diagnostics with the source line and a caret, and
 * checking them against expected-* annotations. */
#include "diag.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static const char *sev_name[] = { "error", "warning", "note", "remark" };

void diag_init(Diag *d, FILE *out) { memset(d, 0, sizeof *d); d->out = out; }
void diag_set_source(Diag *d, const char *file, const char *src, size_t len) {
    d->file = file; d->src = src; d->srclen = len;
}

static void show_line(Diag *d, Loc loc) {
    if (!d->src || loc.line <= 0) return;
    const char *p = d->src, *lim = d->src + d->srclen;
    int line = 1;
    while (p < lim && line < loc.line) { if (*p == '\n') line++; p++; }
    if (line != loc.line) return;
    const char *e = p;
    while (e < lim && *e != '\n') e++;
    int n = (int)(e - p);
    int col = loc.col > 0 ? loc.col - 1 : 0;
    /* a long line is shown as a window around the column */
    int start = 0, prefix = 0;
    if (n > 400 && col > 200) { start = col - 200; prefix = 3; }
    int shown = n - start > 400 ? 400 : n - start;
    if (prefix) fputs("...", d->out);
    fprintf(d->out, "%.*s\n", shown, p + start);
    for (int i = 0; i < prefix; i++) fputc(' ', d->out);
    for (int i = start; i < col && i < n; i++) fputc(p[i] == '\t' ? '\t' : ' ', d->out);
    for (int i = n; i < col; i++) fputc(' ', d->out);
    fputs("^\n", d->out);
}

void diag_emit(Diag *d, Severity sev, Loc loc, const char *fmt, ...) {
    char buf[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (sev == SEV_ERROR) d->nerrors++;
    if (d->capture) {
        if (d->nrecs == d->caprecs) {
            d->caprecs = d->caprecs ? d->caprecs * 2 : 16;
            d->recs = realloc(d->recs, sizeof(DiagRec) * (size_t)d->caprecs);
            if (!d->recs) abort();
        }
        DiagRec *r = &d->recs[d->nrecs++];
        r->sev = sev; r->loc = loc; r->msg = strdup(buf);
        return;
    }
    const char *file = loc.file ? loc.file : d->file ? d->file : "<stdin>";
    if (loc.line > 0) fprintf(d->out, "%s:%d:%d: %s: %s\n", file, loc.line, loc.col, sev_name[sev], buf);
    else fprintf(d->out, "%s: %s: %s\n", file, sev_name[sev], buf);
    if (loc.line > 0 && (!loc.file || !d->file || !strcmp(loc.file, d->file))) show_line(d, loc);
}

void diag_free(Diag *d) {
    for (int i = 0; i < d->nrecs; i++) free(d->recs[i].msg);
    free(d->recs);
    d->recs = NULL; d->nrecs = d->caprecs = 0;
}

typedef struct { Severity sev; int line, col; char *text; bool matched; } Expect;

/* `expected-error @+1 {{text}}`, `@-2`, `@above`, `@below`, or none (same line) */
int diag_verify(Diag *d, const char *src, size_t len, int first_line) {
    Expect *ex = NULL; int nex = 0, capex = 0;
    const char *p = src, *lim = src + len;
    int line = first_line;
    static const char *kinds[] = { "expected-error", "expected-warning", "expected-note", "expected-remark" };
    while (p < lim) {
        const char *e = memchr(p, '\n', (size_t)(lim - p));
        if (!e) e = lim;
        for (int k = 0; k < 4; k++) {
            size_t kl = strlen(kinds[k]);
            const char *q = p;
            while (q + kl <= e) {
                const char *f = memchr(q, 'e', (size_t)(e - q));
                if (!f || f + kl > e) break;
                if (strncmp(f, kinds[k], kl)) { q = f + 1; continue; }
                const char *r = f + kl;
                int target = line;
                while (r < e && *r == ' ') r++;
                if (r < e && *r == '@') {
                    r++;
                    if (!strncmp(r, "above", 5)) { target = line - 1; r += 5; }
                    else if (!strncmp(r, "below", 5)) { target = line + 1; r += 5; }
                    else if (*r == '+' || *r == '-') {
                        int sign = *r == '-' ? -1 : 1;
                        target = line + sign * atoi(r + 1);
                        r++;
                        while (r < e && *r >= '0' && *r <= '9') r++;
                    }
                }
                while (r < e && *r == ' ') r++;
                if (r + 1 < e && r[0] == '{' && r[1] == '{') {
                    const char *t = r + 2, *end = t;
                    while (end + 1 < e && !(end[0] == '}' && end[1] == '}')) end++;
                    if (nex == capex) { capex = capex ? capex * 2 : 16; ex = realloc(ex, sizeof *ex * (size_t)capex); if (!ex) abort(); }
                    ex[nex].sev = (Severity)k; ex[nex].line = target; ex[nex].col = 0;
                    ex[nex].text = strndup(t, (size_t)(end - t)); ex[nex].matched = false;
                    nex++;
                    r = end;
                }
                q = r > f ? r : f + 1;
            }
        }
        line++;
        p = e + 1;
    }
    int bad = 0;
    bool was = d->capture;
    d->capture = false;
    for (int i = 0; i < d->nrecs; i++) {
        DiagRec *r = &d->recs[i];
        bool ok = false;
        for (int j = 0; j < nex && !ok; j++)
            if (!ex[j].matched && ex[j].sev == r->sev && ex[j].line == r->loc.line && strstr(r->msg, ex[j].text)) {
                ex[j].matched = true; ok = true;
            }
        if (!ok && (r->sev == SEV_ERROR || r->sev == SEV_WARNING)) {
            fprintf(d->out, "%s:%d:%d: error: unexpected %s: %s\n", d->file ? d->file : "<stdin>", r->loc.line, r->loc.col, sev_name[r->sev], r->msg);
            bad++;
        }
    }
    for (int j = 0; j < nex; j++) {
        if (!ex[j].matched) {
            fprintf(d->out, "%s:%d: error: expected %s \"%s\" was not produced\n", d->file ? d->file : "<stdin>", ex[j].line, sev_name[ex[j].sev], ex[j].text);
            bad++;
        }
        free(ex[j].text);
    }
    free(ex);
    d->capture = was;
    return bad;
}
