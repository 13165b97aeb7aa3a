// The verifier of ktdp.inter_tile_produce and ktdp.inter_tile_reduce
// (ktir-dialect spec 4.10).
// RUN: ttxform %s --split-input-file --verify-diagnostics

#prod = affine_set<(d0)[s0] : (d0 - s0 * 2 >= 0, -d0 + s0 * 2 + 1 >= 0)>
// The future links one produce to one delivery op.
func.func @two_uses(%t: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  // expected-error @+1 {{future result must have exactly one use}}
  %f = ktdp.inter_tile_produce producer_tiles_per_group = #prod -> <(tensor<8xf32>), groups = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>> {
  ^bb0(%gid: index):
    ktdp.yield_partial %t : tensor<8xf32>
  }
  %a = ktdp.inter_tile_reduce(%f) consumer_tiles_per_group = #prod, identity(%t : tensor<8xf32>) : <(tensor<8xf32>), groups = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>> -> tensor<8xf32> {
  ^bb0(%l: tensor<8xf32>, %r: tensor<8xf32>):
    ktdp.yield_reduced %l : tensor<8xf32>
  }
  %b = ktdp.inter_tile_reduce(%f) consumer_tiles_per_group = #prod, identity(%t : tensor<8xf32>) : <(tensor<8xf32>), groups = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>> -> tensor<8xf32> {
  ^bb0(%l: tensor<8xf32>, %r: tensor<8xf32>):
    ktdp.yield_reduced %l : tensor<8xf32>
  }
  return %a, %b : tensor<8xf32>, tensor<8xf32>
}

// -----

#prod = affine_set<(d0)[s0] : (d0 - s0 * 2 >= 0, -d0 + s0 * 2 + 1 >= 0)>
// The producer region receives the group id.
func.func @no_group_id(%t: tensor<8xf32>) {
  // expected-error @+1 {{region must have one block with one index argument (the group id)}}
  %f = ktdp.inter_tile_produce producer_tiles_per_group = #prod -> <(tensor<8xf32>), groups = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>> {
  ^bb0(%gid: i32):
    ktdp.yield_partial %t : tensor<8xf32>
  }
  return
}

// -----

#prod = affine_set<(d0)[s0] : (d0 - s0 * 2 >= 0, -d0 + s0 * 2 + 1 >= 0)>
// Each result has one identity.
func.func @identities(%t: tensor<8xf32>) -> tensor<8xf32> {
  %f = ktdp.inter_tile_produce producer_tiles_per_group = #prod -> <(tensor<8xf32>), groups = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>> {
  ^bb0(%gid: index):
    ktdp.yield_partial %t : tensor<8xf32>
  }
  // expected-error @+1 {{expects one identity per result (1), found 2}}
  %a = ktdp.inter_tile_reduce(%f) consumer_tiles_per_group = #prod, identity(%t, %t : tensor<8xf32>, tensor<8xf32>) : <(tensor<8xf32>), groups = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>> -> tensor<8xf32> {
  ^bb0(%l: tensor<8xf32>, %r: tensor<8xf32>):
    ktdp.yield_reduced %l : tensor<8xf32>
  }
  return %a : tensor<8xf32>
}

// -----

#prod = affine_set<(d0)[s0] : (d0 - s0 * 2 >= 0, -d0 + s0 * 2 + 1 >= 0)>
// The combiner takes lhs and rhs of each result.
func.func @combiner_args(%t: tensor<8xf32>) -> tensor<8xf32> {
  %f = ktdp.inter_tile_produce producer_tiles_per_group = #prod -> <(tensor<8xf32>), groups = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>> {
  ^bb0(%gid: index):
    ktdp.yield_partial %t : tensor<8xf32>
  }
  // expected-error @+1 {{combiner region must have one block with 2 arguments (lhs and rhs per result)}}
  %a = ktdp.inter_tile_reduce(%f) consumer_tiles_per_group = #prod, identity(%t : tensor<8xf32>) : <(tensor<8xf32>), groups = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>> -> tensor<8xf32> {
  ^bb0(%l: tensor<8xf32>):
    ktdp.yield_reduced %l : tensor<8xf32>
  }
  return %a : tensor<8xf32>
}

// -----

#prod = affine_set<(d0)[s0] : (d0 - s0 * 2 >= 0, -d0 + s0 * 2 + 1 >= 0)>
// The combiner yields one value per result.
func.func @combiner_yield(%t: tensor<8xf32>) -> tensor<8xf32> {
  %f = ktdp.inter_tile_produce producer_tiles_per_group = #prod -> <(tensor<8xf32>), groups = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>> {
  ^bb0(%gid: index):
    ktdp.yield_partial %t : tensor<8xf32>
  }
  // expected-error @+1 {{combiner region must end in ktdp.yield_reduced of one value per result (1)}}
  %a = ktdp.inter_tile_reduce(%f) consumer_tiles_per_group = #prod, identity(%t : tensor<8xf32>) : <(tensor<8xf32>), groups = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>> -> tensor<8xf32> {
  ^bb0(%l: tensor<8xf32>, %r: tensor<8xf32>):
    ktdp.yield_reduced %l, %r : tensor<8xf32>, tensor<8xf32>
  }
  return %a : tensor<8xf32>
}
