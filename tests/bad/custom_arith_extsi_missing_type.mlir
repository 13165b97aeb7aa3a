// EXPECT: 3:31: expected type
func.func @f(%a: i32) {
  %0 = arith.extsi %a : i32 to
  return
}
