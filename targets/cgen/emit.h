/* targets/cgen/emit.h - the C emitter's state and helpers, shared by its
 * files (the .c files of targets/cgen/) and by the strategies' hooks (cgen.h).
 *
 * A tensor of a Triton program becomes a fixed-size local array (shapes are
 * static in TTIR) filled by a loop nest, or no array at all: a value is
 * "virtual" when its elements can be recomputed where they are used.  The
 * views (splat, broadcast, expand_dims, trans, make_range, splat constants)
 * are always virtual; so are integer and pointer tensors that are affine in
 * the program's ranges (base + c0*i0 + c1*i1, the common pointer pattern),
 * which makes a load through them a strided loop (a pointer tensor a loop
 * carries and advances by a uniform offset stays affine: the loop carries
 * the offset); and an elementwise op used once in its own block is fused
 * into its user's loop.  Everything else (loads, dots, reductions, other
 * loop-carried values, an op used twice) is an array.  The structured
 * pointers of --ptr-analysis (tts.make_tptr/load/store) are strided
 * addresses with prefix masks, or block pointers.
 *
 * Numbers follow the reference interpreter: integers wrap to their width
 * (computed on unsigned types), f32 + - * / are C's float operations, f32
 * exp is ttx_expf (src/fmath.h), other float functions are libm's double
 * ones rounded to the type, f16 and bf16 are floats holding a representable
 * value (rounded after every op), and memory holds f16/bf16 as uint16 bit
 * patterns.
 *
 * Strings the emitter builds (fmt) live until the end of cgen_emit. */
#ifndef TTX_TARGETS_CGEN_EMIT_H
#define TTX_TARGETS_CGEN_EMIT_H

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cgen.h"
#include "pass.h"
#include "print.h"

enum { MAXR = 8 };
enum { K_SCALAR = 1, K_ARRAY, K_VIRT, K_BPTR };

typedef struct Term { bool k; int64_t c; const char *s; } Term;   /* k ? c : s, an i64 expression */
typedef struct Aff { const char *ptr; int rank; Term base; Term co[MAXR]; } Aff;

typedef struct VI {
    Value *v;
    int kind;
    const char *name;
    int inst;            /* how many times a virtual value's expression is instantiated */
    int cost;            /* expression size when cheap, else large */
    bool decided, aff_done;
    Aff *aff;
    Value *carried;      /* a loop-carried affine pointer: the init (this value is its i64 offset) */
    Value *step;         /* ... and the uniform offset its yield adds */
    bool carried_step;   /* the addptr that yields a carried pointer */
    /* the rest belongs to the JIT strategy's hooks (targets/c/rows.c) */
    int dcode;           /* JIT: 1 + the ttx_rt_f32_bin code of a row op left to its
                            one user (an exp or a store), which computes it */
    const char *da, *db; /* ... its operands: an array, and an array or &scalar */
    int dsb;             /* ... the second one's stride: 1 an array, 0 a scalar */
    const char *ds;      /* ... the float holding that scalar */
    bool by_producer;    /* JIT: a reduce that the op producing its operand computes
                            (a row load its max/min, an exp its sum) */
    void *kt;            /* KTIR (kt.h): the KView or KTile of a view or tile */
} VI;

struct Cg {
    const CgenStrategy *s;
    Ctx *c;
    Diag *d;
    const CgenOpts *o;
    FILE *f;
    int ind;
    VI **tab;
    size_t cap, n;
    PtrVec strs, vis;
    bool grid_used[6];
    bool sub;            /* the function is written with sub-blocks (cgen_sub_blocks) */
    int nextv, ntmp, nsite;
    bool failed;
    FILE *kt_pro;        /* KTIR (kt.h): declarations at the top of the function */
    const char *const *lidx;   /* KTIR: the loop indices of the linalg.generic being written (linalg.index) */
    int nl;                    /* ... and how many */
};

/* a tt/tts load or store as the emitter sees it, for CgenStrategy.access_rows */
struct CgAccess {
    Op *op;
    bool store, tts, blk, ten;   /* a store; a tts access; through a block pointer; of a tensor */
    int nmd;                     /* tts: how many mask dims */
    Value *pv, *mask, *other, *val;
    Type *vt, *el;               /* the value's type, the element type in memory */
    const char *mt, *name;       /* the element's C type in memory, the value's C name */
    int sz, r;                   /* the element's size in bytes, the rank */
    int64_t L;                   /* the length of the last axis */
    /* out: the loops the strategy opened (the per-element loop over the
     * last axis inside them), their indices, and a line for after that loop */
    int n;
    const char *idx[MAXR];
    const char *after_row;
    bool whole;                  /* the strategy wrote the whole access, its loops closed */
    const char *bpn;             /* a tensor-descriptor access: the block pointer at its offsets */
    bool by_index;               /* ... a gather or scatter (rows by index): never by rows */
};


