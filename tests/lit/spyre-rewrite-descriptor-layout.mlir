// rewrite-descriptor-layout, phase 1 (spyre-lowering spec 2.4, 5.2, 5.3, 5.5,
// 5.7): views, direct and indirect access tiles and loads of a descriptor
// with a tt.spyre_tensor_layout marker move to the physical shape; the
// synthesis of matmul, batch_matmul, reduce and store sinks is in
// spyre-rewrite-descriptor-layout-synth.mlir, errors in
// spyre-rewrite-descriptor-layout-invalid.mlir.
// RUN: ttxform %s --split-input-file --lower-descriptor-memory --lower-compute-ops --rewrite-descriptor-layout | FileCheck %s
// RUN: ttxform %s --split-input-file --lower-descriptor-memory --lower-compute-ops --rewrite-descriptor-layout | ttxform --split-input-file | FileCheck %s
// data-layout=host: the same tiles over views whose strides come from the
// logical strides (floordiv: stride * stick), so addresses are unchanged.
// RUN: ttxform %s --split-input-file --lower-descriptor-memory --lower-compute-ops --rewrite-descriptor-layout=data-layout=host | FileCheck %s --check-prefix=HOST
// HOST-LABEL: tt.func @stick_on_n(
// HOST: ktdp.construct_memory_view %0, sizes: [2, 128, 64], strides: [64, 128, 1]
// HOST: ktdp.construct_memory_view %10, sizes: [2, 128, 64], strides: [64, 128, 1]
// HOST-LABEL: tt.func @dynamic(
// HOST: %[[C64:.+]] = arith.constant 64 : index
// HOST-NEXT: %[[N:.+]] = arith.ceildivsi %2, %[[C64]] : index
// HOST-NEXT: ktdp.construct_memory_view %0, sizes: [%[[N]], %1, 64], strides: [64, %3, 1] {{.*}} : memref<?x?x64xf32>
// HOST-LABEL: tt.func @loop_rescale(
// HOST: sizes: [8, 64, 64], strides: [64, 512, 1]
// HOST-LABEL: tt.func @gather(
// HOST: sizes: [2, 256, 64], strides: [64, 128, 1]

