// The affine set inside a !ktdp.tile_future is an attribute: it gets a #set
// alias as MLIR gives it (dialects/ktdp.c spells the type's body).
// RUN: ttxform %s | FileCheck %s
// CHECK: #set = affine_set<(d0) : (d0 >= 0)>
// CHECK: #set1 = affine_set<(d0) : (d0 - 1 >= 0)>
// CHECK: func.func @f(%arg0: !ktdp.tile_future<tensor<4xf32>, groups = #set>) attributes {s = #set1} {
func.func @f(%x: !ktdp.tile_future<tensor<4xf32>, groups = affine_set<(d0) : (d0 >= 0)>>) attributes {s = affine_set<(d0) : (d0 - 1 >= 0)>} {
  return
}
