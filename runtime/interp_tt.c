/* interp_tt.c - the interpreter's tt ops: shapes, dot, reduce and scan,
 * loads and stores through tensors of pointers, libdevice, histogram, print,
 * gather, map_elementwise, atomics. */
#include "interp_impl.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- shape ops ------------------------------------------------------- */

static void strides_of(const RV *v, int64_t *st) {
    int64_t s = 1;
    for (int i = v->rank - 1; i >= 0; i--) { st[i] = s; s *= v->dims[i]; }
}

bool iv_broadcast(In *in, Op *op, const RV *a, RV *r) {
    if (a->n == 1) { for (int64_t k = 0; k < r->n; k++) r->e[k] = a->e[0]; return true; }
    if (a->rank != r->rank) return iv_fail(in, op, "broadcast changes the rank");
    int64_t st[MAX_RANK];
    strides_of(a, st);
    for (int i = 0; i < r->rank; i++) {
        if (a->dims[i] == 1) st[i] = 0;
        else if (a->dims[i] != r->dims[i]) return iv_fail(in, op, "incompatible broadcast shapes");
    }
    for (int64_t k = 0; k < r->n; k++) {
        int64_t rem = k, src = 0;
        for (int i = r->rank - 1; i >= 0; i--) { src += (rem % r->dims[i]) * st[i]; rem /= r->dims[i]; }
        r->e[k] = a->e[src];
    }
    return true;
}

bool iv_trans(In *in, Op *op, const RV *a, RV *r) {
    int64_t order[MAX_RANK];
    int n = op_attr_ints(op, "order", order, MAX_RANK);
    if (n != a->rank || n != r->rank) return iv_fail(in, op, "bad 'order' attribute");
    int64_t st[MAX_RANK], ost[MAX_RANK];
    strides_of(a, st);
    for (int i = 0; i < n; i++) {
        if (order[i] < 0 || order[i] >= n || r->dims[i] != a->dims[order[i]]) return iv_fail(in, op, "bad 'order' attribute");
        ost[i] = st[order[i]];
    }
    for (int64_t k = 0; k < r->n; k++) {
        int64_t rem = k, src = 0;
        for (int i = r->rank - 1; i >= 0; i--) { src += (rem % r->dims[i]) * ost[i]; rem /= r->dims[i]; }
        r->e[k] = a->e[src];
    }
    return true;
}

/* c + a x b over the last two dimensions, batched over a leading one */
bool iv_dot(In *in, Op *op, const RV *a, const RV *b, const RV *c, RV *r) {
    if (a->rank != r->rank || b->rank != r->rank || c->n != r->n || (r->rank != 2 && r->rank != 3))
        return iv_fail(in, op, "unsupported operand shapes");
    int o = r->rank - 2;
    int64_t B = o ? r->dims[0] : 1, M = r->dims[o], N = r->dims[o + 1], K = a->dims[o + 1];
    if (a->dims[o] != M || b->dims[o] != K || b->dims[o + 1] != N || (o && (a->dims[0] != B || b->dims[0] != B)))
        return iv_fail(in, op, "operand shapes do not match");
    bool fl = iv_kind_of(r->et) == 'f';
    int wa = iv_kind_of(a->et) == 'i' ? iw(a->et) : 0, wb = iv_kind_of(b->et) == 'i' ? iw(b->et) : 0;
    if (fl != (iv_kind_of(a->et) == 'f') || fl != (iv_kind_of(b->et) == 'f')) return iv_fail(in, op, "mixed int and float operands");
    for (int64_t z = 0; z < B; z++)
        for (int64_t i = 0; i < M; i++)
            for (int64_t j = 0; j < N; j++) {
                int64_t ro = (z * M + i) * N + j;
                if (fl) {
                    double acc = c->e[ro].f;
                    for (int64_t k = 0; k < K; k++)
                        acc = fround(r->et, acc + a->e[(z * M + i) * K + k].f * b->e[(z * K + k) * N + j].f);
                    r->e[ro].f = acc;
                } else {
                    uint64_t acc = (uint64_t)c->e[ro].i;
                    for (int64_t k = 0; k < K; k++)
                        acc += (uint64_t)sx(a->e[(z * M + i) * K + k].i, wa) * (uint64_t)sx(b->e[(z * K + k) * N + j].i, wb);
                    r->e[ro].i = wrapt(r->et, (int64_t)acc);
                }
            }
    return true;
}
/* one application of a reduce's or scan's combiner region to acc[i] and
 * cur[i] (i < k, one element each); the results replace acc[i] */
