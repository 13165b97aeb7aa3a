// lower-structured-pointers on what stock Triton 3.6 prints for
// tl.store(block_ptr, acc, boundary_check=(0, 1)) (make_ttir's
// rewrite_tensor_pointer): splat(base) + X0 * s0 + X1 * s1 under
// (X0 >= 0) & (X0 < M) & (X1 >= 0) & (X1 < N).  The store is the block
// pointer again: a view of shape [M, N] with strides [s0, s1] whose
// coordinate set is the mask, the tile at the first X0 and X1 themselves.
// RUN: ttxform %s --split-input-file --lower-structured-pointers | FileCheck %s
// RUN: ttxform %s --split-input-file --lower-structured-pointers | ttxform --split-input-file | FileCheck %s
// CHECK: #[[SET:.*]] = affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>
// CHECK-LABEL: tt.func @checked_store
// CHECK: %[[OM:.*]] = arith.index_cast %arg6 : i64 to index
// CHECK: %[[SM:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK: %[[M:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK: %[[ON:.*]] = arith.index_cast %arg7 : i64 to index
// CHECK: %[[SN:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK: %[[N:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK: %[[B:.*]] = builtin.unrealized_conversion_cast %arg0 : !tt.ptr<f32> to index
// CHECK: %[[V:.*]] = ktdp.construct_memory_view %[[B]], sizes: [%[[M]], %[[N]]], strides: [%[[SM]], %[[SN]]] {coordinate_set = #[[SET]]
// CHECK: %[[D:.*]] = ktdp.construct_distributed_memory_view (%[[V]] : memref<?x?xf32>)
// CHECK: %[[T:.*]] = ktdp.construct_access_tile %[[D]][%[[OM]], %[[ON]]]
// CHECK: ktdp.store %arg1, %[[T]]
// CHECK-NOT: tt.store
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
