/* print_attr.c - attributes as MLIR spells them, and short texts printed in memory. */
#include "print_impl.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

void print_escaped(Printer *p, const char *s, size_t n) {
    static const char hex[] = "0123456789ABCDEF";
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '\\') { pc(p, '\\'); pc(p, '\\'); }
        else if (c >= 0x20 && c < 0x7f && c != '"') pc(p, (char)c);
        else { pc(p, '\\'); pc(p, hex[c >> 4]); pc(p, hex[c & 15]); }
    }
}

bool bare_ident(const char *s) {
    if (!*s || !((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || *s == '_')) return false;
    for (const char *q = s; *q; q++)
        if (!((*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z') || (*q >= '0' && *q <= '9') || *q == '_' || *q == '$' || *q == '.')) return false;
    return true;
}

void print_key(Printer *p, const char *k) {
    if (bare_ident(k)) ps_(p, k);
    else { pc(p, '"'); print_escaped(p, k, strlen(k)); pc(p, '"'); }
}

/* ---- attributes ----------------------------------------------------- */
static void print_int_value(Printer *p, int64_t v, Type *t) {
    if (t && t->kind == T_INT && t->i.width == 1) { ps_(p, v ? "true" : "false"); return; }
    if (t && t->kind == T_INT && t->i.sign == UNSIGNED) fprintf(p->f, "%llu", (unsigned long long)v);
    else put_int(p, v);
}

static void print_dense_elem(Printer *p, Attr *e) {
    if (e->kind == A_FLOAT) print_float(p, e->f, e->type);
    else if (e->kind == A_BOOL) ps_(p, e->i ? "true" : "false");
    else if (e->kind == A_INT) print_int_value(p, e->i, e->type);
    else print_attr(p, e);
}

/* more than 100 elements print as hexadecimal data, as MLIR does */
static bool print_dense_hex(Printer *p, Attr *a) {
    Type *et = a->type->sh.elem;
    int bits = et->kind == T_INDEX ? 64 : et->kind == T_INT ? et->i.width : et->kind == T_FLOAT ? et->f.width : 0;
    if (bits != 1 && (bits < 8 || bits % 8 || bits > 64)) return false;
    static const char hx[] = "0123456789ABCDEF";
    ps_(p, "\"0x");
    if (bits == 1) {
        for (int i = 0; i < a->dense.n; i += 8) {
            int byte = 0;
            for (int k = 0; k < 8 && i + k < a->dense.n; k++) if (a->dense.elts[i + k]->i & 1) byte |= 1 << k;
            pc(p, hx[byte >> 4]); pc(p, hx[byte & 15]);
        }
    } else {
        for (int i = 0; i < a->dense.n; i++) {
            Attr *e = a->dense.elts[i];
            uint64_t u = 0;
            if (e->kind == A_FLOAT) {
                if (bits == 64) memcpy(&u, &e->f, 8);
                else if (bits == 32) { float f = (float)e->f; uint32_t w; memcpy(&w, &f, 4); u = w; }
                else if (!strcmp(et->f.name, "bf16")) { float f = (float)e->f; uint32_t w; memcpy(&w, &f, 4); u = w >> 16; }
                else if (!strcmp(et->f.name, "f16")) {
                    double v = fabs(e->f);
                    int ex;
                    uint32_t h;
                    if (isnan(e->f)) h = 0x7E00;
                    else if (isinf(e->f)) h = 0x7C00;
                    else if (v == 0) h = 0;
                    else {
                        frexp(v, &ex);
                        if (ex - 1 < -14) h = (uint32_t)nearbyint(ldexp(v, 24));
                        else h = (uint32_t)((ex - 1 + 15) << 10) | ((uint32_t)nearbyint(ldexp(v, 11 - ex)) & 1023u);
                    }
                    if (signbit(e->f)) h |= 0x8000;
                    u = h;
                } else return false;
            } else u = (uint64_t)e->i;
            for (int b = 0; b < bits / 8; b++) { int byte = (int)((u >> (8 * b)) & 255); pc(p, hx[byte >> 4]); pc(p, hx[byte & 15]); }
        }
    }
    pc(p, '"');
    return true;
}

static void print_dense_body(Printer *p, Attr *a) {
    Type *t = a->type;
    if (a->dense.splat) { print_dense_elem(p, a->dense.elts[0]); return; }
    if (a->dense.n > 100 && print_dense_hex(p, a)) return;
    if (a->dense.n == 0) return;
    int rank = t && type_is_shaped(t) ? t->sh.rank : 0;
    if (rank == 0) { print_dense_elem(p, a->dense.elts[0]); return; }
    /* nested brackets following the shape */
    int64_t idx[64] = {0};
    int r = rank > 64 ? 64 : rank;
    for (int i = 0; i < r; i++) pc(p, '[');
    for (int k = 0; k < a->dense.n; k++) {
        print_dense_elem(p, a->dense.elts[k]);
        int d = r - 1;
        idx[d]++;
        int closed = 0;
        while (d >= 0 && idx[d] == t->sh.dims[d]) { idx[d] = 0; pc(p, ']'); closed++; d--; if (d >= 0) idx[d]++; }
        if (k + 1 < a->dense.n) {
            ps_(p, ", ");
            for (int i = 0; i < closed; i++) pc(p, '[');
        }
    }
}

static bool is_i64(Type *t) { return t && t->kind == T_INT && t->i.width == 64 && t->i.sign == SIGNLESS; }
static bool is_f64(Type *t) { return t && t->kind == T_FLOAT && !strcmp(t->f.name, "f64"); }

static void print_attr_ex(Printer *p, Attr *a, bool may_elide);
void print_attr_noalias(Printer *p, Attr *a) { print_attr_ex(p, a, false); }
void print_attr_elided(Printer *p, Attr *a) { print_attr_ex(p, a, true); }


/* dialects' spellings of opaque attributes (registered at start-up) */
static bool (*opaque_attrs[8])(Printer *, Attr *);
static int nopaque_attrs;

void print_register_opaque_attr(bool (*spell)(Printer *p, Attr *a)) {
    for (int i = 0; i < nopaque_attrs; i++) if (opaque_attrs[i] == spell) return;
    if (nopaque_attrs < (int)(sizeof opaque_attrs / sizeof *opaque_attrs)) opaque_attrs[nopaque_attrs++] = spell;
}

static void print_attr_ex(Printer *p, Attr *a, bool may_elide) {
    if (p->collect) collect_alias(p, a);
    if (a->kind == A_OPAQUE)
        for (int i = 0; i < nopaque_attrs; i++) if (opaque_attrs[i](p, a)) return;
    /* MLIR names only maps, sets and dialect attributes; others print inline */
    if (a->alias && p->alias_ok && (a->kind == A_OPAQUE || a->kind == A_AFFINE_MAP || a->kind == A_INTEGER_SET)) { ps_(p, a->alias); return; }
    p->alias_ok = true;
    switch (a->kind) {
    case A_UNIT: ps_(p, "unit"); break;
    case A_BOOL: ps_(p, a->i ? "true" : "false"); break;
    case A_INT:
        if (a->type && a->type->kind == T_INT && a->type->i.width == 1 && a->type->i.sign == SIGNLESS) { ps_(p, a->i ? "true" : "false"); break; }
        print_int_value(p, a->i, a->type);
        if (a->type && !(may_elide && is_i64(a->type))) { ps_(p, " : "); print_type(p, a->type); }
        break;
    case A_FLOAT: {
        bool hex = print_float(p, a->f, a->type);
        if (a->type && !(may_elide && is_f64(a->type) && !hex)) { ps_(p, " : "); print_type(p, a->type); }
        break;
    }
    case A_STRING: pc(p, '"'); print_escaped(p, a->str.s, a->str.len); pc(p, '"'); break;
    case A_TYPE: print_type(p, a->type); break;
    case A_ARRAY:
        pc(p, '[');
        for (int i = 0; i < a->arr.n; i++) { if (i) ps_(p, ", "); print_attr_ex(p, a->arr.elts[i], true); }
        pc(p, ']');
        break;
    case A_DICT:
        pc(p, '{');
        for (int i = 0; i < a->dict.n; i++) {
            if (i) ps_(p, ", ");
            print_key(p, a->dict.ents[i].name);
            if (a->dict.ents[i].value->kind != A_UNIT) { ps_(p, " = "); print_attr(p, a->dict.ents[i].value); }
        }
        pc(p, '}');
        break;
    case A_DENSE:
        ps_(p, "dense<");
        print_dense_body(p, a);
        ps_(p, ">");
        if (a->type) { ps_(p, " : "); print_type(p, a->type); }
        break;
    case A_DENSE_ARRAY:
        ps_(p, "array<");
        print_type(p, a->type);
        if (a->darr.n) ps_(p, ": ");
        for (int i = 0; i < a->darr.n; i++) {
            if (i) ps_(p, ", ");
            if (a->darr.f) print_float(p, a->darr.f[i], a->type);
            else print_int_value(p, a->darr.i[i], a->type);
        }
        pc(p, '>');
        break;
    case A_SYMREF:
        for (int i = 0; i < a->sym.n; i++) {
            if (i) ps_(p, "::");
            pc(p, '@');
            if (bare_ident(a->sym.names[i])) ps_(p, a->sym.names[i]);
            else { pc(p, '"'); print_escaped(p, a->sym.names[i], strlen(a->sym.names[i])); pc(p, '"'); }
        }
        break;
    case A_AFFINE_MAP:
        ps_(p, "affine_map<");
        print_dims_syms(p, a->map.ndims, a->map.nsyms);
        ps_(p, " -> (");
        for (int i = 0; i < a->map.n; i++) { if (i) ps_(p, ", "); print_aexpr(p, a->map.res[i], false); }
        ps_(p, ")>");
        break;
    case A_INTEGER_SET:
        ps_(p, "affine_set<");
        print_dims_syms(p, a->set.ndims, a->set.nsyms);
        ps_(p, " : (");
        if (!a->set.n) ps_(p, "0 == 0");
        for (int i = 0; i < a->set.n; i++) {
            if (i) ps_(p, ", ");
            print_aexpr(p, a->set.cons[i], false);
            ps_(p, a->set.eq[i] ? " == 0" : " >= 0");
        }
        ps_(p, ")>");
        break;
    case A_OPAQUE: fwrite(a->str.s, 1, a->str.len, p->f); break;
    case A_LOC: ps_(p, "loc("); fwrite(a->str.s, 1, a->str.len, p->f); pc(p, ')'); break;
    }
}

void print_attr(Printer *p, Attr *a) { print_attr_ex(p, a, false); }

void print_attr_dict(Printer *p, const NamedAttr *a, int n, const char *const *elide, int nelide) {
    int shown = 0;
    for (int i = 0; i < n; i++) {
        bool skip = false;
        for (int k = 0; k < nelide; k++) if (!strcmp(elide[k], a[i].name)) skip = true;
        if (skip) continue;
        ps_(p, shown++ ? ", " : " {");
        print_key(p, a[i].name);
        if (a[i].value->kind != A_UNIT) { ps_(p, " = "); print_attr(p, a[i].value); }
    }
    if (shown) pc(p, '}');
}

/* Short texts are printed into one reused in-memory stream per thread:
 * opening a new one costs a zeroed 8 KiB buffer each time, which added up to
 * a tenth of a small run (and a fifth of a threaded print of a large one).
 * A nested use (the stream is busy) gets a stream of its own.  A thread's
 * stream goes when the thread ends (a key's destructor) or, for the thread
 * that calls exit, at exit. */
static _Thread_local FILE *scr_f;
static _Thread_local char *scr_buf;
static _Thread_local size_t scr_len;
static _Thread_local bool scr_busy;
static pthread_key_t scr_key;
static pthread_once_t scr_once = PTHREAD_ONCE_INIT;
static void scr_free(void) { if (scr_f) fclose(scr_f); free(scr_buf); scr_f = NULL; scr_buf = NULL; }
static void scr_thread_end(void *unused) { (void)unused; scr_free(); }
static void scr_init(void) { pthread_key_create(&scr_key, scr_thread_end); atexit(scr_free); }

FILE *text_open(TextBuf *t) {
    t->pooled = false;
    t->buf = NULL;
    t->len = 0;
    if (!scr_busy) {
        if (!scr_f) {
            pthread_once(&scr_once, scr_init);
            scr_f = open_memstream(&scr_buf, &scr_len);
            if (scr_f) pthread_setspecific(scr_key, scr_f);   /* non-NULL: the destructor runs */
        } else rewind(scr_f);
        if (scr_f) { scr_busy = true; t->pooled = true; return scr_f; }
    }
    return open_memstream(&t->buf, &t->len);
}
const char *text_close(TextBuf *t, FILE *f) {
    if (t->pooled) {
        /* after a rewind glibc moves the size, not the terminator */
        fflush(f);
        scr_buf[scr_len] = 0;
        return scr_buf;
    }
    fclose(f);
    return t->buf;
}
void text_free(TextBuf *t) {
    if (t->pooled) scr_busy = false;
    else free(t->buf);
    t->buf = NULL;
}

char *print_type_str(Ctx *c, Type *t) {
    TextBuf tb;
    FILE *f = text_open(&tb);
    Printer p = { f, c, {0}, 0, false, true, false, NULL, NULL, NULL, NULL, -1, false, NULL, 0, false, 0 };
    print_type(&p, t);
    const char *txt = text_close(&tb, f);
    if (!tb.pooled) return (char *)txt;
    char *r = strdup(txt);
    text_free(&tb);
    return r;
}
char *print_attr_str(Ctx *c, Attr *a) {
    TextBuf tb;
    FILE *f = text_open(&tb);
    Printer p = { f, c, {0}, 0, false, true, false, NULL, NULL, NULL, NULL, -1, false, NULL, 0, false, 0 };
    print_attr(&p, a);
    const char *txt = text_close(&tb, f);
    if (!tb.pooled) return (char *)txt;
    char *r = strdup(txt);
    text_free(&tb);
    return r;
}

/* Aliases, as MLIR prints them: affine maps and integer sets become #map,
 * #map1, ..., #set, ... in the order the printer meets them; other aliases
 * the input defined keep their names; unused aliases are dropped.  A first
 * printing pass into a null stream finds what is used. */
void collect_alias(Printer *p, Attr *a) {
    if (a->kind != A_AFFINE_MAP && a->kind != A_INTEGER_SET && !(a->alias && a->kind == A_OPAQUE)) return;
    for (int i = 0; i < p->used->n; i++) if (p->used->v[i] == a) return;
    pv_push(p->used, a);
}
