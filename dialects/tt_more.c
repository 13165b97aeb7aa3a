/* tt_more.c - the tt ops whose custom forms tt.c does not hold: the atomics
 * (tt.atomic_rmw, tt.atomic_cas), the debug ops (tt.print, tt.assert, and
 * cf.assert, which shares tt.assert's shape), tt.gather, tt.clampf,
 * tt.dot_scaled, tt.elementwise_inline_asm and the precise math ops.  Each form is the one
 * Triton's op definitions declare; the enum keywords (`fadd`, `acq_rel`,
 * `gpu`, `propagateNan = all`, `lhs = e4m3`) are kept as i32 properties, as
 * Triton keeps them. */
#include "dialects.h"

#include <string.h>

#include "format_lib.h"

/* ---- enum keywords -------------------------------------------------- */
typedef struct Enum { const char *what; const char *const *names; const int *vals; } Enum;

static const char *const rmw_names[] = { "and", "or", "xor", "add", "fadd", "max", "min", "umax", "umin", "exch", NULL };
static const int rmw_vals[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 };
static const char *const sem_names[] = { "relaxed", "acquire", "release", "acq_rel", NULL };
static const int sem_vals[] = { 1, 2, 3, 4 };
static const char *const scope_names[] = { "gpu", "cta", "sys", NULL };
static const int scope_vals[] = { 1, 2, 3 };
static const char *const nan_names[] = { "none", "all", NULL };
static const int nan_vals[] = { 0, 0xFFFF };
static const char *const elem_names[] = { "e4m3", "e5m2", "e2m3", "e3m2", "e2m1", "bf16", "fp16", NULL };
static const int elem_vals[] = { 0, 1, 2, 3, 4, 5, 6 };

static const Enum E_RMW = { "atomic RMW operation", rmw_names, rmw_vals };
static const Enum E_SEM = { "memory semantic", sem_names, sem_vals };
static const Enum E_SCOPE = { "memory sync scope", scope_names, scope_vals };
static const Enum E_NAN = { "propagateNan", nan_names, nan_vals };
static const Enum E_ELEM = { "scaled dot element type", elem_names, elem_vals };

/* the word of an element (`bf16` and `none` read as types) */
static const char *word_of(const Elem *e) {
    if (!e) return NULL;
    if (e->kind == E_WORD) return e->text;
    if (e->kind == E_TYPE && e->type && e->type->kind == T_FLOAT) return e->type->f.name;
    if (e->kind == E_TYPE && e->type && e->type->kind == T_NONE) return "none";
    return NULL;
}

/* one of en's keywords at d->e, kept as the i32 property prop */
static bool enum_el(Dec *d, const Enum *en, const char *prop) {
    const char *w = word_of(d->e);
    for (int i = 0; w && en->names[i]; i++)
        if (!strcmp(en->names[i], w)) {
            op_set_prop(d->c, d->op, prop, attr_int(d->c, i32t(d->c), en->vals[i]));
            d->e = d->e->next;
            return true;
        }
    char buf[200];
    size_t n = (size_t)snprintf(buf, sizeof buf, "expected one of [");
    for (int i = 0; en->names[i] && n < sizeof buf; i++) n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s", i ? ", " : "", en->names[i]);
    if (n < sizeof buf) snprintf(buf + n, sizeof buf - n, "] for %s", en->what);
    return fail_at(d, d->e, buf);
}
/* the keyword of property prop, NULL when it has none of en's values */
static const char *enum_name(Op *op, const Enum *en, const char *prop) {
    Attr *a = op_attr(op, prop);
    if (!a || a->kind != A_INT) return NULL;
    for (int i = 0; en->names[i]; i++) if (en->vals[i] == a->i) return en->names[i];
    return NULL;
}

