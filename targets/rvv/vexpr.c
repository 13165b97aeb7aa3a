/* targets/rvv/vexpr.c - the RVV strategy's vector expressions: a value's
 * lanes of one strip of a row as a vector register (see rvv_impl.h).
 *
 * Leaves: an array of the domain's shape (vle32 from the array), a value
 * that is the same along the row (a splat, a broadcast or expand_dims of
 * the row's other axes: vfmv of its scalar), a load the strategy reads
 * straight from memory (a masked vle32 whose masked-off lanes get the
 * load's other), integer tensors affine in the row's index (vid, vmul,
 * vadd: the lanes of a Triton mask's comparison).  Inner nodes: f32 + - *
 * / max min neg abs sqrt, exp (ttx_vexpf: src/fmath.h's algorithm lane by
 * lane, the same bits), erf (ttx_verff: f64 polynomials, the lanes near an
 * f32 rounding boundary by libm as the interpreter: its bits;
 * targets/rvv/prelude.h), select; comparisons, and, or, xor of masks.  The
 * numbers are the interpreter's: each f32 op is the IEEE op, rounded once,
 * as C's float operators and (float)sqrt((double)x) are.  f16 values
 * (zvfh) are f32 strips holding an f16 value: a load widens (vfwcvt, exact),
 * an f16 op is the f32 op rounded to f16 (vfncvt, then widened again: the
 * correctly rounded f16 result, as the portable C's double op rounded by
 * ttx_f16r is), a store narrows. */
#include "rvv_impl.h"

const char *rv_sfx(Cg *e, int lm) { return fmt(e, "f32m%d", lm); }
const char *rv_vt(Cg *e, int lm) { return fmt(e, "vfloat32m%d_t", lm); }
const char *rv_bsfx(Cg *e, int lm) { return fmt(e, "b%d", 32 / lm); }
const char *rv_hsfx(Cg *e, int lm) { return lm == 1 ? "f16mf2" : fmt(e, "f16m%d", lm / 2); }

bool rv_fl(const Type *t) { return fname_is(t, "f32") || fname_is(t, "f16"); }

/* x (an f32 strip) rounded to f16, as an f32 strip */
static const char *round_h(RvStrip *g, const char *x) {
    Cg *e = g->e;
    return fmt(e, "__riscv_vfwcvt_f_f_v_%s(__riscv_vfncvt_f_f_w_%s(%s, %s), %s)", rv_sfx(e, g->lm), rv_hsfx(e, g->lm), x, g->vl, g->vl);
}

void rv_strip_init(RvStrip *g, Cg *e, bool emit, int lm, const Type *t, const char *const *idx) {
    memset(g, 0, sizeof *g);
    g->e = e;
    g->emit = emit;
    g->lm = lm;
    g->r = t->sh.rank;
    g->dims = t->sh.dims;
    for (int d = 0; d < g->r; d++) g->idx[d] = idx ? idx[d] : "0";
    g->idx[g->r - 1] = "0";
    g->k = "ttx_k";
    g->vl = "ttx_vl";
}

/* a new vector variable: `T name = rhs;` (nothing in a check) */
static const char *def(RvStrip *g, const char *type, const char *rhs) {
    if (!g->emit) return "x";
    const char *n = fmt(g->e, "ttx_w%d", g->e->ntmp++);
    line(g->e, "%s %s = %s;", type, n, rhs);
    return n;
}
static const char *memo_get(RvStrip *g, Value *v) {
    for (int i = 0; i < g->nm; i++)
        if (g->mv[i] == v) return g->ms[i];
    return NULL;
}
static const char *memo_put(RvStrip *g, Value *v, const char *s) {
    if (s && g->nm < RV_MEMO) { g->mv[g->nm] = v; g->ms[g->nm++] = s; }
    return s;
}

static const char *lane_ids(RvStrip *g) {
    if (!g->vid) g->vid = def(g, fmt(g->e, "vuint32m%d_t", g->lm), fmt(g->e, "__riscv_vid_v_u32m%d(%s)", g->lm, g->vl));
    return g->vid;
}

/* the row index with the outer indices mapped through a view op: the
 * indices of op's operand, or false when the view is not one of the
 * along-the-row kind (a broadcast or expand_dims that keeps the last axis) */
static bool view_idx(RvStrip *g, Op *op, RvStrip *sub) {
    if ((!op_is(op, OP_tt_broadcast) && !op_is(op, OP_tt_expand_dims)) || op->nopnds != 1) return false;
    Value *s = op_operand(op, 0);
    Type *st = s->type;
    if (!is_tensor(st)) return false;
    const char *idx[MAXR];
    int r = g->r;
    if (op_is(op, OP_tt_broadcast)) {
        if (st->sh.rank != r || st->sh.dims[r - 1] != g->dims[r - 1]) return false;
        for (int d = 0; d < r; d++) idx[d] = st->sh.dims[d] == 1 ? "0" : g->idx[d];
    } else if (op_is(op, OP_tt_expand_dims)) {
        int64_t ax;
        if (!op_attr_int(op, "axis", &ax) || ax < 0 || ax >= r - 1 || st->sh.rank != r - 1) return false;
        for (int d = 0, q = 0; d < r; d++)
            if (d != ax) idx[q++] = g->idx[d];
    } else return false;
    *sub = *g;
    sub->nm = 0;
    sub->vid = NULL;
    sub->r = st->sh.rank;
    sub->dims = st->sh.dims;
    for (int d = 0; d < sub->r; d++) sub->idx[d] = idx[d];
    sub->idx[sub->r - 1] = "0";
    return true;
}

