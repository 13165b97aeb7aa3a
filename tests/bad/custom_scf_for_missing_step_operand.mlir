// EXPECT: 3:31: expected SSA operand
func.func @f(%lb: index) {
  scf.for %i = %lb to %lb step {
  }
  return
}
