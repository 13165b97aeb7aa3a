/* targets/cgen/debug.c - the debugging ops of the device.
 *
 * tt.assert (tl.device_assert, kept by Triton with debug=True): each
 * element whose condition is false calls TTX_ASSERT(site, k) (the
 * interpreter's error: the driver stops the grid and reports the op, the
 * element and the message).
 *
 * tt.print (tl.device_print) as the interpreter prints it
 * (runtime/interp_tt.c), one printf per element:
 *     pid (X, Y, Z) idx (I, J) PREFIXVALUE
 * integers in decimal, signed or (isSigned 0, Triton's unsigned types and
 * i1) unsigned, floats as %.9g of their value, with `hex` the bits (integers at
 * their width; f16, bf16, f32, f64 as their IEEE patterns); with no
 * operand the line is `pid (X, Y, Z) PREFIX`.  Pointers are not printed:
 * the interpreter prints its own buffer numbering, which compiled code
 * does not have.  Programs that run on several threads print in the order
 * they run; with one thread, in grid order, as the interpreter does. */
#include "emit.h"

/* s as the body of a C string literal that printf prints as s */
static const char *c_fmt_str(Cg *e, const char *s, size_t n) {
    size_t cap = n * 4 + 1, k = 0;
    char *b = malloc(cap);
    if (!b) abort();
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)s[i];
        if (ch == '%') { b[k++] = '%'; b[k++] = '%'; }
        else if (ch == '"' || ch == '\\') { b[k++] = '\\'; b[k++] = (char)ch; }
        else if (ch < 32 || ch >= 127) k += (size_t)snprintf(b + k, cap - k, "\\%03o", ch);
        else b[k++] = (char)ch;
    }
    b[k] = 0;
    const char *r = fmt(e, "%s", b);
    free(b);
    return r;
}

/* the printf conversion and argument of value x (C text) of type t */
static bool value_arg(Cg *e, Type *t, const char *x, bool hex, bool sgn, const char **conv, const char **arg) {
    if (t->kind == T_INT || t->kind == T_INDEX) {
        int w = iw(t);
        if (hex || !sgn) {
            *conv = hex ? "0x%llx" : "%llu";
            *arg = w >= 64 ? fmt(e, "(unsigned long long)(u64)%s", x) : fmt(e, "(unsigned long long)((u64)%s & 0x%llxull)", x, (unsigned long long)((1ull << w) - 1));
        } else {
            *conv = "%lld";
            *arg = w == 1 ? fmt(e, "(long long)((%s) & 1 ? -1 : 0)", x) : fmt(e, "(long long)%s", x);
        }
        return true;
    }
    if (t->kind != T_FLOAT) return false;
    int w = type_float_width(t);
    bool bf = !strcmp(t->f.name, "bf16");
    if (!hex) { *conv = "%.9g"; *arg = fmt(e, "(double)%s", x); return true; }
    *conv = "0x%llx";
    if (w == 64) *arg = fmt(e, "(unsigned long long)ttx_bits64(%s)", x);
    else if (w == 32) *arg = fmt(e, "(unsigned long long)ttx_bits32(%s)", x);
    else if (bf) *arg = fmt(e, "(unsigned long long)ttx_f2bf(%s)", x);
    else if (w == 16) *arg = fmt(e, "(unsigned long long)ttx_hbits(%s)", x);
    else return false;
    return true;
}

bool cg_emit_print(Cg *e, Op *op) {
    const char *pre = "";
    size_t pl = 0;
    Attr *pa = op_attr_any(op, "prefix");
    if (pa && pa->kind == A_STRING) { pre = pa->str.s; pl = pa->str.len; }
    Attr *hx = op_attr_any(op, "hex");
    bool hex = hx && (hx->kind == A_BOOL || hx->kind == A_INT) && hx->i;
    const char *p = c_fmt_str(e, pre, pl);
    for (int k = 3; k < 6; k++) e->grid_used[k] = true;
    if (!op->nopnds) {
        line(e, "printf(\"pid (%%d, %%d, %%d) %s\\n\", pidX, pidY, pidZ);", p);
        return true;
    }
    for (int i = 0; i < op->nopnds; i++) {
        Value *v = op_operand(op, i);
        Type *t = v->type, *el = type_elem(t);
        if (!el || el->kind == T_PTR || (t->kind != T_TENSOR && t->kind != T_INT && t->kind != T_INDEX && t->kind != T_FLOAT))
            return cg_unsupported(e, op, "printing pointers: the interpreter prints its own buffer numbers");
        int rank = is_tensor(t) ? t->sh.rank : 0;
        const char *idx[MAXR], *conv, *arg;
        int n = rank ? cg_loops_open(e, t->sh.dims, rank, idx) : 0;
        const char *x = cg_ex(e, v, rank ? idx : NULL);
        Attr *sg = op_attr_any(op, "isSigned");
        bool sgn = !sg || sg->kind != A_DENSE_ARRAY || !sg->darr.i || i >= sg->darr.n || sg->darr.i[i];
        if (!value_arg(e, el, x, hex, sgn, &conv, &arg)) {
            if (n) cg_loops_close(e, n);
            return cg_unsupported(e, op, "printing a value of this type");
        }
        const char *ifmt = "0", *iargs = "";
        if (rank) {
            ifmt = "%lld";
            iargs = fmt(e, ", (long long)%s", idx[0]);
            for (int d = 1; d < rank; d++) { ifmt = fmt(e, "%s, %%lld", ifmt); iargs = fmt(e, "%s, (long long)%s", iargs, idx[d]); }
        }
        line(e, "printf(\"pid (%%d, %%d, %%d) idx (%s)%s%s\\n\", pidX, pidY, pidZ%s, %s);", ifmt, p, conv, iargs, arg);
        if (n) cg_loops_close(e, n);
    }
    return !e->failed;
}

bool cg_emit_assert(Cg *e, Op *op) {
    Value *c = op->nopnds ? op_operand(op, 0) : NULL;
    if (!c) return cg_unsupported(e, op, "an assertion without a condition");
    int site = cg_site(e, op);
    if (!is_tensor(c->type)) {
        line(e, "if (!(%s)) TTX_ASSERT(%d, 0);", cg_ex(e, c, NULL), site);
        return !e->failed;
    }
    const char *idx[MAXR];
    int rank = c->type->sh.rank;
    int n = cg_loops_open(e, c->type->sh.dims, rank, idx);
    line(e, "if (!(%s)) TTX_ASSERT(%d, %s);", cg_ex(e, c, idx), site, cg_flat(e, c->type->sh.dims, rank, idx));
    cg_loops_close(e, n);
    return !e->failed;
}
