/* test_rewrite.c - use lists, op and block surgery, cloning and walking
 * (src/rewrite.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ir.h"
#include "registry.h"

typedef struct T { Ctx *c; Type *i32, *f32; Op *m; Block *body; } T;

static int setup(void **state) {
    T *t = calloc(1, sizeof *t);
    if (!t) return -1;
    t->c = ctx_new();
    t->i32 = type_int(t->c, 32, SIGNLESS);
    t->f32 = type_float(t->c, "f32");
    t->m = module_new(t->c);
    t->body = module_body(t->m);
    *state = t;
    return 0;
}
static int teardown(void **state) {
    T *t = *state;
    ctx_free(t->c);
    free(t);
    return 0;
}

static const Loc noloc = { 0, 0, 0 };

/* an op with no operands and one i32 result, appended to b (if any) */
static Op *src_op(T *t, Block *b, const char *name) {
    Op *o = op_new(t->c, name, 1, &t->i32, 0, NULL, 0, noloc);
    if (b) op_append(b, o);
    return o;
}
static Value *src(T *t, const char *name) { return op_result(src_op(t, t->body, name), 0); }

static Op *use_op(T *t, Block *b, const char *name, int n, Value *const *v) {
    Op *o = op_new(t->c, name, 0, NULL, n, v, 0, noloc);
    if (b) op_append(b, o);
    return o;
}

/* every use of v is the operand record it claims to be, and the list is
 * doubly linked; returns the number of uses */
static int check_uses(const Value *v) {
    int n = 0;
    const Use *prev = NULL;
    for (const Use *u = v->uses; u; u = u->next) {
        assert_ptr_equal(u->value, v);
        assert_non_null(u->owner);
        assert_in_range(use_index(u), 0, u->owner->nopnds - 1);
        assert_ptr_equal(&u->owner->opnds[use_index(u)], u);
        assert_ptr_equal(u->prev, prev);
        prev = u;
        assert_true(++n <= 100000);
    }
    assert_int_equal(n, value_num_uses(v));
    return n;
}

/* whether v has a use at operand idx of owner */
static bool has_use(const Value *v, const Op *owner, int idx) {
    for (const Use *u = v->uses; u; u = u->next)
        if (u->owner == owner && use_index(u) == idx) return true;
    return false;
}

/* the ops of b by name, space separated */
static void block_names(Block *b, char *buf, size_t n) {
    buf[0] = 0;
    size_t k = 0;
    for (Op *o = b->first; o; o = o->next) {
        assert_ptr_equal(o->block, b);
        if (o->next) assert_ptr_equal(o->next->prev, o);
        else assert_ptr_equal(b->last, o);
        if (!o->prev) assert_ptr_equal(b->first, o);
        k += (size_t)snprintf(buf + k, n - k, "%s%s", k ? " " : "", op_name(o));
    }
    if (!b->first) assert_null(b->last);
}

/* ---- use lists ------------------------------------------------------ */
static void test_op_new_links_uses(void **state) {
    T *t = *state;
    Value *a = src(t, "t.a"), *b = src(t, "t.b");
    assert_int_equal(value_num_uses(a), 0);
    assert_false(value_has_uses(a));
    Value *ops[] = { a, b, a };
    Op *u = use_op(t, t->body, "t.use", 3, ops);
    assert_int_equal(u->nopnds, 3);
    assert_ptr_equal(op_operand(u, 0), a);
    assert_ptr_equal(op_operand(u, 1), b);
    assert_ptr_equal(op_operand(u, 2), a);
    assert_null(op_operand(u, 3));
    assert_null(op_operand(u, -1));
    assert_int_equal(check_uses(a), 2);
    assert_int_equal(check_uses(b), 1);
    assert_true(has_use(a, u, 0));
    assert_true(has_use(a, u, 2));
    assert_true(has_use(b, u, 1));
    assert_true(value_has_uses(a));
    assert_false(op_results_unused(a->def));
    assert_true(op_results_unused(u));
    /* results know their op */
    Op *two = op_new(t->c, "t.two", 2, (Type *[]){ t->i32, t->f32 }, 0, NULL, 0, noloc);
    assert_ptr_equal(op_result(two, 1)->def, two);
    assert_int_equal(value_index(op_result(two, 1)), 1);
    assert_ptr_equal(op_result(two, 1)->type, t->f32);
    assert_null(op_result(two, 2));
    /* a NULL operand is allowed and not linked anywhere */
    Op *n = op_new(t->c, "t.null", 0, NULL, 2, NULL, 0, noloc);
    assert_null(op_operand(n, 0));
    assert_ptr_equal(n->opnds[1].owner, n);
}

