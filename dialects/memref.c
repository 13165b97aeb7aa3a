/* memref.c - the memref dialect's custom forms that no other dialect's
 * format covers: memref.store, memref.copy, memref.alloc and
 * memref.reinterpret_cast.  memref.load is tensor.extract's form, memref.dim
 * tensor.dim's, memref.subview tensor.extract_slice's (tensor.c) and
 * memref.cast the arith casts' (arith.c); this file gives those their
 * inherent attributes. */
#include "dialects.h"

#include "format_lib.h"

/* memref.store %v, %m[%i, ...] attr-dict : memref<...> */
static bool dec_store(Dec *d) {
    if (!uses_n(d, 2) || !eat(d, "[")) return false;
    int n = is_tok(d->e, "]") ? 0 : uses(d, NULL);
    if (!eat(d, "]")) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *t = shaped_el(d);
    if (!t || !at_end(d) || !results_n(d, 0) || d->op->nopnds != 2 + n) return false;
    want_type(d, 0, t->sh.elem);
    want_type(d, 1, t);
    for (int i = 0; i < n; i++) want_type(d, 2 + i, type_index(d->c));
    merge_attrs(d, a);
    return true;
}
static bool fit_store(Op *op) { return !op->nres && op->nopnds >= 2; }
static void pr_store(Printer *p, Op *op) {
    print_name(p, op);
    P(p, " ");
    print_operands(p, op, 0, 1);
    P(p, ", ");
    print_operands(p, op, 1, 2);
    P(p, "[");
    print_operands(p, op, 2, op->nopnds);
    P(p, "]");
    print_attrs(p, op, NULL, 0);
    P(p, " : ");
    print_type(p, op->opnds[1].value->type);
}

/* memref.copy %src, %dst attr-dict : T to U */
static bool dec_copy(Dec *d) {
    if (!uses_n(d, 2)) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *s = type_el(d);
    if (!s || !eat(d, "to")) return false;
    Type *t = type_el(d);
    if (!t || !at_end(d) || !results_n(d, 0)) return false;
    want_type(d, 0, s);
    want_type(d, 1, t);
    merge_attrs(d, a);
    return true;
}
static bool fit_copy(Op *op) { return !op->nres && op->nopnds == 2; }
static void pr_copy(Printer *p, Op *op) {
    print_name(p, op);
    P(p, " ");
    print_operands(p, op, 0, 2);
    print_attrs(p, op, NULL, 0);
    P(p, " : ");
    print_type(p, op->opnds[0].value->type);
    P(p, " to ");
    print_type(p, op->opnds[1].value->type);
}

/* memref.alloc(%d, ...)[%s, ...] attr-dict : memref<...>  (the dynamic sizes,
 * then the symbols of the layout, both optional) */
static bool dec_alloc(Dec *d) {
    int n[2] = { 0, 0 };
    static const char *const opn[2] = { "(", "[" }, *const cls[2] = { ")", "]" };
    for (int k = 0; k < 2; k++) {
        if (!eat(d, opn[k])) { if (k) break; return false; }
        if (!is_tok(d->e, cls[k])) n[k] = uses(d, NULL);
        if (!eat(d, cls[k])) return false;
    }
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *t = type_el(d);
    if (!t || !at_end(d) || !results_n(d, 1) || d->op->nopnds != n[0] + n[1]) return false;
    for (int i = 0; i < d->op->nopnds; i++) want_type(d, i, type_index(d->c));
    set_res(d->op, 0, t);
    int64_t seg[2] = { n[0], n[1] };
    op_set_prop(d->c, d->op, "operandSegmentSizes", segments(d->c, 2, seg));
    merge_attrs(d, a);
    return true;
}
static bool fit_alloc(Op *op) {
    const int64_t *s = segs_of(op, 2);
    return op->nres == 1 && (s ? s[0] + s[1] == op->nopnds : true);
}
static void pr_alloc(Printer *p, Op *op) {
    const int64_t *s = segs_of(op, 2);
    int nd = s ? (int)s[0] : op->nopnds;
    print_name(p, op);
    P(p, "(");
    print_operands(p, op, 0, nd);
    P(p, ")");
    if (nd < op->nopnds) { P(p, "["); print_operands(p, op, nd, op->nopnds); P(p, "]"); }
    static const char *const el[] = { "operandSegmentSizes" };
    print_attrs(p, op, el, 1);
    P(p, " : ");
    print_type(p, op->res[0].type);
}

