/* passes/spyre/materialize_base_addresses.c - the `materialize-base-addresses`
 * pass: replace a kernel's base-address arguments with constants.
 *
 * With `base-addresses=a0,a1,...` (element indices, int64), every public
 * func.func with a body gets, at the top of its entry block, one
 * `arith.constant ai : index` per address.  The i-th constant replaces the
 * i-th entry-block argument of type `index` (counting `index` arguments
 * only, in signature order: after convert-ttir-functions these are exactly
 * the former pointers), and those arguments leave the block, the
 * `function_type` and `arg_attrs`.  A shorter list materializes a prefix
 * (with `require-all=true`, which `--base-addresses` sets, it is an error:
 * a kernel left with some pointer arguments is not what the user asked
 * for); a longer one, or a negative address, is an error reported on the
 * function.  Private and nested functions are not kernel boundaries and
 * are left alone.  An empty list makes the pass a no-op. */
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "pass.h"

static bool is_public(const Op *fn) {
    Attr *a = op_attr(fn, "sym_visibility");
    return !a || a->kind != A_STRING || (a->str.len == 6 && !memcmp(a->str.s, "public", 6));
}

typedef struct Mat {
    Ctx *c;
    Diag *d;
    const PassOptVal *list;
    bool require_all;
    PtrVec fns;
} Mat;

static bool collect(Op *op, void *ud) {
    Mat *m = ud;
    if (op_is(op, OP_func_func) && !op->verbatim) pv_push(&m->fns, op);
    return true;
}

/* drop signature positions marked in `drop` from function_type and arg_attrs */
static void drop_inputs(Ctx *c, Op *fn, const char *drop) {
    Attr *ft = op_attr(fn, "function_type");
    Type *t = ft->type;
    Type **in = malloc(sizeof(Type *) * (size_t)(t->fn.nin + 1));
    int n = 0;
    for (int i = 0; i < t->fn.nin; i++) if (!drop[i]) in[n++] = t->fn.in[i];
    op_set_prop(c, fn, "function_type", attr_type(c, type_func(c, n, in, t->fn.nout, t->fn.out)));
    free(in);
    Attr *aa = op_attr(fn, "arg_attrs");
    if (!aa || aa->kind != A_ARRAY) return;
    Attr **keep = malloc(sizeof(Attr *) * (size_t)(aa->arr.n + 1));
    int k = 0;
    bool any = false;
    for (int i = 0; i < aa->arr.n; i++) {
        if (i < t->fn.nin && drop[i]) continue;
        keep[k++] = aa->arr.elts[i];
        if (aa->arr.elts[i]->kind != A_DICT || aa->arr.elts[i]->dict.n) any = true;
    }
    op_set_prop(c, fn, "arg_attrs", any ? attr_array(c, k, keep) : NULL);
    free(keep);
}

static bool materialize(Mat *m, Op *fn) {
    Ctx *c = m->c;
    Block *entry = fn->nregions ? fn->regions[0].first : NULL;
    Attr *ft = op_attr(fn, "function_type");
    if (!entry || !ft || !ft->type || ft->type->kind != T_FUNC || ft->type->fn.nin != entry->nargs) return true;
    Type *index = type_index(c);
    int nidx = 0;
    for (int i = 0; i < entry->nargs; i++) if (entry->args[i]->type == index) nidx++;
    int n = m->list->nlist;
    if (n > nidx) {
        diag_error(m->d, fn->loc, "MaterializeBaseAddresses: %d base addresses supplied but the function has only %d index argument(s) to materialize them into", n, nidx);
        return false;
    }
    if (m->require_all && n < nidx) {
        diag_error(m->d, fn->loc, "MaterializeBaseAddresses: %d base address%s supplied but the function has %d index (pointer) arguments; with require-all (--base-addresses) each needs one", n, n == 1 ? "" : "es", nidx);
        return false;
    }
    for (int i = 0; i < n; i++) {
        if (m->list->list[i] < 0) {
            diag_error(m->d, fn->loc, "MaterializeBaseAddresses: base address %d is negative (%lld); addresses must be >= 0", i, (long long)m->list->list[i]);
            return false;
        }
    }
    char *drop = calloc((size_t)entry->nargs + 1, 1);
    Op *prev = NULL;
    for (int pos = 0, i = 0; pos < entry->nargs && i < n; pos++) {
        Value *arg = entry->args[pos];
        if (arg->type != index) continue;
        Op *k = const_new(c, attr_int(c, index, m->list->list[i]), index, fn->loc);
        format_move_inherent(c, k);
        if (prev) op_insert_after(prev, k); else op_prepend(entry, k);
        prev = k;
        value_replace_all_uses(arg, &k->res[0]);
        drop[pos] = 1;
        i++;
    }
    drop_inputs(c, fn, drop);
    for (int pos = entry->nargs - 1; pos >= 0; pos--) if (drop[pos]) block_erase_arg(entry, pos);
    free(drop);
    return true;
}

static bool run(Ctx *c, Op *module, const PassOptions *o, Diag *d) {
    const PassOptVal *list = popt(o, "base-addresses");
    if (!list || !list->nlist) return true;
    Mat m = { c, d, list, popt_bool(o, "require-all"), {0} };
    op_walk(module, collect, &m);
    bool ok = true;
    for (int i = 0; i < m.fns.n; i++) {
        Op *fn = m.fns.v[i];
        if (is_public(fn) && !materialize(&m, fn)) ok = false;
    }
    pv_free(&m.fns);
    return ok;
}

static const PassOptDef opts[] = {
    { "base-addresses", PO_INTLIST, "", NULL, "element indices that replace the public functions' index arguments, in order" },
    { "require-all", PO_BOOL, "false", NULL, "a list shorter than a public function's index arguments is an error (else a prefix is replaced); set by --base-addresses" },
};

const Pass pass_materialize_base_addresses = {
    "materialize-base-addresses",
    "replace the index (base-address) arguments of public functions with constants",
    opts, 2, run,
};
