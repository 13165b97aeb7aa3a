/* ir.h - the SSA IR of ttxform: context, types, attributes, ops, values,
 * blocks and regions.  Read this header first.
 *
 * Ownership: a Ctx owns one arena; every type, attribute, op, value, block
 * and region lives in it and dies with ctx_free().  Types, attributes and
 * affine expressions are interned, so equal means pointer-equal.
 */
#ifndef TTX_IR_H
#define TTX_IR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct Ctx Ctx;
typedef struct Type Type;
typedef struct Attr Attr;
typedef struct AExpr AExpr;
typedef struct Op Op;
typedef struct Value Value;
typedef struct Use Use;
typedef struct Block Block;
typedef struct Region Region;
typedef struct OpInfo OpInfo;
typedef struct Elem Elem;

/* ---- arena ---------------------------------------------------------- */
void *ctx_alloc(Ctx *c, size_t n);            /* zeroed, 8-byte aligned */
const char *ctx_intern(Ctx *c, const char *s, size_t n); /* unique copy */
const char *ctx_str(Ctx *c, const char *s);   /* intern a C string */

/* ---- source locations ----------------------------------------------- */
typedef struct Loc {
    uint32_t file;      /* file number (loc_file_id), 0 when none */
    int line, col;      /* 1-based; line 0 means unknown */
} Loc;

/* the file number of name (process-wide, the same for equal names; 0 for
 * NULL), and the name of a location's file (NULL when none) */
uint32_t loc_file_id(const char *name);
const char *loc_file(Loc l);
static inline Loc loc_at(uint32_t file, int line, int col) { Loc l = { file, line, col }; return l; }

/* ---- types ---------------------------------------------------------- */
typedef enum {
    T_INT, T_INDEX, T_FLOAT, T_NONE, T_FUNC, T_TENSOR, T_MEMREF, T_VECTOR,
    T_COMPLEX, T_TUPLE, T_PTR, T_OPAQUE
} TypeKind;

enum { SIGNLESS, SIGNED, UNSIGNED };

#define DYN (-1)        /* a dynamic dimension, printed '?' */

struct Type {
    TypeKind kind;
    unsigned hash;
    const char *alias;    /* `!name` when the input defined an alias for it */
    union {
        struct { int width, sign; } i;                 /* T_INT */
        struct { const char *name; int width; } f;     /* T_FLOAT: "f32", "bf16", "f8E5M2" */
        struct {                                       /* T_TENSOR, T_MEMREF, T_VECTOR */
            int rank;               /* -1: unranked (tensor<*xf32>) */
            const int64_t *dims;
            Type *elem;
            Attr *enc;              /* tensor encoding / memref layout, or NULL */
            Attr *space;            /* memref memory space, or NULL */
        } sh;
        struct { int nin, nout; Type *const *in, *const *out; } fn; /* T_FUNC */
        struct { int n; Type *const *elts; } tup;     /* T_TUPLE */
        Type *elem;                                    /* T_COMPLEX */
        struct { Type *pointee; int space; } ptr;      /* T_PTR: !tt.ptr<T, space> */
        struct { const char *name; const char *body; } opq; /* "!d.t", "<...>" or NULL */
    };
};

Type *type_int(Ctx *c, int width, int sign);
Type *type_index(Ctx *c);
Type *type_float(Ctx *c, const char *name);    /* NULL if not a float type name */
Type *type_none(Ctx *c);
Type *type_func(Ctx *c, int nin, Type *const *in, int nout, Type *const *out);
Type *type_shaped(Ctx *c, TypeKind k, int rank, const int64_t *dims, Type *elem,
                  Attr *enc, Attr *space);
Type *type_tensor(Ctx *c, int rank, const int64_t *dims, Type *elem);
Type *type_complex(Ctx *c, Type *elem);
Type *type_tuple(Ctx *c, int n, Type *const *elts);
Type *type_ptr(Ctx *c, Type *pointee, int space);
Type *type_opaque(Ctx *c, const char *name, const char *body);

bool type_is_int(const Type *t, int width);    /* width 0: any */
bool type_is_float(const Type *t);
bool type_is_shaped(const Type *t);
Type *type_elem(Type *t);                      /* element type of shaped, else t */
int64_t type_numel(const Type *t);             /* -1 if dynamic/unranked; 1 for scalars */
int type_float_width(const Type *t);

/* ---- affine expressions, maps and integer sets ---------------------- */
typedef enum { AE_CONST, AE_DIM, AE_SYM, AE_ADD, AE_MUL, AE_MOD, AE_FLOORDIV, AE_CEILDIV } AExprKind;

