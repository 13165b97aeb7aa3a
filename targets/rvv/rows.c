/* targets/rvv/rows.c - the RVV vector strategy's hooks (cgen.h): rows of
 * tensors computed by `vsetvl` strip-mined loops over the last axis, whose
 * last pass is the tail, VLEN-agnostic.
 *
 * - elementwise arrays, loads and stores by strips: ew.c;
 * - a load used only by stores, by reductions along the row and by
 *   elementwise ops that end there is not copied into an array at all: each
 *   user reads it from memory (vle32, masked, the masked-off lanes the
 *   load's other);
 * - array copies and pointer advances by strips;
 * - reductions along the row: reduce.c;
 * - a 2-D i8 x i8 -> i32 tt.dot: 4 rows of i32 accumulators, each step a
 *   vwmacc.vx of A's element and B's row widened to i16 (wrapping sums:
 *   any order is the interpreter's);
 * - a 2-D f32 tt.dot: a register-blocked micro-kernel, 4 rows of
 *   accumulators of one strip of columns, k outside, one vfmacc.vf per row
 *   and k (each product added with one rounding, in k order); when its
 *   operands are loads through loop-carried pointer arrays whose rows turn
 *   out consecutive (B's evenly spaced), it reads them through the rows'
 *   first pointers (no arrays), k by 4, the masked k last, and the arrays'
 *   advances move only those first pointers; when the arrays' offsets are a
 *   row part plus a column part, that test reads the parts and only the
 *   rows' first pointers are built (the whole arrays when it fails);
 * - such a dot's loop over k blocks (its accumulator, A's and B's pointer
 *   arrays the loop's iter args): the loop inside the dot's row blocks, the
 *   accumulators in registers across all of it (a uniform init their first
 *   value, one store after the last block; 4 rows at LMUL 4 when that
 *   holds the columns, else 2 rows at LMUL 8), a whole k block by 4 over a
 *   constant count; the generic loop when the run-time test fails;
 * - a uniform value into an array: one strip loop over the whole array.
 * What a hook does not handle returns false and the shared emitter writes
 * its generic per-element loop nest, so every kernel still becomes
 * correct C. */
#include "rvv_impl.h"

enum { LM = 8, LM_DOT = 4 };



/* DST_ru &= whether the first pointers of the rows of pointer array dst
 * (rows rows of L) are evenly spaced, DST_rs apart, by e64 strips */
static void rows_evenly_spaced(Cg *e, const char *dst, int64_t rows, int64_t L) {
    line(e, "for (size_t ttx_k = 0, ttx_vl; ttx_k < %" PRId64 "; ttx_k += ttx_vl) {", rows);
    e->ind++;
    line(e, "ttx_vl = __riscv_vsetvl_e64m8(%" PRId64 " - ttx_k);", rows);
    line(e, "vuint64m8_t ttx_s = __riscv_vlse64_v_u64m8((const unsigned long *)%s + ttx_k * %" PRId64 ", %" PRId64 ", ttx_vl);", dst, L, L * 8);
    line(e, "vuint64m8_t ttx_x = __riscv_vadd_vx_u64m8(__riscv_vmul_vx_u64m8(__riscv_vadd_vx_u64m8(__riscv_vid_v_u64m8(ttx_vl), ttx_k, ttx_vl), "
            "(u64)%s_rs, ttx_vl), (u64)%s[0], ttx_vl);", dst, dst);
    line(e, "%s_ru &= __riscv_vcpop_m_b8(__riscv_vmsne_vv_u64m8_b8(ttx_s, ttx_x, ttx_vl), ttx_vl) == 0;", dst);
    close1(e);
}

/* ---- elementwise arrays, copies ----------------------------------------- */

/* op's one result may be written into the array of a, an iter arg of the
 * scf.for whose body op is in: the result goes only to that loop's yield,
 * at a's position, and every other use of a comes before op in the body
 * (op reads a as operand `at` only, each element before it writes it); the
 * yield's copy is then nothing */
static bool inplace(Cg *e, Op *op, Value *a, int at) {
    if (!op || op->nres != 1 || !a || a->def) return false;
    Value *v = op_result(op, 0);
    Block *b = op->block;
    if (!v->uses || v->uses->next || value_argblock(a) != b || !b->region || !b->region->op || !op_is(b->region->op, OP_scf_for)) return false;
    if (!op_is(v->uses->owner, OP_scf_yield) || v->uses->owner->block != b || use_index(v->uses) + 1 != value_index(a)) return false;
    VI *x = cg_vi(e, a);
    if (x->kind != K_ARRAY || x->carried || !cg_same_shape(a->type, v->type) || type_elem(a->type) != type_elem(v->type)) return false;
    for (Use *u = a->uses; u; u = u->next) {
        Op *w = u->owner;
        while (w && w->block != b) w = w->block && w->block->region ? w->block->region->op : NULL;
        if (!w) return false;
        if (w == op && u->owner == op && use_index(u) == at) continue;
        if (w == op) return false;   /* read as another operand: a dot of C by itself */
        bool before = false;
        for (Op *o = b->first; o && o != op && !before; o = o->next) before = o == w;
        if (!before) return false;
    }
    return true;
}
static bool dot_ok(Cg *e, Op *op);
static bool dd_ok(Cg *e, Op *op);
static bool dd_dot(Cg *e, Op *op);
static bool lazy_rows(Cg *e, Value *a);
static void dot_arrays(Cg *e, Op *op, const char *A, const char *B, const char *R);

/* the array op writes its result into: in place, or its own */
static bool op_inplace(Cg *e, Op *op) {
    if (op_is(op, OP_tt_addptr)) return rv_ptr_add(e, op, op_result(op, 0), false) && inplace(e, op, op_operand(op, 0), 0);
    if (op_is(op, OP_tt_dot)) return (dot_ok(e, op) || dd_ok(e, op)) && inplace(e, op, op_operand(op, 2), 2);
    return false;
}
static const char *out_name(Cg *e, Op *op, int arg) {
    const char *own = cg_vi(e, op_result(op, 0))->name;
    if (!op_inplace(e, op)) return own;
    line(e, "(void)%s;   /* written in place into %s */", own, cg_vi(e, op_operand(op, arg))->name);
    return cg_vi(e, op_operand(op, arg))->name;
}

bool rv_ptr_add(Cg *e, Op *op, Value *v, bool emit) {
    if (!op_is(op, OP_tt_addptr) || op->verbatim || op->nopnds != 2 || type_elem(v->type)->kind != T_PTR) return false;
    Value *a = op_operand(op, 0);
    if (cg_vi(e, a)->kind != K_ARRAY || !cg_same_shape(a->type, v->type) || !cg_is_uniform_value(op_operand(op, 1))) return false;
    int sz = cg_msize(type_elem(v->type)->ptr.pointee);
    if (sz <= 0) return false;
    if (!emit) return true;
    const char *zi[MAXR];
    for (int d = 0; d < MAXR; d++) zi[d] = "0";
    line(e, "{");
    e->ind++;
    const char *dst = out_name(e, op, 0);
    line(e, "unsigned long ttx_off = (unsigned long)((i64)(%s) * %d);", cg_ex(e, op_operand(op, 1), zi), sz);
    bool lz = op_inplace(e, op) && lazy_rows(e, a);
    if (lz) {
        /* every row consecutive: only each row's first pointer is read */
        int64_t L = v->type->sh.dims[v->type->sh.rank - 1], rows = type_numel(v->type) / L;
        line(e, "if (%s_ra) {", dst);
        e->ind++;
        line(e, "for (size_t ttx_k = 0, ttx_vl; ttx_k < %" PRId64 "; ttx_k += ttx_vl) {", rows);
        e->ind++;
        line(e, "ttx_vl = __riscv_vsetvl_e64m8(%" PRId64 " - ttx_k);", rows);
        line(e, "unsigned long *ttx_q = (unsigned long *)%s + ttx_k * %" PRId64 ";", dst, L);
        line(e, "vuint64m8_t ttx_p = __riscv_vlse64_v_u64m8(ttx_q, %" PRId64 ", ttx_vl);", L * 8);
        line(e, "__riscv_vsse64_v_u64m8(ttx_q, %" PRId64 ", __riscv_vadd_vx_u64m8(ttx_p, ttx_off, ttx_vl), ttx_vl);", L * 8);
        close1(e);
        e->ind--;
        line(e, "} else {");
        e->ind++;
    }
    line(e, "for (size_t ttx_k = 0, ttx_vl; ttx_k < %" PRId64 "; ttx_k += ttx_vl) {", type_numel(v->type));
    e->ind++;
    line(e, "ttx_vl = __riscv_vsetvl_e64m8(%" PRId64 " - ttx_k);", type_numel(v->type));
    line(e, "vuint64m8_t ttx_p = __riscv_vle64_v_u64m8((const unsigned long *)%s + ttx_k, ttx_vl);", cg_vi(e, a)->name);
    line(e, "__riscv_vse64_v_u64m8((unsigned long *)%s + ttx_k, __riscv_vadd_vx_u64m8(ttx_p, ttx_off, ttx_vl), ttx_vl);", dst);
    close1(e);
    if (lz) close1(e);
    close1(e);
    return true;
}

