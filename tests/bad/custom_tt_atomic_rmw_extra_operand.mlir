// EXPECT: 3:52: expected ':'
tt.func @f(%p: tensor<4x!tt.ptr<f32>>, %v: tensor<4xf32>, %m: tensor<4xi1>, %i: tensor<4xi32>) {
  %0 = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v, %m, %m : (tensor<4x!tt.ptr<f32>>, tensor<4xf32>, tensor<4xi1>, tensor<4xi1>) -> tensor<4xf32>
  tt.return
}
