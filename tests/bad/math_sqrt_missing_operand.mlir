// EXPECT: 3:8: 'math.sqrt' op requires a single operand
func.func @f(%x: f32) -> f32 {
  %0 = "math.sqrt"() : () -> f32
  return %0 : f32
}
