// RUN: ttxform %s --split-input-file --ptr-analysis | FileCheck %s

// A pointer advanced in a K loop by an amount the loop body computes after
// the load (Triton 3.6 puts BLOCK_K * stride inside the loop): the amount is
// loop-invariant, so the load's offset computes it again before the load.
// CHECK-LABEL: tt.func @advance_in_loop
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// CHECK: %[[S:.*]] = arith.index_cast %arg2 : i32 to index
// CHECK: %[[ADV:.*]] = arith.muli %[[S]], %c16 : index
// CHECK: %[[KI:.*]] = arith.index_cast %[[K]] : i32 to index
// CHECK: %[[OFF:.*]] = arith.muli %[[KI]], %[[ADV]] : index
// CHECK: %[[P:.*]] = tts.make_tptr %arg0 to sizes: [16], strides: [1], offsets: [%[[OFF]]], shape: [0], order: []
// CHECK: "tts.load"(%[[P]])
// CHECK: arith.muli %arg2, %c16_i32 : i32
tt.func @advance_in_loop(%a: !tt.ptr<f32>, %out: !tt.ptr<f32>, %s: i32, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c16 = arith.constant 16 : i32
  %z = arith.constant dense<0.000000e+00> : tensor<16xf32>
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %p0 = tt.splat %a : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %p = tt.addptr %p0, %r : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  %res:2 = scf.for %k = %c0 to %n step %c1 iter_args(%q = %p, %acc = %z) -> (tensor<16x!tt.ptr<f32>>, tensor<16xf32>) : i32 {
    %v = tt.load %q : tensor<16x!tt.ptr<f32>>
    %acc2 = arith.addf %acc, %v : tensor<16xf32>
    %adv = arith.muli %s, %c16 : i32
    %advs = tt.splat %adv : i32 -> tensor<16xi32>
    %q2 = tt.addptr %q, %advs : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
    scf.yield %q2, %acc2 : tensor<16x!tt.ptr<f32>>, tensor<16xf32>
  }
  %o0 = tt.splat %out : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %o = tt.addptr %o0, %r : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  tt.store %o, %res#1 : tensor<16x!tt.ptr<f32>>
  tt.return
}

// -----

// What tl.store(block_ptr, acc, boundary_check=(0, 1)) becomes in stock
// Triton 3.6 (rewrite_tensor_pointer): splat(base) + X0 * s0 + X1 * s1 under
// (X0 >= 0) & (X0 < M) & (X1 >= 0) & (X1 < N).  The pass leaves it (a tts
// block pointer's position is offset / stride, 0 for a stride of 0 at run
// time); lower-structured-pointers makes it a block pointer again
// (spyre-lower-structured-pointers-checked.mlir).
// CHECK-LABEL: tt.func @checked_store
// CHECK-NOT: tts.store
// CHECK: tt.store %{{.*}}, %arg1, %{{.*}} : tensor<32x32x!tt.ptr<f32>>
tt.func @checked_store(%c_ptr: !tt.ptr<f32>, %acc: tensor<32x32xf32>, %M: i32, %N: i32, %scm: i32, %scn: i32, %om: i64, %on: i64) {
  %cst = arith.constant dense<0> : tensor<1x32xi64>
  %cst_0 = arith.constant dense<0> : tensor<32x1xi64>
  %c_bp = arith.extsi %M : i32 to i64
  %c_bp_10 = arith.extsi %N : i32 to i64
  %c_bp_11 = arith.extsi %scm : i32 to i64
  %c_bp_12 = arith.extsi %scn : i32 to i64
  %0 = tt.splat %c_ptr : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>>
  %1 = tt.splat %om : i64 -> tensor<32xi64>
  %2 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %3 = arith.extsi %2 : tensor<32xi32> to tensor<32xi64>
  %4 = arith.addi %1, %3 : tensor<32xi64>
  %5 = tt.expand_dims %4 {axis = 1 : i32} : tensor<32xi64> -> tensor<32x1xi64>
  %6 = tt.splat %c_bp_11 : i64 -> tensor<32x1xi64>
  %7 = arith.muli %5, %6 : tensor<32x1xi64>
  %8 = tt.broadcast %7 : tensor<32x1xi64> -> tensor<32x32xi64>
  %9 = tt.splat %on : i64 -> tensor<32xi64>
  %10 = arith.addi %9, %3 : tensor<32xi64>
  %11 = tt.expand_dims %10 {axis = 0 : i32} : tensor<32xi64> -> tensor<1x32xi64>
  %12 = tt.splat %c_bp_12 : i64 -> tensor<1x32xi64>
  %13 = arith.muli %11, %12 : tensor<1x32xi64>
  %14 = tt.broadcast %13 : tensor<1x32xi64> -> tensor<32x32xi64>
  %15 = arith.addi %8, %14 : tensor<32x32xi64>
  %16 = tt.addptr %0, %15 : tensor<32x32x!tt.ptr<f32>>, tensor<32x32xi64>
  %17 = arith.cmpi sge, %5, %cst_0 : tensor<32x1xi64>
  %18 = tt.splat %c_bp : i64 -> tensor<32x1xi64>
  %19 = arith.cmpi slt, %5, %18 : tensor<32x1xi64>
  %20 = arith.andi %17, %19 : tensor<32x1xi1>
  %21 = tt.broadcast %20 : tensor<32x1xi1> -> tensor<32x32xi1>
  %22 = arith.cmpi sge, %11, %cst : tensor<1x32xi64>
  %23 = tt.splat %c_bp_10 : i64 -> tensor<1x32xi64>
  %24 = arith.cmpi slt, %11, %23 : tensor<1x32xi64>
  %25 = arith.andi %22, %24 : tensor<1x32xi1>
  %26 = tt.broadcast %25 : tensor<1x32xi1> -> tensor<32x32xi1>
  %27 = arith.andi %21, %26 : tensor<32x32xi1>
  tt.store %16, %acc, %27 : tensor<32x32x!tt.ptr<f32>>
  tt.return
}

