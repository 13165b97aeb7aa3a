/* ir_attr.c - interned attributes (the IR core's share of ir.h that
 * builds Attr values), float rounding for typed literals. */
#include "ir_impl.h"

#include <math.h>
#include <stdlib.h>

/* ---- attributes ----------------------------------------------------- */
static bool attr_eq(const void *stored, const void *key) {
    const Attr *a = stored, *b = key;
    if (a->kind != b->kind || a->type != b->type) return false;
    switch (a->kind) {
    case A_UNIT: case A_TYPE: return true;
    case A_BOOL: case A_INT: return a->i == b->i;
    case A_FLOAT: return memcmp(&a->f, &b->f, sizeof(double)) == 0;
    case A_STRING: case A_OPAQUE: case A_LOC:
        return a->str.len == b->str.len && memcmp(a->str.s, b->str.s, a->str.len) == 0;
    case A_ARRAY:
        if (a->arr.n != b->arr.n) return false;
        for (int i = 0; i < a->arr.n; i++) if (a->arr.elts[i] != b->arr.elts[i]) return false;
        return true;
    case A_DICT:
        if (a->dict.n != b->dict.n) return false;
        for (int i = 0; i < a->dict.n; i++)
            if (a->dict.ents[i].name != b->dict.ents[i].name || a->dict.ents[i].value != b->dict.ents[i].value) return false;
        return true;
    case A_DENSE:
        if (a->dense.n != b->dense.n || a->dense.splat != b->dense.splat) return false;
        for (int i = 0; i < a->dense.n; i++) if (a->dense.elts[i] != b->dense.elts[i]) return false;
        return true;
    case A_DENSE_ARRAY:
        if (a->darr.n != b->darr.n) return false;
        if (!a->darr.n) return true;
        if (a->darr.i) return memcmp(a->darr.i, b->darr.i, sizeof(int64_t) * (size_t)a->darr.n) == 0;
        return memcmp(a->darr.f, b->darr.f, sizeof(double) * (size_t)a->darr.n) == 0;
    case A_SYMREF:
        if (a->sym.n != b->sym.n) return false;
        for (int i = 0; i < a->sym.n; i++) if (a->sym.names[i] != b->sym.names[i]) return false;
        return true;
    case A_AFFINE_MAP:
        if (a->map.ndims != b->map.ndims || a->map.nsyms != b->map.nsyms || a->map.n != b->map.n) return false;
        for (int i = 0; i < a->map.n; i++) if (a->map.res[i] != b->map.res[i]) return false;
        return true;
    case A_INTEGER_SET:
        if (a->set.ndims != b->set.ndims || a->set.nsyms != b->set.nsyms || a->set.n != b->set.n) return false;
        for (int i = 0; i < a->set.n; i++)
            if (a->set.cons[i] != b->set.cons[i] || a->set.eq[i] != b->set.eq[i]) return false;
        return true;
    }
    return false;
}

static unsigned attr_hash(const Attr *a) {
    unsigned h = hptr(hmix(5, a->kind), a->type);
    switch (a->kind) {
    case A_UNIT: case A_TYPE: break;
    case A_BOOL: case A_INT: h = hmix(h, (uint64_t)a->i); break;
    case A_FLOAT: { uint64_t u; memcpy(&u, &a->f, 8); h = hmix(h, u); break; }
    case A_STRING: case A_OPAQUE: case A_LOC: h = hbytes(h, a->str.s, a->str.len); break;
    case A_ARRAY: for (int i = 0; i < a->arr.n; i++) h = hptr(h, a->arr.elts[i]); h = hmix(h, (uint64_t)a->arr.n); break;
    case A_DICT:
        for (int i = 0; i < a->dict.n; i++) { h = hptr(h, a->dict.ents[i].name); h = hptr(h, a->dict.ents[i].value); }
        h = hmix(h, (uint64_t)a->dict.n);
        break;
    case A_DENSE: for (int i = 0; i < a->dense.n; i++) h = hptr(h, a->dense.elts[i]); h = hmix(h, (uint64_t)a->dense.n); break;
    case A_DENSE_ARRAY:
        h = hmix(h, (uint64_t)a->darr.n);
        if (!a->darr.n) break;
        if (a->darr.i) h = hbytes(h, a->darr.i, sizeof(int64_t) * (size_t)a->darr.n);
        else if (a->darr.f) h = hbytes(h, a->darr.f, sizeof(double) * (size_t)a->darr.n);
        break;
    case A_SYMREF: for (int i = 0; i < a->sym.n; i++) h = hptr(h, a->sym.names[i]); break;
    case A_AFFINE_MAP:
        h = hmix(hmix(h, (uint64_t)a->map.ndims), (uint64_t)a->map.nsyms);
        for (int i = 0; i < a->map.n; i++) h = hptr(h, a->map.res[i]);
        h = hmix(h, (uint64_t)a->map.n);
        break;
    case A_INTEGER_SET:
        h = hmix(hmix(h, (uint64_t)a->set.ndims), (uint64_t)a->set.nsyms);
        for (int i = 0; i < a->set.n; i++) { h = hptr(h, a->set.cons[i]); h = hmix(h, a->set.eq[i]); }
        h = hmix(h, (uint64_t)a->set.n);
        break;
    }
    return h;
}

