// Builtin and dialect types, in function signatures and in generic ops,
// printed the way mlir-opt prints them.
//
// RUN: ttxform --allow-unregistered-dialect %s --split-input-file | FileCheck %s
// RUN: ttxform --allow-unregistered-dialect %s --split-input-file | ttxform --allow-unregistered-dialect --split-input-file | FileCheck %s
// RUN: ttxform --allow-unregistered-dialect %s --split-input-file --mlir-print-op-generic | ttxform --allow-unregistered-dialect --split-input-file | FileCheck %s
// RUN: ttxform --allow-unregistered-dialect %s --split-input-file | FileCheck %s --strict-whitespace --check-prefix=WS

// Integers and index.
func.func @ints(%a: i1, %b: i8, %c: i17, %d: si32, %e: ui64, %f: index, %g: i64) -> (si8, ui1) {
  %0:2 = "foo.op"(%a, %d, %e, %f) : (i1, si32, ui64, index) -> (si8, ui1)
  return %0#0, %0#1 : si8, ui1
}

// CHECK: module {
// CHECK-NEXT:   func.func @ints(%arg0: i1, %arg1: i8, %arg2: i17, %arg3: si32, %arg4: ui64, %arg5: index, %arg6: i64) -> (si8, ui1) {
// CHECK-NEXT:     %0:2 = "foo.op"(%arg0, %arg3, %arg4, %arg5) : (i1, si32, ui64, index) -> (si8, ui1)
// CHECK-NEXT:     return %0#0, %0#1 : si8, ui1
// CHECK-NEXT:   }
// CHECK-NEXT: }

// -----

// Floats.
func.func @floats(%a: f16, %b: bf16, %c: f32, %d: f64, %e: f8E5M2, %f: f8E4M3FN, %g: tf32, %h: f80, %i: f128, %j: f8E4M3FNUZ, %k: f8E5M2FNUZ, %l: f8E4M3B11FNUZ) {
  "foo.op"(%a, %b, %e) : (f16, bf16, f8E5M2) -> ()
  return
}

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @floats(%arg0: f16, %arg1: bf16, %arg2: f32, %arg3: f64, %arg4: f8E5M2, %arg5: f8E4M3FN, %arg6: tf32, %arg7: f80, %arg8: f128, %arg9: f8E4M3FNUZ, %arg10: f8E5M2FNUZ, %arg11: f8E4M3B11FNUZ) {
// CHECK-NEXT:     "foo.op"(%arg0, %arg1, %arg4) : (f16, bf16, f8E5M2) -> ()
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }

// -----

