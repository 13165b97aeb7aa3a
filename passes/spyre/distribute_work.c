/* passes/spyre/distribute_work.c - the `distribute-work-to-spyre-cores`
 * pass: program ids become compute-tile coordinates.
 *
 * In every function (tt.func or func.func) the tt.get_program_id ops are
 * replaced by one `ktdp.get_compute_tile_id` with an index result per grid
 * axis read, each cast to i32 once, inserted before the first program-id op;
 * every tt.get_num_programs becomes `arith.constant grid[a] : i32`; the
 * function gets `grid = [g0, ...]`.  A function that reads neither gets
 * `grid = [1]` (it runs on one tile).  No loops or index arithmetic are
 * emitted: kernels distribute their work themselves.  The grid has as many
 * axes as the kernel reads; axes past those may be given as 1 (they are
 * dropped: the function's grid has the kernel's axes).
 *
 * Unlike the reference, the grid is checked: every extent must be at least 1
 * and all tiles together at most the 32 cores of a Spyre card. */
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "pass.h"


static const PassOptDef opts[] = {
    { "grid", PO_INTLIST, "32", "1..32", "tiles along each grid axis (at most 3 axes, at most 32 tiles in all)" },
};

typedef struct Fn { Op *fn; PtrVec pid, nprog; } Fn;

static bool is_function(const Op *op) { return (op_is(op, OP_tt_func) || op_is(op, OP_func_func)) && !op->verbatim; }

static bool collect_ids(Op *op, void *ud) {
    Fn *f = ud;
    if (op == f->fn) return true;
    if (is_function(op)) return true;   /* nested functions are handled on their own */
    if (op->verbatim) return true;
    if (op_is(op, OP_tt_get_program_id)) pv_push(&f->pid, op);
    else if (op_is(op, OP_tt_get_num_programs)) pv_push(&f->nprog, op);
    return true;
}

static int axis_of(Op *op) {
    Attr *a = op_attr(op, "axis");
    return a && a->kind == A_INT ? (int)a->i : 0;
}

static Attr *grid_attr(Ctx *c, const int64_t *g, int n) {
    Attr *e[3];
    Type *i64 = type_int(c, 64, SIGNLESS);
    for (int i = 0; i < n; i++) e[i] = attr_int(c, i64, g[i]);
    return attr_array(c, n, e);
}

/* the earliest op of `ops` in its block's order (all sit in one block) */
static Op *earliest(PtrVec *ops) {
    Op *first = ops->v[0];
    Block *b = first->block;
    for (Op *o = b->first; o; o = o->next)
        for (int i = 0; i < ops->n; i++) if (ops->v[i] == o) return o;
    return first;
}

