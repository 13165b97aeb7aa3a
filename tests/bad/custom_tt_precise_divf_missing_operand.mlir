// EXPECT: 3:27: expected ','
tt.func @f(%x: tensor<4xf32>) {
  %0 = tt.precise_divf %x : tensor<4xf32>
  tt.return
}
