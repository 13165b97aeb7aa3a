// rewrite-descriptor-layout, phase 2 (spyre-lowering spec 5.4, 5.6, 5.8):
// linalg.matmul, linalg.batch_matmul and linalg.reduce fed by physical
// loads are re-emitted per stick over tensor.extract_slice (with
// linalg.transpose into the op's operand order), and logical data stored
// through a physical tile is copied into the tile's shape stick by stick.
// RUN: ttxform %s --split-input-file --lower-descriptor-memory --lower-compute-ops --rewrite-descriptor-layout | FileCheck %s
// RUN: ttxform %s --split-input-file --lower-descriptor-memory --lower-compute-ops --rewrite-descriptor-layout | ttxform --split-input-file | FileCheck %s

// Matmul with A and B stick on K (B through phys_src [0, 1, 0]): K becomes
// a loop over its 2 sticks carrying the accumulator; each step slices one
// stick of A and B and transposes B's slice into (k, n) order.
// CHECK: #map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK: #map1 = affine_map<(d0, d1) -> (d0, d1)>
// CHECK: #set = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0, d2 >= 0, -d2 + 63 >= 0)>
// CHECK: #set1 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 127 >= 0)>
// CHECK: #set2 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 63 >= 0)>
// CHECK: #set3 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 63 >= 0)>
// CHECK-LABEL: tt.func @matmul_k_split(
// CHECK-SAME: %arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: !tt.ptr<f32>) {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg0 : !tt.ptr<f32> to index
// CHECK-NEXT: %1 = ktdp.construct_memory_view %0, sizes: [2, 64, 64], strides: [4096, 64, 1] {coordinate_set = #set, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<2x64x64xf32>
// CHECK-NEXT: %2 = ktdp.construct_memory_view %0, sizes: [64, 128], strides: [128, 1] {coordinate_set = #set1, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<64x128xf32>
// CHECK-NEXT: %3 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %4 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %c64 = arith.constant 64 : index
// CHECK-NEXT: %5 = arith.divsi %4, %c64 : index
// CHECK-NEXT: %c64_0 = arith.constant 64 : index
// CHECK-NEXT: %6 = arith.remsi %4, %c64_0 : index
// CHECK-NEXT: %7 = ktdp.construct_access_tile %1[%5, %3, %6] {access_tile_order = #map, access_tile_set = #set} : memref<2x64x64xf32> -> !ktdp.access_tile<2x64x64xindex>
// CHECK-NEXT: %8 = ktdp.load %7 : <2x64x64xindex> -> tensor<2x64x64xf32>
// CHECK-NEXT: %9 = builtin.unrealized_conversion_cast %arg1 : !tt.ptr<f32> to index
// CHECK-NEXT: %10 = ktdp.construct_memory_view %9, sizes: [2, 64, 64], strides: [4096, 64, 1] {coordinate_set = #set, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<2x64x64xf32>
// CHECK-NEXT: %11 = ktdp.construct_memory_view %9, sizes: [128, 64], strides: [64, 1] {coordinate_set = #set2, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<128x64xf32>
// CHECK-NEXT: %12 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %13 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %c64_1 = arith.constant 64 : index
// CHECK-NEXT: %14 = arith.divsi %12, %c64_1 : index
// CHECK-NEXT: %c64_2 = arith.constant 64 : index
// CHECK-NEXT: %15 = arith.remsi %12, %c64_2 : index
// CHECK-NEXT: %16 = ktdp.construct_access_tile %10[%14, %13, %15] {access_tile_order = #map, access_tile_set = #set} : memref<2x64x64xf32> -> !ktdp.access_tile<2x64x64xindex>
// CHECK-NEXT: %17 = ktdp.load %16 : <2x64x64xindex> -> tensor<2x64x64xf32>
// CHECK-NEXT: %18 = builtin.unrealized_conversion_cast %arg2 : !tt.ptr<f32> to index
// CHECK-NEXT: %19 = ktdp.construct_memory_view %18, sizes: [64, 64], strides: [64, 1] {coordinate_set = #set3, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<64x64xf32>
// CHECK-NEXT: %20 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %21 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %22 = ktdp.construct_access_tile %19[%20, %21] {access_tile_order = #map1, access_tile_set = #set3} : memref<64x64xf32> -> !ktdp.access_tile<64x64xindex>
// CHECK-NEXT: %23 = ktdp.load %22 : <64x64xindex> -> tensor<64x64xf32>
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %24 = scf.for %arg3 = %c0 to %c2 step %c1 iter_args(%arg4 = %23) -> (tensor<64x64xf32>) {
// CHECK-NEXT: %28 = tensor.extract_slice %8[%arg3, 0, 0] [1, 64, 64] [1, 1, 1] : tensor<2x64x64xf32> to tensor<64x64xf32>
// CHECK-NEXT: %29 = tensor.extract_slice %17[%arg3, 0, 0] [1, 64, 64] [1, 1, 1] : tensor<2x64x64xf32> to tensor<64x64xf32>
// CHECK-NEXT: %30 = tensor.empty() : tensor<64x64xf32>
// CHECK-NEXT: %31 = linalg.transpose ins(%29 : tensor<64x64xf32>) outs(%30 : tensor<64x64xf32>) permutation = [1, 0]
// CHECK-NEXT: %32 = linalg.matmul ins(%28, %31 : tensor<64x64xf32>, tensor<64x64xf32>) outs(%arg4 : tensor<64x64xf32>) -> tensor<64x64xf32>
// CHECK-NEXT: scf.yield %32 : tensor<64x64xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %25 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %26 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %27 = ktdp.construct_access_tile %19[%25, %26] {access_tile_order = #map1, access_tile_set = #set3} : memref<64x64xf32> -> !ktdp.access_tile<64x64xindex>
// CHECK-NEXT: ktdp.store %24, %27 : tensor<64x64xf32>, <64x64xindex>
// CHECK-NEXT: tt.return
// CHECK-NEXT: }
tt.func @matmul_k_split(%a: !tt.ptr<f32>, %b: !tt.ptr<f32>, %c: !tt.ptr<f32>) {
  %z = arith.constant 0 : i32
  %c64_i32 = arith.constant 64 : i32
  %c128_i32 = arith.constant 128 : i32
  %c64_i64 = arith.constant 64 : i64
  %c128_i64 = arith.constant 128 : i64
  %c1_i64 = arith.constant 1 : i64
  %ad = tt.make_tensor_descriptor %a, [%c64_i32, %c128_i32], [%c128_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<64x128xf32>
  tt.spyre_tensor_layout %ad {phys_src = array<i64: 1, 0, 1>, phys_op = array<i64: 1, 0, 2>, phys_arg = array<i64: 64, 0, 64>} : !tt.tensordesc<64x128xf32>
  %av = tt.descriptor_load %ad[%z, %z] : !tt.tensordesc<64x128xf32> -> tensor<64x128xf32>
  %bd = tt.make_tensor_descriptor %b, [%c128_i32, %c64_i32], [%c64_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<128x64xf32>
  tt.spyre_tensor_layout %bd {phys_src = array<i64: 0, 1, 0>, phys_op = array<i64: 1, 0, 2>, phys_arg = array<i64: 64, 0, 64>} : !tt.tensordesc<128x64xf32>
  %bv = tt.descriptor_load %bd[%z, %z] : !tt.tensordesc<128x64xf32> -> tensor<128x64xf32>
  %cd = tt.make_tensor_descriptor %c, [%c64_i32, %c64_i32], [%c64_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<64x64xf32>
  %cv = tt.descriptor_load %cd[%z, %z] : !tt.tensordesc<64x64xf32> -> tensor<64x64xf32>
  %r = tt.dot %av, %bv, %cv : tensor<64x128xf32> * tensor<128x64xf32> -> tensor<64x64xf32>
  tt.descriptor_store %cd[%z, %z], %r : !tt.tensordesc<64x64xf32>, tensor<64x64xf32>
  tt.return
}

// -----

// Batch matmul: A[b, m, k] and B[b, k, n] stick on K; the loop runs over
// the 2 sticks of K and batch_matmul takes one stick of each.
// CHECK: #map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK: #map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK: #set = affine_set<(d0, d1, d2, d3) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 1 >= 0, d2 >= 0, -d2 + 31 >= 0, d3 >= 0, -d3 + 63 >= 0)>
// CHECK: #set1 = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 31 >= 0, d2 >= 0, -d2 + 127 >= 0)>
// CHECK: #set2 = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 127 >= 0, d2 >= 0, -d2 + 31 >= 0)>
// CHECK: #set3 = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 31 >= 0, d2 >= 0, -d2 + 31 >= 0)>
// CHECK-LABEL: tt.func @batch_matmul(
// CHECK-SAME: %arg0: !tt.ptr<f16>, %arg1: !tt.ptr<f16>, %arg2: !tt.ptr<f32>) {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg0 : !tt.ptr<f16> to index
// CHECK-NEXT: %1 = ktdp.construct_memory_view %0, sizes: [2, 2, 32, 64], strides: [4096, 2048, 64, 1] {coordinate_set = #set, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<2x2x32x64xf16>
// CHECK-NEXT: %2 = ktdp.construct_memory_view %0, sizes: [2, 32, 128], strides: [4096, 128, 1] {coordinate_set = #set1, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<2x32x128xf16>
// CHECK-NEXT: %3 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %4 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %5 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %c64 = arith.constant 64 : index
// CHECK-NEXT: %6 = arith.divsi %5, %c64 : index
// CHECK-NEXT: %c64_0 = arith.constant 64 : index
// CHECK-NEXT: %7 = arith.remsi %5, %c64_0 : index
// CHECK-NEXT: %8 = ktdp.construct_access_tile %1[%3, %6, %4, %7] {access_tile_order = #map, access_tile_set = #set} : memref<2x2x32x64xf16> -> !ktdp.access_tile<2x2x32x64xindex>
// CHECK-NEXT: %9 = ktdp.load %8 : <2x2x32x64xindex> -> tensor<2x2x32x64xf16>
// CHECK-NEXT: %10 = builtin.unrealized_conversion_cast %arg1 : !tt.ptr<f16> to index
// CHECK-NEXT: %11 = ktdp.construct_memory_view %10, sizes: [2, 2, 32, 64], strides: [4096, 2048, 64, 1] {coordinate_set = #set, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<2x2x32x64xf16>
// CHECK-NEXT: %12 = ktdp.construct_memory_view %10, sizes: [2, 128, 32], strides: [4096, 32, 1] {coordinate_set = #set2, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<2x128x32xf16>
// CHECK-NEXT: %13 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %14 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %15 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %c64_1 = arith.constant 64 : index
// CHECK-NEXT: %16 = arith.divsi %14, %c64_1 : index
// CHECK-NEXT: %c64_2 = arith.constant 64 : index
// CHECK-NEXT: %17 = arith.remsi %14, %c64_2 : index
// CHECK-NEXT: %18 = ktdp.construct_access_tile %11[%13, %16, %15, %17] {access_tile_order = #map, access_tile_set = #set} : memref<2x2x32x64xf16> -> !ktdp.access_tile<2x2x32x64xindex>
// CHECK-NEXT: %19 = ktdp.load %18 : <2x2x32x64xindex> -> tensor<2x2x32x64xf16>
// CHECK-NEXT: %20 = builtin.unrealized_conversion_cast %arg2 : !tt.ptr<f32> to index
// CHECK-NEXT: %21 = ktdp.construct_memory_view %20, sizes: [2, 32, 32], strides: [1024, 32, 1] {coordinate_set = #set3, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<2x32x32xf32>
// CHECK-NEXT: %22 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %23 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %24 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %25 = ktdp.construct_access_tile %21[%22, %23, %24] {access_tile_order = #map1, access_tile_set = #set3} : memref<2x32x32xf32> -> !ktdp.access_tile<2x32x32xindex>
// CHECK-NEXT: %26 = ktdp.load %25 : <2x32x32xindex> -> tensor<2x32x32xf32>
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %27 = scf.for %arg3 = %c0 to %c2 step %c1 iter_args(%arg4 = %26) -> (tensor<2x32x32xf32>) {
// CHECK-NEXT: %32 = tensor.extract_slice %9[0, %arg3, 0, 0] [2, 1, 32, 64] [1, 1, 1, 1] : tensor<2x2x32x64xf16> to tensor<2x32x64xf16>
// CHECK-NEXT: %33 = tensor.extract_slice %19[0, %arg3, 0, 0] [2, 1, 32, 64] [1, 1, 1, 1] : tensor<2x2x32x64xf16> to tensor<2x32x64xf16>
// CHECK-NEXT: %34 = tensor.empty() : tensor<2x64x32xf16>
// CHECK-NEXT: %35 = linalg.transpose ins(%33 : tensor<2x32x64xf16>) outs(%34 : tensor<2x64x32xf16>) permutation = [0, 2, 1]
// CHECK-NEXT: %36 = linalg.batch_matmul ins(%32, %35 : tensor<2x32x64xf16>, tensor<2x64x32xf16>) outs(%arg4 : tensor<2x32x32xf32>) -> tensor<2x32x32xf32>
// CHECK-NEXT: scf.yield %36 : tensor<2x32x32xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %28 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %29 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %30 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %31 = ktdp.construct_access_tile %21[%28, %29, %30] {access_tile_order = #map1, access_tile_set = #set3} : memref<2x32x32xf32> -> !ktdp.access_tile<2x32x32xindex>
// CHECK-NEXT: ktdp.store %27, %31 : tensor<2x32x32xf32>, <2x32x32xindex>
// CHECK-NEXT: tt.return
// CHECK-NEXT: }
tt.func @batch_matmul(%a: !tt.ptr<f16>, %b: !tt.ptr<f16>, %c: !tt.ptr<f32>) {
  %z = arith.constant 0 : i32
  %c2_i32 = arith.constant 2 : i32
  %c32_i32 = arith.constant 32 : i32
  %c128_i32 = arith.constant 128 : i32
  %c1_i64 = arith.constant 1 : i64
  %c32_i64 = arith.constant 32 : i64
  %c128_i64 = arith.constant 128 : i64
  %c1024_i64 = arith.constant 1024 : i64
  %c4096_i64 = arith.constant 4096 : i64
  %ad = tt.make_tensor_descriptor %a, [%c2_i32, %c32_i32, %c128_i32], [%c4096_i64, %c128_i64, %c1_i64] : !tt.ptr<f16>, !tt.tensordesc<2x32x128xf16>
  tt.spyre_tensor_layout %ad {phys_src = array<i64: 0, 2, 1, 2>, phys_op = array<i64: 0, 1, 0, 2>, phys_arg = array<i64: 0, 64, 0, 64>} : !tt.tensordesc<2x32x128xf16>
  %av = tt.descriptor_load %ad[%z, %z, %z] : !tt.tensordesc<2x32x128xf16> -> tensor<2x32x128xf16>
  %bd = tt.make_tensor_descriptor %b, [%c2_i32, %c128_i32, %c32_i32], [%c4096_i64, %c32_i64, %c1_i64] : !tt.ptr<f16>, !tt.tensordesc<2x128x32xf16>
  tt.spyre_tensor_layout %bd {phys_src = array<i64: 0, 1, 2, 1>, phys_op = array<i64: 0, 1, 0, 2>, phys_arg = array<i64: 0, 64, 0, 64>} : !tt.tensordesc<2x128x32xf16>
  %bv = tt.descriptor_load %bd[%z, %z, %z] : !tt.tensordesc<2x128x32xf16> -> tensor<2x128x32xf16>
  %cd = tt.make_tensor_descriptor %c, [%c2_i32, %c32_i32, %c32_i32], [%c1024_i64, %c32_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<2x32x32xf32>
  %cv = tt.descriptor_load %cd[%z, %z, %z] : !tt.tensordesc<2x32x32xf32> -> tensor<2x32x32xf32>
  %r = tt.dot %av, %bv, %cv : tensor<2x32x128xf16> * tensor<2x128x32xf16> -> tensor<2x32x32xf32>
  tt.descriptor_store %cd[%z, %z, %z], %r : !tt.tensordesc<2x32x32xf32>, tensor<2x32x32xf32>
  tt.return
}

// -----

// A rank-1 reduce over a 1-D tensor stick on dim 0 (physical [2, 64]):
// a loop over the 2 sticks, each reduced into the rank-0 accumulator.
// CHECK: #map = affine_map<(d0, d1) -> (d0, d1)>
// CHECK: #set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>
// CHECK: #set1 = affine_set<(d0) : (d0 >= 0, -d0 + 127 >= 0)>
// CHECK-LABEL: tt.func @reduce_rank1(
// CHECK-SAME: %arg0: !tt.ptr<f32>) -> f32 {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg0 : !tt.ptr<f32> to index
// CHECK-NEXT: %1 = ktdp.construct_memory_view %0, sizes: [2, 64], strides: [64, 1] {coordinate_set = #set, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<2x64xf32>
// CHECK-NEXT: %2 = ktdp.construct_memory_view %0, sizes: [128], strides: [1] {coordinate_set = #set1, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<128xf32>
// CHECK-NEXT: %3 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %c64 = arith.constant 64 : index
// CHECK-NEXT: %4 = arith.divsi %3, %c64 : index
// CHECK-NEXT: %c64_0 = arith.constant 64 : index
// CHECK-NEXT: %5 = arith.remsi %3, %c64_0 : index
// CHECK-NEXT: %6 = ktdp.construct_access_tile %1[%4, %5] {access_tile_order = #map, access_tile_set = #set} : memref<2x64xf32> -> !ktdp.access_tile<2x64xindex>
// CHECK-NEXT: %7 = ktdp.load %6 : <2x64xindex> -> tensor<2x64xf32>
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %8 = tensor.empty() : tensor<f32>
// CHECK-NEXT: %9 = linalg.fill ins(%cst : f32) outs(%8 : tensor<f32>) -> tensor<f32>
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %10 = scf.for %arg1 = %c0 to %c2 step %c1 iter_args(%arg2 = %9) -> (tensor<f32>) {
// CHECK-NEXT: %12 = tensor.extract_slice %7[%arg1, 0] [1, 64] [1, 1] : tensor<2x64xf32> to tensor<64xf32>
// CHECK-NEXT: %13 = linalg.reduce ins(%12 : tensor<64xf32>) outs(%arg2 : tensor<f32>) dimensions = [0]
// CHECK-NEXT: (%arg3: f32, %arg4: f32) {
// CHECK-NEXT: %14 = arith.addf %arg3, %arg4 : f32
// CHECK-NEXT: linalg.yield %14 : f32
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %13 : tensor<f32>
// CHECK-NEXT: }
// CHECK-NEXT: %11 = tensor.extract %10[] : tensor<f32>
// CHECK-NEXT: tt.return %11 : f32
// CHECK-NEXT: }
tt.func @reduce_rank1(%a: !tt.ptr<f32>) -> f32 {
  %z = arith.constant 0 : i32
  %c128_i32 = arith.constant 128 : i32
  %c1_i64 = arith.constant 1 : i64
  %ad = tt.make_tensor_descriptor %a, [%c128_i32], [%c1_i64] : !tt.ptr<f32>, !tt.tensordesc<128xf32>
  tt.spyre_tensor_layout %ad {phys_src = array<i64: 0, 0>, phys_op = array<i64: 1, 2>, phys_arg = array<i64: 64, 64>} : !tt.tensordesc<128xf32>
  %av = tt.descriptor_load %ad[%z] : !tt.tensordesc<128xf32> -> tensor<128xf32>
  %r = "tt.reduce"(%av) ({
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    tt.reduce.return %s : f32
  }) {axis = 0 : i32} : (tensor<128xf32>) -> f32
  tt.return %r : f32
}

// -----

// Reduce over the middle axis of [8, 128, 64] stuck on dim 2: the slice
// is transposed so that the reduced axis is last.
// CHECK: #map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK: #map1 = affine_map<(d0, d1) -> (d0, d1)>
// CHECK: #set = affine_set<(d0, d1, d2, d3) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 7 >= 0, d2 >= 0, -d2 + 127 >= 0, d3 >= 0, -d3 + 63 >= 0)>
// CHECK: #set1 = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 127 >= 0, d2 >= 0, -d2 + 63 >= 0)>
// CHECK: #set2 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>
// CHECK-LABEL: tt.func @reduce_middle(
// CHECK-SAME: %arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>) {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg0 : !tt.ptr<f32> to index
// CHECK-NEXT: %1 = ktdp.construct_memory_view %0, sizes: [1, 8, 128, 64], strides: [65536, 8192, 64, 1] {coordinate_set = #set, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<1x8x128x64xf32>
// CHECK-NEXT: %2 = ktdp.construct_memory_view %0, sizes: [8, 128, 64], strides: [8192, 64, 1] {coordinate_set = #set1, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<8x128x64xf32>
// CHECK-NEXT: %3 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %4 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %5 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %c64 = arith.constant 64 : index
// CHECK-NEXT: %6 = arith.divsi %5, %c64 : index
// CHECK-NEXT: %c64_0 = arith.constant 64 : index
// CHECK-NEXT: %7 = arith.remsi %5, %c64_0 : index
// CHECK-NEXT: %8 = ktdp.construct_access_tile %1[%6, %3, %4, %7] {access_tile_order = #map, access_tile_set = #set} : memref<1x8x128x64xf32> -> !ktdp.access_tile<1x8x128x64xindex>
// CHECK-NEXT: %9 = ktdp.load %8 : <1x8x128x64xindex> -> tensor<1x8x128x64xf32>
// CHECK-NEXT: %cst = arith.constant 0x7FC00000 : f32
// CHECK-NEXT: %10 = tensor.empty() : tensor<8x64xf32>
// CHECK-NEXT: %11 = linalg.fill ins(%cst : f32) outs(%10 : tensor<8x64xf32>) -> tensor<8x64xf32>
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %12 = tensor.extract_slice %9[0, 0, 0, 0] [1, 8, 128, 64] [1, 1, 1, 1] : tensor<1x8x128x64xf32> to tensor<8x128x64xf32>
// CHECK-NEXT: %13 = tensor.empty() : tensor<8x64x128xf32>
// CHECK-NEXT: %14 = linalg.transpose ins(%12 : tensor<8x128x64xf32>) outs(%13 : tensor<8x64x128xf32>) permutation = [0, 2, 1]
// CHECK-NEXT: %15 = linalg.reduce ins(%14 : tensor<8x64x128xf32>) outs(%11 : tensor<8x64xf32>) dimensions = [2]
// CHECK-NEXT: (%arg2: f32, %arg3: f32) {
// CHECK-NEXT: %21 = arith.maxnumf %arg2, %arg3 : f32
// CHECK-NEXT: linalg.yield %21 : f32
// CHECK-NEXT: }
// CHECK-NEXT: %16 = builtin.unrealized_conversion_cast %arg1 : !tt.ptr<f32> to index
// CHECK-NEXT: %17 = ktdp.construct_memory_view %16, sizes: [8, 64], strides: [64, 1] {coordinate_set = #set2, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<8x64xf32>
// CHECK-NEXT: %18 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %19 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %20 = ktdp.construct_access_tile %17[%18, %19] {access_tile_order = #map1, access_tile_set = #set2} : memref<8x64xf32> -> !ktdp.access_tile<8x64xindex>
// CHECK-NEXT: ktdp.store %15, %20 : tensor<8x64xf32>, <8x64xindex>
// CHECK-NEXT: tt.return
// CHECK-NEXT: }
tt.func @reduce_middle(%a: !tt.ptr<f32>, %c: !tt.ptr<f32>) {
  %z = arith.constant 0 : i32
  %c8_i32 = arith.constant 8 : i32
  %c64_i32 = arith.constant 64 : i32
  %c128_i32 = arith.constant 128 : i32
  %c1_i64 = arith.constant 1 : i64
  %c64_i64 = arith.constant 64 : i64
  %c8192_i64 = arith.constant 8192 : i64
  %ad = tt.make_tensor_descriptor %a, [%c8_i32, %c128_i32, %c64_i32], [%c8192_i64, %c64_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<8x128x64xf32>
  tt.spyre_tensor_layout %ad {phys_src = array<i64: 2, 0, 1, 2>, phys_op = array<i64: 1, 0, 0, 2>, phys_arg = array<i64: 64, 0, 0, 64>} : !tt.tensordesc<8x128x64xf32>
  %av = tt.descriptor_load %ad[%z, %z, %z] : !tt.tensordesc<8x128x64xf32> -> tensor<8x128x64xf32>
  %r = "tt.reduce"(%av) ({
  ^bb0(%x: f32, %y: f32):
    %s = arith.maxnumf %x, %y : f32
    tt.reduce.return %s : f32
  }) {axis = 1 : i32} : (tensor<8x128x64xf32>) -> tensor<8x64xf32>
  %cd = tt.make_tensor_descriptor %c, [%c8_i32, %c64_i32], [%c64_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<8x64xf32>
  tt.descriptor_store %cd[%z, %z], %r : !tt.tensordesc<8x64xf32>, tensor<8x64xf32>
  tt.return
}

// -----

// Parallel floor dim: A [128, 64] stuck on M (physical [2, 64, 64]) puts
// the two sticks of M on the output rows, so an outer loop fills the
// accumulator slab by slab; the K axis is one stick, so the inner stick
// loop is inline (index 0).
// CHECK: #map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK: #map1 = affine_map<(d0, d1) -> (d0, d1)>
// CHECK: #set = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0, d2 >= 0, -d2 + 63 >= 0)>
// CHECK: #set1 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 63 >= 0)>
// CHECK: #set2 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 63 >= 0)>
// CHECK-LABEL: tt.func @matmul_parallel(
// CHECK-SAME: %arg0: !tt.ptr<f16>, %arg1: !tt.ptr<f16>, %arg2: !tt.ptr<f32>) {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg0 : !tt.ptr<f16> to index
// CHECK-NEXT: %1 = ktdp.construct_memory_view %0, sizes: [2, 64, 64], strides: [4096, 64, 1] {coordinate_set = #set, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<2x64x64xf16>
// CHECK-NEXT: %2 = ktdp.construct_memory_view %0, sizes: [128, 64], strides: [64, 1] {coordinate_set = #set1, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<128x64xf16>
// CHECK-NEXT: %3 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %4 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %c64 = arith.constant 64 : index
// CHECK-NEXT: %5 = arith.divsi %3, %c64 : index
// CHECK-NEXT: %c64_0 = arith.constant 64 : index
// CHECK-NEXT: %6 = arith.remsi %3, %c64_0 : index
// CHECK-NEXT: %7 = ktdp.construct_access_tile %1[%5, %4, %6] {access_tile_order = #map, access_tile_set = #set} : memref<2x64x64xf16> -> !ktdp.access_tile<2x64x64xindex>
// CHECK-NEXT: %8 = ktdp.load %7 : <2x64x64xindex> -> tensor<2x64x64xf16>
// CHECK-NEXT: %9 = builtin.unrealized_conversion_cast %arg1 : !tt.ptr<f16> to index
// CHECK-NEXT: %10 = ktdp.construct_memory_view %9, sizes: [64, 64], strides: [64, 1] {coordinate_set = #set2, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<64x64xf16>
// CHECK-NEXT: %11 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %12 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %13 = ktdp.construct_access_tile %10[%11, %12] {access_tile_order = #map1, access_tile_set = #set2} : memref<64x64xf16> -> !ktdp.access_tile<64x64xindex>
// CHECK-NEXT: %14 = ktdp.load %13 : <64x64xindex> -> tensor<64x64xf16>
// CHECK-NEXT: %15 = builtin.unrealized_conversion_cast %arg2 : !tt.ptr<f32> to index
// CHECK-NEXT: %16 = ktdp.construct_memory_view %15, sizes: [128, 64], strides: [64, 1] {coordinate_set = #set1, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<128x64xf32>
// CHECK-NEXT: %17 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %18 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %19 = ktdp.construct_access_tile %16[%17, %18] {access_tile_order = #map1, access_tile_set = #set1} : memref<128x64xf32> -> !ktdp.access_tile<128x64xindex>
// CHECK-NEXT: %20 = ktdp.load %19 : <128x64xindex> -> tensor<128x64xf32>
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %21 = scf.for %arg3 = %c0 to %c2 step %c1 iter_args(%arg4 = %20) -> (tensor<128x64xf32>) {
// CHECK-NEXT: %c64_1 = arith.constant 64 : index
// CHECK-NEXT: %25 = arith.muli %arg3, %c64_1 : index
// CHECK-NEXT: %26 = tensor.extract_slice %arg4[%25, 0] [64, 64] [1, 1] : tensor<128x64xf32> to tensor<64x64xf32>
// CHECK-NEXT: %c0_2 = arith.constant 0 : index
// CHECK-NEXT: %27 = tensor.extract_slice %8[%arg3, 0, 0] [1, 64, 64] [1, 1, 1] : tensor<2x64x64xf16> to tensor<64x64xf16>
// CHECK-NEXT: %28 = tensor.empty() : tensor<64x64xf16>
// CHECK-NEXT: %29 = linalg.transpose ins(%27 : tensor<64x64xf16>) outs(%28 : tensor<64x64xf16>) permutation = [1, 0]
// CHECK-NEXT: %30 = tensor.extract_slice %14[0, 0] [64, 64] [1, 1] : tensor<64x64xf16> to tensor<64x64xf16>
// CHECK-NEXT: %31 = linalg.matmul ins(%29, %30 : tensor<64x64xf16>, tensor<64x64xf16>) outs(%26 : tensor<64x64xf32>) -> tensor<64x64xf32>
// CHECK-NEXT: %32 = tensor.insert_slice %31 into %arg4[%25, 0] [64, 64] [1, 1] : tensor<64x64xf32> into tensor<128x64xf32>
// CHECK-NEXT: scf.yield %32 : tensor<128x64xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %22 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %23 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %24 = ktdp.construct_access_tile %16[%22, %23] {access_tile_order = #map1, access_tile_set = #set1} : memref<128x64xf32> -> !ktdp.access_tile<128x64xindex>
// CHECK-NEXT: ktdp.store %21, %24 : tensor<128x64xf32>, <128x64xindex>
// CHECK-NEXT: tt.return
// CHECK-NEXT: }
tt.func @matmul_parallel(%a: !tt.ptr<f16>, %b: !tt.ptr<f16>, %c: !tt.ptr<f32>) {
  %z = arith.constant 0 : i32
  %c64_i32 = arith.constant 64 : i32
  %c128_i32 = arith.constant 128 : i32
  %c64_i64 = arith.constant 64 : i64
  %c1_i64 = arith.constant 1 : i64
  %ad = tt.make_tensor_descriptor %a, [%c128_i32, %c64_i32], [%c64_i64, %c1_i64] : !tt.ptr<f16>, !tt.tensordesc<128x64xf16>
  tt.spyre_tensor_layout %ad {phys_src = array<i64: 0, 1, 0>, phys_op = array<i64: 1, 0, 2>, phys_arg = array<i64: 64, 0, 64>} : !tt.tensordesc<128x64xf16>
  %av = tt.descriptor_load %ad[%z, %z] : !tt.tensordesc<128x64xf16> -> tensor<128x64xf16>
  %bd = tt.make_tensor_descriptor %b, [%c64_i32, %c64_i32], [%c64_i64, %c1_i64] : !tt.ptr<f16>, !tt.tensordesc<64x64xf16>
  %bv = tt.descriptor_load %bd[%z, %z] : !tt.tensordesc<64x64xf16> -> tensor<64x64xf16>
  %cd = tt.make_tensor_descriptor %c, [%c128_i32, %c64_i32], [%c64_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<128x64xf32>
  %cv = tt.descriptor_load %cd[%z, %z] : !tt.tensordesc<128x64xf32> -> tensor<128x64xf32>
  %r = tt.dot %av, %bv, %cv : tensor<128x64xf16> * tensor<64x64xf16> -> tensor<128x64xf32>
  tt.descriptor_store %cd[%z, %z], %r : !tt.tensordesc<128x64xf32>, tensor<128x64xf32>
  tt.return
}

// -----

// Store sink: logical data (here loaded through an unannotated descriptor)
// stored to a stick-on-N tile is copied stick by stick into a tensor of the
// tile's shape: one insert_slice per stick in a loop over the floor dim.
// CHECK: #map = affine_map<(d0, d1) -> (d0, d1)>
// CHECK: #map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK: #set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 127 >= 0)>
// CHECK: #set1 = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0, d2 >= 0, -d2 + 63 >= 0)>
// CHECK-LABEL: tt.func @sink(
// CHECK-SAME: %arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>) {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg0 : !tt.ptr<f32> to index
// CHECK-NEXT: %1 = ktdp.construct_memory_view %0, sizes: [64, 128], strides: [128, 1] {coordinate_set = #set, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<64x128xf32>
// CHECK-NEXT: %2 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %3 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %4 = ktdp.construct_access_tile %1[%2, %3] {access_tile_order = #map, access_tile_set = #set} : memref<64x128xf32> -> !ktdp.access_tile<64x128xindex>
// CHECK-NEXT: %5 = ktdp.load %4 : <64x128xindex> -> tensor<64x128xf32>
// CHECK-NEXT: %6 = builtin.unrealized_conversion_cast %arg1 : !tt.ptr<f32> to index
// CHECK-NEXT: %7 = ktdp.construct_memory_view %6, sizes: [2, 64, 64], strides: [4096, 64, 1] {coordinate_set = #set1, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<2x64x64xf32>
// CHECK-NEXT: %8 = ktdp.construct_memory_view %6, sizes: [64, 128], strides: [128, 1] {coordinate_set = #set, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<64x128xf32>
// CHECK-NEXT: %9 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %10 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %c64 = arith.constant 64 : index
// CHECK-NEXT: %11 = arith.divsi %10, %c64 : index
// CHECK-NEXT: %c64_0 = arith.constant 64 : index
// CHECK-NEXT: %12 = arith.remsi %10, %c64_0 : index
// CHECK-NEXT: %13 = ktdp.construct_access_tile %7[%11, %9, %12] {access_tile_order = #map1, access_tile_set = #set1} : memref<2x64x64xf32> -> !ktdp.access_tile<2x64x64xindex>
// CHECK-NEXT: %14 = tensor.empty() : tensor<2x64x64xf32>
// CHECK-NEXT: %c64_1 = arith.constant 64 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %15 = scf.for %arg2 = %c0 to %c2 step %c1 iter_args(%arg3 = %14) -> (tensor<2x64x64xf32>) {
// CHECK-NEXT: %16 = arith.muli %arg2, %c64_1 : index
// CHECK-NEXT: %17 = tensor.extract_slice %5[0, %16] [64, 64] [1, 1] : tensor<64x128xf32> to tensor<64x64xf32>
// CHECK-NEXT: %18 = tensor.insert_slice %17 into %arg3[%arg2, 0, 0] [1, 64, 64] [1, 1, 1] : tensor<64x64xf32> into tensor<2x64x64xf32>
// CHECK-NEXT: scf.yield %18 : tensor<2x64x64xf32>
// CHECK-NEXT: }
// CHECK-NEXT: ktdp.store %15, %13 : tensor<2x64x64xf32>, <2x64x64xindex>
// CHECK-NEXT: tt.return
// CHECK-NEXT: }
tt.func @sink(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>) {
  %z = arith.constant 0 : i32
  %c64_i32 = arith.constant 64 : i32
  %c128_i32 = arith.constant 128 : i32
  %c128_i64 = arith.constant 128 : i64
  %c1_i64 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %p, [%c64_i32, %c128_i32], [%c128_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<64x128xf32>
  %x = tt.descriptor_load %d[%z, %z] : !tt.tensordesc<64x128xf32> -> tensor<64x128xf32>
  %o = tt.make_tensor_descriptor %q, [%c64_i32, %c128_i32], [%c128_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<64x128xf32>
  tt.spyre_tensor_layout %o {phys_src = array<i64: 1, 0, 1>, phys_op = array<i64: 1, 0, 2>, phys_arg = array<i64: 64, 0, 64>} : !tt.tensordesc<64x128xf32>
  tt.descriptor_store %o[%z, %z], %x : !tt.tensordesc<64x128xf32>, tensor<64x128xf32>
  tt.return
}

// -----

// Two floor dims (M by 32 and N by 64): the sink loops nest, so every
// (M stick, N stick) pair is copied, each dim with its own stick width.
// CHECK: #map = affine_map<(d0, d1) -> (d0, d1)>
// CHECK: #map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK: #set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 127 >= 0)>
// CHECK: #set1 = affine_set<(d0, d1, d2, d3) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 1 >= 0, d2 >= 0, -d2 + 31 >= 0, d3 >= 0, -d3 + 63 >= 0)>
// CHECK-LABEL: tt.func @sink_two_floor_dims(
// CHECK-SAME: %arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>) {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg0 : !tt.ptr<f32> to index
// CHECK-NEXT: %1 = ktdp.construct_memory_view %0, sizes: [64, 128], strides: [128, 1] {coordinate_set = #set, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<64x128xf32>
// CHECK-NEXT: %2 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %3 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %4 = ktdp.construct_access_tile %1[%2, %3] {access_tile_order = #map, access_tile_set = #set} : memref<64x128xf32> -> !ktdp.access_tile<64x128xindex>
// CHECK-NEXT: %5 = ktdp.load %4 : <64x128xindex> -> tensor<64x128xf32>
// CHECK-NEXT: %6 = builtin.unrealized_conversion_cast %arg1 : !tt.ptr<f32> to index
// CHECK-NEXT: %7 = ktdp.construct_memory_view %6, sizes: [2, 2, 32, 64], strides: [4096, 2048, 64, 1] {coordinate_set = #set1, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<2x2x32x64xf32>
// CHECK-NEXT: %8 = ktdp.construct_memory_view %6, sizes: [64, 128], strides: [128, 1] {coordinate_set = #set, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<64x128xf32>
// CHECK-NEXT: %9 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %10 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %c32 = arith.constant 32 : index
// CHECK-NEXT: %11 = arith.divsi %9, %c32 : index
// CHECK-NEXT: %c64 = arith.constant 64 : index
// CHECK-NEXT: %12 = arith.divsi %10, %c64 : index
// CHECK-NEXT: %c32_0 = arith.constant 32 : index
// CHECK-NEXT: %13 = arith.remsi %9, %c32_0 : index
// CHECK-NEXT: %c64_1 = arith.constant 64 : index
// CHECK-NEXT: %14 = arith.remsi %10, %c64_1 : index
// CHECK-NEXT: %15 = ktdp.construct_access_tile %7[%11, %12, %13, %14] {access_tile_order = #map1, access_tile_set = #set1} : memref<2x2x32x64xf32> -> !ktdp.access_tile<2x2x32x64xindex>
// CHECK-NEXT: %16 = tensor.empty() : tensor<2x2x32x64xf32>
// CHECK-NEXT: %c32_2 = arith.constant 32 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %17 = scf.for %arg2 = %c0 to %c2 step %c1 iter_args(%arg3 = %16) -> (tensor<2x2x32x64xf32>) {
// CHECK-NEXT: %18 = arith.muli %arg2, %c32_2 : index
// CHECK-NEXT: %c64_3 = arith.constant 64 : index
// CHECK-NEXT: %c0_4 = arith.constant 0 : index
// CHECK-NEXT: %c1_5 = arith.constant 1 : index
// CHECK-NEXT: %c2_6 = arith.constant 2 : index
// CHECK-NEXT: %19 = scf.for %arg4 = %c0_4 to %c2_6 step %c1_5 iter_args(%arg5 = %arg3) -> (tensor<2x2x32x64xf32>) {
// CHECK-NEXT: %20 = arith.muli %arg4, %c64_3 : index
// CHECK-NEXT: %21 = tensor.extract_slice %5[%18, %20] [32, 64] [1, 1] : tensor<64x128xf32> to tensor<32x64xf32>
// CHECK-NEXT: %22 = tensor.insert_slice %21 into %arg5[%arg2, %arg4, 0, 0] [1, 1, 32, 64] [1, 1, 1, 1] : tensor<32x64xf32> into tensor<2x2x32x64xf32>
// CHECK-NEXT: scf.yield %22 : tensor<2x2x32x64xf32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %19 : tensor<2x2x32x64xf32>
// CHECK-NEXT: }
// CHECK-NEXT: ktdp.store %17, %15 : tensor<2x2x32x64xf32>, <2x2x32x64xindex>
// CHECK-NEXT: tt.return
// CHECK-NEXT: }
tt.func @sink_two_floor_dims(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>) {
  %z = arith.constant 0 : i32
  %c64_i32 = arith.constant 64 : i32
  %c128_i32 = arith.constant 128 : i32
  %c128_i64 = arith.constant 128 : i64
  %c1_i64 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %p, [%c64_i32, %c128_i32], [%c128_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<64x128xf32>
  %x = tt.descriptor_load %d[%z, %z] : !tt.tensordesc<64x128xf32> -> tensor<64x128xf32>
  %o = tt.make_tensor_descriptor %q, [%c64_i32, %c128_i32], [%c128_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<64x128xf32>
  tt.spyre_tensor_layout %o {phys_src = array<i64: 0, 1, 0, 1>, phys_op = array<i64: 1, 1, 2, 2>, phys_arg = array<i64: 32, 64, 32, 64>} : !tt.tensordesc<64x128xf32>
  tt.descriptor_store %o[%z, %z], %x : !tt.tensordesc<64x128xf32>, tensor<64x128xf32>
  tt.return
}

// -----

// One logical value stored through two layouts (sticks of 64 and of 32):
// each store is sunk by the layout of its own tile.
// CHECK: #map = affine_map<(d0, d1) -> (d0, d1)>
// CHECK: #map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK: #set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 127 >= 0)>
// CHECK: #set1 = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0, d2 >= 0, -d2 + 63 >= 0)>
// CHECK: #set2 = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0, d2 >= 0, -d2 + 31 >= 0)>
// CHECK-LABEL: tt.func @sink_own_layout(
// CHECK-SAME: %arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: !tt.ptr<f32>) {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg0 : !tt.ptr<f32> to index
// CHECK-NEXT: %1 = ktdp.construct_memory_view %0, sizes: [64, 128], strides: [128, 1] {coordinate_set = #set, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<64x128xf32>
// CHECK-NEXT: %2 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %3 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %4 = ktdp.construct_access_tile %1[%2, %3] {access_tile_order = #map, access_tile_set = #set} : memref<64x128xf32> -> !ktdp.access_tile<64x128xindex>
// CHECK-NEXT: %5 = ktdp.load %4 : <64x128xindex> -> tensor<64x128xf32>
// CHECK-NEXT: %6 = builtin.unrealized_conversion_cast %arg1 : !tt.ptr<f32> to index
// CHECK-NEXT: %7 = ktdp.construct_memory_view %6, sizes: [2, 64, 64], strides: [4096, 64, 1] {coordinate_set = #set1, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<2x64x64xf32>
// CHECK-NEXT: %8 = ktdp.construct_memory_view %6, sizes: [64, 128], strides: [128, 1] {coordinate_set = #set, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<64x128xf32>
// CHECK-NEXT: %9 = builtin.unrealized_conversion_cast %arg2 : !tt.ptr<f32> to index
// CHECK-NEXT: %10 = ktdp.construct_memory_view %9, sizes: [4, 64, 32], strides: [2048, 32, 1] {coordinate_set = #set2, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<4x64x32xf32>
// CHECK-NEXT: %11 = ktdp.construct_memory_view %9, sizes: [64, 128], strides: [128, 1] {coordinate_set = #set, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<64x128xf32>
// CHECK-NEXT: %12 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %13 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %c32 = arith.constant 32 : index
// CHECK-NEXT: %14 = arith.divsi %13, %c32 : index
// CHECK-NEXT: %c32_0 = arith.constant 32 : index
// CHECK-NEXT: %15 = arith.remsi %13, %c32_0 : index
// CHECK-NEXT: %16 = ktdp.construct_access_tile %10[%14, %12, %15] {access_tile_order = #map1, access_tile_set = #set2} : memref<4x64x32xf32> -> !ktdp.access_tile<4x64x32xindex>
// CHECK-NEXT: %17 = tensor.empty() : tensor<4x64x32xf32>
// CHECK-NEXT: %c32_1 = arith.constant 32 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %18 = scf.for %arg3 = %c0 to %c4 step %c1 iter_args(%arg4 = %17) -> (tensor<4x64x32xf32>) {
// CHECK-NEXT: %26 = arith.muli %arg3, %c32_1 : index
// CHECK-NEXT: %27 = tensor.extract_slice %5[0, %26] [64, 32] [1, 1] : tensor<64x128xf32> to tensor<64x32xf32>
// CHECK-NEXT: %28 = tensor.insert_slice %27 into %arg4[%arg3, 0, 0] [1, 64, 32] [1, 1, 1] : tensor<64x32xf32> into tensor<4x64x32xf32>
// CHECK-NEXT: scf.yield %28 : tensor<4x64x32xf32>
// CHECK-NEXT: }
// CHECK-NEXT: ktdp.store %18, %16 : tensor<4x64x32xf32>, <4x64x32xindex>
// CHECK-NEXT: %19 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %20 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %c64 = arith.constant 64 : index
// CHECK-NEXT: %21 = arith.divsi %20, %c64 : index
// CHECK-NEXT: %c64_2 = arith.constant 64 : index
// CHECK-NEXT: %22 = arith.remsi %20, %c64_2 : index
// CHECK-NEXT: %23 = ktdp.construct_access_tile %7[%21, %19, %22] {access_tile_order = #map1, access_tile_set = #set1} : memref<2x64x64xf32> -> !ktdp.access_tile<2x64x64xindex>
// CHECK-NEXT: %24 = tensor.empty() : tensor<2x64x64xf32>
// CHECK-NEXT: %c64_3 = arith.constant 64 : index
// CHECK-NEXT: %c0_4 = arith.constant 0 : index
// CHECK-NEXT: %c1_5 = arith.constant 1 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %25 = scf.for %arg3 = %c0_4 to %c2 step %c1_5 iter_args(%arg4 = %24) -> (tensor<2x64x64xf32>) {
// CHECK-NEXT: %26 = arith.muli %arg3, %c64_3 : index
// CHECK-NEXT: %27 = tensor.extract_slice %5[0, %26] [64, 64] [1, 1] : tensor<64x128xf32> to tensor<64x64xf32>
// CHECK-NEXT: %28 = tensor.insert_slice %27 into %arg4[%arg3, 0, 0] [1, 64, 64] [1, 1, 1] : tensor<64x64xf32> into tensor<2x64x64xf32>
// CHECK-NEXT: scf.yield %28 : tensor<2x64x64xf32>
// CHECK-NEXT: }
// CHECK-NEXT: ktdp.store %25, %23 : tensor<2x64x64xf32>, <2x64x64xindex>
// CHECK-NEXT: tt.return
// CHECK-NEXT: }
tt.func @sink_own_layout(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>, %r: !tt.ptr<f32>) {
  %z = arith.constant 0 : i32
  %c64_i32 = arith.constant 64 : i32
  %c128_i32 = arith.constant 128 : i32
  %c128_i64 = arith.constant 128 : i64
  %c1_i64 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %p, [%c64_i32, %c128_i32], [%c128_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<64x128xf32>
  %x = tt.descriptor_load %d[%z, %z] : !tt.tensordesc<64x128xf32> -> tensor<64x128xf32>
  %o = tt.make_tensor_descriptor %q, [%c64_i32, %c128_i32], [%c128_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<64x128xf32>
  tt.spyre_tensor_layout %o {phys_src = array<i64: 1, 0, 1>, phys_op = array<i64: 1, 0, 2>, phys_arg = array<i64: 64, 0, 64>} : !tt.tensordesc<64x128xf32>
  %w = tt.make_tensor_descriptor %r, [%c64_i32, %c128_i32], [%c128_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<64x128xf32>
  tt.spyre_tensor_layout %w {phys_src = array<i64: 1, 0, 1>, phys_op = array<i64: 1, 0, 2>, phys_arg = array<i64: 32, 0, 32>} : !tt.tensordesc<64x128xf32>
  tt.descriptor_store %w[%z, %z], %x : !tt.tensordesc<64x128xf32>, tensor<64x128xf32>
  tt.descriptor_store %o[%z, %z], %x : !tt.tensordesc<64x128xf32>, tensor<64x128xf32>
  tt.return
}

// -----

// Elementwise users of two loads with the same layout take the physical
// type; a transpose of a physical load is absorbed into it and the matmul
// it feeds reads the load with its roles permuted.
// CHECK: #map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK: #map1 = affine_map<(d0, d1) -> (d0, d1)>
// CHECK: #set = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0, d2 >= 0, -d2 + 63 >= 0)>
// CHECK: #set1 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 63 >= 0)>
// CHECK-LABEL: tt.func @chain(
// CHECK-SAME: %arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: !tt.ptr<f32>) {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c64_i32 = arith.constant 64 : i32
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg0 : !tt.ptr<f32> to index
// CHECK-NEXT: %1 = ktdp.construct_memory_view %0, sizes: [1, 64, 64], strides: [4096, 64, 1] {coordinate_set = #set, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<1x64x64xf32>
// CHECK-NEXT: %2 = ktdp.construct_memory_view %0, sizes: [64, 64], strides: [64, 1] {coordinate_set = #set1, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<64x64xf32>
// CHECK-NEXT: %3 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %4 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %c64 = arith.constant 64 : index
// CHECK-NEXT: %5 = arith.divsi %4, %c64 : index
// CHECK-NEXT: %c64_0 = arith.constant 64 : index
// CHECK-NEXT: %6 = arith.remsi %4, %c64_0 : index
// CHECK-NEXT: %7 = ktdp.construct_access_tile %1[%5, %3, %6] {access_tile_order = #map, access_tile_set = #set} : memref<1x64x64xf32> -> !ktdp.access_tile<1x64x64xindex>
// CHECK-NEXT: %8 = ktdp.load %7 : <1x64x64xindex> -> tensor<1x64x64xf32>
// CHECK-NEXT: %9 = arith.index_cast %c64_i32 : i32 to index
// CHECK-NEXT: %10 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %c64_1 = arith.constant 64 : index
// CHECK-NEXT: %11 = arith.divsi %10, %c64_1 : index
// CHECK-NEXT: %c64_2 = arith.constant 64 : index
// CHECK-NEXT: %12 = arith.remsi %10, %c64_2 : index
// CHECK-NEXT: %13 = ktdp.construct_access_tile %1[%11, %9, %12] {access_tile_order = #map, access_tile_set = #set} : memref<1x64x64xf32> -> !ktdp.access_tile<1x64x64xindex>
// CHECK-NEXT: %14 = ktdp.load %13 : <1x64x64xindex> -> tensor<1x64x64xf32>
// CHECK-NEXT: %15 = arith.addf %8, %14 : tensor<1x64x64xf32>
// CHECK-NEXT: %16 = tensor.empty() : tensor<64x64xf32>
// CHECK-NEXT: %17 = builtin.unrealized_conversion_cast %arg1 : !tt.ptr<f32> to index
// CHECK-NEXT: %18 = ktdp.construct_memory_view %17, sizes: [64, 64], strides: [64, 1] {coordinate_set = #set1, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<64x64xf32>
// CHECK-NEXT: %19 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %20 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %21 = ktdp.construct_access_tile %18[%19, %20] {access_tile_order = #map1, access_tile_set = #set1} : memref<64x64xf32> -> !ktdp.access_tile<64x64xindex>
// CHECK-NEXT: %22 = ktdp.load %21 : <64x64xindex> -> tensor<64x64xf32>
// CHECK-NEXT: %23 = builtin.unrealized_conversion_cast %arg2 : !tt.ptr<f32> to index
// CHECK-NEXT: %24 = ktdp.construct_memory_view %23, sizes: [64, 64], strides: [64, 1] {coordinate_set = #set1, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<64x64xf32>
// CHECK-NEXT: %25 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %26 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %27 = ktdp.construct_access_tile %24[%25, %26] {access_tile_order = #map1, access_tile_set = #set1} : memref<64x64xf32> -> !ktdp.access_tile<64x64xindex>
// CHECK-NEXT: %28 = ktdp.load %27 : <64x64xindex> -> tensor<64x64xf32>
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %29 = tensor.extract_slice %15[0, 0, 0] [1, 64, 64] [1, 1, 1] : tensor<1x64x64xf32> to tensor<64x64xf32>
// CHECK-NEXT: %30 = tensor.empty() : tensor<64x64xf32>
// CHECK-NEXT: %31 = linalg.transpose ins(%29 : tensor<64x64xf32>) outs(%30 : tensor<64x64xf32>) permutation = [1, 0]
// CHECK-NEXT: %32 = tensor.extract_slice %22[0, 0] [64, 64] [1, 1] : tensor<64x64xf32> to tensor<64x64xf32>
// CHECK-NEXT: %33 = linalg.matmul ins(%31, %32 : tensor<64x64xf32>, tensor<64x64xf32>) outs(%28 : tensor<64x64xf32>) -> tensor<64x64xf32>
// CHECK-NEXT: %34 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %35 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %36 = ktdp.construct_access_tile %24[%34, %35] {access_tile_order = #map1, access_tile_set = #set1} : memref<64x64xf32> -> !ktdp.access_tile<64x64xindex>
// CHECK-NEXT: ktdp.store %33, %36 : tensor<64x64xf32>, <64x64xindex>
// CHECK-NEXT: tt.return
// CHECK-NEXT: }
tt.func @chain(%a: !tt.ptr<f32>, %b: !tt.ptr<f32>, %c: !tt.ptr<f32>) {
  %z = arith.constant 0 : i32
  %c64_i32 = arith.constant 64 : i32
  %c64_i64 = arith.constant 64 : i64
  %c1_i64 = arith.constant 1 : i64
  %ad = tt.make_tensor_descriptor %a, [%c64_i32, %c64_i32], [%c64_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<64x64xf32>
  tt.spyre_tensor_layout %ad {phys_src = array<i64: 1, 0, 1>, phys_op = array<i64: 1, 0, 2>, phys_arg = array<i64: 64, 0, 64>} : !tt.tensordesc<64x64xf32>
  %x = tt.descriptor_load %ad[%z, %z] : !tt.tensordesc<64x64xf32> -> tensor<64x64xf32>
  %y = tt.descriptor_load %ad[%c64_i32, %z] : !tt.tensordesc<64x64xf32> -> tensor<64x64xf32>
  %s = arith.addf %x, %y : tensor<64x64xf32>
  %t = tt.trans %s {order = array<i32: 1, 0>} : tensor<64x64xf32> -> tensor<64x64xf32>
  %bd = tt.make_tensor_descriptor %b, [%c64_i32, %c64_i32], [%c64_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<64x64xf32>
  %bv = tt.descriptor_load %bd[%z, %z] : !tt.tensordesc<64x64xf32> -> tensor<64x64xf32>
  %cd = tt.make_tensor_descriptor %c, [%c64_i32, %c64_i32], [%c64_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<64x64xf32>
  %cv = tt.descriptor_load %cd[%z, %z] : !tt.tensordesc<64x64xf32> -> tensor<64x64xf32>
  %r = tt.dot %t, %bv, %cv : tensor<64x64xf32> * tensor<64x64xf32> -> tensor<64x64xf32>
  tt.descriptor_store %cd[%z, %z], %r : !tt.tensordesc<64x64xf32>, tensor<64x64xf32>
  tt.return
}
