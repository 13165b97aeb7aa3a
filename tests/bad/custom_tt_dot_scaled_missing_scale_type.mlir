// EXPECT: 3:104: expected ','
tt.func @f(%a: tensor<16x16xbf16>, %s: tensor<16x1xi8>, %c: tensor<16x16xf32>) {
  %0 = tt.dot_scaled %a scale %s, %a, %c lhs = bf16 rhs = bf16 {fastMath = false} : tensor<16x16xbf16> * tensor<16x16xbf16> -> tensor<16x16xf32>
  tt.return
}
