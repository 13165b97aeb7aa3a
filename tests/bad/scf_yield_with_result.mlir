// EXPECT: 4:10: 'scf.yield' op requires zero results
func.func @f(%c: i1) {
  scf.if %c {
    %0 = "scf.yield"() : () -> i32
  }
  return
}
