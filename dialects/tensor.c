/* tensor.c - the tensor and linalg dialects: tensor slices, reshapes and element access; linalg named ops (with the payload MLIR builds), transpose/broadcast/reduce and generic. */
#include "dialects.h"

#include <stdlib.h>
#include <string.h>

#include "format_lib.h"

/* tensor.empty(%d0, ...) attr-dict : T */
static bool dec_empty(Dec *d) {
    if (!eat(d, "(")) return false;
    int n = uses(d, NULL);
    if (!eat(d, ")")) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *t = type_el(d);
    if (!t || !at_end(d) || !results_n(d, 1)) return false;
    for (int i = 0; i < n; i++) want_type(d, i, type_index(d->c));
    set_res(d->op, 0, t);
    merge_attrs(d, a);
    return true;
}
static void pr_empty(Printer *p, Op *op) {
    print_name(p, op);
    P(p, "(");
    print_operands(p, op, 0, op->nopnds);
    P(p, ")");
    print_attrs(p, op, NULL, 0);
    P(p, " : ");
    print_type(p, op->res[0].type);
}

/* tensor.extract_slice %src[offs] [sizes] [strides] attr-dict : T to R
 * tensor.insert_slice %src into %dst[offs] [sizes] [strides] attr-dict : T into R */
static bool dec_slice(Dec *d) {
    Op *op = d->op;
    bool ins = op_is(op, OP_tensor_insert_slice);
    if (!use_elem(d)) return false;
    if (ins && (!eat(d, "into") || !use_elem(d))) return false;
    int64_t v[3][64];
    int n[3], nd[3];
    for (int k = 0; k < 3; k++) if ((n[k] = mixed_list(d, v[k], 64, &nd[k])) < 0) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *st = type_el(d);
    if (!st || !eat(d, ins ? "into" : "to")) return false;
    Type *rt = type_el(d);
    int fixed = ins ? 2 : 1;
    if (!rt || !at_end(d) || !results_n(d, 1) || op->nopnds != fixed + nd[0] + nd[1] + nd[2]) return false;
    want_type(d, 0, st);
    if (ins) want_type(d, 1, rt);
    for (int i = fixed; i < op->nopnds; i++) want_type(d, i, type_index(d->c));
    set_res(op, 0, rt);
    static const char *const names[3] = { "static_offsets", "static_sizes", "static_strides" };
    for (int k = 0; k < 3; k++) op_set_prop(d->c, op, names[k], i64_array(d->c, n[k], v[k]));
    int64_t seg[5] = { 1, 1, nd[0], nd[1], nd[2] };
    op_set_prop(d->c, op, "operandSegmentSizes", ins ? segments(d->c, 5, seg) : segments(d->c, 4, seg + 1));
    merge_attrs(d, a);
    return true;
}
static bool fit_slice(Op *op) {
    int fixed = op_is(op, OP_tensor_insert_slice) ? 2 : 1, dyn = 0, n = 0;
    static const char *const names[3] = { "static_offsets", "static_sizes", "static_strides" };
    for (int k = 0; k < 3; k++) {
        const int64_t *v = darr_i64(op, names[k], &n);
        if (!v && n) return false;
        if (!op_attr(op, names[k])) return false;
        dyn += count_dyn(v, n);
    }
    return op->nres == 1 && op->nopnds == fixed + dyn;
}
static void pr_slice(Printer *p, Op *op) {
    bool ins = op_is(op, OP_tensor_insert_slice);
    int next = ins ? 2 : 1, n = 0;
    print_name(p, op);
    P(p, " ");
    print_operands(p, op, 0, 1);
    if (ins) { P(p, " into "); print_operands(p, op, 1, 2); }
    static const char *const names[3] = { "static_offsets", "static_sizes", "static_strides" };
    for (int k = 0; k < 3; k++) {
        const int64_t *v = darr_i64(op, names[k], &n);
        if (k) P(p, " ");
        pr_mixed(p, op, v, n, &next);
    }
    static const char *const el[] = { "static_offsets", "static_sizes", "static_strides", "operandSegmentSizes" };
    print_attrs(p, op, el, 4);
    P(p, " : ");
    print_type(p, op->opnds[0].value->type);
    P(p, ins ? " into " : " to ");
    print_type(p, op->res[0].type);
}

