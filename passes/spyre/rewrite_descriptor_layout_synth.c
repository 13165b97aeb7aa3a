/* passes/spyre/rewrite_descriptor_layout_synth.c - phase 2 of
 * `rewrite-descriptor-layout` (spyre-lowering spec 2.4, 5.4, 5.6, 5.8).
 *
 * Source ops: a linalg.matmul / batch_matmul / reduce with an input loaded
 * from a physical tile (of higher rank than the op's logical rank) is
 * re-emitted per stick.  Each operand gets a plan: every physical dim has a
 * role (the output axis it carries, or -1 when contracted / reduced); the
 * innermost -1 dim joins the op tile, other -1 dims are stick loops, output
 * floordiv dims are parallel floor dims, the rest are op-tile dims.  The op
 * becomes
 *     [scf.for %p over a parallel floor dim with more than one stick:
 *        extract the accumulator slab, ..., insert it back]
 *       scf.for %s over the sticks of the loop dims (inline when one):
 *         per operand: tensor.extract_slice (+ linalg.transpose into the
 *         op's operand order); the op into the accumulator.
 * An operand not loaded from a physical tile takes part whole (scratchpad).
 *
 * Store sink: a ktdp.store of logical data into a physical tile copies the
 * data stick by stick into a tensor of the tile's shape (one scf.for per
 * floor dim with more than one stick, nested) and stores that.
 *
 * Differences from the reference: the store's own tile gives its layout
 * (the reference may take another store's); several floor dims get nested
 * loops, each with the stick width of its own logical dim (the reference
 * emits them one after another); operands that disagree on the stick loop
 * trip count get a diagnostic (the reference aborts); a rank-1 reduce over
 * an annotated 1-D tensor is re-synthesised (the reference's guard needs a
 * physical rank above 2). */
#include "descriptor_layout.h"

enum { SK_WHOLE, SK_STICK, SK_STICKIFIED };

typedef struct Plan {
    Value *value;
    const RdlLayout *l;     /* NULL: a scratchpad (logical) operand */
    int rank;
    int64_t pb[RDL_MAXR];   /* its (physical) shape */
    int64_t role[RDL_MAXR];
    int lane;
    int64_t stick;
    int floor[RDL_MAXR], nfloor, loop[RDL_MAXR], nloop, tile[RDL_MAXR], ntile, inner;
    int kind[RDL_MAXR];
    int64_t perm[RDL_MAXR];
    bool has_perm;
    int64_t ext[RDL_MAXR];  /* op-tile extents, per tile entry */
} Plan;

typedef struct Spec {
    int nops;
    int64_t canon[2][RDL_MAXR], target[2][RDL_MAXR];
    int ncanon[2], ntarget[2];
    int logical_rank;
    int out_rank;           /* reduce: the output rank */
} Spec;

/* ---- helpers -------------------------------------------------------------- */

bool rdl_ranked(const Type *t) { return t && t->kind == T_TENSOR && t->sh.rank >= 0; }

Value *rdl_put(RdlB *b, Op *op) {
    format_move_inherent(b->c, op);
    if (b->before) op_insert_before(b->before, op);
    else op_append(b->blk, op);
    return op->nres ? &op->res[0] : NULL;
}
Value *rdl_op(RdlB *b, const char *name, Type *rt, int n, Value *const *opnds) {
    return rdl_put(b, op_new(b->c, name, rt ? 1 : 0, rt ? &rt : NULL, n, opnds, 0, b->loc));
}
Value *rdl_cindex(RdlB *b, int64_t v) {
    Type *ix = type_index(b->c);
    return rdl_put(b, const_new(b->c, attr_int(b->c, ix, v), ix, b->loc));
}
Value *rdl_bin(RdlB *b, const char *name, Value *x, Value *y) {
    Value *o[2] = { x, y };
    return rdl_op(b, name, x->type, 2, o);
}

int rdl_tile_dims(const Type *t, int64_t *dims) {
    if (!t || t->kind != T_OPAQUE || strcmp(t->opq.name, "!ktdp.access_tile") || !t->opq.body) return -1;
    const char *s = t->opq.body;
    if (*s++ != '<') return -1;
    int n = 0;
    while ((*s >= '0' && *s <= '9') || *s == '?') {
        if (n >= RDL_MAXR) return -1;
        if (*s == '?') { dims[n++] = DYN; s++; }
        else {
            char *e;
            dims[n++] = strtoll(s, &e, 10);
            s = e;
        }
        if (*s++ != 'x') return -1;
    }
    return strcmp(s, "index>") ? -1 : n;
}

RdlLayout *rdl_view_layout(Rdl *r, Value *view) {
    for (int i = 0; i < r->views.n; i++)
        if (r->views.v[i] == view) return r->view_layout.v[i];
    return NULL;
}
const int64_t *rdl_load_perm(Rdl *r, Value *load) {
    for (int i = 0; i < r->loads.n; i++)
        if (r->loads.v[i] == load) return r->load_perm.v[i];
    return NULL;
}

