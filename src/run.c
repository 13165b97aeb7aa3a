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

#include "../targets/c/c.h"
#include "diag.h"
#include "interp.h"
#include "ir.h"
#include "jit.h"
#include "parse.h"
#include "pass.h"
#include "print.h"
#include "riscv.h"

/* ---- usage -------------------------------------------------------------- */

static const char *run_usage =
    "usage: ttxform run KERNEL.ttir --grid=X[,Y[,Z]] [--function=NAME] [ENGINE]\n"
    "                   --arg NAME=VALUE... [--output NAME=FILE.npy]...\n"
    "                   [--threads=N] [--trace=FILE.json] [--dump-dir=DIR]\n"
    "                   [--repeat=N] [--bench]\n"
    "       ttxform run KERNEL.ttir --target=riscv64|riscv64-rvv [--vlen=128|256|512]\n"
    "                   [--cache-dir=DIR] [--check] --grid=... --arg ... --output ...\n"
    "\n"
    "Runs a kernel over a grid of programs on the CPU.  KERNEL '-' is stdin.\n"
    "\n"
    "options:\n"
    "  --grid=X[,Y[,Z]]       the number of programs along x, y, z (Y, Z default to 1)\n"
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
    "  --threads=N            run the programs on N threads (JIT; default: the\n"
    "                         number of CPUs, at most 64)\n"
    "  --trace=FILE.json      write a Chrome-trace profile (Perfetto, chrome://tracing):\n"
    "                         one event for the compile, one per launch and one per\n"
    "                         chunk of programs a thread ran\n"
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
    "  -h, --help             show this help\n"
    "\n"
    "engines:\n"
    "  --jit                  emit C (as --emit=c does), compile it in memory with\n"
    "                         libtcc and run the grid on a thread pool (the default).\n"
    "                         A kernel with an op the C target does not support runs\n"
    "                         on the interpreter instead, with a note\n"
    "  --interp               the reference interpreter of the SSA IR\n"
    "  --check                run both on copies of the inputs, report the largest\n"
    "                         difference of every output (every pointer argument when\n"
    "                         no --output is given) on stdout, and fail unless they\n"
    "                         agree: integers exactly, floats within 4 ulp; the\n"
    "                         outputs written are the JIT's\n"
    "\n"
    "RISC-V (clang-19, the riscv64 cross sysroot and qemu-riscv64 needed):\n"
    "  --target=riscv64       build the kernel's C with clang-19 -O2 -march=rv64gc\n"
    "                         (scalar) into a static riscv64 program and run it under\n"
    "                         qemu-riscv64, threads included; the buffers go there and\n"
    "                         back through a temporary directory, always removed\n"
    "  --target=riscv64-rvv   the same with -march=rv64gcv (rv64gcv_zvfh when the\n"
    "                         kernel uses f16): clang's vectoriser emits RVV 1.0\n"
    "  --vlen=128|256|512     the vector length qemu emulates (default 256); tails\n"
    "                         and masked-off elements are all ones\n"
    "                         (rvv_ta_all_1s, rvv_ma_all_1s)\n"
    "  --cache-dir=DIR        keep built programs in DIR and reuse them (also\n"
    "                         $TTXFORM_CACHE_DIR); a program depends on the kernel\n"
    "                         and the target, not on the arguments or --vlen\n"
    "                         With --check the host interpreter runs first and the\n"
    "                         qemu run is compared with it.  Under qemu, division by\n"
    "                         zero and bad loop steps are reported at the op, but\n"
    "                         memory accesses are not checked: an out-of-bounds\n"
    "                         access is undefined there (--check's interpreter\n"
    "                         reports it at the op first)\n";

static void print_run_usage(FILE *f) {
    fputs(run_usage, f);
    fputs("\n.npy files: versions 1.0 and 2.0, little-endian, C order; dtypes bool, int8,\n"
          "uint8, int16, int32, int64, float16, float32, float64.\n"
          "Exit status: 0 on success, 1 on any error.\n", f);
}

