/* targets/rvv/reduce.c - the RVV strategy's reductions along the last axis
 * (the reduce hook, cgen.h; the strips of vexpr.c):
 * - i32 add (wrapping), max, min, signed or unsigned: a tail-undisturbed
 *   (`_tu`) vector accumulator over the strips, then one vredsum / vredmax
 *   / ... (associative: the interpreter's halving order gives the same);
 * - f32 and f16 max and min: a `_tu` accumulator, then one vfredmax /
 *   vfredmin (exact in any order);
 * - f32 and f16 add: the interpreter's halving order, each level a strip
 *   loop of vfadd over the two halves in memory while they exceed one
 *   register group, then the rest in registers (vslidedown by half, a _tu
 *   vfadd over the first half); f16 rounds each sum to f16 (vfncvt, vfwcvt:
 *   the correctly rounded f16 sum, as f32 has 2 * 11 + 2 bits); an f32 row
 *   one register group holds exactly (its length VLMAX at some LMUL, or
 *   twice VLMAX at LMUL 8) is computed once in registers and summed there,
 *   the group's halves down to LMUL 1, then slides by half (the same order);
 *   when n reaches VLMAX after the memory levels, the same halves.
 * What they do not take is the portable C's per-element code, marked. */
#include "rvv_impl.h"

enum { LM = 8 };


/* 0 add, 1 max, 2 min: an f32 or f16 tt.reduce along the last axis whose
 * combiner is one addf, maxnumf or minnumf of its two arguments; 3 to 7 the
 * i32 addi, maxsi, minsi, maxui, minui; its operand computable by strips;
 * or -1 */
int rv_reduce_kind(Cg *e, Op *op) {
    int64_t axis;
    if (!op_is(op, OP_tt_reduce) || op->nopnds != 1 || op->nres != 1 || op->nregions != 1 || !op->regions[0].first ||
        !op_attr_int(op, "axis", &axis))
        return -1;
    Value *s0 = op_operand(op, 0);
    Type *st = s0->type;
    bool in = is_tensor(st) && is_i32t(st);
    if (!is_tensor(st) || !(rv_fl(st->sh.elem) || in) || axis != st->sh.rank - 1 || st->sh.rank > MAXR) return -1;
    Block *b = op->regions[0].first;
    Op *c = b->first, *t = c ? c->next : NULL;
    if (b->nargs != 2 || !c || !t || t->next || !op_is(t, OP_tt_reduce_return) || t->nopnds != 1 || op_operand(t, 0) != op_result(c, 0) ||
        c->nopnds != 2 || c->verbatim || op_result(c, 0)->type != st->sh.elem)
        return -1;
    if (!((op_operand(c, 0) == b->args[0] && op_operand(c, 1) == b->args[1]) || (op_operand(c, 0) == b->args[1] && op_operand(c, 1) == b->args[0])))
        return -1;
    int k = in ? (op_is(c, OP_arith_addi) ? 3 : op_is(c, OP_arith_maxsi) ? 4 : op_is(c, OP_arith_minsi) ? 5 : op_is(c, OP_arith_maxui) ? 6
                  : op_is(c, OP_arith_minui) ? 7 : -1)
               : op_is(c, OP_arith_addf) ? 0 : op_is(c, OP_arith_maxnumf) ? 1 : op_is(c, OP_arith_minnumf) ? 2 : -1;
    if (k < 0) return -1;
    RvStrip g;
    rv_strip_init(&g, e, false, LM, st, NULL);
    return (in ? rv_vi(&g, s0) : rv_vf(&g, s0)) ? k : -1;
}

/* the f32 sum of a row of L lanes (L a power of two) in registers, when
 * one register group at some LMUL holds exactly the row (or two at LMUL
 * 8): the strip computed once (two strips: their sum is the first level,
 * j with j + L / 2), the halves of the group added down to LMUL 1, then
 * slides by half in one register at its whole length (the lanes past the
 * half the next level reads are never read again): the interpreter's
 * halving order.  Lines `if (...) { ...; DST = sum; } else ` (nothing when
 * the strip is not computable at every LMUL) */