static bool single_tensor_op(const Op *o) {
    if (o->nres != 1 || !o->nopnds || o->verbatim) return false;
    int n = 0;
    for (int i = 0; i < o->nopnds; i++) n += rdl_ranked(op_operand(o, i)->type);
    return n == 1;
}

Op *rdl_walk_to_load(Rdl *r, Value *v, int64_t *tau) {
    const int64_t *perms[64];
    int np = 0;
    if (tau) tau[0] = 0;
    for (;;) {
        const int64_t *p = tau ? rdl_load_perm(r, v) : NULL;
        if (p && np < 64) perms[np++] = p;
        Op *d = v->def;
        if (!d || d->verbatim) return NULL;
        if (op_is(d, OP_ktdp_load)) break;
        if (!single_tensor_op(d) && !(d->nres == 1 && (d->info->traits & TR_ELEMWISE))) return NULL;
        Value *next = NULL;
        for (int i = 0; i < d->nopnds && !next; i++)
            if (rdl_ranked(op_operand(d, i)->type)) next = op_operand(d, i);
        if (!next) return NULL;
        v = next;
    }
    if (tau && np) {
        /* the transposes nearest the load apply first */
        int n = (int)perms[np - 1][0];
        for (int i = 0; i <= n; i++) tau[i] = perms[np - 1][i];
        for (int j = np - 2; j >= 0; j--) {
            int64_t q[RDL_MAXR];
            if (perms[j][0] != n) { tau[0] = -1; break; }
            for (int i = 0; i < n; i++) q[i] = tau[1 + i];
            for (int i = 0; i < n; i++) {
                int64_t k = perms[j][1 + i];
                tau[1 + i] = k >= 0 && k < n ? q[k] : k;
            }
        }
    }
    return v->def;
}

static RdlLayout *tile_layout(Rdl *r, Value *tile) {
    Op *t = tile ? tile->def : NULL;
    if (!t || t->verbatim || !op_is(t, OP_ktdp_construct_access_tile) || !t->nopnds) return NULL;
    return rdl_view_layout(r, op_operand(t, 0));
}
static RdlLayout *operand_layout(Rdl *r, Value *v) {
    Op *ld = rdl_walk_to_load(r, v, NULL);
    return ld && ld->nopnds ? tile_layout(r, op_operand(ld, 0)) : NULL;
}

static void fail(Rdl *r, Op *op, const char *msg) {
    diag_error(r->d, op->loc, "%s", msg);
    r->failed = true;
}

static Type *i64t(Ctx *c) { return type_int(c, 64, SIGNLESS); }
static Attr *i64s(Ctx *c, int n, const int64_t *v) { return attr_dense_array(c, i64t(c), n, v, NULL); }

/* tensor.extract_slice src[offs][sizes][1...] : ... to rt; a NULL entry of
 * doff is the static offset soff[i] */
static Value *extract(RdlB *b, Value *src, int n, Value *const *doff, const int64_t *soff, const int64_t *sizes, Type *rt) {
    Ctx *c = b->c;
    Value *ops[RDL_MAXR + 1];
    int64_t so[RDL_MAXR], one[RDL_MAXR];
    int nd = 0;
    ops[0] = src;
    for (int i = 0; i < n; i++) {
        one[i] = 1;
        if (doff[i]) { so[i] = KB_DYN; ops[1 + nd++] = doff[i]; } else so[i] = soff ? soff[i] : 0;
    }
    Op *s = op_new(c, "tensor.extract_slice", 1, &rt, 1 + nd, ops, 0, b->loc);
    op_set_prop(c, s, "static_offsets", i64s(c, n, so));
    op_set_prop(c, s, "static_sizes", i64s(c, n, sizes));
    op_set_prop(c, s, "static_strides", i64s(c, n, one));
    op_set_prop(c, s, "operandSegmentSizes", attr_dense_array(c, type_int(c, 32, SIGNLESS), 4, (int64_t[]){ 1, nd, 0, 0 }, NULL));
    return rdl_put(b, s);
}
static Value *insert(RdlB *b, Value *src, Value *dst, int n, Value *const *doff, const int64_t *sizes) {
    Ctx *c = b->c;
    Value *ops[RDL_MAXR + 2];
    int64_t so[RDL_MAXR], one[RDL_MAXR];
    int nd = 0;
    ops[0] = src;
    ops[1] = dst;
    for (int i = 0; i < n; i++) {
        one[i] = 1;
        if (doff[i]) { so[i] = KB_DYN; ops[2 + nd++] = doff[i]; } else so[i] = 0;
    }
    Type *rt = dst->type;
    Op *s = op_new(c, "tensor.insert_slice", 1, &rt, 2 + nd, ops, 0, b->loc);
    op_set_prop(c, s, "static_offsets", i64s(c, n, so));
    op_set_prop(c, s, "static_sizes", i64s(c, n, sizes));
    op_set_prop(c, s, "static_strides", i64s(c, n, one));
    op_set_prop(c, s, "operandSegmentSizes", attr_dense_array(c, type_int(c, 32, SIGNLESS), 5, (int64_t[]){ 1, 1, nd, 0, 0 }, NULL));
    return rdl_put(b, s);
}

