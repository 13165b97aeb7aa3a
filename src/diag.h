/* diag.h - diagnostics: `file:line:col: error: message`, the source line and
 * a caret; or, under --verify-diagnostics, records checked against the
 * `// expected-error @+N {{...}}` annotations of the input. */
#ifndef TTX_DIAG_H
#define TTX_DIAG_H

#include "ir.h"

typedef enum { SEV_ERROR, SEV_WARNING, SEV_NOTE, SEV_REMARK } Severity;

typedef struct DiagRec { Severity sev; Loc loc; char *msg; } DiagRec;

typedef struct Diag {
    FILE *out;                /* where diagnostics go (stderr) */
    const char *file;         /* source shown under each diagnostic */
    const char *src; size_t srclen;
    int nerrors;
    bool capture;             /* --verify-diagnostics: keep instead of print */
    DiagRec *recs; int nrecs, caprecs;
} Diag;

void diag_init(Diag *d, FILE *out);
void diag_set_source(Diag *d, const char *file, const char *src, size_t len);
void diag_emit(Diag *d, Severity sev, Loc loc, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
#define diag_error(d, loc, ...) diag_emit((d), SEV_ERROR, (loc), __VA_ARGS__)
void diag_free(Diag *d);

/* compare captured diagnostics with the annotations in src[0..len) whose lines
 * start at first_line; report mismatches (uncaptured); returns the count */
int diag_verify(Diag *d, const char *src, size_t len, int first_line);

#endif