/* a, an iter arg of an scf.for, holds pointers whose rows are consecutive
 * or not for the whole loop: its init is computed by strips (rows_into,
 * which records each row's answer in the array NAME_rc before the loop),
 * and the loop advances it by a uniform offset (which keeps the answer) */
bool rv_rows_flagged(Cg *e, Value *a) {
    if (!a || a->def || !value_argblock(a) || !value_argblock(a)->region || !is_tensor(a->type) || value_index(a) < 1) return false;
    Op *f = value_argblock(a)->region->op;
    Type *el = type_elem(a->type);
    if (!f || !op_is(f, OP_scf_for) || value_argblock(a) != f->regions[0].first || f->nopnds < 3 + value_index(a) || !el || el->kind != T_PTR) return false;
    Op *y = value_argblock(a)->last;
    if (!y || !op_is(y, OP_scf_yield) || y->nopnds < value_index(a)) return false;
    Op *adv = op_operand(y, value_index(a) - 1)->def;
    if (!adv || !op_is(adv, OP_tt_addptr) || adv->nopnds != 2 || op_operand(adv, 0) != a || !cg_is_uniform_value(op_operand(adv, 1))) return false;
    Value *init = op_operand(f, 2 + value_index(a));
    VI *x = cg_vi(e, a);
    if (x->kind != K_ARRAY || x->carried || cg_vi(e, init)->kind == K_ARRAY || a->type->sh.rank > MAXR || a->type->sh.dims[a->type->sh.rank - 1] < 1) return false;
    RvStrip g;
    rv_strip_init(&g, e, false, 4, a->type, NULL);
    return rv_vp(&g, init) != NULL;
}

/* the scf.for iter arg named dst that src is the init of, or NULL */
static Value *init_of(Cg *e, const char *dst, Value *src) {
    for (Use *u = src->uses; u; u = u->next) {
        Op *f = u->owner;
        int i = use_index(u);
        if (!op_is(f, OP_scf_for) || i < 3 || !f->regions[0].first || f->regions[0].first->nargs <= i - 2) continue;
        Value *a = f->regions[0].first->args[i - 2];
        if (!strcmp(cg_vi(e, a)->name, dst)) return a;
    }
    return NULL;
}

/* lines that set ttx_c to whether the pointers ttx_pr[0 .. L) are
 * consecutive (pointer j is pointer 0 + sz j), compared by strips of e64 */
void rv_consecutive(Cg *e, int64_t L, int sz) {
    line(e, "int ttx_c = 1;");
    line(e, "for (size_t ttx_k = 0, ttx_vl; ttx_k < %" PRId64 "; ttx_k += ttx_vl) {", L);
    e->ind++;
    line(e, "ttx_vl = __riscv_vsetvl_e64m8(%" PRId64 " - ttx_k);", L);
    line(e, "vuint64m8_t ttx_q = __riscv_vle64_v_u64m8((const unsigned long *)ttx_pr + ttx_k, ttx_vl);");
    line(e, "vuint64m8_t ttx_x = __riscv_vadd_vx_u64m8(__riscv_vmul_vx_u64m8(__riscv_vid_v_u64m8(ttx_vl), %d, ttx_vl), "
            "(unsigned long)ttx_pr[0] + ttx_k * %d, ttx_vl);", sz, sz);
    line(e, "ttx_c &= __riscv_vcpop_m_b8(__riscv_vmsne_vv_u64m8_b8(ttx_q, ttx_x, ttx_vl), ttx_vl) == 0;");
    close1(e);
}

/* src a pointer tensor `splat(p) + R + C` of i32 offsets, R the same along
 * the last axis (its last dim 1), C the same across the others (theirs 1):
 * R and C (broadcast operands), false otherwise */
static bool split_rc(Cg *e, Value *src, Value **R, Value **C) {
    Op *d = src->def;
    (void)e;
    if (!d || d->verbatim || !op_is(d, OP_tt_addptr) || d->nopnds != 2 || !cg_is_uniform_value(op_operand(d, 0))) return false;
    Value *off = op_operand(d, 1);
    Op *s = off->def;
    if (!is_i32t(off->type) || !s || s->verbatim || !op_is(s, OP_arith_addi) || s->nopnds != 2) return false;
    int r = off->type->sh.rank;
    *R = *C = NULL;
    for (int i = 0; i < 2; i++) {
        Op *b = op_operand(s, i)->def;
        if (!b || b->verbatim || !op_is(b, OP_tt_broadcast) || b->nopnds != 1) return false;
        Value *x = op_operand(b, 0);
        if (!is_tensor(x->type) || x->type->sh.rank != r || !is_i32t(x->type)) return false;
        bool row = x->type->sh.dims[r - 1] == 1, col = x->type->sh.dims[r - 1] == off->type->sh.dims[r - 1];
        for (int k = 0; k < r - 1; k++) col = col && x->type->sh.dims[k] == 1;
        if (row && !*R) *R = x;
        else if (col && !*C) *C = x;
        else return false;
    }
    return *R && *C;
}

/* a value computed by strips (f32, f16, i32 or pointers) into the array
 * dst of its type, by rows */
