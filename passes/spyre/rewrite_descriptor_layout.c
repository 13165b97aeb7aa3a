/* passes/spyre/rewrite_descriptor_layout.c - the `rewrite-descriptor-layout`
 * pass (spyre-lowering spec 2.4 and 5): a tt.spyre_tensor_layout marker on a
 * lowered descriptor moves its memory view, access tiles and loads from the
 * logical shape to the physical (stick-tiled) one.
 *
 * Phase 1, per marker in program order:
 *   - a new ktdp.construct_memory_view before the old one, over the same base,
 *     with the physical sizes E(S) (floordiv: ceildiv, mod: the stick) and
 *     strides: data-layout=device gives row-major physical strides (SSA
 *     arith.muli chains when a size is dynamic), host derives them from the
 *     logical strides (floordiv: stride * arg).  The old view stays, dead;
 *   - each direct access tile of the view is rebuilt over the physical block
 *     E(B) with one index per physical dim: identity forwards the logical
 *     index, mod is arith.remsi and floordiv arith.divsi by the argument --
 *     except when the logical index is `iv * C` of an enclosing scf.for with
 *     C equal to the block extent: the loop is rescaled once from block to
 *     stick units (bounds and step times the sticks per block, each such
 *     multiply of the IV divided by it) and the IV itself is the index;
 *   - each indirect (gather) tile gets physical intermediate variables and
 *     subscripts (spec 5.7);
 *   - a load of a rebuilt tile is re-created with the physical tensor type
 *     and the change is carried forward through elementwise users; a
 *     linalg.transpose user is absorbed (its permutation is recorded on its
 *     input for phase 2); matmul, batch_matmul, reduce and ktdp.store take
 *     the physical value as it is, and any other user is an error.  A store
 *     of a rebuilt tile only switches its tile.
 * Phase 2 (rewrite_descriptor_layout_synth.c) re-synthesises contractions and
 * sinks logical data into physical store tiles.  Phase 3 erases the markers
 * and their bridge casts when unused.
 *
 * Differences from the reference (docs/differences.md): only the traced
 * multiply of the IV gets a new constant (the reference redirects every use
 * of the old constant); an index is IV-driven only when it is exactly
 * iv * (sticks per block * stick), so `iv * C + D` and other forms take the
 * exact divsi / remsi path; the loop is rescaled only when every use of the
 * IV is such a multiply; a user of a physical value that is not listed
 * above is an error instead of being retyped blindly, and so are
 * elementwise ops mixing shapes, layouts or absorbed transposes. */
#include "descriptor_layout.h"

/* ---- small builders ------------------------------------------------------ */

static RdlB at(Ctx *c, Op *pos) { return (RdlB){ c, pos, NULL, pos->loc }; }

static bool dict_get_prop(const Op *op, const char *name) {
    for (int i = 0; i < op->nprops; i++) if (!strcmp(op_props(op)[i].name, name)) return true;
    return false;
}

/* ---- the marker ---------------------------------------------------------- */

static bool read_layout(Op *m, RdlLayout *l) {
    static const char *const names[3] = { "phys_src", "phys_op", "phys_arg" };
    int64_t *dst[3] = { l->src, l->kind, l->arg };
    l->op = m;
    l->n = -1;
    for (int k = 0; k < 3; k++) {
        Attr *a = op_attr(m, names[k]);
        if (!a || a->kind != A_DENSE_ARRAY || (a->darr.n && !a->darr.i) || a->darr.n > RDL_MAXR) return false;
        if (l->n >= 0 && a->darr.n != l->n) return false;
        l->n = a->darr.n;
        for (int i = 0; i < a->darr.n; i++) dst[k][i] = a->darr.i[i];
    }
    if (l->n <= 0) return false;
    for (int i = 0; i < l->n; i++)
        if (l->src[i] < 0 || l->kind[i] < 0 || l->kind[i] > 2 || (l->kind[i] && l->arg[i] <= 0)) return false;
    return true;
}

/* E_k(X): the physical extent of one dim, or KB_DYN */
static int64_t extent(const RdlLayout *l, int k, int64_t x) {
    if (l->kind[k] == RDL_MOD) return l->arg[k];
    if (x == KB_DYN || x == DYN) return KB_DYN;
    return l->kind[k] == RDL_FD ? (x + l->arg[k] - 1) / l->arg[k] : x;
}

/* ---- loops --------------------------------------------------------------- */

