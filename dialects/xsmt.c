/* xsmt.c - the SpacemiT SMT dialects of spine-triton's `smt` extension:
 * xsmt (pack, unpack, repack, mmt4d, alloc, subview, subview_pack,
 * annotation, get_num_of_thread), xsmt_async (the mbarrier ops, generic form
 * only, as spine-triton prints them) and tle (extract_tile, insert_tile).
 *
 * The custom forms are those spine-triton's printers write
 * (../shared/spec/spine-triton.md 1.3):
 *   xsmt.pack %x, [%o0, %o1] [into(%d : T)], [s0, s1], [p0, p1] attr-dict : X -> R
 *   xsmt.unpack %x, [%o0, %o1] [into(%d : T)], [s0, s1] attr-dict : X -> R
 *   xsmt.mmt4d %a, %b[, %c] attr-dict : A, B[, C] -> R
 *   xsmt.alloc [[s0, s1]] storage("l2") attr-dict : !tt.ptr<tensor<...>>
 *   xsmt.subview %p, [%o0, %o1], [[s0, s1]] attr-dict : P -> R
 *   xsmt.subview_pack %p, [%o0, %o1], [[s0, s1]], [[p0, p1]] attr-dict : P -> R
 *   xsmt.annotation %t attr-dict : T
 *   %n = xsmt.get_num_of_thread attr-dict
 *   tle.extract_tile %src[%i] attr-dict : S, I -> R
 *   tle.insert_tile %src[%i] = %tile attr-dict : S, I, T -> R
 * The array attributes of alloc, subview and subview_pack sit inside a
 * literal `[` `]` of a declarative format, so MLIR writes them doubled; both
 * spellings are read, the doubled one is printed.  pack, unpack and repack
 * print single brackets (their printer is hand-written); both are read too.
 *
 * The verifier rules (registered here, not in src/verify_rules.c) add to
 * spine-triton's own checks (offset and packed_size counts) the result
 * shapes the ops imply (1.5) and, when the module names a SpacemiT core
 * (`tt.arch_id`), the hardware limits of 1.6: a packed window divisible by
 * its micro tile, and on K3 (0xA064) an mmt4d output of 8192 elements at
 * most. */
#include "dialects.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format_lib.h"
#include "verify.h"

/* ---- reading -------------------------------------------------------- */

/* [a, b] or [[a, b]]; the count or -1 */
static int shape_list(Dec *d, int64_t *v, int max) {
    Elem *save = d->e;
    if (is_tok(d->e, "[") && is_tok(d->e->next, "[")) {
        d->e = d->e->next;
        int n = int_list(d, v, max);
        if (n >= 0 && eat(d, "]")) return n;
        d->e = save;
        return -1;
    }
    return int_list(d, v, max);
}
static Attr *i32_array(Ctx *c, int n, const int64_t *v) { return attr_dense_array(c, i32t(c), n, v, NULL); }
static const int64_t *i32s(Op *op, const char *name, int *n) {
    Attr *a = op_attr(op, name);
    *n = 0;
    if (!a || a->kind != A_DENSE_ARRAY || (a->darr.n && !a->darr.i)) return NULL;
    *n = a->darr.n;
    return a->darr.i;
}
static bool has_i32s(Op *op, const char *name) {
    Attr *a = op_attr(op, name);
    return a && a->kind == A_DENSE_ARRAY && (!a->darr.n || a->darr.i);
}

/* offsets `[%o...]` after the base; the count or -1 */
static int offset_list(Dec *d) {
    if (!eat(d, ",") || !eat(d, "[")) return -1;
    int n = uses(d, NULL);
    return eat(d, "]") ? n : -1;
}

static bool has_packed(const Op *op) { return !op_is(op, OP_xsmt_unpack); }

