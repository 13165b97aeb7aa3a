/* greedy.c - the greedy pattern rewrite driver (greedy.h): the worklist, the
 * constant uniquing of each iteration, the fold-or-match loop, region
 * simplification, and the per-function and multi-threaded runs. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "format.h"
#include "greedy.h"
#include "pass.h"

/* ---- a hash map keyed by up to three pointers ----------------------- */
typedef struct Slot { const void *k0, *k1, *k2; intptr_t v; } Slot;
typedef struct Map { Slot *s; size_t cap, n; } Map;

static size_t map_hash(const void *a, const void *b, const void *c) {
    uint64_t h = (uint64_t)(uintptr_t)a * 0x9E3779B97F4A7C15ull;
    h = (h ^ (h >> 29)) + (uint64_t)(uintptr_t)b * 0xBF58476D1CE4E5B9ull;
    h = (h ^ (h >> 31)) + (uint64_t)(uintptr_t)c * 0x94D049BB133111EBull;
    h ^= h >> 32;
    return (size_t)h;
}

static Slot *map_find(const Map *m, const void *a, const void *b, const void *c) {
    if (!m->cap) return NULL;
    size_t i = map_hash(a, b, c) & (m->cap - 1);
    for (;;) {
        Slot *s = &m->s[i];
        if (!s->k0) return NULL;
        if (s->k0 == a && s->k1 == b && s->k2 == c) return s;
        i = (i + 1) & (m->cap - 1);
    }
}

static void map_put(Map *m, const void *a, const void *b, const void *c, intptr_t v) {
    Slot *f = map_find(m, a, b, c);
    if (f) { f->v = v; return; }
    if ((m->n + 1) * 2 > m->cap) {
        size_t ncap = m->cap ? m->cap * 2 : 64;
        Slot *old = m->s;
        size_t ocap = m->cap;
        m->s = calloc(ncap, sizeof(Slot));
        if (!m->s) { fputs("ttxform: out of memory\n", stderr); abort(); }
        m->cap = ncap;
        m->n = 0;
        for (size_t i = 0; i < ocap; i++)
            if (old[i].k0) map_put(m, old[i].k0, old[i].k1, old[i].k2, old[i].v);
        free(old);
    }
    size_t i = map_hash(a, b, c) & (m->cap - 1);
    while (m->s[i].k0) i = (i + 1) & (m->cap - 1);
    m->s[i] = (Slot){ a, b, c, v };
    m->n++;
}

/* linear probing: deleting shifts the following entries of the run back */
static void map_del(Map *m, const void *a, const void *b, const void *c) {
    Slot *f = map_find(m, a, b, c);
    if (!f) return;
    size_t mask = m->cap - 1, i = (size_t)(f - m->s), j = i;
    f->k0 = NULL;
    m->n--;
    for (;;) {
        j = (j + 1) & mask;
        if (!m->s[j].k0) break;
        size_t h = map_hash(m->s[j].k0, m->s[j].k1, m->s[j].k2) & mask;
        /* move s[j] into the hole at i when its home h is not in (i, j] */
        bool stay = i <= j ? (i < h && h <= j) : (i < h || h <= j);
        if (stay) continue;
        m->s[i] = m->s[j];
        m->s[j].k0 = NULL;
        i = j;
    }
}

static void map_clear(Map *m) {
    if (m->cap) memset(m->s, 0, sizeof(Slot) * m->cap);
    m->n = 0;
}
static void map_free(Map *m) { free(m->s); m->s = NULL; m->cap = m->n = 0; }

/* ---- the worklist: LIFO, each op at most once, removal leaves a hole -
 * An op's place in the worklist is kept in its `order` field (the
 * verifier renumbers it afterwards); membership is checked against it. */
typedef struct Worklist { Op **v; int n, cap, live; } Worklist;

