/* tts.c - the tts (triton-shared structured pointers) dialect: structured and gather/scatter pointers with mixed static/SSA lists. */
#include "dialects.h"

#include <stdlib.h>
#include <string.h>

#include "format_lib.h"

/* tts.make_tptr %base to sizes: [..], strides: [..], offsets: [..],
 *   shape: [..], order: [..] attr-dict : <T> to R   (mixed static/SSA lists) */
static bool dec_mktptr(Dec *d) {
    static const char *const kw[] = { "strides", "offsets", "shape" };
    static const char *const names[] = { "static_strides", "static_offsets", "static_shape" };
    if (!use_elem(d) || !eat(d, "to") || !eat(d, "sizes") || !eat(d, ":")) return false;
    int64_t sz[64], v[3][64], ord[64];
    int ns = int_list(d, sz, 64), n[3], nd[3];
    if (ns < 0) return false;
    for (int k = 0; k < 3; k++) {
        if (!eat(d, ",") || !eat(d, kw[k]) || !eat(d, ":")) return false;
        if ((n[k] = mixed_list(d, v[k], 64, &nd[k])) < 0) return false;
    }
    if (!eat(d, ",") || !eat(d, "order") || !eat(d, ":")) return false;
    int no = int_list(d, ord, 64);
    if (no < 0) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *bt = ptr_type(d);
    if (!bt || !eat(d, "to")) return false;
    Type *rt = type_el(d);
    if (!rt || !at_end(d) || !results_n(d, 1) || d->op->nopnds != 1 + nd[0] + nd[1] + nd[2]) return false;
    want_type(d, 0, bt);
    for (int i = 1; i < d->op->nopnds; i++) want_type(d, i, type_index(d->c));
    set_res(d->op, 0, rt);
    op_set_prop(d->c, d->op, "sizes", i64_array(d->c, ns, sz));
    for (int k = 0; k < 3; k++) op_set_prop(d->c, d->op, names[k], i64_array(d->c, n[k], v[k]));
    int64_t o32[64];
    for (int i = 0; i < no; i++) o32[i] = ord[i];
    op_set_prop(d->c, d->op, "order", attr_dense_array(d->c, i32t(d->c), no, o32, NULL));
    int64_t seg[4] = { 1, nd[0], nd[1], nd[2] };
    op_set_prop(d->c, d->op, "operandSegmentSizes", segments(d->c, 4, seg));
    merge_attrs(d, a);
    return true;
}
static bool fit_mktptr(Op *op) {
    int n;
    const int64_t *s = segs_of(op, 4);
    if (op->nres != 1 || !s || s[0] != 1 || (!darr_i64(op, "sizes", &n) && n) || !op_attr(op, "sizes")) return false;
    static const char *const names[] = { "static_strides", "static_offsets", "static_shape" };
    for (int k = 0; k < 3; k++) {
        const int64_t *v = darr_i64(op, names[k], &n);
        if ((!v && n) || !op_attr(op, names[k]) || count_dyn(v, n) != s[1 + k]) return false;
    }
    Attr *o = op_attr(op, "order");
    return o && o->kind == A_DENSE_ARRAY;
}
static void pr_mktptr(Printer *p, Op *op) {
    static const char *const kw[] = { ", strides: ", ", offsets: ", ", shape: " };
    static const char *const names[] = { "static_strides", "static_offsets", "static_shape" };
    int n, next = 1;
    print_name(p, op);
    P(p, " ");
    print_operands(p, op, 0, 1);
    P(p, " to sizes: ");
    const int64_t *sz = darr_i64(op, "sizes", &n);
    pr_int_list(p, sz, n);
    for (int k = 0; k < 3; k++) {
        P(p, kw[k]);
        const int64_t *v = darr_i64(op, names[k], &n);
        pr_mixed(p, op, v, n, &next);
    }
    P(p, ", order: ");
    Attr *o = op_attr(op, "order");
    pr_int_list(p, o->darr.i, o->darr.n);
    static const char *const el[] = { "sizes", "static_strides", "static_offsets", "static_shape", "order", "operandSegmentSizes" };
    print_attrs(p, op, el, 6);
    P(p, " : ");
    pr_ptr_stripped(p, op->opnds[0].value->type);
    P(p, " to ");
    print_type(p, op->res[0].type);
}

/* tts.make_gather_scatter_tptr %base to sizes: [..] gather_scatter_dim: D
 *   gather_scatter_offset: %o [gather_scatter_mask: %m], strides: [..],
 *   offsets: [..] attr-dict : O [M] <T> to R */
