/* print.c - the printer: MLIR's text form, SSA names numbered the way
 * MLIR's AsmPrinter numbers them, attributes and floats spelled as MLIR
 * spells them, so that output diffs cleanly against reference tools. */
#include "print_impl.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "format.h"

/* ---- ops ------------------------------------------------------------ */
static void print_op(Printer *p, Op *op);
static bool print_body_par(Printer *p, Block *b);
static _Thread_local int last_threads;

static void print_results(Printer *p, Op *op) {
    if (!op->nres) return;
    int pid = value_pid(p->c, &op->res[0]);
    if (pid < -1) {
        for (int i = 0; i < op->nres; i++) { if (i) ps_(p, ", "); print_value(p, &op->res[i]); }
    } else {
        pc(p, '%');
        if (p->o.ktir_cpu) pc(p, 'v');
        put_int(p, pid);
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
            if (p->o.debuginfo) print_arg_loc_pub(p, b->args[i]);
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
            for (int i = 0; i < op_nsuccs(t); i++) if (op_succs(t)[i] == b) pv_push(&preds, q);
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
        if (p->par_module && r->op == p->par_module) { print_body_par(p, b); continue; }
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
    if (op_nsuccs(op)) {
        pc(p, '[');
        for (int i = 0; i < op_nsuccs(op); i++) { if (i) ps_(p, ", "); print_block_name(p, op_succs(op)[i]); }
        pc(p, ']');
    }
    if (op->nprops) {
        ps_(p, " <{");
        for (int i = 0; i < op->nprops; i++) {
            if (i) ps_(p, ", ");
            print_key(p, op_props(op)[i].name);
            if (op_props(op)[i].value->kind != A_UNIT) { ps_(p, " = "); print_attr(p, op_props(op)[i].value); }
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
    for (Elem *e = op_custom(op); e; e = e->next) {
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
        case E_SUCC: print_block_name(p, op_succs(op)[e->idx]); break;
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
            for (Elem *d = op_custom(op); d; d = d->next)
                if (d->kind == E_DEF && r->first && value_argblock(d->val) == r->first) implicit = true;
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

static ssize_t null_write(void *c, const char *b, size_t n) { (void)c; (void)b; return (ssize_t)n; }

/* ---- a large module body on several threads ------------------------ */
/* The module's top-level ops are printed in batches, each into memory by
 * a worker, and written in order by the calling thread; a batch waits for
 * a free place in a window of a few, so the text in memory stays small.
 * Used only where nothing the printer reads changes while it prints: no
 * alias or location collection, no --ktir-cpu line logic, and only ops of
 * dialects whose printers read the IR and intern through the context
 * (which ctx_share serialises). */
static int print_threads;   /* 0: one per CPU, at most 8 */
void print_set_threads(int n) { print_threads = n; }
int print_last_threads(void) { return last_threads; }

enum { PPAR_MIN_OPS = 20000, PPAR_BATCH = 4, PPAR_WINDOW = 8, PPAR_MAX_THREADS = 8 };

typedef struct PBatch { Op *first; int n; char *buf; size_t len; bool ready; } PBatch;
typedef struct PPar {
    Printer proto;
    FILE *out;
    bool number;                /* each top-level op is numbered by the thread that prints it */
    PBatch *b;
    int nb;
    atomic_int next;
    int written;                /* batches written so far (under mu) */
    bool unknown;
    pthread_mutex_t mu;
    pthread_cond_t cv;
} PPar;

static const char *const par_dialects[] = { "builtin.", "func.", "arith.", "scf.", "math.", "cf.", "tt.", NULL };
static bool par_ok_id[OP__COUNT];
static pthread_once_t par_once = PTHREAD_ONCE_INIT;
static void par_table(void) {
    for (int id = 0; id < OP__COUNT; id++) {
        const char *n = opinfo_byid(id)->name;
        for (int i = 0; par_dialects[i]; i++) if (!strncmp(n, par_dialects[i], strlen(par_dialects[i]))) par_ok_id[id] = true;
    }
}
/* every op under op (op included) is of those dialects and understood; *n counts them */
static bool par_safe(const Op *op, size_t *n, size_t *nvals) {
    int id = op->info->id;
    if (op->verbatim || id < 0 || id >= OP__COUNT || !par_ok_id[id]) return false;
    ++*n;
    *nvals += op->nres;
    for (int r = 0; r < op->nregions; r++)
        for (Block *b = op->regions[r].first; b; b = b->next) {
            *nvals += (size_t)b->nargs;
            for (Op *o = b->first; o; o = o->next) if (!par_safe(o, n, nvals)) return false;
        }
    return true;
}

/* the threads to print module's body on, 0 if it is not to be */
static int par_plan(Op *module, size_t *nvals) {
    int nth = print_threads;
    if (nth <= 0) { long c = sysconf(_SC_NPROCESSORS_ONLN); nth = c > 0 ? (int)c : 1; }
    if (nth > PPAR_MAX_THREADS) nth = PPAR_MAX_THREADS;
    if (nth < 2 || module->nregions != 1 || !module->regions[0].first || module->regions[0].first->next) return 0;
    Block *b = module->regions[0].first;
    int n = 0;
    for (Op *o = b->first; o; o = o->next) n++;
    if (n < 2 * PPAR_BATCH) return 0;
    /* enough ops in all, and every one of a dialect known to print safely */
    size_t total = 0;
    *nvals = 0;
    pthread_once(&par_once, par_table);
    for (Op *o = b->first; o; o = o->next) if (!par_safe(o, &total, nvals)) return 0;
    return total >= PPAR_MIN_OPS ? nth : 0;
}

/* Every thread, the calling one included, prints batches in turn; the one
 * that finishes the batch next to be written writes it and every ready one
 * after it (the writes are in order, under the lock). */
static void ppar_work(PPar *pp) {
    bool unknown = false;
    for (;;) {
        int i = atomic_fetch_add(&pp->next, 1);
        if (i >= pp->nb) break;
        pthread_mutex_lock(&pp->mu);
        while (i >= pp->written + PPAR_WINDOW) pthread_cond_wait(&pp->cv, &pp->mu);
        pthread_mutex_unlock(&pp->mu);
        PBatch *bt = &pp->b[i];
        Printer q = pp->proto;
        q.f = open_memstream(&bt->buf, &bt->len);
        if (q.f) {
            Op *o = bt->first;
            for (int k = 0; k < bt->n; k++, o = o->next) {
                if (pp->number) number_values(&q, o);
                print_op(&q, o);
            }
            fclose(q.f);
        }
        unknown |= q.unknown_types;
        pthread_mutex_lock(&pp->mu);
        bt->ready = true;
        bool moved = false;
        while (pp->written < pp->nb && pp->b[pp->written].ready) {
            PBatch *w = &pp->b[pp->written];
            if (w->buf) fwrite(w->buf, 1, w->len, pp->out);
            free(w->buf);
            w->buf = NULL;
            pp->written++;
            moved = true;
        }
        if (moved) pthread_cond_broadcast(&pp->cv);
        pthread_mutex_unlock(&pp->mu);
    }
    pthread_mutex_lock(&pp->mu);
    pp->unknown |= unknown;
    pthread_mutex_unlock(&pp->mu);
}

static void *ppar_worker(void *arg) {
    PPar *pp = arg;
    ppar_work(pp);
    ctx_thread_done(pp->proto.c);
    return NULL;
}

/* prints b's ops (the body of p->par_module: no terminator is left out) on p->par_threads threads */
static bool print_body_par(Printer *p, Block *b) {
    int n = 0;
    for (Op *o = b->first; o; o = o->next) n++;
    PPar pp = { .proto = *p, .out = p->f, .number = p->par_number, .nb = (n + PPAR_BATCH - 1) / PPAR_BATCH };
    pp.proto.par_module = NULL;
    pp.b = calloc((size_t)pp.nb, sizeof *pp.b);
    if (!pp.b) { fputs("ttxform: out of memory\n", stderr); abort(); }
    Op *o = b->first;
    for (int i = 0; i < pp.nb; i++) {
        pp.b[i].first = o;
        pp.b[i].n = n - i * PPAR_BATCH < PPAR_BATCH ? n - i * PPAR_BATCH : PPAR_BATCH;
        for (int k = 0; k < pp.b[i].n; k++) o = o->next;
    }
    atomic_init(&pp.next, 0);
    pthread_mutex_init(&pp.mu, NULL);
    pthread_cond_init(&pp.cv, NULL);
    fflush(p->f);
    ctx_share(p->c, true);
    ctx_reserve_pnames(p->c, p->par_names);
    pthread_t th[PPAR_MAX_THREADS];
    int started = 0;
    for (int i = 0; i < p->par_threads - 1; i++) if (!pthread_create(&th[started], NULL, ppar_worker, &pp)) started++;
    ppar_work(&pp);
    for (int i = 0; i < started; i++) pthread_join(th[i], NULL);
    ctx_thread_done(p->c);
    ctx_share(p->c, false);
    last_threads = started + 1;
    if (pp.unknown) p->unknown_types = true;
    pthread_cond_destroy(&pp.cv);
    pthread_mutex_destroy(&pp.mu);
    free(pp.b);
    return true;
}

bool print_module(FILE *f, Ctx *c, Op *module, const PrintOpts *o) {
    PtrVec used = {0};
    LocTab locs = {0};
    bool any = o->debuginfo;
    for (Alias *al = ctx_aliases(c); al; al = al->next) if (al->attr && al->attr->kind != A_LOC) any = true;
    if (any || ctx_has_affine(c)) {
        /* names from an earlier printing of this context are forgotten */
        for (Alias *al = ctx_aliases(c); al; al = al->next)
            if (al->attr && (al->attr->kind == A_AFFINE_MAP || al->attr->kind == A_INTEGER_SET)) al->attr->alias = NULL;
        ctx_clear_generated_aliases(c);
        cookie_io_functions_t io = { NULL, null_write, NULL, NULL };
        FILE *nul = fopencookie(NULL, "w", io);
        Printer q = { nul, c, *o, 0, false, true, true, &used, &locs, NULL, NULL, -1, false, NULL, 0, false, 0 };
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
    Printer p = { f, c, *o, 0, false, true, false, NULL, &locs, NULL, NULL, -1, false, NULL, 0, false, 0 };
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
    last_threads = 1;
    size_t nvals = 0;
    int pth = !any && !ctx_has_affine(c) && !o->ktir_cpu && !o->debuginfo && op_is(module, OP_module) ? par_plan(module, &nvals) : 0;
    /* In the custom form a top-level op that defines nothing is numbered on
     * its own (a function's names start again), so each thread numbers what
     * it prints; the generic form numbers the whole module as one. */
    bool defer = pth && !o->generic;
    for (Op *x = defer ? module_body(module)->first : NULL; x && defer; x = x->next) if (x->nres) defer = false;
    if (defer && module_body(module)->nargs) defer = false;
    if (!defer) number_values(&p, module);
    if (pth) { p.par_module = module; p.par_threads = pth; p.par_number = defer; p.par_names = nvals; }
    print_op(&p, module);
    for (int i = 0; i < locs.v.n; i++) {
        if (i) fprintf(p.f, "#loc%d = ", i); else ps_(&p, "#loc = ");
        print_loc_def(&p, locs.v.v[i]);
        pc(&p, '\n');
    }
    loctab_free(&locs);
    if (ctx_trailer(c)) { pc(&p, '\n'); ps_(&p, ctx_trailer(c)); pc(&p, '\n'); }
    if (p.mem) {
        fclose(p.f);
        fwrite(mem, 1, memlen, f);
        free(mem);
    }
    return !p.unknown_types;
}

void print_op_alone(FILE *f, Ctx *c, Op *op, const PrintOpts *o) {
    Printer p = { f, c, *o, 0, false, true, false, NULL, NULL, NULL, NULL, -1, false, NULL, 0, false, 0 };
    number_values(&p, op);
    print_op(&p, op);
}