static bool combine(In *in, Op *op, int k, RV *acc, RV *cur, RV **vals) {
    for (int i = 0; i < k; i++) { vals[i] = &acc[i]; vals[k + i] = &cur[i]; }
    Op *t = NULL;
    bool ok = iv_run_region(in, op, &op->regions[0], 2 * k, vals, &t);
    if (ok && t->nopnds != k) ok = iv_fail(in, t, "the combiner returns %d values, expected %d", t->nopnds, k);
    for (int i = 0; ok && i < k; i++) {
        RV *v = iv_opnd(in, t, i);
        if (!v) ok = false;
        else acc[i].e[0] = v->e[0];
    }
    return ok;
}

/* tt.reduce and tt.scan: combine along `axis` with the op's region */
bool iv_run_combine(In *in, Op *op, bool scan) {
    int k = op->nopnds;
    int64_t axis;
    if (!op_attr_int(op, "axis", &axis)) return iv_fail(in, op, "missing 'axis'");
    bool rev = false;
    if (scan) { int64_t rv = 0; op_attr_int(op, "reverse", &rv); rev = rv != 0; }
    if (k < 1 || op->nres != k || op->nregions != 1 || !op->regions[0].first)
        return iv_fail(in, op, "malformed %s", op_name(op));
    Block *blk = op->regions[0].first;
    if (blk->nargs != 2 * k) return iv_fail(in, op, "the combiner takes %d arguments, expected %d", blk->nargs, 2 * k);
    RV *src0 = iv_opnd(in, op, 0);
    if (!src0) return false;
    if (axis < 0 || axis >= src0->rank) return iv_fail(in, op, "axis %lld out of range", (long long)axis);
    int64_t outer = 1, len = src0->dims[axis], inner = 1;
    for (int i = 0; i < axis; i++) outer *= src0->dims[i];
    for (int i = (int)axis + 1; i < src0->rank; i++) inner *= src0->dims[i];
    RV *res = calloc((size_t)k, sizeof(RV)), *acc = calloc((size_t)k, sizeof(RV)), *cur = calloc((size_t)k, sizeof(RV));
    RV **vals = calloc((size_t)(2 * k), sizeof(RV *));
    bool ok = res && acc && cur && vals;
    if (!ok) iv_fail(in, op, "out of memory");
    for (int i = 0; ok && i < k; i++) {
        ok = iv_res_alloc(in, op, i, &res[i]);
        RV *s = ok ? iv_opnd(in, op, i) : NULL;
        ok = ok && s;
        if (ok && s->n != src0->n) ok = iv_fail(in, op, "operand shapes differ");
        if (ok && (res[i].n != (scan ? s->n : s->n / (len ? len : 1)))) ok = iv_fail(in, op, "result shape does not match");
        ok = ok && iv_rv_alloc(in, op, &acc[i], blk->args[i]->type) && iv_rv_alloc(in, op, &cur[i], blk->args[k + i]->type);
    }
    /* a reduce combines by halving: while n > 1 elements are left, element
     * j (j < n - m, m = ceil(n / 2)) is combined with element j + m and n
     * becomes m; a scan combines in order (in reverse with `reverse`) */
    El *tmp = !scan && ok ? malloc((size_t)k * (size_t)(len ? len : 1) * sizeof(El)) : NULL;
    if (!scan && ok && !tmp) ok = iv_fail(in, op, "out of memory");
    for (int64_t o = 0; ok && o < outer; o++)
        for (int64_t q = 0; ok && q < inner; q++) {
            if (!scan) {
                for (int i = 0; ok && i < k; i++) {
                    RV *s = iv_opnd(in, op, i);
                    if (!s) { ok = false; break; }
                    for (int64_t j = 0; j < len; j++) tmp[i * len + j] = s->e[(o * len + j) * inner + q];
                }
                for (int64_t n = len; ok && n > 1;) {
                    int64_t m = (n + 1) / 2;
                    for (int64_t j = 0; ok && j < n - m; j++) {
                        for (int i = 0; i < k; i++) {
                            acc[i].e[0] = tmp[i * len + j];
                            cur[i].e[0] = tmp[i * len + j + m];
                        }
                        ok = combine(in, op, k, acc, cur, vals);
                        for (int i = 0; ok && i < k; i++) tmp[i * len + j] = acc[i].e[0];
                    }
                    n = m;
                }
                if (ok && len > 0)
                    for (int i = 0; i < k; i++) res[i].e[o * inner + q] = tmp[i * len];
                continue;
            }
            for (int64_t jj = 0; ok && jj < len; jj++) {
                int64_t j = rev ? len - 1 - jj : jj;
                int64_t si = (o * len + j) * inner + q;
                for (int i = 0; i < k; i++) {
                    RV *s = iv_opnd(in, op, i);
                    if (!s) { ok = false; break; }
                    if (jj == 0) acc[i].e[0] = s->e[si];
                    else cur[i].e[0] = s->e[si];
                }
                if (!ok) break;
                if (jj > 0) ok = combine(in, op, k, acc, cur, vals);
                if (ok) for (int i = 0; i < k; i++) res[i].e[si] = acc[i].e[0];
            }
        }
    free(tmp);
    for (int i = 0; i < k && res; i++) {
        if (ok) ok = res_set(in, op, i, &res[i]);
        free(res[i].e);
    }
    for (int i = 0; i < k && acc; i++) free(acc[i].e);
    for (int i = 0; i < k && cur; i++) free(cur[i].e);
    free(res); free(acc); free(cur); free(vals);
    return ok;
}
/* ---- memory ops ------------------------------------------------------ */