static void test_op_set_operand(void **state) {
    T *t = *state;
    Value *a = src(t, "t.a"), *b = src(t, "t.b");
    Op *u = use_op(t, t->body, "t.use", 2, (Value *[]){ a, b });
    op_set_operand(u, 0, b);
    assert_ptr_equal(op_operand(u, 0), b);
    assert_int_equal(check_uses(a), 0);
    assert_int_equal(check_uses(b), 2);
    assert_true(has_use(b, u, 0));
    assert_true(has_use(b, u, 1));
    op_set_operand(u, 1, a);
    assert_int_equal(check_uses(a), 1);
    assert_int_equal(check_uses(b), 1);
    assert_true(has_use(a, u, 1));
    op_set_operand(u, 1, NULL);
    assert_int_equal(check_uses(a), 0);
    assert_null(op_operand(u, 1));
    op_set_operand(u, 1, a);
    assert_int_equal(check_uses(a), 1);
    /* setting the same value again keeps one use */
    op_set_operand(u, 1, a);
    assert_int_equal(check_uses(a), 1);
}

static void test_op_add_operand_grows(void **state) {
    T *t = *state;
    enum { N = 50 };
    Value *v[N];
    for (int i = 0; i < N; i++) v[i] = src(t, "t.v");
    Value *shared = src(t, "t.shared");
    Op *u = use_op(t, t->body, "t.use", 1, &v[0]);
    Op *w = use_op(t, t->body, "t.use2", 0, NULL);
    Use *arr0 = u->opnds;
    for (int i = 1; i < N; i++) {
        op_add_operand(t->c, u, v[i]);
        op_add_operand(t->c, w, shared);
        /* after every step, including each reallocation, every use is intact */
        for (int k = 0; k <= i; k++) {
            assert_int_equal(check_uses(v[k]), 1);
            assert_ptr_equal(v[k]->uses->owner, u);
            assert_int_equal(use_index(v[k]->uses), k);
        }
        assert_int_equal(check_uses(shared), i);
    }
    assert_int_equal(u->nopnds, N);
    assert_true(u->opnds != arr0);   /* the operand array was reallocated */
    for (int i = 0; i < N; i++) {
        assert_ptr_equal(op_operand(u, i), v[i]);
        assert_ptr_equal(v[i]->uses, &u->opnds[i]);
    }
    for (int i = 0; i < N - 1; i++) assert_true(has_use(shared, w, i));
    /* the same value many times in one op */
    Value *x = src(t, "t.x");
    Op *y = use_op(t, t->body, "t.y", 0, NULL);
    for (int i = 0; i < N; i++) op_add_operand(t->c, y, x);
    assert_int_equal(check_uses(x), N);
    for (int i = 0; i < N; i++) assert_true(has_use(x, y, i));
    value_replace_all_uses(x, v[0]);
    assert_int_equal(check_uses(x), 0);
    assert_int_equal(check_uses(v[0]), N + 1);
}

