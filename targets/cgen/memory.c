/* targets/cgen/memory.c - memory access: tt/tts loads and stores, block pointers (see emit.h). */
#include "emit.h"

/* the C element read at address expression p of element type t */
static const char *mread(Cg *e, Type *t, const char *p) {
    if (fname_is(t, "f16")) { return fmt(e, "ttx_h2f(*%s)", p); }
    if (fname_is(t, "bf16")) { return fmt(e, "ttx_bf2f(*%s)", p); }
    if (t->kind == T_INT && t->i.width == 1) return fmt(e, "(*%s != 0)", p);
    return fmt(e, "*%s", p);
}
static const char *mwrite(Cg *e, Type *t, const char *v) {
    if (fname_is(t, "f16")) { return fmt(e, "ttx_hbits(%s)", v); }
    if (fname_is(t, "bf16")) { return fmt(e, "ttx_f2bf(%s)", v); }
    if (t->kind == T_INT && t->i.width == 1) return fmt(e, "(u8)%s", v);
    return v;
}

/* the boundary-checked address of element idx of block pointer bp, or NULL */
static const char *bptr_elem(Cg *e, Op *op, const char *bp, int r, const char *const *idx, const char **inb) {
    int64_t bc[MAXR];
    int nb = op_attr(op, "boundaryCheck") ? op_attr_ints(op, "boundaryCheck", bc, MAXR) : 0;
    if (nb < 0) return NULL;
    if (op_is(op, OP_tts_load) || op_is(op, OP_tts_store) || op_is(op, OP_tt_descriptor_load) || op_is(op, OP_tt_descriptor_store) ||
        op_is(op, OP_tt_descriptor_gather) || op_is(op, OP_tt_descriptor_scatter))
        /* the shape bounds every dimension */
        for (nb = 0; nb < r; nb++) bc[nb] = nb;
    const char *addr = NULL, *cond = NULL;
    for (int d = 0; d < r; d++) {
        const char *rd = is0(idx[d]) ? fmt(e, "%s.off[%d]", bp, d) : fmt(e, "(%s.off[%d] + %s)", bp, d, idx[d]);
        const char *term = fmt(e, "%s * %s.stride[%d]", rd, bp, d);
        addr = addr ? fmt(e, "%s + %s", addr, term) : term;
        for (int k = 0; k < nb; k++)
            if (bc[k] == d) {
                const char *c1 = fmt(e, "%s >= 0 && %s < %s.shape[%d]", rd, rd, bp, d);
                cond = cond ? fmt(e, "%s && %s", cond, c1) : c1;
            }
    }
    *inb = cond;
    return addr;
}

/* ---- the whole-block test of a mask ---------------------------------------
 * A masked tt.load or tt.store whose mask keeps every lane of the block runs
 * loops without the mask (each lane still passes TTX_IN, so a checking
 * driver sees every access).  The test is written before the loops, from the
 * mask's affine form: a comparison of an affine integer tensor with a
 * uniform one holds on the whole box when it holds at the box's extreme
 * corner, provided neither side leaves its width there (then the i64 affine
 * value is the w-bit value the comparison sees: + and * commute with the
 * wrap, a widening cast does not, so none may occur). */

/* v's affine form may differ from its w-bit value: a widening cast or a
 * loop-carried value on the way (true, too, when *budget runs out) */
static bool aff_unsure(Cg *e, Value *v, int *budget) {
    if (!is_tensor(v->type)) return false;   /* a scalar's term is its value */
    if (--*budget < 0 || cg_vi(e, v)->carried || !v->def) return true;
    Op *op = v->def;
    if (op_is(op, OP_arith_extsi) || op_is(op, OP_arith_index_cast)) return true;
    for (int i = 0; i < op->nopnds; i++)
        if (aff_unsure(e, op_operand(op, i), budget)) return true;
    return false;
}

/* the least (kmin <= 0) and greatest (kmax >= 0) of sum co[d] * i_d over
 * the box of t; false unless every coefficient is a small constant */
