/* targets/cgen/stmt.c - statements: loop nests, copies, scf.for/if/while, one op, one block (see emit.h). */
#include "emit.h"

/* open loops over dims; idx receives the index strings; returns the count */
int cg_loops_open(Cg *e, const int64_t *dims, int rank, const char **idx) {
    int n = 0;
    for (int d = 0; d < rank; d++) {
        if (dims[d] == 1) { idx[d] = "0"; continue; }
        idx[d] = LOOPV[d];
        line(e, "for (i64 %s = 0; %s < %" PRId64 "; %s++) {", LOOPV[d], LOOPV[d], dims[d], LOOPV[d]);
        e->ind++;
        n++;
    }
    if (!n) {   /* one element: still a scope for the declarations inside */
        line(e, "{");
        e->ind++;
        n = 1;
    }
    return n;
}
void cg_loops_close(Cg *e, int n) {
    while (n--) {
        e->ind--;
        line(e, "}");
    }
}

/* dst := src for a value of type t (arrays element by element) */
static void copy_val(Cg *e, const char *dst, Value *src, Type *t) {
    if (e->s->copy && e->s->copy(e, dst, src, t)) return;
    if (is_tensor(t)) {
        const char *idx[MAXR];
        int n = cg_loops_open(e, t->sh.dims, t->sh.rank, idx);
        line(e, "%s[%s] = %s;", dst, cg_flat(e, t->sh.dims, t->sh.rank, idx), cg_ex(e, src, idx));
        cg_loops_close(e, n);
    } else {
        line(e, "%s = %s;", dst, cg_ex(e, src, NULL));
    }
}

/* dst[i] := src[i] for all i at once */
void cg_assign_all(Cg *e, Value *const *dst, Value *const *src, int n) {
    const char **tmp = calloc((size_t)n + 1, sizeof *tmp);
    if (!tmp) abort();
    for (int i = 0; i < n; i++) {
        const char *sn = cg_vi(e, src[i])->name;
        bool conflict = false;
        for (int j = 0; j < n; j++)
            if (j != i && !strcmp(cg_vi(e, dst[j])->name, sn)) conflict = true;
        if (!conflict) continue;
        const char *tn = fmt(e, "ttx_t%d", e->ntmp++);
        const char *dl = cg_decl(e, tn, dst[i]->type);
        if (!dl) { free(tmp); cg_unsupported(e, src[i]->def ? src[i]->def : dst[i]->def, "a value of this type"); return; }
        line(e, "%s;", dl);
        copy_val(e, tn, src[i], dst[i]->type);
        tmp[i] = tn;
    }
    for (int i = 0; i < n; i++) {
        VI *d = cg_vi(e, dst[i]);
        if (!strcmp(d->name, cg_vi(e, src[i])->name)) continue;
        if (tmp[i]) {
            if (is_tensor(dst[i]->type)) {
                int64_t k = type_numel(dst[i]->type);
                line(e, "for (i64 k = 0; k < %" PRId64 "; k++) %s[k] = %s[k];", k, d->name, tmp[i]);
            } else line(e, "%s = %s;", d->name, tmp[i]);
        } else copy_val(e, d->name, src[i], dst[i]->type);
    }
    free(tmp);
}

