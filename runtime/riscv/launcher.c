/* launcher.c - the main program of a kernel run under qemu-riscv64.
 *
 * Not part of ttxform itself: the build embeds this file as a string
 * (embed.py), and `ttxform run --target=riscv64[-rvv]` compiles it with
 * clang-19 for riscv64, statically, together with the kernel's C and a
 * call stub
 *   void ttx_kernel(void *const *args, int gx, int gy, int gz, int px, int py, int pz);
 * that casts each argument from args and calls the kernel.
 *
 * usage: launcher DIR
 * DIR/manifest (written by runtime/riscv/riscv.c) is text:
 *   ttxform-riscv 2
 *   grid GX GY GZ
 *   threads T
 *   stack BYTES      the threads' stack (the kernel's tensors are local arrays)
 *   args N
 * then one line per argument, in order:
 *   buf I BYTES      the bytes of DIR/argI.bin, read into a 64-byte aligned buffer
 *   int I VALUE      a 64-bit integer (decimal)
 *   float I BITS     a double, as its 64 bits in hex
 * The programs of the grid (x fastest) run on T threads exactly as the host
 * engines split them: chunks of max(1, total / (4 T)) consecutive programs
 * taken by idle threads.  A kernel with smt.parallel loops (the stub also
 * defines ttx_kernel_sub) runs T tasks per program instead, task s of a
 * program its sub-block s of T (targets/cgen/cgen.h, cgen_sub_blocks).  Then each buffer is written back to its file and
 * DIR/result says `ok`, or `fail SITE X Y Z`: the lowest program whose
 * TTX_FAIL hook fired (a float-to-integer conversion out of range, a loop
 * step that is not positive; a division by zero when the kernel's C maps
 * TTX_DIV0 to it) and the site of the op.
 * A fault of the kernel (SIGSEGV, SIGBUS: memory accesses are not checked
 * here) writes `crash SIGNAL X Y Z`, the program the faulting thread ran,
 * and exits with status 3.
 * Exit status: 0, 2 when the files cannot be read or written, or 3. */
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

void ttx_kernel(void *const *args, int gx, int gy, int gz, int px, int py, int pz);
/* a kernel with smt.parallel loops also has this: sub-block s of ns */
void ttx_kernel_sub(void *const *args, int gx, int gy, int gz, int px, int py, int pz, int s, int ns) __attribute__((weak));

static const char *dir;
static int grid[3];
static long long total, chunk, next_prog;
static int nsub = 1;   /* sub-blocks per program: the threads with ttx_kernel_sub */
static void **argv_k;

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static long long fail_prog = -1;
static int fail_site, fail_pid[3];

/* the TTX_FAIL hook of the kernel's C */
void ttx_fail(int site, int x, int y, int z) {
    long long lin = x + (long long)grid[0] * (y + (long long)grid[1] * z);
    pthread_mutex_lock(&mu);
    if (fail_prog < 0 || lin < fail_prog) {
        fail_prog = lin;
        fail_site = site;
        fail_pid[0] = x;
        fail_pid[1] = y;
        fail_pid[2] = z;
    }
    pthread_mutex_unlock(&mu);
}

/* a fault of the kernel (no bounds checks here: an access outside the
 * buffers): DIR/result says `crash SIGNAL X Y Z`, the program the faulting
 * thread ran, and the launcher exits with status 3 */
