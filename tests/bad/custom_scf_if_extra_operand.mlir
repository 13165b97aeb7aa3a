// EXPECT: 3:12: expected region
func.func @f(%c: i1) {
  scf.if %c, %c {
  }
  return
}
