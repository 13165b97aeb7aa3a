/* verify.h - what a dialect tells the verifier (verify.c).
 *
 * A dialect registers one VerifyDialect: its name, the ops it defines that
 * the op table (ops.def) does not model (they are kept as written, like an
 * op of an unregistered dialect, but are not errors), and one VerifyRule per
 * op it checks.  An op whose dialect is registered but whose name is in
 * neither list is an error (`custom op 'arith.frobnicate' is unknown`); an op
 * of a dialect nobody registered is an error unless
 * verify_allow_unregistered(true) (--allow-unregistered-dialect).
 *
 * A rule gives the op's operands and results as strings of type classes, one
 * character per operand or result (see VERIFY_CLASSES below), each optionally
 * followed by '?' (0 or 1 of it) or '*' (any number); `flags` adds traits
 * checked across operands and results (VR_*), and `check` the op's own
 * verifier, run when everything else holds.  Messages follow MLIR's ODS
 * verifier: `'arith.addf' op operand #0 must be floating-point-like, but got
 * 'i32'`.  The tables of the dialects ttxform knows today are in
 * verify_rules.c; each moves to its dialect's file under dialects/ as that
 * file calls verify_register_dialect at start-up. */
#ifndef TTX_VERIFY_H
#define TTX_VERIFY_H

#include <stdbool.h>

#include "diag.h"
#include "ir.h"

typedef struct VerifyCtx VerifyCtx;

/* the type classes: X(char, name, MLIR's description) */
#define VERIFY_CLASSES(X) \
    X('a', ANY,        "any type") \
    X('i', SINT_LIKE,  "signless-integer-like") \
    X('w', SFIXED_LIKE,"signless-fixed-width-integer-like") \
    X('f', FLOAT_LIKE, "floating-point-like") \
    X('b', BOOL_LIKE,  "bool-like") \
    X('x', INDEXCAST,  "signless-integer-like or memref of signless-integer") \
    X('1', I1,         "1-bit signless integer") \
    X('n', INDEX,      "index") \
    X('N', SINT_INDEX, "signless integer or index") \
    X('F', TT_FLOAT,   "floating-point or ranked tensor of floating-point values") \
    X('I', TT_INT,     "integer or ranked tensor of integer values") \
    X('B', TT_BOOL,    "1-bit signless integer or ranked tensor of 1-bit signless integer values") \
    X('3', TT_I32,     "32-bit signless integer or ranked tensor of 32-bit signless integer values") \
    X('6', TT_I64,     "64-bit signless integer or ranked tensor of 64-bit signless integer values") \
    X('P', TT_PTR,     "ptr or ranked tensor of ptr values") \
    X('R', TT_TENSOR,  "ranked tensor of floating-point values or ranked tensor of integer values or ranked tensor of ptr values") \
    X('T', TT_TYPE,    "floating-point or ranked tensor of floating-point values or integer or ranked tensor of integer values or ptr or ranked tensor of ptr values or ptr") \
    X('Q', TT_TPTR,    "ptr") \
    X('t', TENSOR,     "tensor of any type values") \
    X('r', RTENSOR,    "ranked tensor of any type values") \
    X('m', MEMREF,     "memref of any type values") \
    X('s', SHAPED,     "ranked tensor of any type values or memref of any type values")

/* traits checked across an op's operands and results */
enum {
    VR_SAME_TYPE = 1 << 0,            /* SameOperandsAndResultType */
    VR_SAME_OPERANDS_TYPE = 1 << 1,   /* SameTypeOperands */
    VR_SAME_SHAPE = 1 << 2,           /* SameOperandsAndResultShape */
    VR_SAME_ELEM = 1 << 3,            /* SameOperandsAndResultElementType */
    VR_SAME_OPERANDS_SHAPE = 1 << 4,  /* SameOperandsShape */
    VR_CAST_SHAPE = 1 << 5,           /* arith casts: the same tensor dimensions */
    VR_VERBATIM_TOO = 1 << 6,         /* check the op also when its custom syntax was kept verbatim */
};

typedef struct VerifyRule {
    const char *op;                   /* full name: "arith.addi" */
    const char *opnds, *res;          /* type classes, see above; NULL: not checked */
    unsigned flags;                   /* VR_* */
    void (*check)(VerifyCtx *v, Op *op);
} VerifyRule;

typedef struct VerifyDialect {
    const char *name;                 /* "arith" */
    const char *const *other_ops;     /* full names, NULL-terminated; may be NULL */
    const VerifyRule *rules;          /* ended by a rule whose op is NULL; may be NULL */
} VerifyDialect;

/* add a dialect (before the first verify_module; the table is not copied) */
void verify_register_dialect(const VerifyDialect *d);
/* keep ops of unregistered dialects (--allow-unregistered-dialect) */
void verify_allow_unregistered(bool on);

/* for rules' check functions: an error at op, "'NAME' op " + the message */
void verify_error(VerifyCtx *v, Op *op, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* a type as text for a message (one of four rotating buffers) */
const char *verify_type_str(VerifyCtx *v, Type *t);
Ctx *verify_ctx(VerifyCtx *v);
/* Threads for verifying a module of many top-level ops: 0 (the default) one
 * per CPU up to 8, 1 serial.  What is reported is the same either way. */
void verify_set_threads(int n);
/* the most threads a verification of the calling thread has used (1: serial only) */
int verify_most_threads(void);
/* does t belong to the class written as character k? */
bool verify_type_in_class(const Type *t, char k);

/* the tables of verify_rules.c, registered by verify.c itself */
extern const VerifyDialect *const verify_builtin_dialects[];

#endif