/* a string literal at d->e, kept as the property prop */
static bool string_el(Dec *d, const char *prop) {
    if (!d->e || d->e->kind != E_STRING || !d->e->attr) { want_el(d, "string"); return false; }
    op_set_prop(d->c, d->op, prop, d->e->attr);
    d->e = d->e->next;
    return true;
}
static bool has_string(Op *op, const char *prop) { Attr *a = op_attr(op, prop); return a && a->kind == A_STRING; }
/* NAME "string" attr-dict: the op's name, its string property prop, the other properties and attributes */
static void pr_string_head(Printer *p, Op *op, const char *prop) {
    print_name(p, op);
    P(p, " ");
    print_attr(p, op_attr(op, prop));
    print_attrs(p, op, &prop, 1);
}
/* %a, %b : T, U  (the operands and their types; false after an error or a mismatch) */
static bool typed_uses(Dec *d) {
    int n = uses(d, NULL);
    if (!n || !eat(d, ":")) return false;
    Type *ts[64];
    if (types_for(d, ts, 64, n) < 0) return false;
    for (int i = 0; i < n; i++) want_type(d, i, ts[i]);
    return true;
}

/* `: (T, ...) -> R` typing the n operands and the one result */
static bool functional_1(Dec *d, int n) {
    if (!eat(d, ":")) return false;
    Elem *fte = d->e;
    Type *ft = func_type_el(d);
    if (!ft || !counts_match(d, fte, n, ft->fn.nin)) return false;
    if (ft->fn.nout != 1) return fail_at(d, fte, "expected one result type");
    if (!at_end(d) || !results_n(d, 1)) return false;
    for (int i = 0; i < n; i++) want_type(d, i, ft->fn.in[i]);
    set_res(d->op, 0, ft->fn.out[0]);
    return true;
}
static void pr_functional_tail(Printer *p, Op *op, const char *const *elide, int n) {
    print_attrs(p, op, elide, n);
    P(p, " : ");
    print_functional_type(p, op);
}

/* ---- tt.atomic_rmw fadd, acq_rel, gpu, %ptr, %val[, %mask] attr-dict : (P, T[, M]) -> T
 *      tt.atomic_cas acq_rel, gpu, %ptr, %cmp, %val attr-dict : (P, T, T) -> T */
static bool dec_atomic(Dec *d) {
    bool cas = op_is(d->op, OP_tt_atomic_cas);
    if (!cas && (!enum_el(d, &E_RMW, "atomic_rmw_op") || !eat(d, ","))) return false;
    if (!enum_el(d, &E_SEM, "sem") || !eat(d, ",") || !enum_el(d, &E_SCOPE, "scope") || !eat(d, ",")) return false;
    int n = cas ? (uses_n(d, 3) ? 3 : -1) : uses_upto(d, 2, 3);
    if (n < 0) return false;
    Attr *a = dict_opt(d);
    if (!functional_1(d, n)) return false;
    merge_attrs(d, a);
    return true;
}
static const char *const atomic_props[] = { "atomic_rmw_op", "sem", "scope" };
static bool fit_atomic(Op *op) {
    bool cas = op_is(op, OP_tt_atomic_cas);
    return op->nres == 1 && (cas ? op->nopnds == 3 : op->nopnds == 2 || op->nopnds == 3) &&
           (cas || enum_name(op, &E_RMW, "atomic_rmw_op")) && enum_name(op, &E_SEM, "sem") && enum_name(op, &E_SCOPE, "scope");
}
static void pr_atomic(Printer *p, Op *op) {
    bool cas = op_is(op, OP_tt_atomic_cas);
    print_name(p, op);
    P(p, " ");
    if (!cas) { P(p, enum_name(op, &E_RMW, "atomic_rmw_op")); P(p, ", "); }
    P(p, enum_name(op, &E_SEM, "sem"));
    P(p, ", ");
    P(p, enum_name(op, &E_SCOPE, "scope"));
    P(p, ", ");
    print_operands(p, op, 0, op->nopnds);
    pr_functional_tail(p, op, atomic_props, 3);
}

