/* passes/spyre/descriptor_layout.h - what the two halves of the
 * `rewrite-descriptor-layout` pass share: the layout marker, the pass state
 * and a small op builder.  rewrite_descriptor_layout.c physicalises views,
 * tiles and loads (phase 1) and drives the pass; rewrite_descriptor_layout_synth.c
 * re-synthesises matmul, batch_matmul and reduce per stick and sinks logical
 * results into physical store tiles (phase 2), and defines everything declared
 * here, so the calls go one way: from the pass file into the synth file. */
#ifndef TTX_RDL_H
#define TTX_RDL_H

#include "ktdp_build.h"

#define RDL_MAXR 16     /* physical and logical ranks handled */

enum { RDL_ID = 0, RDL_FD = 1, RDL_MOD = 2 };

/* a tt.spyre_tensor_layout marker: for each physical dim k, the logical dim
 * src[k] it comes from, the op (identity, floordiv, mod) and its argument */
typedef struct RdlLayout {
    Op *op;
    int n;
    int64_t src[RDL_MAXR], kind[RDL_MAXR], arg[RDL_MAXR];
} RdlLayout;

/* the pass state */
typedef struct Rdl {
    Ctx *c;
    Diag *d;
    bool device;           /* data-layout=device: row-major physical strides */
    bool failed;
    PtrVec views;          /* physical memory views (Value *) ... */
    PtrVec view_layout;    /* ... and their layouts (RdlLayout *), in step */
    PtrVec loads;          /* values that were the input of an absorbed transpose (Value *) ... */
    PtrVec load_perm;      /* ... and its permutation (int64_t[RDL_MAXR+1], [0] = length) */
    PtrVec retyped;        /* elementwise ops given a physical result type (Op *) */
    PtrVec rescaled;       /* scf.for ops already rescaled (Op *) ... */
    PtrVec rescale_by;     /* ... and their factor (intptr_t) */
} Rdl;

/* where new ops go: before an op, or at the end of a block */
typedef struct RdlB {
    Ctx *c;
    Op *before;
    Block *blk;
    Loc loc;
} RdlB;

/* a ranked tensor type */
bool rdl_ranked(const Type *t);

Value *rdl_put(RdlB *b, Op *op);
Value *rdl_op(RdlB *b, const char *name, Type *rt, int n, Value *const *opnds);
Value *rdl_cindex(RdlB *b, int64_t v);                   /* arith.constant v : index */
Value *rdl_bin(RdlB *b, const char *name, Value *x, Value *y);   /* result typed as x */

/* the shape of a !ktdp.access_tile<AxBxindex> type: its rank, or -1 */
int rdl_tile_dims(const Type *t, int64_t *dims);
/* the layout of a physical memory view, or NULL */
RdlLayout *rdl_view_layout(Rdl *r, Value *view);
/* the transpose absorbed at a value, or NULL ([0] is the length) */
const int64_t *rdl_load_perm(Rdl *r, Value *v);
/* back from v through single-tensor and elementwise ops (first tensor
 * operand) to a ktdp.load; with tau, the composition of the transposes
 * absorbed on the way (tau[0] = 0 when none) */
Op *rdl_walk_to_load(Rdl *r, Value *v, int64_t *tau);

/* phase 2: re-synthesise contractions and sink logical stores */
void rdl_synthesise(Rdl *r, Op *module);

#endif
