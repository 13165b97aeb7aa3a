// EXPECT: 3:21: 'tt.load' op operand #0 must be ptr or ranked tensor of ptr values, but got 'i64'
tt.func @f(%p: i64) {
  %0 = tt.load %p : i64
  tt.return
}
