/* cc.c - temporary directories, child processes and clang-19 (see cc.h). */
#include "cc.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

/* SIGINT, SIGTERM, SIGHUP while a temporary directory exists: the handler
 * kills the running child (qemu-riscv64 or clang-19, which a SIGTERM sent
 * to ttxform alone would leave running) and records the signal; the
 * caller removes the directory and then rv_reraise() dies of the signal */
static volatile sig_atomic_t got_signal;
static volatile pid_t child_pid;
static const int caught[] = { SIGINT, SIGTERM, SIGHUP };
static void on_signal(int sig) {
    got_signal = sig;
    pid_t c = child_pid;
    if (c > 0) kill(c, SIGKILL);
}
static void catch_signals(void) {
    static bool done;
    if (done) return;
    done = true;
    for (size_t i = 0; i < sizeof caught / sizeof *caught; i++) {
        struct sigaction old, sa;
        if (sigaction(caught[i], NULL, &old) != 0 || old.sa_handler == SIG_IGN) continue;   /* nohup & co. */
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal;
        sigemptyset(&sa.sa_mask);
        sigaction(caught[i], &sa, NULL);
    }
}
bool rv_interrupted(void) { return got_signal != 0; }
void rv_reraise(void) {
    int sig = got_signal;
    if (!sig) return;
    signal(sig, SIG_DFL);
    raise(sig);
}

bool rv_tmpdir(char *dir, size_t n) {
    catch_signals();
    const char *base = getenv("TMPDIR");
    if (!base || !*base) base = "/tmp";
    int k = snprintf(dir, n, "%s/ttxform-rv-XXXXXX", base);
    if (k < 0 || (size_t)k >= n) return false;
    return mkdtemp(dir) != NULL;
}

void rv_rmdir(const char *dir) {
    DIR *d = opendir(dir);
    if (d) {
        for (struct dirent *e; (e = readdir(d));) {
            if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
            char p[RV_PATH];
            snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
            unlink(p);
        }
        closedir(d);
    }
    rmdir(dir);
}

bool rv_write_file(const char *path, const void *text, size_t len) {
    FILE *f = fopen(path, "wb");
    if (!f) return false;
    bool ok = fwrite(text, 1, len, f) == len;
    int e = errno;
    ok = fclose(f) == 0 && ok;
    if (!ok && !errno) errno = e ? e : EIO;
    return ok;
}

char *rv_read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap + 1);
    while (buf) {
        if (n == cap) {
            char *nb = realloc(buf, cap * 2 + 1);
            if (!nb) { free(buf); buf = NULL; break; }
            buf = nb;
            cap *= 2;
        }
        size_t r = fread(buf + n, 1, cap - n, f);
        n += r;
        if (!r) break;
    }
    if (buf && ferror(f)) { free(buf); buf = NULL; }
    fclose(f);
    if (!buf) return NULL;
    buf[n] = 0;
    if (len) *len = n;
    return buf;
}

int rv_spawn(char *const *argv, const char *cwd, const char *log, bool log_stdout) {
    fflush(stdout);
    fflush(stderr);
    if (got_signal) return -1;
    pid_t pid = fork();
    if (pid < 0) return -1;
    if (pid == 0) {
        for (size_t i = 0; i < sizeof caught / sizeof *caught; i++) {   /* the child dies of them as usual */
            struct sigaction sa;
            if (sigaction(caught[i], NULL, &sa) == 0 && sa.sa_handler == on_signal) signal(caught[i], SIG_DFL);
        }
        struct rlimit rl = { 0, 0 };
        setrlimit(RLIMIT_CORE, &rl);   /* qemu dumps the guest's core on a crash */
        if (log) {
            int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0600);
            if (fd < 0) _exit(127);
            dup2(fd, 2);
            if (log_stdout) dup2(fd, 1);
            close(fd);
        }
        if (cwd && chdir(cwd) != 0) _exit(127);
        execv(argv[0], argv);
        _exit(127);
    }
    child_pid = pid;
    if (got_signal) kill(pid, SIGKILL);   /* a signal between fork and here */
    int st;
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR) { child_pid = 0; return -1; }
    child_pid = 0;
    return st;
}

