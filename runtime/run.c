/* run.c - the `ttxform run` subcommand (see run.h). */
#include "run.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "dialects.h"
#include "diag.h"
#include "interp.h"
#include "ir.h"
#include "parse.h"
#include "pass.h"
#include "print.h"
#include "riscv/riscv.h"
#include "run_impl.h"

/* ---- usage -------------------------------------------------------------- */

static const char *run_usage =
    "usage: ttxform run KERNEL.ttir --grid=X[,Y[,Z]] [--function=NAME] [ENGINE]\n"
    "                   --arg NAME=VALUE... [--output NAME=FILE.npy]...\n"
    "                   [--threads=N] [--trace=FILE.json] [--dump-dir=DIR]\n"
    "                   [--repeat=N] [--bench]\n"
    "       ttxform run KERNEL.ktir [--grid=X[,Y[,Z]]] --arg NAME=VALUE... [--output ...]\n"
    "       ttxform run KERNEL.ttir --via=ktir [--check] --grid=... --arg ... --output ...\n"
    "       ttxform run KERNEL.ttir --target=riscv64|riscv64-rvv [--vlen=128|256|512|1024]\n"
    "                   [--cache-dir=DIR] [--smt-ime=ref] [--check] --grid=... --arg ... --output ...\n"
    "\n"
    "Runs a kernel over a grid of programs on the CPU.  KERNEL '-' is stdin.\n"
    "\n"
    "options (each valued one as --opt=V or --opt V; all but --arg and --output\n"
    "at most once; two --output options may not name one buffer or one file):\n"
    "  --grid=X[,Y[,Z]]       the number of programs along x, y, z (Y, Z default to 1):\n"
    "                         X < 2^31, Y and Z < 65536 (Triton's launch limits),\n"
    "                         X*Y*Z at most 2^53\n"
    "  --function=NAME        the function to run (default: the first public one)\n"
    "  --arg NAME=VALUE       bind a kernel argument; NAME is its name in the TTIR\n"
    "                         without '%' (Triton writes arg0, arg1, ...), argN, or\n"
    "                         its position N.  Every argument must be bound.\n"
    "                         A scalar takes a number; a pointer takes FILE.npy or\n"
    "                         a generator:\n"
    "                           zeros:SHAPE[:DTYPE]   ones:SHAPE[:DTYPE]\n"
    "                           arange:N[:DTYPE]      randn:SHAPE[:DTYPE[:SEED]]\n"
    "                         SHAPE: dims joined by 'x' or ',' (4x8); DTYPE: the\n"
    "                         pointer's element type (float32 or f32, ...) by default\n"
    "  --output NAME=FILE.npy write the buffer bound to pointer argument NAME after\n"
    "                         the run, with the shape and dtype it was bound with\n"
    "                         (FILE '-' is an error: give /dev/stdout to pipe it)\n"
    "  --threads=N            run the programs on N threads (JIT and --check; an\n"
    "                         error with --interp; default: the\n"
    "                         number of CPUs, at most 64).  Where programs store\n"
    "                         to the same elements, which store lands is fixed\n"
    "                         only with --threads=1 (grid order, as --interp)\n"
    "  --trace=FILE.json      write a Chrome-trace profile (Perfetto, chrome://tracing):\n"
    "                         one event for the compile, one per launch and one per\n"
    "                         chunk of programs a thread ran.  Without --trace,\n"
    "                         $TTXFORM_TRACE=FILE.json does the same (as spine-triton's\n"
    "                         PROTON_OUTPUT with PROTON_KERNEL_CAPTURE=1); it is\n"
    "                         ignored with --target\n"
    "  --dump-dir=DIR         write DIR/00-input.mlir (the kernel as read) and\n"
    "                         DIR/01-NAME.c (the C the JIT compiled); DIR is created\n"
    "  --repeat=N             run the whole grid N times (default 1) on the same\n"
    "                         buffers, each run one launch (and one trace event);\n"
    "                         the outputs are those of the last launch\n"
    "  --bench                print the time of a launch on stderr: the best and the\n"
    "                         median over the --repeat launches (the compile, input\n"
    "                         generation and output are not included)\n"
    "  --no-bounds-check      JIT: do not check each access against the bound buffers\n"
    "                         (faster; an out-of-bounds access is then undefined)\n"
    "  --check-div-by-zero    report an integer division or remainder by zero\n"
    "                         (arith.divsi, divui, remsi, remui, floordivsi,\n"
    "                         ceildivsi, ceildivui) as an error at the op, naming\n"
    "                         the program and the element, on every engine (qemu:\n"
    "                         the program only), even in lanes a mask leaves out.\n"
    "                         Without it such a division gives RISC-V's result on\n"
    "                         every engine: x / 0 = -1 (all ones), x % 0 = x,\n"
    "                         INT_MIN / -1 = INT_MIN, INT_MIN % -1 = 0\n"
    "  --smt-arch=k1|k3       the SpacemiT core of the SMT ops, as the module's\n"
    "                         tt.arch_id (\"0xA03C\" K1, \"0xA064\" K3) says it and in its\n"
    "                         place: the micro-tile checks and, with --target, the\n"
    "                         micro-kernels of xsmt.mmt4d and of a plain tt.dot\n"
    "                         whose shapes fit the micro tile (docs/cpu.md)\n"
    "  --                     end of options: what follows is the kernel file\n"
    "  -h, --help             show this help\n"
    "\n"
    "engines:\n"
    "  --jit                  emit C (as --emit=c does), compile it in memory with\n"
    "                         libtcc and run the grid on a thread pool (the default).\n"
    "                         A kernel with an op the C target does not support runs\n"
    "                         on the interpreter instead, with a note\n"
    "  --interp               the reference interpreter of the SSA IR\n"
    "  --check                run both on copies of the inputs, report the largest\n"
    "                         difference of every output (without --output: of every\n"
    "                         buffer the interpreter stored to, and of any the two\n"
    "                         engines left different) on stdout, and fail unless they\n"
    "                         agree: integers exactly, floats within 4 ulp; the\n"
    "                         outputs written are the JIT's\n"
    "\n"
    "KTIR (a module with ktdp ops) runs on the JIT as TTIR does (--interp: the\n"
    "interpreter; --check: both, compared): each compute tile of the function's grid\n"
    "attribute (or --grid), tiles with inter-tile ops each on its own thread (in\n"
    "turn on the interpreter); an index argument that is a view's base address takes a buffer\n"
    "(FILE.npy or a generator of the view's element type), the others a number;\n"
    "accesses outside a view's coordinate_set are masked (loads read 0, stores\n"
    "are dropped), and ones in it but outside the bound buffer are errors.\n"
    "  --via=ktir             lower the TTIR kernel to KTIR in this process (the\n"
    "                         --emit=ktir pipeline with --grid) and run the KTIR;\n"
    "                         with --check the TTIR also runs on the interpreter\n"
    "                         and the outputs are compared as --check does\n"
    "  --memory=FILE.npy      the device memory of a KTIR kernel (any dtype; also a\n"
    "                         generator such as zeros:N:f32): element address a of a\n"
    "                         view of S-byte elements is its byte a * S.  For kernels\n"
    "                         whose base addresses are constants (--emit=ktir\n"
    "                         --base-addresses); a base-address argument then takes\n"
    "                         a number, an element address in it.  The programs run\n"
    "                         one after another in grid order (views may overlap)\n"
    "                         unless --threads is given; --check compares the memory\n"
    "  --memory-out=FILE.npy  write the memory after the run (shape and dtype as read)\n"
    "  --lx N=FILE.npy        the LX scratchpad of compute tile N (its linear id, x\n"
    "                         fastest), which ct_local (LX) views address: element\n"
    "                         address a of S-byte elements is its byte a * S (any\n"
    "                         dtype, at most 2 MiB; also a generator). Without it a\n"
    "                         tile's LX is 2 MiB of zeros. May repeat, once per tile.\n"
    "                         With LX views the programs run one after another in\n"
    "                         grid order unless --threads is given; --check\n"
    "                         compares every tile's LX\n"
    "  --lx-out N=FILE.npy    write tile N's LX after the run (shape and dtype as\n"
    "                         read; 2 MiB of uint8 without --lx N); may repeat\n"
    "\n"
    "RISC-V (clang-19, the riscv64 cross sysroot and qemu-riscv64 needed):\n"
    "  --target=riscv64       build the kernel's C with clang-19 -O2 -march=rv64gc\n"
    "                         (scalar) into a static riscv64 program and run it under\n"
    "                         qemu-riscv64, threads included; the buffers go there and\n"
    "                         back through a temporary directory, always removed\n"
    "  --target=riscv64-rvv   the same with the --emit=rvv C (RVV intrinsics) and\n"
    "                         -march=rv64gcv (rv64gcv_zvfh when the kernel uses f16)\n"
    "  --vlen=N               the vector length qemu emulates: 128, 256, 512 or 1024\n"
    "                         (default 256; 1024 for K3's IME instructions); tails\n"
    "                         and masked-off elements are all ones\n"
    "                         (rvv_ta_all_1s, rvv_ma_all_1s)\n"
    "  --cache-dir=DIR        keep built programs in DIR and reuse them (also\n"
    "                         $TTXFORM_CACHE_DIR); a program depends on the kernel\n"
    "                         and the target, not on the arguments or --vlen\n"
    "  --smt-ime=ref          riscv64-rvv: an xsmt.mmt4d (or a plain tt.dot) on the\n"
    "                         K3 f16 micro tile\n"
    "                         or an int8 IME tile (K1, K3) takes the IME (matrix\n"
    "                         unit) code path, with a C\n"
    "                         function of each IME instruction's semantics in place\n"
    "                         of the instruction, which qemu lacks (the C is built\n"
    "                         with TTX_SMT_HW and TTX_SMT_IME_REF defined); without\n"
    "                         it the RVV micro-kernel runs\n"
    "                         With --check the host interpreter runs first and the\n"
    "                         qemu run is compared with it.  Under qemu, bad loop\n"
    "                         steps (and, with --check-div-by-zero, division by\n"
    "                         zero) are reported at the op, but\n"
    "                         memory accesses are not checked: an out-of-bounds\n"
    "                         access is undefined there (--check's interpreter\n"
    "                         reports it at the op first)\n";

