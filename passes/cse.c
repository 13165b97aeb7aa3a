/* passes/cse.c - the `cse` pass: common subexpression elimination, as
 * MLIR's CSE does it.
 *
 * Blocks are walked down the region tree (and, in a region with several
 * blocks, down its dominator tree) with one scoped hash table: entering a
 * block opens a scope, leaving it drops what the block added, so an op is
 * only ever replaced by an equivalent op that dominates it.  An op that is
 * isolated from above (a function) starts a fresh table.
 *
 * Two ops are equivalent when they have the same OpInfo, operands (the same
 * values, in any order for commutative ops), result types, attributes and
 * properties (interned, so compared by pointer), and neither has regions or
 * successors.  Pure ops are replaced by a dominating equivalent.  Ops that
 * only read memory are replaced only by an equivalent earlier in the same
 * block with no write between the two.  Ops whose results are unused and
 * that have no effect other than reads are erased on the way, as MLIR's CSE
 * does.  Ops whose custom syntax was not understood (op->verbatim) are
 * never touched and count as writes. */
#include <stdlib.h>
#include <string.h>

#include "pass.h"

/* ---- the scoped table ----------------------------------------------- */
/* Entries live on a stack in insertion order; each bucket chains entries
 * newest first, so a lookup finds the innermost equivalent, and popping a
 * scope unlinks entries from the heads of their chains. */
typedef struct Ent {
    Op *op;
    unsigned hash;
    int next;             /* older entry in the same bucket, or -1 */
    unsigned epoch;       /* write count when a read-only op was entered */
} Ent;

typedef struct Table {
    int *bucket;
    unsigned mask;
    Ent *e;
    int n, cap;
    int barrier;          /* entries below this index are invisible */
} Table;

typedef struct Cse {
    Table t;
    unsigned writes;      /* ops with write effects seen so far */
    PtrVec dead;          /* ops to erase at the end */
} Cse;

static void tab_rehash(Table *t, unsigned nb) {
    free(t->bucket);
    t->bucket = malloc(sizeof(int) * nb);
    for (unsigned i = 0; i < nb; i++) t->bucket[i] = -1;
    t->mask = nb - 1;
    for (int i = 0; i < t->n; i++) {
        unsigned b = t->e[i].hash & t->mask;
        t->e[i].next = t->bucket[b];
        t->bucket[b] = i;
    }
}

static void tab_push(Table *t, Op *op, unsigned h, unsigned epoch) {
    if (t->n == t->cap) {
        t->cap = t->cap ? t->cap * 2 : 256;
        t->e = realloc(t->e, sizeof(Ent) * (size_t)t->cap);
    }
    Ent *e = &t->e[t->n];
    e->op = op;
    e->hash = h;
    e->epoch = epoch;
    if ((unsigned)t->n + 1 > (t->mask + 1) / 2 + (t->mask + 1) / 4) {
        t->n++;
        tab_rehash(t, (t->mask + 1) * 2);
        return;
    }
    unsigned b = h & t->mask;
    e->next = t->bucket[b];
    t->bucket[b] = t->n++;
}

static void tab_pop(Table *t, int mark) {
    while (t->n > mark) {
        Ent *e = &t->e[--t->n];
        t->bucket[e->hash & t->mask] = e->next;
    }
}

/* ---- equivalence ---------------------------------------------------- */
static inline unsigned mix(unsigned h, uintptr_t v) {
    uint64_t x = (uint64_t)v;
    x ^= x >> 29;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 32;
    return (h ^ (unsigned)x) * 0x9e3779b1u + 0x7f4a7c15u;
}

