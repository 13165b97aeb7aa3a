/* format.h - custom assembly formats of registered ops (see ops.def). */
#ifndef TTX_FORMAT_H
#define TTX_FORMAT_H

#include "diag.h"
#include "ir.h"
#include "print.h"

/* Give a freshly parsed custom-form op its meaning: operands in order,
 * attributes, result types.  Ops whose elements match their format lose
 * their element list and are printed by format_print; others keep it and
 * are printed back verbatim.  Returns false after reporting an error. */
bool format_decode(Ctx *c, Op *op, Diag *d);

/* move an op's inherent attributes (those MLIR keeps as properties) out of
 * its attribute dictionary into its properties */
void format_move_inherent(Ctx *c, Op *op);

/* print op (after its results) in its custom form; false if it has none */
bool format_print(Printer *p, Op *op);

#endif
