// lower-inter-tile: tt.inter_tile_reduce becomes ktdp.inter_tile_produce and
// ktdp.inter_tile_reduce with the group sets of spyre-lowering spec 6.3 and a
// linalg combiner (spec 2.5); errors are in spyre-lower-inter-tile-errors.mlir.
// RUN: ttxform %s --split-input-file --lower-inter-tile | FileCheck %s
// RUN: ttxform %s --split-input-file --lower-inter-tile | ttxform --split-input-file | FileCheck %s
// RUN: ttxform %s --split-input-file --lower-inter-tile --mlir-print-op-generic | FileCheck %s --check-prefix=GEN

// all_reduce over one group of 4: the producer set is the group's tile
// range, the consumer set is the same set, groups is the single group 0.
// CHECK-DAG: #[[PROD:.+]] = affine_set<(d0)[s0] : (d0 - s0 * 4 >= 0, -d0 + s0 * 4 + 3 >= 0)>
// CHECK-DAG: #[[GROUPS:.+]] = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>
// CHECK-LABEL: tt.func @all_reduce(
// CHECK-NEXT:  %0 = ktdp.inter_tile_produce producer_tiles_per_group = #[[PROD]] -> <(tensor<16xf32>), groups = #[[GROUPS]]> {
// CHECK-NEXT:  ^bb0(%arg2: index):
// CHECK-NEXT:    ktdp.yield_partial %arg0 : tensor<16xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  %1 = ktdp.inter_tile_reduce(%0) consumer_tiles_per_group = #[[PROD]], identity(%arg1 : tensor<16xf32>) : <(tensor<16xf32>), groups = #[[GROUPS]]> -> tensor<16xf32> {
// CHECK-NEXT:  ^bb0(%arg2: tensor<16xf32>, %arg3: tensor<16xf32>):
// CHECK-NEXT:    %2 = tensor.empty() : tensor<16xf32>
// CHECK-NEXT:    %3 = linalg.add ins(%arg2, %arg3 : tensor<16xf32>, tensor<16xf32>) outs(%2 : tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT:    ktdp.yield_reduced %3 : tensor<16xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  tt.return %1 : tensor<16xf32>
// CHECK-NOT:   tt.inter_tile_reduce
tt.func @all_reduce(%p: tensor<16xf32>, %id: tensor<16xf32>) -> tensor<16xf32> {
  %0 = tt.inter_tile_reduce partials(%p : tensor<16xf32>) identities(%id : tensor<16xf32>) axis = "x" mode = "all_reduce" combiner = "add" {numWkSlicesPerDim = {x = 4 : i64}, coreIdToWkSlice = [{x = 0 : i64}, {x = 1 : i64}, {x = 2 : i64}, {x = 3 : i64}]} -> (tensor<16xf32>)
  tt.return %0 : tensor<16xf32>
}

// -----

// Two groups of two (the fixture's layout, C[t] = {n: t%2, x: t/2}, axis n).
// CHECK-DAG: #[[PROD:.+]] = affine_set<(d0)[s0] : (d0 - s0 * 2 >= 0, -d0 + s0 * 2 + 1 >= 0)>
// CHECK-DAG: #[[GROUPS:.+]] = affine_set<(d0) : (d0 >= 0, -d0 + 1 >= 0)>
// CHECK-LABEL: tt.func @two_groups(
// CHECK:       ktdp.inter_tile_produce producer_tiles_per_group = #[[PROD]] -> <(tensor<16x16xf32>), groups = #[[GROUPS]]>
// CHECK:       ktdp.inter_tile_reduce(%0) consumer_tiles_per_group = #[[PROD]], identity(%arg1 : tensor<16x16xf32>) : <(tensor<16x16xf32>), groups = #[[GROUPS]]> -> tensor<16x16xf32>
tt.func @two_groups(%p: tensor<16x16xf32>, %id: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %0 = tt.inter_tile_reduce partials(%p : tensor<16x16xf32>) identities(%id : tensor<16x16xf32>) axis = "n" mode = "all_reduce" combiner = "add" {numWkSlicesPerDim = {n = 2 : i64, x = 2 : i64}, coreIdToWkSlice = [{n = 0 : i64, x = 0 : i64}, {n = 1 : i64, x = 0 : i64}, {n = 0 : i64, x = 1 : i64}, {n = 1 : i64, x = 1 : i64}]} -> (tensor<16x16xf32>)
  tt.return %0 : tensor<16x16xf32>
}

