// EXPECT: 3:36: expected integer
func.func @f(%t: tensor<8xf32>) -> tensor<4xf32> {
  %0 = tensor.extract_slice %t[0] [four] [1] : tensor<8xf32> to tensor<4xf32>
  return %0 : tensor<4xf32>
}
