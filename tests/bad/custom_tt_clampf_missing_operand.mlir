// EXPECT: 3:26: expected SSA operand
tt.func @f(%x: tensor<4xf32>) {
  %0 = tt.clampf %x, %x, propagateNan = none : tensor<4xf32>
  tt.return
}
