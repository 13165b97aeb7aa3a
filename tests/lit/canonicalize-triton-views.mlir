// Triton's canonicalization patterns of tt.broadcast, tt.expand_dims and
// tt.reshape (Triton's Ops.cpp): a splat or a broadcast feeding them is
// rebuilt from its source.
// RUN: ttxform %s --split-input-file --canonicalize | FileCheck %s

// CHECK-LABEL: tt.func @of_splat
// CHECK-NEXT: %[[A:.*]] = tt.splat %arg0 : f32 -> tensor<4x4xf32>
// CHECK-NEXT: %[[B:.*]] = tt.splat %arg0 : f32 -> tensor<4x1xf32>
// CHECK-NEXT: %[[C:.*]] = tt.splat %arg0 : f32 -> tensor<2x4xf32>
// CHECK-NEXT: tt.return %[[A]], %[[B]], %[[C]]
tt.func @of_splat(%x: f32) -> (tensor<4x4xf32>, tensor<4x1xf32>, tensor<2x4xf32>) {
  %s = tt.splat %x : f32 -> tensor<4x1xf32>
  %0 = tt.broadcast %s : tensor<4x1xf32> -> tensor<4x4xf32>
  %t = tt.splat %x : f32 -> tensor<4xf32>
  %1 = tt.expand_dims %t {axis = 1 : i32} : tensor<4xf32> -> tensor<4x1xf32>
  %u = tt.splat %x : f32 -> tensor<8xf32>
  %2 = tt.reshape %u : tensor<8xf32> -> tensor<2x4xf32>
  tt.return %0, %1, %2 : tensor<4x4xf32>, tensor<4x1xf32>, tensor<2x4xf32>
}

// -----

// CHECK-LABEL: tt.func @chains
// CHECK-NEXT: %[[A:.*]] = tt.broadcast %arg0 : tensor<1x1xf32> -> tensor<4x4xf32>
// CHECK-NEXT: %[[B:.*]] = tt.reshape %arg1 allow_reorder : tensor<8xf32> -> tensor<2x4xf32>
// CHECK-NEXT: %[[C:.*]] = tt.reshape %arg1 : tensor<8xf32> -> tensor<2x2x2xf32>
// CHECK-NEXT: tt.return %[[A]], %[[B]], %[[C]]
tt.func @chains(%y: tensor<1x1xf32>, %z: tensor<8xf32>) -> (tensor<4x4xf32>, tensor<2x4xf32>, tensor<2x2x2xf32>) {
  %b = tt.broadcast %y : tensor<1x1xf32> -> tensor<4x1xf32>
  %0 = tt.broadcast %b : tensor<4x1xf32> -> tensor<4x4xf32>
  %r = tt.reshape %z allow_reorder : tensor<8xf32> -> tensor<4x2xf32>
  %1 = tt.reshape %r : tensor<4x2xf32> -> tensor<2x4xf32>
  %q = tt.reshape %z : tensor<8xf32> -> tensor<4x2xf32>
  %2 = tt.reshape %q : tensor<4x2xf32> -> tensor<2x2x2xf32>
  tt.return %0, %1, %2 : tensor<4x4xf32>, tensor<2x4xf32>, tensor<2x2x2xf32>
}

// -----

// expand_dims(broadcast(x)) -> broadcast(expand_dims(x)); a reshape with
// efficient_layout is left alone
// CHECK-LABEL: tt.func @expand_of_broadcast
// CHECK-NEXT: %[[E:.*]] = tt.expand_dims %arg0 {axis = 1 : i32} : tensor<1xf32> -> tensor<1x1xf32>
// CHECK-NEXT: %[[B:.*]] = tt.broadcast %[[E]] : tensor<1x1xf32> -> tensor<32x1xf32>
// CHECK-NEXT: %[[S:.*]] = tt.splat %arg1 : f32 -> tensor<8xf32>
// CHECK-NEXT: %[[R:.*]] = tt.reshape %[[S]] efficient_layout : tensor<8xf32> -> tensor<2x4xf32>
// CHECK-NEXT: tt.return %[[B]], %[[R]]
tt.func @expand_of_broadcast(%y: tensor<1xf32>, %x: f32) -> (tensor<32x1xf32>, tensor<2x4xf32>) {
  %b = tt.broadcast %y : tensor<1xf32> -> tensor<32xf32>
  %0 = tt.expand_dims %b {axis = 1 : i32} : tensor<32xf32> -> tensor<32x1xf32>
  %s = tt.splat %x : f32 -> tensor<8xf32>
  %1 = tt.reshape %s efficient_layout : tensor<8xf32> -> tensor<2x4xf32>
  tt.return %0, %1 : tensor<32x1xf32>, tensor<2x4xf32>
}
