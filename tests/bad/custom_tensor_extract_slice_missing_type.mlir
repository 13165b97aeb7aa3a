// EXPECT: 3:61: expected type
func.func @f(%t: tensor<8xf32>) -> tensor<4xf32> {
  %0 = tensor.extract_slice %t[0] [4] [1] : tensor<8xf32> to
  return %0 : tensor<4xf32>
}