static bool rows_into(Cg *e, const char *dst, Value *src, Type *t, bool emit) {
    if (!is_tensor(t) || !cg_same_shape(src->type, t) || t->sh.rank < 1 || t->sh.rank > MAXR || type_elem(src->type) != type_elem(t)) return false;
    bool ptr = type_elem(t)->kind == T_PTR;
    int lm = ptr ? 4 : LM, r = t->sh.rank;
    const char *idx[MAXR];
    RvStrip g;
    rv_strip_init(&g, e, false, lm, t, NULL);
    if (!(ptr ? rv_vp(&g, src) : (rv_fl(type_elem(t)) || is_i32t(t)) ? rv_vx(&g, src) : NULL)) return false;
    if (!emit) return true;
    Value *a = ptr ? init_of(e, dst, src) : NULL, *rp = NULL, *cp = NULL;
    bool lz = a && lazy_rows(e, a), aff = lz && split_rc(e, src, &rp, &cp);
    if (aff) {
        /* the offsets a row part plus a column part: every row is
         * consecutive when the column part steps by 1 and no row's offsets
         * wrap; only the rows' first pointers then, the array otherwise */
        int64_t L = t->sh.dims[r - 1];
        const char *ci[MAXR], *ri[MAXR];
        for (int d = 0; d < r - 1; d++) ci[d] = "0";
        ci[r - 1] = "ttx_j";
        line(e, "int %s_ra = 1, %s_ru = 1;", dst, dst);
        line(e, "(void)%s_ru;", dst);
        line(e, "{");
        e->ind++;
        line(e, "i64 ttx_c0 = 0;");
        line(e, "for (i64 ttx_j = 0; ttx_j < %" PRId64 "; ttx_j++) {", L);
        e->ind++;
        line(e, "const i64 ttx_cj = (i64)(%s);", cg_ex(e, cp, ci));
        line(e, "if (ttx_j == 0) ttx_c0 = ttx_cj;");
        line(e, "%s_ra &= ttx_cj == ttx_c0 + ttx_j;", dst);
        close1(e);
        int n = cg_loops_open(e, t->sh.dims, r - 1, idx);
        for (int d = 0; d < r - 1; d++) ri[d] = idx[d];
        ri[r - 1] = "0";
        idx[r - 1] = "0";
        line(e, "const i64 ttx_r = (i64)(%s) + ttx_c0;", cg_ex(e, rp, ri));
        line(e, "%s_ra &= ttx_r >= -2147483648LL && ttx_r <= 2147483647LL - %" PRId64 ";", dst, L - 1);
        line(e, "%s[%s] = %s;", dst, cg_flat(e, t->sh.dims, r, idx), cg_ex(e, src, idx));
        cg_loops_close(e, n);
        e->ind--;
        line(e, "}");
        line(e, "if (!%s_ra) {", dst);
        e->ind++;
    }
    if (!ptr && cg_is_uniform_value(src)) {
        /* one value in every lane: the whole array as one row */
        for (int d = 0; d < r; d++) idx[d] = "0";
        strip_open(e, lm, fmt(e, "%" PRId64, type_numel(t)));
        rv_strip_init(&g, e, true, lm, t, idx);
        const char *x = rv_vx(&g, src);
        line(e, "__riscv_vse32_v_%s32m%d(&%s[0] + ttx_k, %s, ttx_vl);", is_i32t(t) ? "i" : "f", LM, dst, x);
        close1(e);
        return true;
    }
    int n = cg_loops_open(e, t->sh.dims, r - 1, idx);
    idx[r - 1] = "0";
    strip_open(e, lm, fmt(e, "%" PRId64, t->sh.dims[r - 1]));
    rv_strip_init(&g, e, true, lm, t, idx);
    const char *x = ptr ? rv_vp(&g, src) : rv_vx(&g, src), *at = fmt(e, "&%s[%s] + ttx_k", dst, cg_flat(e, t->sh.dims, r, idx));
    if (ptr) line(e, "__riscv_vse64_v_u64m8((unsigned long *)(%s), %s, ttx_vl);", at, x);
    else line(e, "__riscv_vse32_v_%s32m%d(%s, %s, ttx_vl);", is_i32t(t) ? "i" : "f", LM, at, x);
    close1(e);
    cg_loops_close(e, n);
    if (aff) {
        close1(e);
        int64_t L = t->sh.dims[r - 1], rows = type_numel(t) / L;
        line(e, "const i64 %s_rs = (i64)(%s ? (u64)%s[%" PRId64 "] - (u64)%s[0] : 0);", dst, rows > 1 ? "1" : "0", dst, rows > 1 ? L : 0, dst);
        rows_evenly_spaced(e, dst, rows, L);
    } else if (lz) {
        /* read by direct dots alone: whether every row is consecutive
         * (pointer j + 1 is pointer j + sz but at a row's end), by strips
         * over the whole array, and the rows' spacing */
        int64_t L = t->sh.dims[r - 1], rows = type_numel(t) / L, nn = type_numel(t);
        int sz = cg_msize(type_elem(t)->ptr.pointee);
        line(e, "int %s_ra = 1, %s_ru = 1;", dst, dst);
        line(e, "const i64 %s_rs = (i64)(%s ? (u64)%s[%" PRId64 "] - (u64)%s[0] : 0);", dst, rows > 1 ? "1" : "0", dst, rows > 1 ? L : 0, dst);
        line(e, "(void)%s_ru;", dst);
        line(e, "for (size_t ttx_k = 0, ttx_vl; ttx_k < %" PRId64 "; ttx_k += ttx_vl) {", nn - 1);
        e->ind++;
        line(e, "ttx_vl = __riscv_vsetvl_e64m8(%" PRId64 " - ttx_k);", nn - 1);
        line(e, "const unsigned long *ttx_q = (const unsigned long *)%s + ttx_k;", dst);
        line(e, "vuint64m8_t ttx_d = __riscv_vsub_vv_u64m8(__riscv_vle64_v_u64m8(ttx_q + 1, ttx_vl), __riscv_vle64_v_u64m8(ttx_q, ttx_vl), ttx_vl);");
        line(e, "vbool8_t ttx_e = __riscv_vmseq_vx_u64m8_b8(__riscv_vremu_vx_u64m8(__riscv_vadd_vx_u64m8(__riscv_vid_v_u64m8(ttx_vl), ttx_k + 1, ttx_vl), %" PRId64 ", ttx_vl), 0, ttx_vl);", L);
        line(e, "%s_ra &= __riscv_vcpop_m_b8(__riscv_vmandn_mm_b8(__riscv_vmsne_vx_u64m8_b8(ttx_d, %d, ttx_vl), ttx_e, ttx_vl), ttx_vl) == 0;", dst, sz);
        close1(e);
        rows_evenly_spaced(e, dst, rows, L);
    } else if (a && rv_rows_flagged(e, a)) {
        /* each row's answer, kept for the loop's loads */
        int64_t L = t->sh.dims[r - 1], rows = type_numel(t) / L;
        /* NAME_ru: every row consecutive, the rows NAME_rs bytes apart */
        line(e, "int %s_rc[%" PRId64 "], %s_ra = 1, %s_ru = 1;", dst, rows, dst, dst);
        line(e, "const i64 %s_rs = (i64)(%s ? (u64)%s[%" PRId64 "] - (u64)%s[0] : 0);", dst, rows > 1 ? "1" : "0", dst, rows > 1 ? L : 0, dst);
        line(e, "(void)%s_ra; (void)%s_ru; (void)%s_rs;", dst, dst, dst);
        line(e, "for (i64 ttx_i = 0; ttx_i < %" PRId64 "; ttx_i++) {", rows);
        e->ind++;
        line(e, "%s *const *ttx_pr = &%s[ttx_i * %" PRId64 "];", cg_mtype(e, type_elem(t)->ptr.pointee), dst, L);
        rv_consecutive(e, L, cg_msize(type_elem(t)->ptr.pointee));
        line(e, "%s_rc[ttx_i] = ttx_c;", dst);
        line(e, "%s_ra &= ttx_c;", dst);
        line(e, "%s_ru &= ttx_c && (u64)ttx_pr[0] == (u64)%s[0] + (u64)ttx_i * (u64)%s_rs;", dst, dst, dst);
        close1(e);
    }
    return true;
}

/* an array into an array of its type: its bytes by strips; a value computed
 * by strips into an array by rows */
bool rvv_copy(Cg *e, const char *dst, Value *src, Type *t) {
    if (src->def && op_inplace(e, src->def) && !strcmp(dst, cg_vi(e, op_operand(src->def, op_is(src->def, OP_tt_dot) ? 2 : 0))->name))
        return true;   /* written there already */
    if (is_tensor(t) && cg_vi(e, src)->kind != K_ARRAY && rows_into(e, dst, src, t, false)) return rows_into(e, dst, src, t, true);
    if (!is_tensor(t) || cg_vi(e, src)->kind != K_ARRAY || !cg_same_shape(src->type, t) || type_elem(src->type) != type_elem(t)) {
        if (is_tensor(t)) line(e, "/* rvv: per-element copy */");
        return false;
    }
    line(e, "for (size_t ttx_k = 0, ttx_vl, ttx_n = sizeof %s; ttx_k < ttx_n; ttx_k += ttx_vl) {", dst);
    e->ind++;
    line(e, "ttx_vl = __riscv_vsetvl_e8m8(ttx_n - ttx_k);");
    line(e, "__riscv_vse8_v_u8m8((u8 *)%s + ttx_k, __riscv_vle8_v_u8m8((const u8 *)%s + ttx_k, ttx_vl), ttx_vl);", dst, cg_vi(e, src)->name);
    close1(e);
    return true;
}

/* ---- tt.dot --------------------------------------------------------------- */

/* a 2-D f32 dot of arrays, its accumulator an array or uniform.  f16
 * operands are f32 arrays of f16 values: their products are exact in f32,
 * so one vfmacc rounds each sum as the portable C does */