static unsigned op_hash(const Op *op) {
    unsigned h = mix(0x12345u, (uintptr_t)op->info);
    if (op->info->traits & TR_COMMUTATIVE) {
        /* the order of the operands does not matter */
        unsigned sum = 0;
        for (int i = 0; i < op->nopnds; i++) sum += mix(0, (uintptr_t)op->opnds[i].value);
        h = mix(h, sum);
    } else {
        for (int i = 0; i < op->nopnds; i++) h = mix(h, (uintptr_t)op->opnds[i].value);
    }
    for (int i = 0; i < op->nres; i++) h = mix(h, (uintptr_t)op->res[i].type);
    for (int i = 0; i < op->nattrs; i++) h = mix(mix(h, (uintptr_t)op->attrs[i].name), (uintptr_t)op->attrs[i].value);
    for (int i = 0; i < op->nprops; i++) h = mix(mix(h, (uintptr_t)op_props(op)[i].name), (uintptr_t)op_props(op)[i].value);
    return h ? h : 1;
}

static bool same_attrs(const NamedAttr *a, const NamedAttr *b, int n) {
    for (int i = 0; i < n; i++)
        if (a[i].name != b[i].name || a[i].value != b[i].value) return false;
    return true;
}

static int ptr_cmp(const void *x, const void *y) {
    uintptr_t a = *(const uintptr_t *)x, b = *(const uintptr_t *)y;
    return a < b ? -1 : a > b;
}

/* the operands of a and b are the same multiset */
static bool same_operand_set(const Op *a, const Op *b) {
    int n = a->nopnds;
    if (n == 2) {
        Value *a0 = a->opnds[0].value, *a1 = a->opnds[1].value, *b0 = b->opnds[0].value, *b1 = b->opnds[1].value;
        return (a0 == b0 && a1 == b1) || (a0 == b1 && a1 == b0);
    }
    uintptr_t small[16], *x = n <= 8 ? small : malloc(sizeof(uintptr_t) * 2 * (size_t)n), *y = x + n;
    for (int i = 0; i < n; i++) { x[i] = (uintptr_t)a->opnds[i].value; y[i] = (uintptr_t)b->opnds[i].value; }
    qsort(x, (size_t)n, sizeof *x, ptr_cmp);
    qsort(y, (size_t)n, sizeof *y, ptr_cmp);
    bool same = !memcmp(x, y, sizeof *x * (size_t)n);
    if (x != small) free(x);
    return same;
}

static bool equivalent(const Op *a, const Op *b) {
    if (a->info != b->info || a->nopnds != b->nopnds || a->nres != b->nres ||
        a->nattrs != b->nattrs || a->nprops != b->nprops || a->has_props != b->has_props)
        return false;
    if (a->info->traits & TR_COMMUTATIVE) {
        if (!same_operand_set(a, b)) return false;
    } else {
        for (int i = 0; i < a->nopnds; i++) if (a->opnds[i].value != b->opnds[i].value) return false;
    }
    for (int i = 0; i < a->nres; i++) if (a->res[i].type != b->res[i].type) return false;
    return same_attrs(a->attrs, b->attrs, a->nattrs) && same_attrs(op_props(a), op_props(b), a->nprops);
}

static Ent *lookup(Table *t, const Op *op, unsigned h) {
    if (!t->bucket) return NULL;
    for (int i = t->bucket[h & t->mask]; i >= t->barrier; i = t->e[i].next)
        if (t->e[i].hash == h && equivalent(t->e[i].op, op)) return &t->e[i];
    return NULL;
}

/* ---- effects, conservative about ops that were not understood -------- */
static bool writes(const Op *op) {
    if (op->verbatim) return true;
    if (op_has_write_effect(op)) return true;
    return op->nregions && !(op->info->traits & TR_ISOLATED) && op_has_verbatim(op);
}

/* ---- the walk ------------------------------------------------------- */
static void simplify_region(Cse *s, Region *r);

static void replace(Cse *s, Op *op, Op *existing) {
    for (int i = 0; i < op->nres; i++) value_replace_all_uses(&op->res[i], &existing->res[i]);
    pv_push(&s->dead, op);
}

