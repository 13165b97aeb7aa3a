// EXPECT: 4:12: expected symbol reference to the callee
func.func private @g(i32)
func.func @f(%a: i32) {
  func.call "g"(%a) : (i32) -> ()
  return
}
