// EXPECT: 3:8: 'memref.load' op incorrect number of indices for load, expected 2 but got 1
func.func @f(%m: memref<4x4xf32>, %i: index) {
  %0 = memref.load %m[%i] : memref<4x4xf32>
  return
}
