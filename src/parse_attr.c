/* parse_attr.c - the reader's types, numbers, dense literals, attributes
 * and affine maps: the grammar actions that build a Type, an Attr or an
 * AExpr (parse.c builds ops, regions and names). */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "parse.h"
#include "parse_impl.h"
#include "print_attr.h"   /* type text in messages */
#include "ttir.h"

/* ---- types ---------------------------------------------------------- */
Type *ps_type_kw(PState *ps, Token *t) {
    const char *s = t->s;
    int n = t->len;
    /* the common ones without string comparisons */
    if (s[0] == 'i' && n >= 2 && n <= 4 && s[1] >= '0' && s[1] <= '9') {
        int w = 0;
        for (int i = 1; i < n; i++) { if (s[i] < '0' || s[i] > '9') { w = -1; break; } w = w * 10 + (s[i] - '0'); }
        if (w > 64) return type_int(ps->ctx, w, SIGNLESS);
        if (w > 0) return ps->ints[w] ? ps->ints[w] : (ps->ints[w] = type_int(ps->ctx, w, SIGNLESS));
    }
    if (s[0] == 'f' && n == 3 && s[1] == '3' && s[2] == '2') { if (!ps->f32) ps->f32 = type_float(ps->ctx, "f32"); return ps->f32; }
    if (n == 5 && !memcmp(s, "index", 5)) return ps->index ? ps->index : (ps->index = type_index(ps->ctx));
    char buf[64];
    ps_tok_str(t, buf, sizeof buf);
    if (!strcmp(buf, "index")) return type_index(ps->ctx);
    if (!strcmp(buf, "none")) return type_none(ps->ctx);
    Type *f = type_float(ps->ctx, buf);
    if (f) return f;
    int sign = SIGNLESS, k = 1;
    if (buf[0] == 's') { sign = SIGNED; k = 2; }
    else if (buf[0] == 'u') { sign = UNSIGNED; k = 2; }
    long w = strtol(buf + k, NULL, 10);
    if (w <= 0 || w > 16777215 || strlen(buf + k) > 9) { ps_perr(ps, tok_loc(ps, t), "integer bitwidth is limited to 16777215 bits"); w = 32; }
    return type_int(ps->ctx, (int)w, sign);
}

void ps_dims_begin(PState *ps) { pv_push(&ps->dimstack, (void *)(intptr_t)ps->dims.n); }
void ps_dim(PState *ps, Token *t) {
    int64_t d;
    if (t->s[0] == '?') { d = DYN; ps->dyndim = tok_loc(ps, t); }
    else if (t->s[0] == '*') d = -2;
    else {
        errno = 0;
        unsigned long long v = strtoull(t->s, NULL, 10);
        if (errno || v > (1ULL << 62)) { ps_perr(ps, tok_loc(ps, t), "dimension size out of range"); v = 1; }
        d = (int64_t)v;
    }
    pv_push(&ps->dims, (void *)(intptr_t)d);
}

Type *ps_shaped_end(PState *ps, Token *kw, Token *close, Type *elem, Attr *a, Attr *b) {
    int start = (int)(intptr_t)ps->dimstack.v[--ps->dimstack.n];
    int rank = ps->dims.n - start;
    int64_t *dims = ps_xcalloc((size_t)rank + 1, sizeof(int64_t));
    bool unranked = false;
    for (int i = 0; i < rank; i++) {
        dims[i] = (int64_t)(intptr_t)ps->dims.v[start + i];
        if (dims[i] == -2) unranked = true;
    }
    ps->dims.n = start;
    TypeKind k = kw->s[0] == 't' ? T_TENSOR : kw->s[0] == 'm' ? T_MEMREF : T_VECTOR;
    if (unranked) {
        if (rank != 1) ps_perr(ps, tok_loc(ps, kw), "unranked shape must be '*x' alone");
        rank = -1;
    }
    if (!elem) { ps_perr(ps, tok_loc(ps, close ? close : kw), "expected an element type before '>'"); elem = type_none(ps->ctx); }
    if (k == T_VECTOR)
        for (int i = 0; i < rank; i++)
            if (dims[i] <= 0) { ps_perr(ps, dims[i] == DYN ? ps->dyndim : tok_loc(ps, kw), "vector types must have positive constant sizes"); break; }
    if (k == T_TENSOR && b) ps_perr(ps, tok_loc(ps, kw), "a tensor type takes one encoding");
    Attr *enc = a, *space = b;
    if (k == T_MEMREF && a && !b && (a->kind == A_INT || (a->kind == A_OPAQUE && strstr(a->str.s, "memory_space")))) { space = a; enc = NULL; }
    Type *t = type_shaped(ps->ctx, k, rank, dims, elem, enc, space);
    free(dims);
    return t;
}

