// EXPECT: 3:3: 'scf.if' op operand #0 must be 1-bit signless integer, but got 'i32'
func.func @f(%x: i32) {
  "scf.if"(%x) ({
    scf.yield
  }, {
  }) : (i32) -> ()
  return
}