static int errorf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int errorf(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("ttxform run: error: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return 1;
}

static int usage_error(const char *fmt, const char *arg) {
    fputs("ttxform run: error: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\nTry 'ttxform run --help'.\n", stderr);
    return 1;
}

/* ---- generators ---------------------------------------------------------- */

static bool gerr(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static bool gerr(char *err, size_t errlen, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    if (errlen) vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return false;
}

static bool is_float_type(NpyType t) { return t == NPY_FLOAT16 || t == NPY_FLOAT32 || t == NPY_FLOAT64; }

/* element i of a as v (rounded to nearest even for floats; integers exact) */
static void put(NpyArray *a, size_t i, double v) {
    unsigned char *p = (unsigned char *)a->data + i * npy_type_size(a->dtype);
    switch (a->dtype) {
    case NPY_BOOL: *p = v != 0; break;
    case NPY_INT8: { int8_t x = (int8_t)v; memcpy(p, &x, 1); break; }
    case NPY_UINT8: *p = (uint8_t)v; break;
    case NPY_INT16: { int16_t x = (int16_t)v; memcpy(p, &x, 2); break; }
    case NPY_INT32: { int32_t x = (int32_t)v; memcpy(p, &x, 4); break; }
    case NPY_INT64: { int64_t x = (int64_t)v; memcpy(p, &x, 8); break; }
    case NPY_FLOAT16: { uint16_t x = npy_f16_from_double(v); memcpy(p, &x, 2); break; }
    case NPY_FLOAT32: { float x = (float)v; memcpy(p, &x, 4); break; }
    case NPY_FLOAT64: memcpy(p, &v, 8); break;
    default: break;
    }
}

static uint64_t splitmix64(uint64_t x) {
    uint64_t z = x + 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static uint64_t xorshift64s(uint64_t *s) {
    uint64_t x = *s;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *s = x;
    return x * 0x2545F4914F6CDD1Dull;
}
static double unit_open0(uint64_t r) { return (double)((r >> 11) + 1) * 0x1p-53; }

/* a decimal number that is all of s[0..n); false if not */
static bool parse_u64(const char *s, size_t n, uint64_t *out) {
    if (!n || n > 20) return false;
    uint64_t v = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9') return false;
        unsigned d = (unsigned)(s[i] - '0');
        if (v > (UINT64_MAX - d) / 10) return false;
        v = v * 10 + d;
    }
    *out = v;
    return true;
}

static bool parse_shape(const char *s, size_t n, int *ndim, int64_t *shape, char *err, size_t errlen) {
    *ndim = 0;
    if (!n) return gerr(err, errlen, "empty shape");
    size_t i = 0;
    while (i <= n) {
        size_t j = i;
        while (j < n && s[j] != 'x' && s[j] != ',') j++;
        uint64_t v;
        if (!parse_u64(s + i, j - i, &v) || v > ((uint64_t)1 << 40))
            return gerr(err, errlen, "bad shape '%.*s' (expected dims joined by 'x' or ',', such as 4x8)", (int)n, s);
        if (*ndim == NPY_MAXDIM) return gerr(err, errlen, "at most %d dimensions are supported", NPY_MAXDIM);
        shape[(*ndim)++] = (int64_t)v;
        i = j + 1;
    }
    if (npy_numel(*ndim, shape) < 0 || npy_numel(*ndim, shape) > ((int64_t)1 << 40))
        return gerr(err, errlen, "shape '%.*s' is too large", (int)n, s);
    return true;
}

bool run_generate(const char *spec, const NpyType *dflt, NpyArray *a, char *err, size_t errlen) {
    memset(a, 0, sizeof *a);
    /* split at ':' */
    const char *part[5];
    size_t plen[5];
    int np = 0;
    for (const char *p = spec;;) {
        const char *c = strchr(p, ':');
        if (np == 5) return gerr(err, errlen, "too many ':' fields in '%s'", spec);
        part[np] = p;
        plen[np++] = c ? (size_t)(c - p) : strlen(p);
        if (!c) break;
        p = c + 1;
    }
    enum { G_ZEROS, G_ONES, G_ARANGE, G_RANDN } g;
    int maxp;
    const char *form;
#define IS(s) (plen[0] == strlen(s) && !memcmp(part[0], s, plen[0]))
    if (IS("zeros")) { g = G_ZEROS; maxp = 3; form = "zeros:SHAPE[:DTYPE]"; }
    else if (IS("ones")) { g = G_ONES; maxp = 3; form = "ones:SHAPE[:DTYPE]"; }
    else if (IS("arange")) { g = G_ARANGE; maxp = 3; form = "arange:N[:DTYPE]"; }
    else if (IS("randn")) { g = G_RANDN; maxp = 4; form = "randn:SHAPE[:DTYPE[:SEED]]"; }
    else return gerr(err, errlen, "unknown generator '%.*s' in '%s' (expected zeros, ones, arange or randn)", (int)plen[0], part[0], spec);
#undef IS
    if (np < 2 || np > maxp) return gerr(err, errlen, "bad generator '%s' (expected %s)", spec, form);
    int ndim;
    int64_t shape[NPY_MAXDIM];
    if (g == G_ARANGE) {
        uint64_t v;
        if (!parse_u64(part[1], plen[1], &v) || v > ((uint64_t)1 << 40))
            return gerr(err, errlen, "bad count '%.*s' in '%s' (expected %s)", (int)plen[1], part[1], spec, form);
        ndim = 1;
        shape[0] = (int64_t)v;
    } else {
        char e2[256];
        if (!parse_shape(part[1], plen[1], &ndim, shape, e2, sizeof e2)) return gerr(err, errlen, "%s in '%s'", e2, spec);
    }
    NpyType t;
    if (np >= 3 && plen[2]) {
        char name[32];
        if (plen[2] >= sizeof name) return gerr(err, errlen, "unknown dtype '%.*s' in '%s'", (int)plen[2], part[2], spec);
        memcpy(name, part[2], plen[2]);
        name[plen[2]] = 0;
        if (!npy_type_parse(name, &t))
            return gerr(err, errlen, "unknown dtype '%s' in '%s' (expected bool, int8, uint8, int16, int32, int64, "
                        "float16, float32 or float64)", name, spec);
    } else if (dflt) {
        t = *dflt;
    } else {
        return gerr(err, errlen, "'%s' needs a dtype", spec);
    }
    uint64_t seed = 0;
    if (np == 4 && !parse_u64(part[3], plen[3], &seed))
        return gerr(err, errlen, "bad seed '%.*s' in '%s' (expected a non-negative integer)", (int)plen[3], part[3], spec);
    if (g == G_RANDN && !is_float_type(t)) return gerr(err, errlen, "randn needs a float dtype, not %s", npy_type_name(t));
    if (g == G_ARANGE && t == NPY_BOOL) return gerr(err, errlen, "arange needs a numeric dtype, not bool");
    if (!npy_alloc(a, t, ndim, shape, err, errlen)) return false;
    size_t n = (size_t)npy_numel(ndim, shape);
    if (g == G_ONES) {
        for (size_t i = 0; i < n; i++) put(a, i, 1.0);
    } else if (g == G_ARANGE) {
        for (size_t i = 0; i < n; i++) put(a, i, (double)i);
    } else if (g == G_RANDN) {
        uint64_t s = splitmix64(seed);
        if (!s) s = 0x9E3779B97F4A7C15ull;
        for (size_t i = 0; i < n; i += 2) {
            double u1 = unit_open0(xorshift64s(&s)), u2 = unit_open0(xorshift64s(&s));
            double r = sqrt(-2.0 * log(u1)), th = 2.0 * M_PI * u2;
            put(a, i, r * cos(th));
            if (i + 1 < n) put(a, i + 1, r * sin(th));
        }
    }
    return true;
}

/* ---- binding ------------------------------------------------------------- */

typedef struct Binding { const char *name, *value; int arg; } Binding;

enum { ENG_JIT = 1, ENG_INTERP, ENG_CHECK };

typedef struct RunOptsCli {
    const char *kernel, *function;
    int grid[3];
    int engine;              /* ENG_* */
    int threads;             /* 0: the number of CPUs */
    const char *trace, *dump_dir;
    bool no_bounds, bench;
    int repeat;              /* 0: once */
    Binding *args, *outs;
    int nargs, nouts;
    RvArch target;           /* RV_NONE: the host */
    int vlen;                /* 0: not given */
    const char *cache_dir;
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
    free(o->args);
    free(o->outs);
}

static bool parse_grid(const char *s, int grid[3]) {
    int n = 0;
    const char *p = s;
    for (;;) {
        if (n == 3) return false;
        size_t l = strcspn(p, ",x");
        uint64_t v;
        if (!parse_u64(p, l, &v) || v < 1 || v > 0x7fffffff) return false;
        grid[n++] = (int)v;
        if (!p[l]) break;
        p += l + 1;
    }
    for (; n < 3; n++) grid[n] = 1;
    return true;
}

/* options: returns -1 to go on, else an exit status */
static int parse_cli(int argc, char **argv, RunOptsCli *o) {
    o->grid[0] = o->grid[1] = o->grid[2] = 1;
    bool have_grid = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) { print_run_usage(stdout); return 0; }
        if (!strcmp(a, "-") || a[0] != '-') {
            if (o->kernel) return usage_error("more than one kernel file: '%s'", a);
            o->kernel = a;
            continue;
        }
        const char *n = a + (a[1] == '-' ? 2 : 1);
        const char *val = NULL;
        const char *opts[] = { "grid", "function", "arg", "output", "threads", "trace", "dump-dir", "repeat",
                               "target", "vlen", "cache-dir" };
        int which = -1;
        for (int k = 0; k < 11; k++) {
            size_t l = strlen(opts[k]);
            if (!strncmp(n, opts[k], l) && (n[l] == 0 || n[l] == '=')) {
                which = k;
                if (n[l] == '=') val = n + l + 1;
                else if (i + 1 < argc) val = argv[++i];
                else return usage_error("option '%s' needs a value", a);
                break;
            }
        }
        if (which == 0) {
            if (!parse_grid(val, o->grid)) return usage_error("bad grid '%s' (expected X[,Y[,Z]], each at least 1)", val);
            have_grid = true;
        } else if (which == 1) {
            if (!*val) return usage_error("option '%s' needs a function name", a);
            o->function = val[0] == '@' ? val + 1 : val;
        } else if (which == 2) {
            if (!push_binding(&o->args, &o->nargs, val)) return usage_error("bad --arg '%s' (expected NAME=VALUE)", val);
        } else if (which == 3) {
            if (!push_binding(&o->outs, &o->nouts, val)) return usage_error("bad --output '%s' (expected NAME=FILE.npy)", val);
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
            if (!rv_parse_vlen(val, &o->vlen)) return usage_error("bad --vlen '%s' (expected 128, 256 or 512)", val);
        } else if (which == 10) {
            if (!*val) return usage_error("option '%s' needs a directory", a);
            o->cache_dir = val;
        } else if (!strcmp(n, "bench")) {
            o->bench = true;
        } else if (!strcmp(n, "no-bounds-check")) {
            o->no_bounds = true;
        } else {
            int e = !strcmp(n, "jit") ? ENG_JIT : !strcmp(n, "interp") ? ENG_INTERP : !strcmp(n, "check") ? ENG_CHECK : 0;
            if (!e) return usage_error("unknown option '%s'", a);
            if (o->engine && o->engine != e) return usage_error("more than one engine: '%s'", a);
            o->engine = e;
        }
    }
    if (!o->kernel) return usage_error("%s", "no kernel file given");
    if (!have_grid) return usage_error("%s", "missing --grid=X[,Y[,Z]]");
    if (!o->engine) o->engine = ENG_JIT;
    if (o->target) {
        if (o->engine == ENG_INTERP) return usage_error("%s", "--target runs the kernel under qemu-riscv64; --interp runs it on the host");
        if (o->trace || o->bench || o->repeat > 1)
            return usage_error("%s", "--trace, --bench and --repeat time the host engines; they do not apply to --target");
    } else if (o->vlen || o->cache_dir) {
        return usage_error("%s", "--vlen and --cache-dir apply to --target=riscv64|riscv64-rvv");
    }
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

/* the name the TTIR text gives argument v (the identifier after '%' at its
 * location), into out; "" when the text is not at hand */
static void source_name(const Value *v, const char *src, size_t len, char *out, size_t n) {
    out[0] = 0;
    if (v->loc.line <= 0 || v->loc.col <= 0) return;
    const char *p = src, *e = src + len;
    for (int l = 1; l < v->loc.line && p < e; l++) {
        const char *nl = memchr(p, '\n', (size_t)(e - p));
        if (!nl) return;
        p = nl + 1;
    }
    if ((size_t)(e - p) < (size_t)v->loc.col) return;
    p += v->loc.col - 1;
    if (*p != '%') return;
    p++;
    size_t k = 0;
    while (p < e && (isalnum((unsigned char)*p) || *p == '_' || *p == '$' || *p == '.' || *p == '-') && k + 1 < n) out[k++] = *p++;
    out[k] = 0;
}

/* the .npy dtype holding pointee type t, or false with why in err */
static bool dtype_for(const Type *t, NpyType *out, bool *also_u8) {
    *also_u8 = false;
    if (t->kind == T_FLOAT) {
        if (!strcmp(t->f.name, "f16")) *out = NPY_FLOAT16;
        else if (!strcmp(t->f.name, "f32")) *out = NPY_FLOAT32;
        else if (!strcmp(t->f.name, "f64")) *out = NPY_FLOAT64;
        else return false;
        return true;
    }
    if (t->kind == T_INDEX) { *out = NPY_INT64; return true; }
    if (t->kind != T_INT) return false;
    int w = t->i.width, s = t->i.sign;
    if (w == 1) *out = NPY_BOOL;
    else if (w == 8) { *out = s == UNSIGNED ? NPY_UINT8 : NPY_INT8; *also_u8 = s == SIGNLESS; }
    else if (s == UNSIGNED) return false;
    else if (w == 16) *out = NPY_INT16;
    else if (w == 32) *out = NPY_INT32;
    else if (w == 64) *out = NPY_INT64;
    else return false;
    return true;
}

/* a number for a scalar argument of type t */
static bool parse_scalar(const char *s, const Type *t, IArg *a, char *err, size_t errlen) {
    if (t->kind == T_FLOAT) {
        char *end;
        errno = 0;
        double v = strtod(s, &end);
        if (end == s || *end || isspace((unsigned char)*s)) return gerr(err, errlen, "expected a number, not '%s'", s);
        *a = iarg_float(v);
        return true;
    }
    int w = t->kind == T_INDEX ? 64 : t->i.width;
    int sign = t->kind == T_INDEX ? SIGNED : t->i.sign;
    if (w == 1 && (!strcmp(s, "true") || !strcmp(s, "false"))) { *a = iarg_int(s[0] == 't'); return true; }
    bool neg = s[0] == '-';
    const char *d = s + (neg || s[0] == '+');
    int base = (d[0] == '0' && (d[1] == 'x' || d[1] == 'X')) ? 16 : 10;
    if (base == 16) d += 2;
    if (!isxdigit((unsigned char)d[0]) || (base == 10 && !isdigit((unsigned char)d[0])))
        return gerr(err, errlen, "expected an integer, not '%s'", s);
    char *end;
    errno = 0;
    unsigned long long m = strtoull(d, &end, base);
    if (*end) return gerr(err, errlen, "expected an integer, not '%s'", s);
    /* the range: [-2^(w-1), 2^w - 1] for signless, the usual ones otherwise */
    unsigned long long umax = w >= 64 ? UINT64_MAX : ((1ull << w) - 1);
    unsigned long long smax = w >= 64 ? (unsigned long long)INT64_MAX : ((1ull << (w - 1)) - 1);
    bool ok = errno != ERANGE;
    if (neg) ok = ok && sign != UNSIGNED && m <= smax + 1;
    else ok = ok && m <= (sign == SIGNED ? smax : umax);
    if (!ok) return gerr(err, errlen, "%s is out of range", s);
    int64_t v = neg ? (int64_t)(0 - m) : (int64_t)m;
    *a = iarg_int(v);
    return true;
}

static bool file_exists(const char *p) { return access(p, F_OK) == 0; }

static bool looks_like_generator(const char *v) {
    const char *c = strchr(v, ':');
    if (!c || c == v) return false;
    for (const char *p = v; p < c; p++)
        if (!isalpha((unsigned char)*p)) return false;
    return true;
}

/* ---- the JIT engine ------------------------------------------------------ */

static double now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

/* a Chrome-trace event */
typedef struct Ev { const char *name, *cat; double ts, dur; int tid; int64_t first, end; } Ev;
typedef struct Trace { Ev *ev; int n, cap; double t0; PtrVec names; } Trace;

static void ev_add(Trace *t, const char *name, const char *cat, double t0, double t1, int tid, int64_t first, int64_t end) {
    if (!t) return;
    if (t->n == t->cap) {
        int nc = t->cap ? t->cap * 2 : 64;
        Ev *ne = realloc(t->ev, sizeof *ne * (size_t)nc);
        if (!ne) return;
        t->ev = ne;
        t->cap = nc;
    }
    t->ev[t->n++] = (Ev){ name, cat, t0, t1 - t0, tid, first, end };
}

static void json_str(FILE *f, const char *s) {
    fputc('"', f);
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\') fprintf(f, "\\%c", ch);
        else if (ch < 0x20) fprintf(f, "\\u%04x", ch);
        else fputc(ch, f);
    }
    fputc('"', f);
}

