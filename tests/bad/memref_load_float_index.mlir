// EXPECT: 3:8: 'memref.load' op operand #1 must be variadic of index, but got 'f32'
func.func @f(%m: memref<4xf32>, %i: f32) -> f32 {
  %0 = "memref.load"(%m, %i) : (memref<4xf32>, f32) -> f32
  return %0 : f32
}
