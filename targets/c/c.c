/* targets/c/c.c - the portable C target (see c.h).
 *
 * A tensor of a Triton program becomes a fixed-size local array (shapes are
 * static in TTIR) filled by a loop nest, or no array at all: a value is
 * "virtual" when its elements can be recomputed where they are used.  The
 * views (splat, broadcast, expand_dims, trans, make_range, splat constants)
 * are always virtual; so are integer and pointer tensors that are affine in
 * the program's ranges (base + c0*i0 + c1*i1, the common pointer pattern),
 * which makes a load through them a strided loop (a pointer tensor a loop
 * carries and advances by a uniform offset stays affine: the loop carries
 * the offset); and an elementwise op used once in its own block is fused
 * into its user's loop.  Everything else (loads, dots, reductions, other
 * loop-carried values, an op used twice) is an array.  The structured
 * pointers of --ptr-analysis (tts.make_tptr/load/store) are strided
 * addresses with prefix masks, or block pointers.
 *
 * Numbers follow the reference interpreter: integers wrap to their width
 * (computed on unsigned types), f32 + - * / are C's float operations, f32
 * exp is ttx_expf (src/fmath.h), other float functions are libm's double
 * ones rounded to the type, f16 and bf16
 * are floats holding a representable value (rounded after every op), and
 * memory holds f16/bf16 as uint16 bit patterns. */
#include "c.h"

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "pass.h"
#include "print.h"
#include "target.h"

enum { MAXR = 8 };
enum { K_SCALAR = 1, K_ARRAY, K_VIRT, K_BPTR };


/* the libm functions the C may call (all double) */
static const struct { const char *name; int nargs; } libm[] = {
    { "exp", 1 }, { "exp2", 1 }, { "expm1", 1 }, { "log", 1 }, { "log2", 1 }, { "log10", 1 },
    { "log1p", 1 }, { "sqrt", 1 }, { "sin", 1 }, { "cos", 1 }, { "tan", 1 }, { "asin", 1 },
    { "acos", 1 }, { "atan", 1 }, { "sinh", 1 }, { "cosh", 1 }, { "tanh", 1 }, { "asinh", 1 },
    { "acosh", 1 }, { "atanh", 1 }, { "erf", 1 }, { "cbrt", 1 }, { "ceil", 1 }, { "floor", 1 },
    { "round", 1 }, { "trunc", 1 }, { "fabs", 1 }, { "fmod", 2 }, { "pow", 2 }, { "atan2", 2 },
    { "fmax", 2 }, { "fmin", 2 }, { "fma", 3 },
};
enum { NLIBM = sizeof libm / sizeof *libm };

typedef struct Term { bool k; int64_t c; const char *s; } Term;   /* k ? c : s, an i64 expression */
typedef struct Aff { const char *ptr; int rank; Term base; Term co[MAXR]; } Aff;

typedef struct VI {
    Value *v;
    int kind;
    const char *name;
    int inst;            /* how many times a virtual value's expression is instantiated */
    int cost;            /* expression size when cheap, else large */
    bool decided, aff_done;
    Aff *aff;
    Value *carried;      /* a loop-carried affine pointer: the init (this value is its i64 offset) */
    Value *step;         /* ... and the uniform offset its yield adds */
    bool carried_step;   /* the addptr that yields a carried pointer */
    int dcode;           /* JIT: 1 + the ttx_rt_f32_bin code of a row op left to its
                            one user (an exp or a store), which computes it */
    const char *da, *db; /* ... its operands: an array, and an array or &scalar */
    int dsb;             /* ... the second one's stride: 1 an array, 0 a scalar */
    const char *ds;      /* ... the float holding that scalar */
    bool by_producer;    /* JIT: a reduce that the op producing its operand computes
                            (a row load its max/min, an exp its sum) */
} VI;

typedef struct E {
    Ctx *c;
    Diag *d;
    const CEmitOpts *o;
    FILE *f;
    int ind;
    VI **tab;
    size_t cap, n;
    PtrVec strs, vis;
    bool grid_used[6];
    int nextv, ntmp, nsite;
    bool failed;
} E;

/* ---- strings ------------------------------------------------------------ */

static const char *vfmt(E *e, const char *fmt, va_list ap) {
    va_list aq;
    va_copy(aq, ap);
    int n = vsnprintf(NULL, 0, fmt, aq);
    va_end(aq);
    char *s = malloc((size_t)n + 1);
    if (!s) abort();
    vsnprintf(s, (size_t)n + 1, fmt, ap);
    pv_push(&e->strs, s);
    return s;
}
static const char *fmt(E *e, const char *f, ...) __attribute__((format(printf, 2, 3)));
static const char *fmt(E *e, const char *f, ...) {
    va_list ap;
    va_start(ap, f);
    const char *s = vfmt(e, f, ap);
    va_end(ap);
    return s;
}
static void line(E *e, const char *f, ...) __attribute__((format(printf, 2, 3)));
static void line(E *e, const char *f, ...) {
    for (int i = 0; i < e->ind; i++) fputs("    ", e->f);
    va_list ap;
    va_start(ap, f);
    vfprintf(e->f, f, ap);
    va_end(ap);
    fputc('\n', e->f);
}

/* ---- errors ------------------------------------------------------------- */

static bool unsupported(E *e, Op *op, const char *why) {
    if (e->failed) return false;
    e->failed = true;
    if (e->o && e->o->unsupported) { *e->o->unsupported = op; return false; }
    if (why) diag_error(e->d, op->loc, "the C target does not support '%s' (%s)", op_name(op), why);
    else diag_error(e->d, op->loc, "the C target does not support '%s'", op_name(op));
    return false;
}

/* ---- values ------------------------------------------------------------- */

static VI *vi_find(E *e, const Value *v) {
    if (!e->cap) return NULL;
    for (size_t i = ptr_hash(v) & (e->cap - 1);; i = (i + 1) & (e->cap - 1)) {
        if (!e->tab[i]) return NULL;
        if (e->tab[i]->v == v) return e->tab[i];
    }
}
static VI *vi(E *e, Value *v) {
    VI *x = vi_find(e, v);
    if (x) return x;
    if ((e->n + 1) * 2 > e->cap) {
        size_t nc = e->cap ? e->cap * 2 : 256;
        VI **nt = calloc(nc, sizeof *nt);
        if (!nt) abort();
        for (size_t i = 0; i < e->cap; i++) {
            if (!e->tab[i]) continue;
            size_t j = ptr_hash(e->tab[i]->v) & (nc - 1);
            while (nt[j]) j = (j + 1) & (nc - 1);
            nt[j] = e->tab[i];
        }
        free(e->tab);
        e->tab = nt;
        e->cap = nc;
    }
    x = calloc(1, sizeof *x);
    if (!x) abort();
    x->v = v;
    pv_push(&e->vis, x);
    size_t j = ptr_hash(v) & (e->cap - 1);
    while (e->tab[j]) j = (j + 1) & (e->cap - 1);
    e->tab[j] = x;
    e->n++;
    return x;
}

/* ---- types ---------------------------------------------------------------- */

static bool is_tensor(const Type *t) { return t && t->kind == T_TENSOR && t->sh.rank >= 0; }
static bool is_bptr(const Type *t) { return t && t->kind == T_PTR && t->ptr.pointee && t->ptr.pointee->kind == T_TENSOR; }
static int iw(const Type *t) { return t->kind == T_INDEX ? 64 : t->i.width; }
static bool fname_is(const Type *t, const char *n) { return t && t->kind == T_FLOAT && !strcmp(t->f.name, n); }
static bool is_f16ish(const Type *t) { return fname_is(t, "f16") || fname_is(t, "bf16"); }

/* the C type of a scalar of type t in registers, or NULL */
static const char *rtype(E *e, const Type *t);
/* the C type of an element of type t in memory */
static const char *mtype(E *e, const Type *t) {
    if (!t) return NULL;
    if (t->kind == T_INT && t->i.width == 1) return "u8";
    if (is_f16ish(t)) return "u16";
    if (t->kind == T_PTR) return NULL;
    return rtype(e, t);
}
static const char *rtype(E *e, const Type *t) {
    if (!t) return NULL;
    if (t->kind == T_INDEX) return "i64";
    if (t->kind == T_INT) {
        switch (t->i.width) {
        case 1: return "_Bool";
        case 8: return "i8";
        case 16: return "i16";
        case 32: return "i32";
        case 64: return "i64";
        default: return NULL;
        }
    }
    if (t->kind == T_FLOAT) {
        if (fname_is(t, "f32") || is_f16ish(t)) return "float";
        if (fname_is(t, "f64")) return "double";
        return NULL;
    }
    if (t->kind == T_PTR) {
        if (is_bptr(t)) { return "ttx_bptr"; }
        const char *m = mtype(e, t->ptr.pointee);
        return m ? fmt(e, "%s *", m) : NULL;
    }
    return NULL;
}
static int msize(const Type *t) {
    if (t->kind == T_INT) return t->i.width == 1 ? 1 : t->i.width / 8;
    if (t->kind == T_INDEX) return 8;
    return type_float_width(t) / 8;
}
static const char *utype(int w) { return w <= 8 ? "u8" : w <= 16 ? "u16" : w <= 32 ? "u32" : "u64"; }
static const char *wtype(int w) { return w <= 32 ? "u32" : "u64"; }   /* wrapping arithmetic */

/* "T name" or "T name[N]" for a value of type t; NULL if t has no C form */
static const char *decl(E *e, const char *name, Type *t) {
    if (is_tensor(t)) {
        Type *el = t->sh.elem;
        int64_t n = type_numel(t);
        if (n < 0) return NULL;
        if (el->kind == T_PTR) {
            if (is_bptr(el)) return NULL;
            const char *m = mtype(e, el->ptr.pointee);
            return m ? fmt(e, "%s *%s[%" PRId64 "]", m, name, n ? n : 1) : NULL;
        }
        const char *r = rtype(e, el);
        return r ? fmt(e, "%s %s[%" PRId64 "]", r, name, n ? n : 1) : NULL;
    }
    const char *r = rtype(e, t);
    if (!r) return NULL;
    size_t l = strlen(r);
    return fmt(e, "%s%s%s", r, l && r[l - 1] == '*' ? "" : " ", name);
}

/* ---- literals ----------------------------------------------------------- */

static const char *lit_int(E *e, int64_t v, const Type *t) {
    int w = t->kind == T_INT ? t->i.width : 64;
    if (w == 1) return (v & 1) ? "1" : "0";
    if (v == INT64_MIN) return "(-9223372036854775807LL - 1)";
    if (v == INT32_MIN && w <= 32) return "(-2147483647 - 1)";
    bool big = v > INT32_MAX || v < INT32_MIN;
    if (v < 0) return fmt(e, "(%" PRId64 "%s)", v, big ? "LL" : "");
    return fmt(e, "%" PRId64 "%s", v, big ? "LL" : "");
}

static const char *lit_float(E *e, double v, const Type *t) {
    bool dbl = fname_is(t, "f64");
    if (isnan(v) || isinf(v)) {
        
        if (dbl) {
            uint64_t b;
            memcpy(&b, &v, 8);
            return fmt(e, "ttx_f64(0x%016" PRIx64 "ull)", b);
        }
        float f = (float)v;
        uint32_t b;
        memcpy(&b, &f, 4);
        return fmt(e, "ttx_f32(0x%08" PRIx32 "u)", b);
    }
    char buf[64];
    if (dbl) {
        snprintf(buf, sizeof buf, "%.17g", v);
        for (int p = 1; p <= 17; p++) {
            snprintf(buf, sizeof buf, "%.*g", p, v);
            if (strtod(buf, NULL) == v) break;
        }
    } else {
        float f = (float)v;
        for (int p = 1; p <= 9; p++) {
            snprintf(buf, sizeof buf, "%.*g", p, (double)f);
            if (strtof(buf, NULL) == f) break;
        }
    }
    bool point = strpbrk(buf, ".e") != NULL;
    return fmt(e, "%s%s%s%s%s", v < 0 || signbit(v) ? "(" : "", buf, point ? "" : ".0", dbl ? "" : "f",
               v < 0 || signbit(v) ? ")" : "");
}

static const char *lit_attr(E *e, Attr *a, const Type *t) {
    if (a->kind == A_FLOAT) return t->kind == T_FLOAT ? lit_float(e, a->f, t) : lit_int(e, (int64_t)a->f, t);
    if (a->kind == A_INT || a->kind == A_BOOL) return t->kind == T_FLOAT ? lit_float(e, (double)a->i, t) : lit_int(e, a->i, t);
    return NULL;
}

/* ---- index strings ---------------------------------------------------- */

static bool is0(const char *s) { return !strcmp(s, "0"); }

/* the flat row-major index of idx in dims: sum idx[d] * stride[d] */
static const char *flat(E *e, const int64_t *dims, int rank, const char *const *idx) {
    const char *acc = NULL;
    for (int d = 0; d < rank; d++) {
        if (is0(idx[d])) continue;
        int64_t st = 1;
        for (int k = d + 1; k < rank; k++) st *= dims[k];
        const char *t = st == 1 ? idx[d] : fmt(e, "%s * %" PRId64, idx[d], st);
        acc = acc ? fmt(e, "%s + %s", acc, t) : t;
    }
    return acc ? acc : "0";
}

/* ---- affine values -------------------------------------------------------- */

static bool tz(Term t) { return t.k && t.c == 0; }
static const char *tstr(E *e, Term t) {
    if (!t.k) return t.s;
    if (t.c == INT64_MIN) return "(-9223372036854775807LL - 1)";
    bool big = t.c > INT32_MAX || t.c < INT32_MIN;
    return fmt(e, t.c < 0 ? "(%" PRId64 "%s)" : "%" PRId64 "%s", t.c, big ? "LL" : "");
}
static Term tconst(int64_t c) { Term t = { true, c, NULL }; return t; }
static Term tadd(E *e, Term a, Term b) {
    if (a.k && b.k) return tconst((int64_t)((uint64_t)a.c + (uint64_t)b.c));
    if (tz(a)) return b;
    if (tz(b)) return a;
    Term t = { false, 0, fmt(e, "(%s + %s)", tstr(e, a), tstr(e, b)) };
    return t;
}
static Term tmul(E *e, Term a, Term b) {
    if (a.k && b.k) return tconst((int64_t)((uint64_t)a.c * (uint64_t)b.c));
    if (tz(a) || tz(b)) return tconst(0);
    if (a.k && a.c == 1) return b;
    if (b.k && b.c == 1) return a;
    Term t = { false, 0, fmt(e, "%s * %s", tstr(e, a), tstr(e, b)) };
    return t;
}
static Term tneg(E *e, Term a) {
    if (a.k) return tconst((int64_t)(0 - (uint64_t)a.c));
    Term t = { false, 0, fmt(e, "(-%s)", a.s) };
    return t;
}

static Aff *aff_new(E *e, int rank) {
    Aff *a = calloc(1, sizeof *a);
    if (!a) abort();
    pv_push(&e->strs, a);
    a->rank = rank;
    a->base = tconst(0);
    for (int i = 0; i < MAXR; i++) a->co[i] = tconst(0);
    return a;
}

/* a scalar integer as a term (i64) */
static Term scalar_term(E *e, Value *v) {
    Attr *c = value_const(v);
    if (c && (c->kind == A_INT || c->kind == A_BOOL) && v->type && v->type->kind != T_FLOAT) return tconst(c->i);
    VI *x = vi(e, v);
    Term t = { false, 0, v->type && v->type->kind == T_INDEX ? x->name : (v->type && v->type->kind == T_INT && v->type->i.width == 64 ? x->name : fmt(e, "(i64)%s", x->name)) };
    return t;
}

static bool uniform(const Aff *a) {
    for (int i = 0; i < a->rank; i++)
        if (!tz(a->co[i])) return false;
    return !a->ptr;
}

