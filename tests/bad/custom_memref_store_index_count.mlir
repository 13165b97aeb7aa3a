// EXPECT: 3:3: 'memref.store' op store index operand count not equal to memref rank
func.func @f(%m: memref<4x4xf32>, %i: index, %v: f32) {
  memref.store %v, %m[%i] : memref<4x4xf32>
  return
}