/* ---- tt.assert %cond, "message" attr-dict : T
 *      cf.assert %cond, "message" attr-dict  (i1; the property is `msg`) */
static bool dec_assert(Dec *d) {
    bool cf = op_is(d->op, OP_cf_assert);
    if (!uses_n(d, 1) || !eat(d, ",") || !string_el(d, cf ? "msg" : "message")) return false;
    Attr *a = dict_opt(d);
    Type *t = type_int(d->c, 1, SIGNLESS);
    if (!cf && (!eat(d, ":") || !(t = type_el(d)))) return false;
    if (!at_end(d) || !results_n(d, 0)) return false;
    want_type(d, 0, t);
    merge_attrs(d, a);
    return true;
}
static bool fit_assert(Op *op) { return op->nopnds == 1 && !op->nres && has_string(op, op_is(op, OP_cf_assert) ? "msg" : "message"); }
static void pr_assert(Printer *p, Op *op) {
    bool cf = op_is(op, OP_cf_assert);
    const char *prop = cf ? "msg" : "message";
    print_name(p, op);
    P(p, " ");
    print_operands(p, op, 0, 1);
    P(p, ", ");
    print_attr(p, op_attr(op, prop));
    print_attrs(p, op, &prop, 1);
    if (!cf) { P(p, " : "); print_type(p, op->opnds[0].value->type); }
}

/* ---- tt.print "prefix" attr-dict [: %a, %b : T, U] ------------------ */
static bool dec_print(Dec *d) {
    if (!string_el(d, "prefix")) return false;
    Attr *a = dict_opt(d);
    if (eat(d, ":") && !typed_uses(d)) return false;
    if (!at_end(d) || !results_n(d, 0)) return false;
    merge_attrs(d, a);
    return true;
}
static bool fit_print(Op *op) { return !op->nres && has_string(op, "prefix"); }
static void pr_print(Printer *p, Op *op) {
    pr_string_head(p, op, "prefix");
    if (!op->nopnds) return;
    P(p, " : ");
    print_operands(p, op, 0, op->nopnds);
    P(p, " : ");
    print_types_of_values(p, op, 0, op->nopnds);
}

/* ---- tt.gather %src[%indices] attr-dict : (T, I) -> R --------------- */
static bool dec_gather(Dec *d) {
    if (!use_elem(d) || !eat(d, "[") || !use_elem(d) || !eat(d, "]")) return false;
    Attr *a = dict_opt(d);
    if (!functional_1(d, 2)) return false;
    merge_attrs(d, a);
    return true;
}
static bool fit_gather(Op *op) { return op->nopnds == 2 && op->nres == 1; }
static void pr_gather(Printer *p, Op *op) {
    pr_indexed(p, op, 1, 2);
    pr_functional_tail(p, op, NULL, 0);
}

/* ---- tt.clampf %x, %min, %max, propagateNan = none attr-dict : T ---- */
static bool dec_clampf(Dec *d) {
    if (!uses_n(d, 3) || !eat(d, ",") || !eat(d, "propagateNan") || !eat(d, "=") || !enum_el(d, &E_NAN, "propagateNan")) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *t = type_el(d);
    if (!t || !at_end(d) || !results_n(d, 1)) return false;
    for (int i = 0; i < 3; i++) want_type(d, i, t);
    set_res(d->op, 0, t);
    merge_attrs(d, a);
    return true;
}
static bool fit_clampf(Op *op) { return op->nopnds == 3 && op->nres == 1 && enum_name(op, &E_NAN, "propagateNan"); }
static void pr_clampf(Printer *p, Op *op) {
    print_name(p, op);
    P(p, " ");
    print_operands(p, op, 0, 3);
    P(p, ", propagateNan = ");
    P(p, enum_name(op, &E_NAN, "propagateNan"));
    static const char *const el[] = { "propagateNan" };
    print_attrs(p, op, el, 1);
    P(p, " : ");
    print_type(p, op->res[0].type);
}