static bool wl_has(const Worklist *w, const Op *op) { return op->order >= 0 && op->order < w->n && w->v[op->order] == op; }
static void wl_push(Worklist *w, Op *op) {
    if (wl_has(w, op)) return;
    if (w->n == w->cap) {
        w->cap = w->cap ? w->cap * 2 : 64;
        w->v = realloc(w->v, sizeof(Op *) * (size_t)w->cap);
        if (!w->v) { fputs("ttxform: out of memory\n", stderr); abort(); }
    }
    op->order = w->n;
    w->v[w->n++] = op;
    w->live++;
}
static Op *wl_pop(Worklist *w) {
    while (!w->v[w->n - 1]) w->n--;
    Op *op = w->v[--w->n];
    op->order = -1;
    w->live--;
    while (w->n && !w->v[w->n - 1]) w->n--;
    return op;
}
static void wl_remove(Worklist *w, Op *op) {
    if (!wl_has(w, op)) return;
    w->v[op->order] = NULL;
    op->order = -1;
    w->live--;
}
static void wl_reverse(Worklist *w) {
    for (int i = 0, j = w->n - 1; i < j; i++, j--) { Op *t = w->v[i]; w->v[i] = w->v[j]; w->v[j] = t; }
    for (int i = 0; i < w->n; i++) if (w->v[i]) w->v[i]->order = i;
}
static void wl_clear(Worklist *w) { w->n = w->live = 0; }
static void wl_free(Worklist *w) { free(w->v); }

/* ---- the rewriter --------------------------------------------------- */
struct Rewriter {
    Ctx *c;
    const GreedyPatterns *p;
    Region *scope;        /* the module body: ops under it are processed */
    Worklist wl;
    Map consts;           /* (insertion region, value, type) -> constant op */
    Map owned;            /* constants placed by this iteration's walk */
    bool top_down;
};

Ctx *rw_ctx(const Rewriter *rw) { return rw->c; }
void *rw_data(const Rewriter *rw) { return rw->p->data; }

/* queue op and its ancestors up to the scope (addToWorklist) */
void rw_notify(Rewriter *rw, Op *op) {
    for (Op *o = op;;) {
        Region *r = o->block ? o->block->region : NULL;
        if (r == rw->scope) break;
        if (!r || !r->op) return;
        o = r->op;
    }
    for (Op *o = op;; o = o->block->region->op) {
        wl_push(&rw->wl, o);
        if (o->block->region == rw->scope) break;
    }
}

/* whether v has at most one user besides op (and besides extra, which
 * counts as one more user when it is not NULL) */
bool rw_few_users(Value *v, const Op *op, const Op *extra) {
    const Op *other = extra;
    for (Use *u = v->uses; u; u = u->next) {
        const Op *w = u->owner;
        if (w == op || w == other) continue;
        if (!other) { other = w; continue; }
        return false;
    }
    return true;
}

/* an op is going away: the producers of its operands that are left with at
 * most one other user may now fold or die */
static void requeue_operands(Rewriter *rw, Op *op) {
    for (int i = 0; i < op->nopnds; i++) {
        Value *v = op->opnds[i].value;
        if (v && v->def && rw_few_users(v, op, NULL)) rw_notify(rw, v->def);
    }
}

/* erase op, nested ops first and last to first, each with its notification */
void rw_erase(Rewriter *rw, Op *op) {
    for (int r = op->nregions - 1; r >= 0; r--) {
        Region *rg = &op->regions[r];
        while (rg->last) {
            Block *b = rg->last;
            while (b->last) rw_erase(rw, b->last);
            block_unlink(b);
        }
    }
    requeue_operands(rw, op);
    wl_remove(&rw->wl, op);
    map_del(&rw->owned, op, NULL, NULL);
    op_erase(op);
}

/* replace all uses of from by to; every user counts as modified */
void rw_replace_value(Rewriter *rw, Value *from, Value *to) {
    if (from == to) return;
    while (from->uses) {
        Use *u = from->uses;
        Op *owner = u->owner;
        op_set_operand(owner, use_index(u), to);
        rw_notify(rw, owner);
    }
}

void rw_replace_op(Rewriter *rw, Op *op, Value *const *vals) {
    for (int i = 0; i < op->nres; i++) rw_replace_value(rw, &op->res[i], vals[i]);
    rw_erase(rw, op);
}