static void print_run_usage(FILE *f) {
    fputs(run_usage, f);
    fputs("\n.npy files: versions 1.0 and 2.0, little-endian, C order; dtypes bool, int8,\n"
          "uint8, int16, int32, int64, float16, float32, float64.\n"
          "Exit status: 0 on success, 1 on any error.\n", f);
}

int errorf(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("ttxform run: error: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return 1;
}

void note_thread_order(int nthreads, const int grid[3]) {
    if (nthreads <= 1 || (long long)grid[0] * grid[1] * grid[2] <= 1) return;
    if (interp_writes_overlap() == 0) return;   /* the interpreter saw no two programs write one element */
    fprintf(stderr,
            "ttxform run: note: the programs ran on %d threads: where two programs store to the same element, "
            "which store lands is not fixed; --threads=1 runs them one after another in grid order\n",
            nthreads);
}

static int usage_error(const char *fmt, const char *arg) {
    fputs("ttxform run: error: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\nTry 'ttxform run --help'.\n", stderr);
    return 1;
}

/* ---- binding ------------------------------------------------------------- */

enum { ENG_JIT = 1, ENG_INTERP, ENG_CHECK };

typedef struct RunOptsCli {
    const char *kernel, *function;
    int grid[3];
    int engine;              /* ENG_* */
    int threads;             /* 0: the number of CPUs */
    const char *trace, *dump_dir;
    bool no_bounds, bench;
    bool check_div;          /* --check-div-by-zero */
    int repeat;              /* 0: once */
    Binding *args, *outs;
    int nargs, nouts;
    RvArch target;           /* RV_NONE: the host */
    int vlen;                /* 0: not given */
    const char *cache_dir;
    bool have_grid;
    const char *via;         /* --via=ktir */
    const char *smt_arch;    /* --smt-arch=k1|k3, or NULL */
    bool ime_ref;            /* --smt-ime=ref */
    const char *memory, *memory_out;   /* KTIR: --memory, --memory-out */
    Binding *lx, *lx_outs;   /* KTIR: --lx N=FILE, --lx-out N=FILE */
    int nlx, nlx_outs;
} RunOptsCli;

static bool push_binding(Binding **v, int *n, const char *text) {
    const char *eq = strchr(text, '=');
    if (!eq || eq == text || !eq[1]) return false;
    Binding *nv = realloc(*v, sizeof **v * (size_t)(*n + 1));
    if (!nv) return false;
    *v = nv;
    char *name = strndup(text, (size_t)(eq - text));
    nv[*n] = (Binding){ name, eq + 1, -1 };
    (*n)++;
    return true;
}

static void free_cli(RunOptsCli *o) {
    for (int i = 0; i < o->nargs; i++) free((char *)o->args[i].name);
    for (int i = 0; i < o->nouts; i++) free((char *)o->outs[i].name);
    for (int i = 0; i < o->nlx; i++) free((char *)o->lx[i].name);
    for (int i = 0; i < o->nlx_outs; i++) free((char *)o->lx_outs[i].name);
    free(o->args);
    free(o->outs);
    free(o->lx);
    free(o->lx_outs);
}

/* Triton's (CUDA's) limits of a launch grid: x < 2^31, y and z < 65536.
 * Their product then fits in 63 bits; it is held to 2^53 so that the
 * launchers' task counts (programs times sub-blocks, at most 1024 each)
 * stay far from overflowing, and a run that big would never end anyway */
enum { GRID_X_MAX = 0x7fffffff, GRID_YZ_MAX = 65535 };
#define GRID_TOTAL_MAX (1LL << 53)

/* false with why set when s is not a grid */
static bool parse_grid(const char *s, int grid[3], char *why, size_t n_why) {
    int n = 0;
    const char *p = s;
    snprintf(why, n_why, "expected X[,Y[,Z]], each at least 1");
    for (;;) {
        if (n == 3) return false;
        size_t l = strcspn(p, ",");
        uint64_t v;
        if (!parse_u64(p, l, &v) || v < 1) return false;
        uint64_t lim = n == 0 ? GRID_X_MAX : GRID_YZ_MAX;
        if (v > lim) {
            snprintf(why, n_why, "%s is at most %" PRIu64 " programs, as Triton's launch limits say", n == 0 ? "X" : n == 1 ? "Y" : "Z", lim);
            return false;
        }
        grid[n++] = (int)v;
        if (!p[l]) break;
        p += l + 1;
    }
    for (; n < 3; n++) grid[n] = 1;
    long long total = (long long)grid[0] * grid[1] * grid[2];   /* < 2^63: no overflow */
    if (total > GRID_TOTAL_MAX) {
        snprintf(why, n_why, "%lld programs in all: at most 2^53 run", total);
        return false;
    }
    return true;
}

/* options: returns -1 to go on, else an exit status */
static int parse_cli(int argc, char **argv, RunOptsCli *o) {
    o->grid[0] = o->grid[1] = o->grid[2] = 1;
    bool have_grid = false;
    bool options = true;
    /* the valued options, by index: --arg (2) and --output (3) may repeat */
    static const char *const opts[] = { "grid", "function", "arg", "output", "threads", "trace", "dump-dir", "repeat",
                                        "target", "vlen", "cache-dir", "via", "smt-arch", "smt-ime", "memory", "memory-out",
                                        "lx", "lx-out" };
    enum { NOPTS = sizeof opts / sizeof *opts };
    const char *seen[NOPTS] = {0};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (options && !strcmp(a, "--")) { options = false; continue; }
        if (options && (!strcmp(a, "-h") || !strcmp(a, "--help"))) { print_run_usage(stdout); return 0; }
        if (!options || !strcmp(a, "-") || a[0] != '-') {
            if (o->kernel) return usage_error("more than one kernel file: '%s'", a);
            o->kernel = a;
            continue;
        }
        const char *n = a + (a[1] == '-' ? 2 : 1);
        const char *val = NULL;
        int which = -1;
        for (int k = 0; k < NOPTS; k++) {
            size_t l = strlen(opts[k]);
            if (!strncmp(n, opts[k], l) && (n[l] == 0 || n[l] == '=')) {
                which = k;
                if (n[l] == '=') val = n + l + 1;
                else if (i + 1 < argc) val = argv[++i];
                else return usage_error("option '%s' needs a value", a);
                break;
            }
        }
        /* --arg, --output, --lx and --lx-out repeat; the others are given once */
        if (which >= 0 && which != 2 && which != 3 && which != 16 && which != 17) {
            if (seen[which]) {
                fprintf(stderr, "ttxform run: error: option '%s' conflicts with '%s': it may be given only once\n", a, seen[which]);
                fprintf(stderr, "Try 'ttxform run --help'.\n");
                return 1;
            }
            seen[which] = a;
        }
        if (which == 0) {
            char why[160], msg[400];
            if (!parse_grid(val, o->grid, why, sizeof why)) {
                snprintf(msg, sizeof msg, "bad grid '%s' (%s)", val, why);
                return usage_error("%s", msg);
            }
            have_grid = true;
        } else if (which == 1) {
            if (!*val) return usage_error("option '%s' needs a function name", a);
            o->function = val[0] == '@' ? val + 1 : val;
        } else if (which == 2) {
            if (!push_binding(&o->args, &o->nargs, val)) return usage_error("bad --arg '%s' (expected NAME=VALUE)", val);
        } else if (which == 3) {
            if (!push_binding(&o->outs, &o->nouts, val)) return usage_error("bad --output '%s' (expected NAME=FILE.npy)", val);
            if (!strcmp(o->outs[o->nouts - 1].value, "-"))
                return usage_error("--output '%s' names no file: a .npy is binary and is not written to stdout "
                                   "(give a file name, such as /dev/stdout to pipe it)", val);
            const Binding *nb = &o->outs[o->nouts - 1];
            for (int k = 0; k < o->nouts - 1; k++) {
                if (!strcmp(o->outs[k].value, nb->value)) return usage_error("two --output options write the same file '%s'", nb->value);
                if (!strcmp(o->outs[k].name, nb->name)) return usage_error("two --output options name the same buffer '%s'", nb->name);
            }
        } else if (which == 4) {
            uint64_t t;
            if (!parse_u64(val, strlen(val), &t) || t < 1 || t > 1024)
                return usage_error("bad --threads '%s' (expected a number from 1 to 1024)", val);
            o->threads = (int)t;
        } else if (which == 5) {
            if (!*val) return usage_error("option '%s' needs a file name", a);
            o->trace = val;
        } else if (which == 6) {
            if (!*val) return usage_error("option '%s' needs a directory", a);
            o->dump_dir = val;
        } else if (which == 7) {
            uint64_t t;
            if (!parse_u64(val, strlen(val), &t) || t < 1 || t > 1000000)
                return usage_error("bad --repeat '%s' (expected a number from 1 to 1000000)", val);
            o->repeat = (int)t;
        } else if (which == 8) {
            if (!rv_parse_target(val, &o->target)) return usage_error("unknown target '%s' (expected riscv64 or riscv64-rvv)", val);
        } else if (which == 9) {
            if (!rv_parse_vlen(val, &o->vlen)) return usage_error("bad --vlen '%s' (expected 128, 256, 512 or 1024)", val);
        } else if (which == 10) {
            if (!*val) return usage_error("option '%s' needs a directory", a);
            o->cache_dir = val;
        } else if (which == 11) {
            o->via = val;
        } else if (which == 12) {
            if (strcmp(val, "k1") && strcmp(val, "k3")) return usage_error("bad --smt-arch '%s' (expected k1 or k3)", val);
            o->smt_arch = val;
        } else if (which == 13) {
            if (strcmp(val, "ref")) return usage_error("bad --smt-ime '%s' (expected ref)", val);
            o->ime_ref = true;
        } else if (which == 14 || which == 15) {
            if (!*val) return usage_error("option '%s' needs a file name", a);
            if (which == 14) o->memory = val;
            else o->memory_out = val;
        } else if (which == 16 || which == 17) {
            Binding **v = which == 16 ? &o->lx : &o->lx_outs;
            int *n = which == 16 ? &o->nlx : &o->nlx_outs;
            uint64_t core;
            const char *eq = strchr(val, '=');
            if (!eq || !parse_u64(val, (size_t)(eq - val), &core) || core > 0x7fffffff || !push_binding(v, n, val))
                return usage_error(which == 16 ? "bad --lx '%s' (expected N=FILE.npy, N a compute tile's linear id)"
                                               : "bad --lx-out '%s' (expected N=FILE.npy, N a compute tile's linear id)", val);
            for (int k = 0; k < *n - 1; k++)
                if (strtoull((*v)[k].name, NULL, 10) == core)
                    return usage_error(which == 16 ? "two --lx options give the LX of tile %s" : "two --lx-out options write the LX of tile %s", (*v)[k].name);
        } else if (!strcmp(n, "bench")) {
            o->bench = true;
        } else if (!strcmp(n, "no-bounds-check")) {
            o->no_bounds = true;
        } else if (!strcmp(n, "check-div-by-zero")) {
            o->check_div = true;
        } else {
            int e = !strcmp(n, "jit") ? ENG_JIT : !strcmp(n, "interp") ? ENG_INTERP : !strcmp(n, "check") ? ENG_CHECK : 0;
            if (!e) return usage_error("unknown option '%s'", a);
            if (o->engine && o->engine != e) return usage_error("more than one engine: '%s'", a);
            o->engine = e;
        }
    }
    if (!o->kernel) return usage_error("%s", "no kernel file given");
    o->have_grid = have_grid;   /* without it: a KTIR kernel has its grid (run_ktir.c); TTIR is an error */
    if (o->engine == ENG_INTERP && seen[4]) return usage_error("'%s' has no effect with --interp (the interpreter runs on one thread)", seen[4]);
    if (o->target) {
        if (o->engine == ENG_INTERP) return usage_error("%s", "--target runs the kernel under qemu-riscv64; --interp runs it on the host");
        if (o->trace || o->bench || o->repeat > 1)
            return usage_error("%s", "--trace, --bench and --repeat time the host engines; they do not apply to --target");
    }
    if (o->ime_ref && o->target != RV_RVV) return usage_error("%s", "--smt-ime=ref applies to --target=riscv64-rvv");
    if (o->memory_out && !o->memory) return usage_error("%s", "--memory-out writes the memory that --memory=FILE.npy gives; give both");
    if (!o->target && (o->vlen || o->cache_dir)) {
        return usage_error("%s", "--vlen and --cache-dir apply to --target=riscv64|riscv64-rvv");
    }
    /* as spine-triton's PROTON_OUTPUT=FILE.json with kernel capture: --trace wins */
    const char *env = getenv("TTXFORM_TRACE");
    if (!o->trace && !o->target && env && *env) o->trace = env;
    return -1;
}

