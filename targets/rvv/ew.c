/* targets/rvv/ew.c - the RVV vector strategy's elementwise rows, loads and
 * stores (cgen.h's elementwise and access_rows hooks; the vector
 * expressions of vexpr.c):
 *
 * - f32, f16, i32 and i8 elementwise arrays by rows of strips, i1 arrays
 *   as bytes, a splat constant's array by one strip loop;
 * - a store through pointers contiguous along the row writes each strip of
 *   its value's expression (vse32, vse16 narrowed, vse8), masked by the
 *   Triton mask; when the mask is `offsets < n` (offsets stepping by 1
 *   along the row), or `R && P` with R the same along the row, the kept
 *   lanes are a prefix and its strips run unmasked, the last one the tail;
 * - a load into its array by strips, also through an array of pointers
 *   whose row turns out consecutive at run time, and through a block
 *   pointer whose last stride is 1 at run time.
 * What a hook does not handle returns false (marked: rv_scalar) and the
 * shared emitter writes its per-element loop nest. */
#include "rvv_impl.h"

enum { LM = 8 };

/* the f32 array `name` of type t, a loop nest over its rows with the last
 * axis by strips; strip(g, op) gives each strip's vector */
void rv_strips_by_rows(Cg *e, const Type *t, const char *name, Op *op, const char *(*strip)(RvStrip *, Op *)) {
    int r = t->sh.rank;
    const char *idx[MAXR];
    int n = cg_loops_open(e, t->sh.dims, r - 1, idx);
    idx[r - 1] = "0";
    /* f32 with an erf: LMUL 2, erf's own (at LMUL 8 its four parts and the
     * group's live registers spill) */
    RvStrip g;
    rv_strip_init(&g, e, false, LM, t, idx);
    int lm = !rv_is_i8t(t) && strip(&g, op) && g.uses_erf ? 2 : LM;
    strip_open(e, lm, fmt(e, "%" PRId64, t->sh.dims[r - 1]));
    rv_strip_init(&g, e, true, lm, t, idx);
    const char *x = strip(&g, op);
    if (rv_is_i8t(t)) line(e, "__riscv_vse8_v_i8m2((i8 *)&%s[%s] + ttx_k, %s, ttx_vl);", name, cg_flat(e, t->sh.dims, r, idx), rv_i8_narrow(&g, x));
    else line(e, "__riscv_vse32_v_%s32m%d(&%s[%s] + ttx_k, %s, ttx_vl);", is_i32t(t) ? "i" : "f", lm, name, cg_flat(e, t->sh.dims, r, idx), x);
    close1(e);
    cg_loops_close(e, n);
}



/* op's i1 result v (an array of bytes, 0 or 1) by rows of strips: the mask
 * of each strip, its lanes stored as bytes (vmerge of 1 into 0s, vse8) */
static bool mask_rows(Cg *e, Op *op, Value *v, bool emit) {
    Type *t = v->type;
    if (!is_tensor(t) || !type_is_int(t->sh.elem, 1) || t->sh.rank < 1 || t->sh.rank > MAXR || !cg_is_ew(op->info->id)) return false;
    RvStrip g;
    rv_strip_init(&g, e, false, LM, t, NULL);
    if (!rv_vm_op(&g, op)) return false;
    if (!emit) return true;
    int r = t->sh.rank;
    const char *idx[MAXR];
    int n = cg_loops_open(e, t->sh.dims, r - 1, idx);
    idx[r - 1] = "0";
    strip_open(e, LM, fmt(e, "%" PRId64, t->sh.dims[r - 1]));
    rv_strip_init(&g, e, true, LM, t, idx);
    const char *x = rv_vm_op(&g, op);
    line(e, "__riscv_vse8_v_u8m2((u8 *)&%s[%s] + ttx_k, __riscv_vmerge_vxm_u8m2(__riscv_vmv_v_x_u8m2(0, ttx_vl), 1, %s, ttx_vl), ttx_vl);",
         cg_vi(e, v)->name, cg_flat(e, t->sh.dims, r, idx), x);
    close1(e);
    cg_loops_close(e, n);
    return true;
}

