/* xsmt.c - the SpacemiT SMT dialects of spine-triton's `smt` extension:
 * xsmt (pack, unpack, repack, mmt4d, alloc, subview, subview_pack,
 * annotation, get_num_of_thread, and the double-buffering ops alloc_copies,
 * buffer_tensor_view, mbarrier_copies, mbarrier_subview, barrier_set_expect), xsmt_async (the mbarrier ops, generic form
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
 *   xsmt.alloc_copies [[c, s0, s1]] storage("l2") attr-dict : !xsmt.buffer<...>
 *   xsmt.buffer_tensor_view %buf[%i] attr-dict : !xsmt.buffer<...> -> !tt.ptr<tensor<...>>
 *   xsmt.mbarrier_copies copies(n) flag(f) arrive(a) txn(t) expect(e) attr-dict : !xsmt.mbarrier<n>
 *   xsmt.mbarrier_subview %bar[%i] attr-dict : (!xsmt.mbarrier<n>, I) -> i64
 *   xsmt.barrier_set_expect %bar, %n attr-dict : i64
 *   tle.extract_tile %src[%i] attr-dict : S, I -> R
 *   tle.insert_tile %src[%i] = %tile attr-dict : S, I, T -> R
 * The array attributes of alloc, subview and subview_pack sit inside a
 * literal `[` `]` of a declarative format, so MLIR writes them doubled; both
 * spellings are read, the doubled one is printed.  Those ODS formats may
 * print a type of a known class without its dialect prefix; `<tensor<..>>`
 * and `<2>` are read as well, the full spelling is printed.  pack, unpack and repack
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

/* xsmt.alloc [[s...]] storage("l2") : !tt.ptr<tensor<...>>, and (copies)
 * xsmt.alloc_copies [[c, s...]] storage("l2") : !xsmt.buffer<...> */
static bool dec_alloc(Dec *d, bool copies) {
    int64_t sh[8];
    int ns = shape_list(d, sh, 8);
    if (ns < 0 || !eat(d, "storage") || !eat(d, "(")) return false;
    Attr *st = d->e && d->e->kind == E_STRING ? d->e->attr : NULL;
    if (!st || st->kind != A_STRING) {
        if (copies) want_el(d, "storage string");
        return false;
    }
    d->e = d->e->next;
    if (!eat(d, ")")) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *rt = copies ? dialect_type(d, "!xsmt.buffer", NULL) : ptr_type(d);
    if (!rt || !at_end(d) || d->op->nres != 1 || (copies ? !no_uses(d) : d->op->nopnds != 0)) return false;
    set_res(d->op, 0, rt);
    op_set_prop(d->c, d->op, "shape", copies ? i64_array(d->c, ns, sh) : i32_array(d->c, ns, sh));
    op_set_prop(d->c, d->op, "storage", st);
    merge_attrs(d, a);
    return true;
}
static bool dec_xalloc(Dec *d) { return dec_alloc(d, false); }
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
/* %x[%i] attr-dict : X, I -> R (fn: `(X, I) -> R`) */
static void pr_indexed_to(Printer *p, Op *op, bool fn) {
    pr_indexed(p, op, 1, 2);
    print_attrs(p, op, NULL, 0);
    P(p, fn ? " : (" : " : ");
    print_types_of_values(p, op, 0, 2);
    P(p, fn ? ") -> " : " -> ");
    print_type(p, op->res[0].type);
}
static void pr_xextract(Printer *p, Op *op) { pr_indexed_to(p, op, false); }

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

/* ---- the multi-copy buffers and barriers (double buffering) ---------- */