static void test_op_remove_operand(void **state) {
    T *t = *state;
    Value *a = src(t, "t.a"), *b = src(t, "t.b"), *c = src(t, "t.c");
    Op *u = use_op(t, t->body, "t.use", 4, (Value *[]){ a, b, c, a });
    op_remove_operand(u, 1);
    assert_int_equal(u->nopnds, 3);
    assert_ptr_equal(op_operand(u, 0), a);
    assert_ptr_equal(op_operand(u, 1), c);
    assert_ptr_equal(op_operand(u, 2), a);
    assert_int_equal(check_uses(b), 0);
    assert_int_equal(check_uses(c), 1);
    assert_true(has_use(c, u, 1));
    assert_int_equal(check_uses(a), 2);
    assert_true(has_use(a, u, 0));
    assert_true(has_use(a, u, 2));
    op_remove_operand(u, 2);                 /* the last */
    assert_int_equal(u->nopnds, 2);
    assert_int_equal(check_uses(a), 1);
    assert_true(has_use(a, u, 0));
    op_remove_operand(u, 0);                 /* the first */
    assert_int_equal(u->nopnds, 1);
    assert_int_equal(check_uses(a), 0);
    assert_int_equal(check_uses(c), 1);
    assert_true(has_use(c, u, 0));
    op_remove_operand(u, 0);
    assert_int_equal(u->nopnds, 0);
    assert_int_equal(check_uses(c), 0);
    /* adding after removing reuses the slots correctly */
    op_add_operand(t->c, u, b);
    assert_int_equal(check_uses(b), 1);
    assert_true(has_use(b, u, 0));
}

static void test_replace_all_uses(void **state) {
    T *t = *state;
    Value *a = src(t, "t.a"), *b = src(t, "t.b");
    Op *x = use_op(t, t->body, "t.x", 3, (Value *[]){ a, b, a });
    Op *y = use_op(t, t->body, "t.y", 1, (Value *[]){ a });
    value_replace_all_uses(a, b);
    assert_int_equal(check_uses(a), 0);
    assert_int_equal(check_uses(b), 4);
    assert_ptr_equal(op_operand(x, 0), b);
    assert_ptr_equal(op_operand(x, 1), b);
    assert_ptr_equal(op_operand(x, 2), b);
    assert_ptr_equal(op_operand(y, 0), b);
    assert_true(has_use(b, x, 0));
    assert_true(has_use(b, x, 2));
    assert_true(has_use(b, y, 0));
    value_replace_all_uses(b, b);            /* no-op */
    assert_int_equal(check_uses(b), 4);
    value_replace_all_uses(a, b);            /* nothing to replace */
    assert_int_equal(check_uses(b), 4);
    /* block arguments are values too */
    Block *blk = block_new(t->c);
    Value *arg = block_add_arg(t->c, blk, t->i32, noloc);
    value_replace_all_uses(b, arg);
    assert_int_equal(check_uses(arg), 4);
    assert_int_equal(check_uses(b), 0);
}

/* ---- erasing -------------------------------------------------------- */
static void test_op_erase_drops_uses(void **state) {
    T *t = *state;
    Value *a = src(t, "t.a"), *b = src(t, "t.b");
    Op *x = use_op(t, t->body, "t.x", 2, (Value *[]){ a, b });
    Op *keep = use_op(t, t->body, "t.keep", 1, (Value *[]){ a });
    op_erase(x);
    assert_int_equal(check_uses(a), 1);
    assert_int_equal(check_uses(b), 0);
    assert_true(has_use(a, keep, 0));
    assert_null(x->block);
    char names[256];
    block_names(t->body, names, sizeof names);
    assert_string_equal(names, "t.a t.b t.keep");
}

static void test_op_erase_nested(void **state) {
    T *t = *state;
    Value *a = src(t, "t.a"), *b = src(t, "t.b");
    /* outer { inner1(a) ; inner2 { deep(a, b) } } */
    Op *outer = op_new(t->c, "t.outer", 0, NULL, 1, (Value *[]){ b }, 1, noloc);
    op_append(t->body, outer);
    Block *ob = block_new(t->c);
    region_append_block(&outer->regions[0], ob);
    Value *oarg = block_add_arg(t->c, ob, t->i32, noloc);
    use_op(t, ob, "t.inner1", 2, (Value *[]){ a, oarg });
    Op *inner2 = op_new(t->c, "t.inner2", 0, NULL, 0, NULL, 2, noloc);
    op_append(ob, inner2);
    Block *ib0 = block_new(t->c), *ib1 = block_new(t->c);
    region_append_block(&inner2->regions[0], ib0);
    region_append_block(&inner2->regions[1], ib1);
    Value *local = op_result(src_op(t, ib0, "t.local"), 0);
    use_op(t, ib0, "t.deep", 3, (Value *[]){ a, b, local });
    use_op(t, ib1, "t.deep2", 2, (Value *[]){ a, oarg });
    Op *after = use_op(t, t->body, "t.after", 1, (Value *[]){ a });
    assert_int_equal(check_uses(a), 4);
    assert_int_equal(check_uses(b), 2);
    assert_int_equal(check_uses(oarg), 2);
    assert_ptr_equal(op_parent(inner2), outer);
    assert_true(op_is_ancestor(outer, inner2));
    assert_true(op_is_ancestor(t->m, ib1->first));
    assert_false(op_is_ancestor(inner2, outer));
    assert_ptr_equal(op_parent(outer), t->m);
    assert_null(op_parent(t->m));
    op_erase(outer);
    assert_int_equal(check_uses(a), 1);
    assert_true(has_use(a, after, 0));
    assert_int_equal(check_uses(b), 0);
    assert_int_equal(check_uses(oarg), 0);
    assert_int_equal(check_uses(local), 0);
    char names[256];
    block_names(t->body, names, sizeof names);
    assert_string_equal(names, "t.a t.b t.after");
}

