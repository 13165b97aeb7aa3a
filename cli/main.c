/* main.c - the ttxform command line. */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dialects.h"
#include "diag.h"
#include "ir.h"
#include "parse.h"
#include "pass.h"
#include "print.h"
#include "registry.h"
#include "riscv/riscv.h"
#include "run.h"
#include "target.h"
#include "verify.h"

#define TTX_VERSION "0.1.0"

typedef struct Opts {
    const char *in, *out;
    const char **ins; int nin;    /* every input named (in is the first) */
    bool split, verify, generic, debuginfo, ktir_cpu;
    int ktdp_space;
    const char *emit;             /* a target name, or NULL */
    bool emit_given;              /* --emit was given (mlir and generic too): it wins over -o's suffix */
    TargetOpts to;
    bool target_opts_given;
    const char *target_opt;       /* the first KTIR option given */
    const char *smt_arch;         /* --smt-arch=k1|k3, or NULL */
    const char *smt_ime;          /* --smt-ime=hw|ref (--emit=rvv), or NULL */
    Pipeline pl;
    RunOpts ro;
} Opts;

static const char *usage =
    "usage: ttxform [options] [INPUT|-] [-o OUTPUT|-]\n"
    "       ttxform [options] INPUT... -o DIR\n"
    "       ttxform run KERNEL.ttir --grid=X[,Y[,Z]] --arg NAME=VALUE... [--output NAME=FILE.npy]...\n"
    "       ttxform build KERNEL.ttir --target=riscv64|riscv64-rvv -o K.o|K.so|K.s\n"
    "\n"
    "Reads Triton IR (TTIR) or KTIR text, holds it in its own SSA IR and prints\n"
    "it back as MLIR-compatible text.  INPUT and OUTPUT default to stdin and\n"
    "stdout; -o FILE is written atomically, and not at all when a run fails.\n"
    "With several inputs, or when -o names a directory DIR, each input's output\n"
    "goes to DIR/NAME.SUFFIX (NAME: the input's file name without its extension;\n"
    "SUFFIX: the --emit target's, .mlir otherwise); an input that fails writes\n"
    "nothing, the others are still written, and the exit status is 1.\n"
    "\n"
    "Every valued option is written --opt=V or --opt V (-o F, -oF, -o=F); '--'\n"
    "ends the options; a single-valued option may be given only once.\n"
    "\n"
    "options:\n"
    "  -o FILE                    write the output to FILE ('-': stdout), or into the\n"
    "                             directory FILE (several inputs, or FILE a directory)\n"
    "  --split-input-file         treat '// -----' lines as separators of independent\n"
    "                             inputs; outputs are joined with the same marker\n"
    "  --verify-diagnostics       check diagnostics against the input's\n"
    "                             '// expected-error @+N {{...}}' annotations\n"
    "  --mlir-print-op-generic    print every op in MLIR's generic form\n"
    "  --emit=generic             the same\n"
    "  --emit=mlir                print ops in their custom form (the default; an\n"
    "                             explicit --emit always wins over the suffix of -o)\n"
    "  --emit=ktir                lower TTIR to KTIR for IBM Spyre with the Spyre\n"
    "                             backend's pipeline (also chosen by -o FILE.ktir when\n"
    "                             no pass is given on the command line); input that\n"
    "                             is already KTIR is an error\n"
    "  --emit=c                   portable C99 for the CPU, one function per kernel\n"
    "                             with the spine-triton ABI (also chosen by -o FILE.c)\n"
    "  --emit=rvv                 C with RISC-V vector intrinsics (<riscv_vector.h>,\n"
    "                             clang 19, VLEN-agnostic; also chosen by -o FILE.rvv.c)\n"
    "  --smt-arch=k1|k3           the SpacemiT core of the SMT (xsmt) ops: sets the\n"
    "                             module's tt.arch_id (K1 \"0xA03C\", K3 \"0xA064\"),\n"
    "                             which picks the micro-tile checks and, for\n"
    "                             --emit=rvv, the micro-kernels of xsmt.mmt4d and of\n"
    "                             a plain 2-D tt.dot whose shapes fit the core's micro\n"
    "                             tile (a note says why one does not; docs/cpu.md)\n"
    "\n"
    "KTIR options (with --emit=ktir or -o FILE.ktir; an error with any other\n"
    "output, or with an empty value):\n"
    "  --grid=N[,N[,N]]           tiles along each grid axis (default 32; at most 32\n"
    "                             tiles in all)\n"
    "  --base-addresses=A,B,...   base addresses (element indices) that replace the\n"
    "                             public functions' pointer arguments, in order, one\n"
    "                             per argument (fewer or more is an error; runs\n"
    "                             materialize-base-addresses after convert-ttir-functions\n"
    "                             unless a --fix places it elsewhere)\n"
    "  --data-layout=device|host  physical layout of stick-tiled tensors, for\n"
    "                             rewrite-descriptor-layout (default device)\n"
    "  --fix=PASS@ANCHOR          run the fix PASS (convert-elementwise-to-linalg,\n"
    "                             unalias-linalg-outs, materialize-base-addresses) right\n"
    "                             after the core pass ANCHOR (lower-descriptor-memory,\n"
    "                             lower-scalar-load, lower-compute-ops,\n"
    "                             rewrite-descriptor-layout, lower-inter-tile,\n"
    "                             convert-ttir-functions; binding names with '_' too)\n"
    "  --mlir-print-debuginfo     print locations (loc(...))\n"
    "  --ktdp-memory-space=spyre|generic\n"
    "                             print ktdp memory spaces as the Spyre backend does\n"
    "                             (#ktdp.spyre_memory_space<HBM>) or as ktir-cpu reads\n"
    "                             them (#ktdp.memory_space<global>); default: as read\n"
    "  --ktir-cpu                 print KTIR the way the ktir-cpu interpreter reads it:\n"
    "                             implies --ktdp-memory-space=generic (unless given),\n"
    "                             ktir-cpu's own #ktdp.memory_space<global> spelling,\n"
    "                             which the ktdp dialect does not define (its ktir-opt\n"
    "                             rejects it; it reads --ktdp-memory-space=spyre);\n"
    "                             also a blank line after each op that does not end in\n"
    "                             a type, and the results of a multi-result op named\n"
    "                             one by one (%r8_0, %r8_1 = ..., not %8:2),\n"
    "                             other numbered values spelled %v4 (not %4); with\n"
    "                             the Spyre pipeline it also runs lower-scalar-load\n"
    "                             with rank1=true (rank-1 scalar reads)\n"
    "  --allow-unregistered-dialect  keep ops of dialects ttxform does not know\n"
    "                             (printed back as written); without it they are\n"
    "                             errors, as are unknown ops of known dialects\n"
    "\n"
    "pipelines (as with MLIR's *-opt tools):\n"
    "  --PASS[=OPTIONS]           append a pass; OPTIONS as 'opt=v' or 'a=1 b=2',\n"
    "                             lists as 'grid=4,2'\n"
    "  --pass-pipeline=PIPELINE   append 'builtin.module(a,b{opt=v})'\n"
    "  --verify-each[=true|false] verify the IR after every pass (default: true)\n"
    "  --print-ir-before-all      print the IR to stderr before every pass\n"
    "  --print-ir-after-all       print the IR to stderr after every pass\n"
    "  --dump-dir=DIR             write each stage to DIR/NN-PASS.mlir (created\n"
    "                             if missing; 00-input.mlir is the parsed input;\n"
    "                             a failing stage writes NN-PASS.failed.mlir)\n"
    "  --timing                   print a table of wall time per pass to stderr\n"
    "                             (with the input's parse and the output's print)\n"
    "  --mlir-disable-threading   read, verify and print a large module on one\n"
    "                             thread (by default a module of 1 MiB or more is\n"
    "                             read, one of 256 top-level ops or more verified,\n"
    "                             and one of 20,000 ops or more printed, on one\n"
    "                             thread per CPU, up to 8; the result is the same)\n"
    "  --list-passes              list the passes, one 'NAME<TAB>SUMMARY' a line\n"
    "  -h, --help                 show this help\n"
    "  --version                  show the version\n"
    "\n"
    "subcommands:\n"
    "  run KERNEL ...             run a kernel on the CPU with .npy or generated inputs\n"
    "                             and write buffers as .npy ('ttxform run --help');\n"
    "                             --target=riscv64|riscv64-rvv --vlen=128|...|1024 runs\n"
    "                             it under qemu-riscv64\n"
    "  build KERNEL --target=riscv64|riscv64-rvv -o K.o|K.so|K.s\n"
    "                             compile the kernel's C for RISC-V with clang-19 -O2\n"
    "                             (riscv64: -march=rv64gc; riscv64-rvv: rv64gcv, with\n"
    "                             zvfh for f16); the suffix picks the output kind\n"
    "                             ('ttxform build --help')\n"
    "\n"
    "Environment: TTXFORM_DUMP_DIR=DIR acts as --dump-dir=DIR when that option is\n"
    "not given (as spine-triton's SPINE_TRITON_DUMP_PATH); TTXFORM_TRACE=FILE.json\n"
    "acts as 'ttxform run --trace=FILE.json' (as PROTON_OUTPUT with kernel capture).\n"
    "\n"
    "Exit status: 0 on success, 1 on any error (errors are reported as\n"
    "FILE:LINE:COL: error: MESSAGE with the source line and a caret).\n"
    "\n";

