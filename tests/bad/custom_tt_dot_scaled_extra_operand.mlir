// EXPECT: 3:32: expected 'lhs'
tt.func @f(%a: tensor<16x16xbf16>, %c: tensor<16x16xf32>) {
  %0 = tt.dot_scaled %a, %a, %c, %c lhs = bf16 rhs = bf16 {fastMath = false} : tensor<16x16xbf16> * tensor<16x16xbf16> -> tensor<16x16xf32>
  tt.return
}
