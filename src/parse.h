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

/* While parse_module reads a long text, fn(ud, src, upto) is called each
 * time the lexer has gone a few MiB further: the text before upto has been
 * read.  A caller whose text is a file mapping drops those pages there, so
 * that the text and the IR built from it are not both resident (the reader
 * may still look back at a name: the kernel reads such a page in again).
 * The hook is the calling thread's; NULL turns it off. */
typedef void (*ParseProgressFn)(void *ud, const char *src, const char *upto);
void parse_set_progress(ParseProgressFn fn, void *ud);

/* Threads for reading a large module (1 MiB or more, one module of many
 * top-level ops): 0 (the default) one per CPU up to 8, 1 serial.  The IR
 * and every diagnostic are the same either way. */
void parse_set_threads(int n);
/* the threads the calling thread's last parse_module read on (1: serially) */
int parse_last_threads(void);

/* parse a lone type or attribute from text, for tools and tests */
Type *parse_type_str(Ctx *c, const char *text);
Attr *parse_attr_str(Ctx *c, const char *text);

#endif
