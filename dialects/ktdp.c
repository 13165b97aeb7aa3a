/* ktdp.c - the ktdp (KTIR data placement) dialect: memory views, access tiles over SSA affine expressions, loads, stores and inter-tile producers and reductions. */
#include "dialects.h"

#include <stdlib.h>
#include <string.h>

#include "format_lib.h"
#include "parse.h"

/* ktdp.get_compute_tile_id attr-dict : index[, index ...] */
static bool dec_tileid(Dec *d) {
    if (!no_uses(d)) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *ts[16];
    int n = types(d, ts, 16);
    if (!n || n > 16 || !at_end(d)) return false;
    if (!results_n(d, n)) return false;
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
    if (!t || !at_end(d) || !results_n(d, 1) || d->op->nopnds != 1 + nds + ndt) return false;
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
    if (!rt || !at_end(d) || !results_n(d, 1) || op->nopnds != 1 + nidx + nsym || nidx < m.n || nsym > 64) return false;
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
    if (!results_n(d, 1) || !eat(d, "intermediate_variables") || !eat(d, "(")) return false;
    if (op->nregions != 1 || !op->regions[0].first) return false;
    Block *entry = op->regions[0].first;
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
    if (!uses_n(d, 1)) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *tt = dialect_type(d, "!ktdp.access_tile", opnd(d, 0)->type);
    if (!tt || !eat(d, "->")) return false;
    Type *rt = type_el(d);
    if (!rt || !at_end(d) || !results_n(d, 1)) return false;
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
    if (!uses_n(d, 2)) return false;
    Attr *a = dict_opt(d);
    if (!eat(d, ":")) return false;
    Type *dt = type_el(d);
    if (!dt || !eat(d, ",")) return false;
    Type *tt = dialect_type(d, "!ktdp.access_tile", opnd(d, 1)->type);
    if (!tt || !at_end(d) || !results_n(d, 0)) return false;
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

/* ktdp.inter_tile_produce producer_tiles_per_group = SET attr-dict [: T, ...] -> <future> region
 * (ktir-cpu's examples write the partials' types before the arrow; they must be the
 * types the region yields, and the printer leaves them out) */
static bool dec_produce(Dec *d) {
    Op *op = d->op;
    if (!no_uses(d) || !results_n(d, 1) || !eat(d, "producer_tiles_per_group") || !eat(d, "=")) return false;
    Attr *set = attr_el(d);
    if (!set) return false;
    Attr *a = dict_opt(d);
    Type *pt[64];
    int np = 0;
    Elem *at = d->e;
    if (eat(d, ":") && (np = types(d, pt, 64)) <= 0) return false;
    if (!eat(d, "->")) return false;
    Type *ft = dialect_type(d, "!ktdp.tile_future", NULL);
    if (!ft || region_el(d) != 0 || !at_end(d) || op->nregions != 1) return false;
    if (np) {
        Block *b = op->regions[0].first;
        Op *y = b ? b->last : NULL;
        bool same = y && op_is(y, OP_ktdp_yield_partial) && y->nopnds == np;
        for (int i = 0; same && i < np; i++) same = op_operand(y, i)->type == pt[i];
        if (!same) return fail_at(d, at, "the partial types before '->' must be the types the region's ktdp.yield_partial yields");
    }
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
    if (!eat(d, "(") || !uses_n(d, 1) || !eat(d, ")")) return false;
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
    if (!results_n(d, nr)) return false;
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

/* the two spellings of a ktdp memory space: the Spyre backend's
 * #ktdp.spyre_memory_space<HBM|LX, core = N> and ktir-cpu's
 * #ktdp.memory_space<global|ct_local, ct_id = N>; L0 and unspecified have no
 * generic spelling and stay as written */
/* (--ktdp-memory-space picks one) */
static bool print_memory_space(Printer *p, Attr *a) {
    if (!p->o.ktdp_space || a->kind != A_OPAQUE) return false;
    const char *s = a->str.s;
    static const char sp[] = "#ktdp.spyre_memory_space<", gen[] = "#ktdp.memory_space<";
    char kind[32] = "";
    long core = -1;
    if (p->o.ktdp_space == 2 && !strncmp(s, sp, sizeof sp - 1)) {
        if (sscanf(s + sizeof sp - 1, "%31[A-Za-z0-9_]", kind) != 1) return false;
        const char *c = strstr(s, "core");
        if (c && sscanf(c, "core = %ld", &core) != 1) return false;
        if (!strcmp(kind, "HBM") && core < 0) { P(p, "#ktdp.memory_space<global>"); return true; }
        if (!strcmp(kind, "LX")) {
            if (core >= 0) fprintf(p->f, "#ktdp.memory_space<ct_local, ct_id = %ld>", core);
            else P(p, "#ktdp.memory_space<ct_local>");
            return true;
        }
        return false;
    }
    if (p->o.ktdp_space == 1 && !strncmp(s, gen, sizeof gen - 1)) {
        if (sscanf(s + sizeof gen - 1, "%31[A-Za-z0-9_]", kind) != 1) return false;
        const char *c = strstr(s, "ct_id");
        if (c && sscanf(c, "ct_id = %ld", &core) != 1) return false;
        if (!strcmp(kind, "global") && core < 0) { P(p, "#ktdp.spyre_memory_space<HBM>"); return true; }
        if (!strcmp(kind, "ct_local")) {
            if (core >= 0) fprintf(p->f, "#ktdp.spyre_memory_space<LX, core = %ld>", core);
            else P(p, "#ktdp.spyre_memory_space<LX>");
            return true;
        }
    }
    return false;
}

/* The `groups = affine_set<...>` of a !ktdp.tile_future is printed as the
 * attribute it is, so that it gets a #setN alias as MLIR gives it (MLIR
 * aliases attributes inside types too). */
static void print_tile_future_body(Printer *p, const Type *t) {
    const char *b = t->opq.body, *k = NULL;
    if (p->c) k = strstr(b, "groups = affine_set<");
    if (!k) { P(p, b); return; }
    const char *s = k + 9, *e = s + 11;
    int depth = 1;
    for (; *e && depth; e++) depth += *e == '<' ? 1 : *e == '>' && e[1] != '=' ? -1 : 0;
    char *txt = depth ? NULL : strndup(s, (size_t)(e - s));
    Attr *a = txt ? parse_attr_str(p->c, txt) : NULL;
    free(txt);
    if (!a || a->kind != A_INTEGER_SET) { P(p, b); return; }
    fwrite_unlocked(b, 1, (size_t)(s - b), p->f);
    print_attr(p, a);
    P(p, e);
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
    if (!t || !at_end(d) || !results_n(d, 1)) return false;
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

static const OpFormat formats[] = {
    { "tileid", dec_tileid, pr_tileid, fit_tileid },
    { "memview", dec_memview, pr_memview, fit_memview },
    { "dmemview", dec_dmemview, pr_dmemview, fit_dmemview },
    { "atile", dec_atile, pr_atile, fit_atile },
    { "itile", dec_itile, pr_itile, fit_itile },
    { "kload", dec_kload, pr_kload, fit_kload },
    { "kstore", dec_kstore, pr_kstore, fit_kstore },
    { "produce", dec_produce, pr_produce, fit_produce },
    { "ktreduce", dec_ktreduce, pr_ktreduce, fit_ktreduce },
};
static const OpInherent inherent[] = {
    { OP_ktdp_construct_memory_view, "coordinate_set memory_space static_sizes static_strides operandSegmentSizes" },
    { OP_ktdp_construct_access_tile, "base_map access_tile_set access_tile_order operandSegmentSizes" },
    { OP_ktdp_construct_indirect_access_tile, "per_dim_subscript_kinds per_dim_subscript_maps variables_space_set variables_space_order operandSegmentSizes" },
    { OP_ktdp_inter_tile_produce, "producer_tiles_per_group" },
    { OP_ktdp_inter_tile_reduce, "consumer_tiles_per_group producer_dependency_per_consumer" },
};

void dialect_ktdp_register(void) {
    format_register(formats, sizeof formats / sizeof *formats);
    format_register_inherent(inherent, sizeof inherent / sizeof *inherent, NULL);
    print_register_type_body("!ktdp.tile_future", print_tile_future_body);
    print_register_opaque_attr(print_memory_space);
}

bool ktdp_tile_shape(const Type *t, int64_t *dims, int maxr, int *rank) {
    if (!t || t->kind != T_OPAQUE || !t->opq.body) return false;
    const char *s = t->opq.body;
    if (*s == '<') s++;
    int r = 0;
    while (*s >= '0' && *s <= '9') {
        if (r == maxr) return false;
        char *end;
        dims[r++] = strtoll(s, &end, 10);
        s = end;
        if (*s != 'x') return false;
        s++;
    }
    if (strncmp(s, "index", 5)) return false;
    *rank = r;
    return true;
}

/* the kind of one memory-space attribute (NULL: none, global) */
static KtdpSpace space_of(const Attr *a, int64_t *core) {
    *core = -1;
    if (!a) return KMS_GLOBAL;
    if (a->kind != A_OPAQUE) return KMS_OTHER;
    static const char sp[] = "#ktdp.spyre_memory_space<", gen[] = "#ktdp.memory_space<";
    const char *s = a->str.s, *key;
    char kind[32] = "";
    if (!strncmp(s, sp, sizeof sp - 1)) { s += sizeof sp - 1; key = "core"; }
    else if (!strncmp(s, gen, sizeof gen - 1)) { s += sizeof gen - 1; key = "ct_id"; }
    else return KMS_OTHER;
    while (*s == ' ') s++;
    if (sscanf(s, "%31[A-Za-z0-9_]", kind) != 1) return KMS_OTHER;
    const char *c = strstr(s, key);
    if (c) {
        long long n = -1;
        c += strlen(key);
        while (*c == ' ') c++;
        if (*c != '=' || sscanf(c + 1, " %lld", &n) != 1 || n < 0) return KMS_OTHER;
        *core = n;
    }
    if (!strcmp(kind, "HBM") || !strcmp(kind, "global") || !strcmp(kind, "unspecified")) return *core < 0 ? KMS_GLOBAL : KMS_OTHER;
    if (!strcmp(kind, "LX") || !strcmp(kind, "ct_local")) return KMS_LOCAL;
    return KMS_OTHER;
}

KtdpSpace ktdp_view_space(Op *view, int64_t *core) {
    Attr *a = op_attr(view, "memory_space");
    Type *t = view->nres ? view->res[0].type : NULL;
    Attr *ts = t && t->kind == T_MEMREF ? t->sh.space : NULL;
    int64_t c2;
    KtdpSpace k = space_of(a, core);
    if (!ts) return k;
    KtdpSpace k2 = space_of(ts, &c2);
    if (!a) { *core = c2; return k2; }
    return k == k2 && *core == c2 ? k : KMS_OTHER;
}