// -----

// Only the rows checked (X0 >= 0 & X0 < M): left as it is too.
// CHECK-LABEL: tt.func @checked_rows_only
// CHECK-NOT: tts.store
// CHECK: tt.store %{{.*}}, %arg1, %{{.*}} : tensor<32x32x!tt.ptr<f32>>
tt.func @checked_rows_only(%c_ptr: !tt.ptr<f32>, %acc: tensor<32x32xf32>, %M: i32, %N: i32, %scm: i32, %scn: i32, %om: i64, %on: i64) {
  %cst = arith.constant dense<0> : tensor<1x32xi64>
  %cst_0 = arith.constant dense<0> : tensor<32x1xi64>
  %c_bp = arith.extsi %M : i32 to i64
  %c_bp_10 = arith.extsi %N : i32 to i64
  %c_bp_11 = arith.extsi %scm : i32 to i64
  %c_bp_12 = arith.extsi %scn : i32 to i64
  %0 = tt.splat %c_ptr : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>>
  %1 = tt.splat %om : i64 -> tensor<32xi64>
  %2 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %3 = arith.extsi %2 : tensor<32xi32> to tensor<32xi64>
  %4 = arith.addi %1, %3 : tensor<32xi64>
  %5 = tt.expand_dims %4 {axis = 1 : i32} : tensor<32xi64> -> tensor<32x1xi64>
  %6 = tt.splat %c_bp_11 : i64 -> tensor<32x1xi64>
  %7 = arith.muli %5, %6 : tensor<32x1xi64>
  %8 = tt.broadcast %7 : tensor<32x1xi64> -> tensor<32x32xi64>
  %9 = tt.splat %on : i64 -> tensor<32xi64>
  %10 = arith.addi %9, %3 : tensor<32xi64>
  %11 = tt.expand_dims %10 {axis = 0 : i32} : tensor<32xi64> -> tensor<1x32xi64>
  %12 = tt.splat %c_bp_12 : i64 -> tensor<1x32xi64>
  %13 = arith.muli %11, %12 : tensor<1x32xi64>
  %14 = tt.broadcast %13 : tensor<1x32xi64> -> tensor<32x32xi64>
  %15 = arith.addi %8, %14 : tensor<32x32xi64>
  %16 = tt.addptr %0, %15 : tensor<32x32x!tt.ptr<f32>>, tensor<32x32xi64>
  %17 = arith.cmpi sge, %5, %cst_0 : tensor<32x1xi64>
  %18 = tt.splat %c_bp : i64 -> tensor<32x1xi64>
  %19 = arith.cmpi slt, %5, %18 : tensor<32x1xi64>
  %20 = arith.andi %17, %19 : tensor<32x1xi1>
  %21 = tt.broadcast %20 : tensor<32x1xi1> -> tensor<32x32xi1>
  tt.store %16, %acc, %21 : tensor<32x32x!tt.ptr<f32>>
  tt.return
}

// -----

// An advance computed in the loop from the induction variable is not the
// same every iteration: the load is left as it is.
// CHECK-LABEL: tt.func @advance_varies
// CHECK-NOT: tts.load
// CHECK: tt.load %{{.*}} : tensor<16x!tt.ptr<f32>>
tt.func @advance_varies(%a: !tt.ptr<f32>, %out: !tt.ptr<f32>, %s: i32, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %z = arith.constant dense<0.000000e+00> : tensor<16xf32>
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %p0 = tt.splat %a : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %p = tt.addptr %p0, %r : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  %res:2 = scf.for %k = %c0 to %n step %c1 iter_args(%q = %p, %acc = %z) -> (tensor<16x!tt.ptr<f32>>, tensor<16xf32>) : i32 {
    %v = tt.load %q : tensor<16x!tt.ptr<f32>>
    %acc2 = arith.addf %acc, %v : tensor<16xf32>
    %adv = arith.muli %s, %k : i32
    %advs = tt.splat %adv : i32 -> tensor<16xi32>
    %q2 = tt.addptr %q, %advs : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
    scf.yield %q2, %acc2 : tensor<16x!tt.ptr<f32>>, tensor<16xf32>
  }
  %o0 = tt.splat %out : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %o = tt.addptr %o0, %r : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  tt.store %o, %res#1 : tensor<16x!tt.ptr<f32>>
  tt.return
}
