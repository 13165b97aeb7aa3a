/* targets/c/rows.h - the JIT's vector strategy of the C target: the
 * CgenStrategy hooks (see targets/cgen/cgen.h) that write whole arrays and
 * contiguous rows as calls of the bulk routines (jit_rt.h, ttx_rt_*). */
#ifndef TTX_TARGETS_C_ROWS_H
#define TTX_TARGETS_C_ROWS_H

#include "../cgen/cgen.h"

bool c_rows_fills_array(Cg *e, Op *op);
bool c_rows_copy(Cg *e, const char *dst, Value *src, Type *t);
bool c_rows_elementwise(Cg *e, Op *op, Value *v);
bool c_rows_access(Cg *e, CgAccess *a);
bool c_rows_desc(Cg *e, CgAccess *a);
bool c_rows_reduce(Cg *e, Op *op, bool scan);
bool c_rows_dot(Cg *e, Op *op);
/* targets/c/smt.c: an f32 xsmt.mmt4d as dot calls (CgenStrategy.mmt4d) */
bool c_rows_mmt4d(Cg *e, Op *op);

/* the declarations of the bulk routines, for the prelude */
extern const char c_rows_decls[];

#endif
