/* rewrite.c - creating, inserting, erasing and cloning ops; use lists.
 * Passes change the IR only through these functions. */
#include "ir.h"

#include <stdlib.h>
#include <string.h>

static void use_link(Use *u) {
    Value *v = u->value;
    if (!v) return;
    u->prev = NULL;
    u->next = v->uses;
    if (v->uses) v->uses->prev = u;
    v->uses = u;
}
static void use_unlink(Use *u) {
    Value *v = u->value;
    if (!v) return;
    if (u->prev) u->prev->next = u->next; else v->uses = u->next;
    if (u->next) u->next->prev = u->prev;
    u->prev = u->next = NULL;
}

Op *op_new(Ctx *c, const char *name, int nres, Type *const *restypes,
           int nopnds, Value *const *opnds, int nregions, Loc loc) {
    if (nres > OP_MAX_COUNT || nregions > OP_MAX_REGIONS) {
        fprintf(stderr, "ttxform: error: %s: more than %d results or %d regions\n", name, OP_MAX_COUNT, OP_MAX_REGIONS);
        exit(1);
    }
    Op *op = ctx_alloc(c, sizeof *op);
    op->info = opinfo_lookup(c, name);
    op->loc = loc;
    op->nres = (uint16_t)nres;
    if (nres) op->res = ctx_alloc(c, sizeof(Value) * (size_t)nres);
    for (int i = 0; i < nres; i++) {
        op->res[i].type = restypes ? restypes[i] : NULL;
        op->res[i].def = op;
    }
    op->opnds = nopnds ? ctx_alloc(c, sizeof(Use) * (size_t)nopnds) : NULL;
    op->nopnds = nopnds;
    for (int i = 0; i < nopnds; i++) {
        op->opnds[i].owner = op;
        op->opnds[i].value = opnds ? opnds[i] : NULL;
        use_link(&op->opnds[i]);
    }
    op->nregions = (uint8_t)nregions;
    if (nregions) op->regions = ctx_alloc(c, sizeof(Region) * (size_t)nregions);
    for (int i = 0; i < nregions; i++) op->regions[i].op = op;
    return op;
}

OpExt *op_ext(Ctx *c, Op *op) {
    if (!op->ext) op->ext = ctx_alloc(c, sizeof *op->ext);
    return op->ext;
}
void op_set_locattr(Ctx *c, Op *op, Attr *a) { if (a || op->ext) op_ext(c, op)->locattr = a; }
void op_set_custom(Ctx *c, Op *op, Elem *e) { if (e || op->ext) op_ext(c, op)->custom = e; }
void op_set_succs(Ctx *c, Op *op, int n, Block **succs, int *succ_nargs) {
    if (!n && !op->ext) return;
    OpExt *x = op_ext(c, op);
    x->nsuccs = n; x->succs = succs; x->succ_nargs = succ_nargs;
}

Value *op_operand(const Op *op, int i) { return i >= 0 && i < op->nopnds ? op->opnds[i].value : NULL; }
Value *op_result(Op *op, int i) { return i >= 0 && i < op->nres ? &op->res[i] : NULL; }
const char *op_name(const Op *op) { return op->info->name; }

void op_set_operand(Op *op, int i, Value *v) {
    Use *u = &op->opnds[i];
    use_unlink(u);
    u->value = v;
    use_link(u);
}

/* the room in op->opnds: exactly nopnds until it first grows, then the
 * powers of two; a removal leaves more room than this tells, never less */
static int opnds_cap(const Op *op) {
    if (!op->opnds_grown) return op->nopnds;
    int cap = 2;
    while (cap < op->nopnds) cap *= 2;
    return cap;
}

/* operands live in one array; growing it moves the Use records, so relink */
void op_add_operand(Ctx *c, Op *op, Value *v) {
    if (op->nopnds == opnds_cap(op)) {
        int ncap = 2;
        while (ncap <= op->nopnds) ncap *= 2;
        Use *nu = ctx_alloc(c, sizeof(Use) * (size_t)ncap);
        for (int i = 0; i < op->nopnds; i++) {
            Value *val = op->opnds[i].value;
            use_unlink(&op->opnds[i]);
            nu[i].owner = op; nu[i].value = val;
            use_link(&nu[i]);
        }
        op->opnds = nu;
        op->opnds_grown = true;
    }
    Use *u = &op->opnds[op->nopnds];
    u->owner = op; u->value = v;
    use_link(u);
    op->nopnds++;
}