/* the scalar C expression of v when it is the same along the row, or NULL */
static const char *row_scalar(RvStrip *g, Value *v) {
    if (!is_tensor(v->type)) return cg_vi(g->e, v)->name;
    Op *d = v->def;
    VI *x = cg_vi(g->e, v);
    if (cg_is_uniform_value(v)) {
        const char *zi[MAXR];
        for (int i = 0; i < MAXR; i++) zi[i] = "0";
        return g->emit ? cg_ex(g->e, v, zi) : "x";
    }
    if (!d || d->verbatim || x->kind != K_VIRT) return NULL;
    int r = g->r;
    Type *st = d->nopnds ? op_operand(d, 0)->type : NULL;
    bool inv = false;
    if (op_is(d, OP_tt_broadcast)) inv = is_tensor(st) && st->sh.rank == r && st->sh.dims[r - 1] == 1;
    else if (op_is(d, OP_tt_expand_dims)) {
        int64_t ax;
        inv = op_attr_int(d, "axis", &ax) && ax == r - 1;
    }
    if (!inv) return NULL;
    return g->emit ? cg_ex(g->e, v, g->idx) : "x";
}

static const char *rv_vf_f32(RvStrip *g, Op *op);

/* ---- integers and masks ------------------------------------------------ */

static bool is_i32(const Type *t) { Type *el = type_elem((Type *)t); return el && el->kind == T_INT && el->i.width == 32; }
/* i8 values are computed as i32 lanes holding them sign-extended (the
 * results of + - * sign-extended again from their low 8 bits, so compares,
 * max, min and select see the i8 values); loaded with vle8 and vsext,
 * stored narrowed (vncvt) */
static bool is_i8(const Type *t) { Type *el = type_elem((Type *)t); return el && el->kind == T_INT && el->i.width == 8; }
static bool is_iw(const Type *t) { return is_i32(t) || is_i8(t); }
/* "m2": the LMUL of i8 lanes as many as i32 lanes at LMUL lm */
static const char *b8_lmul(int lm) { return lm == 8 ? "m2" : lm == 4 ? "m1" : lm == 2 ? "mf2" : "mf4"; }
const char *rv_i8_narrow(RvStrip *g, const char *x) {
    int lm = g->lm;
    static const char *const h[] = { "", "mf2", "m1", "", "m2", "", "", "", "m4" };
    return fmt(g->e, "__riscv_vncvt_x_x_w_i8%s(__riscv_vncvt_x_x_w_i16%s(%s, %s), %s)", b8_lmul(lm), h[lm], x, g->vl, g->vl);
}

/* an i32 tensor's lanes (vint32mL), or NULL */
const char *rv_vi(RvStrip *g, Value *v) {
    Cg *e = g->e;
    if (!is_iw(v->type)) return NULL;
    const char *m = memo_get(g, v);
    if (m) return m;
    const char *vt = fmt(e, "vint32m%d_t", g->lm);
    const char *s = row_scalar(g, v);
    if (s) return memo_put(g, v, def(g, vt, fmt(e, "__riscv_vmv_v_x_i32m%d((i32)(%s), %s)", g->lm, s, g->vl)));
    if (!is_tensor(v->type) || v->type->sh.rank != g->r) return NULL;
    VI *x = cg_vi(e, v);
    Op *d = v->def;
    RvStrip sub;
    if (x->kind == K_VIRT && d && !d->verbatim && view_idx(g, d, &sub)) {
        return memo_put(g, v, rv_vi(&sub, op_operand(d, 0)));
    }
    Aff *a = cg_aff_of(e, v);
    int r = g->r;
    if (a && !a->ptr && a->rank == r && a->co[r - 1].k && is_i32(v->type)) {
        int64_t c = a->co[r - 1].c;
        if (!g->emit) return "x";
        const char *base = fmt(e, "(i32)(%s + (i64)%s * %" PRId64 ")", cg_aff_sum(e, a, g->idx), g->k, c);
        const char *ids = fmt(e, "__riscv_vreinterpret_v_u32m%d_i32m%d(%s)", g->lm, g->lm, lane_ids(g));
        if (c == 0) return memo_put(g, v, def(g, vt, fmt(e, "__riscv_vmv_v_x_i32m%d(%s, %s)", g->lm, base, g->vl)));
        if (c != 1) ids = fmt(e, "__riscv_vmul_vx_i32m%d(%s, %" PRId64 ", %s)", g->lm, ids, c, g->vl);
        return memo_put(g, v, def(g, vt, fmt(e, "__riscv_vadd_vx_i32m%d(%s, %s, %s)", g->lm, ids, base, g->vl)));
    }
    if (x->kind == K_ARRAY && v->type->sh.dims[r - 1] == g->dims[r - 1] && is_i8(v->type))
        return memo_put(g, v, def(g, vt, fmt(e, "__riscv_vsext_vf4_i32m%d(__riscv_vle8_v_i8%s((const i8 *)&%s[%s] + %s, %s), %s)", g->lm,
                                             b8_lmul(g->lm), x->name, cg_flat(e, v->type->sh.dims, r, g->idx), g->k, g->vl, g->vl)));
    if (x->kind == K_ARRAY && v->type->sh.dims[r - 1] == g->dims[r - 1])
        return memo_put(g, v, def(g, vt, fmt(e, "__riscv_vle32_v_i32m%d(&%s[%s] + %s, %s)", g->lm, x->name,
                                             cg_flat(e, v->type->sh.dims, r, g->idx), g->k, g->vl)));
    if (x->kind != K_VIRT || !d || d->verbatim) return NULL;
    if (op_is(d, OP_tt_load)) return memo_put(g, v, rv_load_strip(g, d));
    return memo_put(g, v, rv_vi_op(g, d));
}