static bool is_constant(const Op *op) {
    return op_is(op, OP_arith_constant) && !op->verbatim && op->nres == 1 && op_attr(op, "value");
}

/* ---- constant uniquing at the start of an iteration ----------------- */
/* where folded constants live: the nearest region whose op is isolated from
 * above, unregistered, or at the top level (getInsertionRegion) */
static Region *insertion_region(Block *b) {
    for (;;) {
        Region *r = b->region;
        Op *p = r->op;
        if (!p->block || (p->info->traits & (TR_ISOLATED | TR_UNREGISTERED))) return r;
        b = p->block;
    }
}

/* a constant that moved or stands for others loses its location */
static void forget_loc(Op *op) {
    op->loc.line = op->loc.col = 0;
    if (op->ext) op->ext->locattr = NULL;
}

/* returns false when op was a duplicate and has been replaced */
static bool insert_known_constant(Rewriter *rw, Op *op) {
    Block *ob = op->block;
    if (map_find(&rw->owned, op, NULL, NULL)) {
        if (ob->first != op && !map_find(&rw->owned, op->prev, NULL, NULL)) {
            op_unlink(op);
            op_prepend(ob, op);
            forget_loc(op);
        }
        return true;
    }
    Attr *val = op_attr(op, "value");
    Type *t = op->res[0].type;
    Region *ir = insertion_region(ob);
    Slot *s = map_find(&rw->consts, ir, val, t);
    if (s) {
        Op *keep = (Op *)s->v;
        Value *kv = &keep->res[0];
        rw_replace_op(rw, op, &kv);
        forget_loc(keep);
        return false;
    }
    Block *ib = ir->first;
    if (ob != ib || (ib->first != op && !map_find(&rw->owned, op->prev, NULL, NULL))) {
        op_unlink(op);
        op_prepend(ib, op);
        forget_loc(op);
    }
    map_put(&rw->consts, ir, val, t, (intptr_t)op);
    map_put(&rw->owned, op, NULL, NULL, 1);
    return true;
}

static void seed_preorder(Rewriter *rw, Op *op) {
    if (is_constant(op) && !insert_known_constant(rw, op)) return;
    rw_notify(rw, op);
    for (int r = 0; r < op->nregions; r++)
        for (Block *b = op->regions[r].first; b; b = b->next)
            for (Op *o = b->first, *nx; o; o = nx) { nx = o->next; seed_preorder(rw, o); }
}

static void seed_postorder(Rewriter *rw, Op *op) {
    for (int r = 0; r < op->nregions; r++)
        for (Block *b = op->regions[r].first; b; b = b->next)
            for (Op *o = b->first, *nx; o; o = nx) { nx = o->next; seed_postorder(rw, o); }
    if (is_constant(op) && !insert_known_constant(rw, op)) return;
    rw_notify(rw, op);
}

/* a new op before pos, queued; its properties get the defaults a parsed op
 * of its kind has (overflowFlags, fastmath) */
Op *rw_create_before(Rewriter *rw, Op *pos, const char *name, Type *rt, int n, Value *const *ops) {
    Op *o = op_new(rw->c, name, rt ? 1 : 0, &rt, n, ops, 0, pos->loc);
    op_set_locattr(rw->c, o, op_locattr(pos));
    format_move_inherent(rw->c, o);
    op_insert_before(pos, o);
    rw_notify(rw, o);
    return o;
}
Value *rw_const_before(Rewriter *rw, Op *pos, Attr *a, Type *t) {
    Op *k = const_new(rw->c, a, t, pos->loc);
    op_set_locattr(rw->c, k, op_locattr(pos));
    op_insert_before(pos, k);
    rw_notify(rw, k);
    return &k->res[0];
}

/* the ops of block src move to the end of block dst (mergeBlocks) */
void rw_merge_blocks(Rewriter *rw, Block *src, Block *dst) {
    while (src->first) {
        Op *o = src->first;
        op_unlink(o);
        op_append(dst, o);
        rw_notify(rw, o);
    }
    block_unlink(src);
}