void op_remove_operand(Op *op, int i) {
    int n = op->nopnds;
    for (int j = i; j < n; j++) use_unlink(&op->opnds[j]);
    for (int j = i; j + 1 < n; j++) {
        op->opnds[j].value = op->opnds[j + 1].value;
    }
    op->nopnds--;
    for (int j = i; j < op->nopnds; j++) use_link(&op->opnds[j]);
}

/* An op's attributes then its properties, each part sorted by name, are
 * one array. Arrays are never written once made: a change makes a new one,
 * so short arrays can be shared (ctx_named_array) by every op that has them. */
static void na_set(Ctx *c, Op *op, bool prop, const char *name, Attr *a) {
    NamedAttr *all = op->attrs;
    int na = op->nattrs, np = op->nprops;
    NamedAttr *arr = prop && all ? all + na : all;
    int n = prop ? np : na;
    int i = 0;
    while (i < n && strcmp(arr[i].name, name) < 0) i++;
    bool found = i < n && arr[i].name == name;
    if (found ? arr[i].value == a : !a) return;
    if (!found && n == OP_MAX_COUNT) {
        fprintf(stderr, "ttxform: error: more than %d attributes on one op\n", OP_MAX_COUNT);
        exit(1);
    }
    int m = n + (found ? (a ? 0 : -1) : 1);
    int total = m + (prop ? na : np);
    NamedAttr buf[8];
    NamedAttr *heap = total > 8 ? ctx_alloc(c, sizeof(NamedAttr) * (size_t)total) : NULL;
    NamedAttr *out = heap ? heap : buf;
    NamedAttr *seg = out;
    if (prop) { if (na) memcpy(out, all, sizeof(NamedAttr) * (size_t)na); seg = out + na; }
    if (i) memcpy(seg, arr, sizeof(NamedAttr) * (size_t)i);
    int k = i;
    if (a) { seg[k].name = name; seg[k].value = a; k++; }
    int rest = n - i - (found ? 1 : 0);
    if (rest > 0) memcpy(seg + k, arr + (n - rest), sizeof(NamedAttr) * (size_t)rest);
    if (!prop && np) memcpy(out + m, all + na, sizeof(NamedAttr) * (size_t)np);
    if (prop) op->nprops = (uint16_t)m; else op->nattrs = (uint16_t)m;
    op->attrs = !total ? NULL : heap ? heap : ctx_named_array(c, total, buf);
}
void op_set_attr(Ctx *c, Op *op, const char *name, Attr *a) { na_set(c, op, false, ctx_str(c, name), a); }
void op_set_prop(Ctx *c, Op *op, const char *name, Attr *a) { op_set_prop_interned(c, op, ctx_str(c, name), a); }
void op_set_attr_interned(Ctx *c, Op *op, const char *name, Attr *a) { na_set(c, op, false, name, a); }
void op_set_prop_interned(Ctx *c, Op *op, const char *name, Attr *a) {
    na_set(c, op, true, name, a);
    op->has_props = true;
}
Attr *op_attr(const Op *op, const char *name) {
    for (int i = 0; i < op->nattrs; i++) if (!strcmp(op->attrs[i].name, name)) return op->attrs[i].value;
    const NamedAttr *pr = op_props(op);
    for (int i = 0; i < op->nprops; i++) if (!strcmp(pr[i].name, name)) return pr[i].value;
    return NULL;
}

Attr *op_attr_any(Op *op, const char *name) {
    Attr *a = op_attr(op, name);
    if (a || !op->verbatim) return a;
    for (Elem *e = op_custom(op); e; e = e->next)
        if (e->kind == E_ATTR && e->attr && e->attr->kind == A_DICT && (a = dict_get(e->attr, name))) return a;
    return NULL;
}