static bool dot_ok(Cg *e, Op *op) {
    if (!op_is(op, OP_tt_dot) || op->nopnds < 3 || op->nres != 1) return false;
    Value *a = op_operand(op, 0), *b = op_operand(op, 1), *c = op_operand(op, 2), *res = op_result(op, 0);
    Type *rt = res->type;
    if (!is_tensor(rt) || rt->sh.rank != 2 || !fname_is(rt->sh.elem, "f32") || !rv_fl(a->type->sh.elem) || !rv_fl(b->type->sh.elem))
        return false;
    if (cg_vi(e, a)->kind != K_ARRAY || cg_vi(e, b)->kind != K_ARRAY) return false;
    bool carr = cg_vi(e, c)->kind == K_ARRAY && cg_same_shape(c->type, rt);
    return carr || cg_is_uniform_value(c);
}

/* a 2-D i8 x i8 -> i32 dot of arrays, its accumulator an i32 array or
 * uniform: the sums wrap in 32 bits, so any order is the interpreter's */
static bool dot_i8_ok(Cg *e, Op *op) {
    if (!op_is(op, OP_tt_dot) || op->nopnds < 3 || op->nres != 1) return false;
    Value *a = op_operand(op, 0), *b = op_operand(op, 1), *c = op_operand(op, 2), *res = op_result(op, 0);
    Type *rt = res->type;
    if (!is_tensor(rt) || rt->sh.rank != 2 || !is_i32t(rt) || !rv_is_i8t(a->type) || !rv_is_i8t(b->type) || !is_tensor(c->type) || !is_i32t(c->type))
        return false;
    if (cg_vi(e, a)->kind != K_ARRAY || cg_vi(e, b)->kind != K_ARRAY) return false;
    return (cg_vi(e, c)->kind == K_ARRAY && cg_same_shape(c->type, rt)) || cg_is_uniform_value(c);
}
/* 4 rows of i32 accumulators of one strip of columns, k inside: each step
 * a vwmacc.vx of A's element and B's row sign-extended to i16 */
static void dot_i8(Cg *e, Op *op) {
    Value *a = op_operand(op, 0), *b = op_operand(op, 1), *c = op_operand(op, 2), *res = op_result(op, 0);
    Type *rt = res->type;
    bool carr = cg_vi(e, c)->kind == K_ARRAY;
    int64_t M = rt->sh.dims[0], N = rt->sh.dims[1], K = a->type->sh.dims[1];
    int mr = M % 4 == 0 ? 4 : M % 2 == 0 ? 2 : 1;
    const char *A = cg_vi(e, a)->name, *B = cg_vi(e, b)->name, *C = cg_vi(e, c)->name, *R = cg_vi(e, res)->name;
    const char *zi[2] = { "0", "0" };
    line(e, "/* i8 x i8 -> i32: vwmacc.vx on B's rows widened to i16 */");
    line(e, "{");   /* a scope of its own: a function may hold several such dots */
    e->ind++;
    if (!carr) line(e, "const i32 ttx_c0 = %s;", cg_ex(e, c, zi));
    line(e, "for (i64 i0 = 0; i0 < %" PRId64 "; i0 += %d) {", M, mr);
    e->ind++;
    strip_open(e, 4, fmt(e, "%" PRId64, N));
    for (int q = 0; q < mr; q++) {
        if (carr) line(e, "vint32m4_t ttx_c%d = __riscv_vle32_v_i32m4(&%s[(i0 + %d) * %" PRId64 "] + ttx_k, ttx_vl);", q + 1, C, q, N);
        else line(e, "vint32m4_t ttx_c%d = __riscv_vmv_v_x_i32m4(ttx_c0, ttx_vl);", q + 1);
    }
    line(e, "for (i64 k = 0; k < %" PRId64 "; k++) {", K);
    e->ind++;
    line(e, "vint16m2_t ttx_b = __riscv_vsext_vf2_i16m2(__riscv_vle8_v_i8m1((const i8 *)&%s[k * %" PRId64 "] + ttx_k, ttx_vl), ttx_vl);", B, N);
    for (int q = 0; q < mr; q++)
        line(e, "ttx_c%d = __riscv_vwmacc_vx_i32m4(ttx_c%d, (i16)%s[(i0 + %d) * %" PRId64 " + k], ttx_b, ttx_vl);", q + 1, q + 1, A, q, K);
    close1(e);
    for (int q = 0; q < mr; q++) line(e, "__riscv_vse32_v_i32m4(&%s[(i0 + %d) * %" PRId64 "] + ttx_k, ttx_c%d, ttx_vl);", R, q, N, q + 1);
    close1(e);
    close1(e);
    close1(e);
}

bool rvv_dot(Cg *e, Op *op) {
    if (rvv_smt_dot_ok(e, op)) return rvv_smt_dot(e, op, out_name(e, op, 2));   /* smt_dot.c */
    if (dot_i8_ok(e, op)) {
        dot_i8(e, op);
        return true;
    }
    if (dd_dot(e, op)) return true;
    if (!dot_ok(e, op)) return rv_scalar(e, op);
    dot_arrays(e, op, cg_vi(e, op_operand(op, 0))->name, cg_vi(e, op_operand(op, 1))->name, out_name(e, op, 2));
    return true;
}

/* the micro-kernel over the f32 arrays A and B into R */
static void dot_arrays(Cg *e, Op *op, const char *A, const char *B, const char *R) {
    Value *a = op_operand(op, 0), *c = op_operand(op, 2), *res = op_result(op, 0);
    Type *rt = res->type;
    bool carr = cg_vi(e, c)->kind == K_ARRAY && cg_same_shape(c->type, rt);
    int64_t M = rt->sh.dims[0], N = rt->sh.dims[1], K = a->type->sh.dims[1];
    int mr = M % 4 == 0 ? 4 : M % 2 == 0 ? 2 : 1;
    const char *C = cg_vi(e, c)->name;
    const char *sfx = rv_sfx(e, LM_DOT), *vt = rv_vt(e, LM_DOT);
    const char *zi[2] = { "0", "0" };
    /* a block of its own: a function with two dots declares ttx_c0 twice */
    line(e, "{");
    e->ind++;
    if (!carr) line(e, "const float ttx_c0 = %s;", cg_ex(e, c, zi));
    line(e, "for (i64 i0 = 0; i0 < %" PRId64 "; i0 += %d) {", M, mr);
    e->ind++;
    strip_open(e, LM_DOT, fmt(e, "%" PRId64, N));
    for (int q = 0; q < mr; q++) {
        if (carr) line(e, "%s ttx_c%d = __riscv_vle32_v_%s(&%s[(i0 + %d) * %" PRId64 "] + ttx_k, ttx_vl);", vt, q + 1, sfx, C, q, N);
        else line(e, "%s ttx_c%d = __riscv_vfmv_v_f_%s(ttx_c0, ttx_vl);", vt, q + 1, sfx);
    }
    line(e, "for (i64 k = 0; k < %" PRId64 "; k++) {", K);
    e->ind++;
    line(e, "%s ttx_b = __riscv_vle32_v_%s(&%s[k * %" PRId64 "] + ttx_k, ttx_vl);", vt, sfx, B, N);
    for (int q = 0; q < mr; q++)
        line(e, "ttx_c%d = __riscv_vfmacc_vf_%s(ttx_c%d, %s[(i0 + %d) * %" PRId64 " + k], ttx_b, ttx_vl);", q + 1, sfx, q + 1, A, q, K);
    close1(e);
    for (int q = 0; q < mr; q++) line(e, "__riscv_vse32_v_%s(&%s[(i0 + %d) * %" PRId64 "] + ttx_k, ttx_c%d, ttx_vl);", sfx, R, q, N, q + 1);
    close1(e);
    close1(e);
    close1(e);
}

/* ---- loads read where they are used ---------------------------------------- */

static bool writes_memory(Op *o) {
    if (op_is(o, OP_tt_reduce) || op_is(o, OP_tt_scan)) return false;
    if (o->nregions) return true;
    const char *n = op_name(o);
    return op_is(o, OP_tt_store) || op_is(o, OP_tts_store) || strstr(n, "atomic") || strstr(n, "call");
}

/* every use of v is one the strategy writes from strips of the same rows,
 * in blk; *last the latest such op */