static bool distribute(Ctx *c, Fn *f, const PassOptVal *grid, Diag *d) {
    Op *fn = f->fn;
    if (!f->pid.n && !f->nprog.n) {
        int64_t one = 1;
        op_set_attr(c, fn, "grid", grid_attr(c, &one, 1));
        return true;
    }
    if (!f->pid.n) {
        diag_error(d, fn->loc, "DistributeWork: function reads tt.get_num_programs but never tt.get_program_id; a kernel that asks for the grid size without locating itself in the grid is almost certainly a bug");
        return false;
    }
    bool read[3] = { false, false, false };
    int high = -1;
    PtrVec *lists[2] = { &f->pid, &f->nprog };
    for (int l = 0; l < 2; l++)
        for (int i = 0; i < lists[l]->n; i++) {
            int a = axis_of(lists[l]->v[i]);
            if (a < 0 || a > 2) { diag_error(d, ((Op *)lists[l]->v[i])->loc, "DistributeWork: grid axis %d out of range", a); return false; }
            read[a] = true;
            if (a > high) high = a;
        }
    for (int a = 0; a < high; a++)
        if (!read[a]) {
            diag_error(d, fn->loc, "DistributeWork: function reads grid axes non-densely (axis %d is skipped; highest axis read is %d)", a, high);
            return false;
        }
    int n = high + 1;
    /* axes past those the kernel reads may be given as 1 (--grid=X,1,1
     * for a kernel of one axis: the same programs) */
    bool unit_tail = grid->nlist > n;
    for (int a = n; a < grid->nlist; a++) unit_tail &= grid->list[a] == 1;
    if (grid->nlist != n && !unit_tail) {
        static const char *const spell[] = { "N", "X,Y", "X,Y,Z" };
        diag_error(d, fn->loc, "DistributeWork: grid rank %d does not match kernel's pid dimensionality %d (function reads tt.get_program_id / tt.get_num_programs on axes 0..%d); give a grid of %d ax%s: --grid=%s with --emit=ktir, grid=%s as the pass option",
                   grid->nlist, n, n - 1, n, n == 1 ? "is" : "es", spell[n - 1], spell[n - 1]);
        return false;
    }
    /* all program-id ops in one block, as the reference assumes */
    Block *blk = ((Op *)f->pid.v[0])->block;
    for (int i = 1; i < f->pid.n; i++)
        if (((Op *)f->pid.v[i])->block != blk) {
            diag_error(d, ((Op *)f->pid.v[i])->loc, "DistributeWork: tt.get_program_id ops must all be in one block");
            return false;
        }
    Op *at = earliest(&f->pid);
    Type *idx = type_index(c), *i32 = type_int(c, 32, SIGNLESS);
    Type *rt[3] = { idx, idx, idx };
    Op *tile = op_new(c, "ktdp.get_compute_tile_id", n, rt, 0, NULL, 0, at->loc);
    format_move_inherent(c, tile);
    op_insert_before(at, tile);
    Value *cast[3];
    for (int a = 0; a < n; a++) {
        Value *src = &tile->res[a];
        Op *ic = op_new(c, "arith.index_cast", 1, &i32, 1, &src, 0, at->loc);
        format_move_inherent(c, ic);
        op_insert_before(at, ic);
        cast[a] = &ic->res[0];
    }
    for (int i = 0; i < f->pid.n; i++) {
        Op *p = f->pid.v[i];
        value_replace_all_uses(&p->res[0], cast[axis_of(p)]);
        op_erase(p);
    }
    for (int i = 0; i < f->nprog.n; i++) {
        Op *p = f->nprog.v[i];
        Op *k = const_new(c, attr_int(c, i32, grid->list[axis_of(p)]), i32, p->loc);
        format_move_inherent(c, k);
        op_insert_before(p, k);
        value_replace_all_uses(&p->res[0], &k->res[0]);
        op_erase(p);
    }
    op_set_attr(c, fn, "grid", grid_attr(c, grid->list, n));
    return true;
}

static bool find_functions(Op *op, void *ud) {
    if (is_function(op)) pv_push(ud, op);
    return true;
}

static bool run(Ctx *c, Op *m, const PassOptions *o, Diag *d) {
    PassOptVal grid = *popt(o, "grid");
    if (!grid.nlist) { grid.nlist = 1; grid.list[0] = 32; }
    char why[160];
    if (!spyre_grid_check(grid.list, grid.nlist, why, sizeof why)) {
        diag_error(d, m->loc, "DistributeWork: %s", why);
        return false;
    }
    PtrVec fns = {0};
    op_walk(m, find_functions, &fns);
    bool ok = true;
    for (int i = 0; i < fns.n && ok; i++) {
        Fn f = { fns.v[i], {0}, {0} };
        op_walk(f.fn, collect_ids, &f);
        ok = distribute(c, &f, &grid, d);
        pv_free(&f.pid);
        pv_free(&f.nprog);
    }
    pv_free(&fns);
    return ok;
}

const Pass pass_distribute_work = {
    "distribute-work-to-spyre-cores",
    "program ids become ktdp compute-tile coordinates; the function gets its grid",
    opts, (int)(sizeof opts / sizeof *opts), run,
};
