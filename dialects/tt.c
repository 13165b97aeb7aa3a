/* tt.c - the tt (Triton) dialect: Triton ops: shape ops, loads and stores, dot, block pointers, tensor descriptors and the Spyre layout and inter-tile ops. */
#include "dialects.h"

#include <stdlib.h>
#include <string.h>

#include "format_lib.h"

/* the loaded type of a pointer type: !tt.ptr<T> -> T, tensor<Nx!tt.ptr<T>> -> tensor<NxT> */
static Type *pointee(Ctx *c, Type *t) {
    if (!t) return NULL;
    if (t->kind == T_PTR) return t->ptr.pointee;
    if (type_is_shaped(t) && t->sh.elem->kind == T_PTR)
        return type_shaped(c, t->kind, t->sh.rank, t->sh.dims, t->sh.elem->ptr.pointee, t->sh.enc, t->sh.space);
    return NULL;
}

/* tt.unsplat %x attr-dict : T  (the result is T's element type; the form
 * `: T -> R` is read too) */
static bool dec_unsplat(Dec *d) {
    if (!use_elem(d)) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Elem *te = d->e;
    Type *t = type_el(d);
    if (!t) return false;
    Type *r = NULL;
    if (eat(d, "->") && !(r = type_el(d))) return false;
    if (!at_end(d)) return false;
    if (!type_is_shaped(t)) { d->e = te; want_el(d, "tensor type"); return false; }
    if (!results_n(d, 1)) return false;
    want_type(d, 0, t);
    set_res(d->op, 0, r ? r : t->sh.elem);
    merge_attrs(d, a);
    return true;
}
static void pr_unsplat(Printer *p, Op *op) {
    pr_opnd_head(p, op);
    print_type(p, op->opnds[0].value->type);
}
static bool fit_unsplat(Op *op) {
    Type *t = op->nopnds == 1 ? op->opnds[0].value->type : NULL;
    return op->nres == 1 && t && type_is_shaped(t) && t->sh.elem == op->res[0].type;
}

/* NAME %a, ... attr-dict : (T, ...) -> R   (tt.extern_elementwise: functional-type) */
static bool dec_functional(Dec *d) {
    int n = uses(d, NULL);
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Elem *fte = d->e;
    Type *ft = func_type_el(d);
    if (!ft || !counts_match(d, fte, n, ft->fn.nin) || !at_end(d) || !results_n(d, ft->fn.nout)) return false;
    for (int i = 0; i < n; i++) want_type(d, i, ft->fn.in[i]);
    for (int i = 0; i < ft->fn.nout; i++) set_res(d->op, i, ft->fn.out[i]);
    merge_attrs(d, a);
    return true;
}
static void pr_functional(Printer *p, Op *op) {
    print_name(p, op);
    if (op->nopnds) { P(p, " "); print_operands(p, op, 0, op->nopnds); }
    print_attrs(p, op, NULL, 0);
    P(p, " : (");
    print_types_of_values(p, op, 0, op->nopnds);
    P(p, ") -> ");
    if (op->nres != 1) P(p, "(");
    for (int i = 0; i < op->nres; i++) { if (i) P(p, ", "); print_type(p, op->res[i].type); }
    if (op->nres != 1) P(p, ")");
}

/* NAME %a[, %b] attr-dict : T[, T2] -> R[, R2]   (tt.splat, tt.broadcast, ...) */
static bool dec_arrow(Dec *d) {
    int n = uses(d, NULL);
    if (!n) return false;
    /* tt.reshape %x allow_reorder efficient_layout : ... */
    while (d->e && d->e->kind == E_WORD && (!strcmp(d->e->text, "allow_reorder") || !strcmp(d->e->text, "efficient_layout"))) {
        op_set_prop(d->c, d->op, d->e->text, attr_unit(d->c));
        d->e = d->e->next;
    }
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *in[16], *out[16];
    int ni = types(d, in, 16);
    if (!ni || ni > 16 || (ni != 1 && ni != n) || !eat(d, "->")) return false;
    int no = types(d, out, 16);
    if (!no || no > 16 || !at_end(d) || !d->op->nres || (no != 1 && no != d->op->nres)) return false;
    /* a single type names the first operand (tt.histogram %x, %mask : T -> R) */
    for (int i = 0; i < (ni == 1 ? 1 : n); i++) want_type(d, i, in[i]);
    for (int i = 0; i < d->op->nres; i++) set_res(d->op, i, out[no == 1 ? 0 : i]);
    merge_attrs(d, a);
    return true;
}
static void pr_arrow(Printer *p, Op *op) {
    print_name(p, op);
    P(p, " ");
    print_operands(p, op, 0, op->nopnds);
    /* a keyword stands for a unit attribute; any other value (`allow_reorder = false`, a bool
       true) stays in the attribute dictionary, so that the text reads back with the same value */
    static const char *const kw[] = { "allow_reorder", "efficient_layout" };
    const char *shown[2];
    int nshown = 0;
    for (int i = 0; i < 2; i++) {
        Attr *a = op_is(op, OP_tt_reshape) ? op_attr(op, kw[i]) : NULL;
        if (a && a->kind == A_UNIT) { P(p, " "); P(p, kw[i]); shown[nshown++] = kw[i]; }
    }
    print_attrs(p, op, nshown ? shown : NULL, nshown);
    P(p, " : ");
    print_type(p, op->opnds[0].value->type);
    P(p, " -> ");
    bool same = true;
    for (int i = 1; i < op->nres; i++) if (op->res[i].type != op->res[0].type) same = false;
    for (int i = 0; i < (same ? 1 : op->nres); i++) { if (i) P(p, ", "); print_type(p, op->res[i].type); }
}

