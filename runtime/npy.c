/* npy.c - reading and writing NumPy .npy files (see npy.h).
 *
 * The format: the magic "\x93NUMPY", a major and a minor version byte, the
 * header length (2 bytes little-endian in 1.0, 4 bytes in 2.0), the header
 * (a Python dict literal with the keys 'descr', 'fortran_order' and 'shape',
 * padded with spaces and a newline), then the raw data. */
#include "npy.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "npy.c assumes a little-endian host"
#endif

static const struct { const char *name, *descr, *mlir; size_t size; } types[NPY__NTYPES] = {
    [NPY_BOOL] = { "bool", "|b1", "i1", 1 },
    [NPY_INT8] = { "int8", "|i1", "i8", 1 },
    [NPY_UINT8] = { "uint8", "|u1", "ui8", 1 },
    [NPY_INT16] = { "int16", "<i2", "i16", 2 },
    [NPY_INT32] = { "int32", "<i4", "i32", 4 },
    [NPY_INT64] = { "int64", "<i8", "i64", 8 },
    [NPY_FLOAT16] = { "float16", "<f2", "f16", 2 },
    [NPY_FLOAT32] = { "float32", "<f4", "f32", 4 },
    [NPY_FLOAT64] = { "float64", "<f8", "f64", 8 },
};

#define SUPPORTED "bool, int8, uint8, int16, int32, int64, float16, float32, float64"

const char *npy_type_name(NpyType t) { return t < NPY__NTYPES ? types[t].name : "?"; }
const char *npy_type_descr(NpyType t) { return t < NPY__NTYPES ? types[t].descr : "?"; }
size_t npy_type_size(NpyType t) { return t < NPY__NTYPES ? types[t].size : 0; }

bool npy_type_parse(const char *name, NpyType *t) {
    for (int i = 0; i < NPY__NTYPES; i++)
        if (!strcmp(name, types[i].name) || !strcmp(name, types[i].mlir)) { *t = (NpyType)i; return true; }
    if (!strcmp(name, "si8")) { *t = NPY_INT8; return true; }
    if (!strcmp(name, "si16")) { *t = NPY_INT16; return true; }
    if (!strcmp(name, "si32")) { *t = NPY_INT32; return true; }
    if (!strcmp(name, "si64")) { *t = NPY_INT64; return true; }
    return false;
}

int64_t npy_numel(int ndim, const int64_t *shape) {
    int64_t n = 1;
    for (int i = 0; i < ndim; i++) {
        if (shape[i] < 0) return -1;
        if (shape[i] && n > ((int64_t)1 << 62) / shape[i]) return -1;
        n *= shape[i];
    }
    return n;
}

void npy_shape_str(int ndim, const int64_t *shape, char *out, size_t n) {
    size_t k = 0;
    if (!n) return;
    out[0] = 0;
    k += (size_t)snprintf(out + k, n - k, "(");
    for (int i = 0; i < ndim && k < n; i++)
        k += (size_t)snprintf(out + k, n - k, "%s%lld", i ? ", " : "", (long long)shape[i]);
    if (k < n) snprintf(out + k, n - k, ndim == 1 ? ",)" : ")");
}

