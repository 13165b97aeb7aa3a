// lower-structured-pointers: pointer-style loads and stores become ktdp
// views, access tiles, ktdp.load and ktdp.store (ptr-analysis runs first);
// errors are in spyre-lower-structured-pointers-invalid.mlir. A masked 1-D
// load and store (vector add): the mask bounds the coordinate domain of a
// distributed view whose one partition starts at the tensor's origin; the
// store is skipped when the block is empty; the load of an empty block (a
// program past the end) reads the tensor's first element alone, never the
// coordinates [n, o) past its end n.
// RUN: ttxform %s --split-input-file --lower-structured-pointers | FileCheck %s
// RUN: ttxform %s --split-input-file --lower-structured-pointers | ttxform --split-input-file | FileCheck %s
tt.func @masked_1d(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %n: i32) {
  %c64 = arith.constant 64 : i32
  %pid = tt.get_program_id x : i32
  %o = arith.muli %pid, %c64 : i32
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %os = tt.splat %o : i32 -> tensor<64xi32>
  %off = arith.addi %os, %r : tensor<64xi32>
  %ns = tt.splat %n : i32 -> tensor<64xi32>
  %m = arith.cmpi slt, %off, %ns : tensor<64xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %off : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %v = tt.load %xp, %m : tensor<64x!tt.ptr<f32>>
  %ys = tt.splat %y : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %yp = tt.addptr %ys, %off : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  tt.store %yp, %v, %m : tensor<64x!tt.ptr<f32>>
  tt.return
}

// CHECK-LABEL: tt.func @masked_1d
// CHECK: %[[OFF:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK: %[[B:.*]] = arith.maxsi
// CHECK: %[[X:.*]] = builtin.unrealized_conversion_cast %arg0 : !tt.ptr<f32> to index
// CHECK: %[[K:.*]] = arith.minsi %[[B]], %c1 : index
// CHECK: %[[AT:.*]] = arith.muli %[[OFF]], %[[K]] : index
// CHECK: %[[FIRST:.*]] = arith.minsi %[[OFF]], %c1 : index
// CHECK: %[[N:.*]] = arith.maxsi %[[B]], %[[FIRST]] : index
// CHECK: %[[EXT:.*]] = arith.addi %[[AT]], %[[N]] : index
// CHECK: %[[V:.*]] = ktdp.construct_memory_view %[[X]], sizes: [%[[EXT]]], strides: [1] {coordinate_set = #set, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<?xf32>
// CHECK: %[[D:.*]] = ktdp.construct_distributed_memory_view (%[[V]] : memref<?xf32>) : memref<?xf32>
// CHECK: %[[T:.*]] = ktdp.construct_access_tile %[[D]][%[[AT]]] {{.*}} : memref<?xf32> -> !ktdp.access_tile<64xindex>
// CHECK: %[[L:.*]] = ktdp.load %[[T]] : <64xindex> -> tensor<64xf32>
// CHECK: %[[SEXT:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK: %[[NE:.*]] = arith.cmpi sgt, %{{.*}}, %{{.*}} : index
// CHECK: scf.if %[[NE]] {
// CHECK: ktdp.construct_memory_view %{{.*}}, sizes: [%[[SEXT]]]
// CHECK: ktdp.construct_distributed_memory_view
// CHECK: ktdp.store %[[L]], %{{.*}} : tensor<64xf32>, <64xindex>
// CHECK-NOT: tt.load
// CHECK-NOT: tt.store
// CHECK: tt.return

// -----

// A masked load with `other`: the elements past the bound are selected
// from a splat of `other`, by comparing a range constant with the bound.
tt.func @masked_other(%x: !tt.ptr<f32>, %n: i32) -> tensor<16xf32> {
  %cst = arith.constant dense<0xFF800000> : tensor<16xf32>
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %ns = tt.splat %n : i32 -> tensor<16xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<16xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %r : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  %v = tt.load %xp, %m, %cst : tensor<16x!tt.ptr<f32>>
  tt.return %v : tensor<16xf32>
}

