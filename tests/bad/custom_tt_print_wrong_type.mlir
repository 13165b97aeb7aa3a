// EXPECT: 3:58: use of value '%x' expects different type than prior uses: 'tensor<4xi32>' vs 'tensor<4xf32>'
tt.func @f(%x: tensor<4xf32>) {
  tt.print "x" {hex = false, isSigned = array<i32: 0>} : %x : tensor<4xi32>
  tt.return
}