/* xsmt.pack / unpack / repack */
static bool dec_xpack(Dec *d) {
    if (!use_elem(d)) return false;
    int n = offset_list(d);
    if (n < 0) return false;
    Type *dt = NULL;
    if (eat(d, "into")) {
        if (!eat(d, "(") || !use_elem(d) || !eat(d, ":") || !(dt = type_el(d)) || !eat(d, ")")) return false;
    }
    int64_t sh[8], ps[8];
    int ns, np = 0;
    if (!eat(d, ",") || (ns = shape_list(d, sh, 8)) < 0) return false;
    if (has_packed(d->op) && (!eat(d, ",") || (np = shape_list(d, ps, 8)) < 0)) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *bt = type_el(d);
    if (!bt || !eat(d, "->")) return false;
    Type *rt = type_el(d);
    if (!rt || !at_end(d) || d->op->nres != 1 || d->op->nopnds != 1 + n + (dt ? 1 : 0)) return false;
    want_type(d, 0, bt);
    for (int i = 0; i < n; i++) want_type(d, 1 + i, i32t(d->c));
    if (dt) want_type(d, 1 + n, dt);
    set_res(d->op, 0, rt);
    op_set_prop(d->c, d->op, "shape", i32_array(d->c, ns, sh));
    if (has_packed(d->op)) op_set_prop(d->c, d->op, "packed_size", i32_array(d->c, np, ps));
    int64_t seg[3] = { 1, n, dt ? 1 : 0 };
    op_set_prop(d->c, d->op, "operandSegmentSizes", segments(d->c, 3, seg));
    merge_attrs(d, a);
    return true;
}
static bool fit_xpack(Op *op) {
    const int64_t *s = segs_of(op, 3);
    return op->nres == 1 && s && s[0] == 1 && s[2] <= 1 && has_i32s(op, "shape") && (!has_packed(op) || has_i32s(op, "packed_size"));
}
static void pr_list(Printer *p, Op *op, const char *name, bool twice) {
    int n;
    const int64_t *v = i32s(op, name, &n);
    P(p, ", ");
    if (twice) P(p, "[");
    pr_int_list(p, v, n);
    if (twice) P(p, "]");
}
static void pr_xpack(Printer *p, Op *op) {
    const int64_t *s = segs_of(op, 3);
    print_name(p, op);
    P(p, " ");
    print_operands(p, op, 0, 1);
    P(p, ", [");
    print_operands(p, op, 1, 1 + (int)s[1]);
    P(p, "]");
    if (s[2]) {
        int k = 1 + (int)s[1];
        P(p, " into(");
        print_operands(p, op, k, k + 1);
        P(p, " : ");
        print_type(p, op->opnds[k].value->type);
        P(p, ")");
    }
    pr_list(p, op, "shape", false);
    if (has_packed(op)) pr_list(p, op, "packed_size", false);
    static const char *const el[] = { "shape", "packed_size", "operandSegmentSizes" };
    print_attrs(p, op, el, 3);
    P(p, " : ");
    print_type(p, op->opnds[0].value->type);
    P(p, " -> ");
    print_type(p, op->res[0].type);
}

/* xsmt.mmt4d %a, %b[, %c] : A, B[, C] -> R */
static bool dec_xmmt4d(Dec *d) {
    int n = uses(d, NULL);
    if (n != 2 && n != 3) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *ts[3];
    if (types(d, ts, 3) != n || !eat(d, "->")) return false;
    Type *rt = type_el(d);
    if (!rt || !at_end(d) || d->op->nres != 1) return false;
    for (int i = 0; i < n; i++) want_type(d, i, ts[i]);
    set_res(d->op, 0, rt);
    merge_attrs(d, a);
    return true;
}
static bool fit_xmmt4d(Op *op) { return op->nres == 1 && (op->nopnds == 2 || op->nopnds == 3); }
static void pr_xmmt4d(Printer *p, Op *op) {
    print_name(p, op);
    P(p, " ");
    print_operands(p, op, 0, op->nopnds);
    print_attrs(p, op, NULL, 0);
    P(p, " : ");
    print_types_of_values(p, op, 0, op->nopnds);
    P(p, " -> ");
    print_type(p, op->res[0].type);
}

/* xsmt.alloc [[s...]] storage("l2") : !tt.ptr<tensor<...>> */
static bool dec_xalloc(Dec *d) {
    int64_t sh[8];
    int ns = shape_list(d, sh, 8);
    if (ns < 0 || !eat(d, "storage") || !eat(d, "(")) return false;
    Attr *st = d->e && d->e->kind == E_STRING ? d->e->attr : NULL;
    if (!st || st->kind != A_STRING) return false;
    d->e = d->e->next;
    if (!eat(d, ")")) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *rt = ptr_type(d);
    if (!rt || !at_end(d) || d->op->nres != 1 || d->op->nopnds) return false;
    set_res(d->op, 0, rt);
    op_set_prop(d->c, d->op, "shape", i32_array(d->c, ns, sh));
    op_set_prop(d->c, d->op, "storage", st);
    merge_attrs(d, a);
    return true;
}
static bool fit_xalloc(Op *op) {
    Attr *st = op_attr(op, "storage");
    return op->nres == 1 && !op->nopnds && has_i32s(op, "shape") && st && st->kind == A_STRING;
}
static void pr_xalloc(Printer *p, Op *op) {
    int n;
    const int64_t *v = i32s(op, "shape", &n);
    print_name(p, op);
    P(p, " [");
    pr_int_list(p, v, n);
    P(p, "] storage(");
    print_attr(p, op_attr(op, "storage"));
    P(p, ")");
    static const char *const el[] = { "shape", "storage" };
    print_attrs(p, op, el, 2);
    P(p, " : ");
    print_type(p, op->res[0].type);
}