/* NAME %a, %b attr-dict : T0, T1 -> result has T0 (tt.addptr) */
static bool dec_pair(Dec *d) {
    if (!uses_n(d, 2)) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *ts[2];
    if (types_for(d, ts, 2, 2) < 0 || !at_end(d) || !results_n(d, 1)) return false;
    want_type(d, 0, ts[0]); want_type(d, 1, ts[1]);
    set_res(d->op, 0, ts[0]);
    merge_attrs(d, a);
    return true;
}
static void pr_pair(Printer *p, Op *op) {
    print_name(p, op);
    P(p, " ");
    print_operands(p, op, 0, 2);
    print_attrs(p, op, NULL, 0);
    P(p, " : ");
    print_types_of_values(p, op, 0, 2);
}

/* NAME attr-dict : T   (no operands, tt.make_range) */
static bool dec_nullary(Dec *d) {
    if (!no_uses(d) || !results_n(d, 1)) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *t = type_el(d);
    if (!t || !at_end(d)) return false;
    set_res(d->op, 0, t);
    merge_attrs(d, a);
    return true;
}
static void pr_nullary(Printer *p, Op *op) {
    print_name(p, op);
    print_attrs(p, op, NULL, 0);
    P(p, " : ");
    print_type(p, op->res[0].type);
}

/* tt.get_program_id x attr-dict : i32 */
static const char *const axes[] = { "x", "y", "z", NULL };
static bool dec_axis(Dec *d) {
    if (!no_uses(d) || !results_n(d, 1)) return false;
    if (!d->e || d->e->kind != E_WORD) { want_el(d, "axis (x, y or z)"); return false; }
    int k = -1;
    for (int i = 0; axes[i]; i++) if (!strcmp(axes[i], d->e->text)) k = i;
    if (k < 0) { diag_error(d->d, d->e->loc, "expected axis x, y or z, found '%s'", d->e->text); d->err = true; return false; }
    d->e = d->e->next;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *t = type_el(d);
    if (!t || !at_end(d)) return false;
    op_set_prop(d->c, d->op, "axis", attr_int(d->c, type_int(d->c, 32, SIGNLESS), k));
    set_res(d->op, 0, t);
    merge_attrs(d, a);
    return true;
}
static void pr_axis(Printer *p, Op *op) {
    print_name(p, op);
    Attr *a = op_attr(op, "axis");
    P(p, " ");
    P(p, a && a->kind == A_INT && a->i >= 0 && a->i < 3 ? axes[a->i] : "<<bad axis>>");
    static const char *const el[] = { "axis" };
    print_attrs(p, op, el, 1);
    P(p, " : ");
    print_type(p, op->res[0].type);
}