void ps_types_begin(PState *ps) { pv_push(&ps->typestack, ps_xcalloc(1, sizeof(PtrVec))); }
void ps_types_push(PState *ps, Type *t) {
    if (!ps->typestack.n) ps_types_begin(ps);
    pv_push(ps->typestack.v[ps->typestack.n - 1], t);
}
Type *ps_tuple_end(PState *ps) {
    PtrVec *v = ps->typestack.v[--ps->typestack.n];
    Type *t = type_tuple(ps->ctx, v->n, (Type *const *)v->v);
    pv_free(v); free(v);
    return t;
}
void ps_functype_begin(PState *ps) { ps_types_begin(ps); }
void ps_functype_results_begin(PState *ps) { ps_types_begin(ps); }
Type *ps_functype_end(PState *ps) {
    PtrVec *out = ps->typestack.v[--ps->typestack.n];
    PtrVec *in = ps->typestack.v[--ps->typestack.n];
    Type *t = type_func(ps->ctx, in->n, (Type *const *)in->v, out->n, (Type *const *)out->v);
    pv_free(in); free(in); pv_free(out); free(out);
    return t;
}

/* ---- attributes ----------------------------------------------------- */
static Type *bigsentinel(Ctx *c) { return type_int(c, 64, UNSIGNED); }

Attr *ps_number(PState *ps, Token *t, bool neg) {
    char buf[128];
    if (t->len >= (int)sizeof buf) { ps_perr(ps, tok_loc(ps, t), "numeric literal too long"); return attr_int(ps->ctx, NULL, 0); }
    ps_tok_str(t, buf, sizeof buf);
    bool isfloat = memchr(buf, '.', (size_t)t->len) && !(buf[0] == '0' && buf[1] == 'x');
    if (isfloat) {
        double d = strtod(buf, NULL);
        return attr_float(ps->ctx, NULL, neg ? -d : d);
    }
    if (buf[0] == '0' && buf[1] == 'x') {
        if (t->len > 18) { ps_perr(ps, tok_loc(ps, t), "hexadecimal literal wider than 64 bits is not supported"); return attr_int(ps->ctx, NULL, 0); }
        if (neg) {   /* -0x1: a negative integer */
            unsigned long long v = strtoull(buf, NULL, 16);
            if (v > (1ULL << 63)) { ps_perr(ps, tok_loc(ps, t), "integer literal out of range: -%s", buf); return attr_int(ps->ctx, NULL, 0); }
            return attr_int(ps->ctx, NULL, (int64_t)(0 - v));
        }
        return attr_opaque(ps->ctx, buf);   /* a bit pattern, typed later */
    }
    errno = 0;
    unsigned long long v = strtoull(buf, NULL, 10);
    if (errno == ERANGE) { ps_perr(ps, tok_loc(ps, t), "integer literal out of range: %s", buf); return attr_int(ps->ctx, NULL, 0); }
    if (neg) {
        if (v > (1ULL << 63)) { ps_perr(ps, tok_loc(ps, t), "integer literal out of range: -%s", buf); return attr_int(ps->ctx, NULL, 0); }
        return attr_int(ps->ctx, NULL, (int64_t)(0 - v));
    }
    if (v >= (1ULL << 63)) return attr_int(ps->ctx, bigsentinel(ps->ctx), (int64_t)v);
    return attr_int(ps->ctx, NULL, (int64_t)v);
}

