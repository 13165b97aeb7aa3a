/* targets/ktir/ktir.c - KTIR for IBM Spyre: the Spyre backend's pass
 * pipeline (spyre-lowering spec 1.2) and the ktdp printer. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "target.h"

/* the core passes in order, by the reference's binding name and flag */
static const struct { const char *binding, *flag; bool ready; } core[] = {
    /* pointer-style kernels: ptr-analysis (run by the pass when the module
     * has such accesses) and their views and tiles; a no-op otherwise */
    { "lower_structured_pointers", "lower-structured-pointers", true },
    { "lower_descriptor_memory", "lower-descriptor-memory", true },
    { "lower_scalar_load", "lower-scalar-load", true },
    { "lower_compute_ops", "lower-compute-ops", true },
    { "rewrite_descriptor_layout", "rewrite-descriptor-layout", true },
    { "lower_inter_tile", "lower-inter-tile", true },
    { "convert_functions", "convert-ttir-functions", true },
};
static const struct { const char *binding, *flag; } fixes[] = {
    { "convert_elementwise_to_linalg", "convert-elementwise-to-linalg" },
    { "unalias_linalg_outs", "unalias-linalg-outs" },
    { "materialize_base_addresses", "materialize-base-addresses" },
};
#define N(a) (int)(sizeof a / sizeof *a)

static int core_index(const char *s, size_t n) {
    for (int i = 0; i < N(core); i++)
        if ((strlen(core[i].binding) == n && !strncmp(core[i].binding, s, n)) ||
            (strlen(core[i].flag) == n && !strncmp(core[i].flag, s, n))) return i;
    return -1;
}
static int fix_index(const char *s, size_t n) {
    for (int i = 0; i < N(fixes); i++)
        if ((strlen(fixes[i].binding) == n && !strncmp(fixes[i].binding, s, n)) ||
            (strlen(fixes[i].flag) == n && !strncmp(fixes[i].flag, s, n))) return i;
    return -1;
}

static bool add(Pipeline *pl, const char *flag, const char *opts, char *err, size_t errlen) {
    return pipeline_add(pl, flag, opts, err, errlen);
}

static bool ktir_pipeline(Pipeline *pl, const TargetOpts *o, char *err, size_t errlen) {
    const char *layout = o->data_layout ? o->data_layout : "device";
    if (strcmp(layout, "device") && strcmp(layout, "host")) {
        snprintf(err, errlen, "invalid --data-layout '%s': expected device or host", layout);
        return false;
    }
    /* fixes: PASS@ANCHOR, the anchor a core pass (unlike the reference, which
     * ignores an unknown anchor, a bad one is an error) */
    int fix_of[16], anchor_of[16];
    for (int i = 0; i < o->nfix; i++) {
        const char *s = o->fix[i], *at = strchr(s, '@');
        if (!at) { snprintf(err, errlen, "invalid --fix '%s': expected PASS@ANCHOR", s); return false; }
        fix_of[i] = fix_index(s, (size_t)(at - s));
        anchor_of[i] = core_index(at + 1, strlen(at + 1));
        if (fix_of[i] < 0) {
            snprintf(err, errlen, "invalid --fix '%s': '%.*s' is not a fix pass (convert-elementwise-to-linalg, unalias-linalg-outs, materialize-base-addresses)", s, (int)(at - s), s);
            return false;
        }
        if (anchor_of[i] < 0) {
            snprintf(err, errlen, "invalid --fix '%s': anchor '%s' is not a core pass of the Spyre pipeline", s, at + 1);
            return false;
        }
    }
    /* --base-addresses without an explicit materialize fix: materialise
     * right after convert-ttir-functions, where pointers became indices;
     * require-all: one address per pointer argument, no fewer */
    bool have_mba = false;
    for (int i = 0; i < o->nfix; i++)
        if (!strcmp(fixes[fix_of[i]].flag, "materialize-base-addresses")) have_mba = true;
    int auto_mba = o->base_addresses && *o->base_addresses && !have_mba ? core_index("convert_functions", 17) : -1;
    char opt[512];
    for (int c = 0; c < N(core); c++) {
        if (core[c].ready) {
            const char *opts = NULL;
            /* --ktir-cpu: the rank-1 scalar read that ktir-cpu can run */
            if (o->scalar_load_rank1 && !strcmp(core[c].flag, "lower-scalar-load")) opts = "rank1=true";
            if (!strcmp(core[c].flag, "rewrite-descriptor-layout")) {
                snprintf(opt, sizeof opt, "data-layout=%s", layout);
                opts = opt;
            }
            if (!add(pl, core[c].flag, opts, err, errlen)) return false;
        }
        for (int i = 0; i < o->nfix; i++) {
            if (anchor_of[i] != c) continue;
            const char *opts = NULL;
            if (!strcmp(fixes[fix_of[i]].flag, "materialize-base-addresses")) {
                snprintf(opt, sizeof opt, "base-addresses=%s require-all=true", o->base_addresses ? o->base_addresses : "");
                opts = o->base_addresses && *o->base_addresses ? opt : NULL;
            }
            if (!add(pl, fixes[fix_of[i]].flag, opts, err, errlen)) return false;
        }
        if (c == auto_mba) {
            snprintf(opt, sizeof opt, "base-addresses=%s require-all=true", o->base_addresses);
            if (!add(pl, "materialize-base-addresses", opt, err, errlen)) return false;
        }
    }
    /* the grid is checked here so that a bad one is an option error, named as
     * the user wrote it, before any input is read */
    if (o->grid && *o->grid) {
        int64_t g[4];
        int axes = 0;
        for (const char *q = o->grid;;) {
            char *end;
            errno = 0;
            long long v = strtoll(q, &end, 10);
            if (end == q || errno || (*end && *end != ',')) {
                snprintf(err, errlen, "invalid --grid '%s': expected up to 3 comma-separated tile counts, such as 32 or 4,8", o->grid);
                return false;
            }
            if (axes < 4) g[axes] = v;
            axes++;
            if (!*end) break;
            q = end + 1;
        }
        char why[160];
        if (!spyre_grid_check(g, axes < 4 ? axes : 4, why, sizeof why)) {
            if (axes > 3) snprintf(why, sizeof why, "a grid has at most 3 axes, got %d", axes);
            snprintf(err, errlen, "invalid --grid '%s': %s", o->grid, why);
            return false;
        }
    }
    snprintf(opt, sizeof opt, "grid=%s", o->grid && *o->grid ? o->grid : "32");
    if (!add(pl, "distribute-work-to-spyre-cores", opt, err, errlen)) return false;
    return add(pl, "canonicalize", NULL, err, errlen) && add(pl, "cse", NULL, err, errlen);
}