/* v as base + sum co[d] * i_d over its dims (pointers: ptr + that), or NULL */
static Aff *aff_of(E *e, Value *v) {
    VI *x = vi(e, v);
    if (x->aff_done) return x->aff;
    x->aff_done = true;
    Type *t = v->type;
    if (x->carried) {
        /* the init's pointers advanced by the offset the loop carries */
        Aff *p = aff_of(e, x->carried);
        if (!p) return NULL;
        Aff *a = aff_new(e, p->rank);
        *a = *p;
        Term c = { false, 0, x->name };
        a->base = tadd(e, a->base, c);
        x->aff = a;
        return a;
    }
    if (!is_tensor(t) || t->sh.rank > MAXR || !v->def) return NULL;
    Type *el = t->sh.elem;
    bool isptr = el->kind == T_PTR && !is_bptr(el);
    if (!isptr && !((el->kind == T_INT && el->i.width >= 8) || el->kind == T_INDEX)) return NULL;
    Op *op = v->def;
    int r = t->sh.rank, id = op->info->id;
    if (op->verbatim) return NULL;
    Aff *a = NULL, *p, *q;
    switch (id) {
    case OP_tt_make_range: {
        int64_t s;
        if (!op_attr_int(op, "start", &s) || r != 1) return NULL;
        a = aff_new(e, 1);
        a->base = tconst(s);
        a->co[0] = tconst(1);
        break;
    }
    case OP_tt_splat: {
        Value *s = op_operand(op, 0);
        if (!s->type || s->type->kind == T_TENSOR) return NULL;
        a = aff_new(e, r);
        if (isptr) a->ptr = vi(e, s)->name;
        else a->base = scalar_term(e, s);
        break;
    }
    case OP_arith_constant: {
        Attr *c = op_attr(op, "value");
        if (!c || c->kind != A_DENSE || c->dense.n != 1 || isptr) return NULL;
        Attr *el0 = c->dense.elts[0];
        if (el0->kind != A_INT && el0->kind != A_BOOL) return NULL;
        a = aff_new(e, r);
        a->base = tconst(el0->i);
        break;
    }
    case OP_tt_broadcast: {
        Value *s = op_operand(op, 0);
        if (!is_tensor(s->type) || s->type->sh.rank != r || !(p = aff_of(e, s))) return NULL;
        a = aff_new(e, r);
        *a = *p;
        for (int d = 0; d < r; d++)
            if (s->type->sh.dims[d] == 1) a->co[d] = tconst(0);
        break;
    }
    case OP_tt_expand_dims: {
        int64_t ax;
        Value *s = op_operand(op, 0);
        if (!op_attr_int(op, "axis", &ax) || ax < 0 || ax >= r || !(p = aff_of(e, s))) return NULL;
        a = aff_new(e, r);
        a->ptr = p->ptr;
        a->base = p->base;
        for (int d = 0, k = 0; d < r; d++) a->co[d] = d == ax ? tconst(0) : p->co[k++];
        break;
    }
    case OP_tt_trans: {
        int64_t order[MAXR];
        if (op_attr_ints(op, "order", order, MAXR) != r || !(p = aff_of(e, op_operand(op, 0)))) return NULL;
        a = aff_new(e, r);
        a->ptr = p->ptr;
        a->base = p->base;
        for (int d = 0; d < r; d++) {
            if (order[d] < 0 || order[d] >= r) return NULL;
            a->co[d] = p->co[order[d]];
        }
        break;
    }
    case OP_arith_addi: case OP_arith_subi:
        if (isptr || !(p = aff_of(e, op_operand(op, 0))) || !(q = aff_of(e, op_operand(op, 1))) || p->ptr || q->ptr) return NULL;
        a = aff_new(e, r);
        a->base = tadd(e, p->base, id == OP_arith_subi ? tneg(e, q->base) : q->base);
        for (int d = 0; d < r; d++) a->co[d] = tadd(e, p->co[d], id == OP_arith_subi ? tneg(e, q->co[d]) : q->co[d]);
        break;
    case OP_arith_muli:
        if (isptr || !(p = aff_of(e, op_operand(op, 0))) || !(q = aff_of(e, op_operand(op, 1))) || p->ptr || q->ptr) return NULL;
        if (!uniform(q)) { Aff *s = p; p = q; q = s; }
        if (!uniform(q)) return NULL;
        a = aff_new(e, r);
        a->base = tmul(e, p->base, q->base);
        for (int d = 0; d < r; d++) a->co[d] = tmul(e, p->co[d], q->base);
        break;
    case OP_arith_extsi: case OP_arith_index_cast: {
        Value *s = op_operand(op, 0);
        if (!is_tensor(s->type) || iw(type_elem(s->type)) > iw(el) || !(p = aff_of(e, s))) return NULL;
        a = p;
        break;
    }
    case OP_tt_addptr:
        if (!isptr || !(p = aff_of(e, op_operand(op, 0))) || !(q = aff_of(e, op_operand(op, 1))) || !p->ptr || q->ptr) return NULL;
        a = aff_new(e, r);
        a->ptr = p->ptr;
        a->base = tadd(e, p->base, q->base);
        for (int d = 0; d < r; d++) a->co[d] = tadd(e, p->co[d], q->co[d]);
        break;
    default:
        return NULL;
    }
    x->aff = a;
    return a;
}

/* the i64 expression of a at idx */
static const char *aff_sum(E *e, const Aff *a, const char *const *idx) {
    const char *s = NULL;
    if (!tz(a->base)) s = tstr(e, a->base);
    for (int d = 0; d < a->rank; d++) {
        if (tz(a->co[d]) || is0(idx[d])) continue;
        const char *term = a->co[d].k && a->co[d].c == 1 ? idx[d] : fmt(e, "%s * %s", idx[d], tstr(e, a->co[d]));
        s = s ? fmt(e, "%s + %s", s, term) : term;
    }
    return s ? s : "0";
}
static const char *aff_render(E *e, const Aff *a, Type *el, const char *const *idx) {
    const char *s = aff_sum(e, a, idx);
    if (a->ptr) return is0(s) ? a->ptr : fmt(e, "%s + %s", a->ptr, s);
    if (el->kind == T_INT && el->i.width < 64) return fmt(e, "(%s)(%s)", rtype(e, el), s);
    return fmt(e, "(%s)", s);
}

/* ---- tts (the structured pointers of --ptr-analysis) ------------------------ */


static const char *ex(E *e, Value *v, const char *const *idx);

/* a static list with INT64_MIN for the entries given by operands next,
 * next+1, ... (below end): each entry as an i64 C expression */
static int mixed(E *e, Op *op, const char *name, int *next, int end, const char **out) {
    Attr *a = op_attr(op, name);
    if (!a || a->kind != A_DENSE_ARRAY || (a->darr.n && !a->darr.i) || a->darr.n > MAXR) return -1;
    for (int i = 0; i < a->darr.n; i++) {
        if (a->darr.i[i] != INT64_MIN) { out[i] = tstr(e, tconst(a->darr.i[i])); continue; }
        if (*next >= end) return -1;
        Value *v = op_operand(op, (*next)++);
        if (is_tensor(v->type)) return -1;
        out[i] = scalar_term(e, v).k ? tstr(e, scalar_term(e, v)) : scalar_term(e, v).s;
    }
    return a->darr.n;
}

/* element idx of a structured tts.make_tptr: base + sum over d of
 * offsets[d] + idx[d] * strides[d] (modulo shape[d] when it is not 0) */
static const char *tptr_elem(E *e, Op *op, const char *const *idx) {
    const int64_t *sg = op_segment_sizes(op, 4);
    if (!sg || sg[0] != 1) return NULL;
    const char *str[MAXR], *off[MAXR], *shp[MAXR];
    int next = 1;
    int nst = mixed(e, op, "static_strides", &next, (int)(1 + sg[1]), str);
    int no = mixed(e, op, "static_offsets", &next, (int)(1 + sg[1] + sg[2]), off);
    int nsh = mixed(e, op, "static_shape", &next, op->nopnds, shp);
    int64_t ord[MAXR];
    Value *res = op_result(op, 0);
    if (!is_tensor(res->type) || nst != res->type->sh.rank || no != nst || nsh != nst ||
        (op_attr(op, "order") && op_attr_ints(op, "order", ord, MAXR) > 0))
        return NULL;
    const char *sum = NULL;
    for (int d = 0; d < nst; d++) {
        const char *term = !strcmp(str[d], "1") ? idx[d] : fmt(e, "%s * %s", idx[d], str[d]);
        const char *t = is0(idx[d]) || is0(str[d]) ? off[d] : is0(off[d]) ? term : fmt(e, "%s + %s", off[d], term);
        if (!is0(shp[d])) t = !strcmp(shp[d], "(-1)") ? "0" : fmt(e, "(%s) %% %s", t, shp[d]);
        if (is0(t)) continue;
        sum = sum ? fmt(e, "%s + %s", sum, t) : t;
    }
    const char *base = ex(e, op_operand(op, 0), NULL);
    return sum ? fmt(e, "%s + (%s)", base, sum) : base;
}

/* ---- expressions ---------------------------------------------------------- */

static const char *ex(E *e, Value *v, const char *const *idx);


/* round a double expression d to float type t */
static const char *fround(E *e, const Type *t, const char *d) {
    if (fname_is(t, "f64")) return d;
    if (fname_is(t, "f16")) { return fmt(e, "ttx_f16r(%s)", d); }
    if (fname_is(t, "bf16")) { return fmt(e, "ttx_bf16r(%s)", d); }
    return fmt(e, "(float)%s", d);
}
static const char *call1(E *e, const Type *t, const char *fn, const char *a) {
    if (!strcmp(fn, "exp") && fname_is(t, "f32")) return fmt(e, "ttx_expf(%s)", a);
    return fround(e, t, fmt(e, "%s(%s)", fn, a));
}
static const char *call2(E *e, const Type *t, const char *fn, const char *a, const char *b) {
    return fround(e, t, fmt(e, "%s(%s, %s)", fn, a, b));
}

static const char *cmpf_expr(E *e, int64_t p, const char *a, const char *b) {
    switch (p) {
    case 0: return "0";
    case 1: return fmt(e, "(%s == %s)", a, b);
    case 2: return fmt(e, "(%s > %s)", a, b);
    case 3: return fmt(e, "(%s >= %s)", a, b);
    case 4: return fmt(e, "(%s < %s)", a, b);
    case 5: return fmt(e, "(%s <= %s)", a, b);
    case 6: return fmt(e, "(%s < %s || %s > %s)", a, b, a, b);
    case 7: return fmt(e, "(%s == %s && %s == %s)", a, a, b, b);
    case 8: return fmt(e, "!(%s < %s || %s > %s)", a, b, a, b);
    case 9: return fmt(e, "!(%s <= %s)", a, b);
    case 10: return fmt(e, "!(%s < %s)", a, b);
    case 11: return fmt(e, "!(%s >= %s)", a, b);
    case 12: return fmt(e, "!(%s > %s)", a, b);
    case 13: return fmt(e, "(%s != %s)", a, b);
    case 14: return fmt(e, "(%s != %s || %s != %s)", a, a, b, b);
    default: return "1";
    }
}
static const char *cmpi_expr(E *e, int64_t p, int w, const char *a, const char *b) {
    static const char *const ops[] = { "==", "!=", "<", "<=", ">", ">=", "<", "<=", ">", ">=" };
    if (p < 0 || p > 9) return NULL;
    if (p <= 1 || (w == 1 && p >= 6)) return fmt(e, "(%s %s %s)", a, ops[p], b);
    if (p >= 6) return fmt(e, "((%s)%s %s (%s)%s)", utype(w), a, ops[p], utype(w), b);
    if (w == 1) return fmt(e, "(-(int)%s %s -(int)%s)", a, ops[p], b);
    return fmt(e, "(%s %s %s)", a, ops[p], b);
}

/* the value of op's (first) result from operand expressions a[]; NULL when
 * the op is not an elementwise or scalar op this target knows */
static const char *op_expr(E *e, Op *op, const char *const *a) {
    int id = op->info->id;
    Type *rt = op->nres ? type_elem(op->res[0].type) : NULL;
    Type *at = op->nopnds ? type_elem(op_operand(op, 0)->type) : NULL;
    if (!rt) return NULL;
    const char *T = rtype(e, rt);
    if (!T) return NULL;
    bool rf = rt->kind == T_FLOAT, ri = rt->kind == T_INT || rt->kind == T_INDEX;
    int w = ri ? iw(rt) : 0;
    const char *U = ri ? wtype(w) : NULL;
    switch (id) {
    case OP_tt_get_program_id: case OP_tt_get_num_programs: {
        int64_t ax;
        if (!op_attr_int(op, "axis", &ax) || ax < 0 || ax > 2) return NULL;
        int k = (id == OP_tt_get_program_id ? 3 : 0) + (int)ax;
        static const char *const g[] = { "gridX", "gridY", "gridZ", "pidX", "pidY", "pidZ" };
        e->grid_used[k] = true;
        return w == 32 ? g[k] : fmt(e, "(%s)%s", T, g[k]);
    }
    case OP_tt_addptr: return fmt(e, "(%s + %s)", a[0], a[1]);
    case OP_arith_addi: case OP_arith_subi: case OP_arith_muli:
        if (!ri) return NULL;
        if (w == 1) return fmt(e, "(%s %s %s)", a[0], id == OP_arith_muli ? "&" : "^", a[1]);
        return fmt(e, "(%s)((%s)%s %s (%s)%s)", T, U, a[0], id == OP_arith_addi ? "+" : id == OP_arith_subi ? "-" : "*", U, a[1]);
    case OP_arith_andi: case OP_arith_ori: case OP_arith_xori: {
        const char *o = id == OP_arith_andi ? "&" : id == OP_arith_ori ? "|" : "^";
        if (!ri) return NULL;
        return w < 32 && w > 1 ? fmt(e, "(%s)(%s %s %s)", T, a[0], o, a[1]) : fmt(e, "(%s %s %s)", a[0], o, a[1]);
    }
    case OP_arith_maxsi: case OP_arith_minsi: case OP_arith_maxui: case OP_arith_minui: {
        if (!ri) return NULL;
        bool mx = id == OP_arith_maxsi || id == OP_arith_maxui, un = id == OP_arith_maxui || id == OP_arith_minui;
        if (w == 1) return fmt(e, "(%s %s %s)", a[0], mx != un ? "&" : "|", a[1]);
        if (un) return fmt(e, "((%s)%s %s (%s)%s ? %s : %s)", utype(w), a[0], mx ? ">" : "<", utype(w), a[1], a[0], a[1]);
        return fmt(e, "(%s %s %s ? %s : %s)", a[0], mx ? ">" : "<", a[1], a[0], a[1]);
    }
    case OP_arith_shli: case OP_arith_shrui: case OP_arith_shrsi:
        if (!ri || w == 1) return NULL;
        if (id == OP_arith_shli) return fmt(e, "((%s)%s >= %d ? (%s)0 : (%s)((%s)%s << (%s)%s))", utype(w), a[1], w, T, T, U, a[0], utype(w), a[1]);
        if (id == OP_arith_shrui) return fmt(e, "((%s)%s >= %d ? (%s)0 : (%s)((%s)%s >> (%s)%s))", utype(w), a[1], w, T, T, utype(w), a[0], utype(w), a[1]);
        return fmt(e, "((%s)%s >= %d ? (%s)(%s < 0 ? -1 : 0) : (%s)(%s >> (%s)%s))", utype(w), a[1], w, T, a[0], T, a[0], utype(w), a[1]);
    case OP_arith_divsi: case OP_arith_remsi: case OP_arith_floordivsi: case OP_arith_ceildivsi:
        if (!ri || w == 1) return NULL;
        
        return fmt(e, "(%s)ttx_%s(%s, %s)", T, id == OP_arith_divsi ? "divs" : id == OP_arith_remsi ? "rems" : id == OP_arith_floordivsi ? "floordivs" : "ceildivs", a[0], a[1]);
    case OP_arith_divui: case OP_arith_remui: case OP_arith_ceildivui:
        if (!ri || w == 1) return NULL;
        
        return fmt(e, "(%s)ttx_%s((%s)%s, (%s)%s)", T, id == OP_arith_divui ? "divu" : id == OP_arith_remui ? "remu" : "ceildivu", utype(w), a[0], utype(w), a[1]);
    case OP_tt_mulhiui:
        if (!ri || w > 32 || w == 1) return NULL;
        return fmt(e, "(%s)(((u64)(%s)%s * (u64)(%s)%s) >> %d)", T, utype(w), a[0], utype(w), a[1], w);
    case OP_math_absi:
        if (!ri || w == 1) return NULL;
        return fmt(e, "(%s)(%s < 0 ? (%s)0 - (%s)%s : (%s)%s)", T, a[0], U, U, a[0], U, a[0]);
    case OP_arith_addf: case OP_arith_subf: case OP_arith_mulf: case OP_arith_divf: case OP_tt_precise_divf: {
        if (!rf) return NULL;
        const char *o = id == OP_arith_addf ? "+" : id == OP_arith_subf ? "-" : id == OP_arith_mulf ? "*" : "/";
        if (fname_is(rt, "f32") || fname_is(rt, "f64")) return fmt(e, "(%s %s %s)", a[0], o, a[1]);
        return fround(e, rt, fmt(e, "((double)%s %s %s)", a[0], o, a[1]));
    }
    case OP_tt_extern_elementwise: {
        /* libdevice's float functions: __nv_expf, fast_expf, exp, ... */
        Attr *sym = op_attr_any(op, "symbol");
        if (!rf || !sym || sym->kind != A_STRING || sym->str.len >= 64) return NULL;
        char nm[64];
        memcpy(nm, sym->str.s, sym->str.len);
        nm[sym->str.len] = 0;
        const char *n = nm;
        if (!strncmp(n, "__nv_", 5)) n += 5;
        if (!strncmp(n, "fast_", 5)) n += 5;
        static const char *const one[] = { "acos", "acosh", "asin", "asinh", "atan", "atanh", "cbrt", "ceil", "cos",
            "cosh", "erf", "exp", "exp2", "expm1", "floor", "log", "log10", "log1p", "log2", "round", "sin", "sinh",
            "sqrt", "tan", "tanh", "trunc", "fabs", "rsqrt", "sqrt_rn" };
        static const char *const two[] = { "atan2", "pow", "fmod", "fmax", "fmin", "div_rn", "fdiv_rn" };
        for (int pass = 0; pass < 2; pass++) {
            char t[64];
            snprintf(t, sizeof t, "%s", n);
            size_t l = strlen(t);
            if (pass == 1) { if (l < 2 || t[l - 1] != 'f') break; t[l - 1] = 0; }
            for (size_t i = 0; i < sizeof one / sizeof *one && op->nopnds == 1; i++) {
                if (strcmp(one[i], t)) continue;
                if (!strcmp(t, "rsqrt")) return fround(e, rt, fmt(e, "(1.0 / sqrt(%s))", a[0]));
                return call1(e, rt, !strcmp(t, "sqrt_rn") ? "sqrt" : t, a[0]);
            }
            for (size_t i = 0; i < sizeof two / sizeof *two && op->nopnds == 2; i++) {
                if (strcmp(two[i], t)) continue;
                if (strstr(t, "div_rn"))
                    return fname_is(rt, "f32") || fname_is(rt, "f64") ? fmt(e, "(%s / %s)", a[0], a[1])
                                                                      : fround(e, rt, fmt(e, "((double)%s / %s)", a[0], a[1]));
                return call2(e, rt, t, a[0], a[1]);
            }
        }
        return NULL;
    }
    case OP_arith_remf: return rf ? call2(e, rt, "fmod", a[0], a[1]) : NULL;
    case OP_math_powf: return rf ? call2(e, rt, "pow", a[0], a[1]) : NULL;
    case OP_math_atan2: return rf ? call2(e, rt, "atan2", a[0], a[1]) : NULL;
    case OP_arith_maxnumf: return rf ? call2(e, rt, "fmax", a[0], a[1]) : NULL;
    case OP_arith_minnumf: return rf ? call2(e, rt, "fmin", a[0], a[1]) : NULL;
    case OP_arith_maximumf: case OP_arith_minimumf:
        if (!rf) return NULL;
        
        return fround(e, rt, fmt(e, "ttx_%s(%s, %s)", id == OP_arith_maximumf ? "maximum" : "minimum", a[0], a[1]));
    case OP_arith_negf: return rf ? fmt(e, "(-%s)", a[0]) : NULL;
    case OP_math_fma:
        if (!rf) return NULL;
        return fround(e, rt, fmt(e, "fma(%s, %s, %s)", a[0], a[1], a[2]));
    case OP_tt_clampf: {
        if (!rf) return NULL;
        int64_t pn = 0;
        op_attr_int(op, "propagateNan", &pn);
        const char *c = fround(e, rt, fmt(e, "fmin(fmax(%s, %s), %s)", a[0], a[1], a[2]));
        return pn ? fmt(e, "(%s != %s ? %s : %s)", a[0], a[0], a[0], c) : c;
    }
    case OP_math_rsqrt:
        if (!rf) return NULL;
        return fround(e, rt, fmt(e, "(1.0 / sqrt(%s))", a[0]));
    case OP_math_absf: return rf ? call1(e, rt, "fabs", a[0]) : NULL;
    case OP_math_sqrt: case OP_tt_precise_sqrt: return rf ? call1(e, rt, "sqrt", a[0]) : NULL;
    case OP_math_exp: case OP_math_exp2: case OP_math_expm1: case OP_math_log: case OP_math_log2: case OP_math_log10:
    case OP_math_log1p: case OP_math_sin: case OP_math_cos: case OP_math_tan: case OP_math_asin: case OP_math_acos:
    case OP_math_atan: case OP_math_sinh: case OP_math_cosh: case OP_math_tanh: case OP_math_asinh: case OP_math_acosh:
    case OP_math_atanh: case OP_math_erf: case OP_math_cbrt: case OP_math_ceil: case OP_math_floor: case OP_math_round:
    case OP_math_trunc:
        if (!rf) return NULL;
        return call1(e, rt, strchr(op_name(op), '.') + 1, a[0]);
    case OP_arith_cmpi: case OP_arith_cmpf: {
        int64_t p;
        if (!op_attr_int(op, "predicate", &p) || !at) return NULL;
        if (id == OP_arith_cmpf) return at->kind == T_FLOAT ? cmpf_expr(e, p, a[0], a[1]) : NULL;
        if (at->kind != T_INT && at->kind != T_INDEX) return NULL;
        return cmpi_expr(e, p, iw(at), a[0], a[1]);
    }
    case OP_arith_select: return fmt(e, "(%s ? %s : %s)", a[0], a[1], a[2]);
    case OP_arith_extsi: case OP_arith_extui: case OP_arith_trunci: case OP_arith_index_cast: case OP_arith_index_castui: {
        if (!ri || !at || (at->kind != T_INT && at->kind != T_INDEX)) return NULL;
        int aw = iw(at);
        if (w == 1) return fmt(e, "(_Bool)(%s & 1)", a[0]);
        if (aw == 1) return id == OP_arith_extui || id == OP_arith_index_castui ? fmt(e, "(%s)%s", T, a[0]) : fmt(e, "(%s)(%s ? -1 : 0)", T, a[0]);
        if ((id == OP_arith_extui || id == OP_arith_index_castui) && aw < w) return fmt(e, "(%s)(%s)%s", T, utype(aw), a[0]);
        return fmt(e, "(%s)%s", T, a[0]);
    }
    case OP_arith_sitofp: case OP_arith_uitofp: {
        if (!rf || !at || (at->kind != T_INT && at->kind != T_INDEX)) return NULL;
        int aw = iw(at);
        const char *d;
        if (aw == 1) d = id == OP_arith_sitofp ? fmt(e, "(%s ? -1.0 : 0.0)", a[0]) : fmt(e, "(%s ? 1.0 : 0.0)", a[0]);
        else if (id == OP_arith_uitofp && aw == 64) { d = fmt(e, "ttx_u64tod((u64)%s)", a[0]); }
        else if (id == OP_arith_uitofp) d = fmt(e, "(double)(i64)(%s)%s", utype(aw), a[0]);
        else d = fmt(e, "(double)%s", a[0]);
        if (fname_is(rt, "f32") && aw < 64 && aw > 1 && id == OP_arith_sitofp) return fmt(e, "(float)%s", a[0]);
        return fround(e, rt, d);
    }
    case OP_arith_fptosi: case OP_arith_fptoui:
        if (!ri || !at || at->kind != T_FLOAT) return NULL;
        if (w == 1) return fmt(e, "(_Bool)(%s != 0)", a[0]);
        if (id == OP_arith_fptoui && w == 64) { return fmt(e, "(i64)ttx_dtou64(%s)", a[0]); }
        return fmt(e, "(%s)(i64)%s", T, a[0]);
    case OP_arith_extf: case OP_arith_truncf: case OP_tt_fp_to_fp:
        if (!rf || !at || at->kind != T_FLOAT) return NULL;
        if (is_f16ish(rt)) return fround(e, rt, a[0]);
        if (fname_is(rt, "f32")) return fname_is(at, "f64") ? fmt(e, "(float)%s", a[0]) : a[0];
        return fmt(e, "(double)%s", a[0]);
    case OP_arith_bitcast: case OP_tt_bitcast: {
        if (!at) return NULL;
        if (at->kind == T_PTR && rt->kind == T_PTR) return fmt(e, "(%s)%s", T, a[0]);
        if (ri && (at->kind == T_INT || at->kind == T_INDEX)) return fmt(e, "(%s)%s", T, a[0]);
        if (ri && at->kind == T_FLOAT) {
            if (fname_is(at, "f16")) { return fmt(e, "(%s)ttx_f2h(%s)", T, a[0]); }
            if (fname_is(at, "bf16")) { return fmt(e, "(%s)ttx_f2bf(%s)", T, a[0]); }
            
            return fmt(e, "(%s)ttx_bits%d(%s)", T, type_float_width(at), a[0]);
        }
        if (rf && (at->kind == T_INT || at->kind == T_INDEX)) {
            if (fname_is(rt, "f16")) { return fmt(e, "ttx_h2f((u16)%s)", a[0]); }
            if (fname_is(rt, "bf16")) { return fmt(e, "ttx_bf2f((u16)%s)", a[0]); }
            
            return fname_is(rt, "f32") ? fmt(e, "ttx_f32((u32)%s)", a[0]) : fmt(e, "ttx_f64((u64)%s)", a[0]);
        }
        return NULL;
    }
    default:
        return NULL;
    }
}