static bool emit_for(Cg *e, Op *op) {
    Block *b = op->regions[0].first;
    int ni = op->nopnds - 3;
    if (!b || b->nargs != ni + 1 || op->nres != ni) return cg_unsupported(e, op, "malformed");
    if (op_attr(op, "unsignedCmp")) return cg_unsupported(e, op, "unsigned loop bounds");
    /* the strategy's own loop, and the inits only the generic one needs */
    bool *late = calloc((size_t)ni + 1, sizeof *late);
    if (!late) abort();
    bool own = e->s->loop && e->s->loop(e, op, late);
    for (int i = 0; i < ni; i++) {
        Value *v = b->args[i + 1];
        if (cg_vi(e, v)->carried) {
            line(e, "i64 %s = 0;   /* the offset of the loop-carried pointers, in elements */", cg_vi(e, v)->name);
            line(e, "(void)%s;", cg_vi(e, v)->name);
            continue;
        }
        if (!cg_declare(e, v)) { free(late); return false; }
        line(e, "(void)%s;", cg_vi(e, v)->name);
        if (!own || !late[i]) copy_val(e, cg_vi(e, v)->name, op_operand(op, 3 + i), v->type);
    }
    if (own) {
        if (!e->s->loop(e, op, NULL)) { free(late); return false; }
        e->ind++;
        for (int i = 0; i < ni; i++)
            if (late[i]) copy_val(e, cg_vi(e, b->args[i + 1])->name, op_operand(op, 3 + i), b->args[i + 1]->type);
    }
    free(late);
    const char *lb = cg_ex(e, op_operand(op, 0), NULL), *ub = cg_ex(e, op_operand(op, 1), NULL), *st = cg_ex(e, op_operand(op, 2), NULL);
    Value *iv = b->args[0];
    const char *cnt = fmt(e, "t%s", cg_vi(e, iv)->name + 1);
    Attr *sc = value_const(op_operand(op, 2));
    bool konst = sc && sc->kind == A_INT && sc->i > 0;
    if (!konst) {
        line(e, "if (%s <= 0) TTX_FAIL(%d);", st, cg_site(e, op));
        line(e, "else");
    }
    if (e->sub && cg_bind_sub_block(op))   /* this sub-block's iterations */
        line(e, "for (i64 %s = %s + (i64)ttx_sub * %s; %s < %s; %s += (i64)ttx_nsub * %s) {", cnt, lb, st, cnt, ub, cnt, st);
    else
        line(e, "for (i64 %s = %s; %s < %s; %s += %s) {", cnt, lb, cnt, ub, cnt, st);
    e->ind++;
    if (value_has_uses(iv)) {
        const char *T = cg_rtype(e, iv->type);
        if (!T) return cg_unsupported(e, op, "its induction variable type");
        line(e, "%s %s = (%s)%s;", T, cg_vi(e, iv)->name, T, cnt);
    }
    Op *t = NULL;
    if (!cg_emit_block(e, b, &t)) return false;
    if (!t || t->nopnds != ni) return cg_unsupported(e, op, "its yield");
    Value **dst = calloc((size_t)ni + 1, sizeof *dst), **src = calloc((size_t)ni + 1, sizeof *src);
    if (!dst || !src) abort();
    int nn = 0;
    for (int i = 0; i < ni; i++) {
        if (cg_vi(e, b->args[i + 1])->carried) continue;
        dst[nn] = b->args[i + 1];
        src[nn++] = op_operand(t, i);
    }
    cg_assign_all(e, dst, src, nn);
    for (int i = 0; i < ni; i++) {
        VI *x = cg_vi(e, b->args[i + 1]);
        if (x->carried) line(e, "%s += %s;", x->name, cg_tstr(e, cg_aff_of(e, x->step)->base));
    }
    free(dst);
    free(src);
    e->ind--;
    line(e, "}");
    if (own) {
        e->ind--;
        line(e, "}");
    }
    return !e->failed;
}

static bool emit_if(Cg *e, Op *op) {
    for (int i = 0; i < op->nres; i++)
        if (!cg_declare(e, op_result(op, i))) return false;
    Value **dst = calloc((size_t)op->nres + 1, sizeof *dst), **src = calloc((size_t)op->nres + 1, sizeof *src);
    if (!dst || !src) abort();
    for (int i = 0; i < op->nres; i++) dst[i] = op_result(op, i);
    bool ok = true;
    line(e, "if (%s) {", cg_ex(e, op_operand(op, 0), NULL));
    for (int r = 0; r < op->nregions && ok; r++) {
        Block *b = op->regions[r].first;
        if (r) {
            if (!b) break;
            line(e, "} else {");
        }
        if (!b) continue;
        e->ind++;
        Op *t = NULL;
        ok = cg_emit_block(e, b, &t);
        if (ok && (!t || t->nopnds != op->nres)) ok = cg_unsupported(e, op, "its yield");
        if (ok) {
            for (int i = 0; i < op->nres; i++) src[i] = op_operand(t, i);
            cg_assign_all(e, dst, src, op->nres);
        }
        e->ind--;
    }
    line(e, "}");
    free(dst);
    free(src);
    return ok && !e->failed;
}

