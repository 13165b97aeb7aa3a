// lower-descriptor-memory: descriptors become ktdp memory views, descriptor
// loads and stores become access tiles with ktdp.load / ktdp.store
// (spyre-lowering spec 2.1); errors are in
// spyre-lower-descriptor-memory-invalid.mlir.
// RUN: ttxform %s --split-input-file --lower-descriptor-memory | FileCheck %s
// RUN: ttxform %s --split-input-file --lower-descriptor-memory | ttxform --split-input-file | FileCheck %s

// Static shape and strides: the sizes and strides print inline, the view
// takes the pointer through the pointer cast, the tiles are block-shaped and
// anchored at the index-cast indices.
// CHECK-DAG: #[[MAP:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[SET:.+]] = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 63 >= 0)>
// CHECK-LABEL: tt.func @static_load_store(
// CHECK:       %c1_i64 = arith.constant 1 : i64
// CHECK-NEXT:  %0 = builtin.unrealized_conversion_cast %arg0 : !tt.ptr<f32> to index
// CHECK-NEXT:  %1 = ktdp.construct_memory_view %0, sizes: [64, 64], strides: [64, 1] {coordinate_set = #[[SET]], memory_space = #ktdp.spyre_memory_space<HBM>} : memref<64x64xf32>
// CHECK-NEXT:  %2 = builtin.unrealized_conversion_cast %1 : memref<64x64xf32> to !tt.tensordesc<64x64xf32>
// CHECK-NEXT:  %3 = builtin.unrealized_conversion_cast %arg1 : !tt.ptr<f32> to index
// CHECK-NEXT:  %4 = ktdp.construct_memory_view %3, sizes: [64, 64], strides: [64, 1] {coordinate_set = #[[SET]], memory_space = #ktdp.spyre_memory_space<HBM>} : memref<64x64xf32>
// CHECK-NEXT:  %5 = builtin.unrealized_conversion_cast %4 : memref<64x64xf32> to !tt.tensordesc<64x64xf32>
// CHECK-NEXT:  %6 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT:  %7 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT:  %8 = ktdp.construct_access_tile %1[%6, %7] {access_tile_order = #[[MAP]], access_tile_set = #[[SET]]} : memref<64x64xf32> -> !ktdp.access_tile<64x64xindex>
// CHECK-NEXT:  %9 = ktdp.load %8 : <64x64xindex> -> tensor<64x64xf32>
// CHECK-NEXT:  %10 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT:  %11 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT:  %12 = ktdp.construct_access_tile %4[%10, %11] {access_tile_order = #[[MAP]], access_tile_set = #[[SET]]} : memref<64x64xf32> -> !ktdp.access_tile<64x64xindex>
// CHECK-NEXT:  ktdp.store %9, %12 : tensor<64x64xf32>, <64x64xindex>
// CHECK-NEXT:  tt.return
// CHECK-NOT:   tt.make_tensor_descriptor
// CHECK-NOT:   tt.descriptor_
tt.func @static_load_store(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>) {
  %c0_i32 = arith.constant 0 : i32
  %c64_i32 = arith.constant 64 : i32
  %c64_i64 = arith.constant 64 : i64
  %c1_i64 = arith.constant 1 : i64
  %desc = tt.make_tensor_descriptor %arg0, [%c64_i32, %c64_i32], [%c64_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<64x64xf32>
  %out = tt.make_tensor_descriptor %arg1, [%c64_i32, %c64_i32], [%c64_i64, %c1_i64] : <f32>, <64x64xf32>
  %d = tt.descriptor_load %desc[%c0_i32, %c0_i32] : !tt.tensordesc<64x64xf32> -> tensor<64x64xf32>
  tt.descriptor_store %out[%c0_i32, %c0_i32], %d : !tt.tensordesc<64x64xf32>, tensor<64x64xf32>
  tt.return
}

// -----

// Dynamic shape and strides: each gets an index cast (shapes, then strides)
// and the coordinate set takes one symbol per dynamic size; the layout
// marker keeps its descriptor through the bridge cast.
// CHECK-DAG: #[[DSET:.+]] = affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>
// CHECK-DAG: #[[TSET:.+]] = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 63 >= 0)>
// CHECK-LABEL: tt.func @dynamic(
// CHECK-NEXT:  %0 = builtin.unrealized_conversion_cast %arg0 : !tt.ptr<f16> to index
// CHECK-NEXT:  %1 = arith.index_cast %arg1 : i32 to index
// CHECK-NEXT:  %2 = arith.index_cast %arg2 : i32 to index
// CHECK-NEXT:  %3 = arith.index_cast %arg3 : i64 to index
// CHECK-NEXT:  %4 = arith.index_cast %arg4 : i64 to index
// CHECK-NEXT:  %5 = ktdp.construct_memory_view %0, sizes: [%1, %2], strides: [%3, %4] {coordinate_set = #[[DSET]], memory_space = #ktdp.spyre_memory_space<HBM>} : memref<?x?xf16>
// CHECK-NEXT:  %6 = builtin.unrealized_conversion_cast %5 : memref<?x?xf16> to !tt.tensordesc<128x64xf16>
// CHECK-NEXT:  tt.spyre_tensor_layout %6 {phys_arg = array<i64: 64, 0, 64>, phys_op = array<i64: 1, 0, 2>, phys_src = array<i64: 1, 0, 1>} : <128x64xf16>
// CHECK-NEXT:  %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:  %7 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT:  %8 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT:  %9 = ktdp.construct_access_tile %5[%7, %8] {access_tile_order = #{{.+}}, access_tile_set = #[[TSET]]} : memref<?x?xf16> -> !ktdp.access_tile<128x64xindex>
// CHECK-NEXT:  %10 = ktdp.load %9 : <128x64xindex> -> tensor<128x64xf16>
// CHECK-NEXT:  tt.return
tt.func @dynamic(%ptr: !tt.ptr<f16>, %M: i32, %N: i32, %sr: i64, %sc: i64) {
  %desc = tt.make_tensor_descriptor %ptr, [%M, %N], [%sr, %sc] : !tt.ptr<f16>, !tt.tensordesc<128x64xf16>
  tt.spyre_tensor_layout %desc {phys_src = array<i64: 1, 0, 1>, phys_op = array<i64: 1, 0, 2>, phys_arg = array<i64: 64, 0, 64>} : !tt.tensordesc<128x64xf16>
  %c0 = arith.constant 0 : i32
  %d = tt.descriptor_load %desc[%c0, %c0] : !tt.tensordesc<128x64xf16> -> tensor<128x64xf16>
  tt.return
}

// -----

// Only a materialised arith.constant is static; a mixed shape prints one
// SSA size, and a unit block dimension gives `-d0 >= 0`.
// CHECK-DAG: #[[MSET:.+]] = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + 127 >= 0)>
// CHECK-DAG: #[[USET:.+]] = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 127 >= 0)>
// CHECK-LABEL: tt.func @mixed(
// CHECK:       %0 = builtin.unrealized_conversion_cast %arg0 : !tt.ptr<bf16> to index
// CHECK-NEXT:  %1 = arith.index_cast %arg1 : i32 to index
// CHECK-NEXT:  %2 = arith.index_cast %arg2 : i64 to index
// CHECK-NEXT:  %3 = ktdp.construct_memory_view %0, sizes: [%1, 128], strides: [%2, 1] {coordinate_set = #[[MSET]], memory_space = #ktdp.spyre_memory_space<HBM>} : memref<?x128xbf16>
// CHECK:       ktdp.construct_access_tile %3[%{{.+}}, %{{.+}}] {access_tile_order = #{{.+}}, access_tile_set = #[[USET]]} : memref<?x128xbf16> -> !ktdp.access_tile<1x128xindex>
// CHECK-NEXT:  ktdp.load %{{.+}} : <1x128xindex> -> tensor<1x128xbf16>
tt.func @mixed(%p: !tt.ptr<bf16>, %M: i32, %s: i64, %i: i32) -> tensor<1x128xbf16> {
  %c128 = arith.constant 128 : i32
  %c1 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %p, [%M, %c128], [%s, %c1] : !tt.ptr<bf16>, !tt.tensordesc<1x128xbf16>
  %v = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<1x128xbf16> -> tensor<1x128xbf16>
  tt.return %v : tensor<1x128xbf16>
}

// -----

// A descriptor at function top keeps its view at function top while its
// loads stay in the loop; a descriptor inside the loop gets its view there;
// an unused descriptor is erased.
// CHECK-LABEL: tt.func @loops(
// CHECK:       %0 = builtin.unrealized_conversion_cast %arg0 : !tt.ptr<f32> to index
// CHECK-NEXT:  %1 = arith.index_cast %arg2 : i32 to index
// CHECK-NEXT:  %2 = ktdp.construct_memory_view %0, sizes: [%1, 128], strides: [128, 1]
// CHECK-NEXT:  %3 = builtin.unrealized_conversion_cast %2 : memref<?x128xf32> to !tt.tensordesc<64x128xf32>
// CHECK-NEXT:  scf.for %arg3 =
// CHECK-NEXT:    %4 = arith.index_cast %arg3 : i32 to index
// CHECK-NEXT:    %5 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT:    %6 = ktdp.construct_access_tile %2[%4, %5] {{.*}} : memref<?x128xf32> -> !ktdp.access_tile<64x128xindex>
// CHECK-NEXT:    %7 = ktdp.load %6 : <64x128xindex> -> tensor<64x128xf32>
// CHECK-NEXT:    %8 = builtin.unrealized_conversion_cast %arg1 : !tt.ptr<f32> to index
// CHECK-NEXT:    %9 = arith.index_cast %arg2 : i32 to index
// CHECK-NEXT:    %10 = ktdp.construct_memory_view %8, sizes: [%9, 128], strides: [128, 1]
// CHECK-NEXT:    %11 = builtin.unrealized_conversion_cast %10
// CHECK-NEXT:    %12 = arith.index_cast %arg3 : i32 to index
// CHECK-NEXT:    %13 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT:    %14 = ktdp.construct_access_tile %10[%12, %13]
// CHECK-NEXT:    ktdp.store %7, %14 : tensor<64x128xf32>, <64x128xindex>
// CHECK-NEXT:  }
// CHECK-NEXT:  tt.return
tt.func @loops(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>, %M: i32) {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %c128_i32 = arith.constant 128 : i32
  %c128 = arith.constant 128 : i64
  %c1_i64 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %p, [%M, %c128_i32], [%c128, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<64x128xf32>
  %unused = tt.make_tensor_descriptor %q, [%M, %c128_i32], [%c128, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<64x128xf32>
  scf.for %i = %c0 to %M step %c64 : i32 {
    %v = tt.descriptor_load %d[%i, %c0] : !tt.tensordesc<64x128xf32> -> tensor<64x128xf32>
    %o = tt.make_tensor_descriptor %q, [%M, %c128_i32], [%c128, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<64x128xf32>
    tt.descriptor_store %o[%i, %c0], %v : !tt.tensordesc<64x128xf32>, tensor<64x128xf32>
  }
  tt.return
}

// -----

// A descriptor inside scf.if gets its view inside that region.
// CHECK-LABEL: tt.func @in_if(
// CHECK:       scf.if %arg2 {
// CHECK-NEXT:    builtin.unrealized_conversion_cast %arg0 : !tt.ptr<f32> to index
// CHECK-NEXT:    ktdp.construct_memory_view
// CHECK-NEXT:    builtin.unrealized_conversion_cast
// CHECK-NEXT:    arith.index_cast %arg1 : i32 to index
// CHECK-NEXT:    ktdp.construct_access_tile
// CHECK-NEXT:    ktdp.load
tt.func @in_if(%p: !tt.ptr<f32>, %i: i32, %c: i1) {
  %c32 = arith.constant 32 : i32
  %c1 = arith.constant 1 : i64
  scf.if %c {
    %d = tt.make_tensor_descriptor %p, [%c32], [%c1] : !tt.ptr<f32>, !tt.tensordesc<32xf32>
    %v = tt.descriptor_load %d[%i] : !tt.tensordesc<32xf32> -> tensor<32xf32>
    tt.descriptor_store %d[%i], %v : !tt.tensordesc<32xf32>, tensor<32xf32>
  }
  tt.return
}

// -----

// A rank-reduced load (what triton-combine makes of reshape(descriptor_load))
// loads the block and collapses its unit dimension; a rank-reduced store
// expands its source first (docs/differences.md).
// CHECK-LABEL: tt.func @rank_reduced(
// CHECK:       %[[T:.+]] = ktdp.construct_access_tile %1[%{{.+}}, %{{.+}}, %{{.+}}] {{.*}} : memref<1x16x16xf16> -> !ktdp.access_tile<1x16x16xindex>
// CHECK-NEXT:  %[[L:.+]] = ktdp.load %[[T]] : <1x16x16xindex> -> tensor<1x16x16xf16>
// CHECK-NEXT:  %[[C:.+]] = tensor.collapse_shape %[[L]] {{\[\[}}0, 1], [2]] : tensor<1x16x16xf16> into tensor<16x16xf16>
// CHECK:       %[[T2:.+]] = ktdp.construct_access_tile %1[
// CHECK-NEXT:  %[[E:.+]] = tensor.expand_shape %[[C]] {{\[\[}}0, 1], [2]] output_shape [1, 16, 16] : tensor<16x16xf16> into tensor<1x16x16xf16>
// CHECK-NEXT:  ktdp.store %[[E]], %[[T2]] : tensor<1x16x16xf16>, <1x16x16xindex>
// CHECK:       tt.return %[[C]] : tensor<16x16xf16>
tt.func @rank_reduced(%p: !tt.ptr<f16>, %i: i32) -> tensor<16x16xf16> {
  %c1 = arith.constant 1 : i32
  %c16 = arith.constant 16 : i32
  %c256 = arith.constant 256 : i64
  %c16l = arith.constant 16 : i64
  %c1l = arith.constant 1 : i64
  %desc = tt.make_tensor_descriptor %p, [%c1, %c16, %c16], [%c256, %c16l, %c1l] : !tt.ptr<f16>, !tt.tensordesc<1x16x16xf16>
  %d = tt.descriptor_load %desc[%i, %i, %i] : !tt.tensordesc<1x16x16xf16> -> tensor<16x16xf16>
  tt.descriptor_store %desc[%i, %i, %i], %d : !tt.tensordesc<1x16x16xf16>, tensor<16x16xf16>
  tt.return %d : tensor<16x16xf16>
}

// -----

// Other ops are left alone; a module without descriptors is unchanged.
// CHECK-LABEL: tt.func @nothing(
// CHECK-NEXT:  %0 = tt.load %arg0 : !tt.ptr<f32>
// CHECK-NEXT:  tt.return %0 : f32
tt.func @nothing(%p: !tt.ptr<f32>) -> f32 {
  %v = tt.load %p : !tt.ptr<f32>
  tt.return %v : f32
}

// -----

// Upstream Triton's spelling of the descriptor type, !tt.tensordesc<tensor<...>>.
// CHECK-LABEL: tt.func @upstream_spelling(
// CHECK:       %[[V:.+]] = ktdp.construct_memory_view %{{.+}}, sizes: [%{{.+}}], strides: [%{{.+}}] {{.*}} : memref<?xf32>
// CHECK-NEXT:  builtin.unrealized_conversion_cast %[[V]] : memref<?xf32> to !tt.tensordesc<tensor<8xf32>>
// CHECK:       ktdp.construct_access_tile %[[V]][%{{.+}}] {{.*}} : memref<?xf32> -> !ktdp.access_tile<8xindex>
tt.func @upstream_spelling(%p: !tt.ptr<f32>, %n: i32, %s: i64, %i: i32) -> tensor<8xf32> {
  %d = tt.make_tensor_descriptor %p, [%n], [%s] : !tt.ptr<f32>, !tt.tensordesc<tensor<8xf32>>
  %v = tt.descriptor_load %d[%i] : !tt.tensordesc<tensor<8xf32>> -> tensor<8xf32>
  tt.return %v : tensor<8xf32>
}

// -----

// Gather (spec 2.1): the index load's view and offset feed the indirect
// base dim 0, the column offset is c_y of the direct dim 1.
// CHECK-LABEL: @gather(
// CHECK: %1 = ktdp.construct_memory_view %0, sizes: [32], strides: [1]
// CHECK: %4 = ktdp.construct_memory_view %3, sizes: [512, 128], strides: [128, 1]
// CHECK: %6 = arith.index_cast %c0_i32 : i32 to index
// CHECK: %9 = arith.index_cast %c0_i32 : i32 to index
// CHECK-NEXT: %10 = ktdp.construct_indirect_access_tile intermediate_variables(%11, %12) %4[ind(%1[%6 + %11]), (%9 + %12)] {variables_space_order = #map1, variables_space_set = #set2} : memref<512x128xf32>, memref<32xi32> -> !ktdp.access_tile<32x128xindex>
// CHECK-NEXT: %13 = ktdp.load %10 : <32x128xindex> -> tensor<32x128xf32>
// CHECK-NEXT: tt.return %13
tt.func @gather(%p: !tt.ptr<f32>, %q: !tt.ptr<i32>) -> tensor<32x128xf32> {
  %c0_i32 = arith.constant 0 : i32
  %c1_i64 = arith.constant 1 : i64
  %c32_i32 = arith.constant 32 : i32
  %c512_i32 = arith.constant 512 : i32
  %c128_i32 = arith.constant 128 : i32
  %c128_i64 = arith.constant 128 : i64
  %idx_desc = tt.make_tensor_descriptor %q, [%c32_i32], [%c1_i64] : !tt.ptr<i32>, !tt.tensordesc<32xi32>
  %data_desc = tt.make_tensor_descriptor %p, [%c512_i32, %c128_i32], [%c128_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<1x128xf32>
  %x_offsets = tt.descriptor_load %idx_desc[%c0_i32] : !tt.tensordesc<32xi32> -> tensor<32xi32>
  %g = tt.descriptor_gather %data_desc[%x_offsets, %c0_i32] : (!tt.tensordesc<1x128xf32>, tensor<32xi32>, i32) -> tensor<32x128xf32>
  tt.return %g : tensor<32x128xf32>
}

// -----

// A rank-3 block: three subscripts, the last one direct.
// CHECK-LABEL: @gather_rank3_block(
// CHECK: %10 = ktdp.construct_indirect_access_tile intermediate_variables(%11, %12, %13) %4[ind(%1[%6 + %11]), (%9 + %12), (%13)] {{.*}} : memref<256x16x128xf16>, memref<32xi32> -> !ktdp.access_tile<32x16x128xindex>
// CHECK-NEXT: %14 = ktdp.load %10 : <32x16x128xindex> -> tensor<32x16x128xf16>
tt.func @gather_rank3_block(%p: !tt.ptr<f16>, %q: !tt.ptr<i32>, %y: i32) -> tensor<32x16x128xf16> {
  %c0_i32 = arith.constant 0 : i32
  %c1_i64 = arith.constant 1 : i64
  %c32_i32 = arith.constant 32 : i32
  %c16_i32 = arith.constant 16 : i32
  %c256_i32 = arith.constant 256 : i32
  %c128_i32 = arith.constant 128 : i32
  %c128_i64 = arith.constant 128 : i64
  %c2048_i64 = arith.constant 2048 : i64
  %idx_desc = tt.make_tensor_descriptor %q, [%c32_i32], [%c1_i64] : !tt.ptr<i32>, !tt.tensordesc<32xi32>
  %data_desc = tt.make_tensor_descriptor %p, [%c256_i32, %c16_i32, %c128_i32], [%c2048_i64, %c128_i64, %c1_i64] : !tt.ptr<f16>, !tt.tensordesc<1x16x128xf16>
  %x_offsets = tt.descriptor_load %idx_desc[%c0_i32] : !tt.tensordesc<32xi32> -> tensor<32xi32>
  %g = tt.descriptor_gather %data_desc[%x_offsets, %y] : (!tt.tensordesc<1x16x128xf16>, tensor<32xi32>, i32) -> tensor<32x16x128xf16>
  tt.return %g : tensor<32x16x128xf16>
}

// -----

// Rank-2 row offsets: two anchors in the indirect subscript, rank-3 result.
// CHECK-LABEL: @gather_2d_index(
// CHECK: %11 = ktdp.construct_indirect_access_tile intermediate_variables(%12, %13, %14) %4[ind(%1[%6 + %12, %7 + %13]), (%10 + %14)] {{.*}} : memref<1024x64xf32>, memref<8x4xi32> -> !ktdp.access_tile<8x4x64xindex>
// CHECK-NEXT: %15 = ktdp.load %11 : <8x4x64xindex> -> tensor<8x4x64xf32>
tt.func @gather_2d_index(%p: !tt.ptr<f32>, %q: !tt.ptr<i32>, %i: i32, %j: i32, %y: i32) -> tensor<8x4x64xf32> {
  %c1_i64 = arith.constant 1 : i64
  %c4_i64 = arith.constant 4 : i64
  %c4_i32 = arith.constant 4 : i32
  %c8_i32 = arith.constant 8 : i32
  %c64_i32 = arith.constant 64 : i32
  %c64_i64 = arith.constant 64 : i64
  %c1024_i32 = arith.constant 1024 : i32
  %idx_desc = tt.make_tensor_descriptor %q, [%c8_i32, %c4_i32], [%c4_i64, %c1_i64] : !tt.ptr<i32>, !tt.tensordesc<8x4xi32>
  %data_desc = tt.make_tensor_descriptor %p, [%c1024_i32, %c64_i32], [%c64_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<1x64xf32>
  %x_offsets = tt.descriptor_load %idx_desc[%i, %j] : !tt.tensordesc<8x4xi32> -> tensor<8x4xi32>
  %g = tt.descriptor_gather %data_desc[%x_offsets, %y] : (!tt.tensordesc<1x64xf32>, tensor<8x4xi32>, i32) -> tensor<8x4x64xf32>
  tt.return %g : tensor<8x4x64xf32>
}

// -----

// Scatter: the same tile over the source shape, then ktdp.store.
// CHECK-LABEL: @scatter(
// CHECK: %10 = ktdp.construct_indirect_access_tile intermediate_variables(%11, %12) %4[ind(%1[%6 + %11]), (%9 + %12)] {{.*}} : memref<512x128xf32>, memref<32xi32> -> !ktdp.access_tile<32x128xindex>
// CHECK-NEXT: ktdp.store %arg2, %10 : tensor<32x128xf32>, <32x128xindex>
tt.func @scatter(%p: !tt.ptr<f32>, %q: !tt.ptr<i32>, %v: tensor<32x128xf32>, %y: i32) {
  %c0_i32 = arith.constant 0 : i32
  %c1_i64 = arith.constant 1 : i64
  %c32_i32 = arith.constant 32 : i32
  %c512_i32 = arith.constant 512 : i32
  %c128_i32 = arith.constant 128 : i32
  %c128_i64 = arith.constant 128 : i64
  %idx_desc = tt.make_tensor_descriptor %q, [%c32_i32], [%c1_i64] : !tt.ptr<i32>, !tt.tensordesc<32xi32>
  %data_desc = tt.make_tensor_descriptor %p, [%c512_i32, %c128_i32], [%c128_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<1x128xf32>
  %x_offsets = tt.descriptor_load %idx_desc[%c0_i32] : !tt.tensordesc<32xi32> -> tensor<32xi32>
  tt.descriptor_scatter %data_desc[%x_offsets, %y], %v : !tt.tensordesc<1x128xf32>, tensor<32xi32>, i32, tensor<32x128xf32>
  tt.return
}
