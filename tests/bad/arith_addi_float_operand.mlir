// EXPECT: 3:8: 'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'
func.func @f(%x: f32) -> f32 {
  %0 = arith.addi %x, %x : f32
  return %0 : f32
}
