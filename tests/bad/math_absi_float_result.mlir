// EXPECT: 3:8: 'math.absi' op result #0 must be signless-integer-like, but got 'f32'
func.func @f(%x: i32) -> f32 {
  %0 = "math.absi"(%x) : (i32) -> f32
  return %0 : f32
}
