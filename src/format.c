/* format.c - custom assembly formats: reading an op's element sequence into
 * operands, attributes and result types, and printing it back.
 *
 * A format is a pair of functions named in ops.def.  The decoder walks the
 * elements with the small matcher below; if the elements do not have the
 * expected shape it leaves the op as parsed (printed back verbatim), so a
 * syntax variant the format does not know is never lost.  Type errors that
 * the syntax makes visible are reported at the element's location. */
#include "format.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "parse_impl.h"

/* ---- the matcher ---------------------------------------------------- */
typedef struct Dec {
    Ctx *c;
    Op *op;
    Diag *d;
    Elem *e;          /* next element */
    bool err;         /* a real error was reported */
} Dec;

static bool is_tok(const Elem *e, const char *s) {
    return e && (e->kind == E_PUNCT || e->kind == E_WORD) && !strcmp(e->text, s);
}
static bool eat(Dec *d, const char *s) {
    if (!is_tok(d->e, s)) return false;
    d->e = d->e->next;
    return true;
}
static bool at_end(Dec *d) { return d->e == NULL; }
static Elem *use_elem(Dec *d) {
    if (!d->e || d->e->kind != E_USE) return NULL;
    Elem *e = d->e;
    d->e = e->next;
    return e;
}
static Type *type_el(Dec *d) {
    if (!d->e || d->e->kind != E_TYPE) return NULL;
    Type *t = d->e->type;
    d->e = d->e->next;
    return t;
}
static Attr *dict_opt(Dec *d) {
    if (d->e && d->e->kind == E_ATTR && d->e->attr->kind == A_DICT && !d->e->text) {
        Attr *a = d->e->attr;
        d->e = d->e->next;
        return a;
    }
    return NULL;
}
static Attr *attr_el(Dec *d) {
    if (!d->e || d->e->kind != E_ATTR || d->e->text) return NULL;
    Attr *a = d->e->attr;
    d->e = d->e->next;
    return a;
}
static int region_el(Dec *d) {
    if (!d->e || d->e->kind != E_REGION) return -1;
    int i = d->e->idx;
    d->e = d->e->next;
    return i;
}
static Elem *def_el(Dec *d) {
    if (!d->e || d->e->kind != E_DEF) return NULL;
    Elem *e = d->e;
    d->e = e->next;
    return e;
}

/* comma-separated uses; returns the count (may be 0) */
static int uses(Dec *d, Elem **first) {
    int n = 0;
    Elem *e = use_elem(d);
    if (!e) return 0;
    if (first) *first = e;
    n = 1;
    while (is_tok(d->e, ",") && d->e->next && d->e->next->kind == E_USE) { d->e = d->e->next; use_elem(d); n++; }
    return n;
}
/* a type, or a function type written as elements: (T, U) -> R / -> (R, S) */
static Type *any_type(Dec *d) {
    Type *t = type_el(d);
    if (t || !is_tok(d->e, "(")) return t;
    Elem *save = d->e;
    Type *in[64], *out[64];
    int ni = 0, no = 0;
    d->e = d->e->next;
    if (!is_tok(d->e, ")")) {
        for (;;) {
            Type *x = any_type(d);
            if (!x || ni == 64) goto fail;
            in[ni++] = x;
            if (eat(d, ",")) continue;
            break;
        }
    }
    if (!eat(d, ")") || !eat(d, "->")) goto fail;
    if (eat(d, "(")) {
        if (!is_tok(d->e, ")")) {
            for (;;) {
                Type *x = any_type(d);
                if (!x || no == 64) goto fail;
                out[no++] = x;
                if (eat(d, ",")) continue;
                break;
            }
        }
        if (!eat(d, ")")) goto fail;
    } else {
        Type *x = any_type(d);
        if (!x) goto fail;
        out[no++] = x;
    }
    return type_func(d->c, ni, in, no, out);
fail:
    d->e = save;
    return NULL;
}

/* comma-separated types (at least one) into out */
static int types(Dec *d, Type **out, int max) {
    int n = 0;
    Type *t = any_type(d);
    if (!t) return 0;
    out[n++] = t;
    while (is_tok(d->e, ",") && d->e->next && (d->e->next->kind == E_TYPE || is_tok(d->e->next, "("))) {
        Elem *save = d->e;
        d->e = d->e->next;
        t = any_type(d);
        if (!t) { d->e = save; break; }
        if (n < max) out[n] = t;
        n++;
    }
    return n;
}

static Value *opnd(Dec *d, int i) { return op_operand(d->op, i); }

/* the syntax gives n result types but the op binds a different number of names */
static void bind_error(Dec *d, int n) {
    Loc l = d->op->loc;
    if (d->op->nres && d->op->res[0].loc.line) l = d->op->res[0].loc;
    diag_error(d->d, l, "operation defines %d results but was provided %d to bind", n, d->op->nres);
    d->err = true;
}

static Elem *elem_of_operand(Op *op, int i) {
    for (Elem *e = op->custom; e; e = e->next) if (e->kind == E_USE && e->idx == i) return e;
    return NULL;
}

/* the syntax says operand i has type t */
static void want_type(Dec *d, int i, Type *t) {
    Value *v = opnd(d, i);
    if (!v || !t) return;
    if (!v->type) { v->type = t; return; }
    if (v->type != t) {
        Elem *e = elem_of_operand(d->op, i);
        char *a = print_type_str(d->c, t), *b = print_type_str(d->c, v->type);
        diag_error(d->d, e ? e->loc : d->op->loc, "use of value '%s' expects different type than prior uses: '%s' vs '%s'",
                   e ? e->text : "?", a, b);
        free(a); free(b);
        d->err = true;
    }
}

static void merge_attrs(Dec *d, Attr *dict) {
    if (!dict) return;
    for (int i = 0; i < dict->dict.n; i++) op_set_attr(d->c, d->op, dict->dict.ents[i].name, dict->dict.ents[i].value);
}

static void set_res(Op *op, int i, Type *t) { if (i < op->nres) op->res[i].type = t; }

static Type *i1_like(Ctx *c, Type *t) {
    Type *b = type_int(c, 1, SIGNLESS);
    if (type_is_shaped(t)) return type_shaped(c, t->kind, t->sh.rank, t->sh.dims, b, t->sh.enc, NULL);
    return b;
}

/* the loaded type of a pointer type: !tt.ptr<T> -> T, tensor<Nx!tt.ptr<T>> -> tensor<NxT> */
static Type *pointee(Ctx *c, Type *t) {
    if (!t) return NULL;
    if (t->kind == T_PTR) return t->ptr.pointee;
    if (type_is_shaped(t) && t->sh.elem->kind == T_PTR)
        return type_shaped(c, t->kind, t->sh.rank, t->sh.dims, t->sh.elem->ptr.pointee, t->sh.enc, t->sh.space);
    return NULL;
}

/* ---- printing helpers ----------------------------------------------- */
static void P(Printer *p, const char *s) { fputs_unlocked(s, p->f); }
static void print_operands(Printer *p, Op *op, int from, int to) {
    for (int i = from; i < to; i++) { if (i > from) P(p, ", "); print_value(p, op->opnds[i].value); }
}
static void print_types_of_values(Printer *p, Op *op, int from, int to) {
    for (int i = from; i < to; i++) { if (i > from) P(p, ", "); print_type(p, op->opnds[i].value->type); }
}
/* properties and attributes together, sorted, in one dictionary */
static void print_attrs(Printer *p, Op *op, const char *const *elide, int n) {
    if (!op->nprops) { print_attr_dict(p, op->attrs, op->nattrs, elide, n); return; }
    int tot = op->nattrs + op->nprops, k = 0, i = 0, j = 0;
    NamedAttr *all = malloc(sizeof(NamedAttr) * (size_t)tot);
    while (i < op->nprops || j < op->nattrs) {
        if (j >= op->nattrs || (i < op->nprops && strcmp(op->props[i].name, op->attrs[j].name) <= 0)) all[k++] = op->props[i++];
        else all[k++] = op->attrs[j++];
    }
    print_attr_dict(p, all, tot, elide, n);
    free(all);
}

/* inherent attributes of registered ops live in properties (`<{...}>` in
 * generic form), as in MLIR; everything else stays a discardable attribute */
static const struct { int op; const char *names; } inherent[] = {
    { OP_tt_reduce, "axis" }, { OP_tt_scan, "axis reverse" }, { OP_tt_make_range, "start end" },
    { OP_tt_expand_dims, "axis" }, { OP_tt_trans, "order" }, { OP_tt_reshape, "allow_reorder efficient_layout" },
    { OP_tt_load, "boundaryCheck padding cache evict isVolatile operandSegmentSizes" },
    { OP_tt_store, "boundaryCheck cache evict" }, { OP_tt_make_tensor_ptr, "order" },
    { OP_tt_dot, "inputPrecision maxNumImpreciseAcc" }, { OP_tt_gather, "axis efficient_layout" },
    { OP_tt_extern_elementwise, "libname libpath symbol pure" }, { OP_tt_get_program_id, "axis" },
    { OP_tt_get_num_programs, "axis" }, { OP_tt_call, "callee" }, { OP_func_call, "callee" },
    { OP_tt_func, "sym_name function_type sym_visibility arg_attrs res_attrs" },
    { OP_func_func, "sym_name function_type sym_visibility arg_attrs res_attrs" },
    { OP_arith_constant, "value" }, { OP_arith_cmpi, "predicate" }, { OP_arith_cmpf, "predicate fastmath" },
    { OP_tt_histogram, "" }, { OP_tt_atomic_rmw, "atomic_rmw_op sem scope" }, { OP_tt_atomic_cas, "sem scope" },
    { OP_tt_fp_to_fp, "rounding" }, { OP_tt_assert, "message" }, { OP_tt_print, "prefix hex isSigned" },
    { OP_tt_descriptor_load, "cache evict" }, { OP_tt_descriptor_store, "" },
    { OP_tt_spyre_tensor_layout, "phys_src phys_op phys_arg" },
    { OP_tt_inter_tile_reduce, "axis mode combiner scatter_dimension numWkSlicesPerDim coreIdToWkSlice depWkSlices operandSegmentSizes" },
    { OP_tt_make_tensor_descriptor, "padding operandSegmentSizes" },
    { OP_ktdp_construct_memory_view, "coordinate_set memory_space static_sizes static_strides operandSegmentSizes" },
    { OP_ktdp_construct_access_tile, "base_map access_tile_set access_tile_order operandSegmentSizes" },
    { OP_ktdp_construct_indirect_access_tile, "per_dim_subscript_kinds per_dim_subscript_maps variables_space_set variables_space_order operandSegmentSizes" },
    { OP_ktdp_inter_tile_produce, "producer_tiles_per_group" },
    { OP_ktdp_inter_tile_reduce, "consumer_tiles_per_group producer_dependency_per_consumer" },
    { OP_tensor_extract_slice, "static_offsets static_sizes static_strides operandSegmentSizes" },
    { OP_tensor_insert_slice, "static_offsets static_sizes static_strides operandSegmentSizes" },
    { OP_tensor_expand_shape, "reassociation static_output_shape" }, { OP_tensor_collapse_shape, "reassociation" },
    { OP_tensor_concat, "dim" },
    { OP_linalg_fill, "operandSegmentSizes" }, { OP_linalg_matmul, "operandSegmentSizes cast" },
    { OP_linalg_batch_matmul, "operandSegmentSizes" }, { OP_linalg_add, "operandSegmentSizes" },
    { OP_linalg_max, "operandSegmentSizes" }, { OP_linalg_mul, "operandSegmentSizes" },
    { OP_linalg_transpose, "permutation" }, { OP_linalg_broadcast, "dimensions" }, { OP_linalg_reduce, "dimensions" },
    { OP_linalg_index, "dim" },
    { OP_linalg_generic, "indexing_maps iterator_types doc library_call operandSegmentSizes" },
};

