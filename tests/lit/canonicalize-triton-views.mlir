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

// -----

// With layouts: a #ttg.slice<{dim = axis, parent = P}> source expands to P;
// a slice of another dim is not inferred here and stays as written
#blocked0 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 1], order = [0, 1]}>
#sliced0 = #ttg.slice<{dim = 1, parent = #blocked0}>
#sliced1 = #ttg.slice<{dim = 0, parent = #blocked0}>
// CHECK-LABEL: tt.func @slice_layouts
// CHECK-NEXT: %[[E:.*]] = tt.expand_dims %arg0 {axis = 1 : i32} : tensor<1xf32, #sliced{{[0-9]*}}> -> tensor<1x1xf32, #blocked{{[0-9]*}}>
// CHECK-NEXT: %[[B:.*]] = tt.broadcast %[[E]] : tensor<1x1xf32, #blocked{{[0-9]*}}> -> tensor<32x1xf32, #blocked{{[0-9]*}}>
// CHECK-NEXT: %[[C:.*]] = tt.broadcast %arg1 : tensor<1xf32, #sliced{{[0-9]*}}> -> tensor<32xf32, #sliced{{[0-9]*}}>
// CHECK-NEXT: %[[D:.*]] = tt.expand_dims %[[C]] {axis = 1 : i32}
// CHECK-NEXT: tt.return %[[B]], %[[D]]
module {
tt.func @slice_layouts(%arg0: tensor<1xf32, #sliced0>, %arg1: tensor<1xf32, #sliced1>) -> (tensor<32x1xf32, #blocked0>, tensor<32x1xf32, #blocked0>) {
  %a = tt.broadcast %arg0 : tensor<1xf32, #sliced0> -> tensor<32xf32, #sliced0>
  %b = tt.expand_dims %a {axis = 1 : i32} : tensor<32xf32, #sliced0> -> tensor<32x1xf32, #blocked0>
  %c = tt.broadcast %arg1 : tensor<1xf32, #sliced1> -> tensor<32xf32, #sliced1>
  %d = tt.expand_dims %c {axis = 1 : i32} : tensor<32xf32, #sliced1> -> tensor<32x1xf32, #blocked0>
  tt.return %b, %d : tensor<32x1xf32, #blocked0>, tensor<32x1xf32, #blocked0>
}
}
