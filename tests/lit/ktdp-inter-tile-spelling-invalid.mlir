// The partials' types before the arrow of ktdp.inter_tile_produce must be those its
// region yields.
// RUN: not ttxform %s 2>&1 | FileCheck %s

#grp = affine_set<(i)[g] : (i - 2 * g >= 0, -i + 2 * g + 1 >= 0)>
func.func @f(%p: tensor<1x8xf16>) attributes {grid = [4]} {
  // CHECK: [[@LINE+2]]:7: error: the partial types before '->' must be the types the region's ktdp.yield_partial yields
  %fut = ktdp.inter_tile_produce producer_tiles_per_group = #grp
      : tensor<1x8xf32> -> !ktdp.tile_future<tensor<1x8xf16>, groups = affine_set<(g) : (g >= 0, -g + 1 >= 0)>>
  {
    ^bb0(%gid: index):
      ktdp.yield_partial %p : tensor<1x8xf16>
  }
  return
}
