/* passes/spyre/convert_functions.c - the `convert-ttir-functions` pass:
 * Triton functions become func dialect functions with address arguments.
 *
 * 1. Every tt.func becomes a func.func with the same name, type, body (all
 *    of its blocks), visibility (an explicit `public` is dropped, as it is
 *    the default), attributes and argument/result attributes;
 *    its tt.return terminators become func.return.  Every tt.call becomes a
 *    func.call.
 * 2. In every func.func, each `!tt.ptr<T>` argument becomes `index` (an
 *    element address), in the entry block and in `function_type`.  A
 *    `builtin.unrealized_conversion_cast %arg : !tt.ptr<T> to index` (the
 *    way earlier passes take an address) is folded away: its users use the
 *    argument.  A func.call that passes a pointer which is not such an
 *    argument to a parameter that became `index` gets the cast inserted in
 *    front of it, so call and callee agree.
 * 3. Any other registered op still using a retyped argument (tt.addptr,
 *    tt.load, tt.splat, an scf.for init value, a call of a function that
 *    still takes a pointer, ...) expected a pointer; it is reported at that
 *    op and the pass fails, rather than leave IR that only a later verifier
 *    error, if any, would point at.  Unregistered ops are left as they are.
 * 4. gpu.barrier and ttg.barrier (tl.debug_barrier) are erased: a program
 *    runs on one core, with no threads of its own to wait for, and KTIR
 *    has no such op (ktir-cpu would not read it).
 *
 * Ops whose custom syntax was not decoded (op->verbatim) are renamed with
 * their element list, which names operands by position and so stays right.
 * docs/differences.md lists where this departs from the reference pass. */
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "pass.h"

typedef struct Cf {
    Ctx *c;
    Diag *d;
    PtrVec ttfns, calls, fns, barriers;
    /* users of retyped arguments other than the folded casts, checked last */
    struct Pend { Op *user, *fn; int opnd, arg; } *pend;
    int npend, cappend;
} Cf;

static void pend_push(Cf *s, Op *user, Op *fn, int opnd, int arg) {
    if (s->npend == s->cappend) {
        s->cappend = s->cappend ? s->cappend * 2 : 16;
        s->pend = realloc(s->pend, sizeof *s->pend * (size_t)s->cappend);
    }
    s->pend[s->npend++] = (struct Pend){ user, fn, opnd, arg };
}

static bool collect_tt(Op *op, void *ud) {
    Cf *s = ud;
    if (op_is(op, OP_tt_func)) pv_push(&s->ttfns, op);
    else if (op_is(op, OP_tt_call)) pv_push(&s->calls, op);
    else if (op_is(op, OP_gpu_barrier) || op_is(op, OP_ttg_barrier)) pv_push(&s->barriers, op);
    return true;
}

static bool collect_fn(Op *op, void *ud) {
    Cf *s = ud;
    if (op_is(op, OP_func_func) && !op->verbatim) pv_push(&s->fns, op);
    else if (op_is(op, OP_func_call) && !op->verbatim) pv_push(&s->calls, op);
    return true;
}

/* a new op named `name` in old's place: same operands, result types,
 * attributes, properties and location; old's regions move over whole and
 * old's results are replaced */
static Op *become(Ctx *c, Op *old, const char *name) {
    Type **rt = malloc(sizeof(Type *) * (size_t)(old->nres + 1));
    Value **ov = malloc(sizeof(Value *) * (size_t)(old->nopnds + 1));
    for (int i = 0; i < old->nres; i++) rt[i] = old->res[i].type;
    for (int i = 0; i < old->nopnds; i++) ov[i] = op_operand(old, i);
    Op *n = op_new(c, name, old->nres, rt, old->nopnds, ov, old->nregions, old->loc);
    free(rt); free(ov);
    for (int r = 0; r < old->nregions; r++) {
        Block *b;
        while ((b = old->regions[r].first)) { block_unlink(b); region_append_block(&n->regions[r], b); }
    }
    for (int i = 0; i < old->nattrs; i++) op_set_attr(c, n, old->attrs[i].name, old->attrs[i].value);
    for (int i = 0; i < old->nprops; i++) op_set_prop(c, n, op_props(old)[i].name, op_props(old)[i].value);
    n->has_props = old->has_props;
    op_set_locattr(c, n, op_locattr(old));
    op_set_custom(c, n, op_custom(old));
    n->verbatim = old->verbatim;
    if (op_nsuccs(old)) op_set_succs(c, n, op_nsuccs(old), op_succs(old), op_succ_nargs(old));
    for (int i = 0; i < old->nres; i++) {
        value_replace_all_uses(&old->res[i], &n->res[i]);
    }
    op_insert_before(old, n);
    op_erase(old);
    return n;
}

static void convert_func(Ctx *c, Op *ttfn) {
    Op *fn = become(c, ttfn, "func.func");
    /* public is the default, and MLIR's setPublic drops the attribute */
    Attr *vis = op_attr(fn, "sym_visibility");
    if (vis && vis->kind == A_STRING && vis->str.len == 6 && !memcmp(vis->str.s, "public", 6))
        op_set_prop(c, fn, "sym_visibility", NULL);
    for (int r = 0; r < fn->nregions; r++)
        for (Block *b = fn->regions[r].first; b; b = b->next) {
            Op *t = b->last;
            if (t && op_is(t, OP_tt_return)) become(c, t, "func.return");
        }
}

static bool is_ptr(const Type *t) { return t && t->kind == T_PTR; }

static bool is_cast_to_index(Ctx *c, const Op *op) {
    return op_is(op, OP_unrealized_cast) && op->nopnds == 1 && op->nres == 1 && op->res[0].type == type_index(c);
}

