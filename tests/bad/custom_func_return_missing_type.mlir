// EXPECT: 3:14: expected type
func.func @f(%a: i32) -> i32 {
  return %a :
}
