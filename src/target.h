/* target.h - an output of ttxform: a name, its file suffix, the pipeline that
 * produces it, and how it is written (DESIGN.md, "Targets"). */
#ifndef TTX_TARGET_H
#define TTX_TARGET_H

#include "diag.h"
#include "ir.h"
#include "pass.h"
#include "print.h"

/* the tool-level options a target's default pipeline takes */
typedef struct TargetOpts {
    const char *grid;            /* "32", "16,2" */
    const char *base_addresses;  /* "" or "a,b,..." */
    const char *data_layout;     /* "device" or "host" */
    const char *fix[16];         /* "PASS@ANCHOR" */
    int nfix;
    bool scalar_load_rank1;      /* lower-scalar-load rank1=true (set by --ktir-cpu) */
} TargetOpts;

typedef struct Target {
    const char *name;            /* --emit=NAME */
    const char *suffix;          /* -o FILE.SUFFIX picks it */
    /* append the default pipeline; false with a message in err */
    bool (*pipeline)(Pipeline *pl, const TargetOpts *o, char *err, size_t errlen);
    /* reject what the pipeline cannot lower yet, at the op; false on errors */
    bool (*precheck)(Op *module, Diag *d);
    void (*print_opts)(PrintOpts *po);
    /* write the output itself (NULL: print the module as MLIR text); false
     * after reporting errors to d */
    bool (*emit)(FILE *out, Ctx *c, Op *module, Diag *d);
} Target;

/* the table target_by_name and target_by_suffix search: all[0 .. n), kept by
 * pointer (the program's registry sets it once at start-up) */
void target_registry_set(const Target *const *all, int n);
const Target *target_by_name(const char *name);
const Target *target_by_suffix(const char *path);

#endif