static int bad_usage(const char *fmt, const char *arg) {
    fprintf(stderr, "ttxform: error: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nTry 'ttxform --help'.\n");
    return 1;
}

/* a valued option NAME, spelled NAME=V or NAME V: 1 with *val set, 0 when n
 * is not NAME, -1 when V is missing */
static int take_value(const char *n, const char *name, int argc, char **argv, int *i, const char **val) {
    size_t l = strlen(name);
    if (strncmp(n, name, l) || (n[l] && n[l] != '=')) return 0;
    if (n[l] == '=') { *val = n + l + 1; return 1; }
    if (*i + 1 >= argc) return -1;
    *val = argv[++*i];
    return 1;
}

/* a single-valued option given twice is an error: *seen remembers the first */
static int once(const char **seen, const char *a) {
    if (*seen) {
        fprintf(stderr, "ttxform: error: option '%s' conflicts with '%s': it may be given only once\n", a, *seen);
        fprintf(stderr, "Try 'ttxform --help'.\n");
        return 1;
    }
    *seen = a;
    return 0;
}

static int parse_args(int argc, char **argv, Opts *o, bool *done) {
    *done = false;
    bool options = true;
    const char *seen_out = NULL, *seen_emit = NULL, *seen_grid = NULL, *seen_base = NULL,
               *seen_layout = NULL, *seen_dump = NULL, *seen_space = NULL,
               *seen_smt = NULL, *seen_ime = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (options && !strcmp(a, "--")) { options = false; continue; }
        if (options && (!strcmp(a, "-h") || !strcmp(a, "--help"))) { fputs(usage, stdout); pass_print_help(stdout); *done = true; return 0; }
        if (options && !strcmp(a, "--version")) { puts("ttxform " TTX_VERSION); *done = true; return 0; }
        if (options && !strcmp(a, "--list-passes")) {
            int np;
            const Pass *const *all = pass_all(&np);
            for (int k = 0; k < np; k++)
                if (strncmp(all[k]->name, "test-", 5)) printf("%s\t%s\n", all[k]->name, all[k]->summary);
            *done = true;
            return 0;
        }
        if (options && !strncmp(a, "-o", 2)) {
            const char *v = a[2] == '=' ? a + 3 : a[2] ? a + 2 : NULL;
            if (!v) {
                if (++i >= argc) return bad_usage("option '%s' needs a file name", a);
                v = argv[i];
            }
            if (!*v) return bad_usage("option '%s' needs a file name", a);
            if (once(&seen_out, a)) return 1;
            o->out = v;
            continue;
        }
        if (!options || !strcmp(a, "-") || a[0] != '-') {
            if (o->nin && !strcmp(o->ins[0], "-")) return bad_usage("standard input '-' cannot be one of several inputs, such as '%s'", a);
            if (!strcmp(a, "-") && o->nin) return bad_usage("standard input '%s' cannot be one of several inputs", a);
            o->ins[o->nin++] = a;
            continue;
        }
        const char *n = a + (a[1] == '-' ? 2 : 1);
        const char *v = NULL;
        int t;
        if ((t = take_value(n, "emit", argc, argv, &i, &v))) {
            if (t < 0) return bad_usage("option '%s' needs a value (mlir, generic, ktir, c or rvv)", a);
            if (once(&seen_emit, a)) return 1;
            o->emit_given = true;
            if (!strcmp(v, "generic")) o->generic = true;
            else if (!strcmp(v, "mlir")) o->generic = false;
            else if (target_by_name(v)) o->emit = v;
            else return bad_usage("unknown output kind in '%s' (expected mlir, generic, ktir, c or rvv)", a);
        } else if ((t = take_value(n, "grid", argc, argv, &i, &v))) {
            if (t < 0 || !*v) return bad_usage("option '%s' needs a value, such as --grid=32 or --grid=4,8", a);
            if (once(&seen_grid, a)) return 1;
            o->to.grid = v;
            o->target_opts_given = true;
            if (!o->target_opt) o->target_opt = a;
        } else if ((t = take_value(n, "base-addresses", argc, argv, &i, &v))) {
            if (t < 0 || !*v) return bad_usage("option '%s' needs a list of addresses", a);
            if (once(&seen_base, a)) return 1;
            o->to.base_addresses = v;
            o->target_opts_given = true;
            if (!o->target_opt) o->target_opt = a;
        } else if ((t = take_value(n, "data-layout", argc, argv, &i, &v))) {
            if (t < 0 || !*v) return bad_usage("option '%s' needs a value (device or host)", a);
            if (once(&seen_layout, a)) return 1;
            o->to.data_layout = v;
            o->target_opts_given = true;
            if (!o->target_opt) o->target_opt = a;
        } else if ((t = take_value(n, "fix", argc, argv, &i, &v))) {
            if (t < 0 || !*v) return bad_usage("option '%s' needs a value PASS@ANCHOR", a);
            if (o->to.nfix == 16) return bad_usage("too many --fix options (at most 16): '%s'", a);
            o->to.fix[o->to.nfix++] = v;
            o->target_opts_given = true;
            if (!o->target_opt) o->target_opt = a;
        } else if ((t = take_value(n, "ktdp-memory-space", argc, argv, &i, &v))) {
            if (t < 0) return bad_usage("option '%s' needs a value (spyre or generic)", a);
            if (once(&seen_space, a)) return 1;
            if (!strcmp(v, "spyre")) o->ktdp_space = 1;
            else if (!strcmp(v, "generic")) o->ktdp_space = 2;
            else return bad_usage("invalid value in '%s' (expected spyre or generic)", a);
        } else if ((t = take_value(n, "smt-arch", argc, argv, &i, &v))) {
            if (t < 0) return bad_usage("option '%s' needs a value (k1 or k3)", a);
            if (once(&seen_smt, a)) return 1;
            if (strcmp(v, "k1") && strcmp(v, "k3")) return bad_usage("invalid value in '%s' (expected k1 or k3)", a);
            o->smt_arch = v;
        } else if ((t = take_value(n, "smt-ime", argc, argv, &i, &v))) {
            if (t < 0) return bad_usage("option '%s' needs a value (hw or ref)", a);
            if (once(&seen_ime, a)) return 1;
            if (strcmp(v, "hw") && strcmp(v, "ref")) return bad_usage("invalid value in '%s' (expected hw or ref)", a);
            o->smt_ime = v;
        } else if ((t = take_value(n, "dump-dir", argc, argv, &i, &v))) {
            if (t < 0 || !*v) return bad_usage("option '%s' needs a directory", a);
            if (once(&seen_dump, a)) return 1;
            o->ro.dump_dir = v;
        } else if ((t = take_value(n, "pass-pipeline", argc, argv, &i, &v))) {
            if (t < 0) return bad_usage("option '%s' needs a pipeline", a);
            char err[512];
            if (!pipeline_parse(&o->pl, v, err, sizeof err)) return bad_usage("%s", err);
        }
        else if (!strcmp(n, "split-input-file")) o->split = true;
        else if (!strcmp(n, "verify-diagnostics")) o->verify = true;
        else if (!strcmp(n, "mlir-print-op-generic")) o->generic = true;
        else if (!strcmp(n, "mlir-print-debuginfo")) o->debuginfo = true;
        else if (!strcmp(n, "allow-unregistered-dialect")) verify_allow_unregistered(true);
        else if (!strcmp(n, "ktir-cpu")) o->ktir_cpu = true;
        else if (!strcmp(n, "verify-each") || !strcmp(n, "verify-each=true")) o->ro.verify_each = true;
        else if (!strcmp(n, "verify-each=false")) o->ro.verify_each = false;
        else if (!strncmp(n, "verify-each=", 12)) return bad_usage("invalid value in '%s': expected --verify-each=true or --verify-each=false", a);
        else if (!strcmp(n, "print-ir-after-all") || !strcmp(n, "mlir-print-ir-after-all")) o->ro.print_after = true;
        else if (!strcmp(n, "print-ir-before-all") || !strcmp(n, "mlir-print-ir-before-all")) o->ro.print_before = true;
        else if (!strcmp(n, "timing") || !strcmp(n, "mlir-timing")) o->ro.timing = true;
        else if (!strcmp(n, "mlir-disable-threading")) { parse_set_threads(1); print_set_threads(1); verify_set_threads(1); }
        else {
            char name[128], err[512];
            const char *eq = strchr(n, '=');
            size_t l = eq ? (size_t)(eq - n) : strlen(n);
            if (l >= sizeof name) return bad_usage("unknown option '%s'", a);
            memcpy(name, n, l);
            name[l] = 0;
            if (!pass_lookup(name)) return bad_usage("unknown option or pass '%s'", a);
            if (!pipeline_add(&o->pl, name, eq ? eq + 1 : NULL, err, sizeof err)) return bad_usage("%s", err);
        }
    }
    /* as spine-triton's SPINE_TRITON_DUMP_PATH: --dump-dir wins */
    const char *env = getenv("TTXFORM_DUMP_DIR");
    if (!o->ro.dump_dir && env && *env) o->ro.dump_dir = env;
    o->in = o->nin ? o->ins[0] : NULL;
    return 0;
}