struct AExpr {
    AExprKind kind;
    unsigned hash;
    int64_t v;            /* constant value, or dim/sym position */
    AExpr *l, *r;
};

AExpr *ae_const(Ctx *c, int64_t v);
AExpr *ae_dim(Ctx *c, int pos);
AExpr *ae_sym(Ctx *c, int pos);
AExpr *ae_bin(Ctx *c, AExprKind k, AExpr *l, AExpr *r);   /* simplifies as MLIR does */
AExpr *ae_add(Ctx *c, AExpr *l, AExpr *r);
AExpr *ae_mul(Ctx *c, AExpr *l, AExpr *r);
AExpr *ae_neg(Ctx *c, AExpr *e);
AExpr *ae_sub(Ctx *c, AExpr *l, AExpr *r);

/* ---- attributes ----------------------------------------------------- */
typedef enum {
    A_UNIT, A_BOOL, A_INT, A_FLOAT, A_STRING, A_TYPE, A_ARRAY, A_DICT,
    A_DENSE, A_DENSE_ARRAY, A_SYMREF, A_AFFINE_MAP, A_INTEGER_SET,
    A_OPAQUE, A_LOC
} AttrKind;

typedef struct NamedAttr {
    const char *name;     /* interned */
    Attr *value;
} NamedAttr;

struct Attr {
    AttrKind kind;
    unsigned hash;
    const char *alias;    /* `#name` when the input defined an alias for it */
    Type *type;           /* A_INT/A_FLOAT value type; A_DENSE shaped type; A_DENSE_ARRAY element type; A_TYPE the type */
    union {
        int64_t i;                                      /* A_INT, A_BOOL */
        double f;                                       /* A_FLOAT */
        struct { const char *s; size_t len; } str;      /* A_STRING (raw bytes), A_OPAQUE/A_LOC (text) */
        struct { int n; Attr *const *elts; } arr;       /* A_ARRAY */
        struct { int n; const NamedAttr *ents; } dict;  /* A_DICT, sorted by name */
        struct { int n; Attr *const *elts; bool splat; } dense; /* A_DENSE: scalar A_INT/A_FLOAT/A_BOOL elements */
        struct { int n; const double *f; const int64_t *i; } darr; /* A_DENSE_ARRAY */
        struct { int n; const char *const *names; } sym;   /* A_SYMREF: @a::@b */
        struct { int ndims, nsyms, n; AExpr *const *res; } map;  /* A_AFFINE_MAP */
        struct { int ndims, nsyms, n; AExpr *const *cons; const bool *eq; } set; /* A_INTEGER_SET */
    };
};

Attr *attr_unit(Ctx *c);
Attr *attr_bool(Ctx *c, bool v);
Attr *attr_int(Ctx *c, Type *t, int64_t v);    /* value wrapped to t's width */
Attr *attr_float(Ctx *c, Type *t, double v);   /* value rounded to t */
Attr *attr_string(Ctx *c, const char *s, size_t n);
Attr *attr_type(Ctx *c, Type *t);
Attr *attr_array(Ctx *c, int n, Attr *const *elts);
Attr *attr_dict(Ctx *c, int n, const NamedAttr *ents);   /* sorts a copy */
Attr *attr_dense(Ctx *c, Type *shaped, int n, Attr *const *elts); /* n==1: splat */
Attr *attr_dense_array(Ctx *c, Type *elem, int n, const int64_t *iv, const double *fv);
Attr *attr_symref(Ctx *c, int n, const char *const *names);
Attr *attr_map(Ctx *c, int ndims, int nsyms, int n, AExpr *const *res);
Attr *attr_set(Ctx *c, int ndims, int nsyms, int n, AExpr *const *cons, const bool *eq);
Attr *attr_opaque(Ctx *c, const char *text);   /* #dialect.attr<...>, strided<...>, verbatim */
Attr *attr_loc(Ctx *c, const char *text);      /* the inside of loc(...), verbatim */
Attr *dict_get(Attr *dict, const char *name);
/* a copy of ents (n <= 8) that the context may hand out again for equal
 * contents: never write to it (an op's attrs and props are such arrays) */
NamedAttr *ctx_named_array(Ctx *c, int n, const NamedAttr *ents);

int64_t int_wrap(int64_t v, int width, int sign); /* truncate/extend to width */
double float_round(const Type *t, double v);      /* round to t's precision */

/* ---- values, uses --------------------------------------------------- */
struct Use {               /* an element of owner->opnds */
    Value *value;
    Op *owner;
    Use *prev, *next;     /* in value->uses */
};

