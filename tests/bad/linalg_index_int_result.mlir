// EXPECT: 3:8: 'linalg.index' op result #0 must be index, but got 'i32'
func.func @f() {
  %0 = "linalg.index"() {dim = 0 : i64} : () -> i32
  return
}
