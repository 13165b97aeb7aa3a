/* interp.c - the reference interpreter of tt.func kernels (see interp.h).
 *
 * A runtime value is a dense row-major tensor (a scalar is rank 0) of
 * 16-byte elements: integers as int64 kept wrapped to their width, floats
 * as doubles kept rounded to their type, pointers as (buffer, byte offset).
 * Values live in a hash map from Value* to their current contents; a loop
 * body rebinds the same Values on every iteration. */
#include "interp.h"

#include "fmath.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

typedef union El {
    int64_t i;
    double f;
    struct { int32_t buf; int64_t off; } p;
} El;

typedef struct RV {
    Type *t, *et;
    int rank;
    const int64_t *dims;
    int64_t n;
    El *e;
    bool gs;             /* tts.make_gather_scatter_tptr: n/2 element pointers, then n/2 lane flags */
} RV;

typedef struct Slot { Value *k; RV v; } Slot;

typedef struct In {
    Ctx *c;
    Diag *d;
    Op *func;
    int nargs;
    const IArg *args;
    Type **argelem;      /* pointee of each pointer argument */
    int pid[3], grid[3];
    Slot *s;
    size_t cap, n;
    int depth;
} In;

enum { MAX_ELEMS = 1 << 26, MAX_RANK = 8, MAX_DEPTH = 64 };

/* ---- diagnostics ------------------------------------------------------ */

static Loc op_loc(In *in, Op *op) {
    if (op && op->loc.line > 0) return op->loc;
    return in->func->loc;
}