static bool row_regs_ok(Cg *e, Value *s0, Type *st, int64_t L) {
    if (L < 2 || (L & (L - 1)) || !fname_is(st->sh.elem, "f32")) return false;
    RvStrip g;
    for (int lm = 1; lm <= 8; lm *= 2) {
        rv_strip_init(&g, e, false, lm, st, NULL);
        if (!rv_vf(&g, s0)) return false;
    }
    return true;
}
/* ... (q not NULL: the LMUL 1 register into q, the row's slot of ttx_n1 lanes, no slides) */
static void row_sum_regs(Cg *e, Value *s0, Type *st, const char *const *idx, const char *dst, int64_t L, const char *q, int64_t R) {
    if (!row_regs_ok(e, s0, st, L)) return;
    RvStrip g;
    for (int c = 0; c < 5; c++) {
        int lm = c == 0 ? 8 : c == 1 ? 8 : c == 2 ? 4 : c == 3 ? 2 : 1;
        bool two = c == 0;
        line(e, "if (__riscv_vsetvlmax_e32m%d() * %d == %" PRId64 ") {", lm, two ? 2 : 1, L);
        e->ind++;
        if (q) {
            line(e, "for (i64 i0 = 0; i0 < %" PRId64 "; i0++) {", R);
            e->ind++;
        }
        line(e, "const size_t ttx_vl = %" PRId64 " / %d;", L, two ? 2 : 1);
        line(e, "size_t ttx_k = 0;");
        rv_strip_init(&g, e, true, lm, st, idx);
        const char *a = rv_vf(&g, s0);
        if (two) {
            line(e, "ttx_k = ttx_vl;");
            rv_strip_init(&g, e, true, lm, st, idx);
            const char *b = rv_vf(&g, s0);
            a = fmt(e, "__riscv_vfadd_vv_f32m8(%s, %s, ttx_vl)", a, b);
        }
        line(e, "vfloat32m%d_t ttx_s%d = %s;", lm, lm, a);
        for (int l = lm; l > 1; l /= 2)
            line(e, "vfloat32m%d_t ttx_s%d = __riscv_vfadd_vv_f32m%d(__riscv_vget_v_f32m%d_f32m%d(ttx_s%d, 0), __riscv_vget_v_f32m%d_f32m%d(ttx_s%d, 1), "
                    "__riscv_vsetvlmax_e32m%d());", l / 2, l / 2, l / 2, l, l / 2, l, l, l / 2, l, l / 2);
        if (q) {
            line(e, "__riscv_vse32_v_f32m1(%s, ttx_s1, __riscv_vsetvlmax_e32m1());", q);
            close1(e);
        } else {
            line(e, "const size_t ttx_n1 = __riscv_vsetvlmax_e32m1();");
            line(e, "for (size_t ttx_h = ttx_n1 / 2; ttx_h; ttx_h /= 2)");
            line(e, "    ttx_s1 = __riscv_vfadd_vv_f32m1(ttx_s1, __riscv_vslidedown_vx_f32m1(ttx_s1, ttx_h, ttx_n1), ttx_n1);");
            line(e, "%s = __riscv_vfmv_f_s_f32m1_f32(ttx_s1);", dst);
        }
        e->ind--;
        line(e, "} else ");
    }
}

