/* print_loc.c - locations (--mlir-print-debuginfo). */
#include "print_impl.h"

#include <stdlib.h>
#include <string.h>

/* ---- locations ------------------------------------------------------
 * With --mlir-print-debuginfo every op prints its location: the one it was
 * written with, or its place in the input file.  Op locations go through
 * #loc aliases defined after the module, nested parts of callsite, fused
 * and name locations included, as MLIR prints them; argument locations are
 * printed inline.  Location text is kept as written, so it is read here. */
typedef struct LocRd { Printer *p; const char *s; int depth; } LocRd;

static void lr_ws(LocRd *r) { while (*r->s == ' ' || *r->s == '\t' || *r->s == '\n') r->s++; }

static Attr *loc_alias_target(Ctx *c, const char *name, size_t n) {
    for (Alias *al = ctx_aliases(c); al; al = al->next)
        if (al->attr && al->attr->kind == A_LOC && strlen(al->name) == n && !strncmp(al->name, name, n)) return al->attr;
    return NULL;
}

/* canonical text of the location at r->s, aliases expanded; NULL if unreadable */
static char *loc_canon(LocRd *r);

static char *lr_string(LocRd *r) {   /* "..." as written */
    const char *b = r->s;
    if (*b != '"') return NULL;
    const char *e = b + 1;
    while (*e && *e != '"') { if (*e == '\\' && e[1]) e++; e++; }
    if (*e != '"') return NULL;
    r->s = e + 1;
    return strndup(b, (size_t)(r->s - b));
}

static char *cat3(const char *a, const char *b, const char *c) {
    size_t n = strlen(a) + strlen(b) + strlen(c) + 1;
    char *s = malloc(n);
    snprintf(s, n, "%s%s%s", a, b, c);
    return s;
}

static char *loc_canon(LocRd *r) {
    if (++r->depth > 200) return NULL;
    lr_ws(r);
    const char *s = r->s;
    char *out = NULL;
    if (*s == '#') {
        const char *e = s + 1;
        while ((*e >= 'a' && *e <= 'z') || (*e >= 'A' && *e <= 'Z') || (*e >= '0' && *e <= '9') || *e == '_' || *e == '.' || *e == '$' || *e == '-') e++;
        Attr *t = loc_alias_target(r->p->c, s, (size_t)(e - s));
        r->s = e;
        if (!t) return NULL;
        char *txt = strndup(t->str.s, t->str.len);
        LocRd sub = { r->p, txt, r->depth };
        out = loc_canon(&sub);
        free(txt);
    } else if (!strncmp(s, "unknown", 7)) {
        r->s += 7;
        out = strdup("unknown");
    } else if (*s == '"') {
        char *str = lr_string(r);
        if (!str) return NULL;
        if (*r->s == ':') {   /* "file":line:col */
            const char *b = r->s;
            while (*r->s == ':' || (*r->s >= '0' && *r->s <= '9')) r->s++;
            char *tail = strndup(b, (size_t)(r->s - b));
            out = cat3(str, tail, "");
            free(tail);
        } else {
            lr_ws(r);
            if (*r->s == '(') {   /* "name"(child) */
                r->s++;
                char *ch = loc_canon(r);
                lr_ws(r);
                if (!ch || *r->s != ')') { free(ch); free(str); return NULL; }
                r->s++;
                char *t2 = cat3(str, "(", ch);
                out = cat3(t2, ")", "");
                free(t2);
                free(ch);
            } else out = strdup(str);
        }
        free(str);
    } else if (!strncmp(s, "callsite(", 9)) {
        r->s += 9;
        char *a = loc_canon(r);
        lr_ws(r);
        if (!a || strncmp(r->s, "at", 2)) { free(a); return NULL; }
        r->s += 2;
        char *b = loc_canon(r);
        lr_ws(r);
        if (!b || *r->s != ')') { free(a); free(b); return NULL; }
        r->s++;
        char *t1 = cat3("callsite(", a, " at ");
        out = cat3(t1, b, ")");
        free(t1); free(a); free(b);
    } else if (!strncmp(s, "fused", 5)) {
        r->s += 5;
        char *meta = strdup("");
        if (*r->s == '<') {   /* fused<metadata> */
            const char *b = r->s;
            int dpt = 0;
            do { if (*r->s == '<') dpt++; else if (*r->s == '>') dpt--; r->s++; } while (*r->s && dpt);
            free(meta);
            meta = strndup(b, (size_t)(r->s - b));
        }
        lr_ws(r);
        if (*r->s != '[') { free(meta); return NULL; }
        r->s++;
        char *acc = cat3("fused", meta, "[");
        free(meta);
        bool first = true;
        for (;;) {
            lr_ws(r);
            if (*r->s == ']') { r->s++; break; }
            char *x = loc_canon(r);
            if (!x) { free(acc); return NULL; }
            char *n2 = cat3(acc, first ? "" : ", ", x);
            free(acc); free(x);
            acc = n2;
            first = false;
            lr_ws(r);
            if (*r->s == ',') r->s++;
        }
        out = cat3(acc, "]", "");
        free(acc);
    }
    r->depth--;
    return out;
}

static Attr *loc_node(Printer *p, const char *text) {
    LocRd r = { p, text, 0 };
    char *c = loc_canon(&r);
    if (!c) return NULL;
    Attr *a = attr_loc(p->c, c);
    free(c);
    return a;
}

