// --ktir-cpu prints KTIR as ktir-cpu's line-based reader takes it, and still as
// valid MLIR: #ktdp.memory_space<global> (--ktdp-memory-space=generic), a blank
// line after each op that does not end in a type (linalg.broadcast and
// linalg.transpose end in their dimensions, linalg.reduce and scf.for in a
// region), one name per result of a multi-result op (%r3_0, %r3_1 = ...)
// where MLIR would print %3:2 and use %3#0, and numbered values spelled %v4
// (ktir-cpu reads %4 inside a subscript expression as the number 4). Read
// back, it is the same IR.
//
// RUN: ttxform %s --ktir-cpu | FileCheck %s
// RUN: ttxform %s --ktir-cpu | ttxform --ktir-cpu | FileCheck %s
// RUN: ttxform %s --ktir-cpu | ttxform | FileCheck %s --check-prefix=BACK
// RUN: ttxform %s --ktir-cpu --mlir-print-op-generic | ttxform | FileCheck %s --check-prefix=BACK
// RUN: ttxform %s --ktir-cpu --ktdp-memory-space=spyre | FileCheck %s --check-prefix=SPY
// RUN: ttxform %s --ktir-cpu | FileCheck %s --check-prefix=NONE --implicit-check-not=spyre_memory_space --implicit-check-not=':2 =' --implicit-check-not='#0' --implicit-check-not='#1'
// RUN: ttxform %s | FileCheck %s --check-prefix=PLAIN

// CHECK-LABEL: func.func @flavor(
// CHECK: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %r0_0, %r0_1 = ktdp.get_compute_tile_id : index, index
// CHECK-NEXT: %v1 = ktdp.construct_memory_view %arg0, sizes: [64, 64], strides: [64, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<64x64xf32>
// CHECK-NEXT: %v2 = ktdp.construct_access_tile %v1[%r0_0, %r0_1] {{.*}} -> !ktdp.access_tile<4x64xindex>
// CHECK-NEXT: %r3_0, %r3_1 = scf.for %arg2 = %c0 to %c4 step %c1 iter_args(%arg3 = %arg1, %arg4 = %arg1) -> (tensor<4xf32>, tensor<4xf32>) {
// CHECK-NEXT: %v9 = ktdp.load %v2 : <4x64xindex> -> tensor<4x64xf32>
// CHECK:      %v12 = linalg.reduce ins(%v9 : tensor<4x64xf32>) outs(%v11 : tensor<4xf32>) dimensions = [1]
// CHECK-NEXT: (%arg5: f32, %arg6: f32) {
// CHECK-NEXT: %v13 = arith.addf %arg5, %arg6 : f32
// CHECK-NEXT: linalg.yield %v13 : f32
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: scf.yield %v12, %arg3 : tensor<4xf32>, tensor<4xf32>
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: %v4 = tensor.empty() : tensor<4x64xf32>
// CHECK-NEXT: %v5 = linalg.broadcast ins(%r3_0 : tensor<4xf32>) outs(%v4 : tensor<4x64xf32>) dimensions = [1]
// CHECK-EMPTY:
// CHECK-NEXT: ktdp.store %v5, %v2 : tensor<4x64xf32>, <4x64xindex>
// CHECK-NEXT: %v6 = tensor.empty() : tensor<64x4xf32>
// CHECK-NEXT: %v7 = linalg.transpose ins(%v5 : tensor<4x64xf32>) outs(%v6 : tensor<64x4xf32>) permutation = [1, 0]
// CHECK-EMPTY:
// CHECK-NEXT: %v8 = arith.addf %r3_1, %r3_0 : tensor<4xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }

// NONE: func.func @flavor(

// BACK-LABEL: func.func @flavor(
// BACK: %0:2 = ktdp.get_compute_tile_id : index, index
// BACK-NEXT: %1 = ktdp.construct_memory_view {{.*}}memory_space = #ktdp.memory_space<global>} : memref<64x64xf32>
// BACK-NEXT: %2 = ktdp.construct_access_tile %1[%0#0, %0#1]
// BACK-NEXT: %3:2 = scf.for
// BACK: linalg.yield
// BACK-NEXT: }
// BACK-NEXT: scf.yield %12, %arg3
// BACK-NEXT: }
// BACK-NEXT: %4 = tensor.empty() : tensor<4x64xf32>
// BACK-NEXT: %5 = linalg.broadcast ins(%3#0 : tensor<4xf32>)
// BACK-NEXT: ktdp.store %5, %2
// BACK: %8 = arith.addf %3#1, %3#0 : tensor<4xf32>

// SPY: %r0_0, %r0_1 = ktdp.get_compute_tile_id : index, index
// SPY-NEXT: memory_space = #ktdp.spyre_memory_space<HBM>}

// PLAIN: %0:2 = ktdp.get_compute_tile_id : index, index
// PLAIN-NEXT: memory_space = #ktdp.spyre_memory_space<HBM>}
// PLAIN: %5 = linalg.broadcast ins(%3#0 : tensor<4xf32>) outs(%4 : tensor<4x64xf32>) dimensions = [1]
// PLAIN-NEXT: ktdp.store %5, %2

#map = affine_map<(d0, d1) -> (d0, d1)>
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#set1 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
module {
  func.func @flavor(%arg0: index, %arg1: tensor<4xf32>) attributes {grid = [4]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 0.000000e+00 : f32
    %0:2 = ktdp.get_compute_tile_id : index, index
    %1 = ktdp.construct_memory_view %arg0, sizes: [64, 64], strides: [64, 1] {coordinate_set = #set, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<64x64xf32>
    %2 = ktdp.construct_access_tile %1[%0#0, %0#1] {access_tile_order = #map, access_tile_set = #set1} : memref<64x64xf32> -> !ktdp.access_tile<4x64xindex>
    %3:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %arg1, %b = %arg1) -> (tensor<4xf32>, tensor<4xf32>) {
      %t = ktdp.load %2 : <4x64xindex> -> tensor<4x64xf32>
      %e = tensor.empty() : tensor<4xf32>
      %f = linalg.fill ins(%cst : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
      %r = linalg.reduce ins(%t : tensor<4x64xf32>) outs(%f : tensor<4xf32>) dimensions = [1]
        (%x: f32, %y: f32) {
          %s = arith.addf %x, %y : f32
          linalg.yield %s : f32
        }
      scf.yield %r, %a : tensor<4xf32>, tensor<4xf32>
    }
    %4 = tensor.empty() : tensor<4x64xf32>
    %5 = linalg.broadcast ins(%3#0 : tensor<4xf32>) outs(%4 : tensor<4x64xf32>) dimensions = [1]
    ktdp.store %5, %2 : tensor<4x64xf32>, <4x64xindex>
    %6 = tensor.empty() : tensor<64x4xf32>
    %7 = linalg.transpose ins(%5 : tensor<4x64xf32>) outs(%6 : tensor<64x4xf32>) permutation = [1, 0]
    %8 = arith.addf %3#1, %3#0 : tensor<4xf32>
    return
  }
}