/* linalg.transpose of src so that result dim i is src dim perm^-1[i]
 * (perm maps source positions to target positions) */
static Value *transpose(RdlB *b, Value *src, int n, const int64_t *perm) {
    Ctx *c = b->c;
    int64_t inv[RDL_MAXR], shape[RDL_MAXR];
    for (int i = 0; i < n; i++) inv[perm[i]] = i;
    for (int i = 0; i < n; i++) shape[i] = src->type->sh.dims[inv[i]];
    Type *et = src->type->sh.elem, *ot = type_tensor(c, n, shape, et);
    Value *e = rdl_op(b, "tensor.empty", ot, 0, NULL);
    Value *ops[2] = { src, e };
    Op *t = op_new(c, "linalg.transpose", 1, &ot, 2, ops, 1, b->loc);
    op_set_prop(c, t, "permutation", i64s(c, n, inv));
    Block *blk = block_new(c);
    region_append_block(&t->regions[0], blk);
    Value *a = block_add_arg(c, blk, et, b->loc);
    block_add_arg(c, blk, et, b->loc);
    Op *y = op_new(c, "linalg.yield", 0, NULL, 1, &a, 0, b->loc);
    format_move_inherent(c, y);
    op_append(blk, y);
    return rdl_put(b, t);
}

/* scf.for %iv = 0 to n step 1 iter_args(%a = init): the op placed, its body
 * builder in *body, the IV and the carried value */
static Op *loop(RdlB *b, int64_t n, Value *init, RdlB *body, Value **iv, Value **arg) {
    Ctx *c = b->c;
    Value *c0 = rdl_cindex(b, 0), *c1 = rdl_cindex(b, 1), *cn = rdl_cindex(b, n);
    Value *ops[4] = { c0, cn, c1, init };
    Type *rt = init->type;
    Op *f = op_new(c, "scf.for", 1, &rt, 4, ops, 1, b->loc);
    Block *blk = block_new(c);
    region_append_block(&f->regions[0], blk);
    *iv = block_add_arg(c, blk, type_index(c), b->loc);
    *arg = block_add_arg(c, blk, rt, b->loc);
    rdl_put(b, f);
    *body = (RdlB){ c, NULL, blk, b->loc };
    return f;
}
static Value *end_loop(RdlB *body, Op *f, Value *v) {
    Op *y = op_new(body->c, "scf.yield", 0, NULL, 1, &v, 0, body->loc);
    format_move_inherent(body->c, y);
    op_append(body->blk, y);
    return &f->res[0];
}

/* ---- classification (spec 5.4) ---------------------------------------------- */

static void classify(Plan *p, const int64_t *kinds) {
    int n = p->rank;
    p->lane = n - 1;
    for (int k = 0; k < n; k++) if (kinds[k] == RDL_MOD) { p->lane = k; break; }
    p->stick = p->pb[p->lane];
    p->inner = -1;
    p->nfloor = p->nloop = p->ntile = 0;
    for (int k = n - 1; k >= 0; k--) {
        if (p->role[k] == -1) {
            if (p->inner == -1) { p->inner = k; p->tile[p->ntile++] = k; }
            else p->loop[p->nloop++] = k;
        } else if (kinds[k] == RDL_FD) p->floor[p->nfloor++] = k;
        else p->tile[p->ntile++] = k;
    }
    int *lists[3] = { p->floor, p->loop, p->tile }, lens[3] = { p->nfloor, p->nloop, p->ntile };
    for (int l = 0; l < 3; l++)
        for (int i = 0, j = lens[l] - 1; i < j; i++, j--) { int t = lists[l][i]; lists[l][i] = lists[l][j]; lists[l][j] = t; }
    for (int k = 0; k < n; k++) p->kind[k] = SK_WHOLE;
    for (int i = 0; i < p->nfloor; i++) p->kind[p->floor[i]] = SK_STICK;
    for (int i = 0; i < p->nloop; i++) p->kind[p->loop[i]] = SK_STICK;
    if (p->inner != -1 && p->pb[p->inner] > p->stick) p->kind[p->inner] = SK_STICKIFIED;
}

