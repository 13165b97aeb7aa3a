// EXPECT: 3:3: 'ktdp.store' op expected 2 operands, but found 1
func.func @f(%t: tensor<4xf32>) {
  "ktdp.store"(%t) : (tensor<4xf32>) -> ()
  return
}