/* tt.fp_to_fp %x attr-dict (, rounding = rtz|rtne)? : T -> U */
static const char *const rounding_names[] = { "rtz", "rtne", NULL };
static bool dec_fptofp(Dec *d) {
    if (!uses_n(d, 1) || !results_n(d, 1)) return false;
    Attr *a = dict_opt(d);
    if (eat(d, ",")) {
        if (!eat(d, "rounding") || !eat(d, "=")) return false;
        if (!d->e || d->e->kind != E_WORD) { want_el(d, "rounding mode (rtz or rtne)"); return false; }
        int k = -1;
        for (int i = 0; rounding_names[i]; i++) if (!strcmp(rounding_names[i], d->e->text)) k = i;
        if (k < 0) { diag_error(d->d, d->e->loc, "unknown rounding mode '%s' (expected rtz or rtne)", d->e->text); d->err = true; return false; }
        d->e = d->e->next;
        op_set_prop(d->c, d->op, "rounding", attr_int(d->c, type_int(d->c, 32, SIGNLESS), k));
    }
    if (!eat(d, ":")) return false;
    Type *st = type_el(d);
    if (!st || !eat(d, "->")) return false;
    Type *rt = type_el(d);
    if (!rt || !at_end(d)) return false;
    want_type(d, 0, st);
    set_res(d->op, 0, rt);
    merge_attrs(d, a);
    return true;
}
static bool fit_fptofp(Op *op) {
    Attr *r = op_attr(op, "rounding");
    return op->nres == 1 && op->nopnds == 1 && (!r || (r->kind == A_INT && r->i >= 0 && r->i <= 1));
}
static void pr_fptofp(Printer *p, Op *op) {
    print_name(p, op);
    P(p, " ");
    print_operands(p, op, 0, 1);
    static const char *const el[] = { "rounding" };
    print_attrs(p, op, el, 1);
    Attr *r = op_attr(op, "rounding");
    if (r) { P(p, ", rounding = "); P(p, rounding_names[r->i]); }
    P(p, " : ");
    print_type(p, op->opnds[0].value->type);
    P(p, " -> ");
    print_type(p, op->res[0].type);
}

/* tt.load / tt.store: operands, then `cacheModifier = ca`, `evictionPolicy = evict_last` */
static const char *const cache_names[] = { "", "none", "ca", "cg", "wb", "cs", "wt", "cv", NULL };
static const char *const evict_names[] = { "", "evict_normal", "evict_first", "evict_last", NULL };
static bool dec_keyword_enum(Dec *d, const char *kw, const char *prop, const char *const *names) {
    if (!is_tok(d->e, kw)) return true;
    d->e = d->e->next;
    if (!eat(d, "=")) return false;
    int k = -1;
    for (int i = 1; names[i] && d->e && d->e->kind == E_WORD; i++) if (!strcmp(names[i], d->e->text)) k = i;
    if (k < 0 && d->e && d->e->kind == E_WORD) { diag_error(d->d, d->e->loc, "unknown %s '%s'", kw, d->e->text); d->err = true; return false; }
    if (k < 0) {
        char buf[160];
        size_t n = (size_t)snprintf(buf, sizeof buf, "expected one of [");
        for (int i = 1; names[i] && n < sizeof buf; i++) n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s", i > 1 ? ", " : "", names[i]);
        if (n < sizeof buf) snprintf(buf + n, sizeof buf - n, "] for %s", kw);
        return fail_at(d, d->e, buf);
    }
    d->e = d->e->next;
    op_set_prop(d->c, d->op, prop, attr_int(d->c, type_int(d->c, 32, SIGNLESS), k));
    return true;
}
static bool dec_memory_opt(Dec *d) {
    for (int i = 0; i < 2; i++) {
        if (!dec_keyword_enum(d, "cacheModifier", "cache", cache_names)) return false;
        if (!dec_keyword_enum(d, "evictionPolicy", "evict", evict_names)) return false;
    }
    return true;
}
static void pr_memory_opt(Printer *p, Op *op) {
    Attr *c = op_attr(op, "cache"), *e = op_attr(op, "evict");
    if (c && c->kind == A_INT && c->i > 1 && c->i < 8) { P(p, " cacheModifier = "); P(p, cache_names[c->i]); }
    if (e && e->kind == A_INT && e->i > 1 && e->i < 4) { P(p, " evictionPolicy = "); P(p, evict_names[e->i]); }
}
static bool is_prop_enum(Attr *a) { return a && a->kind == A_INT && a->type && a->type->kind == T_INT && a->type->i.width == 32; }

