/* passes/dce.c - the `dce` pass: erase trivially dead ops and unreachable
 * blocks.
 *
 * In every region with several blocks (of a registered op whose syntax was
 * understood), blocks that cannot be reached from the entry block are
 * erased first, unless a value they define is still used from a reachable
 * block, which only invalid IR does.  Then ops whose results are unused and
 * whose only effects are reads are erased, users before definitions;
 * erasing an op pushes the definitions of its operands on a worklist, since
 * they may have become dead in turn.  Ops whose custom syntax was not
 * understood (op->verbatim), and ops holding such ops, are kept. */
#include <stdlib.h>

#include "pass.h"

static bool is_dead(const Op *op) {
    return op_is_trivially_dead(op) && !op_has_verbatim(op);
}

/* still in the IR: every ancestor is linked into a block, up to the root */
static bool attached(const Op *op, const Op *root) {
    const Op *o = op;
    while (o && o != root) {
        if (!o->block || !o->block->region) return false;
        o = op_parent(o);
    }
    return o == root;
}

/* ---- unreachable blocks --------------------------------------------- */

static bool value_used_outside(Value *v, const char *dead, const BIdx *map, int n) {
    for (Use *u = v->uses; u; u = u->next) {
        /* the block of the user, seen from this region */
        Op *o = u->owner;
        Block *ub = o->block;
        int k = -1;
        while (ub) {
            k = block_index(map, n, ub);
            if (k >= 0) break;
            Op *p = ub->region ? ub->region->op : NULL;
            ub = p ? p->block : NULL;
        }
        if (k < 0 || !dead[k]) return true;
    }
    return false;
}

static bool op_used_outside(Op *op, const char *dead, const BIdx *map, int n) {
    for (int i = 0; i < op->nres; i++)
        if (value_used_outside(&op->res[i], dead, map, n)) return true;
    for (int r = 0; r < op->nregions; r++)
        for (Block *b = op->regions[r].first; b; b = b->next) {
            for (int a = 0; a < b->nargs; a++)
                if (value_used_outside(b->args[a], dead, map, n)) return true;
            for (Op *o = b->first; o; o = o->next)
                if (op_used_outside(o, dead, map, n)) return true;
        }
    return false;
}

/* erase the unreachable blocks of r; returns how many */
static int prune_region(Region *r, PtrVec *work) {
    if (!r->first || !r->first->next) return 0;
    int n = 0;
    for (Block *b = r->first; b; b = b->next) n++;
    Block **all = malloc(sizeof(Block *) * (size_t)n);
    int k = 0;
    for (Block *b = r->first; b; b = b->next) all[k++] = b;
    BIdx *map = block_index_map(r, &n);
    char *dead = malloc((size_t)n);
    for (int i = 0; i < n; i++) dead[i] = 1;
    int *stack = malloc(sizeof(int) * (size_t)n), sp = 0;
    dead[0] = 0;
    stack[sp++] = 0;
    while (sp) {
        Block *b = all[stack[--sp]];
        Op *t = b->last;
        for (int j = 0; t && j < op_nsuccs(t); j++) {
            int x = block_index(map, n, op_succs(t)[j]);
            if (x >= 0 && dead[x]) { dead[x] = 0; stack[sp++] = x; }
        }
    }
    int ndead = 0;
    for (int i = 0; i < n; i++) ndead += dead[i];
    bool safe = ndead > 0;
    for (int i = 0; i < n && safe; i++) {
        if (!dead[i]) continue;
        for (int a = 0; a < all[i]->nargs && safe; a++)
            if (value_used_outside(all[i]->args[a], dead, map, n)) safe = false;
        for (Op *o = all[i]->first; o && safe; o = o->next)
            if (op_used_outside(o, dead, map, n)) safe = false;
    }
    int erased = 0;
    if (safe) {
        /* drop every use first: dead blocks may use each other's values */
        for (int i = 0; i < n; i++) {
            if (!dead[i]) continue;
            for (Op *o = all[i]->first; o; o = o->next) {
                for (int j = 0; j < o->nopnds; j++) {
                    Value *v = o->opnds[j].value;
                    if (v && v->def) pv_push(work, v->def);
                }
                op_drop_uses(o);
            }
        }
        for (int i = 0; i < n; i++) {
            if (!dead[i]) continue;
            while (all[i]->first) op_unlink(all[i]->first);
            block_unlink(all[i]);
            erased++;
        }
    }
    free(all); free(map); free(dead); free(stack);
    return erased;
}

static bool prune_walk(Op *op, void *ud) {
    /* regions of ops we do not know may be graph regions */
    if (op->verbatim || (op->info->traits & TR_UNREGISTERED) || op_is(op, OP_module)) return true;
    for (int r = 0; r < op->nregions; r++) prune_region(&op->regions[r], ud);
    return true;
}

/* ---- dead ops ------------------------------------------------------- */
/* push the definitions of values used by op (and by ops nested in it)
 * that lie outside op */
static void push_operand_defs(Op *root, Op *op, PtrVec *work) {
    for (int i = 0; i < op->nopnds; i++) {
        Value *v = op->opnds[i].value;
        if (v && v->def && !op_is_ancestor(root, v->def)) pv_push(work, v->def);
    }
    for (int r = 0; r < op->nregions; r++)
        for (Block *b = op->regions[r].first; b; b = b->next)
            for (Op *o = b->first; o; o = o->next) push_operand_defs(root, o, work);
}

static void erase_dead(Op *op, PtrVec *work) {
    push_operand_defs(op, op, work);
    op_erase(op);
}

/* users come after definitions, so walk blocks backwards */
static void sweep_block(Block *b, PtrVec *work);

static void sweep_op(Op *op, PtrVec *work) {
    if (is_dead(op)) { erase_dead(op, work); return; }
    for (int r = op->nregions - 1; r >= 0; r--)
        for (Block *b = op->regions[r].last; b; b = b->prev) sweep_block(b, work);
}

static void sweep_block(Block *b, PtrVec *work) {
    for (Op *op = b->last; op;) {
        Op *prev = op->prev;
        sweep_op(op, work);
        op = prev;
    }
}

static bool run(Ctx *c, Op *m, const PassOptions *o, Diag *d) {
    (void)c; (void)o; (void)d;
    PtrVec work = {0};
    op_walk(m, prune_walk, &work);
    for (int r = m->nregions - 1; r >= 0; r--)
        for (Block *b = m->regions[r].last; b; b = b->prev) sweep_block(b, &work);
    while (work.n) {
        Op *op = work.v[--work.n];
        if (op == m || !attached(op, m) || !is_dead(op)) continue;
        erase_dead(op, &work);
    }
    pv_free(&work);
    return true;
}

const Pass pass_dce = { "dce", "erase trivially dead ops and unreachable blocks", NULL, 0, run };