/* what the Spyre backend does not lower (spec 2.9): the reference lets these
 * survive into invalid KTIR; here each is an error at the op.  Pointer-style
 * accesses are lowered by lower-structured-pointers, which reports what it
 * cannot express. */
static const char *not_lowered(Op *op) {
    switch (op->info->id) {
    case OP_tt_scan:
        return "this op is not lowered to KTIR by the Spyre backend: a prefix scan (tl.cumsum, tl.cumprod, tl.associative_scan) has no KTIR form (linalg.reduce keeps one value per reduced row, not every prefix, and ktdp has no scan)";
    case OP_tt_cat: case OP_tt_gather: case OP_tt_histogram:
    case OP_tt_extern_elementwise: case OP_tt_call:
        return "this op is not lowered to KTIR by the Spyre backend";
    case OP_tt_atomic_rmw: case OP_tt_atomic_cas:
        return "an atomic read-modify-write of memory (tl.atomic_add, tl.atomic_max, tl.atomic_xchg, tl.atomic_cas, ..) is not lowered to KTIR: ktdp.load and ktdp.store move whole tiles and KTIR has no atomic update, so programs that update the same element (a histogram's bins) would lose each other's updates";
    default: return NULL;
    }
}

/* each op of spec 2.9 that the Spyre pipeline leaves unlowered is an error at the op */
static bool needs_missing(Op *op, void *ud) {
    Diag *d = ud;
    const char *why = not_lowered(op);
    if (why) { diag_error(d, op->loc, "'%s': %s", op->info->name, why); return true; }
    return true;
}
/* llvm.intr.assume (tl.assume) is a promise that changes no value; KTIR has
 * no such op, so it is dropped before the lowering */
static bool collect_assume(Op *op, void *ud) {
    if (op_is(op, OP_llvm_intr_assume)) pv_push(ud, op);
    return true;
}
static bool ktir_precheck(Op *m, Diag *d) {
    int before = d->nerrors;
    PtrVec assumes = { 0 };
    op_walk(m, collect_assume, &assumes);
    for (int i = 0; i < assumes.n; i++) op_erase(assumes.v[i]);
    pv_free(&assumes);
    op_walk(m, needs_missing, d);
    return d->nerrors == before;
}

static void ktir_print_opts(PrintOpts *po) { (void)po; }

const Target target_ktir = { "ktir", ".ktir", ktir_pipeline, ktir_precheck, ktir_print_opts, NULL };