static void simplify_op(Cse *s, Op *op) {
    unsigned tr = op->info->traits;
    bool w = writes(op);
    if (w) s->writes++;
    if (op->verbatim || (tr & TR_TERMINATOR)) return;
    if (op_is_trivially_dead(op) && !op_has_verbatim(op)) {
        pv_push(&s->dead, op);
        return;
    }
    if (op->nregions || op_nsuccs(op) || !op->nres) return;
    if (op_is_pure(op)) {
        unsigned h = op_hash(op);
        Ent *e = lookup(&s->t, op, h);
        if (e) replace(s, op, e->op);
        else tab_push(&s->t, op, h, 0);
        return;
    }
    if (w || !(tr & TR_READ)) return;
    /* reads only: merge with an earlier equivalent in this block when
     * nothing in between (nested ops included) may write */
    unsigned h = op_hash(op);
    Ent *e = lookup(&s->t, op, h);
    if (e && e->op->block == op->block && e->epoch == s->writes) { replace(s, op, e->op); return; }
    tab_push(&s->t, op, h, s->writes);
}

static void simplify_block(Cse *s, Block *b) {
    for (Op *op = b->first; op; op = op->next) {
        if (op->nregions) {
            bool fresh = (op->info->traits & (TR_ISOLATED | TR_UNREGISTERED)) || op->verbatim;
            int saved = s->t.barrier;
            if (fresh) s->t.barrier = s->t.n;
            for (int r = 0; r < op->nregions; r++) simplify_region(s, &op->regions[r]);
            s->t.barrier = saved;
        }
        simplify_op(s, op);
    }
}

/* dominator tree of a region with several blocks (Cooper, Harvey and
 * Kennedy's iterative algorithm over a reverse post-order) */
typedef struct { Block **bl; int n; int *idom; int *child, *sib; } Dom;


static void dom_build(Dom *d, Region *r) {
    int nb = 0;
    for (Block *b = r->first; b; b = b->next) nb++;
    Block **all = malloc(sizeof(Block *) * (size_t)nb);
    int k = 0;
    for (Block *b = r->first; b; b = b->next) all[k++] = b;
    BIdx *map = block_index_map(r, &nb);
    /* reverse post-order of the blocks reachable from the entry */
    d->bl = malloc(sizeof(Block *) * (size_t)nb);
    int *post = malloc(sizeof(int) * (size_t)nb), npost = 0;
    int *stack = malloc(sizeof(int) * (size_t)nb * 2), sp = 0;
    char *seen = calloc((size_t)nb, 1);
    int *succs = NULL, *soff = malloc(sizeof(int) * (size_t)(nb + 1)), ns = 0;
    for (int i = 0; i < nb; i++) {
        soff[i] = ns;
        Op *t = all[i]->last;
        int m = t ? op_nsuccs(t) : 0;
        succs = realloc(succs, sizeof(int) * (size_t)(ns + m + 1));
        for (int j = 0; j < m; j++) {
            int x = block_index(map, nb, op_succs(t)[j]);
            if (x >= 0) succs[ns++] = x;
        }
    }
    soff[nb] = ns;
    stack[sp++] = 0; stack[sp++] = 0; seen[0] = 1;
    while (sp) {
        int b = stack[sp - 2], i = stack[sp - 1];
        if (soff[b] + i < soff[b + 1]) {
            stack[sp - 1]++;
            int x = succs[soff[b] + i];
            if (!seen[x]) { seen[x] = 1; stack[sp++] = x; stack[sp++] = 0; }
        } else {
            post[npost++] = b;
            sp -= 2;
        }
    }
    int *rpo = malloc(sizeof(int) * (size_t)nb);   /* block -> rpo number, -1 unreachable */
    for (int i = 0; i < nb; i++) rpo[i] = -1;
    d->n = npost;
    for (int i = 0; i < npost; i++) { d->bl[i] = all[post[npost - 1 - i]]; rpo[post[npost - 1 - i]] = i; }
    /* predecessors, in rpo numbering */
    int *pcnt = calloc((size_t)npost + 1, sizeof(int));
    for (int b = 0; b < nb; b++) if (rpo[b] >= 0)
        for (int j = soff[b]; j < soff[b + 1]; j++) pcnt[rpo[succs[j]] + 1]++;
    for (int i = 0; i < npost; i++) pcnt[i + 1] += pcnt[i];
    int *preds = malloc(sizeof(int) * (size_t)(pcnt[npost] + 1)), *fill = calloc((size_t)npost + 1, sizeof(int));
    for (int b = 0; b < nb; b++) if (rpo[b] >= 0)
        for (int j = soff[b]; j < soff[b + 1]; j++) { int x = rpo[succs[j]]; preds[pcnt[x] + fill[x]++] = rpo[b]; }
    d->idom = malloc(sizeof(int) * (size_t)npost);
    for (int i = 0; i < npost; i++) d->idom[i] = -1;
    d->idom[0] = 0;
    for (bool changed = true; changed;) {
        changed = false;
        for (int b = 1; b < npost; b++) {
            int nd = -1;
            for (int j = pcnt[b]; j < pcnt[b + 1]; j++) {
                int p = preds[j];
                if (d->idom[p] < 0) continue;
                if (nd < 0) { nd = p; continue; }
                int x = p, y = nd;
                while (x != y) {
                    while (x > y) x = d->idom[x];
                    while (y > x) y = d->idom[y];
                }
                nd = x;
            }
            if (nd != d->idom[b]) { d->idom[b] = nd; changed = true; }
        }
    }
    /* children lists, in block order */
    d->child = malloc(sizeof(int) * (size_t)npost);
    d->sib = malloc(sizeof(int) * (size_t)npost);
    for (int i = 0; i < npost; i++) d->child[i] = d->sib[i] = -1;
    int *lastc = malloc(sizeof(int) * (size_t)npost);
    for (int i = 0; i < npost; i++) lastc[i] = -1;
    for (int bi = 0; bi < nb; bi++) {
        int i = rpo[bi];
        if (i <= 0) continue;
        int p = d->idom[i];
        if (lastc[p] < 0) d->child[p] = i; else d->sib[lastc[p]] = i;
        lastc[p] = i;
    }
    free(lastc); free(all); free(map); free(post); free(stack); free(seen); free(succs); free(soff);
    free(rpo); free(pcnt); free(preds); free(fill);
}

