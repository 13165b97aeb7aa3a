// EXPECT: 3:8: 'math.fma' op expected 3 operands, but found 4
func.func @f(%x: f32) -> f32 {
  %0 = "math.fma"(%x, %x, %x, %x) : (f32, f32, f32, f32) -> f32
  return %0 : f32
}