static void test_op_drop_uses_keeps_op(void **state) {
    T *t = *state;
    Value *a = src(t, "t.a");
    Op *x = use_op(t, t->body, "t.x", 1, (Value *[]){ a });
    op_drop_uses(x);
    assert_int_equal(check_uses(a), 0);
    assert_ptr_equal(x->block, t->body);
    assert_null(op_operand(x, 0));
}

/* ---- placing ops ---------------------------------------------------- */
static void test_insert_order(void **state) {
    T *t = *state;
    Block *b = block_new(t->c);
    char names[256];
    Op *A = src_op(t, NULL, "A"), *B = src_op(t, NULL, "B"), *C = src_op(t, NULL, "C");
    Op *D = src_op(t, NULL, "D"), *E = src_op(t, NULL, "E"), *F = src_op(t, NULL, "F");
    op_prepend(b, B);                         /* into an empty block */
    block_names(b, names, sizeof names);
    assert_string_equal(names, "B");
    op_prepend(b, A);
    block_names(b, names, sizeof names);
    assert_string_equal(names, "A B");
    op_append(b, D);
    op_insert_before(D, C);
    block_names(b, names, sizeof names);
    assert_string_equal(names, "A B C D");
    op_insert_after(D, F);                    /* after the last */
    op_insert_after(D, E);                    /* in the middle */
    block_names(b, names, sizeof names);
    assert_string_equal(names, "A B C D E F");
    assert_ptr_equal(b->first, A);
    assert_ptr_equal(b->last, F);
    op_unlink(C);
    assert_null(C->block);
    assert_null(C->prev);
    assert_null(C->next);
    block_names(b, names, sizeof names);
    assert_string_equal(names, "A B D E F");
    op_unlink(A);
    op_unlink(F);
    block_names(b, names, sizeof names);
    assert_string_equal(names, "B D E");
    op_unlink(A);                             /* already unlinked: no-op */
    block_names(b, names, sizeof names);
    assert_string_equal(names, "B D E");
    op_insert_before(B, F);                   /* before the first */
    op_insert_after(E, A);
    op_insert_before(E, C);
    block_names(b, names, sizeof names);
    assert_string_equal(names, "F B D C E A");
    /* move an op to another block */
    Block *b2 = block_new(t->c);
    op_unlink(D);
    op_append(b2, D);
    block_names(b, names, sizeof names);
    assert_string_equal(names, "F B C E A");
    block_names(b2, names, sizeof names);
    assert_string_equal(names, "D");
    /* unlink everything */
    while (b->first) op_unlink(b->first);
    block_names(b, names, sizeof names);
    assert_string_equal(names, "");
    op_append(b, E);
    block_names(b, names, sizeof names);
    assert_string_equal(names, "E");
}

