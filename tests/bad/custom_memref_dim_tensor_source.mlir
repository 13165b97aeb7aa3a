// EXPECT: 3:8: 'memref.dim' op operand #0 must be memref of any type values, but got 'tensor<?xf32>'
func.func @f(%t: tensor<?xf32>, %c: index) {
  %0 = memref.dim %t, %c : tensor<?xf32>
  return
}