struct Value {
    Type *type;           /* may be NULL for results of ops with unknown custom syntax */
    Op *def;              /* defining op, or NULL for block arguments */
    Use *uses;            /* list of uses */
};

/* A block argument (block_add_arg) and a parser placeholder are allocated
 * with their block, number, location and printer number after the Value; a
 * result is an element of its op's `res` array, which gives its number,
 * and has its op's location (value_loc) and `order` (value_pid), so that a
 * result costs 24 bytes. */
typedef struct ArgValue {
    Value v;
    Block *block;         /* owning block (NULL for a placeholder) */
    Loc loc;              /* where defined (or first used, while a forward reference) */
    int index;            /* argument number (-2: a placeholder forwarded to v.type) */
    int pid;
} ArgValue;

/* the block of a block argument; NULL for a result */
static inline Block *value_argblock(const Value *v) { return v->def ? NULL : ((const ArgValue *)v)->block; }
static inline Loc value_loc(const Value *v);
/* result number or argument number */
static inline int value_index(const Value *v);
static inline void value_set_argindex(Value *v, int i) { ((ArgValue *)v)->index = i; }
static inline void value_set_argloc(Value *v, Loc l) { if (!v->def) ((ArgValue *)v)->loc = l; }

/* the printer's number of v; below -1, a name of the printer's (print_names.c) */
static inline int value_pid(Ctx *c, const Value *v);
void value_set_pid(Ctx *c, Value *v, int pid);
int value_pid_each(Ctx *c, const Value *v);    /* value_pid of a result with pid_each */

/* a block argument's loc(...), kept on the side by the context (rare): NULL when none */
Attr *value_locattr(Ctx *c, const Value *v);
void value_set_locattr(Ctx *c, Value *v, Attr *a);

/* ---- ops ------------------------------------------------------------ */
/* trait bits, used in ops.def */
enum {
    TR_PURE = 1 << 0, TR_TERMINATOR = 1 << 1, TR_ELEMWISE = 1 << 2,
    TR_COMMUTATIVE = 1 << 3, TR_SIDE_EFFECT = 1 << 4, TR_ISOLATED = 1 << 5,
    TR_READ = 1 << 6, TR_SYMBOL = 1 << 7, TR_NO_TERMINATOR = 1 << 8,
    TR_CONSTANT = 1 << 9, TR_UNREGISTERED = 1 << 30
};

struct OpInfo {
    const char *name;     /* full name "arith.addi" */
    const char *format;   /* name of its custom format, "" for none */
    unsigned traits;
    int id;               /* OP_xxx from ops.def; -1 when unregistered */
};

enum {
#define OP(id, name, fmt, traits) OP_##id,
#include "ops.def"
#undef OP
    OP__COUNT
};

const OpInfo *opinfo_lookup(Ctx *c, const char *name); /* unregistered names get a fresh info */
const OpInfo *opinfo_byid(int id);

/* the rarely present parts of an op, allocated the first time one is set
 * (op_ext); read them through the accessors below, which answer NULL / 0
 * for an op without them */
typedef struct OpExt {
    Attr *locattr;        /* loc(...) text if present */
    Block **succs;
    int *succ_nargs;      /* operands forwarded to each successor: they are the op's trailing operands */
    Elem *custom;         /* element sequence when printed verbatim (custom syntax not decoded) */
    int nsuccs;
} OpExt;

struct Op {
    const OpInfo *info;
    Use *opnds;
    Value *res;
    NamedAttr *attrs;     /* nattrs attributes then nprops properties (<{...}>), each part
                             sorted by name with unique names; shared, never written */
    Region *regions;
    Block *block;         /* parent block */
    Op *prev, *next;
    OpExt *ext;           /* rare fields, NULL while none is set */
    Loc loc;
    int nopnds;
    int order;            /* position in the block, when a pass numbers them */
    unsigned mark;        /* scratch for the running pass (stale between passes: use pass_epoch()) */
    uint16_t nres, nattrs, nprops;   /* at most OP_MAX_COUNT each */
    uint8_t nregions;                /* at most OP_MAX_REGIONS */
    bool has_props : 1;
    bool verbatim : 1;    /* printed back from its custom elements (op_custom) */
    bool opnds_grown : 1; /* op_add_operand reallocated opnds (rewrite.c) */
    bool pid_each : 1;    /* printer: results after the first have numbers of their own (value_pid) */
};

static inline Loc value_loc(const Value *v) { return v->def ? v->def->loc : ((const ArgValue *)v)->loc; }
static inline int value_index(const Value *v) { return v->def ? (int)(v - v->def->res) : ((const ArgValue *)v)->index; }

