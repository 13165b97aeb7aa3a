// Triton's own folders: reshaping a splat constant, one-element ranges,
// int_to_ptr(ptr_to_int(p)), and volatile loads kept while plain dead loads go.
// RUN: ttxform %s --canonicalize --split-input-file | FileCheck %s

// CHECK-LABEL: tt.func @shape_of_splat
// CHECK-DAG:   %[[T:.*]] = arith.constant dense<2.000000e+00> : tensor<8x4xf32>
// CHECK-DAG:   %[[E:.*]] = arith.constant dense<2.000000e+00> : tensor<4x1x8xf32>
// CHECK-DAG:   %[[R:.*]] = arith.constant dense<2.000000e+00> : tensor<32xf32>
// CHECK:       tt.return %[[T]], %[[E]], %[[R]]
tt.func @shape_of_splat() -> (tensor<8x4xf32>, tensor<4x1x8xf32>, tensor<32xf32>) {
  %c = arith.constant dense<2.0> : tensor<4x8xf32>
  %t = tt.trans %c {order = array<i32: 1, 0>} : tensor<4x8xf32> -> tensor<8x4xf32>
  %e = tt.expand_dims %c {axis = 1 : i32} : tensor<4x8xf32> -> tensor<4x1x8xf32>
  %r = tt.reshape %c : tensor<4x8xf32> -> tensor<32xf32>
  tt.return %t, %e, %r : tensor<8x4xf32>, tensor<4x1x8xf32>, tensor<32xf32>
}

// -----

// A non-splat constant is not reshaped here.
// CHECK-LABEL: tt.func @shape_of_dense
// CHECK:       tt.trans
tt.func @shape_of_dense() -> tensor<2x1xi32> {
  %c = arith.constant dense<[[1, 2]]> : tensor<1x2xi32>
  %t = tt.trans %c {order = array<i32: 1, 0>} : tensor<1x2xi32> -> tensor<2x1xi32>
  tt.return %t : tensor<2x1xi32>
}

// -----

// CHECK-LABEL: tt.func @ranges
// CHECK-DAG:   %[[ONE:.*]] = arith.constant dense<5> : tensor<1xi32>
// CHECK-DAG:   %[[TWO:.*]] = tt.make_range {end = 7 : i32, start = 5 : i32} : tensor<2xi32>
// CHECK:       tt.return %[[ONE]], %[[TWO]]
tt.func @ranges() -> (tensor<1xi32>, tensor<2xi32>) {
  %a = tt.make_range {end = 6 : i32, start = 5 : i32} : tensor<1xi32>
  %b = tt.make_range {end = 7 : i32, start = 5 : i32} : tensor<2xi32>
  tt.return %a, %b : tensor<1xi32>, tensor<2xi32>
}

// -----

// CHECK-LABEL: tt.func @ptr_round_trip
// CHECK-NOT:   tt.ptr_to_int
// CHECK-NOT:   tt.int_to_ptr
// CHECK:       tt.return %arg0
tt.func @ptr_round_trip(%p: tensor<4x!tt.ptr<f32>>) -> tensor<4x!tt.ptr<f32>> {
  %i = tt.ptr_to_int %p : tensor<4x!tt.ptr<f32>> -> tensor<4xi64>
  %q = tt.int_to_ptr %i : tensor<4xi64> -> tensor<4x!tt.ptr<f32>>
  tt.return %q : tensor<4x!tt.ptr<f32>>
}

// -----

// CHECK-LABEL: tt.func @loads
// CHECK-NOT:   tt.load %arg0 :
// CHECK:       tt.load %arg0 {isVolatile = true}
// CHECK-NEXT:  tt.return
tt.func @loads(%p: tensor<4x!tt.ptr<f32>>) {
  %a = tt.load %p : tensor<4x!tt.ptr<f32>>
  %b = tt.load %p {isVolatile = true} : tensor<4x!tt.ptr<f32>>
  tt.return
}
