/* passes/spyre/lower_inter_tile.c - the `lower-inter-tile` pass: each
 * tt.inter_tile_reduce becomes a ktdp.inter_tile_produce and a
 * ktdp.inter_tile_reduce (spyre-lowering spec 2.5, group arithmetic 6.3).
 *
 * The op carries W = numWkSlicesPerDim ({dim: count}), C = coreIdToWkSlice
 * (one {dim: index} dict per tile, in tile-id order) and optionally
 * D = depWkSlices ({"consumer local index": [producer local indices]}).
 * With a = axis and G = W[a], tiles that agree on every dim but a form one
 * group of G tiles; groups are numbered in the order of their non-axis
 * coordinates and must be contiguous tile ranges g*G .. g*G+G-1.  Emitted
 * sets (d0 a tile id, s0 a group id):
 *
 *   groups                      (d0) : (d0 >= 0, -d0 + (ngroups-1) >= 0)
 *   producer_tiles_per_group    (d0)[s0] : (d0 - s0*G >= 0, -d0 + s0*G + G-1 >= 0)
 *   consumer_tiles_per_group    all_reduce: the producer set;
 *                               reduce_to_one: (d0)[s0] : (d0 - (base + s0*stride) == 0),
 *                               the tile with C[t][a] == 0 of each group
 *
 *   %f = ktdp.inter_tile_produce producer_tiles_per_group = P
 *          -> <(T...), groups = S> { ^bb0(%gid: index): ktdp.yield_partial %p... }
 *   %r... = ktdp.inter_tile_reduce(%f) consumer_tiles_per_group = Q, identity(%id...)
 *          : <(T...), groups = S> -> T... {
 *          ^bb0(%l..., %r...): tensor.empty + linalg.add|max|mul per pair;
 *          ktdp.yield_reduced }
 *
 * G == 1 folds the op away (its results are the partials).  The modes
 * broadcast and reduce_scatter and custom combiner regions are rejected at
 * the op, as the reference does.  Every op is checked before any is
 * rewritten, so a failing module is left as it was.
 *
 * Two differences from the reference (docs/differences.md):
 * - group keys are ordered by their coordinates as numbers, not as the text
 *   "name=value;", so that with 10 or more groups y=10 sorts after y=2;
 * - with D, producer_dependency_per_consumer is the real relation, as the
 *   set (d0)[s0, s1] = (producer p)[consumer c, group g] that ktir-cpu reads,
 *   instead of an always-true placeholder.  Local indices are the tiles'
 *   coordinates along the axis.  The set is group membership,
 *   d0 floordiv G - s1 == 0, and the first of these that makes it exact over
 *   every group, consumer and producer: nothing more (all of the group); a band
 *   lo <= p - c <= hi within the group; blocks p floordiv B == c floordiv B
 *   (B dividing G); strides (p - c) mod B == 0; else an exact table written
 *   with floordiv step functions of the pair's index c*G + p - g*G (at most
 *   256 runs of dependent pairs). */
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "pass.h"

typedef struct It {
    Ctx *c;
    Diag *d;
    Op *op;
    const char *axis, *mode, *comb;
    int np;                 /* partials are operands 0..np-1, identities the rest */
    Attr *W, *C, *D;
    int64_t gsize, ntiles, ngroups;
    int64_t *pick0;         /* per group: the tile with C[t][axis] == 0 */
    int64_t *lidx;          /* per tile: C[t][axis], its local index */
    bool to_one;            /* reduce_to_one (else all_reduce) */
    Attr *prod, *cons, *groups, *dep;
} It;

#define FAIL(t, ...) do { diag_error((t)->d, (t)->op->loc, __VA_ARGS__); return false; } while (0)

static const char *str_of(Ctx *c, Op *op, const char *name) {
    Attr *a = op_attr(op, name);
    return a && a->kind == A_STRING ? ctx_intern(c, a->str.s, a->str.len) : NULL;
}

