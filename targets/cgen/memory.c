/* targets/cgen/memory.c - memory access: tt/tts loads and stores, block pointers (see emit.h). */
#include "emit.h"

/* the C element read at address expression p of element type t */
static const char *mread(Cg *e, Type *t, const char *p) {
    if (fname_is(t, "f16")) { return fmt(e, "ttx_h2f(*%s)", p); }
    if (fname_is(t, "bf16")) { return fmt(e, "ttx_bf2f(*%s)", p); }
    if (t->kind == T_INT && t->i.width == 1) return fmt(e, "(*%s != 0)", p);
    return fmt(e, "*%s", p);
}
static const char *mwrite(Cg *e, Type *t, const char *v) {
    if (fname_is(t, "f16")) { return fmt(e, "ttx_hbits(%s)", v); }
    if (fname_is(t, "bf16")) { return fmt(e, "ttx_f2bf(%s)", v); }
    if (t->kind == T_INT && t->i.width == 1) return fmt(e, "(u8)%s", v);
    return v;
}

/* the boundary-checked address of element idx of block pointer bp, or NULL */
static const char *bptr_elem(Cg *e, Op *op, const char *bp, int r, const char *const *idx, const char **inb) {
    int64_t bc[MAXR];
    int nb = op_attr(op, "boundaryCheck") ? op_attr_ints(op, "boundaryCheck", bc, MAXR) : 0;
    if (nb < 0) return NULL;
    if (op_is(op, OP_tts_load) || op_is(op, OP_tts_store) || op_is(op, OP_tt_descriptor_load) || op_is(op, OP_tt_descriptor_store) ||
        op_is(op, OP_tt_descriptor_gather) || op_is(op, OP_tt_descriptor_scatter))
        /* the shape bounds every dimension */
        for (nb = 0; nb < r; nb++) bc[nb] = nb;
    const char *addr = NULL, *cond = NULL;
    for (int d = 0; d < r; d++) {
        const char *rd = is0(idx[d]) ? fmt(e, "%s.off[%d]", bp, d) : fmt(e, "(%s.off[%d] + %s)", bp, d, idx[d]);
        const char *term = fmt(e, "%s * %s.stride[%d]", rd, bp, d);
        addr = addr ? fmt(e, "%s + %s", addr, term) : term;
        for (int k = 0; k < nb; k++)
            if (bc[k] == d) {
                const char *c1 = fmt(e, "%s >= 0 && %s < %s.shape[%d]", rd, rd, bp, d);
                cond = cond ? fmt(e, "%s && %s", cond, c1) : c1;
            }
    }
    *inb = cond;
    return addr;
}

/* ---- the whole-block test of a mask ---------------------------------------
 * A masked tt.load or tt.store whose mask keeps every lane of the block runs
 * loops without the mask (each lane still passes TTX_IN, so a checking
 * driver sees every access).  The test is written before the loops, from the
 * mask's affine form: a comparison of an affine integer tensor with a
 * uniform one holds on the whole box when it holds at the box's extreme
 * corner, provided neither side leaves its width there (then the i64 affine
 * value is the w-bit value the comparison sees: + and * commute with the
 * wrap, a widening cast does not, so none may occur). */

/* v's affine form may differ from its w-bit value: a widening cast or a
 * loop-carried value on the way (true, too, when *budget runs out) */
static bool aff_unsure(Cg *e, Value *v, int *budget) {
    if (!is_tensor(v->type)) return false;   /* a scalar's term is its value */
    if (--*budget < 0 || cg_vi(e, v)->carried || !v->def) return true;
    Op *op = v->def;
    if (op_is(op, OP_arith_extsi) || op_is(op, OP_arith_index_cast)) return true;
    for (int i = 0; i < op->nopnds; i++)
        if (aff_unsure(e, op_operand(op, i), budget)) return true;
    return false;
}

static const char *i64lit(Cg *e, int64_t v) { return cg_tstr(e, tconst(v)); }

/* the i64 expression t + k, or NULL when a constant sum leaves i64 */
static const char *plus(Cg *e, Term t, int64_t k) {
    if (t.k) {
        int64_t v;
        return __builtin_add_overflow(t.c, k, &v) ? NULL : i64lit(e, v);
    }
    if (!k) return t.s;
    return k < 0 ? fmt(e, "(%s - %s)", t.s, i64lit(e, -k)) : fmt(e, "(%s + %s)", t.s, i64lit(e, k));
}

/* the C condition that the comparison d (an arith.cmpi of tensors) holds
 * on every lane, or NULL */
