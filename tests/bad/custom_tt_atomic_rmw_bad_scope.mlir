// EXPECT: 3:36: expected one of [gpu, cta, sys] for memory sync scope
tt.func @f(%p: tensor<4x!tt.ptr<f32>>, %v: tensor<4xf32>, %m: tensor<4xi1>, %i: tensor<4xi32>) {
  %0 = tt.atomic_rmw add, relaxed, warp, %p, %v : (tensor<4x!tt.ptr<f32>>, tensor<4xf32>) -> tensor<4xf32>
  tt.return
}
