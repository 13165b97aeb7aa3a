/* targets/cgen/kt.h - KTIR functions (a func.func holding ktdp ops) as C:
 * what the files of the KTIR emitter share (kfunc.c the functions, blocks,
 * scalar and elementwise ops and scf; ktdp.c the memory views, access
 * tiles, loads, stores and inter-tile ops; linalg.c the linalg and tensor
 * ops).
 *
 * Shapes are static, so a tensor is a flat row-major C array (K_ARRAY), or,
 * when every element is one value (a splat constant, linalg.fill, a
 * broadcast of one element, tensor.empty), that scalar expression (K_VIRT).
 * Reshapes alias their operand.  A view or access tile is a compile-time
 * KView / KTile whose run-time parts (offsets, strides, set bounds, the
 * tile's base) are i64 variables.
 *
 * Addresses: an `index` value is a count of elements, as in the KTIR; a
 * base-address argument is the buffer's address divided by the element
 * size of its views (the launcher does the division), so the kernel's own
 * arithmetic on it (`arith.addi %base, %rows`) works unchanged and an
 * element address a of a view of S-byte elements is the byte address a * S
 * (ttx_mem + a * S with --memory); in a view of compute tile N's LX
 * scratchpad (`ct_local`) it is the byte ttx_lx[N] + a * S.
 *
 * Semantics follow the interpreter (runtime/interp_ktdp.c,
 * interp_linalg.c): a coordinate outside the view's coordinate_set is
 * masked (a load gives 0, a store writes nothing, and nothing is read),
 * linalg.reduce folds by halving and then with the init, matmul sums in
 * double rounded after each product. */
#ifndef TTX_TARGETS_CGEN_KT_H
#define TTX_TARGETS_CGEN_KT_H

#include "emit.h"

/* K_FUSE: an i1 tensor op recomputed in its one user's loop; K_SUB: an f32
 * subtraction of one value left to the exp that is its one user (the JIT's
 * ttx_rt_f32_exp_sub / exp_sum) */
enum { K_VIEW = 20, K_TILE, K_FUTURE, K_FUSE, K_SUB };

/* one partition of a view: the C names of its run-time values */
typedef struct KPart {
    const char *mem;               /* the byte address of its memory's element 0 (ttx_mem, ttx_lx[N]) */
    const char *off, *st[MAXR];
    const Attr *set;               /* the coordinate set, or NULL (the sizes' box) */
    const char *syms[MAXR];        /* the set's symbols (the dynamic sizes) */
    bool box;                      /* the set is a box: lo[k] <= c[k] <= hi[k] */
    const char *lo[MAXR], *hi[MAXR];
} KPart;
typedef struct KView { int rank, np; bool dist; Type *el; KPart p[8]; } KView;

typedef struct KTile {
    KView *v;
    int rank;                      /* the tile's rank */
    int64_t dims[MAXR];
    bool indirect;
    /* direct: point p (of the tile set, in `order`) + base = view coordinate */
    const Attr *set;
    int perm[MAXR];
    const char *base[MAXR], *syms[16];
    int nsym;
    bool box;
    const char *lo[MAXR], *hi[MAXR];
    /* indirect: the op, and its operands' C names */
    Op *op;
} KTile;

/* the KView/KTile of a value */
static inline void *kt_of(Cg *e, Value *v) { return cg_vi(e, v)->kt; }

/* the JIT's bulk routines (ttx_rt_*, CEmitOpts.rt) may be called */
static inline bool kt_rt(const Cg *e) { return e->s->drain && !strcmp(e->s->drain, "ttx_rt_drain();"); }

/* kfunc.c */
/* element k (a C index expression) of tensor or scalar v */
const char *kt_el(Cg *e, Value *v, const char *k);
/* declare v's array (tensor) or variable (scalar) */
bool kt_decl(Cg *e, Value *v);
/* dst := src (the same type) */
void kt_copy(Cg *e, Value *dst, Value *src);
/* the statement that sets the n elements of array x to zero (all bits zero) */
const char *kt_zero(Cg *e, const char *x, int64_t n);
/* the ops of b but the terminator (in *term) */
bool kt_block(Cg *e, Block *b, Op **term);
/* bind the arguments of b to C expressions (scalars) */
void kt_bind_args(Cg *e, Block *b, const char *const *exprs);
/* the C of affine expression x with dims d[] and symbols s[] */
const char *kt_ae(Cg *e, const AExpr *x, const char *const *d, const char *const *s);
int64_t kt_numel(const Type *t);
bool kt_is_ktdp_func(Op *func);

/* ktdp.c */
bool kt_emit_ktdp(Cg *e, Op *op);
/* the element type of the views an index argument is the base address of (NULL: none) */
Type *kt_base_type(Op *func, int arg);

/* linalg.c */
/* the ttx_rt_f32_red code of a linalg.reduce body that is one f32 add, maxnumf or minnumf, or -1 */
int kt_simple_red(Op *op);
bool kt_emit_linalg(Cg *e, Op *op);
bool kt_emit_tensor(Cg *e, Op *op);

/* the function: C for func (a func.func with ktdp ops) into out */
bool kt_emit_func(Cg *e, Op *func, FILE *out, bool launcher);

#endif
