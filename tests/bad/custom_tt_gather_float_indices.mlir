// EXPECT: 3:8: 'tt.gather' op operand #1 must be ranked tensor of integer values, but got 'tensor<8x4xf32>'
tt.func @f(%s: tensor<8x4xf32>, %i: tensor<8x4xf32>) {
  %0 = tt.gather %s[%i] {axis = 0 : i32} : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<8x4xf32>
  tt.return
}
