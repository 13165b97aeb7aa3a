/* targets/cgen/shuffle.c - ops that move elements by position or value:
 * tt.split (the halves of a last dimension of 2), tt.gather (elements
 * picked along an axis by an index tensor) and tt.histogram (counts of
 * values), each as the interpreter computes it (runtime/interp*.c):
 * a gather index out of range stops the program with its error
 * (TTX_FAIL), a histogram value outside [0, bins) or masked off is not
 * counted, and the counts wrap at the element's width. */
#include "emit.h"

static bool split(Cg *e, Op *op) {
    Value *a = op_operand(op, 0);
    Value *r[2] = { op_result(op, 0), op_result(op, 1) };
    int rank = r[0]->type->sh.rank;
    if (!is_tensor(a->type) || a->type->sh.rank != rank + 1 || a->type->sh.dims[rank] != 2 || !cg_same_shape(r[0]->type, r[1]->type))
        return cg_unsupported(e, op, "operand shapes");
    for (int k = 0; k < 2; k++)
        if (value_has_uses(r[k]) && !cg_declare(e, r[k])) return false;
    const char *idx[MAXR + 1];
    int n = cg_loops_open(e, r[0]->type->sh.dims, rank, idx);
    const char *f = cg_flat(e, r[0]->type->sh.dims, rank, idx);
    for (int k = 0; k < 2; k++) {
        if (!value_has_uses(r[k])) continue;
        idx[rank] = k ? "1" : "0";
        line(e, "%s[%s] = %s;", cg_vi(e, r[k])->name, f, cg_ex(e, a, idx));
    }
    cg_loops_close(e, n);
    return !e->failed;
}

static bool gather(Cg *e, Op *op) {
    Value *src = op_operand(op, 0), *ix = op_operand(op, 1), *r = op_result(op, 0);
    int64_t ax;
    int rank = is_tensor(r->type) ? r->type->sh.rank : -1;
    if (!op_attr_int(op, "axis", &ax) || rank < 1 || ax < 0 || ax >= rank || !is_tensor(src->type) || src->type->sh.rank != rank ||
        !cg_same_shape(ix->type, r->type))
        return cg_unsupported(e, op, "operand shapes");
    if (!cg_declare(e, r)) return false;
    const char *idx[MAXR], *sidx[MAXR];
    int n = cg_loops_open(e, r->type->sh.dims, rank, idx);
    const char *j = fmt(e, "ttx_g%d", e->ntmp++);
    line(e, "i64 %s = (i64)%s;", j, cg_ex(e, ix, idx));
    line(e, "if (%s < 0 || %s >= %" PRId64 ") { TTX_FAIL(%d); %s = 0; }", j, j, src->type->sh.dims[ax], cg_site(e, op), j);
    for (int d = 0; d < rank; d++) sidx[d] = d == ax ? j : idx[d];
    line(e, "%s[%s] = %s;", cg_vi(e, r)->name, cg_flat(e, r->type->sh.dims, rank, idx), cg_ex(e, src, sidx));
    cg_loops_close(e, n);
    return !e->failed;
}

static bool histogram(Cg *e, Op *op) {
    Value *a = op_operand(op, 0), *m = op->nopnds > 1 ? op_operand(op, 1) : NULL, *r = op_result(op, 0);
    Type *et = is_tensor(r->type) ? r->type->sh.elem : NULL;
    if (!et || r->type->sh.rank != 1 || !is_tensor(a->type) || a->type->sh.rank != 1 || type_elem(a->type)->kind != T_INT ||
        et->kind != T_INT || (m && is_tensor(m->type) && !cg_same_shape(m->type, a->type)))
        return cg_unsupported(e, op, "operand types");
    const char *T = cg_rtype(e, et);
    if (!T || !cg_declare(e, r)) return false;
    const char *rn = cg_vi(e, r)->name;
    int64_t bins = r->type->sh.dims[0];
    line(e, "for (i64 k = 0; k < %" PRId64 "; k++) %s[k] = 0;", bins, rn);
    const char *idx[1];
    int n = cg_loops_open(e, a->type->sh.dims, 1, idx);
    const char *v = fmt(e, "ttx_h%d", e->ntmp++);
    if (m) line(e, "if (%s) {", cg_ex(e, m, is_tensor(m->type) ? idx : NULL));
    line(e, "i64 %s = (i64)%s;", v, cg_ex(e, a, idx));
    line(e, "if (%s >= 0 && %s < %" PRId64 ") %s[%s] = (%s)((u64)%s[%s] + 1u);", v, v, bins, rn, v, T, rn, v);
    if (m) line(e, "}");
    cg_loops_close(e, n);
    return !e->failed;
}

bool cg_emit_shuffle(Cg *e, Op *op) {
    switch (op->info->id) {
    case OP_tt_split: return split(e, op);
    case OP_tt_gather: return gather(e, op);
    case OP_tt_histogram: return histogram(e, op);
    default: return cg_unsupported(e, op, NULL);
    }
}