static bool aff_extent(const Aff *a, const Type *t, int64_t *kmin, int64_t *kmax) {
    *kmin = *kmax = 0;
    if (!is_tensor(t) || a->ptr || a->rank != t->sh.rank) return false;
    for (int d = 0; d < a->rank; d++) {
        int64_t c = a->co[d].c, n = t->sh.dims[d];
        if (!a->co[d].k || n < 1 || n > ((int64_t)1 << 24) || c > ((int64_t)1 << 24) || c < -((int64_t)1 << 24)) return false;
        int64_t x = c * (n - 1);
        if (x < 0) *kmin += x;
        else *kmax += x;
    }
    return true;
}

static const char *i64lit(Cg *e, int64_t v) { return cg_tstr(e, tconst(v)); }

/* the i64 expression t + k, or NULL when a constant sum leaves i64 */
static const char *plus(Cg *e, Term t, int64_t k) {
    if (t.k) {
        int64_t v;
        return __builtin_add_overflow(t.c, k, &v) ? NULL : i64lit(e, v);
    }
    if (!k) return t.s;
    return k < 0 ? fmt(e, "(%s - %s)", t.s, i64lit(e, -k)) : fmt(e, "(%s + %s)", t.s, i64lit(e, k));
}

/* the C condition that the comparison d (an arith.cmpi of tensors) holds
 * on every lane, or NULL */
static const char *cmp_all(Cg *e, Op *d) {
    int64_t pred;
    if (!op_attr_int(d, "predicate", &pred) || pred < 2 || pred > 5) return NULL;   /* slt sle sgt sge */
    Value *l = op_operand(d, 0), *r = op_operand(d, 1);
    if (!is_tensor(l->type) || !is_tensor(r->type)) return NULL;
    int budget = 64;
    if (aff_unsure(e, l, &budget) || aff_unsure(e, r, &budget)) return NULL;
    Aff *al = cg_aff_of(e, l), *ar = al ? cg_aff_of(e, r) : NULL;
    int64_t lmin, lmax, rmin, rmax;
    if (!ar || !aff_extent(al, l->type, &lmin, &lmax) || !aff_extent(ar, r->type, &rmin, &rmax)) return NULL;
    bool ul = cg_uniform(al), ur = cg_uniform(ar);
    if (!ul && !ur) return NULL;
    int w = iw(type_elem(l->type));
    int64_t lo = w >= 64 ? INT64_MIN : -((int64_t)1 << (w - 1)), hi = w >= 64 ? INT64_MAX : ((int64_t)1 << (w - 1)) - 1;
    const char *cond = NULL;
    /* each side in range on the whole box: its affine value is its value */
    const Aff *sa[2] = { al, ar };
    int64_t smin[2] = { lmin, rmin }, smax[2] = { lmax, rmax };
    for (int k = 0; k < 2; k++) {
        Value *sv = k ? r : l;
        Type *st = sv->def && op_is(sv->def, OP_tt_splat) ? op_operand(sv->def, 0)->type : NULL;
        if (!smin[k] && !smax[k] && (w >= 64 || (st && st->kind == T_INT && st->i.width <= w))) continue;   /* a w-bit scalar */
        int64_t a = lo - smin[k], b = hi - smax[k];   /* the base's range */
        if (a > b) return NULL;
        if (sa[k]->base.k) {
            if (sa[k]->base.c < a || sa[k]->base.c > b) return NULL;
            continue;
        }
        /* a <= base <= b as one unsigned comparison */
        const char *sh = a < 0 ? fmt(e, " + %" PRIu64 "ULL", 0 - (uint64_t)a) : a > 0 ? fmt(e, " - %" PRIu64 "ULL", (uint64_t)a) : "";
        const char *c1 = fmt(e, "(u64)(%s)%s <= %" PRIu64 "ULL", sa[k]->base.s, sh, (uint64_t)b - (uint64_t)a);
        cond = cond ? fmt(e, "%s && %s", cond, c1) : c1;
    }
    static const char *const cop[] = { "<", "<=", ">", ">=" };
    bool less = pred <= 3;
    /* the lane nearest to failing: the greatest left side (less) or the least */
    const char *x = ur ? plus(e, al->base, less ? lmax : lmin) : plus(e, al->base, 0);
    const char *y = ur ? plus(e, ar->base, 0) : plus(e, ar->base, less ? rmin : rmax);
    if (!x || !y) return NULL;
    const char *c1 = fmt(e, "%s %s %s", x, cop[pred - 2], y);
    return cond ? fmt(e, "%s && %s", cond, c1) : c1;
}