static bool trace_write(FILE *f, const Trace *t, const char *engine, int nthreads, const int grid[3]) {
    fputs("{\"traceEvents\": [\n", f);
    fprintf(f, "  {\"name\": \"process_name\", \"ph\": \"M\", \"pid\": 1, \"tid\": 0, \"args\": {\"name\": \"ttxform run\"}},\n");
    fprintf(f, "  {\"name\": \"thread_name\", \"ph\": \"M\", \"pid\": 1, \"tid\": 0, \"args\": {\"name\": \"host\"}}");
    for (int i = 1; i <= nthreads; i++)
        fprintf(f, ",\n  {\"name\": \"thread_name\", \"ph\": \"M\", \"pid\": 1, \"tid\": %d, \"args\": {\"name\": \"worker %d\"}}", i, i);
    for (int i = 0; i < t->n; i++) {
        const Ev *e = &t->ev[i];
        fputs(",\n  {\"name\": ", f);
        json_str(f, e->name);
        fprintf(f, ", \"cat\": \"%s\", \"ph\": \"X\", \"ts\": %.3f, \"dur\": %.3f, \"pid\": 1, \"tid\": %d", e->cat,
                e->ts - t->t0, e->dur, e->tid);
        if (e->end > e->first) fprintf(f, ", \"args\": {\"first\": %" PRId64 ", \"end\": %" PRId64 "}", e->first, e->end);
        fputc('}', f);
    }
    fprintf(f, "\n], \"displayTimeUnit\": \"ms\", \"metadata\": {\"engine\": \"%s\", \"num_threads\": %d, "
            "\"grid\": [%d, %d, %d]}}\n", engine, nthreads, grid[0], grid[1], grid[2]);
    return !ferror(f);
}

