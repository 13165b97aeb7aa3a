/* jit_rt_atomic.c - the atomic primitives of the JIT's code (the
 * TTX_RT_ATOMICS form of targets/c/atomics.h): libtcc has no atomic
 * builtins, so the JIT's C calls these, compiled by gcc.  Per word width W:
 * fetch-and-add, -and, -or, -xor, exchange, load and compare-and-swap, each
 * with the C11 memory order mo the op asks for (0 relaxed, 2 acquire,
 * 3 release, 4 acq_rel, 5 seq_cst), each a constant of its own builtin call
 * (a failed compare-and-swap orders as relaxed or acquire, the failure
 * order the emitter passes as fmo for that mo). */
#include "jit_rt.h"

#include <stdint.h>

#define DEFINE(T)                                                                              \
    T jit_rt_at_add_##T(T *p, T v, int mo) {                                                   \
        switch (mo) {                                                                          \
        case __ATOMIC_RELAXED: return __atomic_fetch_add(p, v, __ATOMIC_RELAXED);              \
        case __ATOMIC_ACQUIRE: return __atomic_fetch_add(p, v, __ATOMIC_ACQUIRE);              \
        case __ATOMIC_RELEASE: return __atomic_fetch_add(p, v, __ATOMIC_RELEASE);              \
        case __ATOMIC_ACQ_REL: return __atomic_fetch_add(p, v, __ATOMIC_ACQ_REL);              \
        default: return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST);                            \
        }                                                                                      \
    }                                                                                          \
    T jit_rt_at_and_##T(T *p, T v, int mo) {                                                   \
        switch (mo) {                                                                          \
        case __ATOMIC_RELAXED: return __atomic_fetch_and(p, v, __ATOMIC_RELAXED);              \
        case __ATOMIC_ACQUIRE: return __atomic_fetch_and(p, v, __ATOMIC_ACQUIRE);              \
        case __ATOMIC_RELEASE: return __atomic_fetch_and(p, v, __ATOMIC_RELEASE);              \
        case __ATOMIC_ACQ_REL: return __atomic_fetch_and(p, v, __ATOMIC_ACQ_REL);              \
        default: return __atomic_fetch_and(p, v, __ATOMIC_SEQ_CST);                            \
        }                                                                                      \
    }                                                                                          \
    T jit_rt_at_or_##T(T *p, T v, int mo) {                                                    \
        switch (mo) {                                                                          \
        case __ATOMIC_RELAXED: return __atomic_fetch_or(p, v, __ATOMIC_RELAXED);               \
        case __ATOMIC_ACQUIRE: return __atomic_fetch_or(p, v, __ATOMIC_ACQUIRE);               \
        case __ATOMIC_RELEASE: return __atomic_fetch_or(p, v, __ATOMIC_RELEASE);               \
        case __ATOMIC_ACQ_REL: return __atomic_fetch_or(p, v, __ATOMIC_ACQ_REL);               \
        default: return __atomic_fetch_or(p, v, __ATOMIC_SEQ_CST);                             \
        }                                                                                      \
    }                                                                                          \
    T jit_rt_at_xor_##T(T *p, T v, int mo) {                                                   \
        switch (mo) {                                                                          \
        case __ATOMIC_RELAXED: return __atomic_fetch_xor(p, v, __ATOMIC_RELAXED);              \
        case __ATOMIC_ACQUIRE: return __atomic_fetch_xor(p, v, __ATOMIC_ACQUIRE);              \
        case __ATOMIC_RELEASE: return __atomic_fetch_xor(p, v, __ATOMIC_RELEASE);              \
        case __ATOMIC_ACQ_REL: return __atomic_fetch_xor(p, v, __ATOMIC_ACQ_REL);              \
        default: return __atomic_fetch_xor(p, v, __ATOMIC_SEQ_CST);                            \
        }                                                                                      \
    }                                                                                          \
    T jit_rt_at_xchg_##T(T *p, T v, int mo) {                                                  \
        switch (mo) {                                                                          \
        case __ATOMIC_RELAXED: return __atomic_exchange_n(p, v, __ATOMIC_RELAXED);             \
        case __ATOMIC_ACQUIRE: return __atomic_exchange_n(p, v, __ATOMIC_ACQUIRE);             \
        case __ATOMIC_RELEASE: return __atomic_exchange_n(p, v, __ATOMIC_RELEASE);             \
        case __ATOMIC_ACQ_REL: return __atomic_exchange_n(p, v, __ATOMIC_ACQ_REL);             \
        default: return __atomic_exchange_n(p, v, __ATOMIC_SEQ_CST);                           \
        }                                                                                      \
    }                                                                                          \
    T jit_rt_at_load_##T(T *p, int mo) {                                                       \
        switch (mo) {                                                                          \
        case __ATOMIC_RELAXED: return __atomic_load_n(p, __ATOMIC_RELAXED);                    \
        case __ATOMIC_ACQUIRE: return __atomic_load_n(p, __ATOMIC_ACQUIRE);                    \
        default: return __atomic_load_n(p, __ATOMIC_SEQ_CST);                                  \
        }                                                                                      \
    }                                                                                          \
    int jit_rt_at_cas_##T(T *p, T *e, T v, int mo, int fmo) {                                  \
        (void)fmo;   /* each success order has its one failure order */                        \
        switch (mo) {                                                                          \
        case __ATOMIC_RELAXED: return __atomic_compare_exchange_n(p, e, v, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED); \
        case __ATOMIC_ACQUIRE: return __atomic_compare_exchange_n(p, e, v, 0, __ATOMIC_ACQUIRE, __ATOMIC_ACQUIRE); \
        case __ATOMIC_RELEASE: return __atomic_compare_exchange_n(p, e, v, 0, __ATOMIC_RELEASE, __ATOMIC_RELAXED); \
        case __ATOMIC_ACQ_REL: return __atomic_compare_exchange_n(p, e, v, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE); \
        default: return __atomic_compare_exchange_n(p, e, v, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST); \
        }                                                                                      \
    }

#define DEFINE_ONE(N, T) typedef T N; DEFINE(N)
JIT_RT_ATOMIC_TYPES(DEFINE_ONE)
