/* targets/cgen/func.c - functions: the kernel ABI, the launcher, the whole module (see emit.h). */
#include "kt.h"

const char *cgen_func_name(Op *func, char *buf, size_t n) {
    Attr *s = op_attr(func, "sym_name");
    size_t k = 0;
    if (s && s->kind == A_STRING)
        for (size_t i = 0; i < s->str.len && k + 1 < n; i++) {
            char ch = s->str.s[i];
            bool ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == '_' || (ch >= '0' && ch <= '9' && k);
            buf[k++] = ok ? ch : '_';
        }
    if (!k) buf[k++] = 'k';
    buf[k] = 0;
    return buf;
}

/* the C parameter type of an argument of type t */
static const char *ptype(Cg *e, Type *t) {
    if (t->kind == T_INT && t->i.width == 1) return "i32";
    if (is_f16ish(t)) return "float";
    if (is_bptr(t)) return NULL;
    return cg_rtype(e, t);
}

static bool bind_attr(Op *op) {
    Attr *a = op_is(op, OP_scf_for) ? op_attr(op, "bind_sub_block") : NULL;
    return a && ((a->kind == A_BOOL && a->i) || a->kind == A_UNIT);
}

bool cg_bind_sub_block(Op *op) {
    if (!bind_attr(op) || op->nres) return false;
    for (Op *p = op_parent(op); p; p = op_parent(p))
        if (bind_attr(p)) return false;
    return true;
}

/* the ops of b with a side effect outside the sub-block loops; *loops counts those loops */
static bool effects_outside(Block *b, int *loops) {
    for (Op *o = b->first; o; o = o->next) {
        if (cg_bind_sub_block(o)) { (*loops)++; continue; }
        if ((o->info->traits & TR_SIDE_EFFECT) && !o->nregions && strncmp(op_name(o), "xsmt", 4)) return true;
        if (op_is(o, OP_xsmt_alloc) || op_is(o, OP_xsmt_alloc_copies)) return true;   /* a scratch buffer the iterations share */
        for (int r = 0; r < o->nregions; r++)
            for (Block *x = o->regions[r].first; x; x = x->next)
                if (effects_outside(x, loops)) return true;
    }
    return false;
}

bool cgen_sub_blocks(Op *func) {
    int loops = 0;
    Block *entry = func->nregions ? func->regions[0].first : NULL;
    return entry && !entry->next && !effects_outside(entry, &loops) && loops > 0;
}

static void print_params(Cg *e, FILE *out, Block *entry) {
    for (int i = 0; i < entry->nargs; i++) {
        const char *pt = ptype(e, entry->args[i]->type);
        size_t l = strlen(pt);
        fprintf(out, "%s%s%sarg%d", i ? ", " : "", pt, pt[l - 1] == '*' ? "" : " ", i);
    }
    fprintf(out, "%si32 gridX, i32 gridY, i32 gridZ, i32 pidX, i32 pidY, i32 pidZ", entry->nargs ? ",\n        " : "");
}