/* the C condition that mask (an i1 tensor) is true on every lane, or NULL
 * when its form is not one this knows */
static const char *mask_all(Cg *e, Value *m, int depth) {
    Op *d = m->def;
    if (depth > 8 || !is_tensor(m->type) || !d || d->verbatim) return NULL;
    if (op_is(d, OP_arith_andi)) {
        const char *a = mask_all(e, op_operand(d, 0), depth + 1), *b = a ? mask_all(e, op_operand(d, 1), depth + 1) : NULL;
        return b ? fmt(e, "(%s) && (%s)", a, b) : NULL;
    }
    if (op_is(d, OP_tt_broadcast) || op_is(d, OP_tt_expand_dims) || op_is(d, OP_tt_trans) || op_is(d, OP_tt_reshape))
        /* the same lanes' values, moved */
        return is_tensor(op_operand(d, 0)->type) ? mask_all(e, op_operand(d, 0), depth + 1) : NULL;
    if (op_is(d, OP_tt_splat)) {
        Value *s = op_operand(d, 0);
        return s->type && s->type->kind == T_INT ? cg_ex(e, s, NULL) : NULL;
    }
    if (op_is(d, OP_arith_constant)) {
        Attr *c = op_attr(d, "value");
        if (!c || c->kind != A_DENSE || c->dense.n != 1) return NULL;
        Attr *x = c->dense.elts[0];
        return (x->kind == A_BOOL || x->kind == A_INT) && x->i ? "1" : NULL;
    }
    if (op_is(d, OP_arith_cmpi)) return cmp_all(e, d);
    return NULL;
}

