/* targets/rvv/rvv_impl.h - the RVV strategy's vector expressions, shared by
 * its files (vexpr.c, rows.c).
 *
 * A strip is the lanes [k, k + vl) of one row of a tensor (the last axis;
 * the outer indices fixed), inside a `vsetvl` strip-mined loop.  rv_vf
 * writes the lines that compute a value's strip into a vector register
 * variable (f32 data at LMUL lm) and returns its name; rv_vm the same for
 * an i1 tensor, as a mask register.  With emit false they write nothing and
 * only answer whether they could (the same code decides both, so a check
 * never disagrees with what is written).  Values computed once per strip
 * are remembered (a value used twice is computed once). */
#ifndef TTX_TARGETS_RVV_IMPL_H
#define TTX_TARGETS_RVV_IMPL_H

#include "../cgen/emit.h"
#include "rvv.h"

/* an i32 tensor or scalar */
static inline bool is_i32t(const Type *t) {
    Type *el = type_elem((Type *)t);
    return el && el->kind == T_INT && el->i.width == 32;
}
/* an i8 tensor or scalar */
static inline bool rv_is_i8t(const Type *t) {
    Type *el = type_elem((Type *)t);
    return el && el->kind == T_INT && el->i.width == 8;
}
/* a strip loop over [0, n) of one row at LMUL lm: opens it, the caller closes */
static inline void strip_open(Cg *e, int lm, const char *n) {
    line(e, "for (size_t ttx_k = 0, ttx_vl; ttx_k < (size_t)(%s); ttx_k += ttx_vl) {", n);
    e->ind++;
    line(e, "ttx_vl = __riscv_vsetvl_e32m%d((size_t)(%s) - ttx_k);", lm, n);
}
/* closes one brace the emitter opened */
static inline void close1(Cg *e) {
    e->ind--;
    line(e, "}");
}

enum { RV_MEMO = 64 };

typedef struct RvStrip {
    Cg *e;
    bool emit;               /* false: only check */
    int lm;                  /* LMUL of 32-bit lanes: 1, 2, 4 or 8 */
    int r;                   /* rank of the row domain */
    const int64_t *dims;
    const char *idx[MAXR];   /* the row: the outer indices, idx[r - 1] "0" */
    const char *k, *vl;      /* the strip's first lane, its length */
    Value *mv[RV_MEMO];
    const char *ms[RV_MEMO];
    int nm;
    const char *vid;         /* the lane numbers, once made */
    bool uses_exp, uses_erf;
    Value *all;              /* a mask known true on every lane of the strip */
    Value *stored;           /* the mask of the store the strip is for: a load
                                under it may leave its masked-off lanes undefined */
} RvStrip;

/* a strip of the rows of a tensor of type t, at the row idx (copied) */
void rv_strip_init(RvStrip *g, Cg *e, bool emit, int lm, const Type *t, const char *const *idx);
/* v's lanes as f32 (v an f32 tensor of the domain's shape, or one the
 * same along the row), or NULL */
const char *rv_vf(RvStrip *g, Value *v);
/* an i32 tensor's lanes (vint32mL: affine in the row, arrays, loads,
 * + - * & | ^ max min select), or NULL */
const char *rv_vi(RvStrip *g, Value *v);
/* a pointer tensor's lanes (vuint64m(2 lm), lm at most 4: a row-uniform
 * pointer plus i32 offsets), or NULL */
const char *rv_vp(RvStrip *g, Value *v);
/* the result of the i32 elementwise op, computed from its operands */
const char *rv_vi_op(RvStrip *g, Op *op);
/* the i8 lanes (vint8m(lm / 4)) of x, i32 lanes holding i8 values */
const char *rv_i8_narrow(RvStrip *g, const char *x);
/* rv_vi for an i32 value, rv_vf for the others */
const char *rv_vx(RvStrip *g, Value *v);
/* the result of the f32 elementwise op, computed from its operands */
const char *rv_vf_op(RvStrip *g, Op *op);
/* an i1 tensor's lanes as a mask, or NULL */
const char *rv_vm(RvStrip *g, Value *m);
/* the mask an i1 op (andi, ori, xori of masks, cmpi, cmpf) computes from
 * its operands, or NULL */