bool iv_addptr(In *in, Op *op, const RV *p, const RV *off, RV *r) {
    if (!iv_same_n(in, op, p, off)) return false;
    Type *pe = iv_pointee_of(in, op, p->et);
    if (!pe) return false;
    int64_t sz = iv_elem_bytes(pe);
    int w = iw(off->et);
    for (int64_t k = 0; k < r->n; k++) {
        El e = p->e[p->n == 1 ? 0 : k];
        e.p.off = (int64_t)((uint64_t)e.p.off + (uint64_t)sx(off->e[off->n == 1 ? 0 : k].i, w) * (uint64_t)sz);
        r->e[k] = e;
    }
    return true;
}

bool iv_load(In *in, Op *op, RV *r) {
    if (op->nopnds && iv_kind_of(op_operand(op, 0)->type) == 'b') {
        RV *b = iv_opnd(in, op, 0);
        if (op->nopnds > 1) return iv_fail(in, op, "a load through a block pointer takes no mask");
        return b && iv_block_load(in, op, b, r);
    }
    RV *p = iv_opnd(in, op, 0), *m = op->nopnds > 1 ? iv_opnd(in, op, 1) : NULL, *other = op->nopnds > 2 ? iv_opnd(in, op, 2) : NULL;
    if (!p || (op->nopnds > 1 && !m) || (op->nopnds > 2 && !other)) return false;
    Type *pe = iv_pointee_of(in, op, p->et);
    if (!pe) return false;
    if (p->n != r->n || (m && m->n != r->n && m->n != 1) || (other && other->n != r->n && other->n != 1))
        return iv_fail(in, op, "operand shapes differ");
    for (int64_t k = 0; k < r->n; k++) {
        if (m && !m->e[m->n == 1 ? 0 : k].i) {
            if (other) r->e[k] = other->e[other->n == 1 ? 0 : k];
            continue;
        }
        unsigned char *a = iv_mem_at(in, op, p, k, pe, "reads");
        if (!a || !iv_mem_read(in, op, a, pe, &r->e[k])) return false;
    }
    return true;
}