static bool seterr(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static bool seterr(char *err, size_t errlen, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    if (errlen) vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return false;
}

void *npy_zalloc(size_t bytes) {
    void *p = NULL;
    /* a large buffer on 2 MiB boundaries, with huge pages asked for: a
     * kernel that walks it row by row then misses the TLB far less */
    enum { HUGE = 2u << 20 };
    size_t align = bytes >= 2 * (size_t)HUGE ? HUGE : 64;
    if (posix_memalign(&p, align, bytes ? bytes : 1)) return NULL;
#ifdef MADV_HUGEPAGE
    if (align == HUGE) madvise(p, bytes, MADV_HUGEPAGE);
#endif
    memset(p, 0, bytes);
    return p;
}

bool npy_alloc(NpyArray *a, NpyType t, int ndim, const int64_t *shape, char *err, size_t errlen) {
    memset(a, 0, sizeof *a);
    if (ndim < 0 || ndim > NPY_MAXDIM) return seterr(err, errlen, "at most %d dimensions are supported", NPY_MAXDIM);
    int64_t n = npy_numel(ndim, shape);
    if (n < 0 || (uint64_t)n > SIZE_MAX / 8) return seterr(err, errlen, "the array is too large");
    size_t bytes = (size_t)n * types[t].size;
    void *p = npy_zalloc(bytes);
    if (!p) return seterr(err, errlen, "out of memory allocating %zu bytes", bytes);
    a->dtype = t;
    a->ndim = ndim;
    memcpy(a->shape, shape, sizeof *shape * (size_t)ndim);
    a->data = p;
    a->nbytes = bytes;
    return true;
}

void npy_free(NpyArray *a) {
    free(a->data);
    a->data = NULL;
    a->nbytes = 0;
}

/* ---- the header dict ---------------------------------------------------- */

typedef struct Hdr { const char *p, *e; } Hdr;

static void ws(Hdr *h) { while (h->p < h->e && (*h->p == ' ' || *h->p == '\t' || *h->p == '\n' || *h->p == '\r')) h->p++; }
static bool eat(Hdr *h, char ch) { ws(h); if (h->p < h->e && *h->p == ch) { h->p++; return true; } return false; }

/* a quoted string into out */
static bool hstring(Hdr *h, char *out, size_t n) {
    ws(h);
    if (h->p >= h->e || (*h->p != '\'' && *h->p != '"')) return false;
    char q = *h->p++;
    size_t k = 0;
    while (h->p < h->e && *h->p != q) {
        if (k + 1 >= n) return false;
        out[k++] = *h->p++;
    }
    if (h->p >= h->e) return false;
    h->p++;
    out[k] = 0;
    return true;
}

static bool hword(Hdr *h, const char *w) {
    ws(h);
    size_t l = strlen(w);
    if ((size_t)(h->e - h->p) < l || memcmp(h->p, w, l)) return false;
    h->p += l;
    return true;
}

static bool parse_descr(const char *d, NpyType *t, char *err, size_t errlen) {
    char order = d[0];
    if (order == '>' && strcmp(d + 1, "b1") && strcmp(d + 1, "i1") && strcmp(d + 1, "u1"))
        return seterr(err, errlen, "big-endian data ('%s') is not supported; save it as little-endian ('<%s')", d, d + 1);
    if (order == '<' || order == '|' || order == '=' || order == '>') {
        for (int i = 0; i < NPY__NTYPES; i++)
            if (!strcmp(d + 1, types[i].descr + 1)) { *t = (NpyType)i; return true; }
    }
    return seterr(err, errlen, "unsupported dtype '%s' (supported: " SUPPORTED ")", d);
}

static bool parse_header(const char *s, size_t n, NpyArray *a, char *err, size_t errlen) {
    Hdr h = { s, s + n };
    bool have_descr = false, have_order = false, have_shape = false, fortran = false;
    NpyType t = NPY_FLOAT32;
    int64_t shape[NPY_MAXDIM];
    int ndim = 0;
    if (!eat(&h, '{')) return seterr(err, errlen, "malformed header: expected a dict");
    for (;;) {
        if (eat(&h, '}')) break;
        char key[32];
        if (!hstring(&h, key, sizeof key)) return seterr(err, errlen, "malformed header: expected a key");
        if (!eat(&h, ':')) return seterr(err, errlen, "malformed header: expected ':' after '%s'", key);
        if (!strcmp(key, "descr")) {
            char d[64];
            ws(&h);
            if (h.p < h.e && *h.p == '[') return seterr(err, errlen, "structured dtypes are not supported (supported: " SUPPORTED ")");
            if (!hstring(&h, d, sizeof d)) return seterr(err, errlen, "malformed header: bad 'descr'");
            if (!parse_descr(d, &t, err, errlen)) return false;
            have_descr = true;
        } else if (!strcmp(key, "fortran_order")) {
            if (hword(&h, "True")) fortran = true;
            else if (hword(&h, "False")) fortran = false;
            else return seterr(err, errlen, "malformed header: bad 'fortran_order'");
            have_order = true;
        } else if (!strcmp(key, "shape")) {
            if (!eat(&h, '(')) return seterr(err, errlen, "malformed header: bad 'shape'");
            ndim = 0;
            while (!eat(&h, ')')) {
                ws(&h);
                if (h.p >= h.e || *h.p < '0' || *h.p > '9') return seterr(err, errlen, "malformed header: bad 'shape'");
                int64_t v = 0;
                while (h.p < h.e && *h.p >= '0' && *h.p <= '9') {
                    if (v > ((int64_t)1 << 62) / 10) return seterr(err, errlen, "the array is too large");
                    v = v * 10 + (*h.p++ - '0');
                }
                if (h.p < h.e && *h.p == 'L') h.p++;
                if (ndim == NPY_MAXDIM) return seterr(err, errlen, "at most %d dimensions are supported", NPY_MAXDIM);
                shape[ndim++] = v;
                if (!eat(&h, ',')) {
                    if (!eat(&h, ')')) return seterr(err, errlen, "malformed header: bad 'shape'");
                    break;
                }
            }
            have_shape = true;
        } else {
            return seterr(err, errlen, "malformed header: unexpected key '%s'", key);
        }
        if (!eat(&h, ',')) {
            if (!eat(&h, '}')) return seterr(err, errlen, "malformed header: expected ',' or '}'");
            break;
        }
    }
    if (!have_descr || !have_order || !have_shape)
        return seterr(err, errlen, "malformed header: missing '%s'", !have_descr ? "descr" : !have_order ? "fortran_order" : "shape");
    if (fortran)
        return seterr(err, errlen, "Fortran-order arrays are not supported; save a C-order copy (numpy.ascontiguousarray)");
    if (npy_numel(ndim, shape) < 0) return seterr(err, errlen, "the array is too large");
    a->dtype = t;
    a->ndim = ndim;
    memcpy(a->shape, shape, sizeof *shape * (size_t)ndim);
    return true;
}

bool npy_parse(const unsigned char *buf, size_t len, NpyArray *a, char *err, size_t errlen) {
    memset(a, 0, sizeof *a);
    if (len < 8 || memcmp(buf, "\x93NUMPY", 6)) {
        if (len < 8 && len > 0 && !memcmp(buf, "\x93NUMPY", len < 6 ? len : 6))
            return seterr(err, errlen, "truncated .npy file (%zu bytes)", len);
        return seterr(err, errlen, "not a .npy file (no \\x93NUMPY magic)");
    }
    int major = buf[6], minor = buf[7];
    size_t pre, hlen;
    if (major == 1) {
        if (len < 10) return seterr(err, errlen, "truncated .npy file (%zu bytes)", len);
        pre = 10;
        hlen = (size_t)buf[8] | (size_t)buf[9] << 8;
    } else if (major == 2) {
        if (len < 12) return seterr(err, errlen, "truncated .npy file (%zu bytes)", len);
        pre = 12;
        hlen = (size_t)buf[8] | (size_t)buf[9] << 8 | (size_t)buf[10] << 16 | (size_t)buf[11] << 24;
    } else {
        return seterr(err, errlen, "unsupported .npy format version %d.%d (1.0 and 2.0 are supported)", major, minor);
    }
    if (hlen > len - pre) return seterr(err, errlen, "truncated .npy file: the header needs %zu bytes, %zu follow", hlen, len - pre);
    NpyArray h;
    memset(&h, 0, sizeof h);
    if (!parse_header((const char *)buf + pre, hlen, &h, err, errlen)) return false;
    int64_t n = npy_numel(h.ndim, h.shape);
    size_t isz = types[h.dtype].size;
    if ((uint64_t)n > SIZE_MAX / isz) return seterr(err, errlen, "the array is too large");
    size_t want = (size_t)n * isz, have = len - pre - hlen;
    char sh[256];
    npy_shape_str(h.ndim, h.shape, sh, sizeof sh);
    if (have < want)
        return seterr(err, errlen, "truncated .npy file: shape %s of %s needs %zu bytes of data, the file has %zu",
                      sh, types[h.dtype].name, want, have);
    if (have > want)
        return seterr(err, errlen, "malformed .npy file: shape %s of %s needs %zu bytes of data, the file has %zu",
                      sh, types[h.dtype].name, want, have);
    if (!npy_alloc(a, h.dtype, h.ndim, h.shape, err, errlen)) return false;
    if (want) memcpy(a->data, buf + pre + hlen, want);
    return true;
}

bool npy_read(const char *path, NpyArray *a, char *err, size_t errlen) {
    memset(a, 0, sizeof *a);
    FILE *f = fopen(path, "rb");
    if (!f) return seterr(err, errlen, "%s", strerror(errno));
    size_t cap = 4096, n = 0;
    unsigned char *buf = malloc(cap);
    bool ok = buf != NULL;
    while (ok) {
        if (n == cap) {
            unsigned char *nb = cap < SIZE_MAX / 2 ? realloc(buf, cap * 2) : NULL;
            if (!nb) { ok = false; seterr(err, errlen, "out of memory"); break; }
            buf = nb;
            cap *= 2;
        }
        size_t r = fread(buf + n, 1, cap - n, f);
        n += r;
        if (r == 0) break;
    }
    if (ok && ferror(f)) { ok = false; seterr(err, errlen, "%s", strerror(errno ? errno : EIO)); }
    else if (!buf) seterr(err, errlen, "out of memory");
    fclose(f);
    if (ok) ok = npy_parse(buf, n, a, err, errlen);
    free(buf);
    return ok;
}

bool npy_write(const char *path, const NpyArray *a, char *err, size_t errlen) {
    char sh[NPY_MAXDIM * 24 + 8], hdr[NPY_MAXDIM * 24 + 256];
    if (a->dtype >= NPY__NTYPES) return seterr(err, errlen, "unsupported dtype");
    npy_shape_str(a->ndim, a->shape, sh, sizeof sh);
    int hl = snprintf(hdr, sizeof hdr, "{'descr': '%s', 'fortran_order': False, 'shape': %s, }", types[a->dtype].descr, sh);
    /* pad with spaces and a newline so that the data starts at a multiple of 64 */
    size_t pre = hl + 11 > 65535 ? 12 : 10;
    size_t total = ((pre + (size_t)hl + 1 + 63) / 64) * 64;
    size_t hlen = total - pre;
    unsigned char head[sizeof hdr + 128];
    memcpy(head, "\x93NUMPY", 6);
    head[6] = pre == 10 ? 1 : 2;
    head[7] = 0;
    for (size_t i = 0; i < pre - 8; i++) head[8 + i] = (unsigned char)(hlen >> (8 * i));
    memcpy(head + pre, hdr, (size_t)hl);
    memset(head + pre + hl, ' ', hlen - (size_t)hl - 1);
    head[total - 1] = '\n';
    FILE *f = fopen(path, "wb");
    if (!f) return seterr(err, errlen, "%s", strerror(errno));
    bool ok = fwrite(head, 1, total, f) == total && (!a->nbytes || fwrite(a->data, 1, a->nbytes, f) == a->nbytes);
    int e = errno;
    if (fclose(f) != 0 && ok) { ok = false; e = errno; }
    if (!ok) return seterr(err, errlen, "%s", strerror(e ? e : EIO));
    return true;
}

/* ---- half precision ------------------------------------------------------ */

uint16_t npy_f16_from_double(double v) {
    uint16_t s = signbit(v) ? 0x8000 : 0;
    if (isnan(v)) return s | 0x7E00;
    double a = fabs(v);
    if (a >= 65520.0) return s | 0x7C00;          /* past the largest half, 65504, by half an ulp */
    if (a < 0x1p-14) {                             /* subnormal: steps of 2^-24 */
        double m = nearbyint(a * 0x1p24);          /* exact scaling; round to nearest even */
        return s | (uint16_t)m;                    /* 1024 is the smallest normal, as it should be */
    }
    int e;
    frexp(a, &e);                                  /* a = f * 2^e, f in [0.5, 1) */
    int E = e - 1;
    double m = nearbyint(ldexp(a, 10 - E));        /* [1024, 2048] */
    if (m >= 2048.0) { m = 1024.0; E++; }
    if (E > 15) return s | 0x7C00;
    return s | (uint16_t)((E + 15) << 10) | (uint16_t)((int)m - 1024);
}

double npy_f16_to_double(uint16_t h) {
    int e = (h >> 10) & 0x1F, m = h & 0x3FF;
    double v;
    if (e == 0) v = ldexp(m, -24);
    else if (e == 31) v = m ? NAN : INFINITY;
    else v = ldexp(m + 1024, e - 25);
    return (h & 0x8000) ? -v : v;
}
