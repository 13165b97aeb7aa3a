// EXPECT: 3:26: expected ':'
func.func @f(%m: memref<4xf32>, %i: index) {
  %0 = memref.load %m[%i]
  return
}
