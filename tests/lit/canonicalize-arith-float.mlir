// RUN: ttxform %s --canonicalize --split-input-file | FileCheck %s

// Float constant folding: the result is rounded to the type.
// CHECK-LABEL: func.func @fold_float_ops
// CHECK-NEXT: %cst = arith.constant 1.250000e+00 : f32
// CHECK-NEXT: %cst_0 = arith.constant 1.750000e+00 : f32
// CHECK-NEXT: %cst_1 = arith.constant -3.750000e-01 : f32
// CHECK-NEXT: %cst_2 = arith.constant -6.000000e+00 : f32
// CHECK-NEXT: %cst_3 = arith.constant 1.500000e+00 : f32
// CHECK-NEXT: %cst_4 = arith.constant -2.500000e-01 : f32
// CHECK-NEXT: %cst_5 = arith.constant -1.500000e+00 : f32
// CHECK-NEXT: %cst_6 = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %cst_7 = arith.constant 3.000000e-01 : f32
// CHECK-NEXT: return %cst, %cst_0, %cst_1, %cst_2, %cst_3, %cst_4, %cst_3, %cst_4, %cst_5, %cst_6, %cst_7 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
// CHECK-NEXT: }
func.func @fold_float_ops() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %a = arith.constant 1.5 : f32
  %b = arith.constant -0.25 : f32
  %0 = arith.addf %a, %b : f32
  %1 = arith.subf %a, %b : f32
  %2 = arith.mulf %a, %b : f32
  %3 = arith.divf %a, %b : f32
  %4 = arith.maxnumf %a, %b : f32
  %5 = arith.minnumf %a, %b : f32
  %6 = arith.maximumf %a, %b : f32
  %7 = arith.minimumf %a, %b : f32
  %8 = arith.negf %a : f32
  %9 = arith.remf %a, %b : f32
  %c = arith.constant 0.1 : f32
  %d = arith.constant 0.2 : f32
  %10 = arith.addf %c, %d : f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}

// -----

// f16 and bf16 results are rounded to their precision: 0.1 + 0.2 in f16 is
// 0.2998046875 (printed 2.998050e-01, as MLIR does); 65504 + 8 rounds back to
// the largest f16, 65504 + 16 is a tie that rounds to even, which overflows
// to infinity; 1 + 2^-8 is a tie that rounds to 1 in bf16.
// CHECK-LABEL: func.func @half_rounding
// CHECK-NEXT: %cst = arith.constant 2.998050e-01 : f16
// CHECK-NEXT: %cst_0 = arith.constant 6.550400e+04 : f16
// CHECK-NEXT: %cst_1 = arith.constant 0x7C00 : f16
// CHECK-NEXT: %cst_2 = arith.constant 1.000000e+00 : bf16
// CHECK-NEXT: %cst_3 = arith.constant 0.30000000000000004 : f64
// CHECK-NEXT: return %cst, %cst_0, %cst_1, %cst_2, %cst_3 : f16, f16, f16, bf16, f64
// CHECK-NEXT: }
func.func @half_rounding() -> (f16, f16, f16, bf16, f64) {
  %a = arith.constant 0.1 : f16
  %b = arith.constant 0.2 : f16
  %0 = arith.addf %a, %b : f16
  %max = arith.constant 65504.0 : f16
  %c8 = arith.constant 8.0 : f16
  %c16 = arith.constant 16.0 : f16
  %1 = arith.addf %max, %c8 : f16
  %2 = arith.addf %max, %c16 : f16
  %one = arith.constant 1.0 : bf16
  %eps = arith.constant 0.00390625 : bf16
  %3 = arith.addf %one, %eps : bf16
  %x = arith.constant 0.1 : f64
  %y = arith.constant 0.2 : f64
  %4 = arith.addf %x, %y : f64
  return %0, %1, %2, %3, %4 : f16, f16, f16, bf16, f64
}

// -----

// Special values: division by zero gives infinity, 0/0 a NaN, and NaN
// propagates; minimumf/maximumf order -0.0 below +0.0 and return NaN,
// minnumf ignores NaN.
// CHECK-LABEL: func.func @special_values
// CHECK-NEXT: %cst = arith.constant 0x7F800000 : f32
// CHECK-NEXT: %cst_0 = arith.constant 0x7FC00000 : f32
// CHECK-NEXT: %cst_1 = arith.constant -0.000000e+00 : f32
// CHECK-NEXT: %cst_2 = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %cst_3 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: return %cst, %cst_0, %cst_0, %cst_1, %cst_2, %cst_0, %cst_3 : f32, f32, f32, f32, f32, f32, f32
// CHECK-NEXT: }
func.func @special_values() -> (f32, f32, f32, f32, f32, f32, f32) {
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %nzero = arith.constant -0.0 : f32
  %0 = arith.divf %one, %zero : f32
  %1 = arith.divf %zero, %zero : f32
  %2 = arith.addf %1, %one : f32
  %3 = arith.minimumf %zero, %nzero : f32
  %4 = arith.maximumf %nzero, %zero : f32
  %5 = arith.minimumf %1, %one : f32
  %6 = arith.minnumf %1, %one : f32
  return %0, %1, %2, %3, %4, %5, %6 : f32, f32, f32, f32, f32, f32, f32
}

