/* lexer.h - tokens of MLIR/Triton IR text; token codes come from ttir.h. */
#ifndef TTX_LEXER_H
#define TTX_LEXER_H

#include <stdbool.h>
#include <stddef.h>

#define LEX_MAX_DEPTH 100000   /* brackets, braces and angles, nested */

typedef struct Token {
    const char *s;        /* points into the source buffer */
    int len;
    int line, col;
    const char *msg;      /* TK_ERROR: what is wrong */
} Token;

typedef struct Lexer {
    const char *buf, *cur, *lim, *linestart;  /* lim points at a NUL sentinel */
    int line;
    int depth, maxdepth;
    int shape;            /* inside tensor<...> dimensions */
    bool in_results;      /* between RESDEF and '=' */
    bool after_attributes; /* the last word was `attributes`: a dictionary follows */
} Lexer;

void lex_init(Lexer *L, const char *buf, size_t len, int first_line);
int lex_next(Lexer *L, Token *t);    /* 0 at end of input */
int lex_too_deep(Token *t);

#endif