static void test_blocks_and_regions(void **state) {
    T *t = *state;
    Op *r = op_new(t->c, "t.r", 0, NULL, 0, NULL, 1, noloc);
    Region *reg = &r->regions[0];
    assert_ptr_equal(reg->op, r);
    Block *b0 = block_new(t->c), *b1 = block_new(t->c), *b2 = block_new(t->c), *b3 = block_new(t->c);
    region_append_block(reg, b0);
    region_append_block(reg, b2);
    region_insert_block_after(reg, b0, b1);
    region_insert_block_after(reg, b2, b3);
    Block *want[] = { b0, b1, b2, b3 };
    int i = 0;
    for (Block *b = reg->first; b; b = b->next, i++) {
        assert_ptr_equal(b, want[i]);
        assert_ptr_equal(b->region, reg);
        if (b->next) assert_ptr_equal(b->next->prev, b);
    }
    assert_int_equal(i, 4);
    assert_ptr_equal(reg->last, b3);
    block_unlink(b1);
    assert_null(b1->region);
    assert_ptr_equal(b0->next, b2);
    assert_ptr_equal(b2->prev, b0);
    block_unlink(b0);
    block_unlink(b3);
    assert_ptr_equal(reg->first, b2);
    assert_ptr_equal(reg->last, b2);
    assert_null(b2->prev);
    assert_null(b2->next);
    /* the terminator of a block is its last op when that op is one */
    assert_null(block_terminator(b2));
    src_op(t, b2, "t.x");
    assert_null(block_terminator(b2));
    Op *ret = op_new(t->c, "func.return", 0, NULL, 0, NULL, 0, noloc);
    op_append(b2, ret);
    assert_ptr_equal(block_terminator(b2), ret);
    assert_null(block_terminator(NULL));
}

static void test_block_args(void **state) {
    T *t = *state;
    Block *b = block_new(t->c);
    Loc l = loc_at(loc_file_id("f.mlir"), 3, 7);
    Value *a0 = block_add_arg(t->c, b, t->i32, l);
    Value *a1 = block_add_arg(t->c, b, t->f32, noloc);
    Value *a2 = block_add_arg(t->c, b, t->i32, noloc);
    assert_int_equal(b->nargs, 3);
    assert_ptr_equal(value_argblock(a0), b);
    assert_null(a0->def);
    assert_int_equal(value_index(a0), 0);
    assert_int_equal(value_index(a2), 2);
    assert_ptr_equal(a1->type, t->f32);
    assert_int_equal(value_loc(a0).line, 3);
    assert_int_equal(value_loc(a0).col, 7);
    block_erase_arg(b, 1);
    assert_int_equal(b->nargs, 2);
    assert_ptr_equal(b->args[0], a0);
    assert_ptr_equal(b->args[1], a2);
    assert_int_equal(value_index(a2), 1);
    /* grow well beyond the first capacity */
    Value *more[20];
    for (int i = 0; i < 20; i++) more[i] = block_add_arg(t->c, b, t->i32, noloc);
    assert_int_equal(b->nargs, 22);
    assert_ptr_equal(b->args[0], a0);
    assert_ptr_equal(b->args[1], a2);
    for (int i = 0; i < 20; i++) {
        assert_ptr_equal(b->args[2 + i], more[i]);
        assert_int_equal(value_index(more[i]), 2 + i);
    }
    block_erase_arg(b, 0);
    block_erase_arg(b, b->nargs - 1);
    assert_int_equal(b->nargs, 20);
    for (int i = 0; i < b->nargs; i++) assert_int_equal(value_index(b->args[i]), i);
    assert_ptr_equal(b->args[0], a2);
    assert_ptr_equal(b->args[19], more[18]);
    /* uses of an argument survive the erasure of an earlier one */
    Op *u = use_op(t, NULL, "t.u", 1, (Value *[]){ more[5] });
    block_erase_arg(b, 0);
    assert_int_equal(check_uses(more[5]), 1);
    assert_ptr_equal(op_operand(u, 0), more[5]);
    assert_int_equal(value_index(more[5]), 5);
}