/* ---- strings ------------------------------------------------------------ */

static inline const char *vfmt(Cg *e, const char *fmt, va_list ap) {
    va_list aq;
    va_copy(aq, ap);
    int n = vsnprintf(NULL, 0, fmt, aq);
    va_end(aq);
    char *s = malloc((size_t)n + 1);
    if (!s) abort();
    vsnprintf(s, (size_t)n + 1, fmt, ap);
    pv_push(&e->strs, s);
    return s;
}
static inline const char *fmt(Cg *e, const char *f, ...) __attribute__((format(printf, 2, 3)));
static inline const char *fmt(Cg *e, const char *f, ...) {
    va_list ap;
    va_start(ap, f);
    const char *s = vfmt(e, f, ap);
    va_end(ap);
    return s;
}
static inline void line(Cg *e, const char *f, ...) __attribute__((format(printf, 2, 3)));
static inline void line(Cg *e, const char *f, ...) {
    for (int i = 0; i < e->ind; i++) fputs("    ", e->f);
    va_list ap;
    va_start(ap, f);
    vfprintf(e->f, f, ap);
    va_end(ap);
    fputc('\n', e->f);
}

/* ---- types ---------------------------------------------------------------- */

static inline bool is_tensor(const Type *t) { return t && t->kind == T_TENSOR && t->sh.rank >= 0; }
static inline bool is_bptr(const Type *t) { return t && t->kind == T_PTR && t->ptr.pointee && t->ptr.pointee->kind == T_TENSOR; }
/* a !tt.tensordesc: a block pointer (ttx_bptr) whose offsets each access gives */
static inline bool is_tdesc(const Type *t) { return t && t->kind == T_OPAQUE && t->opq.name && !strcmp(t->opq.name, "!tt.tensordesc"); }
static inline int iw(const Type *t) { return t->kind == T_INDEX ? 64 : t->i.width; }
static inline bool fname_is(const Type *t, const char *n) { return t && t->kind == T_FLOAT && !strcmp(t->f.name, n); }
static inline bool is_f16ish(const Type *t) { return fname_is(t, "f16") || fname_is(t, "bf16"); }
static inline const char *utype(int w) { return w <= 8 ? "u8" : w <= 16 ? "u16" : w <= 32 ? "u32" : "u64"; }
static inline const char *wtype(int w) { return w <= 32 ? "u32" : "u64"; }   /* wrapping arithmetic */

/* the ttx_rt_f32_bin code (jit_rt.h) of an op with one result whose
 * operands and result have element type f32: 0..5 for addf, subf, mulf,
 * divf, maxnumf, minnumf, 16 for math.exp; -1 for another op */
int cg_rt_f32_code(Op *op);

/* ---- index strings ---------------------------------------------------- */

static inline bool is0(const char *s) { return !strcmp(s, "0"); }

/* ---- affine values -------------------------------------------------------- */

static inline bool tz(Term t) { return t.k && t.c == 0; }
static inline Term tconst(int64_t c) { Term t = { true, c, NULL }; return t; }

static const char *const LOOPV[MAXR] = { "i0", "i1", "i2", "i3", "i4", "i5", "i6", "i7" };

/* cgen/values.c */
bool cg_unsupported(Cg *e, Op *op, const char *why);
/* v's entry in the value table, created on first use */
VI *cg_vi(Cg *e, Value *v);
/* the C type of an element of type t in memory, or NULL */
const char *cg_mtype(Cg *e, const Type *t);
/* the C type of a scalar of type t in registers, or NULL */
const char *cg_rtype(Cg *e, const Type *t);
int cg_msize(const Type *t);
/* the C declaration of a variable of type t (an array for a tensor), or NULL */
const char *cg_decl(Cg *e, const char *name, Type *t);
const char *cg_lit_float(Cg *e, double v, const Type *t);
const char *cg_lit_attr(Cg *e, Attr *a, const Type *t);
/* the flat row-major index of idx in dims */
const char *cg_flat(Cg *e, const int64_t *dims, int rank, const char *const *idx);
int cg_site(Cg *e, Op *op);
bool cg_declare(Cg *e, Value *v);

/* cgen/affine.c */
const char *cg_tstr(Cg *e, Term t);
bool cg_uniform(const Aff *a);
/* the least (kmin <= 0) and greatest (kmax >= 0) of sum co[d] * i_d over
 * the box of t; false unless every coefficient is a small constant */
