/* targets/cgen/values.c - values: their table and C names, types, literals, flat indices, sites (see emit.h). */
#include "emit.h"

/* ---- errors ------------------------------------------------------------- */

/* the reason of the last op stored through CgenOpts.unsupported on this
 * thread (cgen_unsupported_why) */
static _Thread_local const Op *why_op;
static _Thread_local char why_text[256];

const char *cgen_unsupported_why(const Op *op) { return op && op == why_op && why_text[0] ? why_text : NULL; }

bool cg_unsupported(Cg *e, Op *op, const char *why) {
    if (e->failed) return false;
    e->failed = true;
    if (e->o && e->o->unsupported) {
        *e->o->unsupported = op;
        why_op = op;
        snprintf(why_text, sizeof why_text, "%s", why ? why : "");
        return false;
    }
    if (why) diag_error(e->d, op->loc, "the %s target does not support '%s' (%s)", e->s->name, op_name(op), why);
    else diag_error(e->d, op->loc, "the %s target does not support '%s'", e->s->name, op_name(op));
    return false;
}

/* ---- values ------------------------------------------------------------- */

static VI *vi_find(Cg *e, const Value *v) {
    if (!e->cap) return NULL;
    for (size_t i = ptr_hash(v) & (e->cap - 1);; i = (i + 1) & (e->cap - 1)) {
        if (!e->tab[i]) return NULL;
        if (e->tab[i]->v == v) return e->tab[i];
    }
}
VI *cg_vi(Cg *e, Value *v) {
    VI *x = vi_find(e, v);
    if (x) return x;
    if ((e->n + 1) * 2 > e->cap) {
        size_t nc = e->cap ? e->cap * 2 : 256;
        VI **nt = calloc(nc, sizeof *nt);
        if (!nt) abort();
        for (size_t i = 0; i < e->cap; i++) {
            if (!e->tab[i]) continue;
            size_t j = ptr_hash(e->tab[i]->v) & (nc - 1);
            while (nt[j]) j = (j + 1) & (nc - 1);
            nt[j] = e->tab[i];
        }
        free(e->tab);
        e->tab = nt;
        e->cap = nc;
    }
    x = calloc(1, sizeof *x);
    if (!x) abort();
    x->v = v;
    pv_push(&e->vis, x);
    size_t j = ptr_hash(v) & (e->cap - 1);
    while (e->tab[j]) j = (j + 1) & (e->cap - 1);
    e->tab[j] = x;
    e->n++;
    return x;
}
/* the C type of an element of type t in memory */
const char *cg_mtype(Cg *e, const Type *t) {
    if (!t) return NULL;
    if (t->kind == T_INT && t->i.width == 1) return "u8";
    if (is_f16ish(t)) return "u16";
    if (t->kind == T_PTR) return NULL;
    return cg_rtype(e, t);
}
const char *cg_rtype(Cg *e, const Type *t) {
    if (!t) return NULL;
    if (t->kind == T_INDEX) return "i64";
    if (t->kind == T_INT) {
        switch (t->i.width) {
        case 1: return "_Bool";
        case 8: return "i8";
        case 16: return "i16";
        case 32: return "i32";
        case 64: return "i64";
        default: return NULL;
        }
    }
    if (t->kind == T_FLOAT) {
        if (fname_is(t, "f32") || is_f16ish(t)) return "float";
        if (fname_is(t, "f64")) return "double";
        return NULL;
    }
    if (t->kind == T_PTR) {
        if (is_bptr(t)) { return "ttx_bptr"; }
        const char *m = cg_mtype(e, t->ptr.pointee);
        return m ? fmt(e, "%s *", m) : NULL;
    }
    return NULL;
}
int cg_msize(const Type *t) {
    if (t->kind == T_INT) return t->i.width == 1 ? 1 : t->i.width / 8;
    if (t->kind == T_INDEX) return 8;
    return type_float_width(t) / 8;
}

