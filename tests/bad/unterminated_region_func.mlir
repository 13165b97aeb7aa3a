// EXPECT: 5:1: expected '}'
func.func @f() {
  %0 = "t.def"() : () -> i32
  return