/* integer attribute of type t from an untyped literal; NULL + *err on failure */
static Attr *typed_int(Ctx *c, Attr *n, Type *t, const char **err) {
    int w = t->kind == T_INDEX ? 64 : t->i.width;
    int sign = t->kind == T_INDEX ? SIGNLESS : t->i.sign;
    if (n->kind == A_BOOL) {
        if (w != 1) { *err = "boolean literal requires an i1 type"; return NULL; }
        return attr_int(c, t, n->i);
    }
    if (n->kind == A_FLOAT) { *err = "floating point value not valid for integer type"; return NULL; }
    if (n->kind == A_OPAQUE) {   /* hex bit pattern */
        unsigned long long v = strtoull(n->str.s, NULL, 16);
        if (w < 64 && (v >> w)) { *err = "integer constant out of range for attribute"; return NULL; }
        return attr_int(c, t, (int64_t)v);
    }
    if (n->kind != A_INT) { *err = "expected an integer literal"; return NULL; }
    bool big = n->type != NULL;           /* >= 2^63, held as unsigned */
    int64_t v = n->i;
    if (w < 64) {
        int64_t lo = sign == UNSIGNED ? 0 : -((int64_t)1 << (w - 1));
        int64_t hi = sign == SIGNED ? ((int64_t)1 << (w - 1)) - 1 : (int64_t)(((uint64_t)1 << w) - 1);
        if (w == 1 && sign == SIGNLESS) lo = -1;
        if (sign == UNSIGNED && v < 0 && !big) { *err = "negative integer literal not valid for unsigned integer type"; return NULL; }
        if (big || v < lo || v > hi) { *err = "integer constant out of range for attribute"; return NULL; }
    } else {
        if (sign == SIGNED && big) { *err = "integer constant out of range for attribute"; return NULL; }
        if (sign == UNSIGNED && v < 0 && !big) { *err = "negative integer literal not valid for unsigned integer type"; return NULL; }
    }
    return attr_int(c, t, v);
}

static Attr *typed_float(Ctx *c, Attr *n, Type *t, const char **err) {
    if (n->kind == A_FLOAT) return attr_float(c, t, n->f);
    if (n->kind == A_INT) { *err = "unexpected decimal integer literal for a floating point value"; return NULL; }
    if (n->kind == A_OPAQUE) {   /* bit pattern */
        unsigned long long v = strtoull(n->str.s, NULL, 16);
        int w = t->f.width;
        if (w < 64 && (v >> w)) { *err = "hexadecimal float literal does not fit the type"; return NULL; }
        double d;
        if (w == 64) { memcpy(&d, &v, 8); }
        else if (w == 32) { uint32_t u = (uint32_t)v; float f; memcpy(&f, &u, 4); d = f; }
        else if (!strcmp(t->f.name, "f16")) {
            int e = (int)((v >> 10) & 31), m = (int)(v & 1023);
            d = e == 0 ? ldexp(m, -24) : e == 31 ? (m ? NAN : INFINITY) : ldexp(1024 + m, e - 25);
            if (v & 0x8000) d = -d;
        } else if (!strcmp(t->f.name, "bf16")) {
            uint32_t u = (uint32_t)v << 16; float f; memcpy(&f, &u, 4); d = f;
        } else { *err = "hexadecimal literal not supported for this float type"; return NULL; }
        return attr_float(c, t, d);
    }
    if (n->kind == A_BOOL) { *err = "expected a floating point literal"; return NULL; }
    *err = "expected a floating point literal";
    return NULL;
}

