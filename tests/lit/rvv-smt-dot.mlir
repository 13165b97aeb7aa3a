// RUN: ttxform %s --emit=rvv --smt-arch=k1 | FileCheck %s
// RUN: ttxform %s --emit=rvv --smt-arch=k1 -o /dev/null 2>&1 | FileCheck %s --check-prefix=K1NOTE
// RUN: ttxform %s --emit=rvv --smt-arch=k3 -o /dev/null 2>&1 | FileCheck %s --check-prefix=K3NOTE
// RUN: ttxform %s --emit=rvv 2>&1 | FileCheck %s --check-prefix=NOCORE

// A plain tt.dot on the SpacemiT micro-kernels (targets/rvv/smt_dot.c): with
// a core named (--smt-arch) and shapes that are multiples of its micro tile,
// A is packed into micro tiles, B into the Bn layout, the accumulator copied
// into the result (a uniform one filled) and the xsmt.mmt4d micro-kernel
// sums from it, rows N apart (ldc).  A dot that misses keeps the RVV tt.dot
// with one note per kernel saying why; without a core, no note.

// CHECK-LABEL: void fit(
// CHECK: /* tt.dot on the K1 f32 micro tile 8x8x16: packed into micro tiles, a micro-kernel (targets/rvv/smt_kernels.c) */
// CHECK-NEXT: {
// CHECK-NEXT: const float ttx_c0 = 0.5f;
// CHECK: __riscv_vse32_v_f32m8(&[[R:v[0-9]+]][0] + ttx_k, __riscv_vfmv_v_f_f32m8(ttx_c0, ttx_vl), ttx_vl);
// CHECK: float ttx_smt_a[128];
// CHECK-NEXT: for (i64 m = 0; m < 16; m++)
// CHECK-NEXT: for (i64 k1 = 0; k1 < 1; k1++) {
// CHECK-NEXT: float *ttx_d = ttx_smt_a + (((m / 8) * 1 + k1) * 8 + m % 8) * 8;
// CHECK: float ttx_smt_bn[256];
// CHECK-NEXT: for (i64 k = 0; k < 8; k++)
// CHECK-NEXT: for (i64 n1 = 0; n1 < 2; n1++) {
// CHECK-NEXT: float *ttx_d = ttx_smt_bn + (((k / 8) * 2 + n1) * 8 + k % 8) * 16;
// CHECK: ttx_smt_rvv_f32(ttx_smt_a, ttx_smt_bn, &[[R]][0], 2, 2, 1, 8, 16, 8, 32);
// CHECK-LABEL: void two_f16(
// CHECK-NOT: ttx_smt_rvv

// K1NOTE-NOT: fit
// K1NOTE: rvv-smt-dot.mlir:[[@LINE+70]]:{{[0-9]+}}: note: tt.dot 16x8x24 (M x K x N, f16 x f16 -> f16) does not take the SpacemiT K1 micro-kernels: the micro-kernels take f32 x f32 -> f32, f16 x f16 -> f32 (f32 sums) and i8 x i8 -> i32; the RVV tt.dot instead
// K1NOTE-NOT: note
// K3NOTE: rvv-smt-dot.mlir:[[@LINE+32]]:{{[0-9]+}}: note: tt.dot 16x8x32 (M x K x N, f32 x f32 -> f32) does not take the SpacemiT K3 micro-kernels: M, K and N must be multiples of the K3 f32 micro tile 8x32x32 (M x K x N); the RVV tt.dot instead
// K3NOTE: note: tt.dot 16x8x24 (M x K x N, f16 x f16 -> f16)
// K3NOTE-NOT: note
// NOCORE-NOT: note
// NOCORE-NOT: ttx_smt_rvv_f32(ttx_smt_a

