/* passes/canonicalize/canonicalize.c - the `canonicalize` pass: MLIR's
 * greedy pattern rewrite driver with the folders and canonicalization
 * patterns of the arith ops, scf.if and scf.for, and the folders of tt.splat,
 * tt.broadcast and tt.addptr.  This file is the pass: its options, and which
 * folder and patterns an op gets; the driver is src/greedy.c, the folders
 * and patterns of each dialect are the other files of this folder
 * (patterns.h lists them).
 *
 * The driver follows mlir::applyPatternsAndFoldGreedily (LLVM 19) closely,
 * so that the output matches `mlir-opt --canonicalize` op for op, down to the
 * order of the constants:
 *  - an iteration starts by walking the module.  Every arith.constant is
 *    uniqued in its insertion region (the entry block of the nearest
 *    enclosing op that is isolated from above or unregistered): a constant
 *    with the same value and type as one seen before is replaced by it, and
 *    a new one is moved to the top of that entry block unless the op before
 *    it is a constant already placed there (OperationFolder::
 *    insertKnownConstant).  All ops go on a LIFO worklist with set semantics,
 *    in program order (top-down) or post-order (bottom-up);
 *  - an op taken from the worklist is erased when it is trivially dead, else
 *    folded (a folded constant is materialized right before the op), else
 *    matched against the patterns.  A change queues the users of replaced
 *    values, the producers of operands left with at most one other user,
 *    ops that were inserted or moved, and the modified op itself, always
 *    together with their ancestors;
 *  - then region simplification erases unreachable blocks and dead ops;
 *  - iterations repeat while something changed, at most max-iterations.
 * When the module holds only functions (ops isolated from above), the driver
 * runs on each function alone, which gives the same result (see Job below)
 * and keeps the working set small; with threads=0 (the default) a module of
 * 20000 ops or more has its functions spread over one thread per CPU.
 *
 * Folders (as their MLIR counterparts; constants fold element-wise for
 * scalars, splats and dense tensors): the integer and float arith ops with
 * wrap-around at the type's width and no folding of a division by zero, a
 * signed overflow or an over-wide shift; cmpi, cmpf, select, the casts, and
 * the algebraic identities (x+0, x*1, x*0, x-x, x&x, x^x, x/1, ...).
 * Commutative ops get their constants moved to the right.  Floats fold for
 * f16, bf16, f32 and f64 only.
 * Patterns: those of ArithCanonicalization.td (reassociation of constants
 * in addi/subi/muli, cmpi/xori/andi/ori of extensions, select forms, cast
 * chains, ...) and CmpFIntToFPConst; for scf.if CombineIfs,
 * CombineNestedIfs, ConditionPropagation, ConvertTrivialIfToSelect,
 * RemoveEmptyElseBranch, RemoveStaticCondition, RemoveUnusedResults and
 * ReplaceIfYieldWithConditionOrValue; for scf.for ForOpIterArgsFolder and
 * SimplifyTrivialLoops.
 *
 * Where MLIR 19 is wrong this pass is not: a loop whose trip distance
 * overflows the bound type is kept (MLIR wraps it to a negative count and
 * deletes the loop), and a bitcast that would need the payload of a NaN
 * narrower than f64 is not folded (the IR keeps floats as doubles).
 *
 * Ops whose custom syntax was not understood (op->verbatim) are never folded
 * or rewritten; their results are used as opaque values, and they are erased
 * when dead and free of side effects, as MLIR does. */
#include <string.h>

#include "patterns.h"

/* the op's own folder: the tt ops' are Triton's; those of other dialects
 * but arith find nothing among arith's */
static FoldKind fold_own(Ctx *c, Op *op, Attr **k, Folded *f) {
    return !strncmp(op->info->name, "tt.", 3) ? tt_fold(c, op, k, f) : arith_fold(c, op, k, f);
}

