/* passes/canonicalize/tt.c - Triton's folders and canonicalization
 * patterns of tt ops: splat, broadcast, expand_dims, reshape and trans of
 * constants, addptr of zero, fp_to_fp of zeros, one-element make_range,
 * int_to_ptr of ptr_to_int and of an addi of a constant, and the shape
 * patterns over splat and broadcast. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "patterns.h"

/* Triton's folders */
FoldKind tt_fold(Ctx *c, Op *op, Attr **k, Folded *f) {
    Value *lhs = op->nopnds > 0 ? opnd(op, 0) : NULL;
    Type *rt = op->res[0].type;
    Op *d;
    switch (op->info->id) {
    case OP_tt_splat:
        if (k[0] && (k[0]->kind == A_INT || k[0]->kind == A_FLOAT) && type_is_shaped(rt) &&
            type_numel(rt) >= 0 && k[0]->type == type_elem(rt))
            return fold_attr(f, attr_dense(c, rt, 1, &k[0]));
        return NO_FOLD;
    case OP_tt_broadcast:
        if (lhs->type == rt) return fold_value(f, lhs);
        if (k[0] && k[0]->kind == A_DENSE && k[0]->dense.splat && type_is_shaped(rt) && type_numel(rt) >= 0)
            return fold_attr(f, attr_dense(c, rt, 1, &k[0]->dense.elts[0]));
        return NO_FOLD;
    case OP_tt_addptr:
        if (is_zero(k[1])) return fold_value(f, lhs);
        return NO_FOLD;
    case OP_tt_fp_to_fp: {
        /* Triton's folder: a no-op cast, and +0 / -0 in any float type (a type
         * without a negative zero, the FNUZ formats, takes +0) */
        if (lhs->type == rt) return fold_value(f, lhs);
        bool pz = is_pos_zero(k[0]), nz = !pz && is_neg_zero(k[0]);
        Type *et = type_elem(rt);
        if ((!pz && !nz) || !et || et->kind != T_FLOAT) return NO_FOLD;
        if (nz && strstr(et->f.name, "FNUZ")) nz = false;
        Attr *z = attr_float(c, et, nz ? -0.0 : 0.0);
        if (!type_is_shaped(rt)) return fold_attr(f, z);
        if (type_numel(rt) < 0) return NO_FOLD;
        return fold_attr(f, attr_dense(c, rt, 1, &z));
    }
    case OP_tt_expand_dims: case OP_tt_reshape: case OP_tt_trans:
        /* Triton's folders: a splat constant takes the new shape */
        if (k[0] && k[0]->kind == A_DENSE && k[0]->dense.splat && type_is_shaped(rt) && type_numel(rt) >= 0)
            return fold_attr(f, attr_dense(c, rt, 1, &k[0]->dense.elts[0]));
        return NO_FOLD;
    case OP_tt_make_range: {
        /* a range of one element is a constant */
        Attr *st = op_attr(op, "start"), *en = op_attr(op, "end");
        if (st && en && st->kind == A_INT && en->kind == A_INT && en->i - st->i == 1 && type_is_shaped(rt) && type_numel(rt) == 1) {
            Attr *e = attr_int(c, type_elem(rt), st->i);
            return fold_attr(f, attr_dense(c, rt, 1, &e));
        }
        return NO_FOLD;
    }
    case OP_tt_int_to_ptr:
        /* int_to_ptr(ptr_to_int(p)) -> p */
        if ((d = def_of(lhs, OP_tt_ptr_to_int)) && opnd(d, 0)->type == rt) return fold_value(f, opnd(d, 0));
        return NO_FOLD;
    default:
        return NO_FOLD;
    }
}

/* Triton: int_to_ptr(addi(v, C)) -> addptr(int_to_ptr(v), C / element
 * bytes) when the constant byte offset C is a multiple of the pointee size */
static bool int_to_ptr_add(Rewriter *rw, Op *op) {
    Op *add = def_of(opnd(op, 0), OP_arith_addi);
    if (!add || add->verbatim || op->nres != 1) return false;
    Value *kv = opnd(add, 1);
    Attr *k = value_const(kv);
    if (k && k->kind == A_DENSE) k = k->dense.splat && k->dense.n >= 1 ? k->dense.elts[0] : NULL;
    if (!k || k->kind != A_INT) return false;
    Type *rt = op->res[0].type, *pt = type_elem(rt);
    if (!pt || pt->kind != T_PTR || !pt->ptr.pointee) return false;
    Type *pe = pt->ptr.pointee;
    int64_t bits = pe->kind == T_INT ? pe->i.width : pe->kind == T_FLOAT ? pe->f.width : pe->kind == T_PTR ? 64 : -1;
    if (bits < 0) return false;
    int64_t bytes = bits / 8 > 1 ? bits / 8 : 1, off = k->i;
    if (off % bytes) return false;
    Value *v = opnd(add, 0);
    Op *base = rw_create_before(rw, op, "tt.int_to_ptr", rt, 1, &v);
    Attr *e = attr_int(rw_ctx(rw), type_elem(kv->type), off / bytes);
    Value *ev = rw_const_before(rw, op, type_is_shaped(kv->type) ? attr_dense(rw_ctx(rw), kv->type, 1, &e) : e, kv->type);
    Value *ops[2] = { &base->res[0], ev };
    Op *ap = rw_create_before(rw, op, "tt.addptr", rt, 2, ops);
    replace_by(rw, op, &ap->res[0]);
    return true;
}