/* ---- the worklist loop ------------------------------------------------ */
static bool process(Rewriter *rw, int64_t max_rewrites) {
    bool changed = false;
    int64_t nrewrites = 0;
    while (rw->wl.live && (max_rewrites < 0 || nrewrites < max_rewrites)) {
        Op *op = wl_pop(&rw->wl);
        if (op_is_trivially_dead(op)) {
            rw_erase(rw, op);
            changed = true;
            continue;
        }
        if (!is_constant(op)) {
            Folded f = { NO_FOLD, NULL, NULL };
            FoldKind k = rw->p->fold(rw->c, op, &f);
            if (k == FOLD_IN_PLACE) {
                rw_notify(rw, op);
                changed = true;
                continue;
            }
            if (k == FOLD_VALUE || k == FOLD_ATTR) {
                Value *v = f.v;
                if (k == FOLD_ATTR) {
                    Op *cst = const_new(rw->c, f.a, op->res[0].type, op->loc);
                    op_set_locattr(rw->c, cst, op_locattr(op));
                    op_insert_before(op, cst);
                    rw_notify(rw, cst);
                    v = &cst->res[0];
                }
                rw_replace_op(rw, op, &v);
                changed = true;
                continue;
            }
        }
        if (rw->p->apply(rw, op)) {
            changed = true;
            nrewrites++;
        }
    }
    return changed;
}

/* ---- region simplification -------------------------------------------- */
static void drop_defined_uses(Block *b) {
    for (int i = 0; i < b->nargs; i++)
        while (b->args[i]->uses) op_set_operand(b->args[i]->uses->owner, use_index(b->args[i]->uses), NULL);
    for (Op *o = b->first; o; o = o->next) {
        for (int i = 0; i < o->nres; i++)
            while (o->res[i].uses) op_set_operand(o->res[i].uses->owner, use_index(o->res[i].uses), NULL);
        for (int r = 0; r < o->nregions; r++)
            for (Block *nb = o->regions[r].first; nb; nb = nb->next) drop_defined_uses(nb);
    }
}

/* blocks that no branch from the entry block reaches (eraseUnreachableBlocks) */
static bool erase_unreachable(Rewriter *rw, Op *root) {
    bool erased = false;
    for (int r = 0; r < root->nregions; r++) {
        Region *rg = &root->regions[r];
        if (rg->first && rg->first != rg->last) {
            Map seen = {0};
            PtrVec work = {0};
            map_put(&seen, rg->first, NULL, NULL, 1);
            pv_push(&work, rg->first);
            while (work.n) {
                Block *b = work.v[--work.n];
                Op *t = b->last;
                for (int s = 0; t && s < op_nsuccs(t); s++)
                    if (op_succs(t)[s] && !map_find(&seen, op_succs(t)[s], NULL, NULL)) {
                        map_put(&seen, op_succs(t)[s], NULL, NULL, 1);
                        pv_push(&work, op_succs(t)[s]);
                    }
            }
            for (Block *b = rg->first, *nb; b; b = nb) {
                nb = b->next;
                if (map_find(&seen, b, NULL, NULL)) continue;
                drop_defined_uses(b);
                while (b->last) rw_erase(rw, b->last);
                block_unlink(b);
                erased = true;
            }
            map_free(&seen);
            pv_free(&work);
        }
        for (Block *b = rg->first; b; b = b->next)
            for (Op *o = b->first; o; o = o->next) erased |= erase_unreachable(rw, o);
    }
    return erased;
}

/* op_is_trivially_dead without the look at its uses (wouldOpBeTriviallyDead) */
static bool would_be_dead(const Op *op) { return op_would_be_trivially_dead(op); }

typedef struct Live { unsigned epoch; bool changed, cfg; } Live;

/* live ops carry this run's epoch in their mark */
static bool is_live(Live *L, const Op *op) { return op->mark == L->epoch; }
static void set_live(Live *L, Op *op) {
    if (is_live(L, op)) return;
    op->mark = L->epoch;
    L->changed = true;
}

