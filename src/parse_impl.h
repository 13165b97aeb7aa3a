/* parse_impl.h - the builder the lemon grammar (grammar/ttir.y) calls into. */
#ifndef TTX_PARSE_IMPL_H
#define TTX_PARSE_IMPL_H

#include "../grammar/lexer.h"
#include "diag.h"
#include "ir.h"
#include "parse.h"

typedef struct NameEnt {          /* an SSA name: %x, or %x:N */
    const char *name;             /* without '%', not NUL-terminated: text of the source or an element */
    int len;
    unsigned hash;
    Value *first;                 /* defined: results first..first+n-1 (contiguous) */
    Value **vals; int n;          /* forward: placeholders */
    bool fwd;                     /* only referenced so far */
    Loc loc;                      /* first use, for errors */
    struct NameEnt *next;         /* hash chain */
} NameEnt;

typedef struct Scope {            /* one per region */
    struct Scope *parent;
    bool isolated;
    NameEnt **tab; int cap, n;
    NameEnt **order; int norder, caporder;   /* insertion order, for deterministic errors */
    Region *region;
    PtrVec blocks;                /* Block* known by label in this region */
    Elem **cands; int ncands;     /* implicit entry-block argument candidates */
    struct OpB *owner;
    bool started;                 /* first op or label seen */
} Scope;

typedef struct ResName { Token tok; int count; } ResName;

typedef struct SMark { void *chunk; size_t used; } SMark;

typedef struct OpB {              /* an op under construction */
    struct OpB *up;
    SMark mark;                   /* scratch memory in use when the op began */
    const char *name;
    Loc loc;
    bool generic;
    ResName *res; int nres, capres;
    Elem *head, **tail, *resolved_upto;  /* custom-form elements */
    Elem *since_region;           /* first element after the last region */
    PtrVec regions;               /* Region* */
    PtrVec opnds;                 /* generic: Value* */
    PtrVec opnd_toks;             /* generic: Token* */
    PtrVec succs;                 /* generic: Block* */
    int *succ_nargs; int capsn;
    PtrVec succ_types;
    Attr *props, *attrs, *locattr;
    bool has_props;
    int depth;                    /* element group depth */
} OpB;

typedef struct PState {
    Ctx *ctx;
    Diag *diag;
    uint32_t file;                /* loc_file_id of the input's name */
    const char *src;              /* start of the text being parsed */
    Token last;                   /* the token being fed */
    int elems_sym[4];             /* the grammar's codes of custom_elems, paren_, bracket_, angle_elems; -1 unknown */
    bool failed;
    bool piece;                   /* a piece of a module body (parse_par.c): no aliases, no metadata */
    Scope *scope;
    OpB *op;                      /* innermost op under construction */
    Block *block;                 /* where finished ops go */
    PtrVec blockstack;
    Block *top;                   /* the file's top-level block */
    PtrVec lists;                 /* stack of PtrVec* for attribute lists */
    PtrVec dicts;                 /* stack of PtrVec* (NamedAttr*) */
    PtrVec typestack;             /* stack of PtrVec* of types */
    PtrVec dims; int ndims_mark;  /* dims of the shaped type being read */
    PtrVec dimstack;
    /* affine */
    const char **anames; int nanames, capan, ndims;
    bool in_syms;
    AExpr **aexprs; bool *aeq; int naexprs, capae;
    PtrVec functypes;             /* stack: each a pair of PtrVec* */
    Loc numloc;                   /* the last number literal */
    Type *darr_type;              /* element type of the array<T: ...> being read */
    Loc *dleaf; int ndleaf, capdleaf;   /* dense literal: leaf locations in order */
    Loc *dlist; int ndlist, capdlist;   /* dense literal: list locations in order */
    Loc dyndim;                   /* the last '?' dimension */
    /* syntax error context, kept by the driver */
    int prev;                     /* previous token kind */
    int brk[64]; Loc brkloc[64]; int nbrk;   /* open brackets (innermost 64) */
    int nbrk_total;
    bool in_results;
    int gphase[64]; int gdepth[64]; int ngen; /* generic ops being read */
    int gphase_before;
    void *scratch;                /* chunks for elements of ops being read */
    NameEnt *ne_free;             /* recycled name entries */
    void *ne_chunks;
    OpB *ob_free;                 /* recycled op builders */
    Type *f32, *index;            /* the commonest type keywords, once looked up */
    Type *ints[65];               /* signless iN, N <= 64 */
    int top_before;               /* innermost open bracket before the current token */
    ResName *pres; int npres, cappres;   /* results named before the op name */
    /* interned token texts, direct-mapped: most tokens repeat (punctuation,
     * op names, types, `%0`...), and a hit costs no hash table probe */
    struct TCache *tcache;        /* NULL outside parse_module: no cache */
} PState;

/* ctx_intern of a token's text, through the cache */
const char *ps_intern(PState *ps, const char *s, int len);