// -----

// Twelve groups: keys are ordered as numbers, so group 2 is y=2 (tiles 4, 5)
// and not y=10; the reference orders "y=10;" before "y=2;" and rejects this
// layout as non-contiguous.
// CHECK-DAG: #[[PROD:.+]] = affine_set<(d0)[s0] : (d0 - s0 * 2 >= 0, -d0 + s0 * 2 + 1 >= 0)>
// CHECK-DAG: #[[GROUPS:.+]] = affine_set<(d0) : (d0 >= 0, -d0 + 11 >= 0)>
// CHECK-LABEL: tt.func @twelve_groups(
// CHECK:       ktdp.inter_tile_produce producer_tiles_per_group = #[[PROD]] -> <(tensor<8xf32>), groups = #[[GROUPS]]>
// CHECK:       ktdp.inter_tile_reduce(%0) consumer_tiles_per_group = #[[PROD]],
tt.func @twelve_groups(%p: tensor<8xf32>, %id: tensor<8xf32>) -> tensor<8xf32> {
  %0 = tt.inter_tile_reduce partials(%p : tensor<8xf32>) identities(%id : tensor<8xf32>) axis = "x" mode = "all_reduce" combiner = "add" {numWkSlicesPerDim = {x = 2 : i64, y = 12 : i64}, coreIdToWkSlice = [{x = 0 : i64, y = 0 : i64}, {x = 1 : i64, y = 0 : i64}, {x = 0 : i64, y = 1 : i64}, {x = 1 : i64, y = 1 : i64}, {x = 0 : i64, y = 2 : i64}, {x = 1 : i64, y = 2 : i64}, {x = 0 : i64, y = 3 : i64}, {x = 1 : i64, y = 3 : i64}, {x = 0 : i64, y = 4 : i64}, {x = 1 : i64, y = 4 : i64}, {x = 0 : i64, y = 5 : i64}, {x = 1 : i64, y = 5 : i64}, {x = 0 : i64, y = 6 : i64}, {x = 1 : i64, y = 6 : i64}, {x = 0 : i64, y = 7 : i64}, {x = 1 : i64, y = 7 : i64}, {x = 0 : i64, y = 8 : i64}, {x = 1 : i64, y = 8 : i64}, {x = 0 : i64, y = 9 : i64}, {x = 1 : i64, y = 9 : i64}, {x = 0 : i64, y = 10 : i64}, {x = 1 : i64, y = 10 : i64}, {x = 0 : i64, y = 11 : i64}, {x = 1 : i64, y = 11 : i64}]} -> (tensor<8xf32>)
  tt.return %0 : tensor<8xf32>
}

// -----

// Keys of several dims compare dim by dim, each value as a number: a=0 before
// a=1, then b=2 before b=10 (as strings "a=0;b=10;" < "a=0;b=2;").
// CHECK-DAG: #[[GROUPS:.+]] = affine_set<(d0) : (d0 >= 0, -d0 + 2 >= 0)>
// CHECK-LABEL: tt.func @two_key_dims(
// CHECK:       ktdp.inter_tile_produce producer_tiles_per_group = #{{.+}} -> <(tensor<8xf32>), groups = #[[GROUPS]]>
// CHECK:       linalg.max ins(%arg2, %arg3 : tensor<8xf32>, tensor<8xf32>) outs(%2 : tensor<8xf32>) -> tensor<8xf32>
tt.func @two_key_dims(%p: tensor<8xf32>, %id: tensor<8xf32>) -> tensor<8xf32> {
  %0 = tt.inter_tile_reduce partials(%p : tensor<8xf32>) identities(%id : tensor<8xf32>) axis = "x" mode = "all_reduce" combiner = "max" {numWkSlicesPerDim = {a = 2 : i64, b = 11 : i64, x = 2 : i64}, coreIdToWkSlice = [{a = 0 : i64, b = 2 : i64, x = 0 : i64}, {a = 0 : i64, b = 2 : i64, x = 1 : i64}, {a = 0 : i64, b = 10 : i64, x = 1 : i64}, {a = 0 : i64, b = 10 : i64, x = 0 : i64}, {a = 1 : i64, b = 2 : i64, x = 0 : i64}, {a = 1 : i64, b = 2 : i64, x = 1 : i64}]} -> (tensor<8xf32>)
  tt.return %0 : tensor<8xf32>
}

