/* targets/cgen/expr.c - the expression printer: an element of a value as a C expression (see emit.h). */
#include "emit.h"

/* round a double expression d to float type t */
const char *cg_fround(Cg *e, const Type *t, const char *d) {
    if (fname_is(t, "f64")) return d;
    if (fname_is(t, "f16")) { return fmt(e, "ttx_f16r(%s)", d); }
    if (fname_is(t, "bf16")) { return fmt(e, "ttx_bf16r(%s)", d); }
    return fmt(e, "(float)%s", d);
}
static const char *call1(Cg *e, const Type *t, const char *fn, const char *a) {
    if (!strcmp(fn, "exp") && fname_is(t, "f32")) return fmt(e, "ttx_expf(%s)", a);
    return cg_fround(e, t, fmt(e, "%s(%s)", fn, a));
}
static const char *call2(Cg *e, const Type *t, const char *fn, const char *a, const char *b) {
    return cg_fround(e, t, fmt(e, "%s(%s, %s)", fn, a, b));
}
/* arith.maxnumf / minnumf: the prelude's ttx_fmaxf ... (src/fmath.h's
 * definition); the result is an operand or the default NaN, exact in the
 * type (f16 and bf16 are held as floats) */
static const char *maxnum(Cg *e, const Type *t, bool max, const char *a, const char *b) {
    return fmt(e, "ttx_%s%s(%s, %s)", max ? "fmax" : "fmin", fname_is(t, "f64") ? "" : "f", a, b);
}

static const char *cmpf_expr(Cg *e, int64_t p, const char *a, const char *b) {
    switch (p) {
    case 0: return "0";
    case 1: return fmt(e, "(%s == %s)", a, b);
    case 2: return fmt(e, "(%s > %s)", a, b);
    case 3: return fmt(e, "(%s >= %s)", a, b);
    case 4: return fmt(e, "(%s < %s)", a, b);
    case 5: return fmt(e, "(%s <= %s)", a, b);
    case 6: return fmt(e, "(%s < %s || %s > %s)", a, b, a, b);
    case 7: return fmt(e, "(%s == %s && %s == %s)", a, a, b, b);
    case 8: return fmt(e, "!(%s < %s || %s > %s)", a, b, a, b);
    case 9: return fmt(e, "!(%s <= %s)", a, b);
    case 10: return fmt(e, "!(%s < %s)", a, b);
    case 11: return fmt(e, "!(%s >= %s)", a, b);
    case 12: return fmt(e, "!(%s > %s)", a, b);
    case 13: return fmt(e, "(%s != %s)", a, b);
    case 14: return fmt(e, "(%s != %s || %s != %s)", a, a, b, b);
    default: return "1";
    }
}
static const char *cmpi_expr(Cg *e, int64_t p, int w, const char *a, const char *b) {
    static const char *const ops[] = { "==", "!=", "<", "<=", ">", ">=", "<", "<=", ">", ">=" };
    if (p < 0 || p > 9) return NULL;
    if (p <= 1 || (w == 1 && p >= 6)) return fmt(e, "(%s %s %s)", a, ops[p], b);
    if (p >= 6) return fmt(e, "((%s)%s %s (%s)%s)", utype(w), a, ops[p], utype(w), b);
    if (w == 1) return fmt(e, "(-(int)%s %s -(int)%s)", a, ops[p], b);
    return fmt(e, "(%s %s %s)", a, ops[p], b);
}

/* the value of op's (first) result from operand expressions a[]; NULL when
 * the op is not an elementwise or scalar op this target knows */
