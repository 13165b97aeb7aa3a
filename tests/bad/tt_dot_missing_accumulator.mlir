// EXPECT: 3:8: 'tt.dot' op expected 3 operands, but found 2
tt.func @f(%a: tensor<16x16xf32>) {
  %0 = "tt.dot"(%a, %a) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  tt.return
}