static Attr *typed_scalar(Ctx *c, Attr *n, Type *t, const char **err) {
    if (t->kind == T_INT || t->kind == T_INDEX) return typed_int(c, n, t, err);
    if (t->kind == T_FLOAT) return typed_float(c, n, t, err);
    *err = "unsupported element type for a literal";
    return NULL;
}

/* a number written without a type is an i64 or f64 attribute */
Attr *ps_default_number(PState *ps, Attr *n) {
    if (n->kind == A_FLOAT) return attr_float(ps->ctx, type_float(ps->ctx, "f64"), n->f);
    return ps_typed_number(ps, n, type_int(ps->ctx, 64, SIGNLESS));
}

Attr *ps_typed_number(PState *ps, Attr *n, Type *t) {
    const char *err = NULL;
    Attr *a = typed_scalar(ps->ctx, n, t, &err);
    if (!a) {
        ps_perr(ps, ps->numloc.line ? ps->numloc : tok_loc(ps, &ps->last), "%s", err);
        return attr_int(ps->ctx, type_int(ps->ctx, 64, SIGNLESS), 0);
    }
    return a;
}

typedef struct Flat {
    PtrVec out;
    int64_t shape[16];
    int rank;           /* depth of the leaves, once the first leaf is seen */
    int leaf, list;     /* counters in source order */
    int badleaf, badlist;
} Flat;

static void flatten(Attr *lit, int depth, Flat *f) {
    if (f->badlist >= 0 || f->badleaf >= 0) return;
    if (lit->kind != A_ARRAY) {
        if (f->rank < 0) f->rank = depth;
        else if (f->rank != depth) { f->badleaf = f->leaf; return; }
        f->leaf++;
        pv_push(&f->out, lit);
        return;
    }
    int me = f->list++;
    if (depth >= 16 || (f->rank >= 0 && depth >= f->rank)) { f->badlist = me; return; }
    if (f->shape[depth] == -1) f->shape[depth] = lit->arr.n;
    else if (f->shape[depth] != lit->arr.n) { f->badlist = me; return; }
    for (int i = 0; i < lit->arr.n; i++) flatten(lit->arr.elts[i], depth + 1, f);
    if (!lit->arr.n) {
        if (f->rank < 0) f->rank = depth + 1;
        else if (f->rank != depth + 1) f->badlist = me;
    }
}

static void shape_str(char *buf, size_t n, const int64_t *d, int rank) {
    size_t k = 0;
    k += (size_t)snprintf(buf + k, n - k, "[");
    for (int i = 0; i < rank && k < n; i++) k += (size_t)snprintf(buf + k, n - k, "%s%lld", i ? ", " : "", (long long)d[i]);
    if (k < n) snprintf(buf + k, n - k, "]");
}

Attr *dense_from_literal(Ctx *c, Attr *lit, Type *t, const char **err) {
    int leaf, list;
    return dense_from_literal_at(c, lit, t, err, &leaf, &list);
}

