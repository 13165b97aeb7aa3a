// The custom forms of the registered ops that were printed back verbatim
// before they had a format: tt.atomic_rmw, tt.atomic_cas, tt.assert,
// cf.assert, tt.print, tt.gather, tt.clampf, tt.elementwise_inline_asm,
// tt.precise_sqrt, tt.precise_divf, tt.mulhiui, tt.dot_scaled (forms as
// Triton's op definitions declare them), and memref.dim / tensor.dim (the
// attribute dictionary before the operands, as MLIR declares it).  Each is
// printed back byte for byte, read again the same, and its generic form
// reads back as the same custom form; memref.dim's generic form is the one
// mlir-opt-19 prints.
//
// RUN: ttxform %s --split-input-file | FileCheck %s --strict-whitespace
// RUN: ttxform %s --split-input-file > %t && ttxform %t --split-input-file | diff %t - && \
// RUN:   ttxform %s --split-input-file --mlir-print-op-generic | ttxform --split-input-file | diff %t -
// RUN: ttxform %s --split-input-file --mlir-print-op-generic | FileCheck %s --strict-whitespace --check-prefix=GENERIC

tt.func @atomics(%p: tensor<128x!tt.ptr<f32>>, %v: tensor<128xf32>, %m: tensor<128xi1>, %q: !tt.ptr<i32>, %i: i32) {
  %0 = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v, %m : (tensor<128x!tt.ptr<f32>>, tensor<128xf32>, tensor<128xi1>) -> tensor<128xf32>
  %1 = tt.atomic_rmw exch, relaxed, sys, %q, %i {foo} : (!tt.ptr<i32>, i32) -> i32
  %2 = tt.atomic_rmw umax, release, cta, %q, %i : (!tt.ptr<i32>, i32) -> i32
  %3 = tt.atomic_cas acquire, cta, %q, %i, %i : (!tt.ptr<i32>, i32, i32) -> i32
  tt.return
}
tt.func @debug(%c: tensor<4xi1>, %b: i1, %x: tensor<4xf32>, %y: i32) {
  tt.assert %c, "message" : tensor<4xi1>
  tt.assert %b, "cond must be \"true\"" {foo = 1 : i32} : i1
  cf.assert %b, "Assertion `message` failed"
  tt.print "test" {hex = false, isSigned = array<i32: 0>}
  tt.print " x: " {hex = true, isSigned = array<i32: 0, 1>} : %x, %y : tensor<4xf32>, i32
  tt.return
}
tt.func @misc(%s: tensor<128x16xf32>, %i: tensor<512x16xi32>, %a: tensor<4xf32>, %lo: tensor<4xf32>, %u: tensor<512xi8>, %k: i32, %k2: i32) -> tensor<512x16xf32> {
  %0 = tt.gather %s[%i] {axis = 0 : i32} : (tensor<128x16xf32>, tensor<512x16xi32>) -> tensor<512x16xf32>
  %1 = tt.gather %s[%i] {axis = 0 : i32, efficient_layout} : (tensor<128x16xf32>, tensor<512x16xi32>) -> tensor<512x16xf32>
  %2 = tt.clampf %a, %lo, %a, propagateNan = none : tensor<4xf32>
  %3 = tt.clampf %a, %lo, %a, propagateNan = all {foo} : tensor<4xf32>
  %4 = tt.elementwise_inline_asm "shl.b32 $0, $0, 3;" {constraints = "=r,r", packed_element = 4 : i32, pure = true} %u : tensor<512xi8> -> tensor<512xi8>
  %5:2 = tt.elementwise_inline_asm "asm" {constraints = "=r,=r,r,r", pure = true, packed_element = 1 : i32} %k, %k2 : i32, i32 -> i32, i32
  %6 = tt.elementwise_inline_asm "mov.u32 $0, 7;" {constraints = "=r", packed_element = 1 : i32, pure = false} -> i32
  %7 = tt.precise_sqrt %a : tensor<4xf32>
  %8 = tt.precise_divf %a, %lo : tensor<4xf32>
  %9 = tt.mulhiui %k, %k2 : i32
  tt.return %0 : tensor<512x16xf32>
}
tt.func @dots(%a: tensor<128x128xf8E4M3FN>, %sa: tensor<128x4xi8>, %b: tensor<128x128xf8E4M3FN>, %sb: tensor<128x4xi8>, %c: tensor<128x128xf32>, %a4: tensor<128x64xi8>) {
  %0 = tt.dot_scaled %a scale %sa, %b scale %sb, %c lhs = e4m3 rhs = e4m3 {fastMath = true} : tensor<128x128xf8E4M3FN>, tensor<128x4xi8> * tensor<128x128xf8E4M3FN>, tensor<128x4xi8> -> tensor<128x128xf32>
  %1 = tt.dot_scaled %a, %b scale %sb, %c lhs = bf16 rhs = e2m1 {fastMath = false} : tensor<128x128xf8E4M3FN> * tensor<128x128xf8E4M3FN>, tensor<128x4xi8> -> tensor<128x128xf32>
  %2 = tt.dot_scaled %a4 scale %sa, %b, %c lhs = e2m1 rhs = fp16 {fastMath = true} : tensor<128x64xi8>, tensor<128x4xi8> * tensor<128x128xf8E4M3FN> -> tensor<128x128xf32>
  tt.return
}