// CHECK-LABEL: tt.func @masked_other
// CHECK: %[[B:.*]] = arith.maxsi
// CHECK: %[[L:.*]] = ktdp.load %{{.*}} : <16xindex> -> tensor<16xf32>
// CHECK: %[[R:.*]] = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]> : tensor<16xi32>
// CHECK: %[[B32:.*]] = arith.index_cast %[[B]] : index to i32
// CHECK: %[[S:.*]] = tt.splat %[[B32]] : i32 -> tensor<16xi32>
// CHECK: %[[M:.*]] = arith.cmpi slt, %[[R]], %[[S]] : tensor<16xi32>
// CHECK: %[[O:.*]] = tt.splat %cst : f32 -> tensor<16xf32>
// CHECK: %[[SEL:.*]] = arith.select %[[M]], %[[L]], %[[O]] : tensor<16xi1>, tensor<16xf32>
// CHECK: tt.return %[[SEL]]

// -----

// An unmasked 2-D block with a row stride: a plain view at the block's
// address with the block's sizes and the recovered strides, the tile at 0.
tt.func @block_2d(%x: !tt.ptr<f16>, %stride: i32) -> tensor<8x16xf16> {
  %r8 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %r16 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %a = tt.expand_dims %r8 {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
  %ss = tt.splat %stride : i32 -> tensor<8x1xi32>
  %rows = arith.muli %a, %ss : tensor<8x1xi32>
  %b = tt.expand_dims %r16 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  %rb = tt.broadcast %rows : tensor<8x1xi32> -> tensor<8x16xi32>
  %cb = tt.broadcast %b : tensor<1x16xi32> -> tensor<8x16xi32>
  %off = arith.addi %rb, %cb : tensor<8x16xi32>
  %xs = tt.splat %x : !tt.ptr<f16> -> tensor<8x16x!tt.ptr<f16>>
  %xp = tt.addptr %xs, %off : tensor<8x16x!tt.ptr<f16>>, tensor<8x16xi32>
  %v = tt.load %xp : tensor<8x16x!tt.ptr<f16>>
  tt.return %v : tensor<8x16xf16>
}

// CHECK: #[[SET:.*]] = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 15 >= 0)>
// CHECK-LABEL: tt.func @block_2d
// CHECK: %[[S:.*]] = arith.index_cast %arg1 : i32 to index
// CHECK: %[[V:.*]] = ktdp.construct_memory_view %{{.*}}, sizes: [8, 16], strides: [%[[S]], 1] {coordinate_set = #[[SET]], {{.*}}} : memref<8x16xf16>
// CHECK-NOT: distributed
// CHECK: ktdp.construct_access_tile %[[V]][%c0, %c0_0] {{.*}} -> !ktdp.access_tile<8x16xindex>
// CHECK: ktdp.load %{{.*}} : <8x16xindex> -> tensor<8x16xf16>

// -----

// Wrap-around offsets (`% n`, the matmul tutorial's rows): two partitions
// over the same memory, coordinates [0, n) and [n, 2n), so the tile's rows
// past n read rows 0, 1, .. again; the tile starts at the offset mod n.
tt.func @wrapped(%x: !tt.ptr<f32>, %start: i32, %n: i32) -> tensor<16xf32> {
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %s = tt.splat %start : i32 -> tensor<16xi32>
  %o = arith.addi %s, %r : tensor<16xi32>
  %ns = tt.splat %n : i32 -> tensor<16xi32>
  %w = arith.remsi %o, %ns : tensor<16xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %w : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  %v = tt.load %xp : tensor<16x!tt.ptr<f32>>
  tt.return %v : tensor<16xf32>
}

// CHECK: #[[LOW:.*]] = affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>
// CHECK: #[[HIGH:.*]] = affine_set<(d0)[s0] : (d0 - s0 >= 0, -d0 + s0 * 2 - 1 >= 0)>
// CHECK-LABEL: tt.func @wrapped
// CHECK: %[[O:.*]] = arith.index_cast %arg1 : i32 to index
// CHECK: %[[N:.*]] = arith.index_cast %arg2 : i32 to index
// CHECK: %[[Q:.*]] = arith.floordivsi %[[O]], %[[N]] : index
// CHECK: %[[QN:.*]] = arith.muli %[[Q]], %[[N]] : index
// CHECK: %[[AT:.*]] = arith.subi %[[O]], %[[QN]] : index
// CHECK: %[[P0:.*]] = ktdp.construct_memory_view %[[X:.*]], sizes: [%[[N]]], strides: [1] {coordinate_set = #[[LOW]], {{.*}}} : memref<?xf32>
// CHECK: %[[P1:.*]] = ktdp.construct_memory_view %[[X]], sizes: [%[[N]]], strides: [1] {coordinate_set = #[[HIGH]], {{.*}}} : memref<?xf32>
// CHECK: %[[D:.*]] = ktdp.construct_distributed_memory_view (%[[P0]], %[[P1]] : memref<?xf32>, memref<?xf32>) : memref<?xf32>
// CHECK: ktdp.construct_access_tile %[[D]][%[[AT]]]

// -----

// A static modulus shorter than the block (`% 3` over 8 elements): the
// block, starting anywhere in [0, 3), reaches (2 + 7) / 3 + 1 = 4 copies of
// the 3 elements, so the distributed view has four partitions.
tt.func @wrapped_short(%x: !tt.ptr<f32>, %start: i32) -> tensor<8xf32> {
  %c3 = arith.constant dense<3> : tensor<8xi32>
  %r = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %s = tt.splat %start : i32 -> tensor<8xi32>
  %o = arith.addi %s, %r : tensor<8xi32>
  %w = arith.remsi %o, %c3 : tensor<8xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %w : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  %v = tt.load %xp : tensor<8x!tt.ptr<f32>>
  tt.return %v : tensor<8xf32>
}

// CHECK: #[[S0:.*]] = affine_set<(d0) : (d0 >= 0, -d0 + 2 >= 0)>
// CHECK: #[[S1:.*]] = affine_set<(d0) : (d0 - 3 >= 0, -d0 + 5 >= 0)>
// CHECK: #[[S2:.*]] = affine_set<(d0) : (d0 - 6 >= 0, -d0 + 8 >= 0)>
// CHECK: #[[S3:.*]] = affine_set<(d0) : (d0 - 9 >= 0, -d0 + 11 >= 0)>
// CHECK-LABEL: tt.func @wrapped_short
// CHECK: %[[P0:.*]] = ktdp.construct_memory_view %[[X:.*]], sizes: [3], strides: [1] {coordinate_set = #[[S0]], {{.*}}} : memref<3xf32>
// CHECK: %[[P1:.*]] = ktdp.construct_memory_view %[[X]], sizes: [3], strides: [1] {coordinate_set = #[[S1]], {{.*}}} : memref<3xf32>
// CHECK: %[[P2:.*]] = ktdp.construct_memory_view %[[X]], sizes: [3], strides: [1] {coordinate_set = #[[S2]], {{.*}}} : memref<3xf32>
// CHECK: %[[P3:.*]] = ktdp.construct_memory_view %[[X]], sizes: [3], strides: [1] {coordinate_set = #[[S3]], {{.*}}} : memref<3xf32>
// CHECK: ktdp.construct_distributed_memory_view (%[[P0]], %[[P1]], %[[P2]], %[[P3]] : memref<3xf32>, memref<3xf32>, memref<3xf32>, memref<3xf32>) : memref<12xf32>
// -----

// A pointer tensor carried by a loop and advanced each iteration (the K loop
// of a matmul): each iteration's tile is at the advanced offset, and the
// loop no longer carries the pointers.
tt.func @loop_carried(%x: !tt.ptr<f32>, %k: i32) -> tensor<16xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c16 = arith.constant dense<16> : tensor<16xi32>
  %zero = arith.constant dense<0.000000e+00> : tensor<16xf32>
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %r : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  %acc:2 = scf.for %i = %c0 to %k step %c1 iter_args(%a = %zero, %p = %xp) -> (tensor<16xf32>, tensor<16x!tt.ptr<f32>>) : i32 {
    %v = tt.load %p : tensor<16x!tt.ptr<f32>>
    %s = arith.addf %a, %v : tensor<16xf32>
    %q = tt.addptr %p, %c16 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
    scf.yield %s, %q : tensor<16xf32>, tensor<16x!tt.ptr<f32>>
  }
  tt.return %acc#0 : tensor<16xf32>
}

