// ktdp, Spyre TTIR, tensor and linalg ops: custom forms round trip, and the
// generic form carries properties and the implicit regions of named linalg
// ops (as mlir-opt prints them).
//
// RUN: ttxform %s --split-input-file | FileCheck %s
// RUN: ttxform %s --split-input-file | ttxform --split-input-file | FileCheck %s
// RUN: ttxform %s --split-input-file --mlir-print-op-generic | ttxform --split-input-file | FileCheck %s
// RUN: ttxform %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GEN
// CHECK-LABEL: @ttir(
// CHECK: %0 = tt.make_tensor_descriptor %arg0, [%arg1, %arg2], [%arg3, %arg4] : <f32>, <64x64xf32>
// CHECK: %1 = tt.make_tensor_descriptor %arg0, [%arg1, %arg2], [%arg3, %arg4] : <f32>, <1x64xf32>
// CHECK: tt.spyre_tensor_layout %0 {phys_arg = array<i64: 64, 0, 64>, phys_op = array<i64: 1, 0, 2>, phys_src = array<i64: 1, 0, 1>} : <64x64xf32>
// CHECK: %2 = tt.descriptor_load %0[%arg5, %arg5] : !tt.tensordesc<64x64xf32> -> tensor<64x64xf32>
// CHECK: tt.descriptor_store %0[%arg5, %arg5], %2 : !tt.tensordesc<64x64xf32>, tensor<64x64xf32>
// CHECK: %3 = tt.descriptor_gather %1[%arg6, %arg5] : (!tt.tensordesc<1x64xf32>, tensor<32xi32>, i32) -> tensor<32x64xf32>
// CHECK: tt.descriptor_scatter %1[%arg6, %arg5], %arg7 : !tt.tensordesc<1x64xf32>, tensor<32xi32>, i32, tensor<32x64xf32>
// CHECK: %4 = tt.inter_tile_reduce partials(%arg8 : tensor<1x64xf32>) identities(%arg8 : tensor<1x64xf32>) axis = "x" mode = "reduce_scatter" combiner = "add" scatter_dimension = 1 {coreIdToWkSlice = [{x = 0 : i64}, {x = 1 : i64}], numWkSlicesPerDim = {x = 2 : i64}} -> (tensor<1x64xf32>)
// CHECK: tt.return
// CHECK-LABEL: @ktir(
// CHECK: %c0 = arith.constant 0 : index
// CHECK: %0 = ktdp.get_compute_tile_id : index
// CHECK: %1:2 = ktdp.get_compute_tile_id : index, index
// CHECK: %2 = ktdp.construct_memory_view %arg0, sizes: [64, 64], strides: [64, 1] {coordinate_set = #set, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<64x64xf32>
// CHECK: %3 = ktdp.construct_memory_view %arg0, sizes: [%arg1, %arg2], strides: [%arg2, 1] {coordinate_set = #set1, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<?x?xf16>
// CHECK: %4 = ktdp.construct_access_tile %2[%1#0 + %c0, %c0] {access_tile_order = #map, access_tile_set = #set} : memref<64x64xf32> -> !ktdp.access_tile<64x64xindex>
// CHECK: %5 = ktdp.construct_access_tile %2[%0, %0 * 2] symbols(%arg1, %arg2) {access_tile_order = #map, access_tile_set = #set1} : memref<64x64xf32> -> !ktdp.access_tile<?x?xindex>
// CHECK: %6 = ktdp.load %4 : <64x64xindex> -> tensor<64x64xf32>
// CHECK: ktdp.store %6, %4 : tensor<64x64xf32>, <64x64xindex>
// CHECK: %7 = ktdp.inter_tile_produce producer_tiles_per_group = #set2 -> <(tensor<16xf32>), groups = #set3> {
// CHECK: ^bb0(%arg4: index):
// CHECK: ktdp.yield_partial %arg3 : tensor<16xf32>
// CHECK: %8 = ktdp.inter_tile_reduce(%7) consumer_tiles_per_group = #set2, identity(%arg3 : tensor<16xf32>) : <(tensor<16xf32>), groups = #set3> -> tensor<16xf32> {
// CHECK: ^bb0(%arg4: tensor<16xf32>, %arg5: tensor<16xf32>):
// CHECK: %9 = tensor.empty() : tensor<16xf32>
// CHECK: %10 = linalg.add ins(%arg4, %arg5 : tensor<16xf32>, tensor<16xf32>) outs(%9 : tensor<16xf32>) -> tensor<16xf32>
// CHECK: ktdp.yield_reduced %10 : tensor<16xf32>
// CHECK: return
// GEN: %{{[^ ,)]+}} = "tt.make_tensor_descriptor"(%{{[^ ,)]+}}, %{{[^ ,)]+}}, %{{[^ ,)]+}}, %{{[^ ,)]+}}, %{{[^ ,)]+}}) <{operandSegmentSizes = array<i32: 1, 2, 2>}> : (!tt.ptr<f32>, i32, i32, i64, i64) -> !tt.tensordesc<64x64xf32>
// GEN: "tt.descriptor_store"(%{{[^ ,)]+}}, %{{[^ ,)]+}}, %{{[^ ,)]+}}, %{{[^ ,)]+}}) : (!tt.tensordesc<64x64xf32>, tensor<64x64xf32>, i32, i32) -> ()
// GEN: %{{[^ ,)]+}} = "tt.inter_tile_reduce"(%{{[^ ,)]+}}, %{{[^ ,)]+}}) <{axis = "x", combiner = "add", coreIdToWkSlice = [{x = 0 : i64}, {x = 1 : i64}], mode = "reduce_scatter", numWkSlicesPerDim = {x = 2 : i64}, operandSegmentSizes = array<i32: 1, 1>, scatter_dimension = 1 : i64}> ({
// GEN: %{{[^ ,)]+}} = "ktdp.construct_memory_view"(%{{[^ ,)]+}}) <{coordinate_set = #set, memory_space = #ktdp.spyre_memory_space<HBM>, operandSegmentSizes = array<i32: 1, 0, 0>, static_sizes = array<i64: 64, 64>, static_strides = array<i64: 64, 1>}> : (index) -> memref<64x64xf32>
// GEN: %{{[^ ,)]+}} = "ktdp.construct_access_tile"(%{{[^ ,)]+}}, %{{[^ ,)]+}}, %{{[^ ,)]+}}) <{access_tile_order = #{{map[0-9]*}}, access_tile_set = #set, base_map = #{{map[0-9]*}}1, operandSegmentSizes = array<i32: 1, 2, 0>}> : (memref<64x64xf32>, index, index) -> !ktdp.access_tile<64x64xindex>
// GEN: %{{[^ ,)]+}} = "ktdp.load"(%{{[^ ,)]+}}) : (!ktdp.access_tile<64x64xindex>) -> tensor<64x64xf32>
// GEN: %{{[^ ,)]+}} = "ktdp.inter_tile_produce"() <{producer_tiles_per_group = #set2}> ({
#map = affine_map<(d0, d1) -> (d0, d1)>
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#set1 = affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>
#prod = affine_set<(d0)[s0] : (d0 - s0 * 4 >= 0, -d0 + s0 * 4 + 3 >= 0)>
tt.func @ttir(%p: !tt.ptr<f32>, %m: i32, %n: i32, %sm: i64, %sn: i64, %i: i32, %x: tensor<32xi32>, %v: tensor<32x64xf32>, %part: tensor<1x64xf32>) {
  %d = tt.make_tensor_descriptor %p, [%m, %n], [%sm, %sn] : !tt.ptr<f32>, !tt.tensordesc<64x64xf32>
  %g = tt.make_tensor_descriptor %p, [%m, %n], [%sm, %sn] : <f32>, <1x64xf32>
  tt.spyre_tensor_layout %d {phys_src = array<i64: 1, 0, 1>, phys_op = array<i64: 1, 0, 2>, phys_arg = array<i64: 64, 0, 64>} : !tt.tensordesc<64x64xf32>
  %l = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<64x64xf32> -> tensor<64x64xf32>
  tt.descriptor_store %d[%i, %i], %l : !tt.tensordesc<64x64xf32>, tensor<64x64xf32>
  %ga = tt.descriptor_gather %g[%x, %i] : (!tt.tensordesc<1x64xf32>, tensor<32xi32>, i32) -> tensor<32x64xf32>
  tt.descriptor_scatter %g[%x, %i], %v : !tt.tensordesc<1x64xf32>, tensor<32xi32>, i32, tensor<32x64xf32>
  %r = tt.inter_tile_reduce partials(%part : tensor<1x64xf32>) identities(%part : tensor<1x64xf32>) axis = "x" mode = "reduce_scatter" combiner = "add" scatter_dimension = 1 {coreIdToWkSlice = [{x = 0 : i64}, {x = 1 : i64}], numWkSlicesPerDim = {x = 2 : i64}} -> (tensor<1x64xf32>)
  tt.return
}
func.func @ktir(%base: index, %M: index, %N: index, %t: tensor<16xf32>) {
  %c0 = arith.constant 0 : index
  %id = ktdp.get_compute_tile_id : index
  %ids:2 = ktdp.get_compute_tile_id : index, index
  %v = ktdp.construct_memory_view %base, sizes: [64, 64], strides: [64, 1] {coordinate_set = #set, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<64x64xf32>
  %w = ktdp.construct_memory_view %base, sizes: [%M, %N], strides: [%N, 1] {coordinate_set = #set1, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<?x?xf16>
  %a = ktdp.construct_access_tile %v[%ids#0 + %c0, %c0] {access_tile_order = #map, access_tile_set = #set} : memref<64x64xf32> -> !ktdp.access_tile<64x64xindex>
  %b = ktdp.construct_access_tile %v[%id, %id * 2] symbols(%M, %N) {access_tile_order = #map, access_tile_set = #set1} : memref<64x64xf32> -> !ktdp.access_tile<?x?xindex>
  %x = ktdp.load %a : !ktdp.access_tile<64x64xindex> -> tensor<64x64xf32>
  ktdp.store %x, %a : tensor<64x64xf32>, <64x64xindex>
  %f = ktdp.inter_tile_produce producer_tiles_per_group = #prod -> <(tensor<16xf32>), groups = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>> {
  ^bb0(%gid: index):
    ktdp.yield_partial %t : tensor<16xf32>
  }
  %s = ktdp.inter_tile_reduce(%f) consumer_tiles_per_group = #prod, identity(%t : tensor<16xf32>) : <(tensor<16xf32>), groups = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>> -> tensor<16xf32> {
  ^bb0(%l: tensor<16xf32>, %r: tensor<16xf32>):
    %e = tensor.empty() : tensor<16xf32>
    %sum = linalg.add ins(%l, %r : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
    ktdp.yield_reduced %sum : tensor<16xf32>
  }
  return
}

// -----
// CHECK-LABEL: @f(
// CHECK: %0 = tensor.empty() : tensor<64x64xf32>
// CHECK: %1 = linalg.fill ins(%arg2 : f32) outs(%0 : tensor<64x64xf32>) -> tensor<64x64xf32>
// CHECK: %2 = linalg.matmul ins(%arg0, %arg1 : tensor<64x64xf32>, tensor<64x64xf32>) outs(%1 : tensor<64x64xf32>) -> tensor<64x64xf32>
// CHECK: %3 = linalg.batch_matmul ins(%arg5, %arg5 : tensor<4x8x8xf32>, tensor<4x8x8xf32>) outs(%arg5 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
// CHECK: %4 = linalg.add ins(%arg0, %arg1 : tensor<64x64xf32>, tensor<64x64xf32>) outs(%0 : tensor<64x64xf32>) -> tensor<64x64xf32>
// CHECK: %5 = linalg.max ins(%arg0, %arg1 : tensor<64x64xf32>, tensor<64x64xf32>) outs(%0 : tensor<64x64xf32>) -> tensor<64x64xf32>
// CHECK: %6 = linalg.mul ins(%arg0, %arg1 : tensor<64x64xf32>, tensor<64x64xf32>) outs(%0 : tensor<64x64xf32>) -> tensor<64x64xf32>
// CHECK: %7 = linalg.transpose ins(%arg0 : tensor<64x64xf32>) outs(%0 : tensor<64x64xf32>) permutation = [1, 0]
// CHECK: %8 = tensor.empty() : tensor<64xf32>
// CHECK: %9 = linalg.reduce ins(%arg0 : tensor<64x64xf32>) outs(%8 : tensor<64xf32>) dimensions = [1]
// CHECK: (%arg7: f32, %arg8: f32) {
// CHECK: %19 = arith.addf %arg7, %arg8 : f32
// CHECK: linalg.yield %19 : f32
// CHECK: %10 = linalg.broadcast ins(%arg6 : tensor<64xf32>) outs(%0 : tensor<64x64xf32>) dimensions = [1]
// CHECK: %11 = tensor.extract_slice %arg4[%arg3, 0, 0] [1, 64, 64] [1, 1, 1] : tensor<2x64x64xf32> to tensor<64x64xf32>
// CHECK: %12 = tensor.insert_slice %11 into %arg4[%arg3, 0, 0] [1, 64, 64] [1, 1, 1] : tensor<64x64xf32> into tensor<2x64x64xf32>
// CHECK: %13 = tensor.expand_shape %arg6 {{\[\[}}0, 1]] output_shape [1, 64] : tensor<64xf32> into tensor<1x64xf32>
// CHECK: %14 = tensor.collapse_shape %13 {{\[\[}}0, 1]] : tensor<1x64xf32> into tensor<64xf32>
// CHECK: %15 = tensor.extract %arg6[%arg3] : tensor<64xf32>
// CHECK: %16 = tensor.splat %arg2 : tensor<64xf32>
// CHECK: %17 = tensor.concat dim(0) %arg6, %arg6 : (tensor<64xf32>, tensor<64xf32>) -> tensor<128xf32>
// CHECK: %cst = arith.constant dense<[1, 64]> : tensor<2xindex>
// CHECK: %18 = tensor.reshape %arg6(%cst) : (tensor<64xf32>, tensor<2xindex>) -> tensor<1x64xf32>
// CHECK: return %2 : tensor<64x64xf32>
// GEN: %{{[^ ,)]+}} = "linalg.fill"(%{{[^ ,)]+}}, %{{[^ ,)]+}}) <{operandSegmentSizes = array<i32: 1, 1>}> ({
// GEN: "linalg.yield"(%{{[^ ,)]+}}) : (f32) -> ()
// GEN: %{{[^ ,)]+}} = "linalg.matmul"(%{{[^ ,)]+}}, %{{[^ ,)]+}}, %{{[^ ,)]+}}) <{operandSegmentSizes = array<i32: 2, 1>}> ({
// GEN: %{{[^ ,)]+}} = "arith.mulf"(%{{[^ ,)]+}}, %{{[^ ,)]+}}) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GEN: %{{[^ ,)]+}} = "arith.addf"(%{{[^ ,)]+}}, %{{[^ ,)]+}}) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GEN: "linalg.yield"(%{{[^ ,)]+}}) : (f32) -> ()
// GEN: %{{[^ ,)]+}} = "linalg.transpose"(%{{[^ ,)]+}}, %{{[^ ,)]+}}) <{permutation = array<i64: 1, 0>}> ({
// GEN: "linalg.yield"(%{{[^ ,)]+}}) : (f32) -> ()
// GEN: %{{[^ ,)]+}} = "tensor.extract_slice"(%{{[^ ,)]+}}, %{{[^ ,)]+}}) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808, 0, 0>, static_sizes = array<i64: 1, 64, 64>, static_strides = array<i64: 1, 1, 1>}> : (tensor<2x64x64xf32>, index) -> tensor<64x64xf32>
// GEN: %{{[^ ,)]+}} = "tensor.insert_slice"(%{{[^ ,)]+}}, %{{[^ ,)]+}}, %{{[^ ,)]+}}) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808, 0, 0>, static_sizes = array<i64: 1, 64, 64>, static_strides = array<i64: 1, 1, 1>}> : (tensor<64x64xf32>, tensor<2x64x64xf32>, index) -> tensor<2x64x64xf32>
// GEN: %{{[^ ,)]+}} = "tensor.expand_shape"(%{{[^ ,)]+}}) <{reassociation = {{\[\[}}0, 1]], static_output_shape = array<i64: 1, 64>}> : (tensor<64xf32>) -> tensor<1x64xf32>
// GEN: %{{[^ ,)]+}} = "tensor.concat"(%{{[^ ,)]+}}, %{{[^ ,)]+}}) <{dim = 0 : i64}> : (tensor<64xf32>, tensor<64xf32>) -> tensor<128xf32>
func.func @f(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>, %x: f32, %i: index, %s: tensor<2x64x64xf32>, %bi: tensor<4x8x8xf32>, %v: tensor<64xf32>) -> tensor<64x64xf32> {
  %e = tensor.empty() : tensor<64x64xf32>
  %f = linalg.fill ins(%x : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %m = linalg.matmul ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
  %bm = linalg.batch_matmul ins(%bi, %bi : tensor<4x8x8xf32>, tensor<4x8x8xf32>) outs(%bi : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
  %ad = linalg.add ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %mx = linalg.max ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %mu = linalg.mul ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %t = linalg.transpose ins(%a : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) permutation = [1, 0]
  %e1 = tensor.empty() : tensor<64xf32>
  %r = linalg.reduce ins(%a : tensor<64x64xf32>) outs(%e1 : tensor<64xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %s2 = arith.addf %in, %init : f32
      linalg.yield %s2 : f32
    }
  %bc = linalg.broadcast ins(%v : tensor<64xf32>) outs(%e : tensor<64x64xf32>) dimensions = [1]
  %sl = tensor.extract_slice %s[%i, 0, 0] [1, 64, 64] [1, 1, 1] : tensor<2x64x64xf32> to tensor<64x64xf32>
  %in = tensor.insert_slice %sl into %s[%i, 0, 0] [1, 64, 64] [1, 1, 1] : tensor<64x64xf32> into tensor<2x64x64xf32>
  %ex = tensor.expand_shape %v [[0, 1]] output_shape [1, 64] : tensor<64xf32> into tensor<1x64xf32>
  %co = tensor.collapse_shape %ex [[0, 1]] : tensor<1x64xf32> into tensor<64xf32>
  %el = tensor.extract %v[%i] : tensor<64xf32>
  %sp = tensor.splat %x : tensor<64xf32>
  %cc = tensor.concat dim(0) %v, %v : (tensor<64xf32>, tensor<64xf32>) -> tensor<128xf32>
  %shp = arith.constant dense<[1, 64]> : tensor<2xindex>
  %rs = tensor.reshape %v(%shp) : (tensor<64xf32>, tensor<2xindex>) -> tensor<1x64xf32>
  return %m : tensor<64x64xf32>
}

// -----
// CHECK-LABEL: @f(
// CHECK: %0 = tensor.empty() : tensor<64x64xf32>
// CHECK: %1 = linalg.fill {foo = 1 : i32} ins(%arg2 : f32) outs(%0 : tensor<64x64xf32>) -> tensor<64x64xf32>
// CHECK: %2 = linalg.transpose ins(%arg0 : tensor<64x64xf32>) outs(%0 : tensor<64x64xf32>) permutation = [1, 0]  {foo = 1 : i32}
// CHECK: %3 = tensor.empty() : tensor<64xf32>
// CHECK: %4:2 = linalg.reduce ins(%arg0, %arg0 : tensor<64x64xf32>, tensor<64x64xf32>) outs(%3, %3 : tensor<64xf32>, tensor<64xf32>) dimensions = [1]  {foo = 1 : i32}
// CHECK: (%arg3: f32, %arg4: f32, %arg5: f32, %arg6: f32) {
// CHECK: %7 = arith.addf %arg3, %arg5 : f32
// CHECK: linalg.yield %7, %7 : f32, f32
// CHECK: %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg1 : tensor<64xf32>) outs(%3 : tensor<64xf32>) attrs =  {foo = 1 : i32} {
// CHECK: ^bb0(%arg3: f32, %arg4: f32):
// CHECK: linalg.yield %arg3 : f32
// CHECK: } -> tensor<64xf32>
// CHECK: %6 = linalg.generic {doc = "x", indexing_maps = [#map, #map], iterator_types = ["parallel"], library_call = "y"} ins(%arg1 : tensor<64xf32>) outs(%3 : tensor<64xf32>) {
// CHECK: ^bb0(%arg3: f32, %arg4: f32):
// CHECK: linalg.yield %arg3 : f32
// CHECK: } -> tensor<64xf32>
// CHECK: return %2 : tensor<64x64xf32>
// GEN: %{{[^ ,)]+}} = "linalg.fill"(%{{[^ ,)]+}}, %{{[^ ,)]+}}) <{operandSegmentSizes = array<i32: 1, 1>}> ({
// GEN: "linalg.yield"(%{{[^ ,)]+}}) : (f32) -> ()
// GEN: %{{[^ ,)]+}} = "linalg.transpose"(%{{[^ ,)]+}}, %{{[^ ,)]+}}) <{permutation = array<i64: 1, 0>}> ({
// GEN: "linalg.yield"(%{{[^ ,)]+}}) : (f32) -> ()
// GEN: %{{[^ ,)]+}} = "linalg.generic"(%{{[^ ,)]+}}, %{{[^ ,)]+}}) <{indexing_maps = [#{{map[0-9]*}}, #{{map[0-9]*}}], iterator_types = [#linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
#map = affine_map<(d0) -> (d0)>
func.func @f(%a: tensor<64x64xf32>, %v: tensor<64xf32>, %x: f32) -> tensor<64x64xf32> {
  %e = tensor.empty() : tensor<64x64xf32>
  %f = linalg.fill {foo = 1 : i32} ins(%x : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %t = linalg.transpose ins(%a : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) permutation = [1, 0] {foo = 1 : i32}
  %e1 = tensor.empty() : tensor<64xf32>
  %r:2 = linalg.reduce ins(%a, %a : tensor<64x64xf32>, tensor<64x64xf32>) outs(%e1, %e1 : tensor<64xf32>, tensor<64xf32>) dimensions = [1] {foo = 1 : i32}
    (%in: f32, %in2: f32, %init: f32, %init2: f32) {
      %s2 = arith.addf %in, %init : f32
      linalg.yield %s2, %s2 : f32, f32
    }
  %g = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%v : tensor<64xf32>) outs(%e1 : tensor<64xf32>) attrs = {foo = 1 : i32} {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<64xf32>
  %g2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"], doc = "x", library_call = "y"} ins(%v : tensor<64xf32>) outs(%e1 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<64xf32>
  return %t : tensor<64x64xf32>
}


// -----

// tensor.from_elements: custom form, and read back from the generic form
// RUN: ttxform %s --split-input-file --mlir-print-op-generic | ttxform --split-input-file | FileCheck %s --check-prefix=FROMEL
// CHECK-LABEL: func.func @from_elements
// CHECK: %0 = tensor.from_elements %arg0, %arg1 : tensor<2xindex>
// CHECK: %1 = tensor.from_elements %arg0, %arg1, %arg0, %arg1 {note = 1 : i32} : tensor<2x2xindex>
// FROMEL: %0 = tensor.from_elements %arg0, %arg1 : tensor<2xindex>
func.func @from_elements(%a: index, %b: index) -> (tensor<2xindex>, tensor<2x2xindex>) {
  %0 = tensor.from_elements %a, %b : tensor<2xindex>
  %1 = tensor.from_elements %a, %b, %a, %b {note = 1 : i32} : tensor<2x2xindex>
  return %0, %1 : tensor<2xindex>, tensor<2x2xindex>
}