/* the layout of expand_dims(x, axis) when x has layout `enc`: for a
 * `#ttg.slice<{dim = axis, parent = P}>` it is P (named by an alias of the
 * input); other layouts are not inferred here (NULL) */
static Attr *expand_dims_encoding(Ctx *c, Attr *enc, int64_t axis) {
    if (enc->kind != A_OPAQUE || !enc->str.s || enc->str.len >= 512) return NULL;
    char t[512];
    memcpy(t, enc->str.s, enc->str.len);
    t[enc->str.len] = 0;
    if (strncmp(t, "#ttg.slice<{", 12)) return NULL;
    const char *dp = strstr(t, "dim"), *pp = strstr(t, "parent");
    if (!dp || !pp) return NULL;
    dp += strspn(dp + 3, " =") + 3;
    pp += strspn(pp + 6, " =") + 6;
    char *end;
    long dim = strtol(dp, &end, 10);
    if (end == dp || dim != axis) return NULL;
    size_t n = strcspn(pp, ", }");
    if (*pp != '#' || n < 2) return NULL;
    for (Alias *al = ctx_aliases(c); al; al = al->next)
        if (al->attr && strlen(al->name) == n && !strncmp(al->name, pp, n)) return al->attr;
    return NULL;
}

/* Triton's shape patterns: a splat or broadcast feeding a broadcast,
 * expand_dims or reshape is rebuilt from the original source */
static bool shape_patterns(Rewriter *rw, Op *op) {
    if (op->nres != 1 || op->nopnds != 1) return false;
    Value *src = opnd(op, 0);
    Type *rt = op->res[0].type;
    int id = op->info->id;
    if (id == OP_tt_reshape && op_attr(op, "efficient_layout")) return false;
    Op *d = src->def;
    if (!d || d->verbatim || d->nopnds != 1) return false;
    if (op_is(d, OP_tt_splat)) {
        /* broadcast / expand_dims / reshape of a splat is a splat */
        Value *x = opnd(d, 0);
        replace_by(rw, op, &rw_create_before(rw, op, "tt.splat", rt, 1, &x)->res[0]);
        return true;
    }
    if (id == OP_tt_broadcast && op_is(d, OP_tt_broadcast)) {
        Value *x = opnd(d, 0);
        replace_by(rw, op, &rw_create_before(rw, op, "tt.broadcast", rt, 1, &x)->res[0]);
        return true;
    }
    if (id == OP_tt_reshape && op_is(d, OP_tt_reshape)) {
        Value *x = opnd(d, 0);
        bool reorder = op_attr(op, "allow_reorder") || op_attr(d, "allow_reorder");
        Op *n = rw_create_before(rw, op, "tt.reshape", rt, 1, &x);
        if (reorder) op_set_prop(rw_ctx(rw), n, "allow_reorder", attr_unit(rw_ctx(rw)));
        replace_by(rw, op, &n->res[0]);
        return true;
    }
    if (id == OP_tt_expand_dims && op_is(d, OP_tt_broadcast)) {
        /* expand_dims(broadcast(x)) -> broadcast(expand_dims(x)); with a
         * layout encoding the new one would have to be inferred: left alone */
        Value *x = opnd(d, 0);
        Type *xt = x->type;
        Attr *ax = op_attr(op, "axis");
        if (!xt || xt->kind != T_TENSOR || !ax || ax->kind != A_INT) return false;
        Attr *enc = NULL;
        if (xt->sh.enc && !(enc = expand_dims_encoding(rw_ctx(rw), xt->sh.enc, ax->i))) return false;
        int r = xt->sh.rank;
        if (ax->i < 0 || ax->i > r || r >= 16) return false;
        int64_t dims[17];
        for (int i = 0, j = 0; i <= r; i++) dims[i] = i == ax->i ? 1 : xt->sh.dims[j++];
        Type *et = type_shaped(rw_ctx(rw), T_TENSOR, r + 1, dims, xt->sh.elem, enc, NULL);
        Op *e = rw_create_before(rw, op, "tt.expand_dims", et, 1, &x);
        op_set_prop(rw_ctx(rw), e, "axis", ax);
        Value *ev = &e->res[0];
        replace_by(rw, op, &rw_create_before(rw, op, "tt.broadcast", rt, 1, &ev)->res[0]);
        return true;
    }
    return false;
}

bool tt_patterns(Rewriter *rw, Op *op) {
    switch (op->info->id) {
    case OP_tt_int_to_ptr: return int_to_ptr_add(rw, op);
    case OP_tt_broadcast: case OP_tt_expand_dims: case OP_tt_reshape: return shape_patterns(rw, op);
    default: return false;
    }
}