static int partial_count(Op *op) {
    Attr *seg = op_attr(op, "operandSegmentSizes");
    if (seg && seg->kind == A_DENSE_ARRAY && seg->darr.n == 2 && seg->darr.i) return (int)seg->darr.i[0];
    return op->nopnds;
}

static bool is_int(Attr *a) { return a && a->kind == A_INT; }

/* ---- groups (spec 6.3) --------------------------------------------------- */

/* Compare the non-axis coordinates of two tiles: name by name, values as
 * numbers (the reference compares "name=value;" strings, so that x=10
 * sorts before x=2).  The dict entries are sorted by name. */
static int key_cmp(Attr *a, Attr *b, const char *axis) {
    int i = 0, j = 0;
    for (;;) {
        while (i < a->dict.n && !strcmp(a->dict.ents[i].name, axis)) i++;
        while (j < b->dict.n && !strcmp(b->dict.ents[j].name, axis)) j++;
        if (i == a->dict.n || j == b->dict.n) return (i != a->dict.n) - (j != b->dict.n);
        int s = strcmp(a->dict.ents[i].name, b->dict.ents[j].name);
        if (s) return s < 0 ? -1 : 1;
        int64_t va = a->dict.ents[i].value->i, vb = b->dict.ents[j].value->i;
        if (va != vb) return va < vb ? -1 : 1;
        i++, j++;
    }
}

typedef struct Tile { Attr *e; int64_t id; } Tile;
static const char *sort_axis;
static int tile_cmp(const void *x, const void *y) {
    const Tile *a = x, *b = y;
    int k = key_cmp(a->e, b->e, sort_axis);
    if (k) return k;
    return a->id < b->id ? -1 : a->id > b->id;   /* members of a group in tile order */
}

static bool build_groups(It *t) {
    int64_t G = dict_get(t->W, t->axis)->i, n = t->C->arr.n > 0 ? t->C->arr.n : 0;
    t->gsize = G;
    t->ntiles = n;
    if (n == 0) FAIL(t, "coreIdToWkSlice is empty");
    if (G <= 0) FAIL(t, "numWkSlicesPerDim entry '%s' must be positive, got %lld", t->axis, (long long)G);
    if (n % G) FAIL(t, "tile count %lld does not divide evenly by gsize=%lld for axis '%s'", (long long)n, (long long)G, t->axis);
    t->ngroups = n / G;
    for (int64_t i = 0; i < n; i++) {
        Attr *e = t->C->arr.elts[i];
        if (e->kind != A_DICT) FAIL(t, "coreIdToWkSlice entry %lld is not a DictionaryAttr", (long long)i);
        if (!is_int(dict_get(e, t->axis))) FAIL(t, "coreIdToWkSlice entry %lld has no key '%s'", (long long)i, t->axis);
        for (int k = 0; k < e->dict.n; k++)
            if (strcmp(e->dict.ents[k].name, t->axis) && !is_int(e->dict.ents[k].value))
                FAIL(t, "coreIdToWkSlice entry %lld: value for key '%s' is not i64", (long long)i, e->dict.ents[k].name);
    }
    Tile *ord = malloc(sizeof *ord * (size_t)n);
    int64_t *start = malloc(sizeof *start * (size_t)(n + 1)), nkeys = 0;
    for (int64_t i = 0; i < n; i++) ord[i] = (Tile){ t->C->arr.elts[i], i };
    sort_axis = t->axis;
    qsort(ord, (size_t)n, sizeof *ord, tile_cmp);
    /* runs of equal keys are the groups, numbered in key order */
    for (int64_t i = 0; i < n; i++)
        if (i == 0 || key_cmp(ord[i - 1].e, ord[i].e, t->axis)) start[nkeys++] = i;
    start[nkeys] = n;
    bool ok = false;
    if (nkeys != t->ngroups) {
        diag_error(t->d, t->op->loc, "expected %lld groups (numTiles/W[axis]=%lld/%lld) but found %lld distinct non-axis tuples",
                   (long long)t->ngroups, (long long)n, (long long)G, (long long)nkeys);
        goto out;
    }
    t->pick0 = malloc(sizeof *t->pick0 * (size_t)t->ngroups);
    t->lidx = malloc(sizeof *t->lidx * (size_t)n);
    for (int64_t i = 0; i < n; i++) t->lidx[i] = dict_get(t->C->arr.elts[i], t->axis)->i;
    for (int64_t g = 0; g < t->ngroups; g++) {
        int64_t m = start[g + 1] - start[g];
        if (m != G) {
            diag_error(t->d, t->op->loc, "group %lld has %lld tiles, expected gsize=%lld", (long long)g, (long long)m, (long long)G);
            goto out;
        }
        for (int64_t j = 0; j < G; j++) {
            int64_t got = ord[start[g] + j].id, want = g * G + j;
            if (got != want) {
                diag_error(t->d, t->op->loc, "group %lld is not contiguous: expected tile %lld at position %lld, got %lld (non-contiguous groups not yet supported)",
                           (long long)g, (long long)want, (long long)j, (long long)got);
                goto out;
            }
        }
    }
    for (int64_t g = 0; g < t->ngroups; g++) {
        t->pick0[g] = -1;
        for (int64_t tile = g * G; tile < (g + 1) * G; tile++) {
            if (t->lidx[tile] != 0) continue;
            if (t->pick0[g] != -1) {
                diag_error(t->d, t->op->loc, "group %lld has more than one tile with %s=0", (long long)g, t->axis);
                goto out;
            }
            t->pick0[g] = tile;
        }
        if (t->pick0[g] == -1) {
            diag_error(t->d, t->op->loc, "group %lld has no tile with %s=0", (long long)g, t->axis);
            goto out;
        }
    }
    ok = true;
out:
    free(ord);
    free(start);
    return ok;
}