static void scratchpad(Plan *p, Value *v, const int64_t *canon) {
    memset(p, 0, sizeof *p);
    p->value = v;
    p->rank = v->type->sh.rank;
    for (int k = 0; k < p->rank; k++) {
        p->pb[k] = v->type->sh.dims[k];
        p->role[k] = canon[k];
        p->tile[p->ntile++] = k;
        p->kind[k] = SK_WHOLE;
    }
    p->lane = p->rank - 1;
    p->stick = p->rank ? p->pb[p->rank - 1] : 1;
    p->inner = -1;
}

/* the order of the op-tile dims wanted by the op: perm[j] = target position
 * of tile entry j; false when the roles do not fit the target */
static bool tile_perm(Plan *p, const int64_t *target, int nt) {
    bool used[RDL_MAXR] = { false };
    for (int j = 0; j < p->ntile; j++) p->perm[j] = -1;
    for (int t = 0; t < nt; t++)
        for (int j = 0; j < p->ntile; j++)
            if (!used[j] && p->role[p->tile[j]] == target[t]) { p->perm[j] = t; used[j] = true; break; }
    p->has_perm = false;
    for (int j = 0; j < p->ntile; j++) {
        if (p->perm[j] < 0 || p->perm[j] >= p->ntile) return false;
        if (p->perm[j] != j) p->has_perm = true;
    }
    return nt == p->ntile;
}

/* ---- source ops (spec 5.6) ---------------------------------------------------- */

typedef struct Src {
    Rdl *r;
    Op *op;
    Plan *plans;
    int n;
    Type *slice_t[2];
    Type *acc_t;
    int64_t stick_factor;
    const Spec *spec;
} Src;

static Value *slice_of(RdlB *b, Plan *p, Type *rt, Value *stick_iv, Value *par_iv) {
    Value *doff[RDL_MAXR];
    int64_t sizes[RDL_MAXR];
    for (int k = 0; k < p->rank; k++) {
        doff[k] = NULL;
        switch (p->kind[k]) {
        case SK_STICK: {
            Value *sel = p->role[k] >= 0 && par_iv ? par_iv : stick_iv;
            if (p->pb[k] > 1) doff[k] = sel;
            sizes[k] = 1;
            break;
        }
        case SK_STICKIFIED:
            doff[k] = rdl_bin(b, "arith.muli", stick_iv, rdl_cindex(b, p->stick));
            sizes[k] = p->stick;
            break;
        default:
            sizes[k] = p->pb[k];
        }
    }
    return extract(b, p->value, p->rank, doff, NULL, sizes, rt);
}

/* the op itself on the slices: a clone of the original with new operands */
static Value *emit_op(Src *s, RdlB *b, Value *const *slices, Value *acc) {
    Ctx *c = b->c;
    Op *n = op_clone(c, s->op);
    for (int i = 0; i < s->n; i++) op_set_operand(n, i, slices[i]);
    op_set_operand(n, s->n, acc);
    n->res[0].type = s->acc_t;
    if (op_is(n, OP_linalg_reduce)) {
        int64_t dims[RDL_MAXR];
        int r = slices[0]->type->sh.rank, nd = 0;
        for (int d = s->spec->out_rank; d < r; d++) dims[nd++] = d;
        op_set_prop(c, n, "dimensions", i64s(c, nd, dims));
    }
    return rdl_put(b, n);
}

static Value *red_body(Src *s, RdlB *b, Value *stick_iv, Value *acc, Value *par_iv) {
    Value *slices[2];
    for (int i = 0; i < s->n; i++) {
        Plan *p = &s->plans[i];
        Value *v = slice_of(b, p, s->slice_t[i], stick_iv, par_iv);
        slices[i] = p->has_perm ? transpose(b, v, p->ntile, p->perm) : v;
    }
    return emit_op(s, b, slices, acc);
}

static Value *reduction(Src *s, RdlB *b, Value *acc, Value *par_iv) {
    if (s->stick_factor <= 1) return red_body(s, b, rdl_cindex(b, 0), acc, par_iv);
    RdlB body;
    Value *iv, *a;
    Op *f = loop(b, s->stick_factor, acc, &body, &iv, &a);
    return end_loop(&body, f, red_body(s, &body, iv, a, par_iv));
}