// Ranked, unranked, zero-rank and empty tensors, with and without an encoding.
func.func @tensors(%a: tensor<4x?xf32>, %b: tensor<*xf32>, %c: tensor<f32>, %d: tensor<0xi32>, %e: tensor<1x2x3x4xi1>, %f: tensor<?x?xf32, "enc">, %g: tensor<2x3xf32, #ttg.blocked<{sizePerThread = [1, 4], order = [1, 0]}>>, %h: tensor<4x!tt.ptr<f32>>) -> tensor<*xf32> {
  %0 = "foo.cast"(%a) : (tensor<4x?xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @tensors(%arg0: tensor<4x?xf32>, %arg1: tensor<*xf32>, %arg2: tensor<f32>, %arg3: tensor<0xi32>, %arg4: tensor<1x2x3x4xi1>, %arg5: tensor<?x?xf32, "enc">, %arg6: tensor<2x3xf32, #ttg.blocked<{sizePerThread = [1, 4], order = [1, 0]}>>, %arg7: tensor<4x!tt.ptr<f32>>) -> tensor<*xf32> {
// CHECK-NEXT:     %0 = "foo.cast"(%arg0) : (tensor<4x?xf32>) -> tensor<*xf32>
// CHECK-NEXT:     return %0 : tensor<*xf32>
// CHECK-NEXT:   }
// CHECK-NEXT: }

// -----

// Memrefs with strided layouts and memory spaces.
func.func @memrefs(%a: memref<4x4xf32>, %b: memref<?x4xf32, strided<[4, 1], offset: ?>>, %c: memref<4xf32, 3>, %d: memref<*xf32>, %e: memref<*xf32, 1>, %f: memref<f32>, %g: memref<4xf32, #gpu.address_space<workgroup>>, %h: memref<8x8xf16, strided<[16, 1]>, 2>) {
  return
}

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @memrefs(%arg0: memref<4x4xf32>, %arg1: memref<?x4xf32, strided<[4, 1], offset: ?>>, %arg2: memref<4xf32, 3>, %arg3: memref<*xf32>, %arg4: memref<*xf32, 1>, %arg5: memref<f32>, %arg6: memref<4xf32, #gpu.address_space<workgroup>>, %arg7: memref<8x8xf16, strided<[16, 1]>, 2>) {
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }

// -----

// An affine map layout gets an alias.
func.func @memref_map(%a: memref<4xf32, affine_map<(d0) -> (d0 + 1)>, 1>) {
  return
}

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: #map = affine_map<(d0) -> (d0 + 1)>
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @memref_map(%arg0: memref<4xf32, #map, 1>) {
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }

// -----

// Vectors, complex numbers, tuples, function types and none.
func.func @others(%a: vector<4xf32>, %b: vector<2x3xi8>, %c: complex<f32>, %d: complex<i8>, %e: tuple<i32, f32>, %f: tuple<>, %g: tuple<tuple<i1>>, %h: () -> (), %i: (i32) -> i32, %j: (i32, f32) -> (i32, f32), %k: (i32) -> ((i32) -> i32), %l: none) -> ((i32) -> i32) {
  %0 = "foo.op"(%c, %e) : (complex<f32>, tuple<i32, f32>) -> tuple<i32, f32>
  return %i : (i32) -> i32
}

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @others(%arg0: vector<4xf32>, %arg1: vector<2x3xi8>, %arg2: complex<f32>, %arg3: complex<i8>, %arg4: tuple<i32, f32>, %arg5: tuple<>, %arg6: tuple<tuple<i1>>, %arg7: () -> (), %arg8: (i32) -> i32, %arg9: (i32, f32) -> (i32, f32), %arg10: (i32) -> ((i32) -> i32), %arg11: none) -> ((i32) -> i32) {
// CHECK-NEXT:     %0 = "foo.op"(%arg2, %arg4) : (complex<f32>, tuple<i32, f32>) -> tuple<i32, f32>
// CHECK-NEXT:     return %arg8 : (i32) -> i32
// CHECK-NEXT:   }
// CHECK-NEXT: }

// -----

// Triton pointer and tensor descriptor types.
func.func @triton(%a: !tt.ptr<f32>, %b: !tt.ptr<f32, 3>, %c: !tt.ptr<tensor<4xf32>>, %d: tensor<128x!tt.ptr<f16>>, %e: !tt.tensordesc<tensor<16x16xf16>>, %f: !tt.tensordesc<tensor<16x16xf16, #ttg.blocked<{order = [1, 0]}>>>) -> !tt.ptr<f32> {
  %0 = "foo.op"(%a, %e) : (!tt.ptr<f32>, !tt.tensordesc<tensor<16x16xf16>>) -> !tt.ptr<f32>
  return %0 : !tt.ptr<f32>
}

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @triton(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32, 3>, %arg2: !tt.ptr<tensor<4xf32>>, %arg3: tensor<128x!tt.ptr<f16>>, %arg4: !tt.tensordesc<tensor<16x16xf16>>, %arg5: !tt.tensordesc<tensor<16x16xf16, #ttg.blocked<{order = [1, 0]}>>>) -> !tt.ptr<f32> {
// CHECK-NEXT:     %0 = "foo.op"(%arg0, %arg4) : (!tt.ptr<f32>, !tt.tensordesc<tensor<16x16xf16>>) -> !tt.ptr<f32>
// CHECK-NEXT:     return %0 : !tt.ptr<f32>
// CHECK-NEXT:   }
// CHECK-NEXT: }

// -----

// Types of unknown dialects are kept as written.
func.func @opaque(%a: !foo.bar<"x", 1>, %b: !foo.baz, %c: !foo.outer<!foo.inner<i32>, [1, 2]>, %d: tensor<2x!foo.elt>) {
  "foo.op"(%a, %b) : (!foo.bar<"x", 1>, !foo.baz) -> ()
  return
}

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @opaque(%arg0: !foo.bar<"x", 1>, %arg1: !foo.baz, %arg2: !foo.outer<!foo.inner<i32>, [1, 2]>, %arg3: tensor<2x!foo.elt>) {
// CHECK-NEXT:     "foo.op"(%arg0, %arg1) : (!foo.bar<"x", 1>, !foo.baz) -> ()
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }

// -----

// ... byte for byte (checked with --strict-whitespace).
func.func @opaque_spacing(%a: !foo.bar<1,  [2,3]>) {
  return
}
// WS: func.func @opaque_spacing(%arg0: !foo.bar<1,  [2,3]>) {

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @opaque_spacing(%arg0: !foo.bar<1,  [2,3]>) {
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }

// -----

// Type aliases of builtin types and of types of unknown dialects are not
// printed: uses are replaced by the type.
!t = i32
!desc = !tt.tensordesc<tensor<16x16xf16>>
!unused = f64
func.func @aliases(%a: !t, %b: !desc, %c: tensor<4x!t>) -> !t {
  %0 = "foo.op"(%a, %b) : (!t, !desc) -> !t
  return %0 : !t
}

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @aliases(%arg0: i32, %arg1: !tt.tensordesc<tensor<16x16xf16>>, %arg2: tensor<4xi32>) -> i32 {
// CHECK-NEXT:     %0 = "foo.op"(%arg0, %arg1) : (i32, !tt.tensordesc<tensor<16x16xf16>>) -> i32
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
