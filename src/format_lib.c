/* format_lib.c - the matcher and the shared pieces of the dialects'
 * formats (format_lib.h). */
#include "format_lib.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* ---- what the matcher expected where it failed ---------------------- */

/* a comes before b in the op's elements (NULL: the end, after all) */
static bool elem_before(const Elem *a, const Elem *b) {
    if (!b) return a != NULL;
    if (!a) return false;
    return a->loc.line < b->loc.line || (a->loc.line == b->loc.line && a->loc.col < b->loc.col);
}

/* the matcher wanted `what` at d->e: kept if no failure was noted further
 * on (at the same element the later want wins: optional elements are tried
 * before the required one) */
static void note_want(Dec *d, const char *what, bool quoted) {
    if (d->want && elem_before(d->e, d->at)) return;
    d->want = what;
    d->at = d->e;
    d->quoted = quoted;
}
void want_el(Dec *d, const char *what) { note_want(d, what, false); }

/* where the op's elements end: just after the last one */
static Loc end_loc(const Op *op) {
    const Elem *last = NULL;
    for (const Elem *e = op_custom(op); e; e = e->next) if (e->loc.line) last = e;
    Loc l = op->loc;
    if (!last) { l.col += (int)strlen(op->info->name); return l; }
    l = last->loc;
    bool text = last->kind == E_PUNCT || last->kind == E_WORD || last->kind == E_USE || last->kind == E_INT ||
                last->kind == E_FLOAT || last->kind == E_STRING;
    if (text && last->text) l.col += (int)strlen(last->text);
    return l;
}

void decode_error(Dec *d) {
    d->err = true;
    if (!d->want) {
        diag_error(d->d, d->op->loc, "custom form of '%s' does not match its format", d->op->info->name);
        return;
    }
    Loc l = d->at && d->at->loc.line ? d->at->loc : end_loc(d->op);
    if (d->quoted) diag_error(d->d, l, "expected '%s'", d->want);
    else diag_error(d->d, l, "expected %s", d->want);
}

/* ---- the matcher ---------------------------------------------------- */
bool is_tok(const Elem *e, const char *s) {
    return e && (e->kind == E_PUNCT || e->kind == E_WORD) && !strcmp(e->text, s);
}
bool eat(Dec *d, const char *s) {
    if (!is_tok(d->e, s)) { note_want(d, s, true); return false; }
    d->e = d->e->next;
    return true;
}
bool at_end(Dec *d) {
    if (d->e) note_want(d, "end of operation", false);
    return d->e == NULL;
}
Elem *use_elem(Dec *d) {
    if (!d->e || d->e->kind != E_USE) { want_el(d, "SSA operand"); return NULL; }
    Elem *e = d->e;
    d->e = e->next;
    return e;
}
Type *type_el(Dec *d) {
    if (!d->e || d->e->kind != E_TYPE) { want_el(d, "type"); return NULL; }
    Type *t = d->e->type;
    d->e = d->e->next;
    return t;
}
/* a tensor, memref or vector type */
Type *shaped_el(Dec *d) {
    Elem *at = d->e;
    Type *t = type_el(d);
    if (t && !type_is_shaped(t)) { d->e = at; want_el(d, "shaped type"); d->e = at->next; return NULL; }
    return t;
}
Attr *dict_opt(Dec *d) {
    if (d->e && d->e->kind == E_ATTR && d->e->attr->kind == A_DICT && !d->e->text) {
        Attr *a = d->e->attr;
        d->e = d->e->next;
        return a;
    }
    return NULL;
}
Attr *attr_el(Dec *d) {
    if (!d->e || d->e->kind != E_ATTR || d->e->text) { want_el(d, "attribute value"); return NULL; }
    Attr *a = d->e->attr;
    d->e = d->e->next;
    return a;
}
int region_el(Dec *d) {
    if (!d->e || d->e->kind != E_REGION) { want_el(d, "region"); return -1; }
    int i = d->e->idx;
    d->e = d->e->next;
    return i;
}
Elem *def_el(Dec *d) {
    if (!d->e || d->e->kind != E_DEF) { want_el(d, "SSA value definition"); return NULL; }
    Elem *e = d->e;
    d->e = e->next;
    return e;
}

