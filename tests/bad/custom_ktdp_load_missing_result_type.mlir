// EXPECT: 3:52: expected type
func.func @f(%a: !ktdp.access_tile<4xindex>) {
  %0 = ktdp.load %a : !ktdp.access_tile<4xindex> ->
  return
}
