#!/usr/bin/env python3
"""The rvv target: its C compiles for rv64gcv with clang 19 (-Wall -Werror),
and the vector strategy's loops appear (CHECK lines in each input: the strings that must
occur in the output, in order).  Exit 77 (skipped) without clang-19."""
import os, shutil, subprocess, sys, tempfile

ttx, root = sys.argv[1], sys.argv[2]
cc = shutil.which("clang-19")
if not cc:
    print("clang-19 not found: skipping the rvv compile test")
    sys.exit(77)

cases = [
    # unmasked: both loads read where the store uses them, one pass
    ("tests/rvv/add2.ttir", ["#include <riscv_vector.h>", "read from memory where it is used",
                             "read from memory where it is used", "ttx_vl = __riscv_vsetvl_e32m8((size_t)(1000) - ttx_k);",
                             "__riscv_vle32_v_f32m8(", "__riscv_vle32_v_f32m8(", "__riscv_vfadd_vv_f32m8(",
                             "__riscv_vfmul_vv_f32m8(", "__riscv_vse32_v_f32m8(ttx_rp + ttx_k"]),
    # the Triton mask `offsets < n`: a prefix of the block, its strips
    # unmasked (the last one the tail) when the offsets cannot wrap; else
    # lane numbers compared with n, masked loads and store
    ("samples/vector_add.ttir", ["#include <riscv_vector.h>", "add_kernel(", "i64 ttx_lb = (i64)v1, ttx_hi = 0;",
                                 "ttx_hi = ttx_c < 0 ? 0 : ttx_c > 1024 ? 1024 : ttx_c;", "if (ttx_ok) {",
                                 "ttx_vl = __riscv_vsetvl_e32m8((size_t)(ttx_hi) - ttx_k);", "__riscv_vle32_v_f32m8(",
                                 "__riscv_vle32_v_f32m8(", "__riscv_vfadd_vv_f32m8(", "__riscv_vse32_v_f32m8(ttx_rp",
                                 "} else {", "__riscv_vid_v_u32m8(ttx_vl)", "__riscv_vmslt_vx_i32m8_b4(",
                                 "__riscv_vle32_v_f32m8_m(", "__riscv_vle32_v_f32m8_m(", "__riscv_vfadd_vv_f32m8(",
                                 "__riscv_vse32_v_f32m8_m("]),
    # max: a _tu accumulator and one vfredmax; exp; the sum in halving order,
    # the levels over 32 lanes in memory, the rest in one register group
    ("samples/cpu/softmax.ttir", ["#define TTX_VEXP(L, B)", "TTX_VEXP(8, 4)", "softmax_kernel(",
                                  "__riscv_vle32_v_f32m8_mu(", "ttx_acc = __riscv_vfmax_vv_f32m8_tu(ttx_acc, ttx_acc,",
                                  "__riscv_vfredmax_vs_f32m8_f32m1(ttx_acc", "__riscv_vfsub_vf_f32m8(", "ttx_vexpf_m8(",
                                  "float ttx_r[128];", "ttx_r + 64 + ttx_k", "ttx_r + 32 + ttx_k",
                                  "vfloat32m8_t ttx_s = __riscv_vle32_v_f32m8(ttx_r, ttx_n);",
                                  "__riscv_vfadd_vv_f32m8_tu(ttx_s, ttx_s, __riscv_vslidedown_vx_f32m8(ttx_s, 64, 64), 64);",
                                  "__riscv_vfadd_vv_f32m8_tu(ttx_s, ttx_s, __riscv_vslidedown_vx_f32m8(ttx_s, 1, 1), 1);",
                                  "__riscv_vfmv_f_s_f32m8_f32(ttx_s);",
                                  "__riscv_vfdiv_vf_f32m8(", "__riscv_vse32_v_f32m8_m("]),
    # layer norm: the two accumulating loops strip by strip (the full blocks
    # unmasked, counted in closed form), the sums' halves in registers, the
    # store loop's full blocks as one row of strips when no access of any
    # iteration overlaps a store (else the loop as the C target writes it)
    ("samples/cpu/layernorm.ttir", ["/* the lanes are independent: strip by strip, the iter args in registers across the iterations */",
                                    "i64 ttx_lim = (i64)(i32)(arg7) - 128;", "vfloat32m8_t ttx_a0 = ",
                                    "__riscv_vfadd_vv_f32m8(ttx_a0, ", "ttx_a0 = ttx_w", "__riscv_vle32_v_f32m8_mu(",
                                    "__riscv_vse32_v_f32m8(&v", "if (ttx_n == ttx_hm) {",
                                    "__riscv_vget_v_f32m8_f32m4(ttx_s8, 1)", "__riscv_vslidedown_vx_f32m1(ttx_s1, ttx_h, ttx_n / 8)",
                                    "/* the lanes are independent", "__riscv_vfsub_vf_f32m8(", "__riscv_vfmul_vv_f32m8(",
                                    "/* the full blocks as one row of strips, the rest block by block, when no", "int ttx_fl_v",
                                    "ttx_vl = __riscv_vsetvl_e32m8((size_t)(ttx_nl) - ttx_k);", "__riscv_vse32_v_f32m8((float *)(",
                                    "__riscv_vse32_v_f32m8_m("]),
    # two accumulators over the blocks: strip by strip at LMUL 4, both in registers
    ("tests/rvv/lanes2.ttir", ["lanes2(", "/* the lanes are independent", "ttx_vl = __riscv_vsetvl_e32m4(",
                               "vfloat32m4_t ttx_a0 = ", "vfloat32m4_t ttx_a1 = ", "ttx_a0 = ttx_w", "ttx_a1 = ttx_w",
                               "__riscv_vle32_v_f32m4_mu("]),
    # matvec: each row's 64 products summed in registers at the LMUL that
    # holds them (two groups at LMUL 8 for VLEN 128), then slides
    ("samples/cpu/matvec.ttir", ["if (__riscv_vsetvlmax_e32m8() * 2 == 64) {", "vfloat32m8_t ttx_s8 = __riscv_vfadd_vv_f32m8(",
                                 "__riscv_vget_v_f32m2_f32m1(ttx_s2, 1)", "__riscv_vslidedown_vx_f32m1(ttx_s1, ttx_h, ttx_n1)",
                                 "if (__riscv_vsetvlmax_e32m4() * 1 == 64) {", "if (__riscv_vsetvlmax_e32m1() * 1 == 64) {"]),
    # erf: the f64 table, the out-of-line fix of the lanes near a rounding
    # boundary and the LMUL 2 function, LMUL 8 in four parts
    ("tests/rvv/erf.ttir", ["double erf(double);", "static const double ttx_erf_tab[9][64] = {", "#define TTX_VERF(L, W, B)",
                            "ttx_verff_fix_m##L(", "(float)erf((double)ttx_ex[ttx_i])", "ttx_verff_fix_m##L(x, r, amb, vl)",
                            "TTX_VERF(2, 4, 16)", "#define TTX_VERF_PART(L, I)", "ttx_verff_m8(vfloat32m8_t x, size_t vl)",
                            "erf_kernel(", "__riscv_vle32_v_f32m8_m", "ttx_verff_m8(", "__riscv_vse32_v_f32m8_m("]),
    # 2-D: a mask array as bytes, min along the rows, select of a compare
    ("tests/rvv/rows2d.ttir", ["rows2d(", "__riscv_vmsne_vx_u8m2_b4(", "__riscv_vfmin_vv_f32m8_tu(",
                               "__riscv_vfredmin_vs_f32m8_f32m1(", "__riscv_vmfgt_vv_f32m8_b4(", "ttx_vexpf_m8(",
                               "__riscv_vmerge_vvm_f32m8(", "__riscv_vse32_v_f32m8_m("]),
    # the dot: 4 rows of accumulators, k inside, one vfmacc.vf per row
    ("tests/rvv/dot.ttir", ["dot24(", "for (i64 i0 = 0; i0 < 16; i0 += 4) {", "ttx_vl = __riscv_vsetvl_e32m4((size_t)(24) - ttx_k);",
                            "__riscv_vfmv_v_f_f32m4(ttx_c0, ttx_vl)", "for (i64 k = 0; k < 8; k++) {",
                            "ttx_c1 = __riscv_vfmacc_vf_f32m4(ttx_c1, ", "ttx_c4 = __riscv_vfmacc_vf_f32m4(ttx_c4, ",
                            "__riscv_vse32_v_f32m4("]),
    # f16 (zvfh): vle16 widened to f32, the product rounded to f16 (vfncvt,
    # vfwcvt), narrowed for vse16, masked in the tail
    ("tests/numeric/scale_f16.ttir", ["scale(", "__riscv_vfwcvt_f_f_v_f32m8(__riscv_vle16_v_f16m4(", "__riscv_vfmul_vf_f32m8(",
                                      "__riscv_vfwcvt_f_f_v_f32m8(__riscv_vfncvt_f_f_w_f16m4(", "__riscv_vse16_v_f16m4(ttx_rp",
                                      "__riscv_vle16_v_f16m4_m(", "__riscv_vse16_v_f16m4_m("]),
    # i32 rows: loads, integer ops, compare, select, store
    ("tests/rvv/int32.ttir", ["int32_rows(", "__riscv_vle32_v_i32m8(", "__riscv_vmsgt_vv_i32m8_b4(", "__riscv_vmul_vx_i32m8(",
                              "__riscv_vsub_vv_i32m8(", "__riscv_vxor_vv_i32m8(", "__riscv_vmax_vx_i32m8(", "__riscv_vand_vx_i32m8(",
                              "__riscv_vmerge_vvm_i32m8(", "__riscv_vmin_vv_i32m8(", "__riscv_vse32_v_i32m8(ttx_rp",
                              "__riscv_vle32_v_i32m8_m(", "__riscv_vse32_v_i32m8_m("]),
    # the f16 matmul: whether every row of the pointer arrays is consecutive
    # found once before the K loop from their offsets' row and column parts,
    # only the rows' first pointers built then (the arrays by strips
    # otherwise), B's rows tested evenly spaced; then the K loop inside the
    # dot's row blocks, the accumulators in registers across it (their zero
    # fill the registers' first value, stored once after the last k block;
    # 4 rows at LMUL 4 when that holds the 32 columns, else 2 at LMUL 8),
    # A's and B's rows read through the first pointers plus the advances so
    # far, a whole k block unrolled by 4 and the masked last one k by k
    # (vfwmacc on f16 rows), after a first pass over the k blocks for the
    # masks' no-wrap tests; else (the generic loop) the accumulator's zero
    # fill one strip loop, the loads read by the dot through the rows'
    # first pointers, else gathered into arrays, the dot written in place
    # into the loop-carried array, the advances of the rows' first pointers
    # alone when the rows are consecutive; a narrowed masked store
    ("samples/cpu/matmul.ttir", ["matmul_kernel(", "__riscv_vrem_vv_i32m8(", "__riscv_vrem_vv_i32m8(",
                                 "v52_ra &= ttx_cj == ttx_c0 + ttx_j;",
                                 "v52_ra &= ttx_r >= -2147483648LL && ttx_r <= 2147483647LL - 31;", "v52[i0 * 32] = ", "if (!v52_ra) {",
                                 "__riscv_vsext_vf2_i64m8(", "__riscv_vse64_v_u64m8(", "v52_ru &= __riscv_vcpop_m_b8(",
                                 "v53_ra &= ttx_cj == ttx_c0 + ttx_j;", "v53[i0 * 32] = ", "if (!v53_ra) {", "__riscv_vse64_v_u64m8(",
                                 "v53_ru &= __riscv_vcpop_m_b8(",
                                 "the dot's accumulators in registers across the loop", "int v51_rl = v52_ra && v53_ru;",
                                 "if (v51_rl) {", "for (i64 t50 = 0; t50 < v47; t50 += 1) {",
                                 "v51_rl &= ttx_lb >= -2147483648LL && ttx_lb <= 2147483647LL - 31;", "if (v51_rl) {",
                                 "if (__riscv_vsetvlmax_e32m4() >= 32) {",
                                 "const char *const ttx_p0 = (const char *)v52[(i0 + 0) * 32];",
                                 "vfloat32m4_t ttx_c1 = __riscv_vfmv_v_f_f32m4(ttx_c0, ttx_vl);", "i64 ttx_da = 0, ttx_db = 0;",
                                 "for (i64 t50 = 0; t50 < v47; t50 += 1) {", "ttx_ka = ttx_c < 0 ? 0 : ttx_c > 32 ? 32 : ttx_c;",
                                 "const _Float16 *const ttx_a0 = (const _Float16 *)(ttx_p0 + ttx_da);",
                                 "const _Float16 *ttx_bp = (const _Float16 *)(ttx_pb + ttx_db) + ttx_k;",
                                 "if (ttx_kk == 32) {", "for (i64 k = 0; k < 32; k += 4) {",
                                 "__riscv_vfwmacc_vf_f32m4(ttx_c1, ttx_a0[k], ttx_b0, ttx_vl);", "} else {",
                                 "for (; k + 4 <= ttx_kk; k += 4) {", "for (; k < ttx_kk; k++) {",
                                 "k < ttx_kb ? __riscv_vfwcvt_f_f_v_f32m4(", "ttx_da += (i64)(32) * 2;", "ttx_db += (i64)(v48) * 2;",
                                 "__riscv_vse32_v_f32m4(ttx_rr + 0, ttx_c1, ttx_vl);", "} else {",
                                 "for (i64 i0 = 0; i0 < 32; i0 += 2) {", "ttx_vl = __riscv_vsetvl_e32m8((size_t)(32) - ttx_k);",
                                 "ttx_c2 = __riscv_vfwmacc_vf_f32m8(ttx_c2, ttx_a1[k], ttx_b0, ttx_vl);",
                                 "__riscv_vse32_v_f32m8(ttx_rr + 32, ttx_c2, ttx_vl);", "} else {",
                                 "__riscv_vse32_v_f32m8(&v51[0] + ttx_k, ",
                                 "read through its pointer rows by the tt.dot",
                                 "read through its pointer rows by the tt.dot", "written in place into", "int ttx_dd = v52_ra && v53_ru;",
                                 "for (; k + 4 <= ttx_kk; k += 4) {", "__riscv_vfwmacc_vf_f32m4(ttx_c1, ttx_a0[k], ttx_b0, ttx_vl);",
                                 "ttx_c4 = __riscv_vfwmacc_vf_f32m4(ttx_c4, ttx_a3[k + 3], ttx_b3, ttx_vl);", "for (; k < ttx_kk; k++) {",
                                 "k < ttx_kb ? __riscv_vfwcvt_f_f_v_f32m4(", "} else {", "ttx_ga[i0 * 32 + i1] = ",
                                 "ttx_gb[i0 * 32 + i1] = ", "__riscv_vfmacc_vf_f32m4(", "written in place into", "if (v52_ra) {",
                                 "__riscv_vsse64_v_u64m8(", "written in place into", "if (v53_ra) {", "__riscv_vsse64_v_u64m8(",
                                 "__riscv_vse16_v_f16m4_m("]),
    # i32 division: RVV's own results for a zero divisor (RISC-V's rule), which
    # TTX_DIV0 may report at the op
    ("tests/numeric/c_ops.ttir", ["TTX_DIV0(2, -1)", "__riscv_vdiv_vv_i32m8(", "TTX_DIV0(3, -1)", "__riscv_vrem_vv_i32m8(",
                                  "TTX_DIV0(4, -1)", "__riscv_vdivu_vv_u32m8(", "TTX_DIV0(5, -1)", "__riscv_vremu_vv_u32m8("]),
    # block pointers: rows by strips when the last stride is 1, the
    # boundary check a row condition and a lane range, f16 widened/narrowed
    ("samples/cpu/matmul_block_ptr.ttir", ["if (v17.stride[1] == 1) {", "ttx_hi = v17.shape[1] - ttx_o;",
                                           "__riscv_vle16_v_f16m4_m(ttx_m, ttx_bp + ttx_k, ttx_vl)", "} else {",
                                           "__riscv_vfmacc_vf_f32m4(", "__riscv_vse16_v_f16m4_m(ttx_m, ttx_bp + ttx_k,"]),
    # a loop-carried dot written in place (its C the carried array; the
    # other dot's C is also its A, so it keeps its own array)
    ("tests/rvv/dot_loop.ttir", ["dot_loop(", "written in place into", "__riscv_vfmacc_vf_f32m4(", "__riscv_vfmacc_vf_f32m4("]),
    # a 2-D mask of arith.andi of broadcast i1 values: its bytes by strips
    ("tests/rvv/mask2d.ttir", ["mask2d(", "__riscv_vmand_mm_b4(", "__riscv_vse8_v_u8m2(", "__riscv_vse32_v_f32m8_m("]),
    # --smt-ime=hw|ref: the macros of `ttxform build --smt-ime` at the top
    ("samples/riscv/mm_kernel_f16.ttir", ["/* --smt-ime=hw */\n#define TTX_SMT_HW 1\n/* C with RISC-V", "ttx_smt_ime_f16("],
     ["--smt-ime=hw"]),
    ("samples/riscv/mm_kernel_i8.ttir", ["/* --smt-ime=ref */\n#define TTX_SMT_HW 1\n#define TTX_SMT_IME_REF 1\n",
                                         "ttx_ime_vmadot(", "ttx_smt_ime_i8("], ["--smt-ime=ref"]),
    # the SMT samples: B read from the pack under the tt.trans (no transposed
    # copy); f16 operands narrowed by strips, the IME's Bt read transposed
    # from the pack by strided loads
    ("samples/riscv/mm_kernel_f32.ttir", ["not made: the xsmt.mmt4d micro-kernels read the pack",
                                          "the K1 f32 micro tile 8x8x16: a micro-kernel", "ttx_smt_rvv_f32(v20, v23, v25,"]),
    ("samples/riscv/mm_kernel_f16.ttir", ["not made: the xsmt.mmt4d micro-kernels read the pack",
                                          "the K3 f16 micro tile 16x8x32: a micro-kernel",
                                          "__riscv_vfncvt_f_f_w_f16m4(__riscv_vle32_v_f32m8(&v20[0] + ttx_k, ttx_vl), ttx_vl)",
                                          "#if defined(TTX_SMT_HW)", "__riscv_vlse32_v_f32m8(&v23[", "ttx_smt_ime_f16(", "#else",
                                          "__riscv_vle32_v_f32m8(&v23[0] + ttx_k", "ttx_smt_rvv_f16(", "#endif"]),
    # a tile that is not the core's micro tile: the RVV micro-kernel, said so
    ("samples/riscv/mm_kernel_f32.ttir", ["the f32 tile 8x8x16 misses the matrix unit: the RVV micro-kernel", "ttx_smt_rvv_f32("],
     ["--smt-arch=k3"]),
    ("samples/riscv/mm_kernel_f16.ttir", ["the f16 tile 16x8x32 misses the matrix unit: the RVV micro-kernel", "ttx_smt_rvv_f16("],
     ["--smt-arch=k1"]),
    # two mmt4d on an 8x8x8 tile, no core: the RVV micro-kernel; B under the
    # tt.trans read as the pack, B = A transposed tile by tile (vlse32)
    ("tests/rvv/mmt4d_two.ttir", ["not made: the xsmt.mmt4d micro-kernels read the pack", "misses the matrix unit",
                                  "ttx_smt_rvv_f32(", "misses the matrix unit", "__riscv_vlse32_v_f32m8(", "ttx_smt_rvv_f32("]),
    # a plain tt.dot (Triton tutorial 03 as stock Triton prints it) with a
    # core named: its loads arrays, A and B packed into micro tiles (f16
    # narrowed), the mmt4d micro-kernel summing from the accumulator in place
    # (ldc = N); on K3 f16 the IME with B transposed tile by tile (vlse32)
    ("tests/rvv/smt_dot_f32.ttir", ["matmul_kernel(", "tt.dot on the K1 f32 micro tile 8x8x16: packed into micro tiles",
                                    "float ttx_smt_a[1024];", "float ttx_smt_bn[1024];",
                                    "ttx_smt_rvv_f32(ttx_smt_a, ttx_smt_bn, &v51[0], 4, 2, 4, 8, 16, 8, 32);"], ["--smt-arch=k1"]),
    ("tests/rvv/smt_dot_f32.ttir", ["tt.dot on the K3 f32 micro tile 8x32x32: packed into micro tiles",
                                    "ttx_smt_rvv_f32(ttx_smt_a, ttx_smt_bn, &v51[0], 4, 1, 1, 8, 32, 32, 32);"], ["--smt-arch=k3"]),
    ("tests/rvv/smt_dot_f16.ttir", ["tt.dot on the K1 f16 micro tile 8x16x16: packed into micro tiles", "_Float16 ttx_smt_a[1024];",
                                    "__riscv_vfncvt_f_f_w_f16m4(", "ttx_smt_rvv_f16(ttx_smt_a, ttx_smt_bn, &v51[0], 4, 2, 2, 8, 16, 16, 32);"],
     ["--smt-arch=k1"]),
    ("tests/rvv/smt_dot_f16.ttir", ["tt.dot on the K3 f16 micro tile 16x8x32: packed into micro tiles", "#if defined(TTX_SMT_HW)",
                                    "__riscv_vlse32_v_f32m8(ttx_s, 32 * sizeof(float), ttx_vl)",
                                    "ttx_smt_ime_f16(ttx_smt_a, ttx_smt_b, &v51[0], 2, 1, 4, 16, 32, 32);", "#else",
                                    "ttx_smt_rvv_f16(ttx_smt_a, ttx_smt_bn, &v51[0], 2, 1, 4, 16, 32, 8, 32);", "#endif"],
     ["--smt-arch=k3"]),
    ("tests/rvv/smt_dot_f16.ttir", ["#define TTX_SMT_IME_REF 1", "ttx_ime_vfwmadot(", "ttx_smt_ime_f16(ttx_smt_a, ttx_smt_b,"],
     ["--smt-arch=k3", "--smt-ime=ref"]),
    # a plain i8 x i8 -> i32 dot on the int8 IME tile: A packed by K tiles,
    # B as it is (RVV) or transposed per K tile (vlse8) for the IME
    ("tests/rvv/smt_dot_i8.ttir", ["tt.dot on the K1 int8 IME tile 4x8x4: packed into micro tiles", "i8 ttx_smt_a[256];",
                                   "#if defined(TTX_SMT_HW)", "__riscv_vlse8_v_i8m2(ttx_s, 24, ttx_vl)",
                                   "ttx_smt_ime_i8(ttx_smt_a, ttx_smt_b, &v25[0], 1, 1, 2, 16, 24, 4, 8, 4, 24);", "#else",
                                   "ttx_smt_rvv_i8(ttx_smt_a, v24, &v25[0], 1, 1, 2, 16, 24, 8, 24);", "#endif"], ["--smt-arch=k1"]),
    ("tests/rvv/smt_dot_i8.ttir", ["tt.dot on the K3 int8 IME tile 8x16x8: packed into micro tiles",
                                   "ttx_smt_ime_i8(ttx_smt_a, ttx_smt_b, &v25[0], 1, 1, 1, 16, 24, 8, 16, 8, 24);",
                                   "ttx_smt_rvv_i8(ttx_smt_a, v24, &v25[0], 1, 1, 1, 16, 24, 16, 24);"], ["--smt-arch=k3"]),
    # i8 rows: vle8 sign-extended to i32 lanes, + - * wrapped to 8 bits
    # (vsll/vsra by 24), narrowed (vncvt) for vse8, masked in the tail
    ("tests/rvv/i8_rows.ttir", ["i8_rows(", "__riscv_vsext_vf4_i32m8(__riscv_vle8_v_i8m2(",
                                "__riscv_vsra_vx_i32m8(__riscv_vsll_vx_i32m8(", "__riscv_vse8_v_i8m2(ttx_rp + ttx_k, __riscv_vncvt_x_x_w_i8m2(",
                                "__riscv_vle8_v_i8m2_m(", "__riscv_vse8_v_i8m2_m("]),
    # the i8 dot: i8 arrays by strips, 4 rows of i32 accumulators, vwmacc.vx
    # of A's element and B's row widened to i16
    ("tests/rvv/dot_i8.ttir", ["dot_i8(", "__riscv_vse8_v_i8m2((i8 *)&", "for (i64 i0 = 0; i0 < 16; i0 += 4) {",
                               "__riscv_vsext_vf2_i16m2(__riscv_vle8_v_i8m1(", "ttx_c4 = __riscv_vwmacc_vx_i32m4(ttx_c4, (i16)",
                               "__riscv_vse32_v_i32m4("]),
    # i32 sum and max: a _tu accumulator, one vredsum / vredmax
    ("tests/rvv/red_i32.ttir", ["red_i32(", "__riscv_vadd_vv_i32m8_tu(ttx_acc, ttx_acc,", "__riscv_vredsum_vs_i32m8_i32m1(",
                                "__riscv_vmax_vv_i32m8_tu(ttx_acc, ttx_acc,", "__riscv_vredmax_vs_i32m8_i32m1("]),
    # f16 sum in the halving order, each sum rounded to f16 (vfncvt, vfwcvt);
    # the max a _tu accumulator and one vfredmax
    ("tests/rvv/red_f16.ttir", ["red_f16(", "__riscv_vfwcvt_f_f_v_f32m8_tu(ttx_s, __riscv_vfncvt_f_f_w_f16m4(__riscv_vfadd_vv_f32m8(ttx_s,",
                                "__riscv_vfredmax_vs_f32m8_f32m1("]),
    # f16 exp: the f32 vector exp rounded to f16, the lanes near an f16
    # rounding boundary (y * (1 -+ 2^-21) rounding apart) in double
    ("tests/rvv/exp_f16.ttir", ["exp_f16(", "ttx_vexpf_m8(", "0x1.fffffp-1f", "0x1.000008p+0f", "__riscv_vsm_v_b4(",
                                "ttx_f16r(exp((double)ttx_ex[ttx_i]))", "__riscv_vse16_v_f16m4(ttx_rp + ttx_k,"]),
] + [("samples/cpu/" + n, ["#include <riscv_vector.h>"])
     for n in sorted(os.listdir(os.path.join(root, "samples/cpu"))) if n.endswith(".ttir")] \
  + [("samples/riscv/" + n, ["#include <riscv_vector.h>"])
     for n in sorted(os.listdir(os.path.join(root, "samples/riscv"))) if n.endswith(".ttir")]
