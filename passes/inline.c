/* passes/inline.c - the `inline` pass: replace calls by the body of the
 * function they call.
 *
 * A tt.call of a tt.func, or a func.call of a func.func, defined in the
 * module around the call, is inlined when the callee's body is one block
 * ending in its return op and the types of the call match the callee's
 * signature.  A callee that calls itself, directly or through other
 * functions, is never inlined.  Functions are visited callees first (the
 * strongly connected components of the call graph in reverse topological
 * order), so a body is final before it is copied into its callers and
 * nested calls disappear in one sweep.  Callees are kept; symbol-dce
 * erases the ones nobody calls any more.  Calls and functions whose custom
 * syntax was not understood (op->verbatim) are left alone. */
#include <stdlib.h>
#include <string.h>

#include "pass.h"

typedef struct Fn {
    Op *op;
    Op *table;            /* the module whose body holds it */
    const char *name; size_t len;
    unsigned hash;
    PtrVec calls;         /* call ops inside it, in program order */
    int *callee;          /* per call: index of the callee, or -1 */
    bool recursive;
} Fn;

typedef struct Inl {
    Ctx *c;
    Fn *f; int n, cap;
    int *bucket; unsigned mask;
    PtrVec loose;         /* calls outside any function */
    int *loose_callee;
    /* value map for one inlining */
    Value **mk, **mv; unsigned vmask;
} Inl;

static bool is_func(const Op *op) { return (op_is(op, OP_tt_func) || op_is(op, OP_func_func)) && !op->verbatim; }
static bool is_call(const Op *op) { return (op_is(op, OP_tt_call) || op_is(op, OP_func_call)) && !op->verbatim; }

