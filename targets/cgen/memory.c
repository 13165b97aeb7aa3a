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
    const char *cond = mask ? cg_ex(e, mask, ix) : NULL;
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