const char *rv_vm_op(RvStrip *g, Op *d);
/* pv, the pointers of an access of an f32 tensor of type vt, is contiguous
 * along the last axis (affine, step 1): its form into *pa */
bool rv_row_pointers(Cg *e, Value *pv, Type *vt, Aff **pa);
/* a tt.load of f32 through pointers contiguous along the last axis (into
 * *pa), which a strip can read straight from memory */
bool rv_load_ok(Cg *e, Op *op, Aff **pa);
/* the strip of load op read from memory (its mask and other applied) */
const char *rv_load_strip(RvStrip *g, Op *op);
/* ... through the row's pointer p (an f32 load of the domain's shape) */
const char *rv_load_strip_at(RvStrip *g, Op *op, const char *p);

/* reduce.c: the kind of reduction rvv_reduce writes by strips for op
 * (0 f32/f16 add, 1 max, 2 min, 3..7 i32 add, maxsi, minsi, maxui, minui),
 * or -1 (the per-element code) */
int rv_reduce_kind(Cg *e, Op *op);

/* ew.c: elementwise rows, loads and stores */
/* a line naming an op left to the portable C's per-element code
 * (tests/rvv/compile.py counts them); false */
bool rv_scalar(Cg *e, Op *op);
/* the f32 (i32, i8) array `name` of type t, a loop nest over its rows with
 * the last axis by strips; strip(g, op) gives each strip's vector */
void rv_strips_by_rows(Cg *e, const Type *t, const char *name, Op *op, const char *(*strip)(RvStrip *, Op *));
/* op's result v (an array) by rows of strips (emit false: only whether) */
bool rv_ew_rows(Cg *e, Op *op, Value *v, bool emit);
/* a tt.store through pointers contiguous along the row, its value and
 * mask computable by strips (the pointers' form into *pa) */
bool rv_store_ok(Cg *e, Op *op, Aff **pa);
/* a and b address every lane alike (rows.c) */
bool rv_same_lanes(const Aff *a, const Aff *b);
/* mask is `a < b` (or <=, >, >= with b on the left), a i32 affine with
 * step 1 along the row (r axes, the last L long), b the same along it: the
 * kept lanes of a row are a prefix.  With emit, lines that set i64 ttx_hi
 * to its length at the row idx (its last index "0") and int ttx_ok to
 * whether the comparison cannot wrap along the row */
bool rv_prefix_cmp(Cg *e, Value *mask, int r, int64_t L, const char *const *idx, bool emit);

/* rows.c: pointer arrays */
/* a tt.addptr of a pointer array and a uniform offset, by strips */
bool rv_ptr_add(Cg *e, Op *op, Value *v, bool emit);
/* a, an iter arg of an scf.for, holds pointers whose rows are consecutive
 * or not for the whole loop, recorded in NAME_rc before it */
bool rv_rows_flagged(Cg *e, Value *a);
/* lines that set ttx_c to whether the pointers ttx_pr[0 .. L) are
 * consecutive (pointer j is pointer 0 + sz j) */
void rv_consecutive(Cg *e, int64_t L, int sz);

/* "f32m8", "vfloat32m8_t", "b4" for LMUL lm */
const char *rv_sfx(Cg *e, int lm);
const char *rv_vt(Cg *e, int lm);
const char *rv_bsfx(Cg *e, int lm);
/* "f16m4": the f16 lanes of as many elements as f32 at LMUL lm */
const char *rv_hsfx(Cg *e, int lm);
/* t is f32 or f16 (a row the strategy computes as f32 strips) */
bool rv_fl(const Type *t);

#endif
