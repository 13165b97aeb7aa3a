// EXPECT: 3:18: expected ','
func.func @f(%m: memref<4xf32>, %i: index, %v: f32) {
  memref.store %m[%i] : memref<4xf32>
  return
}
