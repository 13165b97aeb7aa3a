// EXPECT: 3:30: use of value '%c' expects different type than prior uses: 'tensor<16x16xf16>' vs 'tensor<16x16xf32>'
tt.func @f(%a: tensor<16x16xbf16>, %c: tensor<16x16xf32>) {
  %0 = tt.dot_scaled %a, %a, %c lhs = bf16 rhs = bf16 {fastMath = false} : tensor<16x16xbf16> * tensor<16x16xbf16> -> tensor<16x16xf16>
  tt.return
}