/* [[0, 1], [2]] as an array of arrays of i64 */
static Attr *reassoc(Dec *d) {
    if (!eat(d, "[")) return NULL;
    Attr *groups[64];
    int ng = 0;
    if (!eat(d, "]")) {
        for (;;) {
            int64_t v[64];
            int n = int_list(d, v, 64);
            if (n < 0 || ng == 64) return NULL;
            Attr *el[64];
            for (int i = 0; i < n; i++) el[i] = attr_int(d->c, i64t(d->c), v[i]);
            groups[ng++] = attr_array(d->c, n, el);
            if (eat(d, ",")) continue;
            if (eat(d, "]")) break;
            return NULL;
        }
    }
    return attr_array(d->c, ng, groups);
}
static void pr_reassoc(Printer *p, Attr *r) {
    P(p, "[");
    for (int g = 0; g < r->arr.n; g++) {
        if (g) P(p, ", ");
        Attr *a = r->arr.elts[g];
        P(p, "[");
        for (int i = 0; a->kind == A_ARRAY && i < a->arr.n; i++) { if (i) P(p, ", "); pr_int(p, a->arr.elts[i]->i); }
        P(p, "]");
    }
    P(p, "]");
}
static bool good_reassoc(Attr *r) {
    if (!r || r->kind != A_ARRAY) return false;
    for (int g = 0; g < r->arr.n; g++) {
        Attr *a = r->arr.elts[g];
        if (a->kind != A_ARRAY) return false;
        for (int i = 0; i < a->arr.n; i++) if (a->arr.elts[i]->kind != A_INT) return false;
    }
    return true;
}

/* tensor.expand_shape %src [[..]] output_shape [mixed] attr-dict : T into R
 * tensor.collapse_shape %src [[..]] attr-dict : T into R */
static bool dec_reshape(Dec *d) {
    Op *op = d->op;
    bool exp = op_is(op, OP_tensor_expand_shape);
    if (!use_elem(d)) return false;
    Attr *r = reassoc(d);
    if (!r) return false;
    int64_t v[64];
    int n = 0, nd = 0;
    if (exp) {
        if (!eat(d, "output_shape") || (n = mixed_list(d, v, 64, &nd)) < 0) return false;
    }
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *st = type_el(d);
    if (!st || !eat(d, "into")) return false;
    Type *rt = type_el(d);
    if (!rt || !at_end(d) || !results_n(d, 1) || op->nopnds != 1 + nd) return false;
    want_type(d, 0, st);
    for (int i = 1; i < op->nopnds; i++) want_type(d, i, type_index(d->c));
    set_res(op, 0, rt);
    op_set_prop(d->c, op, "reassociation", r);
    if (exp) op_set_prop(d->c, op, "static_output_shape", i64_array(d->c, n, v));
    merge_attrs(d, a);
    return true;
}
static bool fit_reshape(Op *op) {
    if (op->nres != 1 || op->nopnds < 1 || !good_reassoc(op_attr(op, "reassociation"))) return false;
    if (!op_is(op, OP_tensor_expand_shape)) return op->nopnds == 1;
    int n = 0;
    const int64_t *v = darr_i64(op, "static_output_shape", &n);
    return op_attr(op, "static_output_shape") && op->nopnds == 1 + count_dyn(v, n);
}
static void pr_reshape(Printer *p, Op *op) {
    bool exp = op_is(op, OP_tensor_expand_shape);
    print_name(p, op);
    P(p, " ");
    print_operands(p, op, 0, 1);
    P(p, " ");
    pr_reassoc(p, op_attr(op, "reassociation"));
    if (exp) {
        int n = 0, next = 1;
        const int64_t *v = darr_i64(op, "static_output_shape", &n);
        P(p, " output_shape ");
        pr_mixed(p, op, v, n, &next);
    }
    static const char *const el[] = { "reassociation", "static_output_shape" };
    print_attrs(p, op, el, 2);
    P(p, " : ");
    print_type(p, op->opnds[0].value->type);
    P(p, " into ");
    print_type(p, op->res[0].type);
}

/* tensor.extract %t[%i, ...] attr-dict : T */
static bool dec_extract(Dec *d) {
    if (!use_elem(d) || !eat(d, "[")) return false;
    int n = uses(d, NULL);
    if (!eat(d, "]")) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *t = shaped_el(d);
    if (!t || !at_end(d) || !results_n(d, 1) || d->op->nopnds != 1 + n) return false;
    want_type(d, 0, t);
    for (int i = 0; i < n; i++) want_type(d, 1 + i, type_index(d->c));
    set_res(d->op, 0, t->sh.elem);
    merge_attrs(d, a);
    return true;
}
static bool fit_extract(Op *op) { return op->nres == 1 && op->nopnds >= 1; }
static void pr_extract(Printer *p, Op *op) {
    print_name(p, op);
    P(p, " ");
    print_operands(p, op, 0, 1);
    P(p, "[");
    print_operands(p, op, 1, op->nopnds);
    P(p, "]");
    print_attrs(p, op, NULL, 0);
    P(p, " : ");
    print_type(p, op->opnds[0].value->type);
}