const char *cg_op_expr(Cg *e, Op *op, const char *const *a) {
    int id = op->info->id;
    Type *rt = op->nres ? type_elem(op->res[0].type) : NULL;
    Type *at = op->nopnds ? type_elem(op_operand(op, 0)->type) : NULL;
    if (!rt) return NULL;
    const char *T = cg_rtype(e, rt);
    if (!T) return NULL;
    bool rf = rt->kind == T_FLOAT, ri = rt->kind == T_INT || rt->kind == T_INDEX;
    int w = ri ? iw(rt) : 0;
    const char *U = ri ? wtype(w) : NULL;
    switch (id) {
    case OP_tt_get_program_id: case OP_tt_get_num_programs: {
        int64_t ax;
        if (!op_attr_int(op, "axis", &ax) || ax < 0 || ax > 2) return NULL;
        int k = (id == OP_tt_get_program_id ? 3 : 0) + (int)ax;
        static const char *const g[] = { "gridX", "gridY", "gridZ", "pidX", "pidY", "pidZ" };
        e->grid_used[k] = true;
        return w == 32 ? g[k] : fmt(e, "(%s)%s", T, g[k]);
    }
    case OP_tt_addptr: return fmt(e, "(%s + %s)", a[0], a[1]);
    case OP_arith_addi: case OP_arith_subi: case OP_arith_muli:
        if (!ri) return NULL;
        if (w == 1) return fmt(e, "(%s %s %s)", a[0], id == OP_arith_muli ? "&" : "^", a[1]);
        return fmt(e, "(%s)((%s)%s %s (%s)%s)", T, U, a[0], id == OP_arith_addi ? "+" : id == OP_arith_subi ? "-" : "*", U, a[1]);
    case OP_arith_andi: case OP_arith_ori: case OP_arith_xori: {
        const char *o = id == OP_arith_andi ? "&" : id == OP_arith_ori ? "|" : "^";
        if (!ri) return NULL;
        return w < 32 && w > 1 ? fmt(e, "(%s)(%s %s %s)", T, a[0], o, a[1]) : fmt(e, "(%s %s %s)", a[0], o, a[1]);
    }
    case OP_arith_maxsi: case OP_arith_minsi: case OP_arith_maxui: case OP_arith_minui: {
        if (!ri) return NULL;
        bool mx = id == OP_arith_maxsi || id == OP_arith_maxui, un = id == OP_arith_maxui || id == OP_arith_minui;
        if (w == 1) return fmt(e, "(%s %s %s)", a[0], mx != un ? "&" : "|", a[1]);
        if (un) return fmt(e, "((%s)%s %s (%s)%s ? %s : %s)", utype(w), a[0], mx ? ">" : "<", utype(w), a[1], a[0], a[1]);
        return fmt(e, "(%s %s %s ? %s : %s)", a[0], mx ? ">" : "<", a[1], a[0], a[1]);
    }
    case OP_arith_shli: case OP_arith_shrui: case OP_arith_shrsi:
        if (!ri || w == 1) return NULL;
        if (id == OP_arith_shli) return fmt(e, "((%s)%s >= %d ? (%s)0 : (%s)((%s)%s << (%s)%s))", utype(w), a[1], w, T, T, U, a[0], utype(w), a[1]);
        if (id == OP_arith_shrui) return fmt(e, "((%s)%s >= %d ? (%s)0 : (%s)((%s)%s >> (%s)%s))", utype(w), a[1], w, T, T, utype(w), a[0], utype(w), a[1]);
        return fmt(e, "((%s)%s >= %d ? (%s)(%s < 0 ? -1 : 0) : (%s)(%s >> (%s)%s))", utype(w), a[1], w, T, a[0], T, a[0], utype(w), a[1]);
    case OP_arith_divsi: case OP_arith_remsi: case OP_arith_floordivsi: case OP_arith_ceildivsi:
        if (!ri || w == 1) return NULL;
        
        return fmt(e, "(%s)ttx_%s(%s, %s)", T, id == OP_arith_divsi ? "divs" : id == OP_arith_remsi ? "rems" : id == OP_arith_floordivsi ? "floordivs" : "ceildivs", a[0], a[1]);
    case OP_arith_divui: case OP_arith_remui: case OP_arith_ceildivui:
        if (!ri || w == 1) return NULL;
        
        return fmt(e, "(%s)ttx_%s((%s)%s, (%s)%s)", T, id == OP_arith_divui ? "divu" : id == OP_arith_remui ? "remu" : "ceildivu", utype(w), a[0], utype(w), a[1]);
    case OP_tt_mulhiui:
        if (!ri || w > 32 || w == 1) return NULL;
        return fmt(e, "(%s)(((u64)(%s)%s * (u64)(%s)%s) >> %d)", T, utype(w), a[0], utype(w), a[1], w);
    case OP_math_absi:
        if (!ri || w == 1) return NULL;
        return fmt(e, "(%s)(%s < 0 ? (%s)0 - (%s)%s : (%s)%s)", T, a[0], U, U, a[0], U, a[0]);
    case OP_arith_addf: case OP_arith_subf: case OP_arith_mulf: case OP_arith_divf: case OP_tt_precise_divf: {
        if (!rf) return NULL;
        const char *o = id == OP_arith_addf ? "+" : id == OP_arith_subf ? "-" : id == OP_arith_mulf ? "*" : "/";
        if (fname_is(rt, "f32") || fname_is(rt, "f64")) return fmt(e, "(%s %s %s)", a[0], o, a[1]);
        return cg_fround(e, rt, fmt(e, "((double)%s %s %s)", a[0], o, a[1]));
    }
    case OP_tt_extern_elementwise: {
        /* libdevice's float functions: __nv_expf, fast_expf, exp, ... */
        Attr *sym = op_attr_any(op, "symbol");
        if (!rf || !sym || sym->kind != A_STRING || sym->str.len >= 64) return NULL;
        char nm[64];
        memcpy(nm, sym->str.s, sym->str.len);
        nm[sym->str.len] = 0;
        const char *n = nm;
        if (!strncmp(n, "__nv_", 5)) n += 5;
        if (!strncmp(n, "fast_", 5)) n += 5;
        static const char *const one[] = { "acos", "acosh", "asin", "asinh", "atan", "atanh", "cbrt", "ceil", "cos",
            "cosh", "erf", "exp", "exp2", "expm1", "floor", "log", "log10", "log1p", "log2", "round", "sin", "sinh",
            "sqrt", "tan", "tanh", "trunc", "fabs", "rsqrt", "sqrt_rn" };
        static const char *const two[] = { "atan2", "pow", "fmod", "fmax", "fmin", "div_rn", "fdiv_rn" };
        for (int pass = 0; pass < 2; pass++) {
            char t[64];
            snprintf(t, sizeof t, "%s", n);
            size_t l = strlen(t);
            if (pass == 1) { if (l < 2 || t[l - 1] != 'f') break; t[l - 1] = 0; }
            for (size_t i = 0; i < sizeof one / sizeof *one && op->nopnds == 1; i++) {
                if (strcmp(one[i], t)) continue;
                if (!strcmp(t, "rsqrt")) return cg_fround(e, rt, fmt(e, "(1.0 / sqrt(%s))", a[0]));
                return call1(e, rt, !strcmp(t, "sqrt_rn") ? "sqrt" : t, a[0]);
            }
            for (size_t i = 0; i < sizeof two / sizeof *two && op->nopnds == 2; i++) {
                if (strcmp(two[i], t)) continue;
                if (!strcmp(t, "fmax") || !strcmp(t, "fmin")) return maxnum(e, rt, t[2] == 'a', a[0], a[1]);   /* as the interpreter */
                if (strstr(t, "div_rn"))
                    return fname_is(rt, "f32") || fname_is(rt, "f64") ? fmt(e, "(%s / %s)", a[0], a[1])
                                                                      : cg_fround(e, rt, fmt(e, "((double)%s / %s)", a[0], a[1]));
                return call2(e, rt, t, a[0], a[1]);
            }
        }
        return NULL;
    }
    case OP_arith_remf: return rf ? call2(e, rt, "fmod", a[0], a[1]) : NULL;
    case OP_math_powf: return rf ? call2(e, rt, "pow", a[0], a[1]) : NULL;
    case OP_math_atan2: return rf ? call2(e, rt, "atan2", a[0], a[1]) : NULL;
    case OP_arith_maxnumf: case OP_arith_minnumf: return rf ? maxnum(e, rt, id == OP_arith_maxnumf, a[0], a[1]) : NULL;
    case OP_arith_maximumf: case OP_arith_minimumf:
        if (!rf) return NULL;
        
        return cg_fround(e, rt, fmt(e, "ttx_%s(%s, %s)", id == OP_arith_maximumf ? "maximum" : "minimum", a[0], a[1]));
    case OP_arith_negf: return rf ? fmt(e, "(-%s)", a[0]) : NULL;
    case OP_math_fma:
        if (!rf) return NULL;
        return cg_fround(e, rt, fmt(e, "fma(%s, %s, %s)", a[0], a[1], a[2]));
    case OP_tt_clampf: {
        if (!rf) return NULL;
        int64_t pn = 0;
        op_attr_int(op, "propagateNan", &pn);
        const char *c = cg_fround(e, rt, fmt(e, "fmin(fmax(%s, %s), %s)", a[0], a[1], a[2]));
        return pn ? fmt(e, "(%s != %s ? %s : %s)", a[0], a[0], a[0], c) : c;
    }
    case OP_math_rsqrt:
        if (!rf) return NULL;
        return cg_fround(e, rt, fmt(e, "(1.0 / sqrt(%s))", a[0]));
    case OP_math_absf: return rf ? call1(e, rt, "fabs", a[0]) : NULL;
    case OP_math_sqrt: case OP_tt_precise_sqrt: return rf ? call1(e, rt, "sqrt", a[0]) : NULL;
    case OP_math_exp: case OP_math_exp2: case OP_math_expm1: case OP_math_log: case OP_math_log2: case OP_math_log10:
    case OP_math_log1p: case OP_math_sin: case OP_math_cos: case OP_math_tan: case OP_math_asin: case OP_math_acos:
    case OP_math_atan: case OP_math_sinh: case OP_math_cosh: case OP_math_tanh: case OP_math_asinh: case OP_math_acosh:
    case OP_math_atanh: case OP_math_erf: case OP_math_cbrt: case OP_math_ceil: case OP_math_floor: case OP_math_round:
    case OP_math_trunc:
        if (!rf) return NULL;
        return call1(e, rt, strchr(op_name(op), '.') + 1, a[0]);
    case OP_arith_cmpi: case OP_arith_cmpf: {
        int64_t p;
        if (!op_attr_int(op, "predicate", &p) || !at) return NULL;
        if (id == OP_arith_cmpf) return at->kind == T_FLOAT ? cmpf_expr(e, p, a[0], a[1]) : NULL;
        if (at->kind != T_INT && at->kind != T_INDEX) return NULL;
        return cmpi_expr(e, p, iw(at), a[0], a[1]);
    }
    case OP_arith_select: return fmt(e, "(%s ? %s : %s)", a[0], a[1], a[2]);
    case OP_arith_extsi: case OP_arith_extui: case OP_arith_trunci: case OP_arith_index_cast: case OP_arith_index_castui: {
        if (!ri || !at || (at->kind != T_INT && at->kind != T_INDEX)) return NULL;
        int aw = iw(at);
        if (w == 1) return fmt(e, "(_Bool)(%s & 1)", a[0]);
        if (aw == 1) return id == OP_arith_extui || id == OP_arith_index_castui ? fmt(e, "(%s)%s", T, a[0]) : fmt(e, "(%s)(%s ? -1 : 0)", T, a[0]);
        if ((id == OP_arith_extui || id == OP_arith_index_castui) && aw < w) return fmt(e, "(%s)(%s)%s", T, utype(aw), a[0]);
        return fmt(e, "(%s)%s", T, a[0]);
    }
    case OP_arith_sitofp: case OP_arith_uitofp: {
        if (!rf || !at || (at->kind != T_INT && at->kind != T_INDEX)) return NULL;
        int aw = iw(at);
        const char *d;
        if (aw == 1) d = id == OP_arith_sitofp ? fmt(e, "(%s ? -1.0 : 0.0)", a[0]) : fmt(e, "(%s ? 1.0 : 0.0)", a[0]);
        else if (id == OP_arith_uitofp && aw == 64) { d = fmt(e, "ttx_u64tod((u64)%s)", a[0]); }
        else if (id == OP_arith_uitofp) d = fmt(e, "(double)(i64)(%s)%s", utype(aw), a[0]);
        else d = fmt(e, "(double)%s", a[0]);
        if (fname_is(rt, "f32") && aw < 64 && aw > 1 && id == OP_arith_sitofp) return fmt(e, "(float)%s", a[0]);
        return cg_fround(e, rt, d);
    }
    case OP_arith_fptosi: case OP_arith_fptoui:
        if (!ri || !at || at->kind != T_FLOAT) return NULL;
        if (w == 1) return fmt(e, "(_Bool)(%s != 0)", a[0]);
        if (id == OP_arith_fptoui && w == 64) { return fmt(e, "(i64)ttx_dtou64(%s)", a[0]); }
        return fmt(e, "(%s)(i64)%s", T, a[0]);
    case OP_arith_extf: case OP_arith_truncf: case OP_tt_fp_to_fp:
        if (!rf || !at || at->kind != T_FLOAT) return NULL;
        /* a NaN keeps its payload, quiet bit set (docs/cpu.md): read from its
         * bits, as RISC-V's conversions give the default NaN */
        if (fname_is(rt, "f16") && (fname_is(at, "f32") || fname_is(at, "f16"))) return fmt(e, "ttx_h2f(ttx_hbits(%s))", a[0]);
        if (is_f16ish(rt)) return cg_fround(e, rt, fname_is(at, "f64") ? a[0] : fmt(e, "ttx_f2d(%s)", a[0]));
        if (fname_is(rt, "f32")) return fname_is(at, "f64") ? fmt(e, "ttx_d2f(%s)", a[0]) : a[0];
        if (fname_is(rt, "f64") && !fname_is(at, "f64")) return fmt(e, "ttx_f2d(%s)", a[0]);
        return fmt(e, "(double)%s", a[0]);
    case OP_arith_bitcast: case OP_tt_bitcast: {
        if (!at) return NULL;
        if (at->kind == T_PTR && rt->kind == T_PTR) return fmt(e, "(%s)%s", T, a[0]);
        if (ri && (at->kind == T_INT || at->kind == T_INDEX)) return fmt(e, "(%s)%s", T, a[0]);
        if (ri && at->kind == T_FLOAT) {
            if (fname_is(at, "f16")) { return fmt(e, "(%s)ttx_hbits(%s)", T, a[0]); }
            if (fname_is(at, "bf16")) { return fmt(e, "(%s)ttx_f2bf(%s)", T, a[0]); }
            
            return fmt(e, "(%s)ttx_bits%d(%s)", T, type_float_width(at), a[0]);
        }
        if (rf && (at->kind == T_INT || at->kind == T_INDEX)) {
            if (fname_is(rt, "f16")) { return fmt(e, "ttx_h2f((u16)%s)", a[0]); }
            if (fname_is(rt, "bf16")) { return fmt(e, "ttx_bf2f((u16)%s)", a[0]); }
            
            return fname_is(rt, "f32") ? fmt(e, "ttx_f32((u32)%s)", a[0]) : fmt(e, "ttx_f64((u64)%s)", a[0]);
        }
        return NULL;
    }
    default:
        return NULL;
    }
}

