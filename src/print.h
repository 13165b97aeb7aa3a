/* print.h - writing the IR as MLIR-compatible text. */
#ifndef TTX_PRINT_H
#define TTX_PRINT_H

#include "ir.h"

typedef struct PrintOpts {
    bool generic;         /* --mlir-print-op-generic: every op in generic form */
    bool debuginfo;       /* --mlir-print-debuginfo: print loc(...) */
    int ktdp_space;       /* --ktdp-memory-space: 0 as read, 1 spyre (#ktdp.spyre_memory_space<HBM>), 2 generic (#ktdp.memory_space<global>) */
    bool ktir_cpu;        /* --ktir-cpu: a blank line after each op that does not end in a type,
                           * and the results of a multi-result op named one by one (%r8_0, %r8_1) */
} PrintOpts;

typedef struct Printer {
    FILE *f;
    Ctx *c;
    PrintOpts o;
    int indent;
    bool unknown_types;   /* generic form asked for a type the IR does not know */
    bool alias_ok;        /* false while printing an alias definition itself */
    bool collect;         /* a first pass that records the attributes needing aliases */
    PtrVec *used;
    PtrVec *locs;         /* --mlir-print-debuginfo: locations with #loc aliases, in order */
    /* --ktir-cpu: f is a memory stream whose text is *mem (*memlen bytes after fflush) */
    char **mem;
    size_t *memlen;
    long type_end;        /* offset in f just past the last type printed */
    bool gap;             /* the op printed last wants a blank line after it */
} Printer;

/* print a module with its aliases; returns false if some op could not be
 * printed faithfully (e.g. generic form of an op with unknown result types) */
bool print_module(FILE *f, Ctx *c, Op *module, const PrintOpts *o);
void print_op_alone(FILE *f, Ctx *c, Op *op, const PrintOpts *o);   /* numbering local to op */

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
void print_value(Printer *p, Value *v);
void print_successor(Printer *p, Block *b);
void print_arg_loc_pub(Printer *p, Value *v);   /* --mlir-print-debuginfo: " loc(...)" of an argument */
void print_region(Printer *p, Region *r, bool entry_args, bool terminators, bool empty_block);
void print_attr_dict(Printer *p, const NamedAttr *a, int n, const char *const *elide, int nelide);
void print_escaped(Printer *p, const char *s, size_t n);
void print_functional_type(Printer *p, Op *op);
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
