/* targets/rvv/smt_dot.c - a plain tt.dot on a SpacemiT core's micro tile:
 * the SMT micro-kernels without the smt language extension.
 *
 * spine-triton reaches the matrix unit only through smt.view / smt.dot
 * (xsmt.pack, xsmt.mmt4d); a stock Triton kernel has a 2-D tt.dot.  When
 * the module names a core (tt.arch_id, or --smt-arch=k1|k3) and the dot's
 * shapes and types fit the core's micro tile (spine-triton.md 1.6, M x K x
 * N: K1 f32 8x8x16, f16 8x16x16; K3 f32 8x32x32, f16 16x8x32), the dot
 * C + A @ B (A M x K, B K x N, C and the result M x N f32) becomes:
 *   - C copied into the result's array (nothing when the dot writes its
 *     accumulator's array in place, rows.c; a uniform C filled by strips);
 *   - A packed into micro tiles [M/mb][K/kb][mb][kb] and B into the Bn
 *     layout [K/kb][N/nb][kb][nb] (xsmt.pack's, 1.5), by strips of kb or nb
 *     elements (f16 operands, f32 arrays of f16 values in the emitted C,
 *     narrowed to _Float16 on the way, exactly);
 *   - the micro-kernel of xsmt.mmt4d (smt_kernels.c: ttx_smt_rvv_f32,
 *     vfmacc; ttx_smt_rvv_f16, vfwmacc) with ldc = N: each element of the
 *     result summed from C's value, k in order, one f32 rounding per step,
 *     which is the interpreter's tt.dot to the bit (an f16 product is exact
 *     in f32);
 *   - on K3 with f16 operands, under #if defined(TTX_SMT_HW), B packed
 *     transposed tile by tile (the Bt layout [N/nb][K/kb][nb][kb]) and
 *     ttx_smt_ime_f16 (vfwmadot, or its C reference with TTX_SMT_IME_REF,
 *     which sums in the same order), else the RVV kernel.
 * i8 x i8 -> i32 (both cores' int8 IME tile, 2.2, M x K x N: K1 4x8x4, K3
 * 8x16x8): one micro tile of M x kb by kb x N (mb = M and nb = N, multiples
 * of the IME tile's M and N; kb its K), so B row-major is already the Bn
 * layout and only A is packed; under #if defined(TTX_SMT_HW) B transposed
 * per K tile (vlse8) and ttx_smt_ime_i8 (vmadot), else ttx_smt_rvv_i8
 * (vwmacc); the sums wrap in 32 bits, so any order is the interpreter's.
 * The shapes must divide: M by mb, N by nb and K by kb (padding K with zero
 * products could turn a -0 sum into +0).  A dot that misses (its types, a
 * batched dot, a shape that does not divide) keeps the RVV tt.dot of
 * rows.c, and the first such dot of each kernel gets a located note saying
 * why.  Without a core nothing here applies. */
#include "../cgen/emit.h"
#include "dialects.h"
#include "rvv.h"

/* M, K, N of the micro tile, [K3][f16] (as smt.c's) */
static const int64_t micro[2][2][3] = { { { 8, 8, 16 }, { 8, 16, 16 } }, { { 8, 32, 32 }, { 16, 8, 32 } } };

/* M, K, N of the int8 IME tile, [K3] (as smt.c's) */
static const int64_t ime_i8[2][3] = { { 4, 8, 4 }, { 8, 16, 8 } };

typedef struct Fit {
    int core;                    /* 1 K1, 3 K3 */
    bool f16;                    /* f16 operands */
    bool i8;                     /* i8 operands, i32 sums (else f32 or f16 operands, f32 sums) */
    int64_t M, N, K, mb, kb, nb;
    const int64_t *t;            /* the tile the shapes are checked against */
} Fit;

/* does the tt.dot op take a micro tile of the module's core?  (NULL
 * *why: no core, not a dot; else what it misses) */