bool cg_emit_load_store(Cg *e, Op *op) {
    bool tts = op_is(op, OP_tts_load) || op_is(op, OP_tts_store);
    bool dgs = op_is(op, OP_tt_descriptor_gather) || op_is(op, OP_tt_descriptor_scatter);   /* rows by index */
    bool desc = dgs || op_is(op, OP_tt_descriptor_load) || op_is(op, OP_tt_descriptor_store);
    bool store = op_is(op, OP_tt_store) || op_is(op, OP_tts_store) || op_is(op, OP_tt_descriptor_store) ||
                 op_is(op, OP_tt_descriptor_scatter);
    if (op->nopnds < (store ? 2 : 1) || (!store && op->nres != 1)) return cg_unsupported(e, op, "malformed");
    Value *pv = op_operand(op, 0);
    Type *pt = pv->type;
    Value *mask = NULL, *other = NULL;
    const char *md[MAXR];
    int nmd = 0;
    if (tts) {
        /* the lanes are a prefix box: index d below mask dim d */
        const int64_t *sg = store ? NULL : op_segment_sizes(op, 3);
        if (!store && !sg) return cg_unsupported(e, op, "its operandSegmentSizes");
        int next = store ? 2 : 1, end = store ? op->nopnds : (int)(1 + sg[1]);
        nmd = op_attr(op, "static_mask_dims") ? cg_mixed(e, op, "static_mask_dims", &next, end, md) : 0;
        if (nmd < 0) return cg_unsupported(e, op, "its mask dims");
        if (!store && sg[2]) other = op_operand(op, (int)(1 + sg[1]));
        Op *d = pv->def;
        if (!d || !op_is(d, OP_tts_make_tptr)) return cg_unsupported(e, op, "a pointer that is not a structured tts.make_tptr");
    } else if (!desc) {
        mask = op->nopnds > (store ? 2 : 1) ? op_operand(op, store ? 2 : 1) : NULL;
        other = !store && op->nopnds > 2 ? op_operand(op, 2) : NULL;
    }
    if (dgs && op->nopnds != (store ? 4 : 3)) return cg_unsupported(e, op, "malformed");
    Value *val = store ? op_operand(op, dgs ? 3 : 1) : op_result(op, 0);
    Type *vt = val->type;
    bool blk = is_bptr(pt) || cg_vi(e, pv)->kind == K_BPTR;
    Type *el = blk ? (is_bptr(pt) ? pt->ptr.pointee->sh.elem : type_elem(vt))
                   : pt && type_elem(pt)->kind == T_PTR ? type_elem(pt)->ptr.pointee : NULL;
    if (!el || el->kind == T_PTR || !cg_mtype(e, el)) return cg_unsupported(e, op, "this pointer type");
    const char *mt = cg_mtype(e, el);
    int sz = cg_msize(el);
    int id = cg_site(e, op);
    bool ten = is_tensor(vt);
    if (ten && vt->sh.rank > MAXR) return cg_unsupported(e, op, "rank above 8");
    if (blk && !ten) return cg_unsupported(e, op, "a scalar block pointer access");
    const char *name = cg_vi(e, val)->name;
    if (!store) {
        if (!value_has_uses(val)) return true;   /* a dead load */
        if (ten && !desc && e->s->defer && e->s->defer(e, op)) return !e->failed;
        if (!cg_declare(e, val)) return false;
    }
    /* a descriptor access: a block pointer at the access's offsets */
    const char *bpn = blk ? cg_vi(e, pv)->name : NULL;
    Value *rowsv = NULL;   /* gather/scatter: the row indices (a 1-D tensor), the column offset next */
    if (desc) {
        int first = dgs || !store ? 1 : 2, nidx = dgs ? 2 : op->nopnds - first;
        if (!ten || nidx != vt->sh.rank) return cg_unsupported(e, op, "a block whose rank is not the descriptor's");
        bpn = fmt(e, "d%d", e->ntmp++);
        line(e, "ttx_bptr %s = %s;", bpn, cg_vi(e, pv)->name);
        if (dgs) {
            rowsv = op_operand(op, 1);
            if (!is_tensor(rowsv->type) || rowsv->type->sh.rank != 1 || rowsv->type->sh.dims[0] != vt->sh.dims[0])
                return cg_unsupported(e, op, "row indices that are not one per row");
            line(e, "%s.off[0] = 0;", bpn);
            line(e, "%s.off[1] = (i64)%s;", bpn, cg_ex(e, op_operand(op, 2), NULL));
        } else
            for (int d = 0; d < nidx; d++) line(e, "%s.off[%d] = (i64)%s;", bpn, d, cg_ex(e, op_operand(op, first + d), NULL));
    }
    int r = ten ? vt->sh.rank : 0;
    int64_t L = ten ? vt->sh.dims[r - 1] : 0;
    CgAccess acc = { .op = op, .store = store, .tts = tts, .blk = blk, .ten = ten, .nmd = nmd, .pv = pv, .mask = mask, .other = other,
                     .val = val, .vt = vt, .el = el, .mt = mt, .sz = sz, .name = name, .r = r, .L = L };
    acc.bpn = desc ? bpn : NULL;
    acc.by_index = rowsv != NULL;
    bool rows = desc ? e->s->desc_rows && e->s->desc_rows(e, &acc) : e->s->access_rows && e->s->access_rows(e, &acc);
    if (e->failed) return false;
    if (rows && acc.whole) return true;
    const char **idx = acc.idx;
    int n = acc.n;
    const char *fr_after = acc.after_row;
    bool gath = !rows && ten && e->s->gather_rows && !blk && !tts && cg_vi(e, pv)->kind == K_ARRAY && L >= 8 && !nmd;
    const char *rowp = NULL;
    /* the mask true on every lane of the block (tested before the loops):
     * loops without it first, the masked ones in the else branch */
    const char *all = !rows && !gath && ten && !blk && !tts && !desc && mask && !e->s->access_rows ? mask_all(e, mask, 0) : NULL;
    if (all) {
        line(e, "if (%s) {", all);
        e->ind++;
    }
    for (int fast = all != NULL; fast >= 0; fast--) {
    if (all && !fast) {
        e->ind--;
        line(e, "} else {");
        e->ind++;
    }
    if (gath) {
        n = cg_loops_open(e, vt->sh.dims, r - 1, idx);
        idx[r - 1] = "0";
        rowp = fmt(e, "&%s[%s]", cg_vi(e, pv)->name, cg_flat(e, vt->sh.dims, r, idx));
        line(e, "%s *const *ttx_pr = %s;", mt, rowp);
        line(e, "int ttx_c = 1;");
        line(e, "for (i64 j = 1; j < %" PRId64 "; j++) ttx_c &= (u64)ttx_pr[j] == (u64)ttx_pr[0] + (u64)j * %d;", L, sz);
        idx[r - 1] = LOOPV[r - 1];
    } else if (!rows) {
        if (ten) n = cg_loops_open(e, vt->sh.dims, vt->sh.rank, idx);
        else line(e, "{");
    }
    for (int pass = 0; pass < (gath ? 2 : 1); pass++) {
    if (gath) {
        if (pass) e->ind--;
        line(e, pass ? "} else {" : "if (ttx_c) {");
        e->ind++;
        line(e, "for (i64 %s = 0; %s < %" PRId64 "; %s++) {", idx[r - 1], idx[r - 1], L, idx[r - 1]);
        e->ind++;
    }
    if (!ten) e->ind++;
    const char *const *ix = ten ? idx : NULL;
    const char *dst = ten ? fmt(e, "%s[%s]", name, cg_flat(e, vt->sh.dims, vt->sh.rank, idx)) : name;
    const char *cond = mask && !fast ? cg_ex(e, mask, ix) : NULL;
    if (nmd) {
        if (!ten || nmd != vt->sh.rank) return cg_unsupported(e, op, "its mask dims");
        for (int d = 0; d < nmd; d++) {
            const char *c1 = fmt(e, "%s < %s", idx[d], md[d]);
            cond = cond ? fmt(e, "%s && %s", cond, c1) : c1;
        }
    }
    if (blk) {
        const char *inb = NULL;
        const char *bix[MAXR];
        for (int d = 0; d < vt->sh.rank; d++) bix[d] = idx[d];
        if (rowsv) bix[0] = fmt(e, "(i64)%s", cg_ex(e, rowsv, (const char *const[]){ idx[0] }));
        const char *off = bptr_elem(e, op, bpn, vt->sh.rank, bix, &inb);
        if (!off) return cg_unsupported(e, op, "its boundaryCheck");
        line(e, "%s%s *p = (%s%s *)%s.base + %s;", store ? "" : "const ", mt, store ? "" : "const ", mt, bpn, off);
        if (inb) cond = cond ? fmt(e, "%s && %s", cond, inb) : inb;
    } else if (gath && !pass) {
        line(e, "%s%s *p = ttx_pr[0] + %s;", store ? "" : "const ", mt, idx[r - 1]);
    } else {
        line(e, "%s%s *p = %s;", store ? "" : "const ", mt, cg_ex(e, pv, ix));
    }
    const char *chk = fmt(e, "TTX_IN(p, %d, %d)", sz, id);
    Value *scr = blk ? cg_scratch_root(pv) : NULL;
    if (scr) chk = cg_scratch_check(e, scr, sz, id);   /* an xsmt.alloc array or alloc_copies copy: its own bounds */
    const char *c = cond ? fmt(e, "(%s) && %s", cond, chk) : chk;
    if (store) {
        line(e, "if (%s) *p = %s;", c, mwrite(e, el, cg_ex(e, val, ix)));
    } else {
        const char *dflt = "0";
        if (other) dflt = cg_ex(e, other, ix);
        else if (blk) {
            int64_t pad = 1;
            op_attr_int(op, "padding", &pad);
            if (pad == 2 && el->kind == T_FLOAT) dflt = cg_lit_float(e, NAN, el);
        }
        line(e, "%s = %s ? %s : %s;", dst, c, mread(e, el, "p"), dflt);
    }
    if (gath) {
        e->ind--;
        line(e, "}");
    }
    }
    if (gath) {
        e->ind--;
        line(e, "}");
    }
    if (!ten) { e->ind--; line(e, "}"); }
    if (fr_after) {
        cg_loops_close(e, 1);
        line(e, "%s", fr_after);
        n--;
    }
    cg_loops_close(e, n);
    }
    if (all) {
        e->ind--;
        line(e, "}");
    }
    return !e->failed;
}