/* an elementwise op: one whose result element k depends on operand elements k */
static bool is_ew(int id) {
    switch (id) {
    case OP_arith_addi: case OP_arith_subi: case OP_arith_muli: case OP_arith_divsi: case OP_arith_divui:
    case OP_arith_ceildivsi: case OP_arith_ceildivui: case OP_arith_floordivsi: case OP_arith_remsi: case OP_arith_remui:
    case OP_arith_andi: case OP_arith_ori: case OP_arith_xori: case OP_arith_shli: case OP_arith_shrsi: case OP_arith_shrui:
    case OP_arith_maxsi: case OP_arith_maxui: case OP_arith_minsi: case OP_arith_minui: case OP_arith_addf:
    case OP_arith_subf: case OP_arith_mulf: case OP_arith_divf: case OP_arith_remf: case OP_arith_maxnumf:
    case OP_arith_minnumf: case OP_arith_maximumf: case OP_arith_minimumf: case OP_arith_negf: case OP_arith_cmpi:
    case OP_arith_cmpf: case OP_arith_select: case OP_arith_extsi: case OP_arith_extui: case OP_arith_extf:
    case OP_arith_trunci: case OP_arith_truncf: case OP_arith_sitofp: case OP_arith_uitofp: case OP_arith_fptosi:
    case OP_arith_fptoui: case OP_arith_index_cast: case OP_arith_index_castui: case OP_arith_bitcast:
    case OP_math_absf: case OP_math_absi: case OP_math_acos: case OP_math_acosh: case OP_math_asin: case OP_math_asinh:
    case OP_math_atan: case OP_math_atan2: case OP_math_atanh: case OP_math_cbrt: case OP_math_ceil: case OP_math_cos:
    case OP_math_cosh: case OP_math_erf: case OP_math_exp: case OP_math_exp2: case OP_math_expm1: case OP_math_floor:
    case OP_math_fma: case OP_math_log: case OP_math_log10: case OP_math_log1p: case OP_math_log2: case OP_math_powf:
    case OP_math_round: case OP_math_rsqrt: case OP_math_sin: case OP_math_sinh: case OP_math_sqrt: case OP_math_tan:
    case OP_math_tanh: case OP_math_trunc: case OP_tt_addptr: case OP_tt_bitcast: case OP_tt_fp_to_fp:
    case OP_tt_clampf: case OP_tt_precise_sqrt: case OP_tt_precise_divf: case OP_tt_mulhiui:
    case OP_tt_extern_elementwise:
        return true;
    default:
        return false;
    }
}
static bool is_view(int id) {
    return id == OP_tt_splat || id == OP_tt_broadcast || id == OP_tt_expand_dims || id == OP_tt_trans ||
           id == OP_tt_make_range || id == OP_tt_reshape || id == OP_tt_unsplat || id == OP_tt_cat || id == OP_tt_join;
}
/* ops whose C needs a check statement (so they are never fused) */
static bool needs_check(int id) {
    return id == OP_arith_divsi || id == OP_arith_divui || id == OP_arith_ceildivsi || id == OP_arith_ceildivui ||
           id == OP_arith_floordivsi || id == OP_arith_remsi || id == OP_arith_remui || id == OP_arith_fptosi ||
           id == OP_arith_fptoui;
}

/* the expression of element idx of op's first result */
static const char *elem_of(E *e, Op *op, const char *const *idx) {
    int id = op->info->id;
    Value *v = op_result(op, 0);
    Type *t = v->type;
    int r = t->sh.rank;
    if (id == OP_tt_splat) return ex(e, op_operand(op, 0), NULL);
    if (id == OP_tts_make_tptr) return tptr_elem(e, op, idx);
    Aff *af = id == OP_arith_constant ? NULL : aff_of(e, v);
    if (af) return aff_render(e, af, t->sh.elem, idx);
    const char *sidx[MAXR];
    switch (id) {
    case OP_arith_constant: {
        Attr *c = op_attr(op, "value");
        if (!c || c->kind != A_DENSE || !c->dense.n) return NULL;
        if (c->dense.n == 1) return lit_attr(e, c->dense.elts[0], t->sh.elem);
        return fmt(e, "%s[%s]", vi(e, v)->name, flat(e, t->sh.dims, r, idx));
    }
    case OP_tt_splat: return ex(e, op_operand(op, 0), NULL);
    case OP_tt_broadcast: {
        Value *s = op_operand(op, 0);
        Type *st = s->type;
        if (!is_tensor(st) || (st->sh.rank != r && type_numel(st) != 1)) return NULL;
        for (int d = 0; d < st->sh.rank; d++) sidx[d] = st->sh.rank != r || st->sh.dims[d] == 1 ? "0" : idx[d];
        return ex(e, s, sidx);
    }
    case OP_tt_expand_dims: {
        int64_t ax;
        if (!op_attr_int(op, "axis", &ax) || ax < 0 || ax >= r) return NULL;
        for (int d = 0, k = 0; d < r; d++)
            if (d != ax) sidx[k++] = idx[d];
        return ex(e, op_operand(op, 0), sidx);
    }
    case OP_tt_trans: {
        int64_t order[MAXR];
        if (op_attr_ints(op, "order", order, MAXR) != r) return NULL;
        for (int d = 0; d < r; d++) {
            if (order[d] < 0 || order[d] >= r) return NULL;
            sidx[order[d]] = idx[d];
        }
        return ex(e, op_operand(op, 0), sidx);
    }
    case OP_tt_cat: case OP_tt_join: {
        /* cat: a's elements, then b's; join: a new last dimension of 2 */
        Value *a = op_operand(op, 0), *b = op_operand(op, 1);
        VI *xa = vi(e, a), *xb = vi(e, b);
        if (!is_tensor(a->type) || !is_tensor(b->type) || xa->kind != K_ARRAY || xb->kind != K_ARRAY) return NULL;
        int64_t na = type_numel(a->type);
        if (id == OP_tt_cat) {
            const char *f = flat(e, t->sh.dims, r, idx);
            return fmt(e, "(%s < %" PRId64 " ? %s[%s] : %s[%s - %" PRId64 "])", f, na, xa->name, f, xb->name, f, na);
        }
        if (a->type->sh.rank != r - 1) return NULL;
        const char *f = flat(e, a->type->sh.dims, r - 1, idx);
        return fmt(e, "(%s ? %s[%s] : %s[%s])", idx[r - 1], xb->name, f, xa->name, f);
    }
    case OP_tt_reshape: case OP_tt_unsplat: {
        Value *s = op_operand(op, 0);
        VI *x = vi(e, s);
        if (!is_tensor(s->type) || x->kind != K_ARRAY || type_numel(s->type) != type_numel(t)) return NULL;
        if (!is_tensor(t)) return fmt(e, "%s[0]", x->name);
        return fmt(e, "%s[%s]", x->name, flat(e, t->sh.dims, r, idx));
    }
    default:
        break;
    }
    if (!is_ew(id) || op->nopnds > 3) return NULL;
    const char *a[3] = { NULL, NULL, NULL };
    for (int i = 0; i < op->nopnds; i++) {
        Value *o = op_operand(op, i);
        if (is_tensor(o->type)) {
            if (o->type->sh.rank != r) return NULL;
            a[i] = ex(e, o, idx);
        } else a[i] = ex(e, o, NULL);
        if (!a[i]) return NULL;
    }
    return op_expr(e, op, a);
}

static const char *ex(E *e, Value *v, const char *const *idx) {
    VI *x = vi(e, v);
    if (!is_tensor(v->type)) return x->name;
    if (x->kind == K_ARRAY) return fmt(e, "%s[%s]", x->name, flat(e, v->type->sh.dims, v->type->sh.rank, idx));
    if (x->kind == K_VIRT && x->carried) {
        Aff *af = aff_of(e, v);
        if (af) return aff_render(e, af, v->type->sh.elem, idx);
    } else if (x->kind == K_VIRT && v->def) {
        const char *s = elem_of(e, v->def, idx);
        if (s) return s;
    }
    Op *at = v->def ? v->def : v->block && v->block->region ? v->block->region->op : NULL;
    if (at) unsupported(e, at, "an operand it cannot express");
    else e->failed = true;
    return "0";
}

/* ---- naming and the virtual/array decision -------------------------------- */

static void name_value(E *e, Value *v, const char *forced) {
    VI *x = vi(e, v);
    if (forced) { x->name = forced; return; }
    if (v->def && op_is(v->def, OP_arith_constant) && v->type && !is_tensor(v->type)) {
        Attr *c = op_attr(v->def, "value");
        const char *l = c ? lit_attr(e, c, v->type) : NULL;
        if (l) { x->name = l; x->kind = K_SCALAR; return; }
    }
    x->name = fmt(e, "v%d", e->nextv++);
}

static void name_op(E *e, Op *op, PtrVec *order) {
    pv_push(order, op);
    if (op_is(op, OP_scf_for) && op->nregions) {
        Block *b = op->regions[0].first;
        if (b) {
            for (int i = 0; i < b->nargs; i++) name_value(e, b->args[i], NULL);
            for (int i = 0; i < op->nres && i + 1 < b->nargs; i++) name_value(e, op_result(op, i), vi(e, b->args[i + 1])->name);
        }
    } else {
        for (int i = 0; i < op->nres; i++) name_value(e, op_result(op, i), NULL);
    }
    for (int r = 0; r < op->nregions; r++)
        for (Block *b = op->regions[r].first; b; b = b->next) {
            if (!op_is(op, OP_scf_for))
                for (int i = 0; i < b->nargs; i++) name_value(e, b->args[i], NULL);
            for (Op *o = b->first; o; o = o->next) name_op(e, o, order);
        }
}

/* the iter args of loop op that are pointer tensors affine in the ranges
 * (their init) and advanced by a uniform offset (their yield is
 * tt.addptr(arg, uniform)): they become an i64 offset carried by the loop,
 * so loads through them stay strided */
static void find_carried(E *e, Op *op) {
    Block *b = op->nregions ? op->regions[0].first : NULL;
    Op *y = b ? b->last : NULL;
    int ni = op->nopnds - 3;
    if (!b || !y || !op_is(y, OP_scf_yield) || y->nopnds != ni || b->nargs != ni + 1 || op->nres != ni) return;
    for (int i = 0; i < ni; i++) {
        Value *arg = b->args[i + 1], *init = op_operand(op, 3 + i), *nx = op_operand(y, i);
        Type *t = arg->type;
        if (!is_tensor(t) || t->sh.elem->kind != T_PTR || is_bptr(t->sh.elem)) continue;
        Op *ad = nx->def;
        if (!ad || !op_is(ad, OP_tt_addptr) || op_operand(ad, 0) != arg || value_num_uses(nx) != 1) continue;
        Aff *ia = aff_of(e, init), *ua = aff_of(e, op_operand(ad, 1));
        if (!ia || !ia->ptr || !ua || !uniform(ua)) continue;
        VI *x = vi(e, arg);
        x->carried = init;
        x->step = op_operand(ad, 1);
        x->aff_done = false;
        VI *r = vi(e, op_result(op, i));
        r->carried = init;
        r->aff_done = false;
        r->name = x->name;
        vi(e, nx)->carried_step = true;
    }
}