static bool is_cast(const Op *o) {
    return op_is(o, OP_arith_index_cast) || op_is(o, OP_arith_index_castui) || op_is(o, OP_arith_trunci) ||
           op_is(o, OP_arith_extsi) || op_is(o, OP_arith_extui);
}
static bool const_int(Value *v, int64_t *out) {
    Attr *a = value_const(v);
    if (!a || a->kind != A_INT) return false;
    *out = a->i;
    return true;
}
/* the scf.for whose induction variable v is, or NULL */
static Op *loop_of_iv(Value *v) {
    if (v->def || !value_argblock(v) || !value_argblock(v)->region) return NULL;
    Op *p = value_argblock(v)->region->op;
    if (!p || !op_is(p, OP_scf_for) || p->verbatim || value_argblock(v) != p->regions[0].first || v != value_argblock(v)->args[0]) return NULL;
    return p;
}

/* idx = casts(muli(casts(iv), C)): the loop, with *mul the multiply */
static Op *iv_product(Value *idx, Op **mul) {
    *mul = NULL;
    for (Value *v = idx; v;) {
        Op *f = loop_of_iv(v);
        if (f) return *mul ? f : NULL;
        Op *d = v->def;
        if (!d || d->verbatim) return NULL;
        int64_t k;
        if (is_cast(d) && d->nopnds == 1) v = op_operand(d, 0);
        else if (op_is(d, OP_arith_muli) && !*mul && d->nopnds == 2 && const_int(op_operand(d, 1), &k)) { *mul = d; v = op_operand(d, 0); }
        else return NULL;
    }
    return NULL;
}

/* every use of v is a cast leading on to such uses, or `muli v, C` with C a
 * multiple of f; with fix, each multiply gets C / f */
static bool iv_uses_scale(Ctx *c, Value *v, int64_t f, bool fix) {
    for (Use *u = v->uses; u; u = u->next) {
        Op *o = u->owner;
        int64_t k;
        if (o->verbatim) return false;
        if (is_cast(o) && o->nres == 1) {
            if (!iv_uses_scale(c, &o->res[0], f, fix)) return false;
        } else if (op_is(o, OP_arith_muli) && use_index(u) == 0 && o->nopnds == 2 && const_int(op_operand(o, 1), &k) && k % f == 0) {
            if (fix) {
                Type *t = op_operand(o, 1)->type;
                Op *nk = const_new(c, attr_int(c, t, k / f), t, o->loc);
                op_insert_before(o, nk);
                op_set_operand(o, 1, &nk->res[0]);
            }
        } else return false;
    }
    return true;
}

static intptr_t rescaled_by(Rdl *r, Op *f) {
    for (int i = 0; i < r->rescaled.n; i++)
        if (r->rescaled.v[i] == f) return (intptr_t)r->rescale_by.v[i];
    return 0;
}

/* is the floordiv index idx (by a, block extent f sticks) driven by a loop
 * IV as iv * (f * a)?  Rescales the loop on first use. */
static bool iv_driven(Rdl *r, Value *idx, int64_t f, int64_t a, Value **ivp) {
    Op *mul, *loop = iv_product(idx, &mul);
    if (!loop) return false;
    int64_t k;
    if (!const_int(op_operand(mul, 1), &k)) return false;
    Value *iv = loop->regions[0].first->args[0];
    intptr_t g = rescaled_by(r, loop);
    if (g) {
        if (g != f || k != a) return false;
    } else {
        if (k != f * a || !iv_uses_scale(r->c, iv, f, false)) return false;
        pv_push(&r->rescaled, loop);
        pv_push(&r->rescale_by, (void *)(intptr_t)f);
        if (f > 1) {
            RdlB b = at(r->c, loop);
            Value *fv = rdl_put(&b, const_new(r->c, attr_int(r->c, iv->type, f), iv->type, loop->loc));
            for (int i = 0; i < 3; i++) op_set_operand(loop, i, rdl_bin(&b, "arith.muli", op_operand(loop, i), fv));
            iv_uses_scale(r->c, iv, f, true);
        }
    }
    *ivp = iv;
    return true;
}

/* ---- loads --------------------------------------------------------------- */

static bool is_contraction(const Op *o) {
    return op_is(o, OP_linalg_matmul) || op_is(o, OP_linalg_batch_matmul) || op_is(o, OP_linalg_reduce) ||
           (!strncmp(o->info->name, "linalg.", 7) && strstr(o->info->name, "matmul")) ||
           !strcmp(o->info->name, "linalg.matvec") || !strcmp(o->info->name, "linalg.vecmat") || !strcmp(o->info->name, "linalg.dot");
}

