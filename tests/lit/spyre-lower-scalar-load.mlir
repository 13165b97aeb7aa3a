// lower-scalar-load: a scalar tt.load becomes a rank-0 ktdp view, tile, load
// and tensor.extract at the address of its tt.addptr chain (spyre-lowering
// spec 2.2); errors are in spyre-lower-scalar-load-invalid.mlir.
// RUN: ttxform %s --split-input-file --lower-scalar-load | FileCheck %s
// RUN: ttxform %s --split-input-file --lower-scalar-load | ttxform --split-input-file | FileCheck %s
// With rank1=true (what --ktir-cpu selects) the read is rank 1: sizes [1],
// memref<1xT>, a <1xindex> tile at %c0, tensor<1xT> and tensor.extract at %c0.
// RUN: ttxform %s --split-input-file --lower-scalar-load=rank1=true | FileCheck %s --check-prefix=R1
// RUN: ttxform %s --split-input-file --lower-scalar-load=rank1=true | ttxform --split-input-file | FileCheck %s --check-prefix=R1
// RUN: ttxform %s --split-input-file --lower-scalar-load=rank1=false | FileCheck %s

// Offsets are cast nearest-the-load first and added root first, unscaled;
// the dead tt.addptr chain is erased.
// CHECK-DAG: #[[MAP:.+]] = affine_map<() -> ()>
// CHECK-DAG: #[[SET:.+]] = affine_set<() : (0 >= 0)>
// CHECK-LABEL: tt.func @chain(
// CHECK-NEXT:  %0 = arith.index_cast %arg2 : i32 to index
// CHECK-NEXT:  %1 = arith.index_cast %arg1 : i32 to index
// CHECK-NEXT:  %2 = builtin.unrealized_conversion_cast %arg0 : !tt.ptr<f16> to index
// CHECK-NEXT:  %3 = arith.addi %2, %1 : index
// CHECK-NEXT:  %4 = arith.addi %3, %0 : index
// CHECK-NEXT:  %5 = ktdp.construct_memory_view %4, sizes: [], strides: [] {coordinate_set = #[[SET]], memory_space = #ktdp.spyre_memory_space<HBM>} : memref<f16>
// CHECK-NEXT:  %6 = ktdp.construct_access_tile %5[] {access_tile_order = #[[MAP]], access_tile_set = #[[SET]]} : memref<f16> -> !ktdp.access_tile<index>
// CHECK-NEXT:  %7 = ktdp.load %6 : <index> -> tensor<f16>
// CHECK-NEXT:  %8 = tensor.extract %7[] : tensor<f16>
// CHECK-NEXT:  tt.return %8 : f16
// CHECK-NOT:   tt.addptr
// R1-DAG: #[[MAP:.+]] = affine_map<(d0) -> (d0)>
// R1-DAG: #[[SET:.+]] = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>
// R1-LABEL: tt.func @chain(
// R1-NEXT:  %0 = arith.index_cast %arg2 : i32 to index
// R1-NEXT:  %1 = arith.index_cast %arg1 : i32 to index
// R1-NEXT:  %2 = builtin.unrealized_conversion_cast %arg0 : !tt.ptr<f16> to index
// R1-NEXT:  %3 = arith.addi %2, %1 : index
// R1-NEXT:  %4 = arith.addi %3, %0 : index
// R1-NEXT:  %c0 = arith.constant 0 : index
// R1-NEXT:  %5 = ktdp.construct_memory_view %4, sizes: [1], strides: [1] {coordinate_set = #[[SET]], memory_space = #ktdp.spyre_memory_space<HBM>} : memref<1xf16>
// R1-NEXT:  %6 = ktdp.construct_access_tile %5[%c0] {access_tile_order = #[[MAP]], access_tile_set = #[[SET]]} : memref<1xf16> -> !ktdp.access_tile<1xindex>
// R1-NEXT:  %7 = ktdp.load %6 : <1xindex> -> tensor<1xf16>
// R1-NEXT:  %8 = tensor.extract %7[%c0] : tensor<1xf16>
// R1-NEXT:  tt.return %8 : f16
// R1-NOT:   tt.addptr
tt.func @chain(%ptr: !tt.ptr<f16>, %a: i32, %b: i32) -> f16 {
  %p0 = tt.addptr %ptr, %a : !tt.ptr<f16>, i32
  %p1 = tt.addptr %p0, %b : !tt.ptr<f16>, i32
  %v = tt.load %p1 : !tt.ptr<f16>
  tt.return %v : f16
}