bool iv_store(In *in, Op *op) {
    if (op->nopnds && iv_kind_of(op_operand(op, 0)->type) == 'b') {
        RV *b = iv_opnd(in, op, 0), *v = op->nopnds > 1 ? iv_opnd(in, op, 1) : NULL;
        if (op->nopnds != 2) return iv_fail(in, op, "a store through a block pointer takes no mask");
        return b && v && iv_block_store(in, op, b, v);
    }
    RV *p = iv_opnd(in, op, 0), *v = iv_opnd(in, op, 1), *m = op->nopnds > 2 ? iv_opnd(in, op, 2) : NULL;
    if (!p || !v || (op->nopnds > 2 && !m)) return false;
    Type *pe = iv_pointee_of(in, op, p->et);
    if (!pe) return false;
    if ((v->n != p->n && v->n != 1) || (m && m->n != p->n && m->n != 1)) return iv_fail(in, op, "operand shapes differ");
    for (int64_t k = 0; k < p->n; k++) {
        if (m && !m->e[m->n == 1 ? 0 : k].i) continue;
        unsigned char *a = iv_mem_at(in, op, p, k, pe, "writes");
        if (!a || !iv_mem_write(in, op, a, pe, v->e[v->n == 1 ? 0 : k])) return false;
    }
    return true;
}
/* tt.extern_elementwise of the common libdevice functions */
bool iv_extern_elementwise(In *in, Op *op, RV *a, RV *b, RV *r) {
    static const struct { const char *n; int id, ar; } fns[] = {
        { "acos", OP_math_acos, 1 }, { "acosh", OP_math_acosh, 1 }, { "asin", OP_math_asin, 1 },
        { "asinh", OP_math_asinh, 1 }, { "atan", OP_math_atan, 1 }, { "atanh", OP_math_atanh, 1 },
        { "cbrt", OP_math_cbrt, 1 }, { "ceil", OP_math_ceil, 1 }, { "cos", OP_math_cos, 1 },
        { "cosh", OP_math_cosh, 1 }, { "erf", OP_math_erf, 1 }, { "exp", OP_math_exp, 1 },
        { "exp2", OP_math_exp2, 1 }, { "expm1", OP_math_expm1, 1 }, { "fabs", OP_math_absf, 1 },
        { "floor", OP_math_floor, 1 }, { "log", OP_math_log, 1 }, { "log10", OP_math_log10, 1 },
        { "log1p", OP_math_log1p, 1 }, { "log2", OP_math_log2, 1 }, { "round", OP_math_round, 1 },
        { "rsqrt", OP_math_rsqrt, 1 }, { "sin", OP_math_sin, 1 }, { "sinh", OP_math_sinh, 1 },
        { "sqrt", OP_math_sqrt, 1 }, { "tan", OP_math_tan, 1 }, { "tanh", OP_math_tanh, 1 },
        { "trunc", OP_math_trunc, 1 }, { "atan2", OP_math_atan2, 2 }, { "pow", OP_math_powf, 2 },
        { "fmod", OP_arith_remf, 2 }, { "fmax", OP_arith_maxnumf, 2 }, { "fmin", OP_arith_minnumf, 2 },
        { "div_rn", OP_arith_divf, 2 }, { "fdiv_rn", OP_arith_divf, 2 }, { "sqrt_rn", OP_math_sqrt, 1 },
    };
    Attr *sym = op_attr_any(op, "symbol");
    if (!sym || sym->kind != A_STRING || sym->str.len >= 64) return iv_fail(in, op, "missing 'symbol'");
    char nm[64];
    memcpy(nm, sym->str.s, sym->str.len);
    nm[sym->str.len] = 0;
    const char *s = nm;
    if (!strncmp(s, "__nv_", 5)) s += 5;
    if (!strncmp(s, "fast_", 5)) s += 5;
    int id = -1, ar = 0;
    for (int pass = 0; pass < 2 && id < 0; pass++) {
        char t[64];
        snprintf(t, sizeof t, "%s", s);
        size_t l = strlen(t);
        if (pass == 1) { if (l < 2 || t[l - 1] != 'f') break; t[l - 1] = 0; }
        for (size_t i = 0; i < sizeof fns / sizeof *fns; i++)
            if (!strcmp(fns[i].n, t)) { id = fns[i].id; ar = fns[i].ar; break; }
    }
    if (id < 0) return iv_fail(in, op, "extern function '%s' is not supported", nm);
    if (iv_kind_of(r->et) != 'f' || !a || (ar == 2) != (b != NULL) || op->nopnds != ar) return iv_fail(in, op, "'%s' expects %d float operand(s)", nm, ar);
    if (a->n != r->n || (b && b->n != r->n && b->n != 1)) return iv_fail(in, op, "operand shapes differ");
    return iv_arith_float(in, op, id, a, b, r);
}