# what each kernel leaves to the portable C's per-element code (the
# `/* rvv: per-element OP */` lines): a change either way must update this
SCALAR = {
    "samples/cpu/activations.ttir": {},
    "samples/cpu/layernorm.ttir": {},
    "samples/cpu/matmul.ttir": {},
    "samples/cpu/matmul_block_ptr.ttir": {},
    "samples/cpu/matvec.ttir": {},
    "samples/cpu/softmax.ttir": {},
    "samples/cpu/vector_add.ttir": {},
    "tests/rvv/mask2d.ttir": {},
    "tests/rvv/mmt4d_two.ttir": {},
    "samples/riscv/mm_kernel_f32.ttir --smt-arch=k3": {},
    "samples/riscv/mm_kernel_f16.ttir --smt-arch=k1": {"arith.constant": 1},
    "tests/rvv/i8_rows.ttir": {},
    "tests/rvv/smt_dot_f32.ttir --smt-arch=k1": {},
    "tests/rvv/smt_dot_f32.ttir --smt-arch=k3": {},
    "tests/rvv/smt_dot_f16.ttir --smt-arch=k1": {},
    "tests/rvv/smt_dot_f16.ttir --smt-arch=k3": {},
    "tests/rvv/smt_dot_i8.ttir --smt-arch=k1": {},
    "tests/rvv/smt_dot_i8.ttir --smt-arch=k3": {},
    "tests/rvv/dot_i8.ttir": {},
    "tests/rvv/red_i32.ttir": {},
    "tests/rvv/red_f16.ttir": {},
    "tests/rvv/exp_f16.ttir": {},
    "tests/rvv/lanes2.ttir": {},
    "samples/riscv/addmm.ttir": {},
    "samples/riscv/bmm.ttir": {},
    "samples/riscv/mm_double_buffer.ttir": {},
    "samples/riscv/mm_kernel_f16.ttir": {"arith.constant": 1},
    "samples/riscv/mm_kernel_f32.ttir": {},
    "samples/riscv/mm_kernel_i8.ttir": {"tt.load": 2},
    "samples/riscv/mm_parallel.ttir": {},
    "samples/riscv/mm_split_mn.ttir": {},
}
fails = 0
with tempfile.TemporaryDirectory() as tmp:
    for src, checks, *more in cases:
        args = more[0] if more else []
        out = os.path.join(tmp, os.path.basename(src) + ".rvv.c")
        r = subprocess.run([ttx, os.path.join(root, src), "-o", out] + args, capture_output=True, text=True)
        if r.returncode:
            print(f"FAIL {src}: ttxform exit {r.returncode}\n{r.stderr}")
            fails += 1
            continue
        text = open(out).read()
        pos = 0
        for c in checks:
            k = text.find(c, pos)
            if k < 0:
                print(f"FAIL {src}: CHECK not found after offset {pos}: {c}")
                fails += 1
                break
            pos = k + len(c)
        key = " ".join([src] + args)
        if key in SCALAR:
            got = {}
            for ln in text.splitlines():
                ln = ln.strip()
                if ln.startswith("/* rvv: per-element "):
                    op = ln[len("/* rvv: per-element "):-3]
                    got[op] = got.get(op, 0) + 1
            if got != SCALAR[key]:
                print(f"FAIL {key}: per-element ops {got}, expected {SCALAR[key]}")
                fails += 1
        march = "rv64gcv_zvfh" if "f16" in open(os.path.join(root, src)).read() else "rv64gcv"
        # the SMT samples' mbarrier handles are unused variables of the
        # shared emitter (the portable C has them too)
        quiet = ["-Wno-unused-variable"] if src.startswith("samples/riscv/") else []
        r = subprocess.run([cc, "--target=riscv64-linux-gnu", f"-march={march}", "-O2", "-Wall", "-Werror", *quiet,
                            "-c", out, "-o", os.path.join(tmp, "k.o")], capture_output=True, text=True)
        if r.returncode:
            print(f"FAIL {src}: clang-19 rejects the output\n{r.stderr}")
            fails += 1
        else:
            print(f"ok {src}")
