/* run_ktir.c - `ttxform run` on KTIR: a module holding ktdp ops runs on the
 * JIT (the C target's KTIR functions, targets/cgen/kfunc.c, compiled by
 * libtcc; engine_jit.c), or on the reference interpreter (interp_ktdp.c)
 * with --interp or when the C target does not take an op (after a note at
 * the op, as for TTIR); --check runs both on copies of the inputs and
 * compares every output.  With --via=ktir a TTIR kernel is first lowered in
 * this process by the ktir target's default pipeline, and with --check the
 * TTIR runs on the interpreter (before the lowering, on copies of the
 * inputs) and every output of the KTIR run is compared with it.
 *
 * Binding: an `index` argument that is (through arith ops) the offset of a
 * ktdp.construct_memory_view is a base address and takes a buffer, whose
 * dtype must be the view's element type; every other argument is a scalar.
 * Names are those of the text that was read (the TTIR's with --via), argN,
 * or the position N.  The grid is the function's `grid` attribute unless
 * --grid is given (with --via, --grid is the lowering's grid and the TTIR's).
 *
 * LX: when the function has a view in an LX scratchpad (`ct_local` / `LX`),
 * every compute tile of the grid has one, 2 MiB of zeros or what --lx N=FILE
 * gives (at most 2 MiB), written back by --lx-out N=FILE.  The offset of such
 * a view is an element address in that scratchpad, so an argument that is
 * only an LX view's offset takes a number. */
#include "run_impl.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../targets/cgen/cgen.h"
#include "dialects.h"
#include "pass.h"
#include "print.h"
#include "target.h"

bool run_is_ktir(Op *module) { return module && cgen_has_ktdp(module); }

static bool has_inter_tile(Op *op) {
    if (op_is(op, OP_ktdp_inter_tile_produce) || op_is(op, OP_ktdp_inter_tile_reduce)) return true;
    for (int r = 0; r < op->nregions; r++)
        for (Block *b = op->regions[r].first; b; b = b->next)
            for (Op *o = b->first; o; o = o->next)
                if (has_inter_tile(o)) return true;
    return false;
}

/* the entry arguments v is computed from through arith ops: hit[i] */
static void mark_base(Value *v, Block *entry, bool *hit, int depth) {
    if (!v || depth > 32) return;
    if (!v->def) {
        if (value_argblock(v) == entry && value_index(v) >= 0 && value_index(v) < entry->nargs) hit[value_index(v)] = true;
        return;
    }
    if (strncmp(v->def->info->name, "arith.", 6)) return;
    for (int i = 0; i < v->def->nopnds; i++) mark_base(op_operand(v->def, i), entry, hit, depth + 1);
}
/* base[i]: the element type of the (global memory) views argument i is the base address of */
static bool find_bases(Op *op, Block *entry, Type **base, bool *hit) {
    int64_t core;
    if (op_is(op, OP_ktdp_construct_memory_view) && op->nopnds && op->res[0].type && op->res[0].type->kind == T_MEMREF &&
        ktdp_view_space(op, &core) != KMS_LOCAL) {
        memset(hit, 0, sizeof(bool) * (size_t)entry->nargs);
        mark_base(op_operand(op, 0), entry, hit, 0);
        for (int i = 0; i < entry->nargs; i++)
            if (hit[i] && entry->args[i]->type && entry->args[i]->type->kind == T_INDEX && !base[i]) base[i] = op->res[0].type->sh.elem;
    }
    for (int r = 0; r < op->nregions; r++)
        for (Block *b = op->regions[r].first; b; b = b->next)
            for (Op *o = b->first; o; o = o->next) find_bases(o, entry, base, hit);
    return true;
}

/* op or an op inside it makes a view in an LX scratchpad */
static bool uses_lx(Op *op) {
    int64_t core;
    if (op_is(op, OP_ktdp_construct_memory_view) && ktdp_view_space(op, &core) == KMS_LOCAL) return true;
    for (int r = 0; r < op->nregions; r++)
        for (Block *b = op->regions[r].first; b; b = b->next)
            for (Op *o = b->first; o; o = o->next)
                if (uses_lx(o)) return true;
    return false;
}

