/* targets/cgen/cgen.h - the shared C emitter: TTIR kernels as C functions.
 *
 * The emitter owns what every C-producing target has in common: naming
 * values and deciding which tensors are arrays and which are recomputed
 * where used (decide.c), the expression printer (expr.c, affine.c), the
 * loop nests of statements (stmt.c, compute.c), memory access (memory.c),
 * the kernel ABI and the launcher (func.c) and the prelude of helpers
 * (prelude.c).  A target supplies a CgenStrategy: its prelude, and hooks
 * that may write a whole op (or a whole row of it) their own way before the
 * generic per-element loop nest does.  The portable C target (targets/c/)
 * has two: none of the hooks (plain C99), and the JIT's bulk routines
 * (targets/c/rows.c).  A vector target plugs in its own and keeps the loop
 * nest.  The hooks see the emitter's state through emit.h. */
#ifndef TTX_TARGETS_CGEN_H
#define TTX_TARGETS_CGEN_H

#include <stdbool.h>
#include <stdio.h>

#include "diag.h"
#include "ir.h"

typedef struct Cg Cg;               /* the emitter's state (emit.h) */
typedef struct CgAccess CgAccess;   /* a load or store being written (emit.h) */

typedef struct CgenOpts {
    bool launcher;       /* add ttx_launch for the first kernel (see targets/c/c.h) */
    PtrVec *sites;       /* out, optional: the Op of each site id */
    Op **unsupported;    /* optional: an unsupported op is stored here instead of reported
                          * (its reason: cgen_unsupported_why) */
} CgenOpts;

/* a prelude helper: emitted when its name occurs in the code or in another
 * emitted helper */
typedef struct CgenHelper { const char *name, *text; } CgenHelper;

typedef struct CgenStrategy {
    const char *name;    /* in messages: "the NAME target does not support ..." */
    /* writes everything before the functions, whose text is body[0..blen) */
    void (*prelude)(FILE *out, const char *body, size_t blen);
    const char *drain;   /* a statement the launcher runs before it returns, or NULL */
    /* without an access_rows hook: test at run time whether a row of an
     * array of pointers is consecutive, and then access it through one pointer */
    bool gather_rows;
    /* Each hook may be NULL.  The write hooks return true when they wrote
     * the op (false: nothing written, the generic code follows). */
    /* op (one tensor result) is computed as a whole array: never virtual */
    bool (*fills_array)(Cg *e, Op *op);
    /* dst := src, a value of type t */
    bool (*copy)(Cg *e, const char *dst, Value *src, Type *t);
    /* op, elementwise with tensor result v (declared) */
    bool (*elementwise)(Cg *e, Op *op, Value *v);
    /* a load or store (its result declared): opens the loops over all but the
     * last axis and, inside its own fallback branch, the per-element loop
     * over the last axis (CgAccess.n, .idx, .after_row); on false it may have
     * written what must come before the generic per-element loops */
    bool (*access_rows)(Cg *e, CgAccess *a);
    /* the same for a tensor-descriptor access (CgAccess.bpn set) */
    bool (*desc_rows)(Cg *e, CgAccess *a);
    /* a tt.reduce (scan false) or tt.scan */
    bool (*reduce)(Cg *e, Op *op, bool scan);
    /* a tt.dot, its result declared */
    bool (*dot)(Cg *e, Op *op);
    /* a tt.load (tensor result) that the strategy's own code reads from
     * memory where its users need it: true when nothing is to be written
     * for the op itself (its value then has no array, and every user of it
     * must be one the strategy writes) */
    bool (*defer)(Cg *e, Op *op);
    /* an xsmt.mmt4d, its result declared (a micro-kernel of the strategy's own) */
    bool (*mmt4d)(Cg *e, Op *op);
    /* an xsmt.pack, unpack or repack, its result declared: false leaves it
     * to the generic index loops */
    bool (*xsmt_copy)(Cg *e, Op *op);
    /* an scf.for (its iter args declared) that the strategy writes its own
     * way when a run-time test holds.  With late non-NULL it only answers
     * whether it will, and sets late[i] for each iter arg i whose init the
     * generic loop alone needs; then, the other inits written, it is called
     * with late NULL and writes `if (TEST) { its own loop } else {`: the
     * late inits and the generic loop follow in that branch, which the
     * emitter closes */
    bool (*loop)(Cg *e, Op *op, bool *late);
} CgenStrategy;

/* C for func (a tt.func), or for every tt.func of module when func is NULL;
 * false after reporting an error at the op it cannot translate */
bool cgen_emit(FILE *out, Ctx *c, Op *module, Op *func, const CgenStrategy *s, const CgenOpts *o, Diag *d);

/* func runs its smt.parallel loops on sub-blocks: it has a loop
 * `scf.for ... {bind_sub_block = true}` without results, every op with
 * a side effect (a store, an atomic, a print) is inside one, and no
 * xsmt.alloc is outside them (a buffer the iterations would share).  Its C is then
 * NAME_sub(the kernel's parameters, i32 ttx_sub, i32 ttx_nsub), which runs
 * the iterations ttx_sub, ttx_sub + ttx_nsub, ... of each such loop (the
 * rest of the program in full), and NAME(...), NAME_sub(..., 0, 1): every
 * iteration.  The launchers run the ttx_nsub sub-blocks of a program as
 * tasks of their own, on their threads.  Each iteration runs once, in a
 * task that computes what it needs itself, so the results do not depend on
 * the threads. */
bool cgen_sub_blocks(Op *func);

/* op (a module, a function) holds ktdp ops: KTIR, which cgen_emit writes
 * as C too (targets/cgen/kfunc.c) */
bool cgen_has_ktdp(Op *op);

/* the C name of a function ("add_kernel"), into buf */
const char *cgen_func_name(Op *func, char *buf, size_t n);

/* head, then the declarations of the libm functions (targets/cgen/libm.def)
 * and the helpers that body[0..blen) needs */
void cgen_prelude(FILE *out, const char *head, const CgenHelper *h, int nh, const char *body, size_t blen);

/* why the op last stored through CgenOpts.unsupported (or CEmitOpts's) on
 * this thread was not translated, or NULL when no reason was given */
const char *cgen_unsupported_why(const Op *op);

#endif