void rv_status_str(int st, char *out, size_t n) {
    if (WIFSIGNALED(st)) snprintf(out, n, "signal %d (%s)", WTERMSIG(st), strsignal(WTERMSIG(st)));
    else if (WIFEXITED(st)) snprintf(out, n, "exit status %d", WEXITSTATUS(st));
    else snprintf(out, n, "wait status %d", st);
}

static bool type_f16(const Type *t) {
    for (int depth = 0; t && depth < 8; depth++) {
        if (t->kind == T_FLOAT) return !strcmp(t->f.name, "f16");
        if (t->kind == T_TENSOR || t->kind == T_VECTOR || t->kind == T_MEMREF) t = t->sh.elem;
        else if (t->kind == T_PTR) t = t->ptr.pointee;
        else return false;
    }
    return false;
}

static bool op_f16(Op *o) {
    for (int i = 0; i < o->nres; i++)
        if (type_f16(op_result(o, i)->type)) return true;
    for (int i = 0; i < o->nopnds; i++)
        if (op_operand(o, i) && type_f16(op_operand(o, i)->type)) return true;
    for (int r = 0; r < o->nregions; r++)
        for (Block *b = o->regions[r].first; b; b = b->next) {
            for (int a = 0; a < b->nargs; a++)
                if (type_f16(b->args[a]->type)) return true;
            for (Op *x = b->first; x; x = x->next)
                if (op_f16(x)) return true;
        }
    return false;
}

bool rv_uses_f16(Op *module, Op *func) {
    if (func) return op_f16(func);
    return module && op_f16(module);
}

const char *rv_march(RvArch arch, bool f16) {
    if (arch == RV_SCALAR) return "rv64gc";
    return f16 ? "rv64gcv_zvfh" : "rv64gcv";
}

bool rv_compile(const RvTools *t, RvArch arch, bool f16, const char *const *srcs, int nsrcs, const char *out, RvOut kind,
                const char *logdir, char **msg) {
    *msg = NULL;
    char march[64];
    snprintf(march, sizeof march, "-march=%s", rv_march(arch, f16));
    const char *argv[64];
    int n = 0;
    argv[n++] = t->clang;
    argv[n++] = "--target=riscv64-linux-gnu";
    argv[n++] = march;
    argv[n++] = "-O2";
    argv[n++] = "-fno-ident";
    /* no a * b + c fused where the C does not say fma: the interpreter's numbers */
    argv[n++] = "-ffp-contract=off";
    if (kind == RV_OUT_OBJ) argv[n++] = "-c";
    else if (kind == RV_OUT_ASM) argv[n++] = "-S";
    else if (kind == RV_OUT_SO) { argv[n++] = "-shared"; argv[n++] = "-fPIC"; }
    else argv[n++] = "-static";
    if ((kind == RV_OUT_SO || kind == RV_OUT_EXE) && t->lld[0]) argv[n++] = "-fuse-ld=lld";
    for (int i = 0; i < nsrcs && n < 56; i++) argv[n++] = srcs[i];
    argv[n++] = "-o";
    argv[n++] = out;
    if (kind == RV_OUT_SO || kind == RV_OUT_EXE) argv[n++] = "-lm";
    if (kind == RV_OUT_EXE) argv[n++] = "-pthread";
    argv[n] = NULL;
    char log[RV_PATH];
    snprintf(log, sizeof log, "%s/clang.log", logdir);
    int st = rv_spawn((char *const *)argv, NULL, log, true);
    size_t len = 0;
    char *text = rv_read_file(log, &len);
    unlink(log);
    if (st != -1 && WIFEXITED(st) && WEXITSTATUS(st) == 0) {
        free(text);
        return true;
    }
    char how[128];
    if (st == -1) snprintf(how, sizeof how, "could not start");
    else rv_status_str(st, how, sizeof how);
    while (text && len && (text[len - 1] == '\n' || text[len - 1] == ' ')) text[--len] = 0;
    size_t need = strlen(how) + (text ? len : 0) + 64;
    char *m = malloc(need);
    if (m) snprintf(m, need, "clang-19 %s%s%s", how, text && len ? ":\n" : "", text && len ? text : "");
    free(text);
    *msg = m;
    return false;
}
