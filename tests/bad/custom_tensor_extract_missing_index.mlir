// EXPECT: 3:30: expected SSA operand
func.func @f(%t: tensor<4x4xf32>, %i: index) -> f32 {
  %0 = tensor.extract %t[%i, ] : tensor<4x4xf32>
  return %0 : f32
}