static bool ws(char ch) { return ch == ' ' || ch == '\t'; }
/* `key=` at *s (blanks allowed around it); *s moves past it */
static bool key(const char **s, const char *k) {
    const char *q = *s;
    while (ws(*q)) q++;
    size_t n = strlen(k);
    if (strncmp(q, k, n)) return false;
    q += n;
    while (ws(*q)) q++;
    if (*q != '=') return false;
    q++;
    while (ws(*q)) q++;
    *s = q;
    return true;
}
static bool num(const char **s, int64_t *v) {
    char *end;
    long long x = strtoll(*s, &end, 10);
    if (end == *s) return false;
    *v = x;
    *s = end;
    while (ws(**s)) (*s)++;
    return true;
}
static bool sep(const char **s, char ch) {
    while (ws(**s)) (*s)++;
    if (**s != ch) return false;
    (*s)++;
    while (ws(**s)) (*s)++;
    return true;
}

bool xsmt_buffer_of(Ctx *c, const Type *t, XsmtBuffer *b) {
    if (!is_dialect_type(t, "!xsmt.buffer") || !t->opq.body) return false;
    const char *s = t->opq.body;
    memset(b, 0, sizeof *b);
    if (!sep(&s, '<') || !key(&s, "shape") || !sep(&s, '[')) return false;
    do {
        if (b->rank == 8 || !num(&s, &b->shape[b->rank])) return false;
        b->rank++;
    } while (sep(&s, ','));
    if (!sep(&s, ']') || !sep(&s, ',') || !key(&s, "elementType")) return false;
    const char *n0 = s;
    while ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') || *s == '_') s++;
    char name[32];
    if (s == n0 || s - n0 >= (long)sizeof name) return false;
    memcpy(name, n0, (size_t)(s - n0));
    name[s - n0] = 0;
    if (name[0] == 'i' && name[1] >= '1' && name[1] <= '9' && strspn(name + 1, "0123456789") == strlen(name + 1))
        b->elem = type_int(c, atoi(name + 1), SIGNLESS);
    else if (!strcmp(name, "index")) b->elem = type_index(c);
    else b->elem = type_float(c, name);
    if (!b->elem || !sep(&s, ',') || !(key(&s, "copies") || key(&s, "numBuffers")) || !num(&s, &b->copies)) return false;
    if (!sep(&s, ',') || !key(&s, "storageKind") || *s != '"') return false;
    const char *q = strchr(s + 1, '"');
    if (!q) return false;
    b->storage = s + 1;
    b->storage_len = (int)(q - s - 1);
    s = q + 1;
    return sep(&s, '>') && !*s;
}

int64_t xsmt_mbarrier_count(const Type *t) {
    if (!is_dialect_type(t, "!xsmt.mbarrier") || !t->opq.body) return -1;
    const char *s = t->opq.body;
    int64_t n;
    if (!sep(&s, '<') || !num(&s, &n) || !sep(&s, '>') || *s) return -1;
    return n;
}

/* xsmt.alloc_copies: printed and fitted as xsmt.alloc (its shape is an i64 array) */
static bool dec_xallocn(Dec *d) { return dec_alloc(d, true); }

/* xsmt.buffer_tensor_view %buf[%i] : !xsmt.buffer<...> -> !tt.ptr<tensor<...>>
 * (the index is i32) */
static bool dec_xbufview(Dec *d) {
    if (!use_elem(d) || !eat(d, "[") || !use_elem(d) || !eat(d, "]")) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *bt = dialect_type(d, "!xsmt.buffer", NULL);
    if (!bt || !eat(d, "->")) return false;
    Type *rt = ptr_type(d);
    if (!rt || !at_end(d) || d->op->nres != 1 || d->op->nopnds != 2) return false;
    want_type(d, 0, bt);
    want_type(d, 1, i32t(d->c));
    set_res(d->op, 0, rt);
    merge_attrs(d, a);
    return true;
}
static bool fit_xbufview(Op *op) { return op->nres == 1 && op->nopnds == 2; }
static void pr_xbufview(Printer *p, Op *op) {
    pr_indexed(p, op, 1, 2);
    print_attrs(p, op, NULL, 0);
    P(p, " : ");
    print_type(p, op->opnds[0].value->type);
    P(p, " -> ");
    print_type(p, op->res[0].type);
}