/* the type written for a pointer operand is none */
static bool not_ptr(Dec *d, const Elem *te, Type *t) {
    char *ts = print_type_str(d->c, t);
    diag_error(d->d, te->loc, "'%s' op operand #0 must be ptr or ranked tensor of ptr values, but got '%s'", d->op->info->name, ts);
    free(ts);
    d->err = true;
    return false;
}
static bool dec_load(Dec *d) {
    int n = uses_upto(d, 1, 3);
    if (n < 0 || !results_n(d, 1)) return false;
    if (!dec_memory_opt(d)) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Elem *te = d->e;
    Type *t = type_el(d);
    if (!t || !at_end(d)) return false;
    Type *r = pointee(d->c, t);
    if (!r) return not_ptr(d, te, t);
    want_type(d, 0, t);
    if (n > 1) want_type(d, 1, i1_like(d->c, r));
    if (n > 2) want_type(d, 2, r);
    set_res(d->op, 0, r);
    int32_t seg[3] = { 1, n > 1, n > 2 };
    int64_t segl[3] = { seg[0], seg[1], seg[2] };
    op_set_prop(d->c, d->op, "operandSegmentSizes", attr_dense_array(d->c, type_int(d->c, 32, SIGNLESS), 3, segl, NULL));
    merge_attrs(d, a);
    return true;
}
static bool dec_store(Dec *d) {
    int n = uses_upto(d, 2, 3);
    if (n < 0 || !results_n(d, 0)) return false;
    if (!dec_memory_opt(d)) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Elem *te = d->e;
    Type *t = type_el(d);
    if (!t || !at_end(d)) return false;
    Type *r = pointee(d->c, t);
    if (!r) return not_ptr(d, te, t);
    want_type(d, 0, t);
    want_type(d, 1, r);
    if (n > 2) want_type(d, 2, i1_like(d->c, r));
    merge_attrs(d, a);
    return true;
}
static void pr_loadstore(Printer *p, Op *op) {
    print_name(p, op);
    P(p, " ");
    print_operands(p, op, 0, op->nopnds);
    pr_memory_opt(p, op);
    static const char *const el[] = { "cache", "evict", "operandSegmentSizes" };
    print_attrs(p, op, el, 3);
    P(p, " : ");
    print_type(p, op->opnds[0].value->type);
    (void)is_prop_enum;
}

/* tt.dot %a, %b, %c [, inputPrecision = tf32] attr-dict : Ta * Tb -> Tc */
static const char *const precisions[] = { "tf32", "tf32x3", "ieee", "bf16x3", "bf16x6", NULL };
static bool dec_dot(Dec *d) {
    if (!uses_n(d, 3) || !results_n(d, 1)) return false;
    if (is_tok(d->e, ",") && is_tok(d->e->next, "inputPrecision")) {
        d->e = d->e->next->next;
        if (!eat(d, "=") || !d->e) return false;
        /* `tf32` reads as a type name */
        const char *w = d->e->kind == E_WORD ? d->e->text :
                        d->e->kind == E_TYPE && d->e->type->kind == T_FLOAT ? d->e->type->f.name : NULL;
        if (!w) return false;
        int k = -1;
        for (int i = 0; precisions[i]; i++) if (!strcmp(precisions[i], w)) k = i;
        if (k < 0) return false;
        d->e = d->e->next;
        op_set_prop(d->c, d->op, "inputPrecision", attr_int(d->c, type_int(d->c, 32, SIGNLESS), k));
    }
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *ta = type_el(d);
    if (!ta || !eat(d, "*")) return false;
    Type *tb = type_el(d);
    if (!tb || !eat(d, "->")) return false;
    Type *tc = type_el(d);
    if (!tc || !at_end(d)) return false;
    want_type(d, 0, ta); want_type(d, 1, tb); want_type(d, 2, tc);
    set_res(d->op, 0, tc);
    merge_attrs(d, a);
    return true;
}
static void pr_dot(Printer *p, Op *op) {
    print_name(p, op);
    P(p, " ");
    print_operands(p, op, 0, 3);
    Attr *ip = op_attr(op, "inputPrecision");
    if (ip && ip->kind == A_INT && ip->i > 0 && ip->i < 5) { P(p, ", inputPrecision = "); P(p, precisions[ip->i]); }
    static const char *const el[] = { "inputPrecision" };
    print_attrs(p, op, el, 1);
    P(p, " : ");
    print_type(p, op->opnds[0].value->type);
    P(p, " * ");
    print_type(p, op->opnds[1].value->type);
    P(p, " -> ");
    print_type(p, op->res[0].type);
}

/* tt.spyre_tensor_layout %desc attr-dict : <512x1024xf32>  (the descriptor
 * type printed without its !tt.tensordesc prefix, as ODS does for a type of
 * the op's own dialect) */
static bool dec_layout(Dec *d) {
    if (!uses_n(d, 1) || !results_n(d, 0)) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *t = type_el(d);
    if (!t) {
        char *body = group_text(d, true);
        if (!body) return false;
        t = type_opaque(d->c, "!tt.tensordesc", body);
        free(body);
    }
    if (!at_end(d) || t->kind != T_OPAQUE || strcmp(t->opq.name, "!tt.tensordesc")) return false;
    want_type(d, 0, t);
    merge_attrs(d, a);
    return true;
}
static void pr_layout(Printer *p, Op *op) {
    pr_opnd_head(p, op);
    Type *t = op->opnds[0].value->type;
    if (t && t->kind == T_OPAQUE && t->opq.body && !t->alias) { P(p, t->opq.body); print_type_done(p); }
    else print_type(p, t);
}

