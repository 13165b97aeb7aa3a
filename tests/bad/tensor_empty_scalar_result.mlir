// EXPECT: 3:8: 'tensor.empty' op result #0 must be ranked tensor of any type values, but got 'f32'
func.func @f() -> f32 {
  %0 = "tensor.empty"() : () -> f32
  return %0 : f32
}
