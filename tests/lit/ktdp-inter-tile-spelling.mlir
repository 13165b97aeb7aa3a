// ktdp.inter_tile_produce as ktir-cpu's examples write it: the partials' types before
// the arrow (`: T -> !ktdp.tile_future<T, groups = ...>`), the region on the next line;
// and the reduce's future type written in full. Both read as the form ttxform prints
// (the types before the arrow are those the region yields; the printer leaves them out),
// and the print reads back to itself.
// RUN: ttxform %s | FileCheck %s
// RUN: ttxform %s | ttxform | FileCheck %s

#grp = affine_set<(i)[g] : (i - 2 * g >= 0, -i + 2 * g + 1 >= 0)>
// CHECK: #set = affine_set<(d0)[s0] : (d0 - s0 * 2 >= 0, -d0 + s0 * 2 + 1 >= 0)>
// CHECK: #set1 = affine_set<(d0) : (d0 >= 0, -d0 + 1 >= 0)>
// CHECK: %0 = ktdp.inter_tile_produce producer_tiles_per_group = #set -> <tensor<1x8xf16>, groups = #set1> {
// CHECK-NEXT: ^bb0(%arg1: index):
// CHECK-NEXT: ktdp.yield_partial %arg0 : tensor<1x8xf16>
// CHECK: %1 = ktdp.inter_tile_reduce(%0) consumer_tiles_per_group = #set, identity(%arg0 : tensor<1x8xf16>) : <tensor<1x8xf16>, groups = #set1> -> tensor<1x8xf16> {
// CHECK-NEXT: ^bb0(%arg1: tensor<1x8xf16>, %arg2: tensor<1x8xf16>):
func.func @f(%p: tensor<1x8xf16>) -> tensor<1x8xf16> attributes {grid = [4]} {
  %fut = ktdp.inter_tile_produce
      producer_tiles_per_group = #grp
      : tensor<1x8xf16> -> !ktdp.tile_future<tensor<1x8xf16>, groups = affine_set<(g) : (g >= 0, -g + 1 >= 0)>>
  {
    ^bb0(%gid: index):
      ktdp.yield_partial %p : tensor<1x8xf16>
  }
  %r = ktdp.inter_tile_reduce(%fut)
      consumer_tiles_per_group = #grp,
      identity(%p : tensor<1x8xf16>)
      : !ktdp.tile_future<tensor<1x8xf16>, groups = affine_set<(g) : (g >= 0, -g + 1 >= 0)>> -> tensor<1x8xf16>
  {
    ^bb0(%l: tensor<1x8xf16>, %rr: tensor<1x8xf16>):
      %e = tensor.empty() : tensor<1x8xf16>
      %s = linalg.add ins(%l, %rr : tensor<1x8xf16>, tensor<1x8xf16>) outs(%e : tensor<1x8xf16>) -> tensor<1x8xf16>
      ktdp.yield_reduced %s : tensor<1x8xf16>
  }
  return %r : tensor<1x8xf16>
}