enum { LX_BYTES = 2 << 20, LX_MAX_TILES = 1024 };

/* the LX scratchpads of a run: a[N] tile N's (its --lx file, or 2 MiB of
 * uint8 zeros), b[N] the interpreter's view of it; with --check ra/rb the
 * copies the interpreter runs on */
typedef struct LxSet { int n; NpyArray *a, *ra; Buf *b, *rb; } LxSet;

static void lx_free(LxSet *x) {
    for (int i = 0; i < x->n; i++) {
        if (x->a) npy_free(&x->a[i]);
        if (x->ra) npy_free(&x->ra[i]);
    }
    free(x->a); free(x->ra); free(x->b); free(x->rb);
    *x = (LxSet){ 0 };
}

static bool lx_setup(const KtirRun *k, Op *func, const int grid[3], bool copies, LxSet *x) {
    if (!uses_lx(func)) {
        if (k->nlx || k->nlx_outs) { errorf("%s: the kernel has no view in an LX scratchpad (ct_local / LX)", k->nlx ? "--lx" : "--lx-out"); return false; }
        return true;
    }
    int64_t nt = (int64_t)grid[0] * grid[1] * grid[2];
    if (nt > LX_MAX_TILES) {
        errorf("a kernel with views in LX scratchpads runs on at most %d compute tiles (2 MiB of LX each); the grid has %lld", LX_MAX_TILES, (long long)nt);
        return false;
    }
    x->n = (int)nt;
    x->a = calloc((size_t)nt, sizeof *x->a);
    x->b = calloc((size_t)nt, sizeof *x->b);
    if (copies) { x->ra = calloc((size_t)nt, sizeof *x->ra); x->rb = calloc((size_t)nt, sizeof *x->rb); }
    if (!x->a || !x->b || (copies && (!x->ra || !x->rb))) { errorf("out of memory"); return false; }
    char err[1024];
    for (int j = 0; j < k->nlx + k->nlx_outs; j++) {
        bool out = j >= k->nlx;
        const Binding *bd = out ? &k->lx_outs[j - k->nlx] : &k->lx[j];
        long long core = strtoll(bd->name, NULL, 10);
        if (core >= nt) {
            errorf("%s %s=%s: the grid has %lld compute tiles (0 to %lld)", out ? "--lx-out" : "--lx", bd->name, bd->value, (long long)nt, (long long)nt - 1);
            return false;
        }
        if (out) continue;
        NpyArray *a = &x->a[core];
        NpyType f32 = NPY_FLOAT32;
        bool gen = !file_exists(bd->value) && looks_like_generator(bd->value);
        if (!(gen ? run_generate(bd->value, &f32, a, err, sizeof err) : npy_read(bd->value, a, err, sizeof err))) {
            errorf("--lx %s: cannot %s '%s': %s", bd->name, gen ? "make" : "read", bd->value, err);
            return false;
        }
        if (a->nbytes > LX_BYTES) {
            errorf("--lx %s: '%s' holds %zu bytes; an LX scratchpad holds 2 MiB (%d bytes)", bd->name, bd->value, a->nbytes, LX_BYTES);
            return false;
        }
    }
    for (int i = 0; i < x->n; i++) {
        NpyArray *a = &x->a[i];
        if (!a->data) {
            *a = (NpyArray){ .dtype = NPY_UINT8, .ndim = 1, .shape = { LX_BYTES }, .data = calloc(LX_BYTES, 1), .nbytes = LX_BYTES };
            if (!a->data) { errorf("out of memory"); return false; }
        }
        x->b[i] = (Buf){ a->data, a->nbytes, NULL };
        if (!copies) continue;
        x->ra[i] = *a;
        x->ra[i].data = malloc(a->nbytes ? a->nbytes : 1);
        if (!x->ra[i].data) { x->ra[i] = (NpyArray){ 0 }; errorf("out of memory"); return false; }
        memcpy(x->ra[i].data, a->data, a->nbytes);
        x->rb[i] = (Buf){ x->ra[i].data, x->ra[i].nbytes, NULL };
    }
    return true;
}