/* tensor.insert %v into %t[%i, ...] attr-dict : T */
static bool dec_insert(Dec *d) {
    if (!use_elem(d) || !eat(d, "into") || !use_elem(d) || !eat(d, "[")) return false;
    int n = uses(d, NULL);
    if (!eat(d, "]")) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *t = shaped_el(d);
    if (!t || !at_end(d) || !results_n(d, 1) || d->op->nopnds != 2 + n) return false;
    want_type(d, 0, t->sh.elem);
    want_type(d, 1, t);
    for (int i = 0; i < n; i++) want_type(d, 2 + i, type_index(d->c));
    set_res(d->op, 0, t);
    merge_attrs(d, a);
    return true;
}
static bool fit_insert(Op *op) { return op->nres == 1 && op->nopnds >= 2; }
static void pr_insert(Printer *p, Op *op) {
    print_name(p, op);
    P(p, " ");
    print_operands(p, op, 0, 1);
    P(p, " into ");
    print_operands(p, op, 1, 2);
    P(p, "[");
    print_operands(p, op, 2, op->nopnds);
    P(p, "]");
    print_attrs(p, op, NULL, 0);
    P(p, " : ");
    print_type(p, op->res[0].type);
}

/* tensor.splat %x attr-dict : T */
static bool dec_tsplat(Dec *d) {
    if (!uses_n(d, 1)) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *t = shaped_el(d);
    if (!t || !at_end(d) || !results_n(d, 1)) return false;
    want_type(d, 0, t->sh.elem);
    set_res(d->op, 0, t);
    merge_attrs(d, a);
    return true;
}
static bool fit_tsplat(Op *op) { return op->nres == 1 && op->nopnds == 1; }
static void pr_tsplat(Printer *p, Op *op) {
    print_name(p, op);
    P(p, " ");
    print_operands(p, op, 0, 1);
    print_attrs(p, op, NULL, 0);
    P(p, " : ");
    print_type(p, op->res[0].type);
}

/* tensor.from_elements %a, %b, ... attr-dict : tensor<..> */
static bool dec_fromel(Dec *d) {
    int n = uses(d, NULL);
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *t = type_el(d);
    if (!t || t->kind != T_TENSOR || !at_end(d) || !results_n(d, 1)) return false;
    for (int i = 0; i < n; i++) want_type(d, i, t->sh.elem);
    set_res(d->op, 0, t);
    merge_attrs(d, a);
    return true;
}
static bool fit_fromel(Op *op) { return op->nres == 1 && op->res[0].type && op->res[0].type->kind == T_TENSOR; }
static void pr_fromel(Printer *p, Op *op) {
    print_name(p, op);
    if (op->nopnds) {
        P(p, " ");
        print_operands(p, op, 0, op->nopnds);
    }
    print_attrs(p, op, NULL, 0);
    P(p, " : ");
    print_type(p, op->res[0].type);
}

/* tensor.concat dim(N) %a, %b attr-dict : (T, T) -> R */
static bool dec_concat(Dec *d) {
    int64_t dim;
    if (!eat(d, "dim") || !eat(d, "(") || !int_lit(d, &dim) || !eat(d, ")")) return false;
    int n = uses(d, NULL);
    Attr *a = dict_opt(d);
    if (!n || !eat(d, ":")) return false;
    Elem *fte = d->e;
    Type *ft = func_type_el(d);
    if (!ft || !counts_match(d, fte, n, ft->fn.nin) || ft->fn.nout != 1 || !at_end(d) || !results_n(d, 1)) return false;
    for (int i = 0; i < n; i++) want_type(d, i, ft->fn.in[i]);
    set_res(d->op, 0, ft->fn.out[0]);
    op_set_prop(d->c, d->op, "dim", attr_int(d->c, i64t(d->c), dim));
    merge_attrs(d, a);
    return true;
}
static bool fit_concat(Op *op) { Attr *a = op_attr(op, "dim"); return op->nres == 1 && a && a->kind == A_INT; }
static void pr_concat(Printer *p, Op *op) {
    print_name(p, op);
    P(p, " dim(");
    pr_int(p, op_attr(op, "dim")->i);
    P(p, ") ");
    print_operands(p, op, 0, op->nopnds);
    static const char *const el[] = { "dim" };
    print_attrs(p, op, el, 1);
    P(p, " : ");
    print_functional_type(p, op);
}