enum { MAXW = 1024 };
static volatile int cur_pid[MAXW][3];   /* the program each worker runs */
static volatile long cur_tid[MAXW];     /* each worker's thread id */
static int nworkers;
static char result_path[4200];
static void put_num(char *b, size_t *n, long long v) {
    char d[24];
    int k = 0;
    unsigned long long u = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
    do d[k++] = (char)('0' + u % 10); while ((u /= 10) && k < 24);
    if (v < 0) b[(*n)++] = '-';
    while (k) b[(*n)++] = d[--k];
}
static void on_fault(int sig) {
    char b[128];
    size_t n = 0;
    memcpy(b, "crash ", 6);
    n = 6;
    put_num(b, &n, sig);
    long me = syscall(SYS_gettid);
    int w = 0;
    for (int i = 0; i < nworkers && i < MAXW; i++)
        if (cur_tid[i] == me) w = i;
    for (int i = 0; i < 3; i++) { b[n++] = ' '; put_num(b, &n, cur_pid[w][i]); }
    b[n++] = '\n';
    int fd = open(result_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (fd >= 0) {
        ssize_t w = write(fd, b, n);
        (void)w;
        close(fd);
    }
    _exit(3);
}
/* each thread's own stack for on_fault (a kernel that overflows its stack) */
static void fault_stack(void) {
    stack_t ss;
    ss.ss_size = 1 << 16;
    ss.ss_sp = malloc(ss.ss_size);
    ss.ss_flags = 0;
    if (ss.ss_sp) sigaltstack(&ss, NULL);
}

static void die(const char *what, const char *path) {
    fprintf(stderr, "launcher: %s '%s'\n", what, path);
    exit(2);
}

static void *worker(void *arg) {
    int me = (int)(intptr_t)arg;
    cur_tid[me] = syscall(SYS_gettid);
    fault_stack();
    for (;;) {
        long long first = __atomic_fetch_add(&next_prog, chunk, __ATOMIC_RELAXED);
        if (first >= total) break;
        long long end = first + chunk < total ? first + chunk : total;
        for (long long t = first; t < end; t++) {
            long long p = t / nsub;
            int px = (int)(p % grid[0]), py = (int)(p / grid[0] % grid[1]), pz = (int)(p / ((long long)grid[0] * grid[1]));
            cur_pid[me][0] = px;
            cur_pid[me][1] = py;
            cur_pid[me][2] = pz;
            if (ttx_kernel_sub) ttx_kernel_sub(argv_k, grid[0], grid[1], grid[2], px, py, pz, (int)(t % nsub), nsub);
            else ttx_kernel(argv_k, grid[0], grid[1], grid[2], px, py, pz);
        }
    }
    return NULL;
}

static void file_path(char *out, size_t n, int i) { snprintf(out, n, "%s/arg%d.bin", dir, i); }

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: launcher DIR\n"); return 2; }
    dir = argv[1];
    char path[4096];
    snprintf(path, sizeof path, "%s/manifest", dir);
    FILE *m = fopen(path, "r");
    if (!m) die("cannot read", path);
    int version, threads, nargs;
    unsigned long long stack;
    if (fscanf(m, "ttxform-riscv %d grid %d %d %d threads %d stack %llu args %d", &version, &grid[0], &grid[1], &grid[2], &threads,
               &stack, &nargs) != 7 || version != 2 || nargs < 0 || threads < 1 || grid[0] < 1 || grid[1] < 1 || grid[2] < 1 ||
        stack < 1)
        die("malformed", path);
    argv_k = calloc((size_t)nargs + 1, sizeof *argv_k);
    size_t *bytes = calloc((size_t)nargs + 1, sizeof *bytes);
    int64_t *ints = calloc((size_t)nargs + 1, sizeof *ints);
    double *floats = calloc((size_t)nargs + 1, sizeof *floats);
    if (!argv_k || !bytes || !ints || !floats) die("out of memory for", path);
    for (int i = 0; i < nargs; i++) {
        char kind[8];
        int idx;
        if (fscanf(m, "%7s %d", kind, &idx) != 2 || idx != i) die("malformed", path);
        if (!strcmp(kind, "buf")) {
            unsigned long long nb;
            if (fscanf(m, "%llu", &nb) != 1) die("malformed", path);
            bytes[i] = (size_t)nb;
            void *p = NULL;
            if (posix_memalign(&p, 64, bytes[i] ? bytes[i] : 64)) die("out of memory for", path);
            char fp[4096];
            file_path(fp, sizeof fp, i);
            FILE *f = fopen(fp, "rb");
            if (!f || fread(p, 1, bytes[i], f) != bytes[i]) die("cannot read", fp);
            fclose(f);
            argv_k[i] = p;
        } else if (!strcmp(kind, "int")) {
            long long v;
            if (fscanf(m, "%lld", &v) != 1) die("malformed", path);
            ints[i] = v;
            argv_k[i] = &ints[i];
        } else if (!strcmp(kind, "float")) {
            unsigned long long b;
            if (fscanf(m, "%llx", &b) != 1) die("malformed", path);
            memcpy(&floats[i], &b, sizeof b);
            argv_k[i] = &floats[i];
        } else die("malformed", path);
    }
    fclose(m);
    snprintf(result_path, sizeof result_path, "%s/result", dir);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_fault;
    sa.sa_flags = SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGSEGV, &sa, NULL);
    sigaction(SIGBUS, &sa, NULL);

    total = (long long)grid[0] * grid[1] * grid[2];
    if (ttx_kernel_sub) {
        nsub = threads;
        total *= nsub;
    }
    if (threads > total) threads = (int)total;
    if (threads > MAXW) threads = MAXW;
    nworkers = threads;
    chunk = total / ((long long)threads * 4);
    if (chunk < 1) chunk = 1;
    pthread_t *th = calloc((size_t)threads, sizeof *th);
    pthread_attr_t at;
    pthread_attr_init(&at);
    pthread_attr_setstacksize(&at, (size_t)stack);   /* tensors are local arrays: the size ttxform computed */
    int started = 0;
    for (int i = 0; th && i < threads; i++, started++)
        if (pthread_create(&th[i], &at, worker, (void *)(intptr_t)i)) break;
    if (!started) {   /* the main thread's stack may be too small for the kernel */
        fprintf(stderr, "launcher: cannot start a thread with a stack of %llu MiB\n", stack >> 20);
        exit(2);
    }
    for (int i = 0; i < started; i++) pthread_join(th[i], NULL);

    for (int i = 0; i < nargs; i++) {
        if (argv_k[i] == &ints[i] || argv_k[i] == &floats[i]) continue;
        char fp[4096];
        file_path(fp, sizeof fp, i);
        FILE *f = fopen(fp, "wb");
        if (!f || fwrite(argv_k[i], 1, bytes[i], f) != bytes[i] || fclose(f)) die("cannot write", fp);
    }
    snprintf(path, sizeof path, "%s/result", dir);
    FILE *r = fopen(path, "w");
    if (!r) die("cannot write", path);
    if (fail_prog >= 0) fprintf(r, "fail %d %d %d %d\n", fail_site, fail_pid[0], fail_pid[1], fail_pid[2]);
    else fputs("ok\n", r);
    if (fclose(r)) die("cannot write", path);
    return 0;
}