// -----

// No chain: the pointer itself; an i64 offset is cast from i64; an addptr
// with another user survives.
// CHECK-LABEL: tt.func @plain(
// CHECK-NEXT:  %0 = builtin.unrealized_conversion_cast %arg0 : !tt.ptr<i32> to index
// CHECK-NEXT:  %1 = ktdp.construct_memory_view %0, sizes: [], strides: [] {{.*}} : memref<i32>
// CHECK:       %4 = tensor.extract %3[] : tensor<i32>
// CHECK-NEXT:  %5 = tt.addptr %arg0, %arg1 : !tt.ptr<i32>, i64
// CHECK-NEXT:  %6 = arith.index_cast %arg1 : i64 to index
// CHECK-NEXT:  %7 = builtin.unrealized_conversion_cast %arg0 : !tt.ptr<i32> to index
// CHECK-NEXT:  %8 = arith.addi %7, %6 : index
// CHECK-NEXT:  %9 = ktdp.construct_memory_view %8, sizes: [], strides: []
// CHECK:       tt.store %5, %4 : !tt.ptr<i32>
// R1-LABEL: tt.func @plain(
// R1-NEXT:  %0 = builtin.unrealized_conversion_cast %arg0 : !tt.ptr<i32> to index
// R1-NEXT:  %c0 = arith.constant 0 : index
// R1-NEXT:  %1 = ktdp.construct_memory_view %0, sizes: [1], strides: [1] {{.*}} : memref<1xi32>
// R1-NEXT:  %2 = ktdp.construct_access_tile %1[%c0] {{.*}} : memref<1xi32> -> !ktdp.access_tile<1xindex>
// R1-NEXT:  %3 = ktdp.load %2 : <1xindex> -> tensor<1xi32>
// R1-NEXT:  %4 = tensor.extract %3[%c0] : tensor<1xi32>
// R1-NEXT:  %5 = tt.addptr %arg0, %arg1 : !tt.ptr<i32>, i64
// R1:       %c0_0 = arith.constant 0 : index
// R1-NEXT:  %9 = ktdp.construct_memory_view %8, sizes: [1], strides: [1] {{.*}} : memref<1xi32>
// R1-NEXT:  %10 = ktdp.construct_access_tile %9[%c0_0]
// R1-NEXT:  %11 = ktdp.load %10 : <1xindex> -> tensor<1xi32>
// R1-NEXT:  %12 = tensor.extract %11[%c0_0] : tensor<1xi32>
// R1-NEXT:  tt.store %5, %4 : !tt.ptr<i32>
tt.func @plain(%ptr: !tt.ptr<i32>, %off: i64) -> i32 {
  %v = tt.load %ptr : !tt.ptr<i32>
  %p = tt.addptr %ptr, %off : !tt.ptr<i32>, i64
  %w = tt.load %p : !tt.ptr<i32>
  tt.store %p, %v : !tt.ptr<i32>
  tt.return %w : i32
}

// -----

