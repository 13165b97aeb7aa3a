// EXPECT: 3:58: expected SSA operand
tt.func @f(%x: tensor<4xf32>) {
  tt.print "x" {hex = false, isSigned = array<i32: 0>} : : tensor<4xf32>
  tt.return
}
