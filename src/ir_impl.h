/* ir_impl.h - what ir.c and ir_attr.c share inside the IR core: the
 * context's layout, the interning sets and their hashes, the lock of
 * shared mode.  Not for use outside src/ir*.c. */
#ifndef TTX_IR_IMPL_H
#define TTX_IR_IMPL_H

#include "ir.h"

#include <pthread.h>
#include <stdatomic.h>
#include <string.h>

typedef struct Chunk Chunk;   /* ir.c */
typedef struct HSet { void **slot; unsigned *hash; size_t n, cap; } HSet;

struct Ctx {
    Chunk *chunks;
    size_t bytes;
    HSet strs, types, attrs, exprs;
    Alias *aliases, *alias_tail;
    const char *trailer;
    OpInfo **unreg; int nunreg, capunreg;
    const char *icache_key[256]; const OpInfo *icache_val[256];   /* op name -> info */
    bool has_affine;
    PtrVec generated;     /* attributes the printer gave an alias */
    /* block arguments' loc(...): Value* -> Attr*, open addressing (rare) */
    struct VLoc { const Value *v; Attr *a; } *vlocs; size_t nvlocs, capvlocs;
    PtrVec pnames;        /* the printer's value names, by -2 - pid (value_pid) */
    bool pnames_fixed;    /* shared mode: room reserved, pnames.v does not move (reads need no lock) */
    atomic_int pnames_next;   /* then the next free index, taken without the lock */
    _Atomic(void *) memo[CTX_MEMO_SLOTS];   /* ctx_memo */    /* shared mode: room reserved, pnames.v does not move (reads need no lock) */
    /* results whose printer number is not their op's (Op.pid_each): Value* -> pid */
    struct VPid { const Value *v; int pid; } *vpids; size_t nvpids, capvpids;
    NamedAttr *nacache[512]; int nalen[512];   /* shared short attribute arrays, direct-mapped */
    /* shared mode (ctx_share): several threads rewrite disjoint parts of the
     * IR; each allocates from its own chunk, and interning and the op-name
     * cache are serialised by mu */
    bool shared;
    pthread_mutex_t mu;
};

static inline void lock(Ctx *c) { if (c->shared) pthread_mutex_lock(&c->mu); }
static inline void unlock(Ctx *c) { if (c->shared) pthread_mutex_unlock(&c->mu); }

static inline unsigned hmix(unsigned h, uint64_t v) {
    v ^= v >> 33; v *= 0xff51afd7ed558ccdULL; v ^= v >> 33;
    return (h ^ (unsigned)v ^ (unsigned)(v >> 32)) * 16777619u + 0x9e3779b9u;
}
static inline unsigned hbytes(unsigned h, const void *p, size_t n) {
    const unsigned char *s = p;
    h ^= 2166136261u;
    for (size_t i = 0; i < n; i++) h = (h ^ s[i]) * 16777619u;
    return h;
}
static inline unsigned hptr(unsigned h, const void *p) { return hmix(h, (uint64_t)(uintptr_t)p); }

/* open-addressing set of interned objects: lookup with a probe function */
typedef bool (*EqFn)(const void *stored, const void *key);

void ir_hs_grow(HSet *s);

/* find an equal object or return the empty slot index via *where */
static inline void *hs_find(HSet *s, unsigned h, const void *key, EqFn eq, size_t *where) {
    if ((s->n + 1) * 2 > s->cap) ir_hs_grow(s);
    size_t j = h & (s->cap - 1);
    while (s->slot[j]) {
        if (s->hash[j] == h && eq(s->slot[j], key)) return s->slot[j];
        j = (j + 1) & (s->cap - 1);
    }
    *where = j;
    return NULL;
}
static inline void hs_put(HSet *s, size_t where, unsigned h, void *obj) {
    s->slot[where] = obj; s->hash[where] = h; s->n++;
}

/* Shared mode: each thread keeps its own sets of what it has interned and
 * looks there first, without the lock and without touching a cache line
 * another thread writes; a miss interns under the lock and remembers the
 * result.  Interned objects never change, so reading them is safe. */
typedef struct TlCache {
    const Ctx *c;
    HSet strs, types, attrs, exprs;
    const char *ikey[256]; const OpInfo *ival[256];
    NamedAttr *na[512]; int nalen[512];
} TlCache;
/* this thread's cache for c (shared mode) */
TlCache *ir_tlc(const Ctx *c);

#endif