static const char *cmp_all(Cg *e, Op *d) {
    int64_t pred;
    if (!op_attr_int(d, "predicate", &pred) || pred < 2 || pred > 5) return NULL;   /* slt sle sgt sge */
    Value *l = op_operand(d, 0), *r = op_operand(d, 1);
    if (!is_tensor(l->type) || !is_tensor(r->type)) return NULL;
    int budget = 64;
    if (aff_unsure(e, l, &budget) || aff_unsure(e, r, &budget)) return NULL;
    Aff *al = cg_aff_of(e, l), *ar = al ? cg_aff_of(e, r) : NULL;
    int64_t lmin, lmax, rmin, rmax;
    if (!ar || !cg_aff_extent(al, l->type, &lmin, &lmax) || !cg_aff_extent(ar, r->type, &rmin, &rmax)) return NULL;
    bool ul = cg_uniform(al), ur = cg_uniform(ar);
    if (!ul && !ur) return NULL;
    int w = iw(type_elem(l->type));
    int64_t lo = w >= 64 ? INT64_MIN : -((int64_t)1 << (w - 1)), hi = w >= 64 ? INT64_MAX : ((int64_t)1 << (w - 1)) - 1;
    const char *cond = NULL;
    /* each side in range on the whole box: its affine value is its value */
    const Aff *sa[2] = { al, ar };
    int64_t smin[2] = { lmin, rmin }, smax[2] = { lmax, rmax };
    for (int k = 0; k < 2; k++) {
        Value *sv = k ? r : l;
        Type *st = sv->def && op_is(sv->def, OP_tt_splat) ? op_operand(sv->def, 0)->type : NULL;
        if (!smin[k] && !smax[k] && (w >= 64 || (st && st->kind == T_INT && st->i.width <= w))) continue;   /* a w-bit scalar */
        int64_t a = lo - smin[k], b = hi - smax[k];   /* the base's range */
        if (a > b) return NULL;
        if (sa[k]->base.k) {
            if (sa[k]->base.c < a || sa[k]->base.c > b) return NULL;
            continue;
        }
        /* a <= base <= b as one unsigned comparison */
        const char *sh = a < 0 ? fmt(e, " + %" PRIu64 "ULL", 0 - (uint64_t)a) : a > 0 ? fmt(e, " - %" PRIu64 "ULL", (uint64_t)a) : "";
        const char *c1 = fmt(e, "(u64)(%s)%s <= %" PRIu64 "ULL", sa[k]->base.s, sh, (uint64_t)b - (uint64_t)a);
        cond = cond ? fmt(e, "%s && %s", cond, c1) : c1;
    }
    static const char *const cop[] = { "<", "<=", ">", ">=" };
    bool less = pred <= 3;
    /* the lane nearest to failing: the greatest left side (less) or the least */
    const char *x = ur ? plus(e, al->base, less ? lmax : lmin) : plus(e, al->base, 0);
    const char *y = ur ? plus(e, ar->base, 0) : plus(e, ar->base, less ? rmin : rmax);
    if (!x || !y) return NULL;
    const char *c1 = fmt(e, "%s %s %s", x, cop[pred - 2], y);
    return cond ? fmt(e, "%s && %s", cond, c1) : c1;
}

/* the C condition that mask (an i1 tensor) is true on every lane, or NULL
 * when its form is not one this knows */
static const char *mask_all(Cg *e, Value *m, int depth) {
    Op *d = m->def;
    if (depth > 8 || !is_tensor(m->type) || !d || d->verbatim) return NULL;
    if (op_is(d, OP_arith_andi)) {
        const char *a = mask_all(e, op_operand(d, 0), depth + 1), *b = a ? mask_all(e, op_operand(d, 1), depth + 1) : NULL;
        return b ? fmt(e, "(%s) && (%s)", a, b) : NULL;
    }
    if (op_is(d, OP_tt_broadcast) || op_is(d, OP_tt_expand_dims) || op_is(d, OP_tt_trans) || op_is(d, OP_tt_reshape))
        /* the same lanes' values, moved */
        return is_tensor(op_operand(d, 0)->type) ? mask_all(e, op_operand(d, 0), depth + 1) : NULL;
    if (op_is(d, OP_tt_splat)) {
        Value *s = op_operand(d, 0);
        return s->type && s->type->kind == T_INT ? cg_ex(e, s, NULL) : NULL;
    }
    if (op_is(d, OP_arith_constant)) {
        Attr *c = op_attr(d, "value");
        if (!c || c->kind != A_DENSE || c->dense.n != 1) return NULL;
        Attr *x = c->dense.elts[0];
        return (x->kind == A_BOOL || x->kind == A_INT) && x->i ? "1" : NULL;
    }
    if (op_is(d, OP_arith_cmpi)) return cmp_all(e, d);
    return NULL;
}

/* ---- streaming stores ------------------------------------------------------
 * An unmasked store of a block that is one contiguous run of memory, in a
 * grid whose stores of it move at least TTX_STREAM_BYTES (default 16 MiB,
 * twice the L2 caches of bench/README.md's machine, where outputs of 16 MiB
 * already gain), is written with non-temporal stores where the compiler
 * has AVX-512: the values into a local array, then whole 64-byte lines
 * around the cache (no read of the line before its write), the unaligned
 * head and tail as plain copies, and an sfence, so that the stores are
 * ordered before whatever the program does next (an atomic, its end).  Only
 * where TTX_IN is a constant true (the default: no driver checks the
 * accesses), since the lines are written without it. */