/* must operand i of op be an array? */
/* ---- the bulk routines of the JIT (CEmitOpts.rt) ---------------------------- */

static bool use_rt(E *e) { return e->o && e->o->rt; }

/* the ttx_rt_f32_bin code of an f32 elementwise op (16 + the ttx_rt_f32_un
 * code for a unary one), or -1 */
static int rt_code(E *e, Op *op) {
    if (!use_rt(e) || op->nres != 1 || op->verbatim || !is_tensor(op->res[0].type) || !fname_is(op->res[0].type->sh.elem, "f32"))
        return -1;
    for (int i = 0; i < op->nopnds; i++)
        if (!fname_is(type_elem(op_operand(op, i)->type), "f32")) return -1;
    switch (op->info->id) {
    case OP_arith_addf: return 0;
    case OP_arith_subf: return 1;
    case OP_arith_mulf: return 2;
    case OP_arith_divf: return 3;
    case OP_arith_maxnumf: return 4;
    case OP_arith_minnumf: return 5;
    case OP_math_exp: return 16;
    default: return -1;
    }
}

/* one value for every element: a splat of a scalar or a splat constant */
static bool is_uniform_value(Value *v) {
    Op *d = v->def;
    if (!d || d->verbatim) return false;
    if (op_is(d, OP_tt_splat)) return !is_tensor(op_operand(d, 0)->type);
    if (op_is(d, OP_arith_constant)) {
        Attr *c = op_attr(d, "value");
        return c && c->kind == A_DENSE && c->dense.n == 1;
    }
    return false;
}

static bool same_shape(const Type *a, const Type *b) {
    if (!is_tensor(a) || !is_tensor(b) || a->sh.rank != b->sh.rank) return false;
    for (int d = 0; d < a->sh.rank; d++)
        if (a->sh.dims[d] != b->sh.dims[d]) return false;
    return true;
}

static const char *ex(E *e, Value *v, const char *const *idx);

/* the ttx_rt_f32_red code (0 add, 4 max, 5 min) of a tt.reduce along the
 * last axis of an f32 array with that combiner, or -1 */
static int rt_reduce_code(E *e, Op *op);
static bool declare(E *e, Value *v);
static int loops_open(E *e, const int64_t *dims, int rank, const char **idx);
static void loops_close(E *e, int n);

/* the op that uses v, when there is exactly one use */
static Op *sole_user(Value *v) { return v->uses && !v->uses->next ? v->uses->owner : NULL; }

/* the whole array of a row op left to its user (VI.dcode), computed now */
static void rt_materialize(E *e, Value *v, const char *at) {
    VI *x = vi(e, v);
    if (!x->dcode) return;
    int64_t n = type_numel(v->type);
    if (at) n = v->type->sh.dims[v->type->sh.rank - 1];
    const char *off = at ? fmt(e, " + %s", at) : "";
    line(e, "ttx_rt_f32_bin(%d, %s%s, %s%s, 1, %s%s, %d, %" PRId64 ");", x->dcode - 1, x->name, off, x->da, off, x->db,
         x->dsb ? off : "", x->dsb, n);
}

/* an f32 elementwise op over whole arrays (or one value) as one call;
 * false (nothing written) when its operands are not of that form */
static bool rt_elementwise(E *e, Op *op, Value *v) {
    /* a tt.addptr of a pointer array and one offset: one call */
    if (use_rt(e) && op_is(op, OP_tt_addptr) && !op->verbatim && op->nopnds == 2 && type_elem(v->type)->kind == T_PTR &&
        vi(e, op_operand(op, 0))->kind == K_ARRAY && same_shape(op_operand(op, 0)->type, v->type) &&
        is_uniform_value(op_operand(op, 1)) && msize(type_elem(v->type)->ptr.pointee) > 0) {
        const char *zi[MAXR];
        for (int d = 0; d < MAXR; d++) zi[d] = "0";
        line(e, "ttx_rt_ptr_add((void **)%s, (void *const *)%s, (i64)(%s) * %d, %" PRId64 ");", vi(e, v)->name,
             vi(e, op_operand(op, 0))->name, ex(e, op_operand(op, 1), zi), msize(type_elem(v->type)->ptr.pointee), type_numel(v->type));
        return true;
    }
    int code = rt_code(e, op);
    if (code < 0 || op->nopnds != (code >= 16 ? 1 : 2)) return false;
    const char *zi[MAXR];
    for (int d = 0; d < MAXR; d++) zi[d] = "0";
    const char *ptr[2];
    int stride[2];
    for (int i = 0; i < op->nopnds; i++) {
        Value *a = op_operand(op, i);
        VI *x = vi(e, a);
        if (x->kind == K_ARRAY && same_shape(a->type, v->type)) { ptr[i] = x->name; stride[i] = 1; }
        else if (is_uniform_value(a) && code < 16) { ptr[i] = NULL; stride[i] = 0; }
        else return false;
    }
    const char *sname = NULL;
    for (int i = 0; i < op->nopnds; i++)
        if (!ptr[i]) {
            sname = fmt(e, "ttx_s%d", e->ntmp++);
            line(e, "float %s = %s;", sname, ex(e, op_operand(op, i), zi));
            ptr[i] = fmt(e, "&%s", sname);
        }
    int64_t n = type_numel(v->type);
    /* a row op on an array and one value used once in this block by an exp
     * (a subtraction), or on an array and an array or one value used once
     * in this block by a store: left to that user, which computes it in its
     * own pass over the row */
    Op *u = sole_user(v);
    bool to_exp = code == 1 && stride[1] == 0 && u && rt_code(e, u) == 16;
    bool to_store = u && op_is(u, OP_tt_store) && u->nopnds >= 2 && op_operand(u, 1) == v;
    if (code < 16 && stride[0] == 1 && u && u->block == op->block && (to_exp || to_store) &&
        !vi(e, op_operand(op, 0))->carried && !vi(e, op_operand(op, 1))->carried) {
        VI *x = vi(e, v);
        x->dcode = code + 1;
        x->da = ptr[0];
        x->db = ptr[1];
        x->dsb = stride[1];
        x->ds = sname;
        line(e, "/* computed by its user */");
        return true;
    }
    VI *a0 = vi(e, op_operand(op, 0));
    bool sub = a0->dcode == 2 && !a0->dsb;
    /* an exp whose result an add reduce along the last axis sums (in this
     * block): the sums row by row as the exp is computed */
    Op *sr = NULL;
    for (Use *u = code == 16 ? v->uses : NULL; u && !sr; u = u->next)
        if (rt_reduce_code(e, u->owner) == 0 && u->owner->block == op->block && value_has_uses(op_result(u->owner, 0)))
            sr = u->owner;
    if (sr) {
        Value *rv = op_result(sr, 0);
        if (!declare(e, rv)) return false;
        vi(e, rv)->by_producer = true;
        Type *vt = v->type;
        int r = vt->sh.rank;
        const char *idx[MAXR];
        int nl = loops_open(e, vt->sh.dims, r - 1, idx);
        idx[r - 1] = "0";
        const char *row = flat(e, vt->sh.dims, r, idx);
        const char *dst = is_tensor(rv->type) ? fmt(e, "%s[%s]", vi(e, rv)->name, flat(e, vt->sh.dims, r - 1, idx)) : vi(e, rv)->name;
        line(e, "%s = ttx_rt_f32_exp_sum(&%s[%s], %s + %s, %s, %" PRId64 ");", dst, vi(e, v)->name, row, sub ? a0->da : a0->name, row,
             sub ? a0->ds : "0.0f", vt->sh.dims[r - 1]);
        loops_close(e, nl);
        return true;
    }
    if (code == 16 && sub) {
        line(e, "ttx_rt_f32_exp_sub(%s, %s, %s, %" PRId64 ");", vi(e, v)->name, a0->da, a0->ds, n);
        return true;
    }
    if (code >= 16) line(e, "ttx_rt_f32_un(%d, %s, %s, %" PRId64 ");", code - 16, vi(e, v)->name, ptr[0], n);
    else
        line(e, "ttx_rt_f32_bin(%d, %s, %s, %d, %s, %d, %" PRId64 ");", code, vi(e, v)->name, ptr[0], stride[0], ptr[1], stride[1], n);
    return true;
}

static const char *aff_sum(E *e, const Aff *a, const char *const *idx);

/* lines that set `i64 ttx_lo, ttx_hi` to the lanes [lo, hi) of the last axis
 * that the mask keeps in the row at ridx (its last index "0"), and `int
 * ttx_ok` to whether that interval is exact; false when the mask is not a
 * comparison of two affine integer tensors whose difference grows by 0 or 1
 * along the last axis */
static bool rt_mask(E *e, Value *mask, int r, const char *const *ridx, int64_t L, bool emit) {
    Op *d = mask ? mask->def : NULL;
    /* a broadcast comparison (Triton's masks of a K loop): the comparison of
     * the unbroadcast operands, at index 0 along the broadcast dims */
    const char *bidx[MAXR];
    if (d && !d->verbatim && op_is(d, OP_tt_broadcast) && r <= MAXR) {
        Type *st = op_operand(d, 0)->type;
        if (!is_tensor(st) || st->sh.rank != r || (st->sh.dims[r - 1] != L && st->sh.dims[r - 1] != 1)) return false;
        for (int k = 0; k < r; k++) bidx[k] = st->sh.dims[k] == 1 ? "0" : ridx ? ridx[k] : NULL;
        if (ridx) ridx = bidx;
        mask = op_operand(d, 0);
        d = mask->def;
    }
    int64_t pred = -1, c = 0;
    Aff *al = NULL, *ar = NULL;
    if (mask) {
        if (!d || d->verbatim || !op_is(d, OP_arith_cmpi) || !op_attr_int(d, "predicate", &pred) || pred < 2 || pred > 5) return false;
        al = aff_of(e, op_operand(d, 0));
        ar = aff_of(e, op_operand(d, 1));
        if (!al || !ar || al->ptr || ar->ptr || al->rank != r || ar->rank != r) return false;
        if (!al->co[r - 1].k || !ar->co[r - 1].k) return false;
        c = al->co[r - 1].c - ar->co[r - 1].c;
        if (c != 0 && c != 1) return false;
    }
    if (!emit) return true;
    line(e, "i64 ttx_lo = 0, ttx_hi = %" PRId64 ";", L);
    line(e, "int ttx_ok = 1;");
    if (!mask) return true;
    int w = iw(type_elem(op_operand(d, 0)->type));
    line(e, "i64 ttx_ml = %s, ttx_mr = %s, ttx_md = ttx_ml - ttx_mr;", aff_sum(e, al, ridx), aff_sum(e, ar, ridx));
    if (w < 64) {
        /* the comparison is of w-bit values: exact when neither side wraps along the row */
        int64_t lo = -((int64_t)1 << (w - 1)), hi = ((int64_t)1 << (w - 1)) - 1;
        int64_t el = al->co[r - 1].c * (L - 1), er = ar->co[r - 1].c * (L - 1);
        line(e, "ttx_ok = ttx_ml >= %" PRId64 " && ttx_ml <= %" PRId64 " && ttx_ml + %" PRId64 " >= %" PRId64 " && ttx_ml + %" PRId64
             " <= %" PRId64 " && ttx_mr >= %" PRId64 " && ttx_mr <= %" PRId64 " && ttx_mr + %" PRId64 " >= %" PRId64 " && ttx_mr + %" PRId64
             " <= %" PRId64 ";", lo, hi, el, lo, el, hi, lo, hi, er, lo, er, hi);
    }
    static const char *const cop[] = { "<", "<=", ">", ">=" };
    if (c == 0) line(e, "if (!(ttx_md %s 0)) ttx_hi = 0;", cop[pred - 2]);
    else if (pred == 2) line(e, "if (-ttx_md < ttx_hi) ttx_hi = -ttx_md;");
    else if (pred == 3) line(e, "if (1 - ttx_md < ttx_hi) ttx_hi = 1 - ttx_md;");
    else if (pred == 4) line(e, "if (1 - ttx_md > ttx_lo) ttx_lo = 1 - ttx_md;");
    else line(e, "if (-ttx_md > ttx_lo) ttx_lo = -ttx_md;");
    line(e, "if (ttx_lo > %" PRId64 ") ttx_lo = %" PRId64 ";", L, L);
    line(e, "if (ttx_hi < ttx_lo) ttx_hi = ttx_lo;");
    return true;
}

static bool wants_array(Op *op, int i) {
    switch (op->info->id) {
    case OP_tt_load: case OP_tt_store: case OP_tt_reduce: case OP_tt_scan: case OP_tts_load: case OP_tts_store: return false;
    case OP_tt_dot: return i < 2;
    case OP_scf_if: return false;
    case OP_scf_for: case OP_scf_while: return false;
    case OP_tt_broadcast: case OP_tt_expand_dims: case OP_tt_trans: case OP_tt_splat: return false;
    case OP_tt_reshape: case OP_tt_unsplat: case OP_tt_cat: case OP_tt_join: return true;
    default: return !is_ew(op->info->id);
    }
}

enum { CHEAP = 8, INST_MAX = 1 << 20 };

/* the size of v's expression were it and its operands virtual (capped) */
static int cost_of(E *e, Value *v) {
    VI *x = vi(e, v);
    if (x->cost) return x->cost;
    x->cost = 1000;
    int c = 1;
    Op *op = v->def;
    if (is_tensor(v->type) && op && !op->verbatim && !aff_of(e, v) && (is_view(op->info->id) || is_ew(op->info->id)))
        for (int i = 0; i < op->nopnds && c < 1000; i++) c += is_tensor(op_operand(op, i)->type) ? cost_of(e, op_operand(op, i)) : 1;
    x->cost = c > 1000 ? 1000 : c;
    return x->cost;
}

static void decide(E *e, Value *v) {
    VI *x = vi(e, v);
    if (x->decided) return;
    x->decided = true;
    if (x->kind == K_SCALAR) return;
    Type *t = v->type;
    if (x->carried || x->carried_step) { x->kind = K_VIRT; x->inst = 1; return; }
    if (is_bptr(t)) { x->kind = K_BPTR; return; }
    if (!is_tensor(t)) { x->kind = K_SCALAR; return; }
    x->kind = K_ARRAY;
    Op *op = v->def;
    if (!op || op->nres != 1 || op->verbatim) return;
    int id = op->info->id;
    bool view = is_view(id) || id == OP_tts_make_tptr, constant = id == OP_arith_constant;
    if (constant) {
        Attr *c = op_attr(op, "value");
        if (!c || c->kind != A_DENSE || c->dense.n != 1) return;
        view = true;
    }
    if (!view && (!is_ew(id) || needs_check(id))) return;
    if (rt_code(e, op) >= 0) return;   /* an array the bulk routine fills */
    if (id == OP_tt_reshape || id == OP_tt_unsplat) {
        /* a view of its operand's array */
    }
    /* users decide first (they come later in the walk) */
    int inst = 0;
    bool other_block = false;
    for (Use *u = v->uses; u; u = u->next) {
        Op *w = u->owner;
        if (wants_array(w, u->index)) return;
        if (w->block != op->block) other_block = true;
        int k = 1;
        if (w->nres == 1 && (is_ew(w->info->id) || is_view(w->info->id)) && is_tensor(w->res[0].type)) {
            VI *wx = vi(e, op_result(w, 0));
            if (wx->decided && wx->kind == K_VIRT) k = wx->inst;
        }
        inst += k;
        if (inst > INST_MAX) inst = INST_MAX;
    }
    int cost = cost_of(e, v);
    bool cheap = cost <= CHEAP && (view || aff_of(e, v) || id == OP_arith_cmpi || id == OP_arith_andi ||
                                   id == OP_arith_ori || id == OP_arith_xori || id == OP_arith_select || id == OP_tt_addptr);
    if (id == OP_tt_reshape || id == OP_tt_unsplat) {
        Value *s = op_operand(op, 0);
        if (!is_tensor(s->type)) return;
    }
    if (!cheap && (inst > 1 || other_block)) return;
    x->kind = K_VIRT;
    x->inst = inst ? inst : 1;
}

/* ---- statements ----------------------------------------------------------- */

static int site(E *e, Op *op) {
    if (e->o && e->o->sites) pv_push(e->o->sites, op);
    return e->nsite++;
}

static const char *const LOOPV[MAXR] = { "i0", "i1", "i2", "i3", "i4", "i5", "i6", "i7" };

/* open loops over dims; idx receives the index strings; returns the count */
static int loops_open(E *e, const int64_t *dims, int rank, const char **idx) {
    int n = 0;
    for (int d = 0; d < rank; d++) {
        if (dims[d] == 1) { idx[d] = "0"; continue; }
        idx[d] = LOOPV[d];
        line(e, "for (i64 %s = 0; %s < %" PRId64 "; %s++) {", LOOPV[d], LOOPV[d], dims[d], LOOPV[d]);
        e->ind++;
        n++;
    }
    if (!n) {   /* one element: still a scope for the declarations inside */
        line(e, "{");
        e->ind++;
        n = 1;
    }
    return n;
}
static void loops_close(E *e, int n) {
    while (n--) {
        e->ind--;
        line(e, "}");
    }
}

/* dst := src for a value of type t (arrays element by element) */
static void copy_val(E *e, const char *dst, Value *src, Type *t) {
    /* JIT: an array into an array of its type, as one copy (both are
     * declared from the same type) */
    if (use_rt(e) && is_tensor(t) && vi(e, src)->kind == K_ARRAY && same_shape(src->type, t) && type_elem(src->type) == type_elem(t)) {
        line(e, "memcpy(%s, %s, sizeof %s[0] * %" PRId64 ");", dst, vi(e, src)->name, dst, type_numel(t));
        return;
    }
    if (is_tensor(t)) {
        const char *idx[MAXR];
        int n = loops_open(e, t->sh.dims, t->sh.rank, idx);
        line(e, "%s[%s] = %s;", dst, flat(e, t->sh.dims, t->sh.rank, idx), ex(e, src, idx));
        loops_close(e, n);
    } else {
        line(e, "%s = %s;", dst, ex(e, src, NULL));
    }
}