static const char *rv_vi_op32(RvStrip *g, Op *op);
const char *rv_vx(RvStrip *g, Value *v) { return is_iw(v->type) ? rv_vi(g, v) : rv_vf(g, v); }

/* the lanes of an i32 elementwise op (wrapping: the vector ops are modulo
 * 2^32 as the portable C's unsigned arithmetic is), or NULL */
const char *rv_vi_op(RvStrip *g, Op *op) {
    Cg *e = g->e;
    if (op->nres != 1 || op->verbatim || !is_iw(op->res[0].type)) return NULL;
    int lm = g->lm;
    const char *vt = fmt(e, "vint32m%d_t", lm), *sfx = fmt(e, "i32m%d", lm);
    if (is_i8(op->res[0].type) && op->nopnds == 2 && (op_is(op, OP_arith_addi) || op_is(op, OP_arith_subi) || op_is(op, OP_arith_muli))) {
        /* wrapping in 8 bits: the i32 result sign-extended from its low byte */
        const char *w = rv_vi_op32(g, op);
        return w ? def(g, vt, fmt(e, "__riscv_vsra_vx_%s(__riscv_vsll_vx_%s(%s, 24, %s), 24, %s)", sfx, sfx, w, g->vl, g->vl)) : NULL;
    }
    return rv_vi_op32(g, op);
}

/* the i32 lanes of op (for i8, before the sign extension of + - *) */
static const char *rv_vi_op32(RvStrip *g, Op *op) {
    Cg *e = g->e;
    int lm = g->lm;
    const char *vt = fmt(e, "vint32m%d_t", lm), *sfx = fmt(e, "i32m%d", lm);
    if (op_is(op, OP_arith_select)) {
        if (op_operand(op, 0) == g->all) return rv_vi(g, op_operand(op, 1));   /* true on every lane */
        const char *c = rv_vm(g, op_operand(op, 0)), *a = c ? rv_vi(g, op_operand(op, 1)) : NULL, *b = a ? rv_vi(g, op_operand(op, 2)) : NULL;
        return b ? def(g, vt, fmt(e, "__riscv_vmerge_vvm_%s(%s, %s, %s, %s)", sfx, b, a, c, g->vl)) : NULL;
    }
    int id = op->info->id;
    if (id == OP_arith_divsi || id == OP_arith_remsi || id == OP_arith_divui || id == OP_arith_remui) {
        /* RVV's vdiv/vrem/vdivu/vremu give RISC-V's rule, as ttx_divs/rems/
         * divu/remu do: x / 0 = all ones, x % 0 = x, INT_MIN / -1 = INT_MIN,
         * INT_MIN % -1 = 0; TTX_DIV0 may report a zero divisor (element
         * unknown: -1) */
        if (op->nopnds != 2 || !is_i32(op_operand(op, 1)->type)) return NULL;
        bool un = id == OP_arith_divui || id == OP_arith_remui, dv = id == OP_arith_divsi || id == OP_arith_divui;
        const char *a = rv_vi(g, op_operand(op, 0)), *b = a ? rv_vi(g, op_operand(op, 1)) : NULL;
        if (!b) return NULL;
        const char *bs = rv_bsfx(e, lm), *us = fmt(e, "u32m%d", lm);
        if (g->emit)
            line(e, "if (__riscv_vcpop_m_%s(__riscv_vmseq_vx_%s_%s(%s, 0, %s), %s)) TTX_DIV0(%d, -1);", bs, sfx, bs, b, g->vl, g->vl,
                 cg_site(e, op));
        const char *o = dv ? (un ? "vdivu" : "vdiv") : (un ? "vremu" : "vrem");
        const char *q = un ? fmt(e, "__riscv_vreinterpret_v_%s_%s(__riscv_%s_vv_%s(__riscv_vreinterpret_v_%s_%s(%s), __riscv_vreinterpret_v_%s_%s(%s), %s))",
                                 us, sfx, o, us, sfx, us, a, sfx, us, b, g->vl)
                           : fmt(e, "__riscv_%s_vv_%s(%s, %s, %s)", o, sfx, a, b, g->vl);
        return def(g, vt, q);
    }
    const char *bin;
    bool comm = true;
    switch (id) {
    case OP_arith_addi: bin = "vadd"; break;
    case OP_arith_subi: bin = "vsub"; comm = false; break;
    case OP_arith_muli: bin = "vmul"; break;
    case OP_arith_andi: bin = "vand"; break;
    case OP_arith_ori: bin = "vor"; break;
    case OP_arith_xori: bin = "vxor"; break;
    case OP_arith_maxsi: bin = "vmax"; break;
    case OP_arith_minsi: bin = "vmin"; break;
    default: return NULL;
    }
    if (op->nopnds != 2) return NULL;
    Value *l = op_operand(op, 0), *r = op_operand(op, 1);
    if (!is_iw(l->type) || l->type->sh.elem != op->res[0].type->sh.elem || r->type->sh.elem != l->type->sh.elem) return NULL;
    const char *ls = row_scalar(g, l), *rs = row_scalar(g, r);
    if (rs && !ls) {
        const char *a = rv_vi(g, l);
        return a ? def(g, vt, fmt(e, "__riscv_%s_vx_%s(%s, (i32)(%s), %s)", bin, sfx, a, rs, g->vl)) : NULL;
    }
    if (ls && !rs) {
        const char *b = rv_vi(g, r);
        return b ? def(g, vt, fmt(e, "__riscv_%s_vx_%s(%s, (i32)(%s), %s)", comm ? bin : "vrsub", sfx, b, ls, g->vl)) : NULL;
    }
    const char *a = rv_vi(g, l), *b = a ? rv_vi(g, r) : NULL;
    return b ? def(g, vt, fmt(e, "__riscv_%s_vv_%s(%s, %s, %s)", bin, sfx, a, b, g->vl)) : NULL;
}

