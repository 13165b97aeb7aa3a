/* riscv.c - a kernel run under qemu-riscv64 (see riscv.h). */
#include "riscv.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../../targets/c/c.h"
#include "../../targets/rvv/rvv.h"
#include "cc.h"
#include "toolchain.h"

static void errorf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void errorf(const char *fmt, ...) {
    if (rv_interrupted()) return;   /* a child killed by the signal: no message */
    va_list ap;
    va_start(ap, fmt);
    fputs("ttxform run: error: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

bool rv_parse_target(const char *s, RvArch *a) {
    if (!strcmp(s, "riscv64")) *a = RV_SCALAR;
    else if (!strcmp(s, "riscv64-rvv")) *a = RV_RVV;
    else return false;
    return true;
}

bool rv_parse_vlen(const char *s, int *vlen) {
    if (!strcmp(s, "128")) *vlen = 128;
    else if (!strcmp(s, "256")) *vlen = 256;
    else if (!strcmp(s, "512")) *vlen = 512;
    else if (!strcmp(s, "1024")) *vlen = 1024;
    else return false;
    return true;
}

static int ncpus(void) {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 64 ? 64 : (int)n;
}

/* two FNV-1a hashes of the parts, as 32 hex digits: the cache key */
static void hash_key(const char *const *parts, int n, char out[33]) {
    uint64_t h1 = 0xcbf29ce484222325ull, h2 = 0x84222325cbf29ce4ull;
    for (int i = 0; i < n; i++) {
        for (const unsigned char *p = (const unsigned char *)parts[i]; *p; p++) {
            h1 = (h1 ^ *p) * 0x100000001b3ull;
            h2 = (h2 ^ *p) * 0x100000001b3ull;
            h2 ^= h2 >> 29;
        }
        h1 = (h1 ^ 0xff) * 0x100000001b3ull;   /* part boundary */
        h2 = (h2 ^ 0xfe) * 0x100000001b3ull;
    }
    snprintf(out, 33, "%016" PRIx64 "%016" PRIx64, h1, h2);
}

/* the call stub's arguments: each from the void * array a */
static void stub_args(FILE *f, Block *entry) {
    for (int i = 0; i < entry->nargs; i++) {
        Type *t = entry->args[i]->type;
        if (t->kind == T_PTR) fprintf(f, "a[%d], ", i);
        else if (t->kind == T_FLOAT) fprintf(f, "*(const double *)a[%d], ", i);
        else fprintf(f, "*(const long long *)a[%d], ", i);
    }
}

/* the C of the kernel for the launcher: the TTX_FAIL hook, the kernel
 * (the C target, without the JIT's hooks) and the call stub */
static char *kernel_source(Ctx *c, Op *module, Op *func, RvArch arch, bool ime_ref, PtrVec *sites, Op **unsup, Diag *d,
                           size_t *len) {
    char *src = NULL;
    FILE *f = open_memstream(&src, len);
    if (!f) return NULL;
    if (ime_ref) fputs("/* --smt-ime=ref: the IME code path, each instruction a C function */\n"
                       "#define TTX_SMT_HW 1\n#define TTX_SMT_IME_REF 1\n", f);
    fputs("/* the kernel's C for the riscv64 launcher of ttxform run */\n"
          "void ttx_fail(int site, int x, int y, int z);\n"
          "#define TTX_FAIL(site) ttx_fail(site, pidX, pidY, pidZ)\n"
          "#define TTX_ASSERT(site, k) ttx_fail(site, pidX, pidY, pidZ)\n", f);
    if (interp_check_div()) fputs("#define TTX_DIV0(site, k) ttx_fail(site, pidX, pidY, pidZ)\n", f);
    bool ok;
    if (arch == RV_RVV) {
        /* the rvv target's C: vector rows, the portable C's code for the rest */
        CgenOpts go = { .sites = sites, .unsupported = unsup };
        ok = rvv_emit_c(f, c, module, func, &go, d);
    } else {
        CEmitOpts co = { .sites = sites, .unsupported = unsup };
        ok = c_emit(f, c, module, func, &co, d);
    }
    if (ok) {
        char nm[256];
        c_func_name(func, nm, sizeof nm);
        Block *entry = func->regions[0].first;
        fputs("\n/* the launcher's call: each argument from a void * array */\n"
              "void ttx_kernel(void *const *a, int gx, int gy, int gz, int px, int py, int pz)\n{\n", f);
        fprintf(f, "    %s(", nm);
        stub_args(f, entry);
        fputs("gx, gy, gz, px, py, pz);\n}\n", f);
        if (cgen_sub_blocks(func)) {
            /* smt.parallel loops: the launcher runs each sub-block as a task */
            fprintf(f, "\nvoid ttx_kernel_sub(void *const *a, int gx, int gy, int gz, int px, int py, int pz, int s, int ns)\n{\n"
                       "    %s_sub(", nm);
            stub_args(f, entry);
            fputs("gx, gy, gz, px, py, pz, s, ns);\n}\n", f);
        }
    }
    fclose(f);
    if (!ok) { free(src); return NULL; }
    return src;
}

/* the manifest and the argument files of launcher.c */
static bool write_inputs(const char *dir, Op *func, int nargs, const IArg *args, const int grid[3], int threads, size_t stack) {
    char path[RV_PATH];
    snprintf(path, sizeof path, "%s/manifest", dir);
    FILE *m = fopen(path, "w");
    if (!m) { errorf("cannot write '%s': %s", path, strerror(errno)); return false; }
    fprintf(m, "ttxform-riscv 2\ngrid %d %d %d\nthreads %d\nstack %zu\nargs %d\n", grid[0], grid[1], grid[2], threads, stack, nargs);
    Block *entry = func->regions[0].first;
    bool ok = true;
    for (int i = 0; i < nargs && ok; i++) {
        if (args[i].kind == IARG_BUF) {
            fprintf(m, "buf %d %zu\n", i, args[i].buf.bytes);
            char ap[RV_PATH];
            snprintf(ap, sizeof ap, "%s/arg%d.bin", dir, i);
            if (!rv_write_file(ap, args[i].buf.data, args[i].buf.bytes)) {
                errorf("cannot write '%s': %s", ap, strerror(errno));
                ok = false;
            }
        } else if (args[i].kind == IARG_INT) {
            fprintf(m, "int %d %" PRId64 "\n", i, args[i].i);
        } else {
            /* rounded to the argument's type, as the interpreter does */
            double v = float_round(entry->args[i]->type, args[i].f);
            uint64_t b;
            memcpy(&b, &v, sizeof b);
            fprintf(m, "float %d %" PRIx64 "\n", i, b);
        }
    }
    if (fclose(m) != 0 && ok) { errorf("cannot write '%s': %s", path, strerror(errno)); ok = false; }
    return ok;
}

static bool read_outputs(const char *dir, int nargs, const IArg *args) {
    for (int i = 0; i < nargs; i++) {
        if (args[i].kind != IARG_BUF) continue;
        char ap[RV_PATH];
        snprintf(ap, sizeof ap, "%s/arg%d.bin", dir, i);
        size_t len = 0;
        char *b = rv_read_file(ap, &len);
        if (!b || len != args[i].buf.bytes) {
            errorf("the riscv64 launcher left '%s' %s", ap, b ? "with the wrong size" : "unreadable");
            free(b);
            return false;
        }
        memcpy(args[i].buf.data, b, len);
        free(b);
    }
    return true;
}

/* the program: from the cache when it is there, else built (into the cache
 * when there is one); its path into prog */
static bool get_program(const RvTools *t, const RvOpts *o, bool f16, const char *dir, const char *ksrc, const char *fname,
                        char *prog, size_t n) {
    const char *cache = o->cache_dir ? o->cache_dir : getenv("TTXFORM_CACHE_DIR");
    if (cache && !*cache) cache = NULL;
    /* qemu runs in the temporary directory: a relative cache is made absolute */
    char abscache[RV_PATH - 128];   /* room for "/.rv-KEY.PID" */
    if (cache && cache[0] != '/') {
        char cwd[RV_PATH - 256];
        if (!getcwd(cwd, sizeof cwd)) {
            errorf("cannot use the cache directory '%s': the current directory: %s", cache, strerror(errno));
            return false;
        }
        if (strlen(cwd) + 1 + strlen(cache) >= sizeof abscache) {
            errorf("cannot use the cache directory '%s': the path is too long", cache);
            return false;
        }
        memcpy(abscache, cwd, strlen(cwd));
        abscache[strlen(cwd)] = '/';
        memcpy(abscache + strlen(cwd) + 1, cache, strlen(cache) + 1);
        cache = abscache;
    }
    char kc[RV_PATH], lc[RV_PATH];
    snprintf(kc, sizeof kc, "%s/%s.c", dir, fname);
    snprintf(lc, sizeof lc, "%s/launcher.c", dir);
    char tmp[RV_PATH];
    if (cache) {
        const char *parts[] = { "ttxform-riscv 2", t->clang, t->lld, rv_march(o->arch, f16), ksrc, rv_launcher_src };
        char key[33];
        hash_key(parts, 6, key);
        snprintf(prog, n, "%s/rv-%s", cache, key);
        if (access(prog, X_OK) == 0) return true;
        if (mkdir(cache, 0777) != 0 && errno != EEXIST) {
            errorf("cannot create the cache directory '%s': %s", cache, strerror(errno));
            return false;
        }
        snprintf(tmp, sizeof tmp, "%s/.rv-%s.%ld", cache, key, (long)getpid());
    } else {
        snprintf(prog, n, "%s/kernel", dir);
        snprintf(tmp, sizeof tmp, "%s", prog);
    }
    if (!rv_write_file(kc, ksrc, strlen(ksrc)) || !rv_write_file(lc, rv_launcher_src, strlen(rv_launcher_src))) {
        errorf("cannot write the C into '%s': %s", dir, strerror(errno));
        return false;
    }
    const char *srcs[] = { kc, lc };
    char *msg = NULL;
    if (!rv_compile(t, o->arch, f16, srcs, 2, tmp, RV_OUT_EXE, dir, &msg)) {
        errorf("cannot build the riscv64 program of @%s: %s", fname, msg ? msg : "out of memory");
        free(msg);
        unlink(tmp);
        return false;
    }
    if (cache && rename(tmp, prog) != 0) {
        errorf("cannot write '%s': %s", prog, strerror(errno));
        unlink(tmp);
        return false;
    }
    return true;
}

/* a failure the kernel's TTX_FAIL hook reported, at its op */
static void report_fail(const char *res, const PtrVec *sites, Diag *d) {
    int site = -1, x = 0, y = 0, z = 0;
    if (sscanf(res, "fail %d %d %d %d", &site, &x, &y, &z) != 4) {
        errorf("the riscv64 launcher wrote a malformed result: '%.100s'", res);
        return;
    }
    Op *op = site >= 0 && site < sites->n ? sites->v[site] : NULL;
    Loc l = op ? op->loc : (Loc){ 0 };
    const char *nm = op ? op_name(op) : "kernel";
    const char *what = c_fail_reason(op);
    diag_error(d, l, "%s: %s in program (%d, %d, %d) (under qemu-riscv64)", nm, what, x, y, z);
}

int rv_translates(Ctx *c, Op *module, Op *func, const RvOpts *o, Op **unsup, Diag *d) {
    PtrVec sites = { 0 };
    size_t klen = 0;
    /* the emitter's notes (an SMT tile that misses the matrix unit) are
     * printed by rv_run's emission, once; only errors are passed on */
    Diag q;
    diag_init(&q, d->out);
    diag_set_source(&q, d->file, d->src, d->srclen);
    q.capture = true;
    char *ksrc = kernel_source(c, module, func, o->arch, o->ime_ref, &sites, unsup, &q, &klen);
    for (int i = 0; i < q.nrecs; i++)
        if (q.recs[i].sev == SEV_ERROR) diag_emit(d, SEV_ERROR, q.recs[i].loc, "%s", q.recs[i].msg);
    diag_free(&q);
    pv_free(&sites);
    if (!ksrc) return unsup && *unsup ? 1 : -1;
    free(ksrc);
    return 0;
}

int rv_run(Ctx *c, Op *module, Op *func, int nargs, const IArg *args, const int grid[3], const RvOpts *o, Op **unsup,
           Diag *d) {
    RvTools t;
    char err[512];
    if (!rv_find_clang(&t, err, sizeof err) || !rv_find_sysroot(&t, err, sizeof err) || !rv_find_qemu(&t, err, sizeof err)) {
        errorf("%s", err);
        return -1;
    }
    /* the threads' stack: the C keeps tensors in local arrays (as the JIT's) */
    int64_t tb = 0;
    if (!interp_check_sizes(module, &tb, d)) return -1;
    size_t stack = (size_t)((2 * (uint64_t)tb + ((uint64_t)8 << 20) + 0xffff) & ~(uint64_t)0xffff);
    if (stack < ((size_t)64 << 20)) stack = (size_t)64 << 20;
    PtrVec sites = { 0 };
    size_t klen = 0;
    char *ksrc = kernel_source(c, module, func, o->arch, o->ime_ref, &sites, unsup, d, &klen);
    if (!ksrc) {
        pv_free(&sites);
        return unsup && *unsup ? 1 : -1;
    }
    char fname[256];
    c_func_name(func, fname, sizeof fname);
    int rc = -1;
    char dir[RV_PATH] = "";
    if (o->dump_dir) {
        char p[RV_PATH];
        snprintf(p, sizeof p, "%s/01-%s.c", o->dump_dir, fname);
        if (!rv_write_file(p, ksrc, klen)) { errorf("cannot write '%s': %s", p, strerror(errno)); goto out; }
    }
    if (!rv_tmpdir(dir, sizeof dir)) { errorf("cannot create a temporary directory: %s", strerror(errno)); dir[0] = 0; goto out; }
    bool f16 = rv_uses_f16(module, func);
    char prog[RV_PATH];
    if (!get_program(&t, o, f16, dir, ksrc, fname, prog, sizeof prog)) goto out;
    int64_t total = (int64_t)grid[0] * grid[1] * grid[2];
    int nt = o->threads ? o->threads : ncpus();
    if (nt > total && !cgen_sub_blocks(func)) nt = (int)total;   /* sub-blocks: as many as threads */
    if (nt < 1) nt = 1;
    if (o->nthreads_out) *o->nthreads_out = nt;
    if (!write_inputs(dir, func, nargs, args, grid, nt, stack)) goto out;

    char cpu[256];
    snprintf(cpu, sizeof cpu, "rv64,v=true,vlen=%d,vext_spec=v1.0,rvv_ta_all_1s=true,rvv_ma_all_1s=true%s",
             o->vlen ? o->vlen : 256, f16 ? ",Zfh=true" : "");
    char log[RV_PATH];
    snprintf(log, sizeof log, "%s/qemu.log", dir);
    char *argv[] = { t.qemu, "-cpu", cpu, prog, dir, NULL };
    int st = rv_spawn(argv, dir, log, false);
    char rp[RV_PATH];
    snprintf(rp, sizeof rp, "%s/result", dir);
    if (st != -1 && WIFEXITED(st) && WEXITSTATUS(st) == 3) {   /* the launcher caught a fault of the kernel */
        char *res = rv_read_file(rp, NULL);
        int sig = 0, x = 0, y = 0, z = 0;
        if (res && sscanf(res, "crash %d %d %d %d", &sig, &x, &y, &z) == 4) {
            errorf("@%s under qemu-riscv64 failed: signal %d (%s) in program (%d, %d, %d)\n"
                   "note: memory accesses are not checked under qemu; --check runs the interpreter first, which "
                   "reports an out-of-bounds access at the op", fname, sig, strsignal(sig), x, y, z);
            free(res);
            goto out;
        }
        free(res);
    }
    if (st == -1 || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
        char how[128];
        if (st == -1) snprintf(how, sizeof how, "could not start: %s", strerror(errno));
        else rv_status_str(st, how, sizeof how);
        size_t ll = 0;
        char *lt = rv_read_file(log, &ll);
        while (lt && ll && lt[ll - 1] == '\n') lt[--ll] = 0;
        errorf("@%s under qemu-riscv64 failed: %s%s%s%s", fname, how, lt && ll ? ":\n" : "", lt && ll ? lt : "",
               st != -1 && WIFSIGNALED(st)
                   ? "\nnote: memory accesses are not checked under qemu; --check runs the interpreter first, which "
                     "reports an out-of-bounds access at the op"
                   : "");
        free(lt);
        goto out;
    }
    char *res = rv_read_file(rp, NULL);
    if (!res) { errorf("the riscv64 launcher wrote no result"); goto out; }
    if (!strncmp(res, "ok", 2)) {
        if (read_outputs(dir, nargs, args)) rc = 0;
    } else report_fail(res, &sites, d);
    free(res);

out:
    if (dir[0]) rv_rmdir(dir);
    rv_reraise();   /* SIGINT/SIGTERM/SIGHUP: the directory is gone, now die of it */
    free(ksrc);
    pv_free(&sites);
    return rc;
}
