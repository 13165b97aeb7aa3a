// The affine ops triton-shared's lowerings produce (affine.for with constant and SSA bounds,
// step, iter_args; affine.load/store with affine subscripts; affine.apply; affine.yield),
// kept verbatim as ops this tool does not model: read and printed as mlir-opt-19 prints them
// (expected text from `mlir-opt-19`). `%i = 0` after an op name is a loop bound, not a result.
//
// RUN: ttxform --allow-unregistered-dialect %s | FileCheck %s
// RUN: ttxform --allow-unregistered-dialect %s | ttxform --allow-unregistered-dialect | FileCheck %s

module {
  func.func @f(%m: memref<1024xf32>, %n: index) -> f32 {
    %c = arith.constant 0.0 : f32
    affine.for %i = 0 to 1024 {
      %v = affine.load %m[%i] : memref<1024xf32>
      affine.store %v, %m[%i + 1] : memref<1024xf32>
    }
    affine.for %j = 0 to %n step 4 {
      %k = affine.apply affine_map<(d0) -> (d0 floordiv 4)>(%j)
    }
    %s = affine.for %i = -2 to 1024 iter_args(%acc = %c) -> (f32) {
      %v = affine.load %m[%i] : memref<1024xf32>
      %t = arith.addf %acc, %v : f32
      affine.yield %t : f32
    }
    return %s : f32
  }
}

// CHECK: #map = affine_map<(d0) -> (d0 floordiv 4)>
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @f(%arg0: memref<1024xf32>, %arg1: index) -> f32 {
// CHECK-NEXT:     %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:     affine.for %arg2 = 0 to 1024 {
// CHECK-NEXT:       %1 = affine.load %arg0[%arg2] : memref<1024xf32>
// CHECK-NEXT:       affine.store %1, %arg0[%arg2 + 1] : memref<1024xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:     affine.for %arg2 = 0 to %arg1 step 4 {
// CHECK-NEXT:       %1 = affine.apply #map(%arg2)
// CHECK-NEXT:     }
// CHECK-NEXT:     %0 = affine.for %arg2 = -2 to 1024 iter_args(%arg3 = %cst) -> (f32) {
// CHECK-NEXT:       %1 = affine.load %arg0[%arg2] : memref<1024xf32>
// CHECK-NEXT:       %2 = arith.addf %arg3, %1 : f32
// CHECK-NEXT:       affine.yield %2 : f32
// CHECK-NEXT:     }
// CHECK-NEXT:     return %0 : f32
// CHECK-NEXT:   }
// CHECK-NEXT: }