/* the permutation slot of a value (the input of an absorbed transpose):
 * Q o P when it already holds Q */
static void absorb_perm(Rdl *r, Value *load, const Attr *p) {
    int64_t *slot = NULL;
    for (int i = 0; i < r->loads.n; i++)
        if (r->loads.v[i] == load) slot = r->load_perm.v[i];
    int n = p->darr.n < RDL_MAXR ? p->darr.n : RDL_MAXR;
    if (!slot) {
        slot = ctx_alloc(r->c, sizeof(int64_t) * (RDL_MAXR + 1));
        slot[0] = n;
        for (int i = 0; i < n; i++) slot[1 + i] = p->darr.i[i];
        pv_push(&r->loads, load);
        pv_push(&r->load_perm, slot);
        return;
    }
    int64_t q[RDL_MAXR];
    for (int i = 0; i < n; i++) q[i] = slot[1 + i];
    for (int i = 0; i < n; i++) {
        int64_t j = p->darr.i[i];
        slot[1 + i] = j >= 0 && j < n ? q[j] : j;
    }
}

/* carry the physical type of a new load forward through its users */
static void retype_chain(Rdl *r, Value *oldv, Value *nv) {
    value_replace_all_uses(oldv, nv);
    PtrVec work = { 0 };
    for (Use *u = nv->uses; u; u = u->next) pv_push(&work, u->owner);
    while (work.n && !r->failed) {
        Op *o = work.v[--work.n];
        /* erased, or a consumer that takes the physical value as it is */
        if (!o->block || is_contraction(o) || op_is(o, OP_ktdp_store)) continue;
        if (op_is(o, OP_linalg_transpose) && !o->verbatim && o->nopnds == 2) {
            Attr *p = op_attr(o, "permutation");
            if (p && p->kind == A_DENSE_ARRAY && p->darr.i) absorb_perm(r, op_operand(o, 0), p);
            PtrVec users = { 0 };
            for (Use *u = o->res[0].uses; u; u = u->next) pv_push(&users, u->owner);
            value_replace_all_uses(&o->res[0], op_operand(o, 0));
            for (int i = 0; i < users.n; i++) pv_push(&work, users.v[i]);
            pv_free(&users);
            op_erase(o);
            continue;
        }
        if (!(o->info->traits & TR_ELEMWISE) || o->verbatim || o->nres != 1) {
            diag_error(r->d, o->loc, "spyre_tensor_layout: '%s' cannot take a physical (stick-laid-out) operand; only elementwise ops, transposes, matmul, batch_matmul, reduce and ktdp.store can",
                       op_name(o));
            r->failed = true;
            break;
        }
        Type *rt = o->res[0].type, *ot = op_operand(o, 0)->type;
        if (!rdl_ranked(rt) || !rdl_ranked(ot)) continue;
        pv_push(&r->retyped, o);   /* checked once every load is physical */
        if (rt->sh.rank == ot->sh.rank && !memcmp(rt->sh.dims, ot->sh.dims, sizeof(int64_t) * (size_t)rt->sh.rank)) continue;
        o->res[0].type = type_tensor(r->c, ot->sh.rank, ot->sh.dims, rt->sh.elem);
        for (Use *u = o->res[0].uses; u; u = u->next) pv_push(&work, u->owner);
    }
    pv_free(&work);
}

static void retype_load(Rdl *r, Op *ld, Value *tile, int pr, const int64_t *pb) {
    Type *et = rdl_ranked(ld->res[0].type) ? ld->res[0].type->sh.elem : type_elem(ld->res[0].type);
    RdlB b = at(r->c, ld);
    Value *nv = rdl_op(&b, "ktdp.load", type_tensor(r->c, pr, pb, et), 1, &tile);
    op_set_locattr(r->c, nv->def, op_locattr(ld));
    retype_chain(r, &ld->res[0], nv);
    op_erase(ld);
}

/* ---- phase 1: one descriptor ---------------------------------------------- */

static bool fail(Rdl *r, Op *op, const char *msg) {
    diag_error(r->d, op->loc, "%s", msg);
    r->failed = true;
    return false;
}

