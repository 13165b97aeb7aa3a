/* ir.c - context, arena, interning of strings, types and affine
 * expressions, and the op table (attributes: ir_attr.c). */
#include "ir_impl.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* ---- arena ---------------------------------------------------------- */
typedef struct Chunk { struct Chunk *next; size_t size, used, maplen; _Alignas(16) unsigned char data[]; } Chunk;

static void tl_cache_free(void);
static _Thread_local Chunk *tl_chunk;    /* shared mode: this thread's chunks, newest first */
static _Thread_local size_t tl_bytes;


/* Chunks come straight from mmap, so they start zeroed (ctx_alloc hands
 * out each byte once and does not clear it again), and from 2 MiB up they
 * are aligned for, and asked to be backed by, huge pages: a large module
 * then costs a few hundred page faults instead of tens of thousands. */
#define HUGE_PAGE (2u << 20)
static Chunk *chunk_new(size_t n, size_t at_least, bool populate) {
    size_t sz = n > at_least ? n : at_least;
    size_t len = (sizeof(Chunk) + sz + 4095) & ~(size_t)4095;
    bool huge = len >= HUGE_PAGE;
    size_t map = huge ? len + HUGE_PAGE : len;
    /* populate: a small chunk a thread of a large read fills for certain,
     * mapped in one call instead of a fault per page */
    int flags = MAP_PRIVATE | MAP_ANONYMOUS;
#ifdef MAP_POPULATE
    if (populate && !huge) flags |= MAP_POPULATE;
#endif
    unsigned char *m = mmap(NULL, map, PROT_READ | PROT_WRITE, flags, -1, 0);
    if (m == MAP_FAILED) { fputs("ttxform: out of memory\n", stderr); abort(); }
    unsigned char *base = m;
    if (huge) {
        base = (unsigned char *)(((uintptr_t)m + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1));
        if (base > m) munmap(m, (size_t)(base - m));
        size_t tail = (size_t)(m + map - (base + len));
        if (tail) munmap(base + len, tail);
#ifdef MADV_HUGEPAGE
        madvise(base, len, MADV_HUGEPAGE);
#endif
    }
    Chunk *k = (Chunk *)base;
    k->size = len - sizeof(Chunk); k->used = 0; k->maplen = len;
    return k;
}

static _Thread_local size_t tl_grow;   /* the size of this thread's next chunk */

/* shared mode: this thread's block of printer name slots [tl_pn_next, tl_pn_end) */
enum { PNAME_BLOCK = 256, PNAME_MAX_THREADS = 64 };
static _Thread_local int tl_pn_next, tl_pn_end;
/* the block's slots left unused hold no name */
static void pname_block_done(Ctx *c) {
    for (int i = tl_pn_next; i < tl_pn_end; i++) c->pnames.v[i] = NULL;
    tl_pn_next = tl_pn_end = 0;
}

static void *shared_alloc(size_t n) {
    Chunk *k = tl_chunk;
    if (!k || k->used + n > k->size) {
        if (tl_grow < (1u << 20)) tl_grow = 1u << 20;
        k = chunk_new(n, tl_grow, true);   /* handed to the context by ctx_thread_done */
        if (tl_grow < (32u << 20)) tl_grow *= 2;
        k->next = tl_chunk;
        tl_chunk = k;
    }
    void *p = k->data + k->used;
    k->used += n;
    tl_bytes += n;
    return p;
}

void ctx_share(Ctx *c, bool on) {
    if (on == c->shared) return;
    if (!on) {
        tl_cache_free();
        if (c->pnames_fixed) c->pnames.n = atomic_load(&c->pnames_next);
        c->pnames_fixed = false;
    }
    if (on) pthread_mutex_init(&c->mu, NULL);
    else pthread_mutex_destroy(&c->mu);
    c->shared = on;
}

void ctx_thread_done(Ctx *c) {
    pthread_mutex_lock(&c->mu);
    c->bytes += tl_bytes;
    /* behind the head, so that the main thread keeps filling its own chunk */
    for (Chunk *k = tl_chunk, *n; k; k = n) {
        n = k->next;
        if (c->chunks) { k->next = c->chunks->next; c->chunks->next = k; }
        else { k->next = NULL; c->chunks = k; }
    }
    pthread_mutex_unlock(&c->mu);
    tl_bytes = 0;
    tl_chunk = NULL;
    tl_grow = 0;
    pname_block_done(c);
    tl_cache_free();
}

void *ctx_alloc(Ctx *c, size_t n) {
    n = (n + 7) & ~(size_t)7;   /* nothing in the IR needs more than 8-byte alignment */
    if (c->shared) return shared_alloc(n);
    Chunk *k = c->chunks;
    if (!k || k->used + n > k->size) {
        size_t grow = 1u << 20;
        if (k && k->size < (64u << 20) && n <= k->size) grow = k->size * 2 > grow ? k->size * 2 : grow;
        k = chunk_new(n, grow, false);
        k->next = c->chunks; c->chunks = k;
    }
    void *p = k->data + k->used;
    k->used += n;
    c->bytes += n;
    return p;
}

size_t ctx_bytes(const Ctx *c) { return c->bytes; }



