/* targets/rvv/rvv.h - the RVV target's strategy hooks (rows.c), used by
 * targets/rvv/target.c. */
#ifndef TTX_TARGETS_RVV_H
#define TTX_TARGETS_RVV_H

#include "../cgen/cgen.h"

bool rvv_elementwise(Cg *e, Op *op, Value *v);

#endif
