/* verify_rules.c - the verifier's rules of the dialects ttxform knows: for
 * each op its operand and result type classes, traits and own check (the
 * format is in verify.h).  The classes and messages are those of the ops'
 * definitions in MLIR (arith, math, scf, cf, func, tensor, memref), Triton
 * (tt) and the KTIR spec (ktdp).  Each dialect's table is plain data; when
 * the dialects move to dialects/, each takes its table along and registers
 * it with verify_register_dialect. */
#include <string.h>

#include "verify.h"

static Type *opty(Op *op, int i) { Value *x = op_operand(op, i); return x ? x->type : NULL; }
static Type *resty(Op *op, int i) { return i < op->nres ? op->res[i].type : NULL; }
static int bits(Type *t) {
    t = type_elem(t);
    if (!t) return -1;
    if (t->kind == T_INT) return t->i.width;
    if (t->kind == T_FLOAT) return type_float_width(t);
    if (t->kind == T_INDEX) return 64;
    return -1;
}
static bool shape_eq(Type *a, Type *b) {
    if (!type_is_shaped(a) || !type_is_shaped(b) || a->sh.rank != b->sh.rank) return false;
    for (int i = 0; i < a->sh.rank; i++) if (a->sh.dims[i] != b->sh.dims[i]) return false;
    return true;
}

/* ---- builtin, func -------------------------------------------------- */
static const VerifyRule builtin_rules[] = {
    { "builtin.module", "", "", 0, NULL },
    { "builtin.unrealized_conversion_cast", "a*", "a*", 0, NULL },
    { NULL, NULL, NULL, 0, NULL },
};
static const VerifyDialect builtin_dialect = { "builtin", NULL, builtin_rules };

static const char *const func_other[] = { "func.call_indirect", "func.constant", NULL };
static const VerifyRule func_rules[] = {
    { "func.func", "", "", 0, NULL },
    { "func.return", "a*", "", 0, NULL },
    { "func.call", "a*", "a*", 0, NULL },
    { NULL, NULL, NULL, 0, NULL },
};
static const VerifyDialect func_dialect = { "func", func_other, func_rules };

/* ---- arith ---------------------------------------------------------- */
/* extension and truncation: the result strictly wider (narrower) */
static void cast_incompatible(VerifyCtx *v, Op *op) {
    verify_error(v, op, "operand type '%s' and result type '%s' are cast incompatible", verify_type_str(v, opty(op, 0)), verify_type_str(v, resty(op, 0)));
}
static void check_ext(VerifyCtx *v, Op *op) { if (bits(resty(op, 0)) <= bits(opty(op, 0))) cast_incompatible(v, op); }
static void check_trunc(VerifyCtx *v, Op *op) { if (bits(resty(op, 0)) >= bits(opty(op, 0))) cast_incompatible(v, op); }
/* index_cast: index to integer or integer to index */
static void check_index_cast(VerifyCtx *v, Op *op) {
    Type *a = type_elem(opty(op, 0)), *b = type_elem(resty(op, 0));
    if (!a || !b || (a->kind == T_INDEX) == (b->kind == T_INDEX)) cast_incompatible(v, op);
}
static void check_bitcast(VerifyCtx *v, Op *op) { if (bits(resty(op, 0)) != bits(opty(op, 0))) cast_incompatible(v, op); }
static void check_select(VerifyCtx *v, Op *op) {
    Type *r = resty(op, 0);
    if (opty(op, 1) != r || opty(op, 2) != r) { verify_error(v, op, "failed to verify that all of {true_value, false_value, result} have same type"); return; }
    Type *c = opty(op, 0);
    if (type_is_shaped(c) && !shape_eq(c, r))
        verify_error(v, op, "expected condition type to have the same shape as the result type, expected '%s', but got '%s'", verify_type_str(v, r), verify_type_str(v, c));
}

