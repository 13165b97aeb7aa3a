/* targets/cgen/decide.c - naming values, loop-carried pointers, and the virtual/array decision (see emit.h). */
#include "emit.h"

void cg_name_value(Cg *e, Value *v, const char *forced) {
    VI *x = cg_vi(e, v);
    if (forced) { x->name = forced; return; }
    if (v->def && op_is(v->def, OP_arith_constant) && v->type && !is_tensor(v->type)) {
        Attr *c = op_attr(v->def, "value");
        const char *l = c ? cg_lit_attr(e, c, v->type) : NULL;
        if (l) { x->name = l; x->kind = K_SCALAR; return; }
    }
    x->name = fmt(e, "v%d", e->nextv++);
}

void cg_name_op(Cg *e, Op *op, PtrVec *order) {
    pv_push(order, op);
    if (op_is(op, OP_scf_for) && op->nregions) {
        Block *b = op->regions[0].first;
        if (b) {
            for (int i = 0; i < b->nargs; i++) cg_name_value(e, b->args[i], NULL);
            for (int i = 0; i < op->nres && i + 1 < b->nargs; i++) cg_name_value(e, op_result(op, i), cg_vi(e, b->args[i + 1])->name);
        }
    } else {
        for (int i = 0; i < op->nres; i++) cg_name_value(e, op_result(op, i), NULL);
    }
    for (int r = 0; r < op->nregions; r++)
        for (Block *b = op->regions[r].first; b; b = b->next) {
            if (!op_is(op, OP_scf_for))
                for (int i = 0; i < b->nargs; i++) cg_name_value(e, b->args[i], NULL);
            for (Op *o = b->first; o; o = o->next) cg_name_op(e, o, order);
        }
}

/* the iter args of loop op that are pointer tensors affine in the ranges
 * (their init) and advanced by a uniform offset (their yield is
 * tt.addptr(arg, uniform)): they become an i64 offset carried by the loop,
 * so loads through them stay strided */
void cg_find_carried(Cg *e, Op *op) {
    Block *b = op->nregions ? op->regions[0].first : NULL;
    Op *y = b ? b->last : NULL;
    int ni = op->nopnds - 3;
    if (!b || !y || !op_is(y, OP_scf_yield) || y->nopnds != ni || b->nargs != ni + 1 || op->nres != ni) return;
    for (int i = 0; i < ni; i++) {
        Value *arg = b->args[i + 1], *init = op_operand(op, 3 + i), *nx = op_operand(y, i);
        Type *t = arg->type;
        if (!is_tensor(t) || t->sh.elem->kind != T_PTR || is_bptr(t->sh.elem)) continue;
        Op *ad = nx->def;
        if (!ad || !op_is(ad, OP_tt_addptr) || op_operand(ad, 0) != arg || value_num_uses(nx) != 1) continue;
        Aff *ia = cg_aff_of(e, init), *ua = cg_aff_of(e, op_operand(ad, 1));
        if (!ia || !ia->ptr || !ua || !cg_uniform(ua)) continue;
        VI *x = cg_vi(e, arg);
        x->carried = init;
        x->step = op_operand(ad, 1);
        x->aff_done = false;
        VI *r = cg_vi(e, op_result(op, i));
        r->carried = init;
        r->aff_done = false;
        r->name = x->name;
        cg_vi(e, nx)->carried_step = true;
    }
}

/* one value for every element: a splat of a scalar or a splat constant */
bool cg_is_uniform_value(Value *v) {
    Op *d = v->def;
    if (!d || d->verbatim) return false;
    if (op_is(d, OP_tt_splat)) return !is_tensor(op_operand(d, 0)->type);
    if (op_is(d, OP_arith_constant)) {
        Attr *c = op_attr(d, "value");
        return c && c->kind == A_DENSE && c->dense.n == 1;
    }
    return false;
}

bool cg_same_shape(const Type *a, const Type *b) {
    if (!is_tensor(a) || !is_tensor(b) || a->sh.rank != b->sh.rank) return false;
    for (int d = 0; d < a->sh.rank; d++)
        if (a->sh.dims[d] != b->sh.dims[d]) return false;
    return true;
}