/* A regular file is mapped rather than copied (*maplen: the mapping's size,
 * 0 for a malloc'd buffer): the reader points into it, and once a section
 * is parsed its pages can be dropped (release_input) without a copy lasting
 * to the end; the kernel reads them again if a message quotes the source.
 * The lexer needs a NUL after the text: a file that ends on a page boundary
 * has no zero tail in its mapping, so it is read instead. */
static char *map_input(const char *path, size_t *len, size_t *maplen) {
    *maplen = 0;
    if (!strcmp(path, "-")) return NULL;
    int fd = open(path, O_RDONLY);
    if (fd < 0) return NULL;
    struct stat st;
    long page = sysconf(_SC_PAGESIZE);
    char *buf = NULL;
    if (!fstat(fd, &st) && S_ISREG(st.st_mode) && st.st_size > 0 && page > 0 && st.st_size % page) {
        void *m = mmap(NULL, (size_t)st.st_size + 1, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
        if (m != MAP_FAILED) { buf = m; *len = (size_t)st.st_size; *maplen = (size_t)st.st_size + 1; }
    }
    close(fd);
    return buf;
}
static void release_input(char *buf, size_t maplen) {
    if (maplen) madvise(buf, maplen, MADV_DONTNEED);
}
/* parse_set_progress hook: the whole pages of the mapping in [src, upto)
 * (the reader may call it from several threads, each for its own piece) */
static void release_read(void *ud, const char *src, const char *upto) {
    char *base = ud;
    if (src < base) src = base;
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    uintptr_t from = ((uintptr_t)src + page - 1) / page * page, to = (uintptr_t)upto / page * page;
    if (to > from) madvise((void *)from, to - from, MADV_DONTNEED);
}
static void free_input(char *buf, size_t maplen) {
    if (maplen) munmap(buf, maplen); else free(buf);
}

static char *read_all(const char *path, size_t *len) {
    FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
    if (!f) return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    for (;;) {
        if (n == cap) { cap *= 2; char *nb = realloc(buf, cap + 1); if (!nb) { free(buf); return NULL; } buf = nb; }
        size_t r = fread(buf + n, 1, cap - n, f);
        n += r;
        if (r == 0) break;
    }
    bool err = ferror(f);
    if (f != stdin) fclose(f);
    if (err) { free(buf); return NULL; }
    buf[n] = 0;
    *len = n;
    return buf;
}

/* the marker line: `// -----` with nothing but trailing blanks */
static bool is_marker(const char *p, const char *e) {
    if (e - p < 8 || strncmp(p, "// -----", 8)) return false;
    for (p += 8; p < e; p++) if (*p != ' ' && *p != '\t' && *p != '\r') return false;
    return true;
}

typedef struct Section { const char *s; size_t len; int line; } Section;

static int split_sections(const char *buf, size_t len, bool split, Section **out) {
    int n = 0, cap = 8;
    Section *v = malloc(sizeof *v * (size_t)cap);
    const char *start = buf, *p = buf, *lim = buf + len;
    int line = 1, startline = 1;
    while (split && p < lim) {
        const char *e = memchr(p, '\n', (size_t)(lim - p));
        if (!e) e = lim;
        if (is_marker(p, e)) {
            if (n == cap) { cap *= 2; v = realloc(v, sizeof *v * (size_t)cap); }
            v[n++] = (Section){ start, (size_t)(p - start), startline };
            start = e < lim ? e + 1 : e;
            startline = line + 1;
        }
        line++;
        p = e + 1;
    }
    if (n == cap) { cap *= 2; v = realloc(v, sizeof *v * (size_t)cap); }
    v[n++] = (Section){ start, (size_t)(lim - start), startline };
    *out = v;
    return n;
}

/* The output goes to a temporary file first: in the target's directory
 * (renamed over it on success), or an anonymous one that is copied to
 * stdout or to a special file (/dev/null, a pipe) on success.  A failed run
 * writes nothing and never truncates an existing file. */
typedef struct Out { FILE *f; const char *path; char *tmp; bool to_stdout, special, direct; } Out;

/* direct: the output is printed only once everything succeeded (one
 * section), so stdout can take it as it comes */
static bool out_open(Out *o, const char *path, bool direct) {
    memset(o, 0, sizeof *o);
    o->path = path;
    struct stat st;
    if (!path || !strcmp(path, "-")) o->to_stdout = true;
    else if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) o->special = true;
    if (o->to_stdout && direct) { o->f = stdout; o->direct = true; return true; }
    if (o->to_stdout || o->special) {
        o->f = tmpfile();
        if (!o->f) { fprintf(stderr, "ttxform: error: cannot create a temporary file: %s\n", strerror(errno)); return false; }
        return true;
    }
    size_t pl = strlen(path);
    o->tmp = malloc(pl + 32);
    const char *slash = strrchr(path, '/');
    size_t dl = slash ? (size_t)(slash - path + 1) : 0;
    memcpy(o->tmp, path, dl);
    snprintf(o->tmp + dl, pl + 32 - dl, ".ttxform.XXXXXX");
    int fd = mkstemp(o->tmp);
    if (fd < 0 || !(o->f = fdopen(fd, "wb"))) {
        fprintf(stderr, "ttxform: error: cannot write '%s': %s\n", path, strerror(errno));
        if (fd >= 0) { close(fd); unlink(o->tmp); }
        free(o->tmp);
        o->tmp = NULL;
        return false;
    }
    return true;
}

