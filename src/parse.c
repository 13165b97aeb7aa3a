/* parse.c - the builder behind the grammar: ops, regions and blocks, aliases,
 * and the driver that feeds tokens from the lexer to the lemon parser.  SSA
 * names, scopes and block labels are in parse_scope.c; types, numbers, dense
 * literals, attributes and affine maps are built in parse_attr.c. */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "parse.h"
#include "parse_impl.h"
#include "parse_scope.h"
#include "ttir.h"

void *TtxParseAlloc(void *(*)(size_t));
void TtxParse(void *, int, Token, PState *);
void TtxParseFree(void *, void (*)(void *));
int TtxParseSettle(void *);

/* A token that is a whole element of a custom form by itself, and whose
 * action cannot fail.  When the parser waits for the next element of a list
 * (the symbol on top of its stack is an element list), such a token goes
 * straight to its action: the grammar would shift it, reduce it to an item,
 * an element and the longer list, and come back to the same state, running
 * that same action and no other.  The IR and every diagnostic are the ones
 * the full path gives; the parser's engine was a sixth of a read. */
static bool element_token(PState *ps, void *parser, int kind, Token *t) {
    switch (kind) {
    case TK_VALUE: case TK_CARET: case TK_BAREID: case TK_FLOORDIV: case TK_CEILDIV: case TK_MOD: case TK_DIM:
    case TK_TRUE: case TK_FALSE: case TK_INTEGER: case TK_HEXINT: case TK_FLOAT:
    case TK_COMMA: case TK_COLON: case TK_DCOLON: case TK_EQUAL: case TK_ARROW: case TK_STAR: case TK_PLUS:
    case TK_MINUS: case TK_QUESTION: case TK_PIPE: case TK_ELLIPSIS: case TK_GE: case TK_LE: case TK_EQEQ:
        break;
    case TK_TYPEKW:
        /* a bad bitwidth (i0, past the limit) is an error: only iN with 1 <= N <= 999 here */
        if ((t->s[0] == 'i' && !(t->len == 5 && !memcmp(t->s, "index", 5))) || t->s[0] == 's' || t->s[0] == 'u') {
            if (t->s[0] != 'i' || t->len < 2 || t->len > 4) return false;
            bool nonzero = false;
            for (int i = 1; i < t->len; i++) nonzero |= t->s[i] != '0';
            if (!nonzero) return false;
        }
        break;
    default:
        return false;
    }
    int top = TtxParseSettle(parser);
    if (ps->failed || (top != ps->elems_sym[0] && top != ps->elems_sym[1] && top != ps->elems_sym[2] && top != ps->elems_sym[3]))
        return false;
    switch (kind) {
    case TK_VALUE: ps_e_use(ps, t); break;
    case TK_CARET: ps_e_succ(ps, t); break;
    case TK_BAREID: case TK_FLOORDIV: case TK_CEILDIV: case TK_MOD: case TK_DIM: ps_e_word(ps, t); break;
    case TK_TRUE: case TK_FALSE: case TK_INTEGER: case TK_HEXINT: case TK_FLOAT: ps_e_lit(ps, t); break;
    case TK_TYPEKW: { Type *ty = ps_type_kw(ps, t); ps_e_type(ps, t, ty); break; }
    default: ps_e_punct(ps, t); break;
    }
    return true;
}


void *ps_xcalloc(size_t n, size_t s) {
    void *p = calloc(n ? n : 1, s);
    if (!p) { fputs("ttxform: out of memory\n", stderr); abort(); }
    return p;
}

/* ---- errors --------------------------------------------------------- */
void ps_perr(PState *ps, Loc l, const char *fmt, ...) {
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    ps->failed = true;
    diag_error(ps->diag, l, "%s", buf);
}

static const char *tok_desc(int major, Token *t, char *buf, size_t n) {
    if (major == 0) return "end of input";
    int len = t->len > 40 ? 40 : t->len;
    snprintf(buf, n, "'%.*s'%s", len, t->s, t->len > 40 ? "..." : "");
    return buf;
}

static const char *closer_of(int k) {
    switch (k) {
    case TK_LPAREN: return ")";
    case TK_LBRACKET: return "]";
    case TK_LT: return ">";
    default: return "}";
    }
}
static const char *opener_text(int k) {
    switch (k) {
    case TK_LPAREN: return "(";
    case TK_LBRACKET: return "[";
    case TK_LT: return "<";
    default: return "{";
    }
}
static bool is_closer(int k) { return k == TK_RPAREN || k == TK_RBRACKET || k == TK_GT || k == TK_RBRACE; }
static bool closes(int open, int close) {
    return (open == TK_LPAREN && close == TK_RPAREN) || (open == TK_LBRACKET && close == TK_RBRACKET) ||
           (open == TK_LT && close == TK_GT) || ((open == TK_LBRACE_DICT || open == TK_LBRACE_REGION) && close == TK_RBRACE);
}

/* bookkeeping of the token stream for syntax error messages; returns the
 * kind to feed (a `{` after a generic op's operands is its attributes) */