static bool users_ok(Cg *e, Value *v, Block *blk, Op **last, int depth) {
    if (depth > 32) return false;
    for (Use *u = v->uses; u; u = u->next) {
        Op *w = u->owner;
        if (w->block != blk) return false;
        if (op_is(w, OP_tt_store)) {
            if (use_index(u) != 1 || !rv_store_ok(e, w, NULL)) return false;
        } else if (op_is(w, OP_tt_reduce)) {
            if (rv_reduce_kind(e, w) < 0) return false;
        } else if (cg_is_ew(w->info->id) && w->nres == 1 && is_tensor(w->res[0].type)) {
            Value *wv = op_result(w, 0);
            VI *x = cg_vi(e, wv);
            if (x->kind == K_VIRT) {
                if (!users_ok(e, wv, blk, last, depth + 1)) return false;
                continue;
            }
            if (x->kind != K_ARRAY || !rv_ew_rows(e, w, wv, false)) return false;
        } else return false;
        /* the latest in block order */
        bool later = !*last;
        for (Op *o = *last; o && !later; o = o->next)
            if (o == w) later = true;
        if (later) *last = w;
    }
    return true;
}

/* ---- tt.dot of two loads read through their pointer rows ------------------ */

/* A direct dot: each operand a tt.load used by the dot alone, through an
 * iter arg whose rows rows_into flags (NAME_ra: every row consecutive;
 * NAME_ru: and the rows evenly spaced, NAME_rs bytes apart, which B needs), masked by `lb + i < U` along
 * the dot's k axis (or not masked), its other uniform.  When the flags and
 * the masks' no-wrap tests hold at run time, the micro-kernel reads A's
 * scalars and B's rows straight from memory, the k loop over the lanes both
 * masks keep, then the masked k (the others) one by one; else the loads are
 * gathered into arrays element by element and the array micro-kernel runs. */
typedef struct DdOpnd {
    Op *ld;
    Value *pv, *mask, *other;
    Aff *af;           /* the mask's left side, b its bound, le: <= */
    Value *b;
    bool le;
} DdOpnd;

/* mask (through one tt.broadcast) is `x < b` or `x <= b` (or swapped) with
 * x affine, step 1 along axis of the r-D shape dims and the same along the
 * other axes, b uniform */
static bool dd_mask(Cg *e, Value *mask, const int64_t *dims, int axis, DdOpnd *o) {
    Op *d = mask->def;
    if (d && !d->verbatim && op_is(d, OP_tt_broadcast) && d->nopnds == 1) d = op_operand(d, 0)->def;
    int64_t p;
    if (!d || d->verbatim || !op_is(d, OP_arith_cmpi) || !op_attr_int(d, "predicate", &p)) return false;
    Value *a = op_operand(d, 0), *b = op_operand(d, 1);
    if (p == 4 || p == 5) { Value *t = a; a = b; b = t; p = p == 4 ? 2 : 3; }
    if (p != 2 && p != 3) return false;
    Type *el = type_elem(a->type);
    if (!el || el->kind != T_INT || el->i.width != 32 || !cg_is_uniform_value(b) || !is_tensor(a->type) || a->type->sh.rank != 2) return false;
    Aff *af = cg_aff_of(e, a);
    if (!af || af->ptr || af->rank != 2 || !af->co[axis].k || af->co[axis].c != 1 || a->type->sh.dims[axis] != dims[axis]) return false;
    int oth = 1 - axis;
    if (a->type->sh.dims[oth] != 1 && !(af->co[oth].k && af->co[oth].c == 0)) return false;
    o->af = af;
    o->b = b;
    o->le = p == 3;
    return true;
}

/* operand i (0 A, 1 B) of the dot op, a load the direct dot may read */
static bool dd_opnd(Cg *e, Op *op, int i, DdOpnd *o) {
    Value *v = op_operand(op, i);
    Op *ld = v->def;
    memset(o, 0, sizeof *o);
    if (!ld || ld->verbatim || !op_is(ld, OP_tt_load) || ld->block != op->block || ld->nres != 1 || op_attr(ld, "boundaryCheck")) return false;
    if (!v->uses || v->uses->next || v->uses->owner != op || use_index(v->uses) != i) return false;
    Type *t = v->type, *el = type_elem(t);
    if (!is_tensor(t) || t->sh.rank != 2 || !(fname_is(el, "f32") || fname_is(el, "f16"))) return false;
    Value *pv = op_operand(ld, 0);
    Type *pel = type_elem(pv->type);
    if (!pel || pel->kind != T_PTR || pel->ptr.pointee != el || !rv_rows_flagged(e, pv)) return false;
    o->ld = ld;
    o->pv = pv;
    o->mask = ld->nopnds > 1 ? op_operand(ld, 1) : NULL;
    o->other = ld->nopnds > 2 ? op_operand(ld, 2) : NULL;
    if (o->other && !cg_is_uniform_value(o->other)) return false;
    if (o->mask && !dd_mask(e, o->mask, t->sh.dims, i == 0 ? 1 : 0, o)) return false;
    /* nothing between the load and the dot writes memory */
    for (Op *w = ld->next; w && w != op; w = w->next)
        if (writes_memory(w)) return false;
    return true;
}

/* a, a flagged iter arg (rows_flagged), is read only by loads of direct
 * dots and advanced by its yield's addptr, in place, and the loop's result
 * for it is unused: when its rows are consecutive (NAME_ra) the advance
 * may move each row's first pointer alone, which is all the dot reads */
static bool lazy_rows(Cg *e, Value *a) {
    if (!rv_rows_flagged(e, a)) return false;
    Op *f = value_argblock(a)->region->op, *y = value_argblock(a)->last;
    Op *adv = op_operand(y, value_index(a) - 1)->def;
    if (f->nres < value_index(a) || value_has_uses(op_result(f, value_index(a) - 1))) return false;
    if (!inplace(e, adv, a, 0)) return false;
    for (Use *u = a->uses; u; u = u->next) {
        Op *w = u->owner;
        if (w == adv) continue;
        if (!op_is(w, OP_tt_load) || use_index(u) != 0 || w->nres != 1) return false;
        Value *lv = op_result(w, 0);
        if (!lv->uses || lv->uses->next || use_index(lv->uses) > 1 || !dd_ok(e, lv->uses->owner)) return false;
    }
    return true;
}

static bool dd_ok(Cg *e, Op *op) {
    if (!op_is(op, OP_tt_dot) || op->nopnds < 3 || op->nres != 1 || rvv_smt_dot_ok(e, op)) return false;
    Value *a = op_operand(op, 0), *b = op_operand(op, 1), *c = op_operand(op, 2), *res = op_result(op, 0);
    Type *rt = res->type;
    if (!is_tensor(rt) || rt->sh.rank != 2 || !fname_is(rt->sh.elem, "f32") || type_elem(a->type) != type_elem(b->type)) return false;
    DdOpnd oa, ob;
    if (!dd_opnd(e, op, 0, &oa) || !dd_opnd(e, op, 1, &ob)) return false;
    return (cg_vi(e, c)->kind == K_ARRAY && cg_same_shape(c->type, rt)) || cg_is_uniform_value(c);
}

/* lines setting NAME to the length of the prefix of [0, K) the mask of o
 * keeps (K without one) and, when test is not NULL, adding its no-wrap test
 * to the int test */
static void dd_prefix(Cg *e, DdOpnd *o, const char *name, int64_t K, const char *test) {
    if (!o->mask) {
        if (name) line(e, "i64 %s = %" PRId64 ";", name, K);
        return;
    }
    const char *zi[MAXR];
    for (int i = 0; i < MAXR; i++) zi[i] = "0";
    if (name) line(e, "i64 %s = 0;", name);
    line(e, "{");
    e->ind++;
    line(e, "i64 ttx_lb = %s;", cg_aff_sum(e, o->af, zi));
    if (test) line(e, "%s &= ttx_lb >= -2147483648LL && ttx_lb <= 2147483647LL - %" PRId64 ";", test, K - 1);
    if (name) {
        line(e, "i64 ttx_c = (i64)(i32)(%s) - ttx_lb%s;", cg_ex(e, o->b, zi), o->le ? " + 1" : "");
        line(e, "%s = ttx_c < 0 ? 0 : ttx_c > %" PRId64 " ? %" PRId64 " : ttx_c;", name, K, K);
    }
    close1(e);
}