void ir_hs_grow(HSet *s) {
    size_t nc = s->cap ? s->cap * 2 : 256;
    void **ns = calloc(nc, sizeof *ns);
    unsigned *nh = calloc(nc, sizeof *nh);
    if (!ns || !nh) { fputs("ttxform: out of memory\n", stderr); abort(); }
    for (size_t i = 0; i < s->cap; i++) {
        if (!s->slot[i]) continue;
        size_t j = s->hash[i] & (nc - 1);
        while (ns[j]) j = (j + 1) & (nc - 1);
        ns[j] = s->slot[i]; nh[j] = s->hash[i];
    }
    free(s->slot); free(s->hash);
    s->slot = ns; s->hash = nh; s->cap = nc;
}


static _Thread_local TlCache *tl_cache;

static void tl_cache_free(void) {
    TlCache *t = tl_cache;
    if (!t) return;
    HSet *sets[] = { &t->strs, &t->types, &t->attrs, &t->exprs };
    for (int i = 0; i < 4; i++) { free(sets[i]->slot); free(sets[i]->hash); }
    free(t);
    tl_cache = NULL;
}
TlCache *ir_tlc(const Ctx *c) {
    if (tl_cache && tl_cache->c != c) tl_cache_free();
    if (!tl_cache) {
        tl_cache = calloc(1, sizeof *tl_cache);
        if (!tl_cache) { fputs("ttxform: out of memory\n", stderr); abort(); }
        tl_cache->c = c;
    }
    return tl_cache;
}

/* ---- strings -------------------------------------------------------- */
typedef struct { const char *s; size_t n; } StrKey;
static bool str_eq(const void *stored, const void *key) {
    const StrKey *k = key;
    const char *s = stored;
    return strncmp(s, k->s, k->n) == 0 && s[k->n] == 0;
}
static const char *intern_locked(Ctx *c, const char *s, size_t n);
const char *ctx_intern(Ctx *c, const char *s, size_t n) {
    if (!c->shared) return intern_locked(c, s, n);
    TlCache *t = ir_tlc(c);
    StrKey k = { s, n };
    unsigned h = hbytes(7, s, n);
    size_t w;
    const char *r = hs_find(&t->strs, h, &k, str_eq, &w);
    if (r) return r;
    lock(c);
    r = intern_locked(c, s, n);
    unlock(c);
    hs_put(&t->strs, w, h, (void *)r);
    return r;
}
static const char *intern_locked(Ctx *c, const char *s, size_t n) {
    StrKey k = { s, n };
    unsigned h = hbytes(7, s, n);
    size_t w;
    char *r = hs_find(&c->strs, h, &k, str_eq, &w);
    if (r) return r;
    r = ctx_alloc(c, n + 1);
    memcpy(r, s, n);
    r[n] = 0;
    hs_put(&c->strs, w, h, r);
    return r;
}
const char *ctx_str(Ctx *c, const char *s) { return s ? ctx_intern(c, s, strlen(s)) : NULL; }

/* ---- location file names ------------------------------------------- */
/* process-wide, never freed: numbers are handed out in pages that never
 * move, so reading a name needs no lock */
enum { LF_PAGE = 256, LF_PAGES = 4096 };
static const char **lf_pages[LF_PAGES];
static uint32_t lf_n;                     /* names 1..lf_n are in use */
static pthread_mutex_t lf_mu = PTHREAD_MUTEX_INITIALIZER;

uint32_t loc_file_id(const char *name) {
    if (!name) return 0;
    pthread_mutex_lock(&lf_mu);
    uint32_t id = 0;
    for (uint32_t i = lf_n; i >= 1 && !id; i--)
        if (!strcmp(lf_pages[i / LF_PAGE][i % LF_PAGE], name)) id = i;
    if (!id && lf_n + 1 < (uint32_t)LF_PAGE * LF_PAGES) {
        id = lf_n + 1;
        const char **pg = lf_pages[id / LF_PAGE];
        if (!pg) pg = lf_pages[id / LF_PAGE] = calloc(LF_PAGE, sizeof *pg);
        char *copy = strdup(name);
        if (!pg || !copy) { fputs("ttxform: out of memory\n", stderr); abort(); }
        pg[id % LF_PAGE] = copy;
        lf_n = id;
    }
    pthread_mutex_unlock(&lf_mu);
    return id;
}

const char *loc_file(Loc l) {
    if (!l.file) return NULL;
    const char **pg = lf_pages[l.file / LF_PAGE];
    return pg ? pg[l.file % LF_PAGE] : NULL;
}

/* ---- context -------------------------------------------------------- */
Ctx *ctx_new(void) {
    Ctx *c = calloc(1, sizeof *c);
    if (!c) { fputs("ttxform: out of memory\n", stderr); abort(); }
    return c;
}

void ctx_free(Ctx *c) {
    if (!c) return;
    ctx_share(c, false);
    pv_free(&c->generated);
    for (Chunk *k = c->chunks, *n; k; k = n) { n = k->next; munmap(k, k->maplen); }
    HSet *sets[] = { &c->strs, &c->types, &c->attrs, &c->exprs };
    for (int i = 0; i < 4; i++) { free(sets[i]->slot); free(sets[i]->hash); }
    free(c->unreg);
    free(c->vlocs);
    free(c->vpids);
    pv_free(&c->pnames);
    free(c);
}