/* ---- tt.dot_scaled %a [scale %as], %b [scale %bs], %c lhs = K rhs = K attr-dict
 *        : Ta[, Tas] * Tb[, Tbs] -> Td   (operands a, b, c, a_scale, b_scale) */
static bool dec_dot_scaled(Dec *d) {
    Op *op = d->op;
    bool sc[2] = { false, false };
    /* the operands are written a, as, b, bs, c; the op keeps a, b, c, as, bs */
    for (int k = 0; k < 2; k++) {
        if (!use_elem(d)) return false;
        if (eat(d, "scale")) { if (!use_elem(d)) return false; sc[k] = true; }
        if (!eat(d, ",")) return false;
    }
    if (!use_elem(d) || !eat(d, "lhs") || !eat(d, "=") || !enum_el(d, &E_ELEM, "a_elem_type") ||
        !eat(d, "rhs") || !eat(d, "=") || !enum_el(d, &E_ELEM, "b_elem_type"))
        return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *t[5] = { NULL };   /* a, as, b, bs, d */
    if (!(t[0] = type_el(d))) return false;
    if (sc[0] && (!eat(d, ",") || !(t[1] = type_el(d)))) return false;
    if (!eat(d, "*") || !(t[2] = type_el(d))) return false;
    if (sc[1] && (!eat(d, ",") || !(t[3] = type_el(d)))) return false;
    if (!eat(d, "->") || !(t[4] = type_el(d)) || !at_end(d) || !results_n(d, 1)) return false;
    /* the types first, at the operands as written (so that an error points at the right one) */
    int nw = 0;
    for (int i = 0; i < 5; i++) if (t[i]) want_type(d, nw++, t[i]);
    Value *w[5];
    for (int i = 0; i < nw; i++) w[i] = opnd(d, i);
    int ia = 0, ias = sc[0] ? 1 : -1, ib = sc[0] ? 2 : 1, ibs = sc[1] ? ib + 1 : -1, ic = ib + 1 + sc[1];
    int order[5] = { ia, ib, ic, ias, ibs }, k = 0;
    for (int i = 0; i < 5; i++) if (order[i] >= 0) op_set_operand(op, k++, w[order[i]]);
    set_res(op, 0, t[4]);
    int64_t seg[5] = { 1, 1, 1, sc[0], sc[1] };
    op_set_prop(d->c, op, "operandSegmentSizes", segments(d->c, 5, seg));
    merge_attrs(d, a);
    return true;
}
static bool fit_dot_scaled(Op *op) {
    const int64_t *s = segs_of(op, 5);
    return op->nres == 1 && s && s[0] == 1 && s[1] == 1 && s[2] == 1 && s[3] <= 1 && s[4] <= 1 &&
           enum_name(op, &E_ELEM, "a_elem_type") && enum_name(op, &E_ELEM, "b_elem_type");
}
static void pr_dot_scaled(Printer *p, Op *op) {
    const int64_t *s = segs_of(op, 5);
    int as = s[3] ? 3 : -1, bs = s[4] ? 3 + (int)s[3] : -1;
    print_name(p, op);
    P(p, " ");
    print_operands(p, op, 0, 1);
    if (as >= 0) { P(p, " scale "); print_operands(p, op, as, as + 1); }
    P(p, ", ");
    print_operands(p, op, 1, 2);
    if (bs >= 0) { P(p, " scale "); print_operands(p, op, bs, bs + 1); }
    P(p, ", ");
    print_operands(p, op, 2, 3);
    P(p, " lhs = ");
    P(p, enum_name(op, &E_ELEM, "a_elem_type"));
    P(p, " rhs = ");
    P(p, enum_name(op, &E_ELEM, "b_elem_type"));
    static const char *const el[] = { "a_elem_type", "b_elem_type", "operandSegmentSizes" };
    print_attrs(p, op, el, 3);
    P(p, " : ");
    print_type(p, op->opnds[0].value->type);
    if (as >= 0) { P(p, ", "); print_type(p, op->opnds[as].value->type); }
    P(p, " * ");
    print_type(p, op->opnds[1].value->type);
    if (bs >= 0) { P(p, ", "); print_type(p, op->opnds[bs].value->type); }
    P(p, " -> ");
    print_type(p, op->res[0].type);
}

