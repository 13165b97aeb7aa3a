// ktdp.construct_indirect_access_tile: the custom form with intermediate
// variables round trips, the variables are numbered right after the op's
// result (as MLIR does), and the generic form carries the subscript kinds
// and maps and the region whose block arguments are the variables.
//
// RUN: ttxform %s --split-input-file | FileCheck %s
// RUN: ttxform %s --split-input-file | ttxform --split-input-file | FileCheck %s
// RUN: ttxform %s --split-input-file --mlir-print-op-generic | ttxform --split-input-file | FileCheck %s
// RUN: ttxform %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GEN

// CHECK-LABEL: @row_gather(
// CHECK: %0 = ktdp.construct_indirect_access_tile intermediate_variables(%1, %2) %arg0[ind(%arg1[%arg2 + %1]), (%arg3 + %2)] {variables_space_order = #map, variables_space_set = #set} : memref<512x128xf32>, memref<32xi32> -> !ktdp.access_tile<32x128xindex>
// CHECK-NEXT: %3 = ktdp.load %0 : <32x128xindex> -> tensor<32x128xf32>
// GEN-LABEL: sym_name = "row_gather"
// GEN: %0 = "ktdp.construct_indirect_access_tile"(%arg0, %arg1, %arg2, %arg3) <{operandSegmentSizes = array<i32: 1, 1, 2, 0>, per_dim_subscript_kinds = [true, false], per_dim_subscript_maps = [#map, #map1], variables_space_order = #map2, variables_space_set = #set}> ({
// GEN-NEXT: ^bb0(%1: index, %2: index):
// GEN-NEXT: "ktdp.region_terminator"() : () -> ()
// GEN-NEXT: }) : (memref<512x128xf32>, memref<32xi32>, index, index) -> !ktdp.access_tile<32x128xindex>
// GEN-NEXT: %3 = "ktdp.load"(%0)
func.func @row_gather(%x: memref<512x128xf32>, %idx: memref<32xi32>, %cx: index, %cy: index) -> tensor<32x128xf32> {
  %t = ktdp.construct_indirect_access_tile intermediate_variables(%a, %b) %x[ind(%idx[%cx + %a]), (%cy + %b)] {
    variables_space_order = affine_map<(d0, d1) -> (d0, d1)>,
    variables_space_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 127 >= 0)>
  } : memref<512x128xf32>, memref<32xi32> -> !ktdp.access_tile<32x128xindex>
  %v = ktdp.load %t : !ktdp.access_tile<32x128xindex> -> tensor<32x128xf32>
  return %v : tensor<32x128xf32>
}

// -----

// Two indirect dims, and a captured value used twice is one operand.
// CHECK-LABEL: @two_indirect(
// CHECK: %0 = ktdp.construct_indirect_access_tile intermediate_variables(%1, %2) %arg0[ind(%arg1[%1, %2]), ind(%arg2[%1, %arg3 + %2])] {{.*}} : memref<64x64xf16>, memref<64x64xi32>, memref<64x64xi32> -> !ktdp.access_tile<64x64xindex>
// CHECK-NEXT: ktdp.store %arg4, %0 : tensor<64x64xf16>, <64x64xindex>
// GEN-LABEL: sym_name = "two_indirect"
// GEN: "ktdp.construct_indirect_access_tile"(%arg0, %arg1, %arg2, %arg3) <{operandSegmentSizes = array<i32: 1, 2, 1, 0>, per_dim_subscript_kinds = [true, true]
func.func @two_indirect(%X: memref<64x64xf16>, %I1: memref<64x64xi32>, %I2: memref<64x64xi32>, %c: index, %v: tensor<64x64xf16>) {
  %t = ktdp.construct_indirect_access_tile intermediate_variables(%m, %k) %X[ind(%I1[%m, %k]), ind(%I2[%m, %c + %k])] {
    variables_space_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
    variables_space_order = affine_map<(d0, d1) -> (d0, d1)>
  } : memref<64x64xf16>, memref<64x64xi32>, memref<64x64xi32> -> !ktdp.access_tile<64x64xindex>
  ktdp.store %v, %t : tensor<64x64xf16>, !ktdp.access_tile<64x64xindex>
  return
}

// -----

// Paged KV: the page id from a block table, the other dims direct; the
// names of the variables do not leak out of the op.
// CHECK-LABEL: @paged(
// CHECK: %0 = ktdp.construct_indirect_access_tile intermediate_variables(%1, %2, %3, %4) %arg0[ind(%arg1[%c0, %arg2 + %1]), (%2), (%arg3 + %3), (%4)] {{.*}} : memref<64x16x8x128xf16>, memref<1x16xi32> -> !ktdp.access_tile<1x16x1x128xindex>
// CHECK-NEXT: %5 = arith.addi %arg4, %arg4 : index
func.func @paged(%kv: memref<64x16x8x128xf16>, %bt: memref<1x16xi32>, %bt_idx: index, %pid1: index, %d0: index) -> index {
  %c0 = arith.constant 0 : index
  %k = ktdp.construct_indirect_access_tile intermediate_variables(%d0, %d1, %d2, %d3) %kv[ind(%bt[%c0, %bt_idx + %d0]), (%d1), (%pid1 + %d2), (%d3)] {
    variables_space_set = affine_set<(d0, d1, d2, d3) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 15 >= 0, d2 >= 0, -d2 >= 0, d3 >= 0, -d3 + 127 >= 0)>,
    variables_space_order = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
  } : memref<64x16x8x128xf16>, memref<1x16xi32> -> !ktdp.access_tile<1x16x1x128xindex>
  %s = arith.addi %d0, %d0 : index
  return %s : index
}
