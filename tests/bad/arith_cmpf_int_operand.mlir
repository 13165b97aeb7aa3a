// EXPECT: 3:8: 'arith.cmpf' op operand #0 must be floating-point-like, but got 'i32'
func.func @f(%x: i32) -> i1 {
  %0 = "arith.cmpf"(%x, %x) {predicate = 1 : i64} : (i32, i32) -> i1
  return %0 : i1
}
