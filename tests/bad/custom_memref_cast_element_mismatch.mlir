// EXPECT: 3:8: 'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<4xi32>' are cast incompatible
func.func @f(%m: memref<4xf32>) {
  %0 = memref.cast %m : memref<4xf32> to memref<4xi32>
  return
}