static void *dup(Ctx *c, const void *p, size_t n) {
    if (!n) return NULL;
    void *r = ctx_alloc(c, n);
    memcpy(r, p, n);
    return r;
}

/* h: attr_hash(key), computed once by attr_get */
static Attr *attr_get_locked(Ctx *c, Attr *key, unsigned h);
static Attr *attr_get(Ctx *c, Attr *key) {
    unsigned h = attr_hash(key);
    if (!c->shared) return attr_get_locked(c, key, h);
    TlCache *tc = ir_tlc(c);
    size_t w;
    Attr *a = hs_find(&tc->attrs, h, key, attr_eq, &w);
    if (a) return a;
    lock(c);
    a = attr_get_locked(c, key, h);
    unlock(c);
    hs_put(&tc->attrs, w, h, a);
    return a;
}
static Attr *attr_get_locked(Ctx *c, Attr *key, unsigned h) {
    size_t w;
    Attr *a = hs_find(&c->attrs, h, key, attr_eq, &w);
    if (a) return a;
    a = ctx_alloc(c, sizeof *a);
    *a = *key;
    a->hash = h;
    switch (a->kind) {
    case A_STRING: case A_OPAQUE: case A_LOC: {
        char *s = ctx_alloc(c, a->str.len + 1);
        memcpy(s, key->str.s, a->str.len);
        a->str.s = s;
        break;
    }
    case A_ARRAY: a->arr.elts = dup(c, key->arr.elts, sizeof(Attr *) * (size_t)a->arr.n); break;
    case A_DICT: a->dict.ents = dup(c, key->dict.ents, sizeof(NamedAttr) * (size_t)a->dict.n); break;
    case A_DENSE: a->dense.elts = dup(c, key->dense.elts, sizeof(Attr *) * (size_t)a->dense.n); break;
    case A_DENSE_ARRAY:
        if (!a->darr.n) {   /* empty: non-NULL still tells integer from float arrays */
            static const int64_t ei[1]; static const double ef[1];
            a->darr.i = key->darr.i ? ei : NULL;
            a->darr.f = key->darr.f ? ef : NULL;
            break;
        }
        a->darr.i = key->darr.i ? dup(c, key->darr.i, sizeof(int64_t) * (size_t)a->darr.n) : NULL;
        a->darr.f = key->darr.f ? dup(c, key->darr.f, sizeof(double) * (size_t)a->darr.n) : NULL;
        break;
    case A_SYMREF: a->sym.names = dup(c, key->sym.names, sizeof(char *) * (size_t)a->sym.n); break;
    case A_AFFINE_MAP: a->map.res = dup(c, key->map.res, sizeof(AExpr *) * (size_t)a->map.n); break;
    case A_INTEGER_SET:
        a->set.cons = dup(c, key->set.cons, sizeof(AExpr *) * (size_t)a->set.n);
        a->set.eq = dup(c, key->set.eq, sizeof(bool) * (size_t)a->set.n);
        break;
    default: break;
    }
    hs_put(&c->attrs, w, h, a);
    return a;
}

int64_t int_wrap(int64_t v, int width, int sign) {
    if (width <= 0 || width >= 64) return v;
    uint64_t m = ((uint64_t)1 << width) - 1;
    uint64_t u = (uint64_t)v & m;
    if (sign == UNSIGNED) return (int64_t)u;
    if (width == 1) return (int64_t)u;   /* i1: 0 or 1 */
    if (u >> (width - 1)) u |= ~m;
    return (int64_t)u;
}