static bool func_grid(Op *func, int grid[3]) {
    int64_t g[3];
    int n = op_attr_ints(func, "grid", g, 3);
    grid[0] = grid[1] = grid[2] = 1;
    if (n < 0) return true;
    for (int i = 0; i < n; i++) {
        if (g[i] < 1 || g[i] > 0x7fffffff) return false;
        grid[i] = (int)g[i];
    }
    return true;
}

/* the lowering: the ktir target's default pipeline with the run's grid, of
 * as many axes as the kernel reads (the lowering wants exactly those: a
 * --grid=X,1 for a kernel of two axes keeps its 1), more only where the
 * grid has more than one program along an axis the kernel does not read
 * (which the lowering then rejects, naming the rank it needs) */
static Op *lower(const KtirRun *k, Ctx *c, Op *m, Op *func, Diag *d) {
    const Target *t = target_by_name("ktir");
    if (!t) { errorf("--via=ktir: the ktir target is not available"); return NULL; }
    int rank = kernel_grid_axes(func);
    for (int a = 0; a < 3; a++)
        if (k->grid[a] > 1 && a + 1 > rank) rank = a + 1;
    if (rank < 1) rank = 1;
    if (rank > 3) rank = 3;
    char grid[64];
    if (rank == 3) snprintf(grid, sizeof grid, "%d,%d,%d", k->grid[0], k->grid[1], k->grid[2]);
    else if (rank == 2) snprintf(grid, sizeof grid, "%d,%d", k->grid[0], k->grid[1]);
    else snprintf(grid, sizeof grid, "%d", k->grid[0]);
    TargetOpts to = { .grid = grid };
    Pipeline pl = { 0 };
    char err[512];
    if (!t->pipeline(&pl, &to, err, sizeof err)) { errorf("--via=ktir: %s", err); pipeline_free(&pl); return NULL; }
    RunOpts ro = { .verify_each = true };
    bool ok = t->precheck(m, d) && !d->nerrors && pipeline_run(&pl, c, m, &ro, d) && !d->nerrors;
    pipeline_free(&pl);
    return ok ? m : NULL;
}