/* pv (a tensor of pointers of vt's shape) addresses one contiguous
 * row-major run of elements, element 0 first */
static bool contiguous(Cg *e, Value *pv, const Type *vt) {
    Aff *a = cg_aff_of(e, pv);
    int r = vt->sh.rank;
    if (!a || !a->ptr || a->rank != r) return false;
    int64_t st = 1;
    for (int d = r - 1; d >= 0; d--) {
        if (vt->sh.dims[d] != 1 && (!a->co[d].k || a->co[d].c != st)) return false;
        st *= vt->sh.dims[d];
    }
    return true;
}

/* the branch of a streaming store of val through pv (element 0 at p0, N
 * elements of sz bytes, C type mt), up to `} else` and `#endif`: the
 * caller writes the plain store's block after it */
/* a preprocessor line, at the start of its line */
static void pp(Cg *e, const char *text) {
    int ind = e->ind;
    e->ind = 0;
    line(e, "%s", text);
    e->ind = ind;
}

static void load_lane(Cg *e, Op *L, const char *const *idx, bool masked);

static bool stream_ok(Cg *e, Value *pv, Type *vt, Type *el) {
    return cg_msize(el) * vt->sh.dims[vt->sh.rank - 1] >= 256 && contiguous(e, pv, vt);
}

/* the branch of a streaming store of val through pv (element 0 at p0, of
 * type vt, elements el of sz bytes and C type mt), up to `} else` and
 * `#endif`: the caller writes the plain store's block after it.  lanes: the
 * fused loads, each read in the loop before the value */
static void stream_store(Cg *e, Value *val, Type *vt, Type *el, const char *mt, int sz, const char *p0, int id,
                         const PtrVec *lanes) {
    int64_t N = 1;
    for (int d = 0; d < vt->sh.rank; d++) N *= vt->sh.dims[d];
    int64_t nb = N * sz;
    /* gridX.. stay (void)-cast: the uses below are under #if */
    pp(e, "#ifndef TTX_STREAM_BYTES");
    pp(e, "#define TTX_STREAM_BYTES (16LL << 20)");
    pp(e, "#endif");
    pp(e, "#if defined(__AVX512F__) && defined(__GNUC__) && !defined(__TINYC__)");
    line(e, "if (__builtin_constant_p(TTX_IN(%s, %d, %d)) && TTX_IN(%s, %d, %d) && (double)gridX * gridY * gridZ * %" PRId64
            " >= (double)TTX_STREAM_BYTES) {", p0, sz, id, p0, sz, id, nb);
    e->ind++;
    line(e, "%s ttx_s[%" PRId64 "];", mt, N);
    const char *idx[MAXR];
    int n = cg_loops_open(e, vt->sh.dims, vt->sh.rank, idx);
    for (int i = 0; lanes && i < lanes->n; i++) load_lane(e, lanes->v[i], idx, false);
    line(e, "ttx_s[%s] = %s;", cg_flat(e, vt->sh.dims, vt->sh.rank, idx), mwrite(e, el, cg_ex(e, val, idx)));
    cg_loops_close(e, n);
    line(e, "typedef long long ttx_v8di __attribute__((vector_size(64)));");
    line(e, "char *ttx_q = (char *)(%s);", p0);
    line(e, "const char *ttx_b = (const char *)ttx_s;");
    line(e, "i64 ttx_k = (i64)((0 - (u64)ttx_q) & 63);");
    line(e, "if (ttx_k > %" PRId64 ") ttx_k = %" PRId64 ";", nb, nb);
    line(e, "__builtin_memcpy(ttx_q, ttx_b, (u64)ttx_k);");
    line(e, "for (; ttx_k + 64 <= %" PRId64 "; ttx_k += 64) {", nb);
    e->ind++;
    line(e, "ttx_v8di ttx_v;");
    line(e, "__builtin_memcpy(&ttx_v, ttx_b + ttx_k, 64);");
    pp(e, "#if defined(__clang__)");
    line(e, "__builtin_nontemporal_store(ttx_v, (ttx_v8di *)(ttx_q + ttx_k));");
    pp(e, "#else");
    line(e, "__builtin_ia32_movntdq512((ttx_v8di *)(ttx_q + ttx_k), ttx_v);");
    pp(e, "#endif");
    e->ind--;
    line(e, "}");
    line(e, "__builtin_memcpy(ttx_q + ttx_k, ttx_b + ttx_k, (u64)(%" PRId64 " - ttx_k));", nb);
    line(e, "__builtin_ia32_sfence();");
    e->ind--;
    line(e, "} else");
    pp(e, "#endif");
}

