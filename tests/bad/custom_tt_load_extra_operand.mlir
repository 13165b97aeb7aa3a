// EXPECT: 3:26: expected ':'
tt.func @f(%p: tensor<4x!tt.ptr<f32>>, %m: tensor<4xi1>, %o: tensor<4xf32>) {
  %0 = tt.load %p, %m, %o, %o : tensor<4x!tt.ptr<f32>>
  tt.return
}
