// EXPECT: 3:8: 'tt.dot' op expected the last dimension of the first operand (8) to be equal to the second-to-last dimension of the second operand (16)
tt.func @f(%a: tensor<16x8xf32>, %b: tensor<16x16xf32>, %c: tensor<16x16xf32>) {
  %0 = tt.dot %a, %b, %c : tensor<16x8xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  tt.return
}
