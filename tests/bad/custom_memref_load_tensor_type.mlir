// EXPECT: 3:20: use of value '%m' expects different type than prior uses: 'tensor<4xf32>' vs 'memref<4xf32>'
func.func @f(%m: memref<4xf32>, %i: index) {
  %0 = memref.load %m[%i] : tensor<4xf32>
  return
}