/* op's f32 result v (an array) by rows of strips */
bool rv_ew_rows(Cg *e, Op *op, Value *v, bool emit) {
    Type *t = v->type;
    bool in = is_tensor(t) && (is_i32t(t) || rv_is_i8t(t));
    if (!is_tensor(t) || !(rv_fl(t->sh.elem) || in) || t->sh.rank < 1 || t->sh.rank > MAXR || !cg_is_ew(op->info->id)) return false;
    RvStrip g;
    rv_strip_init(&g, e, false, LM, t, NULL);
    if (in ? !rv_vi_op(&g, op) : !rv_vf_op(&g, op)) return false;
    if (emit) rv_strips_by_rows(e, t, cg_vi(e, v)->name, op, in ? rv_vi_op : rv_vf_op);
    return true;
}

/* a line naming an op the strategy leaves to the portable C's per-element
 * code (tests/rvv/compile.py counts them in the samples) */
bool rv_scalar(Cg *e, Op *op) {
    line(e, "/* rvv: per-element %s */", op_name(op));
    return false;
}

/* a splat constant's array (f32, i32): one strip loop of
 * vfmv/vmv over the whole array */
static bool const_rows(Cg *e, Op *op, Value *v) {
    Type *t = v->type;
    Attr *c = op_attr(op, "value");
    if (!op_is(op, OP_arith_constant) || !is_tensor(t) || !c || c->kind != A_DENSE || c->dense.n != 1) return false;
    bool f = fname_is(t->sh.elem, "f32");
    if (!f && !is_i32t(t)) return false;
    const char *l = cg_lit_attr(e, c->dense.elts[0], t->sh.elem);
    if (!l) return false;
    int64_t n = type_numel(t);
    line(e, "{");
    e->ind++;
    line(e, "const %s ttx_u = %s;", f ? "float" : "i32", l);
    strip_open(e, LM, fmt(e, "%" PRId64, n));
    if (f) line(e, "__riscv_vse32_v_f32m%d(&%s[0] + ttx_k, __riscv_vfmv_v_f_f32m%d(ttx_u, ttx_vl), ttx_vl);", LM, cg_vi(e, v)->name, LM);
    else line(e, "__riscv_vse32_v_i32m%d(&%s[0] + ttx_k, __riscv_vmv_v_x_i32m%d(ttx_u, ttx_vl), ttx_vl);", LM, cg_vi(e, v)->name, LM);
    close1(e);
    close1(e);
    return true;
}

bool rvv_elementwise(Cg *e, Op *op, Value *v) {
    if (const_rows(e, op, v)) return true;
    if (rvv_trans_unread(e, op)) {
        line(e, "(void)%s;   /* not made: the xsmt.mmt4d micro-kernels read the pack under this tt.trans */", cg_vi(e, v)->name);
        return true;
    }
    if (rv_ptr_add(e, op, v, false)) return rv_ptr_add(e, op, v, true);
    if (rv_ew_rows(e, op, v, false)) return rv_ew_rows(e, op, v, true);
    if (mask_rows(e, op, v, false)) return mask_rows(e, op, v, true);
    return rv_scalar(e, op);
}

/* ---- loads and stores ------------------------------------------------- */

/* a tt.store of an f32 tensor through pointers contiguous along the row,
 * its value and mask computable by strips */
bool rv_store_ok(Cg *e, Op *op, Aff **pa) {
    if (!op_is(op, OP_tt_store) || op->verbatim || op->nopnds < 2 || op_attr(op, "boundaryCheck")) return false;
    Value *pv = op_operand(op, 0), *val = op_operand(op, 1), *mask = op->nopnds > 2 ? op_operand(op, 2) : NULL;
    Type *vt = val->type;
    Aff *a;
    if (!rv_row_pointers(e, pv, vt, &a)) return false;
    RvStrip g;
    rv_strip_init(&g, e, false, LM, vt, NULL);
    if (!rv_vx(&g, val) || (mask && !rv_vm(&g, mask))) return false;
    if (pa) *pa = a;
    return true;
}

/* a mask `a < b` (or <=, >, >= with b on the left) of i32 a affine with
 * step 1 along the row and b the same along it: the kept lanes of a row are
 * a prefix.  Lines that set ttx_hi to its length when the comparison cannot
 * wrap along the row (and ttx_ok to whether it cannot) */