// CHECK-LABEL: tt.func @loop_carried
// CHECK: scf.for %[[I:.*]] = %c0_i32 to %arg1 step %c1_i32 iter_args(%[[A:.*]] = %cst) -> (tensor<16xf32>)  : i32 {
// CHECK: %[[II:.*]] = arith.index_cast %[[I]] : i32 to index
// CHECK: %[[OFF:.*]] = arith.muli %[[II]], %c16 : index
// CHECK: %[[X:.*]] = builtin.unrealized_conversion_cast %arg0 : !tt.ptr<f32> to index
// CHECK: %[[AD:.*]] = arith.addi %[[X]], %[[OFF]] : index
// CHECK: ktdp.construct_memory_view %[[AD]], sizes: [16], strides: [1]
// CHECK: ktdp.load
// CHECK: scf.yield %{{.*}} : tensor<16xf32>
// CHECK-NOT: tt.addptr
// CHECK: tt.return

// -----

// A block pointer checked along every dimension: the view has the tensor's
// shape and strides, the tile starts at the block's offsets, the domain is
// the shape (a distributed view), NaN padding selected outside it.
tt.func @block_pointer(%x: !tt.ptr<f32>, %m: i64, %n: i64, %i: i32) -> tensor<8x8xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i64
  %b = tt.make_tensor_ptr %x, [%m, %n], [%n, %c1], [%i, %c0] {order = array<i32: 1, 0>} : <tensor<8x8xf32>>
  %v = tt.load %b {boundaryCheck = array<i32: 0, 1>, padding = 2 : i32} : !tt.ptr<tensor<8x8xf32>>
  tt.return %v : tensor<8x8xf32>
}

