// EXPECT: 3:23: use of value '%c' expects different type than prior uses: 'index' vs 'i32'
func.func @f(%t: memref<?xf32>, %c: i32) {
  %0 = memref.dim %t, %c : memref<?xf32>
  return
}
