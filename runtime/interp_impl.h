/* interp_impl.h - what the files of the reference interpreter share
 * (interp.h is its interface):
 *   interp.c        the driver: values, memory, the dispatch of every op, interp_run
 *   interp_arith.c  arith and math: integer and float ops, comparisons, casts, constants
 *   interp_tt.c     tt: shape ops, dot, reduce/scan, loads and stores, atomics, print, ...
 *   interp_scf.c    regions: scf.for/if/while, cf branches, func.call
 *   interp_ptr.c    block pointers, tensor descriptors, triton-shared's structured pointers
 *   interp_ktdp.c   ktdp (KTIR): memory views, access tiles, load/store, compute tiles, inter-tile ops
 *   interp_linalg.c linalg and tensor ops on tensor values
 *   interp_xsmt.c   SpacemiT SMT: xsmt pack/unpack/repack/mmt4d, tle tiles, the xsmt_async barriers
 *
 * A runtime value is a dense row-major tensor (a scalar is rank 0) of
 * 16-byte elements: integers as int64 kept wrapped to their width, floats
 * as doubles kept rounded to their type, pointers as (buffer, byte offset).
 * Values live in a hash map from Value* to their current contents; a loop
 * body rebinds the same Values on every iteration. */
#ifndef TTX_INTERP_IMPL_H
#define TTX_INTERP_IMPL_H

#include "interp.h"

#include "fmath.h"

typedef union El {
    int64_t i;
    double f;
    struct { int32_t buf; int64_t off; } p;
} El;

typedef struct RV {
    Type *t, *et;
    int rank;
    const int64_t *dims;
    int64_t n;
    El *e;
    bool gs;             /* tts.make_gather_scatter_tptr: n/2 element pointers, then n/2 lane flags */
} RV;

typedef struct Slot { Value *k; RV v; } Slot;

typedef struct In {
    Ctx *c;
    Diag *d;
    Op *func;
    int nargs;
    const IArg *args;
    Type **argelem;      /* pointee of each pointer argument */
    Buf *scr;             /* xsmt.alloc's scratch buffers of this program: buffer nargs + k */
    int nscr;
    size_t scr_bytes;
    int pid[3], grid[3];
    Slot *s;
    size_t cap, n;
    int depth;
    const int64_t *lidx;  /* linalg.generic: the current iteration's indices */
    struct Itc *itc;      /* the tiles run together (inter-tile ops), or NULL */
    const Buf *mem;       /* KTIR --memory: addresses below 1 << KADDR_SHIFT are in it, or NULL */
    const Buf *lx;        /* KTIR: the LX scratchpad of each compute tile (ct_local views), or NULL */
    int nlx;
} In;

enum { MAX_ELEMS = INTERP_MAX_ELEMS, MAX_RANK = 8, MAX_DEPTH = 64 };

/* pointers as integers: the buffer number above bit 40, the byte offset below */
enum { PTR_SHIFT = 40 };
/* KTIR base addresses: argument N's buffer starts at element (N + 1) << KADDR_SHIFT */
enum { KADDR_SHIFT = 36 };