/* dst[i] := src[i] for all i at once */
static void assign_all(E *e, Value *const *dst, Value *const *src, int n) {
    const char **tmp = calloc((size_t)n + 1, sizeof *tmp);
    if (!tmp) abort();
    for (int i = 0; i < n; i++) {
        const char *sn = vi(e, src[i])->name;
        bool conflict = false;
        for (int j = 0; j < n; j++)
            if (j != i && !strcmp(vi(e, dst[j])->name, sn)) conflict = true;
        if (!conflict) continue;
        const char *tn = fmt(e, "ttx_t%d", e->ntmp++);
        const char *dl = decl(e, tn, dst[i]->type);
        if (!dl) { free(tmp); unsupported(e, src[i]->def ? src[i]->def : dst[i]->def, "a value of this type"); return; }
        line(e, "%s;", dl);
        copy_val(e, tn, src[i], dst[i]->type);
        tmp[i] = tn;
    }
    for (int i = 0; i < n; i++) {
        VI *d = vi(e, dst[i]);
        if (!strcmp(d->name, vi(e, src[i])->name)) continue;
        if (tmp[i]) {
            if (is_tensor(dst[i]->type)) {
                int64_t k = type_numel(dst[i]->type);
                line(e, "for (i64 k = 0; k < %" PRId64 "; k++) %s[k] = %s[k];", k, d->name, tmp[i]);
            } else line(e, "%s = %s;", d->name, tmp[i]);
        } else copy_val(e, d->name, src[i], dst[i]->type);
    }
    free(tmp);
}

static bool emit_block(E *e, Block *b, Op **term);

static bool declare(E *e, Value *v) {
    const char *dl = decl(e, vi(e, v)->name, v->type);
    if (!dl) {
        Op *at = v->def ? v->def : (v->block && v->block->region ? v->block->region->op : NULL);
        return at ? unsupported(e, at, "a value of this type") : false;
    }
    line(e, "%s;", dl);
    return true;
}

/* the C element read at address expression p of element type t */
static const char *mread(E *e, Type *t, const char *p) {
    if (fname_is(t, "f16")) { return fmt(e, "ttx_h2f(*%s)", p); }
    if (fname_is(t, "bf16")) { return fmt(e, "ttx_bf2f(*%s)", p); }
    if (t->kind == T_INT && t->i.width == 1) return fmt(e, "(*%s != 0)", p);
    return fmt(e, "*%s", p);
}
static const char *mwrite(E *e, Type *t, const char *v) {
    if (fname_is(t, "f16")) { return fmt(e, "ttx_f2h(%s)", v); }
    if (fname_is(t, "bf16")) { return fmt(e, "ttx_f2bf(%s)", v); }
    if (t->kind == T_INT && t->i.width == 1) return fmt(e, "(u8)%s", v);
    return v;
}

/* the boundary-checked address of element idx of block pointer bp, or NULL */
static const char *bptr_elem(E *e, Op *op, const char *bp, int r, const char *const *idx, const char **inb) {
    int64_t bc[MAXR];
    int nb = op_attr(op, "boundaryCheck") ? op_attr_ints(op, "boundaryCheck", bc, MAXR) : 0;
    if (nb < 0) return NULL;
    if (op_is(op, OP_tts_load) || op_is(op, OP_tts_store))   /* the shape bounds every dimension */
        for (nb = 0; nb < r; nb++) bc[nb] = nb;
    const char *addr = NULL, *cond = NULL;
    for (int d = 0; d < r; d++) {
        const char *rd = is0(idx[d]) ? fmt(e, "%s.off[%d]", bp, d) : fmt(e, "(%s.off[%d] + %s)", bp, d, idx[d]);
        const char *term = fmt(e, "%s * %s.stride[%d]", rd, bp, d);
        addr = addr ? fmt(e, "%s + %s", addr, term) : term;
        for (int k = 0; k < nb; k++)
            if (bc[k] == d) {
                const char *c1 = fmt(e, "%s >= 0 && %s < %s.shape[%d]", rd, rd, bp, d);
                cond = cond ? fmt(e, "%s && %s", cond, c1) : c1;
            }
    }
    *inb = cond;
    return addr;
}

/* a row load's lanes outside the kept interval [ttx_lo, ttx_hi): dflt */
static void rt_fill_row(E *e, const char *name, const char *row, int64_t L, const char *dflt) {
    line(e, "for (i64 j = 0; j < ttx_lo; j++) %s[%s + j] = %s;", name, row, dflt);
    line(e, "for (i64 j = ttx_hi; j < %" PRId64 "; j++) %s[%s + j] = %s;", L, name, row, dflt);
}

/* closes a row's one-call branch and opens the per-element one (which
 * first finishes a pending store) */
static void rt_else_row(E *e) {
    e->ind--;
    line(e, "} else {");
    e->ind++;
    line(e, "ttx_rt_drain();");
}

/* the per-element loop over the last axis, idx[r - 1] its index */
static void rt_row_loop(E *e, const char **idx, int r, int64_t L) {
    idx[r - 1] = LOOPV[r - 1];
    line(e, "for (i64 %s = 0; %s < %" PRId64 "; %s++) {", idx[r - 1], idx[r - 1], L, idx[r - 1]);
    e->ind++;
}

static bool emit_load_store(E *e, Op *op) {
    bool tts = op_is(op, OP_tts_load) || op_is(op, OP_tts_store);
    bool store = op_is(op, OP_tt_store) || op_is(op, OP_tts_store);
    if (op->nopnds < (store ? 2 : 1) || (!store && op->nres != 1)) return unsupported(e, op, "malformed");
    Value *pv = op_operand(op, 0);
    Type *pt = pv->type;
    Value *mask = NULL, *other = NULL;
    const char *md[MAXR];
    int nmd = 0;
    if (tts) {
        /* the lanes are a prefix box: index d below mask dim d */
        const int64_t *sg = store ? NULL : op_segment_sizes(op, 3);
        if (!store && !sg) return unsupported(e, op, "its operandSegmentSizes");
        int next = store ? 2 : 1, end = store ? op->nopnds : (int)(1 + sg[1]);
        nmd = op_attr(op, "static_mask_dims") ? mixed(e, op, "static_mask_dims", &next, end, md) : 0;
        if (nmd < 0) return unsupported(e, op, "its mask dims");
        if (!store && sg[2]) other = op_operand(op, (int)(1 + sg[1]));
        Op *d = pv->def;
        if (!d || !op_is(d, OP_tts_make_tptr)) return unsupported(e, op, "a pointer that is not a structured tts.make_tptr");
    } else {
        mask = op->nopnds > (store ? 2 : 1) ? op_operand(op, store ? 2 : 1) : NULL;
        other = !store && op->nopnds > 2 ? op_operand(op, 2) : NULL;
    }
    Value *val = store ? op_operand(op, 1) : op_result(op, 0);
    Type *vt = val->type;
    bool blk = is_bptr(pt) || vi(e, pv)->kind == K_BPTR;
    Type *el = blk ? (is_bptr(pt) ? pt->ptr.pointee->sh.elem : type_elem(vt))
                   : pt && type_elem(pt)->kind == T_PTR ? type_elem(pt)->ptr.pointee : NULL;
    if (!el || el->kind == T_PTR || !mtype(e, el)) return unsupported(e, op, "this pointer type");
    const char *mt = mtype(e, el);
    int sz = msize(el);
    int id = site(e, op);
    bool ten = is_tensor(vt);
    if (ten && vt->sh.rank > MAXR) return unsupported(e, op, "rank above 8");
    if (blk && !ten) return unsupported(e, op, "a scalar block pointer access");
    const char *name = vi(e, val)->name;
    if (!store) {
        if (!value_has_uses(val)) return true;   /* a dead load */
        if (!declare(e, val)) return false;
    }
    const char *idx[MAXR];
    int n = 0;
    /* whole rows through ttx_rt_copy when the pointers are contiguous along
     * the last axis, the mask keeps an interval of it and other is one value;
     * the per-element loop below stays for the rows where that is not known */
    Aff *pa = ten && use_rt(e) && !tts && !blk && !nmd ? aff_of(e, pv) : NULL;
    int r = ten ? vt->sh.rank : 0;
    int64_t L = ten ? vt->sh.dims[r - 1] : 0;
    bool plain = !(el->kind == T_INT && el->i.width == 1) && !is_f16ish(el);
    bool rows = pa && pa->ptr && pa->rank == r && pa->co[r - 1].k && pa->co[r - 1].c == 1 && L >= 8 && plain &&
                (!other || is_uniform_value(other)) && (!store || (vi(e, val)->kind == K_ARRAY && same_shape(val->type, vt))) &&
                rt_mask(e, mask, r, NULL, L, false);
    /* a load through an array of pointers (JIT): a row whose kept interval
     * turns out to be consecutive pointers inside the bound buffers is one
     * copy (f32) or one conversion (f16); the others element by element */
    bool prow = !rows && !store && ten && use_rt(e) && !tts && !blk && !nmd && vi(e, pv)->kind == K_ARRAY && L >= 8 &&
                (fname_is(el, "f32") || fname_is(el, "f16")) && (!other || is_uniform_value(other)) &&
                rt_mask(e, mask, r, NULL, L, false);
    const char *fr_after = NULL;   /* the reduce's line after the per-element rows */
    /* a max/min reduce of the loaded rows in this block: computed while
     * they are copied */
    Op *fr = NULL;
    int frc = -1;
    for (Use *u = rows && !store ? val->uses : NULL; u && !fr; u = u->next) {
        Op *w = u->owner;
        int c = rt_reduce_code(e, w);
        if ((c == 4 || c == 5) && w->block == op->block && value_has_uses(op_result(w, 0))) fr = w, frc = c;
    }
    if (fr) {
        if (!declare(e, op_result(fr, 0))) return false;
        vi(e, op_result(fr, 0))->by_producer = true;
    }
    if (prow) {
        n = loops_open(e, vt->sh.dims, r - 1, idx);
        idx[r - 1] = "0";
        const char *row = flat(e, vt->sh.dims, r, idx);
        rt_mask(e, mask, r, idx, L, true);
        const char *dflt = other ? ex(e, other, idx) : "0";
        line(e, "%s *const *ttx_pr = &%s[%s];", mt, vi(e, pv)->name, row);
        line(e, "int ttx_c = ttx_ok;");
        line(e, "for (i64 j = ttx_lo + 1; ttx_c && j < ttx_hi; j++) ttx_c = (u64)ttx_pr[j] == (u64)ttx_pr[ttx_lo] + (u64)(j - ttx_lo) * %d;", sz);
        line(e, "if (ttx_c && (ttx_hi == ttx_lo || TTX_INR(ttx_pr[ttx_lo], (ttx_hi - ttx_lo) * %d))) {", sz);
        e->ind++;
        if (fname_is(el, "f16")) line(e, "if (ttx_hi > ttx_lo) ttx_rt_h2f(&%s[%s + ttx_lo], ttx_pr[ttx_lo], ttx_hi - ttx_lo);", name, row);
        else line(e, "if (ttx_hi > ttx_lo) ttx_rt_copy(&%s[%s + ttx_lo], ttx_pr[ttx_lo], (ttx_hi - ttx_lo) * %d);", name, row, sz);
        rt_fill_row(e, name, row, L, dflt);
        rt_else_row(e);
        rt_row_loop(e, idx, r, L);
        n += 2;
    }
    if (rows) {
        n = loops_open(e, vt->sh.dims, r - 1, idx);
        idx[r - 1] = "0";
        const char *row = flat(e, vt->sh.dims, r, idx);
        const char *fres = NULL;
        if (fr) {
            Value *rv = op_result(fr, 0);
            fres = is_tensor(rv->type) ? fmt(e, "%s[%s]", vi(e, rv)->name, flat(e, vt->sh.dims, r - 1, idx)) : vi(e, rv)->name;
        }
        rt_mask(e, mask, r, idx, L, true);
        if (fr) fr_after = fmt(e, "%s = ttx_rt_f32_red(%d, &%s[%s], %" PRId64 ");", fres, frc, name, row, L);
        {
            line(e, "%s%s *ttx_rp = %s;", store ? "" : "const ", mt, aff_render(e, pa, el, idx));
            line(e, "if (ttx_ok && (ttx_hi == ttx_lo || TTX_INR(ttx_rp + ttx_lo, (ttx_hi - ttx_lo) * %d))) {", sz);
            e->ind++;
            if (store && vi(e, val)->dcode) {
                VI *x = vi(e, val);
                line(e, "ttx_rt_f32_bin_store(%d, ttx_rp + ttx_lo, %s + %s + ttx_lo, %s%s, %d, ttx_hi - ttx_lo);", x->dcode - 1, x->da,
                     row, x->db, x->dsb ? fmt(e, " + %s + ttx_lo", row) : "", x->dsb);
            } else if (store) line(e, "ttx_rt_store(ttx_rp + ttx_lo, &%s[%s + ttx_lo], (ttx_hi - ttx_lo) * %d);", vi(e, val)->name, row, sz);
            else if (fr) {
                const char *dflt = other ? ex(e, other, idx) : "0";
                line(e, "%s = ttx_rt_copy_red(%d, &%s[%s], ttx_rp, ttx_lo, ttx_hi, %" PRId64 ", %s);", fres, frc, name, row, L, dflt);
            } else {
                const char *dflt = other ? ex(e, other, idx) : "0";
                line(e, "ttx_rt_copy(&%s[%s + ttx_lo], ttx_rp + ttx_lo, (ttx_hi - ttx_lo) * %d);", name, row, sz);
                rt_fill_row(e, name, row, L, dflt);
            }
            rt_else_row(e);
            if (store) rt_materialize(e, val, row);
            rt_row_loop(e, idx, r, L);
            n += 2;
        }
    }
    /* an array of pointers: a row whose pointers turn out consecutive is read
     * or written through one pointer, which a compiler vectorises; the
     * others element by element */
    if (store && !rows) rt_materialize(e, val, NULL);
    if (use_rt(e) && !rows && !prow) line(e, "ttx_rt_drain();");
    bool gath = !rows && !prow && ten && !use_rt(e) && !blk && !tts && vi(e, pv)->kind == K_ARRAY && L >= 8 && !nmd;
    const char *rowp = NULL;
    if (gath) {
        n = loops_open(e, vt->sh.dims, r - 1, idx);
        idx[r - 1] = "0";
        rowp = fmt(e, "&%s[%s]", vi(e, pv)->name, flat(e, vt->sh.dims, r, idx));
        line(e, "%s *const *ttx_pr = %s;", mt, rowp);
        line(e, "int ttx_c = 1;");
        line(e, "for (i64 j = 1; j < %" PRId64 "; j++) ttx_c &= (u64)ttx_pr[j] == (u64)ttx_pr[0] + (u64)j * %d;", L, sz);
        idx[r - 1] = LOOPV[r - 1];
    } else if (!rows && !prow) {
        if (ten) n = loops_open(e, vt->sh.dims, vt->sh.rank, idx);
        else line(e, "{");
    }
    for (int pass = 0; pass < (gath ? 2 : 1); pass++) {
    if (gath) {
        if (pass) e->ind--;
        line(e, pass ? "} else {" : "if (ttx_c) {");
        e->ind++;
        line(e, "for (i64 %s = 0; %s < %" PRId64 "; %s++) {", idx[r - 1], idx[r - 1], L, idx[r - 1]);
        e->ind++;
    }
    if (!ten) e->ind++;
    const char *const *ix = ten ? idx : NULL;
    const char *dst = ten ? fmt(e, "%s[%s]", name, flat(e, vt->sh.dims, vt->sh.rank, idx)) : name;
    const char *cond = mask ? ex(e, mask, ix) : NULL;
    if (nmd) {
        if (!ten || nmd != vt->sh.rank) return unsupported(e, op, "its mask dims");
        for (int d = 0; d < nmd; d++) {
            const char *c1 = fmt(e, "%s < %s", idx[d], md[d]);
            cond = cond ? fmt(e, "%s && %s", cond, c1) : c1;
        }
    }
    if (blk) {
        const char *inb = NULL;
        const char *off = bptr_elem(e, op, vi(e, pv)->name, vt->sh.rank, idx, &inb);
        if (!off) return unsupported(e, op, "its boundaryCheck");
        line(e, "%s%s *p = (%s%s *)%s.base + %s;", store ? "" : "const ", mt, store ? "" : "const ", mt, vi(e, pv)->name, off);
        if (inb) cond = cond ? fmt(e, "%s && %s", cond, inb) : inb;
    } else if (gath && !pass) {
        line(e, "%s%s *p = ttx_pr[0] + %s;", store ? "" : "const ", mt, idx[r - 1]);
    } else {
        line(e, "%s%s *p = %s;", store ? "" : "const ", mt, ex(e, pv, ix));
    }
    const char *chk = fmt(e, "TTX_IN(p, %d, %d)", sz, id);
    const char *c = cond ? fmt(e, "(%s) && %s", cond, chk) : chk;
    if (store) {
        line(e, "if (%s) *p = %s;", c, mwrite(e, el, ex(e, val, ix)));
    } else {
        const char *dflt = "0";
        if (other) dflt = ex(e, other, ix);
        else if (blk) {
            int64_t pad = 1;
            op_attr_int(op, "padding", &pad);
            if (pad == 2 && el->kind == T_FLOAT) dflt = lit_float(e, NAN, el);
        }
        line(e, "%s = %s ? %s : %s;", dst, c, mread(e, el, "p"), dflt);
    }
    if (gath) {
        e->ind--;
        line(e, "}");
    }
    }
    if (gath) {
        e->ind--;
        line(e, "}");
    }
    if (!ten) { e->ind--; line(e, "}"); }
    if (fr_after) {
        loops_close(e, 1);
        line(e, "%s", fr_after);
        n--;
    }
    loops_close(e, n);
    return !e->failed;
}

