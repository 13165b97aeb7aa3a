// The custom forms of the registered ops that were printed back verbatim
// before they had a format: tt.atomic_rmw, tt.atomic_cas, tt.assert,
// cf.assert, tt.print, tt.gather, tt.clampf, tt.elementwise_inline_asm,
// tt.precise_sqrt, tt.precise_divf, tt.mulhiui, tt.dot_scaled (forms as
// Triton's op definitions declare them), memref.dim / tensor.dim (the
// attribute dictionary before the operands, as MLIR declares it) and
// memref.load, store, copy, alloc, cast, subview and reinterpret_cast.  Each
// is printed back byte for byte, read again the same, and its generic form
// reads back as the same custom form; the memref sections' generic forms are
// the ones mlir-opt-19 prints (its custom forms differ only in result names:
// %dim, %alloc, %cast, ... where this tool numbers them).
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
// GENERIC-LABEL:   "func.func"() <{function_type = (memref<?x4xf32, strided<[?, ?], offset: ?>>, tensor<?xf32>, index) -> index, sym_name = "dim"}> ({
// GENERIC-NEXT:   ^bb0(%arg0: memref<?x4xf32, strided<[?, ?], offset: ?>>, %arg1: tensor<?xf32>, %arg2: index):
// GENERIC-NEXT:     %0 = "memref.dim"(%arg0, %arg2) : (memref<?x4xf32, strided<[?, ?], offset: ?>>, index) -> index
// GENERIC-NEXT:     %1 = "memref.dim"(%arg0, %arg2) {foo = 1 : i32} : (memref<?x4xf32, strided<[?, ?], offset: ?>>, index) -> index
// GENERIC-NEXT:     %2 = "tensor.dim"(%arg1, %arg2) {foo = 1 : i32} : (tensor<?xf32>, index) -> index
// GENERIC-NEXT:     %3 = "arith.addi"(%0, %1) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
// GENERIC-NEXT:     %4 = "arith.addi"(%3, %2) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
// GENERIC-NEXT:     "func.return"(%4) : (index) -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

#map = affine_map<(d0)[s0] -> (d0 + s0)>
func.func @memref_ops(%m: memref<4x?xf32>, %i: index, %v: f32, %d: memref<4x?xf32>, %n: memref<?x?xf32>) {
  %0 = memref.load %m[%i, %i] : memref<4x?xf32>
  memref.store %v, %m[%i, %i] : memref<4x?xf32>
  memref.store %v, %m[%i, %i] {nontemporal = true} : memref<4x?xf32>
  memref.copy %m, %d : memref<4x?xf32> to memref<4x?xf32>
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc(%i) {alignment = 64 : i64} : memref<4x?xf32>
  %e = memref.alloc(%i)[%i] : memref<?xf32, #map>
  %c = memref.cast %m : memref<4x?xf32> to memref<?x?xf32>
  %s = memref.subview %m[0, %i] [2, 2] [1, 1] : memref<4x?xf32> to memref<2x2xf32, strided<[?, 1], offset: ?>>
  %t = memref.subview %n[%i, %i] [%i, %i] [%i, %i] : memref<?x?xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  %r = memref.reinterpret_cast %a to offset: [0], sizes: [2, 2], strides: [2, 1] : memref<4xf32> to memref<2x2xf32>
  %q = memref.reinterpret_cast %n to offset: [%i], sizes: [%i, 4], strides: [%i, 1] : memref<?x?xf32> to memref<?x4xf32, strided<[?, 1], offset: ?>>
  %k = memref.dim %m, %i : memref<4x?xf32>
  return
}

