/* passes/canonicalize/arith.c - the canonicalization patterns of the arith
 * ops: ArithCanonicalization.td (reassociation of constants in
 * addi/subi/muli, cmpi/xori/andi/ori of extensions, select forms, cast
 * chains, ...), negf pairs and CmpFIntToFPConst. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "patterns.h"

/* a scalar integer constant (IntegerAttr) */
static Attr *kint(Value *v) {
    Attr *a = value_const(v);
    return a && a->kind != A_DENSE && int_elem(a) ? a : NULL;
}

static Value *make(Rewriter *rw, Op *pos, const char *name, Type *rt, Value *a, Value *b, Value *c) {
    Value *ops[3] = { a, b, c };
    int n = c ? 3 : b ? 2 : 1;
    return &rw_create_before(rw, pos, name, rt, n, ops)->res[0];
}

/* the overflow flags of an addi/subi/muli: bit 0 nsw, bit 1 nuw */
static int ovf_flags(const Op *op) {
    Attr *a = op_attr(op, "overflowFlags");
    if (!a || a->kind != A_OPAQUE) return 0;
    return (strstr(a->str.s, "nsw") ? 1 : 0) | (strstr(a->str.s, "nuw") ? 2 : 0);
}
/* make, with the flags both matched ops have (MergeOverflow) */
static Value *make_merged(Rewriter *rw, Op *pos, Op *inner, const char *name, Type *rt, Value *a, Value *b) {
    Value *v = make(rw, pos, name, rt, a, b, NULL);
    static const char *const text[4] = { "#arith.overflow<none>", "#arith.overflow<nsw>",
                                         "#arith.overflow<nuw>", "#arith.overflow<nsw, nuw>" };
    op_set_prop(rw_ctx(rw), v->def, "overflowFlags", attr_opaque(rw_ctx(rw), text[ovf_flags(pos) & ovf_flags(inner)]));
    return v;
}
static Value *make_const(Rewriter *rw, Op *pos, Attr *a) { return rw_const_before(rw, pos, a, a->type); }

static Attr *int_add(Ctx *c, Type *t, Attr *a, Attr *b) { return attr_int(c, t, (int64_t)((uint64_t)a->i + (uint64_t)b->i)); }
static Attr *int_sub(Ctx *c, Type *t, Attr *a, Attr *b) { return attr_int(c, t, (int64_t)((uint64_t)a->i - (uint64_t)b->i)); }

/* op(inner(x, c0), c1) with inner of kind id and both constants scalar */
static Op *inner_const(Op *op, int id, Attr **c0, Attr **c1, bool const_lhs) {
    Op *in = def_of(opnd(op, 0), id);
    if (!in || !(*c1 = kint(opnd(op, 1)))) return NULL;
    *c0 = kint(opnd(in, const_lhs ? 0 : 1));
    return *c0 ? in : NULL;
}

static bool addi_patterns(Rewriter *rw, Op *op) {
    Ctx *c = rw_ctx(rw);
    Type *t = op->res[0].type;
    Attr *c0, *c1;
    Op *in;
    if ((in = inner_const(op, OP_arith_addi, &c0, &c1, false))) {          /* addi(addi(x, c0), c1) */
        Value *k = make_const(rw, op, int_add(c, t, c0, c1));
        replace_by(rw, op, make_merged(rw, op, in, "arith.addi", t, opnd(in, 0), k));
        return true;
    }
    if ((in = inner_const(op, OP_arith_subi, &c0, &c1, false))) {          /* addi(subi(x, c0), c1) */
        Value *k = make_const(rw, op, int_sub(c, t, c1, c0));
        replace_by(rw, op, make_merged(rw, op, in, "arith.addi", t, opnd(in, 0), k));
        return true;
    }
    if ((in = inner_const(op, OP_arith_subi, &c0, &c1, true))) {           /* addi(subi(c0, x), c1) */
        Value *k = make_const(rw, op, int_add(c, t, c0, c1));
        replace_by(rw, op, make_merged(rw, op, in, "arith.subi", t, k, opnd(in, 1)));
        return true;
    }
    for (int side = 1; side >= 0; side--) {                                /* addi(x, muli(y, -1)) */
        Op *m = def_of(opnd(op, side), OP_arith_muli);
        if (m && is_ones(value_const(opnd(m, 1)))) {
            replace_by(rw, op, make(rw, op, "arith.subi", t, opnd(op, 1 - side), opnd(m, 0), NULL));
            return true;
        }
    }
    return false;
}

