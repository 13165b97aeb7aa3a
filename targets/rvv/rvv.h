/* targets/rvv/rvv.h - the RVV target's strategy hooks (rows.c, on the
 * vector expressions of vexpr.c), used by targets/rvv/target.c. */
#ifndef TTX_TARGETS_RVV_H
#define TTX_TARGETS_RVV_H

#include "../cgen/cgen.h"

/* C with RVV intrinsics for func (or every tt.func of module when func is
 * NULL), as --emit=rvv writes it; what the vector strategy has no row for
 * is the portable C's per-element code */
bool rvv_emit_c(FILE *out, Ctx *c, Op *module, Op *func, const CgenOpts *o, Diag *d);

bool rvv_elementwise(Cg *e, Op *op, Value *v);
bool rvv_copy(Cg *e, const char *dst, Value *src, Type *t);
bool rvv_access(Cg *e, CgAccess *a);
bool rvv_reduce(Cg *e, Op *op, bool scan);
bool rvv_dot(Cg *e, Op *op);
bool rvv_defer(Cg *e, Op *op);
bool rvv_loop(Cg *e, Op *op, bool *late);
/* lanes.c: loops whose lanes are independent, then rvv_loop */
bool rvv_loops(Cg *e, Op *op, bool *late);
/* smt.c: xsmt.mmt4d on a SpacemiT micro tile, and the kernels it calls
 * (written after the prelude when body[0..blen) calls one) */
bool rvv_mmt4d(Cg *e, Op *op);
/* op is a tt.trans whose transposed array no one reads (the mmt4d
 * micro-kernels read the pack under it) */
bool rvv_trans_unread(Cg *e, Op *op);
/* xsmt.pack and unpack of arrays by strips of bytes (else marked, false) */
bool rvv_xsmt_copy(Cg *e, Op *op);
void rvv_smt_prelude(FILE *out, const char *body, size_t blen);
/* smt_dot.c: a plain 2-D tt.dot on the micro tile of the module's core
 * (tt.arch_id or --smt-arch): ok says whether it takes it (then its loads
 * are arrays, not read by the direct dot of rows.c); rvv_smt_dot writes it
 * into the array R (the result's, or its accumulator's in place); the note
 * (once per kernel) says why a dot of a module with a core misses */
bool rvv_smt_dot_ok(Cg *e, Op *op);
bool rvv_smt_dot(Cg *e, Op *op, const char *R);
void rvv_smt_dot_note(Cg *e, Op *op);

#endif
