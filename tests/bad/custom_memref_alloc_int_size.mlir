// EXPECT: 3:21: use of value '%i' expects different type than prior uses: 'index' vs 'i32'
func.func @f(%i: i32) {
  %0 = memref.alloc(%i) : memref<?xf32>
  return
}