/* the load of o element by element into the f32 array dst */
static void dd_gather(Cg *e, DdOpnd *o, const char *dst) {
    Value *v = op_result(o->ld, 0);
    Type *t = v->type, *el = type_elem(t);
    const char *idx[MAXR];
    line(e, "float %s[%" PRId64 "];", dst, type_numel(t));
    int n = cg_loops_open(e, t->sh.dims, 2, idx);
    const char *mt = cg_mtype(e, el);
    const char *P = cg_vi(e, o->pv)->name;
    if (lazy_rows(e, o->pv))   /* the rows consecutive: only their first pointers advanced */
        line(e, "const %s *p = %s_ra ? %s[%s * %" PRId64 "] + %s : %s[%s];", mt, P, P, idx[0], t->sh.dims[1], idx[1], P, cg_flat(e, t->sh.dims, 2, idx));
    else line(e, "const %s *p = %s[%s];", mt, P, cg_flat(e, t->sh.dims, 2, idx));
    const char *chk = fmt(e, "TTX_IN(p, %d, %d)", cg_msize(el), cg_site(e, o->ld));
    const char *c = o->mask ? fmt(e, "(%s) && %s", cg_ex(e, o->mask, idx), chk) : chk;
    const char *rd = fname_is(el, "f16") ? "ttx_h2f(*p)" : "*p";
    line(e, "%s[%s] = %s ? %s : %s;", dst, cg_flat(e, t->sh.dims, 2, idx), c, rd, o->other ? fmt(e, "(float)(%s)", cg_ex(e, o->other, idx)) : "0.0f");
    cg_loops_close(e, n);
}

/* the shape of a direct dot's micro-kernel */
typedef struct DdK {
    int mr;                      /* rows of accumulators */
    int64_t K;                   /* the k axis */
    bool h;                      /* f16 operands (vfwmacc on f16 scalars and rows) */
    int lm;                      /* the accumulators' LMUL */
    const char *sfx, *vt, *hs, *et;
} DdK;

/* mr rows (0: 4, 2 or 1, what divides M) of accumulators at LMUL lm */
static DdK dd_shape(Cg *e, Op *op, int lm, int mr) {
    Value *a = op_operand(op, 0);
    int64_t M = op_result(op, 0)->type->sh.dims[0];
    DdK k = { mr ? mr : M % 4 == 0 ? 4 : M % 2 == 0 ? 2 : 1, a->type->sh.dims[1], fname_is(type_elem(a->type), "f16"), lm, rv_sfx(e, lm), rv_vt(e, lm),
              rv_hsfx(e, lm), NULL };
    k.et = k.h ? "_Float16" : "float";
    return k;
}

/* u steps of k of the micro-kernel: B's row at ttx_bp (then advanced by
 * ttx_ldb), A's scalars ttx_aQ[k + j] */
static void dd_steps(Cg *e, const DdK *s, int u) {
    for (int j = 0; j < u; j++) {
        const char *kj = j ? fmt(e, "k + %d", j) : "k";
        if (s->h) line(e, "vfloat16%s_t ttx_b%d = __riscv_vle16_v_%s(ttx_bp, ttx_vl);", s->hs + 3, j, s->hs);
        else line(e, "%s ttx_b%d = __riscv_vle32_v_%s(ttx_bp, ttx_vl);", s->vt, j, s->sfx);
        line(e, "ttx_bp = (const %s *)((const char *)ttx_bp + ttx_ldb);", s->et);
        for (int q = 0; q < s->mr; q++)
            line(e, "ttx_c%d = __riscv_vf%smacc_vf_%s(ttx_c%d, ttx_a%d[%s], ttx_b%d, ttx_vl);", q + 1, s->h ? "w" : "", s->sfx, q + 1, q, kj, j);
    }
}

/* the k loop of one strip of a direct dot: the accumulators ttx_cQ, A's
 * rows ttx_aQ, B's row at ttx_bp, the prefixes ttx_ka and ttx_kb the
 * masks keep and the others ttx_oa, ttx_ob.  Each k adds its products in
 * k order, one rounding each.  When both masks keep every k, k by 4 over
 * the constant K (which the compiler unrolls); else k by 4 over the prefix
 * both keep, the rest of it one by one, then the k a mask drops (its other) */
static void dd_kloop(Cg *e, const DdK *s, bool whole) {
    int64_t K = s->K, K4 = K - K % 4;
    line(e, "const i64 ttx_kk = ttx_ka < ttx_kb ? ttx_ka : ttx_kb;");
    if (whole) {
        line(e, "if (ttx_kk == %" PRId64 ") {", K);
        e->ind++;
    }
    if (whole && K4) {
        line(e, "for (i64 k = 0; k < %" PRId64 "; k += 4) {", K4);
        e->ind++;
        dd_steps(e, s, 4);
        close1(e);
    }
    if (whole && K4 < K) {
        line(e, "for (i64 k = %" PRId64 "; k < %" PRId64 "; k++) {", K4, K);
        e->ind++;
        dd_steps(e, s, 1);
        close1(e);
    }
    if (whole) {
        e->ind--;
        line(e, "} else {");
        e->ind++;
    }
    line(e, "i64 k = 0;");
    line(e, "for (; k + 4 <= ttx_kk; k += 4) {");
    e->ind++;
    dd_steps(e, s, 4);
    close1(e);
    line(e, "if (k < %" PRId64 ") {", K);
    e->ind++;
    line(e, "for (; k < ttx_kk; k++) {");
    e->ind++;
    dd_steps(e, s, 1);
    close1(e);
    /* the k one of the masks drops: its other */
    line(e, "for (; k < %" PRId64 "; k++, ttx_bp = (const %s *)((const char *)ttx_bp + ttx_ldb)) {", K, s->et);
    e->ind++;
    if (s->h)
        line(e, "%s ttx_b = k < ttx_kb ? __riscv_vfwcvt_f_f_v_%s(__riscv_vle16_v_%s(ttx_bp, ttx_vl), ttx_vl) : __riscv_vfmv_v_f_%s(ttx_ob, ttx_vl);", s->vt,
             s->sfx, s->hs, s->sfx);
    else line(e, "%s ttx_b = k < ttx_kb ? __riscv_vle32_v_%s((const float *)ttx_bp, ttx_vl) : __riscv_vfmv_v_f_%s(ttx_ob, ttx_vl);", s->vt, s->sfx, s->sfx);
    for (int q = 0; q < s->mr; q++)
        line(e, "ttx_c%d = __riscv_vfmacc_vf_%s(ttx_c%d, k < ttx_ka ? (float)ttx_a%d[k] : ttx_oa, ttx_b, ttx_vl);", q + 1, s->sfx, q + 1, q);
    close1(e);
    close1(e);
    if (whole) close1(e);
}

/* lines declaring ttx_oa and ttx_ob, the others of the two loads */
static void dd_others(Cg *e, DdOpnd *oa, DdOpnd *ob) {
    const char *zi[2] = { "0", "0" };
    line(e, "const float ttx_oa = %s;", oa->other ? fmt(e, "(float)(%s)", cg_ex(e, oa->other, zi)) : "0.0f");
    line(e, "const float ttx_ob = %s;", ob->other ? fmt(e, "(float)(%s)", cg_ex(e, ob->other, zi)) : "0.0f");
    line(e, "(void)ttx_oa; (void)ttx_ob;");
}

