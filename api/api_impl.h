/* api_impl.h - what the files of api/ share: the context, the module, and
 * the map from TTIR lines to the Python locations Triton attached. */
#ifndef TTX_API_IMPL_H
#define TTX_API_IMPL_H

#include <pthread.h>

#include "../include/ttxform.h"
#include "diag.h"
#include "ir.h"

struct ttx_context {
    pthread_mutex_t mu;
    ttx_diag *diags; int ndiags, capdiags;
    int nerrors;
    ttx_module *modules;          /* still loaded, freed with the context */
};

/* a Python (or other source) location of a TTIR line */
typedef struct SrcLoc { const char *file; int line, col; } SrcLoc;

struct ttx_module {
    ttx_context *cx;
    ttx_module *prev, *next;
    Ctx *c;
    Op *m;
    char *file;                   /* the TTIR's name in diagnostics */
    char *src; size_t len;        /* the TTIR text, NUL-terminated */
    SrcLoc *lines; int nlines;    /* lines[i]: the location of TTIR line i (file NULL: none) */
    char *kernel;
};

/* lines[] of a parsed module: each op's loc(...) resolved to its innermost
 * file location (through #loc aliases and names; in a call site, the callee
 * unless it lies inside Triton's own package) */
void srcloc_map(ttx_module *mod);
/* the text of line `line` of file `path`, malloc'd without its newline, or NULL */
char *srcloc_read_line(const char *path, int line);

/* checked.c: the C target's kernel with its failure hooks (the output
 * "c-checked" of ttx_module_emit) */
bool api_emit_c_checked(ttx_module *mod, FILE *out, Diag *d);

#endif
