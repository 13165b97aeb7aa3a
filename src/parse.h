/* parse.h - reading MLIR/Triton IR text into the IR. */
#ifndef TTX_PARSE_H
#define TTX_PARSE_H

#include "diag.h"
#include "ir.h"

/* Parse src[0..len) (src[len] must be 0).  Line numbers start at first_line
 * (sections of a split file keep the line numbers of the whole file).
 * Returns the module (an implicit one wraps top-level ops other than a single
 * builtin.module), or NULL after reporting errors to d. */
Op *parse_module(Ctx *c, const char *file, const char *src, size_t len, int first_line, Diag *d);

/* parse a lone type or attribute from text, for tools and tests */
Type *parse_type_str(Ctx *c, const char *text);
Attr *parse_attr_str(Ctx *c, const char *text);

#endif