/* xsmt.mbarrier_copies copies(n) flag(f) arrive(a) txn(t) expect(e) : !xsmt.mbarrier<n> */
static const char *const mbar_kw[5] = { "copies", "flag", "arrive", "txn", "expect" };
static const char *const mbar_attr[5] = { "numCopies", "flag", "arriveCount", "transactionCount", "expectCount" };
static bool dec_xmbarn(Dec *d) {
    int64_t v[5];
    for (int i = 0; i < 5; i++)
        if (!eat(d, mbar_kw[i]) || !eat(d, "(") || !int_lit(d, &v[i]) || !eat(d, ")")) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *rt = dialect_type(d, "!xsmt.mbarrier", NULL);
    if (!rt || !at_end(d) || d->op->nres != 1 || !no_uses(d)) return false;
    set_res(d->op, 0, rt);
    for (int i = 0; i < 5; i++) op_set_prop(d->c, d->op, mbar_attr[i], attr_int(d->c, i64t(d->c), v[i]));
    merge_attrs(d, a);
    return true;
}
static bool fit_xmbarn(Op *op) {
    if (op->nres != 1 || op->nopnds) return false;
    for (int i = 0; i < 5; i++) {
        Attr *x = op_attr(op, mbar_attr[i]);
        if (!x || x->kind != A_INT) return false;
    }
    return true;
}
static void pr_xmbarn(Printer *p, Op *op) {
    print_name(p, op);
    for (int i = 0; i < 5; i++) {
        int64_t v = 0;
        op_attr_int(op, mbar_attr[i], &v);
        P(p, " ");
        P(p, mbar_kw[i]);
        P(p, "(");
        pr_int(p, v);
        P(p, ")");
    }
    print_attrs(p, op, mbar_attr, 5);
    P(p, " : ");
    print_type(p, op->res[0].type);
}

/* xsmt.mbarrier_subview %bar[%i] : (!xsmt.mbarrier<n>, I) -> i64 */
static bool dec_xmbarsub(Dec *d) {
    if (!use_elem(d) || !eat(d, "[") || !use_elem(d) || !eat(d, "]")) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *ft = func_type_el(d);
    if (!ft || !at_end(d) || d->op->nres != 1 || d->op->nopnds != 2) return false;
    if (ft->fn.nin != 2 || ft->fn.nout != 1) return fail_at(d, NULL, "expected the type '(!xsmt.mbarrier<N>, I) -> i64'");
    want_type(d, 0, ft->fn.in[0]);
    want_type(d, 1, ft->fn.in[1]);
    set_res(d->op, 0, ft->fn.out[0]);
    merge_attrs(d, a);
    return true;
}
static bool fit_xmbarsub(Op *op) { return op->nres == 1 && op->nopnds == 2; }
static void pr_xmbarsub(Printer *p, Op *op) { pr_indexed_to(p, op, true); }

