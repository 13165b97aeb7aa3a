/* print_type.c - types, floats and affine expressions as MLIR spells them. */
#include "print_impl.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- floats, as MLIR prints them ------------------------------------ */
/* the value's bit pattern as MLIR prints special values: 0x7FC00000 */
static void print_float_hex(Printer *p, double v, const Type *t) {
    int w = t && t->kind == T_FLOAT ? t->f.width : 64;
    unsigned long long bits;
    if (w == 32) { float f = (float)v; uint32_t u; memcpy(&u, &f, 4); bits = u; }
    else if (w == 16 && !strcmp(t->f.name, "bf16")) { float f = (float)v; uint32_t u; memcpy(&u, &f, 4); bits = u >> 16; }
    else if (w == 16) {
        uint16_t h;
        if (isnan(v)) h = 0x7E00;
        else if (isinf(v)) h = v > 0 ? 0x7C00 : 0xFC00;
        else { /* finite values never reach here */ h = 0; }
        if (isnan(v) && signbit(v)) h |= 0x8000;
        bits = h;
    } else { memcpy(&bits, &v, 8); }
    fprintf(p->f, "0x%llX", bits);
}

/* APFloat::toString, digit for digit: a little big-integer arithmetic over
 * the exact binary value, so that floats print exactly as MLIR prints them
 * (MLIR truncates some digits before rounding the rest). */
typedef struct Big { uint32_t w[160]; int n; } Big;   /* little-endian limbs */

static void big_set(Big *b, uint64_t v) { b->n = 0; while (v) { b->w[b->n++] = (uint32_t)v; v >>= 32; } }
static void big_mul_small(Big *b, uint32_t m) {
    uint64_t carry = 0;
    for (int i = 0; i < b->n; i++) { uint64_t t = (uint64_t)b->w[i] * m + carry; b->w[i] = (uint32_t)t; carry = t >> 32; }
    if (carry && b->n < 160) b->w[b->n++] = (uint32_t)carry;
}
static void big_shl(Big *b, int s) {
    while (s >= 32) { if (b->n && b->n < 160) { memmove(b->w + 1, b->w, sizeof(uint32_t) * (size_t)b->n); b->w[0] = 0; b->n++; } s -= 32; }
    if (!s || !b->n) return;
    uint32_t carry = 0;
    for (int i = 0; i < b->n; i++) { uint32_t nw = (b->w[i] << s) | carry; carry = b->w[i] >> (32 - s); b->w[i] = nw; }
    if (carry && b->n < 160) b->w[b->n++] = carry;
}
static uint32_t big_divmod_small(Big *b, uint32_t d) {
    uint64_t r = 0;
    for (int i = b->n - 1; i >= 0; i--) { uint64_t cur = (r << 32) | b->w[i]; b->w[i] = (uint32_t)(cur / d); r = cur % d; }
    while (b->n && !b->w[b->n - 1]) b->n--;
    return (uint32_t)r;
}
static int big_bits(const Big *b) {
    if (!b->n) return 0;
    uint32_t top = b->w[b->n - 1];
    int k = 0;
    while (top) { k++; top >>= 1; }
    return (b->n - 1) * 32 + k;
}

/* out: the string APFloat::toString(prec, maxpad, truncate_zero) gives for
 * the finite, nonzero value v of a format with `mant` significand bits */
