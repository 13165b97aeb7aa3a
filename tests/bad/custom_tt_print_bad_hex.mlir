// EXPECT: 3:3: 'tt.print' op attribute 'hex' failed to satisfy constraint: bool attribute
tt.func @f(%x: tensor<4xf32>) {
  tt.print "x" {hex = "no", isSigned = array<i32: 0>} : %x : tensor<4xf32>
  tt.return
}
