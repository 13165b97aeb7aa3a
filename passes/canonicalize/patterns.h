/* passes/canonicalize/patterns.h - what the files of the `canonicalize`
 * pass share (private to this folder): constant queries (constants.c), the
 * arith ops on one element (arith_eval.c), and each dialect's folder and
 * patterns (arith_fold.c, arith.c, scf.c, tt.c) that canonicalize.c hands
 * to the greedy driver. */
#ifndef TTX_CANON_PATTERNS_H
#define TTX_CANON_PATTERNS_H

#include "format.h"
#include "greedy.h"
#include "pass.h"

/* ---- small helpers --------------------------------------------------- */
static inline Value *opnd(const Op *op, int i) { return op->opnds[i].value; }

/* the decoded op of kind id that defines v, or NULL */
static inline Op *def_of(Value *v, int id) {
    return v && v->def && op_is(v->def, id) && !v->def->verbatim ? v->def : NULL;
}

static inline FoldKind fold_value(Folded *f, Value *v) { f->v = v; return f->k = FOLD_VALUE; }
static inline FoldKind fold_attr(Folded *f, Attr *a) { if (!a) return NO_FOLD; f->a = a; return f->k = FOLD_ATTR; }

static inline void replace_by(Rewriter *rw, Op *op, Value *v) { rw_replace_op(rw, op, &v); }

/* ---- integer constants (constants.c) --------------------------------- */
static inline int int_width(const Type *t) {
    return !t ? 0 : t->kind == T_INDEX ? 64 : t->kind == T_INT ? t->i.width : 0;
}
static inline uint64_t wmask(int w) { return w >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << w) - 1; }
static inline int64_t sext(uint64_t v, int w) {
    if (w >= 64) return (int64_t)v;
    v &= wmask(w);
    return (v >> (w - 1)) & 1 ? (int64_t)(v | ~wmask(w)) : (int64_t)v;
}
static inline int64_t smin_of(int w) { return w >= 64 ? INT64_MIN : -((int64_t)1 << (w - 1)); }
static inline int64_t smax_of(int w) { return w >= 64 ? INT64_MAX : ((int64_t)1 << (w - 1)) - 1; }

bool int_elem(const Attr *a);             /* an integer (or i1) element */
bool const_int(Attr *a, uint64_t *v, int *w);   /* a scalar integer or a splat of one */
bool is_zero(Attr *a);
bool is_one(Attr *a);
bool is_ones(Attr *a);
bool is_smax(Attr *a);
bool is_smin(Attr *a);

/* ---- float constants (constants.c) ----------------------------------- */
bool float_ok(const Type *t);             /* f16, bf16, f32 or f64 */
int float_precision(const Type *t);
bool float_elem(const Attr *a);
bool const_float(Attr *a, double *f);
bool is_neg_zero(Attr *a);
bool is_pos_zero(Attr *a);
bool is_fone(Attr *a);
bool is_neg_inf(Attr *a);
bool is_pos_inf(Attr *a);
/* an integer of magnitude mag rounded to t, nearest with ties to even */
double int_to_float(const Type *t, bool neg, uint64_t mag);
/* the zero of an int or float type, or a splat of it */
Attr *zero_of(Ctx *c, Type *t);
/* a bool of type t: i1 or a splat of it */
Attr *bool_of(Ctx *c, Type *t, bool v);

/* ---- the arith ops on one element (arith_eval.c) ---------------------- */
/* false when the op does not fold for these operands */
bool int_bin(int id, int w, uint64_t a, uint64_t b, uint64_t *r);
bool int_cmp(int id, int w, uint64_t a, uint64_t b, uint64_t *r);   /* id: the cmpi predicate */
bool flt_bin(int id, const Type *t, double a, double b, double *r);
bool flt_cmp(int pred, double a, double b);
/* a cast (or negf) of one element e to the element type et */
bool cast_elem(int id, Ctx *c, Attr *e, Type *et, Attr **r);

/* ---- each dialect's folder and patterns -------------------------------- */
bool is_cast(int id);                     /* an arith cast op */
FoldKind arith_fold(Ctx *c, Op *op, Attr **k, Folded *f);   /* k: the constant operands */
bool arith_patterns(Rewriter *rw, Op *op);
FoldKind scf_if_fold(Op *op, Folded *f);
bool scf_patterns(Rewriter *rw, Op *op);
FoldKind tt_fold(Ctx *c, Op *op, Attr **k, Folded *f);
bool tt_patterns(Rewriter *rw, Op *op);

#endif
