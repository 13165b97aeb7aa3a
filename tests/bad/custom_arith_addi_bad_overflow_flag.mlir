// EXPECT: 3:35: expected one of [none, nsw, nuw] for overflow flags, found 'nsz'
func.func @f(%a: i32) {
  %0 = arith.addi %a, %a overflow<nsz> : i32
  return
}
