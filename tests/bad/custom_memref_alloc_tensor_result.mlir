// EXPECT: 3:8: 'memref.alloc' op result #0 must be memref of any type values, but got 'tensor<4xf32>'
func.func @f(%i: index) {
  %0 = memref.alloc() : tensor<4xf32>
  return
}