// -----

// reduce_to_one: the consumer of group g is its tile with x=0; here tiles 0
// and 2, so the set is d0 == s0 * 2.
// CHECK-DAG: #[[PROD:.+]] = affine_set<(d0)[s0] : (d0 - s0 * 2 >= 0, -d0 + s0 * 2 + 1 >= 0)>
// CHECK-DAG: #[[PICK0:.+]] = affine_set<(d0)[s0] : (d0 - s0 * 2 == 0)>
// CHECK-LABEL: tt.func @reduce_to_one(
// CHECK:       ktdp.inter_tile_produce producer_tiles_per_group = #[[PROD]] ->
// CHECK:       ktdp.inter_tile_reduce(%0) consumer_tiles_per_group = #[[PICK0]], identity(%arg1 : tensor<16x16xf32>)
// CHECK-NOT:   producer_dependency_per_consumer
tt.func @reduce_to_one(%p: tensor<16x16xf32>, %id: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %0 = tt.inter_tile_reduce partials(%p : tensor<16x16xf32>) identities(%id : tensor<16x16xf32>) axis = "in" mode = "reduce_to_one" combiner = "add" {numWkSlicesPerDim = {in = 2 : i64, out = 2 : i64}, coreIdToWkSlice = [{in = 0 : i64, out = 0 : i64}, {in = 1 : i64, out = 0 : i64}, {in = 0 : i64, out = 1 : i64}, {in = 1 : i64, out = 1 : i64}]} -> (tensor<16x16xf32>)
  tt.return %0 : tensor<16x16xf32>
}

// -----

// reduce_to_one with x=0 at the second tile of each group: tiles 1 and 3.
// CHECK-DAG: #[[PICK0:.+]] = affine_set<(d0)[s0] : (d0 - (s0 * 2 + 1) == 0)>
// CHECK-LABEL: tt.func @reduce_to_one_offset(
// CHECK:       ktdp.inter_tile_reduce(%0) consumer_tiles_per_group = #[[PICK0]],
tt.func @reduce_to_one_offset(%p: tensor<4xf32>, %id: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tt.inter_tile_reduce partials(%p : tensor<4xf32>) identities(%id : tensor<4xf32>) axis = "x" mode = "reduce_to_one" combiner = "add" {numWkSlicesPerDim = {x = 2 : i64, y = 2 : i64}, coreIdToWkSlice = [{x = 1 : i64, y = 0 : i64}, {x = 0 : i64, y = 0 : i64}, {x = 1 : i64, y = 1 : i64}, {x = 0 : i64, y = 1 : i64}]} -> (tensor<4xf32>)
  tt.return %0 : tensor<4xf32>
}

// -----