bool rv_prefix_cmp(Cg *e, Value *mask, int r, int64_t L, const char *const *idx, bool emit) {
    Op *d = mask ? mask->def : NULL;
    int64_t p;
    if (!d || d->verbatim || cg_vi(e, mask)->kind != K_VIRT) return false;
    const int64_t *full = mask->type->sh.dims;
    if (op_is(d, OP_tt_broadcast) && d->nopnds == 1 && is_tensor(op_operand(d, 0)->type)) d = op_operand(d, 0)->def;   /* over the rows */
    if (!d || d->verbatim || !op_is(d, OP_arith_cmpi) || !op_attr_int(d, "predicate", &p)) return false;
    Value *a = op_operand(d, 0), *b = op_operand(d, 1);
    if (p == 4 || p == 5) { Value *t = a; a = b; b = t; p = p == 4 ? 2 : 3; }
    if (p != 2 && p != 3) return false;
    Type *el = type_elem(a->type);
    if (!el || el->kind != T_INT || el->i.width != 32 || !cg_is_uniform_value(b) || !is_tensor(a->type) || a->type->sh.rank != r) return false;
    Aff *af = cg_aff_of(e, a);
    if (!af || af->ptr || af->rank != r || !af->co[r - 1].k || af->co[r - 1].c != 1 || a->type->sh.dims[r - 1] != L) return false;
    for (int i = 0; i < r - 1; i++)   /* an axis broadcast from 1: its index is 0 */
        if (a->type->sh.dims[i] != full[i] && !(af->co[i].k && af->co[i].c == 0)) return false;
    if (!emit) return true;
    const char *zi[MAXR];
    for (int i = 0; i < MAXR; i++) zi[i] = "0";
    line(e, "i64 ttx_lb = %s, ttx_hi = 0;", cg_aff_sum(e, af, idx));
    line(e, "int ttx_ok = ttx_lb >= -2147483648LL && ttx_lb <= 2147483647LL - %" PRId64 ";", L - 1);
    line(e, "if (ttx_ok) {");
    line(e, "    i64 ttx_c = (i64)(i32)(%s) - ttx_lb%s;", cg_ex(e, b, zi), p == 3 ? " + 1" : "");
    line(e, "    ttx_hi = ttx_c < 0 ? 0 : ttx_c > %" PRId64 " ? %" PRId64 " : ttx_c;", L, L);
    line(e, "}");
    return true;
}

/* v is the same along the row: a broadcast of a tensor whose last axis is 1 */
static bool row_const(Value *v) {
    Op *d = v->def;
    if (cg_is_uniform_value(v)) return true;
    if (!d || d->verbatim || !op_is(d, OP_tt_broadcast) || d->nopnds != 1) return false;
    Type *t = op_operand(d, 0)->type;
    return is_tensor(t) && t->sh.rank == v->type->sh.rank && t->sh.dims[t->sh.rank - 1] == 1;
}

/* prefix_cmp, or `R && P` (either order) of R the same along the row and P
 * a prefix: no lane of a row whose R is false */
static bool prefix_mask(Cg *e, Value *mask, int r, int64_t L, const char *const *idx, bool emit) {
    Op *d = mask ? mask->def : NULL;
    if (d && !d->verbatim && op_is(d, OP_arith_andi) && d->nopnds == 2 && cg_vi(e, mask)->kind == K_VIRT && is_tensor(mask->type)) {
        for (int s = 0; s < 2; s++) {
            Value *u = op_operand(d, s), *o = op_operand(d, 1 - s);
            if (!row_const(u) || cg_vi(e, u)->kind == K_ARRAY || !rv_prefix_cmp(e, o, r, L, idx, emit)) continue;
            if (emit) line(e, "if (!(%s)) ttx_hi = 0;", cg_ex(e, u, idx));
            return true;
        }
        return false;
    }
    return rv_prefix_cmp(e, mask, r, L, idx, emit);
}

/* one row's strips of the store's value, over [0, n); all: its mask is
 * true on every lane there */
