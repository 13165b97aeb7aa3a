// EXPECT: 3:8: 'tt.gather' op axis 2 out of range for a rank-2 source
tt.func @f(%s: tensor<8x4xf32>, %i: tensor<8x4xi32>) {
  %0 = tt.gather %s[%i] {axis = 2 : i32} : (tensor<8x4xf32>, tensor<8x4xi32>) -> tensor<8x4xf32>
  tt.return
}