#define INT2(n) { "arith." n, "ii", "i", VR_SAME_TYPE, NULL }
#define FLT2(n) { "arith." n, "ff", "f", VR_SAME_TYPE, NULL }
static const char *const arith_other[] = { "arith.addui_extended", "arith.mulsi_extended", "arith.mului_extended", NULL };
static const VerifyRule arith_rules[] = {
    { "arith.constant", "", "a", 0, NULL },
    INT2("addi"), INT2("subi"), INT2("muli"), INT2("divsi"), INT2("divui"), INT2("ceildivsi"),
    INT2("ceildivui"), INT2("floordivsi"), INT2("remsi"), INT2("remui"), INT2("andi"), INT2("ori"),
    INT2("xori"), INT2("shli"), INT2("shrsi"), INT2("shrui"), INT2("maxsi"), INT2("maxui"),
    INT2("minsi"), INT2("minui"),
    FLT2("addf"), FLT2("subf"), FLT2("mulf"), FLT2("divf"), FLT2("remf"), FLT2("maxnumf"),
    FLT2("minnumf"), FLT2("maximumf"), FLT2("minimumf"),
    { "arith.negf", "f", "f", VR_SAME_TYPE, NULL },
    { "arith.cmpi", "ii", "b", VR_SAME_OPERANDS_TYPE, NULL },
    { "arith.cmpf", "ff", "b", VR_SAME_OPERANDS_TYPE, NULL },
    { "arith.select", "baa", "a", 0, check_select },
    { "arith.extsi", "w", "w", VR_CAST_SHAPE, check_ext },
    { "arith.extui", "w", "w", VR_CAST_SHAPE, check_ext },
    { "arith.trunci", "w", "w", VR_CAST_SHAPE, check_trunc },
    { "arith.extf", "f", "f", VR_CAST_SHAPE, check_ext },
    { "arith.truncf", "f", "f", VR_CAST_SHAPE, check_trunc },
    { "arith.sitofp", "w", "f", VR_CAST_SHAPE, NULL },
    { "arith.uitofp", "w", "f", VR_CAST_SHAPE, NULL },
    { "arith.fptosi", "f", "w", VR_CAST_SHAPE, NULL },
    { "arith.fptoui", "f", "w", VR_CAST_SHAPE, NULL },
    { "arith.index_cast", "x", "x", VR_CAST_SHAPE, check_index_cast },
    { "arith.index_castui", "x", "x", VR_CAST_SHAPE, check_index_cast },
    { "arith.bitcast", "a", "a", VR_CAST_SHAPE, check_bitcast },
    { NULL, NULL, NULL, 0, NULL },
};
#undef INT2
#undef FLT2
static const VerifyDialect arith_dialect = { "arith", arith_other, arith_rules };

/* ---- math ----------------------------------------------------------- */
#define F1(n) { "math." n, "f", "f", VR_SAME_TYPE, NULL }
static const char *const math_other[] = {
    "math.copysign", "math.ctlz", "math.ctpop", "math.cttz", "math.fpowi", "math.ipowi", "math.roundeven", NULL
};
static const VerifyRule math_rules[] = {
    F1("absf"), F1("acos"), F1("acosh"), F1("asin"), F1("asinh"), F1("atan"), F1("atanh"), F1("cbrt"),
    F1("ceil"), F1("cos"), F1("cosh"), F1("erf"), F1("exp"), F1("exp2"), F1("expm1"), F1("floor"),
    F1("log"), F1("log10"), F1("log1p"), F1("log2"), F1("round"), F1("rsqrt"), F1("sin"), F1("sinh"),
    F1("sqrt"), F1("tan"), F1("tanh"), F1("trunc"),
    { "math.absi", "i", "i", VR_SAME_TYPE, NULL },
    { "math.atan2", "ff", "f", VR_SAME_TYPE, NULL },
    { "math.powf", "ff", "f", VR_SAME_TYPE, NULL },
    { "math.fma", "fff", "f", VR_SAME_TYPE, NULL },
    { NULL, NULL, NULL, 0, NULL },
};
#undef F1
static const VerifyDialect math_dialect = { "math", math_other, math_rules };

/* ---- required properties ---------------------------------------- */
/* a property the op's definition requires, of kind k */
static bool need_attr(VerifyCtx *v, Op *op, const char *name, AttrKind kind) {
    Attr *a = op_attr(op, name);
    if (a && (a->kind == kind || (kind == A_BOOL && a->kind == A_INT && a->type && type_is_int(a->type, 1)))) return true;
    if (!a) verify_error(v, op, "requires attribute '%s'", name);
    else verify_error(v, op, "attribute '%s' failed to satisfy constraint: %s", name,
                      kind == A_STRING ? "string attribute" : kind == A_BOOL ? "bool attribute" : "32-bit signless integer attribute");
    return false;
}
/* tt.assert, cf.assert: the message */
static void check_assert(VerifyCtx *v, Op *op) { need_attr(v, op, op_is(op, OP_cf_assert) ? "msg" : "message", A_STRING); }