static bool emit_func(Cg *e, Op *func, FILE *out, bool launcher) {
    char nm[256];
    cgen_func_name(func, nm, sizeof nm);
    if (!func->nregions || !func->regions[0].first) return cg_unsupported(e, func, "a declaration without a body");
    Block *entry = func->regions[0].first;
    if (entry->next) return cg_unsupported(e, func, "several blocks");
    for (int i = 0; i < entry->nargs; i++) {
        Type *at = entry->args[i]->type;
        if (!at || !ptype(e, at)) return cg_unsupported(e, func, "an argument of this type");
        cg_name_value(e, entry->args[i], fmt(e, "arg%d", i));
    }
    PtrVec order = { 0 };
    for (Op *o = entry->first; o; o = o->next) cg_name_op(e, o, &order);
    for (int i = 0; i < order.n; i++)
        if (op_is(order.v[i], OP_scf_for)) cg_find_carried(e, order.v[i]);
    for (int i = order.n - 1; i >= 0; i--) {
        Op *o = order.v[i];
        for (int r = 0; r < o->nres; r++) cg_decide(e, op_result(o, r));
        for (int r = 0; r < o->nregions; r++)
            for (Block *b = o->regions[r].first; b; b = b->next)
                for (int a = 0; a < b->nargs; a++) cg_decide(e, b->args[a]);
    }
    for (int i = 0; i < entry->nargs; i++) cg_vi(e, entry->args[i])->kind = K_SCALAR;
    pv_free(&order);
    for (int i = 0; i < 6; i++) e->grid_used[i] = false;
    e->sub = cgen_sub_blocks(func);

    char *body = NULL;
    size_t blen = 0;
    FILE *saved = e->f;
    e->f = open_memstream(&body, &blen);
    if (!e->f) abort();
    e->ind = 1;
    Op *t = NULL;
    bool ok = cg_emit_block(e, entry, &t);
    fclose(e->f);
    e->f = saved;
    if (!ok || e->failed) { free(body); return false; }

    /* the signature (every argument type has a C form: checked above) */
    fprintf(out, "void %s%s(", nm, e->sub ? "_sub" : "");
    print_params(e, out, entry);
    fputs(e->sub ? ", i32 ttx_sub, i32 ttx_nsub)\n{\n" : ")\n{\n", out);
    static const char *const g[] = { "gridX", "gridY", "gridZ", "pidX", "pidY", "pidZ" };
    /* the bounds-check hook uses the program id */
    for (int i = 0; i < 6; i++)
        if (!e->grid_used[i] && i < 3) fprintf(out, "    (void)%s;\n", g[i]);
    fputs("    (void)pidX; (void)pidY; (void)pidZ;\n", out);
    for (int i = 0; i < entry->nargs; i++)
        if (!value_has_uses(entry->args[i])) fprintf(out, "    (void)arg%d;\n", i);
    fwrite(body, 1, blen, out);
    fputs("}\n", out);
    free(body);
    if (e->sub) {
        fprintf(out, "\n/* every sub-block of the program in turn */\nvoid %s(", nm);
        print_params(e, out, entry);
        fprintf(out, ")\n{\n    %s_sub(", nm);
        for (int i = 0; i < entry->nargs; i++) fprintf(out, "arg%d, ", i);
        fputs("gridX, gridY, gridZ, pidX, pidY, pidZ, 0, 1);\n}\n", out);
    }

    if (launcher && e->sub) {
        fputs("\n/* the sub-blocks of each program (set by the caller) */\ni32 ttx_nsub = 1;\n"
              "\n/* runs tasks [first, end): task t is sub-block t % ttx_nsub of program\n"
              " * t / ttx_nsub of the grid, x fastest */\n"
              "void ttx_launch(void *const *args, i32 gx, i32 gy, i32 gz, i64 first, i64 end)\n{\n"
              "    for (i64 t = first; t < end; t++) {\n"
              "        i64 p = t / ttx_nsub;\n", out);
    } else if (launcher) {
        fputs("\n/* runs programs [first, end) of the grid, x fastest */\n"
              "void ttx_launch(void *const *args, i32 gx, i32 gy, i32 gz, i64 first, i64 end)\n{\n"
              "    for (i64 p = first; p < end; p++) {\n", out);
    }
    if (launcher) {
        if (e->s->drain) fprintf(out, "        if (TTX_STOP(p)) { %s return; }\n", e->s->drain);
        else fputs("        if (TTX_STOP(p)) return;\n", out);
        fprintf(out, "        %s%s(", nm, e->sub ? "_sub" : "");
        for (int i = 0; i < entry->nargs; i++) {
            Type *at = entry->args[i]->type;
            const char *pt = ptype(e, at);
            if (at->kind == T_PTR) fprintf(out, "(%s)args[%d]", pt, i);
            else if (fname_is(at, "f16") || fname_is(at, "bf16"))   /* rounded to the type, as the interpreter does */
                fprintf(out, "ttx_%sr(*(const double *)args[%d])", fname_is(at, "f16") ? "f16" : "bf16", i);
            else if (at->kind == T_FLOAT) fprintf(out, "(%s)*(const double *)args[%d]", pt, i);
            else fprintf(out, "(%s)*(const i64 *)args[%d]", pt, i);
            fputs(", ", out);
        }
        fprintf(out, "gx, gy, gz, (i32)(p %% gx), (i32)(p / gx %% gy), (i32)(p / ((i64)gx * gy))%s);\n    }\n",
                e->sub ? ", (i32)(t % ttx_nsub), ttx_nsub" : "");
        if (e->s->drain) fprintf(out, "    %s\n", e->s->drain);
        fputs("}\n", out);
    }
    return true;
}

static bool emit_all(Cg *e, FILE *out, Op *module, Op *func) {
    char *body = NULL;
    size_t blen = 0;
    FILE *bf = open_memstream(&body, &blen);
    if (!bf) abort();
    bool ok = true, first = true;
    Block *mb = module && module->nregions ? module_body(module) : NULL;
    for (Op *o = mb ? mb->first : NULL; o && ok; o = o->next) {
        if (func ? o != func : !op_is(o, OP_tt_func) && !kt_is_ktdp_func(o)) continue;
        if (!op_is(o, OP_tt_func) && !op_is(o, OP_func_func)) { ok = cg_unsupported(e, o, "not a function"); break; }
        if (!first) fputc('\n', bf);
        bool launch = first && e->o && e->o->launcher;
        ok = kt_is_ktdp_func(o) ? kt_emit_func(e, o, bf, launch) : emit_func(e, o, bf, launch);
        first = false;
    }
    fclose(bf);
    if (ok && first && !e->failed) {
        Loc l = module->loc;
        diag_error(e->d, l, "the module has no tt.func to translate to C");
        ok = false;
    }
    if (ok && !e->failed) {
        e->s->prelude(out, body, blen);
        fwrite(body, 1, blen, out);
    }
    free(body);
    return ok && !e->failed;
}

static bool is_call(Op *op, void *ud) {
    (void)ud;
    return !(op_is(op, OP_tt_call) && !op->verbatim);   /* stop at the first call */
}

/* The C has no calls between kernels' functions: calls of functions of one
 * block (tl.jit(noinline=True) helpers, as Triton prints them) are inlined
 * first, and the callees nobody calls any more are erased (the inline and
 * symbol-dce passes, on the module itself; with one function to emit,
 * nothing is erased).  A call left (a recursive or
 * many-block callee) is refused at the call. */
static bool inline_calls(Ctx *c, Op *module, bool erase, Diag *d) {
    if (!module || op_walk(module, is_call, NULL)) return true;
    const char *names[] = { "inline", "symbol-dce" };
    for (int i = 0; i < (erase ? 2 : 1); i++) {
        const Pass *p = pass_lookup(names[i]);
        PassOptions po = { .pass = p };
        if (p && !p->run(c, module, &po, d)) return false;
    }
    return true;
}

bool cgen_emit(FILE *out, Ctx *c, Op *module, Op *func, const CgenStrategy *s, const CgenOpts *o, Diag *d) {
    if (!inline_calls(c, module, !func, d)) return false;
    Cg e = { .s = s, .c = c, .d = d, .o = o };
    bool ok = emit_all(&e, out, module, func);
    for (int i = 0; i < e.strs.n; i++) free(e.strs.v[i]);
    pv_free(&e.strs);
    for (int i = 0; i < e.vis.n; i++) free(e.vis.v[i]);
    pv_free(&e.vis);
    free(e.tab);
    return ok;
}
