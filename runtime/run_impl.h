/* run_impl.h - what the files of `ttxform run` share (run.h is the command's
 * interface):
 *   run.c         the command: options, reading the kernel, binding each argument, the engines in turn
 *   bind.c        argument values: generators (run_generate), scalars, .npy dtypes, names in the text
 *   engine_jit.c  the JIT engine: the C target's code compiled by libtcc, run on a pool of threads
 *   check.c       --check: the JIT's buffers against the interpreter's
 *   run_ktir.c    KTIR kernels (ktdp ops) on the interpreter, and --via=ktir
 *   trace.c       what a run records: the Chrome trace, --bench lines, --dump-dir files */
#ifndef TTX_RUN_IMPL_H
#define TTX_RUN_IMPL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "diag.h"
#include "interp.h"
#include "ir.h"
#include "npy.h"
#include "run.h"
#include "../targets/cgen/cgen.h"

/* "ttxform run: error: MESSAGE" on stderr; returns 1 */
int errorf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* after a --check that disagreed: when the programs of the grid ran on more
 * than one thread and the interpreter saw two programs store to one element
 * (or could not tell: interp_writes_overlap), a note that programs storing to
 * the same elements leave them in no fixed order, and that --threads=1 runs
 * them in grid order */
void note_thread_order(int nthreads, const int grid[3]);

static inline bool is_float_type(NpyType t) { return t == NPY_FLOAT16 || t == NPY_FLOAT32 || t == NPY_FLOAT64; }

/* --arg NAME=VALUE and --output NAME=FILE (arg: the argument's index once resolved) */
typedef struct Binding { const char *name, *value; int arg; } Binding;

/* ---- bind.c ---------------------------------------------------------------- */
/* a decimal number that is all of s[0..n); false if not */
bool parse_u64(const char *s, size_t n, uint64_t *out);
/* the name the TTIR text gives argument v (the identifier after '%' at its
 * location), into out; "" when the text is not at hand */
void source_name(const Value *v, const char *src, size_t len, char *out, size_t n);
/* the .npy dtype holding pointee type t, or false */
bool dtype_for(const Type *t, NpyType *out, bool *also_u8);
/* a number for a scalar argument of type t */
bool parse_scalar(const char *s, const Type *t, IArg *a, char *err, size_t errlen);
bool file_exists(const char *p);
bool looks_like_generator(const char *v);
/* "@a, @b": the module's functions, for a message */
void kernel_functions(Op *module, char *out, size_t n);
/* the error for a module without FUNCTION (NULL: without any function), listing
 * the functions it has; returns 1 */
int no_function_error(const char *fname, Op *module, const char *function);
/* the argument --arg/--output NAME names: its TTIR name (NAME or %NAME), then
 * argN, then N; -1 when none */
int arg_index(const char *name, char (*names)[64], int nk);
/* the error for a NAME no argument has, listing the arguments with their types */
void no_argument_error(Ctx *c, const char *fn_name, const Block *entry, char (*names)[64], int nk, const char *name);
/* how many grid axes func reads (1 + the highest axis of its program-id ops; 0: none) */
int kernel_grid_axes(Op *func);

/* ---- trace.c --------------------------------------------------------------- */
double now_us(void);
/* a Chrome-trace event */
typedef struct Ev { const char *name, *cat; double ts, dur; int tid; int64_t first, end; } Ev;
typedef struct Trace { Ev *ev; int n, cap; double t0; PtrVec names; } Trace;
void ev_add(Trace *t, const char *name, const char *cat, double t0, double t1, int tid, int64_t first, int64_t end);
bool trace_write(FILE *f, const Trace *t, const char *engine, int nthreads, const int grid[3]);
/* --bench: one line on stderr with the best and median launch time (sorts t) */
void bench_print(const char *kernel, const char *engine, int nthreads, double *t, int n);
bool mkdirs(const char *dir);
/* write text to DIR/NAME; false after an error message */
bool dump_file(const char *dir, const char *name, const char *text, size_t len);
/* make DIR and write DIR/00-input.mlir, module m printed; false after an error message */
bool dump_input(const char *dir, Ctx *c, Op *m);