static void dom_free(Dom *d) { free(d->bl); free(d->idom); free(d->child); free(d->sib); }

static void simplify_domtree(Cse *s, Dom *d, int root) {
    /* explicit stack: node, and whether its block was already simplified */
    int cap = 64, sp = 0;
    int *st = malloc(sizeof(int) * (size_t)cap * 2);
    st[sp++] = root; st[sp++] = s->t.n;
    simplify_block(s, d->bl[root]);
    int *cursor = malloc(sizeof(int) * (size_t)d->n);
    for (int i = 0; i < d->n; i++) cursor[i] = d->child[i];
    while (sp) {
        int node = st[sp - 2];
        int c = cursor[node];
        if (c >= 0) {
            cursor[node] = d->sib[c];
            if (sp + 2 > cap * 2) { cap *= 2; st = realloc(st, sizeof(int) * (size_t)cap * 2); }
            st[sp++] = c; st[sp++] = s->t.n;
            simplify_block(s, d->bl[c]);
        } else {
            tab_pop(&s->t, st[sp - 1]);
            sp -= 2;
        }
    }
    free(st);
    free(cursor);
}

static void simplify_region(Cse *s, Region *r) {
    if (!r->first) return;
    if (!r->first->next) {
        int mark = s->t.n;
        simplify_block(s, r->first);
        tab_pop(&s->t, mark);
        return;
    }
    Dom d;
    dom_build(&d, r);
    simplify_domtree(s, &d, 0);
    dom_free(&d);
}

static bool run(Ctx *c, Op *m, const PassOptions *o, Diag *d) {
    (void)c; (void)o; (void)d;
    Cse s = {0};
    tab_rehash(&s.t, 1024);
    for (int r = 0; r < m->nregions; r++) simplify_region(&s, &m->regions[r]);
    for (int i = 0; i < s.dead.n; i++) op_erase(s.dead.v[i]);
    pv_free(&s.dead);
    free(s.t.bucket);
    free(s.t.e);
    return true;
}

const Pass pass_cse = { "cse", "eliminate common subexpressions", NULL, 0, run };