static void store_strips(Cg *e, Op *op, const char *const *idx, const char *n, bool all) {
    Value *val = op_operand(op, 1), *mask = op->nopnds > 2 ? op_operand(op, 2) : NULL;
    strip_open(e, LM, n);
    RvStrip g;
    rv_strip_init(&g, e, true, LM, val->type, idx);
    if (all) g.all = mask;
    g.stored = mask;
    const char *x = rv_vx(&g, val);
    const char *mv = mask && !all ? rv_vm(&g, mask) : NULL;
    const char *vs = is_i32t(val->type) ? "i32" : "f32";
    if (rv_is_i8t(val->type)) {
        x = rv_i8_narrow(&g, x);
        if (mv) line(e, "__riscv_vse8_v_i8m2_m(%s, ttx_rp + ttx_k, %s, ttx_vl);", mv, x);
        else line(e, "__riscv_vse8_v_i8m2(ttx_rp + ttx_k, %s, ttx_vl);", x);
    } else if (fname_is(val->type->sh.elem, "f16")) {
        const char *hs = rv_hsfx(e, LM);
        x = fmt(e, "__riscv_vfncvt_f_f_w_%s(%s, ttx_vl)", hs, x);
        if (mv) line(e, "__riscv_vse16_v_%s_m(%s, ttx_rp + ttx_k, %s, ttx_vl);", hs, mv, x);
        else line(e, "__riscv_vse16_v_%s(ttx_rp + ttx_k, %s, ttx_vl);", hs, x);
    } else if (mv) line(e, "__riscv_vse32_v_%sm%d_m(%s, ttx_rp + ttx_k, %s, ttx_vl);", vs, LM, mv, x);
    else line(e, "__riscv_vse32_v_%sm%d(ttx_rp + ttx_k, %s, ttx_vl);", vs, LM, x);
    close1(e);
}

static void store_rows(Cg *e, Op *op, Aff *pa) {
    Value *val = op_operand(op, 1), *mask = op->nopnds > 2 ? op_operand(op, 2) : NULL;
    Type *vt = val->type;
    int r = vt->sh.rank;
    int64_t L = vt->sh.dims[r - 1];
    const char *idx[MAXR];
    int n = cg_loops_open(e, vt->sh.dims, r - 1, idx);
    idx[r - 1] = "0";
    if (fname_is(vt->sh.elem, "f16")) line(e, "_Float16 *ttx_rp = (_Float16 *)(%s);", cg_aff_render(e, pa, vt->sh.elem, idx));
    else line(e, "%s *ttx_rp = %s;", is_i32t(vt) ? "i32" : rv_is_i8t(vt) ? "i8" : "float", cg_aff_render(e, pa, vt->sh.elem, idx));
    const char *len = fmt(e, "%" PRId64, L);
    if (prefix_mask(e, mask, r, L, idx, true)) {
        /* the kept lanes are a prefix: its strips, the last one the tail */
        line(e, "if (ttx_ok) {");
        e->ind++;
        store_strips(e, op, idx, "ttx_hi", true);
        e->ind--;
        line(e, "} else {");
        e->ind++;
        store_strips(e, op, idx, len, false);
        close1(e);
    } else store_strips(e, op, idx, len, false);
    cg_loops_close(e, n);
}

/* the end of a row's strips, and the element loop of the rows they do not
 * take: `} else { for (i_last ...) {`, left open for the caller's element
 * access (a->n counts the two) */
static bool strips_else_elements(Cg *e, CgAccess *a, int r, int64_t L) {
    close1(e);
    e->ind--;
    line(e, "} else {");
    e->ind++;
    a->idx[r - 1] = LOOPV[r - 1];
    line(e, "for (i64 %s = 0; %s < %" PRId64 "; %s++) {", a->idx[r - 1], a->idx[r - 1], L, a->idx[r - 1]);
    e->ind++;
    a->n += 2;
    return true;
}

/* a load into its array through an array of pointers: a row whose
 * pointers are consecutive by strips, the others element by element */