/* ---- integer sets ----------------------------------------------------------- */

static AExpr *K(Ctx *c, int64_t v) { return ae_const(c, v); }

static Attr *groups_set(It *t) {
    Ctx *c = t->c;
    AExpr *cons[2] = { ae_dim(c, 0), ae_sub(c, K(c, t->ngroups - 1), ae_dim(c, 0)) };
    bool eq[2] = { false, false };
    return attr_set(c, 1, 0, 2, cons, eq);
}
/* d0 - s*G >= 0, -d0 + s*G + (G-1) >= 0: tile d0 is in group s */
static void in_group(It *t, int sym, AExpr **cons) {
    Ctx *c = t->c;
    AExpr *base = ae_mul(c, ae_sym(c, sym), K(c, t->gsize));
    cons[0] = ae_sub(c, ae_dim(c, 0), base);
    cons[1] = ae_sub(c, ae_add(c, base, K(c, t->gsize - 1)), ae_dim(c, 0));
}
static Attr *producer_set(It *t) {
    AExpr *cons[2];
    bool eq[2] = { false, false };
    in_group(t, 0, cons);
    return attr_set(t->c, 1, 1, 2, cons, eq);
}
static bool pick0_set(It *t) {
    Ctx *c = t->c;
    int64_t base = t->pick0[0], stride = t->ngroups > 1 ? t->pick0[1] - base : 0;
    for (int64_t g = 0; g < t->ngroups; g++)
        if (t->pick0[g] != base + g * stride)
            FAIL(t, "reduce_to_one: pick0 tile-ids are not an arithmetic sequence (non-uniform pick0 layouts are not yet supported)");
    AExpr *e = ae_sub(c, ae_dim(c, 0), ae_add(c, K(c, base), ae_mul(c, ae_sym(c, 0), K(c, stride))));
    bool eq = true;
    t->cons = attr_set(c, 1, 1, 1, &e, &eq);
    return true;
}