Attr *dense_from_literal_at(Ctx *c, Attr *lit, Type *t, const char **err, int *leafp, int *listp) {
    *leafp = *listp = -1;
    if (!type_is_shaped(t) || t->sh.rank < 0) { *err = "dense elements need a ranked tensor or vector type"; return NULL; }
    int64_t numel = type_numel(t);
    if (numel < 0) { *err = "dense elements need a static shape"; return NULL; }
    Type *et = t->sh.elem;
    if (lit->kind == A_STRING) {   /* "0x..." raw little-endian data */
        *leafp = 0;
        const char *s = lit->str.s;
        if (lit->str.len < 2 || s[0] != '0' || s[1] != 'x') { *err = "dense string literals must be hexadecimal data"; return NULL; }
        int bits = et->kind == T_INDEX ? 64 : et->kind == T_INT ? et->i.width : et->kind == T_FLOAT ? et->f.width : 0;
        if (bits == 1) {   /* i1 data is packed eight to a byte, lowest bit first */
            size_t nhex1 = lit->str.len - 2, nb1 = nhex1 / 2;
            if (nhex1 % 2) { *err = "odd number of hexadecimal digits"; return NULL; }
            bool splat1 = nb1 == 1 && numel > 8 ? false : nb1 == 1 && (s[2] == '0' || s[2] == 'F' || s[2] == 'f') && (s[3] == '0' || s[3] == 'F' || s[3] == 'f') && numel != 1 && false;
            (void)splat1;
            if ((int64_t)nb1 != (numel + 7) / 8) { *err = "elements hex data size is invalid for provided type"; return NULL; }
            Attr **be = ps_xcalloc((size_t)numel + 1, sizeof(Attr *));
            for (int64_t i = 0; i < numel; i++) {
                int byte = ps_hexv(s[2 + (i / 8) * 2]) * 16 + ps_hexv(s[3 + (i / 8) * 2]);
                if (ps_hexv(s[2 + (i / 8) * 2]) < 0 || ps_hexv(s[3 + (i / 8) * 2]) < 0) { free(be); *err = "invalid hexadecimal digit"; return NULL; }
                be[i] = attr_int(c, et, (byte >> (i % 8)) & 1);
            }
            Attr *r = attr_dense(c, t, (int)numel, be);
            free(be);
            *leafp = -1;
            return r;
        }
        int bytes = bits == 1 ? 1 : bits / 8;
        if (!bytes || (bits % 8 && bits != 1)) { *err = "unsupported element type for hexadecimal dense data"; return NULL; }
        size_t nhex = lit->str.len - 2;
        if (nhex % 2) { *err = "odd number of hexadecimal digits"; return NULL; }
        size_t nb = nhex / 2;
        int64_t count = (int64_t)(nb / (size_t)bytes);
        if ((size_t)count * (size_t)bytes != nb || (count != numel && count != 1)) { *err = "elements hex data size is invalid for provided type"; return NULL; }
        Attr **elts = ps_xcalloc((size_t)count, sizeof(Attr *));
        for (int64_t i = 0; i < count; i++) {
            uint64_t v = 0;
            for (int b = bytes - 1; b >= 0; b--) {
                int hi = ps_hexv(s[2 + (i * bytes + b) * 2]), lo = ps_hexv(s[3 + (i * bytes + b) * 2]);
                if (hi < 0 || lo < 0) { free(elts); *err = "invalid hexadecimal digit"; return NULL; }
                v = v << 8 | (uint64_t)(hi * 16 + lo);
            }
            char hb[32];
            snprintf(hb, sizeof hb, "0x%llx", (unsigned long long)v);
            Attr *h = attr_opaque(c, hb);
            elts[i] = typed_scalar(c, h, et, err);
            if (!elts[i]) { free(elts); *leafp = 0; return NULL; }
        }
        Attr *r = attr_dense(c, t, (int)count, elts);
        free(elts);
        *leafp = -1;
        return r;
    }
    if (lit->kind == A_ARRAY && !lit->arr.n && numel == 0) return attr_dense(c, t, 0, NULL);   /* dense<> */
    if (lit->kind != A_ARRAY) {
        Attr *e = typed_scalar(c, lit, et, err);
        if (!e) *leafp = 0;
        return e ? attr_dense(c, t, 1, &e) : NULL;
    }
    Flat fl = { .rank = -1, .badleaf = -1, .badlist = -1 };
    for (int i = 0; i < 16; i++) fl.shape[i] = -1;
    flatten(lit, 0, &fl);
    PtrVec flat = fl.out;
    int64_t *shape = fl.shape;
    int rank = fl.rank < 0 ? 0 : fl.rank;
    for (int i = 0; i < rank; i++) if (shape[i] < 0) shape[i] = 0;
    static char msg[256];
    if (fl.badlist >= 0 || fl.badleaf >= 0) {
        pv_free(&flat);
        *listp = fl.badlist; *leafp = fl.badleaf;
        *err = "tensor literal is invalid; ranks are not consistent between elements";
        return NULL;
    }
    bool match = rank == t->sh.rank;
    for (int i = 0; match && i < rank; i++) match = shape[i] == t->sh.dims[i];
    if (!match) {
        char a[96], b[96];
        shape_str(a, sizeof a, shape, rank);
        shape_str(b, sizeof b, t->sh.dims, t->sh.rank);
        snprintf(msg, sizeof msg, "inferred shape of elements literal (%s) does not match type (%s)", a, b);
        pv_free(&flat);
        *err = msg;
        return NULL;
    }
    Attr **elts = ps_xcalloc((size_t)flat.n + 1, sizeof(Attr *));
    for (int i = 0; i < flat.n; i++) {
        Attr *fe = flat.v[i];
        if (type_is_float(et) && fe->kind == A_INT) { free(elts); pv_free(&flat); *leafp = i; *err = "expected floating-point elements, but parsed integer"; return NULL; }
        if ((et->kind == T_INT || et->kind == T_INDEX) && fe->kind == A_FLOAT) { free(elts); pv_free(&flat); *leafp = i; *err = "expected integer elements, but parsed floating-point"; return NULL; }
        elts[i] = typed_scalar(c, flat.v[i], et, err);
        if (!elts[i]) { free(elts); pv_free(&flat); *leafp = i; return NULL; }
    }
    Attr *r = flat.n ? attr_dense(c, t, flat.n, elts) : attr_dense(c, t, 0, elts);
    free(elts);
    pv_free(&flat);
    return r;
}