/* ---- scf, cf -------------------------------------------------------- */
static const char *const scf_other[] = {
    "scf.execute_region", "scf.forall", "scf.forall.in_parallel", "scf.index_switch", "scf.parallel",
    "scf.reduce", "scf.reduce.return", NULL
};
static const VerifyRule scf_rules[] = {
    { "scf.for", "NNNa*", "a*", 0, NULL },
    { "scf.if", "1", "a*", 0, NULL },
    { "scf.while", "a*", "a*", 0, NULL },
    { "scf.yield", "a*", "", 0, NULL },
    { "scf.condition", "1a*", "", 0, NULL },
    { NULL, NULL, NULL, 0, NULL },
};
static const VerifyDialect scf_dialect = { "scf", scf_other, scf_rules };

static const char *const cf_other[] = { "cf.switch", NULL };
static const VerifyRule cf_rules[] = {
    { "cf.br", "a*", "", 0, NULL },
    { "cf.cond_br", "1a*", "", 0, NULL },
    { "cf.assert", "1", "", 0, check_assert },
    { NULL, NULL, NULL, 0, NULL },
};
static const VerifyDialect cf_dialect = { "cf", cf_other, cf_rules };

/* ---- llvm (only llvm.intr.assume, which Triton prints for tl.assume) --- */
static const VerifyRule llvm_rules[] = {
    { "llvm.intr.assume", "1", "", 0, NULL },
    { NULL, NULL, NULL, 0, NULL },
};
static const VerifyDialect llvm_dialect = { "llvm", NULL, llvm_rules };

/* gpu.barrier and ttg.barrier (tl.debug_barrier in Triton 3.6 and 3.7+) are
 * in the op table but their dialects are not registered here: the other ops
 * of gpu and ttg stay ops of unregistered dialects (kept verbatim with
 * --allow-unregistered-dialect, as Triton's own test files need) */

/* ---- tt ------------------------------------------------------------- */
static void check_program_id(VerifyCtx *v, Op *op) {
    if (!type_is_int(resty(op, 0), 32)) verify_error(v, op, "result #0 must be 32-bit signless integer, but got '%s'", verify_type_str(v, resty(op, 0)));
}
static void check_make_range(VerifyCtx *v, Op *op) {
    Type *t = resty(op, 0);
    int64_t lo = 0, hi = 0;
    if (!t || t->kind != T_TENSOR || t->sh.rank < 0 || t->sh.elem->kind != T_INT) {
        verify_error(v, op, "result #0 must be ranked tensor of integer values, but got '%s'", verify_type_str(v, t));
        return;
    }
    if (t->sh.rank != 1) { verify_error(v, op, "return type must be a 1D tensor"); return; }
    if (op_attr_int(op, "start", &lo) && op_attr_int(op, "end", &hi)) {
        if (hi <= lo) { verify_error(v, op, "start must be less than end"); return; }
        if (t->sh.dims[0] != hi - lo) {
            verify_error(v, op, "number of elements in returned tensor, %lld, must match size of range [%lld, %lld), which has %lld elements",
                         (long long)t->sh.dims[0], (long long)lo, (long long)hi, (long long)(hi - lo));
            return;
        }
    }
    if (!type_is_int(t->sh.elem, 32)) verify_error(v, op, "returned tensor must have i32 elements");
}
static void check_broadcast(VerifyCtx *v, Op *op) {
    Type *a = opty(op, 0), *r = resty(op, 0);
    if (a->sh.rank != r->sh.rank) { verify_error(v, op, "source rank %d must equal the result rank %d", a->sh.rank, r->sh.rank); return; }
    for (int i = 0; i < a->sh.rank; i++)
        if (a->sh.dims[i] != 1 && a->sh.dims[i] != r->sh.dims[i]) {
            verify_error(v, op, "dimension %d of the source (%lld) must be 1 or the result's (%lld)", i, (long long)a->sh.dims[i], (long long)r->sh.dims[i]);
            return;
        }
}
static void check_expand_dims(VerifyCtx *v, Op *op) {
    Type *a = opty(op, 0), *r = resty(op, 0);
    int64_t axis = 0;
    if (r->sh.rank != a->sh.rank + 1) { verify_error(v, op, "result rank %d must be the source rank %d plus one", r->sh.rank, a->sh.rank); return; }
    if (op_attr_int(op, "axis", &axis) && (axis < 0 || axis > a->sh.rank)) verify_error(v, op, "axis %lld out of range for a rank-%d source", (long long)axis, a->sh.rank);
}
static void check_reshape(VerifyCtx *v, Op *op) {
    int64_t a = type_numel(opty(op, 0)), r = type_numel(resty(op, 0));
    if (a >= 0 && r >= 0 && a != r) verify_error(v, op, "number of src and dst elements of reshape must be the same");
}
static void check_dot(VerifyCtx *v, Op *op) {
    Type *a = opty(op, 0), *b = opty(op, 1), *c = opty(op, 2), *d = resty(op, 0);
    if (c != d) { verify_error(v, op, "failed to verify that result's type matches accumulator's type"); return; }
    int ra = a->sh.rank;
    if (ra < 2 || b->sh.rank != ra || c->sh.rank != ra) { verify_error(v, op, "expected operands of the same rank, at least 2, got %d, %d and %d", ra, b->sh.rank, c->sh.rank); return; }
    const int64_t *x = a->sh.dims + ra - 2, *y = b->sh.dims + ra - 2, *z = c->sh.dims + ra - 2;
    if (x[1] != y[0]) { verify_error(v, op, "expected the last dimension of the first operand (%lld) to be equal to the second-to-last dimension of the second operand (%lld)", (long long)x[1], (long long)y[0]); return; }
    if (z[0] != x[0] || z[1] != y[1]) { verify_error(v, op, "expected the accumulator to be %lldx%lld, got %lldx%lld", (long long)x[0], (long long)y[1], (long long)z[0], (long long)z[1]); return; }
    for (int i = 0; i < ra - 2; i++)
        if (a->sh.dims[i] != b->sh.dims[i] || a->sh.dims[i] != c->sh.dims[i]) { verify_error(v, op, "expected the batch dimensions of all operands to be equal"); return; }
}
static void check_advance(VerifyCtx *v, Op *op) {
    if (resty(op, 0) != opty(op, 0)) verify_error(v, op, "failed to verify that all of {ptr, result} have same type");
}

