// EXPECT: 3:8: 'arith.addf' op result #0 must be floating-point-like, but got 'i32'
func.func @f(%x: f32) -> i32 {
  %0 = "arith.addf"(%x, %x) : (f32, f32) -> i32
  return %0 : i32
}