static void dispatch_source(Rdl *r, Op *op, const Spec *spec) {
    Ctx *c = r->c;
    Plan plans[2];
    for (int i = 0; i < spec->nops; i++) {
        Value *v = op_operand(op, i);
        int64_t tau[RDL_MAXR + 1];
        Op *ld = rdl_walk_to_load(r, v, tau);
        Plan *p = &plans[i];
        if (ld) {
            RdlLayout *l = ld->nopnds ? tile_layout(r, op_operand(ld, 0)) : NULL;
            if (!l) {
                if (!rdl_ranked(v->type) || v->type->sh.rank != spec->ncanon[i])
                    return fail(r, op, "spyre_tensor_layout: physical operand load has no layout marker");
                scratchpad(p, v, spec->canon[i]);
                continue;
            }
            if (!rdl_ranked(v->type) || v->type->sh.rank != l->n)
                return fail(r, op, "spyre_tensor_layout: a source op operand does not have the physical shape of its layout");
            memset(p, 0, sizeof *p);
            p->value = v;
            p->l = l;
            p->rank = l->n;
            for (int k = 0; k < p->rank; k++) p->pb[k] = v->type->sh.dims[k];
            int64_t eff[RDL_MAXR];
            int ne = spec->ncanon[i];
            for (int j = 0; j < ne; j++) eff[j] = spec->canon[i][j];
            if (tau[0]) {
                if (tau[0] != ne) return fail(r, op, "spyre_tensor_layout: an absorbed transpose does not match the op's logical rank");
                for (int j = 0; j < ne; j++) {
                    if (tau[1 + j] < 0 || tau[1 + j] >= ne) return fail(r, op, "spyre_tensor_layout: an absorbed transpose does not match the op's logical rank");
                    eff[j] = spec->canon[i][tau[1 + j]];
                }
            }
            for (int k = 0; k < p->rank; k++) p->role[k] = l->src[k] < ne ? eff[l->src[k]] : -1;
            classify(p, l->kind);
        } else {
            if (!rdl_ranked(v->type) || v->type->sh.rank != spec->ncanon[i])
                return fail(r, op, "spyre_tensor_layout: source op operand is neither a physical load nor a logical (scratchpad) tensor of the expected rank");
            scratchpad(p, v, spec->canon[i]);
        }
    }
    bool any_loop = false;
    for (int i = 0; i < spec->nops; i++) any_loop |= plans[i].nloop > 0;
    for (int i = 0; i < spec->nops; i++) {
        Plan *p = &plans[i];
        if (!any_loop)
            for (int k = 0; k < p->rank; k++) if (p->kind[k] == SK_STICKIFIED) p->kind[k] = SK_WHOLE;
        if (!tile_perm(p, spec->target[i], spec->ntarget[i]))
            return fail(r, op, "spyre_tensor_layout: the operand's physical dims do not fit the op's operand order");
        for (int j = 0; j < p->ntile; j++) {
            int k = p->tile[j];
            p->ext[j] = p->kind[k] == SK_STICKIFIED ? p->stick : p->pb[k];
        }
    }
    for (int i = 0; i < spec->nops; i++) {
        if (!plans[i].l) continue;
        bool multi = false;
        for (int j = 0; j < plans[i].nloop; j++) multi |= plans[i].pb[plans[i].loop[j]] > 1;
        if (!multi) continue;
        for (int j = 0; j < spec->nops; j++)
            if (j != i && !plans[j].l)
                return fail(r, op, "spyre_tensor_layout: operands share a stickified contraction axis but not all are annotated \xe2\x80\x94 any two operands sharing a stickified contraction axis must both carry a tt.spyre_tensor_layout marker with the same stick size on that axis");
    }
    Src s = { .r = r, .op = op, .plans = plans, .n = spec->nops, .spec = spec };
    for (int i = 0; i < spec->nops; i++)
        s.slice_t[i] = type_tensor(c, plans[i].ntile, plans[i].ext, plans[i].value->type->sh.elem);
    Value *acc0 = op_operand(op, spec->nops);
    if (!rdl_ranked(acc0->type)) return fail(r, op, "spyre_tensor_layout: the op's init is not a ranked tensor");
    int max_axis = -1;
    for (int i = 0; i < spec->nops; i++)
        for (int j = 0; j < plans[i].ntile; j++) {
            int64_t role = plans[i].role[plans[i].tile[j]];
            if (role > max_axis) max_axis = (int)role;
        }
    int64_t acc_dims[RDL_MAXR] = { 0 };
    if (max_axis >= RDL_MAXR) return fail(r, op, "spyre_tensor_layout: too many output axes");
    for (int i = 0; i < spec->nops; i++)
        for (int j = 0; j < plans[i].ntile; j++) {
            int64_t role = plans[i].role[plans[i].tile[j]];
            if (role >= 0) acc_dims[role] = plans[i].ext[j];
        }
    s.acc_t = type_tensor(c, max_axis + 1, acc_dims, acc0->type->sh.elem);
    /* the stick loop's trip count: it must be the same for every operand */
    s.stick_factor = 1;
    for (int i = 0; i < spec->nops; i++) {
        Plan *p = &plans[i];
        for (int j = 0; j < p->nloop; j++) {
            int k = p->loop[j];
            if (!p->l || p->l->kind[k] != RDL_FD || p->role[k] >= 0) continue;
            int64_t f = p->kind[k] == SK_STICKIFIED ? p->pb[k] / p->stick : p->pb[k];
            if (f <= 1) continue;
            if (s.stick_factor != 1 && s.stick_factor != f) {
                diag_error(r->d, op->loc, "spyre_tensor_layout: operands disagree on the number of sticks of the contracted axis (%lld and %lld); give every operand the same stick size on that axis",
                           (long long)s.stick_factor, (long long)f);
                r->failed = true;
                return;
            }
            s.stick_factor = f;
        }
    }
    int64_t pf = 1, paxis = -1, pstick = 1;
    for (int i = 0; i < spec->nops; i++) {
        Plan *p = &plans[i];
        for (int j = 0; j < p->nfloor; j++) {
            int k = p->floor[j];
            if (p->role[k] < 0 || p->pb[k] <= 1) continue;
            if (pf != 1 && (pf != p->pb[k] || paxis != p->role[k]))
                return fail(r, op, "spyre_tensor_layout: operands disagree on the parallel multi-stick scatter \xe2\x80\x94 two annotated operands carry parallel floor dims with different trip counts or on different output axes, which would need two independent scatter loops (not supported)");
            pf = p->pb[k];
            paxis = p->role[k];
            pstick = p->pb[p->lane];
        }
    }
    /* the op tiles must cover the result: whole, or in pf slabs along paxis */
    bool fits = acc0->type->sh.rank == max_axis + 1;
    for (int d = 0; fits && d <= max_axis; d++)
        fits = acc0->type->sh.dims[d] == (d == paxis && pf > 1 ? acc_dims[d] * pf : acc_dims[d]);
    if (!fits)
        return fail(r, op, "spyre_tensor_layout: the operands' physical tiles do not cover the op's result; their layouts do not fit this contraction");
    RdlB b = { c, op, NULL, op->loc };
    Value *res;
    if (pf <= 1) res = reduction(&s, &b, acc0, NULL);
    else {
        RdlB body;
        Value *piv, *cont;
        Op *f = loop(&b, pf, acc0, &body, &piv, &cont);
        Value *w = rdl_cindex(&body, pstick);
        Value *o = rdl_bin(&body, "arith.muli", piv, w);
        int ar = max_axis + 1;
        Value *doff[RDL_MAXR] = { 0 };
        doff[paxis] = o;
        Value *slab = extract(&body, cont, ar, doff, NULL, acc_dims, s.acc_t);
        Value *red = reduction(&s, &body, slab, piv);
        res = end_loop(&body, f, insert(&body, red, cont, ar, doff, acc_dims));
    }
    if (r->failed) return;
    value_replace_all_uses(&op->res[0], res);
    op_erase(op);
}

