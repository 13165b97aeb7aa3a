// EXPECT: 3:32: expected shaped type
func.func @f(%t: f32, %i: index) -> f32 {
  %0 = tensor.extract %t[%i] : f32
  return %0 : f32
}
