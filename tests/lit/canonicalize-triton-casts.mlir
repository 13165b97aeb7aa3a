// Triton's folders and patterns for tt.fp_to_fp and tt.int_to_ptr under
// --canonicalize (the rules of Triton's Ops.cpp, checked against the corpus
// file triton/canonicalize.mlir in tests/README.md).
// RUN: ttxform %s --split-input-file --canonicalize | FileCheck %s

// CHECK-LABEL: tt.func @fp_zero
// CHECK-DAG: %[[P:.*]] = arith.constant dense<0.000000e+00> : tensor<4xf8E4M3FN>
// CHECK-DAG: %[[N:.*]] = arith.constant dense<-0.000000e+00> : tensor<4xf8E5M2>
// CHECK-DAG: %[[U:.*]] = arith.constant 0.000000e+00 : f8E4M3FNUZ
// CHECK: tt.return %[[P]], %[[N]], %[[U]], %arg0
tt.func @fp_zero(%x: tensor<4xf16>) -> (tensor<4xf8E4M3FN>, tensor<4xf8E5M2>, f8E4M3FNUZ, tensor<4xf16>) {
  %z = arith.constant dense<0.0> : tensor<4xf32>
  %n = arith.constant dense<-0.0> : tensor<4xf32>
  %s = arith.constant -0.0 : f32
  %0 = tt.fp_to_fp %z, rounding = rtne : tensor<4xf32> -> tensor<4xf8E4M3FN>
  %1 = tt.fp_to_fp %n, rounding = rtz : tensor<4xf32> -> tensor<4xf8E5M2>
  %2 = tt.fp_to_fp %s, rounding = rtne : f32 -> f8E4M3FNUZ
  %3 = tt.fp_to_fp %x : tensor<4xf16> -> tensor<4xf16>
  tt.return %0, %1, %2, %3 : tensor<4xf8E4M3FN>, tensor<4xf8E5M2>, f8E4M3FNUZ, tensor<4xf16>
}

// -----

// CHECK-LABEL: tt.func @fp_nonzero
// CHECK: %[[C:.*]] = arith.constant 1.000000e+00 : f32
// CHECK: %[[R:.*]] = tt.fp_to_fp %[[C]], rounding = rtne : f32 -> f8E5M2
// CHECK: tt.return %[[R]]
tt.func @fp_nonzero() -> f8E5M2 {
  %c = arith.constant 1.0 : f32
  %0 = tt.fp_to_fp %c, rounding = rtne : f32 -> f8E5M2
  tt.return %0 : f8E5M2
}

// -----

// byte offsets become element offsets: 24 bytes of f64 are 3 elements; 6
// bytes of i32 are not a whole element and stay as they are
// CHECK-LABEL: tt.func @int_to_ptr_offset
// CHECK-DAG: %[[K:.*]] = arith.constant 3 : i64
// CHECK-DAG: %[[B:.*]] = arith.constant 6 : i64
// CHECK: %[[Q:.*]] = tt.addptr %arg0, %[[K]] : !tt.ptr<f64>, i64
// CHECK: %[[I:.*]] = tt.ptr_to_int %arg1 : !tt.ptr<i32> -> i64
// CHECK: %[[A:.*]] = arith.addi %[[I]], %[[B]] : i64
// CHECK: %[[R:.*]] = tt.int_to_ptr %[[A]] : i64 -> !tt.ptr<i32>
// CHECK: tt.return %[[Q]], %[[R]]
tt.func @int_to_ptr_offset(%p: !tt.ptr<f64>, %q: !tt.ptr<i32>) -> (!tt.ptr<f64>, !tt.ptr<i32>) {
  %c24 = arith.constant 24 : i64
  %c6 = arith.constant 6 : i64
  %0 = tt.ptr_to_int %p : !tt.ptr<f64> -> i64
  %1 = arith.addi %0, %c24 : i64
  %2 = tt.int_to_ptr %1 : i64 -> !tt.ptr<f64>
  %3 = tt.ptr_to_int %q : !tt.ptr<i32> -> i64
  %4 = arith.addi %3, %c6 : i64
  %5 = tt.int_to_ptr %4 : i64 -> !tt.ptr<i32>
  tt.return %2, %5 : !tt.ptr<f64>, !tt.ptr<i32>
}