/* an elementwise op: one whose result element k depends on operand elements k */
bool cg_is_ew(int id) {
    switch (id) {
    case OP_arith_addi: case OP_arith_subi: case OP_arith_muli: case OP_arith_divsi: case OP_arith_divui:
    case OP_arith_ceildivsi: case OP_arith_ceildivui: case OP_arith_floordivsi: case OP_arith_remsi: case OP_arith_remui:
    case OP_arith_andi: case OP_arith_ori: case OP_arith_xori: case OP_arith_shli: case OP_arith_shrsi: case OP_arith_shrui:
    case OP_arith_maxsi: case OP_arith_maxui: case OP_arith_minsi: case OP_arith_minui: case OP_arith_addf:
    case OP_arith_subf: case OP_arith_mulf: case OP_arith_divf: case OP_arith_remf: case OP_arith_maxnumf:
    case OP_arith_minnumf: case OP_arith_maximumf: case OP_arith_minimumf: case OP_arith_negf: case OP_arith_cmpi:
    case OP_arith_cmpf: case OP_arith_select: case OP_arith_extsi: case OP_arith_extui: case OP_arith_extf:
    case OP_arith_trunci: case OP_arith_truncf: case OP_arith_sitofp: case OP_arith_uitofp: case OP_arith_fptosi:
    case OP_arith_fptoui: case OP_arith_index_cast: case OP_arith_index_castui: case OP_arith_bitcast:
    case OP_math_absf: case OP_math_absi: case OP_math_acos: case OP_math_acosh: case OP_math_asin: case OP_math_asinh:
    case OP_math_atan: case OP_math_atan2: case OP_math_atanh: case OP_math_cbrt: case OP_math_ceil: case OP_math_cos:
    case OP_math_cosh: case OP_math_erf: case OP_math_exp: case OP_math_exp2: case OP_math_expm1: case OP_math_floor:
    case OP_math_fma: case OP_math_log: case OP_math_log10: case OP_math_log1p: case OP_math_log2: case OP_math_powf:
    case OP_math_round: case OP_math_rsqrt: case OP_math_sin: case OP_math_sinh: case OP_math_sqrt: case OP_math_tan:
    case OP_math_tanh: case OP_math_trunc: case OP_tt_addptr: case OP_tt_bitcast: case OP_tt_fp_to_fp:
    case OP_tt_clampf: case OP_tt_precise_sqrt: case OP_tt_precise_divf: case OP_tt_mulhiui:
    case OP_tt_extern_elementwise:
        return true;
    default:
        return false;
    }
}
bool cg_is_view(int id) {
    return id == OP_tt_splat || id == OP_tt_broadcast || id == OP_tt_expand_dims || id == OP_tt_trans ||
           id == OP_tt_make_range || id == OP_tt_reshape || id == OP_tt_unsplat || id == OP_tt_cat || id == OP_tt_join;
}
/* ops whose C needs a check statement (so they are never fused) */
bool cg_needs_check(int id) {
    return id == OP_arith_divsi || id == OP_arith_divui || id == OP_arith_ceildivsi || id == OP_arith_ceildivui ||
           id == OP_arith_floordivsi || id == OP_arith_remsi || id == OP_arith_remui || id == OP_arith_fptosi ||
           id == OP_arith_fptoui;
}