static bool rewrite_tile(Rdl *r, Op *t, Value *view, const RdlLayout *l) {
    Ctx *c = r->c;
    int64_t lb[RDL_MAXR], pb[RDL_MAXR];
    int lr = rdl_tile_dims(t->res[0].type, lb), pr = l->n;
    if (lr < 0) return fail(r, t, "spyre_tensor_layout: cannot derive static block_shape");
    for (int k = 0; k < pr; k++) {
        if (l->src[k] >= lr) return fail(r, t, "spyre_tensor_layout: phys_src out of range");
        pb[k] = extent(l, k, lb[l->src[k]]);
        if (pb[k] == KB_DYN) return fail(r, t, "spyre_tensor_layout: cannot derive static block_shape");
    }
    for (int k = 0; k < pr; k++)
        if (l->kind[k] == RDL_MOD && lb[l->src[k]] != DYN && lb[l->src[k]] < l->arg[k]) {
            diag_error(r->d, t->loc, "spyre_tensor_layout: block extent of stick dim (%lld) is smaller than the stick size (%lld); a stick dim cannot be sub-stick",
                       (long long)lb[l->src[k]], (long long)l->arg[k]);
            r->failed = true;
            return false;
        }
    /* the logical indices, through a base map that may repeat an operand */
    Attr *seg = op_attr(t, "operandSegmentSizes");
    int ni = seg && seg->kind == A_DENSE_ARRAY && seg->darr.n == 3 && seg->darr.i ? (int)seg->darr.i[1] : t->nopnds - 1;
    if (ni < 0 || ni > RDL_MAXR || 1 + ni > t->nopnds) return fail(r, t, "spyre_tensor_layout: cannot read the access tile indices");
    Value *raw[RDL_MAXR], *li[RDL_MAXR];
    for (int i = 0; i < ni; i++) raw[i] = op_operand(t, 1 + i);
    Attr *bm = op_attr(t, "base_map");
    if (bm && bm->kind == A_AFFINE_MAP && bm->map.n == lr && bm->map.ndims == ni && ni > 0) {
        for (int d = 0; d < lr; d++) {
            AExpr *e = bm->map.res[d];
            li[d] = e->kind == AE_DIM && e->v < ni ? raw[e->v] : raw[0];
        }
    } else {
        if (ni != lr) return fail(r, t, "spyre_tensor_layout: cannot read the access tile indices");
        for (int d = 0; d < lr; d++) li[d] = raw[d];
    }
    /* first every loop rescale, then the indices from the settled IR */
    Value *ivs[RDL_MAXR] = { 0 };
    for (int k = 0; k < pr; k++)
        if (l->kind[k] == RDL_FD && !iv_driven(r, li[l->src[k]], pb[k], l->arg[k], &ivs[k])) ivs[k] = NULL;
    RdlB b = at(c, t);
    Value *pi[RDL_MAXR];
    for (int k = 0; k < pr; k++) {
        Value *x = li[l->src[k]];
        if (ivs[k]) pi[k] = kb_index(c, t, ivs[k]);
        else if (l->kind[k] == RDL_FD) pi[k] = rdl_bin(&b, "arith.divsi", x, rdl_cindex(&b, l->arg[k]));
        else if (l->kind[k] == RDL_MOD) pi[k] = rdl_bin(&b, "arith.remsi", x, rdl_cindex(&b, l->arg[k]));
        else pi[k] = x;
    }
    Value *nt = kb_access_tile(c, t, view, pr, pi, pb);
    PtrVec users = { 0 };
    for (Use *u = t->res[0].uses; u; u = u->next) pv_push(&users, u->owner);
    bool ok = true;
    for (int i = users.n - 1; i >= 0 && ok; i--) {
        Op *u = users.v[i];
        if (!u->block) continue;   /* a load already re-created (used twice) */
        if (op_is(u, OP_ktdp_load) && !u->verbatim) retype_load(r, u, nt, pr, pb);
        else if (op_is(u, OP_ktdp_store) && !u->verbatim && u->nopnds == 2 && op_operand(u, 1) == &t->res[0]) op_set_operand(u, 1, nt);
        else ok = fail(r, u, "spyre_tensor_layout: unexpected user of access tile");
        ok = ok && !r->failed;
    }
    pv_free(&users);
    if (!ok) return false;
    op_erase(t);
    return true;
}

/* e with dim i replaced by sub[i] */
static AExpr *subst(Ctx *c, AExpr *e, int nd, AExpr *const *sub) {
    switch (e->kind) {
    case AE_CONST: case AE_SYM: return e;
    case AE_DIM: return e->v < nd ? sub[e->v] : e;
    default: return ae_bin(c, e->kind, subst(c, e->l, nd, sub), subst(c, e->r, nd, sub));
    }
}

