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

/* a control byte (other than a tab) is shown as \xNN, never raw: it could
 * move the terminal's cursor or change its colours */
static bool is_control(unsigned char ch) { return (ch < 0x20 && ch != '\t') || ch == 0x7f; }

static void put_escaped(FILE *f, const char *s, size_t n) {
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)s[i];
        if (is_control(ch)) fprintf(f, "\\x%02x", ch); else fputc(ch, f);
    }
}

/* the source line of loc and a caret under its column; `width` > 1 marks a
 * range (^~~~), clipped to the line, as LLVM's SourceMgr does */
static void show_line_range(Diag *d, Loc loc, int width) {
    if (!d->src || loc.line <= 0) return;
    const char *p = d->src, *lim = d->src + d->srclen;
    int line = 1;
    while (p < lim && line < loc.line) { if (*p == '\n') line++; p++; }
    if (line != loc.line) return;
    const char *e = p;
    while (e < lim && *e != '\n') e++;
    if (e > p && e[-1] == '\r') e--;   /* a CRLF line ends before its CR */
    int n = (int)(e - p);
    int col = loc.col > 0 ? loc.col - 1 : 0;
    /* a long line is shown as a window around the column */
    int start = 0, prefix = 0;
    if (n > 400 && col > 200) { start = col - 200; prefix = 3; }
    int shown = n - start > 400 ? 400 : n - start;
    if (prefix) fputs("...", d->out);
    put_escaped(d->out, p + start, (size_t)shown);
    fputc('\n', d->out);
    for (int i = 0; i < prefix; i++) fputc(' ', d->out);
    for (int i = start; i < col && i < n; i++) {
        unsigned char ch = (unsigned char)p[i];
        if (ch == '\t') fputc('\t', d->out);
        else if (is_control(ch)) fputs("    ", d->out);      /* under its \xNN */
        else if ((ch & 0xc0) != 0x80) fputc(' ', d->out);   /* one per UTF-8 character */
    }
    for (int i = n; i < col; i++) fputc(' ', d->out);
    fputc('^', d->out);
    for (int i = col + 1; i < col + width && i < n; i++) {
        unsigned char ch = (unsigned char)p[i];
        if (is_control(ch)) fputs("~~~~", d->out);
        else if ((ch & 0xc0) != 0x80) fputc('~', d->out);
    }
    fputc('\n', d->out);
}

static void show_line(Diag *d, Loc loc) { show_line_range(d, loc, 1); }

/* buf with its control bytes as \xNN, in place (buf holds len bytes) */
static void escape_controls(char *buf, size_t len) {
    char tmp[2048];
    size_t o = 0;
    bool any = false;
    for (const char *q = buf; *q && o + 5 < sizeof tmp; q++) {
        unsigned char ch = (unsigned char)*q;
        if (is_control(ch)) { o += (size_t)snprintf(tmp + o, sizeof tmp - o, "\\x%02x", ch); any = true; }
        else tmp[o++] = (char)ch;
    }
    if (!any) return;
    tmp[o] = 0;
    snprintf(buf, len, "%s", tmp);
}

void diag_emit(Diag *d, Severity sev, Loc loc, const char *fmt, ...) {
    char buf[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    escape_controls(buf, sizeof buf);
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
    const char *lf = loc_file(loc);
    const char *file = lf ? lf : d->file ? d->file : "<stdin>";
    if (loc.line > 0) fprintf(d->out, "%s:%d:%d: %s: %s\n", file, loc.line, loc.col, sev_name[sev], buf);
    else fprintf(d->out, "%s: %s: %s\n", file, sev_name[sev], buf);
    if (loc.line > 0 && (!lf || !d->file || !strcmp(lf, d->file))) show_line(d, loc);
}

void diag_free(Diag *d) {
    for (int i = 0; i < d->nrecs; i++) free(d->recs[i].msg);
    free(d->recs);
    d->recs = NULL; d->nrecs = d->caprecs = 0;
}

/* line: where the diagnostic is expected; aline:acol where the annotation is */
typedef struct { Severity sev; int line, col, aline, acol; char *text; bool matched; } Expect;

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
                    ex[nex].aline = line; ex[nex].acol = (int)(f - p) + 1;
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
            if (!loc_file(r->loc) || !d->file || !strcmp(loc_file(r->loc), d->file)) show_line(d, r->loc);
            bad++;
        }
    }
    for (int j = 0; j < nex; j++) {
        if (!ex[j].matched) {
            /* as mlir-opt: at the annotation, its text's length marked from there */
            char text[2048];
            snprintf(text, sizeof text, "%s", ex[j].text);
            escape_controls(text, sizeof text);
            fprintf(d->out, "%s:%d:%d: error: expected %s \"%s\" was not produced\n", d->file ? d->file : "<stdin>",
                    ex[j].aline, ex[j].acol, sev_name[ex[j].sev], text);
            Loc at = { .line = ex[j].aline, .col = ex[j].acol };
            show_line_range(d, at, (int)strlen(ex[j].text));
            bad++;
        }
        free(ex[j].text);
    }
    free(ex);
    d->capture = was;
    return bad;
}
