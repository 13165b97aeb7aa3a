// EXPECT: 3:3: 'cf.cond_br' op operand #0 must be 1-bit signless integer, but got 'i32'
func.func @f(%x: i32) {
  "cf.cond_br"(%x) [^bb1, ^bb1] {operandSegmentSizes = array<i32: 1, 0, 0>} : (i32) -> ()
^bb1:
  return
}
