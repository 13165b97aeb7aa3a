// EXPECT: 4:20: expected SSA operand
func.func private @g(i32, i32)
func.func @f(%a: i32) {
  func.call @g(%a, ) : (i32, i32) -> ()
  return
}