/* tensor.reshape %src(%shape) attr-dict : (T, S) -> R */
static bool dec_treshape(Dec *d) {
    if (!use_elem(d) || !eat(d, "(") || !use_elem(d) || !eat(d, ")")) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Elem *fte = d->e;
    Type *ft = func_type_el(d);
    if (!ft || !counts_match(d, fte, 2, ft->fn.nin) || ft->fn.nout != 1 || !at_end(d) || !results_n(d, 1)) return false;
    want_type(d, 0, ft->fn.in[0]);
    want_type(d, 1, ft->fn.in[1]);
    set_res(d->op, 0, ft->fn.out[0]);
    merge_attrs(d, a);
    return true;
}
static bool fit_treshape(Op *op) { return op->nres == 1 && op->nopnds == 2; }
static void pr_treshape(Printer *p, Op *op) {
    print_name(p, op);
    P(p, " ");
    print_operands(p, op, 0, 1);
    P(p, "(");
    print_operands(p, op, 1, 2);
    P(p, ")");
    print_attrs(p, op, NULL, 0);
    P(p, " : ");
    print_functional_type(p, op);
}

/* tensor.dim / memref.dim attr-dict %t, %i : T  (the dictionary first, as MLIR declares it) */
static bool dec_tdim(Dec *d) {
    Attr *a = dict_opt(d);
    if (!uses_n(d, 2)) return false;
    if (!eat(d, ":")) return false;
    Type *t = type_el(d);
    if (!t || !at_end(d) || !results_n(d, 1)) return false;
    want_type(d, 0, t);
    want_type(d, 1, type_index(d->c));
    set_res(d->op, 0, type_index(d->c));
    merge_attrs(d, a);
    return true;
}
static bool fit_tdim(Op *op) { return op->nres == 1 && op->nopnds == 2; }
static void pr_tdim(Printer *p, Op *op) {
    print_name(p, op);
    print_attrs(p, op, NULL, 0);
    P(p, " ");
    print_operands(p, op, 0, 2);
    P(p, " : ");
    print_type(p, op->opnds[0].value->type);
}

/* ins(%a, ... : T, ...) outs(%b, ... : T, ...); returns false unless both parse */
static bool ins_outs(Dec *d, int *ni, int *no) {
    *ni = *no = 0;
    if (eat(d, "ins") && (*ni = typed_group(d, 0)) < 0) return false;
    if (!eat(d, "outs") || (*no = typed_group(d, *ni)) < 0) return false;
    return true;
}
static void pr_ins_outs(Printer *p, Op *op, int ni) {
    if (ni) {
        P(p, " ins(");
        print_operands(p, op, 0, ni);
        P(p, " : ");
        print_types_of_values(p, op, 0, ni);
        P(p, ")");
    }
    P(p, " outs(");
    print_operands(p, op, ni, op->nopnds);
    if (op->nopnds > ni) { P(p, " : "); print_types_of_values(p, op, ni, op->nopnds); }
    P(p, ")");
}
static int linalg_ins(Op *op) {
    const int64_t *s = segs_of(op, 2);
    return s ? (int)s[0] : -1;
}

/* `-> T` or `-> (T, U)`: the result types after an arrow; -1 if malformed */
static int arrow_types(Dec *d, Type **rt, int max) {
    if (!eat(d, "->")) return 0;
    int n;
    if (eat(d, "(")) {
        n = types(d, rt, max);
        if (!n || n > max || !eat(d, ")")) return -1;
        return n;
    }
    Type *t = type_el(d);
    if (!t) return -1;
    rt[0] = t;
    return 1;
}
static void pr_arrow_types(Printer *p, Op *op) {
    if (!op->nres) return;
    P(p, " -> ");
    bool paren = op->nres > 1 || (op->res[0].type && op->res[0].type->kind == T_FUNC);
    if (paren) P(p, "(");
    for (int i = 0; i < op->nres; i++) { if (i) P(p, ", "); print_type(p, op->res[i].type); }
    if (paren) P(p, ")");
}

/* the payload of a named linalg op, as MLIR builds it */
static Op *mk(Ctx *c, Block *b, const char *name, Type *t, Value *x, Value *y, Loc l) {
    Value *in[2] = { x, y };
    Op *o = op_new(c, name, 1, &t, 2, in, 0, l);
    format_move_inherent(c, o);
    op_append(b, o);
    return o;
}
/* an input of the payload converted to the output's element type, as
 * MLIR's named ops do (extf/truncf, extsi/trunci, sitofp/fptosi) */