// CHECK-LABEL: tt.func @block_pointer
// CHECK: %[[M:.*]] = arith.index_cast %arg1 : i64 to index
// CHECK: %[[N:.*]] = arith.index_cast %arg2 : i64 to index
// CHECK: %[[I:.*]] = arith.index_cast %arg3 : i32 to index
// CHECK: %[[NAN:.*]] = arith.constant 0x7FC00000 : f32
// CHECK: %[[V:.*]] = ktdp.construct_memory_view %{{.*}}, sizes: [%[[M]], %[[N]]], strides: [%[[N]], 1] {{.*}} : memref<?x?xf32>
// CHECK: %[[D:.*]] = ktdp.construct_distributed_memory_view (%[[V]] : memref<?x?xf32>) : memref<?x?xf32>
// CHECK: ktdp.construct_access_tile %[[D]][%[[I]], %{{.*}}] {{.*}} -> !ktdp.access_tile<8x8xindex>
// CHECK: arith.cmpi sge
// CHECK: arith.cmpi slt
// CHECK: %[[PAD:.*]] = tt.splat %[[NAN]] : f32 -> tensor<8x8xf32>
// CHECK: arith.select %{{.*}}, %{{.*}}, %[[PAD]] : tensor<8x8xi1>, tensor<8x8xf32>

// -----

// A scalar store (layer norm's Mean[row]): a one-element view, tile and
// ktdp.store of tensor.splat of the value.
tt.func @scalar_store(%x: !tt.ptr<f32>, %row: i32, %v: f32) {
  %p = tt.addptr %x, %row : !tt.ptr<f32>, i32
  tt.store %p, %v : !tt.ptr<f32>
  tt.return
}

// CHECK-LABEL: tt.func @scalar_store
// CHECK: %[[X:.*]] = builtin.unrealized_conversion_cast %arg0 : !tt.ptr<f32> to index
// CHECK: %[[R:.*]] = arith.index_cast %arg1 : i32 to index
// CHECK: %[[A:.*]] = arith.addi %[[X]], %[[R]] : index
// CHECK: %[[V:.*]] = ktdp.construct_memory_view %[[A]], sizes: [1], strides: [1] {{.*}} : memref<1xf32>
// CHECK: %[[T:.*]] = ktdp.construct_access_tile %[[V]][%c0] {{.*}} -> !ktdp.access_tile<1xindex>
// CHECK: %[[S:.*]] = tensor.splat %arg2 : tensor<1xf32>
// CHECK: ktdp.store %[[S]], %[[T]] : tensor<1xf32>, <1xindex>

// -----

// A range the kernel uses for its own mask (layer norm's tl.where) becomes
// a range constant (more than 100 elements: row * 8 + column over 16x8).
tt.func @range_mask(%n: i32, %x: tensor<128xf32>) -> tensor<128xf32> {
  %zero = arith.constant dense<0.000000e+00> : tensor<128xf32>
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %ns = tt.splat %n : i32 -> tensor<128xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<128xi32>
  %s = arith.select %m, %x, %zero : tensor<128xi1>, tensor<128xf32>
  tt.return %s : tensor<128xf32>
}

// CHECK-LABEL: tt.func @range_mask
// CHECK: arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]> : tensor<16xi32>
// CHECK: arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7]> : tensor<8xi32>
// CHECK: arith.constant dense<8> : tensor<16x8xi32>
// CHECK: arith.muli
// CHECK: %[[SUM:.*]] = arith.addi
// CHECK: %[[R:.*]] = tt.reshape %[[SUM]] : tensor<16x8xi32> -> tensor<128xi32>
// CHECK: arith.cmpi slt, %[[R]]
// CHECK-NOT: tt.make_range
// -----

