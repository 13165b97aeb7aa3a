/* greedy.h - the greedy pattern rewrite driver (mlir::applyPatternsAndFoldGreedily,
 * LLVM 19): a worklist of ops, each erased when trivially dead, else folded,
 * else matched against the caller's patterns, until nothing changes; with
 * constant uniquing at the start of every iteration and region
 * simplification after it.  The canonicalize pass is its first user; a pass
 * gives it a fold function and a pattern function, and the patterns change
 * the IR only through the rw_* calls below, which keep the worklist up to
 * date (as MLIR's RewriterBase and its listener do).
 *
 * The order of the worklist follows MLIR's exactly, so a pattern set that
 * mirrors MLIR's gives its output op for op:
 *  - an iteration walks the root.  Every arith.constant is uniqued in its
 *    insertion region (the entry block of the nearest enclosing op that is
 *    isolated from above or unregistered): one with the same value and type
 *    as one seen before is replaced by it, and a new one moves to the top of
 *    that entry block unless the op before it is a constant already placed
 *    there.  All ops go on a LIFO worklist with set semantics, in program
 *    order (top-down) or post-order (bottom-up);
 *  - an op taken from the worklist is erased when it is trivially dead, else
 *    folded (a folded constant is materialized right before the op), else
 *    given to the patterns.  A change queues the users of replaced values,
 *    the producers of operands left with at most one other user, ops that
 *    were inserted or moved, and the modified op itself, always together
 *    with their ancestors;
 *  - then region simplification erases unreachable blocks and dead ops;
 *  - iterations repeat while something changed, at most max_iterations.
 * When a region of the root holds only ops isolated from above (functions),
 * the driver runs on each alone, which gives the same result and keeps the
 * working set small; with threads = 0 a root of 20000 ops or more has its
 * functions spread over one thread per CPU.  The fold and pattern functions
 * must then be safe to call from several threads at once (the Ctx is shared
 * for the time, see ctx_share).
 *
 * Ops whose custom syntax was not understood (op->verbatim) are given to the
 * fold and pattern functions like any other: those decide to leave them. */
#ifndef TTX_GREEDY_H
#define TTX_GREEDY_H

#include "ir.h"

/* the driver's state, handed to the pattern function */
typedef struct Rewriter Rewriter;

/* what a fold did (OpFoldResult): nothing; changed the op in place (it is
 * queued again); or the op's single result is to be replaced by the value v
 * or by a constant of the attribute a */
typedef enum { NO_FOLD, FOLD_IN_PLACE, FOLD_VALUE, FOLD_ATTR } FoldKind;
typedef struct Folded { FoldKind k; Value *v; Attr *a; } Folded;

typedef struct GreedyPatterns {
    /* fold op (not called for arith.constant); f->k is NO_FOLD on entry */
    FoldKind (*fold)(Ctx *c, Op *op, Folded *f);
    /* match op and rewrite it through rw; true when it changed the IR */
    bool (*apply)(Rewriter *rw, Op *op);
    void *data;           /* for the pattern function: rw_data */
} GreedyPatterns;

typedef enum { GREEDY_SIMPLIFY_DISABLED, GREEDY_SIMPLIFY_NORMAL, GREEDY_SIMPLIFY_AGGRESSIVE } GreedySimplify;

typedef struct GreedyConfig {
    bool top_down;            /* seed in program order (else post-order) */
    GreedySimplify simplify;  /* region simplification after each iteration (aggressive: as normal) */
    int64_t max_iterations;   /* -1: no limit */
    int64_t max_rewrites;     /* pattern rewrites per iteration, -1: no limit (a limit runs
                               * one driver over the whole root, as MLIR does) */
    int64_t threads;          /* functions at once: 0 = one per CPU for large roots, 1 = one */
} GreedyConfig;

/* rewrite the ops nested in root's regions to a fixed point; false when
 * max_iterations were not enough to converge */
bool greedy_rewrite(Ctx *c, Op *root, const GreedyPatterns *p, const GreedyConfig *cfg);

/* ---- for pattern functions ------------------------------------------- */
Ctx *rw_ctx(const Rewriter *rw);
void *rw_data(const Rewriter *rw);
/* queue op (and its ancestors) to be looked at again: it was inserted,
 * moved or modified in place */
void rw_notify(Rewriter *rw, Op *op);
/* erase op and everything nested in it; producers of its operands left
 * with at most one other user are queued */
void rw_erase(Rewriter *rw, Op *op);
/* replace all uses of from by to (each user is queued) */
void rw_replace_value(Rewriter *rw, Value *from, Value *to);
/* replace op's results by vals (op->nres of them; NULL for an unused one)
 * and erase op */
void rw_replace_op(Rewriter *rw, Op *op, Value *const *vals);
/* a new op before pos with pos's location, queued; its properties get the
 * defaults a parsed op of its kind has (overflowFlags, fastmath) */
Op *rw_create_before(Rewriter *rw, Op *pos, const char *name, Type *rt, int n, Value *const *ops);
/* an arith.constant a of type t before pos, queued */
Value *rw_const_before(Rewriter *rw, Op *pos, Attr *a, Type *t);
/* the ops of block src move to the end of block dst, each queued; src is
 * unlinked (mergeBlocks; src's arguments must be unused) */
void rw_merge_blocks(Rewriter *rw, Block *src, Block *dst);
/* whether v has at most one user besides op (and besides extra, which
 * counts as one more user when not NULL): what the driver checks before it
 * queues the producer of an operand of an erased op */
bool rw_few_users(Value *v, const Op *op, const Op *extra);

#endif
