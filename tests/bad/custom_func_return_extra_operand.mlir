// EXPECT: 3:19: 2 operands present, but expected 1
func.func @f(%a: i32) -> i32 {
  return %a, %a : i32
}