static bool subi_patterns(Rewriter *rw, Op *op) {
    Ctx *c = rw_ctx(rw);
    Type *t = op->res[0].type;
    Value *lhs = opnd(op, 0), *rhs = opnd(op, 1);
    Attr *c0, *c1;
    Op *in;
    if ((in = inner_const(op, OP_arith_addi, &c0, &c1, false))) {          /* subi(addi(x, c0), c1) */
        Value *k = make_const(rw, op, int_sub(c, t, c0, c1));
        replace_by(rw, op, make(rw, op, "arith.addi", t, opnd(in, 0), k, NULL));
        return true;
    }
    Op *rin = def_of(rhs, OP_arith_addi);
    if ((c1 = kint(lhs)) && rin && (c0 = kint(opnd(rin, 1)))) {             /* subi(c1, addi(x, c0)) */
        Value *k = make_const(rw, op, int_sub(c, t, c1, c0));
        replace_by(rw, op, make_merged(rw, op, rin, "arith.subi", t, k, opnd(rin, 0)));
        return true;
    }
    if ((in = inner_const(op, OP_arith_subi, &c0, &c1, false))) {          /* subi(subi(x, c0), c1) */
        Value *k = make_const(rw, op, int_add(c, t, c0, c1));
        replace_by(rw, op, make_merged(rw, op, in, "arith.subi", t, opnd(in, 0), k));
        return true;
    }
    if ((in = inner_const(op, OP_arith_subi, &c0, &c1, true))) {           /* subi(subi(c0, x), c1) */
        Value *k = make_const(rw, op, int_sub(c, t, c0, c1));
        replace_by(rw, op, make_merged(rw, op, in, "arith.subi", t, k, opnd(in, 1)));
        return true;
    }
    rin = def_of(rhs, OP_arith_subi);
    if ((c1 = kint(lhs)) && rin && (c0 = kint(opnd(rin, 1)))) {             /* subi(c1, subi(x, c0)) */
        Value *k = make_const(rw, op, int_add(c, t, c0, c1));
        replace_by(rw, op, make_merged(rw, op, rin, "arith.subi", t, k, opnd(rin, 0)));
        return true;
    }
    if ((c1 = kint(lhs)) && rin && (c0 = kint(opnd(rin, 0)))) {             /* subi(c1, subi(c0, x)) */
        Value *k = make_const(rw, op, int_sub(c, t, c1, c0));
        replace_by(rw, op, make_merged(rw, op, rin, "arith.addi", t, opnd(rin, 1), k));
        return true;
    }
    Op *ls = def_of(lhs, OP_arith_subi);
    if (ls && opnd(ls, 0) == rhs) {                                        /* subi(subi(x, y), x) */
        Attr *z = zero_of(c, opnd(ls, 1)->type);
        if (z) {
            Value *k = make_const(rw, op, z);
            replace_by(rw, op, make_merged(rw, op, ls, "arith.subi", t, k, opnd(ls, 1)));
            return true;
        }
    }
    return false;
}

/* binop(ext(x), ext(y)) -> ext(binop(x, y)) for ext of kind ext */
static bool ext_of_both(Rewriter *rw, Op *op, int ext, const char *extname) {
    Op *a = def_of(opnd(op, 0), ext), *b = def_of(opnd(op, 1), ext);
    if (!a || !b || opnd(a, 0)->type != opnd(b, 0)->type) return false;
    Value *in = make(rw, op, op->info->name, opnd(a, 0)->type, opnd(a, 0), opnd(b, 0), NULL);
    replace_by(rw, op, make(rw, op, extname, op->res[0].type, in, NULL, NULL));
    return true;
}

static const int cmpi_inverted[10] = { 1, 0, 5, 4, 3, 2, 9, 8, 7, 6 };

static Op *make_cmpi(Rewriter *rw, Op *pos, int pred, Type *rt, Value *a, Value *b) {
    Value *ops[2] = { a, b };
    Op *o = rw_create_before(rw, pos, "arith.cmpi", rt, 2, ops);
    op_set_prop(rw_ctx(rw), o, "predicate", attr_int(rw_ctx(rw), type_int(rw_ctx(rw), 64, SIGNLESS), pred));
    return o;
}

