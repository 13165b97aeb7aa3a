// EXPECT: 3:8: 'math.exp' op operand #0 must be floating-point-like, but got 'i32'
func.func @f(%x: i32) -> i32 {
  %0 = math.exp %x : i32
  return %0 : i32
}
