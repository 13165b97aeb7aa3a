/* print_impl.h - what the printer's files share: print_type.c and
 * print_attr.c (types and attributes), print_names.c (SSA names),
 * print_loc.c (locations) and print.c (ops, regions, the module). */
#ifndef TTX_PRINT_IMPL_H
#define TTX_PRINT_IMPL_H

#include "print.h"

/* one thread prints: the stream needs no locking */
static inline void pc(Printer *p, char c) { putc_unlocked(c, p->f); }
static inline void ps_(Printer *p, const char *s) { print_str(p, s); }
static inline void pind(Printer *p) {
    static const char sp[] = "                                                                ";
    /* indentation stops growing at 200 columns: deeply nested IR stays linear in size */
    for (int n = p->indent > 200 ? 200 : p->indent; n > 0; n -= 64) fwrite(sp, 1, n > 64 ? 64 : (size_t)n, p->f);
}

static inline void put_int(Printer *p, long long v) {
    char b[24];
    int n = 0;
    unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
    do { b[n++] = (char)('0' + u % 10); u /= 10; } while (u);
    if (v < 0) b[n++] = '-';
    while (n) putc_unlocked(b[--n], p->f);
}

/* print_attr.c */
bool bare_ident(const char *s);                  /* printable without quotes */
void print_key(Printer *p, const char *k);       /* a dictionary key */
void print_attr_elided(Printer *p, Attr *a);     /* i64 and f64 without their type */
void collect_alias(Printer *p, Attr *a);         /* the alias collecting pass meets a */
/* print_type.c */
void print_dims_syms(Printer *p, int nd, int ns);   /* (d0, d1)[s0] */
/* print_names.c */
void number_values(Printer *p, Op *root);
void print_block_name(Printer *p, Block *b);
/* print_loc.c */
void loc_register(Printer *p, Attr *a);
Attr *op_location(Printer *p, Op *op);
void print_loc_ref(Printer *p, Attr *a);
void print_loc_def(Printer *p, Attr *a);

#endif