// -----

// cmpf folds scalars with ordered and unordered predicates; a NaN operand
// decides the result alone. Tensor compares are not folded.
// CHECK-LABEL: func.func @cmpf
// CHECK-NEXT: %cst = arith.constant dense<[1.000000e+00, 3.000000e+00]> : tensor<2xf32>
// CHECK-NEXT: %cst_0 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %0 = arith.cmpf olt, %arg0, %cst_0 : f32
// CHECK-NEXT: %1 = arith.cmpf olt, %cst, %cst : tensor<2xf32>
// CHECK-NEXT: return %true, %false, %true, %true, %false, %true, %0, %1 : i1, i1, i1, i1, i1, i1, i1, tensor<2xi1>
// CHECK-NEXT: }
func.func @cmpf(%x: f32) -> (i1, i1, i1, i1, i1, i1, i1, tensor<2xi1>) {
  %a = arith.constant 1.0 : f32
  %b = arith.constant 2.0 : f32
  %nan = arith.constant 0x7FC00000 : f32
  %0 = arith.cmpf olt, %a, %b : f32
  %1 = arith.cmpf oge, %a, %b : f32
  %2 = arith.cmpf one, %a, %b : f32
  %3 = arith.cmpf ueq, %a, %nan : f32
  %4 = arith.cmpf olt, %nan, %x : f32
  %5 = arith.cmpf uno, %x, %nan : f32
  %6 = arith.cmpf olt, %x, %a : f32
  %t = arith.constant dense<[1.0, 3.0]> : tensor<2xf32>
  %7 = arith.cmpf olt, %t, %t : tensor<2xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7 : i1, i1, i1, i1, i1, i1, i1, tensor<2xi1>
}

// -----

// Identities: x + -0.0, x - 0.0, x * 1.0 and x / 1.0 are x; x + 0.0 and
// x * 0.0 are not (the sign of zero and NaN matter).
// CHECK-LABEL: func.func @float_identities
// CHECK-NEXT: %cst = arith.constant -0.000000e+00 : f32
// CHECK-NEXT: %cst_0 = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %0 = arith.addf %arg0, %cst_0 : f32
// CHECK-NEXT: %1 = arith.mulf %arg0, %cst_0 : f32
// CHECK-NEXT: %2 = arith.subf %arg0, %cst : f32
// CHECK-NEXT: return %arg0, %arg0, %arg0, %arg0, %0, %1, %2 : f32, f32, f32, f32, f32, f32, f32
// CHECK-NEXT: }
func.func @float_identities(%x: f32) -> (f32, f32, f32, f32, f32, f32, f32) {
  %nz = arith.constant -0.0 : f32
  %z = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %0 = arith.addf %x, %nz : f32
  %1 = arith.subf %x, %z : f32
  %2 = arith.mulf %one, %x : f32
  %3 = arith.divf %x, %one : f32
  %4 = arith.addf %x, %z : f32
  %5 = arith.mulf %x, %z : f32
  %6 = arith.subf %x, %nz : f32
  return %0, %1, %2, %3, %4, %5, %6 : f32, f32, f32, f32, f32, f32, f32
}

// -----

// Splat and dense float tensors fold element by element.
// CHECK-LABEL: func.func @float_tensors
// CHECK-NEXT: %cst = arith.constant dense<[5.000000e-01, 1.000000e+00, 1.500000e+00, 2.000000e+00]> : tensor<4xf32>
// CHECK-NEXT: %cst_0 = arith.constant dense<[2.048000e+03, 2.000000e+00]> : tensor<2xf16>
// CHECK-NEXT: return %cst, %cst_0 : tensor<4xf32>, tensor<2xf16>
// CHECK-NEXT: }
func.func @float_tensors() -> (tensor<4xf32>, tensor<2xf16>) {
  %a = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %b = arith.constant dense<0.5> : tensor<4xf32>
  %0 = arith.mulf %a, %b : tensor<4xf32>
  %c = arith.constant dense<[2048.0, 1.0]> : tensor<2xf16>
  %d = arith.constant dense<1.0> : tensor<2xf16>
  %1 = arith.addf %c, %d : tensor<2xf16>
  return %0, %1 : tensor<4xf32>, tensor<2xf16>
}
