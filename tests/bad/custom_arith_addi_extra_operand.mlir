// EXPECT: 3:25: expected ':'
func.func @f(%a: i32) {
  %0 = arith.addi %a, %a, %a : i32
  return
}