static char *read_text(const char *path, size_t *len) {
    FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
    if (!f) return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    while (buf) {
        if (n == cap) {
            char *nb = realloc(buf, cap * 2 + 1);
            if (!nb) { free(buf); buf = NULL; errno = ENOMEM; break; }
            buf = nb;
            cap *= 2;
        }
        size_t r = fread(buf + n, 1, cap - n, f);
        n += r;
        if (r == 0) break;
    }
    if (buf && ferror(f)) { int e = errno; free(buf); buf = NULL; errno = e ? e : EIO; }
    if (f != stdin) { int e = errno; fclose(f); errno = e; }
    if (!buf) return NULL;
    buf[n] = 0;
    *len = n;
    return buf;
}

int run_main(int argc, char **argv) {
    RunOptsCli o;
    memset(&o, 0, sizeof o);
    int rc = parse_cli(argc, argv, &o);
    if (rc >= 0) { free_cli(&o); return rc; }
    rc = 1;
    interp_set_check_div(o.check_div);

    const char *fname = strcmp(o.kernel, "-") ? o.kernel : "<stdin>";
    size_t len = 0;
    char *src = read_text(o.kernel, &len);
    Ctx *c = NULL;
    Diag d;
    diag_init(&d, stderr);
    NpyArray *arrays = NULL;
    IArg *iargs = NULL;
    char (*names)[64] = NULL;
    int nk = 0;
    char err[1024];
    NpyArray *refs = NULL;
    IArg *rargs = NULL;
    Trace tr = { .t0 = now_us() };
    char *tracename = NULL;
    FILE *trf = NULL;
    double *jtimes = NULL, *itimes = NULL;   /* --bench: launch times (us) */
    if (o.trace && !(trf = fopen(o.trace, "w"))) { errorf("cannot write '%s': %s", o.trace, strerror(errno)); goto out; }
    if (!src) { errorf("cannot read '%s': %s", fname, strerror(errno)); goto out; }
    diag_set_source(&d, fname, src, len);
    c = ctx_new();
    Op *m = parse_module(c, fname, src, len, 1, &d);
    if (!m || d.nerrors) goto out;
    if (o.smt_arch) xsmt_set_core(c, m, o.smt_arch);
    if (!verify_module(c, m, &d) || d.nerrors) goto out;
    if (o.via || run_is_ktir(m)) {
        const char *unsup = o.target ? "--target" : o.trace ? "--trace" : NULL;
        KtirRun k = { fname, src, len, o.function, "?", { o.grid[0], o.grid[1], o.grid[2] }, o.have_grid, o.via,
                      o.engine == ENG_JIT ? KENG_JIT : o.engine == ENG_INTERP ? KENG_INTERP : o.engine == ENG_CHECK ? KENG_CHECK : KENG_DEFAULT,
                      unsup, o.bench, o.repeat, o.args, o.outs, o.nargs, o.nouts, o.threads, o.no_bounds, o.dump_dir,
                      o.memory, o.memory_out, o.lx, o.lx_outs, o.nlx, o.nlx_outs };
        Op *kf = interp_find_func(m, o.function);
        Attr *ks = kf ? op_attr(kf, "sym_name") : NULL;
        char kname[128];
        if (ks && ks->kind == A_STRING) { snprintf(kname, sizeof kname, "%.*s", (int)ks->str.len, ks->str.s); k.fn_name = kname; }
        rc = run_ktir(&k, c, m, &d);
        goto out;
    }
    if (o.memory || o.nlx || o.nlx_outs) {
        errorf("%s applies to KTIR (a module with ktdp ops); '%s' is TTIR: bind its pointers with --arg", o.memory ? "--memory" : o.nlx ? "--lx" : "--lx-out", fname);
        goto out;
    }
    if (!o.engine) o.engine = ENG_JIT;
    Op *func = interp_find_func(m, o.function);
    if (!func) {
        no_function_error(fname, m, o.function);
        goto out;
    }
    const char *fn_name = "?";
    Attr *sym = op_attr(func, "sym_name");
    char fnbuf[128];
    if (sym && sym->kind == A_STRING) { snprintf(fnbuf, sizeof fnbuf, "%.*s", (int)sym->str.len, sym->str.s); fn_name = fnbuf; }
    if (!func->nregions || !func->regions[0].first) { errorf("@%s has no body", fn_name); goto out; }
    if (!o.have_grid) {   /* no --grid: say how many axes the kernel reads */
        static const char *const spell[] = { "1", "X", "X,Y", "X,Y,Z" };
        int axes = kernel_grid_axes(func);
        snprintf(err, sizeof err, "missing --grid=X[,Y[,Z]]: @%s reads program ids on %d ax%s: give --grid=%s",
                 fn_name, axes, axes == 1 ? "is" : "es", spell[axes]);
        usage_error("%s", err);
        goto out;
    }
    Block *entry = func->regions[0].first;
    nk = entry->nargs;
    arrays = calloc((size_t)nk + 1, sizeof *arrays);
    iargs = calloc((size_t)nk + 1, sizeof *iargs);
    names = calloc((size_t)nk + 1, sizeof *names);
    if (!arrays || !iargs || !names) { errorf("out of memory"); goto out; }
    for (int i = 0; i < nk; i++) {
        source_name(entry->args[i], src, len, names[i], sizeof names[0]);
        if (!names[i][0]) snprintf(names[i], sizeof names[0], "arg%d", i);
    }

    /* NAME -> argument index: the TTIR name, then argN, then N */
    Binding *all[2] = { o.args, o.outs };
    int cnt[2] = { o.nargs, o.nouts };
    bool bad = false;
    for (int w = 0; w < 2; w++)
        for (int b = 0; b < cnt[w]; b++) {
            int idx = arg_index(all[w][b].name, names, nk);
            if (idx < 0) {
                no_argument_error(c, fn_name, entry, names, nk, all[w][b].name);
                bad = true;
                continue;
            }
            all[w][b].arg = idx;
            if (w == 0)
                for (int b2 = 0; b2 < b; b2++)
                    if (o.args[b2].arg == idx) { errorf("argument '%s' is bound twice (--arg %s and --arg %s)", names[idx], o.args[b2].name, o.args[b].name); bad = true; }
        }
    if (bad) goto out;

    /* bind every argument */
    int *bound = calloc((size_t)nk + 1, sizeof *bound);
    if (!bound) { errorf("out of memory"); goto out; }
    for (int b = 0; b < o.nargs; b++) bound[o.args[b].arg] = b + 1;
    for (int i = 0; i < nk; i++) {
        Type *t = entry->args[i]->type;
        char *ts = print_type_str(c, t);
        const char *nm = names[i];
        if (!bound[i]) {
            if (t && t->kind == T_PTR) errorf("argument '%s' (%s) is not bound; give --arg %s=FILE.npy or a generator such as %s=zeros:SHAPE", nm, ts, nm, nm);
            else errorf("argument '%s' (%s) is not bound; give --arg %s=NUMBER", nm, ts, nm);
            bad = true;
            free(ts);
            continue;
        }
        const char *val = o.args[bound[i] - 1].value;
        if (t && t->kind == T_PTR) {
            Type *pe = t->ptr.pointee;
            NpyType want;
            bool also_u8, ok = true;
            if (!pe || !dtype_for(pe, &want, &also_u8)) {
                errorf("argument '%s' is %s: its element type has no .npy dtype (supported: bool, int8, uint8, int16, "
                       "int32, int64, float16, float32, float64)", nm, ts);
                ok = false;
            } else if (!file_exists(val) && looks_like_generator(val)) {
                if (!run_generate(val, &want, &arrays[i], err, sizeof err)) { errorf("argument '%s': %s", nm, err); ok = false; }
            } else if (!npy_read(val, &arrays[i], err, sizeof err)) {
                errorf("argument '%s': cannot read '%s': %s", nm, val, err);
                ok = false;
            }
            if (ok && arrays[i].dtype != want && !(also_u8 && arrays[i].dtype == NPY_UINT8)) {
                errorf("argument '%s' is %s: '%s' holds %s, expected %s", nm, ts, val, npy_type_name(arrays[i].dtype), npy_type_name(want));
                ok = false;
            }
            if (ok) iargs[i] = iarg_buf(arrays[i].data, arrays[i].nbytes);
            else bad = true;
        } else if (t && (t->kind == T_INT || t->kind == T_INDEX || t->kind == T_FLOAT)) {
            if (!parse_scalar(val, t, &iargs[i], err, sizeof err)) {
                errorf("argument '%s' is a scalar %s: %s", nm, ts, err);
                bad = true;
            }
        } else {
            errorf("argument '%s' has type %s, which 'run' cannot bind", nm, ts);
            bad = true;
        }
        free(ts);
    }
    free(bound);
    for (int b = 0; b < o.nouts; b++) {
        int i = o.outs[b].arg;
        Type *t = entry->args[i]->type;
        if (!t || t->kind != T_PTR) {
            char *ts = print_type_str(c, t);
            errorf("--output %s: argument '%s' is %s, not a pointer", o.outs[b].name, names[i], ts);
            free(ts);
            bad = true;
        }
    }
    if (bad) goto out;

    /* --dump-dir: the kernel as read */
    if (o.dump_dir && !dump_input(o.dump_dir, c, m)) goto out;

    /* --check: the interpreter runs on copies of the buffers */
    if (o.engine == ENG_CHECK) {
        if (!check_copies(nk, iargs, arrays, &refs, &rargs)) goto out;
        interp_track_writes(true);   /* a disagreement blames the threads only where programs overlap */
    }
    bool use_interp = o.engine == ENG_INTERP || o.engine == ENG_CHECK;
    const char *engine_name = o.engine == ENG_INTERP ? "interp" : o.engine == ENG_CHECK ? "check" : "jit";
    int nthreads = 1;
    int nrep = o.repeat > 0 ? o.repeat : 1;
    if (o.bench) {
        jtimes = calloc((size_t)nrep, sizeof *jtimes);
        itimes = calloc((size_t)nrep, sizeof *itimes);
        if (!jtimes || !itimes) { errorf("out of memory"); goto out; }
    }
    if (o.target) {
        RvOpts ro = { .arch = o.target, .vlen = o.vlen, .threads = o.threads, .dump_dir = o.dump_dir,
                      .cache_dir = o.cache_dir, .nthreads_out = &nthreads, .ime_ref = o.ime_ref };
        Op *unsup = NULL;
        /* --check: the interpreter first, which reports an out-of-bounds
         * access at the op before the unchecked run under qemu; but a kernel
         * the C target cannot translate is refused before it runs */
        int rr = o.engine == ENG_CHECK ? rv_translates(c, m, func, &ro, &unsup, &d) : 0;
        if (rr == 0 && o.engine == ENG_CHECK && (interp_run(c, func, nk, rargs, o.grid, &d) != 0 || d.nerrors)) goto out;
        if (rr == 0) rr = rv_run(c, m, func, nk, iargs, o.grid, &ro, &unsup, &d);
        if (rr == 1) {
            diag_error(&d, unsup->loc, "the C target does not support '%s'%s, so the kernel cannot run under qemu-riscv64",
                       op_name(unsup), why_note(unsup));
            goto out;
        }
        if (rr != 0 || d.nerrors) goto out;
        use_interp = false;
        engine_name = "riscv";
    } else if (o.engine != ENG_INTERP) {
        JitOpts jo = { o.threads, o.no_bounds, o.dump_dir, trf ? &tr : NULL, &nthreads, nrep, jtimes, false, NULL, 0, NULL, 0 };
        Op *unsup = NULL;
        int jr = jit_run(c, m, func, nk, iargs, o.grid, &jo, &unsup, &d);
        if (jr == 1 && o.engine == ENG_CHECK) {
            diag_error(&d, unsup->loc, "the C target does not support '%s'%s, so --check cannot compare the engines", op_name(unsup), why_note(unsup));
            goto out;
        }
        if (jr == 1) {
            diag_emit(&d, SEV_NOTE, unsup->loc, "the C target does not support '%s'%s; running the kernel on the interpreter",
                      op_name(unsup), why_note(unsup));
            use_interp = true;
            engine_name = "interp";
            rargs = NULL;
        } else if (jr != 0 || d.nerrors) goto out;
    }
    if (use_interp) {
        char ename[300];
        snprintf(ename, sizeof ename, "%s[%d,%d,%d] (interpreter)", fn_name, o.grid[0], o.grid[1], o.grid[2]);
        if (trf && !(tracename = strdup(ename))) { errorf("out of memory"); goto out; }
        for (int rep = 0; rep < nrep; rep++) {
            double t0 = now_us();
            int ir = interp_run(c, func, nk, rargs ? rargs : iargs, o.grid, &d);
            double t1 = now_us();
            if (ir != 0 || d.nerrors) goto out;
            if (itimes) itimes[rep] = t1 - t0;
            if (tracename) ev_add(&tr, tracename, "kernel", t0, t1, 0, 0, 0);
        }
    }
    if (o.bench) {
        char gname[300];
        snprintf(gname, sizeof gname, "%s[%d,%d,%d]", fn_name, o.grid[0], o.grid[1], o.grid[2]);
        if (o.engine != ENG_INTERP && !(use_interp && o.engine != ENG_CHECK)) bench_print(gname, "jit", nthreads, jtimes, nrep);
        if (use_interp) bench_print(gname, "interp", 1, itimes, nrep);
    }

    if (o.engine == ENG_CHECK) {
        bool agree = true;
        for (int i = 0; i < nk; i++) {
            bool want = false;
            for (int b = 0; b < o.nouts; b++) want |= o.outs[b].arg == i;
            if (iargs[i].kind != IARG_BUF || (o.nouts && !want)) continue;
            /* without --output: the buffers the interpreter stored to, and
             * any the two engines left different */
            if (!o.nouts && interp_wrote_arg(i) == 0 && arrays[i].nbytes == refs[i].nbytes &&
                !memcmp(arrays[i].data, refs[i].data, arrays[i].nbytes))
                continue;
            agree &= check_one(names[i], &arrays[i], &refs[i]);
        }
        fflush(stdout);
        if (!agree) {
            errorf("the JIT and the interpreter disagree (see above)");
            note_thread_order(nthreads, o.grid);
            goto out;
        }
    }

    rc = 0;
    if (trf) {
        bool tok = trace_write(trf, &tr, engine_name, nthreads, o.grid);
        tok = fclose(trf) == 0 && tok;
        trf = NULL;
        if (!tok) { errorf("cannot write '%s': %s", o.trace, strerror(errno)); rc = 1; }
    }
    for (int b = 0; b < o.nouts && rc == 0; b++) {
        int i = o.outs[b].arg;
        if (!npy_write(o.outs[b].value, &arrays[i], err, sizeof err)) {
            errorf("cannot write '%s': %s", o.outs[b].value, err);
            rc = 1;
        }
    }

out:
    if (trf) { fclose(trf); unlink(o.trace); }
    free(tr.ev);
    for (int i = 0; i < tr.names.n; i++) free(tr.names.v[i]);
    pv_free(&tr.names);
    free(tracename);
    free(jtimes);
    free(itimes);
    check_copies_free(nk, refs, rargs);
    for (int i = 0; arrays && i < nk; i++) npy_free(&arrays[i]);
    free(arrays);
    free(iargs);
    free(names);
    diag_free(&d);
    if (c) ctx_free(c);
    free(src);
    free_cli(&o);
    return rc;
}
