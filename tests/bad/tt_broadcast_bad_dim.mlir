// EXPECT: 3:8: 'tt.broadcast' op dimension 0 of the source (2) must be 1 or the result's (8)
tt.func @f(%x: tensor<2x4xf32>) {
  %0 = tt.broadcast %x : tensor<2x4xf32> -> tensor<8x4xf32>
  tt.return
}
