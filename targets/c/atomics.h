/* targets/c/atomics.h - the prelude's atomic primitives (see
 * targets/cgen/atomic.c), as entries of the helper table of prelude.h.
 *
 * For each word width W (8, 16, 32, 64; uW the word): ttx_at_OP_uW(p, v,
 * mo) for OP = add, and, or, xor, xchg returns the old word;
 * ttx_at_load_uW(p, mo) reads one; ttx_at_cas_uW(p, &expected, desired,
 * mo, failure_mo) is true when it stored, and leaves the word it saw in
 * expected.  mo is a C11 memory order (0 relaxed, 2 acquire, 3 release,
 * 4 acq_rel), a literal in the code, so GCC and Clang keep it.  Each
 * entry has three forms:
 *   - TTX_RT_ATOMICS (the JIT, whose libtcc has no atomic builtins): a
 *     declaration of the runtime's function (runtime/jit_rt_atomic.c);
 *   - GCC and Clang: the __atomic builtin;
 *   - TCC: a compare-and-swap loop on a locked cmpxchg (x86; any other
 *     compiler stops with #error).
 * Included by prelude.h only. */
#ifndef TTX_TARGETS_C_ATOMICS_H
#define TTX_TARGETS_C_ATOMICS_H

#define TTX_AT_GNU "#elif defined(__GNUC__) && !defined(__TINYC__)\n"

/* the TCC compare-and-swap of W-bit words, SUF the instruction's suffix,
 * RC the constraint of the register operand */
#define TTX_AT_TCC_CAS(W, SUF, RC)                                                                                    \
    { "ttx_tcc_cas_u" #W,                                                                                              \
      "#if !defined(TTX_RT_ATOMICS) && !(defined(__GNUC__) && !defined(__TINYC__))\n"                                  \
      "#if defined(__TINYC__) && defined(__x86_64__)\n"                                                                \
      "/* compare-and-swap for TCC, which has no atomic builtins: lock cmpxchg (a full barrier) */\n"                  \
      "static inline int ttx_tcc_cas_u" #W "(u" #W " *p, u" #W " *e, u" #W " v)\n{\n"                                   \
      "    u" #W " o = *e;\n"                                                                                          \
      "    u8 ok;\n"                                                                                                   \
      "    __asm__ __volatile__(\"lock cmpxchg" SUF " %3, %1\\n\\tsete %2\" : \"+a\"(o), \"+m\"(*p), \"=q\"(ok) : \"" RC \
      "\"(v) : \"memory\", \"cc\");\n"                                                                                 \
      "    *e = o;\n"                                                                                                  \
      "    return ok;\n}\n"                                                                                            \
      "#else\n"                                                                                                        \
      "#error \"atomics need GCC or Clang (__atomic builtins) or TCC on x86-64\"\n"                                    \
      "#endif\n"                                                                                                       \
      "#endif\n" }

/* fetch-and-OP: BUILTIN for GCC and Clang, NEW (of the old word o and v) for TCC */
#define TTX_AT_FETCH(OP, W, BUILTIN, NEW)                                                     \
    { "ttx_at_" #OP "_u" #W,                                                                   \
      "#if defined(TTX_RT_ATOMICS)\n"                                                          \
      "u" #W " ttx_at_" #OP "_u" #W "(u" #W " *p, u" #W " v, int mo);\n" TTX_AT_GNU            \
      "#define ttx_at_" #OP "_u" #W "(p, v, mo) " BUILTIN "(p, v, mo)\n"                       \
      "#else\n"                                                                                \
      "static inline u" #W " ttx_at_" #OP "_u" #W "(u" #W " *p, u" #W " v, int mo)\n{\n"       \
      "    u" #W " o = *(volatile u" #W " *)p;\n"                                              \
      "    (void)mo;\n"                                                                        \
      "    while (!ttx_tcc_cas_u" #W "(p, &o, (u" #W ")(" NEW "))) {}\n"                       \
      "    return o;\n}\n"                                                                     \
      "#endif\n" }

#define TTX_AT_LOAD(W)                                                                         \
    { "ttx_at_load_u" #W,                                                                      \
      "#if defined(TTX_RT_ATOMICS)\n"                                                          \
      "u" #W " ttx_at_load_u" #W "(u" #W " *p, int mo);\n" TTX_AT_GNU                          \
      "#define ttx_at_load_u" #W "(p, mo) __atomic_load_n(p, mo)\n"                            \
      "#else\n"                                                                                \
      "#define ttx_at_load_u" #W "(p, mo) (*(volatile u" #W " *)(p))\n"                        \
      "#endif\n" }

#define TTX_AT_CAS(W)                                                                          \
    { "ttx_at_cas_u" #W,                                                                       \
      "#if defined(TTX_RT_ATOMICS)\n"                                                          \
      "int ttx_at_cas_u" #W "(u" #W " *p, u" #W " *e, u" #W " v, int mo, int fmo);\n" TTX_AT_GNU \
      "#define ttx_at_cas_u" #W "(p, e, v, mo, fmo) __atomic_compare_exchange_n(p, e, v, 0, mo, fmo)\n" \
      "#else\n"                                                                                \
      "#define ttx_at_cas_u" #W "(p, e, v, mo, fmo) ttx_tcc_cas_u" #W "(p, e, v)\n"            \
      "#endif\n" }

#define TTX_AT_WIDTH(W)                                                     \
    TTX_AT_LOAD(W), TTX_AT_CAS(W), TTX_AT_FETCH(add, W, "__atomic_fetch_add", "o + v"), \
    TTX_AT_FETCH(and, W, "__atomic_fetch_and", "o & v"), TTX_AT_FETCH(or, W, "__atomic_fetch_or", "o | v"), \
    TTX_AT_FETCH(xor, W, "__atomic_fetch_xor", "o ^ v"), TTX_AT_FETCH(xchg, W, "__atomic_exchange_n", "v")

/* the entries, in the order they are emitted: the TCC primitives first */
#define TTX_ATOMIC_HELPERS                                                                                  \
    TTX_AT_TCC_CAS(8, "b", "q"), TTX_AT_TCC_CAS(16, "w", "r"), TTX_AT_TCC_CAS(32, "l", "r"),                 \
    TTX_AT_TCC_CAS(64, "q", "r"), TTX_AT_WIDTH(8), TTX_AT_WIDTH(16), TTX_AT_WIDTH(32), TTX_AT_WIDTH(64)

#endif
