/* print_names.c - SSA value and block names, numbered as MLIR numbers them. */
#include "print_impl.h"

#include <stdlib.h>
#include <string.h>

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
    if (!name) { value_set_pid(m->c, v, k->value++); return; }
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
    value_set_pid(m->c, v, ctx_add_pname(m->c, s));
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
                for (int i = 0; i < o->nres; i++) value_set_pid(p->c, &o->res[i], id);
            }
            /* MLIR numbers the intermediate variables of an indirect tile
             * as values right after the op's result */
            if (op_is(o, OP_ktdp_construct_indirect_access_tile) && o->nregions == 1 && o->regions[0].first)
                for (int i = 0; i < o->regions[0].first->nargs; i++) set_name(m, k, o->regions[0].first->args[i], NULL);
        }
    }
}

typedef struct Ctxt { Region *r; Counters k; int scope; } Ctxt;

void number_values(Printer *p, Op *root) {
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


void print_value(Printer *p, Value *v) {
    if (!v) { ps_(p, "%<<null>>"); return; }
    pc(p, '%');
    int pid = value_pid(p->c, v);
    if (pid < -1) { const char *s = ctx_pname(p->c, pid); ps_(p, s ? s : "<<unnamed>>"); return; }
    /* ktir-cpu reads a numeric name inside an expression as a number: with
     * --ktir-cpu numbered values are spelled %v3 */
    if (p->o.ktir_cpu) pc(p, 'v');
    put_int(p, pid);
    if (v->def && v->def->nres > 1 && value_pid(p->c, &v->def->res[0]) >= -1) { pc(p, '#'); put_int(p, value_index(v)); }
}

void print_block_name(Printer *p, Block *b) { ps_(p, "^bb"); put_int(p, b->pid); }
void print_successor(Printer *p, Block *b) { print_block_name(p, b); }
