// EXPECT: 3:30: expected 'propagateNan'
tt.func @f(%x: tensor<4xf32>) {
  %0 = tt.clampf %x, %x, %x, %x, propagateNan = none : tensor<4xf32>
  tt.return
}
