/* bind.c - the values of `ttxform run`'s arguments: generators (run.h),
 * scalars, the .npy dtype of a pointer, an argument's name in the text. */
#include "run_impl.h"
#include "print_attr.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- generators ---------------------------------------------------------- */

static bool gerr(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static bool gerr(char *err, size_t errlen, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    if (errlen) vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return false;
}

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

bool parse_u64(const char *s, size_t n, uint64_t *out) {
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

/* ---- arguments ------------------------------------------------------------ */

void source_name(const Value *v, const char *src, size_t len, char *out, size_t n) {
    out[0] = 0;
    Loc vl = value_loc(v);
    if (vl.line <= 0 || vl.col <= 0) return;
    const char *p = src, *e = src + len;
    for (int l = 1; l < vl.line && p < e; l++) {
        const char *nl = memchr(p, '\n', (size_t)(e - p));
        if (!nl) return;
        p = nl + 1;
    }
    if ((size_t)(e - p) < (size_t)vl.col) return;
    p += vl.col - 1;
    if (*p != '%') return;
    p++;
    size_t k = 0;
    while (p < e && (isalnum((unsigned char)*p) || *p == '_' || *p == '$' || *p == '.' || *p == '-') && k + 1 < n) out[k++] = *p++;
    out[k] = 0;
}

/* the .npy dtype holding pointee type t, or false with why in err */
bool dtype_for(const Type *t, NpyType *out, bool *also_u8) {
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

bool parse_scalar(const char *s, const Type *t, IArg *a, char *err, size_t errlen) {
    if (t->kind == T_FLOAT) {
        char *end;
        errno = 0;
        double v = strtod(s, &end);
        if (end == s || *end || isspace((unsigned char)*s)) return gerr(err, errlen, "expected a number, not '%s'", s);
        /* a finite number the type rounds to infinity is out of range, as an
         * integer past its type is (inf itself is written "inf") */
        if (!isinf(v) || errno == ERANGE) {
            const char *fn = t->f.name ? t->f.name : "";
            bool over = isinf(v);
            float f = (float)v;
            union { float f; uint32_t u; } fb = { .f = f };
            if (!strcmp(fn, "f32")) over = over || isinf(f);
            else if (!strcmp(fn, "bf16")) over = over || isinf(f) || (fb.u & 0x7fffffffu) >= 0x7f7f8000u;
            else if (!strcmp(fn, "f16")) over = over || (npy_f16_from_double(v) & 0x7fffu) == 0x7c00u;
            if (over) return gerr(err, errlen, "%s is out of range (it rounds to infinity in %s)", s, fn[0] ? fn : "the type");
        }
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

bool file_exists(const char *p) { return access(p, F_OK) == 0; }

bool looks_like_generator(const char *v) {
    const char *c = strchr(v, ':');
    if (!c || c == v) return false;
    for (const char *p = v; p < c; p++)
        if (!isalpha((unsigned char)*p)) return false;
    return true;
}

/* ---- the kernel's shape, for messages ----------------------------------- */

void kernel_functions(Op *module, char *out, size_t n) {
    size_t o = 0;
    out[0] = 0;
    if (!module || !module->nregions || !module_body(module)) return;
    for (Op *f = module_body(module)->first; f; f = f->next) {
        Attr *nm = (op_is(f, OP_tt_func) || op_is(f, OP_func_func)) ? op_attr(f, "sym_name") : NULL;
        if (!nm || nm->kind != A_STRING || o + 8 >= n) continue;
        int w = snprintf(out + o, n - o, "%s@%.*s", o ? ", " : "", (int)nm->str.len, nm->str.s);
        o = w < 0 ? o : (size_t)w + o < n ? o + (size_t)w : n - 1;
    }
}

int no_function_error(const char *fname, Op *module, const char *function) {
    char fns[512];
    kernel_functions(module, fns, sizeof fns);
    if (function && *fns) return errorf("'%s' has no function @%s (its functions: %s)", fname, function, fns);
    if (function) return errorf("'%s' has no function @%s", fname, function);
    return errorf("'%s' has no function", fname);
}

int arg_index(const char *nm, char (*names)[64], int nk) {
    if (nm[0] == '%') nm++;
    for (int i = 0; i < nk; i++) if (names[i][0] && !strcmp(names[i], nm)) return i;
    const char *digits = !strncmp(nm, "arg", 3) ? nm + 3 : nm;
    uint64_t pos;
    if (parse_u64(digits, strlen(digits), &pos) && pos < (uint64_t)nk) return (int)pos;
    return -1;
}

void no_argument_error(Ctx *c, const char *fn_name, const Block *entry, char (*names)[64], int nk, const char *name) {
    char list[2048];
    size_t k = 0;
    list[0] = 0;
    for (int i = 0; i < nk && k < sizeof list; i++) {
        char *ts = print_type_str(c, entry->args[i]->type);
        k += (size_t)snprintf(list + k, sizeof list - k, "%s%s: %s", i ? ", " : "", names[i], ts);
        free(ts);
    }
    errorf("@%s has no argument '%s' (its arguments: %s)", fn_name, name, nk ? list : "none");
}

static bool note_axis(Op *op, void *ud) {
    int *axes = ud;
    int64_t a;
    if ((op_is(op, OP_tt_get_program_id) || op_is(op, OP_tt_get_num_programs)) && op_attr_int(op, "axis", &a) &&
        a >= 0 && a < 3 && a + 1 > *axes)
        *axes = (int)a + 1;
    return true;
}

int kernel_grid_axes(Op *func) {
    int axes = 0;
    op_walk(func, note_axis, &axes);
    return axes;
}