/* ---- attributes ----------------------------------------------------- */
static void test_op_set_attr(void **state) {
    T *t = *state;
    Op *o = src_op(t, t->body, "t.o");
    Attr *one = attr_int(t->c, t->i32, 1), *two = attr_int(t->c, t->i32, 2), *u = attr_unit(t->c);
    op_set_attr(t->c, o, "m", one);
    op_set_attr(t->c, o, "z", two);
    op_set_attr(t->c, o, "a", u);
    op_set_attr(t->c, o, "q", one);
    assert_int_equal(o->nattrs, 4);
    const char *want[] = { "a", "m", "q", "z" };
    for (int i = 0; i < 4; i++) assert_string_equal(o->attrs[i].name, want[i]);
    assert_ptr_equal(op_attr(o, "z"), two);
    assert_ptr_equal(op_attr(o, "a"), u);
    assert_null(op_attr(o, "b"));
    /* replacing keeps one entry */
    op_set_attr(t->c, o, "m", two);
    assert_int_equal(o->nattrs, 4);
    assert_ptr_equal(op_attr(o, "m"), two);
    /* a name built at run time finds the same entry */
    char name[] = "q";
    op_set_attr(t->c, o, name, two);
    assert_int_equal(o->nattrs, 4);
    assert_ptr_equal(op_attr(o, "q"), two);
    /* NULL removes */
    op_set_attr(t->c, o, "m", NULL);
    assert_int_equal(o->nattrs, 3);
    assert_null(op_attr(o, "m"));
    assert_string_equal(o->attrs[0].name, "a");
    assert_string_equal(o->attrs[1].name, "q");
    assert_string_equal(o->attrs[2].name, "z");
    op_set_attr(t->c, o, "nothere", NULL);
    assert_int_equal(o->nattrs, 3);
    op_set_attr(t->c, o, "a", NULL);
    op_set_attr(t->c, o, "z", NULL);
    assert_int_equal(o->nattrs, 1);
    assert_string_equal(o->attrs[0].name, "q");
    op_set_attr(t->c, o, "q", NULL);
    assert_int_equal(o->nattrs, 0);
    op_set_attr(t->c, o, "b", one);
    assert_int_equal(o->nattrs, 1);
    assert_ptr_equal(op_attr(o, "b"), one);
    /* properties are separate but found by op_attr */
    op_set_prop(t->c, o, "p", two);
    assert_true(o->has_props);
    assert_int_equal(o->nprops, 1);
    assert_int_equal(o->nattrs, 1);
    assert_ptr_equal(op_attr(o, "p"), two);
    op_set_prop(t->c, o, "b", two);         /* attrs are looked at first */
    assert_ptr_equal(op_attr(o, "b"), one);
}