/* Triton's getPointerTypeSameShape: p is t's shape of pointers to t's elements */
static bool ptr_of(Type *p, Type *t) {
    Type *pe = type_elem(p), *te = type_elem(t);
    return pe && te && pe->kind == T_PTR && pe->ptr.pointee == te && type_is_shaped(p) == type_is_shaped(t) &&
           (!type_is_shaped(p) || shape_eq(p, t));
}
static void check_atomic_rmw(VerifyCtx *v, Op *op) {
    if (!need_attr(v, op, "atomic_rmw_op", A_INT) || !need_attr(v, op, "sem", A_INT) || !need_attr(v, op, "scope", A_INT)) return;
    if (!ptr_of(opty(op, 0), opty(op, 1))) { verify_error(v, op, "failed to verify that ptr type matches value type"); return; }
    Type *m = opty(op, 2);
    if (m && (type_is_shaped(m) != type_is_shaped(opty(op, 1)) || (type_is_shaped(m) && !shape_eq(m, opty(op, 1)))))
        verify_error(v, op, "failed to verify that mask type matches value type");
}
static void check_atomic_cas(VerifyCtx *v, Op *op) {
    if (!need_attr(v, op, "sem", A_INT) || !need_attr(v, op, "scope", A_INT)) return;
    if (!ptr_of(opty(op, 0), opty(op, 1))) verify_error(v, op, "failed to verify that ptr type matches cmp type");
    else if (!ptr_of(opty(op, 0), opty(op, 2))) verify_error(v, op, "failed to verify that ptr type matches value type");
}
static void check_print(VerifyCtx *v, Op *op) {
    if (!need_attr(v, op, "prefix", A_STRING) || !need_attr(v, op, "hex", A_BOOL)) return;
    Attr *s = op_attr(op, "isSigned");
    if (!s) verify_error(v, op, "requires attribute 'isSigned'");
    else if (s->kind != A_DENSE_ARRAY) verify_error(v, op, "attribute 'isSigned' failed to satisfy constraint: i32 dense array attribute");
}
static void check_gather(VerifyCtx *v, Op *op) {
    Type *s = opty(op, 0), *x = opty(op, 1), *r = resty(op, 0);
    int64_t axis = 0;
    if (!need_attr(v, op, "axis", A_INT) || !op_attr_int(op, "axis", &axis)) return;
    if (!type_elem(x) || type_elem(x)->kind != T_INT) { verify_error(v, op, "operand #1 must be ranked tensor of integer values, but got '%s'", verify_type_str(v, x)); return; }
    if (s->sh.rank != x->sh.rank) { verify_error(v, op, "the source (rank %d) and the indices (rank %d) must have the same rank", s->sh.rank, x->sh.rank); return; }
    if (!shape_eq(x, r)) { verify_error(v, op, "the result must have the shape of the indices"); return; }
    if (type_elem(s) != type_elem(r)) { verify_error(v, op, "the result must have the element type of the source"); return; }
    if (axis < 0 || axis >= s->sh.rank) { verify_error(v, op, "axis %lld out of range for a rank-%d source", (long long)axis, s->sh.rank); return; }
    for (int i = 0; i < s->sh.rank; i++)
        if (i != axis && x->sh.dims[i] > s->sh.dims[i]) {
            verify_error(v, op, "dimension %d of the indices (%lld) must not exceed the source's (%lld)", i, (long long)x->sh.dims[i], (long long)s->sh.dims[i]);
            return;
        }
}
static void check_clampf(VerifyCtx *v, Op *op) { need_attr(v, op, "propagateNan", A_INT); }
static void check_dot_scaled(VerifyCtx *v, Op *op) {
    if (!need_attr(v, op, "a_elem_type", A_INT) || !need_attr(v, op, "b_elem_type", A_INT) || !need_attr(v, op, "fastMath", A_BOOL)) return;
    if (opty(op, 2) != resty(op, 0)) verify_error(v, op, "failed to verify that result's type matches accumulator's type");
}
static void check_inline_asm(VerifyCtx *v, Op *op) {
    if (!need_attr(v, op, "asm_string", A_STRING) || !need_attr(v, op, "constraints", A_STRING) || !need_attr(v, op, "pure", A_BOOL)) return;
    need_attr(v, op, "packed_element", A_INT);
}

