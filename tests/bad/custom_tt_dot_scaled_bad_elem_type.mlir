// EXPECT: 3:39: expected one of [e4m3, e5m2, e2m3, e3m2, e2m1, bf16, fp16] for scaled dot element type
tt.func @f(%a: tensor<16x16xbf16>, %c: tensor<16x16xf32>) {
  %0 = tt.dot_scaled %a, %a, %c lhs = e8m0 rhs = bf16 {fastMath = false} : tensor<16x16xbf16> * tensor<16x16xbf16> -> tensor<16x16xf32>
  tt.return
}
