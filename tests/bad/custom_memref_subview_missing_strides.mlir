// EXPECT: 3:33: expected '['
func.func @f(%m: memref<4xf32>) {
  %0 = memref.subview %m[0] [2] : memref<4xf32> to memref<2xf32>
  return
}
