// EXPECT: 3:8: 'tt.dot_scaled' op requires attribute 'fastMath'
tt.func @f(%a: tensor<16x16xbf16>, %c: tensor<16x16xf32>) {
  %0 = tt.dot_scaled %a, %a, %c lhs = bf16 rhs = bf16 : tensor<16x16xbf16> * tensor<16x16xbf16> -> tensor<16x16xf32>
  tt.return
}
