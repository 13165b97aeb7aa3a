// EXPECT: 3:8: 'tensor.extract' op operand #1 must be variadic of index, but got 'i32'
func.func @f(%t: tensor<4xf32>, %i: i32) -> f32 {
  %0 = "tensor.extract"(%t, %i) : (tensor<4xf32>, i32) -> f32
  return %0 : f32
}