/* tt.reduce and tt.scan: a scan starts from the first element along the
 * axis and applies the combiner region's ops with each next one (storing
 * every prefix; `reverse` walks the axis backwards); a reduce combines the
 * elements pairwise by halving, in the interpreter's order */
/* an f32 tt.reduce along the last axis of an array whose combiner is one
 * addf, maxnumf or minnumf of its two arguments: ttx_rt_f32_red per row */
static int rt_reduce_code(E *e, Op *op) {
    int64_t axis, rev = 0;
    if (!use_rt(e) || !op_is(op, OP_tt_reduce) || op->nopnds != 1 || op->nres != 1 || op->nregions != 1 || !op->regions[0].first ||
        !op_attr_int(op, "axis", &axis))
        return -1;
    op_attr_int(op, "reverse", &rev);
    Value *s0 = op_operand(op, 0);
    Type *st = s0->type;
    if (!is_tensor(st) || rev) return -1;
    int r = st->sh.rank;
    Block *blk = op->regions[0].first;
    Op *c = blk->first, *t = c ? c->next : NULL;
    if (blk->nargs != 2 || axis != r - 1 || vi(e, s0)->kind != K_ARRAY || !fname_is(st->sh.elem, "f32") || !c || !t || t->next ||
        !op_is(t, OP_tt_reduce_return) || t->nopnds != 1 || op_operand(t, 0) != op_result(c, 0) || c->nopnds != 2 || c->verbatim)
        return -1;
    int code = op_is(c, OP_arith_addf) ? 0 : op_is(c, OP_arith_maxnumf) ? 4 : op_is(c, OP_arith_minnumf) ? 5 : -1;
    if (code < 0 || !fname_is(op_result(c, 0)->type, "f32") || !((op_operand(c, 0) == blk->args[0] && op_operand(c, 1) == blk->args[1]) ||
                                                                 (op_operand(c, 0) == blk->args[1] && op_operand(c, 1) == blk->args[0])))
        return -1;
    return code;
}

static bool rt_reduce(E *e, Op *op, bool scan) {
    if (scan) return false;
    int code = rt_reduce_code(e, op);
    if (code < 0) return false;
    Value *s0 = op_operand(op, 0), *res = op_result(op, 0);
    Type *st = s0->type;
    int r = st->sh.rank;
    if (vi(e, res)->by_producer) {
        line(e, "/* computed with its operand */");
        return true;
    }
    if (!value_has_uses(res)) return true;
    if (!declare(e, res)) return false;
    int64_t len = st->sh.dims[r - 1];
    const char *idx[MAXR];
    int n = loops_open(e, st->sh.dims, r - 1, idx);
    idx[r - 1] = "0";
    const char *src = fmt(e, "&%s[%s]", vi(e, s0)->name, flat(e, st->sh.dims, r, idx));
    if (is_tensor(res->type))
        line(e, "%s[%s] = ttx_rt_f32_red(%d, %s, %" PRId64 ");", vi(e, res)->name, flat(e, st->sh.dims, r - 1, idx), code, src, len);
    else line(e, "%s = ttx_rt_f32_red(%d, %s, %" PRId64 ");", vi(e, res)->name, code, src, len);
    loops_close(e, n);
    return true;
}

static bool emit_reduce(E *e, Op *op) {
    bool scan = op_is(op, OP_tt_scan);
    int k = op->nopnds;
    int64_t axis, rev = 0;
    Block *blk = op->nregions == 1 ? op->regions[0].first : NULL;
    if (!op_attr_int(op, "axis", &axis) || k < 1 || op->nres != k || !blk || blk->nargs != 2 * k || blk->next)
        return unsupported(e, op, "malformed");
    if (scan) op_attr_int(op, "reverse", &rev);
    Value *s0 = op_operand(op, 0);
    Type *st = s0->type;
    if (!is_tensor(st) || axis < 0 || axis >= st->sh.rank || st->sh.rank > MAXR) return unsupported(e, op, "its operand");
    if (k > 16) return unsupported(e, op, "more than 16 operands");
    int r = st->sh.rank;
    int64_t len = st->sh.dims[axis];
    if (rt_reduce(e, op, scan)) return !e->failed;
    for (int i = 0; i < k; i++) {
        if (!value_has_uses(op_result(op, i)) && k == 1) return true;
        if (!declare(e, op_result(op, i))) return false;
        if (!value_has_uses(op_result(op, i))) line(e, "(void)%s;", vi(e, op_result(op, i))->name);
    }
    /* loops over the source dims without the axis */
    int64_t rd[MAXR];
    int rr = 0;
    for (int d = 0; d < r; d++)
        if (d != axis) rd[rr++] = st->sh.dims[d];
    const char *ridx[MAXR];
    line(e, "{");
    e->ind++;
    int n = loops_open(e, rd, rr, ridx);
    const char *sidx[MAXR];
    const char *first = rev ? tstr(e, tconst(len - 1)) : "0";
    const char *at = rev ? fmt(e, "(%" PRId64 " - j)", len - 1) : "j";
    for (int d = 0, q = 0; d < r; d++) sidx[d] = d == axis ? first : ridx[q++];
    for (int i = 0; i < k; i++) {
        const char *dl = decl(e, vi(e, blk->args[i])->name, blk->args[i]->type);
        if (!dl) return unsupported(e, op, "its element type");
        if (!scan && len > 1) line(e, "%s;", dl);
        else line(e, "%s = %s;", dl, ex(e, op_operand(op, i), sidx));
        line(e, "(void)%s;", vi(e, blk->args[i])->name);
        if (scan) line(e, "%s[%s] = %s;", vi(e, op_result(op, i))->name, flat(e, st->sh.dims, r, sidx), vi(e, blk->args[i])->name);
    }
    if (!scan && len > 1) {
        /* the interpreter's order: halving, element j with element j + m
         * (m = ceil(n / 2)) while n > 1 elements are left */
        for (int i = 0; i < k; i++) {
            const char *dl = decl(e, fmt(e, "ttx_r%d[%" PRId64 "]", i, len), blk->args[i]->type);
            if (!dl) return unsupported(e, op, "its element type");
            line(e, "%s;", dl);
        }
        sidx[axis] = "j";
        line(e, "for (i64 j = 0; j < %" PRId64 "; j++) {", len);
        e->ind++;
        for (int i = 0; i < k; i++) line(e, "ttx_r%d[j] = %s;", i, ex(e, op_operand(op, i), sidx));
        e->ind--;
        line(e, "}");
        line(e, "for (i64 ttx_n = %" PRId64 ", ttx_m; ttx_n > 1; ttx_n = ttx_m) {", len);
        e->ind++;
        line(e, "ttx_m = (ttx_n + 1) / 2;");
        line(e, "for (i64 j = 0; j < ttx_n - ttx_m; j++) {");
        e->ind++;
        for (int i = 0; i < k; i++) {
            line(e, "%s = ttx_r%d[j];", vi(e, blk->args[i])->name, i);
            const char *dl = decl(e, vi(e, blk->args[k + i])->name, blk->args[k + i]->type);
            if (!dl) return unsupported(e, op, "its element type");
            line(e, "%s = ttx_r%d[j + ttx_m];", dl, i);
            line(e, "(void)%s;", vi(e, blk->args[k + i])->name);
        }
        Op *t = NULL;
        if (!emit_block(e, blk, &t)) return false;
        if (!t || t->nopnds != k) return unsupported(e, op, "its combiner");
        for (int i = 0; i < k; i++) line(e, "ttx_r%d[j] = %s;", i, ex(e, op_operand(t, i), sidx));
        e->ind--;
        line(e, "}");
        e->ind--;
        line(e, "}");
        for (int i = 0; i < k; i++) line(e, "%s = ttx_r%d[0];", vi(e, blk->args[i])->name, i);
    } else if (len > 1) {
        line(e, "for (i64 j = 1; j < %" PRId64 "; j++) {", len);
        e->ind++;
        sidx[axis] = at;
        for (int i = 0; i < k; i++) {
            const char *dl = decl(e, vi(e, blk->args[k + i])->name, blk->args[k + i]->type);
            if (!dl) return unsupported(e, op, "its element type");
            line(e, "%s = %s;", dl, ex(e, op_operand(op, i), sidx));
            line(e, "(void)%s;", vi(e, blk->args[k + i])->name);
        }
        Op *t = NULL;
        if (!emit_block(e, blk, &t)) return false;
        if (!t || t->nopnds != k) return unsupported(e, op, "its combiner");
        Value *dst[16], *src[16];
        for (int i = 0; i < k; i++) { dst[i] = blk->args[i]; src[i] = op_operand(t, i); }
        assign_all(e, dst, src, k);
        if (scan)
            for (int i = 0; i < k; i++)
                line(e, "%s[%s] = %s;", vi(e, op_result(op, i))->name, flat(e, st->sh.dims, r, sidx), vi(e, blk->args[i])->name);
        e->ind--;
        line(e, "}");
    }
    for (int i = 0; i < k && !scan; i++) {
        Value *res = op_result(op, i);
        if (is_tensor(res->type))
            line(e, "%s[%s] = %s;", vi(e, res)->name, flat(e, rd, rr, ridx), vi(e, blk->args[i])->name);
        else line(e, "%s = %s;", vi(e, res)->name, vi(e, blk->args[i])->name);
    }
    loops_close(e, n);
    e->ind--;
    line(e, "}");
    return !e->failed;
}

static bool emit_dot(E *e, Op *op) {
    if (op->nopnds < 3 || op->nres != 1) return unsupported(e, op, "malformed");
    Value *a = op_operand(op, 0), *b = op_operand(op, 1), *c = op_operand(op, 2), *r = op_result(op, 0);
    Type *rt = r->type;
    if (!is_tensor(rt) || !is_tensor(a->type) || !is_tensor(b->type) || (rt->sh.rank != 2 && rt->sh.rank != 3))
        return unsupported(e, op, "these operand shapes");
    int o = rt->sh.rank - 2;
    int64_t K = a->type->sh.dims[o + 1];
    Type *el = rt->sh.elem, *ae = a->type->sh.elem;
    bool fl = el->kind == T_FLOAT;
    if (fl != (ae->kind == T_FLOAT)) return unsupported(e, op, "mixed integer and float operands");
    if (!declare(e, r)) return false;
    /* row by row: acc[j] += a[i][k] * b[k][j] for k in order, so every
     * element sums its products in the same order as the interpreter */
    int64_t N = rt->sh.dims[o + 1];
    const char *idx[MAXR];
    int n;
    Type *be = b->type->sh.elem;
    bool small = (fname_is(ae, "f32") || is_f16ish(ae)) && (fname_is(be, "f32") || is_f16ish(be));
    int64_t M = rt->sh.dims[o];
    if (use_rt(e) && !o && fname_is(el, "f32") && small && vi(e, a)->kind == K_ARRAY && vi(e, b)->kind == K_ARRAY &&
        ((vi(e, c)->kind == K_ARRAY && same_shape(c->type, rt)) || is_uniform_value(c))) {
        const char *cp = vi(e, c)->name, *sc = "1";
        if (vi(e, c)->kind != K_ARRAY) {
            const char *zi[2] = { "0", "0" };
            const char *t = fmt(e, "ttx_s%d", e->ntmp++);
            line(e, "float %s = %s;", t, ex(e, c, zi));
            cp = fmt(e, "&%s", t);
            sc = "0";
        }
        line(e, "ttx_rt_f32_dot(%s, %s, %s, %s, %s, %" PRId64 ", %" PRId64 ", %" PRId64 ");", vi(e, r)->name, vi(e, a)->name,
             vi(e, b)->name, cp, sc, M, N, K);
        return !e->failed;
    }
    if (fname_is(el, "f32") && small && M % 4 == 0) {
        /* four rows at a time, k outside and the columns inside, so a
         * compiler keeps the rows in registers and vectorises over j; each
         * element still adds its products in k order, each rounded once
         * (ttx_fma32) as the interpreter does */
        int64_t dims[3];
        for (int d = 0; d < rt->sh.rank; d++) dims[d] = rt->sh.dims[d];
        dims[o] = M / 4;
        n = loops_open(e, dims, rt->sh.rank - 1, idx);
        const char *row = idx[o];
        const char *ai[4][3], *ci[4][3], *bk[3];
        if (o) bk[0] = idx[0];
        bk[o] = "k";
        bk[o + 1] = "j";
        for (int q = 0; q < 4; q++) {
            if (o) ai[q][0] = ci[q][0] = idx[0];
            ai[q][o] = ci[q][o] = fmt(e, "(%s * 4 + %d)", row, q);
            ai[q][o + 1] = "k";
            ci[q][o + 1] = "j";
        }
        line(e, "float c0[%" PRId64 "], c1[%" PRId64 "], c2[%" PRId64 "], c3[%" PRId64 "];", N, N, N, N);
        line(e, "for (i64 j = 0; j < %" PRId64 "; j++) {", N);
        for (int q = 0; q < 4; q++) line(e, "    c%d[j] = %s;", q, ex(e, c, ci[q]));
        line(e, "}");
        line(e, "for (i64 k = 0; k < %" PRId64 "; k++) {", K);
        e->ind++;
        for (int q = 0; q < 4; q++) line(e, "float a%d = %s;", q, ex(e, a, ai[q]));
        line(e, "for (i64 j = 0; j < %" PRId64 "; j++) {", N);
        e->ind++;
        line(e, "float bv = %s;", ex(e, b, bk));
        for (int q = 0; q < 4; q++) line(e, "c%d[j] = ttx_fma32(a%d, bv, c%d[j]);", q, q, q);
        e->ind--;
        line(e, "}");
        e->ind--;
        line(e, "}");
        line(e, "for (i64 j = 0; j < %" PRId64 "; j++) {", N);
        for (int q = 0; q < 4; q++) line(e, "    %s[%s] = c%d[j];", vi(e, r)->name, flat(e, rt->sh.dims, rt->sh.rank, ci[q]), q);
        line(e, "}");
        loops_close(e, n);
        return !e->failed;
    }
    n = loops_open(e, rt->sh.dims, rt->sh.rank - 1, idx);
    idx[o + 1] = "j";
    const char *aidx[3], *bidx[3];
    if (o) { aidx[0] = bidx[0] = idx[0]; }
    aidx[o] = idx[o];
    aidx[o + 1] = "k";
    bidx[o] = "k";
    bidx[o + 1] = "j";
    const char *T = rtype(e, el);
    line(e, "%s acc[%" PRId64 "];", T, N);
    line(e, "for (i64 j = 0; j < %" PRId64 "; j++) acc[j] = %s;", N, ex(e, c, idx));
    line(e, "for (i64 k = 0; k < %" PRId64 "; k++) {", K);
    e->ind++;
    line(e, "%s a = %s;", T, ex(e, a, aidx));
    const char *B = ex(e, b, bidx), *upd;
    if (fl) upd = fround(e, el, fmt(e, "((double)acc[j] + (double)a * %s)", B));
    else upd = fmt(e, "(%s)((u64)acc[j] + (u64)(i64)a * (u64)(i64)%s)", T, B);
    line(e, "for (i64 j = 0; j < %" PRId64 "; j++) acc[j] = %s;", N, upd);
    e->ind--;
    line(e, "}");
    line(e, "for (i64 j = 0; j < %" PRId64 "; j++) %s[%s] = acc[j];", N, vi(e, r)->name, flat(e, rt->sh.dims, rt->sh.rank, idx));
    loops_close(e, n);
    return !e->failed;
}

static bool emit_for(E *e, Op *op) {
    Block *b = op->regions[0].first;
    int ni = op->nopnds - 3;
    if (!b || b->nargs != ni + 1 || op->nres != ni) return unsupported(e, op, "malformed");
    if (op_attr(op, "unsignedCmp")) return unsupported(e, op, "unsigned loop bounds");
    for (int i = 0; i < ni; i++) {
        Value *v = b->args[i + 1];
        if (vi(e, v)->carried) {
            line(e, "i64 %s = 0;   /* the offset of the loop-carried pointers, in elements */", vi(e, v)->name);
            line(e, "(void)%s;", vi(e, v)->name);
            continue;
        }
        if (!declare(e, v)) return false;
        line(e, "(void)%s;", vi(e, v)->name);
        copy_val(e, vi(e, v)->name, op_operand(op, 3 + i), v->type);
    }
    const char *lb = ex(e, op_operand(op, 0), NULL), *ub = ex(e, op_operand(op, 1), NULL), *st = ex(e, op_operand(op, 2), NULL);
    Value *iv = b->args[0];
    const char *cnt = fmt(e, "t%s", vi(e, iv)->name + 1);
    Attr *sc = value_const(op_operand(op, 2));
    bool konst = sc && sc->kind == A_INT && sc->i > 0;
    if (!konst) {
        line(e, "if (%s <= 0) TTX_FAIL(%d);", st, site(e, op));
        line(e, "else");
    }
    line(e, "for (i64 %s = %s; %s < %s; %s += %s) {", cnt, lb, cnt, ub, cnt, st);
    e->ind++;
    if (value_has_uses(iv)) {
        const char *T = rtype(e, iv->type);
        if (!T) return unsupported(e, op, "its induction variable type");
        line(e, "%s %s = (%s)%s;", T, vi(e, iv)->name, T, cnt);
    }
    Op *t = NULL;
    if (!emit_block(e, b, &t)) return false;
    if (!t || t->nopnds != ni) return unsupported(e, op, "its yield");
    Value **dst = calloc((size_t)ni + 1, sizeof *dst), **src = calloc((size_t)ni + 1, sizeof *src);
    if (!dst || !src) abort();
    int nn = 0;
    for (int i = 0; i < ni; i++) {
        if (vi(e, b->args[i + 1])->carried) continue;
        dst[nn] = b->args[i + 1];
        src[nn++] = op_operand(t, i);
    }
    assign_all(e, dst, src, nn);
    for (int i = 0; i < ni; i++) {
        VI *x = vi(e, b->args[i + 1]);
        if (x->carried) line(e, "%s += %s;", x->name, tstr(e, aff_of(e, x->step)->base));
    }
    free(dst);
    free(src);
    e->ind--;
    line(e, "}");
    return !e->failed;
}