/* ---- tt.elementwise_inline_asm "asm" attr-dict [%a, ... : T, ...] -> R, ... */
static bool dec_inline_asm(Dec *d) {
    if (!string_el(d, "asm_string")) return false;
    Attr *a = dict_opt(d);
    if (d->e && d->e->kind == E_USE && !typed_uses(d)) return false;
    if (!eat(d, "->")) return false;
    Type *rt[64];
    int nr = at_end(d) ? 0 : types(d, rt, 64);
    if ((!nr && d->e) || nr > 64 || !at_end(d) || !results_n(d, nr)) return false;
    for (int i = 0; i < nr; i++) set_res(d->op, i, rt[i]);
    merge_attrs(d, a);
    return true;
}
static bool fit_inline_asm(Op *op) { return has_string(op, "asm_string"); }
static void pr_inline_asm(Printer *p, Op *op) {
    pr_string_head(p, op, "asm_string");
    if (op->nopnds) {
        P(p, " ");
        print_operands(p, op, 0, op->nopnds);
        P(p, " : ");
        print_types_of_values(p, op, 0, op->nopnds);
    }
    P(p, " -> ");
    for (int i = 0; i < op->nres; i++) { if (i) P(p, ", "); print_type(p, op->res[i].type); }
}

/* ---- tt.precise_sqrt %x attr-dict : T, tt.precise_divf / tt.mulhiui %x, %y attr-dict : T */
static bool dec_same_type(Dec *d) {
    int n = op_is(d->op, OP_tt_precise_sqrt) ? 1 : 2;
    if (!uses_n(d, n)) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *t = type_el(d);
    if (!t || !at_end(d) || !results_n(d, 1)) return false;
    for (int i = 0; i < n; i++) want_type(d, i, t);
    set_res(d->op, 0, t);
    merge_attrs(d, a);
    return true;
}
static bool fit_same_type(Op *op) { return op->nres == 1 && op->nopnds == (op_is(op, OP_tt_precise_sqrt) ? 1 : 2); }
static void pr_same_type(Printer *p, Op *op) {
    print_name(p, op);
    P(p, " ");
    print_operands(p, op, 0, op->nopnds);
    print_attrs(p, op, NULL, 0);
    P(p, " : ");
    print_type(p, op->res[0].type);
}

static const OpFormat formats[] = {
    { "tt_same", dec_same_type, pr_same_type, fit_same_type },
    { "atomic", dec_atomic, pr_atomic, fit_atomic },
    { "assert", dec_assert, pr_assert, fit_assert },
    { "print", dec_print, pr_print, fit_print },
    { "gather", dec_gather, pr_gather, fit_gather },
    { "clampf", dec_clampf, pr_clampf, fit_clampf },
    { "dot_scaled", dec_dot_scaled, pr_dot_scaled, fit_dot_scaled },
    { "inline_asm", dec_inline_asm, pr_inline_asm, fit_inline_asm },
};
static const OpInherent inherent[] = {
    { OP_cf_assert, "msg" },
    { OP_tt_clampf, "propagateNan" },
    { OP_tt_dot_scaled, "a_elem_type b_elem_type fastMath lhs_k_pack rhs_k_pack operandSegmentSizes" },
    { OP_tt_elementwise_inline_asm, "asm_string constraints pure packed_element" },
};

void dialect_tt_more_register(void) {
    format_register(formats, sizeof formats / sizeof *formats);
    format_register_inherent(inherent, sizeof inherent / sizeof *inherent, NULL);
}