void format_move_inherent(Ctx *c, Op *op) {
    int id = op->info->id;
    if (id < 0) return;
    const char *fmt = op->info->format;
    bool ovf = id == OP_arith_addi || id == OP_arith_subi || id == OP_arith_muli || id == OP_arith_shli;
    bool fm = !ovf && id >= 0 && (!strcmp(fmt, "binary") || !strcmp(fmt, "unary") || !strcmp(fmt, "ternary") || id == OP_arith_cmpf) &&
              (!strncmp(op->info->name, "math.", 5) || type_is_float(type_elem(op->nres ? op->res[0].type : NULL)) || id == OP_arith_cmpf) &&
              id != OP_math_absi;
    if (ovf || fm) {
        const char *n = ovf ? "overflowFlags" : "fastmath";
        Attr *a = NULL;
        for (int i = 0; i < op->nattrs; i++) if (!strcmp(op->attrs[i].name, n)) a = op->attrs[i].value;
        if (a) op_set_attr(c, op, n, NULL);
        if (!a) a = op_attr(op, n);
        op_set_prop(c, op, n, a ? a : attr_opaque(c, ovf ? "#arith.overflow<none>" : "#arith.fastmath<none>"));
    }
    if (!op->verbatim && op->nsuccs && op->succ_nargs) {
        if (id == OP_cf_br) op->succ_nargs[0] = op->nopnds;
        Attr *seg = id == OP_cf_cond_br ? op_attr(op, "operandSegmentSizes") : NULL;
        if (!seg) for (int i = 0; i < op->nattrs; i++) if (!strcmp(op->attrs[i].name, "operandSegmentSizes")) seg = op->attrs[i].value;
        if (seg && seg->kind == A_DENSE_ARRAY && seg->darr.n == 3 && seg->darr.i && seg->darr.i[0] + seg->darr.i[1] + seg->darr.i[2] == op->nopnds) {
            op->succ_nargs[0] = (int)seg->darr.i[1];
            op->succ_nargs[1] = (int)seg->darr.i[2];
            op_set_attr(c, op, "operandSegmentSizes", NULL);
            op_set_prop(c, op, "operandSegmentSizes", seg);
        }
    }
    for (size_t k = 0; k < sizeof inherent / sizeof *inherent; k++) {
        if (op->info->id != inherent[k].op) continue;
        const char *names = inherent[k].names;
        for (int i = 0; i < op->nattrs;) {
            const char *n = op->attrs[i].name;
            size_t l = strlen(n);
            const char *f = strstr(names, n);
            bool hit = false;
            while (f) {
                if ((f == names || f[-1] == ' ') && (f[l] == 0 || f[l] == ' ')) { hit = true; break; }
                f = strstr(f + 1, n);
            }
            if (hit) {
                Attr *v = op->attrs[i].value;
                op_set_attr(c, op, n, NULL);
                op_set_prop(c, op, n, v);
            } else i++;
        }
        return;
    }
}
static void print_name(Printer *p, Op *op) {
    const char *n = op->info->name;
    Op *par = op_parent(op);
    if ((op_is(op, OP_func_return) || op_is(op, OP_func_call)) && par && op_is(par, OP_func_func)) n += 5;
    P(p, n);
}

/* ---- families ------------------------------------------------------- */

/* `overflow<nsw, nuw>` / `fastmath<fast>` after the operands: kept as the
 * #arith.overflow / #arith.fastmath property */
static bool dec_flags(Dec *d) {
    for (int k = 0; k < 2; k++) {
        const char *kw = k ? "fastmath" : "overflow";
        if (!is_tok(d->e, kw) || !is_tok(d->e->next, "<")) continue;
        char buf[256];
        size_t n = (size_t)snprintf(buf, sizeof buf, "#arith.%s<", kw);
        Elem *e = d->e->next->next;
        for (; e && !is_tok(e, ">"); e = e->next) {
            if (e->kind != E_WORD && !is_tok(e, ",")) return false;
            if (e != d->e->next->next && e->space && n < sizeof buf - 1) buf[n++] = ' ';
            n += (size_t)snprintf(buf + n, sizeof buf - n, "%s", e->text);
            if (n >= sizeof buf - 2) return false;
        }
        if (!e) return false;
        buf[n++] = '>';
        buf[n] = 0;
        d->e = e->next;
        op_set_prop(d->c, d->op, k ? "fastmath" : "overflowFlags", attr_opaque(d->c, buf));
    }
    return true;
}
static void pr_flags(Printer *p, Op *op) {
    static const char *const names[] = { "overflowFlags", "fastmath" };
    static const char *const pre[] = { "#arith.overflow", "#arith.fastmath" };
    for (int k = 0; k < 2; k++) {
        Attr *f = op_attr(op, names[k]);
        if (!f || f->kind != A_OPAQUE || strncmp(f->str.s, pre[k], strlen(pre[k]))) continue;
        const char *body = f->str.s + strlen(pre[k]);
        if (!strcmp(body, "<none>")) continue;
        fputs(k ? " fastmath" : " overflow", p->f);
        fputs(body, p->f);
    }
}

/* %a, %b attr-dict : T  (operands and results share T) */
static bool dec_same(Dec *d, int n) {
    if (uses(d, NULL) != n) return false;
    if (!dec_flags(d)) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *t = type_el(d);
    if (!t || !at_end(d) || d->op->nres != 1) return false;
    for (int i = 0; i < n; i++) want_type(d, i, t);
    merge_attrs(d, a);
    set_res(d->op, 0, t);
    return true;
}
static bool dec_unary(Dec *d) { return dec_same(d, 1); }
static bool dec_binary(Dec *d) { return dec_same(d, 2); }
static bool dec_ternary(Dec *d) { return dec_same(d, 3); }
static void pr_same(Printer *p, Op *op) {
    print_name(p, op);
    P(p, " ");
    print_operands(p, op, 0, op->nopnds);
    pr_flags(p, op);
    static const char *const el[] = { "fastmath", "overflowFlags" };
    print_attrs(p, op, el, 2);
    P(p, " : ");
    print_type(p, op->res[0].type);
}

/* arith.constant VALUE attr-dict [: T] */
static bool dec_constant(Dec *d) {
    if (d->op->nres != 1 || d->op->nopnds) return false;
    Elem *ve = d->e;
    if (!ve) return false;
    d->e = ve->next;
    if (is_tok(ve, "-")) d->e = ve->next ? ve->next->next : NULL;
    Attr *a = dict_opt(d);
    Type *t = NULL;
    if (eat(d, ":")) { t = type_el(d); if (!t) return false; }
    if (!at_end(d)) return false;
    Attr *val = NULL;
    const char *err = NULL;
    if (ve->kind == E_ATTR && ve->text && !strcmp(ve->text, "dense")) {
        if (!t) return false;
        val = dense_from_literal(d->c, ve->attr, t, &err);
    } else if (ve->kind == E_INT || ve->kind == E_FLOAT || (ve->kind == E_WORD && (!strcmp(ve->text, "true") || !strcmp(ve->text, "false")))) {
        if (ve->kind == E_WORD) {
            if (!t) t = type_int(d->c, 1, SIGNLESS);
            if (!type_is_int(t, 1)) { err = "boolean literal requires an i1 type"; }
            else val = attr_int(d->c, t, ve->text[0] == 't');
        } else {
            if (!t) return false;
            char *s = (char *)ve->text;
            Token tk = { s, (int)strlen(s), ve->loc.line, ve->loc.col, NULL };
            PState ps = { .ctx = d->c, .diag = d->d, .file = ve->loc.file };
            ps.last = tk;
            Attr *lit = ps_number(&ps, &tk, false);
            if (ps.failed) { d->err = true; return false; }
            bool neg = false;
            (void)neg;
            if (t->kind == T_INT || t->kind == T_INDEX || t->kind == T_FLOAT) {
                ps.diag = d->d;
                val = ps_typed_number(&ps, lit, t);
                if (ps.failed) { d->err = true; return false; }
            } else err = "invalid type for a number literal";
        }
    } else if (ve->kind == E_PUNCT && !strcmp(ve->text, "-")) {
        /* -N : T */
        Elem *num = ve->next;
        if (!num || (num->kind != E_INT && num->kind != E_FLOAT) || !t) return false;
        Token tk = { num->text, (int)strlen(num->text), num->loc.line, num->loc.col, NULL };
        PState ps = { .ctx = d->c, .diag = d->d, .file = num->loc.file };
        ps.last = tk;
        Attr *lit = ps_number(&ps, &tk, true);
        if (!ps.failed) val = ps_typed_number(&ps, lit, t);
        if (ps.failed) { d->err = true; return false; }
    } else if (ve->kind == E_ATTR && !ve->text) {
        val = ve->attr;
        if (t && val->kind == A_INT && !val->type) return false;
        if (!t) t = val->type;
    } else return false;
    if (!val) {
        if (err) { diag_error(d->d, ve->loc, "%s", err); d->err = true; }
        return false;
    }
    if (!t) t = val->type;
    op_set_prop(d->c, d->op, "value", val);
    merge_attrs(d, a);
    set_res(d->op, 0, t);
    return true;
}
static void pr_constant(Printer *p, Op *op) {
    print_name(p, op);
    static const char *const el[] = { "value" };
    print_attrs(p, op, el, 1);
    P(p, " ");
    Attr *v = op_attr(op, "value");
    if (!v) { P(p, "<<missing value>>"); return; }
    if (v->kind == A_INT && v->type && v->type->kind == T_INT && v->type->i.width == 1) { P(p, v->i ? "true" : "false"); return; }
    print_attr(p, v);
}

/* arith.cmpi PRED, %a, %b attr-dict : T */
static const char *const cmpi_preds[] = { "eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge", NULL };
static const char *const cmpf_preds[] = { "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true", NULL };
static bool dec_cmp(Dec *d) {
    const char *const *preds = op_is(d->op, OP_arith_cmpi) ? cmpi_preds : cmpf_preds;
    /* a bare keyword, or a string as MLIR also reads it: arith.cmpf "oeq", ... */
    if (!d->e || (d->e->kind != E_WORD && d->e->kind != E_STRING)) return false;
    const char *w = d->e->text;
    size_t wl = strlen(w);
    if (d->e->kind == E_STRING) { w++; wl = wl >= 2 ? wl - 2 : 0; }
    int k = -1;
    for (int i = 0; preds[i]; i++) if (strlen(preds[i]) == wl && !strncmp(preds[i], w, wl)) k = i;
    if (k < 0) { diag_error(d->d, d->e->loc, "unknown comparison predicate '%s'", d->e->text); d->err = true; return false; }
    d->e = d->e->next;
    if (!eat(d, ",") || uses(d, NULL) != 2) return false;
    if (!dec_flags(d)) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *t = type_el(d);
    if (!t || !at_end(d) || d->op->nres != 1) return false;
    want_type(d, 0, t); want_type(d, 1, t);
    op_set_prop(d->c, d->op, "predicate", attr_int(d->c, type_int(d->c, 64, SIGNLESS), k));
    merge_attrs(d, a);
    set_res(d->op, 0, i1_like(d->c, t));
    return true;
}
static void pr_cmp(Printer *p, Op *op) {
    const char *const *preds = op_is(op, OP_arith_cmpi) ? cmpi_preds : cmpf_preds;
    Attr *pr = op_attr(op, "predicate");
    print_name(p, op);
    P(p, " ");
    int n = op_is(op, OP_arith_cmpi) ? 10 : 16;
    P(p, pr && pr->kind == A_INT && pr->i >= 0 && pr->i < n ? preds[pr->i] : "<<bad predicate>>");
    P(p, ", ");
    print_operands(p, op, 0, op->nopnds);
    pr_flags(p, op);
    static const char *const el[] = { "fastmath", "predicate" };
    print_attrs(p, op, el, 2);
    P(p, " : ");
    print_type(p, op->opnds[0].value->type);
}

/* arith.select %c, %a, %b attr-dict : [Tc,] T */
static bool dec_select(Dec *d) {
    if (uses(d, NULL) != 3) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *ts[2];
    int n = types(d, ts, 2);
    if (n < 1 || n > 2 || !at_end(d) || d->op->nres != 1) return false;
    Type *t = ts[n - 1];
    if (n == 2) want_type(d, 0, ts[0]);
    else want_type(d, 0, type_int(d->c, 1, SIGNLESS));
    want_type(d, 1, t); want_type(d, 2, t);
    merge_attrs(d, a);
    set_res(d->op, 0, t);
    return true;
}
static void pr_select(Printer *p, Op *op) {
    print_name(p, op);
    P(p, " ");
    print_operands(p, op, 0, 3);
    print_attrs(p, op, NULL, 0);
    P(p, " : ");
    Type *ct = op->opnds[0].value->type;
    if (type_is_shaped(ct)) { print_type(p, ct); P(p, ", "); }
    print_type(p, op->res[0].type);
}

/* %a attr-dict : T1 to T2 */
static bool dec_cast(Dec *d) {
    if (uses(d, NULL) != 1) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *from = type_el(d);
    if (!from || !eat(d, "to")) return false;
    Type *to = type_el(d);
    if (!to || !at_end(d) || d->op->nres != 1) return false;
    want_type(d, 0, from);
    merge_attrs(d, a);
    set_res(d->op, 0, to);
    return true;
}
static void pr_cast(Printer *p, Op *op) {
    print_name(p, op);
    P(p, " ");
    print_operands(p, op, 0, 1);
    print_attrs(p, op, NULL, 0);
    P(p, " : ");
    print_type(p, op->opnds[0].value->type);
    P(p, " to ");
    print_type(p, op->res[0].type);
}

/* builtin.unrealized_conversion_cast %a, %b : T1, T2 to R1, R2 */
static bool dec_cast_list(Dec *d) {
    int n = uses(d, NULL);
    Attr *a = dict_opt(d);
    Type *in[64], *out[64];
    int ni = 0, no;
    if (n) {
        if (!eat(d, ":")) return false;
        ni = types(d, in, 64);
        if (ni != n) return false;
    }
    if (!eat(d, "to")) return false;
    no = types(d, out, 64);
    if (no != d->op->nres || !at_end(d) || no > 64 || ni > 64) return false;
    for (int i = 0; i < n; i++) want_type(d, i, in[i]);
    for (int i = 0; i < no; i++) set_res(d->op, i, out[i]);
    merge_attrs(d, a);
    return true;
}
static void pr_cast_list(Printer *p, Op *op) {
    print_name(p, op);
    if (op->nopnds) { P(p, " "); print_operands(p, op, 0, op->nopnds); }
    print_attrs(p, op, NULL, 0);
    if (op->nopnds) { P(p, " : "); print_types_of_values(p, op, 0, op->nopnds); }
    P(p, " to ");
    for (int i = 0; i < op->nres; i++) { if (i) P(p, ", "); print_type(p, op->res[i].type); }
}