/* spec 5.7: the gather tile over the physical view */
static bool rewrite_itile(Rdl *r, Op *t, Value *view, const RdlLayout *l) {
    Ctx *c = r->c;
    int64_t lb[RDL_MAXR], pb[RDL_MAXR];
    int lr = rdl_tile_dims(t->res[0].type, lb), pr = l->n;
    Attr *kinds = op_attr(t, "per_dim_subscript_kinds"), *maps = op_attr(t, "per_dim_subscript_maps");
    Attr *seg = op_attr(t, "operandSegmentSizes");
    if (lr != 2) {
        diag_error(r->d, t->loc, "spyre_tensor_layout: physicalizing an indirect access tile is only supported for a rank-2 gather (got logical rank %d)", lr);
        r->failed = true;
        return false;
    }
    if (!kinds || kinds->kind != A_ARRAY || kinds->arr.n != 2 || !maps || maps->kind != A_ARRAY || maps->arr.n != 2 ||
        !seg || seg->kind != A_DENSE_ARRAY || seg->darr.n != 4 || !seg->darr.i)
        return fail(r, t, "spyre_tensor_layout: cannot read the indirect access tile");
    Attr *k0 = kinds->arr.elts[0], *k1 = kinds->arr.elts[1];
    if (k0->kind != A_BOOL || k1->kind != A_BOOL || !k0->i || k1->i)
        return fail(r, t, "spyre_tensor_layout: physicalizing an indirect access tile assumes logical dim 0 is indirect (gather) and logical dim 1 is direct; got a different subscript-kind layout");
    for (int k = 0; k < pr; k++)
        if (l->src[k] == 0 && l->kind[k] != RDL_ID)
            return fail(r, t, "spyre_tensor_layout: stick-splitting the indirect (gather) row dim is not supported");
    int rows = 0;
    for (int k = 0; k < pr; k++) rows += l->src[k] == 0;
    if (rows != 1)
        return fail(r, t, "spyre_tensor_layout: the layout of a gathered descriptor must keep the indirect (gather) row dim exactly once");
    for (int k = 0; k < pr; k++) {
        if (l->src[k] >= lr) return fail(r, t, "spyre_tensor_layout: phys_src out of range for indirect tile");
        pb[k] = extent(l, k, lb[l->src[k]]);
        if (pb[k] == KB_DYN) return fail(r, t, "spyre_tensor_layout: cannot derive static block_shape for indirect access tile");
    }
    int nc = (int)seg->darr.i[2];
    /* logical variable L rebuilt from the physical ones */
    AExpr *logical[2] = { NULL, NULL };
    for (int k = 0; k < pr; k++) {
        AExpr *v = ae_dim(c, nc + k), *piece = l->kind[k] == RDL_FD ? ae_mul(c, v, ae_const(c, l->arg[k])) : v;
        int L = (int)l->src[k];
        logical[L] = logical[L] ? ae_add(c, logical[L], piece) : piece;
    }
    Attr *nk[RDL_MAXR], *nm[RDL_MAXR];
    for (int k = 0; k < pr; k++) {
        int L = (int)l->src[k];
        Attr *om = maps->arr.elts[L];
        if (om->kind != A_AFFINE_MAP || om->map.n < 1 || !logical[L ? 1 : 0]) return fail(r, t, "spyre_tensor_layout: cannot read the indirect access tile");
        /* substitute: captured dims stay, logical dims become the rebuilt sums */
        AExpr *sub[RDL_MAXR + 64];
        int nd = om->map.ndims;
        if (nd != nc + lr || nd > RDL_MAXR + 64) return fail(r, t, "spyre_tensor_layout: cannot read the indirect access tile");
        for (int i = 0; i < nc; i++) sub[i] = ae_dim(c, i);
        for (int i = 0; i < lr; i++) sub[nc + i] = logical[i] ? logical[i] : ae_const(c, 0);
        AExpr *res[RDL_MAXR];
        int nres = om->map.n < RDL_MAXR ? om->map.n : RDL_MAXR;
        for (int j = 0; j < nres; j++) {
            AExpr *e = subst(c, om->map.res[j], nd, sub);
            if (l->kind[k] == RDL_FD) e = ae_bin(c, AE_FLOORDIV, e, ae_const(c, l->arg[k]));
            else if (l->kind[k] == RDL_MOD) e = ae_bin(c, AE_MOD, e, ae_const(c, l->arg[k]));
            res[j] = e;
        }
        nk[k] = kinds->arr.elts[L];
        nm[k] = attr_map(c, nc + pr, 0, nres, res);
    }
    Value **opnds = malloc(sizeof(Value *) * (size_t)t->nopnds);
    for (int i = 0; i < t->nopnds; i++) opnds[i] = op_operand(t, i);
    opnds[0] = view;
    Type *tt = kb_tile_type(c, pr, pb);
    Op *n = op_new(c, "ktdp.construct_indirect_access_tile", 1, &tt, t->nopnds, opnds, 1, t->loc);
    free(opnds);
    op_set_locattr(c, n, op_locattr(t));
    Block *blk = block_new(c);
    region_append_block(&n->regions[0], blk);
    for (int k = 0; k < pr; k++) block_add_arg(c, blk, type_index(c), t->loc);
    op_append(blk, op_new(c, "ktdp.region_terminator", 0, NULL, 0, NULL, 0, t->loc));
    op_set_prop(c, n, "operandSegmentSizes", seg);
    op_set_prop(c, n, "per_dim_subscript_kinds", attr_array(c, pr, nk));
    op_set_prop(c, n, "per_dim_subscript_maps", attr_array(c, pr, nm));
    op_set_attr(c, n, "variables_space_order", kb_identity(c, pr));
    op_set_attr(c, n, "variables_space_set", kb_range_set(c, pr, pb));
    Value *nt = kb_place(c, t, n);
    PtrVec users = { 0 };
    for (Use *u = t->res[0].uses; u; u = u->next) pv_push(&users, u->owner);
    bool ok = true;
    for (int i = users.n - 1; i >= 0 && ok; i--) {
        Op *u = users.v[i];
        if (!u->block) continue;
        if (op_is(u, OP_ktdp_load) && !u->verbatim) retype_load(r, u, nt, pr, pb);
        else ok = fail(r, u, "spyre_tensor_layout: unexpected user of indirect access tile");
        ok = ok && !r->failed;
    }
    pv_free(&users);
    if (!ok) return false;
    op_erase(t);
    return true;
}