// CHECK: module {
// CHECK-NEXT:   tt.func @atomics(%arg0: tensor<128x!tt.ptr<f32>>, %arg1: tensor<128xf32>, %arg2: tensor<128xi1>, %arg3: !tt.ptr<i32>, %arg4: i32) {
// CHECK-NEXT:     %0 = tt.atomic_rmw fadd, acq_rel, gpu, %arg0, %arg1, %arg2 : (tensor<128x!tt.ptr<f32>>, tensor<128xf32>, tensor<128xi1>) -> tensor<128xf32>
// CHECK-NEXT:     %1 = tt.atomic_rmw exch, relaxed, sys, %arg3, %arg4 {foo} : (!tt.ptr<i32>, i32) -> i32
// CHECK-NEXT:     %2 = tt.atomic_rmw umax, release, cta, %arg3, %arg4 : (!tt.ptr<i32>, i32) -> i32
// CHECK-NEXT:     %3 = tt.atomic_cas acquire, cta, %arg3, %arg4, %arg4 : (!tt.ptr<i32>, i32, i32) -> i32
// CHECK-NEXT:     tt.return
// CHECK-NEXT:   }
// CHECK-NEXT:   tt.func @debug(%arg0: tensor<4xi1>, %arg1: i1, %arg2: tensor<4xf32>, %arg3: i32) {
// CHECK-NEXT:     tt.assert %arg0, "message" : tensor<4xi1>
// CHECK-NEXT:     tt.assert %arg1, "cond must be \22true\22" {foo = 1 : i32} : i1
// CHECK-NEXT:     cf.assert %arg1, "Assertion `message` failed"
// CHECK-NEXT:     tt.print "test" {hex = false, isSigned = array<i32: 0>}
// CHECK-NEXT:     tt.print " x: " {hex = true, isSigned = array<i32: 0, 1>} : %arg2, %arg3 : tensor<4xf32>, i32
// CHECK-NEXT:     tt.return
// CHECK-NEXT:   }
// CHECK-NEXT:   tt.func @misc(%arg0: tensor<128x16xf32>, %arg1: tensor<512x16xi32>, %arg2: tensor<4xf32>, %arg3: tensor<4xf32>, %arg4: tensor<512xi8>, %arg5: i32, %arg6: i32) -> tensor<512x16xf32> {
// CHECK-NEXT:     %0 = tt.gather %arg0[%arg1] {axis = 0 : i32} : (tensor<128x16xf32>, tensor<512x16xi32>) -> tensor<512x16xf32>
// CHECK-NEXT:     %1 = tt.gather %arg0[%arg1] {axis = 0 : i32, efficient_layout} : (tensor<128x16xf32>, tensor<512x16xi32>) -> tensor<512x16xf32>
// CHECK-NEXT:     %2 = tt.clampf %arg2, %arg3, %arg2, propagateNan = none : tensor<4xf32>
// CHECK-NEXT:     %3 = tt.clampf %arg2, %arg3, %arg2, propagateNan = all {foo} : tensor<4xf32>
// CHECK-NEXT:     %4 = tt.elementwise_inline_asm "shl.b32 $0, $0, 3;" {constraints = "=r,r", packed_element = 4 : i32, pure = true} %arg4 : tensor<512xi8> -> tensor<512xi8>
// CHECK-NEXT:     %5:2 = tt.elementwise_inline_asm "asm" {constraints = "=r,=r,r,r", packed_element = 1 : i32, pure = true} %arg5, %arg6 : i32, i32 -> i32, i32
// CHECK-NEXT:     %6 = tt.elementwise_inline_asm "mov.u32 $0, 7;" {constraints = "=r", packed_element = 1 : i32, pure = false} -> i32
// CHECK-NEXT:     %7 = tt.precise_sqrt %arg2 : tensor<4xf32>
// CHECK-NEXT:     %8 = tt.precise_divf %arg2, %arg3 : tensor<4xf32>
// CHECK-NEXT:     %9 = tt.mulhiui %arg5, %arg6 : i32
// CHECK-NEXT:     tt.return %0 : tensor<512x16xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   tt.func @dots(%arg0: tensor<128x128xf8E4M3FN>, %arg1: tensor<128x4xi8>, %arg2: tensor<128x128xf8E4M3FN>, %arg3: tensor<128x4xi8>, %arg4: tensor<128x128xf32>, %arg5: tensor<128x64xi8>) {
// CHECK-NEXT:     %0 = tt.dot_scaled %arg0 scale %arg1, %arg2 scale %arg3, %arg4 lhs = e4m3 rhs = e4m3 {fastMath = true} : tensor<128x128xf8E4M3FN>, tensor<128x4xi8> * tensor<128x128xf8E4M3FN>, tensor<128x4xi8> -> tensor<128x128xf32>
// CHECK-NEXT:     %1 = tt.dot_scaled %arg0, %arg2 scale %arg3, %arg4 lhs = bf16 rhs = e2m1 {fastMath = false} : tensor<128x128xf8E4M3FN> * tensor<128x128xf8E4M3FN>, tensor<128x4xi8> -> tensor<128x128xf32>
// CHECK-NEXT:     %2 = tt.dot_scaled %arg5 scale %arg1, %arg2, %arg4 lhs = e2m1 rhs = fp16 {fastMath = true} : tensor<128x64xi8>, tensor<128x4xi8> * tensor<128x128xf8E4M3FN> -> tensor<128x128xf32>
// CHECK-NEXT:     tt.return
// CHECK-NEXT:   }
// CHECK-NEXT: }

