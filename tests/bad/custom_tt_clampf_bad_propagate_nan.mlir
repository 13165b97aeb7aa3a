// EXPECT: 3:45: expected one of [none, all] for propagateNan
tt.func @f(%x: tensor<4xf32>) {
  %0 = tt.clampf %x, %x, %x, propagateNan = some : tensor<4xf32>
  tt.return
}