bool op_attr_int(Op *op, const char *name, int64_t *v) {
    Attr *a = op_attr(op, name);
    if (!a || (a->kind != A_INT && a->kind != A_BOOL)) return false;
    *v = a->i;
    return true;
}

int op_attr_ints(Op *op, const char *name, int64_t *out, int max) {
    Attr *a = op_attr(op, name);
    if (!a) return -1;
    if (a->kind == A_DENSE_ARRAY && a->darr.i) {
        if (a->darr.n > max) return -1;
        for (int i = 0; i < a->darr.n; i++) out[i] = a->darr.i[i];
        return a->darr.n;
    }
    if (a->kind == A_ARRAY) {
        if (a->arr.n > max) return -1;
        for (int i = 0; i < a->arr.n; i++) {
            if (a->arr.elts[i]->kind != A_INT) return -1;
            out[i] = a->arr.elts[i]->i;
        }
        return a->arr.n;
    }
    return -1;
}

const int64_t *op_segment_sizes(Op *op, int n) {
    Attr *a = op_attr(op, "operandSegmentSizes");
    if (!a || a->kind != A_DENSE_ARRAY || a->darr.n != n || !a->darr.i) return NULL;
    int64_t t = 0;
    for (int i = 0; i < n; i++) t += a->darr.i[i];
    return t == op->nopnds ? a->darr.i : NULL;
}

Block *block_new(Ctx *c) { (void)c; Block *b = ctx_alloc(c, sizeof *b); return b; }

Value *block_add_arg(Ctx *c, Block *b, Type *t, Loc loc) {
    if (b->nargs == b->capargs) {
        int ncap = b->capargs ? b->capargs * 2 : 4;
        Value **na = ctx_alloc(c, sizeof(Value *) * (size_t)ncap);
        if (b->nargs) memcpy(na, b->args, sizeof(Value *) * (size_t)b->nargs);
        b->args = na;
        b->capargs = ncap;
    }
    Value *v = ctx_alloc(c, sizeof(ArgValue));
    v->type = t; value_set_argindex(v, b->nargs); ((ArgValue *)v)->block = b; ((ArgValue *)v)->loc = loc;
    b->args[b->nargs++] = v;
    return v;
}
void block_erase_arg(Block *b, int i) {
    for (int j = i; j + 1 < b->nargs; j++) { b->args[j] = b->args[j + 1]; value_set_argindex(b->args[j], j); }
    b->nargs--;
}

void region_append_block(Region *r, Block *b) {
    b->region = r;
    b->prev = r->last; b->next = NULL;
    if (r->last) r->last->next = b; else r->first = b;
    r->last = b;
}
void region_insert_block_after(Region *r, Block *pos, Block *b) {
    if (!pos || pos == r->last) { region_append_block(r, b); return; }
    b->region = r;
    b->prev = pos; b->next = pos->next;
    pos->next->prev = b; pos->next = b;
}
void block_unlink(Block *b) {
    Region *r = b->region;
    if (!r) return;
    if (b->prev) b->prev->next = b->next; else r->first = b->next;
    if (b->next) b->next->prev = b->prev; else r->last = b->prev;
    b->prev = b->next = NULL; b->region = NULL;
}
Op *block_terminator(Block *b) {
    return b && b->last && (b->last->info->traits & TR_TERMINATOR) ? b->last : NULL;
}

void op_unlink(Op *op) {
    Block *b = op->block;
    if (!b) return;
    if (op->prev) op->prev->next = op->next; else b->first = op->next;
    if (op->next) op->next->prev = op->prev; else b->last = op->prev;
    op->prev = op->next = NULL; op->block = NULL;
}
void op_insert_before(Op *pos, Op *op) {
    Block *b = pos->block;
    op->block = b; op->next = pos; op->prev = pos->prev;
    if (pos->prev) pos->prev->next = op; else b->first = op;
    pos->prev = op;
}
void op_insert_after(Op *pos, Op *op) {
    Block *b = pos->block;
    op->block = b; op->prev = pos; op->next = pos->next;
    if (pos->next) pos->next->prev = op; else b->last = op;
    pos->next = op;
}
void op_append(Block *b, Op *op) {
    op->block = b; op->next = NULL; op->prev = b->last;
    if (b->last) b->last->next = op; else b->first = op;
    b->last = op;
}
void op_prepend(Block *b, Op *op) {
    if (b->first) op_insert_before(b->first, op); else op_append(b, op);
}