/* ---- loads fused into their store -------------------------------------------
 * `x = load(px, m); y = load(py, m); store(po, x + y, m)`: a tt.load whose
 * value only its store consumes (through elementwise ops that are written
 * where used, each with one use, of the load's shape, in its block, with no
 * op that could write memory in between) is written at the store, and when
 * the store's block does not overlap the load's (or is the same elements)
 * one loop reads every such load's lane and stores it: one pass over memory
 * instead of one per access.  Only where TTX_IN is a constant true (a
 * checking driver sees the accesses in the order of the ops); otherwise, and
 * when the blocks overlap, the loads' own loops then the store's, as
 * written without this. */

/* op reads memory at most and has no region: nothing between a fused load
 * and its store may do more */
static bool pure_op(Op *op) {
    if (op->verbatim || op->nregions) return false;
    const char *n = op->info->name;
    if (!strncmp(n, "arith.", 6) || !strncmp(n, "math.", 5)) return true;
    static const int ok[] = { OP_tt_load, OP_tt_splat, OP_tt_broadcast, OP_tt_expand_dims, OP_tt_make_range, OP_tt_addptr,
                              OP_tt_get_program_id, OP_tt_get_num_programs, OP_tt_bitcast, OP_tt_fp_to_fp, OP_tt_trans,
                              OP_tt_reshape };
    for (size_t i = 0; i < sizeof ok / sizeof *ok; i++)
        if (op_is(op, ok[i])) return true;
    return false;
}

/* a plain pointer tensor (not a block pointer) */
static bool plain_ptrs(Cg *e, Value *p) { return is_tensor(p->type) && !is_bptr(p->type) && cg_vi(e, p)->kind != K_BPTR; }

/* the tt.store that load L is fused into, or NULL */
static Op *fused_store(Cg *e, Op *L) {
    if (!op_is(L, OP_tt_load) || L->nres != 1 || L->nopnds < 1 || L->verbatim || e->s->access_rows || e->s->defer) return NULL;
    Value *v = op_result(L, 0);
    Type *t = v->type;
    Value *lp = op_operand(L, 0);
    if (!is_tensor(t) || t->sh.rank > MAXR || !plain_ptrs(e, lp) || !contiguous(e, lp, t)) return NULL;
    for (int steps = 0; steps < 64; steps++) {
        Use *u = v->uses;
        if (!u || u->next) return NULL;
        Op *w = u->owner;
        if (w->block != L->block || w->verbatim) return NULL;
        if (op_is(w, OP_tt_store)) {
            if (use_index(u) != 1 || w->nopnds < 2 || !plain_ptrs(e, op_operand(w, 0)) || !contiguous(e, op_operand(w, 0), t))
                return NULL;
            int budget = 4096;
            for (Op *q = L->next; q != w; q = q->next)
                if (!q || --budget < 0 || !pure_op(q)) return NULL;
            return w;
        }
        if (w->nres != 1 || !cg_is_ew(w->info->id) || !cg_same_shape(w->res[0].type, t)) return NULL;
        v = op_result(w, 0);
        if (cg_vi(e, v)->kind != K_VIRT) return NULL;
    }
    return NULL;
}

/* the loads fused into store S, in program order */
static void fused_loads(Cg *e, Op *S, PtrVec *out) {
    if (!op_is(S, OP_tt_store) || e->s->access_rows || e->s->defer) return;
    for (Op *q = S->block->first; q && q != S; q = q->next)
        if (op_is(q, OP_tt_load) && fused_store(e, q) == S) pv_push(out, q);
}

/* the address of element 0 of plain pointer tensor p of shape t */
static const char *elem0(Cg *e, Value *p, const Type *t) {
    const char *z[MAXR];
    for (int d = 0; d < t->sh.rank; d++) z[d] = "0";
    return cg_ex(e, p, z);
}

/* the lane at idx of fused load L: its element, or (masked) its other value
 * where its mask is false */
static void load_lane(Cg *e, Op *L, const char *const *idx, bool masked) {
    Value *v = op_result(L, 0), *pv = op_operand(L, 0);
    Value *mask = L->nopnds > 1 ? op_operand(L, 1) : NULL, *other = L->nopnds > 2 ? op_operand(L, 2) : NULL;
    Type *el = type_elem(pv->type)->ptr.pointee;
    const char *dst = fmt(e, "%s[%s]", cg_vi(e, v)->name, cg_flat(e, v->type->sh.dims, v->type->sh.rank, idx));
    const char *p = fmt(e, "(%s)", cg_ex(e, pv, idx));
    if (!masked || !mask) line(e, "%s = %s;", dst, mread(e, el, p));
    else line(e, "%s = %s ? %s : %s;", dst, cg_ex(e, mask, idx), mread(e, el, p), other ? cg_ex(e, other, idx) : "0");
}

static bool access(Cg *e, Op *op, bool late, int site);

/* store S with the loads fused into it (ls): the fused loops where TTX_IN
 * is a constant true and the blocks do not overlap, else each access as
 * written alone */
