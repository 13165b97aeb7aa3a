/* targets/cgen/atomic.c - tt.atomic_rmw and tt.atomic_cas (see emit.h).
 *
 * Each lane the mask keeps is one atomic read-modify-write of a W-bit word
 * (W = 8, 16, 32 or 64, the element's size in memory): integers as they
 * are, f32/f64 as their bits, f16/bf16 as their uint16 patterns.  The
 * prelude's primitives (targets/c/prelude.h) give per W: fetch-and-add,
 * -and, -or, -xor, exchange, an atomic load and compare-and-swap, each
 * with a C11 memory order (0 relaxed, 2 acquire, 3 release, 4 acq_rel):
 * __atomic builtins for GCC and Clang, locked cmpxchg for TCC, and
 * functions of the runtime (runtime/jit_rt_atomic.c) for the JIT.  The
 * other kinds (signed and unsigned max and min, float add, max and min)
 * are a compare-and-swap loop written here.  A CPU's memory is one
 * coherent space, so every scope (gpu, cta, sys) is the whole process:
 * stronger than a narrower scope asks for, never weaker.
 *
 * The old values are the result; a lane the mask drops reads 0, as in
 * the interpreter.  The interpreter's semantics: integer kinds wrap to W
 * bits, umax/umin compare unsigned, max/min signed; float fadd rounds the
 * sum to the element type once, float max/min are fmax/fmin (NaN loses),
 * and compare-and-swap compares bit patterns. */
#include "emit.h"

/* the word's C type, its signed twin, and an element's conversions
 * between register values and words */
typedef struct AtTy {
    int w;
    const char *u, *s;
    const char *to_bits, *from_bits;   /* functions or casts */
    bool flt;
} AtTy;

static bool at_type(const Type *el, AtTy *t) {
    memset(t, 0, sizeof *t);
    if (el->kind == T_INT || el->kind == T_INDEX) {
        int w = iw(el);
        if (w != 8 && w != 16 && w != 32 && w != 64) return false;
        t->w = w;
        t->u = utype(w);
        t->s = w == 8 ? "i8" : w == 16 ? "i16" : w == 32 ? "i32" : "i64";
        t->to_bits = w == 32 ? "(u32)" : w == 64 ? "(u64)" : w == 16 ? "(u16)" : "(u8)";
        t->from_bits = w == 32 ? "(i32)" : w == 64 ? "(i64)" : w == 16 ? "(i16)" : "(i8)";
        return true;
    }
    t->flt = true;
    if (fname_is(el, "f32")) { t->w = 32; t->to_bits = "ttx_bits32"; t->from_bits = "ttx_f32"; }
    else if (fname_is(el, "f64")) { t->w = 64; t->to_bits = "ttx_bits64"; t->from_bits = "ttx_f64"; }
    else if (fname_is(el, "f16")) { t->w = 16; t->to_bits = "ttx_f2h"; t->from_bits = "ttx_h2f"; }
    else if (fname_is(el, "bf16")) { t->w = 16; t->to_bits = "ttx_f2bf"; t->from_bits = "ttx_bf2f"; }
    else return false;
    t->u = utype(t->w);
    t->s = t->w == 16 ? "i16" : t->w == 32 ? "i32" : "i64";
    return true;
}

/* f (a function's name or a cast) applied to x */
static const char *conv(Cg *e, const char *f, const char *x) { return fmt(e, "%s(%s)", f, x); }

static const char *const kinds[] = { "and", "or", "xor", "add", "fadd", "max", "min", "umax", "umin", "exch" };