static bool physicalise(Rdl *r, Op *m) {
    Ctx *c = r->c;
    RdlLayout *l = ctx_alloc(c, sizeof *l);
    if (!read_layout(m, l)) return fail(r, m, "spyre_tensor_layout: malformed phys_src / phys_op / phys_arg");
    Value *desc = m->nopnds == 1 ? op_operand(m, 0) : NULL;
    Op *cast = desc ? desc->def : NULL;
    if (!cast || cast->verbatim || !op_is(cast, OP_unrealized_cast) || cast->nopnds != 1 ||
        !op_operand(cast, 0)->type || op_operand(cast, 0)->type->kind != T_MEMREF)
        return fail(r, m, "spyre_tensor_layout: desc operand is not a lowered descriptor \xe2\x80\x94 pass must run after LowerDescriptorMemory");
    Value *ov = op_operand(cast, 0);
    Op *vo = ov->def;
    if (!vo || vo->verbatim || !op_is(vo, OP_ktdp_construct_memory_view))
        return fail(r, m, "spyre_tensor_layout: cannot locate construct_memory_view behind cast");
    Attr *ssz = op_attr(vo, "static_sizes"), *sst = op_attr(vo, "static_strides"), *seg = op_attr(vo, "operandSegmentSizes");
    int lr = ssz && ssz->kind == A_DENSE_ARRAY ? ssz->darr.n : -1;
    if (lr <= 0 || lr > RDL_MAXR || !ssz->darr.i || !sst || sst->kind != A_DENSE_ARRAY || sst->darr.n != lr || !sst->darr.i ||
        !seg || seg->kind != A_DENSE_ARRAY || seg->darr.n != 3 || !seg->darr.i)
        return fail(r, m, "spyre_tensor_layout: cannot read the logical memory view");
    const int64_t *S = ssz->darr.i, *T = sst->darr.i;
    Value *dS[RDL_MAXR] = { 0 }, *dT[RDL_MAXR] = { 0 };   /* per logical dim */
    int next = (int)seg->darr.i[0];
    for (int i = 0; i < lr; i++) if (S[i] == KB_DYN) dS[i] = op_operand(vo, next++);
    for (int i = 0; i < lr; i++) if (T[i] == KB_DYN) dT[i] = op_operand(vo, next++);
    int pr = l->n;
    int64_t ps[RDL_MAXR], pst[RDL_MAXR];
    for (int k = 0; k < pr; k++) {
        if (l->src[k] >= lr) return fail(r, m, "spyre_tensor_layout: phys_src out of range");
        ps[k] = extent(l, k, S[l->src[k]]);
    }
    /* emission, before the old view */
    RdlB b = at(c, vo);
    Value *pds[RDL_MAXR], *pdsk[RDL_MAXR] = { 0 }, *pdt[RDL_MAXR];
    int nps = 0, npt = 0;
    for (int k = 0; k < pr; k++) {
        if (ps[k] != KB_DYN) continue;
        Value *s = dS[l->src[k]];
        if (!s) return fail(r, m, l->kind[k] == RDL_FD ? "spyre_tensor_layout: expected dynamic size for floordiv dim" : "spyre_tensor_layout: expected dynamic size for identity dim");
        if (l->kind[k] == RDL_FD) s = rdl_bin(&b, "arith.ceildivsi", s, rdl_cindex(&b, l->arg[k]));
        pds[nps++] = pdsk[k] = s;
    }
    if (r->device) {
        bool dyn = false;
        for (int k = 0; k < pr; k++) dyn |= ps[k] == KB_DYN;
        if (!dyn) {
            pst[pr - 1] = 1;
            for (int k = pr - 2; k >= 0; k--) pst[k] = pst[k + 1] * ps[k + 1];
        } else {
            Value *sv[RDL_MAXR];
            sv[pr - 1] = rdl_cindex(&b, 1);
            for (int k = pr - 2; k >= 0; k--)
                sv[k] = rdl_bin(&b, "arith.muli", sv[k + 1], ps[k + 1] == KB_DYN ? pdsk[k + 1] : rdl_cindex(&b, ps[k + 1]));
            for (int k = 0; k < pr; k++) { pst[k] = KB_DYN; pdt[npt++] = sv[k]; }
        }
    } else {
        for (int k = 0; k < pr; k++) {
            int s = (int)l->src[k];
            if (T[s] != KB_DYN) { pst[k] = l->kind[k] == RDL_FD ? T[s] * l->arg[k] : T[s]; continue; }
            if (!dT[s]) return fail(r, m, "spyre_tensor_layout: expected dynamic stride for dim");
            pst[k] = KB_DYN;
            pdt[npt++] = l->kind[k] == RDL_FD ? rdl_bin(&b, "arith.muli", dT[s], rdl_cindex(&b, l->arg[k])) : dT[s];
        }
    }
    Value *nv = kb_memory_view(c, vo, op_operand(vo, 0), pr, ps, pds, pst, pdt, ov->type->sh.elem);
    op_set_locattr(c, nv->def, op_locattr(vo));
    Attr *space = op_attr(vo, "memory_space");
    if (space) {   /* the old view's memory space, wherever the builder put HBM */
        if (dict_get_prop(nv->def, "memory_space")) op_set_prop(c, nv->def, "memory_space", space);
        else op_set_attr(c, nv->def, "memory_space", space);
    }
    pv_push(&r->views, nv);
    pv_push(&r->view_layout, l);
    /* the tiles over the old view, in use order */
    PtrVec tiles = { 0 };
    for (Use *u = ov->uses; u; u = u->next)
        if ((op_is(u->owner, OP_ktdp_construct_access_tile) || op_is(u->owner, OP_ktdp_construct_indirect_access_tile)) &&
            !u->owner->verbatim && use_index(u) == 0)
            pv_push(&tiles, u->owner);
    bool ok = true;
    for (int pass = 0; pass < 2 && ok; pass++)
        for (int i = tiles.n - 1; i >= 0 && ok; i--) {
            Op *t = tiles.v[i];
            bool direct = op_is(t, OP_ktdp_construct_access_tile);
            if (direct != (pass == 0)) continue;
            ok = direct ? rewrite_tile(r, t, nv, l) : rewrite_itile(r, t, nv, l);
        }
    pv_free(&tiles);
    return ok;
}

