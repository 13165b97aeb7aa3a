/* interp.h - the reference interpreter: runs a tt.func kernel over a grid
 * of programs, directly on the SSA IR, one program after the other.
 *
 * It is the oracle for the CPU targets' tests: slow and simple, every
 * integer op wrapped to its type's width, every float result rounded to its
 * type (float_round), every memory access checked against the buffer bound
 * to its pointer argument.  Errors (out-of-bounds access, division by zero,
 * an op it does not know) are diagnostics at the op's location naming the
 * program id; the run stops at the first one.
 *
 * Beyond tensors of pointers it runs block pointers (tt.make_tensor_ptr,
 * tt.advance, boundaryCheck and padding), tensor descriptors (load, store,
 * gather, scatter; out of shape: zeros, or dropped), triton-shared's
 * structured pointers (tts.make_tptr, with wrap-around shapes and as block
 * pointers, tts.make_gather_scatter_tptr, tts.load/tts.store with mask
 * dims), atomics (the programs run one after the other), tt.print (stdout)
 * and the common libdevice functions of tt.extern_elementwise.  A pointer
 * as an integer (tt.ptr_to_int) is its buffer number + 1 above bit 40 and
 * its byte offset below.
 *
 * Kernel arguments, in the order of the function's arguments:
 *   !tt.ptr<T>  -> IARG_BUF: `data` holds `bytes` bytes of T in the kernel's
 *                  memory layout (i1 as one byte, f16/bf16 as 16-bit IEEE
 *                  bits); `elem` is optional and, when set, must be T;
 *   integer     -> IARG_INT, `i` (wrapped to the argument's width);
 *   float       -> IARG_FLOAT, `f` (rounded to the argument's type).
 */
#ifndef TTX_INTERP_H
#define TTX_INTERP_H

#include "diag.h"
#include "ir.h"

typedef struct Buf {
    void *data;
    size_t bytes;
    Type *elem;          /* NULL: the pointer argument's pointee type */
} Buf;

typedef enum { IARG_BUF, IARG_INT, IARG_FLOAT } IArgKind;

typedef struct IArg {
    IArgKind kind;
    Buf buf;
    int64_t i;
    double f;
} IArg;

static inline IArg iarg_buf(void *data, size_t bytes) { IArg a = { .kind = IARG_BUF, .buf = { data, bytes, NULL } }; return a; }
static inline IArg iarg_int(int64_t v) { IArg a = { .kind = IARG_INT, .i = v }; return a; }
static inline IArg iarg_float(double v) { IArg a = { .kind = IARG_FLOAT, .f = v }; return a; }

/* the tt.func (or func.func) named `name` in module, or NULL; name NULL: the
 * first one that is not private (else the first one) */
Op *interp_find_func(Op *module, const char *name);

/* the most elements a tensor may have, in every engine of `run` (the
 * interpreter holds each element in 8 bytes or more) */
#define INTERP_MAX_ELEMS ((int64_t)1 << 26)

/* every tensor type of a result in module (every function: callees too)
 * within INTERP_MAX_ELEMS elements, else false after a located error at the
 * first op past it; *bytes (optional) is the sum of their sizes in C (the C
 * target keeps tensors in local arrays, so a driver sizes its threads'
 * stacks from it) */
bool interp_check_sizes(Op *module, int64_t *bytes, Diag *d);

/* an integer division or remainder by zero (arith.divsi, divui, ceildivsi,
 * ceildivui, floordivsi, remsi, remui) gives RISC-V's result by default
 * (a quotient is all ones, a remainder the dividend; INT_MIN / -1 is
 * INT_MIN and INT_MIN % -1 is 0, docs/cpu.md); with on, every engine of the
 * process reports it instead as an error at the op (`run
 * --check-div-by-zero`).  Set before a run. */
void interp_set_check_div(bool on);
bool interp_check_div(void);

/* with on, each later run records which program wrote each byte of the
 * bound buffers (4 bytes of memory per byte written), and
 * interp_writes_overlap() then says whether two programs of the last run
 * wrote one byte: 1, 0, or -1 when that is not known (tracking off, out of
 * memory) */
void interp_track_writes(bool on);
int interp_writes_overlap(void);
/* whether the last tracked run wrote to argument i's buffer: 1, 0, or -1 */
int interp_wrote_arg(int i);

/* run func for every program id of grid (x fastest, then y, then z).
 * Returns 0, or -1 after reporting an error to d. */
int interp_run(Ctx *c, Op *func, int nargs, const IArg *args, const int grid[3], Diag *d);
/* the memories of a KTIR run beyond the bound buffers: a flat device
 * memory (mem, or NULL): an element address a below 1 << 36 of a view of
 * S-byte elements is the byte a * S of mem (the addresses a kernel's views
 * have when its base addresses were materialized as constants); and the LX
 * scratchpad of each compute tile (lx[N] for the tile of linear id N, x
 * fastest; nlx of them, or NULL), where element address a of a `ct_local`
 * (`LX`) view of S-byte elements is the byte a * S */
typedef struct KtirMem {
    const Buf *mem;
    const Buf *lx;
    int nlx;
} KtirMem;
/* the same for a KTIR kernel with those memories (km NULL: none); the
 * programs run one after another */
int interp_run_mem(Ctx *c, Op *func, int nargs, const IArg *args, const KtirMem *km, const int grid[3], Diag *d);

#endif