/* Operation::fold: the op's folder, then the folders of its traits */
static FoldKind fold_op(Ctx *c, Op *op, Folded *f) {
    if (op_is(op, OP_scf_if) && !op->verbatim) return scf_if_fold(op, f);
    if (op->verbatim || op->nres != 1 || op->info->id < 0) return NO_FOLD;
    for (int i = 0; i < op->nopnds; i++) if (!opnd(op, i)) return NO_FOLD;
    Attr *k[3] = { NULL, NULL, NULL };
    for (int i = 0; i < op->nopnds && i < 3; i++) k[i] = value_const(opnd(op, i));
    f->k = NO_FOLD;
    FoldKind r = fold_own(c, op, k, f);
    if (r != NO_FOLD && !(r == FOLD_VALUE && f->v == &op->res[0])) return r;
    if (r == FOLD_VALUE) r = f->k = FOLD_IN_PLACE;
    int id = op->info->id;
    /* commutative: constants move behind the other operands, in order */
    if ((op->info->traits & TR_COMMUTATIVE) && op->nopnds >= 2 && op->nopnds <= 3) {
        Value *v[3];
        int n = 0;
        for (int i = 0; i < op->nopnds; i++) if (!k[i]) v[n++] = opnd(op, i);
        for (int i = 0; i < op->nopnds; i++) if (k[i]) v[n++] = opnd(op, i);
        bool moved = false;
        for (int i = 0; i < op->nopnds; i++) if (v[i] != opnd(op, i)) moved = true;
        if (moved) {
            for (int i = 0; i < op->nopnds; i++) op_set_operand(op, i, v[i]);
            return f->k = FOLD_IN_PLACE;
        }
    }
    /* idempotent: x & x, x | x */
    if ((id == OP_arith_andi || id == OP_arith_ori) && opnd(op, 0) == opnd(op, 1)) return fold_value(f, opnd(op, 0));
    /* a cast to its own type */
    if (is_cast(id) && opnd(op, 0)->type == op->res[0].type) return fold_value(f, opnd(op, 0));
    return r;
}

/* the patterns of the op's dialect */
static bool apply_patterns(Rewriter *rw, Op *op) {
    if (op->verbatim) return false;
    for (int i = 0; i < op->nopnds; i++) if (!opnd(op, i)) return false;
    const char *n = op->info->name;
    if (!strncmp(n, "arith.", 6)) return arith_patterns(rw, op);
    if (!strncmp(n, "scf.", 4)) return scf_patterns(rw, op);
    if (!strncmp(n, "tt.", 3)) return tt_patterns(rw, op);
    return false;
}

/* ---- the pass --------------------------------------------------------- */
static const PassOptDef opts[] = {
    { "top-down", PO_BOOL, "true", NULL, "seed the worklist in program order (else post-order)" },
    { "region-simplify", PO_STRING, "normal", "disabled|normal|aggressive", "erase unreachable blocks and dead ops after each iteration (aggressive: as normal, blocks are not merged)" },
    { "max-iterations", PO_INT, "10", "-1..", "iterations of the worklist and region simplification at most (-1: no limit)" },
    { "max-num-rewrites", PO_INT, "-1", "-1..", "pattern rewrites per iteration at most (-1: no limit)" },
    { "test-convergence", PO_BOOL, "false", NULL, "fail when the rewrites do not converge" },
    { "threads", PO_INT, "0", "0..", "functions rewritten at once: 0 = one thread per CPU for modules of 20000 ops or more, 1 = one at a time" },
};

static const GreedyPatterns patterns = { fold_op, apply_patterns, NULL };

static bool run(Ctx *c, Op *m, const PassOptions *o, Diag *d) {
    int64_t max_it = popt_int(o, "max-iterations"), max_rw = popt_int(o, "max-num-rewrites");
    int64_t want = popt_int(o, "threads");
    const char *rs = popt_str(o, "region-simplify");
    /* the values were checked with the options (pass.c: opts[].values) */
    GreedySimplify level = !rs || !strcmp(rs, "normal") ? GREEDY_SIMPLIFY_NORMAL
                         : !strcmp(rs, "disabled") ? GREEDY_SIMPLIFY_DISABLED : GREEDY_SIMPLIFY_AGGRESSIVE;
    GreedyConfig cfg = { .top_down = popt_bool(o, "top-down"), .simplify = level,
                         .max_iterations = max_it, .max_rewrites = max_rw, .threads = want };
    if (!greedy_rewrite(c, m, &patterns, &cfg) && popt_bool(o, "test-convergence")) {
        diag_error(d, m->loc, "Canonicalizer failed to converge");
        return false;
    }
    return true;
}

const Pass pass_canonicalize = {
    "canonicalize",
    "fold constants, simplify arith/scf/tt ops and erase dead code, as MLIR's canonicalizer",
    opts, (int)(sizeof opts / sizeof *opts), run,
};