static bool copy_stream(FILE *from, FILE *to) {
    char buf[1 << 16];
    rewind(from);
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, from)) > 0)
        if (fwrite(buf, 1, n, to) != n) return false;
    return !ferror(from) && fflush(to) == 0;
}

/* finish: keep the output if ok, else throw it away; returns 0 or 1 */
static int out_close(Out *o, bool ok) {
    int rc = 0;
    if (o->direct) {
        if (fflush(stdout)) { fprintf(stderr, "ttxform: error: error writing the output: %s\n", strerror(errno)); rc = 1; }
    } else if (o->to_stdout) {
        if (ok && !copy_stream(o->f, stdout)) { fprintf(stderr, "ttxform: error: error writing the output: %s\n", strerror(errno)); rc = 1; }
        fclose(o->f);
    } else if (o->special) {
        if (ok) {
            FILE *t = fopen(o->path, "wb");
            if (!t || !copy_stream(o->f, t)) { fprintf(stderr, "ttxform: error: cannot write '%s': %s\n", o->path, strerror(errno)); rc = 1; }
            if (t) fclose(t);
        }
        fclose(o->f);
    } else {
        bool wok = !ferror(o->f);
        wok = fclose(o->f) == 0 && wok;
        if (ok && wok) {
            mode_t um = umask(0);
            umask(um);
            chmod(o->tmp, 0666 & ~um);
            if (rename(o->tmp, o->path) != 0) { fprintf(stderr, "ttxform: error: cannot write '%s': %s\n", o->path, strerror(errno)); rc = 1; }
        } else if (ok) {
            fprintf(stderr, "ttxform: error: cannot write '%s': %s\n", o->path, strerror(errno));
            rc = 1;
        }
        if (!ok || rc) unlink(o->tmp);
        free(o->tmp);
    }
    return rc;
}

