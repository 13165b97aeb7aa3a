/* targets/c/c.h - the portable C target: TTIR kernels as C99 functions.
 *
 * The C includes no system header (it declares the few libm functions it
 * calls), so libtcc compiles a kernel in about a millisecond, and gcc,
 * clang and tcc accept it with -std=c99 -Wall -Wextra -Werror.
 *
 * One function per tt.func, with the spine-triton kernel ABI: the kernel's
 * arguments (a pointer argument is a plain pointer to its elements, f16 and
 * bf16 as uint16 bit patterns, i1 as one byte; an i1 scalar is an int32, an
 * f16/bf16 scalar a float), then `gridX, gridY, gridZ, pidX, pidY, pidZ`
 * as int32.
 *
 * Hooks let a driver check what the kernel does; each defaults to
 * nothing, so plain C compiles without them:
 *   TTX_IN(p, bytes, site)  nonzero when p[0..bytes) may be accessed;
 *                           otherwise the access is skipped (a load yields 0)
 *   TTX_FAIL(site)          a float-to-integer conversion out of range, a
 *                           loop step <= 0, a tt.gather index out of range,
 *                           ... (c_fail_reason says which)
 *   TTX_ASSERT(site, k)     a tt.assert (tl.device_assert) whose condition is
 *                           false at element k (row-major) of its operand
 *   TTX_DIV0(site, k)       an integer division or remainder by zero at
 *                           element k (row-major; 0 for a scalar, -1 when
 *                           unknown) of the op's result, which still gets
 *                           RISC-V's result (x / 0 = -1, x % 0 = x)
 * `site` numbers the op (CEmitOpts.sites maps it back to the op). */
#ifndef TTX_TARGET_C_H
#define TTX_TARGET_C_H

#include <stdio.h>

#include "diag.h"
#include "ir.h"

typedef struct CEmitOpts {
    /* add `void ttx_launch(void *const *args, int gx, int gy, int gz,
     * long long first, long long end)`, which runs programs [first, end)
     * (x fastest) of the first kernel: args[i] is the buffer of pointer
     * argument i, or points to an int64 (integer) or double (float) */
    bool launcher;
    PtrVec *sites;       /* out, optional: the Op of each site id */
    Op **unsupported;    /* optional: an unsupported op is stored here instead of reported */
    /* call the bulk routines of runtime/jit.h (ttx_rt_*) for contiguous rows of
     * loads and stores, f32 elementwise ops over whole tensors and f32
     * reductions along the last axis; the driver defines
     * TTX_INR(p, bytes): nonzero when p[0..bytes) may be accessed, without
     * reporting anything (otherwise the per-element code runs and reports) */
    bool rt;
} CEmitOpts;

/* C for func (a tt.func), or for every tt.func of module when func is NULL;
 * false after reporting an error at the op it cannot translate */
bool c_emit(FILE *out, Ctx *c, Op *module, Op *func, const CEmitOpts *o, Diag *d);

/* the C name of a function ("add_kernel"), into buf */
const char *c_func_name(Op *func, char *buf, size_t n);
/* what a TTX_FAIL at op's site means: "the loop step is not positive", ... */
const char *c_fail_reason(const Op *op);

#endif