/* return-like: NAME [%a, %b : T1, T2] */
static bool dec_return(Dec *d) {
    int n = uses(d, NULL);
    Attr *a = dict_opt(d);
    if (n) {
        if (!eat(d, ":")) return false;
        Type *ts[256];
        int nt = types(d, ts, 256);
        if (nt != n || n > 256) return false;
        for (int i = 0; i < n; i++) want_type(d, i, ts[i]);
    }
    if (!at_end(d) || d->op->nres) return false;
    merge_attrs(d, a);
    return true;
}
static void pr_return(Printer *p, Op *op) {
    print_name(p, op);
    print_attrs(p, op, NULL, 0);
    if (op->nopnds) {
        P(p, " ");
        print_operands(p, op, 0, op->nopnds);
        P(p, " : ");
        print_types_of_values(p, op, 0, op->nopnds);
    }
}

/* call @f(%a, %b) attr-dict : (T...) -> R */
static bool dec_call(Dec *d) {
    Attr *callee = attr_el(d);
    if (!callee || callee->kind != A_SYMREF || !eat(d, "(")) return false;
    int n = uses(d, NULL);
    if (!eat(d, ")")) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":") || !eat(d, "(")) return false;
    Type *in[256], *out[256];
    int ni = 0, no = 0;
    if (!eat(d, ")")) { ni = types(d, in, 256); if (!eat(d, ")")) return false; }
    if (!eat(d, "->")) return false;
    if (eat(d, "(")) { if (!eat(d, ")")) { no = types(d, out, 256); if (!eat(d, ")")) return false; } }
    else { Type *t = type_el(d); if (!t) return false; out[0] = t; no = 1; }
    if (!at_end(d) || ni != n || no != d->op->nres || ni > 256 || no > 256) return false;
    for (int i = 0; i < n; i++) want_type(d, i, in[i]);
    for (int i = 0; i < no; i++) set_res(d->op, i, out[i]);
    op_set_prop(d->c, d->op, "callee", callee);
    merge_attrs(d, a);
    return true;
}
static void pr_call(Printer *p, Op *op) {
    print_name(p, op);
    P(p, " ");
    print_attr(p, op_attr(op, "callee"));
    P(p, "(");
    print_operands(p, op, 0, op->nopnds);
    P(p, ")");
    static const char *const el[] = { "callee" };
    print_attrs(p, op, el, 1);
    P(p, " : ");
    print_functional_type(p, op);
}

/* func.func / tt.func: [visibility] @name(%a: T {attrs}, ...) [-> (R {attrs}, ...)]
 *                      [attributes {dict}] [region] */