typedef void (*LaunchFn)(void *const *args, int gx, int gy, int gz, long long first, long long end);

/* what the kernel's hooks report: the failure of the lowest program id */
typedef struct JitRun {
    const char *const *base;   /* bound buffers */
    const size_t *bytes;
    const int *argof;
    int nbufs;
    int grid[3];
    pthread_mutex_t mu;
    int64_t fail_prog;         /* INT64_MAX: none */
    int fail_site, fail_pid[3];
    const void *fail_p;
    long long fail_n;
    bool oob;
} JitRun;

static JitRun *g_run;   /* one run per process */

static void jr_record(int site, bool oob, const void *p, long long n, int x, int y, int z) {
    JitRun *r = g_run;
    int64_t lin = x + (int64_t)r->grid[0] * (y + (int64_t)r->grid[1] * z);
    pthread_mutex_lock(&r->mu);
    if (lin < r->fail_prog) {
        __atomic_store_n(&r->fail_prog, lin, __ATOMIC_RELAXED);
        r->fail_site = site;
        r->oob = oob;
        r->fail_p = p;
        r->fail_n = n;
        r->fail_pid[0] = x; r->fail_pid[1] = y; r->fail_pid[2] = z;
    }
    pthread_mutex_unlock(&r->mu);
}
static int hook_in(const void *p, long long n, int site, int x, int y, int z) {
    JitRun *r = g_run;
    const char *c = p;
    for (int i = 0; i < r->nbufs; i++)
        if (c >= r->base[i] && n >= 0 && (size_t)(c - r->base[i]) + (size_t)n <= r->bytes[i]) return 1;
    jr_record(site, true, p, n, x, y, z);
    return 0;
}
/* is p[0..n) inside one bound buffer? (reports nothing: the caller falls
 * back to per-element accesses, which do) */