void ctx_add_alias(Ctx *c, const char *name, Attr *a, Type *t) {
    Alias *al = ctx_alloc(c, sizeof *al);
    al->name = ctx_str(c, name); al->attr = a; al->type = t;
    if (a && !a->alias) a->alias = al->name;
    if (t && !t->alias) t->alias = al->name;
    if (c->alias_tail) c->alias_tail->next = al; else c->aliases = al;
    c->alias_tail = al;
}
Alias *ctx_aliases(Ctx *c) { return c->aliases; }
bool ctx_has_affine(Ctx *c) { return c->has_affine; }
void ctx_set_generated_alias(Ctx *c, Attr *a, const char *name) {
    a->alias = ctx_str(c, name);
    pv_push(&c->generated, a);
}
void ctx_clear_generated_aliases(Ctx *c) {
    for (int i = 0; i < c->generated.n; i++) ((Attr *)c->generated.v[i])->alias = NULL;
    c->generated.n = 0;
}
void ctx_remove_alias(Ctx *c, const char *name) {
    Alias *prev = NULL;
    for (Alias *al = c->aliases; al; prev = al, al = al->next) {
        if (strcmp(al->name, name)) continue;
        if (al->attr && al->attr->alias == al->name) al->attr->alias = NULL;
        if (al->type && al->type->alias == al->name) al->type->alias = NULL;
        if (prev) prev->next = al->next; else c->aliases = al->next;
        if (c->alias_tail == al) c->alias_tail = prev;
        return;
    }
}
const char *ctx_alias_name_attr(Ctx *c, const Attr *a) { (void)c; return a->alias; }
const char *ctx_alias_name_type(Ctx *c, const Type *t) { (void)c; return t->alias; }
/* ---- block argument locations, printer names ----------------------- */
static size_t vloc_slot(const struct VLoc *t, size_t cap, const Value *v) {
    size_t i = ptr_hash(v) & (cap - 1);
    while (t[i].v && t[i].v != v) i = (i + 1) & (cap - 1);
    return i;
}

Attr *value_locattr(Ctx *c, const Value *v) {
    if (!c->nvlocs || v->def) return NULL;
    lock(c);
    Attr *a = c->vlocs[vloc_slot(c->vlocs, c->capvlocs, v)].a;
    unlock(c);
    return a;
}

void value_set_locattr(Ctx *c, Value *v, Attr *a) {
    if (!a && !c->nvlocs) return;
    lock(c);
    if ((c->nvlocs + 1) * 2 > c->capvlocs) {
        size_t ncap = c->capvlocs ? c->capvlocs * 2 : 16;
        struct VLoc *t = calloc(ncap, sizeof *t);
        if (!t) { fputs("ttxform: out of memory\n", stderr); abort(); }
        for (size_t i = 0; i < c->capvlocs; i++)
            if (c->vlocs[i].v) t[vloc_slot(t, ncap, c->vlocs[i].v)] = c->vlocs[i];
        free(c->vlocs);
        c->vlocs = t; c->capvlocs = ncap;
    }
    size_t i = vloc_slot(c->vlocs, c->capvlocs, v);
    if (!c->vlocs[i].v) { c->vlocs[i].v = v; c->nvlocs++; }
    c->vlocs[i].a = a;     /* a cleared entry stays, holding NULL */
    unlock(c);
}

NamedAttr *ctx_named_array(Ctx *c, int n, const NamedAttr *ents) {
    unsigned h = (unsigned)n;
    for (int i = 0; i < n; i++) h = hptr(hptr(h, ents[i].name), ents[i].value);
    h &= 511;
    TlCache *tc = c->shared ? ir_tlc(c) : NULL;
    NamedAttr *r;
    if (tc && (r = tc->na[h]) && tc->nalen[h] == n && !memcmp(r, ents, sizeof *ents * (size_t)n)) return r;
    if (tc) {
        /* shared mode: each thread shares its own arrays (the sharing only saves memory) */
        r = ctx_alloc(c, sizeof *ents * (size_t)n);
        memcpy(r, ents, sizeof *ents * (size_t)n);
        tc->na[h] = r; tc->nalen[h] = n;
        return r;
    }
    lock(c);
    r = c->nacache[h];
    if (!r || c->nalen[h] != n || memcmp(r, ents, sizeof *ents * (size_t)n)) {
        r = ctx_alloc(c, sizeof *ents * (size_t)n);
        memcpy(r, ents, sizeof *ents * (size_t)n);
        c->nacache[h] = r; c->nalen[h] = n;
    }
    unlock(c);
    if (tc) { tc->na[h] = r; tc->nalen[h] = n; }
    return r;
}

static size_t vpid_slot(const struct VPid *t, size_t cap, const Value *v) {
    size_t i = ptr_hash(v) & (cap - 1);
    while (t[i].v && t[i].v != v) i = (i + 1) & (cap - 1);
    return i;
}

int value_pid_each(Ctx *c, const Value *v) {
    lock(c);
    int pid = c->nvpids ? c->vpids[vpid_slot(c->vpids, c->capvpids, v)].pid : 0;
    unlock(c);
    return pid;
}

