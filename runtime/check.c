/* check.c - `ttxform run --check`: the JIT's buffers against the
 * interpreter's, integers exactly and floats within CHECK_ULPS ulp. */
#include "run_impl.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

bool check_copies(int n, const IArg *args, const NpyArray *arrays, NpyArray **refs, IArg **rargs) {
    *refs = calloc((size_t)n + 1, sizeof **refs);
    *rargs = calloc((size_t)n + 1, sizeof **rargs);
    if (!*refs || !*rargs) { errorf("out of memory"); return false; }
    for (int i = 0; i < n; i++) {
        (*rargs)[i] = args[i];
        if (args[i].kind != IARG_BUF) continue;
        NpyArray *r = &(*refs)[i];
        *r = arrays[i];
        r->data = npy_zalloc(arrays[i].nbytes);
        if (!r->data) { errorf("out of memory"); return false; }
        memcpy(r->data, arrays[i].data, arrays[i].nbytes);
        (*rargs)[i].buf.data = r->data;
    }
    return true;
}

void check_copies_free(int n, NpyArray *refs, IArg *rargs) {
    for (int i = 0; refs && i < n; i++) free(refs[i].data);
    free(refs);
    free(rargs);
}

bool check_one(const char *name, const NpyArray *a, const NpyArray *b) { return check_pair(name, a, b, "jit", "interp"); }

bool check_pair(const char *name, const NpyArray *a, const NpyArray *b, const char *la, const char *lb) {
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
        printf("check %s %s %s: %s: %" PRIu64 " elements differ, max abs diff %.9g, max %s%" PRIu64 " ulp at element %zu (%s %.9g, %s %.9g)\n",
               name, npy_type_name(a->dtype), shp, ok ? "ok" : "MISMATCH", ndiff, maxabs, maxulp == UINT64_MAX ? "NaN " : "",
               maxulp == UINT64_MAX ? 0 : maxulp, worst, la, elem_d(a, worst), lb, elem_d(b, worst));
    else
        printf("check %s %s %s: MISMATCH: %" PRIu64 " elements differ, max abs diff %.17g at element %zu (%s %.17g, %s %.17g)\n",
               name, npy_type_name(a->dtype), shp, ndiff, maxabs, worst, la, elem_d(a, worst), lb, elem_d(b, worst));
    return ok;
}