/* interp.c */
int64_t iv_elem_bytes(const Type *t);
bool iv_fail(In *in, Op *op, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
bool iv_float_bits(const Type *t, double v, int64_t *bits);
bool iv_float_from_bits(const Type *t, uint64_t bits, double *v);
RV *iv_get(In *in, Op *op, Value *v);
void iv_index_str(char *out, size_t sz, const RV *v, int64_t k);
int iv_kind_of(const Type *t);
unsigned char *iv_mem_at(In *in, Op *op, const RV *p, int64_t k, Type *et, const char *what);
bool iv_mem_read(In *in, Op *op, const unsigned char *m, Type *et, El *out);
bool iv_mem_write(In *in, Op *op, unsigned char *m, Type *et, El v);
RV *iv_opnd(In *in, Op *op, int i);
Type *iv_pointee_of(In *in, Op *op, Type *pt);
bool iv_res_alloc(In *in, Op *op, int i, RV *r);
bool iv_run_op(In *in, Op *op);
bool iv_rv_alloc(In *in, Op *op, RV *r, Type *t);
bool iv_rv_dup(In *in, Op *op, const RV *a, RV *r);
bool iv_same_n(In *in, Op *op, const RV *a, const RV *b);
bool iv_set(In *in, Op *op, Value *v, RV *r);
bool iv_unsupported(In *in, Op *op);

/* interp_arith.c */
bool iv_arith_float(In *in, Op *op, int id, const RV *a, const RV *b, RV *r);
bool iv_arith_int(In *in, Op *op, int id, const RV *a, const RV *b, RV *r);
bool iv_cast(In *in, Op *op, int id, const RV *a, RV *r);
bool iv_cmpf(int p, double x, double y);
bool iv_cmpi(int p, int64_t x, int64_t y, int w);
bool iv_constant(In *in, Op *op, RV *r);

/* interp_tt.c */
bool iv_addptr(In *in, Op *op, const RV *p, const RV *off, RV *r);
bool iv_atomic(In *in, Op *op, RV *r);
bool iv_broadcast(In *in, Op *op, const RV *a, RV *r);
bool iv_dot(In *in, Op *op, const RV *a, const RV *b, const RV *c, RV *r);
bool iv_extern_elementwise(In *in, Op *op, RV *a, RV *b, RV *r);
bool iv_gather(In *in, Op *op, RV *src, RV *idx, RV *r);
bool iv_histogram(In *in, Op *op, RV *a, RV *m, RV *r);
bool iv_load(In *in, Op *op, RV *r);
bool iv_map_elementwise(In *in, Op *op);
bool iv_print_op(In *in, Op *op);
El iv_ptr_dec(int64_t v);
bool iv_run_combine(In *in, Op *op, bool scan);
bool iv_store(In *in, Op *op);
bool iv_trans(In *in, Op *op, const RV *a, RV *r);

/* interp_scf.c */
bool iv_run_call(In *in, Op *op);
bool iv_run_for(In *in, Op *op);
bool iv_run_if(In *in, Op *op);
bool iv_run_region(In *in, Op *op, Region *r, int n, RV *const *vals, Op **term);
bool iv_run_while(In *in, Op *op);
bool iv_take(In *in, Op *op, Op *t, int from, int n, Value **dst);

/* interp_ptr.c */
bool iv_advance(In *in, Op *op, RV *r);
bool iv_block_load(In *in, Op *op, RV *b, RV *r);
bool iv_block_store(In *in, Op *op, RV *b, RV *v);
bool iv_desc_access(In *in, Op *op, bool gather, RV *r);
bool iv_make_desc(In *in, Op *op, RV *r);
bool iv_make_gs_tptr(In *in, Op *op, RV *r);
bool iv_make_tensor_ptr(In *in, Op *op, RV *r);
bool iv_make_tptr(In *in, Op *op, RV *r);
bool iv_tts_access(In *in, Op *op, RV *r);

/* interp_ktdp.c */
bool iv_func_has_inter_tile(Op *op);
int64_t iv_linear_tile(const In *in);
bool iv_ktdp_op(In *in, Op *op);
bool iv_run_cotiles(In *base, Op *func, int nargs, RV **pv);

/* interp_linalg.c */
bool iv_linalg_op(In *in, Op *op);
/* interp_xsmt.c */
bool iv_run_xsmt(In *in, Op *op);
void iv_scratch_free(In *in);

static inline double fround(const Type *t, double v) { return float_round(t, v); }
static inline int iw(const Type *t) { return t->kind == T_INDEX ? 64 : t->i.width; }
static inline int64_t ptr_enc(El e) { return ((int64_t)(e.p.buf + 1) << PTR_SHIFT) + e.p.off; }
static inline bool res_set(In *in, Op *op, int i, RV *r) { return iv_set(in, op, op_result(op, i), r); }
static inline int64_t sx(int64_t v, int w) {
    if (w >= 64) return v;
    if (w == 1) return (v & 1) ? -1 : 0;
    return int_wrap(v, w, SIGNLESS);
}
/* address arithmetic wraps (an address out of every buffer is reported by iv_mem_at) */
static inline int64_t wa(int64_t x, int64_t y) { return (int64_t)((uint64_t)x + (uint64_t)y); }
static inline int64_t wrapt(const Type *t, int64_t v) {
    if (t->kind != T_INT) return v;
    return int_wrap(v, t->i.width, t->i.sign == UNSIGNED ? UNSIGNED : SIGNLESS);
}
static inline uint64_t zx(int64_t v, int w) {
    if (w >= 64) return (uint64_t)v;
    return (uint64_t)v & (((uint64_t)1 << w) - 1);
}

#endif