typedef struct Job { int argc; char **argv; int rc; } Job;

/* Deeply nested input recurses in the reader and printer, so large inputs
 * run on a thread with a 1 GiB stack.  Creating it costs more than lowering
 * a typical kernel, so an input small enough for the main thread's stack (at
 * most ~800 bytes of stack per input byte were measured; 2 KiB are allowed)
 * runs on the main thread.  That stack may grow up to the soft RLIMIT_STACK,
 * which is raised to 64 MiB when the hard limit allows: Linux leaves at
 * least 128 MiB below the stack for it whatever the limit at exec, so
 * inputs up to 32 KiB (every real kernel) stay on the main thread.  run()
 * reports RERUN when the input is too large and keeps what it read (stdin
 * cannot be read twice). */
#define RERUN (-2)
#define MAIN_STACK ((size_t)64 << 20)
static bool on_main_stack;
static char *kept_buf;
static size_t kept_len, kept_maplen;

#if !defined(__SANITIZE_ADDRESS__)
static size_t main_stack_limit(void) {
    static size_t lim;
    if (lim) return lim;
    struct rlimit rl;
    lim = (size_t)8 << 20;
    if (getrlimit(RLIMIT_STACK, &rl)) return lim;
    if (rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < MAIN_STACK) {
        rlim_t to = rl.rlim_max == RLIM_INFINITY || rl.rlim_max >= MAIN_STACK ? MAIN_STACK : rl.rlim_max;
        if (to > rl.rlim_cur) {
            struct rlimit nr = { to, rl.rlim_max };
            if (!setrlimit(RLIMIT_STACK, &nr)) rl.rlim_cur = to;
        }
    }
    lim = rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur > MAIN_STACK ? MAIN_STACK : (size_t)rl.rlim_cur;
    return lim;
}
#endif