/* a pointer tensor's lanes as addresses (vuint64m(2 lm), lm 1, 2 or 4): a
 * pointer the same along the row, plus i32 offsets times the element size */
const char *rv_vp(RvStrip *g, Value *v) {
    Cg *e = g->e;
    Type *el = type_elem(v->type);
    if (!el || el->kind != T_PTR || g->lm > 4) return NULL;
    int lw = 2 * g->lm;
    const char *vt = fmt(e, "vuint64m%d_t", lw);
    const char *s = row_scalar(g, v);
    if (s) return def(g, vt, fmt(e, "__riscv_vmv_v_x_u64m%d((unsigned long)(%s), %s)", lw, s, g->vl));
    Op *d = v->def;
    if (!is_tensor(v->type) || v->type->sh.rank != g->r || cg_vi(e, v)->kind != K_VIRT || !d || d->verbatim || !op_is(d, OP_tt_addptr) ||
        d->nopnds != 2)
        return NULL;
    int sz = cg_msize(el->ptr.pointee), sh = sz == 1 ? 0 : sz == 2 ? 1 : sz == 4 ? 2 : sz == 8 ? 3 : -1;
    if (sh < 0 || !is_i32(op_operand(d, 1)->type)) return NULL;
    const char *p = rv_vp(g, op_operand(d, 0)), *o = p ? rv_vi(g, op_operand(d, 1)) : NULL;
    if (!o) return NULL;
    const char *w = fmt(e, "__riscv_vreinterpret_v_i64m%d_u64m%d(__riscv_vsll_vx_i64m%d(__riscv_vsext_vf2_i64m%d(%s, %s), %d, %s))", lw, lw, lw, lw, o,
                        g->vl, sh, g->vl);
    return def(g, vt, fmt(e, "__riscv_vadd_vv_u64m%d(%s, %s, %s)", lw, p, w, g->vl));
}

/* comparison predicates: arith.cmpi's (eq ne slt sle sgt sge ult ule ugt uge) */
static const char *const CMPI[] = { "vmseq", "vmsne", "vmslt", "vmsle", "vmsgt", "vmsge", "vmsltu", "vmsleu", "vmsgtu", "vmsgeu" };
static const int CMPI_SWAP[] = { 0, 1, 4, 5, 2, 3, 8, 9, 6, 7 };

const char *rv_vm(RvStrip *g, Value *m) {
    Cg *e = g->e;
    const char *got = memo_get(g, m);
    if (got) return got;
    int lm = g->lm;
    const char *bt = fmt(e, "vbool%d_t", 32 / lm), *bs = rv_bsfx(e, lm);
    if (m == g->all) return memo_put(g, m, def(g, bt, fmt(e, "__riscv_vmset_m_%s(%s)", bs, g->vl)));
    const char *s = row_scalar(g, m);
    if (s) {   /* all lanes or none */
        const char *ids = lane_ids(g);
        return memo_put(g, m, def(g, bt, fmt(e, "__riscv_vmsltu_vx_u32m%d_%s(%s, (%s) ? (u32)%s : 0u, %s)", lm, bs, ids, s, g->vl, g->vl)));
    }
    Op *d = m->def;
    VI *x = cg_vi(e, m);
    if (is_tensor(m->type) && x->kind == K_ARRAY && cg_same_shape(m->type, m->type) && m->type->sh.rank == g->r) {
        /* an array of bytes: e8 lanes at LMUL lm / 4 */
        for (int i = 0; i < g->r; i++)
            if (m->type->sh.dims[i] != g->dims[i]) return NULL;
        static const char *const b8[] = { "", "mf4", "mf2", "", "m1", "", "", "", "m2" };
        const char *bytes = fmt(e, "__riscv_vle8_v_u8%s((const u8 *)&%s[%s] + %s, %s)", b8[lm], x->name, cg_flat(e, m->type->sh.dims, g->r, g->idx), g->k, g->vl);
        return memo_put(g, m, def(g, bt, fmt(e, "__riscv_vmsne_vx_u8%s_%s(%s, 0, %s)", b8[lm], bs, bytes, g->vl)));
    }
    if (!is_tensor(m->type) || !d || d->verbatim || x->kind != K_VIRT) return NULL;
    RvStrip sub;
    if (view_idx(g, d, &sub)) return memo_put(g, m, rv_vm(&sub, op_operand(d, 0)));
    const char *r = rv_vm_op(g, d);
    return r ? memo_put(g, m, r) : NULL;
}