/* ---- cloning -------------------------------------------------------- */
static void test_op_clone(void **state) {
    T *t = *state;
    Value *x = src(t, "t.x");
    /* p(x) -> i32 { ^bb0(a): r1 = i1(a, x); i2(r1); br ^bb1  ^bb1(b): i3(b, r1, x) } */
    Op *p = op_new(t->c, "t.p", 1, &t->i32, 1, (Value *[]){ x }, 1, noloc);
    op_append(t->body, p);
    op_set_attr(t->c, p, "k", attr_int(t->c, t->i32, 7));
    Block *b0 = block_new(t->c), *b1 = block_new(t->c);
    region_append_block(&p->regions[0], b0);
    region_append_block(&p->regions[0], b1);
    Value *a = block_add_arg(t->c, b0, t->i32, noloc);
    Value *barg = block_add_arg(t->c, b1, t->f32, noloc);
    Op *i1 = op_new(t->c, "t.i1", 1, &t->i32, 2, (Value *[]){ a, x }, 0, noloc);
    op_append(b0, i1);
    Value *r1 = op_result(i1, 0);
    use_op(t, b0, "t.i2", 1, &r1);
    Op *br = op_new(t->c, "t.br", 0, NULL, 0, NULL, 0, noloc);
    op_set_succs(t->c, br, 1, ctx_alloc(t->c, sizeof(Block *)), ctx_alloc(t->c, sizeof(int)));
    op_succs(br)[0] = b1;
    op_append(b0, br);
    Op *i3 = use_op(t, b1, "t.i3", 3, (Value *[]){ barg, r1, x });

    Op *q = op_clone(t->c, p);
    assert_non_null(q);
    assert_ptr_not_equal(q, p);
    assert_null(q->block);                   /* not inserted anywhere */
    assert_string_equal(op_name(q), "t.p");
    assert_ptr_equal(q->info, p->info);
    assert_int_equal(q->nres, 1);
    assert_ptr_equal(op_result(q, 0)->type, t->i32);
    assert_ptr_equal(op_result(q, 0)->def, q);
    assert_ptr_equal(op_operand(q, 0), x);   /* outside value: unchanged */
    assert_ptr_equal(op_attr(q, "k"), op_attr(p, "k"));
    assert_int_equal(q->nregions, 1);
    Block *c0 = q->regions[0].first;
    assert_non_null(c0);
    Block *c1 = c0->next;
    assert_non_null(c1);
    assert_null(c1->next);
    assert_ptr_not_equal(c0, b0);
    assert_ptr_not_equal(c1, b1);
    assert_ptr_equal(c0->region, &q->regions[0]);
    assert_int_equal(c0->nargs, 1);
    assert_int_equal(c1->nargs, 1);
    Value *ca = c0->args[0], *cb = c1->args[0];
    assert_ptr_not_equal(ca, a);
    assert_ptr_not_equal(cb, barg);
    assert_ptr_equal(cb->type, t->f32);
    assert_ptr_equal(value_argblock(ca), c0);
    char names[256];
    block_names(c0, names, sizeof names);
    assert_string_equal(names, "t.i1 t.i2 t.br");
    block_names(c1, names, sizeof names);
    assert_string_equal(names, "t.i3");
    Op *ci1 = c0->first, *ci2 = ci1->next, *cbr = ci2->next, *ci3 = c1->first;
    assert_ptr_not_equal(ci1, i1);
    assert_ptr_not_equal(ci3, i3);
    Value *cr1 = op_result(ci1, 0);
    assert_ptr_not_equal(cr1, r1);
    /* inside the clone, uses point at the cloned values */
    assert_ptr_equal(op_operand(ci1, 0), ca);
    assert_ptr_equal(op_operand(ci1, 1), x);
    assert_ptr_equal(op_operand(ci2, 0), cr1);
    assert_ptr_equal(op_operand(ci3, 0), cb);
    assert_ptr_equal(op_operand(ci3, 1), cr1);
    assert_ptr_equal(op_operand(ci3, 2), x);
    assert_int_equal(op_nsuccs(cbr), 1);
    assert_ptr_equal(op_succs(cbr)[0], c1);
    assert_ptr_equal(op_succs(br)[0], b1);      /* the original is untouched */
    /* use lists on both sides */
    assert_int_equal(check_uses(x), 6);
    assert_true(has_use(x, p, 0));
    assert_true(has_use(x, q, 0));
    assert_true(has_use(x, ci1, 1));
    assert_true(has_use(x, ci3, 2));
    assert_int_equal(check_uses(a), 1);
    assert_true(has_use(a, i1, 0));
    assert_int_equal(check_uses(ca), 1);
    assert_true(has_use(ca, ci1, 0));
    assert_int_equal(check_uses(r1), 2);
    assert_int_equal(check_uses(cr1), 2);
    assert_true(has_use(cr1, ci2, 0));
    assert_true(has_use(cr1, ci3, 1));
    assert_int_equal(check_uses(cb), 1);
    assert_int_equal(check_uses(barg), 1);
    /* the clone's own structure is independent */
    assert_ptr_equal(op_parent(ci1), q);
    assert_ptr_equal(op_parent(i1), p);
    op_append(t->body, q);
    op_erase(q);
    assert_int_equal(check_uses(x), 3);
    assert_int_equal(check_uses(r1), 2);
    assert_int_equal(check_uses(cr1), 0);
    block_names(t->body, names, sizeof names);
    assert_string_equal(names, "t.x t.p");
}

static void test_op_clone_many_operands(void **state) {
    T *t = *state;
    enum { N = 13 };
    Value *v[N];
    for (int i = 0; i < N; i++) v[i] = src(t, "t.v");
    Op *o = use_op(t, t->body, "t.o", N, v);
    Op *q = op_clone(t->c, o);
    assert_int_equal(q->nopnds, N);
    for (int i = 0; i < N; i++) {
        assert_ptr_equal(op_operand(q, i), v[i]);
        assert_int_equal(check_uses(v[i]), 2);
        assert_true(has_use(v[i], q, i));
        assert_true(has_use(v[i], o, i));
    }
}

