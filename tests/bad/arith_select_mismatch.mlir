// EXPECT: 3:8: 'arith.select' op failed to verify that all of {true_value, false_value, result} have same type
func.func @f(%c: i1, %x: f32, %y: i32) -> f32 {
  %0 = "arith.select"(%c, %x, %y) : (i1, f32, i32) -> f32
  return %0 : f32
}