/* ---- engine_jit.c ---------------------------------------------------------- */
typedef struct JitOpts {
    int threads;
    bool no_bounds;
    const char *dump_dir;
    Trace *trace;            /* NULL: no trace */
    int *nthreads_out;
    int repeat;              /* launches of the whole grid (at least 1) */
    double *times;           /* NULL, or the repeat launch times in us */
    bool cotiles;            /* KTIR with inter-tile ops: every tile on its own thread */
    void *mem;               /* KTIR --memory: the device memory (the C's ttx_mem), or NULL */
    size_t mem_bytes;
    const Buf *lx;           /* KTIR: the LX scratchpad of each compute tile (the C's ttx_lx), or NULL */
    int nlx;
} JitOpts;

/* run func over the grid with the JIT; returns 0, -1 after an error, or 1
 * when the C target cannot translate the kernel (*unsup is the op) */
/* the stack size of the threads that run a program of module's C, from its
 * tensors; 0 after a located error (a tensor over INTERP_MAX_ELEMS) */
size_t jit_stack_bytes(Op *module, Diag *d);
int jit_run(Ctx *c, Op *module, Op *func, int nargs, const IArg *args, const int grid[3], const JitOpts *jo,
            Op **unsup, Diag *d);

/* ---- check.c --------------------------------------------------------------- */
/* compare the JIT's buffer a with the interpreter's b; print a line */
bool check_one(const char *name, const NpyArray *a, const NpyArray *b);
/* the same with the two engines named la and lb */
bool check_pair(const char *name, const NpyArray *a, const NpyArray *b, const char *la, const char *lb);
/* the second engine's arguments: *rargs the n args, each buffer (IARG_BUF)
 * pointing into a copy of its array in *refs; false after "out of memory"
 * (the caller calls check_copies_free either way) */
bool check_copies(int n, const IArg *args, const NpyArray *arrays, NpyArray **refs, IArg **rargs);
/* free what check_copies made (either may be NULL) */
void check_copies_free(int n, NpyArray *refs, IArg *rargs);

/* ---- run_ktir.c ------------------------------------------------------------ */
enum { KENG_DEFAULT, KENG_JIT, KENG_INTERP, KENG_CHECK };
typedef struct KtirRun {
    const char *fname, *src;
    size_t len;
    const char *function, *fn_name;
    int grid[3];
    bool have_grid;
    const char *via;             /* NULL, or --via's value */
    int engine;                  /* KENG_* */
    const char *unsupported;     /* an option given that KTIR runs do not take, or NULL */
    bool bench;
    int repeat;
    const Binding *args, *outs;
    int nargs, nouts;
    int threads;                 /* the JIT's --threads, --no-bounds-check, --dump-dir */
    bool no_bounds;
    const char *dump_dir;
    const char *memory, *memory_out;   /* --memory=FILE.npy|GENERATOR, --memory-out=FILE.npy */
    const Binding *lx, *lx_outs;       /* --lx N=FILE.npy|GENERATOR, --lx-out N=FILE.npy (name: the tile) */
    int nlx, nlx_outs;
} KtirRun;
/* the module has ktdp ops */
bool run_is_ktir(Op *module);
/* run the KTIR module m (or, with --via=ktir, lower the TTIR module m
 * first); returns the exit status */
int run_ktir(const KtirRun *k, Ctx *c, Op *m, Diag *d);

/* " (REASON)" for an op the C target did not translate, or "" (the text
 * lives until the next call on this thread) */
static inline const char *why_note(const Op *op) {
    static _Thread_local char b[300];
    const char *w = cgen_unsupported_why(op);
    if (!w) return "";
    snprintf(b, sizeof b, " (%s)", w);
    return b;
}

#endif
