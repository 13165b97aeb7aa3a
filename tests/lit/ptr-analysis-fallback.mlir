// RUN: ttxform %s --split-input-file --ptr-analysis | FileCheck %s

// Offsets read from memory along one dimension: a gather,
// tts.make_gather_scatter_tptr with the loaded indices as the per-index
// offsets.  A 1-D mask that is not a prefix (every other element) makes a
// scatter: offsets 0, 1, .. and the mask as its gather_scatter_mask.
// CHECK-LABEL: tt.func @irregular
// CHECK: %[[IP:.*]] = tts.make_tptr %arg1 to sizes: [16], strides: [1], offsets: [0], shape: [0], order: [] : <i32> to tensor<16x!tt.ptr<i32>>
// CHECK: %[[IDX:.*]] = "tts.load"(%[[IP]])
// CHECK: %[[G:.*]] = tts.make_gather_scatter_tptr %arg0 to sizes: [16] gather_scatter_dim: 0 gather_scatter_offset: %[[IDX]], strides: [1], offsets: [0] : tensor<16xi32> <f32> to !tt.ptr<tensor<16xf32>>
// CHECK: %[[V:.*]] = "tts.load"(%[[G]]) <{operandSegmentSizes = array<i32: 1, 0, 0>, static_mask_dims = array<i64>}> : (!tt.ptr<tensor<16xf32>>) -> tensor<16xf32>
// CHECK: %[[EVEN:.*]] = arith.cmpi eq
// CHECK: %[[R:.*]] = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
// CHECK: %[[S:.*]] = tts.make_gather_scatter_tptr %arg0 to sizes: [16] gather_scatter_dim: 0 gather_scatter_offset: %[[R]] gather_scatter_mask: %[[EVEN]], strides: [1], offsets: [0] : tensor<16xi32> tensor<16xi1> <f32> to !tt.ptr<tensor<16xf32>>
// CHECK: "tts.store"(%[[S]], %[[V]]) <{static_mask_dims = array<i64>}> : (!tt.ptr<tensor<16xf32>>, tensor<16xf32>) -> ()
// CHECK-NOT: tt.store
tt.func @irregular(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<i32>) {
  %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %1 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>>
  %2 = tt.addptr %1, %0 : tensor<16x!tt.ptr<i32>>, tensor<16xi32>
  %3 = tt.load %2 : tensor<16x!tt.ptr<i32>>
  %4 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %5 = tt.addptr %4, %3 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  %6 = tt.load %5 : tensor<16x!tt.ptr<f32>>
  %c2 = arith.constant dense<2> : tensor<16xi32>
  %c0 = arith.constant dense<0> : tensor<16xi32>
  %7 = arith.remsi %0, %c2 : tensor<16xi32>
  %8 = arith.cmpi eq, %7, %c0 : tensor<16xi32>
  %9 = tt.addptr %4, %0 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  tt.store %9, %6, %8 : tensor<16x!tt.ptr<f32>>
  tt.return
}

// -----

// A loop-carried pointer whose advance changes from one iteration to the
// next (it depends on the induction variable) stays; so does a non-splat
// `other`, a scalar load and a volatile load.
// CHECK-LABEL: tt.func @not_structured
// CHECK: scf.for
// CHECK: tt.load %arg{{[0-9]+}} : tensor<32x!tt.ptr<f32>>
// CHECK: tt.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x!tt.ptr<f32>>
// CHECK: tt.load %arg0 : !tt.ptr<f32>
// CHECK: tt.load %{{.*}} {isVolatile = true} : tensor<32x!tt.ptr<f32>>
// CHECK-NOT: tts.
tt.func @not_structured(%arg0: !tt.ptr<f32>, %arg1: i32) {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %0 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  %2 = tt.addptr %1, %0 : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
  %3 = scf.for %arg2 = %c0_i32 to %arg1 step %c1_i32 iter_args(%arg3 = %2) -> (tensor<32x!tt.ptr<f32>>) : i32 {
    %4 = tt.load %arg3 : tensor<32x!tt.ptr<f32>>
    %5 = tt.splat %arg2 : i32 -> tensor<32xi32>
    %6 = tt.addptr %arg3, %5 : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
    scf.yield %6 : tensor<32x!tt.ptr<f32>>
  }
  %7 = tt.splat %arg1 : i32 -> tensor<32xi32>
  %8 = arith.cmpi slt, %0, %7 : tensor<32xi32>
  %9 = arith.sitofp %0 : tensor<32xi32> to tensor<32xf32>
  %10 = tt.load %2, %8, %9 : tensor<32x!tt.ptr<f32>>
  %11 = tt.load %arg0 : !tt.ptr<f32>
  %12 = tt.load %2 {isVolatile = true} : tensor<32x!tt.ptr<f32>>
  tt.store %arg0, %11 : !tt.ptr<f32>
  tt.return
}