/* xsmt.subview / subview_pack %p, [%o...], [[s...]][, [[p...]]] : P -> R */
static bool dec_xsubview(Dec *d) {
    bool pk = op_is(d->op, OP_xsmt_subview_pack);
    if (!use_elem(d)) return false;
    int n = offset_list(d);
    int64_t sh[8], ps[8];
    int ns, np = 0;
    if (n < 0 || !eat(d, ",") || (ns = shape_list(d, sh, 8)) < 0) return false;
    if (pk && (!eat(d, ",") || (np = shape_list(d, ps, 8)) < 0)) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *bt = ptr_type(d);
    if (!bt || !eat(d, "->")) return false;
    Type *rt = ptr_type(d);
    if (!rt || !at_end(d) || d->op->nres != 1 || d->op->nopnds != 1 + n) return false;
    want_type(d, 0, bt);
    for (int i = 0; i < n; i++) want_type(d, 1 + i, i32t(d->c));
    set_res(d->op, 0, rt);
    op_set_prop(d->c, d->op, "shape", i32_array(d->c, ns, sh));
    if (pk) op_set_prop(d->c, d->op, "packed_size", i32_array(d->c, np, ps));
    merge_attrs(d, a);
    return true;
}
static bool fit_xsubview(Op *op) {
    return op->nres == 1 && op->nopnds >= 1 && has_i32s(op, "shape") && (!op_is(op, OP_xsmt_subview_pack) || has_i32s(op, "packed_size"));
}
static void pr_xsubview(Printer *p, Op *op) {
    print_name(p, op);
    P(p, " ");
    print_operands(p, op, 0, 1);
    P(p, ", [");
    print_operands(p, op, 1, op->nopnds);
    P(p, "]");
    pr_list(p, op, "shape", true);
    if (op_is(op, OP_xsmt_subview_pack)) pr_list(p, op, "packed_size", true);
    static const char *const el[] = { "shape", "packed_size" };
    print_attrs(p, op, el, 2);
    P(p, " : ");
    print_type(p, op->opnds[0].value->type);
    P(p, " -> ");
    print_type(p, op->res[0].type);
}

/* xsmt.annotation %t {name = value} : T */
static bool dec_xannot(Dec *d) {
    if (!use_elem(d)) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *t = type_el(d);
    if (!t || !at_end(d) || d->op->nres || d->op->nopnds != 1) return false;
    want_type(d, 0, t);
    merge_attrs(d, a);
    return true;
}
static bool fit_xannot(Op *op) { return !op->nres && op->nopnds == 1; }
static void pr_xannot(Printer *p, Op *op) {
    pr_opnd_head(p, op);
    print_type(p, op->opnds[0].value->type);
}

/* %n = xsmt.get_num_of_thread attr-dict (the result is i32) */
static bool dec_xnthreads(Dec *d) {
    Attr *a = dict_opt(d);
    if (!at_end(d) || d->op->nres != 1 || d->op->nopnds) return false;
    set_res(d->op, 0, i32t(d->c));
    merge_attrs(d, a);
    return true;
}
static bool fit_xnthreads(Op *op) { return op->nres == 1 && !op->nopnds && type_is_int(op->res[0].type, 32) && op->res[0].type->kind == T_INT; }
static void pr_xnthreads(Printer *p, Op *op) {
    print_name(p, op);
    print_attrs(p, op, NULL, 0);
}

/* tle.extract_tile %src[%i] : S, I -> R */
static bool dec_xextract(Dec *d) {
    if (!use_elem(d) || !eat(d, "[") || !use_elem(d) || !eat(d, "]")) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *ts[2];
    if (types(d, ts, 2) != 2 || !eat(d, "->")) return false;
    Type *rt = type_el(d);
    if (!rt || !at_end(d) || d->op->nres != 1 || d->op->nopnds != 2) return false;
    want_type(d, 0, ts[0]);
    want_type(d, 1, ts[1]);
    set_res(d->op, 0, rt);
    merge_attrs(d, a);
    return true;
}
static bool fit_xextract(Op *op) { return op->nres == 1 && op->nopnds == 2; }
static void pr_xextract(Printer *p, Op *op) {
    pr_indexed(p, op, 1, 2);
    print_attrs(p, op, NULL, 0);
    P(p, " : ");
    print_types_of_values(p, op, 0, 2);
    P(p, " -> ");
    print_type(p, op->res[0].type);
}