static void live_region(Live *L, Region *r);
static void live_op(Live *L, Op *op) {
    for (int r = 0; r < op->nregions; r++) live_region(L, &op->regions[r]);
    if (op->info->traits & TR_TERMINATOR) { set_live(L, op); return; }
    if (is_live(L, op)) return;
    if (!would_be_dead(op)) { set_live(L, op); return; }
    for (int i = 0; i < op->nres; i++)
        for (Use *u = op->res[i].uses; u; u = u->next)
            if (is_live(L, u->owner)) { set_live(L, op); return; }
}
static void live_region(Live *L, Region *r) {
    if (r->first && r->first->next) L->cfg = true;
    for (Block *b = r->last; b; b = b->prev)
        for (Op *o = b->last; o; o = o->prev) live_op(L, o);
}

static bool delete_dead(Rewriter *rw, Live *L, Region *r) {
    bool erased = false;
    for (Block *b = r->last; b; b = b->prev)
        for (Op *o = b->last, *pv; o; o = pv) {
            pv = o->prev;
            if (!is_live(L, o)) {
                for (int i = 0; i < o->nres; i++)
                    while (o->res[i].uses) op_set_operand(o->res[i].uses->owner, use_index(o->res[i].uses), NULL);
                rw_erase(rw, o);
                erased = true;
            } else {
                for (int k = 0; k < o->nregions; k++) erased |= delete_dead(rw, L, &o->regions[k]);
            }
        }
    return erased;
}

/* ops that are dead once the ops using them are known dead (runRegionDCE);
 * block arguments are kept, as the branches that pass them are not
 * rewritten */
static bool region_dce(Rewriter *rw, Region *r) {
    /* one backward walk settles single-block regions (every use comes after
     * its definition or inside a later op); a CFG needs the fixed point */
    Live L = { pass_epoch(), false, false };
    do {
        L.changed = false;
        live_region(&L, r);
    } while (L.changed && L.cfg);
    return delete_dead(rw, &L, r);
}

/* iterate on the ops of rw->scope (fn NULL), or on the one isolated op fn of
 * it, until nothing changes; false when max_it iterations were not enough */
static bool drive(Rewriter *rw, Op *m, Op *fn, int64_t max_it, int64_t max_rw, int level) {
    bool changed = false, need_simplify = true;
    int64_t it = 0;
    do {
        if (++it > max_it && max_it != -1) break;
        wl_clear(&rw->wl);
        map_clear(&rw->consts);
        map_clear(&rw->owned);
        if (fn) {
            if (rw->top_down) seed_preorder(rw, fn);
            else seed_postorder(rw, fn);
        } else {
            for (Block *b = rw->scope->first; b; b = b->next)
                for (Op *op = b->first, *nx; op; op = nx) {
                    nx = op->next;
                    if (rw->top_down) seed_preorder(rw, op);
                    else seed_postorder(rw, op);
                }
        }
        if (rw->top_down) wl_reverse(&rw->wl);
        changed = process(rw, max_rw);
        if (changed) need_simplify = true;
        /* simplifying twice with nothing changed in between finds nothing */
        if (level && need_simplify) {
            bool e = erase_unreachable(rw, fn ? fn : m);
            if (fn) for (int r = 0; r < fn->nregions; r++) e |= region_dce(rw, &fn->regions[r]);
            else e |= region_dce(rw, rw->scope);
            changed |= e;
            need_simplify = false;
        }
    } while (changed);
    return !changed;
}

/* Functions are isolated from above: the constants folded in one are
 * inserted in its own entry block and no rewrite reaches outside it, so the
 * driver can run on each function alone, on several threads, with the same
 * result as on the whole module.  (The projection of the LIFO worklist onto
 * one function's ops is that function's own worklist; a function that has
 * converged stays unchanged in later iterations.) */
typedef struct Job {
    Ctx *c;
    const GreedyPatterns *p;
    Op *m;
    Region *scope;
    Op **fns;
    int nfns;
    _Atomic int next;
    _Atomic bool unconverged;
    int64_t max_it;
    int level;
    bool top_down;
} Job;

