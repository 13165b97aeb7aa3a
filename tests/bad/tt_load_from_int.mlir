// EXPECT: 3:8: 'tt.load' op operand #0 must be ptr or ranked tensor of ptr values, but got 'i64'
tt.func @f(%p: i64) {
  %0 = "tt.load"(%p) {operandSegmentSizes = array<i32: 1, 0, 0>} : (i64) -> f32
  tt.return
}