static bool dec_mkgstptr(Dec *d) {
    if (!use_elem(d) || !eat(d, "to") || !eat(d, "sizes") || !eat(d, ":")) return false;
    int64_t sz[64], v[2][64], dim;
    int ns = int_list(d, sz, 64), n[2], nd[2];
    if (ns < 0 || !eat(d, "gather_scatter_dim") || !eat(d, ":") || !int_lit(d, &dim)) return false;
    if (!eat(d, "gather_scatter_offset") || !eat(d, ":") || !use_elem(d)) return false;
    bool mask = false;
    if (eat(d, "gather_scatter_mask")) {
        if (!eat(d, ":") || !use_elem(d)) return false;
        mask = true;
    }
    static const char *const kw[] = { "strides", "offsets" };
    for (int k = 0; k < 2; k++) {
        if (!eat(d, ",") || !eat(d, kw[k]) || !eat(d, ":")) return false;
        if ((n[k] = mixed_list(d, v[k], 64, &nd[k])) < 0) return false;
    }
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *ot = type_el(d), *mt = mask ? type_el(d) : NULL;
    if (!ot || (mask && !mt)) return false;
    Type *bt = ptr_type(d);
    if (!bt || !eat(d, "to")) return false;
    Type *rt = type_el(d);
    Op *op = d->op;
    /* the uses were read in source order: base, offset, mask, strides, offsets;
     * the operands are base, offset, strides, offsets, mask */
    if (!rt || !at_end(d) || !results_n(d, 1) || op->nopnds != 2 + (mask ? 1 : 0) + nd[0] + nd[1]) return false;
    if (mask) {
        Value *m = op_operand(op, 2);
        for (int i = 2; i + 1 < op->nopnds; i++) op_set_operand(op, i, op_operand(op, i + 1));
        op_set_operand(op, op->nopnds - 1, m);
    }
    want_type(d, 0, bt);
    want_type(d, 1, ot);
    for (int i = 2; i < 2 + nd[0] + nd[1]; i++) want_type(d, i, type_index(d->c));
    if (mask) want_type(d, op->nopnds - 1, mt);
    set_res(op, 0, rt);
    op_set_prop(d->c, op, "sizes", i64_array(d->c, ns, sz));
    op_set_prop(d->c, op, "gather_scatter_dim", attr_int(d->c, i32t(d->c), dim));
    op_set_prop(d->c, op, "static_strides", i64_array(d->c, n[0], v[0]));
    op_set_prop(d->c, op, "static_offsets", i64_array(d->c, n[1], v[1]));
    int64_t seg[5] = { 1, 1, nd[0], nd[1], mask ? 1 : 0 };
    op_set_prop(d->c, op, "operandSegmentSizes", segments(d->c, 5, seg));
    merge_attrs(d, a);
    return true;
}
static bool fit_mkgstptr(Op *op) {
    int n;
    const int64_t *s = segs_of(op, 5);
    Attr *g = op_attr(op, "gather_scatter_dim");
    if (op->nres != 1 || !s || s[0] != 1 || s[1] != 1 || s[4] > 1 || !g || g->kind != A_INT || !op_attr(op, "sizes")) return false;
    static const char *const names[] = { "static_strides", "static_offsets" };
    for (int k = 0; k < 2; k++) {
        const int64_t *v = darr_i64(op, names[k], &n);
        if ((!v && n) || !op_attr(op, names[k]) || count_dyn(v, n) != s[2 + k]) return false;
    }
    return true;
}
static void pr_mkgstptr(Printer *p, Op *op) {
    const int64_t *s = segs_of(op, 5);
    int n, next = 2;
    print_name(p, op);
    P(p, " ");
    print_operands(p, op, 0, 1);
    P(p, " to sizes: ");
    const int64_t *sz = darr_i64(op, "sizes", &n);
    pr_int_list(p, sz, n);
    P(p, " gather_scatter_dim: ");
    pr_int(p, op_attr(op, "gather_scatter_dim")->i);
    P(p, " gather_scatter_offset: ");
    print_operands(p, op, 1, 2);
    if (s[4]) { P(p, " gather_scatter_mask: "); print_operands(p, op, op->nopnds - 1, op->nopnds); }
    P(p, ", strides: ");
    const int64_t *v = darr_i64(op, "static_strides", &n);
    pr_mixed(p, op, v, n, &next);
    P(p, ", offsets: ");
    v = darr_i64(op, "static_offsets", &n);
    pr_mixed(p, op, v, n, &next);
    static const char *const el[] = { "sizes", "gather_scatter_dim", "static_strides", "static_offsets", "operandSegmentSizes" };
    print_attrs(p, op, el, 5);
    P(p, " : ");
    print_type(p, op->opnds[1].value->type);
    P(p, " ");
    if (s[4]) { print_type(p, op->opnds[op->nopnds - 1].value->type); P(p, " "); }
    pr_ptr_stripped(p, op->opnds[0].value->type);
    P(p, " to ");
    print_type(p, op->res[0].type);
}

static const OpFormat formats[] = {
    { "mktptr", dec_mktptr, pr_mktptr, fit_mktptr },
    { "mkgstptr", dec_mkgstptr, pr_mkgstptr, fit_mkgstptr },
};

void dialect_tts_register(void) {
    format_register(formats, sizeof formats / sizeof *formats);
}