void value_set_pid(Ctx *c, Value *v, int pid) {
    if (!v->def) { ((ArgValue *)v)->pid = pid; return; }
    Op *op = v->def;
    if (value_index(v) == 0) { op->order = pid; if (op->nres == 1) op->pid_each = false; return; }
    if (!op->pid_each) {
        if (pid == op->order) return;
        op->pid_each = true;
    }
    lock(c);
    if ((c->nvpids + 1) * 2 > c->capvpids) {
        size_t ncap = c->capvpids ? c->capvpids * 2 : 16;
        struct VPid *t = calloc(ncap, sizeof *t);
        if (!t) { fputs("ttxform: out of memory\n", stderr); abort(); }
        for (size_t i = 0; i < c->capvpids; i++)
            if (c->vpids[i].v) t[vpid_slot(t, ncap, c->vpids[i].v)] = c->vpids[i];
        free(c->vpids);
        c->vpids = t; c->capvpids = ncap;
    }
    size_t i = vpid_slot(c->vpids, c->capvpids, v);
    if (!c->vpids[i].v) { c->vpids[i].v = v; c->nvpids++; }
    c->vpids[i].pid = pid;
    unlock(c);
}

void *ctx_memo(Ctx *c, int slot) { return atomic_load_explicit(&c->memo[slot], memory_order_acquire); }
void ctx_memo_set(Ctx *c, int slot, void *v) { atomic_store_explicit(&c->memo[slot], v, memory_order_release); }

void ctx_reserve_pnames(Ctx *c, size_t extra) {
    size_t want = (size_t)c->pnames.n + extra + (size_t)PNAME_BLOCK * PNAME_MAX_THREADS;
    if (want > (size_t)c->pnames.cap) {
        c->pnames.v = realloc(c->pnames.v, sizeof(void *) * want);
        if (!c->pnames.v) { fputs("ttxform: out of memory\n", stderr); abort(); }
        c->pnames.cap = (int)want;
    }
    c->pnames_fixed = true;
    atomic_store(&c->pnames_next, c->pnames.n);
}

int ctx_add_pname(Ctx *c, const char *name) {
    if (c->shared && c->pnames_fixed) {
        /* a block of indices at a time: one shared counter bumped per name,
         * and neighbouring slots written by different threads, cost more than
         * the naming itself */
        if (tl_pn_next >= tl_pn_end) {
            int i = atomic_fetch_add(&c->pnames_next, PNAME_BLOCK);
            if (i + PNAME_BLOCK > c->pnames.cap) { fputs("ttxform: internal error: more value names than reserved\n", stderr); abort(); }
            tl_pn_next = i;
            tl_pn_end = i + PNAME_BLOCK;
        }
        int i = tl_pn_next++;
        c->pnames.v[i] = (void *)name;
        return -2 - i;
    }
    lock(c);
    pv_push(&c->pnames, (void *)name);
    int pid = -1 - c->pnames.n;
    unlock(c);
    return pid;
}

const char *ctx_pname(Ctx *c, int pid) {
    if (pid >= -1) return NULL;
    /* with room reserved the array stays put, and a name is read by the
     * thread that added it (or after the threads are joined) */
    if (c->shared && c->pnames_fixed) return c->pnames.v[-2 - pid];
    lock(c);
    const char *s = -2 - pid < c->pnames.n ? c->pnames.v[-2 - pid] : NULL;
    unlock(c);
    return s;
}

void ctx_set_trailer(Ctx *c, const char *text) { c->trailer = ctx_str(c, text); }
const char *ctx_trailer(Ctx *c) { return c->trailer; }

/* ---- types ---------------------------------------------------------- */
static bool type_eq(const void *stored, const void *key) {
    const Type *a = stored, *b = key;
    if (a->kind != b->kind) return false;
    switch (a->kind) {
    case T_INT: return a->i.width == b->i.width && a->i.sign == b->i.sign;
    case T_INDEX: case T_NONE: return true;
    case T_FLOAT: return a->f.name == b->f.name;
    case T_FUNC:
        if (a->fn.nin != b->fn.nin || a->fn.nout != b->fn.nout) return false;
        for (int i = 0; i < a->fn.nin; i++) if (a->fn.in[i] != b->fn.in[i]) return false;
        for (int i = 0; i < a->fn.nout; i++) if (a->fn.out[i] != b->fn.out[i]) return false;
        return true;
    case T_TENSOR: case T_MEMREF: case T_VECTOR:
        if (a->sh.rank != b->sh.rank || a->sh.elem != b->sh.elem || a->sh.enc != b->sh.enc ||
            a->sh.space != b->sh.space) return false;
        for (int i = 0; i < a->sh.rank; i++) if (a->sh.dims[i] != b->sh.dims[i]) return false;
        return true;
    case T_COMPLEX: return a->elem == b->elem;
    case T_TUPLE:
        if (a->tup.n != b->tup.n) return false;
        for (int i = 0; i < a->tup.n; i++) if (a->tup.elts[i] != b->tup.elts[i]) return false;
        return true;
    case T_PTR: return a->ptr.pointee == b->ptr.pointee && a->ptr.space == b->ptr.space;
    case T_OPAQUE: return a->opq.name == b->opq.name && a->opq.body == b->opq.body;
    }
    return false;
}