/* tt.make_tensor_descriptor %base, [%shape...], [%strides...] attr-dict : <T>, <desc> */
static bool dec_mkdesc(Dec *d) {
    if (!use_elem(d) || !eat(d, ",") || !eat(d, "[")) return false;
    int ns = uses(d, NULL);
    if (!eat(d, "]") || !eat(d, ",") || !eat(d, "[")) return false;
    int nt = uses(d, NULL);
    if (!eat(d, "]")) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *bt = ptr_type(d);
    if (!bt || !eat(d, ",")) return false;
    Type *rt = dialect_type(d, "!tt.tensordesc", NULL);
    if (!rt || !at_end(d) || !results_n(d, 1) || d->op->nopnds != 1 + ns + nt) return false;
    want_type(d, 0, bt);
    for (int i = 0; i < ns; i++) want_type(d, 1 + i, i32t(d->c));
    for (int i = 0; i < nt; i++) want_type(d, 1 + ns + i, i64t(d->c));
    set_res(d->op, 0, rt);
    int64_t seg[3] = { 1, ns, nt };
    op_set_prop(d->c, d->op, "operandSegmentSizes", segments(d->c, 3, seg));
    merge_attrs(d, a);
    return true;
}
static bool fit_mkdesc(Op *op) { return op->nres == 1 && op->nopnds >= 1 && ((op->nopnds - 1) % 2 == 0 || segs_of(op, 3)); }
static void pr_mkdesc(Printer *p, Op *op) {
    const int64_t *s = segs_of(op, 3);
    int ns = s ? (int)s[1] : (op->nopnds - 1) / 2;
    print_name(p, op);
    P(p, " ");
    print_operands(p, op, 0, 1);
    P(p, ", [");
    print_operands(p, op, 1, 1 + ns);
    P(p, "], [");
    print_operands(p, op, 1 + ns, op->nopnds);
    P(p, "]");
    static const char *const el[] = { "operandSegmentSizes" };
    print_attrs(p, op, el, 1);
    P(p, " : ");
    pr_ptr_stripped(p, op->opnds[0].value->type);
    P(p, ", ");
    pr_stripped(p, op->res[0].type, "!tt.tensordesc");
}

static int ptr_block_rank(const Type *t) {
    return t && t->kind == T_PTR && t->ptr.pointee && t->ptr.pointee->kind == T_TENSOR ? t->ptr.pointee->sh.rank : -1;
}

/* tt.make_tensor_ptr %base, [%shape...], [%strides...], [%offsets...] attr-dict : <tensor<...>> */
static bool dec_mkbptr(Dec *d) {
    if (!use_elem(d) || !eat(d, ",")) return false;
    int n[3];
    for (int k = 0; k < 3; k++) {
        if (k && !eat(d, ",")) return false;
        if (!eat(d, "[")) return false;
        n[k] = uses(d, NULL);
        if (!eat(d, "]")) return false;
    }
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *rt = ptr_type(d);
    int r = ptr_block_rank(rt);
    if (!rt || !at_end(d) || r < 0 || n[0] != r || n[1] != r || n[2] != r || !results_n(d, 1) || d->op->nopnds != 1 + 3 * r) return false;
    for (int i = 0; i < r; i++) {
        want_type(d, 1 + i, i64t(d->c));
        want_type(d, 1 + r + i, i64t(d->c));
        want_type(d, 1 + 2 * r + i, i32t(d->c));
    }
    set_res(d->op, 0, rt);
    merge_attrs(d, a);
    return true;
}
static bool fit_mkbptr(Op *op) {
    int r = op->nres == 1 ? ptr_block_rank(op->res[0].type) : -1;
    return r >= 0 && op->nopnds == 1 + 3 * r;
}
static void pr_mkbptr(Printer *p, Op *op) {
    int r = ptr_block_rank(op->res[0].type);
    print_name(p, op);
    P(p, " ");
    print_operands(p, op, 0, 1);
    for (int k = 0; k < 3; k++) {
        P(p, ", [");
        print_operands(p, op, 1 + k * r, 1 + (k + 1) * r);
        P(p, "]");
    }
    print_attrs(p, op, NULL, 0);
    P(p, " : ");
    pr_ptr_stripped(p, op->res[0].type);
}

