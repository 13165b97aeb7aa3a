// With --emit=ktir (the Spyre pipeline), --ktir-cpu also runs lower-scalar-load
// with rank1=true: a scalar tt.load becomes a rank-1 read (memref<1xf32>, a
// <1xindex> tile at %c0, tensor<1xf32>), which ktir-cpu runs, where the
// default is the reference's rank-0 read (memref<f32>), which it rejects.
// An explicit pass list is not the Spyre pipeline: there --ktir-cpu only
// changes the printing.
//
// RUN: ttxform %s --emit=ktir --ktir-cpu --grid=1 | FileCheck %s
// RUN: ttxform %s --emit=ktir --ktir-cpu --grid=1 | ttxform | FileCheck %s --check-prefix=BACK
// RUN: ttxform %s --emit=ktir --grid=1 | FileCheck %s --check-prefix=PLAIN
// RUN: ttxform %s --lower-scalar-load --ktir-cpu | FileCheck %s --check-prefix=PASS

// CHECK-DAG: #[[MAP:.+]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[SET:.+]] = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>
// CHECK-LABEL: func.func @scalar(
// CHECK:      %c0 = arith.constant 0 : index
// CHECK:      %v0 = arith.addi %arg0, %c1 : index
// CHECK-NEXT: %v1 = ktdp.construct_memory_view %v0, sizes: [1], strides: [1] {coordinate_set = #[[SET]], memory_space = #ktdp.memory_space<global>} : memref<1xf32>
// CHECK-NEXT: %v2 = ktdp.construct_access_tile %v1[%c0] {access_tile_order = #[[MAP]], access_tile_set = #[[SET]]} : memref<1xf32> -> !ktdp.access_tile<1xindex>
// CHECK-NEXT: %v3 = ktdp.load %v2 : <1xindex> -> tensor<1xf32>
// CHECK-NEXT: %v4 = tensor.extract %v3[%c0] : tensor<1xf32>
// CHECK-NEXT: %v5 = tensor.empty() : tensor<64xf32>
// CHECK-NEXT: %v6 = linalg.fill ins(%v4 : f32) outs(%v5 : tensor<64xf32>) -> tensor<64xf32>

// BACK-LABEL: func.func @scalar(
// BACK:       %1 = ktdp.construct_memory_view %0, sizes: [1], strides: [1] {{.*}} : memref<1xf32>
// BACK-NEXT:  %2 = ktdp.construct_access_tile %1[%c0] {{.*}} -> !ktdp.access_tile<1xindex>
// BACK-NEXT:  %3 = ktdp.load %2 : <1xindex> -> tensor<1xf32>
// BACK-NEXT:  %4 = tensor.extract %3[%c0] : tensor<1xf32>

// PLAIN-LABEL: func.func @scalar(
// PLAIN:       %1 = ktdp.construct_memory_view %0, sizes: [], strides: [] {{.*}} : memref<f32>
// PLAIN-NEXT:  %2 = ktdp.construct_access_tile %1[] {{.*}} : memref<f32> -> !ktdp.access_tile<index>
// PLAIN-NEXT:  %3 = ktdp.load %2 : <index> -> tensor<f32>
// PLAIN-NEXT:  %4 = tensor.extract %3[] : tensor<f32>

// PASS-LABEL: tt.func public @scalar(
// PASS:       ktdp.construct_memory_view %{{.+}}, sizes: [], strides: [] {{.*}} : memref<f32>
// PASS:       tensor.extract %{{.+}}[] : tensor<f32>
module {
  tt.func public @scalar(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>) {
    %c1_i32 = arith.constant 1 : i32
    %c1_i64 = arith.constant 1 : i64
    %c64_i32 = arith.constant 64 : i32
    %c0_i32 = arith.constant 0 : i32
    %0 = tt.addptr %arg0, %c1_i32 : !tt.ptr<f32>, i32
    %1 = tt.load %0 : !tt.ptr<f32>
    %2 = tt.splat %1 : f32 -> tensor<64xf32>
    %3 = tt.make_tensor_descriptor %arg1, [%c64_i32], [%c1_i64] : !tt.ptr<f32>, !tt.tensordesc<64xf32>
    tt.descriptor_store %3[%c0_i32], %2 : !tt.tensordesc<64xf32>, tensor<64xf32>
    tt.return
  }
}