static unsigned type_hash(const Type *t) {
    unsigned h = hmix(11, t->kind);
    switch (t->kind) {
    case T_INT: h = hmix(h, t->i.width); h = hmix(h, t->i.sign); break;
    case T_INDEX: case T_NONE: break;
    case T_FLOAT: h = hptr(h, t->f.name); break;
    case T_FUNC:
        h = hmix(h, t->fn.nin);
        for (int i = 0; i < t->fn.nin; i++) h = hptr(h, t->fn.in[i]);
        for (int i = 0; i < t->fn.nout; i++) h = hptr(h, t->fn.out[i]);
        break;
    case T_TENSOR: case T_MEMREF: case T_VECTOR:
        h = hmix(h, (uint64_t)t->sh.rank);
        for (int i = 0; i < t->sh.rank; i++) h = hmix(h, (uint64_t)t->sh.dims[i]);
        h = hptr(h, t->sh.elem); h = hptr(h, t->sh.enc); h = hptr(h, t->sh.space);
        break;
    case T_COMPLEX: h = hptr(h, t->elem); break;
    case T_TUPLE: for (int i = 0; i < t->tup.n; i++) h = hptr(h, t->tup.elts[i]); break;
    case T_PTR: h = hptr(h, t->ptr.pointee); h = hmix(h, t->ptr.space); break;
    case T_OPAQUE: h = hptr(h, t->opq.name); h = hptr(h, t->opq.body); break;
    }
    return h;
}

/* copy arrays referenced by a new type into the arena before storing it */
/* h: type_hash(key), computed once by type_get */
static Type *type_get_locked(Ctx *c, Type *key, unsigned h);
static Type *type_get(Ctx *c, Type *key) {
    unsigned h = type_hash(key);
    if (!c->shared) return type_get_locked(c, key, h);
    TlCache *tc = ir_tlc(c);
    size_t w;
    Type *t = hs_find(&tc->types, h, key, type_eq, &w);
    if (t) return t;
    lock(c);
    t = type_get_locked(c, key, h);
    unlock(c);
    hs_put(&tc->types, w, h, t);
    return t;
}
static Type *type_get_locked(Ctx *c, Type *key, unsigned h) {
    size_t w;
    Type *t = hs_find(&c->types, h, key, type_eq, &w);
    if (t) return t;
    t = ctx_alloc(c, sizeof *t);
    *t = *key;
    t->hash = h;
    switch (t->kind) {
    case T_FUNC: {
        Type **in = ctx_alloc(c, sizeof(Type *) * (size_t)(t->fn.nin + 1));
        Type **out = ctx_alloc(c, sizeof(Type *) * (size_t)(t->fn.nout + 1));
        if (t->fn.nin) memcpy(in, key->fn.in, sizeof(Type *) * (size_t)t->fn.nin);
        if (t->fn.nout) memcpy(out, key->fn.out, sizeof(Type *) * (size_t)t->fn.nout);
        t->fn.in = in; t->fn.out = out;
        break;
    }
    case T_TENSOR: case T_MEMREF: case T_VECTOR:
        if (t->sh.rank > 0) {
            int64_t *d = ctx_alloc(c, sizeof(int64_t) * (size_t)t->sh.rank);
            memcpy(d, key->sh.dims, sizeof(int64_t) * (size_t)t->sh.rank);
            t->sh.dims = d;
        } else t->sh.dims = NULL;
        break;
    case T_TUPLE: {
        Type **e = ctx_alloc(c, sizeof(Type *) * (size_t)(t->tup.n + 1));
        if (t->tup.n) memcpy(e, key->tup.elts, sizeof(Type *) * (size_t)t->tup.n);
        t->tup.elts = e;
        break;
    }
    default: break;
    }
    hs_put(&c->types, w, h, t);
    return t;
}

Type *type_int(Ctx *c, int width, int sign) {
    Type k = { .kind = T_INT }; k.i.width = width; k.i.sign = sign;
    return type_get(c, &k);
}
Type *type_index(Ctx *c) { Type k = { .kind = T_INDEX }; return type_get(c, &k); }
Type *type_none(Ctx *c) { Type k = { .kind = T_NONE }; return type_get(c, &k); }

static const struct { const char *name; int width; } float_types[] = {
    {"f16", 16}, {"bf16", 16}, {"f32", 32}, {"f64", 64}, {"tf32", 19}, {"f80", 80}, {"f128", 128},
    {"f8E5M2", 8}, {"f8E4M3", 8}, {"f8E4M3FN", 8}, {"f8E5M2FNUZ", 8}, {"f8E4M3FNUZ", 8},
    {"f8E4M3B11FNUZ", 8}, {"f8E3M4", 8}, {"f8E8M0FNU", 8}, {"f6E2M3FN", 6}, {"f6E3M2FN", 6},
    {"f4E2M1FN", 4},
};

