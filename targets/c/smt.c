/* targets/c/smt.c - the JIT strategy's xsmt.mmt4d (CgenStrategy.mmt4d): an
 * f32 mmt4d of packed operands as calls of the JIT's dot routine
 * (ttx_rt_f32_dot, runtime/jit_rt.c, compiled by gcc), one per micro tile
 * and K tile: C(m1, n1) = A(m1, k1) @ Bn(k1, n1) + C(m1, n1) for k1 in order,
 * from zero, on B in the layout [KB][NB][kb][nb] (the xsmt.pack under the
 * tt.trans, read in place).  Each element then sums its products over k1,
 * then k0, one f32 rounding per step, as cgen/xsmt.c's loops and the
 * interpreter do.  Any tile size; other element types keep the loops. */
#include "../cgen/emit.h"
#include "rows.h"

bool c_rows_mmt4d(Cg *e, Op *op) {
    Value *a = op_operand(op, 0), *b = op_operand(op, 1), *r = op_result(op, 0);
    Type *el = r->type->sh.elem;
    if (!fname_is(el, "f32") || a->type->sh.elem != el || b->type->sh.elem != el) return false;
    const int64_t *ad = a->type->sh.dims, *bd = b->type->sh.dims;
    int64_t MB = ad[0], KB = ad[1], mb = ad[2], kb = ad[3], NB = bd[0], nb = bd[2];
    line(e, "{");
    e->ind++;
    line(e, "/* the micro tiles %" PRId64 "x%" PRId64 "x%" PRId64 " as dots */", mb, kb, nb);
    const char *pa = cg_mmt4d_array(e, a, "float", true, "ttx_smt_a");
    const char *pb = cg_mmt4d_bn(e, b, "float", true, "ttx_smt_bn");
    line(e, "float ttx_smt_t[2][%" PRId64 "], ttx_smt_z = 0.0f;", mb * nb);
    line(e, "for (i64 m1 = 0; m1 < %" PRId64 "; m1++)", MB);
    line(e, "for (i64 n1 = 0; n1 < %" PRId64 "; n1++) {", NB);
    e->ind++;
    line(e, "const float *cur = &ttx_smt_z;");
    line(e, "for (i64 k1 = 0; k1 < %" PRId64 "; k1++) {", KB);
    e->ind++;
    line(e, "float *dst = k1 == %" PRId64 " ? %s + (m1 * %" PRId64 " + n1) * %" PRId64 " : ttx_smt_t[k1 & 1];", KB - 1,
         cg_vi(e, r)->name, NB, mb * nb);
    line(e, "ttx_rt_f32_dot(dst, %s + (m1 * %" PRId64 " + k1) * %" PRId64 ", %s + (k1 * %" PRId64 " + n1) * %" PRId64
            ", cur, k1 ? 1 : 0, %" PRId64 ", %" PRId64 ", %" PRId64 ");",
         pa, KB, mb * kb, pb, NB, kb * nb, mb, nb, kb);
    line(e, "cur = dst;");
    e->ind--;
    line(e, "}");
    e->ind--;
    line(e, "}");
    e->ind--;
    line(e, "}");
    return true;
}