El iv_ptr_dec(int64_t v) {
    El e;
    memset(&e, 0, sizeof e);
    e.p.buf = (int32_t)((v >> PTR_SHIFT) - 1);
    e.p.off = v & (((int64_t)1 << PTR_SHIFT) - 1);
    return e;
}

bool iv_histogram(In *in, Op *op, RV *a, RV *m, RV *r) {
    if (iv_kind_of(a->et) != 'i' || iv_kind_of(r->et) != 'i' || r->rank != 1) return iv_fail(in, op, "unsupported operand types");
    if (m && m->n != a->n && m->n != 1) return iv_fail(in, op, "operand shapes differ");
    for (int64_t k = 0; k < a->n; k++) {
        if (m && !m->e[m->n == 1 ? 0 : k].i) continue;
        int64_t v = sx(a->e[k].i, iw(a->et));
        if (v >= 0 && v < r->n) r->e[v].i = wrapt(r->et, r->e[v].i + 1);
    }
    return true;
}

/* operand i of tt.print is a signed integer (isSigned, one entry per
 * operand, as Triton writes it; without it, signed) */
static bool iv_print_signed(Op *op, int i) {
    Attr *a = op_attr_any(op, "isSigned");
    if (!a || a->kind != A_DENSE_ARRAY || !a->darr.i || i >= a->darr.n) return true;
    return a->darr.i[i] != 0;
}

/* tt.print: one line per element on stdout, "pid (x, y, z) idx (i, j) PREFIX VALUE"
 * (an unsigned integer operand, isSigned 0, in unsigned decimal) */
bool iv_print_op(In *in, Op *op) {
    const char *pre = "";
    size_t pl = 0;
    Attr *pa = op_attr_any(op, "prefix");
    if (pa && pa->kind == A_STRING) { pre = pa->str.s; pl = pa->str.len; }
    Attr *hex = op_attr_any(op, "hex");
    bool hx = hex && (hex->kind == A_BOOL || hex->kind == A_INT) && hex->i;
    if (!op->nopnds) { printf("pid (%d, %d, %d) %.*s\n", in->pid[0], in->pid[1], in->pid[2], (int)pl, pre); return true; }
    for (int i = 0; i < op->nopnds; i++) {
        RV *v = iv_opnd(in, op, i);
        if (!v) return false;
        int k0 = iv_kind_of(v->et);
        for (int64_t k = 0; k < v->n; k++) {
            char idx[128];
            iv_index_str(idx, sizeof idx, v, k);
            idx[0] = '(';
            idx[strlen(idx) - 1] = ')';
            printf("pid (%d, %d, %d) idx %s%.*s", in->pid[0], in->pid[1], in->pid[2], idx, (int)pl, pre);
            if (k0 == 'f') {
                if (hx) { int64_t bits = 0; iv_float_bits(v->et, v->e[k].f, &bits); printf("0x%llx\n", (unsigned long long)zx(bits, type_float_width(v->et))); }
                else printf("%.9g\n", v->e[k].f);
            } else if (k0 == 'i') {
                int w = iw(v->et);
                if (hx) printf("0x%llx\n", (unsigned long long)zx(v->e[k].i, w));
                else if (!iv_print_signed(op, i)) printf("%llu\n", (unsigned long long)zx(v->e[k].i, w));
                else printf("%lld\n", (long long)sx(v->e[k].i, w));
            } else printf("0x%llx\n", (unsigned long long)ptr_enc(v->e[k]));
        }
    }
    return true;
}

