// EXPECT: 3:25: expected ':'
func.func @f(%t: memref<?xf32>, %c: index) {
  %0 = memref.dim %t, %c
  return
}