/* comma-separated uses; returns the count (may be 0) */
int uses(Dec *d, Elem **first) {
    int n = 0;
    Elem *e = use_elem(d);
    if (!e) return 0;
    if (first) *first = e;
    n = 1;
    while (is_tok(d->e, ",") && d->e->next && d->e->next->kind == E_USE) { d->e = d->e->next; use_elem(d); n++; }
    /* `%a, :` - what follows a comma of the list must be an operand */
    if (is_tok(d->e, ",") && d->e->next && d->e->next->kind != E_USE) {
        Elem *save = d->e;
        d->e = d->e->next;
        want_el(d, "SSA operand");
        d->e = save;
    }
    return n;
}
/* a located error at element e (NULL: the end of the op); false */
bool fail_at(Dec *d, const Elem *e, const char *msg) {
    diag_error(d->d, e && e->loc.line ? e->loc : end_loc(d->op), "%s", msg);
    d->err = true;
    return false;
}
/* nuses operands were written and ntypes types for them, from element at */
bool counts_match(Dec *d, const Elem *at, int nuses, int ntypes) {
    if (nuses == ntypes) return true;
    diag_error(d->d, at && at->loc.line ? at->loc : end_loc(d->op), "%d operands present, but expected %d", nuses, ntypes);
    d->err = true;
    return false;
}
/* min to max comma-separated uses (optional ones after the first min); the count or -1 */
int uses_upto(Dec *d, int min, int max) {
    if (!uses_n(d, min)) return -1;
    int n = min;
    while (n < max && is_tok(d->e, ",") && d->e->next && d->e->next->kind == E_USE) { d->e = d->e->next->next; n++; }
    return n;
}
/* the op takes no operands: an error at the first one written */
bool no_uses(Dec *d) {
    if (!d->op->nopnds) return true;
    const Elem *e = op_custom(d->op);
    while (e && e->kind != E_USE) e = e->next;
    char buf[160];
    snprintf(buf, sizeof buf, "'%s' op takes no operands", d->op->info->name);
    return fail_at(d, e, buf);
}
/* a function type (T, U) -> R, maybe written as elements */
Type *func_type_el(Dec *d) {
    Elem *at = d->e;
    Type *t = any_type(d);
    if (t && t->kind == T_FUNC) return t;
    d->e = at;
    want_el(d, "function type");
    return NULL;
}
/* exactly n comma-separated uses */
bool uses_n(Dec *d, int n) {
    for (int i = 0; i < n; i++) {
        if (i && !eat(d, ",")) return false;
        if (!use_elem(d)) return false;
    }
    return true;
}
/* the syntax gives n results: an op that binds none gets n unnamed ones, an
 * op that binds another number is an error */
bool results_n(Dec *d, int n) {
    Op *op = d->op;
    if (op->nres == n) return true;
    if (op->nres) { bind_error(d, n); return false; }
    if (n > OP_MAX_COUNT) return false;
    op->res = ctx_alloc(d->c, sizeof(Value) * (size_t)n);
    for (int i = 0; i < n; i++) { op->res[i].def = op; }
    op->nres = (uint16_t)n;
    return true;
}
/* a type, or a function type written as elements: (T, U) -> R / -> (R, S) */
Type *any_type(Dec *d) {
    Type *t = type_el(d);
    if (t || !is_tok(d->e, "(")) return t;
    Elem *save = d->e;
    Type *in[64], *out[64];
    int ni = 0, no = 0;
    d->e = d->e->next;
    if (!is_tok(d->e, ")")) {
        for (;;) {
            Type *x = any_type(d);
            if (!x || ni == 64) goto fail;
            in[ni++] = x;
            if (eat(d, ",")) continue;
            break;
        }
    }
    if (!eat(d, ")") || !eat(d, "->")) goto fail;
    if (eat(d, "(")) {
        if (!is_tok(d->e, ")")) {
            for (;;) {
                Type *x = any_type(d);
                if (!x || no == 64) goto fail;
                out[no++] = x;
                if (eat(d, ",")) continue;
                break;
            }
        }
        if (!eat(d, ")")) goto fail;
    } else {
        Type *x = any_type(d);
        if (!x) goto fail;
        out[no++] = x;
    }
    return type_func(d->c, ni, in, no, out);
fail:
    d->e = save;
    return NULL;
}

/* the types of n operands written before them: the count, or -1 after
 * noting a missing type or reporting another count */
int types_for(Dec *d, Type **out, int max, int n) {
    Elem *at = d->e;
    int nt = types(d, out, max);
    if (!nt) return -1;
    if (!counts_match(d, at, n, nt)) return -1;
    return nt > max ? -1 : nt;
}

