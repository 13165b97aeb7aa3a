// EXPECT: 3:25: expected 'to'
func.func @f(%m: memref<4xf32>) {
  %0 = memref.cast %m : memref<4xf32>
  return
}
