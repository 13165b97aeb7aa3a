/* cc.h - what `build` and `run --target=riscv64[-rvv]` share: temporary
 * directories, child processes, and clang-19 invocations. */
#ifndef TTX_RISCV_CC_H
#define TTX_RISCV_CC_H

#include <stdbool.h>
#include <stddef.h>

#include "ir.h"
#include "riscv.h"
#include "toolchain.h"

typedef enum { RV_OUT_OBJ, RV_OUT_SO, RV_OUT_ASM, RV_OUT_EXE } RvOut;

/* a fresh directory under $TMPDIR (or /tmp) into dir; false on failure.
 * From the first call on, SIGINT, SIGTERM and SIGHUP (unless ignored) kill
 * the child rv_spawn runs and are recorded: the caller then removes the
 * directory and calls rv_reraise() */
bool rv_tmpdir(char *dir, size_t n);
/* one of those signals came */
bool rv_interrupted(void);
/* die of the signal that came (nothing when none came) */
void rv_reraise(void);
/* remove the files of dir and dir itself */
void rv_rmdir(const char *dir);
/* write len bytes of text to path; false (errno set) on failure */
bool rv_write_file(const char *path, const void *text, size_t len);
/* the whole file at path (NUL-terminated, *len without it), or NULL */
char *rv_read_file(const char *path, size_t *len);

/* run argv[0] (a full path) with argv in directory cwd (NULL: here), its
 * stderr (and stdout when log_stdout) into the file log (NULL: inherited),
 * no core file; returns the wait status, or -1 when it could not start */
int rv_spawn(char *const *argv, const char *cwd, const char *log, bool log_stdout);
/* a wait status in words: "exit status 3", "signal 11 (Segmentation fault)" */
void rv_status_str(int status, char *out, size_t n);

/* does func (or any function of module when func is NULL) use f16? */
bool rv_uses_f16(Op *module, Op *func);
/* -march for arch */
const char *rv_march(RvArch arch, bool f16);

/* clang-19 on the C files srcs into out, as kind; on failure false with
 * clang's messages (or why it did not start) in *msg (malloc'd) */
bool rv_compile(const RvTools *t, RvArch arch, bool f16, const char *const *srcs, int nsrcs, const char *out, RvOut kind,
                const char *logdir, char **msg);

/* the launcher's source (launcher.c), embedded at build time by embed.py */
extern const char rv_launcher_src[];

#endif