/* comma-separated types (at least one) into out */
int types(Dec *d, Type **out, int max) {
    int n = 0;
    Type *t = any_type(d);
    if (!t) return 0;
    out[n++] = t;
    while (is_tok(d->e, ",") && d->e->next && (d->e->next->kind == E_TYPE || is_tok(d->e->next, "("))) {
        Elem *save = d->e;
        d->e = d->e->next;
        t = any_type(d);
        if (!t) { d->e = save; break; }
        if (n < max) out[n] = t;
        n++;
    }
    return n;
}

Value *opnd(Dec *d, int i) { return op_operand(d->op, i); }

/* the syntax gives n result types but the op binds a different number of names */
void bind_error(Dec *d, int n) {
    diag_error(d->d, d->op->loc, "operation defines %d results but was provided %d to bind", n, d->op->nres);
    d->err = true;
}

static Elem *elem_of_operand(Op *op, int i) {
    for (Elem *e = op_custom(op); e; e = e->next) if (e->kind == E_USE && e->idx == i) return e;
    return NULL;
}

/* the syntax says operand i has type t */
void want_type(Dec *d, int i, Type *t) {
    Value *v = opnd(d, i);
    if (!v || !t) return;
    if (!v->type) { v->type = t; return; }
    if (v->type != t) {
        Elem *e = elem_of_operand(d->op, i);
        char *a = print_type_str(d->c, t), *b = print_type_str(d->c, v->type);
        diag_error(d->d, e ? e->loc : d->op->loc, "use of value '%s' expects different type than prior uses: '%s' vs '%s'",
                   e ? e->text : "?", a, b);
        free(a); free(b);
        d->err = true;
    }
}

void merge_attrs(Dec *d, Attr *dict) {
    if (!dict) return;
    for (int i = 0; i < dict->dict.n; i++) op_set_attr(d->c, d->op, dict->dict.ents[i].name, dict->dict.ents[i].value);
}

void set_res(Op *op, int i, Type *t) { if (i < op->nres) op->res[i].type = t; }

Type *i1_like(Ctx *c, Type *t) {
    Type *b = type_int(c, 1, SIGNLESS);
    if (type_is_shaped(t)) return type_shaped(c, t->kind, t->sh.rank, t->sh.dims, b, t->sh.enc, NULL);
    return b;
}

/* ---- printing helpers ----------------------------------------------- */
void print_operands(Printer *p, Op *op, int from, int to) {
    for (int i = from; i < to; i++) { if (i > from) P(p, ", "); print_value(p, op->opnds[i].value); }
}
void print_types_of_values(Printer *p, Op *op, int from, int to) {
    for (int i = from; i < to; i++) { if (i > from) P(p, ", "); print_type(p, op->opnds[i].value->type); }
}
void print_name(Printer *p, Op *op) { P(p, op->info->name); }
/* properties and attributes together, sorted, in one dictionary */
void print_attrs(Printer *p, Op *op, const char *const *elide, int n) {
    if (!op->nprops) { print_attr_dict(p, op->attrs, op->nattrs, elide, n); return; }
    int tot = op->nattrs + op->nprops, k = 0, i = 0, j = 0;
    NamedAttr *all = malloc(sizeof(NamedAttr) * (size_t)tot);
    while (i < op->nprops || j < op->nattrs) {
        if (j >= op->nattrs || (i < op->nprops && strcmp(op_props(op)[i].name, op->attrs[j].name) <= 0)) all[k++] = op_props(op)[i++];
        else all[k++] = op->attrs[j++];
    }
    print_attr_dict(p, all, tot, elide, n);
    free(all);
}

/* the text of the elements of an angle group, `<...>`, as written; with
 * alias false, attributes are printed inline (`<64x64xf32>`), so the text
 * does not depend on alias names the printer may change */
