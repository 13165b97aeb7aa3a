// EXPECT: 3:18: expected ','
func.func @f(%m: memref<4xf32>) {
  memref.copy %m : memref<4xf32> to memref<4xf32>
  return
}