Value *linalg_payload_cast(Ctx *c, Block *b, Value *v, Type *t, Loc l) {
    Type *s = v->type;
    if (s == t) return v;
    const char *n;
    if (s->kind == T_FLOAT && t->kind == T_FLOAT) n = type_float_width(s) < type_float_width(t) ? "arith.extf" : "arith.truncf";
    else if (s->kind == T_FLOAT) n = "arith.fptosi";
    else if (t->kind == T_FLOAT) n = "arith.sitofp";
    else if (s->kind == T_INDEX || t->kind == T_INDEX) n = "arith.index_cast";
    else n = s->i.width < t->i.width ? "arith.extsi" : "arith.trunci";
    Op *o = op_new(c, n, 1, &t, 1, &v, 0, l);
    format_move_inherent(c, o);
    op_append(b, o);
    return &o->res[0];
}
static bool build_body(Dec *d, Op *op) {
    Ctx *c = d->c;
    int id = op->info->id;
    Type *et[8];
    if (op->nopnds > 8) return false;
    for (int i = 0; i < op->nopnds; i++) et[i] = type_elem(opnd(d, i)->type);
    bool fl = type_is_float(et[op->nopnds - 1]);
    for (int i = 0; i < op->nopnds; i++)
        if (!et[i] || !(type_is_float(et[i]) || type_is_int(et[i], 0))) { want_el(d, "tensor of integer or float elements"); return false; }
    Region *r = add_region(c, op);
    Block *b = block_new(c);
    region_append_block(r, b);
    Value *a[8];
    for (int i = 0; i < op->nopnds; i++) a[i] = block_add_arg(c, b, et[i], op->loc);
    Type *t = et[op->nopnds - 1];
    for (int i = 0; i < op->nopnds - 1; i++) a[i] = linalg_payload_cast(c, b, a[i], t, op->loc);
    Value *y = a[0];
    if (id == OP_linalg_add) y = &mk(c, b, fl ? "arith.addf" : "arith.addi", t, a[0], a[1], op->loc)->res[0];
    else if (id == OP_linalg_mul) y = &mk(c, b, fl ? "arith.mulf" : "arith.muli", t, a[0], a[1], op->loc)->res[0];
    else if (id == OP_linalg_max) y = &mk(c, b, fl ? "arith.maximumf" : "arith.maxsi", t, a[0], a[1], op->loc)->res[0];
    else if (id == OP_linalg_matmul || id == OP_linalg_batch_matmul) {
        Value *m = &mk(c, b, fl ? "arith.mulf" : "arith.muli", t, a[0], a[1], op->loc)->res[0];
        y = &mk(c, b, fl ? "arith.addf" : "arith.addi", t, a[2], m, op->loc)->res[0];
    }
    op_append(b, op_new(c, "linalg.yield", 0, NULL, 1, &y, 0, op->loc));
    return true;
}
static int named_arity(int id) {
    return id == OP_linalg_fill ? 1 : id == OP_linalg_matmul || id == OP_linalg_batch_matmul || id == OP_linalg_add ||
           id == OP_linalg_max || id == OP_linalg_mul ? 2 : -1;
}

/* linalg.fill/matmul/add/...: [attr-dict] ins(..) outs(..) [-> T, ...] */
static bool dec_named(Dec *d) {
    Op *op = d->op;
    Attr *a = dict_opt(d);
    int ni, no;
    if (!ins_outs(d, &ni, &no)) return false;
    Type *rt[16];
    int nr = arrow_types(d, rt, 16);
    if (nr < 0) return false;
    if (!at_end(d) || op->nregions || ni != named_arity(op->info->id) || no != 1 || op->nopnds != ni + no) return false;
    if (!results_n(d, nr)) return false;
    for (int i = 0; i < nr; i++) set_res(op, i, rt[i]);
    int64_t seg[2] = { ni, no };
    op_set_prop(d->c, op, "operandSegmentSizes", segments(d->c, 2, seg));
    merge_attrs(d, a);
    return build_body(d, op);
}
static bool fit_named(Op *op) { return linalg_ins(op) >= 0; }
static void pr_named(Printer *p, Op *op) {
    print_name(p, op);
    static const char *const el[] = { "operandSegmentSizes", "linalg.memoized_indexing_maps" };
    print_attrs(p, op, el, 2);
    pr_ins_outs(p, op, linalg_ins(op));
    pr_arrow_types(p, op);
}

/* linalg.transpose/broadcast ins(..) outs(..) permutation|dimensions = [..] attr-dict
 * linalg.reduce ins(..) outs(..) dimensions = [..] attr-dict (%a: T, ...) {region}
 * linalg.reduce { OPNAME } ins(..) outs(..) dimensions = [..] attr-dict: MLIR's short
 * form of a region that is one op on (init, in) yielding its result */
static const char *perm_name(Op *op) { return op_is(op, OP_linalg_transpose) ? "permutation" : "dimensions"; }

/* `{ arith.addf }`: the reader sees a dictionary holding one unit entry named by the op */
static const char *short_payload(Dec *d) {
    Elem *e = d->e;
    if (!e || e->kind != E_ATTR || !e->attr || e->attr->kind != A_DICT || e->attr->dict.n != 1) return NULL;
    const NamedAttr *n = &e->attr->dict.ents[0];
    if (n->value->kind != A_UNIT || !strchr(n->name, '.')) return NULL;
    d->e = e->next;
    return n->name;
}
/* the body of the short form: block arguments of the element types of ins then outs,
 * the payload on (init, in), its result yielded (as MLIR's addBodyWithPayloadOp) */
