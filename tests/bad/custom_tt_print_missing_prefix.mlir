// EXPECT: 3:12: expected string
tt.func @f(%x: tensor<4xf32>) {
  tt.print {hex = false, isSigned = array<i32: 0>} : %x : tensor<4xf32>
  tt.return
}