Type *type_float(Ctx *c, const char *name) {
    for (size_t i = 0; i < sizeof float_types / sizeof *float_types; i++)
        if (!strcmp(name, float_types[i].name)) {
            Type k = { .kind = T_FLOAT };
            k.f.name = ctx_str(c, name); k.f.width = float_types[i].width;
            return type_get(c, &k);
        }
    return NULL;
}
Type *type_func(Ctx *c, int nin, Type *const *in, int nout, Type *const *out) {
    Type k = { .kind = T_FUNC };
    k.fn.nin = nin; k.fn.in = in; k.fn.nout = nout; k.fn.out = out;
    return type_get(c, &k);
}
Type *type_shaped(Ctx *c, TypeKind kind, int rank, const int64_t *dims, Type *elem, Attr *enc, Attr *space) {
    Type k = { .kind = kind };
    k.sh.rank = rank; k.sh.dims = dims; k.sh.elem = elem; k.sh.enc = enc; k.sh.space = space;
    return type_get(c, &k);
}
Type *type_tensor(Ctx *c, int rank, const int64_t *dims, Type *elem) {
    return type_shaped(c, T_TENSOR, rank, dims, elem, NULL, NULL);
}
Type *type_complex(Ctx *c, Type *elem) { Type k = { .kind = T_COMPLEX }; k.elem = elem; return type_get(c, &k); }
Type *type_tuple(Ctx *c, int n, Type *const *elts) {
    Type k = { .kind = T_TUPLE }; k.tup.n = n; k.tup.elts = elts; return type_get(c, &k);
}
Type *type_ptr(Ctx *c, Type *pointee, int space) {
    Type k = { .kind = T_PTR }; k.ptr.pointee = pointee; k.ptr.space = space; return type_get(c, &k);
}
Type *type_opaque(Ctx *c, const char *name, const char *body) {
    Type k = { .kind = T_OPAQUE }; k.opq.name = ctx_str(c, name); k.opq.body = ctx_str(c, body);
    return type_get(c, &k);
}

bool type_is_int(const Type *t, int width) { return t && t->kind == T_INT && (!width || t->i.width == width); }
bool type_is_float(const Type *t) { return t && t->kind == T_FLOAT; }
bool type_is_shaped(const Type *t) {
    return t && (t->kind == T_TENSOR || t->kind == T_MEMREF || t->kind == T_VECTOR);
}
Type *type_elem(Type *t) { return type_is_shaped(t) ? t->sh.elem : t; }
int64_t type_numel(const Type *t) {
    if (!type_is_shaped(t)) return 1;
    if (t->sh.rank < 0) return -1;
    int64_t n = 1;
    for (int i = 0; i < t->sh.rank; i++) {
        if (t->sh.dims[i] < 0) return -1;
        n *= t->sh.dims[i];
    }
    return n;
}
int type_float_width(const Type *t) { return t && t->kind == T_FLOAT ? t->f.width : 0; }

/* ---- affine expressions --------------------------------------------- */
static bool ae_eq(const void *stored, const void *key) {
    const AExpr *a = stored, *b = key;
    return a->kind == b->kind && a->v == b->v && a->l == b->l && a->r == b->r;
}
static AExpr *ae_get(Ctx *c, AExprKind k, int64_t v, AExpr *l, AExpr *r) {
    AExpr key = { k, 0, v, l, r };
    unsigned h = hptr(hptr(hmix(hmix(3, k), (uint64_t)v), l), r);
    size_t w, tw = 0;
    TlCache *tc = c->shared ? ir_tlc(c) : NULL;
    AExpr *e;
    if (tc && (e = hs_find(&tc->exprs, h, &key, ae_eq, &tw))) return e;
    lock(c);
    e = hs_find(&c->exprs, h, &key, ae_eq, &w);
    if (!e) {
        e = ctx_alloc(c, sizeof *e);
        *e = key; e->hash = h;
        hs_put(&c->exprs, w, h, e);
    }
    unlock(c);
    if (tc) hs_put(&tc->exprs, tw, h, e);
    return e;
}
AExpr *ae_const(Ctx *c, int64_t v) { return ae_get(c, AE_CONST, v, NULL, NULL); }
AExpr *ae_dim(Ctx *c, int pos) { return ae_get(c, AE_DIM, pos, NULL, NULL); }
AExpr *ae_sym(Ctx *c, int pos) { return ae_get(c, AE_SYM, pos, NULL, NULL); }

static int64_t floordiv64(int64_t a, int64_t b) {
    int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) q--;
    return q;
}
static int64_t ceildiv64(int64_t a, int64_t b) {
    int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) == (b < 0))) q++;
    return q;
}
static int64_t mod64(int64_t a, int64_t b) { int64_t m = a % b; return m < 0 ? m + (b < 0 ? -b : b) : m; }

/* The simplifications MLIR applies whenever it builds an affine expression
 * (mlir/lib/IR/AffineExpr.cpp), so that maps print exactly as mlir-opt
 * prints them. */
static bool ae_symbolic(const AExpr *e) {   /* only symbols and constants */
    if (e->kind == AE_DIM) return false;
    if (e->kind == AE_CONST || e->kind == AE_SYM) return true;
    return ae_symbolic(e->l) && ae_symbolic(e->r);
}
static int64_t gcd64(int64_t a, int64_t b) {
    if (a < 0) a = -a;
    if (b < 0) b = -b;
    while (b) { int64_t t = a % b; a = b; b = t; }
    return a;
}
static int64_t ae_divisor(const AExpr *e) {   /* largest known divisor */
    switch (e->kind) {
    case AE_CONST: return e->v < 0 ? -e->v : e->v;
    case AE_MUL: return ae_divisor(e->l) * ae_divisor(e->r);
    case AE_ADD: return gcd64(ae_divisor(e->l), ae_divisor(e->r));
    default: return 1;
    }
}
AExpr *ae_mod(Ctx *c, AExpr *l, AExpr *r);
AExpr *ae_floordiv(Ctx *c, AExpr *l, AExpr *r);

