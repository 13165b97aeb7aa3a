/* passes/spyre/convert_elementwise_to_linalg.c - the
 * `convert-elementwise-to-linalg` pass (upstream MLIR's pass of that name).
 *
 * Every registered elementwise `arith`/`math` op with at least one ranked
 * tensor operand becomes
 *
 *   linalg.generic {indexing_maps = [...], iterator_types = ["parallel", ...]}
 *       ins(operands) outs(inits) { scalar op; linalg.yield }
 *
 * Tensor operands and results use the identity map of the result rank; a
 * scalar operand (integer, index, float or complex; the condition of an
 * arith.select) uses the broadcast map `(d0, ...) -> ()`, as upstream MLIR
 * does since it accepts mixed operands.  The init of result i is the first
 * operand whose type equals that result's type, else a fresh `tensor.empty`
 * whose dynamic sizes are read off the first tensor operand with
 * `tensor.dim`.  The scalar op in the body keeps the name, attributes and
 * properties of the original.  Ops whose operands are all scalars, ops
 * with a tensor operand of another shape than the result, and ops on
 * anything but ranked tensors are left alone; so is `arith.constant`,
 * which is not elementwise. */
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "pass.h"

static bool ranked(const Type *t) { return t && t->kind == T_TENSOR && t->sh.rank >= 0; }
static bool scalar_like(const Type *t) {
    return t && (t->kind == T_INT || t->kind == T_INDEX || t->kind == T_FLOAT || t->kind == T_COMPLEX);
}
static bool same_shape(const Type *a, const Type *b) {
    if (a->sh.rank != b->sh.rank) return false;
    for (int i = 0; i < a->sh.rank; i++) if (a->sh.dims[i] != b->sh.dims[i]) return false;
    return true;
}

static bool candidate(const Op *op) {
    const char *n = op->info->name;
    if (!(op->info->traits & TR_ELEMWISE) || op->verbatim || !op->nres || op->nregions) return false;
    if (strncmp(n, "arith.", 6) && strncmp(n, "math.", 5)) return false;
    bool any = false;
    for (int i = 0; i < op->nopnds; i++) any |= ranked(op_operand(op, i)->type);
    if (!any) return false;
    Type *rt = op->res[0].type;
    for (int i = 0; i < op->nres; i++) if (!ranked(op->res[i].type) || !same_shape(op->res[i].type, rt)) return false;
    for (int i = 0; i < op->nopnds; i++) {
        Type *t = op_operand(op, i)->type;
        if (scalar_like(t)) continue;
        if (!ranked(t) || !same_shape(t, rt)) return false;
    }
    return true;
}

static bool collect(Op *op, void *ud) {
    if (candidate(op)) pv_push(ud, op);
    return true;
}

static void convert(Ctx *c, Op *op) {
    int nin = op->nopnds, nout = op->nres, n = nin + nout;
    Type *rt = op->res[0].type;
    int rank = rt->sh.rank;
    Value *first_tensor = NULL;
    for (int i = 0; i < nin && !first_tensor; i++) if (ranked(op_operand(op, i)->type)) first_tensor = op_operand(op, i);

    Value **opnds = malloc(sizeof(Value *) * (size_t)n);
    Type **rts = malloc(sizeof(Type *) * (size_t)nout);
    for (int i = 0; i < nin; i++) opnds[i] = op_operand(op, i);
    for (int r = 0; r < nout; r++) {
        Type *t = op->res[r].type;
        rts[r] = t;
        Value *init = NULL;
        for (int i = 0; i < nin && !init; i++) if (opnds[i]->type == t) init = opnds[i];
        opnds[nin + r] = init ? init : tensor_empty_like(c, op, t, first_tensor);
    }

    /* the maps: identity for tensors, broadcast for scalars */
    AExpr **dims = malloc(sizeof(AExpr *) * (size_t)(rank + 1));
    for (int d = 0; d < rank; d++) dims[d] = ae_dim(c, d);
    Attr *id = attr_map(c, rank, 0, rank, dims), *bc = attr_map(c, rank, 0, 0, NULL);
    Attr **maps = malloc(sizeof(Attr *) * (size_t)n), **its = malloc(sizeof(Attr *) * (size_t)(rank + 1));
    for (int i = 0; i < n; i++) maps[i] = i < nin && !ranked(opnds[i]->type) ? bc : id;
    Attr *par = attr_opaque(c, "#linalg.iterator_type<parallel>");
    for (int d = 0; d < rank; d++) its[d] = par;

    Op *g = op_new(c, "linalg.generic", nout, rts, n, opnds, 1, op->loc);
    op_set_prop(c, g, "indexing_maps", attr_array(c, n, maps));
    op_set_prop(c, g, "iterator_types", attr_array(c, rank, its));
    int64_t seg[2] = { nin, nout };
    op_set_prop(c, g, "operandSegmentSizes", attr_dense_array(c, type_int(c, 32, SIGNLESS), 2, seg, NULL));
    format_move_inherent(c, g);

    Block *b = block_new(c);
    region_append_block(&g->regions[0], b);
    Value **args = malloc(sizeof(Value *) * (size_t)n);
    for (int i = 0; i < n; i++) args[i] = block_add_arg(c, b, type_elem(opnds[i]->type), op->loc);
    Type **et = malloc(sizeof(Type *) * (size_t)nout);
    for (int r = 0; r < nout; r++) et[r] = type_elem(rts[r]);
    Op *s = op_new(c, op->info->name, nout, et, nin, args, 0, op->loc);
    for (int i = 0; i < op->nattrs; i++) op_set_attr(c, s, op->attrs[i].name, op->attrs[i].value);
    for (int i = 0; i < op->nprops; i++) op_set_prop(c, s, op_props(op)[i].name, op_props(op)[i].value);
    s->has_props = op->has_props;
    format_move_inherent(c, s);
    op_append(b, s);
    Value **ys = malloc(sizeof(Value *) * (size_t)nout);
    for (int r = 0; r < nout; r++) ys[r] = &s->res[r];
    Op *y = op_new(c, "linalg.yield", 0, NULL, nout, ys, 0, op->loc);
    format_move_inherent(c, y);
    op_append(b, y);

    op_insert_before(op, g);
    for (int r = 0; r < nout; r++) value_replace_all_uses(&op->res[r], &g->res[r]);
    op_erase(op);
    free(opnds); free(rts); free(dims); free(maps); free(its); free(args); free(et); free(ys);
}

static bool run(Ctx *c, Op *module, const PassOptions *o, Diag *d) {
    (void)o; (void)d;
    PtrVec ops = {0};
    op_walk(module, collect, &ops);
    for (int i = 0; i < ops.n; i++) convert(c, ops.v[i]);
    pv_free(&ops);
    return true;
}

const Pass pass_convert_elementwise_to_linalg = {
    "convert-elementwise-to-linalg",
    "turn elementwise arith/math ops on ranked tensors into linalg.generic",
    NULL, 0, run,
};
