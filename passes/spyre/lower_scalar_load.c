/* passes/spyre/lower_scalar_load.c - the `lower-scalar-load` pass: a
 * tt.load of one scalar (pointer type exactly !tt.ptr<T>, T an integer or
 * float type) becomes a rank-0 ktdp read.
 *
 * The address is the root pointer of the load's scalar tt.addptr chain,
 * cast to index, plus the chain's offsets (each cast to index, nearest the
 * load first) added root first; offsets count elements, nothing is scaled.
 * The read is a rank-0 `ktdp.construct_memory_view` in HBM, a rank-0
 * access tile, `ktdp.load` into tensor<T> and `tensor.extract`.  Afterwards
 * every tt.addptr left without uses is erased.  Tensor-of-pointer loads and
 * every tt.store are left alone.
 *
 * With the option rank1=true the read is rank 1 instead: a view with
 * sizes [1] and strides [1] (memref<1xT>), an access tile <1xindex> at
 * index 0, `ktdp.load` into tensor<1xT> and `tensor.extract` at index 0.
 * That is the form the ktir-cpu interpreter runs; the default stays rank 0
 * as in the reference.
 *
 * A mask must be a constant.  Unlike the reference, which takes any
 * non-zero integer constant as true, only i1 `true` (or an all-true dense i1)
 * reads; i1 `false` (or an all-false dense i1) reads nothing and gives
 * `other` or zero; any other mask is rejected. */
#include <stdlib.h>
#include <string.h>

#include "ktdp_build.h"

static const char *const not_constant = "cannot lower masked scalar tt.load: mask must be a compile-time constant on Spyre";

static bool scalar_elem(const Type *t) {
    return t && (t->kind == T_INT || t->kind == T_FLOAT);
}

static bool collect(Op *op, void *ud) {
    if (op->verbatim || !op_is(op, OP_tt_load) || op->nres != 1) return true;
    Type *p = op_operand(op, 0) ? op_operand(op, 0)->type : NULL;
    if (p && p->kind == T_PTR && scalar_elem(p->ptr.pointee)) pv_push(ud, op);
    return true;
}

/* the mask and other operands of a tt.load (NULL when absent) */
static void load_operands(Op *op, Value **mask, Value **other) {
    Attr *s = op_attr(op, "operandSegmentSizes");
    *mask = *other = NULL;
    if (s && s->kind == A_DENSE_ARRAY && s->darr.n == 3 && s->darr.i &&
        1 + s->darr.i[1] + s->darr.i[2] == op->nopnds && s->darr.i[0] == 1) {
        if (s->darr.i[1]) *mask = op_operand(op, 1);
        if (s->darr.i[2]) *other = op_operand(op, 1 + (int)s->darr.i[1]);
        return;
    }
    if (op->nopnds > 1) *mask = op_operand(op, 1);
    if (op->nopnds > 2) *other = op_operand(op, 2);
}

/* an i1 value: 1 true, 0 false, -1 not an i1 scalar */
static int i1_value(Attr *a) {
    if (!a) return -1;
    if (a->kind == A_BOOL) return a->i != 0;
    if (a->kind == A_INT && type_is_int(a->type, 1)) return a->i != 0;
    return -1;
}
/* a constant i1 mask: 1 all true, 0 all false, -1 anything else */
static int mask_value(Value *mask) {
    Attr *a = value_const(mask);
    if (!a) return -1;
    if (a->kind != A_DENSE) return i1_value(a);
    if (!a->type || !type_is_int(type_elem(a->type), 1) || a->dense.n < 1) return -1;
    int v = i1_value(a->dense.elts[0]);
    for (int i = 1; i < a->dense.n && v >= 0; i++) if (i1_value(a->dense.elts[i]) != v) return -1;
    return v;
}

static Attr *zero_of(Ctx *c, Type *t) {
    return t->kind == T_FLOAT ? attr_float(c, t, 0.0) : attr_int(c, t, 0);
}