// The shorthand combiners: max and mul on floats, add/max/mul on integers
// (the payloads are arith.maximumf, arith.mulf, arith.addi, arith.maxsi,
// arith.muli, as MLIR builds them).
// CHECK-LABEL: tt.func @combiners(
// CHECK:       ktdp.yield_partial %arg0 : tensor<8xf16>
// CHECK:       linalg.max ins(%arg4, %arg5 : tensor<8xf16>, tensor<8xf16>) outs(%10 : tensor<8xf16>) -> tensor<8xf16>
// CHECK:       linalg.mul ins(%arg4, %arg5 : tensor<8xf16>, tensor<8xf16>) outs(%10 : tensor<8xf16>) -> tensor<8xf16>
// CHECK:       ktdp.yield_partial %arg2 : tensor<8xi32>
// CHECK:       linalg.add ins(%arg4, %arg5 : tensor<8xi32>, tensor<8xi32>) outs(%10 : tensor<8xi32>) -> tensor<8xi32>
// CHECK:       linalg.max ins(%arg4, %arg5 : tensor<8xi32>, tensor<8xi32>) outs(%10 : tensor<8xi32>) -> tensor<8xi32>
// CHECK:       linalg.mul ins(%arg4, %arg5 : tensor<8xi32>, tensor<8xi32>) outs(%10 : tensor<8xi32>) -> tensor<8xi32>
// CHECK:       tt.return %1, %3, %5, %7, %9
// GEN-LABEL: "tt.func"() <{{.*}}sym_name = "combiners"
// GEN: "linalg.max"
// GEN: "arith.maximumf"(%{{.+}}, %{{.+}}){{.*}} : (f16, f16) -> f16
// GEN: "linalg.mul"
// GEN: "arith.mulf"(%{{.+}}, %{{.+}}){{.*}} : (f16, f16) -> f16
// GEN: "linalg.add"
// GEN: "arith.addi"(%{{.+}}, %{{.+}}){{.*}} : (i32, i32) -> i32
// GEN: "linalg.max"
// GEN: "arith.maxsi"(%{{.+}}, %{{.+}}){{.*}} : (i32, i32) -> i32
// GEN: "linalg.mul"
// GEN: "arith.muli"(%{{.+}}, %{{.+}}){{.*}} : (i32, i32) -> i32
tt.func @combiners(%f: tensor<8xf16>, %fi: tensor<8xf16>, %i: tensor<8xi32>, %ii: tensor<8xi32>) -> (tensor<8xf16>, tensor<8xf16>, tensor<8xi32>, tensor<8xi32>, tensor<8xi32>) {
  %0 = tt.inter_tile_reduce partials(%f : tensor<8xf16>) identities(%fi : tensor<8xf16>) axis = "x" mode = "all_reduce" combiner = "max" {numWkSlicesPerDim = {x = 2 : i64}, coreIdToWkSlice = [{x = 0 : i64}, {x = 1 : i64}]} -> (tensor<8xf16>)
  %1 = tt.inter_tile_reduce partials(%f : tensor<8xf16>) identities(%fi : tensor<8xf16>) axis = "x" mode = "all_reduce" combiner = "mul" {numWkSlicesPerDim = {x = 2 : i64}, coreIdToWkSlice = [{x = 0 : i64}, {x = 1 : i64}]} -> (tensor<8xf16>)
  %2 = tt.inter_tile_reduce partials(%i : tensor<8xi32>) identities(%ii : tensor<8xi32>) axis = "x" mode = "all_reduce" combiner = "add" {numWkSlicesPerDim = {x = 2 : i64}, coreIdToWkSlice = [{x = 0 : i64}, {x = 1 : i64}]} -> (tensor<8xi32>)
  %3 = tt.inter_tile_reduce partials(%i : tensor<8xi32>) identities(%ii : tensor<8xi32>) axis = "x" mode = "all_reduce" combiner = "max" {numWkSlicesPerDim = {x = 2 : i64}, coreIdToWkSlice = [{x = 0 : i64}, {x = 1 : i64}]} -> (tensor<8xi32>)
  %4 = tt.inter_tile_reduce partials(%i : tensor<8xi32>) identities(%ii : tensor<8xi32>) axis = "x" mode = "all_reduce" combiner = "mul" {numWkSlicesPerDim = {x = 2 : i64}, coreIdToWkSlice = [{x = 0 : i64}, {x = 1 : i64}]} -> (tensor<8xi32>)
  tt.return %0, %1, %2, %3, %4 : tensor<8xf16>, tensor<8xf16>, tensor<8xi32>, tensor<8xi32>, tensor<8xi32>
}

