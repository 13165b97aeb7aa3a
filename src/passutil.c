/* passutil.c - small queries and builders shared by passes. */
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "pass.h"

/* ops whose effects are those of the ops in their regions */
bool op_has_recursive_effects(const Op *op);
static bool recursive_effects(const Op *op) { return op_has_recursive_effects(op); }
bool op_has_recursive_effects(const Op *op) {
    return op_is(op, OP_scf_for) || op_is(op, OP_scf_if) || op_is(op, OP_scf_while) ||
           op_is(op, OP_tt_reduce) || op_is(op, OP_tt_scan) || op_is(op, OP_linalg_generic) ||
           op_is(op, OP_linalg_reduce) || op_is(op, OP_tt_map_elementwise);
}

static bool regions_pure(const Op *op, bool allow_reads) {
    for (int r = 0; r < op->nregions; r++)
        for (Block *b = op->regions[r].first; b; b = b->next)
            for (Op *o = b->first; o; o = o->next) {
                unsigned t = o->info->traits;
                if (t & TR_UNREGISTERED) return false;
                if (recursive_effects(o)) { if (!regions_pure(o, allow_reads)) return false; continue; }
                if (t & TR_PURE) continue;
                if (allow_reads && (t & TR_READ)) continue;
                return false;
            }
    return true;
}

bool op_is_pure(const Op *op) {
    unsigned t = op->info->traits;
    if (t & TR_UNREGISTERED) return false;
    if (recursive_effects(op)) return regions_pure(op, false);
    return (t & TR_PURE) != 0;
}

bool op_has_write_effect(const Op *op) {
    unsigned t = op->info->traits;
    if (t & TR_UNREGISTERED) return true;
    if (recursive_effects(op)) return !regions_pure(op, true);
    if (t & (TR_PURE | TR_READ)) return false;
    if (t & (TR_ISOLATED | TR_SYMBOL)) return false;
    return true;
}

bool op_would_be_trivially_dead(const Op *op) {
    unsigned t = op->info->traits;
    if (t & (TR_TERMINATOR | TR_UNREGISTERED | TR_SYMBOL | TR_ISOLATED)) return false;
    if (op_is(op, OP_tt_load)) {   /* a volatile load is kept */
        Attr *v = op_attr(op, "isVolatile");
        if (v && ((v->kind == A_BOOL && v->i) || (v->kind == A_INT && v->i))) return false;
    }
    if (recursive_effects(op)) return regions_pure(op, true);
    return (t & (TR_PURE | TR_READ)) != 0;
}

bool op_is_trivially_dead(const Op *op) { return op_results_unused(op) && op_would_be_trivially_dead(op); }

static int bidx_cmp(const void *x, const void *y) {
    uintptr_t a = (uintptr_t)((const BIdx *)x)->b, b = (uintptr_t)((const BIdx *)y)->b;
    return a < b ? -1 : a > b;
}

BIdx *block_index_map(Region *r, int *n) {
    int k = 0;
    for (Block *b = r->first; b; b = b->next) k++;
    BIdx *map = malloc(sizeof(BIdx) * (size_t)(k + 1));
    k = 0;
    for (Block *b = r->first; b; b = b->next) { map[k].b = b; map[k].i = k; k++; }
    qsort(map, (size_t)k, sizeof *map, bidx_cmp);
    *n = k;
    return map;
}

int block_index(const BIdx *map, int n, Block *b) {
    int lo = 0, hi = n - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (map[mid].b == b) return map[mid].i;
        if ((uintptr_t)map[mid].b < (uintptr_t)b) lo = mid + 1; else hi = mid - 1;
    }
    return -1;
}

bool op_has_verbatim(const Op *op) {
    if (op->verbatim) return true;
    for (int r = 0; r < op->nregions; r++)
        for (Block *b = op->regions[r].first; b; b = b->next)
            for (Op *o = b->first; o; o = o->next)
                if (op_has_verbatim(o)) return true;
    return false;
}

Attr *value_const(Value *v) {
    if (!v || !v->def || !op_is(v->def, OP_arith_constant) || v->def->verbatim) return NULL;
    return op_attr(v->def, "value");
}

Op *const_new(Ctx *c, Attr *value, Type *t, Loc loc) {
    Op *op = op_new(c, "arith.constant", 1, &t, 0, NULL, 0, loc);
    op_set_prop(c, op, "value", value);
    return op;
}

Value *tensor_empty_like(Ctx *c, Op *pos, Type *t, Value *like) {
    Value *dyn[64];
    int nd = 0;
    Type *index = type_index(c);
    for (int i = 0; i < t->sh.rank && nd < 64; i++) {
        if (t->sh.dims[i] != DYN) continue;
        Op *k = const_new(c, attr_int(c, index, i), index, pos->loc);
        op_insert_before(pos, k);
        Value *dv[2] = { like, &k->res[0] };
        Op *dim = op_new(c, "tensor.dim", 1, &index, 2, dv, 0, pos->loc);
        format_move_inherent(c, dim);
        op_insert_before(pos, dim);
        dyn[nd++] = &dim->res[0];
    }
    Op *e = op_new(c, "tensor.empty", 1, &t, nd, dyn, 0, pos->loc);
    format_move_inherent(c, e);
    op_insert_before(pos, e);
    return &e->res[0];
}

bool spyre_grid_check(const int64_t *g, int n, char *err, size_t errlen) {
    if (n > 3) { snprintf(err, errlen, "a grid has at most 3 axes, got %d", n); return false; }
    int64_t tiles = 1;   /* saturates past 1024 so that huge extents cannot overflow */
    for (int i = 0; i < n; i++) {
        if (g[i] < 1) {
            snprintf(err, errlen, "grid extent %lld on axis %d must be at least 1", (long long)g[i], i);
            return false;
        }
        tiles = tiles > 1024 || g[i] > 1024 ? 1025 : tiles * g[i];
    }
    if (tiles > SPYRE_CORES) {
        snprintf(err, errlen, "the grid has %s%lld tiles but a Spyre card has %d cores",
                 tiles > 1024 ? "more than " : "", tiles > 1024 ? 1024LL : (long long)tiles, SPYRE_CORES);
        return false;
    }
    return true;
}

unsigned pass_epoch(void) {
    /* atomic: passes may run on several functions at once (ctx_share) */
    static _Atomic unsigned e;
    unsigned v;
    while ((v = ++e) == 0) {}
    return v;
}

Op *func_of(Op *op) {
    for (Op *p = op_parent(op); p; p = op_parent(p))
        if (p->info->traits & TR_ISOLATED) return p;
    return NULL;
}