/* xsmt.barrier_set_expect %bar, %n : T (T is the barrier's; the count is i16) */
static bool dec_xexpect(Dec *d) {
    if (!uses_n(d, 2)) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *t = type_el(d);
    if (!t || !at_end(d) || d->op->nres) return false;
    want_type(d, 0, t);
    want_type(d, 1, type_int(d->c, 16, SIGNLESS));
    merge_attrs(d, a);
    return true;
}
static bool fit_xexpect(Op *op) { return !op->nres && op->nopnds == 2; }
static void pr_xexpect(Printer *p, Op *op) {
    print_name(p, op);
    P(p, " ");
    print_operands(p, op, 0, 2);
    print_attrs(p, op, NULL, 0);
    P(p, " : ");
    print_type(p, op->opnds[0].value->type);
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
    { "xallocn", dec_xallocn, pr_xalloc, fit_xalloc },
    { "xbufview", dec_xbufview, pr_xbufview, fit_xbufview },
    { "xmbarn", dec_xmbarn, pr_xmbarn, fit_xmbarn },
    { "xmbarsub", dec_xmbarsub, pr_xmbarsub, fit_xmbarsub },
    { "xexpect", dec_xexpect, pr_xexpect, fit_xexpect },
};
static const OpInherent inherent[] = {
    { OP_xsmt_pack, "shape packed_size operandSegmentSizes" },
    { OP_xsmt_unpack, "shape operandSegmentSizes" },
    { OP_xsmt_repack, "shape packed_size operandSegmentSizes" },
    { OP_xsmt_alloc, "shape storage" },
    { OP_xsmt_subview, "shape" },
    { OP_xsmt_subview_pack, "shape packed_size" },
    { OP_xsmt_alloc_copies, "shape storage" },
    { OP_xsmt_mbarrier_copies, "numCopies flag arriveCount transactionCount expectCount" },
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
static int64_t cdiv(int64_t a, int64_t b) { return a / b + (a % b != 0); } /* a, b > 0; no overflow near INT64_MAX */
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

/* a constant index operand: its value into *k */
static bool const_index(Value *v, int64_t *k) {
    Op *def = v->def;
    return def && op_is(def, OP_arith_constant) && op_attr_int(def, "value", k);
}

static void check_xallocn(VerifyCtx *v, Op *op) {
    if (!form_ok(v, op, "xsmt.alloc_copies [[copies, s0, ...]] storage(\"l2\") : !xsmt.buffer<...>")) return;
    Attr *sa = op_attr(op, "shape"), *st = op_attr(op, "storage");
    if (!sa || sa->kind != A_DENSE_ARRAY || sa->darr.n < 2 || !sa->darr.i || !positive(sa->darr.i, sa->darr.n) || sa->darr.n > 8) {
        verify_error(v, op, "expects a positive 'shape' [copies, d0, ...] of 2 to 8 dimensions");
        return;
    }
    if (!st || st->kind != A_STRING) { verify_error(v, op, "requires a string 'storage'"); return; }
    Type *r = op->res[0].type;
    XsmtBuffer b;
    if (!xsmt_buffer_of(verify_ctx(v), r, &b)) {
        verify_error(v, op, "result must be '!xsmt.buffer<shape=[...], elementType=T, copies=N, storageKind=\"...\">', but got '%s'", verify_type_str(v, r));
        return;
    }
    if (b.copies <= 0) { verify_error(v, op, "copies must be positive, got %lld", (long long)b.copies); return; }
    const int64_t *sh = sa->darr.i;
    bool same = b.rank == sa->darr.n;
    for (int i = 0; same && i < b.rank; i++) same = b.shape[i] == sh[i];
    char x[96], y[96];
    if (!same) {
        verify_error(v, op, "result shape %s differs from 'shape' %s", list_str(x, sizeof x, b.shape, b.rank), list_str(y, sizeof y, sh, sa->darr.n));
        return;
    }
    if (b.copies != sh[0]) { verify_error(v, op, "copies=%lld differs from the first dimension of 'shape' (%lld)", (long long)b.copies, (long long)sh[0]); return; }
    if ((size_t)b.storage_len != st->str.len || memcmp(b.storage, st->str.s, st->str.len))
        verify_error(v, op, "result storageKind \"%.*s\" differs from 'storage' \"%.*s\"", b.storage_len, b.storage, (int)st->str.len, st->str.s);
}

static void check_xbufview(VerifyCtx *v, Op *op) {
    if (!form_ok(v, op, "xsmt.buffer_tensor_view %buf[%i] : !xsmt.buffer<...> -> !tt.ptr<tensor<...>>")) return;
    Type *bt = op->opnds[0].value->type, *it = op->opnds[1].value->type;
    XsmtBuffer b;
    if (!xsmt_buffer_of(verify_ctx(v), bt, &b) || b.rank < 2) {
        verify_error(v, op, "operand #0 must be an '!xsmt.buffer<...>' of rank 2 at least, but got '%s'", verify_type_str(v, bt));
        return;
    }
    if (!it || it->kind != T_INT || it->i.width != 32) { verify_error(v, op, "operand #1 (the index) must be i32, but got '%s'", verify_type_str(v, it)); return; }
    Type *want = type_ptr(verify_ctx(v), tensor_of(verify_ctx(v), b.rank - 1, b.shape + 1, b.elem), 1);
    if (!check_result(v, op, want, "buffer's copy")) return;
    int64_t k;
    if (const_index(op->opnds[1].value, &k) && (k < 0 || k >= b.copies))
        verify_error(v, op, "buffer index %lld is out of range [0, %lld)", (long long)k, (long long)b.copies);
}

static void check_xmbarn(VerifyCtx *v, Op *op) {
    if (!form_ok(v, op, "xsmt.mbarrier_copies copies(n) flag(f) arrive(a) txn(t) expect(e) : !xsmt.mbarrier<n>")) return;
    int64_t x[5];
    for (int i = 0; i < 5; i++) {
        Attr *a = op_attr(op, mbar_attr[i]);
        if (!a || a->kind != A_INT || !op_attr_int(op, mbar_attr[i], &x[i])) { verify_error(v, op, "requires an integer '%s'", mbar_attr[i]); return; }
    }
    if (x[0] <= 0) { verify_error(v, op, "copies must be positive, got %lld", (long long)x[0]); return; }
    int64_t n = xsmt_mbarrier_count(op->res[0].type);
    if (n < 0) { verify_error(v, op, "result must be '!xsmt.mbarrier<N>', but got '%s'", verify_type_str(v, op->res[0].type)); return; }
    if (n != x[0]) verify_error(v, op, "result '!xsmt.mbarrier<%lld>' does not hold copies(%lld)", (long long)n, (long long)x[0]);
}

static void check_xmbarsub(VerifyCtx *v, Op *op) {
    if (!form_ok(v, op, "xsmt.mbarrier_subview %bar[%i] : (!xsmt.mbarrier<N>, I) -> i64")) return;
    Type *bt = op->opnds[0].value->type, *it = op->opnds[1].value->type, *r = op->res[0].type;
    int64_t n = xsmt_mbarrier_count(bt);
    if (n < 0) { verify_error(v, op, "operand #0 must be '!xsmt.mbarrier<N>', but got '%s'", verify_type_str(v, bt)); return; }
    if (!it || !(it->kind == T_INDEX || (it->kind == T_INT && it->i.sign == SIGNLESS && (it->i.width == 32 || it->i.width == 64)))) {
        verify_error(v, op, "operand #1 (the index) must be i32, i64 or index, but got '%s'", verify_type_str(v, it));
        return;
    }
    if (!r || r->kind != T_INT || r->i.width != 64) { verify_error(v, op, "result must be i64, but got '%s'", verify_type_str(v, r)); return; }
    int64_t k;
    if (const_index(op->opnds[1].value, &k) && (k < 0 || k >= n))
        verify_error(v, op, "barrier index %lld is out of range [0, %lld)", (long long)k, (long long)n);
}

static void check_xexpect(VerifyCtx *v, Op *op) {
    if (!form_ok(v, op, "xsmt.barrier_set_expect %bar, %n : i64")) return;
    Type *bt = op->opnds[0].value->type, *nt = op->opnds[1].value->type;
    if (!bt || bt->kind != T_INT || bt->i.width != 64) { verify_error(v, op, "operand #0 (the barrier) must be i64, but got '%s'", verify_type_str(v, bt)); return; }
    if (!nt || nt->kind != T_INT || nt->i.width != 16) verify_error(v, op, "operand #1 (the count) must be i16, but got '%s'", verify_type_str(v, nt));
}

static const char *const xsmt_other[] = {
    "xsmt.mbarrier_create", "xsmt.barrier_arrive", "xsmt.barrier_wait",
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
    { "xsmt.alloc_copies", "", "a", VR_VERBATIM_TOO, check_xallocn },
    { "xsmt.buffer_tensor_view", "aa", "Q", VR_VERBATIM_TOO, check_xbufview },
    { "xsmt.mbarrier_copies", "", "a", VR_VERBATIM_TOO, check_xmbarn },
    { "xsmt.mbarrier_subview", "aa", "a", VR_VERBATIM_TOO, check_xmbarsub },
    { "xsmt.barrier_set_expect", "aa", "", VR_VERBATIM_TOO, check_xexpect },
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
