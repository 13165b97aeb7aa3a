/* pass.h - passes, their options, the registry and pipelines. */
#ifndef TTX_PASS_H
#define TTX_PASS_H

#include "diag.h"
#include "ir.h"

typedef enum { PO_INT, PO_BOOL, PO_STRING, PO_INTLIST } PassOptKind;

typedef struct PassOptDef {
    const char *name;
    PassOptKind kind;
    const char *dflt;     /* default, written as on the command line ("32", "true", "4,2") */
    /* the values accepted, as --help lists them, or NULL for any of the kind:
     * "a|b|c" (strings or integers), "LO..HI" or "LO.." (integers; for an
     * int list, each element); a bool takes true or false */
    const char *values;
    const char *help;
} PassOptDef;

#define PASS_MAX_OPTS 8

typedef struct PassOptVal {
    bool set;             /* given explicitly */
    int64_t i;
    bool b;
    const char *s;
    int64_t list[64];
    int nlist;
} PassOptVal;

typedef struct Pass Pass;

typedef struct PassOptions {
    const Pass *pass;
    PassOptVal v[PASS_MAX_OPTS];
} PassOptions;

/* run over the module; report problems to d and return false on failure */
typedef bool (*PassRunFn)(Ctx *c, Op *module, const PassOptions *o, Diag *d);

struct Pass {
    const char *name;     /* the flag: --name */
    const char *summary;
    const PassOptDef *opts;
    int nopts;
    PassRunFn run;
};

/* the table of passes pass_lookup and pass_all search: all[0 .. n), kept by
 * pointer (the program's registry sets it once at start-up) */
void pass_registry_set(const Pass *const *all, int n);
const Pass *pass_lookup(const char *name);
const Pass *const *pass_all(int *n);
const PassOptVal *popt(const PassOptions *o, const char *name);
int64_t popt_int(const PassOptions *o, const char *name);
int pass_print_values(FILE *f, const PassOptDef *d);
bool popt_bool(const PassOptions *o, const char *name);
const char *popt_str(const PassOptions *o, const char *name);

/* a pipeline: passes with their options, in order */
typedef struct Pipeline {
    PassOptions *p;
    int n, cap;
} Pipeline;

/* parse `opt=v opt2=w` (or `opt=v,w` lists) for pass into o, starting from
 * the defaults; on error writes a message to err and returns false */
bool pass_options_parse(const Pass *pass, const char *text, PassOptions *o, char *err, size_t errlen);
bool pipeline_add(Pipeline *pl, const char *name, const char *opts, char *err, size_t errlen);
/* `builtin.module(a,b{opt=v})` or `a,b{opt=v}` */
bool pipeline_parse(Pipeline *pl, const char *text, char *err, size_t errlen);
void pipeline_free(Pipeline *pl);
void pass_print_help(FILE *f);

typedef struct RunOpts {
    bool verify_each;     /* verify after every pass (default on) */
    bool print_before, print_after;
    const char *dump_dir; /* one file per stage */
    const char *dump_prefix; /* file name prefix for split sections, or "" */
    bool timing;
    double *times;        /* per pass accumulated seconds (pl->n entries, then the verifier's), or NULL */
    bool debuginfo;
} RunOpts;

/* verify, then run each pass (verifying after each when asked) */
bool pipeline_run(const Pipeline *pl, Ctx *c, Op *module, const RunOpts *ro, Diag *d);
/* --dump-dir when the run stops before the first pass: DIR/00-input.mlir and,
 * with a stage (a target's precheck), DIR/01-STAGE.failed.mlir */
void pipeline_dump_early(const RunOpts *ro, Ctx *c, Op *module, const char *stage, Diag *d);

/* ---- helpers shared by passes (passutil.c) ---------------------------- */
bool op_is_pure(const Op *op);           /* no memory effects at all (recursively for region ops) */
bool op_is_trivially_dead(const Op *op); /* unused results and at most read effects */
bool op_has_verbatim(const Op *op);       /* op or an op nested in it was not understood */
bool op_would_be_trivially_dead(const Op *op);  /* the same, ignoring uses */
bool op_has_recursive_effects(const Op *op); /* effects are those of the ops in its regions */

/* the blocks of a region numbered in order, looked up by pointer */
typedef struct BIdx { Block *b; int i; } BIdx;
BIdx *block_index_map(Region *r, int *n);       /* malloc'd, sorted by address */
int block_index(const BIdx *map, int n, Block *b);  /* -1 if not there */
bool op_has_write_effect(const Op *op);  /* writes, or effects unknown */
Attr *value_const(Value *v);             /* the value attribute if v comes from arith.constant */
Op *const_new(Ctx *c, Attr *value, Type *t, Loc loc);  /* a decoded arith.constant */
/* tensor.empty of type t before pos; each dynamic size is tensor.dim of like */
Value *tensor_empty_like(Ctx *c, Op *pos, Type *t, Value *like);
Op *func_of(Op *op);                     /* the enclosing isolated op (function or module) */
unsigned pass_epoch(void);               /* a fresh nonzero value for Op.mark flags */
/* a Spyre grid: 1 to 3 axes, each extent at least 1, at most SPYRE_CORES
 * tiles in all; false with the reason in err otherwise */
#define SPYRE_CORES 32
bool spyre_grid_check(const int64_t *extents, int naxes, char *err, size_t errlen);

/* ---- the verifier (verify.c) ---------------------------------------- */
bool verify_module(Ctx *c, Op *module, Diag *d);

#endif