static void source_op(Rdl *r, Op *op) {
    if (op->verbatim || op->nres != 1) return;
    Spec spec = { 0 };
    if (op_is(op, OP_linalg_matmul) || op_is(op, OP_linalg_batch_matmul)) {
        bool batch = op_is(op, OP_linalg_batch_matmul);
        if (op->nopnds != 3) return;
        spec.nops = 2;
        spec.logical_rank = batch ? 3 : 2;
        static const int64_t mm[2][2] = { { 0, -1 }, { -1, 1 } }, bmm[2][3] = { { 0, 1, -1 }, { 0, -1, 2 } };
        for (int i = 0; i < 2; i++) {
            spec.ncanon[i] = spec.ntarget[i] = spec.logical_rank;
            for (int j = 0; j < spec.logical_rank; j++) spec.canon[i][j] = spec.target[i][j] = batch ? bmm[i][j] : mm[i][j];
        }
        bool needs = false;
        for (int i = 0; i < 2; i++) {
            Type *t = op_operand(op, i)->type;
            if (rdl_ranked(t) && t->sh.rank > spec.logical_rank && operand_layout(r, op_operand(op, i))) needs = true;
        }
        if (needs) dispatch_source(r, op, &spec);
        return;
    }
    /* linalg.reduce, one input */
    if (op->nopnds != 2) return;
    RdlLayout *l = operand_layout(r, op_operand(op, 0));
    int lr = 0;
    if (l) for (int k = 0; k < l->n; k++) if (l->src[k] + 1 > lr) lr = (int)l->src[k] + 1;
    Type *t = op_operand(op, 0)->type;
    if (!l || !rdl_ranked(t) || t->sh.rank <= lr) return;
    if (lr > RDL_MAXR) return fail(r, op, "spyre_tensor_layout: logical rank too large");
    Attr *dims = op_attr(op, "dimensions");
    if (!dims || dims->kind != A_DENSE_ARRAY || (dims->darr.n && !dims->darr.i))
        return fail(r, op, "spyre_tensor_layout: linalg.reduce without dimensions");
    int out = 0;
    for (int d = 0; d < lr; d++) {
        bool red = false;
        for (int j = 0; j < dims->darr.n; j++) red |= dims->darr.i[j] == d;
        spec.canon[0][d] = red ? -1 : out++;
    }
    spec.nops = 1;
    spec.logical_rank = lr;
    spec.ncanon[0] = spec.ntarget[0] = lr;
    for (int d = 0; d < lr; d++) spec.target[0][d] = d < out ? d : -1;
    spec.out_rank = lr - dims->darr.n;
    dispatch_source(r, op, &spec);
}

