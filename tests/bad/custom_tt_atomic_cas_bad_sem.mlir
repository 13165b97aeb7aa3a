// EXPECT: 3:22: expected one of [relaxed, acquire, release, acq_rel] for memory semantic
tt.func @f(%p: tensor<4x!tt.ptr<f32>>, %v: tensor<4xf32>, %m: tensor<4xi1>, %i: tensor<4xi32>) {
  %0 = tt.atomic_cas seq_cst, gpu, %p, %v, %v : (tensor<4x!tt.ptr<f32>>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  tt.return
}