static inline int value_pid(Ctx *c, const Value *v) {
    if (!v->def) return ((const ArgValue *)v)->pid;
    if (!v->def->pid_each || value_index(v) == 0) return v->def->order;
    return value_pid_each(c, v);
}

#define OP_MAX_COUNT 65535    /* results, attributes and properties of one op */
#define OP_MAX_REGIONS 255

static inline NamedAttr *op_props(const Op *op) { return op->attrs ? op->attrs + op->nattrs : NULL; }

/* the op's side part, allocated (zeroed) on first use */
OpExt *op_ext(Ctx *c, Op *op);
static inline Attr *op_locattr(const Op *op) { return op->ext ? op->ext->locattr : NULL; }
static inline int op_nsuccs(const Op *op) { return op->ext ? op->ext->nsuccs : 0; }
static inline Block **op_succs(const Op *op) { return op->ext ? op->ext->succs : NULL; }
static inline int *op_succ_nargs(const Op *op) { return op->ext ? op->ext->succ_nargs : NULL; }
static inline Elem *op_custom(const Op *op) { return op->ext ? op->ext->custom : NULL; }
/* NULL clears (and allocates nothing) */
void op_set_locattr(Ctx *c, Op *op, Attr *a);
void op_set_custom(Ctx *c, Op *op, Elem *e);
/* n successors: the arrays are the op's from now on */
void op_set_succs(Ctx *c, Op *op, int n, Block **succs, int *succ_nargs);

struct Block {
    Region *region;
    Block *prev, *next;
    Value **args; int nargs, capargs;
    Op *first, *last;
    const char *name;     /* source label, parser bookkeeping */
    bool defined;         /* parser: label seen (false while only referenced) */
    Loc loc;
    int pid;              /* printer: ^bbN */
};

struct Region {
    Op *op;               /* parent op */
    Block *first, *last;
};

/* the custom-syntax element sequence, kept for ops whose format is not decoded */
typedef enum {
    E_PUNCT,      /* ( ) [ ] < > , : = -> * + - ? etc: text */
    E_WORD,       /* bare keyword or op name used as a keyword */
    E_USE,        /* SSA use: operand index `opnd` (with #n suffix in text for results groups) */
    E_DEF,        /* SSA definition of a region argument: val */
    E_ATTR,       /* attribute */
    E_TYPE,       /* type */
    E_REGION,     /* region index `region` */
    E_SUCC,       /* successor block index `succ` */
    E_INT,        /* integer literal text */
    E_FLOAT,      /* float literal text */
    E_STRING      /* string literal, text with quotes */
} ElemKind;

struct Elem {
    ElemKind kind;
    bool space;           /* whitespace preceded it in the source */
    const char *text;
    Attr *attr;
    Type *type;
    Value *val;
    int idx;
    Loc loc;
    Elem *next;
};

/* ---- context -------------------------------------------------------- */
Ctx *ctx_new(void);
void ctx_free(Ctx *c);
size_t ctx_bytes(const Ctx *c);    /* arena bytes in use */
/* shared mode: threads may rewrite disjoint isolated ops (functions) at
 * once; each worker calls ctx_thread_done before it ends.  Op-table lookups
 * and interning are serialised; anything else a pass shares is its business */
void ctx_share(Ctx *c, bool on);
void ctx_thread_done(Ctx *c);

/* aliases recorded by the parser: `#name = attr`, `!name = type`; printed back */
typedef struct Alias { const char *name; Attr *attr; Type *type; struct Alias *next; } Alias;
void ctx_add_alias(Ctx *c, const char *name, Attr *a, Type *t);
Alias *ctx_aliases(Ctx *c);
void ctx_remove_alias(Ctx *c, const char *name);
bool ctx_has_affine(Ctx *c);            /* some affine map or integer set exists */
void ctx_set_generated_alias(Ctx *c, Attr *a, const char *name);  /* printer-made #mapN */
void ctx_clear_generated_aliases(Ctx *c);
const char *ctx_alias_name_attr(Ctx *c, const Attr *a);
const char *ctx_alias_name_type(Ctx *c, const Type *t);
/* the printer's value names: a Value.pid below -1 stands for a name */
int ctx_add_pname(Ctx *c, const char *name);
/* room for extra more names before threads add them: until ctx_share(c,
 * false), ctx_pname then reads without the lock */
void ctx_reserve_pnames(Ctx *c, size_t extra);
/* Values a caller makes once per context (interned names, attributes): a
 * slot each, NULL until set; threads may race to set the same value. */