/* tle.insert_tile %src[%i] = %tile : S, I, T -> R; the operands are
 * (src, tile, index), the uses come in source order (src, index, tile) */
static bool dec_xinsert(Dec *d) {
    if (!use_elem(d) || !eat(d, "[") || !use_elem(d) || !eat(d, "]") || !eat(d, "=") || !use_elem(d)) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *ts[3];
    if (types(d, ts, 3) != 3 || !eat(d, "->")) return false;
    Type *rt = type_el(d);
    Op *op = d->op;
    if (!rt || !at_end(d) || op->nres != 1 || op->nopnds != 3) return false;
    Value *idx = op_operand(op, 1);
    op_set_operand(op, 1, op_operand(op, 2));
    op_set_operand(op, 2, idx);
    want_type(d, 0, ts[0]);
    want_type(d, 2, ts[1]);
    want_type(d, 1, ts[2]);
    set_res(op, 0, rt);
    merge_attrs(d, a);
    return true;
}
static bool fit_xinsert(Op *op) { return op->nres == 1 && op->nopnds == 3; }
static void pr_xinsert(Printer *p, Op *op) {
    pr_indexed(p, op, 2, 3);
    P(p, " = ");
    print_operands(p, op, 1, 2);
    print_attrs(p, op, NULL, 0);
    P(p, " : ");
    print_types_of_values(p, op, 0, 1);
    P(p, ", ");
    print_types_of_values(p, op, 2, 3);
    P(p, ", ");
    print_types_of_values(p, op, 1, 2);
    P(p, " -> ");
    print_type(p, op->res[0].type);
}

static const OpFormat formats[] = {
    { "xpack", dec_xpack, pr_xpack, fit_xpack },
    { "xmmt4d", dec_xmmt4d, pr_xmmt4d, fit_xmmt4d },
    { "xalloc", dec_xalloc, pr_xalloc, fit_xalloc },
    { "xsubview", dec_xsubview, pr_xsubview, fit_xsubview },
    { "xannot", dec_xannot, pr_xannot, fit_xannot },
    { "xnthreads", dec_xnthreads, pr_xnthreads, fit_xnthreads },
    { "xextract", dec_xextract, pr_xextract, fit_xextract },
    { "xinsert", dec_xinsert, pr_xinsert, fit_xinsert },
};
static const OpInherent inherent[] = {
    { OP_xsmt_pack, "shape packed_size operandSegmentSizes" },
    { OP_xsmt_unpack, "shape operandSegmentSizes" },
    { OP_xsmt_repack, "shape packed_size operandSegmentSizes" },
    { OP_xsmt_alloc, "shape storage" },
    { OP_xsmt_subview, "shape" },
    { OP_xsmt_subview_pack, "shape packed_size" },
};

/* ---- the verifier's rules --------------------------------------------- */

/* the written form was not understood: say what it should be */
static bool form_ok(VerifyCtx *v, Op *op, const char *form) {
    if (!op->verbatim) return true;
    verify_error(v, op, "expected the form '%s'", form);
    return false;
}

/* the module's `tt.arch_id` ("0xA064" K3, "0xA03C" K1), or NULL */
static const char *arch_of(Op *op) {
    Op *m = op;
    while (m && !op_is(m, OP_module)) m = op_parent(m);
    Attr *a = m ? op_attr(m, "tt.arch_id") : NULL;
    if (!a || a->kind != A_STRING) return NULL;
    static const char *const known[] = { "0xA064", "0xA03C" };
    for (int i = 0; i < 2; i++)
        if (a->str.len == strlen(known[i]) && !strncasecmp(a->str.s, known[i], a->str.len)) return known[i];
    return NULL;
}
static const char *arch_name(const char *id) { return !strcmp(id, "0xA064") ? "K3" : "K1"; }

int xsmt_core(Op *op) {
    const char *a = arch_of(op);
    return !a ? 0 : !strcmp(a, "0xA064") ? 3 : 1;
}

bool xsmt_set_core(Ctx *c, Op *module, const char *name) {
    const char *id = !strcmp(name, "k1") ? "0xA03C" : !strcmp(name, "k3") ? "0xA064" : NULL;
    if (!id || !module) return false;
    op_set_attr(c, module, "tt.arch_id", attr_string(c, id, strlen(id)));
    return true;
}