static bool short_body(Dec *d, Op *op, const char *name, Elem *at) {
    Ctx *c = d->c;
    const OpInfo *info = opinfo_lookup(c, name);
    if (info->id < 0 || !format_of(info)) return fail_at(d, at, "the short form of linalg.reduce needs a registered op with a custom form");
    if (op->nopnds != 2) return fail_at(d, at, "the short form of linalg.reduce takes one input and one init");
    Type *t0 = type_elem(opnd(d, 0)->type), *t1 = type_elem(opnd(d, 1)->type);
    if (!t0 || !t1) return fail_at(d, at, "linalg.reduce takes shaped operands");
    Region *r = add_region(c, op);
    Block *b = block_new(c);
    region_append_block(r, b);
    Value *in = block_add_arg(c, b, t0, op->loc), *init = block_add_arg(c, b, t1, op->loc);
    Op *o = mk(c, b, name, t1, init, in, op->loc);
    Value *y = &o->res[0];
    op_append(b, op_new(c, "linalg.yield", 0, NULL, 1, &y, 0, op->loc));
    return true;
}
/* the payload op when the region is MLIR's short form (as ReduceOp::print finds it):
 * one op with no attribute but a default fastmath, on (init, in), whose result is yielded */
static Op *short_form(Op *op) {
    if (!op_is(op, OP_linalg_reduce) || op->nopnds != 2 || op->nregions != 1) return NULL;
    Block *b = op->regions[0].first;
    if (!b || b->next || b->nargs != 2) return NULL;
    Op *o = b->first;
    if (!o || !o->next || o->next->next || !op_is(o->next, OP_linalg_yield)) return NULL;
    if (o->nopnds != 2 || o->nres != 1 || o->nregions || o->verbatim || op_nsuccs(o) || op_locattr(o)) return NULL;
    if (op_operand(o, 0) != b->args[1] || op_operand(o, 1) != b->args[0]) return NULL;
    if (o->next->nopnds != 1 || op_operand(o->next, 0) != &o->res[0] || o->next->nattrs || o->next->nprops) return NULL;
    if (o->info->id < 0 || !format_of(o->info)) return NULL;
    for (int i = 0; i < o->nattrs + o->nprops; i++) {
        const NamedAttr *n = &o->attrs[i];
        if (strcmp(n->name, "fastmath") || n->value->kind != A_OPAQUE || strcmp(n->value->str.s, "#arith.fastmath<none>")) return NULL;
    }
    return o;
}
static bool dec_lperm(Dec *d) {
    Op *op = d->op;
    bool red = op_is(op, OP_linalg_reduce);
    Elem *short_at = d->e;
    const char *payload = red ? short_payload(d) : NULL;
    int ni, no;
    if (!eat(d, "ins") || (ni = typed_group(d, 0)) < 0 || !eat(d, "outs") || (no = typed_group(d, ni)) < 0) return false;
    const char *pn = perm_name(op);
    int64_t v[64];
    int n = 0;
    if (!eat(d, pn) || !eat(d, "=") || (n = int_list(d, v, 64)) < 0) return false;
    Attr *a = dict_opt(d);
    int r = -1;
    if (red && !payload) {
        /* the region's arguments were written before it: (%in: T, %init: T) */
        if (!eat(d, "(")) return false;
        while (!eat(d, ")")) {
            if (!d->e) return false;
            d->e = d->e->next;
        }
        if ((r = region_el(d)) != 0) return false;
    }
    if (!at_end(d) || op->nopnds != ni + no || !ni || !no) return false;
    if (red && !payload ? op->nregions != 1 : op->nregions != 0) return false;
    if (red && !payload && (!op->regions[0].first || op->regions[0].first->nargs != ni + no)) return false;
    int nr = 0;
    for (int i = ni; i < ni + no; i++) if (opnd(d, i)->type && opnd(d, i)->type->kind == T_TENSOR) nr++;
    if (!results_n(d, nr)) return false;
    for (int i = 0, k = 0; i < no; i++) if (opnd(d, ni + i)->type->kind == T_TENSOR) set_res(op, k++, opnd(d, ni + i)->type);
    op_set_prop(d->c, op, pn, i64_array(d->c, n, v));
    merge_attrs(d, a);
    if (payload) return short_body(d, op, payload, short_at);
    if (!red) {
        Type *t0 = type_elem(opnd(d, 0)->type), *t1 = type_elem(opnd(d, 1)->type);
        Region *rg = add_region(d->c, op);
        Block *b = block_new(d->c);
        region_append_block(rg, b);
        Value *x = block_add_arg(d->c, b, t0, op->loc);
        block_add_arg(d->c, b, t1, op->loc);
        op_append(b, op_new(d->c, "linalg.yield", 0, NULL, 1, &x, 0, op->loc));
    }
    return true;
}
static bool fit_lperm(Op *op) {
    int n = 0;
    return darr_i64(op, perm_name(op), &n) && op->nregions == 1 && op->regions[0].first && op->nopnds >= 2 &&
           (op_is(op, OP_linalg_reduce) ? op->nopnds % 2 == 0 : op->nopnds == 2);
}
static void pr_lperm(Printer *p, Op *op) {
    bool red = op_is(op, OP_linalg_reduce);
    int ni = red ? op->nopnds / 2 : 1, n;
    const int64_t *v = darr_i64(op, perm_name(op), &n);
    Op *payload = short_form(op);
    print_name(p, op);
    if (payload) { P(p, " { "); P(p, payload->info->name); P(p, " }"); }
    pr_ins_outs(p, op, ni);
    fprintf(p->f, " %s = ", perm_name(op));
    pr_int_list(p, v, n);
    P(p, " ");
    const char *el[] = { perm_name(op) };
    print_attrs(p, op, el, 1);
    if (red && !payload) {
        Block *b = op->regions[0].first;
        P(p, "\n");
        p->indent += 2;
        for (int i = 0; i < p->indent; i++) P(p, " ");
        P(p, "(");
        for (int i = 0; i < b->nargs; i++) {
            if (i) P(p, ", ");
            print_value(p, b->args[i]);
            P(p, ": ");
            print_type(p, b->args[i]->type);
        }
        P(p, ") ");
        print_region(p, &op->regions[0], false, true, false);
        p->indent -= 2;
    }
}

