/* targets/rvv/rows.c - the RVV vector strategy's hooks: whole f32 arrays
 * computed by vsetvl strip-mined loops (e32, LMUL 8) whose last pass is the
 * tail, VLEN-agnostic.  What a hook does not handle returns false and the
 * shared emitter writes its generic per-element loop nest, so every kernel
 * still becomes correct C. */
#include "rvv.h"

#include "../cgen/emit.h"

/* the intrinsic of a binary f32 op, or NULL */
static const char *f32_bin(int id) {
    switch (id) {
    case OP_arith_addf: return "__riscv_vfadd_vv_f32m8";
    case OP_arith_subf: return "__riscv_vfsub_vv_f32m8";
    case OP_arith_mulf: return "__riscv_vfmul_vv_f32m8";
    case OP_arith_divf: return "__riscv_vfdiv_vv_f32m8";
    default: return NULL;
    }
}

static int64_t count(const Type *t) {
    int64_t n = 1;
    for (int i = 0; i < t->sh.rank; i++) n *= t->sh.dims[i];
    return n;
}

/* an f32 operand held in an array of the result's shape */
static const char *f32_array(Cg *e, Value *x, const Type *rt) {
    if (!is_tensor(x->type) || !fname_is(x->type->sh.elem, "f32") || !cg_same_shape(x->type, rt)) return NULL;
    cg_decide(e, x);
    VI *vi = cg_vi(e, x);
    return vi->kind == K_ARRAY ? vi->name : NULL;
}

bool rvv_elementwise(Cg *e, Op *op, Value *v) {
    const char *in = f32_bin(op->info->id);
    if (!in || op->nopnds != 2 || !fname_is(v->type->sh.elem, "f32")) return false;
    const char *a = f32_array(e, op_operand(op, 0), v->type), *b = f32_array(e, op_operand(op, 1), v->type);
    if (!a || !b) return false;
    const char *d = cg_vi(e, v)->name;
    line(e, "for (size_t k = 0, n = %" PRId64 ", vl; k < n; k += vl) {", count(v->type));
    e->ind++;
    line(e, "vl = __riscv_vsetvl_e32m8(n - k);");
    line(e, "vfloat32m8_t va = __riscv_vle32_v_f32m8((const float *)%s + k, vl);", a);
    line(e, "vfloat32m8_t vb = __riscv_vle32_v_f32m8((const float *)%s + k, vl);", b);
    line(e, "__riscv_vse32_v_f32m8((float *)%s + k, %s(va, vb, vl), vl);", d, in);
    e->ind--;
    line(e, "}");
    return true;
}