static void apfloat_str(char *out, size_t outn, double v, int mant, unsigned prec, unsigned maxpad, bool tz) {
    size_t k = 0;
    if (signbit(v)) out[k++] = '-';
    double a = fabs(v);
    int e2;
    double m = frexp(a, &e2);                 /* a = m * 2^e2 */
    uint64_t sig = (uint64_t)ldexp(m, 53);    /* exact: every format here fits in a double */
    int exp = e2 - 53;
    if (!prec) prec = 2 + (unsigned)mant * 59 / 196;
    while (sig && !(sig & 1)) { sig >>= 1; exp++; }
    Big b;
    big_set(&b, sig);
    if (exp > 0) { big_shl(&b, exp); exp = 0; }
    else if (exp < 0) { for (int i = 0; i < -exp; i++) big_mul_small(&b, 5); }
    /* AdjustToPrecision on the integer: truncate some tens */
    unsigned bits = (unsigned)big_bits(&b);
    unsigned need = (prec * 196 + 58) / 59;
    if (bits > need) {
        unsigned tens = (bits - need) * 59 / 196;
        exp += (int)tens;
        for (unsigned i = 0; i < tens; i++) big_divmod_small(&b, 10);
    }
    char buf[1200];
    int nd = 0;
    bool trail = true;
    while (b.n && nd < (int)sizeof buf) {
        uint32_t d = big_divmod_small(&b, 10);
        if (trail && !d) exp++;
        else { buf[nd++] = (char)('0' + d); trail = false; }
    }
    /* AdjustToPrecision on the digits (least significant first): round half up */
    if ((unsigned)nd > prec) {
        int first = nd - (int)prec;
        if (buf[first - 1] < '5') {
            while (first < nd && buf[first] == '0') first++;
            exp += first;
            memmove(buf, buf + first, (size_t)(nd - first));
            nd -= first;
        } else {
            int i;
            for (i = first; i < nd; i++) { if (buf[i] == '9') first++; else { buf[i]++; break; } }
            if (first == nd) { exp += first; buf[0] = '1'; nd = 1; }
            else { exp += first; memmove(buf, buf + first, (size_t)(nd - first)); nd -= first; }
        }
    }
    bool sci;
    if (!maxpad) sci = true;
    else if (exp >= 0) sci = (unsigned)exp > maxpad || (unsigned)nd + (unsigned)exp > prec;
    else {
        int msd = exp + nd - 1;
        sci = msd >= 0 ? false : (unsigned)-msd > maxpad;
    }
    if (sci) {
        exp += nd - 1;
        out[k++] = buf[nd - 1];
        out[k++] = '.';
        if (nd == 1 && tz) out[k++] = '0';
        else for (int i = 1; i < nd; i++) out[k++] = buf[nd - 1 - i];
        if (!tz && prec > (unsigned)nd - 1) for (unsigned i = 0; i < prec - (unsigned)nd + 1; i++) out[k++] = '0';
        out[k++] = tz ? 'E' : 'e';
        out[k++] = exp >= 0 ? '+' : '-';
        int ae = exp < 0 ? -exp : exp;
        char eb[8]; int ne = 0;
        do { eb[ne++] = (char)('0' + ae % 10); ae /= 10; } while (ae);
        if (!tz && ne < 2) eb[ne++] = '0';
        while (ne) out[k++] = eb[--ne];
        out[k] = 0;
        return;
    }
    if (exp >= 0) {
        for (int i = 0; i < nd; i++) out[k++] = buf[nd - 1 - i];
        for (int i = 0; i < exp; i++) out[k++] = '0';
        out[k] = 0;
        return;
    }
    int whole = exp + nd, i = 0;
    if (whole > 0) { for (; i < whole; i++) out[k++] = buf[nd - 1 - i]; out[k++] = '.'; }
    else { out[k++] = '0'; out[k++] = '.'; for (int z = 0; z < -whole; z++) out[k++] = '0'; }
    for (; i < nd; i++) out[k++] = buf[nd - 1 - i];
    out[k] = 0;
    (void)outn;
}

static int float_mant(const Type *t) {   /* significand bits, hidden bit included */
    if (!t || t->kind != T_FLOAT) return 53;
    const char *n = t->f.name;
    if (!strcmp(n, "f32")) return 24;
    if (!strcmp(n, "f16") || !strcmp(n, "tf32")) return 11;
    if (!strcmp(n, "bf16")) return 8;
    if (!strncmp(n, "f8E5M2", 6)) return 3;
    if (!strncmp(n, "f8E4M3", 6)) return 4;
    if (!strcmp(n, "f8E3M4")) return 5;
    if (!strcmp(n, "f6E2M3FN")) return 4;
    if (!strcmp(n, "f6E3M2FN")) return 3;
    if (!strcmp(n, "f4E2M1FN")) return 2;
    if (!strcmp(n, "f8E8M0FNU")) return 1;
    return 53;
}

/* MLIR's printFloatValue: six digits in exponent form when that reads back
 * to the same value, else the shortest exact form, else the bit pattern */
bool print_float(Printer *p, double v, Type *t) {
    if (isfinite(v)) {
        char buf[1400];
        int mant = float_mant(t);
        if (v == 0) {
            ps_(p, signbit(v) ? "-0.000000e+00" : "0.000000e+00");
            return false;
        }
        apfloat_str(buf, sizeof buf, v, mant, 6, 0, false);
        double back = float_round(t, strtod(buf, NULL));
        if (memcmp(&back, &v, sizeof v) == 0) { ps_(p, buf); return false; }
        apfloat_str(buf, sizeof buf, v, mant, 0, 3, true);
        if (strchr(buf, '.')) { ps_(p, buf); return false; }
    }
    print_float_hex(p, v, t);
    return true;
}

/* ---- types ---------------------------------------------------------- */
static void print_type_body(Printer *p, Type *t);
void print_type_done(Printer *p) {
    if (p->mem) p->type_end = ftell(p->f);
}

void print_type(Printer *p, Type *t) {
    if (!t) { ps_(p, "!ttx.unknown"); p->unknown_types = true; return; }
    print_type_body(p, t);
    print_type_done(p);
}