/* grammar actions */
void ps_syntax_error(PState *ps, Token *t, int major);
int ps_int_token(PState *ps, Token *t);
void ps_alias_attr(PState *ps, Token *n, Attr *a);
void ps_alias_type(PState *ps, Token *n, Type *t);
void ps_file_meta(PState *ps, Token *t);
void ps_op_begin(PState *ps, Token *name, bool generic);
void ps_op_end(PState *ps);
void ps_result(PState *ps, Token *t, int count);
void ps_generic_end(PState *ps, Type *ft, Token *colon);
void ps_g_operand(PState *ps, Token *t);
void ps_g_succ(PState *ps, Token *t);
void ps_g_succ_operand(PState *ps, Token *t);
void ps_g_succ_type(PState *ps, Type *t);
void ps_g_succ_end(PState *ps);
void ps_g_props(PState *ps, Attr *d);
void ps_g_attrs(PState *ps, Attr *d);
void ps_g_loc(PState *ps, Token *t);
void ps_e_close(PState *ps, Token *t);
void ps_e_open(PState *ps, Token *t);
void ps_e_word(PState *ps, Token *t);
void ps_e_use(PState *ps, Token *t);
void ps_e_succ(PState *ps, Token *t);
void ps_e_lit(PState *ps, Token *t);
void ps_e_punct(PState *ps, Token *t);
void ps_e_loc(PState *ps, Token *t);
void ps_e_type(PState *ps, Token *start, Type *t);
void ps_e_attr(PState *ps, Token *start, Attr *a);
void ps_e_dense(PState *ps, Token *start, Attr *lit);
Attr *ps_alias_ref(PState *ps, Token *t);
Attr *ps_opaque_attr(PState *ps, Token *t);
Attr *ps_dense_array(PState *ps, Type *t, Attr *list);
void ps_region_begin(PState *ps);
void ps_region_end(PState *ps);
void ps_block_begin(PState *ps, Token *t);
void ps_block_arg(PState *ps, Token *v, Type *t, Token *loc);
Type *ps_type_kw(PState *ps, Token *t);
void ps_dims_begin(PState *ps);
void ps_dim(PState *ps, Token *t);
Type *ps_shaped_end(PState *ps, Token *kw, Token *close, Type *elem, Attr *a, Attr *b);
void ps_types_begin(PState *ps);
void ps_types_push(PState *ps, Type *t);
Type *ps_tuple_end(PState *ps);
Type *ps_dialect_type(PState *ps, Token *t);
Type *ps_type_alias_ref(PState *ps, Token *t);
void ps_functype_begin(PState *ps);
void ps_functype_results_begin(PState *ps);
Type *ps_functype_end(PState *ps);
Attr *ps_typed_number(PState *ps, Attr *n, Type *t);
Attr *ps_default_number(PState *ps, Attr *n);
Attr *ps_string_attr(PState *ps, Token *t);
Attr *ps_symref(PState *ps, Attr *prefix, Token *t);
Attr *ps_dense(PState *ps, Attr *lit, Type *t, Token *kw, Token *colon);
void ps_dense_begin(PState *ps);
void ps_dense_leaf(PState *ps);
void ps_dense_list(PState *ps, Token *t);
void ps_num_loc(PState *ps, Token *t);
void ps_darr_item(PState *ps, Attr *n);
Attr *ps_bare_attr(PState *ps, Token *t);
Attr *ps_loc_attr(PState *ps, Token *t);
Attr *ps_number(PState *ps, Token *t, bool neg);
void ps_list_begin(PState *ps);
void ps_list_push(PState *ps, Attr *a);
Attr *ps_array_end(PState *ps);
void ps_dict_begin(PState *ps);
void ps_dict_put(PState *ps, Token *k, Attr *a);
Attr *ps_dict_end(PState *ps);
void ps_affine_begin(PState *ps);
void ps_affine_dims_end(PState *ps);
void ps_affine_id(PState *ps, Token *t);
void ps_affine_push(PState *ps, AExpr *e, bool eq);
AExpr *ps_affine_name(PState *ps, Token *t);
AExpr *ps_affine_mul(PState *ps, AExpr *a, AExpr *b, Token *op);
AExpr *ps_affine_div(PState *ps, AExprKind k, AExpr *a, AExpr *b, Token *op);
Attr *ps_affine_map_end(PState *ps);
Attr *ps_affine_set_end(PState *ps);

/* shared with format.c: typing an untyped dense literal */
Attr *dense_from_literal(Ctx *c, Attr *lit, Type *t, const char **err);
/* the same, reporting which leaf (*leaf) or list (*list) is wrong, -1 if neither */
Attr *dense_from_literal_at(Ctx *c, Attr *lit, Type *t, const char **err, int *leaf, int *list);
char *unescape_string(Ctx *c, const char *s, int len, size_t *outlen);

/* the reader proper (parse.c) and its threaded driver (parse_par.c) */
typedef struct ParseSkip { const char *from, *to; int to_line; } ParseSkip;
Block *parse_text(Ctx *c, const char *file, const char *src, size_t len, int first_line, Diag *d,
                  const ParseSkip *skip, int depth);
Op *parse_wrap_module(Ctx *c, Block *top);
void parse_progress_get(ParseProgressFn *fn, void **ud);
/* the module read on several threads, or NULL when that does not apply or
 * anything was reported (the caller then reads it serially) */
Op *parse_module_par(Ctx *c, const char *file, const char *src, size_t len, int first_line, Diag *d);

/* shared by parse.c and parse_attr.c */
static inline Loc tok_loc(PState *ps, const Token *t) { return loc_at(ps->file, t->line, t->col); }
Loc ps_loc_after(PState *ps, Token *t);      /* the position just past token t */
void *ps_xcalloc(size_t n, size_t s);
void ps_perr(PState *ps, Loc l, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
char *ps_tok_str(const Token *t, char *buf, size_t n);
int ps_hexv(int c);

#endif
