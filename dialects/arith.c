/* arith.c - the arith and math dialects: the arithmetic formats (`%a, %b : T`, constants, comparisons, casts) and the overflow and fastmath flags. */
#include "dialects.h"

#include <stdlib.h>
#include <string.h>

#include "format_lib.h"
#include "parse_impl.h"

#define OVERFLOW_FLAGS "none, nsw, nuw"
#define FASTMATH_FLAGS "none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast"
static bool known_flag(int fastmath, const char *w) {
    const char *list = fastmath ? FASTMATH_FLAGS : OVERFLOW_FLAGS;
    size_t n = strlen(w);
    for (const char *p = list; (p = strstr(p, w)); p += n)
        if ((p == list || p[-1] == ' ') && (p[n] == ',' || p[n] == 0)) return true;
    return false;
}

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
            if (e->kind == E_WORD && !known_flag(k, e->text)) {
                diag_error(d->d, e->loc, "expected one of [%s] for %s flags, found '%s'", k ? FASTMATH_FLAGS : OVERFLOW_FLAGS, kw, e->text);
                d->err = true;
                return false;
            }
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
    if (!uses_n(d, n)) return false;
    if (!dec_flags(d)) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *t = type_el(d);
    if (!t || !at_end(d) || !results_n(d, 1)) return false;
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
    if (!results_n(d, 1) || !no_uses(d)) return false;
    Elem *ve = d->e;
    if (!ve || is_tok(ve, ":") || is_tok(ve, "{")) { want_el(d, "attribute value"); return false; }
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
    } else return fail_at(d, ve, "'arith.constant' op value must be an integer, float, or elements attribute");
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
    if (!d->e || (d->e->kind != E_WORD && d->e->kind != E_STRING)) { want_el(d, "comparison predicate"); return false; }
    const char *w = d->e->text;
    size_t wl = strlen(w);
    if (d->e->kind == E_STRING) { w++; wl = wl >= 2 ? wl - 2 : 0; }
    int k = -1;
    for (int i = 0; preds[i]; i++) if (strlen(preds[i]) == wl && !strncmp(preds[i], w, wl)) k = i;
    if (k < 0) { diag_error(d->d, d->e->loc, "unknown comparison predicate '%s'", d->e->text); d->err = true; return false; }
    d->e = d->e->next;
    if (!eat(d, ",") || !uses_n(d, 2)) return false;
    if (!dec_flags(d)) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *t = type_el(d);
    if (!t || !at_end(d) || !results_n(d, 1)) return false;
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
    if (!uses_n(d, 3)) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *ts[2];
    int n = types(d, ts, 2);
    if (n < 1 || n > 2 || !at_end(d) || !results_n(d, 1)) return false;
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
    if (!uses_n(d, 1)) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *from = type_el(d);
    if (!from || !eat(d, "to")) return false;
    Type *to = type_el(d);
    if (!to || !at_end(d) || !results_n(d, 1)) return false;
    want_type(d, 0, from);
    merge_attrs(d, a);
    set_res(d->op, 0, to);
    return true;
}
static void pr_cast(Printer *p, Op *op) {
    pr_opnd_head(p, op);
    print_type(p, op->opnds[0].value->type);
    P(p, " to ");
    print_type(p, op->res[0].type);
}

/* the overflow flags of addi/subi/muli/shli and the fastmath flags of float
 * arithmetic are properties, #arith.overflow<none> / #arith.fastmath<none>
 * when not written */
/* which ops carry overflow flags or fast-math flags, by op id: made once,
 * at registration (single-threaded) */
enum { FL_NONE, FL_OVF, FL_FM, FL_FM_IF_FLOAT };
static unsigned char flag_kind[OP__COUNT];
static void flag_table(void) {
    for (int id = 0; id < OP__COUNT; id++) {
        const OpInfo *in = opinfo_byid(id);
        const char *fmt = in->format;
        bool fmtok = !strcmp(fmt, "binary") || !strcmp(fmt, "unary") || !strcmp(fmt, "ternary");
        if (id == OP_arith_addi || id == OP_arith_subi || id == OP_arith_muli || id == OP_arith_shli) flag_kind[id] = FL_OVF;
        else if (id == OP_arith_cmpf || (fmtok && !strncmp(in->name, "math.", 5) && id != OP_math_absi)) flag_kind[id] = FL_FM;
        else if (fmtok && id != OP_math_absi) flag_kind[id] = FL_FM_IF_FLOAT;
    }
}

static void *memo(Ctx *c, int slot, bool attr, const char *text) {
    void *v = ctx_memo(c, slot);
    if (!v) { v = attr ? (void *)attr_opaque(c, text) : (void *)ctx_str(c, text); ctx_memo_set(c, slot, v); }
    return v;
}

static void arith_flags_inherent(Ctx *c, Op *op) {
    int id = op->info->id;
    int k = id >= 0 && id < OP__COUNT ? flag_kind[id] : FL_NONE;
    if (k == FL_NONE || (k == FL_FM_IF_FLOAT && !type_is_float(type_elem(op->nres ? op->res[0].type : NULL)))) return;
    bool ovf = k == FL_OVF;
    const char *n = memo(c, ovf ? CTX_MEMO_ARITH_OVF_NAME : CTX_MEMO_ARITH_FM_NAME, false, ovf ? "overflowFlags" : "fastmath");
    /* attribute names are interned: compared by pointer */
    Attr *a = NULL;
    for (int i = 0; i < op->nattrs; i++) if (op->attrs[i].name == n) a = op->attrs[i].value;
    if (a) op_set_attr_interned(c, op, n, NULL);
    const NamedAttr *pr = op_props(op);
    for (int i = 0; !a && i < op->nprops; i++) if (pr[i].name == n) a = pr[i].value;
    if (!a) a = memo(c, ovf ? CTX_MEMO_ARITH_OVF_NONE : CTX_MEMO_ARITH_FM_NONE, true, ovf ? "#arith.overflow<none>" : "#arith.fastmath<none>");
    op_set_prop_interned(c, op, n, a);
}

static const OpFormat formats[] = {
    { "unary", dec_unary, pr_same, NULL },
    { "binary", dec_binary, pr_same, NULL },
    { "ternary", dec_ternary, pr_same, NULL },
    { "constant", dec_constant, pr_constant, NULL },
    { "cmp", dec_cmp, pr_cmp, NULL },
    { "select", dec_select, pr_select, NULL },
    { "cast", dec_cast, pr_cast, NULL },
};
static const OpInherent inherent[] = {
    { OP_arith_constant, "value" },
    { OP_arith_cmpi, "predicate" },
    { OP_arith_cmpf, "predicate fastmath" },
};

void dialect_arith_register(void) {
    flag_table();
    format_register(formats, sizeof formats / sizeof *formats);
    format_register_inherent(inherent, sizeof inherent / sizeof *inherent, arith_flags_inherent);
}
