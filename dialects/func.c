/* func.c - the func and builtin dialects: functions, calls and returns (also used by tt.func, tt.call and the return-like ops of other dialects), the module and unrealized casts. */
#include "dialects.h"

#include <stdlib.h>
#include <string.h>

#include "format_lib.h"

/* builtin.unrealized_conversion_cast %a, %b : T1, T2 to R1, R2 */
static bool dec_cast_list(Dec *d) {
    int n = uses(d, NULL);
    Attr *a = dict_opt(d);
    Type *in[64], *out[64];
    int ni = 0, no;
    if (n) {
        if (!eat(d, ":")) return false;
        ni = types_for(d, in, 64, n);
        if (ni < 0) return false;
    }
    if (!eat(d, "to")) return false;
    no = types(d, out, 64);
    if (!at_end(d) || no > 64 || ni > 64 || !results_n(d, no)) return false;
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

/* func.return and func.call inside a func.func drop the dialect prefix, as
 * func.func makes func the default dialect of its body */
static void print_func_name(Printer *p, Op *op) {
    const char *n = op->info->name;
    Op *par = op_parent(op);
    if ((op_is(op, OP_func_return) || op_is(op, OP_func_call)) && par && op_is(par, OP_func_func)) n += 5;
    P(p, n);
}

/* return-like: NAME [%a, %b : T1, T2] */
static bool dec_return(Dec *d) {
    int n = uses(d, NULL);
    Attr *a = dict_opt(d);
    if (n) {
        if (!eat(d, ":")) return false;
        Type *ts[256];
        if (types_for(d, ts, 256, n) < 0) return false;
        for (int i = 0; i < n; i++) want_type(d, i, ts[i]);
    }
    if (!at_end(d) || !results_n(d, 0)) return false;
    merge_attrs(d, a);
    return true;
}
static void pr_return(Printer *p, Op *op) {
    print_func_name(p, op);
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
    Elem *ce = d->e;
    Attr *callee = ce && ce->kind == E_ATTR && !ce->text ? ce->attr : NULL;
    if (!callee || callee->kind != A_SYMREF) { want_el(d, "symbol reference to the callee"); return false; }
    d->e = ce->next;
    if (!eat(d, "(")) return false;
    int n = uses(d, NULL);
    if (!eat(d, ")")) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Elem *te = d->e;
    if (!eat(d, "(")) return false;
    Type *in[256], *out[256];
    int ni = 0, no = 0;
    if (!eat(d, ")")) { ni = types(d, in, 256); if (!eat(d, ")")) return false; }
    if (!eat(d, "->")) return false;
    if (eat(d, "(")) { if (!eat(d, ")")) { no = types(d, out, 256); if (!eat(d, ")")) return false; } }
    else { Type *t = type_el(d); if (!t) return false; out[0] = t; no = 1; }
    if (!at_end(d) || !counts_match(d, te, n, ni) || ni > 256 || no > 256 || !results_n(d, no)) return false;
    for (int i = 0; i < n; i++) want_type(d, i, in[i]);
    for (int i = 0; i < no; i++) set_res(d->op, i, out[i]);
    op_set_prop(d->c, d->op, "callee", callee);
    merge_attrs(d, a);
    return true;
}
static void pr_call(Printer *p, Op *op) {
    print_func_name(p, op);
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
                if (!t || !entry || value_argblock(def->val) != entry) goto done;
                nargs++;
            } else {
                t = any_type(d);
                if (!t) goto done;
            }
            Attr *at = dict_opt(d);
            if (d->e && d->e->kind == E_ATTR && d->e->attr->kind == A_LOC) {
                if (def) value_set_locattr(d->c, def->val, d->e->attr);
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
    if (region_el(d) != 0 || !at_end(d) || !results_n(d, 0)) return false;
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

static const OpFormat formats[] = {
    { "cast_list", dec_cast_list, pr_cast_list, NULL },
    { "return", dec_return, pr_return, NULL },
    { "call", dec_call, pr_call, NULL },
    { "func", dec_func, pr_func, NULL },
    { "module", dec_module, pr_module, NULL },
};
static const OpInherent inherent[] = {
    { OP_func_call, "callee" },
    { OP_func_func, "sym_name function_type sym_visibility arg_attrs res_attrs" },
};

void dialect_func_register(void) {
    format_register(formats, sizeof formats / sizeof *formats);
    format_register_inherent(inherent, sizeof inherent / sizeof *inherent, NULL);
}