// -----

// Two partials: one future of two types, two identities, a combiner of
// four arguments (lhs..., rhs...) and two results.
// CHECK-LABEL: tt.func @two_partials(
// CHECK:       %0 = ktdp.inter_tile_produce producer_tiles_per_group = #{{.+}} -> <(tensor<8xf32>, tensor<8xi32>), groups = #{{.+}}> {
// CHECK:         ktdp.yield_partial %arg0, %arg1 : tensor<8xf32>, tensor<8xi32>
// CHECK:       %1:2 = ktdp.inter_tile_reduce(%0) consumer_tiles_per_group = #{{.+}}, identity(%arg2, %arg3 : tensor<8xf32>, tensor<8xi32>) : <(tensor<8xf32>, tensor<8xi32>), groups = #{{.+}}> -> tensor<8xf32>, tensor<8xi32> {
// CHECK-NEXT:  ^bb0(%arg4: tensor<8xf32>, %arg5: tensor<8xi32>, %arg6: tensor<8xf32>, %arg7: tensor<8xi32>):
// CHECK-NEXT:    %2 = tensor.empty() : tensor<8xf32>
// CHECK-NEXT:    %3 = linalg.add ins(%arg4, %arg6 : tensor<8xf32>, tensor<8xf32>) outs(%2 : tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT:    %4 = tensor.empty() : tensor<8xi32>
// CHECK-NEXT:    %5 = linalg.add ins(%arg5, %arg7 : tensor<8xi32>, tensor<8xi32>) outs(%4 : tensor<8xi32>) -> tensor<8xi32>
// CHECK-NEXT:    ktdp.yield_reduced %3, %5 : tensor<8xf32>, tensor<8xi32>
// CHECK:       tt.return %1#0, %1#1
tt.func @two_partials(%a: tensor<8xf32>, %b: tensor<8xi32>, %ia: tensor<8xf32>, %ib: tensor<8xi32>) -> (tensor<8xf32>, tensor<8xi32>) {
  %0, %1 = tt.inter_tile_reduce partials(%a, %b : tensor<8xf32>, tensor<8xi32>) identities(%ia, %ib : tensor<8xf32>, tensor<8xi32>) axis = "x" mode = "all_reduce" combiner = "add" {numWkSlicesPerDim = {x = 2 : i64}, coreIdToWkSlice = [{x = 0 : i64}, {x = 1 : i64}]} -> (tensor<8xf32>, tensor<8xi32>)
  tt.return %0, %1 : tensor<8xf32>, tensor<8xi32>
}

// -----

// A partial of dynamic shape: the combiner's tensor.empty takes its size
// from the left operand.
// CHECK-LABEL: tt.func @dynamic(
// CHECK:       ^bb0(%arg2: tensor<?x4xf32>, %arg3: tensor<?x4xf32>):
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %2 = tensor.dim %arg2, %c0 : tensor<?x4xf32>
// CHECK-NEXT:    %3 = tensor.empty(%2) : tensor<?x4xf32>
// CHECK-NEXT:    %4 = linalg.add ins(%arg2, %arg3 : tensor<?x4xf32>, tensor<?x4xf32>) outs(%3 : tensor<?x4xf32>) -> tensor<?x4xf32>
tt.func @dynamic(%p: tensor<?x4xf32>, %id: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = tt.inter_tile_reduce partials(%p : tensor<?x4xf32>) identities(%id : tensor<?x4xf32>) axis = "x" mode = "all_reduce" combiner = "add" {numWkSlicesPerDim = {x = 2 : i64}, coreIdToWkSlice = [{x = 0 : i64}, {x = 1 : i64}]} -> (tensor<?x4xf32>)
  tt.return %0 : tensor<?x4xf32>
}

// -----

