// EXPECT: 3:3: 'scf.for' op operand #0 must be signless integer or index, but got 'f32'
func.func @f(%x: f32) {
  "scf.for"(%x, %x, %x) ({
  ^bb0(%i: f32):
    scf.yield
  }) : (f32, f32, f32) -> ()
  return
}