/* iterative so that deeply nested regions never exhaust the stack */
void op_drop_uses(Op *root) {
    PtrVec work = {0};
    pv_push(&work, root);
    while (work.n) {
        Op *op = work.v[--work.n];
        for (int i = 0; i < op->nopnds; i++) { use_unlink(&op->opnds[i]); op->opnds[i].value = NULL; }
        for (int r = 0; r < op->nregions; r++)
            for (Block *b = op->regions[r].first; b; b = b->next)
                for (Op *o = b->first; o; o = o->next) pv_push(&work, o);
    }
    pv_free(&work);
}
void op_erase(Op *op) { op_unlink(op); op_drop_uses(op); }

void value_replace_all_uses(Value *from, Value *to) {
    if (from == to) return;
    while (from->uses) {
        Use *u = from->uses;
        use_unlink(u);
        u->value = to;
        use_link(u);
    }
}
int value_num_uses(const Value *v) { int n = 0; for (Use *u = v->uses; u; u = u->next) n++; return n; }
bool value_has_uses(const Value *v) { return v->uses != NULL; }
bool op_results_unused(const Op *op) {
    for (int i = 0; i < op->nres; i++) if (op->res[i].uses) return false;
    return true;
}

Op *op_parent(const Op *op) {
    return op->block && op->block->region ? op->block->region->op : NULL;
}
bool op_is_ancestor(const Op *anc, const Op *op) {
    for (const Op *p = op; p; p = op_parent(p)) if (p == anc) return true;
    return false;
}

Op *module_new(Ctx *c) {
    Loc l = {0};
    Op *m = op_new(c, "builtin.module", 0, NULL, 0, NULL, 1, l);
    region_append_block(&m->regions[0], block_new(c));
    return m;
}
Block *module_body(Op *m) { return m->regions[0].first; }

/* ---- walking -------------------------------------------------------- */
bool op_walk(Op *root, OpWalkFn fn, void *ud) {
    PtrVec work = {0};
    pv_push(&work, root);
    bool ok = true;
    while (work.n && ok) {
        Op *op = work.v[--work.n];
        if (!fn(op, ud)) { ok = false; break; }
        /* push children in reverse so they pop in order */
        for (int r = op->nregions - 1; r >= 0; r--)
            for (Block *b = op->regions[r].last; b; b = b->prev)
                for (Op *o = b->last; o; o = o->prev) pv_push(&work, o);
    }
    pv_free(&work);
    return ok;
}

/* ---- cloning -------------------------------------------------------- */
/* pointer -> pointer maps (values and blocks), open addressing */
typedef struct PMap { void **k, **v; size_t n, cap; } PMap;
typedef struct { PMap val, blk; } Map;

static void pm_put(PMap *m, void *k, void *v);
static void pm_grow(PMap *m) {
    PMap o = *m;
    m->cap = o.cap ? o.cap * 2 : 64;
    m->k = calloc(m->cap, sizeof(void *));
    m->v = calloc(m->cap, sizeof(void *));
    m->n = 0;
    if (!m->k || !m->v) abort();
    for (size_t i = 0; i < o.cap; i++) if (o.k[i]) pm_put(m, o.k[i], o.v[i]);
    free(o.k); free(o.v);
}
static void pm_put(PMap *m, void *k, void *v) {
    if ((m->n + 1) * 2 > m->cap) pm_grow(m);
    size_t i = ptr_hash(k) & (m->cap - 1);
    while (m->k[i] && m->k[i] != k) i = (i + 1) & (m->cap - 1);
    if (!m->k[i]) m->n++;
    m->k[i] = k; m->v[i] = v;
}
static void *pm_get(PMap *m, void *k) {
    if (!m->cap) return k;
    size_t i = ptr_hash(k) & (m->cap - 1);
    while (m->k[i]) { if (m->k[i] == k) return m->v[i]; i = (i + 1) & (m->cap - 1); }
    return k;
}
static void map_put(Map *m, Value *f, Value *t) { pm_put(&m->val, f, t); }
static Value *map_get(Map *m, Value *f) { return pm_get(&m->val, f); }
static void bmap_put(Map *m, Block *f, Block *t) { pm_put(&m->blk, f, t); }
static Block *bmap_get(Map *m, Block *f) { return pm_get(&m->blk, f); }