char *group_text(Dec *d, bool alias) {
    if (!is_tok(d->e, "<")) return NULL;
    char *buf = NULL; size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    Printer p = { .f = f, .c = d->c, .alias_ok = alias };
    int depth = 0;
    for (Elem *e = d->e; e; e = e->next) {
        if (e != d->e && e->space) fputc(' ', f);
        if (e->kind == E_TYPE) print_type(&p, e->type);
        else if (e->kind == E_ATTR && !e->text) { if (alias) print_attr(&p, e->attr); else print_attr_noalias(&p, e->attr); }
        else if (e->text && (e->kind == E_PUNCT || e->kind == E_WORD || e->kind == E_INT || e->kind == E_FLOAT)) fputs(e->text, f);
        else { fclose(f); free(buf); return NULL; }
        if (is_tok(e, "<")) depth++;
        if (is_tok(e, ">") && --depth == 0) { d->e = e->next; break; }
    }
    fclose(f);
    if (depth) { free(buf); return NULL; }
    return buf;
}


Type *i32t(Ctx *c) { return type_int(c, 32, SIGNLESS); }
Type *i64t(Ctx *c) { return type_int(c, 64, SIGNLESS); }
Attr *i64_array(Ctx *c, int n, const int64_t *v) { return attr_dense_array(c, i64t(c), n, v, NULL); }
Attr *segments(Ctx *c, int n, const int64_t *v) { return attr_dense_array(c, i32t(c), n, v, NULL); }

/* the operand segment sizes of op: the property, else NULL */
const int64_t *segs_of(Op *op, int n) {
    Attr *s = op_attr(op, "operandSegmentSizes");
    if (!s || s->kind != A_DENSE_ARRAY || s->darr.n != n || !s->darr.i) return NULL;
    int64_t tot = 0;
    for (int i = 0; i < n; i++) { if (s->darr.i[i] < 0) return NULL; tot += s->darr.i[i]; }
    return tot == op->nopnds ? s->darr.i : NULL;
}
const int64_t *darr_i64(Op *op, const char *name, int *n) {
    Attr *a = op_attr(op, name);
    *n = 0;
    if (!a || a->kind != A_DENSE_ARRAY || (a->darr.n && !a->darr.i)) return NULL;
    *n = a->darr.n;
    return a->darr.i;
}

/* an integer literal, maybe negative */
bool int_lit(Dec *d, int64_t *v) {
    Elem *e = d->e;
    bool neg = false;
    if (is_tok(e, "-") && e->next && e->next->kind == E_INT) { neg = true; e = e->next; }
    if (!e || e->kind != E_INT) { want_el(d, "integer"); return false; }
    char *end;
    errno = 0;
    long long x = strtoll(e->text, &end, 0);
    if (*end) return false;
    if (errno == ERANGE) { Elem *at = d->e; d->e = e; want_el(d, "an integer within 64 bits"); d->e = at; return false; }
    *v = neg ? -x : x;
    d->e = e->next;
    return true;
}
/* [1, 0, 2] into v; returns the count or -1 */
int int_list(Dec *d, int64_t *v, int max) {
    if (!eat(d, "[")) return -1;
    int n = 0;
    if (eat(d, "]")) return 0;
    for (;;) {
        int64_t x;
        if (n == max || !int_lit(d, &x)) return -1;
        v[n++] = x;
        if (eat(d, ",")) continue;
        if (eat(d, "]")) return n;
        return -1;
    }
}
/* [%a, 4, %b]: static values with KDYN for each SSA use; *ndyn counts the uses */
int mixed_list(Dec *d, int64_t *v, int max, int *ndyn) {
    if (!eat(d, "[")) return -1;
    int n = 0;
    *ndyn = 0;
    if (eat(d, "]")) return 0;
    for (;;) {
        int64_t x;
        if (n == max) return -1;
        if (use_elem(d)) { v[n++] = KDYN; (*ndyn)++; }
        else if (int_lit(d, &x)) v[n++] = x;
        else return -1;
        if (eat(d, ",")) continue;
        if (eat(d, "]")) return n;
        return -1;
    }
}
void pr_opnd_head(Printer *p, Op *op) {
    print_name(p, op);
    P(p, " ");
    print_operands(p, op, 0, 1);
    print_attrs(p, op, NULL, 0);
    P(p, " : ");
}

void pr_indexed(Printer *p, Op *op, int from, int to) {
    print_name(p, op);
    P(p, " ");
    print_operands(p, op, 0, 1);
    P(p, "[");
    print_operands(p, op, from, to);
    P(p, "]");
}

