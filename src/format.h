/* format.h - custom assembly formats of registered ops (see ops.def): the
 * engine that holds the formats the dialects register, for the reader and
 * the printer.  A dialect's formats are written with format_lib.h. */
#ifndef TTX_FORMAT_H
#define TTX_FORMAT_H

#include "diag.h"
#include "ir.h"
#include "print_attr.h"   /* Printer (only the type: the engine itself prints nothing) */

/* a custom-form op being decoded: its elements (op_custom(op)) are matched
 * from e on */
typedef struct Dec {
    Ctx *c;
    Op *op;
    Diag *d;
    Elem *e;          /* next element */
    bool err;         /* a real error was reported */
    /* the furthest element at which the matcher failed and what it wanted
     * there (want NULL: no failure noted yet; at NULL: the end of the op;
     * quoted: want is a keyword or punctuation, printed in quotes) */
    const char *want;
    Elem *at;
    bool quoted;
} Dec;

/* A format, named by the ops of ops.def that use it.  dec reads the
 * elements into operands, attributes and result types (false: the elements
 * do not have its shape, or d->err after a reported error); pr prints the op
 * after its results; fits, when given, says whether an op (perhaps read in
 * generic form or built by a pass) has what pr needs; if not, the op is
 * printed in generic form. */
typedef struct OpFormat {
    const char *name;
    bool (*dec)(Dec *d);
    void (*pr)(Printer *p, Op *op);
    bool (*fits)(Op *op);
} OpFormat;

/* the inherent attributes of an op (those MLIR keeps as properties),
 * space-separated */
typedef struct OpInherent { int op; const char *names; } OpInherent;

/* Registration, at start-up before any op is read or printed (see
 * dialects/dialects.c).  Registering a table again changes nothing.  The
 * table must outlive the program.  A hook of format_register_inherent,
 * when not NULL, runs on every registered op first (in registration order)
 * for rules a table cannot say. */
void format_register(const OpFormat *table, size_t n);
void format_register_inherent(const OpInherent *table, size_t n, void (*hook)(Ctx *c, Op *op));

/* the format of an op, NULL if it has none */
const OpFormat *format_of(const OpInfo *info);

/* Give a freshly parsed custom-form op its meaning: operands in order,
 * attributes, result types.  Ops whose elements match their format lose
 * their element list and are printed by format_print.  Elements that do not
 * match are an error at the furthest element the matcher reached, naming
 * what it expected there.  Ops without a format keep their elements and are
 * printed back verbatim.  Returns false after reporting an error. */
bool format_decode(Ctx *c, Op *op, Diag *d);

/* move an op's inherent attributes (those MLIR keeps as properties) out of
 * its attribute dictionary into its properties */
void format_move_inherent(Ctx *c, Op *op);

/* print op (after its results) in its custom form; false if it has none */
bool format_print(Printer *p, Op *op);

#endif