// CHECK: #map = affine_map<(d0)[s0] -> (d0 + s0)>
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @memref_ops(%arg0: memref<4x?xf32>, %arg1: index, %arg2: f32, %arg3: memref<4x?xf32>, %arg4: memref<?x?xf32>) {
// CHECK-NEXT:     %0 = memref.load %arg0[%arg1, %arg1] : memref<4x?xf32>
// CHECK-NEXT:     memref.store %arg2, %arg0[%arg1, %arg1] : memref<4x?xf32>
// CHECK-NEXT:     memref.store %arg2, %arg0[%arg1, %arg1] {nontemporal = true} : memref<4x?xf32>
// CHECK-NEXT:     memref.copy %arg0, %arg3 : memref<4x?xf32> to memref<4x?xf32>
// CHECK-NEXT:     %1 = memref.alloc() : memref<4xf32>
// CHECK-NEXT:     %2 = memref.alloc(%arg1) {alignment = 64 : i64} : memref<4x?xf32>
// CHECK-NEXT:     %3 = memref.alloc(%arg1)[%arg1] : memref<?xf32, #map>
// CHECK-NEXT:     %4 = memref.cast %arg0 : memref<4x?xf32> to memref<?x?xf32>
// CHECK-NEXT:     %5 = memref.subview %arg0[0, %arg1] [2, 2] [1, 1] : memref<4x?xf32> to memref<2x2xf32, strided<[?, 1], offset: ?>>
// CHECK-NEXT:     %6 = memref.subview %arg4[%arg1, %arg1] [%arg1, %arg1] [%arg1, %arg1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT:     %7 = memref.reinterpret_cast %1 to offset: [0], sizes: [2, 2], strides: [2, 1] : memref<4xf32> to memref<2x2xf32>
// CHECK-NEXT:     %8 = memref.reinterpret_cast %arg4 to offset: [%arg1], sizes: [%arg1, 4], strides: [%arg1, 1] : memref<?x?xf32> to memref<?x4xf32, strided<[?, 1], offset: ?>>
// CHECK-NEXT:     %9 = memref.dim %arg0, %arg1 : memref<4x?xf32>
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }

// mlir-opt-19 --mlir-print-op-generic:
// GENERIC-LABEL:   "func.func"() <{function_type = (memref<4x?xf32>, index, f32, memref<4x?xf32>, memref<?x?xf32>) -> (), sym_name = "memref_ops"}> ({
// GENERIC-NEXT:   ^bb0(%arg0: memref<4x?xf32>, %arg1: index, %arg2: f32, %arg3: memref<4x?xf32>, %arg4: memref<?x?xf32>):
// GENERIC-NEXT:     %0 = "memref.load"(%arg0, %arg1, %arg1) : (memref<4x?xf32>, index, index) -> f32
// GENERIC-NEXT:     "memref.store"(%arg2, %arg0, %arg1, %arg1) : (f32, memref<4x?xf32>, index, index) -> ()
// GENERIC-NEXT:     "memref.store"(%arg2, %arg0, %arg1, %arg1) <{nontemporal = true}> : (f32, memref<4x?xf32>, index, index) -> ()
// GENERIC-NEXT:     "memref.copy"(%arg0, %arg3) : (memref<4x?xf32>, memref<4x?xf32>) -> ()
// GENERIC-NEXT:     %1 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4xf32>
// GENERIC-NEXT:     %2 = "memref.alloc"(%arg1) <{alignment = 64 : i64, operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<4x?xf32>
// GENERIC-NEXT:     %3 = "memref.alloc"(%arg1, %arg1) <{operandSegmentSizes = array<i32: 1, 1>}> : (index, index) -> memref<?xf32, #map>
// GENERIC-NEXT:     %4 = "memref.cast"(%arg0) : (memref<4x?xf32>) -> memref<?x?xf32>
// GENERIC-NEXT:     %5 = "memref.subview"(%arg0, %arg1) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: 0, -9223372036854775808>, static_sizes = array<i64: 2, 2>, static_strides = array<i64: 1, 1>}> : (memref<4x?xf32>, index) -> memref<2x2xf32, strided<[?, 1], offset: ?>>
// GENERIC-NEXT:     %6 = "memref.subview"(%arg4, %arg1, %arg1, %arg1, %arg1, %arg1, %arg1) <{operandSegmentSizes = array<i32: 1, 2, 2, 2>, static_offsets = array<i64: -9223372036854775808, -9223372036854775808>, static_sizes = array<i64: -9223372036854775808, -9223372036854775808>, static_strides = array<i64: -9223372036854775808, -9223372036854775808>}> : (memref<?x?xf32>, index, index, index, index, index, index) -> memref<?x?xf32, strided<[?, ?], offset: ?>>
// GENERIC-NEXT:     %7 = "memref.reinterpret_cast"(%1) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 2, 2>, static_strides = array<i64: 2, 1>}> : (memref<4xf32>) -> memref<2x2xf32>
// GENERIC-NEXT:     %8 = "memref.reinterpret_cast"(%arg4, %arg1, %arg1, %arg1) <{operandSegmentSizes = array<i32: 1, 1, 1, 1>, static_offsets = array<i64: -9223372036854775808>, static_sizes = array<i64: -9223372036854775808, 4>, static_strides = array<i64: -9223372036854775808, 1>}> : (memref<?x?xf32>, index, index, index) -> memref<?x4xf32, strided<[?, 1], offset: ?>>
// GENERIC-NEXT:     %9 = "memref.dim"(%arg0, %arg1) : (memref<4x?xf32>, index) -> index
// GENERIC-NEXT:     "func.return"() : () -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : () -> ()