static int hook_inr(const void *p, long long n) {
    JitRun *r = g_run;
    uintptr_t c = (uintptr_t)p;
    for (int i = 0; i < r->nbufs; i++) {
        uintptr_t b = (uintptr_t)r->base[i];
        if (c >= b && n >= 0 && c - b <= r->bytes[i] && (size_t)n <= r->bytes[i] - (c - b)) return 1;
    }
    return 0;
}
static void hook_fail(int site, int x, int y, int z) { jr_record(site, false, NULL, 0, x, y, z); }
static int hook_stop(long long p) { return p > __atomic_load_n(&g_run->fail_prog, __ATOMIC_RELAXED); }

/* the JIT's report as a diagnostic at the op */
static void jr_report(JitRun *r, const PtrVec *sites, Diag *d) {
    Op *op = r->fail_site >= 0 && r->fail_site < sites->n ? sites->v[r->fail_site] : NULL;
    Loc l = op ? op->loc : (Loc){ 0 };
    const char *nm = op ? op_name(op) : "kernel";
    if (!r->oob) {
        const char *what = op && op_is(op, OP_scf_for) ? "the loop step is not positive"
                         : op && (op_is(op, OP_arith_fptosi) || op_is(op, OP_arith_fptoui)) ? "a value does not fit the result type"
                         : "division by zero";
        diag_error(d, l, "%s: %s in program (%d, %d, %d)", nm, what, r->fail_pid[0], r->fail_pid[1], r->fail_pid[2]);
        return;
    }
    /* the nearest buffer */
    int best = -1;
    long long bestd = 0, off = 0;
    const char *c = r->fail_p;
    for (int i = 0; i < r->nbufs; i++) {
        long long o = (long long)(c - r->base[i]);
        long long dist = o < 0 ? -o : o > (long long)r->bytes[i] ? o - (long long)r->bytes[i] : 0;
        if (best < 0 || dist < bestd) { best = i; bestd = dist; off = o; }
    }
    const char *what = op && op_is(op, OP_tt_store) ? "writes" : "reads";
    long long sz = r->fail_n > 0 ? r->fail_n : 1;
    if (best < 0) {
        diag_error(d, l, "%s: out-of-bounds access: %s %lld bytes outside every bound buffer in program (%d, %d, %d)", nm, what,
                   r->fail_n, r->fail_pid[0], r->fail_pid[1], r->fail_pid[2]);
        return;
    }
    long long ei = off >= 0 ? off / sz : -((-off + sz - 1) / sz);
    diag_error(d, l, "%s: out-of-bounds access: %s element %lld (byte offset %lld) of argument %d, which holds %lld elements "
               "(%zu bytes) in program (%d, %d, %d)", nm, what, ei, off, r->argof[best], (long long)(r->bytes[best] / (size_t)sz),
               r->bytes[best], r->fail_pid[0], r->fail_pid[1], r->fail_pid[2]);
}

typedef struct Pool {
    LaunchFn launch;
    void *const *args;
    int grid[3];
    int64_t total, chunk, next;
    const char *name;
    Trace *tr;       /* per worker */
} Pool;
typedef struct Worker { Pool *p; int tid; Trace tr; } Worker;

static void *worker_main(void *arg) {
    Worker *w = arg;
    Pool *p = w->p;
    for (;;) {
        int64_t first = __atomic_fetch_add(&p->next, p->chunk, __ATOMIC_RELAXED);
        if (first >= p->total) break;
        int64_t end = first + p->chunk < p->total ? first + p->chunk : p->total;
        double t0 = now_us();
        p->launch(p->args, p->grid[0], p->grid[1], p->grid[2], first, end);
        if (p->tr) ev_add(&w->tr, "programs", "chunk", t0, now_us(), w->tid, first, end);
    }
    return NULL;
}

static int ncpus(void) {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 64 ? 64 : (int)n;
}

/* the prologue the JIT puts before the emitted C: the hooks as calls */
static const char *jit_hooks =
    "int ttx_in(const void *p, long long bytes, int site, int x, int y, int z);\n"
    "void ttx_fail(int site, int x, int y, int z);\n"
    "int ttx_stop(long long program);\n"
    "#define TTX_FAIL(site) ttx_fail(site, pidX, pidY, pidZ)\n"
    "#define TTX_STOP(p) ttx_stop(p)\n";