static bool dd_dot(Cg *e, Op *op) {
    if (!dd_ok(e, op)) return false;
    DdOpnd oa, ob;
    dd_opnd(e, op, 0, &oa);
    dd_opnd(e, op, 1, &ob);
    Value *c = op_operand(op, 2), *res = op_result(op, 0);
    Type *rt = res->type;
    bool carr = cg_vi(e, c)->kind == K_ARRAY && cg_same_shape(c->type, rt);
    DdK s = dd_shape(e, op, LM_DOT, 0);
    int64_t M = rt->sh.dims[0], N = rt->sh.dims[1], K = s.K;
    const char *PA = cg_vi(e, oa.pv)->name, *PB = cg_vi(e, ob.pv)->name, *C = cg_vi(e, c)->name, *R = out_name(e, op, 2);
    const char *zi[2] = { "0", "0" };
    line(e, "{");
    e->ind++;
    line(e, "int ttx_dd = %s_ra && %s_ru;", PA, PB);
    dd_prefix(e, &oa, "ttx_ka", K, "ttx_dd");
    dd_prefix(e, &ob, "ttx_kb", K, "ttx_dd");
    line(e, "if (ttx_dd) {");
    e->ind++;
    line(e, "const char *const ttx_b0 = (const char *)%s[0];", PB);
    line(e, "const i64 ttx_ldb = %s_rs;", PB);
    if (!carr) line(e, "const float ttx_c0 = %s;", cg_ex(e, c, zi));
    dd_others(e, &oa, &ob);
    line(e, "for (i64 i0 = 0; i0 < %" PRId64 "; i0 += %d) {", M, s.mr);
    e->ind++;
    for (int q = 0; q < s.mr; q++) line(e, "const %s *const ttx_a%d = (const %s *)%s[(i0 + %d) * %" PRId64 "];", s.et, q, s.et, PA, q, K);
    strip_open(e, LM_DOT, fmt(e, "%" PRId64, N));
    /* one pointer for the rows of C and one for R (fewer live registers) */
    line(e, "float *const ttx_rr = &%s[i0 * %" PRId64 "] + ttx_k;", R, N);
    if (carr) line(e, "const float *const ttx_cr = &%s[i0 * %" PRId64 "] + ttx_k;", C, N);
    for (int q = 0; q < s.mr; q++) {
        if (carr) line(e, "%s ttx_c%d = __riscv_vle32_v_%s(ttx_cr + %" PRId64 ", ttx_vl);", s.vt, q + 1, s.sfx, q * N);
        else line(e, "%s ttx_c%d = __riscv_vfmv_v_f_%s(ttx_c0, ttx_vl);", s.vt, q + 1, s.sfx);
    }
    line(e, "const %s *ttx_bp = (const %s *)ttx_b0 + ttx_k;", s.et, s.et);
    dd_kloop(e, &s, false);
    for (int q = 0; q < s.mr; q++) line(e, "__riscv_vse32_v_%s(ttx_rr + %" PRId64 ", ttx_c%d, ttx_vl);", s.sfx, q * N, q + 1);
    close1(e);
    close1(e);
    e->ind--;
    line(e, "} else {");
    e->ind++;
    dd_gather(e, &oa, "ttx_ga");
    dd_gather(e, &ob, "ttx_gb");
    dot_arrays(e, op, "ttx_ga", "ttx_gb", R);
    close1(e);
    close1(e);
    return true;
}

/* ---- a direct dot's accumulators in registers across its loop ----------- */

/* A loop over k blocks whose iter args are a direct dot's accumulator
 * (the dot's C, yielded from the dot, written in place) and the two
 * pointer arrays its loads read through (lazy_rows: advanced by uniform
 * offsets, only the rows' first pointers read), its body nothing else but
 * scalars and values recomputed where used (no memory written, no checks).
 * Then the loop goes inside the dot's row blocks: each row block and strip
 * keeps its accumulators in registers across every iteration (an
 * iteration's A and B rows at the first pointers plus the offsets the
 * advances of the iterations before it add), so they are neither loaded
 * nor stored per iteration, a uniform init is the registers' first value
 * (the array is filled only in the fallback) and the registers are stored
 * once, after the last iteration.  Each element still adds its products in
 * the same order (iteration by iteration, k by k), so the bits are the
 * generic loop's.  The run-time test is the direct dot's (both operands'
 * rows consecutive, B's evenly spaced, no mask's comparison wrapping, for
 * every iteration: a first pass over the iterations computes the masks'
 * bases); when it fails, the generic loop runs. */
typedef struct RlLoop {
    Op *dot;
    int acc;                    /* the accumulator's iter arg: block arg acc + 1 */
    DdOpnd oa, ob;
    Op *adv[2];                 /* the advances of A's and B's pointers */
} RlLoop;

static bool rl_ok(Cg *e, Op *f, RlLoop *L) {
    memset(L, 0, sizeof *L);
    Block *b = f->nregions ? f->regions[0].first : NULL;
    int ni = f->nopnds - 3;
    if (!b || b->next || ni != 3 || b->nargs != ni + 1 || f->nres != ni || op_attr(f, "unsignedCmp") || f->verbatim) return false;
    if (e->sub && cg_bind_sub_block(f)) return false;
    Attr *st = value_const(op_operand(f, 2));
    if (!st || st->kind != A_INT || st->i <= 0 || !cg_rtype(e, b->args[0]->type)) return false;
    Op *y = b->last;
    if (!y || !op_is(y, OP_scf_yield) || y->nopnds != ni) return false;
    for (int i = 0; i < ni && !L->dot; i++) {
        Op *d = op_operand(y, i)->def;
        if (d && op_is(d, OP_tt_dot) && d->block == b && d->nopnds >= 3 && op_operand(d, 2) == b->args[i + 1]) {
            L->dot = d;
            L->acc = i;
        }
    }
    Op *dot = L->dot;
    if (!dot || !dd_ok(e, dot) || !op_inplace(e, dot) || value_num_uses(b->args[L->acc + 1]) != 1) return false;
    dd_opnd(e, dot, 0, &L->oa);
    dd_opnd(e, dot, 1, &L->ob);
    Value *pa = L->oa.pv, *pb = L->ob.pv;
    if (pa == pb || value_argblock(pa) != b || value_argblock(pb) != b || !lazy_rows(e, pa) || !lazy_rows(e, pb)) return false;
    L->adv[0] = op_operand(y, value_index(pa) - 1)->def;
    L->adv[1] = op_operand(y, value_index(pb) - 1)->def;
    /* the rest of the body: scalars, and tensors recomputed where used */
    for (Op *o = b->first; o; o = o->next) {
        if (o == y || o == dot || o == L->oa.ld || o == L->ob.ld || o == L->adv[0] || o == L->adv[1]) continue;
        if (o->verbatim || o->nregions || writes_memory(o) || cg_needs_check(o->info->id)) return false;
        if (!cg_is_ew(o->info->id) && !cg_is_view(o->info->id) && !op_is(o, OP_arith_constant)) return false;
        for (int r = 0; r < o->nres; r++) {
            Value *v = op_result(o, r);
            if (is_tensor(v->type) ? cg_vi(e, v)->kind != K_VIRT : !cg_rtype(e, v->type)) return false;
            for (int i = 0; i < o->nopnds && !is_tensor(v->type); i++)   /* a scalar of scalars */
                if (is_tensor(op_operand(o, i)->type)) return false;
        }
    }
    return true;
}

/* the body's scalars for the iteration of counter cnt */
static bool rl_scalars(Cg *e, Op *f, const RlLoop *L, const char *cnt) {
    Block *b = f->regions[0].first;
    Value *iv = b->args[0];
    if (value_has_uses(iv)) {
        const char *T = cg_rtype(e, iv->type);
        line(e, "%s %s = (%s)%s;", T, cg_vi(e, iv)->name, T, cnt);
    }
    for (Op *o = b->first; o; o = o->next) {
        if (o == b->last || o == L->dot || o == L->oa.ld || o == L->ob.ld || o == L->adv[0] || o == L->adv[1]) continue;
        if (!cg_emit_op(e, o)) return false;
        for (int r = 0; r < o->nres && !op_is(o, OP_arith_constant); r++)   /* which this pass may not read */
            if (!is_tensor(o->res[r].type) && value_has_uses(op_result(o, r))) line(e, "(void)%s;", cg_vi(e, op_result(o, r))->name);
    }
    return true;
}

