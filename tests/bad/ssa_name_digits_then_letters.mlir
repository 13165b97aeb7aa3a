// EXPECT: 3:3: unexpected '%8'
func.func @f() {
  %8_r0 = arith.constant 1 : i32
  return
}