static bool emit_if(E *e, Op *op) {
    for (int i = 0; i < op->nres; i++)
        if (!declare(e, op_result(op, i))) return false;
    Value **dst = calloc((size_t)op->nres + 1, sizeof *dst), **src = calloc((size_t)op->nres + 1, sizeof *src);
    if (!dst || !src) abort();
    for (int i = 0; i < op->nres; i++) dst[i] = op_result(op, i);
    bool ok = true;
    line(e, "if (%s) {", ex(e, op_operand(op, 0), NULL));
    for (int r = 0; r < op->nregions && ok; r++) {
        Block *b = op->regions[r].first;
        if (r) {
            if (!b) break;
            line(e, "} else {");
        }
        if (!b) continue;
        e->ind++;
        Op *t = NULL;
        ok = emit_block(e, b, &t);
        if (ok && (!t || t->nopnds != op->nres)) ok = unsupported(e, op, "its yield");
        if (ok) {
            for (int i = 0; i < op->nres; i++) src[i] = op_operand(t, i);
            assign_all(e, dst, src, op->nres);
        }
        e->ind--;
    }
    line(e, "}");
    free(dst);
    free(src);
    return ok && !e->failed;
}

static bool emit_while(E *e, Op *op) {
    if (op->nregions != 2) return unsupported(e, op, "malformed");
    Block *bf = op->regions[0].first, *af = op->regions[1].first;
    int n = op->nopnds;
    if (!bf || !af || bf->nargs != n) return unsupported(e, op, "malformed");
    for (int i = 0; i < n; i++) {
        if (!declare(e, bf->args[i])) return false;
        line(e, "(void)%s;", vi(e, bf->args[i])->name);
        copy_val(e, vi(e, bf->args[i])->name, op_operand(op, i), bf->args[i]->type);
    }
    for (int i = 0; i < op->nres; i++) {
        if (!declare(e, op_result(op, i))) return false;
        line(e, "(void)%s;", vi(e, op_result(op, i))->name);
    }
    line(e, "for (;;) {");
    e->ind++;
    Op *t = NULL;
    if (!emit_block(e, bf, &t)) return false;
    if (!t || !op_is(t, OP_scf_condition) || t->nopnds - 1 != op->nres || t->nopnds - 1 != af->nargs)
        return unsupported(e, op, "its condition");
    line(e, "if (!%s) {", ex(e, op_operand(t, 0), NULL));
    e->ind++;
    for (int i = 0; i < op->nres; i++) copy_val(e, vi(e, op_result(op, i))->name, op_operand(t, 1 + i), op->res[i].type);
    line(e, "break;");
    e->ind--;
    line(e, "}");
    for (int i = 0; i < af->nargs; i++) {
        if (!declare(e, af->args[i])) return false;
        line(e, "(void)%s;", vi(e, af->args[i])->name);
        copy_val(e, vi(e, af->args[i])->name, op_operand(t, 1 + i), af->args[i]->type);
    }
    Op *y = NULL;
    if (!emit_block(e, af, &y)) return false;
    if (!y || y->nopnds != n) return unsupported(e, op, "its yield");
    Value **dst = calloc((size_t)n + 1, sizeof *dst), **src = calloc((size_t)n + 1, sizeof *src);
    if (!dst || !src) abort();
    for (int i = 0; i < n; i++) { dst[i] = bf->args[i]; src[i] = op_operand(y, i); }
    assign_all(e, dst, src, n);
    free(dst);
    free(src);
    e->ind--;
    line(e, "}");
    return !e->failed;
}

static bool emit_make_bptr(E *e, Op *op) {
    if (op->nres != 1 || (op->nopnds - 1) % 3 || op->nopnds < 4) return unsupported(e, op, "malformed");
    int r = (op->nopnds - 1) / 3;
    if (r > MAXR) return unsupported(e, op, "rank above 8");
    Value *res = op_result(op, 0);
    VI *x = vi(e, res);
    x->kind = K_BPTR;
    
    line(e, "ttx_bptr %s;", x->name);
    line(e, "%s.base = %s;", x->name, ex(e, op_operand(op, 0), NULL));
    for (int d = 0; d < r; d++) {
        line(e, "%s.shape[%d] = %s;", x->name, d, ex(e, op_operand(op, 1 + d), NULL));
        line(e, "%s.stride[%d] = %s;", x->name, d, ex(e, op_operand(op, 1 + r + d), NULL));
        line(e, "%s.off[%d] = %s;", x->name, d, ex(e, op_operand(op, 1 + 2 * r + d), NULL));
    }
    return !e->failed;
}

/* a tts.make_tptr with an order: a block pointer (offsets come scaled by the strides) */
static bool emit_tts_bptr(E *e, Op *op) {
    const int64_t *sg = op_segment_sizes(op, 4);
    if (!sg || sg[0] != 1) return unsupported(e, op, "its operandSegmentSizes");
    const char *str[MAXR], *off[MAXR], *shp[MAXR];
    int next = 1;
    int nst = mixed(e, op, "static_strides", &next, (int)(1 + sg[1]), str);
    int no = mixed(e, op, "static_offsets", &next, (int)(1 + sg[1] + sg[2]), off);
    int nsh = mixed(e, op, "static_shape", &next, op->nopnds, shp);
    Type *pe = op->res[0].type->ptr.pointee;
    if (nst < 0 || nst != no || nst != nsh || nst != pe->sh.rank) return unsupported(e, op, "its sizes, strides, offsets or shape");
    VI *x = vi(e, op_result(op, 0));
    x->kind = K_BPTR;
    line(e, "ttx_bptr %s;", x->name);
    line(e, "%s.base = %s;", x->name, ex(e, op_operand(op, 0), NULL));
    for (int d = 0; d < nst; d++) {
        line(e, "%s.shape[%d] = %s;", x->name, d, shp[d]);
        line(e, "%s.stride[%d] = %s;", x->name, d, str[d]);
        if (!strcmp(str[d], "1")) line(e, "%s.off[%d] = %s;", x->name, d, off[d]);
        else line(e, "%s.off[%d] = %s.stride[%d] ? %s / %s.stride[%d] : 0;", x->name, d, x->name, d, off[d], x->name, d);
    }
    return !e->failed;
}

static bool emit_advance(E *e, Op *op) {
    if (op->nres != 1 || op->nopnds < 2) return unsupported(e, op, "malformed");
    Value *res = op_result(op, 0);
    VI *x = vi(e, res);
    x->kind = K_BPTR;
    line(e, "ttx_bptr %s = %s;", x->name, vi(e, op_operand(op, 0))->name);
    for (int d = 0; d + 1 < op->nopnds; d++) {
        const char *o = ex(e, op_operand(op, 1 + d), NULL);
        if (strcmp(o, "0")) line(e, "%s.off[%d] += %s;", x->name, d, o);
    }
    return !e->failed;
}

static void comment(E *e, Op *op) {
    if (op->loc.line > 0) line(e, "/* %s (%s:%d:%d) */", op_name(op), op->loc.file ? op->loc.file : "?", op->loc.line, op->loc.col);
    else line(e, "/* %s */", op_name(op));
}

static bool emit_op(E *e, Op *op) {
    int id = op->info->id;
    if (op->verbatim && id != OP_tt_make_tensor_ptr && id != OP_tt_advance && id != OP_tt_reduce && id != OP_tt_scan &&
        id != OP_tts_load && id != OP_tts_store && id != OP_tt_extern_elementwise &&
        id != OP_tt_precise_sqrt && id != OP_tt_precise_divf && id != OP_tt_mulhiui)
        return unsupported(e, op, NULL);
    /* constants are literals or views; dead pure ops vanish */
    if (id == OP_arith_constant) {
        Value *v = op_result(op, 0);
        VI *x = vi(e, v);
        if (!is_tensor(v->type) || x->kind == K_VIRT || !value_has_uses(v)) return true;
        Attr *c = op_attr(op, "value");
        if (!c || c->kind != A_DENSE) return unsupported(e, op, "its value");
        if (c->dense.n == 1) goto tensor;
        comment(e, op);
        int64_t n = type_numel(v->type);
        const char *dl = decl(e, x->name, v->type);
        if (!dl) return unsupported(e, op, "its type");
        fprintf(e->f, "%*sstatic const %s = {", e->ind * 4, "", dl);
        for (int64_t i = 0; i < n; i++) {
            const char *l = lit_attr(e, c->dense.elts[c->dense.n == 1 ? 0 : i], v->type->sh.elem);
            if (!l) return unsupported(e, op, "its value");
            fprintf(e->f, "%s%s", i ? ", " : "", l);
        }
        fputs("};\n", e->f);
        return true;
    }
    bool has_effect = id == OP_tt_store || id == OP_tts_store || id == OP_scf_for || id == OP_scf_if || id == OP_scf_while;
    if (!has_effect && op->nres && op_results_unused(op)) return true;
    switch (id) {
    case OP_tt_load: case OP_tt_store: case OP_tts_load: case OP_tts_store: comment(e, op); return emit_load_store(e, op);
    case OP_tt_reduce: case OP_tt_scan: comment(e, op); return emit_reduce(e, op);
    case OP_tt_dot: comment(e, op); return emit_dot(e, op);
    case OP_scf_for: comment(e, op); return emit_for(e, op);
    case OP_scf_if: comment(e, op); return emit_if(e, op);
    case OP_scf_while: comment(e, op); return emit_while(e, op);
    case OP_tt_make_tensor_ptr: comment(e, op); return emit_make_bptr(e, op);
    case OP_tt_advance: comment(e, op); return emit_advance(e, op);
    case OP_tts_make_tptr:
        if (op->nres == 1 && is_bptr(op->res[0].type)) { comment(e, op); return emit_tts_bptr(e, op); }
        break;
    case OP_tt_return: case OP_func_return:
        if (op->nopnds) return unsupported(e, op, "a function that returns values");
        if (op->next || op->block != op->block->region->op->regions[0].first || !op_is(op->block->region->op, OP_tt_func))
            line(e, "return;");
        return true;
    default: break;
    }
    if (op->nres != 1) return unsupported(e, op, NULL);
    Value *v = op_result(op, 0);
    VI *x = vi(e, v);
    if (is_tensor(v->type)) {
    tensor:
        v = op_result(op, 0);
        x = vi(e, v);
        if (x->kind == K_VIRT) return true;
        if (v->type->sh.rank > MAXR) return unsupported(e, op, "rank above 8");
        comment(e, op);
        if (!declare(e, v)) return false;
        if (use_rt(e) && rt_elementwise(e, op, v)) return !e->failed;
        const char *idx[MAXR];
        int n = loops_open(e, v->type->sh.dims, v->type->sh.rank, idx);
        if (needs_check(id)) {
            const char *b = id == OP_arith_fptosi || id == OP_arith_fptoui ? NULL : ex(e, op_operand(op, 1), idx);
            const char *a = ex(e, op_operand(op, 0), idx);
            int s = site(e, op);
            if (b) line(e, "if (%s == 0) TTX_FAIL(%d);", b, s);
            else {
                Type *rt = v->type->sh.elem;
                int w = iw(rt);
                bool un = id == OP_arith_fptoui;
                double lo = w == 1 ? (un ? 0 : -1) : un ? 0 : -ldexp(1, w - 1), hi = w == 1 ? (un ? 2 : 1) : un ? ldexp(1, w) : ldexp(1, w - 1);
                line(e, "if (!(%s > %.1f && %s < %.1f)) TTX_FAIL(%d);", a, lo - 1, a, hi, s);
            }
        }
        const char *s = elem_of(e, op, idx);
        if (!s) return unsupported(e, op, NULL);
        line(e, "%s[%s] = %s;", x->name, flat(e, v->type->sh.dims, v->type->sh.rank, idx), s);
        loops_close(e, n);
        return !e->failed;
    }
    /* a scalar */
    if (!v->type || !rtype(e, v->type)) return unsupported(e, op, "its result type");
    if (id == OP_tt_unsplat) {
        /* the one element of a tensor */
        Value *src = op->nopnds ? op_operand(op, 0) : NULL;
        if (op->nopnds != 1 || !is_tensor(src->type) || type_numel(src->type) != 1) return unsupported(e, op, "its operand");
        const char *zi[MAXR];
        for (int d = 0; d < src->type->sh.rank; d++) zi[d] = "0";
        line(e, "%s = %s;", decl(e, x->name, v->type), ex(e, src, zi));
        return !e->failed;
    }
    const char *a[3] = { NULL, NULL, NULL };
    if (op->nopnds > 3) return unsupported(e, op, NULL);
    for (int i = 0; i < op->nopnds; i++) {
        if (is_tensor(op_operand(op, i)->type)) return unsupported(e, op, "a tensor operand with a scalar result");
        a[i] = ex(e, op_operand(op, i), NULL);
    }
    if (!is_ew(id) && id != OP_tt_get_program_id && id != OP_tt_get_num_programs) return unsupported(e, op, NULL);
    const char *s = op_expr(e, op, a);
    if (!s) return unsupported(e, op, "these operand types");
    if (needs_check(id)) {
        int st = site(e, op);
        if (id == OP_arith_fptosi || id == OP_arith_fptoui) {
            int w = iw(v->type);
            bool un = id == OP_arith_fptoui;
            double lo = w == 1 ? (un ? 0 : -1) : un ? 0 : -ldexp(1, w - 1), hi = w == 1 ? (un ? 2 : 1) : un ? ldexp(1, w) : ldexp(1, w - 1);
            line(e, "if (!(%s > %.1f && %s < %.1f)) TTX_FAIL(%d);", a[0], lo - 1, a[0], hi, st);
        } else line(e, "if (%s == 0) TTX_FAIL(%d);", a[1], st);
    }
    line(e, "%s = %s;", decl(e, x->name, v->type), s);
    return !e->failed;
}

/* emit every op of b but its terminator (returned in *term) */
static bool emit_block(E *e, Block *b, Op **term) {
    *term = NULL;
    for (Op *o = b->first; o; o = o->next) {
        int id = o->info->id;
        if (!o->next && (id == OP_scf_yield || id == OP_scf_condition || id == OP_tt_reduce_return || id == OP_tt_scan_return)) {
            *term = o;
            break;
        }
        if (id == OP_cf_br || id == OP_cf_cond_br) return unsupported(e, o, "branches between blocks");
        if (!emit_op(e, o)) return false;
    }
    return !e->failed;
}

/* ---- functions ------------------------------------------------------------ */

const char *c_func_name(Op *func, char *buf, size_t n) {
    Attr *s = op_attr(func, "sym_name");
    size_t k = 0;
    if (s && s->kind == A_STRING)
        for (size_t i = 0; i < s->str.len && k + 1 < n; i++) {
            char ch = s->str.s[i];
            bool ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == '_' || (ch >= '0' && ch <= '9' && k);
            buf[k++] = ok ? ch : '_';
        }
    if (!k) buf[k++] = 'k';
    buf[k] = 0;
    return buf;
}

/* the C parameter type of an argument of type t */
static const char *ptype(E *e, Type *t) {
    if (t->kind == T_INT && t->i.width == 1) return "i32";
    if (is_f16ish(t)) return "float";
    if (is_bptr(t)) return NULL;
    return rtype(e, t);
}