# an SMT tile that misses the matrix unit: one located note per kernel on
# stderr (tests/rvv/mmt4d_two.ttir has two such mmt4d), none when the tiles match
with tempfile.TemporaryDirectory() as tmp:
    for src, args, want in (("samples/riscv/mm_kernel_f32.ttir", ["--smt-arch=k3"], 1),
                            ("tests/rvv/mmt4d_two.ttir", [], 1),
                            ("samples/riscv/mm_kernel_i8.ttir", ["--smt-arch=k1"], 1),
                            ("samples/riscv/mm_kernel_f32.ttir", [], 0),
                            ("samples/riscv/mm_kernel_f16.ttir", [], 0)):
        r = subprocess.run([ttx, os.path.join(root, src), "-o", os.path.join(tmp, "k.rvv.c")] + args,
                           capture_output=True, text=True)
        notes = r.stderr.count(": note: xsmt.mmt4d tile ")
        where = f"{src}:" in r.stderr if want else True
        if r.returncode or notes != want or not where or r.stderr.count("error") or (want and "is not the micro tile" not in r.stderr):
            print(f"FAIL notes {src} {args}: exit {r.returncode}, {notes} notes, expected {want}\n{r.stderr}")
            fails += 1
        else:
            print(f"ok notes {src} {args}")