static Op *clone_rec(Ctx *c, Op *op, Map *m, PtrVec *fix) {
    Type **rt = op->nres ? malloc(sizeof(Type *) * (size_t)op->nres) : NULL;
    for (int i = 0; i < op->nres; i++) rt[i] = op->res[i].type;
    Value **ov = op->nopnds ? malloc(sizeof(Value *) * (size_t)op->nopnds) : NULL;
    for (int i = 0; i < op->nopnds; i++) ov[i] = op->opnds[i].value;
    Op *n = op_new(c, op->info->name, op->nres, rt, op->nopnds, ov, op->nregions, op->loc);
    free(rt); free(ov);
    op_set_locattr(c, n, op_locattr(op));
    pv_push(fix, n);
    for (int i = 0; i < op->nres; i++) map_put(m, &op->res[i], &n->res[i]);
    n->attrs = op->attrs;   /* shared: never written */
    n->nattrs = op->nattrs;
    n->nprops = op->nprops;
    n->has_props = op->has_props;
    n->verbatim = op->verbatim;
    int ns = op_nsuccs(op);
    if (ns) {
        Block **su = ctx_alloc(c, sizeof(Block *) * (size_t)ns);
        int *sn = ctx_alloc(c, sizeof(int) * (size_t)ns);
        memcpy(su, op_succs(op), sizeof(Block *) * (size_t)ns);
        if (op_succ_nargs(op)) memcpy(sn, op_succ_nargs(op), sizeof(int) * (size_t)ns);
        op_set_succs(c, n, ns, su, sn);
    }
    for (int r = 0; r < op->nregions; r++) {
        for (Block *b = op->regions[r].first; b; b = b->next) {
            Block *nb = block_new(c);
            nb->name = b->name;
            bmap_put(m, b, nb);
            region_append_block(&n->regions[r], nb);
            for (int a = 0; a < b->nargs; a++) {
                Value *na = block_add_arg(c, nb, b->args[a]->type, value_loc(b->args[a]));
                value_set_locattr(c, na, value_locattr(c, b->args[a]));
                map_put(m, b->args[a], na);
            }
        }
        Block *nb = n->regions[r].first;
        for (Block *b = op->regions[r].first; b; b = b->next, nb = nb->next)
            for (Op *o = b->first; o; o = o->next) op_append(nb, clone_rec(c, o, m, fix));
    }
    /* element sequences refer to operands by index and to definitions by value */
    Elem *head = NULL, **tail = &head;
    for (Elem *e = op_custom(op); e; e = e->next) {
        Elem *ne = ctx_alloc(c, sizeof *ne);
        *ne = *e;
        ne->next = NULL;
        *tail = ne; tail = &ne->next;
    }
    op_set_custom(c, n, head);
    return n;
}

Op *op_clone(Ctx *c, Op *op) {
    Map m = {0};
    PtrVec fix = {0};
    Op *n = clone_rec(c, op, &m, &fix);
    for (int i = 0; i < fix.n; i++) {
        Op *o = fix.v[i];
        for (int k = 0; k < o->nopnds; k++) op_set_operand(o, k, map_get(&m, o->opnds[k].value));
        for (int k = 0; k < op_nsuccs(o); k++) o->ext->succs[k] = bmap_get(&m, o->ext->succs[k]);
        for (Elem *e = op_custom(o); e; e = e->next) if (e->kind == E_DEF) e->val = map_get(&m, e->val);
    }
    free(m.val.k); free(m.val.v); free(m.blk.k); free(m.blk.v);
    pv_free(&fix);
    return n;
}