// W[axis] == 1: every tile is its own group and the results are the partials.
// CHECK-LABEL: tt.func @fold(
// CHECK-NEXT:  tt.return %arg0, %arg1 : tensor<8xf32>, tensor<8xf32>
// CHECK-NOT:   ktdp.inter_tile
tt.func @fold(%a: tensor<8xf32>, %b: tensor<8xf32>, %ia: tensor<8xf32>, %ib: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %0, %1 = tt.inter_tile_reduce partials(%a, %b : tensor<8xf32>, tensor<8xf32>) identities(%ia, %ib : tensor<8xf32>, tensor<8xf32>) axis = "x" mode = "reduce_to_one" combiner = "add" {numWkSlicesPerDim = {x = 1 : i64, y = 2 : i64}, coreIdToWkSlice = [{x = 0 : i64, y = 0 : i64}, {x = 0 : i64, y = 1 : i64}]} -> (tensor<8xf32>, tensor<8xf32>)
  tt.return %0, %1 : tensor<8xf32>, tensor<8xf32>
}

// -----

// The op may sit in a loop of the function; it is rewritten in place.
// CHECK-LABEL: tt.func @in_loop(
// CHECK:       scf.for %arg3 = %c0_i32 to %arg2 step %c1_i32 iter_args(%arg4 = %arg0)
// CHECK-NEXT:    %1 = ktdp.inter_tile_produce
// CHECK-NEXT:    ^bb0(%arg5: index):
// CHECK-NEXT:      ktdp.yield_partial %arg4 : tensor<8xf32>
// CHECK:         %2 = ktdp.inter_tile_reduce(%1)
// CHECK:         scf.yield %2 : tensor<8xf32>
tt.func @in_loop(%p: tensor<8xf32>, %id: tensor<8xf32>, %n: i32) -> tensor<8xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %p) -> (tensor<8xf32>) : i32 {
    %0 = tt.inter_tile_reduce partials(%acc : tensor<8xf32>) identities(%id : tensor<8xf32>) axis = "x" mode = "all_reduce" combiner = "add" {numWkSlicesPerDim = {x = 2 : i64}, coreIdToWkSlice = [{x = 0 : i64}, {x = 1 : i64}]} -> (tensor<8xf32>)
    scf.yield %0 : tensor<8xf32>
  }
  tt.return %r : tensor<8xf32>
}

// -----

// depWkSlices in reduce_to_one: the one consumer waits for its whole group.
// The reference writes the placeholder (d0, d1)[s0] : (d0 >= 0) instead.
// CHECK-DAG: #[[PICK0:.+]] = affine_set<(d0)[s0] : (d0 - s0 * 2 == 0)>
// CHECK-DAG: #[[DEP:.+]] = affine_set<(d0)[s0, s1] : (d0 floordiv 2 - s1 == 0)>
// CHECK-LABEL: tt.func @dep_whole_group(
// CHECK:       ktdp.inter_tile_reduce(%0) consumer_tiles_per_group = #[[PICK0]], producer_dependency_per_consumer = #[[DEP]], identity(%arg1 : tensor<16xf32>)
tt.func @dep_whole_group(%p: tensor<16xf32>, %id: tensor<16xf32>) -> tensor<16xf32> {
  %0 = tt.inter_tile_reduce partials(%p : tensor<16xf32>) identities(%id : tensor<16xf32>) axis = "x" mode = "reduce_to_one" combiner = "add" {numWkSlicesPerDim = {x = 2 : i64, y = 2 : i64}, coreIdToWkSlice = [{x = 0 : i64, y = 0 : i64}, {x = 1 : i64, y = 0 : i64}, {x = 0 : i64, y = 1 : i64}, {x = 1 : i64, y = 1 : i64}], depWkSlices = {"0" = [0 : i64, 1 : i64]}} -> (tensor<16xf32>)
  tt.return %0 : tensor<16xf32>
}

// -----