static bool xori_patterns(Rewriter *rw, Op *op) {
    if (ext_of_both(rw, op, OP_arith_extui, "arith.extui") || ext_of_both(rw, op, OP_arith_extsi, "arith.extsi"))
        return true;
    /* not(cmpi(pred, a, b)) -> cmpi(~pred, a, b) */
    Op *cmp = def_of(opnd(op, 0), OP_arith_cmpi);
    Attr *k = kint(opnd(op, 1)), *pa = cmp ? op_attr(cmp, "predicate") : NULL;
    if (cmp && k && type_is_int(k->type, 1) && (k->i & 1) && pa && pa->kind == A_INT && pa->i >= 0 && pa->i < 10) {
        replace_by(rw, op, &make_cmpi(rw, op, cmpi_inverted[pa->i], op->res[0].type, opnd(cmp, 0), opnd(cmp, 1))->res[0]);
        return true;
    }
    return false;
}

static bool cmpi_patterns(Rewriter *rw, Op *op) {
    Attr *pa = op_attr(op, "predicate");
    if (!pa || pa->kind != A_INT || (pa->i != 0 && pa->i != 1)) return false;
    for (int e = 0; e < 2; e++) {
        int id = e ? OP_arith_extui : OP_arith_extsi;
        Op *a = def_of(opnd(op, 0), id), *b = def_of(opnd(op, 1), id);
        if (a && b && opnd(a, 0)->type == opnd(b, 0)->type) {
            replace_by(rw, op, &make_cmpi(rw, op, (int)pa->i, op->res[0].type, opnd(a, 0), opnd(b, 0))->res[0]);
            return true;
        }
    }
    return false;
}

static bool select_patterns(Rewriter *rw, Op *op) {
    Value *p = opnd(op, 0), *a = opnd(op, 1), *b = opnd(op, 2);
    Type *t = op->res[0].type;
    Op *s;
    if ((s = def_of(b, OP_arith_select)) && opnd(s, 0) == p) {             /* select(p, a, select(p, b, c)) */
        replace_by(rw, op, make(rw, op, "arith.select", t, p, a, opnd(s, 2)));
        return true;
    }
    if ((s = def_of(a, OP_arith_select)) && opnd(s, 0) == p) {             /* select(p, select(p, a, b), c) */
        replace_by(rw, op, make(rw, op, "arith.select", t, p, opnd(s, 1), b));
        return true;
    }
    Op *x = def_of(p, OP_arith_xori);
    Attr *k = x ? kint(opnd(x, 1)) : NULL;
    if (k && is_ones(k)) {                                                 /* select(not(p), a, b) */
        replace_by(rw, op, make(rw, op, "arith.select", t, opnd(x, 0), b, a));
        return true;
    }
    Attr *ka = kint(a), *kb = kint(b);
    Type *i1 = type_int(rw_ctx(rw), 1, SIGNLESS);
    if (ka && kb && type_is_int(t, 1) && ka->i == 0 && kb->i == 1) {      /* select(p, false, true) */
        Value *one = make_const(rw, op, attr_int(rw_ctx(rw), i1, 1));
        replace_by(rw, op, make(rw, op, "arith.xori", i1, p, one, NULL));
        return true;
    }
    if (t->kind == T_INT && !type_is_int(t, 1) && ka && kb) {
        if (is_one(ka) && is_zero(kb)) {                                   /* select(p, 1, 0) -> extui p */
            replace_by(rw, op, make(rw, op, "arith.extui", t, p, NULL, NULL));
            return true;
        }
        if (is_zero(ka) && is_one(kb)) {                                   /* select(p, 0, 1) -> extui(not p) */
            Value *one = make_const(rw, op, attr_int(rw_ctx(rw), p->type, 1));
            Value *n = make(rw, op, "arith.xori", p->type, p, one, NULL);
            replace_by(rw, op, make(rw, op, "arith.extui", t, n, NULL, NULL));
            return true;
        }
    }
    return false;
}

static int elem_width(Type *t) { return int_width(type_elem(t)); }