static int64_t fdiv(int64_t a, int64_t b) { int64_t q = a / b; return (a % b && (a < 0) != (b < 0)) ? q - 1 : q; }
static int64_t ae_eval(AExpr *e, const int64_t *dv, const int64_t *sv) {
    switch (e->kind) {
    case AE_CONST: return e->v;
    case AE_DIM: return dv[e->v];
    case AE_SYM: return sv[e->v];
    case AE_ADD: return ae_eval(e->l, dv, sv) + ae_eval(e->r, dv, sv);
    case AE_MUL: return ae_eval(e->l, dv, sv) * ae_eval(e->r, dv, sv);
    default: break;
    }
    int64_t a = ae_eval(e->l, dv, sv), b = ae_eval(e->r, dv, sv);
    if (b <= 0) return 0;   /* MLIR allows only positive constant divisors */
    if (e->kind == AE_FLOORDIV) return fdiv(a, b);
    if (e->kind == AE_CEILDIV) return -fdiv(-a, b);
    int64_t m = a % b;
    return m < 0 ? m + b : m;
}
static bool set_holds(Attr *s, const int64_t *dv, const int64_t *sv) {
    for (int i = 0; i < s->set.n; i++) {
        int64_t v = ae_eval(s->set.cons[i], dv, sv);
        if (s->set.eq[i] ? v != 0 : v < 0) return false;
    }
    return true;
}

/* ---- the dependency set ------------------------------------------------------ */

/* depWkSlices validation (spec 6.3), then the relation dep[c * ntiles + p]:
 * consumer tile c waits for producer tile p of its group */
static bool dep_relation(It *t, bool *dep) {
    int64_t G = t->gsize, ncons = t->to_one ? 1 : G;
    bool *ccov = calloc((size_t)G, 1), *pcov = calloc((size_t)G, 1), *want = calloc((size_t)(G * G), 1);
    bool ok = false;
#define DFAIL(...) do { diag_error(t->d, t->op->loc, __VA_ARGS__); goto out; } while (0)
    for (int k = 0; k < t->D->dict.n; k++) {
        const char *key = t->D->dict.ents[k].name;
        char *end;
        long long cl = strtoll(key, &end, 10);
        if (!*key || *end) DFAIL("depWkSlices key '%s' is not a valid integer local index", key);
        if (cl < 0 || cl >= G) DFAIL("depWkSlices key %lld out of range [0, %lld)", cl, (long long)G);
        if (cl >= ncons)
            DFAIL("depWkSlices key %lld is not a valid consumer for mode '%s' (only indices [0, %lld) are consumers)", cl, t->mode, (long long)ncons);
        Attr *l = t->D->dict.ents[k].value;
        if (l->kind != A_ARRAY || l->arr.n == 0) DFAIL("depWkSlices[%lld] is empty or not an array", cl);
        ccov[cl] = true;
        for (int i = 0; i < l->arr.n; i++) {
            if (!is_int(l->arr.elts[i])) DFAIL("depWkSlices[%lld] entry %d is not an integer", cl, i);
            int64_t pl = l->arr.elts[i]->i;
            if (pl < 0 || pl >= G) DFAIL("depWkSlices producer index %lld out of range [0, %lld)", (long long)pl, (long long)G);
            want[cl * G + pl] = pcov[pl] = true;
        }
    }
    for (int64_t i = 0; i < ncons; i++) if (!ccov[i]) DFAIL("depWkSlices missing consumer local index %lld", (long long)i);
    for (int64_t i = 0; i < G; i++)
        if (!pcov[i]) DFAIL("depWkSlices producer local index %lld not depended upon by any consumer", (long long)i);
    /* local indices are the tiles' coordinates along the axis: each group
     * needs all of 0..G-1 for D to name its tiles */
    for (int64_t g = 0; g < t->ngroups; g++)
        for (int64_t j = 0; j < G; j++) {
            int64_t v = t->lidx[g * G + j];
            bool dup = v < 0 || v >= G;
            for (int64_t i = 0; i < j && !dup; i++) dup = t->lidx[g * G + i] == v;
            if (dup) DFAIL("depWkSlices needs the '%s' coordinates of group %lld to be 0..%lld, one per tile", t->axis, (long long)g, (long long)(G - 1));
        }
    for (int64_t g = 0; g < t->ngroups; g++)
        for (int64_t c = g * G; c < (g + 1) * G; c++)
            for (int64_t p = g * G; p < (g + 1) * G; p++)
                dep[c * t->ntiles + p] = want[t->lidx[c] * G + t->lidx[p]] && t->lidx[c] < ncons;
    ok = true;
out:
#undef DFAIL
    free(ccov);
    free(pcov);
    free(want);
    return ok;
}

