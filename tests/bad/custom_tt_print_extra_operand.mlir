// EXPECT: 3:67: 2 operands present, but expected 1
tt.func @f(%x: tensor<4xf32>) {
  tt.print "x" {hex = false, isSigned = array<i32: 0>} : %x, %x : tensor<4xf32>
  tt.return
}