/* linalg.generic {indexing_maps = [..], iterator_types = ["parallel", ..], ...}
 *   ins(..) outs(..) [attrs = {..}] {region} [-> T, ...] */
static bool dec_generic(Dec *d) {
    Op *op = d->op;
    Attr *traits = dict_opt(d);
    if (!traits) return false;
    int ni, no;
    if (!ins_outs(d, &ni, &no)) return false;
    Attr *extra = NULL;
    if (eat(d, "attrs")) { if (!eat(d, "=") || !(extra = dict_opt(d))) return false; }
    if (region_el(d) != 0) return false;
    Type *rt[16];
    int nr = arrow_types(d, rt, 16);
    if (nr < 0) return false;
    if (!at_end(d) || op->nregions != 1 || op->nopnds != ni + no) return false;
    Attr *maps = dict_get(traits, "indexing_maps"), *its = dict_get(traits, "iterator_types");
    if (!maps || !its || maps->kind != A_ARRAY || its->kind != A_ARRAY) return false;
    Attr *iv[64];
    if (its->arr.n > 64) return false;
    for (int i = 0; i < its->arr.n; i++) {
        Attr *s = its->arr.elts[i];
        if (s->kind == A_OPAQUE) { iv[i] = s; continue; }
        if (s->kind != A_STRING || s->str.len > 32) return false;
        char buf[64];
        snprintf(buf, sizeof buf, "#linalg.iterator_type<%.*s>", (int)s->str.len, s->str.s);
        iv[i] = attr_opaque(d->c, buf);
    }
    if (!results_n(d, nr)) return false;
    for (int i = 0; i < nr; i++) set_res(op, i, rt[i]);
    for (int i = 0; i < traits->dict.n; i++) {
        const char *k = traits->dict.ents[i].name;
        if (!strcmp(k, "iterator_types")) op_set_prop(d->c, op, k, attr_array(d->c, its->arr.n, iv));
        else if (!strcmp(k, "indexing_maps") || !strcmp(k, "doc") || !strcmp(k, "library_call")) op_set_prop(d->c, op, k, traits->dict.ents[i].value);
        else op_set_attr(d->c, op, k, traits->dict.ents[i].value);
    }
    int64_t seg[2] = { ni, no };
    op_set_prop(d->c, op, "operandSegmentSizes", segments(d->c, 2, seg));
    merge_attrs(d, extra);
    return true;
}
static bool fit_generic(Op *op) {
    Attr *m = op_attr(op, "indexing_maps"), *it = op_attr(op, "iterator_types");
    return linalg_ins(op) >= 0 && op->nregions == 1 && m && it && m->kind == A_ARRAY && it->kind == A_ARRAY;
}
static void pr_generic_op(Printer *p, Op *op) {
    print_name(p, op);
    /* the trait dictionary: the inherent attributes, iterator types as strings */
    static const char *const keys[] = { "doc", "indexing_maps", "iterator_types", "library_call" };
    P(p, " {");
    bool first = true;
    for (int k = 0; k < 4; k++) {
        Attr *a = op_attr(op, keys[k]);
        if (!a) continue;
        if (!first) P(p, ", ");
        first = false;
        P(p, keys[k]);
        P(p, " = ");
        if (k != 2) { print_attr(p, a); continue; }
        P(p, "[");
        for (int i = 0; i < a->arr.n; i++) {
            Attr *s = a->arr.elts[i];
            if (i) P(p, ", ");
            const char *pre = "#linalg.iterator_type<";
            if (s->kind == A_OPAQUE && !strncmp(s->str.s, pre, strlen(pre))) {
                P(p, "\"");
                fwrite(s->str.s + strlen(pre), 1, s->str.len - strlen(pre) - 1, p->f);
                P(p, "\"");
            } else print_attr(p, s);
        }
        P(p, "]");
    }
    P(p, "}");
    pr_ins_outs(p, op, linalg_ins(op));
    if (op->nattrs) { P(p, " attrs = "); print_attr_dict(p, op->attrs, op->nattrs, NULL, 0); }
    P(p, " ");
    print_region(p, &op->regions[0], true, true, false);
    pr_arrow_types(p, op);
}