static const char *const tt_other[] = { "tt.descriptor_reduce", "tt.experimental_descriptor_load", "tt.experimental_descriptor_store", NULL };
static const VerifyRule tt_rules[] = {
    { "tt.func", "", "", 0, NULL },
    { "tt.return", "a*", "", 0, NULL },
    { "tt.call", "a*", "a*", 0, NULL },
    { "tt.get_program_id", "", "a", 0, check_program_id },
    { "tt.get_num_programs", "", "a", 0, check_program_id },
    { "tt.make_range", "", "a", 0, check_make_range },
    { "tt.splat", "T", "R", VR_SAME_ELEM, NULL },
    { "tt.unsplat", "R", "T", VR_SAME_ELEM, NULL },
    { "tt.broadcast", "R", "R", VR_SAME_ELEM, check_broadcast },
    { "tt.expand_dims", "R", "R", VR_SAME_ELEM, check_expand_dims },
    { "tt.reshape", "R", "R", VR_SAME_ELEM, check_reshape },
    { "tt.trans", "R", "R", VR_SAME_ELEM, NULL },
    { "tt.join", "RR", "R", VR_SAME_ELEM, NULL },
    { "tt.split", "R", "RR", VR_SAME_ELEM, NULL },
    { "tt.cat", "RR", "R", VR_SAME_ELEM, NULL },
    { "tt.addptr", "PI", "P", VR_SAME_SHAPE, NULL },
    { "tt.load", "PB?T?", "T", 0, NULL },
    { "tt.store", "PTB?", "", 0, NULL },
    { "tt.make_tensor_ptr", "Qa*", "Q", 0, NULL },
    { "tt.advance", "Q3*", "Q", 0, check_advance },
    { "tt.reduce", "R*", "T*", VR_SAME_OPERANDS_SHAPE, NULL },
    { "tt.reduce.return", "a*", "", 0, NULL },
    { "tt.scan", "R*", "R*", 0, NULL },
    { "tt.scan.return", "a*", "", 0, NULL },
    { "tt.dot", "RRR", "R", 0, check_dot },
    { "tt.histogram", "RB?", "R", 0, NULL },
    { "tt.gather", "RR", "R", 0, check_gather },
    { "tt.dot_scaled", "RRRR?R?", "R", 0, check_dot_scaled },
    { "tt.elementwise_inline_asm", "T*", "T*", 0, check_inline_asm },
    { "tt.assert", "B", "", 0, check_assert },
    { "tt.print", "T*", "", 0, check_print },
    { "tt.bitcast", "T", "T", VR_SAME_SHAPE, NULL },
    { "tt.fp_to_fp", "F", "F", VR_SAME_SHAPE, NULL },
    { "tt.int_to_ptr", "6", "P", VR_SAME_SHAPE, NULL },
    { "tt.ptr_to_int", "P", "6", VR_SAME_SHAPE, NULL },
    { "tt.clampf", "FFF", "F", VR_SAME_TYPE, check_clampf },
    { "tt.precise_sqrt", "F", "F", VR_SAME_TYPE, NULL },
    { "tt.precise_divf", "FF", "F", VR_SAME_TYPE, NULL },
    { "tt.mulhiui", "II", "I", VR_SAME_TYPE, NULL },
    { "tt.atomic_rmw", "PTB?", "T", VR_SAME_SHAPE, check_atomic_rmw },
    { "tt.atomic_cas", "PTT", "T", VR_SAME_SHAPE, check_atomic_cas },
    { NULL, NULL, NULL, 0, NULL },
};
static const VerifyDialect tt_dialect = { "tt", tt_other, tt_rules };