void ps_num_loc(PState *ps, Token *t) { ps->numloc = tok_loc(ps, t); }
void ps_dense_begin(PState *ps) { ps->ndleaf = ps->ndlist = 0; }
void ps_dense_leaf(PState *ps) {
    if (ps->ndleaf == ps->capdleaf) {
        ps->capdleaf = ps->capdleaf ? ps->capdleaf * 2 : 64;
        ps->dleaf = realloc(ps->dleaf, sizeof(Loc) * (size_t)ps->capdleaf);
        if (!ps->dleaf) abort();
    }
    ps->dleaf[ps->ndleaf++] = ps->numloc;
}
void ps_dense_list(PState *ps, Token *t) {
    if (ps->ndlist == ps->capdlist) {
        ps->capdlist = ps->capdlist ? ps->capdlist * 2 : 64;
        ps->dlist = realloc(ps->dlist, sizeof(Loc) * (size_t)ps->capdlist);
        if (!ps->dlist) abort();
    }
    ps->dlist[ps->ndlist++] = tok_loc(ps, t);
}

/* the position of the first non-blank character after token t */
Loc ps_loc_after(PState *ps, Token *t) {
    Loc l = tok_loc(ps, t);
    const char *p = t->s + t->len;
    l.col += t->len;
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') {
        if (*p == '\n') { l.line++; l.col = 1; } else l.col++;
        p++;
    }
    return l;
}

Attr *ps_dense(PState *ps, Attr *lit, Type *t, Token *kw, Token *colon) {
    const char *err = NULL;
    int leaf, list;
    Attr *a = dense_from_literal_at(ps->ctx, lit, t, &err, &leaf, &list);
    if (!a) {
        Loc l = tok_loc(ps, kw);
        if (list >= 0 && list < ps->ndlist) l = ps->dlist[list];
        else if (leaf >= 0 && leaf < ps->ndleaf) l = ps->dleaf[leaf];
        else if (!type_is_shaped(t) || type_numel(t) < 0) l = ps_loc_after(ps, colon);
        ps_perr(ps, l, "%s", err);
        return attr_unit(ps->ctx);
    }
    return a;
}

void ps_darr_item(PState *ps, Attr *n) {
    Type *t = ps->darr_type;
    if (t && (type_is_float(t) || t->kind == T_INT)) {
        const char *err = NULL;
        if (!typed_scalar(ps->ctx, n, t, &err)) { ps_perr(ps, ps->numloc, "%s", err); n = attr_int(ps->ctx, NULL, 0); }
    }
    ps_list_push(ps, n);
}