// -----

func.func @dim(%m: memref<?x4xf32, strided<[?, ?], offset: ?>>, %t: tensor<?xf32>, %c: index) -> index {
  %0 = memref.dim %m, %c : memref<?x4xf32, strided<[?, ?], offset: ?>>
  %1 = memref.dim {foo = 1 : i32} %m, %c : memref<?x4xf32, strided<[?, ?], offset: ?>>
  %2 = tensor.dim {foo = 1 : i32} %t, %c : tensor<?xf32>
  %3 = arith.addi %0, %1 : index
  %4 = arith.addi %3, %2 : index
  return %4 : index
}

// CHECK: module {
// CHECK-NEXT:   func.func @dim(%arg0: memref<?x4xf32, strided<[?, ?], offset: ?>>, %arg1: tensor<?xf32>, %arg2: index) -> index {
// CHECK-NEXT:     %0 = memref.dim %arg0, %arg2 : memref<?x4xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT:     %1 = memref.dim {foo = 1 : i32} %arg0, %arg2 : memref<?x4xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT:     %2 = tensor.dim {foo = 1 : i32} %arg1, %arg2 : tensor<?xf32>
// CHECK-NEXT:     %3 = arith.addi %0, %1 : index
// CHECK-NEXT:     %4 = arith.addi %3, %2 : index
// CHECK-NEXT:     return %4 : index
// CHECK-NEXT:   }
// CHECK-NEXT: }

// mlir-opt-19 --mlir-print-op-generic:
// GENERIC: // -----
// GENERIC-NEXT: "builtin.module"() ({
// GENERIC-NEXT:   "func.func"() <{function_type = (memref<?x4xf32, strided<[?, ?], offset: ?>>, tensor<?xf32>, index) -> index, sym_name = "dim"}> ({
// GENERIC-NEXT:   ^bb0(%arg0: memref<?x4xf32, strided<[?, ?], offset: ?>>, %arg1: tensor<?xf32>, %arg2: index):
// GENERIC-NEXT:     %0 = "memref.dim"(%arg0, %arg2) : (memref<?x4xf32, strided<[?, ?], offset: ?>>, index) -> index
// GENERIC-NEXT:     %1 = "memref.dim"(%arg0, %arg2) {foo = 1 : i32} : (memref<?x4xf32, strided<[?, ?], offset: ?>>, index) -> index
// GENERIC-NEXT:     %2 = "tensor.dim"(%arg1, %arg2) {foo = 1 : i32} : (tensor<?xf32>, index) -> index
// GENERIC-NEXT:     %3 = "arith.addi"(%0, %1) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
// GENERIC-NEXT:     %4 = "arith.addi"(%3, %2) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
// GENERIC-NEXT:     "func.return"(%4) : (index) -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : () -> ()
