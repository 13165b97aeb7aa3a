/* format_lib.h - what a dialect's formats (dialects/) are written with: a
 * matcher over an op's custom-form elements, the printing pieces the
 * formats share, and the shared pieces of the Spyre, ktdp, tensor and
 * linalg formats (mixed static/SSA lists, operand segments, types written
 * without their dialect prefix). */
#ifndef TTX_FORMAT_LIB_H
#define TTX_FORMAT_LIB_H

#include "format.h"
#include "print.h"

/* ---- the matcher: each takes what it names at d->e or leaves d->e ---- */
bool is_tok(const Elem *e, const char *s);   /* e is the punctuation or word s */
bool eat(Dec *d, const char *s);
bool at_end(Dec *d);
Elem *use_elem(Dec *d);
Type *type_el(Dec *d);
Type *shaped_el(Dec *d);                     /* a tensor, memref or vector type */
Attr *dict_opt(Dec *d);                      /* an attribute dictionary */
Attr *attr_el(Dec *d);
int region_el(Dec *d);                       /* the region's index, -1 if none */
Elem *def_el(Dec *d);
int uses(Dec *d, Elem **first);              /* comma-separated uses; the count (may be 0) */
bool uses_n(Dec *d, int n);                  /* exactly n comma-separated uses */
int uses_upto(Dec *d, int min, int max);     /* min..max comma-separated uses; the count or -1 */
bool no_uses(Dec *d);                        /* the op takes no operands (else an error at the first) */
Type *func_type_el(Dec *d);                  /* a function type (T, U) -> R */
Type *any_type(Dec *d);                      /* a type, or a function type written as elements */
int types(Dec *d, Type **out, int max);      /* comma-separated types (at least one) */
int types_for(Dec *d, Type **out, int max, int n);   /* the types of n operands; the count or -1 (error noted) */
int typed_group(Dec *d, int first);          /* (%a, %b : T, U) typing operands first..; the count or -1 */
bool int_lit(Dec *d, int64_t *v);            /* an integer literal, maybe negative */
int int_list(Dec *d, int64_t *v, int max);   /* [1, 0, 2]; the count or -1 */
#define KDYN INT64_MIN     /* MLIR's ShapedType::kDynamic in static_* arrays */
int mixed_list(Dec *d, int64_t *v, int max, int *ndyn);   /* [%a, 4, %b]: KDYN for each use, *ndyn counts them */
char *group_text(Dec *d, bool alias);        /* the text of an angle group, `<...>` (malloc'd) */
/* a type of dialect `name` (such as "!ktdp.access_tile"), written in full or
 * with the prefix stripped, `<...>`; `like` is a type the value already has */
Type *dialect_type(Dec *d, const char *name, Type *like);
Type *ptr_type(Dec *d);                      /* !tt.ptr<T> written in full or as `<T>` / `<T, N>` */

/* ---- what the syntax says about the op ----------------------------- */
Value *opnd(Dec *d, int i);
void want_type(Dec *d, int i, Type *t);      /* operand i has type t (an error if it has another) */
void set_res(Op *op, int i, Type *t);
void merge_attrs(Dec *d, Attr *dict);
void bind_error(Dec *d, int n);              /* the syntax gives n results, the op binds another number */
bool results_n(Dec *d, int n);               /* the syntax gives n results (unbound ones are made; else bind_error) */
bool fail_at(Dec *d, const Elem *e, const char *msg);   /* a located error at e (NULL: the end); false */
bool counts_match(Dec *d, const Elem *at, int nuses, int ntypes);   /* else `N operands present, but expected M` */
void want_el(Dec *d, const char *what);       /* note that `what` was expected at d->e */
void decode_error(Dec *d);                   /* report the furthest failure noted */
Region *add_region(Ctx *c, Op *op);          /* give op a region (it was written without one) */
Type *i1_like(Ctx *c, Type *t);              /* i1, or t's shape of i1 */
Type *i32t(Ctx *c);
Type *i64t(Ctx *c);
Attr *i64_array(Ctx *c, int n, const int64_t *v);
Attr *segments(Ctx *c, int n, const int64_t *v);   /* an operandSegmentSizes value */
const int64_t *segs_of(Op *op, int n);       /* the op's n operand segment sizes, or NULL */
const int64_t *darr_i64(Op *op, const char *name, int *n);
int count_dyn(const int64_t *v, int n);
bool is_dialect_type(const Type *t, const char *name);

/* ---- printing ------------------------------------------------------ */
static inline void P(Printer *p, const char *s) { print_str(p, s); }
void print_name(Printer *p, Op *op);
void print_operands(Printer *p, Op *op, int from, int to);
void print_types_of_values(Printer *p, Op *op, int from, int to);
void print_attrs(Printer *p, Op *op, const char *const *elide, int n);   /* properties and attributes, sorted, in one dictionary */
void pr_int(Printer *p, int64_t v);
void pr_opnd_head(Printer *p, Op *op);       /* "NAME %a attr-dict : " (the op's first operand) */
void pr_indexed(Printer *p, Op *op, int from, int to);   /* "NAME %a[%b, ...]": operand 0, then from..to in brackets */
void pr_int_list(Printer *p, const int64_t *v, int n);
void pr_mixed(Printer *p, Op *op, const int64_t *v, int n, int *next);   /* [%a, 4, %b] from operands *next on */
void pr_stripped(Printer *p, Type *t, const char *name);   /* a dialect type without its prefix when allowed */
void pr_ptr_stripped(Printer *p, Type *t);

#endif