static const char *jit_bounds = "#define TTX_IN(p, bytes, site) ttx_in(p, bytes, site, pidX, pidY, pidZ)\n"
                                "int ttx_inr(const void *p, long long bytes);\n"
                                "#define TTX_INR(p, bytes) ttx_inr(p, bytes)\n";
static const char *jit_nobounds = "#define TTX_INR(p, bytes) 1\n";

typedef struct JitOpts {
    int threads;
    bool no_bounds;
    const char *dump_dir;
    Trace *trace;            /* NULL: no trace */
    int *nthreads_out;
    int repeat;              /* launches of the whole grid (at least 1) */
    double *times;           /* NULL, or the repeat launch times in us */
} JitOpts;

static bool mkdirs(const char *dir) {
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", dir);
    for (char *p = buf + 1; *p; p++)
        if (*p == '/') { *p = 0; mkdir(buf, 0777); *p = '/'; }
    return mkdir(buf, 0777) == 0 || errno == EEXIST;
}

static bool dump_file(const char *dir, const char *name, const char *text, size_t len) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f) { errorf("cannot write '%s': %s", path, strerror(errno)); return false; }
    bool ok = fwrite(text, 1, len, f) == len;
    ok = fclose(f) == 0 && ok;
    if (!ok) errorf("cannot write '%s': %s", path, strerror(errno));
    return ok;
}

/* run func over the grid with the JIT; returns 0, -1 after an error, or 1
 * when the C target cannot translate the kernel (*unsup is the op) */
static int jit_run(Ctx *c, Op *module, Op *func, int nargs, const IArg *args, const int grid[3], const JitOpts *jo,
                   Op **unsup, Diag *d) {
    PtrVec sites = { 0 };
    char *src = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&src, &len);
    if (!f) { errorf("out of memory"); return -1; }
    fputs(jit_hooks, f);
    fputs(jo->no_bounds ? jit_nobounds : jit_bounds, f);
    CEmitOpts co = { .launcher = true, .sites = &sites, .unsupported = unsup, .rt = true };
    bool ok = c_emit(f, c, module, func, &co, d);
    fclose(f);
    if (!ok) {
        free(src);
        pv_free(&sites);
        return *unsup ? 1 : -1;
    }
    char fname[256];
    c_func_name(func, fname, sizeof fname);
    if (jo->dump_dir) {
        char name[300];
        snprintf(name, sizeof name, "01-%s.c", fname);
        if (!dump_file(jo->dump_dir, name, src, len)) { free(src); pv_free(&sites); return -1; }
    }
    JitRun r = { .grid = { grid[0], grid[1], grid[2] }, .fail_prog = INT64_MAX, .fail_site = -1 };
    pthread_mutex_init(&r.mu, NULL);
    g_run = &r;
    JitSym syms[] = { { "ttx_in", (void *)hook_in }, { "ttx_fail", (void *)hook_fail }, { "ttx_stop", (void *)hook_stop },
                      { "ttx_inr", (void *)hook_inr } };
    char err[4096];
    double t0 = now_us();
    Jit *j = jit_compile(src, syms, 4, err, sizeof err);
    double t1 = now_us();
    free(src);
    if (!j) {
        errorf("the JIT could not compile the C of @%s:\n%s", fname, err);
        pv_free(&sites);
        pthread_mutex_destroy(&r.mu);
        return -1;
    }
    ev_add(jo->trace, "compile (libtcc)", "compile", t0, t1, 0, 0, 0);
    LaunchFn launch;
    void *sym = jit_symbol(j, "ttx_launch");
    memcpy(&launch, &sym, sizeof launch);
    /* the buffers, for the bounds check and the launcher */
    void **av = calloc((size_t)nargs + 1, sizeof *av);
    const char **base = calloc((size_t)nargs + 1, sizeof *base);
    size_t *bytes = calloc((size_t)nargs + 1, sizeof *bytes);
    int *argof = calloc((size_t)nargs + 1, sizeof *argof);
    int rc = -1;
    if (!av || !base || !bytes || !argof || !sym) { errorf(sym ? "out of memory" : "the JIT lost the launcher"); goto done; }
    for (int i = 0; i < nargs; i++) {
        if (args[i].kind == IARG_BUF) {
            av[i] = args[i].buf.data;
            base[r.nbufs] = args[i].buf.data;
            bytes[r.nbufs] = args[i].buf.bytes;
            argof[r.nbufs++] = i;
        } else av[i] = (void *)(args[i].kind == IARG_INT ? (const void *)&args[i].i : (const void *)&args[i].f);
    }
    r.base = base;
    r.bytes = bytes;
    r.argof = argof;
    int nt = jo->threads ? jo->threads : ncpus();
    Pool p = { .launch = launch, .args = av, .grid = { grid[0], grid[1], grid[2] } };
    p.total = (int64_t)grid[0] * grid[1] * grid[2];
    if (nt > p.total) nt = (int)p.total;
    if (nt < 1) nt = 1;
    if (jo->nthreads_out) *jo->nthreads_out = nt;
    p.chunk = p.total / ((int64_t)nt * 4);
    if (p.chunk < 1) p.chunk = 1;
    p.tr = jo->trace;
    Worker *w = calloc((size_t)nt, sizeof *w);
    pthread_t *th = calloc((size_t)nt, sizeof *th);
    if (!w || !th) { free(w); free(th); errorf("out of memory"); goto done; }
    pthread_attr_t at;
    pthread_attr_init(&at);
    pthread_attr_setstacksize(&at, (size_t)64 << 20);   /* tensors are local arrays */
    int started = 0;
    char *kn = jo->trace ? malloc(strlen(fname) + 64) : NULL;
    if (kn) {
        sprintf(kn, "%s[%d,%d,%d]", fname, grid[0], grid[1], grid[2]);
        pv_push(&jo->trace->names, kn);
    }
    for (int rep = 0; rep < (jo->repeat > 0 ? jo->repeat : 1); rep++) {
        p.next = 0;
        started = 0;
        double l0 = now_us();
        for (int i = 0; i < nt; i++) {
            w[i].p = &p;
            w[i].tid = i + 1;
            if (pthread_create(&th[i], &at, worker_main, &w[i]) != 0) break;
            started++;
        }
        for (int i = 0; i < started; i++) pthread_join(th[i], NULL);
        double l1 = now_us();
        if (jo->times) jo->times[rep] = l1 - l0;
        if (kn) ev_add(jo->trace, kn, "kernel", l0, l1, 0, 0, 0);
        if (!started || r.fail_prog != INT64_MAX) break;
    }
    pthread_attr_destroy(&at);
    if (!started) errorf("cannot start a thread: %s", strerror(errno));
    else {
        if (jo->trace) {
            for (int i = 0; i < nt; i++)
                for (int k = 0; k < w[i].tr.n; k++) {
                    Ev e = w[i].tr.ev[k];
                    ev_add(jo->trace, e.name, e.cat, e.ts, e.ts + e.dur, e.tid, e.first, e.end);
                }
        }
        if (r.fail_prog != INT64_MAX) jr_report(&r, &sites, d);
        else rc = 0;
    }
    for (int i = 0; i < nt; i++) free(w[i].tr.ev);
    free(w);
    free(th);