AExpr *ae_add(Ctx *c, AExpr *l, AExpr *r) {
    if (l->kind == AE_CONST && r->kind == AE_CONST) return ae_const(c, l->v + r->v);
    if (l->kind == AE_CONST || (ae_symbolic(l) && !ae_symbolic(r))) return ae_add(c, r, l);
    if (r->kind == AE_CONST && r->v == 0) return l;
    /* (d0 + 2) + 3 -> d0 + 5 */
    if (r->kind == AE_CONST && l->kind == AE_ADD && l->r->kind == AE_CONST)
        return ae_add(c, l->l, ae_const(c, l->r->v + r->v));
    /* c1 * e + c2 * e -> (c1 + c2) * e */
    int64_t c1 = 1, c2 = 1;
    AExpr *e1 = l, *e2 = r;
    if (l->kind == AE_MUL && l->r->kind == AE_CONST) { c1 = l->r->v; e1 = l->l; }
    if (r->kind == AE_MUL && r->r->kind == AE_CONST) { c2 = r->r->v; e2 = r->l; }
    if (e1 == e2) return ae_mul(c, e1, ae_const(c, c1 + c2));
    /* (d0 + 2) + d1 -> (d0 + d1) + 2 */
    if (l->kind == AE_ADD && l->r->kind == AE_CONST) return ae_add(c, ae_add(c, l->l, r), l->r);
    /* e - q * (e floordiv q) -> e mod q */
    if (r->kind == AE_MUL && r->r->kind == AE_CONST && r->r->v < 0) {
        AExpr *m = r->l;
        int64_t q = -r->r->v;
        if (m->kind == AE_FLOORDIV && m->l == l && m->r->kind == AE_CONST && m->r->v == q) return ae_mod(c, l, m->r);
    }
    if (r->kind == AE_MUL && r->l->kind == AE_FLOORDIV && r->r->kind == AE_CONST &&
        r->l->l == l && r->l->r->kind == AE_CONST && r->r->v == -r->l->r->v)
        return ae_mod(c, l, r->l->r);
    return ae_get(c, AE_ADD, 0, l, r);
}

AExpr *ae_mul(Ctx *c, AExpr *l, AExpr *r) {
    if (l->kind == AE_CONST && r->kind == AE_CONST) return ae_const(c, l->v * r->v);
    if (!ae_symbolic(l) && !ae_symbolic(r)) return ae_get(c, AE_MUL, 0, l, r);   /* not affine */
    if (!ae_symbolic(r) || l->kind == AE_CONST) return ae_mul(c, r, l);
    if (r->kind == AE_CONST) {
        if (r->v == 1) return l;
        if (r->v == 0) return r;
    }
    /* (d0 * 2) * 3 -> d0 * 6 */
    if (r->kind == AE_CONST && l->kind == AE_MUL && l->r->kind == AE_CONST)
        return ae_mul(c, l->l, ae_const(c, l->r->v * r->v));
    /* (d0 * 2) * d1 -> (d0 * d1) * 2 */
    if (l->kind == AE_MUL && l->r->kind == AE_CONST) return ae_mul(c, ae_mul(c, l->l, r), l->r);
    return ae_get(c, AE_MUL, 0, l, r);
}

AExpr *ae_floordiv(Ctx *c, AExpr *l, AExpr *r) {
    if (r->kind != AE_CONST || r->v < 1) return ae_get(c, AE_FLOORDIV, 0, l, r);
    int64_t q = r->v;
    if (l->kind == AE_CONST) return ae_const(c, floordiv64(l->v, q));
    if (q == 1) return l;
    if (l->kind == AE_MUL && l->r->kind == AE_CONST && l->r->v % q == 0) return ae_mul(c, l->l, ae_const(c, l->r->v / q));
    if (l->kind == AE_ADD) {
        if (ae_divisor(l->l) % q == 0 || ae_divisor(l->r) % q == 0)
            return ae_add(c, ae_floordiv(c, l->l, r), ae_floordiv(c, l->r, r));
    }
    return ae_get(c, AE_FLOORDIV, 0, l, r);
}

static AExpr *ae_ceildiv(Ctx *c, AExpr *l, AExpr *r) {
    if (r->kind != AE_CONST || r->v < 1) return ae_get(c, AE_CEILDIV, 0, l, r);
    int64_t q = r->v;
    if (l->kind == AE_CONST) return ae_const(c, ceildiv64(l->v, q));
    if (q == 1) return l;
    if (l->kind == AE_MUL && l->r->kind == AE_CONST && l->r->v % q == 0) return ae_mul(c, l->l, ae_const(c, l->r->v / q));
    return ae_get(c, AE_CEILDIV, 0, l, r);
}