/* round a double to the nearest value of an IEEE-like binary format with
 * `mant` explicit mantissa bits and exponent range [emin, emax] */
static double round_to(double v, int mant, int emin, int emax) {
    if (!isfinite(v) || v == 0) return v;
    int e;
    frexp(v, &e);                 /* v = m * 2^e, 0.5 <= |m| < 1 */
    int ex = e - 1;               /* unbiased exponent of the leading bit */
    if (ex < emin) ex = emin;     /* subnormal: fixed quantum */
    double q = ldexp(1.0, ex - mant);
    double r = nearbyint(v / q) * q;
    if (fabs(r) > ldexp(2.0 - ldexp(1.0, -mant), emax)) return v > 0 ? INFINITY : -INFINITY;
    return r;
}

/* the small float formats: explicit mantissa bits, exponent range, largest
 * value, and what lies past it: inf ('i'), NaN ('n') or saturation ('s') */
static const struct { const char *name; int mant, emin; double max; char over; } small_floats[] = {
    { "f8E5M2", 2, -14, 57344.0, 'i' },
    { "f8E4M3", 3, -6, 240.0, 'i' },
    { "f8E4M3FN", 3, -6, 448.0, 'n' },
    { "f8E5M2FNUZ", 2, -15, 57344.0, 'n' },
    { "f8E4M3FNUZ", 3, -7, 240.0, 'n' },
    { "f8E4M3B11FNUZ", 3, -10, 30.0, 'n' },
    { "f8E3M4", 4, -2, 15.5, 'i' },
    { "f6E2M3FN", 3, 0, 7.5, 's' },
    { "f6E3M2FN", 2, -2, 28.0, 's' },
    { "f4E2M1FN", 1, 0, 6.0, 's' },
};

static double round_small(double v, int mant, int emin, double max, char over) {
    if (isnan(v)) return over == 's' ? max : v;
    if (isinf(v)) return over == 'i' ? v : over == 'n' ? NAN : copysign(max, v);
    if (v == 0) return v;
    int e;
    frexp(v, &e);
    int ex = e - 1;
    if (ex < emin) ex = emin;
    double q = ldexp(1.0, ex - mant);
    double r = nearbyint(v / q) * q;
    if (fabs(r) > max) {
        if (over == 'i') return v > 0 ? INFINITY : -INFINITY;
        if (over == 'n') return NAN;
        return copysign(max, v);
    }
    return r;
}

double float_round(const Type *t, double v) {
    if (!t || t->kind != T_FLOAT) return v;
    const char *n = t->f.name;
    if (n[0] == 'f' && n[1] && n[2] && !n[3]) {   /* f16, f32, f64: no string compare */
        if (n[1] == '3' && n[2] == '2') return (double)(float)v;
        if (n[1] == '1' && n[2] == '6') return round_to(v, 10, -14, 15);
        if (n[1] == '6' && n[2] == '4') return v;
    }
    if (!strcmp(n, "f80") || !strcmp(n, "f128")) return v;
    if (!strcmp(n, "bf16")) return round_to(v, 7, -126, 127);
    if (!strcmp(n, "tf32")) return round_to(v, 10, -126, 127);
    if (!strcmp(n, "f8E8M0FNU")) {   /* powers of two only */
        if (!isfinite(v) || v <= 0) return NAN;
        double l = nearbyint(log2(v));
        if (l < -127 || l > 127) return NAN;
        return ldexp(1.0, (int)l);
    }
    for (size_t i = 0; i < sizeof small_floats / sizeof *small_floats; i++)
        if (!strcmp(n, small_floats[i].name))
            return round_small(v, small_floats[i].mant, small_floats[i].emin, small_floats[i].max, small_floats[i].over);
    return v;
}