static bool dot_fit(Cg *e, Op *op, Fit *f, const char **why) {
    *why = NULL;
    memset(f, 0, sizeof *f);
    if (!op_is(op, OP_tt_dot) || op->nopnds < 3 || op->nres != 1 || op->verbatim) return false;
    f->core = xsmt_core(op);
    if (!f->core) return false;
    Value *a = op_operand(op, 0), *b = op_operand(op, 1), *c = op_operand(op, 2), *r = op_result(op, 0);
    Type *rt = r->type;
    if (!is_tensor(rt) || !is_tensor(a->type) || !is_tensor(b->type) || !is_tensor(c->type)) return false;
    if (rt->sh.rank != 2) {
        *why = "a batched (3-D) tt.dot has no micro-tile path";
        return false;
    }
    Type *ae = a->type->sh.elem, *be = b->type->sh.elem, *re = rt->sh.elem;
    bool f32 = fname_is(ae, "f32") && fname_is(be, "f32"), f16 = fname_is(ae, "f16") && fname_is(be, "f16");
    bool i8 = ae->kind == T_INT && ae->i.width == 8 && be == ae && re->kind == T_INT && re->i.width == 32;
    if (c->type->sh.elem != re || !(i8 || (fname_is(re, "f32") && (f32 || f16)))) {
        *why = "the micro-kernels take f32 x f32 -> f32, f16 x f16 -> f32 (f32 sums) and i8 x i8 -> i32";
        return false;
    }
    if (!cg_same_shape(c->type, rt) && !cg_is_uniform_value(c)) return false;
    f->f16 = f16;
    f->i8 = i8;
    f->M = rt->sh.dims[0];
    f->N = rt->sh.dims[1];
    f->K = a->type->sh.dims[1];
    f->t = i8 ? ime_i8[f->core == 3] : micro[f->core == 3][f16];
    f->mb = i8 ? f->M : f->t[0];
    f->kb = f->t[1];
    f->nb = i8 ? f->N : f->t[2];
    if (f->M % f->t[0] || f->K % f->t[1] || f->N % f->t[2] || f->M <= 0 || f->N <= 0 || f->K <= 0 || f->M * f->N > 1 << 20) {
        *why = fmt(e, "M, K and N must be multiples of the %s %s %" PRId64 "x%" PRId64 "x%" PRId64 " (M x K x N)", f->core == 3 ? "K3" : "K1",
                   i8 ? "int8 IME tile" : f16 ? "f16 micro tile" : "f32 micro tile", f->t[0], f->t[1], f->t[2]);
        return false;
    }
    return true;
}

bool rvv_smt_dot_ok(Cg *e, Op *op) {
    Fit f;
    const char *why;
    return dot_fit(e, op, &f, &why);
}

typedef struct MissScan { Cg *e; Op *first; } MissScan;
static bool first_miss(Op *op, void *ud) {
    MissScan *m = ud;
    Fit f;
    const char *why;
    if (op_is(op, OP_tt_dot) && !dot_fit(m->e, op, &f, &why) && why) {
        m->first = op;
        return false;
    }
    return true;
}

/* "f32", "i8", ... */
static const char *el_name(Cg *e, const Type *t) {
    if (t->kind == T_FLOAT) return t->f.name;
    if (t->kind == T_INT) return fmt(e, "i%d", t->i.width);
    return "?";
}

void rvv_smt_dot_note(Cg *e, Op *op) {
    Fit f;
    const char *why;
    if (dot_fit(e, op, &f, &why) || !why) return;
    Op *fn = op;
    while (fn && !op_is(fn, OP_tt_func)) fn = op_parent(fn);
    MissScan m = { e, NULL };
    if (fn) op_walk(fn, first_miss, &m);
    if (m.first != op) return;
    Value *a = op_operand(op, 0), *r = op_result(op, 0);
    int o = r->type->sh.rank - 2;
    diag_emit(e->d, SEV_NOTE, op->loc,
              "tt.dot %" PRId64 "x%" PRId64 "x%" PRId64 " (M x K x N, %s x %s -> %s) does not take the SpacemiT %s micro-kernels: %s; the RVV tt.dot instead",
              r->type->sh.dims[o], a->type->sh.dims[o + 1], r->type->sh.dims[o + 1], el_name(e, a->type->sh.elem),
              el_name(e, op_operand(op, 1)->type->sh.elem), el_name(e, r->type->sh.elem), f.core == 3 ? "K3" : "K1", why);
}

