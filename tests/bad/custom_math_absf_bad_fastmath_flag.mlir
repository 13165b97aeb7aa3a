// EXPECT: 3:30: expected one of [none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast] for fastmath flags, found 'nsw'
func.func @f(%a: f32) {
  %0 = math.absf %a fastmath<nsw> : f32
  return
}
