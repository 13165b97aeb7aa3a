// EXPECT: 3:37: expected 'to'
func.func @f(%m: memref<4xf32>, %n: memref<4xf32>) {
  memref.copy %m, %n : memref<4xf32>, memref<4xf32>
  return
}