bool rvv_reduce(Cg *e, Op *op, bool scan) {
    int k = scan ? -1 : rv_reduce_kind(e, op);
    if (k < 0) {
        line(e, "/* rvv: per-element %s */", op_name(op));
        return false;
    }
    Value *s0 = op_operand(op, 0), *res = op_result(op, 0);
    if (!value_has_uses(res)) return true;
    if (!cg_declare(e, res)) return false;
    Type *st = s0->type;
    int r = st->sh.rank;
    static const char *const red[] = { "", "vfredmax", "vfredmin" }, *const acc[] = { "", "vfmax", "vfmin" };
    /* the identity of maxnum and minnum, which drop a NaN */
    const char *id = "ttx_f32(0x7fc00000u)";
    const char *idx[MAXR];
    bool rows2 = k == 0 && r == 2 && is_tensor(res->type) && row_regs_ok(e, s0, st, st->sh.dims[1]);
    if (rows2) {
        /* rows whose sums fit in registers: each row's register group
         * halved down to LMUL 1 and kept (ttx_q, ttx_n1 lanes a row), then
         * the slides' levels for all rows at once: lane j + h added to lane
         * j, a strided load of each (lanes = rows) */
        int64_t R = st->sh.dims[0], L = st->sh.dims[1];
        const char *rn = cg_vi(e, res)->name;
        /* ttx_n1 inside the branch: a kernel may have several such sums */
        line(e, "if (__riscv_vsetvlmax_e32m8() * 2 == %" PRId64 " || __riscv_vsetvlmax_e32m8() == %" PRId64 " || __riscv_vsetvlmax_e32m4() == %" PRId64
                " || __riscv_vsetvlmax_e32m2() == %" PRId64 " || __riscv_vsetvlmax_e32m1() == %" PRId64 ") {", L, L, L, L, L);
        e->ind++;
        line(e, "const size_t ttx_n1 = __riscv_vsetvlmax_e32m1();");
        line(e, "float ttx_q[%" PRId64 " * ttx_n1];", R);
        idx[0] = "i0";
        idx[1] = "0";
        row_sum_regs(e, s0, st, idx, NULL, L, "ttx_q + i0 * ttx_n1", R);
        line(e, "{}");
        line(e, "for (size_t ttx_h = ttx_n1 / 2; ttx_h; ttx_h /= 2)");
        line(e, "    for (size_t ttx_j = 0; ttx_j < ttx_h; ttx_j++)");
        e->ind += 2;
        if (R <= 32) {   /* VLEN >= 128: one strip */
            line(e, "{");
            e->ind++;
            line(e, "const size_t ttx_k = 0, ttx_vl = %" PRId64 ";", R);
        } else strip_open(e, LM, fmt(e, "%" PRId64, R));
        line(e, "float *ttx_c = ttx_q + ttx_k * ttx_n1 + ttx_j;");
        line(e, "__riscv_vsse32_v_f32m%d(ttx_c, ttx_n1 * 4, __riscv_vfadd_vv_f32m%d(__riscv_vlse32_v_f32m%d(ttx_c, ttx_n1 * 4, ttx_vl), "
                "__riscv_vlse32_v_f32m%d(ttx_c + ttx_h, ttx_n1 * 4, ttx_vl), ttx_vl), ttx_vl);", LM, LM, LM, LM);
        close1(e);
        e->ind -= 2;
        strip_open(e, LM, fmt(e, "%" PRId64, R));
        line(e, "__riscv_vse32_v_f32m%d(&%s[0] + ttx_k, __riscv_vlse32_v_f32m%d(ttx_q + ttx_k * ttx_n1, ttx_n1 * 4, ttx_vl), ttx_vl);", LM, rn, LM);
        close1(e);
        e->ind--;
        line(e, "} else {");
        e->ind++;
    }
    int n = cg_loops_open(e, st->sh.dims, r - 1, idx);
    idx[r - 1] = "0";
    const char *dst = is_tensor(res->type) ? fmt(e, "%s[%s]", cg_vi(e, res)->name, cg_flat(e, st->sh.dims, r - 1, idx)) : cg_vi(e, res)->name;
    int64_t L = st->sh.dims[r - 1];
    bool h = fname_is(st->sh.elem, "f16");
    RvStrip g;
    if (k == 0) {
        row_sum_regs(e, s0, st, idx, dst, L, NULL, 0);
        line(e, "{");
        e->ind++;
        /* the interpreter's order: halving, element j with element j + m
         * (m = ceil(n / 2)) while n > 1 are left, each level by strips */
        /* while more than a register group's worth are left, a level is
         * strips over memory; the levels after that are in one register
         * group: element j + m slid down onto j (vslidedown), added to the
         * first n - m lanes, the others undisturbed (_tu) */
        VI *sx = cg_vi(e, s0);
        if (r == 1 && !h && sx->kind == K_ARRAY && s0->uses && !s0->uses->next && fname_is(st->sh.elem, "f32"))
            /* the operand's array, read by this reduce alone: its levels in place */
            line(e, "float *const ttx_r = %s;", sx->name);
        else {
            line(e, "float ttx_r[%" PRId64 "];", L);
            strip_open(e, LM, fmt(e, "%" PRId64, L));
            rv_strip_init(&g, e, true, LM, st, idx);
            line(e, "__riscv_vse32_v_f32m%d(ttx_r + ttx_k, %s, ttx_vl);", LM, rv_vf(&g, s0));
            close1(e);
        }
        line(e, "size_t ttx_hm = __riscv_vsetvlmax_e32m%d(), ttx_n = %" PRId64 ";", LM, L);
        line(e, "(void)ttx_hm;");
        /* VLEN >= 128 (the V extension's least): a group holds >= 32 lanes */
        for (int64_t m, nn = L; nn > 32; nn = m) {
            m = (nn + 1) / 2;
            line(e, "if (ttx_n > ttx_hm) {");
            e->ind++;
            strip_open(e, LM, fmt(e, "%" PRId64, nn - m));
            line(e, "vfloat32m%d_t ttx_a = __riscv_vle32_v_f32m%d(ttx_r + ttx_k, ttx_vl);", LM, LM);
            line(e, "vfloat32m%d_t ttx_b = __riscv_vle32_v_f32m%d(ttx_r + %" PRId64 " + ttx_k, ttx_vl);", LM, LM, m);
            if (h)   /* f16: each sum rounded to f16 (exact: f32 has 2 * 11 + 2 bits) */
                line(e, "__riscv_vse32_v_f32m%d(ttx_r + ttx_k, __riscv_vfwcvt_f_f_v_f32m%d(__riscv_vfncvt_f_f_w_f16m%d(__riscv_vfadd_vv_f32m%d(ttx_a, ttx_b, "
                        "ttx_vl), ttx_vl), ttx_vl), ttx_vl);", LM, LM, LM / 2, LM);
            else line(e, "__riscv_vse32_v_f32m%d(ttx_r + ttx_k, __riscv_vfadd_vv_f32m%d(ttx_a, ttx_b, ttx_vl), ttx_vl);", LM, LM);
            close1(e);
            line(e, "ttx_n = %" PRId64 ";", m);
            close1(e);
        }
        if (L > 1 && !h && LM == 8) {
            /* n = VLMAX (a power of two): the halves of the register
             * group (LMUL 8, 4, 2 to 1), then slides by half in one
             * register at its whole length (the lanes past the half the
             * next level reads are never read again) */
            line(e, "if (ttx_n == ttx_hm) {");
            e->ind++;
            line(e, "vfloat32m8_t ttx_s8 = __riscv_vle32_v_f32m8(ttx_r, ttx_n);");
            line(e, "vfloat32m4_t ttx_s4 = __riscv_vfadd_vv_f32m4(__riscv_vget_v_f32m8_f32m4(ttx_s8, 0), __riscv_vget_v_f32m8_f32m4(ttx_s8, 1), ttx_n / 2);");
            line(e, "vfloat32m2_t ttx_s2 = __riscv_vfadd_vv_f32m2(__riscv_vget_v_f32m4_f32m2(ttx_s4, 0), __riscv_vget_v_f32m4_f32m2(ttx_s4, 1), ttx_n / 4);");
            line(e, "vfloat32m1_t ttx_s1 = __riscv_vfadd_vv_f32m1(__riscv_vget_v_f32m2_f32m1(ttx_s2, 0), __riscv_vget_v_f32m2_f32m1(ttx_s2, 1), ttx_n / 8);");
            line(e, "for (size_t ttx_h = ttx_n / 16; ttx_h; ttx_h /= 2)");
            line(e, "    ttx_s1 = __riscv_vfadd_vv_f32m1(ttx_s1, __riscv_vslidedown_vx_f32m1(ttx_s1, ttx_h, ttx_n / 8), ttx_n / 8);");
            line(e, "%s = __riscv_vfmv_f_s_f32m1_f32(ttx_s1);", dst);
            e->ind--;
            line(e, "} else {");
            e->ind++;
        }
        if (L > 1) {
            line(e, "vfloat32m%d_t ttx_s = __riscv_vle32_v_f32m%d(ttx_r, ttx_n);", LM, LM);
            for (int64_t m, nn = L; nn > 1; nn = m) {
                m = (nn + 1) / 2;
                line(e, "if (ttx_n == %" PRId64 ") {", nn);
                if (h)
                    line(e, "    ttx_s = __riscv_vfwcvt_f_f_v_f32m%d_tu(ttx_s, __riscv_vfncvt_f_f_w_f16m%d(__riscv_vfadd_vv_f32m%d(ttx_s, "
                            "__riscv_vslidedown_vx_f32m%d(ttx_s, %" PRId64 ", %" PRId64 "), %" PRId64 "), %" PRId64 "), %" PRId64 ");",
                         LM, LM / 2, LM, LM, m, nn - m, nn - m, nn - m, nn - m);
                else
                    line(e, "    ttx_s = __riscv_vfadd_vv_f32m%d_tu(ttx_s, ttx_s, __riscv_vslidedown_vx_f32m%d(ttx_s, %" PRId64 ", %" PRId64 "), %" PRId64 ");",
                         LM, LM, m, nn - m, nn - m);
                line(e, "    ttx_n = %" PRId64 ";", m);
                line(e, "}");
            }
            line(e, "%s = __riscv_vfmv_f_s_f32m%d_f32(ttx_s);", dst, LM);
            if (!h && LM == 8) close1(e);
        } else line(e, "%s = ttx_r[0];", dst);
        close1(e);
        cg_loops_close(e, n);
        if (rows2) close1(e);
        return true;
    }
    if (k >= 3) {
        /* i32: + (wrapping), max and min are associative, so one vector
         * accumulator and one vred gives the halving order's result */
        static const char *const ired[] = { "vredsum", "vredmax", "vredmin", "vredmaxu", "vredminu" },
                                 *const iacc[] = { "vadd", "vmax", "vmin", "vmaxu", "vminu" },
                                 *const iid[] = { "0", "INT32_MIN", "INT32_MAX", "0", "UINT32_MAX" };
        bool un = k >= 6;
        const char *T = un ? "u32" : "i32";
        line(e, "size_t ttx_vm = __riscv_vsetvlmax_e32m%d();", LM);
        line(e, "v%sint32m%d_t ttx_acc = __riscv_vmv_v_x_%sm%d(%s, ttx_vm);", un ? "u" : "", LM, T, LM, iid[k - 3]);
        strip_open(e, LM, fmt(e, "%" PRId64, L));
        rv_strip_init(&g, e, true, LM, st, idx);
        const char *x = rv_vi(&g, s0);
        if (un) x = fmt(e, "__riscv_vreinterpret_v_i32m%d_u32m%d(%s)", LM, LM, x);
        line(e, "ttx_acc = __riscv_%s_vv_%sm%d_tu(ttx_acc, ttx_acc, %s, ttx_vl);", iacc[k - 3], T, LM, x);
        close1(e);
        line(e, "%s = (i32)__riscv_vmv_x_s_%sm1_%s(__riscv_%s_vs_%sm%d_%sm1(ttx_acc, __riscv_vmv_s_x_%sm1(%s, 1), ttx_vm));", dst, T, T,
             ired[k - 3], T, LM, T, T, iid[k - 3]);
        cg_loops_close(e, n);
        return true;
    }
    line(e, "size_t ttx_vm = __riscv_vsetvlmax_e32m%d();", LM);
    line(e, "vfloat32m%d_t ttx_acc = __riscv_vfmv_v_f_f32m%d(%s, ttx_vm);", LM, LM, id);
    strip_open(e, LM, fmt(e, "%" PRId64, L));
    rv_strip_init(&g, e, true, LM, st, idx);
    const char *x = rv_vf(&g, s0);
    line(e, "ttx_acc = __riscv_%s_vv_f32m%d_tu(ttx_acc, ttx_acc, %s, ttx_vl);", acc[k], LM, x);
    close1(e);
    line(e, "%s = __riscv_vfmv_f_s_f32m1_f32(__riscv_%s_vs_f32m%d_f32m1(ttx_acc, __riscv_vfmv_s_f_f32m1(%s, 1), ttx_vm));", dst, red[k], LM, id);
    cg_loops_close(e, n);
    return true;
}
