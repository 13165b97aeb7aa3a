// EXPECT: 3:39: expected 'to'
func.func @f(%m: memref<4xf32>) {
  %0 = memref.subview %m[0] [2] [1] : memref<4xf32>
  return
}