/* tt.gather %src[%idx] {axis}: the element of src at idx's position with
 * the coordinate along axis taken from idx */
bool iv_gather(In *in, Op *op, RV *src, RV *idx, RV *r) {
    int64_t ax;
    Attr *a = op_attr_any(op, "axis");
    if (!a || a->kind != A_INT) return iv_fail(in, op, "missing 'axis'");
    ax = a->i;
    if (src->rank != idx->rank || r->rank != idx->rank || r->n != idx->n || ax < 0 || ax >= src->rank)
        return iv_fail(in, op, "operand shapes do not match");
    int64_t st[MAX_RANK];
    strides_of(src, st);
    for (int64_t k = 0; k < r->n; k++) {
        int64_t rem = k, o = 0;
        for (int d = r->rank - 1; d >= 0; d--) {
            int64_t i = rem % r->dims[d];
            rem /= r->dims[d];
            if (d == ax) i = sx(idx->e[k].i, iw(idx->et));
            if (i < 0 || i >= src->dims[d]) {
                char is[128];
                iv_index_str(is, sizeof is, r, k);
                return iv_fail(in, op, "index %lld out of range [0, %lld) at element %s", (long long)i, (long long)src->dims[d], is);
            }
            o += i * st[d];
        }
        r->e[k] = src->e[o];
    }
    return true;
}

/* tt.map_elementwise (pack = 1): the region on each element */
bool iv_map_elementwise(In *in, Op *op) {
    Attr *pk = op_attr_any(op, "pack");
    if (pk && pk->kind == A_INT && pk->i != 1) return iv_fail(in, op, "pack = %lld is not supported", (long long)pk->i);
    int n = op->nopnds, m = op->nres;
    if (!n || !m || op->nregions != 1 || !op->regions[0].first) return iv_fail(in, op, "malformed tt.map_elementwise");
    Block *blk = op->regions[0].first;
    if (blk->nargs != n) return iv_fail(in, op, "the region takes %d arguments, expected %d", blk->nargs, n);
    RV *res = calloc((size_t)m, sizeof(RV)), *sc = calloc((size_t)n, sizeof(RV));
    RV **vals = calloc((size_t)n, sizeof(RV *));
    bool ok = res && sc && vals;
    if (!ok) iv_fail(in, op, "out of memory");
    for (int i = 0; ok && i < m; i++) ok = iv_res_alloc(in, op, i, &res[i]);
    for (int i = 0; ok && i < n; i++) ok = iv_rv_alloc(in, op, &sc[i], blk->args[i]->type);
    int64_t total = ok ? res[0].n : 0;
    for (int i = 0; ok && i < n; i++) {
        RV *v = iv_opnd(in, op, i);
        if (!v) ok = false;
        else if (v->n != total) ok = iv_fail(in, op, "operand shapes differ");
    }
    for (int64_t k = 0; ok && k < total; k++) {
        for (int i = 0; i < n; i++) { sc[i].e[0] = iv_opnd(in, op, i)->e[k]; vals[i] = &sc[i]; }
        Op *t = NULL;
        ok = iv_run_region(in, op, &op->regions[0], n, vals, &t);
        if (ok && t->nopnds != m) ok = iv_fail(in, t, "the region returns %d values, expected %d", t->nopnds, m);
        for (int i = 0; ok && i < m; i++) {
            RV *v = iv_opnd(in, t, i);
            if (!v) ok = false;
            else res[i].e[k] = v->e[0];
        }
    }
    for (int i = 0; res && i < m; i++) {
        if (ok) ok = res_set(in, op, i, &res[i]);
        free(res[i].e);
    }
    for (int i = 0; sc && i < n; i++) free(sc[i].e);
    free(res); free(sc); free(vals);
    return ok;
}

