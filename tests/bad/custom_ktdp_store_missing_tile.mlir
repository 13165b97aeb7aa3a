// EXPECT: 3:17: expected ','
func.func @f(%t: tensor<4xf32>) {
  ktdp.store %t : tensor<4xf32>, !ktdp.access_tile<4xindex>
  return
}
