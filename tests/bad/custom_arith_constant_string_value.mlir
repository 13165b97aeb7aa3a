// EXPECT: 3:23: 'arith.constant' op value must be an integer, float, or elements attribute
func.func @f() {
  %0 = arith.constant "one" : i32
  return
}