static const char *const tts_other[] = { "tts.get_structured_state", "tts.gather", "tts.scatter", NULL };
static const VerifyDialect tts_dialect = { "tts", tts_other, NULL };

/* ---- tensor, linalg, memref ----------------------------------------- */
static bool check_indices(VerifyCtx *v, Op *op, Type *t, int first, const char *what) {
    if (!t || t->sh.rank < 0 || op->nopnds - first == t->sh.rank) return true;
    verify_error(v, op, "incorrect number of indices for %s", what);
    return false;
}
static void check_extract(VerifyCtx *v, Op *op) {
    if (!check_indices(v, op, opty(op, 0), 1, "extract_element")) return;
    if (opty(op, 0) && resty(op, 0) && type_elem(opty(op, 0)) != resty(op, 0)) verify_error(v, op, "failed to verify that result type matches element type of tensor");
}
static void check_insert(VerifyCtx *v, Op *op) {
    if (!check_indices(v, op, opty(op, 1), 2, "insert_element")) return;
    if (opty(op, 1) != resty(op, 0)) verify_error(v, op, "failed to verify that result type matches type of dest");
    else if (type_elem(opty(op, 1)) != opty(op, 0)) verify_error(v, op, "failed to verify that scalar type matches element type of dest");
}
static const char *const tensor_other[] = {
    "tensor.bitcast", "tensor.cast", "tensor.gather", "tensor.generate", "tensor.pack", "tensor.pad",
    "tensor.parallel_insert_slice", "tensor.rank", "tensor.scatter", "tensor.unpack", "tensor.yield", NULL
};
static const VerifyRule tensor_rules[] = {
    { "tensor.empty", "n*", "r", 0, NULL },
    { "tensor.extract", "rn*", "a", 0, check_extract },
    { "tensor.insert", "arn*", "r", 0, check_insert },
    { "tensor.extract_slice", "rn*", "r", 0, NULL },
    { "tensor.insert_slice", "rrn*", "r", 0, NULL },
    { "tensor.concat", "r*", "r", 0, NULL },
    { "tensor.from_elements", "a*", "r", 0, NULL },
    { "tensor.dim", "tn", "n", 0, NULL },
    { NULL, NULL, NULL, 0, NULL },
};
static const VerifyDialect tensor_dialect = { "tensor", tensor_other, tensor_rules };

/* linalg: the op table models the ops the Spyre lowering uses; MLIR defines
 * these others */