Attr *ps_dense_array(PState *ps, Type *t, Attr *list) {
    int n = list ? list->arr.n : 0;
    bool isf = type_is_float(t);
    if (!isf && t->kind != T_INT) { ps_perr(ps, tok_loc(ps, &ps->last), "array<...> needs an integer or float element type"); return attr_unit(ps->ctx); }
    int64_t *iv = isf ? NULL : ps_xcalloc((size_t)n + 1, sizeof(int64_t));
    double *fv = isf ? ps_xcalloc((size_t)n + 1, sizeof(double)) : NULL;
    for (int i = 0; i < n; i++) {
        const char *err = NULL;
        Attr *e = typed_scalar(ps->ctx, list->arr.elts[i], t, &err);
        if (!e) { ps_perr(ps, tok_loc(ps, &ps->last), "%s", err); break; }
        if (isf) fv[i] = e->f; else iv[i] = e->i;
    }
    Attr *a = attr_dense_array(ps->ctx, t, n, iv, fv);
    free(iv); free(fv);
    return a;
}

Attr *ps_symref(PState *ps, Attr *prefix, Token *t) {
    const char *name;
    if (t->s[1] == '"') { size_t n; name = ctx_str(ps->ctx, unescape_string(ps->ctx, t->s + 1, t->len - 1, &n)); }
    else name = ctx_intern(ps->ctx, t->s + 1, (size_t)t->len - 1);
    int n = prefix ? prefix->sym.n : 0;
    const char **names = ps_xcalloc((size_t)n + 1, sizeof(char *));
    for (int i = 0; i < n; i++) names[i] = prefix->sym.names[i];
    names[n] = name;
    Attr *a = attr_symref(ps->ctx, n + 1, names);
    free(names);
    return a;
}

Attr *ps_bare_attr(PState *ps, Token *t) {
    if (t->len == 4 && !strncmp(t->s, "unit", 4)) return attr_unit(ps->ctx);
    char *s = ctx_alloc(ps->ctx, (size_t)t->len + 1);
    memcpy(s, t->s, (size_t)t->len);
    return attr_opaque(ps->ctx, s);     /* a bare keyword kept verbatim */
}

void ps_list_begin(PState *ps) { pv_push(&ps->lists, ps_xcalloc(1, sizeof(PtrVec))); }
void ps_list_push(PState *ps, Attr *a) { pv_push(ps->lists.v[ps->lists.n - 1], a); }
Attr *ps_array_end(PState *ps) {
    PtrVec *v = ps->lists.v[--ps->lists.n];
    Attr *a = attr_array(ps->ctx, v->n, (Attr *const *)v->v);
    pv_free(v); free(v);
    return a;
}

void ps_dict_begin(PState *ps) { pv_push(&ps->dicts, ps_xcalloc(1, sizeof(PtrVec))); }
void ps_dict_put(PState *ps, Token *k, Attr *a) {
    PtrVec *v = ps->dicts.v[ps->dicts.n - 1];
    const char *name;
    if (k->s[0] == '"') { size_t n; name = ctx_str(ps->ctx, unescape_string(ps->ctx, k->s, k->len, &n)); }
    else name = ctx_intern(ps->ctx, k->s, (size_t)k->len);
    for (int i = 0; i < v->n; i += 2)
        if (v->v[i] == name) { ps_perr(ps, tok_loc(ps, k), "duplicate key '%s' in dictionary attribute", name); return; }
    pv_push(v, (void *)name);
    pv_push(v, a ? a : attr_unit(ps->ctx));
}
Attr *ps_dict_end(PState *ps) {
    PtrVec *v = ps->dicts.v[--ps->dicts.n];
    int n = v->n / 2;
    NamedAttr *ents = ps_xcalloc((size_t)n + 1, sizeof(NamedAttr));
    for (int i = 0; i < n; i++) { ents[i].name = v->v[2 * i]; ents[i].value = v->v[2 * i + 1]; }
    Attr *a = attr_dict(ps->ctx, n, ents);
    free(ents);
    pv_free(v); free(v);
    return a;
}

