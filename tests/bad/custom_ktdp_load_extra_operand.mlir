// EXPECT: 3:20: expected ':'
func.func @f(%a: !ktdp.access_tile<4xindex>) {
  %0 = ktdp.load %a, %a : !ktdp.access_tile<4xindex> -> tensor<4xf32>
  return
}