/* a ttx_bptr from op's base and its `parts` lists of r operands: shapes,
 * strides and (parts 3) offsets, each cast by `cast` */
static bool bptr_struct(Cg *e, Op *op, int parts, const char *cast) {
    if (op->nres != 1 || op->nopnds < 1 + parts || (op->nopnds - 1) % parts) return cg_unsupported(e, op, "malformed");
    int r = (op->nopnds - 1) / parts;
    if (r > MAXR) return cg_unsupported(e, op, "rank above 8");
    VI *x = cg_vi(e, op_result(op, 0));
    x->kind = K_BPTR;
    line(e, "ttx_bptr %s;", x->name);
    line(e, "%s.base = %s;", x->name, cg_ex(e, op_operand(op, 0), NULL));
    for (int d = 0; d < r; d++) {
        line(e, "%s.shape[%d] = %s%s;", x->name, d, cast, cg_ex(e, op_operand(op, 1 + d), NULL));
        line(e, "%s.stride[%d] = %s%s;", x->name, d, cast, cg_ex(e, op_operand(op, 1 + r + d), NULL));
        line(e, "%s.off[%d] = %s%s;", x->name, d, parts == 3 ? cast : "", parts == 3 ? cg_ex(e, op_operand(op, 1 + 2 * r + d), NULL) : "0");
    }
    return !e->failed;
}

