// EXPECT: 3:22: expected ','
func.func @f(%t: memref<?xf32>, %c: index) {
  %0 = memref.dim %t : memref<?xf32>
  return
}
