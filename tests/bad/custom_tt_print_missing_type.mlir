// EXPECT: 3:60: expected ':'
tt.func @f(%x: tensor<4xf32>) {
  tt.print "x" {hex = false, isSigned = array<i32: 0>} : %x
  tt.return
}
