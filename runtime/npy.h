/* npy.h - NumPy .npy files: format versions 1.0 and 2.0, little-endian,
 * C order, one of the dtypes below.  Anything else (Fortran order,
 * big-endian data, structured or object dtypes, a truncated file) is refused
 * with a message that says why. */
#ifndef TTX_NPY_H
#define TTX_NPY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum {
    NPY_BOOL, NPY_INT8, NPY_UINT8, NPY_INT16, NPY_INT32, NPY_INT64,
    NPY_FLOAT16, NPY_FLOAT32, NPY_FLOAT64, NPY__NTYPES
} NpyType;

#define NPY_MAXDIM 32

typedef struct NpyArray {
    NpyType dtype;
    int ndim;                    /* 0: a scalar (one element) */
    int64_t shape[NPY_MAXDIM];
    void *data;                  /* C order, little-endian; malloc'd (never NULL once filled) */
    size_t nbytes;               /* numel * itemsize */
} NpyArray;

const char *npy_type_name(NpyType t);    /* "float32" */
const char *npy_type_descr(NpyType t);   /* "<f4", "|b1" */
size_t npy_type_size(NpyType t);
/* a NumPy name ("float32", "int64", "bool") or an MLIR one ("f32", "i64",
 * "i1", "ui8"); false if none fits */
bool npy_type_parse(const char *name, NpyType *t);

/* numel of shape, or -1 on overflow past 2^62 */
int64_t npy_numel(int ndim, const int64_t *shape);
/* "(3, 4)", "(5,)", "()" */
void npy_shape_str(int ndim, const int64_t *shape, char *out, size_t n);

/* zero-filled memory starting on a 64-byte boundary (a cache line: the
 * rows of a kernel's buffers then begin where lines do, which whole-line
 * streaming stores need), NULL when there is none; free() releases it */
void *npy_zalloc(size_t bytes);
/* allocate a zero-filled array (data from npy_zalloc); false (err set) on
 * overflow or no memory */
bool npy_alloc(NpyArray *a, NpyType t, int ndim, const int64_t *shape, char *err, size_t errlen);
/* read path into a; on failure a holds nothing, err says why, false */
bool npy_read(const char *path, NpyArray *a, char *err, size_t errlen);
/* parse a whole .npy image in memory (what npy_read does after reading) */
bool npy_parse(const unsigned char *buf, size_t len, NpyArray *a, char *err, size_t errlen);
/* write a as path (version 1.0, or 2.0 when the header needs it) */
bool npy_write(const char *path, const NpyArray *a, char *err, size_t errlen);
void npy_free(NpyArray *a);

/* IEEE half precision: bits from a double (round to nearest even), and back */
uint16_t npy_f16_from_double(double v);
double npy_f16_to_double(uint16_t h);

#endif