/* ---- the store sink (spec 5.8) ------------------------------------------------ */

typedef struct Sink {
    Plan *p;
    int lr;
    int64_t pos[RDL_MAXR];      /* logical dim -> position in the (transposed) data */
    int64_t in_sizes[RDL_MAXR], width[RDL_MAXR];
    int64_t sink_sizes[RDL_MAXR];
    Value *data;
    Type *sl_t;
    int floors[RDL_MAXR], nf;
    Value *in_off[RDL_MAXR], *sink_off[RDL_MAXR];
} Sink;

static Value *sink_level(Sink *k, RdlB *b, int level, Value *acc) {
    Plan *p = k->p;
    if (level == k->nf) {
        Value *in = extract(b, k->data, k->lr, k->in_off, NULL, k->in_sizes, k->sl_t);
        return insert(b, in, acc, p->rank, k->sink_off, k->sink_sizes);
    }
    int q = k->floors[level];
    int td = (int)k->pos[p->role[q]];
    Value *w = rdl_cindex(b, k->width[q]);
    if (p->pb[q] <= 1) {
        Value *s = rdl_cindex(b, 0);
        k->in_off[td] = rdl_bin(b, "arith.muli", s, w);
        k->sink_off[q] = s;
        return sink_level(k, b, level + 1, acc);
    }
    RdlB body;
    Value *iv, *a;
    Op *f = loop(b, p->pb[q], acc, &body, &iv, &a);
    k->in_off[td] = rdl_bin(&body, "arith.muli", iv, w);
    k->sink_off[q] = iv;
    return end_loop(&body, f, sink_level(k, &body, level + 1, a));
}

static void sink_store(Rdl *r, Op *st) {
    Ctx *c = r->c;
    if (st->verbatim || st->nopnds != 2) return;
    Value *data = op_operand(st, 0);
    int64_t pb[RDL_MAXR];
    int pr = rdl_tile_dims(op_operand(st, 1)->type, pb);
    if (!rdl_ranked(data->type) || pr < 0 || data->type->sh.rank == pr || data->type->sh.rank > RDL_MAXR) return;
    RdlLayout *l = tile_layout(r, op_operand(st, 1));
    if (!l || l->n != pr) return;
    int lr = data->type->sh.rank;
    Plan plan;
    memset(&plan, 0, sizeof plan);
    plan.value = data;
    plan.l = l;
    plan.rank = pr;
    for (int k = 0; k < pr; k++) { plan.pb[k] = pb[k]; plan.role[k] = l->src[k]; }
    classify(&plan, l->kind);
    if (!plan.nfloor) return fail(r, st, "spyre_tensor_layout: store sink stage requires at least one parallel floor dim in the output layout");
    if (plan.nloop) return fail(r, st, "spyre_tensor_layout: store sink stage: unexpected reduction dim");
    int64_t iota[RDL_MAXR] = { 0 };
    for (int d = 0; d < lr; d++) iota[d] = d;
    if (!tile_perm(&plan, iota, lr))
        return fail(r, st, "spyre_tensor_layout: store sink stage: the logical data does not fit the physical tile");
    Sink k = { .p = &plan, .lr = lr };
    RdlB b = { c, st, NULL, st->loc };
    Value *d = data;
    for (int i = 0; i < lr; i++) k.pos[i] = i;
    if (plan.has_perm) {
        /* the data's dim i goes to position perm^-1... : transpose so that
         * logical dim dd sits at pos[dd] */
        int64_t inv[RDL_MAXR];
        for (int j = 0; j < lr; j++) inv[plan.perm[j]] = j;
        for (int i = 0; i < lr; i++) k.pos[i] = inv[i];
        d = transpose(&b, data, lr, inv);
    }
    for (int j = 0; j < plan.ntile; j++) {
        int q = plan.tile[j];
        if (plan.role[q] < lr) k.in_sizes[k.pos[plan.role[q]]] = pb[q];
    }
    for (int i = 0; i < plan.nfloor; i++) {
        int q = plan.floor[i];
        if (plan.role[q] >= lr) continue;
        /* the stick width of this dim: the extent of the tile dim of the same logical dim */
        int64_t w = plan.stick;
        for (int j = 0; j < plan.ntile; j++)
            if (plan.role[plan.tile[j]] == plan.role[q]) { w = pb[plan.tile[j]]; break; }
        k.width[q] = w;
        k.in_sizes[k.pos[plan.role[q]]] = w;
        k.floors[k.nf++] = q;
    }
    /* every logical dim: one op-tile dim, times the sticks of at most one floor dim */
    for (int d = 0; d < lr; d++) {
        int64_t ext = 0, sticks = 1;
        int nt = 0, nf = 0;
        for (int j = 0; j < plan.ntile; j++)
            if (plan.role[plan.tile[j]] == d) { ext = pb[plan.tile[j]]; nt++; }
        for (int i = 0; i < plan.nfloor; i++)
            if (plan.role[plan.floor[i]] == d) { sticks = pb[plan.floor[i]]; nf++; }
        if (nt != 1 || nf > 1 || ext * sticks != data->type->sh.dims[d])
            return fail(r, st, "spyre_tensor_layout: store sink stage: the physical tile does not cover the stored data exactly");
    }
    for (int q = 0; q < pr; q++) {
        k.sink_sizes[q] = plan.kind[q] == SK_STICK ? 1 : pb[q];
        k.sink_off[q] = NULL;
    }
    for (int i = 0; i < lr; i++) k.in_off[i] = NULL;
    k.data = d;
    k.sl_t = type_tensor(c, lr, k.in_sizes, data->type->sh.elem);
    Value *sink = rdl_op(&b, "tensor.empty", type_tensor(c, pr, pb, data->type->sh.elem), 0, NULL);
    Value *res = sink_level(&k, &b, 0, sink);
    op_set_operand(st, 0, res);
}