/* ---- walking -------------------------------------------------------- */
typedef struct Walk { char buf[512]; size_t k; const char *stop_at; int visits; } Walk;

static bool record(Op *op, void *ud) {
    Walk *w = ud;
    w->visits++;
    w->k += (size_t)snprintf(w->buf + w->k, sizeof w->buf - w->k, "%s%s", w->k ? " " : "", op_name(op));
    return !(w->stop_at && !strcmp(op_name(op), w->stop_at));
}

static Op *with_region(T *t, Block *in, const char *name, int nregions, Block **blocks, int nblocks) {
    Op *o = op_new(t->c, name, 0, NULL, 0, NULL, nregions, noloc);
    if (in) op_append(in, o);
    for (int i = 0; i < nblocks; i++) {
        blocks[i] = block_new(t->c);
        region_append_block(&o->regions[i < nregions ? i : nregions - 1], blocks[i]);
    }
    return o;
}

static void test_op_walk(void **state) {
    T *t = *state;
    /* A { A1 { A1a } A2 } (two regions: [r0: A1, A2] [r1: blocks X | Y]) B */
    Block *ab[3];
    with_region(t, t->body, "A", 2, ab, 3);   /* ab[0] in r0, ab[1] and ab[2] in r1 */
    Block *a1b[1];
    with_region(t, ab[0], "A1", 1, a1b, 1);
    src_op(t, a1b[0], "A1a");
    src_op(t, ab[0], "A2");
    src_op(t, ab[1], "X");
    src_op(t, ab[2], "Y1");
    src_op(t, ab[2], "Y2");
    src_op(t, t->body, "B");
    Walk w = { .k = 0 };
    assert_true(op_walk(t->m, record, &w));
    assert_string_equal(w.buf, "builtin.module A A1 A1a A2 X Y1 Y2 B");
    /* early stop */
    Walk s = { .k = 0, .stop_at = "A1a" };
    assert_false(op_walk(t->m, record, &s));
    assert_string_equal(s.buf, "builtin.module A A1 A1a");
    Walk s2 = { .k = 0, .stop_at = "builtin.module" };
    assert_false(op_walk(t->m, record, &s2));
    assert_int_equal(s2.visits, 1);
    /* a walk from an inner op stays inside it */
    Walk in = { .k = 0 };
    assert_true(op_walk(ab[0]->first, record, &in));
    assert_string_equal(in.buf, "A1 A1a");
}

static void test_module(void **state) {
    T *t = *state;
    assert_true(op_is(t->m, OP_module));
    assert_string_equal(op_name(t->m), "builtin.module");
    assert_int_equal(t->m->nregions, 1);
    assert_non_null(t->body);
    assert_null(t->body->first);
    assert_ptr_equal(t->body->region, &t->m->regions[0]);
    Op *o = src_op(t, t->body, "t.unknown");
    assert_int_equal(o->info->id, -1);
    assert_true(o->info->traits & TR_UNREGISTERED);
    assert_ptr_equal(opinfo_lookup(t->c, "t.unknown"), o->info);
    Op *r = op_new(t->c, "func.return", 0, NULL, 0, NULL, 0, noloc);
    assert_true(op_is(r, OP_func_return));
    assert_ptr_equal(opinfo_byid(OP_func_return), r->info);
    assert_true(r->info->traits & TR_TERMINATOR);
    assert_null(opinfo_byid(-1));
    assert_null(opinfo_byid(OP__COUNT));
}

int main(void) {
    registry_init();
#define T_(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
    const struct CMUnitTest tests[] = {
        T_(test_op_new_links_uses),
        T_(test_op_set_operand),
        T_(test_op_add_operand_grows),
        T_(test_op_remove_operand),
        T_(test_replace_all_uses),
        T_(test_op_erase_drops_uses),
        T_(test_op_erase_nested),
        T_(test_op_drop_uses_keeps_op),
        T_(test_insert_order),
        T_(test_blocks_and_regions),
        T_(test_block_args),
        T_(test_op_set_attr),
        T_(test_op_clone),
        T_(test_op_clone_many_operands),
        T_(test_op_walk),
        T_(test_module),
    };
#undef T_
    return cmocka_run_group_tests(tests, NULL, NULL);
}