/* tt.advance %ptr, [%offsets...] attr-dict : <tensor<...>> */
static bool dec_advance(Dec *d) {
    if (!use_elem(d) || !eat(d, ",") || !eat(d, "[")) return false;
    int n = uses(d, NULL);
    if (!eat(d, "]")) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *rt = ptr_type(d);
    int r = ptr_block_rank(rt);
    if (!rt || !at_end(d) || r < 0 || n != r || !results_n(d, 1) || d->op->nopnds != 1 + r) return false;
    want_type(d, 0, rt);
    for (int i = 0; i < r; i++) want_type(d, 1 + i, i32t(d->c));
    set_res(d->op, 0, rt);
    merge_attrs(d, a);
    return true;
}
static bool fit_advance(Op *op) {
    int r = op->nres == 1 ? ptr_block_rank(op->res[0].type) : -1;
    return r >= 0 && op->nopnds == 1 + r;
}
static void pr_advance(Printer *p, Op *op) {
    print_name(p, op);
    P(p, " ");
    print_operands(p, op, 0, 1);
    P(p, ", [");
    print_operands(p, op, 1, op->nopnds);
    P(p, "]");
    print_attrs(p, op, NULL, 0);
    P(p, " : ");
    pr_ptr_stripped(p, op->res[0].type);
}

/* tt.descriptor_load %desc[%i, ...] [cacheModifier = ..] attr-dict : !tt.tensordesc<..> -> T */
static bool dec_dload(Dec *d) {
    if (!use_elem(d) || !eat(d, "[")) return false;
    int n = uses(d, NULL);
    if (!eat(d, "]") || !dec_memory_opt(d)) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *dt = dialect_type(d, "!tt.tensordesc", opnd(d, 0)->type);
    if (!dt || !eat(d, "->")) return false;
    Type *rt = type_el(d);
    if (!rt || !at_end(d) || !results_n(d, 1) || d->op->nopnds != 1 + n) return false;
    want_type(d, 0, dt);
    for (int i = 0; i < n; i++) want_type(d, 1 + i, i32t(d->c));
    set_res(d->op, 0, rt);
    merge_attrs(d, a);
    return true;
}
static bool fit_dload(Op *op) { return op->nres == 1 && op->nopnds >= 1; }
static void pr_dload(Printer *p, Op *op) {
    pr_indexed(p, op, 1, op->nopnds);
    pr_memory_opt(p, op);
    static const char *const el[] = { "cache", "evict" };
    print_attrs(p, op, el, 2);
    P(p, " : ");
    print_type(p, op->opnds[0].value->type);
    P(p, " -> ");
    print_type(p, op->res[0].type);
}

/* tt.descriptor_store %desc[%i, ...], %src attr-dict : !tt.tensordesc<..>, T */
static bool dec_dstore(Dec *d) {
    if (!use_elem(d) || !eat(d, "[")) return false;
    int n = uses(d, NULL);
    if (!eat(d, "]") || !eat(d, ",") || !use_elem(d)) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *dt = dialect_type(d, "!tt.tensordesc", opnd(d, 0)->type);
    if (!dt || !eat(d, ",")) return false;
    Type *st = type_el(d);
    if (!st || !at_end(d) || !results_n(d, 0) || d->op->nopnds != 2 + n) return false;
    /* operands are (desc, src, indices...) as in the op's definition */
    Elem *se = NULL;
    for (Elem *e = op_custom(d->op); e; e = e->next) if (e->kind == E_USE) se = e;
    if (!se || se->idx != 1 + n) return false;
    Value *src = opnd(d, 1 + n);
    for (int i = 1 + n; i > 1; i--) op_set_operand(d->op, i, opnd(d, i - 1));
    op_set_operand(d->op, 1, src);
    want_type(d, 0, dt);
    if (!src->type) src->type = st;
    else if (src->type != st) return false;
    for (int i = 0; i < n; i++) want_type(d, 2 + i, i32t(d->c));
    merge_attrs(d, a);
    return true;
}
static bool fit_dstore(Op *op) { return !op->nres && op->nopnds >= 2; }
static void pr_dstore(Printer *p, Op *op) {
    pr_indexed(p, op, 2, op->nopnds);
    P(p, ", ");
    print_operands(p, op, 1, 2);
    print_attrs(p, op, NULL, 0);
    P(p, " : ");
    print_type(p, op->opnds[0].value->type);
    P(p, ", ");
    print_type(p, op->opnds[1].value->type);
}

