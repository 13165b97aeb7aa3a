// EXPECT: 3:3: 'memref.copy' op operand #1 must be memref of any type values, but got 'tensor<4xf32>'
func.func @f(%m: memref<4xf32>, %n: tensor<4xf32>) {
  memref.copy %m, %n : memref<4xf32> to tensor<4xf32>
  return
}