static bool fused(Cg *e, Op *S, PtrVec *ls, int id) {
    Value *sp = op_operand(S, 0), *val = op_operand(S, 1);
    Value *smask = S->nopnds > 2 ? op_operand(S, 2) : NULL;
    Type *vt = val->type, *sel = type_elem(sp->type)->ptr.pointee;
    const char *smt = cg_mtype(e, sel);
    if (!smt) return cg_unsupported(e, S, "this pointer type");
    int ssz = cg_msize(sel);
    int64_t N = 1;
    for (int d = 0; d < vt->sh.rank; d++) N *= vt->sh.dims[d];
    const char *s0 = elem0(e, sp, vt);
    /* every lane of the store apart from every fused load's block, or on its very element */
    const char *cond = fmt(e, "__builtin_constant_p(TTX_IN(%s, %d, %d)) && TTX_IN(%s, %d, %d)", s0, ssz, id, s0, ssz, id);
    const char *all = smask ? mask_all(e, smask, 0) : "1";
    for (int i = 0; i < ls->n; i++) {
        Op *L = ls->v[i];
        Value *lp = op_operand(L, 0);
        Type *lel = type_elem(lp->type)->ptr.pointee;
        int lsz = cg_msize(lel);
        const char *l0 = elem0(e, lp, vt);
        const char *apart = fmt(e, "(u64)(%s) + %" PRId64 " <= (u64)(%s) || (u64)(%s) + %" PRId64 " <= (u64)(%s)", s0,
                                N * ssz, l0, l0, N * lsz, s0);
        if (lsz == ssz) apart = fmt(e, "(u64)(%s) == (u64)(%s) || %s", s0, l0, apart);
        cond = fmt(e, "%s && (%s)", cond, apart);
        if (all && L->nopnds > 1) {
            const char *a = mask_all(e, op_operand(L, 1), 0);
            all = !a ? NULL : !strcmp(all, "1") ? a : strstr(all, a) ? all : fmt(e, "(%s) && (%s)", all, a);
        }
    }
    pp(e, "#if defined(__GNUC__) && !defined(__TINYC__)");
    line(e, "if (%s) {", cond);
    e->ind++;
    const char *idx[MAXR];
    bool none = all && !strcmp(all, "1");   /* no mask anywhere: the unmasked loop alone */
    for (int pass = all ? 0 : 1; pass < (none ? 1 : 2); pass++) {
        bool masked = pass == 1;
        if (!masked) {
            line(e, none ? "{" : "if (%s) {", all);
            e->ind++;
            if (stream_ok(e, sp, vt, sel)) {
                stream_store(e, val, vt, sel, smt, ssz, s0, id, ls);
                line(e, "{");
                e->ind++;
            }
        }
        int n = cg_loops_open(e, vt->sh.dims, vt->sh.rank, idx);
        for (int i = 0; i < ls->n; i++) load_lane(e, ls->v[i], idx, masked);
        const char *sv = mwrite(e, sel, cg_ex(e, val, idx));
        const char *sp_i = cg_ex(e, sp, idx);
        if (masked && smask) line(e, "if (%s) *(%s) = %s;", cg_ex(e, smask, idx), sp_i, sv);
        else line(e, "*(%s) = %s;", sp_i, sv);
        cg_loops_close(e, n);
        if (!masked) {
            if (stream_ok(e, sp, vt, sel)) {
                e->ind--;
                line(e, "}");
            }
            e->ind--;
            line(e, none ? "}" : "} else {");
            e->ind++;
        }
    }
    if (none) e->ind--;
    else if (all) {
        e->ind--;
        line(e, "}");
    }
    e->ind--;
    line(e, "} else");
    pp(e, "#endif");
    line(e, "{");
    e->ind++;
    for (int i = 0; i < ls->n; i++)
        if (!access(e, ls->v[i], true, -1)) return false;
    if (!access(e, S, true, id)) return false;
    e->ind--;
    line(e, "}");
    return !e->failed;
}

bool cg_emit_load_store(Cg *e, Op *op) { return access(e, op, false, -1); }

/* op, or with late a load fused into its store or that store, written as the
 * accesses alone (site: the store's site, taken already, or -1) */