static unsigned str_hash(const Op *table, const char *s, size_t n) {
    unsigned h = 2166136261u ^ (unsigned)((uintptr_t)table >> 4);
    for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

static int fn_find(Inl *s, const Op *table, const char *name, size_t n) {
    unsigned h = str_hash(table, name, n);
    for (unsigned b = h & s->mask; s->bucket[b] >= 0; b = (b + 1) & s->mask) {
        Fn *f = &s->f[s->bucket[b]];
        if (f->hash == h && f->table == table && f->len == n && !memcmp(f->name, name, n)) return s->bucket[b];
    }
    return -1;
}

/* ---- building the call graph ---------------------------------------- */
static bool add_fn(Op *op, void *ud) {
    Inl *s = ud;
    op->order = -1;
    if (!is_func(op)) return true;
    Attr *a = op_attr(op, "sym_name");
    Op *table = op_parent(op);
    if (!a || a->kind != A_STRING || !table || !op_is(table, OP_module)) return true;
    if (s->n == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 64;
        s->f = realloc(s->f, sizeof(Fn) * (size_t)s->cap);
    }
    Fn *f = &s->f[s->n];
    memset(f, 0, sizeof *f);
    f->op = op; f->table = table; f->name = a->str.s; f->len = a->str.len;
    f->hash = str_hash(table, f->name, f->len);
    op->order = s->n++;
    return true;
}

static void index_fns(Inl *s) {
    unsigned nb = 16;
    while (nb < (unsigned)s->n * 2) nb *= 2;
    s->bucket = malloc(sizeof(int) * nb);
    for (unsigned i = 0; i < nb; i++) s->bucket[i] = -1;
    s->mask = nb - 1;
    for (int i = 0; i < s->n; i++) {
        if (fn_find(s, s->f[i].table, s->f[i].name, s->f[i].len) >= 0) continue;  /* first one wins */
        unsigned b = s->f[i].hash & s->mask;
        while (s->bucket[b] >= 0) b = (b + 1) & s->mask;
        s->bucket[b] = i;
    }
}

/* the function a call refers to, if it is one we may look into */
static int resolve(Inl *s, Op *call) {
    Attr *a = op_attr(call, "callee");
    if (!a || a->kind != A_SYMREF || a->sym.n != 1) return -1;
    Op *table = op_parent(call);
    while (table && !op_is(table, OP_module)) table = op_parent(table);
    if (!table) return -1;
    int i = fn_find(s, table, a->sym.names[0], strlen(a->sym.names[0]));
    if (i < 0) return -1;
    /* tt.call calls a tt.func, func.call a func.func */
    if (op_is(call, OP_tt_call) != op_is(s->f[i].op, OP_tt_func)) return -1;
    return i;
}

static bool add_call(Op *op, void *ud) {
    Inl *s = ud;
    if (!is_call(op)) return true;
    Op *p = op_parent(op);
    while (p && !(is_func(p) && p->order >= 0)) p = op_parent(p);
    pv_push(p ? &s->f[p->order].calls : &s->loose, op);
    return true;
}

/* Tarjan's algorithm, iterative; SCCs come out callees first */
static int *scc_order(Inl *s) {
    int n = s->n;
    int *order = malloc(sizeof(int) * (size_t)(n + 1)), no = 0;
    int *idx = malloc(sizeof(int) * (size_t)(n + 1)), *low = malloc(sizeof(int) * (size_t)(n + 1));
    int *edge = malloc(sizeof(int) * (size_t)(n + 1));
    char *on = calloc((size_t)n + 1, 1);
    int *stk = malloc(sizeof(int) * (size_t)(n + 1)), sp = 0;
    int *cs = malloc(sizeof(int) * (size_t)(n + 1)), csp = 0;
    int counter = 0;
    for (int i = 0; i < n; i++) idx[i] = -1;
    for (int root = 0; root < n; root++) {
        if (idx[root] >= 0) continue;
        idx[root] = low[root] = counter++;
        edge[root] = 0;
        stk[sp++] = root; on[root] = 1;
        cs[csp++] = root;
        while (csp) {
            int v = cs[csp - 1];
            Fn *f = &s->f[v];
            if (edge[v] < f->calls.n) {
                int w = f->callee[edge[v]++];
                if (w < 0) continue;
                if (w == v) { f->recursive = true; continue; }
                if (idx[w] < 0) {
                    idx[w] = low[w] = counter++;
                    edge[w] = 0;
                    stk[sp++] = w; on[w] = 1;
                    cs[csp++] = w;
                } else if (on[w] && idx[w] < low[v]) {
                    low[v] = idx[w];
                }
                continue;
            }
            csp--;
            if (csp && low[v] < low[cs[csp - 1]]) low[cs[csp - 1]] = low[v];
            if (low[v] == idx[v]) {
                int first = no;
                int w;
                do { w = stk[--sp]; on[w] = 0; order[no++] = w; } while (w != v);
                if (no - first > 1)
                    for (int k = first; k < no; k++) s->f[order[k]].recursive = true;
            }
        }
    }
    free(idx); free(low); free(edge); free(on); free(stk); free(cs);
    return order;
}

/* ---- inlining one call ---------------------------------------------- */
static unsigned vhash(const Value *v) {
    uint64_t x = (uint64_t)(uintptr_t)v;
    x ^= x >> 31; x *= 0x9e3779b97f4a7c15ULL; x ^= x >> 29;
    return (unsigned)x;
}

static void vmap_reset(Inl *s, unsigned want) {
    unsigned nb = 64;
    while (nb < want * 2) nb *= 2;
    if (!s->mk || s->vmask + 1 < nb) {
        free(s->mk); free(s->mv);
        s->mk = malloc(sizeof(Value *) * nb);
        s->mv = malloc(sizeof(Value *) * nb);
        s->vmask = nb - 1;
    }
    memset(s->mk, 0, sizeof(Value *) * (s->vmask + 1));
}

static void vmap_put(Inl *s, Value *k, Value *v) {
    unsigned b = vhash(k) & s->vmask;
    while (s->mk[b] && s->mk[b] != k) b = (b + 1) & s->vmask;
    s->mk[b] = k; s->mv[b] = v;
}

static Value *vmap_get(Inl *s, Value *k) {
    if (!k) return NULL;
    for (unsigned b = vhash(k) & s->vmask; s->mk[b]; b = (b + 1) & s->vmask)
        if (s->mk[b] == k) return s->mv[b];
    return k;
}

static int return_id(const Op *fn) { return op_is(fn, OP_tt_func) ? OP_tt_return : OP_func_return; }

static bool can_inline(Inl *s, Op *call, int ci) {
    if (ci < 0) return false;
    Fn *f = &s->f[ci];
    Op *fn = f->op;
    if (f->recursive || fn->nregions != 1) return false;
    Block *b = fn->regions[0].first;
    if (!b || b->next) return false;
    Op *ret = b->last;
    if (!ret || !op_is(ret, return_id(fn)) || ret->verbatim) return false;
    if (b->nargs != call->nopnds || ret->nopnds != call->nres) return false;
    for (int i = 0; i < b->nargs; i++) {
        Value *v = op_operand(call, i);
        if (!v || !v->type || v->type != b->args[i]->type) return false;
    }
    for (int i = 0; i < call->nres; i++) {
        Value *v = op_operand(ret, i);
        if (!v || !call->res[i].type || v->type != call->res[i].type) return false;
    }
    /* the callee's body must not hold the call itself */
    return !op_is_ancestor(fn, call);
}

/* point operands of the copied ops at the copies of what they used */
static void remap(Inl *s, Op *root) {
    PtrVec st = {0};
    pv_push(&st, root);
    while (st.n) {
        Op *op = st.v[--st.n];
        for (int i = 0; i < op->nopnds; i++) {
            Value *v = op->opnds[i].value, *w = vmap_get(s, v);
            if (w != v) op_set_operand(op, i, w);
        }
        for (int r = 0; r < op->nregions; r++)
            for (Block *b = op->regions[r].first; b; b = b->next)
                for (Op *o = b->first; o; o = o->next) pv_push(&st, o);
    }
    pv_free(&st);
}

static void inline_call(Inl *s, Op *call, Fn *f) {
    Block *body = f->op->regions[0].first;
    unsigned count = (unsigned)body->nargs;
    for (Op *o = body->first; o; o = o->next) count += (unsigned)o->nres;
    vmap_reset(s, count + 1);
    for (int i = 0; i < body->nargs; i++) vmap_put(s, body->args[i], op_operand(call, i));
    Op *ret = body->last;
    for (Op *o = body->first; o != ret; o = o->next) {
        Op *n = op_clone(s->c, o);
        remap(s, n);
        op_insert_before(call, n);
        for (int i = 0; i < o->nres; i++) vmap_put(s, &o->res[i], &n->res[i]);
    }
    for (int i = 0; i < call->nres; i++)
        value_replace_all_uses(&call->res[i], vmap_get(s, op_operand(ret, i)));
    op_erase(call);
}

static void inline_calls(Inl *s, PtrVec *calls, const int *callee) {
    for (int i = 0; i < calls->n; i++) {
        Op *call = calls->v[i];
        if (can_inline(s, call, callee[i])) inline_call(s, call, &s->f[callee[i]]);
    }
}

static bool run(Ctx *c, Op *m, const PassOptions *o, Diag *d) {
    (void)o; (void)d;
    Inl s = {0};
    s.c = c;
    op_walk(m, add_fn, &s);
    index_fns(&s);
    op_walk(m, add_call, &s);
    for (int i = 0; i < s.n; i++) {
        Fn *f = &s.f[i];
        f->callee = malloc(sizeof(int) * (size_t)(f->calls.n + 1));
        for (int k = 0; k < f->calls.n; k++) f->callee[k] = resolve(&s, f->calls.v[k]);
    }
    s.loose_callee = malloc(sizeof(int) * (size_t)(s.loose.n + 1));
    for (int k = 0; k < s.loose.n; k++) s.loose_callee[k] = resolve(&s, s.loose.v[k]);
    int *order = scc_order(&s);
    for (int k = 0; k < s.n; k++) {
        Fn *f = &s.f[order[k]];
        inline_calls(&s, &f->calls, f->callee);
    }
    inline_calls(&s, &s.loose, s.loose_callee);
    for (int i = 0; i < s.n; i++) { pv_free(&s.f[i].calls); free(s.f[i].callee); }
    free(order); free(s.f); free(s.bucket);
    pv_free(&s.loose); free(s.loose_callee);
    free(s.mk); free(s.mv);
    return true;
}

const Pass pass_inline = { "inline", "inline calls of single-block functions", NULL, 0, run };
