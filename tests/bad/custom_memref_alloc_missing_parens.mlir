// EXPECT: 3:21: expected '('
func.func @f(%i: index) {
  %0 = memref.alloc : memref<4xf32>
  return
}
