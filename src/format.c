/* format.c - custom assembly formats: reading an op's element sequence into
 * operands, attributes and result types, and printing it back.
 *
 * A format is a pair of functions named in ops.def.  The decoder walks the
 * elements with the small matcher below; if the elements do not have the
 * expected shape it leaves the op as parsed (printed back verbatim), so a
 * syntax variant the format does not know is never lost.  Type errors that
 * the syntax makes visible are reported at the element's location. */
#include "format.h"

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
    if (!d->e || d->e->kind != E_WORD) return false;
    int k = -1;
    for (int i = 0; preds[i]; i++) if (!strcmp(preds[i], d->e->text)) k = i;
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
            if (def) {
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
    print_attrs(p, op, NULL, 0);
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
        if (!eat(d, "=") || !d->e || d->e->kind != E_WORD) return false;
        int k = -1;
        for (int i = 0; precisions[i]; i++) if (!strcmp(precisions[i], d->e->text)) k = i;
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

/* the text of the elements of an angle group, `<...>`, as written */
static char *group_text(Dec *d) {
    if (!is_tok(d->e, "<")) return NULL;
    char *buf = NULL; size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    Printer p = { .f = f, .c = d->c, .alias_ok = true };
    int depth = 0;
    for (Elem *e = d->e; e; e = e->next) {
        if (e != d->e && e->space) fputc(' ', f);
        if (e->kind == E_TYPE) print_type(&p, e->type);
        else if (e->kind == E_ATTR && !e->text) print_attr(&p, e->attr);
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
        char *body = group_text(d);
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
    if (t && t->kind == T_OPAQUE && t->opq.body && !t->alias) P(p, t->opq.body);
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

/* ---- the table ------------------------------------------------------ */
typedef struct Fmt { const char *name; bool (*dec)(Dec *); void (*pr)(Printer *, Op *); } Fmt;

static const Fmt fmts[] = {
    { "unary", dec_unary, pr_same },
    { "binary", dec_binary, pr_same },
    { "ternary", dec_ternary, pr_same },
    { "constant", dec_constant, pr_constant },
    { "cmp", dec_cmp, pr_cmp },
    { "select", dec_select, pr_select },
    { "cast", dec_cast, pr_cast },
    { "cast_list", dec_cast_list, pr_cast_list },
    { "return", dec_return, pr_return },
    { "call", dec_call, pr_call },
    { "func", dec_func, pr_func },
    { "module", dec_module, pr_module },
    { "arrow", dec_arrow, pr_arrow },
    { "pair", dec_pair, pr_pair },
    { "nullary", dec_nullary, pr_nullary },
    { "axis", dec_axis, pr_axis },
    { "load", dec_load, pr_loadstore },
    { "store", dec_store, pr_loadstore },
    { "dot", dec_dot, pr_dot },
    { "empty", dec_empty, pr_empty },
    { "for", dec_for, pr_for },
    { "if", dec_if, pr_if },
    { "condition", dec_condition, pr_condition },
    { "while", dec_while, pr_while },
    { "layout", dec_layout, pr_layout },
    { "br", dec_br, pr_br },
    { "cond_br", dec_cond_br, pr_cond_br },
};

static const Fmt *find_fmt(const OpInfo *info) {
    static const Fmt *by_id[OP__COUNT];
    static bool ready;
    if (!ready) {   /* the op table is constant: resolve each op's format once */
        for (int id = 0; id < OP__COUNT; id++) {
            const OpInfo *in = opinfo_byid(id);
            by_id[id] = NULL;
            if (!in->format || !*in->format) continue;
            for (size_t i = 0; i < sizeof fmts / sizeof *fmts; i++) if (!strcmp(fmts[i].name, in->format)) by_id[id] = &fmts[i];
        }
        ready = true;
    }
    return info->id >= 0 && info->id < OP__COUNT ? by_id[info->id] : NULL;
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
    if (!f) return false;
    f->pr(p, op);
    return true;
}