static bool access(Cg *e, Op *op, bool late, int site) {
    bool tts = op_is(op, OP_tts_load) || op_is(op, OP_tts_store);
    bool dgs = op_is(op, OP_tt_descriptor_gather) || op_is(op, OP_tt_descriptor_scatter);   /* rows by index */
    bool desc = dgs || op_is(op, OP_tt_descriptor_load) || op_is(op, OP_tt_descriptor_store);
    bool store = op_is(op, OP_tt_store) || op_is(op, OP_tts_store) || op_is(op, OP_tt_descriptor_store) ||
                 op_is(op, OP_tt_descriptor_scatter);
    if (op->nopnds < (store ? 2 : 1) || (!store && op->nres != 1)) return cg_unsupported(e, op, "malformed");
    Value *pv = op_operand(op, 0);
    Type *pt = pv->type;
    Value *mask = NULL, *other = NULL;
    const char *md[MAXR];
    int nmd = 0;
    if (tts) {
        /* the lanes are a prefix box: index d below mask dim d */
        const int64_t *sg = store ? NULL : op_segment_sizes(op, 3);
        if (!store && !sg) return cg_unsupported(e, op, "its operandSegmentSizes");
        int next = store ? 2 : 1, end = store ? op->nopnds : (int)(1 + sg[1]);
        nmd = op_attr(op, "static_mask_dims") ? cg_mixed(e, op, "static_mask_dims", &next, end, md) : 0;
        if (nmd < 0) return cg_unsupported(e, op, "its mask dims");
        if (!store && sg[2]) other = op_operand(op, (int)(1 + sg[1]));
        Op *d = pv->def;
        if (!d || !op_is(d, OP_tts_make_tptr)) return cg_unsupported(e, op, "a pointer that is not a structured tts.make_tptr");
    } else if (!desc) {
        mask = op->nopnds > (store ? 2 : 1) ? op_operand(op, store ? 2 : 1) : NULL;
        other = !store && op->nopnds > 2 ? op_operand(op, 2) : NULL;
    }
    if (dgs && op->nopnds != (store ? 4 : 3)) return cg_unsupported(e, op, "malformed");
    Value *val = store ? op_operand(op, dgs ? 3 : 1) : op_result(op, 0);
    Type *vt = val->type;
    bool blk = is_bptr(pt) || cg_vi(e, pv)->kind == K_BPTR;
    Type *el = blk ? (is_bptr(pt) ? pt->ptr.pointee->sh.elem : type_elem(vt))
                   : pt && type_elem(pt)->kind == T_PTR ? type_elem(pt)->ptr.pointee : NULL;
    if (!el || el->kind == T_PTR || !cg_mtype(e, el)) return cg_unsupported(e, op, "this pointer type");
    const char *mt = cg_mtype(e, el);
    int sz = cg_msize(el);
    int id = -1;   /* the site, taken below (a load written at its store takes none here) */
    bool ten = is_tensor(vt);
    if (ten && vt->sh.rank > MAXR) return cg_unsupported(e, op, "rank above 8");
    if (blk && !ten) return cg_unsupported(e, op, "a scalar block pointer access");
    const char *name = cg_vi(e, val)->name;
    if (!store && !late) {
        if (!value_has_uses(val)) return true;   /* a dead load */
        if (ten && !desc && e->s->defer && e->s->defer(e, op)) return !e->failed;
        if (!cg_declare(e, val)) return false;
        if (fused_store(e, op)) return !e->failed;   /* written at its store */
    }
    id = site >= 0 ? site : cg_site(e, op);
    if (store && !late && ten) {
        PtrVec ls = { 0 };
        fused_loads(e, op, &ls);
        bool ok = !ls.n || fused(e, op, &ls, id);
        int n = ls.n;
        pv_free(&ls);
        if (n) return ok;
    }
    /* a descriptor access: a block pointer at the access's offsets */
    const char *bpn = blk ? cg_vi(e, pv)->name : NULL;
    Value *rowsv = NULL;   /* gather/scatter: the row indices (a 1-D tensor), the column offset next */
    if (desc) {
        int first = dgs || !store ? 1 : 2, nidx = dgs ? 2 : op->nopnds - first;
        if (!ten || nidx != vt->sh.rank) return cg_unsupported(e, op, "a block whose rank is not the descriptor's");
        bpn = fmt(e, "d%d", e->ntmp++);
        line(e, "ttx_bptr %s = %s;", bpn, cg_vi(e, pv)->name);
        if (dgs) {
            rowsv = op_operand(op, 1);
            if (!is_tensor(rowsv->type) || rowsv->type->sh.rank != 1 || rowsv->type->sh.dims[0] != vt->sh.dims[0])
                return cg_unsupported(e, op, "row indices that are not one per row");
            line(e, "%s.off[0] = 0;", bpn);
            line(e, "%s.off[1] = (i64)%s;", bpn, cg_ex(e, op_operand(op, 2), NULL));
        } else
            for (int d = 0; d < nidx; d++) line(e, "%s.off[%d] = (i64)%s;", bpn, d, cg_ex(e, op_operand(op, first + d), NULL));
    }
    int r = ten ? vt->sh.rank : 0;
    int64_t L = ten ? vt->sh.dims[r - 1] : 0;
    CgAccess acc = { .op = op, .store = store, .tts = tts, .blk = blk, .ten = ten, .nmd = nmd, .pv = pv, .mask = mask, .other = other,
                     .val = val, .vt = vt, .el = el, .mt = mt, .sz = sz, .name = name, .r = r, .L = L };
    acc.bpn = desc ? bpn : NULL;
    acc.by_index = rowsv != NULL;
    bool rows = desc ? e->s->desc_rows && e->s->desc_rows(e, &acc) : e->s->access_rows && e->s->access_rows(e, &acc);
    if (e->failed) return false;
    if (rows && acc.whole) return true;
    const char **idx = acc.idx;
    int n = acc.n;
    const char *fr_after = acc.after_row;
    bool gath = !rows && ten && e->s->gather_rows && !blk && !tts && cg_vi(e, pv)->kind == K_ARRAY && L >= 8 && !nmd;
    const char *rowp = NULL;
    /* the mask true on every lane of the block (tested before the loops):
     * loops without it first, the masked ones in the else branch */
    const char *all = !rows && !gath && ten && !blk && !tts && !desc && mask && !e->s->access_rows ? mask_all(e, mask, 0) : NULL;
    if (all) {
        line(e, "if (%s) {", all);
        e->ind++;
    }
    for (int fast = all != NULL; fast >= 0; fast--) {
    if (all && !fast) {
        e->ind--;
        line(e, "} else {");
        e->ind++;
    }
    /* an unmasked store of a contiguous block: streaming where it pays */
    bool nt = store && ten && !gath && !rows && !blk && !tts && !desc && !nmd && (!mask || fast) && !e->s->access_rows &&
              stream_ok(e, pv, vt, el);
    if (nt) {
        const char *z[MAXR];
        for (int d = 0; d < r; d++) z[d] = "0";
        stream_store(e, val, vt, el, mt, sz, cg_ex(e, pv, z), id, NULL);
        line(e, "{");
        e->ind++;
    }
    if (gath) {
        n = cg_loops_open(e, vt->sh.dims, r - 1, idx);
        idx[r - 1] = "0";
        rowp = fmt(e, "&%s[%s]", cg_vi(e, pv)->name, cg_flat(e, vt->sh.dims, r, idx));
        line(e, "%s *const *ttx_pr = %s;", mt, rowp);
        line(e, "int ttx_c = 1;");
        line(e, "for (i64 j = 1; j < %" PRId64 "; j++) ttx_c &= (u64)ttx_pr[j] == (u64)ttx_pr[0] + (u64)j * %d;", L, sz);
        idx[r - 1] = LOOPV[r - 1];
    } else if (!rows) {
        if (ten) n = cg_loops_open(e, vt->sh.dims, vt->sh.rank, idx);
        else line(e, "{");
    }
    for (int pass = 0; pass < (gath ? 2 : 1); pass++) {
    if (gath) {
        if (pass) e->ind--;
        line(e, pass ? "} else {" : "if (ttx_c) {");
        e->ind++;
        line(e, "for (i64 %s = 0; %s < %" PRId64 "; %s++) {", idx[r - 1], idx[r - 1], L, idx[r - 1]);
        e->ind++;
    }
    if (!ten) e->ind++;
    const char *const *ix = ten ? idx : NULL;
    const char *dst = ten ? fmt(e, "%s[%s]", name, cg_flat(e, vt->sh.dims, vt->sh.rank, idx)) : name;
    const char *cond = mask && !fast ? cg_ex(e, mask, ix) : NULL;
    if (nmd) {
        if (!ten || nmd != vt->sh.rank) return cg_unsupported(e, op, "its mask dims");
        for (int d = 0; d < nmd; d++) {
            const char *c1 = fmt(e, "%s < %s", idx[d], md[d]);
            cond = cond ? fmt(e, "%s && %s", cond, c1) : c1;
        }
    }
    if (blk) {
        const char *inb = NULL;
        const char *bix[MAXR];
        for (int d = 0; d < vt->sh.rank; d++) bix[d] = idx[d];
        if (rowsv) bix[0] = fmt(e, "(i64)%s", cg_ex(e, rowsv, (const char *const[]){ idx[0] }));
        const char *off = bptr_elem(e, op, bpn, vt->sh.rank, bix, &inb);
        if (!off) return cg_unsupported(e, op, "its boundaryCheck");
        line(e, "%s%s *p = (%s%s *)%s.base + %s;", store ? "" : "const ", mt, store ? "" : "const ", mt, bpn, off);
        if (inb) cond = cond ? fmt(e, "%s && %s", cond, inb) : inb;
    } else if (gath && !pass) {
        line(e, "%s%s *p = ttx_pr[0] + %s;", store ? "" : "const ", mt, idx[r - 1]);
    } else {
        line(e, "%s%s *p = %s;", store ? "" : "const ", mt, cg_ex(e, pv, ix));
    }
    const char *chk = fmt(e, "TTX_IN(p, %d, %d)", sz, id);
    Value *scr = blk ? cg_scratch_root(pv) : NULL;
    if (scr) chk = cg_scratch_check(e, scr, sz, id);   /* an xsmt.alloc array or alloc_copies copy: its own bounds */
    const char *c = cond ? fmt(e, "(%s) && %s", cond, chk) : chk;
    if (store) {
        line(e, "if (%s) *p = %s;", c, mwrite(e, el, cg_ex(e, val, ix)));
    } else {
        const char *dflt = "0";
        if (other) dflt = cg_ex(e, other, ix);
        else if (blk) {
            int64_t pad = 1;
            op_attr_int(op, "padding", &pad);
            if (pad == 2 && el->kind == T_FLOAT) dflt = cg_lit_float(e, NAN, el);
        }
        line(e, "%s = %s ? %s : %s;", dst, c, mread(e, el, "p"), dflt);
    }
    if (gath) {
        e->ind--;
        line(e, "}");
    }
    }
    if (gath) {
        e->ind--;
        line(e, "}");
    }
    if (!ten) { e->ind--; line(e, "}"); }
    if (fr_after) {
        cg_loops_close(e, 1);
        line(e, "%s", fr_after);
        n--;
    }
    cg_loops_close(e, n);
    if (nt) {
        e->ind--;
        line(e, "}");
    }
    }
    if (all) {
        e->ind--;
        line(e, "}");
    }
    return !e->failed;
}