static bool gather_rows(Cg *e, CgAccess *a) {
    Op *op = a->op;
    if (!op_is(op, OP_tt_load) || a->tts || a->blk || a->nmd || !a->ten || !rv_fl(a->el) || a->el != a->vt->sh.elem || cg_vi(e, a->pv)->kind != K_ARRAY)
        return false;
    Value *mask = op->nopnds > 1 ? op_operand(op, 1) : NULL, *other = op->nopnds > 2 ? op_operand(op, 2) : NULL;
    RvStrip g;
    rv_strip_init(&g, e, false, LM, a->vt, NULL);
    if ((mask && !rv_vm(&g, mask)) || (other && !rv_vf(&g, other))) return false;
    int r = a->r;
    int64_t L = a->L;
    a->n = cg_loops_open(e, a->vt->sh.dims, r - 1, a->idx);
    a->idx[r - 1] = "0";
    const char *row = cg_flat(e, a->vt->sh.dims, r, a->idx);
    line(e, "%s *const *ttx_pr = &%s[%s];", a->mt, cg_vi(e, a->pv)->name, row);
    if (rv_rows_flagged(e, a->pv))   /* known since the loop began */
        line(e, "int ttx_c = %s_rc[%s];", cg_vi(e, a->pv)->name, r > 1 ? cg_flat(e, a->vt->sh.dims, r - 1, a->idx) : "0");
    else rv_consecutive(e, L, a->sz);
    line(e, "if (ttx_c) {");
    e->ind++;
    strip_open(e, LM, fmt(e, "%" PRId64, L));
    rv_strip_init(&g, e, true, LM, a->vt, a->idx);
    const char *x = rv_load_strip_at(&g, op, "ttx_pr[0]");
    line(e, "__riscv_vse32_v_f32m%d(&%s[%s] + ttx_k, %s, ttx_vl);", LM, a->name, row, x);
    return strips_else_elements(e, a, r, L);
}

/* a load or store through a block pointer whose last stride is 1 at run
 * time: each row by strips, the boundary check a row condition and a range
 * [lo, hi) of the row's lanes (masked vle/vse, the padding in the others);
 * another stride takes the per-element loop of the fallback branch */