static bool emit_while(Cg *e, Op *op) {
    if (op->nregions != 2) return cg_unsupported(e, op, "malformed");
    Block *bf = op->regions[0].first, *af = op->regions[1].first;
    int n = op->nopnds;
    if (!bf || !af || bf->nargs != n) return cg_unsupported(e, op, "malformed");
    for (int i = 0; i < n; i++) {
        if (!cg_declare(e, bf->args[i])) return false;
        line(e, "(void)%s;", cg_vi(e, bf->args[i])->name);
        copy_val(e, cg_vi(e, bf->args[i])->name, op_operand(op, i), bf->args[i]->type);
    }
    for (int i = 0; i < op->nres; i++) {
        if (!cg_declare(e, op_result(op, i))) return false;
        line(e, "(void)%s;", cg_vi(e, op_result(op, i))->name);
    }
    line(e, "for (;;) {");
    e->ind++;
    Op *t = NULL;
    if (!cg_emit_block(e, bf, &t)) return false;
    if (!t || !op_is(t, OP_scf_condition) || t->nopnds - 1 != op->nres || t->nopnds - 1 != af->nargs)
        return cg_unsupported(e, op, "its condition");
    line(e, "if (!%s) {", cg_ex(e, op_operand(t, 0), NULL));
    e->ind++;
    for (int i = 0; i < op->nres; i++) copy_val(e, cg_vi(e, op_result(op, i))->name, op_operand(t, 1 + i), op->res[i].type);
    line(e, "break;");
    e->ind--;
    line(e, "}");
    for (int i = 0; i < af->nargs; i++) {
        if (!cg_declare(e, af->args[i])) return false;
        line(e, "(void)%s;", cg_vi(e, af->args[i])->name);
        copy_val(e, cg_vi(e, af->args[i])->name, op_operand(t, 1 + i), af->args[i]->type);
    }
    Op *y = NULL;
    if (!cg_emit_block(e, af, &y)) return false;
    if (!y || y->nopnds != n) return cg_unsupported(e, op, "its yield");
    Value **dst = calloc((size_t)n + 1, sizeof *dst), **src = calloc((size_t)n + 1, sizeof *src);
    if (!dst || !src) abort();
    for (int i = 0; i < n; i++) { dst[i] = bf->args[i]; src[i] = op_operand(y, i); }
    cg_assign_all(e, dst, src, n);
    free(dst);
    free(src);
    e->ind--;
    line(e, "}");
    return !e->failed;
}

static void comment(Cg *e, Op *op) {
    if (op->loc.line > 0) line(e, "/* %s (%s:%d:%d) */", op_name(op), loc_file(op->loc) ? loc_file(op->loc) : "?", op->loc.line, op->loc.col);
    else line(e, "/* %s */", op_name(op));
}