/* must operand i of op be an array? */
static bool wants_array(Op *op, int i) {
    switch (op->info->id) {
    case OP_tt_load: case OP_tt_store: case OP_tt_reduce: case OP_tt_scan: case OP_tts_load: case OP_tts_store: return false;
    case OP_tt_descriptor_load: return false;
    case OP_tt_descriptor_store: return i == 1;
    case OP_tt_descriptor_gather: return i == 1;
    case OP_tt_descriptor_scatter: return i == 1 || i == 3;
    case OP_tt_dot: return i < 2;
    case OP_tt_atomic_rmw: case OP_tt_atomic_cas: return false;
    case OP_scf_if: return false;
    case OP_scf_for: case OP_scf_while: return false;
    case OP_tt_broadcast: case OP_tt_expand_dims: case OP_tt_trans: case OP_tt_splat: return false;
    case OP_tt_reshape: case OP_tt_unsplat: case OP_tt_cat: case OP_tt_join: return true;
    default: return !cg_is_ew(op->info->id);
    }
}

enum { CHEAP = 8, INST_MAX = 1 << 20 };

/* the size of v's expression were it and its operands virtual (capped) */
static int cost_of(Cg *e, Value *v) {
    VI *x = cg_vi(e, v);
    if (x->cost) return x->cost;
    x->cost = 1000;
    int c = 1;
    Op *op = v->def;
    if (is_tensor(v->type) && op && !op->verbatim && !cg_aff_of(e, v) && (cg_is_view(op->info->id) || cg_is_ew(op->info->id)))
        for (int i = 0; i < op->nopnds && c < 1000; i++) c += is_tensor(op_operand(op, i)->type) ? cost_of(e, op_operand(op, i)) : 1;
    x->cost = c > 1000 ? 1000 : c;
    return x->cost;
}

void cg_decide(Cg *e, Value *v) {
    VI *x = cg_vi(e, v);
    if (x->decided) return;
    x->decided = true;
    if (x->kind == K_SCALAR) return;
    Type *t = v->type;
    if (x->carried || x->carried_step) { x->kind = K_VIRT; x->inst = 1; return; }
    if (is_bptr(t) || is_tdesc(t)) { x->kind = K_BPTR; return; }
    if (!is_tensor(t)) { x->kind = K_SCALAR; return; }
    x->kind = K_ARRAY;
    Op *op = v->def;
    if (!op || op->nres != 1 || op->verbatim) return;
    int id = op->info->id;
    bool view = cg_is_view(id) || id == OP_tts_make_tptr, constant = id == OP_arith_constant;
    if (constant) {
        Attr *c = op_attr(op, "value");
        if (!c || c->kind != A_DENSE || c->dense.n != 1) return;
        view = true;
    }
    if (!view && (!cg_is_ew(id) || cg_needs_check(id))) return;
    if (e->s->fills_array && e->s->fills_array(e, op)) return;   /* an array the strategy fills */
    if (id == OP_tt_reshape || id == OP_tt_unsplat) {
        /* a view of its operand's array */
    }
    /* users decide first (they come later in the walk) */
    int inst = 0;
    bool other_block = false, one_user = true;
    for (Use *u = v->uses; u; u = u->next) {
        Op *w = u->owner;
        if (wants_array(w, use_index(u))) return;
        if (w->block != op->block) other_block = true;
        if (w != v->uses->owner) one_user = false;
        int k = 1;
        if (w->nres == 1 && (cg_is_ew(w->info->id) || cg_is_view(w->info->id)) && is_tensor(w->res[0].type)) {
            VI *wx = cg_vi(e, op_result(w, 0));
            if (wx->decided && wx->kind == K_VIRT) k = wx->inst;
        }
        inst += k;
        if (inst > INST_MAX) inst = INST_MAX;
    }
    int cost = cost_of(e, v);
    bool cheap = cost <= CHEAP && (view || cg_aff_of(e, v) || id == OP_arith_cmpi || id == OP_arith_andi ||
                                   id == OP_arith_ori || id == OP_arith_xori || id == OP_arith_select || id == OP_tt_addptr);
    if (id == OP_tt_reshape || id == OP_tt_unsplat) {
        Value *s = op_operand(op, 0);
        if (!is_tensor(s->type)) return;
    }
    /* used more than once by its one user (x * x): written twice in one
     * expression, which the compiler computes once, when small (not with a
     * strategy's own elementwise code, which wants arrays) */
    if (!cheap && !other_block && one_user && inst > 1 && !e->s->elementwise && (int64_t)cost * inst <= 4 * CHEAP)
        cheap = true;
    if (!cheap && (inst > 1 || other_block)) return;
    x->kind = K_VIRT;
    x->inst = inst ? inst : 1;
}