/* ---- driver ----------------------------------------------------------------------- */

static bool collect(Op *op, void *ud) {
    if (op_is(op, OP_linalg_matmul) || op_is(op, OP_linalg_batch_matmul) || op_is(op, OP_linalg_reduce) || op_is(op, OP_ktdp_store))
        pv_push(ud, op);
    return true;
}

/* what phase 2 leaves behind must be logical again: a contraction or a
 * store that still sees a physical shape could not be traced */
static void leftover(Rdl *r, Op *op) {
    if (op->verbatim) return;
    if (op_is(op, OP_linalg_matmul) || op_is(op, OP_linalg_batch_matmul)) {
        int want = op_is(op, OP_linalg_matmul) ? 2 : 3;
        for (int i = 0; i < 2 && i < op->nopnds; i++) {
            Type *t = op_operand(op, i)->type;
            if (rdl_ranked(t) && t->sh.rank != want) {
                diag_error(r->d, op->loc, "spyre_tensor_layout: '%s' has an operand in a physical (stick-laid-out) shape that cannot be traced to a physical load", op_name(op));
                r->failed = true;
                return;
            }
        }
    } else if (op_is(op, OP_linalg_reduce)) {
        Attr *dims = op_attr(op, "dimensions");
        Type *in = op->nopnds ? op_operand(op, 0)->type : NULL, *out = op->nres ? op->res[0].type : NULL;
        if (dims && dims->kind == A_DENSE_ARRAY && rdl_ranked(in) && rdl_ranked(out) && in->sh.rank != out->sh.rank + dims->darr.n) {
            diag_error(r->d, op->loc, "spyre_tensor_layout: 'linalg.reduce' has an input in a physical (stick-laid-out) shape that cannot be traced to a physical load");
            r->failed = true;
        }
    } else if (op_is(op, OP_ktdp_store) && op->nopnds == 2) {
        int64_t pb[RDL_MAXR], tau[RDL_MAXR + 1];
        Type *t = op_operand(op, 0)->type;
        if (rdl_walk_to_load(r, op_operand(op, 0), tau) && tau[0]) {
            diag_error(r->d, op->loc, "spyre_tensor_layout: a transposed physical (stick-laid-out) tensor is stored; a transpose of a physical load can only feed matmul, batch_matmul or reduce");
            r->failed = true;
            return;
        }
        int pr = rdl_tile_dims(op_operand(op, 1)->type, pb);
        if (rdl_ranked(t) && pr >= 0 && t->sh.rank != pr) {
            diag_error(r->d, op->loc, "spyre_tensor_layout: a %s tensor is stored through a %s access tile; store it through a descriptor with the same tt.spyre_tensor_layout",
                       tile_layout(r, op_operand(op, 1)) ? "logical" : "physical (stick-laid-out)", tile_layout(r, op_operand(op, 1)) ? "physical" : "logical");
            r->failed = true;
        }
    }
}

void rdl_synthesise(Rdl *r, Op *module) {
    if (!r->views.n) return;
    PtrVec ops = { 0 };
    op_walk(module, collect, &ops);
    for (int i = 0; i < ops.n && !r->failed; i++) {
        Op *op = ops.v[i];
        if (!op->block) continue;
        if (op_is(op, OP_ktdp_store)) sink_store(r, op);
        else source_op(r, op);
    }
    pv_free(&ops);
    if (r->failed) return;
    op_walk(module, collect, &ops);
    for (int i = 0; i < ops.n && !r->failed; i++) leftover(r, ops.v[i]);
    pv_free(&ops);
}