static const char *list_str(char *buf, size_t sz, const int64_t *v, int n) {
    size_t k = 0;
    k += (size_t)snprintf(buf + k, sz - k, "[");
    for (int i = 0; i < n && k < sz; i++) k += (size_t)snprintf(buf + k, sz - k, "%s%lld", i ? ", " : "", (long long)v[i]);
    if (k < sz) snprintf(buf + k, sz - k, "]");
    return buf;
}
static int64_t cdiv(int64_t a, int64_t b) { return (a + b - 1) / b; }
static Type *tensor_of(Ctx *c, int rank, const int64_t *dims, Type *elem) { return type_tensor(c, rank, dims, elem); }
static bool ranked(const Type *t, int rank) { return t && t->kind == T_TENSOR && t->sh.rank == rank; }
static bool positive(const int64_t *v, int n) { for (int i = 0; i < n; i++) if (v[i] <= 0) return false; return true; }

/* the counts of offsets, shape and packed_size (spine-triton's verifiers) */
static bool check_counts(VerifyCtx *v, Op *op, int noffs, int ns, int np, bool pk) {
    if (noffs != ns) { verify_error(v, op, "number of offsets (%d) must match shape dimensions (%d)", noffs, ns); return false; }
    if (pk && np != ns) { verify_error(v, op, "packed_size dimensions (%d) must match shape dimensions (%d)", np, ns); return false; }
    if (ns != 2) { verify_error(v, op, "expects a 2-D shape, got %d dimensions", ns); return false; }
    return true;
}
static bool check_result(VerifyCtx *v, Op *op, Type *want, const char *what) {
    if (op->res[0].type == want) return true;
    verify_error(v, op, "result type '%s' does not match the %s, expected '%s'", verify_type_str(v, op->res[0].type), what, verify_type_str(v, want));
    return false;
}
/* on a SpacemiT core the window must hold whole micro tiles */
static void check_divisible(VerifyCtx *v, Op *op, const int64_t *sh, const int64_t *ps) {
    const char *arch = arch_of(op);
    if (!arch || (sh[0] % ps[0] == 0 && sh[1] % ps[1] == 0)) return;
    char a[64], b[64];
    verify_error(v, op, "shape %s is not divisible by the micro tile %s (required on %s, tt.arch_id = \"%s\")",
                 list_str(a, sizeof a, sh, 2), list_str(b, sizeof b, ps, 2), arch_name(arch), arch);
}

static void check_xpack(VerifyCtx *v, Op *op) {
    static const char *const forms[] = {
        "xsmt.pack %x, [%o0, %o1] [into(%d : T)], [s0, s1], [p0, p1] : X -> R",
        "xsmt.unpack %x, [%o0, %o1] [into(%d : T)], [s0, s1] : X -> R",
        "xsmt.repack %x, [%o0, %o1] [into(%d : T)], [s0, s1], [p0, p1] : X -> R",
    };
    int which = op_is(op, OP_xsmt_pack) ? 0 : op_is(op, OP_xsmt_unpack) ? 1 : 2;
    if (!form_ok(v, op, forms[which])) return;
    const int64_t *s = segs_of(op, 3);
    int ns, np = 0;
    const int64_t *sh = i32s(op, "shape", &ns), *ps = has_packed(op) ? i32s(op, "packed_size", &np) : NULL;
    if (!s || !sh || (has_packed(op) && !ps)) { verify_error(v, op, "requires 'shape'%s and 'operandSegmentSizes'", has_packed(op) ? ", 'packed_size'" : ""); return; }
    if (!check_counts(v, op, (int)s[1], ns, np, has_packed(op))) return;
    if (!positive(sh, 2) || (ps && !positive(ps, 2))) { verify_error(v, op, "expects positive shape and packed_size"); return; }
    Type *bt = op->opnds[0].value->type;
    if (!ranked(bt, which == 0 ? 2 : 4)) {
        verify_error(v, op, "operand #0 must be a %s tensor, but got '%s'", which == 0 ? "2-D" : "4-D (packed)", verify_type_str(v, bt));
        return;
    }
    Type *el = bt->sh.elem;
    int64_t dims[4];
    Type *want;
    if (which == 1) {
        want = tensor_of(verify_ctx(v), 2, sh, el);
    } else {
        dims[0] = cdiv(sh[0], ps[0]); dims[1] = cdiv(sh[1], ps[1]); dims[2] = ps[0]; dims[3] = ps[1];
        want = tensor_of(verify_ctx(v), 4, dims, el);
    }
    if (!check_result(v, op, want, which == 1 ? "unpacked shape" : "packed shape")) return;
    if (s[2]) {
        Type *dt = op->opnds[1 + s[1]].value->type;
        if (dt != want) { verify_error(v, op, "destination type '%s' differs from the result type '%s'", verify_type_str(v, dt), verify_type_str(v, want)); return; }
    }
    if (ps) check_divisible(v, op, sh, ps);
}

