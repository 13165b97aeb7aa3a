// EXPECT: 3:8: 'tt.gather' op requires attribute 'axis'
tt.func @f(%s: tensor<8x4xf32>, %i: tensor<8x4xi32>) {
  %0 = tt.gather %s[%i] : (tensor<8x4xf32>, tensor<8x4xi32>) -> tensor<8x4xf32>
  tt.return
}