const char *rv_vm_op(RvStrip *g, Op *d) {
    Cg *e = g->e;
    int lm = g->lm;
    if (d->nres != 1 || d->verbatim) return NULL;
    const char *bt = fmt(e, "vbool%d_t", 32 / lm), *bs = rv_bsfx(e, lm);
    if (op_is(d, OP_arith_andi) || op_is(d, OP_arith_ori) || op_is(d, OP_arith_xori)) {
        const char *a = rv_vm(g, op_operand(d, 0)), *b = a ? rv_vm(g, op_operand(d, 1)) : NULL;
        if (!b) return NULL;
        const char *o = op_is(d, OP_arith_andi) ? "vmand" : op_is(d, OP_arith_ori) ? "vmor" : "vmxor";
        return def(g, bt, fmt(e, "__riscv_%s_mm_%s(%s, %s, %s)", o, bs, a, b, g->vl));
    }
    int64_t p;
    if (op_is(d, OP_arith_cmpi) && op_attr_int(d, "predicate", &p) && p >= 0 && p <= 9) {
        Value *l = op_operand(d, 0), *r = op_operand(d, 1);
        if (!is_iw(l->type)) return NULL;
        bool un = p >= 6;
        const char *ls = row_scalar(g, l), *rs = row_scalar(g, r);
        if (ls && !rs) {   /* scalar on the left: the swapped predicate */
            Value *t = l; l = r; r = t;
            rs = ls;
            p = CMPI_SWAP[p];
        }
        const char *lv = rv_vi(g, l);
        if (!lv) return NULL;
        const char *lu = un ? fmt(e, "__riscv_vreinterpret_v_i32m%d_u32m%d(%s)", lm, lm, lv) : lv;
        const char *ty = un ? fmt(e, "u32m%d", lm) : fmt(e, "i32m%d", lm);
        if (rs) return def(g, bt, fmt(e, "__riscv_%s_vx_%s_%s(%s, (%s)(%s), %s)", CMPI[p], ty, bs, lu, un ? "u32" : "i32", rs, g->vl));
        const char *rv = rv_vi(g, r);
        if (!rv) return NULL;
        const char *ru = un ? fmt(e, "__riscv_vreinterpret_v_i32m%d_u32m%d(%s)", lm, lm, rv) : rv;
        return def(g, bt, fmt(e, "__riscv_%s_vv_%s_%s(%s, %s, %s)", CMPI[p], ty, bs, lu, ru, g->vl));
    }
    if (op_is(d, OP_arith_cmpf) && op_attr_int(d, "predicate", &p)) {
        /* the ordered predicates and une, which the IEEE compares give with NaN too */
        const char *o = p == 1 ? "vmfeq" : p == 2 ? "vmfgt" : p == 3 ? "vmfge" : p == 4 ? "vmflt" : p == 5 ? "vmfle" : p == 13 ? "vmfne" : NULL;
        Value *l = op_operand(d, 0), *r = op_operand(d, 1);
        if (!o || !rv_fl(type_elem(l->type))) return NULL;
        const char *lv = rv_vf(g, l), *rv = lv ? rv_vf(g, r) : NULL;
        if (!rv) return NULL;
        return def(g, bt, fmt(e, "__riscv_%s_vv_%s_%s(%s, %s, %s)", o, rv_sfx(e, lm), bs, lv, rv, g->vl));
    }
    return NULL;
}

/* ---- f32 --------------------------------------------------------------- */

bool rv_row_pointers(Cg *e, Value *pv, Type *vt, Aff **pa) {
    if (!is_tensor(vt) || !(rv_fl(vt->sh.elem) || is_iw(vt)) || vt->sh.rank < 1 || vt->sh.rank > MAXR) return false;
    Type *pe = type_elem(pv->type);
    if (!pe || pe->kind != T_PTR || pe->ptr.pointee != vt->sh.elem) return false;
    int r = vt->sh.rank;
    Aff *a = cg_aff_of(e, pv);
    if (!a || !a->ptr || a->rank != r || !a->co[r - 1].k || a->co[r - 1].c != 1) return false;
    if (pa) *pa = a;
    return true;
}