# a plain tt.dot that misses the core's micro tile: the RVV tt.dot and one
# located note per kernel (why); none when it fits or no core is named
with tempfile.TemporaryDirectory() as tmp:
    for src, args, want, why in (("tests/rvv/dot.ttir", ["--smt-arch=k1"], 1, "must be multiples of the K1 f32 micro tile 8x8x16"),
                                 ("tests/rvv/dot_loop.ttir", ["--smt-arch=k3"], 1, "must be multiples of the K3 f32 micro tile 8x32x32"),
                                 ("tests/rvv/dot_i8.ttir", ["--smt-arch=k3"], 1, "must be multiples of the K3 int8 IME tile 8x16x8"),
                                 ("tests/rvv/dot.ttir", ["--smt-arch=k3"], 1, "must be multiples of the K3 f32 micro tile 8x32x32"),
                                 ("tests/rvv/dot_i8.ttir", ["--smt-arch=k1"], 0, ""),
                                 ("samples/cpu/matmul.ttir", ["--smt-arch=k3"], 0, ""),
                                 ("tests/rvv/dot_loop.ttir", ["--smt-arch=k1"], 0, ""),
                                 ("tests/rvv/dot.ttir", [], 0, "")):
        r = subprocess.run([ttx, os.path.join(root, src), "-o", os.path.join(tmp, "k.rvv.c")] + args,
                           capture_output=True, text=True)
        notes = r.stderr.count(": note: tt.dot ")
        where = f"{src}:" in r.stderr if want else True
        text = open(os.path.join(tmp, "k.rvv.c")).read() if not r.returncode else ""
        calls = any(f"ttx_smt_rvv_{t}(ttx_smt_a" in text for t in ("f32", "f16", "i8"))
        if r.returncode or notes != want or not where or why not in r.stderr or calls != (not want and bool(args)):
            print(f"FAIL dot notes {src} {args}: exit {r.returncode}, {notes} notes, expected {want}, micro-kernel {calls}\n{r.stderr}")
            fails += 1
        else:
            print(f"ok dot notes {src} {args}")
# --smt-ime is an rvv option: with another output an error, nothing written
with tempfile.TemporaryDirectory() as tmp:
    out = os.path.join(tmp, "k.c")
    r = subprocess.run([ttx, os.path.join(root, "samples/riscv/mm_kernel_f16.ttir"), "--smt-ime=hw", "-o", out],
                       capture_output=True, text=True)
    if r.returncode != 1 or "--smt-ime applies to --emit=rvv" not in r.stderr or os.path.exists(out):
        print(f"FAIL --smt-ime with -o FILE.c: exit {r.returncode}, {r.stderr.strip()}")
        fails += 1
    else:
        print("ok --smt-ime with -o FILE.c refused")
sys.exit(1 if fails else 0)
