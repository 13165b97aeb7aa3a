/* ttxform.h - the public C API of libttxform.
 *
 * A small, stable surface over ttxform's reader, pipelines and targets, for
 * programs that embed the compiler (the Python package binds it with
 * ctypes).  Every object is an opaque handle; nothing is process-wide but
 * the one-time registration of ttxform's dialects, passes and targets, done
 * on the first ttx_context_new.  A context and the modules loaded into it
 * may be used by one thread at a time (each call locks the context);
 * different contexts may be used on different threads at once.
 *
 * Errors are values: a call that fails returns NULL or TTX_ERROR and leaves
 * its diagnostics in the context (ttx_diag_count/ttx_diag_get, or all of them
 * as text with ttx_diag_format).  Locations are file:line:col.  A diagnostic
 * on an op of Triton IR that carries a Python location (`loc("k.py":12:8)`,
 * as Triton prints it) is reported at that Python location, with a note at
 * the TTIR line.
 *
 * Typical use:
 *
 *     ttx_context *cx = ttx_context_new();
 *     ttx_module *m = ttx_module_load(cx, text, len, "kernel.ttir");
 *     char *c = m ? ttx_module_compile(m, "c", NULL, NULL) : NULL;
 *     if (!c) { char *msg = ttx_diag_format(cx); fputs(msg, stderr); ttx_free(msg); }
 *     ttx_free(c);
 *     ttx_module_free(m);
 *     ttx_context_free(cx);
 */
#ifndef TTXFORM_H
#define TTXFORM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define TTX_API __attribute__((visibility("default")))
#else
#define TTX_API
#endif

/* the version of this interface: changes only when a declaration below does */
#define TTX_API_VERSION 1

enum { TTX_OK = 0, TTX_ERROR = 1 };

typedef struct ttx_context ttx_context;
typedef struct ttx_module ttx_module;

/* ---- the library ------------------------------------------------------ */
TTX_API const char *ttx_version(void);      /* "0.1.0": the project's version */
/* identifies this build: the version, the compiler's date and a hash of the
 * library's own code, so that a cache keyed on it never outlives a rebuild */
TTX_API const char *ttx_build_id(void);
TTX_API int ttx_api_version(void);          /* TTX_API_VERSION of the library */
TTX_API void ttx_free(void *p);             /* text returned by the calls below */

/* ---- contexts --------------------------------------------------------- */
TTX_API ttx_context *ttx_context_new(void);
/* frees the context and every module still loaded into it */
TTX_API void ttx_context_free(ttx_context *cx);

/* ---- modules ---------------------------------------------------------- */
/* Reads TTIR (or any MLIR text ttxform reads) and verifies it.  text[0..len)
 * need not end in a NUL; it is copied.  file names the text in diagnostics
 * (NULL: "<input>").  NULL on errors (in the context's diagnostics). */
TTX_API ttx_module *ttx_module_load(ttx_context *cx, const char *text, size_t len, const char *file);
TTX_API void ttx_module_free(ttx_module *m);
/* the name of the module's first public function (the kernel), or NULL;
 * valid while the module lives */
TTX_API const char *ttx_module_kernel_name(ttx_module *m);

/* Runs passes over the module, verifying after each: pipeline is
 * `builtin.module(a,b{opt=v})` or `a,b{opt=v}` (`ttxform --list-passes`). */
TTX_API int ttx_module_run_pipeline(ttx_module *m, const char *pipeline);
/* Runs the default pipeline of a target ("c", "rvv", "ktir"), after the
 * target's check of what it can lower.  options: NULL, or options as the
 * command line spells them, space separated: KTIR's ("grid=4,2
 * data-layout=host base-addresses=0,4096"), or for "c" and "rvv"
 * "smt-arch=k1|k3" (the SpacemiT core, as ttxform --smt-arch). */