int run_ktir(const KtirRun *k, Ctx *c, Op *m, Diag *d) {
    bool via = k->via != NULL;
    if (k->unsupported) return errorf("'%s' does not apply to KTIR yet", k->unsupported);
    if (via && strcmp(k->via, "ktir")) return errorf("unknown --via '%s' (expected ktir)", k->via);
    if (via && run_is_ktir(m)) return errorf("--via=ktir lowers TTIR, but '%s' is already KTIR (it has ktdp ops): run it without --via", k->fname);
    if (via && (k->memory || k->nlx || k->nlx_outs))
        return errorf("%s of a KTIR kernel; with --via=ktir the TTIR's pointers are bound with --arg",
                      k->memory ? "--memory is the device memory" : k->nlx ? "--lx is the LX scratchpad of a tile" : "--lx-out writes the LX scratchpad of a tile");
    if (via && !k->have_grid) return errorf("missing --grid=X[,Y[,Z]] (with --via=ktir it is the grid of the TTIR and of the lowering)");
    Op *func = interp_find_func(m, k->function);
    if (!func || !func->nregions || !func->regions[0].first) {
        return no_function_error(k->fname, m, k->function);
    }
    Block *entry = func->regions[0].first;
    int nk = entry->nargs, rc = 1;
    NpyArray *arrays = calloc((size_t)nk + 1, sizeof *arrays), *refs = NULL;
    IArg *iargs = calloc((size_t)nk + 1, sizeof *iargs), *rargs = NULL, *jargs = NULL;
    NpyArray mem = { 0 }, memref = { 0 };
    Buf mbuf = { 0 }, mrbuf = { 0 };
    LxSet lx = { 0 };
    char (*names)[64] = calloc((size_t)nk + 1, sizeof *names);
    Type **base = calloc((size_t)nk + 1, sizeof *base);
    bool *hit = calloc((size_t)nk + 1, sizeof *hit);
    int *bound = calloc((size_t)nk + 1, sizeof *bound), *outarg = calloc((size_t)k->nouts + 1, sizeof *outarg);
    double *times = calloc((size_t)(k->repeat > 0 ? k->repeat : 1), sizeof *times);
    char err[1024];
    bool bad = false;
    if (!arrays || !iargs || !names || !base || !hit || !bound || !outarg || !times) { errorf("out of memory"); goto out; }
    for (int i = 0; i < nk; i++) {
        source_name(entry->args[i], k->src, k->len, names[i], sizeof names[0]);
        if (!names[i][0]) snprintf(names[i], sizeof names[0], "arg%d", i);
    }
    if (!via) find_bases(func, entry, base, hit);
    if (k->memory) {   /* the device memory */
        NpyType f32 = NPY_FLOAT32;
        bool gen = !file_exists(k->memory) && looks_like_generator(k->memory);
        bool okm = gen ? run_generate(k->memory, &f32, &mem, err, sizeof err) : npy_read(k->memory, &mem, err, sizeof err);
        if (!okm) { errorf("--memory: cannot %s '%s': %s", gen ? "make" : "read", k->memory, err); goto out; }
        mbuf = (Buf){ mem.data, mem.nbytes, NULL };
    }
    for (int i = 0; via && i < nk; i++)
        if (entry->args[i]->type && entry->args[i]->type->kind == T_PTR) base[i] = entry->args[i]->type->ptr.pointee;

    /* names */
    for (int b = 0; b < k->nargs; b++) {
        int i = arg_index(k->args[b].name, names, nk);
        if (i < 0) { no_argument_error(c, k->fn_name, entry, names, nk, k->args[b].name); bad = true; continue; }
        if (bound[i]) { errorf("argument '%s' is bound twice (--arg %s and --arg %s)", names[i], k->args[bound[i] - 1].name, k->args[b].name); bad = true; }
        bound[i] = b + 1;
    }
    for (int b = 0; b < k->nouts; b++) {
        int i = arg_index(k->outs[b].name, names, nk);
        if (i < 0) { no_argument_error(c, k->fn_name, entry, names, nk, k->outs[b].name); bad = true; continue; }
        if (k->memory) { errorf("--output %s: with --memory the buffers are in the memory; write it with --memory-out=FILE.npy", k->outs[b].name); bad = true; }
        else if (!base[i]) { errorf("--output %s: argument '%s' is not the base address of a buffer", k->outs[b].name, names[i]); bad = true; }
        outarg[b] = i;
    }
    if (bad) goto out;
    /* values */
    for (int i = 0; i < nk; i++) {
        Type *t = entry->args[i]->type;
        char *ts = print_type_str(c, t);
        Loc l = value_loc(entry->args[i]).line ? value_loc(entry->args[i]) : func->loc;
        if (!bound[i]) {
            if (base[i]) diag_error(d, l, "argument '%s' (%s, the base address of a buffer) is not bound; give --arg %s=FILE.npy or a generator such as %s=zeros:SHAPE", names[i], ts, names[i], names[i]);
            else diag_error(d, l, "argument '%s' (%s) is not bound; give --arg %s=NUMBER", names[i], ts, names[i]);
            bad = true;
            free(ts);
            continue;
        }
        const char *val = k->args[bound[i] - 1].value;
        if (base[i] && k->memory) {   /* an element address in the memory */
            if (!parse_scalar(val, t, &iargs[i], err, sizeof err) || iargs[i].i < 0) {
                diag_error(d, l, "argument '%s' is a base address in the memory (--memory): give an element address, a number from 0 (%s)", names[i],
                           iargs[i].i < 0 ? "it is negative" : err);
                bad = true;
            }
        } else if (base[i]) {
            NpyType want;
            bool also_u8, ok = true;
            char *es = print_type_str(c, base[i]);
            if (!dtype_for(base[i], &want, &also_u8)) {
                diag_error(d, l, "argument '%s' addresses %s elements, which have no .npy dtype", names[i], es);
                ok = false;
            } else if (!file_exists(val) && looks_like_generator(val)) {
                if (!run_generate(val, &want, &arrays[i], err, sizeof err)) { diag_error(d, l, "argument '%s': %s", names[i], err); ok = false; }
            } else if (!npy_read(val, &arrays[i], err, sizeof err)) {
                diag_error(d, l, "argument '%s': cannot read '%s': %s", names[i], val, err);
                ok = false;
            }
            if (ok && arrays[i].dtype != want && !(also_u8 && arrays[i].dtype == NPY_UINT8)) {
                diag_error(d, l, "argument '%s' is the base address of %s elements: '%s' holds %s, expected %s", names[i], es, val,
                           npy_type_name(arrays[i].dtype), npy_type_name(want));
                ok = false;
            }
            free(es);
            if (ok) iargs[i] = iarg_buf(arrays[i].data, arrays[i].nbytes);
            else bad = true;
        } else if (t && (t->kind == T_INT || t->kind == T_INDEX || t->kind == T_FLOAT)) {
            if (!parse_scalar(val, t, &iargs[i], err, sizeof err)) { diag_error(d, l, "argument '%s' is a scalar %s: %s", names[i], ts, err); bad = true; }
        } else {
            diag_error(d, l, "argument '%s' has type %s, which 'run' cannot bind", names[i], ts);
            bad = true;
        }
        free(ts);
    }
    if (bad || d->nerrors) goto out;

    if (k->memory) {   /* the JIT takes a base address in the memory as the address of its first element */
        jargs = calloc((size_t)nk + 1, sizeof *jargs);
        if (!jargs) { errorf("out of memory"); goto out; }
        for (int i = 0; i < nk; i++) {
            jargs[i] = iargs[i];
            if (base[i]) {
                NpyType nt;
                bool u8;
                int64_t sz = dtype_for(base[i], &nt, &u8) ? (int64_t)npy_type_size(nt) : 1;
                jargs[i] = iarg_buf((char *)mem.data + iargs[i].i * sz, 0);
            }
        }
        if (k->engine == KENG_CHECK) {
            memref = mem;
            memref.data = malloc(mem.nbytes ? mem.nbytes : 1);
            if (!memref.data) { memref = (NpyArray){ 0 }; errorf("out of memory"); goto out; }
            memcpy(memref.data, mem.data, mem.nbytes);
            mrbuf = (Buf){ memref.data, memref.nbytes, NULL };
        }
    }
    if (k->dump_dir && k->engine != KENG_INTERP && !dump_input(k->dump_dir, c, m)) goto out;
    /* --check: the TTIR (with --via) or the KTIR on the interpreter first, on copies */
    if (k->engine == KENG_CHECK) {
        if (!check_copies(nk, iargs, arrays, &refs, &rargs)) goto out;
        if (via && (interp_run(c, func, nk, rargs, k->grid, d) != 0 || d->nerrors)) goto out;
    }
    int grid[3] = { k->grid[0], k->grid[1], k->grid[2] };
    if (via) {
        if (!lower(k, c, m, func, d)) goto out;
        func = interp_find_func(m, k->function);
        if (!func || !func->nregions || !func->regions[0].first || func->regions[0].first->nargs != nk) {
            errorf("--via=ktir: the lowered kernel does not take the TTIR's %d arguments", nk);
            goto out;
        }
        for (int i = 0; i < nk; i++)
            if (iargs[i].kind == IARG_BUF && func->regions[0].first->args[i]->type->kind != T_INDEX) {
                errorf("--via=ktir: argument %d of the lowered kernel is not a base address", i);
                goto out;
            }
        if (!func_grid(func, grid)) { errorf("the lowered kernel has a bad grid"); goto out; }
    } else if (!k->have_grid && !func_grid(func, grid)) {
        diag_error(d, func->loc, "bad 'grid' attribute: expected up to 3 positive tile counts");
        goto out;
    }
    if (!via && !lx_setup(k, func, grid, k->engine == KENG_CHECK, &lx)) goto out;
    KtirMem km = { k->memory ? &mbuf : NULL, lx.b, lx.n }, kmref = { k->memory ? &mrbuf : NULL, lx.rb, lx.n };
    int nrep = k->repeat > 0 ? k->repeat : 1, nthreads = 1;
    bool interp = k->engine == KENG_INTERP;
    if (!interp) {
        JitOpts jo = { .threads = k->threads ? k->threads : k->memory || lx.n ? 1 : 0, .no_bounds = k->no_bounds, .dump_dir = k->dump_dir,
                       .nthreads_out = &nthreads, .repeat = nrep, .times = times, .cotiles = has_inter_tile(func),
                       .mem = k->memory ? mem.data : NULL, .mem_bytes = mem.nbytes, .lx = lx.b, .nlx = lx.n };
        Op *unsup = NULL;
        int jr = jit_run(c, m, func, nk, jargs ? jargs : iargs, grid, &jo, &unsup, d);
        if (jr == 1 && k->engine == KENG_CHECK && !via) {
            diag_error(d, unsup->loc, "the C target does not support '%s'%s, so --check cannot compare the engines", op_name(unsup), why_note(unsup));
            goto out;
        }
        if (jr == 1) {
            diag_emit(d, SEV_NOTE, unsup->loc, "the C target does not support '%s'%s; running the kernel on the interpreter", op_name(unsup), why_note(unsup));
            interp = true;
        } else if (jr != 0 || d->nerrors) goto out;
    }
    for (int rep = 0; interp && rep < nrep; rep++) {
        double t0 = now_us();
        int ir = interp_run_mem(c, func, nk, iargs, &km, grid, d);
        times[rep] = now_us() - t0;
        if (ir != 0 || d->nerrors) goto out;
    }
    if (k->bench) {
        char gname[300];
        snprintf(gname, sizeof gname, "%s[%d,%d,%d] (ktir)", k->fn_name, grid[0], grid[1], grid[2]);
        bench_print(gname, interp ? "interp" : "jit", interp ? 1 : nthreads, times, nrep);
    }
    /* --check of the KTIR alone: now the interpreter, on the copies */
    if (refs && !via && (interp_run_mem(c, func, nk, rargs, &kmref, grid, d) != 0 || d->nerrors)) goto out;
    if (refs) {
        bool agree = true;
        for (int i = 0; i < nk; i++) {
            bool want = false;
            for (int b = 0; b < k->nouts; b++) want |= outarg[b] == i;
            if (iargs[i].kind != IARG_BUF || (k->nouts && !want)) continue;
            agree &= via ? check_pair(names[i], &arrays[i], &refs[i], "ktir", "ttir") : check_one(names[i], &arrays[i], &refs[i]);
        }
        if (k->memory) agree &= check_one("memory", &mem, &memref);
        for (int i = 0; i < lx.n; i++) {
            char nm[32];
            snprintf(nm, sizeof nm, "lx%d", i);
            agree &= check_one(nm, &lx.a[i], &lx.ra[i]);
        }
        fflush(stdout);
        if (!agree) {
            if (via) errorf("the KTIR (on the %s) and the TTIR (on the interpreter) disagree (see above)", interp ? "interpreter" : "JIT");
            else errorf("the JIT and the interpreter disagree on the KTIR (see above)");
            if (!interp) note_thread_order(nthreads, grid);
            goto out;
        }
    }
    rc = 0;
    for (int b = 0; b < k->nouts && rc == 0; b++)
        if (!npy_write(k->outs[b].value, &arrays[outarg[b]], err, sizeof err)) { errorf("cannot write '%s': %s", k->outs[b].value, err); rc = 1; }
    if (rc == 0 && k->memory_out && !npy_write(k->memory_out, &mem, err, sizeof err)) { errorf("cannot write '%s': %s", k->memory_out, err); rc = 1; }
    for (int b = 0; b < k->nlx_outs && rc == 0; b++) {
        const Binding *bd = &k->lx_outs[b];
        if (!npy_write(bd->value, &lx.a[strtoll(bd->name, NULL, 10)], err, sizeof err)) { errorf("cannot write '%s': %s", bd->value, err); rc = 1; }
    }
out:
    check_copies_free(nk, refs, rargs);
    for (int i = 0; arrays && i < nk; i++) npy_free(&arrays[i]);
    free(arrays);
    free(iargs);
    free(jargs);
    npy_free(&mem);
    npy_free(&memref);
    lx_free(&lx);
    free(names);
    free(base);
    free(hit);
    free(bound);
    free(outarg);
    free(times);
    return rc;
}