static const char *const linalg_other[] = {
    "linalg.abs", "linalg.batch_matmul_transpose_a", "linalg.batch_matmul_transpose_b", "linalg.batch_matvec",
    "linalg.batch_mmt4d", "linalg.batch_reduce_matmul", "linalg.batch_vecmat", "linalg.ceil", "linalg.conv_1d",
    "linalg.conv_1d_ncw_fcw", "linalg.conv_1d_nwc_wcf", "linalg.conv_2d", "linalg.conv_2d_nchw_fchw",
    "linalg.conv_2d_ngchw_fgchw", "linalg.conv_2d_ngchw_gfchw", "linalg.conv_2d_ngchw_gfchw_q",
    "linalg.conv_2d_nhwc_fhwc", "linalg.conv_2d_nhwc_fhwc_q", "linalg.conv_2d_nhwc_hwcf",
    "linalg.conv_2d_nhwc_hwcf_q", "linalg.conv_3d", "linalg.conv_3d_ncdhw_fcdhw", "linalg.conv_3d_ndhwc_dhwcf",
    "linalg.conv_3d_ndhwc_dhwcf_q", "linalg.copy", "linalg.depthwise_conv_1d_ncw_cw",
    "linalg.depthwise_conv_1d_nwc_wc", "linalg.depthwise_conv_1d_nwc_wcm", "linalg.depthwise_conv_2d_nchw_chw",
    "linalg.depthwise_conv_2d_nhwc_hwc", "linalg.depthwise_conv_2d_nhwc_hwc_q", "linalg.depthwise_conv_2d_nhwc_hwcm",
    "linalg.depthwise_conv_2d_nhwc_hwcm_q", "linalg.depthwise_conv_3d_ncdhw_cdhw",
    "linalg.depthwise_conv_3d_ndhwc_dhwc", "linalg.depthwise_conv_3d_ndhwc_dhwcm", "linalg.div",
    "linalg.div_unsigned", "linalg.dot", "linalg.elemwise_binary", "linalg.elemwise_unary", "linalg.erf",
    "linalg.exp", "linalg.fill_rng_2d", "linalg.floor", "linalg.log", "linalg.map", "linalg.matmul_transpose_a",
    "linalg.matmul_transpose_b", "linalg.matvec", "linalg.min", "linalg.mmt4d", "linalg.negf",
    "linalg.pooling_nchw_max", "linalg.pooling_nchw_sum", "linalg.pooling_ncw_max", "linalg.pooling_ncw_sum",
    "linalg.pooling_ndhwc_max", "linalg.pooling_ndhwc_min", "linalg.pooling_ndhwc_sum", "linalg.pooling_nhwc_max",
    "linalg.pooling_nhwc_max_unsigned", "linalg.pooling_nhwc_min", "linalg.pooling_nhwc_min_unsigned",
    "linalg.pooling_nhwc_sum", "linalg.pooling_nwc_max", "linalg.pooling_nwc_max_unsigned", "linalg.pooling_nwc_min",
    "linalg.pooling_nwc_min_unsigned", "linalg.pooling_nwc_sum", "linalg.powf", "linalg.quantized_batch_matmul",
    "linalg.quantized_matmul", "linalg.reciprocal", "linalg.round", "linalg.rsqrt", "linalg.select",
    "linalg.softmax", "linalg.sqrt", "linalg.square", "linalg.sub", "linalg.tanh", "linalg.vecmat",
    "linalg.winograd_filter_transform", "linalg.winograd_input_transform", "linalg.winograd_output_transform", NULL
};
static const VerifyRule linalg_rules[] = {
    { "linalg.yield", "a*", "", 0, NULL },
    { "linalg.index", "", "n", 0, NULL },
    { NULL, NULL, NULL, 0, NULL },
};
static const VerifyDialect linalg_dialect = { "linalg", linalg_other, linalg_rules };