// Each tile waits only for itself: p == c.
// CHECK-DAG: #[[DEP:.+]] = affine_set<(d0)[s0, s1] : (d0 floordiv 4 - s1 == 0, d0 - s0 == 0)>
// CHECK-LABEL: tt.func @dep_self(
// CHECK:       producer_dependency_per_consumer = #[[DEP]],
tt.func @dep_self(%p: tensor<8xf32>, %id: tensor<8xf32>) -> tensor<8xf32> {
  %0 = tt.inter_tile_reduce partials(%p : tensor<8xf32>) identities(%id : tensor<8xf32>) axis = "x" mode = "all_reduce" combiner = "add" {numWkSlicesPerDim = {x = 4 : i64}, coreIdToWkSlice = [{x = 0 : i64}, {x = 1 : i64}, {x = 2 : i64}, {x = 3 : i64}], depWkSlices = {"0" = [0 : i64], "1" = [1 : i64], "2" = [2 : i64], "3" = [3 : i64]}} -> (tensor<8xf32>)
  tt.return %0 : tensor<8xf32>
}

// -----

// A chain: tile c waits for c and c+1 of its group (0 <= p - c <= 1).
// CHECK-DAG: #[[DEP:.+]] = affine_set<(d0)[s0, s1] : (d0 floordiv 4 - s1 == 0, d0 - s0 >= 0, -d0 + s0 + 1 >= 0)>
// CHECK-LABEL: tt.func @dep_band(
// CHECK:       producer_dependency_per_consumer = #[[DEP]],
tt.func @dep_band(%p: tensor<8xf32>, %id: tensor<8xf32>) -> tensor<8xf32> {
  %0 = tt.inter_tile_reduce partials(%p : tensor<8xf32>) identities(%id : tensor<8xf32>) axis = "x" mode = "all_reduce" combiner = "add" {numWkSlicesPerDim = {x = 4 : i64}, coreIdToWkSlice = [{x = 0 : i64}, {x = 1 : i64}, {x = 2 : i64}, {x = 3 : i64}], depWkSlices = {"0" = [0 : i64, 1 : i64], "1" = [1 : i64, 2 : i64], "2" = [2 : i64, 3 : i64], "3" = [3 : i64]}} -> (tensor<8xf32>)
  tt.return %0 : tensor<8xf32>
}

// -----

// Pairs: tiles {0, 1} and {2, 3} of the group wait for each other.
// CHECK-DAG: #[[DEP:.+]] = affine_set<(d0)[s0, s1] : (d0 floordiv 4 - s1 == 0, d0 floordiv 2 - s0 floordiv 2 == 0)>
// CHECK-LABEL: tt.func @dep_pairs(
// CHECK:       producer_dependency_per_consumer = #[[DEP]],
tt.func @dep_pairs(%p: tensor<8xf32>, %id: tensor<8xf32>) -> tensor<8xf32> {
  %0 = tt.inter_tile_reduce partials(%p : tensor<8xf32>) identities(%id : tensor<8xf32>) axis = "x" mode = "all_reduce" combiner = "add" {numWkSlicesPerDim = {x = 4 : i64}, coreIdToWkSlice = [{x = 0 : i64}, {x = 1 : i64}, {x = 2 : i64}, {x = 3 : i64}], depWkSlices = {"0" = [0 : i64, 1 : i64], "1" = [0 : i64, 1 : i64], "2" = [2 : i64, 3 : i64], "3" = [2 : i64, 3 : i64]}} -> (tensor<8xf32>)
  tt.return %0 : tensor<8xf32>
}

// -----