bool rv_load_ok(Cg *e, Op *op, Aff **pa) {
    if (!op_is(op, OP_tt_load) || op->verbatim || op->nres != 1 || op->nopnds < 1 || op_attr(op, "boundaryCheck")) return false;
    return rv_row_pointers(e, op_operand(op, 0), op_result(op, 0)->type, pa);
}

const char *rv_load_strip(RvStrip *g, Op *op) {
    Aff *pa;
    if (!rv_load_ok(g->e, op, &pa)) return NULL;
    return rv_load_strip_at(g, op, g->emit ? cg_aff_render(g->e, pa, op_result(op, 0)->type->sh.elem, g->idx) : "x");
}

const char *rv_load_strip_at(RvStrip *g, Op *op, const char *p) {
    Cg *e = g->e;
    Value *v = op_result(op, 0);
    if (!cg_same_shape(v->type, v->type) || v->type->sh.rank != g->r || v->type->sh.dims[g->r - 1] != g->dims[g->r - 1]) return NULL;
    int lm = g->lm;
    const char *sfx = rv_sfx(e, lm), *vt = rv_vt(e, lm);
    Value *mask = op->nopnds > 1 ? op_operand(op, 1) : NULL, *other = op->nopnds > 2 ? op_operand(op, 2) : NULL;
    if (fname_is(v->type->sh.elem, "f16")) {
        /* f16 lanes at half the LMUL, widened (exactly) to f32 */
        const char *hs = rv_hsfx(e, lm);
        const char *hp = fmt(e, "(const _Float16 *)(%s) + %s", p, g->k);
        if (!mask || mask == g->all)
            return def(g, vt, fmt(e, "__riscv_vfwcvt_f_f_v_%s(__riscv_vle16_v_%s(%s, %s), %s)", sfx, hs, hp, g->vl, g->vl));
        const char *mv = rv_vm(g, mask);
        if (!mv) return NULL;
        const char *w = def(g, vt, fmt(e, "__riscv_vfwcvt_f_f_v_%s(__riscv_vle16_v_%s_m(%s, %s, %s), %s)", sfx, hs, mv, hp, g->vl, g->vl));
        if (mask == g->stored) return w;
        const char *ov = other ? rv_vf(g, other) : def(g, vt, fmt(e, "__riscv_vfmv_v_f_%s(0.0f, %s)", sfx, g->vl));
        if (!ov) return NULL;
        return def(g, vt, fmt(e, "__riscv_vmerge_vvm_%s(%s, %s, %s, %s)", sfx, ov, w, mv, g->vl));
    }
    if (is_i8(v->type)) {
        sfx = fmt(e, "i32m%d", lm);
        vt = fmt(e, "vint32m%d_t", lm);
        const char *bp = fmt(e, "(const i8 *)(%s) + %s", p, g->k), *bl = b8_lmul(lm);
        if (!mask || mask == g->all) return def(g, vt, fmt(e, "__riscv_vsext_vf4_%s(__riscv_vle8_v_i8%s(%s, %s), %s)", sfx, bl, bp, g->vl, g->vl));
        const char *mv = rv_vm(g, mask);
        if (!mv) return NULL;
        const char *w = def(g, vt, fmt(e, "__riscv_vsext_vf4_%s(__riscv_vle8_v_i8%s_m(%s, %s, %s), %s)", sfx, bl, mv, bp, g->vl, g->vl));
        if (mask == g->stored) return w;
        const char *ov = other ? rv_vi(g, other) : def(g, vt, fmt(e, "__riscv_vmv_v_x_%s(0, %s)", sfx, g->vl));
        if (!ov) return NULL;
        return def(g, vt, fmt(e, "__riscv_vmerge_vvm_%s(%s, %s, %s, %s)", sfx, ov, w, mv, g->vl));
    }
    if (is_i32(v->type)) {
        sfx = fmt(e, "i32m%d", lm);
        vt = fmt(e, "vint32m%d_t", lm);
        const char *ip = fmt(e, "(const i32 *)(%s) + %s", p, g->k);
        if (!mask || mask == g->all) return def(g, vt, fmt(e, "__riscv_vle32_v_%s(%s, %s)", sfx, ip, g->vl));
        const char *mv = rv_vm(g, mask);
        if (!mv) return NULL;
        if (mask == g->stored) return def(g, vt, fmt(e, "__riscv_vle32_v_%s_m(%s, %s, %s)", sfx, mv, ip, g->vl));
        const char *ov = other ? rv_vi(g, other) : def(g, vt, fmt(e, "__riscv_vmv_v_x_%s(0, %s)", sfx, g->vl));
        if (!ov) return NULL;
        return def(g, vt, fmt(e, "__riscv_vle32_v_%s_mu(%s, %s, %s, %s)", sfx, mv, ov, ip, g->vl));
    }
    if (!mask || mask == g->all) return def(g, vt, fmt(e, "__riscv_vle32_v_%s((const float *)(%s) + %s, %s)", sfx, p, g->k, g->vl));
    const char *mv = rv_vm(g, mask);
    if (!mv) return NULL;
    if (mask == g->stored) return def(g, vt, fmt(e, "__riscv_vle32_v_%s_m(%s, (const float *)(%s) + %s, %s)", sfx, mv, p, g->k, g->vl));
    const char *ov;
    if (other) {
        ov = rv_vf(g, other);
        if (!ov) return NULL;
    } else ov = def(g, vt, fmt(e, "__riscv_vfmv_v_f_%s(0.0f, %s)", sfx, g->vl));
    return def(g, vt, fmt(e, "__riscv_vle32_v_%s_mu(%s, %s, (const float *)(%s) + %s, %s)", sfx, mv, ov, p, g->k, g->vl));
}

