// EXPECT: 3:15: use of undeclared SSA value name '%x'
func.func @f(%a: i32) {
  "t.use"(%a, %x) : (i32, i32) -> ()
  return
}