/* memref.reinterpret_cast %src to offset: [o], sizes: [..], strides: [..] attr-dict : T to R */
static const char *const kw[3] = { "offset", "sizes", "strides" };
static const char *const static_names[3] = { "static_offsets", "static_sizes", "static_strides" };
static bool dec_reinterpret(Dec *d) {
    if (!use_elem(d) || !eat(d, "to")) return false;
    int64_t v[3][64];
    int n[3], nd[3];
    for (int k = 0; k < 3; k++) {
        if ((k && !eat(d, ",")) || !eat(d, kw[k]) || !eat(d, ":")) return false;
        if ((n[k] = mixed_list(d, v[k], 64, &nd[k])) < 0) { want_el(d, "list of integers and SSA operands"); return false; }
    }
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *s = type_el(d);
    if (!s || !eat(d, "to")) return false;
    Type *t = type_el(d);
    if (!t || !at_end(d) || !results_n(d, 1) || d->op->nopnds != 1 + nd[0] + nd[1] + nd[2]) return false;
    want_type(d, 0, s);
    for (int i = 1; i < d->op->nopnds; i++) want_type(d, i, type_index(d->c));
    set_res(d->op, 0, t);
    for (int k = 0; k < 3; k++) op_set_prop(d->c, d->op, static_names[k], i64_array(d->c, n[k], v[k]));
    int64_t seg[4] = { 1, nd[0], nd[1], nd[2] };
    op_set_prop(d->c, d->op, "operandSegmentSizes", segments(d->c, 4, seg));
    merge_attrs(d, a);
    return true;
}
static bool fit_reinterpret(Op *op) {
    int dyn = 0, n = 0;
    for (int k = 0; k < 3; k++) {
        const int64_t *v = darr_i64(op, static_names[k], &n);
        if (!op_attr(op, static_names[k]) || (!v && n)) return false;
        dyn += count_dyn(v, n);
    }
    return op->nres == 1 && op->nopnds == 1 + dyn;
}
static void pr_reinterpret(Printer *p, Op *op) {
    int next = 1, n = 0;
    print_name(p, op);
    P(p, " ");
    print_operands(p, op, 0, 1);
    P(p, " to ");
    for (int k = 0; k < 3; k++) {
        const int64_t *v = darr_i64(op, static_names[k], &n);
        if (k) P(p, ", ");
        P(p, kw[k]);
        P(p, ": ");
        pr_mixed(p, op, v, n, &next);
    }
    static const char *const el[] = { "static_offsets", "static_sizes", "static_strides", "operandSegmentSizes" };
    print_attrs(p, op, el, 4);
    P(p, " : ");
    print_type(p, op->opnds[0].value->type);
    P(p, " to ");
    print_type(p, op->res[0].type);
}

static const OpFormat formats[] = {
    { "mstore", dec_store, pr_store, fit_store },
    { "mcopy", dec_copy, pr_copy, fit_copy },
    { "malloc", dec_alloc, pr_alloc, fit_alloc },
    { "mreinterpret", dec_reinterpret, pr_reinterpret, fit_reinterpret },
};
static const OpInherent inherent[] = {
    { OP_memref_load, "nontemporal" },
    { OP_memref_store, "nontemporal" },
    { OP_memref_alloc, "alignment operandSegmentSizes" },
    { OP_memref_subview, "static_offsets static_sizes static_strides operandSegmentSizes" },
    { OP_memref_reinterpret_cast, "static_offsets static_sizes static_strides operandSegmentSizes" },
};

void dialect_memref_register(void) {
    format_register(formats, sizeof formats / sizeof *formats);
    format_register_inherent(inherent, sizeof inherent / sizeof *inherent, NULL);
}