static bool fits_main_stack(size_t len) {
#if defined(__SANITIZE_ADDRESS__)
    (void)len;
    return false;   /* sanitizer frames are several times larger */
#else
    return len <= main_stack_limit() / 2048;
#endif
}

/* stops at the first op kept verbatim, left in *ud */
static bool not_verbatim(Op *op, void *ud) {
    if (!op->verbatim) return true;
    *(Op **)ud = op;
    return false;
}

/* KTIR input to --emit=ktir: no tt.* op and a ktdp.* one (the first kept) */
typedef struct { bool ttir; Op *ktdp; } KtirScan;
static bool scan_ktir(Op *op, void *ud) {
    KtirScan *s = ud;
    const char *n = op->info->name;
    if (!strncmp(n, "tt.", 3)) s->ttir = true;
    else if (!s->ktdp && !strncmp(n, "ktdp.", 5)) s->ktdp = op;
    return true;
}

/* --timing's first and last rows: reading the input and writing the output */
static double t_parse, t_print;
static int parse_threads_used = 1, print_threads_used = 1;
static int verify_threads_used = 1;
static double wall_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void print_timing(const Pipeline *pl, const double *t) {
    double total = t_parse + t_print + t[pl->n];
    for (int i = 0; i < pl->n; i++) total += t[i];
    fprintf(stderr, "===-------------------------------------------------------------------------===\n");
    fprintf(stderr, "                         ... Execution time report ...\n");
    fprintf(stderr, "===-------------------------------------------------------------------------===\n");
    fprintf(stderr, "  Total Execution Time: %.4f seconds\n\n", total);
    fprintf(stderr, "  ----Wall Time----  ----Name----\n");
    fprintf(stderr, "  %8.4f (%5.1f%%)  parse", t_parse, total > 0 ? 100.0 * t_parse / total : 0.0);
    if (parse_threads_used > 1) fprintf(stderr, " (%d threads)", parse_threads_used);
    fputc('\n', stderr);
    fprintf(stderr, "  %8.4f (%5.1f%%)  verify", t[pl->n], total > 0 ? 100.0 * t[pl->n] / total : 0.0);
    if (verify_threads_used > 1) fprintf(stderr, " (%d threads)", verify_threads_used);
    fputc('\n', stderr);
    for (int i = 0; i < pl->n; i++)
        fprintf(stderr, "  %8.4f (%5.1f%%)  %s\n", t[i], total > 0 ? 100.0 * t[i] / total : 0.0, pl->p[i].pass->name);
    fprintf(stderr, "  %8.4f (%5.1f%%)  print", t_print, total > 0 ? 100.0 * t_print / total : 0.0);
    if (print_threads_used > 1) fprintf(stderr, " (%d threads)", print_threads_used);
    fputc('\n', stderr);
    fprintf(stderr, "  %8.4f (100.0%%)  Total\n", total);
}