module {
  tt.func public @fit(%a: !tt.ptr<f32>, %b: !tt.ptr<f32>, %c: !tt.ptr<f32>) {
    %half = arith.constant dense<0.5> : tensor<16x32xf32>
    %rm = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %rk = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %rn = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %m2 = tt.expand_dims %rm {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
    %k2r = tt.expand_dims %rk {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
    %k2c = tt.expand_dims %rk {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
    %n2 = tt.expand_dims %rn {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %c8 = arith.constant dense<8> : tensor<16x1xi32>
    %am = arith.muli %m2, %c8 : tensor<16x1xi32>
    %amb = tt.broadcast %am : tensor<16x1xi32> -> tensor<16x8xi32>
    %akb = tt.broadcast %k2r : tensor<1x8xi32> -> tensor<16x8xi32>
    %ao = arith.addi %amb, %akb : tensor<16x8xi32>
    %ap0 = tt.splat %a : !tt.ptr<f32> -> tensor<16x8x!tt.ptr<f32>>
    %ap = tt.addptr %ap0, %ao : tensor<16x8x!tt.ptr<f32>>, tensor<16x8xi32>
    %av = tt.load %ap : tensor<16x8x!tt.ptr<f32>>
    %c32k = arith.constant dense<32> : tensor<8x1xi32>
    %bk = arith.muli %k2c, %c32k : tensor<8x1xi32>
    %bkb = tt.broadcast %bk : tensor<8x1xi32> -> tensor<8x32xi32>
    %bnb = tt.broadcast %n2 : tensor<1x32xi32> -> tensor<8x32xi32>
    %bo = arith.addi %bkb, %bnb : tensor<8x32xi32>
    %bp0 = tt.splat %b : !tt.ptr<f32> -> tensor<8x32x!tt.ptr<f32>>
    %bp = tt.addptr %bp0, %bo : tensor<8x32x!tt.ptr<f32>>, tensor<8x32xi32>
    %bv = tt.load %bp : tensor<8x32x!tt.ptr<f32>>
    %d = tt.dot %av, %bv, %half : tensor<16x8xf32> * tensor<8x32xf32> -> tensor<16x32xf32>
    %c32 = arith.constant dense<32> : tensor<16x1xi32>
    %cm = arith.muli %m2, %c32 : tensor<16x1xi32>
    %cmb = tt.broadcast %cm : tensor<16x1xi32> -> tensor<16x32xi32>
    %cnb = tt.broadcast %n2 : tensor<1x32xi32> -> tensor<16x32xi32>
    %co = arith.addi %cmb, %cnb : tensor<16x32xi32>
    %cp0 = tt.splat %c : !tt.ptr<f32> -> tensor<16x32x!tt.ptr<f32>>
    %cp = tt.addptr %cp0, %co : tensor<16x32x!tt.ptr<f32>>, tensor<16x32xi32>
    tt.store %cp, %d : tensor<16x32x!tt.ptr<f32>>
    tt.return
  }
  tt.func public @two_f16(%a: !tt.ptr<f16>, %b: !tt.ptr<f16>, %c: !tt.ptr<f16>) {
    %half = arith.constant dense<0.5> : tensor<16x24xf16>
    %rm = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %rk = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %rn = tt.make_range {end = 24 : i32, start = 0 : i32} : tensor<24xi32>
    %m2 = tt.expand_dims %rm {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
    %k2r = tt.expand_dims %rk {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
    %k2c = tt.expand_dims %rk {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
    %n2 = tt.expand_dims %rn {axis = 0 : i32} : tensor<24xi32> -> tensor<1x24xi32>
    %c8 = arith.constant dense<8> : tensor<16x1xi32>
    %am = arith.muli %m2, %c8 : tensor<16x1xi32>
    %amb = tt.broadcast %am : tensor<16x1xi32> -> tensor<16x8xi32>
    %akb = tt.broadcast %k2r : tensor<1x8xi32> -> tensor<16x8xi32>
    %ao = arith.addi %amb, %akb : tensor<16x8xi32>
    %ap0 = tt.splat %a : !tt.ptr<f16> -> tensor<16x8x!tt.ptr<f16>>
    %ap = tt.addptr %ap0, %ao : tensor<16x8x!tt.ptr<f16>>, tensor<16x8xi32>
    %av = tt.load %ap : tensor<16x8x!tt.ptr<f16>>
    %c24k = arith.constant dense<24> : tensor<8x1xi32>
    %bk = arith.muli %k2c, %c24k : tensor<8x1xi32>
    %bkb = tt.broadcast %bk : tensor<8x1xi32> -> tensor<8x24xi32>
    %bnb = tt.broadcast %n2 : tensor<1x24xi32> -> tensor<8x24xi32>
    %bo = arith.addi %bkb, %bnb : tensor<8x24xi32>
    %bp0 = tt.splat %b : !tt.ptr<f16> -> tensor<8x24x!tt.ptr<f16>>
    %bp = tt.addptr %bp0, %bo : tensor<8x24x!tt.ptr<f16>>, tensor<8x24xi32>
    %bv = tt.load %bp : tensor<8x24x!tt.ptr<f16>>
    %d = tt.dot %av, %bv, %half : tensor<16x8xf16> * tensor<8x24xf16> -> tensor<16x24xf16>
    %d2 = tt.dot %av, %bv, %d : tensor<16x8xf16> * tensor<8x24xf16> -> tensor<16x24xf16>
    %c24 = arith.constant dense<24> : tensor<16x1xi32>
    %cm = arith.muli %m2, %c24 : tensor<16x1xi32>
    %cmb = tt.broadcast %cm : tensor<16x1xi32> -> tensor<16x24xi32>
    %cnb = tt.broadcast %n2 : tensor<1x24xi32> -> tensor<16x24xi32>
    %co = arith.addi %cmb, %cnb : tensor<16x24xi32>
    %cp0 = tt.splat %c : !tt.ptr<f16> -> tensor<16x24x!tt.ptr<f16>>
    %cp = tt.addptr %cp0, %co : tensor<16x24x!tt.ptr<f16>>, tensor<16x24xi32>
    tt.store %cp, %d2 : tensor<16x24x!tt.ptr<f16>>
    tt.return
  }
}
