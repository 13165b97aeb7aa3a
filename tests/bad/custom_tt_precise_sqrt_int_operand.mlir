// EXPECT: 3:8: 'tt.precise_sqrt' op operand #0 must be floating-point or ranked tensor of floating-point values, but got 'tensor<4xi32>'
tt.func @f(%x: tensor<4xi32>) {
  %0 = tt.precise_sqrt %x : tensor<4xi32>
  tt.return
}