/* a ttx_bptr from op's base and its `parts` lists of r operands: shapes,
 * strides and (parts 3) offsets, each cast by `cast` */
static bool bptr_struct(Cg *e, Op *op, int parts, const char *cast) {
    if (op->nres != 1 || op->nopnds < 1 + parts || (op->nopnds - 1) % parts) return cg_unsupported(e, op, "malformed");
    int r = (op->nopnds - 1) / parts;
    if (r > MAXR) return cg_unsupported(e, op, "rank above 8");
    VI *x = cg_vi(e, op_result(op, 0));
    x->kind = K_BPTR;
    line(e, "ttx_bptr %s;", x->name);
    line(e, "%s.base = %s;", x->name, cg_ex(e, op_operand(op, 0), NULL));
    for (int d = 0; d < r; d++) {
        line(e, "%s.shape[%d] = %s%s;", x->name, d, cast, cg_ex(e, op_operand(op, 1 + d), NULL));
        line(e, "%s.stride[%d] = %s%s;", x->name, d, cast, cg_ex(e, op_operand(op, 1 + r + d), NULL));
        line(e, "%s.off[%d] = %s%s;", x->name, d, parts == 3 ? cast : "", parts == 3 ? cg_ex(e, op_operand(op, 1 + 2 * r + d), NULL) : "0");
    }
    return !e->failed;
}