// No band or block fits: an exact table over the index c*3 + p - g*3 of the
// pair (consumer 0 waits for 0 and 2, 1 for 1, 2 for 0).
// The pairs (c, p) that depend are i = 0, 2, 4, 6 (0 <= i < 9); each
// [a, b] adds (i - a + 9) floordiv 9 - (i - b - 1 + 9) floordiv 9, and
// (i + 9) floordiv 9 = i floordiv 9 + 1 cancels the -1.
// CHECK-DAG: #[[DEP:.+]] = affine_set<(d0)[s0, s1] : (d0 floordiv 3 - s1 == 0, (d0 + s0 * 3 - s1 * 3) floordiv 9 - (d0 + s0 * 3 - s1 * 3 + 8) floordiv 9 + (d0 + s0 * 3 - s1 * 3 + 7) floordiv 9 - (d0 + s0 * 3 - s1 * 3 + 6) floordiv 9 + (d0 + s0 * 3 - s1 * 3 + 5) floordiv 9 - (d0 + s0 * 3 - s1 * 3 + 4) floordiv 9 + (d0 + s0 * 3 - s1 * 3 + 3) floordiv 9 - (d0 + s0 * 3 - s1 * 3 + 2) floordiv 9 == 0)>
// CHECK-LABEL: tt.func @dep_table(
// CHECK:       producer_dependency_per_consumer = #[[DEP]],
tt.func @dep_table(%p: tensor<8xf32>, %id: tensor<8xf32>) -> tensor<8xf32> {
  %0 = tt.inter_tile_reduce partials(%p : tensor<8xf32>) identities(%id : tensor<8xf32>) axis = "x" mode = "all_reduce" combiner = "add" {numWkSlicesPerDim = {x = 3 : i64}, coreIdToWkSlice = [{x = 0 : i64}, {x = 1 : i64}, {x = 2 : i64}], depWkSlices = {"0" = [0 : i64, 2 : i64], "1" = [1 : i64], "2" = [0 : i64]}} -> (tensor<8xf32>)
  tt.return %0 : tensor<8xf32>
}

// -----

// Local indices are the tiles' x coordinates: tile 0 has x=1, so consumer
// "0" is tile 1 and it waits for tile 1 only.
// (c=1: p=1) and (c=0: p=0, 1) is the band 0 <= p - c <= 1.
// CHECK-DAG: #[[DEP:.+]] = affine_set<(d0)[s0, s1] : (d0 floordiv 2 - s1 == 0, d0 - s0 >= 0, -d0 + s0 + 1 >= 0)>
// CHECK-LABEL: tt.func @dep_local_index(
// CHECK:       producer_dependency_per_consumer = #[[DEP]],
tt.func @dep_local_index(%p: tensor<8xf32>, %id: tensor<8xf32>) -> tensor<8xf32> {
  %0 = tt.inter_tile_reduce partials(%p : tensor<8xf32>) identities(%id : tensor<8xf32>) axis = "x" mode = "all_reduce" combiner = "add" {numWkSlicesPerDim = {x = 2 : i64}, coreIdToWkSlice = [{x = 1 : i64}, {x = 0 : i64}], depWkSlices = {"0" = [0 : i64], "1" = [1 : i64, 0 : i64]}} -> (tensor<8xf32>)
  tt.return %0 : tensor<8xf32>
}

// -----

// Strides: tile c waits for the tiles of its group an even distance away.
// CHECK-DAG: #[[DEP:.+]] = affine_set<(d0)[s0, s1] : (d0 floordiv 4 - s1 == 0, (d0 - s0) mod 2 == 0)>
// CHECK-LABEL: tt.func @dep_stride(
// CHECK:       producer_dependency_per_consumer = #[[DEP]],
tt.func @dep_stride(%p: tensor<8xf32>, %id: tensor<8xf32>) -> tensor<8xf32> {
  %0 = tt.inter_tile_reduce partials(%p : tensor<8xf32>) identities(%id : tensor<8xf32>) axis = "x" mode = "all_reduce" combiner = "add" {numWkSlicesPerDim = {x = 4 : i64, y = 2 : i64}, coreIdToWkSlice = [{x = 0 : i64, y = 0 : i64}, {x = 1 : i64, y = 0 : i64}, {x = 2 : i64, y = 0 : i64}, {x = 3 : i64, y = 0 : i64}, {x = 0 : i64, y = 1 : i64}, {x = 1 : i64, y = 1 : i64}, {x = 2 : i64, y = 1 : i64}, {x = 3 : i64, y = 1 : i64}], depWkSlices = {"0" = [0 : i64, 2 : i64], "1" = [1 : i64, 3 : i64], "2" = [0 : i64, 2 : i64], "3" = [1 : i64, 3 : i64]}} -> (tensor<8xf32>)
  tt.return %0 : tensor<8xf32>
}
