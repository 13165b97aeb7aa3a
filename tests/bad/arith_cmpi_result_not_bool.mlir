// EXPECT: 3:8: 'arith.cmpi' op result #0 must be bool-like, but got 'i32'
func.func @f(%x: i32) -> i32 {
  %0 = "arith.cmpi"(%x, %x) {predicate = 0 : i64} : (i32, i32) -> i32
  return %0 : i32
}
