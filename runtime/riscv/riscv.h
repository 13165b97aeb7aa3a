/* riscv.h - kernels built for RISC-V and run under qemu-riscv64.
 *
 *   ttxform build KERNEL.ttir --target=riscv64|riscv64-rvv -o K.o|K.so|K.s
 *   ttxform run KERNEL.ttir --target=riscv64|riscv64-rvv [--vlen=128|256|512|1024] ...
 *
 * Both emit the kernel's C in-process and compile it with clang-19
 * --target=riscv64-linux-gnu -O2: `riscv64` the portable C target's with
 * -march=rv64gc (scalar), `riscv64-rvv` the rvv target's (--emit=rvv: RVV
 * intrinsics for the ops its vector strategy has a row form of, the
 * portable C's per-element code for the others, which clang may vectorise)
 * with -march=rv64gcv (+_zvfh when the kernel uses f16).
 *
 * A run writes the arguments into a temporary directory (each buffer as its
 * raw bytes, scalars and the grid in a small manifest), builds a static
 * riscv64 program from the kernel's C, a call stub and the launcher
 * (launcher.c, embedded at build time), runs it under
 *   qemu-riscv64 -cpu rv64,v=true,vlen=N,vext_spec=v1.0,rvv_ta_all_1s=true,rvv_ma_all_1s=true[,Zfh=true]
 * (all-ones tails and masked-off elements, so tail- and mask-agnostic bugs
 * show), and reads the buffers back.  The launcher splits the grid over
 * threads as the host engines do.  The directory is always removed.
 *
 * What is checked under qemu: the TTX_FAIL hook of the C (float-to-integer
 * conversions out of range, loop steps that are not positive) and, with
 * interp_check_div() (run --check-div-by-zero), TTX_DIV0 (an integer
 * division by zero), reported at the op for the lowest failing program, as
 * the JIT reports them.  What is not: memory accesses.  The kernel's C runs
 * without the bounds hooks (they would keep clang from vectorising), so an
 * out-of-bounds access is undefined and may crash the program (reported with
 * the signal) or go unnoticed; --check runs the interpreter first, which
 * reports such an access at the op before qemu runs. */
#ifndef TTX_RISCV_H
#define TTX_RISCV_H

#include <stdbool.h>

#include "diag.h"
#include "interp.h"
#include "ir.h"

typedef enum { RV_NONE, RV_SCALAR, RV_RVV } RvArch;

typedef struct RvOpts {
    RvArch arch;
    int vlen;                /* bits: 128, 256 or 512 (0: 256) */
    int threads;             /* 0: the number of CPUs, at most 64 */
    const char *dump_dir;    /* NULL, or write DIR/01-NAME.c: the C compiled, with its stub */
    const char *cache_dir;   /* NULL: $TTXFORM_CACHE_DIR, unset: no cache */
    int *nthreads_out;       /* optional: the threads the launcher ran */
    bool ime_ref;            /* the C built with TTX_SMT_HW and TTX_SMT_IME_REF (--smt-ime=ref) */
} RvOpts;

/* "riscv64" or "riscv64-rvv"; false for anything else */
bool rv_parse_target(const char *s, RvArch *a);
/* "128", "256" or "512"; false for anything else */
bool rv_parse_vlen(const char *s, int *vlen);

/* run func of module over grid under qemu-riscv64, on the buffers of args
 * (written back in place).  Returns 0, -1 after reporting an error (to d, or
 * as `ttxform run: error: ...` on stderr), or 1 when the C target cannot
 * translate the kernel (*unsup is the op). */
int rv_run(Ctx *c, Op *module, Op *func, int nargs, const IArg *args, const int grid[3], const RvOpts *o, Op **unsup,
           Diag *d);

/* whether rv_run can translate func's kernel: 0, 1 (*unsup is the op the C
 * target lacks) or -1 after reporting an error; nothing is built or run */
int rv_translates(Ctx *c, Op *module, Op *func, const RvOpts *o, Op **unsup, Diag *d);

/* `ttxform build`: argv[0] is "build"; returns the exit status */
int rv_build_main(int argc, char **argv);

#endif
