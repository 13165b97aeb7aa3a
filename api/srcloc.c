/* srcloc.c - the Python location of each TTIR line.  Triton prints every op
 * with loc(#locN) and defines the aliases after the module:
 *     #loc7 = loc("/home/u/k.py":12:16)
 *     #loc25 = loc("x"(#loc7))                      a name on a location
 *     #loc30 = loc(callsite(#loc8 at #loc9))        code inlined from a @jit helper
 * An op's location (its loc attribute, kept as text) is resolved through the
 * aliases to a file:line:col.  In a call site the callee wins unless it lies
 * in Triton's own package (tl.sum's combine function, tl.cdiv), where the
 * caller, the user's line, is more use; in a fused location the first that
 * resolves.  lines[L] is then the location of the first op on TTIR line L. */
#include "api_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Rd { Ctx *c; const char *s, *e; int depth; } Rd;

static void ws(Rd *r) { while (r->s < r->e && (*r->s == ' ' || *r->s == '\t' || *r->s == '\n')) r->s++; }
static bool eat(Rd *r, const char *w) {
    ws(r);
    size_t n = strlen(w);
    if ((size_t)(r->e - r->s) < n || strncmp(r->s, w, n)) return false;
    r->s += n;
    return true;
}

/* a "..." string: its text (escapes kept) in [*b, *e) */
static bool str(Rd *r, const char **b, const char **e) {
    ws(r);
    if (r->s >= r->e || *r->s != '"') return false;
    const char *p = r->s + 1;
    while (p < r->e && *p != '"') { if (*p == '\\' && p + 1 < r->e) p++; p++; }
    if (p >= r->e) return false;
    *b = r->s + 1;
    *e = p;
    r->s = p + 1;
    return true;
}

static bool num(Rd *r, int *v) {
    ws(r);
    if (r->s >= r->e || *r->s < '0' || *r->s > '9') return false;
    long x = 0;
    while (r->s < r->e && *r->s >= '0' && *r->s <= '9') { x = x * 10 + (*r->s - '0'); if (x > 1 << 30) x = 1 << 30; r->s++; }
    *v = (int)x;
    return true;
}

static bool in_triton(const char *f) { return strstr(f, "/triton/language/") || strstr(f, "/triton/runtime/"); }

/* one location at r->s into *out (file interned in the module's context);
 * false when it has no file location; r->s moves past it either way when it can */
static bool resolve(Rd *r, SrcLoc *out);

static bool resolve_alias(Rd *r, SrcLoc *out) {
    const char *b = r->s;
    r->s++;
    while (r->s < r->e && ((*r->s >= 'a' && *r->s <= 'z') || (*r->s >= 'A' && *r->s <= 'Z') ||
                           (*r->s >= '0' && *r->s <= '9') || *r->s == '_' || *r->s == '.' || *r->s == '$' || *r->s == '-'))
        r->s++;
    size_t n = (size_t)(r->s - b);
    for (Alias *al = ctx_aliases(r->c); al; al = al->next)
        if (al->attr && al->attr->kind == A_LOC && strlen(al->name) == n && !strncmp(al->name, b, n)) {
            Rd sub = { r->c, al->attr->str.s, al->attr->str.s + al->attr->str.len, r->depth };
            return resolve(&sub, out);
        }
    return false;
}

static bool resolve(Rd *r, SrcLoc *out) {
    if (++r->depth > 64) return false;
    ws(r);
    if (eat(r, "loc(")) {
        bool ok = resolve(r, out);
        eat(r, ")");
        return ok;
    }
    if (r->s < r->e && *r->s == '#') return resolve_alias(r, out);
    if (eat(r, "callsite(")) {
        SrcLoc callee = {0}, caller = {0};
        bool a = resolve(r, &callee);
        bool b = eat(r, "at") && resolve(r, &caller);
        eat(r, ")");
        if (a && (!b || !in_triton(callee.file))) *out = callee;
        else if (b) *out = caller;
        return a || b;
    }
    if (eat(r, "fused")) {
        ws(r);
        if (r->s < r->e && *r->s == '<') {   /* fused<#metadata>[...] */
            while (r->s < r->e && *r->s != '>') r->s++;
            r->s++;
        }
        if (!eat(r, "[")) return false;
        bool found = false;
        do {
            SrcLoc l;
            if (resolve(r, &l) && !found) { *out = l; found = true; }
        } while (eat(r, ","));
        eat(r, "]");
        return found;
    }
    if (eat(r, "unknown")) return false;
    const char *b, *e;
    if (!str(r, &b, &e)) return false;
    ws(r);
    if (r->s < r->e && *r->s == ':') {      /* "file":line:col */
        int line = 0, col = 0;
        r->s++;
        if (!num(r, &line)) return false;
        if (eat(r, ":")) num(r, &col);
        if (eat(r, "to")) { /* a range: "f":1:2 to 3:4 */
            int x;
            num(r, &x);
            if (eat(r, ":")) num(r, &x);
        }
        out->file = ctx_intern(r->c, b, (size_t)(e - b));
        out->line = line;
        out->col = col;
        return line > 0;
    }
    if (eat(r, "(")) {                      /* "name"(child) */
        bool ok = resolve(r, out);
        eat(r, ")");
        return ok;
    }
    return false;
}

static bool map_op(Op *op, void *ud) {
    ttx_module *mod = ud;
    Attr *a = op_locattr(op);
    int line = op->loc.line;
    if (!a || a->kind != A_LOC || line <= 0 || line >= mod->nlines || mod->lines[line].file) return true;
    if (loc_file(op->loc) && strcmp(loc_file(op->loc), mod->file)) return true;
    Rd r = { mod->c, a->str.s, a->str.s + a->str.len, 0 };
    SrcLoc l = {0};
    if (resolve(&r, &l)) mod->lines[line] = l;
    return true;
}

void srcloc_map(ttx_module *mod) {
    int n = 2;
    for (size_t i = 0; i < mod->len; i++) n += mod->src[i] == '\n';
    mod->lines = calloc((size_t)n, sizeof *mod->lines);
    if (!mod->lines) return;
    mod->nlines = n;
    op_walk(mod->m, map_op, mod);
}

char *srcloc_read_line(const char *path, int line) {
    FILE *f = path ? fopen(path, "r") : NULL;
    if (!f) return NULL;
    char buf[4096];
    char *out = NULL;
    for (int l = 1; fgets(buf, sizeof buf, f); ) {
        size_t n = strlen(buf);
        bool whole = n && buf[n - 1] == '\n';
        if (l == line) {
            while (n && (buf[n - 1] == '\n' || buf[n - 1] == '\r')) buf[--n] = 0;
            out = strdup(buf);
            break;
        }
        if (whole) l++;
    }
    fclose(f);
    return out;
}
