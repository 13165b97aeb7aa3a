// EXPECT: 3:8: 'arith.addf' op operand #0 must be floating-point-like, but got 'i32'
func.func @f(%x: i32) -> i32 {
  %0 = arith.addf %x, %x : i32
  return %0 : i32
}
