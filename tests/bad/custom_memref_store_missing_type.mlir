// EXPECT: 3:26: expected ':'
func.func @f(%m: memref<4xf32>, %i: index, %v: f32) {
  memref.store %v, %m[%i]
  return
}