// Masks: i1 true reads; i1 false reads nothing and gives `other`, or zero.
// CHECK-LABEL: tt.func @masks(
// CHECK:       %[[X:.+]] = tensor.extract %{{.+}}[] : tensor<f32>
// CHECK-NEXT:  %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:  %c0_i8 = arith.constant 0 : i8
// CHECK-NEXT:  tt.return %[[X]], %arg1, %cst, %c0_i8 : f32, f32, f32, i8
// R1-LABEL: tt.func @masks(
// R1:       %[[X:.+]] = tensor.extract %{{.+}}[%c0] : tensor<1xf32>
// R1-NEXT:  %cst = arith.constant 0.000000e+00 : f32
// R1-NEXT:  %c0_i8 = arith.constant 0 : i8
// R1-NEXT:  tt.return %[[X]], %arg1, %cst, %c0_i8 : f32, f32, f32, i8
tt.func @masks(%ptr: !tt.ptr<f32>, %o: f32, %q: !tt.ptr<i8>) -> (f32, f32, f32, i8) {
  %t = arith.constant true
  %f = arith.constant 0 : i1
  %v0 = tt.load %ptr, %t : !tt.ptr<f32>
  %v1 = tt.load %ptr, %f, %o : !tt.ptr<f32>
  %v2 = tt.load %ptr, %f : !tt.ptr<f32>
  %v3 = tt.load %q, %f : !tt.ptr<i8>
  tt.return %v0, %v1, %v2, %v3 : f32, f32, f32, i8
}

// -----

// Tensor-of-pointer loads, pointer-to-pointer loads and stores stay.
// CHECK-LABEL: tt.func @untouched(
// CHECK:       tt.load %{{.+}}, %{{.+}} : tensor<4x!tt.ptr<f32>>
// CHECK:       tt.load %arg1 : !tt.ptr<!tt.ptr<f32>>
// CHECK:       tt.store %arg0, %{{.+}} : !tt.ptr<f32>
// CHECK-NOT:   ktdp.
// R1-LABEL: tt.func @untouched(
// R1-NOT:   ktdp.
tt.func @untouched(%ptr: !tt.ptr<f32>, %pp: !tt.ptr<!tt.ptr<f32>>, %x: f32) -> (tensor<4xf32>, !tt.ptr<f32>) {
  %m = arith.constant dense<true> : tensor<4xi1>
  %ps = tt.splat %ptr : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %v = tt.load %ps, %m : tensor<4x!tt.ptr<f32>>
  %p = tt.load %pp : !tt.ptr<!tt.ptr<f32>>
  tt.store %ptr, %x : !tt.ptr<f32>
  tt.return %v, %p : tensor<4xf32>, !tt.ptr<f32>
}

// -----

// A load in a loop is lowered in place.
// CHECK-LABEL: tt.func @in_loop(
// CHECK:       scf.for
// CHECK-NEXT:    arith.index_cast %arg2 : i32 to index
// CHECK-NEXT:    builtin.unrealized_conversion_cast %arg0 : !tt.ptr<f32> to index
// CHECK-NEXT:    arith.addi
// CHECK-NEXT:    ktdp.construct_memory_view
// CHECK-NEXT:    ktdp.construct_access_tile
// CHECK-NEXT:    ktdp.load
// CHECK-NEXT:    tensor.extract
// R1-LABEL: tt.func @in_loop(
// R1:       scf.for
// R1-NEXT:    arith.index_cast %arg2 : i32 to index
// R1-NEXT:    builtin.unrealized_conversion_cast %arg0 : !tt.ptr<f32> to index
// R1-NEXT:    arith.addi
// R1-NEXT:    %c0 = arith.constant 0 : index
// R1-NEXT:    ktdp.construct_memory_view %{{.+}}, sizes: [1], strides: [1]
// R1-NEXT:    ktdp.construct_access_tile %{{.+}}[%c0]
// R1-NEXT:    ktdp.load %{{.+}} : <1xindex> -> tensor<1xf32>
// R1-NEXT:    tensor.extract %{{.+}}[%c0] : tensor<1xf32>
tt.func @in_loop(%ptr: !tt.ptr<f32>, %n: i32) -> f32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %z = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (f32) : i32 {
    %p = tt.addptr %ptr, %i : !tt.ptr<f32>, i32
    %v = tt.load %p : !tt.ptr<f32>
    %s = arith.addf %acc, %v : f32
    scf.yield %s : f32
  }
  tt.return %r : f32
}