// A gather: the offsets are loaded from memory (ptr-analysis makes
// tts.make_gather_scatter_tptr). The load becomes an indirect access tile
// over a view at the base whose gathered dim spans 2^30 elements; its
// indices are read from the view of the index load, at that load's anchor
// plus the intermediate variable.
tt.func @gather(%p: !tt.ptr<f32>, %q: !tt.ptr<i32>) -> tensor<16xf32> {
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %qs = tt.splat %q : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>>
  %qa = tt.addptr %qs, %r : tensor<16x!tt.ptr<i32>>, tensor<16xi32>
  %idx = tt.load %qa : tensor<16x!tt.ptr<i32>>
  %s = tt.splat %p : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %a = tt.addptr %s, %idx : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  %v = tt.load %a : tensor<16x!tt.ptr<f32>>
  tt.return %v : tensor<16xf32>
}

// CHECK-LABEL: tt.func @gather
// CHECK: %[[Q:.*]] = builtin.unrealized_conversion_cast %arg1 : !tt.ptr<i32> to index
// CHECK: %[[IV:.*]] = ktdp.construct_memory_view %[[Q]], sizes: [16], strides: [1] {{.*}} : memref<16xi32>
// CHECK: %[[P:.*]] = builtin.unrealized_conversion_cast %arg0 : !tt.ptr<f32> to index
// CHECK: %[[V:.*]] = ktdp.construct_memory_view %[[P]], sizes: [1073741824], strides: [1] {coordinate_set = #[[SET:.*]], memory_space = #ktdp.spyre_memory_space<HBM>} : memref<1073741824xf32>
// CHECK: %[[T:.*]] = ktdp.construct_indirect_access_tile intermediate_variables(%[[I:.*]]) %[[V]][ind(%[[IV]][%c0 + %[[I]]])] {variables_space_order = #map, variables_space_set = #set} : memref<1073741824xf32>, memref<16xi32> -> !ktdp.access_tile<16xindex>
// CHECK: %[[L:.*]] = ktdp.load %[[T]] : <16xindex> -> tensor<16xf32>
// CHECK-NOT: tt.load
// CHECK: tt.return %[[L]]

// -----