/* one input to one output; 0, 1, or RERUN before anything is written */
static int process(Opts *o, const Target *tgt, const Target *emit_tgt, const char *in, const char *outpath,
                   const char *dump_prefix) {
    const char *fname = strcmp(in, "-") ? in : "<stdin>";
    size_t len;
    char *buf;
    size_t maplen = 0;
    if (kept_buf) { buf = kept_buf; len = kept_len; maplen = kept_maplen; kept_buf = NULL; }
    else if (!(buf = map_input(in, &len, &maplen))) buf = read_all(in, &len);
    if (!buf) { fprintf(stderr, "ttxform: error: cannot read '%s': %s\n", fname, strerror(errno)); return 1; }
    if (on_main_stack && !fits_main_stack(len)) {
        kept_buf = buf;
        kept_len = len;
        kept_maplen = maplen;
        return RERUN;
    }
    Section *secs;
    int nsec = split_sections(buf, len, o->split, &secs);
    Out outf;
    if (!out_open(&outf, outpath, nsec == 1)) { free(secs); free_input(buf, maplen); return 1; }
    FILE *out = outf.f;
    int errors = 0, verify_bad = 0;
    /* --ktir-cpu implies the memory spaces ktir-cpu reads, unless they are chosen */
    PrintOpts po = { .generic = o->generic, .debuginfo = o->debuginfo,
                     .ktdp_space = o->ktdp_space ? o->ktdp_space : o->ktir_cpu ? 2 : 0,
                     .ktir_cpu = o->ktir_cpu };
    for (int i = 0; i < nsec; i++) {
        Diag d;
        diag_init(&d, stderr);
        d.capture = o->verify;
        diag_set_source(&d, fname, buf, len);
        Ctx *c = ctx_new();
        /* sections are parsed in place: a NUL ends each one for the lexer */
        char *sec = (char *)secs[i].s;
        char saved = sec[secs[i].len];
        sec[secs[i].len] = 0;
        if (nsec == 1 && maplen) parse_set_progress(release_read, buf);
        double t0 = wall_now();
        Op *m = parse_module(c, fname, sec, secs[i].len, secs[i].line, &d);
        t_parse += wall_now() - t0;
        if (parse_last_threads() > parse_threads_used) parse_threads_used = parse_last_threads();
        parse_set_progress(NULL, NULL);
        sec[secs[i].len] = saved;
        if (m && o->smt_arch) xsmt_set_core(c, m, o->smt_arch);
        if (m && o->smt_ime) op_set_attr(c, m, "ttx.smt_ime", attr_string(c, o->smt_ime, strlen(o->smt_ime)));
        if (nsec == 1) release_input(buf, maplen);
        char prefix[300];
        if (nsec > 1) snprintf(prefix, sizeof prefix, "%s%d-", dump_prefix, i + 1);
        else snprintf(prefix, sizeof prefix, "%s", dump_prefix);
        o->ro.dump_prefix = prefix;
        if (m && !d.nerrors && tgt && !strcmp(tgt->name, "ktir")) {
            /* the pipeline would lower it again (grid = [32] becomes [1]) */
            KtirScan ks = { false, NULL };
            op_walk(m, scan_ktir, &ks);
            if (!ks.ttir && ks.ktdp) {
                diag_error(&d, ks.ktdp->loc, "the input is already KTIR (it has ktdp ops and no tt ops): --emit=ktir lowers TTIR; print KTIR with --emit=mlir");
                m = NULL;
            }
        }
        /* the target's precheck reads verified IR */
        if (m && !d.nerrors && tgt) {
            /* --dump-dir: the input, and the precheck as the stage that failed */
            char stage[64];
            snprintf(stage, sizeof stage, "%s-precheck", tgt->name);
            if (!verify_module(c, m, &d)) { pipeline_dump_early(&o->ro, c, m, NULL, &d); m = NULL; }
            else if (!tgt->precheck(m, &d)) { pipeline_dump_early(&o->ro, c, m, stage, &d); m = NULL; }
        }
        if (m && !d.nerrors && !pipeline_run(&o->pl, c, m, &o->ro, &d)) m = NULL;
        if (i) fputs("// -----\n", out);
        Op *kept = NULL;
        if (m && !d.nerrors && o->generic && !op_walk(m, not_verbatim, &kept)) {
            diag_error(&d, kept->loc, "cannot print in generic form: '%s' is written in a custom syntax this tool does not understand, and would lose information",
                       kept->info->name);
            m = NULL;
        }
        t0 = wall_now();
        if (m && !d.nerrors && emit_tgt) {
            emit_tgt->emit(out, c, m, &d);
        } else if (m && !d.nerrors) {
            bool ok = print_module(out, c, m, &po);
            fputc('\n', out);   /* a blank line after each module, as MLIR's tools write */
            if (!ok) {
                Loc l = loc_at(loc_file_id(fname), secs[i].line, 1);
                diag_error(&d, l, "cannot print in generic form: an op written in a custom syntax this tool does not understand would lose information");
            }
        }
        t_print += wall_now() - t0;
        if (m && !emit_tgt && print_last_threads() > print_threads_used) print_threads_used = print_last_threads();
        verify_threads_used = verify_most_threads();
        if (o->verify) verify_bad += diag_verify(&d, secs[i].s, secs[i].len, secs[i].line);
        else errors += d.nerrors;
        diag_free(&d);
        ctx_free(c);
    }
    o->ro.dump_prefix = NULL;
    int rc = out_close(&outf, !(errors || verify_bad));
    if (errors || verify_bad) rc = 1;
    free(secs);
    free_input(buf, maplen);
    return rc;
}

/* DIR/NAME.SUFFIX for input path in, NAME its file name without extension */
static char *output_in_dir(const char *dir, const char *in, const char *suffix) {
    const char *base = strrchr(in, '/');
    base = base ? base + 1 : in;
    const char *dot = strrchr(base, '.');
    size_t bl = dot && dot != base ? (size_t)(dot - base) : strlen(base);
    size_t dl = strlen(dir);
    while (dl > 1 && dir[dl - 1] == '/') dl--;
    char *p = malloc(dl + 1 + bl + strlen(suffix) + 1);
    if (p) sprintf(p, "%.*s/%.*s%s", (int)dl, dir, (int)bl, base, suffix);
    return p;
}