static void check_xmmt4d(VerifyCtx *v, Op *op) {
    if (!form_ok(v, op, "xsmt.mmt4d %a, %b[, %c] : A, B[, C] -> R")) return;
    Type *a = op->opnds[0].value->type, *b = op->opnds[1].value->type, *r = op->res[0].type;
    for (int i = 0; i < op->nopnds; i++)
        if (!ranked(op->opnds[i].value->type, 4)) { verify_error(v, op, "operand #%d must be a 4-D (packed) tensor, but got '%s'", i, verify_type_str(v, op->opnds[i].value->type)); return; }
    const int64_t *ad = a->sh.dims, *bd = b->sh.dims;
    if (ad[1] != bd[1] || ad[3] != bd[3]) {
        verify_error(v, op, "K tiles differ: A is '%s' [MB, KB, mb, kb], B is '%s' [NB, KB, nb, kb]", verify_type_str(v, a), verify_type_str(v, b));
        return;
    }
    if (a->sh.elem != b->sh.elem) { verify_error(v, op, "operands have different element types: '%s' and '%s'", verify_type_str(v, a), verify_type_str(v, b)); return; }
    int64_t dims[4] = { ad[0], bd[0], ad[2], bd[2] };
    Type *want = tensor_of(verify_ctx(v), 4, dims, a->sh.elem);
    /* i8 operands may accumulate in i32 (the IME vmadot family, 2.2) */
    Type *el = a->sh.elem;
    bool i8 = el->kind == T_INT && el->i.width == 8 && r && r->kind == T_TENSOR && type_is_int(r->sh.elem, 32) && r->sh.elem->kind == T_INT;
    if (i8) want = tensor_of(verify_ctx(v), 4, dims, r->sh.elem);
    if (!check_result(v, op, want, i8 ? "product [MB, NB, mb, nb] in i32" : "product [MB, NB, mb, nb] of A's element type")) return;
    if (op->nopnds == 3 && op->opnds[2].value->type != want) { verify_error(v, op, "operand #2 (the destination) must have the result type '%s'", verify_type_str(v, want)); return; }
    const char *arch = arch_of(op);
    int64_t n = type_numel(r);
    if (arch && !strcmp(arch, "0xA064") && n > 8192)
        verify_error(v, op, "output tile of %lld elements exceeds the K3 limit of 8192 (tt.arch_id = \"0xA064\")", (long long)n);
}

static bool tensor_ptr(Type *t, int rank) { return t && t->kind == T_PTR && ranked(t->ptr.pointee, rank); }

static void check_xalloc(VerifyCtx *v, Op *op) {
    if (!form_ok(v, op, "xsmt.alloc [[s0, s1]] storage(\"l2\") : !tt.ptr<tensor<...>>")) return;
    int ns;
    const int64_t *sh = i32s(op, "shape", &ns);
    Attr *st = op_attr(op, "storage");
    if (!sh || !ns || !positive(sh, ns)) { verify_error(v, op, "expects a non-empty positive 'shape'"); return; }
    if (!st || st->kind != A_STRING) { verify_error(v, op, "requires a string 'storage'"); return; }
    Type *r = op->res[0].type;
    if (!r || r->kind != T_PTR || !type_is_shaped(r->ptr.pointee) || r->ptr.pointee->kind != T_TENSOR) {
        verify_error(v, op, "result must be a pointer to a tensor, but got '%s'", verify_type_str(v, r));
        return;
    }
    Type *want = type_ptr(verify_ctx(v), tensor_of(verify_ctx(v), ns, sh, r->ptr.pointee->sh.elem), r->ptr.space);
    check_result(v, op, want, "shape");
}