bool cg_aff_extent(const Aff *a, const Type *t, int64_t *kmin, int64_t *kmax);
/* v as base + sum co[d] * i_d when it is affine in the index of each axis, else NULL */
Aff *cg_aff_of(Cg *e, Value *v);
/* lines that set `i64 ttx_lo, ttx_hi` to the lanes [lo, hi) of the last
 * axis (L long) that mask (an i1 tensor of rank r) keeps in the row at ridx
 * (its last index "0"), and `int ttx_ok` to whether that interval is exact;
 * false (nothing written) when the mask is not a comparison of two affine
 * integer tensors whose difference grows by 0 or 1 along the last axis;
 * with emit false only that answer.  Shared by the JIT's rows of TTIR
 * (c/rows.c) and KTIR (kfunc.c) */
bool cg_mask_interval(Cg *e, Value *mask, int r, const char *const *ridx, int64_t L, bool emit);
const char *cg_aff_sum(Cg *e, const Aff *a, const char *const *idx);
const char *cg_aff_render(Cg *e, const Aff *a, Type *el, const char *const *idx);
int cg_mixed(Cg *e, Op *op, const char *name, int *next, int end, const char **out);
const char *cg_tptr_elem(Cg *e, Op *op, const char *const *idx);

/* cgen/expr.c */
const char *cg_fround(Cg *e, const Type *t, const char *d);
const char *cg_op_expr(Cg *e, Op *op, const char *const *a);
bool cg_is_ew(int id);
bool cg_is_view(int id);
bool cg_needs_check(int id);
const char *cg_elem_of(Cg *e, Op *op, const char *const *idx);
/* the C expression of v's element at idx (NULL for a scalar) */
const char *cg_ex(Cg *e, Value *v, const char *const *idx);

/* cgen/decide.c */
void cg_name_value(Cg *e, Value *v, const char *forced);
void cg_name_op(Cg *e, Op *op, PtrVec *order);
void cg_find_carried(Cg *e, Op *op);
bool cg_is_uniform_value(Value *v);
/* the carried array of the scf.for that yields v (op's one result, used only
 * there), when op may write it in place (nothing after op reads the block
 * argument), or NULL */
const char *cg_yield_dest(Cg *e, Op *op, Value *v);
/* the same for op elementwise (not with a strategy's own elementwise code)
 * whose element k reads the carried array at element k only */
const char *cg_ew_yield_dest(Cg *e, Op *op, Value *v);
bool cg_same_shape(const Type *a, const Type *b);
/* v is an array, virtual (recomputed where used), a scalar or a block pointer */
void cg_decide(Cg *e, Value *v);

/* cgen/stmt.c */
/* opens loops over dims (idx receives the index strings); returns how many cg_loops_close must close */
int cg_loops_open(Cg *e, const int64_t *dims, int rank, const char **idx);
void cg_loops_close(Cg *e, int n);
void cg_assign_all(Cg *e, Value *const *dst, Value *const *src, int n);
/* every op of b but its terminator (returned in *term) */
bool cg_emit_block(Cg *e, Block *b, Op **term);
/* one op of a block (not its terminator) */
bool cg_emit_op(Cg *e, Op *op);

/* cgen/memory.c */
bool cg_emit_load_store(Cg *e, Op *op);
bool cg_emit_make_bptr(Cg *e, Op *op);
bool cg_emit_make_desc(Cg *e, Op *op);
/* cgen/xsmt.c: the xsmt.alloc result a block pointer p is a view of, or NULL */
Value *cg_scratch_root(Value *p);
const char *cg_scratch_check(Cg *e, Value *root, int sz, int id);
bool cg_emit_tts_bptr(Cg *e, Op *op);
bool cg_emit_advance(Cg *e, Op *op);

/* cgen/atomic.c: tt.atomic_rmw, tt.atomic_cas */
bool cg_emit_atomic(Cg *e, Op *op);

/* cgen/compute.c */
bool cg_emit_reduce(Cg *e, Op *op);

/* cgen/shuffle.c: tt.split, tt.gather, tt.histogram */
bool cg_emit_shuffle(Cg *e, Op *op);

/* cgen/debug.c: tt.print, tt.assert */
bool cg_emit_print(Cg *e, Op *op);
bool cg_emit_assert(Cg *e, Op *op);
bool cg_emit_dot(Cg *e, Op *op);

/* cgen/func.c: an scf.for {bind_sub_block = true} without results, not
 * inside another */
bool cg_bind_sub_block(Op *op);

/* cgen/xsmt.c */
bool cg_emit_xsmt(Cg *e, Op *op);
/* an mmt4d operand v as a contiguous row-major array of C type T: its own
 * array when own_ok and it is one, else a local copy named tmp (declared) */
const char *cg_mmt4d_array(Cg *e, Value *v, const char *T, bool own_ok, const char *tmp);
/* mmt4d's B [NB][KB][nb][kb] in the layout [KB][NB][kb][nb]: (own_ok) the
 * array of the xsmt.pack under a tt.trans [1, 0, 3, 2], else a transposing
 * copy named tmp */
const char *cg_mmt4d_bn(Cg *e, Value *b, const char *T, bool own_ok, const char *tmp);

#endif