/* the layout behind a load (direct or indirect tile), or NULL */
static RdlLayout *load_layout(Rdl *r, Op *ld) {
    Op *t = ld && ld->nopnds ? op_operand(ld, 0)->def : NULL;
    if (!t || t->verbatim || !t->nopnds) return NULL;
    if (!op_is(t, OP_ktdp_construct_access_tile) && !op_is(t, OP_ktdp_construct_indirect_access_tile)) return NULL;
    return rdl_view_layout(r, op_operand(t, 0));
}
static bool same_layout(const RdlLayout *a, const RdlLayout *b) {
    if (a->n != b->n) return false;
    for (int k = 0; k < a->n; k++)
        if (a->src[k] != b->src[k] || a->kind[k] != b->kind[k] || (a->kind[k] && a->arg[k] != b->arg[k])) return false;
    return true;
}

/* an elementwise op given a physical type must see only operands of that
 * shape, all laid out alike */
static void check_retyped(Rdl *r) {
    for (int i = 0; i < r->retyped.n && !r->failed; i++) {
        Op *o = r->retyped.v[i];
        Type *rt = o->res[0].type;
        const RdlLayout *first = NULL;
        int64_t tau0[RDL_MAXR + 1];
        bool have_tau = false;
        for (int j = 0; j < o->nopnds; j++) {
            Value *v = op_operand(o, j);
            if (!rdl_ranked(v->type)) continue;
            if (v->type->sh.rank != rt->sh.rank || memcmp(v->type->sh.dims, rt->sh.dims, sizeof(int64_t) * (size_t)rt->sh.rank)) {
                diag_error(r->d, o->loc, "spyre_tensor_layout: '%s' mixes a physical (stick-laid-out) operand with an operand of another shape", op_name(o));
                r->failed = true;
                break;
            }
            int64_t tau[RDL_MAXR + 1];
            const RdlLayout *l = load_layout(r, rdl_walk_to_load(r, v, tau));
            if (l && have_tau && (tau[0] != tau0[0] || memcmp(tau + 1, tau0 + 1, sizeof(int64_t) * (size_t)(tau[0] > 0 ? tau[0] : 0)))) {
                diag_error(r->d, o->loc, "spyre_tensor_layout: '%s' combines a transposed and an untransposed physical operand", op_name(o));
                r->failed = true;
                break;
            }
            if (l && !have_tau) { memcpy(tau0, tau, sizeof tau); have_tau = true; }
            if (l && first && !same_layout(l, first)) {
                diag_error(r->d, o->loc, "spyre_tensor_layout: '%s' combines operands with different physical layouts", op_name(o));
                r->failed = true;
                break;
            }
            if (l) first = l;
        }
    }
}