static void check_xsubview(VerifyCtx *v, Op *op) {
    bool pk = op_is(op, OP_xsmt_subview_pack);
    if (!form_ok(v, op, pk ? "xsmt.subview_pack %p, [%o0, %o1], [[s0, s1]], [[p0, p1]] : P -> R" : "xsmt.subview %p, [%o0, %o1], [[s0, s1]] : P -> R")) return;
    int ns, np = 0;
    const int64_t *sh = i32s(op, "shape", &ns), *ps = pk ? i32s(op, "packed_size", &np) : NULL;
    if (!sh || (pk && !ps)) { verify_error(v, op, "requires 'shape'%s", pk ? " and 'packed_size'" : ""); return; }
    if (!check_counts(v, op, op->nopnds - 1, ns, np, pk)) return;
    if (!positive(sh, 2) || (ps && !positive(ps, 2))) { verify_error(v, op, "expects positive shape and packed_size"); return; }
    Type *bt = op->opnds[0].value->type;
    bool four = tensor_ptr(bt, 4);
    if (!(pk ? tensor_ptr(bt, 2) : (four || tensor_ptr(bt, 2)))) {
        verify_error(v, op, "operand #0 must be a pointer to a %s tensor, but got '%s'", pk ? "2-D" : "2-D or 4-D (packed)", verify_type_str(v, bt));
        return;
    }
    Type *pt = bt->ptr.pointee;
    int64_t dims[4];
    int rank = 2;
    if (pk && (sh[0] % ps[0] || sh[1] % ps[1])) {
        char a[64], b[64];
        verify_error(v, op, "shape %s is not divisible by packed_size %s", list_str(a, sizeof a, sh, 2), list_str(b, sizeof b, ps, 2));
        return;
    }
    /* the window lies in the base's block (a memref of that shape in the lowering, 1.4) */
    const int64_t *bd = pt->sh.dims;
    int64_t lim[2] = { four ? bd[0] * bd[2] : bd[0], four ? bd[1] * bd[3] : bd[1] };
    if (sh[0] > lim[0] || sh[1] > lim[1]) {
        char a[64], b[64];
        verify_error(v, op, "shape %s exceeds the base's %sblock %s", list_str(a, sizeof a, sh, 2), four ? "unpacked " : "", list_str(b, sizeof b, lim, 2));
        return;
    }
    if (pk) {
        dims[0] = sh[0] / ps[0]; dims[1] = sh[1] / ps[1]; dims[2] = ps[0]; dims[3] = ps[1];
        rank = 4;
    } else if (four) {
        dims[0] = cdiv(sh[0], bd[2]); dims[1] = cdiv(sh[1], bd[3]); dims[2] = bd[2]; dims[3] = bd[3];
        rank = 4;
    } else {
        dims[0] = sh[0]; dims[1] = sh[1];
    }
    Type *want = type_ptr(verify_ctx(v), tensor_of(verify_ctx(v), rank, dims, pt->sh.elem), bt->ptr.space);
    check_result(v, op, want, pk ? "packed window" : "window");
}

static void check_xannot(VerifyCtx *v, Op *op) { form_ok(v, op, "xsmt.annotation %t {name = value} : T"); }
static void check_xnthreads(VerifyCtx *v, Op *op) { form_ok(v, op, "xsmt.get_num_of_thread"); }

/* tle: the source shape divisible by the tile's; a constant index within the tiles */
static void check_tile(VerifyCtx *v, Op *op) {
    bool ins = op_is(op, OP_tle_insert_tile);
    if (!form_ok(v, op, ins ? "tle.insert_tile %src[%i] = %tile : S, I, T -> R" : "tle.extract_tile %src[%i] : S, I -> R")) return;
    Type *src = op->opnds[0].value->type, *tile = ins ? op->opnds[1].value->type : op->res[0].type;
    Value *idx = op->opnds[ins ? 2 : 1].value;
    if (!src || src->kind != T_TENSOR || src->sh.rank < 1 || !tile || tile->kind != T_TENSOR || tile->sh.rank != src->sh.rank) {
        verify_error(v, op, "source '%s' and tile '%s' must be ranked tensors of one rank", verify_type_str(v, src), verify_type_str(v, tile));
        return;
    }
    if (src->sh.elem != tile->sh.elem) { verify_error(v, op, "source '%s' and tile '%s' have different element types", verify_type_str(v, src), verify_type_str(v, tile)); return; }
    int64_t ntiles = 1;
    for (int i = 0; i < src->sh.rank; i++) {
        if (tile->sh.dims[i] <= 0 || src->sh.dims[i] % tile->sh.dims[i]) {
            verify_error(v, op, "source shape '%s' is not divisible by the tile shape '%s'", verify_type_str(v, src), verify_type_str(v, tile));
            return;
        }
        ntiles *= src->sh.dims[i] / tile->sh.dims[i];
    }
    if (ins && op->res[0].type != src) { verify_error(v, op, "result type '%s' must be the source type '%s'", verify_type_str(v, op->res[0].type), verify_type_str(v, src)); return; }
    Op *def = idx->def;
    int64_t k;
    if (def && op_is(def, OP_arith_constant) && op_attr_int(def, "value", &k) && (k < 0 || k >= ntiles))
        verify_error(v, op, "tile index %lld is out of range [0, %lld)", (long long)k, (long long)ntiles);
}