/* ---- affine maps and sets ------------------------------------------- */
void ps_affine_begin(PState *ps) { ps->nanames = 0; ps->ndims = 0; ps->in_syms = false; ps->naexprs = 0; }
void ps_affine_dims_end(PState *ps) { ps->ndims = ps->nanames; ps->in_syms = true; }
void ps_affine_id(PState *ps, Token *t) {
    const char *name = ctx_intern(ps->ctx, t->s, (size_t)t->len);
    for (int i = 0; i < ps->nanames; i++)
        if (ps->anames[i] == name) { ps_perr(ps, tok_loc(ps, t), "redefinition of identifier '%s'", name); return; }
    if (ps->nanames == ps->capan) {
        ps->capan = ps->capan ? ps->capan * 2 : 8;
        ps->anames = realloc(ps->anames, sizeof(char *) * (size_t)ps->capan);
        if (!ps->anames) abort();
    }
    ps->anames[ps->nanames++] = name;
}
AExpr *ps_affine_name(PState *ps, Token *t) {
    const char *name = ctx_intern(ps->ctx, t->s, (size_t)t->len);
    for (int i = 0; i < ps->nanames; i++)
        if (ps->anames[i] == name) return i < ps->ndims ? ae_dim(ps->ctx, i) : ae_sym(ps->ctx, i - ps->ndims);
    ps_perr(ps, tok_loc(ps, t), "use of undeclared identifier '%s'", name);
    return ae_const(ps->ctx, 0);
}
static bool ae_is_const(AExpr *e) { return e->kind == AE_CONST; }
static bool ae_pure(AExpr *e) {   /* only constants and symbols */
    if (e->kind == AE_DIM) return false;
    if (e->kind == AE_CONST || e->kind == AE_SYM) return true;
    return ae_pure(e->l) && ae_pure(e->r);
}
AExpr *ps_affine_mul(PState *ps, AExpr *a, AExpr *b, Token *op) {
    if (!ae_pure(a) && !ae_pure(b)) { ps_perr(ps, tok_loc(ps, op), "non-affine expression: at least one of the multiply operands has to be either a constant or symbolic"); }
    return ae_mul(ps->ctx, a, b);
}
AExpr *ps_affine_div(PState *ps, AExprKind k, AExpr *a, AExpr *b, Token *op) {
    if (!ae_pure(b)) ps_perr(ps, tok_loc(ps, op), "non-affine expression: right operand of floordiv/ceildiv/mod has to be either a constant or symbolic");
    else if (ae_is_const(b) && b->v <= 0) ps_perr(ps, tok_loc(ps, op), "division by a non-positive constant in affine expression");
    return ae_bin(ps->ctx, k, a, b);
}
void ps_affine_push(PState *ps, AExpr *e, bool eq) {
    if (ps->naexprs == ps->capae) {
        ps->capae = ps->capae ? ps->capae * 2 : 8;
        ps->aexprs = realloc(ps->aexprs, sizeof(AExpr *) * (size_t)ps->capae);
        ps->aeq = realloc(ps->aeq, sizeof(bool) * (size_t)ps->capae);
        if (!ps->aexprs || !ps->aeq) abort();
    }
    ps->aexprs[ps->naexprs] = e;
    ps->aeq[ps->naexprs] = eq;
    ps->naexprs++;
}
Attr *ps_affine_map_end(PState *ps) {
    return attr_map(ps->ctx, ps->ndims, ps->nanames - ps->ndims, ps->naexprs, ps->aexprs);
}
Attr *ps_affine_set_end(PState *ps) {
    return attr_set(ps->ctx, ps->ndims, ps->nanames - ps->ndims, ps->naexprs, ps->aexprs, ps->aeq);
}

