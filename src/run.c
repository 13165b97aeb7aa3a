/* run.c - the `ttxform run` subcommand (see run.h). */
#include "run.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diag.h"
#include "interp.h"
#include "ir.h"
#include "parse.h"
#include "pass.h"
#include "print.h"

/* ---- engines ------------------------------------------------------------ */

typedef int (*EngineFn)(Ctx *c, Op *func, int nargs, const IArg *args, const int grid[3], Diag *d);

typedef struct Engine {
    const char *flag;     /* the option that selects it, without "--" */
    const char *help;
    EngineFn run;
} Engine;

static const Engine engines[] = {
    { "interp", "the reference interpreter of the SSA IR (the default)", interp_run },
};
enum { NENGINES = sizeof engines / sizeof *engines };

/* ---- usage -------------------------------------------------------------- */

static const char *run_usage =
    "usage: ttxform run KERNEL.ttir --grid=X[,Y[,Z]] [--function=NAME] [ENGINE]\n"
    "                   --arg NAME=VALUE... [--output NAME=FILE.npy]...\n"
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
    "  -h, --help             show this help\n"
    "\n"
    "engines:\n";

static void print_run_usage(FILE *f) {
    fputs(run_usage, f);
    for (int i = 0; i < NENGINES; i++) fprintf(f, "  --%-20s %s\n", engines[i].flag, engines[i].help);
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

typedef struct RunOptsCli {
    const char *kernel, *function;
    int grid[3];
    const Engine *engine;
    Binding *args, *outs;
    int nargs, nouts;
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
        const char *opts[] = { "grid", "function", "arg", "output" };
        int which = -1;
        for (int k = 0; k < 4; k++) {
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
        } else {
            const Engine *e = NULL;
            for (int k = 0; k < NENGINES; k++)
                if (!strcmp(n, engines[k].flag)) e = &engines[k];
            if (!e) return usage_error("unknown option '%s'", a);
            if (o->engine && o->engine != e) return usage_error("more than one engine: '%s'", a);
            o->engine = e;
        }
    }
    if (!o->kernel) return usage_error("%s", "no kernel file given");
    if (!have_grid) return usage_error("%s", "missing --grid=X[,Y[,Z]]");
    if (!o->engine) o->engine = &engines[0];
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

    if (o.engine->run(c, func, nk, iargs, o.grid, &d) != 0 || d.nerrors) goto out;

    rc = 0;
    for (int b = 0; b < o.nouts; b++) {
        int i = o.outs[b].arg;
        if (!npy_write(o.outs[b].value, &arrays[i], err, sizeof err)) {
            errorf("cannot write '%s': %s", o.outs[b].value, err);
            rc = 1;
        }
    }

out:
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