static bool fail(In *in, Op *op, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static bool fail(In *in, Op *op, const char *fmt, ...) {
    char buf[1536];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    diag_error(in->d, op_loc(in, op), "%s: %s in program (%d, %d, %d)", op ? op_name(op) : "interp", buf,
               in->pid[0], in->pid[1], in->pid[2]);
    return false;
}

/* "[i, j]" for flat index k of a value with the given shape */
static void index_str(char *out, size_t sz, const RV *v, int64_t k) {
    int64_t idx[MAX_RANK];
    int r = v->rank;
    if (!r) { snprintf(out, sz, "[0]"); return; }
    for (int i = r - 1; i >= 0; i--) { idx[i] = k % v->dims[i]; k /= v->dims[i]; }
    size_t o = (size_t)snprintf(out, sz, "[");
    for (int i = 0; i < r && o < sz; i++) o += (size_t)snprintf(out + o, sz - o, "%s%lld", i ? ", " : "", (long long)idx[i]);
    if (o < sz) snprintf(out + o, sz - o, "]");
}

/* ---- types ------------------------------------------------------------ */

static int block_rank(const Type *t);
static int kind_of(const Type *t) {
    if (!t) return 0;
    if (block_rank(t) > 0) return 'b';
    if (t->kind == T_INT || t->kind == T_INDEX) return 'i';
    if (t->kind == T_FLOAT) return 'f';
    if (t->kind == T_PTR) return 'p';
    return 0;
}
static int iw(const Type *t) { return t->kind == T_INDEX ? 64 : t->i.width; }
static int64_t wrapt(const Type *t, int64_t v) {
    if (t->kind != T_INT) return v;
    return int_wrap(v, t->i.width, t->i.sign == UNSIGNED ? UNSIGNED : SIGNLESS);
}
static int64_t sx(int64_t v, int w) {
    if (w >= 64) return v;
    if (w == 1) return (v & 1) ? -1 : 0;
    return int_wrap(v, w, SIGNLESS);
}
static uint64_t zx(int64_t v, int w) {
    if (w >= 64) return (uint64_t)v;
    return (uint64_t)v & (((uint64_t)1 << w) - 1);
}
/* bytes of one element of T in memory */
static int64_t elem_bytes(const Type *t) {
    if (!t) return 0;
    if (t->kind == T_INT) return t->i.width == 1 ? 1 : (t->i.width + 7) / 8;
    if (t->kind == T_INDEX || t->kind == T_PTR) return 8;
    if (t->kind == T_FLOAT) return (type_float_width(t) + 7) / 8;
    return 0;
}
static double fround(const Type *t, double v) { return float_round(t, v); }

/* block pointers (!tt.ptr<tensor<...>>) and tensor descriptors
 * (!tt.tensordesc<tensor<...>>) are held as one base pointer followed by, per
 * dimension, the shape, the stride and the offset (in elements along that
 * dimension): e[0].p, e[1 + d].i, e[1 + R + d].i, e[1 + 2R + d].i */
static int desc_rank(const Type *t) {
    if (!t || t->kind != T_OPAQUE || !t->opq.name || strcmp(t->opq.name, "!tt.tensordesc") || !t->opq.body) return 0;
    const char *s = t->opq.body;
    if (*s == '<') s++;
    if (!strncmp(s, "tensor<", 7)) s += 7;
    int r = 0;
    while (*s >= '0' && *s <= '9') {
        while (*s >= '0' && *s <= '9') s++;
        r++;
        if (*s != 'x') return 0;
        s++;
    }
    return r;
}
static int block_rank(const Type *t) {
    if (t && t->kind == T_PTR && t->ptr.pointee && t->ptr.pointee->kind == T_TENSOR) return t->ptr.pointee->sh.rank;
    return desc_rank(t);
}
/* the type of the base pointer of a block value (a placeholder for
 * descriptors, whose element type comes from the ops using them) */
static Type *block_base_type(Type *t) { return t; }

/* ---- values ----------------------------------------------------------- */

static bool rv_alloc(In *in, Op *op, RV *r, Type *t) {
    memset(r, 0, sizeof *r);
    if (!t) return fail(in, op, "value without a type");
    r->t = t;
    r->et = type_elem(t);
    if (t->kind == T_TENSOR) {
        if (t->sh.rank < 0 || t->sh.rank > MAX_RANK) return fail(in, op, "unsupported tensor rank");
        r->rank = t->sh.rank;
        r->dims = t->sh.dims;
        r->n = 1;
        for (int i = 0; i < r->rank; i++) {
            if (r->dims[i] < 0) return fail(in, op, "dynamic tensor shapes are not supported");
            r->n *= r->dims[i];
            if (r->n > MAX_ELEMS) return fail(in, op, "tensor too large");
        }
    } else if (block_rank(t) > 0) {
        /* a block pointer or tensor descriptor: see block_ptr() */
        if (block_rank(t) > MAX_RANK) return fail(in, op, "unsupported block rank");
        r->n = 1 + 3 * block_rank(t);
        r->et = block_base_type(t);
    } else if (kind_of(t)) {
        r->n = 1;
    } else return fail(in, op, "values of this type are not supported");
    if (!kind_of(r->et)) return fail(in, op, "tensor element type not supported");
    r->e = calloc((size_t)(r->n ? r->n : 1), sizeof(El));
    if (!r->e) return fail(in, op, "out of memory");
    return true;
}
static bool rv_dup(In *in, Op *op, const RV *a, RV *r) {
    *r = *a;
    r->e = malloc(sizeof(El) * (size_t)(a->n ? a->n : 1));
    if (!r->e) return fail(in, op, "out of memory");
    memcpy(r->e, a->e, sizeof(El) * (size_t)(a->n ? a->n : 1));
    return true;
}

static Slot *slot_find(In *in, const Value *k) {
    if (!in->cap) return NULL;
    for (size_t i = ptr_hash(k) & (in->cap - 1);; i = (i + 1) & (in->cap - 1)) {
        if (in->s[i].k == k) return &in->s[i];
        if (!in->s[i].k) return NULL;
    }
}
static RV *get(In *in, Op *op, Value *v) {
    Slot *s = slot_find(in, v);
    if (!s) { fail(in, op, "use of a value that has not been computed"); return NULL; }
    return &s->v;
}
/* bind v to r, taking ownership of r->e */
static bool set(In *in, Op *op, Value *v, RV *r) {
    Slot *s = slot_find(in, v);
    if (s) { free(s->v.e); s->v = *r; r->e = NULL; return true; }
    if ((in->n + 1) * 2 > in->cap) {
        size_t nc = in->cap ? in->cap * 2 : 256;
        Slot *ns = calloc(nc, sizeof(Slot));
        if (!ns) { free(r->e); r->e = NULL; return fail(in, op, "out of memory"); }
        for (size_t i = 0; i < in->cap; i++) {
            if (!in->s[i].k) continue;
            size_t j = ptr_hash(in->s[i].k) & (nc - 1);
            while (ns[j].k) j = (j + 1) & (nc - 1);
            ns[j] = in->s[i];
        }
        free(in->s);
        in->s = ns;
        in->cap = nc;
    }
    size_t j = ptr_hash(v) & (in->cap - 1);
    while (in->s[j].k) j = (j + 1) & (in->cap - 1);
    in->s[j].k = v;
    in->s[j].v = *r;
    r->e = NULL;
    in->n++;
    return true;
}
static void env_clear(In *in) {
    for (size_t i = 0; i < in->cap; i++) {
        if (in->s[i].k) free(in->s[i].v.e);
        in->s[i].k = NULL;
    }
    in->n = 0;
}

/* operand i of op, or NULL after an error */
static RV *opnd(In *in, Op *op, int i) {
    if (i >= op->nopnds) { fail(in, op, "missing operand %d", i); return NULL; }
    return get(in, op, op_operand(op, i));
}
/* the result type of an op kept verbatim whose syntax ends in `-> T` (or
 * `: (..) -> T`): the last type written */
static Type *verbatim_result_type(Op *op) {
    Type *t = NULL;
    if (op_is(op, OP_tt_unsplat) && op->nopnds == 1 && op_operand(op, 0)->type)   /* tt.unsplat %x : tensor<1x..xT> */
        return type_elem(op_operand(op, 0)->type);
    for (Elem *e = op->custom; e; e = e->next)
        if (e->kind == E_TYPE && e->type) t = e->type;
    if (t && t->kind == T_FUNC) t = t->fn.nout == 1 ? t->fn.out[0] : NULL;
    return t;
}
static bool res_alloc(In *in, Op *op, int i, RV *r) {
    if (i >= op->nres) return fail(in, op, "missing result %d", i);
    Type *t = op->res[i].type;
    if (!t && op->verbatim && op->nres == 1) t = verbatim_result_type(op);
    return rv_alloc(in, op, r, t);
}
static bool res_set(In *in, Op *op, int i, RV *r) { return set(in, op, op_result(op, i), r); }

static bool same_n(In *in, Op *op, const RV *a, const RV *b) {
    if (a->n != b->n && b->n != 1) return fail(in, op, "operand shapes differ");
    return true;
}

/* ---- attributes ------------------------------------------------------- */

/* ---- float encodings ------------------------------------------------- */

static double f16_dec(uint16_t h) {
    int e = (h >> 10) & 31, m = h & 1023;
    double v = e == 0 ? ldexp(m, -24) : e == 31 ? (m ? NAN : INFINITY) : ldexp(m + 1024, e - 25);
    return (h >> 15) ? -v : v;
}
static uint16_t f16_enc(double v) {   /* v already rounded to f16 */
    uint16_t s = signbit(v) ? 0x8000 : 0;
    if (isnan(v)) return s | 0x7e00;
    v = fabs(v);
    if (isinf(v)) return s | 0x7c00;
    if (v == 0) return s;
    int e;
    frexp(v, &e);
    int ex = e - 1;
    if (ex < -14) return s | (uint16_t)llrint(ldexp(v, 24));
    if (ex > 15) return s | 0x7c00;
    int64_t m = llrint(ldexp(v, 10 - ex)) - 1024;
    if (m >= 1024) { ex++; m = 0; if (ex > 15) return s | 0x7c00; }
    return s | (uint16_t)((ex + 15) << 10) | (uint16_t)m;
}
static uint32_t f32_bits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static float f32_of(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static uint64_t f64_bits(double f) { uint64_t u; memcpy(&u, &f, 8); return u; }
static double f64_of(uint64_t u) { double f; memcpy(&f, &u, 8); return f; }

/* float value <-> its bit pattern as an integer of the same width */
static bool float_bits(const Type *t, double v, int64_t *bits) {
    const char *n = t->f.name;
    v = fround(t, v);
    if (!strcmp(n, "f64")) *bits = (int64_t)f64_bits(v);
    else if (!strcmp(n, "f32")) *bits = (int64_t)f32_bits((float)v);
    else if (!strcmp(n, "f16")) *bits = f16_enc(v);
    else if (!strcmp(n, "bf16")) *bits = isnan(v) ? 0x7fc0 : (int64_t)(f32_bits((float)v) >> 16);
    else return false;
    return true;
}
static bool float_from_bits(const Type *t, uint64_t bits, double *v) {
    const char *n = t->f.name;
    if (!strcmp(n, "f64")) *v = f64_of(bits);
    else if (!strcmp(n, "f32")) *v = f32_of((uint32_t)bits);
    else if (!strcmp(n, "f16")) *v = f16_dec((uint16_t)bits);
    else if (!strcmp(n, "bf16")) *v = f32_of((uint32_t)(bits & 0xffff) << 16);
    else return false;
    return true;
}

/* ---- memory ----------------------------------------------------------- */

/* check that the element at flat index k of pointer value p may be
 * accessed; returns its address */
static unsigned char *mem_at(In *in, Op *op, const RV *p, int64_t k, Type *et, const char *what) {
    El e = p->e[k];
    int64_t sz = elem_bytes(et);
    char idx[128];
    index_str(idx, sizeof idx, p, k);
    if (e.p.buf < 0 || e.p.buf >= in->nargs || in->args[e.p.buf].kind != IARG_BUF) {
        fail(in, op, "element %s %s through a pointer that is not bound to a buffer", idx, what);
        return NULL;
    }
    const Buf *b = &in->args[e.p.buf].buf;
    if (e.p.off < 0 || e.p.off > (int64_t)b->bytes - sz || (e.p.off + sz > (int64_t)b->bytes)) {
        int64_t ei = sz ? (e.p.off >= 0 ? e.p.off / sz : -((-e.p.off + sz - 1) / sz)) : 0;
        fail(in, op, "out-of-bounds access: element %s %s element %lld (byte offset %lld) of argument %d, "
             "which holds %lld elements (%zu bytes)", idx, what, (long long)ei, (long long)e.p.off, e.p.buf,
             (long long)(sz ? (int64_t)b->bytes / sz : 0), b->bytes);
        return NULL;
    }
    if (!b->data) { fail(in, op, "argument %d has no data", e.p.buf); return NULL; }
    return (unsigned char *)b->data + e.p.off;
}

static bool mem_read(In *in, Op *op, const unsigned char *m, Type *et, El *out) {
    if (et->kind == T_FLOAT) {
        uint64_t bits = 0;
        int64_t sz = elem_bytes(et);
        if (sz == 2) { uint16_t h; memcpy(&h, m, 2); bits = h; }
        else if (sz == 4) { uint32_t w; memcpy(&w, m, 4); bits = w; }
        else if (sz == 8) memcpy(&bits, m, 8);
        if (!float_from_bits(et, bits, &out->f)) return fail(in, op, "memory of type %s is not supported", et->f.name);
        return true;
    }
    if (et->kind == T_INT || et->kind == T_INDEX) {
        int w = iw(et);
        int64_t v;
        if (w == 1) v = *m != 0;
        else if (w == 8) { int8_t x; memcpy(&x, m, 1); v = x; }
        else if (w == 16) { int16_t x; memcpy(&x, m, 2); v = x; }
        else if (w == 32) { int32_t x; memcpy(&x, m, 4); v = x; }
        else if (w == 64) memcpy(&v, m, 8);
        else return fail(in, op, "memory of i%d is not supported", w);
        out->i = wrapt(et, v);
        return true;
    }
    return fail(in, op, "loading this element type is not supported");
}
static bool mem_write(In *in, Op *op, unsigned char *m, Type *et, El v) {
    if (et->kind == T_FLOAT) {
        int64_t bits;
        if (!float_bits(et, v.f, &bits)) return fail(in, op, "memory of type %s is not supported", et->f.name);
        int64_t sz = elem_bytes(et);
        if (sz == 2) { uint16_t h = (uint16_t)bits; memcpy(m, &h, 2); }
        else if (sz == 4) { uint32_t w = (uint32_t)bits; memcpy(m, &w, 4); }
        else memcpy(m, &bits, 8);
        return true;
    }
    if (et->kind == T_INT || et->kind == T_INDEX) {
        int w = iw(et);
        if (w == 1) *m = (unsigned char)(v.i & 1);
        else if (w == 8) { int8_t x = (int8_t)v.i; memcpy(m, &x, 1); }
        else if (w == 16) { int16_t x = (int16_t)v.i; memcpy(m, &x, 2); }
        else if (w == 32) { int32_t x = (int32_t)v.i; memcpy(m, &x, 4); }
        else if (w == 64) memcpy(m, &v.i, 8);
        else return fail(in, op, "memory of i%d is not supported", w);
        return true;
    }
    return fail(in, op, "storing this element type is not supported");
}

static Type *pointee_of(In *in, Op *op, Type *pt) {
    if (!pt || pt->kind != T_PTR || !kind_of(pt->ptr.pointee) || pt->ptr.pointee->kind == T_PTR) {
        fail(in, op, "unsupported pointer type");
        return NULL;
    }
    return pt->ptr.pointee;
}

/* ---- arith ------------------------------------------------------------ */

static bool arith_int(In *in, Op *op, int id, const RV *a, const RV *b, RV *r) {
    int w = iw(r->et);
    Type *t = r->et;
    for (int64_t k = 0; k < r->n; k++) {
        int64_t x = a->e[k].i, y = b->e[b->n == 1 ? 0 : k].i, v = 0;
        int64_t sxx = sx(x, w), sy = sx(y, w);
        uint64_t ux = zx(x, w), uy = zx(y, w);
        switch (id) {
        case OP_arith_addi: v = (int64_t)((uint64_t)x + (uint64_t)y); break;
        case OP_arith_subi: v = (int64_t)((uint64_t)x - (uint64_t)y); break;
        case OP_arith_muli: v = (int64_t)((uint64_t)x * (uint64_t)y); break;
        case OP_arith_andi: v = x & y; break;
        case OP_arith_ori: v = x | y; break;
        case OP_arith_xori: v = x ^ y; break;
        case OP_arith_maxsi: v = sxx > sy ? x : y; break;
        case OP_arith_minsi: v = sxx < sy ? x : y; break;
        case OP_arith_maxui: v = ux > uy ? x : y; break;
        case OP_arith_minui: v = ux < uy ? x : y; break;
        case OP_arith_shli: v = uy >= (uint64_t)w ? 0 : (int64_t)(ux << uy); break;
        case OP_arith_shrui: v = uy >= (uint64_t)w ? 0 : (int64_t)(ux >> uy); break;
        case OP_arith_shrsi:
            if (uy >= (uint64_t)w) v = sxx < 0 ? -1 : 0;
            else v = sxx >= 0 ? sxx >> uy : ~(~sxx >> uy);
            break;
        case OP_tt_mulhiui: {
            unsigned __int128 p = (unsigned __int128)ux * uy;
            v = (int64_t)(uint64_t)(p >> w);
            break;
        }
        default: {
            bool sgn = id == OP_arith_divsi || id == OP_arith_ceildivsi || id == OP_arith_floordivsi || id == OP_arith_remsi;
            if ((sgn && sy == 0) || (!sgn && uy == 0)) {
                char idx[128];
                index_str(idx, sizeof idx, r, k);
                return fail(in, op, "division by zero at element %s", idx);
            }
            if (sgn) {
                if (sy == -1) { v = id == OP_arith_remsi ? 0 : (int64_t)(0 - (uint64_t)sxx); break; }
                int64_t q = sxx / sy, m = sxx % sy;
                if (id == OP_arith_divsi) v = q;
                else if (id == OP_arith_remsi) v = m;
                else if (id == OP_arith_floordivsi) v = (m != 0 && ((m < 0) != (sy < 0))) ? q - 1 : q;
                else v = (m != 0 && ((m < 0) == (sy < 0))) ? q + 1 : q;
            } else {
                if (id == OP_arith_divui) v = (int64_t)(ux / uy);
                else if (id == OP_arith_remui) v = (int64_t)(ux % uy);
                else v = (int64_t)(ux / uy + (ux % uy != 0));
            }
        }
        }
        r->e[k].i = wrapt(t, v);
    }
    return true;
}

static double max_prop_nan(double x, double y) {
    if (isnan(x) || isnan(y)) return NAN;
    if (x == 0 && y == 0) return signbit(x) ? y : x;
    return x > y ? x : y;
}
static double min_prop_nan(double x, double y) {
    if (isnan(x) || isnan(y)) return NAN;
    if (x == 0 && y == 0) return signbit(x) ? x : y;
    return x < y ? x : y;
}

static bool arith_float(In *in, Op *op, int id, const RV *a, const RV *b, RV *r) {
    for (int64_t k = 0; k < r->n; k++) {
        double x = a->e[k].f, y = b ? b->e[b->n == 1 ? 0 : k].f : 0, v;
        switch (id) {
        case OP_arith_addf: v = x + y; break;
        case OP_arith_subf: v = x - y; break;
        case OP_arith_mulf: v = x * y; break;
        case OP_arith_divf: case OP_tt_precise_divf: v = x / y; break;
        case OP_arith_remf: v = fmod(x, y); break;
        case OP_arith_maxnumf: v = fmax(x, y); break;
        case OP_arith_minnumf: v = fmin(x, y); break;
        case OP_arith_maximumf: v = max_prop_nan(x, y); break;
        case OP_arith_minimumf: v = min_prop_nan(x, y); break;
        case OP_math_powf: v = pow(x, y); break;
        case OP_math_atan2: v = atan2(x, y); break;
        case OP_arith_negf: v = -x; break;
        case OP_math_absf: v = fabs(x); break;
        case OP_math_acos: v = acos(x); break;
        case OP_math_acosh: v = acosh(x); break;
        case OP_math_asin: v = asin(x); break;
        case OP_math_asinh: v = asinh(x); break;
        case OP_math_atan: v = atan(x); break;
        case OP_math_atanh: v = atanh(x); break;
        case OP_math_cbrt: v = cbrt(x); break;
        case OP_math_ceil: v = ceil(x); break;
        case OP_math_cos: v = cos(x); break;
        case OP_math_cosh: v = cosh(x); break;
        case OP_math_erf: v = erf(x); break;
        case OP_math_exp: v = !strcmp(r->et->f.name, "f32") ? fm_expf((float)x) : exp(x); break;
        case OP_math_exp2: v = exp2(x); break;
        case OP_math_expm1: v = expm1(x); break;
        case OP_math_floor: v = floor(x); break;
        case OP_math_log: v = log(x); break;
        case OP_math_log10: v = log10(x); break;
        case OP_math_log1p: v = log1p(x); break;
        case OP_math_log2: v = log2(x); break;
        case OP_math_round: v = round(x); break;
        case OP_math_rsqrt: v = 1.0 / sqrt(x); break;
        case OP_math_sin: v = sin(x); break;
        case OP_math_sinh: v = sinh(x); break;
        case OP_math_sqrt: case OP_tt_precise_sqrt: v = sqrt(x); break;
        case OP_math_tan: v = tan(x); break;
        case OP_math_tanh: v = tanh(x); break;
        case OP_math_trunc: v = trunc(x); break;
        default: return fail(in, op, "unexpected float op");
        }
        r->e[k].f = fround(r->et, v);
    }
    return true;
}

static bool cmpi(int p, int64_t x, int64_t y, int w) {
    int64_t a = sx(x, w), b = sx(y, w);
    uint64_t ua = zx(x, w), ub = zx(y, w);
    switch (p) {
    case 0: return ua == ub;
    case 1: return ua != ub;
    case 2: return a < b;
    case 3: return a <= b;
    case 4: return a > b;
    case 5: return a >= b;
    case 6: return ua < ub;
    case 7: return ua <= ub;
    case 8: return ua > ub;
    default: return ua >= ub;
    }
}
static bool cmpf(int p, double x, double y) {
    bool un = isnan(x) || isnan(y);
    switch (p) {
    case 0: return false;
    case 1: return !un && x == y;
    case 2: return !un && x > y;
    case 3: return !un && x >= y;
    case 4: return !un && x < y;
    case 5: return !un && x <= y;
    case 6: return !un && x != y;
    case 7: return !un;
    case 8: return un || x == y;
    case 9: return un || x > y;
    case 10: return un || x >= y;
    case 11: return un || x < y;
    case 12: return un || x <= y;
    case 13: return un || x != y;
    case 14: return un;
    default: return true;
    }
}

static bool fp_to_int(In *in, Op *op, double x, const Type *to, bool uns, int64_t *out, int64_t k, const RV *r) {
    int w = iw(to);
    double t = trunc(x);
    double lo = uns ? 0 : -ldexp(1, w - 1), hi = uns ? ldexp(1, w) : ldexp(1, w - 1);
    if (w == 1) { lo = uns ? 0 : -1; hi = uns ? 2 : 1; }
    if (isnan(t) || t < lo || t >= hi) {
        char idx[128];
        index_str(idx, sizeof idx, r, k);
        return fail(in, op, "value %g at element %s does not fit the result type", x, idx);
    }
    if (uns) *out = wrapt(to, (int64_t)(uint64_t)t);
    else *out = wrapt(to, (int64_t)t);
    return true;
}

static bool cast(In *in, Op *op, int id, const RV *a, RV *r) {
    Type *from = a->et, *to = r->et;
    int64_t rm = 1;   /* tt.fp_to_fp rounding: 0 rtz, 1 rtne */
    op_attr_int(op, "rounding", &rm);
    bool rtz = rm == 0;
    int wf = kind_of(from) == 'i' ? iw(from) : 0;
    for (int64_t k = 0; k < r->n; k++) {
        El x = a->e[k], *y = &r->e[k];
        switch (id) {
        case OP_arith_extsi: case OP_arith_index_cast: case OP_arith_trunci:
            y->i = wrapt(to, sx(x.i, wf)); break;
        case OP_arith_extui: case OP_arith_index_castui:
            y->i = wrapt(to, (int64_t)zx(x.i, wf)); break;
        case OP_arith_extf: case OP_arith_truncf: case OP_tt_fp_to_fp:
            y->f = fround(to, x.f);
            if (id == OP_tt_fp_to_fp && rtz && isfinite(x.f) && fabs(y->f) > fabs(x.f)) {
                /* rounding = rtz: one step back toward zero in the target format */
                int64_t bits;
                if (!float_bits(to, y->f, &bits) || !float_from_bits(to, (uint64_t)(bits - 1), &y->f))
                    return fail(in, op, "unsupported rounding");
            }
            break;
        case OP_arith_sitofp: y->f = fround(to, (double)sx(x.i, wf)); break;
        case OP_arith_uitofp: y->f = fround(to, (double)zx(x.i, wf)); break;
        case OP_arith_fptosi: if (!fp_to_int(in, op, x.f, to, false, &y->i, k, r)) return false; break;
        case OP_arith_fptoui: if (!fp_to_int(in, op, x.f, to, true, &y->i, k, r)) return false; break;
        case OP_arith_bitcast: case OP_tt_bitcast: {
            int kf = kind_of(from), kt = kind_of(to);
            if (kf == 'i' && kt == 'i') y->i = wrapt(to, x.i);
            else if (kf == 'f' && kt == 'i') {
                int64_t bits;
                if (!float_bits(from, x.f, &bits)) return fail(in, op, "unsupported bitcast");
                y->i = wrapt(to, bits);
            } else if (kf == 'i' && kt == 'f') {
                if (!float_from_bits(to, zx(x.i, wf), &y->f)) return fail(in, op, "unsupported bitcast");
            } else if (kf == 'f' && kt == 'f') {
                int64_t bits;
                if (!float_bits(from, x.f, &bits) || !float_from_bits(to, (uint64_t)bits, &y->f))
                    return fail(in, op, "unsupported bitcast");
            } else if (kf == 'p' && kt == 'p') *y = x;
            else return fail(in, op, "unsupported bitcast");
            break;
        }
        default: return fail(in, op, "unexpected cast");
        }
    }
    return true;
}

static bool constant(In *in, Op *op, RV *r) {
    Attr *v = op_attr(op, "value");
    if (!v) return fail(in, op, "constant without a value");
    int k = kind_of(r->et);
    if (k == 'p') return fail(in, op, "pointer constants are not supported");
    Attr *const *elts = NULL;
    int n = 1;
    Attr *one = v;
    if (v->kind == A_DENSE) {
        elts = v->dense.elts;
        n = v->dense.n;
        if (n != 1 && n != r->n) return fail(in, op, "dense constant has %d elements, its type %lld", n, (long long)r->n);
    }
    for (int64_t i = 0; i < r->n; i++) {
        if (elts) one = elts[n == 1 ? 0 : i];
        if (one->kind == A_FLOAT) {
            if (k == 'f') r->e[i].f = fround(r->et, one->f);
            else return fail(in, op, "float value for an integer constant");
        } else if (one->kind == A_INT || one->kind == A_BOOL) {
            if (k == 'f') r->e[i].f = fround(r->et, (double)one->i);
            else r->e[i].i = wrapt(r->et, one->i);
        } else return fail(in, op, "unsupported constant value");
    }
    return true;
}

/* ---- shape ops ------------------------------------------------------- */

static void strides_of(const RV *v, int64_t *st) {
    int64_t s = 1;
    for (int i = v->rank - 1; i >= 0; i--) { st[i] = s; s *= v->dims[i]; }
}

static bool broadcast(In *in, Op *op, const RV *a, RV *r) {
    if (a->n == 1) { for (int64_t k = 0; k < r->n; k++) r->e[k] = a->e[0]; return true; }
    if (a->rank != r->rank) return fail(in, op, "broadcast changes the rank");
    int64_t st[MAX_RANK];
    strides_of(a, st);
    for (int i = 0; i < r->rank; i++) {
        if (a->dims[i] == 1) st[i] = 0;
        else if (a->dims[i] != r->dims[i]) return fail(in, op, "incompatible broadcast shapes");
    }
    for (int64_t k = 0; k < r->n; k++) {
        int64_t rem = k, src = 0;
        for (int i = r->rank - 1; i >= 0; i--) { src += (rem % r->dims[i]) * st[i]; rem /= r->dims[i]; }
        r->e[k] = a->e[src];
    }
    return true;
}

static bool trans(In *in, Op *op, const RV *a, RV *r) {
    int64_t order[MAX_RANK];
    int n = op_attr_ints(op, "order", order, MAX_RANK);
    if (n != a->rank || n != r->rank) return fail(in, op, "bad 'order' attribute");
    int64_t st[MAX_RANK], ost[MAX_RANK];
    strides_of(a, st);
    for (int i = 0; i < n; i++) {
        if (order[i] < 0 || order[i] >= n || r->dims[i] != a->dims[order[i]]) return fail(in, op, "bad 'order' attribute");
        ost[i] = st[order[i]];
    }
    for (int64_t k = 0; k < r->n; k++) {
        int64_t rem = k, src = 0;
        for (int i = r->rank - 1; i >= 0; i--) { src += (rem % r->dims[i]) * ost[i]; rem /= r->dims[i]; }
        r->e[k] = a->e[src];
    }
    return true;
}

/* c + a x b over the last two dimensions, batched over a leading one */
static bool dot(In *in, Op *op, const RV *a, const RV *b, const RV *c, RV *r) {
    if (a->rank != r->rank || b->rank != r->rank || c->n != r->n || (r->rank != 2 && r->rank != 3))
        return fail(in, op, "unsupported operand shapes");
    int o = r->rank - 2;
    int64_t B = o ? r->dims[0] : 1, M = r->dims[o], N = r->dims[o + 1], K = a->dims[o + 1];
    if (a->dims[o] != M || b->dims[o] != K || b->dims[o + 1] != N || (o && (a->dims[0] != B || b->dims[0] != B)))
        return fail(in, op, "operand shapes do not match");
    bool fl = kind_of(r->et) == 'f';
    int wa = kind_of(a->et) == 'i' ? iw(a->et) : 0, wb = kind_of(b->et) == 'i' ? iw(b->et) : 0;
    if (fl != (kind_of(a->et) == 'f') || fl != (kind_of(b->et) == 'f')) return fail(in, op, "mixed int and float operands");
    for (int64_t z = 0; z < B; z++)
        for (int64_t i = 0; i < M; i++)
            for (int64_t j = 0; j < N; j++) {
                int64_t ro = (z * M + i) * N + j;
                if (fl) {
                    double acc = c->e[ro].f;
                    for (int64_t k = 0; k < K; k++)
                        acc = fround(r->et, acc + a->e[(z * M + i) * K + k].f * b->e[(z * K + k) * N + j].f);
                    r->e[ro].f = acc;
                } else {
                    uint64_t acc = (uint64_t)c->e[ro].i;
                    for (int64_t k = 0; k < K; k++)
                        acc += (uint64_t)sx(a->e[(z * M + i) * K + k].i, wa) * (uint64_t)sx(b->e[(z * K + k) * N + j].i, wb);
                    r->e[ro].i = wrapt(r->et, (int64_t)acc);
                }
            }
    return true;
}

/* ---- regions ---------------------------------------------------------- */

static bool run_op(In *in, Op *op);

/* bind the arguments of block b to vals (copies) */
static bool bind_args(In *in, Op *op, Block *b, int n, RV *const *vals) {
    if (b->nargs != n) return fail(in, op, "region expects %d arguments, got %d", b->nargs, n);
    RV *tmp = calloc((size_t)(n ? n : 1), sizeof(RV));
    if (!tmp) return fail(in, op, "out of memory");
    for (int i = 0; i < n; i++)
        if (!rv_dup(in, op, vals[i], &tmp[i])) {
            for (int j = 0; j < i; j++) free(tmp[j].e);
            free(tmp);
            return false;
        }
    bool ok = true;
    for (int i = 0; i < n; i++) {
        tmp[i].t = b->args[i]->type ? b->args[i]->type : tmp[i].t;
        if (ok) ok = set(in, op, b->args[i], &tmp[i]);
        else free(tmp[i].e);
    }
    free(tmp);
    return ok;
}

/* run region r of op from its entry block with the given arguments,
 * following cf.br/cf.cond_br; *term receives the terminator reached */
static bool run_region(In *in, Op *op, Region *r, int n, RV *const *vals, Op **term) {
    Block *b = r->first;
    if (!b) return fail(in, op, "empty region");
    if (!bind_args(in, op, b, n, vals)) return false;
    for (;;) {
        Op *o;
        for (o = b->first; o && o->next; o = o->next)
            if (!run_op(in, o)) return false;
        if (!o) return fail(in, op, "block without a terminator");
        if (op_is(o, OP_cf_br) || op_is(o, OP_cf_cond_br)) {
            int s = 0, first = 0;
            if (!o->succ_nargs || o->nsuccs < (op_is(o, OP_cf_cond_br) ? 2 : 1)) return fail(in, o, "malformed branch");
            if (op_is(o, OP_cf_cond_br)) {
                RV *c = opnd(in, o, 0);
                if (!c) return false;
                s = c->e[0].i ? 0 : 1;
                first = 1 + (s ? o->succ_nargs[0] : 0);
            }
            int na = o->succ_nargs[s];
            RV **args = calloc((size_t)(na ? na : 1), sizeof(RV *));
            if (!args) return fail(in, o, "out of memory");
            bool ok = true;
            for (int i = 0; i < na && ok; i++) ok = (args[i] = opnd(in, o, first + i)) != NULL;
            if (ok) ok = bind_args(in, o, o->succs[s], na, args);
            free(args);
            if (!ok) return false;
            b = o->succs[s];
            continue;
        }
        if (!run_op(in, o)) return false;   /* terminators with effects (none today) */
        *term = o;
        return true;
    }
}

/* results of op := operands [from, from+n) of terminator t (copied first:
 * they may be bound to the very values being rebound) */
static bool take(In *in, Op *op, Op *t, int from, int n, Value **dst) {
    if (t->nopnds - from != n) return fail(in, t, "expected %d values, got %d", n, t->nopnds - from);
    RV *tmp = calloc((size_t)(n ? n : 1), sizeof(RV));
    if (!tmp) return fail(in, op, "out of memory");
    for (int i = 0; i < n; i++) {
        RV *v = opnd(in, t, from + i);
        if (!v || !rv_dup(in, op, v, &tmp[i])) {
            for (int j = 0; j < i; j++) free(tmp[j].e);
            free(tmp);
            return false;
        }
    }
    bool ok = true;
    for (int i = 0; i < n; i++) {
        tmp[i].t = dst[i]->type ? dst[i]->type : tmp[i].t;
        if (ok) ok = set(in, op, dst[i], &tmp[i]);
        else free(tmp[i].e);
    }
    free(tmp);
    return ok;
}

static bool run_for(In *in, Op *op) {
    int ni = op->nopnds - 3;
    RV *lb = opnd(in, op, 0), *ub = opnd(in, op, 1), *st = opnd(in, op, 2);
    if (!lb || !ub || !st) return false;
    Block *body = op->regions[0].first;
    if (!body || body->nargs != ni + 1) return fail(in, op, "malformed loop body");
    int w = kind_of(lb->et) == 'i' ? iw(lb->et) : 64;
    Type *ivt = body->args[0]->type ? body->args[0]->type : lb->t;
    bool uns = op_attr(op, "unsignedCmp") != NULL;
    int64_t l = sx(lb->e[0].i, w), u = sx(ub->e[0].i, w), s = sx(st->e[0].i, w);
    if (s <= 0 && !uns) return fail(in, op, "loop step %lld is not positive", (long long)s);
    /* the results carry the iter args; start from the inits */
    Value **res = calloc((size_t)(ni + 1), sizeof(Value *));
    RV **vals = calloc((size_t)(ni + 1), sizeof(RV *));
    if (!res || !vals) { free(res); free(vals); return fail(in, op, "out of memory"); }
    for (int i = 0; i < ni; i++) res[i] = op_result(op, i);
    bool ok = take(in, op, op, 3, ni, res);
    for (int64_t iv = l; ok; ) {
        if (uns ? zx(iv, w) >= zx(u, w) : iv >= u) break;
        RV ivv;
        ok = rv_alloc(in, op, &ivv, ivt);
        if (!ok) break;
        ivv.e[0].i = wrapt(ivv.et, iv);
        vals[0] = &ivv;
        for (int i = 0; i < ni && ok; i++) ok = (vals[i + 1] = get(in, op, res[i])) != NULL;
        Op *t = NULL;
        ok = ok && run_region(in, op, &op->regions[0], ni + 1, vals, &t) && take(in, op, t, 0, ni, res);
        free(ivv.e);
        int64_t nx = (int64_t)((uint64_t)iv + (uint64_t)s);
        if (w < 64) nx = uns ? (int64_t)zx(nx, w) : sx(nx, w);
        if (uns ? zx(nx, w) <= zx(iv, w) : nx <= iv) break;   /* wrapped around */
        iv = nx;
    }
    free(res);
    free(vals);
    return ok;
}

static bool run_if(In *in, Op *op) {
    RV *c = opnd(in, op, 0);
    if (!c) return false;
    Region *r = &op->regions[c->e[0].i ? 0 : 1];
    if (op->nregions < 2 && !c->e[0].i) r = NULL;
    if (!r || !r->first) {
        if (op->nres) return fail(in, op, "scf.if with results needs an else region");
        return true;
    }
    Op *t = NULL;
    Value **res = calloc((size_t)(op->nres + 1), sizeof(Value *));
    if (!res) return fail(in, op, "out of memory");
    for (int i = 0; i < op->nres; i++) res[i] = op_result(op, i);
    bool ok = run_region(in, op, r, 0, NULL, &t) && take(in, op, t, 0, op->nres, res);
    free(res);
    return ok;
}

static bool run_while(In *in, Op *op) {
    if (op->nregions != 2) return fail(in, op, "malformed scf.while");
    Block *before = op->regions[0].first, *after = op->regions[1].first;
    if (!before || !after) return fail(in, op, "malformed scf.while");
    int n = op->nopnds;
    /* the before-region arguments hold the loop state */
    Value **state = calloc((size_t)(n + 1), sizeof(Value *));
    Value **res = calloc((size_t)(op->nres + 1), sizeof(Value *));
    Value **aargs = calloc((size_t)(after->nargs + 1), sizeof(Value *));
    RV **vals = calloc((size_t)(n + after->nargs + 1), sizeof(RV *));
    bool ok = state && res && aargs && vals;
    if (!ok) fail(in, op, "out of memory");
    if (ok && before->nargs != n) ok = fail(in, op, "malformed scf.while");
    for (int i = 0; ok && i < n; i++) state[i] = before->args[i];
    for (int i = 0; ok && i < op->nres; i++) res[i] = op_result(op, i);
    for (int i = 0; ok && i < after->nargs; i++) aargs[i] = after->args[i];
    ok = ok && take(in, op, op, 0, n, state);
    while (ok) {
        for (int i = 0; i < n && ok; i++) ok = (vals[i] = get(in, op, state[i])) != NULL;
        Op *t = NULL;
        if (!ok || !run_region(in, op, &op->regions[0], n, vals, &t)) { ok = false; break; }
        if (!op_is(t, OP_scf_condition)) { ok = fail(in, t, "expected scf.condition"); break; }
        RV *c = opnd(in, t, 0);
        if (!c) { ok = false; break; }
        if (!c->e[0].i) { ok = take(in, op, t, 1, op->nres, res); break; }
        /* the after region's arguments are the condition's values */
        int na = after->nargs;
        if (t->nopnds - 1 != na) { ok = fail(in, t, "scf.condition forwards %d values, the after region takes %d", t->nopnds - 1, na); break; }
        for (int i = 0; i < na && ok; i++) ok = (vals[i] = opnd(in, t, 1 + i)) != NULL;
        if (!ok || !run_region(in, op, &op->regions[1], na, vals, &t)) { ok = false; break; }
        ok = take(in, op, t, 0, n, state);
    }
    free(state); free(res); free(aargs); free(vals);
    return ok;
}

/* one application of a reduce's or scan's combiner region to acc[i] and
 * cur[i] (i < k, one element each); the results replace acc[i] */
static bool combine(In *in, Op *op, int k, RV *acc, RV *cur, RV **vals) {
    for (int i = 0; i < k; i++) { vals[i] = &acc[i]; vals[k + i] = &cur[i]; }
    Op *t = NULL;
    bool ok = run_region(in, op, &op->regions[0], 2 * k, vals, &t);
    if (ok && t->nopnds != k) ok = fail(in, t, "the combiner returns %d values, expected %d", t->nopnds, k);
    for (int i = 0; ok && i < k; i++) {
        RV *v = opnd(in, t, i);
        if (!v) ok = false;
        else acc[i].e[0] = v->e[0];
    }
    return ok;
}

/* tt.reduce and tt.scan: combine along `axis` with the op's region */
static bool run_combine(In *in, Op *op, bool scan) {
    int k = op->nopnds;
    int64_t axis;
    if (!op_attr_int(op, "axis", &axis)) return fail(in, op, "missing 'axis'");
    bool rev = false;
    if (scan) { int64_t rv = 0; op_attr_int(op, "reverse", &rv); rev = rv != 0; }
    if (k < 1 || op->nres != k || op->nregions != 1 || !op->regions[0].first)
        return fail(in, op, "malformed %s", op_name(op));
    Block *blk = op->regions[0].first;
    if (blk->nargs != 2 * k) return fail(in, op, "the combiner takes %d arguments, expected %d", blk->nargs, 2 * k);
    RV *src0 = opnd(in, op, 0);
    if (!src0) return false;
    if (axis < 0 || axis >= src0->rank) return fail(in, op, "axis %lld out of range", (long long)axis);
    int64_t outer = 1, len = src0->dims[axis], inner = 1;
    for (int i = 0; i < axis; i++) outer *= src0->dims[i];
    for (int i = (int)axis + 1; i < src0->rank; i++) inner *= src0->dims[i];
    RV *res = calloc((size_t)k, sizeof(RV)), *acc = calloc((size_t)k, sizeof(RV)), *cur = calloc((size_t)k, sizeof(RV));
    RV **vals = calloc((size_t)(2 * k), sizeof(RV *));
    bool ok = res && acc && cur && vals;
    if (!ok) fail(in, op, "out of memory");
    for (int i = 0; ok && i < k; i++) {
        ok = res_alloc(in, op, i, &res[i]);
        RV *s = ok ? opnd(in, op, i) : NULL;
        ok = ok && s;
        if (ok && s->n != src0->n) ok = fail(in, op, "operand shapes differ");
        if (ok && (res[i].n != (scan ? s->n : s->n / (len ? len : 1)))) ok = fail(in, op, "result shape does not match");
        ok = ok && rv_alloc(in, op, &acc[i], blk->args[i]->type) && rv_alloc(in, op, &cur[i], blk->args[k + i]->type);
    }
    /* a reduce combines by halving: while n > 1 elements are left, element
     * j (j < n - m, m = ceil(n / 2)) is combined with element j + m and n
     * becomes m; a scan combines in order (in reverse with `reverse`) */
    El *tmp = !scan && ok ? malloc((size_t)k * (size_t)(len ? len : 1) * sizeof(El)) : NULL;
    if (!scan && ok && !tmp) ok = fail(in, op, "out of memory");
    for (int64_t o = 0; ok && o < outer; o++)
        for (int64_t q = 0; ok && q < inner; q++) {
            if (!scan) {
                for (int i = 0; ok && i < k; i++) {
                    RV *s = opnd(in, op, i);
                    if (!s) { ok = false; break; }
                    for (int64_t j = 0; j < len; j++) tmp[i * len + j] = s->e[(o * len + j) * inner + q];
                }
                for (int64_t n = len; ok && n > 1;) {
                    int64_t m = (n + 1) / 2;
                    for (int64_t j = 0; ok && j < n - m; j++) {
                        for (int i = 0; i < k; i++) {
                            acc[i].e[0] = tmp[i * len + j];
                            cur[i].e[0] = tmp[i * len + j + m];
                        }
                        ok = combine(in, op, k, acc, cur, vals);
                        for (int i = 0; ok && i < k; i++) tmp[i * len + j] = acc[i].e[0];
                    }
                    n = m;
                }
                if (ok && len > 0)
                    for (int i = 0; i < k; i++) res[i].e[o * inner + q] = tmp[i * len];
                continue;
            }
            for (int64_t jj = 0; ok && jj < len; jj++) {
                int64_t j = rev ? len - 1 - jj : jj;
                int64_t si = (o * len + j) * inner + q;
                for (int i = 0; i < k; i++) {
                    RV *s = opnd(in, op, i);
                    if (!s) { ok = false; break; }
                    if (jj == 0) acc[i].e[0] = s->e[si];
                    else cur[i].e[0] = s->e[si];
                }
                if (!ok) break;
                if (jj > 0) ok = combine(in, op, k, acc, cur, vals);
                if (ok) for (int i = 0; i < k; i++) res[i].e[si] = acc[i].e[0];
            }
        }
    free(tmp);
    for (int i = 0; i < k && res; i++) {
        if (ok) ok = res_set(in, op, i, &res[i]);
        free(res[i].e);
    }
    for (int i = 0; i < k && acc; i++) free(acc[i].e);
    for (int i = 0; i < k && cur; i++) free(cur[i].e);
    free(res); free(acc); free(cur); free(vals);
    return ok;
}

static bool run_call(In *in, Op *op) {
    Attr *cal = op_attr(op, "callee");
    if (!cal || cal->kind != A_SYMREF || cal->sym.n != 1) return fail(in, op, "missing callee");
    Op *m = op_parent(in->func);
    Op *f = NULL;
    if (m) for (Op *o = module_body(m)->first; o; o = o->next) {
        Attr *nm = op_attr(o, "sym_name");
        if ((op_is(o, OP_tt_func) || op_is(o, OP_func_func)) && nm && nm->kind == A_STRING &&
            nm->str.len == strlen(cal->sym.names[0]) && !memcmp(nm->str.s, cal->sym.names[0], nm->str.len)) f = o;
    }
    if (!f || !f->nregions || !f->regions[0].first) return fail(in, op, "callee @%s not found", cal->sym.names[0]);
    if (in->depth >= MAX_DEPTH) return fail(in, op, "calls nested too deeply");
    RV **vals = calloc((size_t)(op->nopnds + 1), sizeof(RV *));
    Value **res = calloc((size_t)(op->nres + 1), sizeof(Value *));
    bool ok = vals && res;
    if (!ok) fail(in, op, "out of memory");
    for (int i = 0; ok && i < op->nopnds; i++) ok = (vals[i] = opnd(in, op, i)) != NULL;
    for (int i = 0; ok && i < op->nres; i++) res[i] = op_result(op, i);
    Op *t = NULL;
    in->depth++;
    ok = ok && run_region(in, op, &f->regions[0], op->nopnds, vals, &t) && take(in, op, t, 0, op->nres, res);
    in->depth--;
    free(vals); free(res);
    return ok;
}

/* ---- memory ops ------------------------------------------------------ */

static bool addptr(In *in, Op *op, const RV *p, const RV *off, RV *r) {
    if (!same_n(in, op, p, off)) return false;
    Type *pe = pointee_of(in, op, p->et);
    if (!pe) return false;
    int64_t sz = elem_bytes(pe);
    int w = iw(off->et);
    for (int64_t k = 0; k < r->n; k++) {
        El e = p->e[p->n == 1 ? 0 : k];
        e.p.off = (int64_t)((uint64_t)e.p.off + (uint64_t)sx(off->e[off->n == 1 ? 0 : k].i, w) * (uint64_t)sz);
        r->e[k] = e;
    }
    return true;
}

static bool block_load(In *in, Op *op, RV *b, RV *r);
static bool block_store(In *in, Op *op, RV *b, RV *v);
static bool load(In *in, Op *op, RV *r) {
    if (op->nopnds && kind_of(op_operand(op, 0)->type) == 'b') {
        RV *b = opnd(in, op, 0);
        if (op->nopnds > 1) return fail(in, op, "a load through a block pointer takes no mask");
        return b && block_load(in, op, b, r);
    }
    RV *p = opnd(in, op, 0), *m = op->nopnds > 1 ? opnd(in, op, 1) : NULL, *other = op->nopnds > 2 ? opnd(in, op, 2) : NULL;
    if (!p || (op->nopnds > 1 && !m) || (op->nopnds > 2 && !other)) return false;
    Type *pe = pointee_of(in, op, p->et);
    if (!pe) return false;
    if (p->n != r->n || (m && m->n != r->n && m->n != 1) || (other && other->n != r->n && other->n != 1))
        return fail(in, op, "operand shapes differ");
    for (int64_t k = 0; k < r->n; k++) {
        if (m && !m->e[m->n == 1 ? 0 : k].i) {
            if (other) r->e[k] = other->e[other->n == 1 ? 0 : k];
            continue;
        }
        unsigned char *a = mem_at(in, op, p, k, pe, "reads");
        if (!a || !mem_read(in, op, a, pe, &r->e[k])) return false;
    }
    return true;
}

static bool store(In *in, Op *op) {
    if (op->nopnds && kind_of(op_operand(op, 0)->type) == 'b') {
        RV *b = opnd(in, op, 0), *v = op->nopnds > 1 ? opnd(in, op, 1) : NULL;
        if (op->nopnds != 2) return fail(in, op, "a store through a block pointer takes no mask");
        return b && v && block_store(in, op, b, v);
    }
    RV *p = opnd(in, op, 0), *v = opnd(in, op, 1), *m = op->nopnds > 2 ? opnd(in, op, 2) : NULL;
    if (!p || !v || (op->nopnds > 2 && !m)) return false;
    Type *pe = pointee_of(in, op, p->et);
    if (!pe) return false;
    if ((v->n != p->n && v->n != 1) || (m && m->n != p->n && m->n != 1)) return fail(in, op, "operand shapes differ");
    for (int64_t k = 0; k < p->n; k++) {
        if (m && !m->e[m->n == 1 ? 0 : k].i) continue;
        unsigned char *a = mem_at(in, op, p, k, pe, "writes");
        if (!a || !mem_write(in, op, a, pe, v->e[v->n == 1 ? 0 : k])) return false;
    }
    return true;
}

/* ---- attributes of ops kept verbatim ------------------------------------ */

/* ---- block pointers, descriptors, structured pointers ------------------ */

static int blk_rank(const RV *b) { return (int)((b->n - 1) / 3); }
/* address arithmetic wraps (an address out of every buffer is reported by mem_at) */
static int64_t wa(int64_t x, int64_t y) { return (int64_t)((uint64_t)x + (uint64_t)y); }
static int64_t wm(int64_t x, int64_t y) { return (int64_t)((uint64_t)x * (uint64_t)y); }

/* the tensor of element pointers of a block of `shape` starting at the block
 * value's offsets (plus `at`, if given), and in `inb` (if given) whether each
 * lane lies inside the shape along the dimensions of `check` */
static bool block_lanes(In *in, Op *op, const RV *b, Type *elem, int rank, const int64_t *dims, const int64_t *at,
                        const bool *check, RV *ptrs, unsigned char **inb) {
    int R = blk_rank(b);
    if (R != rank) return fail(in, op, "block rank %d does not match the tensor rank %d", R, rank);
    Type *pt = type_ptr(in->c, elem, 1);
    if (!rv_alloc(in, op, ptrs, type_tensor(in->c, rank, dims, pt))) return false;
    if (inb && !(*inb = calloc((size_t)(ptrs->n ? ptrs->n : 1), 1))) { free(ptrs->e); ptrs->e = NULL; return fail(in, op, "out of memory"); }
    int64_t sz = elem_bytes(elem);
    for (int64_t k = 0; k < ptrs->n; k++) {
        int64_t rem = k, off = 0;
        bool ok = true;
        for (int d = rank - 1; d >= 0; d--) {
            int64_t i = rem % dims[d];
            rem /= dims[d];
            int64_t pos = wa(wa(b->e[1 + 2 * R + d].i, at ? at[d] : 0), i);
            if (check && check[d] && (pos < 0 || pos >= b->e[1 + d].i)) ok = false;
            off = wa(off, wm(pos, b->e[1 + R + d].i));
        }
        ptrs->e[k].p.buf = b->e[0].p.buf;
        ptrs->e[k].p.off = wa(b->e[0].p.off, wm(off, sz));
        if (inb) (*inb)[k] = ok;
    }
    return true;
}

/* read through pointer tensor p into r (lanes with on[k] == 0 take pad), or
 * write v through it (lanes with on[k] == 0 are skipped) */
static bool access_lanes(In *in, Op *op, const RV *p, const unsigned char *on, const El *pad, RV *r, const RV *v) {
    Type *pe = pointee_of(in, op, p->et);
    if (!pe) return false;
    for (int64_t k = 0; k < p->n; k++) {
        if (on && !on[k]) {
            if (r) { if (pad) r->e[k] = *pad; else memset(&r->e[k], 0, sizeof(El)); }
            continue;
        }
        unsigned char *a = mem_at(in, op, p, k, pe, r ? "reads" : "writes");
        if (!a) return false;
        if (r ? !mem_read(in, op, a, pe, &r->e[k]) : !mem_write(in, op, a, pe, v->e[v->n == 1 ? 0 : k])) return false;
    }
    return true;
}

static bool make_tensor_ptr(In *in, Op *op, RV *r) {
    int R = blk_rank(r);
    if (op->nopnds != 1 + 3 * R) return fail(in, op, "expected %d operands", 1 + 3 * R);
    for (int i = 0; i < op->nopnds; i++) {
        RV *v = opnd(in, op, i);
        if (!v) return false;
        if (!i) { r->e[0] = v->e[0]; continue; }
        int w = kind_of(v->et) == 'i' ? iw(v->et) : 64;
        r->e[i].i = sx(v->e[0].i, w);
    }
    return true;
}

static bool advance(In *in, Op *op, RV *r) {
    RV *b = opnd(in, op, 0);
    if (!b) return false;
    int R = blk_rank(b);
    if (b->n != r->n || op->nopnds != 1 + R) return fail(in, op, "expected %d offsets", R);
    memcpy(r->e, b->e, sizeof(El) * (size_t)r->n);
    for (int d = 0; d < R; d++) {
        RV *o = opnd(in, op, 1 + d);
        if (!o) return false;
        r->e[1 + 2 * R + d].i = wa(r->e[1 + 2 * R + d].i, sx(o->e[0].i, iw(o->et)));
    }
    return true;
}

/* the dimensions named by an array attribute (boundaryCheck) as flags */
static bool dims_flags(In *in, Op *op, const char *name, int rank, bool *fl) {
    int64_t v[MAX_RANK];
    for (int d = 0; d < rank; d++) fl[d] = false;
    Attr *a = op_attr(op, name);
    if (!a) return true;
    int n = op_attr_ints(op, name, v, MAX_RANK);
    if (n < 0) return fail(in, op, "bad '%s'", name);
    for (int i = 0; i < n; i++) {
        if (v[i] < 0 || v[i] >= rank) return fail(in, op, "'%s' names dimension %lld of a rank-%d block", name, (long long)v[i], rank);
        fl[v[i]] = true;
    }
    return true;
}

static bool block_load(In *in, Op *op, RV *b, RV *r) {
    bool chk[MAX_RANK];
    if (b->t->kind != T_PTR) return fail(in, op, "expected a block pointer");
    if (!dims_flags(in, op, "boundaryCheck", r->rank, chk)) return false;
    Type *elem = b->t->ptr.pointee->sh.elem;
    RV p;
    unsigned char *on = NULL;
    if (!block_lanes(in, op, b, elem, r->rank, r->dims, NULL, chk, &p, &on)) return false;
    int64_t pad = 0;
    op_attr_int(op, "padding", &pad);
    El pv;
    memset(&pv, 0, sizeof pv);
    if (kind_of(r->et) == 'f') pv.f = pad == 2 ? NAN : 0.0;
    bool ok = access_lanes(in, op, &p, on, &pv, r, NULL);
    free(p.e);
    free(on);
    return ok;
}

static bool block_store(In *in, Op *op, RV *b, RV *v) {
    bool chk[MAX_RANK];
    if (b->t->kind != T_PTR) return fail(in, op, "expected a block pointer");
    if (!dims_flags(in, op, "boundaryCheck", v->rank, chk)) return false;
    Type *elem = b->t->ptr.pointee->sh.elem;
    RV p;
    unsigned char *on = NULL;
    if (!block_lanes(in, op, b, elem, v->rank, v->dims, NULL, chk, &p, &on)) return false;
    bool ok = access_lanes(in, op, &p, on, NULL, NULL, v);
    free(p.e);
    free(on);
    return ok;
}

/* tt.make_tensor_descriptor %base, [shape], [strides] */
static bool make_desc(In *in, Op *op, RV *r) {
    int R = blk_rank(r);
    if (op->nopnds != 1 + 2 * R) return fail(in, op, "expected %d operands", 1 + 2 * R);
    for (int i = 0; i < op->nopnds; i++) {
        RV *v = opnd(in, op, i);
        if (!v) return false;
        if (!i) r->e[0] = v->e[0];
        else r->e[i].i = sx(v->e[0].i, kind_of(v->et) == 'i' ? iw(v->et) : 64);
    }
    return true;
}

/* tt.descriptor_load/_store/_gather/_scatter: blocks at element coordinates,
 * everything outside the descriptor's shape padded with zeros (loads) or
 * dropped (stores); gather/scatter take a tensor of row indices */
static bool desc_access(In *in, Op *op, bool gather, RV *r) {
    bool st = op_is(op, OP_tt_descriptor_store) || op_is(op, OP_tt_descriptor_scatter);
    RV *b = opnd(in, op, 0);
    if (!b) return false;
    if (kind_of(b->t) != 'b' || b->gs || b->n > 1 + 3 * MAX_RANK) return fail(in, op, "expected a tensor descriptor");
    int R = blk_rank(b);
    int first = 1, nidx = op->nopnds - 1 - (st ? 1 : 0);
    RV *v = NULL;
    if (st) {
        /* descriptor_store (desc, src, indices...); descriptor_scatter (desc, rows, col, src) */
        bool scatter = op_is(op, OP_tt_descriptor_scatter);
        v = opnd(in, op, scatter ? op->nopnds - 1 : 1);
        nidx = op->nopnds - 2;
        if (!scatter) first = 2;
        if (!v) return false;
    }
    RV *data = st ? v : r;
    Type *elem = data->et;
    bool chk[MAX_RANK];
    for (int d = 0; d < MAX_RANK; d++) chk[d] = true;
    RV blk = *b;
    El e[1 + 3 * MAX_RANK];
    memcpy(e, b->e, sizeof(El) * (size_t)b->n);
    blk.e = e;
    if (!gather) {
        if (nidx != R) return fail(in, op, "expected %d indices", R);
        if (data->rank < R) return fail(in, op, "block rank below the descriptor rank");
        for (int d = 0; d < R; d++) {
            RV *x = opnd(in, op, first + d);
            if (!x) return false;
            e[1 + 2 * R + d].i = sx(x->e[0].i, iw(x->et));
        }
        /* the block may have leading unit dimensions beyond the descriptor's */
        int64_t dims[MAX_RANK];
        int lead = data->rank - R;
        for (int d = 0; d < lead; d++) if (data->dims[d] != 1) return fail(in, op, "block shape does not match the descriptor");
        for (int d = 0; d < R; d++) dims[d] = data->dims[lead + d];
        RV p;
        unsigned char *on = NULL;
        if (!block_lanes(in, op, &blk, elem, R, dims, NULL, chk, &p, &on)) return false;
        El z;
        memset(&z, 0, sizeof z);
        bool ok = access_lanes(in, op, &p, on, &z, st ? NULL : r, st ? v : NULL);
        free(p.e);
        free(on);
        return ok;
    }
    /* gather/scatter: rows from a tensor, one column offset */
    if (R != 2 || nidx != 2 || data->rank != 2) return fail(in, op, "expected a 2-D descriptor, row indices and a column offset");
    RV *rows = opnd(in, op, first), *col = opnd(in, op, first + 1);
    if (!rows || !col) return false;
    if (rows->n != data->dims[0]) return fail(in, op, "%lld row indices for %lld rows", (long long)rows->n, (long long)data->dims[0]);
    int64_t dims[2] = { 1, data->dims[1] };
    for (int64_t i = 0; i < rows->n; i++) {
        e[1 + 2 * R].i = sx(rows->e[i].i, iw(rows->et));
        e[1 + 2 * R + 1].i = sx(col->e[0].i, iw(col->et));
        RV p;
        unsigned char *on = NULL;
        if (!block_lanes(in, op, &blk, elem, 2, dims, NULL, chk, &p, &on)) return false;
        RV sub = *data;
        sub.e = data->e + i * data->dims[1];
        sub.n = data->dims[1];
        El z;
        memset(&z, 0, sizeof z);
        bool ok = access_lanes(in, op, &p, on, &z, st ? NULL : &sub, st ? &sub : NULL);
        free(p.e);
        free(on);
        if (!ok) return false;
    }
    return true;
}

/* a mixed static/dynamic index list of tts ops: static entries from the
 * array attribute, INT64_MIN ones from the next dynamic operand */
static bool mixed_list(In *in, Op *op, const char *name, int *next, int end, int64_t *out, int *n) {
    Attr *a = op_attr(op, name);
    if (!a || a->kind != A_DENSE_ARRAY || (a->darr.n && !a->darr.i) || a->darr.n > MAX_RANK) return fail(in, op, "missing or bad '%s'", name);
    *n = a->darr.n;
    for (int i = 0; i < a->darr.n; i++) {
        if (a->darr.i[i] != INT64_MIN) { out[i] = a->darr.i[i]; continue; }
        if (*next >= end) return fail(in, op, "too few operands for '%s'", name);
        RV *v = opnd(in, op, (*next)++);
        if (!v) return false;
        out[i] = sx(v->e[0].i, kind_of(v->et) == 'i' ? iw(v->et) : 64);
    }
    return true;
}

/* tts.make_tptr: element i is base + sum(offsets) + sum(i_d * strides_d)
 * (offsets already scaled by their strides); with an order, a block pointer */
static bool make_tptr(In *in, Op *op, RV *r) {
    const int64_t *sg = op_segment_sizes(op, 4);
    if (!sg || sg[0] != 1) return fail(in, op, "bad 'operandSegmentSizes'");
    RV *b = opnd(in, op, 0);
    if (!b) return false;
    int64_t sizes[MAX_RANK], str[MAX_RANK], off[MAX_RANK], shp[MAX_RANK], ord[MAX_RANK];
    int ns, nst, no, nsh, nord;
    int next = 1;
    if (!mixed_list(in, op, "sizes", &next, 1, sizes, &ns) || !(next = 1) ||
        !mixed_list(in, op, "static_strides", &next, (int)(1 + sg[1]), str, &nst) ||
        !mixed_list(in, op, "static_offsets", &next, (int)(1 + sg[1] + sg[2]), off, &no) ||
        !mixed_list(in, op, "static_shape", &next, op->nopnds, shp, &nsh))
        return false;
    nord = op_attr_ints(op, "order", ord, MAX_RANK);
    if (ns != nst || ns != no || ns != nsh) return fail(in, op, "sizes, strides, offsets and shape differ in length");
    Type *bt = op_operand(op, 0)->type;
    if (!bt || bt->kind != T_PTR) return fail(in, op, "base is not a pointer");
    if (nord > 0) {   /* block pointer */
        if (blk_rank(r) != ns) return fail(in, op, "rank mismatch");
        r->e[0] = b->e[0];
        for (int d = 0; d < ns; d++) {
            r->e[1 + d].i = shp[d];
            r->e[1 + ns + d].i = str[d];
            r->e[1 + 2 * ns + d].i = str[d] && !(str[d] == -1 && off[d] == INT64_MIN) ? off[d] / str[d] : 0;
        }
        return true;
    }
    if (r->rank != ns) return fail(in, op, "rank mismatch");
    for (int d = 0; d < ns; d++)
        if (sizes[d] != r->dims[d]) return fail(in, op, "sizes do not match the result type");
    int64_t sz = elem_bytes(bt->ptr.pointee);
    /* a non-zero shape wraps the dimension's term around (remainder) */
    for (int64_t k = 0; k < r->n; k++) {
        int64_t rem = k, o = 0;
        for (int d = ns - 1; d >= 0; d--) {
            int64_t t = wa(off[d], wm(rem % r->dims[d], str[d]));
            if (shp[d]) t = shp[d] == -1 ? 0 : t % shp[d];
            o = wa(o, t);
            rem /= r->dims[d];
        }
        r->e[k].p.buf = b->e[0].p.buf;
        r->e[k].p.off = wa(b->e[0].p.off, wm(o, sz));
    }
    return true;
}

/* tts.make_gather_scatter_tptr: along gather_scatter_dim g the offset of
 * index i is gather_scatter_offset[i] * stride_g; lanes of rows whose
 * gather_scatter_mask entry is false are not accessed */
static bool make_gs_tptr(In *in, Op *op, RV *r) {
    const int64_t *sg = op_segment_sizes(op, 5);
    if (!sg || sg[0] != 1 || sg[1] != 1) return fail(in, op, "bad 'operandSegmentSizes'");
    RV *b = opnd(in, op, 0), *go = opnd(in, op, 1), *gm = sg[4] ? opnd(in, op, (int)(2 + sg[2] + sg[3])) : NULL;
    if (!b || !go || (sg[4] && !gm)) return false;
    int64_t sizes[MAX_RANK], str[MAX_RANK], off[MAX_RANK], g;
    int ns, nst, no, next = 1;
    if (!mixed_list(in, op, "sizes", &next, 1, sizes, &ns) || !(next = 2) ||
        !mixed_list(in, op, "static_strides", &next, (int)(2 + sg[2]), str, &nst) ||
        !mixed_list(in, op, "static_offsets", &next, (int)(2 + sg[2] + sg[3]), off, &no))
        return false;
    if (!op_attr_int(op, "gather_scatter_dim", &g) || g < 0 || g >= ns) return fail(in, op, "bad 'gather_scatter_dim'");
    Type *rt = op->res[0].type, *bt = op_operand(op, 0)->type;
    if (ns != nst || ns != no || blk_rank(r) != ns || !bt || bt->kind != T_PTR) return fail(in, op, "sizes, strides and offsets differ in length");
    const int64_t *dims = rt->ptr.pointee->sh.dims;
    int64_t n = 1;
    for (int d = 0; d < ns; d++) { if (dims[d] != sizes[d]) return fail(in, op, "sizes do not match the result type"); n *= dims[d]; }
    if (go->n != sizes[g] || (gm && gm->n != sizes[g])) return fail(in, op, "the gather/scatter offsets have %lld elements, dimension %lld has %lld",
                                                                     (long long)go->n, (long long)g, (long long)sizes[g]);
    El *e = calloc((size_t)(n > 0 ? 2 * n : 1), sizeof(El));
    if (!e) return fail(in, op, "out of memory");
    free(r->e);
    r->e = e;
    r->n = 2 * n;
    r->gs = true;
    int64_t sz = elem_bytes(bt->ptr.pointee), w = iw(go->et);
    for (int64_t k = 0; k < n; k++) {
        int64_t rem = k, o = 0, row = 0;
        for (int d = ns - 1; d >= 0; d--) {
            int64_t i = rem % dims[d];
            rem /= dims[d];
            if (d == g) { row = i; o = wa(o, wm(sx(go->e[i].i, (int)w), str[d])); }
            else o = wa(o, wa(off[d], wm(i, str[d])));
        }
        e[k].p.buf = b->e[0].p.buf;
        e[k].p.off = wa(b->e[0].p.off, wm(o, sz));
        e[n + k].i = gm ? gm->e[row].i != 0 : 1;
    }
    return true;
}

/* lanes inside the mask dims (a prefix along each dimension) */
static unsigned char *prefix_lanes(In *in, Op *op, int rank, const int64_t *dims, int64_t n, const int64_t *md, int nmd) {
    unsigned char *on = calloc((size_t)(n ? n : 1), 1);
    if (!on) { fail(in, op, "out of memory"); return NULL; }
    for (int64_t k = 0; k < n; k++) {
        int64_t rem = k;
        bool ok = true;
        for (int d = rank - 1; d >= 0; d--) {
            int64_t i = rem % dims[d];
            rem /= dims[d];
            if (nmd && i >= md[d]) ok = false;
        }
        on[k] = ok;
    }
    return on;
}

/* tts.load / tts.store */
static bool tts_access(In *in, Op *op, RV *r) {
    bool st = op_is(op, OP_tts_store);
    RV *p = opnd(in, op, 0), *v = st ? opnd(in, op, 1) : NULL;
    if (!p || (st && !v)) return false;
    RV *data = st ? v : r;
    int64_t md[MAX_RANK];
    int nmd, next = st ? 2 : 1, end = op->nopnds;
    const int64_t *sg = st ? NULL : op_segment_sizes(op, 3);
    if (!st && !sg) return fail(in, op, "bad 'operandSegmentSizes'");
    if (!st) end = (int)(1 + sg[1]);
    if (!mixed_list(in, op, "static_mask_dims", &next, end, md, &nmd)) return false;
    if (nmd && nmd != data->rank) return fail(in, op, "%d mask dims for a rank-%d tensor", nmd, data->rank);
    El pad;
    memset(&pad, 0, sizeof pad);
    if (!st && sg[2]) {
        RV *o = opnd(in, op, (int)(1 + sg[1]));
        if (!o) return false;
        pad = o->e[0];
    }
    unsigned char *on = prefix_lanes(in, op, data->rank, data->dims, data->n, md, nmd);
    if (!on) return false;
    bool ok;
    if (p->gs) {   /* gather/scatter: the element pointers and their lanes */
        if (p->n != 2 * data->n) ok = fail(in, op, "operand shapes differ");
        else {
            RV q = *data;
            q.e = p->e;
            q.et = type_ptr(in->c, data->et, 1);
            for (int64_t k = 0; k < data->n; k++) on[k] = on[k] && p->e[data->n + k].i;
            ok = access_lanes(in, op, &q, on, &pad, st ? NULL : r, st ? v : NULL);
        }
    } else if (kind_of(p->et) == 'b' && p->t->kind != T_PTR) {
        ok = fail(in, op, "expected a pointer");
    } else if (kind_of(p->et) == 'b') {   /* a block pointer: the shape bounds every dimension */
        bool chk[MAX_RANK];
        for (int d = 0; d < MAX_RANK; d++) chk[d] = true;
        RV q;
        unsigned char *inb = NULL;
        ok = block_lanes(in, op, p, p->t->ptr.pointee->sh.elem, data->rank, data->dims, NULL, chk, &q, &inb);
        if (ok) {
            for (int64_t k = 0; k < data->n; k++) on[k] = on[k] && inb[k];
            ok = access_lanes(in, op, &q, on, &pad, st ? NULL : r, st ? v : NULL);
            free(q.e);
        }
        free(inb);
    } else {
        if (p->n != data->n) ok = fail(in, op, "operand shapes differ");
        else ok = access_lanes(in, op, p, on, &pad, st ? NULL : r, st ? v : NULL);
    }
    free(on);
    return ok;
}

/* tt.extern_elementwise of the common libdevice functions */
static bool extern_elementwise(In *in, Op *op, RV *a, RV *b, RV *r) {
    static const struct { const char *n; int id, ar; } fns[] = {
        { "acos", OP_math_acos, 1 }, { "acosh", OP_math_acosh, 1 }, { "asin", OP_math_asin, 1 },
        { "asinh", OP_math_asinh, 1 }, { "atan", OP_math_atan, 1 }, { "atanh", OP_math_atanh, 1 },
        { "cbrt", OP_math_cbrt, 1 }, { "ceil", OP_math_ceil, 1 }, { "cos", OP_math_cos, 1 },
        { "cosh", OP_math_cosh, 1 }, { "erf", OP_math_erf, 1 }, { "exp", OP_math_exp, 1 },
        { "exp2", OP_math_exp2, 1 }, { "expm1", OP_math_expm1, 1 }, { "fabs", OP_math_absf, 1 },
        { "floor", OP_math_floor, 1 }, { "log", OP_math_log, 1 }, { "log10", OP_math_log10, 1 },
        { "log1p", OP_math_log1p, 1 }, { "log2", OP_math_log2, 1 }, { "round", OP_math_round, 1 },
        { "rsqrt", OP_math_rsqrt, 1 }, { "sin", OP_math_sin, 1 }, { "sinh", OP_math_sinh, 1 },
        { "sqrt", OP_math_sqrt, 1 }, { "tan", OP_math_tan, 1 }, { "tanh", OP_math_tanh, 1 },
        { "trunc", OP_math_trunc, 1 }, { "atan2", OP_math_atan2, 2 }, { "pow", OP_math_powf, 2 },
        { "fmod", OP_arith_remf, 2 }, { "fmax", OP_arith_maxnumf, 2 }, { "fmin", OP_arith_minnumf, 2 },
        { "div_rn", OP_arith_divf, 2 }, { "fdiv_rn", OP_arith_divf, 2 }, { "sqrt_rn", OP_math_sqrt, 1 },
    };
    Attr *sym = op_attr_any(op, "symbol");
    if (!sym || sym->kind != A_STRING || sym->str.len >= 64) return fail(in, op, "missing 'symbol'");
    char nm[64];
    memcpy(nm, sym->str.s, sym->str.len);
    nm[sym->str.len] = 0;
    const char *s = nm;
    if (!strncmp(s, "__nv_", 5)) s += 5;
    if (!strncmp(s, "fast_", 5)) s += 5;
    int id = -1, ar = 0;
    for (int pass = 0; pass < 2 && id < 0; pass++) {
        char t[64];
        snprintf(t, sizeof t, "%s", s);
        size_t l = strlen(t);
        if (pass == 1) { if (l < 2 || t[l - 1] != 'f') break; t[l - 1] = 0; }
        for (size_t i = 0; i < sizeof fns / sizeof *fns; i++)
            if (!strcmp(fns[i].n, t)) { id = fns[i].id; ar = fns[i].ar; break; }
    }
    if (id < 0) return fail(in, op, "extern function '%s' is not supported", nm);
    if (kind_of(r->et) != 'f' || !a || (ar == 2) != (b != NULL) || op->nopnds != ar) return fail(in, op, "'%s' expects %d float operand(s)", nm, ar);
    if (a->n != r->n || (b && b->n != r->n && b->n != 1)) return fail(in, op, "operand shapes differ");
    return arith_float(in, op, id, a, b, r);
}

/* pointers as integers: the buffer number above bit 40, the byte offset below */
enum { PTR_SHIFT = 40 };
static int64_t ptr_enc(El e) { return ((int64_t)(e.p.buf + 1) << PTR_SHIFT) + e.p.off; }
static El ptr_dec(int64_t v) {
    El e;
    memset(&e, 0, sizeof e);
    e.p.buf = (int32_t)((v >> PTR_SHIFT) - 1);
    e.p.off = v & (((int64_t)1 << PTR_SHIFT) - 1);
    return e;
}

static bool histogram(In *in, Op *op, RV *a, RV *m, RV *r) {
    if (kind_of(a->et) != 'i' || kind_of(r->et) != 'i' || r->rank != 1) return fail(in, op, "unsupported operand types");
    if (m && m->n != a->n && m->n != 1) return fail(in, op, "operand shapes differ");
    for (int64_t k = 0; k < a->n; k++) {
        if (m && !m->e[m->n == 1 ? 0 : k].i) continue;
        int64_t v = sx(a->e[k].i, iw(a->et));
        if (v >= 0 && v < r->n) r->e[v].i = wrapt(r->et, r->e[v].i + 1);
    }
    return true;
}

/* tt.print: one line per element on stdout, "pid (x, y, z) idx (i, j) PREFIX VALUE" */
static bool print_op(In *in, Op *op) {
    const char *pre = "";
    size_t pl = 0;
    Attr *pa = op_attr_any(op, "prefix");
    if (pa && pa->kind == A_STRING) { pre = pa->str.s; pl = pa->str.len; }
    else if (op->verbatim)
        for (Elem *e = op->custom; e; e = e->next)
            if (e->kind == E_STRING && e->text && strlen(e->text) >= 2) { pre = e->text + 1; pl = strlen(e->text) - 2; break; }
    Attr *hex = op_attr_any(op, "hex");
    bool hx = hex && (hex->kind == A_BOOL || hex->kind == A_INT) && hex->i;
    if (!op->nopnds) { printf("pid (%d, %d, %d) %.*s\n", in->pid[0], in->pid[1], in->pid[2], (int)pl, pre); return true; }
    for (int i = 0; i < op->nopnds; i++) {
        RV *v = opnd(in, op, i);
        if (!v) return false;
        int k0 = kind_of(v->et);
        for (int64_t k = 0; k < v->n; k++) {
            char idx[128];
            index_str(idx, sizeof idx, v, k);
            idx[0] = '(';
            idx[strlen(idx) - 1] = ')';
            printf("pid (%d, %d, %d) idx %s%.*s", in->pid[0], in->pid[1], in->pid[2], idx, (int)pl, pre);
            if (k0 == 'f') {
                if (hx) { int64_t bits = 0; float_bits(v->et, v->e[k].f, &bits); printf("0x%llx\n", (unsigned long long)zx(bits, type_float_width(v->et))); }
                else printf("%.9g\n", v->e[k].f);
            } else if (k0 == 'i') {
                int w = iw(v->et);
                if (hx) printf("0x%llx\n", (unsigned long long)zx(v->e[k].i, w));
                else printf("%lld\n", (long long)sx(v->e[k].i, w));
            } else printf("0x%llx\n", (unsigned long long)ptr_enc(v->e[k]));
        }
    }
    return true;
}

/* tt.gather %src[%idx] {axis}: the element of src at idx's position with
 * the coordinate along axis taken from idx */
static bool gather(In *in, Op *op, RV *src, RV *idx, RV *r) {
    int64_t ax;
    Attr *a = op_attr_any(op, "axis");
    if (!a || a->kind != A_INT) return fail(in, op, "missing 'axis'");
    ax = a->i;
    if (src->rank != idx->rank || r->rank != idx->rank || r->n != idx->n || ax < 0 || ax >= src->rank)
        return fail(in, op, "operand shapes do not match");
    int64_t st[MAX_RANK];
    strides_of(src, st);
    for (int64_t k = 0; k < r->n; k++) {
        int64_t rem = k, o = 0;
        for (int d = r->rank - 1; d >= 0; d--) {
            int64_t i = rem % r->dims[d];
            rem /= r->dims[d];
            if (d == ax) i = sx(idx->e[k].i, iw(idx->et));
            if (i < 0 || i >= src->dims[d]) {
                char is[128];
                index_str(is, sizeof is, r, k);
                return fail(in, op, "index %lld out of range [0, %lld) at element %s", (long long)i, (long long)src->dims[d], is);
            }
            o += i * st[d];
        }
        r->e[k] = src->e[o];
    }
    return true;
}

/* tt.map_elementwise (pack = 1): the region on each element */
static bool map_elementwise(In *in, Op *op) {
    Attr *pk = op_attr_any(op, "pack");
    if (pk && pk->kind == A_INT && pk->i != 1) return fail(in, op, "pack = %lld is not supported", (long long)pk->i);
    int n = op->nopnds, m = op->nres;
    if (!n || !m || op->nregions != 1 || !op->regions[0].first) return fail(in, op, "malformed tt.map_elementwise");
    Block *blk = op->regions[0].first;
    if (blk->nargs != n) return fail(in, op, "the region takes %d arguments, expected %d", blk->nargs, n);
    RV *res = calloc((size_t)m, sizeof(RV)), *sc = calloc((size_t)n, sizeof(RV));
    RV **vals = calloc((size_t)n, sizeof(RV *));
    bool ok = res && sc && vals;
    if (!ok) fail(in, op, "out of memory");
    for (int i = 0; ok && i < m; i++) ok = res_alloc(in, op, i, &res[i]);
    for (int i = 0; ok && i < n; i++) ok = rv_alloc(in, op, &sc[i], blk->args[i]->type);
    int64_t total = ok ? res[0].n : 0;
    for (int i = 0; ok && i < n; i++) {
        RV *v = opnd(in, op, i);
        if (!v) ok = false;
        else if (v->n != total) ok = fail(in, op, "operand shapes differ");
    }
    for (int64_t k = 0; ok && k < total; k++) {
        for (int i = 0; i < n; i++) { sc[i].e[0] = opnd(in, op, i)->e[k]; vals[i] = &sc[i]; }
        Op *t = NULL;
        ok = run_region(in, op, &op->regions[0], n, vals, &t);
        if (ok && t->nopnds != m) ok = fail(in, t, "the region returns %d values, expected %d", t->nopnds, m);
        for (int i = 0; ok && i < m; i++) {
            RV *v = opnd(in, t, i);
            if (!v) ok = false;
            else res[i].e[k] = v->e[0];
        }
    }
    for (int i = 0; res && i < m; i++) {
        if (ok) ok = res_set(in, op, i, &res[i]);
        free(res[i].e);
    }
    for (int i = 0; sc && i < n; i++) free(sc[i].e);
    free(res); free(sc); free(vals);
    return ok;
}

/* tt.atomic_rmw KIND, SEM, SCOPE, %ptr, %val[, %mask] and
 * tt.atomic_cas SEM, SCOPE, %ptr, %cmp, %val: the programs run one after
 * the other, so each element is a read-modify-write; the result is the old
 * value */
static bool atomic(In *in, Op *op, RV *r) {
    bool cas = op_is(op, OP_tt_atomic_cas);
    const char *kind = NULL;
    Attr *ka = op_attr_any(op, "atomic_rmw_op");
    char kb[16] = "";
    if (!cas && ka && ka->kind == A_INT) {
        static const char *const names[] = { "and", "or", "xor", "add", "fadd", "max", "min", "umax", "umin", "exch" };
        if (ka->i >= 1 && ka->i <= 10) kind = names[ka->i - 1];
    }
    if (!cas && !kind && op->verbatim)
        for (Elem *e = op->custom; e; e = e->next)
            if (e->kind == E_WORD && e->text) { snprintf(kb, sizeof kb, "%s", e->text); kind = kb; break; }
    if (!cas && !kind) return fail(in, op, "missing the atomic operation");
    RV *p = opnd(in, op, 0), *a = op->nopnds > 1 ? opnd(in, op, 1) : NULL, *b = op->nopnds > 2 ? opnd(in, op, 2) : NULL;
    if (!p || !a || (cas && !b)) return fail(in, op, "missing operands");
    RV *val = cas ? b : a, *m = cas ? NULL : b;
    Type *pe = pointee_of(in, op, p->et);
    if (!pe) return false;
    if (p->n != r->n || val->n != r->n || (m && m->n != r->n)) return fail(in, op, "operand shapes differ");
    int k0 = kind_of(pe), w = k0 == 'i' ? iw(pe) : 0;
    for (int64_t k = 0; k < r->n; k++) {
        if (m && !m->e[k].i) continue;
        unsigned char *ad = mem_at(in, op, p, k, pe, cas ? "compares and swaps" : "updates");
        El old, nw;
        if (!ad || !mem_read(in, op, ad, pe, &old)) return false;
        r->e[k] = old;
        nw = val->e[k];
        if (cas) {
            bool eq = k0 == 'f' ? old.f == a->e[k].f : zx(old.i, w) == zx(a->e[k].i, w);
            if (!eq) continue;
        } else if (!strcmp(kind, "exch") || !strcmp(kind, "xchg")) {
        } else if (k0 == 'f') {
            if (!strcmp(kind, "fadd")) nw.f = fround(pe, old.f + nw.f);
            else if (!strcmp(kind, "max")) nw.f = fmax(old.f, nw.f);
            else if (!strcmp(kind, "min")) nw.f = fmin(old.f, nw.f);
            else return fail(in, op, "atomic '%s' on floats is not supported", kind);
        } else {
            int64_t x = sx(old.i, w), y = sx(nw.i, w);
            uint64_t ux = zx(old.i, w), uy = zx(nw.i, w);
            int64_t v;
            if (!strcmp(kind, "add")) v = (int64_t)(ux + uy);
            else if (!strcmp(kind, "and")) v = (int64_t)(ux & uy);
            else if (!strcmp(kind, "or")) v = (int64_t)(ux | uy);
            else if (!strcmp(kind, "xor")) v = (int64_t)(ux ^ uy);
            else if (!strcmp(kind, "max")) v = x > y ? x : y;
            else if (!strcmp(kind, "min")) v = x < y ? x : y;
            else if (!strcmp(kind, "umax")) v = (int64_t)(ux > uy ? ux : uy);
            else if (!strcmp(kind, "umin")) v = (int64_t)(ux < uy ? ux : uy);
            else return fail(in, op, "atomic '%s' on integers is not supported", kind);
            nw.i = wrapt(pe, v);
        }
        if (!mem_write(in, op, ad, pe, nw)) return false;
    }
    return true;
}

/* ---- dispatch ---------------------------------------------------------- */

static bool unsupported(In *in, Op *op) {
    diag_error(in->d, op_loc(in, op), "interpreter does not support '%s'", op_name(op));
    return false;
}

static bool run_op(In *in, Op *op) {
    int id = op->info->id;
    /* ops kept verbatim have operands and result types but no decoded
     * attributes: run only those whose meaning does not depend on any */
    if (op->verbatim && id != OP_tt_reduce && id != OP_tt_scan && id != OP_tt_precise_sqrt && id != OP_tt_precise_divf &&
        id != OP_tt_mulhiui && id != OP_tt_assert && id != OP_cf_assert && id != OP_tt_extern_elementwise && id != OP_tt_print &&
        id != OP_tt_gather && id != OP_tt_map_elementwise && id != OP_tt_atomic_rmw && id != OP_tt_atomic_cas && id != OP_tt_unsplat)
        return unsupported(in, op);
    switch (id) {
    case OP_scf_for: return run_for(in, op);
    case OP_scf_if: return run_if(in, op);
    case OP_scf_while: return run_while(in, op);
    case OP_tt_reduce: return run_combine(in, op, false);
    case OP_tt_scan: return run_combine(in, op, true);
    case OP_tt_call: case OP_func_call: return run_call(in, op);
    case OP_tt_store: return store(in, op);
    case OP_tts_store: return tts_access(in, op, NULL);
    case OP_tt_descriptor_store: return desc_access(in, op, false, NULL);
    case OP_tt_descriptor_scatter: return desc_access(in, op, true, NULL);
    case OP_tt_print: return print_op(in, op);
    case OP_tt_map_elementwise: return map_elementwise(in, op);
    case OP_tt_map_elementwise_return: return true;
    case OP_tt_split: {
        RV *a = opnd(in, op, 0), r0, r1;
        if (!a || op->nres != 2) return a ? fail(in, op, "expected two results") : false;
        if (!res_alloc(in, op, 0, &r0)) return false;
        if (!res_alloc(in, op, 1, &r1)) { free(r0.e); return false; }
        bool ok = a->n == 2 * r0.n && r0.n == r1.n;
        if (!ok) fail(in, op, "operand shapes differ");
        for (int64_t k = 0; ok && k < r0.n; k++) { r0.e[k] = a->e[2 * k]; r1.e[k] = a->e[2 * k + 1]; }
        ok = ok && res_set(in, op, 0, &r0) && res_set(in, op, 1, &r1);
        free(r0.e);
        free(r1.e);
        return ok;
    }
    case OP_tt_assert: case OP_cf_assert: {
        RV *c = opnd(in, op, 0);
        if (!c) return false;
        for (int64_t k = 0; k < c->n; k++)
            if (!c->e[k].i) {
                Attr *msg = op_attr(op, "message");
                char idx[128];
                index_str(idx, sizeof idx, c, k);
                return fail(in, op, "assertion failed at element %s%s%.*s", idx, msg && msg->kind == A_STRING ? ": " : "",
                            msg && msg->kind == A_STRING ? (int)msg->str.len : 0, msg && msg->kind == A_STRING ? msg->str.s : "");
            }
        return true;
    }
    case OP_scf_yield: case OP_scf_condition: case OP_tt_return: case OP_func_return:
    case OP_tt_reduce_return: case OP_tt_scan_return:
        return true;
    default: break;
    }
    if (op->nres != 1) return unsupported(in, op);
    RV r;
    if (!res_alloc(in, op, 0, &r)) return false;
    bool ok = true;
    RV *a = NULL, *b = NULL, *c = NULL;
    if (op->nopnds > 0 && !(a = opnd(in, op, 0))) ok = false;
    if (ok && op->nopnds > 1 && !(b = opnd(in, op, 1))) ok = false;
    if (ok && op->nopnds > 2 && !(c = opnd(in, op, 2))) ok = false;
    int rk = kind_of(r.et);
    if (!ok) goto out;
    switch (id) {
    case OP_arith_constant: ok = constant(in, op, &r); break;
    case OP_arith_addi: case OP_arith_subi: case OP_arith_muli: case OP_arith_divsi: case OP_arith_divui:
    case OP_arith_ceildivsi: case OP_arith_ceildivui: case OP_arith_floordivsi: case OP_arith_remsi:
    case OP_arith_remui: case OP_arith_andi: case OP_arith_ori: case OP_arith_xori: case OP_arith_shli:
    case OP_arith_shrsi: case OP_arith_shrui: case OP_arith_maxsi: case OP_arith_maxui: case OP_arith_minsi:
    case OP_arith_minui: case OP_tt_mulhiui:
        if (!a || !b || rk != 'i') { ok = unsupported(in, op); break; }
        ok = same_n(in, op, a, b) && arith_int(in, op, id, a, b, &r);
        break;
    case OP_arith_addf: case OP_arith_subf: case OP_arith_mulf: case OP_arith_divf: case OP_arith_remf:
    case OP_arith_maxnumf: case OP_arith_minnumf: case OP_arith_maximumf: case OP_arith_minimumf:
    case OP_math_powf: case OP_math_atan2: case OP_tt_precise_divf:
        if (!a || !b || rk != 'f') { ok = unsupported(in, op); break; }
        ok = same_n(in, op, a, b) && arith_float(in, op, id, a, b, &r);
        break;
    case OP_arith_negf: case OP_math_absf: case OP_math_acos: case OP_math_acosh: case OP_math_asin:
    case OP_math_asinh: case OP_math_atan: case OP_math_atanh: case OP_math_cbrt: case OP_math_ceil:
    case OP_math_cos: case OP_math_cosh: case OP_math_erf: case OP_math_exp: case OP_math_exp2:
    case OP_math_expm1: case OP_math_floor: case OP_math_log: case OP_math_log10: case OP_math_log1p:
    case OP_math_log2: case OP_math_round: case OP_math_rsqrt: case OP_math_sin: case OP_math_sinh:
    case OP_math_sqrt: case OP_math_tan: case OP_math_tanh: case OP_math_trunc: case OP_tt_precise_sqrt:
        if (!a || rk != 'f') { ok = unsupported(in, op); break; }
        ok = arith_float(in, op, id, a, NULL, &r);
        break;
    case OP_math_absi:
        if (!a || rk != 'i') { ok = unsupported(in, op); break; }
        for (int64_t k = 0; k < r.n; k++) {
            int64_t v = sx(a->e[k].i, iw(r.et));
            r.e[k].i = wrapt(r.et, v < 0 ? (int64_t)(0 - (uint64_t)v) : v);
        }
        break;
    case OP_math_fma:
        if (!a || !b || !c || rk != 'f') { ok = unsupported(in, op); break; }
        if (!same_n(in, op, a, b) || !same_n(in, op, a, c)) { ok = false; break; }
        for (int64_t k = 0; k < r.n; k++) r.e[k].f = fround(r.et, fma(a->e[k].f, b->e[k].f, c->e[k].f));
        break;
    case OP_tt_clampf: {
        if (!a || !b || !c || rk != 'f') { ok = unsupported(in, op); break; }
        int64_t pn = 0;
        op_attr_int(op, "propagateNan", &pn);
        for (int64_t k = 0; k < r.n; k++) {
            double x = a->e[k].f, lo = b->e[b->n == 1 ? 0 : k].f, hi = c->e[c->n == 1 ? 0 : k].f;
            double v = isnan(x) ? (pn ? x : lo) : fmin(fmax(x, lo), hi);
            r.e[k].f = fround(r.et, v);
        }
        break;
    }
    case OP_arith_cmpi: case OP_arith_cmpf: {
        int64_t p;
        if (!a || !b || !op_attr_int(op, "predicate", &p)) { ok = fail(in, op, "missing predicate"); break; }
        if (!same_n(in, op, a, b)) { ok = false; break; }
        int ka = kind_of(a->et);
        if ((id == OP_arith_cmpi) != (ka == 'i')) { ok = unsupported(in, op); break; }
        for (int64_t k = 0; k < r.n; k++) {
            El x = a->e[k], y = b->e[b->n == 1 ? 0 : k];
            r.e[k].i = id == OP_arith_cmpi ? cmpi((int)p, x.i, y.i, iw(a->et)) : cmpf((int)p, x.f, y.f);
        }
        break;
    }
    case OP_arith_select:
        if (!a || !b || !c) { ok = unsupported(in, op); break; }
        if ((b->n != r.n && b->n != 1) || (c->n != r.n && c->n != 1) || (a->n != r.n && a->n != 1)) { ok = fail(in, op, "operand shapes differ"); break; }
        for (int64_t k = 0; k < r.n; k++)
            r.e[k] = a->e[a->n == 1 ? 0 : k].i ? b->e[b->n == 1 ? 0 : k] : c->e[c->n == 1 ? 0 : k];
        break;
    case OP_arith_extsi: case OP_arith_extui: case OP_arith_trunci: case OP_arith_index_cast:
    case OP_arith_index_castui: case OP_arith_extf: case OP_arith_truncf: case OP_arith_sitofp:
    case OP_arith_uitofp: case OP_arith_fptosi: case OP_arith_fptoui: case OP_arith_bitcast:
    case OP_tt_bitcast: case OP_tt_fp_to_fp:
        if (!a || a->n != r.n) { ok = a ? fail(in, op, "operand shapes differ") : unsupported(in, op); break; }
        {
            int ka = kind_of(a->et);
            bool good = id == OP_arith_bitcast || id == OP_tt_bitcast ||
                (ka == 'i' && rk == 'i' && id != OP_arith_extf && id != OP_arith_truncf && id != OP_arith_sitofp && id != OP_arith_uitofp && id != OP_arith_fptosi && id != OP_arith_fptoui && id != OP_tt_fp_to_fp) ||
                (ka == 'f' && rk == 'f' && (id == OP_arith_extf || id == OP_arith_truncf || id == OP_tt_fp_to_fp)) ||
                (ka == 'i' && rk == 'f' && (id == OP_arith_sitofp || id == OP_arith_uitofp)) ||
                (ka == 'f' && rk == 'i' && (id == OP_arith_fptosi || id == OP_arith_fptoui));
            if (!good) { ok = fail(in, op, "unsupported operand and result types"); break; }
        }
        ok = cast(in, op, id, a, &r);
        break;
    case OP_tt_get_program_id: case OP_tt_get_num_programs: {
        int64_t ax;
        if (!op_attr_int(op, "axis", &ax) || ax < 0 || ax > 2) { ok = fail(in, op, "bad 'axis'"); break; }
        r.e[0].i = wrapt(r.et, id == OP_tt_get_program_id ? in->pid[ax] : in->grid[ax]);
        break;
    }
    case OP_tt_make_range: {
        int64_t s, e;
        if (!op_attr_int(op, "start", &s) || !op_attr_int(op, "end", &e) || e - s != r.n || rk != 'i') { ok = fail(in, op, "bad 'start'/'end'"); break; }
        for (int64_t k = 0; k < r.n; k++) r.e[k].i = wrapt(r.et, s + k);
        break;
    }
    case OP_tt_splat:
        if (!a || a->n != 1) { ok = fail(in, op, "splat of a non-scalar"); break; }
        for (int64_t k = 0; k < r.n; k++) r.e[k] = a->e[0];
        break;
    case OP_tt_unsplat: case OP_tt_expand_dims: case OP_tt_reshape:
        if (!a || a->n != r.n) { ok = fail(in, op, "element counts differ"); break; }
        memcpy(r.e, a->e, sizeof(El) * (size_t)r.n);
        break;
    case OP_tt_broadcast:
        ok = a && broadcast(in, op, a, &r);
        break;
    case OP_tt_trans:
        ok = a && trans(in, op, a, &r);
        break;
    case OP_tt_join:
        if (!a || !b || a->n != b->n || r.n != 2 * a->n) { ok = fail(in, op, "operand shapes differ"); break; }
        for (int64_t k = 0; k < a->n; k++) { r.e[2 * k] = a->e[k]; r.e[2 * k + 1] = b->e[k]; }
        break;
    case OP_tt_cat:
        if (!a || !b || r.n != a->n + b->n) { ok = fail(in, op, "operand shapes differ"); break; }
        memcpy(r.e, a->e, sizeof(El) * (size_t)a->n);
        memcpy(r.e + a->n, b->e, sizeof(El) * (size_t)b->n);
        break;
    case OP_tt_addptr:
        if (!a || !b || rk != 'p') { ok = unsupported(in, op); break; }
        ok = addptr(in, op, a, b, &r);
        break;
    case OP_tt_load: ok = load(in, op, &r); break;
    case OP_tensor_empty: break;   /* contents undefined: zeros */
    case OP_tt_make_tensor_ptr: ok = make_tensor_ptr(in, op, &r); break;
    case OP_tt_advance: ok = advance(in, op, &r); break;
    case OP_tt_make_tensor_descriptor: ok = make_desc(in, op, &r); break;
    case OP_tt_descriptor_load: ok = desc_access(in, op, false, &r); break;
    case OP_tt_descriptor_gather: ok = desc_access(in, op, true, &r); break;
    case OP_tts_make_tptr: ok = make_tptr(in, op, &r); break;
    case OP_tts_make_gather_scatter_tptr: ok = make_gs_tptr(in, op, &r); break;
    case OP_tts_load: ok = tts_access(in, op, &r); break;
    case OP_tt_extern_elementwise: ok = extern_elementwise(in, op, a, b, &r); break;
    case OP_tt_histogram: ok = a && histogram(in, op, a, b, &r); break;
    case OP_tt_gather: ok = (a && b) ? gather(in, op, a, b, &r) : unsupported(in, op); break;
    case OP_tt_atomic_rmw: case OP_tt_atomic_cas: ok = atomic(in, op, &r); break;
    case OP_tt_ptr_to_int:
        if (!a || a->n != r.n || kind_of(a->et) != 'p' || rk != 'i') { ok = fail(in, op, "unsupported operand and result types"); break; }
        for (int64_t k = 0; k < r.n; k++) r.e[k].i = wrapt(r.et, ptr_enc(a->e[k]));
        break;
    case OP_tt_int_to_ptr:
        if (!a || a->n != r.n || kind_of(a->et) != 'i' || rk != 'p') { ok = fail(in, op, "unsupported operand and result types"); break; }
        for (int64_t k = 0; k < r.n; k++) r.e[k] = ptr_dec(a->e[k].i);
        break;
    case OP_tt_dot:
        if (!a || !b || !c) { ok = unsupported(in, op); break; }
        ok = dot(in, op, a, b, c, &r);
        break;
    default: ok = unsupported(in, op); break;
    }
out:
    if (ok) ok = res_set(in, op, 0, &r);
    free(r.e);
    return ok;
}

/* ---- entry points ------------------------------------------------------ */

Op *interp_find_func(Op *module, const char *name) {
    if (!module || !module->nregions || !module_body(module)) return NULL;
    Op *first = NULL;
    for (Op *o = module_body(module)->first; o; o = o->next) {
        if (!op_is(o, OP_tt_func) && !op_is(o, OP_func_func)) continue;
        Attr *nm = op_attr(o, "sym_name");
        if (name) {
            if (nm && nm->kind == A_STRING && nm->str.len == strlen(name) && !memcmp(nm->str.s, name, nm->str.len)) return o;
            continue;
        }
        Attr *vis = op_attr(o, "sym_visibility");
        if (!(vis && vis->kind == A_STRING && vis->str.len == 7 && !memcmp(vis->str.s, "private", 7))) return o;
        if (!first) first = o;
    }
    return first;
}

int interp_run(Ctx *c, Op *func, int nargs, const IArg *args, const int grid[3], Diag *d) {
    In in = { .c = c, .d = d, .func = func, .nargs = nargs, .args = args };
    if (!func || (!op_is(func, OP_tt_func) && !op_is(func, OP_func_func)) || !func->nregions || !func->regions[0].first) {
        diag_error(d, func ? func->loc : (Loc){ 0 }, "interpreter: expected a function with a body");
        return -1;
    }
    Block *entry = func->regions[0].first;
    if (entry->nargs != nargs) {
        diag_error(d, func->loc, "interpreter: the kernel takes %d arguments, %d given", entry->nargs, nargs);
        return -1;
    }
    for (int i = 0; i < 3; i++)
        if (grid[i] < 0) { diag_error(d, func->loc, "interpreter: negative grid size"); return -1; }
    for (int i = 0; i < nargs; i++) {
        Type *t = entry->args[i]->type;
        int k = kind_of(t);
        bool good = (k == 'p' && args[i].kind == IARG_BUF) || (k == 'i' && args[i].kind == IARG_INT) ||
                    (k == 'f' && args[i].kind == IARG_FLOAT);
        if (!good) {
            diag_error(d, func->loc, "interpreter: argument %d does not match its type", i);
            return -1;
        }
        if (k == 'p') {
            Type *pe = t->ptr.pointee;
            if (args[i].buf.elem && args[i].buf.elem != pe) {
                diag_error(d, func->loc, "interpreter: the buffer of argument %d has another element type", i);
                return -1;
            }
        }
    }
    RV *vals = calloc((size_t)(nargs + 1), sizeof(RV));
    RV **pv = calloc((size_t)(nargs + 1), sizeof(RV *));
    bool ok = vals && pv;
    if (!ok) diag_error(d, func->loc, "interpreter: out of memory");
    for (int i = 0; ok && i < nargs; i++) {
        ok = rv_alloc(&in, func, &vals[i], entry->args[i]->type);
        if (!ok) break;
        pv[i] = &vals[i];
        Type *t = vals[i].t;
        if (args[i].kind == IARG_BUF) { vals[i].e[0].p.buf = i; vals[i].e[0].p.off = 0; }
        else if (args[i].kind == IARG_INT) vals[i].e[0].i = wrapt(t, args[i].i);
        else vals[i].e[0].f = fround(t, args[i].f);
    }
    for (int z = 0; ok && z < grid[2]; z++)
        for (int y = 0; ok && y < grid[1]; y++)
            for (int x = 0; ok && x < grid[0]; x++) {
                in.pid[0] = x; in.pid[1] = y; in.pid[2] = z;
                in.grid[0] = grid[0]; in.grid[1] = grid[1]; in.grid[2] = grid[2];
                Op *t = NULL;
                ok = run_region(&in, func, &func->regions[0], nargs, pv, &t);
                env_clear(&in);
            }
    for (int i = 0; vals && i < nargs; i++) free(vals[i].e);
    free(vals);
    free(pv);
    free(in.s);
    return ok ? 0 : -1;
}
