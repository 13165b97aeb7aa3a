/* lexer.re - the tokens of MLIR/Triton IR text (re2c).
 *
 * Besides plain tokenisation the lexer settles the few places where MLIR's
 * syntax needs more than one token of lookahead, so that the lemon grammar
 * stays LALR(1):
 *   - `%x = op` / `%x, %y = op` / `%x:2 = op` starts an operation: RESDEF;
 *   - `^bb0(...):` and `^bb0:` define a block: BLOCKLABEL (else CARET);
 *   - `{` opens an attribute dictionary (LBRACE_DICT) or a region (LBRACE_REGION);
 *   - dotted bare identifiers are op names (OPNAME);
 *   - inside `tensor<`/`memref<`/`vector<` dimensions `4x` are DIM tokens;
 *   - dialect attributes and types with a body (`#ttg.blocked<...>`,
 *     `!ktdp.access_tile<...>`), `strided<...>` and `loc(...)` are read whole.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lexer.h"
#include "ttir.h"

static bool isid(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$' || c == '.' || c == '-';
}
static bool isidstart(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }

/* skip whitespace and // comments from p */
static const char *skipws(const char *p, const char *lim) {
    for (;;) {
        while (p < lim && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')) p++;
        if (p + 1 < lim && p[0] == '/' && p[1] == '/') {
            while (p < lim && *p != '\n') p++;
            continue;
        }
        return p;
    }
}

/* skip a balanced group starting at the opener *p; returns the position after
 * the closer, or NULL if unbalanced.  Strings are skipped; `->`, `>=` and `<=`
 * are not brackets. */
static const char *skip_balanced(const char *p, const char *lim, char open, char close) {
    int depth = 0;
    while (p < lim) {
        char c = *p;
        if (c == '"') {
            p++;
            while (p < lim && *p != '"') { if (*p == '\\' && p + 1 < lim) p++; if (*p == '\n') return NULL; p++; }
            if (p >= lim) return NULL;
            p++;
            continue;
        }
        if (c == open) {
            if (open == '<' && p + 1 < lim && p[1] == '=') { p += 2; continue; }
            depth++;
        } else if (c == close) {
            if (close == '>' && (p[-1] == '-' || p[1] == '=')) { p++; continue; }
            if (--depth == 0) return p + 1;
        } else if (c == 0) return NULL;
        p++;
    }
    return NULL;
}

/* after an SSA name: does `(:N)? (, %y(:N)?)* = (ident|"string")` follow? */
static bool result_list_follows(const char *p, const char *lim) {
    for (;;) {
        p = skipws(p, lim);
        if (p < lim && *p == ':') {
            p = skipws(p + 1, lim);
            if (p >= lim || *p < '0' || *p > '9') return false;
            while (p < lim && *p >= '0' && *p <= '9') p++;
            p = skipws(p, lim);
        }
        if (p < lim && *p == ',') {
            p = skipws(p + 1, lim);
            if (p >= lim || *p != '%') return false;
            p++;
            while (p < lim && isid(*p)) p++;
            continue;
        }
        break;
    }
    if (p >= lim || *p != '=' || (p + 1 < lim && p[1] == '=')) return false;
    p = skipws(p + 1, lim);
    /* an op name follows (bare or quoted); `%i = %lb` inside scf.for and `%i = 0 to N` inside
       affine.for are not result lists */
    return p < lim && *p != '%' && !(*p >= '0' && *p <= '9') && *p != '-';
}

static bool is_alias_def(const char *p, const char *lim) {
    p = skipws(p, lim);
    return p < lim && *p == '=' && !(p + 1 < lim && p[1] == '=');
}

static bool is_block_label(const char *p, const char *lim) {
    p = skipws(p, lim);
    if (p < lim && *p == '(') {
        p = skip_balanced(p, lim, '(', ')');
        if (!p) return false;
        p = skipws(p, lim);
    }
    return p < lim && *p == ':' && !(p + 1 < lim && p[1] == ':');
}

/* `{` at p-1: a dictionary if it is `{ key =`, `{ key ,` or `{key}` on one line */
static int brace_kind(Lexer *L, const char *p, const char *lim) {
    const char *q = skipws(p, lim);
    if (q >= lim) return TK_LBRACE_REGION;
    if (*q == '}') return TK_LBRACE_REGION;      /* empty: the grammar accepts either */
    const char *e = q;
    if (*q == '"') {
        e = q + 1;
        while (e < lim && *e != '"') { if (*e == '\\') e++; e++; }
        e++;
    } else if (isidstart(*q)) {
        while (e < lim && isid(*e) && *e != '-') e++;
    } else return TK_LBRACE_REGION;
    const char *f = skipws(e, lim);
    if (f >= lim) return TK_LBRACE_REGION;
    if (*f == '=' && !(f + 1 < lim && f[1] == '=')) return TK_LBRACE_DICT;
    if (*f == ',') return TK_LBRACE_DICT;
    if (*f == '}' && !memchr(p, '\n', (size_t)(f - p))) {
        /* `{ return }`, `{ scf.yield }`: a region holding one op */
        size_t n = (size_t)(e - q);
        bool term = (n >= 6 && !strncmp(e - 6, "return", 6)) || (n >= 5 && !strncmp(e - 5, "yield", 5));
        if (*q != '"' && !L->after_attributes && term) return TK_LBRACE_REGION;
        return TK_LBRACE_DICT;
    }
    return TK_LBRACE_REGION;
}

static bool is_type_kw(const char *s, int n) {
    /* called for every bare word: integer types first, then the named types
     * whose first letter matches, lengths compared before text */
    int k = 0;
    if (s[0] == 'i') k = 1;
    else if ((s[0] == 's' || s[0] == 'u') && n > 1 && s[1] == 'i') k = 2;
    if (k && k < n) {
        int i = k;
        while (i < n && s[i] >= '0' && s[i] <= '9') i++;
        if (i == n) return true;
    }
    if (s[0] != 'i' && s[0] != 'n' && s[0] != 'f' && s[0] != 'b' && s[0] != 't') return false;
#define KW(x) { x, sizeof x - 1 }
    static const struct { const char *s; int n; } kws[] = {
        KW("index"), KW("none"), KW("f16"), KW("bf16"), KW("f32"), KW("f64"), KW("tf32"), KW("f80"), KW("f128"),
        KW("f8E5M2"), KW("f8E4M3"), KW("f8E4M3FN"), KW("f8E5M2FNUZ"), KW("f8E4M3FNUZ"), KW("f8E4M3B11FNUZ"),
        KW("f8E3M4"), KW("f8E8M0FNU"), KW("f6E2M3FN"), KW("f6E3M2FN"), KW("f4E2M1FN") };
#undef KW
    for (size_t i = 0; i < sizeof kws / sizeof *kws; i++)
        if (kws[i].n == n && kws[i].s[0] == s[0] && !memcmp(kws[i].s, s, (size_t)n)) return true;
    return false;
}

static int word_kind(Lexer *L, const char *s, int n, const char *after) {
    const char *lim = L->lim;
    bool lt = after < lim && *after == '<';   /* s has no dot (the automaton's words) */
#define IS(w) (n == (int)sizeof(w) - 1 && !memcmp(s, w, sizeof(w) - 1))
    switch (s[0]) {
    case 't':
        if (lt && IS("tensor")) { L->shape = 2; return TK_SHAPED; }
        if (lt && IS("tuple")) return TK_TUPLEKW;
        if (IS("true")) return TK_TRUE;
        break;
    case 'm':
        if (lt && IS("memref")) { L->shape = 2; return TK_SHAPED; }
        if (IS("mod")) return TK_MOD;
        if (IS("module")) return TK_OPNAME;
        break;
    case 'v': if (lt && IS("vector")) { L->shape = 2; return TK_SHAPED; } break;
    case 'c':
        if (lt && IS("complex")) return TK_COMPLEXKW;
        if (IS("ceildiv")) return TK_CEILDIV;
        if (IS("call")) return TK_OPNAME;
        break;
    case 'd': if (lt && IS("dense")) return TK_DENSE; break;
    case 'a':
        if (lt && IS("array")) return TK_ARRAYKW;
        if (lt && IS("affine_map")) return TK_AFFMAP;
        if (lt && IS("affine_set")) return TK_AFFSET;
        break;
    case 'f':
        if (IS("false")) return TK_FALSE;
        if (IS("floordiv")) return TK_FLOORDIV;
        break;
    case 'r': if (IS("return")) return TK_OPNAME; break;
    default: break;
    }
    if (is_type_kw(s, n)) return TK_TYPEKW;
    return TK_BAREID;
#undef IS
}

/* read a verbatim body `<...>` (or `(...)`) starting at p; sets L->cur */
static int verbatim(Lexer *L, Token *t, const char *p, char open, char close, int kind) {
    const char *e = skip_balanced(p, L->lim, open, close);
    if (!e) { t->msg = open == '<' ? "unbalanced '<' in dialect attribute or type" : "unbalanced '(' in location"; return TK_ERROR; }
    for (const char *q = L->cur; q < e; q++) if (*q == '\n') { L->line++; L->linestart = q + 1; }
    L->cur = e;
    t->len = (int)(e - t->s);
    return kind;
}

static void newline(Lexer *L, const char *p) { L->line++; L->linestart = p + 1; }

int lex_next(Lexer *L, Token *t) {
    /* shape mode: 2 after `tensor`, 1 after its `<` and after each DIM */
    int prev_shape = L->shape;
    L->shape = 0;
    for (;;) {
        /* blanks between tokens without a round through the automaton */
        {
            const char *p = L->cur, *lim = L->lim;
            for (; p < lim; p++) {
                char c = *p;
                if (c == '\n') {
                    newline(L, p);
                    /* the next line's indentation, eight spaces at a time */
                    uint64_t w;
                    while (lim - p > 8 && (memcpy(&w, p + 1, 8), w == 0x2020202020202020ull)) p += 8;
                } else if (c != ' ' && c != '\t' && c != '\r') break;
            }
            L->cur = p;
        }
        const unsigned char *YYCURSOR = (const unsigned char *)L->cur, *YYMARKER = YYCURSOR;
        const unsigned char *YYLIMIT = (const unsigned char *)L->lim;
        t->s = L->cur;
        t->line = L->line;
        t->col = (int)(L->cur - L->linestart) + 1;
        t->msg = NULL;
        if (L->cur >= L->lim) { t->len = 0; return 0; }
        if (prev_shape == 1) {
            const char *p = L->cur;
            if (*p == '?' || *p == '*') p++;
            else while (p < L->lim && *p >= '0' && *p <= '9') p++;
            if (p > L->cur && p < L->lim && *p == 'x') {
                L->cur = p + 1;
                t->len = (int)(L->cur - t->s);
                L->shape = 1;
                return TK_DIM;
            }
        }
        /*!re2c
        re2c:define:YYCTYPE = "unsigned char";
        re2c:yyfill:enable = 0;
        re2c:eof = 0;

        id = [a-zA-Z_][a-zA-Z0-9_$.]*;
        word = [a-zA-Z_][a-zA-Z0-9_$]*;
        suffix = [0-9]+ | [a-zA-Z_$.-][a-zA-Z0-9_$.-]*;

        $ { t->len = 0; return 0; }
        "\n" { newline(L, (const char *)YYCURSOR - 1); L->cur = (const char *)YYCURSOR; continue; }
        [ \t\r]+ { L->cur = (const char *)YYCURSOR; continue; }
        "//" [^\n]* { L->cur = (const char *)YYCURSOR; continue; }

        "%" suffix "#" [0-9]+ { L->cur = (const char *)YYCURSOR; t->len = (int)(L->cur - t->s); return TK_VALUE; }
        "%" suffix {
            L->cur = (const char *)YYCURSOR; t->len = (int)(L->cur - t->s);
            if (!L->in_results && result_list_follows(L->cur, L->lim)) {
                L->in_results = true;
                return TK_RESDEF;
            }
            return TK_VALUE;
        }
        "^" suffix {
            L->cur = (const char *)YYCURSOR; t->len = (int)(L->cur - t->s);
            return is_block_label(L->cur, L->lim) ? TK_BLOCKLABEL : TK_CARET;
        }
        "@" (id | '"' ([^"\\\n] | "\\" [^\n])* '"') {
            L->cur = (const char *)YYCURSOR; t->len = (int)(L->cur - t->s); return TK_SYMBOL;
        }
        "#" id {
            L->cur = (const char *)YYCURSOR; t->len = (int)(L->cur - t->s);
            if (memchr(t->s, '.', (size_t)t->len)) {
                if (L->cur < L->lim && *L->cur == '<') return verbatim(L, t, L->cur, '<', '>', TK_DIALECTATTR);
                return TK_DIALECTATTR;
            }
            if (L->cur < L->lim && *L->cur == '<') return verbatim(L, t, L->cur, '<', '>', TK_DIALECTATTR);   /* #foo<"..."> */
            return is_alias_def(L->cur, L->lim) ? TK_ALIASDEF : TK_HASHID;
        }
        "!" id {
            L->cur = (const char *)YYCURSOR; t->len = (int)(L->cur - t->s);
            if (t->len == 7 && !strncmp(t->s, "!tt.ptr", 7) && L->cur < L->lim && *L->cur == '<') return TK_TTPTR;
            if (memchr(t->s, '.', (size_t)t->len)) {
                if (L->cur < L->lim && *L->cur == '<') return verbatim(L, t, L->cur, '<', '>', TK_DIALECTTYPE);
                return TK_DIALECTTYPE;
            }
            if (L->cur < L->lim && *L->cur == '<') return verbatim(L, t, L->cur, '<', '>', TK_DIALECTTYPE);   /* !foo<"..."> */
            return is_alias_def(L->cur, L->lim) ? TK_TALIASDEF : TK_BANGID;
        }
        "loc(" { L->cur = (const char *)YYCURSOR; return verbatim(L, t, L->cur - 1, '(', ')', TK_LOCKW); }
        ("strided" | "sparse" | "dense_resource" | "distinct") "<" {
            L->cur = (const char *)YYCURSOR; return verbatim(L, t, L->cur - 1, '<', '>', TK_OPAQUEATTR);
        }
        "{-#" {
            const char *e = L->cur + 3;
            while (e + 2 < L->lim && !(e[0] == '#' && e[1] == '-' && e[2] == '}')) e++;
            if (e + 2 >= L->lim) { L->cur = (const char *)YYCURSOR; t->len = 3; t->msg = "unterminated '{-#' file metadata"; return TK_ERROR; }
            for (const char *q = L->cur; q < e; q++) if (*q == '\n') newline(L, q);
            L->cur = e + 3; t->len = (int)(L->cur - t->s);
            return TK_FILEMETA;
        }
        /* a word with a dot is an op name (most words are): the automaton
         * tells it from the rest, which word_kind sorts */
        word "." [a-zA-Z0-9_$.]* {
            L->cur = (const char *)YYCURSOR; t->len = (int)(L->cur - t->s);
            L->after_attributes = false;
            return TK_OPNAME;
        }
        word {
            L->cur = (const char *)YYCURSOR; t->len = (int)(L->cur - t->s);
            int k = word_kind(L, t->s, t->len, L->cur);
            L->after_attributes = t->len == 10 && !strncmp(t->s, "attributes", 10);
            return k;
        }
        "0x" [0-9a-fA-F]+ { L->cur = (const char *)YYCURSOR; t->len = (int)(L->cur - t->s); return TK_HEXINT; }
        [0-9]+ { L->cur = (const char *)YYCURSOR; t->len = (int)(L->cur - t->s); return TK_INTEGER; }
        [0-9]+ "." [0-9]* ([eE] [-+]? [0-9]+)? { L->cur = (const char *)YYCURSOR; t->len = (int)(L->cur - t->s); return TK_FLOAT; }
        '"' ([^"\\\n] | "\\" [^\n])* '"' {
            L->cur = (const char *)YYCURSOR; t->len = (int)(L->cur - t->s);
            for (const char *e = t->s + 1; e < L->cur - 1; e++) {
                if (*e != '\\') continue;
                char n = e[1];
                bool hex = (n >= '0' && n <= '9') || (n >= 'a' && n <= 'f') || (n >= 'A' && n <= 'F');
                bool hex2 = hex && e + 2 < L->cur - 1 && ((e[2] >= '0' && e[2] <= '9') || (e[2] >= 'a' && e[2] <= 'f') || (e[2] >= 'A' && e[2] <= 'F'));
                if (n == 'n' || n == 't' || n == '"' || n == '\\') { e++; continue; }
                if (hex2) { e += 2; continue; }
                t->col += (int)(e - t->s);
                t->s = e;
                t->len = 2;
                t->msg = "unknown escape in string literal";
                return TK_ERROR;
            }
            const char *q = skipws(L->cur, L->lim);
            return q < L->lim && *q == '(' ? TK_GENNAME : TK_STRING;
        }
        '"' ([^"\\\n] | "\\" [^\n])* { L->cur = (const char *)YYCURSOR; t->len = (int)(L->cur - t->s); t->msg = "unterminated string"; return TK_ERROR; }

        "->" { L->cur = (const char *)YYCURSOR; t->len = 2; return TK_ARROW; }
        "::" { L->cur = (const char *)YYCURSOR; t->len = 2; return TK_DCOLON; }
        ">=" { L->cur = (const char *)YYCURSOR; t->len = 2; return TK_GE; }
        "<=" { L->cur = (const char *)YYCURSOR; t->len = 2; return TK_LE; }
        "==" { L->cur = (const char *)YYCURSOR; t->len = 2; return TK_EQEQ; }
        "..." { L->cur = (const char *)YYCURSOR; t->len = 3; return TK_ELLIPSIS; }
        "(" { L->cur = (const char *)YYCURSOR; t->len = 1; return L->depth++ >= L->maxdepth ? lex_too_deep(t) : TK_LPAREN; }
        ")" { L->cur = (const char *)YYCURSOR; t->len = 1; L->depth--; return TK_RPAREN; }
        "[" { L->cur = (const char *)YYCURSOR; t->len = 1; return L->depth++ >= L->maxdepth ? lex_too_deep(t) : TK_LBRACKET; }
        "]" { L->cur = (const char *)YYCURSOR; t->len = 1; L->depth--; return TK_RBRACKET; }
        "{" {
            L->cur = (const char *)YYCURSOR; t->len = 1;
            if (L->depth++ >= L->maxdepth) return lex_too_deep(t);
            int bk = brace_kind(L, L->cur, L->lim);
            L->after_attributes = false;
            return bk;
        }
        "}" { L->cur = (const char *)YYCURSOR; t->len = 1; L->depth--; return TK_RBRACE; }
        "<" {
            L->cur = (const char *)YYCURSOR; t->len = 1;
            if (prev_shape == 2) L->shape = 1;   /* the dims after tensor< */
            return L->depth++ >= L->maxdepth ? lex_too_deep(t) : TK_LT;
        }
        ">" { L->cur = (const char *)YYCURSOR; t->len = 1; L->depth--; return TK_GT; }
        "," { L->cur = (const char *)YYCURSOR; t->len = 1; return TK_COMMA; }
        ":" { L->cur = (const char *)YYCURSOR; t->len = 1; return TK_COLON; }
        "=" { L->cur = (const char *)YYCURSOR; t->len = 1; L->in_results = false; return TK_EQUAL; }
        "*" { L->cur = (const char *)YYCURSOR; t->len = 1; return TK_STAR; }
        "+" { L->cur = (const char *)YYCURSOR; t->len = 1; return TK_PLUS; }
        "-" { L->cur = (const char *)YYCURSOR; t->len = 1; return TK_MINUS; }
        "?" { L->cur = (const char *)YYCURSOR; t->len = 1; return TK_QUESTION; }
        "|" { L->cur = (const char *)YYCURSOR; t->len = 1; return TK_PIPE; }
        * {
            L->cur = (const char *)YYCURSOR; t->len = 1;
            t->msg = "unexpected character";
            return TK_ERROR;
        }
        */
    }
}

int lex_too_deep(Token *t) {
    t->msg = "nesting too deep";
    return TK_ERROR;
}

void lex_init(Lexer *L, const char *buf, size_t len, int first_line) {
    memset(L, 0, sizeof *L);
    L->buf = L->cur = L->linestart = buf;
    L->lim = buf + len;
    L->line = first_line;
    L->maxdepth = LEX_MAX_DEPTH;
}