/* DST[0..n) := SRC[0..n) (the elements at the pointers dst and src) by
 * strips: floats narrowed to _Float16 (f16), or copied as floats, or i8
 * bytes (i8) */
static void strip_copy(Cg *e, const char *dst, const char *src, int64_t n, bool f16, bool i8) {
    line(e, "for (size_t ttx_k = 0, ttx_vl; ttx_k < %" PRId64 "; ttx_k += ttx_vl) {", n);
    e->ind++;
    line(e, "ttx_vl = __riscv_vsetvl_e%sm8(%" PRId64 " - ttx_k);", i8 ? "8" : "32", n);
    if (i8) line(e, "__riscv_vse8_v_i8m8(%s + ttx_k, __riscv_vle8_v_i8m8(%s + ttx_k, ttx_vl), ttx_vl);", dst, src);
    else if (f16)
        line(e, "__riscv_vse16_v_f16m4(%s + ttx_k, __riscv_vfncvt_f_f_w_f16m4(__riscv_vle32_v_f32m8(%s + ttx_k, ttx_vl), ttx_vl), ttx_vl);", dst, src);
    else line(e, "__riscv_vse32_v_f32m8(%s + ttx_k, __riscv_vle32_v_f32m8(%s + ttx_k, ttx_vl), ttx_vl);", dst, src);
    e->ind--;
    line(e, "}");
}

/* the 2-D operand v (R x C) as an array of its C type (float; i8 for i8):
 * its own, or a copy element by element (marked) of what the emitted C
 * computes for it */
static const char *as_array(Cg *e, Value *v, const char *tmp, bool i8) {
    if (cg_vi(e, v)->kind == K_ARRAY) return cg_vi(e, v)->name;
    const int64_t *d = v->type->sh.dims;
    const char *T = i8 ? "i8" : "float";
    line(e, "/* rvv: per-element tt.dot operand */");
    line(e, "%s %s[%" PRId64 "];", T, tmp, d[0] * d[1]);
    const char *idx[2];
    int n = cg_loops_open(e, d, 2, idx);
    line(e, "%s[%s] = (%s)(%s);", tmp, cg_flat(e, d, 2, idx), T, cg_ex(e, v, idx));
    cg_loops_close(e, n);
    return tmp;
}

/* A (M x K) into micro tiles [M/mb][K/kb][mb][kb]: row m's k1-th run of kb */
static void pack_a(Cg *e, const Fit *f, const char *T, const char *dst, const char *A) {
    int64_t KB = f->K / f->kb;
    line(e, "%s %s[%" PRId64 "];", T, dst, f->M * f->K);
    line(e, "for (i64 m = 0; m < %" PRId64 "; m++)", f->M);
    line(e, "for (i64 k1 = 0; k1 < %" PRId64 "; k1++) {", KB);
    e->ind++;
    line(e, "%s *ttx_d = %s + (((m / %" PRId64 ") * %" PRId64 " + k1) * %" PRId64 " + m %% %" PRId64 ") * %" PRId64 ";", T, dst, f->mb, KB, f->mb, f->mb,
         f->kb);
    line(e, "const %s *ttx_s = &%s[m * %" PRId64 " + k1 * %" PRId64 "];", f->i8 ? "i8" : "float", A, f->K, f->kb);
    strip_copy(e, "ttx_d", "ttx_s", f->kb, f->f16, f->i8);
    e->ind--;
    line(e, "}");
}

/* B (K x N) into the Bn layout [K/kb][N/nb][kb][nb]: row k's n1-th run of nb */
static void pack_bn(Cg *e, const Fit *f, const char *T, const char *dst, const char *B) {
    int64_t NB = f->N / f->nb;
    line(e, "%s %s[%" PRId64 "];", T, dst, f->K * f->N);
    line(e, "for (i64 k = 0; k < %" PRId64 "; k++)", f->K);
    line(e, "for (i64 n1 = 0; n1 < %" PRId64 "; n1++) {", NB);
    e->ind++;
    line(e, "%s *ttx_d = %s + (((k / %" PRId64 ") * %" PRId64 " + n1) * %" PRId64 " + k %% %" PRId64 ") * %" PRId64 ";", T, dst, f->kb, NB, f->kb, f->kb,
         f->nb);
    line(e, "const float *ttx_s = &%s[k * %" PRId64 " + n1 * %" PRId64 "];", B, f->N, f->nb);
    strip_copy(e, "ttx_d", "ttx_s", f->nb, f->f16, false);
    e->ind--;
    line(e, "}");
}

