/* print_attr.h - types and attributes as MLIR text (print_type.c,
 * print_attr.c): what the printer of ops (print.h) prints them with, and
 * what the reader's messages quote types with. */
#ifndef TTX_PRINT_ATTR_H
#define TTX_PRINT_ATTR_H

#include "ir.h"

typedef struct PrintOpts {
    bool generic;         /* --mlir-print-op-generic: every op in generic form */
    bool debuginfo;       /* --mlir-print-debuginfo: print loc(...) */
    int ktdp_space;       /* --ktdp-memory-space: 0 as read, 1 spyre (#ktdp.spyre_memory_space<HBM>), 2 generic (#ktdp.memory_space<global>) */
    bool ktir_cpu;        /* --ktir-cpu: a blank line after each op that does not end in a type,
                           * and the results of a multi-result op named one by one (%r8_0, %r8_1) */
} PrintOpts;

/* the locations given #loc aliases: in order, and by attribute (open addressing) */
typedef struct LocTab { PtrVec v; const Attr **key; int *idx; size_t cap; } LocTab;
void loctab_free(LocTab *t);

typedef struct Printer {
    FILE *f;
    Ctx *c;
    PrintOpts o;
    int indent;
    bool unknown_types;   /* generic form asked for a type the IR does not know */
    bool alias_ok;        /* false while printing an alias definition itself */
    bool collect;         /* a first pass that records the attributes needing aliases */
    PtrVec *used;
    struct LocTab *locs;  /* --mlir-print-debuginfo: locations with #loc aliases, in order */
    /* --ktir-cpu: f is a memory stream whose text is *mem (*memlen bytes after fflush) */
    char **mem;
    size_t *memlen;
    long type_end;        /* offset in f just past the last type printed */
    bool gap;             /* the op printed last wants a blank line after it */
    Op *par_module;       /* print_module: this module's body is printed on par_threads threads */
    int par_threads;
    bool par_number;      /* and each of its ops numbered by the thread that prints it */
    size_t par_names;     /* at most this many value names are made meanwhile */
} Printer;

/* the printer's writer: a string of text to p->f, copied straight into the
 * stream's buffer when it fits (as putc_unlocked does for one character;
 * a line-buffered or unbuffered stream leaves no room, so it goes through
 * fwrite); one thread prints, so the stream needs no locking */
static inline void print_str(Printer *p, const char *s) {
    size_t n = __builtin_strlen(s);
    FILE *f = p->f;
#ifdef __GLIBC__
    if ((size_t)(f->_IO_write_end - f->_IO_write_ptr) > n) {
        __builtin_memcpy(f->_IO_write_ptr, s, n);
        f->_IO_write_ptr += n;
        return;
    }
#endif
    fwrite_unlocked(s, 1, n, f);
}


void print_type(Printer *p, Type *t);
void print_type_done(Printer *p);   /* a type was just printed by other means (e.g. without its dialect prefix) */
void print_opaque_body(Printer *p, const Type *t);   /* an opaque type's text after its name */
/* Dialect spellings, registered at start-up (dialects/): the body of the
 * opaque types named `name` (such as "!ktdp.tile_future"; otherwise the body
 * is printed as read), and of opaque attributes (spell returns false to
 * leave an attribute as read). */
void print_register_type_body(const char *name, void (*body)(Printer *p, const Type *t));
void print_register_opaque_attr(bool (*spell)(Printer *p, Attr *a));
void print_attr(Printer *p, Attr *a);
void print_attr_noalias(Printer *p, Attr *a);
bool print_float(Printer *p, double v, Type *t);   /* true if printed as a hex bit pattern */
void print_attr_dict(Printer *p, const NamedAttr *a, int n, const char *const *elide, int nelide);
void print_escaped(Printer *p, const char *s, size_t n);
void print_aexpr(Printer *p, AExpr *e, bool strong);
/* a short text printed in memory: text_open gives the stream, text_close
 * its NUL-terminated text (valid until text_free, or the next text_open when
 * pooled) */
typedef struct TextBuf { char *buf; size_t len; bool pooled; } TextBuf;
FILE *text_open(TextBuf *t);
const char *text_close(TextBuf *t, FILE *f);
void text_free(TextBuf *t);
char *print_type_str(Ctx *c, Type *t);   /* malloc'd */
char *print_attr_str(Ctx *c, Attr *a);   /* malloc'd */

#endif
