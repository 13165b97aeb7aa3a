// EXPECT: 3:22: expected type
func.func @f(%a: f32) {
  %0 = math.sqrt %a :
  return
}