/* B (K x N, f16 values or i8) into the Bt layout [N/nb][K/kb][nb][kb] of
 * _Float16 or i8: column n's k1-th run of kb, read with a stride of N */
static void pack_bt(Cg *e, const Fit *f, const char *dst, const char *B) {
    int64_t KB = f->K / f->kb;
    line(e, "%s %s[%" PRId64 "];", f->i8 ? "i8" : "_Float16", dst, f->K * f->N);
    line(e, "for (i64 n = 0; n < %" PRId64 "; n++)", f->N);
    line(e, "for (i64 k1 = 0; k1 < %" PRId64 "; k1++)", KB);
    line(e, "for (size_t ttx_k = 0, ttx_vl; ttx_k < %" PRId64 "; ttx_k += ttx_vl) {", f->kb);
    e->ind++;
    line(e, "ttx_vl = __riscv_vsetvl_e%s(%" PRId64 " - ttx_k);", f->i8 ? "8m2" : "32m8", f->kb);
    line(e, "%s *ttx_d = %s + (((n / %" PRId64 ") * %" PRId64 " + k1) * %" PRId64 " + n %% %" PRId64 ") * %" PRId64 " + ttx_k;", f->i8 ? "i8" : "_Float16", dst,
         f->nb, KB, f->nb, f->nb, f->kb);
    line(e, "const %s *ttx_s = &%s[(k1 * %" PRId64 " + (i64)ttx_k) * %" PRId64 " + n];", f->i8 ? "i8" : "float", B, f->kb, f->N);
    if (f->i8) line(e, "__riscv_vse8_v_i8m2(ttx_d, __riscv_vlse8_v_i8m2(ttx_s, %" PRId64 ", ttx_vl), ttx_vl);", f->N);
    else
        line(e, "__riscv_vse16_v_f16m4(ttx_d, __riscv_vfncvt_f_f_w_f16m4(__riscv_vlse32_v_f32m8(ttx_s, %" PRId64 " * sizeof(float), ttx_vl), ttx_vl), ttx_vl);",
             f->N);
    e->ind--;
    line(e, "}");
}

/* R := C (the dot's accumulator): a copy, a uniform fill, or nothing when
 * R is C's own array */
static void init_result(Cg *e, Op *op, const char *R, bool i8) {
    Value *c = op_operand(op, 2);
    int64_t n = type_numel(op_result(op, 0)->type);
    if (cg_vi(e, c)->kind == K_ARRAY && cg_same_shape(c->type, op_result(op, 0)->type)) {
        const char *C = cg_vi(e, c)->name;
        if (!strcmp(R, C)) return;
        if (i8) strip_copy(e, fmt(e, "(i8 *)&%s[0]", R), fmt(e, "(const i8 *)&%s[0]", C), n * 4, false, true);
        else strip_copy(e, fmt(e, "&%s[0]", R), fmt(e, "&%s[0]", C), n, false, false);
        return;
    }
    const char *zi[2] = { "0", "0" };
    if (cg_is_uniform_value(c)) {
        line(e, "{");
        e->ind++;
        line(e, "const %s ttx_c0 = %s;", i8 ? "i32" : "float", cg_ex(e, c, zi));
        line(e, "for (size_t ttx_k = 0, ttx_vl; ttx_k < %" PRId64 "; ttx_k += ttx_vl) {", n);
        line(e, "    ttx_vl = __riscv_vsetvl_e32m8(%" PRId64 " - ttx_k);", n);
        if (i8) line(e, "    __riscv_vse32_v_i32m8(&%s[0] + ttx_k, __riscv_vmv_v_x_i32m8(ttx_c0, ttx_vl), ttx_vl);", R);
        else line(e, "    __riscv_vse32_v_f32m8(&%s[0] + ttx_k, __riscv_vfmv_v_f_f32m8(ttx_c0, ttx_vl), ttx_vl);", R);
        line(e, "}");
        e->ind--;
        line(e, "}");
        return;
    }
    const int64_t *d = c->type->sh.dims;
    const char *idx[2];
    line(e, "/* rvv: per-element tt.dot accumulator */");
    int k = cg_loops_open(e, d, 2, idx);
    line(e, "%s[%s] = (%s)(%s);", R, cg_flat(e, d, 2, idx), i8 ? "i32" : "float", cg_ex(e, c, idx));
    cg_loops_close(e, k);
}

