// EXPECT: 3:8: 'tt.atomic_rmw' op requires the same shape for all operands and results
tt.func @f(%p: tensor<4x!tt.ptr<f32>>, %v: tensor<4xf32>, %m: tensor<4xi1>, %i: tensor<4xi32>, %m8: tensor<8xi1>) {
  %0 = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v, %m8 : (tensor<4x!tt.ptr<f32>>, tensor<4xf32>, tensor<8xi1>) -> tensor<4xf32>
  tt.return
}
