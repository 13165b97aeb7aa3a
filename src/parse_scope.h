/* parse_scope.h - SSA names, scopes and block labels of the reader
 * (parse_scope.c), used by the builder in parse.c. */
#ifndef TTX_PARSE_SCOPE_H
#define TTX_PARSE_SCOPE_H

#include "parse_impl.h"

#define MAX_RESULTS (1 << 16)   /* results of one op, result numbers of a use */

typedef struct SName { const char *s; int len; unsigned hash; } SName;

Scope *ps_scope_push(PState *ps, bool isolated, Region *r, OpB *owner);
/* at the end of a region: unresolved names move out, or are errors */
void ps_scope_close(PState *ps, Scope *s);
void ps_scope_free(PState *ps, Scope *s);
void ps_scope_pool_free(PState *ps);          /* the name entry pool, at the end */
/* split "%name#3" into "name" (pointing into s) and index 3 (-1 if out of range) */
SName ps_ssa_name(PState *ps, const char *s, int len, int *idx);
/* resolve a use of "%name#idx" in the visible scopes (a placeholder when not defined yet) */
Value *ps_resolve_use(PState *ps, Scope *from, const char *text, int len, Loc l);
/* define %name (n contiguous values from first) in the current scope */
void ps_define_name(PState *ps, SName name, Value *first, int n, Loc l);
/* the value a replaced placeholder was forwarded to */
Value *ps_chase(Value *v);
/* a value reached through a name is given a type by a use; check agreement */
void ps_check_use_type(PState *ps, Value *v, Type *t, const char *name, Loc l);
/* the block labelled by t in the current region (made on first sight) */
Block *ps_block_ref(PState *ps, Token *t, bool def);

#endif
