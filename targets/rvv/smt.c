/* targets/rvv/smt.c - xsmt.mmt4d on a SpacemiT micro tile as a micro-kernel
 * call (the RVV strategy's mmt4d hook, cgen.h).
 *
 * When the module names a core (tt.arch_id, or --smt-arch=k1|k3) and the
 * mmt4d's inner tiles are that core's micro tile for its element type
 * (spine-triton.md 1.6: K1 f32 8x8x16, f16 8x16x16; K3 f32 8x32x32, f16
 * 16x8x32, as M x K x N), the op becomes a call of a kernel of
 * smt_kernels.c on contiguous packed operands, then the rounding of its f32
 * sums to the result's type:
 *   f32 (K1, K3)   ttx_smt_rvv_f32 (vfmacc), straight on the operands' arrays
 *                  when A is one and B is a tt.trans [1, 0, 3, 2] of one
 *   f16 on K1      ttx_smt_rvv_f16 (vfwmacc), on _Float16 copies
 *   f16 on K3      #ifdef TTX_SMT_HW: ttx_smt_ime_f16 (vfwmadot, or its C
 *                  reference with TTX_SMT_IME_REF); else ttx_smt_rvv_f16
 *   i8 -> i32      (the core's int8 IME tile M x K x N, 2.2: K1 4x8x4, K3
 *                  8x16x8; kb = K, mb and nb multiples of M and N)
 *                  #ifdef TTX_SMT_HW: ttx_smt_ime_i8 (vmadot, or its C
 *                  reference); else ttx_smt_rvv_i8 (vwmacc)
 * K1's matrix unit and K3's f32 have no floating-point IME instruction
 * (2.2), so they take the RVV kernel on a board too.  Other tiles keep the
 * generic loop nest of cgen/xsmt.c, whose numbers the kernels reproduce. */
#include "../cgen/emit.h"
#include "dialects.h"
#include "rvv.h"

extern const char rvv_smt_kernels_src[];

/* M, K, N of the micro tile, [K3][f16] */
static const int64_t micro[2][2][3] = { { { 8, 8, 16 }, { 8, 16, 16 } }, { { 8, 32, 32 }, { 16, 8, 32 } } };

/* M, K, N of the int8 IME tile, [K3] */
static const int64_t ime_i8[2][3] = { { 4, 8, 4 }, { 8, 16, 8 } };

static bool mmt4d_i8(Cg *e, Op *op, int core) {
    Value *a = op_operand(op, 0), *b = op_operand(op, 1), *r = op_result(op, 0);
    const int64_t *ad = a->type->sh.dims, *bd = b->type->sh.dims, *t = ime_i8[core == 3];
    int64_t MB = ad[0], KB = ad[1], mb = ad[2], kb = ad[3], NB = bd[0], nb = bd[2];
    if (kb != t[1] || mb % t[0] || nb % t[2] || mb * nb > 1 << 20) return false;
    const char *rn = cg_vi(e, r)->name;
    line(e, "{");
    e->ind++;
    line(e, "/* the %s int8 micro tile %" PRId64 "x%" PRId64 "x%" PRId64 ": a micro-kernel (targets/rvv/smt_kernels.c) */",
         core == 3 ? "K3" : "K1", mb, kb, nb);
    const char *pa = cg_mmt4d_array(e, a, "i8", true, "ttx_smt_a");
    const char *dims = fmt(e, "%" PRId64 ", %" PRId64 ", %" PRId64 ", %" PRId64 ", %" PRId64, MB, NB, KB, mb, nb);
    line(e, "#if defined(TTX_SMT_HW)");
    const char *pb = cg_mmt4d_array(e, b, "i8", true, "ttx_smt_b");
    line(e, "ttx_smt_ime_i8(%s, %s, %s, %s, %" PRId64 ", %" PRId64 ", %" PRId64 ");", pa, pb, rn, dims, t[0], t[1], t[2]);
    line(e, "#else");
    const char *pbn = cg_mmt4d_bn(e, b, "i8", true, "ttx_smt_bn");
    line(e, "ttx_smt_rvv_i8(%s, %s, %s, %s, %" PRId64 ");", pa, pbn, rn, dims, kb);
    line(e, "#endif");
    e->ind--;
    line(e, "}");
    return true;
}

bool rvv_mmt4d(Cg *e, Op *op) {
    int core = xsmt_core(op);
    Value *a = op_operand(op, 0), *b = op_operand(op, 1), *r = op_result(op, 0);
    Type *el = r->type->sh.elem;
    Type *ae = a->type->sh.elem;
    if (core && ae->kind == T_INT && ae->i.width == 8 && b->type->sh.elem == ae && el->kind == T_INT && el->i.width == 32)
        return mmt4d_i8(e, op, core);
    bool f16 = fname_is(el, "f16");
    if (!core || (!f16 && !fname_is(el, "f32")) || a->type->sh.elem != el || b->type->sh.elem != el) return false;
    const int64_t *ad = a->type->sh.dims, *bd = b->type->sh.dims, *t = micro[core == 3][f16];
    int64_t MB = ad[0], KB = ad[1], mb = ad[2], kb = ad[3], NB = bd[0], nb = bd[2];
    if (mb != t[0] || kb != t[1] || nb != t[2]) return false;
    const char *rn = cg_vi(e, r)->name, *T = f16 ? "_Float16" : "float";
    int64_t nc = type_numel(r->type);
    line(e, "{");
    e->ind++;
    line(e, "/* the %s %s micro tile %" PRId64 "x%" PRId64 "x%" PRId64 ": a micro-kernel (targets/rvv/smt_kernels.c) */",
         core == 3 ? "K3" : "K1", f16 ? "f16" : "f32", mb, kb, nb);
    const char *pa = cg_mmt4d_array(e, a, T, !f16, "ttx_smt_a");
    const char *pc = rn;
    if (f16) {
        line(e, "float ttx_smt_c[%" PRId64 "];", nc);
        pc = "ttx_smt_c";
    }
    const char *dims = fmt(e, "%" PRId64 ", %" PRId64 ", %" PRId64 ", %" PRId64 ", %" PRId64, MB, NB, KB, mb, nb);
    if (f16 && core == 3) {
        line(e, "#if defined(TTX_SMT_HW)");
        const char *pb = cg_mmt4d_array(e, b, T, false, "ttx_smt_b");
        line(e, "ttx_smt_ime_f16(%s, %s, %s, %s);", pa, pb, pc, dims);
        line(e, "#else");
    }
    const char *pb = cg_mmt4d_bn(e, b, T, !f16, "ttx_smt_bn");
    line(e, "ttx_smt_rvv_%s(%s, %s, %s, %s, %" PRId64 ");", f16 ? "f16" : "f32", pa, pb, pc, dims, kb);
    if (f16 && core == 3) line(e, "#endif");
    if (f16) line(e, "ttx_smt_round_f16(%s, ttx_smt_c, %" PRId64 ");", rn, nc);
    e->ind--;
    line(e, "}");
    return true;
}

/* the kernels, after the prelude, when the code calls one */
void rvv_smt_prelude(FILE *out, const char *body, size_t blen) {
    static const char key[] = "ttx_smt_";
    size_t n = sizeof key - 1;
    for (size_t i = 0; i + n <= blen; i++)
        if (!memcmp(body + i, key, n)) {
            fputs("\n", out);
            fputs(rvv_smt_kernels_src, out);
            return;
        }
}