static const char *const memref_other[] = {
    "memref.alloca", "memref.alloca_scope", "memref.alloca_scope.return", "memref.assume_alignment",
    "memref.atomic_rmw", "memref.atomic_yield", "memref.collapse_shape", "memref.dealloc", "memref.dma_start",
    "memref.dma_wait", "memref.expand_shape", "memref.extract_aligned_pointer_as_index",
    "memref.extract_strided_metadata", "memref.generic_atomic_rmw", "memref.get_global", "memref.global",
    "memref.memory_space_cast", "memref.prefetch", "memref.rank", "memref.realloc", "memref.reshape",
    "memref.transpose", "memref.view", NULL
};
static int rank_of(Type *t) { return t && t->kind == T_MEMREF ? t->sh.rank : -1; }
static void check_mload(VerifyCtx *v, Op *op) {
    int r = rank_of(opty(op, 0));
    if (r >= 0 && op->nopnds - 1 != r) verify_error(v, op, "incorrect number of indices for load, expected %d but got %d", r, op->nopnds - 1);
    else if (type_elem(opty(op, 0)) != resty(op, 0)) verify_error(v, op, "failed to verify that result type matches element type of 'memref'");
}
static void check_mstore(VerifyCtx *v, Op *op) {
    int r = rank_of(opty(op, 1));
    if (r >= 0 && op->nopnds - 2 != r) verify_error(v, op, "store index operand count not equal to memref rank");
    else if (type_elem(opty(op, 1)) != opty(op, 0)) verify_error(v, op, "failed to verify that type of 'value' matches element type of 'memref'");
}
/* memref.cast: the same element type and rank, static dimensions kept or made dynamic (or the other way) */
static void check_mcast(VerifyCtx *v, Op *op) {
    Type *a = opty(op, 0), *b = resty(op, 0);
    bool ok = a->sh.elem == b->sh.elem && a->sh.rank == b->sh.rank;
    for (int i = 0; ok && i < a->sh.rank; i++)
        if (a->sh.dims[i] >= 0 && b->sh.dims[i] >= 0 && a->sh.dims[i] != b->sh.dims[i]) ok = false;
    if (!ok) verify_error(v, op, "operand type '%s' and result type '%s' are cast incompatible", verify_type_str(v, a), verify_type_str(v, b));
}
static const VerifyRule memref_rules[] = {
    { "memref.load", "mn*", "a", 0, check_mload },
    { "memref.store", "amn*", "", 0, check_mstore },
    { "memref.copy", "mm", "", 0, NULL },
    { "memref.dim", "mn", "n", 0, NULL },
    { "memref.alloc", "n*", "m", 0, NULL },
    { "memref.cast", "m", "m", 0, check_mcast },
    { "memref.subview", "mn*", "m", 0, NULL },
    { "memref.reinterpret_cast", "mn*", "m", 0, NULL },
    { NULL, NULL, NULL, 0, NULL },
};
static const VerifyDialect memref_dialect = { "memref", memref_other, memref_rules };

/* ---- ktdp (the KTIR spec's verifier messages) ------------------------ */
static bool is_tile(const Type *t) { return t && t->kind == T_OPAQUE && !strcmp(t->opq.name, "!ktdp.access_tile"); }
static void check_tile_id(VerifyCtx *v, Op *op) {
    if (!op->nres) { verify_error(v, op, "must return at least one index (num tile-grid dims >= 1)"); return; }
    for (int i = 0; i < op->nres; i++)
        if (resty(op, i) && resty(op, i)->kind != T_INDEX) { verify_error(v, op, "all results must be IndexType"); return; }
}
static void check_kload(VerifyCtx *v, Op *op) {
    if (!is_tile(opty(op, 0))) verify_error(v, op, "operand #0 must be an access tile, but got '%s'", verify_type_str(v, opty(op, 0)));
    else if (!resty(op, 0) || resty(op, 0)->kind != T_TENSOR || resty(op, 0)->sh.rank < 0) verify_error(v, op, "result must be a ranked tensor");
}
static void check_kstore(VerifyCtx *v, Op *op) {
    Type *d = opty(op, 0);
    if (!d || d->kind != T_TENSOR || d->sh.rank < 0) verify_error(v, op, "data_tile must be a ranked tensor");
    else if (!is_tile(opty(op, 1))) verify_error(v, op, "operand #1 must be an access tile, but got '%s'", verify_type_str(v, opty(op, 1)));
}
static const char *const ktdp_other[] = { "ktdp.construct_distributed_memory_view", "ktdp.runtime_arg_extract", NULL };
static const VerifyRule ktdp_rules[] = {
    { "ktdp.get_compute_tile_id", "", "a*", 0, check_tile_id },
    { "ktdp.construct_memory_view", "nn*", "m", 0, NULL },
    { "ktdp.construct_access_tile", "sn*", "a", 0, NULL },
    { "ktdp.load", "a", "a", 0, check_kload },
    { "ktdp.store", "aa", "", 0, check_kstore },
    { "ktdp.yield_partial", "a*", "", 0, NULL },
    { "ktdp.yield_reduced", "a*", "", 0, NULL },
    { "ktdp.region_terminator", "", "", 0, NULL },
    { NULL, NULL, NULL, 0, NULL },
};
static const VerifyDialect ktdp_dialect = { "ktdp", ktdp_other, ktdp_rules };

const VerifyDialect *const verify_builtin_dialects[] = {
    &builtin_dialect, &func_dialect, &arith_dialect, &math_dialect, &scf_dialect, &cf_dialect, &llvm_dialect,
    &tt_dialect, &tts_dialect, &tensor_dialect, &linalg_dialect, &memref_dialect, &ktdp_dialect, NULL
};