/* is s exactly dep over every group g, consumer c of g and producer p of g? */
static bool set_matches(It *t, Attr *s, const bool *dep) {
    int64_t G = t->gsize;
    for (int64_t g = 0; g < t->ngroups; g++)
        for (int64_t c = g * G; c < (g + 1) * G; c++) {
            if (t->to_one && c != t->pick0[g]) continue;
            for (int64_t p = g * G; p < (g + 1) * G; p++) {
                int64_t sv[2] = { c, g };
                if (set_holds(s, &p, sv) != dep[c * t->ntiles + p]) return false;
            }
        }
    return true;
}

/* (d0)[s0, s1] = (p)[c, g]: all of the group, a band of p - c, or a table */
static Attr *dep_set(It *t, const bool *dep) {
    Ctx *c = t->c;
    int64_t G = t->gsize, n = t->ntiles;
    /* p is in group g: d0 floordiv G - s1 == 0 (one constraint; the two
     * bounds of the producer set would make the set a box, which ktir-cpu
     * reads into a type its dependency evaluation cannot use) */
    AExpr *cons[3];
    bool eq[3] = { true, false, false };
    cons[0] = ae_sub(c, ae_bin(c, AE_FLOORDIV, ae_dim(c, 0), K(c, G)), ae_sym(c, 1));
    Attr *s = attr_set(c, 1, 2, 1, cons, eq);
    if (set_matches(t, s, dep)) return s;
    /* lo <= p - c <= hi */
    int64_t lo = INT64_MAX, hi = INT64_MIN;
    for (int64_t ci = 0; ci < n; ci++)
        for (int64_t p = 0; p < n; p++)
            if (dep[ci * n + p]) { lo = p - ci < lo ? p - ci : lo; hi = p - ci > hi ? p - ci : hi; }
    AExpr *diff = ae_sub(c, ae_dim(c, 0), ae_sym(c, 0));
    if (lo == hi) {
        cons[1] = ae_sub(c, diff, K(c, lo));
        eq[1] = true;
        s = attr_set(c, 1, 2, 2, cons, eq);
    } else {
        cons[1] = ae_sub(c, diff, K(c, lo));
        cons[2] = ae_add(c, ae_add(c, ae_neg(c, ae_dim(c, 0)), ae_sym(c, 0)), K(c, hi));
        s = attr_set(c, 1, 2, 3, cons, eq);
    }
    if (set_matches(t, s, dep)) return s;
    /* blocks of B tiles (B dividing G): p floordiv B == c floordiv B */
    for (int64_t B = 2; B < G; B++) {
        if (G % B) continue;
        cons[1] = ae_sub(c, ae_bin(c, AE_FLOORDIV, ae_dim(c, 0), K(c, B)), ae_bin(c, AE_FLOORDIV, ae_sym(c, 0), K(c, B)));
        eq[1] = true;
        s = attr_set(c, 1, 2, 2, cons, eq);
        if (set_matches(t, s, dep)) return s;
    }
    /* strides: (p - c) mod B == 0 */
    for (int64_t B = 2; B < G; B++) {
        cons[1] = ae_bin(c, AE_MOD, diff, K(c, B));
        eq[1] = true;
        s = attr_set(c, 1, 2, 2, cons, eq);
        if (set_matches(t, s, dep)) return s;
    }
    /* The pair's index i = c*G + p - g*G is in [0, N), N = ntiles*G, and
     * (i - a + N) floordiv N is 1 when i >= a, else 0; summed over the
     * intervals [a, b] of the pairs that depend, minus 1, it is 0 exactly
     * for those pairs. */
    int64_t N = n * G;
    AExpr *idx = ae_add(c, ae_add(c, ae_mul(c, ae_sym(c, 0), K(c, G)), ae_dim(c, 0)), ae_mul(c, ae_sym(c, 1), K(c, -G)));
    bool *in = calloc((size_t)N, 1);
    for (int64_t ci = 0; ci < n; ci++)
        for (int64_t p = 0; p < n; p++)
            if (dep[ci * n + p]) in[ci * G + p - (ci / G) * G] = true;
    int64_t runs = 0;
    for (int64_t a = 0; a < N; a++) runs += in[a] && (a == 0 || !in[a - 1]);
    if (runs > 256) { free(in); return NULL; }   /* a table of more than 256 runs */
    AExpr *sum = K(c, -1);
    for (int64_t a = 0; a < N; a++) {
        if (!in[a]) continue;
        int64_t b = a;
        while (b + 1 < N && in[b + 1]) b++;
        AExpr *ge_a = ae_bin(c, AE_FLOORDIV, ae_add(c, idx, K(c, N - a)), K(c, N));
        AExpr *ge_b1 = ae_bin(c, AE_FLOORDIV, ae_add(c, idx, K(c, N - b - 1)), K(c, N));
        sum = ae_add(c, sum, ae_sub(c, ge_a, ge_b1));
        a = b;
    }
    free(in);
    cons[1] = sum;
    eq[1] = true;
    s = attr_set(c, 1, 2, 2, cons, eq);
    return set_matches(t, s, dep) ? s : NULL;
}