/* the top-level op of block b that holds o, or NULL */
static Op *in_block(Op *o, Block *b) {
    while (o && o->block != b) o = o->block && o->block->region ? o->block->region->op : NULL;
    return o;
}
/* is v read after op (both in block b), or outside b: by an op after op, or
 * by a value computed where used (virtual) that is read there? */
static bool read_after(Cg *e, Block *b, Op *op, Value *v, int depth) {
    if (depth > 32) return true;
    for (Use *us = v->uses; us; us = us->next) {
        Op *top = in_block(us->owner, b);
        if (!top) return true;
        if (top == op) continue;
        bool before = false;
        for (Op *q = b->first; q && q != op; q = q->next) before |= q == top;
        if (!before) return true;
        Op *w = us->owner;
        for (int r = 0; r < w->nres; r++)
            if (cg_vi(e, op_result(w, r))->kind == K_VIRT && read_after(e, b, op, op_result(w, r), depth + 1)) return true;
    }
    return false;
}

/* v, the result of op (elementwise, or a tt.dot, which reads its
 * accumulator before it writes it), is yielded (once) as loop-carried value
 * i of its scf.for, and nothing after op reads that value's block argument:
 * op may write the carried array itself (element k read before written) */
static const char *yield_dest(Cg *e, Op *op, Value *v, Value **arg) {
    Op *u = v->uses && !v->uses->next ? v->uses->owner : NULL;
    if (!u || !op_is(u, OP_scf_yield) || u->block != op->block || !u->block->region) return NULL;
    Op *f = u->block->region->op;
    if (!f || !op_is(f, OP_scf_for)) return NULL;
    int i = -1;
    for (int k = 0; k < u->nopnds; k++)
        if (op_operand(u, k) == v) i = k;
    Block *b = u->block;
    if (i < 0 || i + 1 >= b->nargs || !cg_same_shape(b->args[i + 1]->type, v->type)) return NULL;
    if (read_after(e, b, op, b->args[i + 1], 0)) return NULL;
    VI *r = cg_vi(e, op_result(f, i));
    if (arg) *arg = b->args[i + 1];
    return r->kind == K_ARRAY ? r->name : NULL;
}

const char *cg_yield_dest(Cg *e, Op *op, Value *v) { return yield_dest(e, op, v, NULL); }

/* does the expression of v read the array of arg (directly, or through
 * values computed where used)? */
static bool reads(Cg *e, Value *v, Value *arg, int depth) {
    if (v == arg) return true;
    if (depth > 32) return true;
    VI *x = cg_vi(e, v), *a = cg_vi(e, arg);
    if (x->kind == K_ARRAY) return x->name && a->name && !strcmp(x->name, a->name);
    if (x->kind != K_VIRT || !v->def) return false;
    for (int i = 0; i < v->def->nopnds; i++)
        if (reads(e, op_operand(v->def, i), arg, depth + 1)) return true;
    return false;
}

/* the element k of v (of type t) reads the array of arg at element k only:
 * v is arg, another array, uniform, a value computed where used that does
 * not read arg, or an elementwise op of type t whose operands are such */
static bool pointwise(Cg *e, Value *v, Value *arg, Type *t, int depth) {
    if (!is_tensor(v->type) || cg_is_uniform_value(v)) return true;
    if (depth > 32 || !cg_same_shape(v->type, t)) return !reads(e, v, arg, 0);
    if (v == arg) return true;
    VI *x = cg_vi(e, v);
    if (x->kind == K_ARRAY || x->kind == K_VIRT) {
        if (!reads(e, v, arg, 0)) return true;
        if (x->kind == K_ARRAY) return false;
        Op *d = v->def;
        if (!d || d->verbatim || d->nres != 1 || !cg_is_ew(d->info->id)) return false;
        for (int i = 0; i < d->nopnds; i++)
            if (!pointwise(e, op_operand(d, i), arg, t, depth + 1)) return false;
        return true;
    }
    return false;
}

const char *cg_ew_yield_dest(Cg *e, Op *op, Value *v) {
    if (e->s->elementwise || !cg_is_ew(op->info->id) || op->verbatim || op->nres != 1) return NULL;
    Value *arg = NULL;
    const char *yd = yield_dest(e, op, v, &arg);
    if (!yd) return NULL;
    for (int k = 0; k < op->nopnds; k++)
        if (!pointwise(e, op_operand(op, k), arg, v->type, 0)) return NULL;
    return yd;
}
