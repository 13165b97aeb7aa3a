// RUN: ttxform %s --canonicalize --split-input-file | FileCheck %s

// Integer casts of constants: sign or zero extension, truncation, and the
// index casts (index is 64 bits).
// CHECK-LABEL: func.func @int_casts
// CHECK-NEXT: %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT: %c255_i32 = arith.constant 255 : i32
// CHECK-NEXT: %c44_i8 = arith.constant 44 : i8
// CHECK-NEXT: %c-5 = arith.constant -5 : index
// CHECK-NEXT: %c4294967291 = arith.constant 4294967291 : index
// CHECK-NEXT: %c4464_i16 = arith.constant 4464 : i16
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: return %c-1_i32, %c255_i32, %c44_i8, %c-5, %c4294967291, %c4464_i16, %c4464_i16, %true : i32, i32, i8, index, index, i16, i16, i1
// CHECK-NEXT: }
func.func @int_casts() -> (i32, i32, i8, index, index, i16, i16, i1) {
  %m = arith.constant -1 : i8
  %0 = arith.extsi %m : i8 to i32
  %1 = arith.extui %m : i8 to i32
  %big = arith.constant 300 : i32
  %2 = arith.trunci %big : i32 to i8
  %neg = arith.constant -5 : i32
  %3 = arith.index_cast %neg : i32 to index
  %4 = arith.index_castui %neg : i32 to index
  %ix = arith.constant 70000 : index
  %5 = arith.index_cast %ix : index to i16
  %6 = arith.index_castui %ix : index to i16
  %t = arith.constant true
  %7 = arith.trunci %m : i8 to i1
  return %0, %1, %2, %3, %4, %5, %6, %7 : i32, i32, i8, index, index, i16, i16, i1
}

// -----

// Integer to float: signed or unsigned, rounded to the nearest value of the
// type (2^24 + 1 is not an f32 and overflows f16); float to integer
// truncates toward zero (3.9e9 as ui32 prints as a signless i32).
// CHECK-LABEL: func.func @int_float_casts
// CHECK-NEXT: %cst = arith.constant -1.000000e+00 : f32
// CHECK-NEXT: %cst_0 = arith.constant 2.550000e+02 : f32
// CHECK-NEXT: %cst_1 = arith.constant 0x4B800000 : f32
// CHECK-NEXT: %cst_2 = arith.constant 0x7C00 : f16
// CHECK-NEXT: %c-2_i32 = arith.constant -2 : i32
// CHECK-NEXT: %c-394967296_i32 = arith.constant -394967296 : i32
// CHECK-NEXT: %c0_i8 = arith.constant 0 : i8
// CHECK-NEXT: %c127_i8 = arith.constant 127 : i8
// CHECK-NEXT: return %cst, %cst_0, %cst_1, %cst_2, %c-2_i32, %c-394967296_i32, %c0_i8, %c127_i8 : f32, f32, f32, f16, i32, i32, i8, i8
// CHECK-NEXT: }
func.func @int_float_casts() -> (f32, f32, f32, f16, i32, i32, i8, i8) {
  %m = arith.constant -1 : i8
  %0 = arith.sitofp %m : i8 to f32
  %1 = arith.uitofp %m : i8 to f32
  %odd = arith.constant 16777217 : i32
  %2 = arith.sitofp %odd : i32 to f32
  %3 = arith.sitofp %odd : i32 to f16
  %f = arith.constant -2.75 : f32
  %4 = arith.fptosi %f : f32 to i32
  %g = arith.constant 3.9e9 : f32
  %5 = arith.fptoui %g : f32 to i32
  %h = arith.constant -0.5 : f32
  %6 = arith.fptoui %h : f32 to i8
  %k = arith.constant 127.9 : f64
  %7 = arith.fptosi %k : f64 to i8
  return %0, %1, %2, %3, %4, %5, %6, %7 : f32, f32, f32, f16, i32, i32, i8, i8
}

// -----

// No fold when the value does not fit: fptosi out of range, fptoui of a
// negative value, and truncf that would lose precision.
// CHECK-LABEL: func.func @no_fold_casts
// CHECK-NEXT: %cst = arith.constant 1.000000e-01 : f32
// CHECK-NEXT: %cst_0 = arith.constant 0x7F800000 : f32
// CHECK-NEXT: %cst_1 = arith.constant -1.000000e+00 : f32
// CHECK-NEXT: %cst_2 = arith.constant 2.000000e+02 : f32
// CHECK-NEXT: %0 = arith.fptosi %cst_2 : f32 to i8
// CHECK-NEXT: %1 = arith.fptoui %cst_1 : f32 to i32
// CHECK-NEXT: %2 = arith.fptosi %cst_0 : f32 to i8
// CHECK-NEXT: %3 = arith.truncf %cst : f32 to f16
// CHECK-NEXT: %4 = arith.truncf %cst : f32 to bf16
// CHECK-NEXT: return %0, %1, %2, %3, %4 : i8, i32, i8, f16, bf16
// CHECK-NEXT: }
func.func @no_fold_casts() -> (i8, i32, i8, f16, bf16) {
  %f = arith.constant 200.0 : f32
  %0 = arith.fptosi %f : f32 to i8
  %n = arith.constant -1.0 : f32
  %1 = arith.fptoui %n : f32 to i32
  %inf = arith.constant 0x7F800000 : f32
  %2 = arith.fptosi %inf : f32 to i8
  %p = arith.constant 0.1 : f32
  %3 = arith.truncf %p : f32 to f16
  %4 = arith.truncf %p : f32 to bf16
  return %0, %1, %2, %3, %4 : i8, i32, i8, f16, bf16
}