static bool dec_func(Dec *d) {
    Ctx *c = d->c;
    Op *op = d->op;
    Attr *vis = NULL;
    if (d->e && d->e->kind == E_WORD && (!strcmp(d->e->text, "private") || !strcmp(d->e->text, "public") || !strcmp(d->e->text, "nested"))) {
        vis = attr_string(c, d->e->text, strlen(d->e->text));
        d->e = d->e->next;
    }
    Attr *name = attr_el(d);
    if (!name || name->kind != A_SYMREF || name->sym.n != 1 || !eat(d, "(")) return false;
    PtrVec in = {0}, out = {0}, inattrs = {0}, outattrs = {0};
    bool anyin = false, anyout = false, ok = false;
    Block *entry = op->nregions ? op->regions[0].first : NULL;
    int nargs = 0;
    if (!eat(d, ")")) {
        for (;;) {
            Elem *def = def_el(d);
            Type *t;
            if (!def && d->e && d->e->kind == E_WORD && d->e->text[0] == '%' && is_tok(d->e->next, ":") && !op->nregions) {
                d->e = d->e->next->next;   /* a named argument of a declaration */
                t = any_type(d);
                if (!t) goto done;
            } else if (def) {
                if (!eat(d, ":")) goto done;
                t = any_type(d);
                if (!t || !entry || def->val->block != entry) goto done;
                nargs++;
            } else {
                t = any_type(d);
                if (!t) goto done;
            }
            Attr *at = dict_opt(d);
            if (d->e && d->e->kind == E_ATTR && d->e->attr->kind == A_LOC) {
                if (def) def->val->locattr = d->e->attr;
                d->e = d->e->next;
            }
            pv_push(&in, t);
            pv_push(&inattrs, at ? at : attr_dict(c, 0, NULL));
            if (at && at->dict.n) anyin = true;
            if (eat(d, ",")) continue;
            if (eat(d, ")")) break;
            goto done;
        }
    }
    if (eat(d, "->")) {
        if (eat(d, "(")) {
            if (!eat(d, ")")) {
                for (;;) {
                    Type *t = any_type(d);
                    if (!t) goto done;
                    Attr *at = dict_opt(d);
                    pv_push(&out, t);
                    pv_push(&outattrs, at ? at : attr_dict(c, 0, NULL));
                    if (at && at->dict.n) anyout = true;
                    if (eat(d, ",")) continue;
                    if (eat(d, ")")) break;
                    goto done;
                }
            }
        } else {
            Type *t = any_type(d);
            if (!t) goto done;
            pv_push(&out, t);
            pv_push(&outattrs, attr_dict(c, 0, NULL));
        }
    }
    Attr *extra = NULL;
    if (eat(d, "attributes")) { extra = dict_opt(d); if (!extra) goto done; }
    int r = region_el(d);
    if (!at_end(d)) goto done;
    if (r < 0 && op->nregions) goto done;
    if (r < 0) {   /* a declaration still has its (empty) body region */
        op->regions = ctx_alloc(c, sizeof(Region));
        op->regions[0].op = op;
        op->nregions = 1;
    }
    if (r >= 0 && nargs != in.n) goto done;
    if (op->nres) goto done;
    /* entry block arguments get the signature's types */
    if (entry) for (int i = 0; i < entry->nargs && i < in.n; i++) entry->args[i]->type = in.v[i];
    op_set_prop(c, op, "sym_name", attr_string(c, name->sym.names[0], strlen(name->sym.names[0])));
    op_set_prop(c, op, "function_type", attr_type(c, type_func(c, in.n, (Type *const *)in.v, out.n, (Type *const *)out.v)));
    if (vis) op_set_prop(c, op, "sym_visibility", vis);
    if (anyin) op_set_prop(c, op, "arg_attrs", attr_array(c, inattrs.n, (Attr *const *)inattrs.v));
    if (anyout) op_set_prop(c, op, "res_attrs", attr_array(c, outattrs.n, (Attr *const *)outattrs.v));
    merge_attrs(d, extra);
    ok = true;
done:
    pv_free(&in); pv_free(&out); pv_free(&inattrs); pv_free(&outattrs);
    return ok;
}
static void pr_func(Printer *p, Op *op) {
    print_name(p, op);
    P(p, " ");
    Attr *vis = op_attr(op, "sym_visibility");
    if (vis && vis->kind == A_STRING) { fwrite(vis->str.s, 1, vis->str.len, p->f); P(p, " "); }
    Attr *name = op_attr(op, "sym_name");
    P(p, "@");
    if (name) {
        const char *s = name->str.s;
        bool bare = (s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z') || s[0] == '_';
        for (const char *q = s; *q && bare; q++)
            bare = (*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z') || (*q >= '0' && *q <= '9') || *q == '_' || *q == '$' || *q == '.';
        if (bare) P(p, s); else { P(p, "\""); print_escaped(p, s, name->str.len); P(p, "\""); }
    }
    Attr *ft = op_attr(op, "function_type");
    Type *t = ft ? ft->type : NULL;
    Attr *argattrs = op_attr(op, "arg_attrs"), *resattrs = op_attr(op, "res_attrs");
    Block *entry = op->nregions && op->regions[0].first ? op->regions[0].first : NULL;
    P(p, "(");
    for (int i = 0; t && i < t->fn.nin; i++) {
        if (i) P(p, ", ");
        if (entry && i < entry->nargs) {
            print_value(p, entry->args[i]);
            P(p, ": ");
        }
        print_type(p, t->fn.in[i]);
        if (argattrs && argattrs->kind == A_ARRAY && i < argattrs->arr.n && argattrs->arr.elts[i]->kind == A_DICT && argattrs->arr.elts[i]->dict.n) {
            P(p, " ");
            print_attr(p, argattrs->arr.elts[i]);
        }
        if (p->o.debuginfo && entry && i < entry->nargs) print_arg_loc_pub(p, entry->args[i]);
    }
    P(p, ")");
    if (t && t->fn.nout) {
        P(p, " -> ");
        bool paren = t->fn.nout > 1 || resattrs || t->fn.out[0]->kind == T_FUNC;
        if (paren) P(p, "(");
        for (int i = 0; i < t->fn.nout; i++) {
            if (i) P(p, ", ");
            print_type(p, t->fn.out[i]);
            if (resattrs && resattrs->kind == A_ARRAY && i < resattrs->arr.n && resattrs->arr.elts[i]->kind == A_DICT && resattrs->arr.elts[i]->dict.n) {
                P(p, " ");
                print_attr(p, resattrs->arr.elts[i]);
            }
        }
        if (paren) P(p, ")");
    }
    if (op->nattrs) { P(p, " attributes"); print_attr_dict(p, op->attrs, op->nattrs, NULL, 0); }
    if (op->nregions && op->regions[0].first) {
        P(p, " ");
        print_region(p, &op->regions[0], false, true, false);
    }
}

/* module [@name] [attributes {dict}] region */
static bool dec_module(Dec *d) {
    Attr *name = NULL;
    if (d->e && d->e->kind == E_ATTR && d->e->attr->kind == A_SYMREF) name = attr_el(d);
    Attr *extra = NULL;
    if (eat(d, "attributes")) { extra = dict_opt(d); if (!extra) return false; }
    if (region_el(d) != 0 || !at_end(d) || d->op->nres) return false;
    if (name) op_set_prop(d->c, d->op, "sym_name", attr_string(d->c, name->sym.names[0], strlen(name->sym.names[0])));
    merge_attrs(d, extra);
    return true;
}
static void pr_module(Printer *p, Op *op) {
    P(p, "module");
    Attr *name = op_attr(op, "sym_name");
    if (name) { P(p, " @"); fwrite(name->str.s, 1, name->str.len, p->f); }
    if (op->nattrs) { P(p, " attributes"); print_attr_dict(p, op->attrs, op->nattrs, NULL, 0); }
    P(p, " ");
    print_region(p, &op->regions[0], false, true, false);
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
    static const char *const kw[] = { "allow_reorder", "efficient_layout" };
    for (int i = 0; i < 2; i++) if (op_is(op, OP_tt_reshape) && op_attr(op, kw[i])) { P(p, " "); P(p, kw[i]); }
    print_attrs(p, op, op_is(op, OP_tt_reshape) ? kw : NULL, op_is(op, OP_tt_reshape) ? 2 : 0);
    P(p, " : ");
    print_type(p, op->opnds[0].value->type);
    P(p, " -> ");
    bool same = true;
    for (int i = 1; i < op->nres; i++) if (op->res[i].type != op->res[0].type) same = false;
    for (int i = 0; i < (same ? 1 : op->nres); i++) { if (i) P(p, ", "); print_type(p, op->res[i].type); }
}

/* NAME %a, %b attr-dict : T0, T1 -> result has T0 (tt.addptr) */
static bool dec_pair(Dec *d) {
    if (uses(d, NULL) != 2) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *ts[2];
    if (types(d, ts, 2) != 2 || !at_end(d) || d->op->nres != 1) return false;
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
    if (d->op->nopnds || d->op->nres != 1) return false;
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
    if (d->op->nopnds || d->op->nres != 1 || !d->e || d->e->kind != E_WORD) return false;
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
    if (uses(d, NULL) != 1 || d->op->nres != 1) return false;
    Attr *a = dict_opt(d);
    if (eat(d, ",")) {
        if (!eat(d, "rounding") || !eat(d, "=") || !d->e || d->e->kind != E_WORD) return false;
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
    if (!eat(d, "=") || !d->e || d->e->kind != E_WORD) return false;
    int k = -1;
    for (int i = 1; names[i]; i++) if (!strcmp(names[i], d->e->text)) k = i;
    if (k < 0) { diag_error(d->d, d->e->loc, "unknown %s '%s'", kw, d->e->text); d->err = true; return false; }
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

static bool dec_load(Dec *d) {
    int n = uses(d, NULL);
    if (n < 1 || n > 3 || d->op->nres != 1) return false;
    if (!dec_memory_opt(d)) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *t = type_el(d);
    if (!t || !at_end(d)) return false;
    Type *r = pointee(d->c, t);
    if (!r) return false;
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
    int n = uses(d, NULL);
    if (n < 2 || n > 3 || d->op->nres) return false;
    if (!dec_memory_opt(d)) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *t = type_el(d);
    if (!t || !at_end(d)) return false;
    Type *r = pointee(d->c, t);
    if (!r) return false;
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
    if (uses(d, NULL) != 3 || d->op->nres != 1) return false;
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

/* tensor.empty(%d0, ...) attr-dict : T */
static bool dec_empty(Dec *d) {
    if (!eat(d, "(")) return false;
    int n = uses(d, NULL);
    if (!eat(d, ")")) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *t = type_el(d);
    if (!t || !at_end(d) || d->op->nres != 1) return false;
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

/* an implicit `scf.yield` closes a block that has no terminator */
static void ensure_yield(Ctx *c, Region *r, Loc loc) {
    for (Block *b = r->first; b; b = b->next) {
        if (b->last && (b->last->info->traits & TR_TERMINATOR)) continue;
        Op *y = op_new(c, "scf.yield", 0, NULL, 0, NULL, 0, loc);
        op_append(b, y);
    }
    if (!r->first) {
        Block *b = block_new(c);
        region_append_block(r, b);
        op_append(b, op_new(c, "scf.yield", 0, NULL, 0, NULL, 0, loc));
    }
}

/* scf.for %i = %lb to %ub step %s [iter_args(%a = %x, ...) -> (T, ...)] [: T] {...} [attr-dict] */
static bool dec_for(Dec *d) {
    Op *op = d->op;
    Elem *iv = def_el(d);
    if (!iv || !eat(d, "=")) return false;
    if (!use_elem(d) || !eat(d, "to") || !use_elem(d) || !eat(d, "step") || !use_elem(d)) return false;
    int ninit = 0;
    Type *rt[256];
    int nrt = 0;
    if (eat(d, "iter_args")) {
        if (!eat(d, "(")) return false;
        for (;;) {
            if (!def_el(d) || !eat(d, "=") || !use_elem(d)) return false;
            ninit++;
            if (eat(d, ",")) continue;
            if (eat(d, ")")) break;
            return false;
        }
        if (!eat(d, "->")) return false;
        if (eat(d, "(")) { nrt = types(d, rt, 256); if (!eat(d, ")")) return false; }
        else { Type *t = type_el(d); if (!t) return false; rt[0] = t; nrt = 1; }
        if (nrt != ninit || nrt > 256) return false;
    }
    Type *ivt = NULL;
    if (eat(d, ":")) { ivt = type_el(d); if (!ivt) return false; }
    int r = region_el(d);
    if (r != 0) return false;
    Attr *a = dict_opt(d);
    if (!at_end(d) || op->nopnds != 3 + ninit) return false;
    if (op->nres != ninit) { bind_error(d, ninit); return false; }
    Block *entry = op->regions[0].first;
    if (!entry || entry->nargs != 1 + ninit || iv->val != entry->args[0]) return false;
    if (!ivt) ivt = op_operand(op, 0)->type ? op_operand(op, 0)->type : type_index(d->c);
    for (int i = 0; i < 3; i++) want_type(d, i, ivt);
    entry->args[0]->type = ivt;
    for (int i = 0; i < ninit; i++) {
        want_type(d, 3 + i, rt[i]);
        entry->args[1 + i]->type = rt[i];
        set_res(op, i, rt[i]);
    }
    ensure_yield(d->c, &op->regions[0], op->loc);
    merge_attrs(d, a);
    return true;
}
static void pr_for(Printer *p, Op *op) {
    Block *entry = op->regions[0].first;
    print_name(p, op);
    P(p, " ");
    print_value(p, entry->args[0]);
    P(p, " = ");
    print_value(p, op_operand(op, 0));
    P(p, " to ");
    print_value(p, op_operand(op, 1));
    P(p, " step ");
    print_value(p, op_operand(op, 2));
    int n = op->nopnds - 3;
    if (n > 0) {
        P(p, " iter_args(");
        for (int i = 0; i < n; i++) {
            if (i) P(p, ", ");
            print_value(p, entry->args[1 + i]);
            P(p, " = ");
            print_value(p, op_operand(op, 3 + i));
        }
        P(p, ") -> (");
        print_types_of_values(p, op, 3, op->nopnds);
        P(p, ")");
    }
    P(p, " ");
    if (entry->args[0]->type && entry->args[0]->type->kind != T_INDEX) {
        P(p, " : ");
        print_type(p, entry->args[0]->type);
        P(p, " ");
    }
    print_region(p, &op->regions[0], false, n > 0, false);
    print_attrs(p, op, NULL, 0);
}

/* scf.if %c [-> (T, ...)] {...} [else {...}] [attr-dict] */
static bool dec_if(Dec *d) {
    Op *op = d->op;
    if (uses(d, NULL) != 1) return false;
    Type *rt[256];
    int nrt = 0;
    if (eat(d, "->")) {
        if (eat(d, "(")) { nrt = types(d, rt, 256); if (!eat(d, ")")) return false; }
        else { Type *t = type_el(d); if (!t) return false; rt[0] = t; nrt = 1; }
    }
    if (region_el(d) != 0) return false;
    if (eat(d, "else") && region_el(d) != 1) return false;
    Attr *a = dict_opt(d);
    if (!at_end(d) || nrt > 256) return false;
    if (nrt != op->nres) { bind_error(d, nrt); return false; }
    for (int r = 0; r < op->nregions; r++) if (op->regions[r].first && op->regions[r].first->nargs) return false;
    want_type(d, 0, type_int(d->c, 1, SIGNLESS));
    for (int i = 0; i < nrt; i++) set_res(op, i, rt[i]);
    if (op->nregions == 1) {   /* scf.if always has an else region, maybe empty */
        Region *nr = ctx_alloc(d->c, sizeof(Region) * 2);
        nr[0] = op->regions[0];
        nr[0].op = op; nr[1].op = op;
        for (Block *b = nr[0].first; b; b = b->next) b->region = &nr[0];
        op->regions = nr;
        op->nregions = 2;
    }
    ensure_yield(d->c, &op->regions[0], op->loc);
    if (op->regions[1].first) ensure_yield(d->c, &op->regions[1], op->loc);
    merge_attrs(d, a);
    return true;
}
static void pr_if(Printer *p, Op *op) {
    print_name(p, op);
    P(p, " ");
    print_value(p, op_operand(op, 0));
    if (op->nres) {
        P(p, " -> (");
        for (int i = 0; i < op->nres; i++) { if (i) P(p, ", "); print_type(p, op->res[i].type); }
        P(p, ")");
    }
    P(p, " ");
    print_region(p, &op->regions[0], false, op->nres > 0, false);
    if (op->nregions > 1 && op->regions[1].first) {
        P(p, " else ");
        print_region(p, &op->regions[1], false, op->nres > 0, false);
    }
    print_attrs(p, op, NULL, 0);
}

/* scf.condition(%c) %a, %b : T, T */
static bool dec_condition(Dec *d) {
    if (!eat(d, "(") || uses(d, NULL) != 1 || !eat(d, ")")) return false;
    int n = uses(d, NULL);
    Attr *a = dict_opt(d);
    if (n) {
        Type *ts[256];
        if (!eat(d, ":") || types(d, ts, 256) != n || n > 256) return false;
        for (int i = 0; i < n; i++) want_type(d, 1 + i, ts[i]);
    }
    if (!at_end(d) || d->op->nres) return false;
    want_type(d, 0, type_int(d->c, 1, SIGNLESS));
    merge_attrs(d, a);
    return true;
}
static void pr_condition(Printer *p, Op *op) {
    print_name(p, op);
    P(p, "(");
    print_value(p, op_operand(op, 0));
    P(p, ")");
    print_attrs(p, op, NULL, 0);
    if (op->nopnds > 1) {
        P(p, " ");
        print_operands(p, op, 1, op->nopnds);
        P(p, " : ");
        print_types_of_values(p, op, 1, op->nopnds);
    }
}

/* scf.while (%a = %x, ...) : (T...) -> (R...) {...} do {...} [attributes {...}] */
static bool dec_while(Dec *d) {
    Op *op = d->op;
    if (!eat(d, "(")) return false;
    int n = 0;
    if (!eat(d, ")")) {
        for (;;) {
            if (!def_el(d) || !eat(d, "=") || !use_elem(d)) return false;
            n++;
            if (eat(d, ",")) continue;
            if (eat(d, ")")) break;
            return false;
        }
    }
    if (!eat(d, ":") || !eat(d, "(")) return false;
    Type *in[256], *out[256];
    int ni = 0, no = 0;
    if (!eat(d, ")")) { ni = types(d, in, 256); if (!eat(d, ")")) return false; }
    if (!eat(d, "->")) return false;
    if (eat(d, "(")) { if (!eat(d, ")")) { no = types(d, out, 256); if (!eat(d, ")")) return false; } }
    else { Type *t = type_el(d); if (!t) return false; out[0] = t; no = 1; }
    if (region_el(d) != 0 || !eat(d, "do") || region_el(d) != 1) return false;
    Attr *a = NULL;
    if (eat(d, "attributes")) { a = dict_opt(d); if (!a) return false; }
    if (!at_end(d) || ni != n || no != op->nres || ni > 256 || no > 256) return false;
    Block *before = op->regions[0].first;
    if (!before || before->nargs != n) return false;
    for (int i = 0; i < n; i++) { want_type(d, i, in[i]); before->args[i]->type = in[i]; }
    for (int i = 0; i < no; i++) set_res(op, i, out[i]);
    merge_attrs(d, a);
    return true;
}
static void pr_while(Printer *p, Op *op) {
    Block *before = op->regions[0].first;
    print_name(p, op);
    P(p, " (");
    for (int i = 0; i < op->nopnds; i++) {
        if (i) P(p, ", ");
        print_value(p, before->args[i]);
        P(p, " = ");
        print_value(p, op_operand(op, i));
    }
    P(p, ") : (");
    print_types_of_values(p, op, 0, op->nopnds);
    P(p, ") -> ");
    if (op->nres == 1) print_type(p, op->res[0].type);
    else {
        P(p, "(");
        for (int i = 0; i < op->nres; i++) { if (i) P(p, ", "); print_type(p, op->res[i].type); }
        P(p, ")");
    }
    P(p, " ");
    print_region(p, &op->regions[0], false, true, false);
    P(p, " do ");
    print_region(p, &op->regions[1], true, true, false);
    if (op->nattrs) { P(p, " attributes"); print_attrs(p, op, NULL, 0); }
}

/* the text of the elements of an angle group, `<...>`, as written; with
 * alias false, attributes are printed inline (`<64x64xf32>`), so the text
 * does not depend on alias names the printer may change */
static char *group_text(Dec *d, bool alias) {
    if (!is_tok(d->e, "<")) return NULL;
    char *buf = NULL; size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    Printer p = { .f = f, .c = d->c, .alias_ok = alias };
    int depth = 0;
    for (Elem *e = d->e; e; e = e->next) {
        if (e != d->e && e->space) fputc(' ', f);
        if (e->kind == E_TYPE) print_type(&p, e->type);
        else if (e->kind == E_ATTR && !e->text) { if (alias) print_attr(&p, e->attr); else print_attr_noalias(&p, e->attr); }
        else if (e->text && (e->kind == E_PUNCT || e->kind == E_WORD || e->kind == E_INT || e->kind == E_FLOAT)) fputs(e->text, f);
        else { fclose(f); free(buf); return NULL; }
        if (is_tok(e, "<")) depth++;
        if (is_tok(e, ">") && --depth == 0) { d->e = e->next; break; }
    }
    fclose(f);
    if (depth) { free(buf); return NULL; }
    return buf;
}

/* tt.spyre_tensor_layout %desc attr-dict : <512x1024xf32>  (the descriptor
 * type printed without its !tt.tensordesc prefix, as ODS does for a type of
 * the op's own dialect) */
static bool dec_layout(Dec *d) {
    if (uses(d, NULL) != 1 || d->op->nres) return false;
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
    print_name(p, op);
    P(p, " ");
    print_operands(p, op, 0, 1);
    print_attrs(p, op, NULL, 0);
    P(p, " : ");
    Type *t = op->opnds[0].value->type;
    if (t && t->kind == T_OPAQUE && t->opq.body && !t->alias) { P(p, t->opq.body); print_type_done(p); }
    else print_type(p, t);
}

/* a successor with its arguments: ^bb1(%a, %b : i32, f32) */
static Elem *succ_el(Dec *d) {
    if (!d->e || d->e->kind != E_SUCC) return NULL;
    Elem *e = d->e;
    d->e = e->next;
    return e;
}
static bool dec_succ(Dec *d, int *first_opnd, int k) {
    Elem *s = succ_el(d);
    if (!s) return false;
    int n = 0;
    if (is_tok(d->e, "(") && !d->e->space) {
        d->e = d->e->next;
        Elem *f = NULL;
        n = uses(d, &f);
        Type *ts[64];
        if (!n || !eat(d, ":") || types(d, ts, 64) != n || n > 64 || !eat(d, ")")) return false;
        for (int i = 0; i < n; i++) want_type(d, f->idx + i, ts[i]);
        if (f->idx != *first_opnd) return false;
    }
    d->op->succ_nargs[k] = n;
    *first_opnd += n;
    return true;
}
static bool dec_br(Dec *d) {
    if (d->op->nsuccs != 1 || d->op->nres) return false;
    int next = 0;
    if (!dec_succ(d, &next, 0)) return false;
    Attr *a = dict_opt(d);
    if (!at_end(d) || next != d->op->nopnds) return false;
    merge_attrs(d, a);
    return true;
}
static bool dec_cond_br(Dec *d) {
    if (d->op->nsuccs != 2 || d->op->nres) return false;
    if (!use_elem(d) || !eat(d, ",")) return false;
    int next = 1;
    if (!dec_succ(d, &next, 0) || !eat(d, ",") || !dec_succ(d, &next, 1)) return false;
    Attr *a = dict_opt(d);
    if (!at_end(d) || next != d->op->nopnds) return false;
    want_type(d, 0, type_int(d->c, 1, SIGNLESS));
    int64_t seg[3] = { 1, d->op->succ_nargs[0], d->op->succ_nargs[1] };
    op_set_prop(d->c, d->op, "operandSegmentSizes", attr_dense_array(d->c, type_int(d->c, 32, SIGNLESS), 3, seg, NULL));
    merge_attrs(d, a);
    return true;
}
static void pr_succ(Printer *p, Op *op, int k, int first) {
    print_successor(p, op->succs[k]);
    int n = op->succ_nargs ? op->succ_nargs[k] : 0;
    if (!n) return;
    P(p, "(");
    print_operands(p, op, first, first + n);
    P(p, " : ");
    print_types_of_values(p, op, first, first + n);
    P(p, ")");
}
static void pr_br(Printer *p, Op *op) {
    print_name(p, op);
    P(p, " ");
    pr_succ(p, op, 0, 0);
    print_attrs(p, op, NULL, 0);
}
static void pr_cond_br(Printer *p, Op *op) {
    print_name(p, op);
    P(p, " ");
    print_value(p, op_operand(op, 0));
    P(p, ", ");
    pr_succ(p, op, 0, 1);
    P(p, ", ");
    pr_succ(p, op, 1, 1 + (op->succ_nargs ? op->succ_nargs[0] : 0));
    static const char *const el[] = { "operandSegmentSizes" };
    print_attrs(p, op, el, 1);
}

/* ---- shared pieces of the Spyre, ktdp, tensor and linalg formats ------ */
#define KDYN INT64_MIN     /* MLIR's ShapedType::kDynamic in static_* arrays */

static Type *i32t(Ctx *c) { return type_int(c, 32, SIGNLESS); }
static Type *i64t(Ctx *c) { return type_int(c, 64, SIGNLESS); }
static Attr *i64_array(Ctx *c, int n, const int64_t *v) { return attr_dense_array(c, i64t(c), n, v, NULL); }
static Attr *segments(Ctx *c, int n, const int64_t *v) { return attr_dense_array(c, i32t(c), n, v, NULL); }

/* the operand segment sizes of op: the property, else NULL */
static const int64_t *segs_of(Op *op, int n) {
    Attr *s = op_attr(op, "operandSegmentSizes");
    if (!s || s->kind != A_DENSE_ARRAY || s->darr.n != n || !s->darr.i) return NULL;
    int64_t tot = 0;
    for (int i = 0; i < n; i++) { if (s->darr.i[i] < 0) return NULL; tot += s->darr.i[i]; }
    return tot == op->nopnds ? s->darr.i : NULL;
}
static const int64_t *darr_i64(Op *op, const char *name, int *n) {
    Attr *a = op_attr(op, name);
    *n = 0;
    if (!a || a->kind != A_DENSE_ARRAY || (a->darr.n && !a->darr.i)) return NULL;
    *n = a->darr.n;
    return a->darr.i;
}

/* an integer literal, maybe negative */
static bool int_lit(Dec *d, int64_t *v) {
    Elem *e = d->e;
    bool neg = false;
    if (is_tok(e, "-") && e->next && e->next->kind == E_INT) { neg = true; e = e->next; }
    if (!e || e->kind != E_INT) return false;
    char *end;
    long long x = strtoll(e->text, &end, 0);
    if (*end) return false;
    *v = neg ? -x : x;
    d->e = e->next;
    return true;
}
/* [1, 0, 2] into v; returns the count or -1 */
static int int_list(Dec *d, int64_t *v, int max) {
    if (!eat(d, "[")) return -1;
    int n = 0;
    if (eat(d, "]")) return 0;
    for (;;) {
        int64_t x;
        if (n == max || !int_lit(d, &x)) return -1;
        v[n++] = x;
        if (eat(d, ",")) continue;
        if (eat(d, "]")) return n;
        return -1;
    }
}
/* [%a, 4, %b]: static values with KDYN for each SSA use; *ndyn counts the uses */
static int mixed_list(Dec *d, int64_t *v, int max, int *ndyn) {
    if (!eat(d, "[")) return -1;
    int n = 0;
    *ndyn = 0;
    if (eat(d, "]")) return 0;
    for (;;) {
        int64_t x;
        if (n == max) return -1;
        if (use_elem(d)) { v[n++] = KDYN; (*ndyn)++; }
        else if (int_lit(d, &x)) v[n++] = x;
        else return -1;
        if (eat(d, ",")) continue;
        if (eat(d, "]")) return n;
        return -1;
    }
}
static void pr_int(Printer *p, int64_t v) { fprintf(p->f, "%lld", (long long)v); }
static void pr_int_list(Printer *p, const int64_t *v, int n) {
    P(p, "[");
    for (int i = 0; i < n; i++) { if (i) P(p, ", "); pr_int(p, v[i]); }
    P(p, "]");
}
/* [%a, 4, %b] from static values and operands from *next on */
static void pr_mixed(Printer *p, Op *op, const int64_t *v, int n, int *next) {
    P(p, "[");
    for (int i = 0; i < n; i++) {
        if (i) P(p, ", ");
        if (v[i] == KDYN && *next < op->nopnds) print_value(p, op->opnds[(*next)++].value);
        else pr_int(p, v[i]);
    }
    P(p, "]");
}
static int count_dyn(const int64_t *v, int n) { int k = 0; for (int i = 0; i < n; i++) k += v[i] == KDYN; return k; }

static bool same_text_nospace(const char *a, const char *b) {
    for (;;) {
        while (*a == ' ') a++;
        while (*b == ' ') b++;
        if (*a != *b) return false;
        if (!*a) return true;
        a++; b++;
    }
}

/* a type of dialect `name` (such as "!ktdp.access_tile"), written in full or
 * with the prefix stripped, `<...>`, as ODS prints a type of the op's own
 * dialect.  `like` is a type the value already has: an equal stripped
 * spelling resolves to it. */
static Type *dialect_type(Dec *d, const char *name, Type *like) {
    Type *t = type_el(d);
    if (t) return t->kind == T_OPAQUE && !strcmp(t->opq.name, name) ? t : NULL;
    char *body = group_text(d, false);
    if (!body) return NULL;
    if (like && like->kind == T_OPAQUE && !strcmp(like->opq.name, name) && like->opq.body && same_text_nospace(like->opq.body, body)) t = like;
    else t = type_opaque(d->c, name, body);
    free(body);
    return t;
}
static bool is_dialect_type(const Type *t, const char *name) { return t && t->kind == T_OPAQUE && !strcmp(t->opq.name, name); }
/* print a dialect type without its prefix when the syntax allows it */
static void pr_stripped(Printer *p, Type *t, const char *name) {
    if (is_dialect_type(t, name) && t->opq.body && !t->alias) { print_opaque_body(p, t); print_type_done(p); }
    else print_type(p, t);
}

/* !tt.ptr<T> written in full or as `<T>` / `<T, N>` */
static Type *ptr_type(Dec *d) {
    Type *t = type_el(d);
    if (t) return t->kind == T_PTR ? t : NULL;
    Elem *save = d->e;
    if (!eat(d, "<")) return NULL;
    Type *pt = type_el(d);
    int64_t sp = 1;
    if (pt && eat(d, ",") && !int_lit(d, &sp)) pt = NULL;
    if (!pt || !eat(d, ">")) { d->e = save; return NULL; }
    return type_ptr(d->c, pt, (int)sp);
}
static void pr_ptr_stripped(Printer *p, Type *t) {
    if (!t || t->kind != T_PTR || t->alias) { print_type(p, t); return; }
    char *s = print_type_str(p->c, t);
    const char *lt = strchr(s, '<');
    P(p, lt ? lt : s);
    print_type_done(p);
    free(s);
}

/* give op a region (it was written without one) */
static Region *add_region(Ctx *c, Op *op) {
    Region *nr = ctx_alloc(c, sizeof(Region) * (size_t)(op->nregions + 1));
    for (int i = 0; i < op->nregions; i++) {
        nr[i] = op->regions[i];
        for (Block *b = nr[i].first; b; b = b->next) b->region = &nr[i];
    }
    nr[op->nregions].op = op;
    for (int i = 0; i <= op->nregions; i++) nr[i].op = op;
    op->regions = nr;
    op->nregions++;
    return &nr[op->nregions - 1];
}

/* ---- tt descriptors --------------------------------------------------- */

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
    if (!rt || !at_end(d) || d->op->nres != 1 || d->op->nopnds != 1 + ns + nt) return false;
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

/* ---- tt block pointers, tts structured pointers ---------------------- */

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
    if (!rt || !at_end(d) || r < 0 || n[0] != r || n[1] != r || n[2] != r || d->op->nres != 1 || d->op->nopnds != 1 + 3 * r) return false;
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
    if (!rt || !at_end(d) || r < 0 || n != r || d->op->nres != 1 || d->op->nopnds != 1 + r) return false;
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
    if (!rt || !at_end(d) || d->op->nres != 1 || d->op->nopnds != 1 + nd[0] + nd[1] + nd[2]) return false;
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
    if (!rt || !at_end(d) || op->nres != 1 || op->nopnds != 2 + (mask ? 1 : 0) + nd[0] + nd[1]) return false;
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
    if (!rt || !at_end(d) || d->op->nres != 1 || d->op->nopnds != 1 + n) return false;
    want_type(d, 0, dt);
    for (int i = 0; i < n; i++) want_type(d, 1 + i, i32t(d->c));
    set_res(d->op, 0, rt);
    merge_attrs(d, a);
    return true;
}
static bool fit_dload(Op *op) { return op->nres == 1 && op->nopnds >= 1; }
static void pr_dload(Printer *p, Op *op) {
    print_name(p, op);
    P(p, " ");
    print_operands(p, op, 0, 1);
    P(p, "[");
    print_operands(p, op, 1, op->nopnds);
    P(p, "]");
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
    if (!st || !at_end(d) || d->op->nres || d->op->nopnds != 2 + n) return false;
    /* operands are (desc, src, indices...) as in the op's definition */
    Elem *se = NULL;
    for (Elem *e = d->op->custom; e; e = e->next) if (e->kind == E_USE) se = e;
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
    print_name(p, op);
    P(p, " ");
    print_operands(p, op, 0, 1);
    P(p, "[");
    print_operands(p, op, 2, op->nopnds);
    P(p, "], ");
    print_operands(p, op, 1, 2);
    print_attrs(p, op, NULL, 0);
    P(p, " : ");
    print_type(p, op->opnds[0].value->type);
    P(p, ", ");
    print_type(p, op->opnds[1].value->type);
}

/* tt.descriptor_gather %desc[%x, %y] attr-dict : (Td, Tx, Ty) -> T */
static bool dec_dgather(Dec *d) {
    if (!use_elem(d) || !eat(d, "[") || uses(d, NULL) != 2 || !eat(d, "]")) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *ft = any_type(d);
    if (!ft || ft->kind != T_FUNC || ft->fn.nin != 3 || ft->fn.nout != 1 || !at_end(d) || d->op->nres != 1 || d->op->nopnds != 3) return false;
    for (int i = 0; i < 3; i++) want_type(d, i, ft->fn.in[i]);
    set_res(d->op, 0, ft->fn.out[0]);
    merge_attrs(d, a);
    return true;
}
static bool fit_dgather(Op *op) { return op->nres == 1 && op->nopnds == 3; }
static void pr_dgather(Printer *p, Op *op) {
    print_name(p, op);
    P(p, " ");
    print_operands(p, op, 0, 1);
    P(p, "[");
    print_operands(p, op, 1, 3);
    P(p, "]");
    print_attrs(p, op, NULL, 0);
    P(p, " : ");
    print_functional_type(p, op);
}

/* tt.descriptor_scatter %desc[%x, %y], %src attr-dict : Td, Tx, Ty, Tsrc */
static bool dec_dscatter(Dec *d) {
    if (!use_elem(d) || !eat(d, "[") || uses(d, NULL) != 2 || !eat(d, "]") || !eat(d, ",") || !use_elem(d)) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *ts[4];
    if (types(d, ts, 4) != 4 || !at_end(d) || d->op->nres || d->op->nopnds != 4) return false;
    for (int i = 0; i < 4; i++) want_type(d, i, ts[i]);
    merge_attrs(d, a);
    return true;
}
static bool fit_dscatter(Op *op) { return !op->nres && op->nopnds == 4; }
static void pr_dscatter(Printer *p, Op *op) {
    print_name(p, op);
    P(p, " ");
    print_operands(p, op, 0, 1);
    P(p, "[");
    print_operands(p, op, 1, 3);
    P(p, "], ");
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
static int typed_group(Dec *d, int first) {
    if (!eat(d, "(")) return -1;
    if (eat(d, ")")) return 0;
    int n = uses(d, NULL);
    Type *ts[64];
    if (!n || n > 64 || !eat(d, ":") || types(d, ts, 64) != n || !eat(d, ")")) return -1;
    for (int i = 0; i < n; i++) want_type(d, first + i, ts[i]);
    return n;
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
    if (nr != op->nres) { bind_error(d, nr); return false; }
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

/* ---- ktdp ------------------------------------------------------------- */

/* ktdp.get_compute_tile_id attr-dict : index[, index ...] */
static bool dec_tileid(Dec *d) {
    if (d->op->nopnds || !d->op->nres) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *ts[16];
    int n = types(d, ts, 16);
    if (!n || n > 16 || !at_end(d)) return false;
    if (n != d->op->nres) { bind_error(d, n); return false; }
    for (int i = 0; i < n; i++) set_res(d->op, i, ts[i]);
    merge_attrs(d, a);
    return true;
}
static bool fit_tileid(Op *op) { return op->nres > 0; }
static void pr_tileid(Printer *p, Op *op) {
    print_name(p, op);
    print_attrs(p, op, NULL, 0);
    P(p, " : ");
    for (int i = 0; i < op->nres; i++) { if (i) P(p, ", "); print_type(p, op->res[i].type); }
}

/* ktdp.construct_memory_view %off, sizes: [..], strides: [..] attr-dict : memref<..> */
static bool dec_memview(Dec *d) {
    if (!use_elem(d) || !eat(d, ",") || !eat(d, "sizes") || !eat(d, ":")) return false;
    int64_t sz[64], st[64];
    int nds, ndt;
    int ns = mixed_list(d, sz, 64, &nds);
    if (ns < 0 || !eat(d, ",") || !eat(d, "strides") || !eat(d, ":")) return false;
    int nt = mixed_list(d, st, 64, &ndt);
    if (nt < 0) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *t = type_el(d);
    if (!t || !at_end(d) || d->op->nres != 1 || d->op->nopnds != 1 + nds + ndt) return false;
    for (int i = 0; i < d->op->nopnds; i++) want_type(d, i, type_index(d->c));
    set_res(d->op, 0, t);
    op_set_prop(d->c, d->op, "static_sizes", i64_array(d->c, ns, sz));
    op_set_prop(d->c, d->op, "static_strides", i64_array(d->c, nt, st));
    int64_t seg[3] = { 1, nds, ndt };
    op_set_prop(d->c, d->op, "operandSegmentSizes", segments(d->c, 3, seg));
    merge_attrs(d, a);
    return true;
}
static bool fit_memview(Op *op) {
    int ns = 0, nt = 0;
    const int64_t *sz = darr_i64(op, "static_sizes", &ns), *st = darr_i64(op, "static_strides", &nt);
    return op->nres == 1 && sz && st && op->nopnds == 1 + count_dyn(sz, ns) + count_dyn(st, nt);
}
static void pr_memview(Printer *p, Op *op) {
    int ns = 0, nt = 0, next = 1;
    const int64_t *sz = darr_i64(op, "static_sizes", &ns), *st = darr_i64(op, "static_strides", &nt);
    print_name(p, op);
    P(p, " ");
    print_operands(p, op, 0, 1);
    P(p, ", sizes: ");
    pr_mixed(p, op, sz, ns, &next);
    P(p, ", strides: ");
    pr_mixed(p, op, st, nt, &next);
    static const char *const el[] = { "static_sizes", "static_strides", "operandSegmentSizes" };
    print_attrs(p, op, el, 3);
    P(p, " : ");
    print_type(p, op->res[0].type);
}

/* ktdp.construct_distributed_memory_view (%a, %b : T, U) attr-dict : memref<..> */
static bool dec_dmemview(Dec *d) {
    Op *op = d->op;
    if (!eat(d, "(") || uses(d, NULL) != op->nopnds || !op->nopnds || !eat(d, ":")) return false;
    Type *ts[64];
    int n = types(d, ts, 64);
    if (n != op->nopnds || !eat(d, ")")) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *t = type_el(d);
    if (!t || !at_end(d) || op->nres != 1) return false;
    for (int i = 0; i < n; i++) want_type(d, i, ts[i]);
    set_res(op, 0, t);
    merge_attrs(d, a);
    return true;
}
static bool fit_dmemview(Op *op) { return op->nres == 1 && op->nopnds > 0; }
static void pr_dmemview(Printer *p, Op *op) {
    print_name(p, op);
    P(p, " (");
    print_operands(p, op, 0, op->nopnds);
    P(p, " : ");
    print_types_of_values(p, op, 0, op->nopnds);
    P(p, ")");
    print_attrs(p, op, NULL, 0);
    P(p, " : ");
    print_type(p, op->res[0].type);
}

/* linalg.index N attr-dict : index */
static bool dec_lindex(Dec *d) {
    int64_t k;
    if (d->op->nopnds || d->op->nres != 1 || !int_lit(d, &k) || k < 0) return false;
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

/* affine expressions over SSA uses: each distinct value is a dimension */
typedef struct SsaMap { Value *v[64]; int n; } SsaMap;
static AExpr *ssa_expr(Dec *d, SsaMap *m);
static AExpr *ssa_atom(Dec *d, SsaMap *m) {
    Elem *u = use_elem(d);
    if (!u && d->e && d->e->kind == E_DEF) u = def_el(d);   /* a region argument named by the op */
    if (u) {
        Value *v = u->kind == E_DEF ? u->val : opnd(d, u->idx);
        for (int i = 0; i < m->n; i++) if (m->v[i] == v) return ae_dim(d->c, i);
        if (m->n == 64) return NULL;
        m->v[m->n] = v;
        return ae_dim(d->c, m->n++);
    }
    int64_t k;
    if (d->e && d->e->kind == E_INT && int_lit(d, &k)) return ae_const(d->c, k);
    if (eat(d, "-")) { AExpr *x = ssa_atom(d, m); return x ? ae_neg(d->c, x) : NULL; }
    if (eat(d, "(")) {
        AExpr *x = ssa_expr(d, m);
        return x && eat(d, ")") ? x : NULL;
    }
    return NULL;
}
static AExpr *ssa_term(Dec *d, SsaMap *m) {
    AExpr *x = ssa_atom(d, m);
    while (x) {
        AExprKind k;
        if (eat(d, "*")) k = AE_MUL;
        else if (eat(d, "floordiv")) k = AE_FLOORDIV;
        else if (eat(d, "ceildiv")) k = AE_CEILDIV;
        else if (eat(d, "mod")) k = AE_MOD;
        else break;
        AExpr *y = ssa_atom(d, m);
        if (!y) return NULL;
        if (k != AE_MUL && y->kind != AE_CONST) return NULL;
        if (k == AE_MUL && x->kind != AE_CONST && y->kind != AE_CONST) return NULL;
        x = ae_bin(d->c, k, x, y);
    }
    return x;
}
static AExpr *ssa_expr(Dec *d, SsaMap *m) {
    AExpr *x = ssa_term(d, m);
    while (x) {
        bool sub;
        if (eat(d, "+")) sub = false;
        else if (is_tok(d->e, "-")) { d->e = d->e->next; sub = true; }
        else break;
        AExpr *y = ssa_term(d, m);
        if (!y) return NULL;
        x = sub ? ae_sub(d->c, x, y) : ae_add(d->c, x, y);
    }
    return x;
}
/* [e0, e1, ...] as an affine map over the uses in it; the uses must be the
 * op's operands first..first+m->n-1, in order of first appearance */
static Attr *ssa_map(Dec *d, SsaMap *m, int first) {
    if (!eat(d, "[")) return NULL;
    AExpr *res[64];
    int n = 0;
    if (!eat(d, "]")) {
        for (;;) {
            AExpr *x = ssa_expr(d, m);
            if (!x || n == 64) return NULL;
            res[n++] = x;
            if (eat(d, ",")) continue;
            if (eat(d, "]")) break;
            return NULL;
        }
    }
    (void)first;
    return attr_map(d->c, m->n, 0, n, res);
}
/* print map results, comma-separated, with dimension i spelled as vals[i] */
static void pr_ssa_results(Printer *p, Attr *map, Value *const *vals, int nvals) {
    for (int r = 0; r < map->map.n; r++) {
        if (r) P(p, ", ");
        TextBuf tb;
        FILE *f = text_open(&tb);
        Printer q = { .f = f, .c = p->c, .alias_ok = false };
        print_aexpr(&q, map->map.res[r], false);
        const char *buf = text_close(&tb, f);
        for (const char *s = buf; *s;) {
            bool start = s == buf || !((s[-1] >= 'a' && s[-1] <= 'z') || (s[-1] >= '0' && s[-1] <= '9') || s[-1] == '_');
            if (start && *s == 'd' && s[1] >= '0' && s[1] <= '9') {
                char *end;
                long k = strtol(s + 1, &end, 10);
                Value *v = k >= 0 && k < nvals ? vals[k] : NULL;
                if (v) print_value(p, v); else fputs("?", p->f);
                s = end;
            } else fputc(*s++, p->f);
        }
        text_free(&tb);
    }
}
/* print map results with dimension i spelled as operand first+i */
static void pr_ssa_map(Printer *p, Op *op, Attr *map, int first) {
    Value *vals[64];
    int n = 0;
    for (int i = first; i < op->nopnds && n < 64; i++) vals[n++] = op_operand(op, i);
    P(p, "[");
    pr_ssa_results(p, map, vals, n);
    P(p, "]");
}

/* ktdp.construct_access_tile %base[exprs] [symbols(%s, ...)] attr-dict : T -> !ktdp.access_tile<..> */
static bool dec_atile(Dec *d) {
    Op *op = d->op;
    if (!use_elem(d)) return false;
    SsaMap m = { .n = 0 };
    Attr *map = ssa_map(d, &m, 1);
    if (!map) return false;
    int nsym = 0, nidx = op->nopnds - 1;
    Elem *sym = NULL;
    if (eat(d, "symbols")) {
        if (!eat(d, "(")) return false;
        nsym = uses(d, &sym);
        if (!eat(d, ")")) return false;
        nidx = sym ? sym->idx - 1 : nidx;
    }
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *bt = type_el(d);
    if (!bt || !eat(d, "->")) return false;
    Type *rt = dialect_type(d, "!ktdp.access_tile", NULL);
    if (!rt || !at_end(d) || op->nres != 1 || op->nopnds != 1 + nidx + nsym || nidx < m.n || nsym > 64) return false;
    /* a value used twice in the subscripts is one operand, as in MLIR */
    if (nidx != m.n) {
        Value *keep[64];
        for (int i = 0; i < nsym; i++) keep[i] = opnd(d, 1 + nidx + i);
        for (int i = 0; i < m.n; i++) op_set_operand(op, 1 + i, m.v[i]);
        for (int i = 0; i < nsym; i++) op_set_operand(op, 1 + m.n + i, keep[i]);
        while (op->nopnds > 1 + m.n + nsym) op_remove_operand(op, op->nopnds - 1);
    } else
        for (int i = 0; i < m.n; i++) if (opnd(d, 1 + i) != m.v[i]) return false;
    want_type(d, 0, bt);
    for (int i = 1; i < op->nopnds; i++) want_type(d, i, type_index(d->c));
    set_res(op, 0, rt);
    op_set_prop(d->c, op, "base_map", map);
    int64_t seg[3] = { 1, m.n, nsym };
    op_set_prop(d->c, op, "operandSegmentSizes", segments(d->c, 3, seg));
    merge_attrs(d, a);
    return true;
}
static bool fit_atile(Op *op) {
    const int64_t *s = segs_of(op, 3);
    Attr *m = op_attr(op, "base_map");
    return op->nres == 1 && s && m && m->kind == A_AFFINE_MAP && m->map.ndims == s[1] && !m->map.nsyms;
}
static void pr_atile(Printer *p, Op *op) {
    const int64_t *s = segs_of(op, 3);
    print_name(p, op);
    P(p, " ");
    print_operands(p, op, 0, 1);
    pr_ssa_map(p, op, op_attr(op, "base_map"), 1);
    if (s[2]) {
        P(p, " symbols(");
        print_operands(p, op, 1 + (int)s[1], op->nopnds);
        P(p, ")");
    }
    static const char *const el[] = { "base_map", "operandSegmentSizes" };
    print_attrs(p, op, el, 2);
    P(p, " : ");
    print_type(p, op->opnds[0].value->type);
    P(p, " -> ");
    print_type(p, op->res[0].type);
}

/* ktdp.construct_indirect_access_tile intermediate_variables(%v, ...)
 *     %base[sub, ...] [symbols(%s, ...)] attr-dict : T, idx-view-types... -> !ktdp.access_tile<..>
 * sub ::= (expr) | ind(%view[expr, ...]); the expressions are over the
 * captured outer values (operands, in order of first use) and the region's
 * arguments, in that order as map dimensions */
static bool dec_itile(Dec *d) {
    Op *op = d->op;
    if (op->nres != 1 || op->nregions != 1 || !op->regions[0].first) return false;
    Block *entry = op->regions[0].first;
    if (!eat(d, "intermediate_variables") || !eat(d, "(")) return false;
    int nv = 0;
    if (!eat(d, ")")) {
        for (;;) {
            Elem *e = def_el(d);
            if (!e || nv >= entry->nargs || e->val != entry->args[nv]) return false;
            nv++;
            if (eat(d, ",")) continue;
            if (eat(d, ")")) break;
            return false;
        }
    }
    if (nv != entry->nargs || nv > 32) return false;
    Elem *base = use_elem(d);
    if (!base || !is_tok(d->e, "[")) return false;
    /* first the captured values, in order of first use, and the index views */
    Value *cap[64], *views[64];
    int nc = 0, nind = 0, depth = 0;
    for (Elem *e = d->e; e; e = e->next) {
        if (e->kind == E_PUNCT && (!strcmp(e->text, "[") || !strcmp(e->text, "("))) depth++;
        else if (e->kind == E_PUNCT && (!strcmp(e->text, "]") || !strcmp(e->text, ")"))) { if (--depth == 0) break; }
        else if (e->kind == E_WORD && !strcmp(e->text, "ind") && is_tok(e->next, "(") && e->next->next && e->next->next->kind == E_USE) {
            if (nind == 64) return false;
            views[nind++] = opnd(d, e->next->next->idx);
            e = e->next->next;
            depth++;
        } else if (e->kind == E_USE) {
            Value *v = opnd(d, e->idx);
            bool seen = false;
            for (int i = 0; i < nc; i++) seen |= cap[i] == v;
            if (!seen) { if (nc == 32) return false; cap[nc++] = v; }
        }
    }
    SsaMap m = { .n = 0 };
    for (int i = 0; i < nc; i++) m.v[m.n++] = cap[i];
    for (int i = 0; i < nv; i++) m.v[m.n++] = entry->args[i];
    Attr *kinds[64], *maps[64];
    int nsub = 0;
    eat(d, "[");
    if (!eat(d, "]")) {
        for (;;) {
            if (nsub == 64) return false;
            AExpr *res[64];
            int nr = 0;
            bool ind = eat(d, "ind");
            if (!eat(d, "(")) return false;
            if (ind) {
                if (!use_elem(d) || !eat(d, "[")) return false;
                if (!eat(d, "]"))
                    for (;;) {
                        AExpr *x = ssa_expr(d, &m);
                        if (!x || nr == 64) return false;
                        res[nr++] = x;
                        if (eat(d, ",")) continue;
                        if (eat(d, "]")) break;
                        return false;
                    }
            } else {
                AExpr *x = ssa_expr(d, &m);
                if (!x) return false;
                res[nr++] = x;
            }
            if (!eat(d, ")") || m.n != nc + nv) return false;
            kinds[nsub] = attr_bool(d->c, ind);
            maps[nsub++] = attr_map(d->c, nc + nv, 0, nr, res);
            if (eat(d, ",")) continue;
            if (eat(d, "]")) break;
            return false;
        }
    }
    int nsym = 0;
    Elem *sym = NULL;
    if (eat(d, "symbols")) {
        if (!eat(d, "(")) return false;
        nsym = uses(d, &sym);
        if (!eat(d, ")") || nsym > 64) return false;
    }
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *tys[66];
    int nt = types(d, tys, 66);
    if (!nt || !eat(d, "->")) return false;
    Type *rt = dialect_type(d, "!ktdp.access_tile", NULL);
    if (!rt || !at_end(d)) return false;
    if (nt != 1 + nind) {
        diag_error(d->d, op->loc, "expected %d types (base + %d indirect memrefs), but got %d", 1 + nind, nind, nt);
        d->err = true;
        return false;
    }
    /* operands: base, index views, captured values, symbols */
    Value *all[1 + 64 + 32 + 64];
    int n = 0;
    all[n++] = opnd(d, base->idx);
    for (int i = 0; i < nind; i++) all[n++] = views[i];
    for (int i = 0; i < nc; i++) all[n++] = cap[i];
    for (int i = 0; i < nsym; i++) all[n++] = opnd(d, sym->idx + i);
    if (n > op->nopnds) return false;
    for (int i = 0; i < n; i++) op_set_operand(op, i, all[i]);
    while (op->nopnds > n) op_remove_operand(op, op->nopnds - 1);
    want_type(d, 0, tys[0]);
    for (int i = 0; i < nind; i++) want_type(d, 1 + i, tys[1 + i]);
    for (int i = 1 + nind; i < n; i++) want_type(d, i, type_index(d->c));
    set_res(op, 0, rt);
    op_set_prop(d->c, op, "per_dim_subscript_kinds", attr_array(d->c, nsub, kinds));
    op_set_prop(d->c, op, "per_dim_subscript_maps", attr_array(d->c, nsub, maps));
    int64_t seg[4] = { 1, nind, nc, nsym };
    op_set_prop(d->c, op, "operandSegmentSizes", segments(d->c, 4, seg));
    merge_attrs(d, a);
    return true;
}
static bool fit_itile(Op *op) {
    const int64_t *s = segs_of(op, 4);
    Attr *k = op_attr(op, "per_dim_subscript_kinds"), *m = op_attr(op, "per_dim_subscript_maps");
    if (op->nres != 1 || !s || s[0] != 1 || !k || !m || k->kind != A_ARRAY || m->kind != A_ARRAY || k->arr.n != m->arr.n) return false;
    if (op->nregions != 1 || !op->regions[0].first || op->regions[0].first->next) return false;
    Block *b = op->regions[0].first;
    if (b->first != b->last || !b->first || !op_is(b->first, OP_ktdp_region_terminator) || b->first->nopnds) return false;
    int nind = 0;
    for (int i = 0; i < k->arr.n; i++) {
        Attr *ki = k->arr.elts[i], *mi = m->arr.elts[i];
        if (ki->kind != A_BOOL || mi->kind != A_AFFINE_MAP || mi->map.nsyms || mi->map.ndims != s[2] + b->nargs) return false;
        if (ki->i) nind++;
        else if (mi->map.n != 1) return false;
    }
    return nind == s[1] && s[2] + b->nargs <= 64;
}
static void pr_itile(Printer *p, Op *op) {
    const int64_t *s = segs_of(op, 4);
    Attr *k = op_attr(op, "per_dim_subscript_kinds"), *m = op_attr(op, "per_dim_subscript_maps");
    Block *b = op->regions[0].first;
    int nind = (int)s[1], nc = (int)s[2];
    Value *vals[64];
    int nv = 0;
    for (int i = 0; i < nc; i++) vals[nv++] = op_operand(op, 1 + nind + i);
    for (int i = 0; i < b->nargs; i++) vals[nv++] = b->args[i];
    print_name(p, op);
    P(p, " intermediate_variables(");
    for (int i = 0; i < b->nargs; i++) {
        if (i) P(p, ", ");
        print_value(p, b->args[i]);
    }
    P(p, ") ");
    print_operands(p, op, 0, 1);
    P(p, "[");
    for (int i = 0, j = 0; i < k->arr.n; i++) {
        if (i) P(p, ", ");
        if (k->arr.elts[i]->i) {
            P(p, "ind(");
            print_value(p, op_operand(op, 1 + j++));
            P(p, "[");
            pr_ssa_results(p, m->arr.elts[i], vals, nv);
            P(p, "])");
        } else {
            P(p, "(");
            pr_ssa_results(p, m->arr.elts[i], vals, nv);
            P(p, ")");
        }
    }
    P(p, "]");
    if (s[3]) {
        P(p, " symbols(");
        print_operands(p, op, 1 + nind + nc, op->nopnds);
        P(p, ")");
    }
    static const char *const el[] = { "per_dim_subscript_kinds", "per_dim_subscript_maps", "operandSegmentSizes" };
    print_attrs(p, op, el, 3);
    P(p, " : ");
    for (int i = 0; i <= nind; i++) {
        if (i) P(p, ", ");
        print_type(p, op->opnds[i].value->type);
    }
    P(p, " -> ");
    print_type(p, op->res[0].type);
}

/* ktdp.load %tile attr-dict : <..xindex> -> T */
static bool dec_kload(Dec *d) {
    if (uses(d, NULL) != 1) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *tt = dialect_type(d, "!ktdp.access_tile", opnd(d, 0)->type);
    if (!tt || !eat(d, "->")) return false;
    Type *rt = type_el(d);
    if (!rt || !at_end(d) || d->op->nres != 1) return false;
    want_type(d, 0, tt);
    set_res(d->op, 0, rt);
    merge_attrs(d, a);
    return true;
}
static bool fit_kload(Op *op) { return op->nres == 1 && op->nopnds == 1; }
static void pr_kload(Printer *p, Op *op) {
    print_name(p, op);
    P(p, " ");
    print_operands(p, op, 0, 1);
    print_attrs(p, op, NULL, 0);
    P(p, " : ");
    pr_stripped(p, op->opnds[0].value->type, "!ktdp.access_tile");
    P(p, " -> ");
    print_type(p, op->res[0].type);
}

/* ktdp.store %data, %tile attr-dict : T, <..xindex> */
static bool dec_kstore(Dec *d) {
    if (uses(d, NULL) != 2) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *dt = type_el(d);
    if (!dt || !eat(d, ",")) return false;
    Type *tt = dialect_type(d, "!ktdp.access_tile", opnd(d, 1)->type);
    if (!tt || !at_end(d) || d->op->nres) return false;
    want_type(d, 0, dt);
    want_type(d, 1, tt);
    merge_attrs(d, a);
    return true;
}
static bool fit_kstore(Op *op) { return !op->nres && op->nopnds == 2; }
static void pr_kstore(Printer *p, Op *op) {
    print_name(p, op);
    P(p, " ");
    print_operands(p, op, 0, 2);
    print_attrs(p, op, NULL, 0);
    P(p, " : ");
    print_type(p, op->opnds[0].value->type);
    P(p, ", ");
    pr_stripped(p, op->opnds[1].value->type, "!ktdp.access_tile");
}

/* ktdp.inter_tile_produce producer_tiles_per_group = SET attr-dict -> <future> region */
static bool dec_produce(Dec *d) {
    Op *op = d->op;
    if (op->nopnds || op->nres != 1 || !eat(d, "producer_tiles_per_group") || !eat(d, "=")) return false;
    Attr *set = attr_el(d);
    if (!set) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, "->")) return false;
    Type *ft = dialect_type(d, "!ktdp.tile_future", NULL);
    if (!ft || region_el(d) != 0 || !at_end(d) || op->nregions != 1) return false;
    op_set_prop(d->c, op, "producer_tiles_per_group", set);
    set_res(op, 0, ft);
    merge_attrs(d, a);
    return true;
}
static bool fit_produce(Op *op) { return op->nres == 1 && !op->nopnds && op->nregions == 1 && op_attr(op, "producer_tiles_per_group"); }
static void pr_produce(Printer *p, Op *op) {
    print_name(p, op);
    P(p, " producer_tiles_per_group = ");
    print_attr(p, op_attr(op, "producer_tiles_per_group"));
    static const char *const el[] = { "producer_tiles_per_group" };
    print_attrs(p, op, el, 1);
    P(p, " -> ");
    pr_stripped(p, op->res[0].type, "!ktdp.tile_future");
    P(p, " ");
    print_region(p, &op->regions[0], true, true, false);
}

/* ktdp.inter_tile_reduce(%f) consumer_tiles_per_group = SET
 *   [, producer_dependency_per_consumer = SET] [, identity(%i : T, ...)] attr-dict
 *   : <future> -> T, ... region */
static bool dec_ktreduce(Dec *d) {
    Op *op = d->op;
    if (!eat(d, "(") || uses(d, NULL) != 1 || !eat(d, ")")) return false;
    if (!eat(d, "consumer_tiles_per_group") || !eat(d, "=")) return false;
    Attr *cons = attr_el(d), *dep = NULL;
    if (!cons) return false;
    int ni = 0;
    while (eat(d, ",")) {
        if (eat(d, "producer_dependency_per_consumer")) {
            if (!eat(d, "=") || !(dep = attr_el(d))) return false;
        } else if (eat(d, "identity")) {
            if ((ni = typed_group(d, 1)) < 0) return false;
        } else return false;
    }
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *ft = dialect_type(d, "!ktdp.tile_future", opnd(d, 0)->type);
    if (!ft || !eat(d, "->")) return false;
    Type *rt[64];
    int nr = types(d, rt, 64);
    if (!nr || nr > 64 || region_el(d) != 0 || !at_end(d) || op->nregions != 1 || op->nopnds != 1 + ni) return false;
    if (nr != op->nres) { bind_error(d, nr); return false; }
    want_type(d, 0, ft);
    for (int i = 0; i < nr; i++) set_res(op, i, rt[i]);
    op_set_prop(d->c, op, "consumer_tiles_per_group", cons);
    if (dep) op_set_prop(d->c, op, "producer_dependency_per_consumer", dep);
    merge_attrs(d, a);
    return true;
}
static bool fit_ktreduce(Op *op) { return op->nopnds >= 1 && op->nres && op->nregions == 1 && op_attr(op, "consumer_tiles_per_group"); }
static void pr_ktreduce(Printer *p, Op *op) {
    print_name(p, op);
    P(p, "(");
    print_operands(p, op, 0, 1);
    P(p, ") consumer_tiles_per_group = ");
    print_attr(p, op_attr(op, "consumer_tiles_per_group"));
    Attr *dep = op_attr(op, "producer_dependency_per_consumer");
    if (dep) { P(p, ", producer_dependency_per_consumer = "); print_attr(p, dep); }
    if (op->nopnds > 1) {
        P(p, ", identity(");
        print_operands(p, op, 1, op->nopnds);
        P(p, " : ");
        print_types_of_values(p, op, 1, op->nopnds);
        P(p, ")");
    }
    static const char *const el[] = { "consumer_tiles_per_group", "producer_dependency_per_consumer" };
    print_attrs(p, op, el, 2);
    P(p, " : ");
    pr_stripped(p, op->opnds[0].value->type, "!ktdp.tile_future");
    P(p, " -> ");
    for (int i = 0; i < op->nres; i++) { if (i) P(p, ", "); print_type(p, op->res[i].type); }
    P(p, " ");
    print_region(p, &op->regions[0], true, true, false);
}

/* ---- tensor ----------------------------------------------------------- */

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
    if (!rt || !at_end(d) || op->nres != 1 || op->nopnds != fixed + nd[0] + nd[1] + nd[2]) return false;
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
    if (!rt || !at_end(d) || op->nres != 1 || op->nopnds != 1 + nd) return false;
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
    Type *t = type_el(d);
    if (!t || !type_is_shaped(t) || !at_end(d) || d->op->nres != 1 || d->op->nopnds != 1 + n) return false;
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
    Type *t = type_el(d);
    if (!t || !type_is_shaped(t) || !at_end(d) || d->op->nres != 1 || d->op->nopnds != 2 + n) return false;
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
    if (uses(d, NULL) != 1) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *t = type_el(d);
    if (!t || !type_is_shaped(t) || !at_end(d) || d->op->nres != 1) return false;
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
    if (!t || t->kind != T_TENSOR || !at_end(d) || d->op->nres != 1) return false;
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
    Type *ft = any_type(d);
    if (!ft || ft->kind != T_FUNC || ft->fn.nin != n || ft->fn.nout != 1 || !at_end(d) || d->op->nres != 1) return false;
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
    Type *ft = any_type(d);
    if (!ft || ft->kind != T_FUNC || ft->fn.nin != 2 || ft->fn.nout != 1 || !at_end(d) || d->op->nres != 1) return false;
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

/* tensor.dim %t, %i attr-dict : T */
static bool dec_tdim(Dec *d) {
    if (uses(d, NULL) != 2) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *t = type_el(d);
    if (!t || !at_end(d) || d->op->nres != 1) return false;
    want_type(d, 0, t);
    want_type(d, 1, type_index(d->c));
    set_res(d->op, 0, type_index(d->c));
    merge_attrs(d, a);
    return true;
}
static bool fit_tdim(Op *op) { return op->nres == 1 && op->nopnds == 2; }
static void pr_tdim(Printer *p, Op *op) {
    print_name(p, op);
    P(p, " ");
    print_operands(p, op, 0, 2);
    print_attrs(p, op, NULL, 0);
    P(p, " : ");
    print_type(p, op->opnds[0].value->type);
}

/* ---- linalg ----------------------------------------------------------- */

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
static bool build_body(Dec *d, Op *op) {
    Ctx *c = d->c;
    int id = op->info->id;
    Type *et[8];
    if (op->nopnds > 8) return false;
    for (int i = 0; i < op->nopnds; i++) et[i] = type_elem(opnd(d, i)->type);
    bool fl = type_is_float(et[op->nopnds - 1]);
    bool ty_ok = true;
    for (int i = 0; i < op->nopnds; i++) if (et[i] != et[op->nopnds - 1]) ty_ok = false;
    if (!ty_ok || !(fl || type_is_int(et[0], 0))) return false;
    Region *r = add_region(c, op);
    Block *b = block_new(c);
    region_append_block(r, b);
    Value *a[8];
    for (int i = 0; i < op->nopnds; i++) a[i] = block_add_arg(c, b, et[i], op->loc);
    Value *y = a[0];
    Type *t = et[op->nopnds - 1];
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
    if (nr != op->nres) { bind_error(d, nr); return false; }
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
 * linalg.reduce ins(..) outs(..) dimensions = [..] attr-dict (%a: T, ...) {region} */
static const char *perm_name(Op *op) { return op_is(op, OP_linalg_transpose) ? "permutation" : "dimensions"; }
static bool dec_lperm(Dec *d) {
    Op *op = d->op;
    bool red = op_is(op, OP_linalg_reduce);
    int ni, no;
    if (!eat(d, "ins") || (ni = typed_group(d, 0)) < 0 || !eat(d, "outs") || (no = typed_group(d, ni)) < 0) return false;
    const char *pn = perm_name(op);
    int64_t v[64];
    int n = 0;
    if (!eat(d, pn) || !eat(d, "=") || (n = int_list(d, v, 64)) < 0) return false;
    Attr *a = dict_opt(d);
    int r = -1;
    if (red) {
        /* the region's arguments were written before it: (%in: T, %init: T) */
        if (!eat(d, "(")) return false;
        while (!eat(d, ")")) {
            if (!d->e) return false;
            d->e = d->e->next;
        }
        if ((r = region_el(d)) != 0) return false;
    }
    if (!at_end(d) || op->nopnds != ni + no || !ni || !no) return false;
    if (red ? op->nregions != 1 : op->nregions != 0) return false;
    if (red && (!op->regions[0].first || op->regions[0].first->nargs != ni + no)) return false;
    int nr = 0;
    for (int i = ni; i < ni + no; i++) if (opnd(d, i)->type && opnd(d, i)->type->kind == T_TENSOR) nr++;
    if (nr != op->nres) { bind_error(d, nr); return false; }
    for (int i = 0, k = 0; i < no; i++) if (opnd(d, ni + i)->type->kind == T_TENSOR) set_res(op, k++, opnd(d, ni + i)->type);
    op_set_prop(d->c, op, pn, i64_array(d->c, n, v));
    merge_attrs(d, a);
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
    print_name(p, op);
    pr_ins_outs(p, op, ni);
    fprintf(p->f, " %s = ", perm_name(op));
    pr_int_list(p, v, n);
    P(p, " ");
    const char *el[] = { perm_name(op) };
    print_attrs(p, op, el, 1);
    if (red) {
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
    if (nr != op->nres) { bind_error(d, nr); return false; }
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

/* ---- the table ------------------------------------------------------ */
/* `fits`, when given, says whether an op (perhaps read in generic form or
 * built by a pass) has what the custom printer needs; if not, the op is
 * printed in generic form */
typedef struct Fmt { const char *name; bool (*dec)(Dec *); void (*pr)(Printer *, Op *); bool (*fits)(Op *); } Fmt;

static const Fmt fmts[] = {
    { "unary", dec_unary, pr_same, NULL },
    { "binary", dec_binary, pr_same, NULL },
    { "ternary", dec_ternary, pr_same, NULL },
    { "constant", dec_constant, pr_constant, NULL },
    { "cmp", dec_cmp, pr_cmp, NULL },
    { "select", dec_select, pr_select, NULL },
    { "cast", dec_cast, pr_cast, NULL },
    { "cast_list", dec_cast_list, pr_cast_list, NULL },
    { "return", dec_return, pr_return, NULL },
    { "call", dec_call, pr_call, NULL },
    { "func", dec_func, pr_func, NULL },
    { "module", dec_module, pr_module, NULL },
    { "arrow", dec_arrow, pr_arrow, NULL },
    { "pair", dec_pair, pr_pair, NULL },
    { "nullary", dec_nullary, pr_nullary, NULL },
    { "axis", dec_axis, pr_axis, NULL },
    { "load", dec_load, pr_loadstore, NULL },
    { "store", dec_store, pr_loadstore, NULL },
    { "dot", dec_dot, pr_dot, NULL },
    { "empty", dec_empty, pr_empty, NULL },
    { "for", dec_for, pr_for, NULL },
    { "if", dec_if, pr_if, NULL },
    { "condition", dec_condition, pr_condition, NULL },
    { "while", dec_while, pr_while, NULL },
    { "layout", dec_layout, pr_layout, NULL },
    { "br", dec_br, pr_br, NULL },
    { "cond_br", dec_cond_br, pr_cond_br, NULL },
    { "mkdesc", dec_mkdesc, pr_mkdesc, fit_mkdesc },
    { "mkbptr", dec_mkbptr, pr_mkbptr, fit_mkbptr },
    { "advance", dec_advance, pr_advance, fit_advance },
    { "mktptr", dec_mktptr, pr_mktptr, fit_mktptr },
    { "mkgstptr", dec_mkgstptr, pr_mkgstptr, fit_mkgstptr },
    { "dload", dec_dload, pr_dload, fit_dload },
    { "dstore", dec_dstore, pr_dstore, fit_dstore },
    { "dgather", dec_dgather, pr_dgather, fit_dgather },
    { "dscatter", dec_dscatter, pr_dscatter, fit_dscatter },
    { "itreduce", dec_itreduce, pr_itreduce, fit_itreduce },
    { "tileid", dec_tileid, pr_tileid, fit_tileid },
    { "memview", dec_memview, pr_memview, fit_memview },
    { "dmemview", dec_dmemview, pr_dmemview, fit_dmemview },
    { "lindex", dec_lindex, pr_lindex, fit_lindex },
    { "atile", dec_atile, pr_atile, fit_atile },
    { "itile", dec_itile, pr_itile, fit_itile },
    { "kload", dec_kload, pr_kload, fit_kload },
    { "kstore", dec_kstore, pr_kstore, fit_kstore },
    { "produce", dec_produce, pr_produce, fit_produce },
    { "ktreduce", dec_ktreduce, pr_ktreduce, fit_ktreduce },
    { "slice", dec_slice, pr_slice, fit_slice },
    { "reshape", dec_reshape, pr_reshape, fit_reshape },
    { "extract", dec_extract, pr_extract, fit_extract },
    { "insert", dec_insert, pr_insert, fit_insert },
    { "tsplat", dec_tsplat, pr_tsplat, fit_tsplat },
    { "fptofp", dec_fptofp, pr_fptofp, fit_fptofp },
    { "fromel", dec_fromel, pr_fromel, fit_fromel },
    { "concat", dec_concat, pr_concat, fit_concat },
    { "treshape", dec_treshape, pr_treshape, fit_treshape },
    { "tdim", dec_tdim, pr_tdim, fit_tdim },
    { "named", dec_named, pr_named, fit_named },
    { "lperm", dec_lperm, pr_lperm, fit_lperm },
    { "lgeneric", dec_generic, pr_generic_op, fit_generic },
};

/* the op table is constant: an op's format is resolved the first time it is
 * seen (atomics: passes may run on several functions at once; two threads
 * resolving the same op find the same format) */
static const Fmt *find_fmt(const OpInfo *info) {
    static const Fmt *_Atomic by_id[OP__COUNT];
    static _Atomic bool seen[OP__COUNT];
    int id = info->id;
    if (id < 0 || id >= OP__COUNT) return NULL;
    if (!atomic_load_explicit(&seen[id], memory_order_acquire)) {
        const OpInfo *in = opinfo_byid(id);
        const Fmt *f = NULL;
        if (in->format && *in->format)
            for (size_t i = 0; i < sizeof fmts / sizeof *fmts; i++)
                if (!strcmp(fmts[i].name, in->format)) { f = &fmts[i]; break; }
        atomic_store_explicit(&by_id[id], f, memory_order_relaxed);
        atomic_store_explicit(&seen[id], true, memory_order_release);
    }
    return atomic_load_explicit(&by_id[id], memory_order_relaxed);
}

bool format_decode(Ctx *c, Op *op, Diag *diag) {
    const Fmt *f = find_fmt(op->info);
    if (!f || !op->verbatim) return true;
    /* keep what the op had so that a failed match leaves it untouched */
    int nattrs = op->nattrs, nprops = op->nprops;
    NamedAttr *attrs = op->attrs, *props = op->props;
    bool hp = op->has_props;
    Type *saved[16];
    int ns = op->nres < 16 ? op->nres : 16;
    for (int i = 0; i < ns; i++) saved[i] = op->res[i].type;
    Dec d = { c, op, diag, op->custom, false };
    if (f->dec(&d)) {
        op->verbatim = false;
        op->custom = NULL;
        format_move_inherent(c, op);
        return true;
    }
    op->nattrs = nattrs; op->attrs = attrs; op->nprops = nprops; op->props = props; op->has_props = hp;
    for (int i = 0; i < ns; i++) op->res[i].type = saved[i];
    return !d.err;
}

bool format_print(Printer *p, Op *op) {
    const Fmt *f = find_fmt(op->info);
    if (!f || (f->fits && !f->fits(op))) return false;
    f->pr(p, op);
    return true;
}
