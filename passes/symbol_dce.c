/* passes/symbol_dce.c - the `symbol-dce` pass: erase functions nobody can
 * call, as MLIR's symbol-dce does.
 *
 * Symbols are the functions (tt.func, func.func) and named modules in the
 * body of a module.  A symbol whose visibility is public (given or implied)
 * is live; so is every op of a module body that is not a symbol.  Whatever
 * a live op refers to with a symbol reference (@f, or @m::@f through nested
 * modules), in its attributes, properties or those of the ops it holds, is
 * live in turn.  Private and nested symbols that end up not live are
 * erased; so a group of private functions that only call each other goes,
 * and so does a private module nobody refers to, with all it holds.  Text
 * kept verbatim (opaque attributes, ops whose syntax was not understood) is
 * searched for `@name` too, so that nothing referenced there is lost. */
#include <stdlib.h>
#include <string.h>

#include "pass.h"

/* ---- symbols of a symbol table --------------------------------------- */
typedef struct Sym {
    const char *name; size_t len;
    unsigned hash;
    Op *op;
    Op *table;            /* the module whose body holds it */
} Sym;

typedef struct Syms {
    Sym *v; int n, cap;
    int *bucket; unsigned mask;
} Syms;

static unsigned str_hash(const Op *table, const char *s, size_t n) {
    unsigned h = 2166136261u ^ (unsigned)((uintptr_t)table >> 4);
    for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

static bool is_symtab(const Op *op) { return op_is(op, OP_module) && !op->verbatim; }

static bool sym_name(const Op *op, const char **s, size_t *n) {
    if (op->verbatim) return false;
    if (!(op_is(op, OP_func_func) || op_is(op, OP_tt_func) || op_is(op, OP_module))) return false;
    Attr *a = op_attr(op, "sym_name");
    if (!a || a->kind != A_STRING) return false;
    *s = a->str.s; *n = a->str.len;
    return true;
}

/* public unless the visibility says private or nested */
static bool is_public(const Op *op) {
    Attr *a = op_attr(op, "sym_visibility");
    if (!a || a->kind != A_STRING) return true;
    return a->str.len == 6 && !memcmp(a->str.s, "public", 6);
}

static void syms_add(Syms *t, Op *table, Op *op, const char *s, size_t n) {
    if (t->n == t->cap) {
        t->cap = t->cap ? t->cap * 2 : 64;
        t->v = realloc(t->v, sizeof(Sym) * (size_t)t->cap);
    }
    t->v[t->n] = (Sym){ s, n, str_hash(table, s, n), op, table };
    t->n++;
}

static void syms_index(Syms *t) {
    unsigned nb = 16;
    while (nb < (unsigned)t->n * 2) nb *= 2;
    t->bucket = malloc(sizeof(int) * nb);
    for (unsigned i = 0; i < nb; i++) t->bucket[i] = -1;
    t->mask = nb - 1;
    /* probe linearly; the first definition of a name wins */
    for (int i = 0; i < t->n; i++) {
        unsigned b = t->v[i].hash & t->mask;
        bool dup = false;
        while (t->bucket[b] >= 0) {
            Sym *o = &t->v[t->bucket[b]];
            if (o->table == t->v[i].table && o->len == t->v[i].len && !memcmp(o->name, t->v[i].name, o->len)) { dup = true; break; }
            b = (b + 1) & t->mask;
        }
        if (!dup) t->bucket[b] = i;
    }
}

static Sym *syms_find(const Syms *t, const Op *table, const char *s, size_t n) {
    unsigned h = str_hash(table, s, n);
    for (unsigned b = h & t->mask; t->bucket[b] >= 0; b = (b + 1) & t->mask) {
        Sym *o = &t->v[t->bucket[b]];
        if (o->hash == h && o->table == table && o->len == n && !memcmp(o->name, s, n)) return o;
    }
    return NULL;
}

/* ---- liveness ------------------------------------------------------- */
typedef struct Live {
    Syms syms;
    char *live;           /* per symbol */
    PtrVec work;          /* live ops whose references are still to be followed */
    PtrVec clean;         /* arrays and dictionaries known to hold no reference */
    int *cbucket; unsigned cmask;
} Live;

static void mark(Live *l, Sym *s) {
    int i = (int)(s - l->syms.v);
    if (l->live[i]) return;
    l->live[i] = 1;
    pv_push(&l->work, s->op);
}

/* resolve @a::@b::@c from `table`, marking every symbol on the path */
static void resolve(Live *l, Op *table, int n, const char *const *names) {
    for (int i = 0; i < n && table; i++) {
        Sym *s = syms_find(&l->syms, table, names[i], strlen(names[i]));
        if (!s) return;
        mark(l, s);
        table = is_symtab(s->op) ? s->op : NULL;
    }
}

static bool is_ident(char ch) {
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
           ch == '_' || ch == '$' || ch == '.' || ch == '-';
}

/* `@name` (or `@"name"`) anywhere in verbatim text: resolve the first part */
static void scan_text(Live *l, Op *table, const char *s, size_t n) {
    for (size_t i = 0; i < n; i++) {
        if (s[i] != '@') continue;
        size_t b = i + 1, e = b;
        if (e < n && s[e] == '"') {
            b = ++e;
            while (e < n && s[e] != '"') e++;
        } else {
            while (e < n && is_ident(s[e])) e++;
        }
        if (e > b) {
            Sym *sym = syms_find(&l->syms, table, s + b, e - b);
            if (sym) mark(l, sym);
        }
        i = e;
    }
}

static bool clean_has(Live *l, Attr *a) {
    if (!l->cbucket) return false;
    for (unsigned b = (unsigned)((uintptr_t)a >> 4) & l->cmask; l->cbucket[b] >= 0; b = (b + 1) & l->cmask)
        if (l->clean.v[l->cbucket[b]] == a) return true;
    return false;
}

static void clean_add(Live *l, Attr *a) {
    pv_push(&l->clean, a);
    if (!l->cbucket || (unsigned)l->clean.n * 2 > l->cmask + 1) {
        unsigned nb = l->cbucket ? (l->cmask + 1) * 2 : 256;
        free(l->cbucket);
        l->cbucket = malloc(sizeof(int) * nb);
        for (unsigned i = 0; i < nb; i++) l->cbucket[i] = -1;
        l->cmask = nb - 1;
        for (int i = 0; i < l->clean.n; i++) {
            unsigned b = (unsigned)((uintptr_t)l->clean.v[i] >> 4) & l->cmask;
            while (l->cbucket[b] >= 0) b = (b + 1) & l->cmask;
            l->cbucket[b] = i;
        }
        return;
    }
    unsigned b = (unsigned)((uintptr_t)a >> 4) & l->cmask;
    while (l->cbucket[b] >= 0) b = (b + 1) & l->cmask;
    l->cbucket[b] = l->clean.n - 1;
}

/* returns whether a holds a reference (resolved or not) */
static bool scan_attr(Live *l, Op *table, Attr *a) {
    if (!a) return false;
    switch (a->kind) {
    case A_SYMREF:
        resolve(l, table, a->sym.n, a->sym.names);
        return true;
    case A_OPAQUE:
        if (memchr(a->str.s, '@', a->str.len)) { scan_text(l, table, a->str.s, a->str.len); return true; }
        return false;
    case A_ARRAY: case A_DICT: {
        if (clean_has(l, a)) return false;
        bool any = false;
        if (a->kind == A_ARRAY) for (int i = 0; i < a->arr.n; i++) any |= scan_attr(l, table, a->arr.elts[i]);
        else for (int i = 0; i < a->dict.n; i++) any |= scan_attr(l, table, a->dict.ents[i].value);
        if (!any) clean_add(l, a);
        return any;
    }
    default:
        return false;
    }
}

static void scan_op_attrs(Live *l, Op *table, Op *op) {
    for (int i = 0; i < op->nattrs; i++) scan_attr(l, table, op->attrs[i].value);
    for (int i = 0; i < op->nprops; i++) scan_attr(l, table, op_props(op)[i].value);
    for (Elem *e = op_custom(op); e; e = e->next) {
        if (e->kind == E_ATTR) scan_attr(l, table, e->attr);
        else if (e->kind != E_STRING && e->text && memchr(e->text, '@', strlen(e->text))) scan_text(l, table, e->text, strlen(e->text));
    }
}

static void seed_table(Live *l, Op *table);

/* follow the references held by a live op of `table`'s body, and those of
 * the ops nested in it; a nested module is a table of its own */
static void follow(Live *l, Op *table, Op *root) {
    PtrVec st = {0};
    pv_push(&st, root);
    while (st.n) {
        Op *op = st.v[--st.n];
        scan_op_attrs(l, table, op);
        if (is_symtab(op)) { seed_table(l, op); continue; }
        for (int r = op->nregions - 1; r >= 0; r--)
            for (Block *b = op->regions[r].last; b; b = b->prev)
                for (Op *o = b->last; o; o = o->prev) pv_push(&st, o);
    }
    pv_free(&st);
}

static void collect(Syms *t, Op *table) {
    for (int r = 0; r < table->nregions; r++)
        for (Block *b = table->regions[r].first; b; b = b->next)
            for (Op *op = b->first; op; op = op->next) {
                const char *s; size_t n;
                if (sym_name(op, &s, &n)) syms_add(t, table, op, s, n);
                if (is_symtab(op)) collect(t, op);
            }
}

/* the ops of a table's body that are live on their own */
static void seed_table(Live *l, Op *table) {
    for (int r = 0; r < table->nregions; r++)
        for (Block *b = table->regions[r].first; b; b = b->next)
            for (Op *op = b->first; op; op = op->next) {
                const char *s; size_t n;
                Sym *sym = sym_name(op, &s, &n) ? syms_find(&l->syms, table, s, n) : NULL;
                if (sym && sym->op != op) sym = NULL;   /* a duplicate name: keep it */
                if (!sym) follow(l, table, op);
                else if (is_public(op)) mark(l, sym);
            }
}

static bool run(Ctx *c, Op *m, const PassOptions *o, Diag *d) {
    (void)c; (void)o; (void)d;
    Live l = {0};
    collect(&l.syms, m);
    syms_index(&l.syms);
    l.live = calloc((size_t)l.syms.n + 1, 1);
    seed_table(&l, m);
    while (l.work.n) {
        Op *op = l.work.v[--l.work.n];
        follow(&l, op_parent(op), op);
    }
    for (int i = 0; i < l.syms.n; i++) {
        Sym *s = &l.syms.v[i];
        if (!l.live[i] && syms_find(&l.syms, s->table, s->name, s->len) == s) op_erase(s->op);
    }
    free(l.syms.v); free(l.syms.bucket); free(l.live);
    pv_free(&l.work); pv_free(&l.clean); free(l.cbucket);
    return true;
}

const Pass pass_symbol_dce = { "symbol-dce", "erase private functions that are not referenced", NULL, 0, run };
