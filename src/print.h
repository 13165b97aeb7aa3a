/* print.h - writing the IR as MLIR-compatible text. */
#ifndef TTX_PRINT_H
#define TTX_PRINT_H

#include "ir.h"
#include "print_attr.h"

/* print a module with its aliases; returns false if some op could not be
 * printed faithfully (e.g. generic form of an op with unknown result types) */
bool print_module(FILE *f, Ctx *c, Op *module, const PrintOpts *o);
/* Threads for printing a large module's body (20,000 ops or more, in the
 * dialects whose printers are known to allow it, no aliases or locations
 * to collect): 0 (the default) one per CPU up to 8, 1 serial.  The text is
 * the same either way. */
void print_set_threads(int n);
/* the threads the calling thread's last print_module printed on (1: serially) */
int print_last_threads(void);
void print_op_alone(FILE *f, Ctx *c, Op *op, const PrintOpts *o);   /* numbering local to op */
void print_value(Printer *p, Value *v);
void print_successor(Printer *p, Block *b);
void print_arg_loc_pub(Printer *p, Value *v);   /* --mlir-print-debuginfo: " loc(...)" of an argument */
void print_region(Printer *p, Region *r, bool entry_args, bool terminators, bool empty_block);
void print_functional_type(Printer *p, Op *op);

#endif