static const char *const xsmt_other[] = {
    "xsmt.alloc_copies", "xsmt.buffer_tensor_view", "xsmt.mbarrier_copies", "xsmt.mbarrier_subview",
    "xsmt.mbarrier_create", "xsmt.barrier_arrive", "xsmt.barrier_wait", "xsmt.barrier_set_expect",
    "xsmt.global_mbarrier_init", "xsmt.descriptor_load_view", NULL,
};
static const VerifyRule xsmt_rules[] = {
    { "xsmt.pack", NULL, "R", VR_VERBATIM_TOO, check_xpack },
    { "xsmt.unpack", NULL, "R", VR_VERBATIM_TOO, check_xpack },
    { "xsmt.repack", NULL, "R", VR_VERBATIM_TOO, check_xpack },
    { "xsmt.mmt4d", "RRR?", "R", VR_VERBATIM_TOO, check_xmmt4d },
    { "xsmt.alloc", "", "Q", VR_VERBATIM_TOO, check_xalloc },
    { "xsmt.subview", NULL, "Q", VR_VERBATIM_TOO, check_xsubview },
    { "xsmt.subview_pack", NULL, "Q", VR_VERBATIM_TOO, check_xsubview },
    { "xsmt.annotation", "R", "", VR_VERBATIM_TOO, check_xannot },
    { "xsmt.get_num_of_thread", "", "3", VR_VERBATIM_TOO, check_xnthreads },
    { NULL, NULL, NULL, 0, NULL },
};
static const VerifyDialect xsmt_dialect = { "xsmt", xsmt_other, xsmt_rules };

/* the mbarrier ops have no custom form (spine-triton prints them generic) */
static void check_generic(VerifyCtx *v, Op *op) {
    if (op->verbatim) { verify_error(v, op, "has no custom form; write it in generic form (\"%s\"(...) : (...) -> ...)", op_name(op)); return; }
    /* the barrier (operand #0, or the result of mbarrier_alloc) is i64, every count i16 */
    bool alloc = op_is(op, OP_xsmt_async_mbarrier_alloc);
    for (int i = 0; i < op->nopnds; i++) {
        Type *t = op->opnds[i].value->type;
        int w = !alloc && i == 0 ? 64 : 16;
        if (!t || t->kind != T_INT || t->i.width != w) { verify_error(v, op, "operand #%d must be i%d, but got '%s'", i, w, verify_type_str(v, t)); return; }
    }
    if (alloc && (op->res[0].type->kind != T_INT || op->res[0].type->i.width != 64)) verify_error(v, op, "result must be i64, but got '%s'", verify_type_str(v, op->res[0].type));
}
static const VerifyRule xsmt_async_rules[] = {
    { "xsmt_async.mbarrier_alloc", "wwww", "6", VR_VERBATIM_TOO, check_generic },
    { "xsmt_async.mbarrier_release", "6", "", VR_VERBATIM_TOO, check_generic },
    { "xsmt_async.mbarrier_arrive", "6", "", VR_VERBATIM_TOO, check_generic },
    { "xsmt_async.mbarrier_wait", "6ww", "", VR_VERBATIM_TOO, check_generic },
    { NULL, NULL, NULL, 0, NULL },
};
static const VerifyDialect xsmt_async_dialect = { "xsmt_async", NULL, xsmt_async_rules };

static const char *const tle_other[] = { "tle.dsl_region", NULL };
static const VerifyRule tle_rules[] = {
    { "tle.extract_tile", "RI", "R", VR_VERBATIM_TOO, check_tile },
    { "tle.insert_tile", "RRI", "R", VR_VERBATIM_TOO, check_tile },
    { NULL, NULL, NULL, 0, NULL },
};
static const VerifyDialect tle_dialect = { "tle", tle_other, tle_rules };

void dialect_xsmt_register(void) {
    format_register(formats, sizeof formats / sizeof *formats);
    format_register_inherent(inherent, sizeof inherent / sizeof *inherent, NULL);
    verify_register_dialect(&xsmt_dialect);
    verify_register_dialect(&xsmt_async_dialect);
    verify_register_dialect(&tle_dialect);
}