static size_t loc_slot(const LocTab *t, const Attr *a) {
    size_t i = (size_t)(((uintptr_t)a >> 4) * 11400714819323198485ull) & (t->cap - 1);
    while (t->key[i] && t->key[i] != a) i = (i + 1) & (t->cap - 1);
    return i;
}
static int loc_index(Printer *p, Attr *a) {
    LocTab *t = p->locs;
    if (!t->cap) return -1;
    size_t i = loc_slot(t, a);
    return t->key[i] ? t->idx[i] : -1;
}
static void loc_add(LocTab *t, Attr *a) {
    if ((size_t)(t->v.n + 1) * 2 > t->cap) {
        size_t nc = t->cap ? t->cap * 2 : 64;
        LocTab n = { t->v, calloc(nc, sizeof *t->key), calloc(nc, sizeof *t->idx), nc };
        if (!n.key || !n.idx) { fputs("ttxform: out of memory\n", stderr); abort(); }
        for (int k = 0; k < t->v.n; k++) { size_t s = loc_slot(&n, t->v.v[k]); n.key[s] = t->v.v[k]; n.idx[s] = k; }
        free(t->key); free(t->idx);
        *t = n;
    }
    size_t s = loc_slot(t, a);
    t->key[s] = a; t->idx[s] = t->v.n;
    pv_push(&t->v, a);
}
void loctab_free(LocTab *t) { pv_free(&t->v); free(t->key); free(t->idx); t->key = NULL; t->idx = NULL; t->cap = 0; }

/* the direct parts of a compound location, in order */
static void loc_children(Printer *p, Attr *a, PtrVec *out);

void loc_register(Printer *p, Attr *a) {
    if (loc_index(p, a) >= 0) return;
    loc_add(p->locs, a);
    PtrVec ch = {0};
    loc_children(p, a, &ch);
    for (int i = 0; i < ch.n; i++) loc_register(p, ch.v[i]);
    pv_free(&ch);
}

static void loc_children(Printer *p, Attr *a, PtrVec *out) {
    const char *s = a->str.s;
    LocRd r = { p, s, 0 };
    if (*s == '"') {
        char *str = lr_string(&r);
        free(str);
        if (*r.s == '(') {
            r.s++;
            const char *b = r.s;
            char *x = loc_canon(&r);
            if (x) { pv_push(out, attr_loc(p->c, x)); free(x); }
            (void)b;
        }
    } else if (!strncmp(s, "callsite(", 9)) {
        r.s += 9;
        char *x = loc_canon(&r);
        if (x) { pv_push(out, attr_loc(p->c, x)); free(x); }
        lr_ws(&r);
        r.s += 2;
        x = loc_canon(&r);
        if (x) { pv_push(out, attr_loc(p->c, x)); free(x); }
    } else if (!strncmp(s, "fused", 5)) {
        const char *q = strchr(s, '[');
        if (!q) return;
        r.s = q + 1;
        for (;;) {
            lr_ws(&r);
            if (*r.s == ']' || !*r.s) break;
            char *x = loc_canon(&r);
            if (!x) break;
            pv_push(out, attr_loc(p->c, x));
            free(x);
            lr_ws(&r);
            if (*r.s == ',') r.s++;
        }
    }
}

void print_loc_ref(Printer *p, Attr *a) {
    int i = loc_index(p, a);
    if (i < 0) { ps_(p, "loc("); fwrite(a->str.s, 1, a->str.len, p->f); pc(p, ')'); return; }
    if (i) fprintf(p->f, "loc(#loc%d)", i); else ps_(p, "loc(#loc)");
}

/* the definition of an aliased location: parts by their aliases */
void print_loc_def(Printer *p, Attr *a) {
    PtrVec ch = {0};
    loc_children(p, a, &ch);
    const char *s = a->str.s;
    ps_(p, "loc(");
    if (!ch.n) fwrite(a->str.s, 1, a->str.len, p->f);
    else if (*s == '"') {
        LocRd r = { p, s, 0 };
        char *str = lr_string(&r);
        ps_(p, str);
        free(str);
        pc(p, '(');
        int i = loc_index(p, ch.v[0]);
        if (i) fprintf(p->f, "#loc%d", i); else ps_(p, "#loc");
        pc(p, ')');
    } else {
        bool cs = !strncmp(s, "callsite(", 9);
        if (cs) ps_(p, "callsite(");
        else {
            const char *q = strchr(s, '[');
            fwrite(s, 1, (size_t)(q - s + 1), p->f);
        }
        for (int k = 0; k < ch.n; k++) {
            if (k) ps_(p, cs ? " at " : ", ");
            int i = loc_index(p, ch.v[k]);
            if (i) fprintf(p->f, "#loc%d", i); else ps_(p, "#loc");
        }
        pc(p, cs ? ')' : ']');
    }
    pc(p, ')');
    pv_free(&ch);
}

/* an op's location: written, or its place in the input */
Attr *op_location(Printer *p, Op *op) {
    if (op_locattr(op)) return loc_node(p, op_locattr(op)->str.s);
    if (!op->loc.line) return attr_loc(p->c, "unknown");
    char buf[1024];
    snprintf(buf, sizeof buf, "\"%s\":%d:%d", loc_file(op->loc) ? loc_file(op->loc) : "-", op->loc.line, op->loc.col);
    return attr_loc(p->c, buf);
}

/* an argument's location, printed inline */
void print_arg_loc_pub(Printer *p, Value *v) {
    Attr *la = value_locattr(p->c, v);
    if (la) {
        Attr *a = loc_node(p, la->str.s);
        ps_(p, " loc(");
        if (a) fwrite(a->str.s, 1, a->str.len, p->f); else fwrite(la->str.s, 1, la->str.len, p->f);
        pc(p, ')');
    } else if (value_loc(v).line) {
        Loc l = value_loc(v);
        fprintf(p->f, " loc(\"%s\":%d:%d)", loc_file(l) ? loc_file(l) : "-", l.line, l.col);
    }
}