// -----

// Float casts: extf always folds, truncf when the value converts exactly;
// bitcast reinterprets the bits.
// CHECK-LABEL: func.func @float_casts
// CHECK-NEXT: %cst = arith.constant 0.10000000149011612 : f64
// CHECK-NEXT: %cst_0 = arith.constant 3.750000e-01 : f16
// CHECK-NEXT: %cst_1 = arith.constant 3.750000e-01 : bf16
// CHECK-NEXT: %c1052770304_i32 = arith.constant 1052770304 : i32
// CHECK-NEXT: %cst_2 = arith.constant 3.14159274 : f32
// CHECK-NEXT: %c-16384_i16 = arith.constant -16384 : i16
// CHECK-NEXT: %cst_3 = arith.constant 1.000000e+00 : f16
// CHECK-NEXT: return %cst, %cst_0, %cst_1, %c1052770304_i32, %cst_2, %c-16384_i16, %cst_3 : f64, f16, bf16, i32, f32, i16, f16
// CHECK-NEXT: }
func.func @float_casts() -> (f64, f16, bf16, i32, f32, i16, f16) {
  %a = arith.constant 0.1 : f32
  %0 = arith.extf %a : f32 to f64
  %b = arith.constant 0.375 : f32
  %1 = arith.truncf %b : f32 to f16
  %2 = arith.truncf %b : f32 to bf16
  %3 = arith.bitcast %b : f32 to i32
  %i = arith.constant 1078530011 : i32
  %4 = arith.bitcast %i : i32 to f32
  %h = arith.constant -2.0 : f16
  %5 = arith.bitcast %h : f16 to i16
  %j = arith.constant 15360 : i16
  %6 = arith.bitcast %j : i16 to f16
  return %0, %1, %2, %3, %4, %5, %6 : f64, f16, bf16, i32, f32, i16, f16
}

// -----

// Casts of tensor constants fold element by element.
// CHECK-LABEL: func.func @tensor_casts
// CHECK-NEXT: %cst = arith.constant dense<[-1, 0, 127]> : tensor<3xi32>
// CHECK-NEXT: %cst_0 = arith.constant dense<[2.550000e+02, 0.000000e+00, 1.270000e+02]> : tensor<3xf32>
// CHECK-NEXT: %cst_1 = arith.constant dense<[2, -3]> : tensor<2xi8>
// CHECK-NEXT: return %cst, %cst_0, %cst_1 : tensor<3xi32>, tensor<3xf32>, tensor<2xi8>
// CHECK-NEXT: }
func.func @tensor_casts() -> (tensor<3xi32>, tensor<3xf32>, tensor<2xi8>) {
  %a = arith.constant dense<[-1, 0, 127]> : tensor<3xi8>
  %0 = arith.extsi %a : tensor<3xi8> to tensor<3xi32>
  %1 = arith.uitofp %a : tensor<3xi8> to tensor<3xf32>
  %b = arith.constant dense<[2.5, -3.5]> : tensor<2xf32>
  %2 = arith.fptosi %b : tensor<2xf32> to tensor<2xi8>
  return %0, %1, %2 : tensor<3xi32>, tensor<3xf32>, tensor<2xi8>
}

// -----

// Casts of casts: ext of ext merges, trunc of ext folds to the source or
// a narrower ext, index_cast there and back goes away.
// CHECK-LABEL: func.func @cast_chains
// CHECK-NEXT: %0 = arith.extsi %arg0 : i8 to i64
// CHECK-NEXT: %1 = arith.extsi %arg0 : i8 to i16
// CHECK-NEXT: return %0, %arg0, %1, %arg1 : i64, i8, i16, i32
// CHECK-NEXT: }
func.func @cast_chains(%x: i8, %y: i32) -> (i64, i8, i16, i32) {
  %0 = arith.extsi %x : i8 to i32
  %1 = arith.extsi %0 : i32 to i64
  %2 = arith.trunci %0 : i32 to i8
  %3 = arith.trunci %0 : i32 to i16
  %4 = arith.index_cast %y : i32 to index
  %5 = arith.index_cast %4 : index to i32
  return %1, %2, %3, %5 : i64, i8, i16, i32
}