enum { CTX_MEMO_ARITH_OVF_NAME, CTX_MEMO_ARITH_FM_NAME, CTX_MEMO_ARITH_OVF_NONE, CTX_MEMO_ARITH_FM_NONE, CTX_MEMO_SLOTS };
void *ctx_memo(Ctx *c, int slot);
void ctx_memo_set(Ctx *c, int slot, void *v);     /* the pid for name */
const char *ctx_pname(Ctx *c, int pid);          /* NULL for a number (pid >= -1) */
void ctx_set_trailer(Ctx *c, const char *text);  /* {-# ... #-} file metadata, kept verbatim */
const char *ctx_trailer(Ctx *c);

/* ---- construction and rewriting (rewrite.c) ------------------------- */
Op *op_new(Ctx *c, const char *name, int nres, Type *const *restypes,
           int nopnds, Value *const *opnds, int nregions, Loc loc);
void op_set_operand(Op *op, int i, Value *v);
void op_add_operand(Ctx *c, Op *op, Value *v);
void op_remove_operand(Op *op, int i);
Value *op_operand(const Op *op, int i);
Value *op_result(Op *op, int i);
Attr *op_attr(const Op *op, const char *name);  /* looks in attrs then props */
/* op_attr, or for an op kept verbatim the entry of its attribute dictionary */
Attr *op_attr_any(Op *op, const char *name);
/* an integer (or bool) attribute; false when absent or of another kind */
bool op_attr_int(Op *op, const char *name, int64_t *v);
/* a dense integer array or an array of integers, at most max values into out;
 * their number, or -1 when absent, not integers, or longer than max */
int op_attr_ints(Op *op, const char *name, int64_t *out, int max);
/* the n operand group sizes of operandSegmentSizes, or NULL when absent, of
 * another length, or not adding up to the op's operands */
const int64_t *op_segment_sizes(Op *op, int n);
void op_set_attr(Ctx *c, Op *op, const char *name, Attr *a);   /* NULL removes */
void op_set_prop(Ctx *c, Op *op, const char *name, Attr *a);
/* the same with a name interned in c already (ctx_str, an attribute's name):
 * no lookup of the name */
void op_set_attr_interned(Ctx *c, Op *op, const char *name, Attr *a);
void op_set_prop_interned(Ctx *c, Op *op, const char *name, Attr *a);
static inline bool op_is(const Op *op, int id) { return op && op->info->id == id; }
/* the operand index of u in its owner (uses are the owner's operand array) */
static inline int use_index(const Use *u) { return (int)(u - u->owner->opnds); }
/* a hash of a pointer, for the pointer-keyed open-addressing tables of the
 * passes, the interpreter and the C target (mask it to the table size) */
static inline size_t ptr_hash(const void *p) {
    uint64_t x = (uint64_t)(uintptr_t)p;
    x ^= x >> 29;
    x *= 0x9E3779B97F4A7C15ull;
    return (size_t)(x >> 17);
}
const char *op_name(const Op *op);

Block *block_new(Ctx *c);
Value *block_add_arg(Ctx *c, Block *b, Type *t, Loc loc);
void block_erase_arg(Block *b, int i);    /* the argument must be unused */
void region_append_block(Region *r, Block *b);
void region_insert_block_after(Region *r, Block *pos, Block *b);
void block_unlink(Block *b);
Op *block_terminator(Block *b);

void op_insert_before(Op *pos, Op *op);
void op_insert_after(Op *pos, Op *op);
void op_append(Block *b, Op *op);
void op_prepend(Block *b, Op *op);
void op_unlink(Op *op);
void op_erase(Op *op);                       /* unlink, drop all operand uses recursively */
void op_drop_uses(Op *op);                   /* drop this op's (and nested) operand uses */
void value_replace_all_uses(Value *from, Value *to);
int value_num_uses(const Value *v);
bool value_has_uses(const Value *v);
bool op_results_unused(const Op *op);
Op *op_clone(Ctx *c, Op *op);                /* deep copy, uses remapped inside the clone */
Op *op_parent(const Op *op);                 /* the op whose region holds op, or NULL */
bool op_is_ancestor(const Op *anc, const Op *op);
Op *module_new(Ctx *c);
Block *module_body(Op *module);
int64_t module_num_threads(Op *op);          /* the enclosing module's tt.num_threads (> 0), else 1 */

typedef bool (*OpWalkFn)(Op *op, void *ud);  /* return false to stop */
bool op_walk(Op *op, OpWalkFn fn, void *ud); /* pre-order, nested regions included */

/* a growable vector of pointers, used everywhere */
typedef struct PtrVec { void **v; int n, cap; } PtrVec;
void pv_push(PtrVec *p, void *x);
void pv_free(PtrVec *p);

#endif
