/* verify.c - the verifier: SSA dominance (across regions too), block
 * terminators, successor arguments, and per-op constraints of registered
 * ops.  Errors are reported at the op's location with MLIR's wording. */
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>

#include "pass.h"
#include "print.h"
#include "verify.h"

struct VerifyCtx {
    Ctx *c; Diag *d; int errors;
    bool listed;                  /* the registered dialects were listed */
    const OpInfo *unknown[16];    /* the unknown ops reported: each name once */
    int nunknown;
};
typedef struct VerifyCtx V;

static void err(V *v, Op *op, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void err(V *v, Op *op, const char *fmt, ...) {
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    diag_error(v->d, op->loc, "'%s' op %s", op->info->name, buf);
    v->errors++;
}

void verify_error(VerifyCtx *v, Op *op, const char *fmt, ...) {
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    err(v, op, "%s", buf);
}
Ctx *verify_ctx(VerifyCtx *v) { return v->c; }
const char *verify_type_str(VerifyCtx *v, Type *t);

static char *ts(V *v, Type *t) {
    static char bufs[4][256];
    static int k;
    char *b = bufs[k++ & 3];
    char *s = t ? print_type_str(v->c, t) : NULL;
    snprintf(b, 256, "%s", s ? s : "<unknown>");
    free(s);
    return b;
}

const char *verify_type_str(VerifyCtx *v, Type *t) { return ts(v, t); }

/* ---- dominance ------------------------------------------------------ */
/* number ops in each block so that "before" is a comparison */
static bool number_ops(Op *op, void *ud) {
    (void)ud;
    for (int r = 0; r < op->nregions; r++)
        for (Block *b = op->regions[r].first; b; b = b->next) {
            int i = 0;
            for (Op *o = b->first; o; o = o->next) o->order = i++;
        }
    return true;
}

/* does block a dominate block b (same region)?  Computed on the region's CFG */
typedef struct Dom { Region *r; Block **blocks; int n; int *idom; } Dom;

static int bidx(Dom *d, Block *b) { for (int i = 0; i < d->n; i++) if (d->blocks[i] == b) return i; return -1; }

static void dom_build(Dom *d, Region *r) {
    d->r = r;
    d->n = 0;
    for (Block *b = r->first; b; b = b->next) d->n++;
    d->blocks = malloc(sizeof(Block *) * (size_t)(d->n + 1));
    d->idom = malloc(sizeof(int) * (size_t)(d->n + 1));
    int i = 0;
    for (Block *b = r->first; b; b = b->next) d->blocks[i++] = b;
    /* iterative dataflow over sets; regions have few blocks */
    int n = d->n;
    unsigned char *dom = malloc((size_t)n * (size_t)n + 1);
    memset(dom, 1, (size_t)n * (size_t)n);
    for (int k = 0; k < n; k++) dom[0 * n + k] = k == 0;
    bool changed = true;
    while (changed) {
        changed = false;
        for (int b = 1; b < n; b++) {
            unsigned char *nw = malloc((size_t)n);
            memset(nw, 1, (size_t)n);
            bool anypred = false;
            for (int p = 0; p < n; p++) {
                Op *t = d->blocks[p]->last;
                if (!t) continue;
                bool pred = false;
                for (int s = 0; s < op_nsuccs(t); s++) if (op_succs(t)[s] == d->blocks[b]) pred = true;
                if (!pred) continue;
                anypred = true;
                for (int k = 0; k < n; k++) nw[k] &= dom[p * n + k];
            }
            if (!anypred) memset(nw, 0, (size_t)n);
            nw[b] = 1;
            if (memcmp(nw, &dom[b * n], (size_t)n)) { memcpy(&dom[b * n], nw, (size_t)n); changed = true; }
            free(nw);
        }
    }
    /* keep the dominance matrix in idom's place: idom[b] unused; store matrix */
    free(d->idom);
    d->idom = (int *)dom;
}
static bool dom_dominates(Dom *d, Block *a, Block *b) {
    int ia = bidx(d, a), ib = bidx(d, b);
    if (ia < 0 || ib < 0) return false;
    unsigned char *m = (unsigned char *)d->idom;
    /* a block the entry cannot reach is dominated by everything, as in MLIR */
    if (ib != 0 && !m[ib * d->n + 0]) return true;
    return m[ib * d->n + ia] != 0;
}
static void dom_free(Dom *d) { free(d->blocks); free(d->idom); }

static bool graph_region(Region *r) { return r->op && op_is(r->op, OP_module); }

/* is v visible at (and dominating) user? */
static int check_dominance(V *v, Op *user, int i) {
    Value *val = user->opnds[i].value;
    if (!val) { err(v, user, "operand #%d is null", i); return 0; }
    Block *db = val->def ? val->def->block : value_argblock(val);
    if (!db) { err(v, user, "operand #%d refers to a value that is no longer in the IR", i); return 0; }
    /* climb from the user to the region that holds the definition */
    Op *a = user;
    while (a && a->block && a->block->region != db->region) {
        Op *p = op_parent(a);
        if (p && (p->info->traits & TR_ISOLATED)) {
            err(v, user, "using value defined outside the region");
            return 0;
        }
        a = p;
    }
    if (!a || !a->block) { err(v, user, "operand #%d does not dominate this use", i); return 0; }
    if (graph_region(db->region)) return 1;
    if (a->block == db) {
        if (!val->def) return 1;    /* block argument */
        if (val->def == a) { err(v, user, "operand #%d is defined by an enclosing op", i); return 0; }
        if (val->def->order < a->order) return 1;
        err(v, user, "operand #%d does not dominate this use", i);
        diag_emit(v->d, SEV_NOTE, val->def->loc, "operand defined here");
        return 0;
    }
    Dom d;
    dom_build(&d, db->region);
    bool ok = dom_dominates(&d, db, a->block);
    dom_free(&d);
    if (!ok) {
        err(v, user, "operand #%d does not dominate this use", i);
        return 0;
    }
    return 1;
}

/* ---- per-op checks -------------------------------------------------- */
static Type *pointee_of(Ctx *c, Type *t) {
    if (!t) return NULL;
    if (t->kind == T_PTR) return t->ptr.pointee;
    if (type_is_shaped(t) && t->sh.elem->kind == T_PTR)
        return type_shaped(c, t->kind, t->sh.rank, t->sh.dims, t->sh.elem->ptr.pointee, t->sh.enc, t->sh.space);
    return NULL;
}
static bool same_shape(Type *a, Type *b) {
    if (!type_is_shaped(a) && !type_is_shaped(b)) return true;
    if (!type_is_shaped(a) || !type_is_shaped(b) || a->sh.rank != b->sh.rank) return false;
    for (int i = 0; i < a->sh.rank; i++) if (a->sh.dims[i] != b->sh.dims[i]) return false;
    return true;
}
static Type *opty(Op *op, int i) { Value *x = op_operand(op, i); return x ? x->type : NULL; }

static Op *terminator_of(Region *r) { return r->first ? r->first->last : NULL; }

static void check_yield_types(V *v, Op *op, Region *r, int nres) {
    Op *t = terminator_of(r);
    if (!t || !op_is(t, OP_scf_yield)) return;
    if (t->nopnds != nres) { err(v, t, "must match the number of results of the parent op (%d), found %d", nres, t->nopnds); return; }
    for (int i = 0; i < nres; i++)
        if (opty(t, i) != op->res[i].type)
            err(v, t, "type of operand #%d ('%s') does not match the parent op's result type ('%s')", i, ts(v, opty(t, i)), ts(v, op->res[i].type));
}

/* the rank of the shape of a dialect type `NAME<AxBxT>` (or -1) */
static int opaque_rank(const Type *t, const char *name) {
    if (!t || t->kind != T_OPAQUE || strcmp(t->opq.name, name) || !t->opq.body || t->opq.body[0] != '<') return -1;
    int r = 0;
    const char *s = t->opq.body + 1;
    for (;;) {
        const char *q = s;
        while (*q >= '0' && *q <= '9') q++;
        if (q == s && *q == '?') q++;
        if (q == s || *q != 'x') return r;
        r++;
        s = q + 1;
    }
}
/* the block rank of a !tt.tensordesc, the rank of a !ktdp.access_tile */
static int desc_rank(const Type *t) { return opaque_rank(t, "!tt.tensordesc"); }
static int tile_rank(const Type *t) { return opaque_rank(t, "!ktdp.access_tile"); }

/* ktdp.construct_indirect_access_tile: the iteration space, the subscripts
 * (one per base dim) and the operand groups must agree with each other */
static void check_itile(V *v, Op *op) {
    static const char *const req[] = { "per_dim_subscript_kinds", "per_dim_subscript_maps", "variables_space_order", "variables_space_set" };
    for (int i = 0; i < 4; i++) if (!op_attr(op, req[i])) { err(v, op, "requires attribute '%s'", req[i]); return; }
    Attr *seg = op_attr(op, "operandSegmentSizes");
    if (!seg || seg->kind != A_DENSE_ARRAY || (seg->darr.n && !seg->darr.i)) { err(v, op, "requires attribute 'operandSegmentSizes'"); return; }
    if (seg->darr.n != 4) { err(v, op, "'operandSegmentSizes' attribute for specifying operand segments must have 4 elements, but got %d", seg->darr.n); return; }
    int64_t tot = 0;
    for (int i = 0; i < 4; i++) {
        if (seg->darr.i[i] < 0) { err(v, op, "'operandSegmentSizes' attribute cannot have negative elements"); return; }
        tot += seg->darr.i[i];
    }
    if (tot != op->nopnds) { err(v, op, "operand count (%d) does not match with the total size (%lld) specified in attribute 'operandSegmentSizes'", op->nopnds, (long long)tot); return; }
    const int64_t *s = seg->darr.i;
    if (s[0] != 1) { err(v, op, "operand group starting at #0 requires 1 operand, but found %lld", (long long)s[0]); return; }
    if (op->nregions != 1 || !op->regions[0].first || op->regions[0].first->next) { err(v, op, "region #0 ('region') failed to verify constraint: region with 1 blocks"); return; }
    Attr *kinds = op_attr(op, "per_dim_subscript_kinds"), *maps = op_attr(op, "per_dim_subscript_maps");
    Attr *set = op_attr(op, "variables_space_set"), *order = op_attr(op, "variables_space_order");
    if (kinds->kind != A_ARRAY) { err(v, op, "attribute 'per_dim_subscript_kinds' failed to satisfy constraint: array attribute"); return; }
    if (maps->kind != A_ARRAY) { err(v, op, "attribute 'per_dim_subscript_maps' failed to satisfy constraint: array attribute"); return; }
    if (set->kind != A_INTEGER_SET) { err(v, op, "attribute 'variables_space_set' failed to satisfy constraint: IntegerSet attribute"); return; }
    if (order->kind != A_AFFINE_MAP) { err(v, op, "attribute 'variables_space_order' failed to satisfy constraint: AffineMap attribute"); return; }
    int nvars = op->regions[0].first->nargs;
    int nind = (int)s[1], ncap = (int)s[2], nsym = (int)s[3];

    if (set->set.ndims != order->map.ndims) {
        err(v, op, "variables_space_set dimensions (%d) must match variables_space_order inputs (%d)", set->set.ndims, order->map.ndims);
        return;
    }
    if (order->map.ndims != order->map.n) {
        err(v, op, "variables_space_order must have equal number of inputs (%d) and outputs (%d)", order->map.ndims, order->map.n);
        return;
    }
    if (nvars != set->set.ndims) {
        err(v, op, "number of intermediate variables (%d) must match variables_space_set dimensions (%d)", nvars, set->set.ndims);
        return;
    }
    if (set->set.nsyms != nsym) {
        err(v, op, "variables_space_set has %d symbols but got %d symbol operands", set->set.nsyms, nsym);
        return;
    }
    if (kinds->arr.n != maps->arr.n) {
        err(v, op, "per_dim_subscript_kinds size (%d) must match per_dim_subscript_maps size (%d)", kinds->arr.n, maps->arr.n);
        return;
    }
    Type *bt = opty(op, 0);
    if (!bt || (bt->kind != T_MEMREF && bt->kind != T_TENSOR) || bt->sh.rank < 0) {
        err(v, op, "base must be a ranked memref or tensor type");
        return;
    }
    int nsub = kinds->arr.n;
    if (nsub != bt->sh.rank) {
        err(v, op, "number of subscripts (%d) must match base rank (%d)", nsub, bt->sh.rank);
        return;
    }
    int ntrue = 0;
    for (int i = 0; i < nsub; i++) {
        Attr *k = kinds->arr.elts[i];
        if (!k || k->kind != A_BOOL) { err(v, op, "per_dim_subscript_kinds must contain BoolAttr elements"); return; }
        if (k->i) ntrue++;
    }
    if (ntrue != nind) {
        err(v, op, "number of indirect dimensions (%d) must match number of indirect memrefs (%d)", ntrue, nind);
        return;
    }
    for (int i = 0; i < nsub; i++) {
        Attr *m = maps->arr.elts[i];
        if (!m || m->kind != A_AFFINE_MAP) { err(v, op, "per_dim_subscript_maps[%d] must be an AffineMapAttr", i); return; }
    }
    for (int i = 0, j = 0; i < nsub; i++) {
        Attr *m = maps->arr.elts[i];
        if (m->map.ndims != ncap + nvars) {
            err(v, op, "subscript map for dimension %d has %d dimensions, but expected %d (captured_variables + intermediate_variables)", i, m->map.ndims, ncap + nvars);
            return;
        }
        if (kinds->arr.elts[i]->i) {
            Type *it = opty(op, 1 + j++);
            if (it && (it->kind == T_MEMREF || it->kind == T_TENSOR) && it->sh.rank >= 0 && m->map.n != it->sh.rank) {
                err(v, op, "indirect subscript map for dimension %d produces %d results, but indirect memref has rank %d", i, m->map.n, it->sh.rank);
                return;
            }
        } else if (m->map.n != 1) {
            err(v, op, "direct subscript map for dimension %d must produce exactly 1 result, but produces %d", i, m->map.n);
            return;
        }
    }
    int rr = op->nres == 1 ? tile_rank(op->res[0].type) : -1;
    if (rr >= 0 && rr != set->set.ndims)
        err(v, op, "result type rank (%d) must match variables_space_set dimensions (%d)", rr, set->set.ndims);
}

/* tt.spyre_tensor_layout: three parallel arrays, one entry per physical dim */
static void check_layout(V *v, Op *op) {
    static const char *const names[3] = { "phys_src", "phys_op", "phys_arg" };
    const int64_t *a[3];
    int n[3];
    for (int k = 0; k < 3; k++) {
        Attr *x = op_attr(op, names[k]);
        if (!x) { err(v, op, "requires attribute '%s'", names[k]); return; }
        if (x->kind != A_DENSE_ARRAY || !type_is_int(x->type, 64) || (x->darr.n && !x->darr.i)) {
            err(v, op, "attribute '%s' failed to satisfy constraint: i64 dense array attribute", names[k]);
            return;
        }
        a[k] = x->darr.i;
        n[k] = x->darr.n;
    }
    if (n[0] != n[1] || n[1] != n[2]) {
        err(v, op, "phys_src, phys_op and phys_arg must have the same number of entries, got %d, %d and %d", n[0], n[1], n[2]);
        return;
    }
    int k = n[0];
    if (!k) { err(v, op, "must describe at least one physical dim"); return; }
    int r = desc_rank(opty(op, 0));
    for (int i = 0; i < k; i++) {
        if (r >= 0 && (a[0][i] < 0 || a[0][i] >= r)) { err(v, op, "phys_src[%d] must be in [0, %d), got %lld", i, r, (long long)a[0][i]); return; }
        if (a[1][i] < 0 || a[1][i] > 2) { err(v, op, "phys_op[%d] must be 0 (identity), 1 (floordiv) or 2 (mod), got %lld", i, (long long)a[1][i]); return; }
        if (a[1][i] != 0 && a[2][i] <= 0) { err(v, op, "phys_arg[%d] must be > 0 for a floordiv/mod dim, got %lld", i, (long long)a[2][i]); return; }
    }
    for (int i = 0; i < k; i++) {
        bool first = true;
        for (int j = 0; j < i; j++) if (a[0][j] == a[0][i]) first = false;
        if (!first) continue;
        int cnt[3] = { 0, 0, 0 }, tot = 0;
        for (int j = i; j < k; j++) if (a[0][j] == a[0][i]) { cnt[a[1][j]]++; tot++; }
        if (tot > 1 && !(tot == 2 && cnt[1] == 1 && cnt[2] == 1)) {
            err(v, op, "logical dim %lld appears in %d physical dims; a repeated logical dim is only valid as a stick split "
                "(exactly one floordiv entry and one mod entry), got %d identity, %d floordiv, %d mod",
                (long long)a[0][i], tot, cnt[0], cnt[1], cnt[2]);
            return;
        }
    }
}

/* tt.inter_tile_reduce: the attributes its declarative format and ODS require */
static void check_inter_tile(V *v, Op *op) {
    static const char *const req[] = { "axis", "combiner", "coreIdToWkSlice", "mode", "numWkSlicesPerDim" };
    for (int i = 0; i < 5; i++) if (!op_attr(op, req[i])) { err(v, op, "requires attribute '%s'", req[i]); return; }
    Attr *seg = op_attr(op, "operandSegmentSizes");
    int np = seg && seg->kind == A_DENSE_ARRAY && seg->darr.n == 2 && seg->darr.i ? (int)seg->darr.i[0] : op->nopnds;
    if (op->nres != np) { err(v, op, "expects one result per partial (%d), found %d", np, op->nres); return; }
    for (int i = 0; i < np; i++)
        if (opty(op, i) != op->res[i].type) { err(v, op, "result #%d type '%s' must match the partial type '%s'", i, ts(v, op->res[i].type), ts(v, opty(op, i))); return; }
}

/* ktdp.inter_tile_produce / ktdp.inter_tile_reduce (ktir-dialect spec 4.10):
 * the future links exactly one produce to one delivery op; the produce region
 * takes the group id and yields the partials; the combiner takes (lhs...,
 * rhs...) and yields one value of each result type */
static bool is_future(const Type *t) { return t && t->kind == T_OPAQUE && !strcmp(t->opq.name, "!ktdp.tile_future"); }
static void check_ktdp_inter_tile(V *v, Op *op) {
    Block *b = op->nregions == 1 ? op->regions[0].first : NULL;
    Op *term = b ? b->last : NULL;
    if (op_is(op, OP_ktdp_inter_tile_produce)) {
        if (op->nres != 1 || !is_future(op->res[0].type)) { err(v, op, "result must be a !ktdp.tile_future"); return; }
        if (value_num_uses(&op->res[0]) > 1) { err(v, op, "future result must have exactly one use"); return; }
        if (!b || b->next || b->nargs != 1 || b->args[0]->type->kind != T_INDEX) { err(v, op, "region must have one block with one index argument (the group id)"); return; }
        if (!term || !op_is(term, OP_ktdp_yield_partial) || !term->nopnds) err(v, op, "region must end in ktdp.yield_partial of at least one value");
        return;
    }
    if (!op->nopnds || !is_future(opty(op, 0))) { err(v, op, "operand #0 must be a !ktdp.tile_future"); return; }
    if (op->nopnds > 1 && op->nopnds - 1 != op->nres) { err(v, op, "expects one identity per result (%d), found %d", op->nres, op->nopnds - 1); return; }
    if (!b || b->next || b->nargs != 2 * op->nres) { err(v, op, "combiner region must have one block with %d arguments (lhs and rhs per result)", 2 * op->nres); return; }
    if (!term || !op_is(term, OP_ktdp_yield_reduced) || term->nopnds != op->nres) { err(v, op, "combiner region must end in ktdp.yield_reduced of one value per result (%d)", op->nres); return; }
    for (int i = 0; i < 2 * op->nres; i++)
        if (b->args[i]->type != b->args[i % op->nres]->type) { err(v, op, "combiner argument #%d must have the type of argument #%d", i, i % op->nres); return; }
}

enum { F_OTHER, F_SAME, F_CMP, F_SELECT, F_CAST };
static int family(const OpInfo *in) {
    static signed char fam[OP__COUNT];
    static bool ready;
    if (!ready) {
        for (int id = 0; id < OP__COUNT; id++) {
            const char *f = opinfo_byid(id)->format;
            fam[id] = !strcmp(f, "binary") || !strcmp(f, "unary") || !strcmp(f, "ternary") ? F_SAME :
                      !strcmp(f, "cmp") ? F_CMP : !strcmp(f, "select") ? F_SELECT :
                      !strcmp(f, "cast") && !strncmp(opinfo_byid(id)->name, "arith.", 6) ? F_CAST : F_OTHER;   /* memref.cast shares the form only */
        }
        ready = true;
    }
    return in->id >= 0 ? fam[in->id] : F_OTHER;
}

/* ---- dialects, op rules (verify.h) --------------------------------- */
#define MAX_DIALECTS 32
static const VerifyDialect *dialects[MAX_DIALECTS];
static int ndialects = -1;        /* -1: the built-in tables are not in yet */
static bool allow_unregistered;

static void add_builtin_dialects(void) {
    if (ndialects >= 0) return;
    ndialects = 0;
    for (int i = 0; verify_builtin_dialects[i]; i++) dialects[ndialects++] = verify_builtin_dialects[i];
}
void verify_register_dialect(const VerifyDialect *d) {
    add_builtin_dialects();
    for (int i = 0; i < ndialects; i++) if (!strcmp(dialects[i]->name, d->name)) { dialects[i] = d; return; }
    if (ndialects < MAX_DIALECTS) dialects[ndialects++] = d;
}
void verify_allow_unregistered(bool on) { allow_unregistered = on; }

/* the dialect of a full op name (NULL when nobody registered it) */
static const VerifyDialect *dialect_of(const char *name) {
    const char *dot = strchr(name, '.');
    if (!dot) return NULL;
    size_t n = (size_t)(dot - name);
    for (int i = 0; i < ndialects; i++)
        if (strlen(dialects[i]->name) == n && !strncmp(dialects[i]->name, name, n)) return dialects[i];
    return NULL;
}

/* a class string split into groups: their classes, kinds ('\0', '?', '*') */
typedef struct Groups { int n, nfixed, nopt, nvar; char cls[24], kind[24]; } Groups;
static void groups_of(const char *spec, Groups *g) {
    memset(g, 0, sizeof *g);
    for (const char *s = spec; *s && g->n < 24; s++) {
        if (*s == ' ') continue;
        g->cls[g->n] = *s;
        g->kind[g->n] = (s[1] == '?' || s[1] == '*') ? *++s : 0;
        if (!g->kind[g->n]) g->nfixed++;
        else if (g->kind[g->n] == '?') g->nopt++;
        else g->nvar++;
        g->n++;
    }
}
/* the rule of each registered op, by id, with its operand and result
 * specs split into groups; built once, read by every op after */
static const VerifyRule *rule_by_id[OP__COUNT];
static Groups opnd_groups[OP__COUNT], res_groups[OP__COUNT];
static pthread_once_t rules_once = PTHREAD_ONCE_INIT;
static void build_rules(void) {
    add_builtin_dialects();
    for (int id = 0; id < OP__COUNT; id++) {
        const char *name = opinfo_byid(id)->name;
        const VerifyDialect *d = dialect_of(name);
        for (const VerifyRule *r = d ? d->rules : NULL; r && r->op; r++)
            if (!strcmp(r->op, name)) {
                rule_by_id[id] = r;
                if (r->opnds) groups_of(r->opnds, &opnd_groups[id]);
                if (r->res) groups_of(r->res, &res_groups[id]);
                break;
            }
    }
}

static bool is_sint(const Type *t) { return t && t->kind == T_INT && t->i.sign == SIGNLESS; }
static bool sint_or_index(const Type *t) { return t && (is_sint(t) || t->kind == T_INDEX); }
static bool tt_int(const Type *t) {
    return t && t->kind == T_INT && (t->i.width == 1 || t->i.width == 8 || t->i.width == 16 || t->i.width == 32 || t->i.width == 64);
}
static bool tt_scalar(const Type *t) { return type_is_float(t) || tt_int(t) || (t && t->kind == T_PTR); }
static bool ranked_tensor(const Type *t) { return t && t->kind == T_TENSOR && t->sh.rank >= 0; }
/* a scalar, or a vector or tensor of it, with elements satisfying ok */
static bool like(const Type *t, bool (*ok)(const Type *)) {
    if (!t) return false;
    if (t->kind == T_TENSOR || t->kind == T_VECTOR) return ok(t->sh.elem);
    return ok(t);
}
/* a scalar, or a ranked tensor of it (Triton's X-like classes) */
static bool tt_like(const Type *t, bool (*ok)(const Type *)) {
    if (!t) return false;
    if (t->kind == T_TENSOR) return t->sh.rank >= 0 && ok(t->sh.elem);
    return ok(t);
}
static bool is_i1(const Type *t) { return type_is_int(t, 1) && t->i.sign == SIGNLESS; }
static bool is_i32(const Type *t) { return type_is_int(t, 32) && t->i.sign == SIGNLESS; }
static bool is_i64(const Type *t) { return type_is_int(t, 64) && t->i.sign == SIGNLESS; }
static bool is_ptr(const Type *t) { return t && t->kind == T_PTR; }
static bool is_float(const Type *t) { return type_is_float(t); }

bool verify_type_in_class(const Type *t, char k) {
    switch (k) {
    case 'a': return true;
    case 'i': return like(t, sint_or_index);
    case 'w': return like(t, is_sint);
    case 'f': return like(t, is_float);
    case 'b': return like(t, is_i1);
    case 'x': return like(t, sint_or_index) || (t && t->kind == T_MEMREF && sint_or_index(t->sh.elem));
    case '1': return is_i1(t);
    case 'n': return t && t->kind == T_INDEX;
    case 'N': return sint_or_index(t);
    case 'F': return tt_like(t, is_float);
    case 'I': return tt_like(t, tt_int);
    case 'B': return tt_like(t, is_i1);
    case '3': return tt_like(t, is_i32);
    case '6': return tt_like(t, is_i64);
    case 'P': return tt_like(t, is_ptr);
    case 'R': return ranked_tensor(t) && tt_scalar(t->sh.elem);
    case 'T': return tt_like(t, tt_scalar);
    case 'Q': return is_ptr(t);
    case 't': return t && t->kind == T_TENSOR;
    case 'r': return ranked_tensor(t);
    case 'm': return t && t->kind == T_MEMREF;
    case 's': return ranked_tensor(t) || (t && t->kind == T_MEMREF);
    }
    return false;
}
static const char *class_name(char k) {
    switch (k) {
#define X(ch, id, desc) case ch: return desc;
    VERIFY_CLASSES(X)
#undef X
    }
    return "?";
}

/* sizes of each group for n values: the segment sizes when given, else the
 * fixed groups one each, the optional ones in order, a variadic one the rest */
static bool group_sizes(const Groups *g, int n, const int64_t *seg, int *size) {
    if (seg) {
        int64_t tot = 0;
        for (int i = 0; i < g->n; i++) size[i] = (int)seg[i], tot += seg[i];
        return tot == n;
    }
    int extra = n - g->nfixed;
    for (int i = 0; i < g->n; i++) {
        if (!g->kind[i]) size[i] = 1;
        else if (g->kind[i] == '?') { size[i] = extra > 0; extra -= size[i]; }
        else size[i] = 0;
    }
    for (int i = 0; i < g->n; i++) if (g->kind[i] == '*') { size[i] = extra > 0 ? extra : 0; extra = 0; break; }
    return true;
}

/* the count and classes of the operands (what = "operand") or results */
static bool check_values(V *v, Op *op, const Groups *g, bool opnds) {
    const char *what = opnds ? "operand" : "result";
    int n = opnds ? op->nopnds : op->nres;
    int lo = g->nfixed, hi = g->nvar ? -1 : g->nfixed + g->nopt;
    if (hi < 0 && n < lo) { err(v, op, "expected %d or more %ss, but found %d", lo, what, n); return false; }
    if (hi >= 0 && (n < lo || n > hi)) {
        if (lo != hi) err(v, op, "expected %d to %d %ss, but found %d", lo, hi, what, n);
        else if (lo == 0) err(v, op, "requires zero %ss", what);
        else if (lo == 1) err(v, op, opnds ? "requires a single operand" : "requires one result");
        else err(v, op, "expected %d %ss, but found %d", lo, what, n);
        return false;
    }
    if (!g->nopt && !g->nvar) {   /* fixed groups only (most rules): value i is in group i */
        for (int k = 0; k < n; k++) {
            Type *t = opnds ? opty(op, k) : op->res[k].type;
            if (!t || g->cls[k] == 'a' || verify_type_in_class(t, g->cls[k])) continue;
            err(v, op, "%s #%d must be %s, but got '%s'", what, k, class_name(g->cls[k]), ts(v, t));
            return false;
        }
        return true;
    }
    const int64_t *seg = NULL;
    if (opnds && g->nopt + g->nvar > 1) seg = op_segment_sizes(op, g->n);
    int size[24];
    if (!group_sizes(g, n, seg, size)) return true;
    int k = 0;
    for (int i = 0; i < g->n; i++) {
        for (int j = 0; j < size[i]; j++, k++) {
            Type *t = opnds ? opty(op, k) : op->res[k].type;
            if (!t || verify_type_in_class(t, g->cls[i])) continue;
            err(v, op, "%s #%d must be %s%s, but got '%s'", what, k, g->kind[i] == '*' ? "variadic of " : "", class_name(g->cls[i]), ts(v, t));
            return false;
        }
    }
    return true;
}

static bool all_types(Op *op, bool with_results, bool (*same)(Type *, Type *)) {
    Type *first = NULL;
    for (int i = 0; i < op->nopnds + (with_results ? op->nres : 0); i++) {
        Type *t = i < op->nopnds ? opty(op, i) : op->res[i - op->nopnds].type;
        if (!t) continue;
        if (!first) first = t;
        else if (!same(first, t)) return false;
    }
    return true;
}
static bool eq_type(Type *a, Type *b) { return a == b; }
static bool eq_shape(Type *a, Type *b) { return same_shape(a, b); }
static bool eq_elem(Type *a, Type *b) { return type_elem(a) == type_elem(b); }
/* arith casts: both scalars, or shaped of the same kind and dimensions */
static bool cast_shape(Type *a, Type *b) { return type_is_shaped(a) == type_is_shaped(b) && (!type_is_shaped(a) || (a->kind == b->kind && same_shape(a, b))); }

/* the rule of a registered op: counts, classes, traits, its own check;
 * false when it found an error */
static bool check_rule(V *v, Op *op) {
    const OpInfo *in = op->info;
    if (in->id < 0) return true;
    pthread_once(&rules_once, build_rules);
    const VerifyRule *r = rule_by_id[in->id];
    if (!r) return true;
    if (op->verbatim && !(r->flags & VR_VERBATIM_TOO)) return true;
    int e0 = v->errors;
    if (r->opnds && !check_values(v, op, &opnd_groups[in->id], true)) return false;
    if (r->res && !op->verbatim && !check_values(v, op, &res_groups[in->id], false)) return false;
    if ((r->flags & VR_SAME_TYPE) && !all_types(op, true, eq_type)) { err(v, op, "requires the same type for all operands and results"); return false; }
    if ((r->flags & VR_SAME_OPERANDS_TYPE) && !all_types(op, false, eq_type)) { err(v, op, "requires all operands to have the same type"); return false; }
    if ((r->flags & VR_SAME_SHAPE) && !all_types(op, true, eq_shape)) { err(v, op, "requires the same shape for all operands and results"); return false; }
    if ((r->flags & VR_SAME_OPERANDS_SHAPE) && !all_types(op, false, eq_shape)) { err(v, op, "requires the same shape for all operands"); return false; }
    if ((r->flags & VR_SAME_ELEM) && !all_types(op, true, eq_elem)) { err(v, op, "requires the same element type for all operands and results"); return false; }
    if ((r->flags & VR_CAST_SHAPE) && !all_types(op, true, cast_shape)) { err(v, op, "failed to verify that input and output have the same tensor dimensions"); return false; }
    if (r->check) r->check(v, op);
    return v->errors == e0;
}

/* an op the op table lacks: known to its dialect, or an unknown op of a
 * registered dialect (an error), or of an unregistered one (an error unless
 * allowed); false when it reported an error */
static bool check_registered(V *v, Op *op) {
    const OpInfo *in = op->info;
    if (!(in->traits & TR_UNREGISTERED)) return true;
    const VerifyDialect *d = dialect_of(in->name);
    bool custom = op_custom(op) != NULL;
    if (d) for (const char *const *k = d->other_ops; k && *k; k++) if (!strcmp(*k, in->name)) return true;
    if (!d && allow_unregistered) return true;
    /* an error; one message per op name (a module of 30000 nested unknown
     * ops is one mistake), and at most 16 names */
    for (int i = 0; i < v->nunknown; i++) if (v->unknown[i] == in) { v->errors++; return false; }
    if (v->nunknown == 16) { v->errors++; return false; }
    v->unknown[v->nunknown++] = in;
    if (d) {
        if (custom) diag_error(v->d, op->loc, "custom op '%s' is unknown", in->name);
        else diag_error(v->d, op->loc, "unregistered operation '%s' found in dialect ('%s') that does not allow unknown operations", in->name, d->name);
        v->errors++;
        return false;
    }
    const char *dot = strchr(in->name, '.');
    int dn = dot ? (int)(dot - in->name) : (int)strlen(in->name);
    if (custom) diag_error(v->d, op->loc, "Dialect `%.*s' not found for custom op '%s'", dn, in->name, in->name);
    else diag_error(v->d, op->loc, "operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used");
    v->errors++;
    if (v->listed) return false;      /* the list once per module */
    v->listed = true;
    char list[512];
    size_t l = 0;
    list[0] = 0;
    /* the registered dialects, sorted */
    const char *names[MAX_DIALECTS];
    int n = 0;
    for (int i = 0; i < ndialects; i++) {
        int j = n++;
        while (j > 0 && strcmp(names[j - 1], dialects[i]->name) > 0) { names[j] = names[j - 1]; j--; }
        names[j] = dialects[i]->name;
    }
    for (int i = 0; i < n && l < sizeof list; i++) l += (size_t)snprintf(list + l, sizeof list - l, "%s%s", i ? ", " : "", names[i]);
    diag_emit(v->d, SEV_NOTE, op->loc, "Registered dialects: %s; --allow-unregistered-dialect keeps the ops of others", list);
    return false;
}

static void check_op(V *v, Op *op) {
    const OpInfo *in = op->info;
    if (!check_registered(v, op) || !check_rule(v, op)) return;
    if (op->verbatim || (in->traits & TR_UNREGISTERED)) return;
    int fmly = family(in);
    if (fmly == F_SAME) {
        for (int i = 0; i < op->nopnds; i++)
            if (opty(op, i) != op->res[0].type) { err(v, op, "requires the same type for all operands and results"); return; }
    } else if (fmly == F_CMP) {
        if (op->nopnds != 2 || opty(op, 0) != opty(op, 1)) { err(v, op, "requires all operands to have the same type"); return; }
        Type *r = op->res[0].type;
        if (!type_is_int(type_elem(r), 1) || !same_shape(r, opty(op, 0))) err(v, op, "result must be i1 with the operands' shape, found '%s'", ts(v, r));
    } else if (fmly == F_SELECT) {
        Type *c = opty(op, 0), *r = op->res[0].type;
        if (opty(op, 1) != r || opty(op, 2) != r) err(v, op, "requires the same type for the true value, the false value and the result");
        else if (!type_is_int(type_elem(c), 1) || (type_is_shaped(c) && !same_shape(c, r))) err(v, op, "condition must be i1 or a tensor of i1 with the result's shape, found '%s'", ts(v, c));
    } else if (fmly == F_CAST) {
        if (!same_shape(opty(op, 0), op->res[0].type)) err(v, op, "operand and result must have the same shape: '%s' vs '%s'", ts(v, opty(op, 0)), ts(v, op->res[0].type));
    } else if (op_is(op, OP_arith_constant)) {
        Attr *val = op_attr(op, "value");
        if (!val) err(v, op, "requires attribute 'value'");
        else if ((val->kind == A_INT || val->kind == A_FLOAT || val->kind == A_DENSE) && val->type != op->res[0].type)
            err(v, op, "value type '%s' must match the result type '%s'", ts(v, val->type), ts(v, op->res[0].type));
    } else if (op_is(op, OP_tt_reduce) && !op->verbatim) {
        /* SameOperandsShape */
        for (int i = 1; i < op->nopnds; i++)
            if (!same_shape(opty(op, 0), opty(op, i))) { err(v, op, "requires the same shape for all operands"); return; }
    } else if (op_is(op, OP_tt_load)) {
        Type *want = pointee_of(v->c, opty(op, 0));
        if (want != op->res[0].type) err(v, op, "failed to verify that result matches ptr type");
        if (op->nopnds > 2 && opty(op, 2) != op->res[0].type) err(v, op, "failed to verify that other matches ptr type");
        if (op->nopnds > 1 && (!type_is_int(type_elem(opty(op, 1)), 1) || !same_shape(opty(op, 1), op->res[0].type))) err(v, op, "failed to verify that mask type matches ptr type");
    } else if (op_is(op, OP_tt_store)) {
        Type *want = pointee_of(v->c, opty(op, 0));
        if (want != opty(op, 1)) err(v, op, "failed to verify that value type matches ptr type");
        if (op->nopnds > 2 && (!type_is_int(type_elem(opty(op, 2)), 1) || !same_shape(opty(op, 2), opty(op, 1)))) err(v, op, "failed to verify that mask type matches ptr type");
    } else if (op_is(op, OP_tt_addptr)) {
        if (op->res[0].type != opty(op, 0)) err(v, op, "failed to verify that result type matches ptr type");
        else if (!same_shape(opty(op, 0), opty(op, 1))) err(v, op, "offsets must have the pointer operand's shape");
    } else if (op_is(op, OP_scf_for)) {
        Block *e = op->regions[0].first;
        int n = op->nopnds - 3;
        if (!e || e->nargs != n + 1) { err(v, op, "expects the body to have %d arguments", n + 1); return; }
        Type *ivt = e->args[0]->type;
        for (int i = 0; i < 3; i++) if (opty(op, i) != ivt) { err(v, op, "expects the lower bound, upper bound and step to have the induction variable's type '%s'", ts(v, ivt)); return; }
        if (op->nres != n) { err(v, op, "mismatch in number of loop-carried values and defined values"); return; }
        for (int i = 0; i < n; i++) {
            if (opty(op, 3 + i) != op->res[i].type) err(v, op, "init value #%d type '%s' does not match result type '%s'", i, ts(v, opty(op, 3 + i)), ts(v, op->res[i].type));
            if (e->args[1 + i]->type != op->res[i].type) err(v, op, "region iter_arg #%d type '%s' does not match result type '%s'", i, ts(v, e->args[1 + i]->type), ts(v, op->res[i].type));
        }
        check_yield_types(v, op, &op->regions[0], op->nres);
    } else if (op_is(op, OP_scf_if)) {
        if (!type_is_int(opty(op, 0), 1)) err(v, op, "condition must be i1");
        for (int r = 0; r < op->nregions; r++) if (op->regions[r].first) check_yield_types(v, op, &op->regions[r], op->nres);
        if (op->nres && (op->nregions < 2 || !op->regions[1].first)) err(v, op, "must have an else region when it defines values");
    } else if (op_is(op, OP_scf_yield)) {
        Op *p = op_parent(op);
        if (!p || !(op_is(p, OP_scf_for) || op_is(p, OP_scf_if) || op_is(p, OP_scf_while) || (p->info->traits & TR_UNREGISTERED) || p->verbatim))
            err(v, op, "expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'");
    } else if (op_is(op, OP_tt_return) || op_is(op, OP_func_return)) {
        Op *f = op_parent(op);
        if (!f || f->verbatim) return;
        if (!(op_is(f, OP_tt_func) || op_is(f, OP_func_func))) { err(v, op, "expects parent op '%s'", op_is(op, OP_tt_return) ? "tt.func" : "func.func"); return; }
        Attr *ft = op_attr(f, "function_type");
        if (!ft || !ft->type || ft->type->kind != T_FUNC) return;
        Attr *nm = op_attr(f, "sym_name");
        const char *fname = nm ? nm->str.s : "?";
        if (ft->type->fn.nout != op->nopnds) { err(v, op, "has %d operands, but enclosing function (@%s) returns %d", op->nopnds, fname, ft->type->fn.nout); return; }
        for (int i = 0; i < op->nopnds; i++)
            if (opty(op, i) != ft->type->fn.out[i])
                err(v, op, "type of return operand %d ('%s') doesn't match function result type ('%s') in function @%s", i, ts(v, opty(op, i)), ts(v, ft->type->fn.out[i]), fname);
    } else if (op_is(op, OP_tt_spyre_tensor_layout)) {
        check_layout(v, op);
    } else if (op_is(op, OP_tt_inter_tile_reduce)) {
        check_inter_tile(v, op);
    } else if (op_is(op, OP_ktdp_inter_tile_produce) || op_is(op, OP_ktdp_inter_tile_reduce)) {
        check_ktdp_inter_tile(v, op);
    } else if (op_is(op, OP_ktdp_construct_indirect_access_tile)) {
        check_itile(v, op);
    } else if (op_is(op, OP_tt_func) || op_is(op, OP_func_func)) {
        Attr *ft = op_attr(op, "function_type");
        if (!ft || !ft->type || ft->type->kind != T_FUNC) { err(v, op, "requires attribute 'function_type'"); return; }
        Block *e = op->nregions ? op->regions[0].first : NULL;
        if (!e) return;
        if (e->nargs != ft->type->fn.nin) { err(v, op, "entry block must have %d arguments to match function signature", ft->type->fn.nin); return; }
        for (int i = 0; i < e->nargs; i++)
            if (e->args[i]->type != ft->type->fn.in[i])
                err(v, op, "type of entry block argument #%d('%s') must match the type of the corresponding argument in function signature('%s')", i, ts(v, e->args[i]->type), ts(v, ft->type->fn.in[i]));
    }
}

/* ---- structure ------------------------------------------------------ */
static bool needs_terminator(Op *op) {
    if (op->info->traits & (TR_UNREGISTERED | TR_NO_TERMINATOR)) return false;
    return !op->verbatim || (op->info->traits & TR_ISOLATED);
}

typedef struct W { V *v; } W;

static bool visit(Op *op, void *ud) {
    V *v = ud;
    for (int i = 0; i < op->nopnds; i++) check_dominance(v, op, i);
    if ((op->info->traits & TR_TERMINATOR) && op->next && !op->verbatim)
        err(v, op, "must be the last operation in the parent block");
    for (int r = 0; r < op->nregions; r++) {
        for (Block *b = op->regions[r].first; b; b = b->next) {
            if (!needs_terminator(op)) continue;
            Op *t = b->last;
            if (!t) { if (b != op->regions[r].first || b->next || op_is(op, OP_tt_func) || op_is(op, OP_func_func)) err(v, op, "empty block: expect at least a terminator"); continue; }
            if (!(t->info->traits & (TR_TERMINATOR | TR_UNREGISTERED)) && !t->verbatim)
                diag_error(v->d, t->loc, "block with no terminator, has '%s'", t->info->name), v->errors++;
        }
    }
    /* successors: forwarded operands match the target's arguments */
    if (op_nsuccs(op)) {
        int base = op->nopnds;
        for (int s = 0; s < op_nsuccs(op); s++) base -= op_succ_nargs(op) ? op_succ_nargs(op)[s] : 0;
        for (int s = 0; s < op_nsuccs(op); s++) {
            Block *t = op_succs(op)[s];
            int n = op_succ_nargs(op) ? op_succ_nargs(op)[s] : 0;
            if (!op->verbatim && !(op->info->traits & TR_UNREGISTERED) && n != t->nargs) {
                err(v, op, "branch has %d operands for successor #%d, but target block has %d", n, s, t->nargs);
            } else if (n == t->nargs) {
                for (int k = 0; k < n; k++)
                    if (opty(op, base + k) && t->args[k]->type && opty(op, base + k) != t->args[k]->type)
                        err(v, op, "type mismatch for bb argument #%d of successor #%d", k, s);
            }
            if (t->region != op->block->region) err(v, op, "reference to block defined in another region");
            base += n;
        }
    }
    /* the symbol table, the printers and the passes read these as a name and a signature */
    if (op->info->traits & TR_SYMBOL) {
        Attr *nm = op_attr(op, "sym_name");
        if (nm && nm->kind != A_STRING) { err(v, op, "attribute 'sym_name' failed to satisfy constraint: string attribute"); return true; }
    }
    if (op_is(op, OP_tt_func) || op_is(op, OP_func_func)) {
        Attr *ft = op_attr(op, "function_type");
        if (ft && (ft->kind != A_TYPE || !ft->type || ft->type->kind != T_FUNC)) {
            err(v, op, "attribute 'function_type' failed to satisfy constraint: type attribute of function type");
            return true;
        }
    }
    check_op(v, op);
    return true;
}

/* symbols defined in one region must be unique (names are interned
 * attributes, so a pointer set finds duplicates) */
static bool check_symbols(Op *op, void *ud) {
    V *v = ud;
    for (int r = 0; r < op->nregions; r++)
        for (Block *b = op->regions[r].first; b; b = b->next) {
            int n = 0;
            for (Op *o = b->first; o; o = o->next) if (o->info->traits & TR_SYMBOL) n++;
            if (n < 2) continue;
            size_t cap = 16;
            while (cap < (size_t)n * 2) cap *= 2;
            Attr **keys = calloc(cap, sizeof *keys);
            Op **defs = calloc(cap, sizeof *defs);
            for (Op *o = b->first; o; o = o->next) {
                if (!(o->info->traits & TR_SYMBOL)) continue;
                Attr *nm = op_attr(o, "sym_name");
                if (!nm) continue;
                size_t h = (size_t)nm->hash & (cap - 1);
                while (keys[h] && keys[h] != nm) h = (h + 1) & (cap - 1);
                if (keys[h]) {
                    diag_error(v->d, o->loc, "redefinition of symbol named '%.*s'", (int)nm->str.len, nm->str.s);
                    diag_emit(v->d, SEV_NOTE, defs[h]->loc, "see existing symbol definition here");
                    v->errors++;
                    continue;
                }
                keys[h] = nm;
                defs[h] = o;
            }
            free(keys);
            free(defs);
        }
    return true;
}

/* one pre-order walk: an op's blocks are numbered before its ops are visited */
static void verify_tree(Op *root, V *v) {
    PtrVec work = {0};
    pv_push(&work, root);
    while (work.n) {
        Op *op = work.v[--work.n];
        number_ops(op, NULL);
        visit(op, v);
        for (int r = op->nregions - 1; r >= 0; r--)
            for (Block *b = op->regions[r].last; b; b = b->prev)
                for (Op *o = b->last; o; o = o->prev) pv_push(&work, o);
    }
    pv_free(&work);
}

/* A module of many top-level ops is verified on one thread per CPU: each
 * thread walks whole top-level ops, reporting into a diagnostics list of
 * its own; anything reported there (errors, or notes) sends the module
 * through the serial walk, whose report is then the one given. */
static int verify_threads;   /* 0: one per CPU, at most 8 */
void verify_set_threads(int n) { verify_threads = n; }
static _Thread_local int most_threads = 1;
int verify_most_threads(void) { return most_threads; }
enum { VPAR_MIN_TOPS = 256, VPAR_BATCH = 8, VPAR_MAX_THREADS = 8 };

typedef struct VPar { Ctx *c; Op **tops; int n; atomic_int next; atomic_bool bad; } VPar;

static void vpar_work(VPar *vp) {
    Diag own;
    diag_init(&own, NULL);
    own.capture = true;
    V v = { .c = vp->c, .d = &own };
    for (;;) {
        int i = atomic_fetch_add(&vp->next, VPAR_BATCH);
        if (i >= vp->n || atomic_load(&vp->bad)) break;
        for (int k = i; k < i + VPAR_BATCH && k < vp->n; k++) verify_tree(vp->tops[k], &v);
        if (v.errors || own.nrecs) atomic_store(&vp->bad, true);
    }
    diag_free(&own);
}
static void *vpar_worker(void *arg) {
    VPar *vp = arg;
    vpar_work(vp);
    ctx_thread_done(vp->c);
    return NULL;
}

/* the threaded walk under the module; false if it did not apply or found anything */
static bool verify_par(Ctx *c, Op *module) {
    int nth = verify_threads;
    if (nth <= 0) { long k = sysconf(_SC_NPROCESSORS_ONLN); nth = k > 0 ? (int)k : 1; }
    if (nth > VPAR_MAX_THREADS) nth = VPAR_MAX_THREADS;
    if (nth < 2 || !op_is(module, OP_module) || module->nregions != 1) return false;
    Block *body = module->regions[0].first;
    if (!body || body->next) return false;
    int n = 0;
    for (Op *o = body->first; o; o = o->next) n++;
    if (n < VPAR_MIN_TOPS) return false;
    VPar vp = { .c = c, .n = n };
    vp.tops = malloc(sizeof(Op *) * (size_t)n);
    if (!vp.tops) return false;
    n = 0;
    for (Op *o = body->first; o; o = o->next) vp.tops[n++] = o;
    atomic_init(&vp.next, 0);
    atomic_init(&vp.bad, false);
    /* the module itself first, as the serial walk does */
    Diag own;
    diag_init(&own, NULL);
    own.capture = true;
    V v = { .c = c, .d = &own };
    number_ops(module, NULL);
    visit(module, &v);
    bool ok = !v.errors && !own.nrecs;
    diag_free(&own);
    if (ok) {
        ctx_share(c, true);
        pthread_t th[VPAR_MAX_THREADS];
        int started = 0;
        for (int i = 0; i < nth - 1; i++) if (!pthread_create(&th[started], NULL, vpar_worker, &vp)) started++;
        vpar_work(&vp);
        for (int i = 0; i < started; i++) pthread_join(th[i], NULL);
        ctx_thread_done(c);
        ctx_share(c, false);
        ok = !atomic_load(&vp.bad);
        if (ok && started + 1 > most_threads) most_threads = started + 1;
    }
    free(vp.tops);
    return ok;
}

bool verify_module(Ctx *c, Op *module, Diag *d) {
    V v = { .c = c, .d = d };
    pthread_once(&rules_once, build_rules);
    if (op_is(module, OP_module)) check_symbols(module, &v);
    if (!v.errors && verify_par(c, module)) return true;
    verify_tree(module, &v);
    return v.errors == 0;
}
