// EXPECT: 3:45: expected ':'
tt.func @f(%x: tensor<4xf32>) {
  %0 = tt.clampf %x, %x, %x, propagateNan = none
  tt.return
}
