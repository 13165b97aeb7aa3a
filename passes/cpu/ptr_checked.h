/* passes/cpu/ptr_checked.h - recognising what stock Triton's make_ttir
 * (rewrite_tensor_pointer) makes of a block pointer whose load or store
 * checks every dimension: pointers splat(base) + sum_d X_d * splat(s_d),
 * each X_d varying along dimension d only, under the mask
 * (X_d >= 0) & (X_d < splat(B_d)) for every d.  Used by ptr-analysis
 * (ptr_analysis_spyre) to make such an access a block pointer again. */
#ifndef TTX_PTR_CHECKED_H
#define TTX_PTR_CHECKED_H

#include "ir.h"

enum { PTR_CHECKED_MAX = 8 };

/* base: the scalar pointer splat; per term i (in the order the offsets
 * list them): X_i, its stride s_i and its bound B_i (scalars) */
typedef struct PtrChecked {
    Value *base;
    int n;
    Value *x[PTR_CHECKED_MAX], *s[PTR_CHECKED_MAX], *hi[PTR_CHECKED_MAX];
} PtrChecked;

/* pointer tensor p under mask m has that form: every term X_i appears in the
 * offsets once (times a splat) and in the mask as X_i >= 0 and X_i < splat,
 * and the mask compares nothing else */
bool ptr_checked_match(Value *p, Value *m, PtrChecked *k);

#endif