/* retype the pointer arguments of fn; returns whether any changed */
static bool retype(Cf *s, Op *fn) {
    Ctx *c = s->c;
    Attr *ft = op_attr(fn, "function_type");
    if (!ft || !ft->type || ft->type->kind != T_FUNC) return false;
    Type *t = ft->type, *index = type_index(c);
    bool any = false;
    for (int i = 0; i < t->fn.nin; i++) any |= is_ptr(t->fn.in[i]);
    if (!any) return false;
    Type **in = malloc(sizeof(Type *) * (size_t)t->fn.nin);
    for (int i = 0; i < t->fn.nin; i++) in[i] = is_ptr(t->fn.in[i]) ? index : t->fn.in[i];
    op_set_prop(c, fn, "function_type", attr_type(c, type_func(c, t->fn.nin, in, t->fn.nout, t->fn.out)));
    free(in);
    Block *entry = fn->nregions ? fn->regions[0].first : NULL;
    if (!entry) return true;
    for (int i = 0; i < entry->nargs; i++) {
        Value *a = entry->args[i];
        if (!is_ptr(a->type)) continue;
        a->type = index;
        PtrVec casts = {0};
        for (Use *u = a->uses; u; u = u->next) {
            if (is_cast_to_index(c, u->owner)) pv_push(&casts, u->owner);
            else pend_push(s, u->owner, fn, use_index(u), i);
        }
        for (int k = 0; k < casts.n; k++) {
            Op *cast = casts.v[k];
            value_replace_all_uses(&cast->res[0], a);
            op_erase(cast);
        }
        pv_free(&casts);
    }
    return true;
}

static Op *module_of(Op *op) {
    Op *m = op_parent(op);
    while (m && !op_is(m, OP_module)) m = op_parent(m);
    return m;
}

static Op *lookup_fn(Op *call) {
    Attr *a = op_attr(call, "callee");
    if (!a || a->kind != A_SYMREF || a->sym.n != 1) return NULL;
    Op *m = module_of(call);
    if (!m || !m->nregions || !m->regions[0].first) return NULL;
    for (Op *o = m->regions[0].first->first; o; o = o->next) {
        if (!op_is(o, OP_func_func)) continue;
        Attr *n = op_attr(o, "sym_name");
        if (n && n->kind == A_STRING && !strcmp(n->str.s, a->sym.names[0])) return o;
    }
    return NULL;
}

/* a call passing a pointer where the callee now takes an address casts it */
static void fix_call(Ctx *c, Op *call) {
    Op *fn = lookup_fn(call);
    Attr *ft = fn ? op_attr(fn, "function_type") : NULL;
    if (!ft || !ft->type || ft->type->kind != T_FUNC || ft->type->fn.nin != call->nopnds) return;
    Type *index = type_index(c);
    for (int i = 0; i < call->nopnds; i++) {
        Value *v = op_operand(call, i);
        if (!v || !is_ptr(v->type) || ft->type->fn.in[i] != index) continue;
        Op *cast = op_new(c, "builtin.unrealized_conversion_cast", 1, &index, 1, &v, 0, call->loc);
        format_move_inherent(c, cast);
        op_insert_before(call, cast);
        op_set_operand(call, i, &cast->res[0]);
    }
}

/* a user that still expects the pointer: every registered op but a cast
 * (its input may be anything) and a call whose parameter became index too */
static bool needs_ptr(Ctx *c, const Op *op, int opnd) {
    if (op->verbatim || (op->info->traits & TR_UNREGISTERED) || op_is(op, OP_unrealized_cast)) return false;
    if (op_is(op, OP_func_call)) {
        Op *fn = lookup_fn((Op *)op);
        Attr *ft = fn ? op_attr(fn, "function_type") : NULL;
        return !(ft && ft->type && ft->type->kind == T_FUNC && opnd < ft->type->fn.nin && ft->type->fn.in[opnd] == type_index(c));
    }
    return true;
}

static bool check_user(Cf *s, const struct Pend *p) {
    if (!needs_ptr(s->c, p->user, p->opnd)) return true;
    Attr *nm = op_attr(p->fn, "sym_name");
    diag_error(s->d, p->user->loc, "ConvertFunctions: '%s' uses pointer argument #%d of @%s, which becomes 'index'; only builtin.unrealized_conversion_cast users of a pointer argument can be rewritten",
               op_name(p->user), p->arg, nm && nm->kind == A_STRING ? nm->str.s : "?");
    return false;
}

static bool run(Ctx *c, Op *module, const PassOptions *o, Diag *d) {
    (void)o;
    Cf s = { .c = c, .d = d };
    op_walk(module, collect_tt, &s);
    for (int i = 0; i < s.barriers.n; i++) op_erase(s.barriers.v[i]);
    for (int i = 0; i < s.ttfns.n; i++) convert_func(c, s.ttfns.v[i]);
    for (int i = 0; i < s.calls.n; i++) become(c, s.calls.v[i], "func.call");
    s.calls.n = 0;
    op_walk(module, collect_fn, &s);
    bool any = false;
    for (int i = 0; i < s.fns.n; i++) any |= retype(&s, s.fns.v[i]);
    if (any) for (int i = 0; i < s.calls.n; i++) fix_call(c, s.calls.v[i]);
    bool ok = true;
    for (int i = 0; i < s.npend; i++) ok &= check_user(&s, &s.pend[i]);
    pv_free(&s.ttfns); pv_free(&s.calls); pv_free(&s.fns); pv_free(&s.barriers); free(s.pend);
    return ok;
}

const Pass pass_convert_ttir_functions = {
    "convert-ttir-functions",
    "turn tt.func/tt.return/tt.call into func ops and pointer arguments into index addresses",
    NULL, 0, run,
};