static bool bptr_rows(Cg *e, CgAccess *a) {
    Op *op = a->op;
    if (!a->blk || a->tts || a->nmd || !a->ten || a->mask || a->other || !is_bptr(a->pv->type) || a->el != a->vt->sh.elem ||
        !(rv_fl(a->el) || is_i32t(a->vt)) || a->r < 1 || a->r > MAXR)
        return false;
    int64_t bc[MAXR];
    int nb = op_attr(op, "boundaryCheck") ? op_attr_ints(op, "boundaryCheck", bc, MAXR) : 0;
    if (nb < 0) return false;
    RvStrip g;
    if (a->store) {
        rv_strip_init(&g, e, false, LM, a->vt, NULL);
        if (!rv_vx(&g, a->val)) return false;
    }
    int r = a->r;
    int64_t L = a->L;
    const char *bp = cg_vi(e, a->pv)->name;
    bool h = fname_is(a->el, "f16"), in = is_i32t(a->vt), last = false;
    a->n = cg_loops_open(e, a->vt->sh.dims, r - 1, a->idx);
    a->idx[r - 1] = "0";
    const char *row = NULL, *addr = NULL;
    for (int d = 0; d < r - 1; d++) {
        const char *rd = fmt(e, "(%s.off[%d] + %s)", bp, d, a->idx[d]);
        const char *t = fmt(e, "%s * %s.stride[%d]", rd, bp, d);
        addr = addr ? fmt(e, "%s + %s", addr, t) : t;
        for (int k = 0; k < nb; k++)
            if (bc[k] == d) {
                const char *c1 = fmt(e, "%s >= 0 && %s < %s.shape[%d]", rd, rd, bp, d);
                row = row ? fmt(e, "%s && %s", row, c1) : c1;
            }
    }
    for (int k = 0; k < nb; k++) last |= bc[k] == r - 1;
    line(e, "if (%s.stride[%d] == 1) {", bp, r - 1);
    e->ind++;
    line(e, "i64 ttx_o = %s.off[%d], ttx_lo = 0, ttx_hi = %" PRId64 ";", bp, r - 1, L);
    if (last) {
        line(e, "ttx_lo = ttx_o < 0 ? (-ttx_o < %" PRId64 " ? -ttx_o : %" PRId64 ") : 0;", L, L);
        line(e, "ttx_hi = %s.shape[%d] - ttx_o;", bp, r - 1);
        line(e, "ttx_hi = ttx_hi < 0 ? 0 : ttx_hi > %" PRId64 " ? %" PRId64 " : ttx_hi;", L, L);
    }
    if (row) line(e, "if (!(%s)) ttx_hi = 0;", row);
    const char *et = h ? "_Float16" : in ? "i32" : "float";
    line(e, "%s%s *ttx_bp = (%s%s *)%s.base + %s%sttx_o;", a->store ? "" : "const ", et, a->store ? "" : "const ", et, bp, addr ? addr : "",
         addr ? " + " : "");
    strip_open(e, LM, fmt(e, "%" PRId64, L));
    const char *bs = rv_bsfx(e, LM);
    line(e, "size_t ttx_a = ttx_lo > (i64)ttx_k ? (size_t)(ttx_lo - (i64)ttx_k) : 0, ttx_b = ttx_hi > (i64)ttx_k ? (size_t)(ttx_hi - (i64)ttx_k) : 0;");
    line(e, "vuint32m%d_t ttx_id = __riscv_vid_v_u32m%d(ttx_vl);", LM, LM);
    line(e, "vbool%d_t ttx_m = __riscv_vmand_mm_%s(__riscv_vmsgeu_vx_u32m%d_%s(ttx_id, (u32)(ttx_a < ttx_vl ? ttx_a : ttx_vl), ttx_vl), "
            "__riscv_vmsltu_vx_u32m%d_%s(ttx_id, (u32)(ttx_b < ttx_vl ? ttx_b : ttx_vl), ttx_vl), ttx_vl);", 32 / LM, bs, LM, bs, LM, bs);
    const char *sfx = rv_sfx(e, LM), *hs = rv_hsfx(e, LM);
    if (a->store) {
        rv_strip_init(&g, e, true, LM, a->vt, a->idx);
        const char *x = rv_vx(&g, a->val);
        if (h) line(e, "__riscv_vse16_v_%s_m(ttx_m, ttx_bp + ttx_k, __riscv_vfncvt_f_f_w_%s(%s, ttx_vl), ttx_vl);", hs, hs, x);
        else line(e, "__riscv_vse32_v_%s_m(ttx_m, ttx_bp + ttx_k, %s, ttx_vl);", in ? fmt(e, "i32m%d", LM) : sfx, x);
    } else {
        int64_t pad = 1;
        op_attr_int(op, "padding", &pad);
        const char *pv = in ? fmt(e, "__riscv_vmv_v_x_i32m%d(0, ttx_vl)", LM)
                            : fmt(e, "__riscv_vfmv_v_f_%s(%s, ttx_vl)", sfx, pad == 2 ? "ttx_f32(0x7fc00000u)" : "0.0f");
        const char *x;
        if (h) x = fmt(e, "__riscv_vmerge_vvm_%s(%s, __riscv_vfwcvt_f_f_v_%s(__riscv_vle16_v_%s_m(ttx_m, ttx_bp + ttx_k, ttx_vl), ttx_vl), ttx_m, ttx_vl)",
                       sfx, pv, sfx, hs);
        else if (in) x = fmt(e, "__riscv_vle32_v_i32m%d_mu(ttx_m, %s, ttx_bp + ttx_k, ttx_vl)", LM, pv);
        else x = fmt(e, "__riscv_vle32_v_%s_mu(ttx_m, %s, ttx_bp + ttx_k, ttx_vl)", sfx, pv);
        line(e, "__riscv_vse32_v_%s(&%s[%s] + ttx_k, %s, ttx_vl);", in ? fmt(e, "i32m%d", LM) : sfx, a->name,
             cg_flat(e, a->vt->sh.dims, r, a->idx), x);
    }
    return strips_else_elements(e, a, r, L);
}

/* the loads read where they are used (rvv_defer) in v's expression */
static int virt_loads(Cg *e, Value *v, Op **ld, int n, int max, int depth) {
    Op *d = v->def;
    if (!d || d->verbatim || depth > 32 || cg_vi(e, v)->kind != K_VIRT) return n;
    if (op_is(d, OP_tt_load)) {
        for (int i = 0; i < n; i++)
            if (ld[i] == d) return n;
        if (n < max) ld[n++] = d;
        return n;
    }
    if (cg_is_ew(d->info->id))
        for (int i = 0; i < d->nopnds; i++) n = virt_loads(e, op_operand(d, i), ld, n, max, depth + 1);
    return n;
}

/* lines adding to ttx_al whether the bytes of a's tile of type t (its
 * lanes from the lowest address to the highest) meet [ttx_lo, ttx_hi) */