const char *rv_vf(RvStrip *g, Value *v) {
    Cg *e = g->e;
    if (!rv_fl(type_elem(v->type))) return NULL;
    const char *m = memo_get(g, v);
    if (m) return m;
    const char *s = row_scalar(g, v);
    if (s) return memo_put(g, v, def(g, rv_vt(e, g->lm), fmt(e, "__riscv_vfmv_v_f_%s(%s, %s)", rv_sfx(e, g->lm), s, g->vl)));
    if (!is_tensor(v->type) || v->type->sh.rank != g->r) return NULL;
    VI *x = cg_vi(e, v);
    Op *d = v->def;
    int r = g->r;
    if (x->kind == K_ARRAY) {
        if (v->type->sh.dims[r - 1] != g->dims[r - 1]) return NULL;
        for (int i = 0; i < r; i++)
            if (v->type->sh.dims[i] != g->dims[i] && v->type->sh.dims[i] != 1) return NULL;
        const char *idx[MAXR];
        for (int i = 0; i < r; i++) idx[i] = v->type->sh.dims[i] == 1 ? "0" : g->idx[i];
        return memo_put(g, v, def(g, rv_vt(e, g->lm), fmt(e, "__riscv_vle32_v_%s(&%s[%s] + %s, %s)", rv_sfx(e, g->lm), x->name,
                                                          cg_flat(e, v->type->sh.dims, r, idx), g->k, g->vl)));
    }
    if (x->kind != K_VIRT || !d || d->verbatim) return NULL;
    if (op_is(d, OP_tt_load)) return memo_put(g, v, rv_load_strip(g, d));
    RvStrip sub;
    if (view_idx(g, d, &sub)) return memo_put(g, v, rv_vf(&sub, op_operand(d, 0)));
    return memo_put(g, v, rv_vf_op(g, d));
}

static const char *rv_vf_f32(RvStrip *g, Op *op);

/* f16 exp, the interpreter's exp in double rounded once to f16: the f32
 * vector exp (within one f32 ulp, 2^-23) rounded to f16, which is that
 * value wherever y * (1 - 2^-21) and y * (1 + 2^-21) round to the same f16
 * (rounding is monotonic and the exact exp lies between them); the lanes
 * where they do not (about one in 2^9, and NaN) are computed as the
 * portable C does, exp in double rounded by ttx_f16r */
static const char *exp_h(RvStrip *g, Op *op) {
    Cg *e = g->e;
    int lm = g->lm;
    if (op->nopnds != 1) return NULL;
    const char *x = rv_vf(g, op_operand(op, 0)), *y = x ? rv_vf_f32(g, op) : NULL;
    if (!y) return NULL;
    const char *sfx = rv_sfx(e, lm), *bs = rv_bsfx(e, lm);
    const char *h = def(g, rv_vt(e, lm), round_h(g, y));
    const char *lo = round_h(g, fmt(e, "__riscv_vfmul_vf_%s(%s, 0x1.fffffp-1f, %s)", sfx, y, g->vl));
    const char *hi = round_h(g, fmt(e, "__riscv_vfmul_vf_%s(%s, 0x1.000008p+0f, %s)", sfx, y, g->vl));
    const char *near = def(g, fmt(e, "vbool%d_t", 32 / lm), fmt(e, "__riscv_vmfne_vv_%s_%s(%s, %s, %s)", sfx, bs, lo, hi, g->vl));
    if (g->emit) {
        line(e, "if (__riscv_vcpop_m_%s(%s, %s)) {   /* lanes near an f16 rounding boundary: exp in double */", bs, near, g->vl);
        e->ind++;
        line(e, "float ttx_ex[__riscv_vsetvlmax_e32m%d()], ttx_eh[__riscv_vsetvlmax_e32m%d()];", lm, lm);
        line(e, "u8 ttx_eb[__riscv_vsetvlmax_e32m%d() / 8 + 1];", lm);
        line(e, "__riscv_vse32_v_%s(ttx_ex, %s, %s);", sfx, x, g->vl);
        line(e, "__riscv_vse32_v_%s(ttx_eh, %s, %s);", sfx, h, g->vl);
        line(e, "__riscv_vsm_v_%s(ttx_eb, %s, %s);", bs, near, g->vl);
        line(e, "for (size_t ttx_i = 0; ttx_i < %s; ttx_i++)", g->vl);
        line(e, "    if (ttx_eb[ttx_i / 8] >> (ttx_i %% 8) & 1) ttx_eh[ttx_i] = (float)ttx_f16r(exp((double)ttx_ex[ttx_i]));");
        line(e, "%s = __riscv_vle32_v_%s(ttx_eh, %s);", h, sfx, g->vl);
        e->ind--;
        line(e, "}");
    }
    return h;
}