static bool cast_patterns(Rewriter *rw, Op *op) {
    int id = op->info->id;
    Value *x = opnd(op, 0);
    Type *t = op->res[0].type;
    Op *in;
    switch (id) {
    case OP_arith_index_cast: case OP_arith_index_castui: {
        int ext = id == OP_arith_index_cast ? OP_arith_extsi : OP_arith_extui;
        if ((in = def_of(x, id)) && opnd(in, 0)->type == t) { replace_by(rw, op, opnd(in, 0)); return true; }
        if ((in = def_of(x, ext))) { replace_by(rw, op, make(rw, op, op->info->name, t, opnd(in, 0), NULL, NULL)); return true; }
        return false;
    }
    case OP_arith_bitcast:
        if ((in = def_of(x, OP_arith_bitcast))) { replace_by(rw, op, make(rw, op, "arith.bitcast", t, opnd(in, 0), NULL, NULL)); return true; }
        return false;
    case OP_arith_extsi:
        if ((in = def_of(x, OP_arith_extui))) { replace_by(rw, op, make(rw, op, "arith.extui", t, opnd(in, 0), NULL, NULL)); return true; }
        return false;
    case OP_arith_trunci: {
        for (int e = 0; e < 2; e++) {          /* only extension bits are dropped */
            int ext = e ? OP_arith_extui : OP_arith_extsi;
            if ((in = def_of(x, ext))) {
                int we = elem_width(x->type), wt = elem_width(t), wx = elem_width(opnd(in, 0)->type);
                if (we > wt && wt > 0 && wt > wx && wx > 0) {
                    replace_by(rw, op, make(rw, op, e ? "arith.extui" : "arith.extsi", t, opnd(in, 0), NULL, NULL));
                    return true;
                }
            }
        }
        uint64_t sh;
        int w;
        if ((in = def_of(x, OP_arith_shrsi)) && const_int(value_const(opnd(in, 1)), &sh, &w) &&
            (uint64_t)(elem_width(opnd(in, 0)->type) - elem_width(t)) == sh) {   /* trunci(shrsi(x, c)) */
            Value *k = make_const(rw, op, value_const(opnd(in, 1)));
            Value *s = make(rw, op, "arith.shrui", opnd(in, 0)->type, opnd(in, 0), k, NULL);
            replace_by(rw, op, make(rw, op, "arith.trunci", t, s, NULL, NULL));
            return true;
        }
        return false;
    }
    }
    return false;
}

/* cmpf(sitofp/uitofp(x), c) -> cmpi(x, c') or a constant, when the
 * conversion cannot change the outcome (CmpFIntToFPConst) */
static bool cmpf_int_const(Rewriter *rw, Op *op) {
    Attr *k = value_const(opnd(op, 1)), *pa = op_attr(op, "predicate");
    if (!k || !float_elem(k) || isnan(k->f) || !pa || pa->kind != A_INT) return false;
    double rhs = k->f;
    Type *ft = k->type;
    int mant = float_precision(ft);
    bool uns = false;
    Op *cv = def_of(opnd(op, 0), OP_arith_sitofp);
    if (!cv) { cv = def_of(opnd(op, 0), OP_arith_uitofp); uns = true; }
    if (!cv || !opnd(cv, 0)->type || opnd(cv, 0)->type->kind != T_INT) return false;
    Value *iv = opnd(cv, 0);
    Type *it = iv->type, *i1 = type_int(rw_ctx(rw), 1, SIGNLESS);
    int w = it->i.width, vbits = uns ? w : w - 1;
    if (w > mant) {   /* the conversion rounds: can that matter here? */
        if (isinf(rhs)) {
            int maxe = !strcmp(ft->f.name, "f16") ? 15 : !strcmp(ft->f.name, "f64") ? 1023 : 127;
            if (maxe < vbits) return false;
        } else if (rhs != 0) {
            int e = ilogb(rhs);
            if (mant <= e && e <= vbits) return false;
        }
    }
    int pred;
    switch (pa->i) {
    case 7: replace_by(rw, op, make_const(rw, op, attr_int(rw_ctx(rw), i1, 1))); return true;   /* ord */
    case 14: replace_by(rw, op, make_const(rw, op, attr_int(rw_ctx(rw), i1, 0))); return true;  /* uno */
    case 1: case 8: pred = 0; break;                       /* oeq ueq: eq */
    case 2: case 9: pred = uns ? 8 : 4; break;             /* ogt ugt: ugt sgt */
    case 3: case 10: pred = uns ? 9 : 5; break;            /* oge uge: uge sge */
    case 4: case 11: pred = uns ? 6 : 2; break;            /* olt ult: ult slt */
    case 5: case 12: pred = uns ? 7 : 3; break;            /* ole ule: ule sle */
    case 6: case 13: pred = 1; break;                      /* one une: ne */
    default: return false;
    }
    /* beyond the range of the integer type the answer is known */
    double hi = uns ? int_to_float(ft, false, wmask(w)) : int_to_float(ft, false, (uint64_t)smax_of(w));
    double lo = uns ? 0.0 : int_to_float(ft, true, (uint64_t)0 - (uint64_t)smin_of(w));
    int known = -1;
    if (hi < rhs) known = pred == 1 || pred == (uns ? 6 : 2) || pred == (uns ? 7 : 3);
    else if (lo > rhs) known = pred == 1 || pred == (uns ? 8 : 4) || pred == (uns ? 9 : 5);
    if (known >= 0) { replace_by(rw, op, make_const(rw, op, attr_int(rw_ctx(rw), i1, known))); return true; }
    /* the constant as an integer, truncated toward zero */
    double t = trunc(rhs);
    if (uns ? (t < 0 && t != 0) || t >= ldexp(1.0, w) : t < ldexp(-1.0, w - 1) || t >= ldexp(1.0, w - 1)) return false;
    int64_t ri = uns ? (int64_t)(uint64_t)t : (int64_t)t;
    if (rhs != 0) {
        bool neg = signbit(rhs);
        double back = uns || ri >= 0 ? int_to_float(ft, false, (uint64_t)ri) : int_to_float(ft, true, (uint64_t)0 - (uint64_t)ri);
        if (back != rhs) {   /* a fractional constant */
            switch (pred) {
            case 1: replace_by(rw, op, make_const(rw, op, attr_int(rw_ctx(rw), i1, 1))); return true;
            case 0: replace_by(rw, op, make_const(rw, op, attr_int(rw_ctx(rw), i1, 0))); return true;
            case 7: if (neg) { replace_by(rw, op, make_const(rw, op, attr_int(rw_ctx(rw), i1, 0))); return true; } break;
            case 3: if (neg) pred = 2; break;
            case 6: if (neg) { replace_by(rw, op, make_const(rw, op, attr_int(rw_ctx(rw), i1, 0))); return true; } pred = 7; break;
            case 2: if (!neg) pred = 3; break;
            case 8: if (neg) { replace_by(rw, op, make_const(rw, op, attr_int(rw_ctx(rw), i1, 1))); return true; } break;
            case 4: if (neg) pred = 5; break;
            case 9: if (neg) { replace_by(rw, op, make_const(rw, op, attr_int(rw_ctx(rw), i1, 1))); return true; } pred = 8; break;
            case 5: if (!neg) pred = 4; break;
            }
        }
    }
    Value *kc = make_const(rw, op, attr_int(rw_ctx(rw), it, ri));
    replace_by(rw, op, &make_cmpi(rw, op, pred, op->res[0].type, iv, kc)->res[0]);
    return true;
}

