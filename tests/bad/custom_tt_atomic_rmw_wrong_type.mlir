// EXPECT: 3:8: 'tt.atomic_rmw' op failed to verify that ptr type matches value type
tt.func @f(%p: tensor<4x!tt.ptr<f32>>, %v: tensor<4xf32>, %m: tensor<4xi1>, %i: tensor<4xi32>) {
  %0 = tt.atomic_rmw fadd, acq_rel, gpu, %p, %i : (tensor<4x!tt.ptr<f32>>, tensor<4xi32>) -> tensor<4xi32>
  tt.return
}