/* tt.descriptor_gather %desc[%x, %y] attr-dict : (Td, Tx, Ty) -> T */
static bool dec_dgather(Dec *d) {
    if (!use_elem(d) || !eat(d, "[") || !uses_n(d, 2) || !eat(d, "]")) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Elem *fte = d->e;
    Type *ft = func_type_el(d);
    if (!ft || !counts_match(d, fte, 3, ft->fn.nin) || ft->fn.nout != 1 || !at_end(d) || !results_n(d, 1) || d->op->nopnds != 3) return false;
    for (int i = 0; i < 3; i++) want_type(d, i, ft->fn.in[i]);
    set_res(d->op, 0, ft->fn.out[0]);
    merge_attrs(d, a);
    return true;
}
static bool fit_dgather(Op *op) { return op->nres == 1 && op->nopnds == 3; }
static void pr_dgather(Printer *p, Op *op) {
    pr_indexed(p, op, 1, 3);
    print_attrs(p, op, NULL, 0);
    P(p, " : ");
    print_functional_type(p, op);
}

/* tt.descriptor_scatter %desc[%x, %y], %src attr-dict : Td, Tx, Ty, Tsrc */
static bool dec_dscatter(Dec *d) {
    if (!use_elem(d) || !eat(d, "[") || !uses_n(d, 2) || !eat(d, "]") || !eat(d, ",") || !use_elem(d)) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *ts[4];
    if (types_for(d, ts, 4, 4) < 0 || !at_end(d) || !results_n(d, 0) || d->op->nopnds != 4) return false;
    for (int i = 0; i < 4; i++) want_type(d, i, ts[i]);
    merge_attrs(d, a);
    return true;
}
static bool fit_dscatter(Op *op) { return !op->nres && op->nopnds == 4; }
static void pr_dscatter(Printer *p, Op *op) {
    pr_indexed(p, op, 1, 3);
    P(p, ", ");
    print_operands(p, op, 3, 4);
    print_attrs(p, op, NULL, 0);
    P(p, " : ");
    print_types_of_values(p, op, 0, 4);
}

/* tt.inter_tile_reduce partials(%p : T, ...) identities(%i : T, ...)
 *   axis = "x" mode = "..." combiner = "..." [scatter_dimension = N] attr-dict
 *   -> (T, ...) [region]
 * A missing keyword is an error, as the declarative parser reports it. */
static bool expect_kw(Dec *d, const char *kw) {
    if (eat(d, kw)) return true;
    diag_error(d->d, d->e ? d->e->loc : d->op->loc, "expected '%s'", kw);
    d->err = true;
    return false;
}

static bool str_kw(Dec *d, const char *kw, const char *prop) {
    if (!expect_kw(d, kw)) return false;
    if (!eat(d, "=") || !d->e || d->e->kind != E_STRING) return false;
    op_set_prop(d->c, d->op, prop, d->e->attr);
    d->e = d->e->next;
    return true;
}
static bool dec_itreduce(Dec *d) {
    Op *op = d->op;
    if (!expect_kw(d, "partials")) return false;
    int np = typed_group(d, 0);
    if (np < 0) return false;
    if (!expect_kw(d, "identities")) return false;
    int ni = typed_group(d, np);
    if (ni < 0) return false;
    if (!str_kw(d, "axis", "axis") || !str_kw(d, "mode", "mode") || !str_kw(d, "combiner", "combiner")) return false;
    if (eat(d, "scatter_dimension")) {
        int64_t v;
        if (!eat(d, "=") || !int_lit(d, &v)) return false;
        op_set_prop(d->c, op, "scatter_dimension", attr_int(d->c, i64t(d->c), v));
    }
    Attr *a = dict_opt(d);
    if (!eat(d, "->") || !eat(d, "(")) return false;
    Type *rt[64];
    int nr = 0;
    if (!eat(d, ")")) { nr = types(d, rt, 64); if (!nr || nr > 64 || !eat(d, ")")) return false; }
    int r = region_el(d);
    if (!at_end(d) || op->nopnds != np + ni || (r >= 0 && r != 0) || op->nregions > 1) return false;
    if (!results_n(d, nr)) return false;
    for (int i = 0; i < nr; i++) set_res(op, i, rt[i]);
    int64_t seg[2] = { np, ni };
    op_set_prop(d->c, op, "operandSegmentSizes", segments(d->c, 2, seg));
    merge_attrs(d, a);
    if (!op->nregions) add_region(d->c, op);
    return true;
}
static bool fit_itreduce(Op *op) { return segs_of(op, 2) && op->nregions == 1; }
static void pr_itreduce(Printer *p, Op *op) {
    const int64_t *s = segs_of(op, 2);
    int np = (int)s[0];
    print_name(p, op);
    P(p, " partials(");
    print_operands(p, op, 0, np);
    if (np) { P(p, " : "); print_types_of_values(p, op, 0, np); }
    P(p, ") identities(");
    print_operands(p, op, np, op->nopnds);
    if (op->nopnds > np) { P(p, " : "); print_types_of_values(p, op, np, op->nopnds); }
    P(p, ")");
    static const char *const kws[] = { "axis", "mode", "combiner" };
    for (int k = 0; k < 3; k++) {
        Attr *v = op_attr(op, kws[k]);
        fprintf(p->f, " %s = ", kws[k]);
        if (v) print_attr(p, v); else P(p, "\"\"");
    }
    Attr *sd = op_attr(op, "scatter_dimension");
    if (sd && sd->kind == A_INT) { P(p, " scatter_dimension = "); pr_int(p, sd->i); }
    static const char *const el[] = { "axis", "mode", "combiner", "scatter_dimension", "operandSegmentSizes" };
    print_attrs(p, op, el, 5);
    P(p, " -> (");
    for (int i = 0; i < op->nres; i++) { if (i) P(p, ", "); print_type(p, op->res[i].type); }
    P(p, ")");
    if (op->regions[0].first) { P(p, " "); print_region(p, &op->regions[0], true, true, false); }
}