/* ---- checking one op ---------------------------------------------------------- */

static bool check(It *t) {
    Op *op = t->op;
    Op *f = op_parent(op);
    while (f && !op_is(f, OP_tt_func)) f = op_parent(f);
    if (!f) FAIL(t, "inter_tile_reduce must be inside a tt.func");
    t->W = op_attr(op, "numWkSlicesPerDim");
    t->C = op_attr(op, "coreIdToWkSlice");
    t->D = op_attr(op, "depWkSlices");
    if (!t->W || t->W->kind != A_DICT) FAIL(t, "missing 'numWkSlicesPerDim' op attribute");
    if (!t->C || t->C->kind != A_ARRAY) FAIL(t, "missing 'coreIdToWkSlice' op attribute");
    if (t->D && t->D->kind != A_DICT) FAIL(t, "'depWkSlices' must be a dictionary");
    t->axis = str_of(t->c, op, "axis");
    t->mode = str_of(t->c, op, "mode");
    t->comb = str_of(t->c, op, "combiner");
    if (!t->axis || !t->mode || !t->comb) FAIL(t, "axis, mode and combiner must be strings");
    if (!is_int(dict_get(t->W, t->axis))) FAIL(t, "axis '%s' not in numWkSlicesPerDim", t->axis);
    const char *m = t->mode;
    if (strcmp(m, "all_reduce") && strcmp(m, "reduce_to_one") && strcmp(m, "reduce_scatter") && strcmp(m, "broadcast"))
        FAIL(t, "unknown mode '%s'", m);
    if (!strcmp(m, "broadcast") || !strcmp(m, "reduce_scatter")) FAIL(t, "mode '%s' is not yet supported", m);
    if (op_attr(op, "scatter_dimension")) FAIL(t, "scatter_dimension only valid for reduce_scatter");
    if (!*t->comb) FAIL(t, "custom combiner regions are not yet supported");
    t->to_one = !strcmp(m, "reduce_to_one");
    t->np = partial_count(op);
    int ni = op->nopnds - t->np;
    if (ni == 0) FAIL(t, "identities operand group must not be empty");
    if (ni != t->np) FAIL(t, "expects one identity per partial (%d), found %d", t->np, ni);
    for (int i = 0; i < t->np; i++) {
        Type *pt = op_operand(op, i)->type;
        if (!pt || pt->kind != T_TENSOR || pt->sh.rank < 0) FAIL(t, "partial #%d must be a ranked tensor", i);
        if (op_operand(op, t->np + i)->type != pt) FAIL(t, "identity #%d must have the type of its partial", i);
    }
    if (!build_groups(t)) return false;
    if (t->gsize == 1) return true;
    if (strcmp(t->comb, "add") && strcmp(t->comb, "max") && strcmp(t->comb, "mul"))
        FAIL(t, "unknown shorthand combiner '%s'", t->comb);
    for (int i = 0; i < t->np; i++) {
        Type *e = op_operand(op, i)->type->sh.elem;
        if (!type_is_float(e) && e->kind != T_INT) FAIL(t, "partial #%d must have integer or float elements", i);
    }
    t->groups = groups_set(t);
    t->prod = producer_set(t);
    t->cons = t->prod;
    if (t->to_one && !pick0_set(t)) return false;
    if (t->D) {
        /* the relation is tiles x tiles; a Spyre card has 32 cores */
        if (t->ntiles > 1024) FAIL(t, "depWkSlices is supported for at most 1024 tiles, got %lld", (long long)t->ntiles);
        bool *dep = calloc((size_t)(t->ntiles * t->ntiles), 1);
        bool ok = dep_relation(t, dep);
        if (ok && !(t->dep = dep_set(t, dep))) { diag_error(t->d, op->loc, "depWkSlices is too irregular to write as an integer set (more than 256 runs of dependent pairs)"); ok = false; }
        free(dep);
        if (!ok) return false;
    }
    return true;
}

