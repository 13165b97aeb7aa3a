// EXPECT: 3:8: 'arith.sitofp' op result #0 must be floating-point-like, but got 'i64'
func.func @f(%x: i32) -> i64 {
  %0 = arith.sitofp %x : i32 to i64
  return %0 : i64
}
