// EXPECT: 3:3: 'math.exp' op operand #0 must be floating-point-like, but got 'i32'
func.func @f(%a: i32) {
  math.exp %a : i32
  return
}
