// EXPECT: 3:26: expected ':'
func.func @f(%t: memref<?xf32>, %c: index) {
  %0 = memref.dim %t, %c {foo} : memref<?xf32>
  return
}