TTX_API int ttx_module_run_target_pipeline(ttx_module *m, const char *target, const char *options);
/* The module as text in a target's form, after its pipeline has run: "c" and
 * "rvv" (C source), "ktir" (KTIR), "mlir" (the IR as it stands), and
 * "c-checked": the C with its failure hooks defined, for a shared object
 * that reports the first failure of its programs (a gather index out of
 * range, a float that does not fit its integer type, a false tt.assert, a
 * loop step <= 0) through `const char *ttx_failure(void)` (NULL when none;
 * "k.py:12:5: tt.assert: assertion failed at element [2]: msg in program
 * (0, 0, 0)", at the user's Python line) and `void ttx_failure_clear(void)`.  A malloc'd
 * NUL-terminated string (free with ttx_free), its length in *len if len is
 * not NULL; NULL on errors, with nothing half-written. */
TTX_API char *ttx_module_emit(ttx_module *m, const char *target, size_t *len);
/* ttx_module_run_target_pipeline then ttx_module_emit: the usual one call */
TTX_API char *ttx_module_compile(ttx_module *m, const char *target, const char *options, size_t *len);

/* ---- diagnostics ------------------------------------------------------ */
typedef enum { TTX_SEV_ERROR = 0, TTX_SEV_WARNING = 1, TTX_SEV_NOTE = 2, TTX_SEV_REMARK = 3 } ttx_severity;

typedef struct ttx_diag {
    ttx_severity severity;
    const char *file;       /* NULL when the location is unknown */
    int line, col;          /* 1-based; 0 when unknown */
    const char *message;
    const char *source_line;  /* the text of that line when ttxform has it, else NULL */
} ttx_diag;

/* the diagnostics of the calls since the last ttx_diag_clear, in order (a
 * note follows the error it belongs to); the pointers stay valid until the
 * next call on the context */
TTX_API int ttx_diag_count(ttx_context *cx);
TTX_API const ttx_diag *ttx_diag_get(ttx_context *cx, int i);
TTX_API int ttx_diag_error_count(ttx_context *cx);
TTX_API void ttx_diag_clear(ttx_context *cx);
/* every diagnostic as `file:line:col: error: message`, each followed by its
 * source line and a caret when known; malloc'd (ttx_free), "" when none */
TTX_API char *ttx_diag_format(ttx_context *cx);

/* ---- running a compiled kernel's grid on threads ---------------------- */
/* One argument of a kernel, as the C target's ABI takes it: pointers as p,
 * integer scalars (and i1) as i, floating-point scalars as f. */
typedef union ttx_arg { void *p; int64_t i; double f; } ttx_arg;
/* a program of a grid: the kernel called with args and its coordinates */
typedef void (*ttx_program_fn)(const ttx_arg *args, int32_t gx, int32_t gy, int32_t gz,
                               int32_t x, int32_t y, int32_t z);
typedef struct ttx_pool ttx_pool;
/* threads for ttx_pool_launch (0: one per CPU); their stacks are 64 MiB,
 * as kernels keep their tiles on the stack */
TTX_API ttx_pool *ttx_pool_new(int threads);
TTX_API void ttx_pool_free(ttx_pool *pool);
TTX_API int ttx_pool_threads(ttx_pool *pool);
/* runs fn for every (x, y, z) of the grid gx x gy x gz, spread over the
 * pool's threads, and returns once all have finished; TTX_ERROR for a
 * negative extent.  One launch at a time per pool (others wait); a
 * one-program grid is called on the calling thread at once (when its
 * stack has 4 MiB; else it goes as any grid). */
TTX_API int ttx_pool_launch(ttx_pool *pool, ttx_program_fn fn, const ttx_arg *args,
                            int32_t gx, int32_t gy, int32_t gz);

/* ---- riscv64 ----------------------------------------------------------- */
/* the C source of the riscv64 launcher of `ttxform run --target=riscv64-rvv`
 * (runtime/riscv/launcher.c: a main program that reads a directory's manifest
 * and buffers, runs a kernel's grid on threads through the stub
 * `void ttx_kernel(void *const *args, int gx, int gy, int gz, int px, int py,
 * int pz)` and writes the buffers back); static, NUL-terminated */
TTX_API const char *ttx_riscv_launcher_source(void);

#ifdef __cplusplus
}
#endif

#endif
