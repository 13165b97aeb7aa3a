// EXPECT: 3:25: expected '['
func.func @f(%t: tensor<4xf32>, %i: index) -> f32 {
  %0 = tensor.extract %t, %t[%i] : tensor<4xf32>
  return %0 : f32
}