/* ---- rewriting ------------------------------------------------------------------ */

static Op *new_op(It *t, const char *name, int nres, Type *const *rt, int n, Value *const *opnds, int nregions) {
    Op *o = op_new(t->c, name, nres, rt, n, opnds, nregions, t->op->loc);
    op_set_locattr(t->c, o, op_locattr(t->op));
    return o;
}
static Op *place(It *t, Block *b, Op *o) { format_move_inherent(t->c, o); op_append(b, o); return o; }

/* `linalg.add|max|mul ins(l, r) outs(e)` before pos, with the payload MLIR builds */
static Value *combine(It *t, Op *pos, Value *l, Value *r, Value *e) {
    Ctx *c = t->c;
    Type *ty = l->type, *et = ty->sh.elem;
    bool fl = type_is_float(et);
    const char *name = "linalg.add", *sc = fl ? "arith.addf" : "arith.addi";
    if (!strcmp(t->comb, "max")) name = "linalg.max", sc = fl ? "arith.maximumf" : "arith.maxsi";
    if (!strcmp(t->comb, "mul")) name = "linalg.mul", sc = fl ? "arith.mulf" : "arith.muli";
    Value *in[3] = { l, r, e };
    Op *o = new_op(t, name, 1, &ty, 3, in, 1);
    int64_t seg[2] = { 2, 1 };
    op_set_prop(c, o, "operandSegmentSizes", attr_dense_array(c, type_int(c, 32, SIGNLESS), 2, seg, NULL));
    Block *body = block_new(c);
    region_append_block(&o->regions[0], body);
    Value *a[3];
    for (int i = 0; i < 3; i++) a[i] = block_add_arg(c, body, et, o->loc);
    Value *v = &place(t, body, new_op(t, sc, 1, &et, 2, a, 0))->res[0];
    place(t, body, new_op(t, "linalg.yield", 0, NULL, 1, &v, 0));
    format_move_inherent(c, o);
    op_insert_before(pos, o);
    return &o->res[0];
}

static char *future_body(It *t) {
    char *types = NULL, *set = print_attr_str(t->c, t->groups);
    size_t n = 0;
    FILE *f = open_memstream(&types, &n);
    fputs("<(", f);
    for (int i = 0; i < t->np; i++) {
        char *s = print_type_str(t->c, op_operand(t->op, i)->type);
        fprintf(f, "%s%s", i ? ", " : "", s);
        free(s);
    }
    fprintf(f, "), groups = %s>", set);
    fclose(f);
    free(set);
    return types;
}