bool cg_emit_op(Cg *e, Op *op) {
    int id = op->info->id;
    if (op->verbatim && id != OP_tt_make_tensor_ptr && id != OP_tt_advance && id != OP_tt_reduce && id != OP_tt_scan &&
        id != OP_tts_load && id != OP_tts_store && id != OP_tt_extern_elementwise)
        return cg_unsupported(e, op, NULL);
    /* constants are literals or views; dead pure ops vanish */
    if (id == OP_arith_constant) {
        Value *v = op_result(op, 0);
        VI *x = cg_vi(e, v);
        if (!is_tensor(v->type) || x->kind == K_VIRT || !value_has_uses(v)) return true;
        Attr *c = op_attr(op, "value");
        if (!c || c->kind != A_DENSE) return cg_unsupported(e, op, "its value");
        if (c->dense.n == 1) goto tensor;
        comment(e, op);
        int64_t n = type_numel(v->type);
        const char *dl = cg_decl(e, x->name, v->type);
        if (!dl) return cg_unsupported(e, op, "its type");
        fprintf(e->f, "%*sstatic const %s = {", e->ind * 4, "", dl);
        for (int64_t i = 0; i < n; i++) {
            const char *l = cg_lit_attr(e, c->dense.elts[c->dense.n == 1 ? 0 : i], v->type->sh.elem);
            if (!l) return cg_unsupported(e, op, "its value");
            fprintf(e->f, "%s%s", i ? ", " : "", l);
        }
        fputs("};\n", e->f);
        return true;
    }
    /* an op with a side effect (a store, an atomic, a loop) is written even when its results are unused */
    bool has_effect = id == OP_tt_store || id == OP_tts_store || id == OP_tt_descriptor_store || id == OP_tt_descriptor_scatter || id == OP_scf_for || id == OP_scf_if || id == OP_scf_while ||
                      (op->info->traits & TR_SIDE_EFFECT);
    if (!has_effect && op->nres && op_results_unused(op)) return true;
    switch (id) {
    case OP_tt_load: case OP_tt_store: case OP_tts_load: case OP_tts_store: case OP_tt_descriptor_load: case OP_tt_descriptor_store:
    case OP_tt_descriptor_gather: case OP_tt_descriptor_scatter:
        comment(e, op);
        return cg_emit_load_store(e, op);
    case OP_tt_make_tensor_descriptor: comment(e, op); return cg_emit_make_desc(e, op);
    case OP_tt_atomic_rmw: case OP_tt_atomic_cas: comment(e, op); return cg_emit_atomic(e, op);
    case OP_tt_reduce: case OP_tt_scan: comment(e, op); return cg_emit_reduce(e, op);
    case OP_tt_dot: comment(e, op); return cg_emit_dot(e, op);
    case OP_tt_split: case OP_tt_gather: case OP_tt_histogram: comment(e, op); return cg_emit_shuffle(e, op);
    case OP_tt_print: comment(e, op); return cg_emit_print(e, op);
    case OP_tt_assert: comment(e, op); return cg_emit_assert(e, op);
    case OP_scf_for: comment(e, op); return emit_for(e, op);
    case OP_scf_if: comment(e, op); return emit_if(e, op);
    case OP_scf_while: comment(e, op); return emit_while(e, op);
    case OP_tt_make_tensor_ptr: comment(e, op); return cg_emit_make_bptr(e, op);
    case OP_tt_advance: comment(e, op); return cg_emit_advance(e, op);
    case OP_tts_make_tptr:
        if (op->nres == 1 && is_bptr(op->res[0].type)) { comment(e, op); return cg_emit_tts_bptr(e, op); }
        break;
    case OP_xsmt_pack: case OP_xsmt_unpack: case OP_xsmt_repack: case OP_xsmt_mmt4d: case OP_xsmt_annotation:
    case OP_xsmt_get_num_of_thread: case OP_xsmt_async_mbarrier_alloc: case OP_xsmt_async_mbarrier_release:
    case OP_xsmt_async_mbarrier_arrive: case OP_xsmt_async_mbarrier_wait: case OP_tle_extract_tile: case OP_tle_insert_tile:
    case OP_xsmt_alloc: case OP_xsmt_subview: case OP_xsmt_subview_pack: case OP_xsmt_alloc_copies:
    case OP_xsmt_buffer_tensor_view: case OP_xsmt_mbarrier_copies: case OP_xsmt_mbarrier_subview: case OP_xsmt_barrier_set_expect:
        return cg_emit_xsmt(e, op);
    case OP_llvm_intr_assume: return true;   /* a promise (tl.assume): no code */
    case OP_gpu_barrier: case OP_ttg_barrier: return true;   /* tl.debug_barrier: a program is one thread */
    case OP_tt_return: case OP_func_return:
        if (op->nopnds) return cg_unsupported(e, op, "a function that returns values");
        if (op->next || op->block != op->block->region->op->regions[0].first || !op_is(op->block->region->op, OP_tt_func))
            line(e, "return;");
        return true;
    default: break;
    }
    if (op->nres != 1) return cg_unsupported(e, op, NULL);
    Value *v = op_result(op, 0);
    VI *x = cg_vi(e, v);
    if (is_tensor(v->type)) {
    tensor:
        v = op_result(op, 0);
        x = cg_vi(e, v);
        if (x->kind == K_VIRT) return true;
        if (v->type->sh.rank > MAXR) return cg_unsupported(e, op, "rank above 8");
        comment(e, op);
        /* a pointer array advanced and yielded (a K loop's a_ptrs +=
         * BLOCK_K * stride): written into the carried array in place, each
         * element read before it is written, so the loop copies nothing back */
        const char *yd = id == OP_tt_addptr && op->nopnds == 2 && !x->carried_step ? cg_yield_dest(e, op, v) : NULL;
        for (int i = 0; yd && i < 2; i++) {
            Value *p = op_operand(op, i);
            if (!(cg_vi(e, p)->kind == K_ARRAY && cg_same_shape(p->type, v->type)) && !cg_is_uniform_value(p)) yd = NULL;
        }
        /* an elementwise op yielded (an accumulator's acc + x): the same,
         * when its element k reads the carried array at element k only */
        if (id != OP_tt_addptr && !x->carried_step && x->kind == K_ARRAY) yd = cg_ew_yield_dest(e, op, v);
        if (yd) {
            x->kind = K_ARRAY;
            x->name = yd;
        } else if (!cg_declare(e, v)) return false;
        if (e->s->elementwise && e->s->elementwise(e, op, v)) return !e->failed;
        const char *idx[MAXR];
        int n = cg_loops_open(e, v->type->sh.dims, v->type->sh.rank, idx);
        if (cg_needs_check(id)) {
            const char *b = id == OP_arith_fptosi || id == OP_arith_fptoui ? NULL : cg_ex(e, op_operand(op, 1), idx);
            const char *a = cg_ex(e, op_operand(op, 0), idx);
            int s = cg_site(e, op);
            if (b) line(e, "if (%s == 0) TTX_DIV0(%d, %s);", b, s, cg_flat(e, v->type->sh.dims, v->type->sh.rank, idx));
            else {
                Type *rt = v->type->sh.elem;
                int w = iw(rt);
                bool un = id == OP_arith_fptoui;
                double lo = w == 1 ? (un ? 0 : -1) : un ? 0 : -ldexp(1, w - 1), hi = w == 1 ? (un ? 2 : 1) : un ? ldexp(1, w) : ldexp(1, w - 1);
                line(e, "if (!(%s > %.1f && %s < %.1f)) TTX_FAIL(%d);", a, lo - 1, a, hi, s);
            }
        }
        const char *s = cg_elem_of(e, op, idx);
        if (!s) return cg_unsupported(e, op, NULL);
        line(e, "%s[%s] = %s;", x->name, cg_flat(e, v->type->sh.dims, v->type->sh.rank, idx), s);
        cg_loops_close(e, n);
        return !e->failed;
    }
    /* a scalar */
    if (!v->type || !cg_rtype(e, v->type)) return cg_unsupported(e, op, "its result type");
    if (id == OP_tt_unsplat) {
        /* the one element of a tensor */
        Value *src = op->nopnds ? op_operand(op, 0) : NULL;
        if (op->nopnds != 1 || !is_tensor(src->type) || type_numel(src->type) != 1) return cg_unsupported(e, op, "its operand");
        const char *zi[MAXR];
        for (int d = 0; d < src->type->sh.rank; d++) zi[d] = "0";
        line(e, "%s = %s;", cg_decl(e, x->name, v->type), cg_ex(e, src, zi));
        return !e->failed;
    }
    const char *a[3] = { NULL, NULL, NULL };
    if (op->nopnds > 3) return cg_unsupported(e, op, NULL);
    for (int i = 0; i < op->nopnds; i++) {
        if (is_tensor(op_operand(op, i)->type)) return cg_unsupported(e, op, "a tensor operand with a scalar result");
        a[i] = cg_ex(e, op_operand(op, i), NULL);
    }
    if (!cg_is_ew(id) && id != OP_tt_get_program_id && id != OP_tt_get_num_programs) return cg_unsupported(e, op, NULL);
    const char *s = cg_op_expr(e, op, a);
    if (!s) return cg_unsupported(e, op, "these operand types");
    if (cg_needs_check(id)) {
        int st = cg_site(e, op);
        if (id == OP_arith_fptosi || id == OP_arith_fptoui) {
            int w = iw(v->type);
            bool un = id == OP_arith_fptoui;
            double lo = w == 1 ? (un ? 0 : -1) : un ? 0 : -ldexp(1, w - 1), hi = w == 1 ? (un ? 2 : 1) : un ? ldexp(1, w) : ldexp(1, w - 1);
            line(e, "if (!(%s > %.1f && %s < %.1f)) TTX_FAIL(%d);", a[0], lo - 1, a[0], hi, st);
        } else line(e, "if (%s == 0) TTX_DIV0(%d, 0);", a[1], st);
    }
    line(e, "%s = %s;", cg_decl(e, x->name, v->type), s);
    return !e->failed;
}

/* emit every op of b but its terminator (returned in *term) */
bool cg_emit_block(Cg *e, Block *b, Op **term) {
    *term = NULL;
    for (Op *o = b->first; o; o = o->next) {
        int id = o->info->id;
        if (!o->next && (id == OP_scf_yield || id == OP_scf_condition || id == OP_tt_reduce_return || id == OP_tt_scan_return)) {
            *term = o;
            break;
        }
        if (id == OP_cf_br || id == OP_cf_cond_br) return cg_unsupported(e, o, "branches between blocks");
        if (!cg_emit_op(e, o)) return false;
    }
    return !e->failed;
}
