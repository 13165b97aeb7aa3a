// EXPECT: 4:22: expected '('
func.func private @g(i32)
func.func @f(%a: i32) {
  func.call @g(%a) : i32
  return
}