static int track(PState *ps, int kind) {
    if (kind == TK_LBRACE_REGION && ps->ngen && ps->gphase[ps->ngen - 1] == 2 && ps->nbrk_total == ps->gdepth[ps->ngen - 1]) {
        const char *q = ps->last.s + 1;
        while (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r') q++;
        if (*q != '}') kind = TK_LBRACE_DICT;
    }
    ps->gphase_before = ps->ngen ? ps->gphase[ps->ngen - 1] : 0;
    ps->top_before = ps->nbrk ? ps->brk[ps->nbrk - 1] : 0;
    int depth = ps->nbrk_total;
    if (ps->ngen) {
        int top = ps->ngen - 1, gd = ps->gdepth[top];
        int *ph = &ps->gphase[top];
        switch (*ph) {
        case 1: if (kind == TK_LPAREN && depth == gd) *ph = 11; break;
        case 11: if (kind == TK_RPAREN && depth == gd + 1) *ph = 2; break;
        case 2: if (kind == TK_COLON && depth == gd) *ph = 3; break;
        case 3: *ph = kind == TK_LPAREN ? 31 : 0; break;
        case 31: if (kind == TK_RPAREN && depth == gd + 1) *ph = 4; break;
        case 4: if (kind == TK_ARROW) *ph = 5; break;
        default: ps->ngen--; break;
        }
        if (ps->ngen && ps->gphase[ps->ngen - 1] == 0) ps->ngen--;
    }
    if (kind == TK_GENNAME && ps->ngen < 64) { ps->gphase[ps->ngen] = 1; ps->gdepth[ps->ngen] = depth; ps->ngen++; }
    if (kind == TK_RESDEF) ps->in_results = true;
    if (kind == TK_OPNAME || kind == TK_GENNAME) ps->in_results = false;
    if (kind == TK_LPAREN || kind == TK_LBRACKET || kind == TK_LT || kind == TK_LBRACE_DICT || kind == TK_LBRACE_REGION) {
        if (ps->nbrk == 64) { memmove(ps->brk, ps->brk + 1, sizeof(int) * 63); memmove(ps->brkloc, ps->brkloc + 1, sizeof(Loc) * 63); ps->nbrk--; }
        ps->brk[ps->nbrk] = kind;
        ps->brkloc[ps->nbrk] = tok_loc(ps, &ps->last);
        ps->nbrk++;
        ps->nbrk_total++;
    } else if (is_closer(kind)) {
        if (ps->nbrk && closes(ps->brk[ps->nbrk - 1], kind)) ps->nbrk--;
        if (ps->nbrk_total) ps->nbrk_total--;
    }
    return kind;
}

/* a lexer error; an unexpected character is named, `\xNN` when it is not
 * printable ASCII (a control byte, a NUL, a stray byte of UTF-8) */
static void token_error(PState *ps, Token *t) {
    if (t->msg && !strcmp(t->msg, "unexpected character") && t->len == 1) {
        unsigned char ch = (unsigned char)t->s[0];
        if (ch > 0x20 && ch < 0x7f) ps_perr(ps, tok_loc(ps, t), "unexpected character '%c'", ch);
        else ps_perr(ps, tok_loc(ps, t), "unexpected character '\\x%02x'", ch);
        return;
    }
    ps_perr(ps, tok_loc(ps, t), "%s", t->msg ? t->msg : "invalid token");
}

void ps_syntax_error(PState *ps, Token *t, int major) {
    if (ps->failed) return;
    char b[80];
    Loc l = tok_loc(ps, t);
    if (major == TK_ERROR) { token_error(ps, t); return; }
    if (major == 0) {
        if (ps->nbrk) {
            Loc o = ps->brkloc[ps->nbrk - 1];
            ps_perr(ps, l, "expected '%s' to close the '%s' at %d:%d, found end of input", closer_of(ps->brk[ps->nbrk - 1]), opener_text(ps->brk[ps->nbrk - 1]), o.line, o.col);
        } else ps_perr(ps, l, "unexpected end of input");
        return;
    }
    if (is_closer(major) && ps->nbrk && !closes(ps->brk[ps->nbrk - 1], major)) {
        ps_perr(ps, l, "expected '%s', found %s", closer_of(ps->brk[ps->nbrk - 1]), tok_desc(major, t, b, sizeof b));
        return;
    }
    if (ps->prev == TK_EQUAL && ps->in_results) { ps_perr(ps, l, "expected operation name, found %s", tok_desc(major, t, b, sizeof b)); return; }
    if (ps->prev == TK_EQUAL && ps->top_before == TK_LBRACE_DICT) { ps_perr(ps, l, "expected attribute value, found %s", tok_desc(major, t, b, sizeof b)); return; }
    switch (ps->gphase_before) {
    case 11: ps_perr(ps, l, "expected ')' to end the operand list, found %s", tok_desc(major, t, b, sizeof b)); return;
    case 2: ps_perr(ps, l, "expected ':' followed by operation type, found %s", tok_desc(major, t, b, sizeof b)); return;
    case 4: ps_perr(ps, l, "expected '->' in the operation type, found %s", tok_desc(major, t, b, sizeof b)); return;
    case 5: ps_perr(ps, l, "expected non-function type, found %s", tok_desc(major, t, b, sizeof b)); return;
    default: break;
    }
    ps_perr(ps, l, "unexpected %s", tok_desc(major, t, b, sizeof b));
}

int ps_int_token(PState *ps, Token *t) {
    errno = 0;
    long v = strtol(t->s, NULL, 0);
    if (errno || v > 1 << 30 || v < 0) { ps_perr(ps, tok_loc(ps, t), "integer out of range"); return 0; }
    return (int)v;
}

char *ps_tok_str(const Token *t, char *buf, size_t n) {
    size_t l = (size_t)t->len < n - 1 ? (size_t)t->len : n - 1;
    memcpy(buf, t->s, l);
    buf[l] = 0;
    return buf;
}

/* ---- strings -------------------------------------------------------- */
int ps_hexv(int c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* s points at the opening quote; returns the unescaped bytes (NUL-terminated) */
char *unescape_string(Ctx *c, const char *s, int len, size_t *outlen) {
    char *r = ctx_alloc(c, (size_t)len + 1);
    size_t n = 0;
    for (int i = 1; i < len - 1; i++) {
        char ch = s[i];
        if (ch == '\\' && i + 1 < len - 1) {
            char e = s[i + 1];
            if (e == 'n') { r[n++] = '\n'; i++; }
            else if (e == 't') { r[n++] = '\t'; i++; }
            else if (e == '\\' || e == '"') { r[n++] = e; i++; }
            else if (i + 2 < len - 1 && ps_hexv(e) >= 0 && ps_hexv(s[i + 2]) >= 0) { r[n++] = (char)(ps_hexv(e) * 16 + ps_hexv(s[i + 2])); i += 2; }
            else r[n++] = ch;
        } else r[n++] = ch;
    }
    r[n] = 0;
    *outlen = n;
    return r;
}

Attr *ps_string_attr(PState *ps, Token *t) {
    size_t n;
    char *s = unescape_string(ps->ctx, t->s, t->len, &n);
    return attr_string(ps->ctx, s, n);
}

/* ---- aliases and top level ------------------------------------------ */
/* in a module body (a piece read by parse_par.c) there is no top level:
 * the serial read reports what is wrong there */
static bool not_in_piece(PState *ps, Token *t) {
    if (ps->piece) ps_perr(ps, tok_loc(ps, t), "not at the top level");
    return !ps->piece;
}

void ps_alias_attr(PState *ps, Token *n, Attr *a) {
    if (!not_in_piece(ps, n)) return;
    char buf[256];
    const char *name = ps_tok_str(n, buf, sizeof buf);
    for (Alias *al = ctx_aliases(ps->ctx); al; al = al->next)
        if (!strcmp(al->name, name)) { ps_perr(ps, tok_loc(ps, n), "redefinition of attribute alias id '%s'", name + 1); return; }
    if (a) ctx_add_alias(ps->ctx, name, a, NULL);
}
void ps_alias_type(PState *ps, Token *n, Type *t) {
    if (!not_in_piece(ps, n)) return;
    char buf[256];
    const char *name = ps_tok_str(n, buf, sizeof buf);
    for (Alias *al = ctx_aliases(ps->ctx); al; al = al->next)
        if (!strcmp(al->name, name)) { ps_perr(ps, tok_loc(ps, n), "redefinition of type alias id '%s'", name + 1); return; }
    if (t) ctx_add_alias(ps->ctx, name, NULL, t);
}
void ps_file_meta(PState *ps, Token *t) {
    if (!not_in_piece(ps, t)) return;
    char *s = ctx_alloc(ps->ctx, (size_t)t->len + 1);
    memcpy(s, t->s, (size_t)t->len);
    ctx_set_trailer(ps->ctx, s);
}
Attr *ps_alias_ref(PState *ps, Token *t) {
    char buf[256];
    const char *name = ps_tok_str(t, buf, sizeof buf);
    for (Alias *al = ctx_aliases(ps->ctx); al; al = al->next)
        if (al->attr && !strcmp(al->name, name)) return al->attr;
    ps_perr(ps, tok_loc(ps, t), "undefined symbol alias id '%s'", name + 1);
    return attr_unit(ps->ctx);
}
Type *ps_type_alias_ref(PState *ps, Token *t) {
    char buf[256];
    const char *name = ps_tok_str(t, buf, sizeof buf);
    for (Alias *al = ctx_aliases(ps->ctx); al; al = al->next)
        if (al->type && !strcmp(al->name, name)) return al->type;
    ps_perr(ps, tok_loc(ps, t), "undefined symbol alias id '%s'", name + 1);
    return type_none(ps->ctx);
}

/* verbatim dialect text: a line break and the blanks around it become one
 * space (none next to a bracket), so that the text fits on one line; other
 * spacing is kept as written */
static char *squeeze(Ctx *c, const char *s, int len) {
    char *r = ctx_alloc(c, (size_t)len + 1);
    int n = 0;
    for (int i = 0; i < len;) {
        char ch = s[i];
        if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r') {
            int j = i;
            bool nl = false;
            while (j < len && (s[j] == ' ' || s[j] == '\t' || s[j] == '\n' || s[j] == '\r')) { if (s[j] == '\n') nl = true; j++; }
            if (!nl) { memcpy(r + n, s + i, (size_t)(j - i)); n += j - i; }
            else if (n && r[n - 1] != '<' && r[n - 1] != '(' && r[n - 1] != '[' && r[n - 1] != '{' &&
                     j < len && s[j] != '>' && s[j] != ')' && s[j] != ']' && s[j] != '}') r[n++] = ' ';
            i = j;
            continue;
        }
        r[n++] = ch;
        i++;
    }
    r[n] = 0;
    return r;
}

Attr *ps_opaque_attr(PState *ps, Token *t) { return attr_opaque(ps->ctx, squeeze(ps->ctx, t->s, t->len)); }
Attr *ps_loc_attr(PState *ps, Token *t) { return attr_loc(ps->ctx, squeeze(ps->ctx, t->s + 4, t->len - 5)); }
Type *ps_dialect_type(PState *ps, Token *t) {
    const char *lt = memchr(t->s, '<', (size_t)t->len);
    int nlen = lt ? (int)(lt - t->s) : t->len;
    char *name = ctx_alloc(ps->ctx, (size_t)nlen + 1);
    memcpy(name, t->s, (size_t)nlen);
    return type_opaque(ps->ctx, name, lt ? squeeze(ps->ctx, lt, t->len - nlen) : NULL);
}

/* ---- scratch memory ---------------------------------------------------
 * Elements of an op live only until the op is complete (then they are
 * decoded, or copied into the context when the op is kept verbatim); ops
 * nest, so the scratch space is a stack released to a mark. */
typedef struct SChunk { struct SChunk *prev; size_t size, used; _Alignas(16) unsigned char d[]; } SChunk;

static void *scratch_raw(PState *ps, size_t n) {
    n = (n + 15) & ~(size_t)15;
    SChunk *k = ps->scratch;
    if (!k || k->used + n > k->size) {
        size_t sz = n > 65536 ? n : 65536;
        SChunk *nk = malloc(sizeof *nk + sz);
        if (!nk) abort();
        nk->prev = k; nk->size = sz; nk->used = 0;
        ps->scratch = k = nk;
    }
    void *p = k->d + k->used;
    k->used += n;
    return p;
}
static void *scratch_alloc(PState *ps, size_t n) { return memset(scratch_raw(ps, n), 0, n); }
static SMark scratch_mark(PState *ps) {
    SChunk *k = ps->scratch;
    SMark m = { k, k ? k->used : 0 };
    return m;
}
static void scratch_release(PState *ps, SMark m) {
    while (ps->scratch && ps->scratch != m.chunk) {
        SChunk *k = ps->scratch;
        ps->scratch = k->prev;
        free(k);
    }
    if (ps->scratch) ((SChunk *)ps->scratch)->used = m.used;
}
static void scratch_free(PState *ps) { SMark m = { NULL, 0 }; scratch_release(ps, m); }

/* ---- ops ------------------------------------------------------------ */
#define TCACHE 1024
struct TCache { const char *s[TCACHE]; int len[TCACHE]; };

const char *ps_intern(PState *ps, const char *s, int len) {
    struct TCache *tc = ps->tcache;
    if (!tc || len >= 64) return ctx_intern(ps->ctx, s, (size_t)len);
    /* short texts are hashed byte by byte; longer ones (op names, types) by
     * their length and first and last 8 bytes: a collision only costs a
     * miss, as the whole text is compared */
    unsigned k;
    const char *c;
    if (len < 8) {
        unsigned h = 2166136261u;
        for (int i = 0; i < len; i++) h = (h ^ (unsigned char)s[i]) * 16777619u;
        k = (h ^ (h >> 15)) & (TCACHE - 1);
        c = tc->s[k];
        if (c && tc->len[k] == len) {
            int i = 0;
            while (i < len && c[i] == s[i]) i++;
            if (i == len) return c;
        }
    } else {
        uint64_t a, z;
        memcpy(&a, s, 8); memcpy(&z, s + len - 8, 8);
        uint64_t x = ((uint64_t)len * 0x9E3779B97F4A7C15ull) ^ (a * 0xff51afd7ed558ccdull + z);
        x ^= x >> 29; x *= 0xc4ceb9fe1a85ec53ull;
        k = (unsigned)(x >> 40) & (TCACHE - 1);
        c = tc->s[k];
        if (c && tc->len[k] == len && !memcmp(c, s, (size_t)len)) return c;
    }
    const char *r = ctx_intern(ps->ctx, s, (size_t)len);
    tc->s[k] = r; tc->len[k] = len;
    return r;
}

void ps_result(PState *ps, Token *t, int count) {
    if (count < 1 || count > MAX_RESULTS) {
        if (count < 1) ps_perr(ps, tok_loc(ps, t), "expected integer number of results");
        else ps_perr(ps, tok_loc(ps, t), "too many results (at most %d)", MAX_RESULTS);
        count = 1;
    }
    if (ps->npres == ps->cappres) {
        ps->cappres = ps->cappres ? ps->cappres * 2 : 8;
        ps->pres = realloc(ps->pres, sizeof(ResName) * (size_t)ps->cappres);
        if (!ps->pres) abort();
    }
    ResName *r = &ps->pres[ps->npres++];
    r->tok = *t; r->count = count;
}

static void commit_candidates(PState *ps, Scope *s);

void ps_op_begin(PState *ps, Token *name, bool generic) {
    Scope *s = ps->scope;
    if (s->ncands && !s->started) commit_candidates(ps, s);
    s->started = true;
    OpB *ob = ps->ob_free;
    if (ob) {   /* a recycled builder keeps its result array */
        ResName *res = ob->res;
        int cap = ob->capres;
        ps->ob_free = ob->up;
        memset(ob, 0, sizeof *ob);
        ob->res = res; ob->capres = cap;
    } else ob = ps_xcalloc(1, sizeof *ob);
    ob->up = ps->op;
    ob->mark = scratch_mark(ps);
    ps->op = ob;
    ob->generic = generic;
    ob->tail = &ob->head;
    if (generic) {
        size_t n;
        char *s2 = unescape_string(ps->ctx, name->s, name->len, &n);
        ob->name = ctx_str(ps->ctx, s2);
    } else {
        ob->name = ps_intern(ps, name->s, name->len);
        if (name->len == 6 && !strcmp(ob->name, "return")) ob->name = ctx_str(ps->ctx, "func.return");
        else if (name->len == 6 && !strcmp(ob->name, "module")) ob->name = ctx_str(ps->ctx, "builtin.module");
        else if (name->len == 4 && !strcmp(ob->name, "call")) ob->name = ctx_str(ps->ctx, "func.call");
    }
    ob->loc = tok_loc(ps, name);
    if (ps->npres) {
        if (ps->npres > ob->capres) {
            ob->capres = ps->npres > 4 ? ps->npres : 4;
            free(ob->res);
            ob->res = ps_xcalloc((size_t)ob->capres, sizeof(ResName));
        }
        ob->nres = ps->npres;
        memcpy(ob->res, ps->pres, sizeof(ResName) * (size_t)ps->npres);
        ps->npres = 0;
    }
}

static Elem *add_elem(PState *ps, ElemKind k, Token *t) {
    OpB *ob = ps->op;
    Elem *e;
    if (t) {   /* every field set here: no need to clear the memory first */
        e = scratch_raw(ps, sizeof *e);
        e->kind = k;
        char b = t->s > ps->src ? t->s[-1] : 'x';
        e->space = b == ' ' || b == '\n' || b == '\t' || b == '\r' || b == '\v' || b == '\f';
        e->text = ps_intern(ps, t->s, t->len);
        e->idx = -1;
        e->type = NULL;
        /* remember the position of each element for diagnostics */
        e->loc = tok_loc(ps, t);
        e->val = NULL;
        e->attr = NULL;
        e->next = NULL;
    } else {
        e = scratch_alloc(ps, sizeof *e);
        e->kind = k;
    }
    *ob->tail = e;
    ob->tail = &e->next;
    return e;
}

static void eloc_put(Elem *e, Loc l) { e->loc = l; }
static Loc eloc_get(Elem *e, Loc dflt) { return e->loc.line ? e->loc : dflt; }

void ps_e_open(PState *ps, Token *t) { add_elem(ps, E_PUNCT, t); ps->op->depth++; }
void ps_e_close(PState *ps, Token *t) { add_elem(ps, E_PUNCT, t); ps->op->depth--; }
void ps_e_word(PState *ps, Token *t) { add_elem(ps, E_WORD, t); }
void ps_e_punct(PState *ps, Token *t) { add_elem(ps, E_PUNCT, t); }
void ps_e_use(PState *ps, Token *t) {
    Elem *e = add_elem(ps, E_USE, t);
    eloc_put(e, tok_loc(ps, t));
}
void ps_e_succ(PState *ps, Token *t) {
    Elem *e = add_elem(ps, E_SUCC, t);
    eloc_put(e, tok_loc(ps, t));
}
void ps_e_lit(PState *ps, Token *t) {
    ElemKind k = E_WORD;
    switch (*t->s) {
    case '"': k = E_STRING; break;
    case '@': k = E_ATTR; break;
    default:
        if (isdigit((unsigned char)*t->s)) k = memchr(t->s, '.', (size_t)t->len) && !(t->len > 1 && t->s[1] == 'x') ? E_FLOAT : E_INT;
    }
    Elem *e = add_elem(ps, k, t);
    eloc_put(e, tok_loc(ps, t));
    if (k == E_STRING) e->attr = ps_string_attr(ps, t);
    if (k == E_ATTR) { e->attr = ps_symref(ps, NULL, t); e->text = NULL; }
}
void ps_e_loc(PState *ps, Token *t) {
    OpB *ob = ps->op;
    Attr *a = ps_loc_attr(ps, t);
    if (ob->depth == 0) { ob->locattr = a; return; }
    Elem *e = add_elem(ps, E_ATTR, t);
    e->attr = a;
}
void ps_e_type(PState *ps, Token *start, Type *t) {
    Elem *e = add_elem(ps, E_TYPE, start);
    e->type = t;
    e->text = NULL;
    eloc_put(e, tok_loc(ps, start));
}
void ps_e_attr(PState *ps, Token *start, Attr *a) {
    Elem *e = add_elem(ps, E_ATTR, start);
    e->attr = a;
    e->text = NULL;
    eloc_put(e, tok_loc(ps, start));
}
void ps_e_dense(PState *ps, Token *start, Attr *lit) {
    Elem *e = add_elem(ps, E_ATTR, start);
    e->attr = lit;
    e->text = ctx_str(ps->ctx, "dense");   /* an untyped dense literal */
    eloc_put(e, tok_loc(ps, start));
}

static bool is_punct(const Elem *e, const char *s) { return e && e->kind == E_PUNCT && !strcmp(e->text, s); }

/* resolve E_USE elements from `from` to the end in scope s, skipping candidates */
static void resolve_elems(PState *ps, Elem *from, Scope *s, Elem **skip, int nskip) {
    for (Elem *e = from; e; e = e->next) {
        if (e->kind != E_USE || e->val) continue;
        bool sk = false;
        for (int i = 0; i < nskip; i++) if (skip[i] == e) sk = true;
        if (sk) continue;
        e->val = ps_resolve_use(ps, s, e->text, (int)strlen(e->text), eloc_get(e, ps->op->loc));
    }
}

/* entry-block arguments declared in the custom syntax before a region:
 * `%x = ...` anywhere, and `%x : T` in the last paren group that starts so */
static void find_candidates(Elem *from, PtrVec *out) {
    Elem *lastgrp = NULL;
    int depth = 0;
    for (Elem *e = from; e; e = e->next) {
        if (e->kind == E_PUNCT && (!strcmp(e->text, "(") || !strcmp(e->text, "[") || !strcmp(e->text, "<"))) {
            depth++;
            if (!strcmp(e->text, "(") && e->next && e->next->kind == E_USE && is_punct(e->next->next, ":")) lastgrp = e;
            continue;
        }
        if (e->kind == E_PUNCT && (!strcmp(e->text, ")") || !strcmp(e->text, "]") || !strcmp(e->text, ">"))) { depth--; continue; }
        if (e->kind == E_USE && is_punct(e->next, "=") && !memchr(e->text, '#', strlen(e->text))) pv_push(out, e);
    }
    if (!lastgrp) return;
    depth = 0;
    for (Elem *e = lastgrp; e; e = e->next) {
        if (e->kind == E_PUNCT && (!strcmp(e->text, "(") || !strcmp(e->text, "[") || !strcmp(e->text, "<") || !strcmp(e->text, "{"))) { depth++; continue; }
        if (e->kind == E_PUNCT && (!strcmp(e->text, ")") || !strcmp(e->text, "]") || !strcmp(e->text, ">") || !strcmp(e->text, "}"))) {
            if (--depth == 0) break;
            continue;
        }
        if (depth == 1 && e->kind == E_USE && is_punct(e->next, ":")) pv_push(out, e);
    }
}

static void commit_candidates(PState *ps, Scope *s) {
    Block *entry = s->region->first;
    for (int i = 0; i < s->ncands; i++) {
        Elem *e = s->cands[i];
        Type *t = NULL;
        if (is_punct(e->next, ":") && e->next->next && e->next->next->kind == E_TYPE) t = e->next->next->type;
        else if (is_punct(e->next, "=") && e->next->next && e->next->next->kind == E_USE && e->next->next->val)
            t = ps_chase(e->next->next->val)->type;
        Loc l = eloc_get(e, s->owner ? s->owner->loc : (Loc){0});
        Value *v = block_add_arg(ps->ctx, entry, t, l);
        int idx;
        SName name = ps_ssa_name(ps, e->text, (int)strlen(e->text), &idx);
        Scope *save = ps->scope;
        ps->scope = s;
        ps_define_name(ps, name, v, 1, l);
        ps->scope = save;
        e->kind = E_DEF;
        e->val = v;
    }
    s->ncands = 0;
}

static void drop_candidates(PState *ps, Scope *s) {
    for (int i = 0; i < s->ncands; i++) {
        Elem *e = s->cands[i];
        e->val = ps_resolve_use(ps, s->parent, e->text, (int)strlen(e->text), eloc_get(e, s->owner ? s->owner->loc : (Loc){0}));
    }
    s->ncands = 0;
}

void ps_region_begin(PState *ps) {
    OpB *ob = ps->op;
    Region *r = ctx_alloc(ps->ctx, sizeof *r);
    Block *entry = block_new(ps->ctx);
    region_append_block(r, entry);
    PtrVec cands = {0};
    if (!ob->generic) {
        Elem *from = ob->since_region ? ob->since_region->next : ob->head;
        find_candidates(from, &cands);
        resolve_elems(ps, ob->resolved_upto ? ob->resolved_upto->next : ob->head, ps->scope, (Elem **)cands.v, cands.n);
        Elem *e = add_elem(ps, E_REGION, NULL);
        e->idx = ob->regions.n;
        e->space = true;
        ob->since_region = e;
        ob->resolved_upto = e;
    }
    pv_push(&ob->regions, r);
    const OpInfo *info = opinfo_lookup(ps->ctx, ob->name);
    Scope *s = ps_scope_push(ps, (info->traits & TR_ISOLATED) != 0, r, ob);
    s->cands = (Elem **)cands.v;
    s->ncands = cands.n;
    pv_push(&ps->blockstack, ps->block);
    ps->block = entry;
}

void ps_region_end(PState *ps) {
    Scope *s = ps->scope;
    if (s->ncands && !s->started) commit_candidates(ps, s);
    /* `{}`: a region without blocks, as MLIR has it */
    Block *e = s->region->first;
    if (e && !e->next && !e->first && !e->nargs && !e->name) block_unlink(e);
    /* ... except right after `attributes` in a custom form (`module attributes {} {`,
     * `func.func @f() attributes {} {`), where it is the empty dictionary */
    OpB *ob = ps->op;
    Elem *re = ob->since_region;
    if (!s->region->first && !ob->generic && re && re->kind == E_REGION && re->idx == ob->regions.n - 1) {
        Elem *w = ob->head;
        while (w && w->next != re) w = w->next;
        if (w && w->kind == E_WORD && !strcmp(w->text, "attributes")) {
            ob->regions.n--;
            re->kind = E_ATTR;
            re->idx = -1;
            re->text = NULL;
            re->attr = attr_dict(ps->ctx, 0, NULL);
            eloc_put(re, w->loc);
        }
    }
    ps_scope_close(ps, s);
    ps->scope = s->parent;
    ps_scope_free(ps, s);
    ps->block = ps->blockstack.v[--ps->blockstack.n];
}

void ps_block_begin(PState *ps, Token *t) {
    Scope *s = ps->scope;
    if (!s->region) { ps_perr(ps, tok_loc(ps, t), "block label outside of a region"); return; }
    Block *entry = s->region->first;
    Block *b;
    if (!s->started && !entry->first && !entry->name && !entry->nargs) {
        if (s->ncands) drop_candidates(ps, s);
        const char *name = ctx_intern(ps->ctx, t->s, (size_t)t->len);
        b = NULL;
        for (int i = 0; i < s->blocks.n; i++) if (((Block *)s->blocks.v[i])->name == name) b = s->blocks.v[i];
        if (b) {   /* referenced earlier (a branch back to the entry): merge into entry */
            ps_perr(ps, tok_loc(ps, t), "entry block of a region may not be a branch target");
            b = entry;
        } else {
            b = entry;
            b->name = name;
            b->loc = tok_loc(ps, t);
            pv_push(&s->blocks, b);
        }
    } else {
        if (s->ncands && !s->started) commit_candidates(ps, s);
        b = ps_block_ref(ps, t, true);
        if (!b->defined) region_append_block(s->region, b);
    }
    s->started = true;
    b->defined = true;
    ps->block = b;
}

void ps_block_arg(PState *ps, Token *v, Type *t, Token *loc) {
    Block *b = ps->block;
    Loc l = tok_loc(ps, v);
    Value *a = block_add_arg(ps->ctx, b, t, l);
    if (loc) value_set_locattr(ps->ctx, a, ps_loc_attr(ps, loc));
    int idx;
    SName name = ps_ssa_name(ps, v->s, v->len, &idx);
    ps_define_name(ps, name, a, 1, l);
}

static void op_finish_common(PState *ps, OpB *ob, Op *op) {
    /* regions: move the built regions into the op */
    for (int i = 0; i < ob->regions.n; i++) {
        Region *src = ob->regions.v[i];
        op->regions[i].first = src->first;
        op->regions[i].last = src->last;
        for (Block *b = src->first; b; b = b->next) b->region = &op->regions[i];
    }
    op_set_locattr(ps->ctx, op, ob->locattr);
    /* results */
    int k = 0;
    for (int i = 0; i < ob->nres; i++) {
        int idx;
        SName name = ps_ssa_name(ps, ob->res[i].tok.s, ob->res[i].tok.len, &idx);
        ps_define_name(ps, name, &op->res[k], ob->res[i].count, tok_loc(ps, &ob->res[i].tok));
        k += ob->res[i].count;
    }
    op_append(ps->block, op);
}

/* the op table's limits on results and regions, as a syntax error */
static void check_counts(PState *ps, OpB *ob, int *nres) {
    if (*nres > OP_MAX_COUNT) {
        ps_perr(ps, ob->loc, "an op may have at most %d results", OP_MAX_COUNT);
        *nres = OP_MAX_COUNT;
    }
    if (ob->regions.n > OP_MAX_REGIONS) {
        ps_perr(ps, ob->loc, "an op may have at most %d regions", OP_MAX_REGIONS);
        ob->regions.n = OP_MAX_REGIONS;
    }
}

static int total_results(OpB *ob) {
    int n = 0;
    for (int i = 0; i < ob->nres; i++) n += ob->res[i].count;
    return n;
}

static void opb_free(PState *ps, OpB *ob) {
    pv_free(&ob->regions); pv_free(&ob->opnds); pv_free(&ob->opnd_toks); pv_free(&ob->succs);
    pv_free(&ob->succ_types); free(ob->succ_nargs);
    scratch_release(ps, ob->mark);
    ob->up = ps->ob_free;
    ps->ob_free = ob;
}

/* ktdp.construct_indirect_access_tile names its region's arguments in
 * `intermediate_variables(%a, ...)` and has no braces: the region is made
 * here, and the names are seen only by the op's own subscripts */
static void indirect_tile_region(PState *ps, OpB *ob) {
    Elem *e = ob->head;
    if (!e || e->kind != E_WORD || strcmp(e->text, "intermediate_variables") || !is_punct(e->next, "(")) return;
    Region *r = ctx_alloc(ps->ctx, sizeof *r);
    Block *entry = block_new(ps->ctx);
    region_append_block(r, entry);
    const char *names[64];
    int n = 0;
    for (e = e->next->next; e && e->kind == E_USE && n < 64; e = e->next) {
        Value *v = block_add_arg(ps->ctx, entry, type_index(ps->ctx), eloc_get(e, ob->loc));
        names[n++] = e->text;
        e->kind = E_DEF;
        e->val = v;
        if (!is_punct(e->next, ",")) break;
        e = e->next;
    }
    for (e = e ? e->next : NULL; e; e = e->next) {
        if (e->kind != E_USE) continue;
        for (int i = n - 1; i >= 0; i--)
            if (names[i] == e->text) { e->kind = E_DEF; e->val = entry->args[i]; break; }
    }
    op_append(entry, op_new(ps->ctx, "ktdp.region_terminator", 0, NULL, 0, NULL, 0, ob->loc));
    pv_push(&ob->regions, r);
}

void ps_op_end(PState *ps) {
    OpB *ob = ps->op;
    if (!ob->generic && !ob->regions.n && !strcmp(ob->name, "ktdp.construct_indirect_access_tile")) indirect_tile_region(ps, ob);
    /* a function declaration may name its arguments, `@f(%a: i32)`; with no
     * body the names define nothing, so they are kept as words */
    if (!ob->regions.n && (opinfo_lookup(ps->ctx, ob->name)->traits & TR_ISOLATED)) {
        PtrVec c = {0};
        find_candidates(ob->head, &c);
        for (int i = 0; i < c.n; i++) if (is_punct(((Elem *)c.v[i])->next, ":")) ((Elem *)c.v[i])->kind = E_WORD;
        pv_free(&c);
    }
    resolve_elems(ps, ob->resolved_upto ? ob->resolved_upto->next : ob->head, ps->scope, NULL, 0);
    int nopnds = 0;
    for (Elem *e = ob->head; e; e = e->next) if (e->kind == E_USE) nopnds++;
    int nres = total_results(ob);
    check_counts(ps, ob, &nres);
    Value *stackv[16];
    Value **vals = nopnds <= 16 ? stackv : ps_xcalloc((size_t)nopnds, sizeof(Value *));
    int k = 0;
    for (Elem *e = ob->head; e; e = e->next) if (e->kind == E_USE) { e->idx = k; vals[k++] = ps_chase(e->val); e->val = NULL; }
    Op *op = op_new(ps->ctx, ob->name, nres, NULL, nopnds, vals, ob->regions.n, ob->loc);
    if (vals != stackv) free(vals);
    int nsucc = 0;
    for (Elem *e = ob->head; e; e = e->next) if (e->kind == E_SUCC) nsucc++;
    /* the op's side part lives here while it is decoded, and is copied to
     * the arena only when something is left in it (most ops: nothing) */
    OpExt ext = {0};
    op->ext = &ext;
    if (nsucc) {
        ext.succs = ctx_alloc(ps->ctx, sizeof(Block *) * (size_t)nsucc);
        ext.succ_nargs = ctx_alloc(ps->ctx, sizeof(int) * (size_t)nsucc);
    }
    for (Elem *e = ob->head; nsucc && e; e = e->next) {
        if (e->kind == E_SUCC) {
            Token t = { e->text, (int)strlen(e->text), 0, 0, NULL };
            Loc l = eloc_get(e, ob->loc);
            t.line = l.line; t.col = l.col;
            e->idx = ext.nsuccs;
            Block *tb = ps_block_ref(ps, &t, false);
            if (ps->scope->region && tb == ps->scope->region->first) ps_perr(ps, l, "entry block of a region may not be a branch target");
            ext.succs[ext.nsuccs++] = tb;
        }
    }
    ext.custom = ob->head;
    op->verbatim = true;
    ps->op = ob->up;
    op_finish_common(ps, ob, op);
    if (!ps->failed && !format_decode(ps->ctx, op, ps->diag)) ps->failed = true;
    if (op->verbatim) {   /* keep the elements: move them out of scratch memory */
        Elem **tail = &op->ext->custom;
        *tail = NULL;
        for (Elem *e = ob->head; e; e = e->next) {
            Elem *c = ctx_alloc(ps->ctx, sizeof *c);
            *c = *e;
            c->next = NULL;
            *tail = c;
            tail = &c->next;
        }
    }
    OpExt *x = op->ext;
    op->ext = NULL;
    if (x->locattr || x->succs || x->nsuccs || x->custom) *op_ext(ps->ctx, op) = *x;
    opb_free(ps, ob);
}

void ps_g_operand(PState *ps, Token *t) {
    Value *v = ps_resolve_use(ps, ps->scope, t->s, t->len, tok_loc(ps, t));
    pv_push(&ps->op->opnds, v);
    Token *c = scratch_alloc(ps, sizeof *c);
    *c = *t;
    pv_push(&ps->op->opnd_toks, c);
}
void ps_g_succ(PState *ps, Token *t) {
    OpB *ob = ps->op;
    Block *tb = ps_block_ref(ps, t, false);
    if (ps->scope->region && tb == ps->scope->region->first) ps_perr(ps, tok_loc(ps, t), "entry block of a region may not be a branch target");
    pv_push(&ob->succs, tb);
    if (ob->succs.n > ob->capsn) {
        ob->capsn = ob->capsn ? ob->capsn * 2 : 4;
        ob->succ_nargs = realloc(ob->succ_nargs, sizeof(int) * (size_t)ob->capsn);
        if (!ob->succ_nargs) abort();
    }
    ob->succ_nargs[ob->succs.n - 1] = 0;
}
void ps_g_succ_operand(PState *ps, Token *t) {
    ps_g_operand(ps, t);
    ps->op->succ_nargs[ps->op->succs.n - 1]++;
}
void ps_g_succ_type(PState *ps, Type *t) { pv_push(&ps->op->succ_types, t); }
void ps_g_succ_end(PState *ps) { (void)ps; }
void ps_g_props(PState *ps, Attr *d) { ps->op->props = d; ps->op->has_props = true; }
void ps_g_attrs(PState *ps, Attr *d) { ps->op->attrs = d; }
void ps_g_loc(PState *ps, Token *t) { ps->op->locattr = ps_loc_attr(ps, t); }


void ps_generic_end(PState *ps, Type *ft, Token *colon) {
    OpB *ob = ps->op;
    ps->op = ob->up;
    int nres = total_results(ob);
    int nsuccargs = 0;
    for (int i = 0; i < ob->succs.n; i++) nsuccargs += ob->succ_nargs[i];
    int nplain = ob->opnds.n - nsuccargs;
    if (ft && ft->kind == T_FUNC) {
        if (ft->fn.nin != nplain)
            ps_perr(ps, ps_loc_after(ps, colon), "expected %d operand type%s but had %d", nplain, nplain == 1 ? "" : "s", ft->fn.nin);
        if (ft->fn.nout != nres && ob->nres)
            ps_perr(ps, tok_loc(ps, &ob->res[0].tok), "operation defines %d results but was provided %d to bind", ft->fn.nout, nres);
    }
    if (ft && ft->kind == T_FUNC && nres == 0 && ft->fn.nout > 0 && !ob->nres) nres = ft->fn.nout;   /* results not bound to names */
    check_counts(ps, ob, &nres);
    bool typesok = ft && ft->kind == T_FUNC && ft->fn.nin == nplain && ft->fn.nout == nres;
    Op *op = op_new(ps->ctx, ob->name, nres, typesok ? ft->fn.out : NULL, 0, NULL, ob->regions.n, ob->loc);
    int si = 0;
    for (int i = 0; i < ob->opnds.n; i++) {
        Value *v = ps_chase(ob->opnds.v[i]);
        Token *t = ob->opnd_toks.v[i];
        if (typesok && i < nplain) {
            char nb[256];
            ps_check_use_type(ps, v, ft->fn.in[i], ps_tok_str(t, nb, sizeof nb), tok_loc(ps, t));
        } else if (i >= nplain && si < ob->succ_types.n) {
            char nb[256];
            ps_check_use_type(ps, v, ob->succ_types.v[si++], ps_tok_str(t, nb, sizeof nb), tok_loc(ps, t));
        }
        op_add_operand(ps->ctx, op, v);
    }
    if (ob->succs.n) {
        int n = ob->succs.n;
        Block **su = ctx_alloc(ps->ctx, sizeof(Block *) * (size_t)n);
        int *sn = ctx_alloc(ps->ctx, sizeof(int) * (size_t)n);
        for (int i = 0; i < n; i++) { su[i] = ob->succs.v[i]; sn[i] = ob->succ_nargs[i]; }
        op_set_succs(ps->ctx, op, n, su, sn);
    }
    if (ob->attrs)
        for (int i = 0; i < ob->attrs->dict.n; i++) op_set_attr(ps->ctx, op, ob->attrs->dict.ents[i].name, ob->attrs->dict.ents[i].value);
    if (ob->has_props) {
        op->has_props = true;
        if (ob->props)
            for (int i = 0; i < ob->props->dict.n; i++) op_set_prop(ps->ctx, op, ob->props->dict.ents[i].name, ob->props->dict.ents[i].value);
    }
    format_move_inherent(ps->ctx, op);
    op_finish_common(ps, ob, op);
    opb_free(ps, ob);
}

/* ---- the driver ----------------------------------------------------- */
static void free_state(PState *ps) {
    while (ps->op) { OpB *u = ps->op->up; opb_free(ps, ps->op); ps->op = u; }
    while (ps->scope) { Scope *p = ps->scope->parent; ps_scope_free(ps, ps->scope); ps->scope = p; }
    ps_scope_pool_free(ps);
    scratch_free(ps);
    for (OpB *b = ps->ob_free, *n; b; b = n) { n = b->up; free(b->res); free(b); }
    for (int i = 0; i < ps->lists.n; i++) { pv_free(ps->lists.v[i]); free(ps->lists.v[i]); }
    for (int i = 0; i < ps->dicts.n; i++) { pv_free(ps->dicts.v[i]); free(ps->dicts.v[i]); }
    for (int i = 0; i < ps->typestack.n; i++) { pv_free(ps->typestack.v[i]); free(ps->typestack.v[i]); }
    pv_free(&ps->lists); pv_free(&ps->dicts); pv_free(&ps->typestack);
    pv_free(&ps->dims); pv_free(&ps->dimstack); pv_free(&ps->blockstack);
    free(ps->anames); free(ps->aexprs); free(ps->aeq); free(ps->dleaf); free(ps->dlist);
    free(ps->pres);
    free(ps->tcache);
}

static _Thread_local ParseProgressFn progress_fn;
static _Thread_local void *progress_ud;
void parse_set_progress(ParseProgressFn fn, void *ud) { progress_fn = fn; progress_ud = ud; }
enum { PROGRESS_STEP = 4 << 20 };

/* The reader proper: the top-level ops of src in a block, or NULL after
 * reporting errors to d.  With skip, the text [skip->from, skip->to) is not
 * read (parse_par.c reads it on other threads): the lexer jumps over it
 * when it reaches skip->from.  depth: brackets already open around src. */
Block *parse_text(Ctx *c, const char *file, const char *src, size_t len, int first_line, Diag *d,
                  const ParseSkip *skip, int depth) {
    PState ps = {0};
    ps.ctx = c;
    ps.diag = d;
    ps.file = loc_file_id(file);
    ps.src = src;
    ps.tcache = ps_xcalloc(1, sizeof *ps.tcache);
    ps.piece = depth > 0;
    for (int i = 0; i < 4; i++) ps.elems_sym[i] = -1;
    Block *top = block_new(c);
    ps.top = ps.block = top;
    ps_scope_push(&ps, true, NULL, NULL);
    Lexer L;
    lex_init(&L, src, len, first_line);
    L.depth = depth;
    void *parser = TtxParseAlloc(malloc);
    Token t;
    int kind;
    const char *next_report = len > PROGRESS_STEP && progress_fn ? src + PROGRESS_STEP : NULL;
    do {
        if (skip && L.cur == skip->from) { L.cur = L.linestart = skip->to; L.line = skip->to_line; }
        kind = lex_next(&L, &t);
        if (next_report && t.s >= next_report) {
            progress_fn(progress_ud, src, t.s - PROGRESS_STEP / 4);
            next_report = t.s + PROGRESS_STEP;
        }
        ps.last = t;
        if (kind == TK_ERROR) {
            token_error(&ps, &t);
            break;
        }
        kind = track(&ps, kind);
        if (!element_token(&ps, parser, kind, &t)) TtxParse(parser, kind, t, &ps);
        ps.prev = kind;
    } while (kind != 0 && !ps.failed);
    TtxParseFree(parser, free);
    if (!ps.failed && ps.scope) {
        ps_scope_close(&ps, ps.scope);
    }
    bool failed = ps.failed;
    free_state(&ps);
    return failed ? NULL : top;
}

/* a single builtin.module at top level is the module; otherwise wrap */
Op *parse_wrap_module(Ctx *c, Block *top) {
    Op *only = top->first;
    if (only && !only->next && op_is(only, OP_module)) {
        op_unlink(only);
        /* `module {}` has its body block, as an empty file's module has (MLIR's SingleBlock) */
        if (only->nregions == 1 && !only->regions[0].first) region_append_block(&only->regions[0], block_new(c));
        return only;
    }
    Op *m = module_new(c);
    Block *body = module_body(m);
    while (top->first) { Op *o = top->first; op_unlink(o); op_append(body, o); }
    return m;
}

void parse_progress_get(ParseProgressFn *fn, void **ud) { *fn = progress_fn; *ud = progress_ud; }

Op *parse_module(Ctx *c, const char *file, const char *src, size_t len, int first_line, Diag *d) {
    Op *m = parse_module_par(c, file, src, len, first_line, d);
    if (m) return m;
    Block *top = parse_text(c, file, src, len, first_line, d, NULL, 0);
    return top ? parse_wrap_module(c, top) : NULL;
}

Type *parse_type_str(Ctx *c, const char *text) {
    /* wrap as an alias definition and read it back */
    size_t n = strlen(text);
    char *buf = malloc(n + 16);
    if (!buf) return NULL;
    snprintf(buf, n + 16, "!t__ = %s\n", text);
    Diag d;
    diag_init(&d, stderr);
    d.capture = true;
    diag_set_source(&d, "<type>", buf, strlen(buf));
    Op *m = parse_module(c, "<type>", buf, strlen(buf), 1, &d);
    Type *t = NULL;
    if (m) for (Alias *a = ctx_aliases(c); a; a = a->next) if (!strcmp(a->name, "!t__")) t = a->type;
    ctx_remove_alias(c, "!t__");
    diag_free(&d);
    free(buf);
    return t;
}

Attr *parse_attr_str(Ctx *c, const char *text) {
    size_t n = strlen(text);
    char *buf = malloc(n + 16);
    if (!buf) return NULL;
    snprintf(buf, n + 16, "#a__ = %s\n", text);
    Diag d;
    diag_init(&d, stderr);
    d.capture = true;
    diag_set_source(&d, "<attr>", buf, strlen(buf));
    Op *m = parse_module(c, "<attr>", buf, strlen(buf), 1, &d);
    Attr *r = NULL;
    if (m) for (Alias *a = ctx_aliases(c); a; a = a->next) if (!strcmp(a->name, "#a__")) r = a->attr;
    ctx_remove_alias(c, "#a__");
    diag_free(&d);
    free(buf);
    return r;
}