bool cg_emit_atomic(Cg *e, Op *op) {
    bool cas = op_is(op, OP_tt_atomic_cas);
    int64_t k = 0, sem = 0, scope = 0;
    if (!cas && (!op_attr_int(op, "atomic_rmw_op", &k) || k < 1 || k > 10)) return cg_unsupported(e, op, "its atomic operation");
    if (!op_attr_int(op, "sem", &sem) || sem < 1 || sem > 4) return cg_unsupported(e, op, "its memory semantic");
    if (!op_attr_int(op, "scope", &scope) || scope < 1 || scope > 3) return cg_unsupported(e, op, "its memory scope");
    if (op->nres != 1 || (cas ? op->nopnds != 3 : op->nopnds < 2 || op->nopnds > 3)) return cg_unsupported(e, op, "malformed");
    const char *kind = cas ? "cas" : kinds[k - 1];
    Value *pv = op_operand(op, 0), *cmp = cas ? op_operand(op, 1) : NULL, *val = op_operand(op, cas ? 2 : 1);
    Value *mask = !cas && op->nopnds == 3 ? op_operand(op, 2) : NULL;
    Value *res = op_result(op, 0);
    Type *pt = type_elem(pv->type);
    Type *el = pt && pt->kind == T_PTR ? pt->ptr.pointee : NULL;
    AtTy t;
    if (!el || is_tensor(el) || !at_type(el, &t)) return cg_unsupported(e, op, "atomics of this element type");
    if (t.flt && (!strcmp(kind, "and") || !strcmp(kind, "or") || !strcmp(kind, "xor") || !strcmp(kind, "add") ||
                  !strcmp(kind, "umax") || !strcmp(kind, "umin")))
        return cg_unsupported(e, op, "an integer atomic on floats");
    if (!t.flt && !strcmp(kind, "fadd")) return cg_unsupported(e, op, "fadd on integers");
    bool ten = is_tensor(res->type);
    if (ten && res->type->sh.rank > MAXR) return cg_unsupported(e, op, "rank above 8");
    Value *const opnds[] = { pv, val, mask, cmp };
    for (int i = 0; i < 4; i++)
        if (opnds[i] && (ten ? !cg_same_shape(opnds[i]->type, res->type) : is_tensor(opnds[i]->type)))
            return cg_unsupported(e, op, "operands of another shape than the result");
    /* C11's memory orders; a failed compare-and-swap only reads */
    static const int mo_of[] = { 0, 0, 2, 3, 4 }, fmo_of[] = { 0, 0, 2, 0, 2 };
    static const char *const sem_names[] = { "", "relaxed", "acquire", "release", "acq_rel" };
    static const char *const scope_names[] = { "", "gpu", "cta", "sys" };
    int mo = mo_of[sem], fmo = fmo_of[sem];
    bool used = value_has_uses(res);
    line(e, "/* %s, %s (memory order %d), scope %s: atomic on the process's memory */", kind, sem_names[sem], mo, scope_names[scope]);
    if (used && !cg_declare(e, res)) return false;
    if (e->s->drain) line(e, "%s", e->s->drain);   /* the strategy's pending stores land first */
    const char *idx[MAXR];
    int n = 0;
    if (ten) n = cg_loops_open(e, res->type->sh.dims, res->type->sh.rank, idx);
    else { line(e, "{"); e->ind++; }
    const char *const *ix = ten ? idx : NULL;
    const char *dst = !used ? NULL : ten ? fmt(e, "%s[%s]", cg_vi(e, res)->name, cg_flat(e, res->type->sh.dims, res->type->sh.rank, idx))
                                         : cg_vi(e, res)->name;
    const char *U = t.u, *W = fmt(e, "u%d", t.w);
    line(e, "%s *ttx_ap = (%s *)(%s);", U, U, cg_ex(e, pv, ix));
    const char *chk = fmt(e, "TTX_IN(ttx_ap, %d, %d)", t.w / 8, cg_site(e, op));
    line(e, "if (%s%s) {", mask ? fmt(e, "(%s) && ", cg_ex(e, mask, ix)) : "", chk);
    e->ind++;
    const char *v = cg_ex(e, val, ix);
    if (!v || e->failed) return false;
    bool fetch = !cas && (!strcmp(kind, "add") || !strcmp(kind, "and") || !strcmp(kind, "or") || !strcmp(kind, "xor") ||
                          !strcmp(kind, "exch"));
    if (fetch && !dst) line(e, "%s ttx_w = %s;", U, conv(e, t.to_bits, v));
    else line(e, "%s ttx_w = %s, ttx_o;", U, conv(e, t.to_bits, v));
    if (cas) {
        line(e, "ttx_o = %s;", conv(e, t.to_bits, cg_ex(e, cmp, ix)));
        line(e, "(void)ttx_at_cas_%s(ttx_ap, &ttx_o, ttx_w, %d, %d);", W, mo, fmo);
    } else if (fetch) {
        line(e, "%sttx_at_%s_%s(ttx_ap, ttx_w, %d);", dst ? "ttx_o = " : "(void)", !strcmp(kind, "exch") ? "xchg" : kind, W, mo);
    } else {
        /* a compare-and-swap loop: ttx_o is the word seen, the new word from it */
        const char *nw;
        const char *ov = conv(e, t.from_bits, "ttx_o"), *wv = conv(e, t.from_bits, "ttx_w");
        if (!strcmp(kind, "fadd")) {
            if (t.w == 32) nw = fmt(e, "ttx_bits32(%s + %s)", ov, wv);
            else if (t.w == 64) nw = fmt(e, "ttx_bits64(%s + %s)", ov, wv);
            else nw = conv(e, t.to_bits, fmt(e, "(double)%s + (double)%s", ov, wv));
        } else if (t.flt) {
            const char *f = fmt(e, "%s((double)%s, (double)%s)", !strcmp(kind, "max") ? "fmax" : "fmin", ov, wv);
            nw = t.w == 32 ? fmt(e, "ttx_bits32((float)%s)", f) : t.w == 64 ? fmt(e, "ttx_bits64(%s)", f) : conv(e, t.to_bits, f);
        } else {
            bool sgn = !strcmp(kind, "max") || !strcmp(kind, "min"), gt = !strcmp(kind, "max") || !strcmp(kind, "umax");
            nw = sgn ? fmt(e, "(%s)ttx_o %s (%s)ttx_w ? ttx_o : ttx_w", t.s, gt ? ">" : "<", t.s)
                     : fmt(e, "ttx_o %s ttx_w ? ttx_o : ttx_w", gt ? ">" : "<");
        }
        line(e, "ttx_o = ttx_at_load_%s(ttx_ap, 0);", W);
        line(e, "while (!ttx_at_cas_%s(ttx_ap, &ttx_o, (%s)(%s), %d, %d)) {}", W, U, nw, mo, fmo);
    }
    if (dst) line(e, "%s = %s;", dst, conv(e, t.from_bits, "ttx_o"));
    e->ind--;
    if (dst) line(e, "} else %s = 0;", dst);
    else line(e, "}");
    if (ten) cg_loops_close(e, n);
    else { e->ind--; line(e, "}"); }
    return !e->failed;
}