/* mulf/divf(negf(x), negf(y)) -> mulf/divf(x, y) */
static bool negf_pair(Rewriter *rw, Op *op) {
    Op *a = def_of(opnd(op, 0), OP_arith_negf), *b = def_of(opnd(op, 1), OP_arith_negf);
    if (!a || !b || opnd(a, 0)->type != opnd(b, 0)->type) return false;
    Value *ops[2] = { opnd(a, 0), opnd(b, 0) };
    Op *n = rw_create_before(rw, op, op->info->name, op->res[0].type, 2, ops);
    Attr *fm = op_attr(op, "fastmath");
    if (fm) op_set_prop(rw_ctx(rw), n, "fastmath", fm);
    replace_by(rw, op, &n->res[0]);
    return true;
}


/* muli(muli(x, c0), c1) -> muli(x, c0 * c1) */
static bool muli_patterns(Rewriter *rw, Op *op) {
    Attr *c0, *c1;
    Op *in = inner_const(op, OP_arith_muli, &c0, &c1, false);
    Type *t = op->res[0].type;
    if (!in || c0->type != t || c1->type != t) return false;
    Value *k = make_const(rw, op, attr_int(rw_ctx(rw), t, (int64_t)((uint64_t)c0->i * (uint64_t)c1->i)));
    replace_by(rw, op, make_merged(rw, op, in, "arith.muli", t, opnd(in, 0), k));
    return true;
}

bool arith_patterns(Rewriter *rw, Op *op) {
    switch (op->info->id) {
    case OP_arith_addi: return addi_patterns(rw, op);
    case OP_arith_subi: return subi_patterns(rw, op);
    case OP_arith_muli: return muli_patterns(rw, op);
    case OP_arith_xori: return xori_patterns(rw, op);
    case OP_arith_andi: case OP_arith_ori:
        return ext_of_both(rw, op, OP_arith_extui, "arith.extui") || ext_of_both(rw, op, OP_arith_extsi, "arith.extsi");
    case OP_arith_cmpi: return cmpi_patterns(rw, op);
    case OP_arith_select: return select_patterns(rw, op);
    case OP_arith_mulf: case OP_arith_divf: return negf_pair(rw, op);
    case OP_arith_cmpf: return cmpf_int_const(rw, op);
    default: return is_cast(op->info->id) && cast_patterns(rw, op);
    }
}