// A scatter of rows: out + idx[:, None] * stride + cols[None, :]; the
// gathered dim has the row stride, the columns are a direct subscript.
tt.func @scatter_rows(%o: !tt.ptr<f32>, %q: !tt.ptr<i64>, %stride: i64, %v: tensor<4x8xf32>) {
  %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %qs = tt.splat %q : !tt.ptr<i64> -> tensor<4x!tt.ptr<i64>>
  %qa = tt.addptr %qs, %r : tensor<4x!tt.ptr<i64>>, tensor<4xi32>
  %idx = tt.load %qa : tensor<4x!tt.ptr<i64>>
  %i2 = tt.expand_dims %idx {axis = 1 : i32} : tensor<4xi64> -> tensor<4x1xi64>
  %ss = tt.splat %stride : i64 -> tensor<4x1xi64>
  %rows = arith.muli %i2, %ss : tensor<4x1xi64>
  %c = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %c2 = tt.expand_dims %c {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
  %c64 = arith.extsi %c2 : tensor<1x8xi32> to tensor<1x8xi64>
  %rb = tt.broadcast %rows : tensor<4x1xi64> -> tensor<4x8xi64>
  %cb = tt.broadcast %c64 : tensor<1x8xi64> -> tensor<4x8xi64>
  %off = arith.addi %rb, %cb : tensor<4x8xi64>
  %os = tt.splat %o : !tt.ptr<f32> -> tensor<4x8x!tt.ptr<f32>>
  %oa = tt.addptr %os, %off : tensor<4x8x!tt.ptr<f32>>, tensor<4x8xi64>
  tt.store %oa, %v : tensor<4x8x!tt.ptr<f32>>
  tt.return
}

// CHECK-LABEL: tt.func @scatter_rows
// CHECK: %[[IV:.*]] = ktdp.construct_memory_view %{{.*}}, sizes: [4], strides: [1] {{.*}} : memref<4xi64>
// CHECK: %[[S:.*]] = arith.index_cast %arg2 : i64 to index
// CHECK: %[[V:.*]] = ktdp.construct_memory_view %{{.*}}, sizes: [1073741824, 8], strides: [%[[S]], 1] {{.*}} : memref<1073741824x8xf32>
// CHECK: %[[T:.*]] = ktdp.construct_indirect_access_tile intermediate_variables(%[[I:.*]], %[[J:.*]]) %[[V]][ind(%[[IV]][%c0 + %[[I]]]), (%[[J]])] {{.*}} : memref<1073741824x8xf32>, memref<4xi64> -> !ktdp.access_tile<4x8xindex>
// CHECK: ktdp.store %arg3, %[[T]] : tensor<4x8xf32>, <4x8xindex>
// CHECK-NOT: tt.store

// -----

// A masked gather with `other` (an embedding lookup): both bounds are
// symbols of the indirect tile's variable space, so the lanes past them are
// not read, and `other` is selected there. The index load is masked by the
// same bound and has `other` 0, which the gather does not read.
tt.func @gather_masked(%w: !tt.ptr<f32>, %q: !tt.ptr<i32>, %n: i32, %d: i32) -> tensor<8x16xf32> {
  %zero = arith.constant dense<0> : tensor<8xi32>
  %cst = arith.constant dense<0.000000e+00> : tensor<8x16xf32>
  %c16 = arith.constant dense<16> : tensor<8x1xi32>
  %r = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %ns = tt.splat %n : i32 -> tensor<8xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<8xi32>
  %qs = tt.splat %q : !tt.ptr<i32> -> tensor<8x!tt.ptr<i32>>
  %qa = tt.addptr %qs, %r : tensor<8x!tt.ptr<i32>>, tensor<8xi32>
  %idx = tt.load %qa, %m, %zero : tensor<8x!tt.ptr<i32>>
  %c = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %ds = tt.splat %d : i32 -> tensor<16xi32>
  %cm = arith.cmpi slt, %c, %ds : tensor<16xi32>
  %m2 = tt.expand_dims %m {axis = 1 : i32} : tensor<8xi1> -> tensor<8x1xi1>
  %cm2 = tt.expand_dims %cm {axis = 0 : i32} : tensor<16xi1> -> tensor<1x16xi1>
  %mb = tt.broadcast %m2 : tensor<8x1xi1> -> tensor<8x16xi1>
  %cmb = tt.broadcast %cm2 : tensor<1x16xi1> -> tensor<8x16xi1>
  %mask = arith.andi %mb, %cmb : tensor<8x16xi1>
  %i2 = tt.expand_dims %idx {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
  %rows = arith.muli %i2, %c16 : tensor<8x1xi32>
  %c2 = tt.expand_dims %c {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  %rb = tt.broadcast %rows : tensor<8x1xi32> -> tensor<8x16xi32>
  %cb = tt.broadcast %c2 : tensor<1x16xi32> -> tensor<8x16xi32>
  %off = arith.addi %rb, %cb : tensor<8x16xi32>
  %ws = tt.splat %w : !tt.ptr<f32> -> tensor<8x16x!tt.ptr<f32>>
  %wa = tt.addptr %ws, %off : tensor<8x16x!tt.ptr<f32>>, tensor<8x16xi32>
  %v = tt.load %wa, %mask, %cst : tensor<8x16x!tt.ptr<f32>>
  tt.return %v : tensor<8x16xf32>
}

// CHECK-LABEL: tt.func @gather_masked
// CHECK: %[[C:.*]] = arith.muli %c0{{.*}}, %{{.*}} : index
// CHECK: %[[D:.*]] = ktdp.construct_distributed_memory_view
// CHECK: %[[V:.*]] = ktdp.construct_memory_view %{{.*}}, sizes: [1073741824, 16], strides: [16, 1] {{.*}} : memref<1073741824x16xf32>
// CHECK: %[[T:.*]] = ktdp.construct_indirect_access_tile intermediate_variables(%[[I:.*]], %[[J:.*]]) %[[V]][ind(%[[D]][%[[C]] + %[[I]]]), (%[[J]])] symbols(%[[B0:.*]], %[[B1:.*]]) {variables_space_order = #map, variables_space_set = #[[VS:.*]]} : memref<1073741824x16xf32>, memref<?xi32> -> !ktdp.access_tile<8x16xindex>
// CHECK: %[[L:.*]] = ktdp.load %[[T]] : <8x16xindex> -> tensor<8x16xf32>
// CHECK: %[[SEL:.*]] = arith.select %{{.*}}, %[[L]], %{{.*}} : tensor<8x16xi1>, tensor<8x16xf32>
// CHECK: tt.return %[[SEL]]
