// EXPECT: 3:21: expected SSA operand
tt.func @f(%s: tensor<8x4xf32>, %i: tensor<8x4xi32>) {
  %0 = tt.gather %s[] {axis = 0 : i32} : (tensor<8x4xf32>, tensor<8x4xi32>) -> tensor<8x4xf32>
  tt.return
}