static void lower(It *t) {
    Ctx *c = t->c;
    Op *op = t->op;
    int np = t->np;
    if (t->gsize == 1) {
        for (int i = 0; i < np; i++) value_replace_all_uses(&op->res[i], op_operand(op, i));
        op_erase(op);
        return;
    }
    char *body = future_body(t);
    Type *ft = type_opaque(c, "!ktdp.tile_future", body);
    free(body);
    Value **pv = malloc(sizeof *pv * (size_t)(2 * np + 1));
    Type **pt = malloc(sizeof *pt * (size_t)np);
    for (int i = 0; i < np; i++) pv[i] = op_operand(op, i), pt[i] = pv[i]->type;

    Op *prod = new_op(t, "ktdp.inter_tile_produce", 1, &ft, 0, NULL, 1);
    op_set_prop(c, prod, "producer_tiles_per_group", t->prod);
    Block *pb = block_new(c);
    region_append_block(&prod->regions[0], pb);
    block_add_arg(c, pb, type_index(c), op->loc);
    place(t, pb, new_op(t, "ktdp.yield_partial", 0, NULL, np, pv, 0));
    format_move_inherent(c, prod);
    op_insert_before(op, prod);

    pv[0] = &prod->res[0];
    for (int i = 0; i < np; i++) pv[1 + i] = op_operand(op, np + i);
    Op *red = new_op(t, "ktdp.inter_tile_reduce", np, pt, 1 + np, pv, 1);
    op_set_prop(c, red, "consumer_tiles_per_group", t->cons);
    if (t->dep) op_set_prop(c, red, "producer_dependency_per_consumer", t->dep);
    Block *rb = block_new(c);
    region_append_block(&red->regions[0], rb);
    Value **args = malloc(sizeof *args * (size_t)(2 * np));
    for (int i = 0; i < 2 * np; i++) args[i] = block_add_arg(c, rb, pt[i % np], op->loc);
    Op *y = place(t, rb, new_op(t, "ktdp.yield_reduced", 0, NULL, 0, NULL, 0));
    for (int i = 0; i < np; i++) {
        Value *e = tensor_empty_like(c, y, pt[i], args[i]);
        op_add_operand(c, y, combine(t, y, args[i], args[np + i], e));
    }
    format_move_inherent(c, red);
    op_insert_before(op, red);
    for (int i = 0; i < np; i++) value_replace_all_uses(&op->res[i], &red->res[i]);
    op_erase(op);
    free(pv);
    free(pt);
    free(args);
}

/* ---- the pass ------------------------------------------------------------------- */

static bool collect(Op *op, void *ud) {
    if (op_is(op, OP_tt_inter_tile_reduce) && !op->verbatim) pv_push(ud, op);
    return true;
}

static bool run(Ctx *c, Op *m, const PassOptions *o, Diag *d) {
    (void)o;
    PtrVec ops = {0};
    op_walk(m, collect, &ops);
    It *its = calloc((size_t)ops.n + 1, sizeof *its);
    bool ok = true;
    for (int i = 0; i < ops.n; i++) {
        its[i] = (It){ .c = c, .d = d, .op = ops.v[i] };
        if (!check(&its[i])) ok = false;
    }
    if (ok) for (int i = 0; i < ops.n; i++) lower(&its[i]);
    for (int i = 0; i < ops.n; i++) { free(its[i].pick0); free(its[i].lidx); }
    free(its);
    pv_free(&ops);
    return ok;
}

const Pass pass_lower_inter_tile = {
    "lower-inter-tile",
    "tt.inter_tile_reduce (all_reduce, reduce_to_one) becomes ktdp.inter_tile_produce + ktdp.inter_tile_reduce with group sets and a linalg combiner",
    NULL, 0, run,
};