bool cg_emit_make_bptr(Cg *e, Op *op) { return bptr_struct(e, op, 3, ""); }

/* tt.make_tensor_descriptor %base, [shape...], [strides...]: a block pointer
 * at offset 0 (each descriptor access sets its own offsets) */
bool cg_emit_make_desc(Cg *e, Op *op) { return bptr_struct(e, op, 2, "(i64)"); }

/* a tts.make_tptr with an order: a block pointer (offsets come scaled by the strides) */
bool cg_emit_tts_bptr(Cg *e, Op *op) {
    const int64_t *sg = op_segment_sizes(op, 4);
    if (!sg || sg[0] != 1) return cg_unsupported(e, op, "its operandSegmentSizes");
    const char *str[MAXR], *off[MAXR], *shp[MAXR];
    int next = 1;
    int nst = cg_mixed(e, op, "static_strides", &next, (int)(1 + sg[1]), str);
    int no = cg_mixed(e, op, "static_offsets", &next, (int)(1 + sg[1] + sg[2]), off);
    int nsh = cg_mixed(e, op, "static_shape", &next, op->nopnds, shp);
    Type *pe = op->res[0].type->ptr.pointee;
    if (nst < 0 || nst != no || nst != nsh || nst != pe->sh.rank) return cg_unsupported(e, op, "its sizes, strides, offsets or shape");
    VI *x = cg_vi(e, op_result(op, 0));
    x->kind = K_BPTR;
    line(e, "ttx_bptr %s;", x->name);
    line(e, "%s.base = %s;", x->name, cg_ex(e, op_operand(op, 0), NULL));
    for (int d = 0; d < nst; d++) {
        line(e, "%s.shape[%d] = %s;", x->name, d, shp[d]);
        line(e, "%s.stride[%d] = %s;", x->name, d, str[d]);
        if (!strcmp(str[d], "1")) line(e, "%s.off[%d] = %s;", x->name, d, off[d]);
        else line(e, "%s.off[%d] = %s.stride[%d] ? %s / %s.stride[%d] : 0;", x->name, d, x->name, d, off[d], x->name, d);
    }
    return !e->failed;
}

bool cg_emit_advance(Cg *e, Op *op) {
    if (op->nres != 1 || op->nopnds < 2) return cg_unsupported(e, op, "malformed");
    Value *res = op_result(op, 0);
    VI *x = cg_vi(e, res);
    x->kind = K_BPTR;
    line(e, "ttx_bptr %s = %s;", x->name, cg_vi(e, op_operand(op, 0))->name);
    for (int d = 0; d + 1 < op->nopnds; d++) {
        const char *o = cg_ex(e, op_operand(op, 1 + d), NULL);
        if (strcmp(o, "0")) line(e, "%s.off[%d] += %s;", x->name, d, o);
    }
    return !e->failed;
}