static void *drive_functions(void *p) {
    Job *j = p;
    Rewriter rw = { .c = j->c, .p = j->p, .scope = j->scope, .top_down = j->top_down };
    for (int i; (i = j->next++) < j->nfns;)
        if (!drive(&rw, j->m, j->fns[i], j->max_it, -1, j->level)) j->unconverged = true;
    wl_free(&rw.wl);
    map_free(&rw.consts);
    map_free(&rw.owned);
    ctx_thread_done(j->c);
    return NULL;
}

/* ops in fn, counting stops at limit */
static int64_t count_ops(Op *op, int64_t n, int64_t limit) {
    n++;
    for (int r = 0; r < op->nregions && n < limit; r++)
        for (Block *b = op->regions[r].first; b && n < limit; b = b->next)
            for (Op *o = b->first; o && n < limit; o = o->next) n = count_ops(o, n, limit);
    return n;
}

/* Whether the scope holds only isolated ops (then each is driven alone, and
 * *fns lists them) and on how many threads: with threads=0 (the default)
 * one per CPU when there are enough ops to pay for starting threads */
#define PARALLEL_MIN_OPS 20000
static bool split_functions(Region *scope, int64_t want, Op ***fns, int *nfns, int *threads) {
    if (!scope->first || scope->first != scope->last) return false;
    PtrVec v = {0};
    int64_t n = 0;
    for (Op *o = scope->first->first; o; o = o->next) {
        if (!(o->info->traits & TR_ISOLATED) || (o->info->traits & TR_UNREGISTERED)) { pv_free(&v); return false; }
        pv_push(&v, o);
        if (want == 0 && n < PARALLEL_MIN_OPS) n = count_ops(o, n, PARALLEL_MIN_OPS);
    }
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    int64_t t = want > 0 ? want : n >= PARALLEL_MIN_OPS ? (cpus > 0 ? cpus : 1) : 1;
    if (t > 64) t = 64;
    if (t > v.n) t = v.n;
    *fns = (Op **)v.v;
    *nfns = v.n;
    *threads = t < 1 ? 1 : (int)t;
    return true;
}

/* run drive_functions on t threads (the workers get a large stack, as
 * deeply nested input recurses deeply); false if a thread cannot start */
static bool run_parallel(Job *j, int t) {
    pthread_t th[64];
    pthread_attr_t at;
    pthread_attr_init(&at);
    pthread_attr_setstacksize(&at, (size_t)1 << 30);
    ctx_share(j->c, true);
    int started = 0;
    for (; started < t; started++)
        if (pthread_create(&th[started], &at, drive_functions, j) != 0) break;
    pthread_attr_destroy(&at);
    if (!started) { ctx_share(j->c, false); return false; }
    for (int i = 0; i < started; i++) pthread_join(th[i], NULL);
    ctx_share(j->c, false);
    return true;
}


bool greedy_rewrite(Ctx *c, Op *m, const GreedyPatterns *p, const GreedyConfig *cfg) {
    int64_t max_it = cfg->max_iterations, max_rw = cfg->max_rewrites, want = cfg->threads;
    int level = (int)cfg->simplify;
    Rewriter rw = { .c = c, .p = p, .top_down = cfg->top_down };
    bool converged = true;
    for (int r = 0; r < m->nregions; r++) {
        rw.scope = &m->regions[r];
        Op **fns = NULL;
        int nfns = 0, t = 1;
        /* a cap on rewrites counts across the whole module: one driver then */
        if (max_rw < 0 && split_functions(rw.scope, want, &fns, &nfns, &t)) {
            Job j = { .c = c, .p = p, .m = m, .scope = rw.scope, .fns = fns, .nfns = nfns,
                      .max_it = max_it, .level = level, .top_down = rw.top_down };
            bool ran = t > 1 && run_parallel(&j, t);
            if (!ran)
                for (int i = 0; i < nfns; i++)
                    if (!drive(&rw, m, fns[i], max_it, -1, level)) j.unconverged = true;
            free(fns);
            if (j.unconverged) converged = false;
            continue;
        }
        if (!drive(&rw, m, NULL, max_it, max_rw, level)) converged = false;
    }
    wl_free(&rw.wl);
    map_free(&rw.consts);
    map_free(&rw.owned);
    return converged;
}