// Stick on N, data-layout device: the physical view [N/64, M, 64] with
// row-major strides goes before the logical view (which stays, dead); the
// tile takes divsi / remsi indices; the load gets the physical type and the
// store only its tile; marker and bridge cast are gone.
// CHECK: #map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK: #set = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 127 >= 0, d2 >= 0, -d2 + 63 >= 0)>
// CHECK: #set1 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 127 >= 0)>
// CHECK: #set2 = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0, d2 >= 0, -d2 + 63 >= 0)>
// CHECK-LABEL: tt.func @stick_on_n(
// CHECK-SAME: %arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: i32, %arg3: i32) {
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg0 : !tt.ptr<f32> to index
// CHECK-NEXT: %1 = ktdp.construct_memory_view %0, sizes: [2, 128, 64], strides: [8192, 64, 1] {coordinate_set = #set, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<2x128x64xf32>
// CHECK-NEXT: %2 = ktdp.construct_memory_view %0, sizes: [128, 128], strides: [128, 1] {coordinate_set = #set1, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<128x128xf32>
// CHECK-NEXT: %3 = arith.index_cast %arg2 : i32 to index
// CHECK-NEXT: %4 = arith.index_cast %arg3 : i32 to index
// CHECK-NEXT: %c64 = arith.constant 64 : index
// CHECK-NEXT: %5 = arith.divsi %4, %c64 : index
// CHECK-NEXT: %c64_0 = arith.constant 64 : index
// CHECK-NEXT: %6 = arith.remsi %4, %c64_0 : index
// CHECK-NEXT: %7 = ktdp.construct_access_tile %1[%5, %3, %6] {access_tile_order = #map, access_tile_set = #set2} : memref<2x128x64xf32> -> !ktdp.access_tile<2x64x64xindex>
// CHECK-NEXT: %8 = ktdp.load %7 : <2x64x64xindex> -> tensor<2x64x64xf32>
// CHECK-NEXT: %9 = arith.negf %8 : tensor<2x64x64xf32>
// CHECK-NEXT: %10 = builtin.unrealized_conversion_cast %arg1 : !tt.ptr<f32> to index
// CHECK-NEXT: %11 = ktdp.construct_memory_view %10, sizes: [2, 128, 64], strides: [8192, 64, 1] {coordinate_set = #set, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<2x128x64xf32>
// CHECK-NEXT: %12 = ktdp.construct_memory_view %10, sizes: [128, 128], strides: [128, 1] {coordinate_set = #set1, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<128x128xf32>
// CHECK-NEXT: %13 = arith.index_cast %arg2 : i32 to index
// CHECK-NEXT: %14 = arith.index_cast %arg3 : i32 to index
// CHECK-NEXT: %c64_1 = arith.constant 64 : index
// CHECK-NEXT: %15 = arith.divsi %14, %c64_1 : index
// CHECK-NEXT: %c64_2 = arith.constant 64 : index
// CHECK-NEXT: %16 = arith.remsi %14, %c64_2 : index
// CHECK-NEXT: %17 = ktdp.construct_access_tile %11[%15, %13, %16] {access_tile_order = #map, access_tile_set = #set2} : memref<2x128x64xf32> -> !ktdp.access_tile<2x64x64xindex>
// CHECK-NEXT: ktdp.store %9, %17 : tensor<2x64x64xf32>, <2x64x64xindex>
// CHECK-NEXT: tt.return
// CHECK-NEXT: }
tt.func @stick_on_n(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>, %i: i32, %j: i32) {
  %c128_i32 = arith.constant 128 : i32
  %c128_i64 = arith.constant 128 : i64
  %c1_i64 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %p, [%c128_i32, %c128_i32], [%c128_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<64x128xf32>
  tt.spyre_tensor_layout %d {phys_src = array<i64: 1, 0, 1>, phys_op = array<i64: 1, 0, 2>, phys_arg = array<i64: 64, 0, 64>} : !tt.tensordesc<64x128xf32>
  %x = tt.descriptor_load %d[%i, %j] : !tt.tensordesc<64x128xf32> -> tensor<64x128xf32>
  %n = arith.negf %x : tensor<64x128xf32>
  %e = tt.make_tensor_descriptor %q, [%c128_i32, %c128_i32], [%c128_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<64x128xf32>
  tt.spyre_tensor_layout %e {phys_src = array<i64: 1, 0, 1>, phys_op = array<i64: 1, 0, 2>, phys_arg = array<i64: 64, 0, 64>} : !tt.tensordesc<64x128xf32>
  tt.descriptor_store %e[%i, %j], %n : !tt.tensordesc<64x128xf32>, tensor<64x128xf32>
  tt.return
}

// -----

// Dynamic sizes: device strides are an arith.muli chain from 1 over the
// inner physical sizes (the floordiv size is a ceildivsi); host strides
// come from the logical ones (floordiv: times the stick).
// CHECK: #map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK: #set = affine_set<(d0, d1, d2)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0, d2 >= 0, -d2 + 63 >= 0)>
// CHECK: #set1 = affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>
// CHECK: #set2 = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 31 >= 0, d2 >= 0, -d2 + 63 >= 0)>
// CHECK-LABEL: tt.func @dynamic(
// CHECK-SAME: %arg0: !tt.ptr<f32>, %arg1: i32, %arg2: i32, %arg3: i64) {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg0 : !tt.ptr<f32> to index
// CHECK-NEXT: %1 = arith.index_cast %arg1 : i32 to index
// CHECK-NEXT: %2 = arith.index_cast %arg2 : i32 to index
// CHECK-NEXT: %3 = arith.index_cast %arg3 : i64 to index
// CHECK-NEXT: %c64 = arith.constant 64 : index
// CHECK-NEXT: %4 = arith.ceildivsi %2, %c64 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c64_0 = arith.constant 64 : index
// CHECK-NEXT: %5 = arith.muli %c1, %c64_0 : index
// CHECK-NEXT: %6 = arith.muli %5, %1 : index
// CHECK-NEXT: %7 = ktdp.construct_memory_view %0, sizes: [%4, %1, 64], strides: [%6, %5, %c1] {coordinate_set = #set, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<?x?x64xf32>
// CHECK-NEXT: %8 = ktdp.construct_memory_view %0, sizes: [%1, %2], strides: [%3, 1] {coordinate_set = #set1, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<?x?xf32>
// CHECK-NEXT: %9 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %10 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %c64_1 = arith.constant 64 : index
// CHECK-NEXT: %11 = arith.divsi %10, %c64_1 : index
// CHECK-NEXT: %c64_2 = arith.constant 64 : index
// CHECK-NEXT: %12 = arith.remsi %10, %c64_2 : index
// CHECK-NEXT: %13 = ktdp.construct_access_tile %7[%11, %9, %12] {access_tile_order = #map, access_tile_set = #set2} : memref<?x?x64xf32> -> !ktdp.access_tile<1x32x64xindex>
// CHECK-NEXT: %14 = ktdp.load %13 : <1x32x64xindex> -> tensor<1x32x64xf32>
// CHECK-NEXT: %15 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %16 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %c64_3 = arith.constant 64 : index
// CHECK-NEXT: %17 = arith.divsi %16, %c64_3 : index
// CHECK-NEXT: %c64_4 = arith.constant 64 : index
// CHECK-NEXT: %18 = arith.remsi %16, %c64_4 : index
// CHECK-NEXT: %19 = ktdp.construct_access_tile %7[%17, %15, %18] {access_tile_order = #map, access_tile_set = #set2} : memref<?x?x64xf32> -> !ktdp.access_tile<1x32x64xindex>
// CHECK-NEXT: ktdp.store %14, %19 : tensor<1x32x64xf32>, <1x32x64xindex>
// CHECK-NEXT: tt.return
// CHECK-NEXT: }
tt.func @dynamic(%p: !tt.ptr<f32>, %m: i32, %n: i32, %sm: i64) {
  %c0_i32 = arith.constant 0 : i32
  %c1_i64 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %p, [%m, %n], [%sm, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<32x64xf32>
  tt.spyre_tensor_layout %d {phys_src = array<i64: 1, 0, 1>, phys_op = array<i64: 1, 0, 2>, phys_arg = array<i64: 64, 0, 64>} : !tt.tensordesc<32x64xf32>
  %x = tt.descriptor_load %d[%c0_i32, %c0_i32] : !tt.tensordesc<32x64xf32> -> tensor<32x64xf32>
  tt.descriptor_store %d[%c0_i32, %c0_i32], %x : !tt.tensordesc<32x64xf32>, tensor<32x64xf32>
  tt.return
}

// -----

// A block loop: the IV times the block (two sticks of 64) drives the
// floordiv dim, so the loop is rescaled to sticks (bounds and step times 2),
// the IV is the stick index and only that multiply's constant is halved;
// the other user of %c128_i32 (an unannotated load's index) keeps it.
// CHECK: #map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK: #map1 = affine_map<(d0, d1) -> (d0, d1)>
// CHECK: #set = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0, d2 >= 0, -d2 + 63 >= 0)>
// CHECK: #set1 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 511 >= 0)>
// CHECK: #set2 = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0, d2 >= 0, -d2 + 63 >= 0)>
// CHECK: #set3 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 127 >= 0)>
// CHECK-LABEL: tt.func @loop_rescale(
// CHECK-SAME: %arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>) {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %c4_i32 = arith.constant 4 : i32
// CHECK-NEXT: %c128_i32 = arith.constant 128 : i32
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg0 : !tt.ptr<f32> to index
// CHECK-NEXT: %1 = ktdp.construct_memory_view %0, sizes: [8, 64, 64], strides: [4096, 64, 1] {coordinate_set = #set, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<8x64x64xf32>
// CHECK-NEXT: %2 = ktdp.construct_memory_view %0, sizes: [64, 512], strides: [512, 1] {coordinate_set = #set1, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<64x512xf32>
// CHECK-NEXT: %3 = builtin.unrealized_conversion_cast %arg1 : !tt.ptr<f32> to index
// CHECK-NEXT: %4 = ktdp.construct_memory_view %3, sizes: [64, 512], strides: [512, 1] {coordinate_set = #set1, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<64x512xf32>
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: %5 = arith.muli %c0_i32, %c2_i32 : i32
// CHECK-NEXT: %6 = arith.muli %c4_i32, %c2_i32 : i32
// CHECK-NEXT: %7 = arith.muli %c1_i32, %c2_i32 : i32
// CHECK-NEXT: scf.for %arg2 = %5 to %6 step %7  : i32 {
// CHECK-NEXT: %c64_i32 = arith.constant 64 : i32
// CHECK-NEXT: %8 = arith.muli %arg2, %c64_i32 : i32
// CHECK-NEXT: %9 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %10 = arith.index_cast %8 : i32 to index
// CHECK-NEXT: %11 = arith.index_cast %arg2 : i32 to index
// CHECK-NEXT: %c64 = arith.constant 64 : index
// CHECK-NEXT: %12 = arith.remsi %10, %c64 : index
// CHECK-NEXT: %13 = ktdp.construct_access_tile %1[%11, %9, %12] {access_tile_order = #map, access_tile_set = #set2} : memref<8x64x64xf32> -> !ktdp.access_tile<2x64x64xindex>
// CHECK-NEXT: %14 = ktdp.load %13 : <2x64x64xindex> -> tensor<2x64x64xf32>
// CHECK-NEXT: %15 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %16 = arith.index_cast %8 : i32 to index
// CHECK-NEXT: %17 = arith.index_cast %arg2 : i32 to index
// CHECK-NEXT: %c64_0 = arith.constant 64 : index
// CHECK-NEXT: %18 = arith.remsi %16, %c64_0 : index
// CHECK-NEXT: %19 = ktdp.construct_access_tile %1[%17, %15, %18] {access_tile_order = #map, access_tile_set = #set2} : memref<8x64x64xf32> -> !ktdp.access_tile<2x64x64xindex>
// CHECK-NEXT: ktdp.store %14, %19 : tensor<2x64x64xf32>, <2x64x64xindex>
// CHECK-NEXT: %20 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %21 = arith.index_cast %c128_i32 : i32 to index
// CHECK-NEXT: %22 = ktdp.construct_access_tile %4[%20, %21] {access_tile_order = #map1, access_tile_set = #set3} : memref<64x512xf32> -> !ktdp.access_tile<64x128xindex>
// CHECK-NEXT: %23 = ktdp.load %22 : <64x128xindex> -> tensor<64x128xf32>
// CHECK-NEXT: %24 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %25 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %26 = ktdp.construct_access_tile %4[%24, %25] {access_tile_order = #map1, access_tile_set = #set3} : memref<64x512xf32> -> !ktdp.access_tile<64x128xindex>
// CHECK-NEXT: ktdp.store %23, %26 : tensor<64x128xf32>, <64x128xindex>
// CHECK-NEXT: }
// CHECK-NEXT: tt.return
// CHECK-NEXT: }
tt.func @loop_rescale(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>) {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c4_i32 = arith.constant 4 : i32
  %c64_i32 = arith.constant 64 : i32
  %c128_i32 = arith.constant 128 : i32
  %c512_i32 = arith.constant 512 : i32
  %c512_i64 = arith.constant 512 : i64
  %c1_i64 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %p, [%c64_i32, %c512_i32], [%c512_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<64x128xf32>
  tt.spyre_tensor_layout %d {phys_src = array<i64: 1, 0, 1>, phys_op = array<i64: 1, 0, 2>, phys_arg = array<i64: 64, 0, 64>} : !tt.tensordesc<64x128xf32>
  %u = tt.make_tensor_descriptor %q, [%c64_i32, %c512_i32], [%c512_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<64x128xf32>
  scf.for %b = %c0_i32 to %c4_i32 step %c1_i32 : i32 {
    %off = arith.muli %b, %c128_i32 : i32
    %x = tt.descriptor_load %d[%c0_i32, %off] : !tt.tensordesc<64x128xf32> -> tensor<64x128xf32>
    tt.descriptor_store %d[%c0_i32, %off], %x : !tt.tensordesc<64x128xf32>, tensor<64x128xf32>
    %y = tt.descriptor_load %u[%c0_i32, %c128_i32] : !tt.tensordesc<64x128xf32> -> tensor<64x128xf32>
    tt.descriptor_store %u[%c0_i32, %c0_i32], %y : !tt.tensordesc<64x128xf32>, tensor<64x128xf32>
  }
  tt.return
}

// -----

// Indices that are not exactly IV * block keep the exact divsi / remsi form
// and leave the loop alone: an offset added after the multiply, a multiply
// by another constant, and an IV with another user.
// CHECK: #map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK: #set = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 63 >= 0, d2 >= 0, -d2 + 63 >= 0)>
// CHECK: #set1 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 1023 >= 0)>
// CHECK: #set2 = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0, d2 >= 0, -d2 + 63 >= 0)>
// CHECK-LABEL: tt.func @loop_not_rescaled(
// CHECK-SAME: %arg0: !tt.ptr<f32>) {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: %c64_i32 = arith.constant 64 : i32
// CHECK-NEXT: %c128_i32 = arith.constant 128 : i32
// CHECK-NEXT: %c256_i32 = arith.constant 256 : i32
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg0 : !tt.ptr<f32> to index
// CHECK-NEXT: %1 = ktdp.construct_memory_view %0, sizes: [16, 64, 64], strides: [4096, 64, 1] {coordinate_set = #set, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<16x64x64xf32>
// CHECK-NEXT: %2 = ktdp.construct_memory_view %0, sizes: [64, 1024], strides: [1024, 1] {coordinate_set = #set1, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<64x1024xf32>
// CHECK-NEXT: scf.for %arg1 = %c0_i32 to %c2_i32 step %c1_i32  : i32 {
// CHECK-NEXT: %3 = arith.muli %arg1, %c128_i32 : i32
// CHECK-NEXT: %4 = arith.addi %3, %c64_i32 : i32
// CHECK-NEXT: %5 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %6 = arith.index_cast %4 : i32 to index
// CHECK-NEXT: %c64 = arith.constant 64 : index
// CHECK-NEXT: %7 = arith.divsi %6, %c64 : index
// CHECK-NEXT: %c64_0 = arith.constant 64 : index
// CHECK-NEXT: %8 = arith.remsi %6, %c64_0 : index
// CHECK-NEXT: %9 = ktdp.construct_access_tile %1[%7, %5, %8] {access_tile_order = #map, access_tile_set = #set2} : memref<16x64x64xf32> -> !ktdp.access_tile<2x64x64xindex>
// CHECK-NEXT: %10 = ktdp.load %9 : <2x64x64xindex> -> tensor<2x64x64xf32>
// CHECK-NEXT: %11 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %12 = arith.index_cast %4 : i32 to index
// CHECK-NEXT: %c64_1 = arith.constant 64 : index
// CHECK-NEXT: %13 = arith.divsi %12, %c64_1 : index
// CHECK-NEXT: %c64_2 = arith.constant 64 : index
// CHECK-NEXT: %14 = arith.remsi %12, %c64_2 : index
// CHECK-NEXT: %15 = ktdp.construct_access_tile %1[%13, %11, %14] {access_tile_order = #map, access_tile_set = #set2} : memref<16x64x64xf32> -> !ktdp.access_tile<2x64x64xindex>
// CHECK-NEXT: ktdp.store %10, %15 : tensor<2x64x64xf32>, <2x64x64xindex>
// CHECK-NEXT: }
// CHECK-NEXT: scf.for %arg1 = %c0_i32 to %c2_i32 step %c1_i32  : i32 {
// CHECK-NEXT: %3 = arith.muli %arg1, %c256_i32 : i32
// CHECK-NEXT: %4 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %5 = arith.index_cast %3 : i32 to index
// CHECK-NEXT: %c64 = arith.constant 64 : index
// CHECK-NEXT: %6 = arith.divsi %5, %c64 : index
// CHECK-NEXT: %c64_0 = arith.constant 64 : index
// CHECK-NEXT: %7 = arith.remsi %5, %c64_0 : index
// CHECK-NEXT: %8 = ktdp.construct_access_tile %1[%6, %4, %7] {access_tile_order = #map, access_tile_set = #set2} : memref<16x64x64xf32> -> !ktdp.access_tile<2x64x64xindex>
// CHECK-NEXT: %9 = ktdp.load %8 : <2x64x64xindex> -> tensor<2x64x64xf32>
// CHECK-NEXT: %10 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %11 = arith.index_cast %3 : i32 to index
// CHECK-NEXT: %c64_1 = arith.constant 64 : index
// CHECK-NEXT: %12 = arith.divsi %11, %c64_1 : index
// CHECK-NEXT: %c64_2 = arith.constant 64 : index
// CHECK-NEXT: %13 = arith.remsi %11, %c64_2 : index
// CHECK-NEXT: %14 = ktdp.construct_access_tile %1[%12, %10, %13] {access_tile_order = #map, access_tile_set = #set2} : memref<16x64x64xf32> -> !ktdp.access_tile<2x64x64xindex>
// CHECK-NEXT: ktdp.store %9, %14 : tensor<2x64x64xf32>, <2x64x64xindex>
// CHECK-NEXT: }
// CHECK-NEXT: scf.for %arg1 = %c0_i32 to %c2_i32 step %c1_i32  : i32 {
// CHECK-NEXT: %3 = arith.muli %arg1, %c128_i32 : i32
// CHECK-NEXT: %4 = arith.addi %arg1, %c1_i32 : i32
// CHECK-NEXT: %5 = arith.index_cast %4 : i32 to index
// CHECK-NEXT: %6 = arith.index_cast %3 : i32 to index
// CHECK-NEXT: %c64 = arith.constant 64 : index
// CHECK-NEXT: %7 = arith.divsi %6, %c64 : index
// CHECK-NEXT: %c64_0 = arith.constant 64 : index
// CHECK-NEXT: %8 = arith.remsi %6, %c64_0 : index
// CHECK-NEXT: %9 = ktdp.construct_access_tile %1[%7, %5, %8] {access_tile_order = #map, access_tile_set = #set2} : memref<16x64x64xf32> -> !ktdp.access_tile<2x64x64xindex>
// CHECK-NEXT: %10 = ktdp.load %9 : <2x64x64xindex> -> tensor<2x64x64xf32>
// CHECK-NEXT: %11 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %12 = arith.index_cast %3 : i32 to index
// CHECK-NEXT: %c64_1 = arith.constant 64 : index
// CHECK-NEXT: %13 = arith.divsi %12, %c64_1 : index
// CHECK-NEXT: %c64_2 = arith.constant 64 : index
// CHECK-NEXT: %14 = arith.remsi %12, %c64_2 : index
// CHECK-NEXT: %15 = ktdp.construct_access_tile %1[%13, %11, %14] {access_tile_order = #map, access_tile_set = #set2} : memref<16x64x64xf32> -> !ktdp.access_tile<2x64x64xindex>
// CHECK-NEXT: ktdp.store %10, %15 : tensor<2x64x64xf32>, <2x64x64xindex>
// CHECK-NEXT: }
// CHECK-NEXT: tt.return
// CHECK-NEXT: }
tt.func @loop_not_rescaled(%p: !tt.ptr<f32>) {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %c64_i32 = arith.constant 64 : i32
  %c128_i32 = arith.constant 128 : i32
  %c256_i32 = arith.constant 256 : i32
  %c1024_i32 = arith.constant 1024 : i32
  %c1024_i64 = arith.constant 1024 : i64
  %c1_i64 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %p, [%c64_i32, %c1024_i32], [%c1024_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<64x128xf32>
  tt.spyre_tensor_layout %d {phys_src = array<i64: 1, 0, 1>, phys_op = array<i64: 1, 0, 2>, phys_arg = array<i64: 64, 0, 64>} : !tt.tensordesc<64x128xf32>
  scf.for %b = %c0_i32 to %c2_i32 step %c1_i32 : i32 {
    %o = arith.muli %b, %c128_i32 : i32
    %off = arith.addi %o, %c64_i32 : i32
    %x = tt.descriptor_load %d[%c0_i32, %off] : !tt.tensordesc<64x128xf32> -> tensor<64x128xf32>
    tt.descriptor_store %d[%c0_i32, %off], %x : !tt.tensordesc<64x128xf32>, tensor<64x128xf32>
  }
  scf.for %b = %c0_i32 to %c2_i32 step %c1_i32 : i32 {
    %off = arith.muli %b, %c256_i32 : i32
    %x = tt.descriptor_load %d[%c0_i32, %off] : !tt.tensordesc<64x128xf32> -> tensor<64x128xf32>
    tt.descriptor_store %d[%c0_i32, %off], %x : !tt.tensordesc<64x128xf32>, tensor<64x128xf32>
  }
  scf.for %b = %c0_i32 to %c2_i32 step %c1_i32 : i32 {
    %off = arith.muli %b, %c128_i32 : i32
    %r = arith.addi %b, %c1_i32 : i32
    %x = tt.descriptor_load %d[%r, %off] : !tt.tensordesc<64x128xf32> -> tensor<64x128xf32>
    tt.descriptor_store %d[%c0_i32, %off], %x : !tt.tensordesc<64x128xf32>, tensor<64x128xf32>
  }
  tt.return
}

// -----

// Gather through a stick-on-N layout: the indirect tile gets one
// intermediate variable per physical dim; the row stays indirect and the
// column is rebuilt as v0 * 64 + v2, then split by floordiv / mod 64.
// CHECK: #map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK: #set = affine_set<(d0) : (d0 >= 0, -d0 + 15 >= 0)>
// CHECK: #set1 = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 255 >= 0, d2 >= 0, -d2 + 63 >= 0)>
// CHECK: #set2 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 255 >= 0, d1 >= 0, -d1 + 127 >= 0)>
// CHECK: #set3 = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 15 >= 0, d2 >= 0, -d2 + 63 >= 0)>
// CHECK: #set4 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 127 >= 0)>
// CHECK-LABEL: tt.func @gather(
// CHECK-SAME: %arg0: !tt.ptr<f32>, %arg1: !tt.ptr<i32>, %arg2: !tt.ptr<f32>) {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg1 : !tt.ptr<i32> to index
// CHECK-NEXT: %1 = ktdp.construct_memory_view %0, sizes: [16], strides: [1] {coordinate_set = #set, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<16xi32>
// CHECK-NEXT: %2 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %3 = builtin.unrealized_conversion_cast %arg0 : !tt.ptr<f32> to index
// CHECK-NEXT: %4 = ktdp.construct_memory_view %3, sizes: [2, 256, 64], strides: [16384, 64, 1] {coordinate_set = #set1, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<2x256x64xf32>
// CHECK-NEXT: %5 = ktdp.construct_memory_view %3, sizes: [256, 128], strides: [128, 1] {coordinate_set = #set2, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<256x128xf32>
// CHECK-NEXT: %6 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %7 = ktdp.construct_indirect_access_tile intermediate_variables(%8, %9, %10) %4[((%6 + %8 * 64 + %10) floordiv 64), ind(%1[%2 + %9]), ((%6 + %8 * 64 + %10) mod 64)] {variables_space_order = #map, variables_space_set = #set3} : memref<2x256x64xf32>, memref<16xi32> -> !ktdp.access_tile<2x16x64xindex>
// CHECK-NEXT: %11 = ktdp.load %7 : <2x16x64xindex> -> tensor<2x16x64xf32>
// CHECK-NEXT: %12 = builtin.unrealized_conversion_cast %arg2 : !tt.ptr<f32> to index
// CHECK-NEXT: %13 = ktdp.construct_memory_view %12, sizes: [2, 16, 64], strides: [1024, 64, 1] {coordinate_set = #set3, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<2x16x64xf32>
// CHECK-NEXT: %14 = ktdp.construct_memory_view %12, sizes: [16, 128], strides: [128, 1] {coordinate_set = #set4, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<16x128xf32>
// CHECK-NEXT: %15 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %16 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %c64 = arith.constant 64 : index
// CHECK-NEXT: %17 = arith.divsi %16, %c64 : index
// CHECK-NEXT: %c64_0 = arith.constant 64 : index
// CHECK-NEXT: %18 = arith.remsi %16, %c64_0 : index
// CHECK-NEXT: %19 = ktdp.construct_access_tile %13[%17, %15, %18] {access_tile_order = #map, access_tile_set = #set3} : memref<2x16x64xf32> -> !ktdp.access_tile<2x16x64xindex>
// CHECK-NEXT: ktdp.store %11, %19 : tensor<2x16x64xf32>, <2x16x64xindex>
// CHECK-NEXT: tt.return
// CHECK-NEXT: }
tt.func @gather(%p: !tt.ptr<f32>, %ip: !tt.ptr<i32>, %q: !tt.ptr<f32>) {
  %c0_i32 = arith.constant 0 : i32
  %c16_i32 = arith.constant 16 : i32
  %c256_i32 = arith.constant 256 : i32
  %c128_i32 = arith.constant 128 : i32
  %c128_i64 = arith.constant 128 : i64
  %c1_i64 = arith.constant 1 : i64
  %id = tt.make_tensor_descriptor %ip, [%c16_i32], [%c1_i64] : !tt.ptr<i32>, !tt.tensordesc<16xi32>
  %rows = tt.descriptor_load %id[%c0_i32] : !tt.tensordesc<16xi32> -> tensor<16xi32>
  %d = tt.make_tensor_descriptor %p, [%c256_i32, %c128_i32], [%c128_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<1x128xf32>
  tt.spyre_tensor_layout %d {phys_src = array<i64: 1, 0, 1>, phys_op = array<i64: 1, 0, 2>, phys_arg = array<i64: 64, 0, 64>} : !tt.tensordesc<1x128xf32>
  %g = tt.descriptor_gather %d[%rows, %c0_i32] : (!tt.tensordesc<1x128xf32>, tensor<16xi32>, i32) -> tensor<16x128xf32>
  %o = tt.make_tensor_descriptor %q, [%c16_i32, %c128_i32], [%c128_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<16x128xf32>
  tt.spyre_tensor_layout %o {phys_src = array<i64: 1, 0, 1>, phys_op = array<i64: 1, 0, 2>, phys_arg = array<i64: 64, 0, 64>} : !tt.tensordesc<16x128xf32>
  tt.descriptor_store %o[%c0_i32, %c0_i32], %g : !tt.tensordesc<16x128xf32>, tensor<16x128xf32>
  tt.return
}
