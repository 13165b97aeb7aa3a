/* parse_scope.c - the reader's SSA names, scopes and block labels: one scope
 * per region, names defined by results and block arguments, forward references
 * as placeholders replaced at the definition, unresolved names moved out to the
 * enclosing region or reported when an isolated region ends. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "parse_impl.h"
#include "parse_scope.h"
#include "print_attr.h"   /* type text in messages */

static unsigned memhash(const char *s, int n) { unsigned h = 2166136261u; for (int i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 16777619u; return h; }

Scope *ps_scope_push(PState *ps, bool isolated, Region *r, OpB *owner) {
    Scope *s = ps_xcalloc(1, sizeof *s);
    s->parent = ps->scope;
    s->isolated = isolated;
    s->region = r;
    s->owner = owner;
    ps->scope = s;
    return s;
}

static NameEnt *scope_find(Scope *s, SName nm) {
    if (!s->cap) return NULL;
    for (NameEnt *e = s->tab[nm.hash & (unsigned)(s->cap - 1)]; e; e = e->next)
        if (e->hash == nm.hash && e->len == nm.len && !memcmp(e->name, nm.s, (size_t)nm.len)) return e;
    return NULL;
}

/* name entries come from a pool and go back to it when their scope ends */
typedef struct NEChunk { struct NEChunk *next; NameEnt e[256]; } NEChunk;
void ps_scope_pool_free(PState *ps) {
    for (NEChunk *k = ps->ne_chunks, *n; k; k = n) { n = k->next; free(k); }
    ps->ne_chunks = NULL;
    ps->ne_free = NULL;
}
static NameEnt *ne_alloc(PState *ps) {
    if (!ps->ne_free) {
        NEChunk *k = ps_xcalloc(1, sizeof *k);
        k->next = ps->ne_chunks;
        ps->ne_chunks = k;
        for (int i = 0; i < 256; i++) { k->e[i].next = ps->ne_free; ps->ne_free = &k->e[i]; }
    }
    NameEnt *e = ps->ne_free;
    ps->ne_free = e->next;
    memset(e, 0, sizeof *e);
    return e;
}
static void ne_release(PState *ps, NameEnt *e) {
    free(e->vals);
    e->vals = NULL;
    e->next = ps->ne_free;
    ps->ne_free = e;
}

static NameEnt *scope_add(PState *ps, Scope *s, SName nm) {
    if ((s->n + 1) * 2 > s->cap) {
        int nc = s->cap ? s->cap * 2 : 64;
        NameEnt **nt = ps_xcalloc((size_t)nc, sizeof *nt);
        for (int i = 0; i < s->cap; i++)
            for (NameEnt *e = s->tab[i], *nx; e; e = nx) {
                nx = e->next;
                unsigned h = e->hash & (unsigned)(nc - 1);
                e->next = nt[h]; nt[h] = e;
            }
        free(s->tab);
        s->tab = nt; s->cap = nc;
    }
    NameEnt *e = ne_alloc(ps);
    e->name = nm.s;
    e->len = nm.len;
    e->hash = nm.hash;
    unsigned h = nm.hash & (unsigned)(s->cap - 1);
    e->next = s->tab[h]; s->tab[h] = e;
    s->n++;
    if (s->norder == s->caporder) {
        s->caporder = s->caporder ? s->caporder * 2 : 32;
        s->order = realloc(s->order, sizeof(NameEnt *) * (size_t)s->caporder);
        if (!s->order) abort();
    }
    s->order[s->norder++] = e;
    return e;
}

void ps_scope_free(PState *ps, Scope *s) {
    for (int i = 0; i < s->norder; i++) ne_release(ps, s->order[i]);
    free(s->order); free(s->tab); free(s->cands);
    pv_free(&s->blocks);
    free(s);
}

/* split "%name#3" into interned "name" and index 3 */
SName ps_ssa_name(PState *ps, const char *s, int len, int *idx) {
    (void)ps;
    int n = len;
    *idx = 0;
    const char *h = memchr(s, '#', (size_t)len);
    if (h) {
        n = (int)(h - s);
        errno = 0;
        long v = strtol(h + 1, NULL, 10);
        *idx = errno || v > INT_MAX ? -1 : (int)v;
    }
    SName r = { s + 1, n - 1, memhash(s + 1, n - 1) };
    return r;
}

static Value *new_placeholder(PState *ps, Loc l) {
    Value *v = ctx_alloc(ps->ctx, sizeof(ArgValue));
    ((ArgValue *)v)->loc = l;
    value_set_argindex(v, -1);
    return v;
}

/* resolve a use of "%name#idx" in the visible scopes */
Value *ps_resolve_use(PState *ps, Scope *from, const char *text, int len, Loc l) {
    int idx;
    SName nm = ps_ssa_name(ps, text, len, &idx);
    if (idx < 0 || idx >= MAX_RESULTS) {
        ps_perr(ps, l, "result number of '%%%.*s' is out of range (at most %d)", nm.len, nm.s, MAX_RESULTS - 1);
        return new_placeholder(ps, l);
    }
    for (Scope *s = from; s; s = s->parent) {
        NameEnt *e = scope_find(s, nm);
        if (e) {
            if (!e->fwd && idx < e->n) return e->first + idx;
            if (idx >= e->n) {
                if (!e->fwd) {
                    ps_perr(ps, l, "result number %d of '%%%.*s' is out of range: it has %d result%s", idx, nm.len, nm.s, e->n, e->n == 1 ? "" : "s");
                    return new_placeholder(ps, l);
                }
                e->vals = realloc(e->vals, sizeof(Value *) * (size_t)(idx + 1));
                if (!e->vals) abort();
                for (int i = e->n; i <= idx; i++) e->vals[i] = new_placeholder(ps, l);
                e->n = idx + 1;
            }
            return e->vals[idx];
        }
        if (s->isolated) break;
    }
    NameEnt *e = scope_add(ps, from, nm);
    e->fwd = true;
    e->loc = l;
    e->n = idx + 1;
    e->vals = ps_xcalloc((size_t)e->n, sizeof(Value *));
    for (int i = 0; i < e->n; i++) e->vals[i] = new_placeholder(ps, l);
    return e->vals[idx];
}

static char *type_text(Ctx *c, Type *t) {
    static char buf[4][256];
    static int k;
    char *b = buf[k++ & 3];
    if (!t) { snprintf(b, 256, "<unknown>"); return b; }
    char *s = print_type_str(c, t);
    snprintf(b, 256, "%s", s);
    free(s);
    return b;
}

/* a value reached through a name is given a type by a use; check agreement */
void ps_check_use_type(PState *ps, Value *v, Type *t, const char *name, Loc l) {
    if (!t || !v) return;
    if (!v->type) { v->type = t; return; }
    if (v->type != t) {
        ps_perr(ps, l, "use of value '%s' expects different type than prior uses: '%s' vs '%s'",
             name, type_text(ps->ctx, t), type_text(ps->ctx, v->type));
        diag_emit(ps->diag, SEV_NOTE, value_loc(v), "prior use here");
    }
}

static void replace_placeholder(PState *ps, Value *ph, Value *v, SName name, Loc defloc) {
    if (ph->type && v->type && ph->type != v->type) {
        ps_perr(ps, defloc, "definition of SSA value '%%%.*s#%d' has type '%s'", name.len, name.s, v->def ? value_index(v) : 0, type_text(ps->ctx, v->type));
        diag_emit(ps->diag, SEV_NOTE, value_loc(ph), "previously used here with type '%s'", type_text(ps->ctx, ph->type));
    }
    if (!v->type) v->type = ph->type;
    value_replace_all_uses(ph, v);
    ((ArgValue *)ph)->block = NULL; value_set_argindex(ph, -2);   /* forwarded */
    ph->type = (Type *)v;                                      /* see ps_chase() */
}

Value *ps_chase(Value *v) {
    while (v && !v->def && !((ArgValue *)v)->block && ((ArgValue *)v)->index == -2) v = (Value *)v->type;
    return v;
}

/* define %name (n values) in the current scope */
static SName ent_name(NameEnt *e) { SName r = { e->name, e->len, e->hash }; return r; }

void ps_define_name(PState *ps, SName name, Value *first, int n, Loc l) {
    Scope *cur = ps->scope;
    NameEnt *e = scope_find(cur, name);
    if (e && !e->fwd) {
        ps_perr(ps, l, "redefinition of SSA value '%%%.*s'", name.len, name.s);
        diag_emit(ps->diag, SEV_NOTE, e->loc, "previously defined here");
        return;
    }
    for (Scope *s = cur->parent; s && !cur->isolated; s = s->parent) {
        NameEnt *o = scope_find(s, name);
        if (o && !o->fwd) {
            ps_perr(ps, l, "redefinition of SSA value '%%%.*s'", name.len, name.s);
            diag_emit(ps->diag, SEV_NOTE, o->loc, "previously defined here");
            return;
        }
        if (s->isolated) break;
    }
    if (e) {
        if (e->n > n) {
            ps_perr(ps, e->loc, "result number %d of '%%%.*s' is out of range: it has %d result%s", e->n - 1, name.len, name.s, n, n == 1 ? "" : "s");
            return;
        }
        for (int i = 0; i < e->n; i++) replace_placeholder(ps, e->vals[i], first + i, name, l);
        free(e->vals);
        e->vals = NULL;
    } else e = scope_add(ps, cur, name);
    e->fwd = false;
    e->n = n;
    e->first = first;
    e->loc = l;
}

/* at the end of a region: unresolved names move out, or are errors */
void ps_scope_close(PState *ps, Scope *s) {
    for (int i = 0; i < s->norder; i++) {
        NameEnt *e = s->order[i];
        if (!e->fwd) continue;
        if (!s->isolated && s->parent) {
            NameEnt *p = scope_find(s->parent, ent_name(e));
            if (!p) {
                p = scope_add(ps, s->parent, ent_name(e));
                p->fwd = true; p->loc = e->loc; p->n = e->n;
                p->vals = e->vals; e->vals = NULL;
                continue;
            }
            if (p->fwd) {
                if (p->n < e->n) {
                    p->vals = realloc(p->vals, sizeof(Value *) * (size_t)e->n);
                    for (int k = p->n; k < e->n; k++) p->vals[k] = new_placeholder(ps, e->loc);
                    p->n = e->n;
                }
                for (int k = 0; k < e->n; k++) replace_placeholder(ps, e->vals[k], p->vals[k], ent_name(e), value_loc(p->vals[k]));
                continue;
            }
            /* the outer name was defined after the nested use: bind to it */
            for (int k = 0; k < e->n && k < p->n; k++) replace_placeholder(ps, e->vals[k], p->first + k, ent_name(e), p->loc);
            continue;
        }
        ps_perr(ps, e->loc, "use of undeclared SSA value name '%%%.*s'", e->len, e->name);
    }
    for (int i = 0; i < s->blocks.n; i++) {
        Block *b = s->blocks.v[i];
        if (!b->defined) ps_perr(ps, b->loc, "reference to an undefined block '%s'", b->name);
    }
}


Block *ps_block_ref(PState *ps, Token *t, bool def) {
    Scope *s = ps->scope;
    const char *name = ctx_intern(ps->ctx, t->s, (size_t)t->len);
    for (int i = 0; i < s->blocks.n; i++) {
        Block *b = s->blocks.v[i];
        if (b->name == name) {
            if (def && b->defined) { ps_perr(ps, tok_loc(ps, t), "redefinition of block '%s'", name); return b; }
            return b;
        }
    }
    Block *b = block_new(ps->ctx);
    b->name = name;
    b->loc = tok_loc(ps, t);
    pv_push(&s->blocks, b);
    return b;
}