static const OpFormat formats[] = {
    { "arrow", dec_arrow, pr_arrow, NULL },
    { "unsplat", dec_unsplat, pr_unsplat, fit_unsplat },
    { "functional", dec_functional, pr_functional, NULL },
    { "pair", dec_pair, pr_pair, NULL },
    { "nullary", dec_nullary, pr_nullary, NULL },
    { "axis", dec_axis, pr_axis, NULL },
    { "load", dec_load, pr_loadstore, NULL },
    { "store", dec_store, pr_loadstore, NULL },
    { "dot", dec_dot, pr_dot, NULL },
    { "layout", dec_layout, pr_layout, NULL },
    { "mkdesc", dec_mkdesc, pr_mkdesc, fit_mkdesc },
    { "mkbptr", dec_mkbptr, pr_mkbptr, fit_mkbptr },
    { "advance", dec_advance, pr_advance, fit_advance },
    { "dload", dec_dload, pr_dload, fit_dload },
    { "dstore", dec_dstore, pr_dstore, fit_dstore },
    { "dgather", dec_dgather, pr_dgather, fit_dgather },
    { "dscatter", dec_dscatter, pr_dscatter, fit_dscatter },
    { "itreduce", dec_itreduce, pr_itreduce, fit_itreduce },
    { "fptofp", dec_fptofp, pr_fptofp, fit_fptofp },
};
static const OpInherent inherent[] = {
    { OP_tt_reduce, "axis" },
    { OP_tt_scan, "axis reverse" },
    { OP_tt_make_range, "start end" },
    { OP_tt_expand_dims, "axis" },
    { OP_tt_trans, "order" },
    { OP_tt_reshape, "allow_reorder efficient_layout" },
    { OP_tt_load, "boundaryCheck padding cache evict isVolatile operandSegmentSizes" },
    { OP_tt_store, "boundaryCheck cache evict" },
    { OP_tt_make_tensor_ptr, "order" },
    { OP_tt_dot, "inputPrecision maxNumImpreciseAcc" },
    { OP_tt_gather, "axis efficient_layout" },
    { OP_tt_extern_elementwise, "libname libpath symbol pure" },
    { OP_tt_get_program_id, "axis" },
    { OP_tt_get_num_programs, "axis" },
    { OP_tt_call, "callee" },
    { OP_tt_func, "sym_name function_type sym_visibility arg_attrs res_attrs" },
    { OP_tt_histogram, "" },
    { OP_tt_atomic_rmw, "atomic_rmw_op sem scope" },
    { OP_tt_atomic_cas, "sem scope" },
    { OP_tt_fp_to_fp, "rounding" },
    { OP_tt_assert, "message" },
    { OP_tt_print, "prefix hex isSigned" },
    { OP_tt_descriptor_load, "cache evict" },
    { OP_tt_descriptor_store, "" },
    { OP_tt_spyre_tensor_layout, "phys_src phys_op phys_arg" },
    { OP_tt_inter_tile_reduce, "axis mode combiner scatter_dimension numWkSlicesPerDim coreIdToWkSlice depWkSlices operandSegmentSizes" },
    { OP_tt_make_tensor_descriptor, "padding operandSegmentSizes" },
};

void dialect_tt_register(void) {
    format_register(formats, sizeof formats / sizeof *formats);
    format_register_inherent(inherent, sizeof inherent / sizeof *inherent, NULL);
}