Attr *attr_unit(Ctx *c) { Attr k = { .kind = A_UNIT }; return attr_get(c, &k); }
Attr *attr_bool(Ctx *c, bool v) {
    Attr k = { .kind = A_BOOL }; k.i = v; k.type = type_int(c, 1, SIGNLESS); return attr_get(c, &k);
}
Attr *attr_int(Ctx *c, Type *t, int64_t v) {
    Attr k = { .kind = A_INT };
    k.type = t;
    if (t && t->kind == T_INT) v = int_wrap(v, t->i.width, t->i.sign);
    k.i = v;
    return attr_get(c, &k);
}
Attr *attr_float(Ctx *c, Type *t, double v) {
    Attr k = { .kind = A_FLOAT };
    k.type = t; k.f = float_round(t, v);
    return attr_get(c, &k);
}
Attr *attr_string(Ctx *c, const char *s, size_t n) {
    Attr k = { .kind = A_STRING }; k.str.s = s; k.str.len = n; return attr_get(c, &k);
}
Attr *attr_type(Ctx *c, Type *t) { Attr k = { .kind = A_TYPE }; k.type = t; return attr_get(c, &k); }
Attr *attr_array(Ctx *c, int n, Attr *const *elts) {
    Attr k = { .kind = A_ARRAY }; k.arr.n = n; k.arr.elts = elts; return attr_get(c, &k);
}
static int na_cmp(const void *a, const void *b) {
    return strcmp(((const NamedAttr *)a)->name, ((const NamedAttr *)b)->name);
}
Attr *attr_dict(Ctx *c, int n, const NamedAttr *ents) {
    NamedAttr *s = n ? malloc(sizeof(NamedAttr) * (size_t)n) : NULL;
    if (n) memcpy(s, ents, sizeof(NamedAttr) * (size_t)n);
    if (n > 1) qsort(s, (size_t)n, sizeof *s, na_cmp);
    Attr k = { .kind = A_DICT }; k.dict.n = n; k.dict.ents = s;
    Attr *r = attr_get(c, &k);
    free(s);
    return r;
}
Attr *attr_dense(Ctx *c, Type *shaped, int n, Attr *const *elts) {
    Attr k = { .kind = A_DENSE };
    k.type = shaped;
    /* a list whose elements are all equal is stored as a splat, as MLIR does */
    bool same = n > 0;
    for (int i = 1; i < n && same; i++) same = elts[i] == elts[0];
    k.dense.splat = same;
    k.dense.n = same ? 1 : n;
    k.dense.elts = elts;
    return attr_get(c, &k);
}
Attr *attr_dense_array(Ctx *c, Type *elem, int n, const int64_t *iv, const double *fv) {
    Attr k = { .kind = A_DENSE_ARRAY };
    k.type = elem; k.darr.n = n; k.darr.i = iv; k.darr.f = fv;
    static const int64_t zi[1]; static const double zf[1];
    if (!n) { if (type_is_float(elem)) k.darr.f = zf; else k.darr.i = zi; }
    return attr_get(c, &k);
}
Attr *attr_symref(Ctx *c, int n, const char *const *names) {
    Attr k = { .kind = A_SYMREF }; k.sym.n = n; k.sym.names = names; return attr_get(c, &k);
}
Attr *attr_map(Ctx *c, int ndims, int nsyms, int n, AExpr *const *res) {
    c->has_affine = true;
    Attr k = { .kind = A_AFFINE_MAP };
    k.map.ndims = ndims; k.map.nsyms = nsyms; k.map.n = n; k.map.res = res;
    return attr_get(c, &k);
}
Attr *attr_set(Ctx *c, int ndims, int nsyms, int n, AExpr *const *cons, const bool *eq) {
    c->has_affine = true;
    Attr k = { .kind = A_INTEGER_SET };
    k.set.ndims = ndims; k.set.nsyms = nsyms; k.set.n = n; k.set.cons = cons; k.set.eq = eq;
    return attr_get(c, &k);
}
Attr *attr_opaque(Ctx *c, const char *text) {
    Attr k = { .kind = A_OPAQUE }; k.str.s = text; k.str.len = strlen(text); return attr_get(c, &k);
}
Attr *attr_loc(Ctx *c, const char *text) {
    Attr k = { .kind = A_LOC }; k.str.s = text; k.str.len = strlen(text); return attr_get(c, &k);
}
Attr *dict_get(Attr *d, const char *name) {
    if (!d || d->kind != A_DICT) return NULL;
    for (int i = 0; i < d->dict.n; i++) if (!strcmp(d->dict.ents[i].name, name)) return d->dict.ents[i].value;
    return NULL;
}