/* linalg.index N attr-dict : index */
static bool dec_lindex(Dec *d) {
    int64_t k;
    if (d->op->nopnds || !results_n(d, 1) || !int_lit(d, &k) || k < 0) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *t = type_el(d);
    if (!t || t != type_index(d->c) || !at_end(d)) return false;
    set_res(d->op, 0, t);
    op_set_prop(d->c, d->op, "dim", attr_int(d->c, type_int(d->c, 64, SIGNLESS), k));
    merge_attrs(d, a);
    return true;
}
static bool fit_lindex(Op *op) {
    Attr *a = op_attr(op, "dim");
    return op->nres == 1 && !op->nopnds && a && a->kind == A_INT && a->i >= 0;
}
static void pr_lindex(Printer *p, Op *op) {
    print_name(p, op);
    fprintf(p->f, " %lld", (long long)op_attr(op, "dim")->i);
    static const char *const el[] = { "dim" };
    print_attrs(p, op, el, 1);
    P(p, " : ");
    print_type(p, op->res[0].type);
}

static const OpFormat formats[] = {
    { "empty", dec_empty, pr_empty, NULL },
    { "slice", dec_slice, pr_slice, fit_slice },
    { "reshape", dec_reshape, pr_reshape, fit_reshape },
    { "extract", dec_extract, pr_extract, fit_extract },
    { "insert", dec_insert, pr_insert, fit_insert },
    { "tsplat", dec_tsplat, pr_tsplat, fit_tsplat },
    { "fromel", dec_fromel, pr_fromel, fit_fromel },
    { "concat", dec_concat, pr_concat, fit_concat },
    { "treshape", dec_treshape, pr_treshape, fit_treshape },
    { "tdim", dec_tdim, pr_tdim, fit_tdim },
    { "named", dec_named, pr_named, fit_named },
    { "lperm", dec_lperm, pr_lperm, fit_lperm },
    { "lgeneric", dec_generic, pr_generic_op, fit_generic },
    { "lindex", dec_lindex, pr_lindex, fit_lindex },
};
static const OpInherent inherent[] = {
    { OP_tensor_extract_slice, "static_offsets static_sizes static_strides operandSegmentSizes" },
    { OP_tensor_insert_slice, "static_offsets static_sizes static_strides operandSegmentSizes" },
    { OP_tensor_expand_shape, "reassociation static_output_shape" },
    { OP_tensor_collapse_shape, "reassociation" },
    { OP_tensor_concat, "dim" },
    { OP_linalg_fill, "operandSegmentSizes" },
    { OP_linalg_matmul, "operandSegmentSizes cast" },
    { OP_linalg_batch_matmul, "operandSegmentSizes" },
    { OP_linalg_add, "operandSegmentSizes" },
    { OP_linalg_max, "operandSegmentSizes" },
    { OP_linalg_mul, "operandSegmentSizes" },
    { OP_linalg_transpose, "permutation" },
    { OP_linalg_broadcast, "dimensions" },
    { OP_linalg_reduce, "dimensions" },
    { OP_linalg_index, "dim" },
    { OP_linalg_generic, "indexing_maps iterator_types doc library_call operandSegmentSizes" },
};

void dialect_tensor_register(void) {
    format_register(formats, sizeof formats / sizeof *formats);
    format_register_inherent(inherent, sizeof inherent / sizeof *inherent, NULL);
}
