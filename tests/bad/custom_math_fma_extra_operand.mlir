// EXPECT: 3:27: expected ':'
func.func @f(%a: f32) {
  %0 = math.fma %a, %a, %a, %a : f32
  return
}