static void lower(Ctx *c, Op *ld, int mask, bool rank1) {
    Type *elem = ld->res[0].type;
    Value *repl;
    if (mask == 0) {
        Value *mk, *other;
        load_operands(ld, &mk, &other);
        if (other) repl = other;
        else repl = kb_place(c, ld, const_new(c, zero_of(c, elem), elem, ld->loc));
    } else {
        /* offsets of the scalar tt.addptr chain, nearest the load first */
        Value *offs[256];
        int n = 0;
        Value *p = op_operand(ld, 0);
        while (p->def && !p->def->verbatim && op_is(p->def, OP_tt_addptr) && p->def->nopnds == 2 &&
               op_operand(p->def, 0)->type && op_operand(p->def, 0)->type->kind == T_PTR && n < 256) {
            offs[n++] = kb_index(c, ld, op_operand(p->def, 1));
            p = op_operand(p->def, 0);
        }
        Value *addr = kb_cast(c, ld, p, type_index(c));
        for (int i = n - 1; i >= 0; i--) {
            Value *o[2] = { addr, offs[i] };
            addr = kb_place(c, ld, kb_op(c, ld, "arith.addi", type_index(c), 2, o));
        }
        if (rank1) {
            const int64_t one[1] = { 1 };
            Type *idx = type_index(c);
            Value *c0 = kb_place(c, ld, const_new(c, attr_int(c, idx, 0), idx, ld->loc));
            Value *view = kb_memory_view(c, ld, addr, 1, one, NULL, one, NULL, elem);
            Value *tile = kb_access_tile(c, ld, view, 1, &c0, one);
            Value *t = kb_load(c, ld, tile, type_tensor(c, 1, one, elem));
            Value *ex[2] = { t, c0 };
            repl = kb_place(c, ld, kb_op(c, ld, "tensor.extract", elem, 2, ex));
        } else {
            Value *view = kb_memory_view(c, ld, addr, 0, NULL, NULL, NULL, NULL, elem);
            Value *tile = kb_access_tile(c, ld, view, 0, NULL, NULL);
            Value *t = kb_load(c, ld, tile, type_tensor(c, 0, NULL, elem));
            repl = kb_place(c, ld, kb_op(c, ld, "tensor.extract", elem, 1, &t));
        }
    }
    value_replace_all_uses(&ld->res[0], repl);
    op_erase(ld);
}

static bool find_addptr(Op *op, void *ud) {
    if (op_is(op, OP_tt_addptr)) pv_push(ud, op);
    return true;
}

/* erase tt.addptr ops without uses, until none is left (chains die back to front) */
static void erase_dead_addptrs(Op *m) {
    for (bool again = true; again;) {
        again = false;
        PtrVec ap = {0};
        op_walk(m, find_addptr, &ap);
        for (int i = 0; i < ap.n; i++) {
            Op *op = ap.v[i];
            if (op_results_unused(op)) { op_erase(op); again = true; }
        }
        pv_free(&ap);
    }
}

static bool run(Ctx *c, Op *m, const PassOptions *o, Diag *d) {
    bool rank1 = popt_bool(o, "rank1");
    PtrVec loads = {0};
    op_walk(m, collect, &loads);
    int *mask = loads.n ? calloc((size_t)loads.n, sizeof *mask) : NULL;
    bool ok = true;
    for (int i = 0; i < loads.n; i++) {
        Value *mk, *other;
        load_operands(loads.v[i], &mk, &other);
        mask[i] = mk ? mask_value(mk) : 1;
        if (mask[i] < 0) { diag_error(d, ((Op *)loads.v[i])->loc, "%s", not_constant); ok = false; }
    }
    if (ok) {
        for (int i = 0; i < loads.n; i++) lower(c, loads.v[i], mask[i], rank1);
        erase_dead_addptrs(m);
    }
    free(mask);
    pv_free(&loads);
    return ok;
}

static const PassOptDef opts[] = {
    { "rank1", PO_BOOL, "false", NULL, "emit a rank-1 view, tile and load (memref<1xT>, <1xindex> at index 0, tensor<1xT>) instead of rank 0, as the ktir-cpu interpreter needs; the default is the reference's rank-0 form" },
};

const Pass pass_lower_scalar_load = {
    "lower-scalar-load",
    "scalar tt.load (and its tt.addptr chain) becomes a rank-0 ktdp view, tile, load and tensor.extract",
    opts, 1, run,
};