const char *rv_vf_op(RvStrip *g, Op *op) {
    if (op->nres != 1 || op->verbatim || !rv_fl(type_elem(op->res[0].type))) return NULL;
    if (fname_is(type_elem(op->res[0].type), "f16")) {
        /* the f32 op, rounded to f16; erf is not the f32 one rounded */
        if (op->info->id == OP_math_exp) return exp_h(g, op);
        if (op->info->id == OP_math_erf) return NULL;
        if (op->info->id == OP_arith_extf || op->info->id == OP_arith_truncf) {
            const char *a = op->nopnds == 1 ? rv_vf(g, op_operand(op, 0)) : NULL;
            return a ? def(g, rv_vt(g->e, g->lm), round_h(g, a)) : NULL;
        }
        const char *x = rv_vf_f32(g, op);
        return x ? def(g, rv_vt(g->e, g->lm), round_h(g, x)) : NULL;
    }
    if (op->info->id == OP_arith_extf || op->info->id == OP_arith_truncf)   /* f16 to f32: the same lanes */
        return op->nopnds == 1 && fname_is(type_elem(op_operand(op, 0)->type), "f16") ? rv_vf(g, op_operand(op, 0)) : NULL;
    return rv_vf_f32(g, op);
}

/* op's f32 lanes (op an f32 or f16 op of f32 or f16 operands) */
static const char *rv_vf_f32(RvStrip *g, Op *op) {
    Cg *e = g->e;
    int lm = g->lm;
    const char *sfx = rv_sfx(e, lm), *vt = rv_vt(e, lm);
    int id = op->info->id;
    const char *bin = NULL, *un = NULL;
    bool comm = false;
    switch (id) {
    case OP_arith_addf: bin = "vfadd"; comm = true; break;
    case OP_arith_subf: bin = "vfsub"; break;
    case OP_arith_mulf: bin = "vfmul"; comm = true; break;
    case OP_arith_divf: bin = "vfdiv"; break;
    /* vfmax/vfmin compute src/fmath.h's maxnumf/minnumf exactly: a NaN loses,
     * two NaNs give the default NaN, -0 below +0 (tests/numeric/fminmax.py) */
    case OP_arith_maxnumf: bin = "vfmax"; comm = true; break;
    case OP_arith_minnumf: bin = "vfmin"; comm = true; break;
    case OP_arith_negf: un = "vfneg"; break;
    case OP_math_absf: un = "vfabs"; break;
    case OP_math_sqrt: un = "vfsqrt"; break;
    case OP_math_exp: un = "exp"; break;
    case OP_math_erf: un = "erf"; break;
    case OP_arith_select: {
        if (op_operand(op, 0) == g->all) return rv_vf(g, op_operand(op, 1));   /* true on every lane */
        const char *c = rv_vm(g, op_operand(op, 0)), *a = c ? rv_vf(g, op_operand(op, 1)) : NULL, *b = a ? rv_vf(g, op_operand(op, 2)) : NULL;
        if (!b) return NULL;
        return def(g, vt, fmt(e, "__riscv_vmerge_vvm_%s(%s, %s, %s, %s)", sfx, b, a, c, g->vl));
    }
    default: return NULL;
    }
    if (un) {
        if (op->nopnds != 1) return NULL;
        const char *a = rv_vf(g, op_operand(op, 0));
        if (!a) return NULL;
        if (!strcmp(un, "exp")) {
            g->uses_exp = true;
            return def(g, vt, fmt(e, "ttx_vexpf_m%d(%s, %s)", lm, a, g->vl));
        }
        if (!strcmp(un, "erf")) {
            g->uses_erf = true;
            return def(g, vt, fmt(e, "ttx_verff_m%d(%s, %s)", lm, a, g->vl));
        }
        return def(g, vt, fmt(e, "__riscv_%s_v_%s(%s, %s)", un, sfx, a, g->vl));
    }
    if (op->nopnds != 2) return NULL;
    Value *l = op_operand(op, 0), *r = op_operand(op, 1);
    if (!rv_fl(type_elem(l->type)) || !rv_fl(type_elem(r->type))) return NULL;
    const char *ls = row_scalar(g, l), *rs = row_scalar(g, r);
    if (rs && !ls) {
        const char *a = rv_vf(g, l);
        return a ? def(g, vt, fmt(e, "__riscv_%s_vf_%s(%s, %s, %s)", bin, sfx, a, rs, g->vl)) : NULL;
    }
    if (ls && !rs && (comm || id == OP_arith_subf || id == OP_arith_divf)) {
        const char *b = rv_vf(g, r);
        const char *o = comm ? bin : id == OP_arith_subf ? "vfrsub" : "vfrdiv";
        return b ? def(g, vt, fmt(e, "__riscv_%s_vf_%s(%s, %s, %s)", o, sfx, b, ls, g->vl)) : NULL;
    }
    const char *a = rv_vf(g, l), *b = a ? rv_vf(g, r) : NULL;
    if (!b) return NULL;
    return def(g, vt, fmt(e, "__riscv_%s_vv_%s(%s, %s, %s)", bin, sfx, a, b, g->vl));
}