void pr_int(Printer *p, int64_t v) { fprintf(p->f, "%lld", (long long)v); }
void pr_int_list(Printer *p, const int64_t *v, int n) {
    P(p, "[");
    for (int i = 0; i < n; i++) { if (i) P(p, ", "); pr_int(p, v[i]); }
    P(p, "]");
}
/* [%a, 4, %b] from static values and operands from *next on */
void pr_mixed(Printer *p, Op *op, const int64_t *v, int n, int *next) {
    P(p, "[");
    for (int i = 0; i < n; i++) {
        if (i) P(p, ", ");
        if (v[i] == KDYN && *next < op->nopnds) print_value(p, op->opnds[(*next)++].value);
        else pr_int(p, v[i]);
    }
    P(p, "]");
}
int count_dyn(const int64_t *v, int n) { int k = 0; for (int i = 0; i < n; i++) k += v[i] == KDYN; return k; }

static bool same_text_nospace(const char *a, const char *b) {
    for (;;) {
        while (*a == ' ') a++;
        while (*b == ' ') b++;
        if (*a != *b) return false;
        if (!*a) return true;
        a++; b++;
    }
}

/* a type of dialect `name` (such as "!ktdp.access_tile"), written in full or
 * with the prefix stripped, `<...>`, as ODS prints a type of the op's own
 * dialect.  `like` is a type the value already has: an equal stripped
 * spelling resolves to it. */
Type *dialect_type(Dec *d, const char *name, Type *like) {
    Elem *at = d->e;
    Type *t = type_el(d);
    if (t && t->kind == T_OPAQUE && !strcmp(t->opq.name, name)) return t;
    if (t) {
        char buf[128];
        snprintf(buf, sizeof buf, "%s type", name);
        d->e = at;
        want_el(d, ctx_str(d->c, buf));
        d->e = at->next;
        return NULL;
    }
    char *body = group_text(d, false);
    if (!body) return NULL;
    if (like && like->kind == T_OPAQUE && !strcmp(like->opq.name, name) && like->opq.body && same_text_nospace(like->opq.body, body)) t = like;
    else t = type_opaque(d->c, name, body);
    free(body);
    return t;
}
bool is_dialect_type(const Type *t, const char *name) { return t && t->kind == T_OPAQUE && !strcmp(t->opq.name, name); }
/* print a dialect type without its prefix when the syntax allows it */
void pr_stripped(Printer *p, Type *t, const char *name) {
    if (is_dialect_type(t, name) && t->opq.body && !t->alias) { print_opaque_body(p, t); print_type_done(p); }
    else print_type(p, t);
}

/* !tt.ptr<T> written in full or as `<T>` / `<T, N>` */
Type *ptr_type(Dec *d) {
    Elem *at = d->e;
    Type *t = type_el(d);
    if (t && t->kind == T_PTR) return t;
    if (t) { d->e = at; want_el(d, "!tt.ptr type"); d->e = at->next; return NULL; }
    Elem *save = d->e;
    if (!eat(d, "<")) return NULL;
    Type *pt = type_el(d);
    int64_t sp = 1;
    if (pt && eat(d, ",") && !int_lit(d, &sp)) pt = NULL;
    if (!pt || !eat(d, ">")) { d->e = save; return NULL; }
    return type_ptr(d->c, pt, (int)sp);
}
void pr_ptr_stripped(Printer *p, Type *t) {
    if (!t || t->kind != T_PTR || t->alias) { print_type(p, t); return; }
    char *s = print_type_str(p->c, t);
    const char *lt = strchr(s, '<');
    P(p, lt ? lt : s);
    print_type_done(p);
    free(s);
}

/* give op a region (it was written without one) */
Region *add_region(Ctx *c, Op *op) {
    Region *nr = ctx_alloc(c, sizeof(Region) * (size_t)(op->nregions + 1));
    for (int i = 0; i < op->nregions; i++) {
        nr[i] = op->regions[i];
        for (Block *b = nr[i].first; b; b = b->next) b->region = &nr[i];
    }
    nr[op->nregions].op = op;
    for (int i = 0; i <= op->nregions; i++) nr[i].op = op;
    op->regions = nr;
    op->nregions++;
    return &nr[op->nregions - 1];
}

int typed_group(Dec *d, int first) {
    if (!eat(d, "(")) return -1;
    if (eat(d, ")")) return 0;
    int n = uses(d, NULL);
    Type *ts[64];
    if (!n || n > 64 || !eat(d, ":") || types_for(d, ts, 64, n) < 0 || !eat(d, ")")) return -1;
    for (int i = 0; i < n; i++) want_type(d, first + i, ts[i]);
    return n;
}
