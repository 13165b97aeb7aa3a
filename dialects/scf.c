/* scf.c - the scf and cf dialects: structured loops and conditionals, and branches with successor arguments. */
#include "dialects.h"

#include <stdlib.h>
#include <string.h>

#include "format_lib.h"

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
        Elem *te = d->e;
        if (eat(d, "(")) { nrt = types(d, rt, 256); if (!eat(d, ")")) return false; }
        else { Type *t = type_el(d); if (!t) return false; rt[0] = t; nrt = 1; }
        if (nrt > 256) return false;
        if (nrt != ninit) return fail_at(d, te, "mismatch in number of loop-carried values and defined values");
    }
    Type *ivt = NULL;
    if (eat(d, ":")) { ivt = type_el(d); if (!ivt) return false; }
    int r = region_el(d);
    if (r != 0) return false;
    Attr *a = dict_opt(d);
    if (!at_end(d) || op->nopnds != 3 + ninit) return false;
    if (!results_n(d, ninit)) return false;
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
    if (!uses_n(d, 1)) return false;
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
    if (!results_n(d, nrt)) return false;
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
    if (!eat(d, "(") || !uses_n(d, 1) || !eat(d, ")")) return false;
    int n = uses(d, NULL);
    Attr *a = dict_opt(d);
    if (n) {
        Type *ts[256];
        if (!eat(d, ":") || types_for(d, ts, 256, n) < 0) return false;
        for (int i = 0; i < n; i++) want_type(d, 1 + i, ts[i]);
    }
    if (!at_end(d) || !results_n(d, 0)) return false;
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

/* scf.while [(%a = %x, ...)] : (T...) -> (R...) {...} do {...} [attributes {...}] */
static bool dec_while(Dec *d) {
    Op *op = d->op;
    int n = 0;   /* no initial values: no parentheses (`scf.while : () -> () {`) */
    if (eat(d, "(") && !eat(d, ")")) {
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
    if (eat(d, "attributes")) { a = dict_opt(d); if (!a) { want_el(d, "attribute dictionary"); return false; } }
    if (!at_end(d) || ni != n || ni > 256 || no > 256 || !results_n(d, no)) return false;
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
    if (op->nopnds) {
        P(p, " (");
        for (int i = 0; i < op->nopnds; i++) {
            if (i) P(p, ", ");
            print_value(p, before->args[i]);
            P(p, " = ");
            print_value(p, op_operand(op, i));
        }
        P(p, ")");
    }
    P(p, " : (");
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

/* a successor with its arguments: ^bb1(%a, %b : i32, f32) */
static Elem *succ_el(Dec *d) {
    if (!d->e || d->e->kind != E_SUCC) { want_el(d, "block successor"); return NULL; }
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
        if (!n || !eat(d, ":") || types_for(d, ts, 64, n) < 0 || !eat(d, ")")) return false;
        for (int i = 0; i < n; i++) want_type(d, f->idx + i, ts[i]);
        if (f->idx != *first_opnd) return false;
    }
    op_succ_nargs(d->op)[k] = n;
    *first_opnd += n;
    return true;
}
static bool dec_br(Dec *d) {
    if (!results_n(d, 0)) return false;
    int next = 0;
    if (!dec_succ(d, &next, 0)) return false;
    Attr *a = dict_opt(d);
    if (!at_end(d) || next != d->op->nopnds) return false;
    merge_attrs(d, a);
    return true;
}
static bool dec_cond_br(Dec *d) {
    if (!results_n(d, 0)) return false;
    if (!use_elem(d) || !eat(d, ",")) return false;
    int next = 1;
    if (!dec_succ(d, &next, 0) || !eat(d, ",") || !dec_succ(d, &next, 1)) return false;
    Attr *a = dict_opt(d);
    if (!at_end(d) || next != d->op->nopnds) return false;
    want_type(d, 0, type_int(d->c, 1, SIGNLESS));
    int64_t seg[3] = { 1, op_succ_nargs(d->op)[0], op_succ_nargs(d->op)[1] };
    op_set_prop(d->c, d->op, "operandSegmentSizes", attr_dense_array(d->c, type_int(d->c, 32, SIGNLESS), 3, seg, NULL));
    merge_attrs(d, a);
    return true;
}
static void pr_succ(Printer *p, Op *op, int k, int first) {
    print_successor(p, op_succs(op)[k]);
    int n = op_succ_nargs(op) ? op_succ_nargs(op)[k] : 0;
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
    pr_succ(p, op, 1, 1 + (op_succ_nargs(op) ? op_succ_nargs(op)[0] : 0));
    static const char *const el[] = { "operandSegmentSizes" };
    print_attrs(p, op, el, 1);
}

/* the successor operand counts of a branch read in generic form: all of a
 * cf.br's operands, or a cf.cond_br's operandSegmentSizes (kept as a
 * property) */
static void cf_successor_segments(Ctx *c, Op *op) {
    int id = op->info->id;
    if (op->verbatim || !op_nsuccs(op) || !op_succ_nargs(op)) return;
    if (id == OP_cf_br) op_succ_nargs(op)[0] = op->nopnds;
    Attr *seg = id == OP_cf_cond_br ? op_attr(op, "operandSegmentSizes") : NULL;
    if (!seg) for (int i = 0; i < op->nattrs; i++) if (!strcmp(op->attrs[i].name, "operandSegmentSizes")) seg = op->attrs[i].value;
    if (seg && seg->kind == A_DENSE_ARRAY && seg->darr.n == 3 && seg->darr.i && seg->darr.i[0] + seg->darr.i[1] + seg->darr.i[2] == op->nopnds) {
        op_succ_nargs(op)[0] = (int)seg->darr.i[1];
        op_succ_nargs(op)[1] = (int)seg->darr.i[2];
        op_set_attr(c, op, "operandSegmentSizes", NULL);
        op_set_prop(c, op, "operandSegmentSizes", seg);
    }
}

static const OpFormat formats[] = {
    { "for", dec_for, pr_for, NULL },
    { "if", dec_if, pr_if, NULL },
    { "condition", dec_condition, pr_condition, NULL },
    { "while", dec_while, pr_while, NULL },
    { "br", dec_br, pr_br, NULL },
    { "cond_br", dec_cond_br, pr_cond_br, NULL },
};

void dialect_scf_register(void) {
    format_register(formats, sizeof formats / sizeof *formats);
    format_register_inherent(NULL, 0, cf_successor_segments);
}