/* the i8 x i8 -> i32 dot: A packed, B as it is (Bn with nb = N) or Bt */
static void dot_i8(Cg *e, const Fit *f, const char *A, const char *B, const char *R) {
    int64_t KB = f->K / f->kb;
    pack_a(e, f, "i8", "ttx_smt_a", A);
    line(e, "#if defined(TTX_SMT_HW)");
    pack_bt(e, f, "ttx_smt_b", B);
    line(e, "ttx_smt_ime_i8(ttx_smt_a, ttx_smt_b, &%s[0], 1, 1, %" PRId64 ", %" PRId64 ", %" PRId64 ", %" PRId64 ", %" PRId64 ", %" PRId64 ", %" PRId64 ");",
         R, KB, f->M, f->N, f->t[0], f->t[1], f->t[2], f->N);
    line(e, "#else");
    line(e, "ttx_smt_rvv_i8(ttx_smt_a, %s, &%s[0], 1, 1, %" PRId64 ", %" PRId64 ", %" PRId64 ", %" PRId64 ", %" PRId64 ");", B, R, KB, f->M, f->N, f->kb,
         f->N);
    line(e, "#endif");
}

bool rvv_smt_dot(Cg *e, Op *op, const char *R) {
    Fit f;
    const char *why;
    if (!dot_fit(e, op, &f, &why)) return false;
    Value *a = op_operand(op, 0), *b = op_operand(op, 1);
    const char *T = f.f16 ? "_Float16" : "float", *cn = f.core == 3 ? "K3" : "K1", *ty = f.i8 ? "int8" : f.f16 ? "f16" : "f32";
    int64_t MB = f.M / f.mb, NB = f.N / f.nb, KB = f.K / f.kb;
    line(e, "{");
    e->ind++;
    line(e, "/* tt.dot on the %s %s %s %" PRId64 "x%" PRId64 "x%" PRId64 ": packed into micro tiles, a micro-kernel (targets/rvv/smt_kernels.c) */", cn, ty,
         f.i8 ? "IME tile" : "micro tile", f.t[0], f.t[1], f.t[2]);
    init_result(e, op, R, f.i8);
    const char *A = as_array(e, a, "ttx_smt_ga", f.i8), *B = as_array(e, b, "ttx_smt_gb", f.i8);
    if (f.i8) {
        dot_i8(e, &f, A, B, R);
        e->ind--;
        line(e, "}");
        return true;
    }
    pack_a(e, &f, T, "ttx_smt_a", A);
    const char *dims = fmt(e, "%" PRId64 ", %" PRId64 ", %" PRId64 ", %" PRId64 ", %" PRId64, MB, NB, KB, f.mb, f.nb);
    bool ime = f.f16 && f.core == 3;
    if (ime) {
        line(e, "#if defined(TTX_SMT_HW)");
        pack_bt(e, &f, "ttx_smt_b", B);
        line(e, "ttx_smt_ime_f16(ttx_smt_a, ttx_smt_b, &%s[0], %s, %" PRId64 ");", R, dims, f.N);
        line(e, "#else");
    }
    pack_bn(e, &f, T, "ttx_smt_bn", B);
    line(e, "ttx_smt_rvv_%s(ttx_smt_a, ttx_smt_bn, &%s[0], %s, %" PRId64 ", %" PRId64 ");", ty, R, dims, f.kb, f.N);
    if (ime) line(e, "#endif");
    e->ind--;
    line(e, "}");
    return true;
}