bool cg_emit_make_bptr(Cg *e, Op *op) { return bptr_struct(e, op, 3, ""); }

/* tt.make_tensor_descriptor %base, [shape...], [strides...]: a block pointer
 * at offset 0 (each descriptor access sets its own offsets) */
bool cg_emit_make_desc(Cg *e, Op *op) { return bptr_struct(e, op, 2, "(i64)"); }

/* a tts.make_tptr with an order: a block pointer (offsets come scaled by the strides) */
bool cg_emit_tts_bptr(Cg *e, Op *op) {
    const int64_t *sg = op_segment_sizes(op, 4);
    if (!sg || sg[0] != 1) return cg_unsupported(e, op, "its operandSegmentSizes");
    const char *str[MAXR], *off[MAXR], *shp[MAXR];
    int next = 1;
    int nst = cg_mixed(e, op, "static_strides", &next, (int)(1 + sg[1]), str);
    int no = cg_mixed(e, op, "static_offsets", &next, (int)(1 + sg[1] + sg[2]), off);
    int nsh = cg_mixed(e, op, "static_shape", &next, op->nopnds, shp);
    Type *pe = op->res[0].type->ptr.pointee;
    if (nst < 0 || nst != no || nst != nsh || nst != pe->sh.rank) return cg_unsupported(e, op, "its sizes, strides, offsets or shape");
    VI *x = cg_vi(e, op_result(op, 0));
    x->kind = K_BPTR;
    line(e, "ttx_bptr %s;", x->name);
    line(e, "%s.base = %s;", x->name, cg_ex(e, op_operand(op, 0), NULL));
    for (int d = 0; d < nst; d++) {
        line(e, "%s.shape[%d] = %s;", x->name, d, shp[d]);
        line(e, "%s.stride[%d] = %s;", x->name, d, str[d]);
        if (!strcmp(str[d], "1")) line(e, "%s.off[%d] = %s;", x->name, d, off[d]);
        else line(e, "%s.off[%d] = %s.stride[%d] ? %s / %s.stride[%d] : 0;", x->name, d, x->name, d, off[d], x->name, d);
    }
    return !e->failed;
}

bool cg_emit_advance(Cg *e, Op *op) {
    if (op->nres != 1 || op->nopnds < 2) return cg_unsupported(e, op, "malformed");
    Value *res = op_result(op, 0);
    VI *x = cg_vi(e, res);
    x->kind = K_BPTR;
    line(e, "ttx_bptr %s = %s;", x->name, cg_vi(e, op_operand(op, 0))->name);
    for (int d = 0; d + 1 < op->nopnds; d++) {
        const char *o = cg_ex(e, op_operand(op, 1 + d), NULL);
        if (strcmp(o, "0")) line(e, "%s.off[%d] += %s;", x->name, d, o);
    }
    return !e->failed;
}
