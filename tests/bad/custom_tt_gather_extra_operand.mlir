// EXPECT: 3:23: expected ']'
tt.func @f(%s: tensor<8x4xf32>, %i: tensor<8x4xi32>) {
  %0 = tt.gather %s[%i, %i] {axis = 0 : i32} : (tensor<8x4xf32>, tensor<8x4xi32>) -> tensor<8x4xf32>
  tt.return
}
