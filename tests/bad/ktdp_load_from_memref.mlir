// EXPECT: 3:8: 'ktdp.load' op operand #0 must be an access tile, but got 'memref<4xf32>'
func.func @f(%m: memref<4xf32>) {
  %0 = "ktdp.load"(%m) : (memref<4xf32>) -> tensor<4xf32>
  return
}
