/* print.c - the printer: MLIR's text form, SSA names numbered the way
 * MLIR's AsmPrinter numbers them, attributes and floats spelled as MLIR
 * spells them, so that output diffs cleanly against reference tools. */
#include "print.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"

/* ---- small helpers -------------------------------------------------- */
/* one thread prints: the stream needs no locking */
static void pc(Printer *p, char c) { putc_unlocked(c, p->f); }
static void ps_(Printer *p, const char *s) { fputs_unlocked(s, p->f); }
static void put_int(Printer *p, long long v);
static void pind(Printer *p) {
    static const char sp[] = "                                                                ";
    /* indentation stops growing at 200 columns: deeply nested IR stays linear in size */
    for (int n = p->indent > 200 ? 200 : p->indent; n > 0; n -= 64) fwrite(sp, 1, n > 64 ? 64 : (size_t)n, p->f);
}

void print_escaped(Printer *p, const char *s, size_t n) {
    static const char hex[] = "0123456789ABCDEF";
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '\\') { pc(p, '\\'); pc(p, '\\'); }
        else if (c >= 0x20 && c < 0x7f && c != '"') pc(p, (char)c);
        else { pc(p, '\\'); pc(p, hex[c >> 4]); pc(p, hex[c & 15]); }
    }
}

static bool bare_ident(const char *s) {
    if (!*s || !((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || *s == '_')) return false;
    for (const char *q = s; *q; q++)
        if (!((*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z') || (*q >= '0' && *q <= '9') || *q == '_' || *q == '$' || *q == '.')) return false;
    return true;
}

static void print_key(Printer *p, const char *k) {
    if (bare_ident(k)) ps_(p, k);
    else { pc(p, '"'); print_escaped(p, k, strlen(k)); pc(p, '"'); }
}

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
static void print_attr_elided(Printer *p, Attr *a);
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

/* dialect spellings (dialects/ register them at start-up) */
static struct { const char *name; void (*body)(Printer *, const Type *); } type_bodies[8];
static int ntype_bodies;
static bool (*opaque_attrs[8])(Printer *, Attr *);
static int nopaque_attrs;

void print_register_type_body(const char *name, void (*body)(Printer *p, const Type *t)) {
    for (int i = 0; i < ntype_bodies; i++) if (!strcmp(type_bodies[i].name, name)) { type_bodies[i].body = body; return; }
    if (ntype_bodies < (int)(sizeof type_bodies / sizeof *type_bodies)) {
        type_bodies[ntype_bodies].name = name;
        type_bodies[ntype_bodies++].body = body;
    }
}
void print_register_opaque_attr(bool (*spell)(Printer *p, Attr *a)) {
    for (int i = 0; i < nopaque_attrs; i++) if (opaque_attrs[i] == spell) return;
    if (nopaque_attrs < (int)(sizeof opaque_attrs / sizeof *opaque_attrs)) opaque_attrs[nopaque_attrs++] = spell;
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

static void print_dims_syms(Printer *p, int nd, int ns) {
    pc(p, '(');
    for (int i = 0; i < nd; i++) fprintf(p->f, "%sd%d", i ? ", " : "", i);
    pc(p, ')');
    if (ns) {
        pc(p, '[');
        for (int i = 0; i < ns; i++) fprintf(p->f, "%ss%d", i ? ", " : "", i);
        pc(p, ']');
    }
}

/* ---- attributes ----------------------------------------------------- */
static void print_int_value(Printer *p, int64_t v, Type *t) {
    if (t && t->kind == T_INT && t->i.width == 1) { ps_(p, v ? "true" : "false"); return; }
    if (t && t->kind == T_INT && t->i.sign == UNSIGNED) fprintf(p->f, "%llu", (unsigned long long)v);
    else put_int(p, v);
}

static void print_dense_elem(Printer *p, Attr *e) {
    if (e->kind == A_FLOAT) print_float(p, e->f, e->type);
    else if (e->kind == A_BOOL) ps_(p, e->i ? "true" : "false");
    else if (e->kind == A_INT) print_int_value(p, e->i, e->type);
    else print_attr(p, e);
}

/* more than 100 elements print as hexadecimal data, as MLIR does */
static bool print_dense_hex(Printer *p, Attr *a) {
    Type *et = a->type->sh.elem;
    int bits = et->kind == T_INDEX ? 64 : et->kind == T_INT ? et->i.width : et->kind == T_FLOAT ? et->f.width : 0;
    if (bits != 1 && (bits < 8 || bits % 8 || bits > 64)) return false;
    static const char hx[] = "0123456789ABCDEF";
    ps_(p, "\"0x");
    if (bits == 1) {
        for (int i = 0; i < a->dense.n; i += 8) {
            int byte = 0;
            for (int k = 0; k < 8 && i + k < a->dense.n; k++) if (a->dense.elts[i + k]->i & 1) byte |= 1 << k;
            pc(p, hx[byte >> 4]); pc(p, hx[byte & 15]);
        }
    } else {
        for (int i = 0; i < a->dense.n; i++) {
            Attr *e = a->dense.elts[i];
            uint64_t u = 0;
            if (e->kind == A_FLOAT) {
                if (bits == 64) memcpy(&u, &e->f, 8);
                else if (bits == 32) { float f = (float)e->f; uint32_t w; memcpy(&w, &f, 4); u = w; }
                else if (!strcmp(et->f.name, "bf16")) { float f = (float)e->f; uint32_t w; memcpy(&w, &f, 4); u = w >> 16; }
                else if (!strcmp(et->f.name, "f16")) {
                    double v = fabs(e->f);
                    int ex;
                    uint32_t h;
                    if (isnan(e->f)) h = 0x7E00;
                    else if (isinf(e->f)) h = 0x7C00;
                    else if (v == 0) h = 0;
                    else {
                        frexp(v, &ex);
                        if (ex - 1 < -14) h = (uint32_t)nearbyint(ldexp(v, 24));
                        else h = (uint32_t)((ex - 1 + 15) << 10) | ((uint32_t)nearbyint(ldexp(v, 11 - ex)) & 1023u);
                    }
                    if (signbit(e->f)) h |= 0x8000;
                    u = h;
                } else return false;
            } else u = (uint64_t)e->i;
            for (int b = 0; b < bits / 8; b++) { int byte = (int)((u >> (8 * b)) & 255); pc(p, hx[byte >> 4]); pc(p, hx[byte & 15]); }
        }
    }
    pc(p, '"');
    return true;
}

static void print_dense_body(Printer *p, Attr *a) {
    Type *t = a->type;
    if (a->dense.splat) { print_dense_elem(p, a->dense.elts[0]); return; }
    if (a->dense.n > 100 && print_dense_hex(p, a)) return;
    if (a->dense.n == 0) return;
    int rank = t && type_is_shaped(t) ? t->sh.rank : 0;
    if (rank == 0) { print_dense_elem(p, a->dense.elts[0]); return; }
    /* nested brackets following the shape */
    int64_t idx[64] = {0};
    int r = rank > 64 ? 64 : rank;
    for (int i = 0; i < r; i++) pc(p, '[');
    for (int k = 0; k < a->dense.n; k++) {
        print_dense_elem(p, a->dense.elts[k]);
        int d = r - 1;
        idx[d]++;
        int closed = 0;
        while (d >= 0 && idx[d] == t->sh.dims[d]) { idx[d] = 0; pc(p, ']'); closed++; d--; if (d >= 0) idx[d]++; }
        if (k + 1 < a->dense.n) {
            ps_(p, ", ");
            for (int i = 0; i < closed; i++) pc(p, '[');
        }
    }
}

static bool is_i64(Type *t) { return t && t->kind == T_INT && t->i.width == 64 && t->i.sign == SIGNLESS; }
static bool is_f64(Type *t) { return t && t->kind == T_FLOAT && !strcmp(t->f.name, "f64"); }

static void print_attr_ex(Printer *p, Attr *a, bool may_elide);
void print_attr_noalias(Printer *p, Attr *a) { print_attr_ex(p, a, false); }
static void print_attr_elided(Printer *p, Attr *a) { print_attr_ex(p, a, true); }

static void collect_alias(Printer *p, Attr *a);

static void print_attr_ex(Printer *p, Attr *a, bool may_elide) {
    if (p->collect) collect_alias(p, a);
    if (a->kind == A_OPAQUE)
        for (int i = 0; i < nopaque_attrs; i++) if (opaque_attrs[i](p, a)) return;
    /* MLIR names only maps, sets and dialect attributes; others print inline */
    if (a->alias && p->alias_ok && (a->kind == A_OPAQUE || a->kind == A_AFFINE_MAP || a->kind == A_INTEGER_SET)) { ps_(p, a->alias); return; }
    p->alias_ok = true;
    switch (a->kind) {
    case A_UNIT: ps_(p, "unit"); break;
    case A_BOOL: ps_(p, a->i ? "true" : "false"); break;
    case A_INT:
        if (a->type && a->type->kind == T_INT && a->type->i.width == 1 && a->type->i.sign == SIGNLESS) { ps_(p, a->i ? "true" : "false"); break; }
        print_int_value(p, a->i, a->type);
        if (a->type && !(may_elide && is_i64(a->type))) { ps_(p, " : "); print_type(p, a->type); }
        break;
    case A_FLOAT: {
        bool hex = print_float(p, a->f, a->type);
        if (a->type && !(may_elide && is_f64(a->type) && !hex)) { ps_(p, " : "); print_type(p, a->type); }
        break;
    }
    case A_STRING: pc(p, '"'); print_escaped(p, a->str.s, a->str.len); pc(p, '"'); break;
    case A_TYPE: print_type(p, a->type); break;
    case A_ARRAY:
        pc(p, '[');
        for (int i = 0; i < a->arr.n; i++) { if (i) ps_(p, ", "); print_attr_ex(p, a->arr.elts[i], true); }
        pc(p, ']');
        break;
    case A_DICT:
        pc(p, '{');
        for (int i = 0; i < a->dict.n; i++) {
            if (i) ps_(p, ", ");
            print_key(p, a->dict.ents[i].name);
            if (a->dict.ents[i].value->kind != A_UNIT) { ps_(p, " = "); print_attr(p, a->dict.ents[i].value); }
        }
        pc(p, '}');
        break;
    case A_DENSE:
        ps_(p, "dense<");
        print_dense_body(p, a);
        ps_(p, ">");
        if (a->type) { ps_(p, " : "); print_type(p, a->type); }
        break;
    case A_DENSE_ARRAY:
        ps_(p, "array<");
        print_type(p, a->type);
        if (a->darr.n) ps_(p, ": ");
        for (int i = 0; i < a->darr.n; i++) {
            if (i) ps_(p, ", ");
            if (a->darr.f) print_float(p, a->darr.f[i], a->type);
            else print_int_value(p, a->darr.i[i], a->type);
        }
        pc(p, '>');
        break;
    case A_SYMREF:
        for (int i = 0; i < a->sym.n; i++) {
            if (i) ps_(p, "::");
            pc(p, '@');
            if (bare_ident(a->sym.names[i])) ps_(p, a->sym.names[i]);
            else { pc(p, '"'); print_escaped(p, a->sym.names[i], strlen(a->sym.names[i])); pc(p, '"'); }
        }
        break;
    case A_AFFINE_MAP:
        ps_(p, "affine_map<");
        print_dims_syms(p, a->map.ndims, a->map.nsyms);
        ps_(p, " -> (");
        for (int i = 0; i < a->map.n; i++) { if (i) ps_(p, ", "); print_aexpr(p, a->map.res[i], false); }
        ps_(p, ")>");
        break;
    case A_INTEGER_SET:
        ps_(p, "affine_set<");
        print_dims_syms(p, a->set.ndims, a->set.nsyms);
        ps_(p, " : (");
        if (!a->set.n) ps_(p, "0 == 0");
        for (int i = 0; i < a->set.n; i++) {
            if (i) ps_(p, ", ");
            print_aexpr(p, a->set.cons[i], false);
            ps_(p, a->set.eq[i] ? " == 0" : " >= 0");
        }
        ps_(p, ")>");
        break;
    case A_OPAQUE: fwrite(a->str.s, 1, a->str.len, p->f); break;
    case A_LOC: ps_(p, "loc("); fwrite(a->str.s, 1, a->str.len, p->f); pc(p, ')'); break;
    }
}

void print_attr(Printer *p, Attr *a) { print_attr_ex(p, a, false); }

void print_attr_dict(Printer *p, const NamedAttr *a, int n, const char *const *elide, int nelide) {
    int shown = 0;
    for (int i = 0; i < n; i++) {
        bool skip = false;
        for (int k = 0; k < nelide; k++) if (!strcmp(elide[k], a[i].name)) skip = true;
        if (skip) continue;
        ps_(p, shown++ ? ", " : " {");
        print_key(p, a[i].name);
        if (a[i].value->kind != A_UNIT) { ps_(p, " = "); print_attr(p, a[i].value); }
    }
    if (shown) pc(p, '}');
}

/* Short texts are printed into one reused in-memory stream: opening a new
 * one costs a zeroed 8 KiB buffer each time, which added up to a tenth of a
 * small run.  A nested use (the stream is busy) gets a stream of its own. */
static FILE *scr_f;
static char *scr_buf;
static size_t scr_len;
static bool scr_busy;
static void scr_free(void) { if (scr_f) fclose(scr_f); free(scr_buf); scr_f = NULL; scr_buf = NULL; }

FILE *text_open(TextBuf *t) {
    t->pooled = false;
    t->buf = NULL;
    t->len = 0;
    if (!scr_busy) {
        if (!scr_f) {
            scr_f = open_memstream(&scr_buf, &scr_len);
            if (scr_f) atexit(scr_free);
        } else rewind(scr_f);
        if (scr_f) { scr_busy = true; t->pooled = true; return scr_f; }
    }
    return open_memstream(&t->buf, &t->len);
}
const char *text_close(TextBuf *t, FILE *f) {
    if (t->pooled) {
        /* after a rewind glibc moves the size, not the terminator */
        fflush(f);
        scr_buf[scr_len] = 0;
        return scr_buf;
    }
    fclose(f);
    return t->buf;
}
void text_free(TextBuf *t) {
    if (t->pooled) scr_busy = false;
    else free(t->buf);
    t->buf = NULL;
}

char *print_type_str(Ctx *c, Type *t) {
    TextBuf tb;
    FILE *f = text_open(&tb);
    Printer p = { f, c, {0}, 0, false, true, false, NULL, NULL, NULL, NULL, -1, false };
    print_type(&p, t);
    const char *txt = text_close(&tb, f);
    if (!tb.pooled) return (char *)txt;
    char *r = strdup(txt);
    text_free(&tb);
    return r;
}
char *print_attr_str(Ctx *c, Attr *a) {
    TextBuf tb;
    FILE *f = text_open(&tb);
    Printer p = { f, c, {0}, 0, false, true, false, NULL, NULL, NULL, NULL, -1, false };
    print_attr(&p, a);
    const char *txt = text_close(&tb, f);
    if (!tb.pooled) return (char *)txt;
    char *r = strdup(txt);
    text_free(&tb);
    return r;
}

/* ---- SSA names ------------------------------------------------------ */
/* Names are numbered as MLIR's SSANameState does: a region's block arguments
 * and op results first, nested regions afterwards starting from the
 * counters the parent region ended with; names such as %c0_i32 are made
 * unique within the enclosing scopes by a _N suffix. */
typedef struct NameSet { const char **tab; int *depth; int cap, n; } NameSet;

typedef struct Namer {
    Ctx *c;
    const char **tab; int cap, n, dead;    /* used names (dead: removed slots), with a scope stack */
    const char **stack; int *stackscope; int nstack, capstack;
    int scope;
} Namer;

static unsigned shash(const char *s) { unsigned h = 2166136261u; while (*s) h = (h ^ (unsigned char)*s++) * 16777619u; return h; }

static bool nm_has(Namer *m, const char *s) {
    if (!m->cap) return false;
    for (unsigned i = shash(s) & (unsigned)(m->cap - 1);; i = (i + 1) & (unsigned)(m->cap - 1)) {
        if (!m->tab[i]) return false;
        if (m->tab[i] != (const char *)1 && !strcmp(m->tab[i], s)) return true;
    }
}
static void nm_rawput(Namer *m, const char *s) {
    for (unsigned i = shash(s) & (unsigned)(m->cap - 1);; i = (i + 1) & (unsigned)(m->cap - 1))
        if (!m->tab[i] || m->tab[i] == (const char *)1) { m->tab[i] = s; return; }
}
static void nm_put(Namer *m, const char *s) {
    if ((m->n + m->dead + 1) * 2 > m->cap) {
        int oc = m->cap;
        const char **ot = m->tab;
        if ((m->n + 1) * 4 > m->cap) m->cap = m->cap ? m->cap * 2 : 64;
        m->dead = 0;
        m->tab = calloc((size_t)m->cap, sizeof(char *));
        for (int i = 0; i < oc; i++) if (ot[i] && ot[i] != (const char *)1) nm_rawput(m, ot[i]);
        free(ot);
    }
    nm_rawput(m, s);
    m->n++;
    if (m->nstack == m->capstack) {
        m->capstack = m->capstack ? m->capstack * 2 : 64;
        m->stack = realloc(m->stack, sizeof(char *) * (size_t)m->capstack);
        m->stackscope = realloc(m->stackscope, sizeof(int) * (size_t)m->capstack);
    }
    m->stack[m->nstack] = s;
    m->stackscope[m->nstack++] = m->scope;
}
static void nm_pop_to(Namer *m, int scope) {
    while (m->nstack && m->stackscope[m->nstack - 1] > scope) {
        const char *s = m->stack[--m->nstack];
        for (unsigned i = shash(s) & (unsigned)(m->cap - 1);; i = (i + 1) & (unsigned)(m->cap - 1))
            if (m->tab[i] && m->tab[i] != (const char *)1 && m->tab[i] == s) { m->tab[i] = (const char *)1; break; }
        m->n--;
        m->dead++;
    }
    m->scope = scope;
}

typedef struct Counters { int value, arg, conflict; } Counters;

/* decimal text of v at dst (no terminator); returns its length.  snprintf
 * costs a few hundred instructions a call, and names are made per value */
static size_t dec_text(char *dst, long long v, bool is_unsigned) {
    char t[24];
    size_t n = 0;
    unsigned long long u = is_unsigned || v >= 0 ? (unsigned long long)v : 0ULL - (unsigned long long)v;
    do { t[n++] = (char)('0' + u % 10); u /= 10; } while (u);
    size_t k = 0;
    if (!is_unsigned && v < 0) dst[k++] = '-';
    while (n) dst[k++] = t[--n];
    return k;
}

/* prefix, decimal v, then suffix (may be NULL) into buf of size n */
static const char *name_of(char *buf, size_t n, const char *prefix, long long v, bool is_unsigned, const char *suffix) {
    size_t lp = strlen(prefix), ls = suffix ? strlen(suffix) : 0;
    if (lp + 24 + ls + 1 > n) { snprintf(buf, n, "%s%lld%s", prefix, v, suffix ? suffix : ""); return buf; }
    memcpy(buf, prefix, lp);
    size_t k = lp + dec_text(buf + lp, v, is_unsigned);
    if (ls) memcpy(buf + k, suffix, ls);
    buf[k + ls] = 0;
    return buf;
}

static void set_name(Namer *m, Counters *k, Value *v, const char *name) {
    if (!name) { v->pid = k->value++; v->pname = NULL; return; }
    char buf[256];
    size_t base = strlen(name);
    if (base > 240) base = 240;
    memcpy(buf, name, base);
    buf[base] = 0;
    if (nm_has(m, buf)) {
        for (;;) {
            buf[base] = '_';
            buf[base + 1 + dec_text(buf + base + 1, k->conflict++, false)] = 0;
            if (!nm_has(m, buf)) break;
        }
    }
    const char *s = ctx_str(m->c, buf);
    nm_put(m, s);
    v->pid = -1;
    v->pname = s;
}

/* the name MLIR's arith.constant asks for */
static const char *suggested_name(Printer *p, Op *op, char *buf, size_t n) {
    if (p->o.generic || !op_is(op, OP_arith_constant) || op->nres != 1) return NULL;
    Attr *v = op_attr(op, "value");
    if (!v) return NULL;
    Type *t = op->res[0].type;
    if (v->kind == A_BOOL || (v->kind == A_INT && t && t->kind == T_INT && t->i.width == 1)) return v->i ? "true" : "false";
    if (v->kind == A_INT) {
        if (t && t->kind == T_INT) {
            char *ts = print_type_str(p->c, t);
            char suffix[64] = "_";
            size_t lt = strlen(ts);
            if (lt < sizeof suffix - 1) memcpy(suffix + 1, ts, lt + 1);
            else suffix[0] = 0;
            if (suffix[0]) name_of(buf, n, "c", (long long)v->i, t->i.sign == UNSIGNED, suffix);
            else if (t->i.sign == UNSIGNED) snprintf(buf, n, "c%llu_%s", (unsigned long long)v->i, ts);
            else snprintf(buf, n, "c%lld_%s", (long long)v->i, ts);
            free(ts);
        } else name_of(buf, n, "c", (long long)v->i, false, NULL);
        return buf;
    }
    return "cst";
}

static void number_region(Printer *p, Namer *m, Counters *k, Region *r) {
    int bid = 0;
    char buf[128];
    for (Block *b = r->first; b; b = b->next) {
        b->pid = bid++;
        bool entry = b == r->first;
        /* intermediate variables are numbered with their op */
        bool numbered = entry && op_is(r->op, OP_ktdp_construct_indirect_access_tile);
        for (int i = 0; i < b->nargs && !numbered; i++) {
            if (entry) { name_of(buf, sizeof buf, "arg", k->arg++, false, NULL); set_name(m, k, b->args[i], buf); }
            else set_name(m, k, b->args[i], NULL);
        }
        for (Op *o = b->first; o; o = o->next) {
            if (!o->nres) continue;
            const char *nm = suggested_name(p, o, buf, sizeof buf);
            if (nm) set_name(m, k, &o->res[0], nm);
            else if (p->o.ktir_cpu && o->nres > 1) {
                /* one name per result (%r8_0, %r8_1) instead of %8:2 and %8#0, which
                 * ktir-cpu reads as %8; a name cannot start with a digit and go on
                 * with letters in MLIR, hence the leading r */
                int id = k->value++;
                for (int i = 0; i < o->nres; i++) {
                    char sfx[16] = "_";
                    sfx[1 + dec_text(sfx + 1, i, false)] = 0;
                    set_name(m, k, &o->res[i], name_of(buf, sizeof buf, "r", id, false, sfx));
                }
            } else {
                int id = k->value++;
                for (int i = 0; i < o->nres; i++) { o->res[i].pid = id; o->res[i].pname = NULL; }
            }
            /* MLIR numbers the intermediate variables of an indirect tile
             * as values right after the op's result */
            if (op_is(o, OP_ktdp_construct_indirect_access_tile) && o->nregions == 1 && o->regions[0].first)
                for (int i = 0; i < o->regions[0].first->nargs; i++) set_name(m, k, o->regions[0].first->args[i], NULL);
        }
    }
}

typedef struct Ctxt { Region *r; Counters k; int scope; } Ctxt;

static void number_values(Printer *p, Op *root) {
    Namer m = { .c = p->c };
    PtrVec stack = {0};
    Ctxt *all = NULL; int nall = 0, capall = 0;
    int nextscope = 0;
#define PUSHCTX(R, K, S) do { \
        if (nall == capall) { capall = capall ? capall * 2 : 64; all = realloc(all, sizeof(Ctxt) * (size_t)capall); } \
        all[nall].r = (R); all[nall].k = (K); all[nall].scope = (S); pv_push(&stack, (void *)(intptr_t)nall); nall++; } while (0)
    Counters k0 = {0, 0, 0};
    for (int i = root->nregions - 1; i >= 0; i--) PUSHCTX(&root->regions[i], k0, 0);
    Counters shared = k0;   /* generic form: one numbering for the whole op, as MLIR prints it */
    while (stack.n) {
        Ctxt cx = all[(intptr_t)stack.v[--stack.n]];
        nm_pop_to(&m, cx.scope);
        int myscope = ++nextscope;
        m.scope = myscope;
        Counters k = p->o.generic ? shared : cx.k;
        number_region(p, &m, &k, cx.r);
        if (p->o.generic) shared = k;
        for (Block *b = cx.r->first; b; b = b->next)
            for (Op *o = b->first; o; o = o->next)
                for (int i = 0; i < o->nregions; i++) PUSHCTX(&o->regions[i], k, myscope);
    }
#undef PUSHCTX
    free(all);
    pv_free(&stack);
    free(m.tab); free(m.stack); free(m.stackscope);
}

static void put_int(Printer *p, long long v) {
    char b[24];
    int n = 0;
    unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
    do { b[n++] = (char)('0' + u % 10); u /= 10; } while (u);
    if (v < 0) b[n++] = '-';
    while (n) putc_unlocked(b[--n], p->f);
}

void print_value(Printer *p, Value *v) {
    if (!v) { ps_(p, "%<<null>>"); return; }
    pc(p, '%');
    if (v->pname) { ps_(p, v->pname); return; }
    /* ktir-cpu reads a numeric name inside an expression as a number: with
     * --ktir-cpu numbered values are spelled %v3 */
    if (p->o.ktir_cpu) pc(p, 'v');
    put_int(p, v->pid);
    if (v->def && v->def->nres > 1 && !v->def->res[0].pname) { pc(p, '#'); put_int(p, v->index); }
}

static void print_block_name(Printer *p, Block *b) { ps_(p, "^bb"); put_int(p, b->pid); }
void print_successor(Printer *p, Block *b) { print_block_name(p, b); }

/* ---- locations ------------------------------------------------------
 * With --mlir-print-debuginfo every op prints its location: the one it was
 * written with, or its place in the input file.  Op locations go through
 * #loc aliases defined after the module, nested parts of callsite, fused
 * and name locations included, as MLIR prints them; argument locations are
 * printed inline.  Location text is kept as written, so it is read here. */
typedef struct LocRd { Printer *p; const char *s; int depth; } LocRd;

static void lr_ws(LocRd *r) { while (*r->s == ' ' || *r->s == '\t' || *r->s == '\n') r->s++; }

static Attr *loc_alias_target(Ctx *c, const char *name, size_t n) {
    for (Alias *al = ctx_aliases(c); al; al = al->next)
        if (al->attr && al->attr->kind == A_LOC && strlen(al->name) == n && !strncmp(al->name, name, n)) return al->attr;
    return NULL;
}

/* canonical text of the location at r->s, aliases expanded; NULL if unreadable */
static char *loc_canon(LocRd *r);

static char *lr_string(LocRd *r) {   /* "..." as written */
    const char *b = r->s;
    if (*b != '"') return NULL;
    const char *e = b + 1;
    while (*e && *e != '"') { if (*e == '\\' && e[1]) e++; e++; }
    if (*e != '"') return NULL;
    r->s = e + 1;
    return strndup(b, (size_t)(r->s - b));
}

static char *cat3(const char *a, const char *b, const char *c) {
    size_t n = strlen(a) + strlen(b) + strlen(c) + 1;
    char *s = malloc(n);
    snprintf(s, n, "%s%s%s", a, b, c);
    return s;
}

static char *loc_canon(LocRd *r) {
    if (++r->depth > 200) return NULL;
    lr_ws(r);
    const char *s = r->s;
    char *out = NULL;
    if (*s == '#') {
        const char *e = s + 1;
        while ((*e >= 'a' && *e <= 'z') || (*e >= 'A' && *e <= 'Z') || (*e >= '0' && *e <= '9') || *e == '_' || *e == '.' || *e == '$' || *e == '-') e++;
        Attr *t = loc_alias_target(r->p->c, s, (size_t)(e - s));
        r->s = e;
        if (!t) return NULL;
        char *txt = strndup(t->str.s, t->str.len);
        LocRd sub = { r->p, txt, r->depth };
        out = loc_canon(&sub);
        free(txt);
    } else if (!strncmp(s, "unknown", 7)) {
        r->s += 7;
        out = strdup("unknown");
    } else if (*s == '"') {
        char *str = lr_string(r);
        if (!str) return NULL;
        if (*r->s == ':') {   /* "file":line:col */
            const char *b = r->s;
            while (*r->s == ':' || (*r->s >= '0' && *r->s <= '9')) r->s++;
            char *tail = strndup(b, (size_t)(r->s - b));
            out = cat3(str, tail, "");
            free(tail);
        } else {
            lr_ws(r);
            if (*r->s == '(') {   /* "name"(child) */
                r->s++;
                char *ch = loc_canon(r);
                lr_ws(r);
                if (!ch || *r->s != ')') { free(ch); free(str); return NULL; }
                r->s++;
                char *t2 = cat3(str, "(", ch);
                out = cat3(t2, ")", "");
                free(t2);
                free(ch);
            } else out = strdup(str);
        }
        free(str);
    } else if (!strncmp(s, "callsite(", 9)) {
        r->s += 9;
        char *a = loc_canon(r);
        lr_ws(r);
        if (!a || strncmp(r->s, "at", 2)) { free(a); return NULL; }
        r->s += 2;
        char *b = loc_canon(r);
        lr_ws(r);
        if (!b || *r->s != ')') { free(a); free(b); return NULL; }
        r->s++;
        char *t1 = cat3("callsite(", a, " at ");
        out = cat3(t1, b, ")");
        free(t1); free(a); free(b);
    } else if (!strncmp(s, "fused", 5)) {
        r->s += 5;
        char *meta = strdup("");
        if (*r->s == '<') {   /* fused<metadata> */
            const char *b = r->s;
            int dpt = 0;
            do { if (*r->s == '<') dpt++; else if (*r->s == '>') dpt--; r->s++; } while (*r->s && dpt);
            free(meta);
            meta = strndup(b, (size_t)(r->s - b));
        }
        lr_ws(r);
        if (*r->s != '[') { free(meta); return NULL; }
        r->s++;
        char *acc = cat3("fused", meta, "[");
        free(meta);
        bool first = true;
        for (;;) {
            lr_ws(r);
            if (*r->s == ']') { r->s++; break; }
            char *x = loc_canon(r);
            if (!x) { free(acc); return NULL; }
            char *n2 = cat3(acc, first ? "" : ", ", x);
            free(acc); free(x);
            acc = n2;
            first = false;
            lr_ws(r);
            if (*r->s == ',') r->s++;
        }
        out = cat3(acc, "]", "");
        free(acc);
    }
    r->depth--;
    return out;
}

static Attr *loc_node(Printer *p, const char *text) {
    LocRd r = { p, text, 0 };
    char *c = loc_canon(&r);
    if (!c) return NULL;
    Attr *a = attr_loc(p->c, c);
    free(c);
    return a;
}

static int loc_index(Printer *p, Attr *a) {
    for (int i = 0; i < p->locs->n; i++) if (p->locs->v[i] == a) return i;
    return -1;
}

/* the direct parts of a compound location, in order */
static void loc_children(Printer *p, Attr *a, PtrVec *out);

static void loc_register(Printer *p, Attr *a) {
    if (loc_index(p, a) >= 0) return;
    pv_push(p->locs, a);
    PtrVec ch = {0};
    loc_children(p, a, &ch);
    for (int i = 0; i < ch.n; i++) loc_register(p, ch.v[i]);
    pv_free(&ch);
}

static void loc_children(Printer *p, Attr *a, PtrVec *out) {
    const char *s = a->str.s;
    LocRd r = { p, s, 0 };
    if (*s == '"') {
        char *str = lr_string(&r);
        free(str);
        if (*r.s == '(') {
            r.s++;
            const char *b = r.s;
            char *x = loc_canon(&r);
            if (x) { pv_push(out, attr_loc(p->c, x)); free(x); }
            (void)b;
        }
    } else if (!strncmp(s, "callsite(", 9)) {
        r.s += 9;
        char *x = loc_canon(&r);
        if (x) { pv_push(out, attr_loc(p->c, x)); free(x); }
        lr_ws(&r);
        r.s += 2;
        x = loc_canon(&r);
        if (x) { pv_push(out, attr_loc(p->c, x)); free(x); }
    } else if (!strncmp(s, "fused", 5)) {
        const char *q = strchr(s, '[');
        if (!q) return;
        r.s = q + 1;
        for (;;) {
            lr_ws(&r);
            if (*r.s == ']' || !*r.s) break;
            char *x = loc_canon(&r);
            if (!x) break;
            pv_push(out, attr_loc(p->c, x));
            free(x);
            lr_ws(&r);
            if (*r.s == ',') r.s++;
        }
    }
}

static void print_loc_ref(Printer *p, Attr *a) {
    int i = loc_index(p, a);
    if (i < 0) { ps_(p, "loc("); fwrite(a->str.s, 1, a->str.len, p->f); pc(p, ')'); return; }
    if (i) fprintf(p->f, "loc(#loc%d)", i); else ps_(p, "loc(#loc)");
}

/* the definition of an aliased location: parts by their aliases */
static void print_loc_def(Printer *p, Attr *a) {
    PtrVec ch = {0};
    loc_children(p, a, &ch);
    const char *s = a->str.s;
    ps_(p, "loc(");
    if (!ch.n) fwrite(a->str.s, 1, a->str.len, p->f);
    else if (*s == '"') {
        LocRd r = { p, s, 0 };
        char *str = lr_string(&r);
        ps_(p, str);
        free(str);
        pc(p, '(');
        int i = loc_index(p, ch.v[0]);
        if (i) fprintf(p->f, "#loc%d", i); else ps_(p, "#loc");
        pc(p, ')');
    } else {
        bool cs = !strncmp(s, "callsite(", 9);
        if (cs) ps_(p, "callsite(");
        else {
            const char *q = strchr(s, '[');
            fwrite(s, 1, (size_t)(q - s + 1), p->f);
        }
        for (int k = 0; k < ch.n; k++) {
            if (k) ps_(p, cs ? " at " : ", ");
            int i = loc_index(p, ch.v[k]);
            if (i) fprintf(p->f, "#loc%d", i); else ps_(p, "#loc");
        }
        pc(p, cs ? ')' : ']');
    }
    pc(p, ')');
    pv_free(&ch);
}

/* an op's location: written, or its place in the input */
static Attr *op_location(Printer *p, Op *op) {
    if (op->locattr) return loc_node(p, op->locattr->str.s);
    if (!op->loc.line) return attr_loc(p->c, "unknown");
    char buf[1024];
    snprintf(buf, sizeof buf, "\"%s\":%d:%d", op->loc.file ? op->loc.file : "-", op->loc.line, op->loc.col);
    return attr_loc(p->c, buf);
}

/* an argument's location, printed inline */
void print_arg_loc_pub(Printer *p, Value *v);
static void print_arg_loc(Printer *p, Value *v) { print_arg_loc_pub(p, v); }
void print_arg_loc_pub(Printer *p, Value *v) {
    if (v->locattr) {
        Attr *a = loc_node(p, v->locattr->str.s);
        ps_(p, " loc(");
        if (a) fwrite(a->str.s, 1, a->str.len, p->f); else fwrite(v->locattr->str.s, 1, v->locattr->str.len, p->f);
        pc(p, ')');
    } else if (v->loc.line) {
        fprintf(p->f, " loc(\"%s\":%d:%d)", v->loc.file ? v->loc.file : "-", v->loc.line, v->loc.col);
    }
}

/* ---- ops ------------------------------------------------------------ */
static void print_op(Printer *p, Op *op);

static void print_results(Printer *p, Op *op) {
    if (!op->nres) return;
    if (op->res[0].pname) {
        for (int i = 0; i < op->nres; i++) { if (i) ps_(p, ", "); print_value(p, &op->res[i]); }
    } else {
        pc(p, '%');
        if (p->o.ktir_cpu) pc(p, 'v');
        put_int(p, op->res[0].pid);
        if (op->nres > 1) { pc(p, ':'); put_int(p, op->nres); }
    }
    ps_(p, " = ");
}

static void print_block_header(Printer *p, Block *b, bool args) {
    p->indent -= 2;
    pind(p);
    p->indent += 2;
    print_block_name(p, b);
    if (args && b->nargs) {
        pc(p, '(');
        for (int i = 0; i < b->nargs; i++) {
            if (i) ps_(p, ", ");
            print_value(p, b->args[i]);
            ps_(p, ": ");
            print_type(p, b->args[i]->type);
            if (p->o.debuginfo) print_arg_loc(p, b->args[i]);
        }
        pc(p, ')');
    }
    pc(p, ':');
    /* predecessors, as MLIR notes them */
    Region *r = b->region;
    if (r && b != r->first) {
        PtrVec preds = {0};
        for (Block *q = r->first; q; q = q->next) {
            Op *t = q->last;
            if (!t) continue;
            for (int i = 0; i < t->nsuccs; i++) if (t->succs[i] == b) pv_push(&preds, q);
        }
        if (!preds.n) ps_(p, "  // no predecessors");
        else {
            if (preds.n == 1) { ps_(p, "  // pred: "); print_block_name(p, preds.v[0]); }
            else {
                /* sort by block order */
                for (int i = 1; i < preds.n; i++)
                    for (int j = i; j > 0 && ((Block *)preds.v[j - 1])->pid > ((Block *)preds.v[j])->pid; j--) {
                        void *t2 = preds.v[j]; preds.v[j] = preds.v[j - 1]; preds.v[j - 1] = t2;
                    }
                fprintf(p->f, "  // %d preds: ", preds.n);
                for (int i = 0; i < preds.n; i++) { if (i) ps_(p, ", "); print_block_name(p, preds.v[i]); }
            }
        }
        pv_free(&preds);
    }
    pc(p, '\n');
}

void print_region(Printer *p, Region *r, bool entry_args, bool terminators, bool empty_block) {
    ps_(p, "{\n");
    p->indent += 2;
    bool gap = false;   /* --ktir-cpu: a blank line is due before the next op or block */
    for (Block *b = r->first; b; b = b->next) {
        bool entry = b == r->first;
        if (gap) pc(p, '\n');
        gap = false;
        if (!entry) print_block_header(p, b, true);
        else if ((empty_block && !b->first) || (entry_args && b->nargs)) print_block_header(p, b, true);
        for (Op *o = b->first; o; o = o->next) {
            if (!terminators && !o->next && (o->info->traits & TR_TERMINATOR) && !o->nopnds && !o->nres) continue;
            if (gap) pc(p, '\n');
            print_op(p, o);
            gap = p->gap;
        }
    }
    p->gap = false;
    p->indent -= 2;
    pind(p);
    pc(p, '}');
}

void print_functional_type(Printer *p, Op *op) {
    pc(p, '(');
    for (int i = 0; i < op->nopnds; i++) { if (i) ps_(p, ", "); print_type(p, op->opnds[i].value ? op->opnds[i].value->type : NULL); }
    ps_(p, ") -> ");
    if (op->nres == 1 && !(op->res[0].type && op->res[0].type->kind == T_FUNC)) print_type(p, op->res[0].type);
    else {
        pc(p, '(');
        for (int i = 0; i < op->nres; i++) { if (i) ps_(p, ", "); print_type(p, op->res[i].type); }
        pc(p, ')');
    }
}

static void print_generic(Printer *p, Op *op) {
    if (op->verbatim) p->unknown_types = true;   /* its custom syntax was not understood */
    pc(p, '"');
    print_escaped(p, op->info->name, strlen(op->info->name));
    ps_(p, "\"(");
    for (int i = 0; i < op->nopnds; i++) { if (i) ps_(p, ", "); print_value(p, op->opnds[i].value); }
    pc(p, ')');
    if (op->nsuccs) {
        pc(p, '[');
        for (int i = 0; i < op->nsuccs; i++) { if (i) ps_(p, ", "); print_block_name(p, op->succs[i]); }
        pc(p, ']');
    }
    if (op->nprops) {
        ps_(p, " <{");
        for (int i = 0; i < op->nprops; i++) {
            if (i) ps_(p, ", ");
            print_key(p, op->props[i].name);
            if (op->props[i].value->kind != A_UNIT) { ps_(p, " = "); print_attr(p, op->props[i].value); }
        }
        ps_(p, "}>");
    }
    if (op->nregions) {
        ps_(p, " (");
        for (int i = 0; i < op->nregions; i++) { if (i) ps_(p, ", "); print_region(p, &op->regions[i], true, true, true); }
        pc(p, ')');
    }
    print_attr_dict(p, op->attrs, op->nattrs, NULL, 0);
    ps_(p, " : ");
    print_functional_type(p, op);
}

/* an op printed back from its parsed elements */
/* the op name, shortened as MLIR shortens it in its dialect's own functions */
static void print_op_name(Printer *p, Op *op) {
    const char *n = op->info->name;
    if (op_is(op, OP_module)) { ps_(p, "module"); return; }
    Op *par = op_parent(op);
    if ((op_is(op, OP_func_return) || op_is(op, OP_func_call)) && par && op_is(par, OP_func_func)) { ps_(p, n + 5); return; }
    ps_(p, n);
}

static void print_verbatim(Printer *p, Op *op) {
    print_op_name(p, op);
    for (Elem *e = op->custom; e; e = e->next) {
        if (e->space) pc(p, ' ');
        switch (e->kind) {
        case E_PUNCT: case E_WORD: case E_INT: case E_FLOAT: ps_(p, e->text); break;
        case E_STRING: pc(p, '"'); print_escaped(p, e->attr->str.s, e->attr->str.len); pc(p, '"'); break;
        case E_USE: {
            Value *v = op->opnds[e->idx].value;
            print_value(p, v);
            /* a use of one result of a multi-result op named by the source */
            break;
        }
        case E_DEF: print_value(p, e->val); break;
        case E_SUCC: print_block_name(p, op->succs[e->idx]); break;
        case E_TYPE: print_type(p, e->type); break;
        case E_ATTR:
            if (e->text && !strcmp(e->text, "dense")) {
                ps_(p, "dense<");
                Attr *lit = e->attr;
                if (lit->kind == A_ARRAY || lit->kind == A_INT || lit->kind == A_FLOAT || lit->kind == A_BOOL || lit->kind == A_OPAQUE) {
                    /* an untyped literal: print its numbers plainly */
                    PtrVec st = {0};
                    (void)st;
                    char *s = print_attr_str(p->c, lit);
                    ps_(p, s);
                    free(s);
                } else print_attr(p, lit);
                pc(p, '>');
            } else if (e->attr->kind == A_LOC) {
                if (p->o.debuginfo) print_attr(p, e->attr);
            } else print_attr(p, e->attr);
            break;
        case E_REGION: {
            Region *r = &op->regions[e->idx];
            bool implicit = false;
            for (Elem *d = op->custom; d; d = d->next)
                if (d->kind == E_DEF && r->first && d->val->block == r->first) implicit = true;
            print_region(p, r, !implicit, true, false);
            break;
        }
        }
    }
}

/* --ktir-cpu: does the text printed so far end in a type (`: T`, `-> T`, or a
 * list `-> (T, U)`)?  ktir-cpu reads an op that does not as going on in the
 * next line unless a blank line or a `%x = ` line follows. */
static bool ends_in_type(Printer *p) {
    if (fflush(p->f)) return false;
    const char *s = *p->mem;
    long n = (long)*p->memlen;
    if (n == p->type_end) return true;
    if (n < 2 || s[n - 1] != ')' || n - 1 != p->type_end) return false;
    long i = n - 1;
    for (int depth = 0; i >= 0; i--) {
        if (s[i] == ')') depth++;
        else if (s[i] == '(' && !--depth) break;
    }
    while (--i >= 0 && s[i] == ' ') {}
    return i >= 1 && s[i] == '>' && s[i - 1] == '-';
}

static void print_op(Printer *p, Op *op) {
    Attr *where = p->o.debuginfo && p->locs ? op_location(p, op) : NULL;
    if (where && p->collect) loc_register(p, where);
    pind(p);
    print_results(p, op);
    if (p->o.generic) print_generic(p, op);
    else if (op->verbatim) print_verbatim(p, op);
    else if (!format_print(p, op)) print_generic(p, op);
    if (where) { pc(p, ' '); print_loc_ref(p, where); }
    p->gap = p->mem && !ends_in_type(p);
    pc(p, '\n');
}

/* Aliases, as MLIR prints them: affine maps and integer sets become #map,
 * #map1, ..., #set, ... in the order the printer meets them; other aliases
 * the input defined keep their names; unused aliases are dropped.  A first
 * printing pass into a null stream finds what is used. */
static void collect_alias(Printer *p, Attr *a) {
    if (a->kind != A_AFFINE_MAP && a->kind != A_INTEGER_SET && !(a->alias && a->kind == A_OPAQUE)) return;
    for (int i = 0; i < p->used->n; i++) if (p->used->v[i] == a) return;
    pv_push(p->used, a);
}

static ssize_t null_write(void *c, const char *b, size_t n) { (void)c; (void)b; return (ssize_t)n; }

bool print_module(FILE *f, Ctx *c, Op *module, const PrintOpts *o) {
    PtrVec used = {0}, locs = {0};
    bool any = o->debuginfo;
    for (Alias *al = ctx_aliases(c); al; al = al->next) if (al->attr && al->attr->kind != A_LOC) any = true;
    if (any || ctx_has_affine(c)) {
        /* names from an earlier printing of this context are forgotten */
        for (Alias *al = ctx_aliases(c); al; al = al->next)
            if (al->attr && (al->attr->kind == A_AFFINE_MAP || al->attr->kind == A_INTEGER_SET)) al->attr->alias = NULL;
        ctx_clear_generated_aliases(c);
        cookie_io_functions_t io = { NULL, null_write, NULL, NULL };
        FILE *nul = fopencookie(NULL, "w", io);
        Printer q = { nul, c, *o, 0, false, true, true, &used, &locs, NULL, NULL, -1, false };
        number_values(&q, module);
        print_op(&q, module);
        fclose(nul);
        int nmap = 0, nset = 0;
        char name[32];
        for (int i = 0; i < used.n; i++) {
            Attr *a = used.v[i];
            if (a->kind == A_AFFINE_MAP) snprintf(name, sizeof name, nmap ? "#map%d" : "#map", nmap), nmap++;
            else if (a->kind == A_INTEGER_SET) snprintf(name, sizeof name, nset ? "#set%d" : "#set", nset), nset++;
            else continue;
            ctx_set_generated_alias(c, a, name);
        }
    }
    Printer p = { f, c, *o, 0, false, true, false, NULL, &locs, NULL, NULL, -1, false };
    char *mem = NULL;
    size_t memlen = 0;
    if (o->ktir_cpu) {
        /* printed into memory first: the blank lines depend on what an op ended with */
        FILE *ms = open_memstream(&mem, &memlen);
        if (ms) { p.f = ms; p.mem = &mem; p.memlen = &memlen; }
    }
    /* user aliases first (in their order), then maps, then sets */
    for (int pass = 0; pass < 3; pass++)
        for (int i = 0; i < used.n; i++) {
            Attr *a = used.v[i];
            int kind = a->kind == A_AFFINE_MAP ? 1 : a->kind == A_INTEGER_SET ? 2 : 0;
            if (kind != pass || !a->alias) continue;
            ps_(&p, a->alias);
            ps_(&p, " = ");
            p.alias_ok = false;
            print_attr_noalias(&p, a);
            p.alias_ok = true;
            pc(&p, '\n');
        }
    pv_free(&used);
    number_values(&p, module);
    print_op(&p, module);
    for (int i = 0; i < locs.n; i++) {
        if (i) fprintf(p.f, "#loc%d = ", i); else ps_(&p, "#loc = ");
        print_loc_def(&p, locs.v[i]);
        pc(&p, '\n');
    }
    pv_free(&locs);
    if (ctx_trailer(c)) { pc(&p, '\n'); ps_(&p, ctx_trailer(c)); pc(&p, '\n'); }
    if (p.mem) {
        fclose(p.f);
        fwrite(mem, 1, memlen, f);
        free(mem);
    }
    return !p.unknown_types;
}

void print_op_alone(FILE *f, Ctx *c, Op *op, const PrintOpts *o) {
    Printer p = { f, c, *o, 0, false, true, false, NULL, NULL, NULL, NULL, -1, false };
    number_values(&p, op);
    print_op(&p, op);
}