AExpr *ae_mod(Ctx *c, AExpr *l, AExpr *r) {
    if (r->kind != AE_CONST || r->v < 1) return ae_get(c, AE_MOD, 0, l, r);
    int64_t q = r->v;
    if (l->kind == AE_CONST) return ae_const(c, mod64(l->v, q));
    if (ae_divisor(l) % q == 0) return ae_const(c, 0);
    if (l->kind == AE_ADD) {
        if (ae_divisor(l->l) % q == 0) return ae_mod(c, l->r, r);
        if (ae_divisor(l->r) % q == 0) return ae_mod(c, l->l, r);
    }
    if (l->kind == AE_MOD && l->r->kind == AE_CONST && l->r->v >= 1 && mod64(l->r->v, q) == 0) return ae_mod(c, l->l, r);
    return ae_get(c, AE_MOD, 0, l, r);
}

AExpr *ae_neg(Ctx *c, AExpr *e) { return ae_mul(c, e, ae_const(c, -1)); }
AExpr *ae_sub(Ctx *c, AExpr *l, AExpr *r) { return ae_add(c, l, ae_neg(c, r)); }
AExpr *ae_bin(Ctx *c, AExprKind k, AExpr *l, AExpr *r) {
    switch (k) {
    case AE_ADD: return ae_add(c, l, r);
    case AE_MUL: return ae_mul(c, l, r);
    case AE_MOD: return ae_mod(c, l, r);
    case AE_FLOORDIV: return ae_floordiv(c, l, r);
    case AE_CEILDIV: return ae_ceildiv(c, l, r);
    default: return ae_get(c, k, 0, l, r);
    }
}

/* ---- op table ------------------------------------------------------- */
static const OpInfo op_table[] = {
#define OP(id, name, fmt, traits) { name, fmt, traits, OP_##id },
#include "ops.def"
#undef OP
};

const OpInfo *opinfo_byid(int id) { return id >= 0 && id < OP__COUNT ? &op_table[id] : NULL; }

static const OpInfo *opinfo_lookup_slow(Ctx *c, const char *name);

/* names are usually interned strings: a small pointer-keyed cache first */
const OpInfo *opinfo_lookup(Ctx *c, const char *name) {
    unsigned h = (unsigned)(((uintptr_t)name >> 4) * 2654435761u) >> 24;
    TlCache *tc = c->shared ? ir_tlc(c) : NULL;
    if (tc && tc->ikey[h] == name) return tc->ival[h];
    lock(c);
    const OpInfo *in;
    if (c->icache_key[h] == name) in = c->icache_val[h];
    else {
        in = opinfo_lookup_slow(c, name);
        c->icache_key[h] = name;
        c->icache_val[h] = in;
    }
    unlock(c);
    if (tc) { tc->ikey[h] = name; tc->ival[h] = in; }
    return in;
}

static unsigned name_hash(const char *s) {
    unsigned h = 2166136261u;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

/* the op table by name: an open-addressed hash set, built on first use
 * (cheaper than sorting the table at every start) */
#define NAME_SLOTS 1024
_Static_assert(OP__COUNT * 2 <= NAME_SLOTS, "NAME_SLOTS too small for the op table");

static const OpInfo *opinfo_lookup_slow(Ctx *c, const char *name) {
    static const OpInfo *slots[NAME_SLOTS];
    static bool ready;
    if (!ready) {   /* built once; the table is constant */
        for (int i = 0; i < OP__COUNT; i++) {
            unsigned h = name_hash(op_table[i].name) & (NAME_SLOTS - 1);
            while (slots[h]) h = (h + 1) & (NAME_SLOTS - 1);
            slots[h] = &op_table[i];
        }
        ready = true;
    }
    for (unsigned h = name_hash(name) & (NAME_SLOTS - 1); slots[h]; h = (h + 1) & (NAME_SLOTS - 1))
        if (!strcmp(slots[h]->name, name)) return slots[h];
    for (int i = 0; i < c->nunreg; i++) if (!strcmp(c->unreg[i]->name, name)) return c->unreg[i];
    if (c->nunreg == c->capunreg) {
        c->capunreg = c->capunreg ? c->capunreg * 2 : 16;
        c->unreg = realloc(c->unreg, sizeof(OpInfo *) * (size_t)c->capunreg);
        if (!c->unreg) { fputs("ttxform: out of memory\n", stderr); abort(); }
    }
    OpInfo *in = ctx_alloc(c, sizeof *in);
    in->name = intern_locked(c, name, strlen(name)); in->format = ""; in->traits = TR_UNREGISTERED; in->id = -1;
    c->unreg[c->nunreg++] = in;
    return in;
}

void pv_push(PtrVec *p, void *x) {
    if (p->n == p->cap) {
        p->cap = p->cap ? p->cap * 2 : 8;
        p->v = realloc(p->v, sizeof(void *) * (size_t)p->cap);
        if (!p->v) { fputs("ttxform: out of memory\n", stderr); abort(); }
    }
    p->v[p->n++] = x;
}
void pv_free(PtrVec *p) { free(p->v); p->v = NULL; p->n = p->cap = 0; }

int64_t module_num_threads(Op *op) {
    Op *m = op;
    while (m && !op_is(m, OP_module)) m = op_parent(m);
    int64_t n;
    if (m && op_attr_int(m, "tt.num_threads", &n) && n > 0) return n;
    return 1;
}