static bool emit_func(E *e, Op *func, FILE *out, bool launcher) {
    char nm[256];
    c_func_name(func, nm, sizeof nm);
    if (!func->nregions || !func->regions[0].first) return unsupported(e, func, "a declaration without a body");
    Block *entry = func->regions[0].first;
    if (entry->next) return unsupported(e, func, "several blocks");
    for (int i = 0; i < entry->nargs; i++) {
        Type *at = entry->args[i]->type;
        if (!at || !ptype(e, at)) return unsupported(e, func, "an argument of this type");
        name_value(e, entry->args[i], fmt(e, "arg%d", i));
    }
    PtrVec order = { 0 };
    for (Op *o = entry->first; o; o = o->next) name_op(e, o, &order);
    for (int i = 0; i < order.n; i++)
        if (op_is(order.v[i], OP_scf_for)) find_carried(e, order.v[i]);
    for (int i = order.n - 1; i >= 0; i--) {
        Op *o = order.v[i];
        for (int r = 0; r < o->nres; r++) decide(e, op_result(o, r));
        for (int r = 0; r < o->nregions; r++)
            for (Block *b = o->regions[r].first; b; b = b->next)
                for (int a = 0; a < b->nargs; a++) decide(e, b->args[a]);
    }
    for (int i = 0; i < entry->nargs; i++) vi(e, entry->args[i])->kind = K_SCALAR;
    pv_free(&order);
    for (int i = 0; i < 6; i++) e->grid_used[i] = false;

    char *body = NULL;
    size_t blen = 0;
    FILE *saved = e->f;
    e->f = open_memstream(&body, &blen);
    if (!e->f) abort();
    e->ind = 1;
    Op *t = NULL;
    bool ok = emit_block(e, entry, &t);
    fclose(e->f);
    e->f = saved;
    if (!ok || e->failed) { free(body); return false; }

    /* the signature */
    fprintf(out, "void %s(", nm);
    for (int i = 0; i < entry->nargs; i++) {
        Type *at = entry->args[i]->type;
        const char *pt = at ? ptype(e, at) : NULL;
        if (!pt) { free(body); return unsupported(e, func, "an argument of this type"); }
        size_t l = strlen(pt);
        fprintf(out, "%s%s%sarg%d", i ? ", " : "", pt, pt[l - 1] == '*' ? "" : " ", i);
    }
    fprintf(out, "%si32 gridX, i32 gridY, i32 gridZ, i32 pidX, i32 pidY, i32 pidZ)\n{\n", entry->nargs ? ",\n        " : "");
    static const char *const g[] = { "gridX", "gridY", "gridZ", "pidX", "pidY", "pidZ" };
    /* the bounds-check hook uses the program id */
    for (int i = 0; i < 6; i++)
        if (!e->grid_used[i] && i < 3) fprintf(out, "    (void)%s;\n", g[i]);
    fputs("    (void)pidX; (void)pidY; (void)pidZ;\n", out);
    for (int i = 0; i < entry->nargs; i++)
        if (!value_has_uses(entry->args[i])) fprintf(out, "    (void)arg%d;\n", i);
    fwrite(body, 1, blen, out);
    fputs("}\n", out);
    free(body);

    if (launcher) {
        fputs("\n/* runs programs [first, end) of the grid, x fastest */\n"
              "void ttx_launch(void *const *args, i32 gx, i32 gy, i32 gz, i64 first, i64 end)\n{\n"
              "    for (i64 p = first; p < end; p++) {\n", out);
        fputs(use_rt(e) ? "        if (TTX_STOP(p)) { ttx_rt_drain(); return; }\n" : "        if (TTX_STOP(p)) return;\n", out);
        fprintf(out, "        %s(", nm);
        for (int i = 0; i < entry->nargs; i++) {
            Type *at = entry->args[i]->type;
            const char *pt = ptype(e, at);
            if (at->kind == T_PTR) fprintf(out, "(%s)args[%d]", pt, i);
            else if (fname_is(at, "f16") || fname_is(at, "bf16"))   /* rounded to the type, as the interpreter does */
                fprintf(out, "ttx_%sr(*(const double *)args[%d])", fname_is(at, "f16") ? "f16" : "bf16", i);
            else if (at->kind == T_FLOAT) fprintf(out, "(%s)*(const double *)args[%d]", pt, i);
            else fprintf(out, "(%s)*(const i64 *)args[%d]", pt, i);
            fputs(", ", out);
        }
        fputs("gx, gy, gz, (i32)(p % gx), (i32)(p / gx % gy), (i32)(p / ((i64)gx * gy)));\n    }\n", out);
        fputs(use_rt(e) ? "    ttx_rt_drain();\n}\n" : "}\n", out);
    }
    return true;
}

/* the prelude's helpers; one is emitted when its name occurs in the code
 * (or in another emitted helper) */
static const struct { const char *name, *text; } helpers[] = {
    { "ttx_bptr", "/* a block pointer: base, then shape, strides and offsets in elements */\n"
                  "typedef struct ttx_bptr { void *base; i64 shape[8], stride[8], off[8]; } ttx_bptr;\n" },
    { "ttx_f32", "static inline float ttx_f32(u32 u) { union { u32 u; float f; } v; v.u = u; return v.f; }\n" },
    { "ttx_f64", "static inline double ttx_f64(u64 u) { union { u64 u; double f; } v; v.u = u; return v.f; }\n" },
    { "ttx_bits32", "static inline u32 ttx_bits32(float f) { union { u32 u; float f; } v; v.f = f; return v.u; }\n" },
    { "ttx_bits64", "static inline u64 ttx_bits64(double f) { union { u64 u; double f; } v; v.f = f; return v.u; }\n" },
    { "ttx_h2f", "/* IEEE half precision bits to float */\n"
                 "static inline float ttx_h2f(u16 h)\n{\n"
                 "    union { u32 u; float f; } v;\n"
                 "    u32 e = (u32)(h >> 10) & 31u, m = (u32)h & 1023u;\n"
                 "    if (e == 31) v.u = 0x7f800000u | (m << 13);\n"
                 "    else if (e) v.u = ((e + 112) << 23) | (m << 13);\n"
                 "    else v.f = (float)m * 5.9604644775390625e-8f;\n"
                 "    v.u |= (u32)(h & 0x8000u) << 16;\n"
                 "    return v.f;\n}\n" },
    { "ttx_f2h", "/* a double to IEEE half precision bits, to nearest even */\n"
                 "static inline u16 ttx_f2h(double x)\n{\n"
                 "    union { double d; u64 u; } v;\n"
                 "    v.d = x;\n"
                 "    u16 s = (u16)((v.u >> 48) & 0x8000u);\n"
                 "    int e = (int)((v.u >> 52) & 0x7ff) - 1023;\n"
                 "    u64 m = (v.u & 0xfffffffffffffull) | (1ull << 52);\n"
                 "    if (e == 1024) return (u16)(s | ((v.u & 0xfffffffffffffull) ? 0x7e00u : 0x7c00u));\n"
                 "    if (e > 15) return (u16)(s | 0x7c00u);\n"
                 "    if (e < -25) return s;\n"
                 "    int sh = e >= -14 ? 42 : 28 - e;\n"
                 "    u64 q = m >> sh, r = m & ((1ull << sh) - 1), half = 1ull << (sh - 1);\n"
                 "    if (r > half || (r == half && (q & 1))) q++;\n"
                 "    if (e >= -14) q += (u64)(e + 14) << 10;\n"
                 "    return (u16)(q >= 0x7c00 ? (s | 0x7c00u) : (s | q));\n}\n" },
    { "ttx_f16r", "static inline float ttx_f16r(double x) { return ttx_h2f(ttx_f2h(x)); }\n" },
    { "ttx_bf2f", "static inline float ttx_bf2f(u16 h) { union { u32 u; float f; } v; v.u = (u32)h << 16; return v.f; }\n" },
    { "ttx_f2bf", "/* a double to bfloat16 bits (through float), to nearest even */\n"
                  "static inline u16 ttx_f2bf(double x)\n{\n"
                  "    union { u32 u; float f; } v;\n"
                  "    v.f = (float)x;\n"
                  "    if (v.f != v.f) return (u16)((v.u >> 16) | 0x40u);\n"
                  "    return (u16)((v.u + 0x7fffu + ((v.u >> 16) & 1u)) >> 16);\n}\n" },
    { "ttx_bf16r", "static inline float ttx_bf16r(double x) { return ttx_bf2f(ttx_f2bf(x)); }\n" },
    { "ttx_fma32", "/* a * b + c for floats: the exact product added in double, rounded to float; a\n"
                   " * compiler with a fused multiply-add instruction rounds once instead */\n"
                   "#if defined(__FMA__) && defined(__GNUC__) && !defined(__TINYC__)\n"
                   "#define ttx_fma32(a, b, c) __builtin_fmaf(a, b, c)\n"
                   "#else\n"
                   "static inline float ttx_fma32(float a, float b, float c) { return (float)((double)c + (double)a * (double)b); }\n"
                   "#endif\n" },
    { "ttx_expf", "/* f32 exp, within one ulp: ttxform's definition (src/fmath.h), which the\n"
                  " * interpreter and the JIT compute with the same operations */\n"
                  "float fmaf(float, float, float);\n"
                  "static inline float ttx_expf(float x)\n{\n"
                  "    union { float f; i32 i; u32 u; } t, s1, s2;\n"
                  "    if (x != x) return x + x;\n"
                  "    x = x < -104.0f ? -104.0f : x > 89.0f ? 89.0f : x;\n"
                  "    t.f = fmaf(x, 0x1.715476p+0f, 0x1.8p23f);\n"
                  "    float k = t.f - 0x1.8p23f;\n"
                  "    float r = fmaf(-k, 0x1.62e43p-1f, x);\n"
                  "    r = fmaf(-k, -0x1.05c61p-29f, r);\n"
                  "    float p = fmaf(r, 0x1.a01a02p-13f, 0x1.6c16c2p-10f);\n"
                  "    p = fmaf(p, r, 0x1.111112p-7f);\n"
                  "    p = fmaf(p, r, 0x1.555556p-5f);\n"
                  "    p = fmaf(p, r, 0x1.555556p-3f);\n"
                  "    p = fmaf(p, r, 0.5f);\n"
                  "    p = fmaf(p, r, 1.0f);\n"
                  "    p = fmaf(p, r, 1.0f);\n"
                  "    i32 n = t.i - 0x4b400000, n1 = (n - (n & 1)) / 2;\n"
                  "    s1.u = (u32)(n1 + 127) << 23;\n"
                  "    s2.u = (u32)(n - n1 + 127) << 23;\n"
                  "    return p * s1.f * s2.f;\n}\n" },
    { "ttx_divs", "/* integer division as arith defines it; a zero divisor gives 0 (TTX_FAIL reports it) */\n"
                  "static inline i64 ttx_divs(i64 a, i64 b) { return b == 0 ? 0 : b == -1 ? (i64)(0 - (u64)a) : a / b; }\n" },
    { "ttx_rems", "static inline i64 ttx_rems(i64 a, i64 b) { return b == 0 || b == -1 ? 0 : a % b; }\n" },
    { "ttx_floordivs", "static inline i64 ttx_floordivs(i64 a, i64 b)\n{\n"
                       "    if (b == 0 || b == -1) return ttx_divs(a, b);\n"
                       "    return a % b != 0 && ((a % b < 0) != (b < 0)) ? a / b - 1 : a / b;\n}\n" },
    { "ttx_ceildivs", "static inline i64 ttx_ceildivs(i64 a, i64 b)\n{\n"
                      "    if (b == 0 || b == -1) return ttx_divs(a, b);\n"
                      "    return a % b != 0 && ((a % b < 0) == (b < 0)) ? a / b + 1 : a / b;\n}\n" },
    { "ttx_divu", "static inline u64 ttx_divu(u64 a, u64 b) { return b ? a / b : 0; }\n" },
    { "ttx_remu", "static inline u64 ttx_remu(u64 a, u64 b) { return b ? a % b : 0; }\n" },
    { "ttx_ceildivu", "static inline u64 ttx_ceildivu(u64 a, u64 b) { return b ? a / b + (a % b != 0) : 0; }\n" },
    { "ttx_u64tod", "static inline double ttx_u64tod(u64 x)\n{\n"
                    "    return (i64)x >= 0 ? (double)(i64)x : 2.0 * (double)(i64)((x >> 1) | (x & 1));\n}\n" },
    { "ttx_dtou64", "static inline u64 ttx_dtou64(double x)\n{\n"
                    "    return x < 9223372036854775808.0 ? (u64)(i64)x : (u64)(i64)(x - 9223372036854775808.0) ^ 0x8000000000000000ull;\n}\n" },
    { "ttx_signbit", "static inline int ttx_signbit(double x) { union { double d; u64 u; } v; v.d = x; return (int)(v.u >> 63); }\n" },
    { "ttx_maximum", "/* NaN if either is NaN; -0 below +0 */\n"
                     "static inline double ttx_maximum(double a, double b)\n{\n"
                     "    if (a != a || b != b) return a + b;\n"
                     "    if (a == 0 && b == 0) return ttx_signbit(a) ? b : a;\n"
                     "    return a > b ? a : b;\n}\n" },
    { "ttx_minimum", "static inline double ttx_minimum(double a, double b)\n{\n"
                     "    if (a != a || b != b) return a + b;\n"
                     "    if (a == 0 && b == 0) return ttx_signbit(a) ? a : b;\n"
                     "    return a < b ? a : b;\n}\n" },
};
enum { NHELPERS = sizeof helpers / sizeof *helpers };

/* does name occur in text as an identifier? */
static bool mentions(const char *text, size_t len, const char *name) {
    size_t n = strlen(name);
    for (const char *p = text; p && (size_t)(p - text) + n <= len; p++) {
        p = memchr(p, name[0], len - (size_t)(p - text));
        if (!p || (size_t)(p - text) + n > len) return false;
        if (memcmp(p, name, n)) continue;
        char b = p > text ? p[-1] : ' ', a = (size_t)(p - text) + n < len ? p[n] : ' ';
        bool idb = b == '_' || (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || (b >= '0' && b <= '9');
        bool ida = a == '_' || (a >= 'a' && a <= 'z') || (a >= 'A' && a <= 'Z') || (a >= '0' && a <= '9');
        if (!idb && !ida) return true;
    }
    return false;
}

static void prelude(FILE *out, const char *body, size_t blen) {
    fputs("typedef signed char i8;\ntypedef short i16;\ntypedef int i32;\ntypedef long long i64;\n"
          "typedef unsigned char u8;\ntypedef unsigned short u16;\ntypedef unsigned int u32;\n"
          "typedef unsigned long long u64;\n\n"
          "#ifndef TTX_IN\n#define TTX_IN(p, bytes, site) 1\n#endif\n"
          "#ifndef TTX_FAIL\n#define TTX_FAIL(site) ((void)0)\n#endif\n"
          "#ifndef TTX_STOP\n#define TTX_STOP(program) 0\n#endif\n", out);
    bool need[NHELPERS] = { false };
    for (bool more = true; more;) {
        more = false;
        for (int i = NHELPERS - 1; i >= 0; i--) {
            if (need[i]) continue;
            bool m = mentions(body, blen, helpers[i].name);
            for (int j = 0; j < NHELPERS && !m; j++)
                if (need[j] && j != i) m = mentions(helpers[j].text, strlen(helpers[j].text), helpers[i].name);
            if (m) need[i] = more = true;
        }
    }
    bool any = false;
    for (int i = 0; i < NLIBM; i++) {
        bool m = mentions(body, blen, libm[i].name);
        for (int j = 0; j < NHELPERS && !m; j++)
            if (need[j]) m = mentions(helpers[j].text, strlen(helpers[j].text), libm[i].name);
        if (!m) continue;
        if (!any) fputc('\n', out);
        any = true;
        fprintf(out, "double %s(double%s%s);\n", libm[i].name, libm[i].nargs > 1 ? ", double" : "", libm[i].nargs > 2 ? ", double" : "");
    }
    for (int i = 0; i < NHELPERS; i++)
        if (need[i]) fprintf(out, "\n%s", helpers[i].text);
    fputc('\n', out);
}

static bool emit_all(E *e, FILE *out, Op *module, Op *func) {
    char *body = NULL;
    size_t blen = 0;
    FILE *bf = open_memstream(&body, &blen);
    if (!bf) abort();
    bool ok = true, first = true;
    Block *mb = module && module->nregions ? module_body(module) : NULL;
    for (Op *o = mb ? mb->first : NULL; o && ok; o = o->next) {
        if (func ? o != func : !op_is(o, OP_tt_func)) continue;
        if (!op_is(o, OP_tt_func) && !op_is(o, OP_func_func)) { ok = unsupported(e, o, "not a function"); break; }
        if (!first) fputc('\n', bf);
        ok = emit_func(e, o, bf, first && e->o && e->o->launcher);
        first = false;
    }
    fclose(bf);
    if (ok && first && !e->failed) {
        Loc l = module->loc;
        diag_error(e->d, l, "the module has no tt.func to translate to C");
        ok = false;
    }
    if (ok && !e->failed) {
        fputs("/* C99 generated by ttxform; no headers needed */\n", out);
        prelude(out, body, blen);
        if (use_rt(e))
            fputs("/* bulk routines of the JIT */\n"
                  "void *memcpy(void *d, const void *s, unsigned long n);\n"
                  "void ttx_rt_copy(void *d, const void *s, i64 bytes);\n"
                  "void ttx_rt_drain(void);\n"
                  "void ttx_rt_ptr_add(void **d, void *const *a, i64 bytes, i64 n);\n"
                  "void ttx_rt_h2f(float *d, const u16 *h, i64 n);\n"
                  "float ttx_rt_copy_red(int op, float *d, const float *s, i64 lo, i64 hi, i64 n, float other);\n"
                  "void ttx_rt_store(void *d, const void *s, i64 bytes);\n"
                  "void ttx_rt_f32_bin(int op, float *d, const float *a, i64 sa, const float *b, i64 sb, i64 n);\n"
                  "void ttx_rt_f32_un(int op, float *d, const float *a, i64 n);\n"
                  "float ttx_rt_f32_red(int op, const float *a, i64 n);\n"
                  "void ttx_rt_f32_exp_sub(float *d, const float *a, float b, i64 n);\n"
                  "float ttx_rt_f32_exp_sum(float *d, const float *a, float b, i64 n);\n"
                  "void ttx_rt_f32_bin_store(int op, float *d, const float *a, const float *b, i64 sb, i64 n);\n"
                  "void ttx_rt_f32_dot(float *r, const float *a, const float *b, const float *c, i64 sc, i64 M, i64 N, i64 K);\n\n", out);
        fwrite(body, 1, blen, out);
    }
    free(body);
    return ok && !e->failed;
}

bool c_emit(FILE *out, Ctx *c, Op *module, Op *func, const CEmitOpts *o, Diag *d) {
    E e = { .c = c, .d = d, .o = o };
    bool ok = emit_all(&e, out, module, func);
    for (int i = 0; i < e.strs.n; i++) free(e.strs.v[i]);
    pv_free(&e.strs);
    for (int i = 0; i < e.vis.n; i++) free(e.vis.v[i]);
    pv_free(&e.vis);
    free(e.tab);
    return ok;
}

/* ---- the Target --------------------------------------------------------- */

static bool c_pipeline(Pipeline *pl, const TargetOpts *o, char *err, size_t errlen) {
    (void)pl; (void)o; (void)err; (void)errlen;
    return true;
}
static bool c_precheck(Op *module, Diag *d) { (void)module; (void)d; return true; }
static bool c_emit_target(FILE *out, Ctx *c, Op *module, Diag *d) { return c_emit(out, c, module, NULL, NULL, d); }

const Target target_c = {
    .name = "c",
    .suffix = ".c",
    .pipeline = c_pipeline,
    .precheck = c_precheck,
    .emit = c_emit_target,
};