done:
    free(av);
    free(base);
    free(bytes);
    free(argof);
    jit_free(j);
    g_run = NULL;
    pthread_mutex_destroy(&r.mu);
    pv_free(&sites);
    return rc;
}

/* --bench: one line on stderr with the best and median launch time */
static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static void bench_print(const char *kernel, const char *engine, int nthreads, double *t, int n) {
    qsort(t, (size_t)n, sizeof *t, cmp_double);
    double med = n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
    fprintf(stderr, "bench %s: %s, %d thread%s, %d launch%s: best %.3f ms, median %.3f ms\n", kernel, engine, nthreads,
            nthreads == 1 ? "" : "s", n, n == 1 ? "" : "es", t[0] / 1000, med / 1000);
}

/* ---- --check ---------------------------------------------------------------- */

/* the distance in units in the last place between two floats of a type */
static uint64_t ulps(double a, double b, NpyType t) {
    if (isnan(a) && isnan(b)) return 0;
    if (isnan(a) || isnan(b)) return UINT64_MAX;
    if (a == b) return 0;
    int64_t ia, ib;
    if (t == NPY_FLOAT64) { memcpy(&ia, &a, 8); memcpy(&ib, &b, 8); }
    else if (t == NPY_FLOAT32) { float fa = (float)a, fb = (float)b; int32_t x, y; memcpy(&x, &fa, 4); memcpy(&y, &fb, 4); ia = x; ib = y; }
    else { ia = npy_f16_from_double(a); ib = npy_f16_from_double(b); ia = (ia & 0x8000) ? -(ia & 0x7fff) : ia; ib = (ib & 0x8000) ? -(ib & 0x7fff) : ib; }
    if (t != NPY_FLOAT16) {
        int64_t sm = t == NPY_FLOAT64 ? INT64_MIN : INT32_MIN;
        if (ia < 0) ia = sm - ia;
        if (ib < 0) ib = sm - ib;
    }
    return ia > ib ? (uint64_t)ia - (uint64_t)ib : (uint64_t)ib - (uint64_t)ia;
}
static double elem_d(const NpyArray *a, size_t i) {
    const unsigned char *p = (const unsigned char *)a->data + i * npy_type_size(a->dtype);
    switch (a->dtype) {
    case NPY_BOOL: return *p != 0;
    case NPY_INT8: { int8_t x; memcpy(&x, p, 1); return x; }
    case NPY_UINT8: return *p;
    case NPY_INT16: { int16_t x; memcpy(&x, p, 2); return x; }
    case NPY_INT32: { int32_t x; memcpy(&x, p, 4); return x; }
    case NPY_INT64: { int64_t x; memcpy(&x, p, 8); return (double)x; }
    case NPY_FLOAT16: { uint16_t x; memcpy(&x, p, 2); return npy_f16_to_double(x); }
    case NPY_FLOAT32: { float x; memcpy(&x, p, 4); return x; }
    case NPY_FLOAT64: { double x; memcpy(&x, p, 8); return x; }
    default: return 0;
    }
}

enum { CHECK_ULPS = 4 };

/* compare the JIT's buffer a with the interpreter's b; print a line */
static bool check_one(const char *name, const NpyArray *a, const NpyArray *b) {
    size_t n = a->nbytes / npy_type_size(a->dtype);
    bool fl = is_float_type(a->dtype);
    double maxabs = 0;
    uint64_t maxulp = 0, ndiff = 0;
    size_t worst = 0;
    for (size_t i = 0; i < n; i++) {
        size_t sz = npy_type_size(a->dtype);
        if (!memcmp((const char *)a->data + i * sz, (const char *)b->data + i * sz, sz)) continue;
        double x = elem_d(a, i), y = elem_d(b, i);
        if (fl) {
            uint64_t u = ulps(x, y, a->dtype);
            if (u == 0) continue;
            double dd = isnan(x) || isnan(y) ? INFINITY : fabs(x - y);
            if (u > maxulp) { maxulp = u; worst = i; }
            if (dd > maxabs) maxabs = dd;
        } else {
            /* integers: the raw bytes differ */
            double dd = fabs(x - y);
            if (!ndiff || dd > maxabs) { maxabs = dd; worst = i; }
        }
        ndiff++;
    }
    bool ok = fl ? maxulp <= CHECK_ULPS : ndiff == 0;
    char shp[128];
    npy_shape_str(a->ndim, a->shape, shp, sizeof shp);
    if (!ndiff) printf("check %s %s %s: identical\n", name, npy_type_name(a->dtype), shp);
    else if (fl)
        printf("check %s %s %s: %s: %" PRIu64 " elements differ, max abs diff %.9g, max %s%" PRIu64 " ulp at element %zu (jit %.9g, interp %.9g)\n",
               name, npy_type_name(a->dtype), shp, ok ? "ok" : "MISMATCH", ndiff, maxabs, maxulp == UINT64_MAX ? "NaN " : "",
               maxulp == UINT64_MAX ? 0 : maxulp, worst, elem_d(a, worst), elem_d(b, worst));
    else
        printf("check %s %s %s: MISMATCH: %" PRIu64 " elements differ, max abs diff %.17g at element %zu (jit %.17g, interp %.17g)\n",
               name, npy_type_name(a->dtype), shp, ndiff, maxabs, worst, elem_d(a, worst), elem_d(b, worst));
    return ok;
}

