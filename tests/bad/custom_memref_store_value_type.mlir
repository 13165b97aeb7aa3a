// EXPECT: 3:16: use of value '%v' expects different type than prior uses: 'f32' vs 'i32'
func.func @f(%m: memref<4xf32>, %i: index, %v: i32) {
  memref.store %v, %m[%i] : memref<4xf32>
  return
}