/* tt.atomic_rmw KIND, SEM, SCOPE, %ptr, %val[, %mask] and
 * tt.atomic_cas SEM, SCOPE, %ptr, %cmp, %val: the programs run one after
 * the other, so each element is a read-modify-write; the result is the old
 * value (0 in a lane the mask drops).  The C target (targets/cgen/atomic.c)
 * computes the same: integers wrap, float max/min are fmax/fmin, fadd
 * rounds the sum once, compare-and-swap compares bits */
bool iv_atomic(In *in, Op *op, RV *r) {
    bool cas = op_is(op, OP_tt_atomic_cas);
    const char *kind = NULL;
    Attr *ka = op_attr_any(op, "atomic_rmw_op");
    if (!cas && ka && ka->kind == A_INT) {
        static const char *const names[] = { "and", "or", "xor", "add", "fadd", "max", "min", "umax", "umin", "exch" };
        if (ka->i >= 1 && ka->i <= 10) kind = names[ka->i - 1];
    }
    if (!cas && !kind) return iv_fail(in, op, "missing the atomic operation");
    RV *p = iv_opnd(in, op, 0), *a = op->nopnds > 1 ? iv_opnd(in, op, 1) : NULL, *b = op->nopnds > 2 ? iv_opnd(in, op, 2) : NULL;
    if (!p || !a || (cas && !b)) return iv_fail(in, op, "missing operands");
    RV *val = cas ? b : a, *m = cas ? NULL : b;
    Type *pe = iv_pointee_of(in, op, p->et);
    if (!pe) return false;
    if (p->n != r->n || val->n != r->n || (m && m->n != r->n)) return iv_fail(in, op, "operand shapes differ");
    int k0 = iv_kind_of(pe), w = k0 == 'i' ? iw(pe) : 0;
    for (int64_t k = 0; k < r->n; k++) {
        if (m && !m->e[k].i) continue;
        unsigned char *ad = iv_mem_at(in, op, p, k, pe, cas ? "compares and swaps" : "updates");
        El old, nw;
        if (!ad || !iv_mem_read(in, op, ad, pe, &old)) return false;
        r->e[k] = old;
        nw = val->e[k];
        if (cas) {
            /* floats compare as bit patterns (+0 and -0 differ, a NaN can match), as the hardware's swap does */
            unsigned char cb[8];
            bool eq = k0 == 'f' ? iv_mem_write(in, op, cb, pe, a->e[k]) && !memcmp(cb, ad, (size_t)iv_elem_bytes(pe))
                                : zx(old.i, w) == zx(a->e[k].i, w);
            if (!eq) continue;
        } else if (!strcmp(kind, "exch") || !strcmp(kind, "xchg")) {
        } else if (k0 == 'f') {
            if (!strcmp(kind, "fadd")) nw.f = fround(pe, old.f + nw.f);
            else if (!strcmp(kind, "max")) nw.f = fmax(old.f, nw.f);
            else if (!strcmp(kind, "min")) nw.f = fmin(old.f, nw.f);
            else return iv_fail(in, op, "atomic '%s' on floats is not supported", kind);
        } else {
            int64_t x = sx(old.i, w), y = sx(nw.i, w);
            uint64_t ux = zx(old.i, w), uy = zx(nw.i, w);
            int64_t v;
            if (!strcmp(kind, "add")) v = (int64_t)(ux + uy);
            else if (!strcmp(kind, "and")) v = (int64_t)(ux & uy);
            else if (!strcmp(kind, "or")) v = (int64_t)(ux | uy);
            else if (!strcmp(kind, "xor")) v = (int64_t)(ux ^ uy);
            else if (!strcmp(kind, "max")) v = x > y ? x : y;
            else if (!strcmp(kind, "min")) v = x < y ? x : y;
            else if (!strcmp(kind, "umax")) v = (int64_t)(ux > uy ? ux : uy);
            else if (!strcmp(kind, "umin")) v = (int64_t)(ux < uy ? ux : uy);
            else return iv_fail(in, op, "atomic '%s' on integers is not supported", kind);
            nw.i = wrapt(pe, v);
        }
        if (!iv_mem_write(in, op, ad, pe, nw)) return false;
    }
    return true;
}