/* the registers' loop nest of one micro-kernel shape s */
static bool rl_nest(Cg *e, Op *f, RlLoop *L, const DdK *s) {
    Block *b = f->regions[0].first;
    Value *acc = b->args[L->acc + 1], *init = op_operand(f, 3 + L->acc);
    bool uni = cg_is_uniform_value(init);
    Op *dot = L->dot;
    int64_t M = op_result(dot, 0)->type->sh.dims[0], N = op_result(dot, 0)->type->sh.dims[1], K = s->K;
    const char *PA = cg_vi(e, L->oa.pv)->name, *C = cg_vi(e, acc)->name;
    const char *lb = cg_ex(e, op_operand(f, 0), NULL), *ub = cg_ex(e, op_operand(f, 1), NULL), *stp = cg_ex(e, op_operand(f, 2), NULL);
    const char *cnt = fmt(e, "t%s", cg_vi(e, b->args[0])->name + 1);
    const char *zi[MAXR];
    for (int i = 0; i < MAXR; i++) zi[i] = "0";
    line(e, "for (i64 i0 = 0; i0 < %" PRId64 "; i0 += %d) {", M, s->mr);
    e->ind++;
    for (int q = 0; q < s->mr; q++) line(e, "const char *const ttx_p%d = (const char *)%s[(i0 + %d) * %" PRId64 "];", q, PA, q, K);
    strip_open(e, s->lm, fmt(e, "%" PRId64, N));
    line(e, "float *const ttx_rr = &%s[i0 * %" PRId64 "] + ttx_k;", C, N);
    for (int q = 0; q < s->mr; q++) {
        if (uni) line(e, "%s ttx_c%d = __riscv_vfmv_v_f_%s(ttx_c0, ttx_vl);", s->vt, q + 1, s->sfx);
        else line(e, "%s ttx_c%d = __riscv_vle32_v_%s(ttx_rr + %" PRId64 ", ttx_vl);", s->vt, q + 1, s->sfx, q * N);
    }
    /* the bytes the advances of the iterations so far added to A's and B's pointers */
    line(e, "i64 ttx_da = 0, ttx_db = 0;");
    line(e, "for (i64 %s = %s; %s < %s; %s += %s) {", cnt, lb, cnt, ub, cnt, stp);
    e->ind++;
    if (!rl_scalars(e, f, L, cnt)) return false;
    dd_prefix(e, &L->oa, "ttx_ka", K, NULL);
    dd_prefix(e, &L->ob, "ttx_kb", K, NULL);
    dd_others(e, &L->oa, &L->ob);
    for (int q = 0; q < s->mr; q++) line(e, "const %s *const ttx_a%d = (const %s *)(ttx_p%d + ttx_da);", s->et, q, s->et, q);
    line(e, "const %s *ttx_bp = (const %s *)(ttx_pb + ttx_db) + ttx_k;", s->et, s->et);
    dd_kloop(e, s, true);
    for (int i = 0; i < 2; i++) {
        Op *adv = L->adv[i];
        int sz = cg_msize(type_elem(op_result(adv, 0)->type)->ptr.pointee);
        line(e, "ttx_d%c += (i64)(%s) * %d;", i ? 'b' : 'a', cg_ex(e, op_operand(adv, 1), zi), sz);
    }
    close1(e);
    for (int q = 0; q < s->mr; q++) line(e, "__riscv_vse32_v_%s(ttx_rr + %" PRId64 ", ttx_c%d, ttx_vl);", s->sfx, q * N, q + 1);
    close1(e);
    close1(e);
    return !e->failed;
}

bool rvv_loop(Cg *e, Op *f, bool *late) {
    RlLoop L;
    if (!rl_ok(e, f, &L)) return false;
    Block *b = f->regions[0].first;
    Value *acc = b->args[L.acc + 1], *init = op_operand(f, 3 + L.acc);
    bool uni = cg_is_uniform_value(init);
    if (late) {
        late[L.acc] = uni;
        return true;
    }
    Op *dot = L.dot;
    int64_t K = op_operand(dot, 0)->type->sh.dims[1];
    int64_t M = op_result(dot, 0)->type->sh.dims[0], N = op_result(dot, 0)->type->sh.dims[1];
    const char *PA = cg_vi(e, L.oa.pv)->name, *PB = cg_vi(e, L.ob.pv)->name, *C = cg_vi(e, acc)->name;
    const char *T = fmt(e, "%s_rl", C);
    const char *lb = cg_ex(e, op_operand(f, 0), NULL), *ub = cg_ex(e, op_operand(f, 1), NULL), *stp = cg_ex(e, op_operand(f, 2), NULL);
    const char *cnt = fmt(e, "t%s", cg_vi(e, b->args[0])->name + 1);
    const char *zi[MAXR];
    for (int i = 0; i < MAXR; i++) zi[i] = "0";
    line(e, "/* the dot's accumulators in registers across the loop */");
    line(e, "int %s = %s_ra && %s_ru;", T, PA, PB);
    if (L.oa.mask || L.ob.mask) {
        /* the masks' no-wrap tests of every iteration */
        line(e, "if (%s) {", T);
        e->ind++;
        line(e, "for (i64 %s = %s; %s < %s; %s += %s) {", cnt, lb, cnt, ub, cnt, stp);
        e->ind++;
        if (!rl_scalars(e, f, &L, cnt)) return false;
        dd_prefix(e, &L.oa, NULL, K, T);
        dd_prefix(e, &L.ob, NULL, K, T);
        close1(e);
        close1(e);
    }
    line(e, "if (%s) {", T);
    e->ind++;
    line(e, "const char *const ttx_pb = (const char *)%s[0];", PB);
    line(e, "const i64 ttx_ldb = %s_rs;", PB);
    if (uni) line(e, "const float ttx_c0 = %s;", cg_ex(e, init, zi));
    /* the accumulators 16 registers: 4 rows at LMUL 4 when that holds the
     * N columns in one strip, else strips of 2 rows at LMUL 8 (fewer
     * scalars of A read per column; 8 rows at LMUL 2 measured no better) */
    DdK sh[2];
    int n = 0;
    sh[n++] = dd_shape(e, dot, 4, 0);
    if (M % 2 == 0) sh[n++] = dd_shape(e, dot, 8, 2);
    for (int i = 0; i < n; i++) {
        if (i + 1 < n) line(e, "%sif (__riscv_vsetvlmax_e32m%d() >= %" PRId64 ") {", i ? "} else " : "", sh[i].lm, N);
        else if (i) line(e, "} else {");
        if (n > 1) e->ind++;
        if (!rl_nest(e, f, &L, &sh[i])) return false;
        if (n > 1) e->ind--;
    }
    if (n > 1) line(e, "}");
    e->ind--;
    line(e, "} else {");
    return !e->failed;
}

static bool same_term(const Term *a, const Term *b) {
    return a->k == b->k && (a->k ? a->c == b->c : a->s && b->s && !strcmp(a->s, b->s));
}

/* a and b address every lane alike */
bool rv_same_lanes(const Aff *a, const Aff *b) {
    if (!a->ptr || !b->ptr || strcmp(a->ptr, b->ptr) || a->rank != b->rank || !same_term(&a->base, &b->base)) return false;
    for (int i = 0; i < a->rank; i++)
        if (!same_term(&a->co[i], &b->co[i])) return false;
    return true;
}

bool rvv_defer(Cg *e, Op *op) {
    Value *dv = op_is(op, OP_tt_load) && op->nres == 1 ? op_result(op, 0) : NULL;
    if (dv && dv->uses && !dv->uses->next && use_index(dv->uses) < 2 && dd_ok(e, dv->uses->owner)) {
        cg_vi(e, dv)->kind = K_VIRT;
        line(e, "/* read through its pointer rows by the tt.dot */");
        return true;
    }
    Aff *pa;
    if (!rv_load_ok(e, op, &pa)) return false;
    Value *v = op_result(op, 0);
    RvStrip g;
    rv_strip_init(&g, e, false, LM, v->type, NULL);
    if (!rv_load_strip(&g, op)) return false;
    Op *last = NULL;
    if (!users_ok(e, v, op->block, &last, 0) || !last) return false;
    /* nothing between the load and its last user writes memory (the last
     * user may: it reads each strip before it writes it) */
    for (Op *o = op->next; o && o != last; o = o->next)
        if (writes_memory(o)) return false;
    /* a last user that stores reads each strip before it writes it, which
     * is the load's order when the store writes each lane where the load
     * read it; a store elsewhere may write what a later strip (or row) of
     * the load reads, which the store tests at run time (ew.c's
     * store_guarded: the load read into its array first) */
    if (writes_memory(last) && !op_is(last, OP_tt_store)) return false;
    VI *x = cg_vi(e, v);
    x->kind = K_VIRT;
    line(e, "/* read from memory where it is used */");
    return true;
}