int run_main(int argc, char **argv) {
    RunOptsCli o;
    memset(&o, 0, sizeof o);
    int rc = parse_cli(argc, argv, &o);
    if (rc >= 0) { free_cli(&o); return rc; }
    rc = 1;

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
    if (!verify_module(c, m, &d) || d.nerrors) goto out;
    Op *func = interp_find_func(m, o.function);
    if (!func) {
        if (o.function) errorf("'%s' has no function @%s", fname, o.function);
        else errorf("'%s' has no function", fname);
        goto out;
    }
    const char *fn_name = "?";
    Attr *sym = op_attr(func, "sym_name");
    char fnbuf[128];
    if (sym && sym->kind == A_STRING) { snprintf(fnbuf, sizeof fnbuf, "%.*s", (int)sym->str.len, sym->str.s); fn_name = fnbuf; }
    if (!func->nregions || !func->regions[0].first) { errorf("@%s has no body", fn_name); goto out; }
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
            const char *nm = all[w][b].name;
            if (nm[0] == '%') nm++;
            int idx = -1;
            for (int i = 0; i < nk && idx < 0; i++)
                if (names[i][0] && !strcmp(names[i], nm)) idx = i;
            uint64_t pos;
            const char *digits = !strncmp(nm, "arg", 3) ? nm + 3 : nm;
            if (idx < 0 && parse_u64(digits, strlen(digits), &pos) && pos < (uint64_t)nk) idx = (int)pos;
            if (idx < 0) {
                char list[2048];
                size_t k = 0;
                list[0] = 0;
                for (int i = 0; i < nk && k < sizeof list; i++) {
                    char *ts = print_type_str(c, entry->args[i]->type);
                    k += (size_t)snprintf(list + k, sizeof list - k, "%s%s: %s", i ? ", " : "", names[i], ts);
                    free(ts);
                }
                errorf("@%s has no argument '%s' (its arguments: %s)", fn_name, all[w][b].name, nk ? list : "none");
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
    if (o.dump_dir) {
        if (!mkdirs(o.dump_dir)) { errorf("cannot create '%s': %s", o.dump_dir, strerror(errno)); goto out; }
        char *txt = NULL;
        size_t tl = 0;
        FILE *mf = open_memstream(&txt, &tl);
        PrintOpts po = { 0 };
        bool pok = mf && print_module(mf, c, m, &po);
        if (mf) { fputc('\n', mf); fclose(mf); }
        pok = pok && dump_file(o.dump_dir, "00-input.mlir", txt, tl);
        free(txt);
        if (!pok) goto out;
    }

    /* --check: the interpreter runs on copies of the buffers */
    if (o.engine == ENG_CHECK) {
        refs = calloc((size_t)nk + 1, sizeof *refs);
        rargs = calloc((size_t)nk + 1, sizeof *rargs);
        if (!refs || !rargs) { errorf("out of memory"); goto out; }
        for (int i = 0; i < nk; i++) {
            rargs[i] = iargs[i];
            if (iargs[i].kind != IARG_BUF) continue;
            refs[i] = arrays[i];
            refs[i].data = npy_zalloc(arrays[i].nbytes);
            if (!refs[i].data) { errorf("out of memory"); goto out; }
            memcpy(refs[i].data, arrays[i].data, arrays[i].nbytes);
            rargs[i].buf.data = refs[i].data;
        }
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
        /* --check: the interpreter first, which reports an out-of-bounds
         * access at the op before the unchecked run under qemu */
        if (o.engine == ENG_CHECK && (interp_run(c, func, nk, rargs, o.grid, &d) != 0 || d.nerrors)) goto out;
        RvOpts ro = { .arch = o.target, .vlen = o.vlen, .threads = o.threads, .dump_dir = o.dump_dir,
                      .cache_dir = o.cache_dir, .nthreads_out = &nthreads };
        Op *unsup = NULL;
        int rr = rv_run(c, m, func, nk, iargs, o.grid, &ro, &unsup, &d);
        if (rr == 1) {
            diag_error(&d, unsup->loc, "the C target does not support '%s', so the kernel cannot run under qemu-riscv64",
                       op_name(unsup));
            goto out;
        }
        if (rr != 0 || d.nerrors) goto out;
        use_interp = false;
        engine_name = "riscv";
    } else if (o.engine != ENG_INTERP) {
        JitOpts jo = { o.threads, o.no_bounds, o.dump_dir, trf ? &tr : NULL, &nthreads, nrep, jtimes };
        Op *unsup = NULL;
        int jr = jit_run(c, m, func, nk, iargs, o.grid, &jo, &unsup, &d);
        if (jr == 1 && o.engine == ENG_CHECK) {
            diag_error(&d, unsup->loc, "the C target does not support '%s', so --check cannot compare the engines", op_name(unsup));
            goto out;
        }
        if (jr == 1) {
            diag_emit(&d, SEV_NOTE, unsup->loc, "the C target does not support '%s'; running the kernel on the interpreter",
                      op_name(unsup));
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
            agree &= check_one(names[i], &arrays[i], &refs[i]);
        }
        fflush(stdout);
        if (!agree) { errorf("the JIT and the interpreter disagree (see above)"); goto out; }
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
    for (int i = 0; refs && i < nk; i++) free(refs[i].data);
    free(refs);
    free(rargs);
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
