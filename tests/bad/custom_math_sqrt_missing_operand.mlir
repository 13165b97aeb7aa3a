// EXPECT: 3:18: expected SSA operand
func.func @f(%a: f32) {
  %0 = math.sqrt : f32
  return
}