static int run(int argc, char **argv) {
    if (argc > 1 && !strcmp(argv[1], "run")) return run_main(argc - 1, argv + 1);
    if (argc > 1 && !strcmp(argv[1], "build")) return rv_build_main(argc - 1, argv + 1);
    Opts o = {0};
    o.ro.verify_each = true;
    o.ins = calloc((size_t)argc, sizeof *o.ins);
    if (!o.ins) { fputs("ttxform: error: out of memory\n", stderr); return 1; }
    bool done;
    int prc = parse_args(argc, argv, &o, &done);
    if (prc || done) { pipeline_free(&o.pl); free(o.ins); return prc; }
    struct stat st;
    /* several inputs, or -o naming a directory: one output per input in it */
    bool many = o.nin > 1 || (o.nin == 1 && o.out && strcmp(o.out, "-") && stat(o.out, &st) == 0 && S_ISDIR(st.st_mode));
    if (many && !strcmp(o.ins[0], "-")) {
        fprintf(stderr, "ttxform: error: -o '%s' is a directory: name an input file, or an output file for standard input\n", o.out);
        pipeline_free(&o.pl);
        free(o.ins);
        return 1;
    }
    if (many && (!o.out || strcmp(o.out, "-") == 0 || stat(o.out, &st) != 0 || !S_ISDIR(st.st_mode))) {
        if (!o.out || !strcmp(o.out, "-")) fprintf(stderr, "ttxform: error: %d inputs need -o DIR, a directory for their outputs\n", o.nin);
        else fprintf(stderr, "ttxform: error: with %d inputs, -o '%s' must be an existing directory\n", o.nin, o.out);
        pipeline_free(&o.pl);
        free(o.ins);
        return 1;
    }
    /* the output's default pipeline when no pass was named */
    /* an explicit --emit wins over the suffix of -o, whichever it names */
    const Target *tgt = o.emit ? target_by_name(o.emit) : many || o.emit_given ? NULL : target_by_suffix(o.out);
    const Target *emit_tgt = tgt && tgt->emit ? tgt : NULL;   /* writes its own output (C) */
    const char *suffix = tgt ? tgt->suffix : ".mlir";
    if (tgt && o.pl.n) tgt = NULL;   /* an explicit pipeline wins */
    if (o.target_opts_given && tgt && strcmp(tgt->name, "ktir")) {
        fprintf(stderr, "ttxform: error: option '%s' has no effect with --emit=%s: --grid, --base-addresses, --data-layout and --fix apply to --emit=ktir\n", o.target_opt, tgt->name);
        pipeline_free(&o.pl);
        free(o.ins);
        return 1;
    }
    if (o.smt_ime && (!emit_tgt || strcmp(emit_tgt->name, "rvv"))) {
        fprintf(stderr, "ttxform: error: --smt-ime applies to --emit=rvv (or -o FILE.rvv.c)\n");
        pipeline_free(&o.pl);
        free(o.ins);
        return 1;
    }
    if (o.target_opts_given && !tgt) {
        fprintf(stderr, "ttxform: error: --grid, --base-addresses, --data-layout and --fix apply to --emit=ktir (or -o FILE.ktir) without explicit passes\n");
        pipeline_free(&o.pl);
        free(o.ins);
        return 1;
    }
    if (tgt) {
        char err[512];
        o.to.scalar_load_rank1 = o.ktir_cpu;
        if (!tgt->pipeline(&o.pl, &o.to, err, sizeof err)) {
            fprintf(stderr, "ttxform: error: %s\n", err);
            pipeline_free(&o.pl);
            free(o.ins);
            return 1;
        }
    }
    /* files can be read again: a large one sends them all to the big stack
     * before any output is written */
    if (many && on_main_stack)
        for (int i = 0; i < o.nin; i++)
            if (stat(o.ins[i], &st) == 0 && S_ISREG(st.st_mode) && !fits_main_stack((size_t)st.st_size)) {
                pipeline_free(&o.pl);
                free(o.ins);
                return RERUN;
            }
    /* two inputs with one output name would overwrite each other: refuse
     * before anything is written */
    for (int i = 0; many && i < o.nin; i++) {
        char *pi = output_in_dir(o.out, o.ins[i], suffix);
        bool clash = false;
        for (int j = 0; pi && j < i && !clash; j++) {
            char *pj = output_in_dir(o.out, o.ins[j], suffix);
            if (pj && !strcmp(pi, pj)) {
                fprintf(stderr, "ttxform: error: inputs '%s' and '%s' would both be written to '%s'\n", o.ins[j], o.ins[i], pi);
                clash = true;
            }
            free(pj);
        }
        free(pi);
        if (clash) {
            pipeline_free(&o.pl);
            free(o.ins);
            return 1;
        }
    }
    double *times = calloc((size_t)o.pl.n + 1, sizeof(double));
    o.ro.times = times;
    o.ro.debuginfo = o.debuginfo;
    int rc = 0;
    if (!many) rc = process(&o, tgt, emit_tgt, o.in ? o.in : "-", o.out, "");
    for (int i = 0; many && i < o.nin && rc != RERUN; i++) {
        char *path = output_in_dir(o.out, o.ins[i], suffix);
        if (!path) { fputs("ttxform: error: out of memory\n", stderr); rc = 1; break; }
        /* stages of several inputs in one --dump-dir: NAME-NN-PASS.mlir */
        const char *base = path + strlen(o.out);
        while (*base == '/') base++;
        char prefix[260];
        snprintf(prefix, sizeof prefix, "%.*s-", (int)(strlen(base) - strlen(suffix)), base);
        int r = process(&o, tgt, emit_tgt, o.ins[i], path, prefix);
        if (r) rc = r == RERUN ? RERUN : 1;
        free(path);
    }
    if (o.ro.timing && rc != RERUN) print_timing(&o.pl, times);
    free(times);
    pipeline_free(&o.pl);
    free(o.ins);
    return rc;
}

static void *thread_main(void *arg) {
    Job *j = arg;
    j->rc = run(j->argc, j->argv);
    return NULL;
}

int main(int argc, char **argv) {
    registry_init();
    if (argc < 2 || (strcmp(argv[1], "run") && strcmp(argv[1], "build"))) {
        on_main_stack = true;
        int rc = run(argc, argv);
        on_main_stack = false;
        if (rc != RERUN) return rc;
    }
    /* deep nesting recurses in the reader and printer: a large stack */
    Job j = { argc, argv, 1 };
    pthread_attr_t at;
    pthread_t th;
    pthread_attr_init(&at);
    pthread_attr_setstacksize(&at, (size_t)1 << 30);
    if (pthread_create(&th, &at, thread_main, &j) != 0) return run(argc, argv);
    pthread_join(th, NULL);
    pthread_attr_destroy(&at);
    return j.rc;
}
