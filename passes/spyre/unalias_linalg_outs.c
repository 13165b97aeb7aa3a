/* passes/spyre/unalias_linalg_outs.c - the `unalias-linalg-outs` pass:
 * give a linalg op a fresh destination where an `outs` operand is the same
 * SSA value as one of its `ins` operands.
 *
 * For every linalg op (named ops, linalg.generic, reduce, broadcast,
 * transpose) anywhere in the module, each `outs` operand that is also an
 * `ins` operand is:
 *  - reported when the op's body reads that output's block argument (its
 *    initial value is live, as in a reduce or matmul accumulator);
 *  - else reported when it is not a ranked tensor (memref outs would need
 *    an allocation);
 *  - else replaced by a `tensor.empty` of its type inserted before the op;
 *    each dynamic dim i is measured with `arith.constant i : index` and
 *    `tensor.dim` of the replaced value.
 * Operand numbers in messages count all operands (ins first).  The pass
 * keeps going after an error and fails at the end. */
#include <stdlib.h>

#include "format.h"
#include "pass.h"

/* the number of `ins` operands of a linalg op, or -1 when op is not one
 * whose operands this pass understands */
static int num_ins(const Op *op) {
    if (op->verbatim) return -1;
    switch (op->info->id) {
    case OP_linalg_reduce:
        return op->nopnds % 2 ? -1 : op->nopnds / 2;
    case OP_linalg_broadcast: case OP_linalg_transpose:
        return op->nopnds == 2 ? 1 : -1;
    case OP_linalg_generic: case OP_linalg_fill: case OP_linalg_matmul: case OP_linalg_batch_matmul:
    case OP_linalg_add: case OP_linalg_max: case OP_linalg_mul: {
        Attr *s = op_attr(op, "operandSegmentSizes");
        if (!s || s->kind != A_DENSE_ARRAY || s->darr.n != 2 || !s->darr.i) return -1;
        if (s->darr.i[0] < 0 || s->darr.i[0] + s->darr.i[1] != op->nopnds) return -1;
        return (int)s->darr.i[0];
    }
    default:
        return -1;
    }
}

/* does the body read the block argument of operand k?  Without a body,
 * the ops that accumulate into their outs are assumed to */
static bool reads_init(const Op *op, int k) {
    Block *b = op->nregions ? op->regions[0].first : NULL;
    if (!b) return op_is(op, OP_linalg_reduce) || op_is(op, OP_linalg_matmul) || op_is(op, OP_linalg_batch_matmul);
    return k < b->nargs && value_has_uses(b->args[k]);
}

static bool collect(Op *op, void *ud) {
    int ni = num_ins(op);
    if (ni < 0) return true;
    for (int k = ni; k < op->nopnds; k++)
        for (int i = 0; i < ni; i++)
            if (op_operand(op, k) == op_operand(op, i)) { pv_push(ud, op); return true; }
    return true;
}

static bool unalias(Ctx *c, Op *op, Diag *d) {
    int ni = num_ins(op);
    bool ok = true;
    for (int k = ni; k < op->nopnds; k++) {
        Value *v = op_operand(op, k);
        bool alias = false;
        for (int i = 0; i < ni; i++) alias |= op_operand(op, i) == v;
        if (!alias) continue;
        if (reads_init(op, k)) {
            diag_error(d, op->loc, "linalg 'outs' operand #%d is the same value as an 'ins' operand and the op body reads its initial value; "
                       "replacing it with tensor.empty would change the result", k);
            ok = false;
            continue;
        }
        if (!v->type || v->type->kind != T_TENSOR || v->type->sh.rank < 0) {
            char *ts = print_type_str(c, v->type);
            diag_error(d, op->loc, "linalg 'outs' operand #%d aliases an 'ins' operand but has non-tensor type '%s'; expected a ranked tensor", k, ts);
            free(ts);
            ok = false;
            continue;
        }
        op_set_operand(op, k, tensor_empty_like(c, op, v->type, v));
    }
    return ok;
}

static bool run(Ctx *c, Op *module, const PassOptions *o, Diag *d) {
    (void)o;
    PtrVec ops = {0};
    op_walk(module, collect, &ops);
    bool ok = true;
    for (int i = 0; i < ops.n; i++) ok &= unalias(c, ops.v[i], d);
    pv_free(&ops);
    return ok;
}

const Pass pass_unalias_linalg_outs = {
    "unalias-linalg-outs",
    "replace a linalg outs operand that is also an ins operand with tensor.empty",
    NULL, 0, run,
};