/* ---- the pass ------------------------------------------------------------ */

static bool collect(Op *op, void *ud) {
    if (op_is(op, OP_tt_spyre_tensor_layout) && !op->verbatim) pv_push(ud, op);
    return true;
}

static bool run(Ctx *c, Op *m, const PassOptions *o, Diag *d) {
    const char *dl = popt_str(o, "data-layout");
    if (!dl) dl = "device";
    if (strcmp(dl, "device") && strcmp(dl, "host")) {
        diag_error(d, m->loc, "rewrite-descriptor-layout: data-layout must be 'device' or 'host', got '%s'", dl);
        return false;
    }
    Rdl r = { .c = c, .d = d, .device = !strcmp(dl, "device") };
    PtrVec markers = { 0 };
    op_walk(m, collect, &markers);
    for (int i = 0; i < markers.n && !r.failed; i++) physicalise(&r, markers.v[i]);
    if (!r.failed) check_retyped(&r);
    if (!r.failed) rdl_synthesise(&r, m);
    if (!r.failed)
        for (int i = 0; i < markers.n; i++) {
            Op *mk = markers.v[i];
            Op *cast = mk->nopnds ? op_operand(mk, 0)->def : NULL;
            op_erase(mk);
            if (cast && op_is(cast, OP_unrealized_cast) && op_results_unused(cast)) op_erase(cast);
        }
    bool ok = !r.failed;
    pv_free(&markers);
    pv_free(&r.views); pv_free(&r.view_layout);
    pv_free(&r.loads); pv_free(&r.load_perm); pv_free(&r.retyped);
    pv_free(&r.rescaled); pv_free(&r.rescale_by);
    return ok;
}

static const PassOptDef opts[] = {
    { "data-layout", PO_STRING, "device", NULL, "physical strides: device (row-major physical) or host (derived from the logical strides)" },
};

const Pass pass_rewrite_descriptor_layout = {
    "rewrite-descriptor-layout",
    "tt.spyre_tensor_layout markers move memory views, access tiles and loads to the physical (stick-tiled) layout; matmul, batch_matmul and reduce are re-synthesised per stick",
    opts, 1, run,
};