static void aff_span(Cg *e, const Aff *a, Type *t, bool first) {
    const char *zi[MAXR];
    for (int i = 0; i < MAXR; i++) zi[i] = "0";
    int sz = cg_msize(type_elem(t));
    line(e, "{");
    e->ind++;
    int64_t kl = 0, kh = 0;   /* the constant coefficients' part */
    for (int i = 0; i < a->rank && i < t->sh.rank; i++) {
        int64_t ext = t->sh.dims[i] - 1;
        if (ext && a->co[i].k) *(a->co[i].c < 0 ? &kl : &kh) += a->co[i].c * ext;
    }
    line(e, "i64 ttx_l = %" PRId64 "LL, ttx_h = %" PRId64 "LL;", kl, kh);
    for (int i = 0; i < a->rank && i < t->sh.rank; i++) {
        int64_t ext = t->sh.dims[i] - 1;
        if (ext && !a->co[i].k)
            line(e, "{ i64 ttx_x = (i64)(%s) * %" PRId64 "; if (ttx_x < 0) ttx_l += ttx_x; else ttx_h += ttx_x; }", a->co[i].s, ext);
    }
    const char *b = fmt(e, "(const char *)(%s)", cg_aff_render(e, a, type_elem(t), zi));
    if (first) line(e, "ttx_lo = %s + ttx_l * %d, ttx_hi = %s + (ttx_h + 1) * %d;", b, sz, b, sz);
    else line(e, "ttx_al |= %s + ttx_l * %d < ttx_hi && ttx_lo < %s + (ttx_h + 1) * %d;", b, sz, b, sz);
    close1(e);
}

/* a store whose value reads loads where they are used (rvv_defer), each
 * strip before writing it: when at run time its tile's bytes meet those of
 * a load that reads other lanes than it writes, a store strip could write
 * what a later strip (or row) of that load reads, so those loads are first
 * read into their arrays, as the C target does */
static void store_guarded(Cg *e, Op *op, Aff *pa) {
    Op *ld[16];
    int n = virt_loads(e, op_operand(op, 1), ld, 0, 16, 0);
    if (op->nopnds > 2) n = virt_loads(e, op_operand(op, 2), ld, n, 16, 0);
    int m = 0;
    for (int i = 0; i < n; i++) {
        Aff *la;
        if (rv_load_ok(e, ld[i], &la) && !rv_same_lanes(la, pa)) ld[m++] = ld[i];
    }
    if (!m) {
        store_rows(e, op, pa);
        return;
    }
    line(e, "{");
    e->ind++;
    line(e, "const char *ttx_lo, *ttx_hi;");
    line(e, "int ttx_al = 0;");
    aff_span(e, pa, op_operand(op, 1)->type, true);
    for (int i = 0; i < m; i++) {
        Aff *la;
        rv_load_ok(e, ld[i], &la);
        aff_span(e, la, op_result(ld[i], 0)->type, false);
    }
    line(e, "if (ttx_al) {");
    e->ind++;
    line(e, "/* the store's memory meets a load's: the load read first */");
    for (int i = 0; i < m; i++) {
        Value *v = op_result(ld[i], 0);
        cg_vi(e, v)->kind = K_ARRAY;
        if (!cg_declare(e, v)) return;
        rv_strips_by_rows(e, v->type, cg_vi(e, v)->name, ld[i], rv_load_strip);
    }
    store_rows(e, op, pa);
    for (int i = 0; i < m; i++) cg_vi(e, op_result(ld[i], 0))->kind = K_VIRT;
    e->ind--;
    line(e, "} else {");
    e->ind++;
    store_rows(e, op, pa);
    close1(e);
    close1(e);
}

bool rvv_access(Cg *e, CgAccess *a) {
    if (bptr_rows(e, a)) return true;
    Aff *pa;
    if (a->store) {
        if (!rv_store_ok(e, a->op, &pa)) return a->ten ? rv_scalar(e, a->op) : false;
        store_guarded(e, a->op, pa);
        a->whole = true;
        return true;
    }
    if (rv_load_ok(e, a->op, &pa)) {
        Type *vt = a->vt;
        RvStrip g;
        rv_strip_init(&g, e, false, LM, vt, NULL);
        if (rv_load_strip(&g, a->op)) {
            rv_strips_by_rows(e, vt, a->name, a->op, rv_load_strip);
            a->whole = true;
            return true;
        }
    }
    return gather_rows(e, a) || (a->ten ? rv_scalar(e, a->op) : false);
}