// -----

// A block pointer whose accesses do not check every dimension stays: the
// structured form bounds every dimension by the shape.
// CHECK-LABEL: tt.func @block_pointer_partial_check
// CHECK: %[[B:.*]] = tt.make_tensor_ptr %arg0, [%arg1, %arg1], [%arg1, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<4x4xf32>>
// CHECK: %[[A:.*]] = tt.advance %[[B]], [%c0_i32, %c4_i32] : <tensor<4x4xf32>>
// CHECK: tt.load %[[A]] {boundaryCheck = array<i32: 1>, padding = 1 : i32} : !tt.ptr<tensor<4x4xf32>>
// CHECK: tt.store %[[A]], %{{.*}} : !tt.ptr<tensor<4x4xf32>>
// CHECK-NOT: tts.
tt.func @block_pointer_partial_check(%arg0: !tt.ptr<f32>, %arg1: i64) {
  %c0_i32 = arith.constant 0 : i32
  %c1_i64 = arith.constant 1 : i64
  %c4_i32 = arith.constant 4 : i32
  %0 = tt.make_tensor_ptr %arg0, [%arg1, %arg1], [%arg1, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<4x4xf32>>
  %1 = tt.advance %0, [%c0_i32, %c4_i32] : <tensor<4x4xf32>>
  %2 = tt.load %1 {boundaryCheck = array<i32: 1>, padding = 1 : i32} : !tt.ptr<tensor<4x4xf32>>
  tt.store %1, %2 : !tt.ptr<tensor<4x4xf32>>
  tt.return
}

// -----

// Rows gathered by loaded indices times a row stride, contiguous columns:
// the gather dimension's stride is the row stride; a uniform offset moves to
// the other dimension.
// CHECK-LABEL: tt.func @gather_rows
// CHECK: %[[IDX:.*]] = "tts.load"
// CHECK: %[[S64:.*]] = arith.extsi %arg2 : i32 to i64
// CHECK: %[[S:.*]] = arith.index_cast %[[S64]] : i64 to index
// CHECK: %[[O:.*]] = arith.index_cast %arg3 : i32 to index
// CHECK: %[[P:.*]] = tts.make_gather_scatter_tptr %arg0 to sizes: [4, 8] gather_scatter_dim: 0 gather_scatter_offset: %[[IDX]], strides: [%[[S]], 1], offsets: [0, %[[O]]] : tensor<4xi64> <f32> to !tt.ptr<tensor<4x8xf32>>
// CHECK: "tts.load"(%[[P]])
// CHECK-NOT: tt.load
tt.func @gather_rows(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<i64>, %arg2: i32, %arg3: i32) -> tensor<4x8xf32> {
  %0 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %1 = tt.splat %arg1 : !tt.ptr<i64> -> tensor<4x!tt.ptr<i64>>
  %2 = tt.addptr %1, %0 : tensor<4x!tt.ptr<i64>>, tensor<4xi32>
  %3 = tt.load %2 : tensor<4x!tt.ptr<i64>>
  %4 = tt.expand_dims %3 {axis = 1 : i32} : tensor<4xi64> -> tensor<4x1xi64>
  %5 = arith.extsi %arg2 : i32 to i64
  %6 = tt.splat %5 : i64 -> tensor<4x1xi64>
  %7 = arith.muli %4, %6 : tensor<4x1xi64>
  %8 = tt.broadcast %7 : tensor<4x1xi64> -> tensor<4x8xi64>
  %9 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %10 = arith.extsi %9 : tensor<8xi32> to tensor<8xi64>
  %11 = tt.expand_dims %10 {axis = 0 : i32} : tensor<8xi64> -> tensor<1x8xi64>
  %12 = tt.broadcast %11 : tensor<1x8xi64> -> tensor<4x8xi64>
  %13 = arith.addi %8, %12 : tensor<4x8xi64>
  %14 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<4x8x!tt.ptr<f32>>
  %15 = tt.addptr %14, %13 : tensor<4x8x!tt.ptr<f32>>, tensor<4x8xi64>
  %16 = tt.splat %arg3 : i32 -> tensor<4x8xi32>
  %17 = tt.addptr %15, %16 : tensor<4x8x!tt.ptr<f32>>, tensor<4x8xi32>
  %18 = tt.load %17 : tensor<4x8x!tt.ptr<f32>>
  tt.return %18 : tensor<4x8xf32>
}

// -----

// A 1-D gather with a uniform offset: the offset moves into the base pointer.
// CHECK-LABEL: tt.func @gather_1d
// CHECK: %[[O:.*]] = arith.index_cast %arg2 : i32 to index
// CHECK: %[[O64:.*]] = arith.index_cast %[[O]] : index to i64
// CHECK: %[[B:.*]] = tt.addptr %arg0, %[[O64]] : !tt.ptr<f32>, i64
// CHECK: tts.make_gather_scatter_tptr %[[B]] to sizes: [16] gather_scatter_dim: 0 gather_scatter_offset: %arg1, strides: [1], offsets: [0] : tensor<16xi32> <f32> to !tt.ptr<tensor<16xf32>>
tt.func @gather_1d(%arg0: !tt.ptr<f32>, %arg1: tensor<16xi32>, %arg2: i32) -> tensor<16xf32> {
  %0 = tt.splat %arg2 : i32 -> tensor<16xi32>
  %1 = arith.addi %arg1, %0 : tensor<16xi32>
  %2 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %3 = tt.addptr %2, %1 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  %4 = tt.load %3 : tensor<16x!tt.ptr<f32>>
  tt.return %4 : tensor<16xf32>
}

// -----

// Two irregular dimensions, and a 2-D mask that is not a prefix: left as
// they are (tt.load and tt.store access memory element by element).
// CHECK-LABEL: tt.func @two_irregular
// CHECK: tt.load %{{.*}} : tensor<4x4x!tt.ptr<f32>>
// CHECK: tt.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<4x4x!tt.ptr<f32>>
// CHECK-NOT: tts.
tt.func @two_irregular(%arg0: !tt.ptr<f32>, %arg1: tensor<4xi32>, %arg2: tensor<4xi32>, %arg3: tensor<4x4xi1>) {
  %0 = tt.expand_dims %arg1 {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>
  %1 = tt.broadcast %0 : tensor<4x1xi32> -> tensor<4x4xi32>
  %2 = tt.expand_dims %arg2 {axis = 0 : i32} : tensor<4xi32> -> tensor<1x4xi32>
  %3 = tt.broadcast %2 : tensor<1x4xi32> -> tensor<4x4xi32>
  %4 = arith.addi %1, %3 : tensor<4x4xi32>
  %5 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<4x4x!tt.ptr<f32>>
  %6 = tt.addptr %5, %4 : tensor<4x4x!tt.ptr<f32>>, tensor<4x4xi32>
  %7 = tt.load %6 : tensor<4x4x!tt.ptr<f32>>
  %8 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %9 = tt.expand_dims %8 {axis = 0 : i32} : tensor<4xi32> -> tensor<1x4xi32>
  %10 = tt.broadcast %9 : tensor<1x4xi32> -> tensor<4x4xi32>
  %11 = tt.addptr %5, %10 : tensor<4x4x!tt.ptr<f32>>, tensor<4x4xi32>
  tt.store %11, %7, %arg3 : tensor<4x4x!tt.ptr<f32>>
  tt.return
}