static void print_type_body(Printer *p, Type *t) {
    switch (t->kind) {
    case T_INT:
        ps_(p, t->i.sign == SIGNED ? "si" : t->i.sign == UNSIGNED ? "ui" : "i");
        put_int(p, t->i.width);
        break;
    case T_INDEX: ps_(p, "index"); break;
    case T_NONE: ps_(p, "none"); break;
    case T_FLOAT: ps_(p, t->f.name); break;
    case T_FUNC:
        pc(p, '(');
        for (int i = 0; i < t->fn.nin; i++) { if (i) ps_(p, ", "); print_type(p, t->fn.in[i]); }
        ps_(p, ") -> ");
        if (t->fn.nout == 1 && t->fn.out[0]->kind != T_FUNC) print_type(p, t->fn.out[0]);
        else {
            pc(p, '(');
            for (int i = 0; i < t->fn.nout; i++) { if (i) ps_(p, ", "); print_type(p, t->fn.out[i]); }
            pc(p, ')');
        }
        break;
    case T_TENSOR: case T_MEMREF: case T_VECTOR:
        ps_(p, t->kind == T_TENSOR ? "tensor<" : t->kind == T_MEMREF ? "memref<" : "vector<");
        if (t->sh.rank < 0) ps_(p, "*x");
        for (int i = 0; i < t->sh.rank; i++) {
            if (t->sh.dims[i] < 0) ps_(p, "?x");
            else { put_int(p, t->sh.dims[i]); pc(p, 'x'); }
        }
        print_type(p, t->sh.elem);
        if (t->sh.enc) { ps_(p, ", "); print_attr_elided(p, t->sh.enc); }
        if (t->sh.space) { ps_(p, ", "); print_attr_elided(p, t->sh.space); }
        pc(p, '>');
        break;
    case T_COMPLEX: ps_(p, "complex<"); print_type(p, t->elem); pc(p, '>'); break;
    case T_TUPLE:
        ps_(p, "tuple<");
        for (int i = 0; i < t->tup.n; i++) { if (i) ps_(p, ", "); print_type(p, t->tup.elts[i]); }
        pc(p, '>');
        break;
    case T_PTR:
        ps_(p, "!tt.ptr<");
        print_type(p, t->ptr.pointee);
        if (t->ptr.space != 1) fprintf(p->f, ", %d", t->ptr.space);
        pc(p, '>');
        break;
    case T_OPAQUE:
        ps_(p, t->opq.name);
        if (t->opq.body) print_opaque_body(p, t);
        break;
    }
}

/* dialects' spellings of type bodies (registered at start-up) */
static struct { const char *name; void (*body)(Printer *, const Type *); } type_bodies[8];
static int ntype_bodies;

void print_register_type_body(const char *name, void (*body)(Printer *p, const Type *t)) {
    for (int i = 0; i < ntype_bodies; i++) if (!strcmp(type_bodies[i].name, name)) { type_bodies[i].body = body; return; }
    if (ntype_bodies < (int)(sizeof type_bodies / sizeof *type_bodies)) {
        type_bodies[ntype_bodies].name = name;
        type_bodies[ntype_bodies++].body = body;
    }
}

/* The text of an opaque type after its name: as read, unless its dialect
 * spells it */
void print_opaque_body(Printer *p, const Type *t) {
    for (int i = 0; i < ntype_bodies; i++)
        if (!strcmp(t->opq.name, type_bodies[i].name)) { type_bodies[i].body(p, t); return; }
    ps_(p, t->opq.body);
}

/* ---- affine --------------------------------------------------------- */
void print_aexpr(Printer *p, AExpr *e, bool strong) {
    switch (e->kind) {
    case AE_CONST: put_int(p, e->v); return;
    case AE_DIM: pc(p, 'd'); put_int(p, e->v); return;
    case AE_SYM: pc(p, 's'); put_int(p, e->v); return;
    default: break;
    }
    if (e->kind != AE_ADD) {
        const char *op = e->kind == AE_MUL ? " * " : e->kind == AE_MOD ? " mod " : e->kind == AE_FLOORDIV ? " floordiv " : " ceildiv ";
        if (strong) pc(p, '(');
        if (e->kind == AE_MUL && e->r->kind == AE_CONST && e->r->v == -1) {
            pc(p, '-');
            print_aexpr(p, e->l, true);
        } else {
            print_aexpr(p, e->l, true);
            ps_(p, op);
            print_aexpr(p, e->r, true);
        }
        if (strong) pc(p, ')');
        return;
    }
    if (strong) pc(p, '(');
    AExpr *r = e->r;
    if (r->kind == AE_MUL && r->r->kind == AE_CONST && r->r->v == -1) {
        print_aexpr(p, e->l, false);
        ps_(p, " - ");
        print_aexpr(p, r->l, r->l->kind == AE_ADD);
    } else if (r->kind == AE_MUL && r->r->kind == AE_CONST && r->r->v < -1) {
        print_aexpr(p, e->l, false);
        ps_(p, " - ");
        print_aexpr(p, r->l, true);
        fprintf(p->f, " * %lld", (long long)-r->r->v);
    } else if (r->kind == AE_CONST && r->v < 0) {
        print_aexpr(p, e->l, false);
        fprintf(p->f, " - %lld", (long long)-r->v);
    } else {
        print_aexpr(p, e->l, false);
        ps_(p, " + ");
        print_aexpr(p, r, false);
    }
    if (strong) pc(p, ')');
}

void print_dims_syms(Printer *p, int nd, int ns) {
    pc(p, '(');
    for (int i = 0; i < nd; i++) fprintf(p->f, "%sd%d", i ? ", " : "", i);
    pc(p, ')');
    if (ns) {
        pc(p, '[');
        for (int i = 0; i < ns; i++) fprintf(p->f, "%ss%d", i ? ", " : "", i);
        pc(p, ']');
    }
}