/* "T name" or "T name[N]" for a value of type t; NULL if t has no C form */
const char *cg_decl(Cg *e, const char *name, Type *t) {
    if (is_tensor(t)) {
        Type *el = t->sh.elem;
        int64_t n = type_numel(t);
        if (n < 0) return NULL;
        if (el->kind == T_PTR) {
            if (is_bptr(el)) return NULL;
            const char *m = cg_mtype(e, el->ptr.pointee);
            return m ? fmt(e, "%s *%s[%" PRId64 "]", m, name, n ? n : 1) : NULL;
        }
        const char *r = cg_rtype(e, el);
        return r ? fmt(e, "%s %s[%" PRId64 "]", r, name, n ? n : 1) : NULL;
    }
    const char *r = cg_rtype(e, t);
    if (!r) return NULL;
    size_t l = strlen(r);
    return fmt(e, "%s%s%s", r, l && r[l - 1] == '*' ? "" : " ", name);
}

/* ---- literals ----------------------------------------------------------- */

static const char *lit_int(Cg *e, int64_t v, const Type *t) {
    int w = t->kind == T_INT ? t->i.width : 64;
    if (w == 1) return (v & 1) ? "1" : "0";
    if (v == INT64_MIN) return "(-9223372036854775807LL - 1)";
    if (v == INT32_MIN && w <= 32) return "(-2147483647 - 1)";
    bool big = v > INT32_MAX || v < INT32_MIN;
    if (v < 0) return fmt(e, "(%" PRId64 "%s)", v, big ? "LL" : "");
    return fmt(e, "%" PRId64 "%s", v, big ? "LL" : "");
}

const char *cg_lit_float(Cg *e, double v, const Type *t) {
    bool dbl = fname_is(t, "f64");
    if (isnan(v) || isinf(v)) {
        
        if (dbl) {
            uint64_t b;
            memcpy(&b, &v, 8);
            return fmt(e, "ttx_f64(0x%016" PRIx64 "ull)", b);
        }
        float f = (float)v;
        uint32_t b;
        memcpy(&b, &f, 4);
        return fmt(e, "ttx_f32(0x%08" PRIx32 "u)", b);
    }
    char buf[64];
    if (dbl) {
        snprintf(buf, sizeof buf, "%.17g", v);
        for (int p = 1; p <= 17; p++) {
            snprintf(buf, sizeof buf, "%.*g", p, v);
            if (strtod(buf, NULL) == v) break;
        }
    } else {
        float f = (float)v;
        for (int p = 1; p <= 9; p++) {
            snprintf(buf, sizeof buf, "%.*g", p, (double)f);
            if (strtof(buf, NULL) == f) break;
        }
    }
    bool point = strpbrk(buf, ".e") != NULL;
    return fmt(e, "%s%s%s%s%s", v < 0 || signbit(v) ? "(" : "", buf, point ? "" : ".0", dbl ? "" : "f",
               v < 0 || signbit(v) ? ")" : "");
}

const char *cg_lit_attr(Cg *e, Attr *a, const Type *t) {
    if (a->kind == A_FLOAT) return t->kind == T_FLOAT ? cg_lit_float(e, a->f, t) : lit_int(e, (int64_t)a->f, t);
    if (a->kind == A_INT || a->kind == A_BOOL) return t->kind == T_FLOAT ? cg_lit_float(e, (double)a->i, t) : lit_int(e, a->i, t);
    return NULL;
}

/* the flat row-major index of idx in dims: sum idx[d] * stride[d] */
const char *cg_flat(Cg *e, const int64_t *dims, int rank, const char *const *idx) {
    const char *acc = NULL;
    for (int d = 0; d < rank; d++) {
        if (is0(idx[d])) continue;
        int64_t st = 1;
        for (int k = d + 1; k < rank; k++) st *= dims[k];
        const char *t = st == 1 ? idx[d] : fmt(e, "%s * %" PRId64, idx[d], st);
        acc = acc ? fmt(e, "%s + %s", acc, t) : t;
    }
    return acc ? acc : "0";
}

/* ---- sites and declarations ------------------------------------------------ */

/* the next site id (TTX_IN, TTX_FAIL), op recorded in CgenOpts.sites */
int cg_site(Cg *e, Op *op) {
    if (e->o && e->o->sites) pv_push(e->o->sites, op);
    return e->nsite++;
}

/* the declaration of v's C variable, as a line */
bool cg_declare(Cg *e, Value *v) {
    const char *dl = cg_decl(e, cg_vi(e, v)->name, v->type);
    if (!dl) {
        Op *at = v->def ? v->def : (value_argblock(v) && value_argblock(v)->region ? value_argblock(v)->region->op : NULL);
        return at ? cg_unsupported(e, at, "a value of this type") : false;
    }
    line(e, "%s;", dl);
    return true;
}
