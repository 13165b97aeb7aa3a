// EXPECT: 3:31: use of value '%s' expects different type than prior uses: 'tensor<16x2xi8>' vs 'tensor<16x1xi8>'
tt.func @f(%a: tensor<16x16xbf16>, %s: tensor<16x1xi8>, %c: tensor<16x16xf32>) {
  %0 = tt.dot_scaled %a scale %s, %a, %c lhs = bf16 rhs = bf16 {fastMath = false} : tensor<16x16xbf16>, tensor<16x2xi8> * tensor<16x16xbf16> -> tensor<16x16xf32>
  tt.return
}