/* the expression of element idx of op's first result */
const char *cg_elem_of(Cg *e, Op *op, const char *const *idx) {
    int id = op->info->id;
    Value *v = op_result(op, 0);
    Type *t = v->type;
    int r = t->sh.rank;
    if (id == OP_tt_splat) return cg_ex(e, op_operand(op, 0), NULL);
    if (id == OP_tts_make_tptr) return cg_tptr_elem(e, op, idx);
    Aff *af = id == OP_arith_constant ? NULL : cg_aff_of(e, v);
    if (af) return cg_aff_render(e, af, t->sh.elem, idx);
    const char *sidx[MAXR];
    switch (id) {
    case OP_arith_constant: {
        Attr *c = op_attr(op, "value");
        if (!c || c->kind != A_DENSE || !c->dense.n) return NULL;
        if (c->dense.n == 1) return cg_lit_attr(e, c->dense.elts[0], t->sh.elem);
        return fmt(e, "%s[%s]", cg_vi(e, v)->name, cg_flat(e, t->sh.dims, r, idx));
    }
    case OP_tt_splat: return cg_ex(e, op_operand(op, 0), NULL);
    case OP_tt_broadcast: {
        Value *s = op_operand(op, 0);
        Type *st = s->type;
        if (!is_tensor(st) || (st->sh.rank != r && type_numel(st) != 1)) return NULL;
        for (int d = 0; d < st->sh.rank; d++) sidx[d] = st->sh.rank != r || st->sh.dims[d] == 1 ? "0" : idx[d];
        return cg_ex(e, s, sidx);
    }
    case OP_tt_expand_dims: {
        int64_t ax;
        if (!op_attr_int(op, "axis", &ax) || ax < 0 || ax >= r) return NULL;
        for (int d = 0, k = 0; d < r; d++)
            if (d != ax) sidx[k++] = idx[d];
        return cg_ex(e, op_operand(op, 0), sidx);
    }
    case OP_tt_trans: {
        int64_t order[MAXR];
        if (op_attr_ints(op, "order", order, MAXR) != r) return NULL;
        for (int d = 0; d < r; d++) {
            if (order[d] < 0 || order[d] >= r) return NULL;
            sidx[order[d]] = idx[d];
        }
        return cg_ex(e, op_operand(op, 0), sidx);
    }
    case OP_tt_cat: case OP_tt_join: {
        /* cat: a's elements, then b's; join: a new last dimension of 2 */
        Value *a = op_operand(op, 0), *b = op_operand(op, 1);
        VI *xa = cg_vi(e, a), *xb = cg_vi(e, b);
        if (!is_tensor(a->type) || !is_tensor(b->type) || xa->kind != K_ARRAY || xb->kind != K_ARRAY) return NULL;
        int64_t na = type_numel(a->type);
        if (id == OP_tt_cat) {
            const char *f = cg_flat(e, t->sh.dims, r, idx);
            return fmt(e, "(%s < %" PRId64 " ? %s[%s] : %s[%s - %" PRId64 "])", f, na, xa->name, f, xb->name, f, na);
        }
        if (a->type->sh.rank != r - 1) return NULL;
        const char *f = cg_flat(e, a->type->sh.dims, r - 1, idx);
        return fmt(e, "(%s ? %s[%s] : %s[%s])", idx[r - 1], xb->name, f, xa->name, f);
    }
    case OP_tt_reshape: case OP_tt_unsplat: {
        Value *s = op_operand(op, 0);
        VI *x = cg_vi(e, s);
        if (!is_tensor(s->type) || x->kind != K_ARRAY || type_numel(s->type) != type_numel(t)) return NULL;
        if (!is_tensor(t)) return fmt(e, "%s[0]", x->name);
        return fmt(e, "%s[%s]", x->name, cg_flat(e, t->sh.dims, r, idx));
    }
    default:
        break;
    }
    if (!cg_is_ew(id) || op->nopnds > 3) return NULL;
    const char *a[3] = { NULL, NULL, NULL };
    for (int i = 0; i < op->nopnds; i++) {
        Value *o = op_operand(op, i);
        if (is_tensor(o->type)) {
            if (o->type->sh.rank != r) return NULL;
            a[i] = cg_ex(e, o, idx);
        } else a[i] = cg_ex(e, o, NULL);
        if (!a[i]) return NULL;
    }
    return cg_op_expr(e, op, a);
}

const char *cg_ex(Cg *e, Value *v, const char *const *idx) {
    VI *x = cg_vi(e, v);
    if (!is_tensor(v->type)) return x->name;
    if (x->kind == K_ARRAY) return fmt(e, "%s[%s]", x->name, cg_flat(e, v->type->sh.dims, v->type->sh.rank, idx));
    if (x->kind == K_VIRT && x->carried) {
        Aff *af = cg_aff_of(e, v);
        if (af) return cg_aff_render(e, af, v->type->sh.elem, idx);
    } else if (x->kind == K_VIRT && v->def) {
        const char *s = cg_elem_of(e, v->def, idx);
        if (s) return s;
    }
    Op *at = v->def ? v->def : value_argblock(v) && value_argblock(v)->region ? value_argblock(v)->region->op : NULL;
    if (at) cg_unsupported(e, at, "an operand it cannot express");
    else e->failed = true;
    return "0";
}
